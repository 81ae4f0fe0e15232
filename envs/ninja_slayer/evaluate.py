"""Ninja Slayer TCG's leaf evaluation, for searches that cut their rollouts short (the
registry's ``GameHooks``: ``value``, ``turn_of``, ``SEARCH_DEPTH``; see
``tcgzoo.envs.core.evaluation``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.evaluation import zero_sum
from .cards import CHARACTER

#: weights of the Ninja Slayer evaluation (in damage cards: 10 in the damage zone lose, NS 1002.1)
WEIGHTS = {
    "damage": 1.0,  # per card in the damage zone (face up or down: both count toward 10)
    "character": 0.5,  # per character on the field
    "karate": 0.12,  # per point of karate (kills characters in ikusa)
    "durability": 0.08,  # per point of durability left (damage on it this turn subtracted)
    "kousaku": 0.45,  # per point of kousaku (damage to the player when it greets)
    "ether": 0.2,  # per ether card up to the goal (pays for everything)
    "ether_goal": 6,
    "hand": 0.15,  # per card in hand
    "deck_low": 0.3,  # per card short of 5 in the deck (0 cards lose, NS-R2)
    "scale": 3.0,
}

#: heuristic rollouts need a longer cut than the default 4 decisions: an ikusa takes more real
#: choices (attacker, target, interrupt, ukemi, payments) than 4, so the evaluation would not
#: see its outcome. Same 64 deals against the heuristic (16 deck pairings, paired seats,
#: 100 iterations): depth 12 won 65.6% [53.4, 76.1], depth 4 53.1% [41.1, 64.8].
SEARCH_DEPTH = 12


def _side(s: Any, p: int, w: Mapping[str, float]) -> float:
    v = -w["damage"] * len(s.damage[p]) + w["hand"] * len(s.hand[p])
    v += w["ether"] * min(len(s.ether[p]), w["ether_goal"])
    v -= w["deck_low"] * max(0, 5 - len(s.deck[p]))
    defs, cdef = s.defs, s.cdef
    for i in s.field[p]:
        if defs[cdef[i]].type == CHARACTER:
            v += (
                w["character"]
                + w["karate"] * s.karate(i)
                + w["kousaku"] * s.kousaku(i)
                + w["durability"] * max(0, s.durability(i) - s.dmg[i])
            )
    return v


def value(s: Any, player: int) -> float:
    """Damage zone, characters (karate, durability left, kousaku), ether, hand and deck size,
    ``player`` minus the opponent, squashed to (-1, 1). All of it is public (zone sizes, the
    field), so the value is the same in every determinization."""
    return zero_sum(s, player, _side, WEIGHTS)


def turn_of(s: Any) -> int:
    return s.turn
