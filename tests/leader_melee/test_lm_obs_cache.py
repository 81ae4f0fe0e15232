"""The observation's count cache (#11 part 8) is keyed by content: an observation written with
the game's layout, its cache warm from earlier decisions, games and resampled clones, is the
one written with a fresh layout, its cache empty. A zone's counts by card (``encoding._counts``)
must never come from a zone whose content differs, e.g. a clone whose hidden cards were redealt
(the opponent's known hand cards and known deck cards are counted through the same cache)."""

from __future__ import annotations

import random
from pathlib import Path

from tcgzoo.envs.leader_melee import Game, encoding

DATA = Path(__file__).resolve().parent / "data"
TEST_CARDS = [str(DATA / f) for f in ("filler.yaml", "rules_cards.yaml", "rules_cards_effects.yaml")]


def _fresh(s, p: int) -> bytes:
    return encoding.observation(s, p, encoding.ObsLayout(s.game.obs_layout.n)).tobytes()


def _play(game: Game, seeds: range, every: int) -> int:
    """Random games from ``seeds``: every ``every``-th decision, both players' observations from
    the warm and a fresh layout, also of a clone with hidden cards redealt for each player.
    Returns the number of checked decisions where some card was known (``state.known``)."""
    with_known = 0
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
                with_known += any(s.known)
            legal = [a for a in s.legal_actions() if a != s.CONCEDE] or s.legal_actions()
            s.apply_action(legal[rng.randrange(len(legal))])
            k += 1
    return with_known


def test_cached_counts_equal_fresh_ones_with_the_builtin_decks():
    game = Game()
    assert _play(game, range(4), 3) > 0, "no known card met: the known counts were not exercised"
    assert game.obs_layout.counts, "the cache was never filled"


def test_cached_counts_equal_fresh_ones_with_the_knowledge_words():
    """Search, cards put under the deck (known to both, order to the owner), discard costs."""
    deck = str(DATA / "deck_info_words.yaml")
    assert _play(Game(decks=[deck, deck]), range(3), 2) > 0


def test_cached_counts_equal_fresh_ones_with_the_test_cards():
    """Another pool (other definitions at the same indexes): a layout of its own, the same rules."""
    deck = str(DATA / "deck_filler.yaml")
    _play(Game(decks=[deck, deck], builtin_cards=False, cards=TEST_CARDS), range(2), 2)


def test_the_cache_stays_bounded():
    game = Game()
    lay = game.obs_layout
    for i in range(5000):
        encoding._counts(lay, (i % 88, i // 88))
    assert len(lay.counts) <= 1024
    s = game.new_initial_state(0)
    assert s.observation_tensor(0).tobytes() == _fresh(s, 0)
