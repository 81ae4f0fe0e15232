"""The rule check (NS 900) and the rule processes (NS 1000): loss 1002 (NS-R1, NS-R2), player damage 1003,
character damage 1004; pending triggers entered turn player's first (902.1b-c)."""
from __future__ import annotations

from .frames import STEP
from ..records import SF_DEFINED_VALUES, SF_STATE_TRIGGERS, sobj
from ..cards import TR_FROM_HAND
from ..layout import D_ORDER, OPTION, PASS
from ..state import K_CHECK
from .triggers import SO_WIN, WINDOW, _reveal_window, _take_trigger, _window_card, state_triggers
from .actions import kill
from .replacement import forget_choices, rule_kills_first


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
        if rule_kills_first(s, dead):  # NS 1214.2: every replacement chosen first; the kills stay simultaneous
            return False  # the caller resumes at its rule check once the choice is made
        for j in dead:  # NS 1004
            kill(s, j, -1, True)
            done = True
        if not done:
            forget_choices(s)  # NS 1214.2
            if s.hits:
                s.hits = []  # NS 1216.5a: only the rule check right after the damage counts
            if s.statics & SF_STATE_TRIGGERS:
                state_triggers(s)
            return True


def h_rc(s, f) -> None:
    """NS 902 from (b): enter pending triggers, turn player's first, then rule processes again."""
    tp = s.tp
    if f[STEP] == 0:
        if not rule_processes(s):
            return
        f[STEP] = 1
    if f[STEP] == 1:
        for p in (tp, 1 - tp):  # NS 902.1b-c
            mine = [t for t in s.pending if t[0] == p]
            if not mine:
                continue
            for t in mine:
                if t[1] == WINDOW:  # NS 1209.3a: the reveals decide which hidden cards' triggers exist
                    _reveal_window(s, f, t)
                    return
            if len(mine) == 1:
                _take_trigger(s, f, mine[0])
                return
            s.opts = [s.cdef[t[2]] for t in mine]
            s.ctx = -1
            f[STEP] = 2
            f.append(p)
            s.ask(p, D_ORDER, [OPTION + k for k in range(min(len(mine), 32))])
            return
        s.stack.pop()
        return
    if f[STEP] == 3:  # NS 1209.3a-b: reveal a hidden card (option k), or reveal no (more) cards (pass)
        w = s.pending[f.pop()]
        f[STEP] = 0
        if s.answer == PASS:
            s.pending.remove(w)  # the others stay hidden and don't trigger (NS 1209.3b)
            return
        j = _window_card(s, w, s.opts[s.answer - OPTION])
        k = w.index(j, SO_WIN)
        del w[k:k + 2]  # once per event (NS 1209.3a)
        hide = 0 if s.pub[j] else 1
        s.pub[j] = True  # NS 1209.3c: revealed until its ability leaves the kotodama space
        for ab in s.defs[s.cdef[j]].triggers:
            if ab.trigger == TR_FROM_HAND:
                s.pending.append([w[0], ab.id, j, s.obj[j], 0, hide])
        return
    p = f.pop()
    mine = [t for t in s.pending if t[0] == p]
    _take_trigger(s, f, mine[s.answer - OPTION])


def _loss_pending(s) -> bool:
    return any(len(s.damage[p]) >= 10 or not s.deck[p] for p in (0, 1))
