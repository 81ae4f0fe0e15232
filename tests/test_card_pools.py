"""A player's own card files join the built-in pool (issue 10's workflow): option ``cards``
adds them, ``builtin_cards=False`` makes them the whole pool; the deck check and the
results fingerprint see them."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest
import yaml
from tcgzoo.agents.cli import main
from tcgzoo.agents.games import fingerprint
from tcgzoo.envs import GAMES
from tcgzoo.envs.core.errors import CardFileError, OptionError, TcgError

CARD_DIRS = {"battle_spirits": "cards", "ninja_slayer": "cards", "leader_melee": "cards"}


def _module(name: str):
    return importlib.import_module(GAMES[name])


def own_card_file(tmp_path: Path, name: str, new_id: str = "MY-001") -> Path:
    """A card file holding one card of the game's own kind: the first built-in card of its
    first card file, under a new id and name."""
    first = sorted((Path(_module(name).__file__).parent / CARD_DIRS[name]).glob("*.yaml"))[0]
    entry = dict(yaml.safe_load(first.read_text(encoding="utf-8"))["cards"][0])
    entry["id"], entry["name"] = new_id, f"My Card {new_id}"
    path = tmp_path / f"mine-{new_id}.yaml"
    path.write_text(yaml.safe_dump({"cards": [entry]}, allow_unicode=True), encoding="utf-8")
    return path


@pytest.mark.parametrize("name", sorted(GAMES))
def test_own_cards_join_the_builtin_pool(tmp_path, name):
    Game = _module(name).Game
    builtin = {c["id"] for c in Game().list_cards()}
    mine = own_card_file(tmp_path, name)
    ids = {c["id"] for c in Game(cards=[str(mine)]).list_cards()}
    assert ids == builtin | {"MY-001"}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_card_id_defined_twice_names_both_files(tmp_path, name):
    Game = _module(name).Game
    taken = Game().list_cards()[0]["id"]
    mine = own_card_file(tmp_path, name, new_id=taken)
    with pytest.raises(CardFileError, match="duplicate"):
        Game(cards=[str(mine)])


@pytest.mark.parametrize("name", sorted(GAMES))
def test_builtin_cards_false_makes_the_own_files_the_whole_pool(tmp_path, name):
    Game = _module(name).Game
    mine = own_card_file(tmp_path, name)
    with pytest.raises(TcgError):  # the default decks' cards are not in a pool of one card
        Game(builtin_cards=False, cards=[str(mine)])
    with pytest.raises(OptionError, match="builtin_cards"):
        Game(builtin_cards=False)  # no pool at all


def test_validate_honours_own_cards(tmp_path, capsys):
    """`tcgzoo cards --validate` checks a deck against the pool the options give."""
    mine = own_card_file(tmp_path, "battle_spirits")
    deck = yaml.safe_load((Path(_module("battle_spirits").__file__).parent / "decks" / "red_rush.yaml").read_text())
    deck["cards"]["MY-001"] = 1
    path = tmp_path / "with_mine.yaml"
    path.write_text(yaml.safe_dump(deck), encoding="utf-8")
    assert main(["cards", "--game", "battle_spirits", "--validate", str(path)]) == 1
    assert "unknown card id" in capsys.readouterr().out
    assert main(["cards", "--game", "battle_spirits", "--validate", str(path), "--option", f"cards={mine}"]) == 0
    assert "ok" in capsys.readouterr().out


def test_fingerprint_reads_own_cards_and_ignores_seat_order(tmp_path):
    decks_dir = Path(_module("battle_spirits").__file__).parent / "decks"
    a, b = str(decks_dir / "red_rush.yaml"), str(decks_dir / "green_ramp.yaml")
    assert fingerprint("battle_spirits", [a, b]) == fingerprint("battle_spirits", [b, a])
    mine = own_card_file(tmp_path, "battle_spirits")
    with_mine = fingerprint("battle_spirits", [a, b], {"cards": [str(mine)]})
    assert with_mine != fingerprint("battle_spirits", [a, b])
    mine.write_text(mine.read_text(encoding="utf-8").replace("My Card", "My Other Card"), encoding="utf-8")
    assert fingerprint("battle_spirits", [a, b], {"cards": [str(mine)]}) != with_mine
