"""Before the game (LM 5-2): shuffle (5-2-1-3), the first player at random (5-2-1-4, LM-R6), opening hands
and the partial mulligan, first player first (5-2-1-5, 5-2-1-5-1), life cards (5-2-1-6), the first turn (5-2-1-7)."""

from __future__ import annotations

from ...core.engine import STEP
from ..layout import D_MULLIGAN, HAND, PASS
from ..state import UNKNOWN, Z_DECK, Z_LIFE
from .frames import H_TURN, NO_CONTEXT, SETUP_PLAYER
from .zones import draw, move

LIFE_CARDS, OPENING_HAND = 7, 3  # 5-2-1-6, 5-2-1-5


def h_setup(s, f):
    st = f[STEP]
    if st == 0:
        for p in (0, 1):  # 5-2-1-3: each player shuffles, player 0 first
            s.rng.shuffle(s.deck[p])
        fp = s.game.options["first_player"]
        s.first = s.rng.below(2) if fp is None else int(fp)  # 5-2-1-4, LM-R6: random, nobody chooses
        s.tp = s.first
        for p in (0, 1):
            for _ in range(OPENING_HAND):  # 5-2-1-5
                draw(s, p)
        f.append(s.first)  # SETUP_PLAYER
        f[STEP] = 1
    elif st == 1:  # mulligan, first player first (LM-R6): any number of cards
        p = f[SETUP_PLAYER]
        legal = [
            HAND + i
            for i, u in enumerate(s.hand[p])
            if u not in s.picks and (i == 0 or s.cdef[s.hand[p][i - 1]] != s.cdef[u] or s.hand[p][i - 1] in s.picks)
        ]
        s.ask(p, D_MULLIGAN, [PASS] + legal)
        s.decision_ctx = NO_CONTEXT
        f[STEP] = 2
    elif st == 2:
        p, a = f[SETUP_PLAYER], s.answer
        if a != PASS:
            s.picks.append(s.hand[p][a - HAND])
            f[STEP] = 1
            return
        n = len(s.picks)
        for u in s.picks:  # 5-2-1-5-1: return, shuffle, draw as many
            move(s, u, Z_DECK)
        s.picks = []
        if n:
            for u in s.deck[p]:
                s.known[u] = UNKNOWN
            s.rng.shuffle(s.deck[p])
            for _ in range(n):
                draw(s, p)
        if p == s.first:
            f[SETUP_PLAYER] = 1 - p
            f[STEP] = 1
        else:
            f[STEP] = 3
    else:
        for p in (0, 1):  # 5-2-1-6: top 7 to life
            for _ in range(LIFE_CARDS):
                move(s, s.deck[p][-1], Z_LIFE)
        s.turn_no = 1
        s.stack.pop()
        s.stack.append([H_TURN, 0])  # 5-2-1-7
