"""Leader Melee coverage tests: game preparation (5-2), players (1-1), zones (3-x)."""

from __future__ import annotations

import numpy as np
from lm_cov import cgame, cplay, cscene, cstarted
from lm_scene import *  # noqa: F403
from lm_scene import R, act, attack, ids


def test_two_players():
    """LM 1-1-1: exactly two players: two seats, two returns, every decision is one of theirs."""
    g = cgame()
    s = g.new_initial_state(3)
    assert len(s.hand) == len(s.deck) == len(s.life) == 2
    seen = set()
    for _ in range(60):
        if s.is_terminal():
            break
        seen.add(s.current_player())
        s.apply_action(s.legal_actions()[-1])
    assert seen == {0, 1}
    assert len(s.returns()) == 2


def test_deck_shuffled_face_down_and_setup_sizes():
    """LM 5-2-1: the preparation steps; LM 5-2-1-3: each deck is shuffled (seeds give different
    orders) and lies face down (nobody's view lists it); LM 3-2-1: the deck area holds the
    deck from the start: 40 - 3 hand - 7 life remain; LM 3-9-1: the life area holds 7 cards."""
    orders = set()
    for seed in range(4):
        s = cstarted(seed)
        orders.add(tuple(s.cdef[u] for u in s.deck[0]))
        for p in (0, 1):
            assert "deck_cards" not in s.to_dict(p)["players"][0]
            assert "life_cards" not in s.to_dict(p)["players"][p]
        assert len(s.life[1]) == 7 and len(s.deck[1]) == 40 - 3 - 7 and all(s.zone[u] == Z_DECK for u in s.deck[1])
    assert len(orders) > 1


def test_leader_area_front_face_public():
    """LM 3-5-1: the leader card is in the leader area, front face up, from the start;
    LM 3-5-2 / LM 2-3-2-1: the leader area is public and holds the leader card."""
    s = cgame().new_initial_state(0)
    for p in (0, 1):
        u = R.leader(p)
        assert s.zone[u] == Z_LEADER and s.face[u] == 0
        opp_view = s.to_dict(1 - p)["players"][p]["leader"]
        assert opp_view["id"] == "T-L1" and opp_view["face"] == "front"


def test_first_player_takes_the_first_turn():
    """LM 5-2-1-7: the first player becomes the turn player and the game starts with turn 1."""
    for fp in (0, 1):
        s = cgame(fp).new_initial_state(0)
        act(s, PASS)
        act(s, PASS)
        assert s.tp == fp == s.first and s.turn_no == 1 and s.dkind == D_FT_MAIN and s.dplayer == fp


def test_mulligan_shuffles_only_the_owners_deck():
    """LM 3-2-4: a shuffle randomizes the order of that player's deck only (the other deck keeps
    its order); LM 5-2-1-3-1b: the returned cards go back before the shuffle."""
    s = cgame().new_initial_state(2)
    other = list(s.deck[1])
    back = s.hand[0][0]
    act(s, HAND + 0)
    act(s, PASS)
    assert s.deck[1] == other
    assert back in s.deck[0] or back in s.hand[0]
    assert len(s.hand[0]) == 3 and len(s.deck[0]) == 40 - 3


def test_hidden_zones_stay_hidden_public_zones_are_shown():
    """LM 3-1-3: public zones (battle, melee, energy, drop, leader) are shown to both players,
    hidden ones (hand, deck, life) are not: redealing what player 0 cannot see leaves its
    observation unchanged; LM 3-6-2 / LM 3-7-2: battle and melee cards are face up to both."""
    s = cscene(p0=dict(battle=["T-V1", "T-V2"], hand=["T-V0"]), p1=dict(battle=["T-V0"], hand=["T-V1"]))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    act(s, OWN_BATTLE + 1)  # T-V2 to melee
    v1 = s.to_dict(1)["players"][0]
    assert [c["id"] for c in v1["battle"]] == ["T-V1"] and [c["id"] for c in v1["melee"]] == ["T-V2"]
    assert "hand_cards" not in v1 and v1["hand"] == 1
    before = s.observation_tensor(0).copy()
    c = s.clone()
    c.resample_hidden(0, 7)
    assert np.array_equal(before, c.observation_tensor(0))


def test_each_player_has_their_own_zones():
    """LM 3-1-1: each player has their own zones: four battle cards on each side are within
    each battle area's limit, nothing is dropped."""
    s = cscene(p0=dict(battle=["T-V1"] * 4), p1=dict(battle=["T-V1"] * 4))
    assert s.dkind == D_FT_MAIN and len(s.battle[0]) == len(s.battle[1]) == 4 and not s.drop[0] and not s.drop[1]


def test_hand_holds_drawn_cards():
    """LM 3-3-1 / LM 4-8-1: drawing moves the deck's top card into the hand."""
    s = cscene(p0=dict(hand=["T-DR"]))
    top = s.deck[0][-1]
    cplay(s, "T-DR")
    assert s.zone[top] == Z_HAND and top in s.hand[0]


def test_drop_area_receives_paid_energy_and_dropped_cards():
    """LM 3-4-1: paid energy goes to the drop area, and 'drop' in text means that zone;
    LM 3-8-1: the energy area holds the cards that pay costs."""
    s = cscene(p0=dict(hand=["T-V1", "T-DD"], energy=1), p1=dict(battle=["T-V2"]))
    paid = s.energy[0][0]
    cplay(s, "T-V1")
    assert s.zone[paid] == Z_DROP
    cplay(s, "T-DD")
    act(s, OPP_BATTLE + 0)
    assert ids(s, s.drop[1]) == ["T-V2"]


def test_battle_cards_go_to_battle_area_in_main_and_melee_in_battle():
    """LM 3-6-1 / LM 2-3-2-2: in the main phase a battle card is played into the battle area;
    LM 3-7-1: in the battle phase it is played into the melee area."""
    s = cscene(p0=dict(hand=["T-V0", "T-V0"], battle=["T-V1"]))
    cplay(s, "T-V0")
    assert ids(s, s.battle[0]) == ["T-V1", "T-V0"]
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    cplay(s, "T-V0")
    assert ids(s, s.melee[0]) == ["T-V0"]
