"""The observation's caches (#11 part 8) are keyed by content: an observation written with the
game's layout, its caches warm from earlier decisions, games and resampled clones, is the one
written with a fresh layout, its caches empty. The zone blocks, zone sizes and a field's karate
with auras (``encoding._zone_block``, ``_aura_karate``) must never come from a state whose
content differs, e.g. a clone whose hidden cards were redealt."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import harness  # noqa: E402
from tcgzoo.envs.ninja_slayer import Game, encoding  # noqa: E402
from tcgzoo.envs.ninja_slayer.cards import CARD_DIR  # noqa: E402
from tcgzoo.envs.ninja_slayer.records import SF_AURAS  # noqa: E402

DATA = Path(__file__).resolve().parent / "data"
CARDS = sorted(CARD_DIR.glob("*.yaml")) + sorted(DATA.glob("*_cards.yaml"))
TEST_DECKS = (str(DATA / "deck_test_words_a.yaml"), str(DATA / "deck_test_words_b.yaml"))


def _fresh(s, p: int) -> bytes:
    return encoding.observation(s, p, encoding.ObsLayout(s.game.obs_layout.P)).tobytes()


def _play(game: Game, seeds: range, every: int) -> int:
    """``harness.warm_observations_equal_fresh`` over random games from ``seeds``; returns the
    number of checked states whose fields held an aura."""
    return sum(
        any(s.defs[s.cdef[j]].aura is not None for q in (0, 1) for j in s.field[q])
        for s in harness.warm_observations_equal_fresh(game, seeds, every, _fresh)
    )


def test_cached_blocks_equal_fresh_ones_with_the_builtin_decks():
    game = Game()
    assert game.new_initial_state(0).statics & SF_AURAS  # the default decks have an aura card
    assert _play(game, range(4), 3) > 0, "no aura met: the karate cache was not exercised"


def test_cached_blocks_equal_fresh_ones_with_the_test_cards():
    """The test-only cards: effects naming cards, layers, added items, defined values."""
    game = Game(decks=TEST_DECKS, builtin_cards=False, cards=CARDS, auto_forced=True)
    _play(game, range(3), 2)
