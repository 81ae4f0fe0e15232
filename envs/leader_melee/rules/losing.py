"""Losing the game (LM 1-2, 9-2; LM-R1): 0 life cards or 0 deck cards loses; both at once, a draw (1-2-3)."""

from __future__ import annotations


def check_loss(s) -> bool:
    """9-2 (interrupt type, LM-R1, LM-G3): 0 life or 0 deck cards loses; both at once -> draw (1-2-3)."""
    lost = [not s.life[p] or not s.deck[p] for p in (0, 1)]
    if lost[0] or lost[1]:
        s.finish(-1 if lost[0] and lost[1] else (1 if lost[0] else 0))
        return True
    return False
