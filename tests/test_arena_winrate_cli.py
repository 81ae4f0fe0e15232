"""``tcgzoo winrate`` output: a study stopped by its cap says so and lists the matchups
that miss the target; every output carries the decks against the field and the
equilibrium mix; mirrors are explained."""

from __future__ import annotations

import csv
import json

import pytest
from tcgzoo.agents.cli import main

DECKS = ["a", "b", "c"]


def test_a_capped_study_reports_the_matchups_that_miss_the_target(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("TCGZOO_DB", str(tmp_path / "arena.sqlite"))
    out_json = tmp_path / "w.json"
    assert (
        main(
            [
                "winrate",
                "--game",
                "toy_duel",
                "--decks",
                *DECKS,
                "--agent",
                "random",
                "--mirrors",
                "--target",
                "0.02",
                "--max-games",
                "200",
                "--workers",
                "1",
                "--no-progress",
                "--json",
                str(out_json),
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "stopped by the cap (--max-games 200)" in out and "6 matchups miss the target" in out
    study = json.loads(out_json.read_text())["study"]
    assert study["stopped_by_cap"] and study["planned"] == 200 and len(study["wide"]) == 6
    assert study["more_games_predicted"] > 0 and study["mirror_win_rate"] == "seat 0"
    for w in study["wide"]:
        assert w["half_width"] > 0.02
        assert f"{100 * w['half_width']:.1f}%" in out
    assert "seat 0's) win rate: they measure the seat advantage" in out
    # a study that reaches its target says so
    assert (
        main(
            [
                "winrate",
                "--game",
                "toy_duel",
                "--decks",
                "a",
                "b",
                "--agent",
                "random",
                "--target",
                "0.2",
                "--workers",
                "1",
                "--no-progress",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "every interval is within the target ±20.0%" in out and "stopped by the cap" not in out


def test_winrate_outputs_carry_the_field_and_the_equilibrium(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("TCGZOO_DB", str(tmp_path / "arena.sqlite"))
    files = {k: tmp_path / f"w.{k}" for k in ("json", "csv", "png")}
    assert (
        main(
            [
                "winrate",
                "--game",
                "toy_duel",
                "--decks",
                *DECKS,
                "--agent",
                "random",
                "--mirrors",
                "--target",
                "0.15",
                "--workers",
                "1",
                "--no-progress",
                "--json",
                str(files["json"]),
                "--csv",
                str(files["csv"]),
                "--heatmap",
                str(files["png"]),
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "vs field" in out and "equilibrium mix" in out
    data = json.loads(files["json"].read_text())
    decks = {d["deck"]: d for d in data["decks"]}
    assert set(decks) == set(DECKS)
    assert sum(d["equilibrium_weight"] for d in decks.values()) == pytest.approx(1)
    by = {(m["row"], m["col"]): m["win_rate"] for m in data["matchups"]}
    assert decks["a"]["field_win_rate"] == pytest.approx((by[("a", "b")] + by[("a", "c")]) / 2)
    rows = list(csv.DictReader(open(files["csv"])))
    for r in rows:
        assert float(r["row_field_win_rate"]) == pytest.approx(decks[r["row"]]["field_win_rate"])
        assert float(r["row_equilibrium_weight"]) == pytest.approx(decks[r["row"]]["equilibrium_weight"])
    assert files["png"].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
