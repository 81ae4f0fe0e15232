"""The Battle Spirits card language's words of the board: filters, conditions and values.

Registered on :data:`VOCAB` (a :class:`tcgzoo.envs.core.vocab.Vocabulary`), so the card
loader looks each word up once and the engine calls its function directly. The verbs are
in ``verbs.py``; ``docs/card-language.md`` is the reader's reference for every word.

Shapes (see the vocabulary module): a filter is ``fn(state, card, src, player, arg, base)``,
a condition ``fn(state, src, player, arg)``, a value leaf ``fn(state, src, player, arg)``;
``src`` is the card whose effect it is, ``player`` the effect's controller.
"""

from __future__ import annotations

from ..core.errors import short
from ..core.vocab import Param, Vocabulary, zone_sizes
from .cards import (
    B_SOULPAID,
    B_TREAT,
    COLOR_INDEX,
    COLORS,
    EV,
    SIDE_OWN,
    SPIRIT,
    TRIGGERS,
    TYPES,
    TZ_HAND,
    Target,
    base_name,
    colors_map,
    count_target,
    mark,
    target_spec,
)
from .layout import ST_ATTACK, ST_CORE, ST_DRAW, ST_END, ST_MAIN, ST_MAIN2, ST_REFRESH, ST_START
from .state import S_LIFE, S_RESERVE, S_TRASH, S_VOID, Z_FIELD, Z_TRASH, Z_WAIT

VOCAB = Vocabulary("battle_spirits")
VOCAB.subjects = ("self", "attacker", "blocker")
VOCAB.target_compiler = target_spec


# ---- stats of a card: filters <stat>_le/_ge/_lt/_gt/_eq and the value {stat: ..., of: ...} ----
def _bp(s, i: int, base: bool) -> int:
    if s.zone[i] != Z_FIELD:
        for c, bp in s.last_bp:  # a battling spirit that left the field in this battle: as it last was
            if c == i:
                return bp
        d = s.defs[s.cdef[i]]
        return d.lv_bp[0] if d.lv_bp else 0  # off the field: the printed Lv1 BP
    return s.base_bp(i) if base else s.bp(i)


def _on_field(s, i: int) -> bool:
    return s.zone[i] == Z_FIELD


VOCAB.stat(
    "bp",
    _bp,
    rule="BS 2-9",
    doc="BP (on the field as modified; a battling spirit that left the field in the battle: its BP as it last "
    "was there, until the battle ends; elsewhere the printed Lv1 BP)",
    ja="BP",
    en="BP",
)


def _cost(s, i: int, base: bool) -> int:
    d = s.defs[s.cdef[i]]
    if d.trash_cost >= 0 and s.zone[i] == Z_TRASH:  # 「トラッシュにあるこのカードをコスト4にする」
        return d.trash_cost
    return d.cost


VOCAB.stat(
    "cost",
    _cost,
    rule="BS 2-2",
    doc="the printed cost (in the trash, the cost a card's trash_cost constant gives it there)",
    ja="コスト",
    en="cost",
)
VOCAB.stat(
    "level",
    lambda s, i, base: s.level(i),
    rule="BS 2-8",
    doc="the level, for cards on the field",
    ja="Lv",
    en="level",
    present=_on_field,
)
VOCAB.stat(
    "cores",
    lambda s, i, base: s.ncores(i),
    rule="BS 4-8",
    doc="the cores on the card (soul core included)",
    ja="コアの数",
    en="cores",
    present=_on_field,
)
VOCAB.stat(
    "symbols",
    lambda s, i, base: s.defs[s.cdef[i]].sym_total if base or s.zone[i] != Z_FIELD else s.symbols(i),
    rule="BS 2-10",
    doc="the number of symbols",
    ja="シンボル",
    en="symbols",
)


# ---- other filters ---------------------------------------------------------------------------
@VOCAB.filter(
    "color",
    params={"": Param.named(COLOR_INDEX, "color")},
    rule="BS 2-11",
    doc="has that colour (a multicolour card has each of its colours)",
    ja="{}",
    en="{}",
)
def f_color(s, i, src, p, c, base):
    if s.bflags & B_TREAT:  # also_color / colorless constants (BS 2-11)
        return (s.color_mask(i) >> c) & 1
    return (s.defs[s.cdef[i]].color_mask >> c) & 1


@VOCAB.filter(
    "family",
    params={"": Param.str()},
    rule="BS 2-6",
    doc="has that family (系統)",
    ja="系統：「{}」を持つ",
    en="with the family {}",
)
def f_family(s, i, src, p, v, base):
    if s.bflags & B_TREAT:  # also_family constants
        return v in s.families_of(i)
    return v in s.defs[s.cdef[i]].families


@VOCAB.filter(
    "name_has",
    params={"": Param.str()},
    rule="BS 2-1",
    doc="its name contains the text",
    ja="カード名に「{}」を含む",
    en='with "{}" in the name',
)
def f_name_has(s, i, src, p, v, base):
    d = s.defs[s.cdef[i]]
    if v in d.name:
        return True
    if len(d.names) > 1 or s.bflags & B_TREAT:  # 2-1-3: names it is also treated as having
        return any(v in n for n in s.names_of(i))
    return False


def _name_param(vocab, ck, field, v):
    if not isinstance(v, str) or not v:
        ck.fail(field, "expected a card name")
    return base_name(v)


@VOCAB.filter(
    "name_is",
    params={"": Param.custom(_name_param)},
    rule="BS 2-1-2, 2-1-3, 2-1-4",
    doc="it has that card name (「」 with no other kind named); a [n] identifier is not part of "
    "the name; names the card is also treated as having count. 「～以外」 is not: {name_is: ..}",
    ja="「{}」",
    en="named {}",
)
def f_name_is(s, i, src, p, v, base):
    return v in s.names_of(i)


def _trigger_param(vocab, ck, field, v):
    if v not in EV:
        ck.fail(field, f"expected a trigger name ({', '.join(TRIGGERS)})")
    return EV[v]


@VOCAB.filter(
    "has_trigger",
    params={"": Param.custom(_trigger_param)},
    rule="BS 9-1-5, 12-2-1-6",
    doc="its text has a triggered effect of that event (「『召喚時』効果を持つ」), working or not",
    ja="『{}』効果を持つ",
    en="with a {} effect",
)
def f_has_trigger(s, i, src, p, ev, base):
    return ev in s.defs[s.cdef[i]].triggers


@VOCAB.filter(
    "exhausted",
    params={"": Param.bool()},
    rule="BS 5-5-1-2",
    doc="is exhausted (true) or not",
    ja="疲労状態",
    en="exhausted",
)
def f_exhausted(s, i, src, p, v, base):
    return (s.exh[i] > 0) == v


@VOCAB.filter(
    "recovered",
    params={"": Param.bool()},
    rule="BS 5-5-1-1",
    doc="is recovered (true) or not",
    ja="回復状態",
    en="recovered",
)
def f_recovered(s, i, src, p, v, base):
    return (s.exh[i] == 0) == v


@VOCAB.filter(
    "type",
    params={"": Param.named(TYPES, "type")},
    rule="BS 2-5",
    doc="of that card type",
    ja="{}カードである",
    en="{}",
)
def f_type(s, i, src, p, t, base):
    return s.defs[s.cdef[i]].type == t


@VOCAB.filter(
    "not_self",
    params={"": Param.bool()},
    rule="BS 9-3-2",
    doc="is another card than this one",
    ja="このカード以外",
    en="other than this card",
)
def f_not_self(s, i, src, p, v, base):
    return (i != src) == v


@VOCAB.filter(
    "has_ex_symbol",
    params={"": Param.bool()},
    rule="BS 2-10-3",
    doc="has an EX symbol",
    ja="EXシンボルを持つ",
    en="with an EX symbol",
)
def f_has_ex(s, i, src, p, v, base):
    return s.defs[s.cdef[i]].ex == v


# ---- quantities of the board: conditions <q>_le/_ge/... and the value {quantity: ...} -----------
def _spirits(s, q: int) -> int:
    defs, cdef = s.defs, s.cdef
    return sum(1 for j in s.field[q] if defs[cdef[j]].type == SPIRIT)


QUANTITIES = (
    ("life", lambda s, src, p: s.life[p], "BS 4-7", "your life", "自分のライフ", "your life"),
    (
        "opp_life",
        lambda s, src, p: s.life[1 - p],
        "BS 4-7",
        "your opponent's life",
        "相手のライフ",
        "your opponent's life",
    ),
    *zone_sizes(
        "hand",
        ("hand", "opp_hand"),
        "BS 4-3",
        "the cards in {your} hand",
        ("自分の手札の枚数", "相手の手札の枚数"),
        "the number of cards in {your} hand",
    ),
    (
        "reserve",
        lambda s, src, p: s.reserve[p] + (s.soul[p] == S_RESERVE),
        "BS 4-6",
        "the cores in your reserve (soul core included)",
        "自分のリザーブのコアの数",
        "the number of cores in your reserve",
    ),
    *zone_sizes(
        "trash",
        ("trash_cards", "opp_trash_cards"),
        "BS 4-4",
        "the cards in {your} trash",
        ("自分のトラッシュのカードの枚数", "相手のトラッシュのカードの枚数"),
        "the number of cards in {your} trash",
    ),
    (
        "own_spirits",
        lambda s, src, p: _spirits(s, p),
        "BS 4-5",
        "your spirits",
        "自分のスピリットの数",
        "the number of your spirits",
    ),
    (
        "opp_spirits",
        lambda s, src, p: _spirits(s, 1 - p),
        "BS 4-5",
        "your opponent's spirits",
        "相手のスピリットの数",
        "the number of your opponent's spirits",
    ),
    (
        "opp_exhausted",
        lambda s, src, p: sum(1 for j in s.field[1 - p] if s.exh[j]),
        "BS 5-5-1-2",
        "your opponent's exhausted field cards",
        "相手の疲労状態のカードの数",
        "the number of your opponent's exhausted cards",
    ),
    (
        "level",
        lambda s, src, p: s.level(src) if src >= 0 and s.zone[src] in (Z_FIELD, Z_WAIT) else 0,
        "BS 2-8",
        "this card's level",
        "このカードのLv",
        "this card's level",
    ),
    (
        "attacks",
        lambda s, src, p: s.attacks,
        "BS 8-1-1, 7-7-1",
        "the attacks declared this turn (by the turn player: 「このターン相手が1回もアタックしてこなかったら」 is "
        "attacks_eq: 0 in the opponent's turn)",
        "このターンのアタックの回数",
        "the number of attacks this turn",
    ),
)
for _name, _get, _rule, _doc, _ja, _en in QUANTITIES:
    VOCAB.quantity(_name, _get, rule=_rule, doc=_doc, ja=_ja, en=_en)


def _symbols_param(vocab, ck, field, v):
    return tuple(sorted(colors_map(ck, field, v).items()))


@VOCAB.condition(
    "symbols_ge",
    params={"": Param.custom(_symbols_param)},
    rule="BS 2-10",
    doc="your field has at least these symbols",
    ja="自分のフィールドに{}以上ある",
    en="you have {} or more on your field",
)
def c_symbols_ge(s, src, p, need):
    fs = s.field_symbols(p)
    return all(fs[c] >= n for c, n in need)


@VOCAB.condition(
    "soul_core_on_self",
    params={"": Param.bool()},
    rule="BS 5-7, 12-2-1-1",
    doc="the soul core is (true) / is not (false) on this card",
    ja="このカードにソウルコアが置かれている",
    en="the soul core is on this card",
)
def c_soul_on_self(s, src, p, v):
    return (s.soul[p] == src) == v


@VOCAB.condition(
    "attacking",
    params={"": Param.bool()},
    rule="BS 12-2-1-8",
    doc="this spirit is (true) / is not (false) the attacking spirit",
    ja="このスピリットがアタックしている",
    en="this spirit is attacking",
)
def c_attacking(s, src, p, v):
    return (s.attacker == src) == v


@VOCAB.condition(
    "blocking",
    params={"": Param.bool()},
    rule="BS 12-2-1-10",
    doc="this spirit is (true) / is not (false) the blocking spirit",
    ja="このスピリットがブロックしている",
    en="this spirit is blocking",
)
def c_blocking(s, src, p, v):
    return (s.blocker == src) == v


@VOCAB.condition(
    "own_turn",
    params={"": Param.bool()},
    rule="BS 5-3-2",
    doc="it is (true) / is not (false) your turn",
    ja="自分のターンである",
    en="it is your turn",
)
def c_own_turn(s, src, p, v):
    return (s.tp == p) == v


@VOCAB.condition(
    "family_on_field",
    params={"": Param.str()},
    rule="BS 2-6",
    doc="you have a spirit or nexus of that family",
    ja="自分のフィールドに系統：「{}」を持つカードがある",
    en="you have a card with the family {} on your field",
)
def c_family_on_field(s, src, p, v):
    if s.bflags & B_TREAT:  # also_family constants
        return any(v in s.families_of(j) for j in s.field[p])
    return any(v in s.defs[s.cdef[j]].families for j in s.field[p])


# ---- values --------------------------------------------------------------------------------------
def _count_param(vocab, ck, field, v):
    t = count_target(ck, field, v)
    if not isinstance(t, Target):
        ck.fail(field, "count takes a target mapping (what, side, zone, filter)")
    if t.zone == TZ_HAND and t.side != SIDE_OWN and t.filt:
        ck.fail(field, "the opponent's hand is hidden: count its cards without a filter")
    return t


def _matching(s, src, p, t):
    """The cards matching a count target mapping, as seen by ``p`` (a generator)."""
    zone = (s.field, s.trash, s.hand)[t.zone]
    for q in (p,) if t.side == 0 else (1 - p,) if t.side == 1 else (p, 1 - p):
        for i in zone[q]:
            if s.matches(t, i, src, p, hand_ok=t.zone == TZ_HAND):
                yield i


@VOCAB.value(
    "count",
    params={"": Param.custom(_count_param)},
    rule="BS 1-4-7",
    doc="the number of cards matching the target mapping (for 「～1枚/1体につき」)",
    ja="{}の数",
    en="the number of {}",
)
def v_count(s, src, p, t):
    return sum(1 for _ in _matching(s, src, p, t))


# ---- the board (issue 10, card language v2): existence, where the soul core is, the step ---------
@VOCAB.condition(
    "has",
    params={"": Param.custom(_count_param)},
    rule="BS 9-2-1",
    doc="at least one card matches the target mapping (「～があるとき / ～がいる間」); "
    "'none' is not: {has: ...}; a number of them is compare: {count: ..., ge: N}",
    ja="{}がある",
    en="there is at least one of the {}",
)
def c_has(s, src, p, t):
    for _ in _matching(s, src, p, t):
        return True
    return False


SOUL_PLACES = ("trash", "reserve", "life", "void", "field")


@VOCAB.condition(
    "soul_core_in",
    params={"": Param.choice(SOUL_PLACES)},
    rule="BS 5-7, 4-4, 4-6",
    doc="your soul core is in that place (field: on one of your field cards)",
    ja="自分の{}に[ソウルコア]がある",
    en="your soul core is in your {}",
)
def c_soul_core_in(s, src, p, where):
    x = s.soul[p]
    if where == "field":
        return x >= 0 and s.zone[x] == Z_FIELD
    return x == {"trash": S_TRASH, "reserve": S_RESERVE, "life": S_LIFE, "void": S_VOID}[where]


def _soulpaid_param(vocab, ck, field, v):
    if not isinstance(v, bool):
        ck.fail(field, f"expected true or false, got {short(v)}")
    mark(B_SOULPAID)  # the play handler records who paid with the soul core only in games that ask
    return v


@VOCAB.condition(
    "paid_with_soul_core",
    params={"": Param.custom(_soulpaid_param)},
    rule="BS 11-1-1-5, 12-2-1-2, 5-7",
    doc="this card's cost was (true) / was not (false) paid using the soul core when it was "
    "played (summoned, deployed or used; 《ソウルマジック》 included), until it moves again",
    ja="[ソウルコア]を使用して支払っていたとき",
    en="if its cost was paid using the soul core",
)
def c_paid_with_soul_core(s, src, p, v):
    return (src in s.soulpaid) == v


STEP_WORDS = ("start", "core", "draw", "refresh", "main", "attack", "end")


@VOCAB.condition(
    "step",
    params={"": Param.choice(STEP_WORDS)},
    rule="BS 7-1-1, 7-8-1",
    doc="the turn is in that step, whoever's turn it is (『お互いのアタックステップ』); with "
    "own_turn: true / false for 『自分の / 相手のアタックステップ』; main is either main step",
    ja="{}ステップである",
    en="it is the {} step",
)
def c_step(s, src, p, name):
    st = s.step
    if name == "main":  # 7-8-1: the second main step is a main step (ruling in battle_spirits_notes.md)
        return st == ST_MAIN or st == ST_MAIN2
    return st == _STEP_CODE[name]


_STEP_CODE = {
    "start": ST_START,
    "core": ST_CORE,
    "draw": ST_DRAW,
    "refresh": ST_REFRESH,
    "attack": ST_ATTACK,
    "end": ST_END,
}


@VOCAB.value(
    "colors",
    params={"": Param.custom(_count_param)},
    rule="BS 2-11, 2-11-1-2",
    doc="the number of different colours among the cards matching the target mapping "
    "(「～の色1色につき」; a multicolour card gives each of its colours)",
    ja="{}の色の数",
    en="the number of colours among {}",
)
def v_colors(s, src, p, t):
    m = 0
    for i in _matching(s, src, p, t):
        m |= s.color_mask(i)
    return bin(m).count("1")


@VOCAB.value(
    "symbols_of",
    params={"": Param.choice(COLORS)},
    rule="BS 2-10, 2-10-2",
    doc="the number of symbols of that colour on your field (「自分の青シンボル1つにつき」: every own "
    "spirit's and nexus's symbols of that colour, with their changes, as reductions count them)",
    ja="自分の{}シンボルの数",
    en="the number of your {} symbols",
)
def v_symbols_of(s, src, p, color):
    return s.field_symbols(p)[COLOR_INDEX[color]]


# ---- the cards an action moved (issue 10, part A of the real-card gaps) ---------------------------
# The effect now resolving keeps the cards its last moving action moved (milled, opened, returned:
# rules.set_moved, the effect's third selection slot), so the next actions can say 「破棄したカードが
# スピリットカードのとき」「それが黄のマジックカードのとき」 (condition) or 「その中のスピリットカード
# 1枚につき」 (value). The cards keep their printed characteristics wherever they went (BS 9-3-2).
def _moved(s) -> list:
    return s.sels[-1] if s.sels else []


def _moved_match(s, i, src, p, filt) -> bool:
    for fn, arg in filt:
        if not fn(s, i, src, p, arg, True):
            return False
    return True


@VOCAB.condition(
    "moved",
    params={"": Param.filter()},
    rule="BS 9-3-2, 1-4-7",
    doc="a card the previous moving action of this effect moved (discard_deck, open, search, "
    "bounce, from_trash) matches the filter ({} : any card was moved); for 「破棄したカードが"
    "スピリットカードのとき」「それが黄のマジックカードのとき」「…を戻したとき」",
    ja="その{}カードがある",
    en="one of those cards is a {} card",
)
def c_moved(s, src, p, filt):
    return any(_moved_match(s, i, src, p, filt) for i in _moved(s))


@VOCAB.value(
    "moved",
    params={"": Param.filter()},
    rule="BS 1-4-7, 9-3-2",
    doc="the number of the cards the previous moving action of this effect moved that match the "
    "filter (「その中のスピリットカード1枚につき」)",
    ja="その中の{}カードの枚数",
    en="the number of {} cards among them",
)
def v_moved(s, src, p, filt):
    return sum(1 for i in _moved(s) if _moved_match(s, i, src, p, filt))


OTHER_THAN = ("self", "attacker", "blocker", "event")


@VOCAB.filter(
    "other_than",
    params={"": Param.choice(OTHER_THAN)},
    rule="BS 9-3-2, 9-1-5",
    doc="is not the card the word names: this card (self), the attacking or blocking spirit, or the card "
    "whose event triggered the effect (event): 「ブロックするスピリット以外」「そのスピリット以外」",
    ja="{}以外",
    en="other than {}",
)
def f_other_than(s, i, src, p, w, base):
    x = src if w == "self" else s.attacker if w == "attacker" else s.blocker if w == "blocker" else s.ev_card
    return i != x
