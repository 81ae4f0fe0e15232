"""``tcgzoo train``: the command line of :func:`tcgzoo.training.train.train`.

    tcgzoo train --game battle_spirits --minutes 10 --seed 0 --out runs/train/bs

The parser is built here (without importing torch) and hooked into ``tcgzoo`` by
``agents/cli.py``; stable-baselines3 is imported only when a run starts, so a missing
``train`` extra is one line of advice rather than a traceback.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from tcgzoo.agents.base import ConfigError
from tcgzoo.agents.cli import whole_number

from .config import LEAGUE_OPPONENTS, POLICIES, TrainConfig, parse_setting


def _weights(text: str) -> tuple[str, float]:
    """``heuristic=0.3`` -> ``("heuristic", 0.3)``."""
    name, eq, share = text.rpartition("=")
    try:
        if not eq or not name:
            raise ValueError
        return name, float(share)
    except ValueError:
        raise argparse.ArgumentTypeError(f"opponent {text!r} is not spec=share (e.g. heuristic=0.3)") from None


def _minutes(text: str) -> float:
    """An argparse ``type=`` for ``--minutes``: a positive number of minutes."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not value > 0:  # also NaN
        raise argparse.ArgumentTypeError(f"takes a number of minutes above 0, got {text!r}")
    return value


def add_parser(
    sub: Any,
    game_args: Callable[[argparse.ArgumentParser], None],
    trust_args: Callable[[argparse.ArgumentParser], None] | None = None,
) -> None:
    """Add the ``train`` subcommand to ``tcgzoo``'s subparsers (``game_args`` and
    ``trust_args`` add the options it shares with the arena's commands)."""
    d = TrainConfig()
    t = sub.add_parser("train", help="self-play training of a MaskablePPO policy (needs the train extra)")
    game_args(t)
    if trust_args is not None:  # policy:<file> opponents need the same trust as in the arena
        trust_args(t)
    t.add_argument("--out", required=True, help="output folder (checkpoints, TensorBoard, final.safetensors)")
    t.add_argument("--minutes", type=_minutes, default=d.minutes, help="wall-clock budget of the training")
    t.add_argument("--steps", type=whole_number(1), default=None, help="stop after this many learner decisions")
    t.add_argument("--seed", type=int, default=d.seed)
    t.add_argument(
        "--decks",
        nargs=2,
        metavar=("MINE", "THEIRS"),
        help="the learner's deck and the opponents' deck (default: each seat's built-in deck)",
    )
    t.add_argument(
        "--opponents",
        nargs="+",
        type=_weights,
        metavar="SPEC=SHARE",
        help="opponent pool ('self' = the learner's snapshots); default "
        + " ".join(f"{k}={v}" for k, v in d.opponents.items()),
    )
    t.add_argument(
        "--policy",
        choices=POLICIES,
        default=d.policy,
        help="the network: mlp (the flat observation, default) or attention (card tokens of the entity "
        "observation through a small transformer, a pointer over them; sizes: --set "
        '\'attention={"d_model": 64, "n_heads": 4, "n_layers": 2, "ff_dim": 128}\')',
    )
    t.add_argument(
        "--warm-start",
        default=None,
        metavar="SPEC",
        help=f"imitate this agent before self-play (default {d.warm_start} with the mlp policy; 'none': start "
        "from random weights; the attention policy does not imitate)",
    )
    t.add_argument(
        "--league",
        action="store_true",
        help="draw opponents by how hard they are (prioritized fictitious self-play over the pool's "
        "specs and the learner's snapshots); without --opponents the pool is "
        + " ".join(f"{k}={v}" for k, v in LEAGUE_OPPONENTS.items()),
    )
    t.add_argument(
        "--snapshot-every",
        type=whole_number(0, "0: no snapshots"),
        default=d.snapshot_every,
        help="steps between the learner's snapshots (saved as .safetensors, added to the pool)",
    )
    t.add_argument("--envs", type=whole_number(1), default=d.n_envs, help="games stepped as one batch")
    t.add_argument(
        "--workers",
        type=whole_number(0, "0: in this process"),
        default=d.workers,
        help="env worker processes (0: in this process)",
    )
    t.add_argument(
        "--backend",
        choices=["local", "ray"],
        default=d.backend,
        help="where the games are stepped: local (this process or --workers processes) or ray "
        "(--workers Ray actors, 0: one per CPU; pip install 'tcgzoo[ray]')",
    )
    t.add_argument(
        "--ray-address",
        default=None,
        metavar="HOST:PORT",
        help="the Ray cluster to join (default: start a local Ray, or $RAY_ADDRESS)",
    )
    t.add_argument(
        "--eval-games",
        type=whole_number(0, "0: no evaluation"),
        default=d.eval_games,
        help="games per evaluation opponent",
    )
    t.add_argument(
        "--eval-every",
        type=whole_number(0, "0: final only"),
        default=d.eval_every,
        help="steps between evaluations (0: final only)",
    )
    t.add_argument("--checkpoint-every", type=whole_number(0, "0: only the final one"), default=d.checkpoint_every)
    t.add_argument("--db", default=None, help="arena SQLite file for the evaluation games (default <out>/arena.sqlite)")
    t.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="FIELD=VALUE",
        help="any other TrainConfig field, value as JSON (e.g. learning_rate=1e-4)",
    )
    t.add_argument("--quiet", action="store_true")


def config_from_args(args: argparse.Namespace) -> TrainConfig:
    cfg = TrainConfig(
        game=args.game,
        out=args.out,
        seed=args.seed,
        minutes=args.minutes,
        steps=args.steps,
        decks=args.decks,
        options=dict(args.option),
        n_envs=args.envs,
        workers=args.workers,
        backend=args.backend,
        ray_address=args.ray_address,
        eval_games=args.eval_games,
        eval_every=args.eval_every,
        checkpoint_every=args.checkpoint_every,
        db=args.db,
        verbose=0 if args.quiet else 1,
        league=args.league,
        snapshot_every=args.snapshot_every,
        policy=args.policy,
    )
    if args.warm_start is not None:
        cfg.warm_start = None if args.warm_start.lower() == "none" else args.warm_start
    elif args.policy != "mlp":
        cfg.warm_start = None  # only the flat observation is imitated (training/imitation.py)
    if args.opponents:
        cfg.opponents = dict(args.opponents)
    elif args.league:
        cfg.opponents = dict(LEAGUE_OPPONENTS)
    for item in args.set:
        setattr(cfg, *parse_setting(item))
    cfg.validate()
    return cfg


def run(args: argparse.Namespace) -> int:
    cfg = config_from_args(args)
    try:
        from .train import train
    except ImportError as e:
        raise ConfigError(f"training needs the train extra (pip install -e '.[train]'): {e}") from None
    result = train(cfg)
    print(
        f"trained {result.steps} steps in {result.seconds:.0f} s "
        f"({result.timing['training_steps_per_second']} steps/s while training); model: {result.model}"
    )
    for r in result.evaluations:
        if r["model"] == str(result.model):
            lo, hi = r["ci95"]
            print(
                f"  vs {r['opponent']}: {r['win_rate']:.3f} [{lo:.3f}, {hi:.3f}] over {r['games']} games "
                f"(arena run {r['run']} in {cfg.eval_db()})"
            )
    print(f"play it: tcgzoo match --game {cfg.game} --agents policy:{result.model} heuristic --games 100 --paired")
    return 0
