"""N games stepped as one batch: an SB3 ``VecEnv`` over :class:`SingleAgentEnv` games.

Why not SB3's ``SubprocVecEnv``: it runs one process per game and pickles every
observation through a pipe. Card-game steps are microseconds, so that overhead would
dominate. Here each worker process owns a *batch* of games and writes observations and
masks straight into shared-memory arrays (``obs [N, D]``, ``masks [N, A]``); the pipe
carries only actions, rewards, done flags and the rare end-of-episode infos.
``workers=0`` steps every game in this process (no pipes at all), which is fastest
when the learner's own computation leaves no core idle.

Episodes reset automatically, as SB3 expects: a finished game's last observation is in
``infos[i]["terminal_observation"]`` and row ``i`` already holds the next game's first
observation and mask.

Action masks: sb3-contrib's ``MaskablePPO`` calls ``env_method("action_masks")`` on a
VecEnv and stacks the result; that call is answered from the shared mask array without
a round trip to the workers (:meth:`TcgVecEnv.action_masks` gives the array itself).

``backend="ray"``: the batches live on Ray actors (one per ``workers``, default one per
CPU of the Ray cluster) instead of worker processes, on a local Ray or a cluster
(``ray_address``). An actor steps its games and returns their observations and masks
with the rewards; the learner copies them into its arrays. Everything else (the
commands, the seeds, the opponent pool and its snapshots) is the same code as the
worker processes run (``_serve``).

Seeds: game ``i`` gets ``seed + i``; ``VecEnv.seed(s)`` (called by SB3 when the model
has a seed) sets the seeds of the next ``reset``. Results do not depend on ``workers``
or on the backend.
"""

from __future__ import annotations

import multiprocessing as mp
from collections.abc import Mapping, Sequence
from multiprocessing.connection import Connection
from multiprocessing.shared_memory import SharedMemory
from typing import Any

import gymnasium as gym
import numpy as np
from stable_baselines3.common.vec_env.base_vec_env import VecEnv, VecEnvIndices, VecEnvStepReturn

from .config import RESULT_ONLY, Rewards
from .single_agent import OpponentPool, SingleAgentEnv, batch_key, decide_batch


def _put(store, i: int, obs) -> None:
    """Row ``i`` of the batch's observations := ``obs`` (an array, or a dict of arrays for
    the entity observation)."""
    if isinstance(store, dict):
        for k, v in obs.items():
            store[k][i] = v
    else:
        store[i] = obs


def _rows(store, start: int, stop: int):
    """Rows ``start:stop`` of an observation store (views)."""
    return {k: v[start:stop] for k, v in store.items()} if isinstance(store, dict) else store[start:stop]


def _copy(store):
    return {k: v.copy() for k, v in store.items()} if isinstance(store, dict) else store.copy()


class EnvBatch:
    """A list of games stepped together, writing into caller-provided ``obs`` and ``masks`` rows."""

    def __init__(
        self,
        game: str,
        count: int,
        obs: np.ndarray,
        masks: np.ndarray,
        decks: Sequence[str] | None = None,
        options: dict[str, Any] | None = None,
        opponents: Mapping[str, float] | None = None,
        max_snapshots: int = 8,
        obs_type: str = "flat",
        rewards: Rewards = RESULT_ONLY,
    ) -> None:
        # one pool per batch: snapshots are loaded once per process, shared by its games
        self.pool = OpponentPool(game, dict(opponents or {"random": 1.0}), max_snapshots)
        self.envs = [
            SingleAgentEnv(game, decks, options, self.pool, obs_type=obs_type, rewards=rewards) for _ in range(count)
        ]
        self.obs, self.masks = obs, masks

    def reset(self, seeds: Sequence[int | None]) -> None:
        for i, (env, seed) in enumerate(zip(self.envs, seeds)):
            _put(self.obs, i, env.reset(seed=seed)[0])
            self.masks[i] = env.action_masks()

    def step(self, actions: np.ndarray) -> tuple[np.ndarray, np.ndarray, list[dict]]:
        """Apply the learner's ``actions`` and play every game on to its next learner choice.

        The opponents' moves are played in rounds: each round, all the games whose
        opponent decides in batches (a snapshot of the learner, a policy network) and is
        to move are decided with one network pass per network (``single_agent.decide_batch``),
        rather than one pass per game and move. Each game's moves are what it would play
        alone (its own generator, float64 logits), so results do not depend on the batch.
        """
        envs = self.envs
        waiting = [i for i, env in enumerate(envs) if env.begin_step(int(actions[i]))]
        while waiting:
            groups: dict[int, list[int]] = {}
            for i in waiting:
                groups.setdefault(batch_key(envs[i].opponent), []).append(i)
            waiting = []
            for idx in groups.values():
                chosen = decide_batch(
                    [envs[i].opponent for i in idx],
                    [envs[i].state for i in idx],
                    [1 - envs[i].seat for i in idx],
                    [envs[i].waiting for i in idx],
                )
                waiting += [i for i, a in zip(idx, chosen) if envs[i].opponent_moved(a)]
            waiting.sort()
        rewards = np.zeros(len(envs), dtype=np.float32)
        dones = np.zeros(len(envs), dtype=bool)
        infos: list[dict] = []
        for i, env in enumerate(envs):
            obs, reward, terminated, truncated, info = env.end_step()
            rewards[i], dones[i] = reward, terminated or truncated
            if dones[i]:
                info = dict(info, terminal_observation=obs, **{"TimeLimit.truncated": truncated and not terminated})
                obs, _ = env.reset()
            _put(self.obs, i, obs)
            self.masks[i] = env.action_masks()
            infos.append(info)
        return rewards, dones, infos

    def call(self, name: str, args: tuple, kwargs: dict, indices: Sequence[int]) -> list[Any]:
        return [getattr(self.envs[i], name)(*args, **kwargs) for i in indices]

    def get(self, name: str, indices: Sequence[int]) -> list[Any]:
        return [getattr(self.envs[i], name) for i in indices]

    def set(self, name: str, value: Any, indices: Sequence[int]) -> None:
        for i in indices:
            setattr(self.envs[i], name, value)


def _serve(batch: EnvBatch, cmd: str, payload: Any) -> Any:
    """One command to a batch (what a worker process or a Ray actor is asked), its answer."""
    if cmd == "step":
        return batch.step(payload)
    if cmd == "reset":
        return batch.reset(payload)
    if cmd == "snapshot":  # (path of a .safetensors snapshot, its name)
        return batch.pool.add_snapshot(*payload)
    if cmd == "members":  # the league's draw weights
        return batch.pool.set_members(payload)
    if cmd == "call":
        return batch.call(*payload)
    if cmd == "get":
        return batch.get(*payload)
    if cmd == "set":
        return batch.set(*payload)
    raise ValueError(f"unknown command {cmd!r}")


def _fields(obs_space: gym.Space, rows: int) -> dict[str, tuple[tuple, str]]:
    """The observation arrays of ``rows`` games: name -> (shape, dtype); one array named
    ``""`` for the flat vector, one per key for a dict (the entity observation)."""
    if isinstance(obs_space, gym.spaces.Dict):
        return {k: ((rows, *sp.shape), np.dtype(sp.dtype).str) for k, sp in obs_space.spaces.items()}
    return {"": ((rows, int(obs_space.shape[0])), np.dtype(np.float32).str)}


def _arrays(fields: dict[str, tuple[tuple, str]], buffers: dict[str, Any] | None = None, rows: slice = slice(None)):
    """The observation store of ``fields`` (new zeros, or views of the shared ``buffers``),
    rows ``rows``: the array itself for the flat vector, else a dict of arrays."""
    out = {
        k: (np.zeros(shape, dtype) if buffers is None else np.ndarray(shape, dtype, buffers[k].buf))[rows]
        for k, (shape, dtype) in fields.items()
    }
    return out[""] if list(out) == [""] else out


def _worker(
    conn: Connection,
    obs_names: dict[str, str],
    mask_name: str,
    fields: dict,
    shape_mask: tuple,
    start: int,
    stop: int,
    kwargs: dict,
) -> None:
    """Serve one :class:`EnvBatch` (rows ``start:stop`` of the shared arrays) until told to close."""
    import torch

    torch.set_num_threads(1)  # snapshot opponents: one small forward pass at a time
    shms = {k: SharedMemory(name) for k, name in obs_names.items()}
    mask_shm = SharedMemory(mask_name)
    obs = masks = batch = None
    try:
        obs = _arrays(fields, shms, slice(start, stop))
        masks = np.ndarray(shape_mask, bool, mask_shm.buf)[start:stop]
        batch = EnvBatch(obs=obs, masks=masks, count=stop - start, **kwargs)
        while True:
            cmd, payload = conn.recv()
            if cmd == "close":
                conn.send(None)
                return
            conn.send(_serve(batch, cmd, payload))
    except (KeyboardInterrupt, EOFError):
        return
    finally:
        del obs, masks, batch
        for shm in (*shms.values(), mask_shm):
            shm.close()


def _sparse(obs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``obs`` as the flat indexes and values of its non-zero entries: observations are
    one-hot planes, 1-2% non-zero, so a Ray actor's answer shrinks ~50x (exactly)."""
    flat = obs.reshape(-1)
    idx = np.flatnonzero(flat).astype(np.int32)
    return idx, flat[idx]


def _sparse_store(obs) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """:func:`_sparse` of each array of an observation store (name ``""``: the flat vector)."""
    return {k: _sparse(v) for k, v in obs.items()} if isinstance(obs, dict) else {"": _sparse(obs)}


def _dense_into(obs, sparse: dict[str, tuple[np.ndarray, np.ndarray]]) -> None:
    """Write :func:`_sparse_store`'s answer into the store ``obs`` (same shapes)."""
    for k, (idx, values) in sparse.items():
        target = obs if k == "" else obs[k]
        dense = np.zeros(target.size, target.dtype)
        dense[idx] = values
        target[:] = dense.reshape(target.shape)


class RayBatchActor:
    """One :class:`EnvBatch` on a Ray actor (``ray.remote`` is applied where Ray is
    imported, so this module imports without Ray). Step and reset answer with the batch's
    observations (sparse: ``_sparse``) and masks, which the learner writes into its arrays."""

    def __init__(self, count: int, fields: dict, shape_mask: tuple, kwargs: dict) -> None:
        import torch

        torch.set_num_threads(1)  # snapshot opponents: one small forward pass at a time
        self.obs = _arrays({k: ((count, *shape[1:]), dtype) for k, (shape, dtype) in fields.items()})
        self.masks = np.zeros((count, shape_mask[1]), bool)
        self.batch = EnvBatch(obs=self.obs, masks=self.masks, count=count, **kwargs)

    def serve(self, cmd: str, payload: Any) -> Any:
        out = _serve(self.batch, cmd, payload)
        return (_sparse_store(self.obs), self.masks, out) if cmd in ("step", "reset") else out


class _RayConnection:
    """A Ray actor behind the worker processes' ``send`` / ``recv``: the answer of a step
    or reset lands in rows ``start:stop`` of the learner's ``obs`` and ``masks``."""

    def __init__(self, ray: Any, actor: Any, obs, masks: np.ndarray) -> None:
        self.ray, self.actor, self.obs, self.masks = ray, actor, obs, masks
        self._sent: tuple[str, Any] | None = None

    def send(self, message: tuple[str, Any]) -> None:
        cmd, payload = message
        self._sent = (cmd, self.actor.serve.remote(cmd, payload))

    def recv(self) -> Any:
        assert self._sent is not None, "send first"
        (cmd, ref), self._sent = self._sent, None
        out = self.ray.get(ref)
        if cmd in ("step", "reset"):
            sparse, masks, out = out
            _dense_into(self.obs, sparse)
            self.masks[:] = masks
        return out

    def close(self) -> None:
        self.ray.kill(self.actor)


class TcgVecEnv(VecEnv):
    """``n_envs`` games of ``game`` for SB3, stepped in this process or by ``workers``
    processes (``backend="local"``), or by ``workers`` Ray actors (``backend="ray"``; 0:
    one per CPU of the cluster at ``ray_address``, or of a local Ray)."""

    def __init__(
        self,
        game: str,
        n_envs: int = 16,
        workers: int = 0,
        decks: Sequence[str] | None = None,
        options: dict[str, Any] | None = None,
        opponents: Mapping[str, float] | None = None,
        seed: int = 0,
        max_snapshots: int = 8,
        start_method: str = "spawn",
        backend: str = "local",
        ray_address: str | None = None,
        obs_type: str = "flat",
        rewards: Rewards = RESULT_ONLY,
    ) -> None:
        if n_envs < 1 or workers < 0:
            raise ValueError(f"n_envs={n_envs}, workers={workers}: need n_envs >= 1 and workers >= 0")
        if backend not in ("local", "ray"):
            raise ValueError(f"backend {backend!r}: local or ray")
        probe = SingleAgentEnv(game, decks, options, obs_type=obs_type)
        obs_space, act_space = probe.observation_space, probe.action_space
        assert isinstance(act_space, gym.spaces.Discrete)
        self.num_envs = n_envs  # _gather needs it before VecEnv.__init__ asks for render_mode
        self.base_seed = seed
        self._shm: list[SharedMemory] = []
        self._conns: list[Connection | _RayConnection] = []
        self._procs: list[mp.process.BaseProcess] = []
        self._slices: list[tuple[int, int]] = []
        self._local: EnvBatch | None = None
        self._pending: np.ndarray | None = None
        self.closed = False
        kwargs = {
            "game": game,
            "decks": list(decks) if decks else None,
            "options": dict(options or {}),
            "opponents": dict(opponents or {"random": 1.0}),
            "max_snapshots": max_snapshots,
            "obs_type": obs_type,
            "rewards": rewards,
        }
        fields, shape_mask = _fields(obs_space, n_envs), (n_envs, int(act_space.n))
        if backend == "ray":
            from tcgzoo.agents.ray_backend import init_ray

            ray = init_ray(ray_address, workers)
            workers = min(workers or int(ray.cluster_resources().get("CPU", 1)), n_envs)
            self.obs = _arrays(fields)
            self.masks = np.zeros(shape_mask, bool)
            actor_class = ray.remote(num_cpus=1)(RayBatchActor)
            bounds = np.linspace(0, n_envs, workers + 1).astype(int)
            for w in range(workers):
                start, stop = int(bounds[w]), int(bounds[w + 1])
                actor = actor_class.remote(stop - start, fields, shape_mask, kwargs)
                self._conns.append(_RayConnection(ray, actor, _rows(self.obs, start, stop), self.masks[start:stop]))
                self._slices.append((start, stop))
        elif workers == 0:
            self.obs = _arrays(fields)
            self.masks = np.zeros(shape_mask, bool)
            self._local = EnvBatch(obs=self.obs, masks=self.masks, count=n_envs, **kwargs)
        else:
            workers = min(workers, n_envs)
            shared = {
                k: SharedMemory(create=True, size=max(1, int(np.prod(shape)) * np.dtype(dtype).itemsize))
                for k, (shape, dtype) in fields.items()
            }
            mask_shm = SharedMemory(create=True, size=max(1, int(np.prod(shape_mask))))
            self._shm = [*shared.values(), mask_shm]
            self.obs = _arrays(fields, shared)
            self.masks = np.ndarray(shape_mask, bool, mask_shm.buf)
            obs_names = {k: shm.name for k, shm in shared.items()}
            ctx = mp.get_context(start_method)
            bounds = np.linspace(0, n_envs, workers + 1).astype(int)
            for w in range(workers):
                start, stop = int(bounds[w]), int(bounds[w + 1])
                parent, child = ctx.Pipe()
                proc = ctx.Process(
                    target=_worker,
                    daemon=True,
                    args=(child, obs_names, mask_shm.name, fields, shape_mask, start, stop, kwargs),
                )
                proc.start()
                child.close()
                self._conns.append(parent)
                self._procs.append(proc)
                self._slices.append((start, stop))
        super().__init__(n_envs, obs_space, act_space)

    # ---- VecEnv ------------------------------------------------------------------------------
    def reset(self) -> np.ndarray:
        seeds = [self.base_seed + i if s is None else s for i, s in enumerate(self._seeds)]
        if self._local is not None:
            self._local.reset(seeds)
        else:
            for conn, (a, b) in zip(self._conns, self._slices):
                conn.send(("reset", seeds[a:b]))
            for conn in self._conns:
                conn.recv()
        self.base_seed += self.num_envs  # a second reset() deals new games
        self._reset_seeds()
        self._reset_options()
        return _copy(self.obs)

    def step_async(self, actions: np.ndarray) -> None:
        actions = np.asarray(actions).reshape(self.num_envs)
        if self._local is not None:
            self._pending = actions
            return
        for conn, (a, b) in zip(self._conns, self._slices):
            conn.send(("step", actions[a:b]))

    def step_wait(self) -> VecEnvStepReturn:
        if self._local is not None:
            assert self._pending is not None, "step_async first"
            rewards, dones, infos = self._local.step(self._pending)
            self._pending = None
        else:
            parts = [conn.recv() for conn in self._conns]
            rewards = np.concatenate([p[0] for p in parts])
            dones = np.concatenate([p[1] for p in parts])
            infos = [info for p in parts for info in p[2]]
        return _copy(self.obs), rewards, dones, infos

    def action_masks(self) -> np.ndarray:
        """The masks ``[N, A]`` of every game's pending decision (a copy)."""
        return self.masks.copy()

    def add_snapshot(self, path: str, name: str) -> None:
        """Add the learner's snapshot saved at ``path`` (``.safetensors``, read by every
        process that steps games: no pickle crosses) to every game's pool as ``name``."""
        self._broadcast("snapshot", (str(path), name), lambda pool: pool.add_snapshot(str(path), name))

    def set_members(self, members: Mapping[str, float] | None) -> None:
        """Every game draws its next opponents by ``members`` (name -> weight; a league)."""
        self._broadcast("members", members, lambda pool: pool.set_members(members))

    def _broadcast(self, cmd: str, payload: Any, local) -> None:
        if self._local is not None:
            local(self._local.pool)
            return
        for conn in self._conns:
            conn.send((cmd, payload))
        for conn in self._conns:
            conn.recv()

    def env_method(self, method_name: str, *method_args, indices: VecEnvIndices = None, **method_kwargs) -> list[Any]:
        idx = self._get_indices(indices)
        if method_name == "action_masks" and not method_args and not method_kwargs:
            return list(self.masks[idx])
        return self._gather("call", idx, lambda local: (method_name, method_args, method_kwargs, local))

    def get_attr(self, attr_name: str, indices: VecEnvIndices = None) -> list[Any]:
        return self._gather("get", self._get_indices(indices), lambda local: (attr_name, local))

    def set_attr(self, attr_name: str, value: Any, indices: VecEnvIndices = None) -> None:
        self._gather("set", self._get_indices(indices), lambda local: (attr_name, value, local))

    def has_attr(self, attr_name: str) -> bool:
        return attr_name == "action_masks" or super().has_attr(attr_name)

    def env_is_wrapped(self, wrapper_class: type[gym.Wrapper], indices: VecEnvIndices = None) -> list[bool]:
        return [False for _ in self._get_indices(indices)]

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        for conn in self._conns:
            if isinstance(conn, _RayConnection):
                conn.close()
                continue
            try:
                conn.send(("close", None))
                conn.recv()
            except (BrokenPipeError, EOFError, ConnectionResetError):
                pass
        for proc in self._procs:
            proc.join(timeout=5)
            if proc.is_alive():
                proc.terminate()
        self.obs = self.masks = None  # type: ignore[assignment]  # release the shared buffers' views
        for shm in self._shm:
            shm.close()
            shm.unlink()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass

    # ---- helpers -----------------------------------------------------------------------------
    def _get_indices(self, indices: VecEnvIndices) -> list[int]:
        if indices is None:
            return list(range(self.num_envs))
        if isinstance(indices, int):
            return [indices]
        return list(indices)

    def _gather(self, cmd: str, indices: list[int], payload) -> list[Any]:
        """Run ``cmd`` on the games ``indices`` wherever they live, results in ``indices`` order."""
        if self._local is not None:
            return getattr(self._local, cmd)(*payload(indices)) or []
        out: dict[int, Any] = {}
        for conn, (a, b) in zip(self._conns, self._slices):
            local = [i - a for i in indices if a <= i < b]
            if local:
                conn.send((cmd, payload(local)))
                for i, r in zip(local, conn.recv() or [None] * len(local)):
                    out[i + a] = r
        return [out[i] for i in indices]
