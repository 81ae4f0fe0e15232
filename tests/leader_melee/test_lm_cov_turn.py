"""Leader Melee coverage tests: the turn (6), turn players (4-4), checkpoints and free timing
(4-5, 4-6, 8-5)."""

from __future__ import annotations

from lm_cov import cplay, cscene
from lm_scene import *  # noqa: F403
from lm_scene import R, act, attack, ids
from tcgzoo.envs.core.engine import RUNNING


def _phases_until_turn_change(s):
    seen = []
    tp = s.tp
    while s.tp == tp:
        if not seen or seen[-1] != s.phase:
            seen.append(s.phase)
        act(s, PASS)
    return seen


def test_turn_runs_its_phases_in_order():
    """LM 6-1-1: the turn player runs the charge, main, battle and end phases in that order, then
    the other player becomes the turn player (LM 4-4-1: the player whose turn is in progress)."""
    s = cscene(p0=dict(battle=["T-TE"]))
    h1, e1 = len(s.hand[1]), len(s.energy[1])
    e0 = len(s.energy[0])
    seen = [s.phase]
    while s.tp == 0:
        act(s, PASS)
        if seen[-1] != s.phase:
            seen.append(s.phase)
    assert seen == [P_MAIN, P_STANDBY, P_MAIN]
    assert len(s.energy[0]) == e0 + 1  # player 0's end phase ran (its turn-end charge)
    # player 1's charge phase ran before its main phase: one card drawn, one charged
    assert s.tp == 1 and len(s.hand[1]) == h1 + 1 and len(s.energy[1]) == e1 + 1


def test_turn_and_non_turn_player():
    """LM 4-4-1 / LM 4-4-2: the turn player acts in the main phase and attacks; the non-turn
    player gets the guard step's free timing; the observation says whose turn it is."""
    s = cscene(p0=dict(battle=["T-V2"]))
    lay = {n: (o, z) for o, z, n in s.game.observation_layout()}
    o = lay["global"][0]
    assert s.observation_tensor(0)[o + 1] == 1 and s.observation_tensor(1)[o + 1] == 0
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    act(s, PASS)
    assert s.dkind == D_FT_GUARD and s.dplayer == 1 and s.tp == 0


def test_main_phase_free_timing_actions():
    """LM 6-3-1 / LM 6-3-1-2: in the main phase the turn player gets free timing with the main
    actions; LM 6-3-1-2-2: 【起動発動:メイン】 of the leader and battle cards and main extras are
    offered, battle-timing ones are not."""
    s = cscene(p0=dict(leader="T-CL", battle=["T-OT", "T-CO"], hand=["T-DR", "T-XP"], energy=2))
    la = s.legal_actions()
    assert s.dkind == D_FT_MAIN and s.dplayer == 0
    assert LEADER_ABILITY + 0 in la and LEADER_ABILITY + 1 not in la  # main one yes, battle one no
    assert BATTLE_ABILITY + 0 in la and BATTLE_ABILITY + 4 not in la  # T-OT main, T-CO battle
    hand = {ids(s, s.hand[0])[a - HAND]: a for a in range(HAND, HAND + len(s.hand[0]))}
    assert hand["T-DR"] in la and hand["T-XP"] not in la
    act(s, LEADER_ABILITY + 0)
    act(s, OWN_ENERGY + 0)
    assert len(s.hand[0]) == 3 and s.dkind == D_FT_MAIN


def test_awaken_in_the_main_phase():
    """LM 6-3-1-2-3: the turn player may play the leader's 【覚醒】 in the main phase."""
    s = cscene(p0=dict(leader="T-CL", energy=1))
    act(s, LEADER_ABILITY + 2)
    act(s, OWN_ENERGY + 0)
    assert s.face[0] == 1 and s.dkind == D_FT_MAIN


def test_end_phase_turn_end_triggers_once():
    """LM 6-5-1 / LM 6-5-1-1: in the end phase 'turn end' abilities not yet triggered this turn
    trigger (once), then the checkpoint resolves them before the turn passes."""
    s = cscene(p0=dict(battle=["T-TE", "T-V1"]))
    n = len(s.energy[0])
    act(s, PASS)
    act(s, PASS)
    assert s.tp == 1 and len(s.energy[0]) == n + 1


def test_checkpoint_rule_processes_before_triggers():
    """LM 4-5-1 / LM 4-5-2 / LM 8-5-1-1: at a checkpoint rule processes come first (the battle
    area limit asks for a drop while the play skill still waits), then the waiting automatic
    abilities are played."""
    s = cscene(p0=dict(hand=["T-PD"], battle=["T-V1"] * 4))
    n = len(s.hand[0])
    cplay(s, "T-PD")
    assert s.dkind == D_LIMIT_DROP and len(s.hand[0]) == n - 1 and len(s.waits) == 1
    act(s, OWN_BATTLE + 0)
    assert s.dkind == D_FT_MAIN and len(s.hand[0]) == n and not s.waits


def test_free_timing_after_the_checkpoint_clears():
    """LM 4-6-1 / LM 4-6-2 / LM 8-5-2 / LM 8-5-2-1: before free timing is given, a checkpoint runs
    until nothing is left (the play skill has drawn); LM 4-6-3 / LM 8-5-2-2: the player then acts
    once or passes, and after an action gets free timing again."""
    s = cscene(p0=dict(hand=["T-PD", "T-V0"], deck=20))
    n = len(s.hand[0])
    cplay(s, "T-PD")
    assert s.dkind == D_FT_MAIN and s.dplayer == 0 and not s.waits and len(s.hand[0]) == n
    cplay(s, "T-V0")
    assert s.dkind == D_FT_MAIN and s.dplayer == 0
    act(s, PASS)
    assert s.dkind == D_FT_STANDBY


def test_non_turn_players_triggers_after_the_turn_players():
    """LM 8-5-1 / LM 8-5-1-3 / LM 1-3-4: when both players have waiting abilities the turn player
    plays and resolves theirs first (its target choice comes while the other still waits); then
    the non-turn player plays theirs; LM 8-5-1-4: then the checkpoint ends and free timing follows."""
    s = cscene(p0=dict(battle=["T-GW"]), p1=dict(battle=["T-GW"]))
    u0, u1 = s.battle[0][0], s.battle[1][0]
    s.waits[:] = [[1, u1, s.obj[u1], 0, 0], [0, u0, s.obj[u0], 0, 0]]
    s.stack[-1][1] = 0  # the pending main free timing starts over with its checkpoint
    s.dkind = RUNNING
    s._run()
    assert s.dkind == D_TARGET and s.dplayer == 0 and len(s.waits) == 1 and s.waits[0][0] == 1
    act(s, SELF_LEADER)
    assert s.dkind == D_TARGET and s.dplayer == 1 and not s.waits
    act(s, SELF_LEADER)
    assert s.dkind == D_FT_MAIN and s.dplayer == 0
    assert R.stat(s, R.leader(0), 0) == R.stat(s, R.leader(1), 0) == 9000


def test_simultaneous_choices_turn_player_first():
    """LM 1-3-4: both players over the battle area limit at one checkpoint: the turn player
    chooses first, then the non-turn player; LM 9-3-1: the limit is applied at the checkpoint."""
    s = cscene(p0=dict(battle=["T-V1"] * 5), p1=dict(battle=["T-V0"] * 5))
    assert s.dkind == D_LIMIT_DROP and s.dplayer == 0
    act(s, OWN_BATTLE + 0)
    assert s.dkind == D_LIMIT_DROP and s.dplayer == 1
    act(s, OWN_BATTLE + 0)
    assert s.dkind == D_FT_MAIN and len(s.battle[0]) == len(s.battle[1]) == 4
