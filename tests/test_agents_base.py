"""The agent registry, the random agent, the heuristics and policy files."""

from __future__ import annotations

import pytest
from tcgzoo.agents import ConfigError, agent_names, make_agent
from tcgzoo.agents.base import Agent, playable_actions
from tcgzoo.agents.games import make_game
from tcgzoo.agents.heuristic import games_with_heuristic
from tcgzoo.agents.random_agent import RandomAgent
from tcgzoo.envs.core.errors import UnknownNameError
from tcgzoo.envs.toy_duel import PASS, Game
from tcgzoo.envs.toy_duel.heuristic import ToyDuelHeuristic


class ConcedeState:
    """The contract's view of a decision where action 9 concedes."""

    concession = True
    CONCEDE = 9

    def __init__(self, legal: list[int]) -> None:
        self.legal = legal

    def legal_actions(self) -> list[int]:
        return list(self.legal)


def play(agents: list[Agent], seed: int) -> list[float]:
    state = Game().new_initial_state(seed)
    for k, a in enumerate(agents):
        a.reset(seed * 2 + k)
    while not state.is_terminal():
        p = state.current_player()
        state.apply_action(agents[p].act(state, p))
    return state.returns()


def test_registry_builds_every_kind_and_names_the_unknown() -> None:
    assert {"random", "heuristic", "mcts", "policy"} <= set(agent_names())
    for spec in ("random", "heuristic", "mcts", "mcts:30", "mcts:iterations=30,c=1.0,rollout=heuristic"):
        agent = make_agent(spec, "toy_duel")
        assert isinstance(agent, Agent) and agent.name == spec
    with pytest.raises(UnknownNameError, match="unknown agent 'alphazero'.*random"):
        make_agent("alphazero", "toy_duel")
    with pytest.raises(UnknownNameError, match="mcts option 'iters'"):
        make_agent("mcts:iters=3", "toy_duel")
    with pytest.raises(ConfigError, match="takes no argument"):
        make_agent("random:3", "toy_duel")
    with pytest.raises(UnknownNameError, match="unknown game 'go'.*toy_duel"):
        make_agent("heuristic", "go")
    with pytest.raises(ConfigError, match="needs a file"):
        make_agent("policy", "toy_duel")


def test_random_agent_never_concedes_and_is_seeded() -> None:
    agent = RandomAgent()
    agent.reset(1)
    s = ConcedeState([0, 1, 2, 9])
    picks = [agent.act(s, 0) for _ in range(2000)]
    assert set(picks) == {0, 1, 2}
    assert ConcedeState([9]).legal_actions() == playable_actions(ConcedeState([9]))  # all there is
    agent.reset(1)
    assert [agent.act(s, 0) for _ in range(2000)] == picks
    agent.reset(2)
    assert [agent.act(s, 0) for _ in range(2000)] != picks


def test_toy_heuristic_reads_its_view_and_beats_random() -> None:
    state = Game().new_initial_state(5)
    h = ToyDuelHeuristic()
    p = state.current_player()
    hand = state.to_dict(p)["hands"][p]
    assert state.to_dict(p)["hands"][1 - p] is None  # the view it reads hides the other hand
    assert hand[h.act(state, p)] == max(hand)  # plays its best card
    # the opponent passes; once ahead, the heuristic passes and locks in the win
    state.apply_action(h.act(state, p))
    state.apply_action(PASS)
    assert state.current_player() == p and h.act(state, p) == PASS
    results = [play([ToyDuelHeuristic(), RandomAgent()], s)[0] for s in range(100)]
    assert sum(r > 0 for r in results) >= 90


def test_policy_file_agent(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("TCGZOO_TRUST_POLICY_FILES", "1")  # the tests wrote these files
    f = tmp_path / "greedy.py"
    f.write_text("import numpy as np\n\ndef policy(observation, mask):\n    return int(np.flatnonzero(mask)[0])\n")
    agent = make_agent(f"policy:{f}", "toy_duel")
    assert play([agent, RandomAgent()], 3) in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])
    bad = tmp_path / "bad.py"
    bad.write_text("def policy(observation, mask):\n    return 99\n")
    with pytest.raises(ConfigError, match="illegal action 99"):
        play([make_agent(f"policy:{bad}", "toy_duel"), RandomAgent()], 3)
    with pytest.raises(ConfigError, match="not found"):
        make_agent(f"policy:{tmp_path / 'missing.zip'}", "toy_duel")
    (tmp_path / "weights.npz").write_bytes(b"")
    with pytest.raises(ConfigError, match="expected a .py policy or a .zip"):
        make_agent(f"policy:{tmp_path / 'weights.npz'}", "toy_duel")


@pytest.mark.parametrize("game", games_with_heuristic())
def test_every_registered_heuristic_plays_its_game(game: str) -> None:
    g = make_game(game)
    for seed in range(3):
        agents = [make_agent("heuristic", game), make_agent("random", game)]
        state = g.new_initial_state(seed)
        for k, a in enumerate(agents):
            a.reset(seed + k)
        while not state.is_terminal():
            p = state.current_player()
            state.apply_action(agents[p].act(state, p))
        assert state.returns() in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])


def test_maskable_ppo_model_file_plays_legal_moves(tmp_path, monkeypatch) -> None:
    """The ``.zip`` route: an (untrained) sb3-contrib MaskablePPO model over Toy Duel's spaces."""
    pytest.importorskip("sb3_contrib")
    monkeypatch.setenv("TCGZOO_TRUST_POLICY_FILES", "1")  # the test wrote the model
    import gymnasium as gym
    import numpy as np
    from sb3_contrib import MaskablePPO

    game = Game()

    class Spaces(gym.Env):
        observation_space = gym.spaces.Box(-np.inf, np.inf, (game.observation_size(),), np.float32)
        action_space = gym.spaces.Discrete(game.num_distinct_actions())

    MaskablePPO("MlpPolicy", Spaces(), n_steps=8, batch_size=8, device="cpu", seed=0).save(tmp_path / "m.zip")
    agent = make_agent(f"policy:{tmp_path / 'm.zip'}", "toy_duel")
    for seed in range(3):
        assert play([agent, RandomAgent()], seed) in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])
