"""Ninja Slayer rules: several replacement effects for one event (rule 1214.2). Test-only cards:
``data/replacement_cards.yaml`` (Dojo Medic: 'if another of your characters would be killed, instead
return it to its owner's hand'), with the pool's Yakuza Stuntman ('once per turn, if this would be
killed, instead bow it and remove all damage from it')."""

from __future__ import annotations

from pathlib import Path

import pytest
from ns_cov import to_character_phase, where
from ns_scenario import (
    D_CHOOSE,
    D_PAY_ETHER,
    D_PRIORITY,
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
from tcgzoo.envs.ninja_slayer import Game
from tcgzoo.envs.ninja_slayer.cards import CARD_DIR
from tcgzoo.envs.ninja_slayer.layout import D_REPLACE
from tcgzoo.envs.ninja_slayer.records import SO_CARD
from tcgzoo.envs.ninja_slayer.state import Z_FIELD, Z_HAND, Z_OHIGAN, Z_REMOVED

DATA = Path(__file__).resolve().parent / "data" / "replacement_cards.yaml"
POOL = sorted(CARD_DIR.glob("*.yaml"))
GAME_R = Game(
    decks=("survivor_freelance", "zaibatsu_control"),
    first_player=0,
    concession=False,
    auto_forced=False,
    builtin_cards=False,
    cards=POOL + [DATA],
)
E = "TZNS-29"  # Zaibatsu Apprentice: no text (ether, filler)
STUNTMAN, MEDIC = "TZNS-69", "TZR-01"


def rscene(**kw):
    return scene(game=GAME_R, **kw)


def resolve(s):
    """Pass priority until the kotodama space is empty (or another decision comes)."""
    n = 0
    while s.kstack and s.dkind == D_PRIORITY:
        act(s, PASS)
        n += 1
        assert n < 20


def replace_with(s, cid, p):
    """Answer the pending replacement decision with the replacement of player ``p``'s field card ``cid``."""
    assert s.dkind == D_REPLACE and s.dplayer == p
    act(s, OWN_FIELD + ids(s, s.field[p]).index(cid))


@pytest.mark.parametrize("choice", [STUNTMAN, MEDIC])
def test_the_controller_chooses_which_replacement_applies_to_a_kill(choice):
    """NS 1214.2, NS 1214.1, NS 1214.3: Last Rites kills Yakuza Stuntman while Dojo Medic is on the
    field: two replacements apply to that one kill, so its controller chooses one (the 'replacement'
    decision, the Stuntman being killed is the context). Its own replacement: it stays, bowed, without
    damage; the Medic's: it goes back to the hand. The chosen one replaces the kill, so the other does
    not apply as well and nothing goes to Ohigan. The decision clones and replays like any other."""
    s = rscene(p0=dict(hand=["TZR-02"], field=[STUNTMAN, MEDIC]))
    y = where(s, STUNTMAN, 0)[0]
    to_character_phase(s)
    act(s, hand(s, "TZR-02"))
    assert s.dkind == D_CHOOSE
    act(s, field(s, STUNTMAN))
    until(s, D_REPLACE)
    assert s.dplayer == 0 and s.ctx == y
    assert s.legal == sorted(OWN_FIELD + ids(s, s.field[0]).index(c) for c in (STUNTMAN, MEDIC))
    strings = {s.action_to_string(a) for a in s.legal}
    assert len(strings) == 2
    twin = s.clone()
    replace_with(s, choice, 0)
    replace_with(twin, choice, 0)
    assert s.to_dict() == twin.to_dict() and s.history == twin.history
    if choice == STUNTMAN:
        assert s.zone[y] == Z_FIELD and s.bowed[y] and s.dmg[y] == 0
    else:
        assert s.zone[y] == Z_HAND and s.pub[y]  # back from a public zone: both know it
    assert s.ohigan[0] == [where(s, "TZR-02", 0)[0]]  # only the resolved kotodama


def test_a_single_replacement_applies_without_a_question():
    """NS 1214.2, NS 1214.3: after the Stuntman used its once-per-turn replacement, a second kill that
    turn has only the Medic's replacement: it applies without a decision (replacements are mandatory)
    and the Stuntman goes to the hand."""
    s = rscene(p0=dict(hand=["TZR-02", "TZR-02"], field=[STUNTMAN, MEDIC]))
    y = where(s, STUNTMAN, 0)[0]
    to_character_phase(s)
    for k in range(2):
        act(s, hand(s, "TZR-02"))
        act(s, field(s, STUNTMAN))
        n = 0
        while s.zone[y] == Z_FIELD and s.bowed[y] is (k == 1) and s.dkind == D_PRIORITY:
            act(s, PASS)
            n += 1
            assert n < 10
        if k == 0:
            replace_with(s, STUNTMAN, 0)
            assert s.zone[y] == Z_FIELD and s.bowed[y]
    assert s.dkind == D_PRIORITY and s.zone[y] == Z_HAND


def test_the_killed_characters_controller_chooses_even_for_an_opponents_effect():
    """NS 1214.2: Purge, player 0's kotodama, kills player 1's Stuntman (chosen on resolution): the
    replacement is chosen by player 1, the controller of the card the kill applies to."""
    s = rscene(p0=dict(hand=["TZR-03"]), p1=dict(field=[STUNTMAN, MEDIC]))
    y = where(s, STUNTMAN, 1)[0]
    to_character_phase(s)
    act(s, hand(s, "TZR-03"))
    until(s, D_CHOOSE, 0)
    act(s, opp(s, STUNTMAN))
    replace_with(s, MEDIC, 1)
    assert s.zone[y] == Z_HAND and y in s.hand[1]


def test_a_rule_check_kill_asks_before_the_simultaneous_kills():
    """NS 1214.2, NS 1004.1, NS 902.1a: Karate Chop deals 3 to player 1's Stuntman (durability 2).
    At the rule check its character damage processing would kill it: player 1 chooses the replacement
    first (the Medic's), then the kill is replaced: the Stuntman is in the hand, not in Ohigan."""
    s = rscene(p0=dict(hand=["TZNS-04"], ether=[E] * 2), p1=dict(field=[STUNTMAN, MEDIC]))
    y = where(s, STUNTMAN, 1)[0]
    to_character_phase(s)
    enter(s, "TZNS-04")
    act(s, PASS)
    act(s, PASS)
    act(s, opp(s, STUNTMAN))
    assert s.dmg[y] == 3
    replace_with(s, MEDIC, 1)
    assert s.zone[y] == Z_HAND and s.dmg[y] == 0 and s.zone[y] != Z_OHIGAN
    assert s.dkind == D_PRIORITY and not s.repl


# ---- characteristic-defining abilities and X / Y in static abilities (NS 1210.2, 1304.4-5) ----
BRAWLER, SWARM, RAISE, FURY = "TZR-04", "TZR-05", "TZR-06", "TZR-07"


def test_x_and_y_in_a_static_ability_are_counted_again_whenever_read():
    """NS 1304.4, NS 1304.5, NS 1213.1a, NS 1004.1: Grave Brawler's karate is X (cards in its owner's
    Ohigan) and its durability Y (cards in the hand), counted anew whenever they are read, with no event
    in between: 1 Ohigan card and 2 hand cards give 1 / 2. Brawler's Fury (+2 karate) applies on top of
    that base (1213.1a) and, resolved, moves from the hand to Ohigan: 2 + 2 = 4 karate, durability 1.
    Entering the last hand card makes Y 0, and the rule check kills it (damage 0 >= durability 0)."""
    s = rscene(p0=dict(field=[BRAWLER], hand=[FURY, RAISE], ohigan=[E]))
    b = where(s, BRAWLER, 0)[0]
    assert s.statics & 512 and (s.karate(b), s.durability(b)) == (1, 2)
    to_character_phase(s)
    act(s, hand(s, FURY))
    assert (s.karate(b), s.durability(b)) == (1, 1)  # Fury left the hand for the kotodama space
    act(s, field(s, BRAWLER))
    resolve(s)
    assert s.zone[b] == Z_FIELD and (s.karate(b), s.durability(b)) == (4, 1)
    obs = s.observation_tensor(0)
    L = GAME_R.obs_layout
    assert abs(obs[L.field + L.P + 2] - 4 / 5) < 1e-6 and abs(obs[L.field + L.P + 3] - 1 / 5) < 1e-6
    act(s, hand(s, RAISE))  # the hand is empty now: Y = 0; the next rule check kills it
    assert s.zone[b] == Z_OHIGAN


def test_a_characteristic_defining_cost_works_in_every_zone():
    """NS 1210.2, NS 1304.4: Swarm Ninja's cost is X, the number of characters on its owner's opponent's
    field, in the hand (what entering it costs, NS 1204.2g-1) and in Ohigan (Raise the Fallen's 'cost 1
    or less' reads it there). Against an empty field it costs 0 and is offered without ether; against
    two characters it costs 2: not offered with 1 ether, and Raise the Fallen finds nothing to ambush;
    against one it costs 1 and is ambushed."""
    s = rscene(p0=dict(hand=[SWARM]))
    to_character_phase(s)
    assert hand(s, SWARM) in s.legal
    s = rscene(p0=dict(hand=[SWARM], ether=[E]), p1=dict(field=[E, E]))
    sw = where(s, SWARM, 0)[0]
    assert s.cost_of(sw) == 2
    to_character_phase(s)
    assert hand(s, SWARM) not in s.legal
    for opp_field, back in (([E, E], False), ([E], True)):
        s = rscene(p0=dict(hand=[RAISE], ohigan=[SWARM]), p1=dict(field=opp_field))
        sw = where(s, SWARM, 0)[0]
        to_character_phase(s)
        act(s, hand(s, RAISE))
        resolve(s)
        if s.dkind == D_CHOOSE:
            act(s, s.legal[0])
        assert (s.zone[sw] == Z_FIELD) is back


def test_define_is_validated(tmp_path):
    """NS 1210.2, NS 1304.5: a 'define' naming X, Y or Z needs its count, and a count must be used;
    a kotodama may define only its cost."""
    from tcgzoo.envs.core.errors import CardFileError
    from tcgzoo.envs.ninja_slayer.cards import load_pool
    from tcgzoo.envs.ninja_slayer.words import card_number

    bad = {
        "no_count": "static: {define: {karate: Y}}",
        "unused": "static: {define: {karate: 2}, z: {count: own_hand}}",
    }
    for name, static in bad.items():
        f = tmp_path / f"{name}.yaml"
        f.write_text(
            "cards:\n  - {id: T-1, name: A, type: character, cost: 1, durability: 1, kousaku: 1, " + static + "}\n"
        )
        with pytest.raises(CardFileError):
            load_pool([f])
    f = tmp_path / "koto.yaml"
    f.write_text(
        "cards:\n  - {id: T-2, name: B, type: kotodama, static: {define: {karate: 1}}, actions: [{do: draw, n: 1}]}\n"
    )
    with pytest.raises(CardFileError):
        load_pool([f])
    f = tmp_path / "ok.yaml"
    f.write_text(
        "cards:\n  - {id: T-3, name: C, type: kotodama, static: {define: {cost: Z}, z: {count: opp_hand}}, "
        "actions: [{do: draw, n: 1}]}\n"
    )
    ((stat, z),) = load_pool([f]).cards[0].cda  # the cost is Z, the cards in the owner's opponent's hand

    class Hands:
        hand = [[1, 2, 3], [4]]

    assert stat == 0 and card_number(z, Hands(), 0, 0) == 1 and card_number(z, Hands(), 0, 1) == 3


# ---- a value set to another counts as increased or decreased (NS 104.6) ----
RULES_DATA = Path(__file__).resolve().parent / "data" / "rules_cards.yaml"
GAME_M = Game(
    decks=("survivor_freelance", "zaibatsu_control"),
    first_player=0,
    concession=False,
    auto_forced=False,
    builtin_cards=False,
    cards=POOL + [DATA, RULES_DATA],
)
BROKER, COSTLY, CHEAP, TOLL, FRUGAL = "TZR-08", "TZR-09", "TZR-10", "TZT-M1", "TZT-M2"


@pytest.mark.parametrize("ether", [1, 2])
def test_a_set_cost_lower_than_before_is_a_decrease_applied_after_increases(ether):
    """NS 104.6, NS 1204.2g-5, NS 1204.2g-6: Costly Scroll (cost 3) under Fixed Price Broker ('the cost of
    kotodama you enter becomes 2', on the field before the opponent's Toll Collector, '+1 to kotodama your
    opponent enters'). 2 is less than 3, so the set is a decrease and applies after the increase whatever
    the timestamps: 3 + 1 = 4, then 2 (not 2 + 1 = 3). It is offered with 2 untapped ether, not with 1."""
    s = scene(game=GAME_M, p0=dict(field=[BROKER], hand=[COSTLY], ether=[E] * ether), p1=dict(field=[TOLL]))
    from tcgzoo.envs.ninja_slayer.rules import ether_cost

    c = where(s, COSTLY, 0)[0]
    assert s.since[where(s, BROKER, 0)[0]] < s.since[where(s, TOLL, 1)[0]]
    assert ether_cost(s, 0, s.defs[s.cdef[c]], c) == 2
    to_character_phase(s)
    assert (hand(s, COSTLY) in s.legal) is (ether == 2)


def test_a_set_cost_higher_than_before_is_an_increase_applied_before_decreases():
    """NS 104.6, NS 1204.2g-5, NS 1204.2g-6: Cheap Scroll (cost 0) with Frugal Monk ('2 less', on the field
    first) and Fixed Price Broker ('becomes 2'): 2 is more than 0, so the set is an increase and comes
    before the decrease: 2 - 2 = 0 (in timestamp order it would be 0 - 2, then 2). It is offered with no
    ether and enters without a payment."""
    s = scene(game=GAME_M, p0=dict(field=[FRUGAL, BROKER], hand=[CHEAP]))
    from tcgzoo.envs.ninja_slayer.rules import ether_cost

    c = where(s, CHEAP, 0)[0]
    assert ether_cost(s, 0, s.defs[s.cdef[c]], c) == 0
    to_character_phase(s)
    act(s, hand(s, CHEAP))
    assert s.dkind == D_PRIORITY and s.kstack and s.kstack[-1][SO_CARD] == c


def test_a_discard_cost_replaced_by_removal_still_counts_as_paid():
    """NS 1203.3, NS 1203.7, NS 1214.1: Desperate Gambit ('discard 1 card, and you may: draw 2') with the
    opponent's Void Warden on the field ('if a card would be discarded from your opponent's hand, remove it
    instead'). The discard paid as the cost is replaced: the card goes to the removed zone, not to Ohigan;
    the cost still counts as paid, so the 2 cards are drawn."""
    s = scene(game=GAME_M, p0=dict(hand=["TZT-24", CHEAP], ether=[E]), p1=dict(field=["TZR-11"]))
    cheap = where(s, CHEAP, 0)[0]
    assert s.statics & 1024
    to_character_phase(s)
    act(s, hand(s, "TZT-24"))
    while s.dkind == D_PAY_ETHER:
        act(s, s.legal[0])
    until(s, D_CHOOSE, 0)
    assert PASS in s.legal  # the cost is optional (NS 1203.7)
    before = len(s.deck[0])
    act(s, hand(s, CHEAP))
    assert s.zone[cheap] == Z_REMOVED and cheap not in s.ohigan[0]
    assert len(s.deck[0]) == before - 2 and len(s.hand[0]) == 2
