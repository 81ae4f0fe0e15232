"""Leader Melee's leaf evaluation, for searches that cut their rollouts short (the
registry's ``GameHooks.evaluate`` / ``turn_of``; see ``tcgzoo.envs.core.evaluation``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.evaluation import zero_sum
from .rules import leader, stat

#: weights of the Leader Melee evaluation (in life cards: 0 life loses, LM 9-2-3)
WEIGHTS = {
    "life": 1.0,  # per life card
    "energy": 0.25,  # per energy card (pays for battle cards and abilities)
    "battle": 0.5,  # per battle card in the battle area
    "power": 0.08,  # per 1000 power of a battle card (as modified now)
    "strike": 0.3,  # per point of strike of a battle card
    "awake": 0.6,  # the leader on its back face (覚醒 / 共闘 done)
    "hand": 0.2,  # per card in hand
    "deck_low": 0.4,  # per card short of 6 in the deck (0 cards lose, LM 9-2-4)
    "scale": 3.0,
}


def _side(s: Any, p: int, w: Mapping[str, float]) -> float:
    v = (
        w["life"] * len(s.life[p])
        + w["energy"] * len(s.energy[p])
        + w["hand"] * len(s.hand[p])
        - w["deck_low"] * max(0, 6 - len(s.deck[p]))
    )
    if s.face[leader(p)]:
        v += w["awake"]
    for u in s.battle[p]:
        v += w["battle"] + w["power"] * stat(s, u, 0) / 1000.0 + w["strike"] * stat(s, u, 1)
    return v


def value(s: Any, player: int) -> float:
    """Life, energy, battle area (power and strike now), the leader's face, hand and deck
    size, ``player`` minus the opponent, squashed to (-1, 1). Everything read is public
    (zone sizes, the battle area, the leader), so the value is the same in every
    determinization: life cards are counted, never looked at."""
    return zero_sum(s, player, _side, WEIGHTS)


def turn_of(s: Any) -> int:
    return s.turn_no
