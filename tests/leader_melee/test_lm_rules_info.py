"""Leader Melee rules tests: cost order, play-time choices, hidden-card choices, cards put into
a deck at once, the information zone-change triggers read, and optional infinite loops."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from lm_scene import *  # noqa: F403
from lm_scene import R, act, hand_slot, ids, idx, place, scene


def _ability(s, slot=0, j=0):
    return BATTLE_ABILITY + 4 * slot + j


def test_cost_parts_are_paid_in_text_order():
    """LM 8-4-2-1: a cost of several actions is paid from the one nearest the start of the text:
    [discard 1, energy 1] asks for the hand card first, [energy 1, discard 1] for the energy first.
    LM 8-4-2-2: a cost that cannot be paid whole cannot be paid at all (no hand card: not offered)."""
    s = scene(p0=dict(battle=["I-CO", "I-CR"], hand=["T-V1", "T-V2"], energy=2))
    act(s, _ability(s, 0))
    assert s.dkind == D_DISCARD and s.legal_actions() == [HAND + 0, HAND + 1]
    act(s, HAND + 1)
    assert s.dkind == D_PAY_ENERGY and ids(s, s.drop[0]) == ["T-V2"]
    act(s, s.legal_actions()[0])
    assert s.dkind == D_FT_MAIN and ids(s, s.drop[0]) == ["T-V2", "T-F01"] and len(s.hand[0]) == 1 + 1
    act(s, _ability(s, 1))
    assert s.dkind == D_PAY_ENERGY
    act(s, s.legal_actions()[0])
    assert s.dkind == D_DISCARD and len(s.energy[0]) == 0
    s2 = scene(p0=dict(battle=["I-CO"], energy=2))
    assert _ability(s2, 0) not in s2.legal_actions()


def test_mode_is_chosen_while_playing_before_the_cost():
    """LM 8-6-2-2: the choices a card needs are made when it is played (after it is named and
    revealed, 8-6-2-1, before its cost, 8-6-2-3); the chosen mode is what resolves."""
    for mode, drew in ((0, True), (1, False)):
        s = scene(p0=dict(hand=["I-MD"], energy=1))
        hand0, energy0 = len(s.hand[0]), len(s.energy[0])
        act(s, hand_slot(s, 0, "I-MD"))
        assert s.dkind == D_CHOOSE_MODE and s.legal_actions() == [NUMBER, NUMBER + 1]
        assert s.known[s.hand[0][0]] == 1  # revealed while being played
        act(s, NUMBER + mode)
        assert s.dkind == D_PAY_ENERGY
        act(s, s.legal_actions()[0])
        assert s.dkind == D_FT_MAIN
        assert len(s.hand[0]) == hand0 - 1 + (1 if drew else 0)
        assert len(s.energy[0]) == energy0 - 1 + (0 if drew else 1)


def _deck_with(s, p, cid, k):
    for u in s.deck[p][5 : 5 + k]:
        s.cdef[u] = idx(s, cid)


def test_search_may_find_nothing_and_only_the_searcher_sees_the_deck():
    """LM 8-6-3-5: choosing a card of a hidden zone by its information, the chooser may choose
    none even though the deck holds one (PASS is legal next to the matching cards, unlike a
    fixed-count field target, LM 8-6-3-1). The deck is looked at by its master only: the LOOK
    block is in their observation, not the opponent's, and is unchanged by resampling."""
    s = scene(p0=dict(hand=["I-SR"]))
    _deck_with(s, 0, "I-SC", 2)
    act(s, hand_slot(s, 0, "I-SR"))
    assert s.dkind == D_SEARCH
    view = sorted(s.deck[0], key=s._hand_key)
    scouts = [LOOK + i for i, u in enumerate(view) if s.defs[s.cdef[u]].id == "I-SC"]
    assert s.legal_actions() == [PASS, scouts[0]]  # identical cards are one choice
    lay = s.game.obs_layout
    b, n = lay.blocks["look"]
    mine = s.observation_tensor(0)[b : b + n]
    assert mine[idx(s, "I-SC")] == 2 and mine.sum() == len(s.deck[0])
    assert s.observation_tensor(1)[b : b + n].sum() == 0
    for p in (0, 1):
        c = s.clone()
        c.resample_hidden(p, 7)
        assert np.array_equal(c.observation_tensor(p), s.observation_tensor(p))
    hand0 = len(s.hand[0])
    act(s, PASS)
    assert s.dkind == D_FT_MAIN and len(s.hand[0]) == hand0 and ids(s, s.deck[0]).count("I-SC") == 2


def test_search_puts_the_found_card_in_hand_and_keeps_deck_knowledge():
    """LM 8-6-3-5: a card found is revealed into the hand; the deck is shuffled. The searcher saw
    which cards the deck holds, so resampling what they cannot see keeps the deck's and the life
    area's cards apart (only their order is hidden again)."""
    s = scene(p0=dict(hand=["I-SR"]))
    _deck_with(s, 0, "I-SC", 1)
    act(s, hand_slot(s, 0, "I-SR"))
    act(s, s.legal_actions()[1])
    assert s.dkind == D_FT_MAIN and ids(s, s.hand[0]) == ["I-SC"] and s.known[s.hand[0][0]] == 1
    assert "I-SC" in s.to_dict(1)["players"][0]["hand_known"]
    deck, life = Counter(ids(s, s.deck[0])), Counter(ids(s, s.life[0]))
    for seed in range(5):
        c = s.clone()
        c.resample_hidden(0, seed)
        assert Counter(ids(c, c.deck[0])) == deck and Counter(ids(c, c.life[0])) == life
        assert np.array_equal(c.observation_tensor(0), s.observation_tensor(0))


def test_cards_put_under_the_deck_at_once_in_the_owners_order():
    """LM 3-1-6: cards put into a zone at once go in the order their owner decides (picked one
    at a time, this card among them: it must be placed, so no PASS until it is; the first pick
    is the bottom card). LM 3-1-6-1: from public zones into the hidden deck, the other player
    knows which cards but not their order: resampling for them may permute the group, for the
    owner it keeps every card where it is; neither observation changes."""
    s = scene(p0=dict(battle=["I-BU"]))
    a, b = place(s, 0, "T-V1", Z_DROP), place(s, 0, "T-V2", Z_DROP)
    me = s.battle[0][0]
    act(s, _ability(s, 0))
    assert s.dkind == D_PLACE_ORDER and s.legal_actions() == [OWN_BATTLE + 0, OWN_DROP + 0, OWN_DROP + 1]
    act(s, OWN_DROP + 1)  # T-V2 first: the very bottom
    act(s, OWN_BATTLE + 0)
    assert PASS in s.legal_actions()  # this card placed: the drop cards are "up to 2"
    act(s, OWN_DROP + 0)
    assert s.dkind == D_FT_MAIN
    assert s.deck[0][:3] == [b, me, a] and ids(s, s.deck[0][:3]) == ["T-V2", "I-BU", "T-V1"]
    assert [s.known[u] for u in (a, b, me)] == [2, 2, 2]
    assert sorted(s.to_dict(1)["players"][0]["deck_known"]) == ["I-BU", "T-V1", "T-V2"]
    orders = set()
    for seed in range(12):
        c = s.clone()
        c.resample_hidden(1, seed)
        assert Counter(ids(c, c.deck[0][:3])) == Counter(["T-V2", "I-BU", "T-V1"])
        assert np.array_equal(c.observation_tensor(1), s.observation_tensor(1))
        orders.add(tuple(ids(c, c.deck[0][:3])))
        c = s.clone()
        c.resample_hidden(0, seed)
        assert ids(c, c.deck[0][:3]) == ["T-V2", "I-BU", "T-V1"]
        assert np.array_equal(c.observation_tensor(0), s.observation_tensor(0))
    assert len(orders) > 1
    R.move(s, s.deck[0][0], Z_HAND)  # one of the group leaves: the opponent cannot tell which
    assert s.known[b] == 0 and s.known[a] == 0 and s.known[me] == 0


def test_zone_change_trigger_public_to_public_reads_the_new_zone():
    """LM 8-7-4-1-3: a trigger of a public -> public move (not from the battle area) reads the card
    in the zone it moved to: melee cards with +2000 (kept in the melee area, LM-G6) are dropped
    by the rule process (9-4) with their printed 2000, so 'power 3000 or more' fails."""
    s = scene(p0=dict(battle=["I-MV", "I-MW"], hand=["T-V0"]))
    for u in s.battle[0][:]:
        R.move(s, u, Z_MELEE)
        s.mods.append([u, s.obj[u], 0, 2000, R.DUR_TURN])
        assert R.stat(s, u, 0) == 4000
    hand0 = len(s.hand[0])
    act(s, hand_slot(s, 0, "T-V0"))  # a play: the next checkpoint drops the melee cards (9-4)
    assert s.dkind == D_ORDER_TRIGGER and s.legal_actions() == [PENDING, PENDING + 1]  # both triggered
    act(s, PENDING)
    assert s.dkind == D_FT_MAIN and ids(s, s.drop[0]) == ["I-MV", "I-MW"]
    assert len(s.hand[0]) == hand0 - 1 + 1  # Ash Soul drew; Ember Soul read 2000 in the drop


def test_zone_change_trigger_hidden_to_public_reads_the_public_zone():
    """LM 8-7-4-1-1: a trigger of a hidden -> public move reads the card where it is public:
    Rising Star (2000) put from the deck into the battle area next to Aura (+1000) has 3000 there."""
    for aura, drew in ((True, True), (False, False)):
        s = scene(p0=dict(battle=["E-CA"] if aura else [], hand=["T-V0"]))
        u = s.deck[0][-1]
        s.cdef[u] = idx(s, "I-RS")
        R.enter_battle(s, u, False)
        hand0 = len(s.hand[0])
        act(s, hand_slot(s, 0, "T-V0"))
        assert s.dkind == D_FT_MAIN and len(s.hand[0]) == hand0 - 1 + (1 if drew else 0)


def test_zone_change_trigger_public_to_hidden_reads_the_public_zone():
    """LM 8-7-4-1-1: a public -> hidden move reads the card as it was in the public zone (the
    drop: 2000), not in the deck where nobody sees it."""
    s = scene(p0=dict(battle=["I-BU"]))
    place(s, 0, "I-DS", Z_DROP)
    hand0 = len(s.hand[0])
    act(s, _ability(s, 0))
    act(s, OWN_BATTLE + 0)
    act(s, OWN_DROP + 0)
    assert s.dkind == D_FT_MAIN and ids(s, s.deck[0][:2]) == ["I-BU", "I-DS"]
    assert len(s.hand[0]) == hand0 + 1


def test_optional_loop_one_player_can_stop():
    """LM 11-1-1: an action that can repeat for ever is an infinite loop. LM 11-1-1-2: only its
    master can stop Tide Spinner's [rest: stand, +1000]; repeating it one iteration at a time is
    the declared count; once they stop (another choice in the very same state) it may not be
    chosen again while every zone is the same."""
    s = scene(p0=dict(battle=["L-TS"]))
    u = s.battle[0][0]
    for _ in range(3):
        act(s, _ability(s, 0, 0))
        assert s.dkind == D_FT_MAIN and not s.rest[u]
    assert R.stat(s, u, 0) == 4000
    act(s, _ability(s, 0, 1))  # stop: the other ability, back to the same state
    assert _ability(s, 0, 0) not in s.legal_actions() and _ability(s, 0, 1) in s.legal_actions()
    assert R.stat(s, u, 0) == 4000


def test_optional_loop_both_players_can_stop():
    """LM 11-1-1-3: Pulse Striker drops Phantom Guard, whose master may replace it by nothing:
    both can stop the loop. The one who stops first named the smaller count; the other may not
    choose the loop again in that state: here the Guard's master must let it be dropped."""
    s = scene(p0=dict(battle=["L-PS"]), p1=dict(battle=["L-PG"]))
    g = s.battle[1][0]
    for _ in range(2):
        act(s, _ability(s, 0, 0))
        act(s, OPP_BATTLE + 0)
        assert s.dkind == D_YES_NO and s.dplayer == 1 and s.legal_actions() == [PASS, YES]
        act(s, YES)
        assert s.dkind == D_FT_MAIN and s.zone[g] == Z_BATTLE
    act(s, _ability(s, 0, 1))  # player 0 stops (smaller count): they may restart
    assert _ability(s, 0, 0) in s.legal_actions()
    act(s, _ability(s, 0, 0))
    act(s, OPP_BATTLE + 0)
    assert s.dkind == D_YES_NO and s.legal_actions() == [PASS]
    act(s, PASS)
    assert s.zone[g] == Z_DROP


BAD = [
    ("{trigger: moved, from: battle, to: drop, actions: [{do: draw, n: 1}]}", r"effects\[0\]\.from", "'leave'"),
    ("{trigger: moved, from: melee, to: battle, actions: [{do: draw, n: 1}]}", r"effects\[0\]\.to", "new card"),
    ("{trigger: moved, from: sky, to: drop, actions: [{do: draw, n: 1}]}", r"effects\[0\]\.from", "not one of"),
    ("{trigger: play, from: hand, actions: [{do: draw, n: 1}]}", r"effects\[0\]\.from", "only a 'moved'"),
    (
        "{trigger: play, modes: [{actions: [{do: draw, n: 1}]}, {actions: [{do: charge, n: 1}]}]}",
        r"effects\[0\]\.modes",
        "only an activated",
    ),
    ("{activated: main, modes: [{actions: [{do: draw, n: 1}]}]}", r"effects\[0\]\.modes", "2\\.\\.8"),
    (
        "{activated: main, modes: [{actions: [{do: fly}]}, {actions: [{do: draw, n: 1}]}]}",
        r"effects\[0\]\.modes\[0\]\.actions\[0\]\.do",
        "not one of",
    ),
    (
        "{activated: main, cost: {discard: -1}, actions: [{do: draw, n: 1}]}",
        r"effects\[0\]\.cost\.discard",
        "at least 0",
    ),
    (
        "{activated: main, actions: [{do: search, n: 1, filter: {rested: true}}]}",
        r"effects\[0\]\.actions\[0\]\.filter",
        "neither active",
    ),
    ("{activated: main, actions: [{do: search, n: 0}]}", r"effects\[0\]\.actions\[0\]\.n", "at least 1"),
    (
        "{activated: main, actions: [{do: draw, n: 1, with_self: true}]}",
        r"effects\[0\]\.actions\[0\]\.with_self",
        "takes no",
    ),
]


@pytest.mark.parametrize("effect,field,msg", BAD)
def test_words_of_these_rules_are_validated(tmp_path, effect, field, msg):
    """Bad uses of moved / modes / discard / search / bury fail naming the file, entry and field."""
    from tcgzoo.envs.core.errors import CardFileError
    from tcgzoo.envs.leader_melee.cards import load_pool

    p = tmp_path / "bad.yaml"
    p.write_text(
        "cards:\n  - {id: X-1, name: X, type: battle, color: red, level: 1, power: 1, strike: 1, "
        f"effects: [{effect}]}}\n"
    )
    with pytest.raises(CardFileError, match=f"entry 'X-1', field '{field}'.*({msg})"):
        load_pool([str(p)])


def test_choices_in_progress_are_observed_by_the_chooser():
    """LM 8-6-2-2: the mode chosen while playing stays in the observation while the cost is paid.
    LM 3-1-6-1: the cards already picked to go under the deck (and so their order) are in the
    owner's observation only."""
    s = scene(p0=dict(hand=["I-MD"], energy=1))
    act(s, hand_slot(s, 0, "I-MD"))
    act(s, NUMBER + 1)
    b, _ = s.game.obs_layout.blocks["choice"]
    assert s.dkind == D_PAY_ENERGY and s.observation_tensor(0)[b + 1] == 1 and s.observation_tensor(0)[b] == 0
    s = scene(p0=dict(battle=["I-BU"]))
    place(s, 0, "T-V1", Z_DROP)
    act(s, _ability(s, 0))
    act(s, OWN_DROP + 0)
    lb, n = s.game.obs_layout.blocks["look"]
    assert s.dkind == D_PLACE_ORDER
    assert s.observation_tensor(0)[lb + idx(s, "T-V1")] == 1 and s.observation_tensor(0)[b + 9] == 0.1
    assert s.observation_tensor(1)[lb : lb + n].sum() == 0 and s.observation_tensor(1)[b + 9] == 0
