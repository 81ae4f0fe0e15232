"""Training with the env batches on Ray actors (a local Ray of 2 CPUs): the same games
as in this process, and the same seed trains the same model on either backend (snapshot
opponents included, which travel to the actors)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("stable_baselines3")
pytest.importorskip("sb3_contrib")

from sb3_contrib.common.maskable.utils import get_action_masks  # noqa: E402
from tcgzoo.agents.base import ConfigError  # noqa: E402
from tcgzoo.training.config import TrainConfig  # noqa: E402
from tcgzoo.training.vec_env import TcgVecEnv  # noqa: E402
from training_runs import tiny_config  # noqa: E402

pytestmark = pytest.mark.slow  # a local Ray: seconds of start-up and tear-down

GAME = "battle_spirits"


def _play(venv: TcgVecEnv, steps: int, seed: int) -> list[tuple]:
    rng = np.random.default_rng(seed)
    out = [(venv.reset(),)]
    for _ in range(steps):
        masks = get_action_masks(venv)
        obs, rewards, dones, infos = venv.step(np.argmax(np.where(masks, rng.random(masks.shape), -1.0), axis=1))
        out.append((obs, masks, rewards, dones, [i.get("outcome") for i in infos]))
    return out


def test_ray_actors_step_the_same_games(local_ray) -> None:
    kwargs = {"n_envs": 5, "opponents": {"random": 1.0, "heuristic": 1.0}, "seed": 5}
    runs = []
    for backend, workers in (("local", 0), ("ray", 2)):
        venv = TcgVecEnv(GAME, workers=workers, backend=backend, **kwargs)
        try:
            runs.append(_play(venv, 120, seed=9))
            assert venv.get_attr("seat", indices=[0, 4]) == [venv.get_attr("seat")[0], venv.get_attr("seat")[4]]
            assert venv.env_method("action_masks", indices=[3])[0].shape == (venv.action_space.n,)
        finally:
            venv.close()
    assert sum(bool(d) for step in runs[0][1:] for d in step[3]) > 0  # games ended and were reset
    for a, b in zip(*runs):
        for x, y in zip(a, b):
            assert np.array_equal(np.asarray(x, dtype=object), np.asarray(y, dtype=object))


def test_the_same_seed_trains_the_same_model_on_ray(tmp_path, local_ray) -> None:
    from tcgzoo.agents.model_file import load_policy
    from tcgzoo.training.train import train

    base = dict(game=GAME, snapshot_every=256, opponents={"random": 0.5, "self": 0.5})
    params = []
    for backend, workers in (("local", 0), ("ray", 2)):
        result = train(tiny_config(tmp_path, backend, backend=backend, workers=workers, **base))
        assert result.steps >= 512
        params.append(load_policy(result.model, GAME)[0].state_dict())  # final.safetensors, no pickle
    for key in params[0]:
        assert np.array_equal(params[0][key].numpy(), params[1][key].numpy()), key


def test_a_ray_address_needs_the_ray_backend() -> None:
    with pytest.raises(ConfigError, match="needs the ray backend"):
        TrainConfig(ray_address="127.0.0.1:6379").validate()
    with pytest.raises(ConfigError, match="backend 'spark'"):
        TrainConfig(backend="spark").validate()
