"""Leader Melee rules: resumable handlers over the kernel's frames.

Rule numbers refer to ``004_aa1cf9ba4a76fa5b.txt`` with rulings LM-R1..R6 (seeds README)
and LM-G1..G36 (design brief); the project's own rulings are in
``docs/rules/leader_melee_notes.md``. A frame is ``[handler, step, args...]``.
"""
from __future__ import annotations

from .cards import A_ACTIVATED, A_AWAKEN, A_COOPERATE, A_TRIGGER, T_BATTLE, T_EXTRA
from .layout import (BATTLE_ABILITY, DECLARE_ATTACK, D_CHOOSE_ATTACKER, D_CHOOSE_TARGET, D_DRAW_UP_TO,
                     D_FT_ATTACK, D_FT_GUARD, D_FT_MAIN, D_FT_STANDBY, D_LIMIT_DROP, D_MULLIGAN,
                     D_ORDER_TRIGGER, D_PAY_ENERGY, D_TARGET, D_YES_NO, HAND, LEADER_ABILITY,
                     OPP_BATTLE, OPP_LEADER, OWN_BATTLE, OWN_ENERGY, P_ATTACK, P_BP_END, P_CHARGE,
                     P_COMPLETE, P_END, P_GUARD, P_JUDGE, P_MAIN, P_STANDBY, PASS, PENDING, SELF_LEADER,
                     YES)
from .state import CARDS_PER_PLAYER, Z_BATTLE, Z_DECK, Z_DROP, Z_ENERGY, Z_HAND, Z_LEADER, Z_LIFE, Z_MELEE

H_SETUP, H_TURN, H_CP, H_FT, H_USE, H_RES = range(6)
U_BATTLE, U_MELEE, U_EXTRA, U_ABILITY = range(4)  # what H_USE plays
AI_LINK, AI_CHARGE = -1, -2  # keyword automatic abilities in wait records (10-14, 10-12)
LIFE_CARDS, OPENING_HAND, BATTLE_LIMIT = 7, 3, 4
END_LOOP_CAP = 64  # 11-1-1-1: an end phase that never settles is a mandatory loop -> draw
DUR_BATTLE, DUR_TURN = 0, 1


# ---- card information -----------------------------------------------------------------
def face_of(s, u):
    return s.defs[s.cdef[u]].faces[s.face[u]]


def stat(s, u, k):
    """Power (k=0) or strike (k=1) now: printed value of the visible face, then effects in
    timestamp order (8-9-1, LM-G24), floored at 0 (1-3-6)."""
    f = face_of(s, u)
    v = f.power if k == 0 else f.strike
    o = s.obj[u]
    for m in s.mods:
        if m[0] == u and m[1] == o and m[2] == k:
            v += m[3]
    return v if v > 0 else 0


def has_kw(s, u, kw):
    return kw in s.defs[s.cdef[u]].faces[s.face[u]].keywords


def on_field(s, u, o):
    """Still the same object in the leader or battle area (7-5-1-2-1, LM-G7)."""
    return s.obj[u] == o and s.zone[u] in (Z_LEADER, Z_BATTLE)


def leader(p):
    return CARDS_PER_PLAYER * p


def level_to_pay(s, p, u):
    """Level (after 速攻: -2 while the opponent's battle area is empty, 10-13, LM-G19)."""
    d = s.defs[s.cdef[u]]
    lv = d.level
    if "haste" in d.faces[0].keywords and not s.battle[1 - p]:
        lv -= 2
    return lv if lv > 0 else 0


# ---- moving cards -----------------------------------------------------------------------
def _remove(s, u):
    z, p = s.zone[u], s.owner[u]
    s.zone_list(z, p).remove(u)


def move(s, u, z, bottom=False):
    """Move card u to its owner's zone z (3-1-7). A new object except battle<->melee (3-1-4, 3-1-5)."""
    old = s.zone[u]
    p = s.owner[u]
    _remove(s, u)
    if not ({old, z} == {Z_BATTLE, Z_MELEE}):
        s.obj[u] += 1
        s.rest[u] = 0
    s.surge[u] = 0
    s.zone[u] = z
    if z in (Z_HAND, Z_ENERGY):
        lst = s.zone_list(z, p)
        lst.append(u)
        lst.sort(key=s._hand_key)
    elif z == Z_DECK:
        if bottom:
            s.deck[p].insert(0, u)
        else:
            s.deck[p].append(u)
    else:
        s.zone_list(z, p).append(u)
    if z in (Z_BATTLE, Z_MELEE):
        s.ts += 1
        s.ets[u] = s.ts
    if z not in (Z_HAND, Z_DECK, Z_LIFE):
        s.known[u] = 0


def draw(s, p):
    if s.deck[p]:
        move(s, s.deck[p][-1], Z_HAND)


def charge(s, p):
    """6-2-4-1: top deck card to energy."""
    if s.deck[p]:
        move(s, s.deck[p][-1], Z_ENERGY)


def lose_life(s, p, n):
    """4-9-1-1-1 / 4-9-1-2-1: n life cards to energy; taken from the top (LM-G4, LM-G33)."""
    for _ in range(n):
        if not s.life[p]:
            break
        move(s, s.life[p][-1], Z_ENERGY)


def check_loss(s) -> bool:
    """9-2 (interrupt type, LM-R1, LM-G3): 0 life or 0 deck cards loses; both at once -> draw (1-2-3)."""
    lost = [not s.life[p] or not s.deck[p] for p in (0, 1)]
    if lost[0] or lost[1]:
        s.finish(-1 if lost[0] and lost[1] else (1 if lost[0] else 0))
        return True
    return False


def iron_wall(s, u) -> bool:
    """鉄壁 (10-9-1, LM-G16): once per turn per object, a break or a drop by the opponent does nothing."""
    if has_kw(s, u, "iron_wall") and s.iron[u] != s.turn_no * 1000 + s.obj[u] % 1000:
        s.iron[u] = s.turn_no * 1000 + s.obj[u] % 1000
        return True
    return False


# ---- automatic abilities ----------------------------------------------------------------------
def fire(s, u, event):
    """Card u's own automatic abilities for ``event`` become waiting (8-7-2); master = its owner."""
    f = face_of(s, u)
    for ai, a in enumerate(f.abilities):
        if a.kind == A_TRIGGER and a.event == event:
            s.waits.append([s.owner[u], u, s.obj[u], s.face[u], ai])


def fire_all(s, p, event, once_per_turn=False):
    for u in [leader(p)] + s.battle[p]:
        f = face_of(s, u)
        for ai, a in enumerate(f.abilities):
            if a.kind == A_TRIGGER and a.event == event:
                key = (u, s.obj[u], s.face[u], ai)
                if once_per_turn:
                    if key in s.fired:
                        continue
                    s.fired.append(key)
                s.waits.append([p, u, s.obj[u], s.face[u], ai])


def enter_battle(s, u, from_hand):
    """A battle card enters the battle area active: play skill (10-1-1); 連携 only from hand (10-14-1)."""
    move(s, u, Z_BATTLE)
    fire(s, u, "play")
    if from_hand and has_kw(s, u, "link"):
        s.waits.append([s.owner[u], u, s.obj[u], 0, AI_LINK])


def condition_ok(s, p, cond) -> bool:
    if not cond:
        return True
    q = 1 - p
    if "life_le" in cond and len(s.life[p]) > cond["life_le"]:
        return False
    if "life_ge" in cond and len(s.life[p]) < cond["life_ge"]:
        return False
    if "own_battle_ge" in cond and len(s.battle[p]) < cond["own_battle_ge"]:
        return False
    if "opp_battle_ge" in cond and len(s.battle[q]) < cond["opp_battle_ge"]:
        return False
    if "melee_trait" in cond:
        t = cond["melee_trait"]
        if not any(t in s.defs[s.cdef[m]].faces[0].traits for m in s.melee[p]):
            return False
    return True


def ability_of(s, u, face, ai):
    return s.defs[s.cdef[u]].faces[face].abilities[ai]


# ---- setup (5-2) ------------------------------------------------------------------------------------
def h_setup(s, f):
    st = f[1]
    if st == 0:
        for p in (0, 1):  # 5-2-1-3: each player shuffles, player 0 first
            s.rng.shuffle(s.deck[p])
        fp = s.game.options["first_player"]
        s.first = s.rng.below(2) if fp is None else int(fp)  # 5-2-1-4, LM-R6: random, nobody chooses
        s.tp = s.first
        for p in (0, 1):
            for _ in range(OPENING_HAND):  # 5-2-1-5
                draw(s, p)
        f.append(s.first)
        f[1] = 1
    elif st == 1:  # mulligan, first player first (LM-R6): any number of cards
        p = f[2]
        legal = [HAND + i for i, u in enumerate(s.hand[p]) if u not in s.picks
                 and (i == 0 or s.cdef[s.hand[p][i - 1]] != s.cdef[u] or s.hand[p][i - 1] in s.picks)]
        s.ask(p, D_MULLIGAN, [PASS] + legal)
        f[1] = 2
    elif st == 2:
        p, a = f[2], s.answer
        if a != PASS:
            s.picks.append(s.hand[p][a - HAND])
            f[1] = 1
            return
        n = len(s.picks)
        for u in s.picks:  # 5-2-1-5-1: return, shuffle, draw as many
            move(s, u, Z_DECK)
        s.picks = []
        if n:
            for u in s.deck[p]:
                s.known[u] = 0
            s.rng.shuffle(s.deck[p])
            for _ in range(n):
                draw(s, p)
        if p == s.first:
            f[2] = 1 - p
            f[1] = 1
        else:
            f[1] = 3
    else:
        for p in (0, 1):  # 5-2-1-6: top 7 to life
            for _ in range(LIFE_CARDS):
                move(s, s.deck[p][-1], Z_LIFE)
        s.turn_no = 1
        s.stack.pop()
        s.stack.append([H_TURN, 0])  # 5-2-1-7


# ---- the turn (6, 7) -----------------------------------------------------------------------------------
def cp(s):
    if not cp_idle(s):
        s.stack.append([H_CP, 0])


def cp_idle(s) -> bool:
    """True when a checkpoint would do nothing: no rule process due (9-3, 9-4), nothing waiting."""
    if s.waits:
        return False
    b = s.battle
    if len(b[0]) > BATTLE_LIMIT or len(b[1]) > BATTLE_LIMIT:
        return False
    m = s.melee
    return not ((m[0] or m[1]) and not (P_STANDBY <= s.phase <= P_BP_END))


def ft(s, kind, p):
    s.stack.append([H_FT, 0, kind, p])


def h_turn(s, f):
    st = f[1]
    tp = s.tp
    if st == 0:  # 6-2-1
        s.phase = P_CHARGE
        fire_all(s, tp, "turn_start")
        f[1] = 1
        cp(s)
    elif st == 1:  # 6-2-2: no draw on the first player's first turn
        if s.turn_no > 1:
            draw(s, tp)
            if check_loss(s):
                return
        f[1] = 2
        cp(s)  # 6-2-3
    elif st == 2:  # 6-2-4 charge
        charge(s, tp)
        if check_loss(s):
            return
        f[1] = 3
        cp(s)  # 6-2-5
    elif st == 3:  # 6-3-1-1
        s.phase = P_MAIN
        fire_all(s, tp, "main_start")
        f[1] = 4
        cp(s)
    elif st == 4:  # 6-3-1-2
        f[1] = 5
        ft(s, D_FT_MAIN, tp)
    elif st == 5:  # 7-2-1-1: first standby step
        s.phase = P_STANDBY
        s.first_standby = 1
        fire_all(s, tp, "battle_phase_start")
        f[1] = 6
        cp(s)
    elif st == 6:  # 7-2-1-2
        s.phase = P_STANDBY
        f[1] = 7
        ft(s, D_FT_STANDBY, tp)
    elif st == 7:
        if s.ft_result != DECLARE_ATTACK:  # 7-2-1-3
            f[1] = 20
            return
        s.phase = P_ATTACK  # 7-3-1-1
        fire_all(s, tp, "attack_step_start")
        f[1] = 8
        cp(s)
    elif st == 8:  # 7-3-1-2
        cands = attacker_actions(s, tp)
        if not cands:
            f[1] = 20
            return
        s.ask(tp, D_CHOOSE_ATTACKER, [PASS] + cands)
        f[1] = 9
    elif st == 9:
        a = s.answer
        if a == PASS:
            f[1] = 20
            return
        u = leader(tp) if a == SELF_LEADER else s.battle[tp][a - OWN_BATTLE]
        s.rest[u] = 1  # 7-3-1-3
        s.attack, s.aobj = u, s.obj[u]
        fire(s, u, "attack")  # 10-2-1
        s.ask(tp, D_CHOOSE_TARGET, target_actions(s, tp))  # 7-3-1-4
        f[1] = 10
    elif st == 10:
        a = s.answer
        q = 1 - tp
        g = leader(q) if a == OPP_LEADER else s.battle[q][a - OPP_BATTLE]
        s.guard, s.gobj = g, s.obj[g]
        f[1] = 11
        cp(s)  # 7-3-1-5
    elif st == 11:
        f[1] = 12
        ft(s, D_FT_ATTACK, tp)  # 7-3-1-6
    elif st == 12:  # 7-3-1-7 (LM-R3): guard step only when the leader is the guard card
        if s.guard == leader(1 - tp):
            s.phase = P_GUARD
            fire_all(s, 1 - tp, "guard_step_start")
            f[1] = 13
            cp(s)  # 7-4-1-1
        else:
            f[1] = 14
    elif st == 13:
        f[1] = 14
        ft(s, D_FT_GUARD, 1 - tp)  # 7-4-1-2
    elif st == 14:
        s.phase = P_JUDGE
        fire_all(s, tp, "judgement_start")
        f[1] = 15
        cp(s)  # 7-5-1-1
    elif st == 15:
        if judge(s):
            return
        f[1] = 16
        cp(s)  # 7-5-1-5
    elif st == 16:  # 7-6-1-1 (+ 充填 at battle end, LM-G15)
        s.phase = P_COMPLETE
        fire_all(s, tp, "battle_complete")
        u = s.attack
        if on_field(s, u, s.aobj) and has_kw(s, u, "charge"):
            s.waits.append([tp, u, s.aobj, s.face[u], AI_CHARGE])
        f[1] = 17
        cp(s)
    elif st == 17:  # 7-6-1-2: melee cards to their master's energy; 怒涛 cards to the battle area
        for p in (tp, 1 - tp):
            for u in s.melee[p][:]:
                if s.surge[u]:
                    s.zone[u] = Z_BATTLE  # same object (3-1-5), new entry time, active (LM-G14)
                    s.melee[p].remove(u)
                    s.battle[p].append(u)
                    s.ts += 1
                    s.ets[u] = s.ts
                    s.rest[u] = 0
                    s.surge[u] = 0
                    fire(s, u, "play")
                else:
                    move(s, u, Z_ENERGY)
        s.mods = [m for m in s.mods if m[4] != DUR_BATTLE]  # 7-6-1-3
        s.attack = s.guard = -1
        f[1] = 6  # 7-6-1-4
    elif st == 20:  # 7-7-1-2
        s.phase = P_BP_END
        fire_all(s, tp, "battle_phase_end", once_per_turn=True)  # 7-7-1-1
        f[1] = 21
        cp(s)
    elif st == 21:  # 7-7-1-3
        s.phase = P_END
        s.end_loops = 0
        f[1] = 22
    elif st == 22:  # 6-5-1-1 / 6-5-1-2 / 6-5-1-3
        fire_all(s, tp, "turn_end", once_per_turn=True)
        s.rest[leader(tp)] = 0
        for u in s.battle[tp]:
            s.rest[u] = 0
        s.ctx = [s.work]
        f[1] = 23
        cp(s)
    elif st == 23:
        s.mods = [m for m in s.mods if m[4] != DUR_TURN]
        if s.work != s.ctx[0] or s.waits:  # 6-5-1-4 (LM-G2): run the end phase again
            s.end_loops += 1
            if s.end_loops >= END_LOOP_CAP:
                s.finish(-1)  # 11-1-1-1
                return
            f[1] = 22
            return
        s.ctx = []
        s.tp = 1 - tp
        s.turn_no += 1
        s.once = []
        s.fired = []
        s.first_standby = 0
        f[1] = 0


def attacker_actions(s, p):
    """7-3-1-2 (LM-G18): active leader / battle cards; every one has a target (the leader or a 防衛 card)."""
    out = []
    if not s.rest[leader(p)]:
        out.append(SELF_LEADER)
    for i, u in enumerate(s.battle[p]):
        if not s.rest[u]:
            out.append(OWN_BATTLE + i)
    return out


def target_actions(s, p):
    """7-3-1-4, 防衛 (10-10-1, LM-G17): only 防衛 cards while the defender has one."""
    q = 1 - p
    defend = [OPP_BATTLE + i for i, u in enumerate(s.battle[q]) if has_kw(s, u, "defend")]
    if defend:
        return defend
    return [OPP_LEADER] + [OPP_BATTLE + i for i in range(len(s.battle[q]))]


def judge(s) -> bool:
    """7-5-1-2 .. 7-5-1-4: attack side >= guard side wins. Returns True if the game ended."""
    tp, q = s.tp, 1 - s.tp
    a, g = s.attack, s.guard
    atk = (stat(s, a, 0) if on_field(s, a, s.aobj) else 0) + sum(stat(s, u, 0) for u in s.melee[tp])
    grd = (stat(s, g, 0) if on_field(s, g, s.gobj) else 0) + sum(stat(s, u, 0) for u in s.melee[q])
    if atk < grd:
        return False
    if g == leader(q):  # 7-5-1-4-1
        n = stat(s, a, 1) if on_field(s, a, s.aobj) else 0  # 7-5-1-4-1-1
        if n > 0 and s.life[q]:
            lose_life(s, q, n)
            fire(s, a, "strike")  # 10-3-1, LM-G8
        return check_loss(s)
    if on_field(s, g, s.gobj):  # 7-5-1-4-2 (a gone guard card is not broken, LM-G7)
        if iron_wall(s, g):
            return False
        move(s, g, Z_ENERGY)
        if on_field(s, a, s.aobj):
            fire(s, a, "break")  # 10-4-1, LM-G9
    return False


# ---- checkpoint (8-5-1) ---------------------------------------------------------------------
def h_cp(s, f):
    st = f[1]
    tp = s.tp
    if st == 1:  # LIMIT_DROP answer
        p = f[2]
        u = s.battle[p][s.answer - OWN_BATTLE]
        move(s, u, Z_DROP)
        f[1] = 0
        del f[2:]
        return
    if st == 2:  # ORDER_TRIGGER answer
        mine = [w for w in s.waits if w[0] == f[2]]
        w = mine[s.answer - PENDING]
        del f[2:]
        f[1] = 0
        _play_wait(s, w)
        return
    # 8-5-1-1: rule processes
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
            last = max(s.ets[u] for u in s.battle[p])
            prot = [u for u in s.battle[p] if s.ets[u] == last]
            if len(prot) > BATTLE_LIMIT:
                prot = []  # LM-G22
            legal = [OWN_BATTLE + i for i, u in enumerate(s.battle[p]) if u not in prot]
            s.work += 1
            s.ask(p, D_LIMIT_DROP, legal)
            f[1] = 1
            f.append(p)
            return
    # 8-5-1-2 / 8-5-1-3: the turn player's waiting abilities first
    for p in (tp, 1 - tp):
        mine = [w for w in s.waits if w[0] == p]
        if not mine:
            continue
        if len(mine) == 1 or all(w == mine[0] for w in mine):
            _play_wait(s, mine[0])
            return
        s.ask(p, D_ORDER_TRIGGER, [PENDING + j for j in range(min(16, len(mine)))])
        f[1] = 2
        f.append(p)
        return
    s.stack.pop()  # 8-5-1-4


def _play_wait(s, w):
    s.waits.remove(w)  # 8-7-3
    s.work += 1
    p, u, o, fc, ai = w
    if ai == AI_LINK:
        s.stack.append([H_RES, 10, p, u, o, fc, ai, 0])
        return
    if ai == AI_CHARGE:
        s.stack.append([H_RES, 11, p, u, o, fc, ai, 0])
        return
    a = ability_of(s, u, fc, ai)
    if a.once:
        key = (u, o, fc, ai)
        if key in s.once:
            return  # 8-7-3-1, LM-G21
        s.once.append(key)
    if not condition_ok(s, p, a.condition):
        return
    s.stack.append([H_RES, 0, p, u, o, fc, ai, 0])


# ---- free timing (8-5-2) ------------------------------------------------------------------------
def energy_choices(s, p):
    """PAY_ENERGY: the first energy slot of each card kind (energy is sorted by card)."""
    out = []
    prev = -1
    for i, u in enumerate(s.energy[p]):
        c = s.cdef[u]
        if c != prev:
            out.append(OWN_ENERGY + i)
            prev = c
    return out


def _ability_ok(s, p, u, a, timing_kind):
    if a.once and (u, s.obj[u], s.face[u], face_of(s, u).abilities.index(a)) in s.once:
        return False
    if a.rest_self and s.rest[u]:
        return False
    if a.energy > len(s.energy[p]):
        return False
    if not condition_ok(s, p, a.condition):
        return False
    if a.kind == A_ACTIVATED:
        return (a.event == "main") == (timing_kind == D_FT_MAIN)
    if a.kind == A_AWAKEN:
        return True  # 6-3-1-2-3, 7-2-1-2-2-1, 7-3-1-6-3-1, 7-4-1-2-3-1
    if a.kind == A_COOPERATE:
        return timing_kind == D_FT_GUARD  # LM-G12
    return False


def ft_actions(s, kind, p):
    out = [PASS]
    q = 1 - p
    if kind == D_FT_STANDBY and attacker_actions(s, p):
        out.append(DECLARE_ATTACK)  # 7-2-1-2-1
    lu = leader(p)
    j = 0
    for a in face_of(s, lu).abilities:
        if a.kind == A_TRIGGER:
            continue
        if _ability_ok(s, p, lu, a, kind):
            out.append(LEADER_ABILITY + j)
        j += 1
    for si, u in enumerate(s.battle[p][:4]):
        j = 0
        for a in face_of(s, u).abilities:
            if a.kind != A_ACTIVATED:
                continue
            if _ability_ok(s, p, u, a, kind):
                out.append(BATTLE_ABILITY + 4 * si + j)
            j += 1
    prev = -1
    energy = len(s.energy[p])
    for i, u in enumerate(s.hand[p]):
        c = s.cdef[u]
        if c == prev:
            continue
        prev = c
        d = s.defs[c]
        if d.type == T_BATTLE:
            if kind == D_FT_STANDBY:
                continue
            if level_to_pay(s, p, u) <= energy:
                out.append(HAND + i)
        elif d.type == T_EXTRA:
            a = d.faces[0].abilities[0]
            if (a.event == "main") != (kind == D_FT_MAIN):
                continue
            if level_to_pay(s, p, u) + a.energy <= energy and condition_ok(s, p, a.condition):
                out.append(HAND + i)
    if kind in (D_FT_ATTACK, D_FT_GUARD):  # 7-3-1-6-1 / 7-4-1-2-1: active battle cards to melee
        for i, u in enumerate(s.battle[p]):
            if not s.rest[u]:
                out.append(OWN_BATTLE + i)
    del q
    out.sort()
    return out


def h_ft(s, f):
    st, kind, p = f[1], f[2], f[3]
    if st == 0:
        f[1] = 1
        if not cp_idle(s):
            s.stack.append([H_CP, 0])  # 4-6-2, 8-5-2-1
            return
        st = 1
    if st == 1:
        s.ask(p, kind, ft_actions(s, kind, p))
        f[1] = 2
        return
    a = s.answer
    if a == PASS or a == DECLARE_ATTACK:  # 8-5-2-3
        s.ft_result = a
        s.stack.pop()
        return
    f[1] = 0  # 4-6-3-1: free timing again after the action
    if a >= HAND and a < HAND + 40:
        u = s.hand[p][a - HAND]
        s.known[u] = 1  # 8-6-2-1: revealed while its costs are paid
        d = s.defs[s.cdef[u]]
        if d.type == T_EXTRA:
            a0 = d.faces[0].abilities[0]
            s.stack.append([H_USE, 0, p, u, U_EXTRA, 0, 0, level_to_pay(s, p, u) + a0.energy])
        else:
            dest = U_BATTLE if kind == D_FT_MAIN else U_MELEE
            s.stack.append([H_USE, 0, p, u, dest, 0, 0, level_to_pay(s, p, u)])
    elif LEADER_ABILITY <= a < LEADER_ABILITY + 4:
        u = leader(p)
        ai = _nth_activated(s, u, a - LEADER_ABILITY, leader_=True)
        s.stack.append([H_USE, 0, p, u, U_ABILITY, s.face[u], ai, ability_of(s, u, s.face[u], ai).energy])
    elif BATTLE_ABILITY <= a < BATTLE_ABILITY + 16:
        si, j = divmod(a - BATTLE_ABILITY, 4)
        u = s.battle[p][si]
        ai = _nth_activated(s, u, j, leader_=False)
        s.stack.append([H_USE, 0, p, u, U_ABILITY, 0, ai, ability_of(s, u, 0, ai).energy])
    else:  # OWN_BATTLE i: move an active battle card to the melee area (same object, 3-1-4)
        u = s.battle[p][a - OWN_BATTLE]
        s.battle[p].remove(u)
        s.melee[p].append(u)
        s.zone[u] = Z_MELEE
        s.ts += 1
        s.ets[u] = s.ts
        fire(s, u, "melee")  # 10-6-1


def _nth_activated(s, u, j, leader_):
    k = 0
    for ai, a in enumerate(face_of(s, u).abilities):
        if a.kind == A_TRIGGER or (not leader_ and a.kind != A_ACTIVATED):
            continue
        if k == j:
            return ai
        k += 1
    raise AssertionError("no such ability")


# ---- playing cards and abilities (8-6-2) ----------------------------------------------------------
def h_use(s, f):
    st, p, u, what, fc, ai, left = f[1], f[2], f[3], f[4], f[5], f[6], f[7]
    if st == 0:  # 8-6-2-3: determine and pay the energy, one card at a time
        if left > 0:
            s.ask(p, D_PAY_ENERGY, energy_choices(s, p))
            f[1] = 1
            return
        f[1] = 2
        return
    if st == 1:
        move(s, s.energy[p][s.answer - OWN_ENERGY], Z_DROP)  # 2-10-1-1
        f[7] = left - 1
        f[1] = 0
        return
    s.stack.pop()  # 8-6-2-4: resolve
    if what == U_BATTLE:
        enter_battle(s, u, True)  # 8-6-2-4-1
    elif what == U_MELEE:
        move(s, u, Z_MELEE)  # 7-3-1-6-2; no play skill, no 連携 (LM-G32)
        if has_kw(s, u, "surge"):
            s.surge[u] = 1  # 10-11-1, LM-G14
        fire(s, u, "melee")
    elif what == U_EXTRA:
        move(s, u, Z_DROP)  # 8-6-2-4-2: to the drop first, then the effect (LM-G26)
        s.stack.append([H_RES, 2, p, u, s.obj[u], 0, 0, 0])
    else:
        a = ability_of(s, u, fc, ai)
        if a.once:
            s.once.append((u, s.obj[u], fc, ai))  # 10-15
        if a.rest_self:
            s.rest[u] = 1
        if a.kind in (A_AWAKEN, A_COOPERATE):
            s.face[u] = 1  # 10-7-3 / 10-8-3: same card, effects kept
        s.stack.append([H_RES, 2, p, u, s.obj[u], fc, ai, 0])


# ---- resolution (8-6-2-4, 8-6-3) ------------------------------------------------------------------
def target_candidates(s, p, src, t, picked):
    """Action ids of the cards target ``t`` may choose now, from p's point of view."""
    out = []
    q = 1 - p
    for side, lead, base in ((p, SELF_LEADER, OWN_BATTLE), (q, OPP_LEADER, OPP_BATTLE)):
        if (t.side == "own") != (side == p):
            continue
        if t.what in ("leader", "any") and leader(side) not in picked:
            if _passes(s, leader(side), t):
                out.append(lead)
        if t.what in ("battle", "any"):
            for i, u in enumerate(s.battle[side]):
                if u not in picked and _passes(s, u, t):
                    out.append(base + i)
    out.sort()
    return out


def _passes(s, u, t):
    if t.power_le is not None and stat(s, u, 0) > t.power_le:
        return False
    if t.rested is not None and bool(s.rest[u]) != t.rested:
        return False
    return True


def _uid_of(s, p, a):
    if a == SELF_LEADER:
        return leader(p)
    if a == OPP_LEADER:
        return leader(1 - p)
    if OWN_BATTLE <= a < OWN_BATTLE + 40:
        return s.battle[p][a - OWN_BATTLE]
    return s.battle[1 - p][a - OPP_BATTLE]


def h_res(s, f):
    """[H_RES, step, master, src, src_obj, face, ability, action index, picks...]"""
    st, p, src, so, fc, ai, k = f[1], f[2], f[3], f[4], f[5], f[6], f[7]
    if st == 10:  # 連携 (10-14-1, LM-G20)
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
            s.known[top] = 1  # revealed: known to both until a shuffle
        check_loss(s)
        return
    if st == 11:  # 充填 (10-12-1): top 2 deck cards to energy
        s.stack.pop()
        for _ in range(2):
            charge(s, p)
            if check_loss(s):
                return
        return
    a = ability_of(s, src, fc, ai)
    if st == 0:  # optional text: yes / no
        if a.optional:
            s.ask(p, D_YES_NO, [PASS, YES])
            f[1] = 1
            return
        f[1] = 2
        return
    if st == 1:
        if s.answer == PASS:
            s.stack.pop()
            return
        f[1] = 2
        return
    if st == 3:  # DRAW_UP_TO answer
        if s.answer == PASS:
            f[7] = k + 1
            f[1] = 2
            del f[8:]
            return
        draw(s, p)
        if check_loss(s):
            return
        f[8] += 1
        f[1] = 4
        return
    if st == 5:  # TARGET answer
        if s.answer == PASS:
            f[1] = 6
            return
        f.append(_uid_of(s, p, s.answer))
        f[1] = 4
        return
    if k >= len(a.actions):
        s.stack.pop()
        return
    act = a.actions[k]
    do = act.do
    q = 1 - p
    if st == 4:  # continue a multi-pick
        if do == "draw_up_to":
            if f[8] < act.n and s.deck[p]:
                s.ask(p, D_DRAW_UP_TO, [PASS, YES])
                f[1] = 3
                return
            del f[8:]
            f[7] = k + 1
            f[1] = 2
            return
        picks = f[8:]
        if len(picks) < act.target.count:
            cands = target_candidates(s, p, src, act.target, picks)
            if cands:
                s.ask(p, D_TARGET, ([PASS] if act.target.up_to else []) + cands)
                f[1] = 5
                return
        f[1] = 6
        return
    if st == 6:  # apply a targeted action to the picks
        for u in f[8:]:
            _apply(s, p, src, so, act, u)
            if s.dkind == -2:
                return
        del f[8:]
        f[7] = k + 1
        f[1] = 2
        return
    # st == 2: start action k
    if do == "draw":
        for _ in range(act.n):  # 4-8-3
            draw(s, p)
            if check_loss(s):
                return
    elif do == "draw_up_to":  # 4-8-4 (LM-R5)
        f.append(0)
        f[1] = 4
        return
    elif do == "charge":
        for _ in range(act.n):
            charge(s, p)
            if check_loss(s):
                return
    elif do == "damage":  # 4-9-1-2-1
        lose_life(s, q, act.n)
        if check_loss(s):
            return
    elif act.target.self_:  # 8-6-3-6: no target named -> this card
        if s.obj[src] == so or s.zone[src] == Z_LEADER:
            _apply(s, p, src, so, act, src)
    else:
        f[1] = 4  # 8-6-3: choose targets one at a time
        return
    f[7] = k + 1


def _apply(s, p, src, so, act, u):
    do = act.do
    if s.zone[u] not in (Z_LEADER, Z_BATTLE, Z_MELEE):
        return  # 1-3-2: no longer there
    if do in ("power", "strike"):
        s.mods.append([u, s.obj[u], 0 if do == "power" else 1, act.n, DUR_BATTLE if act.duration == "battle" else DUR_TURN])
    elif do == "rest":
        if s.zone[u] != Z_MELEE:
            s.rest[u] = 1
    elif do == "stand":
        if s.zone[u] != Z_MELEE:
            s.rest[u] = 0
    elif do in ("break", "drop"):
        if s.zone[u] != Z_BATTLE:
            return
        if s.owner[u] != p and iron_wall(s, u):
            return
        move(s, u, Z_ENERGY if do == "break" else Z_DROP)
        if do == "break" and s.owner[u] != p and on_field(s, src, so):
            fire(s, src, "break")  # LM-G9


HANDLERS = [h_setup, h_turn, h_cp, h_ft, h_use, h_res]
