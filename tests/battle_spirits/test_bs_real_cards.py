"""Issue 10: real Battle Spirits cards, written in the card language from their printed texts
(``real_cards/*.yaml``, status in ``real_cards/README.md``), each played in a scenario that
checks its main effect as printed. Card numbers are our list's (sources: the shared
``real-cards/battle_spirits.md`` for 1-22, ``real_cards/SOURCES.md`` for 23-73).

The last tests check the status table against the card files, and that the heuristic agent
beats the random agent with decks made only of real cards.
"""

from __future__ import annotations

import functools
import itertools
import re
from pathlib import Path

import pytest
from bs_scenario import (
    D_ATTACK,
    D_BLOCK,
    D_DISCARD,
    D_FLASH,
    D_MAIN,
    D_OPTIONAL,
    D_ORDER,
    D_SEARCH,
    D_TARGET,
    OPTION,
    PASS,
    REAL,
    REAL_CARD_FILES,
    REAL_DECK,
    RESERVE_SOUL,
    Z_FIELD,
    Z_HAND,
    Z_TRASH,
    act,
    attack,
    cid,
    field_slot,
    find,
    hand_slot,
    ids,
    pass_flash,
    pay,
    place,
    play,
    scene,
    target,
)
from tcgzoo.agents import make_agent
from tcgzoo.agents.stats import wilson
from tcgzoo.envs.battle_spirits import Game
from tcgzoo.envs.battle_spirits.cards import load_pool
from tcgzoo.envs.battle_spirits.layout import CONCEDE, D_MAGIC_TIMING, MOVE_CORE, RESERVE, ST_MAIN, ST_MAIN2
from tcgzoo.envs.battle_spirits.state import DUR_TURN, TE_SYM, TE_WATCH
from tcgzoo.envs.core.cardfile import load_yaml

rscene = functools.partial(scene, real=True)


def choices(s) -> list[int]:
    """The legal actions of the pending decision, conceding (always legal, BS 1-3-4) left out."""
    return sorted(a for a in s.legal if a != CONCEDE)


def order(s) -> None:
    """Resolve simultaneous effects in the offered order (the order is not what a test checks)."""
    while s.dkind == D_ORDER:
        act(s, choices(s)[0])


def use_magic(s, card_id: str, flash: bool = False) -> None:
    """The deciding player uses a magic from hand in the main step, as its main or flash effect."""
    play(s, card_id)
    if s.dkind == D_MAGIC_TIMING:
        act(s, OPTION + (1 if flash else 0))


# ==================================================================================== white (older print)
def test_5_blizzard_wall_caps_unblocked_attacks_at_one_life():
    """5 ブリザードウォール (the older print on its source page, RC-5): フラッシュ「このターンの間、自分のライフは、
    ブロックされなかった相手のスピリットのアタックでは、1しか減らない。」 An unblocked attacker with two symbols
    (its second given for the turn, as an effect would) takes 1 life, not 2. BS 8-1-5-1, 9-1-5-6."""
    for used, lost in ((False, 2), (True, 1)):
        s = rscene(step="attack", tp=1, p0=dict(hand=["RC-5"], reserve=5), p1=dict(field=["BS14-028"]))
        ruri = find(s, 1, "BS14-028")
        s.teff.append((TE_SYM, ruri, 1, DUR_TURN))
        attack(s, ruri)
        assert s.symbols(ruri) == 2 and s.dkind == D_FLASH and s.current_player() == 0
        if used:
            play(s, "RC-5")
        pass_flash(s)
        assert s.life[0] == 5 - lost


# ==================================================================================== red
def test_8_amehoshi_no_mikoto_costs_4_in_the_trash_taxes_opposing_levels_and_recurs():
    """8 神霊王アメホシノミコト (BS32-X02): 「トラッシュにあるこのカードをコスト4にする。」 Lv1-4「このスピリットに
    [ソウルコア]が置かれている間、コスト0/2/4/7の相手のスピリットすべてのLvコストを+3する。」 Lv2-4『このスピリットの
    アタック時』「自分のトラッシュにある紫のカード1枚を手札に戻す。系統:「主君」/「家臣」を持つスピリットカードを戻した
    とき、相手のスピリット1体を相手が破壊する。」 BS 2-2, 4-4, 2-8-3, 9-3-2, 5-10."""
    from tcgzoo.envs.battle_spirits.words import VOCAB as W
    from tcgzoo.envs.core.cardfile import Checker

    def holds(s, cond):
        return s.cond_ok(W.compile_condition(Checker("test", "8", {}), "if", cond), -1, 0)

    s = rscene(p0=dict(trash=["BS32-X02"], hand=["BS32-X02"]))
    four = {"has": {"what": "spirit", "side": "own", "zone": "trash", "filter": {"cost_eq": 4}}}
    assert holds(s, four) and not holds(
        s, {"has": {"what": "spirit", "side": "own", "zone": "trash", "filter": {"cost_eq": 8}}}
    )
    assert s.play_cost(0, find(s, 0, "BS32-X02", "hand"), 0) > 4  # in the hand its printed cost 8
    for soul, ruri_lv in ((True, 1), (False, 2)):
        s = rscene(
            p0=dict(field=[dict(id="BS32-X02", cores=1, soul=soul)]), p1=dict(field=[("BS14-028", 4), ("BS14-026", 4)])
        )
        assert s.level(find(s, 1, "BS14-028")) == ruri_lv  # cost 4: Lv2 needs 3 + 3 cores
        assert s.level(find(s, 1, "BS14-026")) == 2  # cost 3: untouched
    s = rscene(
        step="attack", p0=dict(field=[("BS32-X02", 2)], trash=["BS32-X02"]), p1=dict(field=["BS14-028", "BS14-026"])
    )
    attack(s, find(s, 0, "BS32-X02"))
    while s.dkind == D_TARGET and s.current_player() == 0:
        act(s, choices(s)[0])
    assert s.dkind == D_TARGET and s.current_player() == 1  # the opponent chooses which of theirs
    act(s, choices(s)[0])
    order(s)
    assert ids(s, s.hand[0]) == ["BS32-X02"] and len(s.field[1]) == 1


def test_23_doraguno_kitoushi_returns_a_spirit_card_from_trash():
    """23 ドラグノ祈祷師 (BS01-014): 『このスピリットの召喚時』「自分のトラッシュにあるスピリットカード1枚を
    手札に戻す。」 BS 12-2-1-6, 9-3-2 (a magic in the trash is no candidate), 4-4."""
    s = rscene(p0=dict(hand=["BS01-014"], trash=["BS01-017", "BS01-117"], reserve=4))
    play(s, "BS01-014")
    assert ids(s, s.hand[0]) == ["BS01-017"]
    assert ids(s, s.trash[0]) == ["BS01-117"]
    assert s.dkind == D_MAIN


def test_24_lance_raptor_may_destroy_a_bp2000_spirit_of_either_side():
    """24 ランスラプトル (BS01-017): 『このスピリットの召喚時』「BP2000以下のスピリット1体を破壊できる。」
    Either side's spirit (itself included), only BP 2000 or less, and the player may decline.
    BS 12-2-1-6, 9-1-2 (できる), 5-10."""
    s = rscene(p0=dict(hand=["BS01-017"], field=["BS01-014"], reserve=5), p1=dict(field=["BS14-018", "BS14-028"]))
    raptor = play(s, "BS01-017")
    assert s.dkind == D_OPTIONAL
    act(s, OPTION + 1)
    assert s.dkind == D_TARGET
    own, hands, ruri = find(s, 0, "BS01-014"), find(s, 1, "BS14-018"), find(s, 1, "BS14-028")
    assert choices(s) == sorted([field_slot(s, own), field_slot(s, raptor), field_slot(s, hands)])
    target(s, hands)
    assert ids(s, s.trash[1]) == ["BS14-018"] and s.zone[ruri] == Z_FIELD
    # declined: nothing is destroyed
    s = rscene(p0=dict(hand=["BS01-017"], field=["BS01-014"], reserve=5), p1=dict(field=["BS14-018"]))
    play(s, "BS01-017")
    act(s, OPTION)
    assert ids(s, s.field[1]) == ["BS14-018"] and s.dkind == D_MAIN


def test_25_primeval_bird_phenikios_destroys_every_bp3000_spirit():
    """25 原始鳥フェニキオス (BS01-023): 『このスピリットの召喚時』「BP3000以下のスピリットすべてを破壊する。」
    both sides, no choice; Lv2 『このスピリットのバトル時』「BPを比べ相手のスピリットだけを破壊したとき、
    ボイドから、コア1個をこのスピリット上に置く。」 BS 12-2-1-6, 5-10, 8-1-6-2, 4-8."""
    s = rscene(
        p0=dict(hand=["BS01-023"], field=["BS14-024"], reserve=7), p1=dict(field=["BS14-018", "BS14-028", "BS14-033"])
    )
    bird = play(s, "BS01-023")
    assert s.zone[bird] == Z_FIELD
    assert sorted(ids(s, s.trash[0])) == ["BS14-024"]
    assert sorted(ids(s, s.trash[1])) == sorted(["BS14-018", "BS14-028"])
    assert ids(s, s.field[1]) == ["BS14-033"]
    # Lv2: it wins a battle by BP and gains a core from the void
    s = rscene(step="attack", p0=dict(field=[("BS01-023", 4)]), p1=dict(field=["BS14-028"]))
    bird = find(s, 0, "BS01-023")
    attack(s, bird)
    pass_flash(s)
    act(s, field_slot(s, find(s, 1, "BS14-028")))
    pass_flash(s)
    assert ids(s, s.trash[1]) == ["BS14-028"]
    assert s.cores[bird] == 5


def test_26_kagutsuchi_dragoon_draws_and_forces_a_block_at_lv2():
    """26 カグツチドラグーン (BS14-007): 『このスピリットのアタック時』「自分はデッキから1枚ドローする。」;
    Lv2【激突】『このスピリットのアタック時』「相手のスピリットは、可能ならブロックする。」
    BS 12-2-1-7, 5-6, 8-1-3, 12-1-1."""
    for cores, must in ((1, False), (3, True)):
        s = rscene(step="attack", p0=dict(field=[("BS14-007", cores)], deck=5), p1=dict(field=["BS14-028"]))
        attack(s, find(s, 0, "BS14-007"))
        order(s)
        assert len(s.hand[0]) == 1
        pass_flash(s)
        assert s.dkind == D_BLOCK
        assert (PASS not in s.legal) == must


def test_28_old_dragon_territory_sends_a_destroyed_spirits_cores_to_the_trash():
    """28 古龍の縄張り (BS01-101): Lv1・Lv2『自分のターン』「スピリットが破壊されたとき、そのスピリット上に置かれて
    いるコアは、リザーブではなくトラッシュに置かれる。」; Lv2『自分のアタックステップ』「BPを比べ相手のスピリット
    だけを破壊したとき、自分はデッキから1枚ドローする。」 BS 10-2-2-5, 9-1-8-1, 8-1-6-2."""
    s = rscene(
        step="attack",
        p0=dict(field=[("BS01-101", 3), ("BS14-033", 3)], deck=5),
        p1=dict(field=[("BS14-028", 2)], reserve=0),
    )
    attack(s, find(s, 0, "BS14-033"))
    pass_flash(s)
    act(s, field_slot(s, find(s, 1, "BS14-028")))
    pass_flash(s)
    order(s)
    assert ids(s, s.trash[1]) == ["BS14-028"]
    assert s.tcores[1] == 2 and s.reserve[1] == 0
    assert len(s.hand[0]) == 1


def test_29_double_draw_draws_two():
    """29 ダブルドロー (BS01-117): メイン「自分はデッキから2枚ドローする。」; フラッシュ「このターンの間、
    スピリット1体をBP+2000する。」 (either side's). BS 9-1-7-1-3, 5-6, 2-9."""
    s = rscene(p0=dict(hand=["BS01-117"], deck=5, reserve=4))
    use_magic(s, "BS01-117")
    assert len(s.hand[0]) == 2 and ids(s, s.trash[0]) == ["BS01-117"]
    s = rscene(p0=dict(hand=["BS01-117"], reserve=4), p1=dict(field=["BS14-028"]))
    use_magic(s, "BS01-117", flash=True)
    ruri = find(s, 1, "BS14-028")
    assert s.bp(ruri) == 5000


def test_27_flame_dragon_citadel_draws_per_opposing_spirit_destroyed_in_your_attack_step():
    """27 焔竜の城塞都市 (BS14-075): Lv1『自分のアタックステップ』「相手のスピリットを破壊したとき、破壊した
    スピリット1体につき、自分はデッキから1枚ドローする。」 A battle win in the attack step draws 1; the
    destruction by your Dark Witch's attack effect draws 1 too; the two spirits Primeval Bird Phenikios
    destroys in the main step draw nothing.
    BS 9-1-5-1, 9-1-5-4, 8-1-6-1, 7-7."""
    s = rscene(step="attack", p0=dict(field=["BS14-075", ("BS14-033", 3)], deck=5), p1=dict(field=["BS14-028"]))
    attack(s, find(s, 0, "BS14-033"))
    pass_flash(s)
    act(s, field_slot(s, find(s, 1, "BS14-028")))
    pass_flash(s)
    order(s)
    assert ids(s, s.trash[1]) == ["BS14-028"] and len(s.hand[0]) == 1
    # an effect of yours in the attack step counts too: Dark Witch's attack destroys an exhausted spirit
    s = rscene(
        step="attack",
        p0=dict(field=["BS14-075", ("BS01-040", 3)], deck=5),
        p1=dict(field=[dict(id="BS14-028", exh=1), dict(id="BS14-026", exh=1)]),
    )
    attack(s, find(s, 0, "BS01-040"))
    target(s, find(s, 1, "BS14-028"))
    order(s)
    assert ids(s, s.trash[1]) == ["BS14-028"] and len(s.hand[0]) == 1
    s = rscene(
        p0=dict(hand=["BS01-023"], field=["BS14-075"], deck=5, reserve=8), p1=dict(field=["BS14-028", "BS14-018"])
    )
    play(s, "BS01-023")
    assert len(s.trash[1]) == 2 and not s.hand[0]


def test_30_seventh_crimson_trades_a_big_spirits_cores_for_seven_opposing_cores():
    """30 セブンスクリムゾン (first text): メイン「BP7000以上の自分のスピリット1体の上に置かれているコアすべてを
    ボイドに置くことで、相手のスピリット上のコア7個を選んで、相手のリザーブに置く。」 The 7 cores are chosen
    one at a time among the opposing spirits; the spirit left with no core vanishes.
    BS 9-1-7-1-3, 5-11, 4-8, 9-3-2-1, 10-2-2."""
    s = rscene(
        p0=dict(hand=["RC-30"], field=[("BS01-023", 4)], reserve=6),
        p1=dict(field=[("BS14-033", 5), ("BS14-028", 3)], reserve=0),
    )
    use_magic(s, "RC-30")
    assert s.dkind == D_OPTIONAL
    act(s, OPTION + 1)
    boar, ruri = find(s, 1, "BS14-033"), find(s, 1, "BS14-028")
    for _ in range(4):  # four from the boar ...
        target(s, boar)
    while s.dkind == D_TARGET:  # ... the rest from Ruriruri, which vanishes
        target(s, ruri)
    assert s.cores[boar] == 1 and s.zone[ruri] == Z_TRASH
    assert s.reserve[1] == 7  # 4 of the boar's 5 cores and all 3 of Ruriruri's
    assert sorted(ids(s, s.trash[0])) == ["BS01-023", "RC-30"]  # its cores went to the void: it vanished


# ==================================================================================== purple
def _forest_battle(ncores_pig: int, pay: bool, extra: tuple = ()):
    """Your Castle Golem (Lv2) attacks; the opponent blocks with a Lv2 Nyarla Trap, whose 『破壊時』
    destroys your Tsuchipig (cost 1) by the opponent's effect in your attack step."""
    s = rscene(
        step="attack",
        p0=dict(field=["BS02-079", ("BS04-X16", 6), ("BS14-024", ncores_pig)] + list(extra), deck=5),
        p1=dict(field=[("BS14-X06", 4)], deck=10),
    )
    pig, golem, nyarla = find(s, 0, "BS14-024"), find(s, 0, "BS04-X16"), find(s, 1, "BS14-X06")
    attack(s, golem)
    for _ in range(40):
        if s.dkind == D_FLASH:
            act(s, PASS)
        elif s.dkind == D_BLOCK:
            act(s, field_slot(s, nyarla))
        elif s.dkind == D_TARGET and s.current_player() == 1:
            target(s, pig)
        elif s.dkind == D_OPTIONAL:
            act(s, OPTION + int(pay))
        elif s.dkind == D_ORDER:
            order(s)
        else:
            break
    return s, pig


def test_20_amethyst_forest_returns_a_spirit_the_opponent_destroyed_for_one_of_its_cores():
    """20 紫水晶の森 (BS02-079): Lv1・Lv2『自分のアタックステップ』「自分のスピリットが相手のスピリット/ネクサス/
    マジックの効果で破壊されたとき、そのスピリット上のコア1個をボイドに置くことで、そのスピリットを回復状態で、
    自分のフィールドに戻すことができる。」 Your Tsuchipig with 2 cores, destroyed by the opposing Nyarla Trap's
    『破壊時』, comes back recovered with 1 core; not paying (or with 1 core, back with none: it vanishes) it is
    trashed. Lv2『自分のアタックステップ』「ステップ終了時、自分のフィールドに回復状態のスピリットが3体以上いたとき、
    自分はデッキから2枚ドローする。」 BS 10-2-2-5, 10-2-2-7, 5-11, 7-7-3-2, 9-1-5-1."""
    s, pig = _forest_battle(2, True)
    assert s.zone[pig] == Z_FIELD and s.exh[pig] == 0 and s.ncores(pig) == 1
    assert s.dkind == D_ATTACK and s.reserve[0] + s.tcores[0] >= 0
    s, pig = _forest_battle(2, False)
    assert s.zone[pig] == Z_TRASH
    s, pig = _forest_battle(1, True)
    assert s.zone[pig] == Z_TRASH  # back with no core: it vanishes (5-11)
    # Lv2, at the end of your attack step: three recovered spirits draw two, two do not
    for spirits, drawn in ((["BS14-045", "BS14-047", "BS14-028"], 2), (["BS14-045", "BS14-047"], 0)):
        s = rscene(step="attack", p0=dict(field=[("BS02-079", 3)] + spirits, deck=5))
        act(s, PASS)
        order(s)
        assert len(s.hand[0]) == drawn and s.step == ST_MAIN2, spirits
    # ... and not at the end of the opponent's attack step
    s = rscene(step="attack", tp=1, p0=dict(field=[("BS02-079", 3), "BS14-045", "BS14-047", "BS14-028"], deck=5))
    act(s, PASS)
    assert len(s.hand[0]) == 0


def test_32_dark_witch_destroys_an_exhausted_spirit_of_either_side():
    """32 ダークウィッチ (BS01-040): Lv2・Lv3『このスピリットのアタック時』「自分か相手の疲労状態のスピリット
    1体を破壊する。」 An exhausted opposing spirit is chosen; with no other exhausted spirit the
    witch, exhausted by its own attack, is the one destroyed. At Lv1 nothing happens.
    BS 12-2-1-7, 8-1-1-2 (the attacker is exhausted), 5-10."""
    s = rscene(step="attack", p0=dict(field=[("BS01-040", 3)]), p1=dict(field=[dict(id="BS14-028", exh=1), "BS14-018"]))
    witch = find(s, 0, "BS01-040")
    attack(s, witch)
    assert s.dkind == D_TARGET
    assert choices(s) == sorted([field_slot(s, witch), field_slot(s, find(s, 1, "BS14-028"))])
    target(s, find(s, 1, "BS14-028"))
    assert ids(s, s.trash[1]) == ["BS14-028"]
    s = rscene(step="attack", p0=dict(field=[("BS01-040", 3)]), p1=dict(field=["BS14-018"]))
    attack(s, find(s, 0, "BS01-040"))
    assert ids(s, s.trash[0]) == ["BS01-040"] and ids(s, s.field[1]) == ["BS14-018"]
    s = rscene(step="attack", p0=dict(field=[("BS01-040", 1)]), p1=dict(field=[dict(id="BS14-028", exh=1)]))
    attack(s, find(s, 0, "BS01-040"))
    assert not s.trash[0] and not s.trash[1]


def test_33_rashou_mills_four_to_draw_two():
    """33 鎧闘鬼ラショウ (BS31-017): 『このスピリットの召喚時』「自分のデッキを上から4枚破棄することで、自分は
    デッキから2枚ドローする。」 (the player may pay); Lv2・Lv3「自分のトラッシュに[ソウルコア]がある間、相手の
    ネクサスすべてのLvコストを+2する。」 BS 5-13, 5-6, 5-19-5, 2-8-3, 3-3-3, 10-2-2-10."""
    s = rscene(p0=dict(hand=["BS31-017"], deck=8, reserve=5))
    play(s, "BS31-017")
    assert s.dkind == D_OPTIONAL
    act(s, OPTION + 1)
    assert len(s.trash[0]) == 4 and len(s.hand[0]) == 2 and len(s.deck[0]) == 2
    for soul, level in (("trash", 1), ("reserve", 2)):
        s = rscene(p0=dict(field=[("BS31-017", 3)], soul=soul), p1=dict(field=[("BS03-116", 2)]))
        assert s.level(find(s, 1, "BS03-116")) == level
    # paying Double Draw with the soul core puts it in the trash: the opposing nexuses with fewer than
    # 2 cores are below their new Lv1 cost and vanish (BS 10-2-2-10)
    s = rscene(
        p0=dict(field=[("BS31-017", 3)], hand=["BS01-117"], deck=5, reserve=3),
        p1=dict(field=[("BS03-116", 1), ("BS01-107", 0)]),
    )
    act(s, hand_slot(s, find(s, 0, "BS01-117", "hand")))
    pay(s, [RESERVE_SOUL])
    act(s, OPTION)  # its main effect
    assert not s.field[1] and sorted(ids(s, s.trash[1])) == sorted(["BS03-116", "BS01-107"])


def test_34_both_hands_draws_two_when_destroyed_at_lv2():
    """34 ボース・ハンズ (BS14-018): Lv2『このスピリットの破壊時』「自分はデッキから2枚ドローする。」
    Destroyed by BP comparison at Lv2 it draws 2; at Lv1 nothing. BS 12-2-1-12, 8-1-6-1, 2-8-2."""
    for cores, drawn in ((3, 2), (1, 0)):
        s = rscene(step="attack", p0=dict(field=[("BS14-018", cores)], deck=5), p1=dict(field=["BS14-033"]))
        attack(s, find(s, 0, "BS14-018"))
        pass_flash(s)
        act(s, field_slot(s, find(s, 1, "BS14-033")))
        pass_flash(s)
        order(s)
        assert ids(s, s.trash[0]) == ["BS14-018"]
        assert len(s.hand[0]) == drawn


def test_35_cobraiga_leaves_a_spirit_one_core():
    """35 コブライガ (BS01-041): 『このスピリットの召喚時』「スピリット1体の上にあるコア1個だけを残し、それ以外を
    その持ち主のリザーブに置く。」 BS 12-2-1-6, 4-5-4, 4-6."""
    s = rscene(p0=dict(hand=["BS01-041"], reserve=5), p1=dict(field=[("BS14-033", 5)], reserve=0))
    cobra = play(s, "BS01-041")
    boar = find(s, 1, "BS14-033")
    assert choices(s) == sorted([field_slot(s, cobra), field_slot(s, boar)])
    target(s, boar)
    assert s.cores[boar] == 1 and s.reserve[1] == 4


def test_36_tower_of_bones_exhausts_spirits_given_cores_other_than_by_effects():
    """36 骸の斜塔 (BS14-077): Lv1･Lv2『相手のメインステップ』「スピリット/ブレイヴ/ネクサス/マジックの効果以外でコア
    を置いた相手のスピリットを疲労させる。」 In the opponent's main step, a spirit they summon (cores placed,
    11-1-1-6) or move a core onto (7-6-1-2-2) is exhausted; a core from their Recovered Core (an effect) is not.
    Lv2『お互いのアタックステップ』「相手のスピリットが疲労したとき、自分はデッキから1枚ドローする。」
    BS 4-8, 9-1-5-1, 5-15."""
    s = rscene(
        tp=1, p0=dict(field=["BS14-077"]), p1=dict(hand=["BS14-024", "BS14-106"], field=["BS01-081"], reserve=9, life=3)
    )
    nid = find(s, 1, "BS01-081")
    pig = play(s, "BS14-024")
    order(s)
    assert s.zone[pig] == Z_FIELD and s.exh[pig] == 1
    use_magic(s, "BS14-106")  # a core from the void onto the white Nidhogg: an effect's
    order(s)
    assert s.ncores(nid) == 2 and s.exh[nid] == 0
    act(s, MOVE_CORE)
    act(s, RESERVE)
    act(s, field_slot(s, nid))
    order(s)
    assert s.ncores(nid) == 3 and s.exh[nid] == 1
    # in your own main step your moves do nothing; Lv2: each opposing exhaustion in an attack step draws 1
    s = rscene(p0=dict(field=["BS14-077", "BS14-045"], reserve=2))
    act(s, MOVE_CORE)
    act(s, RESERVE)
    act(s, field_slot(s, find(s, 0, "BS14-045")))
    assert s.exh[find(s, 0, "BS14-045")] == 0
    s = rscene(step="attack", tp=1, p0=dict(field=[("BS14-077", 2)], deck=3), p1=dict(field=["BS14-045"]))
    attack(s, find(s, 1, "BS14-045"))
    order(s)
    assert len(s.hand[0]) == 1


def test_37_hanged_castle_draws_one_per_opposing_colour():
    """37 吊られた古城: 『このネクサスの配置時』「相手のフィールドのスピリット/ネクサスの色1色につき、自分はデッキ
    から1枚ドローする。」 A red spirit, a green spirit and a green nexus are two colours.
    BS 12-2-1-11, 2-11, 5-6."""
    s = rscene(p0=dict(hand=["RC-37"], deck=5, reserve=5), p1=dict(field=["BS01-014", "BS14-028", "BS01-107"]))
    play(s, "RC-37")
    assert len(s.hand[0]) == 2


def test_38_chaos_draw_draws_one_per_exhausted_opposing_spirit():
    """38 カオスドロー (BS01-128): メイン「相手の疲労状態のスピリット1体につき1枚、自分はデッキからカードを
    ドローする。」 Own exhausted spirits do not count. BS 9-1-7-1-3, 5-6, 5-5-1-2."""
    s = rscene(
        p0=dict(hand=["BS01-128"], field=[dict(id="BS14-024", exh=1)], deck=6, reserve=5),
        p1=dict(field=[dict(id="BS14-028", exh=1), dict(id="BS14-018", exh=1), "BS14-026"]),
    )
    use_magic(s, "BS01-128")
    assert len(s.hand[0]) == 2


def test_39_shadow_elixir_moves_a_reserve_core_to_the_life():
    """39 シャドウエリクサー (BS01-126): フラッシュ「リザーブから自分のライフにコア1個を置く。」
    BS 12-2-1-5, 4-6, 4-7."""
    s = rscene(p0=dict(hand=["BS01-126"], reserve=5, life=3))
    gained = s.gained[0]
    use_magic(s, "BS01-126")
    assert s.life[0] == 4 and s.reserve[0] == 5 - 4 - 1 and s.gained[0] == gained


# ==================================================================================== green
def test_40_ruriruri_exhausts_every_cost3_spirit():
    """40 ルリルリ (BS14-028): 『このスピリットの召喚時』「コスト3以下のスピリットすべてを疲労させる。」
    Both sides, printed cost 3 or less; itself (cost 4) and cost 4 spirits stay recovered.
    BS 12-2-1-6, 5-15, 2-2."""
    s = rscene(
        p0=dict(hand=["BS14-028"], field=["BS14-024"], reserve=4), p1=dict(field=["BS14-026", "BS01-081", "BS14-018"])
    )
    ruri = play(s, "BS14-028")
    assert s.exh[find(s, 0, "BS14-024")] and s.exh[find(s, 1, "BS14-026")] and s.exh[find(s, 1, "BS01-081")]
    assert not s.exh[find(s, 1, "BS14-018")] and not s.exh[ruri]


def test_41_tamamusshu_gets_cores_equal_to_its_level():
    """41 タマムッシュ (BS14-026): 『このスピリットの召喚時』「ボイドから、このスピリットのLvと同じ数の
    コアをこのスピリットに置く。」 Summoned at Lv1 it gets 1 core; placed at Lv2 (4 cores) it gets 2.
    BS 12-2-1-6, 2-8, 4-8."""
    s = rscene(p0=dict(hand=["BS14-026"], reserve=4))
    tama = play(s, "BS14-026")
    assert s.cores[tama] == 2 and s.level(tama) == 1
    s = rscene(p0=dict(hand=["BS14-026"], reserve=7))
    tama = play(s, "BS14-026", place_n=4)
    assert s.cores[tama] == 6 and s.level(tama) == 2


def test_42_branboar_recovers_after_destroying_the_spirit_it_battles():
    """42 霊樹の守り神ブランボアー (BS14-033): 『このスピリットのバトル時』「バトルしている相手のスピリットを
    破壊したとき、このスピリットは回復する。」; Lv3『このスピリットのアタック時』「…相手のライフのコア1個を
    相手のリザーブに置く。」 BS 8-1-6-2, 5-14, 8-1-5-1 (life cores to the reserve, BS-R1)."""
    s = rscene(step="attack", p0=dict(field=[("BS14-033", 5)]), p1=dict(field=["BS14-028"], reserve=0))
    boar = find(s, 0, "BS14-033")
    attack(s, boar)
    pass_flash(s)
    act(s, field_slot(s, find(s, 1, "BS14-028")))
    pass_flash(s)
    order(s)
    assert ids(s, s.trash[1]) == ["BS14-028"]
    assert s.exh[boar] == 0
    assert s.life[1] == 4 and s.reserve[1] == 1 + 1  # the life core, and the blocker's core
    # Lv1: it recovers, no life damage
    s = rscene(step="attack", p0=dict(field=[("BS14-033", 1)]), p1=dict(field=["BS14-024"]))
    boar = find(s, 0, "BS14-033")
    attack(s, boar)
    pass_flash(s)
    act(s, field_slot(s, find(s, 1, "BS14-024")))
    pass_flash(s)
    assert s.exh[boar] == 0 and s.life[1] == 5


def test_43_tsuchipig_recovers_at_end_step_when_the_trash_is_all_green():
    """43 ツチピッグ (BS14-024): 『自分のエンドステップ』「自分のトラッシュにあるカードが緑のカードだけの
    とき、このスピリットは回復する。」 An empty trash does not meet it (ruling 9-2-1 in
    docs/rules/battle_spirits_notes.md). BS 7-9-1-1, 5-14, 2-11, 9-2-1."""
    for trash, recovered in ((["BS14-028", "BS14-100"], True), (["BS14-028", "BS01-117"], False), ([], False)):
        s = rscene(step="end", p0=dict(field=[dict(id="BS14-024", exh=1)], trash=trash))
        assert (s.exh[find(s, 0, "BS14-024")] == 0) == recovered, trash


def test_45_fruit_of_life_draws_when_the_opponent_reduces_your_life():
    """45 命の果実 (BS01-107): Lv1・Lv2「相手によって自分のライフが減らされたとき、自分はデッキから1枚ドロー
    する。」; Lv2「…ボイドからコア1個を自分のリザーブに置く。」 An unblocked opposing attack reduces the life.
    BS 8-1-5-1, BS-R1, 9-1-5-1, 4-6."""
    for cores, extra in ((0, 0), (3, 1)):
        s = rscene(
            step="attack", tp=1, p0=dict(field=[("BS01-107", cores)], deck=5, reserve=0), p1=dict(field=["BS14-028"])
        )
        attack(s, find(s, 1, "BS14-028"))
        pass_flash(s)  # no spirit to block with
        order(s)
        assert s.life[0] == 4 and len(s.hand[0]) == 1
        assert s.reserve[0] == 1 + extra  # the life core (BS-R1), and at Lv2 the void core


def test_46_emerald_islands_answer_the_opponents_refresh_and_extra_cards():
    """46 エメラルドの海に散らばる島々: Lv1・Lv2『相手のターン』「相手のスピリットが回復したとき、自分のスピリット
    1体を回復させる。」; Lv2「『相手のドローステップ』以外で相手の手札が増えたとき、相手は、相手の手札1枚を破棄
    する。」 The opponent's refresh step recovers one of yours; their Double Draw costs them a card.
    BS 7-5, 5-14, 9-1-5-1, 5-13-1."""
    s = rscene(
        step="refresh",
        tp=1,
        p0=dict(field=[("RC-46", 2), dict(id="BS14-028", exh=1)]),
        p1=dict(field=[dict(id="BS14-026", exh=1)], hand=["BS01-117"], deck=5, reserve=5),
    )
    assert not s.exh[find(s, 0, "BS14-028")] and not s.exh[find(s, 1, "BS14-026")]
    assert s.dkind == D_MAIN and s.current_player() == 1
    use_magic(s, "BS01-117")
    assert s.dkind == D_DISCARD and s.current_player() == 1
    act(s, choices(s)[0])
    assert len(s.hand[1]) == 1 and len(s.trash[1]) == 2


def test_47_storm_attack_exhausts_an_opposing_spirit_then_recovers_one_of_yours():
    """47 ストームアタック (BS14-100): フラッシュ「相手のスピリット1体を疲労させる。その後、自分のスピリット
    1体を回復させる。」 Used in the flash timing of an attack, it recovers the attacker and
    exhausts the spirit that could block. BS 12-2-1-5, 8-1-2, 5-15, 5-14, 5-19-1."""
    s = rscene(
        step="attack",
        p0=dict(hand=["BS14-100"], field=["BS14-033", "BS14-024"], reserve=4),
        p1=dict(field=["BS14-028"]),
    )
    boar = find(s, 0, "BS14-033")
    attack(s, boar)
    assert s.dkind == D_FLASH and s.current_player() == 1
    act(s, PASS)
    play(s, "BS14-100")
    assert s.exh[find(s, 1, "BS14-028")] == 1  # the only opposing spirit: no choice
    assert s.dkind == D_TARGET  # either of own two spirits
    target(s, boar)
    assert s.exh[boar] == 0


# ==================================================================================== white
def test_11_teppou_kihei_tanegashima_keeps_both_decks_and_with_the_soul_core_is_unaffected():
    """11 鉄砲機兵タネガシマ (RC-11): Lv1・Lv2・Lv3「お互いのデッキは破棄されない。このスピリットに[ソウルコア]が
    置かれている間、さらに、このスピリットは、相手のスピリット/アルティメット/ネクサスの効果を受けない。」
    The opponent's 英雄の喪失 (71) mills nothing of the Double Draw player's deck; Hell Brindi's summon
    effect cannot choose it while the soul core is on it, and can without. BS 5-13-1, 9-1-4, 9-1-2-1."""
    s = rscene(tp=1, p0=dict(field=["BS03-116", "RC-11"]), p1=dict(hand=["BS01-117"], deck=10, reserve=5))
    use_magic(s, "BS01-117")
    assert len(s.hand[1]) == 2 and len(s.deck[1]) == 8 and len(s.trash[1]) == 1  # drawn 2, milled none
    for soul in (True, False):
        s = rscene(p0=dict(hand=["BS01-090"], reserve=4), p1=dict(field=[dict(id="RC-11", cores=2, soul=soul)]))
        brindi = play(s, "BS01-090")
        tane = find(s, 1, "RC-11")
        if soul:
            assert s.zone[tane] == Z_FIELD and s.dkind != D_TARGET and ids(s, s.hand[0]) == ["BS01-090"]
            assert s.zone[brindi] != Z_FIELD  # the only spirit it may choose is itself
        else:
            assert choices(s) == sorted([field_slot(s, brindi), field_slot(s, tane)])


def test_48_hell_brindi_returns_a_spirit_to_its_owners_hand():
    """48 ヘル・ブリンディ (BS01-090): 『このスピリットの召喚時』「スピリット1体を、その持ち主の手札に戻す。」
    Its cores go to its owner's reserve. BS 12-2-1-6, 10-2-2, 4-5-4."""
    s = rscene(p0=dict(hand=["BS01-090"], reserve=4), p1=dict(field=[("BS14-033", 3)], reserve=0))
    brindi = play(s, "BS01-090")
    boar = find(s, 1, "BS14-033")
    assert s.dkind == D_TARGET  # it may also return itself: a choice
    assert choices(s) == sorted([field_slot(s, brindi), field_slot(s, boar)])
    target(s, boar)
    assert ids(s, s.hand[1]) == ["BS14-033"] and s.reserve[1] == 3


def test_49_metaldee_bug_takes_a_core_from_a_spirit_on_each_side():
    """49 メタルディー・バグ (BS01-087): 『このスピリットの召喚時』「お互いのフィールドにあるスピリット1体を
    指定する。そのお互いのスピリット上のコア1個をお互いのトラッシュに置く。」 BS 12-2-1-6, 4-4-1, 5-11."""
    s = rscene(p0=dict(hand=["BS01-087"], field=[("BS14-033", 3)], reserve=5), p1=dict(field=[("BS14-028", 3)]))
    bug = play(s, "BS01-087")
    boar = find(s, 0, "BS14-033")
    target(s, boar)
    assert s.cores[boar] == 2 and s.tcores[0] == 4 + 1  # the 4 paid for the bug, then the effect's
    assert s.cores[find(s, 1, "BS14-028")] == 2 and s.tcores[1] == 1
    assert s.zone[bug] == Z_FIELD


def test_50_silver_scale_nidhogg_gets_4000_bp_when_it_blocks():
    """50 銀燐竜ニーズホッグ (BS01-081): 『このスピリットのブロック時』「このスピリットをBP+4000する。」
    Blocking a BP 3000 attacker at Lv1 (BP 1000) it has 5000 and wins. BS 12-2-1-9, 8-1-3-2, 8-1-6-1."""
    s = rscene(step="attack", p0=dict(field=["BS14-028"]), p1=dict(field=["BS01-081"]))
    attack(s, find(s, 0, "BS14-028"))
    pass_flash(s)
    nid = find(s, 1, "BS01-081")
    act(s, field_slot(s, nid))
    assert s.bp(nid) == 5000
    pass_flash(s)
    assert ids(s, s.trash[0]) == ["BS14-028"] and s.zone[nid] == Z_FIELD


def test_51_shell_spirit_dis_exhausts_another_spirit_when_blocked():
    """51 甲精ディース (BS01-093): 『このスピリットのアタック時』「相手がブロックを宣言したとき、ブロックする
    スピリット以外のスピリット1体を疲労させる。」: the blocker is no candidate, an exhausted spirit is;
    Lv2『このスピリットの破壊時』「自分のスピリット1体を回復させる。」 BS 8-1-3-2, 9-1-5-1, 9-3-2, 5-15."""
    s = rscene(step="attack", p0=dict(field=["BS01-093"]), p1=dict(field=["BS14-028", "BS14-026", ("BS14-024", 1)]))
    dis = find(s, 0, "BS01-093")
    attack(s, dis)
    pass_flash(s)
    ruri, tama, pig = find(s, 1, "BS14-028"), find(s, 1, "BS14-026"), find(s, 1, "BS14-024")
    s.exh[pig] = 1
    assert not s.exh[tama]
    act(s, field_slot(s, ruri))  # the block
    assert s.dkind == D_TARGET and choices(s) == sorted(field_slot(s, i) for i in (dis, tama, pig))
    act(s, field_slot(s, tama))
    assert s.exh[ruri] and s.exh[tama]


def test_52_yoki_hi_sol_ends_the_opponents_attack_step():
    """52 妖機妃ソール (BS01-096): Lv1『このスピリットの破壊時』「相手ターンのとき、そのターンのアタックステップを
    なくす。または終了する。」 Destroyed blocking, it ends the attack step: the second attacker never attacks;
    destroyed in the opponent's main step, their attack step does not happen. BS 12-2-1-12, 7-7, 7-8, 8-1-7."""
    s = rscene(step="attack", tp=1, p0=dict(field=["BS01-096"]), p1=dict(field=["BS14-033", "BS14-028"]))
    attack(s, find(s, 1, "BS14-033"))
    pass_flash(s)
    act(s, field_slot(s, find(s, 0, "BS01-096")))
    pass_flash(s)
    order(s)
    assert ids(s, s.trash[0]) == ["BS01-096"]
    assert s.dkind == D_MAIN and s.current_player() == 1  # the second main step: no more attacks
    # destroyed in the opponent's main step (their Lance Raptor), the attack step does not happen
    s = rscene(tp=1, p0=dict(field=["BS01-096"]), p1=dict(hand=["BS01-017"], field=["BS14-033"], reserve=6))
    play(s, "BS01-017")
    act(s, OPTION + 1)
    target(s, find(s, 0, "BS01-096"))
    assert ids(s, s.trash[0]) == ["BS01-096"] and s.dkind == D_MAIN and s.step == ST_MAIN
    act(s, PASS)
    assert s.dkind == D_MAIN and s.step == ST_MAIN2 and s.current_player() == 1


def test_53_frozen_waterfall_ends_the_attack_step_after_a_bp3000_battle():
    """53 氷結した瀑布 (BS14-083): Lv1・Lv2『お互いのアタックステップ』「BP3000以下のスピリットのバトルが終了したとき、
    アタックステップを終了する。」 After a BP 3000 attack the attack step ends; after a BP 5000 attack it goes on;
    a BP 2000 blocker destroyed in the battle was a BP 2000 spirit in it (its BP as it last was on the field,
    ruling on 8-1-7-1); a 5000 attacker destroyed by a 6000 blocker was not. BS 8-1-7-1, 7-7."""
    for attacker, more in (("BS14-028", False), ("BS14-033", True)):
        s = rscene(step="attack", p0=dict(field=["BS14-083", attacker, "BS14-024"]))
        attack(s, find(s, 0, attacker))
        pass_flash(s)
        assert (s.dkind == D_ATTACK) == more and (s.dkind == D_MAIN) == (not more)
    for blocker, more in (("BS14-024", False), (("BS14-028", 3), True)):
        s = rscene(step="attack", p0=dict(field=["BS14-083", "BS14-033", "BS14-045"]), p1=dict(field=[blocker]))
        attack(s, find(s, 0, "BS14-033"))
        pass_flash(s)
        act(s, field_slot(s, s.field[1][0]))  # block
        pass_flash(s)
        order(s)
        assert len(s.field[0]) + len(s.field[1]) == 3  # one of the two battling spirits was destroyed
        assert (s.dkind == D_ATTACK) == more and (s.dkind == D_MAIN) == (not more), blocker


def test_54_pentagon_fort_draws_when_the_opponent_draws_outside_the_draw_step():
    """54 五角形の砦 (BS14-082): Lv2『相手のターン』「ドローステップ以外で相手がドローしたとき、自分はデッキ
    から1枚ドローできる。」 The opponent's Double Draw in their main step lets you draw 1; and its Lv1 hand
    immunity. BS 9-1-5-1, 5-6, 9-1-2 (できる), 9-1-2-1."""
    s = rscene(tp=1, p0=dict(field=[("BS14-082", 1)], deck=5), p1=dict(hand=["BS01-117"], deck=5, reserve=5))
    use_magic(s, "BS01-117")
    assert len(s.hand[1]) == 2
    assert s.dkind == D_OPTIONAL and s.current_player() == 0
    act(s, OPTION + 1)
    assert len(s.hand[0]) == 1
    # Lv1「自分の手札は相手のスピリット/ブレイヴ/ネクサス/マジックの効果を受けない。」: the opposing Emerald
    # Islands (card 46) cannot make you discard after your own Double Draw (BS 9-1-2-1, 1-4-2)
    s = rscene(p0=dict(field=["BS14-082"], hand=["BS01-117"], deck=5, reserve=5), p1=dict(field=[("RC-46", 2)]))
    use_magic(s, "BS01-117")
    assert len(s.hand[0]) == 2 and s.dkind == D_MAIN and ids(s, s.trash[0]) == ["BS01-117"]


def test_55_dream_spiral_returns_an_opposing_spirit_to_the_deck_top_for_each_of_yours_destroyed():
    """55 ドリームスパイラル (BS14-104): フラッシュ「このターンの間、自分のスピリットが破壊されたとき、破壊された
    スピリット1体につき、相手のスピリット1体をデッキの上に戻す。」 Used in the flash timing of the opponent's
    attack, from the trash it answers your blocker's destruction by BP: the opponent's other spirit goes onto
    their deck; the next turn it is over (7-9-1-1). BS 9-1-5, 9-1-5-4, 10-2-2, 7-9-1-1."""
    s = rscene(
        step="attack",
        tp=1,
        p0=dict(hand=["BS14-104"], field=["BS14-024"], reserve=3),
        p1=dict(field=[("BS04-X16", 1), "BS14-047"], deck=5),
    )
    golem, usagi, pig = find(s, 1, "BS04-X16"), find(s, 1, "BS14-047"), find(s, 0, "BS14-024")
    attack(s, golem)
    assert s.dkind == D_FLASH and s.current_player() == 0
    play(s, "BS14-104")
    pass_flash(s)
    act(s, field_slot(s, pig))  # block: BP 2000 against 6000
    pass_flash(s)
    order(s)
    assert s.dkind == D_TARGET and s.current_player() == 0  # the blocker waits (BS 10-2-2-5)
    target(s, usagi)
    assert s.deck[1][-1] == usagi and s.zone[golem] == Z_FIELD and s.zone[pig] == Z_TRASH
    # only this turn: from the next turn on, destroyed spirits return nothing
    assert any(te[0] == TE_WATCH for te in s.teff)
    s2 = s.clone()
    while s2.tp == 1:
        act(s2, PASS if PASS in s2.legal else choices(s2)[0])
    assert not any(te[0] == TE_WATCH for te in s2.teff)


def test_56_recovered_core_puts_void_cores_on_life_and_a_white_spirit():
    """56 リカバードコア (BS14-106): メイン「ボイドからコア1個ずつを自分のライフと、自分の白のスピリット1体に
    置く。」 Only a white spirit can take the core. BS 9-1-7-1-3, 4-7, 4-8."""
    s = rscene(p0=dict(hand=["BS14-106"], field=["BS01-081", "BS14-024"], reserve=6, life=3))
    nid, pig = find(s, 0, "BS01-081"), find(s, 0, "BS14-024")
    use_magic(s, "BS14-106")
    assert s.life[0] == 4
    assert s.cores[nid] == 2 and s.cores[pig] == 1


# ==================================================================================== yellow
def test_57_arcana_beast_queen_exhausts_a_shidou_spirit_to_treat_an_attacker_as_lv1():
    """57 アルカナビーストクィーン (BS14-051): Lv2･Lv3：フラッシュ『お互いのアタックステップ』「系統：「四道」を持つ
    自分のスピリット1体を疲労させることで、このターンの間、相手のスピリット1体をLv1として扱う。」 Against a Lv2
    ボース・ハンズ (BP 5000 → Lv1 BP) the Queen pays by exhausting itself, and the attacker is Lv1 for the turn.
    BS 9-1-6-2, 5-15, 2-8-2."""
    s = rscene(step="attack", tp=1, p0=dict(field=[("BS14-051", 2)]), p1=dict(field=[("BS14-018", 3)]))
    queen, hands = find(s, 0, "BS14-051"), find(s, 1, "BS14-018")
    assert s.level(hands) == 2
    attack(s, hands)
    assert s.dkind == D_FLASH and s.current_player() == 0
    act(s, field_slot(s, queen))
    assert s.dkind == D_TARGET and choices(s) == [field_slot(s, queen)]
    act(s, field_slot(s, queen))
    assert s.exh[queen] and s.level(hands) == 1 and s.cores[hands] == 3


def test_58_multi_usagi_summons_a_cost2_spirit_from_hand_when_destroyed():
    """58 マルティウサギ (BS14-047): 『このスピリットの破壊時』「自分の手札にあるコスト2以下のスピリットカード1枚
    をコストを支払わずに召喚できる。ただし、『このスピリットの召喚時』効果は発揮されない。」
    BS 12-2-1-12, 5-8, 11-1-1-6."""
    s = rscene(
        step="attack",
        tp=1,
        p0=dict(field=["BS14-047"], hand=["BS14-024", "BS14-028"], reserve=1),
        p1=dict(field=["BS14-033"]),
    )
    attack(s, find(s, 1, "BS14-033"))
    pass_flash(s)
    act(s, field_slot(s, find(s, 0, "BS14-047")))
    pass_flash(s)
    order(s)
    assert s.dkind == D_TARGET and s.current_player() == 0
    act(s, hand_slot(s, find(s, 0, "BS14-024", "hand")))  # Ruriruri (cost 4) is no candidate
    place(s)
    assert ids(s, s.field[0]) == ["BS14-024"] and ids(s, s.hand[0]) == ["BS14-028"]


def test_59_butler_pentan_stops_the_mill_and_summons_itself():
    """59 執事ペンタン (BS14-049): 「このスピリットカードが相手の「デッキ破棄効果」で破棄されたとき、このターンの間、
    自分のデッキは破棄されず、このスピリットカードを、コストを支払わずに召喚できる。」 The opponent's Loss of a
    Hero mills 2 after your Double Draw: Pentan is the first, the second is not milled.
    BS 5-13-1, 9-1-8-1, 5-8."""
    s = rscene(
        p0=dict(hand=["BS01-117"], deck=["T-F01", "T-F02", "BS14-049", "T-F03", "T-F04"], reserve=5),
        p1=dict(field=["BS03-116"]),
    )
    use_magic(s, "BS01-117")
    while s.dkind == D_OPTIONAL:
        act(s, OPTION + 1)
    place(s)
    assert ids(s, s.field[0]) == ["BS14-049"]
    assert len(s.deck[0]) == 2 and s.trash[0] == [find(s, 0, "BS01-117", "trash")]


def test_60_goristal_destroys_itself_after_winning_a_battle():
    """60 ゴリスタル (BS14-045): 『このスピリットのバトル時』「BPを比べ相手のスピリットだけを破壊したとき、
    このスピリットを破壊する。」; Lv3『このスピリットの破壊時』「自分はデッキから1枚ドローする。」
    BS 8-1-6-2, 5-10, 12-2-1-12, 10-2-2-3 (it resolves at the level it left at)."""
    for cores, drawn in ((1, 0), (3, 1)):
        s = rscene(step="attack", p0=dict(field=[("BS14-045", cores)], deck=3), p1=dict(field=["BS01-090"]))
        attack(s, find(s, 0, "BS14-045"))
        pass_flash(s)
        act(s, field_slot(s, find(s, 1, "BS01-090")))
        pass_flash(s)
        assert ids(s, s.trash[1]) == ["BS01-090"] and ids(s, s.trash[0]) == ["BS14-045"]
        assert len(s.hand[0]) == drawn


def test_63_pipe_organ_stops_main_step_mills_and_destroys_spirits_recovered_by_effects():
    """63 賛美するパイプオルガン (BS14-085): Lv1･Lv2「お互い、メインステップでデッキは破棄されない。」
    Lv2『相手のターン』「スピリット/マジックの効果で回復した赤/緑/白/青のスピリットすべてを破壊する。」
    The opponent's Storm Attack recovers their exhausted green spirit: at Lv2 it is destroyed, at Lv1 it
    stays, a yellow one stays, and in the organ owner's own turn nothing happens; the refresh step's
    recovery is no effect. Castle Golem's summon mills nothing in a main step. BS 9-1-5-1, 5-14, 5-13, 9-2-1."""
    for tp, organ_cores, spirit, destroyed in (
        (1, 2, "BS14-033", True),
        (1, 0, "BS14-033", False),
        (1, 2, "BS14-047", False),
        (0, 2, "BS14-033", False),
    ):
        user = tp
        organ = dict(field=[("BS14-085", organ_cores), "BS14-028"])
        mine = dict(hand=["BS14-100"], field=[dict(id=spirit, exh=True)], reserve=5)
        if tp == 0:  # the organ's owner uses the magic in its own turn, against the other's spirit
            mine["field"] = [("BS14-085", organ_cores)] + mine["field"]
            organ = dict(field=["BS14-028"])
        s = rscene(tp=tp, **({"p0": organ, "p1": mine} if user == 1 else {"p0": mine, "p1": organ}))
        sp = find(s, user, spirit)
        use_magic(s, "BS14-100", flash=True)
        while s.dkind == D_TARGET:
            target(s, sp)
        order(s)
        assert (s.zone[sp] == Z_TRASH) == destroyed, (tp, organ_cores, spirit)
        assert destroyed or (s.zone[sp] == Z_FIELD and not s.exh[sp])
    # the refresh step recovers by a rule, not by an effect: the spirit stays
    s = rscene(step="start", tp=1, p0=dict(field=[("BS14-085", 2)]), p1=dict(field=[dict(id="BS14-033", exh=True)]))
    sp = find(s, 1, "BS14-033")
    while s.step != ST_MAIN:
        act(s, choices(s)[0])
    assert s.zone[sp] == Z_FIELD and not s.exh[sp]
    # 「メインステップでデッキは破棄されない」 for both players, the organ's owner's opponent included
    s = rscene(p0=dict(hand=["BS04-X16"], field=["BS03-116"], reserve=8), p1=dict(field=["BS14-085"], deck=20))
    play(s, "BS04-X16")
    assert s.trash[1] == [] and len(s.deck[1]) == 20


def test_64_pegasus_flap_ends_the_battle_without_comparing_bp():
    """64 ペガサスフラップ (BS13-082): フラッシュ「バトル解決時、BPを比べずにバトルを終了させる。その後、自分の
    スピリット1体を回復させる。」 Used after blocking a bigger attacker: nothing is destroyed and the blocker
    is recovered. BS 8-1-4, 8-1-5, 8-1-7, 5-14."""
    s = rscene(
        step="attack", tp=1, p0=dict(field=["BS14-024"], hand=["BS13-082"], reserve=4), p1=dict(field=["BS14-033"])
    )
    attack(s, find(s, 1, "BS14-033"))
    pass_flash(s)
    pig = find(s, 0, "BS14-024")
    act(s, field_slot(s, pig))
    assert s.dkind == D_FLASH and s.current_player() == 0 and s.exh[pig]
    play(s, "BS13-082")
    pass_flash(s)
    assert s.zone[pig] == Z_FIELD and s.zone[find(s, 1, "BS14-033")] == Z_FIELD
    assert not s.exh[pig] and s.life[0] == 5


def test_65_magical_light_adds_a_magic_among_the_top_four():
    """65 マジカルライト (BS14-108): メイン「自分のデッキを上から4枚オープンする。その中にマジックカードがあれば1枚
    手札に加える。残ったカードは破棄する。」 The opened cards are public: a magic among them must be added
    (no pass). BS 9-1-7-1-3, 4-2, 5-13, 9-3-2-1."""
    s = rscene(p0=dict(hand=["BS14-108"], deck=["T-F01", "BS14-028", "BS01-117", "T-F02", "BS14-024"], reserve=5))
    use_magic(s, "BS14-108")
    assert s.dkind == D_SEARCH and PASS not in s.legal
    act(s, choices(s)[0])  # the only magic is the only candidate
    assert ids(s, s.hand[0]) == ["BS01-117"]
    assert sorted(ids(s, s.trash[0])) == sorted(["BS14-024", "T-F02", "BS14-028", "BS14-108"])
    assert ids(s, s.deck[0]) == ["T-F01"]


# ==================================================================================== blue
def test_66_tindalo_hound_is_summoned_from_hand_when_you_deploy_a_nexus():
    """66 ティンダロ・ハウンド (BS14-060): 「手札にあるこのスピリットカードは、自分のネクサスを配置したとき、
    コストを支払わずに召喚できる。」; and its Lv2 recovery after a BP win against a cost-3 spirit.
    BS 5-12-2, 9-1-5-1, 5-8, 11-1-1-6, 8-1-6-2."""
    s = rscene(p0=dict(hand=["BS14-060", "BS03-116"], reserve=6))
    play(s, "BS03-116")
    while s.dkind == D_OPTIONAL:
        act(s, OPTION + 1)
    place(s)
    hound = find(s, 0, "BS14-060")
    assert s.zone[hound] == Z_FIELD and s.dkind == D_MAIN
    # Lv2『自分のアタックステップ』「自分のスピリットがBPを比べコスト3以下の相手のスピリットだけを破壊したとき、
    # このスピリットは回復する。」: against Tamamusshu (cost 3) it recovers, against Ruriruri (cost 4) not
    for loser, recovered in (("BS14-026", True), ("BS14-028", False)):
        s = rscene(
            step="attack", p0=dict(field=[dict(id="BS14-060", cores=3, exh=1), ("BS14-033", 3)]), p1=dict(field=[loser])
        )
        attack(s, find(s, 0, "BS14-033"))
        pass_flash(s)
        act(s, field_slot(s, find(s, 1, loser)))
        pass_flash(s)
        order(s)
        assert ids(s, s.trash[1]) == [loser] and (s.exh[find(s, 0, "BS14-060")] == 0) == recovered


def test_67_nyarla_trap_reorders_the_opponents_deck_and_stops_their_destroy_effects():
    """67 千貌の魔神ニャルラ・トラップ (BS14-X06): 『このスピリットの召喚時』「相手のデッキを上から5枚オープン
    できる。その中のカード1枚を相手のデッキの下に戻す。残ったカードは好きな順番で相手のデッキの上に戻す。」;
    「相手のスピリットすべての『このスピリットの破壊時』効果は発揮されない。」 BS 4-2, 9-2-3, 12-2-1-12."""
    top5 = ["BS14-028", "BS14-024", "BS01-117", "BS14-033", "BS14-018"]
    s = rscene(p0=dict(hand=["BS14-X06"], reserve=6), p1=dict(deck=["T-F01"] + top5))
    play(s, "BS14-X06")
    act(s, OPTION + 1)
    while s.dkind == D_SEARCH:
        act(s, choices(s)[-1])
    assert cid(s, s.deck[1][0]) in top5 and len(s.deck[1]) == 6
    assert sorted(ids(s, s.deck[1][2:])) == sorted(c for c in top5 if c != cid(s, s.deck[1][0]))
    # Both Hands (draw 2 when destroyed at Lv2) draws nothing under Nyarla Trap
    s = rscene(step="attack", tp=1, p0=dict(field=[("BS14-X06", 4)]), p1=dict(field=[("BS14-018", 3)], deck=5))
    attack(s, find(s, 1, "BS14-018"))
    pass_flash(s)
    act(s, field_slot(s, find(s, 0, "BS14-X06")))
    pass_flash(s)
    assert ids(s, s.trash[1]) == ["BS14-018"] and not s.hand[1]


def test_12_castle_golem_mills_per_own_nexus_and_per_own_blue_symbol():
    """12 機動要塞キャッスル・ゴレム (BS04-X16): Lv1・Lv2『このスピリットの召喚時』「自分のネクサス1つにつき、相手の
    デッキを上から5枚破棄する(上限15枚)。」Lv2『このスピリットのアタック時』「自分の青シンボル1つにつき、相手の
    デッキを上から1枚破棄する。」 With 英雄の喪失 (a blue nexus) on the field: 5 milled on summon; at Lv2 its
    attack mills 2 (its own symbol and the nexus's), not counting the opponent's blue spirit. BS 1-4-7, 2-10, 5-13."""
    s = rscene(p0=dict(hand=["BS04-X16"], field=["BS03-116"], reserve=8), p1=dict(deck=20))
    play(s, "BS04-X16")
    assert len(s.trash[1]) == 5
    s = rscene(step="attack", p0=dict(field=[("BS04-X16", 6), "BS03-116"]), p1=dict(field=["BS14-060"], deck=10))
    attack(s, find(s, 0, "BS04-X16"))
    assert len(s.deck[1]) == 8 and len(s.trash[1]) == 2


def test_72_exploding_undersea_volcano_takes_the_opponents_magic_reductions_and_trims_hands():
    """72 爆発する海底火山 (BS14-089): Lv2『相手のターン』「相手の手札にあるマジックカードすべての軽減シンボルすべてを
    無いものとして扱う。」 With two red symbols the opponent's Double Draw costs 4, not 2, in their turn; their
    spirit card keeps its reduction. Lv1『相手のエンドステップ』: the opponent with 6 cards discards down to 4.
    BS 2-3-3, 11-1-1-4, 9-1-5-1, 5-13-1."""
    for cores, dd in ((1, 4), (0, 2)):
        s = rscene(
            tp=1,
            p0=dict(field=[("BS14-089", cores)]),
            p1=dict(field=["BS01-014", "BS01-017"], hand=["BS01-117", "BS14-007"]),
        )
        kag = find(s, 1, "BS14-007", "hand")
        assert s.play_cost(1, find(s, 1, "BS01-117", "hand"), 0) == dd
        assert s.play_cost(1, kag, 0) == s.defs[s.cdef[kag]].cost - 2
    s = rscene(step="end", tp=1, p0=dict(field=["BS14-089"]), p1=dict(hand=["T-F01"] * 3 + ["T-F02"] * 3))
    while s.dkind == D_DISCARD:
        act(s, choices(s)[0])
    assert len(s.hand[1]) == 4 and len(s.trash[1]) == 2


def test_72_against_82_a_protected_hands_magic_costs_as_chosen_when_paid():
    """72 爆発する海底火山 (BS14-089) Lv2 against 82 五角形の砦 (BS14-082) 「自分の手札は相手の…ネクサス…の効果を
    受けない。」: the protected hand's Double Draw keeps its two reduction symbols, so it costs 2, and it still
    costs 2 while it is paid, once it has left the hand (BS 11-1-1-4, 11-1-1-5, 9-1-2-1). Found by random play:
    the cost used to be read again out of the hand, where the fort's protection no longer counted: 4 cores
    were asked (the spirits' cores, or, with no cores left, a decision with no legal action)."""
    s = rscene(
        tp=1,
        p0=dict(field=[("BS14-089", 1)]),
        p1=dict(field=["BS01-014", "BS01-017", "BS14-082"], hand=["BS01-117"], reserve=2),
    )
    assert s.play_cost(1, find(s, 1, "BS01-117", "hand"), 0) == 2
    cores = s.total_cores(1)
    magic = play(s, "BS01-117")
    assert s.total_cores(1) == cores - 2 and s.reserve[1] == 0 and s.zone[magic] != Z_HAND
    assert ids(s, s.field[1]) == ["BS01-014", "BS01-017", "BS14-082"]  # their cores were not needed
    while s.dkind != D_MAIN:
        assert choices(s), s.decision_name()
        act(s, choices(s)[0])
    assert magic in s.trash[1] and len(s.hand[1]) == 2


def test_16_lollipop_highlands_gives_magics_a_yellow_reduction_and_draws_when_not_attacked():
    """16 風吹くロリポップ高地 (BS15-070): Lv1・Lv2『自分のアタックステップ』「相手のフィールドのスピリット/ネクサスの
    色が2色以上の間、自分の手札にあるマジックカードすべてに軽減シンボル[黄]を与える。」 With the nexus's yellow symbol,
    your Double Draw (red) costs 1 less in your attack step against a red and a green spirit; not in the main step,
    not against one colour, and a spirit card gets nothing. Lv2『相手のアタックステップ』「ステップ終了時、このターン
    相手が1回もアタックしてこなかったら、自分はデッキから1枚ドローする。」 BS 2-3-3, 11-1-1-4, 7-7-3-2."""

    def cost(step, opp, card="BS01-117"):
        s = rscene(step=step, p0=dict(field=["BS15-070"], hand=["BS01-117", "BS14-024"]), p1=dict(field=opp))
        return s.play_cost(0, find(s, 0, card, "hand"), 0)

    two = ["BS01-014", "BS14-028"]  # red and green
    base = cost("main", two)
    assert cost("attack", two) == base - 1
    assert cost("attack", ["BS01-014", "BS01-017"]) == base  # red only
    assert cost("attack", two, "BS14-024") == cost("main", two, "BS14-024")
    # Lv2, the opponent's attack step ends: no attack this turn draws 1, an attack does not
    for attack_first, drawn in ((False, 1), (True, 0)):
        s = rscene(step="attack", tp=1, p0=dict(field=[("BS15-070", 1)], deck=3), p1=dict(field=["BS14-045"]))
        if attack_first:
            attack(s, find(s, 1, "BS14-045"))
            while s.dkind != D_ATTACK:
                act(s, PASS if PASS in s.legal else choices(s)[0])
        act(s, PASS)
        order(s)
        assert len(s.hand[0]) == drawn and s.step == ST_MAIN2


def test_17_royal_succession_lottery_replaces_the_draw_step_draw_with_a_mill():
    """17 王位継承籤 (RC-17): Lv1『自分のドローステップ』「ドローするかわりに、自分のデッキを上から1枚破棄できる。
    破棄したカードが系統:「戦姫」を持つスピリットカードのとき、自分はデッキから2枚ドローする。破棄したカードがマジック
    カードのとき、ボイドからコア2個を系統:「戦姫」を持つ自分のスピリットに置く。それ以外のとき、破棄したカードを
    手札にする。」 A 戦姫 spirit milled draws 2, a magic puts 2 cores on your 戦姫 spirit, another card goes to the
    hand; declined, the draw step draws as usual. BS 7-4-2, 9-1-8-1, 5-13, 9-3-2. (T-F15: a test filler of the
    family 戦姫.)"""
    for top, yes, hand, trash in (
        ("T-F15", True, ["T-F02", "T-F03"], ["T-F15"]),
        ("BS01-117", True, [], ["BS01-117"]),
        ("BS14-024", True, ["BS14-024"], []),
        ("BS14-024", False, ["BS14-024"], []),
    ):
        s = rscene(step="draw", p0=dict(field=["RC-17", "T-F15"], deck=["T-F01", "T-F02", "T-F03", top]))
        sengi = find(s, 0, "T-F15")
        assert s.dkind == D_OPTIONAL and s.current_player() == 0
        act(s, OPTION + int(yes))
        while s.dkind in (D_ORDER, D_TARGET):
            act(s, choices(s)[0])
        assert sorted(ids(s, s.hand[0])) == sorted(hand), top
        assert ids(s, s.trash[0]) == trash, top
        assert s.ncores(sengi) == (3 if top == "BS01-117" else 1)


def test_18_virtuous_island_takes_a_core_when_an_effect_discards_your_hand_and_levels_up_spirits():
    """18 No.36 バーチャスアイランド (RC-18): Lv1・Lv2「お互いの効果によって自分の手札が破棄されたとき、ボイドから
    コア1個をこのネクサスに置く。この効果はターンに1回しか使えない。」 The opposing 爆発する海底火山 makes you discard
    two at its end step: one event, one core. Lv2『お互いのアタックステップ』「このネクサスに[ソウルコア]が置かれている
    間、自分のスピリット/アルティメットすべてをそのスピリット/アルティメットが持つ最高Lvとして扱う。」
    BS 5-13, 9-1-5-4, 12-3-1, 2-8-2."""
    s = rscene(
        step="end", tp=1, p0=dict(field=["BS14-089"]), p1=dict(field=["RC-18"], hand=["T-F01"] * 3 + ["T-F02"] * 3)
    )
    isle = find(s, 1, "RC-18")
    while s.dkind in (D_DISCARD, D_ORDER):
        act(s, choices(s)[0])
    assert len(s.hand[1]) == 4 and s.ncores(isle) == 1
    for step, soul, lv in (("attack", True, 3), ("main", True, 1), ("attack", False, 1)):
        s = rscene(step=step, p0=dict(field=[dict(id="RC-18", cores=2 if soul else 3, soul=soul), "BS14-045"]))
        assert s.level(find(s, 0, "RC-18")) == 2
        assert s.level(find(s, 0, "BS14-045")) == lv, (step, soul)


def test_71_loss_of_a_hero_mills_the_opponent_per_card_added_in_their_main_step():
    """71 英雄の喪失 (BS03-116): Lv1・Lv2『相手のメインステップ』「相手の手札にカードが加えられたとき、相手の
    デッキを上から、そのカード1枚につき1枚破棄する。」 The opponent's Double Draw adds 2: 2 milled.
    BS 9-1-5-1, 9-1-5-4, 5-13."""
    s = rscene(tp=1, p0=dict(field=["BS03-116"]), p1=dict(hand=["BS01-117"], deck=10, reserve=5))
    use_magic(s, "BS01-117")
    assert len(s.hand[1]) == 2 and len(s.deck[1]) == 6 and len(s.trash[1]) == 2 + 1  # 2 milled, the magic


def test_73_execution_destroy_makes_the_opponent_destroy_by_the_milled_cards_type():
    """73 エクスキューションデストロイ (BS14-111): メイン「相手のデッキを上から1枚破棄する。破棄したカードがスピリット
    カード/ブレイヴカードのとき、相手は、相手のスピリット1体を破壊する。破棄したカードがネクサスカード/マジックカード
    のとき、相手は、相手のネクサス1つを破壊する。」 A spirit card milled: the opponent chooses which of its
    spirits dies; a magic card milled: its nexus. BS 5-13, 9-3-2."""
    s = rscene(
        p0=dict(hand=["BS14-111"], reserve=5),
        p1=dict(field=["BS14-028", "BS14-026", "BS03-116"], deck=["T-F01", "BS14-024"]),
    )
    ruri, tama, nexus = s.field[1]
    use_magic(s, "BS14-111")
    assert s.dkind == D_TARGET and s.dplayer == 1 and choices(s) == sorted(field_slot(s, i) for i in (ruri, tama))
    act(s, field_slot(s, tama))
    assert s.dkind == D_MAIN and s.dplayer == 0
    assert ids(s, s.trash[1]) == ["BS14-024", "BS14-026"] and s.zone[ruri] == Z_FIELD and s.zone[nexus] == Z_FIELD
    s = rscene(
        p0=dict(hand=["BS14-111"], reserve=5), p1=dict(field=["BS14-028", "BS03-116"], deck=["T-F01", "BS01-117"])
    )
    ruri, nexus = s.field[1]
    use_magic(s, "BS14-111")
    assert s.dkind == D_MAIN and s.zone[nexus] == Z_TRASH and s.zone[ruri] == Z_FIELD


def test_68_five_saints_child_mills_five_and_takes_a_life_per_spirit_card_among_them():
    """68 五聖童子 (RC-68): 「このスピリットに[ソウルコア]が置かれている間、このスピリットが相手の効果で破壊された
    とき、相手のデッキを上から5枚破棄する。その中のスピリットカード1枚につき、相手のライフのコア1個を相手の
    リザーブに置く。」 Destroyed by the opposing Dark Witch's attack effect with the soul core on it: four of
    the five milled are spirit cards (the filler too), 4 life; without the soul core nothing.
    「『このスピリットの召喚時』効果を持つお互いのスピリットすべての効果は発揮しない。」: an own Doraguno's summon
    effect does nothing. BS 9-1-5, 9-3-2, 1-4-7, 9-2-3."""
    for soul, life in ((True, 1), (False, 5)):
        s = rscene(
            step="attack",
            tp=1,
            p0=dict(field=[dict(id="RC-68", soul=soul, cores=1, exh=1)]),
            p1=dict(field=[("BS01-040", 3)], deck=["T-F01", "BS01-117", "BS14-028", "BS14-024", "T-F02", "BS14-060"]),
        )
        attack(s, find(s, 1, "BS01-040"))
        target(s, find(s, 0, "RC-68"))
        assert s.dkind == D_FLASH and s.life[1] == life and len(s.trash[1]) == (5 if soul else 0)
    s = rscene(p0=dict(field=["RC-68"], hand=["BS01-014"], trash=["BS01-017"], reserve=8))
    play(s, "BS01-014")
    assert s.dkind == D_MAIN and ids(s, s.trash[0]) == ["BS01-017"] and not s.hand[0]


def test_62_roulette_of_fate_opens_a_card_when_your_life_decreases():
    """62 運命のルーレット (BS14-086): 「自分のライフが減ったとき、自分のデッキを上から1枚オープンできる。それが黄の
    マジックカードのとき、自分のスピリット1体を回復させる。オープンしたカードは手札に加える。」 A yellow magic
    opened recovers the exhausted spirit; a spirit card does not; the card goes to the hand either way.
    BS 8-1-5-1, 4-2, 9-3-2."""
    for top, recovered in (("BS13-082", True), ("BS14-028", False)):
        s = rscene(
            step="attack",
            tp=1,
            p0=dict(field=["BS14-086", dict(id="BS14-026", exh=1)], deck=["T-F01", top]),
            p1=dict(field=["BS14-028"]),
        )
        opened = s.deck[0][-1]
        attack(s, find(s, 1, "BS14-028"))
        pass_flash(s)  # no block: the own spirit is exhausted
        assert s.life[0] == 4 and s.dkind == D_OPTIONAL and s.dplayer == 0
        act(s, OPTION + 1)
        assert s.hand[0] == [opened] and (s.exh[find(s, 0, "BS14-026")] == 0) == recovered


# ==================================================================================== the status table
STATUSES = ("exact", "approximate", "out of scope", "missing")


def _table() -> dict[int, dict]:
    rows: dict[int, dict] = {}
    for line in (REAL / "README.md").read_text(encoding="utf-8").splitlines():
        m = re.match(r"^\| (\d+) \| (.+?) \| (.+?) \| (.+?) \| (\w+\.yaml) \| (.+?) \|", line)
        if m:
            n = int(m.group(1))
            assert n not in rows, f"card {n} is listed twice in the status table"
            rows[n] = {"name": m.group(2), "id": m.group(3), "file": m.group(5), "status": m.group(6)}
    return rows


def test_status_table_matches_the_card_files():
    """Every card 1-73 is in the status table once, with one of the four statuses and the
    right totals; exactly the exact / approximate cards are entries of the card files (the
    file the table names, with the table's id and name) and each has a scenario test here;
    every card's comment block is in its file once; the scenario deck holds every entry."""
    rows = _table()
    assert sorted(rows) == list(range(1, 74))
    pool = load_pool(list(REAL_CARD_FILES))
    played = {r["id"] for r in rows.values() if r["status"] in ("exact", "approximate")}
    assert {c.id for c in pool.cards} == played
    tests = {int(m.group(1)) for m in (re.match(r"test_(\d+)_", k) for k in globals()) if m}
    counts = dict.fromkeys(STATUSES, 0)
    for n, r in rows.items():
        assert r["status"] in STATUSES, (n, r["status"])
        counts[r["status"]] += 1
        text = (REAL / r["file"]).read_text(encoding="utf-8")
        assert len(re.findall(rf"^# ---- {n}\. ", text, re.M)) == 1, f"card {n}'s comment block in {r['file']}"
        if r["status"] in ("exact", "approximate"):
            d = pool.get(r["id"])
            assert Path(d.file).name == r["file"] and d.name == r["name"], n
            assert n in tests, f"card {n} ({r['status']}) has no scenario test"
    ins = 73 - counts["out of scope"]
    totals = (
        f"**Totals** (73 cards): exact {counts['exact']}, approximate {counts['approximate']}, "
        f"out of scope {counts['out of scope']}, missing {counts['missing']}. In scope {ins}: "
        f"exact {counts['exact']}/{ins} = {100.0 * counts['exact'] / ins:.1f}%."
    )
    assert totals in (REAL / "README.md").read_text(encoding="utf-8")
    deck = load_yaml(Path(REAL_DECK))["cards"]
    assert {c.id for c in pool.cards} <= set(deck)


# ==================================================================================== decks of real cards
DEALS = 30  # per ordered deck pairing, each deal played from both seats


@pytest.mark.slow  # 1,500 games of the heuristic against random
def test_real_card_decks_are_legal_and_the_heuristic_beats_random():
    """At least two decks of real cards only (``real_cards/decks``), legal in the Eternal format
    (BS 6-1-1: 40 cards or more, at most 3 of a name; no block icon, BS 1-1-1): the heuristic
    agent beats the random agent in at least 90% of paired games (each deal from both seats,
    every ordered pairing of the decks), and the 95% Wilson lower bound is above 90% too."""
    decks = sorted(str(p) for p in (REAL / "decks").glob("*.yaml"))
    assert len(decks) >= 2
    pool_ids = {c.id for c in load_pool(list(REAL_CARD_FILES)).cards}
    for d in decks:
        assert set(load_yaml(Path(d))["cards"]) <= pool_ids, d
    heuristic, rand = make_agent("heuristic", "battle_spirits"), make_agent("random", "battle_spirits")
    score = games = 0.0
    for k, (a, b) in enumerate(itertools.product(decks, decks)):
        g = Game(decks=[a, b], builtin_cards=False, cards=list(REAL_CARD_FILES), format="eternal")
        assert all(len(ids) >= 40 for ids in g.decks)
        for deal in range(DEALS):
            seed = 10_000 * k + deal
            for seat in (0, 1):
                state = g.new_initial_state(seed)
                heuristic.reset(seed)
                rand.reset(seed + 1)
                while not state.is_terminal():
                    p = state.current_player()
                    state.apply_action((heuristic if p == seat else rand).act(state, p))
                score += (state.returns()[seat] + 1) / 2
                games += 1
    lo, _ = wilson(score, int(games))
    assert score / games >= 0.9 and lo >= 0.9, f"heuristic scored {score}/{games:.0f} (Wilson low {lo:.3f})"
