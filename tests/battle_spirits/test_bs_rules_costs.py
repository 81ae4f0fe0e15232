"""Battle Spirits rules: costs and reduction (2-2, 2-3, 11-1..11-3), placing cores on a
new card, levels (2-8, 3-2-5, 3-3-3), and the common effects 《真界放》, 《ソウルマジック》
and 《継召》 (12-2-1)."""

from __future__ import annotations

import pytest
from bs_scenario import (
    D_KEISHO,
    D_MAIN,
    D_PAY,
    D_PLACE,
    D_TARGET,
    FIELD,
    MOVE_CORE,
    OPTION,
    PASS,
    RESERVE,
    RESERVE_SOUL,
    S_RESERVE,
    S_TRASH,
    TRASH,
    Z_FIELD,
    Z_LIMBO,
    Z_REMOVED,
    Z_TRASH,
    act,
    attack,
    cid,
    find,
    hand_slot,
    pay,
    play,
    scene,
)


def _paid(s, card_id, **kw):
    """Play card_id and return how many cores its cost took."""
    before = s.tcores[0] + (s.soul[0] == S_TRASH)
    play(s, card_id, **kw)
    return s.tcores[0] + (s.soul[0] == S_TRASH) - before


@pytest.mark.parametrize(
    "field, cost",
    [
        ([], 3),  # no red symbol
        (["T-S1"], 2),  # one red symbol
        (["T-S4"], 1),  # Twin Dragon: two red symbols (BS 2-10-3)
        (["T-S4", "T-S1"], 1),  # three symbols, but only two reduction symbols
        (["T-S3"], 3),  # a blue symbol does not reduce a red cost (BS 2-10-2)
        (["T-S5"], 3),  # Blank Imp has no symbol (BS 2-10-3)
        (["T-S6"], 3),  # a blue/red card's default symbol is its first colour (blue)
    ],
)
def test_reduction_by_own_field_symbols(field, cost):
    """BS 2-2-2, BS 2-3-3, BS 11-1-1-2, BS 11-1-1-3, BS 11-1-1-4-1, BS 11-1-1-5: Red Wolf
    (cost 3, two red reduction symbols) costs 3 minus the matching own field symbols, at
    most 2 less; exactly that many cores are paid, never more."""
    s = scene(p0=dict(hand=["T-S2"], field=field, reserve=5))
    assert _paid(s, "T-S2") == cost
    i = find(s, 0, "T-S2")
    assert s.zone[i] == Z_FIELD and s.cores[i] == 1 and s.reserve[0] == 5 - cost - 1


def test_opponents_symbols_do_not_reduce():
    """BS 2-3-3: only symbols on your own field reduce costs."""
    s = scene(p0=dict(hand=["T-S2"], reserve=5), p1=dict(field=["T-S4"]))
    assert _paid(s, "T-S2") == 3


def test_unaffordable_cards_are_not_offered():
    """BS 11-1-1-5, BS 1-4-2: a card whose cost plus Lv1 cores exceeds the player's cores
    cannot be played."""
    s = scene(p0=dict(hand=["T-S2", "T-M31"], reserve=2, soul="trash"))
    assert hand_slot(s, find(s, 0, "T-S2", "hand")) not in s.legal
    assert hand_slot(s, find(s, 0, "T-M31", "hand")) not in s.legal
    s = scene(p0=dict(hand=["T-S2", "T-M31"], reserve=2))  # the soul core counts as a core
    assert hand_slot(s, find(s, 0, "T-S2", "hand")) not in s.legal  # 3 + 1 core to place
    assert hand_slot(s, find(s, 0, "T-M31", "hand")) in s.legal


def test_cost_can_be_paid_from_field_cards_and_the_soul_core():
    """BS 11-1-1-5, BS 11-3-1-5: the cost comes from the reserve or own field cards; the
    soul core may pay too and goes to the trash."""
    s = scene(p0=dict(hand=["T-M31"], field=[("T-S1", 3)], reserve=0))
    a = find(s, 0, "T-S1")
    act(s, hand_slot(s, find(s, 0, "T-M31", "hand")))
    assert s.dkind == D_PAY and RESERVE_SOUL in s.legal and FIELD + 0 in s.legal and RESERVE not in s.legal
    pay(s, [FIELD + 0, FIELD + 0, RESERVE_SOUL])
    assert s.cores[a] == 1 and s.tcores[0] == 2 and s.soul[0] == S_TRASH


def test_cost_changing_effect_applies_before_reduction():
    """BS 11-1-1-2-1, BS 11-3-1-2: Discount Shrine makes own hand cards cost 1 less."""
    s = scene(p0=dict(hand=["T-M31"], field=["T-C7"], reserve=3))
    assert _paid(s, "T-M31") == 2


def test_summon_places_at_least_the_lv1_cost():
    """BS 11-1-1-6, BS 3-2-1, BS 4-5-3: Heavy Wisp (Lv1 cost 2) needs two cores before it
    can stop placing; more may be placed, and it enters recovered."""
    s = scene(p0=dict(hand=["T-S7"], reserve=5))
    act(s, hand_slot(s, find(s, 0, "T-S7", "hand")))
    assert s.dkind == D_PLACE and PASS not in s.legal
    act(s, RESERVE)
    assert PASS not in s.legal
    act(s, RESERVE)
    assert PASS in s.legal
    act(s, RESERVE)
    act(s, RESERVE)
    act(s, PASS)
    w = find(s, 0, "T-S7")
    assert s.cores[w] == 4 and s.level(w) == 2 and s.bp(w) == 4000 and s.exh[w] == 0


def test_summon_places_cores_from_field_cards_too():
    """BS 11-1-1-6: the placed cores may come from other own field cards; one that drops
    below its Lv1 cost vanishes (BS 5-11-1)."""
    s = scene(p0=dict(hand=["T-S4"], field=[("T-S1", 1)], reserve=0))
    a = find(s, 0, "T-S1")
    act(s, hand_slot(s, find(s, 0, "T-S4", "hand")))
    assert s.dkind == D_PLACE and s.legal[0] == FIELD + 0
    act(s, FIELD + 0)
    act(s, PASS)
    assert s.zone[a] == Z_TRASH and s.cores[find(s, 0, "T-S4")] == 1


def test_nexus_deploy_with_zero_cores_and_it_stays():
    """BS 3-3-1, BS 11-2-1-1, BS 11-2-1-2, BS 11-2-1-3, BS 11-2-1-4-1, BS 11-2-1-5, BS 11-2-1-6,
    BS 3-3-3-3, BS 5-9-1: Red Fort (cost 2, red reduction 1) costs 1 with a red symbol; its
    Lv1 cost is 0, so no core need be placed and it never vanishes for lack of cores."""
    s = scene(p0=dict(hand=["T-N1"], field=["T-S1"], reserve=1))
    act(s, hand_slot(s, find(s, 0, "T-N1", "hand")))
    pay(s)
    assert s.dkind == D_PLACE and PASS in s.legal
    act(s, PASS)
    n = find(s, 0, "T-N1")
    assert s.cores[n] == 0 and s.level(n) == 1 and s.zone[n] == Z_FIELD and s.dkind == D_MAIN


def test_nexus_level_two_and_level_effect():
    """BS 3-3-3, BS 3-3-3-1, BS 3-3-3-2, BS 2-8-2: Red Fort with 2 cores is Lv2 and gives own
    spirits +2000; moving a core off drops it to Lv1 and the bonus ends."""
    s = scene(p0=dict(field=[("T-N1", 2), "T-S1"], reserve=0))
    n, a = find(s, 0, "T-N1"), find(s, 0, "T-S1")
    assert s.level(n) == 2 and s.bp(a) == 3000
    act(s, MOVE_CORE)
    act(s, FIELD + s.field[0].index(n))
    act(s, RESERVE)
    assert s.level(n) == 1 and s.bp(a) == 1000 and s.zone[n] == Z_FIELD


@pytest.mark.parametrize(
    "cores, lv, bp", [(1, 1, 1000), (2, 1, 1000), (3, 2, 3000), (4, 2, 3000), (5, 3, 6000), (9, 3, 6000)]
)
def test_level_is_the_highest_whose_cost_is_met(cores, lv, bp):
    """BS 2-8-3, BS 2-8-4, BS 3-2-5, BS 3-2-5-2, BS 3-2-5-3, BS 2-9-2, BS 3-2-5-1: Red Pup
    (Lv costs 1/3/5, BP 1000/3000/6000)."""
    s = scene(p0=dict(field=[("T-S1", cores)]))
    a = find(s, 0, "T-S1")
    assert s.level(a) == lv and s.bp(a) == bp


def test_soul_core_counts_as_a_core_for_levels():
    """BS 5-7-3, BS 2-8-3: the soul core on a card counts towards its level."""
    s = scene(p0=dict(field=[dict(id="T-S1", cores=2, soul=True)]))
    a = find(s, 0, "T-S1")
    assert s.ncores(a) == 3 and s.level(a) == 2


def test_magic_use_pays_and_goes_to_the_trash_after_resolving():
    """BS 3-4-1, BS 3-4-3, BS 11-3-1-1, BS 11-3-1-2, BS 11-3-1-3, BS 11-3-1-4-1, BS 11-3-1-5,
    BS 11-3-1-6, BS 4-4-1: Up To (a magic) is in no zone while its effect chooses targets,
    and in the trash afterwards; Double Draw costs 2 minus one red symbol."""
    s = scene(p0=dict(hand=["T-M14", "T-M1"], field=["T-S1"], reserve=3), p1=dict(field=["T-S1"]))
    m = find(s, 0, "T-M14", "hand")
    act(s, hand_slot(s, m))
    assert s.dkind == D_TARGET and s.zone[m] == Z_LIMBO
    assert m not in s.hand[0] and m not in s.trash[0]
    act(s, PASS)
    assert s.zone[m] == Z_TRASH and m in s.trash[0]
    assert _paid(s, "T-M1") == 1


def test_paying_a_magic_from_a_spirit_depletes_it_and_it_reaches_the_trash():
    """BS 5-11-1, BS 10-2-2-1, BS 10-2-2-5, BS 3-2-5-4: paying Red Tithe with Ghost's only
    core depletes Ghost: its leaving trigger resolves and it ends in the trash (not
    stuck in the waiting state) with no core on it."""
    s = scene(p0=dict(hand=["T-M31"], field=[("T-T11", 1)], reserve=2, deck=5))
    g = find(s, 0, "T-T11")
    act(s, hand_slot(s, find(s, 0, "T-M31", "hand")))
    pay(s, [FIELD + 0, RESERVE, RESERVE])
    assert s.dkind == D_MAIN
    assert s.zone[g] == Z_TRASH and g in s.trash[0] and not s.waiting
    assert len(s.hand[0]) == 2  # Red Tithe's draw and Ghost's leaving-field draw


# ---------------------------------------------------------------------------- 12-2-1 common effects
def test_keisho_excludes_ex_cards_to_fill_reduction_symbols():
    """BS 12-2-1-3-1, BS 12-2-1-3-2, BS 11-1-1-4, BS 12-2-1: Heir Dragon (cost 5, two red
    reduction symbols): only EX-symbol cards in the trash are offered; each excluded one
    fills a reduction symbol, together with field symbols, before paying."""
    s = scene(p0=dict(hand=["T-K6"], trash=["T-K5", "T-S1", "T-K5"], field=["T-S1"], reserve=5))
    ex = [i for i in s.trash[0] if cid(s, i) == "T-K5"]
    act(s, hand_slot(s, find(s, 0, "T-K6", "hand")))
    assert s.dkind == D_KEISHO
    assert sorted(s.legal) == sorted([TRASH + s.trash[0].index(i) for i in ex] + [PASS, s.CONCEDE])
    act(s, TRASH + s.trash[0].index(ex[0]))
    # one exclusion + one red symbol fill both reduction symbols; a second exclusion is
    # still allowed (it would only fill a symbol twice) and stopping is allowed
    assert s.dkind == D_KEISHO and PASS in s.legal and TRASH + s.trash[0].index(ex[1]) in s.legal
    act(s, PASS)
    assert s.zone[ex[0]] == Z_REMOVED and ex[0] in s.removed[0]
    assert pay(s) == 3
    assert s.zone[ex[1]] == Z_TRASH


def test_keisho_cannot_exclude_more_than_the_reduction_symbols():
    """BS 12-2-1-3-2-1: with three EX cards in the trash, at most two (the number of Heir
    Dragon's reduction symbols) can be excluded."""
    s = scene(p0=dict(hand=["T-K6"], trash=["T-K5", "T-K5", "T-K5"], reserve=5))
    act(s, hand_slot(s, find(s, 0, "T-K6", "hand")))
    act(s, TRASH + 0)
    assert s.dkind == D_KEISHO
    act(s, TRASH + 0)
    assert s.dkind == D_PAY and len(s.removed[0]) - 0 >= 2
    assert sum(1 for i in s.removed[0] if cid(s, i) == "T-K5") == 2
    assert pay(s) == 3 and sum(1 for i in s.trash[0] if cid(s, i) == "T-K5") == 1


def test_keisho_is_required_when_the_card_is_only_affordable_with_it():
    """BS 12-2-1-3-2: with 4 cores, Heir Dragon (5 + 1 to place) is playable only by
    excluding; declining is not offered until the cost is affordable."""
    s = scene(p0=dict(hand=["T-K6"], trash=["T-K5", "T-K5"], reserve=4, soul="trash"))
    act(s, hand_slot(s, find(s, 0, "T-K6", "hand")))
    assert PASS not in s.legal
    act(s, TRASH + 0)
    assert PASS not in s.legal
    act(s, TRASH + 0)
    assert pay(s) == 3


def test_soul_magic_pays_with_the_soul_core_alone():
    """BS 12-2-1-2-1: Soul Spark (cost 4, soul magic: red 1) with a red symbol on the field
    is usable with only the soul core, even with too few cores for its cost."""
    s = scene(p0=dict(hand=["T-M4"], field=["T-S1"], reserve=1, deck=3))
    m = find(s, 0, "T-M4", "hand")
    assert hand_slot(s, m) in s.legal
    act(s, hand_slot(s, m))
    assert s.dkind == D_PAY and s.legal == [OPTION, s.CONCEDE]
    act(s, OPTION)
    assert s.soul[0] == S_TRASH and s.reserve[0] == 1 and s.tcores[0] == 0
    assert len(s.hand[0]) == 1  # drew 1


def test_soul_magic_needs_the_symbol_and_the_soul_core():
    """BS 12-2-1-2-1: without a red symbol, or with the soul core in the trash, Soul Spark
    needs its full cost."""
    s = scene(p0=dict(hand=["T-M4"], field=["T-S3"], reserve=1))
    assert hand_slot(s, find(s, 0, "T-M4", "hand")) not in s.legal
    s = scene(p0=dict(hand=["T-M4"], field=["T-S1"], reserve=2, soul="trash"))
    assert hand_slot(s, find(s, 0, "T-M4", "hand")) not in s.legal


def test_soul_magic_is_a_choice_when_the_cost_is_affordable():
    """BS 12-2-1-2-1: with enough cores the player may pay normally or with the soul core."""
    s = scene(p0=dict(hand=["T-M4"], field=["T-S1"], reserve=5))
    act(s, hand_slot(s, find(s, 0, "T-M4", "hand")))
    assert OPTION in s.legal and RESERVE in s.legal
    act(s, RESERVE)
    assert OPTION not in s.legal  # once paying normally, the whole cost is paid normally
    pay(s)
    assert s.tcores[0] == 4 and s.soul[0] == S_RESERVE


def test_shinkaiho_spirit_is_level_two_with_the_soul_core_alone():
    """BS 12-2-1-1-1, BS 12-2-1-1-2, BS 12-2-1-1-3, BS 3-2-5-5, BS 2-8-4: Soul Blade (Lv2
    cost 4, 《真界放》) with one core plus the soul core is Lv2 (BP 8000) and its Lv2
    attack effect works."""
    s = scene(p0=dict(field=[dict(id="T-K1", cores=1, soul=True)], deck=3))
    k = find(s, 0, "T-K1")
    assert s.level(k) == 2 and s.bp(k) == 8000
    attack(s, k)
    assert len(s.hand[0]) == 1  # the Lv2 attack trigger drew


def test_shinkaiho_without_soul_core_needs_the_lv2_cost():
    """BS 3-2-5-5: without the soul core Soul Blade needs 4 cores for Lv2."""
    s = scene(p0=dict(field=[("T-K1", 3), ("T-S1", 4)]))
    assert s.level(find(s, 0, "T-K1")) == 1
    s = scene(p0=dict(field=[("T-K1", 4)]))
    assert s.level(find(s, 0, "T-K1")) == 2


def test_shinkaiho_nexus_with_soul_core_is_level_two():
    """BS 3-3-3-4, BS 12-2-1-1-2: Soul Shrine with only the soul core is Lv2: its Lv2
    effect adds a symbol, which reduces costs."""
    s = scene(p0=dict(field=[dict(id="T-K2", cores=0, soul=True)], hand=["T-S2"], reserve=4))
    n = find(s, 0, "T-K2")
    assert s.level(n) == 2 and s.symbols(n) == 2
    assert _paid(s, "T-S2") == 1
