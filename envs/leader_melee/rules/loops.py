"""Infinite loops (LM 11-1): the state 11-1-1-2 compares and the choices that stop a loop (11-1-1-2, 11-1-1-3)."""

from __future__ import annotations

from ..layout import PASS
from ..state import CARDS_PER_PLAYER


def loop_key(s, kind):
    """The game state as 11-1-1-2 compares it ("the cards of every zone identical"): every card's
    zone, rest, the leaders' faces and the decks' order, at the same kind of decision. Tuples of
    ints only: their hash is the same in every process (a pickled state keeps its loop history)."""
    z = s.zone
    return (
        hash((kind, s.face[0], s.face[CARDS_PER_PLAYER], tuple(z), tuple(s.rest), tuple(s.deck[0]), tuple(s.deck[1])))
        or 1
    )  # 0 means "no key"


def loop_note(s, p, key, a):
    """Player p answers ``a`` at a free timing or yes/no in state ``key``. If p was at this very
    state before (the actions since then are a loop, 11-1-1) and now chooses differently, p stops the
    loop: the other player who chose inside it (named the larger count) may not repeat those choices
    in those states (11-1-1-3); if nobody else chose, p may not restart it here (11-1-1-2). Counts are
    never named: repeating the loop one iteration at a time is the same game."""
    if not key:
        return
    h = s.loops
    for i in range(len(h) - 1, -1, -1):
        e = h[i]
        if e[0] == p and e[1] == key:
            if e[2] != a:
                others = [x for x in h[i + 1 :] if x[0] != p and x[2] != PASS]
                for x in others or ([e] if e[2] != PASS else []):
                    if x not in s.barred:
                        s.barred.append(x)
            break
    h.append((p, key, a))
