"""Leader Melee card text: a card's entry rendered back as printed (Japanese in the game's
own terms, with an English gloss), so a card file can be checked against the real card
(``tcgzoo cards show LM-R07 --game leader_melee``).

The card language of ``cards.py`` is not on a vocabulary yet, so its words have a phrase
table here, :data:`BOOK`, worded as the comprehensive rules print them: 【自動発動】「このカードが
アタックした時」 (10-2), 【起動発動:メイン】[コスト] (8-1-2), 【永続発動】 (8-1-3), 【覚醒】 / 【共闘】
「【覚醒】[コスト](効果)」 (10-7, 10-8), 【乱戦】, [ターン1回] (10-15), 「カード1枚を引く」 (4-8),
「そのバトル中、このカードのパワーを+5000」 (8-2-1-2), 「ブレイクする」 (3-6-4), 置換効果 「(A)する時、
かわりに(B)する」 (8-2-1-3-1, 8-10-3), and the keywords 【鉄壁】【防衛】【怒涛】【充填】【速攻】【連携】
(10-9 .. 10-14). The walking, the template filling and the layout are the shared ones of
``envs/core/cardtext.py``; a word or field without a phrase is a
:class:`~tcgzoo.envs.core.cardtext.MissingPhrase` naming it.
"""
from __future__ import annotations

from typing import Any, Sequence

from ..core.cardtext import (
    EMPTY, CardText, Phrase, Phrasebook, check_keys, effect_lines, en_and, en_cap, en_sentences,
    entry_of, ja_is_predicate, ja_sentences, ja_te, number, plain, pool_files, require_card, slots,
)
from . import cards as C
from .cards import CARDS_DIR, CardPool, load_pool

__all__ = ["BOOK", "coverage_problems", "pool", "render", "render_entry"]

GAME = "leader_melee"

BOOK = Phrasebook(GAME, {
    "type": {"leader": ("リーダー", "leader"), "battle": ("バトル", "battle"), "extra": ("エクストラ", "extra")},
    "color": {"red": ("赤", "red"), "blue": ("青", "blue"), "green": ("緑", "green"), "yellow": ("黄", "yellow"),
              "purple": ("紫", "purple"), "white": ("白", "white")},
    "keyword": {  # 10-9 .. 10-14
        "iron_wall": ("【鉄壁】", "[Iron Wall]"), "defend": ("【防衛】", "[Defend]"), "surge": ("【怒涛】", "[Surge]"),
        "charge": ("【充填】", "[Charge]"), "haste": ("【速攻】", "[Haste]"), "link": ("【連携】", "[Link]"),
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
        "strike": ("このカードが相手のリーダーカードにダメージを与えた時", "when this card deals damage to the opponent's leader"),
        "break": ("このカードが相手のバトルカードをブレイクした時", "when this card breaks an opposing battle card"),
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
        "deck": ("デッキ", "the deck"), "hand": ("手札", "the hand"), "energy": ("エネルギーエリア", "the energy area"),
        "drop": ("ドロップエリア", "the drop area"), "battle": ("バトルエリア", "the battle area"),
        "melee": ("乱戦エリア", "the melee area"),
    },
    "limit": {"once_per_turn": ("[ターン1回]", "[Once per turn]")},  # 10-15
    "condition": {  # printed before the effect: 「…の時、」
        "life_le": ("自分のライフが{}枚以下", "your life is {} or less"),
        "life_ge": ("自分のライフが{}枚以上", "your life is {} or more"),
        "own_battle_ge": ("自分のバトルエリアのカードが{}枚以上", "you have {} or more cards in your battle area"),
        "opp_battle_ge": ("相手のバトルエリアのカードが{}枚以上", "your opponent has {} or more cards in their battle area"),
        "melee_trait": ("自分の乱戦エリアに<{}>を持つカードがある", "you have a <{}> card in your melee area"),
        "hand_le": ("自分の手札が{}枚以下", "you have {} or fewer cards in hand"),
        "self_power_ge": ("このカードのパワーが{}以上", "this card's power is {} or more"),
    },
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
    "action": {
        "draw": ("カード{n}枚を引く", "draw {n} card(s)"),  # 4-8-2
        "draw_up_to": ("カードを{n}枚まで引く", "draw up to {n} card(s)"),  # 4-8-4
        "charge": ("自分のデッキの上から{n}枚をエネルギーエリアに置く", "put the top {n} card(s) of your deck into your energy area"),
        "damage": ("相手に{n}ダメージを与える", "deal {n} damage to your opponent"),  # 4-9-1-2
        "power": ("{duration}、{target}のパワーを{amount.signed}", "{target} get{target.s} {amount.signed} power {duration}"),
        "strike": ("{duration}、{target}のストライク{amount.signed}", "{target} get{target.s} {amount.signed} strike {duration}"),
        "break": ("{target}をブレイクする", "break {target}"),  # 3-6-4
        "rest": ("{target}をレストにする", "rest {target}"),
        "stand": ("{target}をアクティブにする", "make {target} active"),
        "drop": ("{target}をドロップエリアに置く", "put {target} into the drop area"),
        "negate": ("{duration}、{target}の能力を無効にする", "negate the abilities of {target} {duration}"),  # 8-3-2
        "turn_front": ("{target}を表向きにする", "turn {target} face up again"),  # 10-7-4, 10-8-4
        "search": ("自分のデッキから{filter}を{n}枚まで選んで公開し、手札に加える。その後、デッキをシャッフルする",
                   "search your deck for up to {n} {filter}, reveal them and add them to your hand, then shuffle "
                   "your deck"),  # 8-6-3-5, 3-2-4
        "bury": ("自分のドロップエリアのカードを{n}枚まで{with_self}デッキの下に置く",
                 "put up to {n} card(s) from your drop area{with_self} on the bottom of your deck"),  # 3-1-6
        "reduce": ("そのダメージを{n}減らす", "reduce that damage by {n}"),  # 8-10
    },
    "continuous": {  # the words of a 【永続発動】 (8-9-1, 10-5-1): every matching card
        "power": ("{target}のパワーを{amount.signed}", "{target} get{target.s} {amount.signed} power"),
        "strike": ("{target}のストライク{amount.signed}", "{target} get{target.s} {amount.signed} strike"),
        "grant": ("{target}は{what}を得る", "{target} gain{target.s} {what}"),
        "prohibit=attack": ("{target}はアタックできない", "{target} cannot attack"),
        "prohibit=melee": ("{side}は乱戦エリアにカードを出せない", "{side} cannot move or play cards into the melee area"),
    },
    "with_self": {"true": ("、このカードと共に", " together with this card"), "false": ("", "")},
    "target": {"self": ("このカード", "this card")},
    "what": {"battle": ("バトルカード", "battle card"), "leader": ("リーダーカード", "leader card"),
             "any": ("カード", "card")},
    "side": {"own": ("自分の", "your"), "opp": ("相手の", "opposing")},
    "player": {"own": ("自分", "you"), "opp": ("相手", "your opponent")},
    "filter": {  # 2-1-2 《》, 2-5-3 「」, 2-6-3 < >, 2-7-3 { }, 2-11-4, 2-13
        "power_le": ("パワー{}以下の", "with {} power or less"),
        "rested=true": ("レストの", "rested"),
        "rested=false": ("アクティブの", "active"),
        "trait": ("<{}>を持つ", "with the trait <{}>"),
        "name": ("《{}》の", "named 《{}》"),
        "character": ("「{}」の", "of the character 「{}」"),
        "age": ("｛{}｝の", "of the age ｛{}｝"),
        "non_skill=true": ("ノンスキルの", "non-skill"),
        "non_skill=false": ("スキルを持つ", "with skills"),
        "melee_icon=true": ("乱戦アイコンを持つ", "with a melee icon"),
        "melee_icon=false": ("乱戦アイコンを持たない", "without a melee icon"),
        "other": ("このカード以外の", "other than this card"),
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
        "card": ("このカードはデッキに{max_copies}枚まで入れられる。", "Your deck may hold up to {max_copies} copies of this card."),
        "trait": ("<{trait}>を持つカードはデッキに{max_copies}枚まで入れられる。",
                  "Your deck may hold up to {max_copies} copies of each card with the trait <{trait}>."),
    },
    "frame": {
        "modes": ("次から1つを選ぶ。", "Choose one:"),
        "mode": ("▶", "▶ "),
        "optional": ("{}よい。", "you may {}."),
        "if_done": ("その場合、", "If you do, "),
        "front": ("【表面】{}", "[Front] {}"),
        "back": ("【裏面】{}", "[Back] {}"),
    },
})

ABILITY_KEYS = {"trigger", "activated", "awaken", "cooperate", "ransen", "continuous", "replace", "limit", "optional",
                "condition", "cost", "actions", "text", "modes", "from", "to", "turn"}
KINDS = ("trigger", "activated", "awaken", "cooperate", "ransen", "continuous", "replace")
ACTION_KEYS = {"do", "n", "amount", "duration", "target", "filter", "with_self", "what"}
TARGET_KEYS = {"what", "side", "count", "up_to", "filter", "other"}
FILTER_KEYS = ("power_le", "rested", "trait", "name", "character", "age", "non_skill", "melee_icon")
CARD_KEYS = {"id", "name", "character", "age", "type", "color", "level", "power", "strike", "traits", "keywords",
             "effects", "text", "deck_rule", "front", "back"}
FACE_KEYS = {"name", "character", "age", "power", "strike", "traits", "effects", "keywords", "deck_rule"}


def _phrase(kind: str, name: str, **values: Phrase) -> Phrase:
    return BOOK.phrase(kind, name, **values)


def _flag(key: str, v: Any) -> str:
    return f"{key}={'true' if v else 'false'}"


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


# ---- targets ------------------------------------------------------------------------------------
def _mods(f: dict) -> tuple[str, str, str]:
    """The filter as (Japanese, English before the noun, English after it)."""
    check_keys(GAME, "target filter field", f, FILTER_KEYS)
    ja, pre, post = [], [], []
    for key in FILTER_KEYS:
        if key not in f or f[key] is None:
            continue
        name = _flag(key, f[key]) if key in ("rested", "non_skill", "melee_icon") else key
        p = _phrase("filter", name, **{"": plain(str(f[key]))})
        ja.append(p.ja)
        (pre if " " not in p.en else post).append(p.en)
    return "".join(ja), "".join(x + " " for x in pre), "".join(" " + x for x in post)


def target(raw: Any, every: bool = False) -> Phrase:
    """「相手のパワー3000以下のバトルカード1枚」 / "1 opposing battle card with 3000 power or
    less"; ``every``: a continuous effect's cards, all that match (8-9)."""
    if raw is None or raw == "self":
        return Phrase(*BOOK.get("target", "self"), {"s": ("", "s")})
    check_keys(GAME, "target field", raw, TARGET_KEYS)
    what, side = raw.get("what", "battle"), raw.get("side", "opp")
    count, up_to = raw.get("count", 1), raw.get("up_to", False)
    ja_mods, en_pre, en_post = _mods(raw.get("filter") or {})
    if raw.get("other"):
        o = BOOK.get("filter", "other")
        ja_mods, en_post = o[0] + ja_mods, en_post + " " + o[1]
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
    if not cond:
        return EMPTY
    parts = [_phrase("condition", k, **{"": plain(str(v))}) for k, v in cond.items()]
    return Phrase("、".join(p.ja for p in parts), en_and([p.en for p in parts]))


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
    check_keys(GAME, f"field of the action {a.get('do')!r},", a, ACTION_KEYS)
    do = a["do"]
    values = {"n": number(a.get("n", 0)), "amount": number(a.get("amount", 0)),
              "duration": _phrase("duration", a.get("duration", "turn")),
              "target": target(a.get("target"), every=continuous)}
    if continuous:
        if do == "prohibit":
            side = (a.get("target") or {}).get("side", "opp") if isinstance(a.get("target"), dict) else "own"
            values["side"] = Phrase(*BOOK.get("player", side))
            return _phrase("continuous", f"prohibit={a['what']}", **values)
        if do == "grant":
            values["what"] = Phrase(*BOOK.get("keyword", a["what"]))
        return _phrase("continuous", do, **values)
    if do == "search":
        ja_mods, en_pre, en_post = _mods(a.get("filter") or {})
        values["filter"] = Phrase(f"{ja_mods}カード", f"{en_pre}card(s){en_post}")
    if do == "bury":
        values["with_self"] = Phrase(*BOOK.get("with_self", "true" if a.get("with_self") else "false"))
    return _phrase("action", do, **values)


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
        values = {"turn": Phrase(*BOOK.get("turn", ab.get("turn", "any"))), "condition": cond,
                  "from": _phrase("zone", ab["from"]) if "from" in ab else EMPTY,
                  "to": _phrase("zone", ab["to"]) if "to" in ab else EMPTY}
        t = _phrase("trigger", trig, **values)
        pre = Phrase(t.ja + "、", t.en + ", ")
        if trig != "state" and cond.ja:
            pre = Phrase(pre.ja + _when(cond).ja, pre.en + _when(cond).en)
    elif kind == "replace":
        r = ab["replace"]
        check_keys(GAME, "field of replace,", r, {"event", "subject", "by"})
        subject = r.get("subject", "you" if r["event"] == "damage" else "self")
        frame = _phrase("replace", "frame", subject=_phrase("replace", f"subject={subject}"),
                        by=_phrase("replace", f"by={r.get('by', 'any')}"), event=_phrase("replace", f"event={r['event']}"))
        pre = Phrase(frame.ja + "、" + (_when(cond).ja if cond.ja else ""),
                     " ".join(frame.en.split()) + ", " + (_when(cond).en if cond.en else ""))
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
        body = Phrase(head_m[0] + "".join(mark[0] + p.ja for p in parts), head_m[1] + " " + " ".join(mark[1] + p.en for p in parts))
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
        out.append(effect_lines(_phrase("deck_rule", key, max_copies=number(dr["max_copies"]),
                                        trait=plain(dr.get("trait", ""))), None))
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
    """Every word of the card language (``cards.py``'s tuples) without a phrase here, one
    line each naming it."""
    groups = [("type", C.TYPES), ("color", C.COLORS), ("keyword", C.KEYWORDS), ("trigger", C.TRIGGERS),
              ("turn", C.TURNS), ("zone", C.ZONE_WORDS), ("condition", C.CONDITIONS), ("cost", C.COST_PARTS),
              ("duration", C.DURATIONS), ("action", C.ACTIONS + ("reduce",)),
              ("continuous", [a for a in C.CONT_ACTIONS if a != "prohibit"] + [f"prohibit={p}" for p in C.PROHIBITS]),
              ("kind", [k for k in KINDS if k != "activated"] + [f"activated={t}" for t in C.TIMINGS]),
              ("replace", [f"event={e}" for e in C.REPL_EVENTS] + ["by=any", "by=opp", "by=battle", "subject=self",
                                                                  "subject=other_own", "subject=you"]),
              ("what", ("battle", "leader", "any")), ("side", ("own", "opp"))]
    out = [f"{kind} {n!r}: no phrase" for kind, names in groups for n in names if not BOOK.has(kind, n)]
    for key in FILTER_KEYS:
        if not (BOOK.has("filter", key) or BOOK.has("filter", f"{key}=true")):
            out.append(f"filter {key!r}: no phrase")
    for kind, names in BOOK.table.items():
        for n, entry in names.items():
            if isinstance(entry, Phrase):
                continue
            if {s for s, _ in slots(entry[0])} != {s for s, _ in slots(entry[1])}:
                out.append(f"{kind} {n!r}: its Japanese and English templates use different values")
    return out
