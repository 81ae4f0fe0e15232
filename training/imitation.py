"""Warm start: the learner first imitates a teacher (the game's heuristic), then self-plays.

Behaviour cloning before reinforcement learning, as AlphaStar and most card-game agents
start: PPO from random weights spends its first millions of decisions learning what
any sensible player does (attack when it wins, pay what a card costs), and a teacher
already knows that. Here the teacher plays games in the learner's seat against
opponents drawn like training's (the same :class:`single_agent.SingleAgentEnv`, so the
learner's decisions are exactly the ones recorded: forced moves applied for it, the
concede action never offered), and the policy network is then fitted to it:

- the actor to the teacher's choice (cross-entropy over the masked logits, PPO's own
  ``evaluate_actions``);
- the critic to each decision's discounted outcome, ``gamma ** (decisions left) * result``,
  so that PPO's first advantages are measured against a value that already knows who
  tends to win, not against noise that would undo the imitation at the first update.

PPO then improves on the teacher against the training pool. The demonstrations are kept
as sparse rows (observations are 0.5-2% non-zero), so a few hundred thousand of them
fit in tens of megabytes; they are collected by one process per core.

Only the flat observation (``policy="mlp"``) is imitated; the attention policy starts
from its initialisation (``TrainConfig.validate`` says so).
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np


@dataclass
class Demonstrations:
    """The teacher's decisions: observations as sparse rows, masks as packed bits."""

    size: int  # the observation's length
    num_actions: int
    indptr: np.ndarray  # int64 [N + 1]: row i's entries are cols/vals[indptr[i]:indptr[i+1]]
    cols: np.ndarray  # int32
    vals: np.ndarray  # float32
    masks: np.ndarray  # uint8 [N, ceil(A / 8)]: np.packbits of each legal-action mask
    actions: np.ndarray  # int64 [N]
    returns: np.ndarray  # float32 [N]: gamma ** (learner decisions left) * the learner seat's result
    games: int
    wins: float  # the teacher's results summed (draws count half): how strong the examples are

    def __len__(self) -> int:
        return len(self.actions)

    @classmethod
    def concatenate(cls, parts: Sequence[Demonstrations]) -> Demonstrations:
        offsets = np.cumsum([0] + [len(p.cols) for p in parts[:-1]])
        return cls(
            size=parts[0].size,
            num_actions=parts[0].num_actions,
            indptr=np.concatenate([parts[0].indptr[:1]] + [p.indptr[1:] + o for p, o in zip(parts, offsets)]),
            cols=np.concatenate([p.cols for p in parts]),
            vals=np.concatenate([p.vals for p in parts]),
            masks=np.concatenate([p.masks for p in parts]),
            actions=np.concatenate([p.actions for p in parts]),
            returns=np.concatenate([p.returns for p in parts]),
            games=sum(p.games for p in parts),
            wins=sum(p.wins for p in parts),
        )

    def batch(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Dense observations, boolean masks, actions and returns of ``rows``."""
        starts, ends = self.indptr[rows], self.indptr[rows + 1]
        counts = ends - starts
        take = np.repeat(starts - np.cumsum(counts) + counts, counts) + np.arange(counts.sum())
        obs = np.zeros((len(rows), self.size), dtype=np.float32)
        obs[np.repeat(np.arange(len(rows)), counts), self.cols[take]] = self.vals[take]
        masks = np.unpackbits(self.masks[rows], axis=1, count=self.num_actions).astype(bool)
        return obs, masks, self.actions[rows], self.returns[rows]


def _collect_worker(args: tuple) -> Demonstrations:
    return collect(*args)


def collect(
    game: str,
    decks: Sequence[str] | None,
    options: Mapping[str, Any] | None,
    teacher: str = "heuristic",
    opponents: Mapping[str, float] | None = None,
    decisions: int = 100_000,
    seed: int = 0,
    gamma: float = 0.995,
    shaping: float = 0.0,
) -> Demonstrations:
    """Play ``teacher`` in the learner's seat (alternating seats, as training does) against
    ``opponents`` until at least ``decisions`` are recorded (the last game is played to its
    end), recording every decision the learner would have been asked. Deterministic for a
    given seed. With reward ``shaping`` (``SingleAgentEnv``), the critic's targets are the
    shaped returns: the discounted result minus the decision's potential."""
    from tcgzoo.agents.base import make_agent

    from .config import Rewards
    from .single_agent import SingleAgentEnv

    env = SingleAgentEnv(
        game, decks, dict(options or {}), dict(opponents or {teacher: 1.0}), seed=seed, rewards=Rewards(shaping, gamma)
    )
    agent = make_agent(teacher, game)
    size, num_actions = env.observation_space.shape[0], int(env.action_space.n)
    indptr, cols, vals, masks, actions, returns, potentials = [0], [], [], [], [], [], []
    games, wins = 0, 0.0
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    while len(actions) < decisions:
        agent.reset(int(rng.integers(2**63)))
        first = len(actions)
        done = False
        while not done:
            mask = env.action_masks()
            action = int(agent.act(env.state, env.seat))
            if not mask[action]:  # the teacher conceded: the learner is never offered that
                action = int(rng.choice(np.flatnonzero(mask)))
            nz = np.flatnonzero(obs)
            cols.append(nz.astype(np.int32))
            vals.append(obs[nz])
            indptr.append(indptr[-1] + len(nz))
            masks.append(np.packbits(mask))
            actions.append(action)
            potentials.append(env.potential())
            obs, _, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        n = len(actions) - first
        result = 0.0 if truncated else float(info["outcome"])  # the result, not a shaped reward
        returns.extend(result * gamma ** np.arange(n - 1, -1, -1) - np.asarray(potentials[first:]))
        games += 1
        wins += (result + 1) / 2
        obs, _ = env.reset()
    return Demonstrations(
        size=size,
        num_actions=num_actions,
        indptr=np.asarray(indptr[: len(actions) + 1], dtype=np.int64),
        cols=np.concatenate(cols[: len(actions)]) if actions else np.zeros(0, np.int32),
        vals=np.concatenate(vals[: len(actions)]) if actions else np.zeros(0, np.float32),
        masks=np.asarray(masks[: len(actions)], dtype=np.uint8).reshape(len(actions), -1),
        actions=np.asarray(actions, dtype=np.int64),
        returns=np.asarray(returns, dtype=np.float32),  # shaped: minus each decision's potential
        games=games,
        wins=wins,
    )


def collect_parallel(
    game: str,
    decks: Sequence[str] | None,
    options: Mapping[str, Any] | None,
    teacher: str,
    opponents: Mapping[str, float] | None,
    decisions: int,
    processes: int,
    seed: int,
    gamma: float,
    shaping: float = 0.0,
) -> Demonstrations:
    """:func:`collect` in ``processes`` processes, ``decisions / processes`` each (process
    ``i`` seeded ``seed + i``): the same demonstrations for the same arguments."""
    share = -(-decisions // processes)
    jobs = [(game, decks, options, teacher, opponents, share, seed + i, gamma, shaping) for i in range(processes)]
    if processes <= 1:
        return _collect_worker(jobs[0])
    with multiprocessing.get_context("spawn").Pool(processes) as pool:
        return Demonstrations.concatenate(pool.map(_collect_worker, jobs))


def fit(
    policy,
    demos: Demonstrations,
    epochs: int = 4,
    batch_size: int = 1024,
    vf_coef: float = 0.5,
    max_grad_norm: float = 0.5,
    seed: int = 0,
    holdout: float = 0.05,
) -> dict[str, float]:
    """Fit an sb3-contrib ``MaskableActorCriticPolicy`` to ``demos`` with its own optimizer
    for ``epochs`` passes. Returns what was fitted: epochs and minibatches run, the last
    epoch's losses, and the held-out share of decisions where the greedy policy picks the
    teacher's action.
    """
    import torch

    rng = np.random.default_rng(seed)
    order = rng.permutation(len(demos))
    n_test = int(len(order) * holdout) if len(order) >= 20 else 0
    test, train_rows = order[:n_test], order[n_test:]
    policy.set_training_mode(True)
    stats: dict[str, float] = {"epochs": 0, "minibatches": 0}
    for epoch in range(epochs):
        losses = []
        for start in range(0, len(train_rows), batch_size):
            rows = train_rows[start : start + batch_size]
            obs, masks, actions, returns = demos.batch(rows)
            values, log_prob, _ = policy.evaluate_actions(
                torch.as_tensor(obs), torch.as_tensor(actions), action_masks=masks
            )
            policy_loss = -log_prob.mean()
            value_loss = torch.nn.functional.mse_loss(values.flatten(), torch.as_tensor(returns))
            loss = policy_loss + vf_coef * value_loss
            policy.optimizer.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(policy.parameters(), max_grad_norm)
            policy.optimizer.step()
            losses.append((policy_loss.item(), value_loss.item()))
            stats["minibatches"] += 1
        rng.shuffle(train_rows)
        stats["epochs"] = epoch + 1
        stats["policy_loss"] = float(np.mean([p for p, _ in losses]))
        stats["value_loss"] = float(np.mean([v for _, v in losses]))
    policy.set_training_mode(False)
    if n_test:
        stats["holdout_agreement"] = agreement(policy, demos, test)
    return stats


def agreement(policy, demos: Demonstrations, rows: np.ndarray, batch_size: int = 2048) -> float:
    """The share of ``rows`` where the policy's greedy choice is the teacher's."""
    import torch

    same = 0
    with torch.no_grad():
        for start in range(0, len(rows), batch_size):
            obs, masks, actions, _ = demos.batch(rows[start : start + batch_size])
            dist = policy.get_distribution(torch.as_tensor(obs), action_masks=masks)
            same += int((dist.distribution.probs.argmax(dim=1).numpy() == actions).sum())
    return same / max(1, len(rows))
