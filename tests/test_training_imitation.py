"""The warm start (training/imitation.py): the teacher's decisions in the learner's seat,
recorded exactly, and a policy fitted to them."""

from __future__ import annotations

import json

import numpy as np
import pytest

pytest.importorskip("torch")
pytest.importorskip("sb3_contrib")

from tcgzoo.agents.base import ConfigError  # noqa: E402
from tcgzoo.training.imitation import Demonstrations, agreement, collect, collect_parallel, fit  # noqa: E402
from tcgzoo.training.single_agent import SingleAgentEnv  # noqa: E402

GAME = "battle_spirits"
POOL = {"heuristic": 0.5, "random": 0.5}


@pytest.fixture(scope="module")
def demos() -> Demonstrations:
    return collect(GAME, None, {}, "heuristic", POOL, decisions=3000, seed=5)


def test_the_demonstrations_replay_as_the_learners_decisions(demos):
    """Replaying the recorded actions in a fresh env seeded alike gives back every recorded
    observation and mask: the teacher was asked exactly what the learner is asked."""
    obs, masks, actions, returns = demos.batch(np.arange(len(demos)))
    env = SingleAgentEnv(GAME, None, {}, POOL, seed=5)
    o, _ = env.reset(seed=5)
    ends = 0
    for i in range(len(demos)):
        assert np.array_equal(o, obs[i]), i
        assert np.array_equal(env.action_masks(), masks[i]), i
        assert masks[i, actions[i]]
        o, r, terminated, truncated, _ = env.step(int(actions[i]))
        if terminated or truncated:
            ends += 1
            assert returns[i] == pytest.approx(0.0 if truncated else r)  # the last decision: the result itself
            o, _ = env.reset()
    assert ends == demos.games
    assert 0 < demos.wins < demos.games  # the heuristic beats random, and loses some mirrors


def test_returns_discount_each_games_result(demos):
    """The critic's target: gamma ** (decisions left in the game) times the learner's result."""
    gamma = 0.995
    _, _, _, returns = demos.batch(np.arange(len(demos)))
    assert np.all(np.abs(returns) <= 1)
    nonzero = returns[returns != 0]
    ratio = nonzero[:-1] / nonzero[1:]  # within a game, consecutive decisions differ by gamma
    assert np.isclose(ratio, gamma).sum() >= len(nonzero) - 2 * demos.games


def test_collecting_is_deterministic_and_parts_concatenate(demos):
    again = collect(GAME, None, {}, "heuristic", POOL, decisions=3000, seed=5)
    for field in ("indptr", "cols", "vals", "masks", "actions", "returns"):
        assert np.array_equal(getattr(demos, field), getattr(again, field)), field
    a = collect(GAME, None, {}, "heuristic", POOL, decisions=200, seed=6)
    both = Demonstrations.concatenate([demos, a])
    assert len(both) == len(demos) + len(a) and both.games == demos.games + a.games
    rows = np.array([0, len(demos) - 1, len(demos), len(both) - 1])
    whole = both.batch(rows)
    parts = [demos.batch(rows[:2]), a.batch(rows[2:] - len(demos))]
    for k in range(4):
        assert np.array_equal(whole[k], np.concatenate([p[k] for p in parts]))


def test_two_processes_collect_what_two_seeds_collect():
    """``collect_parallel``: process ``i`` collects its share with seed ``seed + i``."""
    both = collect_parallel(GAME, None, {}, "heuristic", POOL, 400, 2, 9, 0.995)
    first = collect(GAME, None, {}, "heuristic", POOL, decisions=200, seed=9)
    second = collect(GAME, None, {}, "heuristic", POOL, decisions=200, seed=10)
    assert np.array_equal(both.actions, np.concatenate([first.actions, second.actions]))
    assert both.games == first.games + second.games


def test_fitting_makes_the_policy_play_like_its_teacher(demos):
    """Held-out decisions: the untrained policy picks the teacher's move where there is
    little to choose (ending a step, the one attack); fitted, it picks it far more often."""
    import torch
    from sb3_contrib import MaskablePPO
    from tcgzoo.training.network import SharedEncoder, use_legal_columns

    torch.manual_seed(0)
    env = SingleAgentEnv(GAME, None, {}, {"random": 1.0}, seed=0)
    model = MaskablePPO(
        "MlpPolicy",
        env,
        policy_kwargs=dict(
            net_arch=[64],
            features_extractor_class=SharedEncoder,
            features_extractor_kwargs={"features_dim": 64},
            share_features_extractor=True,
        ),
        learning_rate=1e-3,
        seed=0,
        device="cpu",
    )
    use_legal_columns(model.policy)
    rows = np.arange(len(demos) - 500, len(demos))
    before = agreement(model.policy, demos, rows)
    train = Demonstrations.concatenate([demos])  # the fit holds out its own 5% from these
    stats = fit(model.policy, train, epochs=12, batch_size=256, seed=0)
    assert stats["epochs"] == 12 and stats["minibatches"] == 12 * -(-int(len(demos) * 0.95 + 1) // 256)
    assert stats["holdout_agreement"] > 0.75, stats
    assert stats["holdout_agreement"] > before + 0.1, (before, stats)
    assert stats["value_loss"] < 0.5


def test_a_run_warm_starts_and_says_so(tmp_path):
    from tcgzoo.training.train import train
    from training_runs import tiny_config

    cfg = tiny_config(
        tmp_path,
        game=GAME,
        seed=2,
        steps=256,
        opponents={"heuristic": 1.0},
        warm_start="heuristic",
        warm_start_decisions=400,
        warm_start_processes=1,
        warm_start_epochs=2,
    )
    result = train(cfg)
    report = json.loads((result.out / "imitation.json").read_text())
    assert report["teacher"] == "heuristic" and report["decisions"] >= 400 and report["epochs"] == 2
    assert 0 <= report["holdout_agreement"] <= 1 and report["games"] >= 1
    assert result.timing["imitation"] > 0
    meta = json.loads((result.out / "final.json").read_text())
    assert meta["hyperparameters"]["warm_start"] == "heuristic"


def test_only_the_flat_policy_imitates():
    from tcgzoo.training.config import TrainConfig

    with pytest.raises(ConfigError, match="only the mlp policy imitates"):
        TrainConfig(policy="attention").validate()
    TrainConfig(policy="attention", warm_start=None).validate()
    with pytest.raises(ConfigError, match="warm_start_decisions"):
        TrainConfig(warm_start_decisions=0).validate()


def test_the_command_line_turns_the_warm_start_off_for_attention_and_on_request():
    import argparse

    from tcgzoo.agents.cli import _parser
    from tcgzoo.training.cli import config_from_args

    parser = _parser()

    def cfg(*extra: str):
        args = parser.parse_args(["train", "--game", GAME, "--out", "x", *extra])
        assert isinstance(args, argparse.Namespace)
        return config_from_args(args)

    assert cfg().warm_start == "heuristic"
    assert cfg("--warm-start", "none").warm_start is None
    assert cfg("--warm-start", "random").warm_start == "random"
    assert cfg("--policy", "attention").warm_start is None


def test_with_shaping_the_critic_learns_the_shaped_return(demos):
    """Under potential-based shaping the value of a state is the unshaped one minus its
    potential (the shaped rewards telescope), so the targets move by each decision's
    potential, within the shaping's bound, while the games stay the same."""
    shaped = collect(GAME, None, {}, "heuristic", POOL, decisions=3000, seed=5, shaping=0.5)
    assert np.array_equal(shaped.actions, demos.actions) and shaped.games == demos.games
    gap = demos.returns - shaped.returns
    assert np.all(np.abs(gap) <= 0.5 + 1e-6) and np.count_nonzero(gap) > len(gap) // 2
