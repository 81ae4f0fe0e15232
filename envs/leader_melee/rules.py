"""Leader Melee rules: resumable handlers over the kernel's frames.

Rule numbers refer to ``004_aa1cf9ba4a76fa5b.txt`` with rulings LM-R1..R6 (seeds README)
and LM-G1..G36 (design brief); the project's own rulings are in
``docs/rules/leader_melee_notes.md``. A frame is ``[handler, step, args...]``.
"""
from __future__ import annotations

from bisect import bisect_left

from .cards import (PUBLIC_ZONES, A_ACTIVATED, A_AWAKEN, A_COOPERATE, A_RANSEN, A_REPLACE, A_TRIGGER, PLAYABLE, T_BATTLE,
                    T_EXTRA)
from .layout import (BATTLE_ABILITY, DECLARE_ATTACK, D_CHOOSE_ATTACKER, D_CHOOSE_TARGET,
                     D_FT_ATTACK, D_FT_GUARD, D_FT_MAIN, D_FT_STANDBY, D_LIMIT_DROP, D_MULLIGAN,
                     D_ORDER_REPLACEMENT, D_ORDER_TRIGGER, D_PAY_ENERGY, D_TARGET, D_YES_NO, HAND, LEADER_ABILITY,
                     D_CHOOSE_MODE, D_DISCARD, NUMBER,
                     OPP_BATTLE, OPP_LEADER, OWN_BATTLE, OWN_ENERGY, P_ATTACK, P_BP_END, P_CHARGE,
                     P_COMPLETE, P_END, P_GUARD, P_JUDGE, P_MAIN, P_STANDBY, PASS, PENDING, SELF_LEADER,
                     YES)
from .state import CARDS_PER_PLAYER, Z_BATTLE, Z_DECK, Z_DROP, Z_ENERGY, Z_HAND, Z_LEADER, Z_LIFE, Z_MELEE

H_SETUP, H_TURN, H_CP, H_FT, H_USE, H_RES, H_REPL = range(7)
U_BATTLE, U_MELEE, U_EXTRA, U_ABILITY = range(4)  # what H_USE plays
AI_LINK, AI_CHARGE, AI_IRON = -1, -2, -3  # keyword abilities in wait / replacement records (10-14, 10-12, 10-9)
LIFE_CARDS, OPENING_HAND, BATTLE_LIMIT = 7, 3, 4
MODE = 1000  # an H_RES frame's ability field is ai + MODE * (chosen mode + 1) (8-6-2-2)
VERB_STEP = 20  # H_RES steps from here on are the resolving verb's own (verbs.py)
END_LOOP_CAP = 64  # 11-1-1-1: an end phase that never settles is a mandatory loop -> draw
DUR_BATTLE, DUR_TURN, DUR_BP = 0, 1, 2  # "this battle" (7-6-1-3), "this turn" (6-5-1-3), "this battle phase" (7-7-1-2)
DURATION = {"battle": DUR_BATTLE, "turn": DUR_TURN, "battle_phase": DUR_BP}
EV_BREAK, EV_DROP, EV_DAMAGE = 0, 1, 2  # replaceable events (8-10)
RULE = -1  # the "actor" of an event a rule process causes (9-3): no player's effect (LM-N12)
EV_NAMES = ("break", "drop", "damage")


# ---- card information -----------------------------------------------------------------
def face_of(s, u):
    return s.defs[s.cdef[u]].faces[s.face[u]]


def stat(s, u, k):
    """Power (k=0) or strike (k=1) now: see ``stats``."""
    return stats(s, u)[k]


def stats(s, u):
    """(power, strike) now: printed values of the visible face, then effects in timestamp
    order (8-9-1, LM-G24), each floored at 0 (1-3-6). One pass for both (the observation
    reads both); a continuous power / strike change never filters on or counts power or
    strike (cards.py, words.reads_modified), so ``applies`` and its amount cannot come back
    to ``stats``."""
    f = s.defs[s.cdef[u]].faces[s.face[u]]
    pw, sk = f.power, f.strike
    if s.mods:
        o = s.obj[u]
        for m in s.mods:
            if m[0] == u and m[1] == o:
                if m[2] == 0:
                    pw += m[3]
                else:
                    sk += m[3]
    c = s.scache
    st = c[1] if c[0] == s.zver else statics(s)
    if st:
        z = s.zone[u]
        if z == Z_LEADER or z == Z_BATTLE:  # continuous abilities reach the leader / battle areas (LM-N9)
            for m, src, act in st:
                do = act.do
                if do == "power":
                    if applies(s, m, src, act.target, u):
                        n = act.n  # a value is read now; it never reads power or strike (cards.py)
                        pw += n if n.__class__ is int else n.fn(s, src, m, n)
                elif do == "strike":
                    if applies(s, m, src, act.target, u):
                        n = act.n
                        sk += n if n.__class__ is int else n.fn(s, src, m, n)
    return (pw if pw > 0 else 0, sk if sk > 0 else 0)


def has_kw(s, u, kw):
    """Printed keyword of the visible face, or one granted by a continuous ability (8-9-1-2);
    none while the card's abilities are negated (8-3-2)."""
    if s.neg and negated(s, u):
        return False
    if kw in s.defs[s.cdef[u]].faces[s.face[u]].keywords:
        return True
    c = s.scache
    st = c[1] if c[0] == s.zver else statics(s)
    if st:
        for m, src, act in st:
            if act.do == "grant" and act.what == kw and applies(s, m, src, act.target, u):
                return True
    return False


def negated(s, u, o=None):
    """8-3-2: card u's abilities (keywords included) are invalid by a ``negate`` effect."""
    o = s.obj[u] if o is None else o
    for n in s.neg:
        if n[0] == u and n[1] == o:
            return True
    return False


def statics(s):
    """The 【永続発動】 in effect (8-9, 10-5): (master, source, action) of every continuous
    ability of a leader's visible face or a battle card in the battle area (melee text is
    invalid, 3-7-3), valid now (8-3-3 condition, not negated 8-3-2). Cached per zone version
    ``zver`` (bumped by every move, flip and negation), since its inputs are zones only."""
    out = []
    trig = []  # (master, card, ability) of the state triggers on the field (8-7-5), for state_check
    pool = s.game.pool
    if pool.has_cont or pool.has_strig:
        defs, cdef, face = s.defs, s.cdef, s.face
        for p in (0, 1):
            for u in [CARDS_PER_PLAYER * p] + s.battle[p]:
                f = defs[cdef[u]].faces[face[u]]  # face_of
                if (f.cont or f.strig) and not (s.neg and negated(s, u)):
                    for a in f.cont:
                        if condition_ok(s, p, a.condition):
                            for act in a.actions:
                                out.append((p, u, act))
                    for ai in f.strig:
                        trig.append((p, u, ai))
    s.scache = [s.zver, out, trig]
    return out


def cur_statics(s):
    """``statics(s)``, from the cache while the zone version ``zver`` is unchanged."""
    c = s.scache
    return c[1] if c[0] == s.zver else statics(s)


def applies(s, m, src, t, u):
    """Does continuous selector ``t`` of master m's card src cover card u (leader / battle area)?"""
    if t.self_:
        return u == src
    if (t.side == "own") != (s.owner[u] == m):
        return False
    z = s.zone[u]
    if z == Z_LEADER:
        if t.what == "battle":
            return False
    elif z == Z_BATTLE:
        if t.what == "leader":
            return False
    else:
        return False
    return passes(s, u, t.filt, src, m)


def prohibited_attack(s, u):
    """Pressure skill (10-5-1): a continuous 'cannot attack' covers card u."""
    for m, src, act in cur_statics(s):
        if act.do == "prohibit" and act.what == "attack" and applies(s, m, src, act.target, u):
            return True
    return False


def prohibited_melee(s, p):
    """Pressure skill (10-5-1): player p may not move or play cards into the melee area."""
    for m, src, act in cur_statics(s):
        if act.do == "prohibit" and act.what == "melee" and (act.target.side == "own") == (p == m):
            return True
    return False


def power_of(s, u, o):
    """Card u's power as object o: now if it is still there, else its last information (8-11-1)."""
    if s.obj[u] == o and s.zone[u] in (Z_LEADER, Z_BATTLE, Z_MELEE, Z_ENERGY, Z_DROP):
        return stat(s, u, 0)  # in the energy / drop area: the printed power (no effect reaches it)
    for e in s.lki:
        if e[0] == u and e[1] == o:
            return e[2]
    return 0


def snap(s, u):
    """Record card u's information as it is in the battle area before it leaves (8-7-4-1-2, 8-11-1)."""
    o = s.obj[u]
    for e in s.lki:
        if e[0] == u and e[1] == o:
            return
    pw, sk = stats(s, u)
    s.lki.append([u, o, pw, sk])


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
    if old == Z_DECK and s.known[u] == 2:  # 3-1-6-1: the opponent cannot tell which of the group this is
        kn = s.known
        for x in s.deck[p]:
            if kn[x] == 2:
                kn[x] = 0
    hits = ()
    if s.game.pool.has_moved:  # "moved" triggers (8-7-4)
        f0 = s.defs[s.cdef[u]].faces[0]
        if f0.moved and not (s.neg and negated(s, u)):
            hits = [ai for ai in f0.moved if f0.abilities[ai].zfrom == old and f0.abilities[ai].zto == z]
            if hits and old in PUBLIC_ZONES and z not in PUBLIC_ZONES:
                snap(s, u)  # 8-7-4-1-1: public -> hidden reads the card as it was in the public zone
                for ai in hits:
                    s.waits.append([p, u, s.obj[u], 0, ai])
                hits = ()
    if old == Z_BATTLE and z != Z_MELEE:  # leaves the battle area: last information, leave triggers (8-7-4)
        snap(s, u)
        f = s.defs[s.cdef[u]].faces[0]
        if f.leave and not (s.neg and negated(s, u)):
            for ai in f.leave:
                s.waits.append([p, u, s.obj[u], 0, ai])
    s.zver += 1
    s.zone_list(old, p).remove(u)
    if not ((old == Z_BATTLE and z == Z_MELEE) or (old == Z_MELEE and z == Z_BATTLE)):
        s.obj[u] += 1
        s.rest[u] = 0
    s.surge[u] = 0
    s.zone[u] = z
    if z == Z_DECK:
        if bottom:
            s.deck[p].insert(0, u)
        else:
            s.deck[p].append(u)
    else:
        lst = s.zone_list(z, p)
        lst.append(u)
        if z == Z_HAND or z == Z_ENERGY:
            lst.sort(key=s._hand_key)
    if z in (Z_BATTLE, Z_MELEE):
        s.ts += 1
        s.ets[u] = s.ts
    if z not in (Z_HAND, Z_DECK, Z_LIFE):
        s.known[u] = 0
    for ai in hits:  # 8-7-4-1-1 hidden -> public, 8-7-4-1-3 public -> public: read in the new zone
        s.waits.append([p, u, s.obj[u], 0, ai])


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


def iron_ready(s, u) -> bool:
    """鉄壁 (10-9-1, LM-G16) can still replace an event of card u this turn (once per object)."""
    return has_kw(s, u, "iron_wall") and s.iron[u] != s.turn_no * 1000 + s.obj[u] % 1000


# ---- replaceable events (8-10) ---------------------------------------------------------------
def repl_candidates(s, ev, u, actor, battle, done):
    """The replacement effects that would apply to event ``ev``: break / drop of battle card
    u, or damage to player u; ``actor`` = the player whose effect or attack causes it, or RULE for
    a rule process (8-10-1 excepts no cause: only ``by: any`` names it), ``battle`` = by battle.
    Each is [source, obj, face, ability]; 鉄壁 is [u, obj, 0, AI_IRON]. Those in ``done`` (flat
    list of keys) already applied or were declined for this event (8-10-2-3)."""
    out = []
    o = u if ev == EV_DAMAGE else s.owner[u]
    by_opp = battle or (actor != o and actor != RULE)  # 鉄壁 / by: opp: battle or the opponent's effect
    if ev != EV_DAMAGE and by_opp and iron_ready(s, u):
        out.append([u, s.obj[u], 0, AI_IRON])
    if s.game.pool.has_repl:
        name = EV_NAMES[ev]
        for src in [CARDS_PER_PLAYER * o] + s.battle[o]:
            f = face_of(s, src)
            if not f.repl or (s.neg and negated(s, src)):
                continue
            for ai in f.repl:
                a = f.abilities[ai]
                if a.event != name or (a.by == "opp" and not by_opp) or (a.by == "battle" and not battle):
                    continue
                if ev != EV_DAMAGE and (a.subject == "self") != (src == u):
                    continue
                key = [src, s.obj[src], s.face[src], ai]
                if a.once and tuple(key) in s.once:
                    continue
                if not condition_ok(s, o, a.condition, src, s.obj[src]):
                    continue
                if a.optional and not _feasible(s, src, a):
                    continue  # 8-10-3
                out.append(key)
    if done:
        out = [k for k in out if not any(done[i:i + 4] == k for i in range(0, len(done), 4))]
    return out


def _feasible(s, src, a):
    """8-10-3: an optional replacement applies only if its instead-part can be carried out."""
    for act in a.actions:
        if act.target is not None and act.target.self_:
            if s.zone[src] not in (Z_LEADER, Z_BATTLE):
                return False
            if act.can is not None and not act.can(s, src):  # the verb's own condition (verbs.py)
                return False
    return True


def remove_card(s, u, dest, actor, battle, bsrc=-1, bso=0):
    """Break (dest energy) or drop battle card u, through replacement effects (8-10, 10-9);
    ``bsrc`` is the card whose break skill this break would trigger (LM-G9)."""
    ev = EV_BREAK if dest == Z_ENERGY else EV_DROP
    if repl_candidates(s, ev, u, actor, battle, ()):
        s.stack.append([H_REPL, 0, ev, u, actor, int(battle), bsrc, bso, 0, 0])
        return
    _do_remove(s, u, dest, bsrc, bso)


def _do_remove(s, u, dest, bsrc, bso):
    move(s, u, dest)
    if bsrc >= 0 and on_field(s, bsrc, bso):
        fire(s, bsrc, "break")  # 10-4-1, LM-G9
    check_loss(s)


def deal_damage(s, q, n, actor, battle, src=-1, so=0):
    """Player q loses n life cards (4-9-1), through damage replacements (8-10); battle damage
    from attack card src triggers its strike skill (10-3-1, LM-G8)."""
    if n > 0 and repl_candidates(s, EV_DAMAGE, q, actor, battle, ()):
        s.stack.append([H_REPL, 0, EV_DAMAGE, q, actor, int(battle), src, so, n, 0])
        return
    _do_damage(s, q, n, battle, src)


def _do_damage(s, q, n, battle, src):
    if n <= 0 or not s.life[q]:
        return
    lose_life(s, q, n)
    if battle and src >= 0:
        fire(s, src, "strike")
    check_loss(s)


def h_repl(s, f):
    """[H_REPL, step, event, card|player, actor, battle, src, src_obj, amount, choice, done keys...]:
    8-10-2: while replacements apply, the affected player picks one (ORDER_REPLACEMENT), an
    optional one is a yes / no (8-10-3); 鉄壁 and 'instead' ones end the event (8-10-1-1),
    'reduce' lowers the damage and the rest are collected again; then the event happens.
    A drop of the battle area limit (actor RULE) does not happen here: the card stays in
    ``s.picks`` and goes with the others (9-1-2-3, LM-N1) unless it is replaced."""
    st, ev, u, actor, battle = f[1], f[2], f[3], f[4], f[5]
    done = f[10:]
    if st == 1:  # ORDER_REPLACEMENT answer
        f[9] = s.answer - PENDING
        st = 2
    cands = repl_candidates(s, ev, u, actor, battle, done)
    if st == 0:
        if not cands:
            s.stack.pop()
            if ev == EV_DAMAGE:
                _do_damage(s, u, f[8], battle, f[6])
            elif actor != RULE:
                _do_remove(s, u, Z_ENERGY if ev == EV_BREAK else Z_DROP, f[6], f[7])
            return
        if len(cands) > 1:
            s.ask(u if ev == EV_DAMAGE else s.owner[u], D_ORDER_REPLACEMENT,
                  [PENDING + j for j in range(min(16, len(cands)))])  # 8-10-2, 8-10-2-1
            f[1] = 1
            return
        f[9] = 0
        st = 2
    key = cands[f[9]]
    src, so, fc, ai = key
    if ai == AI_IRON:  # 鉄壁: nothing happens (LM-G16)
        s.iron[src] = s.turn_no * 1000 + so % 1000
        s.stack.pop()
        return
    a = ability_of(s, src, fc, ai)
    if st == 2 and a.optional:
        key_ = loop_key(s, (D_YES_NO, src))
        m = s.owner[src]
        s.ask(m, D_YES_NO, [x for x in (PASS, YES) if not (s.barred and (m, key_, x) in s.barred)])
        s.ctx.append(key_)
        f[1] = 3
        return
    if st == 3:
        loop_note(s, s.owner[src], s.ctx.pop(), s.answer)
    if st == 3 and s.answer == PASS:  # declined: it does not apply to this event
        f.extend(key)
        f[1] = 0
        return
    if a.once:
        s.once.append(tuple(key))  # 10-15
    s.work += 1
    if ev == EV_DAMAGE:  # 'reduce' (verbs.py): the same event with a smaller amount; collect again
        for act in a.actions:
            act.fn(s, f, act, src, s.owner[src], -1)
        f.extend(key)
        f[1] = 0
        if f[8] <= 0:
            s.stack.pop()
        return
    s.stack.pop()  # the event is replaced: its instead-part happens (8-10-1, 8-10-1-1)
    if actor == RULE:
        s.picks.remove(u)  # 9-3: this card is not put into the drop area
    if a.actions:
        s.stack.append([H_RES, 2, s.owner[src], src, so, fc, ai, 0])


# ---- automatic abilities ----------------------------------------------------------------------
def fire(s, u, event):
    """Card u's own automatic abilities for ``event`` become waiting (8-7-2); master = its owner."""
    hits = face_of(s, u).trig.get(event)
    if not hits or (s.neg and negated(s, u)):
        return  # 8-3-2
    for ai in hits:
        s.waits.append([s.owner[u], u, s.obj[u], s.face[u], ai])


def fire_all(s, event, once_per_turn=False):
    """A phase / step start (or end) happens: every leader and battle card of both players with
    that trigger waits (7-4-1-1, 8-7-2), whoever's turn it is, unless its ``turn`` word asks for
    its master's turn (own) or the opponent's (opp); the master is the card's owner (4-3-6)."""
    if event not in s.game.pool.phase_events:
        return
    defs, cdef, face = s.defs, s.cdef, s.face
    tp = s.tp
    for p in (tp, 1 - tp):
        k = (event, p == tp)
        for u in [leader(p)] + s.battle[p]:
            hits = defs[cdef[u]].faces[face[u]].ptrig.get(k)
            if not hits or (s.neg and negated(s, u)):
                continue  # 8-3-2
            for ai in hits:
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


def state_check(s):
    """State triggers (8-7-5): an ability whose state holds waits once; after it was played
    it waits again if the state still holds (8-7-5-1). ``armed`` holds those waiting."""
    if s.scache[0] != s.zver:
        statics(s)
    for p, u, ai in s.scache[2]:  # the field's state triggers, cached with the continuous effects
        key = (u, s.obj[u], s.face[u], ai)
        if key in s.armed or key in s.once:  # state triggers are once per turn (cards.py)
            continue
        if condition_ok(s, p, face_of(s, u).abilities[ai].condition, u, key[1]):
            s.armed.append(key)
            s.waits.append([p, u, key[1], key[2], ai])


def expire(s, dur):
    """Effects with duration ``dur`` end (7-6-1-3, 7-7-1-2, 6-5-1-3)."""
    if s.mods:
        s.mods = [m for m in s.mods if m[4] != dur]
    if s.neg:
        n = [x for x in s.neg if x[2] != dur]
        if len(n) != len(s.neg):
            s.neg = n
            s.zver += 1


def condition_ok(s, p, cond, u=-1, o=0) -> bool:
    """Do the compiled condition tests of master p's card u hold (8-3-3, 8-7-5, 8-7-3)? Each is a
    registered word (``words.py``) called as ``fn(state, u, p, arg)``; while they are read,
    'this card' is u as object o (``this_obj``), its last information once it has moved on (8-11-1)."""
    if not cond:
        return True
    s.this_card, s.this_obj = u, o
    for fn, arg in cond:
        if not fn(s, u, p, arg):
            s.this_card = -1
            return False
    s.this_card = -1
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
    c = s.scache
    if c[0] != s.zver or c[2]:
        state_check(s)
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
        fire_all(s, "turn_start")
        fire_all(s, "charge_start")
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
        fire_all(s, "main_start")
        f[1] = 4
        cp(s)
    elif st == 4:  # 6-3-1-2
        f[1] = 5
        ft(s, D_FT_MAIN, tp)
    elif st == 5:  # 7-2-1-1: first standby step
        s.phase = P_STANDBY
        s.first_standby = 1
        fire_all(s, "battle_phase_start")
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
        fire_all(s, "attack_step_start")
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
            fire_all(s, "guard_step_start")
            f[1] = 13
            cp(s)  # 7-4-1-1
        else:
            f[1] = 14
    elif st == 13:
        f[1] = 14
        ft(s, D_FT_GUARD, 1 - tp)  # 7-4-1-2
    elif st == 14:
        s.phase = P_JUDGE
        fire_all(s, "judgement_start")
        f[1] = 15
        cp(s)  # 7-5-1-1
    elif st == 15:
        f[1] = 18
        judge(s)  # may push replacement frames (8-10)
    elif st == 18:
        f[1] = 16
        cp(s)  # 7-5-1-5
    elif st == 16:  # 7-6-1-1 (+ 充填 at battle end, LM-G15)
        s.phase = P_COMPLETE
        fire_all(s, "battle_complete")
        u = s.attack
        if on_field(s, u, s.aobj) and has_kw(s, u, "charge"):
            s.waits.append([tp, u, s.aobj, s.face[u], AI_CHARGE])
        f[1] = 17
        cp(s)
    elif st == 17:  # 7-6-1-2: melee cards to their master's energy; 怒涛 cards to the battle area
        for p in (tp, 1 - tp):
            for u in s.melee[p][:]:
                if s.surge[u]:
                    s.zver += 1
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
        expire(s, DUR_BATTLE)  # 7-6-1-3
        s.attack = s.guard = -1
        f[1] = 6  # 7-6-1-4
    elif st == 20:  # 7-7-1-2
        s.phase = P_BP_END
        fire_all(s, "battle_phase_end", once_per_turn=True)  # 7-7-1-1
        f[1] = 21
        cp(s)
    elif st == 21:  # 7-7-1-3
        expire(s, DUR_BP)  # 7-7-1-2: after its checkpoint
        s.phase = P_END
        s.end_loops = 0
        f[1] = 22
    elif st == 22:  # 6-5-1-1 / 6-5-1-2 / 6-5-1-3
        fire_all(s, "turn_end", once_per_turn=True)
        s.rest[leader(tp)] = 0
        for u in s.battle[tp]:
            s.rest[u] = 0
        s.ctx = [s.work]
        f[1] = 23
        cp(s)
    elif st == 23:
        expire(s, DUR_TURN)
        expire(s, DUR_BP)  # a "this battle phase" effect made after the battle phase ends with the turn (LM-N10)
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
        s.loops, s.barred = [], []  # 11-1-1-2: compared within a turn (the draw changes every zone)
        s.fired = []
        s.lki = []
        s.first_standby = 0
        f[1] = 0


def attacker_actions(s, p):
    """7-3-1-2 (LM-G18): active leader / battle cards; every one has a target (the leader or a 防衛 card)."""
    out = []
    cont = bool(cur_statics(s))
    lu = leader(p)
    if not s.rest[lu] and not (cont and prohibited_attack(s, lu)):
        out.append(SELF_LEADER)
    for i, u in enumerate(s.battle[p]):
        if not s.rest[u] and not (cont and prohibited_attack(s, u)):  # 10-5-1 pressure skills
            out.append(OWN_BATTLE + i)
    return out


def target_actions(s, p):
    """7-3-1-4, 防衛 (10-10-1, LM-G17): only 防衛 cards while the defender has one."""
    q = 1 - p
    defend = [OPP_BATTLE + i for i, u in enumerate(s.battle[q]) if has_kw(s, u, "defend")]
    if defend:
        return defend
    return [OPP_LEADER] + [OPP_BATTLE + i for i in range(len(s.battle[q]))]


def judge(s):
    """7-5-1-2 .. 7-5-1-4: attack side >= guard side wins; damage and break go through
    replacement effects (8-10), so they may push an H_REPL frame."""
    tp, q = s.tp, 1 - s.tp
    a, g = s.attack, s.guard
    atk = (stat(s, a, 0) if on_field(s, a, s.aobj) else 0) + sum(stat(s, u, 0) for u in s.melee[tp])
    grd = (stat(s, g, 0) if on_field(s, g, s.gobj) else 0) + sum(stat(s, u, 0) for u in s.melee[q])
    if atk < grd:
        return
    if g == leader(q):  # 7-5-1-4-1
        n = stat(s, a, 1) if on_field(s, a, s.aobj) else 0  # 7-5-1-4-1-1
        if n > 0 and s.life[q]:
            deal_damage(s, q, n, tp, True, a, s.aobj)  # strike skill: 10-3-1, LM-G8
        return
    if on_field(s, g, s.gobj):  # 7-5-1-4-2 (a gone guard card is not broken, LM-G7)
        remove_card(s, g, Z_ENERGY, tp, True, a, s.aobj)  # break skill: 10-4-1, LM-G9


# ---- checkpoint (8-5-1) ---------------------------------------------------------------------
def h_cp(s, f):
    st = f[1]
    tp = s.tp
    if st == 1:  # LIMIT_DROP answer: picks collect, then all go together (9-1-2-3, LM-N1)
        p = f[2]
        s.picks.append(s.battle[p][s.answer - OWN_BATTLE])
        if len(s.battle[p]) - len(s.picks) > BATTLE_LIMIT:
            s.ask(p, D_LIMIT_DROP, _limit_legal(s, p))
            return
        f[1] = 3
        f.extend(s.picks)
        return
    if st == 3:  # 8-10-1: each picked card's drop may be replaced (LM-N12), decided before any moves
        if s.game.pool.has_repl:
            while len(f) > 3:
                u = f.pop(3)
                if repl_candidates(s, EV_DROP, u, RULE, False, ()):
                    s.stack.append([H_REPL, 0, EV_DROP, u, RULE, 0, -1, 0, 0, 0])
                    return
        del f[2:]
        for u in s.picks:
            snap(s, u)  # last information of all of them before any leaves (8-11-1)
        for u in s.picks:
            move(s, u, Z_DROP)
        s.picks = []
        f[1] = 0
        return
    if st == 2:  # ORDER_TRIGGER answer
        mine = [w for w in s.waits if w[0] == f[2]]
        w = mine[s.answer - PENDING]
        del f[2:]
        f[1] = 0
        _play_wait(s, w)
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


def _limit_legal(s, p):
    """9-3-2: never the last placed card(s) (LM-R4, LM-G22), nor a card already picked."""
    last = max(s.ets[u] for u in s.battle[p])
    prot = [u for u in s.battle[p] if s.ets[u] == last]
    if len(prot) > BATTLE_LIMIT:
        prot = []  # LM-G22
    return [OWN_BATTLE + i for i, u in enumerate(s.battle[p]) if u not in prot and u not in s.picks]


def _play_wait(s, w):
    s.waits.remove(w)  # 8-7-3
    s.work += 1
    p, u, o, fc, ai = w
    if s.armed:
        key = (u, o, fc, ai)
        if key in s.armed:
            s.armed.remove(key)  # 8-7-5-1: it may wait again once it was played
    if s.neg and negated(s, u, o):
        return  # 8-3-2: an invalid ability has no effect
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
    if not condition_ok(s, p, a.condition, u, o):
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
    if a.energy > len(s.energy[p]) or a.discard > len(s.hand[p]):  # 8-4-2-2: all of the cost or none
        return False
    if not condition_ok(s, p, a.condition, u, s.obj[u]):
        return False
    if a.kind == A_RANSEN:
        return timing_kind == D_FT_ATTACK  # 【乱戦】: the turn player's attack step (7-3-1-6-3-1, LM-G11)
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
    neg = s.neg
    defs, cdef, face = s.defs, s.cdef, s.face
    pl = defs[cdef[lu]].faces[face[lu]].playable
    if pl and not (neg and negated(s, lu)):  # 8-3-2 (LM-N11)
        for j, a in enumerate(pl):
            if _ability_ok(s, p, lu, a, kind):
                out.append(LEADER_ABILITY + j)
    for si, u in enumerate(s.battle[p][:4]):
        pl = defs[cdef[u]].faces[face[u]].playable
        if pl and not (neg and negated(s, u)):
            for j, a in enumerate(pl):
                if _ability_ok(s, p, u, a, kind):
                    out.append(BATTLE_ABILITY + 4 * si + j)
    no_melee = kind in (D_FT_ATTACK, D_FT_GUARD) and bool(cur_statics(s)) and prohibited_melee(s, p)
    prev = -1
    energy = len(s.energy[p])
    for i, u in enumerate(s.hand[p]):
        c = cdef[u]
        if c == prev:
            continue
        prev = c
        d = defs[c]
        if d.type == T_BATTLE:
            if kind == D_FT_STANDBY or no_melee:
                continue
            if level_to_pay(s, p, u) <= energy:
                out.append(HAND + i)
        elif d.type == T_EXTRA:
            a = d.faces[0].abilities[0]
            if (a.event == "main") != (kind == D_FT_MAIN):
                continue
            if level_to_pay(s, p, u) + a.energy <= energy and a.discard < len(s.hand[p]) \
                    and condition_ok(s, p, a.condition):
                out.append(HAND + i)
    if kind in (D_FT_ATTACK, D_FT_GUARD) and not no_melee:  # 7-3-1-6-1 / 7-4-1-2-1: active battle cards to melee
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
        acts = ft_actions(s, kind, p)
        # only an activated ability can bring every zone back (11-1-1): no key where none is offered
        i = bisect_left(acts, LEADER_ABILITY)  # acts are sorted
        key = loop_key(s, kind) if i < len(acts) and acts[i] < SELF_LEADER else 0
        if s.barred:
            acts = [x for x in acts if (p, key, x) not in s.barred]  # 11-1-1-2 / 11-1-1-3
        s.ask(p, kind, acts)
        del f[4:]
        f.append(key)
        f[1] = 2
        return
    a = s.answer
    loop_note(s, p, f[4], a)
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
            s.stack.append([H_USE, 0, p, u, U_EXTRA, 0, 0, level_to_pay(s, p, u) + a0.energy, 0, -1, a0.discard])
        else:
            dest = U_BATTLE if kind == D_FT_MAIN else U_MELEE
            s.stack.append([H_USE, 0, p, u, dest, 0, 0, level_to_pay(s, p, u), 0, -1, 0])
    elif LEADER_ABILITY <= a < LEADER_ABILITY + 4:
        u = leader(p)
        ai = _nth_activated(s, u, a - LEADER_ABILITY, leader_=True)
        a0 = ability_of(s, u, s.face[u], ai)
        s.stack.append([H_USE, 0, p, u, U_ABILITY, s.face[u], ai, a0.energy, 0, -1, a0.discard])
    elif BATTLE_ABILITY <= a < BATTLE_ABILITY + 16:
        si, j = divmod(a - BATTLE_ABILITY, 4)
        u = s.battle[p][si]
        ai = _nth_activated(s, u, j, leader_=False)
        a0 = ability_of(s, u, 0, ai)
        s.stack.append([H_USE, 0, p, u, U_ABILITY, 0, ai, a0.energy, 0, -1, a0.discard])
    else:  # OWN_BATTLE i: move an active battle card to the melee area (same object, 3-1-4)
        u = s.battle[p][a - OWN_BATTLE]
        s.zver += 1
        s.battle[p].remove(u)
        s.melee[p].append(u)
        s.zone[u] = Z_MELEE
        s.ts += 1
        s.ets[u] = s.ts
        fire(s, u, "melee")  # 10-6-1


def _nth_activated(s, u, j, leader_):
    k = 0
    for ai, a in enumerate(face_of(s, u).abilities):
        if a.kind not in PLAYABLE:
            continue
        if k == j:
            return ai
        k += 1
    raise AssertionError("no such ability")


# ---- playing cards and abilities (8-6-2) ----------------------------------------------------------
def _cost_parts(s, u, what, fc, ai):
    if what == U_ABILITY:
        return ability_of(s, u, fc, ai).cost_order
    if what == U_EXTRA:
        return s.defs[s.cdef[u]].faces[0].abilities[0].cost_order
    return ("energy",)


def discard_choices(s, p, u):
    """D_DISCARD: the first hand slot of each card kind, never the card being played."""
    out = []
    prev = -1
    for i, x in enumerate(s.hand[p]):
        c = s.cdef[x]
        if c != prev and x != u:
            out.append(HAND + i)
            prev = c
    return out


def h_use(s, f):
    """[H_USE, step, player, card, what, face, ability, energy left, cost part, mode, discard left]"""
    st, p, u, what, fc, ai, left = f[1], f[2], f[3], f[4], f[5], f[6], f[7]
    if st == 0:  # 8-6-2-2: the choices the card or ability needs, before its costs
        f[1] = 1
        if what in (U_ABILITY, U_EXTRA) and f[9] < 0:
            a = ability_of(s, u, fc, ai) if what == U_ABILITY else s.defs[s.cdef[u]].faces[0].abilities[0]
            if a.modes:
                s.ask(p, D_CHOOSE_MODE, [NUMBER + i for i in range(len(a.modes))])
                f[1] = 5
        return
    if st == 5:
        f[9] = s.answer - NUMBER
        f[1] = 1
        return
    if st == 1:  # 8-6-2-3 / 8-4-2-1: the cost's parts in text order, energy one card at a time
        parts = _cost_parts(s, u, what, fc, ai)
        k = f[8]
        if k >= len(parts):
            f[1] = 4
            return
        part = parts[k]
        if part == "energy" and left > 0:
            s.ask(p, D_PAY_ENERGY, energy_choices(s, p))
            f[1] = 2
            return
        if part == "discard" and f[10] > 0:
            s.ask(p, D_DISCARD, discard_choices(s, p, u))
            f[1] = 3
            return
        if part == "rest_self":
            s.rest[u] = 1
        f[8] = k + 1
        return
    if st == 2:
        move(s, s.energy[p][s.answer - OWN_ENERGY], Z_DROP)  # 2-10-1-1
        f[7] = left - 1
        f[1] = 1
        return
    if st == 3:
        move(s, s.hand[p][s.answer - HAND], Z_DROP)  # a [discard] cost part
        f[10] -= 1
        f[1] = 1
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
        s.stack.append([H_RES, 2, p, u, s.obj[u], 0, MODE * (f[9] + 1), 0])
    else:
        a = ability_of(s, u, fc, ai)
        if a.once:
            s.once.append((u, s.obj[u], fc, ai))  # 10-15
        if a.kind in (A_AWAKEN, A_COOPERATE):
            s.face[u] = 1  # 10-7-3 / 10-8-3: same card, effects kept
            s.zver += 1
        s.stack.append([H_RES, 2, p, u, s.obj[u], fc, ai + MODE * (f[9] + 1), 0])


# ---- resolution (8-6-2-4, 8-6-3) ------------------------------------------------------------------
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


def passes(s, u, filt, src, p):
    """Does card u pass the compiled filter tests of master p's card src? Each is a registered
    word (``words.py``) called as ``fn(state, u, src, p, arg, base)``."""
    for fn, arg in filt:
        if not fn(s, u, src, p, arg, False):
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
    mode, ai = divmod(ai, MODE)
    a = ability_of(s, src, fc, ai)
    acts = a.modes[mode - 1] if mode else a.actions  # 8-6-2-2: the mode chosen while playing
    if st == 0:  # optional text: yes / no
        if a.optional:
            f.append(loop_key(s, (D_YES_NO, src)))
            yn = [x for x in (PASS, YES) if not (s.barred and (p, f[8], x) in s.barred)]
            s.ask(p, D_YES_NO, yn)
            f[1] = 1
            return
        f[1] = 2
        return
    if st == 1:
        loop_note(s, p, f.pop(8), s.answer)
        if s.answer == PASS:
            s.stack.pop()
            return
        f[1] = 2
        return
    if st == 5:  # TARGET answer
        if s.answer == PASS:
            f[1] = 6
            return
        f.append(_uid_of(s, p, s.answer))
        f[1] = 4
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
        picks = f[8:]
        if len(picks) < act.target.count:
            cands = target_candidates(s, p, src, act.target, picks)
            if cands:
                s.ask(p, D_TARGET, ([PASS] if act.target.up_to else []) + cands)
                f[1] = 5
                return
        f[1] = 6
        return
    if st == 6:  # apply a targeted action to the picks, one at a time (a break may be replaced, 8-10)
        if len(f) > 8:
            _apply(s, f, act, src, p, f.pop(8))
            return
        f[7] = k + 1
        f[1] = 2
        return
    # st == 2: start action k (state triggers are checked after each instruction, LM-G35)
    c = s.scache
    if c[0] != s.zver or c[2]:
        state_check(s)
    if act.target is None:  # a verb without a target: it acts now, or waits at a step of its own
        if act.fn(s, f, act, src, p, -1):
            _next_action(f, k)
        return
    if act.target.self_:  # 8-6-3-6: no target named -> this card
        if s.obj[src] == so or s.zone[src] == Z_LEADER:
            _apply(s, f, act, src, p, src)
    else:
        f[1] = 4  # 8-6-3: choose targets one at a time
        return
    f[7] = k + 1


def _next_action(f, k):
    """Action k is over: the next one starts (its picks and counters are dropped)."""
    del f[8:]
    f[7] = k + 1
    f[1] = 2


def _apply(s, f, act, src, p, u):
    """A targeted verb on card u, if it is still in the leader, battle or melee area (1-3-2)."""
    if s.zone[u] in (Z_LEADER, Z_BATTLE, Z_MELEE):
        act.fn(s, f, act, src, p, u)


# ---- infinite loops (11-1) ------------------------------------------------------------------------
def loop_key(s, kind):
    """The game state as 11-1-1-2 compares it ("the cards of every zone identical"): every card's
    zone, rest, the leaders' faces and the decks' order, at the same kind of decision. Tuples of
    ints only: their hash is the same in every process (a pickled state keeps its loop history)."""
    z = s.zone
    return hash((kind, s.face[0], s.face[CARDS_PER_PLAYER], tuple(z), tuple(s.rest), tuple(s.deck[0]),
                 tuple(s.deck[1]))) or 1  # 0 means "no key"


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
                others = [x for x in h[i + 1:] if x[0] != p and x[2] != PASS]
                for x in (others or ([e] if e[2] != PASS else [])):
                    if x not in s.barred:
                        s.barred.append(x)
            break
    h.append((p, key, a))


HANDLERS = [h_setup, h_turn, h_cp, h_ft, h_use, h_res, h_repl]
