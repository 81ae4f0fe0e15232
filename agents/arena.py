"""The arena: match series, tournaments and deck win-rate studies between entrants.

An *entrant* is an agent spec with a deck (``"mcts:200@red_rush"``). A run pairs
entrants and plays games between each pair: seats alternate game by game (slot ``k`` of
a pairing puts its first entrant in seat ``k % 2``); with ``paired=True`` slots ``2k`` and
``2k+1`` share one shuffle seed with the seats swapped, so the luck of the deal cancels
within each pair of games.

Reproducibility: a game's shuffle seed and both agents' seeds derive from ``(run seed,
pairing, slot)`` alone, and a game is a pure function of them (agents are reseeded per
game). So the results do not depend on the number of workers, on the order in which
games finish, or on whether the run was interrupted and resumed.

Durability: games are planned into the store (``store.py``) before they are played and
stored as they finish; re-running the same command resumes the run and plays only
what is missing. The default run key is a hash of the run's settings, so the same
command with the same seed continues the same run instead of replaying identical games.

Parallelism: a *backend* plays chunks of games and hands their results back as plain
data; only the parent (the driver) writes to the database. ``local`` (the default):
``workers`` processes of this machine (default: every core). ``ray``: Ray tasks on a
local Ray or a cluster (``ray_backend.py``). Both go through the same planning, claims
and storing (``play_pending``); only the executor of the chunks differs.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import json
import os
import signal
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any, Protocol

from .base import Agent, ConfigError, make_agent
from .games import fingerprint, game_module, make_game
from .stats import MatchupTable, by_entrant, games_to_target, plan_round, wilson
from .store import GameRecord, Store


# ---- entrants and seeds -----------------------------------------------------------------
@dataclass(frozen=True)
class Entrant:
    """An agent spec and the deck it plays (``None``: the game's default decks)."""

    agent: str
    deck: str | None = None
    label: str = ""

    def __post_init__(self) -> None:
        if not self.label:
            object.__setattr__(self, "label", self.agent if self.deck is None else f"{self.agent}@{self.deck}")

    @classmethod
    def parse(cls, text: str) -> Entrant:
        """``"agent@deck"`` or ``"agent"`` (the deck after the last ``@``)."""
        agent, at, deck = text.rpartition("@")
        return cls(agent, deck or None) if at else cls(text)


def derive_seed(*parts: Any) -> int:
    """A 63-bit seed from any JSON-able parts: stable across runs, machines and Pythons."""
    digest = hashlib.blake2b(json.dumps(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little") >> 1


@dataclass
class RunSpec:
    """Everything that decides a run's games, and how its games are planned."""

    kind: str
    game: str
    entrants: list[Entrant]
    pairs: list[tuple[int, int]]  # entrant indexes; (i, i) is a mirror
    seed: int = 0
    paired: bool = False
    options: dict[str, Any] = field(default_factory=dict)
    #: the readable position every game starts from (docs/positions.md), its hidden and left-out
    #: parts drawn by each game's seed; None: the rules' set-up
    position: dict[str, Any] | None = None

    def settings(self) -> dict[str, Any]:
        out = {
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "paired": self.paired,
            "entrants": [[e.agent, e.deck, e.label] for e in self.entrants],
            "pairs": [list(p) for p in self.pairs],
        }
        if self.position is not None:  # part of the run's identity: no resume mixes two positions
            out["position"] = self.position
        return out

    def default_key(self) -> str:
        digest = hashlib.sha1(json.dumps(self.settings(), sort_keys=True).encode()).hexdigest()[:10]
        return f"{self.kind}-{self.game}-{digest}"

    def row(self, run_key: str, idx: int, pair: int, slot: int) -> tuple:
        """The planned game ``slot`` of pairing ``pair`` (``store.PLAN_COLUMNS`` order)."""
        i, j = self.pairs[pair]
        seats = (self.entrants[i], self.entrants[j]) if slot % 2 == 0 else (self.entrants[j], self.entrants[i])
        deal = slot // 2 if self.paired else slot
        return (
            run_key,
            idx,
            pair,
            slot,
            self.game,
            json.dumps(self.options, sort_keys=True),
            derive_seed(self.seed, "deal", pair, deal),
            seats[0].label,
            seats[1].label,
            seats[0].agent,
            seats[1].agent,
            seats[0].deck,
            seats[1].deck,
            derive_seed(self.seed, "agent", pair, slot, 0),
            derive_seed(self.seed, "agent", pair, slot, 1),
            None if self.position is None else json.dumps(self.position, sort_keys=True),
        )

    def validate(self) -> None:
        """Fail fast, in the parent, on unknown games, options, decks and agents."""
        if not self.pairs:
            raise ConfigError("nothing to play: no pairings of entrants")
        with_deck = [e.deck is not None for e in self.entrants]
        if any(with_deck) and not all(with_deck):
            raise ConfigError("give a deck to every entrant or to none (agent@deck)")
        for e in self.entrants:
            decks = position_decks((e.deck, e.deck), self.position)
            game = make_game(self.game, decks, self.options)
            if self.position is not None:  # a position that does not build fails here, not in a worker
                start_state(game, self.game, self.seed, self.position)
            make_agent(e.agent, self.game)


# ---- playing one game (in a worker) -------------------------------------------------------
def position_module(name: str):
    """The readable-position module of game ``name`` (``tcgzoo.envs.<game>.position``:
    ``readable`` and ``build``); a ConfigError for a game without one."""
    path = game_module(name).__name__ + ".position"
    if importlib.util.find_spec(path) is None:
        raise ConfigError(f"game {name!r} has no readable positions ({path})")
    return importlib.import_module(path)


def start_state(game, name: str, seed: int, position: dict | None = None):
    """The first state of a game: the rules' set-up from ``seed``, or ``position`` built with
    ``seed`` drawing what it leaves out (and the game's own random events from there on)."""
    if position is None:
        return game.new_initial_state(seed)
    return position_module(name).build(game, {**position, "seed": seed})


class GameFailure(RuntimeError):
    """A game raised: the message names the game so it can be replayed and debugged."""


_games: dict[tuple, Any] = {}
_agents: dict[tuple, Agent] = {}


def _cached_game(name: str, decks: Sequence[str | None], options: dict):
    key = (name, tuple(decks), json.dumps(options, sort_keys=True))
    if key not in _games:
        _games[key] = make_game(name, decks, options)
    return _games[key]


def position_decks(decks: Sequence[str | None], position: dict | None) -> Sequence[str | None]:
    """The decks of a game: the seats' own, or, when neither has one, those its position names
    (a position's players are its seats: ``tcgzoo match --position`` takes the decks from it)."""
    if position is not None and all(d is None for d in decks) and isinstance(position.get("decks"), list):
        return tuple(position["decks"])
    return decks


def _job_game(job: dict[str, Any]):
    return _cached_game(job["game"], position_decks(job["decks"], job.get("position")), job["options"])


def _cached_agent(spec: str, game: str, seat: int) -> Agent:
    key = (spec, game, seat)
    if key not in _agents:
        _agents[key] = make_agent(spec, game)
    return _agents[key]


def play_job(job: dict[str, Any]) -> dict[str, Any]:
    """Play one planned game to the end; a pure function of the job."""
    game = _job_game(job)
    agents = [_cached_agent(spec, job["game"], seat) for seat, spec in enumerate(job["agents"])]
    for agent, seed in zip(agents, job["agent_seeds"]):
        agent.reset(seed)
    t0 = time.perf_counter()
    actions: list[int] = []
    try:
        state = start_state(game, job["game"], job["seed"], job.get("position"))
        while not state.is_terminal():
            p = state.current_player()
            a = int(agents[p].act(state, p))
            state.apply_action(a)
            actions.append(a)
    except Exception as e:
        raise _failure(job, actions, e) from None
    return _result(job, state, actions, time.perf_counter() - t0)


def _failure(job: dict[str, Any], actions: list[int], e: Exception) -> GameFailure:
    return GameFailure(
        f"game {job['idx']} ({job['game']}, seed {job['seed']}, decks {list(job['decks'])}, "
        f"agents {list(job['agents'])}) failed after actions {actions}: {type(e).__name__}: {e}"
    )


def _result(job: dict[str, Any], state, actions: list[int], duration: float) -> dict[str, Any]:
    r = state.returns()
    view = state.to_dict()  # optional facts some games report: the turn count, who went first
    turns, first = view.get("turn"), view.get("first_player")
    return {
        "idx": job["idx"],
        "winner": 0 if r[0] > r[1] else 1 if r[1] > r[0] else -1,
        "decisions": len(actions),
        "turns": turns if isinstance(turns, int) else None,
        "first_player": first if first in (0, 1) else None,
        "duration": duration,
        "actions": actions,
    }


def _batches(agent: Agent) -> bool:
    """Whether ``agent`` decides several games at once (``act_batch``); such an agent keeps
    nothing per game, so one instance may play every game of a chunk side by side."""
    return callable(getattr(agent, "act_batch", None))


def _game_agent(spec: str, game: str, seat: int, slot: int) -> Agent:
    """The agent of ``seat`` for the ``slot``-th game of a chunk played side by side: its own
    instance (an agent's generator is reset per game, so interleaved games cannot share
    one), kept for the next chunk."""
    key = (spec, game, seat, slot)
    if key not in _agents:
        _agents[key] = make_agent(spec, game)
    return _agents[key]


def play_side_by_side(jobs: list[dict[str, Any]], tick: Callable[[], None] | None = None) -> list[dict[str, Any]]:
    """Play ``jobs`` together, a decision of each unfinished game per round, so that an
    agent with ``act_batch`` (a policy network) decides all the games waiting on it with
    one call. Each game is still a pure function of its job: agents without
    ``act_batch`` get an instance per game, reset with that game's seed, and a batched
    agent decides each state as it would alone (``NetworkPolicyAgent`` computes in
    float64: a row does not depend on its batch beyond rounding, ~1e-15). A game's
    ``duration`` counts its own moves, its rules and its share of each batched call.
    ``tick()`` is called once a round (the caller renews its claims there)."""
    live = []
    for slot, job in enumerate(jobs):
        game = _job_game(job)
        agents = []
        for seat, spec in enumerate(job["agents"]):
            agent = _cached_agent(spec, job["game"], seat)
            agents.append(agent if _batches(agent) else _game_agent(spec, job["game"], seat, slot))
        for agent, seed in zip(agents, job["agent_seeds"]):
            agent.reset(seed)
        t0 = time.perf_counter()
        try:
            state = start_state(game, job["game"], job["seed"], job.get("position"))
        except Exception as e:
            raise _failure(job, [], e) from None
        live.append([job, agents, state, [], time.perf_counter() - t0])
    results: dict[int, dict[str, Any]] = {}

    def apply(entry: list, action: int, t0: float, share: float = 0.0) -> None:
        job, _, state, actions, _ = entry
        try:
            state.apply_action(int(action))
        except Exception as e:
            raise _failure(job, actions, e) from None
        actions.append(int(action))
        entry[4] += time.perf_counter() - t0 + share

    while live:
        if tick is not None:
            tick()
        waiting: dict[int, list[list]] = {}  # batched agent -> the games waiting on it
        for entry in live:
            job, agents, state, actions, _ = entry
            if state.is_terminal():
                continue
            p = state.current_player()
            if _batches(agents[p]):
                waiting.setdefault(id(agents[p]), []).append(entry)
                continue
            t0 = time.perf_counter()
            try:
                a = agents[p].act(state, p)
            except Exception as e:
                raise _failure(job, actions, e) from None
            apply(entry, a, t0)
        for group in waiting.values():
            t0 = time.perf_counter()
            agent = group[0][1][group[0][2].current_player()]
            try:
                chosen = agent.act_batch([e[2] for e in group], [e[2].current_player() for e in group])
            except Exception:  # find the game it was: decide them one by one, naming the one that fails
                for entry in group:
                    try:
                        agent.act(entry[2], entry[2].current_player())
                    except Exception as e:
                        raise _failure(entry[0], entry[3], e) from None
                raise
            share = (time.perf_counter() - t0) / len(group)
            for entry, a in zip(group, chosen):
                apply(entry, a, time.perf_counter(), share)
        for entry in [e for e in live if e[2].is_terminal()]:
            results[entry[0]["idx"]] = _result(entry[0], entry[2], entry[3], entry[4])
            live.remove(entry)
    return [results[j["idx"]] for j in jobs]


#: games per chunk once a run is known to have an agent that decides in batches (the batch
#: of a policy network is at most the chunk's games)
BATCH_CHUNK = 16


def _has_batched(jobs: list[dict[str, Any]]) -> bool:
    return any(_batches(_cached_agent(spec, j["game"], seat)) for j in jobs for seat, spec in enumerate(j["agents"]))


def _side_by_side(jobs: list[dict[str, Any]]) -> bool:
    """Whether a chunk is best played side by side: one of its agents decides in batches."""
    return len(jobs) > 1 and _has_batched(jobs)


def play_chunk(jobs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Play a chunk of jobs: side by side when one of its agents decides in batches
    (``act_batch``), else one game after the other."""
    return play_side_by_side(jobs) if _side_by_side(jobs) else [play_job(j) for j in jobs]


def _worker_init() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle


def resolve_workers(workers: int | None) -> int:
    return max(1, os.cpu_count() or 1) if workers is None or workers <= 0 else workers


#: seconds between looks at the store while other processes play a run's last games
POLL_SECONDS = 0.2


# ---- backends: where chunks of games are played ---------------------------------------------
class Executor(Protocol):
    """Plays chunks of jobs somewhere else and hands back their results (plain data).

    ``submit`` returns a handle; ``wait`` returns the handles (of those given) whose chunk
    is done, waiting at most ``timeout`` seconds for the first; ``result`` is the chunk's
    list of results (or raises ``GameFailure``); ``close`` drops what has not started.
    """

    def submit(self, jobs: list[dict[str, Any]]) -> Any: ...

    def wait(self, handles: Sequence[Any], timeout: float) -> list[Any]: ...

    def result(self, handle: Any) -> list[dict[str, Any]]: ...

    def close(self) -> None: ...


class ProcessExecutor:
    """Chunks on ``workers`` processes of this machine (``ProcessPoolExecutor``)."""

    def __init__(self, workers: int) -> None:
        self.pool = ProcessPoolExecutor(workers, initializer=_worker_init)

    def submit(self, jobs: list[dict[str, Any]]) -> Future:
        return self.pool.submit(play_chunk, jobs)

    def wait(self, handles: Sequence[Future], timeout: float) -> list[Future]:
        return list(wait(handles, timeout=timeout, return_when=FIRST_COMPLETED)[0])

    def result(self, handle: Future) -> list[dict[str, Any]]:
        return handle.result()

    def close(self) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)


class Backend(Protocol):
    """Chooses how many chunks run at once, how large they are, and who plays them."""

    name: str

    def workers(self, workers: int | None) -> int:
        """How many chunks play at once for a ``workers`` setting (0 / None: all there are)."""

    def chunk_size(self, remaining: int, workers: int, seconds_per_game: float | None) -> int:
        """Games per chunk; called again as games finish with their mean play time
        (``None`` before any) when ``adaptive`` is true."""

    adaptive: bool

    def in_flight(self, workers: int) -> int:
        """Chunks submitted ahead of their results (claimed, not yet stored)."""

    def executor(self, workers: int) -> Executor | None:
        """The executor of one ``play_pending`` call (``None``: play in this process)."""


class LocalBackend:
    """Processes of this machine: ``workers`` of them (one: games play in this process)."""

    name = "local"
    adaptive = False

    def workers(self, workers: int | None) -> int:
        return resolve_workers(workers)

    def chunk_size(self, remaining: int, workers: int, seconds_per_game: float | None) -> int:
        return max(1, min(64, remaining // (workers * 16)))

    def in_flight(self, workers: int) -> int:
        return 2 * workers  # a worker never waits for the parent to hand it its next chunk

    def executor(self, workers: int) -> Executor | None:
        return ProcessExecutor(workers) if workers > 1 else None


BACKENDS = ("local", "ray")


def make_backend(name: str | Backend | None = "local", address: str | None = None) -> Backend:
    """A backend by name: ``local`` or ``ray`` (``address``: the Ray cluster to join;
    ``None`` starts a local Ray, or joins ``$RAY_ADDRESS`` when set). A backend object is
    returned as it is."""
    if name is None or name == "local":
        if address is not None:
            raise ConfigError("a Ray address (--ray-address) needs the ray backend (--backend ray)")
        return LocalBackend()
    if name == "ray":
        from .ray_backend import RayBackend

        return RayBackend(address)
    if isinstance(name, str):
        raise ConfigError(f"unknown backend {name!r}: use {' or '.join(BACKENDS)}")
    return name


def play_pending(
    store: Store,
    run_key: str,
    workers: int | None = None,
    progress: Progress | None = None,
    on_stored: Callable[[int], None] | None = None,
    below: int | None = None,
    backend: Backend | str | None = None,
) -> int:
    """Play a run's unfinished games (indexes under ``below``) until none is left;
    returns how many this call played.

    Games are claimed from the store a chunk at a time (``Store.claim``), a few chunks
    ahead of play (``Backend.in_flight``: two per worker process locally), so another
    process working on the same run (the same command started twice) takes the chunks
    this one has not reached and no game is played twice. When every unfinished game is claimed by another live process, this
    call waits for them (polling the store) and returns once they are finished; it takes
    them over if their owner is killed or stops renewing its claims. Results are committed
    chunk by chunk: a killed run loses at most the chunks in flight, which stay planned
    and are played on resume. ``on_stored(n)`` is called after each commit with the
    number played so far by this call.

    ``backend`` (default ``local``) plays the chunks: this process and its worker
    processes, or Ray tasks (``ray``). Whichever plays them, results come back here and
    only this call writes them to the store.
    """
    backend = make_backend(backend)
    planned, finished = store.counts(run_key, below)
    if finished >= planned:
        return 0
    unplayed = planned - finished
    workers = min(backend.workers(workers), unplayed)
    size = backend.chunk_size(unplayed, workers, None)
    renew_every = store.lease / 4
    prints: dict[tuple, str] = {}
    done = 0
    timed = [0, 0.0]  # games played here and their play time: adaptive chunk sizes

    def stored(results: list[dict], jobs: list[dict]) -> None:
        nonlocal done, size
        digests = {}
        for j in jobs:
            decks = position_decks(j["decks"], j.get("position"))  # deck files by content, a position's too
            k = (j["game"], tuple(decks), json.dumps(j["options"], sort_keys=True))
            if k not in prints:
                prints[k] = fingerprint(j["game"], decks, j["options"])
            digests[j["idx"]] = prints[k]
        store.finish(run_key, results, digests)
        done += len(results)
        if backend.adaptive and results:
            timed[0] += len(results)
            timed[1] += sum(r["duration"] for r in results)
            # what is left as this call sees it (no query: another process's games only make it smaller)
            size = backend.chunk_size(max(1, unplayed - done), workers, timed[1] / timed[0])
        if progress is not None:
            progress.sync()
        if on_stored is not None:
            on_stored(done)

    executor = backend.executor(workers)
    ahead = backend.in_flight(workers)
    in_flight: dict[Any, list[dict]] = {}
    renewed = time.monotonic()
    try:
        while True:
            if executor is None:
                jobs = [r.job() for r in store.claim(run_key, size, below)]
                if jobs and size < BATCH_CHUNK and _has_batched(jobs):
                    size = BATCH_CHUNK  # the next chunks: bigger batches for the network
                if jobs and _side_by_side(jobs):

                    def tick(jobs=jobs) -> None:
                        nonlocal renewed
                        if time.monotonic() - renewed > renew_every:  # a long chunk keeps its claims
                            store.renew(run_key, [j["idx"] for j in jobs])
                            renewed = time.monotonic()

                    stored(play_side_by_side(jobs, tick), jobs)
                    continue
                if jobs:
                    results = []
                    for k, job in enumerate(jobs):
                        results.append(play_job(job))
                        if time.monotonic() - renewed > renew_every:  # a long chunk keeps its claims
                            store.renew(run_key, [j["idx"] for j in jobs[k + 1 :]])
                            renewed = time.monotonic()
                    stored(results, jobs)
                    continue
            else:
                while len(in_flight) < ahead:
                    jobs = [r.job() for r in store.claim(run_key, size, below)]
                    if not jobs:
                        break
                    if size < BATCH_CHUNK and _has_batched(jobs):  # checked here, the agents load in the parent too
                        size = BATCH_CHUNK
                    in_flight[executor.submit(jobs)] = jobs
                if in_flight:
                    for handle in executor.wait(list(in_flight), renew_every):
                        stored(executor.result(handle), in_flight.pop(handle))
                    if time.monotonic() - renewed > renew_every:
                        store.renew(run_key, [j["idx"] for jobs in in_flight.values() for j in jobs])
                        renewed = time.monotonic()
                    continue
            # nothing left to claim and nothing in flight here: others may still be playing
            planned, finished = store.counts(run_key, below)
            if finished >= planned:
                return done
            if progress is not None:
                progress.sync()
            time.sleep(POLL_SECONDS)
    finally:
        if executor is not None:
            executor.close()
        store.release(run_key)  # after an error or Ctrl-C: what this call claimed, others may take now


def _progress_bar(total: int, initial: int, desc: str):
    try:
        from tqdm import tqdm
    except ImportError:  # progress bars are a nicety (the arena extra)
        return None
    tqdm.monitor_interval = 0  # no monitor thread: the next round's workers are forked from this process
    return tqdm(total=total, initial=initial, desc=desc, unit="game", smoothing=0.05)


class Progress:
    """One progress bar for a whole run, made once: its total is the run's planned games
    (it grows as a win-rate study plans round after round), its count the run's finished
    games, whoever played them (another process on the same run included)."""

    def __init__(self, store: Store, run_key: str, below: int | None = None, enabled: bool = True) -> None:
        self.store, self.run_key, self.below = store, run_key, below
        planned, finished = store.counts(run_key, below)
        self.bar = _progress_bar(planned, finished, run_key) if enabled else None

    def sync(self) -> None:
        """Bring the bar up to the store: the planned total and the finished count."""
        if self.bar is None:
            return
        planned, finished = self.store.counts(self.run_key, self.below)
        if planned != self.bar.total:
            self.bar.total = planned
            self.bar.refresh()
        if finished > self.bar.n:
            self.bar.update(finished - self.bar.n)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


# ---- runs ------------------------------------------------------------------------------------
@dataclass
class RunResult:
    """A run's finished games and how this call went."""

    run_key: str
    spec: RunSpec
    records: list[GameRecord]
    played: int  # games played by this call (the rest were stored before)
    resumed: bool
    elapsed: float
    fingerprints: dict[str, int] = field(default_factory=dict)  # games per rules/cards digest
    study: StudyStatus | None = None  # a win-rate study: how it ended

    @property
    def mixed(self) -> bool:
        """The run's games were played under different rules or card data."""
        return len(self.fingerprints) > 1

    @property
    def games_per_second(self) -> float:
        return self.played / self.elapsed if self.elapsed > 0 else float("nan")

    def table(self, key=by_entrant) -> MatchupTable:
        names = [e.label for e in self.spec.entrants] if key is by_entrant else ()
        return MatchupTable(self.records, key, names=list(dict.fromkeys(names)))

    def results(self) -> list[tuple[str, str, float]]:
        """(seat-0 entrant, seat-1 entrant, seat-0 score) per game, in index order, for ratings."""
        return [
            (g.entrants[0], g.entrants[1], 1.0 if g.winner == 0 else 0.0 if g.winner == 1 else 0.5)
            for g in self.records
        ]


class Arena:
    """Runs of one game, stored in ``store``, played by ``workers`` processes of this
    machine (``backend="local"``) or by Ray tasks (``backend="ray"``, on the cluster at
    ``ray_address``; none: a local Ray). The games and stored results are the same."""

    def __init__(
        self,
        game: str,
        store: Store,
        options: dict[str, Any] | None = None,
        workers: int | None = None,
        progress: bool = False,
        backend: str | Backend = "local",
        ray_address: str | None = None,
        position: dict[str, Any] | None = None,
    ) -> None:
        self.game = game
        self.store = store
        self.options = dict(options or {})
        self.position = position  # every game starts from it (``RunSpec.position``)
        self.workers = workers
        self.progress = progress
        self.backend = make_backend(backend, ray_address)

    def _start(self, spec: RunSpec, run_key: str | None) -> tuple[str, bool]:
        spec.validate()
        key = run_key or spec.default_key()
        return key, self.store.open_run(key, spec.kind, spec.game, spec.settings())

    def _plan_fixed(self, spec: RunSpec, key: str, games_per_pair: int) -> None:
        """Plan slots up to ``games_per_pair`` for every pairing, slot by slot across pairs
        (so a run stopped half-way has played every pairing about equally). One write
        transaction: two processes starting the same run plan it once."""
        if games_per_pair < 1:
            raise ConfigError("the number of games must be at least 1")
        with self.store.transaction():
            have = self.store.slots_per_pair(key)
            idx = self.store.next_index(key)
            rows = []
            for slot in range(games_per_pair):
                for p in range(len(spec.pairs)):
                    if slot >= have.get(p, 0):
                        rows.append(spec.row(key, idx, p, slot))
                        idx += 1
            self.store.plan(rows)

    def _finish(
        self, spec: RunSpec, key: str, resumed: bool, played: int, t0: float, study: StudyStatus | None = None
    ) -> RunResult:
        return RunResult(
            key,
            spec,
            self.store.games(key),
            played,
            resumed,
            time.perf_counter() - t0,
            self.store.fingerprints(key),
            study,
        )

    def _run_fixed(
        self, spec: RunSpec, games_per_pair: int, run_key: str | None, on_stored: Callable[[int], None] | None
    ) -> RunResult:
        t0 = time.perf_counter()
        key, resumed = self._start(spec, run_key)
        self._plan_fixed(spec, key, games_per_pair)
        progress = Progress(self.store, key, enabled=self.progress)
        try:
            played = play_pending(self.store, key, self.workers, progress, on_stored, backend=self.backend)
        finally:
            progress.close()
        return self._finish(spec, key, resumed, played, t0)

    def match(
        self,
        a: Entrant,
        b: Entrant,
        games: int,
        seed: int = 0,
        paired: bool = False,
        run_key: str | None = None,
        on_stored: Callable[[int], None] | None = None,
    ) -> RunResult:
        """A series of ``games`` games between ``a`` and ``b`` (``a == b``: a mirror)."""
        spec = RunSpec("match", self.game, [a, b], [(0, 1)], seed, paired, self.options, self.position)
        return self._run_fixed(spec, games, run_key, on_stored)

    def round_robin(
        self,
        entrants: Sequence[Entrant],
        games_per_pair: int,
        seed: int = 0,
        paired: bool = False,
        run_key: str | None = None,
    ) -> RunResult:
        """Every entrant against every other, ``games_per_pair`` games each."""
        _unique(entrants)
        pairs = [(i, j) for i in range(len(entrants)) for j in range(i + 1, len(entrants))]
        spec = RunSpec("round_robin", self.game, list(entrants), pairs, seed, paired, self.options, self.position)
        return self._run_fixed(spec, games_per_pair, run_key, None)

    def gauntlet(
        self,
        challengers: Sequence[Entrant],
        field_: Sequence[Entrant],
        games_per_pair: int,
        seed: int = 0,
        paired: bool = False,
        run_key: str | None = None,
    ) -> RunResult:
        """Each challenger against each entrant of the field (the field does not play itself)."""
        entrants = list(challengers) + list(field_)
        _unique(entrants)
        nc = len(challengers)
        pairs = [(c, nc + f) for c in range(nc) for f in range(len(field_))]
        spec = RunSpec("gauntlet", self.game, entrants, pairs, seed, paired, self.options, self.position)
        return self._run_fixed(spec, games_per_pair, run_key, None)

    def winrate(
        self,
        decks: Sequence[str],
        agent: str = "heuristic",
        target: float = 0.05,
        max_games: int = 10_000,
        min_games: int = 20,
        mirrors: bool = False,
        seed: int = 0,
        paired: bool = True,
        confidence: float = 0.95,
        run_key: str | None = None,
        on_stored: Callable[[int], None] | None = None,
    ) -> RunResult:
        """Deck-versus-deck win rates with ``agent`` on both sides, sampled adaptively.

        Every matchup first gets ``min_games`` (fewer if the cap cannot afford them). Then,
        round after round, ``stats.plan_round`` spreads the next games so that the widest
        Wilson interval is as narrow as possible (water-filling on the intervals predicted
        at shrunk rates), a round at most doubling the study, until every interval is
        within ``target`` (half-width) or ``max_games`` games are planned. The cap counts
        planned games and is never passed; paired deals are planned whole.

        A round is planned only when the run has no unfinished games, inside the store's
        write lock, from the stored results alone: the run is deterministic, resumable
        after a kill, the same for any number of workers, and two processes on one file
        (the same command twice) share its games and plan each round once. A mirror's
        rate is seat 0's share of the games: it measures the seat advantage.
        ``on_stored(n)`` is called after each commit with the games this call has played.
        """
        if len(set(decks)) != len(decks):
            raise ConfigError(f"decks {list(decks)}: each deck once")
        if not 0 < target <= 0.5:
            raise ConfigError(f"target {target!r}: the interval half-width to reach, above 0 and at most 0.5")
        if not 0 < confidence < 1:
            raise ConfigError(f"confidence {confidence!r}: between 0 and 1")
        if min_games < 1:
            raise ConfigError(f"min_games {min_games!r}: at least 1")
        entrants = [Entrant(agent, d, label=d) for d in decks]
        pairs = [(i, j) for i in range(len(decks)) for j in range(i if mirrors else i + 1, len(decks))]
        spec = RunSpec("winrate", self.game, entrants, pairs, seed, paired, self.options, self.position)
        step = 2 if paired else 1
        if pairs and max_games < step * len(pairs):
            raise ConfigError(
                f"max_games {max_games} leaves no room for {step} game{'s' if step > 1 else ''} "
                f"per matchup ({len(pairs)} matchups" + (", paired deals" if paired else "") + ")"
            )
        t0 = time.perf_counter()
        key, resumed = self._start(spec, run_key)
        first = min(_even(min_games) if paired else min_games, max_games // len(pairs))
        with self.store.transaction():  # the first round: min_games for every matchup (once, if two processes start)
            have = self.store.slots_per_pair(key)
            self.store.plan(
                self._rows(
                    spec, key, [max(0, first - first % step - have.get(p, 0)) for p in range(len(pairs))], max_games
                )
            )
        progress = Progress(self.store, key, below=max_games, enabled=self.progress)
        played = 0
        try:
            while True:
                # on_stored counts the games this call played over the whole study, not per round
                stored = None if on_stored is None else (lambda n, before=played: on_stored(before + n))
                played += play_pending(
                    self.store, key, self.workers, progress, stored, below=max_games, backend=self.backend
                )
                with self.store.transaction():
                    within, done = self.store.counts(key, below=max_games)
                    if done < within:  # another process planned a round since: play it
                        continue
                    rows = self._plan_round(spec, key, target, max_games, confidence)
                    self.store.plan(rows)
                if not rows:
                    break
                progress.sync()
        finally:
            progress.close()
        status = self._study_status(spec, key, target, max_games, confidence)
        return self._finish(spec, key, resumed, played, t0, status)

    def _cells(self, spec: RunSpec, key: str) -> list[tuple[str, str, int, float]]:
        """(row, column, games, score) of each pairing of a study, from its finished games."""
        table = MatchupTable(self.store.games(key), by_entrant)
        out = []
        for i, j in spec.pairs:
            a, b = spec.entrants[i].label, spec.entrants[j].label
            m = table.cell(a, b)
            out.append((a, b, m.games, m.score) if m else (a, b, 0, 0.0))
        return out

    def _plan_round(self, spec: RunSpec, key: str, target: float, max_games: int, confidence: float) -> list[tuple]:
        """The rows of a study's next round (none: the study is over)."""
        step = 2 if spec.paired else 1
        budget = max_games - self.store.counts(key)[0]
        if budget < step:
            return []
        cells = self._cells(spec, key)
        extra = plan_round([(n, s) for _, _, n, s in cells], budget, target, step, confidence)
        return self._rows(spec, key, extra, max_games)

    def _rows(self, spec: RunSpec, key: str, extra: Sequence[int], max_games: int) -> list[tuple]:
        """Rows planning ``extra[p]`` more games of each pairing ``p``, a step (a whole
        deal pair when paired) at a time across the pairings, so that an interrupted round
        has advanced every pairing it feeds; rows past ``max_games`` planned games are
        left out (whole steps: a deal is never split)."""
        step = 2 if spec.paired else 1
        have = self.store.slots_per_pair(key)
        idx = self.store.next_index(key)
        budget = max_games - self.store.counts(key)[0]
        rows = []
        for base in range(0, max(extra, default=0), step):
            for p, k in enumerate(extra):
                if base >= k:
                    continue
                if budget < step:
                    return rows
                for slot in range(have.get(p, 0) + base, have.get(p, 0) + min(base + step, k)):
                    rows.append(spec.row(key, idx, p, slot))
                    idx += 1
                budget -= step
        return rows

    def _study_status(self, spec: RunSpec, key: str, target: float, max_games: int, confidence: float) -> StudyStatus:
        step = 2 if spec.paired else 1
        wide = []
        more = 0
        for a, b, n, score in self._cells(spec, key):
            lo, hi = wilson(score, n, confidence)
            if (hi - lo) / 2 > target:
                wide.append((a, b, n, (hi - lo) / 2))
                more += games_to_target(score, n, target, step, confidence)
        planned, finished = self.store.counts(key)
        within, done = self.store.counts(key, below=max_games)
        return StudyStatus(target, confidence, max_games, planned, wide, more, (planned - within) - (finished - done))


@dataclass
class StudyStatus:
    """How a win-rate study ended: within the target, or stopped by its cap."""

    target: float
    confidence: float
    max_games: int
    planned: int  # games planned in the run (more than max_games only if planned under a larger cap)
    wide: list[tuple[str, str, int, float]]  # matchups still wider than the target: row, column, games, half-width
    more_games: int  # games the wide matchups still need, predicted at their shrunk rates
    unplayed_beyond_cap: int = 0  # planned past the cap by an earlier run with a larger cap; left unplayed

    @property
    def capped(self) -> bool:
        """The cap stopped the study before every interval reached the target."""
        return bool(self.wide)

    def as_dict(self) -> dict:
        return {
            "target": self.target,
            "confidence": self.confidence,
            "max_games": self.max_games,
            "planned": self.planned,
            "stopped_by_cap": self.capped,
            "more_games_predicted": self.more_games,
            "unplayed_beyond_cap": self.unplayed_beyond_cap,
            "wide": [{"row": a, "col": b, "games": n, "half_width": w} for a, b, n, w in self.wide],
        }


def _even(n: int) -> int:
    return n + (n % 2)


def _unique(entrants: Sequence[Entrant]) -> None:
    labels = [e.label for e in entrants]
    dupes = sorted({x for x in labels if labels.count(x) > 1})
    if dupes:
        raise ConfigError(f"entrants appear twice: {', '.join(dupes)} (give each a distinct agent or deck)")
