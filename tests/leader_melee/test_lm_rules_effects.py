"""Leader Melee rules tests: continuous abilities and pressure skills, durations, negation,
replacement effects, 乱戦, state / leave / charge-phase-start triggers, deck rules.
Cards: ``data/rules_cards_effects.yaml`` (E-*)."""

from __future__ import annotations

import pytest
import yaml
from lm_scene import *  # noqa: F403
from lm_scene import R, act, attack, hand_slot, pass_until, play, scene, to_attack
from tcgzoo.envs.core.errors import DeckError
from tcgzoo.envs.leader_melee.cards import load_deck


def power(s, u):
    return R.stat(s, u, 0)


# ---- continuous abilities (8-9) and pressure skills (10-5) ------------------------------------
def test_continuous_ability_applies_while_on_field():
    """LM 8-1-3 / LM 8-6-1: a 【永続発動】 is never played (no wait, no decision) and works
    while its card is in the battle area; LM 8-9-1-1 / LM 8-9-1-3: printed power plus the
    numeric change; LM 8-9-1-5: a card entering gets it at once; it ends when the source leaves."""
    s = scene(p0=dict(battle=["E-CA", "T-V1"], hand=["T-V2"], energy=2))
    aura, v1 = s.battle[0]
    assert not s.waits and s.dkind == D_FT_MAIN
    assert power(s, v1) == 4000 and power(s, aura) == 1000  # "other" cards only
    n = s.game.obs_layout.n
    c = s.game.obs_layout.blocks["battle"][0]
    assert abs(s.observation_tensor(0)[c + (n + 7) + n + 1] - 0.4) < 1e-6  # the observation shows it
    play(s, "T-V2")
    assert power(s, s.battle[0][2]) == 6000
    R.move(s, aura, Z_DROP)
    assert power(s, v1) == 3000 and power(s, s.battle[0][1]) == 5000


def test_conditionally_valid_ability():
    """LM 8-3-1 / LM 8-3-3: a part valid under a condition is invalid while it is unmet
    (Last Stand: +3000 power and +1 strike while its master has 3 or fewer life cards)."""
    s = scene(p0=dict(battle=["E-CC"], life=4))
    u = s.battle[0][0]
    assert power(s, u) == 1000 and R.stat(s, u, 1) == 1
    R.move(s, s.life[0][-1], Z_ENERGY)
    assert power(s, u) == 4000 and R.stat(s, u, 1) == 2


def test_pressure_skill_forbids_weak_attackers():
    """LM 10-5-1: a pressure skill is a continuous prohibition: the opponent's cards with
    power 3000 or less cannot be chosen to attack (LM 7-3-1-2); the others can."""
    s = scene(p0=dict(battle=["T-V1", "T-V2"]), p1=dict(battle=["E-PA"]))
    to_attack(s)
    assert s.legal_actions() == [PASS, SELF_LEADER, OWN_BATTLE + 1]
    s = scene(p0=dict(battle=["T-V1"]), p1=dict(battle=["E-PA"]))
    s.rest[R.leader(0)] = 1
    act(s, PASS)
    assert s.dkind == D_FT_STANDBY and DECLARE_ATTACK not in s.legal_actions()  # LM 7-2-1-2-1


def test_pressure_skill_forbids_melee():
    """LM 10-5-1 / LM 1-3-3: while the opponent has Melee Warden, the turn player can neither
    move battle cards (LM 7-3-1-6-1) nor play hand cards (LM 7-3-1-6-2) into the melee area."""
    s = scene(p0=dict(battle=["T-V1", "T-V0"], hand=["T-V0"], energy=2), p1=dict(battle=["E-PM"]))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    assert s.legal_actions() == [PASS]
    s = scene(p0=dict(battle=["T-V1", "T-V0"], hand=["T-V0"], energy=2))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    assert OWN_BATTLE + 1 in s.legal_actions() and hand_slot(s, 0, "T-V0") in s.legal_actions()


# ---- durations (7-6-1-3, 7-7-1-2, 6-5-1-3) ---------------------------------------------------
def test_this_battle_phase_duration():
    """LM 7-7-1-2: a "this battle phase" effect outlasts the battle (LM 7-6-1-3 ends only
    "this battle") and ends at the battle phase end step."""
    s = scene(p0=dict(battle=["T-V1", "T-V0"], hand=["E-BP"]), at="standby")
    u = s.battle[0][0]
    play(s, "E-BP")
    act(s, OWN_BATTLE + 0)
    assert power(s, u) == 5000
    act(s, DECLARE_ATTACK)
    act(s, OWN_BATTLE + 1)
    act(s, OPP_LEADER)
    pass_until(s, D_FT_STANDBY)
    assert s.tp == 0 and power(s, u) == 5000
    act(s, PASS)
    assert s.tp == 1 and power(s, u) == 3000


# ---- abilities invalid (8-3) -------------------------------------------------------------------
def test_negated_card_loses_keywords_and_continuous_abilities():
    """LM 8-3-2: a negated card's abilities exist but do nothing: 鉄壁 no longer saves it
    (LM 10-9-1) and its continuous ability stops; the observation marks it."""
    s = scene(p0=dict(hand=["E-NX", "E-NX", "T-XB"]), p1=dict(battle=["T-IW", "E-CA"]))
    iw, aura = s.battle[1]
    assert power(s, iw) == 2000
    play(s, "E-NX")
    act(s, OPP_BATTLE + 1)  # negate the aura
    assert power(s, iw) == 1000
    neg = s.game.obs_layout.blocks["negated"][0]
    o = s.observation_tensor(0)
    assert o[neg + 7 + 1 + 1] == 1.0 and o[neg + 7 + 1] == 0.0  # opp battle slot 1, not slot 0
    play(s, "E-NX")
    act(s, OPP_BATTLE + 0)  # negate 鉄壁
    play(s, "T-XB")
    act(s, OPP_BATTLE + 0)
    assert s.zone[iw] == Z_ENERGY


def test_negated_activated_ability_not_offered():
    """LM 8-3-2: an invalid activated ability asks no choice and is not offered."""
    s = scene(p0=dict(battle=["T-OT"], hand=["T-DR"]))
    u = s.battle[0][0]
    assert BATTLE_ABILITY in s.legal_actions()
    s.neg.append([u, s.obj[u], R.DUR_TURN])  # as a negate effect leaves it
    s.zver += 1
    play(s, "T-DR")  # free timing again
    assert s.dkind == D_FT_MAIN and BATTLE_ABILITY not in s.legal_actions()


# ---- replacement effects (8-10) ---------------------------------------------------------------
def _attack_battle(p1_battle, p0_battle=("T-BK",)):
    s = scene(p0=dict(battle=list(p0_battle)), p1=dict(battle=list(p1_battle)))
    attack(s, OWN_BATTLE + 0, OPP_BATTLE + 0)
    act(s, PASS)  # a battle card is attacked: no guard step, judgement
    return s


def test_replacement_order_is_the_affected_masters_choice():
    """LM 8-10-2 / LM 8-10-2-1: two replacements apply to the break of Stubborn (its 鉄壁 and
    its own 'instead rest it and draw 1'): its master picks one (ORDER_REPLACEMENT).
    LM 8-2-1-3 / LM 8-10-1 / LM 8-10-1-1: the chosen one happens instead and the break never
    happened: the card stays and the attacker's break skill does not trigger."""
    s = _attack_battle(["E-RR"])
    u = s.battle[1][0]
    assert s.dkind == D_ORDER_REPLACEMENT and s.dplayer == 1
    assert s.legal_actions() == [PENDING, PENDING + 1]
    n_hand, n_energy = len(s.hand[1]), len(s.energy[0])
    act(s, PENDING + 1)
    assert s.zone[u] == Z_BATTLE and s.rest[u] == 1 and len(s.hand[1]) == n_hand + 1
    pass_until(s, D_FT_STANDBY)
    assert len(s.energy[0]) == n_energy  # no break skill charge
    s = _attack_battle(["E-RR"])
    u = s.battle[1][0]
    act(s, PENDING + 0)  # 鉄壁: nothing happens (LM 10-9-1)
    assert s.zone[u] == Z_BATTLE and s.rest[u] == 0


def test_optional_replacement_only_when_it_can_be_done():
    """LM 8-10-3: an optional replacement ('you may rest this card instead') is a yes / no,
    and is not applicable when its option cannot be carried out (the card is already rested)."""
    s = _attack_battle(["T-V1", "E-RS"])
    v1, rs = s.battle[1]
    assert s.dkind == D_YES_NO and s.dplayer == 1
    act(s, YES)
    assert s.zone[v1] == Z_BATTLE and s.rest[rs] == 1
    s = scene(p0=dict(battle=["T-BK"]), p1=dict(battle=["T-V1", "E-RS"], rested=[1]))
    v1 = s.battle[1][0]
    attack(s, OWN_BATTLE + 0, OPP_BATTLE + 0)
    act(s, PASS)
    assert s.zone[v1] == Z_ENERGY


def test_replacements_apply_once_each_to_an_event():
    """LM 8-10-2-3: each replacement applies at most once to one event: two Guard Captains
    ('1 less battle damage') turn 2 damage into 0, one turns it into 1; LM 8-10-2-2: the
    damaged player orders them."""
    s = scene(p0=dict(battle=["T-V2"]), p1=dict(battle=["E-RD", "E-RD"]))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    pass_until(s, D_ORDER_REPLACEMENT)
    assert s.dplayer == 1 and s.legal_actions() == [PENDING, PENDING + 1]
    act(s, PENDING + 1)
    pass_until(s, D_FT_STANDBY)
    assert len(s.life[1]) == 7
    s = scene(p0=dict(battle=["T-V2"]), p1=dict(battle=["E-RD"]))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    pass_until(s, D_FT_STANDBY)
    assert len(s.life[1]) == 6


def test_battle_only_replacement_ignores_effect_damage():
    """LM 8-10-1: a replacement applies only to the event it names (battle damage), not to
    effect damage (LM 4-9-1-2-1)."""
    s = scene(p0=dict(hand=["T-DM"], energy=1), p1=dict(battle=["E-RD"]))
    play(s, "T-DM")
    assert len(s.life[1]) == 5


# ---- 乱戦 (LM-G11) ---------------------------------------------------------------------------
def test_ransen_only_in_the_attack_step():
    """LM 7-3-1-6-3-1: 【乱戦】 is an activated ability the turn player plays in the attack
    step's free timing (LM-G11), not in the main phase or the standby step (LM 7-2-1-2-2)."""
    s = scene(p0=dict(battle=["E-RN", "T-V1"], energy=1))
    assert BATTLE_ABILITY not in s.legal_actions()
    act(s, PASS)
    assert s.dkind == D_FT_STANDBY and BATTLE_ABILITY not in s.legal_actions()
    act(s, DECLARE_ATTACK)
    act(s, OWN_BATTLE + 1)
    act(s, OPP_LEADER)
    assert BATTLE_ABILITY in s.legal_actions()
    act(s, BATTLE_ABILITY)
    act(s, s.legal_actions()[0])  # pay 1 energy
    assert s.dkind == D_TARGET
    act(s, OWN_BATTLE + 1)
    assert power(s, s.battle[0][1]) == 6000


def test_ransen_not_for_the_defender():
    """LM 7-4-1-2-3-1: the guard step offers 覚醒 and 共闘, not 乱戦."""
    s = scene(p0=dict(battle=["T-V1"]), p1=dict(battle=["E-RN"], energy=1))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    act(s, PASS)
    assert s.dkind == D_FT_GUARD and BATTLE_ABILITY not in s.legal_actions()


# ---- automatic abilities: leave, state, charge phase start, counts --------------------------------
def test_leave_trigger_reads_last_information():
    """LM 8-7-4 / LM 8-7-4-1 / LM 8-7-4-1-2 / LM 8-11-1: a leave-the-battle-area trigger reads the
    card as it was in the battle area: Parting Gift (3000) had 4000 with the Aura, so its
    'if its power was 4000 or more, draw 1' resolves after it was broken (LM 8-7-6)."""
    s = scene(p0=dict(hand=["T-XB"]), p1=dict(battle=["E-LV", "E-CA"]))
    n = len(s.hand[1])
    play(s, "T-XB")
    act(s, OPP_BATTLE + 0)
    assert s.dkind == D_FT_MAIN and len(s.hand[1]) == n + 1
    s = scene(p0=dict(hand=["T-XB"]), p1=dict(battle=["E-LV"]))
    n = len(s.hand[1])
    play(s, "T-XB")
    act(s, OPP_BATTLE + 0)
    assert len(s.hand[1]) == n


def test_state_trigger_waits_when_the_state_arises():
    """LM 8-7-5 / LM 8-7-5-1: 'when you have no hand cards' waits once when it becomes true
    (here after an extra emptied the hand), draws, and (once per turn) does not wait again."""
    s = scene(p0=dict(battle=["E-SE"], hand=["T-PT"]))
    assert len(s.hand[0]) == 1 and not s.waits
    play(s, "T-PT")
    act(s, OWN_BATTLE + 0)
    assert s.dkind == D_FT_MAIN and len(s.hand[0]) == 1
    R.move(s, s.hand[0][0], Z_DROP)
    act(s, PASS)
    assert len(s.hand[0]) == 0 and not s.waits


def test_charge_phase_start_trigger():
    """LM 6-2-1: "charge phase start" triggers at the start of the charge phase (here of its
    master's turn), before the draw."""
    s = scene(p0=dict(battle=["E-CS"]), p1=dict(), tp=1, at="end")
    assert s.tp == 0 and s.dkind == D_FT_MAIN
    assert power(s, s.battle[0][0]) == 2000


def test_trigger_waits_once_per_event():
    """LM 8-7-2 / LM 8-7-2-1: a trigger met twice waits twice: Double Breaker breaks two cards
    with its own effect, its break skill (LM-G9) waits and draws twice."""
    s = scene(p0=dict(battle=["E-BB"]), p1=dict(battle=["T-V1", "T-V2"]))
    n = len(s.hand[0])
    act(s, BATTLE_ABILITY)
    act(s, OPP_BATTLE + 0)
    act(s, OPP_BATTLE + 1)
    assert s.dkind == D_FT_MAIN and len(s.hand[0]) == n + 2 and not s.battle[1]


# ---- deck rules (5-1-3-2) -----------------------------------------------------------------------
def _deck(tmp_path, leader, cards):
    fill = [f"T-F{i:02d}" for i in range(1, 15)]
    counts = dict(cards)
    k = 40 - sum(counts.values())
    for f in fill:
        if k <= 0:
            break
        counts[f] = min(3, k)
        k -= counts[f]
    p = tmp_path / "d.yaml"
    p.write_text(yaml.safe_dump({"name": "t", "leader": leader, "cards": counts}))
    return str(p)


def test_deck_rule_replaces_the_copy_limit(tmp_path):
    """LM 5-1-3-2: a deck-rule 【永続発動】 replaces LM 5-1-3-1: Four Copies may be played 4
    times; a card without one may not; the leader's front-face rule (LM-G29) covers its trait."""
    pool = scene().game.pool
    assert load_deck(_deck(tmp_path, "T-L1", {"E-D4": 4}), pool)[2].count(pool.by_id["E-D4"].index) == 4
    with pytest.raises(DeckError, match="5-1-3-1"):
        load_deck(_deck(tmp_path, "T-L1", {"E-KN": 4}), pool)
    assert len(load_deck(_deck(tmp_path, "E-L1", {"E-KN": 4}), pool)[2]) == 40
    with pytest.raises(DeckError, match="5-1-3-2"):
        load_deck(_deck(tmp_path, "T-L1", {"E-D4": 5}), pool)


# ---- validation of the new words --------------------------------------------------------------
BAD = [
    (
        "{trigger: state, condition: {hand_le: 0}, actions: [{do: draw, n: 1}]}",
        r"effects\[0\]\.limit",
        "must be once_per_turn",
    ),
    ("{trigger: state, limit: once_per_turn, actions: [{do: draw, n: 1}]}", r"effects\[0\]\.condition", "needs"),
    (
        "{continuous: true, cost: {energy: 1}, actions: [{do: power, amount: 1}]}",
        r"effects\[0\]\.cost",
        "only activated",
    ),
    ("{continuous: true, actions: [{do: draw}]}", r"effects\[0\]\.actions\[0\]\.do", "not one of"),
    (
        "{continuous: true, actions: [{do: prohibit, what: fly, target: {side: opp}}]}",
        r"effects\[0\]\.actions\[0\]\.what",
        "not one of",
    ),
    (
        "{continuous: true, actions: [{do: power, amount: 1, target: {side: own, filter: {power_le: 3}}}]}",
        r"effects\[0\]\.actions\[0\]\.target",
        "cannot filter",
    ),
    (
        "{continuous: true, condition: {self_power_ge: 1}, actions: [{do: power, amount: 1}]}",
        r"effects\[0\]\.condition\.self_power_ge",
        "cannot depend",
    ),
    ("{replace: {event: break}, actions: [{do: reduce, n: 1}]}", r"effects\[0\]\.actions\[0\]\.do", "damage only"),
    ("{replace: {event: damage}, actions: [{do: draw, n: 1}]}", r"effects\[0\]\.actions\[0\]\.do", "exactly 'reduce'"),
    (
        "{replace: {event: break}, actions: [{do: rest, target: {side: opp}}]}",
        r"effects\[0\]\.actions\[0\]\.target",
        "this card only",
    ),
    ("{replace: {event: melt}}", r"effects\[0\]\.replace\.event", "not one of"),
    ("{replace: {event: break, subject: other_own}, actions: [{do: drop}]}", r"effects\[0\]\.limit", "once_per_turn"),
    ("{ransen: 1, actions: [{do: draw, n: 1}]}", r"effects\[0\]\.ransen", "expected true/false"),
]


@pytest.mark.parametrize("effect,field,msg", BAD)
def test_new_words_are_validated(tmp_path, effect, field, msg):
    """Bad uses of the new words fail naming the file, the entry and the field."""
    from tcgzoo.envs.core.errors import CardFileError
    from tcgzoo.envs.leader_melee.cards import load_pool

    p = tmp_path / "bad.yaml"
    p.write_text(
        "cards:\n  - {id: X-1, name: X, type: battle, color: red, level: 1, power: 1, strike: 1, "
        f"effects: [{effect}]}}\n"
    )
    with pytest.raises(CardFileError, match=f"entry 'X-1', field '{field}'.*({msg})") as e:
        load_pool([str(p)])
    assert e.value.file.endswith("bad.yaml")


def test_deck_rule_validated(tmp_path):
    """5-1-3-2 deck rules: max_copies within 1..40; a battle card names no trait."""
    from tcgzoo.envs.core.errors import CardFileError
    from tcgzoo.envs.leader_melee.cards import load_pool

    p = tmp_path / "bad.yaml"
    p.write_text(
        "cards:\n  - {id: X-1, name: X, type: battle, color: red, level: 1, power: 1, strike: 1, "
        "deck_rule: {max_copies: 0}}\n"
    )
    with pytest.raises(CardFileError, match=r"field 'deck_rule\.max_copies': must be 1\.\.40"):
        load_pool([str(p)])
    p.write_text(
        "cards:\n  - {id: X-1, name: X, type: battle, color: red, level: 1, power: 1, strike: 1, "
        "deck_rule: {max_copies: 4, trait: K}}\n"
    )
    with pytest.raises(CardFileError, match=r"field 'deck_rule\.trait': unknown field"):
        load_pool([str(p)])


def test_enter_trigger_sees_the_zones_continuous_effects():
    """LM 8-9-1-5 / LM 8-9-1-5-1: a card entering the battle area has the area's continuous
    effects at once, and its play skill's 'if its power is 4000 or more' sees them."""
    s = scene(p0=dict(battle=["E-CA"], hand=["E-PC"]))
    n = len(s.hand[0])
    play(s, "E-PC")
    assert s.dkind == D_FT_MAIN and len(s.hand[0]) == n  # played one, drew one
    s = scene(p0=dict(hand=["E-PC"]))
    n = len(s.hand[0])
    play(s, "E-PC")
    assert len(s.hand[0]) == n - 1


def test_battle_area_limit_drops_together_with_last_information():
    """LM 9-3-2-1 / LM 9-1-2-3: the master picks the cards one at a time (a picked card is not
    offered again) and they go to the drop together, so Parting Gift's leave trigger sees the
    Aura that left with it (LM 8-7-4-1-2: 4000 power there, draw 1)."""
    s = scene(p0=dict(battle=["E-CA", "E-LV", "T-V1", "T-V1", "T-V1", "T-V0"]))
    aura, gift = s.battle[0][:2]
    n = len(s.hand[0])
    assert s.dkind == D_LIMIT_DROP and s.legal_actions() == [OWN_BATTLE + i for i in range(5)]
    act(s, OWN_BATTLE + 0)
    assert s.dkind == D_LIMIT_DROP and s.zone[aura] == Z_BATTLE
    assert s.legal_actions() == [OWN_BATTLE + i for i in range(1, 5)]
    act(s, OWN_BATTLE + 1)
    assert s.zone[aura] == Z_DROP and s.zone[gift] == Z_DROP and len(s.battle[0]) == 4
    assert s.dkind == D_FT_MAIN and len(s.hand[0]) == n + 1


def test_drop_replacement_once_per_turn():
    """LM 8-10-1 (a drop by the opponent's effect replaced by 'rest it instead') and LM 10-15-1:
    a once-per-turn replacement applies to the first such event of the turn only."""
    s = scene(p0=dict(hand=["E-DX", "E-DX"]), p1=dict(battle=["E-RP"]))
    u = s.battle[1][0]
    play(s, "E-DX")
    act(s, OPP_BATTLE + 0)
    assert s.zone[u] == Z_BATTLE and s.rest[u] == 1
    play(s, "E-DX")
    act(s, OPP_BATTLE + 0)
    assert s.zone[u] == Z_DROP


def test_continuous_keyword_grant():
    """LM 8-9-1-2: a non-numeric continuous effect: Rally Point gives the other own battle
    cards 防衛, so only those may be attacked (LM 10-10-1); it ends when Rally Point leaves."""
    s = scene(p0=dict(battle=["T-V2"]), p1=dict(battle=["E-GD", "T-V1"]))
    to_attack(s)
    act(s, OWN_BATTLE + 0)
    assert s.dkind == D_CHOOSE_TARGET and s.legal_actions() == [OPP_BATTLE + 1]
    s = scene(p0=dict(battle=["T-V2"]), p1=dict(battle=["E-GD", "T-V1"]))
    R.move(s, s.battle[1][0], Z_DROP)
    to_attack(s)
    act(s, OWN_BATTLE + 0)
    assert s.legal_actions() == [OPP_LEADER, OPP_BATTLE + 0]
