"""Search with cut rollouts and a leaf evaluation: the cutoff and the evaluation are used,
the evaluation reads only what its seat sees, and a small budget beats random play on
Battle Spirits."""

from __future__ import annotations

import pytest
from harness import states_along
from tcgzoo.agents import make_agent
from tcgzoo.agents.base import ConfigError, playable_actions
from tcgzoo.agents.evaluate import EVALUATIONS, evaluation_for, generic_value, register_evaluation
from tcgzoo.agents.games import make_game
from tcgzoo.agents.search import DEFAULT_DEPTH_AGENT, DEFAULT_DEPTH_RANDOM, MCTSAgent, from_spec
from tcgzoo.envs.core.rng import Rng

GAME = "battle_spirits"
DECKS = [("red_rush", "purple_control"), ("green_ramp", "blue_mill"), ("white_yellow_fortress", "red_rush")]


def _states(decks, seed: int, every: int = 7, limit: int = 400):
    """States along a random game (every ``every``-th decision)."""
    return states_along(make_game(GAME, list(decks)), seed, every, limit)


class CountingRollout:
    """A rollout agent that counts its calls per rollout (``reset`` starts a rollout)."""

    name = "counting"

    def __init__(self) -> None:
        self.rollouts: list[int] = []
        self.rng = Rng(0)

    def reset(self, seed=None) -> None:
        self.rollouts.append(0)

    def act(self, state, player):
        if self.rollouts:
            self.rollouts[-1] += 1
        legal = playable_actions(state)
        return legal[self.rng.below(len(legal))]


def test_evaluation_prefers_more_life() -> None:
    s = next(_states(DECKS[0], 5))
    value = evaluation_for(GAME)
    base = value(s, 0)
    s.life[1] -= 2
    assert value(s, 0) > base


def test_generic_fallback_is_zero() -> None:
    assert evaluation_for("no_such_game") is generic_value
    assert generic_value(object(), 0) == 0.0


def test_depth_zero_search_returns_a_legal_action_and_evaluates() -> None:
    for k, decks in enumerate(DECKS):
        for s in list(_states(decks, 70 + k, every=23))[:6]:
            if s.is_terminal():
                continue
            p = s.current_player()
            agent = from_spec("iterations=12,depth=0", GAME)
            agent.reset(k)
            a = agent.act(s, p)
            assert a in s.legal_actions()
            if len(playable_actions(s)) > 1:
                assert agent.evaluations > 0


def test_rollouts_stop_at_the_depth_cutoff() -> None:
    s = list(_states(DECKS[1], 9, every=11))[3]
    roll = CountingRollout()
    agent = MCTSAgent(iterations=30, depth=5, rollout=roll, evaluate=evaluation_for(GAME))
    roll.rollouts.clear()
    agent.act(s, s.current_player())
    assert roll.rollouts and max(roll.rollouts) <= 5
    assert agent.evaluations > 0


def test_rollouts_stop_at_the_turn_cutoff() -> None:
    """``turns=0``: a rollout plays only inside the leaf's turn, then is evaluated."""
    s = list(_states(DECKS[2], 13, every=11))[3]

    class TurnRecorder(CountingRollout):
        def reset(self, seed=None) -> None:
            self.rollouts.append([])

        def act(self, state, player):
            self.rollouts[-1].append(state.turn)
            legal = playable_actions(state)
            return legal[self.rng.below(len(legal))]

    roll = TurnRecorder()
    agent = MCTSAgent(iterations=40, turns=0, rollout=roll, evaluate=evaluation_for(GAME), turn_of=lambda st: st.turn)
    roll.rollouts.clear()
    agent.act(s, s.current_player())
    assert agent.evaluations > 0
    assert any(roll.rollouts) and all(len(set(turns)) <= 1 for turns in roll.rollouts)


def test_spec_defaults_and_errors() -> None:
    default = from_spec(None, GAME)
    assert default.depth == DEFAULT_DEPTH_AGENT and default.rollout_agent is not None
    assert from_spec("rollout=random", GAME).depth == DEFAULT_DEPTH_RANDOM
    assert from_spec(None, "toy_duel").depth is None  # no evaluation: full rollouts
    assert from_spec("depth=-1", GAME).depth is None
    assert from_spec("iterations=5,depth=3,turns=1,rollout=heuristic", GAME).turns == 1
    assert from_spec(None, "toy_duel").turns is None
    with pytest.raises(ConfigError):
        from_spec("turns=1", "toy_duel")  # no turn counter
    with pytest.raises(ConfigError):
        from_spec("depth=-2", GAME)


def test_register_evaluation() -> None:
    try:
        register_evaluation("toy_duel", lambda s, p: 0.5)
        assert evaluation_for("toy_duel")(None, 0) == 0.5
        assert from_spec(None, "toy_duel").depth == DEFAULT_DEPTH_AGENT
    finally:
        EVALUATIONS.pop("toy_duel", None)


def test_no_repeated_action_at_a_repeated_observation() -> None:
    """Asked twice at the same observation, the search does not repeat itself (no
    move-a-core-out-and-back-in loops)."""
    s = list(_states(DECKS[0], 21, every=5))[4]
    p = s.current_player()
    agent = from_spec("iterations=10,depth=2", GAME)
    agent.reset(1)
    first = agent.act(s, p)
    if len(playable_actions(s)) > 1:
        assert agent.act(s, p) != first


def test_small_search_beats_random_on_battle_spirits() -> None:
    """24 games (12 deals, both seats, three deck pairs) with random rollouts, so the
    search and its evaluation — not a heuristic — do the winning."""
    wins = 0
    n = 24
    for k in range(n):
        seat = k % 2
        decks = DECKS[(k // 2) % len(DECKS)]
        agents = [None, None]
        agents[seat] = make_agent("mcts:iterations=16,depth=8,rollout=random", GAME)
        agents[1 - seat] = make_agent("random", GAME)
        agents[0].reset(k)
        agents[1].reset(k + 100)
        s = make_game(GAME, list(decks)).new_initial_state(500 + k // 2)
        while not s.is_terminal():
            p = s.current_player()
            s.apply_action(agents[p].act(s, p))
        wins += s.returns()[seat] > 0
    assert wins >= 20, f"search won only {wins} of {n} against random"


@pytest.mark.parametrize("spec", ["mcts:iterations=6,depth=6,rollout=heuristic,turns=1", "mcts:iterations=6,depth=0"])
def test_cut_search_respects_the_seat_guard(spec: str) -> None:
    """With heuristic rollouts, turn cutoffs and the evaluation, the search still reads the
    real state only through its seat faces and resampled clones."""
    from test_agents_search import SeatView

    g = make_game(GAME, list(DECKS[0]))
    agent, other = make_agent(spec, GAME), make_agent("random", GAME)
    agent.reset(1)
    other.reset(2)
    s = g.new_initial_state(7)
    for _ in range(60):
        if s.is_terminal():
            break
        p = s.current_player()
        a = agent.act(SeatView(s, p), p) if p == 0 else other.act(s, p)
        s.apply_action(a)
