"""Every built-in deck pairing plays random games that keep the contract's promises
(the harness's checks: mask exactness, conservation, no hidden-information leak, exact
clones and replays), so every card of the pool is exercised, not only the default decks."""
from __future__ import annotations

import itertools
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import harness  # noqa: E402

from tcgzoo.envs.leader_melee import Game  # noqa: E402

PAIRS = list(itertools.product(Game.builtin_decks(), repeat=2))


@pytest.mark.parametrize("decks", PAIRS, ids=["-".join(p) for p in PAIRS])
def test_random_games_every_pairing(decks):
    stats = harness.check_random_games(Game(decks=list(decks), concession=True), 3, seed=100,
                                       sample_rate=0.2, concede_prob=0.0005)
    assert stats.games == 3
