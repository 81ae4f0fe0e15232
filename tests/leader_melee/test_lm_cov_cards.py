"""Leader Melee coverage tests: card information (2-x) and deck building (5-1, 2-16)."""

from __future__ import annotations

import pytest
from lm_cov import COV_FILES, cplay, cscene
from lm_scene import *  # noqa: F403
from lm_scene import DECK, R, act, attack, hand_slot, pass_until
from tcgzoo.envs.core.errors import CardFileError, DeckError
from tcgzoo.envs.leader_melee import Game
from tcgzoo.envs.leader_melee.cards import load_pool


def _pool_with(tmp_path, text):
    f = tmp_path / "extra.yaml"
    f.write_text("cards:\n" + text, encoding="utf-8")
    return lambda: load_pool(list(COV_FILES) + [str(f)])


def test_three_card_types_only(tmp_path):
    """LM 2-3-1 / LM 2-3-2: a card's type is one of leader, battle, extra; anything else is
    rejected with an error naming the file, the card and the field."""
    load = _pool_with(tmp_path, "  - {id: X-1, name: x, type: spell, color: white, level: 0}\n")
    with pytest.raises(CardFileError) as e:
        load()
    assert "X-1" in str(e.value) and "type" in str(e.value) and "extra.yaml" in str(e.value)
    pool = load_pool(list(COV_FILES))
    assert {c.type for c in pool.cards} == {0, 1, 2}


def test_only_leaders_and_battle_cards_have_battle_information(tmp_path):
    """LM 2-8-2 power, LM 2-9-2 strike, LM 2-6-6 traits: only leader and battle cards have them
    (an extra with one is rejected); LM 2-10-2: only battle and extra cards have a level (a
    leader with one is rejected)."""
    for field in ("power: 1000", "strike: 1", "traits: [Knight]"):
        load = _pool_with(
            tmp_path,
            "  - {id: X-2, name: x, type: extra, color: white, level: 0, %s, "
            "effects: [{activated: main, actions: [{do: draw, n: 1}]}]}\n" % field,
        )
        with pytest.raises(CardFileError) as e:
            load()
        assert field.split(":")[0] in str(e.value)
    load = _pool_with(
        tmp_path,
        "  - {id: X-3, name: x, type: leader, color: white, level: 1, "
        "front: {power: 1, strike: 1}, back: {power: 1, strike: 1}}\n",
    )
    with pytest.raises(CardFileError) as e:
        load()
    assert "level" in str(e.value)


def test_colour_is_card_information(tmp_path):
    """LM 2-4-1: every card has a colour, one of the game's colours."""
    load = _pool_with(tmp_path, "  - {id: X-4, name: x, type: battle, color: pink, level: 0, power: 1, strike: 1}\n")
    with pytest.raises(CardFileError) as e:
        load()
    assert "color" in str(e.value)
    pool = load_pool(list(COV_FILES))
    assert all(c.color for c in pool.cards)


def test_card_name_identifies_the_card():
    """LM 2-1-1: the card name is the card's own name: views and action strings show it."""
    s = cscene(p0=dict(hand=["T-V1"], energy=1))
    assert s.to_dict(0)["players"][0]["hand_cards"] == ["T-V1"]
    assert "Vanilla 3000" in s.action_to_string(hand_slot(s, 0, "T-V1"))


def test_power_decides_battles_and_strike_damages_life():
    """LM 2-8-1: power is the card's strength in battle (a 3000 attacker loses to a 5000 leader,
    a 5000 one wins); LM 2-9-1: strike is how many life cards its damage moves."""
    s = cscene(p0=dict(battle=["T-V1", "T-V2"]))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    pass_until(s, D_FT_STANDBY)
    assert len(s.life[1]) == 7
    act(s, DECLARE_ATTACK)
    act(s, OWN_BATTLE + 1)
    act(s, OPP_LEADER)
    pass_until(s, D_FT_STANDBY)
    assert len(s.life[1]) == 7 - 2  # T-V2 has strike 2


def test_level_is_the_play_cost():
    """LM 2-10-1: the level is what playing the card from hand costs: level 2 with 1 energy
    cannot be played, with 2 it can and both energy go to the drop."""
    s = cscene(p0=dict(hand=["T-V2"], energy=1))
    assert s.legal_actions() == [PASS]
    s = cscene(p0=dict(hand=["T-V2"], energy=2))
    cplay(s, "T-V2")
    assert len(s.drop[0]) == 2 and not s.energy[0]


def test_traits_are_referenced_by_text():
    """LM 2-6-1 / LM 2-6-3 / LM 2-6-5: a card's traits are its features and text naming a trait
    refers to cards with it (T-KX works only with a <Knight> card in melee); LM 2-6-2: the
    trait itself changes nothing (a Knight fights like any 1000-power card)."""
    s = cscene(p0=dict(battle=["T-V1", "T-KN"], hand=["T-KX"]))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    assert hand_slot(s, 0, "T-KX") not in s.legal_actions()
    act(s, OWN_BATTLE + 1)
    assert R.stat(s, s.melee[0][0], 0) == 1000
    assert hand_slot(s, 0, "T-KX") in s.legal_actions()
    s2 = cscene(p0=dict(battle=["T-V1", "T-V1"], hand=["T-KX"]))
    attack(s2, OWN_BATTLE + 0, OPP_LEADER)
    act(s2, OWN_BATTLE + 1)
    assert hand_slot(s2, 0, "T-KX") not in s2.legal_actions()


def test_cooperate_cards_are_those_with_the_trait():
    """LM 2-6-4 / LM 2-12-1: a card with the trait <共闘> is a 共闘 card (the icon is represented
    by the trait): only such a card in melee enables 【共闘】."""
    s = cscene(p0=dict(battle=["T-V2"]), p1=dict(hand=["T-V0", "T-SG"], energy=1))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    act(s, PASS)
    cplay(s, "T-V0")
    assert LEADER_ABILITY + 1 not in s.legal_actions()
    cplay(s, "T-SG")
    assert "共闘" in s.defs[s.cdef[s.melee[1][1]]].face.traits
    assert LEADER_ABILITY + 1 in s.legal_actions()


def test_skills_are_the_cards_own_abilities():
    """LM 2-11-1: a card's skills are its own abilities: T-PD's play skill draws, a vanilla
    card of the same cost does nothing."""
    s = cscene(p0=dict(hand=["T-PD", "T-V0"]))
    n = len(s.hand[0])
    cplay(s, "T-V0")
    assert len(s.hand[0]) == n - 1
    cplay(s, "T-PD")
    assert len(s.hand[0]) == n - 1


def _deck_file(tmp_path, leader, cards):
    f = tmp_path / "deck.yaml"
    f.write_text(
        "name: t\nleader: %s\ncards:\n" % leader + "".join(f"  {c}: {n}\n" for c, n in cards.items()), encoding="utf-8"
    )
    return str(f)


FILL = {f"T-F{i:02d}": 3 for i in range(1, 13)}


def test_at_most_three_per_card_number(tmp_path):
    """LM 2-16-1 / LM 2-16-2 / LM 2-16-2-1: the card number is what the deck limit counts: 4
    copies of one number are rejected naming the card and the rule; 3 are fine."""
    ok = dict(FILL, **{"T-F13": 2, "T-F14": 2})
    Game(decks=[_deck_file(tmp_path, "T-L1", ok), DECK], builtin_cards=False, cards=list(COV_FILES))
    bad = dict(FILL, **{"T-F13": 4})
    with pytest.raises(DeckError) as e:
        Game(decks=[_deck_file(tmp_path, "T-L1", bad), DECK], builtin_cards=False, cards=list(COV_FILES))
    assert "T-F13" in str(e.value) and "5-1-3-1" in str(e.value)


def test_each_player_prepares_leader_and_deck(tmp_path):
    """LM 5-1-1: each player brings their own leader and deck: player 1's leader and cards are
    the ones of its deck file; LM 5-2-1-1: a deck is checked against 5-1 when presented,
    before any game starts."""
    other = dict(FILL, **{"T-V1": 3, "T-V2": 1})
    g = Game(decks=[DECK, _deck_file(tmp_path, "T-CL", other)], builtin_cards=False, cards=list(COV_FILES))
    s = g.new_initial_state(0)
    assert s.defs[s.cdef[R.leader(0)]].id == "T-L1" and s.defs[s.cdef[R.leader(1)]].id == "T-CL"
    ones = [s.defs[s.cdef[u]].id for u in range(41, 82)]
    assert ones.count("T-V1") == 3 and "T-V1" not in [s.defs[s.cdef[u]].id for u in range(41)]
    with pytest.raises(DeckError):
        Game(decks=[DECK, _deck_file(tmp_path, "T-V1", other)], builtin_cards=False, cards=list(COV_FILES))
    with pytest.raises(DeckError):
        Game(
            decks=[DECK, _deck_file(tmp_path, "T-L1", dict(other, **{"T-V2": 2}))],
            builtin_cards=False,
            cards=list(COV_FILES),
        )
