"""The folders install under one import name, ``tcgzoo``, with their data files, both as a
regular install (a wheel) and as the editable install the tests run on."""

from __future__ import annotations

import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_editable_install_maps_the_top_level_folders():
    import tcgzoo.agents
    import tcgzoo.envs

    assert Path(tcgzoo.envs.__file__).parent == ROOT / "envs"
    assert Path(tcgzoo.agents.__file__).parent == ROOT / "agents"


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    r = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", str(ROOT), "-w", str(out)],
        capture_output=True,
        text=True,
    )
    if r.returncode != 0:
        pytest.fail(f"building the wheel failed:\n{r.stdout}\n{r.stderr}")
    return next(out.glob("tcgzoo-*.whl"))


@pytest.mark.slow  # builds a wheel
def test_wheel_holds_only_tcgzoo_and_ships_the_card_data(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    top = {n.split("/")[0] for n in names if not n.startswith("tcgzoo-")}
    assert top == {"tcgzoo"}, f"something generic would land in site-packages: {top}"
    assert any(n.endswith("battle_spirits/cards/red.yaml") for n in names)
    assert any(n.endswith("battle_spirits/decks/red_rush.yaml") for n in names)
    for page_file in ("board.js", "replay.js", "play.js", "app.css"):  # the browser app's pages, no build step
        assert f"tcgzoo/agents/web/static/{page_file}" in names, page_file
    # the game registry travels in the metadata: one entry point per game (tcgzoo.envs.core.registry)
    entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    text = zipfile.ZipFile(wheel).read(entry_points).decode()
    for game in ("battle_spirits", "ninja_slayer", "leader_melee", "toy_duel"):
        assert f"{game} = tcgzoo.envs.{game}" in text.split("[tcgzoo.games]")[1], game


@pytest.mark.slow  # builds a wheel and installs it into a new venv
def test_regular_install_imports_and_plays_outside_the_repo(wheel, tmp_path):
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)  # a clean environment: the wheel brings its own dependencies
    py = env_dir / "bin" / "python"
    subprocess.run([str(py), "-m", "pip", "install", "-q", str(wheel)], check=True)
    code = (
        "import tcgzoo.envs, tcgzoo.envs.battle_spirits as bs; "
        "assert 'site-packages' in tcgzoo.envs.__file__, tcgzoo.envs.__file__; "
        "s = bs.Game().new_initial_state(1); s.apply_action(s.legal_actions()[0]); "
        "assert tcgzoo.envs.game_names() == ['battle_spirits', 'leader_melee', 'ninja_slayer']; print('ok')"
    )
    r = subprocess.run([str(py), "-c", code], cwd=tmp_path, capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr
