"""Free timings (LM 4-6, 8-5-2): what a player may do there, and doing it.

Main phase (6-3-1-2), standby (7-2-1-2), attack step (7-3-1-6) and guard step (7-4-1-2): cards to play,
activated abilities (覚醒 10-7, 共闘 10-8, 乱戦 7-3-1-6-3-1), battle cards to the melee area (7-3-1-6-1,
7-4-1-2-1, 3-1-4), declaring an attack (7-2-1-2-1); a checkpoint first (4-6-2, 8-5-2-1) and again
after each action (4-6-3-1).
"""

from __future__ import annotations

from bisect import bisect_left

from ...core.engine import STEP
from ..cards import A_ACTIVATED, A_AWAKEN, A_COOPERATE, A_RANSEN, PLAYABLE, T_BATTLE, T_EXTRA
from ..layout import (
    BATTLE_ABILITY,
    D_FT_ATTACK,
    D_FT_GUARD,
    D_FT_MAIN,
    D_FT_STANDBY,
    DECLARE_ATTACK,
    HAND,
    LEADER_ABILITY,
    OWN_BATTLE,
    PASS,
    SELF_LEADER,
)
from ..state import KNOWN, Z_MELEE
from .battle import attacker_actions
from .checkpoint import cp_idle
from .frames import FT_KEY, FT_KIND, FT_PLAYER, H_CP, H_FT, NO_CONTEXT, U_ABILITY, U_BATTLE, U_EXTRA, U_MELEE, use_frame
from .information import ability_of, condition_ok, cur_statics, face_of, leader, level_to_pay, negated, prohibited_melee
from .loops import loop_key, loop_note
from .triggers import fire
from .zones import shift


def ft(s, kind, p):
    s.stack.append([H_FT, 0, kind, p])  # FT_KIND, FT_PLAYER


def _ability_ok(s, p, u, a, timing_kind):
    if a.once and (u, s.obj[u], s.face[u], face_of(s, u).abilities.index(a)) in s.once:
        return False
    if a.rest_self and s.rest[u]:
        return False
    if a.energy > len(s.energy[p]) or a.discard > len(s.hand[p]):  # 8-4-2-2: all of the cost or none
        return False
    if not condition_ok(s, p, a.condition, u, s.obj[u]):
        return False
    if a.kind == A_RANSEN:
        return timing_kind == D_FT_ATTACK  # 【乱戦】: the turn player's attack step (7-3-1-6-3-1, LM-G11)
    if a.kind == A_ACTIVATED:
        return (a.event == "main") == (timing_kind == D_FT_MAIN)
    if a.kind == A_AWAKEN:
        return True  # 6-3-1-2-3, 7-2-1-2-2-1, 7-3-1-6-3-1, 7-4-1-2-3-1
    if a.kind == A_COOPERATE:
        return timing_kind == D_FT_GUARD  # LM-G12
    return False


def ft_actions(s, kind, p):
    out = [PASS]
    q = 1 - p
    if kind == D_FT_STANDBY and attacker_actions(s, p):
        out.append(DECLARE_ATTACK)  # 7-2-1-2-1
    lu = leader(p)
    neg = s.neg
    defs, cdef, face = s.defs, s.cdef, s.face
    pl = defs[cdef[lu]].faces[face[lu]].playable
    if pl and not (neg and negated(s, lu)):  # 8-3-2 (LM-N11)
        for j, a in enumerate(pl):
            if _ability_ok(s, p, lu, a, kind):
                out.append(LEADER_ABILITY + j)
    for si, u in enumerate(s.battle[p][:4]):
        pl = defs[cdef[u]].faces[face[u]].playable
        if pl and not (neg and negated(s, u)):
            for j, a in enumerate(pl):
                if _ability_ok(s, p, u, a, kind):
                    out.append(BATTLE_ABILITY + 4 * si + j)
    no_melee = kind in (D_FT_ATTACK, D_FT_GUARD) and bool(cur_statics(s)) and prohibited_melee(s, p)
    prev = -1
    energy = len(s.energy[p])
    for i, u in enumerate(s.hand[p]):
        c = cdef[u]
        if c == prev:
            continue
        prev = c
        d = defs[c]
        if d.type == T_BATTLE:
            if kind == D_FT_STANDBY or no_melee:
                continue
            if level_to_pay(s, p, u) <= energy:
                out.append(HAND + i)
        elif d.type == T_EXTRA:
            a = d.faces[0].abilities[0]
            if (a.event == "main") != (kind == D_FT_MAIN):
                continue
            if (
                level_to_pay(s, p, u) + a.energy <= energy
                and a.discard < len(s.hand[p])
                and condition_ok(s, p, a.condition)
            ):
                out.append(HAND + i)
    if kind in (D_FT_ATTACK, D_FT_GUARD) and not no_melee:  # 7-3-1-6-1 / 7-4-1-2-1: active battle cards to melee
        for i, u in enumerate(s.battle[p]):
            if not s.rest[u]:
                out.append(OWN_BATTLE + i)
    del q
    out.sort()
    return out


def h_ft(s, f):
    st, kind, p = f[STEP], f[FT_KIND], f[FT_PLAYER]
    if st == 0:
        f[STEP] = 1
        if not cp_idle(s):
            s.stack.append([H_CP, 0])  # 4-6-2, 8-5-2-1
            return
        st = 1
    if st == 1:
        acts = ft_actions(s, kind, p)
        # only an activated ability can bring every zone back (11-1-1): no key where none is offered
        i = bisect_left(acts, LEADER_ABILITY)  # acts are sorted
        key = loop_key(s, kind) if i < len(acts) and acts[i] < SELF_LEADER else 0
        if s.barred:
            acts = [x for x in acts if (p, key, x) not in s.barred]  # 11-1-1-2 / 11-1-1-3
        s.ask(p, kind, acts)
        s.decision_ctx = NO_CONTEXT
        del f[FT_KEY:]
        f.append(key)  # FT_KEY
        f[STEP] = 2
        return
    a = s.answer
    loop_note(s, p, f[FT_KEY], a)
    if a == PASS or a == DECLARE_ATTACK:  # 8-5-2-3
        s.ft_result = a
        s.stack.pop()
        return
    f[STEP] = 0  # 4-6-3-1: free timing again after the action
    if a >= HAND and a < HAND + 40:
        u = s.hand[p][a - HAND]
        s.known[u] = KNOWN  # 8-6-2-1: revealed while its costs are paid
        d = s.defs[s.cdef[u]]
        if d.type == T_EXTRA:
            a0 = d.faces[0].abilities[0]
            s.stack.append(use_frame(p, u, U_EXTRA, 0, 0, level_to_pay(s, p, u) + a0.energy, a0.discard))
        else:
            dest = U_BATTLE if kind == D_FT_MAIN else U_MELEE
            s.stack.append(use_frame(p, u, dest, 0, 0, level_to_pay(s, p, u), 0))
    elif LEADER_ABILITY <= a < LEADER_ABILITY + 4:
        u = leader(p)
        ai = _nth_activated(s, u, a - LEADER_ABILITY, leader_=True)
        a0 = ability_of(s, u, s.face[u], ai)
        s.stack.append(use_frame(p, u, U_ABILITY, s.face[u], ai, a0.energy, a0.discard))
    elif BATTLE_ABILITY <= a < BATTLE_ABILITY + 16:
        si, j = divmod(a - BATTLE_ABILITY, 4)
        u = s.battle[p][si]
        ai = _nth_activated(s, u, j, leader_=False)
        a0 = ability_of(s, u, 0, ai)
        s.stack.append(use_frame(p, u, U_ABILITY, 0, ai, a0.energy, a0.discard))
    else:  # OWN_BATTLE i: move an active battle card to the melee area (same object, 3-1-4)
        u = s.battle[p][a - OWN_BATTLE]
        shift(s, u, Z_MELEE)
        fire(s, u, "melee")  # 10-6-1


def _nth_activated(s, u, j, leader_):
    k = 0
    for ai, a in enumerate(face_of(s, u).abilities):
        if a.kind not in PLAYABLE:
            continue
        if k == j:
            return ai
        k += 1
    raise AssertionError("no such ability")
