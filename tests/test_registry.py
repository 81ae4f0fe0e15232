"""The one game registry (``tcgzoo.envs.core.registry``): games come from the entry point
group ``tcgzoo.games``, so a package installed beside tcgzoo adds a game that the envs,
the agents and the arena then serve like the built-in ones; unknown names and broken
entry points are clear errors; and the import boundaries that keep the registry the only
way in hold (agents, training and benchmarks never import a game's package, the engine
never imports agents or training)."""

from __future__ import annotations

import ast
import sys
import textwrap
from pathlib import Path

import pytest
from tcgzoo.agents.base import make_agent
from tcgzoo.agents.evaluate import evaluation_for, has_evaluation, turn_counter_for
from tcgzoo.agents.games import _tree_digest, fingerprint, known_games, make_game
from tcgzoo.agents.heuristic import NoHeuristicError, games_with_heuristic
from tcgzoo.envs import GAMES, game_module, game_names, load_game, make_env
from tcgzoo.envs.core import registry
from tcgzoo.envs.core.errors import UnknownNameError
from tcgzoo.envs.core.registry import GROUP, GameLoadError, game_hooks

ROOT = Path(__file__).resolve().parents[1]
THE_GAMES = ["battle_spirits", "leader_melee", "ninja_slayer"]


def test_the_entry_points_list_the_three_games_and_the_reference_game() -> None:
    assert registry.registered() == {g: f"tcgzoo.envs.{g}" for g in [*THE_GAMES, "toy_duel"]}
    assert game_names() == THE_GAMES == list(GAMES) and len(GAMES) == 3
    assert game_names(reference=True) == [*THE_GAMES, "toy_duel"] == list(known_games())
    assert registry.is_reference("toy_duel") and not any(registry.is_reference(g) for g in THE_GAMES)
    assert GAMES["ninja_slayer"] == "tcgzoo.envs.ninja_slayer" and "toy_duel" not in GAMES
    assert load_game("toy_duel").name == "toy_duel"  # a reference game is served by name all the same
    for g in game_names(reference=True):
        assert game_module(g).Game.name == g
        assert make_env(g).metadata["name"] == f"{g}_v0"


def test_every_game_offers_its_hooks_through_its_own_package() -> None:
    for g in THE_GAMES:
        hooks = game_hooks(g)
        assert hooks.heuristic is not None and hooks.heuristic.__module__ == f"tcgzoo.envs.{g}.heuristic"
        assert hooks.evaluate is not None and hooks.evaluate.__module__ == f"tcgzoo.envs.{g}.evaluate"
        assert (
            hooks.turn_of is not None and evaluation_for(g) is hooks.evaluate and turn_counter_for(g) is hooks.turn_of
        )
    assert [game_hooks(g).search_depth for g in THE_GAMES] == [None, None, 12]
    toy = game_hooks("toy_duel")
    assert toy.heuristic is not None and toy.evaluate is toy.turn_of is toy.search_depth is None
    assert games_with_heuristic() == [*THE_GAMES, "toy_duel"]


def test_unknown_names_say_what_is_known() -> None:
    for call in (load_game, make_env, game_module, game_hooks, make_game):
        with pytest.raises(
            UnknownNameError,
            match="unknown game 'ninja_slayr'; did you mean 'ninja_slayer'[?] "
            "known: battle_spirits, leader_melee, ninja_slayer, toy_duel",
        ):
            call("ninja_slayr")
    with pytest.raises(UnknownNameError, match="unknown game 'toy_duel'"):
        GAMES["toy_duel"]  # the games' table leaves the reference game out
    with pytest.raises(UnknownNameError, match="unknown game 'chess'"):
        make_agent("heuristic", "chess")


# ---- a game added by another installed package ------------------------------------------------
FAKE_GAME = '''
"""A game from another package: Toy Duel's rules under a name of its own."""
from tcgzoo.envs.toy_duel import Game as _ToyGame


class Game(_ToyGame):
    name = "fake_duel"
'''
FAKE_ENV = """
from tcgzoo.envs.core.aec import make_env_api
from fake_duel import Game

env, raw_env = make_env_api("fake_duel_v0", Game, "Fake Duel")
"""
FAKE_EVALUATE = """
def value(state, player):
    return 0.25


def turn_of(state):
    return 7
"""


def _install(site: Path, dist: str, entry_points: str, files: dict[str, str]) -> None:
    """Write a distribution's metadata (as pip installs it) and its modules into ``site``."""
    info = site / f"{dist}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[{GROUP}]\n{textwrap.dedent(entry_points)}")
    for name, text in files.items():
        path = site / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))


@pytest.fixture
def site(tmp_path, monkeypatch):
    """A folder on ``sys.path`` to install packages into; the registry reads it afresh."""
    monkeypatch.syspath_prepend(str(tmp_path))
    registry.refresh()
    yield tmp_path
    monkeypatch.undo()
    for name, module in list(sys.modules.items()):  # the next test installs its own copy
        if str(getattr(module, "__file__", None) or "").startswith(str(tmp_path)):
            del sys.modules[name]
    registry.refresh()


def test_another_package_adds_a_game(site) -> None:
    _install(
        site,
        "fake_duel_pkg",
        "fake_duel = fake_duel\n",
        {"fake_duel/__init__.py": FAKE_GAME, "fake_duel_v0.py": FAKE_ENV, "fake_duel/evaluate.py": FAKE_EVALUATE},
    )
    registry.refresh()
    assert game_names() == sorted([*THE_GAMES, "fake_duel"]) and "fake_duel" in GAMES
    assert load_game("fake_duel").name == "fake_duel" and make_env("fake_duel").metadata["name"] == "fake_duel_v0"
    # its hooks come from its own package: an evaluation and a turn counter, no heuristic
    assert has_evaluation("fake_duel") and evaluation_for("fake_duel")(None, 0) == 0.25
    assert turn_counter_for("fake_duel")(None) == 7
    assert make_agent("mcts", "fake_duel").depth == 20  # evaluated, no heuristic: random rollouts cut at 20
    agent = make_agent("mcts:iterations=5,depth=0", "fake_duel")  # every leaf scored by its evaluation
    state = make_game("fake_duel").new_initial_state(3)
    assert agent.act(state, state.current_player()) in state.legal_actions() and agent.evaluations == 5
    with pytest.raises(
        NoHeuristicError,
        match="game 'fake_duel' has no heuristic agent yet; games with one: "
        "battle_spirits, leader_melee, ninja_slayer, toy_duel",
    ):
        make_agent("heuristic", "fake_duel")


def test_the_rules_fingerprint_reads_the_rules_not_the_hooks(site) -> None:
    """A stored game's fingerprint says the rules or cards changed; a better heuristic or
    evaluation is a change of player, not of game, so the hook modules are left out."""
    files = {"fake_duel/__init__.py": FAKE_GAME, "fake_duel_v0.py": FAKE_ENV, "fake_duel/evaluate.py": FAKE_EVALUATE}
    _install(site, "fake_duel_pkg", "fake_duel = fake_duel\n", files)
    registry.refresh()
    before = fingerprint("fake_duel")
    (site / "fake_duel" / "evaluate.py").write_text(FAKE_EVALUATE.replace("0.25", "0.5"))
    (site / "fake_duel" / "heuristic.py").write_text("Heuristic = None\n")
    _tree_digest.cache_clear()
    assert fingerprint("fake_duel") == before
    (site / "fake_duel" / "__init__.py").write_text(FAKE_GAME + "\n# a rule changed\n")
    (site / "fake_duel" / "heuristic.py").unlink()
    _tree_digest.cache_clear()
    assert fingerprint("fake_duel") != before


def test_a_broken_entry_point_is_named_with_its_error(site) -> None:
    _install(
        site,
        "broken_pkg",
        "broken = no_such_module_xq\nnogame = nogame_mod\n",
        {"nogame_mod.py": "TITLE = 'no Game here'\n"},
    )
    registry.refresh()
    with pytest.raises(
        GameLoadError,
        match=r"game entry point 'broken = no_such_module_xq' \(group 'tcgzoo.games'\): "
        r"ModuleNotFoundError: No module named 'no_such_module_xq'",
    ):
        load_game("broken")
    with pytest.raises(GameLoadError, match="'nogame = nogame_mod'.*module nogame_mod has no Game class"):
        game_module("nogame")
    with pytest.raises(GameLoadError, match="broken = no_such_module_xq"):
        game_names()  # listing the games needs each one loaded: the broken one is named
    assert load_game("toy_duel").name == "toy_duel"  # the others still load by name


def test_a_name_registered_twice_is_refused(site) -> None:
    _install(site, "rival_pkg", "toy_duel = rival_toy\n", {})
    registry.refresh()
    with pytest.raises(GameLoadError, match="game 'toy_duel' is registered twice"):
        registry.registered()


# ---- import boundaries -----------------------------------------------------------------------
def _imports_of_text(text: str, package: str) -> list[tuple[int, str]]:
    """(line, absolute module name) of every import in module source ``text`` of package
    ``package`` (relative imports resolved)."""
    out = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
            out += [(node.lineno, base if node.module else f"{base}.{a.name}") for a in node.names]
    return sorted(out)


def _imports(path: Path) -> list[tuple[int, str]]:
    """The imports of a file of the repository (its package from its folder)."""
    package = ".".join(("tcgzoo", *path.relative_to(ROOT).parent.parts))
    return _imports_of_text(path.read_text(encoding="utf-8"), package)


def test_the_boundary_check_resolves_relative_imports() -> None:
    text = (
        "from ..envs.battle_spirits import Game\nimport tcgzoo.envs.ninja_slayer\n"
        "from tcgzoo.envs.core import rng\nfrom .. import envs\nfrom .base import Agent\n"
    )
    assert [n for _, n in _imports_of_text(text, "tcgzoo.agents")] == [
        "tcgzoo.envs.battle_spirits",
        "tcgzoo.envs.ninja_slayer",
        "tcgzoo.envs.core",
        "tcgzoo.envs",
        "tcgzoo.agents.base",
    ]


@pytest.mark.parametrize("folder", ["agents", "training", "benchmarks"])
def test_agents_training_and_benchmarks_use_no_game_package(folder) -> None:
    """Games reach them through the registry and the contract alone: they may import
    ``tcgzoo.envs`` (the registry's names) and the kernel ``tcgzoo.envs.core``, never a game."""
    bad = [
        f"{f.relative_to(ROOT)}:{line} imports {name}"
        for f in sorted((ROOT / folder).rglob("*.py"))
        for line, name in _imports(f)
        if name.startswith("tcgzoo.envs.") and not name.startswith("tcgzoo.envs.core")
    ]
    assert not bad, "\n".join(bad)


def test_the_engine_imports_no_agents_or_training() -> None:
    bad = [
        f"{f.relative_to(ROOT)}:{line} imports {name}"
        for f in sorted((ROOT / "envs").rglob("*.py"))
        for line, name in _imports(f)
        if name.startswith(("tcgzoo.agents", "tcgzoo.training", "tcgzoo.benchmarks"))
    ]
    assert not bad, "\n".join(bad)


def test_the_kernel_imports_no_game() -> None:
    """envs/core serves every game and knows none: games reach it through the registry."""
    bad = [
        f"{f.relative_to(ROOT)}:{line} imports {name}"
        for f in sorted((ROOT / "envs" / "core").rglob("*.py"))
        for line, name in _imports(f)
        if name.startswith("tcgzoo.envs.") and not name.startswith("tcgzoo.envs.core")
    ]
    assert not bad, "\n".join(bad)
