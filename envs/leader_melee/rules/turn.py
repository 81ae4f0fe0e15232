"""The turn (LM 6, 7): charge phase (6-2), main phase (6-3), battle phase (7-2 standby, 7-3 attack,
7-4 guard, 7-5 judgement, 7-6 battle complete, 7-7 end), end phase (6-5, 6-5-1-4 LM-G2; 11-1-1-1)."""

from __future__ import annotations

from ...core.engine import STEP
from ..layout import (
    D_CHOOSE_ATTACKER,
    D_CHOOSE_TARGET,
    D_FT_ATTACK,
    D_FT_GUARD,
    D_FT_MAIN,
    D_FT_STANDBY,
    DECLARE_ATTACK,
    OPP_BATTLE,
    OPP_LEADER,
    OWN_BATTLE,
    P_ATTACK,
    P_BP_END,
    P_CHARGE,
    P_COMPLETE,
    P_END,
    P_GUARD,
    P_JUDGE,
    P_MAIN,
    P_STANDBY,
    PASS,
    SELF_LEADER,
)
from ..state import Z_BATTLE, Z_ENERGY
from .battle import attacker_actions, judge, target_actions
from .checkpoint import cp
from .frames import (
    AI_CHARGE,
    DUR_BATTLE,
    DUR_BP,
    DUR_TURN,
    NO_CONTEXT,
    TS_ATTACK,
    TS_ATTACK_DONE,
    TS_ATTACK_START,
    TS_ATTACKER,
    TS_BP_END,
    TS_BP_END_DONE,
    TS_BP_START,
    TS_CHARGE,
    TS_COMPLETE,
    TS_DRAW,
    TS_END,
    TS_END_CHECK,
    TS_GUARD,
    TS_JUDGE,
    TS_JUDGE_START,
    TS_JUDGED,
    TS_MAIN,
    TS_MAIN_START,
    TS_MELEE_OUT,
    TS_STANDBY,
    TS_STANDBY_DONE,
    TS_TARGET,
    TS_TURN_START,
)
from .free_timing import ft
from .information import expire, has_kw, leader, on_field
from .losing import check_loss
from .triggers import fire, fire_all
from .zones import charge, draw, move, shift

END_LOOP_CAP = 64  # 11-1-1-1: an end phase that never settles is a mandatory loop -> draw


def h_turn(s, f):
    st = f[STEP]
    tp = s.tp
    if st == TS_TURN_START:  # 6-2-1
        s.phase = P_CHARGE
        fire_all(s, "turn_start")
        fire_all(s, "charge_start")
        f[STEP] = TS_DRAW
        cp(s)
    elif st == TS_DRAW:  # 6-2-2: no draw on the first player's first turn
        if s.turn_no > 1:
            draw(s, tp)
            if check_loss(s):
                return
        f[STEP] = TS_CHARGE
        cp(s)  # 6-2-3
    elif st == TS_CHARGE:  # 6-2-4 charge
        charge(s, tp)
        if check_loss(s):
            return
        f[STEP] = TS_MAIN_START
        cp(s)  # 6-2-5
    elif st == TS_MAIN_START:  # 6-3-1-1
        s.phase = P_MAIN
        fire_all(s, "main_start")
        f[STEP] = TS_MAIN
        cp(s)
    elif st == TS_MAIN:  # 6-3-1-2
        f[STEP] = TS_BP_START
        ft(s, D_FT_MAIN, tp)
    elif st == TS_BP_START:  # 7-2-1-1: first standby step
        s.phase = P_STANDBY
        s.first_standby = 1
        fire_all(s, "battle_phase_start")
        f[STEP] = TS_STANDBY
        cp(s)
    elif st == TS_STANDBY:  # 7-2-1-2
        s.phase = P_STANDBY
        f[STEP] = TS_STANDBY_DONE
        ft(s, D_FT_STANDBY, tp)
    elif st == TS_STANDBY_DONE:
        if s.ft_result != DECLARE_ATTACK:  # 7-2-1-3
            f[STEP] = TS_BP_END
            return
        s.phase = P_ATTACK  # 7-3-1-1
        fire_all(s, "attack_step_start")
        f[STEP] = TS_ATTACK_START
        cp(s)
    elif st == TS_ATTACK_START:  # 7-3-1-2
        cands = attacker_actions(s, tp)
        if not cands:
            f[STEP] = TS_BP_END
            return
        s.ask(tp, D_CHOOSE_ATTACKER, [PASS] + cands)
        s.decision_ctx = NO_CONTEXT
        f[STEP] = TS_ATTACKER
    elif st == TS_ATTACKER:
        a = s.answer
        if a == PASS:
            f[STEP] = TS_BP_END
            return
        u = leader(tp) if a == SELF_LEADER else s.battle[tp][a - OWN_BATTLE]
        s.rest[u] = 1  # 7-3-1-3
        s.attack, s.aobj = u, s.obj[u]
        fire(s, u, "attack")  # 10-2-1
        s.ask(tp, D_CHOOSE_TARGET, target_actions(s, tp))  # 7-3-1-4
        s.decision_ctx = NO_CONTEXT
        f[STEP] = TS_TARGET
    elif st == TS_TARGET:
        a = s.answer
        q = 1 - tp
        g = leader(q) if a == OPP_LEADER else s.battle[q][a - OPP_BATTLE]
        s.guard, s.gobj = g, s.obj[g]
        f[STEP] = TS_ATTACK
        cp(s)  # 7-3-1-5
    elif st == TS_ATTACK:
        f[STEP] = TS_ATTACK_DONE
        ft(s, D_FT_ATTACK, tp)  # 7-3-1-6
    elif st == TS_ATTACK_DONE:  # 7-3-1-7 (LM-R3): guard step only when the leader is the guard card
        if s.guard == leader(1 - tp):
            s.phase = P_GUARD
            fire_all(s, "guard_step_start")
            f[STEP] = TS_GUARD
            cp(s)  # 7-4-1-1
        else:
            f[STEP] = TS_JUDGE_START
    elif st == TS_GUARD:
        f[STEP] = TS_JUDGE_START
        ft(s, D_FT_GUARD, 1 - tp)  # 7-4-1-2
    elif st == TS_JUDGE_START:
        s.phase = P_JUDGE
        fire_all(s, "judgement_start")
        f[STEP] = TS_JUDGE
        cp(s)  # 7-5-1-1
    elif st == TS_JUDGE:
        f[STEP] = TS_JUDGED
        judge(s)  # may push replacement frames (8-10)
    elif st == TS_JUDGED:
        f[STEP] = TS_COMPLETE
        cp(s)  # 7-5-1-5
    elif st == TS_COMPLETE:  # 7-6-1-1 (+ 充填 at battle end, LM-G15)
        s.phase = P_COMPLETE
        fire_all(s, "battle_complete")
        u = s.attack
        if on_field(s, u, s.aobj) and has_kw(s, u, "charge"):
            s.waits.append([tp, u, s.aobj, s.face[u], AI_CHARGE])
        f[STEP] = TS_MELEE_OUT
        cp(s)
    elif st == TS_MELEE_OUT:  # 7-6-1-2: melee cards to their master's energy; 怒涛 cards to the battle area
        for p in (tp, 1 - tp):
            for u in s.melee[p][:]:
                if s.surge[u]:
                    shift(s, u, Z_BATTLE)  # same object (3-1-5), new entry time, active (LM-G14)
                    s.rest[u] = 0
                    s.surge[u] = 0
                    fire(s, u, "play")
                else:
                    move(s, u, Z_ENERGY)
        expire(s, DUR_BATTLE)  # 7-6-1-3
        s.attack = s.guard = -1
        f[STEP] = TS_STANDBY  # 7-6-1-4
    elif st == TS_BP_END:  # 7-7-1-2
        s.phase = P_BP_END
        fire_all(s, "battle_phase_end", once_per_turn=True)  # 7-7-1-1
        f[STEP] = TS_BP_END_DONE
        cp(s)
    elif st == TS_BP_END_DONE:  # 7-7-1-3
        expire(s, DUR_BP)  # 7-7-1-2: after its checkpoint
        s.phase = P_END
        s.end_loops = 0
        f[STEP] = TS_END
    elif st == TS_END:  # 6-5-1-1 / 6-5-1-2 / 6-5-1-3
        fire_all(s, "turn_end", once_per_turn=True)
        s.rest[leader(tp)] = 0
        for u in s.battle[tp]:
            s.rest[u] = 0
        s.ctx = [s.work]
        f[STEP] = TS_END_CHECK
        cp(s)
    elif st == TS_END_CHECK:
        expire(s, DUR_TURN)
        expire(s, DUR_BP)  # a "this battle phase" effect made after the battle phase ends with the turn (LM-N10)
        if s.work != s.ctx[0] or s.waits:  # 6-5-1-4 (LM-G2): run the end phase again
            s.end_loops += 1
            if s.end_loops >= END_LOOP_CAP:
                s.finish(-1)  # 11-1-1-1
                return
            f[STEP] = TS_END
            return
        s.ctx = []
        s.tp = 1 - tp
        s.turn_no += 1
        s.once = []
        if s.iron.count(-1) != len(s.iron):
            s.iron = [-1] * len(s.iron)  # 鉄壁 is once per turn per object (10-9-1, LM-G16): a new turn, all unused
        s.loops, s.barred = [], []  # 11-1-1-2: compared within a turn (the draw changes every zone)
        s.fired = []
        s.lki = []
        s.first_standby = 0
        f[STEP] = TS_TURN_START
