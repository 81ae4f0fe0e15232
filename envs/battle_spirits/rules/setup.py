"""Before the game (BS 6-2): shuffle (6-2-1-2), 5 life and 3 reserve cores with the soul core
(6-2-1-3), 4 cards (6-2-1-5), who goes first (6-2-1-6, BS-R3), the mulligans (6-2-1-7,
6-2-1-8) and the first turn (6-2-1-9).
"""

from __future__ import annotations

from ..layout import D_FIRST, D_MULLIGAN, OPTION
from ..state import S_RESERVE, Z_DECK, State
from .actions import draw
from .frames import H_TURN, SETUP_DRAW_WINNER, STEP, ask_no_context


def h_setup(s: State, f: list) -> None:
    step = f[STEP]
    if step == 0:
        for p in (0, 1):
            s.rng.shuffle(s.deck[p])  # 6-2-1-2
            s.life[p], s.reserve[p], s.soul[p] = 5, 3, S_RESERVE  # 6-2-1-3
            draw(s, p, 4)  # 6-2-1-5
        fixed = s.game.options.get("first_player")
        if fixed in (0, 1):
            s.first = fixed
            f[STEP] = 2
            return
        f.append(s.rng.below(2))  # 6-2-1-6: who wins the draw (BS-R3) ...
        ask_no_context(s, f[SETUP_DRAW_WINNER], D_FIRST, [OPTION, OPTION + 1])  # ... looks at the hand and chooses
        f[STEP] = 1
        return
    if step == 1:
        s.first = f[SETUP_DRAW_WINNER] if s.answer == OPTION else 1 - f[SETUP_DRAW_WINNER]
        f[STEP] = 2
        return
    if step in (2, 4):  # 6-2-1-7: first player first, once each
        ask_no_context(s, s.first if step == 2 else 1 - s.first, D_MULLIGAN, [OPTION, OPTION + 1])
        f[STEP] = step + 1
        return
    if step in (3, 5):
        p = s.first if step == 3 else 1 - s.first
        if s.answer == OPTION + 1:  # 6-2-1-8
            for i in s.hand[p]:
                s.zone[i] = Z_DECK
                s.known[i] = False
            s.deck[p].extend(s.hand[p])
            s.hand[p] = []
            s.rng.shuffle(s.deck[p])
            draw(s, p, 4)
        if step == 3:
            f[STEP] = 4
            return
        s.tp, s.turn = s.first, 1  # 6-2-1-9
        s.stack[-1] = [H_TURN, 0]
