"""The PettingZoo envs' defaults fit RL (game contract, PettingZoo section; issue 12 part 1):
no concede action unless ``concession=True`` is passed, and a game stopped by the decision
cap ends as a truncation that says why in ``infos``, not as a termination. The core
``Game`` keeps conceding on (the rulebook's default, used by the arena and human play)."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test
from tcgzoo.envs import GAMES, load_game, make_env

NAMES = sorted(GAMES)


def _random_game(env, seed: int, limit: int = 100_000) -> tuple[int, dict]:
    """Play ``env`` with ``action_space.sample(mask)`` (PettingZoo's random policy) to the end:
    the number of moves and ``env.last()`` of each agent once the game is over."""
    env.reset(seed=seed)
    env.action_space("player_0").seed(seed)
    env.action_space("player_1").seed(seed)
    moves, last = 0, {}
    for agent in env.agent_iter(limit):
        obs, reward, term, trunc, info = env.last()
        if term or trunc:
            last[agent] = (reward, term, trunc, info)
            env.step(None)
            continue
        env.step(env.action_space(agent).sample(obs["action_mask"]))
        moves += 1
    return moves, last


@pytest.mark.parametrize("name", NAMES)
def test_env_offers_no_concession_by_default(name):
    concede = load_game(name).new_initial_state(0).CONCEDE
    env = make_env(name)
    assert env.unwrapped.game.options["concession"] is False
    env.reset(seed=1)
    for _ in range(40):  # the first moves of a random game never offer it
        agent = env.agent_selection
        mask = env.observe(agent)["action_mask"]
        assert mask[concede] == 0
        env.step(int(np.flatnonzero(mask)[0]))
    on = make_env(name, concession=True)  # asked for, it is there
    on.reset(seed=1)
    assert on.observe(on.agent_selection)["action_mask"][concede] == 1
    # the core's default is unchanged: the rulebook lets a player concede at any time
    assert load_game(name).options["concession"] is True


@pytest.mark.parametrize("name", NAMES)
def test_random_policy_plays_real_games_by_default(name):
    """With conceding on, PettingZoo's random policy conceded within a few moves (4-6
    decisions a game on average); now a random game is a real game that the rules end."""
    moves, last = _random_game(make_env(name), seed=3)
    assert moves > 50
    assert set(last) == {"player_0", "player_1"}
    rewards = sorted(r for r, _, _, _ in last.values())
    assert all(term and not trunc for _, term, trunc, _ in last.values())
    assert rewards in ([-1, 1], [0, 0])


@pytest.mark.parametrize("name", NAMES)
def test_decision_cap_is_a_truncation(name):
    moves, last = _random_game(make_env(name, max_decisions=12), seed=0)
    core = load_game(name, max_decisions=12).new_initial_state(0)
    assert moves <= 12
    assert set(last) == {"player_0", "player_1"}
    for reward, term, trunc, info in last.values():
        assert (reward, term, trunc) == (0, False, True)
        assert info == {"truncated_by": "max_decisions", "max_decisions": 12}
    assert not core.capped  # a fresh game is not capped; the flag follows clones
    while not core.is_terminal():
        core.apply_action(core.legal_actions()[0])
    assert core.capped and core.clone().capped and core.returns() == [0.0, 0.0]


def test_game_ended_by_the_rules_is_not_capped():
    state = load_game("leader_melee", max_decisions=100_000).new_initial_state(4)
    rng = np.random.default_rng(4)
    while not state.is_terminal():
        legal = [a for a in state.legal_actions() if a != state.CONCEDE]
        state.apply_action(int(rng.choice(legal)))
    assert not state.capped


@pytest.mark.filterwarnings(
    "ignore:Observation space for each agent probably should be:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
)
@pytest.mark.parametrize("name", NAMES)
def test_api_test_passes_through_truncations(name):
    api_test(make_env(name, max_decisions=30), num_cycles=200)
