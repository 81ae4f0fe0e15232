"""Ninja Slayer TCG rules as resumable handlers over the kernel's frames, one module per chapter of the rulebook.

Frames ``[handler, step, args...]`` (slots named in ``frames.py``); a handler advances its step, pushes children,
asks (``state.ask``) or pops. Rule numbers refer to ``003_14d066e5e44c046f.txt``; rulings NS-R*/NS-G* to the
design brief and ``docs/rules/ninja_slayer_notes.md``.

==================  ===================================================================================
module              chapter
==================  ===================================================================================
``setup``           NS 400-403: setting up; which rarely used rules the cards need (``static_flags``)
``turn``            NS 500-505: the turn's phases and steps
``ikusa``           NS 700-707: the ikusa phase (aisatsu, interrupt, ikusa damage), keywords 1402-1403
``priority``        NS 800-802: priority, what may be entered (1203.2, 1206, 1208)
``rule_check``      NS 900-902, 1000-1004: the rule check and the rule processes
``damage``          NS 1100-1104, 1211: damage checks and ukemi
``abilities``       NS 1201-1202, 1204.2e, 1604: conditions, target candidates, option lists, per-turn limits
``costs``           NS 1203, 1204.2g, 1312: costs, cost changes, paying ether
``entry``           NS 1204, 1206-1208, 1313, 1404: entering cards and abilities
``resolution``      NS 1205, 1307: resolving, doing an ability's actions, targets on resolution
``triggers``        NS 1209: triggered abilities, hidden cards' triggers
``replacement``     NS 1214: replacement effects (kill replacements, the choice among several)
``actions``         NS 1300: draw, discard, kill, ambush, counter, damage (the verbs are in ``verbs.py``)
``frames``          the frames: handler ids, each frame's slots and steps (``enter_frame``)
==================  ===================================================================================

The state's own plain-int records (kotodama-space objects, pending triggers, per-turn uses...) and the ``statics``
flags are named in ``records.py``. Lower chapters never import higher ones at module level (``actions`` and
``replacement`` reach each other through the module). This package re-exports every name other code imports
from ``rules``.
"""

from __future__ import annotations

from ..records import SO_FIXED
from .abilities import candidates, cond_ok, option_defs
from .actions import ambush, carry, counter, damage_amount, dealt, discard, draw, kill
from .costs import ether_cost
from .damage import h_ukemi
from .entry import enter_candidates, entry_ok, h_enter
from .frames import H_ENTER, H_EXEC, H_IKUSA, H_PRI, H_RC, H_REPL, H_RESOLVE, H_SETUP, H_TURN, H_UKEMI
from .ikusa import IK_DAMAGE, IK_END, IK_INTERRUPT, IK_NONE, IK_START, IK_TARGET, h_ikusa
from .priority import enterable, h_pri, pri
from .replacement import h_repl, kill_replacements
from .resolution import h_exec, h_resolve, next_action, on_targets, skip_rest, target_answer
from .rule_check import h_rc, rule_processes
from .setup import h_setup, static_flags
from .triggers import fire, fire_one, phase
from .turn import h_turn

HANDLERS = [None] * 10
for _hid, _fn in (
    (H_SETUP, h_setup),
    (H_TURN, h_turn),
    (H_PRI, h_pri),
    (H_RC, h_rc),
    (H_ENTER, h_enter),
    (H_RESOLVE, h_resolve),
    (H_EXEC, h_exec),
    (H_IKUSA, h_ikusa),
    (H_UKEMI, h_ukemi),
    (H_REPL, h_repl),
):
    HANDLERS[_hid] = _fn
del _hid, _fn

__all__ = [
    "HANDLERS",
    "H_ENTER",
    "H_EXEC",
    "H_IKUSA",
    "H_PRI",
    "H_RC",
    "H_REPL",
    "H_RESOLVE",
    "H_SETUP",
    "H_TURN",
    "H_UKEMI",
    "IK_DAMAGE",
    "IK_END",
    "IK_INTERRUPT",
    "IK_NONE",
    "IK_START",
    "IK_TARGET",
    "SO_FIXED",
    "ambush",
    "candidates",
    "carry",
    "cond_ok",
    "counter",
    "damage_amount",
    "dealt",
    "discard",
    "draw",
    "enter_candidates",
    "enterable",
    "entry_ok",
    "ether_cost",
    "fire",
    "fire_one",
    "kill",
    "kill_replacements",
    "next_action",
    "on_targets",
    "option_defs",
    "phase",
    "pri",
    "rule_processes",
    "skip_rest",
    "static_flags",
    "target_answer",
]
