"""Leader Melee coverage tests: the battle phase step by step (7-2 .. 7-7), damage (4-9, 4-10),
active and rest (4-7)."""

from __future__ import annotations

from lm_cov import cplay, cscene
from lm_scene import *  # noqa: F403
from lm_scene import R, act, attack, hand_slot, ids, pass_until, to_attack


def test_standby_step_free_timing():
    """LM 7-2-1 / LM 7-2-1-2: the standby step gives the turn player free timing before an
    attacker is chosen; LM 7-2-1-2-2: 【起動発動:バトル】 of the leader and battle cards and battle
    extras are offered there; main-timing ones and battle cards from hand are not."""
    s = cscene(p0=dict(leader="T-CL", battle=["T-CO", "T-OT"], hand=["T-XP", "T-DR", "T-V0"], energy=2))
    act(s, PASS)
    la = s.legal_actions()
    assert s.dkind == D_FT_STANDBY and s.phase == P_STANDBY and s.dplayer == 0
    assert DECLARE_ATTACK in la and LEADER_ABILITY + 1 in la and LEADER_ABILITY + 0 not in la
    assert BATTLE_ABILITY + 0 in la and BATTLE_ABILITY + 4 not in la
    assert hand_slot(s, 0, "T-XP") in la
    assert hand_slot(s, 0, "T-DR") not in la and hand_slot(s, 0, "T-V0") not in la
    act(s, LEADER_ABILITY + 1)
    assert R.stat(s, 0, 0) == 7000 and s.dkind == D_FT_STANDBY


def test_no_attack_declaration_without_an_active_card():
    """LM 7-2-1-2-1: an attack can be declared only with an active leader or battle card;
    LM 4-7-1-1 / LM 4-7-1-2: active and rested are the two positions (a rested card cannot attack)."""
    s = cscene(p0=dict(battle=["T-V1"], rested=[0]))
    s.rest[0] = 1
    act(s, PASS)
    assert s.dkind == D_FT_STANDBY and DECLARE_ATTACK not in s.legal_actions()
    s = cscene(p0=dict(battle=["T-V1"], rested=[0]))
    act(s, PASS)
    act(s, DECLARE_ATTACK)
    assert s.legal_actions() == [PASS, SELF_LEADER]


def test_attack_step_sequence():
    """LM 7-3-1: the attack step: choose an attacker (it rests), choose a target among the
    opponent's leader and battle cards, then the turn player's free timing (LM 7-3-1-6) with the
    battle-phase actions."""
    s = cscene(p0=dict(battle=["T-V1", "T-V0"], hand=["T-XP"]), p1=dict(battle=["T-V1"]))
    to_attack(s)
    assert s.phase == P_ATTACK
    act(s, OWN_BATTLE + 0)
    assert s.dkind == D_CHOOSE_TARGET and s.legal_actions() == [OPP_LEADER, OPP_BATTLE + 0]
    act(s, OPP_LEADER)
    la = s.legal_actions()
    assert s.dkind == D_FT_ATTACK and s.dplayer == 0
    assert OWN_BATTLE + 1 in la and OWN_BATTLE + 0 not in la  # the rested attacker cannot join melee
    assert hand_slot(s, 0, "T-XP") in la


def test_melee_play_needs_level_energy_both_sides():
    """LM 7-3-1-6-2-1 / LM 7-4-1-2-2-1: a battle card is played into melee only when level-many
    energy can be put into the drop."""
    s = cscene(p0=dict(battle=["T-V2"], hand=["T-V2"], energy=1), p1=dict(hand=["T-V2"], energy=1))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    assert hand_slot(s, 0, "T-V2") not in s.legal_actions()
    act(s, PASS)
    assert s.dkind == D_FT_GUARD and hand_slot(s, 1, "T-V2") not in s.legal_actions()
    s = cscene(p0=dict(battle=["T-V2"], hand=["T-V2"], energy=2), p1=dict(hand=["T-V2"], energy=2))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    cplay(s, "T-V2")
    assert ids(s, s.melee[0]) == ["T-V2"] and len(s.drop[0]) == 2
    act(s, PASS)
    cplay(s, "T-V2")
    assert ids(s, s.melee[1]) == ["T-V2"] and len(s.drop[1]) == 2


def test_awaken_in_the_attack_step():
    """LM 7-3-1-6-3-1: 【覚醒】 is an activated ability the turn player may play in the attack step."""
    s = cscene(p0=dict(leader="T-CL", battle=["T-V1"], energy=1))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    assert LEADER_ABILITY + 2 in s.legal_actions()
    act(s, LEADER_ABILITY + 2)
    act(s, OWN_ENERGY + 0)
    assert s.face[0] == 1 and s.dkind == D_FT_ATTACK


def test_guard_step_free_timing_of_the_non_turn_player():
    """LM 7-4-1-2: the non-turn player gets free timing in the guard step, with battle abilities,
    battle extras and melee moves; LM 7-4-1-2-3-1: 【覚醒】 and 【共闘】 can be played there."""
    s = cscene(p0=dict(battle=["T-V2"]), p1=dict(leader="T-CL", battle=["T-V1"], hand=["T-XP"], energy=1, life=4))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    act(s, PASS)
    la = s.legal_actions()
    assert s.dkind == D_FT_GUARD and s.dplayer == 1
    assert {LEADER_ABILITY + 1, LEADER_ABILITY + 2, OWN_BATTLE + 0, hand_slot(s, 1, "T-XP")} <= set(la)
    act(s, LEADER_ABILITY + 2)  # 覚醒 in the guard step
    act(s, OWN_ENERGY + 0)
    assert s.face[R.leader(1)] == 1
    s = cscene(p0=dict(battle=["T-V2"]), p1=dict(leader="T-CC", hand=["T-SG"], energy=2))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    act(s, PASS)
    cplay(s, "T-SG")
    act(s, LEADER_ABILITY + 0)  # 共闘 in the guard step
    act(s, OWN_ENERGY + 0)
    assert s.face[R.leader(1)] == 1


def test_judgement_step_totals():
    """LM 7-5-1: the judgement step resolves the battle: attack card plus the turn player's melee
    against guard card plus the non-turn player's melee; a battle card guard is broken."""
    s = cscene(p0=dict(battle=["T-V1", "T-V0"]), p1=dict(battle=["T-V2"]))
    attack(s, OWN_BATTLE + 0, OPP_BATTLE + 0)
    act(s, OWN_BATTLE + 1)  # 3000 + 2000 = 5000 vs 5000: the attacker wins ties
    act(s, PASS)
    assert ids(s, s.energy[1]) == ["T-V2"] and not s.battle[1]


def test_battle_complete_step():
    """LM 7-6-1: the battle complete step ends the battle: melee cards go to energy, 'this battle'
    effects end, and the next battle starts at the standby step."""
    s = cscene(p0=dict(battle=["T-AT", "T-V0"]))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    act(s, OWN_BATTLE + 1)
    pass_until(s, D_FT_STANDBY)
    assert not s.melee[0] and "T-V0" in ids(s, s.energy[0])
    assert R.stat(s, s.battle[0][0], 0) == 1000 and s.phase == P_STANDBY


def test_battle_phase_end_step():
    """LM 7-7-1: the battle phase end step ends the turn's battle phase and leads to the end
    phase (the turn passes)."""
    s = cscene(p0=dict(battle=["T-PH"]))
    act(s, PASS)
    act(s, PASS)
    assert s.tp == 1 and s.dkind == D_FT_MAIN


def test_damage_processes_and_sources():
    """LM 4-9-1 / LM 4-9-1-1: damage dealt by the attack card in the judgement step moves
    strike-many life cards; LM 4-9-1-2: effect damage moves damage-many; LM 4-10-1 /
    LM 4-10-1-1: the attack card is the source of battle damage, so its strike skill fires and
    a melee card's does not."""
    s = cscene(p0=dict(battle=["T-ST", "T-ST"]))
    n = len(s.hand[0])
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    act(s, OWN_BATTLE + 1)
    act(s, PASS)
    act(s, PASS)
    assert len(s.life[1]) == 6 and len(s.hand[0]) == n + 1  # one strike skill: the attack card's
    s = cscene(p0=dict(hand=["T-DM"], energy=1))
    cplay(s, "T-DM")
    assert len(s.life[1]) == 5


def test_strike_modified_by_effect():
    """LM 7-5-1-4-1: the damage equals the attack card's strike as it is then (printed 1 plus
    +2 for this battle moves 3 life cards)."""
    s = cscene(p0=dict(battle=["T-SP"]))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    act(s, BATTLE_ABILITY + 0)
    act(s, PASS)
    act(s, PASS)
    assert len(s.life[1]) == 4
