"""The plain-int records the Ninja Slayer state keeps in its lists, slot by slot.

The rules, the encoders and the heuristic read these records through the names below, never
through bare indices. (A frame's slots, the rules' own, are named in ``rules/frames.py``.)
"""

from __future__ import annotations

from enum import IntFlag


class Statics(IntFlag):
    """``State.statics``: which rarely used rules the cards in a game need (``rules.setup.static_flags``); the
    engine skips the lookups of the others. Hot paths test the plain ints ``SF_*`` below."""

    AURAS = 1  # static auras / attribute grants (NS 1210, 1213)
    STATE_TRIGGERS = 2  # 'when you have no cards in hand' (NS 1209.8)
    ACTIVATED = 4  # activated abilities (NS 1208)
    HIDDEN_TRIGGERS = 8  # hidden cards' triggers (NS 1209.3)
    STEP_TRIGGERS = 16  # 'at the start / end of' a step (NS 502-505, 702-707)
    KILL_TRIGGERS = 32  # 'kills' / 'killed by a character' (NS 1216.5)
    LAYERS = 64  # set-to-value or keyword-gaining effects, applied in the layers' timestamp order
    #              (NS 1213.1c-d, 1213.3b, 1213.5)
    COST_CHANGES = 128  # ether cost changes (NS 1204.2g-5/6)
    RESCUE_KILL = 256  # kill replacements of other characters: a kill may have several to choose from (NS 1214.2)
    DEFINED_VALUES = 512  # characteristic-defining abilities (NS 1210.2, 1304.4)
    DISCARD_REMOVAL = 1024  # discards replaced by removal (NS 1214.1, 1203.3)
    ADDED_ITEMS = 2048  # numeric items a card is printed without or an effect adds (NS 1213.1e)


SF_AURAS, SF_STATE_TRIGGERS, SF_ACTIVATED, SF_HIDDEN_TRIGGERS = 1, 2, 4, 8
SF_STEP_TRIGGERS, SF_KILL_TRIGGERS, SF_LAYERS, SF_COST_CHANGES = 16, 32, 64, 128
SF_RESCUE_KILL, SF_DEFINED_VALUES, SF_DISCARD_REMOVAL, SF_ADDED_ITEMS = 256, 512, 1024, 2048
SF_ITEMS = SF_ADDED_ITEMS | SF_DEFINED_VALUES  # karate / kousaku may not be the printed ones (NS 1213.1e, 1210.2)
assert all(globals()["SF_" + f.name] == f for f in Statics)

# A kotodama-space object (NS 310, ``State.kstack``): [kind, card, obj, controller, ability, tatsujin paid,
# mode, number, hide after, targets...]; kind K_CARD / K_ABILITY / K_CHECK (state.py); ability -1 for a card;
# number = X (NS 1304) or a last-known value (NS 1215); hide after: a revealed hand card goes back to
# hidden when its ability leaves (NS 1209.3c); the targets chosen at entry follow as quadruples.
SO_KIND, SO_CARD, SO_OBJ, SO_CTL, SO_ABILITY, SO_TJ, SO_MODE, SO_NUMBER, SO_HIDE = range(9)
SO_KEY = 5  # the first SO_KEY slots name the object (kind, card, obj, controller, ability)
SO_FIXED = 9  # where the target quadruples start
# a target quadruple (NS 1204.2e): [action index, card, obj, code], code T_FIELD, T_STACK_CARD, T_ZONE or
# the ability id of a targeted kotodama-space ability
TG_ACTION, TG_CARD, TG_OBJ, TG_CODE = range(4)
TG_SIZE = 4
T_FIELD, T_STACK_CARD, T_ZONE = -1, -2, -3  # T_ZONE: a card in the target's ether / Ohigan zone

# a per-turn use record (NS 1604, ``State.tuses``): [card, obj, ability id, uses this turn]; ability
# TU_SURVIVE_KILL counts the uses of the card's own kill replacement (survive_kill, NS 1214.1)
TU_CARD, TU_OBJ, TU_ABILITY, TU_COUNT = range(4)
TU_SURVIVE_KILL = -2

# a pending trigger (NS 1209.3, ``State.pending``): [player, ability, card, obj, number, hide after (a revealed hand
# card's trigger only)]; number: a last-known value (NS 1215) handed to the kotodama-space object
PT_PLAYER, PT_ABILITY, PT_CARD, PT_OBJ, PT_NUMBER, PT_HIDE = range(6)
# a reveal window (NS 1209.3a) is pending as [player, WINDOW, -1, 0, 0, card, obj, card, obj...]: the hand cards at
# the event, as (card, obj) pairs from slot PT_WINDOW_CARDS
WINDOW = -1
PT_WINDOW_CARDS = 5
# a delayed trigger (NS 1209.7, ``State.delayed``): [controller, ability, source, source obj]
DL_CTL, DL_ABILITY, DL_SRC, DL_SRC_OBJ = range(4)
# who aisatsu-ed whom this turn (NS 1403.2, ``State.aisatsu_by``): [target, its obj, aisatsu card, its obj]
AB_TARGET, AB_TARGET_OBJ, AB_ATTACKER, AB_ATTACKER_OBJ = range(4)
# who damaged whom since the last rule check (NS 1216.5a, ``State.hits``): [damaged card, its obj, source, its obj]
HIT_CARD, HIT_OBJ, HIT_SRC, HIT_SRC_OBJ = range(4)


def sobj(kind: int, card: int, obj: int, ctl: int, ab: int, tj: int = 0) -> list:
    """A new kotodama-space object without choices (mode 0, number 0, not hidden after, no targets)."""
    return [kind, card, obj, ctl, ab, tj, 0, 0, 0]
