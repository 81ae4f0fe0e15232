"""Playing cards and abilities (LM 8-4, 8-6-2, 2-10-1): modes before costs (8-6-2-2), the cost's parts in
text order (8-6-2-3, 8-4-2-1), energy one card at a time (2-10-1-1), then the card enters its area or
the ability resolves (8-6-2-4; melee 7-3-1-6-2, 怒涛 10-11-1, 覚醒 10-7-3, 共闘 10-8-3, once 10-15)."""

from __future__ import annotations

from ...core.engine import STEP
from ..cards import A_AWAKEN, A_COOPERATE
from ..layout import D_CHOOSE_MODE, D_DISCARD, D_PAY_ENERGY, HAND, NUMBER, OWN_ENERGY
from ..state import Z_DROP, Z_MELEE
from .context import publish
from .frames import (
    U_ABILITY,
    U_BATTLE,
    U_EXTRA,
    U_MELEE,
    USE_ABILITY,
    USE_CARD,
    USE_DISCARD,
    USE_ENERGY,
    USE_FACE,
    USE_MODE,
    USE_PART,
    USE_PLAYER,
    USE_WHAT,
    res_frame,
)
from .information import ability_of, has_kw
from .triggers import enter_battle, fire
from .zones import move


def first_of_each_card(s, cards, base, skip=-1):
    """Action ids ``base + i`` of the first slot of each card kind in ``cards`` (sorted by card), never card
    ``skip``: copies of a card are one choice (design brief section 10)."""
    out = []
    prev = -1
    for i, x in enumerate(cards):
        c = s.cdef[x]
        if c != prev and x != skip:
            out.append(base + i)
            prev = c
    return out


def energy_choices(s, p):
    """PAY_ENERGY: the first energy slot of each card kind (energy is sorted by card)."""
    return first_of_each_card(s, s.energy[p], OWN_ENERGY)


def discard_choices(s, p, u):
    """D_DISCARD: the first hand slot of each card kind, never the card being played."""
    return first_of_each_card(s, s.hand[p], HAND, u)


def _cost_parts(s, u, what, fc, ai):
    if what == U_ABILITY:
        return ability_of(s, u, fc, ai).cost_order
    if what == U_EXTRA:
        return s.defs[s.cdef[u]].faces[0].abilities[0].cost_order
    return ("energy",)


def h_use(s, f):
    """Playing card u or its ability (frame ``use_frame``, slots USE_*)."""
    st, p, u, what = f[STEP], f[USE_PLAYER], f[USE_CARD], f[USE_WHAT]
    fc, ai, left = f[USE_FACE], f[USE_ABILITY], f[USE_ENERGY]
    if st == 0:  # 8-6-2-2: the choices the card or ability needs, before its costs
        f[STEP] = 1
        if what in (U_ABILITY, U_EXTRA) and f[USE_MODE] < 0:
            a = ability_of(s, u, fc, ai) if what == U_ABILITY else s.defs[s.cdef[u]].faces[0].abilities[0]
            if a.modes:
                s.ask(p, D_CHOOSE_MODE, [NUMBER + i for i in range(len(a.modes))])
                publish(s)
                f[STEP] = 5
        return
    if st == 5:
        f[USE_MODE] = s.answer - NUMBER
        f[STEP] = 1
        return
    if st == 1:  # 8-6-2-3 / 8-4-2-1: the cost's parts in text order, energy one card at a time
        parts = _cost_parts(s, u, what, fc, ai)
        k = f[USE_PART]
        if k >= len(parts):
            f[STEP] = 4
            return
        part = parts[k]
        if part == "energy" and left > 0:
            s.ask(p, D_PAY_ENERGY, energy_choices(s, p))
            publish(s)
            f[STEP] = 2
            return
        if part == "discard" and f[USE_DISCARD] > 0:
            s.ask(p, D_DISCARD, discard_choices(s, p, u))
            publish(s)
            f[STEP] = 3
            return
        if part == "rest_self":
            s.rest[u] = 1
        f[USE_PART] = k + 1
        return
    if st == 2:
        move(s, s.energy[p][s.answer - OWN_ENERGY], Z_DROP)  # 2-10-1-1
        f[USE_ENERGY] = left - 1
        f[STEP] = 1
        return
    if st == 3:
        move(s, s.hand[p][s.answer - HAND], Z_DROP)  # a [discard] cost part
        f[USE_DISCARD] -= 1
        f[STEP] = 1
        return
    s.stack.pop()  # 8-6-2-4: resolve
    if what == U_BATTLE:
        enter_battle(s, u, True)  # 8-6-2-4-1
    elif what == U_MELEE:
        move(s, u, Z_MELEE)  # 7-3-1-6-2; no play skill, no 連携 (LM-G32)
        if has_kw(s, u, "surge"):
            s.surge[u] = 1  # 10-11-1, LM-G14
        fire(s, u, "melee")
    elif what == U_EXTRA:
        move(s, u, Z_DROP)  # 8-6-2-4-2: to the drop first, then the effect (LM-G26)
        s.stack.append(res_frame(2, p, u, s.obj[u], 0, 0, f[USE_MODE]))
    else:
        a = ability_of(s, u, fc, ai)
        if a.once:
            s.once.append((u, s.obj[u], fc, ai))  # 10-15
        if a.kind in (A_AWAKEN, A_COOPERATE):
            s.face[u] = 1  # 10-7-3 / 10-8-3: same card, effects kept
            s.zver += 1
        s.stack.append(res_frame(2, p, u, s.obj[u], fc, ai, f[USE_MODE]))
