"""Battle Spirits rules as resumable handlers (see ``tcgzoo.envs.core.engine``), one module per
chapter of the Standard comprehensive rules (file 000; rule numbers in comments refer to it):

================  ============================================================================
module            chapters
================  ============================================================================
frames            the handler ids, the named slots of their frames; ask: a decision and its context
triggers          9-1-5 when effects trigger; events of other cards and players; 12-3, 13-1-1
actions           5 the basic actions: draw, trash, waiting state, exhaust, recover; 8-1-5-1 life
rule_processes    10 rule processes: vanishing (5-11), the waiting cards' move (10-2-2-5)
targets           9-3-2 choosing targets
resolution        9-1-5-7..9, 9-3, 9-4, 5-19 resolving triggers and effects; the search
costs             4-6, 11-1-1-5 paying cores; 9-1-6 activated effects and their costs
replacements      5-10 destruction; 9-1-8 replacement effects
playing           11 summon, deploy, use
setup             6-2 before the game
turn              7 the turn's steps and the main step's actions
battle            7-7, 8 attacks, flash timings, blocks, battles
================  ============================================================================

Lower modules never import higher ones (the order of the table). Each handler takes
``(state, frame)``. This package assembles ``HANDLERS`` (ids in ``frames``) and re-exports
the names the verbs, hooks, views and tests use.
"""

from __future__ import annotations

from ..state import State
from .actions import (
    draw,
    exhaust,
    expire,
    flagged,
    forget_soul_paid,
    life_cap,
    put_in_hand,
    recover,
    reduce_life,
    to_trash,
    to_wait,
)
from .battle import h_attack, h_battle, h_flash
from .costs import (
    activatable,
    core_sources,
    costs_ok,
    exhaust_cost_candidates,
    h_activate,
    h_pay,
    soul_paid,
    start_activate,
    take_core,
)
from .frames import (
    H_ACTIVATE,
    H_ATTACK,
    H_BATTLE,
    H_DRAW_STEP,
    H_EFFECT,
    H_FLASH,
    H_MAIN,
    H_MOVE,
    H_PAY,
    H_PLACE,
    H_PLAY,
    H_REPLACE,
    H_REPLACE_COST,
    H_SEARCH,
    H_SETTLE,
    H_SETUP,
    H_TARGET,
    H_TRIG,
    H_TURN,
)
from .playing import h_place, h_play, playable, start_play
from .replacements import (
    RP_DRAW_STEP,
    destroy,
    draw_replacements,
    h_draw_step,
    h_replace,
    h_replace_cost,
    replace_event,
    replacements,
    replacements_of,
)
from .resolution import (
    _effect_dispatch,
    apply_action,
    h_effect,
    h_effect_resume,
    h_search,
    h_settle,
    h_trig,
    moved_cards,
    push_effect,
    run_trigger,
    set_moved,
    trigger_valid,
)
from .rule_processes import check_vanish, destroyed_cores, flush_waiting, lv1_cost, settle
from .setup import h_setup
from .targets import h_target, target_candidates, word_targets
from .triggers import (
    DECLARED,
    EV_ATTACK,
    EV_BATTLE_DESTROY,
    EV_BATTLE_END,
    EV_BLOCK,
    EV_CORES_PLACED,
    EV_DEPLOY,
    EV_DESTROYED,
    EV_DESTROYED_BY_OPP,
    EV_DRAWN,
    EV_EXHAUSTED,
    EV_HAND_DISCARDED,
    EV_LEAVES,
    EV_LIFE,
    EV_MAGIC,
    EV_MILLED,
    EV_RECOVERED,
    EV_RETURNED,
    EV_SUMMON,
    EV_TO_HAND,
    TO_HAND_EVENTS,
    add_cores,
    added_to_hand,
    admits,
    battle_won,
    cores_increased,
    cores_reached,
    fire,
    fire_all,
    fire_deployed,
    fire_one,
    fire_summoned,
    hand_discarded,
    happen,
    note_use,
    own_event,
    queue,
    used_up,
)
from .turn import can_move_core, h_main, h_move, h_turn

HANDLERS = (
    h_setup,
    h_turn,
    h_main,
    h_play,
    h_pay,
    h_place,
    h_move,
    h_attack,
    h_battle,
    h_flash,
    h_settle,
    h_trig,
    _effect_dispatch,
    h_target,
    h_activate,
    h_search,
    h_replace,
    h_replace_cost,
    h_draw_step,
)
assert len(HANDLERS) == H_DRAW_STEP + 1 and HANDLERS[H_REPLACE_COST] is h_replace_cost
State.HANDLERS = HANDLERS


def add_handler(fn) -> int:
    """Register a handler defined outside this package (``verbs.py``); returns its id.
    Ids follow the import order, which is fixed, so frames mean the same in every process."""
    global HANDLERS
    HANDLERS = HANDLERS + (fn,)
    State.HANDLERS = HANDLERS
    return len(HANDLERS) - 1
