"""Game actions (NS 1300): draw 1308, discard 1309, kill 1311, ambush 1314 / appear 1315, counter 1321; damage
amounts and 'dealt' (NS 1102.4-5, 1317); continuous effects carried along a move (NS 302.3, 1204.2j-1, 1205.1c-3)."""

from __future__ import annotations

from ..cards import (
    CHARACTER,
    TR_AMBUSH_OHIGAN,
    TR_APPEARS,
    TR_DEALS,
    TR_DEALT,
    TR_DISC_OPP,
    TR_DISC_YOU,
    TR_KILLED,
    TR_KILLED_BY_CHAR,
    TR_KILLED_IKUSA,
    TR_KILLS,
)
from ..records import (
    HIT_CARD,
    HIT_OBJ,
    HIT_SRC,
    HIT_SRC_OBJ,
    PT_CARD,
    PT_NUMBER,
    PT_OBJ,
    SF_DISCARD_REMOVAL,
    SF_KILL_TRIGGERS,
    SO_CARD,
    SO_KIND,
)
from ..state import EF_CARD, EF_OBJ, K_CARD, Z_CHECK, Z_ETHER, Z_FIELD, Z_HAND, Z_OHIGAN, Z_REMOVED
from . import replacement
from .triggers import fire


def draw(s, p: int, n: int) -> None:
    """NS 1308: one card at a time from the top; an empty deck draws nothing (NS-G13)."""
    for _ in range(n):
        if not s.deck[p]:
            return
        s.move(s.deck[p][0], Z_HAND)


def kill(s, i: int, src: int = -1, by_damage: bool = False) -> None:
    """NS 1311: a killed character goes to its owner's Ohigan; 'killed' triggers look
    back at it (NS 1209.6b) with its last-known karate (NS 1215, kept on the record);
    killed by ikusa damage -> 'killed in ikusa' (NS 1216.6). Who killed it (NS 1216.5): ``src``,
    the source of a 'kill' effect (1216.5b), or with ``by_damage`` (character damage processing)
    every card that damaged it since the last rule check (1216.5a): their 'kills' triggers (while
    they are on the field) and its 'killed by a character' trigger. A replacement effect may apply
    instead (NS 1214, ``replacement.replace_kill``)."""
    if replacement.replace_kill(s, i):  # NS 1214
        return
    in_ikusa = s.ikusa_hit[i]
    lki = s.karate(i)
    killers = ()
    if s.statics & SF_KILL_TRIGGERS:
        if src >= 0:
            killers = [(src, s.obj[src])]
        elif by_damage:
            o = s.obj[i]
            killers = [(r[HIT_SRC], r[HIT_SRC_OBJ]) for r in s.hits if r[HIT_CARD] == i and r[HIT_OBJ] == o]
    s.move(i, Z_OHIGAN)
    s.obj[i] -= 1  # read the leaving object's abilities (LKI) ...
    fire(s, i, TR_KILLED)
    if in_ikusa:
        fire(s, i, TR_KILLED_IKUSA)
    if killers:
        defs, cdef = s.defs, s.cdef
        if any(defs[cdef[k]].type == CHARACTER for k, _ in killers):
            fire(s, i, TR_KILLED_BY_CHAR)  # NS 1216.5c
    s.obj[i] += 1
    seen = []
    for k, ko in killers:
        if k not in seen and s.alive(k, ko):
            seen.append(k)
            fire(s, k, TR_KILLS)  # NS 1216.5a-b
    for t in s.pending:
        if t[PT_CARD] == i and t[PT_OBJ] == s.obj[i] - 1:
            t[PT_OBJ] = s.obj[i]  # ... and let the trigger follow the card to Ohigan
            t[PT_NUMBER] = lki


def discard(s, j: int, by: int) -> None:
    """NS 1309: a hand card to Ohigan, moved by player ``by``'s effect or cost (NS 1216.7a-b):
    'when you discard this' if ``by`` owns it, 'when an opponent discards this' if not. The
    move is hidden -> public: the trigger reads the card in Ohigan (NS 1209.6a). A 'discard_removed'
    static of the right side replaces the discard (NS 1214.1): the card goes to the removed zone
    (public) and no discard trigger happens; a discard paid as a cost counts as paid (NS 1203.3),
    so the caller goes on as after any discard."""
    if s.statics & SF_DISCARD_REMOVAL:
        p = s.owner[j]
        for q in (0, 1):
            for k in s.field[q]:
                side = s.defs[s.cdef[k]].discard_removed
                if side >= 0 and not s.face_down[k] and (side == 1) == (q != p):
                    s.move(j, Z_REMOVED)
                    return
    s.move(j, Z_OHIGAN)
    fire(s, j, TR_DISC_YOU if s.owner[j] == by else TR_DISC_OPP)


def counter(s, k: int) -> None:
    """NS 1321.1-2: remove kotodama-space object ``k``; a card goes to its owner's
    Ohigan; it does not resolve and its costs stay paid. A countered ukemi ability's
    card still in the check zone goes to Ohigan (NS 1211.4)."""
    o = s.kstack[k]
    if o[SO_KIND] == K_CARD:
        s.move(o[SO_CARD], Z_OHIGAN)
        return
    del s.kstack[k]
    if s.zone[o[SO_CARD]] == Z_CHECK:
        s.move(o[SO_CARD], Z_OHIGAN)


def ambush(s, j: int, ctl: int) -> None:
    """NS 1314: put on the field untapped (303.1a); not an entry (NS-G9); it appears (1315).
    From the ether zone, a zone with orientation like the field, it keeps its orientation and
    the continuous effects applied to it (NS 1314.1b, 302.3a)."""
    origin = s.zone[j]
    if origin == Z_ETHER:
        bowed, o = s.bowed[j], s.obj[j]
        s.move(j, Z_FIELD)
        s.bowed[j] = bowed
        carry(s, j, o)
    else:
        s.move(j, Z_FIELD)
    fire(s, j, TR_APPEARS)
    if origin == Z_OHIGAN:
        fire(s, j, TR_AMBUSH_OHIGAN)


def carry(s, i: int, old: int) -> None:
    """Card ``i`` moved on as object ``s.obj[i]`` keeping the continuous effects applied to its
    previous object ``old`` (NS 1204.2j-1 hand -> kotodama space, 1205.1c-3 kotodama space -> field;
    otherwise a zone change ends them, NS 302.3)."""
    for t in s.teff:
        if t[EF_CARD] == i and t[EF_OBJ] == old:
            t[EF_OBJ] = s.obj[i]


def damage_amount(s, src: int, to: int, n: int) -> int:
    """NS 1102.4c (NS-G7): the source's increase (NS 1326) applies, then the recipient's
    damage-reducing replacement (NS 1214); statics work only on the field (NS 1202.2)."""
    if src >= 0 and s.zone[src] == Z_FIELD:
        n += s.defs[s.cdef[src]].damage_plus
    if to >= 0:
        n -= s.defs[s.cdef[to]].damage_minus
    return n if n > 0 else 0


def dealt(s, src: int, to: int) -> None:
    """NS 1102.5: 1 or more damage was dealt: the source's 'when this deals damage' (while it is
    on the field: a character's abilities work there, NS 1202.2) and the damaged character's
    'when this is dealt damage' trigger (``to`` = -1: a player, who has no such ability here)."""
    if src >= 0 and s.zone[src] == Z_FIELD:
        fire(s, src, TR_DEALS)
    if to >= 0:
        fire(s, to, TR_DEALT)
        if src >= 0 and s.statics & SF_KILL_TRIGGERS:  # NS 1216.5a: remembered until the next rule check ends
            s.hits.append([to, s.obj[to], src, s.obj[src]])
