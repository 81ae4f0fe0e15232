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
    stats = harness.check_random_games(
        Game(decks=list(decks), concession=True), 3, seed=100, sample_rate=0.2, concede_prob=0.0005
    )
    assert stats.games == 3


def test_random_games_with_the_knowledge_words():
    """The pool cards with discard costs, modes, search, bury and moved triggers (LM-N18..N23) in
    random games: the leak check covers the searcher's deck knowledge (8-6-3-5) and the order of
    cards put under the deck known to their owner only (3-1-6-1)."""
    deck = str(Path(__file__).parent / "data" / "deck_info_words.yaml")
    stats = harness.check_random_games(
        Game(decks=[deck, deck], concession=True), 4, seed=7, sample_rate=0.3, concede_prob=0.0005
    )
    assert stats.games == 4
