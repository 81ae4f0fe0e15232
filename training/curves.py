"""Learning curves: how a run's policy fared against an opponent as it trained.

    python -m tcgzoo.training.curves runs/train/bs runs/train/ns runs/train/lm \\
        --opponent heuristic --games 100 --out training/learning-curves.png

Each run folder holds the learner's snapshots (``snapshots/step_<n>.safetensors``, the
first at step 0: the warm start alone) and its ``final.safetensors``, each with the
wall time the run had spent when it was saved (``wall_seconds`` in its metadata). Every
one of them plays ``--games`` paired arena games against ``--opponent`` with the run's
decks and options, stored in the run's ``arena.sqlite`` (so a second call reuses the
games already played), and the win rates with their Wilson 95% intervals are plotted
against the run's wall-clock minutes, one panel per game, and written to
``<out>.json`` beside the picture. Not a test: it takes as long as the games do.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any


def points(
    run: str | Path, opponent: str = "heuristic", games: int = 100, workers: int = 2, every: int = 1
) -> list[dict[str, Any]]:
    """The win rates against ``opponent`` of the run's snapshots (every ``every``-th, and
    always the first and the final policy), in order of training steps."""
    from .train import evaluate

    run = Path(run)
    try:
        cfg = json.loads((run / "config.json").read_text())
    except FileNotFoundError:
        raise SystemExit(f"{run}: not a training run folder (no config.json)") from None
    files = sorted((p for p in (run / "snapshots").glob("step_*.safetensors")), key=lambda p: int(p.stem.split("_")[1]))
    files = [p for i, p in enumerate(files) if i % every == 0 or i == len(files) - 1]
    if (run / "final.safetensors").is_file():
        files.append(run / "final.safetensors")
    out = []
    for path in files:
        meta = json.loads(path.with_suffix(".json").read_text())
        if meta.get("wall_seconds") is None:
            continue  # saved before wall times were recorded: no place on the time axis
        if out and meta["steps"] <= out[-1]["steps"]:
            continue  # the final policy of a run that ended on a snapshot
        (result,) = evaluate(
            path,
            cfg["game"],
            [opponent],
            games,
            cfg["seed"],
            cfg["decks"],
            cfg["options"],
            str(run / "arena.sqlite"),
            workers,
            step=meta["steps"],
        )
        out.append(
            {
                "run": str(run),
                "game": cfg["game"],
                "file": path.name,
                "steps": meta["steps"],
                "minutes": round(meta["wall_seconds"] / 60, 2),
                **{k: result[k] for k in ("opponent", "games", "win_rate", "ci95", "seat_rates")},
            }
        )
    return out


def plot(curves: list[list[dict[str, Any]]], path: str | Path, target: float | None = 0.7) -> Path:
    """One panel per game: each run's win rate (line) and Wilson 95% interval (band)
    against its wall-clock minutes."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    games = sorted({c[0]["game"] for c in curves if c})
    fig, axes = plt.subplots(1, len(games), figsize=(4.2 * len(games), 3.4), squeeze=False, sharey=True)
    for ax, game in zip(axes[0], games):
        for curve in (c for c in curves if c and c[0]["game"] == game):
            x = [p["minutes"] for p in curve]
            ax.plot(x, [p["win_rate"] for p in curve], marker="o", markersize=3, label=Path(curve[0]["run"]).name)
            ax.fill_between(x, [p["ci95"][0] for p in curve], [p["ci95"][1] for p in curve], alpha=0.2)
        ax.axhline(0.5, color="grey", linewidth=0.8)
        if target is not None:
            ax.axhline(target, color="grey", linewidth=0.8, linestyle="--")
        opponent = next(c for c in curves if c and c[0]["game"] == game)[0]["opponent"]
        ax.set(title=game, xlabel="wall-clock minutes (2 cores)", ylim=(0, 1))
        ax.set_ylabel(f"win rate vs {opponent}")
        ax.legend(fontsize=7, loc="lower right")
        ax.grid(alpha=0.3)
    fig.tight_layout()
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("runs", nargs="+", help="training run folders (--out of tcgzoo train)")
    p.add_argument("--opponent", default="heuristic")
    p.add_argument("--games", type=int, default=100, help="paired games per policy")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--every", type=int, default=1, help="evaluate every n-th snapshot (and the first and last)")
    p.add_argument("--out", default="learning-curves.png", help="the picture (its points go to <out>.json)")
    args = p.parse_args(argv)
    curves = [points(run, args.opponent, args.games, args.workers, args.every) for run in args.runs]
    picture = plot(curves, args.out)
    Path(picture).with_suffix(".json").write_text(json.dumps(curves, indent=1) + "\n")
    for curve in curves:
        for pt in curve:
            lo, hi = pt["ci95"]
            print(
                f"{pt['game']:15} {Path(pt['run']).name:12} {pt['minutes']:6.1f} min {pt['steps']:>10,} steps "
                f"vs {pt['opponent']}: {pt['win_rate']:.3f} [{lo:.3f}, {hi:.3f}]"
            )
    print(f"wrote {picture}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
