"""The game's basic actions (BS 5, 8-1-5-1): draw (5-6, BS-R4), to the trash, the waiting state
a card leaving the field enters (5-17, 10-2-2), life reduction (8-1-5-1, BS-R1, 1-3-7),
exhaust (5-15), heavy exhaust (5-16), recover (5-14), and the temporary effects that end
with the battle or the turn (``expire``; verbs' flags such as the life cap).
"""

from __future__ import annotations

from ...core import effects
from ..cards import EV
from ..events import C_EFFECT, C_RULE
from ..state import TE_LIFE_CAP, W_DECK_BOTTOM, W_DECK_TOP, W_DESTROY, W_HAND, Z_FIELD, Z_HAND, Z_TRASH, Z_WAIT, State
from .triggers import (
    EV_DESTROYED,
    EV_DESTROYED_BY_OPP,
    EV_EXHAUSTED,
    EV_LEAVES,
    EV_LIFE,
    EV_RECOVERED,
    EV_RETURNED,
    TO_HAND_EVENTS,
    added_to_hand,
    fire,
    fire_one,
    happen,
)


def draw(s: State, p: int, n: int, by: int = -1, bottom: bool = False) -> int:
    """Draw up to n (5-6); from an empty deck nothing is drawn (BS-R4). Returns the count.
    ``by``: the player whose effect draws (-1: the draw step's rule, or the set-up);
    ``bottom``: 「デッキの下から」 (verb draw, from: bottom)."""
    deck, hand, zone = s.deck[p], s.hand[p], s.zone
    k = 0
    while k < n and deck:
        i = deck.pop(0) if bottom else deck.pop()
        zone[i] = Z_HAND
        hand.append(i)
        k += 1
    if k:
        got = hand[-k:] if s.watch & TO_HAND_EVENTS and s.turn else None  # none in the set-up (6-2-1-5)
        hand.sort(key=s.cdef.__getitem__)  # 4-3-2: hand order is the owner's; kept canonical
        if got:
            added_to_hand(s, p, got, by, C_EFFECT if by >= 0 else C_RULE, True)
    return k


def put_in_hand(s: State, p: int, i: int) -> None:
    """Card ``i`` goes to player p's hand in full view (returned, searched, taken from the trash
    or an opened deck); the hand stays in card order (4-3-2, as ``draw`` keeps it). Its events
    are the caller's: one for all the cards an action moves (9-1-5-4)."""
    s.zone[i] = Z_HAND
    s.known[i] = True
    s.hand[p].append(i)
    s.hand[p].sort(key=s.cdef.__getitem__)


def forget_soul_paid(s: State, i: int) -> None:
    """Card ``i`` moved, or is played anew: it is a new card (4-1-4), whose cost the soul core has
    not paid (``paid_with_soul_core``)."""
    if s.soulpaid and i in s.soulpaid:
        s.soulpaid = tuple(x for x in s.soulpaid if x != i)


def to_trash(s: State, i: int) -> None:
    p = s.owner[i]
    s.zone[i] = Z_TRASH
    s.trash[p].append(i)


def to_wait(s: State, i: int, kind: int, by_opp: bool = False, lv: int = 0, cause: int = C_RULE) -> None:
    """Enter the waiting state (10-2-2): off the field, cores still on it, moved later.
    ``cause``: events.C_EFFECT (an effect; ``by_opp``: the opponent's), C_BATTLE (BP comparison)
    or C_RULE (vanishing by a rule process)."""
    p = s.owner[i]
    if i == s.attacker or i == s.blocker:  # its last information for the battle's end (ruling on 8-1-7-1)
        s.last_bp = s.last_bp + ((i, s.bp(i)),)
    s.field[p].remove(i)
    s.zone[i] = Z_WAIT
    s.wait_kind[i] = kind
    s.wait_dest[i] = -1
    s.waiting.append(i)
    if kind == W_DESTROY:
        fire(s, EV["destroyed"], i)  # 9-3-3: leaving-field triggers work from the waiting state
        if by_opp:
            fire(s, EV["destroyed_by_opponent"], i)
    fire(s, EV["leaves_field"], i, -1, lv)
    w = s.watch
    if w:  # other cards watching (9-3-3: they see it as it enters the waiting state)
        by = 1 - p if by_opp else p if cause == C_EFFECT else -1
        if kind == W_DESTROY:
            if (w >> EV_DESTROYED) & 1:
                happen(s, EV_DESTROYED, p, (i,), 1, by, cause)
            if by_opp and (w >> EV_DESTROYED_BY_OPP) & 1:
                happen(s, EV_DESTROYED_BY_OPP, p, (i,), 1, by, cause)
        if (w >> EV_LEAVES) & 1:
            happen(s, EV_LEAVES, p, (i,), 1, by, cause)
        if kind in (W_HAND, W_DECK_TOP, W_DECK_BOTTOM) and (w >> EV_RETURNED) & 1:
            happen(s, EV_RETURNED, p, (i,), 1, by, cause)


def reduce_life(s: State, p: int, n: int, by: int = -1, cause: int = C_EFFECT, atk: int = -1) -> int:
    """Remove n life cores to the reserve (8-1-5-1, BS-R1); life 0 ends the game (1-3-7).
    ``by``: the player whose effect (``cause`` C_EFFECT) or attack (C_BATTLE, by spirit ``atk``)
    reduces it."""
    k = min(n, s.life[p])
    if k <= 0:
        return 0
    s.life[p] -= k
    s.reserve[p] += k
    if s.life[p] == 0:
        s.finish(1 - p)
        return k
    if (s.watch >> EV_LIFE) & 1:  # 'your life decreased' (own_life_decreased) and the like
        happen(s, EV_LIFE, p, (atk,) if atk >= 0 else (), k, by, cause)
    for j in s.field[p]:
        for e in s.defs[s.cdef[j]].triggers.get(EV["life_drops_to"], ()):
            if s.life[p] <= e.n:
                fire_one(s, j, e, -1)
    return k


def exhaust(s: State, i: int, heavy: bool = False, by: int = -1) -> bool:
    """疲労 (5-15) / 重疲労 (5-16) field card i; ``by``: the player whose effect does it (-1: a rule
    or a cost)."""
    if s.zone[i] != Z_FIELD:
        return False
    if heavy:
        if s.exh[i] == 2:
            return False  # 1-4-2-1
        s.exh[i] = 2
    else:
        if s.exh[i]:
            return False
        s.exh[i] = 1
    fire(s, EV["exhausted"], i)  # 5-15, 5-16
    if (s.watch >> EV_EXHAUSTED) & 1:
        happen(s, EV_EXHAUSTED, s.owner[i], (i,), 1, by, C_EFFECT if by >= 0 else C_RULE)
    return True


def recover(s: State, i: int, by: int = -1) -> bool:
    """回復 field card i (5-14); ``by``: the player whose effect does it (-1: the refresh step)."""
    if s.zone[i] != Z_FIELD or not s.exh[i]:
        return False
    s.exh[i] -= 1  # 5-14-2: heavily exhausted -> exhausted
    fire(s, EV["recovered"], i)
    if (s.watch >> EV_RECOVERED) & 1:
        happen(s, EV_RECOVERED, s.owner[i], (i,), 1, by, C_EFFECT if by >= 0 else C_RULE)
    return True


def expire(s: State, dur: int) -> None:
    s.teff = effects.expire(s.teff, dur)


def flagged(s: State, kind: int) -> bool:
    """Is a temporary effect of ``kind`` (a flag of the verbs family, state.TE_*) in force?"""
    for t in s.teff:
        if t[0] == kind:
            return True
    return False


def life_cap(s: State, q: int, n: int) -> int:
    """The life an unblocked attack takes from ``q``: ``n``, at most the smallest cap on q
    (verb attack_life_cap, 「1しか減らない」)."""
    for k, t, amt, _ in s.teff:
        if k == TE_LIFE_CAP and t == -1 - q and amt < n:
            n = amt if amt > 0 else 0
    return n
