"""Scenario helper for the Leader Melee rules tests.

``scene(...)`` builds a readable position (docs/positions.md) with
``tcgzoo.envs.leader_melee.position.build``: a game from the test pool (``data/``; filler
cards T-F.. of level 9 that nobody can play), both hands kept, the zones holding the cards a
test names, the turn resumed at a chosen step. The position names no decks, so any card of
the pool may be named: deck cards are re-labelled as it (``state.cdef``), the way
``resample_hidden`` relabels hidden cards; every other card is a filler.

    s = scene(p0=dict(battle=["T-V1"], energy=3), p1=dict(battle=["T-V2"]), at="main")
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from tcgzoo.envs.leader_melee import Game, position
from tcgzoo.envs.leader_melee import rules as R
from tcgzoo.envs.leader_melee.cards import CARDS_DIR
from tcgzoo.envs.leader_melee.layout import *  # noqa: F403 - action ids and decision kinds
from tcgzoo.envs.leader_melee.state import *  # noqa: F403 - zones

DATA = Path(__file__).parent / "data"
CARD_FILES = (
    str(DATA / "filler.yaml"),
    str(DATA / "rules_cards.yaml"),
    str(DATA / "rules_cards_effects.yaml"),
    str(DATA / "rules_cards_info.yaml"),
)
DECK = str(DATA / "deck_filler.yaml")


@cache
def game(first_player=0, builtin=()) -> Game:
    """``builtin``: names of built-in card files (``red``, ``yellow``, ...) added to the test pool."""
    files = list(CARD_FILES) + [str(CARDS_DIR / f"{b}.yaml") for b in builtin]
    return Game(
        decks=[DECK, DECK],
        builtin_cards=False,
        cards=files,
        first_player=first_player,
        max_decisions=0,
        concession=False,
    )  # the rules tests count the legal actions without CONCEDE


def idx(s, cid):
    return s.game.pool.by_id[cid].index


def started(seed=0, first_player=0, builtin=()):
    s = game(first_player, builtin).new_initial_state(seed)
    act(s, PASS)
    act(s, PASS)
    return s


def _take(s, p, cid):
    """A deck card of player p (from the bottom, so draws stay fillers) re-labelled as cid."""
    for u in s.deck[p]:
        if s.defs[s.cdef[u]].id.startswith("T-F"):
            s.cdef[u] = idx(s, cid)
            return u
    raise AssertionError("no filler left")


def place(s, p, cid, zone, rest=False):
    u = _take(s, p, cid)
    R.move(s, u, zone)
    if rest:
        s.rest[u] = 1
    return u


def scene(p0=None, p1=None, at="main", tp=0, turn=3, seed=0, builtin=(), g: Game | None = None):
    """Arrange both players' zones, then resume player ``tp``'s turn at step ``at`` (player 0
    went first).

    Per player: hand/battle/melee lists of card ids, energy (count of fillers or list of ids),
    life (count, 7), deck (count left; the other cards go to the drop area), rested (indexes
    of battle cards to rest), leader (card id; default the deck's). ``at``: main, standby (the
    battle phase's start) or end (the battle phase end step, then the end phase). ``builtin``:
    built-in card files whose cards the scene may name (``("yellow",)``); ``g``: another game
    of test cards (``lm_cov.cgame``).
    """
    g = g or game(0, tuple(builtin))
    players = []
    for spec in (p0 or {}, p1 or {}):
        rested = spec.get("rested", ())
        en = spec.get("energy", 0)
        battle = spec.get("battle", [])
        pl = {
            "hand": list(spec.get("hand", [])),
            "life": spec.get("life", 7),
            "battle": [{"card": c, "rested": True} if i in rested else c for i, c in enumerate(battle)],
            "melee": list(spec.get("melee", [])),
            "energy": ["T-F01"] * en if isinstance(en, int) else list(en),
        }
        for key in ("deck", "leader"):
            if key in spec:
                pl[key] = spec[key]
        players.append(pl)
    step = {"end": "battle phase end"}.get(at, at)
    s = position.build(
        g,
        {
            "game": "leader_melee",
            "seed": seed,
            "turn": turn,
            "active": tp,
            "first": 0,
            "step": step,
            "players": players,
        },
    )
    s.check_invariants()
    return s


def act(s, a):
    assert a in s.legal_actions(), (
        f"{a} ({s.action_to_string(a) if a < NUM_ACTIONS else a}) not legal in "
        f"{s.decision_name()}: {[s.action_to_string(x) for x in s.legal_actions()]}"
    )
    s.apply_action(a)
    s.check_invariants()


def hand_slot(s, p, cid):
    for i, u in enumerate(s.hand[p]):
        if s.defs[s.cdef[u]].id == cid:
            return HAND + i
    raise AssertionError(f"{cid} not in hand of {p}")


def play(s, cid, p=None):
    """Play a hand card and pay its energy with the first choices."""
    p = s.dplayer if p is None else p
    act(s, hand_slot(s, p, cid))
    while s.dkind == D_PAY_ENERGY:
        act(s, s.legal_actions()[0])


def ids(s, lst):
    return [s.defs[s.cdef[u]].id for u in lst]


def to_attack(s):
    """From main free timing: pass to the standby step and declare an attack."""
    if s.dkind == D_FT_MAIN:
        act(s, PASS)
    act(s, DECLARE_ATTACK)
    assert s.dkind == D_CHOOSE_ATTACKER


def attack(s, attacker, target):
    """attacker: SELF_LEADER or OWN_BATTLE+i; target: OPP_LEADER or OPP_BATTLE+i."""
    to_attack(s)
    act(s, attacker)
    act(s, target)
    assert s.dkind == D_FT_ATTACK


def pass_until(s, kind):
    while s.dkind != kind:
        act(s, PASS)
