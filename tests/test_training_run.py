"""A short self-play training run end to end, and what it leaves behind.

A few thousand steps on Battle Spirits: checkpoints are written, the evaluation games
are stored in the arena database, the final model loads as the arena agent
``policy:<path>`` and plays a legal full game, and the same seed trains the same model.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

pytest.importorskip("stable_baselines3")
pytest.importorskip("sb3_contrib")

from tcgzoo.agents.base import make_agent  # noqa: E402
from tcgzoo.agents.random_agent import RandomAgent  # noqa: E402
from tcgzoo.agents.store import Store  # noqa: E402
from tcgzoo.envs.battle_spirits import Game  # noqa: E402
from tcgzoo.training.config import TrainConfig  # noqa: E402
from tcgzoo.training.train import train  # noqa: E402
from training_runs import tiny_config  # noqa: E402


def _config(tmp_path, name: str, **over) -> TrainConfig:
    base = dict(
        seed=3,
        steps=1024,
        n_steps=128,
        batch_size=256,
        n_epochs=2,
        encoder_dim=32,
        net_arch=[32],
        snapshot_every=512,
        checkpoint_every=512,
        eval_games=2,
        opponents={"random": 0.5, "heuristic": 0.25, "self": 0.25},
    )
    return tiny_config(tmp_path, name, **{**base, **over})


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("train")
    return tmp, train(_config(tmp, "a"))


def test_a_short_run_writes_checkpoints_logs_and_its_config(run):
    tmp, result = run
    assert result.steps >= 1024
    assert result.model.is_file() and result.model.name == "final.safetensors"
    meta = json.loads((result.out / "final.json").read_text())
    assert meta["game"] == "battle_spirits" and meta["steps"] == result.steps
    assert meta["network"]["features_extractor_kwargs"] == {"features_dim": 32}
    assert meta["hyperparameters"]["net_arch"] == [32] and meta["options"] == {}
    assert [p.name for p in result.checkpoints] == ["step_512.zip", "step_1024.zip"]
    assert all(p.is_file() for p in result.checkpoints)
    assert json.loads((result.out / "config.json").read_text())["seed"] == 3
    timing = json.loads((result.out / "timing.json").read_text())
    assert timing["steps"] == result.steps and timing["rollout"] > 0
    if (result.out / "tb").exists():  # TensorBoard is optional at run time
        assert any((result.out / "tb").rglob("events.out.tfevents.*"))


def test_the_evaluation_games_are_stored_in_the_arena_database(run):
    tmp, result = run
    assert [r["opponent"] for r in result.evaluations] == ["random", "heuristic"]
    lines = [json.loads(x) for x in (result.out / "evaluations.jsonl").read_text().splitlines()]
    assert lines == json.loads(json.dumps(result.evaluations))
    with Store(tmp / "arena.sqlite") as store:
        for r in result.evaluations:
            games = store.games(r["run"])
            assert len(games) == r["games"] == 2
            assert {g.entrants[0] for g in games} | {g.entrants[1] for g in games} == {
                f"policy:{result.model}",
                r["opponent"],
            }
            lo, hi = r["ci95"]
            assert 0.0 <= lo <= r["win_rate"] <= hi <= 1.0


def test_learning_curves_evaluate_each_snapshot_at_its_wall_time(run, tmp_path):
    """training/curves.py: every snapshot and the final policy, in step order, placed at the
    wall time the run had spent (recorded in its metadata), plotted and written as JSON."""
    from tcgzoo.training.curves import main, points

    _, result = run
    curve = points(result.out, "random", games=2, workers=1)
    # the final policy was saved at step 1,024 too: its snapshot stands for it
    assert [(p["file"], p["steps"]) for p in curve] == [("step_512.safetensors", 512), ("step_1024.safetensors", 1024)]
    minutes = [p["minutes"] for p in curve]
    assert minutes == sorted(minutes) and minutes[-1] * 60 <= result.seconds
    assert all(p["games"] == 2 and p["opponent"] == "random" for p in curve)
    picture = tmp_path / "curves.png"
    assert main([str(result.out), "--opponent", "random", "--games", "2", "--workers", "1", "--out", str(picture)]) == 0
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert json.loads(picture.with_suffix(".json").read_text()) == [curve]  # the same stored games again


def test_the_final_model_plays_a_legal_full_game_as_an_arena_agent(run, monkeypatch):
    _, result = run
    monkeypatch.delenv("TCGZOO_TRUST_POLICY_FILES", raising=False)  # no pickle: no trust needed
    agent = make_agent(f"policy:{result.out}", "battle_spirits")  # the run folder names its final.safetensors
    opponent = RandomAgent(seed=1)
    game = Game()
    for seat in (0, 1):
        state = game.new_initial_state(seed=7 + seat)
        agent.reset(0)
        while not state.is_terminal():
            p = state.current_player()
            a = agent.act(state, p) if p == seat else opponent.act(state, p)
            assert a in state.legal_actions()
            state.apply_action(a)
        assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_a_sampled_policy_plays_legal_games_that_its_seed_fixes(run, monkeypatch):
    """``sampled:<run>``: the final policy drawing each move from its masked distribution
    with a generator seeded per game (no pickle, no trust); greedy play of the same file is
    ``policy:<run>``."""
    from tcgzoo.agents.base import ConfigError

    _, result = run
    monkeypatch.delenv("TCGZOO_TRUST_POLICY_FILES", raising=False)
    agent = make_agent(f"sampled:{result.out}", "battle_spirits")
    game = Game()

    def play(seed: int) -> list[int]:
        state, moves = game.new_initial_state(seed=11), []
        agent.reset(seed)
        opponent = RandomAgent(seed=1)
        while not state.is_terminal():
            p = state.current_player()
            a = agent.act(state, p) if p == 0 else opponent.act(state, p)
            assert a in state.legal_actions() and a != state.CONCEDE
            moves.append(a)
            state.apply_action(a)
        return moves

    assert play(5) == play(5)
    assert len({tuple(play(seed)) for seed in range(6)}) > 1  # the draws differ by seed
    with pytest.raises(ConfigError, match="not a .safetensors policy"):
        make_agent(f"sampled:{result.checkpoints[0]}", "battle_spirits")
    with pytest.raises(ConfigError, match="needs a policy file"):
        make_agent("sampled", "battle_spirits")


def test_the_same_seed_trains_the_same_model(tmp_path):
    from tcgzoo.agents.model_file import load_policy

    over = dict(steps=512, eval_games=0, snapshot_every=0, checkpoint_every=0)
    params = []
    for name in ("x", "y"):
        result = train(_config(tmp_path, name, **over))
        params.append(load_policy(result.model, "battle_spirits")[0].state_dict())
    assert params[0].keys() == params[1].keys()
    for key in params[0]:
        assert np.array_equal(params[0][key].numpy(), params[1][key].numpy()), key
