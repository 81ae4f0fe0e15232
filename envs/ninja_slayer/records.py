"""The plain-int records the Ninja Slayer state keeps in its lists, slot by slot.

The rules, the encoders and the heuristic read these records through the names below, never
through bare indices. (A frame's slots, the rules' own, are named in ``rules/frames.py``.)
"""
from __future__ import annotations

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


def sobj(kind: int, card: int, obj: int, ctl: int, ab: int, tj: int = 0) -> list:
    """A new kotodama-space object without choices (mode 0, number 0, not hidden after, no targets)."""
    return [kind, card, obj, ctl, ab, tj, 0, 0, 0]
