"""Resolution (LM 8-6-2-4, 8-6-3, 8-8): an ability's actions in order, its optional text, its targets
chosen one at a time (8-6-3; none named: this card, 8-6-3-6), 連携 (10-14-1) and 充填 (10-12-1).
The actions themselves are the verbs (``verbs.py``)."""

from __future__ import annotations

from ...core.engine import STEP
from ..cards import T_BATTLE
from ..layout import D_TARGET, D_YES_NO, OPP_BATTLE, OPP_LEADER, OWN_BATTLE, PASS, SELF_LEADER, YES
from ..state import KNOWN, Z_BATTLE, Z_LEADER, Z_MELEE
from .context import publish
from .frames import (
    RES_ABILITY,
    RES_ACTION,
    RES_FACE,
    RES_MASTER,
    RES_MODE,
    RES_PICKS,
    RES_SRC,
    RES_SRC_OBJ,
    RES_STEP_CHARGE,
    RES_STEP_LINK,
    SC_TRIGS,
    SC_ZVER,
    VERB_STEP,
)
from .information import ability_of, leader, passes
from .loops import loop_key, loop_note
from .losing import check_loss
from .triggers import enter_battle, state_check
from .zones import charge


def target_candidates(s, p, src, t, picked):
    """Action ids of the cards target ``t`` may choose now, from p's point of view."""
    out = []
    q = 1 - p
    for side, lead, base in ((p, SELF_LEADER, OWN_BATTLE), (q, OPP_LEADER, OPP_BATTLE)):
        if (t.side == "own") != (side == p):
            continue
        if t.what in ("leader", "any") and leader(side) not in picked:
            if passes(s, leader(side), t.filt, src, p):
                out.append(lead)
        if t.what in ("battle", "any"):
            for i, u in enumerate(s.battle[side]):
                if u not in picked and passes(s, u, t.filt, src, p):
                    out.append(base + i)
    out.sort()
    return out


def _uid_of(s, p, a):
    if a == SELF_LEADER:
        return leader(p)
    if a == OPP_LEADER:
        return leader(1 - p)
    if OWN_BATTLE <= a < OWN_BATTLE + 40:
        return s.battle[p][a - OWN_BATTLE]
    return s.battle[1 - p][a - OPP_BATTLE]


def h_res(s, f):
    """An ability resolving (frame ``res_frame``, slots RES_*)."""
    st, p, src, so = f[STEP], f[RES_MASTER], f[RES_SRC], f[RES_SRC_OBJ]
    fc, ai, k = f[RES_FACE], f[RES_ABILITY], f[RES_ACTION]
    if st == RES_STEP_LINK:  # 連携 (10-14-1, LM-G20)
        s.stack.pop()
        if not s.deck[p]:
            return
        top = s.deck[p][-1]
        d = s.defs[s.cdef[top]]
        lv = s.defs[s.cdef[src]].level
        if d.type == T_BATTLE and d.level <= lv:
            enter_battle(s, top, False)
        else:
            s.deck[p].pop()
            s.deck[p].insert(0, top)
            s.known[top] = KNOWN  # revealed: known to both until a shuffle
        check_loss(s)
        return
    if st == RES_STEP_CHARGE:  # 充填 (10-12-1): top 2 deck cards to energy
        s.stack.pop()
        for _ in range(2):
            charge(s, p)
            if check_loss(s):
                return
        return
    mode = f[RES_MODE]
    a = ability_of(s, src, fc, ai)
    acts = a.modes[mode] if mode >= 0 else a.actions  # 8-6-2-2: the mode chosen while playing
    if st == 0:  # optional text: yes / no
        if a.optional:
            f.append(loop_key(s, (D_YES_NO, src)))  # at RES_PICKS while the answer is awaited
            yn = [x for x in (PASS, YES) if not (s.barred and (p, f[RES_PICKS], x) in s.barred)]
            s.ask(p, D_YES_NO, yn)
            publish(s)
            f[STEP] = 1
            return
        f[STEP] = 2
        return
    if st == 1:
        loop_note(s, p, f.pop(RES_PICKS), s.answer)
        if s.answer == PASS:
            s.stack.pop()
            return
        f[STEP] = 2
        return
    if st == 5:  # TARGET answer
        if s.answer == PASS:
            f[STEP] = 6
            return
        f.append(_uid_of(s, p, s.answer))  # RES_PICKS...
        f[STEP] = 4
        return
    if k >= len(acts):
        s.stack.pop()
        return
    act = acts[k]
    if st >= VERB_STEP:  # the verb's own steps: its decisions (verbs.py)
        if act.fn(s, f, act, src, p, -1):
            _next_action(f, k)
        return
    if st == 4:  # continue a multi-pick
        picks = f[RES_PICKS:]
        if len(picks) < act.target.count:
            cands = target_candidates(s, p, src, act.target, picks)
            if cands:
                s.ask(p, D_TARGET, ([PASS] if act.target.up_to else []) + cands)
                publish(s)
                f[STEP] = 5
                return
        f[STEP] = 6
        return
    if st == 6:  # apply a targeted action to the picks, one at a time (a break may be replaced, 8-10)
        if len(f) > RES_PICKS:
            _apply(s, f, act, src, p, f.pop(RES_PICKS))
            return
        f[RES_ACTION] = k + 1
        f[STEP] = 2
        return
    # st == 2: start action k (state triggers are checked after each instruction, LM-G35)
    c = s.scache
    if c[SC_ZVER] != s.zver or c[SC_TRIGS]:
        state_check(s)
    if act.target is None:  # a verb without a target: it acts now, or waits at a step of its own
        if act.fn(s, f, act, src, p, -1):
            _next_action(f, k)
        return
    if act.target.self_:  # 8-6-3-6: no target named -> this card
        if s.obj[src] == so or s.zone[src] == Z_LEADER:
            _apply(s, f, act, src, p, src)
    else:
        f[STEP] = 4  # 8-6-3: choose targets one at a time
        return
    f[RES_ACTION] = k + 1


def _next_action(f, k):
    """Action k is over: the next one starts (its picks and counters are dropped)."""
    del f[RES_PICKS:]
    f[RES_ACTION] = k + 1
    f[STEP] = 2


def _apply(s, f, act, src, p, u):
    """A targeted verb on card u, if it is still in the leader, battle or melee area (1-3-2)."""
    if s.zone[u] in (Z_LEADER, Z_BATTLE, Z_MELEE):
        act.fn(s, f, act, src, p, u)
