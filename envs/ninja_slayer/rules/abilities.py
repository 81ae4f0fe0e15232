"""Abilities (NS 1201, 1202, 1204.2e): their conditions, the candidates for their targets, the option list of a
zone choice, and the per-turn use limits (NS 1604: 'once per turn' abilities and the kill replacement's uses)."""

from __future__ import annotations

from ..layout import OPP_FIELD, OWN_FIELD
from ..records import TU_ABILITY, TU_CARD, TU_COUNT, TU_OBJ
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


def field_actions(s, p: int, side: int, cards) -> list[int]:
    """The action ids with which decider ``p`` chooses ``cards`` on player ``side``'s field (own_field / opp_field
    slot i), sorted."""
    z = s.field[side]
    base = OWN_FIELD if side == p else OPP_FIELD
    return sorted(base + z.index(j) for j in cards)


def use_record(s, i: int, ability: int) -> list:
    """NS 1604: the record counting this turn's uses of ``ability`` of card ``i``'s current object (``records.TU_*``;
    ``TU_SURVIVE_KILL``: its kill replacement), made at its first use; the records end with the turn (NS 505.3)."""
    o = s.obj[i]
    for u in s.tuses:
        if u[TU_CARD] == i and u[TU_OBJ] == o and u[TU_ABILITY] == ability:
            return u
    rec = [i, o, ability, 0]
    s.tuses.append(rec)
    return rec


def uses(s, i: int, ability: int) -> int:
    """NS 1604: how many times ``ability`` of card ``i``'s current object was used this turn."""
    o = s.obj[i]
    for u in s.tuses:
        if u[TU_CARD] == i and u[TU_OBJ] == o and u[TU_ABILITY] == ability:
            return u[TU_COUNT]
    return 0


def use_once(s, i: int, ability: int, limit: int) -> bool:
    """NS 1604: count one more use of ``ability`` of card ``i`` this turn unless ``limit`` is reached (False)."""
    rec = use_record(s, i, ability)
    if rec[TU_COUNT] >= limit:
        return False
    rec[TU_COUNT] += 1
    return True
