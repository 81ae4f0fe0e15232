"""Leader Melee rules tests: zones and information, judgement corner cases, targets."""

from __future__ import annotations

from lm_scene import *  # noqa: F403
from lm_scene import R, act, attack, hand_slot, ids, play, scene


def test_zone_information_in_views():
    """LM 3-2-2: deck contents hidden from everyone; LM 3-3-2 / LM 3-3-3: own hand visible, the
    opponent's not; LM 3-9-2: life cards hidden even from the owner; LM 3-1-2: counts public;
    LM 3-8-2 / LM 3-4-2: energy and drop are public."""
    s = scene(p0=dict(hand=["T-V1"], energy=["T-V2"]), p1=dict(hand=["T-V2"]))
    v = s.to_dict(0)
    me, opp = v["players"]
    assert me["hand_cards"] == ["T-V1"] and "hand_cards" not in opp and opp["hand"] == 1
    assert "deck_cards" not in me and "life_cards" not in me and me["life"] == 7
    assert me["energy"] == ["T-V2"] and s.to_dict(1)["players"][0]["energy"] == ["T-V2"]


def test_energy_payment_offers_each_kind_once():
    """LM 3-8-2: any energy card may pay; identical cards are one choice (canonical order)."""
    s = scene(p0=dict(hand=["T-V2"], energy=["T-V1", "T-V1", "T-V0"]))
    act(s, hand_slot(s, 0, "T-V2"))
    assert s.dkind == D_PAY_ENERGY and len(s.legal_actions()) == 2
    act(s, s.legal_actions()[1])
    act(s, s.legal_actions()[0])
    assert len(s.energy[0]) == 1


def test_guard_card_gone_is_not_broken_and_counts_zero():
    """LM 7-5-1-3-1: a guard card that left the battle area guards with 0 power; nothing is
    broken (LM-G7)."""
    s = scene(p0=dict(battle=["T-V0"]), p1=dict(battle=["T-V2"]))
    attack(s, OWN_BATTLE + 0, OPP_BATTLE + 0)
    g = s.battle[1][0]
    R.move(s, g, Z_DROP)
    act(s, PASS)
    assert s.zone[g] == Z_DROP and ids(s, s.drop[1]) == ["T-V2"]


def test_attack_card_gone_deals_no_damage():
    """LM 7-5-1-4-1-1: an attack card that left the battle area strikes 0; the melee side
    can still win the judgement (LM 7-5-1-2), but no life moves."""
    s = scene(p0=dict(battle=["T-V2", "T-V2", "T-V2"]))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    act(s, OWN_BATTLE + 1)
    act(s, OWN_BATTLE + 1)
    R.move(s, s.attack, Z_ENERGY)
    act(s, PASS)
    act(s, PASS)
    assert len(s.life[1]) == 7


def test_break_wording_means_to_energy():
    """LM 7-5-1-4-2-1 / LM 3-6-4: 'break' puts the battle card into its owner's energy area."""
    s = scene(p0=dict(hand=["T-XB"]), p1=dict(battle=["T-V2"]))
    act(s, hand_slot(s, 0, "T-XB"))
    act(s, OPP_BATTLE + 0)
    assert ids(s, s.energy[1]) == ["T-V2"] and s.owner[s.energy[1][0]] == 1


def test_fixed_count_target_must_be_chosen():
    """LM 8-6-3-1: a fixed number of targets must be chosen while possible (no PASS);
    LM 8-6-3-4: with no possible target the part is skipped."""
    s = scene(p0=dict(hand=["T-PT", "T-PT"], battle=["T-V1"]))
    act(s, hand_slot(s, 0, "T-PT"))
    assert s.dkind == D_TARGET and s.legal_actions() == [OWN_BATTLE + 0]
    act(s, OWN_BATTLE + 0)
    s = scene(p0=dict(hand=["T-PT"]))
    act(s, hand_slot(s, 0, "T-PT"))
    assert s.dkind == D_FT_MAIN and ids(s, s.drop[0]) == ["T-PT"]


def test_draw_takes_the_top_card():
    """LM 4-8-2: 'draw 1' moves the top deck card to the hand."""
    s = scene(p0=dict(hand=["T-DR"]))
    top2 = s.deck[0][-2:]
    act(s, hand_slot(s, 0, "T-DR"))
    assert set(top2) <= set(s.hand[0])


def test_winner_and_returns():
    """LM 1-2-1: the player whose opponent lost wins: returns [+1, -1]."""
    s = scene(p0=dict(hand=["T-DM"], energy=1), p1=dict(life=1))
    play(s, "T-DM")
    assert s.is_terminal() and s.returns() == [1.0, -1.0] and s.current_player() == -4


def test_master_of_cards_in_zones():
    """LM 4-3-2 / LM 4-2-2: the master of a card in a zone is that zone's player; the owner
    is who started the game with it: cards always return to their owner's zones (LM 3-1-7)."""
    s = scene(p0=dict(battle=["T-V1"]), p1=dict(battle=["T-V0"]))
    attack(s, OWN_BATTLE + 0, OPP_BATTLE + 0)
    act(s, PASS)
    u = s.energy[1][-1] if ids(s, s.energy[1])[-1:] == ["T-V0"] else None
    assert u is not None and s.owner[u] == 1


def test_phase_and_step_start_triggers():
    """LM 6-3-1-1 main phase start, LM 7-2-1-1 battle phase start (first standby only),
    LM 7-3-1-1 attack step start, LM 7-5-1-1 judgement start, LM 7-6-1-1 battle complete,
    LM 7-7-1-1 battle phase end (once per turn): each triggers, then a checkpoint resolves it."""
    s = scene(p0=dict(battle=["T-PH", "T-V1"]))
    u = s.battle[0][0]
    assert R.stat(s, u, 1) == 2  # main start: strike +1
    act(s, PASS)
    assert R.stat(s, u, 0) == 2000  # battle phase start
    n = len(s.energy[0])
    attack(s, OWN_BATTLE + 1, OPP_BATTLE + 0) if s.battle[1] else attack(s, OWN_BATTLE + 1, OPP_LEADER)
    assert R.stat(s, u, 0) == 2100  # attack step start
    act(s, PASS)
    act(s, PASS)  # guard step (the leader is attacked)
    assert R.stat(s, u, 0) == 2110 and len(s.energy[0]) == n + 1  # judgement start, battle complete
    act(s, DECLARE_ATTACK)
    assert R.stat(s, u, 0) == 2210  # a second attack step start; no second battle phase start
    act(s, PASS)  # decline: battle phase end
    assert s.tp == 1 and R.stat(s, u, 0) == 1000  # its +5000 "this turn" ended with the turn


def test_guard_step_start_triggers_for_the_defender():
    """LM 7-4-1-1: guard step start triggers the defender's cards."""
    s = scene(p0=dict(battle=["T-V2"]), p1=dict(battle=["T-GW"]))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    act(s, PASS)
    assert s.dkind == D_TARGET and s.dplayer == 1 and s.legal_actions() == [SELF_LEADER]
    act(s, SELF_LEADER)
    assert s.dkind == D_FT_GUARD and R.stat(s, R.leader(1), 0) == 9000
    act(s, PASS)
    assert len(s.life[1]) == 7
