"""Leader Melee rules tests: the battle phase (7), melee, keywords (10), leaders' faces."""

from __future__ import annotations

from lm_scene import *  # noqa: F403
from lm_scene import R, act, attack, hand_slot, ids, pass_until, play, scene, to_attack


def test_attack_rests_and_tie_hits_leader():
    """LM 7-3-1-3: the attack card rests; LM 7-5-1-4: the attack side wins ties;
    LM 7-5-1-4-1 / LM 4-9-1-1-1: strike-many life cards go to the defender's energy."""
    s = scene(p0=dict(battle=["T-V2"]))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    assert s.rest[s.battle[0][0]] == 1
    act(s, PASS)
    assert s.dkind == D_FT_GUARD and s.dplayer == 1  # LM 7-4-1
    act(s, PASS)
    assert len(s.life[1]) == 5 and len(s.energy[1]) == 2


def test_weaker_attacker_does_nothing():
    """LM 7-5-1-4: the attack side below the guard side: nothing happens."""
    s = scene(p0=dict(battle=["T-V1"]))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    pass_until(s, D_FT_STANDBY)
    assert len(s.life[1]) == 7


def test_attack_battle_card_breaks_without_guard_step():
    """LM 7-3-1-7 (LM-R3): no guard step when a battle card is attacked;
    LM 7-5-1-4-2: the guard card is broken into its owner's energy."""
    s = scene(p0=dict(battle=["T-V1"]), p1=dict(battle=["T-V0"]))
    attack(s, OWN_BATTLE + 0, OPP_BATTLE + 0)
    act(s, PASS)
    assert s.dkind == D_FT_STANDBY
    assert not s.battle[1] and ids(s, s.energy[1]) == ["T-V0"]


def test_target_choices_and_rested_targets():
    """LM 7-3-1-4: the leader or any battle card, rested ones too; LM 7-2-1-2-1: an attack
    needs an active card."""
    s = scene(p0=dict(battle=["T-V1"]), p1=dict(battle=["T-V1", "T-V1"], rested=[0]))
    to_attack(s)
    assert s.legal_actions() == [PASS, SELF_LEADER, OWN_BATTLE + 0]
    act(s, SELF_LEADER)
    assert s.legal_actions() == [OPP_LEADER, OPP_BATTLE + 0, OPP_BATTLE + 1]


def test_melee_support_on_both_sides():
    """LM 7-3-1-6-1 / LM 7-4-1-2-1: active battle cards move to melee; LM 7-5-1-2 / LM 7-5-1-3:
    melee powers add to each side; LM 7-6-1-2: melee cards then go to their master's energy."""
    s = scene(p0=dict(battle=["T-V1", "T-V2"]), p1=dict(battle=["T-V1"]))
    attack(s, SELF_LEADER, OPP_LEADER)
    assert OWN_BATTLE + 0 in s.legal_actions() and OWN_BATTLE + 1 in s.legal_actions()
    act(s, OWN_BATTLE + 0)  # 5000 + 3000 = 8000
    assert ids(s, s.melee[0]) == ["T-V1"]
    act(s, PASS)
    act(s, OWN_BATTLE + 0)  # guard: 5000 + 3000 = 8000: tie, the attacker wins
    act(s, PASS)
    assert len(s.life[1]) == 6
    assert not s.melee[0] and not s.melee[1]
    assert "T-V1" in ids(s, s.energy[0]) and "T-V1" in ids(s, s.energy[1])


def test_play_from_hand_into_melee():
    """LM 7-3-1-6-2 / LM 7-4-1-2-2: battle cards from hand into melee, paying the level;
    no play skill there (LM-G32)."""
    s = scene(p0=dict(battle=["T-V1"], energy=2), p1=dict(hand=["T-V2"], energy=2))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    act(s, PASS)
    play(s, "T-V2")
    assert ids(s, s.melee[1]) == ["T-V2"] and len(s.drop[1]) == 2
    act(s, PASS)
    assert len(s.life[1]) == 7


def test_moved_attack_card_counts_zero():
    """LM 7-5-1-2-1: an attack card that left the battle area attacks with 0 power."""
    s = scene(p0=dict(battle=["T-V2"], hand=["T-V0"]), p1=dict(hand=["T-XB"]))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    R.move(s, s.battle[0][0], Z_ENERGY)  # as if an effect had broken it
    act(s, PASS)
    act(s, PASS)
    assert len(s.life[1]) == 7


def test_iron_wall_once_per_turn():
    """LM 10-9-1: 鉄壁: the first break by the opponent in a turn does nothing."""
    s = scene(p0=dict(battle=["T-V1", "T-V1"]), p1=dict(battle=["T-IW"]))
    attack(s, OWN_BATTLE + 0, OPP_BATTLE + 0)
    act(s, PASS)
    assert ids(s, s.battle[1]) == ["T-IW"]
    act(s, DECLARE_ATTACK)
    act(s, OWN_BATTLE + 1)
    act(s, OPP_BATTLE + 0)
    act(s, PASS)
    assert not s.battle[1]


def test_defend_limits_targets():
    """LM 10-10-1: 防衛: while the defender has one, only 防衛 cards can be attacked."""
    s = scene(p0=dict(battle=["T-V1"]), p1=dict(battle=["T-V1", "T-DF"]))
    to_attack(s)
    act(s, OWN_BATTLE + 0)
    assert s.legal_actions() == [OPP_BATTLE + 1]


def test_surge_returns_to_battle_area():
    """LM 10-11-1: 怒涛: from hand into melee, then back to the battle area, not to energy."""
    s = scene(p0=dict(battle=["T-V1"], hand=["T-SG"], energy=1))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    play(s, "T-SG")
    act(s, PASS)
    act(s, PASS)
    assert ids(s, s.battle[0]) == ["T-V1", "T-SG"] and s.rest[s.battle[0][1]] == 0


def test_charge_keyword():
    """LM 10-12-1: 充填: after its battle, the top 2 deck cards go to energy."""
    s = scene(p0=dict(battle=["T-CH"]), p1=dict(battle=["T-V1"]))
    n = len(s.energy[0])
    attack(s, OWN_BATTLE + 0, OPP_BATTLE + 0)
    act(s, PASS)
    assert len(s.energy[0]) == n + 2


def test_haste_reduces_level():
    """LM 10-13-1: 速攻: level -2 while the opponent's battle area is empty."""
    s = scene(p0=dict(hand=["T-HS"], energy=1))
    assert hand_slot(s, 0, "T-HS") in s.legal_actions()
    s = scene(p0=dict(hand=["T-HS"], energy=1), p1=dict(battle=["T-V1"]))
    assert s.legal_actions() == [PASS]


def test_link_hit_and_miss():
    """LM 10-14-1: 連携: reveal the top card; a battle card of level <= this one's enters the
    battle area; otherwise it goes to the deck bottom (known to both)."""
    s = scene(p0=dict(hand=["T-LK"], energy=2))
    top = s.deck[0][-1]
    s.cdef[top] = s.game.pool.by_id["T-V1"].index
    play(s, "T-LK")
    assert ids(s, s.battle[0]) == ["T-LK", "T-V1"]
    s = scene(p0=dict(hand=["T-LK"], energy=2))
    top = s.deck[0][-1]
    play(s, "T-LK")  # a level-9 filler: a miss
    assert s.deck[0][0] == top and s.known[top] == 1
    assert s.observation_tensor(1).sum() > 0


def test_skills_attack_strike_break_melee():
    """LM 10-2-1 attack skill, LM 10-3-1 strike skill, LM 10-4-1 break skill, LM 10-6-1 melee skill."""
    s = scene(p0=dict(battle=["T-AT"]))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    assert R.stat(s, s.battle[0][0], 0) == 6000
    s = scene(p0=dict(battle=["T-ST"]))
    n = len(s.hand[0])
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    act(s, PASS)
    act(s, PASS)
    assert len(s.hand[0]) == n + 1
    s = scene(p0=dict(battle=["T-BK"]), p1=dict(battle=["T-V1"]))
    n = len(s.energy[0])
    attack(s, OWN_BATTLE + 0, OPP_BATTLE + 0)
    act(s, PASS)
    assert len(s.energy[0]) == n + 1
    s = scene(p0=dict(battle=["T-V1", "T-ML"]))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    act(s, OWN_BATTLE + 1)
    assert R.stat(s, s.melee[0][0], 0) == 5000


def test_battle_effects_end_after_battle():
    """LM 7-6-1-3: 'this battle' effects end in the battle complete step."""
    s = scene(p0=dict(battle=["T-AT"]))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    pass_until(s, D_FT_STANDBY)
    assert R.stat(s, s.battle[0][0], 0) == 1000


def test_awaken_flips_leader_keeping_state():
    """LM 10-7-3: 覚醒 flips the leader to its back face, the same card; LM 2-3-2-1-2: only the
    visible face's text works (the front's abilities are gone)."""
    s = scene(p0=dict(energy=1, life=5))
    assert LEADER_ABILITY + 0 not in s.legal_actions()  # life 5 > 4
    s = scene(p0=dict(energy=1, life=4))
    act(s, LEADER_ABILITY + 0)
    act(s, OWN_ENERGY + 0)
    assert s.face[0] == 1 and R.stat(s, 0, 0) == 8000 and R.stat(s, 0, 1) == 2
    assert s.legal_actions() == [PASS]


def test_cooperate_only_in_guard_step():
    """LM 10-8-3: 共闘 flips the leader; LM 7-4-1-2-2: only in the guard step (LM-G12), with a
    共闘 card in the melee area."""
    s = scene(p0=dict(battle=["T-V2"]), p1=dict(hand=["T-SG"], energy=1))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    act(s, PASS)
    assert LEADER_ABILITY + 1 not in s.legal_actions()
    play(s, "T-SG")
    act(s, LEADER_ABILITY + 1)
    assert s.face[R.leader(1)] == 1
    act(s, PASS)
    assert len(s.life[1]) == 7  # 5000 vs 8000 + 2000
