"""Leader Melee readable positions (issue #11 part 6; the format: docs/positions.md).

``readable(state)`` writes the readable part of a position: each player's leader (its card,
rested, which face is up), the zones by card id (deck and life top card first: draws, charges
and life losses take the top, 6-2-2, 6-2-4-1, 4-9-1), the rested cards, the turn, the turn
player and the phase. ``build(game, data)`` makes a state from one: a fresh game (set-up done:
both hands kept, 5-2-1-5), the zones dealt as the position says, what it leaves out filled from
the deck lists (``position_file.Dealer``), and the turn resumed at the named phase (6-1).

Player spec keys: ``leader`` (a card id or ``{card, rested, face}``; left out: the deck list's),
``hand``, ``energy`` (lists, or numbers of cards drawn at random), ``life`` (list, top first, or a
number; left out: 7), ``drop``, ``battle``, ``melee`` (lists of card ids or ``{card, rested, face}``),
``deck`` (list, top first; a number; or left out: every card not dealt, shuffled). Cards a
listed or counted deck leaves over go to the drop area.
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
    only,
    readable_header,
    readable_pending,
    resume,
    zone_list,
)
from . import rules as R
from .cards import T_LEADER
from .layout import PASS, PHASE_NAMES
from .state import CARDS_PER_PLAYER, Z_BATTLE, Z_DECK, Z_DROP, Z_ENERGY, Z_HAND, Z_LEADER, Z_LIFE, Z_MELEE

#: the phases a position starts at, and the step of the turn frame (rules.h_turn) that begins each
STEP_FRAME = {"charge": 0, "main": 3, "standby": 5, "battle phase end": 20, "end": 22}
#: zones dealt in this order (hand and life may be counts); the deck last
ZONES = {"hand": Z_HAND, "life": Z_LIFE, "energy": Z_ENERGY, "drop": Z_DROP, "battle": Z_BATTLE, "melee": Z_MELEE}
PLAYER_KEYS = ("leader",) + tuple(ZONES) + ("deck",)
CARD_KEYS = ("rested", "face")  # face: which face of a card with several is up (0: the front)
ZONE_MAX = CARDS_PER_PLAYER - 1  # a zone holds at most the 40 cards of a deck
LIFE = 7  # 5-2-1-6: seven life cards
COUNTED = ("hand", "life", "energy")  # zones a position may give as a number of cards drawn at random


def readable(s) -> dict:
    """The readable part of ``s``'s position (plain data, JSON/YAML safe)."""
    ids = [d.id for d in s.defs]
    players = []
    for p in (0, 1):
        u = CARDS_PER_PLAYER * p
        spec = {"leader": {"card": ids[s.cdef[u]], "rested": bool(s.rest[u]), "face": s.face[u]}}
        for name, z in ZONES.items():
            lst = s.zone_list(z, p)
            if z == Z_LIFE:
                lst = lst[::-1]  # top first: the top is the list's end (rules.lose_life)
            spec[name] = [entry(ids[s.cdef[i]], rested=bool(s.rest[i]), face=s.face[i]) for i in lst]
        spec["deck"] = [ids[s.cdef[i]] for i in reversed(s.deck[p])]  # top first (rules.draw)
        players.append(spec)
    return {
        **readable_header(s, s.turn_no),
        "first": s.first,
        "step": PHASE_NAMES[s.phase],
        "players": players,
        **readable_pending(s),
    }


def build(game, data) -> R.State:
    """A state of ``game`` at the position ``data`` describes (its readable part); errors are
    PositionErrors naming what and where."""
    h = Header(data, game, STEP_FRAME, PLAYER_KEYS, "main")
    s = game.new_initial_state(h.seed)
    while s.phase == 0 and not s.is_terminal():  # the set-up: both players keep their hands
        s.apply_action(PASS)
    _clear(s)
    dealer = Dealer(s, h, skip=(0, CARDS_PER_PLAYER))  # the leaders are dealt by _named
    counted = [_named(s, dealer, p, h.players[p], h.strict) for p in (0, 1)]
    for p in (0, 1):
        _rest(s, dealer, p, counted[p])
    s.turn_no, s.tp, s.first = h.turn, h.active, h.first
    s.phase = PHASE_NAMES.index(h.step)
    return resume(s, [R.H_TURN, STEP_FRAME[h.step]])


def _clear(s) -> None:
    """Every card but the leaders back to its owner's deck as its deck-list card; nothing of the
    set-up left."""
    g = s.game
    s.cdef[:] = [g.leaders[0]] + list(g.decks[0]) + [g.leaders[1]] + list(g.decks[1])
    for p in (0, 1):
        for z in ZONES.values():
            s.zone_list(z, p).clear()
        s.deck[p].clear()
    for u in range(len(s.cdef)):
        s.zone[u] = Z_LEADER if u % CARDS_PER_PLAYER == 0 else Z_DECK
        s.rest[u] = s.face[u] = s.ets[u] = s.surge[u] = s.known[u] = 0
        s.iron[u] = -1
    s.ft_result, s.attack, s.aobj, s.guard, s.gobj = 0, -1, 0, -1, 0
    s.waits, s.mods, s.once, s.fired, s.picks, s.ctx = [], [], [], [], [], []
    s.ts = s.work = s.first_standby = s.end_loops = 0
    s.neg, s.armed, s.lki = [], [], []
    s.zver, s.scache = s.zver + 1, [-1, (), ()]
    s.loops, s.barred, s.dseen = [], [], [0, 0]


def _named(s, dealer: Dealer, p: int, spec: dict, strict: bool):
    """Deal player p's leader and named cards; returns the hand and life counts and the deck spec."""
    w = f"players[{p}]."
    lead = CARDS_PER_PLAYER * p
    if "leader" in spec:
        cid, opts = card_entry(spec["leader"], ("rested", "face"), w + "leader")
        k = dealer.card(cid, w + "leader")
        if s.defs[k].type != T_LEADER:
            raise PositionError(f"{w}leader: {cid!r} is not a leader card")
        if strict and k != s.cdef[lead]:
            raise PositionError(
                f"{w}leader: {cid!r}, but player {p}'s deck list has the leader {s.defs[s.cdef[lead]].id!r}"
            )
        s.cdef[lead] = k
        s.rest[lead] = flag(opts, "rested", w + "leader.")
        s.face[lead] = number(opts, "face", 0, len(s.defs[k].faces) - 1, 0, w + "leader.")
    counts = {}
    for name, z in ZONES.items():
        lst = zone_list(spec, name, w, ZONE_MAX, counted=name in COUNTED)
        if name == "life" and lst is None:
            lst = LIFE
        if isinstance(lst, int):
            counts[name] = lst
            continue
        if z == Z_LIFE:
            lst = lst[::-1]  # top first; the top is the list's end
        for k, e in enumerate(lst or ()):
            where = f"{w}{name}[{len(lst) - 1 - k if z == Z_LIFE else k}]"
            cid, opts = card_entry(e, CARD_KEYS, where)
            u = dealer.take(p, cid, where)
            if s.defs[s.cdef[u]].type == T_LEADER:
                raise PositionError(f"{where}: {cid!r} is a leader card; a leader is in the leader area only")
            _put(s, p, u, z)
            s.rest[u] = flag(opts, "rested", where + ".")
            s.face[u] = number(opts, "face", 0, len(s.defs[s.cdef[u]].faces) - 1, 0, where + ".")
    deck = zone_list(spec, "deck", w, ZONE_MAX, counted=True)
    if isinstance(deck, list):
        top_first = []
        for k, c in enumerate(deck):
            u = dealer.take(p, c, f"{w}deck[{k}]")
            if s.defs[s.cdef[u]].type == T_LEADER:
                raise PositionError(f"{w}deck[{k}]: {c!r} is a leader card; a leader is in the leader area only")
            top_first.append(u)
        for u in reversed(top_first):
            _put(s, p, u, Z_DECK)
    only(spec, PLAYER_KEYS, f"players[{p}]")
    return counts, deck


def _put(s, p: int, u: int, z: int) -> None:
    s.zone[u] = z
    s.zone_list(z, p).append(u)
    if z in (Z_BATTLE, Z_MELEE):  # entry time (the last placed battle card)
        s.ts += 1
        s.ets[u] = s.ts


def _rest(s, dealer: Dealer, p: int, counted) -> None:
    """Fill what player p's spec leaves out: hand, life and energy given as counts, the deck (a count, or
    all the cards not dealt); cards a listed or counted deck leaves over go to the drop area."""
    w = f"players[{p}]."
    counts, deck = counted
    for name in COUNTED:
        if name in counts:
            for u in dealer.rest(p, counts[name], w + name):
                _put(s, p, u, ZONES[name])
    if deck is None or isinstance(deck, int):
        for u in dealer.rest(p, deck, w + "deck"):
            _put(s, p, u, Z_DECK)
    for u in dealer.rest(p, None, w + "drop"):
        _put(s, p, u, Z_DROP)
    s.hand[p].sort(key=s._hand_key)  # hand and energy are kept in canonical order (rules.move)
    s.energy[p].sort(key=s._hand_key)
