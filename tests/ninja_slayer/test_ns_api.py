"""Ninja Slayer TCG: what of the API is its own (pool, first decision, card and deck file
errors); the shared contract checks are in tests/test_api_games.py."""

from __future__ import annotations

import textwrap

import numpy as np
import pytest
from tcgzoo.envs.core.errors import CardFileError, DeckError
from tcgzoo.envs.ninja_slayer import Game
from tcgzoo.envs.ninja_slayer.cards import load_pool


def test_builtin_pool_and_decks_load():
    """NS 402.4a, NS 402.4b, NS 402.4c: every built-in deck is a legal Constructed deck;
    the ten errata cards are in the pool."""
    g = Game()
    assert len(g.pool.cards) >= 50
    for cid in (
        "NST1-22",
        "NST1-30",
        "NST1-46",
        "NST2-11",
        "NST2-30",
        "NST1-14",
        "NST1-19",
        "NST1-71",
        "NST2-46",
        "NST2-67",
    ):
        assert cid in g.pool.by_id
    names = Game.builtin_decks()
    assert len(names) >= 4
    for n in names:
        assert g.validate_deck(n) == n


def test_contract_sizes_and_first_decision():
    g = Game(first_player=0)
    s = g.new_initial_state(7)
    assert g.num_distinct_actions() == 238
    # auto_forced is off by default: the untap step's priority is asked though only pass is legal
    assert s.current_player() == 0 and s.decision_name() == "priority"
    assert s.legal_actions() == [0, 237]  # pass, concede
    while s.decision_name() != "ether placement":
        s.apply_action(0)
    assert s.current_player() == 0
    o = s.observation_tensor(0)
    assert o.dtype == np.float32 and o.shape == (g.observation_size(),)
    assert s.legal_actions_mask().sum() == len(s.legal_actions())
    strings = [s.action_to_string(a) for a in s.legal_actions()]
    assert strings[0] == "pass" and strings[-1] == "concede" and strings[1].startswith("hand 0: ")
    assert sum(b[1] - b[0] + 1 for b in g.observation_layout()) == g.observation_size()


def _write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(textwrap.dedent(text), encoding="utf-8")
    return p


def test_bad_card_file_names_file_entry_and_field(tmp_path):
    p = _write(
        tmp_path,
        "bad.yaml",
        """
        cards:
          - {id: X-1, name: "A", type: character, cost: 1, karate: 1, durability: 0, kousaku: 1}
    """,
    )
    with pytest.raises(CardFileError, match=r"bad.yaml, entry 'X-1', field 'durability': must be at least 1"):
        load_pool([p])
    p = _write(
        tmp_path,
        "bad2.yaml",
        """
        cards:
          - id: X-2
            name: "B"
            type: kotodama
            cost: 1
            actions: [{do: explode, n: 1}]
    """,
    )
    with pytest.raises(CardFileError, match=r"entry 'X-2', field 'actions\[0\].do': 'explode' is not one of"):
        load_pool([p])
    p = _write(
        tmp_path,
        "bad3.yaml",
        """
        cards:
          - {id: X-3, name: "C", type: character, cost: 1, karate: 1, durability: 1, kousaku: 1, colour: red}
    """,
    )
    with pytest.raises(CardFileError, match=r"field 'colour': unknown field"):
        load_pool([p])


def _deck(tmp_path, cards):
    body = "name: t\ncards:\n" + "".join(f"  {k}: {v}\n" for k, v in cards.items())
    return str(_write(tmp_path, "deck.yaml", body))


def test_bad_decks_name_the_card_and_rule(tmp_path):
    g = Game()
    with pytest.raises(DeckError, match=r"NS 402.4a"):
        g.validate_deck(_deck(tmp_path, {"TZNS-29": 4}))
    with pytest.raises(DeckError, match=r"card 'Takagi Gando◆Pistol Karate'.*at most 4 \(rule NS 402.4b\)"):
        g.validate_deck(
            _deck(
                tmp_path,
                {
                    "NST2-30": 5,
                    "TZNS-09": 4,
                    "TZNS-12": 4,
                    "TZNS-17": 4,
                    "TZNS-18": 4,
                    "TZNS-19": 4,
                    "TZNS-20": 4,
                    "TZNS-21": 3,
                    "TZNS-23": 4,
                    "TZNS-25": 4,
                    "TZNS-27": 4,
                    "TZNS-29": 4,
                    "TZNS-40": 2,
                },
            )
        )
    ukemi = {"TZNS-01": 4, "TZNS-03": 4, "TZNS-05": 4, "TZNS-10": 4, "TZNS-11": 1}
    rest = {
        "TZNS-02": 2,
        "TZNS-04": 4,
        "TZNS-06": 4,
        "TZNS-07": 4,
        "TZNS-08": 4,
        "TZNS-09": 4,
        "NST2-30": 4,
        "TZNS-40": 4,
        "NST2-46": 3,
    }
    with pytest.raises(DeckError, match=r"17 cards with ukemi; at most 16 \(rule NS 402.4c\)"):
        g.validate_deck(_deck(tmp_path, {**ukemi, **rest}))
    with pytest.raises(CardFileError, match=r"cards.NOPE-1.*unknown card id"):
        g.validate_deck(_deck(tmp_path, {"NOPE-1": 4}))
