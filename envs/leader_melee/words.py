"""The Leader Melee card language's words of the board: filters and conditions, on the shared
effect core.

Every word of the card language is registered once on :data:`VOCAB` (a
:class:`tcgzoo.envs.core.vocab.Vocabulary`) with the rule it implements and how it reads
on a card; the card loader (``cards.py``) looks each word up once, when the card file
loads, and keeps its function in the compiled record, so the rules call it directly.
The verbs are in ``verbs.py``.

Shapes (see the vocabulary module): a filter is ``fn(state, card, src, player, arg, base)``
(``base`` is not read: no Leader Melee number needs a printed reading to stop a recursion,
since a continuous ability may not select on power, :func:`reads_modified`), a condition
``fn(state, src, player, arg)``; ``src`` is the card whose ability it is, ``player`` its
master. A number of a card (``VOCAB.stat``) gives the filters ``<stat>_le`` .. ``_eq``; a
number of the board (``VOCAB.quantity``) the conditions ``<name>_le`` .. ``_eq``: one line
each in the tables below.

A word's ``ja`` / ``en`` templates are how it reads on a card: ``text.py`` renders every word
from them. A modifier before a noun has no の of its own (the renderer adds it: 「《X》の」), a
choice (``rested: true`` / ``false``) is the renderer's phrase of that value, and a template may
ask for a form of its value: ``{.cards}`` (a number of cards, 「4枚」) or ``{.power}`` ("3000
power"); a value computed from the board prints as its own noun there.
"""

from __future__ import annotations

from ..core.vocab import COMPARATOR_TEXT, COMPARATORS, Param, Vocabulary, zone_sizes
from .cards import T_LEADER
from .rules import face_of, leader, passes, power_of, stat

VOCAB = Vocabulary("leader_melee")
VOCAB.subjects = ("self", "attacker", "guard")  # a value's of: (State.vocab_subject)


# ---- numbers of a card: filters <stat>_le/_ge/_lt/_gt/_eq and the value {stat: ..., of: ...} ----------
VOCAB.stat(
    "power",
    lambda s, u, base: stat(s, u, 0),
    rule="LM 2-8, 8-9-1",
    doc="power now: the visible face's, then effects in timestamp order, floored at 0 (1-3-6); "
    "a card outside the leader / battle / melee areas has its printed power",
    ja="パワー",
    en="power",
)
VOCAB.stat(
    "strike",
    lambda s, u, base: stat(s, u, 1),
    rule="LM 2-9, 8-9-1",
    doc="strike now, as power",
    ja="ストライク",
    en="strike",
)
for _stat in ("power", "strike"):  # "with 3000 power or less", as card text says it (text.py's value forms)
    for _op, (_, _et) in COMPARATOR_TEXT.items():
        VOCAB.words["filter"][f"{_stat}_{_op}"].en = "with " + _et.replace("{}", "{." + _stat + "}")
VOCAB.stat(
    "level",
    lambda s, u, base: s.defs[s.cdef[u]].level,
    rule="LM 2-10",
    doc="the printed level; only battle and extra cards have one (2-10-2)",
    ja="レベル",
    en="level",
    present=lambda s, u: s.defs[s.cdef[u]].type != T_LEADER,
)

#: the numbers continuous effects change (8-9-1-3): a continuous ability whose condition or
#: selector read one would read itself (``cards.reads_modified``)
MODIFIED = ("power", "strike", "self_power")


# ---- the other filters: card information of the visible face and the card's position -----------------
@VOCAB.filter(
    "rested", params={"": Param.bool()}, rule="LM 4-7-1", doc="is rested (true) or active (false)", ja="{}", en="{}"
)  # 「レストの」「アクティブの」: text.py's choices
def f_rested(s, u, src, p, v, base):
    return bool(s.rest[u]) == v


@VOCAB.filter(
    "trait",
    params={"": Param.str()},
    rule="LM 2-6-3",
    doc="has the trait (< >)",
    ja="<{}>を持つ",
    en="with the trait <{}>",
)
def f_trait(s, u, src, p, v, base):
    return v in face_of(s, u).traits


@VOCAB.filter(
    "name", params={"": Param.str()}, rule="LM 2-1-2", doc="has that card name (《》)", ja="《{}》", en="named 《{}》"
)
def f_name(s, u, src, p, v, base):
    return face_of(s, u).name == v


@VOCAB.filter(
    "character",
    params={"": Param.str()},
    rule="LM 2-5-3",
    doc="has that character name (「」)",
    ja="「{}」",
    en="of the character 「{}」",
)
def f_character(s, u, src, p, v, base):
    return face_of(s, u).character == v


@VOCAB.filter(
    "age", params={"": Param.str()}, rule="LM 2-7-3", doc="has that age ({ })", ja="｛{}｝", en="of the age ｛{}｝"
)
def f_age(s, u, src, p, v, base):
    return face_of(s, u).age == v


@VOCAB.filter(
    "non_skill",
    params={"": Param.bool()},
    rule="LM 2-11-4",
    doc="is (true) / is not (false) a card without skills",
    ja="{}",
    en="{}",
)  # text.py's choices
def f_non_skill(s, u, src, p, v, base):
    return face_of(s, u).non_skill == v


@VOCAB.filter(
    "melee_icon",
    params={"": Param.bool()},
    rule="LM 2-13-2",
    doc="has (true) / has not (false) a melee skill (the melee icon)",
    ja="{}",
    en="{}",
)  # text.py's choices
def f_melee_icon(s, u, src, p, v, base):
    return face_of(s, u).melee_icon == v


@VOCAB.filter(
    "other",
    params={"": Param.bool()},
    rule="LM 8-6-3",
    doc="is another card than this one (false: this card); a target's other: true is this word",
    ja="{}",
    en="{}",
)  # text.py's choices
def f_other(s, u, src, p, v, base):
    return (u != src) == v


# ---- numbers of the board: conditions <name>_le/_ge/_lt/_gt/_eq and the value {quantity: ...} -------
def _self_power(s, src, p):
    """This card's power, as the object that has the ability: its last information once it has
    moved on (8-11-1; ``condition_ok`` names the object, ``State.this_obj``)."""
    return power_of(s, src, s.this_obj if s.this_card == src else s.obj[src])


QUANTITIES = (
    *zone_sizes(
        "life", ("life", "opp_life"), "LM 3-9", "{your} life cards", ("自分のライフ", "相手のライフ"), "{your} life"
    ),
    *zone_sizes(
        "hand",
        ("hand", "opp_hand"),
        "LM 3-3",
        "the cards in {your} hand",
        ("自分の手札", "相手の手札"),
        "the number of cards in {your} hand",
    ),
    *zone_sizes(
        "battle",
        ("own_battle", "opp_battle"),
        "LM 3-6",
        "the cards in {your} battle area",
        ("自分のバトルエリアのカード", "相手のバトルエリアのカード"),
        "the number of cards in {your} battle area",
    ),
    *zone_sizes(
        "energy",
        ("energy", "opp_energy"),
        "LM 3-8",
        "the cards in {your} energy area",
        ("自分のエネルギー", "相手のエネルギー"),
        "the number of cards in {your} energy area",
    ),
    (
        "self_power",
        _self_power,
        "LM 2-8, 8-11-1",
        "this card's power (as it was there, once it has moved on)",
        "このカードのパワー",
        "this card's power",
    ),
)
for _name, _get, _rule, _doc, _ja, _en in QUANTITIES:
    VOCAB.quantity(_name, _get, rule=_rule, doc=_doc, ja=_ja, en=_en)
# how the comparisons print (text.py reads the registered templates): a number of cards is counted
# in 枚 (「自分のライフが4枚以下」: the value's form ``cards``, a plain number with 枚), and the ones
# the cards use read as the rules word them
for _name in [q[0] for q in QUANTITIES if q[0] != "self_power"]:
    for _op in COMPARATORS:
        _w = VOCAB.words["condition"][f"{_name}_{_op}"]
        _w.ja = _w.ja.replace("{}", "{.cards}")
for _word, _en in (
    ("own_battle_ge", "you have {} or more cards in your battle area"),
    ("opp_battle_ge", "your opponent has {} or more cards in their battle area"),
    ("hand_le", "you have {} or fewer cards in hand"),
):
    VOCAB.words["condition"][_word].en = _en


@VOCAB.condition(
    "melee_trait",
    params={"": Param.str()},
    rule="LM 2-6-3, 3-7",
    doc="a card with the trait (its printed front face's) is in your melee area",
    ja="自分の乱戦エリアに<{}>を持つカードがある",
    en="you have a <{}> card in your melee area",
)
def c_melee_trait(s, src, p, t):
    defs, cdef = s.defs, s.cdef
    return any(t in defs[cdef[m]].faces[0].traits for m in s.melee[p])


# ---- values: counted numbers of the board (3-1-2: every zone's card count is public) ---------------------
COUNT_ZONES = ("field", "melee", "drop", "energy")


class Count:
    """What ``count`` counts: the cards of ``side`` in ``zone`` (``field``: the leader / battle
    areas, as ``what`` picks them, like a target) that pass ``filt``."""

    __slots__ = ("what", "side", "zone", "filt")

    def __init__(self, what: str, side: str, zone: str, filt: tuple) -> None:
        self.what, self.side, self.zone, self.filt = what, side, zone, filt


def _count_param(vocab, ck, field, v):
    c = ck.sub(field, v)
    c.only(("what", "side", "zone", "filter"))
    zone = c.choice("zone", COUNT_ZONES, "field")
    if zone != "field" and "what" in v:
        c.fail("what", "only the leader / battle areas (zone: field) are chosen by what")
    what = c.choice("what", ("battle", "leader", "any"), "battle")
    flt = c.get("filter", dict, {})
    return Count(what, c.choice("side", ("own", "opp")), zone, vocab.compile_filter(c, "filter", flt))


@VOCAB.value(
    "count",
    params={"": Param.custom(_count_param)},
    rule="LM 3-1-2",
    doc="the number of cards of a side (required) in a public zone passing the filter: zone field "
    "(the default: the leader / battle areas, what: battle, leader or any, as a target), melee, drop "
    "or energy; for 「～1枚につき」 with times",
    ja="{}の枚数",
    en="the number of {}",
)
def v_count(s, src, p, c):
    q = p if c.side == "own" else 1 - p
    z = c.zone
    if z == "field":
        w = c.what
        cards = s.battle[q] if w == "battle" else [leader(q)] if w == "leader" else [leader(q)] + s.battle[q]
    else:
        cards = s.melee[q] if z == "melee" else s.drop[q] if z == "drop" else s.energy[q]
    if not c.filt:
        return len(cards)
    return sum(1 for u in cards if passes(s, u, c.filt, src, p))


def reads_modified(data) -> bool:
    """Does this filter or condition mapping (``not``, ``any_of``, ``compare`` and values
    included) read a number continuous effects change (:data:`MODIFIED`)?"""
    if isinstance(data, dict):
        for k, v in data.items():
            if k in ("stat", "quantity") and v in MODIFIED:
                return True
            if isinstance(k, str) and "_" in k:
                name, op = k.rsplit("_", 1)
                if op in COMPARATORS and name in MODIFIED:
                    return True
            if reads_modified(v):
                return True
    elif isinstance(data, list):
        return any(reads_modified(x) for x in data)
    return False


def reads(data, word: str) -> bool:
    """Is the filter word ``word`` used anywhere in this mapping (``not`` and ``any_of`` included)?"""
    if isinstance(data, dict):
        return word in data or any(reads(v, word) for v in data.values())
    if isinstance(data, list):
        return any(reads(x, word) for x in data)
    return False
