"""Ninja Slayer rules coverage: zones (rules 300 to 312) — one zone per card, public and
hidden information, orientation and facing, who sees what."""

from __future__ import annotations

import numpy as np
from ns_cov import to_character_phase
from ns_scenario import D_ATTACKER, D_PAY_JITSU, PASS, PLAYER, act, field, hand, ids, scene, until
from tcgzoo.envs.core.rng import Rng
from tcgzoo.envs.ninja_slayer import Game
from tcgzoo.envs.ninja_slayer.cards import CHARACTER
from tcgzoo.envs.ninja_slayer.encoding import H_SLOTS
from tcgzoo.envs.ninja_slayer.layout import D_PRIORITY, OWN_HAND
from tcgzoo.envs.ninja_slayer.state import Z_DECK, Z_FIELD


def _block(g, prefix):
    return next((a, b) for a, b, name in g.observation_layout() if name.startswith(prefix))


def test_every_card_is_in_exactly_one_zone_throughout_a_game():
    """NS 302.1, NS 306.1, NS 304.1: at the start every card not dealt to hand is in its
    owner's deck; through a whole game every card is in exactly one zone (or on the
    kotodama space) and only characters are on the field."""
    g = Game(first_player=0)
    s = g.new_initial_state(9)
    for p in (0, 1):
        assert len(s.deck[p]) + len(s.hand[p]) == 50 and all(s.zone[i] == Z_DECK for i in s.deck[p])
    rng = Rng(4)
    n = 0
    while not s.is_terminal() and n < 600:
        legal = [a for a in s.legal_actions() if a != s.CONCEDE]
        s.apply_action(legal[rng.below(len(legal))])
        s.check_invariants()
        for p in (0, 1):
            assert all(s.defs[s.cdef[i]].type == CHARACTER for i in s.field[p])
        n += 1
    assert n > 50


def test_hidden_zones_are_hidden_but_their_sizes_are_known():
    """NS 302.2, NS 302.2a, NS 304.2, NS 305.3: a player's observation does not change when
    the opponent's hand cards and deck are redealt; the opponent's hand and deck sizes are
    shown; a player sees their own hand."""
    g = Game(first_player=0)
    s = g.new_initial_state(5)
    for _ in range(30):
        s.apply_action(s.legal_actions()[0])
    view = s.to_dict(0)
    opp = view["players"][1]
    assert opp["hand"]["count"] == len(s.hand[1]) and opp["deck"] == len(s.deck[1])
    assert "deck_cards" not in opp and "deck_cards" not in view["players"][0]
    assert [c["card"] for c in view["players"][0]["hand"]] == ids(s, s.hand[0])
    before = s.observation_tensor(0).copy()
    hidden = ids(s, s.hand[1]) + ids(s, s.deck[1])
    changed = False
    for seed in range(5):
        t = s.clone()
        t.resample_hidden(0, seed)
        assert np.array_equal(t.observation_tensor(0), before)
        changed |= ids(t, t.hand[1]) + ids(t, t.deck[1]) != hidden
    assert changed


def test_the_hand_is_unordered_in_the_observation():
    """NS 305.2: the hand is shown as counts by card, whatever the order of its list."""
    s = scene(p0=dict(hand=["TZNS-31", "TZNS-17", "TZNS-29"]))
    o = s.observation_tensor(0).copy()
    s.hand[0].reverse()
    assert np.array_equal(s.observation_tensor(0), o)


def test_each_hand_slot_an_action_names_shows_its_card():
    """NS 305.2 with the action layout: OWN_HAND i acts on the i-th card of the hand (kept
    sorted by card), and the observation's ``hand_slots`` row i is that card's one-hot, for
    every hand action legal through random games."""
    g = Game(first_player=0)
    start, last = _block(g, "hand_slots")
    P = (last - start + 1) // H_SLOTS  # a card one-hot per slot
    s = g.new_initial_state(5)
    rng = Rng(6)
    checked = 0
    while not s.is_terminal() and checked < 200:
        me = s.current_player()
        o = s.observation_tensor(me)
        for a in s.legal_actions():
            if OWN_HAND <= a < OWN_HAND + H_SLOTS:
                k = a - OWN_HAND
                row = o[start + k * P : start + (k + 1) * P]
                assert np.flatnonzero(row).tolist() == [s.cdef[s.hand[me][k]]]
                checked += 1
        legal = [a for a in s.legal_actions() if a != s.CONCEDE]
        s.apply_action(legal[rng.below(len(legal))])
    assert checked >= 50


def test_public_zones_and_the_kotodama_space_are_seen_by_both():
    """NS 306.2, NS 307.2, NS 308.2, NS 309.1a, NS 311.2, NS 310.2, NS 303.2a: the field,
    ether zone, Ohigan, damage zone and removed zone of each player, and the one shared
    kotodama space in order, are the same in both players' views."""
    s = scene(
        p0=dict(
            hand=["TZNS-04"], field=["TZNS-31"], ether=["TZNS-29", "TZNS-29"], ohigan=["TZNS-12"], damage=["TZNS-33"]
        ),
        p1=dict(hand=["TZNS-25"], field=["TZNS-27"], ether=["TZNS-17"], ohigan=["TZNS-21"], damage=["TZNS-22"]),
    )
    to_character_phase(s)
    act(s, hand(s, "TZNS-04"))
    while s.dkind != D_PRIORITY:
        act(s, s.legal[0])
    act(s, PASS)
    act(s, hand(s, "TZNS-25"))
    while s.dkind != D_PRIORITY:
        act(s, s.legal[0])
    v0, v1 = s.to_dict(0), s.to_dict(1)
    for p in (0, 1):
        for z in ("field", "ether", "ohigan", "damage", "removed"):
            assert v0["players"][p][z] == v1["players"][p][z], z
            assert [c["card"] for c in v0["players"][p][z]] == ids(s, getattr(s, z)[p])
    assert (
        [o["card"] for o in v0["kotodama_space"]] == ["TZNS-04", "TZNS-25"] == [o["card"] for o in v1["kotodama_space"]]
    )
    assert [o["controller"] for o in v0["kotodama_space"]] == [0, 1]
    assert not v0["players"][0]["damage"][0].get("face_down")  # put there face-up
    assert v0["players"][1]["damage"][0].get("face_down") is True  # turned down by player 1's jitsu


def test_damage_cards_have_a_facing_and_ether_and_field_cards_an_orientation():
    """NS 303.1, NS 303.2, NS 303.2b, NS 306.3, NS 307.3, NS 309.1, NS 309.1b: paying jitsu
    turns a face-up damage card face down (it then counts only as face-down); paying ether
    bows ether cards, aisatsu bows a character; both players' observations show it."""
    s = scene(p0=dict(hand=["TZNS-08"], ether=["TZNS-29", "TZNS-17"], damage=["TZNS-33"], field=["TZNS-31"]))
    g = s.game
    P = len(g.pool.cards)
    zones = _block(g, "zones")[0]
    to_character_phase(s)
    act(s, hand(s, "TZNS-08"))
    while s.dkind != D_PAY_JITSU:
        act(s, s.legal[0])
    act(s, s.legal[0])
    dcard = s.damage[0][0]
    assert s.face_down[dcard] and s.faceup_damage(0) == 0
    c = s.cdef[dcard]
    for me, k in ((0, 0), (1, 1)):
        o = s.observation_tensor(me)
        base = zones + k * 7 * P
        assert o[base + 3 * P + c] == 0 and o[base + 4 * P + c] == 1  # face-down, not face-up
        bowed_ether = [s.cdef[i] for i in s.ether[0] if s.bowed[i]]
        assert len(bowed_ether) == 1 and o[base + P + bowed_ether[0]] == 1
    assert s.to_dict(1)["players"][0]["damage"][0].get("face_down") is True
    while s.kstack:
        act(s, PASS)
    until(s, D_ATTACKER, 0)
    act(s, field(s, "TZNS-31"))
    act(s, PLAYER + 1)
    assert s.bowed[s.field[0][0]] and s.to_dict(1)["players"][0]["field"][0].get("bowed") is True


def test_a_character_entered_by_a_players_ukemi_sits_on_that_players_field():
    """NS 306.4, NS 302.5, NS 1205.1c-1: a character the non-turn player's ukemi enters
    resolves onto its controller's (player 1's) field."""
    s = scene(p0=dict(field=["TZNS-31"]), p1=dict(deck=["TZNS-39"] + ["TZNS-29"] * 6))
    act(s, PASS)
    until(s, D_ATTACKER, 0)
    act(s, field(s, "TZNS-31"))
    act(s, PLAYER + 1)
    until(s, D_ATTACKER, 0)
    assert ids(s, s.field[1]) == ["TZNS-39"] and s.field[0] and s.zone[s.field[1][0]] == Z_FIELD
