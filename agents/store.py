"""Every arena game, in one SQLite file (stdlib ``sqlite3``, no server).

A *run* (a match series, a tournament, a win-rate study) is identified by its run key
and its settings. Its games are rows keyed by ``(run_key, idx)``. A game is *planned*
first (a row with its seats, decks, agents and seed, ``winner`` NULL) and *finished*
later (winner, decisions, turns, duration, action list). Because the plan is written
before anything is played, an interrupted run resumes by playing exactly the planned
rows still unfinished: no game lost, none played twice, and the same games as an
uninterrupted run. Only the parent process writes; workers return results.

A finished row holds what ``tcgzoo.envs.core.engine.replay`` needs: game name, decks,
options, seed and the actions (JSON), so any stored game can be replayed to its end.
"""
from __future__ import annotations

import json
import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Sequence

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
    PRIMARY KEY (run_key, idx)
);
CREATE INDEX IF NOT EXISTS games_pending ON games(run_key, winner);
"""

#: columns of a planned game, in order
PLAN_COLUMNS = ("run_key", "idx", "pair", "slot", "game", "options", "seed", "entrant0", "entrant1",
                "agent0", "agent1", "deck0", "deck1", "agent_seed0", "agent_seed1")
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

    @classmethod
    def from_row(cls, r: sqlite3.Row) -> "GameRecord":
        return cls(r["run_key"], r["idx"], r["pair"], r["slot"], r["game"], json.loads(r["options"]),
                   r["seed"], (r["entrant0"], r["entrant1"]), (r["agent0"], r["agent1"]),
                   (r["deck0"], r["deck1"]), (r["agent_seed0"], r["agent_seed1"]), r["winner"],
                   r["decisions"], r["turns"], r["first_player"], r["duration"],
                   None if r["actions"] is None else json.loads(r["actions"]), r["fingerprint"])

    def job(self) -> dict[str, Any]:
        """What a worker needs to play this game (plain data, cheap to pickle)."""
        return {"idx": self.idx, "game": self.game, "options": self.options, "seed": self.seed,
                "agents": self.agents, "decks": self.decks, "agent_seeds": self.agent_seeds}


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


class Store:
    """The arena database; use as a context manager or call ``close()``. ``create=False``
    opens an existing file read-only (``replay``): a missing file is "no results file X",
    not a new empty database.
    """

    def __init__(self, path: str | os.PathLike | None = None, create: bool = True) -> None:
        self.path = str(path if path is not None else default_db_path())
        if not create:  # a reader (replay): an existing file, read-only, neither created nor migrated
            self.db = _open_read_only(self.path)
            return
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path)
        self.db.row_factory = sqlite3.Row
        if self.path != ":memory:":
            self.db.execute("PRAGMA journal_mode=WAL")  # readers (replay, reports) never block the run
        self.db.execute("PRAGMA synchronous=NORMAL")  # a commit survives a killed process
        self.db.executescript(SCHEMA)
        self.db.commit()

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # ---- runs --------------------------------------------------------------------------
    def open_run(self, run_key: str, kind: str, game: str, settings: dict) -> bool:
        """Create run ``run_key``, or check that the stored one has the same settings.

        Returns True when the run already existed (a resume). Different settings under
        one key would mix games of different experiments, so that is an error.
        """
        text = json.dumps(settings, sort_keys=True)
        row = self.db.execute("SELECT kind, game, settings FROM runs WHERE run_key = ?", (run_key,)).fetchone()
        if row is None:
            self.db.execute("INSERT INTO runs VALUES (?, ?, ?, ?, ?)", (run_key, kind, game, text, time.time()))
            self.db.commit()
            return False
        if (row["kind"], row["game"], row["settings"]) != (kind, game, text):
            raise ConfigError(f"run {run_key!r} already exists in {self.path} with other settings "
                              f"({row['kind']} of {row['game']}: {row['settings']}); choose another run key")
        return True

    def runs(self) -> list[dict]:
        rows = self.db.execute(
            "SELECT r.run_key, r.kind, r.game, r.settings, r.created, COUNT(g.idx) AS planned, "
            "COUNT(g.winner) AS finished FROM runs r LEFT JOIN games g ON g.run_key = r.run_key "
            "GROUP BY r.run_key ORDER BY r.created").fetchall()
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
            list(rows))
        self.db.commit()
        return cur.rowcount

    def finish(self, run_key: str, results: Iterable[dict], fingerprints: dict[int, str] | None = None) -> None:
        """Store finished games (``fingerprints``: game index -> digest of the rules it was
        played under); a game already finished is never overwritten."""
        now = time.time()
        fp = fingerprints or {}
        self.db.executemany(
            "UPDATE games SET winner = ?, decisions = ?, turns = ?, first_player = ?, duration = ?, actions = ?, "
            "fingerprint = ?, finished = ? WHERE run_key = ? AND idx = ? AND winner IS NULL",
            [(r["winner"], r["decisions"], r["turns"], r["first_player"], r["duration"], json.dumps(r["actions"]),
              fp.get(r["idx"]), now, run_key, r["idx"]) for r in results])
        self.db.commit()

    def pending(self, run_key: str) -> list[GameRecord]:
        rows = self.db.execute("SELECT * FROM games WHERE run_key = ? AND winner IS NULL ORDER BY idx",
                               (run_key,)).fetchall()
        return [GameRecord.from_row(r) for r in rows]

    def games(self, run_key: str, finished_only: bool = True) -> list[GameRecord]:
        where = " AND winner IS NOT NULL" if finished_only else ""
        rows = self.db.execute(f"SELECT * FROM games WHERE run_key = ?{where} ORDER BY idx", (run_key,)).fetchall()
        return [GameRecord.from_row(r) for r in rows]

    def game(self, run_key: str, idx: int) -> GameRecord:
        row = self.db.execute("SELECT * FROM games WHERE run_key = ? AND idx = ?", (run_key, idx)).fetchone()
        if row is None:
            raise ConfigError(f"no game {idx} in run {run_key!r} of {self.path}")
        return GameRecord.from_row(row)

    def fingerprints(self, run_key: str) -> dict[str, int]:
        """Finished games per fingerprint (more than one: the rules or cards changed mid-run)."""
        rows = self.db.execute("SELECT fingerprint, COUNT(*) FROM games WHERE run_key = ? AND winner IS NOT NULL "
                               "GROUP BY fingerprint", (run_key,)).fetchall()
        return {r[0]: r[1] for r in rows}

    def counts(self, run_key: str) -> tuple[int, int]:
        """(planned, finished) games of a run."""
        row = self.db.execute("SELECT COUNT(*), COUNT(winner) FROM games WHERE run_key = ?", (run_key,)).fetchone()
        return row[0], row[1]

    def slots_per_pair(self, run_key: str) -> dict[int, int]:
        """Planned games per pairing (the next slot number of each)."""
        rows = self.db.execute("SELECT pair, MAX(slot) + 1 FROM games WHERE run_key = ? GROUP BY pair",
                               (run_key,)).fetchall()
        return {r[0]: r[1] for r in rows}

    def next_index(self, run_key: str) -> int:
        row = self.db.execute("SELECT COALESCE(MAX(idx) + 1, 0) FROM games WHERE run_key = ?", (run_key,)).fetchone()
        return row[0]
