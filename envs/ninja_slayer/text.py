"""Ninja Slayer TCG card text: a card's entry rendered back as printed (Japanese in the
game's own terms, with an English gloss), so a card file can be checked against the real
card (``tcgzoo cards show NST1-22 --game ninja_slayer``).

The verbs, filters, conditions and values are words of the vocabulary (``words.py``,
``verbs.py``): their phrases are the ``ja`` / ``en`` templates of their registrations, read by
the shared walker of ``envs/core/cardtext.py`` (:class:`NinjaSlayerText`), so a newly
registered word -- a comparison, a value, ``not`` / ``any_of`` / ``compare`` -- prints
without an edit here. The phrase table :data:`BOOK` keeps what is not a vocabulary word,
worded as the comprehensive rules and their errata print them (NS 1300-1404, 1602-1611):
the ability frames 「■これがアイサツした時、」, limits, costs, keywords, statics, targets'
zones and counts 「相手の場のコスト3以下のキャラクターを1人選び、それを殺す。」, the choices of
parameters and the forms of a verb one parameter rewrites (「手札をすべて捨てる」), and the card's
fields. A word or field without a phrase is a
:class:`~tcgzoo.envs.core.cardtext.MissingPhrase` naming it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.cardtext import (
    EMPTY,
    CardText,
    MissingPhrase,
    Modifiers,
    Phrase,
    Phrasebook,
    VocabText,
    check_keys,
    effect_lines,
    en_and,
    en_cap,
    en_sentences,
    entry_of,
    ja_te,
    number,
    plain,
    pool_files,
    require_card,
    slots,
)
from ..core.cardtext import (
    render as render_template,
)
from . import cards as C
from .cards import CARD_DIR, CardPool, load_pool
from .verbs import VOCAB
from .words import _count_param, _field_count_param, _filter_param, _text_param

__all__ = ["BOOK", "TEXT", "coverage_problems", "pool", "render", "render_entry"]

GAME = "ninja_slayer"
#: the placeholders a verb's template may use besides its parameters: pump's ``{changes}``
#: (its numbers and attribute as one phrase, 「カラテ+2、耐久力+2を得る」)
VERB_SLOTS = ("changes",)

BOOK = Phrasebook(
    GAME,
    {
        "type": {"character": ("キャラクター", "character"), "kotodama": ("コトダマ", "kotodama")},
        "keyword": {  # NS 1402-1403 and the keyword-like abilities of cards.KEYWORDS
            "interrupt": ("■インターラプト", "■Interrupt"),
            "interrupt_kaizen": ("■インターラプト・カイゼン", "■Interrupt Kaizen"),
            "satsubatsu": ("■サツバツ", "■Satsubatsu"),
            "no_aisatsu": ("■これはアイサツできない。", "■This can't aisatsu."),
            "unredirectable": (
                "■これのアイサツはインターラプトやインターラプト・カイゼンで変更されない。",
                "■This one's aisatsu is not changed by interrupt or interrupt kaizen.",
            ),
            "kill_proof": ("■これは効果で殺されない。", "■This can't be killed by effects."),
        },
        "keyword_name": {  # a keyword named by lose_keyword / gain_keyword
            "interrupt": ("インターラプト", "interrupt"),
            "interrupt_kaizen": ("インターラプト・カイゼン", "interrupt kaizen"),
            "satsubatsu": ("サツバツ", "satsubatsu"),
            "no_aisatsu": ("「これはアイサツできない。」", '"this can\'t aisatsu"'),
            "unredirectable": ("「これのアイサツは変更されない。」", '"its aisatsu is not changed"'),
            "kill_proof": ("「これは効果で殺されない。」", '"this can\'t be killed by effects"'),
        },
        "trigger": {  # NS 1209 ('(誘発条件)時、(効果)'); {turn} is whose turn a step trigger waits in
            "aisatsu": ("これがアイサツした時", "when this aisatsu-s"),
            "appears": ("これが登場した時", "when this appears"),
            "killed": ("これが殺された時", "when this is killed"),
            "killed_in_ikusa": ("これがイクサで殺された時", "when this is killed in ikusa"),
            "ambush_from_ohigan": ("これがオヒガンからアンブッシュした時", "when this is ambushed from Ohigan"),
            "entered": ("これがエントリーした時", "when this is entered"),
            "end_phase": ("次のエンドフェイズ開始時", "at the start of the next end phase"),
            "hand_empty": ("あなたの手札が0枚になった時", "when you have no cards in hand"),
            "opp_aisatsu_from_hand": (
                "これが手札にあり、相手のキャラクターがあなたにアイサツした時、これを公開してもよい。そうしたなら",
                "when an opposing character aisatsu-s you while this is in your hand, you may reveal this; if you do",
            ),
            "deals_damage": ("これがダメージを与えた時", "when this deals damage"),
            "dealt_damage": ("これがダメージを受けた時", "when this is dealt damage"),
            "kills": ("これがキャラクターを殺した時", "when this kills a character"),
            "killed_by_character": ("これがキャラクターに殺された時", "when this is killed by a character"),
            "discarded_by_you": ("これがあなたによって捨てられた時", "when you discard this"),
            "discarded_by_opp": ("これが相手によって捨てられた時", "when an opponent discards this"),
            "start_of_turn": ("{turn.t}ターン開始時", "at the start of {turn.t} turn"),
            "start_of_game": ("{turn}ゲーム開始時", "at the start of the game{turn}"),
            "start_of_draw": ("{turn}ドロー・ステップ開始時", "at the start of the draw step{turn}"),
            "start_of_ether": ("{turn}エテル・ステップ開始時", "at the start of the ether step{turn}"),
            "start_of_character": ("{turn}キャラクターフェイズ開始時", "at the start of the character phase{turn}"),
            "end_of_turn": ("{turn.t}ターン終了時", "at the end of {turn.t} turn"),
            "start_of_ikusa": ("{turn}イクサ開始時", "at the start of an ikusa{turn}"),
            "start_of_aisatsu_target": (
                "{turn}アイサツ対象選択・ステップ開始時",
                "at the start of the aisatsu target step{turn}",
            ),
            "start_of_interrupt": ("{turn}インターラプト・ステップ開始時", "at the start of the interrupt step{turn}"),
            "start_of_ikusa_damage": (
                "{turn}イクサダメージ・ステップ開始時",
                "at the start of the ikusa damage step{turn}",
            ),
            "end_of_ikusa_damage": (
                "{turn}イクサダメージ・ステップ終了時",
                "at the end of the ikusa damage step{turn}",
            ),
            "end_of_ikusa": ("{turn}イクサ終了時", "at the end of an ikusa{turn}"),
        },
        "turn": {  # whose turn a step trigger waits in (NS 502-707): default own
            "own": Phrase("あなたのターンの", " of your turn", {"t": ("あなたの", "your")}),
            "opp": Phrase("相手のターンの", " of your opponent's turn", {"t": ("相手の", "your opponent's")}),
            "any": Phrase("各ターンの", " of each turn", {"t": ("各", "each")}),
        },
        "limit": {  # 'この能力は1ターンに2度しか誘発しない' (NS 1604)
            "once_per_turn": ("この能力は1ターンに1度しか誘発しない。", "This ability triggers only once per turn."),
            "twice_per_turn": ("この能力は1ターンに2度しか誘発しない。", "This ability triggers only twice per turn."),
        },
        "limit_activated": {
            "once_per_turn": ("この能力は1ターンに1度しか使用できない。", "Use this ability only once per turn."),
            "twice_per_turn": ("この能力は1ターンに2度しか使用できない。", "Use this ability only twice per turn."),
        },
        "survive_kill": {
            "once_per_turn": ("1ターンに1度", "once per turn"),
            "twice_per_turn": ("1ターンに2度", "twice per turn"),
        },
        "cost": {  # '(コスト):(効果)' (NS 1208), タツジン-(コスト) (NS 1404), ジツ (NS 1320)
            "bow_self": ("これをオジギする", "bow this"),
            "ether": ("{}エテル", "{} ether"),
            "jitsu": ("ジツ{}", "jitsu {}"),
        },
        "zone": {  # where a target is (NS 306-311)
            "field": ("場", "field"),
            "ether": ("エテル・ゾーン", "ether zone"),
            "ohigan": ("オヒガン", "Ohigan"),
            "stack": ("コトダマ空間", "kotodama space"),
            "hand": ("手札", "hand"),
        },
        "side": {"own": ("あなたの", "your"), "opp": ("相手の", "your opponent's")},
        "unit": {"field": ("人", ""), "stack": ("つ", ""), "card": ("枚", "")},
        "player": {  # damage_player / discard 'player'
            "opp": Phrase("相手", "your opponent", {"pos": ("相手の", "your opponent's"), "s": ("", "s")}),
            "own": Phrase("あなた", "you", {"pos": ("あなたの", "your"), "s": ("", "")}),
        },
        "duration": {  # NS 1213.7-1213.9
            "turn": ("このターン", "this turn"),
            "ikusa": ("このイクサの間", "this ikusa"),
            "game": ("このゲームの間", "for the rest of the game"),
        },
        "verb_form": {  # a verb's whole sentence when one parameter rewrites it (the verb's own is its registration)
            "damage.distribute": (
                "{target}に{n}ダメージを割り振って与える",
                "distribute {n} damage among {target}",
            ),  # NS 1305.1
            "discard.n=all": (
                "{player}は手札をすべて捨てる",
                "{player} discard{player.s} {player.pos} whole hand",
            ),  # NS 1309.2
            "discard.may=true": (
                "あなたは手札を{n}枚選んで捨ててもよい。そうしたなら",
                "you may discard {n} card(s); if you do",
            ),
        },
        "choice": {  # the choices of the words' parameters: <param>=<value>, or <word>.<param>=<value>
            "bowed=true": ("オジギ状態", "bowed"),  # NS 303.1
            "bowed=false": ("アンタイ・オジギ状態", "untapped"),
        },
        "pump": {  # what a pump changes (NS 1303, 1213.5, 1213.1e, 1325.1)
            "karate": ("カラテ{}", "{} karate"),
            "durability": ("耐久力{}", "{} durability"),
            "kousaku": ("工作力{}", "{} kousaku"),
            "attribute": ("〈{}〉", "〈{}〉"),
            "set_karate": ("カラテが{}になり", "has its karate set to {}"),
            "set_durability": ("耐久力が{}になり", "has its durability set to {}"),
            "add_karate": ("カラテ{}を持ち", "gains a karate of {}"),
            "add_kousaku": ("工作力{}を持ち", "gains a kousaku of {}"),
            "gains": ("{}を得る", "gets {}"),
        },
        "tatsujin": {
            "action": ("タツジン・コストを支払っていたなら、", "if the tatsujin cost was paid, "),
            "cost": ("タツジン-{}", "Tatsujin — {}"),
        },
        "n": {"X": ("X", "X"), "lki_karate": ("これのカラテに等しい", "this one's karate in")},  # NS 1304, 1215
        "x": {
            "entry": (
                "Xはエントリーの際に決め、追加でXエテルを支払う。",
                "X is chosen as you enter this: pay X more ether.",
            ),
            "count": ("Xは{}に等しい。", "X is {}."),
        },
        "stat": {
            "cost": ("コスト", "cost"),
            "karate": ("カラテ", "karate"),
            "durability": ("耐久力", "durability"),
            "kousaku": ("工作力", "kousaku"),
        },
        "static": {  # NS 1210, 1213, 1214, 1326
            "damage_plus": ("■これが与えるダメージを{}点増加する。", "■Damage this deals is increased by {}."),
            "damage_minus": (
                "■これにダメージが与えられる場合、かわりにそのダメージを{}点少なくする。",
                "■If damage would be dealt to this, {} less is dealt to it instead.",
            ),
            "aura": (
                "■あなたの場の他の〈{attribute}〉はカラテ{karate.signed}を得る。",
                "■Your other 〈{attribute}〉 get {karate.signed} karate.",
            ),
            "grant_attribute": (
                "■あなたの場の他のキャラクターは〈{}〉も持つ。",
                "■Your other characters are also 〈{}〉.",
            ),
            "grant_attribute_to": (
                "■あなたの場の他の〈{to}〉は〈{attribute}〉も持つ。",
                "■Your other 〈{to}〉 are also 〈{attribute}〉.",
            ),
            "cost_plus": (
                "■{side}がエントリーする{type}のコストは{n}多くなる。",
                "■{type} {side} enter{side.s} cost {n} more.",
            ),
            "cost_minus": (
                "■{side}がエントリーする{type}のコストは{n}少なくなる。",
                "■{type} {side} enter{side.s} cost {n} less.",
            ),
            "cost_set": (
                "■{side}がエントリーする{type}のコストは{n}になる。",
                "■{type} {side} enter{side.s} cost {n}.",
            ),
            "define": ("■これの{}。", "■This card's {}."),
            "survive_kill": (
                "■{}、これが殺される場合、かわりにこれをオジギし、これのダメージをすべて取り除く。",
                "■{}, if this would be killed, instead bow it and remove all damage from it.",
            ),
            "discard_removed": (
                "■{pos}手札のカードが捨てられる場合、かわりにそれを除外する。",
                "■If a card would be discarded from {pos} hand, remove it instead.",
            ),
            "rescue_kill": (
                "■あなたの他のキャラクターが殺される場合、かわりにそれを持ち主の手札に戻す。",
                "■If another of your characters would be killed, return it to its owner's hand instead.",
            ),
        },
        "cost_type": {
            "character": ("キャラクター", "characters"),
            "kotodama": ("コトダマ", "kotodama"),
            "any": ("カード", "cards"),
        },
        "frame": {
            "ukemi": ("ウケミ：", "Ukemi: "),
            "ukemi_enter": ("これがエントリーする!", "this enters!"),
            "modes": ("次から1つ選択 ―", "Choose one —"),
            "mode": ("▶", "▶ "),
            "extra_cost": (
                "追加コスト：あなたのエテル・ゾーンのアンタイ・オジギ状態の〈{}〉を1枚オジギする。",
                "Additional cost: bow an untapped 〈{}〉 in your ether zone.",
            ),
            "choose": ("{np}を{n}選び、", "choose {np}; "),
            "reveal": ("{np}を{n}公開してもよい。そうしたなら、", "you may reveal {np} from your hand; if you do, "),
        },
    },
)

TARGET_KEYS = {"zone", "side", "count", "up_to", "filter", "chosen"}
ACTION_KEYS = {
    "do",
    "n",
    "target",
    "player",
    "karate",
    "durability",
    "kousaku",
    "duration",
    "effect",
    "total_cost_le",
    "attribute",
    "attribute_count",
    "any_count",
    "tatsujin",
    "may",
    "keyword",
    "free",
    "filter",
    "distribute",
    "set_karate",
    "set_durability",
    "add_karate",
    "add_kousaku",
}
ABILITY_KEYS = {"trigger", "if", "limit", "actions", "modes", "x", "reveal", "turn", "cost"}
CARD_KEYS = {
    "id",
    "name",
    "epithet",
    "type",
    "cost",
    "jitsu",
    "karate",
    "durability",
    "kousaku",
    "attributes",
    "keywords",
    "assumed",
    "text",
    "effects",
    "actions",
    "if",
    "ukemi",
    "tatsujin",
    "modes",
    "x",
    "activated",
    "static",
    "extra_cost",
}
STATIC_KEYS = {
    "damage_plus",
    "damage_minus",
    "aura",
    "grant_attribute",
    "survive_kill",
    "cost_plus",
    "cost_minus",
    "cost_set",
    "rescue_kill",
    "discard_removed",
    "define",
    "x",
    "y",
    "z",
}
PUMP_PARTS = (
    "karate",
    "durability",
    "kousaku",
    "attribute",
    "set_karate",
    "set_durability",
    "add_karate",
    "add_kousaku",
)


def _phrase(kind: str, name: str, **values: Phrase) -> Phrase:
    return BOOK.phrase(kind, name, **values)


def _n(v: Any) -> Phrase:
    """``n``: a number, ``X`` (NS 1304) or ``lki_karate`` (NS 1215)."""
    if isinstance(v, str):
        return Phrase(*BOOK.get("n", v))
    return number(v)


def ja_if(text: str) -> str:
    """A statement made a condition: 「…いる」→「…いれば」, 「…ある」→「…あれば」,
    「…いない」→「…いなければ」, a noun or a number 「…が3以上」→「…が3以上なら」 (NS-G11)."""
    if text.endswith(("いる", "ある")):
        return text[:-1] + "れば"
    if text.endswith("ない"):
        return text[:-1] + "ければ"
    return text + "なら"


class NinjaSlayerText(VocabText):
    """The vocabulary walker with Ninja Slayer's targets, nouns and custom parameters: every
    filter, condition and value prints from its word's registration; a filter's ``type`` and
    ``attribute`` name the noun (「〈忍殺〉のキャラクター」, an attribute alone is the noun:
    「〈忍殺〉」, NS 1602-1611)."""

    def __init__(self) -> None:
        super().__init__(VOCAB, BOOK)
        # the parameters read by the game's own functions (words.py), by reader
        self._custom = {
            _text_param: lambda w, v: plain(v),
            _filter_param: lambda w, v: self.noun(v),
            _field_count_param: lambda w, v: self._counted(v),
            _count_param: lambda w, v: Phrase(*self.templates("value", f"quantity:{v}")),
        }

    # ---- hooks of the walker -------------------------------------------------------------------
    def custom(self, reader, word, pname, raw, ctx) -> Phrase:
        fn = self._custom.get(reader)
        if fn is None:
            return super().custom(reader, word, pname, raw, ctx)
        return fn(word, raw)

    def subject(self, name: str, ctx: Any) -> Phrase:
        """A value's ``of: self``: this card (「これのコスト」 / "this card's cost")."""
        if name != "self":
            raise MissingPhrase(GAME, "subject", name)
        return Phrase("これ", "this card")

    def target(self, raw: Any, ctx: Any = None, counting: bool = False) -> Phrase:
        return target(raw)

    # ---- nouns ------------------------------------------------------------------------------------
    def filter(self, f: dict, zone: str) -> tuple[Modifiers, str, str]:
        """(the modifiers, the Japanese noun, the English noun) of a filter: the type names the
        noun (「キャラクター」), an attribute alone is the noun (「〈忍殺〉」); every other word
        (and a type or attribute under ``not`` / ``any_of``) is a modifier from its registration."""
        f = dict(f or {})
        ty = f.pop("type") if isinstance(f.get("type"), str) else None
        attr = f.pop("attribute") if isinstance(f.get("attribute"), str) else None
        mods = Modifiers.of(self.tests("filter", f, None))
        if attr is not None:
            a = self.word_phrase(VOCAB.words["filter"]["attribute"], {"": plain(attr)})
        if ty is not None:
            ja_noun, en_noun = BOOK.get("type", ty)
            if attr is not None:
                ja_noun, en_noun = f"{a.ja}の{ja_noun}", f"{a.en} {en_noun}"
        elif attr is not None:
            ja_noun, en_noun = a.ja, a.en
        else:
            ja_noun, en_noun = ("キャラクター", "character") if zone == "field" else ("カード", "card")
        return mods, ja_noun, en_noun

    def noun(self, f: dict, zone: str = "field") -> Phrase:
        """The cards a filter picks as a noun: 「〈Freelance〉」 / "〈Freelance〉", with the forms
        ``a`` ("a bowed 〈X〉") and ``plural``."""
        mods, ja_noun, en_noun = self.filter(f, zone)
        one = f"{mods.en_pre}{en_noun}{mods.en_post}".strip()
        many = f"{mods.en_pre}{_plural(en_noun)}{mods.en_post}".strip()
        ja = mods.ja + ja_noun
        return Phrase(ja, one, {"a": (ja, ("an " if one[:1] in "aeiou" else "a ") + one), "plural": (ja, many)})

    def _counted(self, v: dict) -> Phrase:
        """``field_ge``'s filter with its ``n``: 「〈Soukaiya〉が2人以上」's noun and number."""
        p = self.noun({k: x for k, x in v.items() if k != "n"})
        n = str(v["n"])
        return Phrase(p.ja, p.en, {**p.forms, "n": (n, n)})

    # ---- conditions ---------------------------------------------------------------------------------
    def condition(self, cond: dict | None) -> Phrase:
        """An ability's ``if``: 「あなたの場に他の〈フリーランス〉が1人以上いれば、」 / "if you have
        another 〈Freelance〉 on your field, "; several must all hold (「…、かつ…」 / "… and …")."""
        if not cond:
            return EMPTY
        parts = self.tests("condition", cond, None)
        ja = "、かつ".join(p.ja for p in parts)
        return Phrase(ja_if(ja) + "、", "if " + en_and([p.en for p in parts]) + ", ")


def _plural(en_noun: str) -> str:
    return en_noun if en_noun.endswith(("〉", "kotodama")) else en_noun + "s"


TEXT = NinjaSlayerText()


# ---- targets ---------------------------------------------------------------------------------------
def target(raw: Any) -> Phrase:
    """A target as the object of its verb, with the form ``choose``: the clause before the
    verb when the card says 「…を1人選び、」 (``chosen: entry``, NS 1204.2e) or reveals a
    hand card (NS 1307.4); the object is then 「それ」 / 「それら」."""
    if raw == "self":
        return Phrase("これ", "this", {"choose": ("", ""), "s": ("", "s")})
    check_keys(GAME, "target field", raw, TARGET_KEYS)
    zone, side = raw.get("zone", "field"), raw.get("side", "own")
    count, up_to = raw.get("count", 1), raw.get("up_to", False)
    mods, ja_noun, en_noun = TEXT.filter(raw.get("filter") or {}, zone)
    where_ja = _phrase("side", side).ja + _phrase("zone", zone).ja + "の"
    owner = "your" if side == "own" else "your opponent's"
    where_en = {
        "field": "on {} field",
        "ether": "in {} ether zone",
        "ohigan": "in {} Ohigan",
        "stack": "on the kotodama space",
        "hand": "in {} hand",
    }[zone].format(owner)
    unit = BOOK.get("unit", zone if zone in ("field", "stack") else "card")[0]
    num_ja = f"{count}{unit}" + ("まで" if up_to else "")
    many = count != 1
    num_en = f"up to {count}" if up_to else str(count)
    en_noun_n = _plural(en_noun) if many else en_noun
    pre, post = mods.en_pre.strip(), mods.en_post.strip()
    en_np = " ".join(x for x in (num_en, pre, en_noun_n, post, where_en) if x)
    ja_np = f"{where_ja}{mods.ja}{ja_noun}"
    if zone == "hand":  # 'reveal a card from your hand: it gets ...' (NS 1307.4, 1306.1)
        np = Phrase(ja_np, " ".join(x for x in ("a", pre, en_noun, post) if x))
        choose = _phrase("frame", "reveal", np=np, n=plain(num_ja))
        return Phrase("それ", "it", {"choose": (choose.ja, choose.en), "s": ("", "s")})
    if raw.get("chosen", "resolution") == "entry":  # 「…を1人選び、それを…」 (NS 1204.2e)
        choose = _phrase("frame", "choose", np=Phrase(ja_np, en_np), n=plain(num_ja))
        them = many or up_to
        return Phrase(
            "それら" if them else "それ",
            "them" if them else "it",
            {"choose": (choose.ja, choose.en), "s": ("", "" if them else "s")},
        )
    return Phrase(f"{ja_np}{num_ja}", en_np, {"choose": ("", ""), "s": ("", "" if many else "s")})


# ---- conditions, actions, abilities ----------------------------------------------------------------
def condition(cond: dict | None) -> Phrase:
    """An ability's 'if': 「あなたの場に他の〈フリーランス〉が1人以上いれば、」."""
    return TEXT.condition(cond)


def _duration(a: dict) -> Phrase:
    return _phrase("duration", a.get("duration", "turn"))


def _pump(a: dict) -> Phrase:
    """What a pump changes: 「カラテ+2、耐久力+2を得る」 / "gets +2 karate and +2 durability"."""
    gains, others = [], []
    for k in PUMP_PARTS:
        if k in a and (a[k] or k not in ("karate", "durability", "kousaku")):
            v = plain(a[k]) if k == "attribute" else number(a[k])
            if k in ("karate", "durability", "kousaku"):
                v = Phrase(v.forms["signed"][0], v.forms["signed"][1])
            p = _phrase("pump", k, **{"": v})
            (gains if k in ("karate", "durability", "kousaku", "attribute") else others).append(p)
    parts_ja = [p.ja for p in others]
    parts_en = [p.en for p in others]
    if gains:
        g = _phrase("pump", "gains", **{"": Phrase("、".join(p.ja for p in gains), en_and([p.en for p in gains]))})
        parts_ja.append(g.ja)
        parts_en.append(g.en)
    ja = "、".join(parts_ja)
    if ja.endswith("になり"):
        ja = ja[:-1] + "る"
    elif ja.endswith("を持ち"):
        ja = ja[:-1] + "つ"
    return Phrase(ja, en_and(parts_en))


def action(a: dict, card: dict) -> tuple[Phrase, Phrase]:
    """(the choose / reveal clause before it, the action) of one action mapping."""
    check_keys(GAME, f"field of the action {a.get('do')!r},", a, ACTION_KEYS)
    do = a["do"]
    tg = target(a["target"]) if "target" in a else EMPTY
    values = {
        "target": tg,
        "n": _n(a.get("n", 1)),
        "player": Phrase(*BOOK.get("player", a.get("player", "opp"))),
        "duration": _duration(a)
        if "duration" in a or do in ("pump", "grant", "gain_attribute", "lose_keyword", "gain_keyword", "set_attribute")
        else EMPTY,
    }
    form = None  # a form of the verb one parameter rewrites (BOOK verb_form), else its registration
    if do == "damage" and "distribute" in a:
        form, values["n"] = "damage.distribute", number(a["distribute"])
    elif do == "discard":
        values["player"] = BOOK.get("player", a.get("player", "own"))
        form = "discard.n=all" if a.get("n") == "all" else "discard.may=true" if a.get("may") else None
    elif do == "pump":
        values["changes"] = _pump(a)
    elif do == "grant":  # 「これはこのターン「■…」を得る」 (NS 1604)
        values["effect"] = ability(a["effect"], card)
    elif do == "delay":  # a delayed trigger made on resolution (NS 1209.7): its text follows at once
        d = ability(a["effect"], card, bullet=False)
        values["effect"] = Phrase(d.ja, _lower(d.en))
    elif do in ("gain_attribute", "set_attribute"):
        values["attribute"] = plain(a["attribute"])
    elif do in ("lose_keyword", "gain_keyword"):
        values["keyword"] = Phrase(*BOOK.get("keyword_name", a["keyword"]))
    elif do == "search_ambush":
        values.update({k: plain(str(a[k])) for k in ("total_cost_le", "attribute", "attribute_count", "any_count")})
    elif do == "enter":
        noun = TEXT.noun(a.get("filter") or {}, "hand")
        values["filter"] = Phrase(noun.ja, noun.forms["a"][1])
    if do == "grant" and a.get("duration", "turn") == "turn":  # 「これはこのターン「…」を得る」 (NS 1604)
        values["duration"] = _phrase("duration", "turn")
    if form is not None:
        p = _phrase("verb_form", form, **values)
    else:
        word = VOCAB.words["verb"].get(do)
        if word is None:
            raise MissingPhrase(GAME, "verb", do, "not a registered verb")
        p = render_template(GAME, "verb", do, TEXT.templates("verb", do), values)
    choose = Phrase(*tg.forms["choose"]) if tg.forms.get("choose") else EMPTY
    return choose, p


def actions(items: Sequence[dict], card: dict) -> Phrase:
    """Actions in printed order: 「…して、…」 as the rulebook joins them, a tatsujin action
    with its condition (NS 1404.2a), an optional discard as the cost of what follows
    (NS 1203.7)."""
    ja_parts, en_parts = [], []
    for a in items:
        choose, p = action(a, card)
        ja, en = choose.ja + p.ja, choose.en + p.en
        if a.get("tatsujin"):
            t = BOOK.get("tatsujin", "action")
            ja, en = t[0] + ja, t[1] + en
        ja_parts.append(ja)
        en_parts.append(en)
    # 「1回復して、1枚ドロー。」: every action but the last in its te-form, joined by 「、」
    ja_out = []
    for k, ja in enumerate(ja_parts):
        if k < len(ja_parts) - 1 and not ja.endswith("そうしたなら"):
            te = ja_te(ja)
            ja_out.append((te if te else ja + "。") + ("、" if te else ""))
        else:
            ja_out.append(ja + ("、" if ja.endswith("そうしたなら") else ""))
    ja = "".join(ja_out)
    return Phrase(ja if ja.endswith("。") else ja + "。", en_sentences(["; ".join(en_parts)]))


def ability(ab: dict, card: dict, activated: bool = False, bullet: bool = True) -> Phrase:
    """A triggered ability 「■(誘発条件)時、(効果)」 (NS 1209) or an activated one 「■(コスト)：
    (効果)」 (NS 1208), with its condition, X and limit; modes are one line each."""
    check_keys(GAME, "field of an ability,", ab, ABILITY_KEYS)
    head = EMPTY
    if "trigger" in ab:
        turn = Phrase(*BOOK.get("turn", ab.get("turn", "own")))
        head = _phrase("trigger", ab["trigger"], turn=turn)
        head = Phrase(head.ja + "、", head.en + ", ")
    if activated:
        cost = ab.get("cost") or {}
        check_keys(GAME, "field of an activated ability's cost,", cost, {"bow_self", "ether", "jitsu"})
        parts = [_phrase("cost", k, **{"": number(v)}) for k, v in cost.items() if v]
        head = Phrase("、".join(p.ja for p in parts) + "：", ", ".join(p.en for p in parts) + ": ")
    cond = condition(ab.get("if"))
    body = actions(ab["actions"], card) if "actions" in ab else _modes(ab["modes"], card)
    x = _x(ab)
    limit = EMPTY
    if ab.get("limit"):
        limit = Phrase(*BOOK.get("limit_activated" if activated else "limit", ab["limit"]))
    mark = "■" if bullet else ""
    en_body = cond.en + _lower(body.en) if cond.en else body.en
    ja = mark + head.ja + x.ja + cond.ja + body.ja + limit.ja
    if x.en:  # 「X is ...」 is a sentence of its own: the effect starts the next one
        en = head.en + x.en + " " + en_cap(en_body)
    else:
        en = head.en + (_lower(en_body) if head.en else en_body)
    return Phrase(ja, mark + en_cap(en) + (" " + limit.en if limit.en else ""))


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def _cap(p: Phrase) -> Phrase:
    """An English line starts with a capital, after its ■ if it has one."""
    if p.en.startswith("■"):
        return Phrase(p.ja, "■" + en_cap(p.en[1:]))
    return Phrase(p.ja, en_cap(p.en))


def _x(ab: dict) -> Phrase:
    x = ab.get("x")
    if not x:
        return EMPTY
    if isinstance(x, dict):
        return _phrase("x", "count", **{"": TEXT.value(x, None)})
    return Phrase(*BOOK.get("x", "entry"))


def _modes(modes: list, card: dict) -> Phrase:
    head = BOOK.get("modes", "modes") if BOOK.has("modes", "modes") else BOOK.get("frame", "modes")
    mark = BOOK.get("frame", "mode")
    parts = []
    for m in modes:
        check_keys(GAME, "field of a mode,", m, {"text", "actions"})
        parts.append(actions(m["actions"], card))
    return Phrase(
        head[0] + "".join(mark[0] + p.ja for p in parts), head[1] + " " + " ".join(mark[1] + p.en for p in parts)
    )


def _static(st: dict) -> list[Phrase]:
    check_keys(GAME, "static field", st, STATIC_KEYS)
    out = []
    for key in ("damage_plus", "damage_minus"):
        if st.get(key):
            out.append(_phrase("static", key, **{"": number(st[key])}))
    if "aura" in st:
        check_keys(GAME, "field of aura,", st["aura"], {"attribute", "karate"})
        out.append(
            _phrase("static", "aura", attribute=plain(st["aura"]["attribute"]), karate=number(st["aura"]["karate"]))
        )
    ga = st.get("grant_attribute")
    if isinstance(ga, dict):
        check_keys(GAME, "field of grant_attribute,", ga, {"attribute", "to"})
        out.append(_phrase("static", "grant_attribute_to", attribute=plain(ga["attribute"]), to=plain(ga["to"])))
    elif ga is not None:
        out.append(_phrase("static", "grant_attribute", **{"": plain(ga)}))
    for key in ("cost_plus", "cost_minus", "cost_set"):
        if key in st:
            m = st[key]
            check_keys(GAME, f"field of {key},", m, {"n", "type", "side"})
            side = m.get("side", "own")
            out.append(
                _phrase(
                    "static",
                    key,
                    n=number(m["n"]),
                    type=Phrase(*BOOK.get("cost_type", m.get("type", "any"))),
                    side=BOOK.get("player", side),
                )
            )
    if "define" in st:
        parts = []
        for stat, v in st["define"].items():
            s_ja, s_en = BOOK.get("stat", stat)
            val = plain(str(v))
            parts.append(Phrase(f"{s_ja}は{val.ja}", f"{s_en} is {val.en}"))
        line = _phrase(
            "static", "define", **{"": Phrase("、".join(p.ja for p in parts), en_and([p.en for p in parts]))}
        )
        for var in ("x", "y", "z"):
            if var in st:
                c = TEXT.value(st[var], None)
                line = Phrase(line.ja + f"{var.upper()}は{c.ja}に等しい。", line.en + f" {var.upper()} is {c.en}.")
        out.append(line)
    elif set(st) & {"x", "y", "z"}:
        raise MissingPhrase(GAME, "static", "x", "'x' / 'y' / 'z' without 'define'")
    if "survive_kill" in st:
        out.append(_phrase("static", "survive_kill", **{"": Phrase(*BOOK.get("survive_kill", st["survive_kill"]))}))
    if "discard_removed" in st:
        out.append(
            _phrase("static", "discard_removed", pos=Phrase(*BOOK.get("player", st["discard_removed"]).forms["pos"]))
        )
    if st.get("rescue_kill"):
        out.append(_phrase("static", "rescue_kill"))
    return out


def _ukemi(u: dict, card: dict) -> Phrase:
    """ウケミ (NS 210, 1211): 「ウケミ：これがエントリーする!」, or its actions, with a cost
    「ウケミ：(1エテル)：…」 that the player may decline (NS 1211.3a)."""
    check_keys(GAME, "field of ukemi,", u, {"enter", "if", "actions", "cost"})
    head = BOOK.get("frame", "ukemi")
    cond = condition(u.get("if"))
    if "enter" in u:
        body = Phrase(*BOOK.get("frame", "ukemi_enter"))
    else:
        body = actions(u["actions"], card)
    cost = EMPTY
    if "cost" in u:
        check_keys(GAME, "field of an ukemi cost,", u["cost"], {"ether"})
        c = _phrase("cost", "ether", **{"": number(u["cost"]["ether"])})
        cost = Phrase(f"({c.ja})：", f"({c.en}): ")
    return Phrase(
        head[0] + cost.ja + cond.ja + body.ja,
        head[1] + cost.en + (cond.en + _lower(body.en) if cond.en else _lower(body.en)),
    )


def _tatsujin(t: dict) -> Phrase:
    check_keys(GAME, "field of tatsujin,", t, {"ether", "jitsu"})
    parts = [_phrase("cost", k, **{"": number(v)}) for k, v in t.items() if v]
    return _phrase("tatsujin", "cost", **{"": Phrase("、".join(p.ja for p in parts), ", ".join(p.en for p in parts))})


def _stat(v: Any) -> str:
    return "-" if v == "none" else str(v)


def render_entry(entry: dict) -> CardText:
    """A card's text from its entry in a card file, as written: its fields (type, cost and
    jitsu, karate / durability / kousaku, attributes), then its keywords, costs, text,
    abilities, statics and ukemi, one effect each."""
    check_keys(GAME, "card field", entry, CARD_KEYS)
    ty = entry["type"]
    name = entry["name"] + (f"◆{entry['epithet']}" if entry.get("epithet") else "")
    t_ja, t_en = BOOK.get("type", ty)
    fields = [("type", f"{t_ja} ({t_en})")]
    cost = f"{entry.get('cost', '*')}エテル ({entry.get('cost', '*')} ether)"
    if entry.get("jitsu"):
        j = _phrase("cost", "jitsu", **{"": number(entry["jitsu"])})
        cost += f"  {j.ja} ({j.en})"
    fields.append(("cost", cost))
    if ty == "character":
        fields.append(
            (
                "stats",
                " / ".join(
                    f"{BOOK.get('stat', k)[0]} {_stat(entry.get(k, '*'))}" for k in ("karate", "durability", "kousaku")
                )
                + " (karate / durability / kousaku)",
            )
        )
    if entry.get("attributes"):
        fields.append(("attributes", "".join(f"〈{a}〉" for a in entry["attributes"])))
    if entry.get("assumed"):
        fields.append(("assumed", "stats chosen by this project (not printed in the rules)"))
    if entry.get("text"):
        fields.append(("text", entry["text"]))
    effects: list[list[tuple[str, str]]] = []
    for kw in entry.get("keywords", []):
        effects.append(effect_lines(Phrase(*BOOK.get("keyword", kw)), None))
    if entry.get("tatsujin"):
        effects.append(effect_lines(_tatsujin(entry["tatsujin"]), None))
    if entry.get("extra_cost"):
        ec = entry["extra_cost"]
        check_keys(GAME, "field of extra_cost,", ec, {"bow_ether"})
        check_keys(GAME, "field of bow_ether,", ec["bow_ether"], {"attribute"})
        effects.append(effect_lines(_phrase("frame", "extra_cost", **{"": plain(ec["bow_ether"]["attribute"])}), None))
    if "actions" in entry or "modes" in entry:  # a kotodama's text (NS 1205.1c-2)
        cond = condition(entry.get("if"))
        body = actions(entry["actions"], entry) if "actions" in entry else _modes(entry["modes"], entry)
        x = _x(entry)
        effects.append(
            effect_lines(
                _cap(
                    Phrase(
                        x.ja + cond.ja + body.ja,
                        x.en + (" " if x.en else "") + en_cap(cond.en + _lower(body.en) if cond.en else body.en),
                    )
                ),
                None,
            )
        )
    for ab in entry.get("effects", []):
        effects.append(effect_lines(ability(ab, entry), None))
    if "activated" in entry:
        effects.append(effect_lines(ability(entry["activated"], entry, activated=True), None))
    for p in _static(entry.get("static") or {}):
        effects.append(effect_lines(_cap(p), None))
    if "ukemi" in entry:
        effects.append(effect_lines(_ukemi(entry["ukemi"], entry), None))
    return CardText(entry["id"], name, fields, effects)


def pool(options: dict[str, Any] | None = None) -> CardPool:
    """The pool a game with these rule options plays with (``cards``, ``builtin_cards``)."""
    from . import Game

    return load_pool(pool_files(Game, options or {}, CARD_DIR))


def render(pool: CardPool, card_id: str) -> CardText:
    """The card's text from its entry in the card file it was loaded from."""
    require_card(card_id, pool.by_id)
    return render_entry(entry_of(pool.cards[pool.by_id[card_id]].file, card_id))


def coverage_problems() -> list[str]:
    """Every word of the card language without a phrase, one line each naming it: the
    vocabulary's templates (:meth:`VocabText.template_problems`) and renderers of its custom
    parameters and choices, then the words of ``cards.py`` that are not on the vocabulary
    (card types, keywords, triggers, limits, zones...) and this table's own consistency."""
    out = TEXT.template_problems({"verb": VERB_SLOTS})
    for kind in ("filter", "condition", "value", "verb"):
        for w in VOCAB.words[kind].values():
            for pname, param in w.params.items():
                if param.kind == "custom" and kind != "verb" and param.choices[0] not in TEXT._custom:
                    out.append(f"{kind} {w.name!r}: no renderer for its parameter {pname or '(value)'!r}")
                if param.kind in ("choice", "bool") and kind != "verb":
                    for c in param.choices if param.kind == "choice" else (True, False):
                        if TEXT.choice_entry(w, pname, c) is None:
                            out.append(f"{kind} {w.name!r}: no phrase for its choice {pname or w.name}={c}")
    groups = [
        ("type", C.TYPES),
        ("keyword", C.KEYWORDS),
        ("keyword_name", C.KEYWORDS),
        ("trigger", C.TRIGGERS),
        ("turn", C.TURN_OF),
        ("limit", C.LIMITS),
        ("limit_activated", C.LIMITS),
        ("survive_kill", C.LIMITS),
        ("zone", C.TARGET_ZONES),
        ("stat", C.CDA_STATS),
        ("duration", VOCAB.words["verb"]["pump"].params["duration"].choices),
        ("player", VOCAB.words["verb"]["discard"].params["player"].choices),
    ]
    out += [f"{kind} {n!r}: no phrase" for kind, names in groups for n in names if not BOOK.has(kind, n)]
    for kind, names in BOOK.table.items():
        for n, entry in names.items():
            for lang, t in zip(("Japanese", "English"), entry[:2]):
                if not t and kind not in ("unit",) and not (kind == "turn"):
                    out.append(f"{kind} {n!r}: no {lang} phrase")
            if not isinstance(entry, Phrase):
                ja_slots = {s for s, _ in slots(entry[0])}
                en_slots = {s for s, _ in slots(entry[1])}
                if ja_slots != en_slots and kind != "frame":
                    out.append(
                        f"{kind} {n!r}: its Japanese and English templates use different values "
                        f"({sorted(ja_slots)} / {sorted(en_slots)})"
                    )
    return out
