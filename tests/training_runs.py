"""A training run small enough for a test: the settings the training tests share.

``tiny_config(tmp_path, name, **over)`` is a run of a few hundred learner steps on a
16-wide network, with no warm start, snapshots, checkpoints or evaluations unless a test
asks for them through ``over``; its outputs and arena games stay under ``tmp_path``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tcgzoo.training.config import TrainConfig


def tiny_config(tmp_path: Path, name: str = "run", **over: Any) -> TrainConfig:
    base: dict[str, Any] = dict(
        game="battle_spirits",
        out=str(tmp_path / name),
        seed=3,
        minutes=None,
        steps=512,
        n_envs=4,
        n_steps=64,
        batch_size=128,
        n_epochs=1,
        encoder_dim=16,
        net_arch=[16],
        workers=0,
        snapshot_every=0,
        checkpoint_every=0,
        eval_every=0,
        eval_games=0,
        opponents={"random": 1.0},
        warm_start=None,
        db=str(tmp_path / "arena.sqlite"),
    )
    base.update(over)
    return TrainConfig(**base)
