"""Leader Melee coverage tests: a flipped leader turning front face up again (10-7-4, 10-8-4),
and the source of effect damage (4-10-1-2)."""

from __future__ import annotations

import pytest
from lm_cov import COV_FILES, cplay, cscene
from lm_scene import *  # noqa: F403
from lm_scene import R, act, attack
from tcgzoo.envs.core.errors import CardFileError
from tcgzoo.envs.leader_melee.cards import load_pool


def test_awakened_leader_turning_back_is_the_same_card():
    """LM 10-7-4 / LM 10-7-4-1: a leader awakened to its back face that turns front face up again
    is the same card: the +1000 it received stays (5000 + 1000), it stays rested, and its front
    abilities work again."""
    s = cscene(p0=dict(leader="T-CL", hand=["T-LP", "T-TF"], energy=2))
    cplay(s, "T-LP")
    act(s, SELF_LEADER)
    act(s, LEADER_ABILITY + 2)  # 覚醒
    act(s, OWN_ENERGY + 0)
    o = s.obj[0]
    assert s.face[0] == 1 and R.stat(s, 0, 0) == 8000
    assert LEADER_ABILITY + 0 not in s.legal_actions()  # the front's main ability is gone
    s.rest[0] = 1
    cplay(s, "T-TF")
    act(s, SELF_LEADER)
    assert s.face[0] == 0 and s.obj[0] == o and s.rest[0] == 1 and R.stat(s, 0, 0) == 6000
    assert LEADER_ABILITY + 0 in s.legal_actions()


def test_cooperated_leader_turning_back_keeps_its_effects():
    """LM 10-8-4 / LM 10-8-4-1: a leader flipped by 共闘 that turns front face up again is the same
    card: still the guard card, its '+1000 this battle' kept (4000 + 1000 + 2000 melee = 7000
    holds off 6000; without the +1000 it would be a tie and a hit)."""
    s = cscene(p0=dict(battle=["T-CH"]), p1=dict(leader="T-CC", hand=["T-SG", "T-TB"], energy=2))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    act(s, PASS)
    cplay(s, "T-SG")
    act(s, LEADER_ABILITY + 0)  # 共闘
    act(s, OWN_ENERGY + 0)
    g = R.leader(1)
    assert s.face[g] == 1 and R.stat(s, g, 0) == 7000
    cplay(s, "T-TB")
    act(s, SELF_LEADER)
    assert s.face[g] == 0 and s.guard == g and R.stat(s, g, 0) == 5000
    act(s, PASS)
    assert len(s.life[1]) == 7


def test_turn_front_needs_a_leader(tmp_path):
    """LM 10-7-4: only a leader turns front face up: turn_front aimed at battle cards is rejected."""
    f = tmp_path / "x.yaml"
    f.write_text(
        "cards:\n  - {id: X-T, name: x, type: extra, color: white, level: 0, effects: [{activated: main, "
        "actions: [{do: turn_front, target: {what: battle, side: own}}]}]}\n",
        encoding="utf-8",
    )
    with pytest.raises(CardFileError) as e:
        load_pool(list(COV_FILES) + [str(f)])
    assert "X-T" in str(e.value) and "turn_front" in str(e.value)


def test_effect_damage_source_is_the_card():
    """LM 4-10-1-2: damage dealt by a card's ability has that card as its source, not an attack
    card: a shield against battle damage does not reduce it, a shield against the opponent's
    damage does (LM 4-10-1-1: battle damage is the attack card's, which the first one reduces)."""
    s = cscene(p0=dict(hand=["T-DM"], energy=1), p1=dict(battle=["T-RV"]))
    cplay(s, "T-DM")
    assert len(s.life[1]) == 5
    s = cscene(p0=dict(hand=["T-DM"], energy=1), p1=dict(battle=["T-RO"]))
    cplay(s, "T-DM")
    assert len(s.life[1]) == 6
    s = cscene(p0=dict(battle=["T-V2"]), p1=dict(battle=["T-RV"]))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    act(s, PASS)
    act(s, PASS)
    assert len(s.life[1]) == 6
