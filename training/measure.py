"""Measure what self-play training reaches: train, then play the arena's baselines.

    python -m tcgzoo.training.measure --minutes 20 --out runs/train/measure

Trains on a game (Battle Spirits by default; built-in decks, both seats) with the
settings below (``--set`` overrides one, ``--decks`` fixes the learner's and the
opponents' decks), then plays the final model against ``random`` and ``heuristic`` in
the arena (paired deals, seats swapped, games stored in ``<out>/arena.sqlite`` or
``--db``) and prints the win rates with their Wilson 95% intervals, per seat too, the
training throughput and where the wall time went. Not a test: it takes as long as it is told to. The figures go to
``<out>/measure.json``.
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import asdict
from pathlib import Path

from tcgzoo.agents.base import ConfigError

from .config import POLICIES, TrainConfig, parse_setting

#: the best settings found so far (see training/README.md)
BEST = dict(
    n_envs=32,
    n_steps=128,
    batch_size=1024,
    n_epochs=4,
    learning_rate=3e-4,
    gamma=0.995,
    ent_coef=0.01,
    encoder_dim=256,
    net_arch=[128],
    workers=0,
    opponents={"heuristic": 0.6, "self": 0.3, "random": 0.1},
    snapshot_every=100_000,
    checkpoint_every=250_000,
    eval_every=0,
)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="battle_spirits")
    p.add_argument("--minutes", type=float, default=20.0)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", default="runs/train/measure")
    p.add_argument("--eval-games", type=int, default=200, help="per opponent")
    p.add_argument("--eval-workers", type=int, default=2)
    p.add_argument("--db", default=None, help="arena SQLite file for the evaluation games (default <out>/arena.sqlite)")
    p.add_argument(
        "--decks",
        nargs=2,
        metavar=("MINE", "THEIRS"),
        default=None,
        help="the learner's built-in deck and its opponents' (default: each seat's default deck)",
    )
    p.add_argument(
        "--policy",
        choices=POLICIES,
        default="mlp",
        help="the network: the flat MLP or the attention policy over the entity observation",
    )
    p.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="FIELD=JSON",
        help="override a setting of BEST or TrainConfig, e.g. --set 'opponents={\"random\": 0.5}'",
    )
    args = p.parse_args(argv)
    from .train import train

    settings = dict(BEST)
    for item in args.set:
        try:
            key, value = parse_setting(item)
        except ConfigError as e:
            p.error(str(e))
        settings[key] = value
    settings.setdefault("policy", args.policy)
    if settings["policy"] != "mlp":
        settings.setdefault("warm_start", None)  # only the flat observation is imitated
    cfg = TrainConfig(
        game=args.game,
        out=args.out,
        seed=args.seed,
        minutes=args.minutes,
        decks=args.decks,
        eval_games=args.eval_games,
        eval_workers=args.eval_workers,
        db=args.db,
        **settings,
    )
    t0 = time.perf_counter()
    result = train(cfg)
    final = [r for r in result.evaluations if r["model"] == str(result.model)]
    t = result.timing
    report = {
        "config": asdict(cfg),
        "steps": result.steps,
        "seconds": round(time.perf_counter() - t0, 1),
        "timing": t,
        "evaluations": final,
    }
    Path(args.out, "measure.json").write_text(json.dumps(report, indent=2) + "\n")
    print(
        f"{result.steps:,} learner steps in {t['total']:.0f} s: {t['training_steps_per_second']:,.0f} steps/s "
        f"training (rollouts + updates), {t['rollout_steps_per_second']:,.0f} steps/s while collecting"
    )
    print(
        "time: " + ", ".join(f"{k} {t[k]:.0f} s" for k in ("rollout", "update", "snapshot", "checkpoint", "evaluation"))
    )
    for r in final:
        lo, hi = r["ci95"]
        seats = ", ".join(
            f"seat {s} {r['seat_rates'][s]:.3f} [{r['seat_ci95'][s][0]:.3f}, {r['seat_ci95'][s][1]:.3f}]"
            for s in (0, 1)
        )
        print(
            f"vs {r['opponent']}: {r['win_rate']:.3f} [{lo:.3f}, {hi:.3f}] over {r['games']} games ({seats}); "
            f"arena run {r['run']}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
