"""Ninja Slayer rules: durations, objects, effect words and resolution details."""

from __future__ import annotations

from ns_scenario import (
    D_ATTACKER,
    D_CHOOSE,
    D_ETHER,
    D_PAY_ETHER,
    D_PRIORITY,
    OPP_FIELD,
    OWN_FIELD,
    PASS,
    act,
    enter,
    field,
    hand,
    ids,
    opp,
    scene,
    until,
)
from tcgzoo.envs.ninja_slayer.layout import ST_CHARACTER
from tcgzoo.envs.ninja_slayer.records import SO_KIND
from tcgzoo.envs.ninja_slayer.state import K_CARD, Z_FIELD, Z_OHIGAN


def enter_pay(s):
    while s.dkind == D_PAY_ETHER:
        act(s, s.legal[0])


def char_phase(s):
    act(s, PASS)
    while not (s.dkind == D_PRIORITY and s.step == ST_CHARACTER and s.dplayer == 0):
        act(s, PASS)


def test_this_turn_stat_changes_end_at_cleanup():
    """NS 505.3b, NS 1213.7, NS 1303: Fog of War's +2/+2 lasts until the end of the turn (its
    target is chosen at entry, NS 1204.2e)."""
    s = scene(p0=dict(hand=["TZNS-34"], ether=["TZNS-29"], field=["TZNS-31"]))
    char_phase(s)
    act(s, hand(s, "TZNS-34"))
    act(s, OWN_FIELD)
    enter_pay(s)
    act(s, PASS)
    act(s, PASS)
    c = s.field[0][0]
    assert s.karate(c) == 3 and s.durability(c) == 3
    until(s, D_ETHER, 1)
    assert s.karate(c) == 1 and s.durability(c) == 1 and s.teff == []


def test_no_character_entry_while_the_kotodama_space_is_not_empty():
    """NS 802.4d, NS 1206.1: with a kotodama waiting on the kotodama space the turn player
    may not enter a character."""
    s = scene(p0=dict(hand=["TZNS-03", "TZNS-31"], ether=["TZNS-29", "TZNS-29"]))
    char_phase(s)
    assert hand(s, "TZNS-31") in s.legal
    enter(s, "TZNS-03")
    assert s.kstack and s.dplayer == 0 and hand(s, "TZNS-31") not in s.legal


def test_a_triggered_ability_resolves_after_its_source_left():
    """NS 1205.1d, NS 1205.1d-1, NS 1209.6b, NS 1311.1: Survivor Dojo Member's 'when this is
    killed, draw 1' resolves from Ohigan."""
    s = scene(p0=dict(field=["NST2-30"]), p1=dict(field=["TZNS-31"], deck=["TZNS-29"] * 5))
    act(s, PASS)
    until(s, D_ATTACKER, 0)
    act(s, field(s, "NST2-30"))
    act(s, opp(s, "TZNS-31"))
    until(s, D_ATTACKER, 0)
    assert ids(s, s.ohigan[1]) == ["TZNS-31"] and len(s.hand[1]) == 1


def test_appears_triggers_on_resolution_to_the_field_and_on_ambush():
    """NS 1315.1, NS 1205.1c-1, NS 1314.1: 'when this appears' triggers when the character
    lands from the kotodama space (Nancy Hi-Yo draws 1)."""
    s = scene(p0=dict(hand=["TZNS-06"], ether=["TZNS-29", "TZNS-29"], deck=["TZNS-29"] * 5))
    char_phase(s)
    enter(s, "TZNS-06")
    assert s.kstack[-1][SO_KIND] == K_CARD
    act(s, PASS)
    act(s, PASS)
    assert ids(s, s.field[0]) == ["TZNS-06"]
    while s.kstack or s.pending:
        act(s, PASS)
    assert len(s.hand[0]) == 1


def test_a_moved_card_is_a_new_object():
    """NS 302.3: a character killed and ambushed back is a new object: 'this turn' flags of
    the old one (its redirect) do not follow it."""
    s = scene(p0=dict(field=["TZNS-37"]), p1=dict(field=["TZNS-32"]))
    i = s.field[1][0]
    s.redirected[i] = s.obj[i]
    assert s.redirected[i] == s.obj[i]
    s.move(i, Z_OHIGAN)
    s.move(i, Z_FIELD)
    assert s.redirected[i] != s.obj[i] and not s.bowed[i]  # NS 303.1a: untapped


def test_kotodama_goes_to_ohigan_after_resolving():
    """NS 1205.1c-2, NS 1308.1: Soukaiya Orders draws 1, then it is in Ohigan."""
    s = scene(p0=dict(hand=["TZNS-16"], ether=["TZNS-29"], deck=["TZNS-29"] * 5))
    char_phase(s)
    enter(s, "TZNS-16")
    act(s, PASS)
    act(s, PASS)
    assert ids(s, s.ohigan[0]) == ["TZNS-16"] and ids(s, s.hand[0]) == ["TZNS-29"]


def test_up_to_choices_may_stop_early():
    """NS 1204.2e (NS-G12): 'up to 2' accepts fewer — pass ends the choice."""
    s = scene(p0=dict(hand=["TZNS-30"], ether=["TZNS-29"] * 3), p1=dict(field=["TZNS-29", "TZNS-32"]))
    char_phase(s)
    enter(s, "TZNS-30")
    act(s, PASS)
    act(s, PASS)
    assert s.dkind == D_CHOOSE and PASS in s.legal
    act(s, OPP_FIELD + 1)
    act(s, PASS)
    assert [s.dmg[i] for i in s.field[1]] == [0, 2]
