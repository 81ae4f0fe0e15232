"""Scenario helper for the Leader Melee rules tests.

``scene(...)`` starts a game from the test pool (``data/``; filler cards T-F.. of level 9
that nobody can play), keeps both hands, then arranges zones directly: every card a
test asks for is a deck card re-labelled (``state.cdef``), the same way
``resample_hidden`` relabels hidden cards. The turn then resumes at a chosen step.

    s = scene(p0=dict(battle=["T-V1"], energy=3), p1=dict(battle=["T-V2"]), at="main")
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from tcgzoo.envs.core.engine import RUNNING
from tcgzoo.envs.leader_melee import Game
from tcgzoo.envs.leader_melee import rules as R
from tcgzoo.envs.leader_melee.cards import CARDS_DIR
from tcgzoo.envs.leader_melee.layout import *  # noqa: F403 - action ids and decision kinds
from tcgzoo.envs.leader_melee.state import *  # noqa: F403 - zones

DATA = Path(__file__).parent / "data"
CARD_FILES = (str(DATA / "filler.yaml"), str(DATA / "rules_cards.yaml"), str(DATA / "rules_cards_effects.yaml"),
              str(DATA / "rules_cards_info.yaml"))
DECK = str(DATA / "deck_filler.yaml")
AT = {"main": 3, "standby": 6, "attack": 8, "end": 20}


@lru_cache(maxsize=None)
def game(first_player=0, builtin=()) -> Game:
    """``builtin``: names of built-in card files (``red``, ``yellow``, ...) added to the test pool."""
    files = list(CARD_FILES) + [str(CARDS_DIR / f"{b}.yaml") for b in builtin]
    return Game(decks=[DECK, DECK], builtin_cards=False, cards=files, first_player=first_player, max_decisions=0,
                concession=False)  # the rules tests count the legal actions without CONCEDE


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


def scene(p0=None, p1=None, at="main", tp=0, turn=3, seed=0, builtin=()):
    """Arrange both players' zones, then resume player ``tp``'s turn at step ``at``.

    Per player: hand/battle/melee lists of card ids, energy (count of fillers or list
    of ids), life (count), deck (count left), rested (indexes of battle cards to rest).
    ``builtin``: built-in card files whose cards the scene may name (``("yellow",)``).
    """
    s = started(seed, builtin=tuple(builtin))
    s.tp, s.turn_no = tp, turn
    for p, spec in ((0, p0 or {}), (1, p1 or {})):
        for u in s.hand[p][:]:
            R.move(s, u, Z_DECK, bottom=True)
        for u in s.energy[p][:]:
            R.move(s, u, Z_DECK, bottom=True)
        for cid in spec.get("hand", []):
            place(s, p, cid, Z_HAND)
        for i, cid in enumerate(spec.get("battle", [])):
            place(s, p, cid, Z_BATTLE, rest=i in spec.get("rested", ()))
        en = spec.get("energy", 0)
        for cid in (["T-F01"] * en if isinstance(en, int) else en):
            place(s, p, cid, Z_ENERGY)
        life = spec.get("life", 7)
        while len(s.life[p]) > life:
            R.move(s, s.life[p][-1], Z_DECK, bottom=True)
        while len(s.deck[p]) > spec.get("deck", 99):
            R.move(s, s.deck[p][0], Z_DROP)
    s.check_invariants()
    s.stack[:] = [[R.H_TURN, AT[at]]]
    s.phase = P_MAIN
    s.dkind = RUNNING
    s._run()
    return s


def act(s, a):
    assert a in s.legal_actions(), f"{a} ({s.action_to_string(a) if a < NUM_ACTIONS else a}) not legal in " \
        f"{s.decision_name()}: {[s.action_to_string(x) for x in s.legal_actions()]}"
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
