"""Battle Spirits card language v2 (issue 10): the missing words of the real-card pool, part A.

The cards an action moved (words ``moved``: a condition and a value over the cards the previous
moving action of the effect milled, opened or returned), the verb ``open``, a target the opponent
chooses (``chooser: opp``). Test cards: ``data/v2_events.yaml`` (T2-G*), each modelled on a real
card of ``tests/battle_spirits/real_cards``.
"""

from __future__ import annotations

import pytest
from bs_scenario import (
    D_MAIN,
    D_SEARCH,
    D_TARGET,
    FIELD,
    PASS,
    Z_FIELD,
    Z_HAND,
    Z_TRASH,
    act,
    attack,
    decide,
    field_slot,
    ids,
    pass_flash,
    play,
    scene,
)
from tcgzoo.envs.battle_spirits.cards import load_pool
from tcgzoo.envs.battle_spirits.layout import CONCEDE
from tcgzoo.envs.core.errors import CardFileError


# ================================================================== the cards an action moved
@pytest.mark.parametrize(
    "top, spirit_dies, nexus_dies",
    [
        ("T-S1", True, False),  # a spirit card milled: a spirit is destroyed
        ("T-N2", False, True),  # a nexus card: a nexus
        ("T2-E4", False, True),  # a magic card: a nexus
    ],
)
def test_condition_on_the_milled_card(top, spirit_dies, nexus_dies):
    """BS 9-3-2, 5-13 (card 73 エクスキューションデストロイ): 「相手のデッキを上から1枚破棄する。
    破棄したカードがスピリットカードのとき、…」: the condition reads the card the mill moved, its
    printed type, now in the trash."""
    s = scene(p0=dict(hand=["T2-G1"]), p1=dict(field=["T-S5", "T-N2"], deck=["T-S2", top]))
    spirit, nexus = s.field[1]
    play(s, "T2-G1")
    if s.dkind == D_TARGET:
        act(s, s.legal[0])
    assert s.dkind == D_MAIN
    assert ids(s, s.trash[1][:1]) == [top]
    assert (s.zone[spirit] == Z_TRASH) == spirit_dies
    assert (s.zone[nexus] == Z_TRASH) == nexus_dies


def test_nothing_milled_meets_no_condition():
    """BS 1-4-2, 9-3-2: from an empty deck nothing is milled, so 「破棄したカードが…のとき」 is met
    by no card and neither destruction happens."""
    s = scene(p0=dict(hand=["T2-G1"]), p1=dict(field=["T-S5", "T-N2"], deck=[]))
    play(s, "T2-G1")
    assert s.dkind == D_MAIN and len(s.field[1]) == 2


def test_count_of_the_milled_spirit_cards():
    """BS 1-4-7, 9-3-2 (card 68 五聖童子): 「相手のデッキを上から5枚破棄する。その中のスピリットカード
    1枚につき、相手のライフのコア1個を相手のリザーブに置く」: three of the five are spirit cards."""
    s = scene(p0=dict(hand=["T2-G2"]), p1=dict(deck=["T-S1", "T-S1", "T-S5", "T2-E4", "T-N2", "T-S2"], life=5))
    play(s, "T2-G2")
    assert s.dkind == D_MAIN
    assert len(s.trash[1]) == 5 and ids(s, s.deck[1]) == ["T-S1"]
    assert s.life[1] == 2


@pytest.mark.parametrize("top, recovered", [("T2-G4", True), ("T2-E4", False), ("T-S1", False)])
def test_open_then_condition_on_the_opened_card(top, recovered):
    """BS 4-2, 9-3-2-2, 9-3-2 (card 62 運命のルーレット): 「自分のデッキを上から1枚オープンできる。
    それが黄のマジックカードのとき、自分のスピリット1体を回復させる。オープンしたカードは手札に加える」:
    a yellow magic card recovers the spirit (a red magic or a spirit does not); the card goes to the
    hand either way."""
    s = scene(p0=dict(hand=["T2-G3"], field=[dict(id="T-S5", exh=1)], deck=["T-S2", top]))
    spirit = s.field[0][0]
    opened = s.deck[0][-1]
    play(s, "T2-G3")
    decide(s, True)
    assert s.dkind == D_MAIN
    assert s.zone[opened] == Z_HAND and s.known[opened]
    assert (s.exh[spirit] == 0) == recovered


def test_open_may_be_declined():
    """BS 9-1-2 (「オープンできる」): declined, nothing is opened, so no card is 'it'."""
    s = scene(p0=dict(hand=["T2-G3"], field=[dict(id="T-S5", exh=1)], deck=["T-S2", "T2-G4"]))
    top = s.deck[0][-1]
    play(s, "T2-G3")
    decide(s, False)
    assert s.dkind == D_MAIN and s.deck[0][-1] == top and s.exh[s.field[0][0]] == 1


def test_open_back_on_top_keeps_the_order():
    """BS 4-2, 4-1-5 (card 62 Lv2): 「自分のデッキを上から3枚オープンできる。オープンしたカードは
    デッキの上に戻す」: the deck is as it was."""
    s = scene(p0=dict(hand=["T2-G7"], deck=["T-S1", "T-S2", "T-S5", "T2-G4"]))
    before = list(s.deck[0])
    play(s, "T2-G7")
    assert s.dkind == D_MAIN and s.deck[0] == before


# ================================================================== the opponent chooses
def test_the_opponent_chooses_which_of_its_spirits_is_destroyed():
    """BS 9-3-2 (card 73): 「相手は、相手のスピリット1体を破壊する」: the opponent makes the choice
    among its own spirits (its own field's action ids), and the one it chose is destroyed."""
    s = scene(p0=dict(hand=["T2-G1"], field=["T-S1"]), p1=dict(field=["T-S5", "T-S2"], deck=["T-S2", "T-S1"]))
    small, big = s.field[1]
    play(s, "T2-G1")
    assert s.dkind == D_TARGET and s.dplayer == 1
    assert sorted(a for a in s.legal if a != CONCEDE) == [FIELD + 0, FIELD + 1]
    act(s, field_slot(s, big))
    assert s.dkind == D_MAIN and s.dplayer == 0
    assert s.zone[big] == Z_TRASH and s.zone[small] == Z_FIELD and s.zone[s.field[0][0]] == Z_FIELD


def test_returned_card_condition_and_the_opponents_choice():
    """BS 9-3-2, 4-4 (card 8 神霊王アメホシノミコト): 「自分のトラッシュにある紫のカード1枚を手札に戻す。
    系統:「主君」/「家臣」を持つスピリットカードを戻したとき、相手のスピリット1体を相手が破壊する」:
    a 家臣 spirit card returned makes the opponent destroy one of its spirits; another purple card
    does not."""
    s = scene(p0=dict(hand=["T2-G5"], trash=["T2-G6"]), p1=dict(field=["T-S5"]))
    opp = s.field[1][0]
    play(s, "T2-G5")
    assert s.dkind == D_MAIN and ids(s, s.hand[0]) == ["T2-G6"] and s.zone[opp] == Z_TRASH
    s = scene(p0=dict(hand=["T2-G5"], trash=["T-S5"]), p1=dict(field=["T-S5"]))
    play(s, "T2-G5")
    assert s.dkind == D_MAIN and ids(s, s.hand[0]) == ["T-S5"] and s.field[1]


@pytest.mark.parametrize(
    "tgt",
    [
        {"side": "opp", "count": "all", "chooser": "opp"},
        {"what": "card", "side": "own", "zone": "trash", "chooser": "opp"},
        {"side": "opp", "chooser": "both"},
    ],
)
def test_chooser_opp_is_checked(tmp_path, tgt):
    """BS 9-3-2: the opponent chooses among field cards, a number of them; 'all' has no choice."""
    import yaml

    f = tmp_path / "cards.yaml"
    f.write_text(
        yaml.safe_dump(
            {
                "cards": [
                    {
                        "id": "X-1",
                        "name": "X",
                        "type": "magic",
                        "colors": ["blue"],
                        "cost": 0,
                        "magic": {"flash": [{"do": "destroy", "target": tgt}]},
                    }
                ]
            },
            allow_unicode=True,
        )
    )
    with pytest.raises(CardFileError) as err:
        load_pool([f])
    assert "chooser" in str(err.value)


# ================================================================== a search that must add
def test_search_must_add_a_matching_opened_card():
    """BS 9-3-2-1, 9-3-2-2 (card 65 マジカルライト): 「その中にマジックカードがあれば1枚手札に加える」: the
    opened cards are public, so a matching card must be added (no pass is offered); without one,
    nothing is asked and all go to the trash."""
    s = scene(p0=dict(hand=["T2-G8"], deck=["T-S2", "T2-E4", "T-S1", "T2-G4", "T-S5"]))
    play(s, "T2-G8")
    assert s.dkind == D_SEARCH and PASS not in s.legal and len([a for a in s.legal if a != CONCEDE]) == 2
    act(s, [a for a in s.legal if a != CONCEDE][0])
    assert s.dkind == D_MAIN and sorted(ids(s, s.hand[0])) in (["T2-E4"], ["T2-G4"])
    assert len(s.trash[0]) == 4 and ids(s, s.deck[0]) == ["T-S2"]
    s = scene(p0=dict(hand=["T2-G8"], deck=["T-S2", "T-S1", "T-S1", "T-S5", "T-S5"]))
    play(s, "T2-G8")
    assert s.dkind == D_MAIN and not s.hand[0] and len(s.trash[0]) == 5


# ================================================================== a filter naming a card of the event
def test_other_than_the_blocker():
    """BS 9-3-2, 8-1-3 (card 51 甲精ディース): 「相手がブロックを宣言したとき、ブロックするスピリット以外の
    スピリット1体を疲労させる」: the blocker is no candidate; an already exhausted spirit is (the text names
    no state), so with the blocker and one other opposing spirit the choice is between the other one and
    the attacker itself."""
    s = scene(step="attack", p0=dict(field=["T2-G9"]), p1=dict(field=["T-S5", dict(id="T-S2", exh=1)]))
    me = s.field[0][0]
    small, tired = s.field[1]
    attack(s, me)
    pass_flash(s)
    act(s, field_slot(s, small))  # the block
    assert s.dkind == D_TARGET and s.dplayer == 0
    assert sorted(a for a in s.legal if a != CONCEDE) == sorted([field_slot(s, me), field_slot(s, tired)])
