"""The game's areas and moving cards (LM 3, 4-8, 4-9-1, 6-2-4-1).

A move makes a new object except between the battle and melee areas (3-1-4, 3-1-5), keeps hand and
energy sorted, records last information and the leave / move triggers (8-7-4); drawing (4-8),
charging (6-2-4-1) and losing life cards (4-9-1-1-1, 4-9-1-2-1).
"""

from __future__ import annotations

from bisect import insort

from ..cards import PUBLIC_ZONES
from ..state import KNOWN_SET, UNKNOWN, Z_BATTLE, Z_DECK, Z_ENERGY, Z_HAND, Z_LIFE, Z_MELEE
from .information import negated, snap


def move(s, u, z, bottom=False):
    """Move card u to its owner's zone z (3-1-7). A new object except battle<->melee (3-1-4, 3-1-5)."""
    old = s.zone[u]
    p = s.owner[u]
    if old == Z_DECK and s.known[u] == KNOWN_SET:  # 3-1-6-1: the opponent cannot tell which of the group this is
        kn = s.known
        for x in s.deck[p]:
            if kn[x] == KNOWN_SET:
                kn[x] = UNKNOWN
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
        if z == Z_HAND or z == Z_ENERGY:
            insort(lst, u, key=s._hand_key)  # kept in canonical order (by card, then uid: no ties)
        else:
            lst.append(u)
    if z in (Z_BATTLE, Z_MELEE):
        s.ts += 1
        s.ets[u] = s.ts
    if z not in (Z_HAND, Z_DECK, Z_LIFE):
        s.known[u] = UNKNOWN
    for ai in hits:  # 8-7-4-1-1 hidden -> public, 8-7-4-1-3 public -> public: read in the new zone
        s.waits.append([p, u, s.obj[u], 0, ai])


def shift(s, u, z):
    """Move card u between its master's battle and melee areas: the same object (3-1-4, 3-1-5), no
    leave or move trigger, a new entry time (for the battle area limit, 9-3-2)."""
    p = s.owner[u]
    s.zver += 1
    s.zone_list(s.zone[u], p).remove(u)
    s.zone_list(z, p).append(u)
    s.zone[u] = z
    s.ts += 1
    s.ets[u] = s.ts


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
