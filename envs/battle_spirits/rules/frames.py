"""The rules' frames (see ``tcgzoo.envs.core.engine``): the handler ids, fixed so that a
seeded game replays the same in every process. A frame is a plain list of ints
``[handler id, step, args...]``; ``STEP`` (1) is its step, its own arguments follow from 2.
The handlers are assembled in ``rules/__init__.py`` in this order; ``verbs.py`` adds its own
after them (``add_handler``). Below the ids: the named slots of each handler's frame, and
``ask`` / ``ask_no_context``, through which every decision is asked and its context published
in state fields for the views.
"""

from __future__ import annotations

from ...core.engine import HANDLER, STEP  # noqa: F401 - a frame's first two slots, for every handler module

(
    H_SETUP,
    H_TURN,
    H_MAIN,
    H_PLAY,
    H_PAY,
    H_PLACE,
    H_MOVE,
    H_ATTACK,
    H_BATTLE,
    H_FLASH,
    H_SETTLE,
    H_TRIG,
    H_EFFECT,
    H_TARGET,
    H_ACTIVATE,
    H_SEARCH,
    H_REPLACE,
    H_REPLACE_COST,
    H_DRAW_STEP,
) = range(19)

# ---- the argument slots of each handler's frame, from 2 (``f[STEP]`` is the step) -----------------
# Readers use ``f[PLAY_CARD]``; a writer lists the arguments in this order.

SETUP_DRAW_WINNER = 2  # h_setup: [H_SETUP, step, the player who won the draw for first (6-2-1-6)]
# h_turn: [H_TURN, step]
MAIN_PLAYER = 2  # h_main: [H_MAIN, step, player]
# h_play: [H_PLAY, step, player, card, cards excluded by 《継召》, 1 if played in a flash timing,
#          mark (len(s.waiting) when it began), the magic's chosen action list or -1]
PLAY_PLAYER, PLAY_CARD, PLAY_EXCLUDED, PLAY_FLASH, PLAY_MARK, PLAY_ALIST = range(2, 8)
# h_pay: [H_PAY, step, player, cores left to pay, a card the cores may not come from (-1: none),
#         soul magic: 0 no, 1 allowed, 2 the soul core alone is all the player can pay]
PAY_PLAYER, PAY_LEFT, PAY_EXCLUDE, PAY_SOUL = range(2, 6)
# h_place: [H_PLACE, step, player, the new card, cores placed, cores needed (its Lv1 cost)]
PLACE_PLAYER, PLACE_CARD, PLACE_PLACED, PLACE_NEED = range(2, 6)
# h_move: [H_MOVE, step, player, the source's action id (-1 before it is chosen), mark]
MOVE_PLAYER, MOVE_SOURCE, MOVE_MARK = range(2, 5)
ATTACK_PLAYER = 2  # h_attack: [H_ATTACK, step, player]
# h_battle: [H_BATTLE, step, attacker, blocker (-1: none), mark]
BATTLE_ATTACKER, BATTLE_BLOCKER, BATTLE_MARK = range(2, 5)
# h_flash: [H_FLASH, step, the player who has the right, passes in a row]
FLASH_PLAYER, FLASH_PASSES = range(2, 4)
SETTLE_MARK = 2  # h_settle: [H_SETTLE, step, mark: the first waiting card to move]
# h_trig: [H_TRIG, step, batch (index in s.tq)] and, while a decision on one trigger is pending, either
# the optional trigger's card, effect index, event card and event count (step 3, from TRIG_OPTIONAL),
# or the five slots of a hand card's trigger waiting for its player to reveal it (step 4, from TRIG_HELD)
TRIG_BATCH, TRIG_OPTIONAL, TRIG_HELD = 2, 3, 3
TRIG_HELD_END = TRIG_HELD + 5
# h_effect: [H_EFFECT, step, source, player, action list, next action, event card, selections base
#            (index in s.sels), done, done in full, mark, done at least in part ('after'), event count]
(EFF_SRC, EFF_PLAYER, EFF_ALIST, EFF_IP, EFF_EVENT, EFF_SELS, EFF_DONE, EFF_FULL, EFF_MARK, EFF_AFTER, EFF_COUNT) = (
    range(2, 13)
)
# its steps a verb resumes it at: after a mode was chosen, after a summon's placement, after a
# handler the verb pushed set done / full itself, after an optional action's answer
EFF_STEP_MODE, EFF_STEP_SUMMONED, EFF_STEP_RESUME, EFF_STEP_OPTIONAL = 3, 4, 5, 6
# h_target: [H_TARGET, step, source, player, action list, action index, selections base, 0]
TGT_SRC, TGT_PLAYER, TGT_ALIST, TGT_IP, TGT_SELS = range(2, 7)
# h_activate: [H_ACTIVATE, step, player, card, effect index, next cost, cards left to discard, mark,
#              and for a replacement's cost, the replaced event's card]
ACT_PLAYER, ACT_CARD, ACT_EFFECT, ACT_COST, ACT_DISCARDS, ACT_MARK, ACT_EVENT = range(2, 9)
# h_search: [H_SEARCH, step, player, action list, action index, picks, cards added]
SEARCH_PLAYER, SEARCH_ALIST, SEARCH_IP, SEARCH_PICKS, SEARCH_ADDED = range(2, 7)
# h_replace: [H_REPLACE, step, card, by the opponent, by an effect]
REP_CARD, REP_BY_OPP, REP_BY_EFFECT = range(2, 5)
# h_replace_cost: [H_REPLACE_COST, step, card, event (cards.RP), by the opponent, by an effect, the
#                  waiting kind of a return, the chosen replacement's card and effect index (-1, -1),
#                  then (card, effect index) of each declined one]
RC_CARD, RC_EVENT, RC_BY_OPP, RC_BY_EFFECT, RC_WAIT_KIND, RC_CHOSEN_CARD, RC_CHOSEN_EFFECT, RC_DECLINED = range(2, 10)
DRAW_PLAYER = 2  # h_draw_step: [H_DRAW_STEP, step, player]


# ---- the decision context ---------------------------------------------------------------------------
# The views (observation, action strings) and the heuristic read the pending decision's context in
# the state's ctx_* fields, never in the frames. The card it is about (``ctx_card``) is published by
# ``ask`` / ``ask_no_context``; the handlers that have more to say publish it where they ask and
# clear it when the answer comes back to them: h_pay and h_place the cores left (``ctx_cores``) and
# the card placed on (``ctx_placing``), h_trig the trigger batch (``ctx_batch``), h_target the
# controller of the effect choosing (``ctx_controller``).
def ask(s, player: int, kind: int, legal: list[int]) -> None:
    """Pend a decision (``DecisionState.ask``) asked while a card is played or an effect
    resolves, publishing the card it is about: that of the nearest frame playing or activating
    a card, resolving an effect or choosing its targets (-1: none)."""
    card = -1
    slot_of = _CARD_SLOT.get
    for f in reversed(s.stack):
        k = slot_of(f[HANDLER])
        if k is not None:
            card = f[k]
            break
    s.ctx_card = card
    s.ask(player, kind, legal)


#: the handlers whose frame names the card a decision is about, and its slot (``ask``)
_CARD_SLOT = {H_PLAY: PLAY_CARD, H_ACTIVATE: ACT_CARD, H_EFFECT: EFF_SRC, H_TARGET: TGT_SRC}


def ask_no_context(s, player: int, kind: int, legal: list[int]) -> None:
    """``ask`` for the decisions of the game's own flow, which no card being played and no
    effect resolving encloses (set-up, main step, core moves, attack, block, flash timing):
    no card, published without looking at the frames."""
    s.ctx_card = -1
    s.ask(player, kind, legal)
