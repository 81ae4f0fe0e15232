"""The observation's caches (#11 part 8) are keyed by content: an observation written with the
game's layout, its caches warm from earlier decisions, games and resampled clones, is the one
written with a fresh layout, its caches empty. The zone blocks, zone sizes and a field's karate
with auras (``encoding._zone_block``, ``_aura_karate``) must never come from a state whose
content differs, e.g. a clone whose hidden cards were redealt."""

from __future__ import annotations

import random
from pathlib import Path

from tcgzoo.envs.ninja_slayer import Game, encoding
from tcgzoo.envs.ninja_slayer.cards import CARD_DIR
from tcgzoo.envs.ninja_slayer.records import SF_AURAS

DATA = Path(__file__).resolve().parent / "data"
CARDS = sorted(CARD_DIR.glob("*.yaml")) + sorted(DATA.glob("*_cards.yaml"))
TEST_DECKS = (str(DATA / "deck_test_words_a.yaml"), str(DATA / "deck_test_words_b.yaml"))


def _fresh(s, p: int) -> bytes:
    return encoding.observation(s, p, encoding.ObsLayout(s.game.obs_layout.P)).tobytes()


def _play(game: Game, seeds: range, every: int) -> int:
    """Random games from ``seeds``: every ``every``-th decision, both players' observations from
    the warm and a fresh layout, also of a clone with hidden cards redealt for each player.
    Returns the number of checked decisions whose fields held an aura."""
    with_aura = 0
    for seed in seeds:
        s = game.new_initial_state(seed)
        rng = random.Random(seed)
        k = 0
        while not s.is_terminal():
            if k % every == 0:
                for p in (0, 1):
                    assert s.observation_tensor(p).tobytes() == _fresh(s, p), f"seed {seed}, decision {k}"
                    c = s.clone()
                    c.resample_hidden(p, rng.randrange(2**31))
                    for q in (0, 1):
                        assert c.observation_tensor(q).tobytes() == _fresh(c, q), f"seed {seed}, decision {k}"
                defs, cdef = s.defs, s.cdef
                with_aura += any(defs[cdef[j]].aura is not None for q in (0, 1) for j in s.field[q])
            legal = [a for a in s.legal_actions() if a != s.CONCEDE] or s.legal_actions()
            s.apply_action(legal[rng.randrange(len(legal))])
            k += 1
    return with_aura


def test_cached_blocks_equal_fresh_ones_with_the_builtin_decks():
    game = Game()
    assert game.new_initial_state(0).statics & SF_AURAS  # the default decks have an aura card
    assert _play(game, range(4), 3) > 0, "no aura met: the karate cache was not exercised"


def test_cached_blocks_equal_fresh_ones_with_the_test_cards():
    """The test-only cards: effects naming cards, layers, added items, defined values."""
    game = Game(decks=TEST_DECKS, builtin_cards=False, cards=CARDS, auto_forced=True)
    _play(game, range(3), 2)
