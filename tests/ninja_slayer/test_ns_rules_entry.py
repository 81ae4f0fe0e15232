"""Ninja Slayer rules: choices made at entry (modes, tatsujin, X, targets), costs paid in
order with rollback, activated abilities and countering."""

from __future__ import annotations

from ns_scenario import (
    D_CHOOSE,
    D_PAY_ETHER,
    D_PRIORITY,
    OPTION,
    PASS,
    act,
    enter,
    field,
    hand,
    ids,
    opp,
    opt,
    scene,
)
from tcgzoo.envs.ninja_slayer.layout import D_MODE, D_TATSUJIN, D_X, NUMBER, ST_CHARACTER, YES
from tcgzoo.envs.ninja_slayer.records import SO_CARD, SO_FIXED, SO_KIND, SO_MODE, SO_NUMBER, SO_TJ, T_FIELD
from tcgzoo.envs.ninja_slayer.state import K_ABILITY, K_CARD

E = "TZNS-29"  # filler ether / characters without text


def char_phase(s):
    act(s, PASS)
    while not (s.dkind == D_PRIORITY and s.step == ST_CHARACTER and s.dplayer == 0):
        act(s, PASS)


def pay_all(s):
    while s.dkind == D_PAY_ETHER:
        act(s, s.legal[0])


def test_targets_are_chosen_at_entry_and_needed_to_enter():
    """NS 1204.2e, NS 1204.2j: Sniper Shot's target is chosen while entering (before the
    ether is paid) and recorded on the kotodama-space object; with no legal target the
    card can't be entered."""
    s = scene(p0=dict(hand=["TZNS-53"], ether=[E, E]), p1=dict(field=["TZNS-27"]))
    char_phase(s)
    act(s, hand(s, "TZNS-53"))
    assert s.dkind == D_CHOOSE and s.legal == [opp(s, "TZNS-27")]
    act(s, opp(s, "TZNS-27"))
    assert s.dkind == D_PAY_ETHER
    pay_all(s)
    o = s.kstack[-1]
    assert o[SO_KIND] == K_CARD and o[SO_FIXED:] == [0, s.field[1][0], s.obj[s.field[1][0]], T_FIELD]
    t = scene(p0=dict(hand=["TZNS-53"], ether=[E, E]))
    char_phase(t)
    assert hand(t, "TZNS-53") not in t.legal


def test_an_illegal_target_is_skipped_and_the_rest_still_happens():
    """NS 1205.1a: the Sniper Shot's target was killed before it resolved: no damage is
    dealt to anything, but 'then draw 1' still happens."""
    s = scene(p0=dict(hand=["TZNS-53", "TZNS-04"], ether=[E] * 4, deck=[E] * 10), p1=dict(field=["TZNS-17", "TZNS-27"]))
    char_phase(s)
    act(s, hand(s, "TZNS-53"))
    act(s, opp(s, "TZNS-17"))
    pay_all(s)
    act(s, hand(s, "TZNS-04"))  # Karate Chop (choice on resolution), on top
    pay_all(s)
    act(s, PASS)
    act(s, PASS)
    act(s, opp(s, "TZNS-17"))  # kill it (3 damage, durability 2)
    assert "TZNS-17" in ids(s, s.ohigan[1])
    n = len(s.hand[0])
    act(s, PASS)
    act(s, PASS)  # Sniper Shot resolves
    guard = s.field[1][0]
    assert s.dmg[guard] == 0 and len(s.hand[0]) == n + 1 and ids(s, s.ohigan[0]) == ["TZNS-04", "TZNS-53"]


def test_modes_are_chosen_at_entry_and_only_enterable_ones_offered():
    """NS 1204.2b: Ninja Versatility's mode is chosen while entering; the mode not chosen
    does not exist (only the draw happens). A mode whose targets can't be chosen is not
    offered (NS 1204.2e)."""
    s = scene(p0=dict(hand=["TZNS-54"], ether=[E], deck=[E] * 10), p1=dict(field=["TZNS-27"]))
    char_phase(s)
    act(s, hand(s, "TZNS-54"))
    assert s.dkind == D_MODE and s.legal == [OPTION, OPTION + 1]
    act(s, OPTION + 1)
    pay_all(s)
    assert s.kstack[-1][SO_MODE] == 1
    n = len(s.hand[0])
    act(s, PASS)
    act(s, PASS)
    assert len(s.hand[0]) == n + 1 and s.dmg[s.field[1][0]] == 0
    t = scene(p0=dict(hand=["TZNS-54"], ether=[E]))
    char_phase(t)
    act(t, hand(t, "TZNS-54"))
    assert t.dkind == D_MODE and t.legal == [OPTION + 1]


def test_x_is_chosen_at_entry_and_paid_as_ether():
    """NS 1204.2d, NS 1304.1, NS 1304.2a, NS 1304.2c: Katon Storm's X is the player's
    choice among payable values; it is paid as extra ether and fixed on the object."""
    s = scene(p0=dict(hand=["TZNS-55"], ether=[E] * 4), p1=dict(field=["TZNS-23"]))
    char_phase(s)
    act(s, hand(s, "TZNS-55"))
    assert s.dkind == D_X and s.legal == [NUMBER + x for x in range(4)]
    act(s, NUMBER + 3)
    act(s, opp(s, "TZNS-23"))
    pay_all(s)
    assert all(s.bowed[j] for j in s.ether[0]) and s.kstack[-1][SO_NUMBER] == 3
    act(s, PASS)
    act(s, PASS)
    assert s.dmg[s.field[1][0]] == 3


def test_tatsujin_on_a_character_is_remembered_on_the_field():
    """NS 1404.2, NS 1404.2a, NS 1204.2c, NS 1204.2g-3: Ninja Slayer ◆ Tatsujin paid with its
    tatsujin cost: its 'when this appears' tatsujin action deals 2 to the opponent; entered
    without it, the action does nothing."""
    for pay, dealt in ((True, 2), (False, 0)):
        s = scene(p0=dict(hand=["TZNS-56"], ether=[E] * 6))
        char_phase(s)
        act(s, hand(s, "TZNS-56"))
        assert s.dkind == D_TATSUJIN
        act(s, YES if pay else PASS)
        pay_all(s)
        assert sum(s.bowed[j] for j in s.ether[0]) == (6 if pay else 4)
        act(s, PASS)
        act(s, PASS)  # the character resolves; its appears trigger goes on
        assert s.kstack and s.kstack[-1][SO_KIND] == K_ABILITY and s.kstack[-1][SO_TJ] == int(pay)
        act(s, PASS)
        act(s, PASS)
        assert len(s.damage[1]) == dealt  # the two damage checks have resolved (filler decks)


def test_when_entered_triggers_resolve_before_the_card():
    """NS 1204.2k, NS 1201.1b: Soukaiya Informant's 'when this is entered' triggers once it
    is on the kotodama space and resolves above it (NS-G9)."""
    s = scene(p0=dict(hand=["TZNS-57"], ether=[E, E], deck=[E] * 10))
    char_phase(s)
    enter(s, "TZNS-57")
    assert s.dkind == D_PRIORITY
    assert [o[SO_KIND] for o in s.kstack] == [K_CARD, K_ABILITY]
    n = len(s.hand[0])
    act(s, PASS)
    act(s, PASS)
    assert len(s.hand[0]) == n + 1 and s.kstack[-1][SO_KIND] == K_CARD


def test_a_cost_that_cannot_be_completed_rolls_the_entry_back():
    """NS 1204.2i, NS 1204.2l, NS 1203.4: Ninja Slay Finisher's ether is paid first, then its
    additional cost (bow a 〈Ninja Slay〉 ether card). Paying the ether with the only Ninja
    Slay card leaves the additional cost unpayable: the game goes back to just before the
    entry (card in hand, ether untapped, nothing on the kotodama space)."""
    s = scene(p0=dict(hand=["TZNS-64"], ether=["TZNS-09", E, E]), p1=dict(field=["TZNS-27"]))
    char_phase(s)
    before = (list(s.hand[0]), [s.bowed[j] for j in s.ether[0]])
    act(s, hand(s, "TZNS-64"))
    act(s, opp(s, "TZNS-27"))
    assert s.dkind == D_PAY_ETHER
    act(s, opt(s, "TZNS-09"))
    act(s, opt(s, E))
    assert s.dkind == D_PRIORITY and s.dplayer == 0
    assert (list(s.hand[0]), [s.bowed[j] for j in s.ether[0]]) == before and not s.kstack and not s.saved
    act(s, hand(s, "TZNS-64"))
    act(s, opp(s, "TZNS-27"))
    act(s, opt(s, E))
    act(s, opt(s, E))
    assert s.dkind == D_PAY_ETHER and [s.defs[d].id for d in s.opts] == ["TZNS-09"]
    act(s, OPTION)
    assert all(s.bowed[j] for j in s.ether[0]) and s.kstack[-1][SO_KIND] == K_CARD
    act(s, PASS)
    act(s, PASS)
    assert ids(s, s.ohigan[1]) == ["TZNS-27"]


def test_activated_abilities_are_entered_with_priority():
    """NS 1201.1a, NS 1208.1, NS 1208.2, NS 1208.3: Pistol Karate Gunman's '(bow this, 1 ether):
    deal 1 damage' is offered with priority, on either player's turn; its cost is paid and
    it goes onto the kotodama space as an ability; a bowed Gunman can't use it."""
    s = scene(p0=dict(field=["TZNS-58"], ether=[E]), p1=dict(field=["TZNS-27"]))
    char_phase(s)
    a = field(s, "TZNS-58")
    assert a in s.legal
    act(s, a)
    act(s, opp(s, "TZNS-27"))
    pay_all(s)
    g = s.field[0][0]
    assert s.bowed[g] and s.kstack[-1][SO_KIND] == K_ABILITY and s.kstack[-1][SO_CARD] == g
    assert field(s, "TZNS-58") not in s.legal
    act(s, PASS)
    act(s, PASS)
    assert s.dmg[s.field[1][0]] == 1


def test_activated_abilities_are_usable_on_the_opponents_turn():
    """NS 802.4c, NS 1201.1a: with priority in the opponent's turn, the Gunman's controller
    may enter its activated ability, also while something waits on the kotodama space."""
    s = scene(p0=dict(hand=["TZNS-04"], ether=[E, E], field=["TZNS-27"]), p1=dict(field=["TZNS-58"], ether=[E]))
    char_phase(s)
    enter(s, "TZNS-04")
    act(s, PASS)
    assert s.dplayer == 1 and s.tp == 0 and s.kstack
    a = field(s, "TZNS-58")
    assert a in s.legal
    act(s, a)
    act(s, opp(s, "TZNS-27"))
    pay_all(s)
    assert [o[SO_KIND] for o in s.kstack] == [K_CARD, K_ABILITY]


def test_countering_removes_a_kotodama_without_refund():
    """NS 1321.1, NS 1321.2, NS 1204.2e-4: Zaibatsu Veto counters the opponent's Karate Chop:
    it goes to Ohigan without resolving, its ether stays paid; the Veto can't target
    itself or its controller's own kotodama."""
    s = scene(p0=dict(hand=["TZNS-04"], ether=[E, E]), p1=dict(hand=["TZNS-59"], ether=[E, E], field=["TZNS-27"]))
    char_phase(s)
    enter(s, "TZNS-04")
    act(s, PASS)
    assert s.dplayer == 1
    act(s, hand(s, "TZNS-59"))
    assert s.dkind == D_CHOOSE and [s.defs[d].id for d in s.opts] == ["TZNS-04"] and s.legal == [OPTION]
    act(s, OPTION)
    pay_all(s)
    act(s, PASS)
    act(s, PASS)
    assert not s.kstack and ids(s, s.ohigan[0]) == ["TZNS-04"] and ids(s, s.ohigan[1]) == ["TZNS-59"]
    assert all(s.bowed[j] for j in s.ether[0]) and s.dmg[s.field[1][0]] == 0


def test_entry_choices_are_public_in_the_observation():
    """NS 1204.2e, NS 1304.2c, NS 310.2: the kotodama-space object's X and its target are
    shown to both players (targeted field slot: 'me' side for the target's controller)."""
    s = scene(p0=dict(hand=["TZNS-55"], ether=[E] * 3), p1=dict(field=["TZNS-17", "TZNS-23"]))
    char_phase(s)
    act(s, hand(s, "TZNS-55"))
    act(s, NUMBER + 2)
    act(s, opp(s, "TZNS-23"))
    pay_all(s)
    L = s.game.obs_layout
    slot = ids(s, s.field[1]).index("TZNS-23")
    for viewer, side in ((0, 1), (1, 0)):
        o = s.observation_tensor(viewer)
        assert abs(o[L.kx + 1] - 0.2) < 1e-6  # X = 2, top entry
        flags = o[L.kx + 16 : L.kx + 56]
        assert flags[side * 20 + slot] == 1.0 and flags.sum() == 1.0
        k = s.to_dict(viewer)["kotodama_space"][-1]
        assert (k["x"], k["targets"]) == (2, ["TZNS-23"])


def test_an_ohigan_target_chosen_at_entry_that_left_is_skipped():
    """NS 1204.2e, NS 1205.1a, NS 302.3: two Last Stands choose the same Yojimbo in Ohigan;
    the second resolves first and ambushes it, so the first's target is a card that left
    Ohigan: nothing is ambushed by it. With no eligible card in Ohigan, Last Stand can't be
    entered."""
    s = scene(p0=dict(hand=["TZNS-38", "TZNS-38"], ether=[E] * 4, ohigan=["TZNS-32"]))
    char_phase(s)
    for _ in range(2):
        act(s, hand(s, "TZNS-38"))
        assert s.dkind == D_CHOOSE and [s.defs[d].id for d in s.opts] == ["TZNS-32"]
        act(s, OPTION)
        pay_all(s)
    L = s.game.obs_layout
    for viewer, side in ((0, 0), (1, 1)):  # public: both see the Yojimbo targeted twice
        assert s.observation_tensor(viewer)[L.kz + side * L.P + s.game.pool.by_id["TZNS-32"]] == 2.0
    act(s, PASS)
    act(s, PASS)
    assert ids(s, s.field[0]) == ["TZNS-32"] and len(s.kstack) == 1
    act(s, PASS)
    act(s, PASS)
    assert ids(s, s.field[0]) == ["TZNS-32"] and not s.kstack and ids(s, s.ohigan[0]) == ["TZNS-38", "TZNS-38"]
    t = scene(p0=dict(hand=["TZNS-38"], ether=[E] * 2, ohigan=["TZNS-13"]))
    char_phase(t)
    assert t.legal == [PASS]
