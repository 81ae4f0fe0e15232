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
    character: ...        # character name (2-5; default: the name); leader faces and battle cards only
    age: ...              # age (2-7), e.g. "Special" (2-7-1-1); leader faces and battle cards only
    traits: [..]          # 2-6; the trait "共闘" makes a 共闘 card (2-6-4)
    keywords: [haste]     # iron_wall 鉄壁, defend 防衛, surge 怒涛, charge 充填, haste 速攻, link 連携
    text: "..."
    effects: [ability...]
    deck_rule: {max_copies: 4}   # 5-1-3-2: this card number may appear up to 4 times
    # leaders instead: front: {name, power, strike, traits, keywords, effects, deck_rule}, back: {...}
    # a leader's deck_rule (front face only, LM-G29) names a trait: {max_copies: 4, trait: Militia}

Ability::

    trigger: play | attack | strike | break | melee      # this card's skills (10-1..10-6, 8-1-4)
      | turn_start | charge_start            # ターン開始時 / チャージフェイズ開始時 (6-2-1)
      | main_start | battle_phase_start      # 6-3-1-1, 7-2-1-1 (first standby step only)
      | attack_step_start | guard_step_start | judgement_start | battle_complete   # 7-3-1-1, 7-4-1-1,
                                             # 7-5-1-1, 7-6-1-1 (each step's start)
      | battle_phase_end | turn_end          # 7-7-1-1, 6-5-1-1: once per ability per turn
      turn: own | opp | any                  # phase / step triggers only: whose turn it must be.
                                             # Default any: the rulebook triggers every card whose
                                             # condition is met, whoever's turn it is (7-4-1-1, 8-7-2);
                                             # "自分のターン" / "your ..." in the text is ``own``,
                                             # "相手のターン" ``opp``
      | moved            # with ``from: Z`` and ``to: Z`` (deck | hand | energy | drop | battle | melee):
                         # this card moves from Z to Z (8-7-4; not from battle: that is ``leave``). It
                         # reads the card where it is public: public -> hidden as it was there
                         # (8-7-4-1-1), hidden -> public and public -> public in the new zone
                         # (8-7-4-1-1, 8-7-4-1-3; energy / drop: printed values)
      | leave            # this battle card leaves the battle area (not to melee): 8-7-4; it reads
                         # the card as it was there (last information, 8-7-4-1-2, 8-11-1)
      | state            # state trigger (8-7-5): waits when ``condition`` holds, again after it
                         # was played if it still holds (8-7-5-1); must be once_per_turn
      or activated: main | battle        # 【起動発動:メイン/バトル】 (8-1-2)
      or awaken: true | cooperate: true  # 【覚醒】 10-7 / 【共闘】 10-8 (leader only): flips to the back face
      or ransen: true                    # 【乱戦】: activated, the turn player's attack step only (7-3-1-6-3-1, LM-G11)
      or continuous: true                # 【永続発動】 (8-1-3, 8-9): always on while valid, never played
      or replace: {event: break|drop|damage, subject: self|other_own|you, by: any|opp|battle}
                                         # a replacement effect (8-10): "when (event) would happen, instead (actions)";
                                         # by: any = whatever the cause, rule processes included (8-10-1)
    limit: once_per_turn                 # ターン1回 (10-15)
    optional: true                       # "してよい": a yes/no before the actions (replacement: 8-10-3)
    condition: {life_le: n, life_ge: n, own_battle_ge: n, opp_battle_ge: n, melee_trait: t,
                hand_le: n, self_power_ge: n, ...}   # every entry must hold; the conditions below
    cost: {energy: n, rest_self: true, discard: n}   # 8-4 ([cost]; energy and discarded hand cards go
                                         # to the drop); the parts are paid in the order written (8-4-2-1),
                                         # a card's level with its energy part; all payable or not offered (8-4-2-2)
    actions: [{do: ..., ...}]
    modes: [{text, actions}, ...]        # activated only, instead of actions: 2..8 modes, one chosen
                                         # while playing, before the cost (8-6-2-2, D_CHOOSE_MODE)

Actions: ``draw n``, ``draw_up_to n`` (4-8-4), ``charge n`` (top deck -> energy, 6-2-4-1),
``damage n`` (to the opponent, 4-9-1-2), ``power amount`` / ``strike amount`` with
``duration: battle|turn`` and ``target`` (default: this card), ``break`` (3-6-4),
``rest``, ``stand`` (make active), ``drop`` (battle card to the drop),
``search n`` with ``filter`` (the master looks at their whole deck, may pick up to n matching
cards, revealed into the hand, or none even if some match, 8-6-3-5; then the deck is shuffled),
``bury n`` with ``with_self`` (up to n cards of the master's drop, and this battle card if
``with_self``, go under the deck at once in the order the owner picks them, the first pick at
the very bottom, 3-1-6; the opponent knows the cards, not the order, 3-1-6-1), ``negate`` with
``duration`` and ``target`` (8-3-2: the card's abilities, keywords included, are invalid),
``turn_front`` with a leader target (a leader flipped by 覚醒 / 共闘 turns front face up again:
the same card, its effects kept, 10-7-4 / 10-8-4).
Durations: ``battle`` (7-6-1-3), ``battle_phase`` (7-7-1-2), ``turn`` (6-5-1-3). A target is
``{what: battle|leader|any, side: own|opp, count: n, up_to: bool, other: bool, filter: {...}}``
or the word ``self`` (``other``: not this card). Every entry of a filter must hold: ``rested:
bool``, ``other: bool`` (true: not this card; false: this card), and the card-information
filters, which match the visible face: ``name`` its card name (《》, 2-1-2), ``character`` its
character name (「」, 2-5-3), ``trait`` (< >, 2-6-3), ``age`` ({ }, 2-7-3), ``non_skill`` a card
without skills (2-11-4), ``melee_icon`` a card with a melee skill (2-13); and the numbers of a
card ``power``, ``strike`` (now, effects applied, 2-8 / 2-9) and ``level`` (printed; a leader has
none, 2-10-2), each as ``<number>_le|_ge|_lt|_gt|_eq: n`` (``power_le: 3000``: 3000 or less).

Conditions (every entry must hold): the numbers of the board ``life``, ``opp_life`` (life
cards), ``hand``, ``opp_hand``, ``own_battle``, ``opp_battle`` (battle area cards), ``energy``,
``opp_energy`` and ``self_power`` (this card's power; once it has moved on, as it was there:
last information, 8-11-1), each as ``<number>_le|_ge|_lt|_gt|_eq: n`` (``life_le: 3``: 3 or
fewer life cards), and ``melee_trait: t`` (a card with the trait in your melee area). Filters
and conditions both combine with ``not: {...}`` (not all of these) and ``any_of: [{...},
{...}]``; a condition may also be ``compare: {<value>, ge: <value>}`` (one of le, ge, lt, gt, eq).

Values: every number of an action (``n``, ``amount``, a continuous ``amount``) and every number
compared may be a value instead (``envs/core/vocab.py``), read when it is needed (an action's,
as it resolves; a continuous amount, whenever the card's power or strike is read): one leaf,
``{quantity: <number of the board above>, of: own|opp}``, ``{stat: power|strike|level, of:
self|attacker|guard}`` (the attack / guard card while it is still there, else 0, 7-5-1-2-1),
``{count: {side: own|opp, zone: field|melee|drop|energy, what, filter}}`` (the cards of that side
in a public zone passing the filter, 3-1-2; ``field``, the default, is the leader / battle areas
as ``what`` picks them, like a target), ``{diff: [a, b]}`` or ``{sum: [a, b, ...]}``, then
``times``, ``per`` (rounded down), ``plus``, ``min``, ``max``: "draw 1 per 2000 of this card's
power" is ``n: {quantity: self_power, per: 2000}``. A continuous ability neither selects nor
depends on power or strike nor counts them (nor selects on rest): those are what continuous
abilities change (8-9-1).

Where the words live: every word is registered once on the game's vocabulary
(``words.VOCAB``, on the shared effect core ``envs/core/vocab.py``) with its parameters, rule
and printed phrase: the verbs of ``actions`` in ``verbs.py``, the filters and conditions in
``words.py``. The loader looks each word up once and keeps its function in the compiled
record (``Action.fn``; a target's ``filt`` and an ability's ``condition`` are tuples of
``(fn, arg)`` tests), which the rules call; no dispatcher compares names. To add a word:
a verb is one ``@VOCAB.verb(name, params=..., rule=..., ja=..., en=...)`` function in
``verbs.py`` (with a ``target`` parameter it is called once per chosen card; a replacement may
use it once it is in ``REPL_ACTIONS``); a filter or condition one ``@VOCAB.filter`` /
``@VOCAB.condition`` function in ``words.py``; a number of a card one ``VOCAB.stat`` line and
a number of the board one line of ``words.QUANTITIES``, which give every comparison and the
value; another value leaf one ``@VOCAB.value`` function there. A number continuous effects
change also goes in ``words.MODIFIED``.

Continuous abilities (``continuous: true``; ``condition`` makes them conditionally valid,
8-3-3) take these actions, applied to every matching card in the leader / battle areas,
no choice: ``{do: power|strike, amount, target}`` (8-9-1-3; no power / strike / rest filter) and the
keyword grants (8-9-1-2) ``{do: grant, what: iron_wall|defend|charge|link, target}``, and the
pressure skills (10-5-1) ``{do: prohibit, what: attack, target}`` (the matching cards cannot
attack, 7-3-1-2) and ``{do: prohibit, what: melee, target: {side}}`` (that side's player
cannot move or play cards into the melee area, 7-3-1-6-1/2, 7-4-1-2-1/2).

Replacement effects (``replace``): ``break`` / ``drop`` of this card (``subject: self``) or of
another own battle card (``other_own``), from the battle area; ``damage`` to the master
(``subject: you``). ``by`` names the causes it replaces: ``any`` (the default) whatever the
cause: battle, any player's effect, and rule processes, since 8-2-1-3 and 8-10-1 replace an
event however it happens and the rulebook excepts only concession (1-2-4-1); so a drop
replacement also replaces the battle area limit's drop (9-3-2, its master's choice of 9-3-2-1
stays; LM-N12). ``opp`` = by battle or the opponent's effect (like 鉄壁, 10-9-1), ``battle`` =
by battle only. A ``drop`` replacement with ``by: any`` is ``once_per_turn`` or ``optional``:
9-3 asks again at every checkpoint, so a forced one could repeat forever (11-1-1-1). Costs are
events too (8-4-2: paying carries out the actions) and no rule excepts them, but no cost part
of the language (energy / hand cards to the drop, resting this card) is a break, a drop from
the battle area or damage, so none meets a replacement. The instead-part is ``actions`` on
this card (``rest``, ``stand``, ``power``, ``strike``, ``drop``, ``break`` with ``target: self``)
or ``draw`` / ``charge``; an empty list means nothing happens. Damage replacements use
``{do: reduce, n}`` only: the damage is lowered and the other replacements are collected again
(each applies once, 8-10-2-3).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from ..core.cardfile import Checker, entry_label, load_yaml
from ..core.decks import CopyLimit, builtin_deck_names, deck_card_ids, open_deck, unknown_card
from ..core.errors import CardFileError, DeckError

CARDS_DIR = Path(__file__).resolve().parent / "cards"
DECKS_DIR = Path(__file__).resolve().parent / "decks"

T_LEADER, T_BATTLE, T_EXTRA = 0, 1, 2
TYPES = {"leader": T_LEADER, "battle": T_BATTLE, "extra": T_EXTRA}
COLORS = ("red", "blue", "green", "yellow", "purple", "white")
KEYWORDS = ("iron_wall", "defend", "surge", "charge", "haste", "link")
TRIGGERS = (
    "play",
    "attack",
    "strike",
    "break",
    "melee",
    "turn_start",
    "turn_end",
    "main_start",
    "battle_phase_start",
    "attack_step_start",
    "guard_step_start",
    "judgement_start",
    "battle_complete",
    "battle_phase_end",
    "charge_start",
    "leave",
    "state",
    "moved",
)
# phase / step triggers (6-2-1 .. 7-7-1-1): every card whose condition is met waits (8-7-2), with
# ``turn`` (own | opp | any) saying whose turn the printed text asks for
PHASE_TRIGGERS = (
    "turn_start",
    "charge_start",
    "main_start",
    "battle_phase_start",
    "attack_step_start",
    "guard_step_start",
    "judgement_start",
    "battle_complete",
    "battle_phase_end",
    "turn_end",
)
TURNS = ("own", "opp", "any")
TIMINGS = ("main", "battle")
ZONE_WORDS = {"deck": 0, "hand": 1, "energy": 3, "drop": 4, "battle": 6, "melee": 7}  # state.Z_* (moved trigger)
PUBLIC_ZONES = (3, 4, 5, 6, 7)  # energy, drop, leader, battle, melee (3-1-3); deck, hand, life are hidden
COST_PARTS = ("energy", "rest_self", "discard")  # 8-4-2-1: paid in the order the text names them
DURATIONS = ("battle", "battle_phase", "turn")
PROHIBITS = ("attack", "melee")  # pressure skills (10-5-1)
GRANTS = ("iron_wall", "defend", "charge", "link")  # the keywords a continuous ability grants (8-9-1-2)
REPL_EVENTS = ("break", "drop", "damage")  # replacement effects (8-10)
REPL_ACTIONS = ("draw", "charge", "power", "strike", "rest", "stand", "drop", "break", "reduce")  # instead-parts
ACTION_FIELDS = ("do", "n", "amount", "duration", "target", "filter", "with_self")  # the verbs' fields, all told
DECK_SIZE, MAX_COPIES = 40, 3

# ability kinds: 乱戦 (A_RANSEN) is an activated ability of the turn player's attack step (LM-G11)
A_TRIGGER, A_ACTIVATED, A_AWAKEN, A_COOPERATE, A_RANSEN, A_CONTINUOUS, A_REPLACE = range(7)
PLAYABLE = (A_ACTIVATED, A_AWAKEN, A_COOPERATE, A_RANSEN)  # what LEADER_ABILITY / BATTLE_ABILITY name


class Target:
    """A compiled target: this card (``self_``), or the cards of ``what`` on ``side`` that pass
    ``filt``, the compiled filter tests (``((fn, arg), ...)``, words of ``words.py``; a target's
    ``other: true`` is the filter word ``other``), ``count`` of them (``up_to``: or fewer)."""

    __slots__ = ("self_", "what", "side", "count", "up_to", "filt")

    def __init__(self, self_=True, what="battle", side="opp", count=1, up_to=False, filt=()):
        self.self_, self.what, self.side, self.count, self.up_to, self.filt = self_, what, side, count, up_to, filt


SELF = Target(True)  # no target named: this card (8-6-3-6)


class Action:
    """One compiled action: the verb's name ``do`` and function ``fn`` (``verbs.py``; None for
    the words of a continuous ability, read where their effect applies, ``rules.stats``), its
    number ``n`` (``n``, or ``amount`` for power / strike: an int or a value, ``envs/core/vocab.py``,
    counted when read), ``duration``, ``target`` (a
    :class:`Target`; None for a verb that takes none), a search's ``filter`` (compiled tests), a
    continuous word's ``what``, bury's ``with_self``, and the verb's ``can(state, card)``: can
    it be carried out on this card now (8-10-3; None: whenever the card is in its area)."""

    __slots__ = ("do", "fn", "n", "duration", "target", "filter", "what", "with_self", "can")

    def __init__(self, do, fn=None, n=0, duration=None, target=None, what=None, with_self=False):
        self.do, self.fn, self.n, self.duration, self.target, self.what = do, fn, n, duration, target, what
        self.with_self = with_self  # bury: this card is one of the cards placed at once (3-1-6)
        self.filter = self.can = None


class Ability:
    __slots__ = (
        "kind",
        "event",
        "once",
        "optional",
        "condition",
        "energy",
        "rest_self",
        "actions",
        "text",
        "subject",
        "by",
        "discard",
        "cost_order",
        "modes",
        "zfrom",
        "zto",
        "turn",
    )

    def __init__(
        self,
        kind,
        event,
        once,
        optional,
        condition,
        energy,
        rest_self,
        actions,
        text="",
        subject=None,
        by=None,
        discard=0,
        cost_order=("energy", "rest_self"),
        modes=None,
        zfrom=-1,
        zto=-1,
        turn="any",
    ):
        self.kind, self.event, self.once, self.optional = kind, event, once, optional
        self.condition, self.energy, self.rest_self, self.actions, self.text = (
            condition,
            energy,
            rest_self,
            actions,
            text,
        )
        self.subject, self.by = subject, by  # replacement effects: whose event, caused by whom
        self.discard, self.cost_order = discard, cost_order  # 8-4-2-1: cost parts in text order
        self.modes = modes  # 8-6-2-2: tuple of action lists, one chosen while playing (None: no modes)
        self.zfrom, self.zto = zfrom, zto  # trigger "moved": from zone, to zone (8-7-4)
        self.turn = turn  # phase / step triggers: "own" | "opp" | "any" turn (7-4-1-1, 8-7-2)


class Face:
    __slots__ = (
        "name",
        "power",
        "strike",
        "traits",
        "keywords",
        "abilities",
        "cont",
        "repl",
        "strig",
        "leave",
        "moved",
        "character",
        "age",
        "non_skill",
        "melee_icon",
        "playable",
        "trig",
        "ptrig",
    )

    def __init__(self, name, power, strike, traits, keywords, abilities, character=None, age=None):
        self.name, self.power, self.strike, self.traits = name, power, strike, traits
        self.keywords, self.abilities = keywords, abilities
        self.character, self.age = character, age  # 2-5, 2-7: leader and battle cards only
        self.non_skill = not abilities and not keywords  # 2-11-4
        self.melee_icon = any(a.kind == A_TRIGGER and a.event == "melee" for a in abilities)  # 2-13-1
        # precomputed tables: continuous abilities, replacement indexes, state / leave trigger indexes
        self.cont = tuple(a for a in abilities if a.kind == A_CONTINUOUS)
        self.repl = tuple(i for i, a in enumerate(abilities) if a.kind == A_REPLACE)
        self.strig = tuple(i for i, a in enumerate(abilities) if a.kind == A_TRIGGER and a.event == "state")
        self.leave = tuple(i for i, a in enumerate(abilities) if a.kind == A_TRIGGER and a.event == "leave")
        self.moved = tuple(i for i, a in enumerate(abilities) if a.kind == A_TRIGGER and a.event == "moved")
        # what LEADER_ABILITY / BATTLE_ABILITY j names (the j-th playable ability), automatic abilities by event
        self.playable = tuple(a for a in abilities if a.kind in PLAYABLE)
        trig: dict = {}
        for i, a in enumerate(abilities):
            if a.kind == A_TRIGGER:
                trig.setdefault(a.event, []).append(i)
        self.trig = {e: tuple(v) for e, v in trig.items()}
        # phase / step triggers by (event, is the master the turn player): the ``turn`` word applied
        ptrig: dict = {}
        for i, a in enumerate(abilities):
            if a.kind == A_TRIGGER and a.event in PHASE_TRIGGERS:
                for own in (True, False):
                    if a.turn == "any" or (a.turn == "own") == own:
                        ptrig.setdefault((a.event, own), []).append(i)
        self.ptrig = {k: tuple(v) for k, v in ptrig.items()}


class CardDef:
    __slots__ = ("index", "id", "name", "type", "color", "level", "faces", "text", "file", "deck_rule")

    def __init__(self, index, cid, name, type_, color, level, faces, text, file, deck_rule=None):
        self.index, self.id, self.name, self.type, self.color = index, cid, name, type_, color
        self.level, self.faces, self.text, self.file = level, faces, text, file
        self.deck_rule = deck_rule  # (max_copies, trait or None): 5-1-3-2

    @property
    def face(self) -> Face:
        return self.faces[0]


class CardPool:
    def __init__(self, cards: list[CardDef]):
        self.cards = cards
        self.by_id = {c.id: c for c in cards}
        faces = [f for c in cards for f in c.faces]
        # what the rules may skip when no card of the pool can need it
        self.has_cont = any(f.cont for f in faces)
        self.has_strig = any(f.strig for f in faces)
        self.has_repl = any(f.repl for f in faces)
        self.has_moved = any(f.moved for f in faces)  # "moved" triggers (8-7-4-1-1, 8-7-4-1-3)
        self.phase_events = frozenset(k[0] for f in faces for k in f.ptrig)  # phase / step triggers in the pool
        # the cards with a continuous ability or a state trigger on a face (what rules.statics reads)
        self.static_cards = frozenset(c.index for c in cards if any(f.cont or f.strig for f in c.faces))


def _vocab():
    """The card language's words (``words.py``, ``verbs.py``); imported on first use because
    the verbs call the rules, which import this module."""
    from .verbs import VOCAB

    return VOCAB


def _words():
    """``words.py``: the filters and conditions, and what reads a number continuous effects change."""
    from . import words

    return words


def __getattr__(name: str):
    """``ACTIONS``: the verbs of an ability's actions, as registered (``verbs.py``), for readers
    of the card language such as the printed-text renderer; ``reduce`` is a replacement's only.
    ``CONT_ACTIONS``: the words of a continuous ability (kind ``continuous``, ``verbs.py``)."""
    if name == "ACTIONS":
        return tuple(n for n in _vocab().words["verb"] if n != "reduce")
    if name == "CONT_ACTIONS":  # the words of a continuous ability (8-9, 10-5), as registered
        return tuple(_vocab().words["continuous"])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _target(ck: Checker, field: str, raw) -> Target:
    if raw is None or raw == "self":
        return SELF
    t = ck.sub(field, raw)
    t.only(("what", "side", "count", "up_to", "filter", "other"))
    what = t.choice("what", ("battle", "leader", "any"), "battle")
    side = t.choice("side", ("own", "opp"), "opp")
    count = t.get("count", int, 1)
    if count < 1:
        t.fail("count", "must be at least 1")
    up_to = t.get("up_to", bool, False)
    filt = compile_filter(t, "filter", t.get("filter", dict, {}))
    if t.get("other", bool, False):  # not this card: the filter word other
        filt += ((_vocab().words["filter"]["other"].fn, True),)
    return Target(False, what, side, count, up_to, filt)


def compile_filter(ck: Checker, field: str, data: dict) -> tuple:
    """A filter mapping -> its compiled tests: the registered filter words (``words.py``),
    ``not`` and ``any_of``; ``<stat>_le`` .. ``_eq`` compare with a value."""
    if not isinstance(data, dict):
        ck.fail(field, "expected a filter mapping")
    return _vocab().compile_filter(ck, field, data)


def _cont_action(a: Checker, i: int, r) -> Action:
    """One word of a 【永続発動】 (``verbs.py``, kind ``continuous``): looked up once on the
    vocabulary; the checks every such word shares are here, the word's own (its ``data``)
    build the compiled action, which the rules read where the effect applies (``rules.stats``)."""
    x = a.sub(f"actions[{i}]", r)
    x.only(("do", "amount", "target", "what"))
    word = _vocab().get("continuous", x.get("do", str), x, "do")
    tgt = _target(x, "target", r.get("target"))
    raw_t = r.get("target") if isinstance(r.get("target"), dict) else {}
    if not tgt.self_ and (tgt.up_to or "count" in raw_t):
        x.fail("target", "a continuous effect applies to every matching card: no count / up_to")
    return word.data(x, r, tgt, raw_t)


def _ability(ck: Checker, field: str, raw, is_leader: bool, ctype: int) -> Ability:
    a = ck.sub(field, raw)
    a.only(
        (
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
        )
    )
    kinds = [k for k in ("trigger", "activated", "awaken", "cooperate", "ransen", "continuous", "replace") if k in raw]
    if len(kinds) != 1:
        a.fail(None, "needs exactly one of trigger, activated, awaken, cooperate, ransen, continuous, replace")
    k = kinds[0]
    subject = by = None
    zfrom = zto = -1
    if k != "trigger" or raw.get("trigger") != "moved":
        for fld in ("from", "to"):
            if fld in raw:
                a.fail(fld, "only a 'moved' trigger names zones")
    if ctype == T_EXTRA and k != "activated":
        a.fail(k, "extra cards have only activated abilities (2-3-2-3)")
    if "turn" in raw and (k != "trigger" or raw.get("trigger") not in PHASE_TRIGGERS):
        a.fail("turn", "only a phase / step trigger names whose turn it waits in")
    turn = a.choice("turn", TURNS, "any")
    if k == "trigger":
        kind, event = A_TRIGGER, a.choice("trigger", TRIGGERS)
        if event == "leave" and is_leader:
            a.fail("trigger", "leave triggers are for battle cards (8-7-4): a leader never leaves its area")
        if event == "state" and not raw.get("condition"):
            a.fail("condition", "a state trigger (8-7-5) needs the condition that is its state")
        if event == "moved":
            zfrom = ZONE_WORDS[a.choice("from", tuple(ZONE_WORDS))]
            zto = ZONE_WORDS[a.choice("to", tuple(ZONE_WORDS))]
            if zfrom == 6:
                a.fail("from", "a card leaving the battle area is the 'leave' trigger (8-7-4-1-2)")
            if zfrom == zto or {zfrom, zto} == {6, 7}:
                a.fail("to", "not a zone change of a new card (3-1-4, 3-1-5)")
        if event == "state" and raw.get("limit") != "once_per_turn":
            a.fail("limit", "a state trigger must be once_per_turn (8-7-5-1 would otherwise loop, 11-1-1-1)")
    elif k == "activated":
        kind, event = A_ACTIVATED, a.choice("activated", TIMINGS)
    elif k in ("continuous", "ransen"):
        if a.get(k, bool) is not True:
            a.fail(k, "must be true")
        kind, event = (A_CONTINUOUS, None) if k == "continuous" else (A_RANSEN, "battle")
    elif k == "replace":
        r = a.sub("replace", a.get("replace", dict))
        r.only(("event", "subject", "by"))
        event = r.choice("event", REPL_EVENTS)
        subject = r.choice(
            "subject", ("self", "other_own") if event != "damage" else ("you",), "self" if event != "damage" else "you"
        )
        by = r.choice("by", ("any", "opp", "battle"), "any")
        if subject == "self" and is_leader:
            r.fail("subject", "a leader is never broken or dropped: use other_own")
        if event == "drop" and by == "any" and raw.get("limit") != "once_per_turn" and raw.get("optional") is not True:
            a.fail(
                "limit",
                "a drop replacement by any cause also replaces the battle area limit (9-3), which "
                "asks again at every checkpoint: once_per_turn or optional, or it could repeat "
                "forever (11-1-1-1)",
            )
        kind = A_REPLACE
    else:
        if not is_leader:
            a.fail(k, "awaken and cooperate are leader abilities (6-3-1-2-3, LM-G12)")
        if a.get(k, bool) is not True:
            a.fail(k, "must be true")
        kind, event = (A_AWAKEN if k == "awaken" else A_COOPERATE), None
    lim = a.choice("limit", ("once_per_turn",), None)
    optional = a.get("optional", bool, False)
    cond = a.get("condition", dict, {})
    condition = _vocab().compile_condition(a, "condition", cond)
    if kind == A_CONTINUOUS:  # 8-9-1: power and strike are what continuous abilities change
        for key, v in cond.items():
            if _words().reads_modified({key: v}):
                a.sub("condition", cond).fail(key, "a continuous ability cannot depend on power or strike (8-9-1)")
    cost = a.get("cost", dict, {})
    co = a.sub("cost", cost)
    co.only(COST_PARTS)
    energy = co.get("energy", int, 0)
    if energy < 0:
        co.fail("energy", "must be at least 0")
    rest_self = co.get("rest_self", bool, False)
    discard = co.get("discard", int, 0)
    if discard < 0:
        co.fail("discard", "must be at least 0")
    cost_order = tuple(x for x in cost if x in COST_PARTS)  # 8-4-2-1: the text order (YAML keeps it)
    if "energy" not in cost_order:
        cost_order = ("energy",) + cost_order  # a card's level is paid with its ability's cost (8-6-2-3-1)
    if kind in (A_TRIGGER, A_CONTINUOUS, A_REPLACE) and cost:
        a.fail("cost", "only activated abilities have a cost (8-1-2)")
    if kind == A_CONTINUOUS and (lim or "optional" in raw):
        a.fail("limit" if lim else "optional", "a continuous ability is always on (8-1-3)")
    modes = None
    if "modes" in raw:
        if kind != A_ACTIVATED:
            a.fail("modes", "only an activated ability has modes chosen while playing (8-6-2-2)")
        if "actions" in raw:
            a.fail("actions", "an ability with modes has its actions inside each mode")
        mraw = a.get("modes", list)
        if not 2 <= len(mraw) <= 8:
            a.fail("modes", "2..8 modes")
        modes = []
        for mi, mr in enumerate(mraw):
            mc = a.sub(f"modes[{mi}]", mr)
            mc.only(("text", "actions"))
            sub = dict(raw)
            del sub["modes"]
            sub["actions"] = mc.get("actions", list)
            sub.pop("cost", None)
            modes.append(_ability(ck, f"{field}.modes[{mi}]", sub, is_leader, ctype).actions)
        modes = tuple(modes)
    acts_raw = a.get("actions", list, [])
    acts = []
    for i, r in enumerate(acts_raw):
        if kind == A_CONTINUOUS:
            acts.append(_cont_action(a, i, r))
            continue
        acts.append(_action(a.sub(f"actions[{i}]", r), r, kind, event, is_leader, ctype))
    if kind == A_REPLACE and not lim and any(x.do in ("break", "drop") for x in acts):
        a.fail(
            "limit",
            "a replacement that breaks or drops must be once_per_turn: two of them could "
            "replace each other's events forever (11-1-1-1)",
        )
    if kind in (A_TRIGGER, A_ACTIVATED, A_CONTINUOUS, A_RANSEN) and not acts and modes is None:
        a.fail("actions", "an ability needs at least one action")
    if kind == A_TRIGGER:
        zfrom, zto = (ZONE_WORDS[raw["from"]], ZONE_WORDS[raw["to"]]) if event == "moved" else (-1, -1)
    return Ability(
        kind,
        event,
        lim is not None,
        optional,
        condition,
        energy,
        rest_self,
        acts,
        a.get("text", str, ""),
        subject,
        by,
        discard,
        cost_order,
        modes,
        zfrom,
        zto,
        turn,
    )


def _action(x: Checker, r, kind: int, event, is_leader: bool, ctype: int) -> Action:
    """One action of a non-continuous ability: the verb looked up once (``verbs.py``), its
    parameters read as it declares them, then the checks of the verb and of the ability kind."""
    from ..core.vocab import read_params

    x.only(ACTION_FIELDS)
    vocab = _vocab()
    word = vocab.get("verb", x.get("do", str), x, "do")
    do = word.name
    if kind == A_REPLACE:
        if do not in REPL_ACTIONS:
            x.fail("do", f"the instead-part of a replacement may use {', '.join(REPL_ACTIONS)}")
        if (do == "reduce") != (event == "damage"):
            x.fail("do", "damage replacements use exactly 'reduce'; 'reduce' is for damage only")
        if "target" in word.params and r.get("target", "self") != "self":
            x.fail("target", "the instead-part acts on this card only (target: self)")
    elif do == "reduce":
        x.fail("do", "reduce is the instead-part of a damage replacement (8-10) only")
    for k in r:
        if k != "do" and k not in word.params:
            x.fail(k, f"{do} takes no {k}")
    a = Action(do, word.fn)
    for name, v in read_params(vocab, word, x, r, skip=("do",)).items():
        setattr(a, "n" if name == "amount" else name, v)
    if word.data is not None:
        if word.data.check is not None:
            word.data.check(x, a, is_leader, ctype)
        a.can = word.data.can
    return a


def _deck_rule(ck: Checker, raw, is_leader: bool):
    """5-1-3-2: a deck-rule 【永続発動】 replacing 5-1-3-1 (at most 3 per card number)."""
    d = ck.sub("deck_rule", raw)
    d.only(("max_copies", "trait") if is_leader else ("max_copies",))
    n = d.get("max_copies", int)
    if not 1 <= n <= DECK_SIZE:
        d.fail("max_copies", f"must be 1..{DECK_SIZE}")
    trait = d.get("trait", str) if is_leader else None
    return (n, trait)


def _face(ck: Checker, raw: dict, is_leader: bool, ctype: int, name: str) -> Face:
    if ctype != T_EXTRA:
        ck.get("power", int)
    power = ck.get("power", int, 0)
    strike = ck.get("strike", int, 0)
    if power < 0 or strike < 0:
        ck.fail("power" if power < 0 else "strike", "must be at least 0")
    traits = ck.strings("traits")
    kws = ck.strings("keywords", KEYWORDS)
    if is_leader and kws:
        ck.fail("keywords", "leader keywords are not supported")
    abil = [_ability(ck, f"effects[{i}]", r, is_leader, ctype) for i, r in enumerate(ck.get("effects", list, []))]
    if is_leader and sum(1 for a in abil if a.kind in PLAYABLE) > 4:
        ck.fail("effects", "at most 4 activated abilities per face (action layout)")
    if not is_leader and sum(1 for a in abil if a.kind in PLAYABLE) > 4:
        ck.fail("effects", "at most 4 activated abilities (action layout)")
    character = ck.get("character", str, name) if ctype != T_EXTRA else None
    age = ck.get("age", str, None)
    return Face(name, power, strike, tuple(traits), frozenset(kws), abil, character, age)


def _card(file: str, index: int, raw) -> CardDef:
    ck = Checker(file, entry_label(raw, index), raw)
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
            f.only(
                ("name", "character", "age", "power", "strike", "traits", "effects", "keywords")
                + (("deck_rule",) if side == "front" else ())
            )
            faces.append(_face(f, f.data, True, ctype, f.get("name", str, name)))
        front = ck.get("front", dict)
        rule = _deck_rule(ck.sub("front", front), front["deck_rule"], True) if "deck_rule" in front else None
        return CardDef(index, cid, name, ctype, color, 0, faces, text, file, rule)  # LM-G29: the front face
    ck.only(
        (
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
        )
    )
    level = ck.get("level", int)
    if level < 0:
        ck.fail("level", "must be at least 0")
    if ctype == T_EXTRA:
        for fld in ("character", "age", "power", "strike", "traits", "keywords"):
            if fld in raw:
                ck.fail(fld, "extra cards have no " + fld + " (2-5..2-9)")
    face = _face(ck, raw, False, ctype, name)
    if ctype == T_EXTRA and (len(face.abilities) != 1 or face.abilities[0].kind != A_ACTIVATED):
        ck.fail("effects", "an extra card has exactly one activated ability (2-3-2-3)")
    rule = _deck_rule(ck, raw["deck_rule"], False) if "deck_rule" in raw else None
    return CardDef(index, cid, name, ctype, color, level, [face], text, file, rule)


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
    """A built-in deck name or a deck-file path -> (name, leader index, card indexes). Each
    count is held to the card's copy limit (5-1-3-1, 5-1-3-2) before the deck is expanded."""
    path, ck, name = open_deck(spec, DECKS_DIR, "Leader Melee", extra_fields=("leader",))
    lid = ck.get("leader", str)
    if lid not in pool.by_id:
        leaders = [c.id for c in pool.cards if c.type == T_LEADER]
        raise CardFileError(str(path), name, "leader", unknown_card(lid, leaders))
    leader = pool.by_id[lid].index

    def per_id(cid: str) -> CopyLimit:
        lim = copy_limit(pool, leader, pool.by_id[cid].index)
        rule = "LM 5-1-3-1" if lim == MAX_COPIES else "LM 5-1-3-2"
        return CopyLimit(lim, rule, f"{{n}} copies; at most {lim} per card number")

    ids = [pool.by_id[cid].index for cid in deck_card_ids(ck, pool.by_id, per_id)]
    validate_deck(name, leader, ids, pool)
    return name, leader, ids


def copy_limit(pool: CardPool, leader: int, card: int) -> int:
    """5-1-3-1 as replaced by deck-rule abilities (5-1-3-2): the card's own ``deck_rule`` and
    the leader's front-face one (LM-G29) when the card has its trait. Each replacement
    applies once and the deck's player orders them (8-10-2), so the largest limit counts."""
    d = pool.cards[card]
    vals = []
    if d.deck_rule is not None:
        vals.append(d.deck_rule[0])
    lr = pool.cards[leader].deck_rule
    if lr is not None and lr[1] in d.faces[0].traits:
        vals.append(lr[0])
    return max(vals) if vals else MAX_COPIES


def validate_deck(name: str, leader: int, ids: list[int], pool: CardPool) -> None:
    """5-1: one leader card; exactly 40 battle and extra cards; at most 3 per card number
    (or a deck rule's number, 5-1-3-2)."""
    if pool.cards[leader].type != T_LEADER:
        raise DeckError(name, pool.cards[leader].id, "LM 5-1-2", "the leader must be a leader card")
    for i in sorted(set(ids)):
        if pool.cards[i].type == T_LEADER:
            raise DeckError(name, pool.cards[i].id, "LM 5-1-3", "a deck holds only battle and extra cards")
    if len(ids) != DECK_SIZE:
        raise DeckError(name, None, "LM 5-1-3", f"has {len(ids)} cards; a deck has exactly {DECK_SIZE}")
    for i, n in sorted(Counter(ids).items()):
        lim = copy_limit(pool, leader, i)
        if n > lim:
            raise DeckError(
                name,
                pool.cards[i].id,
                "LM 5-1-3-1" if lim == MAX_COPIES else "LM 5-1-3-2",
                f"{n} copies; at most {lim} per card number",
            )
