"""Leader Melee card text: a card's entry rendered back as printed (Japanese in the game's
own terms, with an English gloss), so a card file can be checked against the real card
(``tcgzoo cards show LM-R07 --game leader_melee``).

The verbs, filters, conditions and values are words of the vocabulary (``words.py``,
``verbs.py``): their phrases are the ``ja`` / ``en`` templates of their registrations, read by
the shared walker of ``envs/core/cardtext.py`` (:class:`LeaderMeleeText`), so a newly
registered word -- a comparison, a value, ``not`` / ``any_of`` / ``compare`` -- prints
without an edit here. The phrase table :data:`BOOK` keeps what is not a vocabulary word,
worded as the comprehensive rules print them: 【自動発動】「このカードがアタックした時」 (10-2),
【起動発動:メイン】[コスト] (8-1-2), 【永続発動】 (8-1-3), 【覚醒】 / 【共闘】 「【覚醒】[コスト](効果)」
(10-7, 10-8), 【乱戦】, [ターン1回] (10-15), durations 「そのバトル中」 (8-2-1-2), 置換効果
「(A)する時、かわりに(B)する」 (8-2-1-3-1, 8-10-3), the keywords 【鉄壁】【防衛】【怒涛】【充填】
【速攻】【連携】 (10-9 .. 10-14), targets 「相手のパワー3000以下のバトルカード1枚」, the choices of
parameters and the card's fields. A word or field without a phrase is a
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
    en_cap,
    en_sentences,
    entry_of,
    ja_is_predicate,
    ja_sentences,
    ja_te,
    joint,
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
from .cards import CARDS_DIR, CardPool, load_pool
from .verbs import VOCAB, _search_param
from .words import COUNT_ZONES, _count_param

__all__ = ["BOOK", "TEXT", "coverage_problems", "pool", "render", "render_entry"]

GAME = "leader_melee"

BOOK = Phrasebook(
    GAME,
    {
        "type": {"leader": ("リーダー", "leader"), "battle": ("バトル", "battle"), "extra": ("エクストラ", "extra")},
        "color": {
            "red": ("赤", "red"),
            "blue": ("青", "blue"),
            "green": ("緑", "green"),
            "yellow": ("黄", "yellow"),
            "purple": ("紫", "purple"),
            "white": ("白", "white"),
        },
        "keyword": {  # 10-9 .. 10-14
            "iron_wall": ("【鉄壁】", "[Iron Wall]"),
            "defend": ("【防衛】", "[Defend]"),
            "surge": ("【怒涛】", "[Surge]"),
            "charge": ("【充填】", "[Charge]"),
            "haste": ("【速攻】", "[Haste]"),
            "link": ("【連携】", "[Link]"),
        },
        "kind": {  # 8-1, 10-7, 10-8, LM-G11
            "trigger": ("【自動発動】", "[Auto]"),
            "activated=main": ("【起動発動:メイン】", "[Activate: Main]"),
            "activated=battle": ("【起動発動:バトル】", "[Activate: Battle]"),
            "awaken": ("【覚醒】", "[Awaken]"),
            "cooperate": ("【共闘】", "[Cooperate]"),
            "ransen": ("【乱戦】", "[Melee]"),
            "continuous": ("【永続発動】", "[Continuous]"),
            "replace": ("【永続発動】", "[Continuous]"),
        },
        "flip": {  # what 【覚醒】 / 【共闘】 do (10-7-3, 10-8-3)
            "awaken": ("このカードを裏向きにする。", "Turn this card to its back face."),
            "cooperate": ("このカードを裏向きにする。", "Turn this card to its back face."),
        },
        "trigger": {  # 10-1 .. 10-6, 6-2-1 .. 7-7-1-1, 8-7-4, 8-7-5; {turn} is whose turn a step trigger waits in
            "play": ("このカードがバトルエリアに出た時", "when this card enters the battle area"),
            "attack": ("このカードがアタックした時", "when this card attacks"),
            "strike": (
                "このカードが相手のリーダーカードにダメージを与えた時",
                "when this card deals damage to the opponent's leader",
            ),
            "break": (
                "このカードが相手のバトルカードをブレイクした時",
                "when this card breaks an opposing battle card",
            ),
            "melee": ("このカードが乱戦エリアに出た時", "when this card enters the melee area"),
            "turn_start": ("{turn.t}ターン開始時", "at the start of {turn.t}turn"),
            "charge_start": ("{turn}チャージフェイズ開始時", "at the start of the charge phase{turn}"),
            "main_start": ("{turn}メインフェイズ開始時", "at the start of the main phase{turn}"),
            "battle_phase_start": ("{turn}バトルフェイズ開始時", "at the start of the battle phase{turn}"),
            "attack_step_start": ("{turn}アタックステップ開始時", "at the start of the attack step{turn}"),
            "guard_step_start": ("{turn}ガードステップ開始時", "at the start of the guard step{turn}"),
            "judgement_start": ("{turn}バトル判定ステップ開始時", "at the start of the battle judgement step{turn}"),
            "battle_complete": ("{turn}バトル完了ステップ開始時", "at the start of the battle complete step{turn}"),
            "battle_phase_end": ("{turn}バトルフェイズ終了時", "at the end of the battle phase{turn}"),
            "turn_end": ("{turn.t}ターン終了時", "at the end of {turn.t}turn"),
            "leave": ("このカードがバトルエリアを離れた時", "when this card leaves the battle area"),
            "state": ("{condition}時", "when {condition}"),
            "moved": ("このカードが{from}から{to}に移動した時", "when this card moves from {from} to {to}"),
        },
        "turn": {  # 7-4-1-1, 8-7-2: 'any' (the default) prints no turn
            "own": Phrase("自分のターンの", " of your turn", {"t": ("自分の", "your ")}),
            "opp": Phrase("相手のターンの", " of your opponent's turn", {"t": ("相手の", "your opponent's ")}),
            "any": Phrase("", "", {"t": ("", "each ")}),
        },
        "zone": {  # 3-2 .. 3-8 (moved triggers)
            "deck": ("デッキ", "the deck"),
            "hand": ("手札", "the hand"),
            "energy": ("エネルギーエリア", "the energy area"),
            "drop": ("ドロップエリア", "the drop area"),
            "battle": ("バトルエリア", "the battle area"),
            "melee": ("乱戦エリア", "the melee area"),
        },
        "limit": {"once_per_turn": ("[ターン1回]", "[Once per turn]")},  # 10-15
        "cost": {  # [コスト] (8-4), in the order written (8-4-2-1)
            "energy": ("エネルギー{}", "{} energy"),
            "rest_self": ("このカードをレスト", "rest this card"),
            "discard": ("手札{}枚をドロップ", "drop {} card(s) from your hand"),
        },
        "duration": {  # 8-2-1-2
            "battle": ("そのバトル中", "this battle"),
            "battle_phase": ("そのバトルフェイズ中", "this battle phase"),
            "turn": ("そのターン中", "this turn"),
        },
        "target": {"self": ("このカード", "this card")},
        "what": {
            "battle": ("バトルカード", "battle card"),
            "leader": ("リーダーカード", "leader card"),
            "any": ("カード", "card"),
        },
        "side": {"own": ("自分の", "your"), "opp": ("相手の", "opposing")},
        "player": {"own": ("自分", "you"), "opp": ("相手", "your opponent")},
        "choice": {  # the choices of the words' parameters: <param>=<value>, or <word>.<param>=<value>
            "rested=true": ("レスト", "rested"),
            "rested=false": ("アクティブ", "active"),  # 4-7-1
            "non_skill=true": ("ノンスキル", "non-skill"),
            "non_skill=false": ("スキルを持つ", "with skills"),  # 2-11-4
            "melee_icon=true": ("乱戦アイコンを持つ", "with a melee icon"),  # 2-13
            "melee_icon=false": ("乱戦アイコンを持たない", "without a melee icon"),
            "other=true": ("このカード以外", "other than this card"),
            "other=false": ("このカード", "this card"),
            "bury.with_self=true": ("、このカードと共に", " together with this card"),  # 3-1-6
            "bury.with_self=false": Phrase("", ""),
            "prohibit.what=attack": ("{target}はアタックできない", "{target} cannot attack"),  # 10-5-1
            "prohibit.what=melee": (
                "{side}は乱戦エリアにカードを出せない",
                "{side} cannot move or play cards into the melee area",
            ),
        },
        "subject": {  # a value's of: (words.VOCAB.subjects)
            "self": ("このカード", "this card"),
            "attacker": ("アタックしているカード", "the attacking card"),
            "guard": ("ガードしているカード", "the guarding card"),
        },
        "count_zone": {  # a count's zone (words.COUNT_ZONES); field: the leader / battle areas, as what picks them
            "melee": ("乱戦エリア", "melee area"),
            "drop": ("ドロップエリア", "drop area"),
            "energy": ("エネルギーエリア", "energy area"),
        },
        "replace": {  # 8-10: 「(A)する時、かわりに(B)する」
            "event=break": ("ブレイクされる", "would be broken"),
            "event=drop": ("ドロップエリアに置かれる", "would be put into the drop area"),
            "event=damage": ("ダメージを受ける", "would take damage"),
            "subject=self": ("このカード", "this card"),
            "subject=other_own": ("このカード以外の自分のバトルカード", "another of your battle cards"),
            "subject=you": ("自分", "you"),
            "by=any": Phrase("", ""),  # whatever the cause (8-10-1): printed as no cause
            "by=opp": ("相手のスキルかバトルで", "by an opposing skill or battle"),
            "by=battle": ("バトルで", "by battle"),
            "frame": ("{subject}が{by}{event}時", "when {subject} {event} {by}"),
            "instead": ("かわりに、", "instead, "),
            "nothing": ("それを無効にする", "prevent it"),
        },
        "deck_rule": {  # 5-1-3-2
            "card": (
                "このカードはデッキに{max_copies}枚まで入れられる。",
                "Your deck may hold up to {max_copies} copies of this card.",
            ),
            "trait": (
                "<{trait}>を持つカードはデッキに{max_copies}枚まで入れられる。",
                "Your deck may hold up to {max_copies} copies of each card with the trait <{trait}>.",
            ),
        },
        "frame": {
            "modes": ("次から1つを選ぶ。", "Choose one:"),
            "mode": ("▶", "▶ "),
            "optional": ("{}よい。", "you may {}."),
            "if_done": ("その場合、", "If you do, "),
            "front": ("【表面】{}", "[Front] {}"),
            "back": ("【裏面】{}", "[Back] {}"),
        },
    },
)

ABILITY_KEYS = {
    "trigger",
    "activated",
    "awaken",
    "cooperate",
    "ransen",
    "continuous",
    "replace",
    "limit",
    "optional",
    "condition",
    "cost",
    "actions",
    "text",
    "modes",
    "from",
    "to",
    "turn",
}
KINDS = ("trigger", "activated", "awaken", "cooperate", "ransen", "continuous", "replace")
ACTION_KEYS = {"do", "n", "amount", "duration", "target", "filter", "with_self", "what"}
TARGET_KEYS = {"what", "side", "count", "up_to", "filter", "other"}
CARD_KEYS = {
    "id",
    "name",
    "character",
    "age",
    "type",
    "color",
    "level",
    "power",
    "strike",
    "traits",
    "keywords",
    "effects",
    "text",
    "deck_rule",
    "front",
    "back",
}
FACE_KEYS = {"name", "character", "age", "power", "strike", "traits", "effects", "keywords", "deck_rule"}


def _phrase(kind: str, name: str, **values: Phrase) -> Phrase:
    return BOOK.phrase(kind, name, **values)


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


class LeaderMeleeText(VocabText):
    """The vocabulary walker with Leader Melee's targets, counts and subjects: every filter,
    condition and value prints from its word's registration."""

    def __init__(self) -> None:
        super().__init__(VOCAB, BOOK)
        # the parameters read by the game's own functions (words.py, verbs.py), by reader
        self._custom = {
            _count_param: self._count,
            _search_param: lambda v: self.cards(v, Phrase("カード", "card(s)")),
        }

    # ---- hooks of the walker -------------------------------------------------------------------
    def custom(self, reader, word, pname, raw, ctx) -> Phrase:
        fn = self._custom.get(reader)
        if fn is None:
            return super().custom(reader, word, pname, raw, ctx)
        return fn(raw)

    def value(self, data: Any, ctx: Any) -> Phrase:
        """A value, with the forms the registered templates ask for: ``cards`` (a plain number
        counts cards: 「4枚」), ``power`` / ``strike`` ("3000 power"); a value computed from the
        board is its own noun (「自分の手札」, "this card's power")."""
        p = super().value(data, ctx)
        if isinstance(data, int) and not isinstance(data, bool):
            forms = {"cards": (f"{p.ja}枚", p.en), "power": (p.ja, f"{p.en} power"), "strike": (p.ja, f"{p.en} strike")}
        else:
            forms = {k: (p.ja, p.en) for k in ("cards", "power", "strike")}
        return Phrase(p.ja, p.en, {**p.forms, **forms})

    def subject(self, name: str, ctx: Any) -> Phrase:
        """A value's ``of:`` (this card, the attacking or the guarding card)."""
        return Phrase(*BOOK.get("subject", name))

    def target(self, raw: Any, ctx: Any = None, counting: bool = False) -> Phrase:
        return target(raw)

    # ---- nouns --------------------------------------------------------------------------------------
    def mods(self, f: dict | None) -> Modifiers:
        """A filter as modifiers around a noun, each from its word's registration."""
        return Modifiers.of(self.tests("filter", f or {}, None))

    def cards(self, f: dict | None, noun: Phrase) -> Phrase:
        """「パワー3000以下のカード」 / "card(s) with 3000 power or less"."""
        m = self.mods(f)
        return Phrase(f"{m.ja}{noun.ja}", f"{m.en_pre}{noun.en}{m.en_post}")

    def _count(self, c: dict) -> Phrase:
        """What ``count`` counts: 「自分のドロップエリアのカード」 / "cards in your drop area",
        「相手のバトルカード」 / "opposing battle cards" (words.v_count)."""
        side, zone = c.get("side", "own"), c.get("zone", "field")
        m = self.mods(c.get("filter"))
        if zone == "field":
            noun_ja, noun_en = BOOK.get("what", c.get("what", "battle"))
            side_ja, side_en = BOOK.get("side", side)
            return Phrase(f"{side_ja}{m.ja}{noun_ja}", " ".join(f"{side_en} {m.en_pre}{noun_en}s{m.en_post}".split()))
        z_ja, z_en = BOOK.get("count_zone", zone)
        owner = "your" if side == "own" else "your opponent's"
        return Phrase(
            f"{BOOK.get('side', side)[0]}{z_ja}の{m.ja}カード",
            " ".join(f"{m.en_pre}cards{m.en_post} in {owner} {z_en}".split()),
        )

    # ---- conditions -----------------------------------------------------------------------------------
    def condition(self, cond: dict | None) -> Phrase:
        """The conditions of an ability, joined: 「自分のライフが4枚以下」 / "your life is 4 or less"."""
        if not cond:
            return EMPTY
        return joint(self.tests("condition", cond, None))


TEXT = LeaderMeleeText()


# ---- targets ------------------------------------------------------------------------------------
def target(raw: Any, every: bool = False) -> Phrase:
    """「相手のパワー3000以下のバトルカード1枚」 / "1 opposing battle card with 3000 power or
    less"; ``every``: a continuous effect's cards, all that match (8-9)."""
    if raw is None or raw == "self":
        return Phrase(*BOOK.get("target", "self"), {"s": ("", "s")})
    check_keys(GAME, "target field", raw, TARGET_KEYS)
    what, side = raw.get("what", "battle"), raw.get("side", "opp")
    count, up_to = raw.get("count", 1), raw.get("up_to", False)
    f = dict(raw.get("filter") or {})
    if raw.get("other"):  # a target's other: true is the filter word other (cards._target), said first
        f = {"other": True, **f}
    m = TEXT.mods(f)
    ja_mods, en_pre, en_post = m.ja, m.en_pre, m.en_post
    noun_ja, noun_en = BOOK.get("what", what)
    side_ja, side_en = BOOK.get("side", side)
    if every:
        ja = f"{side_ja}{ja_mods}{noun_ja}すべて"
        en = f"all {side_en} {en_pre}{noun_en}s{en_post}"
        return Phrase(ja, " ".join(en.split()), {"s": ("", "")})
    ja = f"{side_ja}{ja_mods}{noun_ja}{count}枚" + ("まで" if up_to else "")
    n_en = f"up to {count}" if up_to else str(count)
    plural = count != 1 or side == "own"
    if side == "own":
        en = f"{n_en} of your {en_pre}{noun_en}s{en_post}"
    else:
        en = f"{n_en} {side_en} {en_pre}{noun_en}{'s' if plural else ''}{en_post}"
    return Phrase(ja, " ".join(en.split()), {"s": ("", "s" if count == 1 and not up_to else "")})


# ---- conditions, costs, actions -------------------------------------------------------------------
def condition(cond: dict | None) -> Phrase:
    """The conditions of an ability, joined: 「自分のライフが4枚以下」 / "your life is 4 or less"."""
    return TEXT.condition(cond)


def _when(c: Phrase) -> Phrase:
    """「…の時、」 / "if …, " before an effect."""
    return Phrase(c.ja + ("時、" if ja_is_predicate(c.ja) else "の時、"), f"if {c.en}, ")


def costs(cost: dict) -> Phrase:
    """[エネルギー2・このカードをレスト] in the order written (8-4-2-1)."""
    check_keys(GAME, "cost field", cost, C.COST_PARTS)
    parts = [_phrase("cost", k, **{"": number(v)}) for k, v in cost.items() if v]
    if not parts:
        return EMPTY
    return Phrase("[" + "・".join(p.ja for p in parts) + "]", "[" + ", ".join(p.en for p in parts) + "]")


def action(a: dict, continuous: bool = False) -> Phrase:
    """One action: its verb's registered template filled from the action as written."""
    check_keys(GAME, f"field of the action {a.get('do')!r},", a, ACTION_KEYS)
    do = a["do"]
    values = {
        "n": TEXT.value(a.get("n", 0), None),
        "amount": TEXT.value(a.get("amount", 0), None),
        "duration": _phrase("duration", a.get("duration", "turn")),
        "target": target(a.get("target"), every=continuous),
    }
    kind = "continuous" if continuous else "verb"
    word = VOCAB.words[kind].get(do)
    if word is None:
        raise MissingPhrase(GAME, kind, do, f"not a registered {kind} word")
    if continuous:  # a 【永続発動】's word (8-9, 10-5): every matching card
        if do == "prohibit":  # the whole sentence is the choice's (「相手は乱戦エリアにカードを出せない」)
            side = (a.get("target") or {}).get("side", "opp") if isinstance(a.get("target"), dict) else "own"
            values["side"] = Phrase(*BOOK.get("player", side))
            values["what"] = TEXT.choice(word, "what", a["what"], values)
        elif do == "grant":
            values["what"] = Phrase(*BOOK.get("keyword", a["what"]))
        return render_template(GAME, kind, do, TEXT.templates(kind, do), values)
    if do == "search":
        values["filter"] = TEXT.custom(_search_param, word, "filter", a.get("filter") or {}, None)
    if do == "bury":
        values["with_self"] = TEXT.choice(word, "with_self", bool(a.get("with_self", False)))
    return render_template(GAME, "verb", do, TEXT.templates("verb", do), values)


def actions(items: Sequence[dict], optional: bool = False, continuous: bool = False) -> Phrase:
    """Actions in printed order; ``optional`` (「してよい」) makes the first the choice and the
    rest what follows it (「…してよい。その場合、…」, 8-10-3)."""
    parts = [action(a, continuous) for a in items]
    if not parts:
        return EMPTY
    if optional:
        te = ja_te(parts[0].ja)
        first = _phrase("frame", "optional", **{"": Phrase(te if te else parts[0].ja + "して", parts[0].en)})
        rest = [Phrase(p.ja, p.en) for p in parts[1:]]
        ja = first.ja + ("".join(BOOK.get("frame", "if_done")[0] + ja_sentences([p.ja]) for p in rest))
        en = en_sentences([first.en] + [BOOK.get("frame", "if_done")[1] + p.en for p in rest])
        return Phrase(ja, en)
    return Phrase(ja_sentences([p.ja for p in parts]), en_sentences([p.en for p in parts]))


# ---- abilities --------------------------------------------------------------------------------------
def ability(ab: dict) -> Phrase:
    """One ability as printed: its kind (【自動発動】...), [ターン1回], [コスト], the trigger or
    condition, then the effect."""
    check_keys(GAME, "field of an ability,", ab, ABILITY_KEYS)
    kind = next(k for k in KINDS if k in ab)
    head = _phrase("kind", f"activated={ab['activated']}" if kind == "activated" else kind)
    limit = _phrase("limit", ab["limit"]) if ab.get("limit") else EMPTY
    cost = costs(ab.get("cost") or {})
    cond = condition(ab.get("condition"))
    pre = EMPTY
    if kind == "trigger":
        trig = ab["trigger"]
        values = {
            "turn": Phrase(*BOOK.get("turn", ab.get("turn", "any"))),
            "condition": cond,
            "from": _phrase("zone", ab["from"]) if "from" in ab else EMPTY,
            "to": _phrase("zone", ab["to"]) if "to" in ab else EMPTY,
        }
        t = _phrase("trigger", trig, **values)
        pre = Phrase(t.ja + "、", t.en + ", ")
        if trig != "state" and cond.ja:
            pre = Phrase(pre.ja + _when(cond).ja, pre.en + _when(cond).en)
    elif kind == "replace":
        r = ab["replace"]
        check_keys(GAME, "field of replace,", r, {"event", "subject", "by"})
        subject = r.get("subject", "you" if r["event"] == "damage" else "self")
        frame = _phrase(
            "replace",
            "frame",
            subject=_phrase("replace", f"subject={subject}"),
            by=_phrase("replace", f"by={r.get('by', 'any')}"),
            event=_phrase("replace", f"event={r['event']}"),
        )
        pre = Phrase(
            frame.ja + "、" + (_when(cond).ja if cond.ja else ""),
            " ".join(frame.en.split()) + ", " + (_when(cond).en if cond.en else ""),
        )
    elif cond.ja:
        pre = _when(cond)
    if kind in ("awaken", "cooperate") and not ab.get("actions"):
        body = _phrase("flip", kind)
    elif "modes" in ab:
        parts = []
        for m in ab["modes"]:
            check_keys(GAME, "field of a mode,", m, {"text", "actions"})
            parts.append(actions(m["actions"]))
        head_m, mark = BOOK.get("frame", "modes"), BOOK.get("frame", "mode")
        body = Phrase(
            head_m[0] + "".join(mark[0] + p.ja for p in parts),
            head_m[1] + " " + " ".join(mark[1] + p.en for p in parts),
        )
    elif kind == "replace":
        inner = actions(ab.get("actions") or [], optional=ab.get("optional", False))
        if not inner.ja:
            inner = Phrase(*BOOK.get("replace", "nothing"))
            inner = Phrase(inner.ja + "。", en_sentences([inner.en]))
        ins = BOOK.get("replace", "instead")
        body = Phrase(ins[0] + inner.ja, ins[1] + _lower(inner.en))
    else:
        body = actions(ab.get("actions") or [], optional=ab.get("optional", False), continuous=kind == "continuous")
    ja = head.ja + limit.ja + cost.ja + pre.ja + body.ja
    en_body = pre.en + (_lower(body.en) if pre.en else body.en)
    en = " ".join(x for x in (head.en, limit.en, cost.en) if x) + " " + en_cap(en_body)
    return Phrase(ja, en)


def _face_effects(face: dict, is_leader: bool) -> list[list[tuple[str, str]]]:
    out = []
    for kw in face.get("keywords", []):
        out.append(effect_lines(Phrase(*BOOK.get("keyword", kw)), None))
    for ab in face.get("effects", []):
        out.append(effect_lines(ability(ab), None))
    if face.get("deck_rule"):
        dr = face["deck_rule"]
        check_keys(GAME, "field of deck_rule,", dr, {"max_copies", "trait"})
        key = "trait" if "trait" in dr else "card"
        out.append(
            effect_lines(
                _phrase("deck_rule", key, max_copies=number(dr["max_copies"]), trait=plain(dr.get("trait", ""))), None
            )
        )
    return out


def _stats(face: dict, ctype: str) -> str:
    parts = []
    if ctype != "extra":
        parts.append(f"パワー{face.get('power', 0)} / ストライク{face.get('strike', 0)} (power / strike)")
    return "  ".join(parts)


def _info(face: dict, name: str) -> list[tuple[str, str]]:
    """Card information of a face (2-5 .. 2-7): character name, age, traits."""
    out = []
    if face.get("character") and face["character"] != name:
        out.append(("character", f"「{face['character']}」"))
    if face.get("age"):
        out.append(("age", f"｛{face['age']}｝"))
    if face.get("traits"):
        out.append(("traits", "".join(f"<{t}>" for t in face["traits"])))
    return out


def render_entry(entry: dict) -> CardText:
    """A card's text from its entry in a card file, as written: its fields (type, colour,
    level, power / strike, card information), then its keywords and abilities; a leader's
    two faces one after the other."""
    check_keys(GAME, "card field", entry, CARD_KEYS)
    ctype = entry["type"]
    t_ja, t_en = BOOK.get("type", ctype)
    c_ja, c_en = BOOK.get("color", entry["color"])
    fields = [("type", f"{t_ja} ({t_en})"), ("colour", f"{c_ja} ({c_en})")]
    effects: list[list[tuple[str, str]]] = []
    if ctype == "leader":
        for side in ("front", "back"):
            face = entry[side]
            check_keys(GAME, f"field of the {side} face,", face, FACE_KEYS)
            fname = face.get("name", entry["name"])
            fields.append((side, f"{fname}  {_stats(face, ctype)}"))
            fields += [(f"  {k}", v) for k, v in _info(face, fname)]
            effects.append(effect_lines(_phrase("frame", side, **{"": plain(fname)}), None))
            effects += _face_effects(face, True)
    else:
        fields.append(("level", f"レベル{entry['level']} (level {entry['level']})"))
        if ctype != "extra":
            fields.append(("stats", _stats(entry, ctype)))
        fields += _info(entry, entry["name"])
        effects += _face_effects(entry, False)
    if entry.get("text"):
        fields.append(("text", entry["text"]))
    return CardText(entry["id"], entry["name"], fields, effects)


def pool(options: dict[str, Any] | None = None) -> CardPool:
    """The pool a game with these rule options plays with (``cards``, ``builtin_cards``)."""
    from . import Game

    return load_pool(pool_files(Game, options or {}, CARDS_DIR))


def render(pool: CardPool, card_id: str) -> CardText:
    """The card's text from its entry in the card file it was loaded from."""
    require_card(card_id, pool.by_id)
    return render_entry(entry_of(pool.by_id[card_id].file, card_id))


def coverage_problems() -> list[str]:
    """Every word of the card language without a phrase, one line each naming it: the
    vocabulary's templates (:meth:`VocabText.template_problems`) and renderers of its custom
    parameters and choices, then the words of ``cards.py`` that are not on the vocabulary
    (card types, keywords, triggers, kinds, costs...) and this table's own consistency."""
    out = TEXT.template_problems()
    for p in C.PROHIBITS:
        if TEXT.choice_entry(VOCAB.words["continuous"]["prohibit"], "what", p) is None:
            out.append(f"continuous 'prohibit': no phrase for its choice what={p}")
    for kind in ("filter", "condition", "value", "verb"):
        for w in VOCAB.words[kind].values():
            for pname, param in w.params.items():
                if param.kind == "custom" and pname in ("", "filter") and param.choices[0] not in TEXT._custom:
                    out.append(f"{kind} {w.name!r}: no renderer for its parameter {pname or '(value)'!r}")
                if param.kind == "bool":
                    for c in (True, False):
                        if TEXT.choice_entry(w, pname, c) is None:
                            out.append(f"{kind} {w.name!r}: no phrase for its choice {pname or w.name}={c}")
    groups = [
        ("type", C.TYPES),
        ("color", C.COLORS),
        ("keyword", C.KEYWORDS),
        ("trigger", C.TRIGGERS),
        ("turn", C.TURNS),
        ("zone", C.ZONE_WORDS),
        ("cost", C.COST_PARTS),
        ("duration", C.DURATIONS),
        ("keyword", C.GRANTS),
        ("kind", [k for k in KINDS if k != "activated"] + [f"activated={t}" for t in C.TIMINGS]),
        (
            "replace",
            [f"event={e}" for e in C.REPL_EVENTS]
            + ["by=any", "by=opp", "by=battle", "subject=self", "subject=other_own", "subject=you"],
        ),
        ("what", ("battle", "leader", "any")),
        ("side", ("own", "opp")),
        ("subject", VOCAB.subjects),
        ("count_zone", [z for z in COUNT_ZONES if z != "field"]),
    ]
    out += [f"{kind} {n!r}: no phrase" for kind, names in groups for n in names if not BOOK.has(kind, n)]
    for kind, names in BOOK.table.items():
        for n, entry in names.items():
            if isinstance(entry, Phrase):
                continue
            if {s for s, _ in slots(entry[0])} != {s for s, _ in slots(entry[1])}:
                out.append(f"{kind} {n!r}: its Japanese and English templates use different values")
    return out
