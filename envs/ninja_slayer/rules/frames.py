"""The rules' frames (``[handler, step, args...]``, envs/core/engine.py): handler ids and each frame's slots.

Handler ids index ``HANDLERS`` (rules/__init__.py); they keep their values, so seeded games replay the same.
A frame's own arguments follow ``HANDLER`` and ``STEP`` from slot 2, named per handler below.
"""

from __future__ import annotations

from ...core.engine import HANDLER, STEP  # noqa: F401  (re-exported: every chapter reads f[STEP])

H_SETUP, H_TURN, H_PRI, H_RC, H_ENTER, H_RESOLVE, H_EXEC, H_IKUSA, H_UKEMI, H_REPL = range(10)

# frame of h_setup and h_turn: [H_SETUP / H_TURN, step] (h_setup turns its frame into the turn's); the turn's steps:
# untap 502.2, draw 502.3, ether 502.4 (asked, then placed), character phase 503, ikusa phase 504, end phase 505.1-2,
# its final processing 505.3
TS_UNTAP, TS_DRAW, TS_ETHER, TS_ETHER_PLACED, TS_CHARACTER, TS_IKUSA, TS_END, TS_CLEANUP = range(8)
# frame of h_ikusa: [H_IKUSA, step]; its steps: ikusa start 702, aisatsu target selection step 704.1-2, asking the
# aisatsu card 704.3 and its target 704.4, the aisatsu 704.5-8, interrupt step 705.1-2, asking 705.3, the interrupt
# 705.4-6, ikusa damage step 706.1-3, the damage 706.4, after its rule check (1216.6), end of the damage step 706.6,
# ikusa end processing 706.8, the next aisatsu 706.9-10, ikusa end step 707, done
(
    IKS_START,
    IKS_TARGET_STEP,
    IKS_ASK_ATTACKER,
    IKS_ATTACKER,
    IKS_TARGET,
    IKS_INTERRUPT_STEP,
    IKS_ASK_INTERRUPT,
    IKS_INTERRUPT,
    IKS_DAMAGE_STEP,
    IKS_DAMAGE,
    IKS_END_OF_DAMAGE,
    IKS_NEXT,
    IKS_AFTER_DAMAGE_CHECK,
    IKS_END_PROCESSING,
) = range(14)
IKS_END_STEP, IKS_DONE = 20, 21
# frame of h_pri (NS 802): [H_PRI, step, passes in a row, who holds priority]
PRI_PASSES, PRI_HOLDER = range(2, 4)
PRS_CHECK, PRS_OFFER, PRS_ANSWER = range(3)  # steps: the rule check first (802.3), offer priority, its answer
# frame of h_rc (NS 902): [H_RC, step] and, while a decision is pending, one more slot RC_ASKED: the player
# ordering their triggers (step 2) or the index in ``State.pending`` of the reveal window asked (step 3)
RC_ASKED = 2
# steps: the rule processes (902.1a), the pending triggers (902.1b-c), the order answered, a reveal answered
RCS_PROCESS, RCS_TRIGGERS, RCS_ORDER, RCS_REVEAL = range(4)
# frame of h_enter (NS 1204): [H_ENTER, step, card, ether left to pay, jitsu left, player, ability (-1: the card
# itself), other cost left (the additional cost, or '(bow this)' of an activated ability), target action index,
# targets chosen for it (or DONE), entering a trigger (1) and, when entered by an effect, free (1: without paying
# its cost, NS 1313.1b)]
EN_CARD, EN_ETHER, EN_JITSU, EN_PLAYER, EN_ABILITY, EN_EXTRA, EN_ACTION, EN_PICKS, EN_TRIGGER, EN_FREE = range(2, 12)
# steps: onto the kotodama space, then each choice asked and answered (mode 1204.2b, tatsujin 1204.2c, X 1204.2d,
# targets 1204.2e, a distribution's units 1204.2f), then the costs (1204.2i) with each payment's answer
(
    ENS_START,
    ENS_MODE,
    ENS_MODE_ANSWER,
    ENS_TATSUJIN,
    ENS_TATSUJIN_ANSWER,
    ENS_X,
    ENS_X_ANSWER,
    ENS_TARGETS,
    ENS_TARGET_ANSWER,
    ENS_COSTS,
    ENS_ETHER_ANSWER,
    ENS_JITSU_ANSWER,
    ENS_EXTRA_ANSWER,
    ENS_DISTRIBUTE_ANSWER,
) = range(14)


def enter_frame(
    card: int,
    player: int,
    ability: int = -1,
    ether: int = 0,
    jitsu: int = 0,
    step: int = ENS_START,
    trigger: int = 0,
    free: bool = False,
) -> list:
    """The frame of h_enter entering ``card`` (``ability`` -1) or its ability for ``player`` with the costs
    ``ether`` / ``jitsu`` to pay; a trigger (``trigger`` 1) is already on the kotodama space and starts at
    ENS_MODE; ``free``: entered by an effect without paying its cost (NS 1313.1b)."""
    f = [H_ENTER, step, card, ether, jitsu, player, ability, 0, 0, 0, trigger]
    if free:
        f.append(1)  # EN_FREE
    return f


# frame of h_resolve (NS 1205): [H_RESOLVE, step] and, from step 1, the resolving object's key
# (``records.SO_KEY`` slots: kind, card, obj, controller, ability) from slot RES_KEY
RES_KEY = 2
RSS_START, RSS_DONE = range(2)  # steps: the object resolves; it leaves the kotodama space (1205.1c-d)
# frame of h_exec (an ability's actions): [H_EXEC, step, ability, action index, source, source obj, controller,
# count (of the action's targets / picks done), extra (a verb's own: picked cards as bits, a running total),
# tatsujin paid, mode, number (X or the last-known value), targets chosen at entry (quadruples, records.TG_*)...]
(EX_ABILITY, EX_ACTION, EX_SRC, EX_SRC_OBJ, EX_CTL, EX_COUNT, EX_EXTRA, EX_TJ, EX_MODE, EX_NUMBER, EX_TARGETS) = range(
    2, 13
)
EXS_START, EXS_RUN, EXS_ANSWER = range(3)  # steps: conditions (NS-G11) and X; the actions; a verb's answer
# frame of h_ukemi (NS 1104.4a, 1211.3a): [H_UKEMI, step, card, ether left to pay, player]
UK_CARD, UK_ETHER, UK_PLAYER = range(2, 5)
UKS_ASK, UKS_ANSWER, UKS_PAY, UKS_PAID = range(4)  # steps: pay or not, the answer, paying, an ether card bowed
# frame of h_repl (NS 1214.2): [H_REPL, step, card about to be killed, its obj, perform the kill (1), its source]
RP_CARD, RP_OBJ, RP_PERFORM, RP_SOURCE = range(2, 6)
RPS_ASK, RPS_ANSWER = range(2)
