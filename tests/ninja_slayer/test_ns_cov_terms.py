"""Ninja Slayer rules coverage: golden rules (NS 104, 105), card information referenced by
effects (NS 204, 1302), entering cards (NS 1203, 1204), and game terms (rules 1303 to 1316)."""

from __future__ import annotations

from ns_cov import cast, to_character_phase, where
from ns_scenario import (
    D_CHOOSE,
    D_PAY_ETHER,
    D_PRIORITY,
    OPP_FIELD,
    OPTION,
    OWN_HAND,
    PASS,
    act,
    hand,
    ids,
    scene,
)
from tcgzoo.envs.ninja_slayer.state import K_CARD, Z_FIELD, Z_HAND, Z_OHIGAN, Z_STACK


def _options(s):
    return [s.defs[v].id for v in s.opts]


def test_draw_two_takes_the_top_two_and_does_as_much_as_possible():
    """NS 1308.1a, NS 1308.2, NS 304.3, NS 305.1, NS 104.2: 'draw 2' draws the top card,
    then the next, into its controller's hand; with one card left it draws that one (and
    the empty deck then loses at the rule check, NS 1002.2)."""
    s = scene(p0=dict(hand=["TZNS-52"], ether=["TZNS-29", "TZNS-29"], deck=["TZNS-31", "TZNS-17", "TZNS-12"]))
    top = s.deck[0][:2]
    to_character_phase(s)
    cast(s, "TZNS-52")
    assert all(s.zone[i] == Z_HAND for i in top) and ids(s, s.deck[0]) == ["TZNS-12"]
    s = scene(p0=dict(hand=["TZNS-52"], ether=["TZNS-29", "TZNS-29"], deck=["TZNS-31"]))
    to_character_phase(s)
    cast(s, "TZNS-52")
    assert ids(s, s.hand[0]) == ["TZNS-31"]
    assert s.is_terminal() and s.returns() == [-1.0, 1.0]


def test_recover_does_as_much_as_possible():
    """NS 104.2, NS 1319.1: 'recover 2' with a single damage card recovers that one."""
    s = scene(p0=dict(hand=["TZNS-26"], ether=["TZNS-29", "TZNS-29"], damage=["TZNS-17"]))
    to_character_phase(s)
    cast(s, "TZNS-26")
    assert s.damage[0] == [] and sorted(ids(s, s.ohigan[0])) == ["TZNS-17", "TZNS-26"]


def test_untap_and_bow_only_change_cards_not_already_in_that_state():
    """NS 1310.1, NS 1310.2, NS 104.3, NS 303.1b: Chadō Breathing untaps 〈Ninja Slay〉
    ether cards: only a bowed one can be chosen; Zaibatsu Schemes bows an opposing
    character: only an untapped one can be chosen; a bowed card is no longer untapped."""
    s = scene(p0=dict(hand=["TZNS-03"], ether=[("TZNS-09", True, False), "TZNS-10", "TZNS-29"]))
    to_character_phase(s)
    act(s, hand(s, "TZNS-03"))
    bowed = where(s, "TZNS-09", 0)[0]
    assert s.dkind == D_CHOOSE  # its targets are chosen at entry (NS 1204.2e)
    seen = _options(s)
    act(s, OPTION)
    assert s.dkind == D_PAY_ETHER
    act(s, OPTION + _options(s).index("TZNS-29"))
    while s.kstack:
        act(s, PASS)
    assert seen == ["TZNS-09"]  # not the untapped TZNS-10, not the non-Ninja-Slay TZNS-29
    assert not s.bowed[bowed]
    s = scene(
        p0=dict(hand=["TZNS-24"], ether=["TZNS-29", "TZNS-29"]), p1=dict(field=[("TZNS-17", True, False), "TZNS-29"])
    )
    to_character_phase(s)
    legal = []
    cast(s, "TZNS-24", [lambda st: legal.append(list(st.legal)) or st.legal[0]])
    assert legal == [[OPP_FIELD + 1]]
    assert s.bowed[s.field[1][1]] and s.bowed[s.field[1][0]]


def test_names_in_quotes_and_attributes_in_brackets_filter_choices():
    """NS 1302.1, NS 1302.2, NS 204.1, NS 204.2: Yanmarune picks 〈Zaibatsu〉 cards 'other
    than "Yanmarune"' from Ohigan: another Yanmarune (same name) and a Soukaiya card are
    not offered."""
    s = scene(p0=dict(hand=["NST2-67"], ether=["TZNS-29"], ohigan=["NST2-67", "TZNS-29", "TZNS-12"]))
    to_character_phase(s)
    seen = []
    cast(s, "NST2-67", [lambda st: seen.append((_options(st), list(st.legal))) or OPTION])
    assert seen[0] == (["TZNS-29"], [PASS, OPTION])
    assert ids(s, s.hand[0]) == ["TZNS-29"]


def test_an_attribute_condition_reads_the_named_zone():
    """NS 204.2, NS 1608.1: Geronimo! ambushes only if a 〈Survivor〉 is in its controller's
    ether zone; a Survivor on the field does not count."""
    for ether, ambushed in ((["TZNS-29", "TZNS-31"], True), (["TZNS-29", "TZNS-29"], False)):
        s = scene(p0=dict(hand=["NST1-19"], ether=ether, field=["TZNS-33"], ohigan=["TZNS-17"]))
        to_character_phase(s)
        cast(s, "NST1-19", [OPTION])
        assert (ids(s, s.field[0]) == ["TZNS-33", "TZNS-17"]) == ambushed


def test_plus_karate_plus_durability_lasts_the_turn():
    """NS 1303.1, NS 1201.2b, NS 1213.1f: Fog of War gives +2/+2 this turn: karate and
    durability both rise by 2 (3 damage no longer kills a durability-2 character), and
    both return at the end of the turn."""
    s = scene(p0=dict(hand=["TZNS-34"], ether=["TZNS-29"], field=["TZNS-33"]))
    to_character_phase(s)
    c = s.field[0][0]
    assert (s.karate(c), s.durability(c)) == (2, 2)
    cast(s, "TZNS-34", [lambda st: st.legal[-1]])
    assert (s.karate(c), s.durability(c)) == (4, 4)
    s.dmg[c] = 3
    act(s, PASS)
    assert s.zone[c] == Z_FIELD
    while s.tp == 0:
        act(s, PASS)
    assert (s.karate(c), s.durability(c)) == (2, 2)


def test_a_search_may_find_nothing_and_then_shuffles_the_deck():
    """NS 302.2b, NS 1307.2, NS 1307.4, NS 1316.1, NS 1316.1a: searching the hidden deck the
    player may decline even when a matching card is there; the deck (all of it) is then
    shuffled: same cards, new order."""
    deck = [
        "TZNS-11",
        "TZNS-12",
        "TZNS-17",
        "TZNS-29",
        "TZNS-31",
        "TZNS-33",
        "TZNS-06",
        "TZNS-09",
        "TZNS-02",
        "TZNS-13",
        "TZNS-21",
        "TZNS-28",
    ]
    s = scene(p0=dict(hand=["NST1-71"], ether=["TZNS-12", "TZNS-29"], deck=deck), seed=3)
    before = ids(s, s.deck[0])
    to_character_phase(s)
    seen = []
    cast(s, "NST1-71", [lambda st: seen.append(list(st.legal)) or PASS])
    assert seen and PASS in seen[0] and len(seen[0]) > 1  # a Soukaiya was there to find
    after = ids(s, s.deck[0])
    assert sorted(after) == sorted(before) and after != before
    assert s.field[0] == []


def test_entering_reveals_the_card_pays_its_cost_and_puts_it_on_the_kotodama_space():
    """NS 1204.1, NS 1204.2a, NS 1204.2g-1, NS 1204.2j, NS 1204.2k, NS 203.1, NS 1203.1,
    NS 307.1, NS 310.1: the opponent's hand card is hidden until entered; entering bows
    ether cards equal to its cost and moves it to the kotodama space, where both players
    see it; resolved, a kotodama goes to its owner's Ohigan (NS 308.1, NS 1205.1c)."""
    s = scene(p1=dict(hand=["TZNS-30", "TZNS-17"], ether=["TZNS-29"] * 4))
    act(s, PASS)
    act(s, PASS)
    assert s.dplayer == 1
    view = s.to_dict(0)["players"][1]["hand"]
    assert view == {"count": 2, "known": []}
    card = where(s, "TZNS-30", 1)[0]
    act(s, hand(s, "TZNS-30"))
    while s.dkind == D_PAY_ETHER:
        act(s, s.legal[0])
    assert s.zone[card] == Z_STACK and s.kstack[-1][:2] == [K_CARD, card]
    assert sum(s.bowed[i] for i in s.ether[1]) == 3  # cost 3
    assert [o["card"] for o in s.to_dict(0)["kotodama_space"]] == ["TZNS-30"]
    assert s.to_dict(0)["players"][1]["hand"]["count"] == 1
    while s.zone[card] == Z_STACK:
        act(s, s.legal[0] if s.dkind != D_PRIORITY else PASS)
    assert s.zone[card] == Z_OHIGAN and s.ohigan[1] == [card]


def test_you_means_the_controller_of_the_card_or_ability():
    """NS 105.3, NS 105.3a, NS 105.3b, NS 105.3c, NS 1308.1a: the non-turn player's
    Soukaiya Orders draws for its controller; its opponent draws nothing."""
    s = scene(p0=dict(deck=["TZNS-29"] * 10), p1=dict(hand=["TZNS-16"], ether=["TZNS-29"], deck=["TZNS-17"] * 10))
    act(s, PASS)
    act(s, PASS)
    cast(s, "TZNS-16")
    assert ids(s, s.hand[1]) == ["TZNS-17"] and s.hand[0] == [] and len(s.deck[0]) == 10


def test_killed_cards_go_to_their_owners_ohigan():
    """NS 105.2, NS 302.5, NS 1311.1, NS 1311.2: player 0's Assassination Order kills player
    1's character, which goes to its owner's (player 1's) Ohigan at once."""
    s = scene(p0=dict(hand=["TZNS-20"], ether=["TZNS-29"] * 3), p1=dict(field=["TZNS-23"]))
    to_character_phase(s)
    c = s.field[1][0]
    cast(s, "TZNS-20", [OPP_FIELD])
    assert s.owner[c] == 1 and s.ohigan[1] == [c] and all(s.owner[i] == 0 for i in s.ohigan[0])


def test_a_card_found_by_an_attribute_search_is_shown_to_both_players():
    """NS 1307.3, NS 1609.1: Yorokonde! searches the deck for a 〈Soukaiya〉 character; the
    card chosen is known to both players (it is ambushed onto the field, seen in the
    opponent's view) while the rest of the deck stays hidden."""
    s = scene(p0=dict(hand=["NST1-71"], ether=["TZNS-12", "TZNS-29"], deck=["TZNS-11", "TZNS-29", "TZNS-17"]))
    to_character_phase(s)
    cast(s, "NST1-71", [lambda st: OPTION + _options(st).index("TZNS-11"), PASS])
    view = s.to_dict(1)["players"][0]
    assert [c["card"] for c in view["field"]] == ["TZNS-11"]
    assert view["deck"] == 2 and "deck_cards" not in view


def test_minus_karate_minus_durability_lowers_both_and_can_kill(tmp_path):
    """NS 1303.2, NS 1004.1: 'gets -1/-1 this turn' lowers karate and durability by 1; a
    durability-1 character then has durability 0, so its 0 damage is enough to kill it at
    the rule check; a durability-2 one survives with 1."""
    import textwrap

    from tcgzoo.envs.ninja_slayer import Game
    from tcgzoo.envs.ninja_slayer.cards import CARD_DIR

    extra = tmp_path / "minus.yaml"
    extra.write_text(
        textwrap.dedent("""\
        cards:
          - id: TEST-M
            name: Weaken
            type: kotodama
            cost: 1
            actions: [{do: pump, karate: -1, durability: -1, target: {zone: field, side: opp}}]
        """),
        encoding="utf-8",
    )
    g = Game(
        decks=("survivor_freelance", "zaibatsu_control"),
        first_player=0,
        concession=False,
        auto_forced=False,
        builtin_cards=False,
        cards=sorted(str(p) for p in CARD_DIR.glob("*.yaml")) + [str(extra)],
    )
    s = scene(p0=dict(hand=["TEST-M"], ether=["TZNS-29"]), p1=dict(field=["TZNS-17"]), game=g)
    to_character_phase(s)
    yak = s.field[1][0]
    assert (s.karate(yak), s.durability(yak)) == (1, 2)
    cast(s, "TEST-M", [OPP_FIELD])
    assert (s.karate(yak), s.durability(yak)) == (0, 1) and s.zone[yak] == Z_FIELD
    t = scene(p0=dict(hand=["TEST-M"], ether=["TZNS-29"]), p1=dict(field=["TZNS-31"]), game=g)
    to_character_phase(t)
    dojo = t.field[1][0]
    cast(t, "TEST-M", [OPP_FIELD])
    assert t.zone[dojo] == Z_OHIGAN


def _game_with(tmp_path, text):
    import textwrap

    from tcgzoo.envs.ninja_slayer import Game
    from tcgzoo.envs.ninja_slayer.cards import CARD_DIR

    extra = tmp_path / "extra.yaml"
    extra.write_text(textwrap.dedent(text), encoding="utf-8")
    return Game(
        decks=("survivor_freelance", "zaibatsu_control"),
        first_player=0,
        concession=False,
        auto_forced=False,
        builtin_cards=False,
        cards=sorted(str(p) for p in CARD_DIR.glob("*.yaml")) + [str(extra)],
    )


DISCARD_REMOVE = """\
    cards:
      - {id: TEST-D2, name: Sacrifice, type: kotodama, cost: 1, actions: [{do: discard, n: 2}, {do: draw, n: 1}]}
      - {id: TEST-DA, name: Clean Slate, type: kotodama, cost: 1, actions: [{do: discard, n: all}, {do: draw, n: 2}]}
      - {id: TEST-RF, name: Banish, type: kotodama, cost: 1, actions: [{do: remove, target: {zone: field, side: opp}}]}
      - {id: TEST-RO, name: Exorcise, type: kotodama, cost: 1,
         actions: [{do: remove, target: {zone: ohigan, side: opp}}]}
    """


def test_discard_moves_chosen_hand_cards_to_ohigan(tmp_path):
    """NS 1309.1, NS 104.2: 'discard 2' lets its controller choose two of their hand cards
    (one at a time, among hand slots), which go to their Ohigan; with one card in hand it
    discards that one and the rest of the text still happens."""
    g = _game_with(tmp_path, DISCARD_REMOVE)
    s = scene(
        p0=dict(hand=["TEST-D2", "TZNS-31", "TZNS-17", "TZNS-12"], ether=["TZNS-29"], deck=["TZNS-29"] * 10), game=g
    )
    to_character_phase(s)
    asked = []

    def pick(st):
        asked.append(list(st.legal))
        return st.legal[0]

    cast(s, "TEST-D2", [pick, pick])
    assert asked == [[OWN_HAND, OWN_HAND + 1, OWN_HAND + 2], [OWN_HAND, OWN_HAND + 1]]
    assert len(s.ohigan[0]) == 3 and len(s.hand[0]) == 2  # 2 discarded + the kotodama; 1 left + 1 drawn
    s = scene(p0=dict(hand=["TEST-D2", "TZNS-31"], ether=["TZNS-29"], deck=["TZNS-29"] * 10), game=g)
    to_character_phase(s)
    cast(s, "TEST-D2")
    assert sorted(ids(s, s.ohigan[0])) == ["TEST-D2", "TZNS-31"] and ids(s, s.hand[0]) == ["TZNS-29"]


def test_discard_your_hand_discards_all_and_counts_even_when_empty(tmp_path):
    """NS 1309.2: 'discard your hand' moves every hand card to Ohigan without a choice; with
    an empty hand it is done all the same and the text goes on (draw 2)."""
    g = _game_with(tmp_path, DISCARD_REMOVE)
    s = scene(p0=dict(hand=["TEST-DA", "TZNS-31", "TZNS-17"], ether=["TZNS-29"], deck=["TZNS-12"] * 10), game=g)
    to_character_phase(s)
    cast(s, "TEST-DA")
    assert sorted(ids(s, s.ohigan[0])) == ["TEST-DA", "TZNS-17", "TZNS-31"] and ids(s, s.hand[0]) == ["TZNS-12"] * 2
    s = scene(p0=dict(hand=["TEST-DA"], ether=["TZNS-29"], deck=["TZNS-12"] * 10), game=g)
    to_character_phase(s)
    cast(s, "TEST-DA")
    assert ids(s, s.ohigan[0]) == ["TEST-DA"] and ids(s, s.hand[0]) == ["TZNS-12"] * 2


def test_remove_puts_the_card_into_its_owners_removed_zone(tmp_path):
    """NS 1324.1, NS 311.1, NS 311.2: 'remove' takes an opposing character from the field
    (not killed: no 'when killed' trigger, not in Ohigan) or a card from the opponent's
    Ohigan to its owner's removed zone, which both players see."""
    g = _game_with(tmp_path, DISCARD_REMOVE)
    s = scene(
        p0=dict(hand=["TEST-RF", "TEST-RO"], ether=["TZNS-29", "TZNS-29"]),
        p1=dict(field=["TZNS-31"], ohigan=["TZNS-21"]),
        game=g,
    )
    to_character_phase(s)
    dojo = s.field[1][0]
    cast(s, "TEST-RF", [OPP_FIELD])
    parked = len(s.removed[1]) - 1  # the scene parks the unused cards there
    assert s.removed[1][-1] == dojo and s.field[1] == [] and not s.kstack and not s.pending
    assert ids(s, s.ohigan[1]) == ["TZNS-21"]
    cast(s, "TEST-RO", [OPTION])
    assert ids(s, s.removed[1][parked:]) == ["TZNS-31", "TZNS-21"] and s.ohigan[1] == []
    assert [c["card"] for c in s.to_dict(0)["players"][1]["removed"][parked:]] == ["TZNS-31", "TZNS-21"]
    s.check_invariants()


MAY_DISCARD = """\
    cards:
      - {id: TEST-DM, name: Trade In, type: kotodama, cost: 1,
         actions: [{do: discard, n: 1, may: true}, {do: draw, n: 2}]}
    """


def test_discard_and_you_may_is_a_cost_chosen_on_resolution(tmp_path):
    """NS 1203.7, NS 1203.7a, NS 1203.6, NS 1203.6a: 'discard 1, and you may draw 2': on
    resolution the effect's controller (here the non-turn player) chooses to discard a
    hand card and then draws 2, or declines and draws nothing; with an empty hand the cost
    can't be paid, so nothing is drawn and nothing is asked."""
    g = _game_with(tmp_path, MAY_DISCARD)
    for pay in (True, False):
        s = scene(p1=dict(hand=["TEST-DM", "TZNS-31"], ether=["TZNS-29"], deck=["TZNS-12"] * 10), game=g)
        act(s, PASS)
        act(s, PASS)
        assert s.dplayer == 1
        asked = []

        def pick(st, asked=asked, pay=pay):
            asked.append((st.dplayer, list(st.legal)))
            return OWN_HAND if pay else PASS

        cast(s, "TEST-DM", [pick])
        assert asked == [(1, [PASS, OWN_HAND])]
        if pay:
            assert sorted(ids(s, s.ohigan[1])) == ["TEST-DM", "TZNS-31"] and ids(s, s.hand[1]) == ["TZNS-12"] * 2
        else:
            assert ids(s, s.ohigan[1]) == ["TEST-DM"] and ids(s, s.hand[1]) == ["TZNS-31"]
    s = scene(p1=dict(hand=["TEST-DM"], ether=["TZNS-29"], deck=["TZNS-12"] * 10), game=g)
    act(s, PASS)
    act(s, PASS)
    asked = []
    cast(s, "TEST-DM", [lambda st: asked.append(st.dkind) or st.legal[0]])
    assert asked == [] and s.hand[1] == [] and len(s.deck[1]) == 10


def test_discard_card_data_errors_name_the_field(tmp_path):
    """NS 1309.2, NS 1203.7: 'discard n: all' is done even with an empty hand, so it can't
    be an optional cost; a bad count is reported with its field."""
    import pytest
    from tcgzoo.envs.core.errors import CardFileError

    with pytest.raises(CardFileError, match=r"TEST-X.*may"):
        _game_with(
            tmp_path,
            """\
            cards:
              - {id: TEST-X, name: Bad, type: kotodama, cost: 1, actions: [{do: discard, n: all, may: true}]}
            """,
        )
    with pytest.raises(CardFileError, match=r"TEST-Y.*n"):
        _game_with(
            tmp_path,
            """\
            cards:
              - {id: TEST-Y, name: Bad, type: kotodama, cost: 1, actions: [{do: discard, n: 0}]}
            """,
        )


def test_choosing_two_never_picks_the_same_card_twice():
    """NS 1204.2e-2, NS 104.2: Brain Damage deals 2 damage to up to 2 opposing characters:
    once one is chosen it is not offered again; with a single opposing character only one
    choice is asked and it takes the damage once."""
    s = scene(p0=dict(hand=["TZNS-30"], ether=["TZNS-29"] * 3), p1=dict(field=["TZNS-17", "TZNS-27"]))
    to_character_phase(s)
    asked = []
    cast(
        s,
        "TZNS-30",
        [
            lambda st: asked.append(list(st.legal)) or OPP_FIELD + 1,
            lambda st: asked.append(list(st.legal)) or st.legal[-1],
        ],
    )
    assert asked == [[PASS, OPP_FIELD, OPP_FIELD + 1], [PASS, OPP_FIELD]]
    assert s.field[1] and ids(s, s.field[1]) == ["TZNS-27"] and s.dmg[s.field[1][0]] == 2
    s = scene(p0=dict(hand=["TZNS-30"], ether=["TZNS-29"] * 3), p1=dict(field=["TZNS-27"]))
    to_character_phase(s)
    asked = []
    cast(s, "TZNS-30", [lambda st: asked.append(list(st.legal)) or OPP_FIELD] * 2)
    assert asked == [[PASS, OPP_FIELD]] and s.dmg[s.field[1][0]] == 2


def test_a_discard_choice_shows_no_stale_option_list(tmp_path):
    """NS 1309.1, NS 302.2: choosing hand cards to discard is made by hand slot; the
    decision's option list (in the observation) is empty, not left over from the ether
    payment before it."""
    g = _game_with(tmp_path, DISCARD_REMOVE)
    s = scene(p0=dict(hand=["TEST-D2", "TZNS-31", "TZNS-17"], ether=["TZNS-29"], deck=["TZNS-29"] * 10), game=g)
    to_character_phase(s)
    seen = []

    def pick(st):
        seen.append(st.to_dict(0).get("options"))
        return st.legal[0]

    cast(s, "TEST-D2", [pick, pick])
    assert seen == [[], []]
