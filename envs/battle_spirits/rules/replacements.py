"""Destruction (BS 5-10, 1-4-3, 9-1-2-1) and replacement effects (9-1-8): the card's own
replacements of its destruction, the verbs family's replacements of other cards' events
(``of:``), with costs (「～ことで」), of returns, mills and the draw step's draw (7-4-2);
9-1-8-1-2 (an event is replaced once) and 9-1-8-1-3 (the turn player chooses among several).
"""

from __future__ import annotations

from ..cards import B_NEGATE, B_REPLACE, RP
from ..events import C_BATTLE, C_EFFECT
from ..layout import D_MODE, D_OPTIONAL, N_OPTIONS, OPTION
from ..state import G_NO_EFFECT_DESTROY, W_DESTROY, Z_FIELD, Z_TRASH, State
from .actions import draw, to_wait
from .costs import costs_ok
from .frames import (
    DRAW_PLAYER,
    H_ACTIVATE,
    H_REPLACE,
    H_REPLACE_COST,
    RC_BY_EFFECT,
    RC_BY_OPP,
    RC_CARD,
    RC_CHOSEN_CARD,
    RC_CHOSEN_EFFECT,
    RC_DECLINED,
    RC_EVENT,
    RC_WAIT_KIND,
    REP_BY_EFFECT,
    REP_BY_OPP,
    REP_CARD,
    STEP,
    ask,
)
from .resolution import push_effect
from .triggers import battle_won


def destroy(s: State, i: int, by_opp: bool, by_effect: bool, replaceable: bool = True) -> bool:
    """Destroy field card i (5-10), unless prevented (1-4-3) or replaced (9-1-8)."""
    if s.zone[i] != Z_FIELD:
        return False
    if by_effect and s.has_grant(i, G_NO_EFFECT_DESTROY):
        return False  # 'できない' wins (9-1-2-1)
    if replaceable and s.bflags & B_REPLACE:
        if replace_event(s, i, RP["destroyed"], by_opp, by_effect):
            return False
    elif replaceable and s.defs[s.cdef[i]].replaces:
        apps = replacements(s, i, by_opp, by_effect)
        if len(apps) == 1:
            push_effect(s, i, s.owner[i], apps[0].alist, -1)  # 9-1-8-1-2: not replaced again
            return False
        if apps:  # 9-1-8-1-3: the turn player chooses which replacement applies
            s.stack.append([H_REPLACE, 0, i, int(by_opp), int(by_effect)])
            return False
    to_wait(s, i, W_DESTROY, by_opp, 0, C_EFFECT if by_effect else C_BATTLE)
    return True


def replacements(s: State, i: int, by_opp: bool, by_effect: bool) -> list:
    """Card i's replacement effects that apply to its destruction now (9-1-8)."""
    if s.bflags & B_NEGATE and s.negated(i):
        return []  # 9-2-3: it lost its effects
    lv = s.level(i)
    p = s.owner[i]
    out = []
    for e in s.defs[s.cdef[i]].replaces:
        if e.event == RP["destroyed_by_effect"] and not by_effect:
            continue
        if e.event == RP["destroyed_by_opponent_effect"] and not (by_effect and by_opp):
            continue
        if not (e.levels >> lv) & 1 or (e.cond and not s.cond_ok(e.cond, i, p)):
            continue
        out.append(e)
    return out


def h_replace(s: State, f: list) -> None:
    """9-1-8-1-3: several replacement effects apply; the turn player picks the one used, and
    the event, once replaced, is not replaced again (9-1-8-1-2)."""
    i = f[REP_CARD]
    apps = replacements(s, i, bool(f[REP_BY_OPP]), bool(f[REP_BY_EFFECT])) if s.zone[i] == Z_FIELD else []
    if f[STEP] == 0 and len(apps) > 1:
        ask(s, s.tp, D_MODE, [OPTION + k for k in range(min(len(apps), N_OPTIONS))])
        f[STEP] = 1
        return
    k = s.answer - OPTION if f[STEP] == 1 else 0
    s.stack.pop()
    if apps:
        push_effect(s, i, s.owner[i], apps[min(k, len(apps) - 1)].alist, -1)


# ---- replacements of the verbs family (cards.B_REPLACE): other cards' events (of:), costs,
# returns to hand / deck, mills, the cores of destroyed cards. A game whose decks have none of
# them keeps the two functions above.
def _covers(e, ev: int, by_opp: bool, by_effect: bool) -> bool:
    """Does replacement ``e`` name event ``ev`` (an RP code: destroyed, returned_to_hand,
    returned_to_deck, milled) as it happens?"""
    k = e.event
    if ev == RP["destroyed"]:
        return (
            k == ev
            or (k == RP["destroyed_by_effect"] and by_effect)
            or (k == RP["destroyed_by_opponent_effect"] and by_effect and by_opp)
        )
    if ev == RP["milled"]:
        return k == ev or (k == RP["milled_by_opponent"] and by_opp)
    return k == ev


def replacements_of(s: State, i: int, ev: int, by_opp: bool, by_effect: bool, skip=()) -> list:
    """(source, effect) of every replacement that applies to event ``ev`` of card ``i`` now
    (9-1-8): the card's own first, in card order, then those of field cards naming it with
    ``of:``, the turn player's first. ``skip``: (source, effect index) of those declined already;
    a replacement with a cost its controller cannot pay does not apply."""
    out = []
    d = s.defs[s.cdef[i]]
    p = s.owner[i]
    negate = s.bflags & B_NEGATE  # 9-2-3: a card that lost its effects replaces nothing
    if d.replaces and not (negate and s.negated(i)):
        lv = s.level(i) if s.zone[i] == Z_FIELD else 0
        for e in d.replaces:
            if e.of_ is not None or not _covers(e, ev, by_opp, by_effect) or (i, e.index) in skip:
                continue
            if lv and not (e.levels >> lv) & 1:
                continue
            if e.cond and not s.cond_ok(e.cond, i, p):
                continue
            if e.costs and not costs_ok(s, p, i, e.costs):
                continue
            out.append((i, e))
    if ev == RP["milled"]:
        return out
    for q in (s.tp, 1 - s.tp):
        for j in s.field[q]:
            dj = s.defs[s.cdef[j]]
            if not dj.replaces or (negate and s.negated(j)):
                continue
            lv = 0
            for e in dj.replaces:
                if e.of_ is None or not _covers(e, ev, by_opp, by_effect) or (j, e.index) in skip:
                    continue
                if not lv:
                    lv = s.level(j)
                if not (e.levels >> lv) & 1 or (e.cond and not s.cond_ok(e.cond, j, q)):
                    continue
                if not s.matches(e.of_, i, j, q) or s.armored(i, j):
                    continue
                if e.costs and not costs_ok(s, q, j, e.costs):
                    continue
                out.append((j, e))
    return out


def replace_event(s: State, i: int, ev: int, by_opp: bool, by_effect: bool, arg: int = 0) -> bool:
    """BS 9-1-8-1: replace event ``ev`` of card ``i`` if a replacement applies. True: it was
    replaced, or handed to a decision (``h_replace_cost``) that carries the event out itself
    when no replacement is used; False: nothing applies, the caller carries it out. ``arg``:
    the waiting kind of a return. The instead actions name the card as ``event``."""
    apps = replacements_of(s, i, ev, by_opp, by_effect)
    if not apps:
        return False
    if len(apps) == 1 and not apps[0][1].costs:
        j, e = apps[0]
        push_effect(s, j, s.owner[j], e.alist, i)  # 9-1-8-1-2: not replaced again
        return True
    s.stack.append([H_REPLACE_COST, 0, i, ev, int(by_opp), int(by_effect), arg, -1, -1])
    return True


def h_replace_cost(s: State, f: list) -> None:
    """9-1-8-1-3 with costs: the turn player chooses which of several replacements is used
    (「choose a mode」, option k = the k-th of ``replacements_of``); one with a cost
    (「～ことで」) is used only if its controller agrees to pay it (「use an optional effect」),
    then pays it (as an activated effect's cost) and its instead actions happen. A declined
    one is set aside; when none is left the event happens as it would have (9-1-8-1-2).
    Frame: see ``frames.RC_CARD``."""
    i, ev, by_opp, by_effect = f[RC_CARD], f[RC_EVENT], bool(f[RC_BY_OPP]), bool(f[RC_BY_EFFECT])
    if f[STEP] == 2:  # the controller's answer
        j, ei = f[RC_CHOSEN_CARD], f[RC_CHOSEN_EFFECT]
        if s.answer == OPTION + 1:
            s.stack.pop()
            s.stack.append([H_ACTIVATE, 0, s.owner[j], j, ei, 0, 0, len(s.waiting), i])
            return
        f += (j, ei)  # declined
        f[STEP] = 0
        return
    milled = ev == RP["milled"]  # the card is in the trash already; what is replaced is the rest of the discard
    alive = s.zone[i] == (Z_TRASH if milled else Z_FIELD)
    declined = set(zip(f[RC_DECLINED::2], f[RC_DECLINED + 1 :: 2]))  # (card, effect index) pairs
    apps = replacements_of(s, i, ev, by_opp, by_effect, declined) if alive else []
    if not apps:
        s.stack.pop()
        if alive and not milled:
            _carry_out(s, i, ev, by_opp, by_effect, f[RC_WAIT_KIND])
        return
    if f[STEP] == 0 and len(apps) > 1:
        ask(s, s.tp, D_MODE, [OPTION + k for k in range(min(len(apps), N_OPTIONS))])
        f[STEP] = 1
        return
    j, e = apps[min(s.answer - OPTION, len(apps) - 1) if f[STEP] == 1 else 0]
    if not e.costs:
        s.stack.pop()
        push_effect(s, j, s.owner[j], e.alist, i)
        return
    f[RC_CHOSEN_CARD], f[RC_CHOSEN_EFFECT] = j, e.index
    f[STEP] = 2
    ask(s, s.owner[j], D_OPTIONAL, [OPTION, OPTION + 1])


def _carry_out(s: State, i: int, ev: int, by_opp: bool, by_effect: bool, arg: int) -> None:
    """The event no replacement took: the destruction (with its 8-1-6-2 trigger when the BP
    comparison made it) or the return."""
    if ev == RP["destroyed"]:
        if destroy(s, i, by_opp, by_effect, False) and not by_effect:
            other = s.blocker if i == s.attacker else s.attacker
            if other >= 0:
                battle_won(s, other, i)
    else:
        to_wait(s, i, arg, by_opp, 0, C_EFFECT)


def draw_replacements(s: State, p: int) -> list:
    """(card, effect) of player p's field cards that replace p's draw step draw now (9-1-8-1)."""
    out = []
    negate = s.bflags & B_NEGATE
    for j in s.field[p]:
        d = s.defs[s.cdef[j]]
        if not d.replaces or (negate and s.negated(j)):
            continue
        for e in d.replaces:
            if (
                e.event == RP_DRAW_STEP
                and (e.levels >> s.level(j)) & 1
                and not (e.cond and not s.cond_ok(e.cond, j, p))
            ):
                out.append((j, e))
    return out


def h_draw_step(s: State, f: list) -> None:
    """7-4-2 replaced (9-1-8): the draw step's draw, or instead the effect of one replacement. One
    that says 「できる」 is its player's choice ('use an optional effect'); with several, the turn
    player (here the drawer) chooses which ('choose a mode', option k = the k-th; when all are
    optional, the option after the last draws normally), 9-1-8-1-3. Frame [H_DRAW_STEP, step, p]."""
    p = f[DRAW_PLAYER]
    apps = draw_replacements(s, p)
    if f[STEP] == 0 and apps:
        f[STEP] = 1
        if len(apps) == 1:
            if apps[0][1].optional:
                ask(s, p, D_OPTIONAL, [OPTION, OPTION + 1])
                return
            s.answer = OPTION + 1
        else:
            free = all(e.optional for _, e in apps)
            n = min(len(apps), N_OPTIONS - 1)
            ask(s, p, D_MODE, [OPTION + k for k in range(n + free)])
            return
    s.stack.pop()
    if not apps:
        draw(s, p, 1)
        return
    k = s.answer - OPTION
    if len(apps) == 1:
        k = 0 if k == 1 else len(apps)  # yes: the one replacement; no: the draw
    if k >= len(apps):
        draw(s, p, 1)
        return
    j, e = apps[k]
    push_effect(s, j, p, e.alist, -1)  # 9-1-8-1-2: the replaced draw is not replaced again


RP_DRAW_STEP = RP["draw_step_draw"]
