"""Cores and costs (BS 4-6, 5-7, 11-1-1-5, 12-2-1-2, 9-1-6): the places a core is taken from,
paying a cost core by core (the soul core, soul magic), and activated effects (9-1-6): when
one is usable, its costs before ▶ (9-1-6-2: exhaust, cores, discard, the soul core), then
its effect.
"""

from __future__ import annotations

from ..cards import B_NEGATE, B_SOULPAID
from ..events import C_RULE
from ..layout import D_DISCARD, D_PAY, D_TARGET, FIELD, FIELD_SOUL, HAND, MAX_HAND, OPTION, RESERVE, RESERVE_SOUL
from ..state import S_RESERVE, S_TRASH, Z_FIELD, State
from .actions import exhaust, to_trash
from .frames import (
    ACT_CARD,
    ACT_COST,
    ACT_DISCARDS,
    ACT_EFFECT,
    ACT_EVENT,
    ACT_MARK,
    ACT_PLAYER,
    H_ACTIVATE,
    H_PAY,
    H_PLAY,
    HANDLER,
    PAY_EXCLUDE,
    PAY_LEFT,
    PAY_PLAYER,
    PAY_SOUL,
    PLAY_CARD,
    STEP,
    ask,
)
from .resolution import push_effect
from .rule_processes import check_vanish
from .targets import target_candidates
from .triggers import hand_discarded, note_use, used_up


def core_sources(s: State, p: int, exclude: int = -1) -> list[int]:
    """Action ids of the places p can take one core from (reserve and own field cards)."""
    out = []
    if s.reserve[p]:
        out.append(RESERVE)
    if s.soul[p] == S_RESERVE:
        out.append(RESERVE_SOUL)
    soul = s.soul[p]
    for j, i in enumerate(s.field[p]):
        if i != exclude:
            if s.cores[i]:
                out.append(FIELD + j)
    for j, i in enumerate(s.field[p]):
        if i != exclude and soul == i:
            out.append(FIELD_SOUL + j)
    out.sort()
    return out


def take_core(s: State, p: int, a: int) -> bool:
    """Remove one core from source action ``a``; returns True if it was the soul core."""
    if a == RESERVE:
        s.reserve[p] -= 1
        return False
    if a == RESERVE_SOUL:
        return True
    if a >= FIELD_SOUL:
        return True
    s.cores[s.field[p][a - FIELD]] -= 1
    return False


def costs_ok(s: State, p: int, i: int, costs: tuple) -> bool:
    """Can ``p`` pay all of card ``i``'s effect costs now (9-1-6-2)?"""
    for name, v in costs:
        if name == "exhaust_self":
            ok = s.exh[i] == 0
        elif name == "pay":
            ok = s.total_cores(p) >= v
        elif name == "remove_self_cores":
            ok = s.cores[i] >= v
        elif name == "discard":
            ok = len(s.hand[p]) >= v
        elif name == "soul_core":
            ok = s.soul[p] == S_RESERVE or (s.soul[p] >= 0 and s.zone[s.soul[p]] == Z_FIELD)
        elif name == "exhaust":
            ok = bool(exhaust_cost_candidates(s, p, i, v))
        else:
            ok = True
        if not ok:
            return False
    return True


def exhaust_cost_candidates(s: State, p: int, i: int, t) -> list:
    """The (action, card) pairs a cost 「…自分のスピリット1体を疲労させることで」 may exhaust: own
    recovered field cards matching ``t`` (BS 9-1-6-2, 5-15; the source itself too if it matches)."""
    return [(aid, j) for aid, j in target_candidates(s, t, i, p, []) if not s.exh[j]]


def h_pay(s: State, f: list) -> None:
    """Pay f[PAY_LEFT] cores from the reserve or own field cards to the trash (11-1-1-5)."""
    p = f[PAY_PLAYER]
    if f[STEP] == 0:
        if f[PAY_LEFT] <= 0:
            s.stack.pop()
            check_vanish(s)  # 5-11: a card paid below its Lv1 cost vanishes
            return
        legal = [] if f[PAY_SOUL] == 2 else core_sources(s, p, f[PAY_EXCLUDE])
        if f[PAY_SOUL]:
            legal.append(OPTION)  # 12-2-1-2: pay with the soul core alone
            legal.sort()
        s.ctx_cores = f[PAY_LEFT]
        ask(s, p, D_PAY, legal)
        f[STEP] = 1
        return
    a = s.answer
    f[STEP] = 0
    s.ctx_cores = 0
    if a == OPTION:
        s.soul[p] = S_TRASH
        f[PAY_LEFT] = 0
        if s.bflags & B_SOULPAID:
            soul_paid(s)
        return
    f[PAY_SOUL] = 0
    if take_core(s, p, a):
        s.soul[p] = S_TRASH
        if s.bflags & B_SOULPAID:
            soul_paid(s)
    else:
        s.tcores[p] += 1
    f[PAY_LEFT] -= 1


def soul_paid(s: State) -> None:
    """The soul core paid the cost of the card being played (11-1-1-5, 12-2-1-2): remembered
    for 'if paid using the soul core' (``paid_with_soul_core``) until the card moves again."""
    below = s.stack[-2]  # the H_PLAY frame under this H_PAY (an activated effect's cost is not a card's)
    if below[HANDLER] == H_PLAY and below[PLAY_CARD] not in s.soulpaid:
        s.soulpaid = s.soulpaid + (below[PLAY_CARD],)


def activatable(s: State, p: int, i: int, main: bool) -> list:
    d = s.defs[s.cdef[i]]
    out = []
    if not d.activated or (s.bflags & B_NEGATE and s.negated(i)):
        return out  # 9-2-3: none, or it lost its effects
    lv = s.level(i)
    for e in d.activated:
        if not main and e.timing != "flash":
            continue
        if not (e.levels >> lv) & 1:
            continue
        if used_up(s, i, e):
            continue
        if e.cond and not s.cond_ok(e.cond, i, p):
            continue
        if costs_ok(s, p, i, e.costs):
            out.append(e)
    return out


def start_activate(s: State, p: int, i: int, main: bool) -> None:
    effs = activatable(s, p, i, main)
    e = effs[0]  # a card's first usable activated effect; cards carry one per timing
    s.stack.append([H_ACTIVATE, 0, p, i, e.index, 0, 0, len(s.waiting)])


def h_activate(s: State, f: list) -> None:
    """An activated effect (9-1-6): pay everything before ▶, then the effect."""
    p, i, ei = f[ACT_PLAYER], f[ACT_CARD], f[ACT_EFFECT]
    e = s.defs[s.cdef[i]].effects[ei]
    if f[STEP] == 2:  # the answer of an 'exhaust' cost: the chosen own spirit
        spec = e.costs[f[ACT_COST] - 1][1]
        exhaust(s, next(j for aid, j in exhaust_cost_candidates(s, p, i, spec) if aid == s.answer))
        f[STEP] = 0
    if f[STEP] == 1:  # a discard answer
        k = s.answer - HAND
        j = s.hand[p].pop(k)
        to_trash(s, j)
        f[ACT_DISCARDS] -= 1
        f[STEP] = 0
        if f[ACT_DISCARDS] > 0:
            ask(s, p, D_DISCARD, [HAND + k for k in range(min(len(s.hand[p]), MAX_HAND))])
            f[STEP] = 1
        else:  # a cost: the player's doing, not an effect's (9-1-6-2)
            hand_discarded(s, p, e.costs[f[ACT_COST] - 1][1], p, C_RULE)
        return
    while f[ACT_COST] < len(e.costs):
        name, v = e.costs[f[ACT_COST]]
        f[ACT_COST] += 1
        if name == "exhaust_self":
            exhaust(s, i)
        elif name == "remove_self_cores":
            s.cores[i] -= v
            s.reserve[p] += v
        elif name == "soul_core":
            s.soul[p] = S_TRASH
        elif name == "pay":
            s.stack.append([H_PAY, 0, p, v, -1, 0])
            return
        elif name == "discard":
            f[ACT_DISCARDS] = v
            ask(s, p, D_DISCARD, [HAND + k for k in range(min(len(s.hand[p]), MAX_HAND))])
            f[STEP] = 1
            return
        elif name == "exhaust":
            ask(s, p, D_TARGET, [aid for aid, _ in exhaust_cost_candidates(s, p, i, v)])
            f[STEP] = 2
            return
    check_vanish(s)
    note_use(s, i, e)
    s.stack.pop()
    push_effect(s, i, p, e.alist, f[ACT_EVENT] if len(f) > ACT_EVENT else -1, f[ACT_MARK])
