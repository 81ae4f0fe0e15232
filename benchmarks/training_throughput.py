"""Training throughput: env steps/s of the batched VecEnv (in-process, 1 and 2 workers)
and SB3 MaskablePPO training steps/s on top of it.

    python -m tcgzoo.benchmarks.training_throughput --game battle_spirits --seconds 5
    python -m tcgzoo.benchmarks.training_throughput --ray     # also 1 and 2 Ray actors (a local Ray)

*Env steps/s* count learner decisions (each includes the opponent's moves up to the
learner's next turn), with a uniform pick among the playable actions made in one numpy
call for the whole batch, so the figure is the env's own cost. *Training steps/s* is
``MaskablePPO.learn`` wall time, rollouts (network forward passes + env) and updates
together, with its split between the two. Needs the ``train`` extra.
"""
from __future__ import annotations

import argparse
import time

import numpy as np


def env_rate(game: str, n_envs: int, workers: int, seconds: float, opponents: dict[str, float],
             backend: str = "local") -> float:
    """Learner steps/s of ``TcgVecEnv`` under uniformly random learner actions."""
    from tcgzoo.training.vec_env import TcgVecEnv

    venv = TcgVecEnv(game, n_envs, workers, opponents=opponents, seed=0, backend=backend)
    try:
        rng = np.random.default_rng(0)
        venv.reset()
        for _ in range(20):  # warm-up: worker start-up is not throughput
            venv.step(np.argmax(np.where(venv.masks, rng.random(venv.masks.shape), -1.0), axis=1))
        steps, t0 = 0, time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            venv.step(np.argmax(np.where(venv.masks, rng.random(venv.masks.shape), -1.0), axis=1))
            steps += n_envs
        return steps / (time.perf_counter() - t0)
    finally:
        venv.close()


def train_rate(game: str, n_envs: int, workers: int, steps: int, opponents: dict[str, float],
               backend: str = "local") -> dict[str, float]:
    """MaskablePPO steps/s over ``steps`` learner decisions, with the rollout/update split."""
    import tempfile

    from tcgzoo.training.config import TrainConfig
    from tcgzoo.training.train import train

    with tempfile.TemporaryDirectory() as out:
        cfg = TrainConfig(game=game, out=out, minutes=None, steps=steps, n_envs=n_envs, workers=workers,
                          opponents=opponents, eval_games=0, checkpoint_every=0, snapshot_every=0, backend=backend)
        t = train(cfg).timing
    return {"steps/s": t["steps_per_second"], "rollout s": t["rollout"], "update s": t["update"]}


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="battle_spirits")
    p.add_argument("--envs", type=int, default=32, help="games per batch")
    p.add_argument("--seconds", type=float, default=5.0, help="per env measurement")
    p.add_argument("--train-steps", type=int, default=16384, help="learner steps of the training measurement")
    p.add_argument("--opponents", default="random=0.5,heuristic=0.5", help="pool shares, spec=share,...")
    p.add_argument("--ray", action="store_true", help="also the env batches on 1 and 2 Ray actors (a local Ray)")
    args = p.parse_args(argv)
    opponents = {k: float(v) for k, v in (x.split("=") for x in args.opponents.split(","))}
    print(f"{args.game}, {args.envs} games per batch, opponents {opponents}")
    print(f"{'setting':<28}{'env steps/s':>14}")
    settings = [("local", 0), ("local", 1), ("local", 2)] + ([("ray", 1), ("ray", 2)] if args.ray else [])
    if args.ray:
        from tcgzoo.agents.ray_backend import init_ray

        init_ray(None, 2)  # one local Ray of 2 CPUs for every Ray row (its start is not throughput)
    for backend, workers in settings:
        if backend == "ray":
            label = f"{workers} Ray actor{'s' if workers > 1 else ''}"
        else:
            label = "in-process" if workers == 0 else f"{workers} worker process{'es' if workers > 1 else ''}"
        print(f"{label:<28}{env_rate(args.game, args.envs, workers, args.seconds, opponents, backend):>14,.0f}")
    print(f"\n{'MaskablePPO training':<28}{'steps/s':>10}{'rollout s':>12}{'update s':>11}")
    for backend, workers in settings:
        r = train_rate(args.game, args.envs, workers, args.train_steps, opponents, backend)
        label = f"workers={workers}" + (" (ray)" if backend == "ray" else "")
        print(f"{label:<28}{r['steps/s']:>10,.0f}{r['rollout s']:>12.1f}{r['update s']:>11.1f}")


if __name__ == "__main__":
    main()
