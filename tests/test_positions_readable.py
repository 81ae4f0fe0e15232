"""Readable positions (issue #11 part 6): ``tcgzoo.envs.<game>.position.readable`` / ``build``,
position files (``envs/core/position_file.py``) and the example files of docs/positions.md."""

from __future__ import annotations

import importlib
import json
import random
from pathlib import Path

import pytest
from tcgzoo.envs.battle_spirits.layout import D_MAIN, ST_MAIN
from tcgzoo.envs.core.errors import PositionError
from tcgzoo.envs.core.position_file import POSITION_FILE_MAX_BYTES, dump_position, load_position, new_game
from tcgzoo.envs.leader_melee.layout import D_FT_MAIN
from tcgzoo.envs.ninja_slayer.layout import D_ETHER

GAMES = ("battle_spirits", "ninja_slayer", "leader_melee")
EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "positions"


def modules(name: str):
    return importlib.import_module(f"tcgzoo.envs.{name}"), importlib.import_module(f"tcgzoo.envs.{name}.position")


def step_start(name: str, game, seed: int):
    """A random game (no concessions) played to the first decision of a step of turn 3..5:
    BS the main step, NS the ether placement, LM the main phase's free timing."""
    s = game.new_initial_state(seed)
    rng = random.Random(seed)
    target, seen = 3 + seed % 3, set()
    while not s.is_terminal():
        s.apply_action(rng.choice(s.legal_actions()))
        if name == "battle_spirits" and s.dkind == D_MAIN and s.step == ST_MAIN and s.turn >= target:
            return s
        if name == "ninja_slayer" and s.dkind == D_ETHER and s.turn >= target:
            return s
        if name == "leader_melee" and s.dkind == D_FT_MAIN:
            if s.turn_no >= target and s.turn_no not in seen:
                return s
            seen.add(s.turn_no)
    return None


@pytest.mark.parametrize("name", GAMES)
def test_round_trip_at_step_starts(name) -> None:
    """build(game, readable(state)) of a state at the start of a step gives the same readable
    position: the same zones, counters, turn, step and pending decision; and it plays on."""
    mod, pos = modules(name)
    game = mod.Game(concession=False)
    done = 0
    for seed in range(6):
        s = step_start(name, game, seed)
        if s is None:
            continue
        r = pos.readable(s)
        assert json.loads(json.dumps(r)) == r  # plain JSON data
        b = pos.build(game, r)
        assert pos.readable(b) == r
        assert b.legal_actions() == s.legal_actions()
        b.check_invariants()
        rng = random.Random(seed)
        for _ in range(60):  # the built state plays on under the rules
            if b.is_terminal():
                break
            b.apply_action(rng.choice(b.legal_actions()))
            b.check_invariants()
        done += 1
    assert done >= 4


@pytest.mark.parametrize("name", GAMES)
def test_left_out_parts_are_filled_from_the_deck_lists_by_the_seed(name) -> None:
    mod, pos = modules(name)
    game = mod.Game()
    data = {"game": name, "decks": list(game.deck_names), "players": [{"hand": 3}, {"hand": 2}]}
    a, b = pos.build(game, data), pos.build(game, data)
    assert pos.readable(a) == pos.readable(b)  # the same seed, the same position
    c = pos.build(game, {**data, "seed": 1})
    ra, rc = pos.readable(a), pos.readable(c)
    assert ra["players"][0]["deck"] != rc["players"][0]["deck"]
    for p in (0, 1):  # every card of the deck lists, once
        listed = sorted(game.pool.cards[k].id for k in game.decks[p])
        spec = ra["players"][p]
        held = [e if isinstance(e, str) else e["card"] for z, v in spec.items() if isinstance(v, list) for e in v]
        assert sorted(held) == listed
        assert len(spec["hand"]) == (3, 2)[p]
    assert (ra["turn"], ra["active"], ra["pending"]["player"]) == (3, 0, 0)


def test_bs_counters_and_soul_core() -> None:
    mod, pos = modules("battle_spirits")
    s = pos.build(
        mod.Game(),
        {
            "game": "battle_spirits",
            "turn": 4,
            "active": 1,
            "players": [
                {"life": 2, "reserve": 0, "field": [{"card": "TZ01-R04", "state": "heavily exhausted"}]},
                {"field": [{"card": "TZ01-P08", "cores": 3, "soul": True}, "TZ01-P07"], "reserve": 4, "trash_cores": 1},
            ],
        },
    )
    r = pos.readable(s)
    p0, p1 = r["players"]
    assert p0["field"] == [{"card": "TZ01-R04", "cores": 1, "state": "heavily exhausted"}]  # not p0's refresh
    assert p1["soul_core"] == "field" and p1["field"][0] == {"card": "TZ01-P08", "cores": 3, "soul": True}
    assert p1["field"][1] == {"card": "TZ01-P07", "cores": 0}  # a nexus: Lv1 needs no core
    assert (p0["life"], p0["reserve"], p1["reserve"], p1["trash_cores"]) == (2, 0, 4, 1)
    assert (r["active"], r["first"], r["step"], r["pending"]) == (
        1,
        0,
        "main",
        {"player": 1, "decision": "main step action"},
    )
    assert (s.gained[0], s.gained[1]) == (2 + 0 + 1 - 8, 4 + 5 + 1 + 3 - 8)  # the cores beyond the set-up's 8
    s.check_invariants()


def test_bs_refresh_step_recovers_and_returns_trash_cores() -> None:
    """Resuming at the refresh step runs it (7-5): exhausted spirits recover, trash cores go to the reserve."""
    mod, pos = modules("battle_spirits")
    s = pos.build(
        mod.Game(),
        {
            "game": "battle_spirits",
            "step": "refresh",
            "players": [{"field": [{"card": "TZ01-R04", "state": "exhausted"}], "trash_cores": 2, "reserve": 1}, {}],
        },
    )
    p0 = pos.readable(s)["players"][0]
    assert p0["field"] == [{"card": "TZ01-R04", "cores": 1}] and p0["reserve"] == 3 and p0["trash_cores"] == 0


def test_ns_and_lm_per_card_state() -> None:
    mod, pos = modules("ninja_slayer")
    s = pos.build(
        mod.Game(),
        {
            "game": "ninja_slayer",
            "step": "ether",
            "active": 1,
            "players": [
                {"ether": [{"card": "TZNS-16", "bowed": True}, {"card": "TZNS-20", "face_down": True}]},
                {"field": [{"card": "TZNS-07", "damage": 1}]},
            ],
        },
    )
    r = pos.readable(s)
    assert r["players"][0]["ether"] == [{"card": "TZNS-16", "bowed": True}, {"card": "TZNS-20", "face_down": True}]
    assert r["players"][1]["field"] == [{"card": "TZNS-07", "damage": 1}] and r["pending"]["player"] == 1
    mod, pos = modules("leader_melee")
    s = pos.build(
        mod.Game(),
        {
            "game": "leader_melee",
            "players": [
                {"battle": [{"card": "LM-R04", "rested": True}], "life": ["LM-R01", "LM-R02"], "energy": 2},
                {"leader": {"card": "LM-L01", "rested": True}},
            ],
        },
    )
    r = pos.readable(s)
    assert r["players"][0]["battle"] == [{"card": "LM-R04", "rested": True}]
    assert r["players"][0]["life"] == ["LM-R01", "LM-R02"] and len(r["players"][1]["life"]) == 7
    assert r["players"][1]["leader"]["rested"] is True


def test_without_decks_any_pool_card_may_be_named() -> None:
    """A position that names no decks re-labels deck instances as the cards it names (the
    rules tests' scenes); one that names its decks is bound by the deck lists."""
    mod, pos = modules("battle_spirits")
    game = mod.Game()
    s = pos.build(game, {"game": "battle_spirits", "players": [{"hand": ["TZ01-P05"] * 4}, {}]})
    assert pos.readable(s)["players"][0]["hand"] == ["TZ01-P05"] * 4
    with pytest.raises(PositionError, match=r"players\[0\]\.hand\[0\]: one copy of 'TZ01-P05' more than player 0's"):
        pos.build(
            game, {"game": "battle_spirits", "decks": list(game.deck_names), "players": [{"hand": ["TZ01-P05"]}, {}]}
        )


@pytest.mark.parametrize(
    "name, data, message",
    [
        (
            "battle_spirits",
            {"players": [{}, {"hand": ["TZ01-R01", "TZ01-R02", "BS99-999"]}]},
            r"players\[1\]\.hand\[2\]: unknown card 'BS99-999'",
        ),
        ("battle_spirits", {"players": [{"hand": ["TZ01-R0"]}, {}]}, "did you mean 'TZ01-R01'"),
        (
            "battle_spirits",
            {"decks": ["red_rush", "red_rush"], "players": [{"hand": ["TZ01-R01"] * 4}, {}]},
            r"players\[0\]\.hand\[3\]: one copy of 'TZ01-R01' more than player 0's deck list holds \(3 placed",
        ),
        (
            "battle_spirits",
            {"players": [{"hand": ["TZ01-R01"] * 41}, {}]},
            r"players\[0\]\.hand: 41 cards; the hand holds at most 40",
        ),
        ("battle_spirits", {"players": [{"hand": 41}, {}]}, r"players\[0\]\.hand: 41 cards; the hand holds 0\.\.40"),
        ("battle_spirits", {"players": [{"trash": ["TZ01-R01"] * 39}, {"deck": ["TZ01-R01"] * 3}]}, None),
        (
            "battle_spirits",
            {"players": [{"trash": ["TZ01-R01"] * 37, "hand": 5}, {}]},
            r"players\[0\]\.hand: 5 cards asked for; player 0's deck list has 3 left",
        ),
        ("battle_spirits", {"players": [{"graveyard": []}, {}]}, r"players\[0\]: unknown key 'graveyard'"),
        ("battle_spirits", {"step": "mian"}, "step: 'mian' is not a step a position starts at; did you mean 'main'"),
        ("battle_spirits", {"players": [{"life": -1}, {}]}, r"players\[0\]\.life: -1 is out of range 0\.\.200"),
        (
            "battle_spirits",
            {"players": [{"field": [{"card": "TZ01-R01", "cores": "two"}]}, {}]},
            r"players\[0\]\.field\[0\]\.cores: a whole number, not 'two'",
        ),
        (
            "battle_spirits",
            {"players": [{"field": [{"card": "TZ01-R01", "state": "tired"}]}, {}]},
            r"players\[0\]\.field\[0\]\.state: 'tired' is not one of recovered",
        ),
        ("battle_spirits", {"players": [{"field": ["TZ01-R06"]}, {}]}, "'TZ01-R06' is a magic card"),
        ("battle_spirits", {"players": [{"soul_core": "field"}, {}]}, "no field card of player 0 has soul: true"),
        (
            "battle_spirits",
            {"players": [{"field": [{"card": "TZ01-R01", "soul": True}, {"card": "TZ01-R10", "soul": True}]}, {}]},
            r"field\[1\]\.soul: player 0 has one soul core",
        ),
        ("battle_spirits", {"turn": 0}, "turn: 0 is out of range 1..10000"),
        ("battle_spirits", {"active": 2}, "active: 2 is out of range 0..1"),
        ("battle_spirits", {"turn": 1, "active": 1, "first": 0}, "first: 0, but turn 1 is the first player's turn"),
        ("battle_spirits", {"players": [{}]}, "players: a list of two player specs"),
        (
            "battle_spirits",
            {"decks": ["red_rush", "purple_control"]},
            r"decks\[1\]: the position's deck is 'purple_control'",
        ),
        ("battle_spirits", {"decks": ["red_rush", "nope"]}, r"decks\[1\]: unknown Battle Spirits deck .nope."),
        ("battle_spirits", {"options": {"first_player": 1}}, "options.first_player: the position asks for 1"),
        ("battle_spirits", {"options": {"speed": 1}}, "unknown Battle Spirits option 'speed'"),
        ("battle_spirits", {"format": "tcgzoo-position/9"}, "format: 'tcgzoo-position/9' is not"),
        ("battle_spirits", {"colour": 1}, "the position: unknown key 'colour'"),
        ("ninja_slayer", {"players": [{"field": ["TZNS-16"]}, {}]}, "'TZNS-16' is a kotodama; only characters"),
        (
            "ninja_slayer",
            {"players": [{}, {"ether": [{"card": "TZNS-16", "bowed": "yes"}]}]},
            r"players\[1\]\.ether\[0\]\.bowed: true or false, not 'yes'",
        ),
        ("ninja_slayer", {"step": "main"}, "one of untap, draw, ether, character, ikusa, end"),
        (
            "leader_melee",
            {"players": [{"hand": ["LM-L01"]}, {}]},
            "'LM-L01' is a leader card; a leader is in the leader",
        ),
        (
            "leader_melee",
            {"players": [{"leader": "LM-R01"}, {}]},
            r"players\[0\]\.leader: 'LM-R01' is not a leader card",
        ),
        (
            "leader_melee",
            {"decks": ["red_rush", "red_rush"], "players": [{"leader": "LM-L03"}, {}]},
            "player 0's deck list has the leader 'LM-L01'",
        ),
        ("leader_melee", {"players": [{"life": ["LM-R01"] * 41}, {}]}, r"players\[0\]\.life: 41 cards; the life holds"),
        (
            "leader_melee",
            {"players": [{"leader": {"card": "LM-L01", "face": 5}}, {}]},
            r"leader\.face: 5 is out of range",
        ),
    ],
)
def test_bad_positions_say_what_and_where(name, data, message) -> None:
    mod, pos = modules(name)
    game = mod.Game()
    data = {"game": name, **data}
    if message is None:  # the boundary case: exactly the deck list's 40 cards named
        pos.build(game, data).check_invariants()
        return
    with pytest.raises(PositionError, match=message):
        pos.build(game, data)


def test_a_position_of_another_game() -> None:
    mod, pos = modules("leader_melee")
    with pytest.raises(PositionError, match="game: this is a position of 'battle_spirits', not of leader_melee"):
        pos.build(mod.Game(), {"game": "battle_spirits"})
    with pytest.raises(PositionError, match=r"game: a position names its game \('leader_melee'\)"):
        pos.build(mod.Game(), {"players": [{}, {}]})
    with pytest.raises(PositionError, match="a position is a mapping, not list"):
        pos.build(mod.Game(), [])


@pytest.mark.parametrize("name", GAMES)
def test_example_files_load_and_build(name) -> None:
    """Every example of docs/positions.md builds, and its readable position keeps what it named."""
    mod, pos = modules(name)
    files = sorted(EXAMPLES.glob(f"{name}_*.yaml"))
    assert files, f"no example position for {name} in {EXAMPLES}"
    for f in files:
        data = load_position(f)
        game = new_game(mod.Game, data)
        s = pos.build(game, data)
        s.check_invariants()
        r = pos.readable(s)
        assert (r["game"], r["turn"], r["active"], r["step"]) == (name, data["turn"], data["active"], data["step"])
        assert r["decks"] == data["decks"]
        assert not s.is_terminal() and s.legal_actions()


def test_position_files_yaml_json_and_their_errors(tmp_path) -> None:
    mod, pos = modules("battle_spirits")
    game = mod.Game()
    s = pos.build(game, {"game": "battle_spirits", "players": [{"hand": ["TZ01-R01"]}, {}]})
    r = pos.readable(s)
    for ext in ("yaml", "json"):
        f = tmp_path / f"p.{ext}"
        dump_position(r, f)
        assert load_position(f) == r
        assert pos.readable(pos.build(game, load_position(f))) == r
    with pytest.raises(PositionError, match="no such file"):
        load_position(tmp_path / "missing.yaml")
    big = tmp_path / "big.yaml"
    big.write_text("x: " + "a" * POSITION_FILE_MAX_BYTES)
    with pytest.raises(PositionError, match=r"big\.yaml: .* a position file holds at most 256 KiB"):
        load_position(big)
    bad = tmp_path / "bad.yaml"
    bad.write_text("players: [\n")
    with pytest.raises(PositionError, match=r"bad\.yaml: not valid YAML at line"):
        load_position(bad)
    alias = tmp_path / "alias.yaml"
    alias.write_text("a: &x [1]\nb: *x\n")
    with pytest.raises(PositionError, match="anchors are not allowed"):
        load_position(alias)
    (tmp_path / "list.yaml").write_text("- 1\n")
    with pytest.raises(PositionError, match=r"list\.yaml: a position file holds a mapping"):
        load_position(tmp_path / "list.yaml")
    (tmp_path / "bad.json").write_text('{"game": ')
    with pytest.raises(PositionError, match=r"bad\.json: not valid JSON at line 1"):
        load_position(tmp_path / "bad.json")


def test_new_game_makes_the_positions_game() -> None:
    mod, pos = modules("leader_melee")
    g = new_game(
        mod.Game, {"game": "leader_melee", "decks": ["blue_control", "red_rush"], "options": {"first_player": 1}}
    )
    assert g.deck_names == ["blue_control", "red_rush"] and g.options["first_player"] == 1
    with pytest.raises(PositionError, match="decks / options: .*unknown Leader Melee deck .nope."):
        new_game(mod.Game, {"game": "leader_melee", "decks": ["nope", "red_rush"]})
    with pytest.raises(PositionError, match="this is a position of 'ninja_slayer'"):
        new_game(mod.Game, {"game": "ninja_slayer"})


def test_the_docs_yaml_examples_build() -> None:
    """Every YAML example in docs/positions.md is a position that builds."""
    import re

    import yaml

    text = (EXAMPLES.parent.parent / "docs" / "positions.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```yaml\n(.*?)```", text, re.S)
    assert len(blocks) == 3
    for block in blocks:
        data = yaml.safe_load(block)
        mod, pos = modules(data["game"])
        s = pos.build(new_game(mod.Game, data), data)
        assert pos.readable(s)["turn"] == data["turn"] and s.legal_actions()
