"""Leader Melee rules tests: the flow of phases and steps, free timing, costs, effects."""

from __future__ import annotations

from lm_scene import *  # noqa: F403
from lm_scene import R, act, attack, hand_slot, pass_until, play, scene, to_attack


def test_phase_flow_and_turn_change():
    """LM 6-3-1-3: PASS in the main phase -> battle phase; LM 7-2-1-3: PASS at standby -> battle
    phase end; LM 7-7-1-3 / LM 6-5-1-4: then the end phase and the opponent's turn, whose
    charge phase (LM 6-2-1, LM 6-2-3, LM 6-2-5) leads to its main phase (LM 6-3-1-1)."""
    s = scene(p0=dict(battle=["T-V1"]))
    act(s, PASS)
    assert s.dkind == D_FT_STANDBY and s.phase == P_STANDBY
    act(s, PASS)
    assert s.tp == 1 and s.dkind == D_FT_MAIN and s.phase == P_MAIN


def test_declining_the_attacker_ends_the_battle_phase():
    """LM 7-3-1-2: not choosing an attack card goes to the battle phase end step."""
    s = scene(p0=dict(battle=["T-V1"]))
    to_attack(s)
    act(s, PASS)
    assert s.tp == 1


def test_battles_repeat_from_standby():
    """LM 7-1 / LM 6-4-1: a battle phase is a loop of battles; LM 7-6-1-4: after each battle the
    standby step again; LM 7-3-1-1, LM 7-3-1-5, LM 7-5-1-1, LM 7-5-1-5, LM 7-6-1-1 checkpoints."""
    s = scene(p0=dict(battle=["T-V2", "T-V2"]))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    pass_until(s, D_FT_STANDBY)
    assert DECLARE_ATTACK in s.legal_actions()
    act(s, DECLARE_ATTACK)
    assert s.legal_actions() == [PASS, SELF_LEADER, OWN_BATTLE + 1]  # LM 4-7-1: the rested one cannot


def test_free_timing_returns_after_each_action():
    """LM 4-6-3-1: after an action the same player gets free timing again; LM 4-6-3-2 / LM 8-5-2-3:
    doing nothing moves the game on."""
    s = scene(p0=dict(hand=["T-V0", "T-V0"]))
    play(s, "T-V0")
    assert s.dkind == D_FT_MAIN and s.dplayer == 0
    play(s, "T-V0")
    assert len(s.battle[0]) == 2


def test_ability_cost_must_be_payable():
    """LM 8-4-2-2: a cost that cannot be paid whole cannot be paid at all: the ability is not
    offered; LM 7-3-1-6-3: battle abilities in the attack step; LM 8-6-2-3: the cost is paid."""
    s = scene(p0=dict(battle=["T-V1", "T-CO"], energy=1))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    assert BATTLE_ABILITY + 4 not in s.legal_actions()
    s = scene(p0=dict(battle=["T-V1", "T-CO"], energy=2))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    act(s, BATTLE_ABILITY + 4)
    act(s, OWN_ENERGY + 0)
    act(s, OWN_ENERGY + 0)
    assert len(s.drop[0]) == 2 and R.stat(s, s.battle[0][1], 0) == 4000


def test_guard_step_battle_abilities_of_the_defender():
    """LM 7-4-1-2-3: the non-turn player's battle abilities in the guard step; LM 7-4-1-3: PASS ->
    judgement."""
    s = scene(p0=dict(battle=["T-V2"]), p1=dict(battle=["T-CO"], energy=2))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    act(s, PASS)
    assert BATTLE_ABILITY + 0 in s.legal_actions()
    act(s, PASS)
    assert len(s.life[1]) == 5


def test_effect_damage_and_draw_n():
    """LM 4-9-1-2-1: effect damage moves life cards to energy; LM 4-8-3: draw N is N draws;
    LM 2-10-1-2: an extra pays its level."""
    s = scene(p0=dict(hand=["T-DM", "T-DR"], energy=1))
    play(s, "T-DM")
    assert len(s.life[1]) == 5 and len(s.energy[1]) == 2 and len(s.energy[0]) == 0
    n = len(s.hand[0])
    play(s, "T-DR")
    assert len(s.hand[0]) == n + 1


def test_power_floor_zero_and_effects_on_moved_cards():
    """LM 1-3-6: a value below 0 counts as 0; LM 3-1-4 / LM 8-9-1-4: a card that left the battle
    area is a new card and no longer has the effect."""
    s = scene(p0=dict(hand=["T-NG"]), p1=dict(battle=["T-V1"]))
    act(s, hand_slot(s, 0, "T-NG"))
    act(s, OPP_BATTLE + 0)
    u = s.battle[1][0]
    assert R.stat(s, u, 0) == 0
    R.move(s, u, Z_HAND)
    R.move(s, u, Z_BATTLE)
    assert R.stat(s, u, 0) == 3000


def test_melee_keeps_effects():
    """LM 3-1-4 / LM 3-1-5: battle <-> melee is the same card: effects stay (LM-G6)."""
    s = scene(p0=dict(hand=["T-PT"], battle=["T-V1", "T-V1"]))
    act(s, hand_slot(s, 0, "T-PT"))
    act(s, OWN_BATTLE + 1)
    u = s.battle[0][1]
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    act(s, OWN_BATTLE + 1)
    assert s.zone[u] == Z_MELEE and R.stat(s, u, 0) == 5000


def test_once_per_turn_each_card_and_waits_removed():
    """LM 10-15-2: ターン1回 counts per card; LM 8-7-2-1 / LM 8-7-3 / LM 8-7-3-1: each trigger waits
    once, and a wait of a used once-per-turn ability is removed unplayed."""
    s = scene(p0=dict(battle=["T-OT", "T-OT"]))
    act(s, BATTLE_ABILITY + 0)
    assert BATTLE_ABILITY + 4 in s.legal_actions()
    s = scene(p0=dict(battle=["T-TS", "T-TS"]), tp=1)
    act(s, PASS)
    act(s, PASS)
    assert s.tp == 0 and s.dkind == D_ORDER_TRIGGER  # LM 8-5-1-2: two waiting, the player orders
    act(s, PENDING + 1)
    n = len(s.energy[0])
    assert n == 3  # one per Twin Starter + the turn's charge (LM 6-2-4)
    u = s.battle[0][0]
    s.waits.append([0, u, s.obj[u], 0, 0])
    s.stack[-1][1] = 0
    s.dkind = -1
    s._run()
    assert len(s.energy[0]) == n  # already used this turn


def test_melee_text_invalid():
    """LM 3-7-3: text of cards in the melee area does not work (their attack skill does not fire)."""
    s = scene(p0=dict(battle=["T-V1", "T-AT"]))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    act(s, OWN_BATTLE + 1)
    assert R.stat(s, s.melee[0][0], 0) == 1000 and not s.waits


def test_extras_work_from_hand_battle_text_from_the_field():
    """LM 2-11-2: battle card text works in the battle area (not from hand); LM 2-11-3: an extra's
    text works from the hand; LM 8-6-2-1: the played card is revealed while its cost is paid."""
    s = scene(p0=dict(hand=["T-OT", "T-PT"], battle=["T-V1"], energy=0))
    assert BATTLE_ABILITY + 0 not in s.legal_actions()
    assert hand_slot(s, 0, "T-PT") in s.legal_actions()
    s = scene(p0=dict(hand=["T-V1"], energy=1))
    act(s, hand_slot(s, 0, "T-V1"))
    assert s.dkind == D_PAY_ENERGY and s.known[s.hand[0][0]] == 1


def test_loss_is_checked_at_once():
    """LM 9-2-1 / LM 9-2-2: loss is an interrupt: the game ends in the middle of an effect."""
    s = scene(p0=dict(hand=["T-DM"], energy=1), p1=dict(life=2))
    play(s, "T-DM")
    assert s.is_terminal() and s.returns() == [1.0, -1.0]


def test_awaken_needs_its_condition_and_cost():
    """LM 10-7-1: 覚醒 needs its condition and cost; LM 7-2-1-2-2-1: usable at standby too;
    LM 10-8-1: 共闘 likewise (its condition: a 共闘 card in melee)."""
    s = scene(p0=dict(life=3, battle=["T-V1"]))
    act(s, PASS)
    assert s.dkind == D_FT_STANDBY and LEADER_ABILITY + 0 not in s.legal_actions()  # no energy
    s = scene(p0=dict(life=3, battle=["T-V1"], energy=1))
    act(s, PASS)
    act(s, LEADER_ABILITY + 0)
    act(s, OWN_ENERGY + 0)
    assert s.face[0] == 1
