"""Leader Melee rules: resumable handlers over the kernel's frames, one module per rulebook chapter.

Rule numbers refer to ``004_aa1cf9ba4a76fa5b.txt`` (comprehensive rules ver.2.00) with rulings
LM-R1..R6 (seeds README) and LM-G1..G36 (design brief); the project's own rulings are in
``docs/rules/leader_melee_notes.md``. The chapters, lower ones first (a module imports only those
above it):

=================  ==========================================================================
module             rules
=================  ==========================================================================
``frames``         handler ids, the frames' named slots, records (no rule)
``information``    card information: power, strike, keywords, negation, continuous effects,
                   conditions, last information (2, 8-3, 8-9, 8-11, 10-13)
``loops``          infinite loops (11-1)
``zones``          areas and moving cards, drawing, charging, losing life (3, 4-8, 4-9, 6-2-4)
``losing``         the loss check (1-2, 9-2)
``triggers``       automatic abilities waiting and played (8-7, 10-1, 10-14)
``replacement``    replacement effects, breaks and damage (8-10, 10-9, 7-5-1-4, 4-9-1)
``checkpoint``     checkpoints and rule processes (4-5, 8-5-1, 9-1, 9-3, 9-4)
``battle``         attackers, attack targets, the judgement (7-3 .. 7-5, 10-5-1, 10-10)
``playing``        playing cards and abilities, costs (8-4, 8-6-2, 2-10-1)
``resolution``     resolving an ability: optional text, targets, actions (8-6-2-4, 8-6-3)
``free_timing``    free timings: what a player may do (4-6, 8-5-2)
``setup``          before the game (5-2)
``turn``           the turn: charge, main, battle phase, end (6, 7)
``context``        the decision context published for the views (no rule)
=================  ==========================================================================

``HANDLERS`` is indexed by the handler ids of ``frames`` (their values are part of a saved game).
"""

from __future__ import annotations

from ...core.engine import HANDLER, STEP
from .battle import attacker_actions, judge, target_actions
from .checkpoint import BATTLE_LIMIT, cp, cp_idle, h_cp
from .context import publish
from .frames import *  # noqa: F403  (every handler id, frame slot and record name)
from .frames import H_CP, H_FT, H_REPL, H_RES, H_SETUP, H_TURN, H_USE, NO_CONTEXT, DecisionContext
from .free_timing import _nth_activated, ft, ft_actions, h_ft
from .information import (
    ability_of,
    applies,
    condition_ok,
    cur_statics,
    expire,
    face_of,
    has_kw,
    leader,
    level_to_pay,
    negated,
    on_field,
    passes,
    power_of,
    prohibited_attack,
    prohibited_melee,
    snap,
    stat,
    statics,
    stats,
)
from .loops import loop_key, loop_note
from .losing import check_loss
from .playing import discard_choices, energy_choices, h_use
from .replacement import deal_damage, h_repl, iron_ready, remove_card, repl_candidates
from .resolution import _uid_of, h_res, target_candidates
from .setup import LIFE_CARDS, OPENING_HAND, h_setup
from .triggers import enter_battle, fire, fire_all, play_wait, state_check
from .turn import END_LOOP_CAP, h_turn
from .zones import charge, draw, lose_life, move, shift

HANDLERS = [None] * 7
HANDLERS[H_SETUP], HANDLERS[H_TURN], HANDLERS[H_CP], HANDLERS[H_FT] = h_setup, h_turn, h_cp, h_ft
HANDLERS[H_USE], HANDLERS[H_RES], HANDLERS[H_REPL] = h_use, h_res, h_repl

__all__ = [
    "HANDLERS",
    "HANDLER",
    "STEP",
    "BATTLE_LIMIT",
    "LIFE_CARDS",
    "OPENING_HAND",
    "END_LOOP_CAP",
    "attacker_actions",
    "judge",
    "target_actions",
    "cp",
    "cp_idle",
    "h_cp",
    "publish",
    "DecisionContext",
    "NO_CONTEXT",
    "ft",
    "ft_actions",
    "h_ft",
    "_nth_activated",
    "ability_of",
    "applies",
    "condition_ok",
    "cur_statics",
    "expire",
    "face_of",
    "has_kw",
    "leader",
    "level_to_pay",
    "negated",
    "on_field",
    "passes",
    "power_of",
    "prohibited_attack",
    "prohibited_melee",
    "snap",
    "stat",
    "stats",
    "statics",
    "loop_key",
    "loop_note",
    "check_loss",
    "discard_choices",
    "energy_choices",
    "h_use",
    "deal_damage",
    "h_repl",
    "iron_ready",
    "remove_card",
    "repl_candidates",
    "_uid_of",
    "h_res",
    "target_candidates",
    "h_setup",
    "enter_battle",
    "fire",
    "fire_all",
    "state_check",
    "h_turn",
    "charge",
    "draw",
    "lose_life",
    "move",
    "shift",
    "play_wait",
]
