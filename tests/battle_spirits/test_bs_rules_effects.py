"""Battle Spirits rules: effects (9-x): triggered, continuous, activated, declared and
replacement effects, their order and targets, the links of 5-19, the limits of 12-3 and
the 'becomes N or more / less' triggers of 13-1."""

from __future__ import annotations

from bs_scenario import (
    D_DISCARD,
    D_MAIN,
    D_OPTIONAL,
    D_ORDER,
    D_PAY,
    D_TARGET,
    OPTION,
    PASS,
    RESERVE,
    RESERVE_SOUL,
    S_TRASH,
    Z_FIELD,
    Z_HAND,
    Z_TRASH,
    act,
    attack,
    cid,
    decide,
    field_slot,
    find,
    hand_slot,
    ids,
    order_first,
    pass_flash,
    play,
    scene,
    target,
)
from tcgzoo.envs.battle_spirits.layout import D_FLASH, D_MAGIC_TIMING, D_MODE, MOVE_CORE


# ---------------------------------------------------------------------------- triggered effects
def test_summon_trigger_resolves():
    """BS 12-2-1-6-1, BS 9-1-5-1, BS 9-1-5-2, BS 5-8-1: Summon Seer's 『召喚時』 draws a card."""
    s = scene(p0=dict(hand=["T-T1"], deck=3))
    play(s, "T-T1")
    assert len(s.hand[0]) == 1 and s.dkind == D_MAIN


def test_deploy_trigger_resolves():
    """BS 12-2-1-11-1: Deploy Gate's 『配置時』 draws a card."""
    s = scene(p0=dict(hand=["T-N3"], deck=3))
    play(s, "T-N3")
    assert len(s.hand[0]) == 1


def test_optional_effect_may_be_declined():
    """BS 9-1-2: a 'できる' effect (Summon Hunter) may be declined; a 'する' effect must be
    done as far as possible."""
    s = scene(p0=dict(hand=["T-T2"]), p1=dict(field=["T-S1"]))
    play(s, "T-T2")
    assert s.dkind == D_OPTIONAL and s.current_player() == 0
    decide(s, False)
    assert s.zone[find(s, 1, "T-S1")] == Z_FIELD
    s = scene(p0=dict(hand=["T-T2"]), p1=dict(field=["T-S1"]))
    play(s, "T-T2")
    decide(s, True)
    assert not s.field[1]


def test_trigger_condition_must_hold():
    """BS 9-2-1, BS 9-1-5-3, BS 9-3-1-1: Sentinel's summon effect needs life 3 or less."""
    s = scene(p0=dict(hand=["T-T20"], deck=3))
    play(s, "T-T20")
    assert len(s.hand[0]) == 0
    s = scene(p0=dict(hand=["T-T20"], deck=3, life=3))
    play(s, "T-T20")
    assert len(s.hand[0]) == 1


def test_magic_condition_must_hold_to_use_it():
    """BS 9-3-1-1, BS 9-2-1: Desperation can be used only at life 3 or less."""
    s = scene(p0=dict(hand=["T-M25"]))
    assert hand_slot(s, s.hand[0][0]) not in s.legal
    s = scene(p0=dict(hand=["T-M25"], life=3))
    assert hand_slot(s, s.hand[0][0]) in s.legal


def test_level_restricted_trigger():
    """BS 2-8-2: Lv2 Striker's attack effect works only at Lv2."""
    s = scene(step="attack", p0=dict(field=[("T-T22", 1)], deck=3))
    attack(s, find(s, 0, "T-T22"))
    assert len(s.hand[0]) == 0
    s = scene(step="attack", p0=dict(field=[("T-T22", 2)], deck=3))
    attack(s, find(s, 0, "T-T22"))
    assert len(s.hand[0]) == 1


def test_trigger_fires_each_time():
    """BS 9-1-5-2-1: with no limit, Herald triggers on every opposing summon."""
    s = scene(p0=dict(hand=["T-S4", "T-S5"], reserve=4), p1=dict(field=["T-T14"], deck=5))
    play(s, "T-S4")
    play(s, "T-S5")
    assert len(s.hand[1]) == 2


def test_both_players_triggers_turn_player_chooses_the_order():
    """BS 9-1-5-8, BS 9-4-1, BS 1-4-4: Summon Seer (own) and Herald (opponent's) trigger
    together; the turn player orders them, one at a time."""
    s = scene(p0=dict(hand=["T-T1"], deck=3), p1=dict(field=["T-T14"], deck=3))
    seer = play(s, "T-T1")
    assert s.dkind == D_ORDER and s.current_player() == 0 and len(s.legal) == 3
    order_first(s, find(s, 1, "T-T14"))
    assert len(s.hand[1]) == 1 and len(s.hand[0]) == 1 and s.dkind == D_MAIN
    assert seer in s.field[0]


def test_own_simultaneous_triggers_in_the_chosen_order():
    """BS 9-1-5-7, BS 1-4-7: Twin Omen's two summon effects (draw 1; discard the top card)
    resolve in the order its controller picks: the deck's top two cards end up differently."""
    for draw_first in (True, False):
        s = scene(p0=dict(hand=["T-T18"], deck=["T-S1", "T-S2"]))
        play(s, "T-T18")
        assert s.dkind == D_ORDER
        act(s, OPTION + (0 if draw_first else 1))
        in_hand, in_trash = ids(s, s.hand[0]), ids(s, s.trash[0])
        assert (in_hand, in_trash) == ((["T-S2"], ["T-S1"]) if draw_first else (["T-S1"], ["T-S2"]))


def test_pending_trigger_fails_when_its_card_leaves():
    """BS 9-1-5-5, BS 9-4-1-2: Summon Hunter's effect (resolved first) destroys Herald,
    whose waiting effect then does not take effect."""
    s = scene(p0=dict(hand=["T-T2"]), p1=dict(field=["T-T14"], deck=3))
    play(s, "T-T2")
    order_first(s, find(s, 0, "T-T2"))
    decide(s, True)
    assert not s.field[1] and len(s.hand[1]) == 0 and s.dkind == D_MAIN


def test_new_triggers_resolve_before_older_waiting_ones():
    """BS 9-1-5-9, BS 9-4-1-1: Summon Hunter (A) and Herald (B) trigger together; A resolves
    first and destroys Last Will, whose destroyed effect (C) resolves before B."""
    s = scene(p0=dict(hand=["T-T2"]), p1=dict(field=["T-T14", "T-T3"], deck=3))
    play(s, "T-T2")
    order_first(s, find(s, 0, "T-T2"))
    decide(s, True)
    target(s, find(s, 1, "T-T3"))
    assert s.dkind == D_OPTIONAL and s.current_player() == 1  # C: Last Will's optional draw
    assert len(s.hand[1]) == 0  # B (Herald) has not resolved yet
    decide(s, False)
    assert len(s.hand[1]) == 1 and s.dkind == D_MAIN  # now B


def test_exhaust_trigger_fails_if_recovered_first():
    """BS 5-15-2, BS 5-15-1: Tired Owl attacks: its 'when exhausted' and attack effect
    (recover itself) trigger together; resolving the recovery first, the exhaust effect no
    longer takes effect; in the other order both do."""
    s = scene(step="attack", p0=dict(field=["T-T9"], deck=3))
    o = find(s, 0, "T-T9")
    attack(s, o)
    assert s.dkind == D_ORDER
    batch = s.tq[s.stack[-1][2]]
    act(s, OPTION + [t[1] for t in batch].index(1))  # effect 1: recover
    assert s.exh[o] == 0 and len(s.hand[0]) == 0
    s = scene(step="attack", p0=dict(field=["T-T9"], deck=3))
    o = find(s, 0, "T-T9")
    attack(s, o)
    batch = s.tq[s.stack[-1][2]]
    act(s, OPTION + [t[1] for t in batch].index(0))
    assert s.exh[o] == 0 and len(s.hand[0]) == 1


def test_targets_are_chosen_at_resolution_and_not_rechosen():
    """BS 9-3-2, BS 9-2-2, BS 9-3-4: Mark And Strike gives +5000 to an opposing spirit with BP
    3000 or less, then destroys that same spirit although it no longer has BP 3000 or less."""
    s = scene(p0=dict(hand=["T-M32"]), p1=dict(field=["T-S1", "T-S3"]))
    pup = find(s, 1, "T-S1")
    play(s, "T-M32")
    assert s.zone[pup] == Z_TRASH and s.zone[find(s, 1, "T-S3")] == Z_FIELD


def test_target_candidates_are_read_when_the_effect_resolves():
    """BS 9-3-2: Summon Hunter's 'BP 3000 or less' is checked when its effect resolves:
    Red Wolf boosted to 5000 this turn is no longer a candidate."""
    s = scene(p0=dict(hand=["T-T2"]), p1=dict(field=["T-S2"]))
    wolf = find(s, 1, "T-S2")
    s.teff.append((0, wolf, 2000, 1))
    play(s, "T-T2")
    decide(s, True)
    assert s.zone[wolf] == Z_FIELD


def test_up_to_allows_choosing_none_or_fewer():
    """BS 1-4-5, BS 1-4-5-1, BS 9-3-2-1: Up To (destroy up to 2) may choose 0, or 1."""
    s = scene(p0=dict(hand=["T-M14", "T-M14"]), p1=dict(field=["T-S1", "T-S2"]))
    play(s, "T-M14")
    assert s.dkind == D_TARGET and PASS in s.legal
    act(s, PASS)
    assert len(s.field[1]) == 2
    play(s, "T-M14")
    target(s, find(s, 1, "T-S1"))
    assert s.dkind == D_TARGET and PASS in s.legal
    act(s, PASS)
    assert ids(s, s.field[1]) == ["T-S2"]


def test_exact_count_must_be_chosen_as_far_as_possible():
    """BS 9-3-2-1, BS 9-1-2: Two Shot destroys 2: with 3 candidates the player must pick two
    (no stopping early); with 1 candidate it is taken."""
    s = scene(p0=dict(hand=["T-M30"]), p1=dict(field=["T-S1", "T-S2", "T-S3"]))
    play(s, "T-M30")
    assert PASS not in s.legal
    target(s, find(s, 1, "T-S1"))
    assert PASS not in s.legal
    target(s, find(s, 1, "T-S3"))
    assert ids(s, s.field[1]) == ["T-S2"]
    s = scene(p0=dict(hand=["T-M30"]), p1=dict(field=["T-S1"]))
    play(s, "T-M30")
    assert not s.field[1]


def test_effects_in_written_order():
    """BS 1-4-7: Ordered draws a card, then discards the top card of the deck."""
    s = scene(p0=dict(hand=["T-M23"], deck=["T-S1", "T-S2"]))
    play(s, "T-M23")
    assert ids(s, s.hand[0]) == ["T-S2"] and ids(s, s.trash[0])[0] == "T-S1"


def test_modes_choose_one():
    """BS 9-1-2, BS 1-4-7: Choice: the controller picks one of the listed effects."""
    s = scene(p0=dict(hand=["T-M24"]))
    play(s, "T-M24")
    assert s.dkind == D_MODE and s.legal[:2] == [OPTION, OPTION + 1]
    act(s, OPTION + 1)
    assert s.life[0] == 6 and not s.hand[0]


# ---------------------------------------------------------------------------- declared effects
def test_main_and_flash_card_in_the_main_step_takes_one_effect():
    """BS 9-1-7-1, BS 9-1-7-1-3, BS 9-3-1-2, BS 9-3-1-3: Two Way used in the main step: the
    player chooses its main or its flash effect, and only that one takes effect."""
    s = scene(p0=dict(hand=["T-M3"], field=["T-S1"], deck=3))
    play(s, "T-M3")
    assert s.dkind == D_MAGIC_TIMING
    act(s, OPTION)
    assert len(s.hand[0]) == 1 and s.bp(find(s, 0, "T-S1")) == 1000


def test_main_magic_only_in_own_main_step_flash_magic_in_both():
    """BS 9-1-7-1-1, BS 9-1-7-1-2, BS 12-2-1-4-1, BS 12-2-1-5-1, BS 3-4-4: Main Only is not
    offered in a flash timing; Quick Boost and Two Way's flash side are; Quick Boost is also
    usable in the main step."""
    s = scene(p0=dict(hand=["T-M2"], field=["T-S1"]))
    assert hand_slot(s, s.hand[0][0]) in s.legal
    s = scene(step="attack", p0=dict(field=["T-S1"]), p1=dict(hand=["T-M26", "T-M3", "T-M2"], field=["T-S2"]))
    attack(s, find(s, 0, "T-S1"))
    assert s.dkind == D_FLASH and s.current_player() == 1
    usable = {cid(s, s.hand[1][a]) for a in s.legal if a < 40}
    assert usable == {"T-M3", "T-M2"}
    play(s, "T-M3")
    assert s.dkind == D_FLASH  # no main/flash choice in a flash timing: flash effect used
    assert s.bp(find(s, 1, "T-S2")) == 5000


# ---------------------------------------------------------------------------- continuous effects
def test_continuous_effect_applies_at_once_and_ends_when_the_card_leaves():
    """BS 9-1-4-1, BS 9-1-4-2, BS 9-1-4-4: Banner (own spirits +1000) works as soon as it is
    deployed, not on the opponent's spirits, and stops when it leaves the field."""
    s = scene(p0=dict(hand=["T-C1"], field=["T-S1"]), p1=dict(field=["T-S1"]))
    a, b = find(s, 0, "T-S1"), find(s, 1, "T-S1")
    play(s, "T-C1")
    assert s.bp(a) == 2000 and s.bp(b) == 1000
    s = scene(p0=dict(hand=["T-M35"], field=["T-S1"]), p1=dict(field=["T-C1", "T-S1"]))
    b = find(s, 1, "T-S1")
    assert s.bp(b) == 2000
    play(s, "T-M35")  # Raze destroys the Banner
    assert s.bp(b) == 1000


def test_conditional_continuous_effect():
    """BS 9-1-4-3, BS 12-2-1-8-1: Berserker gets +3000 only while attacking."""
    s = scene(step="attack", p0=dict(field=["T-C5"]))
    b = find(s, 0, "T-C5")
    assert s.bp(b) == 2000
    attack(s, b)
    assert s.bp(b) == 5000


def test_bp_never_below_zero():
    """BS 1-4-6: Hexer gives opposing spirits -5000: Red Wolf (3000) has BP 0, not -2000."""
    s = scene(p0=dict(field=["T-S2"]), p1=dict(field=["T-C6"]))
    assert s.bp(find(s, 0, "T-S2")) == 0


def test_zero_bp_spirits_tie_and_both_are_destroyed():
    """BS 1-4-6, BS 8-1-6-1: two spirits at BP 0 (Weaken -3000 on a 3000 blocker, Hexer on the
    attacker's side) compare equal: both destroyed."""
    s = scene(step="attack", p0=dict(field=["T-S2"], hand=["T-M15"]), p1=dict(field=["T-C6", "T-T2"]))
    a, b = find(s, 0, "T-S2"), find(s, 1, "T-T2")
    attack(s, a)
    pass_flash(s)
    act(s, field_slot(s, b))
    act(s, PASS)
    play(s, "T-M15")
    target(s, b)
    pass_flash(s)
    assert s.zone[a] == Z_TRASH and s.zone[b] == Z_TRASH


def test_duration_effect_outlives_its_source():
    """BS 9-1-5-6, BS 9-1-5-6-1: Two Way's 'this turn' +2000 stays after the magic is in the
    trash, and after the spirit stops being a legal target of it."""
    s = scene(p0=dict(hand=["T-M3"], field=["T-S1"]))
    a = find(s, 0, "T-S1")
    play(s, "T-M3")
    act(s, OPTION + 1)
    assert s.bp(a) == 3000 and cid(s, s.trash[0][0]) == "T-M3"


def test_a_card_that_changes_zones_is_a_new_card():
    """BS 4-1-4, BS 5-3-6, BS 5-3-4, BS 4-5-4: Recall returns the opposing spirit (weakened
    this turn) to its owner's hand; its cores go to its owner's reserve and the weakening is
    gone."""
    s = scene(p0=dict(hand=["T-M15", "T-M21"]), p1=dict(field=[("T-S2", 2)], reserve=0))
    w = find(s, 1, "T-S2")
    play(s, "T-M15")
    assert s.bp(w) == 0
    play(s, "T-M21")
    assert s.zone[w] == Z_HAND and w in s.hand[1] and s.reserve[1] == 2
    assert not [t for t in s.teff if t[1] == w]


# ---------------------------------------------------------------------------- prohibitions
def test_cannot_be_destroyed_by_effects_beats_destroy():
    """BS 1-4-3, BS 9-1-2-1, BS 9-2-3: Fortify's 'cannot be destroyed by effects' stops Snipe;
    the BP comparison still destroys (it is not an effect)."""
    s = scene(step="attack", p0=dict(field=["T-S3"], hand=["T-M5"]), p1=dict(field=["T-S2"], hand=["T-M12"]))
    g, w = find(s, 0, "T-S3"), find(s, 1, "T-S2")
    attack(s, g)
    play(s, "T-M12")  # player 1: Fortify its wolf
    play(s, "T-M5")  # player 0: Snipe it: no effect
    assert s.zone[w] == Z_FIELD
    pass_flash(s)
    act(s, field_slot(s, w))
    pass_flash(s)
    assert s.zone[w] == Z_TRASH


def test_exhausting_an_exhausted_spirit_is_not_done():
    """BS 1-4-2-1, BS 5-19-2: Chill on an already exhausted spirit does not exhaust it anew,
    so its 'if you did' draw does not happen; on a recovered one it does."""
    s = scene(p0=dict(hand=["T-M19", "T-M19"], deck=3), p1=dict(field=[dict(id="T-S1", exh=1)]))
    play(s, "T-M19")
    assert len(s.hand[0]) == 1
    s = scene(p0=dict(hand=["T-M19"], deck=3), p1=dict(field=["T-S1"]))
    play(s, "T-M19")
    assert len(s.hand[0]) == 1 and s.exh[find(s, 1, "T-S1")] == 1


# ---------------------------------------------------------------------------- 5-19 links
def test_then_resolves_even_if_the_first_part_could_not():
    """BS 5-19-1: Then Test with no opposing spirit still draws."""
    s = scene(p0=dict(hand=["T-M6"], deck=3))
    play(s, "T-M6")
    assert len(s.hand[0]) == 1


def test_if_done_needs_the_first_part_to_happen():
    """BS 5-19-2: If Done Test draws only when it destroyed something."""
    s = scene(p0=dict(hand=["T-M7"], deck=3))
    play(s, "T-M7")
    assert len(s.hand[0]) == 0
    s = scene(p0=dict(hand=["T-M7"], deck=3), p1=dict(field=["T-S1"]))
    play(s, "T-M7")
    assert len(s.hand[0]) == 1


def test_must_needs_all_of_the_first_part():
    """BS 5-19-5: Must Test (discard the top 3; if all were discarded, gain 1 life): with 2
    cards in the deck there is no life; with 5 there is."""
    s = scene(p0=dict(hand=["T-M8"], deck=2))
    play(s, "T-M8")
    assert len(s.trash[0]) == 3 and s.life[0] == 5  # 2 discarded + the magic
    s = scene(p0=dict(hand=["T-M8"], deck=5))
    play(s, "T-M8")
    assert s.life[0] == 6


def test_must_with_too_few_targets():
    """BS 5-19-5, BS 1-4-2: Two Shot ('destroy 2; if all, gain 1 life') with only one opposing
    spirit destroys it but could not destroy 2: no life."""
    s = scene(p0=dict(hand=["T-M30"]), p1=dict(field=["T-S1"]))
    play(s, "T-M30")
    assert not s.field[1] and s.life[0] == 5


def test_then_part_resolves_before_derived_triggers():
    """BS 5-19-1, BS 9-1-5-9: with 'その後' the draw is part of the same resolution: it is done
    before Last Will's destroyed effect resolves."""
    s = scene(p0=dict(hand=["T-M6"], deck=3), p1=dict(field=["T-T3"], deck=3))
    play(s, "T-M6")
    assert s.dkind == D_OPTIONAL and s.current_player() == 1
    assert len(s.hand[0]) == 1


def test_after_part_waits_for_derived_triggers():
    """BS 5-19-4: with 'この効果発揮後' the draw comes after Last Will's destroyed effect has
    resolved."""
    s = scene(p0=dict(hand=["T-M9"], deck=3), p1=dict(field=["T-T3"], deck=3))
    play(s, "T-M9")
    assert s.dkind == D_OPTIONAL and s.current_player() == 1
    assert len(s.hand[0]) == 0
    decide(s, True)
    assert len(s.hand[0]) == 1 and len(s.hand[1]) == 1


def test_after_part_needs_the_first_part_to_happen():
    """BS 5-19-3: After Test with nothing to destroy does not draw."""
    s = scene(p0=dict(hand=["T-M9"], deck=3))
    play(s, "T-M9")
    assert len(s.hand[0]) == 0


def test_after_part_sees_the_destroyed_card_in_the_trash():
    """BS 5-19-4, BS 10-2-2-5: the first part's resolution ends (its destroyed card reaches
    the trash) before the 'この効果発揮後' part: Return After can bring it back."""
    s = scene(p0=dict(hand=["T-M27"]), p1=dict(field=["T-S1"]))
    pup = find(s, 1, "T-S1")
    play(s, "T-M27")
    assert s.zone[pup] == Z_HAND and pup in s.hand[1]


# ---------------------------------------------------------------------------- activated effects
def test_activated_main_effect_cost_then_effect_once_per_turn():
    """BS 9-1-6-1, BS 9-1-6-2, BS 12-3-1-1: Mill Sage exhausts itself (the cost), then draws;
    [ターン1回]: not offered again this turn, offered next turn."""
    s = scene(p0=dict(field=["T-A1"], hand=["T-M11"], deck=5))
    m = find(s, 0, "T-A1")
    act(s, field_slot(s, m))
    assert s.exh[m] == 1 and len(s.hand[0]) == 2
    assert field_slot(s, m) not in s.legal
    play(s, "T-M11")  # Revive Light recovers it: still used this turn
    assert s.exh[m] == 0 and field_slot(s, m) not in s.legal
    s = scene(p0=dict(field=["T-A1"], deck=5))
    m = find(s, 0, "T-A1")
    act(s, field_slot(s, m))
    act(s, PASS)
    act(s, PASS)
    act(s, PASS)  # end of turn 3
    act(s, PASS)
    act(s, PASS)
    act(s, PASS)  # player 1's turn 4
    assert s.tp == 0 and field_slot(s, m) in s.legal


def test_activated_effect_needs_its_cost_payable():
    """BS 9-1-6-2: Mill Sage cannot be activated while exhausted; Soul Caller not when the
    soul core is in the trash; Core Drainer not without a core on it."""
    s = scene(p0=dict(field=[dict(id="T-A1", exh=1), "T-A3"], soul="trash"))
    assert field_slot(s, find(s, 0, "T-A1")) not in s.legal
    assert field_slot(s, find(s, 0, "T-A3")) in s.legal
    s = scene(p0=dict(field=["T-A4"], soul="trash"))
    assert field_slot(s, find(s, 0, "T-A4")) not in s.legal


def test_activated_effect_resolves_even_if_the_cost_depletes_its_card():
    """BS 9-1-6-2, BS 5-11-1: Core Drainer removes its only core (to the reserve) as the cost:
    it vanishes, and the draw still happens."""
    s = scene(p0=dict(field=[("T-A3", 1)], reserve=0, deck=3))
    d = find(s, 0, "T-A3")
    act(s, field_slot(s, d))
    assert s.zone[d] == Z_TRASH and s.reserve[0] == 1 and len(s.hand[0]) == 1


def test_cost_paid_even_if_the_effect_cannot_resolve():
    """BS 9-1-6-3: Blind Archer with no opposing spirit can still be activated: it is
    exhausted and nothing is destroyed."""
    s = scene(p0=dict(field=["T-A6"]))
    b = find(s, 0, "T-A6")
    assert field_slot(s, b) in s.legal
    act(s, field_slot(s, b))
    assert s.exh[b] == 1 and s.dkind == D_MAIN


def test_soul_core_and_discard_costs():
    """BS 9-1-6-2, BS 5-13-1: Soul Caller puts the soul core into the trash to draw 2;
    Discarder discards a hand card (to its owner's trash) to draw 2."""
    s = scene(p0=dict(field=["T-A4"], deck=5))
    act(s, field_slot(s, find(s, 0, "T-A4")))
    assert s.soul[0] == S_TRASH and len(s.hand[0]) == 2
    s = scene(p0=dict(field=["T-A5"], hand=["T-S2"], deck=5))
    act(s, field_slot(s, find(s, 0, "T-A5")))
    assert s.dkind == D_DISCARD
    act(s, s.legal[0])
    assert ids(s, s.trash[0]) == ["T-S2"] and len(s.hand[0]) == 2


def test_flash_activated_effect_in_a_flash_timing():
    """BS 9-1-6-1, BS 12-2-1-10-2: Flash Knight blocks, pays a core in the flash timing and
    gets +2000 for the battle: 5000 beats Red Wolf's 3000... and the bonus ends with it."""
    s = scene(step="attack", p0=dict(field=[("T-S2", 1)]), p1=dict(field=["T-A2"], reserve=2))
    k, w = find(s, 1, "T-A2"), find(s, 0, "T-S2")
    attack(s, w)
    pass_flash(s)
    act(s, field_slot(s, k))
    assert s.dkind == D_FLASH and s.current_player() == 1 and field_slot(s, k) in s.legal
    act(s, field_slot(s, k))
    assert s.dkind == D_PAY
    act(s, RESERVE)
    assert s.bp(k) == 5000
    pass_flash(s)
    assert s.zone[w] == Z_TRASH and s.zone[k] == Z_FIELD and s.bp(k) == 3000


# ---------------------------------------------------------------------------- replacement effects
def test_replacement_instead_of_destruction_by_effect():
    """BS 9-1-8-1, BS 9-1-8-1-1: Stubborn would be destroyed by Snipe; instead it is
    exhausted and stays on the field."""
    s = scene(p0=dict(hand=["T-M6"]), p1=dict(field=["T-R1"]))
    r = find(s, 1, "T-R1")
    play(s, "T-M6")
    assert s.zone[r] == Z_FIELD and s.exh[r] == 1


def test_replacement_for_effects_does_not_replace_battle_destruction():
    """BS 9-1-8-1: Stubborn's replacement covers destruction by effects only; in a battle it
    is destroyed."""
    s = scene(step="attack", p0=dict(field=["T-S2"]), p1=dict(field=["T-R1"]))
    r = find(s, 1, "T-R1")
    attack(s, find(s, 0, "T-S2"))
    pass_flash(s)
    act(s, field_slot(s, r))
    pass_flash(s)
    assert s.zone[r] == Z_TRASH


def test_replacement_of_any_destruction_replaces_battle_destruction():
    """BS 9-1-8-1, BS 8-1-6-1: a replacement of 'destroyed' whatever the cause also replaces the
    destruction the rules make in the BP comparison (no rule excepts rule-made events): Double
    Guard loses the battle, its 'instead gain 1 life' applies, its effect-only one does not."""
    s = scene(step="attack", p0=dict(field=["T-S2"]), p1=dict(field=["T-R2"], deck=3))
    g = find(s, 1, "T-R2")
    life, hand = s.life[1], len(s.hand[1])
    attack(s, find(s, 0, "T-S2"))
    pass_flash(s)
    act(s, field_slot(s, g))
    pass_flash(s)
    assert s.zone[g] == Z_FIELD and s.life[1] == life + 1 and len(s.hand[1]) == hand


def test_replaced_event_is_not_replaced_again():
    """BS 9-1-8-1-2: Double Guard has two replacements for its destruction by an effect; once
    one has replaced the event the other does not apply too."""
    s = scene(p0=dict(hand=["T-M6"]), p1=dict(field=["T-R2"], deck=3))
    g = find(s, 1, "T-R2")
    play(s, "T-M6")
    act(s, OPTION)  # the draw instead of the destruction
    assert s.zone[g] == Z_FIELD
    assert (len(s.hand[1]), s.life[1]) == (1, 5)


def test_turn_player_chooses_among_replacements():
    """BS 9-1-8-1-3, BS 9-1-8-1-2: Double Guard has two replacements that apply to its
    destruction by an effect; the turn player chooses which one is used, and only that one
    is (the gain of life here, not the draw)."""
    s = scene(p0=dict(hand=["T-M6"], deck=3), p1=dict(field=["T-R2"], deck=3))
    g = find(s, 1, "T-R2")
    act(s, hand_slot(s, find(s, 0, "T-M6", "hand")))
    assert s.current_player() == 0 and s.dkind == D_MODE and s.legal[:2] == [OPTION, OPTION + 1]
    act(s, OPTION + 1)
    assert s.zone[g] == Z_FIELD and s.life[1] == 6 and len(s.hand[1]) == 0


# ---------------------------------------------------------------------------- 12-3 limits
def test_once_per_turn_trigger():
    """BS 12-3-1-1, BS 12-3-1-2: Tax Collector ([ターン1回]) draws on the first summon of the
    turn only; a second Tax Collector (same name) has its own once."""
    s = scene(p0=dict(hand=["T-S4", "T-S5"], field=["T-L1"], deck=5, reserve=4))
    play(s, "T-S4")
    play(s, "T-S5")
    assert len(s.hand[0]) == 1
    s = scene(p0=dict(hand=["T-S4", "T-S5"], field=["T-L1", "T-L1"], deck=5, reserve=4))
    play(s, "T-S4")
    if s.dkind == D_ORDER:
        act(s, OPTION)
    play(s, "T-S5")
    assert len(s.hand[0]) == 2


def test_once_per_turn_resets_next_turn():
    """BS 12-3-1-1: the once-per-turn use comes back in a new turn."""
    s = scene(p0=dict(hand=["T-S4"], field=["T-L1"], deck=5), p1=dict(hand=["T-S5"], deck=5))
    play(s, "T-S4")
    assert len(s.hand[0]) == 1
    act(s, PASS)
    act(s, PASS)
    act(s, PASS)
    assert s.tp == 1
    play(s, "T-S5")
    assert len(s.hand[0]) == 2


def test_no_dup_same_name_triggers_once():
    """BS 12-3-2-1: two Echo Bells ([重複不可], same name): one summon draws once."""
    s = scene(p0=dict(hand=["T-S4"], field=["T-L2", "T-L2"], deck=5))
    play(s, "T-S4")
    assert len(s.hand[0]) == 1 and s.dkind == D_MAIN


def test_no_dup_is_per_controller():
    """BS 12-3-2-1: each player's Echo Bell triggers on the same summon: [重複不可] does not let
    one player's card stop the other player's (ruling in the notes)."""
    s = scene(p0=dict(hand=["T-S4"], field=["T-L2"], deck=5), p1=dict(field=["T-L2"], deck=5))
    play(s, "T-S4")
    if s.dkind == D_ORDER:
        act(s, OPTION)
    assert len(s.hand[0]) == 1 and len(s.hand[1]) == 1


def test_no_dup_different_names_each_trigger():
    """BS 12-3-2-2, BS 12-3-1-3: Echo Bell and Echo Chime (same effect, different names) each
    draw."""
    s = scene(p0=dict(hand=["T-S4"], field=["T-L2", "T-L3"], deck=5))
    play(s, "T-S4")
    if s.dkind == D_ORDER:
        act(s, OPTION)
    assert len(s.hand[0]) == 2


def test_no_dup_once_per_turn():
    """BS 12-3-3-1, BS 12-3-3-2: two Bell Towers ([重複不可・ターン1回]): the first summon draws
    once; the second summon (another timing) lets the other Tower draw; the third none."""
    s = scene(p0=dict(hand=["T-S4", "T-S5", "T-S6"], field=["T-L4", "T-L4"], deck=5, reserve=6))
    play(s, "T-S4")
    assert len(s.hand[0]) == 2 + 1 - 0  # two cards left in hand + 1 drawn
    play(s, "T-S5")
    assert len(s.hand[0]) == 1 + 2
    play(s, "T-S6")
    assert len(s.hand[0]) == 2


def test_no_dup_once_per_turn_different_names():
    """BS 12-3-3-3: Bell Tower and Bell Spire are different names: both draw at once."""
    s = scene(p0=dict(hand=["T-S4"], field=["T-L4", "T-L5"], deck=5))
    play(s, "T-S4")
    if s.dkind == D_ORDER:
        act(s, OPTION)
    assert len(s.hand[0]) == 2


# ---------------------------------------------------------------------------- 13-1
def test_cores_or_more_triggers_on_increase_even_when_already_there():
    """BS 13-1-1: Hoarder ('3 or more cores'): 2 -> 3 triggers; 3 -> 4 triggers too; 4 -> 3
    does not."""
    s = scene(p0=dict(field=[("T-T16", 2)], reserve=3, deck=5))
    h = find(s, 0, "T-T16")
    for expect in (1, 2):
        act(s, MOVE_CORE)
        act(s, RESERVE)
        act(s, field_slot(s, h))
        assert len(s.hand[0]) == expect
    act(s, MOVE_CORE)
    act(s, field_slot(s, h))
    act(s, RESERVE)
    assert s.ncores(h) == 3 and len(s.hand[0]) == 2


def test_cores_or_more_counts_the_soul_core():
    """BS 13-1-1, BS 5-7-3: moving the soul core onto Hoarder (2 -> 3 cores) triggers it."""
    s = scene(p0=dict(field=[("T-T16", 2)], reserve=0, deck=5))
    h = find(s, 0, "T-T16")
    act(s, MOVE_CORE)
    act(s, RESERVE_SOUL)
    act(s, field_slot(s, h))
    assert s.ncores(h) == 3 and len(s.hand[0]) == 1


def test_life_or_less_triggers_on_decrease_only():
    """BS 13-1-2, BS-R6: Last Stand ('life 2 or less'): 3 -> 2 triggers, 2 -> 1 triggers
    again; gaining life 1 -> 2 does not."""
    s = scene(
        step="attack",
        p0=dict(field=["T-S1", "T-S2"]),
        p1=dict(field=[dict(id="T-T17", exh=1)], life=3, hand=["T-M34"], deck=5),
    )
    attack(s, find(s, 0, "T-S1"))
    pass_flash(s)
    assert s.life[1] == 2 and len(s.hand[1]) == 2
    attack(s, find(s, 0, "T-S2"))
    pass_flash(s)
    assert s.life[1] == 1 and len(s.hand[1]) == 3
    act(s, PASS)  # attack step
    act(s, PASS)  # second main step
    assert s.tp == 1 and s.dkind == D_MAIN
    n = len(s.hand[1])
    play(s, "T-M34")
    assert s.life[1] == 2 and len(s.hand[1]) == n - 1


def test_own_life_decreased_trigger():
    """BS 9-1-5-1, BS-R1: Scar draws when its controller's life goes down."""
    s = scene(step="attack", p0=dict(field=["T-S1"]), p1=dict(field=[dict(id="T-T15", exh=1)], deck=3))
    attack(s, find(s, 0, "T-S1"))
    pass_flash(s)
    assert s.life[1] == 4 and s.reserve[1] == 4 and len(s.hand[1]) == 1


def test_five_kinds_of_effect():
    """BS 9-1-1, BS 9-1-1-1, BS 9-1-3, BS 9-3-1-4, BS 5-12-1: a continuous effect (Banner), a
    triggered effect (Summon Seer), an activated effect (Mill Sage), a declared effect used
    from the hand (Double Draw) and a replacement effect (Stubborn) each take effect."""
    s = scene(
        p0=dict(hand=["T-T1", "T-M1", "T-M6"], field=["T-C1", "T-A1"], reserve=4, deck=9), p1=dict(field=["T-R1"])
    )
    seer = play(s, "T-T1")
    assert len(s.hand[0]) == 3 and s.bp(seer) == 2000  # triggered; continuous
    act(s, field_slot(s, find(s, 0, "T-A1")))
    assert len(s.hand[0]) == 4  # activated
    play(s, "T-M1")
    assert len(s.hand[0]) == 5  # declared
    play(s, "T-M6")
    r = find(s, 1, "T-R1")
    assert s.zone[r] == Z_FIELD and s.exh[r] == 1  # replacement


def test_a_played_card_is_revealed_to_both_players():
    """BS 11-1-1-1, BS 9-3-1-2, BS 11-3-1-1: while its cost is paid, the card being summoned is
    shown: both players' observations name it as the decision's card."""
    s = scene(p0=dict(hand=["T-S2"], reserve=5))
    act(s, hand_slot(s, find(s, 0, "T-S2", "hand")))
    assert s.dkind == D_PAY
    L = s.game.obs_layout
    k = s.game.pool.get("T-S2").index
    for p in (0, 1):
        assert s.observation_tensor(p)[L.ctx + k] == 1.0


def test_bp_filter_reads_the_printed_bp_off_the_field():
    """BS 2-9-1, BS 9-2-2: a card in the trash is chosen by its printed (Lv1) BP: BP 2000 or
    less finds Red Pup (1000) but not Red Wolf (3000)."""
    s = scene(p0=dict(hand=["T-X2"], trash=["T-S1", "T-S2"]))
    pup, big = find(s, 0, "T-S1", "trash"), find(s, 0, "T-S2", "trash")
    assert s.defs[s.cdef[big]].lv_bp[0] > 2000
    play(s, "T-X2")
    assert s.zone[pup] == Z_HAND and s.zone[big] == Z_TRASH
