"""Ninja Slayer rules: ikusa (aisatsu, interrupt, ikusa damage), rule checks, damage
checks and ukemi, losing."""

from __future__ import annotations

from ns_scenario import (
    D_ATTACKER,
    D_INTERRUPT,
    D_PRIORITY,
    D_TARGET,
    OPP_FIELD,
    PASS,
    PLAYER,
    act,
    field,
    ids,
    opp,
    scene,
    until,
)
from tcgzoo.envs.ninja_slayer.records import SO_KIND
from tcgzoo.envs.ninja_slayer.state import K_CHECK


def to_aisatsu(s):
    act(s, PASS)
    until(s, D_ATTACKER, 0)


def test_aisatsu_at_the_player_deals_kousaku_as_damage_checks():
    """NS 704.3a, NS 704.4, NS 704.5, NS 706.4, NS 1003.2, NS 1003.3, NS 1104.2, NS 1104.3:
    the attacker bows; its kousaku becomes damage on the player, turned into damage checks
    at the rule check; a card without ukemi goes face-up to the damage zone."""
    s = scene(p0=dict(field=["NST2-30"]), p1=dict(deck=["TZNS-29"] * 10))
    to_aisatsu(s)
    act(s, field(s, "NST2-30"))
    assert s.dkind == D_TARGET and PLAYER + 1 in s.legal
    act(s, PLAYER + 1)
    assert s.bowed[s.field[0][0]]
    until(s, D_ATTACKER, 0)
    assert len(s.damage[1]) == 2 and not any(s.face_down[i] for i in s.damage[1])
    assert len(s.deck[1]) == 8 and s.carried[1] == 0
    assert s.legal == [PASS]  # NS 704.3a: only untapped characters aisatsu


def test_aisatsu_at_a_character_is_one_way_and_kills_it():
    """NS 706.4, NS 1004, NS 1004.1, NS 704.4: a character target takes karate damage (the
    target deals none back) and dies at the rule check when damage >= durability."""
    s = scene(p0=dict(field=["NST2-30"]), p1=dict(field=[("TZNS-29", True, False)]))
    to_aisatsu(s)
    act(s, field(s, "NST2-30"))
    act(s, opp(s, "TZNS-29"))  # NS-G18: a bowed character can be the target
    until(s, D_ATTACKER, 0)
    assert s.field[1] == [] and ids(s, s.ohigan[1]) == ["TZNS-29"]
    assert s.dmg[s.field[0][0]] == 0


def test_interrupt_redirects_an_aisatsu_at_the_player():
    """NS 705.3, NS 705.3a, NS 705.4, NS 705.5, NS 1402.2: the non-turn player's character
    with interrupt becomes the target at once (no stack), without bowing."""
    s = scene(p0=dict(field=["TZNS-37"]), p1=dict(field=["TZNS-27"]))
    to_aisatsu(s)
    act(s, field(s, "TZNS-37"))
    act(s, PLAYER + 1)
    until(s, D_INTERRUPT, 1)
    act(s, field(s, "TZNS-27"))
    assert s.target == s.field[1][0] and not s.bowed[s.target] and not s.kstack
    until(s, D_ATTACKER, 0)
    assert ids(s, s.ohigan[1]) == ["TZNS-27"]  # karate 4 vs durability 4: killed (NS 1004.1)
    assert len(s.damage[1]) == 0  # the player took nothing


def test_interrupt_kaizen_also_protects_another_character_and_redirects_once_per_turn():
    """NS 1402.3, NS 705.3a-1: interrupt kaizen redirects an aisatsu at another own
    character; a character that redirected this turn can't again."""
    s = scene(p0=dict(field=["TZNS-37", "TZNS-32"]), p1=dict(field=["TZNS-29", "TZNS-23"]))
    to_aisatsu(s)
    act(s, field(s, "TZNS-37"))
    act(s, opp(s, "TZNS-29"))
    until(s, D_INTERRUPT, 1)
    act(s, field(s, "TZNS-23"))
    until(s, D_ATTACKER, 0)
    act(s, field(s, "TZNS-32"))
    act(s, PLAYER + 1)
    until(s, D_ATTACKER, 0)  # no interrupt decision: Nidhogg already redirected
    assert len(s.damage[1]) == 1


def test_ikusa_damage_is_skipped_when_the_attacker_is_gone():
    """NS 706.1: if the aisatsu card has left the field the damage step deals nothing."""
    s = scene(p0=dict(field=["TZNS-31"]), p1=dict(hand=["TZNS-25"], ether=["TZNS-29"], damage=["TZNS-29"]))
    to_aisatsu(s)
    act(s, field(s, "TZNS-31"))
    act(s, PLAYER + 1)
    until(s, D_PRIORITY, 1)
    act(s, s.legal[1])  # Katon Jitsu
    while s.dkind != D_PRIORITY:
        act(s, s.legal[0])
    act(s, PASS)
    act(s, PASS)
    act(s, OPP_FIELD)
    until(s, D_ATTACKER, 0)
    assert len(s.damage[1]) == 1  # only the card put there by the scene


def test_non_turn_players_damage_checks_resolve_first_and_losses():
    """NS 1003.2b, NS 1002.1, NS 103.1, NS 103.2: with 9 damage cards, a damage check that
    puts a 10th there loses at the next rule check."""
    s = scene(p0=dict(field=["NST2-30"]), p1=dict(damage=["TZNS-29"] * 8))
    to_aisatsu(s)
    act(s, field(s, "NST2-30"))
    act(s, PLAYER + 1)
    while not s.is_terminal():
        act(s, PASS)
    assert s.returns() == [1.0, -1.0]


def test_both_players_losing_at_once_gives_the_non_turn_player_the_win():
    """NS 103.3 (NS-R1), NS 1002.2 (NS-R2): both decks empty at the same rule check: the
    non-turn player wins."""
    s2 = scene(p0=dict(deck=0), p1=dict(deck=0))
    act(s2, PASS)
    assert s2.is_terminal() and s2.returns() == [-1.0, 1.0]


def test_a_player_with_no_deck_loses_at_the_next_rule_check():
    """NS 1002.2 (NS-R2): not only when drawing."""
    s = scene(p0=dict(deck=5), p1=dict(deck=0))
    act(s, PASS)
    assert s.is_terminal() and s.returns() == [1.0, -1.0]


def test_ukemi_this_enters_puts_the_character_on_the_stack_without_cost():
    """NS 1104.4, NS 1211.2b, NS 1211.3, NS 1104.5: a damage check reveals a card whose ukemi
    is 'this enters!': it enters free, resolves onto the field, never reaching the damage zone."""
    s = scene(p0=dict(field=["NST1-30"]), p1=dict(deck=["TZNS-22"] + ["TZNS-29"] * 5))
    to_aisatsu(s)
    act(s, field(s, "NST1-30"))
    act(s, PLAYER + 1)
    until(s, D_ATTACKER, 0)
    assert ids(s, s.field[1]) == ["TZNS-22"] and s.damage[1] == [] and s.ether[1] == []


def test_conditional_ukemi_that_cannot_enter_goes_to_ohigan():
    """NS 1104.4b, NS 1609.2: Yorokonde!'s ukemi needs a Soukaiya in the ether zone; without
    one the card goes to Ohigan."""
    s = scene(p0=dict(field=["NST1-30"]), p1=dict(deck=["NST1-71"] + ["TZNS-29"] * 5))
    to_aisatsu(s)
    act(s, field(s, "NST1-30"))
    act(s, PLAYER + 1)
    until(s, D_ATTACKER, 0)
    assert ids(s, s.ohigan[1]) == ["NST1-71"] and s.damage[1] == []


def test_ukemi_ability_goes_on_the_stack_then_the_card_to_ohigan():
    """NS 1211.2c, NS 1104.4c, NS 1211.4, NS 1308.1: an ukemi ability (draw 1) is put on the
    kotodama space; when it leaves, the checked card goes to Ohigan."""
    s = scene(p0=dict(field=["NST1-30"]), p1=dict(deck=["TZNS-24"] + ["TZNS-29"] * 5))
    to_aisatsu(s)
    act(s, field(s, "NST1-30"))
    act(s, PLAYER + 1)
    until(s, D_ATTACKER, 0)
    assert ids(s, s.ohigan[1]) == ["TZNS-24"] and len(s.hand[1]) == 1 and s.damage[1] == []


def test_damage_check_priority_is_not_asked():
    """NS 802.4, NS 1103 via NS-G26: with a damage check on top both players may only pass,
    so the engine resolves it without a decision."""
    s = scene(p0=dict(field=["NST2-30"]), p1=dict(hand=["TZNS-24"], ether=["TZNS-29", "TZNS-29"]))
    to_aisatsu(s)
    act(s, field(s, "NST2-30"))
    act(s, PLAYER + 1)
    seen_check_on_top = False
    while s.dkind != D_ATTACKER:
        seen_check_on_top |= bool(s.kstack) and s.kstack[-1][SO_KIND] == K_CHECK
        act(s, PASS)
    assert not seen_check_on_top and len(s.damage[1]) == 2


def test_an_ukemi_with_a_cost_may_be_paid_or_declined():
    """NS 1104.4a, NS 1211.3a, NS 1312.1: a '(cost):(effect)' ukemi asks its player; paid,
    the ukemi ability goes on the stack (draw 1) and the card then goes to Ohigan;
    declined, the card goes to Ohigan at once."""
    from tcgzoo.envs.ninja_slayer.layout import D_UKEMI, YES

    for pay in (True, False):
        s = scene(p0=dict(field=["NST1-30"]), p1=dict(ether=["TZNS-29"], deck=["TZNS-52"] + ["TZNS-29"] * 5))
        to_aisatsu(s)
        act(s, field(s, "NST1-30"))
        act(s, PLAYER + 1)
        until(s, D_UKEMI, 1)
        act(s, YES if pay else PASS)
        if pay:
            act(s, s.legal[0])  # bow the ether card
            assert s.bowed[s.ether[1][0]]
        until(s, D_ATTACKER, 0)
        assert ids(s, s.ohigan[1]) == ["TZNS-52"] and s.damage[1] == []
        assert len(s.hand[1]) == (1 if pay else 0)


def test_an_ukemi_whose_cost_cannot_be_paid_goes_to_ohigan():
    """NS 1104.4b: without untapped ether the ukemi can't be entered."""
    s = scene(p0=dict(field=["NST1-30"]), p1=dict(deck=["TZNS-52"] + ["TZNS-29"] * 5))
    to_aisatsu(s)
    act(s, field(s, "NST1-30"))
    act(s, PLAYER + 1)
    until(s, D_ATTACKER, 0)
    assert ids(s, s.ohigan[1]) == ["TZNS-52"] and s.hand[1] == []
