"""The decision context the views read (no rule): what a pending decision is about, in state fields.

The encoders (``encoding.py``: observation, action strings) and the heuristic never read frames;
``publish`` runs each time a decision is asked (``LeaderMeleeState.ask``) and copies what they need
from the asking frame into the state:

``ctx_card``     the card being played (8-6-2) or whose ability resolves (8-6-3), or the source of the
                 optional replacement effect offered (8-10-3); -1 none
``ctx_pay``      energy still to pay for the card or ability being played (2-10-1, 8-4-2)
``ctx_mode``     the mode chosen while playing (8-6-2-2); -1 none
``ctx_discard``  hand cards still to discard for its cost (8-4-2-1)
``ctx_picked``   cards found so far (SEARCH, 8-6-3-5) or put under the deck so far (PLACE_ORDER, 3-1-6)
``ctx_placed``   the cards put under the deck so far, in order (PLACE_ORDER; the owner's alone, 3-1-6-1)
``ctx_pending``  the replacement effects to order (ORDER_REPLACEMENT, 8-10-2): their keys
                 ``[card, obj, face, ability]`` (``frames.K_*``; ability AI_IRON: 鉄壁)
"""
from __future__ import annotations

from ...core.engine import HANDLER
from ..layout import D_ORDER_REPLACEMENT, D_PLACE_ORDER, D_SEARCH
from .frames import (
    BURY_PICKS,
    H_REPL,
    H_RES,
    H_USE,
    K_CARD,
    REPL_ACTOR,
    REPL_BATTLE,
    REPL_CHOICE,
    REPL_DONE,
    REPL_EVENT,
    REPL_SUBJECT,
    RES_DONE,
    RES_MODE,
    RES_SRC,
    USE_CARD,
    USE_DISCARD,
    USE_ENERGY,
    USE_MODE,
)
from .replacement import repl_candidates

NO_PLACED: list[int] = []  # shared, never mutated: the fields are replaced, not changed in place


def publish(s) -> None:
    """Set the ``ctx_*`` fields for the decision just asked, from the frame that asks it (the top frame)."""
    card, pay, mode, discard, picked, placed, pending = -1, 0, -1, 0, 0, NO_PLACED, NO_PLACED
    f = s.stack[-1] if s.stack else None
    h = f[HANDLER] if f is not None else -1
    if h == H_USE:
        card, pay, mode, discard = f[USE_CARD], f[USE_ENERGY], f[USE_MODE], f[USE_DISCARD]
    elif h == H_RES:
        card, mode = f[RES_SRC], f[RES_MODE]
        if s.dkind == D_PLACE_ORDER:
            placed = f[BURY_PICKS:]
            picked = len(placed)
        elif s.dkind == D_SEARCH:
            picked = f[RES_DONE]
    elif h == H_REPL:
        cands = repl_candidates(s, f[REPL_EVENT], f[REPL_SUBJECT], f[REPL_ACTOR], f[REPL_BATTLE], f[REPL_DONE:])
        if s.dkind == D_ORDER_REPLACEMENT:
            pending = cands
        elif f[REPL_CHOICE] < len(cands):  # the optional one offered (yes / no, 8-10-3)
            card = cands[f[REPL_CHOICE]][K_CARD]
    s.ctx_card, s.ctx_pay, s.ctx_mode, s.ctx_discard = card, pay, mode, discard
    s.ctx_picked, s.ctx_placed, s.ctx_pending = picked, placed, pending
