"""Every arena game, in one SQLite file (stdlib ``sqlite3``, no server).

A *run* (a match series, a tournament, a win-rate study) is identified by its run key
and its settings. Its games are rows keyed by ``(run_key, idx)``. A game is *planned*
first (a row with its seats, decks, agents and seed, ``winner`` NULL) and *finished*
later (winner, decisions, turns, duration, action list). Because the plan is written
before anything is played, an interrupted run resumes by playing exactly the planned
rows still unfinished: no game lost, none played twice, and the same games as an
uninterrupted run. Only the parent process writes; workers return results.

Several processes may work on one run in one file (two copies of the same command, or
a command started again while the first still runs): a process *claims* a chunk of
unfinished games before playing it (``claim``, one ``BEGIN IMMEDIATE`` transaction, so
two processes never claim the same game) and renews its claims while they are in
flight. A claim lapses after ``lease`` seconds without renewal, or at once when its
owner is a process of this machine that no longer exists (a killed run), so killed
processes never strand games. Older files without the claim columns are migrated on
opening (``ALTER TABLE``).

A finished row holds what ``tcgzoo.envs.core.engine.replay`` needs: game name, decks,
options, seed and the actions (JSON), so any stored game can be replayed to its end; a game
started from a position (``tcgzoo match --position``) holds that position (JSON) too, and
replays from it built with the game's seed.
"""

from __future__ import annotations

import json
import os
import socket
import sqlite3
import time
import uuid
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .base import ConfigError

#: the embedded default database, under ``runs/`` where the command runs (a folder git
#: ignores, so results are never committed by accident); ``TCGZOO_DB`` overrides it
DEFAULT_DB = "runs/arena.sqlite"

SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    run_key  TEXT PRIMARY KEY,
    kind     TEXT NOT NULL,            -- match | round_robin | gauntlet | winrate
    game     TEXT NOT NULL,
    settings TEXT NOT NULL,            -- JSON: everything that decides the games
    created  REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    run_key   TEXT NOT NULL REFERENCES runs(run_key),
    idx       INTEGER NOT NULL,        -- position in the run's plan
    pair      INTEGER NOT NULL,        -- which pairing of entrants
    slot      INTEGER NOT NULL,        -- game number within the pairing
    game      TEXT NOT NULL,
    options   TEXT NOT NULL,           -- JSON rule options
    seed      INTEGER NOT NULL,        -- the game's shuffle seed
    entrant0  TEXT NOT NULL,           -- entrant label in seat 0 (player_0)
    entrant1  TEXT NOT NULL,
    agent0    TEXT NOT NULL,           -- agent spec in seat 0
    agent1    TEXT NOT NULL,
    deck0     TEXT,                    -- deck in seat 0 (NULL: the game's default)
    deck1     TEXT,
    agent_seed0 INTEGER NOT NULL,
    agent_seed1 INTEGER NOT NULL,
    winner    INTEGER,                 -- 0 / 1 seat, -1 draw; NULL while planned
    decisions INTEGER,
    turns     INTEGER,                 -- the game's turn count when to_dict() reports one
    first_player INTEGER,              -- seat that took the first turn, when to_dict() reports it
    duration  REAL,                    -- seconds of play
    actions   TEXT,                    -- JSON list of action ids
    fingerprint TEXT,                  -- digest of the rules and card data it was played under
    finished  REAL,                    -- unix time the result was stored
    claimed_by TEXT,                   -- the process playing (or that played) it: host:pid:token
    claimed_at REAL,                   -- unix time the claim was made or last renewed
    position  TEXT,                    -- JSON readable position the game starts from (NULL: the set-up)
    PRIMARY KEY (run_key, idx)
);
CREATE INDEX IF NOT EXISTS games_pending ON games(run_key, winner);
"""

#: columns of a planned game, in order
PLAN_COLUMNS = (
    "run_key",
    "idx",
    "pair",
    "slot",
    "game",
    "options",
    "seed",
    "entrant0",
    "entrant1",
    "agent0",
    "agent1",
    "deck0",
    "deck1",
    "agent_seed0",
    "agent_seed1",
    "position",
)
#: columns added after the first release; ``Store`` adds them to older files
CLAIM_COLUMNS = (("claimed_by", "TEXT"), ("claimed_at", "REAL"))
#: games that start from a position (``tcgzoo match --position``; docs/positions.md), added later too
POSITION_COLUMNS = (("position", "TEXT"),)
#: seconds a claim holds without renewal (a process renews its claims about every
#: quarter lease while it plays them)
DEFAULT_LEASE = 300.0
#: columns filled when the game ends
RESULT_COLUMNS = ("winner", "decisions", "turns", "first_player", "duration", "actions", "fingerprint")


@dataclass(frozen=True)
class GameRecord:
    """One stored game (finished unless ``winner is None``)."""

    run_key: str
    idx: int
    pair: int
    slot: int
    game: str
    options: dict
    seed: int
    entrants: tuple[str, str]
    agents: tuple[str, str]
    decks: tuple[str | None, str | None]
    agent_seeds: tuple[int, int]
    winner: int | None
    decisions: int | None
    turns: int | None
    first_player: int | None
    duration: float | None
    actions: list[int] | None
    fingerprint: str | None
    position: dict | None = None  # the readable position the game starts from (None: the set-up)

    @classmethod
    def from_row(cls, r: sqlite3.Row) -> GameRecord:
        return cls(
            r["run_key"],
            r["idx"],
            r["pair"],
            r["slot"],
            r["game"],
            json.loads(r["options"]),
            r["seed"],
            (r["entrant0"], r["entrant1"]),
            (r["agent0"], r["agent1"]),
            (r["deck0"], r["deck1"]),
            (r["agent_seed0"], r["agent_seed1"]),
            r["winner"],
            r["decisions"],
            r["turns"],
            r["first_player"],
            r["duration"],
            None if r["actions"] is None else json.loads(r["actions"]),
            r["fingerprint"],
            # a file of an older version opened read-only has no position column
            json.loads(r["position"]) if "position" in r.keys() and r["position"] is not None else None,
        )

    def job(self) -> dict[str, Any]:
        """What a worker needs to play this game (plain data, cheap to pickle)."""
        return {
            "idx": self.idx,
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "agents": self.agents,
            "decks": self.decks,
            "agent_seeds": self.agent_seeds,
            "position": self.position,
        }


def default_db_path() -> str:
    return os.environ.get("TCGZOO_DB", DEFAULT_DB)


def _open_read_only(path: str) -> sqlite3.Connection:
    """An existing arena database opened read-only (sqlite's ``mode=ro`` URI), so that a
    reader never creates a database or writes to one (sqlite may still add the ``-wal`` /
    ``-shm`` side files of a WAL database); a missing or foreign file is a ConfigError."""
    if path == ":memory:" or not Path(path).is_file():
        raise ConfigError(f"no results file {path}")
    db = sqlite3.connect(Path(path).resolve().as_uri() + "?mode=ro", uri=True)
    db.row_factory = sqlite3.Row
    try:
        found = db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'runs'").fetchone()
    except sqlite3.DatabaseError as e:
        db.close()
        raise ConfigError(f"{path} is not a tcgzoo results file ({e})") from None
    if found is None:
        db.close()
        raise ConfigError(f"{path} is not a tcgzoo results file (it has no runs table)")
    return db


def _owner_gone(owner: str | None) -> bool:
    """The claim's owner was a process of this machine that no longer exists (killed).

    Owners elsewhere (a shared file system) cannot be checked: their claims wait for
    the lease. A stopped or busy process of this machine still exists and keeps its claims.
    """
    if not owner:
        return True
    host, _, rest = owner.partition(":")
    pid_text = rest.partition(":")[0]
    if host != socket.gethostname() or not pid_text.isdigit():
        return False
    pid = int(pid_text)
    if pid == os.getpid():
        return False  # another Store of this very process: alive by definition
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:  # exists, owned by another user
        return False
    return False


def _use_wal(db: sqlite3.Connection, timeout: float) -> None:
    """Switch the file to WAL (once set, it stays with the file). The switch needs the file
    to itself, and sqlite answers 'database is locked' at once, without its busy wait, when
    another process opens the same new file at that moment (two copies of one command):
    retry until ``timeout``."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                db.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as e:
            if "locked" not in str(e) and "busy" not in str(e) or time.monotonic() > deadline:
                raise
            time.sleep(0.05)


class Store:
    """The arena database; use as a context manager or call ``close()``.

    ``owner`` names this connection in the claims it makes (host, process id and a
    random token, so two stores of one process are distinct); ``lease`` is how long a
    claim holds without renewal. ``create=False`` opens an existing file read-only
    (``replay``): a missing file is "no results file X", not a new empty database.
    """

    def __init__(
        self, path: str | os.PathLike | None = None, lease: float = DEFAULT_LEASE, create: bool = True
    ) -> None:
        if lease <= 0:
            raise ConfigError(f"claim lease {lease!r}: give a positive number of seconds")
        self.path = str(path if path is not None else default_db_path())
        self.lease = float(lease)
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        self._in_transaction = False
        if not create:  # a reader (replay): an existing file, read-only, neither created nor migrated
            self.db = _open_read_only(self.path)
            self.db.create_function("tcgzoo_owner_gone", 1, _owner_gone)
            return
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        # another process may hold the write lock while it plans a round: wait for it
        self.db = sqlite3.connect(self.path, timeout=60.0)
        self.db.row_factory = sqlite3.Row
        if self.path != ":memory:":
            _use_wal(self.db, 60.0)  # readers (replay, reports) never block the run
        self.db.execute("PRAGMA synchronous=NORMAL")  # a commit survives a killed process
        self.db.executescript(SCHEMA)
        self.db.commit()
        self.db.create_function("tcgzoo_owner_gone", 1, _owner_gone)
        self._migrate()

    def _migrate(self) -> None:
        """Add the columns newer versions need to a file written by an older one."""
        with self.transaction():  # two processes opening one old file: the second sees the columns
            have = {r["name"] for r in self.db.execute("PRAGMA table_info(games)")}
            for name, kind in CLAIM_COLUMNS + POSITION_COLUMNS:
                if name not in have:
                    self.db.execute(f"ALTER TABLE games ADD COLUMN {name} {kind}")

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """One write transaction (``BEGIN IMMEDIATE``: the file's write lock is taken at
        once, so what is read inside cannot change before the writes commit)."""
        if self._in_transaction:
            raise RuntimeError("Store.transaction() does not nest")
        self.db.execute("BEGIN IMMEDIATE")
        self._in_transaction = True
        try:
            yield
        except BaseException:
            self.db.rollback()
            raise
        else:
            self.db.commit()
        finally:
            self._in_transaction = False

    def _commit(self) -> None:
        if not self._in_transaction:  # inside transaction(), its end commits
            self.db.commit()

    # ---- runs --------------------------------------------------------------------------
    def open_run(self, run_key: str, kind: str, game: str, settings: dict) -> bool:
        """Create run ``run_key``, or check that the stored one has the same settings.

        Returns True when the run already existed (a resume). Different settings under
        one key would mix games of different experiments, so that is an error.
        """
        text = json.dumps(settings, sort_keys=True)
        # insert-or-ignore, then read: two processes opening one run at once (a shared study) must
        # not both see "no run" and both insert it (one would fail on the key)
        cur = self.db.execute(
            "INSERT OR IGNORE INTO runs VALUES (?, ?, ?, ?, ?)", (run_key, kind, game, text, time.time())
        )
        self.db.commit()
        if cur.rowcount == 1:
            return False
        row = self.db.execute("SELECT kind, game, settings FROM runs WHERE run_key = ?", (run_key,)).fetchone()
        if (row["kind"], row["game"], row["settings"]) != (kind, game, text):
            raise ConfigError(
                f"run {run_key!r} already exists in {self.path} with other settings "
                f"({row['kind']} of {row['game']}: {row['settings']}); choose another run key"
            )
        return True

    def runs(self) -> list[dict]:
        rows = self.db.execute(
            "SELECT r.run_key, r.kind, r.game, r.settings, r.created, COUNT(g.idx) AS planned, "
            "COUNT(g.winner) AS finished FROM runs r LEFT JOIN games g ON g.run_key = r.run_key "
            "GROUP BY r.run_key ORDER BY r.created"
        ).fetchall()
        return [dict(r) for r in rows]

    def run_settings(self, run_key: str) -> dict:
        row = self.db.execute("SELECT settings FROM runs WHERE run_key = ?", (run_key,)).fetchone()
        if row is None:
            raise ConfigError(f"no run {run_key!r} in {self.path}")
        return json.loads(row["settings"])

    # ---- games -------------------------------------------------------------------------
    def plan(self, rows: Iterable[Sequence[Any]]) -> int:
        """Insert planned games (tuples in ``PLAN_COLUMNS`` order); existing ones are kept."""
        cur = self.db.executemany(
            f"INSERT OR IGNORE INTO games ({', '.join(PLAN_COLUMNS)}) VALUES ({', '.join('?' * len(PLAN_COLUMNS))})",
            list(rows),
        )
        self._commit()
        return cur.rowcount

    def finish(self, run_key: str, results: Iterable[dict], fingerprints: dict[int, str] | None = None) -> int:
        """Store finished games (``fingerprints``: game index -> digest of the rules it was
        played under); a game already finished is never overwritten. Returns how many
        were stored (fewer than given only if another process finished some first)."""
        now = time.time()
        fp = fingerprints or {}
        cur = self.db.executemany(  # rowcount: the sum over the rows (sqlite3 docs)
            "UPDATE games SET winner = ?, decisions = ?, turns = ?, first_player = ?, duration = ?, actions = ?, "
            "fingerprint = ?, finished = ? WHERE run_key = ? AND idx = ? AND winner IS NULL",
            [
                (
                    r["winner"],
                    r["decisions"],
                    r["turns"],
                    r["first_player"],
                    r["duration"],
                    json.dumps(r["actions"]),
                    fp.get(r["idx"]),
                    now,
                    run_key,
                    r["idx"],
                )
                for r in results
            ],
        )
        self._commit()
        return cur.rowcount

    # ---- claims (several processes on one run) -------------------------------------
    def claim(self, run_key: str, n: int, below: int | None = None) -> list[GameRecord]:
        """Claim up to ``n`` unfinished games of a run (index order, indexes under
        ``below`` only) that nobody else holds: unclaimed ones, and those whose claim
        lapsed or whose owner was killed. Atomic: no game is claimed by two processes."""
        now = time.time()
        with self.transaction():
            rows = self.db.execute(
                "SELECT * FROM games WHERE run_key = ? AND winner IS NULL AND idx < ? "
                "AND (claimed_by IS NULL OR (claimed_by != ? AND (claimed_at < ? OR tcgzoo_owner_gone(claimed_by)))) "
                "ORDER BY idx LIMIT ?",
                (run_key, _below(below), self.owner, now - self.lease, n),
            ).fetchall()
            self.db.executemany(
                "UPDATE games SET claimed_by = ?, claimed_at = ? WHERE run_key = ? AND idx = ?",
                [(self.owner, now, run_key, r["idx"]) for r in rows],
            )
        return [GameRecord.from_row(r) for r in rows]

    def renew(self, run_key: str, indexes: Iterable[int]) -> None:
        """Extend this store's claims on the given unfinished games (they are still in play)."""
        now = time.time()
        self.db.executemany(
            "UPDATE games SET claimed_at = ? WHERE run_key = ? AND idx = ? AND claimed_by = ? AND winner IS NULL",
            [(now, run_key, i, self.owner) for i in indexes],
        )
        self._commit()

    def release(self, run_key: str) -> None:
        """Give up this store's claims on unfinished games (an interrupted or failed
        call), so another process may take them at once instead of after the lease."""
        self.db.execute(
            "UPDATE games SET claimed_by = NULL, claimed_at = NULL WHERE run_key = ? AND claimed_by = ? "
            "AND winner IS NULL",
            (run_key, self.owner),
        )
        self._commit()

    def pending(self, run_key: str) -> list[GameRecord]:
        rows = self.db.execute(
            "SELECT * FROM games WHERE run_key = ? AND winner IS NULL ORDER BY idx", (run_key,)
        ).fetchall()
        return [GameRecord.from_row(r) for r in rows]

    def games(self, run_key: str, finished_only: bool = True) -> list[GameRecord]:
        where = " AND winner IS NOT NULL" if finished_only else ""
        rows = self.db.execute(f"SELECT * FROM games WHERE run_key = ?{where} ORDER BY idx", (run_key,)).fetchall()
        return [GameRecord.from_row(r) for r in rows]

    def find_games(
        self,
        run_key: str | None = None,
        deck: str | None = None,
        agent: str | None = None,
        game: str | None = None,
        limit: int = 200,
        offset: int = 0,
    ) -> tuple[list[GameRecord], int]:
        """Finished games filtered by run, deck (either seat; ``"default"`` for the game's
        own decks), agent spec or entrant label (either seat) and game, newest runs first;
        returns (one page of ``limit`` games from ``offset``, how many match in all)."""
        where, args = ["g.winner IS NOT NULL"], []
        if run_key:
            where.append("g.run_key = ?")
            args.append(run_key)
        if game:
            where.append("g.game = ?")
            args.append(game)
        if deck:
            if deck == "default":
                where.append("(g.deck0 IS NULL OR g.deck1 IS NULL)")
            else:
                where.append("(g.deck0 = ? OR g.deck1 = ?)")
                args += [deck, deck]
        if agent:
            where.append("(g.agent0 = ? OR g.agent1 = ? OR g.entrant0 = ? OR g.entrant1 = ?)")
            args += [agent] * 4
        sql = f"FROM games g JOIN runs r ON r.run_key = g.run_key WHERE {' AND '.join(where)}"
        total = self.db.execute(f"SELECT COUNT(*) {sql}", args).fetchone()[0]
        rows = self.db.execute(
            f"SELECT g.* {sql} ORDER BY r.created DESC, g.run_key, g.idx LIMIT ? OFFSET ?",
            [*args, int(limit), int(offset)],
        ).fetchall()
        return [GameRecord.from_row(r) for r in rows], total

    def distinct(self, column: str) -> list[str]:
        """The values stored in a seat column pair (``deck`` or ``agent``), sorted."""
        if column not in ("deck", "agent"):
            raise ValueError(f"no column pair {column!r}")
        rows = self.db.execute(f"SELECT {column}0 FROM games UNION SELECT {column}1 FROM games").fetchall()
        return sorted(r[0] for r in rows if r[0] is not None)

    def game(self, run_key: str, idx: int) -> GameRecord:
        row = self.db.execute("SELECT * FROM games WHERE run_key = ? AND idx = ?", (run_key, idx)).fetchone()
        if row is None:
            raise ConfigError(f"no game {idx} in run {run_key!r} of {self.path}")
        return GameRecord.from_row(row)

    def fingerprints(self, run_key: str) -> dict[str, int]:
        """Finished games per fingerprint (more than one: the rules or cards changed mid-run)."""
        rows = self.db.execute(
            "SELECT fingerprint, COUNT(*) FROM games WHERE run_key = ? AND winner IS NOT NULL GROUP BY fingerprint",
            (run_key,),
        ).fetchall()
        return {r[0]: r[1] for r in rows}

    def counts(self, run_key: str, below: int | None = None) -> tuple[int, int]:
        """(planned, finished) games of a run (with ``below``: of indexes under it)."""
        row = self.db.execute(
            "SELECT COUNT(*), COUNT(winner) FROM games WHERE run_key = ? AND idx < ?", (run_key, _below(below))
        ).fetchone()
        return row[0], row[1]

    def slots_per_pair(self, run_key: str) -> dict[int, int]:
        """Planned games per pairing (the next slot number of each)."""
        rows = self.db.execute(
            "SELECT pair, MAX(slot) + 1 FROM games WHERE run_key = ? GROUP BY pair", (run_key,)
        ).fetchall()
        return {r[0]: r[1] for r in rows}

    def next_index(self, run_key: str) -> int:
        row = self.db.execute("SELECT COALESCE(MAX(idx) + 1, 0) FROM games WHERE run_key = ?", (run_key,)).fetchone()
        return row[0]


def _below(below: int | None) -> int:
    """An index bound for SQL (no bound: past any index SQLite can store)."""
    return 2**63 - 1 if below is None else below
