"""Ninja Slayer rules: the keyword abilities satsubatsu (NS 1403) and tatsujin (NS 1404)."""

from __future__ import annotations

from ns_scenario import D_ATTACKER, D_CHOOSE, D_PAY_ETHER, D_PRIORITY, PASS, act, field, ids, opp, scene, until
from tcgzoo.envs.ninja_slayer.layout import D_TATSUJIN, OPP_FIELD, ST_CHARACTER, YES
from tcgzoo.envs.ninja_slayer.records import SO_TJ


def char_phase(s):
    act(s, PASS)
    while not (s.dkind == D_PRIORITY and s.step == ST_CHARACTER and s.dplayer == 0):
        act(s, PASS)


def test_satsubatsu_kills_the_character_that_aisatsu_ed_it():
    """NS 1403.1, NS 1403.2, NS 706.6: a satsubatsu character that survives being
    aisatsu-ed triggers at the end of the ikusa damage step and kills its attacker."""
    s = scene(p0=dict(field=["TZNS-29", "TZNS-32"]), p1=dict(field=["TZNS-42"]))
    act(s, PASS)
    until(s, D_ATTACKER, 0)
    act(s, field(s, "TZNS-29"))
    act(s, opp(s, "TZNS-42"))
    until(s, D_CHOOSE, 1)
    assert s.legal == [OPP_FIELD + 0]  # only Zaibatsu Apprentice aisatsu-ed it
    act(s, OPP_FIELD)
    assert ids(s, s.field[0]) == ["TZNS-32"] and ids(s, s.ohigan[0]) == ["TZNS-29"]
    assert ids(s, s.field[1]) == ["TZNS-42"] and s.dmg[s.field[1][0]] == 1


def test_satsubatsu_needs_the_character_on_the_field():
    """NS 1403.2, NS 1202 (NS-G16): killed by the ikusa damage, it does not trigger."""
    s = scene(p0=dict(field=["TZNS-43"]), p1=dict(field=["TZNS-44"]))
    act(s, PASS)
    until(s, D_ATTACKER, 0)
    act(s, field(s, "TZNS-43"))
    act(s, opp(s, "TZNS-44"))
    until(s, D_ATTACKER, 0)
    assert ids(s, s.field[0]) == ["TZNS-43"] and s.field[1] == []


def test_tatsujin_is_an_optional_additional_cost_with_an_extra_effect():
    """NS 1404.1, NS 1404.2, NS 1404.2a: entering Iaido Strike asks whether to pay its
    tatsujin cost; paid, the extra effect (2 damage to the opponent) happens too."""
    for pay in (True, False):
        s = scene(p0=dict(hand=["TZNS-45"], ether=["TZNS-29"] * 4), p1=dict(field=["TZNS-44"]))
        char_phase(s)
        act(s, s.legal[1])
        assert s.dkind == D_TATSUJIN and s.legal == [PASS, YES]
        act(s, YES if pay else PASS)
        n = 0
        while s.dkind == D_PAY_ETHER:
            act(s, s.legal[0])
            n += 1
        assert n == (4 if pay else 2) and bool(s.kstack[-1][SO_TJ]) == pay
        act(s, PASS)
        act(s, PASS)
        act(s, OPP_FIELD)
        while s.kstack:
            act(s, PASS)
        assert len(s.damage[1]) == (2 if pay else 0)


def test_tatsujin_is_not_offered_when_it_cannot_be_paid():
    """NS 1404.2, NS 1203.2: without ether for the tatsujin cost the card enters without it."""
    s = scene(p0=dict(hand=["TZNS-45"], ether=["TZNS-29"] * 3), p1=dict(field=["TZNS-44"]))
    char_phase(s)
    act(s, s.legal[1])
    assert s.dkind == D_PAY_ETHER
