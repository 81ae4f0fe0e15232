"""Ninja Slayer rules: numbers fixed at entry (X as a target count) and what entry
fixes for resolution. Test-only cards in ``data/rules_cards.yaml``."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from ns_scenario import D_CHOOSE, D_PAY_ETHER, D_PRIORITY, PASS, act, hand, ids, opp, scene
from tcgzoo.envs.core.errors import CardFileError
from tcgzoo.envs.ninja_slayer import Game
from tcgzoo.envs.ninja_slayer.cards import CARD_DIR, load_pool
from tcgzoo.envs.ninja_slayer.layout import D_DISTRIBUTE, D_X, NUMBER, ST_CHARACTER
from tcgzoo.envs.ninja_slayer.records import SO_CARD, SO_KIND, SO_NUMBER
from tcgzoo.envs.ninja_slayer.state import K_CHECK

DATA = Path(__file__).resolve().parent / "data" / "rules_cards.yaml"
POOL = sorted(CARD_DIR.glob("*.yaml"))
GAME_X = Game(
    decks=("survivor_freelance", "zaibatsu_control"),
    first_player=0,
    concession=False,
    auto_forced=False,
    builtin_cards=False,
    cards=POOL + [DATA],
)
E = "TZNS-29"
FAN = "TZT-X1"


def xscene(**kw):
    return scene(game=GAME_X, **kw)


def char_phase(s):
    act(s, PASS)
    while not (s.dkind == D_PRIORITY and s.step == ST_CHARACTER and s.dplayer == 0):
        act(s, PASS)


def pay_all(s):
    while s.dkind == D_PAY_ETHER:
        act(s, s.legal[0])


def test_x_that_sets_a_target_count_is_fixed_at_entry_within_the_legal_targets():
    """NS 1304.2, NS 1304.2b, NS 1204.2d: Shuriken Fan's X is its target count, needed for
    the entry: it is fixed while entering, and only values whose X distinct targets exist
    are offered (3 untapped ether but 2 opposing characters: X = 0..2). X is paid as
    ether and stays fixed on the object."""
    s = xscene(p0=dict(hand=[FAN], ether=[E] * 3), p1=dict(field=["TZNS-27", "TZNS-17"]))
    char_phase(s)
    act(s, hand(s, FAN))
    assert s.dkind == D_X and s.legal == [NUMBER + x for x in range(3)]
    act(s, NUMBER + 2)
    assert s.dkind == D_CHOOSE and sorted(s.legal) == sorted([opp(s, "TZNS-27"), opp(s, "TZNS-17")])
    act(s, opp(s, "TZNS-27"))
    assert s.dkind == D_CHOOSE and s.legal == [opp(s, "TZNS-17")]  # distinct (NS 1204.2e-2)
    act(s, opp(s, "TZNS-17"))
    pay_all(s)
    assert sum(s.bowed[j] for j in s.ether[0]) == 2 and s.kstack[-1][SO_NUMBER] == 2
    act(s, PASS)
    act(s, PASS)
    assert sorted(s.dmg[j] for j in s.field[1]) == [1, 1]


def test_a_target_count_of_zero_chooses_no_target():
    """NS 1204.2e-1: with X = 0 the target count is 0: no target is chosen, nothing is
    paid, the card still enters and resolves (doing nothing). With no opposing character
    only X = 0 is offered."""
    s = xscene(p0=dict(hand=[FAN], ether=[E] * 2), p1=dict(field=["TZNS-27"]))
    char_phase(s)
    act(s, hand(s, FAN))
    act(s, NUMBER + 0)
    assert s.dkind == D_PRIORITY and s.kstack[-1][SO_NUMBER] == 0 and len(s.kstack[-1]) == 9  # no target recorded
    assert not any(s.bowed[j] for j in s.ether[0])
    act(s, PASS)
    act(s, PASS)
    assert s.dmg[s.field[1][0]] == 0 and ids(s, s.ohigan[0]) == [FAN]
    t = xscene(p0=dict(hand=[FAN], ether=[E] * 2))
    char_phase(t)
    act(t, hand(t, FAN))
    assert t.dkind == D_X and t.legal == [NUMBER]


def test_the_number_of_targets_is_fixed_at_entry():
    """NS 1204.2e-6, NS 1205.1a: Shuriken Fan is entered with X = 1 and one target; before it
    resolves, Karate Chop kills that target, so on resolution its one target is illegal and
    nothing is dealt: no new target is chosen in its place although another opposing
    character is there."""
    s = xscene(p0=dict(hand=[FAN, "TZNS-04"], ether=[E] * 4), p1=dict(field=["TZNS-17", "TZNS-27"]))
    char_phase(s)
    act(s, hand(s, FAN))
    act(s, NUMBER + 1)
    act(s, opp(s, "TZNS-17"))
    pay_all(s)
    act(s, hand(s, "TZNS-04"))  # Karate Chop (3 damage, chosen on resolution), on top
    pay_all(s)
    act(s, PASS)
    act(s, PASS)
    act(s, opp(s, "TZNS-17"))
    assert "TZNS-17" in ids(s, s.ohigan[1])
    act(s, PASS)
    act(s, PASS)  # the Fan resolves
    assert s.dkind != D_CHOOSE and s.dmg[s.field[1][0]] == 0 and not s.kstack


def _load(tmp_path, entry):
    p = tmp_path / "bad.yaml"
    p.write_text(yaml.safe_dump({"cards": [entry]}), encoding="utf-8")
    return load_pool([p])


@pytest.mark.parametrize(
    "target,x,msg",
    [
        ({"zone": "field", "side": "opp", "count": "X", "chosen": "entry"}, False, "x: true"),
        ({"zone": "field", "side": "opp", "count": "X"}, True, "chosen: entry"),
        ({"zone": "field", "side": "opp", "count": "X", "chosen": "entry", "up_to": True}, True, "exactly X"),
    ],
)
def test_x_target_count_errors_name_the_field(tmp_path, target, x, msg):
    """NS 1304.2b: 'count: X' needs X fixed at entry: a bad entry names file, card and field."""
    entry = {
        "id": "BAD-1",
        "name": "Bad",
        "type": "kotodama",
        "cost": 0,
        "actions": [{"do": "damage", "n": 1, "target": target}],
    }
    if x:
        entry["x"] = True
    with pytest.raises(CardFileError) as e:
        _load(tmp_path, entry)
    text = str(e.value)
    assert "bad.yaml" in text and "BAD-1" in text and "count" in text and msg in text


RAIN = "TZT-D1"


def test_distribution_is_decided_at_entry_one_unit_at_a_time():
    """NS 1204.2f, NS 1204.2f-1, NS 1305.1: Shuriken Rain distributes 4 damage among up to 3
    targets: after choosing 2 targets each has 1; the player gives the other 2 units one at
    a time (decision 'distribute', only the chosen targets legal)."""
    s = xscene(p0=dict(hand=[RAIN], ether=[E]), p1=dict(field=["TZNS-27", "TZNS-17", "TZNS-23"]))
    char_phase(s)
    act(s, hand(s, RAIN))
    act(s, opp(s, "TZNS-27"))
    act(s, opp(s, "TZNS-23"))
    assert s.dkind == D_CHOOSE and PASS in s.legal
    act(s, PASS)  # 'up to': two targets are enough
    assert s.dkind == D_DISTRIBUTE and sorted(s.legal) == sorted([opp(s, "TZNS-27"), opp(s, "TZNS-23")])
    act(s, opp(s, "TZNS-23"))
    assert s.dkind == D_DISTRIBUTE
    act(s, opp(s, "TZNS-23"))
    assert s.dkind == D_PAY_ETHER
    pay_all(s)
    L = s.game.obs_layout
    for viewer, side in ((0, 1), (1, 0)):  # the split is public
        flags = s.observation_tensor(viewer)[L.kx + 16 : L.kx + 56]
        assert flags[side * 20 + ids(s, s.field[1]).index("TZNS-27")] == 1.0
        assert flags[side * 20 + ids(s, s.field[1]).index("TZNS-23")] == 3.0
    act(s, PASS)
    act(s, PASS)
    dmg = {ids(s, [j])[0]: s.dmg[j] for j in s.field[1]}
    gone = ids(s, s.ohigan[1])
    assert dmg.get("TZNS-17") == 0
    assert ("TZNS-27" in gone or dmg.get("TZNS-27") == 1) and ("TZNS-23" in gone or dmg.get("TZNS-23") == 3)


def test_a_lone_target_gets_everything_and_the_split_is_fixed():
    """NS 1204.2f-2, NS 1305.1, NS 1205.1a: with one target it is dealt all 4 (no question);
    with 2 targets split 1 + 3, the target of 3 is killed before resolution: its share is
    lost, the other keeps exactly its 1 (the split is not redone on resolution)."""
    s = xscene(p0=dict(hand=[RAIN], ether=[E]), p1=dict(field=["TZNS-23"]))
    char_phase(s)
    act(s, hand(s, RAIN))
    act(s, opp(s, "TZNS-23"))
    assert s.dkind == D_PAY_ETHER  # one candidate: the up-to choice ends, 4 units to it
    pay_all(s)
    assert [s.kstack[-1][q] for q in range(9, len(s.kstack[-1]), 4)] == [0, 0, 0, 0]
    t = xscene(p0=dict(hand=[RAIN, "TZNS-04"], ether=[E] * 3), p1=dict(field=["TZNS-17", "TZNS-23"]))
    char_phase(t)
    act(t, hand(t, RAIN))
    act(t, opp(t, "TZNS-17"))
    act(t, opp(t, "TZNS-23"))
    act(t, opp(t, "TZNS-17"))
    act(t, opp(t, "TZNS-17"))
    pay_all(t)
    act(t, hand(t, "TZNS-04"))  # Karate Chop on top: kills the one with 3 units
    pay_all(t)
    act(t, PASS)
    act(t, PASS)
    act(t, opp(t, "TZNS-17"))
    assert "TZNS-17" in ids(t, t.ohigan[1])
    act(t, PASS)
    act(t, PASS)
    left = t.field[1]
    assert ids(t, left) == ["TZNS-23"] and t.dmg[left[0]] == 1 and not t.kstack


@pytest.mark.parametrize(
    "action,msg",
    [
        (
            {
                "do": "damage",
                "distribute": 2,
                "target": {"zone": "field", "side": "opp", "count": 3, "up_to": True, "chosen": "entry"},
            },
            "at most",
        ),
        ({"do": "damage", "distribute": 2, "target": {"zone": "field", "side": "opp", "count": 1}}, "chosen: entry"),
        (
            {
                "do": "damage",
                "distribute": 2,
                "n": 1,
                "target": {"zone": "field", "side": "opp", "count": 1, "chosen": "entry"},
            },
            "no 'n'",
        ),
        (
            {
                "do": "damage",
                "distribute": 0,
                "target": {"zone": "field", "side": "opp", "count": 1, "chosen": "entry"},
            },
            "at least 1",
        ),
    ],
)
def test_distribute_errors_name_the_field(tmp_path, action, msg):
    """NS 1305.1: a bad 'distribute' names file, card and what is wrong."""
    entry = {"id": "BAD-2", "name": "Bad", "type": "kotodama", "cost": 0, "actions": [action]}
    with pytest.raises(CardFileError) as e:
        _load(tmp_path, entry)
    text = str(e.value)
    assert "bad.yaml" in text and "BAD-2" in text and msg in text


SCROLL = "TZT-F1"


def test_enter_without_paying_its_cost():
    """NS 1313.1b, NS 1204.2e: Hidden Scroll resolves and its controller chooses Sniper Shot
    (cost 2) from the hand: it is entered by the normal rules (its target is chosen) but no
    ether is paid; it goes onto the kotodama space and resolves later (3 damage)."""
    s = xscene(p0=dict(hand=[SCROLL, "TZNS-53"], ether=[E], deck=[E] * 10), p1=dict(field=["TZNS-27"]))
    char_phase(s)
    assert hand(s, "TZNS-53") not in s.legal  # 1 ether: Sniper Shot can't be entered normally
    act(s, hand(s, SCROLL))
    pay_all(s)
    act(s, PASS)
    act(s, PASS)  # the Scroll resolves
    assert s.dkind == D_CHOOSE and s.dplayer == 0 and s.legal == [hand(s, "TZNS-53")]
    act(s, hand(s, "TZNS-53"))
    assert s.dkind == D_CHOOSE and s.legal == [opp(s, "TZNS-27")]  # its entry-time target
    act(s, opp(s, "TZNS-27"))
    assert s.dkind == D_PRIORITY  # no cost to pay
    assert ids(s, s.ohigan[0]) == [SCROLL] and [ids(s, [o[SO_CARD]])[0] for o in s.kstack] == ["TZNS-53"]
    assert not s.hand[0] and sum(s.bowed[j] for j in s.ether[0]) == 1
    act(s, PASS)
    act(s, PASS)
    assert s.dmg[s.field[1][0]] == 3


def test_free_entry_sets_x_to_zero_and_skips_illegal_cards():
    """NS 1313.1c, NS 1313.2: only hand cards that match and can be entered legally are
    offered: Sniper Shot with no opposing character (no target) and a character (filter)
    are not; with none left the action is not done. A free Katon Storm's X (part of the
    cost) can only be 0 (NS 1313.1b)."""
    s = xscene(p0=dict(hand=[SCROLL, "TZNS-53", "TZNS-27"], ether=[E] * 3))
    char_phase(s)
    act(s, hand(s, SCROLL))
    pay_all(s)
    act(s, PASS)
    act(s, PASS)
    assert s.dkind == D_PRIORITY and not s.kstack and ids(s, s.ohigan[0]) == [SCROLL]
    assert sorted(ids(s, s.hand[0])) == ["TZNS-27", "TZNS-53"]
    t = xscene(p0=dict(hand=[SCROLL, "TZNS-55"], ether=[E] * 3), p1=dict(field=["TZNS-27"]))
    char_phase(t)
    act(t, hand(t, SCROLL))
    pay_all(t)
    act(t, PASS)
    act(t, PASS)
    act(t, hand(t, "TZNS-55"))
    assert t.dkind == D_X and t.legal == [NUMBER]


def test_enter_card_data_errors_name_the_field(tmp_path):
    """NS 1313.1b: 'enter' must say 'free: true'; bad filters are named."""
    for action, msg in (({"do": "enter"}, "free"), ({"do": "enter", "free": True, "filter": {"colour": 1}}, "colour")):
        entry = {"id": "BAD-3", "name": "Bad", "type": "kotodama", "cost": 0, "actions": [action]}
        with pytest.raises(CardFileError) as e:
            _load(tmp_path, entry)
        assert "bad.yaml" in str(e.value) and "BAD-3" in str(e.value) and msg in str(e.value)


def test_a_counted_x_is_fixed_on_resolution():
    """NS 1304.3, NS 1205.1b, NS 1304.2: Counting Kunai's X (the number of cards in its
    controller's hand) is not asked at entry and costs nothing; it is counted when the card
    resolves: 2 hand cards when entered, 1 left when it resolves (Karate Chop, entered
    afterwards from the hand) -> 1 damage to the opponent."""
    s = xscene(p0=dict(hand=["TZT-C1", "TZNS-04", E], ether=[E] * 3), p1=dict(field=["TZNS-27"]))
    char_phase(s)
    act(s, hand(s, "TZT-C1"))
    assert s.dkind == D_PAY_ETHER  # no X decision
    pay_all(s)
    act(s, hand(s, "TZNS-04"))
    pay_all(s)
    act(s, PASS)
    act(s, PASS)
    act(s, opp(s, "TZNS-27"))  # the Chop resolves first
    assert len(s.hand[0]) == 1
    act(s, PASS)
    act(s, PASS)  # the Kunai resolves: X = 1
    checks = sum(1 for o in s.kstack if o[SO_KIND] == K_CHECK)
    assert s.carried[1] + checks + len(s.damage[1]) == 1  # 1 damage dealt (carried, checking or checked)


def test_counted_x_errors_name_the_field(tmp_path):
    """NS 1304.3: a counted X names an allowed count and is used as 'n: X'."""
    cases = (
        ({"count": "own_deck"}, [{"do": "draw", "n": "X"}], "count"),
        ({"count": "own_hand"}, [{"do": "draw", "n": 1}], "n: X"),
    )
    for x, actions, msg in cases:
        entry = {"id": "BAD-4", "name": "Bad", "type": "kotodama", "cost": 0, "x": x, "actions": actions}
        with pytest.raises(CardFileError) as e:
            _load(tmp_path, entry)
        assert "bad.yaml" in str(e.value) and "BAD-4" in str(e.value) and msg in str(e.value)


def test_a_then_part_target_is_chosen_on_resolution():
    """NS 1204.2e-3: Strike and Rally's 'then choose 1 of your characters' is chosen on
    resolution: the card can be entered with no own character (only the first target is
    needed), and a character that appeared meanwhile can be chosen when it resolves."""
    s = xscene(p0=dict(hand=["TZT-T1", "TZNS-29"], ether=[E] * 3), p1=dict(field=["TZNS-27"]))
    char_phase(s)
    assert not s.field[0] and hand(s, "TZT-T1") in s.legal
    act(s, hand(s, "TZT-T1"))
    assert s.dkind == D_CHOOSE and s.legal == [opp(s, "TZNS-27")]
    act(s, opp(s, "TZNS-27"))
    pay_all(s)
    assert len(s.kstack[-1]) == 9 + 4  # only the first target is recorded at entry
    act(s, PASS)
    act(s, PASS)  # resolves: 1 damage; no own character, so the 'then' part picks nothing
    assert s.dmg[s.field[1][0]] == 1 and not s.kstack and s.dkind == D_PRIORITY
    t = xscene(p0=dict(hand=["TZT-T1"], ether=[E] * 3, field=["TZNS-29"]), p1=dict(field=["TZNS-27"]))
    char_phase(t)
    act(t, hand(t, "TZT-T1"))
    act(t, opp(t, "TZNS-27"))
    pay_all(t)
    act(t, PASS)
    act(t, PASS)
    assert t.dkind == D_CHOOSE and t.dplayer == 0  # chosen now, on resolution


@pytest.mark.parametrize(
    "own,opp_,ether,paid",
    [
        ([], ["TZT-M1"], 2, 2),  # 1 + 1
        (["TZT-M2"], [], 0, 0),  # max(0, 1 - 2)
        (["TZT-M2"], ["TZT-M1"], 0, 0),  # increases first: (1 + 1) - 2 = 0 (not max(0, 1 - 2) + 1 = 1)
    ],
)
def test_cost_increases_apply_before_decreases(own, opp_, ether, paid):
    """NS 1204.2g-5, NS 1204.2g-6: the ether paid for Counting Kunai (printed 1)
    is the printed cost, then the opponent's Toll Collector's +1, then the Frugal Monk's -2,
    never below 0; with exactly that much ether it can be entered, with 1 less it can't."""
    s = xscene(p0=dict(hand=["TZT-C1"], ether=[E] * ether, field=own), p1=dict(field=opp_))
    char_phase(s)
    assert hand(s, "TZT-C1") in s.legal
    act(s, hand(s, "TZT-C1"))
    pay_all(s)
    assert s.dkind == D_PRIORITY and sum(s.bowed[j] for j in s.ether[0]) == paid
    if ether:
        t = xscene(p0=dict(hand=["TZT-C1"], ether=[E] * (ether - 1), field=own), p1=dict(field=opp_))
        char_phase(t)
        assert hand(t, "TZT-C1") not in t.legal


def test_cost_static_errors_name_the_field(tmp_path):
    """NS 1204.2g-5: a cost change needs n >= 1."""
    entry = {
        "id": "BAD-5",
        "name": "Bad",
        "type": "character",
        "cost": 1,
        "karate": 1,
        "durability": 1,
        "kousaku": 1,
        "static": {"cost_plus": {"n": 0}},
    }
    with pytest.raises(CardFileError) as e:
        _load(tmp_path, entry)
    assert "bad.yaml" in str(e.value) and "BAD-5" in str(e.value) and "cost_plus" in str(e.value)
