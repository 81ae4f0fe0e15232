"""Exact positions (issue #11 parts 1 and 6): ``state.to_position()`` / ``game.state_from_position``,
``state.serialize()`` / ``game.deserialize_state``, and the field table they and ``clone`` follow from.

A restored state is the original: the same observations (both players), legal actions, ``to_dict``,
strings and returns under the same 200 random actions, for positions taken at many points of seeded
random games of every game on the kernel.
"""

from __future__ import annotations

import copy
import json
import random
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tcgzoo.envs import battle_spirits, leader_melee, ninja_slayer, toy_duel
from tcgzoo.envs.core.engine import DecisionState
from tcgzoo.envs.core.errors import PositionError
from tcgzoo.envs.core.position import FORMAT
from tcgzoo.envs.core.rng import Rng
from tcgzoo.envs.core.table import Table

GAMES = {
    "battle_spirits": battle_spirits,
    "ninja_slayer": ninja_slayer,
    "leader_melee": leader_melee,
    "toy_duel": toy_duel,
}
KERNEL_GAMES = ("battle_spirits", "ninja_slayer", "leader_melee")


def _game(name: str):
    return GAMES[name].Game()


def _moves(s, rng: random.Random) -> int:
    """A random legal action, conceding only when nothing else is legal."""
    la = [a for a in s.legal_actions() if a != s.CONCEDE] or s.legal_actions()
    return la[rng.randrange(len(la))]


def _played(game, seed: int, k: int):
    """The state after ``k`` seeded random decisions (or the end, if sooner)."""
    s = game.new_initial_state(seed)
    rng = random.Random(seed)
    for _ in range(k):
        if s.is_terminal():
            break
        s.apply_action(_moves(s, rng))
    return s


def _same(a, b, where: str) -> None:
    assert a.current_player() == b.current_player(), where
    assert a.legal_actions() == b.legal_actions(), where
    assert a.is_terminal() == b.is_terminal(), where
    assert a.returns() == b.returns(), where
    assert a.to_dict() == b.to_dict(), where
    assert str(a) == str(b), where
    for p in (0, 1):
        assert a.observation_tensor(p).tobytes() == b.observation_tensor(p).tobytes(), f"{where}, player {p}"
        assert a.to_dict(p) == b.to_dict(p), f"{where}, player {p}"


def _plays_on_alike(a, b, seed: int, steps: int = 200) -> None:
    """``a`` and ``b`` answer alike to the same ``steps`` random actions (and to resampling)."""
    rng = random.Random(seed)
    for t in range(steps):
        _same(a, b, f"step {t}")
        if t % 50 == 0 and not a.is_terminal():  # hidden information redealt alike
            ca, cb = a.clone(), b.clone()
            ca.resample_hidden(t % 2, Rng(seed + t))
            cb.resample_hidden(t % 2, Rng(seed + t))
            _same(ca, cb, f"step {t}, resampled")
        if a.is_terminal():
            return
        x = _moves(a, rng)
        assert a.action_to_string(x) == b.action_to_string(x)
        a.apply_action(x)
        b.apply_action(x)
    _same(a, b, "the end")
    assert a.to_position() == b.to_position()


# ---- a restored state plays on exactly as the original --------------------------------------------------
@pytest.mark.parametrize("name", list(GAMES))
def test_restored_positions_play_on_exactly(name):
    game = _game(name)
    for seed, k in ((1, 0), (2, 7), (3, 40), (4, 120), (5, 260)):
        s = _played(game, seed, k)
        data = s.to_position()
        json.dumps(data)  # plain data
        assert data["format"] == FORMAT and data["game"] == game.name
        r = game.state_from_position(json.loads(json.dumps(data)))
        assert type(r) is type(s)
        assert r.to_position() == data
        _plays_on_alike(s, r, seed)


@pytest.mark.parametrize("name", list(GAMES))
def test_serialize_round_trip(name):
    game = _game(name)
    s = _played(game, 11, 90)
    text = s.serialize()
    assert isinstance(text, str) and json.loads(text)["engine"] == s.to_position()["engine"]
    r = game.deserialize_state(text)
    assert r.serialize() == text
    _plays_on_alike(s, r, 11, steps=60)


def test_finished_game_round_trips():
    game = _game("leader_melee")
    s = _played(game, 6, 10_000)
    assert s.is_terminal()
    r = game.state_from_position(s.to_position())
    assert r.is_terminal() and r.returns() == s.returns() and r.capped == s.capped
    with pytest.raises(ValueError, match="the game is over"):
        r.apply_action(0)


def test_the_decision_cap_counts_the_restored_history():
    """The decisions taken are part of the position: a restored game stops at the same cap."""
    game = ninja_slayer.Game(max_decisions=50)
    s = _played(game, 3, 45)
    r = game.state_from_position(s.to_position())
    assert r.history == s.history
    _plays_on_alike(s, r, 3, steps=20)
    assert s.is_terminal() and r.is_terminal() and r.capped and s.capped


def test_level_cost_variant_round_trips():
    """The Battle Spirits state of decks that change Lv costs (its own class) restores as itself."""
    sys.path.insert(0, str(Path(__file__).resolve().parent / "battle_spirits"))
    try:
        from bs_scenario import game as test_deck_game
    finally:
        sys.path.pop(0)
    game = test_deck_game()
    for seed, k in ((0, 30), (1, 150)):
        s = _played(game, seed, k)
        assert isinstance(s, battle_spirits.BattleSpiritsLevelCostState)
        r = game.state_from_position(json.loads(s.serialize()))
        assert type(r) is type(s)
        _plays_on_alike(s, r, seed, steps=120)


def test_battle_spirits_effect_outcomes_restore():
    """An effect's frame keeps its last action's outcome (done, done in full, 'after': BS 5-19) for
    the next action's link; the verbs return them as bools, and a frame holding one was refused on
    restore ('engine.stack[3][8]: expected an int, got False'). Random play of the real-card decks
    reaches such decisions (seed 1000: blue_white_mill vs blue_yellow_tempo; seed 1001: the
    scenario deck's mirror): each restores and plays on alike."""
    sys.path.insert(0, str(Path(__file__).resolve().parent / "battle_spirits"))
    try:
        from bs_scenario import DATA, REAL, REAL_CARD_FILES, REAL_DECK
    finally:
        sys.path.pop(0)
    from tcgzoo.envs.battle_spirits.rules.frames import EFF_IP, H_EFFECT

    real = dict(builtin_cards=False, format="eternal", concession=False, max_decisions=1500)
    games = {
        1000: battle_spirits.Game(
            decks=[str(REAL / "decks/blue_white_mill.yaml"), str(REAL / "decks/blue_yellow_tempo.yaml")],
            cards=list(REAL_CARD_FILES),
            **real,
        ),
        1001: battle_spirits.Game(
            decks=[REAL_DECK, REAL_DECK],
            cards=[str(DATA / "filler.yaml"), *REAL_CARD_FILES],
            **real,
        ),
    }
    for seed, game in games.items():
        s = game.new_initial_state(seed)
        rng = random.Random(seed)
        found = 0
        while not s.is_terminal() and found < 2:
            if any(f[0] == H_EFFECT and f[EFF_IP] > 0 for f in s.stack):  # an action done, its outcome kept
                data = json.loads(s.serialize())
                assert all(type(x) is int for f in data["engine"]["stack"] for x in f[1:]), data["engine"]["stack"]
                r = game.state_from_position(data)
                _plays_on_alike(s.clone(), r, seed, steps=30)
                found += 1
            s.apply_action(_moves(s, rng))
        assert found == 2, f"seed {seed}: the game reached {found} decisions inside an effect"


def test_snapshots_round_trip():
    """Ninja Slayer keeps whole states to roll an entry back to (NS 1204.2i): saved recursively.

    ninja_slay_aggro's cards reach such decisions in random play (the default mirror's rarely do)."""
    game = GAMES["ninja_slayer"].Game(decks=["soukaiya_ambush", "ninja_slay_aggro"])
    found = 0
    for seed in range(40):
        s = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not s.is_terminal() and found < 3:
            if s.saved:
                data = json.loads(s.serialize())
                assert data["engine"]["fields"]["saved"][0]["fields"]["cdef"][0] == s.defs[s.saved[0].cdef[0]].id
                r = game.state_from_position(data)
                assert len(r.saved) == len(s.saved) and r.saved[0].to_dict() == s.saved[0].to_dict()
                _plays_on_alike(s, r, seed, steps=40)
                found += 1
                break
            s.apply_action(_moves(s, rng))
        if found >= 3:
            break
    assert found, "no random game reached a decision with a rollback snapshot"


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(KERNEL_GAMES), seed=st.integers(0, 10_000), k=st.integers(0, 400))
def test_any_position_restores(name, seed, k):
    game = _game(name)
    s = _played(game, seed, k)
    r = game.deserialize_state(s.serialize())
    _plays_on_alike(s, r, seed, steps=30)


# ---- what the engine part holds ------------------------------------------------------------------------------
@pytest.mark.parametrize("name", KERNEL_GAMES)
def test_engine_part_names_cards_and_handlers(name):
    game = _game(name)
    s = _played(game, 8, 60)
    e = s.to_position()["engine"]
    handlers = [fn.__name__ for fn in type(s).HANDLERS]
    assert [f[0] for f in e["stack"]] == [handlers[f[0]] for f in s.stack]
    assert e["fields"]["cdef"] == [s.defs[c].id for c in s.cdef]
    assert e["rng"] == s.rng.s and e["history"] == s.history
    assert e["decision"] == {"kind": s.decision_name(), "player": s.dplayer, "legal": s.legal}
    assert set(e["fields"]) == set(type(s).FIELDS.saved())
    assert not set(e["fields"]) & set(type(s).FIELDS.static)  # the pool and decks come from the game


def test_frames_follow_handler_names_not_numbers(monkeypatch):
    """A position names each frame's handler, so a table renumbered since it was saved (a handler
    added or moved) still restores each frame to the same function."""
    game = _game("toy_duel")
    s = _played(game, 2, 3)
    data = s.to_position()
    before = [type(s).HANDLERS[f[0]] for f in s.stack]

    def trace(x):  # the rest of the game under the first legal action, as the players see it
        out = []
        while not x.is_terminal():
            out.append((x.legal_actions(), x.to_dict(), x.observation_tensor(0).tobytes()))
            x.apply_action(x.legal_actions()[0])
        return out + [x.returns()]

    expected = trace(s.clone())
    # the rules renumbered: the table reversed and the ids the handlers push with it
    monkeypatch.setattr(toy_duel.State, "HANDLERS", tuple(reversed(toy_duel.State.HANDLERS)))
    monkeypatch.setattr(toy_duel, "H_SETUP", 1)
    monkeypatch.setattr(toy_duel, "H_TURN", 0)
    r = game.state_from_position(data)
    assert [type(r).HANDLERS[f[0]] for f in r.stack] == before
    assert [f[0] for f in r.stack] != [f[0] for f in s.stack]
    assert [f[1:] for f in r.stack] == [f[1:] for f in s.stack]
    assert trace(r) == expected


# ---- errors say what and where ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def bs_position():
    game = _game("battle_spirits")
    return game, _played(game, 5, 80).to_position()


def _err(game, data, match: str) -> None:
    with pytest.raises(PositionError, match=match):
        game.state_from_position(data)


def test_error_position_of_another_game(bs_position):
    _, data = bs_position
    _err(_game("ninja_slayer"), data, "position.game: a position of 'battle_spirits', not of 'ninja_slayer'")


def test_error_unknown_card(bs_position):
    game, data = bs_position
    d = copy.deepcopy(data)
    d["engine"]["fields"]["cdef"][5] = "BS99-999"
    _err(game, d, r"engine.fields.cdef\[5\]: unknown card 'BS99-999'")


def test_error_bad_fields(bs_position):
    game, data = bs_position
    for change, match in (
        (lambda f: f.__setitem__("turn", "3"), r"engine.fields.turn: expected int, got '3'"),
        (lambda f: f.__setitem__("turnn", 3), r"engine.fields: unknown field\(s\) 'turnn'"),
        (lambda f: f.pop("hand"), r"engine.fields: missing field\(s\) hand"),
        (lambda f: f["zone"].pop(), r"engine.fields.zone: expected a list of \d+ values \(one per card\)"),
        (lambda f: f["hand"][0].append(10_000), r"engine.fields.hand\[0\]\[\d+\]: card 10000 is not one of"),
        (lambda f: f["teff"].append(["x"]), r"engine.fields.teff\[\d+\]\[0\]: expected an int"),
        (lambda f: f["hand"][1].append(f["deck"][1][0]), "engine.fields: the cards do not add up"),
    ):
        d = copy.deepcopy(data)
        change(d["engine"]["fields"])
        _err(game, d, match)


def test_error_impossible_count(bs_position):
    """Player 0's cards are player 0's deck: one card turned into another is more copies than it has."""
    game, data = bs_position
    d = copy.deepcopy(data)
    cdef = d["engine"]["fields"]["cdef"]
    other = next(c for c in cdef[1:] if c != cdef[0])
    cdef[0] = other
    _err(game, d, rf"engine.fields.cdef: player 0 holds \d+ of '{other}', but their deck has \d+")


def test_error_truncated_stack(bs_position):
    game, data = bs_position
    d = copy.deepcopy(data)
    d["engine"]["stack"] = []
    _err(game, d, r"engine.stack: empty \(truncated\?\) while the game is not over")
    d = copy.deepcopy(data)
    d["engine"]["stack"][-1] = d["engine"]["stack"][-1][:1]
    _err(game, d, r"engine.stack\[\d+\]: expected a frame \[handler name, step, ...\]")
    d = copy.deepcopy(data)
    d["engine"]["stack"][0][0] = "h_nothing"
    _err(game, d, r"engine.stack\[0\]\[0\]: unknown handler 'h_nothing'; battle_spirits's handlers are h_setup")
    with pytest.raises(PositionError, match="position: not JSON text"):
        game.deserialize_state(json.dumps(data)[:-40])


def test_error_decision_rng_and_options(bs_position):
    game, data = bs_position
    for change, match in (
        (lambda e: e["decision"].__setitem__("kind", "dance"), "engine.decision.kind: unknown decision 'dance'"),
        (lambda e: e["decision"].__setitem__("legal", [5, 3]), "engine.decision.legal: not ascending"),
        (lambda e: e["decision"].__setitem__("legal", [10**6]), r"engine.decision.legal\[0\]: expected an int in"),
        (lambda e: e.__setitem__("rng", -1), "engine.rng: expected an int in"),
        (lambda e: e.pop("history"), "engine: missing history"),
    ):
        d = copy.deepcopy(data)
        change(d["engine"])
        _err(game, d, match)
    _err(battle_spirits.Game(max_decisions=7), data, "position.options: max_decisions differ from the game's")
    _err(battle_spirits.Game(decks=["purple_control", "red_rush"]), data, "position.decks:")
    d = copy.deepcopy(data)
    d["format"] = "tcgzoo-position/9"
    _err(game, d, "position.format")


def test_error_changed_pool(bs_position):
    """The engine part may hold pool indexes inside frames: a pool whose cards moved is refused."""
    game, data = bs_position
    d = copy.deepcopy(data)
    cid = next(iter(d["engine"]["pool"]))
    d["engine"]["pool"][cid] += 1
    _err(game, d, f"engine.pool: card '{cid}' was pool index")


def test_without_engine_part_goes_to_the_readable_builder(bs_position):
    """A position without its engine part is built by the game's readable builder
    (``tcgzoo.envs.<game>.position.build``), the same state as calling it directly."""
    game, data = bs_position
    d = {k: v for k, v in data.items() if k != "engine"}
    from tcgzoo.envs.battle_spirits import position

    built, direct = game.state_from_position(d), position.build(game, d)
    assert position.readable(built) == position.readable(direct)
    assert built.legal_actions() == direct.legal_actions()


def test_without_engine_part_and_no_readable_builder_is_an_error():
    """Toy Duel has no readable positions: a position without its engine part says so."""
    game = _game("toy_duel")
    d = {k: v for k, v in _played(game, 3, 4).to_position().items() if k != "engine"}
    _err(game, d, r"no 'engine' part, and toy_duel has no tcgzoo.envs.toy_duel.position.build")


# ---- the table ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", list(GAMES))
def test_generated_clone_is_the_declared_copy(name):
    """``clone`` (generated) equals the reference copy ``Table.clone_into``, and shares no mutable
    list with the original except the declared shared ones."""
    game = _game(name)
    s = _played(game, 9, 70)
    table = type(s).FIELDS
    c = s.clone()
    ref = object.__new__(type(s))
    s._copy_protocol(ref)
    table.clone_into(s, ref)
    for n in table.names():
        assert getattr(c, n) == getattr(ref, n) == getattr(s, n) or n in table.transient, n
    for n in table.lists + table.zones + table.rows + table.tuples + table.tuple_rows + table.snapshots:
        assert getattr(c, n) is not getattr(s, n), n
    for n in table.zones + table.rows:
        assert all(x is not y for x, y in zip(getattr(c, n), getattr(s, n))), n
    assert "generated from FIELDS" in type(s).clone.__doc__


def test_every_slot_is_declared():
    with pytest.raises(TypeError, match=r"FIELDS and __slots__ differ: undeclared \['b'\]"):

        class Bad(DecisionState):
            __slots__ = ("a", "b")
            FIELDS = Table(values=("a",))

    with pytest.raises(TypeError, match=r"declares \['a'\] twice"):

        class Twice(DecisionState):
            __slots__ = ("a",)
            FIELDS = Table(values=("a",), lists=("a",))
