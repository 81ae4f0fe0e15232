"""Abilities (NS 1201, 1202, 1204.2e): their conditions, the candidates for their targets, the option list of a
zone choice."""
from __future__ import annotations

from ..words import passes


def cond_ok(s, cond: tuple, ctl: int, src: int) -> bool:
    """Do all of an ability's compiled condition tests (``words.py``) hold for its controller?"""
    for fn, arg in cond:
        if not fn(s, src, ctl, arg):
            return False
    return True


def candidates(s, a, ctl: int, src: int) -> list[int]:
    t = a.target
    side = ctl if t.side == "own" else 1 - ctl
    z = {"field": s.field, "ether": s.ether, "ohigan": s.ohigan}[t.zone][side]
    filt = t.filt
    out = [j for j in z if passes(s, filt, j, src, ctl)]
    only = a.verb.only  # the cards the verb can change at all (NS 1310.1-2: untap / bow; ambush: characters)
    if only:
        out = [j for j in out if passes(s, only, j, src, ctl)]
    return out


def option_defs(s, cards: list[int]) -> list[int]:
    """Distinct card definitions of ``cards``, sorted: the option list of a zone choice."""
    return sorted({s.cdef[j] for j in cards})
