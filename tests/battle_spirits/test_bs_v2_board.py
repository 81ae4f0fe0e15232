"""Battle Spirits card language v2 (issue 10): the board words. Conditions on the board
(existence, counts, colours, where the soul core is, the step), selectors (name, lowest /
highest), negation ('loses its effects') and immunity ('unaffected', 'cannot be chosen' and
the narrow ones), names and colours 'treated as'. Test cards: data/v2_board.yaml (T2-B*),
each modelled on a real card of tests/battle_spirits/real_cards/SOURCES.md."""

from __future__ import annotations

import re

import pytest
import yaml
from bs_scenario import (
    CONCEDE,
    D_ATTACK,
    D_BLOCK,
    D_DISCARD,
    D_FLASH,
    D_MAIN,
    D_OPTIONAL,
    D_TARGET,
    DUR_TURN,
    OPTION,
    PASS,
    RESERVE,
    RESERVE_SOUL,
    S_RESERVE,
    S_TRASH,
    TE_BP,
    Z_FIELD,
    Z_HAND,
    Z_TRASH,
    act,
    attack,
    cid,
    decide,
    field_slot,
    find,
    game,
    ids,
    pass_flash,
    place,
    play,
    scene,
    started,
    target,
)
from tcgzoo.envs.battle_spirits.cards import IM_ALL, NEXUS, SPIRIT, Immunity, load_pool, validate_deck
from tcgzoo.envs.battle_spirits.state import DUR_BATTLE, TE_IMMUNE
from tcgzoo.envs.core.errors import CardFileError, DeckError, PositionError


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


# ---------------------------------------------------------------------------- negation
def test_opposing_destroyed_effects_do_not_work():
    """BS 9-2-3, BS 12-2-1-12, BS 12-2-1-12-1 (card 67 ニャルラ・トラップ 「相手のスピリットすべての
    『このスピリットの破壊時』効果は発揮されない」): Last Will and Grudge are destroyed and nothing
    triggers; 『相手による破壊時』 is a 破壊時 effect too. Without the guard both draw."""
    s = scene(p0=dict(hand=["T-M29"], field=["T2-B14"]), p1=dict(field=["T-T3", "T-T4"], deck=5))
    play(s, "T-M29")
    assert s.dkind == D_MAIN and not s.field[1] and len(s.hand[1]) == 0
    s = scene(p0=dict(hand=["T-M29"]), p1=dict(field=["T-T3", "T-T4"], deck=5))
    play(s, "T-M29")
    while s.dkind != D_MAIN:
        act(s, OPTION + 1 if s.dkind == D_OPTIONAL else s.legal[0])
    assert len(s.hand[1]) == 2


def test_spirits_with_a_summon_effect_lose_all_their_effects():
    """BS 9-2-3, BS 9-1-4, BS 12-2-1-6 (card 68 五聖童子 「『このスピリットの召喚時』効果を持つお互いの
    スピリットすべての効果は発揮しない」): Summon Brute's summon draw and its BP constant both stop;
    a spirit with no summon effect keeps its constant."""
    s = scene(p0=dict(hand=["T2-B16"], field=["T2-B15", "T-C1"], deck=5))
    i = play(s, "T2-B16")
    assert s.dkind == D_MAIN and len(s.hand[0]) == 0
    assert s.bp(i) == 3000  # 2000 + Banner's 1000 (a nexus with no summon effect); its own +2000 is off
    s = scene(p0=dict(hand=["T2-B16"], deck=5))
    i = play(s, "T2-B16")
    assert len(s.hand[0]) == 1 and s.bp(i) == 4000


def test_a_granted_loss_of_effects_lasts_its_duration():
    """BS 9-2-3, BS 5-16, BS 9-1-5-6, BS 7-9-1-1 (card 44 醒獣王レオ・ジーヴェン 「重疲労し、…効果すべては
    発揮されない」, here for this turn): the chosen spirit is heavily exhausted and loses its BP
    constant until the turn ends."""
    s = scene(p0=dict(hand=["T2-B17"]), p1=dict(field=["T2-B16"]))
    brute = find(s, 1, "T2-B16")
    assert s.bp(brute) == 4000
    play(s, "T2-B17")
    target(s, brute)
    assert s.exh[brute] == 2 and s.bp(brute) == 2000
    while not (s.dkind == D_MAIN and s.current_player() == 1):
        act(s, PASS)
    assert s.bp(brute) == 4000  # 'this turn' ended (7-9-1-1)


def test_a_card_that_lost_its_effects_has_no_keywords_activated_or_replacement_effects():
    """BS 9-2-3, BS 12-1, BS 9-1-6, BS 9-1-8 (every effect of the card): under Null Field the
    opponent's 【激突】 no longer forces a block, its 【重装甲：赤】 no longer stops a red effect,
    its activated effect cannot be used and its replacement does not replace."""
    s = scene(step="attack", tp=1, p0=dict(field=["T2-B18", "T-S2"]), p1=dict(field=["T-K3"]))
    attack(s, find(s, 1, "T-K3"))
    pass_flash(s)
    assert s.dkind == D_BLOCK and PASS in s.legal
    s = scene(step="attack", tp=1, p0=dict(field=["T-S2"]), p1=dict(field=["T-K3"]))
    attack(s, find(s, 1, "T-K3"))
    pass_flash(s)
    assert s.dkind == D_BLOCK and PASS not in s.legal  # 【激突】 works without Null Field
    s = scene(p0=dict(hand=["T2-B8"], field=["T2-B18"]), p1=dict(field=["T-K4"]))
    play(s, "T2-B8")
    assert not s.field[1]  # the armour is gone: the red magic destroys it
    s = scene(p0=dict(hand=["T2-B8"]), p1=dict(field=["T-K4"]))
    play(s, "T2-B8")
    assert ids(s, s.field[1]) == ["T-K4"]
    s = scene(tp=1, p0=dict(field=["T2-B18"]), p1=dict(field=["T-A1"]))
    assert s.dkind == D_MAIN and field_slot(s, find(s, 1, "T-A1")) not in s.legal
    s = scene(p0=dict(hand=["T-M6"], field=["T2-B18"]), p1=dict(field=["T-R1"]))
    play(s, "T-M6")
    assert not s.field[1] and ids(s, s.trash[1]) == ["T-R1"]  # destroyed, not replaced


def test_a_granted_loss_of_summon_effects_stops_a_trigger_already_waiting():
    """BS 9-2-3, BS 12-2-1-6 (card 58 マルティウサギ 「…召喚できる。ただし、『このスピリットの召喚時』効果
    は発揮されない」): the summoned spirit's summon draw triggered at once, then lost its summon
    effects before resolving, so it does not resolve; its BP constant still works."""
    s = scene(p0=dict(hand=["T-M28", "T2-B16"], field=["T2-B39"], deck=5))
    play(s, "T-M28")  # destroy one's own Martiusagi
    decide(s, True)
    place(s)
    brute = find(s, 0, "T2-B16")
    assert s.dkind == D_MAIN and s.zone[brute] == Z_FIELD
    assert len(s.hand[0]) == 0 and s.bp(brute) == 4000


# ---------------------------------------------------------------------------- immunity
def test_unaffected_by_opposing_spirit_effects_while_the_soul_core_is_on_it():
    """BS 9-1-2-1, BS 1-4-3, BS 9-3-2 (card 11 鉄砲機兵タネガシマ 「[ソウルコア]が置かれている間、…
    相手のスピリット/アルティメット/ネクサスの効果を受けない」): an opposing spirit's effect cannot
    choose it, an opposing magic can; without the soul core the spirit's effect can too."""
    s = scene(p0=dict(field=["T-A6"], hand=["T-M6"]), p1=dict(field=[dict(id="T2-B19", cores=1, soul=True)]))
    gunner = find(s, 1, "T2-B19")
    act(s, field_slot(s, find(s, 0, "T-A6")))
    assert s.dkind == D_MAIN and s.zone[gunner] == Z_FIELD  # no candidate: nothing destroyed
    play(s, "T-M6")
    assert s.zone[gunner] == Z_TRASH  # a magic's effect is not a spirit's
    s = scene(p0=dict(field=["T-A6"]), p1=dict(field=["T2-B19"]))
    act(s, field_slot(s, find(s, 0, "T-A6")))
    assert ids(s, s.trash[1]) == ["T2-B19"]


def test_granted_unaffected_for_the_battle():
    """BS 9-1-2-1, BS 9-1-5-6, BS 8-1-2 (card 7 サジッタ 『このスピリットのアタック時』「このスピリット
    は、相手のスピリット/ネクサスの効果を受けない」): in the flash timing the opponent's spirit
    effect has no target, the opponent's magic still lowers its BP."""
    s = scene(step="attack", p0=dict(field=["T2-B20"]), p1=dict(field=["T2-B21"], hand=["T-M15"]))
    moon = find(s, 0, "T2-B20")
    attack(s, moon)
    assert s.dkind == D_FLASH and s.current_player() == 1
    act(s, field_slot(s, find(s, 1, "T2-B21")))  # Flash Hexer: BP-3000 to an opposing spirit
    assert s.bp(moon) == 5000 and s.dkind == D_FLASH
    act(s, PASS)  # player 0
    play(s, "T-M15")
    assert s.bp(moon) == 2000


def test_a_granted_immunity_is_one_record_that_clones_and_saves():
    """BS 9-1-2-1, BS 9-1-5-6 (card 7 サジッタ's grant, by_types: [spirit, nexus]): the granted immunity
    is one record (cards.Immunity: kinds, any side, types, colours), not fields packed into one int;
    a clone holds the same record and plays on alike (the opponent's spirit effect has no target).
    A position saves it as its four values and restores the record; a malformed one is refused,
    naming it."""
    s = scene(step="attack", p0=dict(field=["T2-B20"]), p1=dict(field=["T2-B21"], hand=["T-M15"]))
    moon = find(s, 0, "T2-B20")
    attack(s, moon)
    im = Immunity(kinds=IM_ALL, any_side=False, types=(1 << SPIRIT) | (1 << NEXUS), colors=0)
    grant = (TE_IMMUNE, moon, im, DUR_BATTLE)
    assert grant in s.teff and type(s.teff[s.teff.index(grant)][2]) is Immunity
    for x in (s, s.clone()):
        assert x.teff == s.teff
        act(x, field_slot(x, find(x, 1, "T2-B21")))  # Flash Hexer: BP-3000 to an opposing spirit
        assert x.bp(moon) == 5000 and x.dkind == D_FLASH
    # a position (of a dealt game: the scenes' positions hold cards their decks lack)
    s = started()
    s.teff.append((TE_IMMUNE, s.hand[0][0], im, DUR_TURN))
    data = s.to_position()
    assert data["engine"]["fields"]["teff"] == [[TE_IMMUNE, s.hand[0][0], [IM_ALL, False, 3, 0], DUR_TURN]]
    r = s.game.state_from_position(data)
    assert r.teff == s.teff and type(r.teff[0][2]) is Immunity and r.to_position() == data
    data["engine"]["fields"]["teff"][0][2] = [IM_ALL, False]
    with pytest.raises(PositionError, match=re.escape("fields.teff[0][2]: a granted immunity")):
        s.game.state_from_position(data)


def test_untargetable_is_not_chosen_but_all_effects_hit_it():
    """BS 9-3-2, BS 9-2-2 (「相手の効果で指定されない」): a 'choose 1' effect cannot choose the
    scout (only Red Pup is left to choose), an 'all' effect destroys it."""
    s = scene(p0=dict(hand=["T-M6", "T-M29"]), p1=dict(field=["T2-B22", "T-S1"]))
    play(s, "T-M6")
    assert s.dkind == D_MAIN and ids(s, s.field[1]) == ["T2-B22"]
    play(s, "T-M29")
    assert not s.field[1]


def test_bp_cannot_be_lowered_by_opposing_effects():
    """BS 1-4-3, BS 9-1-2-1, BS 2-9 (「相手の効果でBPをマイナスされない」): an opposing constant
    (Withering Field, -1000) lowers Red Wolf but not Iron Will; an opposing magic's BP-3000
    chosen on Iron Will does nothing."""
    s = scene(p0=dict(field=["T2-B24"], hand=["T-M15"]), p1=dict(field=["T2-B23", "T-S2"]))
    will, wolf = find(s, 1, "T2-B23"), find(s, 1, "T-S2")
    assert s.bp(will) == 3000 and s.bp(wolf) == 2000
    assert s.mods()[0].get(will, 0) == 0 and s.mods()[0][wolf] == -1000  # the observation's one pass
    play(s, "T-M15")
    target(s, will)
    assert s.bp(will) == 3000


def test_cannot_be_returned_or_exhausted_by_opposing_effects():
    """BS 1-4-3, BS 9-1-2-1, BS 5-15 (「相手の効果で手札に戻らない / 疲労しない」): the sentry is still
    chosen (it is not untargetable) but stays on the field recovered; the exhaust was not done,
    so its 'if done' draw does not happen (BS 5-19-2)."""
    s = scene(p0=dict(hand=["T-M21", "T-M19"], deck=5), p1=dict(field=["T2-B25"]))
    sentry = find(s, 1, "T2-B25")
    play(s, "T-M21")
    assert s.zone[sentry] == Z_FIELD
    play(s, "T-M19")
    assert s.exh[sentry] == 0 and len(s.hand[0]) == 0


def test_granted_cannot_be_returned_for_the_turn():
    """BS 9-1-5-6, BS 1-4-3: Anchor Ward keeps Red Wolf from the opponent's Flash Recall in the
    battle that follows; without it the wolf goes back to the hand."""
    for ward in (True, False):
        s = scene(p0=dict(field=["T-S2"], hand=["T2-B26"] if ward else []), p1=dict(hand=["T2-B27"]))
        wolf = find(s, 0, "T-S2")
        if ward:
            play(s, "T2-B26")
        attack(s, wolf)
        play(s, "T2-B27")
        assert (s.zone[wolf] == Z_FIELD) == ward, ward


def test_the_hand_is_not_affected_by_opposing_effects():
    """BS 9-1-2-1, BS 5-13 (card 54 五角形の砦 「自分の手札は相手のスピリット/ブレイヴ/ネクサス/マジック
    の効果を受けない」): the opponent's Mind Rot discards nothing; one's own discard still works.
    With only the magic cards of the hand protected, the spirit card is the one discarded."""
    s = scene(p0=dict(hand=["T2-V14"]), p1=dict(field=["T2-B28"], hand=["T-S1", "T-S2"]))
    play(s, "T2-V14")
    assert s.dkind == D_MAIN and ids(s, s.hand[1]) == ["T-S1", "T-S2"] and not s.trash[1]
    s = scene(p0=dict(hand=["T2-V13"], field=["T2-B28"], deck=5))
    play(s, "T2-V13")  # draws 3, then discards 2 of its own player's choice
    while s.dkind == D_DISCARD:
        act(s, s.legal[0])
    assert len(s.hand[0]) == 1 and len(s.trash[0]) == 2
    s = scene(p0=dict(hand=["T2-V14"]), p1=dict(field=["T2-B38"], hand=["T-S1", "T-M6"]))
    play(s, "T2-V14")
    assert s.dkind == D_MAIN and ids(s, s.hand[1]) == ["T-M6"] and ids(s, s.trash[1]) == ["T-S1"]


# ---------------------------------------------------------------------------- names, families, colours
def test_also_treated_as_a_colour_at_some_levels():
    """BS 2-11, BS 2-11-1-2, BS 2-8-2 (card 10 ギュウキ 「Lv1・Lv2 このスピリットの色…は白としても扱う」):
    at Lv1 the yellow spirit is also white (a white filter finds it, it shows two colours); at
    Lv3 it is yellow only."""
    s = scene(p0=dict(hand=["T2-B30", "T2-B3"], deck=5), p1=dict(field=["T2-B29", "T-S1"]))
    play(s, "T2-B3")  # Hanged Castle: one card per colour among the opponent's cards
    assert len(s.hand[0]) == 1 + 3  # the White Purge still in hand, 3 colours drawn: yellow, white, red
    play(s, "T2-B30")
    assert ids(s, s.field[1]) == ["T-S1"]
    s = scene(p0=dict(hand=["T2-B30"]), p1=dict(field=[("T2-B29", 4), "T-S1"]))
    play(s, "T2-B30")
    assert ids(s, s.field[1]) == ["T2-B29", "T-S1"]  # no white spirit at Lv3


def test_colourless_cards_pass_heavy_armour_of_a_colour():
    """BS 2-11, BS-R5 【重装甲：赤】 (seeds/001: 無色化): the armour stops the opponent's red effects;
    a red spirit treated as colourless is not red, so its effect destroys the turtle."""
    s = scene(p0=dict(field=["T2-B32"]), p1=dict(field=["T-K4"]))
    act(s, field_slot(s, find(s, 0, "T2-B32")))
    assert ids(s, s.field[1]) == ["T-K4"]
    s = scene(p0=dict(field=["T2-B32", "T2-B31"]), p1=dict(field=["T-K4"]))
    act(s, field_slot(s, find(s, 0, "T2-B32")))
    assert not s.field[1]


def test_a_constant_gives_a_name_and_a_family():
    """BS 2-1-2, BS 2-6, BS 9-1-4 (card 4 「相手のスピリットすべてに系統:「オーブ」を与える」): names and
    families given by constants are seen by name and family filters while they apply."""
    s = scene(p0=dict(hand=["T2-B13"], field=["T2-B33", "T-S1", "T-S2"], deck=5))
    play(s, "T2-B13")
    assert len(s.hand[0]) == 2  # both spirits are also named Named Knight
    s = scene(p0=dict(hand=["T2-B35"]), p1=dict(field=["T-S2"]))
    play(s, "T2-B35")
    assert ids(s, s.field[1]) == ["T-S2"]  # no Orb spirit
    s = scene(p0=dict(hand=["T2-B35"], field=["T2-B34"]), p1=dict(field=["T-S2"]))
    play(s, "T2-B35")
    assert not s.field[1]


# ---------------------------------------------------------------------------- paid using the soul core
def test_paid_with_the_soul_core_condition_on_a_magic():
    """BS 11-1-1-5, BS 5-7, BS 12-2-1-2: Soul Spark draws one more when its cost was paid using
    the soul core, one core of it or the whole cost by 《ソウルマジック》."""
    for sources, drawn in (([RESERVE], 1), ([RESERVE_SOUL], 2), ([OPTION], 2)):
        s = scene(p0=dict(hand=["T2-B36"], field=["T-S1"], deck=5))
        play(s, "T2-B36", pay_from=sources)
        assert s.soul[0] == (S_TRASH if sources != [RESERVE] else S_RESERVE)
        assert len(s.hand[0]) == drawn, sources


def test_paid_with_the_soul_core_is_forgotten_when_the_card_moves():
    """BS 11-1-1-5, BS 4-1-4: Soul Summoner paid with the soul core draws 2 on summon; returned
    to the hand and summoned again with an ordinary core, it is a new card and draws nothing."""
    s = scene(p0=dict(hand=["T2-B37"], deck=5), p1=dict(hand=["T2-B27"]))
    i = play(s, "T2-B37", pay_from=[RESERVE_SOUL])
    assert len(s.hand[0]) == 2 and s.zone[i] == Z_FIELD
    attack(s, i)
    play(s, "T2-B27")  # the opponent's Flash Recall returns it to the hand
    while s.dkind != D_MAIN:
        act(s, PASS)  # flash timings, the rest of the attack step
    assert s.zone[i] == Z_HAND
    play(s, "T2-B37", pay_from=[RESERVE])
    assert s.zone[i] == Z_FIELD and len(s.hand[0]) == 2
    s = scene(p0=dict(hand=["T2-B37"], deck=5))
    play(s, "T2-B37", pay_from=[RESERVE])
    assert len(s.hand[0]) == 0


# ---------------------------------------------------------------------------- loading
@pytest.mark.parametrize(
    "effect, message",
    [
        ({"constant": "unaffected", "amount": 1}, "takes no amount"),
        ({"constant": "unaffected", "by_types": ["brave"]}, "expected a list of spirit, nexus, magic"),
        ({"constant": "loses_effects", "effects": "summoned"}, "expected 'all' or trigger names"),
        ({"constant": "also_color", "colors": ["black"]}, "expected a list of red"),
        ({"constant": "colorless", "name": "X"}, "name"),
        (
            {"trigger": "summon", "actions": [{"do": "grant", "target": "self", "what": "cannot_block", "by": "opp"}]},
            "only an immunity",
        ),
        (
            {
                "trigger": "summon",
                "actions": [{"do": "grant", "target": "self", "what": "unaffected", "effects": "all"}],
            },
            "only loses_effects takes 'effects'",
        ),
        ({"trigger": "summon", "actions": [{"do": "destroy", "target": {"pick": "lowest_power"}}]}, "lowest_bp"),
        ({"trigger": "summon", "if": {"step": "battle"}, "actions": [{"do": "draw"}]}, "attack"),
        ({"trigger": "summon", "if": {"soul_core_in": "hand"}, "actions": [{"do": "draw"}]}, "trash"),
    ],
)
def test_board_words_refuse_what_they_cannot_mean(tmp_path, effect, message):
    """BS 9-1-2-1, BS 9-2-3, BS 2-11: a misused board word stops the load with the field named."""
    card = {
        "id": "X-1",
        "name": "Bad",
        "type": "spirit",
        "colors": ["red"],
        "cost": 0,
        "levels": [{"cores": 1, "bp": 1000}],
        "effects": [effect],
    }
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump({"cards": [card]}, allow_unicode=True))
    with pytest.raises(CardFileError, match=message):
        load_pool([path])
