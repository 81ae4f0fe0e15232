"""The arena's ``ray`` backend: chunks of games as Ray tasks, on a local Ray or a cluster.

    tcgzoo winrate --game battle_spirits --agent mcts:100 --backend ray                  # a local Ray
    tcgzoo winrate --game battle_spirits --agent mcts:100 --backend ray --ray-address HEAD:6379

Only the executor changes (``arena.play_pending`` does the planning, the claims and the
storing for every backend): the driver claims a chunk of planned games in the SQLite
store, sends its jobs (plain dicts) to a Ray task (``play_chunk_task``, a plain function
returning plain dicts), and stores each chunk's results as it comes back (``ray.wait``).
Ray workers never see the results file. A game is a pure function of its job, so the
stored games are the same as the local backend's, for any number of CPUs, chunk sizes or
retries (Ray re-runs a task whose worker died; the game comes out the same).

Chunk size: tasks cost about a millisecond each on a local Ray (more across a network),
so chunks grow until a task plays about ``TASK_SECONDS`` of games (from the play time of
the games finished so far), at most ``MAX_CHUNK`` games and at most a quarter of the
remaining games per CPU (so the end of a run still keeps every CPU busy). The first
chunks are small (``FIRST_CHUNK``) so a slow agent (``mcts:100``, ~1 s a game) starts
spread over every CPU.

``--workers N``: at most N tasks (one CPU each) at once; by default one per CPU the
cluster has when the study starts. Every node needs the same tcgzoo installed (and the
files named by agent specs and game options, ``policy:model.zip`` or ``cards=...``, at
the same paths).
"""

from __future__ import annotations

import os
import socket
from collections.abc import Sequence
from typing import Any

from .arena import GameFailure, play_chunk
from .base import ConfigError
from .policy import TRUST_ENV

#: seconds of play a task aims at once the games' play time is known
TASK_SECONDS = 1.0
#: games per task at most
MAX_CHUNK = 1024
#: games per task before any game's play time is known
FIRST_CHUNK = 8
#: seconds to wait for a cluster's address to accept a connection before calling it unknown
CONNECT_SECONDS = 3.0

INSTALL = "pip install 'tcgzoo[ray]'"


def _ray():
    try:
        import ray
    except ImportError:
        raise ConfigError(f"the ray backend needs Ray, which is not installed: {INSTALL}") from None
    return ray


def play_chunk_task(jobs: list[dict[str, Any]], trust: str | None) -> list[dict[str, Any]]:
    """The body of a Ray task: play a chunk of jobs (``arena.play_chunk``) under the
    driver's policy-file trust (``trust``: its ``TCGZOO_TRUST_POLICY_FILES``, which Ray
    workers do not inherit)."""
    before = os.environ.get(TRUST_ENV)
    _set_env(TRUST_ENV, trust)
    try:
        return play_chunk(jobs)
    finally:
        _set_env(TRUST_ENV, before)


def _set_env(name: str, value: str | None) -> None:
    if value is None:
        os.environ.pop(name, None)
    else:
        os.environ[name] = value


def check_address(address: str) -> None:
    """Fail fast (``ConfigError``) when ``host:port`` (or ``ray://host:port``) does not
    accept a connection: ``ray.init`` would otherwise retry for minutes. ``auto`` and
    ``local`` are Ray's own words and are left to it."""
    if address in ("auto", "local"):
        return
    target = address.split("://", 1)[1] if "://" in address else address
    host, colon, port = target.rpartition(":")
    if not colon or not host or not port.isdigit():
        raise ConfigError(
            f"Ray address {address!r}: give host:port of the head node (as `ray start --head` "
            "prints it), ray://host:port, or auto"
        )
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_SECONDS):
            pass
    except OSError as e:
        raise ConfigError(
            f"no Ray cluster answers at {address} ({e}); start one with `ray start --head` on the "
            "head node, or leave out --ray-address to start a local Ray"
        ) from None


def init_ray(address: str | None = None, cpus: int | None = None) -> Any:
    """Ray, joined to the cluster at ``address`` (checked first: ``check_address``) or, with
    none, a new local Ray of ``cpus`` CPUs (every core if 0 / None), or the cluster at
    ``$RAY_ADDRESS`` when that is set (Ray's own convention). A Ray already initialised in
    this process is used as it is. A cluster started on this machine with ``ray start`` is
    joined only when named (``--ray-address auto`` or its address)."""
    ray = _ray()
    if ray.is_initialized():
        return ray
    import logging

    kwargs: dict[str, Any] = {"include_dashboard": False, "logging_level": logging.ERROR}
    if address is not None:
        check_address(address)
        kwargs["address"] = address
    elif not os.environ.get("RAY_ADDRESS"):
        # a new local Ray, even where `ray start` left one running (or a stale record of one)
        kwargs["address"] = "local"
        if cpus:
            kwargs["num_cpus"] = cpus  # of the size asked for
    try:
        ray.init(**kwargs)
    except ConnectionError as e:
        raise ConfigError(f"could not join the Ray cluster at {address}: {e}") from None
    return ray


class RayBackend:
    """Chunks of games as Ray tasks on the cluster at ``address`` (``None``: a local Ray,
    or ``$RAY_ADDRESS`` when set). Connects on first use; a Ray already initialised in
    this process (``ray.init`` by the caller) is used as it is."""

    name = "ray"
    adaptive = True

    def __init__(self, address: str | None = None) -> None:
        self.address = address
        self.ray = _ray()  # not installed: the error now, before any database is touched
        if address is not None:
            check_address(address)
        self._remote = None

    def connect(self, workers: int | None = None) -> Any:
        ray = init_ray(self.address, workers)
        if self._remote is None:
            # one CPU per task; a worker that dies is retried (a game is a pure function of its job)
            self._remote = ray.remote(num_cpus=1, max_retries=3)(play_chunk_task)
        return ray

    def workers(self, workers: int | None) -> int:
        ray = self.connect(workers)
        cpus = int(ray.cluster_resources().get("CPU", 1))
        return max(1, cpus) if workers is None or workers <= 0 else workers

    def chunk_size(self, remaining: int, workers: int, seconds_per_game: float | None) -> int:
        if seconds_per_game is None:
            size = FIRST_CHUNK
        else:
            size = int(TASK_SECONDS / max(seconds_per_game, 1e-6))
        return max(1, min(size, MAX_CHUNK, remaining // (4 * workers)))

    def in_flight(self, workers: int) -> int:
        # one task per CPU: ``workers`` tasks at most run at once (--workers caps the CPUs a
        # study takes from a shared cluster). A task plays ~TASK_SECONDS, so the round trip
        # a CPU waits between two of its tasks (~2 ms) costs well under 1%
        return workers

    def executor(self, workers: int) -> RayExecutor:
        self.connect(workers)
        return RayExecutor(self.ray, self._remote)


class RayExecutor:
    """Ray tasks as an arena executor (``arena.Executor``): object refs are the handles."""

    def __init__(self, ray: Any, remote: Any) -> None:
        self.ray, self.remote = ray, remote
        self.trust = os.environ.get(TRUST_ENV)
        self.pending: set = set()

    def submit(self, jobs: list[dict[str, Any]]) -> Any:
        ref = self.remote.remote(jobs, self.trust)
        self.pending.add(ref)
        return ref

    def wait(self, handles: Sequence[Any], timeout: float) -> list[Any]:
        ready, rest = self.ray.wait(list(handles), num_returns=1, timeout=timeout)
        if ready and rest:  # whatever else is done too
            more, _ = self.ray.wait(rest, num_returns=len(rest), timeout=0)
            ready += more
        return ready

    def result(self, handle: Any) -> list[dict[str, Any]]:
        self.pending.discard(handle)
        try:
            return self.ray.get(handle)
        except self.ray.exceptions.RayTaskError as e:
            if isinstance(e.cause, GameFailure):  # the game's own message, as the local backend gives it
                raise GameFailure(str(e.cause)) from None
            raise

    def close(self) -> None:
        """Cancel the chunks still queued or playing (an error or Ctrl-C in the driver):
        their games stay planned and unclaimed, and are played on resume."""
        for ref in self.pending:
            try:
                self.ray.cancel(ref)
            except Exception:  # already finished, or the cluster is gone: nothing to cancel
                pass
        self.pending.clear()
