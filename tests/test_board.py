"""The readable board (``agents/board.py``) that ``tcgzoo play`` prints and the browser
app draws: card names and numbers for each game, nothing a seat's view hides, and the
terminal game no longer printing raw JSON."""

from __future__ import annotations

import builtins
import json
import random
import re

import pytest
from tcgzoo.agents import cli
from tcgzoo.agents.base import playable_actions
from tcgzoo.agents.board import board, board_text, card_catalog
from tcgzoo.agents.games import make_game
from tcgzoo.envs import game_names

GAMES = tuple(game_names())
#: a counter each game's board must show for each seat
COUNTERS = {
    "battle_spirits": {"life", "reserve", "deck", "hand"},
    "ninja_slayer": {"deck", "hand"},
    "leader_melee": {"life", "deck", "hand", "energy"},
}


def _states(game: str, seed: int, every: int = 15):
    state = make_game(game).new_initial_state(seed)
    rng = random.Random(seed)
    k = 0
    while not state.is_terminal():
        if k % every == 0:
            yield state
        state.apply_action(rng.choice(playable_actions(state)))
        k += 1
    yield state


def _cards(b: dict):
    return [c for p in b["players"] for z in p["zones"] for c in z["cards"]]


@pytest.mark.parametrize("game", GAMES)
def test_board_names_cards_and_shows_counters(game):
    catalog = card_catalog(game)
    seen_numbers = False
    for state in _states(game, 1):
        b = board(game, state.to_dict(), catalog, state.returns() if state.is_terminal() else None)
        assert len(b["players"]) == 2 and b["head"]
        for p in b["players"]:
            assert COUNTERS[game] <= {k for k, _ in p["stats"]}, p["stats"]
        for c in _cards(b):
            assert not c.get("hidden")  # the full view hides nothing
            if c.get("id") in catalog:
                assert c["name"].startswith(catalog[c["id"]]["name"])  # Ninja Slayer adds the epithet
            seen_numbers |= bool(c["numbers"])
        text = board_text(b)
        assert "seat 0" in text and "seat 1" in text
    assert b["result"] in ("seat 0 wins", "seat 1 wins", "draw")
    assert seen_numbers  # levels, BP, cores, power... somewhere in a whole game


@pytest.mark.parametrize("game", GAMES)
def test_a_seats_board_is_as_blind_as_its_view(game):
    catalog = card_catalog(game)
    rng = random.Random(0)
    for state in _states(game, 2, every=25):
        for seat in (0, 1):
            b = board(game, state.to_dict(seat), catalog)
            other = state.clone()
            other.resample_hidden(seat, rng)
            assert board(game, other.to_dict(seat), catalog) == b
            full = set(re.findall(r'"([^"]+)"', json.dumps(state.to_dict())))
            mine = set(re.findall(r'"([^"]+)"', json.dumps(state.to_dict(seat))))
            shown = json.dumps(b)
            for card in (full - mine) & set(catalog):
                assert f'"{card}"' not in shown
            assert not any(
                z["key"] in ("deck_cards", "deck_order_top_last", "life_cards")
                for p in b["players"]
                for z in p["zones"]
            )


def test_hidden_hands_are_counted_not_named():
    state = make_game("battle_spirits").new_initial_state(4)
    b = board("battle_spirits", state.to_dict(0), card_catalog("battle_spirits"))
    opp_hand = next(z for z in b["players"][1]["zones"] if z["key"] == "hand")
    assert opp_hand["count"] == len(state.to_dict()["players"][1]["hand"]) > 0
    assert all(c["hidden"] for c in opp_hand["cards"])
    assert f"hand: {opp_hand['count']} hidden" in board_text(b)


@pytest.mark.parametrize("game", GAMES)
def test_terminal_play_prints_the_readable_board(game, monkeypatch, capsys):
    answers = iter(["1"] * 6 + ["q"])
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(answers))
    assert cli.main(["play", "--game", game, "--agent", "random", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert '{"' not in out  # no raw JSON views any more
    assert re.search(r"^seat [01]", out, re.M) and "decision:" in out
    assert re.search(r"^\s+hand: ", out, re.M)
