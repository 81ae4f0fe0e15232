"""The effect core's vocabulary (``envs/core/vocab.py``): words registered once, compiled
once, called directly; values, comparisons and combinators shared by every game."""

from __future__ import annotations

import pytest
from tcgzoo.envs.core.cardfile import Checker
from tcgzoo.envs.core.errors import CardFileError
from tcgzoo.envs.core.vocab import Param, Value, Vocabulary, read_params, value, zone_sizes


class Board:
    """A tiny game state: cards with a power, two players with a life total."""

    def __init__(self) -> None:
        self.power = [1000, 3000, 5000, 7000]
        self.owner = [0, 0, 1, 1]
        self.life = [5, 2]

    def vocab_subject(self, who: str, src: int, p: int) -> int:
        return src if who == "self" else 3


def make_vocab() -> Vocabulary:
    v = Vocabulary("toy")
    v.subjects = ("self", "biggest")
    v.stat("power", lambda s, i, base: s.power[i], rule="T 1", doc="power", ja="パワー", en="power")
    v.quantity("life", lambda s, src, p: s.life[p], rule="T 2", doc="your life", ja="ライフ", en="life")

    @v.filter("mine", params={"": Param.bool()}, rule="T 3", doc="yours")
    def mine(s, i, src, p, want, base):
        return (s.owner[i] == p) == want

    @v.value("cards", params={"": Param.choice(("own", "opp"))}, rule="T 4", doc="cards of a side")
    def cards(s, src, p, side):
        q = p if side == "own" else 1 - p
        return sum(1 for o in s.owner if o == q)

    return v


def ck(data) -> Checker:
    return Checker("toy.yaml", "C-1", {"x": data})


def test_stat_comparisons_take_values_read_at_use():
    """A stat registers <stat>_le .. _eq filters; the compared value may be derived from
    the board: 'power at most this card's power' is power_le: {stat: power, of: self}."""
    v = make_vocab()
    s = Board()
    filt = v.compile_filter(ck(None), "f", {"power_le": {"stat": "power", "of": "self"}})
    ok = [i for i in range(4) if all(fn(s, i, 2, 0, arg, False) for fn, arg in filt)]
    assert ok == [0, 1, 2]
    s.power[2] = 500  # read when used, not when compiled
    ok = [i for i in range(4) if all(fn(s, i, 2, 0, arg, False) for fn, arg in filt)]
    assert ok == [2]


def test_value_modifiers_and_leaves():
    v = make_vocab()
    s = Board()
    per = v.compile_value(ck(None), "n", {"diff": [{"stat": "power", "of": "biggest"}, {"stat": "power"}], "per": 3000})
    assert isinstance(per, Value) and value(per, s, 0, 0) == 2  # (7000 - 1000) // 3000
    times = v.compile_value(ck(None), "n", {"cards": "opp", "times": 1000, "plus": 500, "max": 2000})
    assert value(times, s, 0, 0) == 2000  # 2 * 1000 + 500, capped at 2000
    assert value(v.compile_value(ck(None), "n", {"quantity": "life", "of": "opp"}), s, 0, 0) == 2
    assert v.compile_value(ck(None), "n", 4) == 4


def test_conditions_and_combinators():
    v = make_vocab()
    s = Board()
    cond = v.compile_condition(ck(None), "if", {"life_ge": 3, "not": {"life_eq": 4}})
    assert all(fn(s, 0, 0, arg) for fn, arg in cond)  # player 0: life 5
    assert not all(fn(s, 0, 1, arg) for fn, arg in cond)  # player 1: life 2
    either = v.compile_filter(ck(None), "f", {"any_of": [{"power_ge": 7000}, {"mine": True}]})
    assert [i for i in range(4) if all(fn(s, i, 0, 0, arg, False) for fn, arg in either)] == [0, 1, 3]


def test_errors_name_the_field_and_suggest_the_nearest_word():
    v = make_vocab()
    with pytest.raises(CardFileError, match=r"field 'f.powr_le': 'powr_le' is not one of .*did you mean 'power_le'"):
        v.compile_filter(ck(None), "f", {"powr_le": 3})
    with pytest.raises(CardFileError, match=r"field 'n.of': 'nobody' is not one of self, biggest"):
        v.compile_value(ck(None), "n", {"stat": "power", "of": "nobody"})
    with pytest.raises(CardFileError, match="exactly one of"):
        v.compile_value(ck(None), "n", {"times": 3})
    with pytest.raises(CardFileError, match="must be at least 1"):
        v.compile_value(ck(None), "n", {"cards": "own", "per": 0})
    # a stat's inner name is no value word of its own (it compiled, then failed in play, before)
    with pytest.raises(CardFileError, match=r"field 'n.stat:power': 'stat:power' is not a value word: write \{stat"):
        v.compile_value(ck(None), "n", {"stat:power": None})
    with pytest.raises(ValueError, match="registered twice"):
        v.add("filter", "mine")


def test_read_params_fills_defaults_and_refuses_unknown_fields():
    v = make_vocab()
    word = v.add(
        "verb", "gain", lambda *a: (True, True), params={"n": Param.value(1), "who": Param.choice(("me", "you"), "me")}
    )
    assert read_params(v, word, Checker("toy.yaml", "C-1", {}), {"do": "gain"}, skip=("do",)) == {"n": 1, "who": "me"}
    with pytest.raises(CardFileError, match=r"field 'whom': unknown field of verb 'gain'.*did you mean 'who'"):
        read_params(v, word, Checker("toy.yaml", "C-1", {}), {"do": "gain", "whom": "you"}, skip=("do",))


def test_compare_condition_compares_two_values_read_at_use():
    """``compare``: a value (leaf and modifiers) with exactly one comparison whose right side
    is a value too; e.g. 'if the opponent has 2 or more cards' is compare: {cards: opp, ge: 2}."""
    v = make_vocab()
    s = Board()
    two = v.compile_condition(ck(None), "if", {"compare": {"cards": "opp", "ge": 2}})
    assert all(fn(s, 0, 0, arg) for fn, arg in two)
    s.owner[3] = 0  # read when checked: the opponent now has one card
    assert not all(fn(s, 0, 0, arg) for fn, arg in two)
    # modifiers apply before comparing; the right side is a value of the board
    rel = v.compile_condition(
        ck(None), "if", {"compare": {"quantity": "life", "times": 2, "lt": {"quantity": "life", "of": "opp"}}}
    )
    s.life = [2, 5]
    assert all(fn(s, 0, 0, arg) for fn, arg in rel)  # 2 * 2 < 5
    s.life = [3, 5]
    assert not all(fn(s, 0, 0, arg) for fn, arg in rel)  # 6 < 5 fails
    assert all(
        fn(s, 0, 0, arg)
        for fn, arg in v.compile_condition(ck(None), "if", {"not": {"compare": {"cards": "own", "eq": 0}}})
    )
    with pytest.raises(
        CardFileError, match=r"field 'if.compare': a comparison needs exactly one of le, ge, lt, gt, eq; got 2"
    ):
        v.compile_condition(ck(None), "if", {"compare": {"cards": "opp", "ge": 1, "le": 3}})
    with pytest.raises(CardFileError, match="compare is a condition"):
        v.compile_filter(ck(None), "f", {"compare": {"cards": "opp", "ge": 1}})
    with pytest.raises(CardFileError, match="exactly one of"):
        v.compile_condition(ck(None), "if", {"compare": {"ge": 1}})


def test_a_plain_number_keeps_the_card_files_bound():
    """A game whose card numbers size loops in play bounds every number through its Checker
    (``max_int``, Ninja Slayer's -99..99): a value or a comparison written as a plain number is
    one of them, as its modifiers already are."""
    v = make_vocab()
    bounded = Checker("toy.yaml", "C-1", {}, max_int=99)
    assert v.compile_value(bounded, "n", -99) == -99
    with pytest.raises(CardFileError, match=r"field 'n': 1000 is out of range: .* -99..99"):
        v.compile_value(bounded, "n", 1000)
    with pytest.raises(CardFileError, match=r"field 'f.power_le': 1000 is out of range"):
        v.compile_filter(bounded, "f", {"power_le": 1000})
    assert v.compile_value(ck(None), "n", 1000) == 1000  # no bound given: none applied


def test_named_parameter_reads_a_name_as_its_number():
    v = make_vocab()
    colors = {"red": 0, "blue": 1, "green": 2}

    @v.filter("color", params={"": Param.named(colors, "color")}, rule="T 5", doc="of that colour")
    def color(s, i, src, p, c, base):
        return i % 3 == c

    filt = v.compile_filter(ck(None), "f", {"color": "green"})
    assert filt == ((color, 2),)  # the name is read once, as its number
    assert [i for i in range(4) if all(fn(Board(), i, 0, 0, arg, False) for fn, arg in filt)] == [2]
    with pytest.raises(
        CardFileError, match=r"field 'f.color': 'bleu' is not one of red, blue, green; did you mean 'blue'"
    ):
        v.compile_filter(ck(None), "f", {"color": "bleu"})
    with pytest.raises(CardFileError, match=r"field 'f.color': 3 is not one of red, blue, green"):
        v.compile_filter(ck(None), "f", {"color": 3})


def test_zone_sizes_count_the_controllers_zone_and_the_opponents():
    class Hands:
        hand = [[7, 8, 9], [5]]

    own, opp = zone_sizes(
        "hand",
        ("own_hand", "opp_hand"),
        "T 6",
        "the cards in {your} hand",
        ("自分の手札", "相手の手札"),
        "the number of cards in {your} hand",
    )
    assert (own[0], own[1](Hands, -1, 0), own[2:]) == (
        "own_hand",
        3,
        ("T 6", "the cards in your hand", "自分の手札", "the number of cards in your hand"),
    )
    assert (opp[0], opp[1](Hands, -1, 0), opp[1](Hands, -1, 1), opp[3], opp[4]) == (
        "opp_hand",
        1,
        3,
        "the cards in your opponent's hand",
        "相手の手札",
    )


def test_checker_strings_names_the_bad_entry():
    assert Checker("toy.yaml", "C-1", {}).strings("traits") == []
    assert Checker("toy.yaml", "C-1", {"kw": ["fly", "swim"]}).strings("kw", ("fly", "swim")) == ["fly", "swim"]
    with pytest.raises(CardFileError, match=r"field 'traits\[1\]': expected a string"):
        Checker("toy.yaml", "C-1", {"traits": ["a", 3]}).strings("traits")
    with pytest.raises(CardFileError, match=r"field 'kw\[0\]': 'dig' is not one of fly, swim"):
        Checker("toy.yaml", "C-1", {"kw": ["dig"]}).strings("kw", ("fly", "swim"))
    with pytest.raises(CardFileError, match=r"field 'kw': expected a list"):
        Checker("toy.yaml", "C-1", {"kw": "fly"}).strings("kw", ("fly", "swim"))
