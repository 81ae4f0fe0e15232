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
from tcgzoo.envs.ninja_slayer.layout import D_X, NUMBER, ST_CHARACTER

DATA = Path(__file__).resolve().parent / "data" / "rules_cards.yaml"
POOL = sorted(CARD_DIR.glob("*.yaml"))
GAME_X = Game(decks=("survivor_freelance", "zaibatsu_control"), first_player=0, concession=False,
              auto_forced=False, cards=POOL + [DATA])
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
    assert sum(s.bowed[j] for j in s.ether[0]) == 2 and s.kstack[-1][7] == 2
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
    assert s.dkind == D_PRIORITY and s.kstack[-1][7] == 0 and len(s.kstack[-1]) == 9  # no target recorded
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


@pytest.mark.parametrize("target,x,msg", [
    ({"zone": "field", "side": "opp", "count": "X", "chosen": "entry"}, False, "x: true"),
    ({"zone": "field", "side": "opp", "count": "X"}, True, "chosen: entry"),
    ({"zone": "field", "side": "opp", "count": "X", "chosen": "entry", "up_to": True}, True, "exactly X"),
])
def test_x_target_count_errors_name_the_field(tmp_path, target, x, msg):
    """NS 1304.2b: 'count: X' needs X fixed at entry: a bad entry names file, card and field."""
    entry = {"id": "BAD-1", "name": "Bad", "type": "kotodama", "cost": 0,
             "actions": [{"do": "damage", "n": 1, "target": target}]}
    if x:
        entry["x"] = True
    with pytest.raises(CardFileError) as e:
        _load(tmp_path, entry)
    text = str(e.value)
    assert "bad.yaml" in text and "BAD-1" in text and "count" in text and msg in text
