"""Battle Spirits' leaf evaluation, for searches that cut their rollouts short (the
registry's ``GameHooks.evaluate`` / ``turn_of``; see ``tcgzoo.envs.core.evaluation``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.evaluation import zero_sum
from .cards import SPIRIT

#: weights of the Battle Spirits evaluation (in "lives": a life core is worth 1)
WEIGHTS = {
    "life": 1.0,  # per life core
    "spirit": 0.35,  # per spirit on the field (a body that attacks or blocks)
    "bp": 0.06,  # per 1000 BP of a spirit (as modified now)
    "level": 0.1,  # per level above 1 of a field card
    "symbol": 0.15,  # per symbol on the field (reductions, and damage on attack)
    "nonspirit": 0.3,  # per nexus or other non-spirit field card
    "core": 0.12,  # per core a player can pay with (reserve + field + soul core)
    "hand": 0.15,  # per card in hand
    "scale": 3.0,  # value = tanh(difference / scale)
}


def _side(s: Any, p: int, w: Mapping[str, float]) -> float:
    v = w["life"] * s.life[p] + w["core"] * s.total_cores(p) + w["hand"] * len(s.hand[p])
    defs, cdef = s.defs, s.cdef
    for i in s.field[p]:
        d = defs[cdef[i]]
        lv = s.level(i)
        if d.type == SPIRIT:
            if lv:
                v += w["spirit"] + w["bp"] * s.bp(i) / 1000.0
        else:
            v += w["nonspirit"]
        if lv > 1:
            v += w["level"] * (lv - 1)
        v += w["symbol"] * d.sym_total
    return v


def value(s: Any, player: int) -> float:
    """Life, board (spirits, BP, levels, symbols, nexuses), cores and hand size, ``player``
    minus the opponent, squashed to (-1, 1). Everything read is public (life, field,
    cores, hand *sizes*), so the value is the same in every determinization."""
    return zero_sum(s, player, _side, WEIGHTS)


def turn_of(s: Any) -> int:
    return s.turn
