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

Parallelism: ``workers`` processes (default: every core) play chunks of games; only the
parent writes to the database.
"""
from __future__ import annotations

import hashlib
import json
import math
import os
import signal
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import Any, Callable, Sequence

from .base import Agent, ConfigError, make_agent
from .games import fingerprint, make_game
from .stats import MatchupTable, by_entrant, wilson
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
    def parse(cls, text: str) -> "Entrant":
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

    def settings(self) -> dict[str, Any]:
        return {"game": self.game, "options": self.options, "seed": self.seed, "paired": self.paired,
                "entrants": [[e.agent, e.deck, e.label] for e in self.entrants],
                "pairs": [list(p) for p in self.pairs]}

    def default_key(self) -> str:
        digest = hashlib.sha1(json.dumps(self.settings(), sort_keys=True).encode()).hexdigest()[:10]
        return f"{self.kind}-{self.game}-{digest}"

    def row(self, run_key: str, idx: int, pair: int, slot: int) -> tuple:
        """The planned game ``slot`` of pairing ``pair`` (``store.PLAN_COLUMNS`` order)."""
        i, j = self.pairs[pair]
        seats = (self.entrants[i], self.entrants[j]) if slot % 2 == 0 else (self.entrants[j], self.entrants[i])
        deal = slot // 2 if self.paired else slot
        return (run_key, idx, pair, slot, self.game, json.dumps(self.options, sort_keys=True),
                derive_seed(self.seed, "deal", pair, deal),
                seats[0].label, seats[1].label, seats[0].agent, seats[1].agent, seats[0].deck, seats[1].deck,
                derive_seed(self.seed, "agent", pair, slot, 0), derive_seed(self.seed, "agent", pair, slot, 1))

    def validate(self) -> None:
        """Fail fast, in the parent, on unknown games, options, decks and agents."""
        if not self.pairs:
            raise ConfigError("nothing to play: no pairings of entrants")
        with_deck = [e.deck is not None for e in self.entrants]
        if any(with_deck) and not all(with_deck):
            raise ConfigError("give a deck to every entrant or to none (agent@deck)")
        for e in self.entrants:
            make_game(self.game, None if e.deck is None else [e.deck, e.deck], self.options)
            make_agent(e.agent, self.game)


# ---- playing one game (in a worker) -------------------------------------------------------
class GameFailure(RuntimeError):
    """A game raised: the message names the game so it can be replayed and debugged."""


_games: dict[tuple, Any] = {}
_agents: dict[tuple, Agent] = {}


def _cached_game(name: str, decks: Sequence[str | None], options: dict):
    key = (name, tuple(decks), json.dumps(options, sort_keys=True))
    if key not in _games:
        _games[key] = make_game(name, decks, options)
    return _games[key]


def _cached_agent(spec: str, game: str, seat: int) -> Agent:
    key = (spec, game, seat)
    if key not in _agents:
        _agents[key] = make_agent(spec, game)
    return _agents[key]


def play_job(job: dict[str, Any]) -> dict[str, Any]:
    """Play one planned game to the end; a pure function of the job."""
    game = _cached_game(job["game"], job["decks"], job["options"])
    agents = [_cached_agent(spec, job["game"], seat) for seat, spec in enumerate(job["agents"])]
    for agent, seed in zip(agents, job["agent_seeds"]):
        agent.reset(seed)
    t0 = time.perf_counter()
    actions: list[int] = []
    try:
        state = game.new_initial_state(job["seed"])
        while not state.is_terminal():
            p = state.current_player()
            a = int(agents[p].act(state, p))
            state.apply_action(a)
            actions.append(a)
    except Exception as e:
        raise GameFailure(f"game {job['idx']} ({job['game']}, seed {job['seed']}, decks {list(job['decks'])}, "
                          f"agents {list(job['agents'])}) failed after actions {actions}: "
                          f"{type(e).__name__}: {e}") from None
    r = state.returns()
    view = state.to_dict()  # optional facts some games report: the turn count, who went first
    turns, first = view.get("turn"), view.get("first_player")
    return {"idx": job["idx"], "winner": 0 if r[0] > r[1] else 1 if r[1] > r[0] else -1,
            "decisions": len(actions), "turns": turns if isinstance(turns, int) else None,
            "first_player": first if first in (0, 1) else None,
            "duration": time.perf_counter() - t0, "actions": actions}


def play_chunk(jobs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [play_job(j) for j in jobs]


def _worker_init() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle


def resolve_workers(workers: int | None) -> int:
    return max(1, os.cpu_count() or 1) if workers is None or workers <= 0 else workers


def play_pending(store: Store, run_key: str, workers: int | None = None, progress: bool = False,
                 on_stored: Callable[[int], None] | None = None) -> int:
    """Play every planned, unfinished game of a run; returns how many were played.

    Results are committed chunk by chunk as they arrive: a killed run loses at most the
    chunks in flight, which stay planned and are played on resume. ``on_stored(n)`` is
    called after each commit with the number stored so far by this call.
    """
    jobs = [r.job() for r in store.pending(run_key)]
    if not jobs:
        return 0
    prints: dict[tuple, str] = {}
    for j in jobs:
        k = (j["game"], tuple(j["decks"]))
        if k not in prints:
            prints[k] = fingerprint(*k)
    by_index = {j["idx"]: prints[(j["game"], tuple(j["decks"]))] for j in jobs}
    workers = min(resolve_workers(workers), len(jobs))
    size = max(1, min(64, len(jobs) // (workers * 16)))
    chunks = [jobs[k:k + size] for k in range(0, len(jobs), size)]
    done = 0
    bar = _progress_bar(len(jobs), run_key, progress)

    def stored(results: list[dict]) -> None:
        nonlocal done
        store.finish(run_key, results, by_index)
        done += len(results)
        if bar is not None:
            bar.update(len(results))
        if on_stored is not None:
            on_stored(done)

    try:
        if workers == 1:
            for chunk in chunks:
                stored(play_chunk(chunk))
        else:
            with ProcessPoolExecutor(workers, initializer=_worker_init) as pool:
                futures = [pool.submit(play_chunk, c) for c in chunks]
                try:
                    for f in as_completed(futures):
                        stored(f.result())
                except BaseException:
                    for f in futures:
                        f.cancel()
                    raise
    finally:
        if bar is not None:
            bar.close()
    return done


def _progress_bar(total: int, desc: str, enabled: bool):
    if not enabled:
        return None
    try:
        from tqdm import tqdm
    except ImportError:  # progress bars are a nicety (the arena extra)
        return None
    tqdm.monitor_interval = 0  # no monitor thread: the next round's workers are forked from this process
    return tqdm(total=total, desc=desc, unit="game", smoothing=0.05)


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
        return [(g.entrants[0], g.entrants[1], 1.0 if g.winner == 0 else 0.0 if g.winner == 1 else 0.5)
                for g in self.records]


class Arena:
    """Runs of one game, stored in ``store``, played by ``workers`` processes."""

    def __init__(self, game: str, store: Store, options: dict[str, Any] | None = None,
                 workers: int | None = None, progress: bool = False) -> None:
        self.game = game
        self.store = store
        self.options = dict(options or {})
        self.workers = workers
        self.progress = progress

    def _start(self, spec: RunSpec, run_key: str | None) -> tuple[str, bool]:
        spec.validate()
        key = run_key or spec.default_key()
        return key, self.store.open_run(key, spec.kind, spec.game, spec.settings())

    def _plan_fixed(self, spec: RunSpec, key: str, games_per_pair: int) -> None:
        """Plan slots up to ``games_per_pair`` for every pairing, slot by slot across pairs
        (so a run stopped half-way has played every pairing about equally)."""
        if games_per_pair < 1:
            raise ConfigError("the number of games must be at least 1")
        have = self.store.slots_per_pair(key)
        idx = self.store.next_index(key)
        rows = []
        for slot in range(games_per_pair):
            for p in range(len(spec.pairs)):
                if slot >= have.get(p, 0):
                    rows.append(spec.row(key, idx, p, slot))
                    idx += 1
        self.store.plan(rows)

    def _finish(self, spec: RunSpec, key: str, resumed: bool, played: int, t0: float) -> RunResult:
        return RunResult(key, spec, self.store.games(key), played, resumed, time.perf_counter() - t0,
                         self.store.fingerprints(key))

    def _run_fixed(self, spec: RunSpec, games_per_pair: int, run_key: str | None,
                   on_stored: Callable[[int], None] | None) -> RunResult:
        t0 = time.perf_counter()
        key, resumed = self._start(spec, run_key)
        self._plan_fixed(spec, key, games_per_pair)
        played = play_pending(self.store, key, self.workers, self.progress, on_stored)
        return self._finish(spec, key, resumed, played, t0)

    def match(self, a: Entrant, b: Entrant, games: int, seed: int = 0, paired: bool = False,
              run_key: str | None = None, on_stored: Callable[[int], None] | None = None) -> RunResult:
        """A series of ``games`` games between ``a`` and ``b`` (``a == b``: a mirror)."""
        spec = RunSpec("match", self.game, [a, b], [(0, 1)], seed, paired, self.options)
        return self._run_fixed(spec, games, run_key, on_stored)

    def round_robin(self, entrants: Sequence[Entrant], games_per_pair: int, seed: int = 0,
                    paired: bool = False, run_key: str | None = None) -> RunResult:
        """Every entrant against every other, ``games_per_pair`` games each."""
        _unique(entrants)
        pairs = [(i, j) for i in range(len(entrants)) for j in range(i + 1, len(entrants))]
        spec = RunSpec("round_robin", self.game, list(entrants), pairs, seed, paired, self.options)
        return self._run_fixed(spec, games_per_pair, run_key, None)

    def gauntlet(self, challengers: Sequence[Entrant], field_: Sequence[Entrant], games_per_pair: int,
                 seed: int = 0, paired: bool = False, run_key: str | None = None) -> RunResult:
        """Each challenger against each entrant of the field (the field does not play itself)."""
        entrants = list(challengers) + list(field_)
        _unique(entrants)
        nc = len(challengers)
        pairs = [(c, nc + f) for c in range(nc) for f in range(len(field_))]
        spec = RunSpec("gauntlet", self.game, entrants, pairs, seed, paired, self.options)
        return self._run_fixed(spec, games_per_pair, run_key, None)

    def winrate(self, decks: Sequence[str], agent: str = "heuristic", target: float = 0.05,
                max_games: int = 10_000, min_games: int = 20, mirrors: bool = False, seed: int = 0,
                paired: bool = True, confidence: float = 0.95, run_key: str | None = None) -> RunResult:
        """Deck-versus-deck win rates with ``agent`` on both sides, sampled adaptively.

        Every matchup first gets ``min_games``. Then, round after round, the matchups
        whose Wilson interval is still wider than ``target`` (half-width) get more games,
        widest first, each about as many as its current estimate says it still needs,
        until every interval is narrow enough or ``max_games`` are planned. Each round's
        plan depends only on stored results, so the run is deterministic and resumable.
        """
        if len(set(decks)) != len(decks):
            raise ConfigError(f"decks {list(decks)}: each deck once")
        entrants = [Entrant(agent, d, label=d) for d in decks]
        pairs = [(i, j) for i in range(len(decks)) for j in range(i if mirrors else i + 1, len(decks))]
        spec = RunSpec("winrate", self.game, entrants, pairs, seed, paired, self.options)
        t0 = time.perf_counter()
        key, resumed = self._start(spec, run_key)
        z = NormalDist().inv_cdf(0.5 + confidence / 2)
        first = max(1, min(min_games, max_games // len(pairs)))  # the cap holds from the start
        self._plan_fixed(spec, key, _even(first) if paired else first)
        played = 0
        while True:
            played += play_pending(self.store, key, self.workers, self.progress)
            budget = max_games - self.store.counts(key)[0]
            table = MatchupTable(self.store.games(key), by_entrant)
            wide = []
            for p, (i, j) in enumerate(pairs):
                m = table.cell(entrants[i].label, entrants[j].label)
                n, rate = (m.games, m.rate) if m else (0, 0.5)
                lo, hi = wilson(m.score if m else 0, n, confidence)
                if (hi - lo) / 2 > target:
                    wide.append(((hi - lo) / 2, p, n, rate))
            if not wide or budget <= 0:
                break
            have = self.store.slots_per_pair(key)
            idx = self.store.next_index(key)
            rows = []
            for _, p, n, rate in sorted(wide, key=lambda w: (-w[0], w[1])):
                q = min(max(rate, 0.05), 0.95)  # an extreme early estimate must not stop the sampling
                need = max(2, math.ceil(z * z * q * (1 - q) / (target * target)) - n)
                k = min(_even(need), budget - budget % 2) if paired else min(need, budget)
                if k <= 0:  # the cap leaves no room for a whole pair of games
                    break
                for slot in range(have.get(p, 0), have.get(p, 0) + k):
                    rows.append(spec.row(key, idx, p, slot))
                    idx += 1
                budget -= k
                if budget <= 0:
                    break
            if not rows:
                break
            self.store.plan(rows)
        return self._finish(spec, key, resumed, played, t0)


def _even(n: int) -> int:
    return n + (n % 2)


def _unique(entrants: Sequence[Entrant]) -> None:
    labels = [e.label for e in entrants]
    dupes = sorted({x for x in labels if labels.count(x) > 1})
    if dupes:
        raise ConfigError(f"entrants appear twice: {', '.join(dupes)} (give each a distinct agent or deck)")
