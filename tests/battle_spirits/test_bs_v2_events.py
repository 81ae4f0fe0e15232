"""Battle Spirits card language v2 (issue 10): triggers on events of other cards and of players.

A trigger names its event and whose it is (``of:``): this card (the default), cards watched
through a target-like mapping, or a player; ``by:`` how it was caused, ``each:`` once per card,
``zone: hand`` a card in the hand watching (words in ``envs/battle_spirits/events.py``). Test
cards: ``data/v2_events.yaml`` (T2-E*), most modelled on a real card of
``tests/battle_spirits/real_cards/SOURCES.md``.
"""

from __future__ import annotations

import pytest
from bs_scenario import (
    D_BLOCK,
    D_FLASH,
    D_MAIN,
    D_OPTIONAL,
    D_ORDER,
    D_PLACE,
    D_TARGET,
    OPTION,
    PASS,
    Z_FIELD,
    Z_HAND,
    Z_TRASH,
    act,
    attack,
    cid,
    field_slot,
    find,
    game,
    ids,
    pass_flash,
    place,
    play,
    scene,
    target,
)
from tcgzoo.envs.battle_spirits import Game
from tcgzoo.envs.battle_spirits.cards import EV, load_pool
from tcgzoo.envs.battle_spirits.layout import CONCEDE
from tcgzoo.envs.core.errors import CardFileError
from tcgzoo.envs.core.rng import Rng


def choices(s) -> list[int]:
    return sorted(a for a in s.legal if a != CONCEDE)


def order(s) -> None:
    """Resolve simultaneous effects in the offered order."""
    while s.dkind == D_ORDER:
        act(s, choices(s)[0])


def batch_sources(s) -> list[tuple[str, int, int]]:
    """(card id, event card, times) of each effect waiting in the batch being ordered."""
    return [(cid(s, t[0]), t[3], t[4] if len(t) > 4 else 1) for t in s.tq[s.stack[-1][2]]]


def block_with(s, i: int) -> None:
    """Pass the flash timing before the block, then block with spirit i."""
    pass_flash(s)
    assert s.dkind == D_BLOCK, s.decision_name()
    act(s, field_slot(s, i))


# ================================================================== several events at once
def test_simultaneous_destructions_trigger_a_watcher_once_unless_each():
    """BS 9-1-5-4, BS 9-1-5-2-1, BS 12-2-1-12: one effect destroys three opposing spirits at once.
    'When an opposing spirit is destroyed' triggers once (its count is 3); the 'each time' word
    (each: true) triggers once per spirit, each time with that spirit as its event card."""
    s = scene(p0=dict(hand=["T2-E4"], field=["T2-E2", "T2-E3"]), p1=dict(field=["T-S1", "T-S2", "T-S5"]))
    opp = list(s.field[1])
    play(s, "T2-E4")
    assert s.dkind == D_ORDER
    waiting = batch_sources(s)
    assert sorted(w for w in waiting if w[0] == "T2-E2") == [("T2-E2", opp[0], 3)]
    assert sorted(w for w in waiting if w[0] == "T2-E3") == sorted(("T2-E3", i, 1) for i in opp)
    order(s)
    assert s.dkind == D_MAIN and len(s.hand[0]) == 4 and not s.field[1]


def test_separate_actions_are_separate_events():
    """BS 9-1-5-4, BS 5-19-1: two destructions by two actions (「その後」) are not simultaneous:
    the watcher triggers twice (Hellfire-style 'destroy up to 2' is one action: once)."""
    s = scene(p0=dict(hand=["T2-E25", "T2-E25"], field=["T2-E2"]), p1=dict(field=["T-S1", "T-S2"]))
    play(s, "T2-E25")
    target(s, s.field[1][0])
    assert s.dkind == D_MAIN and len(s.hand[0]) == 2  # one Single Shot left, one card drawn
    play(s, "T2-E25")
    assert s.dkind == D_MAIN and len(s.hand[0]) == 2


def test_draw_per_destroyed_spirit_in_own_attack_step():
    """BS 9-1-5-4, BS 1-4-7, BS 7-7 (card 27 焔竜の城塞都市 「『自分のアタックステップ』相手のスピリットを破壊
    したとき、破壊したスピリット1体につき、自分はデッキから1枚ドローする」): a flash magic destroying three
    opposing spirits in the attack step draws 3 (event_count); a BP win draws 1 (by: own covers the
    own spirit's BP); in the main step nothing."""
    s = scene(
        step="attack", p0=dict(hand=["T2-E4"], field=["T2-E1", ("T-S3", 1)]), p1=dict(field=["T-S1", "T-S2", "T-S5"])
    )
    attack(s, find(s, 0, "T-S3"))
    assert s.dkind == D_FLASH and s.dplayer == 1
    act(s, PASS)
    play(s, "T2-E4")
    assert not s.field[1] and len(s.hand[0]) == 3
    s = scene(step="attack", p0=dict(field=["T2-E1", ("T-S3", 1)]), p1=dict(field=["T-S1"]))
    attack(s, find(s, 0, "T-S3"))
    block_with(s, find(s, 1, "T-S1"))
    pass_flash(s)
    assert ids(s, s.trash[1]) == ["T-S1"] and len(s.hand[0]) == 1
    s = scene(p0=dict(hand=["T2-E4"], field=["T2-E1"]), p1=dict(field=["T-S1", "T-S2"]))
    play(s, "T2-E4")
    assert not s.field[1] and len(s.hand[0]) == 0


# ================================================================== whose event (of:), 12-2-1-x
def test_another_own_spirits_attack():
    """BS 12-2-1-7, BS 9-1-5-1 (「このスピリット以外の自分のスピリットのアタック時」): an own spirit's attack
    triggers War Drummer and 'event' is the attacker (+1000 BP this battle); its own attack does
    not (other: true), nor does an opposing spirit's."""
    s = scene(step="attack", p0=dict(field=["T2-E5", "T-S1"]))
    pup = find(s, 0, "T-S1")
    attack(s, pup)
    assert s.dkind == D_FLASH and s.bp(pup) == 2000
    s = scene(step="attack", p0=dict(field=["T2-E5", "T-S1"]))
    drummer = find(s, 0, "T2-E5")
    attack(s, drummer)
    assert s.bp(drummer) == 1000 and s.bp(find(s, 0, "T-S1")) == 1000
    s = scene(step="attack", tp=1, p0=dict(field=["T2-E5"]), p1=dict(field=["T-S1"]))
    attack(s, find(s, 1, "T-S1"))
    assert s.bp(find(s, 1, "T-S1")) == 1000


def test_an_opposing_spirits_summon_and_its_bp_as_a_value():
    """BS 12-2-1-6, BS 9-1-5-1, BS 1-4-7 (「相手のスピリットが召喚されたとき」; {stat: bp, of: event}):
    the summoned spirit is the event card and its BP the amount; one's own summon does not count."""
    s = scene(tp=1, p0=dict(field=["T2-E15"]), p1=dict(hand=["T-S2"], reserve=5))
    knight = find(s, 0, "T2-E15")
    play(s, "T-S2")
    assert s.dkind == D_MAIN and s.bp(knight) == 1000 + 3000
    s = scene(p0=dict(field=["T2-E15"], hand=["T-S2"], reserve=5))
    play(s, "T-S2")
    assert s.bp(find(s, 0, "T2-E15")) == 1000


def test_opponent_declares_a_block_against_this_spirit():
    """BS 12-2-1-9, BS 8-1-3-2 (card 51 甲精ディース 「『このスピリットのアタック時』相手がブロックを宣言
    したとき、…スピリット1体を疲労させる」): the opposing blocker's block triggers it while it attacks;
    a block against another own spirit does not."""
    s = scene(step="attack", p0=dict(field=["T2-E13"]), p1=dict(field=["T-S1", "T-S2"]))
    attack(s, find(s, 0, "T2-E13"))
    block_with(s, find(s, 1, "T-S1"))
    assert s.exh[find(s, 1, "T-S2")] == 1  # the only recovered spirit left
    s = scene(step="attack", p0=dict(field=["T2-E13", ("T-S3", 1)]), p1=dict(field=["T-S1", "T-S2"]))
    attack(s, find(s, 0, "T-S3"))
    block_with(s, find(s, 1, "T-S1"))
    assert s.exh[find(s, 1, "T-S2")] == 0


def test_own_nexus_deployed_summons_this_card_from_the_hand():
    """BS 12-2-1-11, BS 5-12-2, BS 9-3-1-2 (card 66 ティンダロ・ハウンド 「手札にあるこのスピリットカードは、
    自分のネクサスを配置したとき、コストを支払わずに召喚できる」): deploying a nexus lets the hand card's
    player say whether it is used; used, the card is shown and summoned without its cost (its
    Lv1 core still placed); declined, it stays hidden in the hand. The opponent's observation
    says nothing of it meanwhile. An opposing nexus does not trigger it."""
    s = scene(p0=dict(hand=["T2-E11", "T2-E17"], reserve=2))
    hound = find(s, 0, "T2-E11", "hand")
    play(s, "T2-E17")
    assert s.dkind == D_OPTIONAL and s.dplayer == 0 and not s.known[hound]
    seen = s.observation_tensor(1)
    other = s.clone()
    other.resample_hidden(1, Rng(5))
    assert (other.observation_tensor(1) == seen).all()
    act(s, OPTION + 1)
    assert s.known[hound]
    assert s.dkind == D_PLACE
    place(s)
    assert s.zone[hound] == Z_FIELD and s.reserve[0] == 1 and s.dkind == D_MAIN
    s = scene(p0=dict(hand=["T2-E11", "T2-E17"]))
    hound = find(s, 0, "T2-E11", "hand")
    play(s, "T2-E17")
    act(s, OPTION)
    assert s.zone[hound] == Z_HAND and not s.known[hound] and s.dkind == D_MAIN
    s = scene(tp=1, p0=dict(hand=["T2-E11"]), p1=dict(hand=["T2-E17"]))
    play(s, "T2-E17")
    assert s.dkind == D_MAIN and s.dplayer == 1


def test_a_hand_trigger_fails_when_its_card_leaves_the_hand():
    """BS 9-1-5-5, BS 9-1-5-8 with BS 5-12-2: the hand is the zone the hand card's trigger works
    from. Declared (shown), it waits with Gate Keeper's trigger of the same deployment; the turn
    player resolves Gate Keeper's first, which summons the hound from the hand, so the hound's
    own trigger finds it gone and does nothing (one summon, no error)."""
    s = scene(p0=dict(hand=["T2-E11", "T2-E17"], field=["T2-E30"], reserve=4))
    hound = find(s, 0, "T2-E11", "hand")
    play(s, "T2-E17")
    assert s.dkind == D_OPTIONAL  # the hand card is asked first, before the order
    act(s, OPTION + 1)
    assert s.dkind == D_ORDER and sorted(w[0] for w in batch_sources(s)) == ["T2-E11", "T2-E30"]
    order_first = [a for a in choices(s) if cid(s, s.tq[s.stack[-1][2]][a - OPTION][0]) == "T2-E30"]
    act(s, order_first[0])
    place(s)
    assert s.zone[hound] == Z_FIELD and s.dkind == D_MAIN and s.reserve[0] == 3


def test_destroyed_by_the_opponent_of_another_own_spirit():
    """BS 12-2-1-12-1 (「自分のスピリットが相手によって破壊されたとき」): an opposing effect destroying an
    own spirit triggers it; one's own effect destroying one's own spirit does not."""
    s = scene(tp=1, p0=dict(field=["T2-E22", "T-S1"], reserve=3), p1=dict(hand=["T2-E25"]))
    play(s, "T2-E25")
    target(s, find(s, 0, "T-S1"))
    assert s.dkind == D_MAIN and s.reserve[0] == 4 + 1  # its core and the effect's
    s = scene(p0=dict(field=["T2-E22", "T-S1"], hand=["T2-E29"], reserve=3))
    play(s, "T2-E29")
    target(s, find(s, 0, "T-S1"))
    assert s.dkind == D_MAIN and ids(s, s.trash[0]) == ["T-S1", "T2-E29"] and s.reserve[0] == 3 + 1


def test_a_watcher_destroyed_at_the_same_time_does_not_resolve():
    """BS 9-1-5-5, BS 10-2-2-4: 'destroy all' takes the watcher with the spirit it watches; its
    trigger is queued but the watcher has left the field, so nothing is drawn."""
    s = scene(tp=1, p0=dict(field=["T-S1", "T2-E2"]), p1=dict(hand=["T2-E4"], field=["T-S2"]))
    s2 = scene(tp=1, p0=dict(field=["T-S1"]), p1=dict(hand=["T2-E4"], field=["T2-E2"]))
    play(s2, "T2-E4")
    assert len(s2.hand[1]) == 1  # the watcher on the other side draws: the event was seen
    play(s, "T2-E4")
    assert not s.field[0] and len(s.hand[0]) == 0 and s.dkind == D_MAIN


# ================================================================== leaving the field (9-3-3)
def test_returned_to_hand_triggers_from_the_waiting_state():
    """BS 9-3-3, BS 10-2-2-1 (「このスピリットが手札に戻ったとき」): the bounced spirit's own trigger works
    from the waiting state: its player draws, and the spirit reaches the hand too."""
    s = scene(p0=dict(hand=["T2-E23"]), p1=dict(field=["T2-E16"]))
    wisp = find(s, 1, "T2-E16")
    play(s, "T2-E23")
    assert s.zone[wisp] == Z_HAND and len(s.hand[1]) == 2 and s.dkind == D_MAIN


def test_leaving_the_field_is_seen_for_vanishing_and_returning():
    """BS 9-3-3, BS 10-2-2-1, BS 5-11 (「相手のスピリットがフィールドを離れるとき」): a spirit that vanishes
    (its last core removed) and one returned to the hand both leave the field."""
    s = scene(p0=dict(hand=["T-M16"], field=["T2-E21"]), p1=dict(field=["T-S1"]))
    play(s, "T-M16")
    assert not s.field[1] and len(s.hand[0]) == 1
    s = scene(p0=dict(hand=["T2-E23"], field=["T2-E21"]), p1=dict(field=["T-S1"]))
    play(s, "T2-E23")
    assert not s.field[1] and len(s.hand[0]) == 1


# ================================================================== players' events
def test_life_reduced_by_the_opponent():
    """BS 8-1-5-1, BS-R1 (card 45 命の果実 「相手によって自分のライフが減らされたとき、自分はデッキから1枚
    ドローする。」 Lv2 「…ボイドからコア1個を自分のリザーブに置く」): an opposing attack triggers both levels'
    effects; one's own effect reducing one's own life triggers neither (by: opp)."""
    s = scene(step="attack", tp=1, p0=dict(field=[("T2-E6", 3)], reserve=0), p1=dict(field=["T-S1"]))
    attack(s, find(s, 1, "T-S1"))
    pass_flash(s)
    order(s)
    assert s.life[0] == 4 and len(s.hand[0]) == 1 and s.reserve[0] == 1 + 1
    s = scene(p0=dict(field=[("T2-E6", 3)], hand=["T2-E26"], reserve=0))
    play(s, "T2-E26")
    assert s.life[0] == 4 and len(s.hand[0]) == 0 and s.reserve[0] == 1


def test_own_attack_reduces_the_opponents_life():
    """BS 8-1-5-1 (「自分のアタックで相手のライフを減らしたとき」, by: attack): event_count is the life
    taken (2 symbols: draw 2); an effect reducing the opponent's life is not an attack."""
    s = scene(step="attack", p0=dict(field=["T2-E7"]))
    attack(s, find(s, 0, "T2-E7"))
    pass_flash(s)
    assert s.life[1] == 3 and len(s.hand[0]) == 2
    s = scene(p0=dict(field=["T2-E7"], hand=["T2-E27"]))
    play(s, "T2-E27")
    assert s.life[1] == 4 and len(s.hand[0]) == 0


def test_opposing_spirits_recovered_at_once_trigger_once():
    """BS 9-1-5-4, BS 5-14, BS 7-5 (card 46 エメラルドの海に散らばる島々 「『相手のターン』相手のスピリットが
    回復したとき、自分のスピリット1体を回復させる」): the opponent's refresh step recovers two spirits
    at once, so one own spirit is recovered, not two."""
    s = scene(
        step="refresh",
        tp=1,
        p0=dict(field=["T2-E8", dict(id="T-S1", exh=1), dict(id="T-S2", exh=1)]),
        p1=dict(field=[dict(id="T-S3", exh=1), dict(id="T-S5", exh=1)]),
    )
    assert s.dkind == D_TARGET and s.dplayer == 0
    target(s, find(s, 0, "T-S1"))
    assert s.dkind == D_MAIN and s.dplayer == 1
    assert [s.exh[i] for i in s.field[1]] == [0, 0]
    assert s.exh[find(s, 0, "T-S1")] == 0 and s.exh[find(s, 0, "T-S2")] == 1


def test_cards_added_outside_the_draw_step():
    """BS 5-6, BS 7-4 (card 46 Lv2 「『相手のドローステップ』以外で相手の手札が増えたとき」): the draw
    step's draw does not trigger it; an effect's draw of 2 in the main step triggers it once."""
    s = scene(step="draw", tp=1, p0=dict(field=[("T2-E8", 2)]), p1=dict(hand=["T2-E19"], deck=10))
    assert s.dkind == D_MAIN and len(s.deck[1]) == 9 and not s.trash[1]
    play(s, "T2-E19")
    assert len(s.hand[1]) == 3 and len(s.deck[1]) == 9 - 2 - 1


def test_opponent_draws_outside_the_draw_step_may_draw():
    """BS 5-6, BS 9-1-2 (card 54 五角形の砦 Lv2 「『相手のターン』ドローステップ以外で相手がドローしたとき、
    自分はデッキから1枚ドローできる」): the opponent's effect draw asks; yes draws 1."""
    s = scene(tp=1, p0=dict(field=[("T2-E9", 1)]), p1=dict(hand=["T2-E19"]))
    play(s, "T2-E19")
    assert s.dkind == D_OPTIONAL and s.dplayer == 0
    act(s, OPTION + 1)
    assert len(s.hand[0]) == 1 and len(s.hand[1]) == 2
    s = scene(step="draw", tp=1, p0=dict(field=[("T2-E9", 1)]))
    assert s.dkind == D_MAIN and len(s.hand[1]) == 1  # the draw step's draw: no question


def test_cards_added_to_the_opponents_hand_mill_as_many():
    """BS 9-1-5-4, BS 1-4-7 (card 71 英雄の喪失 「『相手のメインステップ』相手の手札にカードが加えられた
    とき、相手のデッキを上から、そのカード1枚につき1枚破棄する」): a draw of 2 is one event of 2 cards."""
    s = scene(tp=1, p0=dict(field=["T2-E12"]), p1=dict(hand=["T2-E19"], deck=10))
    play(s, "T2-E19")
    assert len(s.hand[1]) == 2 and len(s.deck[1]) == 10 - 2 - 2 and len(s.trash[1]) == 3


def test_own_family_spirit_destroyed_by_bp_comparison():
    """BS 8-1-6-1, BS 12-2-1-12 (card 71 Lv2 「系統:「勇傑」を持つ自分のスピリットが、BPを比べ相手のスピリット
    に破壊されたとき、相手はデッキを上から5枚破棄する」): by: battle; an effect's destruction does not count."""
    s = scene(step="attack", tp=1, p0=dict(field=[("T2-E12", 2), "T2-E18"]), p1=dict(field=["T-S3"], deck=10))
    attack(s, find(s, 1, "T-S3"))
    block_with(s, find(s, 0, "T2-E18"))
    pass_flash(s)
    assert ids(s, s.trash[0]) == ["T2-E18"] and len(s.deck[1]) == 5
    s = scene(tp=1, p0=dict(field=[("T2-E12", 2), "T2-E18"]), p1=dict(hand=["T2-E25"], deck=10))
    play(s, "T2-E25")
    assert ids(s, s.trash[0]) == ["T2-E18"] and len(s.deck[1]) == 10


def test_milled_by_the_opponent_summons_itself_from_the_trash():
    """BS 5-13, BS 9-3-3, BS 5-8 (card 59 執事ペンタン 「このスピリットカードが相手の「デッキ破棄効果」で
    破棄されたとき、…このスピリットカードを、コストを支払わずに召喚できる」): the milled card's own
    trigger works from the trash and summons it; milled by its own player, nothing."""
    s = scene(p0=dict(hand=["T2-E20"]), p1=dict(deck=["T-S1", "T2-E10"]))
    play(s, "T2-E20")
    assert s.dkind == D_OPTIONAL and s.dplayer == 1
    act(s, OPTION + 1)
    place(s)
    pentan = find(s, 1, "T2-E10")
    assert s.zone[pentan] == Z_FIELD and ids(s, s.trash[1]) == ["T-S1"] and s.dkind == D_MAIN
    s = scene(p0=dict(deck=["T-S1", "T2-E10"], hand=["T2-E28"]))
    play(s, "T2-E28")
    assert s.dkind == D_MAIN and ids(s, s.trash[0]) == ["T2-E10", "T-S1", "T2-E28"]


def test_a_named_own_spirit_destroyed_in_the_attack_step():
    """BS 9-1-5-5, BS 12-2-1-12 (card 59 「『お互いのアタックステップ』カード名に「ペンタン」を含む自分の
    スピリットが破壊されたとき、自分はデッキから1枚ドローする」): the other Pentan draws; the destroyed
    one's own copy of the effect has left the field with it."""
    s = scene(step="attack", tp=1, p0=dict(field=["T2-E10", "T2-E10"]), p1=dict(field=[("T-S3", 1)]))
    a, b = s.field[0]
    attack(s, find(s, 1, "T-S3"))
    block_with(s, a)
    pass_flash(s)
    assert s.zone[a] == Z_TRASH and s.zone[b] == Z_FIELD and len(s.hand[0]) == 1


def test_bp_win_of_an_own_spirit_against_a_cheap_spirit():
    """BS 8-1-6-2 (card 66 Lv2 「『自分のアタックステップ』自分のスピリットがBPを比べコスト3以下の相手の
    スピリットだけを破壊したとき、このスピリットは回復する」): the win against a cost-1 spirit recovers the
    hound; a win against a cost-4 spirit does not (against:), nor a tie that destroys both (だけ)."""

    def hound_after(attacker, blocker):
        s = scene(step="attack", p0=dict(field=[dict(id="T2-E11", cores=3, exh=1), attacker]), p1=dict(field=[blocker]))
        attack(s, s.field[0][1])
        block_with(s, s.field[1][0])
        pass_flash(s)
        return s.exh[find(s, 0, "T2-E11")]

    assert hound_after(("T-S3", 1), "T-S1") == 0
    assert hound_after(("T-S3", 2), ("T-S3", 1)) == 1
    assert hound_after(("T-S2", 1), "T-S2") == 1


def test_opponent_uses_a_magic():
    """BS 5-12-1, BS 11-3 (「相手がマジックを使用したとき」): the opponent's magic triggers it (after the
    magic's own effect); one's own does not."""
    s = scene(tp=1, p0=dict(field=["T2-E14"]), p1=dict(hand=["T2-E19"]))
    play(s, "T2-E19")
    assert len(s.hand[0]) == 1 and len(s.hand[1]) == 2
    s = scene(p0=dict(field=["T2-E14"], hand=["T2-E19"]))
    play(s, "T2-E19")
    assert len(s.hand[0]) == 2


def test_opposing_spirit_exhausted_with_a_filter_read_against_this_card():
    """BS 5-15, BS 9-1-5-1 (card 36 Lv2 「相手のスピリットが疲労したとき」): the attack exhausts the
    attacker; the watcher's filter compares its BP with the watcher's own."""
    s = scene(step="attack", tp=1, p0=dict(field=["T2-E24"]), p1=dict(field=["T-S3"]))
    attack(s, find(s, 1, "T-S3"))
    assert len(s.hand[0]) == 1
    s = scene(step="attack", tp=1, p0=dict(field=[("T2-E24", 1)]), p1=dict(field=["T-S5"]))
    s.cores[find(s, 0, "T2-E24")] = 1
    attack(s, find(s, 1, "T-S5"))  # 1000 BP against 1000: still 'or more'
    assert len(s.hand[0]) == 1


# ================================================================== the language
def test_old_words_are_aliases_of_the_new_ones():
    """spirit_summoned + side and own_life_decreased load as summon / life_decreased with of:."""
    pool = game().pool
    for cid_, ev in (("T-T14", "summon"), ("T-T15", "life_decreased")):
        d = pool.get(cid_)
        es = [e for e in d.effects if e.kind == "trigger"]
        assert es and all(e.event == EV[ev] and e.watch is not None and not e.watch.self_ for e in es), cid_


def test_games_without_watchers_skip_the_events():
    """The per-game bitmask: decks without watching cards make rules.happen never run."""
    g = Game(decks=["red_rush", "red_rush"])
    assert g.watch == 0 and g.hand_watch == 0
    assert game().watch >> EV["destroyed"] & 1 and game().hand_watch == 1 << EV["deploy"]


@pytest.mark.parametrize(
    "effect, field, message",
    [
        ({"trigger": "summon", "of": "opp"}, "of", "expected self or a mapping"),
        ({"trigger": "life_decreased", "of": {"side": "opp"}}, "of", "expected a string"),
        ({"trigger": "summon", "by": "opp"}, "by", "takes no 'by'"),
        ({"trigger": "destroyed", "by": "attack"}, "by", "not one of"),
        ({"trigger": "destroyed", "each": True}, "each", "once per event"),
        ({"trigger": "deploy", "zone": "hand"}, "zone", "not its own"),
        ({"trigger": "destroyed", "of": {"side": "opp"}, "outside_draw_step": True}, "outside_draw_step", "takes no"),
        ({"trigger": "destroyd"}, "trigger", "did you mean 'destroyed'"),
        ({"trigger": "own_end_step", "of": {"side": "opp"}}, "of", "takes no"),
    ],
)
def test_event_words_are_checked_when_the_card_loads(tmp_path, effect, field, message):
    f = tmp_path / "cards.yaml"
    eff = dict(effect, actions=[{"do": "draw", "n": 1}])
    import yaml

    f.write_text(
        yaml.safe_dump(
            {
                "cards": [
                    {
                        "id": "X-1",
                        "name": "X",
                        "type": "spirit",
                        "colors": ["red"],
                        "cost": 0,
                        "levels": [{"cores": 1, "bp": 1000}],
                        "effects": [eff],
                    }
                ]
            }
        )
    )
    with pytest.raises(CardFileError) as err:
        load_pool([f])
    assert f"effects[0].{field}" in str(err.value) and message in str(err.value)


def test_losing_destroyed_effects_leaves_watchers_on_destructions():
    """BS 9-2-3, BS 12-2-1-12 (card 67 「相手のスピリットすべての『このスピリットの破壊時』効果は発揮されない」):
    a 'when an opposing spirit is destroyed' watcher is no 『破壊時』 effect of its own card, so it
    still triggers (the opposing Thousand Face Guard takes its own 破壊時 effects, not this)."""
    s = scene(p0=dict(field=["T2-E2"], hand=["T2-E25"]), p1=dict(field=["T2-B14", "T-S1"]))
    assert s.negated(find(s, 0, "T2-E2"), EV["destroyed"])
    play(s, "T2-E25")
    target(s, find(s, 1, "T-S1"))
    assert len(s.hand[0]) == 1 and s.dkind == D_MAIN
