"""Battle Spirits card language v2 (issue 10): the verbs family. Battle verbs (end the battle
without comparing BP, end the attack step, cap an attack's life loss), core moves and
distributions, hands and decks (discard, draw from the bottom, open and reorder, return from the
trash to the deck, several summons, summons whose summon effects do not work), replacements with
costs and of other cards' events (returns, mills, the cores of destroyed cards), the waiting
state's changes, cost and Lv-cost changes and the depletion they cause. Test cards:
data/v2_verbs.yaml (T2-V*), most of them real cards of tests/battle_spirits/real_cards/SOURCES.md."""

from __future__ import annotations

from bs_scenario import (
    CONCEDE,
    D_ATTACK,
    D_DISCARD,
    D_FLASH,
    D_MAIN,
    D_MODE,
    D_OPTIONAL,
    D_ORDER,
    D_PAY,
    D_PLACE,
    D_SEARCH,
    D_TARGET,
    MOVE_CORE,
    OPP_FIELD,
    OPTION,
    PASS,
    RESERVE,
    S_RESERVE,
    S_TRASH,
    ST_ATTACK,
    ST_MAIN2,
    Z_DECK,
    Z_FIELD,
    Z_HAND,
    Z_TRASH,
    Z_WAIT,
    act,
    attack,
    decide,
    field_slot,
    find,
    game,
    hand_slot,
    ids,
    pass_flash,
    pay,
    place,
    play,
    scene,
    target,
)
from tcgzoo.envs.battle_spirits.cards import B_BATTLE, B_LVCOST, B_NOMILL, B_REPLACE, CardFileError, load_pool


def use_flash(s, card_id: str) -> None:
    """The deciding player uses a flash magic from the hand in a flash timing and pays for it."""
    assert s.dkind == D_FLASH, s.decision_name()
    act(s, hand_slot(s, find(s, s.dplayer, card_id, "hand")))
    pay(s)


def resolve_effect_first(s, i: int, ei: int) -> None:
    """In a trigger-order decision, resolve card i's effect number ei next."""
    assert s.dkind == D_ORDER, s.decision_name()
    batch = s.tq[s.stack[-1][2]]
    act(s, OPTION + next(k for k, t in enumerate(batch) if t[0] == i and t[1] == ei))


def opt(s, player: int, yes: bool = True) -> None:
    assert s.dkind == D_OPTIONAL and s.dplayer == player, s.decision_name()
    act(s, OPTION + (1 if yes else 0))


# ============================================================================ battle verbs
def test_end_battle_at_resolution_without_comparing_bp():
    """BS 8-1-5-1, BS 8-1-5-2-1, BS 8-1-7-1 (card 64 ペガサスフラップ 「バトル解決時、BPを比べずにバトルを
    終了させる。その後、自分のスピリット1体を回復させる。」): used after the block, the battle reaches its
    resolution and ends there: the weaker attacker is not destroyed, nor the blocker; its end-of-battle
    effect (Echo draws) still happens; then the attacker recovers."""
    s = scene(step="attack", p0=dict(field=["T-T6"], hand=["T2-V1"], reserve=5, deck=5), p1=dict(field=["T-S3"]))
    a, b = find(s, 0, "T-T6"), find(s, 1, "T-S3")
    attack(s, a)
    pass_flash(s)
    act(s, field_slot(s, b))
    assert s.dkind == D_FLASH and s.dplayer == 1
    act(s, PASS)
    use_flash(s, "T2-V1")
    assert s.exh[a] == 0  # その後: the only own spirit recovers
    pass_flash(s)
    assert s.zone[a] == Z_FIELD and s.zone[b] == Z_FIELD
    assert len(s.hand[0]) == 1 and s.attacker == -1  # Echo's battle-end draw; the battle is over


def test_end_battle_takes_no_life_from_an_unblocked_attack():
    """BS 8-1-5-1 (card 64 ペガサスフラップ; ruling in docs/rules/battle_spirits_notes.md): the battle ends
    when it resolves, before its result is judged, so an unblocked attack takes no life."""
    s = scene(step="attack", p0=dict(field=["T-S4"]), p1=dict(hand=["T2-V1"], reserve=5))
    attack(s, find(s, 0, "T-S4"))
    use_flash(s, "T2-V1")  # the attacked player has the first right (BS-R2)
    pass_flash(s)
    assert s.life[1] == 5 and s.dkind == D_ATTACK  # no blocker: straight to the resolution, which ends it


def test_destroyed_in_the_opponents_attack_step_ends_it():
    """BS 7-7-3-2, BS 8-1-7 (card 52 妖機妃ソール 「相手ターンのとき、そのターンのアタックステップを…終了する」):
    Sol is destroyed blocking in the opponent's turn; the battle ends as usual and the attack step
    with it: the opponent's other recovered spirit gets no attack, the second main step follows."""
    s = scene(step="attack", tp=1, p0=dict(field=["T2-V2"]), p1=dict(field=["T-S3", "T-S2"]))
    sol = find(s, 0, "T2-V2")
    attack(s, find(s, 1, "T-S3"))
    pass_flash(s)
    act(s, field_slot(s, sol))
    pass_flash(s)
    assert s.zone[sol] == Z_TRASH
    assert s.dkind == D_MAIN and s.step == ST_MAIN2 and s.dplayer == 1
    assert s.exh[find(s, 1, "T-S2")] == 0  # it could have attacked


def test_destroyed_before_the_attack_step_skips_it():
    """BS 7-7, BS 7-1-1 (card 52 妖機妃ソール 「そのターンのアタックステップをなくす」): destroyed in the
    opponent's main step, that turn has no attack step; in its owner's own turn it does nothing."""
    s = scene(tp=1, p0=dict(field=["T2-V2"], deck=5), p1=dict(field=["T-S2"], hand=["T-M6"], deck=5))
    play(s, "T-M6")
    assert s.zone[find(s, 0, "T2-V2", "trash")] == Z_TRASH
    act(s, PASS)  # end the main step
    assert s.dkind == D_MAIN and s.step == ST_MAIN2
    s = scene(p0=dict(field=["T2-V2", "T-S2"], hand=["T-M28"], deck=5), p1=dict(deck=5))
    play(s, "T-M28")
    target(s, find(s, 0, "T2-V2"))
    act(s, PASS)
    assert s.step == ST_ATTACK  # its own turn: 「相手ターンのとき」 fails


def test_ending_the_attack_step_during_a_battle_ends_the_battle():
    """BS 7-7-3-2, BS 8-1-7, BS 8-1-7-1 (the flash of card 15 「ただちにアタックステップを終了させる」; ruling
    in docs/rules/battle_spirits_notes.md): used in the flash timing before the block, the battle
    goes straight to its end: no block, no life lost, its end-of-battle effects happen; then no
    more attacks."""
    s = scene(step="attack", p0=dict(field=["T-T6", "T-S2"], deck=5), p1=dict(field=["T-S1"], hand=["T2-V3"]))
    attack(s, find(s, 0, "T-T6"))
    use_flash(s, "T2-V3")
    pass_flash(s)
    assert s.life[1] == 5 and len(s.hand[0]) == 1  # no life lost; Echo's battle end drew
    assert s.dkind == D_MAIN and s.step == ST_MAIN2


def test_attack_life_cap():
    """BS 8-1-5-1 (card 5 ブリザードウォール 「このターンの間、自分のライフは、ブロックされなかった相手の
    スピリットのアタックでは、1しか減らない」): two unblocked double-symbol attacks take 1 life each."""
    s = scene(step="attack", tp=1, p0=dict(hand=["T2-V4"], reserve=6), p1=dict(field=["T-S4", "T-S4"]))
    x, y = s.field[1]
    attack(s, x)
    use_flash(s, "T2-V4")
    pass_flash(s)
    assert s.life[0] == 4
    attack(s, y)
    pass_flash(s)
    assert s.life[0] == 3


# ============================================================================ cores
def test_remove_all_cores_but_one():
    """BS 5-7-3, BS 4-6 (card 35 コブライガ 「スピリット1体の上にあるコア1個だけを残し、それ以外をその持ち主の
    リザーブに置く」): the chosen spirit keeps one core; the others go to its owner's reserve. With the soul
    core on it, normal cores go first and the soul core is the one left."""
    s = scene(p0=dict(hand=["T2-V5"], reserve=5), p1=dict(field=[("T-S1", 5)]))
    t = find(s, 1, "T-S1")
    play(s, "T2-V5")
    assert s.dkind == D_TARGET and OPP_FIELD in s.legal  # either side's spirit
    target(s, t)
    assert s.cores[t] == 1 and s.reserve[1] == 3 + 4
    s = scene(p0=dict(hand=["T2-V5"], reserve=5), p1=dict(field=[dict(id="T-S1", cores=3, soul=True)]))
    t = find(s, 1, "T-S1")
    play(s, "T2-V5")
    target(s, t)
    assert s.cores[t] == 0 and s.soul[1] == t and s.zone[t] == Z_FIELD and s.reserve[1] == 6


def test_void_cores_equal_to_its_level():
    """BS 2-8, BS 4-8 (card 41 タマムッシュ 「ボイドから、このスピリットのLvと同じ数のコアをこのスピリットに
    置く」): the level is read when the effect resolves: Lv1 gives 1 core, Lv2 gives 2."""
    s = scene(p0=dict(hand=["T2-V6"], reserve=8))
    i = play(s, "T2-V6")
    assert s.cores[i] == 2
    s = scene(p0=dict(hand=["T2-V6"], reserve=8))
    i = play(s, "T2-V6", place_n=4)
    assert s.cores[i] == 6 and s.level(i) == 2


def test_own_cores_to_the_void_then_spread_removal():
    """BS 5-7-3, BS 5-11-1, BS 5-19-2, BS 9-3-2-1 (card 30 セブンスクリムゾン 「BP7000以上の自分のスピリット
    1体の上に置かれているコアすべてをボイドに置くことで、相手のスピリット上のコア7個を選んで、相手のリザーブに
    置く」): the own spirit loses all its cores (the soul core to the trash, never the void) and
    vanishes; then 7 cores are chosen one at a time among the opposing spirits (no question once one
    spirit has none left), normal cores before the soul core; both opposing spirits vanish."""
    s = scene(
        p0=dict(hand=["T2-V7"], reserve=7, field=[dict(id="T-S3", cores=1, soul=True)]),
        p1=dict(field=[("T-S1", 3), dict(id="T-S2", cores=3, soul=True)]),
    )
    g = find(s, 0, "T-S3")
    x, y = find(s, 1, "T-S1"), find(s, 1, "T-S2")
    play(s, "T2-V7")
    act(s, OPTION)  # the main effect
    assert s.zone[g] == Z_WAIT and s.soul[0] == S_TRASH  # depleted: waiting until the magic has resolved
    asked = 0
    while s.dkind == D_TARGET:
        assert sorted(s.legal[:-1] if s.legal[-1] > OPP_FIELD + 24 else s.legal) == sorted(
            field_slot(s, i) for i in (x, y) if s.zone[i] == Z_FIELD and s.ncores(i)
        )
        act(s, field_slot(s, x if s.cores[x] else y))
        asked += 1
    assert asked == 3  # x emptied after 3; y's 3 cores and its soul core needed no choice
    assert s.zone[x] == Z_TRASH and s.zone[y] == Z_TRASH and s.zone[g] == Z_TRASH
    assert s.reserve[1] == 3 + 6 and s.soul[1] == S_RESERVE


def test_spread_removal_needs_the_cost_paid():
    """BS 5-19-2 (card 30 セブンスクリムゾン 「～ことで」): without a BP7000+ spirit of its own nothing is put
    into the void, so no opposing core is removed."""
    s = scene(p0=dict(hand=["T2-V7"], reserve=7, field=["T-S2"]), p1=dict(field=[("T-S1", 3)]))
    play(s, "T2-V7")
    act(s, OPTION)
    assert s.cores[find(s, 1, "T-S1")] == 3 and s.dkind == D_MAIN


def test_reserve_core_to_life():
    """BS 4-6, BS 4-7, BS 5-7-3 (card 39 シャドウエリクサー 「リザーブから自分のライフにコア1個を置く」): a
    reserve core moves to life; the soul core alone in the reserve never goes to life."""
    s = scene(p0=dict(hand=["T2-V8"], reserve=5))
    play(s, "T2-V8")
    assert (s.life[0], s.reserve[0]) == (6, 0) and s.soul[0] == S_RESERVE
    s = scene(p0=dict(hand=["T2-V8"], reserve=4))
    play(s, "T2-V8")
    assert (s.life[0], s.reserve[0]) == (5, 0) and s.soul[0] == S_RESERVE


def test_move_cores_between_own_cards_depletes_the_giver():
    """BS 4-8, BS 5-11-1, BS 10-2-2-8: Core Shepherd takes 2 cores from another own spirit; that
    spirit, left below its Lv1 cost, vanishes; the Shepherd reaches Lv2."""
    s = scene(p0=dict(field=["T2-V9", ("T-S2", 2)]))
    h, w = find(s, 0, "T2-V9"), find(s, 0, "T-S2")
    act(s, field_slot(s, h))
    assert s.zone[w] == Z_TRASH and s.cores[h] == 3 and s.level(h) == 2


def test_trash_cores_to_the_reserve():
    """BS 4-4, BS 4-6, BS 5-7-3: Ash Recall puts 2 cores of the trash into the reserve, normal
    cores first, then the soul core."""
    s = scene(p0=dict(hand=["T2-V10"], tcores=3))
    play(s, "T2-V10")
    assert (s.tcores[0], s.reserve[0]) == (1, 5)
    s = scene(p0=dict(hand=["T2-V10"], tcores=1, soul="trash"))
    play(s, "T2-V10")
    assert (s.tcores[0], s.reserve[0], s.soul[0]) == (0, 4, S_RESERVE)


def test_spread_void_cores_one_at_a_time():
    """BS 4-8, BS 9-3-2-1, BS 13-1-1: Seed Scatter's 3 cores are put one at a time on the spirits
    the player chooses; Hoarder, reaching 3 cores, triggers once."""
    s = scene(p0=dict(hand=["T2-V11"], field=["T-T16", "T-S2"], deck=5))
    h, w = find(s, 0, "T-T16"), find(s, 0, "T-S2")
    g = s.gained[0]
    play(s, "T2-V11")
    for i in (h, w, h):
        assert s.dkind == D_TARGET and s.legal[:2] == sorted([field_slot(s, h), field_slot(s, w)])
        act(s, field_slot(s, i))
    assert (s.cores[h], s.cores[w], s.gained[0]) == (3, 2, g + 3)
    assert len(s.hand[0]) == 1  # Hoarder's 'when it has 3 or more cores': once


# ============================================================================ hands and decks
def test_both_players_discard_down_to_four():
    """BS 5-13-1, BS 7-9-1-1 (card 72 爆発する海底火山 「自分は、自分の手札を4枚になるように破棄する。…相手は、
    相手の手札を4枚になるように破棄する」): at the opponent's end step each player with more than 4 cards
    chooses cards of their own hand to discard, one at a time, until 4 are left."""
    s = scene(step="end", tp=1, p0=dict(field=["T2-V12"], hand=["T-S1"] * 3 + ["T-S2"] * 3), p1=dict(hand=["T-S3"] * 5))
    for _ in range(2):
        assert s.dkind == D_DISCARD and s.dplayer == 0
        act(s, s.legal[0])
    assert s.dkind == D_DISCARD and s.dplayer == 1
    act(s, s.legal[0])
    assert ids(s, s.trash[0]) == ["T-S1", "T-S1"] and ids(s, s.trash[1]) == ["T-S3"]
    assert len(s.hand[1]) == 4 and s.tp == 0 and len(s.hand[0]) == 4 + 1  # 4, and the next turn's draw


def test_discard_as_an_effect_and_by_the_opponent():
    """BS 5-13-1, BS 5-19-1: Vulcan Drawer draws 3, then its player discards 2 chosen cards; Mind
    Rot makes the opponent discard 1 of their choice (with one card, no choice is asked)."""
    s = scene(p0=dict(hand=["T2-V13"], deck=5))
    play(s, "T2-V13")
    for _ in range(2):
        assert s.dkind == D_DISCARD and s.dplayer == 0 and len(s.legal) >= 2
        act(s, s.legal[0])
    assert len(s.hand[0]) == 1 and len(s.trash[0]) == 2
    s = scene(p0=dict(hand=["T2-V14"]), p1=dict(hand=["T-S1", "T-S2"]))
    play(s, "T2-V14")
    assert s.dkind == D_DISCARD and s.dplayer == 1
    act(s, hand_slot(s, find(s, 1, "T-S2", "hand")))
    assert ids(s, s.hand[1]) == ["T-S1"] and ids(s, s.trash[1]) == ["T-S2"]
    s = scene(p0=dict(hand=["T2-V14"]), p1=dict(hand=["T-S1"]))
    play(s, "T2-V14")
    assert s.dkind == D_MAIN and not s.hand[1]


def test_draw_from_the_bottom_of_the_deck():
    """BS 5-6, BS 4-2 (card 2 相棒猫フェルマ 「自分はデッキの下から1枚ドローできる」): the bottom card is drawn."""
    s = scene(p0=dict(hand=["T2-V15"], deck=["T-S1", "T-S2", "T-S3"]))
    play(s, "T2-V15")
    decide(s, True)
    assert ids(s, s.hand[0]) == ["T-S1"] and ids(s, s.deck[0]) == ["T-S2", "T-S3"]


def test_open_and_reorder_on_the_deck_top():
    """BS 4-1-5, BS 9-1-2 (card 57 アルカナビーストクィーン 「自分のデッキを上から4枚オープンできる。そのカードを
    好きな順番でデッキの上に戻す」): the player chooses the new order one card at a time, from the top
    down (the last needs no choice); declining leaves the deck as it was."""
    s = scene(p0=dict(hand=["T2-V16"], reserve=5, deck=["T-S5", "T-S1", "T-S2", "T-S3", "T-S4"]))
    play(s, "T2-V16")
    decide(s, True)
    assert s.dkind == D_SEARCH and ids(s, s.revealed) == ["T-S4", "T-S3", "T-S2", "T-S1"]
    assert s.legal[:4] == [OPTION, OPTION + 1, OPTION + 2, OPTION + 3] and PASS not in s.legal
    for want in ("T-S1", "T-S3", "T-S4"):
        act(s, OPTION + ids(s, s.revealed).index(want))
    assert ids(s, s.deck[0]) == ["T-S5", "T-S2", "T-S4", "T-S3", "T-S1"] and s.dkind == D_MAIN
    s = scene(p0=dict(hand=["T2-V16"], reserve=5, deck=["T-S5", "T-S1", "T-S2", "T-S3", "T-S4"]))
    play(s, "T2-V16")
    decide(s, False)
    assert ids(s, s.deck[0]) == ["T-S5", "T-S1", "T-S2", "T-S3", "T-S4"]


def test_open_the_opponents_deck_one_to_the_bottom_rest_reordered():
    """BS 4-1-5, BS 4-2 (card 67 千貌の魔神ニャルラ・トラップ 「相手のデッキを上から5枚オープンできる。その中の
    カード1枚を相手のデッキの下に戻す。残ったカードは好きな順番で相手のデッキの上に戻す」): one card must go
    to the bottom of the opponent's deck (no pass), the other four are reordered on top."""
    s = scene(p0=dict(hand=["T2-V17"], reserve=8), p1=dict(deck=["T-S5", "T-S1", "T-S2", "T-S3", "T-S4", "T-S6"]))
    play(s, "T2-V17")
    decide(s, True)
    assert s.dkind == D_SEARCH and s.dplayer == 0 and PASS not in s.legal
    assert [a for a in s.legal if a != CONCEDE] == [OPTION + k for k in range(5)]
    act(s, OPTION + ids(s, s.revealed).index("T-S3"))
    for want in ("T-S2", "T-S6", "T-S4"):
        act(s, OPTION + ids(s, s.revealed).index(want))
    assert ids(s, s.deck[1]) == ["T-S3", "T-S5", "T-S1", "T-S4", "T-S6", "T-S2"]
    assert all(s.zone[i] == Z_DECK for i in s.deck[1]) and not s.hand[0]


def test_open_reorder_bottom_true_keeps_an_int_frame(tmp_path, monkeypatch):
    """A card file may write open_reorder's bottom 1 as 'bottom: true' (the choice accepts it, as 1 == True);
    the reorder's frame still holds an int, which is all a position's frame may hold (a scene's
    position, its decks made up, restores only through the readable builder: the frames are checked
    here), and the reorder goes as with 1."""
    f = tmp_path / "b.yaml"
    f.write_text(
        "cards:\n  - {id: X1, name: X, type: magic, colors: [blue], cost: 0, "
        "magic: {main: [{do: open_reorder, player: opp, n: 3, bottom: true}]}}\n"
    )
    (written,) = [a.bottom for al in load_pool([f]).alists for a in al if a.do == "open_reorder"]
    assert written is True
    s = scene(p0=dict(hand=["T2-V17"], reserve=8), p1=dict(deck=["T-S5", "T-S1", "T-S2", "T-S3", "T-S4", "T-S6"]))
    (a,) = [a for al in s.alists for a in al if a.do == "open_reorder" and a.bottom == 1]  # card T2-V17's
    monkeypatch.setattr(a, "bottom", written)
    play(s, "T2-V17")
    decide(s, True)
    assert s.dkind == D_SEARCH and PASS not in s.legal
    stack = s.to_position()["engine"]["stack"]
    assert stack[-1][0] == "h_reorder" and all(type(x) is int for fr in stack for x in fr[1:]), stack
    act(s, OPTION + ids(s, s.revealed).index("T-S3"))
    for want in ("T-S2", "T-S6", "T-S4"):
        act(s, OPTION + ids(s, s.revealed).index(want))
    assert ids(s, s.deck[1]) == ["T-S3", "T-S5", "T-S1", "T-S4", "T-S6", "T-S2"]


def test_destroyed_trigger_reads_its_own_cost():
    """BS 2-2, BS 10-2-2-3 (card 67 千貌の魔神ニャルラ・トラップ Lv2 「このスピリットのコスト以下の相手のスピリット
    1体を破壊する」): destroyed at Lv2, it destroys an opposing spirit of cost 5 or less, not the cost-20 one."""
    s = scene(tp=1, p0=dict(field=[("T2-V17", 4)], hand=[]), p1=dict(field=["T-S3", "T-K5"], hand=["T-M6"], deck=3))
    n = find(s, 0, "T2-V17")
    play(s, "T-M6")  # its only target: Nyarla, at Lv2
    assert s.zone[n] == Z_TRASH and ids(s, s.field[1]) == ["T-K5"] and "T-S3" in ids(s, s.trash[1])


def test_trash_card_to_the_deck_top():
    """BS 4-4, BS 4-2: Trash to Top puts the chosen trash card face down on top of the deck."""
    s = scene(p0=dict(hand=["T2-V18"], trash=["T-S1", "T-S2"], deck=2))
    w = find(s, 0, "T-S2", "trash")
    play(s, "T2-V18")
    target(s, w)
    assert s.deck[0][-1] == w and s.zone[w] == Z_DECK and not s.known[w]
    assert ids(s, s.trash[0]) == ["T-S1", "T2-V18"]  # and the magic, once resolved


def test_free_summon_whose_summon_effects_do_not_work():
    """BS 5-8-1, BS 12-2-1-6, BS 9-1-2 (card 58 マルティウサギ 「自分の手札にあるコスト2以下のスピリットカード
    1枚をコストを支払わずに召喚できる。ただし、『このスピリットの召喚時』効果は発揮されない」): Summon Seer is
    summoned from the hand at no cost and its 『召喚時』 draw does not happen."""
    s = scene(p0=dict(field=["T2-V19"], hand=["T-M28", "T-T1"], deck=5))
    play(s, "T-M28")
    seer = find(s, 0, "T-T1", "hand")
    assert s.dkind == D_TARGET and PASS in s.legal
    act(s, hand_slot(s, seer))
    place(s)
    assert s.zone[seer] == Z_FIELD and not s.hand[0] and s.dkind == D_MAIN


def test_summon_several_at_once():
    """BS 5-8-1, BS 11-1-1-6, BS 12-2-1-6 (「～体まで召喚する」): Twin Call summons two spirits from the
    hand; each gets its Lv1 cores, then each one's 『召喚時』 works (Summon Seer draws)."""
    s = scene(p0=dict(hand=["T2-V20", "T-T1", "T-S10", "T-S3"], deck=5))
    seer, pup = find(s, 0, "T-T1", "hand"), find(s, 0, "T-S10", "hand")
    play(s, "T2-V20")
    act(s, hand_slot(s, seer))
    act(s, hand_slot(s, pup))
    assert s.dkind == D_PLACE and s.stack[-1][3] == seer
    place(s)
    assert s.dkind == D_PLACE and s.stack[-1][3] == pup
    place(s)
    assert s.zone[seer] == Z_FIELD and s.zone[pup] == Z_FIELD
    assert ids(s, s.hand[0]).count("T-S3") == 1 and len(s.hand[0]) == 2  # T-S3 and the Seer's draw


# ============================================================================ replacements
def test_replacement_of_another_card_with_a_cost():
    """BS 9-1-8-1, BS 9-1-8-1-1, BS 9-1-6-2 (card 37 吊られた古城 Lv2 「系統:「夜族」/「虚神」を持つ自分の
    スピリットが破壊されたとき、自分の手札1枚を破棄することで、そのスピリットを疲労状態で自分のフィールドに
    残す」): the nexus's controller may pay the discard; then the spirit stays, exhausted, and its
    『破壊時』 does not happen. Declined, it is destroyed."""
    s = scene(tp=1, p0=dict(field=[("T2-V21", 1), "T2-V22"], hand=["T-S1"], deck=3), p1=dict(hand=["T-M6"], deck=3))
    bat = find(s, 0, "T2-V22")
    play(s, "T-M6")
    opt(s, 0, True)
    assert s.dkind == D_DISCARD and s.dplayer == 0
    act(s, s.legal[0])
    assert s.zone[bat] == Z_FIELD and s.exh[bat] == 1 and ids(s, s.trash[0]) == ["T-S1"] and not s.hand[0]
    s = scene(tp=1, p0=dict(field=[("T2-V21", 1), "T2-V22"], hand=["T-S1"], deck=3), p1=dict(hand=["T-M6"], deck=3))
    play(s, "T-M6")
    opt(s, 0, False)
    assert s.zone[find(s, 0, "T2-V22", "trash")] == Z_TRASH and len(s.hand[0]) == 2  # its 破壊時 drew


def test_replacement_with_a_cost_needs_the_cost_and_its_level():
    """BS 9-1-6-2, BS 2-8-2 (card 37): with no card to discard, or the nexus at Lv1, nothing is asked
    and the spirit is destroyed; a spirit of another family is not covered."""
    for p0 in (
        dict(field=[("T2-V21", 1), "T2-V22"], deck=3),
        dict(field=[("T2-V21", 0), "T2-V22"], hand=["T-S1"], deck=3),
    ):
        s = scene(tp=1, p0=p0, p1=dict(hand=["T-M6"], deck=3))
        play(s, "T-M6")
        assert s.dkind == D_MAIN and not s.field[0][1:]
    s = scene(tp=1, p0=dict(field=[("T2-V21", 1), "T-S1"], hand=["T-S2"]), p1=dict(hand=["T-M6"], deck=3))
    play(s, "T-M6")
    assert s.dkind == D_MAIN and len(s.field[0]) == 1


def test_turn_player_chooses_among_replacements_and_a_declined_cost_passes_to_the_next():
    """BS 9-1-8-1-3, BS 9-1-8-1-2 (card 37 吊られた古城 beside Night Guard's own replacement): the turn
    player chooses which replacement applies (option 0 the card's own, 1 the nexus's); the nexus's
    controller declines its cost, so the other one applies, once."""
    s = scene(tp=1, p0=dict(field=[("T2-V21", 1), "T2-V38"], hand=["T-S1"], deck=3), p1=dict(hand=["T-M6"], deck=3))
    g = find(s, 0, "T2-V38")
    play(s, "T-M6")
    assert s.dkind == D_MODE and s.dplayer == 1 and s.legal[:2] == [OPTION, OPTION + 1]
    act(s, OPTION + 1)
    opt(s, 0, False)
    assert s.zone[g] == Z_FIELD and s.exh[g] == 0 and len(s.hand[0]) == 2 and not s.trash[0]


def test_replacement_with_a_cost_in_a_battle():
    """BS 8-1-6-1, BS 9-1-8-1 (card 37): the BP comparison's destruction is replaced as well; the
    choice comes before the battle's triggers resolve."""
    s = scene(
        step="attack", tp=1, p0=dict(field=[("T2-V21", 1), "T2-V22"], hand=["T-S1"], deck=3), p1=dict(field=["T-S3"])
    )
    bat = find(s, 0, "T2-V22")
    attack(s, find(s, 1, "T-S3"))
    pass_flash(s)
    act(s, field_slot(s, bat))
    pass_flash(s)
    opt(s, 0, True)
    act(s, s.legal[0])
    assert s.zone[bat] == Z_FIELD and s.exh[bat] == 1


def test_destroyed_spirits_cores_go_to_the_trash():
    """BS 10-2-2-5, BS 9-1-8-1 (card 28 古龍の縄張り 「『自分のターン』スピリットが破壊されたとき、そのスピリット
    上に置かれているコアは、リザーブではなくトラッシュに置かれる」): in its controller's turn a destroyed
    spirit's cores, the soul core too, go to its owner's trash; in the other player's turn, to the
    reserve as usual."""
    s = scene(p0=dict(field=["T2-V23"], hand=["T-M6"], deck=3), p1=dict(field=[dict(id="T-S2", cores=2, soul=True)]))
    play(s, "T-M6")
    assert (s.tcores[1], s.reserve[1], s.soul[1]) == (2, 3, S_TRASH)
    s = scene(tp=1, p0=dict(field=["T2-V23", ("T-S2", 2)]), p1=dict(hand=["T-M6"], deck=3))
    play(s, "T-M6")
    assert (s.tcores[0], s.reserve[0]) == (0, 5)


def test_milled_by_the_opponent_stops_the_discard_and_summons_itself():
    """BS 5-13-1, BS 9-1-8-1, BS 5-8-1 (card 59 執事ペンタン 「このスピリットカードが相手の「デッキ破棄効果」で
    破棄されたとき、このターンの間、自分のデッキは破棄されず、このスピリットカードを、コストを支払わずに召喚
    できる」): the opponent's discard of 5 stops at Pentan, its owner may summon it from the trash,
    and that deck is not discarded again this turn."""
    s = scene(p0=dict(hand=["T2-V25", "T2-V25"]), p1=dict(deck=["T-S1", "T-S1", "T-S1", "T2-V24", "T-S2"]))
    play(s, "T2-V25")
    pen = find(s, 1, "T2-V24", "trash")
    opt(s, 1, True)
    place(s)
    assert s.zone[pen] == Z_FIELD and ids(s, s.trash[1]) == ["T-S2"] and len(s.deck[1]) == 3
    play(s, "T2-V25")
    assert len(s.deck[1]) == 3 and s.dkind == D_MAIN  # 「このターンの間、自分のデッキは破棄されず」
    s = scene(p0=dict(hand=["T2-V25"]), p1=dict(deck=["T-S1", "T2-V24", "T-S2"]))
    play(s, "T2-V25")
    opt(s, 1, False)  # 「召喚できる」 declined: it stays in the trash; the discard still stopped
    assert ids(s, s.trash[1]) == ["T-S2", "T2-V24"] and not s.field[1]


def test_milled_by_its_own_player_is_not_replaced():
    """BS 5-13-1 (card 59 「相手の「デッキ破棄効果」で」): its own player's discard mills it like any card."""
    s = scene(p0=dict(hand=["T-M8"], deck=["T-S1", "T2-V24", "T-S2"]))
    play(s, "T-M8")
    assert ids(s, s.trash[0]) == ["T-S2", "T2-V24", "T-S1", "T-M8"] and s.dkind == D_MAIN


def test_replacement_of_a_return_to_hand_and_to_the_deck_with_a_cost():
    """BS 9-1-8-1, BS 10-2-2-1, BS 9-1-6-2: Anchor Golem returned to the hand gets a core instead;
    returned to the deck, its controller may pay 1 core to draw instead; declining, it goes."""
    s = scene(p0=dict(hand=["T-M21"]), p1=dict(field=["T2-V26"]))
    g = find(s, 1, "T2-V26")
    play(s, "T-M21")
    assert s.zone[g] == Z_FIELD and s.cores[g] == 2
    s = scene(p0=dict(hand=["T2-V27"]), p1=dict(field=["T2-V26"], deck=3))
    g = find(s, 1, "T2-V26")
    play(s, "T2-V27")
    opt(s, 1, True)
    assert s.dkind == D_PAY and s.dplayer == 1
    pay(s)
    assert s.zone[g] == Z_FIELD and len(s.hand[1]) == 1 and s.tcores[1] == 1
    s = scene(p0=dict(hand=["T2-V27"]), p1=dict(field=["T2-V26"], deck=3))
    g = find(s, 1, "T2-V26")
    play(s, "T2-V27")
    opt(s, 1, False)
    assert s.zone[g] == Z_DECK and s.deck[1][0] == g


# ============================================================================ the waiting state
def test_destroyed_card_returned_to_hand_changes_its_waiting_state():
    """BS 10-2-2-6, BS 10-2-2-6-2: Boomerang Imp, destroyed, returns itself to the hand from the
    waiting state: it goes to the hand, and its other 『破壊時』 effect, of the old state, fails.
    Resolved the other way round, both happen."""
    s = scene(p0=dict(field=["T2-V28"], hand=["T-M28"], deck=3))
    imp = find(s, 0, "T2-V28")
    play(s, "T-M28")
    resolve_effect_first(s, imp, 0)  # the bounce (the card's first effect) first
    assert s.zone[imp] == Z_HAND and ids(s, s.hand[0]) == ["T2-V28"] and len(s.deck[0]) == 3
    s = scene(p0=dict(field=["T2-V28"], hand=["T-M28"], deck=3))
    imp = find(s, 0, "T2-V28")
    play(s, "T-M28")
    resolve_effect_first(s, imp, 1)  # the draw first
    assert s.zone[imp] == Z_HAND and len(s.hand[0]) == 2


def test_no_change_to_the_same_waiting_state():
    """BS 10-2-2-6-1: Stubborn Ghost's 『破壊時』 destroys itself again: a card in the destroyed
    waiting state does not enter it again, so nothing was destroyed and the draw that depends on it
    does not happen; it reaches the trash once."""
    s = scene(p0=dict(field=["T2-V29"], hand=["T-M28"], deck=3))
    gh = find(s, 0, "T2-V29")
    play(s, "T-M28")
    assert s.zone[gh] == Z_TRASH and not s.hand[0] and s.dkind == D_MAIN


def test_returned_card_depleted_while_waiting_still_returns():
    """BS 10-2-2-7, BS 4-1-6, BS 10-2-2-6, BS 10-2-2-6-2: Fading Echo, returned to the hand, loses its
    cores in its 'leaves the field' effect: it changes to the depleted waiting state (whose 'leaves the
    field' takes effect again and finds no core to remove), yet still goes to the hand, not the trash."""
    s = scene(p0=dict(hand=["T-M21"]), p1=dict(field=[("T2-V30", 2)], deck=3))
    e = find(s, 1, "T2-V30")
    play(s, "T-M21")
    assert s.zone[e] == Z_HAND and s.reserve[1] == 5
    assert len(s.hand[1]) == 2  # the Echo and one draw: the second 'leaves the field' removed nothing


def test_returned_card_destroyed_while_waiting_goes_where_it_was_returned():
    """BS 4-1-6, BS 10-2-2-6, BS 10-2-2-6-2: Grudge Returner, returned to the hand, destroys itself
    while waiting: it changes to the destroyed waiting state, so its 『破壊時』 draw happens, but it goes
    to the hand, the first waiting state's destination."""
    s = scene(p0=dict(hand=["T-M21"]), p1=dict(field=["T2-V31"], deck=3))
    g = find(s, 1, "T2-V31")
    play(s, "T-M21")
    assert s.zone[g] == Z_WAIT and len(s.hand[1]) == 0
    resolve_effect_first(s, g, 1)  # its 破壊時 (draw), then 'leaves the field' again: destroyed already, nothing
    assert s.zone[g] == Z_HAND and len(s.hand[1]) == 2


# ============================================================================ costs and Lv costs
def test_cost_constant_of_the_card_itself_in_the_hand():
    """BS 11-1-1-2, BS 11-1-1-2-1, BS 2-3: Gear Discount costs 2 less in the hand while its player
    has a Machine; it is affordable then, and its summon pays 2."""
    s = scene(p0=dict(hand=["T2-V32"], reserve=3, field=["T2-V33"]))
    i = find(s, 0, "T2-V32", "hand")
    assert s.play_cost(0, i, 0) == 2 and hand_slot(s, i) in s.legal
    assert play(s, "T2-V32") == i and s.tcores[0] == 2
    s = scene(p0=dict(hand=["T2-V32"], reserve=3))
    i = find(s, 0, "T2-V32", "hand")
    assert s.play_cost(0, i, 0) == 4 and hand_slot(s, i) not in s.legal


def test_level_cost_change_by_an_effect_depletes():
    """BS 2-8-3, BS 3-2-5-3, BS 3-2-5-4, BS 10-2-2-9, BS 10-2-2-3: Lv Squeeze raises the opposing
    spirits' Lv costs by 1 for the turn: a 1-core Lv1 spirit vanishes by that effect (its 'leaves the
    field' draws), a 3-core Lv2 spirit drops to Lv1."""
    s = scene(p0=dict(hand=["T2-V35"]), p1=dict(field=[("T-T11", 1), ("T-S2", 3)], deck=3))
    gh, w = find(s, 1, "T-T11"), find(s, 1, "T-S2")
    play(s, "T2-V35")
    assert s.zone[gh] == Z_TRASH and len(s.hand[1]) == 1
    assert s.level(w) == 1 and s.bp(w) == 3000


def test_level_cost_change_stays_after_its_source_leaves():
    """BS 9-1-5-6, BS 9-1-5-6-1: Squeeze Caller's 『召喚時』 'this turn, Lv costs +1' stays on the
    opposing spirit after the Caller is destroyed, and ends with the turn (7-9-1-1)."""
    s = scene(p0=dict(hand=["T2-V36", "T-M28"]), p1=dict(field=[("T-S2", 3)]))
    w = find(s, 1, "T-S2")
    play(s, "T2-V36")
    assert s.level(w) == 1
    play(s, "T-M28")
    assert not s.field[0] and s.level(w) == 1
    from tcgzoo.envs.battle_spirits.rules import expire
    from tcgzoo.envs.battle_spirits.state import DUR_TURN

    expire(s, DUR_TURN)
    assert s.level(w) == 2


def test_level_cost_change_by_own_cost_payment_depletes():
    """BS 10-2-2-10, BS 5-7-3, BS 9-1-6-2 (card 33 鎧闘鬼ラショウ Lv2 「自分のトラッシュに[ソウルコア]がある間、
    相手のネクサスすべてのLvコストを+2する」): paying a cost with the soul core puts it into the trash; the
    opposing 1-core nexus (Lv1 cost now 2) vanishes at that payment, before the effect resolves."""
    s = scene(p0=dict(field=[("T2-V34", 3), "T-A4"], deck=3), p1=dict(field=[("T-N1", 1)]))
    nx = find(s, 1, "T-N1")
    assert s.zone[nx] == Z_FIELD
    act(s, field_slot(s, find(s, 0, "T-A4")))
    assert s.zone[nx] == Z_TRASH and s.reserve[1] == 4 and len(s.hand[0]) == 2


def test_level_cost_change_by_own_core_move_depletes_and_deploys_need_more():
    """BS 10-2-2-10, BS 7-6-1-2-2, BS 11-2-1 (11-1-1-6 for a nexus): moving a core up to Pressure
    Totem's Lv2 raises opposing nexuses' Lv costs by 1: the 0-core one vanishes at once. A nexus
    deployed against it must be given at least 1 core."""
    s = scene(p0=dict(field=["T2-V37"]), p1=dict(field=[("T-N3", 0)]))
    nx = find(s, 1, "T-N3")
    act(s, MOVE_CORE)
    act(s, RESERVE)
    act(s, field_slot(s, find(s, 0, "T2-V37")))
    assert s.zone[nx] == Z_TRASH
    s = scene(tp=1, p0=dict(field=[("T2-V37", 2)]), p1=dict(hand=["T-N3"], deck=3))
    i = find(s, 1, "T-N3", "hand")
    act(s, hand_slot(s, i))
    pay(s)
    assert s.dkind == D_PLACE and PASS not in s.legal
    place(s)
    assert s.zone[i] == Z_FIELD and s.cores[i] == 1 and s.level(i) == 1


def test_rashou_mills_four_to_draw_two():
    """BS 5-13-1, BS 5-19-5, BS 9-1-2 (card 33 鎧闘鬼ラショウ 「自分のデッキを上から4枚破棄することで、自分は
    デッキから2枚ドローする」): the player may pay the discard of 4; only if all 4 were discarded, 2 are drawn."""
    s = scene(p0=dict(hand=["T2-V34"], reserve=5, deck=6))
    play(s, "T2-V34")
    decide(s, True)
    assert len(s.trash[0]) == 4 and len(s.hand[0]) == 2 and not s.deck[0]
    s = scene(p0=dict(hand=["T2-V34"], reserve=5, deck=3))
    play(s, "T2-V34")
    decide(s, True)
    assert len(s.trash[0]) == 3 and not s.hand[0]


# ============================================================================ per-game machinery
def test_machinery_bits_follow_the_decks():
    """Speed by design: the built-in decks switch none of the verbs family's machinery on; the test
    deck, which holds these cards, switches each on; the Lv-cost state class is used only then."""
    from tcgzoo.envs.battle_spirits import BattleSpiritsLevelCostState, BattleSpiritsState, Game

    g = Game()
    assert not g.bflags & (B_BATTLE | B_REPLACE | B_NOMILL | B_LVCOST)
    assert type(g.new_initial_state(0)) is BattleSpiritsState
    t = game()
    assert t.bflags & B_BATTLE and t.bflags & B_REPLACE and t.bflags & B_NOMILL and t.bflags & B_LVCOST
    s = t.new_initial_state(0)
    assert isinstance(s, BattleSpiritsLevelCostState) and isinstance(s.clone(), BattleSpiritsLevelCostState)


def test_load_errors_of_the_family(tmp_path):
    """Card files are checked when they load: a distribution needs a target mapping, move_cores names
    its target only with from/to: target, a milled replacement has no cost, destroyed_cores says to."""
    base = "  - {id: X1, name: X, type: magic, colors: [red], cost: 0, magic: {main: [%s]}}\n"
    bad = [
        "{do: spread_cores, target: self, n: 2}",
        "{do: move_cores, from: reserve, to: life, target: self}",
        "{do: move_cores, from: reserve, to: reserve}",
        "{do: open_reorder, n: 3, bottom: 5}",
    ]
    for k, b in enumerate(bad):
        f = tmp_path / f"bad{k}.yaml"
        f.write_text("cards:\n" + base % b)
        try:
            load_pool([f])
        except CardFileError as e:
            assert "X1" in str(e)
        else:
            raise AssertionError(b)
    f = tmp_path / "badr.yaml"
    f.write_text(
        "cards:\n  - {id: X2, name: X, type: spirit, colors: [red], cost: 0, levels: [{cores: 1, bp: 1}], "
        "effects: [{replace: milled, cost: [{pay: 1}], instead: [{do: draw}]}]}\n"
    )
    try:
        load_pool([f])
    except CardFileError as e:
        assert "cost" in str(e)
    else:
        raise AssertionError("milled with a cost")
