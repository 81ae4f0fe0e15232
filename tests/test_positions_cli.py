"""``tcgzoo match --position`` and ``tcgzoo play --position``: games start from a position file,
stored games replay from it, and the position is part of the run's identity."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest
from tcgzoo.agents.cli import main
from tcgzoo.agents.store import Store
from tcgzoo.agents.web.replay import Replay
from tcgzoo.envs.core.position_file import load_position
from tcgzoo.envs.leader_melee import Game
from tcgzoo.envs.leader_melee.position import build, readable

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "positions"
LM = str(EXAMPLES / "leader_melee_race.yaml")


@pytest.fixture
def db(tmp_path, monkeypatch) -> str:
    path = str(tmp_path / "arena.sqlite")
    monkeypatch.setenv("TCGZOO_DB", path)
    return path


def match(*more: str) -> list[str]:
    return [
        "match",
        "--game",
        "leader_melee",
        "--agents",
        "heuristic",
        "random",
        "--games",
        "4",
        "--workers",
        "1",
        "--no-progress",
        *more,
    ]


def test_match_from_a_position_stores_and_replays_it(db, capsys) -> None:
    assert main(match("--position", LM, "--run", "p")) == 0
    assert "4 games stored, played 4" in capsys.readouterr().out
    data = load_position(LM)
    game = Game(decks=data["decks"])
    with Store(db) as store:
        games = store.games("p")
        assert store.run_settings("p")["position"] == data
    starts = set()
    for g in games:
        assert g.position == data and g.decks == (None, None)
        s = build(game, {**data, "seed": g.seed})  # each game's own seed draws the hidden parts
        r = readable(s)
        assert (r["turn"], r["step"], r["players"][0]["hand"]) == (8, "main", ["LM-R07", "LM-R12", "LM-R15"])
        starts.add(json.dumps(r["players"][1]["hand"]))
        for a in g.actions:
            s.apply_action(a)
        assert s.is_terminal() and s.returns()[0] == (1.0 if g.winner == 0 else -1.0 if g.winner == 1 else 0.0)
        capsys.readouterr()
        assert main(["replay", "--run", "p", "--index", str(g.idx), "--quiet"]) == 0
        shown = capsys.readouterr()
        assert "(from a position)" in shown.out and "changed" not in shown.err  # the same fingerprint
        web = Replay(g)  # the browser app's replay too
        assert web.broken is None and not web.changed
        assert readable(web.states[0]) == r and web.states[-1].is_terminal()
    assert len(starts) > 1  # player 1's hidden hand is drawn per game


def test_the_position_is_part_of_the_runs_identity(db, tmp_path, capsys) -> None:
    assert main(match("--games", "2")) == 0
    plain = capsys.readouterr().out.split()[1].rstrip(":")
    assert main(match("--games", "2", "--position", LM)) == 0
    positioned = capsys.readouterr().out.split()[1].rstrip(":")
    assert plain != positioned
    other = tmp_path / "other.yaml"
    data = load_position(LM)
    data["players"][0]["life"] = 1
    other.write_text(json.dumps(data))  # JSON is YAML
    assert main(match("--games", "2", "--position", str(other), "--run", positioned)) == 2
    assert "already exists" in capsys.readouterr().err  # a resume never mixes two positions


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--position", str(EXAMPLES / "battle_spirits_lethal.yaml")], "a position of 'battle_spirits', not of --game"),
        (["--position", "no/such/file.yaml"], "no/such/file.yaml: no such file"),
        (["--position", LM, "--decks", "red_rush", "red_rush"], "--decks and --position"),
    ],
)
def test_position_errors_are_one_line(db, capsys, argv, message) -> None:
    assert main(match(*argv)) == 2
    err = capsys.readouterr().err
    assert err.startswith("tcgzoo: error: ") and message in err and err.count("\n") == 1


def test_bad_position_file_and_game_without_positions(db, tmp_path, capsys) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: leader_melee\nplayers: [{hand: [LM-R99]}, {}]\n")
    assert main(match("--position", str(bad))) == 2
    assert r"players[0].hand[0]: unknown card 'LM-R99'" in capsys.readouterr().err
    own = tmp_path / "own.yaml"  # a position's own options, overridden by --option: the game has to match
    own.write_text("game: leader_melee\noptions: {max_decisions: 500}\n")
    assert main(match("--position", str(own), "--games", "2")) == 0
    capsys.readouterr()
    assert main(match("--position", str(own), "--option", "max_decisions=400")) == 2
    assert "options.max_decisions: the position asks for 500, the game has 400" in capsys.readouterr().err
    argv = ["match", "--game", "toy_duel", "--agents", "random", "random", "--position", LM, "--no-progress"]
    assert main(argv) == 2
    assert "game 'toy_duel' has no readable positions" in capsys.readouterr().err


def test_play_from_a_position(db, monkeypatch, capsys) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    argv = [
        "play",
        "--game",
        "battle_spirits",
        "--position",
        str(EXAMPLES / "battle_spirits_lethal.yaml"),
        "--seed",
        "5",
    ]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "turn 7" in out and "Blaze Wyvern Kaen" in out and "you lose" in out  # q concedes
