"""Leader Melee coverage tests: abilities, costs, playing and resolving (8-1 .. 8-9), masters
(4-3), targets and 'up to' (8-6-3, 4-8-4), fundamental principles (1-3)."""

from __future__ import annotations

import pytest
from lm_cov import COV_FILES, cplay, cscene
from lm_scene import *  # noqa: F403
from lm_scene import R, act, attack, hand_slot, ids, to_attack
from tcgzoo.envs.core.errors import CardFileError
from tcgzoo.envs.leader_melee.cards import load_pool


def test_activated_ability_needs_cost_and_condition():
    """LM 8-1-2: an 【起動発動】 is played at free timing by a player who meets its cost and
    conditions; LM 8-1-2-1: its timing word (main / battle) says in which free timings."""
    s = cscene(p0=dict(leader="T-CL"))
    assert LEADER_ABILITY + 0 not in s.legal_actions()  # [1 energy] unpaid
    s = cscene(p0=dict(leader="T-CL", energy=1))
    assert LEADER_ABILITY + 0 in s.legal_actions() and LEADER_ABILITY + 1 not in s.legal_actions()
    act(s, PASS)
    assert LEADER_ABILITY + 1 in s.legal_actions() and LEADER_ABILITY + 0 not in s.legal_actions()
    s = cscene(p0=dict(battle=["T-V1"], hand=["T-KX"]))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    assert hand_slot(s, 0, "T-KX") not in s.legal_actions()  # its condition is not met


def test_extra_without_cost_and_extra_cost_paid_with_the_card():
    """LM 8-1-2-1-1: an extra's 【起動発動】 may have no cost (level 0, nothing to pay);
    LM 8-6-2-3-1: an extra's ability cost is determined and paid together with the card: level 1
    plus [1 energy] needs 2 energy, both paid before it resolves."""
    s = cscene(p0=dict(hand=["T-DR"]))
    assert hand_slot(s, 0, "T-DR") in s.legal_actions()
    s = cscene(p0=dict(hand=["T-XE"], energy=1))
    assert hand_slot(s, 0, "T-XE") not in s.legal_actions()
    s = cscene(p0=dict(hand=["T-XE"], energy=2))
    n = len(s.hand[0])
    act(s, hand_slot(s, 0, "T-XE"))
    assert s.dkind == D_PAY_ENERGY
    act(s, OWN_ENERGY + 0)
    assert s.dkind == D_PAY_ENERGY and len(s.hand[0]) == n  # still paying: nothing resolved yet
    act(s, OWN_ENERGY + 0)
    assert len(s.drop[0]) == 3 and len(s.hand[0]) == n  # 2 energy + the extra; drew 1


def test_cost_is_paid_by_doing_its_actions():
    """LM 8-4-1 / LM 8-4-2: the [cost] of an 【起動発動】 is paid by doing what it names: here one
    energy into the drop and resting this card; a rested card cannot pay [rest] again."""
    s = cscene(p0=dict(battle=["T-RS"], energy=2))
    n = len(s.hand[0])
    act(s, BATTLE_ABILITY + 0)
    act(s, OWN_ENERGY + 0)
    u = s.battle[0][0]
    assert s.rest[u] == 1 and len(s.drop[0]) == 1 and len(s.hand[0]) == n + 1
    assert BATTLE_ABILITY + 0 not in s.legal_actions()


def test_abilities_without_once_per_turn_repeat():
    """LM 10-15-3: an ability without ターン1回 can be used as often as cost and conditions allow."""
    s = cscene(p0=dict(battle=["T-V1", "T-CO"], energy=4))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    for _ in range(2):
        act(s, BATTLE_ABILITY + 4)
        act(s, OWN_ENERGY + 0)
        act(s, OWN_ENERGY + 0)
    assert R.stat(s, s.battle[0][1], 0) == 7000 and BATTLE_ABILITY + 4 not in s.legal_actions()


def test_automatic_ability_waits_then_plays_at_the_checkpoint():
    """LM 8-1-4 / LM 8-1-4-1: an 【自動発動】 plays automatically when its trigger event happens;
    LM 8-7-1 / LM 8-7-2: it becomes waiting when the event happens (the attack) and is played at
    the next checkpoint (after the target is chosen, 7-3-1-5)."""
    s = cscene(p0=dict(battle=["T-AT"]))
    to_attack(s)
    act(s, OWN_BATTLE + 0)
    u = s.battle[0][0]
    assert s.dkind == D_CHOOSE_TARGET and len(s.waits) == 1 and R.stat(s, u, 0) == 1000
    act(s, OPP_LEADER)
    assert not s.waits and R.stat(s, u, 0) == 6000


def test_condition_checked_when_the_ability_resolves():
    """LM 8-3-3: a part valid only under a condition does nothing while it is not met: the play
    skill 'if your life is 3 or less, draw 1' draws at life 3 and not at life 4."""
    s = cscene(p0=dict(hand=["T-CD"], life=4))
    n = len(s.hand[0])
    cplay(s, "T-CD")
    assert len(s.hand[0]) == n - 1
    s = cscene(p0=dict(hand=["T-CD"], life=3))
    cplay(s, "T-CD")
    assert len(s.hand[0]) == n


def test_one_shot_and_continuous_effects():
    """LM 8-2-1-1 / LM 8-8-1: a one-shot effect (draw 2) is carried out once and is over;
    LM 8-2-1-2: a continuous effect lasts for its duration ('this turn' power +2000 holds through
    the turn and ends at its end)."""
    s = cscene(p0=dict(hand=["T-DR", "T-PT"], battle=["T-V1"], deck=30))
    n = len(s.hand[0])
    cplay(s, "T-DR")
    assert len(s.hand[0]) == n + 1 and len(s.deck[0]) == 28
    cplay(s, "T-PT")
    act(s, OWN_BATTLE + 0)
    u = s.battle[0][0]
    assert R.stat(s, u, 0) == 5000
    act(s, PASS)
    assert R.stat(s, u, 0) == 5000  # still this turn, in the battle phase
    act(s, PASS)
    assert s.tp == 1 and R.stat(s, u, 0) == 3000


def test_playing_a_card_step_by_step():
    """LM 8-6-2: playing: name the card (revealed), pay its cost, resolve; LM 8-6-2-4 /
    LM 8-6-2-4-1: a played battle card resolves by being put into the battle area;
    LM 8-6-2-4-3: a played 【起動発動】 carries out its effect; LM 8-6-1: hand cards and
    activated abilities resolve by being played."""
    s = cscene(p0=dict(hand=["T-V1"], battle=["T-OT"], energy=1))
    u = s.hand[0][0]
    act(s, hand_slot(s, 0, "T-V1"))
    assert s.dkind == D_PAY_ENERGY and s.known[u] == 1 and s.zone[u] == Z_HAND
    act(s, OWN_ENERGY + 0)
    assert s.zone[u] == Z_BATTLE
    act(s, BATTLE_ABILITY + 0)
    assert R.stat(s, s.battle[0][0], 0) == 2000


def test_targets_chosen_when_the_instruction_is_reached():
    """LM 8-6-3: targets are chosen during resolution when their instruction is reached: the
    draw before it has already happened when the target is asked for."""
    s = cscene(p0=dict(hand=["T-DT"], battle=["T-V1", "T-V0"]))
    n = len(s.hand[0])
    act(s, hand_slot(s, 0, "T-DT"))
    assert s.dkind == D_TARGET and len(s.hand[0]) == n  # played one, drew one
    act(s, OWN_BATTLE + 1)
    assert R.stat(s, s.battle[0][1], 0) == 3000


def test_partly_possible_target_count():
    """LM 8-6-3-3 / LM 1-3-2: 'choose 2' with only one possible target: choose that one and
    resolve on it (as far as possible)."""
    s = cscene(p0=dict(hand=["T-P2"], battle=["T-V1"]))
    act(s, hand_slot(s, 0, "T-P2"))
    assert s.legal_actions() == [OWN_BATTLE + 0]
    act(s, OWN_BATTLE + 0)
    assert s.dkind == D_FT_MAIN and R.stat(s, s.battle[0][0], 0) == 4000


def test_no_target_means_this_card_or_the_master():
    """LM 8-6-3-6: with no target named, a card effect applies to its source card (the attack
    skill pumps itself, not the other card) and a player effect to its master (player 1's
    'draw 2' draws for player 1)."""
    s = cscene(p0=dict(battle=["T-AT", "T-V1"]))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    assert R.stat(s, s.battle[0][0], 0) == 6000 and R.stat(s, s.battle[0][1], 0) == 3000
    s = cscene(p1=dict(hand=["T-DR"]), tp=1)
    h0, h1 = len(s.hand[0]), len(s.hand[1])
    cplay(s, "T-DR")
    assert len(s.hand[1]) == h1 + 1 and len(s.hand[0]) == h0


def test_masters_of_abilities_and_effects():
    """LM 4-3-1 / LM 4-3-3 / LM 4-3-4: an activated ability's and its effect's master is the
    player who played it (player 1's extra targets from player 1's side); LM 4-3-6: an automatic
    ability's master is its card's master (the defender's guard-step ability asks the defender)."""
    s = cscene(p0=dict(battle=["T-V1"]), p1=dict(hand=["T-RB"], battle=["T-V0"]), tp=1)
    cplay(s, "T-RB")
    assert s.dkind == D_TARGET and s.dplayer == 1 and s.legal_actions() == [OPP_BATTLE + 0]
    act(s, OPP_BATTLE + 0)
    assert s.rest[s.battle[0][0]] == 1 and s.rest[s.battle[1][0]] == 0
    s = cscene(p0=dict(battle=["T-V2"]), p1=dict(battle=["T-GW"]))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    act(s, PASS)
    assert s.dkind == D_TARGET and s.dplayer == 1


def test_leader_and_battle_card_words_in_text():
    """LM 2-3-2-1-1: 'leader' in text means the card in the leader area; LM 2-3-2-2-1: 'battle
    card' means battle-type cards only (the leader is not one); 'any' offers both."""
    s = cscene(p0=dict(hand=["T-LP", "T-RB", "T-RA"], battle=["T-V1"]), p1=dict(battle=["T-V1"]))
    act(s, hand_slot(s, 0, "T-LP"))
    assert s.legal_actions() == [SELF_LEADER]
    act(s, SELF_LEADER)
    assert R.stat(s, 0, 0) == 6000
    act(s, hand_slot(s, 0, "T-RB"))
    assert s.legal_actions() == [OPP_BATTLE + 0]
    act(s, OPP_BATTLE + 0)
    act(s, hand_slot(s, 0, "T-RA"))
    assert s.legal_actions() == [OPP_LEADER, OPP_BATTLE + 0]


def test_draw_up_to_n():
    """LM 4-8-4-1: the player may stop; LM 4-8-4-2: each YES draws 1; LM 4-8-4-3 (LM-R5): after
    N draws the action ends without asking again."""
    s = cscene(p0=dict(hand=["T-DU"], deck=20))
    act(s, hand_slot(s, 0, "T-DU"))
    assert s.dkind == D_DRAW_UP_TO and s.legal_actions() == [PASS, YES]
    act(s, YES)
    assert s.dkind == D_DRAW_UP_TO and len(s.hand[0]) == 1
    act(s, YES)
    assert s.dkind == D_FT_MAIN and len(s.hand[0]) == 2 and len(s.deck[0]) == 18


def test_zero_count_does_nothing_and_negative_counts_are_rejected(tmp_path):
    """LM 1-3-2-2: an action required 0 times is not done (draw 0 draws nothing) and a negative
    count is never an instruction (the card file is rejected)."""
    s = cscene(p0=dict(hand=["T-D0"], deck=20))
    cplay(s, "T-D0")
    assert not s.hand[0] and len(s.deck[0]) == 20 and ids(s, s.drop[0])[-1] == "T-D0"
    f = tmp_path / "neg.yaml"
    f.write_text(
        "cards:\n  - {id: X-N, name: x, type: extra, color: white, level: 0, "
        "effects: [{activated: main, actions: [{do: draw, n: -1}]}]}\n",
        encoding="utf-8",
    )
    with pytest.raises(CardFileError) as e:
        load_pool(list(COV_FILES) + [str(f)])
    assert "X-N" in str(e.value)


def test_already_in_that_state_is_not_an_action():
    """LM 1-3-2-1: making an active card active (or a rested one rested) does not happen: the
    card keeps its position and nothing else changes."""
    s = cscene(p0=dict(hand=["T-SB"], battle=["T-V1"]), p1=dict(battle=["T-V1"], rested=[0]))
    before = s.to_dict()
    cplay(s, "T-SB")
    act(s, OWN_BATTLE + 0)
    after = s.to_dict()
    assert after["players"][0]["battle"] == before["players"][0]["battle"]
    assert after["players"][1] == before["players"][1]


def test_power_is_printed_value_plus_modifiers():
    """LM 8-9-1 / LM 8-9-1-1 / LM 8-9-1-3: a card's power is its printed value, then every
    number-changing effect applied (3000 + 2000 + 1000)."""
    s = cscene(p0=dict(hand=["T-PT", "T-P2"], battle=["T-V1"]))
    cplay(s, "T-PT")
    act(s, OWN_BATTLE + 0)
    cplay(s, "T-P2")
    act(s, OWN_BATTLE + 0)
    u = s.battle[0][0]
    assert s.defs[s.cdef[u]].face.power == 3000 and R.stat(s, u, 0) == 6000
