"""Leader Melee: what of the API is its own (pool, first decision, concession on by default,
hidden life cards, file errors); the shared contract checks are in tests/test_api_games.py."""

from __future__ import annotations

import textwrap

import numpy as np
import pytest
from tcgzoo.envs import leader_melee_v0
from tcgzoo.envs.core.errors import CardFileError, DeckError
from tcgzoo.envs.core.rng import Rng
from tcgzoo.envs.leader_melee import Game
from tcgzoo.envs.leader_melee.cards import T_LEADER, load_pool


def test_builtin_pool_and_decks_load():
    """LM 5-1-2 / LM 5-1-3 / LM 5-1-3-1: every built-in deck is legal."""
    g = Game()
    names = Game.builtin_decks()
    assert len(names) >= 4
    for n in names:
        assert g.validate_deck(n) == n
    assert sum(1 for c in g.pool.cards if c.type == T_LEADER) >= 10
    assert sum(1 for c in g.pool.cards if c.type != T_LEADER) >= 60
    assert len({c.color for c in g.pool.cards}) >= 4
    kws = {k for c in g.pool.cards for f in c.faces for k in f.keywords}
    assert kws == {"iron_wall", "defend", "surge", "charge", "haste", "link"}


def test_contract_sizes_and_first_decision():
    g = Game()
    s = g.new_initial_state(7)
    assert g.num_distinct_actions() == 525
    assert s.current_player() in (0, 1)
    assert s.decision_name().startswith("mulligan")
    o = s.observation_tensor(0)
    assert o.dtype == np.float32 and o.shape == (g.observation_size(),)
    mask = s.legal_actions_mask()
    assert mask.dtype == bool and mask.sum() == len(s.legal_actions())
    assert s.action_to_string(0) == "keep hand"


def test_concession_option():
    """LM 1-2-4: a player may concede at any time and loses at once; on by default, as in
    the other games, and ``concession=False`` leaves it out."""
    s = Game().new_initial_state(3)
    p = s.current_player()
    assert s.CONCEDE in s.legal_actions()
    s.apply_action(s.CONCEDE)
    assert s.is_terminal() and s.returns()[p] == -1
    assert (
        Game(concession=False).new_initial_state(3).CONCEDE
        not in Game(concession=False).new_initial_state(3).legal_actions()
    )


def test_hidden_information():
    """LM 3-9-2: life cards hidden from both players; LM 3-3-3: the opponent's hand is hidden."""
    s = Game().new_initial_state(11)
    for _ in range(40):
        s.apply_action([a for a in s.legal_actions() if a != s.CONCEDE][-1])
    for p in (0, 1):
        c = s.clone()
        o, view = c.observation_tensor(p), c.to_dict(p)
        c.resample_hidden(p, Rng(5))
        assert np.array_equal(o, c.observation_tensor(p)) and view == c.to_dict(p)
        assert "life_cards" not in view["players"][p] and "hand_cards" not in view["players"][1 - p]


def test_render_ansi_shows_the_board():
    env = leader_melee_v0.env(render_mode="ansi")
    env.reset(seed=2)
    assert "leader" in env.render()


def _write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(textwrap.dedent(text), encoding="utf-8")
    return p


GOOD = """
cards:
  - {id: X-1, name: Alpha, type: battle, color: red, level: 1, power: 1000, strike: 1}
"""


def test_card_file_errors_name_file_entry_and_field(tmp_path):
    bad = _write(
        tmp_path,
        "a.yaml",
        GOOD + "  - {id: X-2, name: Beta, type: battle, color: red, level: one, power: 1, strike: 1}\n",
    )
    with pytest.raises(CardFileError) as e:
        load_pool([bad])
    assert e.value.file.endswith("a.yaml") and e.value.entry == "X-2" and e.value.field == "level"
    typo = _write(tmp_path, "b.yaml", GOOD.replace("level: 1,", "levle: 1, level: 1,"))
    with pytest.raises(CardFileError, match="entry 'X-1', field 'levle': unknown field"):
        load_pool([typo])
    act = _write(
        tmp_path,
        "c.yaml",
        GOOD.replace("strike: 1}", "strike: 1, effects: [{trigger: play, actions: [{do: explode}]}]}"),
    )
    with pytest.raises(CardFileError, match=r"field 'effects\[0\].actions\[0\].do': 'explode' is not one of"):
        load_pool([act])
    kw = _write(tmp_path, "d.yaml", GOOD.replace("strike: 1}", "strike: 1, keywords: [flying]}"))
    with pytest.raises(CardFileError, match=r"field 'keywords\[0\]'"):
        load_pool([kw])
    leader = _write(
        tmp_path, "e.yaml", "cards:\n  - {id: L, name: L, type: leader, color: red, front: {power: 1, strike: 1}}\n"
    )
    with pytest.raises(CardFileError, match="entry 'L', field 'back': is required"):
        load_pool([leader])
    not_yaml = _write(tmp_path, "f.yaml", "cards: [ {id: X-1,\n")
    with pytest.raises(CardFileError, match="not valid YAML at line"):
        load_pool([not_yaml])
    dup = _write(tmp_path, "g.yaml", GOOD + GOOD.split("cards:\n")[1])
    with pytest.raises(CardFileError, match="duplicate card id"):
        load_pool([dup])


def test_illegal_decks_name_card_and_rule(tmp_path):
    """LM 5-1-3 (exactly 40 battle/extra cards), LM 5-1-3-1 (3 per card number), LM 5-1-2 (a leader)."""
    g = Game()
    battle = [c.id for c in g.pool.cards if c.type != T_LEADER]
    small = _write(tmp_path, "small.yaml", "name: small\nleader: LM-L01\ncards: {%s: 3}\n" % battle[0])
    with pytest.raises(DeckError, match=r"has 3 cards; a deck has exactly 40 \(rule LM 5-1-3\)"):
        Game(decks=[str(small), "red_rush"])
    four = {battle[0]: 4}
    four.update({i: 3 for i in battle[1:13]})
    body = "".join(f"  {k}: {v}\n" for k, v in four.items())
    many = _write(tmp_path, "many.yaml", "name: many\nleader: LM-L01\ncards:\n" + body)
    with pytest.raises(
        DeckError, match=rf"card '{battle[0]}': 4 copies; at most 3 per card number \(rule LM 5-1-3-1\)"
    ):
        Game(decks=[str(many), "red_rush"])
    noleader = _write(tmp_path, "nl.yaml", "name: nl\nleader: %s\ncards: {%s: 3}\n" % (battle[0], battle[1]))
    with pytest.raises(DeckError, match=r"rule LM 5-1-2"):
        Game(decks=[str(noleader), "red_rush"])
    unknown = _write(tmp_path, "unk.yaml", "name: unk\nleader: LM-L01\ncards: {NOPE-1: 3}\n")
    with pytest.raises(CardFileError, match="field 'cards.NOPE-1': unknown card id"):
        Game(decks=[str(unknown), "red_rush"])
