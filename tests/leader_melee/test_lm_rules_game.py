"""Leader Melee rules tests: setup, turn, playing cards, rule processes, loss."""

from __future__ import annotations

from lm_scene import *  # noqa: F403
from lm_scene import R, act, game, hand_slot, ids, play, scene, started


def test_setup_hands_life_and_first_turn():
    """LM 5-2-1-5: 3-card hands; LM 5-2-1-6: 7 life cards; LM 5-2-1-2: leaders front up, active;
    LM 6-2-2: no draw on the first player's first turn; LM 6-2-4 / LM 6-2-4-1: the charge."""
    s = game(0).new_initial_state(5)
    assert s.dkind == D_MULLIGAN and s.dplayer == 0
    assert [len(s.hand[p]) for p in (0, 1)] == [3, 3]
    assert s.face[0] == 0 and s.rest[0] == 0
    act(s, PASS)
    assert s.dkind == D_MULLIGAN and s.dplayer == 1  # first player first
    act(s, PASS)
    assert [len(s.life[p]) for p in (0, 1)] == [7, 7]
    assert s.dkind == D_FT_MAIN and s.tp == 0
    assert len(s.hand[0]) == 3 and len(s.energy[0]) == 1 and len(s.deck[0]) == 29
    assert len(s.deck[1]) == 30


def test_first_player_is_random_and_nobody_chooses():
    """LM 5-2-1-4 / LM 5-2-1-3-1 (LM-R6): the first player is random; the first decision is a mulligan."""
    firsts = set()
    for seed in range(30):
        s = game(None).new_initial_state(seed)
        assert s.dkind == D_MULLIGAN and s.dplayer == s.first
        firsts.add(s.first)
    assert firsts == {0, 1}


def test_partial_mulligan():
    """LM 5-2-1-3-1b / LM 5-2-1-3-2: return any number, shuffle, draw as many."""
    s = game(0).new_initial_state(1)
    keep = s.hand[0][2]
    act(s, HAND + 0)
    assert HAND + 0 not in s.legal_actions() and s.dkind == D_MULLIGAN
    act(s, HAND + 1)
    act(s, PASS)
    assert len(s.hand[0]) == 3 and keep in s.hand[0]
    assert s.dplayer == 1


def test_second_turn_draws_then_charges():
    """LM 6-2-2 and LM 6-2-4: the second player draws one and charges one."""
    s = started()
    act(s, PASS)  # main
    act(s, PASS)  # standby: no attack
    assert s.tp == 1 and s.dkind == D_FT_MAIN
    assert len(s.hand[1]) == 4 and len(s.energy[1]) == 1


def test_play_battle_card_pays_level():
    """LM 6-3-1-2-1 / LM 2-10-1-1: level-many energy cards go to the drop; the card enters active."""
    s = scene(p0=dict(hand=["T-V2"], energy=3))
    play(s, "T-V2")
    assert ids(s, s.battle[0]) == ["T-V2"] and s.rest[s.battle[0][0]] == 0
    assert len(s.energy[0]) == 1 and len(s.drop[0]) == 2


def test_cannot_play_without_energy():
    """LM 6-3-1-2-1-1: no play without level-many energy."""
    s = scene(p0=dict(hand=["T-V2"], energy=1))
    assert s.legal_actions() == [PASS]


def test_illegal_action_raises_and_changes_nothing():
    s = scene(p0=dict(hand=["T-V2"], energy=1))
    before = s.to_dict()
    try:
        s.apply_action(HAND + 0)
    except ValueError as e:
        assert "illegal action" in str(e)
    else:
        raise AssertionError("no ValueError")
    assert s.to_dict() == before


def test_battle_area_limit_protects_last_placed():
    """LM 9-3-2 / LM 9-3-2-1 (LM-R4): five cards -> the master drops one, never the last placed."""
    s = scene(p0=dict(hand=["T-V0"], battle=["T-V1"] * 4))
    play(s, "T-V0")
    assert s.dkind == D_LIMIT_DROP and s.dplayer == 0
    assert s.legal_actions() == [OWN_BATTLE + i for i in range(4)]
    act(s, OWN_BATTLE + 1)
    assert len(s.battle[0]) == 4 and ids(s, s.drop[0])[-1] == "T-V1"
    assert "T-V0" in ids(s, s.battle[0]) and s.dkind == D_FT_MAIN


def test_loss_by_life_and_deck():
    """LM 9-2-3 and LM 9-2-4 (LM-R1, correcting LM 1-2-2-1): 0 life or 0 deck cards loses."""
    s = scene(p0=dict(battle=["T-V2"]), p1=dict(life=1))
    from lm_scene import attack

    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    act(s, PASS)  # attack FT
    act(s, PASS)  # guard FT (player 1)
    assert s.is_terminal() and s.returns() == [1.0, -1.0]
    s = scene(p0=dict(deck=1), tp=0)
    act(s, PASS)
    act(s, PASS)
    # player 1's turn: draws and charges normally; player 0 still has 1 card
    assert not s.is_terminal()
    s = scene(p1=dict(deck=1))
    act(s, PASS)
    act(s, PASS)
    assert s.is_terminal() and s.returns() == [1.0, -1.0]  # player 1 drew its last card


def test_both_lose_is_a_draw():
    """LM 1-2-3: both players meet a loss condition at once -> draw."""
    s = scene(p0=dict(deck=1), p1=dict(deck=1))
    s.deck[0], tmp = [], s.deck[0]
    for u in tmp:
        s.zone[u] = Z_DROP
        s.drop[0].append(u)
    s.deck[1], tmp = [], s.deck[1]
    for u in tmp:
        s.zone[u] = Z_DROP
        s.drop[1].append(u)
    assert R.check_loss(s)
    assert s.returns() == [0.0, 0.0]


def test_end_phase_untaps_and_turn_effects_end():
    """LM 6-5-1-2: the turn player makes its cards active; LM 6-5-1-3: 'this turn' effects end."""
    s = scene(p0=dict(battle=["T-OT", "T-V1"], rested=[1]))
    act(s, BATTLE_ABILITY + 0)
    u = s.battle[0][0]
    assert R.stat(s, u, 0) == 2000
    assert BATTLE_ABILITY + 0 not in s.legal_actions()  # LM 10-15-1: once per turn
    act(s, PASS)
    act(s, PASS)
    assert s.tp == 1
    assert s.rest[s.battle[0][1]] == 0
    assert R.stat(s, u, 0) == 1000


def test_illegal_melee_dropped_outside_battle_phase():
    """LM 9-4-2: outside the battle phase melee cards go to their owner's drop."""
    s = scene(p0=dict(battle=["T-V1"]))
    R.move(s, s.battle[0][0], Z_MELEE)
    s.stack.append([R.H_CP, 0])
    s.dkind = -1
    s.stack[-2][1] = 1  # FT re-asks after the checkpoint
    s._run()
    assert not s.melee[0] and ids(s, s.drop[0]) == ["T-V1"]


def test_extra_goes_to_drop_then_resolves_draw_up_to():
    """LM 8-6-2-4-2: an extra goes to the drop first; LM 4-8-4 (LM-R5): draw up to N, one at a time."""
    s = scene(p0=dict(hand=["T-DU"]))
    act(s, hand_slot(s, 0, "T-DU"))
    assert s.dkind == D_DRAW_UP_TO and ids(s, s.drop[0]) == ["T-DU"]
    act(s, YES)
    assert len(s.hand[0]) == 1
    act(s, PASS)
    assert s.dkind == D_FT_MAIN and len(s.hand[0]) == 1


def test_effect_break_up_to():
    """LM 8-6-3-2: 'up to' targets may be none; LM 3-6-4: break puts the card into its owner's energy."""
    s = scene(p0=dict(hand=["T-XB", "T-XB"]), p1=dict(battle=["T-V1"]))
    act(s, hand_slot(s, 0, "T-XB"))
    assert s.dkind == D_TARGET and s.legal_actions() == [PASS, OPP_BATTLE + 0]
    act(s, PASS)
    assert len(s.battle[1]) == 1
    act(s, hand_slot(s, 0, "T-XB"))
    act(s, OPP_BATTLE + 0)
    assert not s.battle[1] and ids(s, s.energy[1]) == ["T-V1"]


def test_play_skill_and_trigger_order():
    """LM 10-1-1: a play skill waits and resolves at the checkpoint; LM 8-5-1-2: the turn
    player's waiting abilities resolve first (several: the player picks the order)."""
    s = scene(p0=dict(hand=["T-PD"], deck=10))
    n = len(s.hand[0])
    play(s, "T-PD")
    assert len(s.hand[0]) == n  # played one, drew one
    s.waits.append([0, s.battle[0][0], s.obj[s.battle[0][0]], 0, 0])
    s.waits.append([0, s.battle[0][0], s.obj[s.battle[0][0]] + 5, 0, 0])
    s.stack[-1][1] = 0
    s.dkind = -1
    s._run()
    assert s.dkind == D_ORDER_TRIGGER and s.legal_actions() == [PENDING, PENDING + 1]
    act(s, PENDING + 1)
    assert s.dkind == D_FT_MAIN and len(s.hand[0]) == n + 2


def test_max_decisions_draw():
    """LM 11-1-1-1 (LM-G27): the step cap ends a runaway game as a draw."""
    g = Game(decks=["red_rush", "blue_control"], max_decisions=5)
    s = g.new_initial_state(0)
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0])
    assert len(s.history) == 5 and s.returns() == [0.0, 0.0]
