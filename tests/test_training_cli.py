"""``tcgzoo train``: a bad setting is one line and exit code 2; a run on another game works.

The training code knows games only through the contract, so the kernel's reference game
(``toy_duel``) trains through the same command as Battle Spirits.
"""

from __future__ import annotations

import json

import pytest

pytest.importorskip("stable_baselines3")
pytest.importorskip("sb3_contrib")

from tcgzoo.agents.cli import main  # noqa: E402
from tcgzoo.agents.store import Store  # noqa: E402


def test_unknown_game_and_bad_settings_are_one_line_errors(tmp_path, capsys):
    out = str(tmp_path / "x")
    assert main(["train", "--game", "nope", "--out", out, "--steps", "10"]) == 2
    assert "unknown game 'nope'" in capsys.readouterr().err
    assert main(["train", "--game", "toy_duel", "--out", out, "--set", "no_such_field=1"]) == 2
    assert "no_such_field" in capsys.readouterr().err
    assert main(["train", "--game", "toy_duel", "--out", out, "--opponents", "nobody=1"]) == 2
    assert "nobody" in capsys.readouterr().err
    assert main(["train", "--game", "leader_melee", "--out", out, "--option", "max_decisions=-1"]) == 2
    assert "Leader Melee option 'max_decisions' takes a whole number >= 0" in capsys.readouterr().err


def test_train_command_runs_on_any_contract_game(tmp_path, capsys, monkeypatch):
    """... and keeps its evaluation games under --out (not in runs/ of the working folder)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("TCGZOO_DB", raising=False)
    out = tmp_path / "toy"
    code = main(
        [
            "train",
            "--game",
            "toy_duel",
            "--out",
            str(out),
            "--steps",
            "512",
            "--seed",
            "1",
            "--envs",
            "4",
            "--eval-games",
            "2",
            "--quiet",
            "--set",
            "n_steps=64",
            "--set",
            "batch_size=128",
            "--set",
            "encoder_dim=16",
            "--set",
            "net_arch=[16]",
            "--opponents",
            "random=1",
            "heuristic=1",
            "self=1",
            "--set",
            "snapshot_every=256",
            "--set",
            "warm_start_decisions=300",
            "--set",
            "warm_start_processes=1",
        ]
    )
    assert code == 0
    printed = capsys.readouterr().out
    assert "vs random" in printed and "vs heuristic" in printed
    assert (out / "final.safetensors").is_file()
    assert json.loads((out / "final.json").read_text())["game"] == "toy_duel"
    assert f"--agents policy:{out / 'final.safetensors'} heuristic" in printed  # no trust flag needed
    assert json.loads((out / "config.json").read_text())["opponents"] == {"random": 1, "heuristic": 1, "self": 1}
    imitation = json.loads((out / "imitation.json").read_text())  # the default warm start: the heuristic
    assert imitation["teacher"] == "heuristic" and imitation["decisions"] >= 300 and imitation["epochs"] == 3
    assert f"in {out / 'arena.sqlite'}" in printed and not (tmp_path / "runs").exists()
    with Store(out / "arena.sqlite", create=False) as store:
        assert sorted(r["finished"] for r in store.runs()) == [2, 2]  # vs random, vs heuristic


def test_league_option_uses_the_league_pool_and_saves_snapshots(tmp_path):
    """``--league`` without ``--opponents``: snapshots, the heuristic, mcts at a low budget
    and random, drawn by how hard they are; the snapshots land under <out>/snapshots."""
    from tcgzoo.training.config import LEAGUE_OPPONENTS

    out = tmp_path / "league"
    code = main(
        [
            "train",
            "--game",
            "toy_duel",
            "--out",
            str(out),
            "--steps",
            "512",
            "--seed",
            "2",
            "--envs",
            "4",
            "--league",
            "--warm-start",
            "none",
            "--snapshot-every",
            "128",
            "--eval-games",
            "0",
            "--quiet",
            "--set",
            "n_steps=64",
            "--set",
            "batch_size=128",
            "--set",
            "encoder_dim=16",
            "--set",
            "net_arch=[16]",
        ]
    )
    assert code == 0
    config = json.loads((out / "config.json").read_text())
    assert config["league"] is True and config["opponents"] == LEAGUE_OPPONENTS
    assert (out / "snapshots" / "step_256.safetensors").is_file()
    assert main(["train", "--game", "toy_duel", "--out", str(out), "--league", "--set", "league_power=-1"]) == 2
