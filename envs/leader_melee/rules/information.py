"""Card information (LM 2, 4-2, 4-3, 8-3, 8-9, 8-11): what a card is now.

Power and strike after effects (2-8, 2-9, 8-9-1, 1-3-6), keywords printed or granted (8-9-1-2),
negation (8-3-2), the continuous abilities in effect (8-9, 10-5; pressure skills 10-5-1), conditions
(8-3-3), last information (8-11-1), the level to pay (2-10, 速攻 10-13) and the end of effects with a
duration (6-5-1-3, 7-6-1-3, 7-7-1-2).
"""

from __future__ import annotations

from ..state import CARDS_PER_PLAYER, Z_BATTLE, Z_DROP, Z_ENERGY, Z_LEADER, Z_MELEE
from .frames import MOD_DUR, MOD_POWER, NEG_DUR, SC_STATICS, SC_ZVER


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
        for mu, mo, which, amount, _dur in s.mods:  # MOD_CARD, MOD_OBJ, MOD_STAT, MOD_AMOUNT, MOD_DUR
            if mu == u and mo == o:
                if which == MOD_POWER:
                    pw += amount
                else:
                    sk += amount
    c = s.scache
    st = c[SC_STATICS] if c[SC_ZVER] == s.zver else statics(s)
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
    st = c[SC_STATICS] if c[SC_ZVER] == s.zver else statics(s)
    if st:
        for m, src, act in st:
            if act.do == "grant" and act.what == kw and applies(s, m, src, act.target, u):
                return True
    return False


def negated(s, u, o=None):
    """8-3-2: card u's abilities (keywords included) are invalid by a ``negate`` effect."""
    o = s.obj[u] if o is None else o
    for nu, no, _dur in s.neg:  # NEG_CARD, NEG_OBJ, NEG_DUR
        if nu == u and no == o:
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
            field = [CARDS_PER_PLAYER * p] + s.battle[p]
            if pool.static_cards.isdisjoint(map(cdef.__getitem__, field)):
                continue  # no card here has one (asked in C: most fields, most of the time)
            for u in field:
                f = defs[cdef[u]].faces[face[u]]  # face_of
                if (f.cont or f.strig) and not (s.neg and negated(s, u)):
                    for a in f.cont:
                        if condition_ok(s, p, a.condition):
                            for act in a.actions:
                                out.append((p, u, act))
                    for ai in f.strig:
                        trig.append((p, u, ai))
    s.scache = [s.zver, out, trig]  # SC_ZVER, SC_STATICS, SC_TRIGS
    return out


def cur_statics(s):
    """``statics(s)``, from the cache while the zone version ``zver`` is unchanged."""
    c = s.scache
    return c[SC_STATICS] if c[SC_ZVER] == s.zver else statics(s)


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
    for m, _src, act in cur_statics(s):
        if act.do == "prohibit" and act.what == "melee" and (act.target.side == "own") == (p == m):
            return True
    return False


def power_of(s, u, o):
    """Card u's power as object o: now if it is still there, else its last information (8-11-1)."""
    if s.obj[u] == o and s.zone[u] in (Z_LEADER, Z_BATTLE, Z_MELEE, Z_ENERGY, Z_DROP):
        return stat(s, u, 0)  # in the energy / drop area: the printed power (no effect reaches it)
    for lu, lo, power, _strike in s.lki:  # LKI_CARD, LKI_OBJ, LKI_POWER, LKI_STRIKE
        if lu == u and lo == o:
            return power
    return 0


def snap(s, u):
    """Record card u's information as it is in the battle area before it leaves (8-7-4-1-2, 8-11-1)."""
    o = s.obj[u]
    for lu, lo, _power, _strike in s.lki:
        if lu == u and lo == o:
            return
    pw, sk = stats(s, u)
    s.lki.append([u, o, pw, sk])  # LKI_CARD, LKI_OBJ, LKI_POWER, LKI_STRIKE


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


def passes(s, u, filt, src, p):
    """Does card u pass the compiled filter tests of master p's card src? Each is a registered
    word (``words.py``) called as ``fn(state, u, src, p, arg, base)``."""
    for fn, arg in filt:
        if not fn(s, u, src, p, arg, False):
            return False
    return True


def ability_of(s, u, face, ai):
    return s.defs[s.cdef[u]].faces[face].abilities[ai]


def expire(s, dur):
    """Effects with duration ``dur`` end (7-6-1-3, 7-7-1-2, 6-5-1-3)."""
    if s.mods:
        s.mods = [m for m in s.mods if m[MOD_DUR] != dur]
    if s.neg:
        n = [x for x in s.neg if x[NEG_DUR] != dur]
        if len(n) != len(s.neg):
            s.neg = n
            s.zver += 1
