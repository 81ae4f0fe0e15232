"""Battle Spirits rules: attack and battle (8-1), flash timings, blocks, life damage, BP
comparison, battle durations, and the keywords and restrictions that shape a battle."""

from __future__ import annotations

from bs_scenario import (
    D_ATTACK,
    D_BLOCK,
    D_FLASH,
    D_MAIN,
    D_OPTIONAL,
    D_ORDER,
    FIELD,
    OPTION,
    PASS,
    Z_FIELD,
    Z_TRASH,
    act,
    attack,
    decide,
    field_slot,
    find,
    pass_flash,
    play,
    scene,
    target,
)


def _block(s, i):
    assert s.dkind == D_BLOCK, s.decision_name()
    act(s, field_slot(s, i))


def test_attack_exhausts_the_attacker_and_fires_attack_triggers():
    """BS 8-1, BS 8-1-1-1, BS 8-1-1-2, BS 12-2-1-7-1, BS 12-2-1-8-1, BS 9-3-2-3: declaring an
    attack exhausts the spirit; its 『アタック時』 effect resolves (Charger +2000 in battle, on
    itself: the effect names no other card)."""
    s = scene(step="attack", p0=dict(field=["T-T7"]), p1=dict(field=["T-S1"]))
    c = find(s, 0, "T-T7")
    attack(s, c)
    assert s.exh[c] == 1 and s.attacker == c and s.bp(c) == 5000
    assert s.dkind == D_FLASH


def test_only_recovered_spirits_attack_and_nexuses_never():
    """BS 8-1-1-1, BS 3-2-3: an exhausted spirit and a nexus are not offered as attackers."""
    s = scene(step="attack", p0=dict(field=[dict(id="T-S1", exh=1), "T-N3", "T-S2"]))
    assert s.legal == [FIELD + 2, PASS, s.CONCEDE]


def test_a_spirit_summoned_this_turn_can_attack():
    """BS 3-2-4: a spirit can attack in the turn it was summoned."""
    s = scene(p0=dict(hand=["T-S4"]))
    i = play(s, "T-S4")
    act(s, PASS)
    assert s.dkind == D_ATTACK and field_slot(s, i) in s.legal


def test_flash_timing_attacked_player_first_two_passes_end_it():
    """BS 8-1-2-1, BS-R2: before the block the attacked player has the first right; a pass
    gives the right to the other player; two passes in a row end the timing."""
    s = scene(step="attack", p0=dict(field=["T-S1"], hand=["T-M2"]), p1=dict(field=["T-S2"], hand=["T-M34"]))
    attack(s, find(s, 0, "T-S1"))
    assert s.dkind == D_FLASH and s.current_player() == 1
    act(s, PASS)
    assert s.dkind == D_FLASH and s.current_player() == 0
    act(s, PASS)
    assert s.dkind == D_BLOCK and s.current_player() == 1


def test_flash_use_passes_the_right_and_the_timing_goes_on():
    """BS 8-1-2-1, BS 12-2-1-5-1, BS 9-1-7-1-2: after a flash use the other player gets the
    right; the timing ends only after two passes in a row."""
    s = scene(step="attack", p0=dict(field=["T-S1"], hand=["T-M2"]), p1=dict(field=["T-S2"], hand=["T-M34"]))
    attack(s, find(s, 0, "T-S1"))
    play(s, "T-M34")  # player 1 gains a life
    assert s.life[1] == 6
    assert s.dkind == D_FLASH and s.current_player() == 0
    act(s, PASS)
    assert s.dkind == D_FLASH and s.current_player() == 1
    act(s, PASS)
    assert s.dkind == D_BLOCK


def test_no_block_skips_the_post_block_flash_and_reduces_life():
    """BS 8-1-3-1, BS 8-1-5-1, BS-R1, BS 4-7-1: declining to block goes straight to the
    resolution: life minus the attacker's symbols, the cores to the reserve."""
    s = scene(step="attack", p0=dict(field=["T-S4"], hand=["T-M2"]), p1=dict(field=["T-S1"], reserve=0))
    attack(s, find(s, 0, "T-S4"))
    pass_flash(s)
    act(s, PASS)  # no block
    assert s.dkind == D_ATTACK
    assert s.life[1] == 3 and s.reserve[1] == 2  # Twin Dragon: two symbols


def test_attacker_without_symbols_deals_no_damage():
    """BS 8-1-5-1, BS 2-10-3, BS 1-4-2-3: Blank Imp has no symbol: the unblocked attack takes
    no life."""
    s = scene(step="attack", p0=dict(field=["T-S5"]))
    attack(s, find(s, 0, "T-S5"))
    pass_flash(s)
    assert s.life[1] == 5 and s.dkind == D_ATTACK


def test_block_exhausts_fires_block_triggers_and_opens_a_second_flash_timing():
    """BS 8-1-3-1, BS 8-1-3-2, BS 8-1-4-1, BS 12-2-1-9-1: blocking exhausts the blocker, its
    『ブロック時』 effect resolves, then a flash timing starts with the attacked player."""
    s = scene(step="attack", p0=dict(field=["T-S1"]), p1=dict(field=["T-T8"], deck=3))
    w = find(s, 1, "T-T8")
    attack(s, find(s, 0, "T-S1"))
    pass_flash(s)
    _block(s, w)
    assert s.exh[w] == 1 and s.blocker == w and len(s.hand[1]) == 1
    assert s.dkind == D_FLASH and s.current_player() == 1
    act(s, PASS)
    assert s.current_player() == 0
    act(s, PASS)
    assert s.dkind == D_ATTACK


def test_only_recovered_spirits_block():
    """BS 8-1-3-1, BS 3-2-3: exhausted spirits and nexuses cannot block; with no possible
    blocker there is no block decision."""
    s = scene(step="attack", p0=dict(field=["T-S1"]), p1=dict(field=[dict(id="T-S2", exh=1), "T-N3", "T-S3"]))
    attack(s, find(s, 0, "T-S1"))
    pass_flash(s)
    assert s.legal == [FIELD + 2, PASS, s.CONCEDE]
    s = scene(step="attack", p0=dict(field=["T-S1"]), p1=dict(field=[dict(id="T-S2", exh=1), "T-N3"]))
    attack(s, find(s, 0, "T-S1"))
    pass_flash(s)
    assert s.dkind == D_ATTACK and s.life[1] == 4


def test_lower_bp_is_destroyed_cores_go_to_the_reserve():
    """BS 8-1-5-2, BS 8-1-6-1, BS 5-10-1, BS 4-5-4, BS 2-9-2: Blue Golem (5000) blocks Red
    Wolf (3000): the wolf is destroyed, its cores go to its owner's reserve; the golem
    stays; no life is lost."""
    s = scene(step="attack", p0=dict(field=[("T-S2", 2)], reserve=0), p1=dict(field=["T-S3"]))
    w, g = find(s, 0, "T-S2"), find(s, 1, "T-S3")
    attack(s, w)
    pass_flash(s)
    _block(s, g)
    pass_flash(s)
    assert s.zone[w] == Z_TRASH and s.reserve[0] == 2 and s.zone[g] == Z_FIELD
    assert s.life[1] == 5


def test_equal_bp_destroys_both():
    """BS 8-1-6-1: equal BP destroys both spirits."""
    s = scene(step="attack", p0=dict(field=["T-S2"]), p1=dict(field=["T-T2"]))
    a, b = find(s, 0, "T-S2"), find(s, 1, "T-T2")
    attack(s, a)
    pass_flash(s)
    _block(s, b)
    pass_flash(s)
    assert s.zone[a] == Z_TRASH and s.zone[b] == Z_TRASH


def test_battle_destroy_trigger():
    """BS 8-1-6-2: Victor's 'when it destroys a spirit by BP comparison' resolves after the
    comparison."""
    s = scene(step="attack", p0=dict(field=["T-T5"], deck=3), p1=dict(field=["T-S2"]))
    attack(s, find(s, 0, "T-T5"))
    pass_flash(s)
    _block(s, find(s, 1, "T-S2"))
    pass_flash(s)
    assert len(s.hand[0]) == 1


def test_no_bp_comparison_when_the_blocker_has_left():
    """BS 8-1-5-2-1: Snipe destroys the blocker in the post-block flash timing: no BP
    comparison, and no life damage either (the attack was blocked)."""
    s = scene(step="attack", p0=dict(field=["T-S1"], hand=["T-M5"]), p1=dict(field=["T-S2"]))
    a, b = find(s, 0, "T-S1"), find(s, 1, "T-S2")
    attack(s, a)
    pass_flash(s)
    _block(s, b)
    act(s, PASS)  # player 1
    play(s, "T-M5")  # player 0: Snipe the blocker (BP 3000)
    pass_flash(s)
    assert s.zone[b] == Z_TRASH and s.zone[a] == Z_FIELD and s.life[1] == 5


def test_attacker_removed_before_the_block_ends_the_battle():
    """BS 8-1-5-2-1, BS 8-1-5-1: Snipe on the attacker in the pre-block flash timing: no
    block, no damage."""
    s = scene(step="attack", p0=dict(field=["T-S1"]), p1=dict(field=["T-S2"], hand=["T-M5"]))
    a = find(s, 0, "T-S1")
    attack(s, a)
    play(s, "T-M5")
    pass_flash(s)
    assert s.zone[a] == Z_TRASH and s.dkind == D_ATTACK and s.life[1] == 5


def test_flash_bp_boost_changes_the_comparison():
    """BS 8-1-4-1, BS 9-1-7-1-2: the attacker's player uses Quick Boost (+3000 this battle)
    after the block: Red Wolf 6000 beats Blue Golem 5000."""
    s = scene(step="attack", p0=dict(field=["T-S2"], hand=["T-M2"]), p1=dict(field=["T-S3"]))
    a, b = find(s, 0, "T-S2"), find(s, 1, "T-S3")
    attack(s, a)
    pass_flash(s)
    _block(s, b)
    act(s, PASS)
    play(s, "T-M2")
    pass_flash(s)
    assert s.zone[b] == Z_TRASH and s.zone[a] == Z_FIELD
    assert s.bp(a) == 3000  # BS 8-1-7-2: the battle bonus is gone


def test_battle_end_trigger_and_battle_durations_end():
    """BS 8-1-7-1, BS 8-1-7-2, BS 12-2-1-8-2: Echo's battle-end effect resolves; Charger's
    'this battle' +2000 and Berserker's 'while attacking' +3000 end with the battle."""
    s = scene(step="attack", p0=dict(field=["T-T6", "T-T7", "T-C5"], deck=3))
    e, c, b = find(s, 0, "T-T6"), find(s, 0, "T-T7"), find(s, 0, "T-C5")
    attack(s, e)
    pass_flash(s)
    assert len(s.hand[0]) == 1
    attack(s, c)
    assert s.bp(c) == 5000
    pass_flash(s)
    assert s.bp(c) == 3000
    attack(s, b)
    assert s.bp(b) == 5000
    pass_flash(s)
    assert s.bp(b) == 2000 and s.attacker == -1


def test_gekitotsu_forces_a_block_when_possible():
    """BS 12-1-1, BS 12-1-2, BS 5-2-2, BS-R5, BS 1-4-1: 【激突】: the attacked player must block
    with a spirit if one can block (no 'no block' choice): the card's text overrides the
    rule that blocking is optional."""
    s = scene(step="attack", p0=dict(field=["T-K3"]), p1=dict(field=["T-S1", "T-S2"]))
    attack(s, find(s, 0, "T-K3"))
    pass_flash(s)
    assert s.dkind == D_BLOCK and PASS not in s.legal and len(s.legal) == 3


def test_cannot_block_beats_a_forced_block():
    """BS 1-4-3, BS 9-1-2-1, BS 9-1-2-2: 【激突】 vs a spirit that cannot block (Coward): the
    prohibition wins, there is no block; with Warden's 'opponents' spirits cannot block in
    my turn', nobody blocks."""
    s = scene(step="attack", p0=dict(field=["T-K3"]), p1=dict(field=["T-C3"]))
    attack(s, find(s, 0, "T-K3"))
    pass_flash(s)
    assert s.dkind == D_ATTACK and s.life[1] == 4
    s = scene(step="attack", p0=dict(field=["T-S1", "T-C8"]), p1=dict(field=["T-S2"]))
    attack(s, find(s, 0, "T-S1"))
    pass_flash(s)
    assert s.dkind == D_ATTACK and s.life[1] == 4


def test_must_block_grant_limits_the_block_choice():
    """BS 9-1-2-2: Provoke makes an opposing spirit block if able: the block decision offers
    only it; if it also cannot block, the prohibition wins (BS 1-4-3)."""
    s = scene(p0=dict(field=["T-S1"], hand=["T-M13"]), p1=dict(field=["T-S2", "T-S3"]))
    wolf = find(s, 1, "T-S2")
    play(s, "T-M13")
    target(s, wolf)
    attack(s, find(s, 0, "T-S1"))
    pass_flash(s)
    assert s.dkind == D_BLOCK and s.legal == [field_slot(s, wolf), s.CONCEDE]
    s = scene(p0=dict(field=["T-S1"], hand=["T-M13"]), p1=dict(field=["T-C3", "T-S3"]))
    play(s, "T-M13")
    target(s, find(s, 1, "T-C3"))
    attack(s, find(s, 0, "T-S1"))
    pass_flash(s)
    assert s.dkind == D_BLOCK and PASS in s.legal and field_slot(s, find(s, 1, "T-C3")) not in s.legal


def test_unblockable_attacker_gets_no_block():
    """BS 9-1-4-1: Phantom (constant: cannot be blocked): no block decision."""
    s = scene(step="attack", p0=dict(field=["T-C4"]), p1=dict(field=["T-S3"]))
    attack(s, find(s, 0, "T-C4"))
    pass_flash(s)
    assert s.dkind == D_ATTACK and s.life[1] == 4


def test_cannot_attack_constant():
    """BS 9-1-4-2, BS 9-2-3: Chained Beast cannot attack, whatever its BP."""
    s = scene(step="attack", p0=dict(field=["T-C2", "T-S1"]))
    assert field_slot(s, find(s, 0, "T-C2")) not in s.legal
    assert field_slot(s, find(s, 0, "T-S1")) in s.legal


def test_heavy_armor_protects_from_opponents_effects_of_its_colours():
    """BS 12-1-2, BS 12-1-3: Armored Turtle 【重装甲：赤】 cannot be chosen by the opponent's
    red Summon Hunter; a purple Snipe can destroy it (BS-R5: defined in the card language)."""
    s = scene(p0=dict(hand=["T-T2", "T-M6"]), p1=dict(field=["T-K4"]))
    t = find(s, 1, "T-K4")
    play(s, "T-T2")
    assert s.dkind == D_OPTIONAL
    decide(s, True)
    assert s.zone[t] == Z_FIELD and s.dkind == D_MAIN
    play(s, "T-M6")  # Then Test: purple
    assert s.zone[t] == Z_TRASH


def test_attacking_again_after_a_battle():
    """BS 8-1-7-3, BS 7-7-3-2: after the battle the turn player may attack with another
    spirit."""
    s = scene(step="attack", p0=dict(field=["T-S1", "T-S2"]))
    attack(s, find(s, 0, "T-S1"))
    pass_flash(s)
    assert s.dkind == D_ATTACK and field_slot(s, find(s, 0, "T-S2")) in s.legal
    assert field_slot(s, find(s, 0, "T-S1")) not in s.legal


def test_added_symbols_deal_more_damage_and_reduce_more():
    """BS 8-1-5-1, BS 2-10-2: Sharpen gives the attacker one more symbol for the battle: two
    life are lost; afterwards it is back to one."""
    s = scene(step="attack", p0=dict(field=["T-S1"], hand=["T-M41"]))
    a = find(s, 0, "T-S1")
    attack(s, a)
    act(s, PASS)  # player 1
    play(s, "T-M41")
    pass_flash(s)
    assert s.life[1] == 3 and s.symbols(a) == 1


def test_a_recovered_attacker_may_attack_again():
    """BS 8-1-1-1, BS 8-1-7-3: Tired Owl recovers itself when it attacks; after the battle it is
    recovered and may attack again."""
    s = scene(step="attack", p0=dict(field=["T-T9"], deck=5))
    o = find(s, 0, "T-T9")
    attack(s, o)
    if s.dkind == D_ORDER:  # draw first, then recover
        batch = s.tq[s.stack[-1][2]]
        act(s, OPTION + [t[1] for t in batch].index(0))
    pass_flash(s)
    assert s.dkind == D_ATTACK and s.exh[o] == 0 and field_slot(s, o) in s.legal


def test_heavy_armor_also_ignores_opponents_continuous_effects():
    """BS 12-1-2, BS-R5: Armored Turtle 【重装甲：赤】 is unaffected by the opponent's red
    effects, continuous ones included: Red Hexer's -2000 does not lower its BP."""
    s = scene(p0=dict(field=["T-C10"]), p1=dict(field=["T-K4", "T-S3"]))
    assert s.bp(find(s, 1, "T-S3")) == 3000  # an unarmoured spirit is affected
    assert s.bp(find(s, 1, "T-K4")) == 2000


def test_heavy_armor_holds_against_target_words():
    """BS 12-1-2, BS-R5: 【重装甲：赤】 shields however the card is named: a red magic aimed
    at 'the blocking spirit' leaves the armoured blocker's BP alone, and an unarmoured
    blocker loses the 1000 BP."""
    for blocker_id, expected in (("T-K4", 2000), ("T-S2", None)):
        s = scene(step="attack", p0=dict(field=["T-S1"], hand=["T-X1"]), p1=dict(field=[blocker_id]))
        b = find(s, 1, blocker_id)
        before = s.bp(b)
        attack(s, find(s, 0, "T-S1"))
        pass_flash(s)
        assert s.dkind == D_BLOCK
        act(s, field_slot(s, b))
        assert s.dkind == D_FLASH and s.dplayer == 1  # BS-R2: the attacked player first
        act(s, PASS)
        play(s, "T-X1")
        assert s.bp(b) == (expected if expected is not None else before - 1000)
