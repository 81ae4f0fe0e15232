"""Ninja Slayer rules coverage: priority processing (NS 801, 802), rule checks and rule
processes (NS 901, 902, 1001-1004), damage (NS 1102, 1317), damage checks and ukemi
(NS 1103, 1104, 1211), triggered abilities (NS 1209)."""

from __future__ import annotations

from ns_cov import cast, to_character_phase, where
from ns_scenario import (
    D_ATTACKER,
    D_ORDER,
    D_PRIORITY,
    OPP_FIELD,
    OPTION,
    PASS,
    PLAYER,
    act,
    enter,
    field,
    hand,
    ids,
    scene,
    until,
)
from tcgzoo.envs.ninja_slayer.layout import D_UKEMI, ST_CHARACTER, YES
from tcgzoo.envs.ninja_slayer.records import SO_CARD, SO_CTL, SO_KIND
from tcgzoo.envs.ninja_slayer.state import K_ABILITY, K_CARD, K_CHECK, Z_CHECK, Z_FIELD, Z_OHIGAN, Z_STACK


def to_aisatsu(s):
    act(s, PASS)
    until(s, D_ATTACKER, 0)


def test_a_rule_check_runs_before_each_priority_and_the_turn_player_acts_again():
    """NS 802.3, NS 802.6, NS 901.1, NS 1001.1, NS 1004.1, NS 1102.4b, NS 1317.1: Karate Chop
    deals 3 damage to a durability-2 character; before anyone gets priority again the rule
    check kills it, and then the turn player holds priority and may enter another card."""
    s = scene(p0=dict(hand=["TZNS-04", "TZNS-05"], ether=["TZNS-29"] * 3), p1=dict(field=["TZNS-17"]))
    act(s, PASS)
    assert s.dkind == D_PRIORITY and s.dplayer == 0
    victim = s.field[1][0]
    cast(s, "TZNS-04", [OPP_FIELD])
    assert s.zone[victim] == Z_OHIGAN  # killed by the rule check (damage 3 >= durability 2)
    assert s.dkind == D_PRIORITY and s.dplayer == 0 and hand(s, "TZNS-05") in s.legal


def test_character_damage_accumulates_until_it_reaches_durability():
    """NS 1102.4, NS 1102.4b, NS 1317.1, NS 1004.1, NS 1102.2: damage dealt by cards adds
    up on a character: 3 then 1 more kills a durability-4 Zaibatsu Guard, not before."""
    s = scene(p0=dict(hand=["TZNS-04", "TZNS-05"], ether=["TZNS-29"] * 3), p1=dict(field=["TZNS-27"]))
    act(s, PASS)
    guard = s.field[1][0]
    cast(s, "TZNS-04", [OPP_FIELD])
    assert s.zone[guard] == Z_FIELD and s.dmg[guard] == 3
    cast(s, "TZNS-05", [OPP_FIELD])
    assert s.zone[guard] == Z_OHIGAN


def test_damage_to_a_player_becomes_that_many_damage_checks():
    """NS 1102.4a, NS 1317.1, NS 1003.1, NS 1003.3, NS 105.3, NS 105.3c: 'deal 2 damage to
    the opponent' from the non-turn player's kotodama hits the turn player: two damage
    checks of player 0 move two deck cards to 0's damage zone; carried damage returns to 0."""
    s = scene(p0=dict(deck=["TZNS-29"] * 10), p1=dict(hand=["TZNS-08"], ether=["TZNS-29"], damage=["TZNS-29"]))
    act(s, PASS)
    act(s, PASS)
    assert s.dplayer == 1
    cast(s, "TZNS-08")
    assert len(s.damage[0]) == 2 and len(s.deck[0]) == 8 and s.carried == [0, 0]
    assert len(s.damage[1]) == 1 and s.face_down[s.damage[1][0]]  # the jitsu 1 paid by player 1


def test_loss_is_checked_before_the_other_rule_processes():
    """NS 1001.2, NS 902.1a, NS 1002.1: rule processes run in order: a player with 10
    damage cards loses before a character with lethal damage is killed."""
    s = scene(p0=dict(field=["TZNS-31"]), p1=dict(damage=["TZNS-29"] * 10))
    s.dmg[s.field[0][0]] = 1
    act(s, PASS)
    assert s.is_terminal() and s.returns() == [1.0, -1.0]
    assert ids(s, s.field[0]) == ["TZNS-31"]  # never killed: the game had ended


def test_simultaneous_deaths_then_turn_players_triggers_go_first():
    """NS 902.1a, NS 902.1d, NS 1209.2, NS 1209.4, NS 1209.5, NS 1201.1b: two characters
    with lethal damage die in the same rule check; their 'when killed' abilities are entered
    automatically (no choice to skip), the turn player's first, so the non-turn player's
    resolves first."""
    s = scene(p0=dict(field=["TZNS-31"], deck=["TZNS-29"] * 10), p1=dict(field=["TZNS-31"], deck=["TZNS-17"] * 10))
    a, b = s.field[0][0], s.field[1][0]
    s.dmg[a] = s.dmg[b] = 1
    act(s, PASS)
    assert s.zone[a] == Z_OHIGAN and s.zone[b] == Z_OHIGAN
    assert [(o[SO_KIND], o[SO_CARD], o[SO_CTL]) for o in s.kstack] == [(K_ABILITY, a, 0), (K_ABILITY, b, 1)]
    assert s.dkind == D_PRIORITY and s.dplayer == 0
    act(s, PASS)
    act(s, PASS)
    assert len(s.hand[1]) == 1 and len(s.hand[0]) == 0  # player 1's draw first
    act(s, PASS)
    act(s, PASS)
    assert len(s.hand[0]) == 1 and not s.kstack


def test_one_players_simultaneous_triggers_are_ordered_by_that_player():
    """NS 1209.4, NS 1209.5, NS 902.1b: two of the turn player's triggers at once: the
    player picks which to enter first; passing (not entering) is not offered."""
    s = scene(p0=dict(field=["TZNS-31", "TZNS-31"], deck=["TZNS-29"] * 10))
    for i in s.field[0]:
        s.dmg[i] = 1
    act(s, PASS)
    assert s.dkind == D_ORDER and s.dplayer == 0
    assert s.legal == [OPTION, OPTION + 1]  # PASS (not entering) is not offered
    act(s, OPTION + 1)
    assert len(s.kstack) == 2 and all(o[SO_KIND] == K_ABILITY and o[SO_CTL] == 0 for o in s.kstack)


def test_a_trigger_resolves_even_if_its_card_left_the_field():
    """NS 1209.9, NS 1205.1d-1, NS 1201.2a, NS 1212.1: Nancy Hi-Yo's 'when this appears,
    draw 1' is on the kotodama space when the opponent kills Nancy; it still resolves and
    its controller draws one card, once."""
    s = scene(
        p0=dict(hand=["TZNS-06"], ether=["TZNS-29", "TZNS-29"], deck=["TZNS-29"] * 10),
        p1=dict(hand=["TZNS-25"], ether=["TZNS-29"], damage=["TZNS-29"]),
    )
    to_character_phase(s)
    enter(s, "TZNS-06")
    act(s, PASS)
    act(s, PASS)
    nancy = s.field[0][0]
    assert s.kstack and s.kstack[-1][SO_KIND] == K_ABILITY and s.kstack[-1][SO_CARD] == nancy
    act(s, PASS)
    assert s.dplayer == 1
    cast(s, "TZNS-25", [OPP_FIELD])
    assert s.zone[nancy] == Z_OHIGAN
    assert len(s.kstack) == 1
    n = len(s.hand[0])
    act(s, PASS)
    act(s, PASS)
    assert len(s.hand[0]) == n + 1 and not s.kstack


def test_damage_checks_belong_to_the_damaged_player_and_use_the_check_zone():
    """NS 1003.2, NS 1003.2a, NS 1103.1, NS 1104.1, NS 312.1, NS 312.2, NS 1201.1d,
    NS 1211.1, NS 1211.5, NS 1202.3, NS 1204.2g-2, NS 1313.1a: 2 damage puts two damage
    checks controlled by the damaged player on the kotodama space; the first reveals the top
    card into the public check zone, and its ukemi ability (valid there) is entered like an
    ability, paying its cost (1 ether)."""
    s = scene(p0=dict(field=["NST2-30"]), p1=dict(ether=["TZNS-29"], deck=["TZNS-52"] + ["TZNS-29"] * 6))
    to_aisatsu(s)
    act(s, field(s, "NST2-30"))
    act(s, PLAYER + 1)
    until(s, D_UKEMI, 1)
    card = where(s, "TZNS-52", 1)[0]
    assert s.zone[card] == Z_CHECK and s.check[1] == [card]
    assert [(o[SO_KIND], o[SO_CTL]) for o in s.kstack] == [(K_CHECK, 1)]  # the second check waits
    seen = s.to_dict(0)["players"][1]["check"]
    assert [c["card"] for c in seen] == ["TZNS-52"]  # the opponent sees it
    act(s, YES)
    assert not s.bowed[s.ether[1][0]]
    act(s, s.legal[0])  # pay 1 ether
    assert s.bowed[s.ether[1][0]]
    assert [(o[SO_KIND], o[SO_CTL]) for o in s.kstack] == [(K_CHECK, 1), (K_ABILITY, 1)]
    assert s.kstack[-1][SO_CARD] == card
    until(s, D_ATTACKER, 0)
    assert s.zone[card] == Z_OHIGAN and len(s.damage[1]) == 1 and len(s.hand[1]) == 1


def test_a_self_entering_ukemi_pays_no_cost():
    """NS 1211.2b-1, NS 1313.1a-1, NS 210.1, NS 1211.2a: a 'this enters!' ukemi enters the
    card itself to the kotodama space without bowing any ether (its cost 3 is not paid);
    it then resolves onto the field."""
    s = scene(p0=dict(field=["TZNS-31"]), p1=dict(ether=["TZNS-29"] * 3, deck=["TZNS-36"] + ["TZNS-29"] * 6))
    to_aisatsu(s)
    act(s, field(s, "TZNS-31"))
    act(s, PLAYER + 1)
    vet = where(s, "TZNS-36", 1)[0]
    seen_on_stack = False
    while s.dkind != D_ATTACKER:
        if s.zone[vet] == Z_STACK:
            seen_on_stack = True
            assert any(o[SO_KIND] == K_CARD and o[SO_CARD] == vet for o in s.kstack)
        act(s, PASS)
    assert s.zone[vet] == Z_FIELD and not any(s.bowed[i] for i in s.ether[1])
    assert seen_on_stack and s.damage[1] == []


def test_damage_check_cards_leave_the_deck_top_one_at_a_time():
    """NS 304.3, NS 1104.2, NS 304.2: two damage checks take the deck's top card, then the
    next one: the first (no ukemi) goes to the damage zone, the second (ukemi 'this
    enters!') onto the field."""
    s = scene(p0=dict(field=["NST2-30"]), p1=dict(deck=["TZNS-29", "TZNS-22"] + ["TZNS-17"] * 6))
    top = s.deck[1][:2]
    assert ids(s, top) == ["TZNS-29", "TZNS-22"]
    to_aisatsu(s)
    act(s, field(s, "NST2-30"))
    act(s, PLAYER + 1)
    until(s, D_ATTACKER, 0)
    assert s.damage[1] == [top[0]] and s.field[1] == [top[1]]
    assert ids(s, s.deck[1]) == ["TZNS-17"] * 6


def test_a_player_may_act_at_priority_then_keeps_it():
    """NS 801.1, NS 802.4a, NS 802.4b, NS 802.4d-1, NS 1207.2: the holder may pass, enter a
    hand kotodama or (turn player, character phase, empty kotodama space) a character."""
    s = scene(p0=dict(hand=["TZNS-17", "TZNS-46"], ether=["TZNS-29", "TZNS-29"]))
    to_character_phase(s)
    assert s.step == ST_CHARACTER
    assert s.legal == [PASS, hand(s, "TZNS-17"), hand(s, "TZNS-46")]
    act(s, hand(s, "TZNS-46"))
    while s.dkind != D_PRIORITY:
        act(s, s.legal[0])
    assert s.dplayer == 0 and s.kstack[-1][SO_KIND] == K_CARD and s.legal == [PASS]
