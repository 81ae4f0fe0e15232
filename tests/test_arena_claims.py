"""Several processes on one results file: claims split the games (none played twice),
lapse when their owner dies or stops renewing them, and old files gain the claim columns."""

from __future__ import annotations

import json
import multiprocessing
import re
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from tcgzoo.agents import base
from tcgzoo.agents.arena import Arena, Entrant
from tcgzoo.agents.random_agent import RandomAgent
from tcgzoo.agents.store import Store

DECKS = ["a", "b", "c"]
STUDY = dict(agent="gated", target=0.1, mirrors=True, seed=5, run_key="study")


def outcome(records) -> list[tuple]:
    """Everything about the games except wall-clock durations and who played them."""
    return [
        (g.idx, g.pair, g.slot, g.seed, g.entrants, g.agents, g.agent_seeds, g.winner, g.decisions, g.actions)
        for g in records
    ]


def plan_match(store: Store, games: int) -> str:
    """A planned, unplayed match series (planning is all ``Arena.match`` does before play)."""
    from tcgzoo.agents.arena import RunSpec

    spec = RunSpec("match", "toy_duel", [Entrant("random"), Entrant("heuristic")], [(0, 1)])
    key = spec.default_key()
    store.open_run(key, spec.kind, spec.game, spec.settings())
    store.plan([spec.row(key, k, 0, k) for k in range(games)])
    return key


def test_claims_are_exclusive_and_lapse(tmp_path) -> None:
    path = tmp_path / "c.sqlite"
    with Store(path) as a, Store(path) as b:
        key = plan_match(a, 20)
        first = [g.idx for g in a.claim(key, 6)]
        second = [g.idx for g in b.claim(key, 6)]
        assert first == list(range(6)) and second == list(range(6, 12))
        assert b.claim(key, 20, below=12) == []  # the rest under 12 is a's
        # a claim not renewed within the lease lapses (as if a's clock stopped a lease ago)
        a.db.execute("UPDATE games SET claimed_at = claimed_at - ? WHERE idx < 3", (a.lease + 1,))
        a.db.commit()
        assert [g.idx for g in b.claim(key, 20, below=12)] == [0, 1, 2]
        a.renew(key, [3, 4, 5])  # renewing keeps only a's own claims, and these are still held
        assert b.claim(key, 20, below=12) == []
        a.release(key)  # a gives up (Ctrl-C): b may take them at once
        assert [g.idx for g in b.claim(key, 20, below=12)] == [3, 4, 5]
        # a finished game is never claimed again, and finishing it twice stores it once
        result = {
            "idx": 12,
            "winner": 0,
            "decisions": 1,
            "turns": None,
            "first_player": None,
            "duration": 0.0,
            "actions": [0],
        }
        assert a.finish(key, [result]) == 1 and b.finish(key, [result]) == 0
        assert 12 not in [g.idx for g in a.claim(key, 20)]


def test_a_dead_owners_claims_lapse_at_once(tmp_path) -> None:
    path = tmp_path / "d.sqlite"
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()  # a process id that no longer exists
    with Store(path) as a, Store(path) as b:
        key = plan_match(a, 10)
        a.claim(key, 4)
        host, _, _ = a.owner.split(":")
        a.db.execute("UPDATE games SET claimed_by = ? WHERE idx < 2", (f"{host}:{dead.pid}:0000",))
        a.db.execute("UPDATE games SET claimed_by = ? WHERE idx IN (2, 3)", ("elsewhere:1:0000",))
        a.db.commit()
        # the dead owner's games are free; another machine's claim holds until its lease ends
        assert [g.idx for g in b.claim(key, 10, below=4)] == [0, 1]


OLD_SCHEMA = """
CREATE TABLE runs (run_key TEXT PRIMARY KEY, kind TEXT NOT NULL, game TEXT NOT NULL, settings TEXT NOT NULL,
                   created REAL NOT NULL);
CREATE TABLE games (run_key TEXT NOT NULL REFERENCES runs(run_key), idx INTEGER NOT NULL, pair INTEGER NOT NULL,
    slot INTEGER NOT NULL, game TEXT NOT NULL, options TEXT NOT NULL, seed INTEGER NOT NULL, entrant0 TEXT NOT NULL,
    entrant1 TEXT NOT NULL, agent0 TEXT NOT NULL, agent1 TEXT NOT NULL, deck0 TEXT, deck1 TEXT,
    agent_seed0 INTEGER NOT NULL, agent_seed1 INTEGER NOT NULL, winner INTEGER, decisions INTEGER, turns INTEGER,
    first_player INTEGER, duration REAL, actions TEXT, fingerprint TEXT, finished REAL, PRIMARY KEY (run_key, idx));
CREATE INDEX games_pending ON games(run_key, winner);
"""


def test_an_old_results_file_is_migrated_and_resumes(tmp_path) -> None:
    with Store(tmp_path / "ref.sqlite") as store:
        ref = Arena("toy_duel", store, workers=1).match(Entrant("random"), Entrant("heuristic"), 30, seed=2)
        rows = store.db.execute("SELECT * FROM games").fetchall()
        run = store.db.execute("SELECT * FROM runs").fetchone()
    old = tmp_path / "old.sqlite"
    with sqlite3.connect(old) as c:  # the file as the first release wrote it: 20 of 30 games played
        c.executescript(OLD_SCHEMA)
        c.execute("INSERT INTO runs VALUES (?, ?, ?, ?, ?)", tuple(run))
        names = [k for k in rows[0].keys() if k not in ("claimed_by", "claimed_at", "position")]
        c.executemany(
            f"INSERT INTO games ({', '.join(names)}) VALUES ({', '.join('?' * len(names))})",
            [
                tuple(r[k] for k in names)
                if r["idx"] < 20
                else tuple(
                    None
                    if k
                    in (
                        "winner",
                        "decisions",
                        "turns",
                        "first_player",
                        "duration",
                        "actions",
                        "fingerprint",
                        "finished",
                    )
                    else r[k]
                    for k in names
                )
                for r in rows
            ],
        )
    with Store(old) as store:
        columns = {r["name"] for r in store.db.execute("PRAGMA table_info(games)")}
        assert {"claimed_by", "claimed_at", "position"} <= columns
        res = Arena("toy_duel", store, workers=1).match(Entrant("random"), Entrant("heuristic"), 30, seed=2)
    assert res.resumed and res.played == 10 and outcome(res.records) == outcome(ref.records)
    with Store(old) as store:  # opening a migrated file again changes nothing
        assert store.counts(res.run_key) == (30, 30)


# ---- two real processes on one study --------------------------------------------------------------
class GatedRandom(RandomAgent):
    """The random agent, except that in the process given a gate it waits, before every
    move, until the gate file exists: the test holds one process mid-chunk (its claims
    taken, no transaction open) while the other works, so both surely take part."""

    gate: Path | None = None

    def act(self, state, player: int) -> int:
        deadline = time.monotonic() + 120
        while GatedRandom.gate is not None and not GatedRandom.gate.exists():
            if time.monotonic() > deadline:
                raise RuntimeError(f"gate {GatedRandom.gate} never opened")
            time.sleep(0.005)
        return super().act(state, player)


def gated(arg, game):
    base.no_argument("gated", arg)
    return GatedRandom()


def run_study(db: str, gate: str | None, out: str) -> None:
    """One process's share of the study (a child process: its own store, its own agent gate)."""
    GatedRandom.gate = None if gate is None else Path(gate)
    with Store(db) as store:
        res = Arena("toy_duel", store, workers=1).winrate(DECKS, **STUDY)
        Path(out).write_text(json.dumps({"played": res.played, "owner": store.owner, "games": len(res.records)}))


def finished_by(db: Path, pid: int) -> int:
    try:
        with sqlite3.connect(db) as c:
            return c.execute(
                "SELECT COUNT(*) FROM games WHERE winner IS NOT NULL AND claimed_by LIKE ?", (f"%:{pid}:%",)
            ).fetchone()[0]
    except sqlite3.OperationalError:  # not created yet
        return 0


def claimed_by(db: Path, pid: int) -> int:
    try:
        with sqlite3.connect(db) as c:
            return c.execute("SELECT COUNT(*) FROM games WHERE claimed_by LIKE ?", (f"%:{pid}:%",)).fetchone()[0]
    except sqlite3.OperationalError:
        return 0


def wait_for(condition, what: str, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {seconds:.0f} s for {what}")
        time.sleep(0.01)


def test_two_processes_share_one_study(tmp_path, monkeypatch) -> None:
    monkeypatch.setitem(base._REGISTRY, "gated", gated)  # inherited by the forked children
    db, gate = tmp_path / "shared.sqlite", tmp_path / "gate"
    ctx = multiprocessing.get_context("fork")
    first = ctx.Process(target=run_study, args=(str(db), str(gate), str(tmp_path / "first.json")))
    first.start()
    try:
        wait_for(lambda: claimed_by(db, first.pid) > 0, "the first process to claim games")
        # the first process now waits at its gate holding one chunk; the second does the rest
        second = ctx.Process(target=run_study, args=(str(db), None, str(tmp_path / "second.json")))
        second.start()
        wait_for(lambda: finished_by(db, second.pid) > 0, "the second process to finish games")
        gate.touch()
        for p in (first, second):
            p.join(120)
    finally:
        gate.touch()
        for p in (first, second) if "second" in locals() else (first,):
            if p.is_alive():
                p.kill()
    assert first.exitcode == 0 and second.exitcode == 0
    a, b = (json.loads((tmp_path / f"{n}.json").read_text()) for n in ("first", "second"))
    with Store(db) as store:
        planned, finished = store.counts("study")
        shared = store.games("study")
        owners = [r[0] for r in store.db.execute("SELECT claimed_by FROM games ORDER BY idx")]
    assert planned == finished == a["games"] == b["games"]  # every planned game finished, both saw all of them
    assert a["played"] + b["played"] == planned  # and each was played once: none by both processes
    assert a["played"] > 0 and b["played"] > 0
    assert owners.count(a["owner"]) == a["played"] and owners.count(b["owner"]) == b["played"]
    GatedRandom.gate = None
    with Store(tmp_path / "alone.sqlite") as store:
        alone = Arena("toy_duel", store, workers=1).winrate(DECKS, **STUDY)
    assert len(alone.records) > 240  # several rounds, each planned once
    assert outcome(shared) == outcome(alone.records)


def test_two_copies_of_a_command_play_each_game_once(tmp_path) -> None:
    """The user's case: the same command twice, at once, on one file."""
    db = tmp_path / "twice.sqlite"
    argv = [
        sys.executable,
        "-m",
        "tcgzoo.agents.cli",
        "match",
        "--game",
        "toy_duel",
        "--agents",
        "mcts:10",
        "random",
        "--games",
        "200",
        "--workers",
        "1",
        "--db",
        str(db),
        "--no-progress",
        "--run",
        "m",
    ]
    procs = [subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(2)]
    outs = [p.communicate(timeout=300) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], [err for _, err in outs]
    played = [int(re.search(r"200 games stored, played (\d+)", out).group(1)) for out, _ in outs]
    assert sum(played) == 200
    with Store(tmp_path / "ref.sqlite") as store:
        ref = Arena("toy_duel", store, workers=1).match(Entrant("mcts:10"), Entrant("random"), 200, run_key="m")
    with Store(db) as store:
        assert outcome(store.games("m")) == outcome(ref.records)


def test_switching_a_new_file_to_wal_waits_for_the_other_copy() -> None:
    """Two copies of one command open one new file at once: sqlite answers 'database is
    locked' to the WAL switch without waiting (a clean-clone CI run met it); the store
    retries until the other copy is done, and still raises other errors at once."""
    import sqlite3 as _sqlite3

    from tcgzoo.agents.store import _use_wal

    class Busy:
        """A connection whose first two journal-mode switches meet the other copy's lock."""

        def __init__(self, error: str) -> None:
            self.error, self.tries, self.mode = error, 0, "delete"

        def execute(self, sql: str):
            if sql == "PRAGMA journal_mode=WAL":
                self.tries += 1
                if self.tries <= 2:
                    raise _sqlite3.OperationalError(self.error)
                self.mode = "wal"
            outer = self

            class Rows:
                def fetchone(self):
                    return (outer.mode,)

            return Rows()

    db = Busy("database is locked")
    _use_wal(db, timeout=5.0)
    assert db.mode == "wal" and db.tries == 3
    with pytest.raises(_sqlite3.OperationalError, match="disk I/O error"):
        _use_wal(Busy("disk I/O error"), timeout=5.0)
