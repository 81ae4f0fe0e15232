"""Arena runs on Toy Duel: reproducible across worker counts, resumable after an
interruption or a kill, replayable from the store, and adaptive sampling that stops."""

from __future__ import annotations

import sys

import pytest
from cli_runs import kill_midway
from tcgzoo.agents.arena import Arena, Entrant, derive_seed
from tcgzoo.agents.base import ConfigError
from tcgzoo.agents.games import make_game
from tcgzoo.agents.stats import MatchupTable
from tcgzoo.agents.store import Store
from tcgzoo.envs.core.engine import replay

R, H = Entrant("random"), Entrant("heuristic")


def outcome(records) -> list[tuple]:
    """Everything about the games except wall-clock durations."""
    return [
        (g.idx, g.pair, g.slot, g.seed, g.entrants, g.agents, g.agent_seeds, g.winner, g.decisions, g.actions)
        for g in records
    ]


class Interrupt(Exception):
    pass


def test_results_do_not_depend_on_the_number_of_workers(tmp_path) -> None:
    runs = []
    for workers in (1, 2):
        with Store(tmp_path / f"w{workers}.sqlite") as store:
            res = Arena("toy_duel", store, workers=workers).match(R, Entrant("mcts:10"), 60, seed=3)
            assert res.played == 60 and len(res.records) == 60
            runs.append((res.run_key, outcome(res.records)))
    assert runs[0] == runs[1]
    assert len({g[3] for g in runs[0][1]}) == 60  # every game its own deal


def test_seats_alternate_and_paired_games_share_the_deal() -> None:
    with Store(":memory:") as store:
        arena = Arena("toy_duel", store, workers=1)
        plain = arena.match(R, H, 8, seed=1).records
        paired = arena.match(R, H, 8, seed=1, paired=True).records
    assert [g.entrants for g in plain] == [("random", "heuristic"), ("heuristic", "random")] * 4
    assert len({g.seed for g in plain}) == 8
    assert [g.entrants for g in paired] == [g.entrants for g in plain]
    for a, b in zip(paired[::2], paired[1::2]):
        assert a.seed == b.seed and a.agent_seeds != b.agent_seeds
    assert plain[0].seed == derive_seed(1, "deal", 0, 0) and paired[3].seed == derive_seed(1, "deal", 0, 1)


def test_interrupted_run_resumes_without_losing_or_repeating_a_game(tmp_path) -> None:
    with Store(tmp_path / "full.sqlite") as store:
        full = Arena("toy_duel", store, workers=1).match(R, H, 300, seed=9)
    path = tmp_path / "cut.sqlite"

    def stop(stored: int) -> None:
        if stored >= 40:
            raise Interrupt

    for workers in (1, 2):
        path.unlink(missing_ok=True)
        with Store(path) as store:
            with pytest.raises(Interrupt):
                Arena("toy_duel", store, workers=workers).match(R, H, 300, seed=9, on_stored=stop)
            planned, finished = store.counts(full.run_key)
            assert planned == 300 and 40 <= finished < 300
        with Store(path) as store:
            resumed = Arena("toy_duel", store, workers=2).match(R, H, 300, seed=9)
            assert resumed.resumed and resumed.played == 300 - finished
            assert outcome(resumed.records) == outcome(full.records)
            again = Arena("toy_duel", store, workers=2).match(R, H, 300, seed=9)
            assert again.played == 0 and len(again.records) == 300


def test_killed_process_resumes(tmp_path) -> None:
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
        "240",
        "--workers",
        "2",
        "--db",
        str(db),
        "--run",
        "k",
        "--no-progress",
    ]
    kill_midway(cmd, db, 20, 30)  # the run and its workers
    with Store(db) as store:
        planned, finished = store.counts("k")
        assert planned == 240 and 20 <= finished < 240, "the run was not killed mid-way"
        res = Arena("toy_duel", store, workers=2).match(Entrant("mcts:20"), R, 240, run_key="k")
        assert res.played == 240 - finished
        assert sorted(g.idx for g in res.records) == list(range(240))
    with Store(tmp_path / "ref.sqlite") as store:
        ref = Arena("toy_duel", store, workers=2).match(Entrant("mcts:20"), R, 240, run_key="k")
    assert outcome(res.records) == outcome(ref.records)


def test_stored_games_replay_to_the_stored_winner(tmp_path) -> None:
    with Store(tmp_path / "r.sqlite") as store:
        res = Arena("toy_duel", store, workers=1).round_robin([R, H, Entrant("mcts:8")], 10, seed=2)
        games = store.games(res.run_key)
    assert len(games) == 30
    for g in games:
        state = replay(make_game(g.game, g.decks, g.options), g.seed, g.actions)
        assert state.is_terminal()
        r = state.returns()
        assert g.winner == (0 if r[0] > r[1] else 1 if r[1] > r[0] else -1)
        assert g.decisions == len(g.actions) and g.duration >= 0


def test_growing_a_run_keeps_its_games_and_settings_are_checked() -> None:
    with Store(":memory:") as store:
        arena = Arena("toy_duel", store, workers=1)
        small = arena.match(R, H, 10, seed=5)
        grown = arena.match(R, H, 20, seed=5)
        assert grown.run_key == small.run_key and grown.played == 10
        assert outcome(grown.records)[:10] == outcome(small.records)
        with pytest.raises(ConfigError, match="other settings"):
            arena.match(R, H, 20, seed=6, run_key=small.run_key)
    with Store(":memory:") as store:
        fresh = Arena("toy_duel", store, workers=1).match(R, H, 20, seed=5)
    assert outcome(fresh.records) == outcome(grown.records)


def test_round_robin_and_gauntlet_pairings() -> None:
    entrants = [R, H, Entrant("mcts:5")]
    with Store(":memory:") as store:
        arena = Arena("toy_duel", store, workers=1)
        rr = arena.round_robin(entrants, 4)
        t = rr.table()
        assert len(rr.records) == 12
        for a in entrants:
            for b in entrants:
                if a != b:
                    m = t.cell(a.label, b.label)
                    assert m.games == 4 and m.seat_games == [2, 2]
        g = arena.gauntlet([Entrant("mcts:5")], [R, H], 6)
        pairs = {frozenset(r.entrants) for r in g.records}
        assert pairs == {frozenset({"mcts:5", "random"}), frozenset({"mcts:5", "heuristic"})}
        with pytest.raises(ConfigError, match="appear twice"):
            arena.round_robin([R, R], 2)
        with pytest.raises(ConfigError, match="every entrant or to none"):
            arena.round_robin([R, Entrant("heuristic", "x")], 2)
    assert Entrant.parse("mcts:iterations=5@red_rush") == Entrant("mcts:iterations=5", "red_rush")
    assert Entrant.parse("random").label == "random" and Entrant("random", "d").label == "random@d"


def test_adaptive_winrate_narrows_every_interval_or_stops_at_the_cap() -> None:
    with Store(":memory:") as store:
        arena = Arena("toy_duel", store, workers=1)
        res = arena.winrate(["a", "b", "c"], agent="random", target=0.1, mirrors=True, seed=1)
        t = MatchupTable(res.records)
        assert len(t.cells) == 9  # 3 matchups, each seen from both sides, + 3 mirrors
        assert all(m.half_width() <= 0.1 for m in t.rows())
        assert all(m.games % 2 == 0 for m in t.rows())  # paired deals
        capped = arena.winrate(["a", "b", "c"], agent="random", target=0.01, max_games=150, seed=2)
        assert len(capped.records) <= 150 and len(capped.records) >= 140
        wide = [m.half_width() for m in MatchupTable(capped.records).rows()]
        assert max(wide) > 0.01
        # deterministic: a second study with the same seed in a fresh store is the same
    with Store(":memory:") as store:
        again = Arena("toy_duel", store, workers=2).winrate(
            ["a", "b", "c"], agent="random", target=0.1, mirrors=True, seed=1
        )
    assert outcome(again.records) == outcome(res.records)


def test_a_failing_game_is_reported_with_its_seed(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("TCGZOO_TRUST_POLICY_FILES", "1")  # policy files run code; the test wrote these
    bad = tmp_path / "bad.py"
    bad.write_text("def policy(observation, mask):\n    return 3 if mask[3] else 0\n")  # passes at once: legal
    crash = tmp_path / "crash.py"
    crash.write_text("def policy(observation, mask):\n    raise RuntimeError('boom')\n")
    with Store(":memory:") as store:
        arena = Arena("toy_duel", store, workers=1)
        ok = arena.match(Entrant(f"policy:{bad}"), R, 4)
        assert len(ok.records) == 4
        with pytest.raises(RuntimeError, match=r"game 0 \(toy_duel, seed \d+.*boom"):
            arena.match(Entrant(f"policy:{crash}"), R, 4)


def test_games_record_the_rules_they_were_played_under(tmp_path) -> None:
    from tcgzoo.agents.games import fingerprint

    path = tmp_path / "fp.sqlite"
    with Store(path) as store:
        res = Arena("toy_duel", store, workers=1).match(R, H, 6)
        assert {g.fingerprint for g in res.records} == {fingerprint("toy_duel")} and not res.mixed
        # as if the card data had changed after the first games: a resumed run says so
        store.db.execute("UPDATE games SET fingerprint = 'old' WHERE idx < 3")
        store.db.commit()
        again = Arena("toy_duel", store, workers=1).match(R, H, 6)
        assert again.mixed and again.fingerprints == {"old": 3, fingerprint("toy_duel"): 3}
