"""The turn (BS 7): its eight steps (7-1-1) start (7-2, deck-out 7-2-2 and BS-R4), core (7-3),
draw (7-4), refresh (7-5), main (7-6), attack (7-7), second main (7-8) and end (7-9); and
the main step's actions (7-6-1-2): play a card, activate a main effect, move cores
(7-6-1-2-2), end the step.
"""

from __future__ import annotations

from ..cards import B_BATTLE, B_REPLACE, EV
from ..events import C_RULE
from ..layout import (
    D_MAIN,
    D_MOVE_DST,
    D_MOVE_SRC,
    FIELD,
    FIELD_SOUL,
    HAND,
    MAX_HAND,
    MOVE_CORE,
    OPP_FIELD,
    PASS,
    RESERVE,
    RESERVE_SOUL,
    ST_ATTACK,
    ST_CORE,
    ST_DRAW,
    ST_END,
    ST_MAIN,
    ST_MAIN2,
    ST_REFRESH,
    ST_START,
)
from ..state import DUR_TURN, S_RESERVE, S_TRASH, TE_END_ATTACK_STEP, State
from .actions import draw, expire, flagged, recover
from .costs import activatable, core_sources, start_activate, take_core
from .frames import (
    H_ATTACK,
    H_DRAW_STEP,
    H_MAIN,
    H_MOVE,
    MAIN_PLAYER,
    MOVE_MARK,
    MOVE_PLAYER,
    MOVE_SOURCE,
    STEP,
    ask_no_context,
)
from .playing import playable, start_play
from .replacements import draw_replacements
from .rule_processes import check_vanish, settle
from .triggers import add_cores, cores_increased, fire_all


def h_turn(s: State, f: list) -> None:
    """The eight steps of a turn (7-1-1), each: triggers, turn-based action, settle."""
    step, p = f[STEP], s.tp
    first_turn = s.turn == 1
    if step == 0:  # start step (7-2)
        s.step = ST_START
        fire_all(s, EV["own_start_step"], (p,))  # 7-2-1
        if not s.deck[p]:  # 7-2-2, 1-3-2-2, BS-R4: checked before the triggers resolve
            s.pending = []
            s.finish(1 - p)  # 1-3-8: the game ends without resolving triggers
            return
        f[STEP] = 2
        settle(s, len(s.waiting))
    elif step == 2:  # core step (7-3); none on the first player's first turn (7-3-3)
        f[STEP] = 3
        if not first_turn:
            s.step = ST_CORE
            fire_all(s, EV["own_core_step"], (p,))
            s.reserve[p] += 1
            s.gained[p] += 1
            settle(s, len(s.waiting))
    elif step == 3:  # draw step (7-4)
        s.step = ST_DRAW
        fire_all(s, EV["own_draw_step"], (p,))
        f[STEP] = 4
        settle(s, len(s.waiting))
        if s.bflags & B_REPLACE and draw_replacements(s, p):  # 「ドローするかわりに」 (9-1-8)
            s.stack.append([H_DRAW_STEP, 0, p])  # above the settle: it happens first, as the draw would
        else:
            draw(s, p, 1)  # 7-4-2
    elif step == 4:  # refresh step (7-5)
        s.step = ST_REFRESH
        fire_all(s, EV["own_refresh_step"], (p,))
        for i in s.field[p]:
            if s.exh[i]:
                recover(s, i)
        s.reserve[p] += s.tcores[p]
        s.tcores[p] = 0
        if s.soul[p] == S_TRASH:
            s.soul[p] = S_RESERVE
        f[STEP] = 5
        settle(s, len(s.waiting))
    elif step == 5:  # main step (7-6)
        s.step = ST_MAIN
        fire_all(s, EV["own_main_start"], (p,))
        f[STEP] = 6
        s.stack.append([H_MAIN, 0, p])
        settle(s, len(s.waiting))
    elif step == 6:  # attack step (7-7); none on the first player's first turn (7-7-2)
        f[STEP] = 7
        if not first_turn and not (s.bflags & B_BATTLE and flagged(s, TE_END_ATTACK_STEP)):
            s.step = ST_ATTACK
            fire_all(s, EV["own_attack_step_start"], (p,))
            s.stack.append([H_ATTACK, 0, p])
            settle(s, len(s.waiting))
    elif step == 7:  # the end of the attack step (7-7-3-2): 「ステップ終了時」 triggers resolve first
        f[STEP] = 8
        if s.step == ST_ATTACK:
            fire_all(s, EV["own_attack_step_end"], (p,))
            fire_all(s, EV["opp_attack_step_end"], (1 - p,))
            settle(s, len(s.waiting))
    elif step == 8:  # second main step (7-8)
        f[STEP] = 9
        if not first_turn:
            s.step = ST_MAIN2
            s.stack.append([H_MAIN, 0, p])
    elif step == 9:  # end step (7-9)
        s.step = ST_END
        expire(s, DUR_TURN)  # 7-9-1-1
        fire_all(s, EV["own_end_step"], (p,))
        fire_all(s, EV["opp_end_step"], (1 - p,))
        f[STEP] = 10
        settle(s, len(s.waiting))
    else:  # 7-9-1-3
        expire(s, DUR_TURN)  # 'this turn' effects made during the end step end with the turn
        s.used = []
        s.attacks = 0
        s.tp = 1 - p
        s.turn += 1
        f[STEP] = 0


def can_move_core(s: State, p: int) -> bool:
    """A move needs a field card to move to or from, and a core to move (7-6-1-2-2): ``core_sources``
    is not empty, tested without building it (the main step asks this at every decision)."""
    field = s.field[p]
    if not field:
        return False
    if s.reserve[p] or s.soul[p] == S_RESERVE or s.soul[p] in field:  # S_* places are never a card
        return True
    cores = s.cores
    for i in field:
        if cores[i]:
            return True
    return False


def h_main(s: State, f: list) -> None:
    """7-6-1-2: summon, deploy, use magic, move cores, activate main effects, or end."""
    p = f[MAIN_PLAYER]
    if f[STEP] == 0:
        legal = []
        ctx = s.play_context(p) if s.hand[p] else None
        for k, i in enumerate(s.hand[p]):
            if k < MAX_HAND and playable(s, p, i, True, ctx):
                legal.append(HAND + k)
        for j, i in enumerate(s.field[p]):
            if activatable(s, p, i, True):
                legal.append(FIELD + j)
        if can_move_core(s, p):
            legal.append(MOVE_CORE)
        legal.append(PASS)
        ask_no_context(s, p, D_MAIN, legal)
        f[STEP] = 1
        return
    a = s.answer
    f[STEP] = 0
    if a == PASS:  # 7-6-1-2-4
        s.stack.pop()
    elif a == MOVE_CORE:
        s.stack.append([H_MOVE, 0, p, -1, len(s.waiting)])
    elif a < FIELD:
        start_play(s, p, s.hand[p][a - HAND], 0)
    else:
        start_activate(s, p, s.field[p][a - FIELD], main=True)


def h_move(s: State, f: list) -> None:
    """Move one core between the reserve and own field cards (7-6-1-2-2)."""
    p = f[MOVE_PLAYER]
    if f[STEP] == 0:
        ask_no_context(s, p, D_MOVE_SRC, core_sources(s, p))
        f[STEP] = 1
        return
    if f[STEP] == 1:
        f[MOVE_SOURCE] = s.answer
        src = f[MOVE_SOURCE]
        legal = [] if src in (RESERVE, RESERVE_SOUL) else [RESERVE]
        sj = (src - FIELD) if FIELD <= src < FIELD_SOUL else (src - FIELD_SOUL if FIELD_SOUL <= src < OPP_FIELD else -1)
        legal = [FIELD + j for j in range(len(s.field[p])) if j != sj] + legal
        legal.sort()
        ask_no_context(s, p, D_MOVE_DST, legal)
        f[STEP] = 2
        return
    dst = s.answer
    soul = take_core(s, p, f[MOVE_SOURCE])
    if dst == RESERVE:
        if soul:
            s.soul[p] = S_RESERVE
        else:
            s.reserve[p] += 1
    else:
        j = s.field[p][dst - FIELD]
        if soul:
            s.soul[p] = j
            cores_increased(s, j, C_RULE)  # 13-1-1, 5-7-3: the soul core is a core
        else:
            add_cores(s, j, 1, C_RULE)
    s.stack.pop()
    check_vanish(s)
    settle(s, f[MOVE_MARK])
