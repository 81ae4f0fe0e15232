"""Leader Melee's card language on the shared effect core (``envs/core/vocab.py``): every word
registered once on ``words.VOCAB`` with its rule and printed phrase, looked up once when a
card file loads, its function kept in the compiled record."""

from __future__ import annotations

import pytest
from tcgzoo.envs.core.errors import CardFileError
from tcgzoo.envs.leader_melee import cards as C
from tcgzoo.envs.leader_melee.cards import load_pool
from tcgzoo.envs.leader_melee.layout import D_FT_MAIN, OPP_BATTLE, OPP_LEADER, OWN_BATTLE
from tcgzoo.envs.leader_melee.state import Z_BATTLE, Z_DROP
from tcgzoo.envs.leader_melee.verbs import VOCAB


def _load(tmp_path, effect: str):
    p = tmp_path / "w.yaml"
    p.write_text(
        "cards:\n  - {id: X-1, name: X, type: battle, color: red, level: 1, power: 1, strike: 1, "
        f"traits: [Knight], effects: [{effect}]}}\n"
    )
    return load_pool([str(p)]).by_id["X-1"].face.abilities[0]


def test_every_verb_is_registered_with_its_rule_and_phrase():
    """Each verb is one function with the rule it implements (cited ``LM n-n``) and how it reads;
    ``cards.ACTIONS`` (read by the printed-text renderer) is the registry, not a second list."""
    verbs = VOCAB.words["verb"]
    assert set(C.ACTIONS) | {"reduce"} == set(verbs)
    for name, w in verbs.items():
        assert callable(w.fn) and w.rule.startswith("LM ") and w.doc and w.ja and w.en, name


def test_the_compiled_action_keeps_the_function_and_the_name(tmp_path):
    """The loader looks the verb up once: the action holds its function (the rules call it) and
    its name ``do`` (read by the heuristic agent); ``amount`` is the number ``n``."""
    a = _load(tmp_path, "{trigger: play, actions: [{do: power, amount: 2000, duration: battle}, {do: draw, n: 1}]}")
    power, draw = a.actions
    assert (power.do, power.fn, power.n, power.duration) == ("power", VOCAB.words["verb"]["power"].fn, 2000, "battle")
    assert power.target.self_ and draw.target is None and draw.fn is VOCAB.words["verb"]["draw"].fn


def test_continuous_words_are_registered_and_looked_up(tmp_path):
    """The words of a 【永続発動】 (8-9, 10-5) are registered (kind ``continuous``) with their rule,
    doc and phrases; the loader looks each up there and the word builds the compiled action
    the rules read (``do`` / ``what`` / ``n`` / ``target``); a misspelt one is named with the
    nearest word."""
    words = VOCAB.words["continuous"]
    assert set(words) == {"power", "strike", "grant", "prohibit"} == set(C.CONT_ACTIONS)
    for name, w in words.items():
        assert w.fn is None and callable(w.data) and w.rule.startswith("LM ") and w.doc and w.ja and w.en, name
    a = _load(
        tmp_path,
        "{continuous: true, actions: [{do: grant, what: defend, target: {side: own}}, "
        "{do: power, amount: 1000, target: {side: own, filter: {trait: Knight}}}, "
        "{do: prohibit, what: melee, target: {side: opp}}]}",
    )
    grant, power, prohibit = a.actions
    assert (grant.do, grant.what, grant.target.side, grant.fn) == ("grant", "defend", "own", None)
    assert (power.do, power.n, power.target.self_) == ("power", 1000, False)
    assert (prohibit.do, prohibit.what, prohibit.target.side) == ("prohibit", "melee", "opp")
    with pytest.raises(CardFileError, match=r"actions\[0\]\.do'.*continuous words .*did you mean 'power'"):
        _load(tmp_path, "{continuous: true, actions: [{do: powr, amount: 1}]}")


@pytest.mark.parametrize(
    "effect,field,msg",
    [
        ("{trigger: play, actions: [{do: drw, n: 1}]}", r"actions\[0\]\.do", "did you mean 'draw'"),
        ("{trigger: play, actions: [{do: reduce, n: 1}]}", r"actions\[0\]\.do", "damage replacement"),
        ("{trigger: play, actions: [{do: rest, amount: 1}]}", r"actions\[0\]\.amount", "rest takes no amount"),
        ("{trigger: play, actions: [{do: draw, n: 1, duration: turn}]}", r"actions\[0\]\.duration", "draw takes no"),
        (
            "{trigger: play, actions: [{do: power, amount: 1, duration: forever}]}",
            r"actions\[0\]\.duration",
            "not one of battle, battle_phase, turn",
        ),
        ("{trigger: play, actions: [{do: draw, n: -1}]}", r"actions\[0\]\.n", "at least 0"),
    ],
)
def test_verb_fields_are_checked_naming_the_field(tmp_path, effect, field, msg):
    with pytest.raises(CardFileError, match=rf"entry 'X-1', field 'effects\[0\]\.{field}'.*{msg}"):
        _load(tmp_path, effect)


# ---- filters and conditions (step 2) -------------------------------------------------------------
def _words(kind, tests):
    by_fn = {w.fn: n for n, w in VOCAB.words[kind].items()}
    return [(by_fn[fn], arg) for fn, arg in tests]


def test_every_existing_spelling_is_a_registered_word(tmp_path):
    """The conditions and filters cards were written with compile to the registered words'
    functions; the numeric ones come from ``VOCAB.quantity`` / ``VOCAB.stat`` (so ``life_lt``,
    ``strike_ge``... exist too), and a target's ``other: true`` is the filter word ``other``."""
    a = _load(
        tmp_path,
        "{trigger: play, condition: {life_le: 3, life_ge: 1, own_battle_ge: 1, opp_battle_ge: 0, "
        "melee_trait: Knight, hand_le: 5, self_power_ge: 1}, actions: [{do: rest, target: "
        "{side: own, other: true, filter: {power_le: 3000, rested: false, trait: Knight, name: X, "
        "character: X, age: Y, non_skill: false, melee_icon: false}}}]}",
    )
    assert _words("condition", a.condition) == [
        ("life_le", 3),
        ("life_ge", 1),
        ("own_battle_ge", 1),
        ("opp_battle_ge", 0),
        ("melee_trait", "Knight"),
        ("hand_le", 5),
        ("self_power_ge", 1),
    ]
    assert _words("filter", a.actions[0].target.filt) == [
        ("power_le", 3000),
        ("rested", False),
        ("trait", "Knight"),
        ("name", "X"),
        ("character", "X"),
        ("age", "Y"),
        ("non_skill", False),
        ("melee_icon", False),
        ("other", True),
    ]
    for name in (
        "life",
        "opp_life",
        "hand",
        "opp_hand",
        "own_battle",
        "opp_battle",
        "energy",
        "opp_energy",
        "self_power",
    ):
        assert all(f"{name}_{op}" in VOCAB.words["condition"] for op in ("le", "ge", "lt", "gt", "eq"))
    for name in ("power", "strike", "level"):
        assert all(f"{name}_{op}" in VOCAB.words["filter"] for op in ("le", "ge", "lt", "gt", "eq"))


def _target_ids(s, src, target):
    from lm_scene import R, ids

    picks = R.target_candidates(s, 0, src, target, [])
    return sorted(ids(s, [R._uid_of(s, 0, a) for a in picks]))


def test_comparisons_and_combinators_select_targets(tmp_path):
    """LM 8-6-3: the chosen cards are those the filter admits. T-V1 3000/1 level 1, T-V2 5000/2
    level 2, T-V0 2000/1 level 0 in the battle area; the leader T-L1 5000 power, no level (2-10-2)."""
    from lm_scene import R, scene

    s = scene(p0=dict(battle=["T-V1", "T-V2", "T-V0"]))
    v1 = s.battle[0][0]
    cases = {
        "{filter: {any_of: [{strike_ge: 2}, {power_lt: 2500}]}}": ["T-V0", "T-V2"],
        "{filter: {not: {level_le: 1}}}": ["T-V2"],
        "{filter: {power_le: {stat: power, of: self}}}": ["T-V0", "T-V1"],  # at most this card's power
        "{filter: {level_eq: 0}, other: true}": ["T-V0"],
        "{filter: {power_ge: 3000, other: false}}": ["T-V1"],  # the filter word: this card
        "{what: any, filter: {power_ge: 5000}}": ["T-L1", "T-V2"],
        "{what: any, filter: {level_ge: 0}}": ["T-V0", "T-V1", "T-V2"],  # a leader has no level
    }
    for tgt, want in cases.items():
        a = _load(tmp_path, f"{{trigger: play, actions: [{{do: rest, target: {{side: own, {tgt[1:]}}}]}}")
        assert _target_ids(s, v1, a.actions[0].target) == want, tgt
    # other: true is 'not this card' for a leader's ability too (it never excluded the leader itself)
    a = _load(
        tmp_path,
        "{trigger: play, actions: [{do: rest, target: {what: any, side: own, other: true, filter: {power_ge: 5000}}}]}",
    )
    assert _target_ids(s, R.leader(0), a.actions[0].target) == ["T-V2"]


def test_conditions_compare_board_numbers(tmp_path):
    """LM 8-3-3: a condition is read when it is needed. Player 0 has 3 life cards and T-V1 in the
    battle area, player 1 has 7 life cards and two battle cards."""
    from lm_scene import R, scene

    s = scene(p0=dict(battle=["T-V1"], life=3), p1=dict(battle=["T-V1", "T-V2"]))
    u = s.battle[0][0]
    for cond, want in {
        "{life_lt: 4}": True,
        "{life_lt: 3}": False,
        "{opp_life_eq: 7}": True,
        "{opp_battle_gt: 1, own_battle_eq: 1}": True,
        "{compare: {quantity: opp_battle, gt: {quantity: own_battle, times: 2}}}": False,
        "{compare: {quantity: life, of: opp, ge: {quantity: life, plus: 4}}}": True,
        "{any_of: [{life_ge: 5}, {self_power_ge: 3000}]}": True,
        "{not: {self_power_gt: 2999}}": False,
    }.items():
        a = _load(tmp_path, f"{{trigger: play, condition: {cond}, actions: [{{do: draw, n: 1}}]}}")
        assert R.condition_ok(s, 0, a.condition, u, s.obj[u]) is want, cond


@pytest.mark.parametrize(
    "effect,field,msg",
    [
        (
            "{continuous: true, actions: [{do: power, amount: 1, target: {side: own, filter: {not: {strike_ge: 2}}}}]}",
            r"actions\[0\]\.target",
            "cannot filter on power, strike or rest",
        ),
        (
            "{continuous: true, actions: [{do: strike, amount: 1, target: {side: own, filter: {any_of: [{trait: K}, "
            "{rested: true}]}}}]}",
            r"actions\[0\]\.target",
            "cannot filter on power, strike or rest",
        ),
        (
            "{continuous: true, actions: [{do: grant, what: defend, target: {side: own, filter: {power_ge: 1}}}]}",
            r"actions\[0\]\.target",
            "cannot depend on power",
        ),
        (
            "{continuous: true, condition: {compare: {stat: power, of: self, ge: 1}}, actions: [{do: power, amount: 1}]}",
            r"condition\.compare",
            "cannot depend on power",
        ),
        (
            "{activated: main, actions: [{do: search, n: 1, filter: {not: {rested: false}}}]}",
            r"actions\[0\]\.filter",
            "neither active",
        ),
        (
            "{trigger: play, condition: {lif_le: 3}, actions: [{do: draw, n: 1}]}",
            r"condition\.lif_le",
            "did you mean 'life_le'",
        ),
        (
            "{trigger: play, actions: [{do: rest, target: {filter: {trait: 3}}}]}",
            r"actions\[0\]\.target\.filter\.trait",
            "expected a string",
        ),
    ],
)
def test_filters_and_conditions_are_checked_naming_the_field(tmp_path, effect, field, msg):
    """A continuous ability may not select or depend on what continuous abilities change (8-9-1:
    it would read itself); a deck card has no position; misspelt words name the nearest one."""
    with pytest.raises(CardFileError, match=rf"entry 'X-1', field 'effects\[0\]\.{field}'.*{msg}"):
        _load(tmp_path, effect)


# ---- values (step 3): numbers counted from the board when they are read ----------------------------------
WORDS_CARDS = """cards:
  - {id: W-KN, name: "Word Knight", type: battle, color: white, level: 1, power: 1000, strike: 1, traits: [Knight]}
  - id: W-CT
    name: "Knight Captain"
    type: battle
    color: white
    level: 1
    power: 2000
    strike: 1
    traits: [Knight]
    text: "[Continuous] This card gets +1000 power for each other <Knight> card in your battle area."
    effects:
      - continuous: true
        actions: [{do: power, amount: {count: {side: own, filter: {trait: Knight, other: true}}, times: 1000}}]
  - id: W-LV
    name: "Parting Tithe"
    type: battle
    color: white
    level: 0
    power: 3000
    strike: 1
    text: "(When this card leaves the battle area) draw 1 card per 2000 of its power there."
    effects:
      - trigger: leave
        actions: [{do: draw, n: {quantity: self_power, per: 2000}}]
  - id: W-DR
    name: "Counting Scout"
    type: battle
    color: white
    level: 1
    power: 1000
    strike: 1
    text: "(Play) draw 1 card per card in your opponent's battle area, then this card gets +1000 power this
      turn per card in your opponent's hand."
    effects:
      - trigger: play
        actions:
          - {do: draw, n: {count: {side: opp}}}
          - {do: power, amount: {quantity: hand, of: opp, times: 1000}}
"""


@pytest.fixture
def wscene(monkeypatch, tmp_path):
    """``lm_scene.scene`` over the test pool and the W-* cards above, whose numbers are values.
    (They are written here, not in ``data/``: the printed-text renderer, ``text.py``, reads
    every card there and does not print values yet.)"""
    import lm_scene
    from tcgzoo.envs.leader_melee import Game

    (tmp_path / "words_cards.yaml").write_text(WORDS_CARDS, encoding="utf-8")
    files = list(lm_scene.CARD_FILES) + [str(tmp_path / "words_cards.yaml")]
    g = Game(
        decks=[lm_scene.DECK, lm_scene.DECK],
        builtin_cards=False,
        cards=files,
        first_player=0,
        max_decisions=0,
        concession=False,
    )
    monkeypatch.setattr(lm_scene, "game", lambda first_player=0, builtin=(): g)
    return lm_scene.scene


def test_a_continuous_amount_is_counted_when_read(wscene):
    """LM 8-9-1-3: Knight Captain (2000) gets +1000 per other <Knight> in its master's battle area,
    counted whenever its power is read (LM 3-1-2: zone counts are public)."""
    from lm_scene import R, place

    s = wscene(p0=dict(battle=["W-CT", "W-KN", "T-V1"]), p1=dict(battle=["W-KN"]))
    cap = s.battle[0][0]
    assert R.stat(s, cap, 0) == 3000  # one other own Knight; the opponent's does not count
    place(s, 0, "W-KN", Z_BATTLE)
    assert R.stat(s, cap, 0) == 4000
    R.move(s, s.battle[0][1], Z_DROP)
    assert R.stat(s, cap, 0) == 3000


def test_a_resolving_number_is_counted_then(wscene):
    """LM 8-6-3: Counting Scout's play skill draws one card per opposing battle card (2), then gets
    +1000 per card in the opponent's hand (2), both counted as each action resolves."""
    from lm_scene import R, play

    s = wscene(p0=dict(hand=["W-DR"], energy=1), p1=dict(battle=["T-V1", "T-V2"], hand=["T-F01", "T-F02"]))
    play(s, "W-DR")
    assert s.dkind == D_FT_MAIN and len(s.hand[0]) == 2
    assert R.stat(s, s.battle[0][0], 0) == 3000


def test_this_cards_number_in_a_value_is_its_last_information(wscene):
    """LM 8-11-1: Parting Tithe (3000, 4000 with the opponent's Aura) is broken; its leave skill
    draws per 2000 of its power there: 2 cards, though in the energy area it shows 3000."""
    from lm_scene import act, play

    s = wscene(p0=dict(hand=["T-XB"]), p1=dict(battle=["W-LV", "E-CA"]))
    n = len(s.hand[1])
    play(s, "T-XB")
    act(s, OPP_BATTLE + 0)
    assert s.dkind == D_FT_MAIN and len(s.hand[1]) == n + 2


def test_count_reads_each_public_zone_and_the_battle_cards(tmp_path):
    """``count``: the cards of a side in a public zone (LM 3-1-2) passing a filter; ``of: attacker``
    is the attack card while it is still there (LM 7-3-1-3, 7-5-1-2-1)."""
    from lm_scene import R, attack, scene

    s = scene(p0=dict(battle=["T-V1", "T-V2"], energy=3), p1=dict(battle=["T-V0"]))
    R.move(s, s.battle[1][0], Z_DROP)
    u = s.battle[0][0]
    for cond in (
        "{count: {side: own, zone: energy}, eq: 3}",
        "{count: {side: own, what: any}, eq: 3}",
        "{count: {side: own, what: leader, filter: {power_ge: 5000}}, eq: 1}",
        "{count: {side: opp, zone: drop}, eq: 1}",
        "{count: {side: opp}, eq: 0}",
        "{count: {side: own, filter: {strike_ge: 2}}, times: 1000, plus: 500, eq: 1500}",
        "{count: {side: own, zone: melee}, eq: 0}",
    ):
        a = _load(tmp_path, f"{{trigger: play, condition: {{compare: {cond}}}, actions: [{{do: draw, n: 1}}]}}")
        assert R.condition_ok(s, 0, a.condition, u, s.obj[u]), cond
    a = _load(
        tmp_path,
        "{trigger: play, condition: {compare: {stat: power, of: attacker, eq: 5000}}, actions: [{do: draw, n: 1}]}",
    )
    assert not R.condition_ok(s, 0, a.condition, u, s.obj[u])  # no battle: no attack card, 0
    attack(s, OWN_BATTLE + 1, OPP_LEADER)
    assert R.condition_ok(s, 0, a.condition, u, s.obj[u])  # T-V2 attacks


@pytest.mark.parametrize(
    "effect,field,msg",
    [
        (
            "{continuous: true, actions: [{do: power, target: self, amount: {quantity: self_power}}]}",
            r"actions\[0\]\.amount",
            "cannot count power",
        ),
        (
            "{continuous: true, actions: [{do: strike, amount: {count: {side: own, filter: {power_ge: 1}}}}]}",
            r"actions\[0\]\.amount",
            "cannot count power",
        ),
        (
            "{trigger: play, actions: [{do: draw, n: {count: {side: own, zone: hand}}}]}",
            r"actions\[0\]\.n\.count\.zone",
            "not one of field, melee, drop, energy",
        ),
        (
            "{trigger: play, actions: [{do: draw, n: {count: {zone: drop}}}]}",
            r"actions\[0\]\.n\.count\.side",
            "is required",
        ),
        (
            "{trigger: play, actions: [{do: draw, n: {count: {side: own, zone: drop, what: leader}}}]}",
            r"actions\[0\]\.n\.count\.what",
            "zone: field",
        ),
        ("{trigger: play, actions: [{do: search, n: 0}]}", r"actions\[0\]\.n", "at least 1"),
        (
            "{trigger: play, actions: [{do: damage, n: {quantity: life, per: 0}}]}",
            r"actions\[0\]\.n\.per",
            "at least 1",
        ),
    ],
)
def test_values_are_checked_naming_the_field(tmp_path, effect, field, msg):
    with pytest.raises(CardFileError, match=rf"entry 'X-1', field 'effects\[0\]\.{field}'.*{msg}"):
        _load(tmp_path, effect)


# ---- printed text from the registrations (text.py, issue 10) -------------------------------------
def test_every_registered_word_renders_from_its_registration():
    """The renderer (``text.TEXT``, a ``VocabText``) prints every registered filter, condition
    and value from its own templates; a word registered without one fails by name."""
    from tcgzoo.envs.leader_melee.text import TEXT

    assert TEXT.template_problems() == []
    samples = {"trait": "Knight", "name": "X", "character": "X", "age": "Special", "melee_trait": "Knight"}
    for kind in ("filter", "condition"):
        for name, w in VOCAB.words[kind].items():
            raw = samples.get(name, True if w.params[""].kind == "bool" else 3)
            [p] = TEXT.tests(kind, {name: raw}, None)
            assert p.ja and p.en and "{" not in p.ja + p.en, (kind, name, p)
    p = TEXT.value({"count": {"side": "opp", "zone": "drop"}}, None)
    assert (p.ja, p.en) == ("相手のドロップエリアのカードの枚数", "the number of cards in your opponent's drop area")
    for name in VOCAB.words["value"]:
        if ":" in name:
            kind, word = name.split(":")
            p = TEXT.value({kind: word}, None)
            assert p.ja and p.en, name


def test_a_word_without_templates_is_named(monkeypatch):
    from tcgzoo.envs.core.cardtext import MissingPhrase
    from tcgzoo.envs.leader_melee.text import TEXT

    monkeypatch.setattr(VOCAB.words["condition"]["melee_trait"], "en", "")
    assert any("'melee_trait'" in line and "English" in line for line in TEXT.template_problems())
    with pytest.raises(MissingPhrase, match="melee_trait"):
        TEXT.tests("condition", {"melee_trait": "Knight"}, None)


def test_values_and_comparisons_render_with_their_words(tmp_path):
    """A card written with the core's values and comparisons prints them in words: a counted
    number with its modifiers, this card's power, a level comparison, a negated and an
    alternative condition."""
    from tcgzoo.envs.leader_melee import text

    p = tmp_path / "w.yaml"
    p.write_text(
        "cards:\n  - {id: X-1, name: X, type: battle, color: red, level: 1, power: 1, strike: 1, effects: [\n"
        "      {trigger: play, condition: {any_of: [{opp_hand_gt: {quantity: hand}}, {not: {life_ge: 3}}]},\n"
        "       actions: [{do: draw, n: {count: {side: own, zone: drop, filter: {trait: Knight}}, per: 2, "
        "max: 3}},\n"
        "                 {do: break, target: {side: opp, filter: {level_le: 2, power_lt: {stat: power, "
        "of: self}}}}]}]}\n"
    )
    pool = load_pool([str(p)])
    [[(ja, en)]] = text.render(pool, "X-1").effects
    assert ja == (
        "【自動発動】このカードがバトルエリアに出た時、相手の手札が自分の手札より多い、または"
        "自分のライフが3枚以上でない時、カード自分のドロップエリアの<Knight>を持つカードの枚数÷2（端数切り捨て）"
        "（最大3）枚を引く。相手のレベル2以下のパワーこのカードのパワー未満のバトルカード1枚をブレイクする。"
    )
    assert en == (
        "[Auto] When this card enters the battle area, if the number of cards in your opponent's hand is "
        "more than the number of cards in your hand or your life is not 3 or more, draw the number of cards "
        "with the trait <Knight> in your drop area ÷ 2 (rounded down) (at most 3) card(s). Break 1 opposing "
        "battle card with level 2 or less with less than this card's power."
    )
