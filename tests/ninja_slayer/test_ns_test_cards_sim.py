"""The test-only cards (``data/*.yaml``) in random play: two legal Constructed decks (NS 402.4a-c)
built from them and the pool play random games under the harness's contract checks (mask
exactness, clone / replay, no hidden-information leak, card conservation), so the words only
the rules tests use (hand effects, added numeric items, kill replacements, discard removal,
characteristic-defining abilities, cost changes...) also meet each other and random choices."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from harness import check_random_games  # noqa: E402
from tcgzoo.envs.ninja_slayer import Game  # noqa: E402
from tcgzoo.envs.ninja_slayer.cards import CARD_DIR  # noqa: E402

DATA = Path(__file__).resolve().parent / "data"
CARDS = sorted(CARD_DIR.glob("*.yaml")) + sorted(p for p in DATA.glob("*_cards.yaml"))
DECK_A, DECK_B = str(DATA / "deck_test_words_a.yaml"), str(DATA / "deck_test_words_b.yaml")
PAIRS = [(DECK_A, DECK_B), (DECK_B, DECK_A), (DECK_A, DECK_A), (DECK_B, DECK_B)]


def test_the_test_card_decks_are_legal_constructed_decks_using_every_test_card():
    """NS 402.4a-c: 50 cards, at most 4 per name and epithet, at most 16 with ukemi (checked by
    load_deck); between them the two decks hold every test-only card."""
    game = Game(decks=(DECK_A, DECK_B), builtin_cards=False, cards=CARDS)
    test_ids = {c.id for c in game.pool.cards if "tests" in c.file}
    used = {game.pool.cards[i].id for deck in game.decks for i in deck}
    assert len(game.decks[0]) == len(game.decks[1]) == 50
    assert test_ids <= used, sorted(test_ids - used)


@pytest.mark.slow  # 40 s of random games; the quick run keeps the every-decision one
@pytest.mark.parametrize("pair", PAIRS, ids=["a-b", "b-a", "a-a", "b-b"])
def test_random_games_with_the_test_cards_keep_the_contract(pair, sim_seed):
    """NS 103.1, NS 501.1: random games with the test-only cards end, with every invariant
    (auto_forced: single-choice decisions are taken by the engine, so the games are short)."""
    game = Game(decks=pair, builtin_cards=False, cards=CARDS, auto_forced=True)
    stats = check_random_games(
        game, 50, 1000 + 100 * PAIRS.index(pair) + sim_seed, sample_rate=0.05, concede_prob=0.0005
    )
    assert stats.games == 50


def test_random_games_with_every_decision_asked(sim_seed):
    """The same with every decision asked (a pass-only question is one too): the hand pick of
    'reveal a card from your hand' is asked even when it can only pass (NS 1307.2)."""
    game = Game(decks=(DECK_A, DECK_B), builtin_cards=False, cards=CARDS, auto_forced=False)
    stats = check_random_games(game, 20, 2000 + sim_seed, sample_rate=0.05, concede_prob=0.0005)
    assert stats.games == 20
