"""The settings of a training run, importable without torch or stable-baselines3.

Kept apart from ``train.py`` so the command line can build its options (and report a
bad one) without paying for importing torch.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tcgzoo.agents.base import ConfigError

#: the opponent-pool name of the learner's frozen snapshots (``single_agent.SELF``)
SELF = "self"
#: the pool of ``tcgzoo train --league`` when no ``--opponents`` are given: the learner's
#: snapshots, the heuristic, a search at a low budget (~1-3 ms a decision) and random play
LEAGUE_OPPONENTS = {SELF: 0.5, "heuristic": 0.25, "mcts:iterations=16,depth=4": 0.15, "random": 0.1}


@dataclass(frozen=True)
class Rewards:
    """What a learner's step pays besides the game's result (``single_agent.SingleAgentEnv``);
    :meth:`TrainConfig.rewards` gives a run's. Plain data, so it travels to worker
    processes and Ray actors as it is.

    - ``shaping``: potential-based shaping, each step also paying ``gamma * phi(next) - phi(now)``
      with ``phi`` this times the game's leaf evaluation from the learner's seat (0 once the
      game is over; Ng, Harada & Russell 1999), so the best policy is unchanged; 0: off.
    - ``gamma``: the discount the shaping is potential-based under (PPO's).
    - ``cap_reward``: a game stopped by the decision cap: ``None``, a truncation (SB3
      bootstraps its value); a number, the episode ends there with that reward.
    - ``step_cost``: paid on every learner decision.
    """

    shaping: float = 0.0
    gamma: float = 1.0
    cap_reward: float | None = None
    step_cost: float = 0.0


#: nothing besides the result (and a capped game a truncation): the envs' default
RESULT_ONLY = Rewards()


def parse_setting(item: str) -> tuple[str, Any]:
    """``--set FIELD=VALUE`` -> ``(field, value)``: the value read as JSON, else kept as the
    string; a name that is no :class:`TrainConfig` field is an error."""
    key, eq, value = item.partition("=")
    if not eq or key not in TrainConfig.__dataclass_fields__:
        raise ConfigError(f"--set {item!r}: not FIELD=VALUE with a TrainConfig field")
    try:
        return key, json.loads(value)
    except json.JSONDecodeError:
        return key, value


#: the networks a run can train (``TrainConfig.policy``, ``tcgzoo train --policy``)
POLICIES = ("mlp", "attention")


@dataclass
class TrainConfig:
    """Everything that decides a training run (saved as ``config.json`` beside its outputs)."""

    game: str = "battle_spirits"
    out: str = "runs/train/default"
    seed: int = 0
    minutes: float | None = 10.0  # wall-clock budget; None: only ``steps`` stops the run
    steps: int | None = None  # learner decisions; None: only ``minutes`` stops the run
    decks: list[str] | None = None  # [learner's deck, opponents' deck] in either seat; None: each seat's default
    options: dict[str, Any] = field(default_factory=dict)
    # the pool: agent spec (or "self": the learner's snapshots) -> share of episodes
    # (after the warm start random play teaches little: the heuristic, what a learner is
    # measured against, and its own snapshots make most of the pool)
    opponents: dict[str, float] = field(default_factory=lambda: {"heuristic": 0.6, SELF: 0.3, "random": 0.1})
    snapshot_every: int = 100_000
    max_snapshots: int = 8
    # a league (training/league.py): draw each member (spec or snapshot) by its kind's share
    # tilted by the learner's recent loss rate against it (prioritized fictitious self-play)
    league: bool = False
    league_power: float = 2.0  # weight ~ loss_rate ** power (0: the plain shares)
    league_window: int = 200  # recent games per member that the loss rate is taken over
    league_floor: float = 0.1  # a member's weight never falls below this part of its kind's share
    # warm start (training/imitation.py): before PPO, the policy imitates ``warm_start`` (an
    # agent spec; None: start from random weights) over ``warm_start_decisions`` decisions it
    # makes in the learner's seat against ``warm_start_opponents`` (played by
    # ``warm_start_processes`` processes), fitted for ``warm_start_epochs`` passes; this
    # time counts in ``minutes``. Only the mlp policy imitates.
    warm_start: str | None = "heuristic"
    warm_start_opponents: dict[str, float] = field(default_factory=lambda: {"heuristic": 0.75, "random": 0.25})
    warm_start_decisions: int = 300_000
    warm_start_processes: int = 2
    warm_start_epochs: int = 3
    n_envs: int = 32
    # env worker processes; 0 steps the games in this process, which measured fastest on a
    # 2-core machine (benchmarks/training_throughput.py): PPO alternates acting and
    # stepping, so workers add a pipe round trip per step without overlapping much
    workers: int = 0
    # where the env batches run: "local" (this process or ``workers`` processes) or "ray"
    # (``workers`` Ray actors, 0: one per CPU of the cluster; vec_env.RayBatchActor)
    backend: str = "local"
    ray_address: str | None = None  # the Ray cluster (None: a local Ray, or $RAY_ADDRESS)
    # torch threads in this process. 1 by default: most forward passes are a few rows,
    # and on small machines torch's thread hand-offs then cost milliseconds per op
    torch_threads: int = 1
    # PPO
    n_steps: int = 128  # per env and rollout: a rollout is n_envs * n_steps decisions
    batch_size: int = 1024
    n_epochs: int = 4
    learning_rate: float = 3e-4
    gamma: float = 0.995  # episodes are ~100 learner decisions long with one reward at the end
    gae_lambda: float = 0.95
    ent_coef: float = 0.01
    clip_range: float = 0.2
    # reward shaping: each learner step also pays gamma * phi(next) - phi(now), with phi
    # this times the game's leaf evaluation (agents.evaluate; in [-1, 1]) from the learner's
    # seat, 0 at the end: potential-based, so the best policy is unchanged (0: off)
    shaping: float = 0.0
    # what a game stopped by the decision cap (the game's max_decisions) pays the learner:
    # -1, a loss, by default. As a truncation (None) a learner found it could stall when
    # behind: Battle Spirits, from ~2M steps, looped three moves of its own turn until the
    # cap (8 of 20 games against the heuristic), and its win rate fell from 0.88 to 0.44
    cap_reward: float | None = -1.0
    # a cost paid on every learner decision (0: none); see training/README.md on the
    # Battle Spirits stall, which the cap's penalty alone did not stop
    step_cost: float = 0.0
    # the network: "mlp" (the flat observation; encoder_dim and net_arch below) or "attention"
    # (training/attention.py: the entity observation, card tokens through a transformer, a
    # pointer over them; the sizes in ``attention``)
    policy: str = "mlp"
    attention: dict[str, int] = field(
        default_factory=lambda: {"d_model": 64, "n_heads": 4, "n_layers": 2, "ff_dim": 128}
    )
    encoder_dim: int = 256  # the shared first layer (network.SharedEncoder); 0: SB3's separate MLPs
    net_arch: list[int] = field(default_factory=lambda: [128])  # each head's layers after the encoder
    # outputs
    checkpoint_every: int = 200_000
    # 0: evaluate only the final model. Evaluations during a run spend its time budget; the
    # snapshots' learning curve can be played after it instead (training/curves.py)
    eval_every: int = 0
    eval_games: int = 100  # per opponent, seats swapped on paired deals
    eval_opponents: list[str] = field(default_factory=lambda: ["random", "heuristic"])
    eval_workers: int = 1
    db: str | None = None  # arena database of the evaluation games; None: <out>/arena.sqlite (see eval_db)
    verbose: int = 0

    @property
    def obs_type(self) -> str:
        """The observation the learner reads: the entity table for the attention policy."""
        return "entities" if self.policy == "attention" else "flat"

    def rewards(self) -> Rewards:
        """The learner's rewards besides the result: shaping, the cap's reward, the step cost."""
        return Rewards(self.shaping, self.gamma, self.cap_reward, self.step_cost)

    def eval_db(self) -> str:
        """The arena database the evaluation games go to: ``db``, else ``<out>/arena.sqlite``.

        Under ``out`` rather than the arena's default (``runs/arena.sqlite`` of the working
        folder, or ``$TCGZOO_DB``) so that a run's outputs stay together and two runs
        started from different folders do not scatter their games.
        """
        return self.db if self.db is not None else str(Path(self.out) / "arena.sqlite")

    def validate(self) -> None:
        if self.minutes is None and self.steps is None:
            raise ConfigError("give a time budget (minutes) or a number of steps, or both")
        if self.decks is not None and len(self.decks) != 2:
            raise ConfigError(f"decks {self.decks}: give the learner's deck and the opponents' deck")
        if self.backend not in ("local", "ray"):
            raise ConfigError(f"backend {self.backend!r}: local or ray")
        if self.policy not in POLICIES:
            raise ConfigError(f"policy {self.policy!r}: one of {', '.join(POLICIES)}")
        if self.policy == "attention":
            unknown = set(self.attention) - {"d_model", "n_heads", "n_layers", "ff_dim"}
            if unknown or not all(isinstance(v, int) and v > 0 for v in self.attention.values()):
                raise ConfigError(
                    f"attention {self.attention}: give d_model, n_heads, n_layers, ff_dim as whole numbers above 0"
                )
            if self.attention.get("d_model", 64) % self.attention.get("n_heads", 4):
                raise ConfigError(f"attention {self.attention}: d_model must be a multiple of n_heads")
        if self.ray_address is not None and self.backend != "ray":
            raise ConfigError("a Ray address needs the ray backend (--backend ray)")
        if self.n_envs * self.n_steps < self.batch_size:
            raise ConfigError(
                f"a rollout of n_envs*n_steps={self.n_envs * self.n_steps} decisions is "
                f"smaller than batch_size={self.batch_size}"
            )
        if self.warm_start is not None:
            if self.policy != "mlp":
                raise ConfigError(
                    f"warm_start {self.warm_start!r}: only the mlp policy imitates (the attention "
                    "policy starts from its initialisation: set warm_start to null)"
                )
            if min(self.warm_start_decisions, self.warm_start_processes, self.warm_start_epochs) < 1:
                raise ConfigError(
                    "warm start: warm_start_decisions, warm_start_processes and warm_start_epochs must be at least 1"
                )
        if self.league:
            self.make_league()  # bad league settings fail here

    def make_league(self):
        """The :class:`training.league.League` of this run's pool and league settings."""
        from .league import League

        return League(self.opponents, self.league_power, self.league_window, self.league_floor)
