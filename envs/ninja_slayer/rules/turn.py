"""The turn (NS 500-505): start phase (untap 502.2, draw 502.3, ether 502.4), character phase 503, ikusa phase 504
(ikusa.py), end phase 505."""

from __future__ import annotations

from ..layout import D_ETHER, OWN_HAND, PASS, ST_CHARACTER, ST_DRAW, ST_END, ST_ETHER, ST_IKUSA, ST_UNTAP
from ..records import DL_ABILITY, DL_CTL, DL_SRC, DL_SRC_OBJ
from ..state import EF_CARD, EF_LASTS, EF_OBJ, TE_GAME, Z_ETHER
from .actions import draw
from .frames import (
    H_IKUSA,
    IKS_START,
    STEP,
    TS_CHARACTER,
    TS_CLEANUP,
    TS_DRAW,
    TS_END,
    TS_ETHER,
    TS_ETHER_PLACED,
    TS_IKUSA,
    TS_UNTAP,
)
from .priority import pri
from .rule_check import loss_pending
from .triggers import phase


def h_turn(s, f) -> None:
    st = f[STEP]
    tp = s.tp
    if st == TS_UNTAP:  # NS 502.2a: untap own field and ether cards; 502.2c priority
        s.step = ST_UNTAP
        for j in s.field[tp]:
            s.bowed[j] = False
        for j in s.ether[tp]:
            s.bowed[j] = False
        phase(s, "start_of_turn")  # NS 502.2b
        if s.turn == 1:
            phase(s, "start_of_game")
        f[STEP] = TS_DRAW
        pri(s)
    elif st == TS_DRAW:  # NS 502.3a: draw 2, 1 on the game's first turn
        s.step = ST_DRAW
        draw(s, tp, 1 if s.turn == 1 else 2)
        phase(s, "start_of_draw")  # NS 502.3b: after the draw of 502.3a
        f[STEP] = TS_ETHER
        pri(s)
    elif st == TS_ETHER:  # NS 502.4a: up to one hand card into the ether zone
        s.step = ST_ETHER
        f[STEP] = TS_ETHER_PLACED
        s.ctx = -1
        s.ask(tp, D_ETHER, [PASS] + [OWN_HAND + k for k in range(len(s.hand[tp]))])
    elif st == TS_ETHER_PLACED:
        if s.answer != PASS:
            s.move(s.hand[tp][s.answer - OWN_HAND], Z_ETHER)
        phase(s, "start_of_ether")  # NS 502.4b: after the placement of 502.4a
        f[STEP] = TS_CHARACTER
        pri(s)
    elif st == TS_CHARACTER:  # NS 503: character phase
        s.step = ST_CHARACTER
        phase(s, "start_of_character")  # NS 503.1
        f[STEP] = TS_IKUSA
        pri(s)
    elif st == TS_IKUSA:  # NS 700: ikusa phase
        s.step = ST_IKUSA
        f[STEP] = TS_END
        s.stack.append([H_IKUSA, IKS_START])
    elif st == TS_END:  # NS 505.1-2: end phase
        s.step = ST_END
        f[STEP] = TS_CLEANUP
        if s.delayed:  # NS 1209.7: delayed 'at the start of the next end phase' triggers, once
            for d in s.delayed:
                s.pending.append([d[DL_CTL], d[DL_ABILITY], d[DL_SRC], d[DL_SRC_OBJ], 0])
            s.delayed = []
        phase(s, "end_of_turn")  # NS 505.1
        pri(s)
    elif st == TS_CLEANUP:  # NS 505.3: damage -> 0, 'this turn' effects end
        for p in (0, 1):
            for j in s.field[p]:
                s.dmg[j] = 0
                s.ikusa_hit[j] = False
                s.redirected[j] = -1  # NS 1402.2-3, 705.3a-1: interrupt is once per turn
        if s.teff:  # NS 1213.8: effects without an end point stay (while their object does)
            s.teff = [t for t in s.teff if t[EF_LASTS] == TE_GAME and s.obj[t[EF_CARD]] == t[EF_OBJ]]
        s.tuses = []
        s.aisatsu_by = []
        if s.pending or s.carried[0] or s.carried[1] or loss_pending(s):
            pri(s)  # NS 505.3c: back to 505.2
            return
        s.tp = 1 - tp  # NS 505.4
        s.turn += 1
        f[STEP] = TS_UNTAP
