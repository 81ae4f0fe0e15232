"""Self-play training of a MaskablePPO policy for any game, from Python or ``tcgzoo train``.

    from tcgzoo.training.train import TrainConfig, train
    result = train(TrainConfig(game="battle_spirits", minutes=10, seed=0, out="runs/train/bs"))

The learner plays one seat against a pool (random, the game's heuristic, and frozen
snapshots of itself saved every ``snapshot_every`` steps as
``<out>/snapshots/step_<n>.safetensors`` and added to every game's pool). With
``league=True`` each member of the pool is drawn by its share tilted by how often it
beats the learner lately (``training/league.py``). Every ``checkpoint_every`` steps the
model is saved; every ``eval_every`` steps the learner (as a snapshot file) plays the
arena's ``random`` and ``heuristic`` agents and those games are stored in an arena
SQLite database like any other run (``<out>/arena.sqlite`` unless ``db`` says otherwise;
``tcgzoo replay --db <out>/arena.sqlite`` shows them), their win rates and Wilson
intervals going to TensorBoard. The final policy is
``<out>/final.safetensors`` (weights, no pickle) with ``<out>/final.json`` (its metadata),
an arena agent as ``policy:<out>`` without trusting anything; the checkpoints are
stable-baselines3 ``.zip`` files (pickles: the arena loads them only with
``--trust-policy-files``).

Outputs under ``out``: ``config.json``, ``checkpoints/step_<n>.zip``, ``snapshots/step_<n>.safetensors``
(and ``.json``), ``final.safetensors`` and ``final.json``, ``tb/`` (TensorBoard),
``evaluations.jsonl`` (one line per evaluation matchup), ``timing.json`` (where the wall
time went), ``arena.sqlite`` (the evaluation games).
"""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Sequence
from contextlib import nullcontext
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from sb3_contrib.common.maskable.buffers import MaskableRolloutBuffer
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.vec_env import VecMonitor

from .config import TrainConfig
from .single_agent import SELF, snapshot_name
from .vec_env import TcgVecEnv


@dataclass
class TrainResult:
    """Where a run's outputs are and how it went."""

    out: Path
    model: Path
    steps: int
    seconds: float
    checkpoints: list[Path]
    evaluations: list[dict[str, Any]]
    timing: dict[str, float]


# ---- evaluation -------------------------------------------------------------------------------
def evaluate(
    model: str | os.PathLike,
    game: str,
    opponents: Sequence[str] = ("random", "heuristic"),
    games: int = 100,
    seed: int = 0,
    decks: Sequence[str] | None = None,
    options: dict[str, Any] | None = None,
    db: str | None = None,
    workers: int = 1,
    step: int | None = None,
    trust: bool = False,
) -> list[dict[str, Any]]:
    """Arena matches of ``policy:<model>`` against each opponent, stored in the arena database
    ``db`` (``None``: the arena's default).

    ``decks`` are (the model's, the opponent's), played from either seat as in training.
    Deals are paired (each shuffle played twice with seats swapped) so the luck of the
    deal cancels. ``trust``: the model file may be loaded although it holds pickles (a
    run's own checkpoints); otherwise the session must trust policy files. Returns one
    summary per opponent: win rate with its Wilson 95% interval (draws count half) and
    the rate per seat.
    """
    from tcgzoo.agents.arena import Arena, Entrant
    from tcgzoo.agents.policy import trusting_policy_files
    from tcgzoo.agents.store import Store

    me = Entrant(f"policy:{model}", decks[0] if decks else None)
    out = []
    with Store(db) as store, trusting_policy_files() if trust else nullcontext():
        arena = Arena(game, store, options, workers=workers)
        for spec in opponents:
            them = Entrant(spec, decks[1] if decks else None)
            result = arena.match(me, them, games, seed=seed, paired=True)
            m = result.table().cell(me.label, them.label)
            lo, hi = m.ci()
            out.append(
                {
                    "step": step,
                    "model": str(model),
                    "opponent": spec,
                    "run": result.run_key,
                    "games": m.games,
                    "wins": m.wins,
                    "draws": m.draws,
                    "win_rate": m.rate,
                    "ci95": [lo, hi],
                    "seat_rates": [m.seat_rate(0), m.seat_rate(1)],
                    "seat_ci95": [list(m.seat_ci(0)), list(m.seat_ci(1))],
                }
            )
    return out


# ---- the rollout buffer -----------------------------------------------------------------------
class FlatRolloutBuffer(MaskableRolloutBuffer):
    """sb3-contrib's ``MaskableRolloutBuffer`` without two copies of every observation.

    Stock, ``get`` swaps the (step, game) axes of each array before flattening (a copy of
    the whole rollout's observations: 4,096 x 7,173 floats, ~120 MB, per rollout) and
    ``to_torch`` copies each minibatch that the fancy indexing has just copied. Here the
    arrays are flattened in place (sample ``i`` is step ``i // n_envs`` of game ``i % n_envs``:
    the minibatches are random permutations either way, and every array is flattened
    alike) and a minibatch's arrays become tensors without a copy. A module-level class,
    so a checkpoint names it rather than pickling its code.
    """

    @staticmethod
    def swap_and_flatten(arr):
        shape = arr.shape if arr.ndim >= 3 else (*arr.shape, 1)
        return arr.reshape(shape[0] * shape[1], *shape[2:])

    def to_torch(self, array, copy: bool = True):
        import torch

        return torch.as_tensor(array, device=self.device)  # _get_samples passes fresh copies


# ---- callbacks --------------------------------------------------------------------------------
class _Driver(BaseCallback):
    """Stops on the time budget, adds snapshots, checkpoints, evaluates, and times each phase.

    One callback rather than SB3's stock ones so that a checkpoint, its evaluation and
    the timing all agree on the step they belong to.
    """

    def __init__(self, cfg: TrainConfig, venv: TcgVecEnv, out: Path, started: float | None = None) -> None:
        super().__init__(cfg.verbose)
        self.cfg, self.venv, self.out = cfg, venv, out
        self.started = time.monotonic() if started is None else started  # the budget counts from here
        self.deadline = None if cfg.minutes is None else self.started + 60 * cfg.minutes
        self.checkpoints: list[Path] = []
        self.evaluations: list[dict[str, Any]] = []
        self.timing = {
            "imitation": 0.0,
            "rollout": 0.0,
            "update": 0.0,
            "evaluation": 0.0,
            "checkpoint": 0.0,
            "snapshot": 0.0,
        }
        self.imitation: dict[str, Any] = {}  # what the warm start did (``warm_start``)
        self._next = {"snapshot": cfg.snapshot_every, "checkpoint": cfg.checkpoint_every, "eval": cfg.eval_every}
        self._mark = time.perf_counter()
        self._phase = "update"  # what the time since ``_mark`` is being spent on
        self._outcomes: dict[str, list[float]] = {}
        self.league = cfg.make_league() if cfg.league else None
        self.snapshots: list[str] = []  # the pool's snapshot names, oldest first (as every pool has them)
        self.snapshot_files: dict[int, Path] = {}  # step -> its .safetensors

    def _on_training_start(self) -> None:
        self._mark = time.perf_counter()

    def _on_rollout_start(self) -> None:
        self.close_phase("rollout")

    def _on_rollout_end(self) -> None:
        self.close_phase("update")
        for name, results in self._outcomes.items():  # training win rate per opponent kind
            self.logger.record(
                f"selfplay/win_rate_vs_{_tag(name.split('#')[0])}", sum(r > 0 for r in results) / len(results)
            )
        self._outcomes.clear()
        n = self.num_timesteps
        if self.cfg.snapshot_every and SELF in self.cfg.opponents and n >= self._next["snapshot"]:
            self._next["snapshot"] = n + self.cfg.snapshot_every
            self._timed("snapshot", self.add_snapshot)
        if self.league is not None:
            self._timed("snapshot", self.update_league)
        if self.cfg.checkpoint_every and n >= self._next["checkpoint"]:
            self._next["checkpoint"] = n + self.cfg.checkpoint_every
            self._timed("checkpoint", self.save_checkpoint)
        if self.cfg.eval_every and n >= self._next["eval"]:
            self._next["eval"] = n + self.cfg.eval_every
            path = self._timed("snapshot", self.save_snapshot)
            self._timed("evaluation", lambda: self.run_evaluation(path))
        self._mark = time.perf_counter()  # bookkeeping above is not the update's time

    def save_snapshot(self) -> Path:
        """The learner now as ``<out>/snapshots/step_<n>.safetensors`` (no pickle: the pools
        load it, and the arena plays it as ``policy:<file>`` without trust)."""
        n = self.num_timesteps
        if n not in self.snapshot_files:
            path = self.out / "snapshots" / f"step_{n}.safetensors"
            path.parent.mkdir(parents=True, exist_ok=True)
            seconds = time.monotonic() - self.started
            self.snapshot_files[n] = save_final(self.model, self.cfg, path.parent, path.name, seconds)
        return self.snapshot_files[n]

    def add_snapshot(self) -> None:
        """Save the learner and add it to every game's pool as ``self#<step>``."""
        name = snapshot_name(self.num_timesteps)
        self.venv.add_snapshot(self.save_snapshot(), name)
        self.snapshots = (self.snapshots + [name])[-self.cfg.max_snapshots :]

    def update_league(self) -> None:
        """Give every game the league's new weights (from the results so far) and log them."""
        weights = self.league.weights(self.snapshots)
        self.venv.set_members(weights)
        for member, w in weights.items():
            tag = _tag(member)
            self.logger.record(f"league/weight/{tag}", w)
            self.logger.record(f"league/loss_rate/{tag}", self.league.loss_rate(member))
            self.logger.record(f"league/games/{tag}", self.league.games(member))

    def close_phase(self, next_phase: str) -> None:
        """Book the time since the last mark to the current phase; ``next_phase`` starts now."""
        now = time.perf_counter()
        self.timing[self._phase] += now - self._mark
        self._mark, self._phase = now, next_phase

    def _on_step(self) -> bool:
        for info in self.locals.get("infos", ()):
            if "outcome" in info:
                self._outcomes.setdefault(info["opponent"], []).append(info["outcome"])
                if self.league is not None:
                    self.league.record(info["opponent"], info["outcome"])
        return self.deadline is None or time.monotonic() < self.deadline

    def _timed(self, phase: str, fn):
        t0 = time.perf_counter()
        try:
            return fn()
        finally:
            self.timing[phase] += time.perf_counter() - t0

    def save_checkpoint(self) -> Path:
        path = self.out / "checkpoints" / f"step_{self.num_timesteps}.zip"
        self.model.save(path)
        self.checkpoints.append(path)
        return path

    def run_evaluation(self, path: Path) -> None:
        """Arena games of the policy file ``path`` (safetensors: no trust needed) against the
        evaluation opponents, stored in the run's arena database; win rates and their Wilson
        intervals go to ``evaluations.jsonl`` and TensorBoard (``eval/``)."""
        cfg = self.cfg
        results = evaluate(
            path,
            cfg.game,
            cfg.eval_opponents,
            cfg.eval_games,
            cfg.seed,
            cfg.decks,
            cfg.options,
            cfg.eval_db(),
            cfg.eval_workers,
            step=self.num_timesteps,
        )
        with open(self.out / "evaluations.jsonl", "a") as f:
            for r in results:
                f.write(json.dumps(r) + "\n")
                tag = _tag(r["opponent"])
                self.logger.record(f"eval/win_rate_vs_{tag}", r["win_rate"])
                self.logger.record(f"eval/ci95_low_vs_{tag}", r["ci95"][0])
                self.logger.record(f"eval/ci95_high_vs_{tag}", r["ci95"][1])
        self.evaluations.extend(results)
        if cfg.verbose:
            for r in results:
                print(
                    f"step {r['step']}: vs {r['opponent']} {r['win_rate']:.3f} "
                    f"[{r['ci95'][0]:.3f}, {r['ci95'][1]:.3f}] over {r['games']} games"
                )


# ---- training ---------------------------------------------------------------------------------
def train(cfg: TrainConfig) -> TrainResult:
    """Train, checkpoint, evaluate and save ``<out>/final.safetensors``; see the module docstring."""
    import torch
    from sb3_contrib import MaskablePPO

    cfg.validate()
    torch.set_num_threads(max(1, cfg.torch_threads))
    t0, started = time.perf_counter(), time.monotonic()
    venv = TcgVecEnv(
        cfg.game,
        cfg.n_envs,
        cfg.workers,
        cfg.decks,
        cfg.options,
        cfg.opponents,
        seed=cfg.seed,
        max_snapshots=cfg.max_snapshots,
        backend=cfg.backend,
        ray_address=cfg.ray_address,
        obs_type=cfg.obs_type,
        rewards=cfg.rewards(),
    )  # bad names fail here
    out = Path(cfg.out)
    try:
        (out / "checkpoints").mkdir(parents=True, exist_ok=True)
        (out / "config.json").write_text(json.dumps(asdict(cfg), indent=2) + "\n")
        tb = _tensorboard_dir(out)
        if cfg.policy == "attention":  # the entity observation: a dict, in sb3-contrib's dict rollout buffer
            from .attention import AttentionPolicy, attention_policy_kwargs

            policy, policy_kwargs, buffer = AttentionPolicy, attention_policy_kwargs(**cfg.attention), None
        else:
            policy, policy_kwargs, buffer = "MlpPolicy", _policy_kwargs(cfg), FlatRolloutBuffer
        model = MaskablePPO(
            policy,
            VecMonitor(venv),
            n_steps=cfg.n_steps,
            batch_size=cfg.batch_size,
            n_epochs=cfg.n_epochs,
            learning_rate=cfg.learning_rate,
            gamma=cfg.gamma,
            gae_lambda=cfg.gae_lambda,
            ent_coef=cfg.ent_coef,
            clip_range=cfg.clip_range,
            policy_kwargs=policy_kwargs,
            seed=cfg.seed,
            rollout_buffer_class=buffer,
            device="cpu",
            tensorboard_log=tb,
            verbose=cfg.verbose,
        )
        if cfg.encoder_dim and cfg.policy == "mlp":
            from .network import use_legal_columns

            use_legal_columns(model.policy)  # the update's action head over the minibatch's legal actions
        driver = _Driver(cfg, venv, out, started)
        if cfg.warm_start is not None:
            driver._timed("imitation", lambda: warm_start(model.policy, cfg, driver.imitation))
            (out / "imitation.json").write_text(json.dumps(driver.imitation, indent=2) + "\n")
            driver.init_callback(model)
            driver._timed("snapshot", driver.save_snapshot)  # step 0: the imitation alone (training/curves.py)
        budget = cfg.steps if cfg.steps is not None else 2**62
        model.learn(total_timesteps=budget, callback=driver, tb_log_name="ppo", progress_bar=False)
        driver.close_phase("checkpoint")  # a rollout cut short by the deadline, or the last update
        if not driver.checkpoints or driver.checkpoints[-1].stem != f"step_{model.num_timesteps}":
            driver.save_checkpoint()  # the stable-baselines3 copy, to go on training from
        final = save_final(model, cfg, out, seconds=time.monotonic() - started)
        driver.close_phase("update")
    finally:
        venv.close()
    if cfg.eval_games > 0 and cfg.eval_opponents:
        driver._timed("evaluation", lambda: driver.run_evaluation(final))
        driver.logger.dump(model.num_timesteps)  # the final evaluation's scalars
    seconds = time.perf_counter() - t0
    timing = {
        **{k: round(v, 3) for k, v in driver.timing.items()},
        "total": round(seconds, 3),
        "steps": model.num_timesteps,
        "rollout_steps_per_second": round(model.num_timesteps / driver.timing["rollout"], 1)
        if driver.timing["rollout"]
        else None,
        "training_steps_per_second": round(
            model.num_timesteps / max(1e-9, driver.timing["rollout"] + driver.timing["update"]), 1
        ),
        "steps_per_second": round(model.num_timesteps / seconds, 1),
    }  # everything included
    (out / "timing.json").write_text(json.dumps(timing, indent=2) + "\n")
    return TrainResult(out, final, model.num_timesteps, seconds, driver.checkpoints, driver.evaluations, timing)


def warm_start(policy, cfg: TrainConfig, report: dict[str, Any]) -> None:
    """Fit ``policy`` to ``cfg.warm_start``'s decisions in the learner's seat
    (``training/imitation.py``); what was collected and fitted goes into ``report``."""
    from .imitation import collect_parallel, fit

    t = time.perf_counter()
    demos = collect_parallel(
        cfg.game,
        cfg.decks,
        cfg.options,
        cfg.warm_start,
        cfg.warm_start_opponents,
        cfg.warm_start_decisions,
        cfg.warm_start_processes,
        cfg.seed,
        cfg.gamma,
        cfg.shaping,
    )
    report.update(
        teacher=cfg.warm_start,
        opponents=cfg.warm_start_opponents,
        decisions=len(demos),
        games=demos.games,
        teacher_win_rate=round(demos.wins / max(1, demos.games), 4),
        collect_seconds=round(time.perf_counter() - t, 1),
    )
    t = time.perf_counter()
    stats = fit(policy, demos, cfg.warm_start_epochs, cfg.batch_size, seed=cfg.seed)
    report.update({k: round(v, 4) for k, v in stats.items()}, fit_seconds=round(time.perf_counter() - t, 1))
    if cfg.verbose:
        print(
            f"warm start: imitated {cfg.warm_start} over {len(demos):,} decisions of {demos.games:,} games "
            f"in {report['collect_seconds'] + report['fit_seconds']:.0f} s; the greedy policy agrees with it on "
            f"{report.get('holdout_agreement', float('nan')):.1%} of held-out decisions"
        )


#: the TrainConfig fields that are hyperparameters of the learning (saved in the model's metadata)
HYPERPARAMETERS = (
    "n_envs",
    "n_steps",
    "batch_size",
    "n_epochs",
    "learning_rate",
    "gamma",
    "gae_lambda",
    "ent_coef",
    "clip_range",
    "shaping",
    "cap_reward",
    "step_cost",
    "warm_start",
    "warm_start_opponents",
    "warm_start_decisions",
    "warm_start_epochs",
    "policy",
    "attention",
    "encoder_dim",
    "net_arch",
    "opponents",
    "snapshot_every",
    "max_snapshots",
    "league",
    "league_power",
    "league_window",
    "league_floor",
    "seed",
)


def save_final(
    model, cfg: TrainConfig, out: Path, name: str = "final.safetensors", seconds: float | None = None
) -> Path:
    """``<out>/final.safetensors`` (weights, no pickle) and ``<out>/final.json`` (metadata):
    the policy the arena plays as ``policy:<out>``, without trusting pickles (``name``:
    another file name, for the snapshots; ``seconds``: the run's wall time so far, warm
    start included, recorded as ``wall_seconds`` for the learning curves)."""
    from tcgzoo.agents.model_file import save_policy

    info = {
        "algorithm": "MaskablePPO",
        "steps": int(model.num_timesteps),
        "wall_seconds": None if seconds is None else round(seconds, 1),
        "decks": cfg.decks,
        "options": cfg.options,
        "hyperparameters": {k: getattr(cfg, k) for k in HYPERPARAMETERS},
    }
    return save_policy(model.policy, out / name, cfg.game, info)


def _tag(name: str) -> str:
    """An opponent's name as a TensorBoard tag part (``mcts:iterations=16`` -> ``mcts_iterations_16``)."""
    return re.sub(r"[^A-Za-z0-9_.#-]", "_", name)


def _policy_kwargs(cfg: TrainConfig) -> dict[str, Any]:
    kwargs: dict[str, Any] = {"net_arch": list(cfg.net_arch)}
    if cfg.encoder_dim:
        from .network import SharedEncoder

        kwargs.update(
            features_extractor_class=SharedEncoder,
            features_extractor_kwargs={"features_dim": cfg.encoder_dim},
            share_features_extractor=True,
        )
    return kwargs


def _tensorboard_dir(out: Path) -> str | None:
    """``<out>/tb`` when TensorBoard is installed (SB3 refuses a log dir without it)."""
    try:
        import tensorboard  # noqa: F401
    except ImportError:
        return None
    return str(out / "tb")
