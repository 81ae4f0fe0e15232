"""Battle Spirits readable positions (issue #11 part 6; the format: docs/positions.md).

``readable(state)`` writes the readable part of a position: both players' zones by card id
(the deck top card first), the cores on each field card, the exhausted state, where the soul
core is, life / reserve / trash cores, the turn, the turn player and the step.
``build(game, data)`` makes a state from one: a fresh game (set-up done: the first player
chosen, both hands kept), the zones dealt as the position says, what it leaves out filled
from the deck lists (``position_file.Dealer``), and the turn resumed at the named step (7-1-1).

Player spec keys: ``hand`` (list, or a number of cards drawn at random), ``field`` (card ids
or ``{card, cores, soul, state}``), ``trash``, ``removed`` (lists), ``deck`` (list, top first;
a number; or left out: every card not dealt, shuffled), ``life`` (5), ``reserve`` (3),
``trash_cores`` (0), ``soul_core`` (reserve | trash | void | life | field; field: the field
card with ``soul: true``). Cards a listed deck leaves over go to ``removed``. The cores a
player has beyond the 8 of the set-up (6-2-1-3) are the ones gained from the void.
"""

from __future__ import annotations

from ..core.engine import RUNNING
from ..core.errors import PositionError
from ..core.position_file import (
    Dealer,
    Header,
    card_entry,
    flag,
    number,
    readable_header,
    readable_pending,
    resume,
    zone_list,
)
from . import rules as R
from .cards import MAGIC
from .layout import OPTION, ST_SETUP, STEPS
from .state import S_LIFE, S_RESERVE, S_TRASH, S_VOID, Z_DECK, Z_FIELD, Z_HAND, Z_REMOVED, Z_TRASH

#: the steps a position starts at, and the step of the turn frame (rules.h_turn) that begins each
STEP_FRAME = {"start": 0, "core": 2, "draw": 3, "refresh": 4, "main": 5, "attack": 6, "main2": 8, "end": 9}
SOUL_PLACES = {"reserve": S_RESERVE, "trash": S_TRASH, "void": S_VOID, "life": S_LIFE}
EXHAUSTED = ("recovered", "exhausted", "heavily exhausted")  # exh 0, 1, 2 (2-13, 2-14)
PLAYER_KEYS = ("hand", "field", "trash", "removed", "deck", "life", "reserve", "trash_cores", "soul_core")
FIELD_KEYS = ("cores", "soul", "state")
# zone limits: the action space's slots (layout: 40 hand, 24 field, 60 trash slots)
HAND_MAX, FIELD_MAX, TRASH_MAX = 40, 24, 60
MAX_CORES = 200  # cores on one card or in one place


def readable(s) -> dict:
    """The readable part of ``s``'s position (plain data, JSON/YAML safe)."""
    ids = [d.id for d in s.defs]

    def cards(lst):
        return [ids[s.cdef[i]] for i in lst]

    players = []
    for p in (0, 1):
        field = []
        for i in s.field[p]:
            e = {"card": ids[s.cdef[i]], "cores": s.cores[i]}
            if s.soul[p] == i:
                e["soul"] = True
            if s.exh[i]:
                e["state"] = EXHAUSTED[s.exh[i]]
            field.append(e)
        soul = s.soul[p]
        players.append(
            {
                "life": s.life[p],
                "reserve": s.reserve[p],
                "trash_cores": s.tcores[p],
                "soul_core": "field" if soul >= 0 else {v: k for k, v in SOUL_PLACES.items()}[soul],
                "hand": cards(s.hand[p]),
                "field": field,
                "trash": cards(s.trash[p]),
                "removed": cards(s.removed[p]),
                "deck": cards(reversed(s.deck[p])),  # top first (the top is the list's end, rules.draw)
            }
        )
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
    h = Header(data, game, STEP_FRAME, PLAYER_KEYS, "main")
    s = game.new_initial_state(h.seed)
    while s.step == ST_SETUP and s.dkind != RUNNING and OPTION in s.legal:  # go first / keep the hands
        s.apply_action(OPTION)
    _clear(s)
    dealer = Dealer(s, h)
    specs = [_named(s, dealer, p, h.players[p]) for p in (0, 1)]
    for p in (0, 1):
        _rest(s, dealer, p, h.players[p], specs[p])
    s.turn, s.tp, s.first = h.turn, h.active, h.first
    s.step = STEPS.index(h.step)
    return resume(s, [R.H_TURN, STEP_FRAME[h.step]])


def _clear(s) -> None:
    """Every card back to its owner's deck as its deck-list card; nothing of the set-up left."""
    g = s.game
    s.cdef[:] = list(g.decks[0]) + list(g.decks[1])
    for p in (0, 1):
        for lst in (s.hand[p], s.field[p], s.trash[p], s.removed[p], s.deck[p]):
            lst.clear()
    for i in range(len(s.cdef)):
        s.zone[i] = Z_DECK
        s.cores[i] = s.exh[i] = s.wait_kind[i] = 0
        s.wait_dest[i] = -1
        s.known[i] = False
    s.pending, s.tq, s.waiting, s.teff, s.used, s.sels, s.revealed = [], [], [], [], [], [], []
    s.attacker = s.blocker = -1
    s.ctx_card, s.ctx_cores, s.ctx_placing, s.ctx_batch, s.ctx_controller = -1, 0, -1, -1, -1
    s.soulpaid, s.evgroup, s.ev_card, s.ev_n, s.ev_src, s.last_bp, s.attacks = (), 0, -1, 1, -1, (), 0


def _put(s, p: int, i: int, z: int, lst: list) -> None:
    s.zone[i] = z
    lst.append(i)


def _named(s, dealer: Dealer, p: int, spec: dict) -> dict:
    """Deal player p's named cards: hand, field (cores, soul, state), trash, removed, a listed deck.
    Returns the checked counters."""
    w = f"players[{p}]."
    out = {"on_cards": 0, "soul": None}
    hand = zone_list(spec, "hand", w, HAND_MAX, counted=True)
    if isinstance(hand, list):
        for k, c in enumerate(hand):
            _put(s, p, dealer.take(p, c, f"{w}hand[{k}]"), Z_HAND, s.hand[p])
    out["hand"] = hand
    for k, e in enumerate(zone_list(spec, "field", w, FIELD_MAX) or ()):
        where = f"{w}field[{k}]"
        cid, opts = card_entry(e, FIELD_KEYS, where)
        i = dealer.take(p, cid, where)
        d = s.defs[s.cdef[i]]
        if d.type == MAGIC:
            raise PositionError(f"{where}: {cid!r} is a magic card; only spirits and nexuses are on the field")
        soul = flag(opts, "soul", where + ".")
        if soul:
            if out["soul"] is not None:
                raise PositionError(f"{where}.soul: player {p} has one soul core, already on field[{out['soul'][0]}]")
            out["soul"] = (k, i)
        lv1 = d.lv_cores[0] if d.lv_cores else 0
        s.cores[i] = number(opts, "cores", 0, MAX_CORES, max(0, lv1 - 1) if soul else lv1, where + ".")
        state = opts.get("state", "recovered")
        if state not in EXHAUSTED:
            raise PositionError(f"{where}.state: {state!r} is not one of {', '.join(EXHAUSTED)}")
        s.exh[i] = EXHAUSTED.index(state)
        out["on_cards"] += s.cores[i]
        _put(s, p, i, Z_FIELD, s.field[p])
    for name, z, lst, limit in (
        ("trash", Z_TRASH, s.trash[p], TRASH_MAX),
        ("removed", Z_REMOVED, s.removed[p], len(s.cdef)),
    ):
        for k, c in enumerate(zone_list(spec, name, w, limit) or ()):
            _put(s, p, dealer.take(p, c, f"{w}{name}[{k}]"), z, lst)
    deck = zone_list(spec, "deck", w, len(s.cdef), counted=True)
    if isinstance(deck, list):
        top_first = [dealer.take(p, c, f"{w}deck[{k}]") for k, c in enumerate(deck)]
        for i in reversed(top_first):  # the top is the list's end
            _put(s, p, i, Z_DECK, s.deck[p])
    out["deck"] = deck
    soul_place = spec.get("soul_core", "field" if out["soul"] else "reserve")
    if soul_place == "field":
        if out["soul"] is None:
            raise PositionError(f"{w}soul_core: 'field', but no field card of player {p} has soul: true")
        s.soul[p] = out["soul"][1]
    elif soul_place in SOUL_PLACES:
        if out["soul"] is not None:
            raise PositionError(f"{w}soul_core: {soul_place!r}, but field[{out['soul'][0]}] has soul: true")
        s.soul[p] = SOUL_PLACES[soul_place]
    else:
        raise PositionError(f"{w}soul_core: {soul_place!r} is not one of field, {', '.join(SOUL_PLACES)}")
    s.reserve[p] = number(spec, "reserve", 0, MAX_CORES, 3, w)
    s.life[p] = number(spec, "life", 0, MAX_CORES, 5, w)
    s.tcores[p] = number(spec, "trash_cores", 0, MAX_CORES, 0, w)
    return out


def _rest(s, dealer: Dealer, p: int, spec: dict, named: dict) -> None:
    """Fill what player p's spec leaves out: a hand given as a count, the deck (a count, or all
    the cards not dealt); cards a listed or counted deck leaves over are removed from the game."""
    w = f"players[{p}]."
    if isinstance(named["hand"], int):
        for i in dealer.rest(p, named["hand"], w + "hand"):
            _put(s, p, i, Z_HAND, s.hand[p])
    s.hand[p].sort(key=s.cdef.__getitem__)  # hands are kept sorted by card
    deck = named["deck"]
    if deck is None or isinstance(deck, int):
        for i in dealer.rest(p, deck, w + "deck"):
            _put(s, p, i, Z_DECK, s.deck[p])
    for i in dealer.rest(p, None, w + "removed"):
        _put(s, p, i, Z_REMOVED, s.removed[p])
    # 6-2-1-3: 8 cores at the set-up; any more were gained from the void (any fewer went there)
    s.gained[p] = s.reserve[p] + s.life[p] + s.tcores[p] + named["on_cards"] - 8
