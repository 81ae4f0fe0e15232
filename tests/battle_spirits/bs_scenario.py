"""Scenario helper for the Battle Spirits rules tests.

A test builds a position with ``scene(...)``: a readable position (docs/positions.md) built
by ``tcgzoo.envs.battle_spirits.position.build``: a fresh game (set-up and mulligans done)
whose zones hold the cards the test names, its turn resumed at a chosen step. Cards come
from the test pool in ``data/`` (ids ``T-...``); the position names no decks, so any card
of the pool may be named (deck instances are re-labelled as it, the way ``resample_hidden``
relabels hidden cards), and every card it does not name is a filler card. Decisions are
then driven with the small helpers below, each of which checks the state's invariants after
every action.

    s = scene(p0=dict(hand=["T-M1"], field=[("T-S1", 2)]), p1=dict(field=["T-S2"]))
    play(s, "T-M1")
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from tcgzoo.envs.battle_spirits import Game, position
from tcgzoo.envs.battle_spirits.layout import *  # noqa: F403 - action ids and decision kinds
from tcgzoo.envs.battle_spirits.state import *  # noqa: F403 - zones, soul places, waiting kinds

DATA = Path(__file__).parent / "data"
# the rules' test cards; the v2_* files hold the test cards of the card language v2's words
# (events of other cards and players; board conditions, selectors, negation and immunity; verbs)
CARD_FILES = (
    str(DATA / "filler.yaml"),
    str(DATA / "rules_cards.yaml"),
    str(DATA / "v2_events.yaml"),
    str(DATA / "v2_board.yaml"),
    str(DATA / "v2_verbs.yaml"),
)
DECK = str(DATA / "deck_rules.yaml")
# the real-card pool of issue 10 (printed texts, tests/battle_spirits/real_cards): no block icon, so
# Eternal-only; scene(real=True) plays them beside the fillers, every real card once in each deck
REAL = Path(__file__).parent / "real_cards"
REAL_CARD_FILES = tuple(str(REAL / f"{c}.yaml") for c in ("red", "purple", "green", "white", "yellow", "blue", "multi"))
REAL_DECK = str(REAL / "scenario_deck.yaml")


@cache
def game(first_player=0, concession=True, deck0=DECK, deck1=DECK, real=False) -> Game:
    if real:
        return Game(
            decks=[REAL_DECK, REAL_DECK],
            builtin_cards=False,
            cards=[str(DATA / "filler.yaml"), *REAL_CARD_FILES],
            format="eternal",
            first_player=first_player,
            concession=concession,
            max_decisions=0,
        )
    return Game(
        decks=[deck0, deck1],
        builtin_cards=False,
        cards=list(CARD_FILES),
        first_player=first_player,
        concession=concession,
        max_decisions=0,
    )


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


FILLERS = 14  # T-F01..T-F14: a deck instance i not named by a scene is filler i % 14


def _fillers(instances) -> list[str]:
    return [f"T-F{i % FILLERS + 1:02d}" for i in instances]


def _player(g: Game, p: int, spec: dict) -> dict:
    """A scene's player spec as a readable position's player: zones by card id, the deck and the
    cards out of play listed as fillers (by instance, as the scenes always had them)."""
    field, soul = [], spec.get("soul", "reserve")
    for c in spec.get("field", ()):
        if isinstance(c, str):
            c = {"id": c}
        elif isinstance(c, tuple):
            c = {"id": c[0], "cores": c[1]}
        e = {"card": c["id"]}
        if "cores" in c:
            e["cores"] = c["cores"]
        if c.get("exh"):
            e["state"] = position.EXHAUSTED[c["exh"]]
        if c.get("soul"):
            e["soul"] = True
            soul = "field"
        field.append(e)
    hand, trash = list(spec.get("hand", ())), list(spec.get("trash", ()))
    n0 = len(g.decks[0])
    first, end = (0, n0) if p == 0 else (n0, n0 + len(g.decks[1]))
    # the instances left once the named cards took the lowest ones: the deck, bottom first
    rest = list(range(first + len(hand) + len(field) + len(trash), end))
    deck, removed = spec.get("deck"), []
    if isinstance(deck, int):  # keep that many filler cards; the others are removed from the game
        removed, rest = rest[: len(rest) - deck], rest[len(rest) - deck :]
        deck = _fillers(reversed(rest))
    elif isinstance(deck, list):  # exactly those, last = top
        removed = rest[len(deck) :]
        deck = deck[::-1]
    else:
        deck = _fillers(reversed(rest))
    return {
        "hand": hand,
        "field": field,
        "trash": trash,
        "removed": _fillers(removed),
        "deck": deck,
        "soul_core": soul,
        "reserve": spec.get("reserve", 3),
        "life": spec.get("life", 5),
        "trash_cores": spec.get("tcores", 0),
    }


def scene(
    step: str = "main",
    turn: int = 3,
    tp: int = 0,
    p0: dict | None = None,
    p1: dict | None = None,
    seed: int = 0,
    real: bool = False,
):
    """Arrange a position and resume the turn of player ``tp`` at ``step`` (player 0 went first).

    Player spec keys (all optional): ``hand`` [ids], ``field`` [id | (id, cores) |
    dict(id, cores, soul, exh)], ``trash`` [ids], ``deck`` (int: keep that many filler
    cards; list of ids: exactly those, last = top), ``reserve`` (3), ``life`` (5),
    ``tcores`` (0), ``soul`` ('reserve' | 'trash' | 'void'; a field entry with soul=True
    puts it there). Cores are made consistent by setting ``gained``. ``real``: the real-card
    pool (``REAL_CARD_FILES``) instead of the test cards.
    """
    g = game(real=real)
    s = position.build(
        g,
        {
            "game": "battle_spirits",
            "seed": seed,
            "turn": turn,
            "active": tp,
            "first": 0,
            "step": step,
            "players": [_player(g, 0, p0 or {}), _player(g, 1, p1 or {})],
        },
    )
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
