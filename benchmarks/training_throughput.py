"""Training throughput: env steps/s of the batched VecEnv (in-process, 1 and 2 workers)
and SB3 MaskablePPO training steps/s on top of it.

    python -m tcgzoo.benchmarks.training_throughput --game battle_spirits --seconds 5
    python -m tcgzoo.benchmarks.training_throughput --game all --workers 0 --skip-env \
        --opponents random=0.4,heuristic=0.3,self=0.3 --snapshot-every 4096 --train-steps 20480
    python -m tcgzoo.benchmarks.training_throughput --ray     # also 1 and 2 Ray actors (a local Ray)

*Env steps/s* count learner decisions (each includes the opponent's moves up to the
learner's next turn), with a uniform pick among the playable actions made in one numpy
call for the whole batch, so the figure is the env's own cost. *Training steps/s* is
learner steps over ``MaskablePPO.learn``'s wall time, rollouts (network forward passes + env) and updates
together, with its split between the two and the env's share of the rollout (the games'
rules and the opponents' moves, batched ones included). With ``self`` in the pool the
learner's snapshots join it every ``--snapshot-every`` steps, so their moves are timed
too; *collecting* is steps/s over the rollouts alone. Needs the ``train`` extra.
"""

from __future__ import annotations

import argparse
import time

import numpy as np


def env_rate(
    game: str, n_envs: int, workers: int, seconds: float, opponents: dict[str, float], backend: str = "local"
) -> float:
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


def train_rate(
    game: str,
    n_envs: int,
    workers: int,
    steps: int,
    opponents: dict[str, float],
    snapshot_every: int = 0,
    backend: str = "local",
) -> dict[str, float]:
    """MaskablePPO steps/s over ``steps`` learner decisions, with the rollout/update split
    and the seconds spent stepping the games (``env s``, in-process runs only)."""
    import tempfile

    from tcgzoo.training import vec_env
    from tcgzoo.training.config import TrainConfig
    from tcgzoo.training.train import train

    env_seconds = [0.0]
    step = vec_env.EnvBatch.step

    def timed(self, actions):
        t0 = time.perf_counter()
        try:
            return step(self, actions)
        finally:
            env_seconds[0] += time.perf_counter() - t0

    vec_env.EnvBatch.step = timed
    try:
        with tempfile.TemporaryDirectory() as out:
            cfg = TrainConfig(
                game=game,
                out=out,
                minutes=None,
                steps=steps,
                n_envs=n_envs,
                workers=workers,
                opponents=opponents,
                eval_games=0,
                checkpoint_every=0,
                snapshot_every=snapshot_every,
                backend=backend,
            )
            t = train(cfg).timing
    finally:
        vec_env.EnvBatch.step = step
    return {
        "steps/s": t["training_steps_per_second"],
        "collecting": t["rollout_steps_per_second"],
        "rollout s": t["rollout"],
        "update s": t["update"],
        "env s": env_seconds[0] if workers == 0 else float("nan"),
    }


def main(argv: list[str] | None = None) -> None:
    from tcgzoo.envs import GAMES

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="battle_spirits", help="a game, or 'all' for the three card games")
    p.add_argument("--envs", type=int, default=32, help="games per batch")
    p.add_argument("--seconds", type=float, default=5.0, help="per env measurement")
    p.add_argument("--train-steps", type=int, default=16384, help="learner steps of the training measurement")
    p.add_argument("--opponents", default="random=0.5,heuristic=0.5", help="pool shares, spec=share,...")
    p.add_argument("--snapshot-every", type=int, default=0, help="steps between snapshots (with self in the pool)")
    p.add_argument("--workers", type=int, nargs="+", default=[0, 1, 2], help="worker counts to measure")
    p.add_argument("--skip-env", action="store_true", help="only the training measurement")
    p.add_argument("--ray", action="store_true", help="also the env batches on 1 and 2 Ray actors (a local Ray)")
    args = p.parse_args(argv)
    opponents = {k: float(v) for k, v in (x.split("=") for x in args.opponents.split(","))}
    games = list(GAMES) if args.game == "all" else [args.game]  # GAMES: the reference game left out
    settings = [("local", w) for w in args.workers] + ([("ray", 1), ("ray", 2)] if args.ray else [])
    if args.ray:
        from tcgzoo.agents.ray_backend import init_ray

        init_ray(None, 2)  # one local Ray of 2 CPUs for every Ray row (its start is not throughput)

    def label(backend: str, workers: int) -> str:
        if backend == "ray":
            return f"{workers} Ray actor{'s' if workers > 1 else ''}"
        return "in-process" if workers == 0 else f"{workers} worker process{'es' if workers > 1 else ''}"

    for game in games:
        print(f"{game}, {args.envs} games per batch, opponents {opponents}")
        if not args.skip_env:
            print(f"{'setting':<28}{'env steps/s':>14}")
            for backend, workers in settings:
                print(
                    f"{label(backend, workers):<28}{env_rate(game, args.envs, workers, args.seconds, opponents, backend):>14,.0f}"
                )
        print(
            f"{'MaskablePPO training':<28}{'steps/s':>10}{'collecting':>12}{'rollout s':>12}{'env s':>8}{'update s':>11}"
        )
        for backend, workers in settings:
            r = train_rate(game, args.envs, workers, args.train_steps, opponents, args.snapshot_every, backend)
            print(
                f"{label(backend, workers):<28}{r['steps/s']:>10,.0f}{r['collecting']:>12,.0f}{r['rollout s']:>12.1f}"
                f"{r['env s']:>8.1f}{r['update s']:>11.1f}"
            )
        print()


if __name__ == "__main__":
    main()
