"""The rule check (NS 900) and the rule processes (NS 1000): loss 1002 (NS-R1, NS-R2), player damage 1003,
character damage 1004; pending triggers entered turn player's first (902.1b-c)."""

from __future__ import annotations

from ..layout import D_ORDER, OPTION
from ..records import PT_ABILITY, PT_CARD, PT_PLAYER, SF_DEFINED_VALUES, SF_STATE_TRIGGERS, WINDOW, sobj
from ..state import K_CHECK
from .actions import kill
from .frames import RC_ASKED, RCS_ORDER, RCS_PROCESS, RCS_REVEAL, RCS_TRIGGERS, STEP
from .replacement import forget_choices, rule_kills_first
from .triggers import reveal_answer, reveal_window, state_triggers, take_trigger


def rule_processes(s) -> bool:
    """NS 902.1a, NS-G14: 1002 -> 1003 -> 1004, repeated until none applies; False when
    the game ended or a replacement choice (NS 1214.2) was pushed: the caller returns and runs
    its rule check again afterwards."""
    tp = s.tp
    while True:
        if len(s.damage[0]) >= 10 or len(s.damage[1]) >= 10 or not s.deck[0] or not s.deck[1]:
            losers = [p for p in (0, 1) if len(s.damage[p]) >= 10 or not s.deck[p]]  # NS 1002.1, NS-R2
            s.finish(1 - tp if len(losers) == 2 else 1 - losers[0])  # NS 103.3 / NS-R1
            return False
        done = False
        if s.carried[0] or s.carried[1]:
            for p in (tp, 1 - tp):  # NS 1003.2: turn player's checks first, so the other's resolve first
                if s.carried[p]:
                    for _ in range(s.carried[p]):
                        s.kstack.append(sobj(K_CHECK, -1, 0, p, -1))
                    s.carried[p] = 0  # NS 1003.3
                    done = True
        dmg = s.dmg
        if s.teff or s.statics & SF_DEFINED_VALUES:  # effects or a defined durability (NS 1210.2, 1304.4)
            dead = [j for p in (tp, 1 - tp) for j in s.field[p] if dmg[j] >= s.durability(j)]
        else:  # printed durability >= 1: only damaged characters can die
            defs, cdef = s.defs, s.cdef
            dead = [j for p in (tp, 1 - tp) for j in s.field[p] if dmg[j] and dmg[j] >= defs[cdef[j]].durability]
        if dead and rule_kills_first(s, dead):  # NS 1214.2: every replacement chosen first; the kills simultaneous
            return False  # the caller resumes at its rule check once the choice is made
        for j in dead:  # NS 1004
            kill(s, j, -1, True)
            done = True
        if not done:
            if s.repl:
                forget_choices(s)  # NS 1214.2
            if s.hits:
                s.hits = []  # NS 1216.5a: only the rule check right after the damage counts
            if s.statics & SF_STATE_TRIGGERS:
                state_triggers(s)
            return True


def h_rc(s, f) -> None:
    """NS 902 from (b): enter pending triggers, turn player's first, then rule processes again."""
    tp = s.tp
    if f[STEP] == RCS_PROCESS:
        if not rule_processes(s):
            return
        f[STEP] = RCS_TRIGGERS
    if f[STEP] == RCS_TRIGGERS:
        for p in (tp, 1 - tp):  # NS 902.1b-c
            mine = [t for t in s.pending if t[PT_PLAYER] == p]
            if not mine:
                continue
            for t in mine:
                if t[PT_ABILITY] == WINDOW:  # NS 1209.3a: the reveals decide which hidden cards' triggers exist
                    reveal_window(s, f, t)
                    return
            if len(mine) == 1:
                take_trigger(s, f, mine[0])
                return
            s.opts = [s.cdef[t[PT_CARD]] for t in mine]
            s.ctx = -1
            f[STEP] = RCS_ORDER
            f.append(p)  # f[RC_ASKED]
            s.ask(p, D_ORDER, [OPTION + k for k in range(min(len(mine), 32))])
            return
        s.stack.pop()
        return
    if f[STEP] == RCS_REVEAL:  # NS 1209.3a-b: reveal a hidden card (option k), or reveal no (more) cards (pass)
        w = s.pending[f[RC_ASKED]]
        del f[RC_ASKED]
        f[STEP] = RCS_PROCESS
        reveal_answer(s, w)
        return
    p = f[RC_ASKED]  # step 2: the trigger to enter next
    del f[RC_ASKED]
    mine = [t for t in s.pending if t[PT_PLAYER] == p]
    take_trigger(s, f, mine[s.answer - OPTION])


def loss_pending(s) -> bool:
    return any(len(s.damage[p]) >= 10 or not s.deck[p] for p in (0, 1))
