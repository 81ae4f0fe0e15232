"""Leader Melee card language: YAML card files, strictly validated, and deck files.

The words follow the Battle Spirits card language where the meaning is the same
(``trigger``, ``actions``, ``do``, ``target: {what, side, count}``, ``amount``,
``duration``, ``limit: once_per_turn``, ``keywords``); what this game adds is listed in
``docs/rules/leader_melee_notes.md``. Every error names the file, the entry and the field;
a pool is validated whole before any of it is used.

Card entry::

    id: LM-R01            # card number (2-16): the deck limit counts it (5-1-3-1)
    name: ...
    type: battle          # leader | battle | extra (2-3-2)
    color: red
    level: 2              # battle / extra (2-10)
    power: 3000           # battle (2-8); leaders give power/strike per face
    strike: 1             # battle (2-9)
    traits: [..]          # 2-6; the trait "共闘" makes a 共闘 card (2-6-4)
    keywords: [haste]     # iron_wall 鉄壁, defend 防衛, surge 怒涛, charge 充填, haste 速攻, link 連携
    text: "..."
    effects: [ability...]
    # leaders instead: front: {name, power, strike, traits, keywords, effects}, back: {...}

Ability::

    trigger: play | attack | strike | break | melee | turn_start | turn_end     # 10-1..10-6, 8-1-4
      | main_start | battle_phase_start | attack_step_start | judgement_start   # "...開始時" of the
      | battle_complete | battle_phase_end   # master's own turn (6-3-1-1, 7-2-1-1, 7-3-1-1, 7-5-1-1,
      | guard_step_start                     # 7-6-1-1, 7-7-1-1 once per turn); guard_step_start: the
                                             # defender's cards (7-4-1-1)
      or activated: main | battle        # 【起動発動:メイン/バトル】 (8-1-2)
      or awaken: true | cooperate: true  # 【覚醒】 10-7 / 【共闘】 10-8 (leader only): flips to the back face
    limit: once_per_turn                 # ターン1回 (10-15)
    optional: true                       # "してよい": a yes/no before the actions
    condition: {life_le: n, life_ge: n, own_battle_ge: n, opp_battle_ge: n, melee_trait: t}
    cost: {energy: n, rest_self: true}   # 8-4 ([cost]; the energy goes to the drop)
    actions: [{do: ..., ...}]

Actions: ``draw n``, ``draw_up_to n`` (4-8-4), ``charge n`` (top deck -> energy, 6-2-4-1),
``damage n`` (to the opponent, 4-9-1-2), ``power amount`` / ``strike amount`` with
``duration: battle|turn`` and ``target`` (default: this card), ``break`` (3-6-4),
``rest``, ``stand`` (make active), ``drop`` (battle card to the drop). A target is
``{what: battle|leader|any, side: own|opp, count: n, up_to: bool, filter: {power_le: n, rested: bool}}``
or the word ``self``.
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path

from ..core.cardfile import Checker, load_yaml
from ..core.decks import builtin_deck_names, deck_card_ids, open_deck
from ..core.errors import CardFileError, DeckError

CARDS_DIR = Path(__file__).resolve().parent / "cards"
DECKS_DIR = Path(__file__).resolve().parent / "decks"

T_LEADER, T_BATTLE, T_EXTRA = 0, 1, 2
TYPES = {"leader": T_LEADER, "battle": T_BATTLE, "extra": T_EXTRA}
COLORS = ("red", "blue", "green", "yellow", "purple", "white")
KEYWORDS = ("iron_wall", "defend", "surge", "charge", "haste", "link")
TRIGGERS = ("play", "attack", "strike", "break", "melee", "turn_start", "turn_end", "main_start",
            "battle_phase_start", "attack_step_start", "guard_step_start", "judgement_start",
            "battle_complete", "battle_phase_end")
TIMINGS = ("main", "battle")
ACTIONS = ("draw", "draw_up_to", "charge", "damage", "power", "strike", "break", "rest", "stand", "drop")
TARGETED = ("power", "strike", "break", "rest", "stand", "drop")
CONDITIONS = ("life_le", "life_ge", "own_battle_ge", "opp_battle_ge", "melee_trait")
DECK_SIZE, MAX_COPIES = 40, 3

# ability kinds
A_TRIGGER, A_ACTIVATED, A_AWAKEN, A_COOPERATE = range(4)


class Target:
    __slots__ = ("self_", "what", "side", "count", "up_to", "power_le", "rested")

    def __init__(self, self_=True, what="battle", side="opp", count=1, up_to=False, power_le=None, rested=None):
        self.self_, self.what, self.side, self.count, self.up_to = self_, what, side, count, up_to
        self.power_le, self.rested = power_le, rested


class Action:
    __slots__ = ("do", "n", "duration", "target")

    def __init__(self, do, n, duration, target):
        self.do, self.n, self.duration, self.target = do, n, duration, target


class Ability:
    __slots__ = ("kind", "event", "once", "optional", "condition", "energy", "rest_self", "actions", "text")

    def __init__(self, kind, event, once, optional, condition, energy, rest_self, actions, text=""):
        self.kind, self.event, self.once, self.optional = kind, event, once, optional
        self.condition, self.energy, self.rest_self, self.actions, self.text = condition, energy, rest_self, actions, text


class Face:
    __slots__ = ("name", "power", "strike", "traits", "keywords", "abilities")

    def __init__(self, name, power, strike, traits, keywords, abilities):
        self.name, self.power, self.strike, self.traits = name, power, strike, traits
        self.keywords, self.abilities = keywords, abilities


class CardDef:
    __slots__ = ("index", "id", "name", "type", "color", "level", "faces", "text", "file")

    def __init__(self, index, cid, name, type_, color, level, faces, text, file):
        self.index, self.id, self.name, self.type, self.color = index, cid, name, type_, color
        self.level, self.faces, self.text, self.file = level, faces, text, file

    @property
    def face(self) -> Face:
        return self.faces[0]


class CardPool:
    def __init__(self, cards: list[CardDef]):
        self.cards = cards
        self.by_id = {c.id: c for c in cards}


def _target(ck: Checker, field: str, raw) -> Target:
    if raw is None or raw == "self":
        return Target(True)
    t = ck.sub(field, raw)
    t.only(("what", "side", "count", "up_to", "filter"))
    what = t.choice("what", ("battle", "leader", "any"), "battle")
    side = t.choice("side", ("own", "opp"), "opp")
    count = t.get("count", int, 1)
    if count < 1:
        t.fail("count", "must be at least 1")
    up_to = t.get("up_to", bool, False)
    flt = t.get("filter", dict, {})
    f = t.sub("filter", flt)
    f.only(("power_le", "rested"))
    return Target(False, what, side, count, up_to, f.get("power_le", int, None), f.get("rested", bool, None))


def _ability(ck: Checker, field: str, raw, is_leader: bool, ctype: int) -> Ability:
    a = ck.sub(field, raw)
    a.only(("trigger", "activated", "awaken", "cooperate", "limit", "optional", "condition", "cost", "actions", "text"))
    kinds = [k for k in ("trigger", "activated", "awaken", "cooperate") if k in raw]
    if len(kinds) != 1:
        a.fail(None, "needs exactly one of trigger, activated, awaken, cooperate")
    k = kinds[0]
    if k == "trigger":
        kind, event = A_TRIGGER, a.choice("trigger", TRIGGERS)
        if ctype == T_EXTRA:
            a.fail("trigger", "extra cards have only activated abilities (2-3-2-3)")
    elif k == "activated":
        kind, event = A_ACTIVATED, a.choice("activated", TIMINGS)
    else:
        if not is_leader:
            a.fail(k, "awaken and cooperate are leader abilities (6-3-1-2-3, LM-G12)")
        if a.get(k, bool) is not True:
            a.fail(k, "must be true")
        kind, event = (A_AWAKEN if k == "awaken" else A_COOPERATE), None
    lim = a.choice("limit", ("once_per_turn",), None)
    optional = a.get("optional", bool, False)
    cond = a.get("condition", dict, {})
    c = a.sub("condition", cond)
    c.only(CONDITIONS)
    condition = {}
    for key in CONDITIONS:
        if key in cond:
            condition[key] = c.get(key, str if key == "melee_trait" else int)
    cost = a.get("cost", dict, {})
    co = a.sub("cost", cost)
    co.only(("energy", "rest_self"))
    energy = co.get("energy", int, 0)
    if energy < 0:
        co.fail("energy", "must be at least 0")
    rest_self = co.get("rest_self", bool, False)
    if kind == A_TRIGGER and cost:
        a.fail("cost", "automatic abilities have no cost (8-1-2)")
    acts_raw = a.get("actions", list, [])
    acts = []
    for i, r in enumerate(acts_raw):
        x = a.sub(f"actions[{i}]", r)
        x.only(("do", "n", "amount", "duration", "target"))
        do = x.choice("do", ACTIONS)
        if do in ("power", "strike"):
            n = x.get("amount", int)
        elif do in TARGETED:
            n = 0
            if "amount" in r or "n" in r:
                x.fail("n", f"{do} takes no number")
        else:
            n = x.get("n", int)
            if n < 0:
                x.fail("n", "must be at least 0")
        duration = x.choice("duration", ("battle", "turn"), "turn") if do in ("power", "strike") else None
        if do not in ("power", "strike") and "duration" in r:
            x.fail("duration", f"{do} has no duration")
        if do in TARGETED:
            tgt = _target(x, "target", r.get("target"))
            if do in ("break", "drop") and (tgt.self_ or tgt.what != "battle"):
                x.fail("target", f"{do} needs a battle card target (3-6-4)")
        else:
            if "target" in r:
                x.fail("target", f"{do} takes no target")
            tgt = None
        acts.append(Action(do, n, duration, tgt))
    if kind in (A_TRIGGER, A_ACTIVATED) and not acts:
        a.fail("actions", "an ability needs at least one action")
    return Ability(kind, event, lim is not None, optional, condition, energy, rest_self, acts,
                   a.get("text", str, ""))


def _face(ck: Checker, raw: dict, is_leader: bool, ctype: int, name: str) -> Face:
    if ctype != T_EXTRA:
        ck.get("power", int)
    power = ck.get("power", int, 0)
    strike = ck.get("strike", int, 0)
    if power < 0 or strike < 0:
        ck.fail("power" if power < 0 else "strike", "must be at least 0")
    traits = ck.get("traits", list, [])
    for i, t in enumerate(traits):
        if not isinstance(t, str):
            ck.fail(f"traits[{i}]", "expected a string")
    kws = ck.get("keywords", list, [])
    for i, kw in enumerate(kws):
        if kw not in KEYWORDS:
            ck.fail(f"keywords[{i}]", f"{kw!r} is not one of {', '.join(KEYWORDS)}")
    if is_leader and kws:
        ck.fail("keywords", "leader keywords are not supported")
    abil = [_ability(ck, f"effects[{i}]", r, is_leader, ctype) for i, r in enumerate(ck.get("effects", list, []))]
    if is_leader and sum(1 for a in abil if a.kind != A_TRIGGER) > 4:
        ck.fail("effects", "at most 4 activated abilities per face (action layout)")
    if not is_leader and sum(1 for a in abil if a.kind == A_ACTIVATED) > 4:
        ck.fail("effects", "at most 4 activated abilities (action layout)")
    return Face(name, power, strike, tuple(traits), frozenset(kws), abil)


def _card(file: str, index: int, raw) -> CardDef:
    entry = raw.get("id", f"#{index}") if isinstance(raw, dict) else f"#{index}"
    ck = Checker(file, str(entry), raw)
    cid = ck.get("id", str)
    ctype = TYPES[ck.choice("type", tuple(TYPES))]
    name = ck.get("name", str)
    color = ck.choice("color", COLORS)
    text = ck.get("text", str, "")
    if ctype == T_LEADER:
        ck.only(("id", "name", "type", "color", "front", "back", "text"))
        faces = []
        for side in ("front", "back"):
            f = ck.sub(side, ck.get(side, dict))
            f.only(("name", "power", "strike", "traits", "effects", "keywords"))
            faces.append(_face(f, f.data, True, ctype, f.get("name", str, name)))
        return CardDef(index, cid, name, ctype, color, 0, faces, text, file)
    ck.only(("id", "name", "type", "color", "level", "power", "strike", "traits", "keywords", "effects", "text"))
    level = ck.get("level", int)
    if level < 0:
        ck.fail("level", "must be at least 0")
    if ctype == T_EXTRA:
        for fld in ("power", "strike", "traits", "keywords"):
            if fld in raw:
                ck.fail(fld, "extra cards have no " + fld + " (2-5..2-9)")
    face = _face(ck, raw, False, ctype, name)
    if ctype == T_EXTRA and (len(face.abilities) != 1 or face.abilities[0].kind != A_ACTIVATED):
        ck.fail("effects", "an extra card has exactly one activated ability (2-3-2-3)")
    return CardDef(index, cid, name, ctype, color, level, [face], text, file)


def load_pool(paths=None) -> CardPool:
    files = sorted(CARDS_DIR.glob("*.yaml")) if paths is None else [Path(p) for p in paths]
    cards: list[CardDef] = []
    seen: dict[str, str] = {}
    for path in files:
        data = load_yaml(path)
        ck = Checker(str(path), None, data) if isinstance(data, dict) else None
        if ck is None:
            raise CardFileError(str(path), None, None, "expected a mapping with a 'cards' list")
        ck.only(("cards",))
        for raw in ck.get("cards", list):
            c = _card(str(path), len(cards), raw)
            if c.id in seen:
                raise CardFileError(str(path), c.id, "id", f"duplicate card id (also in {seen[c.id]})")
            seen[c.id] = str(path)
            cards.append(c)
    if not cards:
        raise CardFileError(", ".join(map(str, files)) or str(CARDS_DIR), None, None, "no cards")
    return CardPool(cards)


def deck_names() -> list[str]:
    return builtin_deck_names(DECKS_DIR)


def load_deck(spec: str, pool: CardPool) -> tuple[str, int, list[int]]:
    """A built-in deck name or a deck-file path -> (name, leader index, card indexes)."""
    path, ck, name = open_deck(spec, DECKS_DIR, "Leader Melee", extra_fields=("leader",))
    lid = ck.get("leader", str)
    if lid not in pool.by_id:
        raise CardFileError(str(path), name, "leader", f"unknown card id {lid!r}")
    ids = [pool.by_id[cid].index for cid in deck_card_ids(ck, pool.by_id)]
    leader = pool.by_id[lid].index
    validate_deck(name, leader, ids, pool)
    return name, leader, ids


def validate_deck(name: str, leader: int, ids: list[int], pool: CardPool) -> None:
    """5-1: one leader card; exactly 40 battle and extra cards; at most 3 per card number."""
    if pool.cards[leader].type != T_LEADER:
        raise DeckError(name, pool.cards[leader].id, "LM 5-1-2", "the leader must be a leader card")
    for i in sorted(set(ids)):
        if pool.cards[i].type == T_LEADER:
            raise DeckError(name, pool.cards[i].id, "LM 5-1-3", "a deck holds only battle and extra cards")
    if len(ids) != DECK_SIZE:
        raise DeckError(name, None, "LM 5-1-3", f"has {len(ids)} cards; a deck has exactly {DECK_SIZE}")
    for i, n in sorted(Counter(ids).items()):
        if n > MAX_COPIES:
            raise DeckError(name, pool.cards[i].id, "LM 5-1-3-1", f"{n} copies; at most {MAX_COPIES} per card number")
