"""Leader Melee coverage tests: 覚醒 and 共闘 in detail (10-7, 10-8), and the keyword abilities
(10-9 .. 10-15) at their edges."""

from __future__ import annotations

from lm_cov import cplay, cscene
from lm_scene import *  # noqa: F403
from lm_scene import R, act, attack, hand_slot, ids, pass_until, to_attack


def test_awaken_cost_then_effect():
    """LM 10-7-2: 【覚醒】[cost](effect): the cost is paid (1 energy to the drop), the leader flips
    and the effect (draw 1) happens."""
    s = cscene(p0=dict(leader="T-CL", energy=1, deck=20))
    n = len(s.hand[0])
    act(s, LEADER_ABILITY + 2)
    assert s.dkind == D_PAY_ENERGY
    act(s, OWN_ENERGY + 0)
    assert s.face[0] == 1 and len(s.drop[0]) >= 1 and not s.energy[0] and len(s.hand[0]) == n + 1
    assert R.stat(s, 0, 0) == 7000 and R.stat(s, 0, 1) == 2


def test_awakened_leader_is_the_same_card():
    """LM 10-7-3 / LM 10-7-3-1: the awakened leader is the same card with other information on its
    back: it keeps its effects (+1000 this turn on top of the back's 7000), stays rested and stays
    the attack card, whose damage now uses the back's strike."""
    s = cscene(p0=dict(leader="T-CL", hand=["T-LP"], energy=1))
    cplay(s, "T-LP")
    act(s, SELF_LEADER)
    attack(s, SELF_LEADER, OPP_LEADER)
    o = s.obj[0]
    act(s, LEADER_ABILITY + 2)
    act(s, OWN_ENERGY + 0)
    assert s.face[0] == 1 and s.obj[0] == o and s.rest[0] == 1 and s.attack == 0
    assert R.stat(s, 0, 0) == 8000
    act(s, PASS)
    act(s, PASS)
    assert len(s.life[1]) == 5


def test_cooperate_cost_effect_and_same_card():
    """LM 10-8-2: 【共闘】[cost](effect): 1 energy paid, the leader flips and its effect (+1000 this
    battle) applies; LM 10-8-3-1: it is the same card, so the effect applies to the back face
    (6000 + 1000 + the 共闘 card's 2000 = 9000 outguard the 8000 attack; without it, a tie)."""
    s = cscene(p0=dict(battle=["T-CH", "T-V0"]), p1=dict(leader="T-CC", hand=["T-SG"], energy=2))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    act(s, OWN_BATTLE + 1)  # 6000 + 2000 = 8000
    act(s, PASS)
    cplay(s, "T-SG")
    assert s.dkind == D_FT_GUARD and LEADER_ABILITY + 0 in s.legal_actions()
    act(s, LEADER_ABILITY + 0)
    act(s, OWN_ENERGY + 0)
    g = R.leader(1)
    assert s.face[g] == 1 and R.stat(s, g, 0) == 7000 and s.guard == g
    act(s, PASS)
    assert len(s.life[1]) == 7


def test_cooperate_needs_its_cost():
    """LM 10-8-1: 共闘 needs its condition and its cost: with the 共闘 card in melee but no
    energy left, it is not offered."""
    s = cscene(p0=dict(battle=["T-V2"]), p1=dict(leader="T-CC", hand=["T-SG"], energy=1))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    act(s, PASS)
    cplay(s, "T-SG")
    assert LEADER_ABILITY + 0 not in s.legal_actions()


def test_iron_wall_against_effects_not_own():
    """LM 10-9-1: 鉄壁 stops the first break or drop by the opponent's skill each turn; a second
    one works; the card's own master's effects are not stopped."""
    s = cscene(p0=dict(hand=["T-DD", "T-DD"]), p1=dict(battle=["T-IW"]))
    cplay(s, "T-DD")
    act(s, OPP_BATTLE + 0)
    assert ids(s, s.battle[1]) == ["T-IW"]
    cplay(s, "T-DD")
    act(s, OPP_BATTLE + 0)
    assert not s.battle[1] and ids(s, s.drop[1])[-1] == "T-IW"


def test_defend_only_restricts_targets_while_present():
    """LM 10-10-1: 防衛 lets the opponent attack only 防衛 cards while one is in the battle area;
    once it is broken, the leader can be attacked again."""
    s = cscene(p0=dict(battle=["T-V1", "T-V1"]), p1=dict(battle=["T-DF", "T-V0"]))
    to_attack(s)
    act(s, OWN_BATTLE + 0)
    assert s.legal_actions() == [OPP_BATTLE + 0]
    act(s, OPP_BATTLE + 0)
    pass_until(s, D_FT_STANDBY)
    assert ids(s, s.battle[1]) == ["T-V0"]
    act(s, DECLARE_ATTACK)
    act(s, OWN_BATTLE + 1)
    assert s.legal_actions() == [OPP_LEADER, OPP_BATTLE + 0]


def test_surge_only_from_hand():
    """LM 10-11-1: 怒涛 works when the card entered melee from hand; a 怒涛 card moved from the
    battle area into melee goes to energy like any other."""
    s = cscene(p0=dict(battle=["T-V1", "T-SG"]))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    act(s, OWN_BATTLE + 1)
    pass_until(s, D_FT_STANDBY)
    assert "T-SG" in ids(s, s.energy[0]) and ids(s, s.battle[0]) == ["T-V1"]


def test_charge_needs_the_attack_card_on_the_field():
    """LM 10-12-1: 充填 charges 2 after the battle its card attacked in, only while that card is
    still on the field; a 充填 card that only joined the melee does not charge."""
    s = cscene(p0=dict(battle=["T-V1", "T-CH"]))
    n = len(s.energy[0])
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    act(s, OWN_BATTLE + 1)
    pass_until(s, D_FT_STANDBY)
    assert ids(s, s.energy[0]) == ["T-CH"] and len(s.energy[0]) == n + 1  # only the melee card
    s = cscene(p0=dict(battle=["T-CH"]))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    R.move(s, s.attack, Z_DROP)  # as if an effect had dropped it
    pass_until(s, D_FT_STANDBY)
    assert not s.energy[0] and len(s.life[1]) == 7


def test_haste_also_for_melee_plays():
    """LM 10-13-1: 速攻 lowers the level by 2 while the opponent's battle area is empty, also when
    played into melee (LM-G19)."""
    s = cscene(p0=dict(battle=["T-V1"], hand=["T-HS"], energy=1))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    assert hand_slot(s, 0, "T-HS") in s.legal_actions()
    cplay(s, "T-HS")
    assert ids(s, s.melee[0]) == ["T-HS"] and len(s.drop[0]) == 1


def test_link_only_from_hand_not_into_melee():
    """LM 10-14-1: 連携 triggers when the card enters the battle area from hand; played into melee
    it does not reveal anything (LM-G32)."""
    s = cscene(p0=dict(battle=["T-V1"], hand=["T-LK"], energy=2))
    top = s.deck[0][-1]
    s.cdef[top] = s.game.pool.by_id["T-V0"].index
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    cplay(s, "T-LK")
    assert s.deck[0][-1] == top and s.known[top] == 0 and ids(s, s.battle[0]) == ["T-V1"]


def test_once_per_turn_resets_next_turn():
    """LM 10-15-1: ターン1回: once in a turn; the next turn it can be used again."""
    s = cscene(p0=dict(battle=["T-OT"]))
    act(s, BATTLE_ABILITY + 0)
    assert BATTLE_ABILITY + 0 not in s.legal_actions()
    act(s, PASS)
    act(s, PASS)
    assert s.tp == 1
    act(s, PASS)
    act(s, PASS)
    assert s.tp == 0 and s.dkind == D_FT_MAIN and BATTLE_ABILITY + 0 in s.legal_actions()


def test_iron_wall_does_not_stop_rule_processes():
    """LM 10-9-1: 鉄壁 stops breaks and drops by the opponent's skills or battle only: the battle
    area limit (LM 9-3-2) and illegal melee (LM 9-4-2) still drop a 鉄壁 card."""
    s = cscene(p0=dict(battle=["T-IW"] * 5))
    assert s.dkind == D_LIMIT_DROP
    act(s, OWN_BATTLE + 0)
    assert ids(s, s.drop[0])[-1] == "T-IW" and len(s.battle[0]) == 4
    s = cscene(p0=dict(melee=["T-IW"]))
    assert not s.melee[0] and ids(s, s.drop[0])[-1] == "T-IW"


def test_surge_and_haste_for_the_defender():
    """LM 10-11-1: 怒涛 also works for the non-turn player's card played into melee in the guard
    step: it ends in that player's battle area, active; LM 10-13-1: 速攻 looks at the opponent of
    the player paying (the attacker's empty battle area makes T-HS cost 1)."""
    s = cscene(p0=dict(battle=["T-V2"]), p1=dict(hand=["T-SG"], energy=1))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    act(s, PASS)
    cplay(s, "T-SG")
    act(s, PASS)
    assert ids(s, s.battle[1]) == ["T-SG"] and s.rest[s.battle[1][0]] == 0 and len(s.life[1]) == 7
    s = cscene(p1=dict(hand=["T-HS"], energy=1))
    attack(s, SELF_LEADER, OPP_LEADER)
    act(s, PASS)
    assert hand_slot(s, 1, "T-HS") in s.legal_actions()
    s = cscene(p0=dict(battle=["T-V1"]), p1=dict(hand=["T-HS"], energy=1))
    attack(s, SELF_LEADER, OPP_LEADER)
    act(s, PASS)
    assert hand_slot(s, 1, "T-HS") not in s.legal_actions()
