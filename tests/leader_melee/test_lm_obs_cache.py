"""The observation's table of printed power and strike (#11 part 8, ``encoding._printed``) is
kept on the layout for the pool it was built from: an observation written with the game's
layout, warm from earlier decisions, games and resampled clones, is the one written with a
fresh layout; states under an effect (``state.mods``) read the rules' values instead."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import harness  # noqa: E402
from tcgzoo.envs.leader_melee import Game, encoding  # noqa: E402

DATA = Path(__file__).resolve().parent / "data"
TEST_CARDS = [str(DATA / f) for f in ("filler.yaml", "rules_cards.yaml", "rules_cards_effects.yaml")]


def _fresh(s, p: int) -> bytes:
    return encoding.observation(s, p, encoding.ObsLayout(s.game.obs_layout.n)).tobytes()


def _play(game: Game, seeds: range, every: int) -> tuple[int, int]:
    """``harness.warm_observations_equal_fresh`` over random games from ``seeds``; returns the
    checked states under an effect and those where some card was known."""
    states = list(harness.warm_observations_equal_fresh(game, seeds, every, _fresh))
    return sum(bool(s.mods) for s in states), sum(any(s.known) for s in states)


def test_warm_observations_equal_fresh_ones_with_the_builtin_decks():
    with_mods, with_known = _play(Game(), range(4), 3)
    assert with_mods > 0, "no effect met: the rules' power and strike were not exercised"
    assert with_known > 0, "no known card met: the known counts were not exercised"


def test_warm_observations_equal_fresh_ones_with_the_knowledge_words():
    """Search, cards put under the deck (known to both, order to the owner), discard costs."""
    deck = str(DATA / "deck_info_words.yaml")
    assert _play(Game(decks=[deck, deck]), range(3), 2)[1] > 0


def test_warm_observations_equal_fresh_ones_with_the_test_cards():
    deck = str(DATA / "deck_filler.yaml")
    _play(Game(decks=[deck, deck], builtin_cards=False, cards=TEST_CARDS), range(2), 2)


def test_the_printed_table_follows_the_pool():
    """A layout asked for another pool's definitions builds that pool's table."""
    builtin = Game().pool.cards
    other = Game(decks=[str(DATA / "deck_filler.yaml")] * 2, builtin_cards=False, cards=TEST_CARDS).pool.cards
    lay = encoding.ObsLayout(len(builtin))
    assert encoding._printed(lay, builtin)[5] == [(f.power / 10000, f.strike / 5) for f in builtin[5].faces]
    table = encoding._printed(lay, other)
    assert len(table) == len(other)
    assert table == [[(f.power / 10000, f.strike / 5) for f in d.faces] for d in other]
