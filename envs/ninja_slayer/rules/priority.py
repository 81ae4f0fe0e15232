"""Priority (NS 800, 802): who may enter what (1203.2, 1206, 1208), passing, and resolving the top object once
both passed in a row (802.5c)."""

from __future__ import annotations

from ..cards import CHARACTER
from ..layout import D_PRIORITY, OWN_FIELD, OWN_HAND, PASS, ST_CHARACTER
from ..records import SF_ACTIVATED, SO_KIND
from ..state import K_CHECK
from .abilities import uses
from .costs import ether_cost
from .entry import entry_ok
from .frames import (
    H_PRI,
    H_RC,
    H_RESOLVE,
    PRI_HOLDER,
    PRI_PASSES,
    PRS_ANSWER,
    PRS_CHECK,
    PRS_OFFER,
    RCS_TRIGGERS,
    RSS_START,
    STEP,
    enter_frame,
)
from .rule_check import rule_processes


def pri(s) -> None:
    s.stack.append([H_PRI, PRS_CHECK, 0, s.tp])  # frames.PRI_*


def activatable(s, p: int, j: int, ab, ether: int) -> bool:
    """NS 1208.2, 1203.2: the controller has priority and can pay the whole cost."""
    if s.face_down[j] or (ab.bow_self and s.bowed[j]) or ab.cost_ether > ether:
        return False
    if ab.cost_jitsu and s.faceup_damage(p) < ab.cost_jitsu:
        return False
    if ab.limit and uses(s, j, ab.id) >= ab.limit:  # NS 1604
        return False
    return not ab.entry_choices or entry_ok(s, ab, p, j)


def enterable(s, p: int) -> list[int]:
    out = []
    hand = s.hand[p]
    if not hand:
        return _activated(s, p, out) if s.statics & SF_ACTIVATED else out
    char_ok = p == s.tp and s.step == ST_CHARACTER and not s.kstack  # NS 1206.1
    bowed, fd = s.bowed, s.face_down
    ether = 0
    for j in s.ether[p]:
        if not bowed[j]:
            ether += 1
    up = -1
    defs, cdef = s.defs, s.cdef
    for k, i in enumerate(hand):
        d = defs[cdef[i]]
        if d.type == CHARACTER and not char_ok:
            continue
        cost = ether_cost(s, p, d, i)
        if cost > ether:  # NS 1203.2: a cost not payable in full can't be paid (NS-G31)
            continue
        if d.jitsu:
            if up < 0:
                up = sum(1 for j in s.damage[p] if not fd[j])
            if d.jitsu > up:
                continue
        if d.entry_ab is not None and not entry_ok(s, d.entry_ab, p, i):
            continue
        if d.extra_bow_attr is not None and (
            cost >= ether or not any(not bowed[j] and s.has_attr(j, d.extra_bow_attr) for j in s.ether[p])
        ):
            continue  # NS 1203.2: each part of the cost must be payable at the start
        out.append(OWN_HAND + k)
    return _activated(s, p, out) if s.statics & SF_ACTIVATED else out


def _activated(s, p: int, out: list) -> list:
    ether = s.untapped_ether(p)
    defs, cdef = s.defs, s.cdef
    for k, j in enumerate(s.field[p]):
        ab = defs[cdef[j]].activated
        if ab is not None and activatable(s, p, j, ab, ether):
            out.append(OWN_FIELD + k)
    return out


def h_pri(s, f) -> None:
    """NS 802 as one frame [H_PRI, step, passes, holder]; forced passes run inline."""
    while True:
        st = f[STEP]
        if st == PRS_CHECK:  # NS 802.3: a rule check first
            if not rule_processes(s):
                return  # the game is over
            f[STEP] = st = PRS_OFFER
            if s.pending:  # NS 902.1b-c: triggers go on, then the rule check repeats
                s.stack.append([H_RC, RCS_TRIGGERS])
                return
        if st == PRS_OFFER:
            ks = s.kstack
            if ks and ks[-1][SO_KIND] == K_CHECK:
                # NS 802.4 / NS-G26: with a damage check on top both may only pass: it resolves
                f[STEP], f[PRI_PASSES], f[PRI_HOLDER] = PRS_CHECK, 0, s.tp
                s.stack.append([H_RESOLVE, RSS_START])
                return
            holder = f[PRI_HOLDER]
            legal = enterable(s, holder)
            if not legal and s.auto and f[PRI_PASSES] == 0 and not ks and not enterable(s, 1 - holder):
                s.stack.pop()  # both can only pass and nothing changes in between (NS 802.5c)
                return
            if legal or not s.auto:
                f[STEP] = PRS_ANSWER
                s.ctx = -1
                s.ask(holder, D_PRIORITY, [PASS] + legal)
                return
            a = PASS
        else:
            a = s.answer
        if a == PASS:
            passes = f[PRI_PASSES] = f[PRI_PASSES] + 1
            if passes >= 2:  # NS 802.5c
                if not s.kstack:
                    s.stack.pop()
                    return
                f[STEP], f[PRI_PASSES], f[PRI_HOLDER] = PRS_CHECK, 0, s.tp
                s.stack.append([H_RESOLVE, RSS_START])
                return
            f[PRI_HOLDER] = 1 - f[PRI_HOLDER]  # NS 802.5b
            # NS 802.3 asks for a rule check first, but nothing has changed since the one
            # before this priority (only a pass was answered): it would do nothing, so the
            # other player is offered priority straight away
            f[STEP] = PRS_OFFER
        else:  # NS 802.5a: the same player keeps priority
            f[STEP], f[PRI_PASSES] = PRS_CHECK, 0
            if a >= OWN_FIELD:  # NS 1208.2: an activated ability of an own field card
                j = s.field[f[PRI_HOLDER]][a - OWN_FIELD]
                ab = s.defs[s.cdef[j]].activated
                s.stack.append(enter_frame(j, f[PRI_HOLDER], ab.id, ab.cost_ether, ab.cost_jitsu))
                return
            i = s.hand[f[PRI_HOLDER]][a - OWN_HAND]
            d = s.defs[s.cdef[i]]
            s.stack.append(enter_frame(i, f[PRI_HOLDER], -1, ether_cost(s, f[PRI_HOLDER], d, i), d.jitsu))
            return
