"""Checkpoints and rule processes (LM 4-5, 8-5-1, 9-1, 9-3, 9-4).

8-5-1-1 rule processes: state triggers, illegal melee (9-4), the battle area limit (9-3, LM-R4, all
picked cards dropped together 9-1-2-3); then the turn player's waiting abilities first (8-5-1-2,
8-5-1-3), ordered by their master; 8-5-1-4 the checkpoint ends.
"""

from __future__ import annotations

from ...core.engine import STEP
from ..layout import D_LIMIT_DROP, D_ORDER_TRIGGER, OWN_BATTLE, P_BP_END, P_STANDBY, PENDING
from ..state import Z_DROP
from .frames import CP_PICKS, CP_PLAYER, EV_DROP, H_CP, NO_CONTEXT, RULE, SC_TRIGS, SC_ZVER, W_MASTER, repl_frame
from .information import snap
from .replacement import repl_candidates
from .triggers import play_wait, state_check
from .zones import move

BATTLE_LIMIT = 4  # 3-6-3, 9-3: the most battle cards a player may have in the battle area


def cp(s):
    if not cp_idle(s):
        s.stack.append([H_CP, 0])


def cp_idle(s) -> bool:
    """True when a checkpoint would do nothing: no rule process due (9-3, 9-4), nothing waiting."""
    c = s.scache
    if c[SC_ZVER] != s.zver or c[SC_TRIGS]:
        state_check(s)
    if s.waits:
        return False
    b = s.battle
    if len(b[0]) > BATTLE_LIMIT or len(b[1]) > BATTLE_LIMIT:
        return False
    m = s.melee
    return not ((m[0] or m[1]) and not (P_STANDBY <= s.phase <= P_BP_END))


def h_cp(s, f):
    st = f[STEP]
    tp = s.tp
    if st == 1:  # LIMIT_DROP answer: picks collect, then all go together (9-1-2-3, LM-N1)
        p = f[CP_PLAYER]
        s.picks.append(s.battle[p][s.answer - OWN_BATTLE])
        if len(s.battle[p]) - len(s.picks) > BATTLE_LIMIT:
            s.ask(p, D_LIMIT_DROP, _limit_legal(s, p))
            s.decision_ctx = NO_CONTEXT
            return
        f[STEP] = 3
        f.extend(s.picks)  # CP_PICKS
        return
    if st == 3:  # 8-10-1: each picked card's drop may be replaced (LM-N12), decided before any moves
        if s.game.pool.has_repl:
            while len(f) > CP_PICKS:
                u = f.pop(CP_PICKS)
                if repl_candidates(s, EV_DROP, u, RULE, False, ()):
                    s.stack.append(repl_frame(EV_DROP, u, RULE, False, -1, 0, 0))
                    return
        del f[CP_PLAYER:]
        for u in s.picks:
            snap(s, u)  # last information of all of them before any leaves (8-11-1)
        for u in s.picks:
            move(s, u, Z_DROP)
        s.picks = []
        f[STEP] = 0
        return
    if st == 2:  # ORDER_TRIGGER answer
        mine = [w for w in s.waits if w[W_MASTER] == f[CP_PLAYER]]
        w = mine[s.answer - PENDING]
        del f[CP_PLAYER:]
        f[STEP] = 0
        play_wait(s, w)
        return
    # 8-5-1-1: rule processes
    state_check(s)
    if not (P_STANDBY <= s.phase <= P_BP_END):  # 9-4 illegal melee
        moved = False
        for p in (tp, 1 - tp):
            for u in s.melee[p][:]:
                move(s, u, Z_DROP)
                moved = True
        if moved:
            s.work += 1
            return
    for p in (tp, 1 - tp):  # 9-3 battle area limit (LM-R4): the master picks, never the last placed
        if len(s.battle[p]) > BATTLE_LIMIT:
            s.work += 1
            s.picks = []
            s.ask(p, D_LIMIT_DROP, _limit_legal(s, p))
            s.decision_ctx = NO_CONTEXT
            f[STEP] = 1
            f.append(p)  # CP_PLAYER
            return
    # 8-5-1-2 / 8-5-1-3: the turn player's waiting abilities first
    for p in (tp, 1 - tp):
        mine = [w for w in s.waits if w[W_MASTER] == p]
        if not mine:
            continue
        if len(mine) == 1 or all(w == mine[0] for w in mine):
            play_wait(s, mine[0])
            return
        s.ask(p, D_ORDER_TRIGGER, [PENDING + j for j in range(min(16, len(mine)))])
        s.decision_ctx = NO_CONTEXT
        f[STEP] = 2
        f.append(p)  # CP_PLAYER
        return
    s.stack.pop()  # 8-5-1-4


def _limit_legal(s, p):
    """9-3-2: never the last placed card(s) (LM-R4, LM-G22), nor a card already picked."""
    last = max(s.ets[u] for u in s.battle[p])
    prot = [u for u in s.battle[p] if s.ets[u] == last]
    if len(prot) > BATTLE_LIMIT:
        prot = []  # LM-G22
    return [OWN_BATTLE + i for i, u in enumerate(s.battle[p]) if u not in prot and u not in s.picks]
