"""The arena's ray backend on a local Ray (2 CPUs): the same games and stored results as
the local backend, resumable after an interruption, the results file written by the
driver alone, one-line errors when Ray is missing or the address is wrong."""

from __future__ import annotations

import os
import sqlite3
import sys

import pytest
from cli_runs import kill_midway
from tcgzoo.agents import arena as arena_module
from tcgzoo.agents.arena import Arena, Entrant, GameFailure, LocalBackend, make_backend, play_pending
from tcgzoo.agents.base import ConfigError
from tcgzoo.agents.cli import main
from tcgzoo.agents.store import Store

pytestmark = pytest.mark.slow  # a local Ray per module: seconds of start-up and tear-down

R, H = Entrant("random"), Entrant("heuristic")
#: the stored columns that do not depend on when or where a game was played

VOLATILE = {"duration", "finished", "claimed_by", "claimed_at"}


def stored(path) -> list[tuple]:
    """Every row of the results file, every column but the wall-clock ones and the claims."""
    with sqlite3.connect(path) as db:
        db.row_factory = sqlite3.Row
        runs = [tuple(r)[:4] for r in db.execute("SELECT * FROM runs ORDER BY run_key")]  # not `created`
        games = [
            tuple(r[k] for k in r.keys() if k not in VOLATILE)
            for r in db.execute("SELECT * FROM games ORDER BY run_key, idx")
        ]
    return runs + games


class Interrupt(Exception):
    pass


def test_same_seed_same_stored_results_as_the_local_backend(tmp_path, local_ray) -> None:
    for backend in ("local", "ray"):
        with Store(tmp_path / f"{backend}.sqlite") as store:
            arena = Arena("battle_spirits", store, workers=2, backend=backend)
            res = arena.match(
                Entrant("heuristic", "red_rush"), Entrant("random", "purple_control"), 24, seed=5, paired=True
            )
            assert res.played == 24
            arena = Arena("toy_duel", store, workers=2, backend=backend)
            study = arena.winrate(["a", "b", "c"], agent="random", target=0.12, mirrors=True, seed=2, max_games=600)
            assert study.played > 100
    local, ray = stored(tmp_path / "local.sqlite"), stored(tmp_path / "ray.sqlite")
    with sqlite3.connect(tmp_path / "local.sqlite") as db:  # every planned game was played
        unplayed = db.execute("SELECT COUNT(*) FROM games WHERE winner IS NULL OR fingerprint IS NULL").fetchone()[0]
    assert len(local) > 130 and unplayed == 0
    assert ray == local


def test_an_interrupted_ray_run_resumes_to_the_same_games(tmp_path, local_ray) -> None:
    with Store(tmp_path / "full.sqlite") as store:
        full = Arena("toy_duel", store, workers=1).match(R, Entrant("mcts:10"), 200, seed=9)

    def stop(played: int) -> None:
        if played >= 30:
            raise Interrupt

    path = tmp_path / "cut.sqlite"
    with Store(path) as store:
        with pytest.raises(Interrupt):
            Arena("toy_duel", store, workers=2, backend="ray").match(R, Entrant("mcts:10"), 200, seed=9, on_stored=stop)
        planned, finished = store.counts(full.run_key)
        assert planned == 200 and 30 <= finished < 200
        held = store.db.execute("SELECT COUNT(*) FROM games WHERE winner IS NULL AND claimed_by IS NOT NULL")
        assert held.fetchone()[0] == 0  # the interrupted call gave its claims back
    with Store(path) as store:
        resumed = Arena("toy_duel", store, workers=2, backend="ray").match(R, Entrant("mcts:10"), 200, seed=9)
        assert resumed.resumed and resumed.played == 200 - finished
    assert stored(path) == stored(tmp_path / "full.sqlite")


def test_only_the_driver_writes_the_results_file(tmp_path, local_ray) -> None:
    path = str(tmp_path / "driver.sqlite")
    with Store(path) as store:
        res = Arena("toy_duel", store, backend="ray").match(R, H, 300, seed=1)
        owners = {r[0] for r in store.db.execute("SELECT DISTINCT claimed_by FROM games")}
        assert owners == {store.owner}  # every game was claimed (and so stored) by this store
    assert res.played == 300

    @local_ray.remote(num_cpus=1)
    def probe(p: str) -> tuple[int, list[str]]:
        """This worker's pid and its open files that are the results file or its side files."""
        import os as worker_os

        held = []
        for fd in worker_os.listdir("/proc/self/fd"):
            try:
                target = worker_os.readlink(f"/proc/self/fd/{fd}")
            except OSError:
                continue
            if target.startswith(p):
                held.append(target)
        return worker_os.getpid(), held

    # the workers that played the games (Ray keeps them) hold nothing of the file open
    seen = local_ray.get([probe.remote(path) for _ in range(8)])
    assert seen and all(not held for _, held in seen)
    assert os.getpid() not in {pid for pid, _ in seen}  # the games ran in other processes


def test_a_failing_game_is_reported_with_its_seed(tmp_path, local_ray, monkeypatch) -> None:
    monkeypatch.setenv("TCGZOO_TRUST_POLICY_FILES", "1")  # the driver's trust reaches the Ray workers
    crash = tmp_path / "crash.py"
    crash.write_text("def policy(observation, mask):\n    raise RuntimeError('boom')\n")
    with Store(":memory:") as store:
        with pytest.raises(GameFailure, match=r"game \d \(toy_duel, seed \d+.*boom"):
            Arena("toy_duel", store, workers=2, backend="ray").match(Entrant(f"policy:{crash}"), R, 4)
        held = store.db.execute("SELECT COUNT(*) FROM games WHERE claimed_by IS NOT NULL AND winner IS NULL")
        assert held.fetchone()[0] == 0


def test_chunks_grow_to_about_a_second_of_play() -> None:
    from tcgzoo.agents.ray_backend import FIRST_CHUNK, MAX_CHUNK, RayBackend

    size = RayBackend.chunk_size
    assert size(None, 10_000, 2, None) == FIRST_CHUNK  # play time not known yet: small first chunks
    assert size(None, 100_000, 2, 0.003) == 333  # ~1 s of 3 ms games
    assert size(None, 10_000, 2, 1.2) == 1  # slow search games: one a task
    assert size(None, 10**7, 2, 1e-5) == MAX_CHUNK
    assert size(None, 400, 2, 0.003) == 50  # the run's end: at least four chunks per CPU left
    assert size(None, 3, 2, 0.003) == 1


def test_cli_runs_match_tournament_and_winrate_on_ray(tmp_path, local_ray, capsys) -> None:
    db = str(tmp_path / "cli.sqlite")
    common = ["--game", "toy_duel", "--db", db, "--no-progress", "--backend", "ray"]
    assert main(["match", *common, "--agents", "random", "heuristic", "--games", "40"]) == 0
    assert "40 games stored, played 40" in capsys.readouterr().out
    assert main(["tournament", *common, "--entrants", "random", "heuristic", "mcts:5", "--games", "10"]) == 0
    assert "30 games stored, played 30" in capsys.readouterr().out
    assert (
        main(
            [
                "winrate",
                *common,
                "--decks",
                "a",
                "b",
                "--agent",
                "random",
                "--target",
                "0.2",
                "--max-games",
                "60",
                "--workers",
                "1",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "games stored" in out
    # the same commands again resume: nothing left to play
    assert main(["match", *common, "--agents", "random", "heuristic", "--games", "40"]) == 0
    assert "played 0 [resumed]" in capsys.readouterr().out


def test_backend_errors_are_one_line(tmp_path, capsys, monkeypatch) -> None:
    db = str(tmp_path / "e.sqlite")
    base = ["match", "--game", "toy_duel", "--agents", "random", "random", "--db", db, "--no-progress"]
    assert main([*base, "--ray-address", "127.0.0.1:6379"]) == 2
    assert "--ray-address needs --backend ray" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main([*base, "--backend", "spark"])
    capsys.readouterr()
    try:
        import ray
    except ImportError:  # the checks of an address need Ray; the rest of the test does not
        ray = None
    if ray is not None:
        import socket

        with socket.socket() as s:  # a port nobody listens on
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        assert main([*base, "--backend", "ray", "--ray-address", f"127.0.0.1:{port}"]) == 2
        err = capsys.readouterr().err
        assert f"no Ray cluster answers at 127.0.0.1:{port}" in err and "ray start --head" in err
        assert main([*base, "--backend", "ray", "--ray-address", "head-without-port"]) == 2
        assert "give host:port" in capsys.readouterr().err
    monkeypatch.setitem(sys.modules, "ray", None)  # as if Ray were not installed
    assert main([*base, "--backend", "ray"]) == 2
    assert "pip install 'tcgzoo[ray]'" in capsys.readouterr().err
    assert not os.path.exists(db)  # every error came before the results file was made
    with pytest.raises(ConfigError, match="unknown backend 'dask'"):
        make_backend("dask")
    assert isinstance(make_backend(None), LocalBackend)


def test_play_pending_takes_a_backend_object(local_ray) -> None:
    """One code path: the executor is the only thing a backend changes."""
    with Store(":memory:") as store:
        arena = Arena("toy_duel", store, workers=1)
        spec = arena_module.RunSpec("match", "toy_duel", [R, H], [(0, 1)], 3)
        key, _ = arena._start(spec, None)
        arena._plan_fixed(spec, key, 20)
        backend = make_backend("ray")
        assert play_pending(store, key, 2, backend=backend) == 20
        assert play_pending(store, key, 2, backend=backend) == 0


def test_a_killed_ray_run_resumes(tmp_path, local_ray) -> None:
    """The command on its own local Ray, killed mid-way with its whole process group (Ray
    included), then resumed on this test's Ray: no game lost or played twice, the same
    games as the local backend."""
    db = tmp_path / "kill.sqlite"
    cmd = [
        sys.executable,
        "-m",
        "tcgzoo.agents.cli",
        "match",
        "--game",
        "toy_duel",
        "--agents",
        "mcts:20",
        "random",
        "--games",
        "300",
        "--workers",
        "2",
        "--db",
        str(db),
        "--run",
        "k",
        "--no-progress",
        "--backend",
        "ray",
    ]
    kill_midway(cmd, db, 20, 60)  # the driver and the Ray it started
    with Store(db) as store:
        planned, finished = store.counts("k")
        assert planned == 300 and 20 <= finished < 300, "the run was not killed mid-way"
        res = Arena("toy_duel", store, workers=2, backend="ray").match(Entrant("mcts:20"), R, 300, run_key="k")
        assert res.played == 300 - finished
    with Store(tmp_path / "ref.sqlite") as store:
        Arena("toy_duel", store, workers=2).match(Entrant("mcts:20"), R, 300, run_key="k")
    assert stored(db) == stored(tmp_path / "ref.sqlite")
