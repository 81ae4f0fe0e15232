"""The Ninja Slayer card language on the shared effect core (``envs/core/vocab.py``): every
word registered once with its rule and phrases, looked up once at load, its function kept in
the compiled record; load errors still name file, entry and field."""

from __future__ import annotations

import pytest
from tcgzoo.envs.core.cardtext import Phrasebook, VocabText
from tcgzoo.envs.core.errors import CardFileError
from tcgzoo.envs.ninja_slayer.cards import load_pool
from tcgzoo.envs.ninja_slayer.verbs import PUBLIC_ZONES, VOCAB, Verb


def _load(tmp_path, body):
    p = tmp_path / "c.yaml"
    p.write_text("cards:\n  - " + body + "\n", encoding="utf-8")
    return load_pool([p])


def _actions(pool):
    for ab in pool.abilities:
        for m in ab.modes or [ab.actions]:
            yield from m


def test_every_verb_is_registered_with_its_rule_and_phrases():
    """The instructions of NS chapter 13: each verb says which rule it implements and how it reads (Japanese as the
    rules print it, an English gloss); its parameters are declared, and the zones a targeted
    verb takes are among the target zones."""
    verbs = VOCAB.words["verb"]
    assert {
        "draw",
        "recover",
        "damage",
        "damage_player",
        "kill",
        "bow",
        "untap",
        "ambush",
        "to_hand",
        "pump",
        "grant",
        "search_ambush",
        "counter",
        "delay",
        "discard",
        "remove",
        "gain_attribute",
        "lose_keyword",
        "gain_keyword",
        "set_attribute",
        "enter",
    } == set(verbs)
    for name, w in verbs.items():
        assert w.rule.startswith("NS ") and w.doc and w.ja and w.en, name
        assert isinstance(w.data, Verb) and callable(w.data.step), name
        if "target" in w.params:
            assert w.data.zones and set(w.data.zones) <= set(PUBLIC_ZONES) | {"hand", "stack"}, name
        else:
            assert w.data.step is w.fn, name  # a verb with its own steps is its own step


def test_every_phrase_is_a_template_of_the_words_parameters():
    """A phrase names only the word's own parameters (and pump's ``{changes}``, its numbers as one
    phrase), so the shared renderer (``envs/core/cardtext.VocabText``) can fill it in."""
    from tcgzoo.envs.ninja_slayer.text import VERB_SLOTS

    assert VocabText(VOCAB, Phrasebook("ninja_slayer", {})).template_problems({"verb": VERB_SLOTS}) == []


def test_every_registered_word_renders_from_its_registration():
    """The renderer (``text.TEXT``, a ``VocabText``) prints every registered filter, condition
    and value from its own templates; a word registered without one fails by name."""
    from tcgzoo.envs.ninja_slayer.text import TEXT, VERB_SLOTS

    assert TEXT.template_problems({"verb": VERB_SLOTS}) == []
    samples = {
        "attribute": "Ninja",
        "type": "character",
        "name": "Suicide",
        "name_not": "Suicide",
        "name_has": "Yakuza",
        "bowed": True,
        "own_field": {"attribute": "Ninja"},
        "own_ether": {"attribute": "Ninja"},
        "field_ge": {"attribute": "Ninja", "n": 2},
    }
    for kind in ("filter", "condition"):
        for name in VOCAB.words[kind]:
            [p] = TEXT.tests(kind, {name: samples.get(name, 3)}, None)
            assert p.ja and p.en and "{" not in p.ja + p.en, (kind, name, p)
    for name in VOCAB.names("value"):
        p = TEXT.value({name: "own_hand"}, None)
        assert p.ja == "あなたの手札の枚数" and p.en == "the number of cards in your hand"
    for name in VOCAB.words["value"]:
        if name.startswith(("stat:", "quantity:")):
            kind, word = name.split(":")
            p = TEXT.value({kind: word}, None)
            assert p.ja and p.en, name


def test_a_word_without_templates_is_named(monkeypatch):
    from tcgzoo.envs.core.cardtext import MissingPhrase
    from tcgzoo.envs.ninja_slayer.text import TEXT

    monkeypatch.setattr(VOCAB.words["filter"]["name_has"], "ja", "")
    assert any("'name_has'" in line for line in TEXT.template_problems())
    with pytest.raises(MissingPhrase, match="name_has"):
        TEXT.tests("filter", {"name_has": "Yakuza"}, None)


def test_values_and_comparisons_render_with_their_words(tmp_path):
    """A card written with the core's values and comparisons prints them in words: a counted X
    with a modifier, a cost comparison against a value of this card, a quantity comparison, a
    negated and an alternative condition (issue 10)."""
    from tcgzoo.envs.ninja_slayer import text

    body = (
        "{id: V-1, name: V, type: kotodama, cost: 2, x: {count: opp_field, times: 2}, "
        "if: {own_hand_le: 3, not: {own_field: {attribute: Ninja}}}, "
        "actions: [{do: damage_player, n: X, player: opp}]}\n"
        "  - {id: V-2, name: W, type: character, cost: 3, karate: 2, durability: 2, kousaku: 1, "
        "effects: [{trigger: appears, if: {any_of: [{compare: {quantity: opp_field, gt: {quantity: own_field}}}, "
        "{opp_damage_ge: 5}]}, "
        "actions: [{do: kill, target: {side: opp, filter: {cost_lt: {stat: cost, of: self}, not: {bowed: true}}}}]}]}\n"
        "  - {id: V-3, name: Y, type: character, cost: 3, karate: 2, durability: 2, kousaku: 1, "
        "effects: [{trigger: appears, x: {sum: [{count: own_hand}, {quantity: opp_hand}], plus: 1}, "
        "actions: [{do: draw, n: X}]}]}"
    )
    pool = _load(tmp_path, body)
    [[(ja, en)]] = text.render(pool, "V-1").effects
    assert ja == (
        "Xは相手の場のキャラクターの数×2に等しい。あなたの手札の枚数が3以下、かつあなたの場に他の〈Ninja〉が1人以上いなければ、"
        "相手に Xダメージを与える。"
    ).replace(" ", "")
    assert en == (
        "X is the number of characters on your opponent's field × 2. If the number of cards in your hand "
        "is 3 or less and you do not have another 〈Ninja〉 on your field, deal X damage to your opponent."
    )
    [[(ja, en)]] = text.render(pool, "V-2").effects
    assert ja == (
        "■これが登場した時、相手の場のキャラクターの数があなたの場のキャラクターの数より多い、"
        "または相手のダメージ・ゾーンのカードの枚数が5以上なら、"
        "相手の場のコストこれのコスト未満のオジギ状態でないキャラクター1人を殺す。"
    )
    assert en == (
        "■When this appears, if the number of characters on your opponent's field is more than the "
        "number of characters on your field or the number of cards in your opponent's damage zone is 5 or "
        "more, kill 1 character with cost less than this card's cost not bowed on your opponent's field."
    )
    [[(ja, en)]] = text.render(pool, "V-3").effects
    assert ja == "■これが登場した時、Xは（あなたの手札の枚数＋相手の手札の枚数）＋1に等しい。X枚ドロー。"
    assert en == (
        "■When this appears, X is (the number of cards in your hand + the number of cards in your "
        "opponent's hand) + 1. Draw X."
    )


def test_compiled_actions_keep_the_verbs_function():
    """Looked up once at load: every action of the built-in pool holds its verb's function and
    run record, and keeps the verb's name for readers (the heuristic agent reads ``do``)."""
    pool = load_pool()
    verbs = VOCAB.words["verb"]
    seen = set()
    for a in _actions(pool):
        if a.do == "satsubatsu":  # the keyword's own trigger (NS 1403.2), not a word of the language
            continue
        assert a.fn is verbs[a.do].fn and a.verb is verbs[a.do].data
        seen.add(a.do)
    assert {"draw", "damage", "kill", "pump", "search_ambush", "counter"} <= seen


@pytest.mark.parametrize(
    "action, where",
    [
        (
            "{do: kil, target: {zone: field, side: opp}}",
            r"field 'actions\[0\].do': 'kil' is not one of the verbs .*"
            r"did you mean 'kill'\?",
        ),
        ("{do: draw, n: 1, target: self}", r"field 'actions\[0\].target': unknown field of verb 'draw'"),
        ("{do: recover, n: X}", r"field 'actions\[0\].n': expected an integer"),
        ("{do: draw, n: 0}", r"field 'actions\[0\].n': must be at least 1 \(or 'X'\)"),
        ("{do: damage, target: {zone: field, side: opp}}", r"field 'actions\[0\].n': is required"),
        ("{do: bow, target: {zone: hand}}", r"field 'actions\[0\].target.zone': .* by 'pump' only"),
        (
            "{do: to_hand, target: {zone: field}}",
            r"field 'actions\[0\].target.zone': 'to_hand' takes cards from the "
            r"ohigan zone",
        ),
        ("{do: enter}", r"field 'actions\[0\].free': only 'free: true'"),
        (
            "{do: lose_keyword, target: {zone: field}, keyword: karate}",
            r"field 'actions\[0\].keyword': 'karate' is not "
            r"one of interrupt",
        ),
        ("{do: draw, n: 100}", r"field 'actions\[0\].n': 100 is out of range"),
    ],
)
def test_verb_errors_name_file_entry_and_field(tmp_path, action, where):
    """A misspelt verb gets the nearest one; a parameter the verb does not take, a bad number
    (beyond the cards' bound too) or a target zone the verb can't take names its field."""
    with pytest.raises(CardFileError, match=r"c.yaml, entry 'K-1', " + where):
        _load(tmp_path, "{id: K-1, name: A, type: kotodama, cost: 1, actions: [" + action + "]}")


# ---- filters and conditions (words.py) ----------------------------------------------------------------
def _board():
    """Player 1: Yakuza Squad (cost 1), Sonic Boom (2), a bowed Soukaiya Enforcer (3) and Soukaiya
    Recruiter (2: 'your other characters are also 〈Soukaiya〉'); player 0: Laomoto Kan (6)."""
    from ns_scenario import scene

    return scene(p0=dict(field=["TZNS-13"]), p1=dict(field=["TZNS-17", "TZNS-12", ("TZNS-18", True, False), "TZNS-63"]))


def _ck():
    from tcgzoo.envs.core.cardfile import Checker

    return Checker("t.yaml", "T-1", {})


def _picked(s, data, src=-1, base=True):
    from ns_scenario import ids
    from tcgzoo.envs.ninja_slayer.words import passes

    filt = VOCAB.compile_filter(_ck(), "filter", data)
    return ids(s, [j for j in s.field[1] if passes(s, filt, j, src, 0, base)])


def test_filter_words_and_the_comparisons_of_a_number():
    """NS 203, 1302.1, 1302.1a, 303.1: cost_le as before and, from the one registration of the
    number cost, cost_ge / _lt / _gt / _eq; a comparison takes a value ('cost at most this
    card's', {stat: cost, of: self}); name_not is not: {name: ...}; any_of is either."""
    s = _board()
    assert _picked(s, {"cost_le": 2}) == ["TZNS-17", "TZNS-12", "TZNS-63"]
    assert _picked(s, {"cost_ge": 2, "type": "character"}) == ["TZNS-12", "TZNS-18", "TZNS-63"]
    assert _picked(s, {"cost_gt": 1, "cost_lt": 3}) == _picked(s, {"cost_eq": 2}) == ["TZNS-12", "TZNS-63"]
    assert _picked(s, {"name_not": "Sonic Boom"}) == _picked(s, {"not": {"name": "Sonic Boom"}})
    assert _picked(s, {"any_of": [{"name_has": "Yakuza"}, {"bowed": True}]}) == ["TZNS-17", "TZNS-18"]
    boom = s.field[1][1]
    assert _picked(s, {"cost_le": {"stat": "cost", "of": "self"}}, src=boom) == ["TZNS-17", "TZNS-12", "TZNS-63"]


def test_an_attribute_is_read_as_the_card_has_it_now_for_a_target_and_for_a_count():
    """NS 1213.1b, 1302.2, 1302.2a (ruling on 1325.1): Yakuza Squad is 〈Soukaiya〉 while the Recruiter
    is on its field: a count of the field (base False) and a target's filter both see it."""
    s = _board()
    assert _picked(s, {"attribute": "Soukaiya"}) == ["TZNS-17", "TZNS-12", "TZNS-18", "TZNS-63"]
    assert _picked(s, {"attribute": "Soukaiya"}, base=False) == ["TZNS-17", "TZNS-12", "TZNS-18", "TZNS-63"]


def test_condition_words_quantities_and_combinators():
    """NS-G11, 306.5a: the existing conditions (opp_field_ge, field_ge, own_field: 'another') and,
    from the registered quantities, every comparison of a count; several conditions must all
    hold; not, any_of and compare come from the shared core."""
    from tcgzoo.envs.ninja_slayer.rules import cond_ok

    s = _board()
    laomoto = s.field[0][0]

    def holds(data, p=0, src=-1):
        return cond_ok(s, VOCAB.compile_condition(_ck(), "if", data), p, src)

    assert holds({"opp_field_ge": 4}) and not holds({"opp_field_gt": 4}) and holds({"opp_field_eq": 4})
    assert holds({"own_field_lt": 2}) and holds({"own_damage_le": 0}) and not holds({"own_damage_ge": 1})
    # both fields: Laomoto Kan and player 1's four, the Squad by its gained attribute
    assert holds({"field_ge": {"attribute": "Soukaiya", "n": 5}})
    assert not holds({"field_ge": {"attribute": "Soukaiya", "n": 6}})
    assert holds({"own_field": {"cost_ge": 6}}) and not holds({"own_field": {"cost_ge": 6}}, src=laomoto)
    assert holds({"own_field": {"attribute": "Yakuza"}}, p=1) and not holds({"own_ether": {"attribute": "Yakuza"}}, p=1)
    assert not holds({"opp_field_ge": 1, "own_damage_ge": 1})  # all must hold
    assert holds({"not": {"own_damage_ge": 1}}) and holds({"any_of": [{"own_damage_ge": 1}, {"opp_field_ge": 1}]})
    assert holds({"compare": {"quantity": "opp_field", "gt": {"quantity": "own_field", "times": 3}}})


BIG_GAME = """\
cards:
  - {id: TEST-BG, name: Big Game, type: kotodama, cost: 1, if: {opp_field_ge: 2, own_hand_le: 3},
     actions: [{do: kill, target: {zone: field, side: opp, filter: {cost_ge: 3}}}]}
"""


def test_a_card_with_the_new_words_plays(tmp_path):
    """NS 1311, 1205.1: 'if your opponent has 2 or more characters and you have 3 or fewer cards
    in hand, kill an opposing character with cost 3 or more': only the Enforcer is offered."""
    from ns_cov import cast, to_character_phase
    from ns_scenario import OPP_FIELD, ids, scene
    from tcgzoo.envs.ninja_slayer import Game

    extra = tmp_path / "extra.yaml"
    extra.write_text(BIG_GAME, encoding="utf-8")
    game = Game(
        decks=("survivor_freelance", "zaibatsu_control"),
        first_player=0,
        concession=False,
        auto_forced=False,
        cards=[str(extra)],
    )
    assert game.pool.cards[game.pool.by_id["TEST-BG"]].text_ability.cond  # compiled tests
    s = scene(p0=dict(hand=["TEST-BG"], ether=["TZNS-29"]), p1=dict(field=["TZNS-17", "TZNS-12", "TZNS-18"]), game=game)
    to_character_phase(s)
    offered = []
    cast(s, "TEST-BG", [lambda st: offered.append(list(st.legal)) or st.legal[0]])
    assert offered == [[OPP_FIELD + 2]]  # the Enforcer (cost 3), not the Squad (1) or Sonic Boom (2)
    assert ids(s, s.field[1]) == ["TZNS-17", "TZNS-12"]


@pytest.mark.parametrize(
    "body, where",
    [
        (
            "actions: [{do: kill, target: {zone: field, filter: {cost_lee: 2}}}]",
            r"field 'actions\[0\].target.filter.cost_lee': 'cost_lee' is not one of the filters .*did you mean 'cost_le'",
        ),
        (
            "actions: [{do: kill, target: {zone: field, filter: {type: spell}}}]",
            r"field 'actions\[0\].target.filter.type': 'spell' is not one of character, kotodama",
        ),
        (
            "actions: [{do: kill, target: {zone: field, filter: {cost_le: true}}}]",
            r"field 'actions\[0\].target.filter.cost_le': expected an integer or a value mapping",
        ),
        (
            "actions: [{do: kill, target: {zone: field, filter: {cost_le: 1000}}}]",
            r"field 'actions\[0\].target.filter.cost_le': 1000 is out of range: .* -99..99",
        ),
        (
            "if: {opp_feild_ge: 1}, actions: [{do: draw, n: 1}]",
            r"field 'if.opp_feild_ge': .*did you mean 'opp_field_ge'",
        ),
        (
            "if: {field_ge: {attribute: A, n: 0}}, actions: [{do: draw, n: 1}]",
            r"field 'if.field_ge.n': must be at least 1",
        ),
        ("if: {own_field: Freelance}, actions: [{do: draw, n: 1}]", r"field 'if.own_field': expected a filter mapping"),
        ("if: 3, actions: [{do: draw, n: 1}]", r"field 'if': expected a condition mapping"),
    ],
)
def test_filter_and_condition_errors_name_the_field(tmp_path, body, where):
    with pytest.raises(CardFileError, match=r"c.yaml, entry 'K-1', " + where):
        _load(tmp_path, "{id: K-1, name: A, type: kotodama, cost: 1, " + body + "}")


# ---- values (the shared core's Value) ------------------------------------------------------------------
COUNTED = """\
cards:
  - {id: TEST-CX, name: Double Count, type: kotodama, cost: 1, x: {count: opp_field, times: 2},
     actions: [{do: draw, n: X}]}
  - {id: TEST-CZ, name: Empty Count, type: kotodama, cost: 1, x: {quantity: own_hand, plus: -5},
     actions: [{do: draw, n: X}]}
  - {id: TEST-CD, name: Grave Giant, type: character, cost: 1, durability: 2, kousaku: 1,
     static: {define: {karate: X}, x: {count: own_ohigan, plus: 1}}}
"""


def _counted_game(tmp_path):
    from tcgzoo.envs.ninja_slayer import Game

    extra = tmp_path / "extra.yaml"
    extra.write_text(COUNTED, encoding="utf-8")
    return Game(
        decks=("survivor_freelance", "zaibatsu_control"),
        first_player=0,
        concession=False,
        auto_forced=False,
        cards=[str(extra)],
    )


def test_a_counted_x_is_a_shared_value(tmp_path):
    """NS 1304.3, 1205.1b: 'X is twice the number of your opponent's characters' is counted when
    the ability resolves, with the shared value modifiers; a value below 0 counts as 0 (nothing
    is drawn, as with X = 0)."""
    from ns_cov import cast, to_character_phase
    from ns_scenario import scene

    game = _counted_game(tmp_path)
    s = scene(
        p0=dict(hand=["TEST-CX"], ether=["TZNS-29"], deck=["TZNS-29"] * 10),
        p1=dict(field=["TZNS-17", "TZNS-12"]),
        game=game,
    )
    to_character_phase(s)
    cast(s, "TEST-CX")
    assert len(s.hand[0]) == 4 and len(s.deck[0]) == 6  # X = 2 x 2
    s = scene(p0=dict(hand=["TEST-CZ", "TZNS-29"], ether=["TZNS-29"], deck=["TZNS-29"] * 10), game=game)
    to_character_phase(s)
    cast(s, "TEST-CZ")
    assert len(s.hand[0]) == 1 and len(s.deck[0]) == 10  # X = 1 - 5 -> 0


def test_a_defined_number_is_a_shared_value_counted_whenever_read(tmp_path):
    """NS 1210.2, 1304.4: 'this one's karate is the number of cards in your Ohigan plus 1', read
    again whenever it is needed."""
    from ns_scenario import scene
    from tcgzoo.envs.ninja_slayer.state import Z_OHIGAN

    s = scene(p0=dict(field=["TEST-CD"], ohigan=["TZNS-29", "TZNS-29"]), game=_counted_game(tmp_path))
    giant = s.field[0][0]
    assert s.karate(giant) == 3
    s.move(s.hand[0][0] if s.hand[0] else s.deck[0][0], Z_OHIGAN)
    assert s.karate(giant) == 4


@pytest.mark.parametrize(
    "body, where",
    [
        (
            "x: {count: own_hnd}, actions: [{do: draw, n: X}]",
            r"field 'x.count': 'own_hnd' is not one of own_hand, opp_hand, own_field",
        ),
        ("x: {count: own_hand, per: 0}, actions: [{do: draw, n: X}]", r"field 'x.per': must be at least 1"),
        ("x: {count: own_hand, times: 1000}, actions: [{do: draw, n: X}]", r"field 'x.times': 1000 is out of range"),
        ("x: {count: own_hand}, actions: [{do: draw, n: 1}]", r"field 'x': no action uses 'n: X'"),
        (
            "static: {define: {cost: X}, x: {stat: cost, of: self}}, actions: [{do: draw, n: 1}]",
            r"field 'static.x': a defined value counts cards",
        ),
    ],
)
def test_value_errors_name_the_field(tmp_path, body, where):
    with pytest.raises(CardFileError, match=r"c.yaml, entry 'K-1', " + where):
        _load(tmp_path, "{id: K-1, name: A, type: kotodama, cost: 1, " + body + "}")
