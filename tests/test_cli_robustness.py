"""What a user met with the command line (issue 15), each fixed and kept fixed:

- a policy file runs code when loaded (a crafted SB3 ``.zip`` ran a shell command), so
  ``policy:<file>`` is refused without ``--trust-policy-files`` and says why;
- ``tcgzoo ... | head`` lost the ``--csv`` file and printed a traceback;
- a bad rule option (``--option max_decisions=abc``, ``first_player=5``) was a traceback
  or silently accepted;
- ``--games 0``, ``--workers -3``, ``--target 0`` were accepted;
- ``replay --db typo.sqlite`` created an empty database; ``replay --step`` raised at the
  end of input;
- Leader Melee's board said ``game over (player -4)`` and showed hand cards as ids.
"""

from __future__ import annotations

import base64
import csv
import io
import json
import os
import pickle
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from tcgzoo.agents.base import make_agent
from tcgzoo.agents.cli import main
from tcgzoo.agents.policy import TRUST_ENV, UntrustedPolicyError, sb3_pickles
from tcgzoo.envs.core.errors import OptionError

CLI = [sys.executable, "-m", "tcgzoo.agents.cli"]


@pytest.fixture
def db(tmp_path, monkeypatch) -> str:
    path = str(tmp_path / "arena.sqlite")
    monkeypatch.setenv("TCGZOO_DB", path)
    return path


@pytest.fixture
def untrusted(monkeypatch) -> None:
    """A session that has not said it trusts policy files (whatever the caller's shell set)."""
    monkeypatch.delenv(TRUST_ENV, raising=False)


# ---- 1. policy files run code: refused unless trusted ------------------------------------------
class _CreatesFile:
    """Pickles as a call of ``open(path, "w")``: unpickling it creates ``path``, as a
    crafted model's pickle would run any command."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __reduce__(self):
        return open, (str(self.path), "w")


def _crafted_sb3_zip(zip_path: Path, target: Path) -> Path:
    """A file laid out like a stable-baselines3 model whose cloudpickled ``data`` entries
    would create ``target`` when loaded."""
    payload = base64.b64encode(pickle.dumps(_CreatesFile(target))).decode()
    data = {
        "policy_class": {":type:": "<class 'abc.ABCMeta'>", ":serialized:": payload},
        "observation_space": {":type:": "<class 'gymnasium.spaces.box.Box'>", ":serialized:": payload},
        "n_envs": 1,
    }
    with zipfile.ZipFile(zip_path, "w") as z:
        z.writestr("data", json.dumps(data))
        z.writestr("policy.pth", b"not read before trust")
        z.writestr("pytorch_variables.pth", b"not read before trust")
        z.writestr("_stable_baselines3_version", "2.9.2")
    return zip_path


def test_the_crafted_pickle_really_runs_code(tmp_path) -> None:
    """The fixture is live: unpickling its payload creates the file (so the refusal below
    is what keeps the file from being created)."""
    canary = tmp_path / "canary"
    pickle.loads(pickle.dumps(_CreatesFile(canary))).close()
    assert canary.exists()


def test_a_crafted_sb3_zip_is_refused_and_runs_nothing(tmp_path, untrusted) -> None:
    target = tmp_path / "pwned"
    evil = _crafted_sb3_zip(tmp_path / "model.zip", target)
    with pytest.raises(UntrustedPolicyError) as info:
        make_agent(f"policy:{evil}", "toy_duel")
    message = str(info.value)
    assert "stable-baselines3 model files contain Python pickles" in message
    assert "can run arbitrary code" in message
    assert "'data' entries policy_class, observation_space (cloudpickle)" in message
    assert "policy.pth, pytorch_variables.pth (torch pickles)" in message
    assert "--trust-policy-files" in message and f"{TRUST_ENV}=1" in message
    assert not target.exists()


def test_the_command_line_refuses_it_in_one_line(db, tmp_path, capsys, untrusted) -> None:
    target = tmp_path / "pwned"
    evil = _crafted_sb3_zip(tmp_path / "model.zip", target)
    argv = [
        "match",
        "--game",
        "toy_duel",
        "--agents",
        f"policy:{evil}",
        "random",
        "--games",
        "2",
        "--workers",
        "1",
        "--no-progress",
    ]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("tcgzoo: error: policy file") and err.count("\n") == 1
    assert "contain Python pickles" in err and "--trust-policy-files" in err
    assert not target.exists()


def test_a_python_policy_file_needs_the_same_trust(tmp_path, monkeypatch, untrusted) -> None:
    """A .py policy runs its code as it is imported: refused before import without trust."""
    marker = tmp_path / "imported"
    f = tmp_path / "bot.py"
    f.write_text(
        f"open({str(marker)!r}, 'w').close()\n\ndef policy(observation, mask):\n    return int(mask.nonzero()[0][0])\n"
    )
    with pytest.raises(UntrustedPolicyError, match="a Python policy file runs its code"):
        make_agent(f"policy:{f}", "toy_duel")
    assert not marker.exists()
    monkeypatch.setenv(TRUST_ENV, "1")
    assert make_agent(f"policy:{f}", "toy_duel").name == f"policy:{f}"
    assert marker.exists()


def test_not_a_zip_is_a_clear_error(tmp_path, untrusted) -> None:
    (tmp_path / "m.zip").write_bytes(b"hello")
    with pytest.raises(Exception, match="not a zip archive"):
        make_agent(f"policy:{tmp_path / 'm.zip'}", "toy_duel")


@pytest.fixture
def real_model(tmp_path) -> Path:
    """A small real sb3-contrib MaskablePPO model over Toy Duel's spaces (untrained)."""
    pytest.importorskip("sb3_contrib")
    import gymnasium as gym
    import numpy as np
    from sb3_contrib import MaskablePPO
    from tcgzoo.envs.toy_duel import Game

    game = Game()

    class Spaces(gym.Env):
        observation_space = gym.spaces.Box(-np.inf, np.inf, (game.observation_size(),), np.float32)
        action_space = gym.spaces.Discrete(game.num_distinct_actions())

    path = tmp_path / "real.zip"
    MaskablePPO("MlpPolicy", Spaces(), n_steps=8, batch_size=8, device="cpu", seed=0).save(path)
    return path


def test_a_real_model_lists_its_pickles_and_loads_with_trust(real_model, db, capsys, untrusted) -> None:
    found = "; ".join(sb3_pickles(real_model))
    assert "policy_class" in found and "policy.pth" in found
    assert re.search(r"and \d+ more \(cloudpickle\)", found)  # a dozen entries: the first four are named
    argv = [
        "match",
        "--game",
        "toy_duel",
        "--agents",
        f"policy:{real_model}",
        "random",
        "--games",
        "4",
        "--no-progress",
        "--workers",
        "2",
        "--run",
        "trusted",
    ]
    assert main(argv) == 2
    assert "refused" in capsys.readouterr().err
    # trusted: the parent validates the agents and both worker processes load the model
    assert main(argv + ["--trust-policy-files"]) == 0
    assert "4 games stored, played 4" in capsys.readouterr().out
    assert TRUST_ENV not in os.environ  # the flag trusts one command, not the rest of the process


# ---- 2. training keeps its evaluation games under --out ---------------------------------------
def test_training_evaluation_db_defaults_under_out(tmp_path) -> None:
    from tcgzoo.training.config import TrainConfig

    assert TrainConfig(out=str(tmp_path / "run")).eval_db() == str(tmp_path / "run" / "arena.sqlite")
    assert TrainConfig(out="x", db="elsewhere.sqlite").eval_db() == "elsewhere.sqlite"


# ---- 3. a reader that leaves early -----------------------------------------------------------------
def test_output_files_survive_a_reader_that_left(tmp_path) -> None:
    """``tcgzoo match --csv f | head`` with the reader gone before anything is printed: the
    files are written, the exit is quiet (no traceback, no 'Exception ignored')."""
    out_csv, out_json = tmp_path / "m.csv", tmp_path / "m.json"
    cmd = CLI + [
        "match",
        "--game",
        "toy_duel",
        "--agents",
        "heuristic",
        "random",
        "--games",
        "6",
        "--workers",
        "1",
        "--no-progress",
        "--db",
        str(tmp_path / "a.sqlite"),
        "--csv",
        str(out_csv),
        "--json",
        str(out_json),
    ]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()  # the reader is gone before the command prints
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 1, err
    assert err == ""
    rows = list(csv.DictReader(open(out_csv)))
    assert {r["row"] for r in rows} == {"heuristic", "random"}
    assert json.loads(out_json.read_text())["games"] == 6


def test_a_long_replay_into_a_reader_that_stops_after_one_line(tmp_path, capsys) -> None:
    """``tcgzoo replay ... | head -n 1`` on a game whose text is far larger than a pipe's buffer."""
    dbp = str(tmp_path / "a.sqlite")
    assert (
        main(
            [
                "match",
                "--game",
                "battle_spirits",
                "--agents",
                "random",
                "random",
                "--games",
                "1",
                "--workers",
                "1",
                "--no-progress",
                "--db",
                dbp,
                "--run",
                "r",
            ]
        )
        == 0
    )
    capsys.readouterr()
    proc = subprocess.Popen(
        CLI + ["replay", "--db", dbp, "--run", "r", "--index", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    first = proc.stdout.readline().decode()
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert first.startswith("battle_spirits game 0 of r")
    assert proc.wait(timeout=120) == 1 and err == ""


# ---- 4. rule options: checked once, one clear line -------------------------------------------------
@pytest.mark.parametrize(
    "game, option, message",
    [
        (
            "battle_spirits",
            "max_decisions=abc",
            "Battle Spirits option 'max_decisions' takes a whole number >= 0 (0: no cap), got 'abc'",
        ),
        (
            "battle_spirits",
            "max_decisions=-1",
            "Battle Spirits option 'max_decisions' takes a whole number >= 0 (0: no cap), got -1",
        ),
        (
            "leader_melee",
            'first_player="x"',
            "Leader Melee option 'first_player' takes 0, 1 or null (decided by the rules), got 'x'",
        ),
        (
            "ninja_slayer",
            "first_player=5",
            "Ninja Slayer option 'first_player' takes 0, 1 or null (decided by the rules), got 5",
        ),
        ("ninja_slayer", "auto_forced=yes", "Ninja Slayer option 'auto_forced' takes true or false, got 'yes'"),
        ("battle_spirits", "format=draft", "Battle Spirits option 'format' takes 'standard' or 'eternal', got 'draft'"),
    ],
)
def test_a_bad_option_is_one_line_naming_it(db, capsys, game, option, message) -> None:
    assert (
        main(
            [
                "match",
                "--game",
                game,
                "--agents",
                "random",
                "random",
                "--games",
                "1",
                "--workers",
                "1",
                "--no-progress",
                "--option",
                option,
            ]
        )
        == 2
    )
    err = capsys.readouterr().err
    assert err == f"tcgzoo: error: {message}\n"


def test_a_bad_option_in_play_and_the_env(capsys) -> None:
    from tcgzoo.envs import make_env

    assert main(["play", "--game", "leader_melee", "--option", "max_decisions=-1"]) == 2
    assert "option 'max_decisions' takes a whole number >= 0" in capsys.readouterr().err
    with pytest.raises(OptionError, match="Leader Melee option 'first_player' takes 0, 1 or null"):
        make_env("leader_melee", first_player=5)


# ---- 5. counts and targets are checked by argparse --------------------------------------------------
@pytest.mark.parametrize(
    "argv, message",
    [
        (
            ["match", "--game", "toy_duel", "--agents", "random", "random", "--games", "0"],
            "argument --games: takes a whole number >= 1, got 0",
        ),
        (
            ["match", "--game", "toy_duel", "--agents", "random", "random", "--workers", "-3"],
            "argument --workers: takes a whole number >= 0 (0: all cores), got -3",
        ),
        (
            ["tournament", "--game", "toy_duel", "--entrants", "a", "b", "--games", "-1"],
            "argument --games: takes a whole number >= 1, got -1",
        ),
        (
            ["tournament", "--game", "toy_duel", "--entrants", "a", "b", "--bootstrap", "-5"],
            "argument --bootstrap: takes a whole number >= 0 (0: analytic), got -5",
        ),
        (
            ["winrate", "--game", "toy_duel", "--target", "0"],
            "argument --target: takes a 95% interval half-width above 0 and at most 0.5 (e.g. 0.05), got 0",
        ),
        (["winrate", "--game", "toy_duel", "--target", "x"], "argument --target: takes a 95% interval half-width"),
        (
            ["winrate", "--game", "toy_duel", "--min-games", "-2"],
            "argument --min-games: takes a whole number >= 1, got -2",
        ),
        (
            ["winrate", "--game", "toy_duel", "--max-games", "-2"],
            "argument --max-games: takes a whole number >= 1, got -2",
        ),
        (
            ["winrate", "--game", "toy_duel", "--workers", "1.5"],
            "argument --workers: takes a whole number >= 0 (0: all cores), got '1.5'",
        ),
        (["replay", "--run", "r", "--index", "-1"], "argument --index: takes a whole number >= 0, got -1"),
        (
            ["train", "--game", "toy_duel", "--out", "x", "--envs", "0"],
            "argument --envs: takes a whole number >= 1, got 0",
        ),
        (
            ["train", "--game", "toy_duel", "--out", "x", "--minutes", "-1"],
            "argument --minutes: takes a number of minutes above 0, got '-1'",
        ),
    ],
)
def test_bad_counts_are_usage_errors(capsys, argv, message) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    assert message in capsys.readouterr().err


# ---- 6, 7. replay reads, never creates; the end of input stops it ---------------------------------
def test_replay_of_a_missing_results_file_creates_nothing(tmp_path, capsys) -> None:
    typo = tmp_path / "typo.sqlite"
    for argv in (["replay", "--db", str(typo)], ["replay", "--db", str(typo), "--run", "r", "--index", "0"]):
        assert main(argv) == 2
        assert capsys.readouterr().err == f"tcgzoo: error: no results file {typo}\n"
    assert list(tmp_path.iterdir()) == []
    (tmp_path / "notes.sqlite").write_text("not a database at all, just some text")
    assert main(["replay", "--db", str(tmp_path / "notes.sqlite")]) == 2
    assert "is not a tcgzoo results file" in capsys.readouterr().err


def test_replay_reads_the_store_read_only(db, capsys) -> None:
    import sqlite3

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
    with Store(db, create=False) as store:
        assert [r["run_key"] for r in store.runs()] == ["r"]
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            store.db.execute("DELETE FROM games")
    assert main(["replay", "--run", "nope"]) == 2
    assert capsys.readouterr().err == f"tcgzoo: error: no run 'nope' in {db}\n"


def test_replay_step_stops_at_the_end_of_input(db, monkeypatch, capsys) -> None:
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
    capsys.readouterr()
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n"))  # one Enter, then the input ends
    assert main(["replay", "--run", "r", "--index", "0", "--step", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert re.findall(r"^\[(\d+)\] player", out, re.M) == ["0", "1"]
    assert "returns" not in out


# ---- 8. Leader Melee's board says who won and names the hand cards ----------------------------------
def test_leader_melee_board_names_the_winner_and_the_hand_cards() -> None:
    from tcgzoo.envs.leader_melee import Game

    game = Game()
    names = {c.name for c in game.pool.cards}
    state = game.new_initial_state(5)
    hands = [line.split("hand: ", 1)[1] for line in str(state).splitlines() if "hand: " in line]
    assert len(hands) == 2 and all(hands)
    assert all(card in names for hand in hands for card in hand.split(", "))
    assert not re.search(r"\bLM-[A-Z]\d+", str(state))
    loser = state.current_player()
    state.apply_action(state.CONCEDE)
    head = str(state).splitlines()[0]
    assert head.endswith(f"game over: player {1 - loser} wins") and "-4" not in head
    capped = Game(max_decisions=1).new_initial_state(5)
    capped.apply_action(capped.legal_actions()[0])
    assert capped.is_terminal() and str(capped).splitlines()[0].endswith("game over: draw")
