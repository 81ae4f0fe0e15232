"""Determinized MCTS: touches hidden state only through resampled clones, is seeded, and
clearly beats random play on Toy Duel."""

from __future__ import annotations

import time

import pytest
from tcgzoo.agents import make_agent
from tcgzoo.agents.base import ConfigError
from tcgzoo.agents.games import known_games, make_game
from tcgzoo.agents.random_agent import RandomAgent
from tcgzoo.agents.search import MCTSAgent
from tcgzoo.envs.toy_duel import Game

#: what an agent may read of the real state (the contract's seat-facing faces)
SEAT_FACES = {
    "legal_actions",
    "legal_actions_mask",
    "action_to_string",
    "current_player",
    "is_terminal",
    "concession",
    "CONCEDE",
}


class SeatView:
    """The real state behind a guard: seat-facing faces only; ``clone()`` gives a copy that
    must be ``resample_hidden(player, rng)``-ed before anything is read from it."""

    def __init__(self, state, player: int) -> None:
        self._state, self._player = state, player
        self.determinizations = 0

    def observation_tensor(self, player: int):
        assert player == self._player, "read another seat's observation"
        return self._state.observation_tensor(player)

    def to_dict(self, player: int | None = None):
        assert player == self._player, "read another seat's view (or the full state)"
        return self._state.to_dict(player)

    def clone(self) -> Determinization:
        self.determinizations += 1
        return Determinization(self._state.clone(), self._player)

    def __getattr__(self, name: str):
        if name in SEAT_FACES:
            return getattr(self._state, name)
        raise AssertionError(f"the agent read {name!r} of the real state")


class Determinization:
    def __init__(self, state, player: int) -> None:
        self._state, self._player, self._resampled = state, player, False

    def resample_hidden(self, player: int, rng) -> None:
        assert player == self._player, "resampled from another seat's point of view"
        self._state.resample_hidden(player, rng)
        self._resampled = True

    def __getattr__(self, name: str):
        if not self._resampled:
            raise AssertionError(f"the agent read {name!r} of a clone before resampling its hidden part")
        return getattr(self._state, name)


def play(agents, seed: int, guard: bool = False) -> list[float]:
    state = Game().new_initial_state(seed)
    for k, a in enumerate(agents):
        a.reset(seed * 2 + k)
    while not state.is_terminal():
        p = state.current_player()
        view = SeatView(state, p) if guard else state
        state.apply_action(agents[p].act(view, p))
    return state.returns()


def test_mcts_reads_hidden_state_only_through_resampled_clones() -> None:
    mcts = MCTSAgent(iterations=40)
    for seed in range(5):
        play([mcts, RandomAgent()], seed, guard=True)
        play([RandomAgent(), make_agent("mcts:iterations=20,rollout=heuristic", "toy_duel")], seed, guard=True)


def test_the_guard_catches_a_peeking_agent() -> None:
    class Peeker(RandomAgent):
        def act(self, state, player):
            _ = state.hands  # the opponent's hand is in there
            return super().act(state, player)

    class CloneReader(RandomAgent):
        def act(self, state, player):
            state.clone().legal_actions()  # an unresampled clone is the real hidden state
            return super().act(state, player)

    for cheat in (Peeker(), CloneReader()):
        with pytest.raises(AssertionError, match="the agent read"):
            play([cheat, cheat], 0, guard=True)


@pytest.mark.parametrize("game", sorted(known_games()))
def test_generic_agents_respect_the_seat_guard_on_every_game(game: str) -> None:
    """Random and MCTS play any registered game through its seat faces alone (the first
    40 decisions of a deal with the default decks: enough to cross setup and a few turns)."""
    g = make_game(game)
    for spec in ("random", "mcts:iterations=3,max_rollout=300"):
        agent, other = make_agent(spec, game), make_agent("random", game)
        agent.reset(1)
        other.reset(2)
        state = g.new_initial_state(7)
        for _ in range(40):
            if state.is_terminal():
                break
            p = state.current_player()
            a = agent.act(SeatView(state, p), p) if p == 0 else other.act(state, p)
            state.apply_action(a)


def test_mcts_is_deterministic_for_a_seed() -> None:
    state = Game().new_initial_state(11)
    p = state.current_player()
    choices = []
    for _ in range(2):
        agent = MCTSAgent(iterations=60)
        agent.reset(4)
        choices.append([agent.act(state, p) for _ in range(5)])
    assert choices[0] == choices[1]
    assert all(a in state.legal_actions() for a in choices[0])


def test_mcts_beats_random_on_a_fixed_seed_set() -> None:
    wins = 0
    for seed in range(30):
        seat = seed % 2
        agents = [None, None]
        agents[seat], agents[1 - seat] = MCTSAgent(iterations=100), RandomAgent()
        wins += play(agents, 1000 + seed)[seat] > 0
    assert wins >= 27, f"MCTS won only {wins} of 30 games against random"


def test_time_budget_and_bad_settings() -> None:
    state = Game().new_initial_state(2)
    agent = MCTSAgent(iterations=0, seconds=0.05)
    t0 = time.perf_counter()
    a = agent.act(state, state.current_player())
    assert time.perf_counter() - t0 >= 0.05 and a in state.legal_actions()
    with pytest.raises(ConfigError):
        MCTSAgent(iterations=0)
    with pytest.raises(ConfigError):
        make_agent("mcts:seconds=-1", "toy_duel")


def test_ninja_slayer_searches_deeper_by_default() -> None:
    """A Ninja Slayer ikusa takes more real choices than the global default cut of 4, so its
    heuristic rollouts are cut at its evaluate.SEARCH_DEPTH, 12; an explicit depth still wins, and the
    other games keep the global default."""
    from tcgzoo.agents.search import DEFAULT_DEPTH_AGENT, from_spec
    from tcgzoo.envs.core.registry import game_hooks

    assert from_spec(None, "ninja_slayer").depth == game_hooks("ninja_slayer").search_depth == 12
    assert from_spec("depth=3", "ninja_slayer").depth == 3
    assert from_spec(None, "leader_melee").depth == DEFAULT_DEPTH_AGENT
