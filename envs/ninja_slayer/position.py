"""Ninja Slayer readable positions (issue #11 part 6; the format: docs/positions.md).

``readable(state)`` writes the readable part of a position: both players' zones by card id
(the deck top card first, NS 1308), each card's bowed / face-down state and damage, the turn,
the turn player and the step. ``build(game, data)`` makes a state from one: a fresh game
(set-up done, NS 403), the zones dealt as the position says, what it leaves out filled from the
deck lists (``position_file.Dealer``), and the turn resumed at the named step (NS 500).

Player spec keys: ``hand`` (list, or a number of cards drawn at random), ``field``, ``ether``,
``ohigan``, ``damage``, ``removed`` (lists of card ids or ``{card, bowed, face_down, damage}``),
``deck`` (list, top first; a number; or left out: every card not dealt, shuffled). Cards a
listed or counted deck leaves over are removed from the game (the removed zone, NS 308).
"""

from __future__ import annotations

from ..core.errors import PositionError
from ..core.position_file import (
    Dealer,
    Header,
    card_entry,
    entry,
    flag,
    number,
    readable_header,
    readable_pending,
    resume,
    zone_list,
)
from . import rules as R
from .cards import CHARACTER
from .layout import MAX_SLOTS, STEPS
from .state import NO_TARGET, Z_DAMAGE, Z_DECK, Z_ETHER, Z_FIELD, Z_HAND, Z_OHIGAN, Z_REMOVED

#: the steps a position starts at, and the step of the turn frame (rules.h_turn) that begins each
STEP_FRAME = {"untap": 0, "draw": 1, "ether": 2, "character": 4, "ikusa": 5, "end": 6}
#: the zones a position names (the check zone and the kotodama space are empty between steps)
ZONES = {
    "hand": Z_HAND,
    "field": Z_FIELD,
    "ether": Z_ETHER,
    "ohigan": Z_OHIGAN,
    "damage": Z_DAMAGE,
    "removed": Z_REMOVED,
}
PLAYER_KEYS = tuple(ZONES) + ("deck",)
CARD_KEYS = ("bowed", "face_down", "damage")
MAX_DAMAGE = 100


def readable(s) -> dict:
    """The readable part of ``s``'s position (plain data, JSON/YAML safe)."""
    ids = [d.id for d in s.defs]
    players = []
    for p in (0, 1):
        spec = {}
        for name in ZONES:
            spec[name] = [
                entry(ids[s.cdef[i]], bowed=s.bowed[i], face_down=s.face_down[i], damage=s.dmg[i])
                for i in s.zone_list(ZONES[name], p)
            ]
        spec["deck"] = [ids[s.cdef[i]] for i in s.deck[p]]  # the top is the list's start (rules.draw)
        players.append(spec)
    return {
        **readable_header(s, s.turn),
        "first": s.first,
        "step": STEPS[s.step],
        "players": players,
        **readable_pending(s),
    }


def build(game, data) -> R.State:
    """A state of ``game`` at the position ``data`` describes (its readable part); errors are
    PositionErrors naming what and where."""
    h = Header(data, game, STEP_FRAME, PLAYER_KEYS, "character")
    s = game.new_initial_state(h.seed)  # the set-up has no decisions (NS 403): turn 1 has begun
    _clear(s)
    dealer = Dealer(s, h)
    counted = [_named(s, dealer, p, h.players[p]) for p in (0, 1)]
    for p in (0, 1):
        _rest(s, dealer, p, counted[p])
    s.statics = R.static_flags(s.defs, s.cdef)  # the dealt cards decide which lookups run
    s.turn, s.tp, s.first = h.turn, h.active, h.first
    s.step = STEPS.index(h.step)
    return resume(s, [R.H_TURN, STEP_FRAME[h.step]])


def _clear(s) -> None:
    """Every card back to its owner's deck as its deck-list card; nothing of turn 1 left."""
    g = s.game
    s.cdef[:] = list(g.decks[0]) + list(g.decks[1])
    for p in (0, 1):
        for z in range(8):
            s.zone_list(z, p).clear()
    n = len(s.cdef)
    for i in range(n):
        s.zone[i] = Z_DECK
        s.bowed[i] = s.face_down[i] = s.pub[i] = s.ikusa_hit[i] = False
        s.dmg[i], s.redirected[i], s.tj[i], s.since[i] = 0, -1, -1, 0
    s.kstack, s.carried, s.ikstep = [], [0, 0], 0
    s.attacker, s.atk_obj, s.target, s.tgt_obj = -1, 0, NO_TARGET, 0
    s.teff, s.tuses, s.pending, s.opts, s.ctx, s.aisatsu_by = [], [], [], [], -1, []
    s.saved, s.delayed, s.repl, s.hits = [], [], [], []


def _named(s, dealer: Dealer, p: int, spec: dict):
    """Deal player p's named cards; returns the hand count (or None) and the deck spec."""
    w = f"players[{p}]."
    hand = None
    for name, z in ZONES.items():
        lst = zone_list(spec, name, w, MAX_SLOTS, counted=name == "hand")
        if isinstance(lst, int):
            hand = lst
            continue
        for k, e in enumerate(lst or ()):
            where = f"{w}{name}[{k}]"
            cid, opts = card_entry(e, CARD_KEYS, where)
            i = dealer.take(p, cid, where)
            if z == Z_FIELD and s.defs[s.cdef[i]].type != CHARACTER:
                raise PositionError(f"{where}: {cid!r} is a kotodama; only characters are on the field (NS 303)")
            s.zone[i] = z
            s.zone_list(z, p).append(i)
            s.bowed[i] = flag(opts, "bowed", where + ".")
            s.face_down[i] = flag(opts, "face_down", where + ".")
            s.dmg[i] = number(opts, "damage", 0, MAX_DAMAGE, 0, where + ".")
            if z == Z_FIELD:  # NS 1213.3b-1: its statics are valid from its entry
                s.clock += 1
                s.since[i] = s.clock
            if z != Z_HAND and z != Z_DECK:
                s.pub[i] = True
    deck = zone_list(spec, "deck", w, MAX_SLOTS, counted=True)
    if isinstance(deck, list):
        for k, c in enumerate(deck):
            i = dealer.take(p, c, f"{w}deck[{k}]")
            s.deck[p].append(i)
    return hand, deck


def _rest(s, dealer: Dealer, p: int, counted) -> None:
    """Fill what player p's spec leaves out: a hand given as a count, the deck (a count, or all
    the cards not dealt); cards a listed or counted deck leaves over are removed from the game."""
    w = f"players[{p}]."
    hand, deck = counted
    if hand is not None:
        s.hand[p].extend(dealer.rest(p, hand, w + "hand"))
    for i in s.hand[p]:
        s.zone[i] = Z_HAND
    s.hand[p].sort(key=s.cdef.__getitem__)  # hands are kept sorted by card (State.move)
    if deck is None or isinstance(deck, int):
        s.deck[p].extend(dealer.rest(p, deck, w + "deck"))
    for i in dealer.rest(p, None, w + "removed"):
        s.zone[i] = Z_REMOVED
        s.pub[i] = True
        s.removed[p].append(i)
