"""Views read state only (#11 part 4): the observation, the JSON view, the action strings and the board text of
a Ninja Slayer state are the same when its frames (the rules' resumable handlers, ``state.stack``) are gone.
The decision context the views show (the card being entered, the option list, the kotodama space...) is
published by the rules in state fields."""

from __future__ import annotations

import random
from pathlib import Path

from tcgzoo.envs.ninja_slayer import Game
from tcgzoo.envs.ninja_slayer.cards import CARD_DIR

DATA = Path(__file__).resolve().parent / "data"


def _views(s) -> tuple:
    obs = tuple(s.observation_tensor(p).tobytes() for p in (0, 1))
    return (obs, s.to_dict(), s.to_dict(0), s.to_dict(1), [s.action_to_string(a) for a in s.legal_actions()], str(s))


def _check(game: Game, seed: int, every: int) -> set:
    """Every ``every``-th decision of a seeded random game: the views without frames are the same. Returns the
    decision kinds checked."""
    s = game.new_initial_state(seed)
    rng = random.Random(seed)
    kinds = set()
    for k in range(3000):
        if s.is_terminal():
            break
        if k % every == 0:
            c = s.clone()
            assert c.stack, "a pending decision keeps its frames"
            c.stack = []  # frames gone: a view that read them would fail or change
            assert _views(c) == _views(s), f"seed {seed}, decision {k}: a view reads the frames"
            kinds.add(s.decision_name())
        legal = s.legal_actions()
        s.apply_action(legal[rng.randrange(len(legal))])
    return kinds


def test_views_of_built_in_decks_read_no_frames():
    game = Game(concession=False)
    kinds = set().union(*(_check(game, seed, 7) for seed in range(3)))
    assert {"priority", "ether placement", "aisatsu attacker", "pay ether"} <= kinds


def test_views_with_the_test_cards_read_no_frames():
    """The test-only cards bring the rarer decisions (replacement, reveal, distribute, modes, X)."""
    cards = sorted(CARD_DIR.glob("*.yaml")) + sorted(DATA.glob("*_cards.yaml"))
    game = Game(
        decks=(str(DATA / "deck_test_words_a.yaml"), str(DATA / "deck_test_words_b.yaml")),
        builtin_cards=False,
        cards=cards,
        concession=False,
    )
    kinds = set().union(*(_check(game, seed, 3) for seed in range(4)))
    assert {"aisatsu target", "choose a card", "distribute", "x"} <= kinds, sorted(kinds)
