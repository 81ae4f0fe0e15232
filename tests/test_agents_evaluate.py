"""Leaf evaluations of every game: bounded, zero-sum, blind to what the seat cannot see,
and pointing the right way on the game's main resource."""

from __future__ import annotations

import pytest
from harness import states_along
from tcgzoo.agents.evaluate import evaluation_for, generic_value, turn_counter_for
from tcgzoo.agents.games import make_game
from tcgzoo.envs import GAMES
from tcgzoo.envs.core.rng import Rng


def _states(game: str, seed: int, every: int = 9, limit: int = 500):
    """States along a random game (every ``every``-th decision) on its default decks."""
    return states_along(make_game(game), seed, every, limit)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_evaluation_is_bounded_zero_sum_and_blind_to_hidden_cards(game: str) -> None:
    value = evaluation_for(game)
    assert value is not generic_value
    rng = Rng(11)
    checked = 0
    for seed in (3, 4, 5):
        for s in _states(game, seed):
            for p in (0, 1):
                v = value(s, p)
                assert -1.0 <= v <= 1.0
                if not s.is_terminal():
                    assert value(s, 1 - p) == pytest.approx(-v, abs=1e-12)
                for _ in range(2):
                    c = s.clone()
                    c.resample_hidden(p, rng)  # the other seat's hand and both decks redrawn
                    assert value(c, p) == pytest.approx(v, abs=1e-12)
                checked += 1
    assert checked > 40


@pytest.mark.parametrize("game", sorted(GAMES))
def test_turn_counter_counts_turns(game: str) -> None:
    turn_of = turn_counter_for(game)
    assert turn_of is not None
    turns = [turn_of(s) for s in _states(game, 7, every=1, limit=400)]
    assert turns == sorted(turns) and turns[-1] > turns[0]


def test_ninja_slayer_evaluation_fears_the_damage_zone() -> None:
    """Ten cards in one's damage zone lose (NS 1002.1): a card moved there lowers the value."""
    from tcgzoo.envs.ninja_slayer.state import Z_DAMAGE

    s = next(x for x in _states("ninja_slayer", 5) if x.deck[0] and not x.is_terminal())
    value = evaluation_for("ninja_slayer")
    base = value(s, 0)
    s.move(s.deck[0][-1], Z_DAMAGE)
    assert value(s, 0) < base


def test_leader_melee_evaluation_prefers_more_life() -> None:
    """No life cards lose (LM 9-2-3): a life card of the opponent's gone raises the value."""
    s = next(x for x in _states("leader_melee", 5) if len(x.life[1]) > 2 and not x.is_terminal())
    value = evaluation_for("leader_melee")
    base = value(s, 0)
    u = s.life[1].pop()
    s.drop[1].append(u)
    assert value(s, 0) > base
