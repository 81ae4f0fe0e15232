"""The win-rate study's planner: the budget goes where the intervals are widest, the cap
holds (paired deals, odd caps), a capped study knows what it missed, one progress bar
spans the study, and an interrupted or killed study resumes to the same games."""

from __future__ import annotations

import random
import signal
import sys

import pytest
from cli_runs import kill_midway
from tcgzoo.agents import arena as arena_module
from tcgzoo.agents.arena import Arena
from tcgzoo.agents.base import ConfigError
from tcgzoo.agents.stats import allocate, games_to_target, plan_round, shrunk_rate, wilson, wilson_half_width
from tcgzoo.agents.store import Store

Z95 = 1.959963984540054
DECKS = ["a", "b", "c"]


def outcome(records) -> list[tuple]:
    """Everything about the games except wall-clock durations and who played them."""
    return [
        (g.idx, g.pair, g.slot, g.seed, g.entrants, g.agents, g.agent_seeds, g.winner, g.decisions, g.actions)
        for g in records
    ]


def widest(cells, extra) -> float:
    """The widest interval predicted at the shrunk rates after ``extra`` more games."""
    return max(wilson_half_width(shrunk_rate(s, n), n + k, Z95) for (n, s), k in zip(cells, extra))


# ---- the allocation, on synthetic tables ---------------------------------------------------------
@pytest.mark.parametrize("budget, step", [(0, 1), (1, 2), (7, 1), (7, 2), (1001, 2), (1000, 1), (999, 3)])
def test_allocation_stays_within_the_budget_in_whole_steps(budget: int, step: int) -> None:
    cells = [(20, 2.0), (20, 10.0), (20, 19.0), (40, 21.5)]
    extra = allocate(cells, budget, target=0.001, step=step)
    assert sum(extra) <= budget and budget - sum(extra) < step  # all of it, up to one step
    assert all(k % step == 0 and k >= 0 for k in extra)


def test_allocation_beats_an_even_split_on_a_synthetic_table() -> None:
    # rates from lopsided to even: the even matchups need the most games
    cells = [(20, 1.0), (20, 10.0), (20, 18.0), (20, 9.0), (20, 14.0), (20, 0.0)]
    for budget in (60, 600, 6000):
        extra = allocate(cells, budget, target=0.001, step=2)
        even = [budget // len(cells)] * len(cells)
        assert widest(cells, extra) <= widest(cells, even)
        assert extra[1] > extra[0] and extra[1] > extra[5]  # the 50% matchup gets more than the lopsided ones
    assert widest(cells, allocate(cells, 6000, 0.001, 2)) < 0.97 * widest(cells, [1000] * 6)


def test_an_extreme_early_estimate_does_not_starve_a_matchup() -> None:
    # 0 of 20 looks like a certain loss; its shrunk rate still asks for games
    cells = [(20, 0.0), (20, 10.0)]
    extra = allocate(cells, 10_000, target=0.05, step=2)
    assert extra[0] > 0 and extra[0] == games_to_target(0.0, 20, 0.05, 2)
    assert wilson_half_width(shrunk_rate(0.0, 20), 20 + extra[0], Z95) <= 0.05
    # a matchup already within the target gets nothing, one outside it gets at least a step
    assert allocate([(4000, 2000.0), (30, 15.0)], 100, target=0.05, step=2)[0] == 0
    assert games_to_target(2000.0, 4000, 0.05) == 0


def test_games_to_target_matches_an_unlimited_allocation() -> None:
    cells = [(20, 3.0), (20, 10.0), (100, 80.0), (2, 1.0)]
    extra = allocate(cells, 10**7, target=0.03, step=2)
    assert extra == [games_to_target(s, n, 0.03, 2) for n, s in cells]
    for (n, s), k in zip(cells, extra):  # the fewest: one step less would not do
        assert wilson_half_width(shrunk_rate(s, n), n + k, Z95) <= 0.03
        assert wilson_half_width(shrunk_rate(s, n), n + k - 2, Z95) > 0.03


def test_rounds_beat_an_even_split_when_played_out() -> None:
    """Simulated studies with known true rates: the rounds of ``plan_round`` end with a
    narrower widest interval than an even split of the same games with the same luck."""
    true = [0.03, 0.5, 0.9, 0.45, 0.15, 0.7]
    for seed in range(5):
        rng = random.Random(seed)
        draws = [[rng.random() < p for _ in range(20_000)] for p in true]  # each matchup's games, in order
        games = [20] * len(true)
        cap = 3000
        while True:
            cells = [(n, sum(draws[p][:n])) for p, n in enumerate(games)]
            extra = plan_round(cells, cap - sum(games), target=0.001, step=2)
            if not any(extra):
                break
            assert sum(games) + sum(extra) <= cap and sum(extra) <= sum(games)  # a round at most doubles
            games = [n + k for n, k in zip(games, extra)]
        assert sum(games) == cap

        def worst(ns, draws=draws):
            return max(
                (wilson(sum(draws[p][:n]), n)[1] - wilson(sum(draws[p][:n]), n)[0]) / 2 for p, n in enumerate(ns)
            )

        assert worst(games) < worst([cap // len(true)] * len(true))


# ---- the cap, on real games --------------------------------------------------------------------
@pytest.mark.parametrize("paired, cap", [(True, 61), (True, 150), (True, 13), (False, 61), (False, 77)])
def test_the_cap_is_never_exceeded(paired: bool, cap: int) -> None:
    with Store(":memory:") as store:
        res = Arena("toy_duel", store, workers=1).winrate(
            DECKS, agent="random", target=0.01, max_games=cap, mirrors=True, paired=paired, seed=4
        )
        planned, finished = store.counts(res.run_key)
    step = 2 if paired else 1
    assert planned == finished == len(res.records) == res.played
    assert cap - step < planned <= cap  # every game the cap allows, and not one more
    if paired:  # a deal is never split: every matchup has whole pairs of games
        slots = {}
        for g in res.records:
            slots.setdefault(g.pair, []).append(g.slot)
        assert all(sorted(s) == list(range(len(s))) and len(s) % 2 == 0 for s in slots.values())
    assert res.study.capped and res.study.wide and all(w > 0.01 for *_, w in res.study.wide)


def test_resuming_with_more_min_games_keeps_to_the_cap() -> None:
    study = dict(agent="random", target=0.01, paired=False, seed=2, run_key="s")
    with Store(":memory:") as store:
        arena = Arena("toy_duel", store, workers=1)
        before = arena.winrate(DECKS, max_games=100, min_games=10, **study)
        games = [sum(g.pair == p for g in before.records) for p in range(3)]
        # topping every matchup up to min(50, 105 // 3) = 35 games would need more than the 5 left
        assert sum(max(0, 35 - n) for n in games) > 5
        after = arena.winrate(DECKS, max_games=105, min_games=50, **study)
        assert store.counts("s") == (105, 105) and len(after.records) == 105
        assert outcome(after.records)[:100] == outcome(before.records)


def test_a_smaller_cap_leaves_games_planned_under_a_larger_one_unplayed() -> None:
    study = dict(agent="random", target=0.01, mirrors=True, seed=3, run_key="s")

    def stop(played: int) -> None:
        if played >= 130:  # in the second round: 240 games planned
            raise Interrupt

    with Store(":memory:") as store:
        arena = Arena("toy_duel", store, workers=1)
        with pytest.raises(Interrupt):
            arena.winrate(DECKS, max_games=400, on_stored=stop, **study)
        assert store.counts("s")[0] == 240
        small = arena.winrate(DECKS, max_games=150, **study)
        assert store.counts("s") == (240, 150) and store.counts("s", below=150) == (150, 150)
        assert small.study.unplayed_beyond_cap == 90 and small.study.planned == 240
        grown = arena.winrate(DECKS, max_games=400, **study)  # a larger cap plays them, then plans on
        assert store.counts("s") == (400, 400) and grown.study.unplayed_beyond_cap == 0


def test_a_cap_below_one_step_per_matchup_is_an_error() -> None:
    with Store(":memory:") as store:
        arena = Arena("toy_duel", store, workers=1)
        with pytest.raises(ConfigError, match="max_games 11 leaves no room for 2 games per matchup"):
            arena.winrate(DECKS, agent="random", max_games=11, mirrors=True)
        with pytest.raises(ConfigError, match="target 0"):
            arena.winrate(DECKS, agent="random", target=0)


# ---- one progress bar ------------------------------------------------------------------------------
class FakeBar:
    """Stands in for tqdm: records what the study does to its bar."""

    made: list[FakeBar] = []

    def __init__(self, total: int, initial: int, desc: str) -> None:
        self.total, self.n, self.totals, self.closed = total, initial, [total], False
        FakeBar.made.append(self)

    def update(self, k: int) -> None:
        self.n += k

    def refresh(self) -> None:
        self.totals.append(self.total)

    def close(self) -> None:
        self.closed = True


def test_one_progress_bar_spans_the_study(monkeypatch) -> None:
    FakeBar.made = []
    monkeypatch.setattr(arena_module, "_progress_bar", FakeBar)
    with Store(":memory:") as store:
        res = Arena("toy_duel", store, workers=1, progress=True).winrate(
            DECKS, agent="random", target=0.1, mirrors=True, seed=1
        )
    (bar,) = FakeBar.made  # made once, not once per round
    assert bar.closed and bar.n == bar.total == len(res.records)
    assert len(set(bar.totals)) >= 3 and bar.totals == sorted(bar.totals)  # it grew round by round


# ---- resuming --------------------------------------------------------------------------------------
class Interrupt(Exception):
    pass


def test_an_interrupted_study_resumes_to_the_same_games(tmp_path) -> None:
    settings = dict(agent="random", target=0.08, mirrors=True, seed=7, max_games=900)
    with Store(tmp_path / "full.sqlite") as store:
        full = Arena("toy_duel", store, workers=1).winrate(DECKS, **settings)
    assert len(full.records) > 240  # several rounds
    for stop_at in (5, 130, 240):  # in the first round (120 games), in the second, as the second ends
        path = tmp_path / f"cut{stop_at}.sqlite"

        def stop(played: int, stop_at: int = stop_at) -> None:
            if played >= stop_at:
                raise Interrupt

        with Store(path) as store:
            with pytest.raises(Interrupt):
                Arena("toy_duel", store, workers=1).winrate(DECKS, on_stored=stop, **settings)
            claimed = store.db.execute("SELECT COUNT(*) FROM games WHERE winner IS NULL AND claimed_by IS NOT NULL")
            assert claimed.fetchone()[0] == 0  # the interrupted call gave its claims back
        with Store(path) as store:
            resumed = Arena("toy_duel", store, workers=2).winrate(DECKS, **settings)
        assert resumed.resumed and outcome(resumed.records) == outcome(full.records)
        assert resumed.study == full.study


def test_a_killed_study_resumes_to_the_same_games(tmp_path) -> None:
    db = tmp_path / "kill.sqlite"
    argv = [
        "winrate",
        "--game",
        "toy_duel",
        "--decks",
        *DECKS,
        "--agent",
        "mcts:10",
        "--mirrors",
        "--target",
        "0.1",
        "--workers",
        "2",
        "--run",
        "k",
        "--no-progress",
    ]
    code = kill_midway([sys.executable, "-m", "tcgzoo.agents.cli", *argv, "--db", str(db)], db, 150, 60)  # into round 2
    assert code == -signal.SIGKILL, "the study ended before it could be killed"
    with Store(db) as store:
        planned, finished = store.counts("k")
        assert finished >= 150, "the study was killed before its second round"
        res = Arena("toy_duel", store, workers=2).winrate(DECKS, agent="mcts:10", target=0.1, mirrors=True, run_key="k")
    with Store(tmp_path / "ref.sqlite") as store:
        ref = Arena("toy_duel", store, workers=1).winrate(DECKS, agent="mcts:10", target=0.1, mirrors=True, run_key="k")
    assert outcome(res.records) == outcome(ref.records)
