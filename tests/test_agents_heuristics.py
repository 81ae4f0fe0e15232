"""Issue 5's bar, on a fixed seed set: each game's heuristic beats the random agent in at
least 90% of games, over every ordered pairing of the game's built-in decks, each deal
played from both seats (a draw counts half)."""

from __future__ import annotations

import itertools

import pytest
from tcgzoo.agents import make_agent
from tcgzoo.agents.games import make_game
from tcgzoo.envs import GAMES


@pytest.mark.parametrize("game", sorted(GAMES))
def test_heuristic_beats_random_in_90_percent_of_games(game: str) -> None:
    decks = make_game(game).builtin_decks()
    heuristic, rand = make_agent("heuristic", game), make_agent("random", game)
    score = games = 0.0
    for k, (a, b) in enumerate(itertools.product(decks, decks)):
        g = make_game(game, [a, b])
        for seat in (0, 1):  # the same deal from both seats
            seed = 1000 + k
            state = g.new_initial_state(seed)
            heuristic.reset(seed)
            rand.reset(seed + 1)
            while not state.is_terminal():
                p = state.current_player()
                state.apply_action((heuristic if p == seat else rand).act(state, p))
            score += (state.returns()[seat] + 1) / 2
            games += 1
    assert score / games >= 0.9, f"{game}: heuristic scored {score}/{games:.0f} against random"
