"""Automatic abilities (LM 8-7, 10-1, 10-14): what makes them wait and playing a waiting one.

Own-event triggers (8-7-2), phase and step starts for both players (7-4-1-1, 8-7-2), entering the
battle area (play skill 10-1-1, 連携 10-14-1), state triggers (8-7-5, 8-7-5-1) and playing a waiting
ability at a checkpoint (8-7-3, 8-7-3-1).
"""

from __future__ import annotations

from ..state import Z_BATTLE
from .frames import AI_CHARGE, AI_LINK, RES_STEP_CHARGE, RES_STEP_LINK, SC_TRIGS, SC_ZVER, res_frame
from .information import ability_of, condition_ok, face_of, has_kw, leader, negated, statics
from .zones import move


def fire(s, u, event):
    """Card u's own automatic abilities for ``event`` become waiting (8-7-2); master = its owner."""
    hits = face_of(s, u).trig.get(event)
    if not hits or (s.neg and negated(s, u)):
        return  # 8-3-2
    for ai in hits:
        s.waits.append([s.owner[u], u, s.obj[u], s.face[u], ai])


def fire_all(s, event, once_per_turn=False):
    """A phase / step start (or end) happens: every leader and battle card of both players with
    that trigger waits (7-4-1-1, 8-7-2), whoever's turn it is, unless its ``turn`` word asks for
    its master's turn (own) or the opponent's (opp); the master is the card's owner (4-3-6)."""
    if event not in s.game.pool.phase_events:
        return
    defs, cdef, face = s.defs, s.cdef, s.face
    tp = s.tp
    for p in (tp, 1 - tp):
        k = (event, p == tp)
        for u in [leader(p)] + s.battle[p]:
            hits = defs[cdef[u]].faces[face[u]].ptrig.get(k)
            if not hits or (s.neg and negated(s, u)):
                continue  # 8-3-2
            for ai in hits:
                key = (u, s.obj[u], s.face[u], ai)
                if once_per_turn:
                    if key in s.fired:
                        continue
                    s.fired.append(key)
                s.waits.append([p, u, s.obj[u], s.face[u], ai])


def enter_battle(s, u, from_hand):
    """A battle card enters the battle area active: play skill (10-1-1); 連携 only from hand (10-14-1)."""
    move(s, u, Z_BATTLE)
    fire(s, u, "play")
    if from_hand and has_kw(s, u, "link"):
        s.waits.append([s.owner[u], u, s.obj[u], 0, AI_LINK])


def state_check(s):
    """State triggers (8-7-5): an ability whose state holds waits once; after it was played
    it waits again if the state still holds (8-7-5-1). ``armed`` holds those waiting."""
    if s.scache[SC_ZVER] != s.zver:
        statics(s)
    for p, u, ai in s.scache[SC_TRIGS]:  # the field's state triggers, cached with the continuous effects
        key = (u, s.obj[u], s.face[u], ai)
        if key in s.armed or key in s.once:  # state triggers are once per turn (cards.py)
            continue
        if condition_ok(s, p, face_of(s, u).abilities[ai].condition, u, key[1]):
            s.armed.append(key)
            s.waits.append([p, u, key[1], key[2], ai])


def play_wait(s, w):
    """Play waiting ability ``w`` (8-7-3): it stops waiting; an invalid one (8-3-2), a once-per-turn one used
    already (8-7-3-1) or one whose condition fails does nothing; else it resolves (``resolution.h_res``)."""
    s.waits.remove(w)  # 8-7-3
    s.work += 1
    p, u, o, fc, ai = w
    if s.armed:
        key = (u, o, fc, ai)
        if key in s.armed:
            s.armed.remove(key)  # 8-7-5-1: it may wait again once it was played
    if s.neg and negated(s, u, o):
        return  # 8-3-2: an invalid ability has no effect
    if ai == AI_LINK:
        s.stack.append(res_frame(RES_STEP_LINK, p, u, o, fc, ai))
        return
    if ai == AI_CHARGE:
        s.stack.append(res_frame(RES_STEP_CHARGE, p, u, o, fc, ai))
        return
    a = ability_of(s, u, fc, ai)
    if a.once:
        key = (u, o, fc, ai)
        if key in s.once:
            return  # 8-7-3-1, LM-G21
        s.once.append(key)
    if not condition_ok(s, p, a.condition, u, o):
        return
    s.stack.append(res_frame(0, p, u, o, fc, ai))
