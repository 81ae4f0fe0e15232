"""Ninja Slayer rules coverage: the ikusa phase step by step (rules 700 to 707), ikusa damage
(NS 1102.3, 1318), and the aisatsu card / target states (NS 704.6, 705.5, 706.9)."""

from __future__ import annotations

from ns_scenario import (
    D_ATTACKER,
    D_CHOOSE,
    D_INTERRUPT,
    D_PRIORITY,
    D_TARGET,
    GAME,
    OPP_FIELD,
    OWN_FIELD,
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
from tcgzoo.envs.ninja_slayer.layout import ST_END, ST_IKUSA
from tcgzoo.envs.ninja_slayer.records import SO_CARD, SO_CTL, SO_KIND
from tcgzoo.envs.ninja_slayer.rules import IK_DAMAGE, IK_END, IK_INTERRUPT, IK_START, IK_TARGET
from tcgzoo.envs.ninja_slayer.state import K_ABILITY, Z_FIELD, Z_OHIGAN

KOTODAMA_P1 = dict(hand=["TZNS-25"], ether=["TZNS-29"], damage=["TZNS-29"])  # Katon Jitsu, payable


def to_aisatsu(s):
    act(s, PASS)
    until(s, D_ATTACKER, 0)


def field_flags(s, me, k, slot):
    """(attacker, target) flags of field slot ``slot`` of side k (0 me, 1 opponent) in
    ``me``'s observation."""
    lay = {name: (a, b) for a, b, name in GAME.observation_layout()}
    base = next(v for n, v in lay.items() if n.startswith("field"))[0]
    P = len(GAME.pool.cards)
    W = P + 8
    b = base + (k * 20 + slot) * W + P
    o = s.observation_tensor(me)
    return bool(o[b + 5]), bool(o[b + 6])


def test_ikusa_steps_and_their_priorities_in_order():
    """NS 701.1, NS 702.2, NS 703.2, NS 704.2, NS 704.8, NS 705.2, NS 705.6, NS 706.3,
    NS 706.5, NS 706.7, NS 706.10, NS 707.2: ikusa start (priority), then per aisatsu the
    target-selection step (priority, choose, priority), the interrupt step (priority,
    priority) and the ikusa damage step (priority before the damage, after it, and at its
    end), then back to target selection; declining ends with the ikusa end step."""
    s = scene(p0=dict(field=["TZNS-31"]), p1=dict(KOTODAMA_P1, field=["TZNS-29"]))
    act(s, PASS)
    while s.step != ST_IKUSA:
        act(s, PASS)
    log = []

    def rounds():
        while s.dkind == D_PRIORITY and s.step == ST_IKUSA:
            if s.dplayer == 1:
                assert hand(s, "TZNS-25") in s.legal  # the holder may act at every one
                log.append((s.ikstep, s.attacker >= 0, s.dmg[s.field[1][0]] if s.field[1] else 0))
            act(s, PASS)

    rounds()
    assert s.dkind == D_ATTACKER and s.ikstep == IK_TARGET
    act(s, field(s, "TZNS-31"))
    assert s.dkind == D_TARGET
    act(s, opp(s, "TZNS-29"))
    rounds()
    assert s.dkind == D_ATTACKER and s.ikstep == IK_TARGET and s.attacker < 0  # NS 706.10
    act(s, PASS)  # NS 704.3: no more aisatsu -> NS 707
    rounds()
    assert s.step == ST_END
    assert log == [
        (IK_START, False, 0),  # NS 702.2
        (IK_TARGET, False, 0),  # NS 704.2
        (IK_TARGET, True, 0),  # NS 704.8
        (IK_INTERRUPT, True, 0),  # NS 705.2
        (IK_INTERRUPT, True, 0),  # NS 705.6
        (IK_DAMAGE, True, 0),  # NS 706.3: before the ikusa damage
        (IK_DAMAGE, True, 1),  # NS 706.5: after it
        (IK_DAMAGE, True, 1),  # NS 706.7
        (IK_TARGET, False, 1),  # NS 706.10: back to NS 704 (its NS 704.2 priority)
        (IK_END, False, 1),  # NS 707.2
    ]


def test_declaring_no_aisatsu_goes_to_the_ikusa_end_step():
    """NS 704.3, NS 704.3a-1: the turn player picks an untapped own character or declares
    none, which moves to the ikusa end step; bowed characters are not offered."""
    s = scene(p0=dict(field=["TZNS-31", ("TZNS-17", True, False)]), p1=dict(KOTODAMA_P1))
    to_aisatsu(s)
    assert s.legal == [PASS, field(s, "TZNS-31")]
    act(s, PASS)
    assert s.dkind == D_PRIORITY and s.ikstep == IK_END and s.attacker < 0


def test_kousaku_hits_players_and_karate_hits_characters():
    """NS 706.4a, NS 706.4b, NS 206.1, NS 207.1, NS 208.1, NS 1102.3, NS 1318.1, NS 1323.1: in
    its ikusa Takagi Gando (karate 4, kousaku 2) deals 2 ikusa damage to a player and 4 to
    a character; a character with durability 4 dies, durability 5 survives."""
    s = scene(p0=dict(field=["NST2-30"]), p1=dict(deck=["TZNS-29"] * 10))
    to_aisatsu(s)
    act(s, field(s, "NST2-30"))
    act(s, PLAYER + 1)
    until(s, D_ATTACKER, 0)
    assert len(s.damage[1]) == 2  # kousaku 2
    for cid, dies in (("TZNS-27", True), ("TZNS-02", False)):  # durability 4 / 5
        s = scene(p0=dict(field=["NST2-30"]), p1=dict(field=[cid]))
        to_aisatsu(s)
        act(s, field(s, "NST2-30"))
        act(s, opp(s, cid))
        until(s, D_ATTACKER, 0)
        if dies:
            assert ids(s, s.ohigan[1]) == [cid]
        else:
            assert s.dmg[s.field[1][0]] == 4 and s.damage[1] == []


def test_the_aisatsu_card_and_its_target_are_marked_until_the_ikusa_ends():
    """NS 704.6, NS 705.5, NS 706.9, NS 706.9a, NS 706.9b, NS 706.9c, NS 1322.1, NS 1323.2:
    from the aisatsu until the end of its ikusa the attacker is shown as the aisatsu card
    and the target as aisatsu-ed, to both players; afterwards neither is."""
    s = scene(p0=dict(field=["TZNS-43"]), p1=dict(field=["TZNS-27"]))
    to_aisatsu(s)
    assert field_flags(s, 0, 0, 0) == (False, False)
    act(s, field(s, "TZNS-43"))
    act(s, opp(s, "TZNS-27"))
    assert s.dkind == D_PRIORITY and s.ikstep == IK_TARGET
    assert field_flags(s, 0, 0, 0) == (True, False) and field_flags(s, 0, 1, 0) == (False, True)
    assert field_flags(s, 1, 1, 0) == (True, False) and field_flags(s, 1, 0, 0) == (False, True)
    d = s.to_dict(1)["aisatsu"]
    assert d["attacker"] == "Zaibatsu Executioner" and d["target"] == "Zaibatsu Guard"
    until(s, D_ATTACKER, 0)
    assert s.field[1] == []  # 4 karate killed the guard
    assert field_flags(s, 0, 0, 0) == (False, False)
    assert s.to_dict(0)["aisatsu"] is None


def test_an_attacker_that_left_and_came_back_is_no_longer_aisatsu_ing():
    """NS 704.6a, NS 302.3, NS 706.1: the aisatsu card killed after its aisatsu and
    ambushed back is a new object: it deals no ikusa damage and is not the aisatsu card."""
    s = scene(
        p0=dict(field=["TZNS-31"], hand=["NST1-19"], ether=["TZNS-31", "TZNS-29", "TZNS-29"]),
        p1=dict(KOTODAMA_P1, deck=["TZNS-29"] * 10),
    )
    to_aisatsu(s)
    act(s, field(s, "TZNS-31"))
    act(s, PLAYER + 1)
    until(s, D_PRIORITY, 1)
    act(s, hand(s, "TZNS-25"))  # Katon Jitsu: 4 damage to the attacker
    while s.dkind != D_PRIORITY:
        act(s, s.legal[0])
    act(s, PASS)
    act(s, PASS)
    act(s, OPP_FIELD)
    until(s, D_PRIORITY, 0)
    assert s.field[0] == []  # killed at the rule check
    enter(s, "NST1-19")  # Geronimo!: ambush it back from Ohigan
    act(s, PASS)
    act(s, PASS)
    if s.dkind == D_CHOOSE:
        act(s, opt(s, "TZNS-31"))
    assert ids(s, s.field[0]) == ["TZNS-31"] and not s.bowed[s.field[0][0]]
    assert field_flags(s, 0, 0, 0) == (False, False)
    until(s, D_ATTACKER, 0)
    assert len(s.damage[1]) == 1 and s.carried[1] == 0  # only the card the jitsu turned down


def test_a_target_that_left_and_came_back_is_no_longer_aisatsu_ed():
    """NS 705.5a, NS 706.1: the target killed before the damage step and ambushed back is a
    new object: the ikusa deals it no damage."""
    s = scene(
        p0=dict(field=["NST2-30"], hand=["TZNS-04"], ether=["TZNS-29", "TZNS-29"]),
        p1=dict(field=["TZNS-31"], hand=["NST1-19"], ether=["TZNS-31", "TZNS-29"]),
    )
    to_aisatsu(s)
    act(s, field(s, "NST2-30"))
    act(s, opp(s, "TZNS-31"))
    enter(s, "TZNS-04")  # Karate Chop the target first
    act(s, PASS)
    act(s, PASS)
    if s.dkind == D_CHOOSE:
        act(s, OPP_FIELD)
    until(s, D_PRIORITY, 1)
    assert s.field[1] == []
    act(s, hand(s, "NST1-19"))
    while s.dkind != D_PRIORITY:
        act(s, s.legal[0])
    act(s, PASS)
    act(s, PASS)
    if s.dkind == D_CHOOSE:
        act(s, opt(s, "TZNS-31"))
    assert ids(s, s.field[1]) == ["TZNS-31"]
    back = s.field[1][0]
    assert field_flags(s, 1, 0, 0) == (False, False)
    until(s, D_ATTACKER, 0)
    assert s.zone[back] == Z_FIELD and s.dmg[back] == 0 and s.damage[1] == []


def test_ikusa_damage_is_what_kills_in_ikusa_effect_damage_is_not():
    """NS 1318.1, NS 1102.1, NS 1216.4, NS 1216.6: Suicide's 'killed in ikusa' ability
    triggers when ikusa damage kills it, not when a kotodama's damage does."""
    s = scene(p0=dict(field=["NST2-30"]), p1=dict(field=["NST1-22", "TZNS-32"], damage=["TZNS-29"]))
    to_aisatsu(s)
    act(s, field(s, "NST2-30"))
    act(s, opp(s, "NST1-22"))
    until(s, D_PRIORITY, 1)
    while not s.kstack:
        act(s, PASS)
    assert s.kstack[-1][SO_KIND] == K_ABILITY and s.kstack[-1][SO_CTL] == 1
    s = scene(
        p0=dict(hand=["TZNS-04"], ether=["TZNS-29", "TZNS-29"]),
        p1=dict(field=["NST1-22", "TZNS-32"], damage=["TZNS-29"]),
    )
    act(s, PASS)
    enter(s, "TZNS-04")
    act(s, PASS)
    act(s, PASS)
    act(s, opp(s, "NST1-22"))
    assert ids(s, s.ohigan[1]) == ["NST1-22"]
    assert not s.kstack and not s.pending  # not killed in ikusa: no trigger


def test_interrupt_is_a_static_ability_used_without_the_kotodama_space():
    """NS 1401.1, NS 1402.1, NS 705.3, NS 1202.2: interrupt works from the field as a
    static keyword: the redirect happens at once with nothing entered; the same card in
    hand offers no interrupt."""
    s = scene(p0=dict(field=["TZNS-43"]), p1=dict(field=["TZNS-32"], hand=["TZNS-27"]))
    to_aisatsu(s)
    act(s, field(s, "TZNS-43"))
    act(s, PLAYER + 1)
    until(s, D_INTERRUPT, 1)
    assert s.legal == [PASS, OWN_FIELD + 0]  # the hand Zaibatsu Guard is not a candidate
    act(s, OWN_FIELD + 0)
    assert not s.kstack and s.target == s.field[1][0]
    s = scene(p0=dict(field=["TZNS-43"]), p1=dict(hand=["TZNS-27", "TZNS-32"]))
    to_aisatsu(s)
    act(s, field(s, "TZNS-43"))
    act(s, PLAYER + 1)
    while s.ikstep != IK_DAMAGE:
        assert s.dkind != D_INTERRUPT
        act(s, PASS)


def test_satsubatsu_is_entered_like_a_triggered_ability():
    """NS 1403.2a, NS 1209.2, NS 1201.1b: satsubatsu goes onto the kotodama space at the
    rule check after the ikusa damage step ends, and players get priority over it."""
    s = scene(p0=dict(field=["TZNS-31"]), p1=dict(field=["TZNS-44"]))
    to_aisatsu(s)
    act(s, field(s, "TZNS-31"))
    act(s, opp(s, "TZNS-44"))
    while not s.kstack:
        act(s, PASS)
    assert s.dkind == D_PRIORITY and s.dplayer == 0
    o = s.kstack[-1]
    assert o[SO_KIND] == K_ABILITY and o[SO_CTL] == 1 and ids(s, [o[SO_CARD]]) == ["TZNS-44"]
    act(s, PASS)
    act(s, PASS)
    if s.dkind == D_CHOOSE:
        act(s, s.legal[0])
    assert ids(s, s.ohigan[0]) == ["TZNS-31"] and s.zone[s.ohigan[0][0]] == Z_OHIGAN


def test_killed_in_ikusa_only_at_the_rule_check_right_after_the_ikusa_damage():
    """NS 1216.6, NS 1318.1: Suicide survives 1 ikusa damage; killed later that turn by a
    kotodama's damage it was not killed in ikusa, so its ability does not trigger."""
    from ns_cov import cast

    s = scene(
        p0=dict(field=["TZNS-31"], hand=["TZNS-05"], ether=["TZNS-29"]),
        p1=dict(field=["NST1-22", "TZNS-32"], damage=["TZNS-29"], deck=["TZNS-17"] * 9),
    )
    to_aisatsu(s)
    act(s, field(s, "TZNS-31"))
    act(s, opp(s, "NST1-22"))
    until(s, D_ATTACKER, 0)
    suicide = s.field[1][0]
    assert s.dmg[suicide] == 1 and s.zone[suicide] == Z_FIELD
    act(s, PASS)  # no more aisatsu; ikusa end step priority
    assert s.dkind == D_PRIORITY and s.dplayer == 0
    cast(s, "TZNS-05", [lambda st: opp(st, "NST1-22")])
    assert s.zone[suicide] == Z_OHIGAN
    assert not s.kstack and not s.pending
    assert len(s.damage[1]) == 1 and s.hand[1] == []  # no recover, no draw


def test_an_interrupt_used_this_turn_is_available_again_next_turn():
    """NS 1402.2, NS 705.3a-1: interrupt works once per turn: Yojimbo that redirected an
    aisatsu in one turn can't redirect again that turn, but can in the next turn."""
    s = scene(p0=dict(field=["TZNS-31", "TZNS-17"]), p1=dict(field=["TZNS-32"]))
    to_aisatsu(s)
    act(s, field(s, "TZNS-31"))
    act(s, PLAYER + 1)
    until(s, D_INTERRUPT, 1)
    act(s, OWN_FIELD)
    until(s, D_ATTACKER, 0)
    yoj = s.field[1][0]
    assert s.dmg[yoj] == 1
    act(s, field(s, "TZNS-17"))
    act(s, PLAYER + 1)
    while s.dkind != D_ATTACKER:
        assert s.dkind != D_INTERRUPT  # used this turn
        act(s, PASS)
    act(s, PASS)
    while not (s.tp == 0 and s.dkind == D_ATTACKER):
        act(s, PASS)  # the opponent's turn passes without aisatsu
    assert s.turn == 5 and s.field[1] == [yoj]
    act(s, field(s, "TZNS-31"))
    act(s, PLAYER + 1)
    until(s, D_INTERRUPT, 1)
    assert s.legal == [PASS, OWN_FIELD]
