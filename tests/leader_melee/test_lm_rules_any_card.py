"""Leader Melee rules tests: automatic abilities and replacement effects apply to every card and
every cause the rulebook names, not only the turn player's cards or effects' events (LM-N4, LM-N12).
Cards: ``data/rules_cards_effects.yaml`` (E-*), the built-in Gate Guardian / Dawn Raider."""

from __future__ import annotations

import pytest
from lm_scene import *  # noqa: F403
from lm_scene import R, act, attack, ids, scene
from tcgzoo.envs.core.errors import CardFileError
from tcgzoo.envs.leader_melee.cards import load_pool


def power(s, u):
    return R.stat(s, u, 0)


def resolve_waits(s):
    """Play the waiting automatic abilities in the order offered until a free timing comes."""
    while s.dkind == D_ORDER_TRIGGER:
        act(s, PENDING + 0)


# ---- phase / step start triggers: any card whose condition is met (7-4-1-1, 8-7-2) ---------------
def test_gate_guardian_triggers_in_its_masters_attack():
    """LM 7-4-1-1 / LM 8-7-2: 'guard step start' triggers every card with that condition, the turn
    player's too: the attacker's Gate Guardian (LM-Y07, [Defend] so no guard step can ever start
    with it on the defender's side, LM 10-10-1) gives its leader +1000 for the battle, and the
    leader's 6000 beats the defending leader's 5000 (LM 7-5-1-4-1)."""
    s = scene(p0=dict(battle=["LM-Y07"]), builtin=("yellow",))
    attack(s, SELF_LEADER, OPP_LEADER)
    act(s, PASS)
    assert s.phase == P_GUARD and s.dkind == D_TARGET and s.dplayer == 0
    assert s.legal_actions() == [SELF_LEADER]
    act(s, SELF_LEADER)
    assert s.dkind == D_FT_GUARD and s.dplayer == 1 and power(s, R.leader(0)) == 6000
    act(s, PASS)
    assert len(s.life[1]) == 6
    pass_until(s, D_FT_STANDBY)
    assert power(s, R.leader(0)) == 5000  # "this battle" ended (LM 7-6-1-3)


def test_guard_step_start_triggers_both_players_turn_player_first():
    """LM 7-4-1-1 / LM 8-7-2: at the guard step start both players' Guard Watchers wait;
    LM 8-5-1-2 / LM 8-5-1-3: the turn player's is played first, then the defender's."""
    s = scene(p0=dict(battle=["T-V2", "T-GW"]), p1=dict(battle=["T-GW"]))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    act(s, PASS)
    assert len(s.waits) == 1 and s.dkind == D_TARGET and s.dplayer == 0
    act(s, SELF_LEADER)
    assert s.dkind == D_TARGET and s.dplayer == 1 and not s.waits
    act(s, SELF_LEADER)
    assert s.dkind == D_FT_GUARD and power(s, R.leader(0)) == power(s, R.leader(1)) == 9000


def test_turn_words_of_phase_triggers():
    """LM 6-2-1 / LM 8-7-2: 'turn start' and 'charge phase start' happen in every turn and trigger
    every card with that condition; LM 1-3-1: a card's text wins, so 'your turn' (``turn: own``)
    waits in its master's turn only and 'the opponent's turn' (``opp``) in the other's. Turn Watcher:
    own +1000, opp +100, any charge phase +10."""
    s = scene(p0=dict(battle=["E-TW"]), tp=1, at="end")
    u = s.battle[0][0]
    assert s.tp == 0 and len(s.waits) == 2  # own turn start and charge start, not opp
    resolve_waits(s)
    pass_until(s, D_FT_MAIN)
    assert power(s, u) == 2010
    act(s, PASS)
    act(s, PASS)  # to the opponent's turn; the "this turn" effects ended (LM 6-5-1-3)
    assert s.tp == 1 and s.dkind == D_ORDER_TRIGGER and s.dplayer == 0  # LM 8-5-1-3: the non-turn player's
    resolve_waits(s)
    assert s.dkind == D_FT_MAIN and power(s, u) == 1110


def test_your_turn_cards_wait_in_their_masters_turn_only():
    """LM 1-3-1 / LM 8-7-2: Dawn Raider's printed '(Start of your charge phase)' (LM-R19) waits in
    its master's charge phase only: in the opponent's it stays at 2000; in its master's next turn
    it has 3000 for the turn."""
    s = scene(p0=dict(battle=["LM-R19"]), builtin=("red",))
    u = s.battle[0][0]
    act(s, PASS)
    act(s, PASS)
    assert s.tp == 1 and s.dkind == D_FT_MAIN and not s.waits and power(s, u) == 2000
    act(s, PASS)
    act(s, PASS)
    assert s.tp == 0 and s.dkind == D_FT_MAIN and power(s, u) == 3000


def test_builtin_turn_words_match_the_printed_text():
    """LM 1-3-1: the built-in cards say 'your turn' where their text does (Tide Admiral's back,
    Grove Shaman's front, Dawn Raider) and nothing where it does not (Gate Guardian)."""
    pool = load_pool()
    turns = {}
    for c in pool.cards:
        for f in c.faces:
            for a in f.abilities:
                if a.event in ("turn_start", "charge_start", "guard_step_start"):
                    turns[c.id] = a.turn
    assert turns == {"LM-L03": "own", "LM-L06": "own", "LM-R19": "own", "LM-Y07": "any"}


# ---- replacement effects whatever the cause, rule processes included (8-10-1) ---------------------
def test_self_drop_replacement_replaces_the_battle_area_limit():
    """LM 8-2-1-3 / LM 8-10-1 / LM 9-3-2: 'when this card would be put into the drop area, rest it
    instead' also replaces the battle area limit's drop: the picked Stubborn Anyway stays, rested,
    while the card picked with it goes (LM 9-3-2-1); the limit asks again at the checkpoint and,
    the once-per-turn replacement used (LM 10-15-1), the second pick drops it."""
    s = scene(p0=dict(battle=["E-RA", "T-V1", "T-V1", "T-V1", "T-V1", "T-V0"]))
    ra, v1 = s.battle[0][:2]
    assert s.dkind == D_LIMIT_DROP
    act(s, OWN_BATTLE + 0)
    act(s, OWN_BATTLE + 1)
    assert s.zone[ra] == Z_BATTLE and s.rest[ra] == 1 and s.zone[v1] == Z_DROP
    assert s.dkind == D_LIMIT_DROP and len(s.battle[0]) == 5
    act(s, OWN_BATTLE + 0)
    assert s.zone[ra] == Z_DROP and ids(s, s.drop[0]) == ["T-V1", "E-RA"] and len(s.battle[0]) == 4
    assert s.dkind == D_FT_MAIN


def test_other_card_replacement_replaces_the_battle_area_limit():
    """LM 8-10-1 / LM 8-10-3 / LM 9-3-2: Drop Warden may rest itself instead of another own card
    the battle area limit drops (its master says yes); asked again, it is already rested, so the
    option cannot be carried out and the card goes."""
    s = scene(p0=dict(battle=["E-RO", "T-V1", "T-V1", "T-V1", "T-V0"]))
    ro, v1 = s.battle[0][:2]
    act(s, OWN_BATTLE + 1)
    assert s.dkind == D_YES_NO and s.dplayer == 0
    act(s, YES)
    assert s.zone[v1] == Z_BATTLE and s.rest[ro] == 1 and s.dkind == D_LIMIT_DROP
    act(s, OWN_BATTLE + 1)
    assert s.zone[v1] == Z_DROP and s.dkind == D_FT_MAIN and len(s.battle[0]) == 4


def test_opponent_only_replacement_ignores_rule_processes():
    """LM 8-10-1 / LM 9-1-1: a replacement limited to battle and the opponent's effects (``by: opp``,
    like 鉄壁, LM 10-9-1) does not replace the battle area limit, which is no player's effect."""
    s = scene(p0=dict(battle=["E-RP", "T-V1", "T-V1", "T-V1", "T-V0"]))
    rp = s.battle[0][0]
    act(s, OWN_BATTLE + 0)
    assert s.zone[rp] == Z_DROP and s.dkind == D_FT_MAIN


@pytest.mark.parametrize(
    "effect,field,msg",
    [
        ("{trigger: play, turn: own, actions: [{do: draw, n: 1}]}", "turn", "only a phase / step trigger"),
        ("{trigger: turn_start, turn: mine, actions: [{do: draw, n: 1}]}", "turn", "not one of"),
        ("{replace: {event: drop}, actions: [{do: rest}]}", "limit", "battle area limit"),
    ],
)
def test_turn_and_cause_words_are_validated(tmp_path, effect, field, msg):
    """LM 8-1-4-1: ``turn`` belongs to a phase / step trigger; LM 11-1-1-1: a forced drop replacement
    by any cause would meet the battle area limit at every checkpoint, so it must be once per turn
    or optional."""
    p = tmp_path / "bad.yaml"
    p.write_text(
        "cards:\n  - {id: X-1, name: X, type: battle, color: red, level: 1, power: 1, strike: 1, "
        f"effects: [{effect}]}}\n"
    )
    with pytest.raises(CardFileError, match=rf"entry 'X-1', field 'effects\[0\]\.{field}'.*{msg}"):
        load_pool([str(p)])
