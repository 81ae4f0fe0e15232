"""Playing a card (BS 11): summon (11-1), deploy (11-2) and use (11-3): when a card is
playable (7-6-1-2, 9-1-7-1 magic timings), 《継召》 exclusions (11-1-1-4, 12-2-1-3), the cost
(11-1-1-5, 2-3-3), the cores placed on the new card (11-1-1-6), its 『召喚時』/『配置時』
triggers (9-1-5-4, 12-2-1-11), a magic's main or flash effect (9-1-7-1-3) and its trash (4-4-1).
"""

from __future__ import annotations

from ..cards import B_LVCOST, B_REDUCE, MAGIC, SPIRIT
from ..events import C_RULE
from ..layout import D_KEISHO, D_MAGIC_TIMING, D_PLACE, MAX_TRASH, OPTION, PASS, TRASH
from ..state import Z_FIELD, Z_HAND, Z_LIMBO, Z_REMOVED, State
from .actions import forget_soul_paid, to_trash
from .costs import core_sources, take_core
from .frames import (
    H_PAY,
    H_PLACE,
    H_PLAY,
    PLACE_CARD,
    PLACE_NEED,
    PLACE_PLACED,
    PLACE_PLAYER,
    PLAY_ALIST,
    PLAY_CARD,
    PLAY_EXCLUDED,
    PLAY_FLASH,
    PLAY_MARK,
    PLAY_PLAYER,
    STEP,
    ask,
)
from .resolution import push_effect
from .rule_processes import check_vanish, lv1_cost, settle
from .triggers import EV_CORES_PLACED, EV_MAGIC, cores_reached, fire_deployed, fire_summoned, happen


def playable(s: State, p: int, i: int, main: bool, ctx: tuple | None = None) -> bool:
    d = s.defs[s.cdef[i]]
    if d.type == MAGIC:
        if main:
            if d.magic_main < 0 and d.magic_flash < 0:
                return False
        elif d.magic_flash < 0:
            return False
        if d.magic_cond and not s.cond_ok(d.magic_cond, i, p):
            return False
    elif not main:
        return False
    return s.affordable(p, i, -1, ctx)


def start_play(s: State, p: int, i: int, flash: int) -> None:
    s.hand[p].remove(i)
    s.zone[i] = Z_LIMBO  # 11-1-1-1 shown; 3-4-3 a resolving magic is in no zone
    s.stack.append([H_PLAY, 0, p, i, 0, flash, len(s.waiting), -1])


def h_play(s: State, f: list) -> None:
    """Summon (11-1), deploy (11-2) or use (11-3) card f[PLAY_CARD] by player f[PLAY_PLAYER]."""
    step, p, i = f[STEP], f[PLAY_PLAYER], f[PLAY_CARD]
    d = s.defs[s.cdef[i]]
    if step == 0:  # 11-1-1-4, 12-2-1-3: 《継召》 before the field's reductions
        exs = [k for k, j in enumerate(s.trash[p]) if k < MAX_TRASH and s.defs[s.cdef[j]].ex]
        if (
            d.red_total
            and exs
            and f[PLAY_EXCLUDED] < d.red_total
            and not (s.bflags & B_REDUCE and s.has_constants and s.no_reduction(p, i))
        ):  # no reduction: no 継召
            legal = [TRASH + k for k in exs]
            if s.affordable(p, i, f[PLAY_EXCLUDED]):
                legal.append(PASS)
            ask(s, p, D_KEISHO, legal)
            f[STEP] = 1
            return
        f[STEP] = 2
        return
    if step == 1:
        if s.answer == PASS:
            f[STEP] = 2
            return
        j = s.trash[p].pop(s.answer - TRASH)
        s.zone[j] = Z_REMOVED
        s.removed[p].append(j)
        f[PLAY_EXCLUDED] += 1
        f[STEP] = 0
        return
    if step == 2:  # 11-1-1-5: pay the cost, never more (2-3-3)
        forget_soul_paid(s, i)  # a new play: paid anew (4-1-4)
        # 11-1-1-4: the cost of a card played from the hand, with the effects on hand cards (reduction
        # symbols treated as none, a hand's immunity) as they were when it was chosen (``can_play`` read
        # it there): the card counts as in the hand while its cost is worked out (rules notes, 11-1-1-4)
        s.zone[i] = Z_HAND
        cost = s.play_cost(p, i, f[PLAY_EXCLUDED])
        soul_ok = d.type == MAGIC and cost > 0 and s.soul_magic_ok(p, i)
        s.zone[i] = Z_LIMBO
        only_soul = soul_ok and s.total_cores(p) < cost
        f[STEP] = 3
        s.stack.append([H_PAY, 0, p, cost, -1, 2 if only_soul else 1 if soul_ok else 0])
        return
    if step == 3:
        if d.type != MAGIC:  # 11-1-1-6: onto the field, then at least its Lv1 cost in cores
            s.zone[i] = Z_FIELD
            s.exh[i] = 0
            s.field[p].append(i)
            f[STEP] = 4
            s.stack.append([H_PLACE, 0, p, i, 0, lv1_cost(s, i) if s.bflags & B_LVCOST else d.lv_cores[0]])
            return
        main_ok = d.magic_main >= 0 and f[PLAY_FLASH] == 0
        flash_ok = d.magic_flash >= 0
        if main_ok and flash_ok:  # 9-1-7-1-3: one of the two effects
            ask(s, p, D_MAGIC_TIMING, [OPTION, OPTION + 1])
            f[STEP] = 5
            return
        f[PLAY_ALIST] = d.magic_main if main_ok else d.magic_flash
        f[STEP] = 6
        return
    if step == 4:
        check_vanish(s)
        fire_summoned(s, i) if d.type == SPIRIT else fire_deployed(s, i)
        s.stack.pop()
        settle(s, f[PLAY_MARK])
        return
    if step == 5:
        f[PLAY_ALIST] = d.magic_main if s.answer == OPTION else d.magic_flash
        f[STEP] = 6
        return
    if step == 6:
        f[STEP] = 7
        if (s.watch >> EV_MAGIC) & 1:  # 5-12-1: used; what it triggers resolves after its effect
            happen(s, EV_MAGIC, p, (i,), 1, p)
        push_effect(s, i, p, f[PLAY_ALIST], -1)
        return
    to_trash(s, i)  # a magic goes to the trash once its effect is done (4-4-1)
    forget_soul_paid(s, i)
    s.stack.pop()
    settle(s, f[PLAY_MARK])  # 10-2-2-5: cards depleted by paying its cost move only now


def h_place(s: State, f: list) -> None:
    """Place cores on the new card f[PLACE_CARD]: at least its Lv1 cost (11-1-1-6)."""
    p, i = f[PLACE_PLAYER], f[PLACE_CARD]
    if f[STEP] == 0:
        legal = core_sources(s, p, i)
        if f[PLACE_PLACED] >= f[PLACE_NEED]:
            legal.append(PASS)
        if not legal:
            s.stack.pop()
            return
        need = f[PLACE_NEED] - f[PLACE_PLACED]
        s.ctx_cores, s.ctx_placing = need if need > 0 else 0, i
        ask(s, p, D_PLACE, legal)
        f[STEP] = 1
        return
    a = s.answer
    f[STEP] = 0
    s.ctx_cores, s.ctx_placing = 0, -1
    if a == PASS:
        s.stack.pop()
        cores_reached(s, i)
        if f[PLACE_PLACED] and (s.watch >> EV_CORES_PLACED) & 1:  # the player placed them (11-1-1-6), no effect
            happen(s, EV_CORES_PLACED, p, (i,), 1, p, C_RULE)
        return
    if take_core(s, p, a):
        s.soul[p] = i
    else:
        s.cores[i] += 1
    f[PLACE_PLACED] += 1
