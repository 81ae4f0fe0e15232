"""Ninja Slayer rules coverage: abilities and costs (rules 1201 to 1211, 1313, 1325), card
text over the rules (NS 104.1), zero amounts (NS 1203.5, 1317.2)."""

from __future__ import annotations

import textwrap

from ns_cov import cast, to_character_phase, where
from ns_scenario import (
    D_ATTACKER,
    D_CHOOSE,
    D_INTERRUPT,
    D_PAY_ETHER,
    D_PRIORITY,
    OPP_FIELD,
    OPTION,
    OWN_FIELD,
    PASS,
    PLAYER,
    act,
    field,
    hand,
    ids,
    opp,
    scene,
    until,
)
from tcgzoo.envs.ninja_slayer import Game
from tcgzoo.envs.ninja_slayer.cards import CARD_DIR
from tcgzoo.envs.ninja_slayer.layout import D_TATSUJIN, YES
from tcgzoo.envs.ninja_slayer.records import SO_CARD, SO_KIND, SO_TJ
from tcgzoo.envs.ninja_slayer.state import K_ABILITY, K_CARD, Z_FIELD, Z_OHIGAN, Z_STACK


def to_aisatsu(s):
    act(s, PASS)
    until(s, D_ATTACKER, 0)


def test_a_zero_cost_card_is_entered_without_paying_anything(tmp_path):
    """NS 1203.5, NS 104.2, NS 1204.2g-1: a cost of 0 ether counts as paid: the card is
    offered with no ether at all, no payment is asked, and it resolves onto the field."""
    extra = tmp_path / "zero.yaml"
    extra.write_text(
        textwrap.dedent("""\
        cards:
          - {id: TEST-0, name: Free Runner, type: character, cost: 0, karate: 1, durability: 1, kousaku: 1,
             attributes: [Yakuza]}
        """),
        encoding="utf-8",
    )
    g = Game(
        decks=("survivor_freelance", "zaibatsu_control"),
        first_player=0,
        concession=False,
        auto_forced=False,
        builtin_cards=False,
        cards=sorted(str(p) for p in CARD_DIR.glob("*.yaml")) + [str(extra)],
    )
    s = scene(p0=dict(hand=["TEST-0"]), game=g)
    to_character_phase(s)
    assert hand(s, "TEST-0") in s.legal and s.ether[0] == []
    act(s, hand(s, "TEST-0"))
    assert s.dkind == D_PRIORITY and s.kstack[-1][SO_KIND] == K_CARD
    act(s, PASS)
    act(s, PASS)
    assert ids(s, s.field[0]) == ["TEST-0"]


def test_tatsujin_is_declared_before_paying_and_adds_its_cost():
    """NS 1204.2c, NS 1204.2g, NS 1204.2g-3, NS 1204.2h, NS 1204.2i, NS 1203.1, NS 1203.4:
    entering Iaido Strike the player first declares whether to pay its tatsujin (2 ether);
    the cost is then fixed at the printed cost plus the declared additional cost, and
    exactly that much ether is paid, one card at a time."""
    for pay, bowed in ((True, 4), (False, 2)):
        s = scene(p0=dict(hand=["TZNS-45"], ether=["TZNS-29"] * 4), p1=dict(field=["TZNS-02"]))
        to_character_phase(s)
        act(s, hand(s, "TZNS-45"))
        assert s.dkind == D_TATSUJIN and s.legal == [PASS, YES]
        assert not any(s.bowed[i] for i in s.ether[0])  # nothing paid before the declaration
        act(s, YES if pay else PASS)
        n = 0
        while s.dkind == D_PAY_ETHER:
            act(s, s.legal[0])
            n += 1
        assert n == bowed and sum(s.bowed[i] for i in s.ether[0]) == bowed
        assert s.kstack[-1][SO_TJ] == (1 if pay else 0)


def test_a_kotodama_ability_is_done_when_the_card_resolves():
    """NS 1201.1e, NS 209.1, NS 1205.1c, NS 1205.1c-2: a kotodama's text (Soukaiya Orders:
    draw 1) does nothing while the card waits on the kotodama space; it is done on
    resolution, then the card goes to Ohigan."""
    s = scene(p0=dict(hand=["TZNS-16"], ether=["TZNS-29"], deck=["TZNS-17"] * 10))
    to_character_phase(s)
    card = where(s, "TZNS-16", 0)[0]
    act(s, hand(s, "TZNS-16"))
    while s.dkind == D_PAY_ETHER:
        act(s, s.legal[0])
    assert s.zone[card] == Z_STACK and s.hand[0] == [] and len(s.deck[0]) == 10
    act(s, PASS)
    act(s, PASS)
    assert ids(s, s.hand[0]) == ["TZNS-17"] and s.zone[card] == Z_OHIGAN


def test_each_paragraph_is_its_own_ability():
    """NS 209.4, NS 1402.2, NS 1403.2: Freelance Duelist's interrupt and satsubatsu work
    separately: it redirects an aisatsu at its player to itself, and, being aisatsu-ed,
    its satsubatsu then kills the attacker."""
    s = scene(p0=dict(field=["TZNS-33"]), p1=dict(field=["TZNS-49"]))
    to_aisatsu(s)
    act(s, field(s, "TZNS-33"))
    act(s, PLAYER + 1)
    until(s, D_INTERRUPT, 1)
    act(s, field(s, "TZNS-49"))
    while not s.kstack:
        act(s, PASS)
    assert s.kstack[-1][SO_KIND] == K_ABILITY and ids(s, [s.kstack[-1][SO_CARD]]) == ["TZNS-49"]
    act(s, PASS)
    act(s, PASS)
    if s.dkind == D_CHOOSE:
        act(s, s.legal[0])
    assert ids(s, s.ohigan[0]) == ["TZNS-33"] and s.damage[1] == []


def test_a_static_keyword_applies_as_soon_as_its_card_is_on_the_field():
    """NS 1201.1c, NS 1210.1, NS 1202.1, NS 1314.1: a Yojimbo ambushed from Ohigan during
    the aisatsu (by Last Stand) can interrupt in the same interrupt step: its static
    ability applies while it is on the field."""
    s = scene(p0=dict(field=["TZNS-43"]), p1=dict(hand=["TZNS-38"], ether=["TZNS-29", "TZNS-29"], ohigan=["TZNS-32"]))
    to_aisatsu(s)
    act(s, field(s, "TZNS-43"))
    act(s, PLAYER + 1)
    until(s, D_PRIORITY, 1)
    assert s.field[1] == []
    cast(s, "TZNS-38", [OPTION])
    assert ids(s, s.field[1]) == ["TZNS-32"]
    until(s, D_INTERRUPT, 1)
    assert s.legal == [PASS, OWN_FIELD]


def test_each_trigger_event_counts_once_and_a_granted_ability_is_the_cards():
    """NS 1209.3, NS 1325.2, NS 1209.6, NS 1209.6c, NS 1604.1: Notorious ambushed from
    Ohigan gains 'when this aisatsu-s, untap this (twice a turn)' on the field (it reads
    the card where it arrived); each aisatsu puts one trigger on the kotodama space, the
    third none."""
    s = scene(
        p0=dict(hand=["NST1-19"], ether=["TZNS-31", "TZNS-32"], ohigan=["NST1-46"], field=["TZNS-33"]),
        p1=dict(deck=["TZNS-29"] * 20),
    )
    to_character_phase(s)
    cast(s, "NST1-19", [lambda st: OPTION + [st.defs[v].id for v in st.opts].index("NST1-46")])
    nob = where(s, "NST1-46", 0)[0]
    assert s.zone[nob] == Z_FIELD
    until(s, D_ATTACKER, 0)
    counts = []
    for _ in range(3):
        act(s, field(s, "NST1-46"))
        act(s, PLAYER + 1)
        n = 0
        while s.dkind != D_ATTACKER:
            if s.dkind == D_PRIORITY:
                n = max(n, sum(1 for o in s.kstack if o[SO_KIND] == K_ABILITY and o[SO_CARD] == nob))
            act(s, PASS)
        counts.append(n)
        if field(s, "NST1-46") not in s.legal:
            break
    assert counts == [1, 1, 0]
    assert s.bowed[nob]


def test_a_trigger_condition_is_checked_and_its_effect_needs_it():
    """NS 1209.1, NS 1602.1: Suicide's 'when killed in ikusa, if you have another
    〈Freelance〉, recover 1 and draw 1' triggers and resolves, but without another
    Freelance it does nothing."""
    s = scene(p0=dict(field=["NST2-30"]), p1=dict(field=["NST1-22"], damage=["TZNS-29"], deck=["TZNS-17"] * 9))
    to_aisatsu(s)
    act(s, field(s, "NST2-30"))
    act(s, opp(s, "NST1-22"))
    seen = False
    while s.dkind != D_ATTACKER:
        seen |= any(o[SO_KIND] == K_ABILITY for o in s.kstack)
        act(s, PASS)
    assert seen and len(s.damage[1]) == 1 and s.hand[1] == []


def test_zero_kousaku_deals_no_damage():
    """NS 1317.2, NS 104.2: an aisatsu at the player by a character with kousaku 0 deals
    no damage: no damage check happens."""
    s = scene(p0=dict(field=["TZNS-14"]), p1=dict(deck=["TZNS-29"] * 10))
    to_aisatsu(s)
    act(s, field(s, "TZNS-14"))
    act(s, PLAYER + 1)
    until(s, D_ATTACKER, 0)
    assert s.damage[1] == [] and len(s.deck[1]) == 10 and s.carried == [0, 0]


def test_a_type_named_without_a_zone_means_the_field():
    """NS 205.3: Assassination Order's 'opposing character' is chosen on the field (the
    opponent's Ohigan character is not offered); Last Stand's 'character in your Ohigan'
    is chosen there, not on the field."""
    s = scene(
        p0=dict(hand=["TZNS-20", "TZNS-38"], ether=["TZNS-29"] * 5, field=["TZNS-31"], ohigan=["TZNS-17"]),
        p1=dict(field=["TZNS-29"], ohigan=["TZNS-31"]),
    )
    to_character_phase(s)
    seen = []
    cast(s, "TZNS-20", [lambda st: seen.append(list(st.legal)) or st.legal[-1]])
    assert seen == [[OPP_FIELD]] and s.field[1] == []
    seen = []
    cast(s, "TZNS-38", [lambda st: seen.append([st.defs[v].id for v in st.opts]) or st.legal[-1]])
    assert seen == [["TZNS-17"]] and sorted(ids(s, s.field[0])) == ["TZNS-17", "TZNS-31"]


def test_card_text_overrides_the_entry_rules():
    """NS 104.1, NS 1313.1, NS 1211.2a: the rules let characters be entered only in their
    player's character phase (NS 1206.1); an ukemi 'this enters!' enters one in the
    opponent's ikusa, through the normal entry onto the kotodama space and resolution."""
    s = scene(p0=dict(field=["TZNS-31"]), p1=dict(deck=["TZNS-11"] + ["TZNS-29"] * 6))
    to_aisatsu(s)
    act(s, field(s, "TZNS-31"))
    act(s, PLAYER + 1)
    card = where(s, "TZNS-11", 1)[0]
    stages = set()
    while s.dkind != D_ATTACKER:
        stages.add(s.zone[card])
        act(s, PASS)
    stages.add(s.zone[card])
    assert Z_STACK in stages and s.zone[card] == Z_FIELD and s.tp == 0


def test_a_kotodama_entered_by_its_ukemi_pays_nothing_not_even_tatsujin():
    """NS 1204.2i-1, NS 1211.2b-1, NS 1404.2a: Survivor's Grit ('recover 1, tatsujin: 1
    more') revealed by a damage check enters itself without any payment: no tatsujin
    declaration, no ether bowed, so only the base 'recover 1' happens."""
    s = scene(
        p0=dict(field=["NST2-30"]),
        p1=dict(ether=["TZNS-29"] * 3, damage=["TZNS-29", "TZNS-17"], deck=["TZNS-47"] + ["TZNS-29"] * 6),
    )
    to_aisatsu(s)
    act(s, field(s, "NST2-30"))
    act(s, PLAYER + 1)
    kinds = []
    while s.dkind != D_ATTACKER:
        kinds.append(s.dkind)
        act(s, s.legal[0] if s.dkind != D_PRIORITY else PASS)
    assert D_TATSUJIN not in kinds and D_PAY_ETHER not in kinds
    assert not any(s.bowed[i] for i in s.ether[1])
    assert sorted(ids(s, s.ohigan[1])) == ["TZNS-17", "TZNS-47"]  # one card recovered
    assert len(s.damage[1]) == 2  # two left: the other + the second check's card


def test_a_kotodama_entered_by_its_ukemi_resolves_for_the_damaged_player():
    """NS 1211.2b, NS 105.3a, NS 1205.1c-2: Shuriken revealed by player 1's damage check
    enters; on resolution its controller (player 1) deals 1 damage to one of player 0's
    characters, then it goes to its owner's Ohigan."""
    s = scene(p0=dict(field=["NST2-30", "TZNS-17"]), p1=dict(deck=["TZNS-05"] + ["TZNS-29"] * 6))
    to_aisatsu(s)
    act(s, field(s, "NST2-30"))
    act(s, PLAYER + 1)
    chooser = []
    while s.dkind != D_ATTACKER:
        if s.dkind == D_CHOOSE:
            chooser.append((s.dplayer, list(s.legal)))
            act(s, opp(s, "TZNS-17"))
        else:
            act(s, PASS)
    assert chooser == [(1, [OPP_FIELD, OPP_FIELD + 1])]
    yak = s.field[0][1]
    assert s.dmg[yak] == 1 and ids(s, s.ohigan[1]) == ["TZNS-05"]
