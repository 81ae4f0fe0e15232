"""The rules' frames and records: handler ids, each frame's named slots, the constants the chapters share.

A frame is a plain list of ints ``[handler, step, arg...]`` (``envs/core/engine.py``: ``HANDLER``
and ``STEP`` name its first two slots); a handler's own arguments follow from slot 2 and are
read by the names below, never by number. No rule is implemented here.
"""

from __future__ import annotations

from ...core.engine import HANDLER, STEP  # noqa: F401  (re-exported: the names of every frame's first two slots)

# handler ids: their values are part of a saved game (a frame names its handler by id)
H_SETUP, H_TURN, H_CP, H_FT, H_USE, H_RES, H_REPL = range(7)

# [H_SETUP, step, player]: the player whose mulligan it is (5-2-1-5)
SETUP_PLAYER = 2

# [H_TURN, step]: no arguments (the turn player is ``state.tp``)
# its steps (``turn.h_turn``): charge phase 6-2, main phase 6-3, battle phase 7-2 .. 7-7, end phase 6-5
(
    TS_TURN_START,
    TS_DRAW,
    TS_CHARGE,
    TS_MAIN_START,
    TS_MAIN,
    TS_BP_START,
    TS_STANDBY,
    TS_STANDBY_DONE,
    TS_ATTACK_START,
    TS_ATTACKER,
    TS_TARGET,
    TS_ATTACK,
    TS_ATTACK_DONE,
    TS_GUARD,
    TS_JUDGE_START,
    TS_JUDGE,
    TS_COMPLETE,
    TS_MELEE_OUT,
    TS_JUDGED,
) = range(19)
TS_BP_END, TS_BP_END_DONE, TS_END, TS_END_CHECK = range(20, 24)

# [H_CP, step, player, picks...]: the player who orders waiting abilities or drops for the battle area
# limit (9-3); then the cards picked to drop, whose replacements are looked at one at a time (8-10-1)
CP_PLAYER, CP_PICKS = 2, 3

# [H_FT, step, kind, player, loop key]: a free timing (8-5-2) of decision ``kind``; the loop key of the
# state it asks in (11-1-1, ``loops.loop_key``)
FT_KIND, FT_PLAYER, FT_KEY = range(2, 5)

# [H_USE, step, player, card, what, face, ability, energy left, cost part, mode, discard left]: playing a
# card or an ability (8-6-2): what it plays (U_*), the cost still to pay (8-4-2), the mode chosen (-1 none)
(USE_PLAYER, USE_CARD, USE_WHAT, USE_FACE, USE_ABILITY, USE_ENERGY, USE_PART, USE_MODE, USE_DISCARD) = range(2, 11)
U_BATTLE, U_MELEE, U_EXTRA, U_ABILITY = range(4)  # what H_USE plays

# [H_RES, step, master, src, src_obj, face, ability, action index, mode, picks...]: an ability resolving
# (8-6-2-4, 8-6-3): its master, its card as which object, the action being carried out, the mode chosen
# while playing (-1 none, 8-6-2-2); then the targets picked so far, or the resolving verb's own slots
(RES_MASTER, RES_SRC, RES_SRC_OBJ, RES_FACE, RES_ABILITY, RES_ACTION, RES_MODE, RES_PICKS) = range(2, 10)
RES_STEP_LINK, RES_STEP_CHARGE = 10, 11  # H_RES steps that resolve 連携 (10-14-1) and 充填 (10-12-1)
VERB_STEP = 20  # H_RES steps from here on are the resolving verb's own (verbs.py)
# the verbs' own slots (verbs.py), from RES_PICKS on: draw up to (4-8-4) and search (8-6-3-5) keep a
# count done so far and the number N; bury (3-1-6) keeps the most drop cards, then the cards picked
RES_DONE, RES_N = RES_PICKS, RES_PICKS + 1
BURY_MAX, BURY_PICKS = RES_PICKS, RES_PICKS + 1

# [H_REPL, step, event, card|player, actor, battle, src, src_obj, amount, choice, done keys...]: a
# replaceable event (8-10): EV_*, the battle card (break / drop) or player (damage) it happens to, who
# causes it (RULE: a rule process), whether a battle does; the card whose break / strike skill it
# would trigger, as which object; the damage; the replacement chosen; the 4-int keys already applied
(REPL_EVENT, REPL_SUBJECT, REPL_ACTOR, REPL_BATTLE, REPL_SRC, REPL_SRC_OBJ, REPL_AMOUNT, REPL_CHOICE, REPL_DONE) = (
    range(2, 11)
)
EV_BREAK, EV_DROP, EV_DAMAGE = 0, 1, 2  # replaceable events (8-10)
EV_NAMES = ("break", "drop", "damage")
RULE = -1  # the "actor" of an event a rule process causes (9-3): no player's effect (LM-N12)

# a waiting automatic ability (``state.waits``, 8-7-2): [master, card, obj, face, ability]
W_MASTER, W_CARD, W_OBJ, W_FACE, W_ABILITY = range(5)
AI_LINK, AI_CHARGE, AI_IRON = -1, -2, -3  # keyword abilities in wait / replacement records (10-14, 10-12, 10-9)
# a replacement effect's key (``replacement.repl_candidates``): [card, obj, face, ability]
K_CARD, K_OBJ, K_FACE, K_ABILITY = range(4)

# a power / strike change (``state.mods``, 8-9): [card, obj, stat, amount, duration]; stat 0 power, 1 strike
MOD_CARD, MOD_OBJ, MOD_STAT, MOD_AMOUNT, MOD_DUR = range(5)
MOD_POWER, MOD_STRIKE = 0, 1  # MOD_STAT
# a negation (``state.neg``, 8-3-2): [card, obj, duration]
NEG_CARD, NEG_OBJ, NEG_DUR = range(3)
# last information (``state.lki``, 8-11-1): [card, obj, power, strike]
LKI_CARD, LKI_OBJ, LKI_POWER, LKI_STRIKE = range(4)
# the continuous effects cache (``state.scache``, 8-9): [zone version, statics, state triggers]
SC_ZVER, SC_STATICS, SC_TRIGS = range(3)

DUR_BATTLE, DUR_TURN, DUR_BP = 0, 1, 2  # "this battle" (7-6-1-3), "this turn" (6-5-1-3), "this battle phase" (7-7-1-2)
DURATION = {"battle": DUR_BATTLE, "turn": DUR_TURN, "battle_phase": DUR_BP}


from ..state import NO_CONTEXT, DecisionContext  # noqa: E402,F401  (defined with the state field they fill)


def use_frame(p, u, what, face, ai, energy, discard):
    """The frame that plays card u (``what`` U_*) or its ability ``ai`` of face ``face``, for player p (8-6-2)."""
    return [H_USE, 0, p, u, what, face, ai, energy, 0, -1, discard]


def res_frame(step, p, src, so, face, ai, mode=-1):
    """The frame that resolves ability ``ai`` of face ``face`` of master p's card src as object so, from ``step``."""
    return [H_RES, step, p, src, so, face, ai, 0, mode]


def repl_frame(ev, u, actor, battle, src, so, amount):
    """The frame of replaceable event ``ev`` of card / player u (8-10)."""
    return [H_REPL, 0, ev, u, actor, int(battle), src, so, amount, 0]
