"""Ninja Slayer rules: static abilities, damage modifiers and replacement, and the
triggers that are not plain events: delayed, state, last-known information, hidden cards."""

from __future__ import annotations

from ns_scenario import (
    D_ATTACKER,
    D_ETHER,
    D_PAY_ETHER,
    D_PRIORITY,
    PASS,
    PLAYER,
    act,
    enter,
    field,
    hand,
    ids,
    opp,
    scene,
    until,
)
from tcgzoo.envs.ninja_slayer.layout import D_RECOVER, D_REVEAL, OPTION, ST_CHARACTER, ST_END
from tcgzoo.envs.ninja_slayer.records import SO_CARD, SO_KIND
from tcgzoo.envs.ninja_slayer.state import K_ABILITY, Z_OHIGAN

E = "TZNS-29"


def char_phase(s):
    act(s, PASS)
    while not (s.dkind == D_PRIORITY and s.step == ST_CHARACTER and s.dplayer == 0):
        act(s, PASS)


def pay_all(s):
    while s.dkind == D_PAY_ETHER:
        act(s, s.legal[0])


def test_damage_increase_applies_to_ikusa_and_effect_damage():
    """NS 1326.1, NS 1216.4: Pistol Karate Ace's damage is increased by 1: its kousaku 1
    ikusa damage to the player becomes 2."""
    s = scene(p0=dict(field=["TZNS-60"]))
    act(s, PASS)
    until(s, D_ATTACKER, 0)
    act(s, field(s, "TZNS-60"))
    act(s, PLAYER + 1)
    until(s, D_ATTACKER, 0)
    assert len(s.damage[1]) == 2


def test_a_damage_replacement_reduces_what_is_dealt():
    """NS 1214.1, NS 1201.2c, NS 1102.4c: Armored Yakuza takes 1 less damage: Karate Chop's 3
    damage becomes 2 as it is dealt, which its durability 3 survives."""
    s = scene(p0=dict(hand=["TZNS-04"], ether=[E, E]), p1=dict(field=["TZNS-61"]))
    char_phase(s)
    enter(s, "TZNS-04")
    act(s, PASS)
    act(s, PASS)
    act(s, opp(s, "TZNS-61"))
    y = s.field[1][0]
    assert s.dmg[y] == 2 and "TZNS-61" in ids(s, s.field[1])


def test_statics_apply_attribute_gains_before_number_changes():
    """NS 1210.1, NS 1213.1, NS 1213.1a, NS 1213.1b, NS 1213.1f, NS 1213.3b-3: on the printed
    values (1213.1a), Soukaiya Recruiter makes the other
    characters 〈Soukaiya〉 (1213.1b) before Soukaiya Commander's '+1 karate to your other
    〈Soukaiya〉' is applied (1213.1f), so the Yakuza Squad gets +1 too; the opponent's
    characters and the Commander itself don't."""
    s = scene(p0=dict(field=["TZNS-62", "TZNS-63", "TZNS-17"]), p1=dict(field=["TZNS-17"]))
    cmd, rec, squad = s.field[0]
    assert s.has_attr(squad, "Soukaiya") and not s.has_attr(s.field[1][0], "Soukaiya")
    assert (s.karate(squad), s.karate(rec), s.karate(cmd)) == (2, 2, 3)
    assert s.karate(s.field[1][0]) == 1
    s.move(rec, Z_OHIGAN)  # the Recruiter leaves: the Squad is no longer Soukaiya (NS 1210.1)
    assert not s.has_attr(squad, "Soukaiya") and s.karate(squad) == 1


def test_a_character_arrives_with_the_statics_that_apply_there():
    """NS 1213.4, NS 1213.10: a Sonic Boom entering the field under Soukaiya Commander has
    +1 karate as soon as it is there (and none while on the kotodama space)."""
    s = scene(p0=dict(hand=["TZNS-12"], ether=[E, E], field=["TZNS-62"]))
    char_phase(s)
    enter(s, "TZNS-12")
    boom = s.kstack[-1][SO_CARD]
    assert s.karate(boom) == 3
    act(s, PASS)
    act(s, PASS)
    assert boom in s.field[0] and s.karate(boom) == 4


def test_a_delayed_trigger_triggers_once_at_the_next_end_phase():
    """NS 1209.7: Smoke Bomb draws 1, then creates 'at the start of the next end phase, draw
    1', which triggers at this turn's end phase and not at later ones."""
    s = scene(p0=dict(hand=["TZNS-65"], ether=[E], deck=[E] * 20))
    char_phase(s)
    enter(s, "TZNS-65")
    n = len(s.hand[0])
    act(s, PASS)
    act(s, PASS)
    assert len(s.hand[0]) == n + 1 and len(s.delayed) == 1
    while s.step != ST_END:
        act(s, PASS)
    assert not s.delayed and (s.kstack and s.kstack[-1][SO_KIND] == K_ABILITY)
    act(s, PASS)
    act(s, PASS)
    assert len(s.hand[0]) == n + 2
    until(s, D_ETHER, 1)
    while s.step != ST_END:
        act(s, PASS)
    assert not s.kstack and not s.pending


def test_a_state_trigger_triggers_only_when_not_already_triggered():
    """NS 1209.8: Hungry Ronin's 'when you have no cards in your hand, draw 1' triggers at
    the rule check while the hand is empty, once (not again while it waits on the kotodama
    space), and its draw ends the condition."""
    s = scene(p0=dict(field=["TZNS-66"], deck=[E] * 10))
    act(s, PASS)  # ether placement: none; draw step comes later in the next turn, hand is empty
    assert not s.hand[0]
    abil = [o for o in s.kstack if o[SO_KIND] == K_ABILITY]
    assert len(abil) == 1 and not s.pending
    act(s, PASS)
    act(s, PASS)
    assert len(s.hand[0]) == 1 and not [o for o in s.kstack if o[SO_KIND] == K_ABILITY]


def test_a_killed_trigger_reads_last_known_information():
    """NS 1215.1, NS 1209.6, NS 1209.6b: Martyr Ninja pumped to 4 karate by Fog of War is
    killed; its 'deal damage equal to its karate' uses the 4 it had on the field."""
    s = scene(p0=dict(hand=["TZNS-34"], ether=[E] * 3, field=["TZNS-67"]), p1=dict(field=["TZNS-13"]))
    char_phase(s)
    act(s, hand(s, "TZNS-34"))
    act(s, field(s, "TZNS-67"))  # Fog of War's target, chosen at entry (NS 1204.2e)
    pay_all(s)
    act(s, PASS)
    act(s, PASS)
    m = s.field[0][0]
    assert s.karate(m) == 4
    s.dmg[m] = 5  # lethal damage, set by hand (durability 3 + 2): the next rule check kills it
    while m in s.field[0]:
        act(s, PASS)  # its trigger goes on
    while s.kstack:
        act(s, PASS) if s.dkind == D_PRIORITY else act(s, opp(s, "TZNS-13"))
    assert ids(s, s.ohigan[0]) == ["TZNS-34", "TZNS-67"] and s.dmg[s.field[1][0]] == 4


def test_a_hidden_cards_trigger_is_revealed_or_not():
    """NS 1209.3a, NS 1209.3b, NS 1209.3c: Soukaiya Lookout in the defender's hand: when an
    opposing character aisatsu-s them, they may reveal it (public while its ability is on
    the kotodama space, hidden again after) to recover 1, or keep it hidden (no trigger)."""
    for reveal in (True, False):
        s = scene(p0=dict(field=["TZNS-09"]), p1=dict(hand=["TZNS-68"], damage=[E]))
        act(s, PASS)
        until(s, D_ATTACKER, 0)
        act(s, field(s, "TZNS-09"))
        act(s, PLAYER + 1)
        look = s.hand[1][0]
        while s.dkind != D_REVEAL:
            act(s, PASS)
        assert s.dplayer == 1 and s.ctx == -1 and not s.pub[look]
        assert s.opts == [s.cdef[look]] and s.legal[:2] == [PASS, OPTION]
        if not reveal:
            act(s, PASS)
            assert not s.kstack and not s.pub[look]
            continue
        act(s, OPTION)  # its only hand card is revealed: nothing left to ask, the trigger enters
        assert s.pub[look] and s.kstack[-1][SO_KIND] == K_ABILITY
        while s.kstack:
            act(s, s.legal[-1] if s.dkind == D_RECOVER else PASS)
        assert not s.pub[look] and ids(s, s.ohigan[1]) == [E] and look in s.hand[1]


def test_a_trigger_whose_target_cannot_be_chosen_is_not_entered():
    """NS 1209.5, NS 1204.2e: Martyr Ninja's killed trigger chooses its target at entry; with
    no opposing character it can't be entered and is removed (nothing waits on the
    kotodama space)."""
    s = scene(p0=dict(field=["TZNS-67"]))
    char_phase(s)
    m = s.field[0][0]
    s.dmg[m] = 3  # set by hand: the next rule check kills it; its trigger can't choose a target
    while m in s.field[0]:
        act(s, PASS)
    assert "TZNS-67" in ids(s, s.ohigan[0]) and not s.kstack and not s.pending


def test_a_kill_replacement_applies_once_per_turn():
    """NS 1214.1, NS 1214.3, NS 1201.2c, NS 1004.1: Yakuza Stuntman with lethal damage is not
    killed: instead it is bowed and its damage removed, and no 'killed' event happens; the
    second lethal damage of the turn kills it."""
    s = scene(p0=dict(hand=["TZNS-04", "TZNS-04"], ether=[E] * 4), p1=dict(field=["TZNS-69"]))
    char_phase(s)
    y = s.field[1][0]
    enter(s, "TZNS-04")
    act(s, PASS)
    act(s, PASS)
    act(s, opp(s, "TZNS-69"))  # 3 damage, durability 2: the rule check would kill it
    assert s.dkind == D_PRIORITY and y in s.field[1] and s.bowed[y] and s.dmg[y] == 0 and not s.pending
    enter(s, "TZNS-04")
    act(s, PASS)
    act(s, PASS)
    act(s, opp(s, "TZNS-69"))
    assert s.dkind == D_PRIORITY
    assert ids(s, s.ohigan[1]) == ["TZNS-69"]
