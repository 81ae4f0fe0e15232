"""The Battle Spirits card language's events: what a triggered effect waits for (BS 9-1-5).

Every event is a word of kind ``"event"`` on :data:`words.VOCAB`, registered with its rule,
its meaning and how it reads on a card. A trigger names one (``trigger: destroyed``) and
says whose event it is with ``of:``:

* a **card event** (``summon``, ``attack``, ``destroyed`` ...) happens to one card, its
  *subject*: ``of: self`` (the default: this card, the printed 『このスピリットの～時』) or a
  target-like mapping ``{what, side, filter, other}`` naming the cards watched, ``side``
  relative to the watching card's controller (「相手のスピリットが破壊されたとき」 is
  ``of: {side: opp}``);
* a **player event** (``life_decreased``, ``card_to_hand``, ``drawn``, ``milled``,
  ``magic_used``) happens to a player: ``of: own`` (default), ``opp`` or ``any``; the cards it
  concerns (drawn, added, milled, the magic used) are its subjects;
* **step events** (``own_start_step`` ...) and the count events ``cores_reach`` /
  ``life_drops_to`` take no ``of``.

``by:`` says how the event must have been caused (``battle`` / ``attack``: by BP comparison
or an attack, ``effect``, ``own`` / ``opp``: by that player, ``own_effect`` / ``opp_effect``);
``by_types: [spirit, magic]`` narrows an effect cause to effects of cards of those types
(「スピリット/マジックの効果で回復した」: the card whose action made the event, ``State.ev_src``);
``each: true`` triggers once per subject card instead of once per simultaneous event
(BS 9-1-5-4, ruling in ``docs/rules/battle_spirits_notes.md``); ``zone: hand`` makes a card
in the hand watch (BS 5-12-2, 9-3-1-2); ``outside_draw_step`` and ``against`` narrow
``card_to_hand`` / ``drawn`` and ``battle_destroy``.

While a triggered effect resolves, its subject is the target word ``event`` and the value
subject ``{stat: bp, of: event}``, and the number of subjects (or of life lost) is the
quantity ``event_count``. The rules queue the triggers in ``rules.happen``; this module
compiles the words and decides whether a watcher sees an event (:func:`watches`).
"""

from __future__ import annotations

from ..core.cardfile import Checker
from .cards import EV, MAGIC, NEXUS, SPIRIT, WHATS, _filter, types_mask
from .layout import ST_DRAW
from .state import Z_FIELD, Z_HAND, Z_TRASH, Z_WAIT
from .words import VOCAB

# how an event was caused
C_RULE, C_EFFECT, C_BATTLE = 0, 1, 2
ALL_CAUSES = 0b111
#: ``by:`` words -> (causes allowed as bits, whose doing: -1 anyone, 0 you, 1 your opponent)
BY = {
    "any": (ALL_CAUSES, -1),
    "battle": (1 << C_BATTLE, -1),
    "attack": (1 << C_BATTLE, -1),
    "effect": (1 << C_EFFECT, -1),
    "own": (ALL_CAUSES, 0),
    "opp": (ALL_CAUSES, 1),
    "own_effect": (1 << C_EFFECT, 0),
    "opp_effect": (1 << C_EFFECT, 1),
    "not_effect": (ALL_CAUSES & ~(1 << C_EFFECT), -1),
}
BY_CARD = ("any", "battle", "effect", "own", "opp", "own_effect", "opp_effect")
BY_LIFE = ("any", "attack", "effect", "own", "opp", "own_effect", "opp_effect")
BY_HAND = ("any", "effect", "own", "opp", "own_effect", "opp_effect")
BY_MILL = ("any", "own", "opp")
BY_CORES = ("any", "effect", "not_effect", "own", "opp", "own_effect", "opp_effect")
#: the keys a trigger may carry besides the effect's common ones
TRIGGER_KEYS = ("of", "by", "by_types", "each", "zone", "outside_draw_step", "against", "side", "n")
#: events whose own card's triggers the rules fire directly (``rules.fire``); a trigger of
#: this card on any other event, or one that reads ``by:``, is queued by ``rules.happen``
FIRED = frozenset(
    EV[n]
    for n in (
        "summon",
        "deploy",
        "attack",
        "block",
        "destroyed",
        "destroyed_by_opponent",
        "battle_destroy",
        "battle_end",
        "exhausted",
        "recovered",
        "leaves_field",
    )
)
#: the zone a card's trigger on its own event works from (9-1-5-5, 9-3-3)
OWN_EVENT_ZONE = {
    EV["destroyed"]: Z_WAIT,
    EV["destroyed_by_opponent"]: Z_WAIT,
    EV["leaves_field"]: Z_WAIT,
    EV["returned"]: Z_WAIT,
    EV["milled"]: Z_TRASH,
}


class EventWord:
    """What the loader needs to know of an event word (``Word.data``)."""

    __slots__ = ("index", "kind", "what", "by", "alias")

    def __init__(self, index: int, kind: str, what: int = -1, by: tuple = (), alias: str = "") -> None:
        self.index, self.kind, self.what, self.by, self.alias = index, kind, what, by, alias


class Watch:
    """Whose event a trigger waits for, and how it must have happened. ``self_``: this card's
    own event (read by ``happen`` because of ``by:`` or because no rule fires it); else
    ``side`` (0 own, 1 opp, 2 any, relative to the watcher's controller) and, for a card event,
    ``what`` (an index of ``cards.WHATS``), ``filt`` and ``other``; ``causes`` (bits of C_*)
    and ``rel`` (-1, 0 you, 1 your opponent) from ``by:``; ``dstep`` (not in the subject
    player's draw step); ``against`` (a filter on the spirit a battle winner destroyed); ``types``
    (bits of card types, 0: any) from ``by_types:``, the types of the card whose effect caused it."""

    __slots__ = ("self_", "side", "what", "filt", "other", "causes", "rel", "dstep", "against", "types")

    def __init__(self) -> None:
        self.self_, self.side, self.what, self.filt, self.other = False, 2, -1, (), False
        self.causes, self.rel, self.dstep, self.against, self.types = ALL_CAUSES, -1, False, (), 0


def watches(s, w: Watch, j: int, q: int, who: int, c: int, by: int, cause: int, other: int) -> bool:
    """Does ``w`` (a trigger of card ``j``, controlled by ``q``) see the event of player ``who``
    whose subject is card ``c`` (-1: none), caused by player ``by`` (-1: nobody) through
    ``cause``; ``other``: the spirit a battle winner destroyed (BS 9-1-5-1, 9-1-5-3)?"""
    if w.side != 2 and (who == q) != (w.side == 0):
        return False
    if w.what >= 0:
        if c < 0 or (w.other and c == j):
            return False
        t = s.defs[s.cdef[c]].type
        wh = w.what
        if wh == 0 and t != SPIRIT or wh == 1 and t != NEXUS or wh == 2 and t == MAGIC:
            return False
        for fn, arg in w.filt:
            if not fn(s, c, j, q, arg, False):
                return False
    if not (w.causes >> cause) & 1:
        return False
    if w.rel >= 0 and by != (q if w.rel == 0 else 1 - q):
        return False
    if w.types:  # by_types: the card whose action caused the event (BS 9-1-5-1)
        x = s.ev_src
        if x < 0 or not (w.types >> s.defs[s.cdef[x]].type) & 1:
            return False
    if w.dstep and s.step == ST_DRAW and s.tp == who:
        return False
    if w.against:
        if other < 0:
            return False
        for fn, arg in w.against:
            if not fn(s, other, j, q, arg, False):
                return False
    return True


# ---- the words ----------------------------------------------------------------------------------
def _event(
    name: str, kind: str, rule: str, doc: str, ja: str, en: str, what: str = "", by: tuple = (), alias: str = ""
) -> None:
    VOCAB.add(
        "event",
        name,
        None,
        rule=rule,
        doc=doc,
        ja=ja,
        en=en,
        data=EventWord(EV[alias or name], kind, WHATS.index(what) if what else -1, by, alias),
    )


# card events: `of: self` (default) or a mapping; {of} is 「このスピリット」 or the watched cards
_event(
    "summon",
    "card",
    "BS 12-2-1-6",
    "a spirit was summoned (from the hand or by an effect)",
    "{of}の召喚時",
    "when {of} is summoned",
    "spirit",
)
_event("deploy", "card", "BS 12-2-1-11", "a nexus was deployed", "{of}の配置時", "when {of} is deployed", "nexus")
_event("attack", "card", "BS 12-2-1-7, 8-1-1-2", "a spirit attacked", "{of}のアタック時", "when {of} attacks", "spirit")
_event("block", "card", "BS 12-2-1-9, 8-1-3-2", "a spirit blocked", "{of}のブロック時", "when {of} blocks", "spirit")
_event(
    "destroyed",
    "card",
    "BS 12-2-1-12, 5-10",
    "a spirit or nexus was destroyed (by BP comparison or an effect; not when it vanishes)",
    "{of}の破壊時",
    "when {of} is destroyed",
    "spirit",
    BY_CARD,
)
_event(
    "destroyed_by_opponent",
    "card",
    "BS 12-2-1-12-1",
    "destroyed by its opponent's effect or by an opposing spirit's BP",
    "{of}の相手による破壊時",
    "when {of} is destroyed by the opponent",
    "spirit",
)
_event(
    "battle_destroy",
    "card",
    "BS 8-1-6-2",
    "a spirit destroyed the spirit it battled by BP comparison and stayed on the field "
    "(「BPを比べ相手のスピリットだけを破壊したとき」); `against:` filters the destroyed spirit",
    "{of}がBPを比べ相手のスピリットだけを破壊したとき",
    "when {of} wins a battle by BP",
    "spirit",
)
_event(
    "battle_end",
    "card",
    "BS 8-1-7-1",
    "the battle of a spirit ended: its own trigger if it is still on the field; a watcher (of: ...) also sees a "
    "battling spirit that left the field in the battle, whose bp is then its BP as it last was there",
    "{of}のバトル終了時",
    "when {of}'s battle ends",
    "spirit",
)
_event(
    "exhausted",
    "card",
    "BS 5-15, 5-16",
    "a card became exhausted (heavily included)",
    "{of}が疲労したとき",
    "when {of} becomes exhausted",
    "spirit",
    BY_CARD,
)
_event(
    "recovered",
    "card",
    "BS 5-14, 5-14-2",
    "a card became recovered (refresh step or effect)",
    "{of}が回復したとき",
    "when {of} is recovered",
    "spirit",
    BY_CARD,
)
_event(
    "leaves_field",
    "card",
    "BS 9-3-3, 10-2-2-1",
    "a card left the field: destroyed, vanished or returned to the hand or deck",
    "{of}がフィールドを離れるとき",
    "when {of} leaves the field",
    "spirit",
    BY_CARD,
)
_event(
    "cores_placed",
    "card",
    "BS 4-8, 7-6-1-2-2, 11-1-1-6",
    "cores were put on a spirit or nexus on the field: by an effect, or by its player (core moves in the main "
    "step, a summon's placement: by: not_effect, 「効果以外でコアを置いた」)",
    "{of}にコアが置かれたとき",
    "when cores are put on {of}",
    "spirit",
    BY_CORES,
)
_event(
    "returned",
    "card",
    "BS 10-2-2-1, 10-2-2-7",
    "a card on the field was returned to the hand or deck",
    "{of}が手札/デッキに戻ったとき",
    "when {of} is returned to the hand or deck",
    "spirit",
    BY_CARD,
)
# player events: `of: own` (default), `opp` or `any`
_event(
    "life_decreased",
    "player",
    "BS 8-1-5-1, BS-R1",
    "a player's life decreased (by an attack or an effect); event_count is the life lost",
    "{of}のライフが減ったとき",
    "when {of.pos} life decreases",
    by=BY_LIFE,
)
_event(
    "card_to_hand",
    "player",
    "BS 4-3, 5-6",
    "cards were added to a player's hand (drawn, returned, searched...); event_count is how many",
    "{of}の手札にカードが加えられたとき",
    "when cards are added to {of.pos} hand",
    by=BY_HAND,
)
_event(
    "drawn",
    "player",
    "BS 5-6",
    "a player drew cards; event_count is how many",
    "{of}がドローしたとき",
    "when cards are drawn by {of}",
    by=BY_HAND,
)
_event(
    "milled",
    "player",
    "BS 5-13",
    "cards were put from a player's deck into the trash (破棄); `of: self`: this card was, "
    "and its trigger works from the trash",
    "{of}のデッキが破棄されたとき",
    "when cards are milled from the deck of {of}",
    by=BY_MILL,
)
_event(
    "hand_discarded",
    "player",
    "BS 5-13, 4-3",
    "cards were put from a player's hand into the trash (破棄) by an effect or as a cost; event_count is how "
    "many (one event per action)",
    "{of}の手札が破棄されたとき",
    "when cards are discarded from {of.pos} hand",
    by=BY_HAND,
)
_event(
    "magic_used",
    "player",
    "BS 5-12, 11-3",
    "a player used a magic card (the event card)",
    "{of}がマジックを使用したとき",
    "when a magic is used by {of}",
)
# steps (9-1-5-2): the step's player is in the word
for _n, _r, _ja, _en in (
    ("own_start_step", "BS 7-2-1", "自分のスタートステップ", "your start step"),
    ("own_core_step", "BS 7-3-1", "自分のコアステップ", "your core step"),
    ("own_draw_step", "BS 7-4-1", "自分のドローステップ", "your draw step"),
    ("own_refresh_step", "BS 7-5-1", "自分のリフレッシュステップ", "your refresh step"),
    ("own_main_start", "BS 7-6-1-1", "自分のメインステップ開始時", "the start of your main step"),
    ("own_attack_step_start", "BS 7-7-3-1", "自分のアタックステップ開始時", "the start of your attack step"),
    ("own_attack_step_end", "BS 7-7-3-2", "自分のアタックステップ終了時", "the end of your attack step"),
    ("opp_attack_step_end", "BS 7-7-3-2", "相手のアタックステップ終了時", "the end of your opponent's attack step"),
    ("own_end_step", "BS 7-9-1-1", "自分のエンドステップ", "your end step"),
    ("opp_end_step", "BS 7-9-1-1", "相手のエンドステップ", "your opponent's end step"),
):
    _event(_n, "step", _r, f"{_en}", f"『{_ja}』", f"({_en})")
_event(
    "cores_reach",
    "count",
    "BS 13-1-1",
    "this card's cores rose to n or more",
    "このスピリットのコアが{n}個以上になったとき",
    "when this has {n} or more cores",
)
_event(
    "life_drops_to",
    "count",
    "BS 13-1-2, BS-R6",
    "your life fell to n or less",
    "自分のライフが{n}以下になったとき",
    "when your life becomes {n} or less",
)
# the first words, kept as aliases
_event(
    "spirit_summoned",
    "alias",
    "BS 9-1-5-4, 12-3-2-1",
    "alias of `summon` with `of: {what: spirit, side: <side>}` (side: own, opp, any)",
    "{side}スピリットが召喚されたとき",
    "when {side} spirit is summoned",
    "spirit",
    alias="summon",
)
_event(
    "own_life_decreased",
    "alias",
    "BS 8-1-5-1, BS-R1",
    "alias of `life_decreased` with `of: own`",
    "自分のライフが減ったとき",
    "when your life decreases",
    alias="life_decreased",
)

VOCAB.subjects = VOCAB.subjects + ("event",)
VOCAB.quantity(
    "event_count",
    lambda s, src, p: s.ev_n,
    rule="BS 9-1-5-4",
    doc="the number of cards the event that triggered this effect concerns (destroyed, drawn, milled...), "
    "or the life it took; 1 outside a triggered effect",
    ja="その数",
    en="the number of them",
)


# ---- compiling a trigger --------------------------------------------------------------------------
def _of_mapping(sub: Checker, data, what: int) -> Watch:
    w = Watch()
    o = sub.sub("of", data)
    o.only(("what", "side", "filter", "other"))
    w.what = WHATS.index(o.choice("what", WHATS, WHATS[what]))
    w.side = ("own", "opp", "any").index(o.choice("side", ("own", "opp", "any"), "any"))
    w.filt = _filter(o, "filter", o.get("filter", dict, {}))
    w.other = o.get("other", bool, False)
    return w


def compile_trigger(sub: Checker, e, data) -> None:
    """Read a trigger's event words into effect ``e``: ``event``, ``watch`` (None: fired by
    the rules for this card, as before v2), ``each``, ``zone`` and ``n``."""
    word = VOCAB.get("event", sub.get("trigger", str), sub, "trigger")
    ew: EventWord = word.data
    e.event = ew.index
    kind = ew.kind
    allowed = {"of", "by", "each", "zone"} if kind in ("card", "player") else set()
    if ew.by:
        allowed.add("by_types")
    if ew.index in (EV["card_to_hand"], EV["drawn"]):
        allowed.add("outside_draw_step")
    if ew.index == EV["battle_destroy"]:
        allowed.add("against")
    if kind == "count":
        allowed.add("n")
    if word.name == "spirit_summoned":
        allowed.add("side")
    for k in TRIGGER_KEYS:
        if k in data and k not in allowed:
            sub.fail(k, f"the event {word.name!r} takes no {k!r}")
    if kind == "count":
        e.n = sub.number("n", 0, 99)
    if kind == "alias":  # the first words: a summon of a side's spirit, your life decreased
        w = Watch()
        if word.name == "spirit_summoned":
            w.what = 0
            w.side = ("own", "opp", "any").index(sub.choice("side", ("own", "opp", "any"), "any"))
        else:
            w.side = 0
        e.watch = w
    elif kind == "card":
        of = sub.get("of", (str, dict), "self")
        if isinstance(of, dict):
            e.watch = _of_mapping(sub, of, ew.what)
        elif of != "self":
            sub.fail("of", f"{of[:40]!r}: expected self or a mapping (what, side, filter, other)")
        elif "by" in data or ew.index not in FIRED:
            e.watch = Watch()
            e.watch.self_ = True
    elif kind == "player":
        sides = ("own", "opp", "any") + (("self",) if ew.index == EV["milled"] else ())
        of = sub.choice("of", sides, "own")
        e.watch = Watch()
        if of == "self":
            e.watch.self_ = True
        else:
            e.watch.side = sides.index(of)
    w = e.watch
    if "by" in data:
        if not ew.by:
            sub.fail("by", f"the event {word.name!r} takes no 'by'")
        w.causes, w.rel = BY[sub.choice("by", ew.by, "any")]
    if "by_types" in data:
        w.causes &= 1 << C_EFFECT  # only an effect has a card whose type it is
        w.types = types_mask(sub, "by_types", data["by_types"])
    if "outside_draw_step" in data:
        w.dstep = sub.get("outside_draw_step", bool)
    if "against" in data:
        if w is None or w.self_:
            w = e.watch = w or Watch()
            w.self_ = True
        w.against = _filter(sub, "against", sub.get("against", dict))
    e.each = sub.get("each", bool, False)
    if e.each and (w is None or w.self_):
        sub.fail("each", "a trigger on this card's own event happens once per event anyway")
    zone = sub.choice("zone", ("field", "hand"), "field")
    if zone == "hand":
        if w is None or w.self_:
            sub.fail("zone", "a card in the hand watches other cards' or players' events (of: ...), not its own")
        e.zone = Z_HAND
    elif w is None or w.self_:
        e.zone = OWN_EVENT_ZONE.get(e.event, Z_FIELD)
    else:
        e.zone = Z_FIELD


def file_triggers(d) -> None:
    """Sort a card's triggered effects into the tables the rules read (per event index):
    ``triggers`` (fired for the card itself), ``self_watch`` (its own events read by ``happen``),
    ``watch`` (other cards' and players' events, on the field), ``hand_watch`` (from the hand)."""
    d.triggers, d.self_watch, d.watch, d.hand_watch, d.delayed = {}, {}, {}, {}, {}
    for e in d.effects:
        if e.kind != "trigger":
            continue
        if e.delayed:  # set up for a turn by the verb this_turn: read from the temporary effects
            d.delayed.setdefault(e.event, []).append(e)
            continue
        w = e.watch
        table = d.triggers if w is None else d.self_watch if w.self_ else d.hand_watch if e.zone == Z_HAND else d.watch
        table.setdefault(e.event, []).append(e)


def watch_bits(d) -> tuple[int, int]:
    """(events the card makes ``happen`` look at, events it watches from the hand) as bits."""
    m = 0
    for ev in d.self_watch:
        m |= 1 << ev
    for ev in d.watch:
        m |= 1 << ev
    for ev in d.delayed:
        m |= 1 << ev
    h = 0
    for ev in d.hand_watch:
        h |= 1 << ev
    return m, h
