"""Every pairing of the built-in Ninja Slayer decks under the harness's random-game
contract checks (the harness's own run uses the default pairing only)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from harness import check_random_games  # noqa: E402
from tcgzoo.envs.ninja_slayer import Game  # noqa: E402

DECKS = Game.builtin_decks()


@pytest.mark.parametrize("pair", [(a, b) for a in DECKS for b in DECKS if a != b], ids="-".join)
def test_deck_pairing_plays_random_games_within_the_contract(pair, sim_seed):
    """NS 103.1, NS 501.1: random games of every deck pairing end, with every invariant."""
    stats = check_random_games(Game(decks=pair), 3, 100 + sim_seed, sample_rate=0.05, concede_prob=0.0005)
    assert stats.games == 3
