"""Scenario helper for the Battle Spirits rules tests.

A test builds a position with ``scene(...)``: a fresh game (setup and mulligans done)
whose zones are then arranged directly, and whose turn is resumed at a chosen step.
Cards come from the test pool in ``data/`` (ids ``T-...``); every deck instance starts as
a filler card and is re-labelled (``state.cdef``) as the card a test asks for, the same
way ``resample_hidden`` relabels hidden cards. Decisions are then driven with the small
helpers below, each of which checks the state's invariants after every action.

    s = scene(p0=dict(hand=["T-M1"], field=[("T-S1", 2)]), p1=dict(field=["T-S2"]))
    play(s, "T-M1")
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from tcgzoo.envs.battle_spirits import Game
from tcgzoo.envs.battle_spirits import rules as R
from tcgzoo.envs.battle_spirits.layout import *  # noqa: F403 - action ids and decision kinds
from tcgzoo.envs.battle_spirits.state import *  # noqa: F403 - zones, soul places, waiting kinds
from tcgzoo.envs.core.engine import RUNNING

DATA = Path(__file__).parent / "data"
# the rules' test cards; the v2_* files hold the test cards of the card language v2's words
# (events of other cards and players; board conditions, selectors, negation and immunity; verbs)
CARD_FILES = (str(DATA / "filler.yaml"), str(DATA / "rules_cards.yaml"), str(DATA / "v2_events.yaml"),
              str(DATA / "v2_board.yaml"), str(DATA / "v2_verbs.yaml"))
DECK = str(DATA / "deck_rules.yaml")
# the real-card pool of issue 10 (printed texts, tests/battle_spirits/real_cards): no block icon, so
# Eternal-only; scene(real=True) plays them beside the fillers, every real card once in each deck
REAL = Path(__file__).parent / "real_cards"
REAL_CARD_FILES = tuple(str(REAL / f"{c}.yaml") for c in ("red", "purple", "green", "white", "yellow", "blue", "multi"))
REAL_DECK = str(REAL / "scenario_deck.yaml")
STEP_FRAME = {"start": 0, "core": 2, "draw": 3, "refresh": 4, "main": 5, "attack": 6, "main2": 8, "end": 9}


@lru_cache(maxsize=None)
def game(first_player=0, concession=True, deck0=DECK, deck1=DECK, real=False) -> Game:
    if real:
        return Game(decks=[REAL_DECK, REAL_DECK], builtin_cards=False,
                    cards=[str(DATA / "filler.yaml"), *REAL_CARD_FILES],
                    format="eternal", first_player=first_player, concession=concession, max_decisions=0)
    return Game(decks=[deck0, deck1], builtin_cards=False, cards=list(CARD_FILES), first_player=first_player,
                concession=concession, max_decisions=0)


def new_state(seed: int = 0, **opts):
    """A fresh game at its first decision (the first/second choice or the first mulligan)."""
    return game(**opts).new_initial_state(seed)


def started(seed: int = 0, **opts):
    """Both players keep their hands: player 0's first main step (turn 1)."""
    s = new_state(seed, **opts)
    act(s, OPTION)
    act(s, OPTION)
    return s


def idx(s, card_id: str) -> int:
    return s.game.pool.get(card_id).index


def cid(s, i: int) -> str:
    return s.defs[s.cdef[i]].id


def _take(s, p: int, card_id: str) -> int:
    """A deck instance of player p, relabelled as card_id, taken out of the deck."""
    i = s.deck[p].pop(0)
    s.cdef[i] = idx(s, card_id)
    return i


def scene(step: str = "main", turn: int = 3, tp: int = 0, p0: dict | None = None, p1: dict | None = None,
          seed: int = 0, run: bool = True, real: bool = False):
    """Arrange a position and resume the turn of player ``tp`` at ``step``.

    Player spec keys (all optional): ``hand`` [ids], ``field`` [id | (id, cores) |
    dict(id, cores, soul, exh)], ``trash`` [ids], ``deck`` (int: keep that many filler
    cards; list of ids: exactly those, last = top), ``reserve`` (3), ``life`` (5),
    ``tcores`` (0), ``soul`` ('reserve' | 'trash' | 'void'; a field entry with soul=True
    puts it there). Cores are made consistent by setting ``gained``. ``real``: the real-card
    pool (``REAL_CARD_FILES``) instead of the test cards.
    """
    s = started(seed, real=real)
    filler = idx(s, "T-F01")
    for p in (0, 1):
        for lst in (s.hand[p], s.field[p], s.trash[p], s.removed[p]):
            for i in lst:
                s.zone[i] = Z_DECK
                s.deck[p].append(i)
            lst.clear()
        for i in s.deck[p]:
            s.cdef[i] = filler + (i % 14)
            s.cores[i] = 0
            s.exh[i] = 0
            s.known[i] = False
        s.deck[p].sort()
    s.pending, s.tq, s.waiting, s.teff, s.used, s.sels, s.revealed = [], [], [], [], [], [], []
    s.attacker = s.blocker = -1
    for p, spec in ((0, p0 or {}), (1, p1 or {})):
        soul = {"reserve": S_RESERVE, "trash": S_TRASH, "void": S_VOID}[spec.get("soul", "reserve")]
        on_cards = 0
        for c in spec.get("hand", ()):
            i = _take(s, p, c)
            s.zone[i] = Z_HAND
            s.hand[p].append(i)
        s.hand[p].sort(key=s.cdef.__getitem__)
        for c in spec.get("field", ()):
            if isinstance(c, str):
                c = {"id": c}
            elif isinstance(c, tuple):
                c = {"id": c[0], "cores": c[1]}
            i = _take(s, p, c["id"])
            s.zone[i] = Z_FIELD
            s.field[p].append(i)
            d = s.defs[s.cdef[i]]
            default = d.lv_cores[0] if not c.get("soul") else max(0, d.lv_cores[0] - 1)
            s.cores[i] = c.get("cores", default)
            s.exh[i] = c.get("exh", 0)
            on_cards += s.cores[i]
            if c.get("soul"):
                soul = i
        for c in spec.get("trash", ()):
            i = _take(s, p, c)
            s.zone[i] = Z_TRASH
            s.trash[p].append(i)
        deck = spec.get("deck")
        if isinstance(deck, int):
            while len(s.deck[p]) > deck:
                i = s.deck[p].pop(0)
                s.zone[i] = Z_REMOVED
                s.removed[p].append(i)
        elif isinstance(deck, list):
            keep = [_take(s, p, c) for c in deck]
            for i in s.deck[p]:
                s.zone[i] = Z_REMOVED
                s.removed[p].append(i)
            s.deck[p] = keep
            for i in keep:
                s.zone[i] = Z_DECK
        s.soul[p] = soul
        s.reserve[p] = spec.get("reserve", 3)
        s.life[p] = spec.get("life", 5)
        s.tcores[p] = spec.get("tcores", 0)
        s.gained[p] = s.reserve[p] + s.life[p] + s.tcores[p] + on_cards - 8
    s.turn, s.tp, s.first = turn, tp, 0
    s.stack = [[R.H_TURN, STEP_FRAME[step]]]
    s.check_invariants()
    if run:
        s.dkind = RUNNING
        s._run()
        s.check_invariants()
    return s


# ---------------------------------------------------------------------------- finding things
def find(s, p: int, card_id: str, zone: str = "field") -> int:
    lst = {"hand": s.hand, "field": s.field, "trash": s.trash, "deck": s.deck, "removed": s.removed}[zone][p]
    for i in lst:
        if cid(s, i) == card_id:
            return i
    raise AssertionError(f"{card_id} not in player {p}'s {zone}: {[cid(s, i) for i in lst]}")


def ids(s, lst) -> list[str]:
    return [cid(s, i) for i in lst]


def hand_slot(s, i: int) -> int:
    return HAND + s.hand[s.owner[i]].index(i)


def field_slot(s, i: int, chooser: int | None = None) -> int:
    """Action id naming field card i for the deciding player (own FIELD or OPP_FIELD)."""
    p = s.dplayer if chooser is None else chooser
    o = s.owner[i]
    return (FIELD if o == p else OPP_FIELD) + s.field[o].index(i)


def strings(s) -> list[str]:
    return [s.action_to_string(a) for a in s.legal_actions()]


# ---------------------------------------------------------------------------- acting
def act(s, a: int) -> None:
    s.apply_action(a)
    s.check_invariants()


def act_card(s, i: int) -> None:
    """Choose card i: in the hand or on a field, whichever it is in."""
    act(s, hand_slot(s, i) if s.zone[i] == Z_HAND else field_slot(s, i))


def pay(s, sources=None) -> int:
    """Answer 'pay a core' decisions: from ``sources`` in order, else the reserve first.
    Returns the number of cores paid."""
    n = 0
    sources = list(sources or ())
    while s.dkind == D_PAY:
        if sources:
            a = sources.pop(0)
        elif RESERVE in s.legal:
            a = RESERVE
        else:
            a = s.legal[0]
        act(s, a)
        n += 1
    return n


def place(s, n: int | None = None, sources=None) -> int:
    """Answer 'place cores' decisions: n cores (default: the minimum), reserve first."""
    k = 0
    sources = list(sources or ())
    while s.dkind == D_PLACE:
        if (n is None and PASS in s.legal) or (n is not None and k >= n):
            act(s, PASS)
            break
        if sources:
            a = sources.pop(0)
        elif RESERVE in s.legal:
            a = RESERVE
        else:
            a = [x for x in s.legal if x != PASS][0]
        act(s, a)
        k += 1
    return k


def play(s, card_id: str, place_n: int | None = None, pay_from=None, keisho=()) -> int:
    """The deciding player plays card_id from hand: 《継召》 exclusions (trash instances),
    pay (reserve first), place (minimum). Returns the instance."""
    p = s.dplayer
    i = find(s, p, card_id, "hand")
    act(s, hand_slot(s, i))
    keisho = list(keisho)
    while s.dkind == D_KEISHO:
        if keisho:
            j = keisho.pop(0)
            act(s, TRASH + s.trash[p].index(j))
        else:
            act(s, PASS)
    pay(s, pay_from)
    if s.dkind == D_PLACE:
        place(s, place_n)
    return i


def target(s, i: int) -> None:
    assert s.dkind == D_TARGET, s.decision_name()
    if s.zone[i] == Z_TRASH:
        act(s, TRASH + s.trash[s.owner[i]].index(i))
    else:
        act(s, field_slot(s, i))


def pass_(s) -> None:
    act(s, PASS)


def pass_flash(s) -> None:
    """Both players pass a flash timing."""
    while s.dkind == D_FLASH:
        act(s, PASS)


def attack(s, i: int) -> None:
    """From the main step (ending it) or the attack step: attack with spirit i."""
    if s.dkind == D_MAIN:
        act(s, PASS)
    assert s.dkind == D_ATTACK, s.decision_name()
    act(s, field_slot(s, i))


def decide(s, yes: bool) -> None:
    assert s.dkind == D_OPTIONAL, s.decision_name()
    act(s, OPTION + (1 if yes else 0))


def order_first(s, i: int) -> None:
    """In a trigger-order decision, resolve the effect of source card i next."""
    assert s.dkind == D_ORDER, s.decision_name()
    batch = s.tq[s.ctx_batch]  # the batch the decision orders (published by the rules)
    for k, t in enumerate(batch):
        if t[0] == i and OPTION + k in s.legal:
            act(s, OPTION + k)
            return
    raise AssertionError(f"card {cid(s, i)} has no waiting effect")


