"""The ``tcgzoo`` command line: one-line errors for unknown names, outputs, replay, play."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys

import pytest
from tcgzoo.agents.cli import main


@pytest.fixture
def db(tmp_path, monkeypatch) -> str:
    path = str(tmp_path / "arena.sqlite")
    monkeypatch.setenv("TCGZOO_DB", path)
    return path


@pytest.mark.parametrize(
    "argv, message",
    [
        (["match", "--game", "chess", "--agents", "random", "random"], "unknown game 'chess'; known: battle_spirits"),
        (["match", "--game", "toy_duel", "--agents", "random", "alphazero"], "unknown agent 'alphazero'"),
        (["match", "--game", "toy_duel", "--agents", "random", "mcts:iters=5"], "unknown mcts option 'iters'"),
        (["tournament", "--game", "toy_duel", "--entrants", "random", "random"], "entrants appear twice: random"),
        (["tournament", "--game", "toy_duel", "--entrants", "random", "heuristic@x"], "every entrant or to none"),
        (["tournament", "--game", "toy_duel", "--entrants", "random", "--format", "gauntlet"], "needs --challengers"),
        (["winrate", "--game", "toy_duel"], "fewer than two built-in decks"),
        (["replay", "--run", "nope"], "no results file"),  # read-only: the empty database is not created
        (["cards", "--game", "toy_duel"], "has no built-in decks"),
        (["play", "--game", "toy_duel", "--agent", "nobody"], "unknown agent 'nobody'"),
    ],
)
def test_unknown_names_are_one_line_errors(db, capsys, argv, message) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("tcgzoo: error: ") and message in err and "\n" not in err


def test_unknown_deck_of_a_real_game_is_one_line(db, capsys) -> None:
    argv = ["match", "--game", "battle_spirits", "--agents", "random", "random", "--decks", "no_such_deck", "x"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "no_such_deck" in err and err.count("\n") == 1


def test_console_errors_have_no_traceback(tmp_path) -> None:
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "tcgzoo.agents.cli",
            "match",
            "--game",
            "toy_duel",
            "--agents",
            "random",
            "bogus",
            "--db",
            str(tmp_path / "x.sqlite"),
        ],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 2
    assert "Traceback" not in out.stderr and "unknown agent 'bogus'" in out.stderr


def test_match_writes_csv_json_and_resumes(db, tmp_path, capsys) -> None:
    argv = [
        "match",
        "--game",
        "toy_duel",
        "--agents",
        "heuristic",
        "random",
        "--games",
        "40",
        "--workers",
        "1",
        "--no-progress",
        "--csv",
        str(tmp_path / "m.csv"),
        "--json",
        str(tmp_path / "m.json"),
    ]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "40 games stored, played 40" in out and "heuristic" in out and "seat 0 (player_0)" in out
    data = json.loads((tmp_path / "m.json").read_text())
    assert data["games"] == 40 and data["kind"] == "match"
    by = {(m["row"], m["col"]): m for m in data["matchups"]}
    assert by[("heuristic", "random")]["games"] == 40 and by[("heuristic", "random")]["win_rate"] > 0.8
    rows = list(csv.DictReader(open(tmp_path / "m.csv")))
    assert {r["row"] for r in rows} == {"heuristic", "random"}
    assert main(argv) == 0
    assert "played 0 [resumed]" in capsys.readouterr().out


def test_tournament_heatmap_and_ratings(db, tmp_path, capsys) -> None:
    png = tmp_path / "h.png"
    argv = [
        "tournament",
        "--game",
        "toy_duel",
        "--entrants",
        "random",
        "heuristic",
        "mcts:10",
        "--games",
        "10",
        "--workers",
        "1",
        "--no-progress",
        "--heatmap",
        str(png),
        "--json",
        str(tmp_path / "t.json"),
    ]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "Elo" in out and "OpenSkill" in out
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    ratings = json.loads((tmp_path / "t.json").read_text())["ratings"]
    assert ratings[-1]["name"] == "random"  # the worst, by a distance


def test_winrate_replay_and_listing(db, capsys) -> None:
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
                "0.15",
                "--workers",
                "1",
                "--no-progress",
                "--run",
                "w",
            ]
        )
        == 0
    )
    assert "widest 95% interval" in capsys.readouterr().out
    assert main(["replay"]) == 0
    assert "w" in capsys.readouterr().out
    assert main(["replay", "--run", "w"]) == 0
    assert "seat 0" in capsys.readouterr().out
    assert main(["replay", "--run", "w", "--index", "0", "--view", "1"]) == 0
    out = capsys.readouterr().out
    assert "[0] player" in out and ("wins" in out or "draw" in out)
    assert '"hands": [null' in out or ", null]" in out  # seat 1's view hides seat 0's hand
    assert main(["replay", "--run", "w", "--index", "0", "--view", "2"]) == 2


def test_play_against_an_agent(db, monkeypatch, capsys) -> None:
    # always play the first card: with a heuristic opponent that never passes while
    # behind, the game runs to the end
    monkeypatch.setattr(sys, "stdin", io.StringIO("x\n9\n" + "1\n" * 40))
    assert main(["play", "--game", "toy_duel", "--agent", "heuristic", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "enter a number from 1 to" in out
    assert out.rstrip().splitlines()[-1] in ("you win", "you lose", "draw")
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    assert main(["play", "--game", "toy_duel", "--seed", "4", "--seat", "1"]) == 0
    assert "you left the game" in capsys.readouterr().out


def test_a_crashing_game_is_one_line_with_its_seed(db, tmp_path, capsys) -> None:
    crash = tmp_path / "crash.py"
    crash.write_text("def policy(observation, mask):\n    raise RuntimeError('boom')\n")
    assert (
        main(
            [
                "match",
                "--game",
                "toy_duel",
                "--agents",
                f"policy:{crash}",
                "random",
                "--games",
                "2",
                "--workers",
                "1",
                "--no-progress",
                "--trust-policy-files",
            ]
        )
        == 1
    )
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "seed" in err and "boom" in err


def test_replay_says_when_a_stored_game_no_longer_replays(db, capsys) -> None:
    from tcgzoo.agents.store import Store

    assert (
        main(
            [
                "match",
                "--game",
                "toy_duel",
                "--agents",
                "random",
                "random",
                "--games",
                "2",
                "--workers",
                "1",
                "--no-progress",
                "--run",
                "r",
            ]
        )
        == 0
    )
    with Store(db) as store:  # as if the rules had changed: the stored actions no longer fit
        store.db.execute("UPDATE games SET fingerprint = 'old', actions = '[3, 3, 2, 2, 2]' WHERE idx = 0")
        store.db.commit()
    capsys.readouterr()
    assert main(["replay", "--run", "r", "--index", "0", "--quiet"]) == 1
    err = capsys.readouterr().err
    assert "changed since this game was played" in err and "no longer replays" in err
