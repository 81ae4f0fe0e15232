"""The league: opponents drawn by how hard they are, snapshots in the pool, evaluations
stored in the arena database with Wilson intervals, and TensorBoard curves.

The sampler's arithmetic is checked directly; a tiny league run (a few hundred steps of
Battle Spirits) checks what a run leaves behind, and that the same seed gives the same run.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from tcgzoo.agents.base import ConfigError
from tcgzoo.training.league import League


def test_members_are_weighted_by_the_learners_loss_rate_against_them():
    league = League({"heuristic": 0.5, "random": 0.5}, power=1.0, window=10, floor=0.0)
    for _ in range(8):
        league.record("heuristic", -1.0)  # the learner loses every game to the heuristic
        league.record("random", 1.0)  # and wins every game against random
    assert league.loss_rate("heuristic") == pytest.approx(9 / 10)  # one win and one loss of prior
    assert league.loss_rate("random") == pytest.approx(1 / 10)
    w = league.weights([])
    assert w == pytest.approx({"heuristic": 0.9, "random": 0.1})
    squared = League({"heuristic": 0.5, "random": 0.5}, power=2.0, floor=0.0, results=league.results)
    assert squared.weights([])["heuristic"] == pytest.approx(0.81 / 0.82)  # harder opponents count more


def test_draws_count_half_a_member_not_met_counts_even_and_old_results_leave_the_window():
    league = League({"heuristic": 1.0}, window=4)
    assert league.loss_rate("heuristic") == 0.5 and league.games("heuristic") == 0
    league.record("heuristic", 0.0)
    assert league.loss_rate("heuristic") == pytest.approx((0.5 + 1) / 3)
    for _ in range(4):
        league.record("heuristic", 1.0)
    assert league.games("heuristic") == 4 and league.loss_rate("heuristic") == pytest.approx(1 / 6)


def test_snapshots_share_selfs_part_and_the_floor_keeps_easy_members_in_play():
    league = League({"self": 0.5, "heuristic": 0.5}, power=2.0, floor=0.1)
    assert league.weights([]) == {"heuristic": 1.0}  # no snapshot yet: self's share goes to the rest
    w = league.weights(["self#100", "self#200"])
    assert w == pytest.approx({"self#100": 0.25, "self#200": 0.25, "heuristic": 0.5})  # nothing known yet
    for _ in range(50):
        league.record("self#100", 1.0)
    w = league.weights(["self#100", "self#200"])
    assert w["self#100"] < w["self#200"] and w["self#100"] > 0
    flat = League({"self": 0.5, "heuristic": 0.5}, power=0.0, results=league.results)
    assert flat.weights(["self#100", "self#200"]) == pytest.approx(
        {"self#100": 0.25, "self#200": 0.25, "heuristic": 0.5}
    )
    assert League({"self": 1.0}).weights([]) == {}


def test_bad_league_settings_are_errors_naming_the_setting():
    with pytest.raises(ConfigError, match="power"):
        League({"heuristic": 1.0}, power=-1)
    with pytest.raises(ConfigError, match="window"):
        League({"heuristic": 1.0}, window=0)
    with pytest.raises(ConfigError, match="floor"):
        League({"heuristic": 1.0}, floor=2)
    with pytest.raises(ConfigError, match="shares"):
        League({})


# ---- with the trainer ---------------------------------------------------------------------------
pytest.importorskip("stable_baselines3")
pytest.importorskip("sb3_contrib")


def test_the_pool_draws_by_the_leagues_weights_and_refuses_unknown_members():
    from tcgzoo.training.single_agent import OpponentPool

    pool = OpponentPool("battle_spirits", {"random": 0.5, "heuristic": 0.5})
    rng = np.random.default_rng(0)
    pool.set_members({"heuristic": 1.0, "random": 0.0})
    assert {pool.draw(rng) for _ in range(50)} == {"heuristic"}
    pool.set_members({"heuristic": 1.0, "random": 3.0})
    draws = [pool.draw(rng) for _ in range(2000)]
    assert 0.70 < draws.count("random") / len(draws) < 0.80
    with pytest.raises(ValueError, match="self#5"):
        pool.set_members({"self#5": 1.0})
    pool.set_members(None)
    assert {pool.draw(rng) for _ in range(50)} == {"random", "heuristic"}


def _league_config(tmp_path, name: str):
    from training_runs import tiny_config

    return tiny_config(
        tmp_path,
        name,
        seed=4,
        steps=768,
        league=True,
        snapshot_every=256,
        eval_every=512,
        eval_games=2,
        eval_opponents=["heuristic"],
        db=str(tmp_path / name / "arena.sqlite"),
        opponents={"self": 0.5, "heuristic": 0.25, "mcts:iterations=2,depth=0": 0.25},
    )


@pytest.fixture(scope="module")
def league_runs(tmp_path_factory):
    from tcgzoo.training.train import train

    tmp = tmp_path_factory.mktemp("league")
    return tmp, [train(_league_config(tmp, name)) for name in ("a", "b")]


def test_a_league_run_adds_its_snapshots_to_the_pool_as_loadable_policy_files(league_runs, monkeypatch):
    from tcgzoo.agents.base import make_agent

    _, (result, _) = league_runs
    files = sorted((result.out / "snapshots").glob("step_*.safetensors"))
    steps = sorted(int(f.stem.split("_")[1]) for f in files)
    assert steps[:2] == [256, 512] and len(steps) >= 2
    monkeypatch.delenv("TCGZOO_TRUST_POLICY_FILES", raising=False)  # safetensors: no trust needed
    agent = make_agent(f"policy:{files[0]}", "battle_spirits")
    assert json.loads(files[0].with_suffix(".json").read_text())["steps"] == steps[0]
    assert callable(agent.act_batch)


def test_evaluations_during_a_league_run_are_stored_with_wilson_intervals(league_runs):
    from tcgzoo.agents.stats import wilson
    from tcgzoo.agents.store import Store

    _, (result, _) = league_runs
    during = [r for r in result.evaluations if r["step"] == 512]
    assert [r["opponent"] for r in during] == ["heuristic"]
    assert during[0]["model"].endswith("snapshots/step_512.safetensors")
    with Store(result.out / "arena.sqlite", create=False) as store:
        for r in result.evaluations:
            games = store.games(r["run"])
            assert len(games) == r["games"] == 2
            assert {g.entrants[0] for g in games} | {g.entrants[1] for g in games} == {
                f"policy:{r['model']}",
                "heuristic",
            }
            assert r["ci95"] == pytest.approx(list(wilson(r["wins"] + r["draws"] / 2, r["games"])))


def test_a_league_run_writes_tensorboard_curves(league_runs):
    pytest.importorskip("tensorboard")
    from tensorboard.backend.event_processing.event_accumulator import EventAccumulator

    _, (result, _) = league_runs
    events = list((result.out / "tb").rglob("events.out.tfevents.*"))
    assert events
    tags = set()
    for e in events:
        acc = EventAccumulator(str(e))
        acc.Reload()
        tags |= set(acc.Tags()["scalars"])
    assert {"eval/win_rate_vs_heuristic", "eval/ci95_low_vs_heuristic", "eval/ci95_high_vs_heuristic"} <= tags
    assert "league/weight/heuristic" in tags and "league/loss_rate/mcts_iterations_2_depth_0" in tags
    assert "league/weight/self#256" in tags


def test_the_same_seed_gives_the_same_league_run(league_runs):
    _, (a, b) = league_runs
    strip = lambda rs: [{k: v for k, v in r.items() if k not in ("model", "run")} for r in rs]  # noqa: E731
    assert strip(a.evaluations) == strip(b.evaluations)
    from tcgzoo.agents.model_file import load_policy

    pa, pb = (load_policy(r.model, "battle_spirits")[0].state_dict() for r in (a, b))
    for key in pa:
        assert np.array_equal(pa[key].numpy(), pb[key].numpy()), key
