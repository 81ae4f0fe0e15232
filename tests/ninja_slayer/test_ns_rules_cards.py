"""Ninja Slayer rules: the ten errata cards of 1602-1611 and the effect words they use
(triggers, recover, ambush, search, grants, per-turn limits)."""

from __future__ import annotations

from ns_scenario import (
    D_ATTACKER,
    D_CHOOSE,
    D_ORDER,
    D_PRIORITY,
    D_RECOVER,
    GAME,
    OPTION,
    PASS,
    PLAYER,
    act,
    enter,
    field,
    hand,
    ids,
    opp,
    opt,
    scene,
    until,
)
from tcgzoo.envs.ninja_slayer.layout import ST_CHARACTER


def char_phase(s):
    act(s, PASS)
    while not (s.dkind == D_PRIORITY and s.step == ST_CHARACTER and s.dplayer == 0):
        act(s, PASS)


def resolve_all(s):
    """Pass until the kotodama space is empty (choices: first legal)."""
    while s.kstack or s.dkind != D_PRIORITY:
        act(s, PASS if PASS in s.legal and s.dkind == D_PRIORITY else s.legal[-1])


def test_errata_attributes():
    """NS 1603.1, NS 1605.1, NS 1606.1, NS 1607.1: Takagi Gando, Gunslinger and Takagi
    Gando ◆ Pistol Karate have 〈Pistol Karate〉; Clone Yakuza is not 〈Soukaiya〉."""
    c = GAME.pool.cards
    by = GAME.pool.by_id
    for cid in ("NST1-30", "NST2-11", "NST2-30"):
        assert "Pistol Karate" in c[by[cid]].attributes
    assert "Soukaiya" not in c[by["NST1-14"]].attributes
    assert c[by["NST2-30"]].epithet == "Pistol Karate" and c[by["NST1-30"]].epithet == ""


def test_suicide_killed_in_ikusa_with_another_freelance_recovers_and_draws():
    """NS 1602.1, NS 1216.6, NS 1319.1, NS 1209: killed by ikusa damage while another
    〈Freelance〉 is on its controller's field: recover 1 (a chosen damage card to Ohigan)
    and draw 1."""
    s = scene(
        p0=dict(field=["NST2-30"]),
        p1=dict(field=["NST1-22", "TZNS-32"], damage=["TZNS-29", "TZNS-31"], deck=["TZNS-17"] * 5),
    )
    act(s, PASS)
    until(s, D_ATTACKER, 0)
    act(s, field(s, "NST2-30"))
    act(s, PLAYER + 1)
    until(s, 4, 1)  # interrupt decision: Suicide redirects to itself
    act(s, field(s, "NST1-22"))
    until(s, D_RECOVER, 1)
    act(s, opt(s, "TZNS-31"))
    assert ids(s, s.damage[1]) == ["TZNS-29"] and ids(s, s.hand[1]) == ["TZNS-17"]
    assert sorted(ids(s, s.ohigan[1])) == ["NST1-22", "TZNS-31"]


def test_suicide_without_another_freelance_does_nothing():
    """NS 1602.1 (condition on resolution, NS-G11)."""
    s = scene(p0=dict(field=["NST2-30"]), p1=dict(field=["NST1-22"], damage=["TZNS-29"]))
    act(s, PASS)
    until(s, D_ATTACKER, 0)
    act(s, field(s, "NST2-30"))
    act(s, opp(s, "NST1-22"))
    until(s, D_ATTACKER, 0)
    assert ids(s, s.damage[1]) == ["TZNS-29"] and s.hand[1] == []


def test_geronimo_needs_a_survivor_in_ether_and_ambushes_from_ohigan():
    """NS 1608.1, NS 1314.1, NS 1314.1a: with a 〈Survivor〉 in the ether zone (bowed or
    not), a cost 3 or less character in Ohigan is ambushed untapped."""
    s = scene(
        p0=dict(hand=["NST1-19"], ether=[("TZNS-31", True, False), "TZNS-32", "TZNS-32"], ohigan=["TZNS-37", "TZNS-32"])
    )
    char_phase(s)
    enter(s, "NST1-19")
    act(s, PASS)
    act(s, PASS)
    assert s.dkind == D_CHOOSE and len(s.legal) == 1  # Freelance Hitman costs 4
    act(s, opt(s, "TZNS-32"))
    assert ids(s, s.field[0]) == ["TZNS-32"] and not s.bowed[s.field[0][0]]
    s = scene(p0=dict(hand=["NST1-19"], ether=["TZNS-32", "TZNS-32"], ohigan=["TZNS-32"]))
    char_phase(s)
    enter(s, "NST1-19")
    act(s, PASS)
    act(s, PASS)
    assert s.field[0] == [] and "NST1-19" in ids(s, s.ohigan[0])


def test_notorious_ambushed_from_ohigan_untaps_twice_a_turn():
    """NS 1604.1, NS 704.7, NS 703.1: ambushed from Ohigan, Notorious gains this turn
    'when this aisatsu-s, with another 〈Survivor〉, untap this', which triggers only twice."""
    s = scene(
        p0=dict(hand=["NST1-19"], ether=["TZNS-31", "TZNS-32"], ohigan=["NST1-46"], field=["TZNS-33"]),
        p1=dict(deck=["TZNS-29"] * 20),
    )
    char_phase(s)
    enter(s, "NST1-19")
    resolve_all(s)
    assert "NST1-46" in ids(s, s.field[0])
    until(s, D_ATTACKER, 0)
    n = 0
    while field(s, "NST1-46") in s.legal:
        act(s, field(s, "NST1-46"))
        act(s, PLAYER + 1)
        until(s, D_ATTACKER, 0)
        n += 1
    assert n == 3 and len(s.damage[1]) == 3  # aisatsu, untap, aisatsu, untap, aisatsu


def test_notorious_entered_from_hand_gains_nothing():
    """NS 1604.1: only an ambush from Ohigan grants the ability."""
    s = scene(p0=dict(field=["NST1-46", "TZNS-33"]))
    act(s, PASS)
    until(s, D_ATTACKER, 0)
    act(s, field(s, "NST1-46"))
    act(s, PLAYER + 1)
    until(s, D_ATTACKER, 0)
    assert field(s, "NST1-46") not in s.legal


def test_yorokonde_searches_soukaiya_with_total_cost_two():
    """NS 1609.1, NS 1307.1, NS 1307.2: with a 〈Soukaiya〉 in ether: up to 2 〈Soukaiya〉
    characters of total cost 2 or less, ambushed, then the deck is shuffled."""
    s = scene(
        p0=dict(
            hand=["NST1-71"],
            ether=["TZNS-16", "TZNS-29"],
            deck=["TZNS-11", "TZNS-11", "TZNS-12", "NST1-14", "TZNS-13"] + ["TZNS-29"] * 5,
        )
    )
    char_phase(s)
    enter(s, "NST1-71")
    act(s, PASS)
    act(s, PASS)
    assert s.dkind == D_CHOOSE
    assert sorted(s.defs[d].id for d in s.opts) == ["NST1-14", "TZNS-11", "TZNS-12", "TZNS-29"]
    act(s, opt(s, "TZNS-11"))
    assert sorted(s.defs[d].id for d in s.opts) == ["TZNS-11"]  # 1 cost left, Soukaiya only
    act(s, opt(s, "TZNS-11"))
    assert ids(s, s.field[0]) == ["TZNS-11", "TZNS-11"] and len(s.deck[0]) == 8


def test_yorokonde_non_soukaiya_pick_ends_the_search():
    """NS 1609.1 (NS-G28): the 'up to 1 character' branch takes one card only."""
    s = scene(p0=dict(hand=["NST1-71"], ether=["TZNS-16", "TZNS-29"], deck=["NST1-14", "TZNS-11"] + ["TZNS-29"] * 5))
    char_phase(s)
    enter(s, "NST1-71")
    act(s, PASS)
    act(s, PASS)
    act(s, opt(s, "NST1-14"))
    assert ids(s, s.field[0]) == ["NST1-14"] and s.kstack == []


def test_fuurinkazan_untaps_up_to_two_ninja_slay_ether_cards():
    """NS 1610.1, NS 1312.1, NS 1204.2e: when it aisatsu-s, up to 2 〈Ninja Slay〉 ether cards
    untap (other cards do not); they are chosen as the trigger enters."""
    s = scene(
        p0=dict(
            field=["NST2-46"],
            ether=[
                ("TZNS-05", True, False),
                ("TZNS-04", True, False),
                ("TZNS-03", True, False),
                ("TZNS-29", True, False),
            ],
        )
    )
    act(s, PASS)
    until(s, D_ATTACKER, 0)
    act(s, field(s, "NST2-46"))
    act(s, PLAYER + 1)
    until(s, D_CHOOSE, 0)
    assert PASS in s.legal and len(s.opts) == 3
    act(s, opt(s, "TZNS-05"))
    act(s, opt(s, "TZNS-04"))
    assert s.kstack and not any(not s.bowed[i] for i in s.ether[0])
    while s.kstack:
        act(s, PASS)
    untapped = sorted(ids(s, [i for i in s.ether[0] if not s.bowed[i]]))
    assert untapped == ["TZNS-04", "TZNS-05"]


def test_yanmarune_returns_zaibatsu_but_not_yanmarune():
    """NS 1611.1, NS 1302, NS 1204.2e: up to 2 〈Zaibatsu〉 other than "Yanmarune" from Ohigan
    to hand, chosen while it is entered."""
    s = scene(p0=dict(hand=["NST2-67"], ether=["TZNS-29"], ohigan=["NST2-67", "TZNS-21", "TZNS-31"]))
    act(s, PASS)
    until(s, D_PRIORITY, 0)
    act(s, hand(s, "NST2-67"))
    assert s.dkind == D_CHOOSE and [s.defs[d].id for d in s.opts] == ["TZNS-21"]
    act(s, opt(s, "TZNS-21"))
    act(s, s.legal[0])  # pay the ether
    act(s, PASS)
    act(s, PASS)
    assert "TZNS-21" in ids(s, s.hand[0]) and s.pub[s.hand[0][0]]


def test_two_triggers_of_one_player_are_ordered_by_that_player():
    """NS 902.1b, NS 902.1c, NS 1209, NS 1004.1: two characters killed at once by effect
    damage trigger twice for their controller, who picks the order."""
    s = scene(
        p0=dict(hand=["TZNS-30"], ether=["TZNS-29", "TZNS-29", "TZNS-29"]),
        p1=dict(field=["TZNS-31", "TZNS-31"], deck=["TZNS-17"] * 6),
    )
    char_phase(s)
    enter(s, "TZNS-30")
    act(s, PASS)
    act(s, PASS)
    act(s, s.legal[1])
    act(s, s.legal[1])
    assert s.dkind == D_ORDER and s.dplayer == 1 and len(s.legal) == 2
    act(s, OPTION + 1)
    assert len(s.kstack) == 2  # the last one goes on without asking (NS 902.1b)
    resolve_all(s)
    assert len(s.hand[1]) == 2
