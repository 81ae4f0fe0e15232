"""The Ninja Slayer card language's vocabulary (``VOCAB``, a shared
:class:`tcgzoo.envs.core.vocab.Vocabulary`): every word a card file may use, registered once
with the rule it implements and how it reads on a card, looked up once when a card file
loads, its function kept in the compiled record and called directly in play.

Here: the filters of targets and counts, the conditions of an ability's ``if`` and the board's
numbers. The verbs are in ``verbs.py``; ``cards.py``'s docstring is the reader's reference.

A word's ``ja`` / ``en`` templates are how it reads on a card (``text.py`` renders them): a
condition's is the bare statement (「あなたの場に他の{}が1人以上いる」 / "you have another {} on your
field"), which the renderer makes conditional (「…いれば、」 / "if …, ") or negates (``not``).

Shapes (those of the vocabulary module): a filter is ``fn(state, card, src, player, arg, base)``,
a condition ``fn(state, src, player, arg)``, a value leaf ``fn(state, src, player, arg)``; ``src``
is the card whose ability it is, ``player`` the ability's controller. ``base`` is True where a
filter reads a card's *printed* characteristics (the targets of an action) and False where it reads
the ones the card has now (NS 1213.1b: the counts of ``field_ge``, ``own_field``, ``own_ether``,
NS 1302.2a); an attribute is always read as the card has it now, gained ones included (1302.2: 〈A〉
is 'a card that includes A', and a gained A is part of the card's information: ruling on 1325.1). Every filter test sees face-up cards only
(:func:`passes`: a face-down card has no card information, NS 309.1b-1).

A number of a card registered with ``VOCAB.stat`` (``cost``) gives the filters ``<stat>_le``,
``_ge``, ``_lt``, ``_gt``, ``_eq``; a number of the board registered with ``VOCAB.quantity``
(``opp_field``, ``own_damage``...) the conditions ``<quantity>_le`` .. ``_eq`` and the value
``{quantity: ...}``: a new number is one registration. Values are the shared core's
(``{count: own_hand}``, ``{quantity: ...}``, ``{stat: cost, of: self}``, ``diff``, ``sum`` and
``times`` / ``per`` / ``plus`` / ``min`` / ``max``): a comparison's right side, a counted X
(NS 1304.3) and the X / Y / Z of a characteristic-defining ability (NS 1210.2, 1304.4).
"""

from __future__ import annotations

from ..core.errors import short
from ..core.vocab import Param, Vocabulary, zone_sizes
from .cards import MAX_NUMBER, TYPES, target_spec

VOCAB = Vocabulary("ninja_slayer")
VOCAB.target_compiler = target_spec  # Param.target(): 'self' or {zone, side, count, up_to, chosen, filter}


def passes(s, filt: tuple, j: int, src: int, p: int, base: bool = True) -> bool:
    """Does card ``j`` pass every test of the compiled filter ``filt``? Never a face-down card
    (no card information, NS 309.1b-1). ``base``: printed attributes (targets) or current ones."""
    if s.face_down[j]:
        return False
    for fn, arg in filt:
        if not fn(s, j, src, p, arg, base):
            return False
    return True


# ---- filters ----------------------------------------------------------------------------------------
VOCAB.stat(
    "cost",
    lambda s, i, base: s.cost_of(i),
    rule="NS 203, 1210.2",
    doc="the cost (a characteristic-defining one included)",
    ja="コスト",
    en="cost",
)


@VOCAB.filter(
    "attribute",
    params={"": Param.str()},
    rule="NS 204, 1302.2, 1213.1b",
    doc="has the attribute as the card has it now, gained ones included (NS 1213.1b): a target's "
    "〈A〉 as a count's (1302.2, ruling on 1325.1)",
    ja="〈{}〉",
    en="〈{}〉",
)
def f_attribute(s, i, src, p, v, base):
    return s.has_attr(i, v)  # 1302.2: 'a card that includes attribute A', whatever gave it A


@VOCAB.filter(
    "type",
    params={"": Param.named(TYPES, "type")},
    rule="NS 205",
    doc="of that card type (character, kotodama)",
    ja="{}",
    en="{}",
)
def f_type(s, i, src, p, t, base):
    return s.defs[s.cdef[i]].type == t


@VOCAB.filter(
    "name",
    params={"": Param.str()},
    rule="NS 1302.1",
    doc="its card name is the whole name (an epithet is not part of it, NS 201-202)",
    ja="“{}”という名前",
    en='named "{}"',
)
def f_name(s, i, src, p, v, base):
    return s.defs[s.cdef[i]].name == v


@VOCAB.filter(
    "name_not",
    params={"": Param.str()},
    rule="NS 1302.1",
    doc="its card name is not the name (「“X”以外の」; the same as not: {name: X})",
    ja="“{}”以外",
    en='other than "{}"',
)
def f_name_not(s, i, src, p, v, base):
    return s.defs[s.cdef[i]].name != v


def _text_param(vocab, ck, field, v):
    if not isinstance(v, str):
        ck.fail(field, f"expected a string, got {short(v)}")
    if not v:
        ck.fail(field, "must not be empty")
    return v


@VOCAB.filter(
    "name_has",
    params={"": Param.custom(_text_param)},
    rule="NS 1302.1a",
    doc="its card name contains the text (「カード名に“X”が含まれている」)",
    ja="カード名に“{}”を含む",
    en='whose name contains "{}"',
)
def f_name_has(s, i, src, p, v, base):
    return v in s.defs[s.cdef[i]].name


@VOCAB.filter(
    "bowed", params={"": Param.bool()}, rule="NS 303.1", doc="is bowed (true) or untapped (false)", ja="{}", en="{}"
)  # 「オジギ状態の」「アンタイ・オジギ状態の」: text.py's choices
def f_bowed(s, i, src, p, v, base):
    return s.bowed[i] == v


# ---- conditions -------------------------------------------------------------------------------------
def _filter_param(vocab, ck, field, v):
    if not isinstance(v, dict):
        ck.fail(field, "expected a filter mapping")
    return vocab.compile_filter(ck, field, v)


@VOCAB.condition(
    "own_field",
    params={"": Param.custom(_filter_param)},
    rule="NS 306, 1302.2a, NS-G11",
    doc="another face-up character on your field matches the filter ({attribute: A}: 'if you have "
    "another 〈A〉'; attributes as it has them now)",
    ja="あなたの場に他の{}が1人以上いる",
    en="you have another {} on your field",
)
def c_own_field(s, src, p, filt):
    for j in s.field[p]:
        if j != src and passes(s, filt, j, src, p, False):
            return True
    return False


@VOCAB.condition(
    "own_ether",
    params={"": Param.custom(_filter_param)},
    rule="NS 307, 1302.2, NS-G11",
    doc="a face-up card of your ether zone, bowed or not, matches the filter (attributes as it has them now)",
    ja="あなたのエテル・ゾーンに{}が1枚以上ある",
    en="there is {.a} in your ether zone",
)
def c_own_ether(s, src, p, filt):
    for j in s.ether[p]:
        if passes(s, filt, j, src, p, False):
            return True
    return False


def _field_count_param(vocab, ck, field, v):
    if not isinstance(v, dict):
        ck.fail(field, "expected a filter mapping with n")
    n = ck.sub(field, v).get("n", int)
    if n < 1:
        ck.sub(field, v).fail("n", "must be at least 1")
    return vocab.compile_filter(ck, field, {k: x for k, x in v.items() if k != "n"}), n


@VOCAB.condition(
    "field_ge",
    params={"": Param.custom(_field_count_param)},
    rule="NS 306.5a, 1302.1b, 1302.2a",
    doc="n or more characters on the field, both players', match the filter (a count that names no "
    "zone counts the field; an attribute as the character has it now)",
    ja="場に{}が{.n}人以上いる",
    en="there are {.n} or more {.plural} on the field",
)
def c_field_ge(s, src, p, arg):
    filt, n = arg
    k = 0
    for q in (0, 1):
        for j in s.field[q]:
            if passes(s, filt, j, src, p, False):
                k += 1
                if k >= n:
                    return True
    return False


# ---- numbers of the board: conditions <q>_le .. _eq and the value {quantity: <q>} ------------------
QUANTITIES = (
    *zone_sizes(
        "hand",
        ("own_hand", "opp_hand"),
        "NS 305",
        "the cards in {your} hand",
        ("あなたの手札の枚数", "相手の手札の枚数"),
        "the number of cards in {your} hand",
    ),
    *zone_sizes(
        "field",
        ("own_field", "opp_field"),
        "NS 306",
        "the characters on {your} field",
        ("あなたの場のキャラクターの数", "相手の場のキャラクターの数"),
        "the number of characters on {your} field",
    ),
    *zone_sizes(
        "ohigan",
        ("own_ohigan", "opp_ohigan"),
        "NS 308",
        "the cards in {your} Ohigan",
        ("あなたのオヒガンのカードの枚数", "相手のオヒガンのカードの枚数"),
        "the number of cards in {your} Ohigan",
    ),
    *zone_sizes(
        "damage",
        ("own_damage", "opp_damage"),
        "NS 309",
        "the cards in {your} damage zone",
        ("あなたのダメージ・ゾーンのカードの枚数", "相手のダメージ・ゾーンのカードの枚数"),
        "the number of cards in {your} damage zone",
    ),
)
for _name, _get, _rule, _doc, _ja, _en in QUANTITIES:
    VOCAB.quantity(_name, _get, rule=_rule, doc=_doc, ja=_ja, en=_en)
# the two comparisons the rules print in their own words (NS-G11: 「…が N人以上いれば」), not as
# 「…の数がN以上」: the registered templates of those words, read by the renderer like any other
for _word, _ja, _en in (
    ("opp_field_ge", "相手の場にキャラクターが{}人以上いる", "your opponent has {} or more characters"),
    (
        "own_damage_ge",
        "あなたのダメージ・ゾーンにカードが{}枚以上ある",
        "you have {} or more cards in your damage zone",
    ),
):
    VOCAB.words["condition"][_word].ja, VOCAB.words["condition"][_word].en = _ja, _en


# ---- values -------------------------------------------------------------------------------------------
COUNTS = tuple(q[0] for q in QUANTITIES)  # the zones {count: ...} names: 'the number of cards in ...'


def _count_param(vocab, ck, field, v):
    if not isinstance(v, str) or v not in COUNTS:
        ck.fail(field, f"{short(v)} is not one of {', '.join(COUNTS)}")
    return vocab.words["value"]["quantity:" + v].data  # the quantity's own count, registered once above


@VOCAB.value(
    "count",
    params={"": Param.custom(_count_param)},
    rule="NS 1304.3, 1304.4",
    doc="the number of cards in that zone, seen from the ability's controller (X is the number of "
    "...'): own_hand, opp_hand, own_field, opp_field, own_ohigan, opp_ohigan, own_damage, opp_damage",
    ja="{}",
    en="{}",
)
def v_count(s, src, p, count):
    return count(s, src, p)


def card_number(v, s, src: int, p: int) -> int:
    """A value used as a card's number — a counted X (NS 1304.3), a defined cost or karate (NS
    1210.2) — computed now and kept within 0..MAX_NUMBER like a printed number: numbers size
    loops in play (a point of damage to a player is a damage check, NS 1003.2), and a number of
    the card is never below 0. (A plain count is within it anyway: a player has 50 cards.)"""
    x = v if v.__class__ is int else v.fn(s, src, p, v)
    return 0 if x < 0 else MAX_NUMBER if x > MAX_NUMBER else x
