"""The decision context the views read (no rule): what a pending decision is about, in a state field.

The encoders (``encoding.py``: observation, action strings) and the heuristic never read frames.
Where the rules ask a decision they set ``state.decision_ctx``, a ``frames.DecisionContext``
(immutable: a clone shares it): ``NO_CONTEXT`` where a decision is about no card being played or
resolving, else ``publish(state)``, which reads it from the asking frame (the top one); the
replacement chapter sets its own (``publish`` is above it). ``publish`` is also the reference the
tests hold every decision's context to:

``card``     the card being played (8-6-2) or whose ability resolves (8-6-3), or the source of the
             optional replacement effect offered (8-10-3); -1 none
``pay``      energy still to pay for the card or ability being played (2-10-1, 8-4-2)
``mode``     the mode chosen while playing (8-6-2-2); -1 none
``discard``  hand cards still to discard for its cost (8-4-2-1)
``picked``   cards found so far (SEARCH, 8-6-3-5) or put under the deck so far (PLACE_ORDER, 3-1-6)
``placed``   the cards put under the deck so far, in order (PLACE_ORDER; the owner's alone, 3-1-6-1)
``pending``  the replacement effects to order (ORDER_REPLACEMENT, 8-10-2): their keys
             ``[card, obj, face, ability]`` (``frames.K_*``; ability AI_IRON: 鉄壁)

Most decisions (free timings, attacks, checkpoints) have none: ``NO_CONTEXT``.
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
    NO_CONTEXT,
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
    DecisionContext,
)
from .replacement import repl_candidates


def publish(s) -> None:
    """Set ``s.decision_ctx`` for the decision just asked, from the frame that asks it (the top frame):
    call it right after ``s.ask``."""
    f = s.stack[-1]
    h = f[HANDLER]
    if h == H_USE:
        s.decision_ctx = DecisionContext(f[USE_CARD], f[USE_ENERGY], f[USE_MODE], f[USE_DISCARD])
    elif h == H_RES:
        if s.dkind == D_PLACE_ORDER:
            placed = tuple(f[BURY_PICKS:])
            s.decision_ctx = DecisionContext(f[RES_SRC], 0, f[RES_MODE], 0, len(placed), placed)
        else:
            s.decision_ctx = DecisionContext(f[RES_SRC], 0, f[RES_MODE], 0, f[RES_DONE] if s.dkind == D_SEARCH else 0)
    elif h == H_REPL:
        cands = repl_candidates(s, f[REPL_EVENT], f[REPL_SUBJECT], f[REPL_ACTOR], f[REPL_BATTLE], f[REPL_DONE:])
        if s.dkind == D_ORDER_REPLACEMENT:
            s.decision_ctx = DecisionContext(pending=tuple(tuple(k) for k in cands))
        elif f[REPL_CHOICE] < len(cands):  # the optional one offered (yes / no, 8-10-3)
            s.decision_ctx = DecisionContext(cands[f[REPL_CHOICE]][K_CARD])
        else:
            s.decision_ctx = NO_CONTEXT
    else:
        s.decision_ctx = NO_CONTEXT
