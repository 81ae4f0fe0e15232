"""Ninja Slayer rules: setup, the turn's steps, priority, entering cards and paying costs."""

from __future__ import annotations

from ns_scenario import (
    D_ETHER,
    D_PAY_ETHER,
    D_PAY_JITSU,
    D_PRIORITY,
    GAME,
    OPP_FIELD,
    OWN_FIELD,
    PASS,
    act,
    enter,
    field,
    hand,
    ids,
    opt,
    scene,
    until,
)
from tcgzoo.envs.ninja_slayer import Game
from tcgzoo.envs.ninja_slayer.layout import ST_CHARACTER, ST_ETHER
from tcgzoo.envs.ninja_slayer.records import SO_KIND
from tcgzoo.envs.ninja_slayer.state import K_CARD, Z_FIELD, Z_OHIGAN


def test_setup_deals_four_and_the_first_turn_draws_one():
    """NS 403.1, NS 403.2, NS 403.3, NS 502.3a: both decks shuffled, 4 cards each, a first
    player; only the game's first turn draws 1 instead of 2."""
    g = Game(first_player=1, concession=False)
    s = g.new_initial_state(5)
    assert s.tp == 1 and s.first == 1 and s.turn == 1
    assert len(s.hand[0]) == len(s.hand[1]) == 4  # the untap step's priority is asked first
    while s.dkind != D_ETHER:
        s.apply_action(PASS)
    assert s.turn == 1 and len(s.hand[0]) == 4 and len(s.hand[1]) == 5
    assert len(s.deck[0]) == 46 and len(s.deck[1]) == 45
    firsts = {Game(concession=False).new_initial_state(k).first for k in range(20)}
    assert firsts == {0, 1}  # NS 403.3: at random


def test_draw_two_after_the_first_turn_and_untap_step():
    """NS 502.2a, NS 502.3a, NS 505.4: the next turn untaps its player's field and ether
    cards and draws 2."""
    s = scene(p0=dict(hand=["TZNS-29"]), p1=dict(field=[("TZNS-29", True, False)], ether=[("TZNS-17", True, False)]))
    act(s, PASS)  # no ether card
    until(s, D_ETHER, 1)
    assert s.tp == 1 and s.turn == 4
    assert len(s.hand[1]) == 2
    assert not any(s.bowed[i] for i in s.field[1] + s.ether[1])


def test_ether_step_puts_one_hand_card_into_the_ether_zone():
    """NS 502.4a: the turn player may put one card from hand into the ether zone, untapped."""
    s = scene(p0=dict(hand=["TZNS-31", "NST1-19"]))
    assert s.step == ST_ETHER and s.dkind == D_ETHER
    act(s, hand(s, "NST1-19"))
    assert ids(s, s.ether[0]) == ["NST1-19"] and not s.bowed[s.ether[0][0]]
    assert ids(s, s.hand[0]) == ["TZNS-31"]


def test_entering_a_character_bows_ether_and_it_resolves_to_the_field():
    """NS 1206.1, NS 1204.2, NS 1312.1, NS 802.5a, NS 802.5c: in the character phase with
    an empty kotodama space the turn player enters a character paying its cost by bowing
    ether cards of their choice; after two passes it resolves onto the field."""
    s = scene(p0=dict(hand=["TZNS-32"], ether=["NST1-19", "TZNS-31", "TZNS-31"]))
    act(s, PASS)
    until(s, D_PRIORITY, 0)
    while s.step != ST_CHARACTER:
        act(s, PASS)
    assert s.step == ST_CHARACTER and s.dkind == D_PRIORITY
    act(s, hand(s, "TZNS-32"))
    assert s.dkind == D_PAY_ETHER and len(s.legal) == 2  # two distinct untapped cards
    act(s, opt(s, "NST1-19"))
    act(s, opt(s, "TZNS-31"))
    assert s.kstack and s.kstack[-1][SO_KIND] == K_CARD
    bowed = [ids(s, [i])[0] for i in s.ether[0] if s.bowed[i]]
    assert sorted(bowed) == ["NST1-19", "TZNS-31"]
    assert s.dkind == D_PRIORITY and s.dplayer == 0  # NS 802.5a: keeps priority
    act(s, PASS)
    assert s.dplayer == 1
    act(s, PASS)
    assert ids(s, s.field[0]) == ["TZNS-32"] and s.zone[s.field[0][0]] == Z_FIELD


def test_a_card_is_offered_only_when_its_cost_can_be_paid():
    """NS 1203.2, NS 1206.1, NS 1207.1: a character needs the character phase and enough
    untapped ether; a kotodama can be entered at any priority, also by the non-turn player."""
    s = scene(
        p0=dict(hand=["TZNS-32", "TZNS-37"], ether=["TZNS-31", "TZNS-31"]),
        p1=dict(hand=["TZNS-24"], ether=["TZNS-29", "TZNS-29"]),
    )
    act(s, PASS)
    assert s.dkind == D_PRIORITY and s.dplayer == 0 and s.step == ST_ETHER
    assert s.legal == [PASS]  # NS 1206.1: no character outside the character phase
    act(s, PASS)
    assert s.dkind == D_PRIORITY and s.dplayer == 1 and hand(s, "TZNS-24") in s.legal
    act(s, PASS)
    assert s.step == ST_CHARACTER and s.dplayer == 0
    assert hand(s, "TZNS-32") in s.legal and hand(s, "TZNS-37") not in s.legal  # cost 4 > 2 ether


def test_jitsu_cost_turns_face_up_damage_cards_down():
    """NS 1320, NS 1320.1, NS 1320.1a: jitsu 1 turns a face-up damage card face down; without
    one face-up the card can't be entered."""
    s = scene(p0=dict(hand=["TZNS-08"], ether=["TZNS-31"], damage=[("TZNS-31", False, True)]))
    act(s, PASS)
    assert s.dkind == D_PRIORITY and s.legal == [PASS]
    s = scene(p0=dict(hand=["TZNS-08"], ether=["TZNS-31"], damage=["TZNS-33", "TZNS-32"]))
    act(s, PASS)
    act(s, hand(s, "TZNS-08"))
    assert s.dkind == D_PAY_ETHER
    act(s, s.legal[0])
    assert s.dkind == D_PAY_JITSU
    act(s, opt(s, "TZNS-33"))
    assert s.face_down[s.damage[0][0]] and not s.face_down[s.damage[0][1]]
    act(s, PASS)
    act(s, PASS)
    assert s.zone[[i for i in range(100) if ids(s, [i]) == ["TZNS-08"]][0]] == Z_OHIGAN
    assert s.carried[1] == 0 and len(s.damage[1]) == 2  # NS 1003: two damage checks, no ukemi


def test_priority_passes_back_and_forth_and_resolves_last_in_first_out():
    """NS 802.5b, NS 802.5c, NS 1205.1c-2: the opponent answers a kotodama with one of its
    own; the later one resolves first, then the turn player gets priority."""
    s = scene(
        p0=dict(hand=["TZNS-04"], ether=["TZNS-31", "TZNS-31"], field=["TZNS-32"]),
        p1=dict(hand=["TZNS-24"], ether=["TZNS-29", "TZNS-29"], field=["TZNS-27"]),
    )
    act(s, PASS)
    enter(s, "TZNS-04")
    act(s, PASS)
    assert s.dplayer == 1
    act(s, hand(s, "TZNS-24"))
    while s.dkind == D_PAY_ETHER:
        act(s, s.legal[0])
    act(s, PASS)
    act(s, PASS)  # Zaibatsu Schemes resolves first: bow Yojimbo (the only target), draw 1
    act(s, field(s, "TZNS-32", 0) - OWN_FIELD + OPP_FIELD)
    assert s.bowed[s.field[0][0]] and len(s.hand[1]) == 1
    assert s.dplayer == 0  # NS 802.5c: the turn player gets priority
    act(s, PASS)
    act(s, PASS)  # then Karate Chop: 3 damage to Zaibatsu Guard (durability 4 survives)
    act(s, OPP_FIELD)
    assert s.dmg[s.field[1][0]] == 3


def test_end_of_turn_removes_character_damage():
    """NS 505.3, NS 505.3a: at cleanup all damage on characters is removed."""
    s = scene(p0=dict(hand=["TZNS-04"], ether=["TZNS-31", "TZNS-31"]), p1=dict(field=["TZNS-27"]))
    act(s, PASS)
    enter(s, "TZNS-04")
    act(s, PASS)
    act(s, PASS)
    act(s, OPP_FIELD)
    guard = s.field[1][0]
    assert s.dmg[guard] == 3
    until(s, D_ETHER, 1)
    assert s.dmg[guard] == 0


def test_auto_forced_takes_single_choices_and_asks_every_decision_when_off():
    """NS 802.4: a holder with nothing to enter can only pass; with ``auto_forced`` the
    engine passes for them, so the first decision of a fresh game is the ether step."""
    s = Game(first_player=0, concession=False, auto_forced=True).new_initial_state(3)
    assert s.dkind == D_ETHER and s.turn == 1
    s = GAME.new_initial_state(3)
    assert s.dkind == D_PRIORITY and s.legal == [PASS]  # untap step priority, asked
    assert GAME.num_distinct_actions() == 238
