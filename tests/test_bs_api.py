"""Battle Spirits: what of the API is its own (pool, first decision, render, card and deck
file errors, the Python hook); the shared contract checks are in tests/test_api_games.py."""

from __future__ import annotations

import textwrap

import numpy as np
import pytest
from tcgzoo.envs import battle_spirits_v0, load_game
from tcgzoo.envs.battle_spirits import Game
from tcgzoo.envs.battle_spirits.cards import load_pool
from tcgzoo.envs.core.errors import CardFileError, DeckError


def test_builtin_pool_and_decks_load():
    """BS 6-1-1: every built-in deck is legal; the pool is large and spans six colours."""
    g = Game()
    assert len(g.pool) >= 60
    assert {c for d in g.pool.cards for c in d.colors} == set(range(6))
    names = Game.builtin_decks()
    assert len(names) >= 4
    for n in names:
        assert g.validate_deck(n) == load_game("battle_spirits", decks=[n, n]).deck_names[0]


def test_contract_sizes_and_first_decision():
    g = Game(first_player=None)
    s = g.new_initial_state(7)
    assert g.num_distinct_actions() == 185
    assert s.current_player() in (0, 1)
    assert s.decision_name() == "choose first or second"  # BS-R3
    o = s.observation_tensor(0)
    assert o.dtype == np.float32 and o.shape == (g.observation_size(),)
    mask = s.legal_actions_mask()
    assert mask.dtype == bool and mask.sum() == len(s.legal_actions())
    assert [s.action_to_string(a) for a in s.legal_actions()] == ["go first", "go second", "concede"]


def test_render_ansi_shows_the_board():
    env = battle_spirits_v0.env(render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert "life 5" in text and "reserve 3" in text  # BS 6-2-1-3


def _write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(textwrap.dedent(text), encoding="utf-8")
    return p


GOOD = """
cards:
  - {id: X-1, name: Alpha, type: spirit, colors: [red], cost: 1, levels: [{cores: 1, bp: 1000}]}
"""


def test_card_file_errors_name_file_entry_and_field(tmp_path):
    bad_field = _write(
        tmp_path,
        "a.yaml",
        GOOD + "  - {id: X-2, name: Beta, type: spirit, colors: [red], cost: one, levels: [{cores: 1, bp: 1000}]}\n",
    )
    with pytest.raises(CardFileError) as e:
        load_pool([bad_field])
    assert e.value.file.endswith("a.yaml") and e.value.entry == "X-2" and e.value.field == "cost"
    typo = _write(tmp_path, "b.yaml", GOOD.replace("cost: 1,", "cots: 1, cost: 1,"))
    with pytest.raises(CardFileError, match="entry 'X-1', field 'cots': unknown field"):
        load_pool([typo])
    bad_action = _write(
        tmp_path,
        "c.yaml",
        GOOD.replace("bp: 1000}]}", "bp: 1000}], effects: [{trigger: summon, actions: [{do: explode}]}]}"),
    )
    with pytest.raises(CardFileError, match=r"field 'effects\[0\].actions\[0\].do': 'explode' is not one of"):
        load_pool([bad_action])
    not_yaml = _write(tmp_path, "d.yaml", "cards: [ {id: X-1,\n")
    with pytest.raises(CardFileError, match="not valid YAML at line"):
        load_pool([not_yaml])
    dup = _write(tmp_path, "e.yaml", GOOD + GOOD.split("cards:\n")[1])
    with pytest.raises(CardFileError, match="duplicate card id"):
        load_pool([dup])


def test_broken_file_loads_nothing(tmp_path):
    """All or nothing: a pool with one broken file is not half-loaded."""
    good = _write(tmp_path, "good.yaml", GOOD)
    bad = _write(tmp_path, "zbad.yaml", "cards: [{id: Z, name: Z, type: dragon, colors: [red], cost: 1}]")
    with pytest.raises(CardFileError, match="field 'type'"):
        load_pool([good, bad])


def test_illegal_decks_name_card_and_rule(tmp_path):
    """BS 6-1-1 (40 or more) and BS 6-1-1-2 (3 per name)."""
    g = Game()
    ids = list(g.pool.by_id)
    small = _write(tmp_path, "small.yaml", "name: small\ncards: {%s: 3}\n" % ids[0])
    with pytest.raises(DeckError, match=r"has 3 cards; a deck has at least 40 \(rule BS 6-1-1\)"):
        Game(decks=[str(small), "red_rush"])
    four = {ids[0]: 4}
    four.update({i: 3 for i in ids[1:13]})
    body = "".join(f"  {k}: {v}\n" for k, v in four.items())
    many = _write(tmp_path, "many.yaml", "name: many\ncards:\n" + body)
    with pytest.raises(DeckError, match=r"4 copies; at most 3 cards of one name \(rule BS 6-1-1-2\)"):
        Game(decks=[str(many), "red_rush"])
    unknown = _write(tmp_path, "unk.yaml", "name: unk\ncards: {NOPE-1: 3}\n")
    with pytest.raises(CardFileError, match="field 'cards.NOPE-1': unknown card id"):
        Game(decks=[str(unknown), "red_rush"])


def test_python_hook_escape_hatch(tmp_path, monkeypatch):
    """A card action in Python is registered by name, runs through the interpreter, and the
    card is listed; an unknown hook is a load error naming the field."""
    from tcgzoo.envs.battle_spirits import hooks, rules

    monkeypatch.setattr(hooks, "HOOKS", {})

    @hooks.hook("draw_two_if_hand_empty")
    def _draw(state, src, player):
        n = rules.draw(state, player, 2) if not state.hand[player] else 0
        return n > 0, n == 2

    f = _write(
        tmp_path,
        "h.yaml",
        GOOD + "  - {id: X-2, name: Hooked, type: spirit, colors: [red], cost: 1, "
        "levels: [{cores: 1, bp: 1000}], effects: [{trigger: summon, actions: [{do: python, hook: draw_two_if_hand_empty}]}]}\n",
    )
    pool = load_pool([f])
    assert pool.python_cards == ["X-2"]
    bad = _write(
        tmp_path,
        "h2.yaml",
        GOOD.replace("bp: 1000}]}", "bp: 1000}], effects: [{trigger: summon, actions: [{do: python, hook: nope}]}]}"),
    )
    with pytest.raises(CardFileError, match=r"field 'effects\[0\].actions\[0\].hook': no card hook 'nope'"):
        load_pool([bad])
