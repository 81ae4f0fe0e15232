"""Battle Spirits card language v2 (issue 10): the board words. Conditions on the board
(existence, counts, colours, where the soul core is, the step), selectors (name, lowest /
highest), negation ('loses its effects') and immunity ('unaffected', 'cannot be chosen' and
the narrow ones), names and colours 'treated as'. Test cards: data/v2_board.yaml (T2-B*),
each modelled on a real card of tests/battle_spirits/real_cards/SOURCES.md."""
from __future__ import annotations

import pytest

from bs_scenario import (
    CONCEDE, D_ATTACK, D_FLASH, D_MAIN, D_TARGET, DUR_TURN, S_TRASH, TE_BP, attack, cid, field_slot, find, game, ids,
    play, scene, target,
)
from tcgzoo.envs.battle_spirits.cards import validate_deck
from tcgzoo.envs.core.errors import DeckError


# ---------------------------------------------------------------------------- conditions
def test_soul_core_in_trash_condition():
    """BS 5-7, BS 4-4, BS 9-1-4-3 (card 33 鎧闘鬼ラショウ 「自分のトラッシュに[ソウルコア]がある間」):
    the constant works only while the soul core is in its controller's trash."""
    for soul, bp in (("reserve", 3000), ("trash", 6000), ("void", 3000)):
        s = scene(p0=dict(field=["T2-B1"], soul=soul))
        assert s.bp(find(s, 0, "T2-B1")) == bp, soul
    s = scene(p0=dict(field=[dict(id="T2-B1", cores=1, soul=True)]))
    i = find(s, 0, "T2-B1")
    assert s.bp(i) == 3000  # the soul core on the field is not in the trash
    s.soul[0] = S_TRASH
    assert s.bp(i) == 6000  # read continuously (9-1-4-3)
    s = scene(p0=dict(field=["T2-B1"], soul="trash"), p1=dict(soul="reserve"))
    assert s.bp(find(s, 0, "T2-B1")) == 6000 and s.soul[1] != S_TRASH  # one's own soul core


def test_only_green_cards_in_the_trash_condition():
    """BS 9-2-1 (card 43 ツチピッグ 「自分のトラッシュにあるカードが緑のカードだけのとき」): 'has' a
    card and 'not has' a non-green card; an empty trash has no green cards only (ruling in
    docs/rules/battle_spirits_notes.md), so the pig stays exhausted."""
    def pig_after_end_step(trash):
        s = scene(step="end", p0=dict(field=[dict(id="T2-B2", exh=1)], trash=trash))
        assert s.dkind == D_MAIN and s.current_player() == 1
        return s.exh[find(s, 0, "T2-B2")]
    assert pig_after_end_step(["T-T1", "T-T1"]) == 0  # two green cards: recovered
    assert pig_after_end_step(["T-T1", "T-S1"]) == 1  # a red card among them
    assert pig_after_end_step([]) == 1


def test_colours_value_counts_distinct_colours():
    """BS 2-11, BS 2-11-1-2, BS 1-4-7 (card 37 吊られた古城 「相手のフィールドのスピリット/ネクサスの色1色
    につき」): red, blue and a red-blue spirit are two colours, so the deploy draws 2."""
    s = scene(p0=dict(hand=["T2-B3"], deck=5), p1=dict(field=["T-S1", "T-S3", "T-S6"]))
    play(s, "T2-B3")
    assert len(s.hand[0]) == 2
    s = scene(p0=dict(hand=["T2-B3"], deck=5))
    play(s, "T2-B3")
    assert len(s.hand[0]) == 0  # no opposing card, no colour


def test_compare_condition_on_a_count_of_colours():
    """BS 9-1-4-3, BS 2-11 (card 16 風吹くロリポップ高地 「相手のフィールドのスピリット/ネクサスの色が2色
    以上の間」): compare: {colors: ..., ge: 2} switches the constant on and off."""
    s = scene(p0=dict(field=["T2-B4", "T-S1"]), p1=dict(field=["T-S2"]))
    mine = find(s, 0, "T-S1")
    assert s.bp(mine) == 1000
    s = scene(p0=dict(field=["T2-B4", "T-S1"]), p1=dict(field=["T-S2", "T-S3"]))
    assert s.bp(find(s, 0, "T-S1")) == 2000


def test_compare_condition_on_a_count_of_cards():
    """BS 9-2-1, BS 5-5-1-1 (card 20 紫水晶の森 「自分のフィールドに回復状態のスピリットが3体以上いたとき」):
    compare: {count: ..., ge: 3}."""
    s = scene(step="end", p0=dict(field=["T2-B7", "T-S1", "T-S2", "T-S3"], deck=5))
    assert len(s.hand[0]) == 2
    s = scene(step="end", p0=dict(field=["T2-B7", "T-S1", "T-S2", dict(id="T-S3", exh=1)], deck=5))
    assert len(s.hand[0]) == 0


def test_step_condition_with_own_turn():
    """BS 7-1-1, BS 5-3-2 (『相手のアタックステップ』, cards 36, 53, 71): step: attack with
    own_turn: false holds in the opponent's attack step only, not in one's own, not in the
    opponent's main step."""
    s = scene(step="attack", p0=dict(field=["T-S2"]), p1=dict(field=["T2-B5"]))
    warden = find(s, 1, "T2-B5")
    assert s.dkind == D_ATTACK and s.bp(warden) == 4000
    attack(s, find(s, 0, "T-S2"))
    assert s.dkind == D_FLASH and s.bp(warden) == 4000
    s = scene(step="main", p0=dict(field=["T-S2"]), p1=dict(field=["T2-B5"]))
    assert s.bp(find(s, 1, "T2-B5")) == 2000
    s = scene(step="attack", tp=1, p1=dict(field=["T2-B5"]))
    assert s.dkind == D_ATTACK and s.bp(find(s, 1, "T2-B5")) == 2000


def test_step_main_is_either_main_step():
    """BS 7-8-1, BS 7-1-1: the second main step is 'a step where the same as in the main step
    can be done', so step: main holds in both (ruling in docs/rules/battle_spirits_notes.md)."""
    for step, bp in (("main", 2000), ("main2", 2000), ("attack", 1000)):
        s = scene(step=step, p0=dict(field=["T2-B6"]))
        assert s.bp(find(s, 0, "T2-B6")) == bp, step
    s = scene(step="main", tp=1, p0=dict(field=["T2-B6"]))
    assert s.bp(find(s, 0, "T2-B6")) == 1000  # the opponent's main step


# ---------------------------------------------------------------------------- selectors and names
def test_pick_lowest_bp_takes_the_lowest_modified_bp():
    """BS 9-3-2, BS 2-9 (card 31 デッドフレイム 「最もBPの低い相手のスピリット1体を破壊」): only the
    lowest current BP is a candidate; a single one is taken without a question."""
    s = scene(p0=dict(hand=["T2-B8"]), p1=dict(field=["T-S1", "T-S2", "T-S3"]))
    play(s, "T2-B8")
    assert s.dkind == D_MAIN and ids(s, s.field[1]) == ["T-S2", "T-S3"]
    s = scene(p0=dict(hand=["T2-B8"]), p1=dict(field=["T-S1", "T-S2", "T-S3"]))
    s.teff.append((TE_BP, find(s, 1, "T-S2"), -2500, DUR_TURN))  # 500 BP: now the lowest
    play(s, "T2-B8")
    assert ids(s, s.field[1]) == ["T-S1", "T-S3"]


def test_pick_ties_are_chosen_by_the_chooser():
    """BS 9-3-2, BS 9-3-2-1: two spirits share the lowest BP: the player chooses which."""
    s = scene(p0=dict(hand=["T2-B8"]), p1=dict(field=["T-S1", "T-S3", "T-S1"]))
    play(s, "T2-B8")
    low = [i for i in s.field[1] if cid(s, i) == "T-S1"]
    assert s.dkind == D_TARGET and sorted(a for a in s.legal if a != CONCEDE) == sorted(field_slot(s, i) for i in low)
    target(s, low[1])
    assert low[1] not in s.field[1] and low[0] in s.field[1] and len(s.field[1]) == 2


def test_pick_highest_cost():
    """BS 9-3-2, BS 2-2 (最もコストの高い): Blue Golem (cost 4) over Red Wolf (3) and Red Pup (1)."""
    s = scene(p0=dict(hand=["T2-B9"]), p1=dict(field=["T-S2", "T-S3", "T-S1"]))
    play(s, "T2-B9")
    assert ids(s, s.field[1]) == ["T-S2", "T-S1"] and ids(s, s.hand[1]) == ["T-S3"]


def test_symbols_filter_and_other_than_a_name():
    """BS 2-10, BS 2-1-2, BS 2-1-3 (card 6 「シンボル2つ以上の相手のスピリット」, card 31 「「デッドフレイム」
    以外」): among the two-symbol spirits, Twin Dragon and Shadow Twin (also named Twin Dragon
    by its own text) are excluded, so Double Crest is destroyed without a choice."""
    s = scene(p0=dict(hand=["T2-B10"]), p1=dict(field=["T-S4", "T2-B11", "T-S2", "T2-B12"]))
    play(s, "T2-B10")
    assert s.dkind == D_MAIN and ids(s, s.field[1]) == ["T-S4", "T2-B11", "T-S2"]


def test_name_is_ignores_the_same_name_identifier():
    """BS 2-1-2, BS 2-1-4: 「Named Knight」 names Named Knight and Named Knight[2] alike."""
    s = scene(p0=dict(hand=["T2-B13"], field=["T-S8", "T-S9", "T-S1"], deck=5))
    play(s, "T2-B13")
    assert len(s.hand[0]) == 2


def test_a_name_from_the_cards_own_text_counts_in_deck_building():
    """BS 2-1-3, BS 6-1-1-2: Shadow Twin is also named Twin Dragon, in deck building too: three
    Twin Dragons and one Shadow Twin are four cards of that name."""
    pool = game().pool
    fill = [pool.get(f"T-F{k:02d}").index for k in range(1, 15)] * 3
    twin, shadow = pool.get("T-S4").index, pool.get("T2-B11").index
    validate_deck("t", fill + [twin, twin, shadow], pool, "eternal")
    with pytest.raises(DeckError, match="Twin Dragon.*4 copies"):
        validate_deck("t", fill + [twin, twin, twin, shadow], pool, "eternal")
