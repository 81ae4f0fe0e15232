"""Battle Spirits rules: display states (5-5, 5-14..5-16), destruction, depletion and the
waiting state (5-10, 5-11, 5-17, 10-2-2), 『破壊時』 (12-2-1-12), cores and the soul core
(5-7), zones and what each player sees (4-x), card data (2-x)."""

from __future__ import annotations

import pytest
from bs_scenario import (
    CARD_FILES,
    D_KEISHO,
    D_MAIN,
    D_OPTIONAL,
    D_TARGET,
    HAND,
    OPP_FIELD,
    OPTION,
    PASS,
    S_TRASH,
    TRASH,
    Z_DECK,
    Z_FIELD,
    Z_HAND,
    Z_REMOVED,
    Z_TRASH,
    Z_WAIT,
    act,
    attack,
    cid,
    decide,
    field_slot,
    find,
    ids,
    pass_flash,
    play,
    scene,
    target,
)
from tcgzoo.envs.battle_spirits import Game
from tcgzoo.envs.battle_spirits.cards import load_pool
from tcgzoo.envs.core.errors import CardFileError


# ---------------------------------------------------------------------------- display states
def test_three_display_states():
    """BS 5-5-1, BS 5-5-1-1, BS 5-5-1-2, BS 5-5-1-3: a field card is recovered, exhausted or
    heavily exhausted."""
    s = scene(p0=dict(field=["T-S1", dict(id="T-S2", exh=1), dict(id="T-S3", exh=2)]))
    states = [c["state"] for c in s.to_dict()["players"][0]["field"]]
    assert states == ["recovered", "exhausted", "heavily exhausted"]


def test_heavy_exhaust_fires_exhaust_triggers_and_blocks_nothing():
    """BS 5-16-1, BS 5-15-1: Heavy Blow heavily exhausts the opposing Tired Owl: its 'when
    exhausted' effect resolves; heavily exhausted, it cannot block."""
    s = scene(p0=dict(hand=["T-M10"], field=["T-S1"]), p1=dict(field=["T-T9"], deck=3))
    o = find(s, 1, "T-T9")
    play(s, "T-M10")
    assert s.exh[o] == 2 and len(s.hand[1]) == 1
    attack(s, find(s, 0, "T-S1"))
    pass_flash(s)
    assert s.life[1] == 4  # no block decision was possible


def test_recovering_a_heavily_exhausted_card_leaves_it_exhausted_and_fires_recover_triggers():
    """BS 5-14-2, BS 5-14-1: Revive Light on a heavily exhausted Dawn Owl: it becomes
    exhausted and its 'when recovered' effect resolves; on an exhausted one it recovers."""
    s = scene(p0=dict(hand=["T-M11", "T-M11"], field=[dict(id="T-T10", exh=2)], deck=3))
    o = find(s, 0, "T-T10")
    play(s, "T-M11")
    assert s.exh[o] == 1 and len(s.hand[0]) == 2
    play(s, "T-M11")
    assert s.exh[o] == 0 and len(s.hand[0]) == 2


# ---------------------------------------------------------------------------- waiting state
def test_destroyed_card_waits_with_its_cores_until_its_triggers_resolve():
    """BS 10-2-2-1, BS 10-2-2-5, BS 5-10-1, BS 5-17-1, BS 12-2-1-12, BS 9-3-3: Last Will
    destroyed by Then Test is in the waiting state, its cores still on it, while its
    『破壊時』 effect resolves; then it goes to the trash and its cores to the reserve."""
    s = scene(p0=dict(hand=["T-M6"], deck=3), p1=dict(field=[("T-T3", 2)], reserve=0, deck=3))
    w = find(s, 1, "T-T3")
    play(s, "T-M6")
    assert s.dkind == D_OPTIONAL and s.current_player() == 1
    assert s.zone[w] == Z_WAIT and s.cores[w] == 2 and w not in s.field[1]
    decide(s, True)
    assert s.zone[w] == Z_TRASH and s.cores[w] == 0 and s.reserve[1] == 2 and len(s.hand[1]) == 1


def test_effects_on_a_card_keep_applying_while_it_waits():
    """BS 10-2-2-2: Weaken's -3000 this turn still applies to Last Will while it waits."""
    s = scene(p0=dict(hand=["T-M15", "T-M6"]), p1=dict(field=[("T-T3", 2)]))
    w = find(s, 1, "T-T3")
    play(s, "T-M15")
    assert s.bp(w) == 0
    play(s, "T-M6")
    assert s.dkind == D_OPTIONAL and s.zone[w] == Z_WAIT
    assert s.bp(w) == 0


def test_continuous_effects_of_a_waiting_card_keep_applying():
    """BS 10-2-2-4: Hexer (opposing spirits -5000) is destroyed together with Last Will; while
    Last Will's destroyed effect resolves Hexer is waiting and its effect still applies."""
    s = scene(p0=dict(hand=["T-M29"], field=["T-S3"]), p1=dict(field=["T-C6", ("T-T3", 1)]))
    golem = find(s, 0, "T-S3")
    assert s.bp(golem) == 0
    play(s, "T-M29")  # Wipe: both destroyed
    assert s.dkind == D_OPTIONAL and s.zone[find_any(s, "T-C6")] == Z_WAIT
    assert s.bp(golem) == 0


def find_any(s, card_id):
    return [i for i in range(len(s.cdef)) if cid(s, i) == card_id and s.zone[i] != Z_DECK][0]


def test_leaves_field_trigger_resolves_from_the_waiting_state():
    """BS 9-3-3, BS 10-2-2-1: Ghost returned to the hand by Recall: its 'when it leaves the
    field' effect resolves, then it is in its owner's hand."""
    s = scene(p0=dict(hand=["T-M21"]), p1=dict(field=["T-T11"], deck=3))
    g = find(s, 1, "T-T11")
    play(s, "T-M21")
    assert s.zone[g] == Z_HAND and len(s.hand[1]) == 2


def test_depletion_is_not_destruction():
    """BS 5-11-1, BS 5-11-2, BS 5-10-2, BS 10-1-1, BS 10-2-2-8: Core Drain takes the only core
    of Last Will and of Ghost: both are depleted (to the trash, no core left on them); Last
    Will's 『破壊時』 does not trigger, Ghost's 'leaves the field' does."""
    s = scene(p0=dict(hand=["T-M16"]), p1=dict(field=[("T-T3", 1)], reserve=0, deck=3))
    w = find(s, 1, "T-T3")
    play(s, "T-M16")
    assert s.zone[w] == Z_TRASH and s.reserve[1] == 1 and s.dkind == D_MAIN and not s.hand[1]
    s = scene(p0=dict(hand=["T-M16"]), p1=dict(field=[("T-T11", 1)], deck=3))
    play(s, "T-M16")
    assert len(s.hand[1]) == 1


def test_depleted_card_resolves_at_its_level_before_depletion():
    """BS 10-2-2-3: Lv2 Ghost loses both its cores at once to Core Void: it vanishes, and
    its Lv2 'leaves the field' effect resolves at Lv2."""
    s = scene(p0=dict(hand=["T-M17"]), p1=dict(field=[("T-T23", 2)], deck=3))
    play(s, "T-M17")
    assert len(s.hand[1]) == 1 and not s.field[1]


def test_removing_cores_to_the_void_sends_the_soul_core_to_the_trash():
    """BS 5-7-3, BS 4-8-1: Core Void puts all cores of Red Wolf into the void; the soul core
    on it is never put into the void: it goes to the trash."""
    s = scene(p0=dict(hand=["T-M17"]), p1=dict(field=[dict(id="T-S2", cores=2, soul=True)]))
    g = s.gained[1]
    play(s, "T-M17")
    assert s.soul[1] == S_TRASH and s.gained[1] == g - 2 and not s.field[1]


def test_destroyed_triggers_distinguish_who_destroyed():
    """BS 12-2-1-12, BS 12-2-1-12-1, BS 5-4-1, BS 5-4-2: Mirror's 『破壊時』 works whoever
    destroys it; Grudge's 『相手による破壊時』 works when the opponent's effect or a battle
    destroys it, not its owner's own effect (Pyre chooses an own spirit)."""
    s = scene(p0=dict(hand=["T-M28", "T-M28"], field=["T-T19", "T-T4"], deck=5))
    play(s, "T-M28")
    target(s, find(s, 0, "T-T19"))
    assert len(s.hand[0]) == 2
    play(s, "T-M28")
    assert len(s.hand[0]) == 1  # Grudge destroyed by its owner: no draw
    s = scene(p0=dict(hand=["T-M6"]), p1=dict(field=["T-T4"], deck=5))
    play(s, "T-M6")
    assert len(s.hand[1]) == 1
    s = scene(step="attack", p0=dict(field=["T-S2"]), p1=dict(field=["T-T4"], deck=5))
    attack(s, find(s, 0, "T-S2"))
    pass_flash(s)
    act(s, field_slot(s, find(s, 1, "T-T4")))
    pass_flash(s)
    assert len(s.hand[1]) == 1


def test_several_destroyed_triggers_turn_player_orders():
    """BS 9-1-5-7, BS 9-1-5-8: Wipe destroys Mirror and Last Will at once; their destroyed
    effects wait together and the turn player orders them (BS ruling in the notes)."""
    s = scene(p0=dict(hand=["T-M29"]), p1=dict(field=["T-T19", "T-T3"], deck=5))
    play(s, "T-M29")
    assert s.current_player() == 0 and s.decision_name() == "order simultaneous effects"


def test_summon_from_the_trash_by_an_effect():
    """BS 5-8-1, BS 11-1-1-6, BS 12-2-1-6-1: Reanimate summons Summon Seer from the trash
    without paying its cost; its Lv1 core is placed and its summon effect resolves."""
    s = scene(p0=dict(hand=["T-M33"], trash=["T-T1"], deck=3))
    play(s, "T-M33")
    seer = find(s, 0, "T-T1")
    assert s.zone[seer] == Z_FIELD and s.cores[seer] == 1 and len(s.hand[0]) == 1


def test_while_blocking_constant():
    """BS 12-2-1-10-1, BS 12-2-1-10-2: Shield Bearer gets +3000 only while blocking: 5000
    beats Red Wolf's 3000."""
    s = scene(step="attack", p0=dict(field=["T-S2"]), p1=dict(field=["T-C9"]))
    b, w = find(s, 1, "T-C9"), find(s, 0, "T-S2")
    assert s.bp(b) == 2000
    attack(s, w)
    pass_flash(s)
    act(s, field_slot(s, b))
    assert s.bp(b) == 5000
    pass_flash(s)
    assert s.zone[w] == Z_TRASH and s.bp(b) == 2000


# ---------------------------------------------------------------------------- keisho for nexus / magic
def test_keisho_works_for_deploy_and_use():
    """BS 11-2-1-4, BS 11-3-1-4: 《継召》 is offered when deploying Red Fort and when using
    Double Draw (both have a reduction symbol)."""
    for card in ("T-N1", "T-M1"):
        s = scene(p0=dict(hand=[card], trash=["T-K5"], reserve=3))
        act(s, HAND + 0)
        assert s.dkind == D_KEISHO
        act(s, TRASH + 0)
        assert s.removed[0] and cid(s, s.removed[0][-1]) == "T-K5"


# ---------------------------------------------------------------------------- targets and card data
def test_family_colour_and_name_filters():
    """BS 2-6-2, BS 2-6-3, BS 2-11-1-2, BS 2-1-2, BS 2-1-2-1, BS 2-1-4: Rainbow Sprite (families
    Sprite and Beast, blue and red) is a 'Beast' and a red spirit; 'Knight' in a name matches
    Named Knight and Named Knight[2] on the field only."""
    s = scene(p0=dict(hand=["T-M37"]), p1=dict(field=["T-S6", "T-S1"]))
    play(s, "T-M37")
    assert ids(s, s.field[1]) == ["T-S1"]
    s = scene(p0=dict(hand=["T-M38"]), p1=dict(field=["T-S6", "T-S3"]))
    play(s, "T-M38")
    assert ids(s, s.field[1]) == ["T-S3"]
    s = scene(p0=dict(hand=["T-M39"]), p1=dict(field=["T-S8", "T-S9", "T-S1"], hand=["T-S8"]))
    play(s, "T-M39")
    assert ids(s, s.field[1]) == ["T-S1"] and ids(s, s.hand[1]) == ["T-S8"]


def test_slash_chooses_any_mix_of_spirits_and_nexuses():
    """BS 5-18-1: 'spirit/nexus 2' may be two spirits, a spirit and a nexus, or two nexuses."""
    s = scene(p0=dict(hand=["T-M40"]), p1=dict(field=["T-S1", "T-N3", "T-S2", "T-N3"]))
    play(s, "T-M40")
    assert s.dkind == D_TARGET and len([a for a in s.legal if OPP_FIELD <= a < OPP_FIELD + 24]) == 4
    target(s, s.field[1][1])
    target(s, s.field[1][2])
    assert ids(s, s.field[1]) == ["T-S1", "T-N3"]  # one spirit and one nexus were destroyed


def test_search_may_take_none():
    """BS 9-3-2-2, BS 4-2-3: Scout opens the top 3 and may add a spirit among them to the
    hand, or none; the rest go to the trash."""
    s = scene(p0=dict(hand=["T-M36"], deck=["T-S1", "T-M1", "T-S2", "T-S3"]))
    play(s, "T-M36")
    assert s.decision_name() == "choose a searched card"
    assert PASS in s.legal and len([a for a in s.legal if OPTION <= a < OPTION + 8]) == 2
    act(s, PASS)
    assert not s.hand[0] and ids(s, s.deck[0]) == ["T-S1"] and len(s.trash[0]) == 4


def test_if_done_after_a_search_means_a_card_was_added():
    """BS 5-19-2, BS 9-3-2-2: after 'open 3, you may add a spirit', 「加えたなら」 (if done)
    needs a card really added: opening the cards is not enough."""
    deck = ["T-S5", "T-S6", "T-M1", "T-S2", "T-S3"]
    s = scene(p0=dict(hand=["T-M42"], deck=deck))
    play(s, "T-M42")
    act(s, PASS)  # opened three cards, added none
    assert not s.hand[0] and ids(s, s.deck[0]) == ["T-S5", "T-S6"]  # nothing drawn
    s = scene(p0=dict(hand=["T-M42"], deck=deck))
    play(s, "T-M42")
    act(s, next(a for a in s.legal if a != PASS))  # add a spirit: 'if done' draws
    assert len(s.hand[0]) == 2 and ids(s, s.deck[0]) == ["T-S5"]


def test_after_a_search_needs_only_the_cards_opened():
    """BS 5-19-3: 「この効果発揮後」 follows a search that happened at least in part: the cards
    were opened, even if none was added; with an empty deck nothing happened and it does not."""
    s = scene(p0=dict(hand=["T-M43"], deck=["T-S5", "T-S6", "T-M1", "T-S2", "T-S3"]))
    life = s.life[0]
    play(s, "T-M43")
    act(s, PASS)
    assert not s.hand[0] and s.life[0] == life + 1
    s = scene(p0=dict(hand=["T-M43"], deck=[]))
    life = s.life[0]
    play(s, "T-M43")
    assert s.life[0] == life


def test_card_types_and_colours_are_validated(tmp_path):
    """BS 2-5-2, BS 3-1, BS 2-11-1-1, BS 2-12-3: a card's type is spirit, nexus or magic and
    its colours are among the six; two cards with one card number are refused."""
    f = tmp_path / "bad.yaml"
    f.write_text("cards:\n  - {id: X1, name: X, type: brave, colors: [red], cost: 0}\n")
    with pytest.raises(CardFileError, match="type"):
        load_pool([f])
    f.write_text("cards:\n  - {id: X1, name: X, type: spirit, colors: [black], cost: 0, levels: [{cores: 1, bp: 1}]}\n")
    with pytest.raises(CardFileError, match="colors"):
        load_pool([f])
    f.write_text(
        "cards:\n" + "  - {id: X1, name: X, type: spirit, colors: [red], cost: 0, levels: [{cores: 1, bp: 1}]}\n" * 2
    )
    with pytest.raises(CardFileError, match="duplicate"):
        load_pool([f])


def test_two_players():
    """BS 1-2-1: a game is played by exactly two players, each with a deck."""
    with pytest.raises(ValueError):
        Game(decks=["a.yaml"], builtin_cards=False, cards=list(CARD_FILES))


# ---------------------------------------------------------------------------- zones and information
def test_what_each_player_sees():
    """BS 4-1-1, BS 4-1-1-1, BS 4-1-2, BS 4-1-3, BS 4-2-1, BS 4-2-2, BS 4-3-1, BS 4-3-2,
    BS 4-3-3, BS 4-4-2, BS 4-5-1, BS 4-5-2, BS 4-5-5, BS 4-6-1, BS 4-6-2, BS 4-7-2, BS 4-9-1,
    BS 4-9-2, BS 5-6-1: each player has their own zones; counts of every zone are public;
    field, trash, removed cards, reserve and life are public; the opponent's hand cards and
    both decks' contents are hidden; a drawn card is not shown to the opponent."""
    s = scene(
        p0=dict(hand=["T-S1", "T-S2"], field=[("T-S3", 2)], trash=["T-M1"], reserve=2),
        p1=dict(hand=["T-S4"], field=["T-N3"], trash=["T-K5"], life=4),
    )
    s.removed[1].append(s.trash[1].pop())
    s.zone[s.removed[1][-1]] = Z_REMOVED
    v = s.to_dict(player=0)
    me, opp = v["players"]
    assert me["hand"] == ["T-S1", "T-S2"] and opp["hand"] == [None]
    assert isinstance(opp["deck"], int) and "deck_order_top_last" not in opp
    assert [c["id"] for c in opp["field"]] == ["T-N3"] and opp["removed"] == ["T-K5"]
    assert me["trash"] == ["T-M1"] and (opp["life"], me["reserve"]) == (4, 2)
    obs = s.observation_tensor(0)
    t = s.clone()
    t.resample_hidden(0, 123)
    assert (t.observation_tensor(0) == obs).all()


def test_no_upper_limits_on_hand_life_reserve_trash():
    """BS 4-3-4, BS 4-4-3, BS 4-6-3, BS 4-7-3, BS 4-8-2, BS 6-2-1-1-1, BS 4-9-3: a 12-card hand
    is kept through the end step (no discard), and life, reserve and trash hold any number;
    the void supplies cores without limit."""
    s = scene(p0=dict(hand=["T-S2"] * 12, reserve=20, life=9, trash=["T-M1"] * 30, tcores=15))
    act(s, PASS)
    act(s, PASS)
    act(s, PASS)
    assert s.tp == 1 and len(s.hand[0]) == 12 and s.life[0] == 9 and s.reserve[0] == 20 and len(s.trash[0]) == 30


def test_field_holds_many_cards():
    """BS 4-5-6: the field has no rule limit (the engine's 24 slots per player are a
    representation bound, recorded in the notes)."""
    s = scene(p0=dict(field=["T-S1"] * 12, hand=["T-S4"]))
    play(s, "T-S4")
    assert len(s.field[0]) == 13
