"""Battle Spirits cards and decks as data: loading, validation and compilation.

Card files are YAML in the card language of ``docs/card-language.md``. Loading
validates every field (errors name the file, the entry and the field) and compiles
effects into small immutable records the engine interprets: integer codes, tuples,
and action lists referred to by index, so the state never holds card text.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import NamedTuple

from ..core.cardfile import Checker, entry_label, load_yaml
from ..core.decks import CopyLimit, builtin_deck_names, deck_card_ids, open_deck
from ..core.errors import CardFileError, DeckError, UnknownNameError, short
from .zones import Z_FIELD

HERE = Path(__file__).parent
CARDS_DIR = HERE / "cards"
DECKS_DIR = HERE / "decks"

COLORS = ("red", "purple", "green", "white", "yellow", "blue")
COLOR_INDEX = {c: i for i, c in enumerate(COLORS)}
SPIRIT, NEXUS, MAGIC = 0, 1, 2
TYPES = {"spirit": SPIRIT, "nexus": NEXUS, "magic": MAGIC}

# ---- vocabulary ------------------------------------------------------------------
TRIGGERS = (
    "summon",
    "deploy",
    "attack",
    "block",
    "destroyed",
    "destroyed_by_opponent",
    "battle_destroy",
    "battle_end",
    "own_start_step",
    "own_core_step",
    "own_draw_step",
    "own_refresh_step",
    "own_main_start",
    "own_attack_step_start",
    "own_end_step",
    "opp_end_step",
    "exhausted",
    "recovered",
    "leaves_field",
    "spirit_summoned",
    "own_life_decreased",
    "cores_reach",
    "life_drops_to",
    # v2 (issue 10): events of other cards and players, see events.py
    "returned",
    "life_decreased",
    "card_to_hand",
    "drawn",
    "milled",
    "magic_used",
    # the real-card gaps (issue 10, part C): hand discards, cores put on by other than an effect,
    # the end of the attack step
    "hand_discarded",
    "cores_placed",
    "own_attack_step_end",
    "opp_attack_step_end",
)
EV = {name: i for i, name in enumerate(TRIGGERS)}
CONSTANTS = (
    "bp",
    "symbols",
    "cannot_attack",
    "cannot_block",
    "cost",
    "unblockable",
    "level_cost",
    # the board words (issue 10): every immunity word compiles to 'immune' (its spec in amount)
    "immune",
    "loses_effects",
    "also_named",
    "also_family",
    "also_color",
    "colorless",
    # the costs/constants/levels words (issue 10, part B)
    "no_deck_discard",
    "no_reduction",
    "treat_level",
    "give_reduction",  # 「手札にあるマジックカードすべてに軽減シンボル[黄]を与える」 (card 16)
    "trash_cost",
)  # 「トラッシュにあるこのカードをコスト4にする」 (card 8)
CK = {name: i for i, name in enumerate(CONSTANTS)}
WHILES = ("always", "attacking", "blocking", "battle", "own_turn", "opp_turn")
WH = {name: i for i, name in enumerate(WHILES)}
LIMITS = ("none", "once_per_turn", "no_dup", "no_dup_once_per_turn")
LIM = {name: i for i, name in enumerate(LIMITS)}
# a limit's two bits (no_dup_once_per_turn has both): 12-3-1 [ターン1回], 12-3-2 [重複不可]
LIM_ONCE_PER_TURN, LIM_NO_DUP = LIM["once_per_turn"], LIM["no_dup"]
assert LIM["no_dup_once_per_turn"] == LIM_ONCE_PER_TURN | LIM_NO_DUP
REPLACES = (
    "destroyed",
    "destroyed_by_effect",
    "destroyed_by_opponent_effect",
    "returned_to_hand",
    "returned_to_deck",
    "milled",
    "milled_by_opponent",
    "destroyed_cores",
    "draw_step_draw",
)  # 「(ドローステップで)ドローするかわりに」: the draw step's draw of the card's controller
RP = {name: i for i, name in enumerate(REPLACES)}
COSTS = (
    "exhaust_self",
    "pay",
    "remove_self_cores",
    "discard",
    "soul_core",
    "exhaust",
)  # 「(系統:「四道」を持つ)自分のスピリット1体を疲労させることで」 (issue 10, part B)
LINKS = ("then", "if_done", "if_all", "after", "also")
LK = {name: i for i, name in enumerate(LINKS)}
DURATIONS = ("turn", "battle")
DUR = {name: i + 1 for i, name in enumerate(DURATIONS)}  # 0 = permanent
GRANTS = (
    "cannot_attack",
    "cannot_block",
    "cannot_be_destroyed_by_effects",
    "unblockable",
    "must_block",
    # the board words (issue 10): immunities and 'loses its effects', kept as their own teff kinds
    "unaffected",
    "untargetable",
    "bp_cannot_be_lowered",
    "cannot_be_returned",
    "cannot_be_exhausted",
    "loses_effects",
)
GR = {name: i for i, name in enumerate(GRANTS)}
TARGET_WORDS = (
    "self",
    "attacker",
    "blocker",
    "event",
    "previous",
    "moved",
)  # the cards the effect's previous moving action put in the trash (from_trash)
T_SELF, T_ATTACKER, T_BLOCKER, T_EVENT, T_PREVIOUS, T_MOVED = range(-1, -7, -1)
TW = {w: -(i + 1) for i, w in enumerate(TARGET_WORDS)}
WHATS = ("spirit", "nexus", "spirit_or_nexus", "card")
SIDES = ("own", "opp", "any")
ZONES = ("field", "trash", "hand")
TW_SPIRIT, TW_NEXUS, TW_SPIRIT_OR_NEXUS, TW_CARD = range(len(WHATS))  # Target.what
SIDE_OWN, SIDE_OPP, SIDE_ANY = range(len(SIDES))  # Target.side
#: the player(s) a constant names, seen from its card's controller (Effect.side): no_deck_discard's ``player``
#: (whose deck it keeps), give_reduction's and no_reduction's ``hand_of`` (whose hand)
PLAYER_SIDE = {"own": SIDE_OWN, "opp": SIDE_OPP, "both": SIDE_ANY}
TZ_FIELD, TZ_TRASH, TZ_HAND = range(len(ZONES))  # Target.zone
#: verbs whose targets may be outside the field, and the zones they accept; every other verb
#: acts on field cards. The verbs themselves are in ``verbs.py``.
DO_TARGET_ZONES = {"from_trash": (TZ_TRASH,), "summon": (TZ_TRASH, TZ_HAND)}


def names_player(side: int, controller: int, p: int) -> bool:
    """Does a constant's side (PLAYER_SIDE), on a card ``controller`` controls, name player ``p``?"""
    return side == SIDE_ANY or (side == SIDE_OWN) == (controller == p)


# ---- per-card machinery bits (CardDef.bflags): a game switches a rule's extra checks on only
# when one of its two decks has a card that needs them, so other games pay nothing for them.
# Words set their bit with ``mark`` while a card compiles (``_card`` collects them).
B_NEGATE = 1  # 'loses its effects' (grant / constant loses_effects): fire, constants, activation, replacement
B_IMMUNE = 2  # immunities (unaffected, untargetable, bp_cannot_be_lowered, ...): targeting, verbs, modifiers
B_SOULPAID = 4  # 'if paid using the soul core': the play handler records who paid with it
B_TREAT = 8  # names, families and colours 'treated as' (also_names, also_named, colorless ...)
# bits 1 << 8 .. 1 << 15: the verbs family (verbs.py)
B_BATTLE = 1 << 8  # end the battle / the attack step, cap an attack's life loss: h_battle, h_attack, h_flash, h_turn
B_REPLACE = 1 << 9  # replacements of other cards' events (of:), with costs, of returns / mills / cores: destroy, flush
B_NOMILL = 1 << 10  # 'your deck is not discarded' (no_deck_discard): discard_deck
B_LVCOST = 1 << 11  # Lv-cost changes (constant / verb level_cost): State.level of a subclass, vanish checks
B_LVTREAT = 1 << 16  # levels 'treated as' (verb treat_level, 「Lv1として扱う」; always with B_LVCOST's subclass)
B_REDUCE = 1 << 17  # reduction symbols of hand cards treated as none (constant no_reduction): play_cost
B_DELAYED = 1 << 18  # triggers an effect sets up for the turn (verb this_turn): rules.happen reads teff
_USES = [0]
#: the triggers the card being compiled sets up with the verb this_turn (verbs.py), filed by _card
_DELAYED: list = []


def mark(bit: int) -> None:
    """The card being compiled uses machinery ``bit`` (one of the B_* bits)."""
    _USES[0] |= bit


# ---- immunity and 'loses its effects' (BS 9-1-2-1, 9-2-3, 1-4-3): one model for grants and constants.
# An immunity is an Immunity record: what it stops (IM_* bits; 'unaffected' stops everything, so every
# check also looks for IM_ALL), whose effects (by: opp, the default, or any), and optionally only
# effects of some card types (by_types) or colours (by_colors) - 【重装甲】 is the keyword form of the last.
IMMUNITIES = ("unaffected", "untargetable", "bp_cannot_be_lowered", "cannot_be_returned", "cannot_be_exhausted")
IM_ALL, IM_TARGET, IM_BP_DOWN, IM_RETURN, IM_EXHAUST = 1, 2, 4, 8, 16
IM_KIND = dict(zip(IMMUNITIES, (IM_ALL, IM_TARGET, IM_BP_DOWN, IM_RETURN, IM_EXHAUST)))


class Immunity(NamedTuple):
    """A compiled immunity, made once per card effect (a constant's ``Effect.arg``, a grant's
    ``Action.spec``, then the amount of the state's TE_IMMUNE entries). A tuple of ints, so an
    entry holding it is copied by clone, saved to a position (as ``[kinds, any_side, types,
    colors]``, made a record again by ``State.rederive``) and compared like the ints it replaces."""

    kinds: int  # the kinds of effect it stops: IM_* bits (IM_ALL: 'unaffected', every kind)
    any_side: bool  # by: any (the own player's effects too); False: the opponent's effects only
    types: int  # by_types: bits of the source's card type (1 << SPIRIT, NEXUS, MAGIC); 0 = any type
    colors: int  # by_colors: bits of the source's colours (1 << COLOR_INDEX); 0 = any colour


def immunity_spec(ck: Checker, what: str, by, types: int | None, colors: int | None) -> Immunity:
    """The Immunity ``what`` against effects of ``by`` ('opp' / 'any'), source types and colours
    (masks; None or 0 = any)."""
    return Immunity(IM_KIND[what], by == "any", types or 0, colors or 0)


def types_mask(ck: Checker, field: str, v) -> int:
    """``[spirit, nexus, magic]`` -> bits of the card types (「スピリット/ネクサス/マジックの効果」)."""
    if not isinstance(v, list) or not v or any(x not in TYPES for x in v):
        ck.fail(field, f"expected a list of {', '.join(TYPES)}")
    return sum({1 << TYPES[x] for x in v})


def colors_mask(ck: Checker, field: str, v) -> int:
    """``[red, white]`` -> bits of the colours."""
    if not isinstance(v, list) or not v or any(not isinstance(x, str) or x not in COLOR_INDEX for x in v):
        ck.fail(field, f"expected a list of {', '.join(COLORS)}")
    return sum({1 << COLOR_INDEX[x] for x in v})


#: 『破壊時』 effects include 『相手による破壊時』 ones (BS 12-2-1-12-1 is a kind of 破壊時)
_EFFECTS_ALSO = {"destroyed": ("destroyed_by_opponent",)}


def effects_mask(ck: Checker, field: str, v) -> int:
    """Which effects 'loses its effects' stops: ``all`` -> 0 (every effect), or a trigger name
    (or a list of them) -> the bits of those events (only those triggered effects)."""
    if v == "all":
        return 0
    names = v if isinstance(v, list) else [v]
    if not names or any(not isinstance(x, str) or x not in EV for x in names):
        ck.fail(field, f"expected 'all' or trigger names ({', '.join(TRIGGERS)})")
    m = 0
    for x in names:
        for y in (x,) + _EFFECTS_ALSO.get(x, ()):
            m |= 1 << EV[y]
    return m


def base_name(name: str) -> str:
    """A card name without its same-name identifier (「[2]」, BS 2-1-4)."""
    k = name.rfind("[")
    if k > 0 and name.endswith("]") and name[k + 1 : -1].isdigit():
        return name[:k].rstrip()
    return name


class Target:
    """A compiled target: what, side, zone, count (-1 = all), up_to, filter items, and
    ``pick``: None, or (stat getter, +1 highest / -1 lowest) for 「最も～の低い/高い」."""

    __slots__ = ("what", "side", "zone", "count", "up_to", "filt", "pick", "chooser")

    def __init__(self, what, side, zone, count, up_to, filt, pick=None, chooser=0):
        self.what, self.side, self.zone, self.count, self.up_to, self.filt = what, side, zone, count, up_to, filt
        self.pick = pick
        self.chooser = chooser  # 1: the opponent chooses (「相手は、相手のスピリット1体を破壊する」)


class Action:
    """One compiled action: the verb's name ``do`` and function ``fn`` (``verbs.py``), its link
    and condition, and the verb's parameters (numbers may be values, counted on resolution).
    ``target`` is a Target or one of the T_* words."""

    __slots__ = (
        "do",
        "fn",
        "link",
        "cond",
        "target",
        "n",
        "player",
        "amount",
        "duration",
        "to",
        "what",
        "filt",
        "count",
        "rest",
        "options",
        "free",
        "hook",
        # the verbs family: 'from' (draw, move_cores), summon's no_summon_effects, open_reorder's
        # bottom; 'optional' keeps the verb in ``inner``; ``wait_ok``: the words self / event name
        # the card in the waiting state too (10-2-2-6)
        "src_place",
        "no_summon_effects",
        "bottom",
        "inner",
        "wait_ok",
        # the board words: grant's by / by_types / by_colors / effects, compiled into ``spec``
        "by",
        "by_types",
        "by_colors",
        "effects",
        "spec",
        "must",  # search's must: a matching opened card must be added (BS 9-3-2-1)
        "delayed",
        "alist",
    )  # this_turn's trigger (an Effect) and its action list

    def __init__(self, do: str, fn) -> None:
        self.do, self.fn, self.link, self.cond, self.target = do, fn, 0, (), None
        self.n, self.player, self.amount, self.duration, self.to, self.what = 1, "self", 0, "turn", None, ""
        self.filt, self.count, self.rest, self.options, self.free, self.hook = (), 1, "trash", (), True, ""
        self.src_place, self.no_summon_effects, self.bottom, self.inner, self.wait_ok = None, False, 0, None, False
        self.by = self.by_types = self.by_colors = self.effects = self.spec = None
        self.must = False
        self.delayed, self.alist = None, -1


class Effect:
    """A compiled card effect: kind is 'trigger', 'constant', 'activated', 'replace'."""

    __slots__ = (
        "kind",
        "index",
        "event",
        "levels",
        "limit",
        "optional",
        "cond",
        "alist",
        "side",  # whose deck (no_deck_discard) or hand (give_ / no_reduction): SIDE_OWN, SIDE_OPP, SIDE_ANY (both)
        "n",
        "const",
        "amount",
        "scope",
        "while_",
        "timing",
        "costs",
        "of_",
        "to",  # a replacement's 'of:' (whose event; None = this card) and destroyed_cores' 'to'
        "arg",  # the board words' constants: an immunity's Immunity, also_named's name, also_family's family,
        # also_color's mask
        "watch",
        "each",
        "zone",  # a trigger's events.Watch (None: fired for this card), 'each', its zone
        "delayed",
    )  # set up by an effect for the turn (verb this_turn), not printed as an effect of its own

    def __init__(self, kind: str, index: int) -> None:
        self.kind, self.index = kind, index
        self.event, self.levels, self.limit, self.optional, self.cond = -1, 0b11110, 0, False, ()
        self.alist, self.side, self.n = -1, SIDE_ANY, 0
        self.const, self.amount, self.scope, self.while_ = -1, 0, None, 0
        self.timing, self.costs = "", ()
        self.of_, self.to = None, ""
        self.watch, self.each, self.zone = None, False, Z_FIELD
        self.arg = None
        self.delayed = False


class CardDef:
    """A card's static data; ``index`` is its row in the pool's tables."""

    __slots__ = (
        "index",
        "id",
        "name",
        "deck_name",
        "type",
        "colors",
        "color_mask",
        "cost",
        "reduction",
        "red_total",
        "families",
        "lv_cores",
        "lv_bp",
        "shinkaiho",
        "symbols",
        "sym_total",
        "ex",
        "gekitotsu",
        "armor_mask",
        "soul_magic",
        "text",
        "effects",
        "triggers",
        "constants",
        "activated",
        "replaces",
        "magic_main",
        "magic_flash",
        "magic_cond",
        "file",
        "block",
        "colors_with_symbols",
        "lv_of",
        "const_mask",
        "bflags",
        "self_cost",
        "names",
        "trash_cost",  # its cost while in the trash (constant trash_cost), -1: the printed one
        "self_watch",
        "watch",
        "hand_watch",
        "delayed",
    )  # triggers read by rules.happen (events.file_triggers)


class CardPool:
    """All cards of a game, with the compiled action lists they refer to."""

    def __init__(self) -> None:
        self.cards: list[CardDef] = []
        self.by_id: dict[str, CardDef] = {}
        self.alists: list[tuple[Action, ...]] = []
        self.python_cards: list[str] = []
        self.uses_python = False

    def __len__(self) -> int:
        return len(self.cards)

    def get(self, card_id: str) -> CardDef:
        try:
            return self.by_id[card_id]
        except KeyError:
            raise UnknownNameError("card", card_id, self.by_id) from None


# ---- compilation ---------------------------------------------------------------------
def colors_map(ck: Checker, field: str, value) -> dict[int, int]:
    """``{colour: n}`` -> ``{colour index: n}``, checked."""
    if not isinstance(value, dict):
        ck.fail(field, "expected a mapping of colour to count")
    out = {}
    for c, n in value.items():
        if c not in COLOR_INDEX:
            ck.fail(field, f"unknown colour {str(c)[:40]!r}; expected one of {', '.join(COLORS)}")
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            ck.fail(field, f"count of {c} must be a non-negative integer")
        out[COLOR_INDEX[c]] = n
    return out


def _vocab():
    """The card language's words (``words.py``, ``verbs.py``); imported on first use because
    the verbs call the rules, which import this module."""
    from .verbs import VOCAB

    return VOCAB


def _events():
    """The event words and the trigger compiler (``events.py``), imported on first use like
    :func:`_vocab`."""
    from . import events

    return events


def _filter(ck: Checker, field: str, data) -> tuple:
    if not isinstance(data, dict):
        ck.fail(field, "expected a filter mapping")
    return _vocab().compile_filter(ck, field, data)


def _cond(ck: Checker, field: str, data) -> tuple:
    return _vocab().compile_condition(ck, field, data)


def target_spec(ck: Checker, field: str, data):
    if isinstance(data, str):
        if data not in TW:
            ck.fail(field, f"{data[:40]!r} is not a target; expected a mapping or one of {', '.join(TARGET_WORDS)}")
        return TW[data]
    sub = ck.sub(field, data)
    sub.only(("what", "side", "zone", "count", "up_to", "filter", "pick", "chooser"))
    what = WHATS.index(sub.choice("what", WHATS, "spirit"))
    side = SIDES.index(sub.choice("side", SIDES, "opp"))
    zone = ZONES.index(sub.choice("zone", ZONES, "field"))
    count = sub.get("count", (int, str), 1)
    if isinstance(count, str):
        if count != "all":
            sub.fail("count", "expected an integer or 'all'")
        count = -1
    elif count < 1:
        sub.fail("count", "must be at least 1")
    if zone != 0 and side == 2:
        sub.fail("side", "cards in a trash or hand must name a side (own or opp)")
    if zone == TZ_HAND and side != SIDE_OWN:
        sub.fail("side", "only the own hand can be a target")
    filt = _filter(sub, "filter", sub.get("filter", dict, {}))
    pick = _pick(sub, sub.get("pick", str, None))
    chooser = ("own", "opp").index(sub.choice("chooser", ("own", "opp"), "own"))  # BS 9-3-2: who chooses
    if chooser and (zone != 0 or count == -1):
        sub.fail("chooser", "the opponent chooses among field cards, a number of them (not 'all')")
    return Target(what, side, zone, count, bool(sub.get("up_to", bool, False)), filt, pick, chooser)


def _pick(sub: Checker, name):
    """``pick: lowest_<stat>`` / ``highest_<stat>`` (any registered stat: bp, cost, level,
    cores, symbols) -> (getter, sign): only the candidates with the extreme number (BS 9-3-2)."""
    if name is None:
        return None
    stats = sorted(n[5:] for n in _vocab().words["value"] if n.startswith("stat:"))
    picks = [f"{w}_{st}" for w in ("lowest", "highest") for st in stats]
    if name not in picks:
        sub.fail("pick", f"{short(name)} is not one of {', '.join(picks)}")
    w, st = name.split("_", 1)
    return _vocab().words["value"]["stat:" + st].data, 1 if w == "highest" else -1


def count_target(ck: Checker, field: str, data):
    """A target mapping for counting: any side and zone, the opponent's hand included."""
    if isinstance(data, dict) and data.get("zone") == "hand" and data.get("side", "opp") != "own":
        sub = ck.sub(field, data)
        sub.only(("what", "side", "zone", "filter"))
        side = SIDES.index(sub.choice("side", SIDES, "opp"))
        if side == 2:
            sub.fail("side", "cards in a hand must name a side (own or opp)")
        what = WHATS.index(sub.choice("what", WHATS, "card"))
        return Target(what, side, TZ_HAND, -1, False, _filter(sub, "filter", sub.get("filter", dict, {})))
    return target_spec(ck, field, data)


ACTION_KEYS = ("do", "link", "if", "optional")  # 'optional' (「できる」 on one action): verbs.check_target_zone
#: parameter names of the card language -> the Action slot that keeps them
_SLOT = {
    "filter": "filt",
    "from": "src_place",
    "level": "amount",  # level: treat_level's
    "when": "delayed",
    "actions": "alist",
}  # this_turn's trigger and actions


def _actions(pool: CardPool, ck: Checker, field: str, data) -> int:
    if not isinstance(data, list) or not data:
        ck.fail(field, "expected a non-empty list of actions")
    vocab = _vocab()
    from ..core.vocab import read_params
    from .verbs import check_target_zone

    acts = []
    for k, item in enumerate(data):
        sub = ck.sub(f"{field}[{k}]", item)
        word = vocab.get("verb", sub.get("do", str), sub, "do")
        a = Action(word.name, word.fn)
        a.link = LK[sub.choice("link", LINKS, "then")]
        if k == 0 and a.link not in (0, 4):
            sub.fail("link", "the first action cannot depend on a previous one")
        a.cond = _cond(sub, "if", sub.get("if", dict, None))
        for name, v in read_params(vocab, word, sub, item, skip=ACTION_KEYS).items():
            setattr(a, _SLOT.get(name, name), v)
        if word.data is not None:
            word.data(sub, a, item)
        check_target_zone(sub, a)
        if word.name == "python":
            pool.uses_python = True
        acts.append(a)
    pool.alists.append(tuple(acts))
    return len(pool.alists) - 1


def _levels(ck: Checker, data, nlv: int) -> int:
    """Bit ``lv`` set for each level the effect works at (bit 0, level 0, never is)."""
    if data is None:
        return 0b11110
    if not isinstance(data, list) or not data or any(not isinstance(x, int) or not 1 <= x <= max(nlv, 1) for x in data):
        ck.fail("levels", f"expected a list of levels between 1 and {max(nlv, 1)}")
    m = 0
    for x in data:
        m |= 1 << x
    return m


def _board_constant(sub: Checker, e: Effect, name: str, data) -> set:
    """The board words' constants (issue 10): their own fields, compiled into ``e.arg`` (an
    immunity's Immunity, ...), ``e.amount`` (loses_effects' event mask, ...) or ``e.side``
    (no_deck_discard's player); returns the fields they take."""
    if name in IM_KIND:
        fields = {"by", "by_types", "by_colors"}
        by = sub.choice("by", ("opp", "any"), "opp")
        types = types_mask(sub, "by_types", data["by_types"]) if "by_types" in data else 0
        colors = colors_mask(sub, "by_colors", data["by_colors"]) if "by_colors" in data else 0
        e.arg = immunity_spec(sub, name, by, types, colors)
        mark(B_IMMUNE)
    elif name == "loses_effects":
        fields = {"effects"}
        e.amount = effects_mask(sub, "effects", data.get("effects", "all"))
        mark(B_NEGATE)
    elif name == "also_named":
        fields = {"name"}
        e.arg = base_name(sub.get("name", str))
        mark(B_TREAT)
    elif name == "also_family":
        fields = {"family"}
        e.arg = sub.get("family", str)
        mark(B_TREAT)
    elif name == "also_color":
        fields = {"colors"}
        e.arg = colors_mask(sub, "colors", data.get("colors"))
        mark(B_TREAT)
    elif name == "colorless":
        fields = set()
        mark(B_TREAT)
    elif name == "no_deck_discard":  # 「(お互いの / 自分の / 相手の)デッキは破棄されない」 (BS 5-13, 9-1-4)
        fields = {"player"}
        e.side = PLAYER_SIDE[sub.choice("player", ("both", "own", "opp"), "both")]
        mark(B_NOMILL)
    elif name == "trash_cost":  # 「トラッシュにあるこのカードをコストNにする」 (BS 2-2, 4-4): this card, in the trash
        fields = set()
        if "amount" not in data or data.get("scope", "self") != "self":
            sub.fail(
                "amount" if "amount" not in data else "scope",
                "trash_cost sets this card's own cost while it is in the trash: amount (0-99), no scope",
            )
        if not 0 <= e.amount <= 99:
            sub.fail("amount", "a cost is between 0 and 99")
        return fields | {"amount"}
    elif name == "treat_level":  # 「…すべてをそのスピリットが持つ最高Lvとして扱う」「…をLv1として扱う」 (BS 2-8-2)
        fields = {"level"}
        lv = sub.choice("level", (1, 2, 3, 4, 5, "max"), "max")
        e.amount = -1 if lv == "max" else lv
        mark(B_LVCOST | B_LVTREAT)
    elif name == "give_reduction":  # 「(自分の)手札にある(マジック)カードすべてに軽減シンボル[黄]を与える」 (BS 2-3-3)
        fields = {"hand_of", "types", "symbols"}
        e.side = PLAYER_SIDE[sub.choice("hand_of", ("own", "opp", "both"), "own")]
        sym = colors_map(sub, "symbols", sub.get("symbols", dict))
        if not sym or any(n < 1 or n > 9 for n in sym.values()):
            sub.fail("symbols", "expected 1 to 9 reduction symbols of a colour, e.g. {yellow: 1}")
        e.arg = (
            types_mask(sub, "types", data["types"]) if "types" in data else 0,
            tuple(sym.get(c, 0) for c in range(6)),
        )
        if "scope" in data:
            sub.fail(
                "scope", "give_reduction names the hand with hand_of (own / opp / both) and the card types with types"
            )
        mark(B_REDUCE)
    elif name == "no_reduction":  # 「(相手の)手札にある(マジック)カードすべての軽減シンボルすべてを無いものとして扱う」
        fields = {"hand_of", "types"}
        e.side = PLAYER_SIDE[sub.choice("hand_of", ("opp", "own", "both"), "opp")]
        e.arg = types_mask(sub, "types", data["types"]) if "types" in data else 0
        if "scope" in data:
            sub.fail(
                "scope", "no_reduction names the hand with hand_of (own / opp / both) and the card types with types"
            )
        mark(B_REDUCE)
    else:
        return set()
    if "amount" in data:
        sub.fail("amount", f"the constant {name} takes no amount")
    return fields


def _effect(pool: CardPool, ck: Checker, k: int, data, nlv: int) -> Effect:
    sub = ck.sub(f"effects[{k}]", data)
    kinds = [x for x in ("trigger", "constant", "activated", "replace") if x in data]
    if len(kinds) != 1:
        sub.fail(None, "an effect has exactly one of trigger, constant, activated, replace")
    e = Effect(kinds[0], k)
    e.levels = _levels(sub, data.get("levels"), nlv)
    e.cond = _cond(sub, "if", sub.get("if", dict, None))
    common = {"levels", "if"}
    if e.kind == "trigger":
        _events().compile_trigger(sub, e, data)  # event, of, by, each, zone, n (events.py)
        e.limit = LIM[sub.choice("limit", LIMITS, "none")]
        e.optional = sub.get("optional", bool, False)
        e.alist = _actions(pool, sub, "actions", sub.get("actions", list))
        sub.only(common | {"trigger", "limit", "optional", "actions"} | set(_events().TRIGGER_KEYS))
    elif e.kind == "constant":
        cname = sub.choice("constant", tuple(c for c in CONSTANTS if c != "immune") + IMMUNITIES)
        e.const = CK["immune" if cname in IM_KIND else cname]
        e.amount = sub.get("amount", int, 0)
        if e.const in (CK["bp"], CK["symbols"], CK["cost"], CK["level_cost"]) and "amount" not in data:
            sub.fail("amount", "is required for this constant")
        e.scope = target_spec(sub, "scope", sub.get("scope", (str, dict), "self"))
        if e.const == CK["cost"] and e.scope != T_SELF and (not isinstance(e.scope, Target) or e.scope.zone != TZ_HAND):
            sub.fail(
                "scope",
                "a cost constant applies to cards in the own hand (zone: hand) or to this card in the hand (self)",
            )
        if e.const == CK["level_cost"]:
            if isinstance(e.scope, Target) and e.scope.zone != TZ_FIELD:
                sub.fail("scope", "a Lv-cost constant applies to spirits and nexuses on the field")
            mark(B_LVCOST)
        if e.scope not in (T_SELF,) and not isinstance(e.scope, Target):
            sub.fail("scope", "expected self or a mapping")
        e.while_ = WH[sub.choice("while", WHILES, "always")]
        sub.only(common | {"constant", "amount", "scope", "while"} | _board_constant(sub, e, cname, data))
    elif e.kind == "activated":
        e.timing = sub.choice("activated", ("main", "flash"))
        e.limit = LIM[sub.choice("limit", LIMITS, "none")]
        e.costs = _costs(sub)
        e.alist = _actions(pool, sub, "actions", sub.get("actions", list))
        sub.only(common | {"activated", "limit", "cost", "actions"})
    else:
        e.event = RP[sub.choice("replace", REPLACES)]
        ev = REPLACES[e.event]
        if ev == "draw_step_draw":  # a player's event: the card's controller's own draw (BS 7-4-2)
            e.optional = sub.get("optional", bool, False)  # 「ドローするかわりに…できる」
            for k in ("of", "cost"):
                if k in data:
                    sub.fail(k, "the draw step's draw is its controller's own, replaced at no cost")
            e.alist = _actions(pool, sub, "instead", sub.get("instead", list))
            sub.only(common | {"replace", "instead", "optional"})
            mark(B_REPLACE)
            return e
        if "of" in data:  # BS 9-1-8-1: the event of other cards (of: which ones), e.g. 'when a spirit is destroyed'
            if ev.startswith("milled"):
                sub.fail("of", "a milled replacement is this card's own")
            of = sub.get("of", dict)
            if "count" in of or "up_to" in of or of.get("zone", "field") != "field":
                sub.fail("of", "names the field cards whose event is replaced: what, side and filter only")
            e.of_ = target_spec(sub, "of", of)
        e.costs = _costs(sub)  # 「～ことで」: its controller may pay it to replace, or not (BS 9-1-8, 9-1-6-2)
        if e.costs and ev.startswith("milled"):
            sub.fail("cost", "a milled replacement takes no cost")
        if ev == "destroyed_cores":  # BS 10-2-2-5: where the cores of a destroyed card go
            e.to = sub.choice("to", ("trash", "void"))
            n = sub.get("n", (int, str), "all")
            if n != "all" and (not isinstance(n, int) or isinstance(n, bool) or n < 1):
                sub.fail("n", "expected a positive integer or 'all'")
            e.n = 99 if n == "all" else n
            if e.costs:
                sub.fail("cost", "destroyed_cores takes no cost")
            sub.only(common | {"replace", "of", "to", "n"})
        else:
            e.alist = _actions(pool, sub, "instead", sub.get("instead", list))
            sub.only(common | {"replace", "instead", "of", "cost"})
        if e.of_ is not None or e.costs or e.event >= RP["returned_to_hand"]:
            mark(B_REPLACE)
    return e


def _costs(sub: Checker) -> tuple:
    """An activated effect's or a replacement's ``cost:`` list (BS 9-1-6-2)."""
    costs = []
    for j, c in enumerate(sub.get("cost", list, [])):
        csub = sub.sub(f"cost[{j}]", c)
        if not isinstance(c, dict) or len(c) != 1:
            csub.fail(None, "one cost per entry")
        ((name, v),) = c.items()
        if name not in COSTS:
            csub.fail(str(name), f"unknown cost; expected one of {', '.join(COSTS)}")
        if name in ("exhaust_self", "soul_core"):
            if v is not True:
                csub.fail(name, "expected true")
            v = 1
        elif name == "exhaust":  # one own recovered field spirit matching the mapping, the payer's choice
            v = target_spec(csub, name, v)
            if not isinstance(v, Target) or v.side != SIDE_OWN or v.zone != TZ_FIELD or v.count != 1 or v.up_to:
                csub.fail(name, "expected one own field card: a mapping with side: own (count 1)")
        elif not isinstance(v, int) or isinstance(v, bool) or v < 1:
            csub.fail(name, "expected a positive integer")
        costs.append((name, v))
    return tuple(costs)


CARD_FIELDS = (
    "id",
    "name",
    "type",
    "colors",
    "cost",
    "reduction",
    "families",
    "levels",
    "shinkaiho",
    "symbols",
    "ex_symbol",
    "keywords",
    "soul_magic",
    "text",
    "effects",
    "magic",
    "block",
    "also_names",
)
MAX_LEVEL_CORES = 99  # the core cost of a level (the built-in pool's highest is 5)
DEFAULT_BLOCK = "TZ"  # the built-in pool's block icon: letters, so Standard-legal (BS 2-13-1-2-1)


def _card(pool: CardPool, file: str, k: int, data) -> CardDef:
    ck = Checker(file, entry_label(data, k), data)
    ck.only(CARD_FIELDS)
    d = CardDef()
    d.file = file
    _USES[0] = 0  # the B_* machinery bits its words mark while it compiles
    _DELAYED.clear()
    d.id = ck.get("id", str)
    d.name = ck.get("name", str)
    d.deck_name = d.name  # BS 6-1-1-2-1: names with different [n] identifiers are distinct in a deck
    # BS 2-1-4: the name without its [n] identifier; 2-1-3: names the card's own text gives it count
    # everywhere, deck building and hidden zones included
    also = ck.get("also_names", list, [])
    if any(not isinstance(x, str) or not x for x in also):
        ck.fail("also_names", "expected a list of card names")
    d.names = (base_name(d.name),) + tuple(dict.fromkeys(base_name(x) for x in also))
    d.type = TYPES[ck.choice("type", TYPES)]
    cols = ck.get("colors", list)
    if not cols or any(not isinstance(c, str) or c not in COLOR_INDEX for c in cols):
        ck.fail("colors", f"expected a non-empty list of {', '.join(COLORS)}")
    d.colors = tuple(COLOR_INDEX[c] for c in cols)
    d.color_mask = sum(1 << c for c in d.colors)
    d.cost = ck.get("cost", int)
    if d.cost < 0:
        ck.fail("cost", "must be >= 0")
    red = colors_map(ck, "reduction", ck.get("reduction", dict, {}))
    d.reduction = tuple(red.get(c, 0) for c in range(6))
    d.red_total = sum(d.reduction)
    d.families = tuple(ck.get("families", list, []))
    lv = ck.get("levels", list, [])
    d.lv_cores, d.lv_bp = [], []
    if d.type == MAGIC:
        if lv:
            ck.fail("levels", "a magic has no levels")
    else:
        if not 1 <= len(lv) <= 4:
            ck.fail("levels", "a spirit or nexus has 1 to 4 levels")
        for j, L in enumerate(lv):
            sub = ck.sub(f"levels[{j}]", L)
            sub.only(("cores", "bp"))
            c = sub.get("cores", int)
            if c < 0 or (d.lv_cores and c <= d.lv_cores[-1]):
                sub.fail("cores", "level costs must be non-negative and increasing")
            if c > MAX_LEVEL_CORES:  # lv_of below has an entry per core count up to the last level's
                sub.fail("cores", f"a level costs at most {MAX_LEVEL_CORES} cores")
            d.lv_cores.append(c)
            d.lv_bp.append(sub.get("bp", int) if d.type == SPIRIT else 0)
            if d.type == NEXUS and "bp" in L:
                sub.fail("bp", "a nexus has no BP")
        if d.type == SPIRIT and d.lv_cores[0] < 1:
            ck.fail("levels", "a spirit's Lv1 cost is at least 1 core")
    d.lv_cores, d.lv_bp = tuple(d.lv_cores), tuple(d.lv_bp)
    # level by core count (2-8-1): lv_of[n] for n = 0 .. the last level's need (more stays there)
    d.lv_of = tuple(sum(n >= need for need in d.lv_cores) for n in range(d.lv_cores[-1] + 1 if d.lv_cores else 1))
    d.shinkaiho = ck.get("shinkaiho", bool, False)
    if d.shinkaiho and len(d.lv_cores) < 2:
        ck.fail("shinkaiho", "真界放 needs a Lv2")
    default_sym = {} if d.type == MAGIC else {COLORS[d.colors[0]]: 1}
    sym = colors_map(ck, "symbols", ck.get("symbols", dict, default_sym))
    d.symbols = tuple(sym.get(c, 0) for c in range(6))
    d.sym_total = sum(d.symbols)
    d.colors_with_symbols = tuple(c for c in range(6) if d.symbols[c])
    d.ex = ck.get("ex_symbol", bool, False)
    d.gekitotsu, d.armor_mask = False, 0
    for j, kw in enumerate(ck.get("keywords", list, [])):
        if kw == "gekitotsu":
            d.gekitotsu = True
        elif isinstance(kw, dict) and set(kw) == {"heavy_armor"} and isinstance(kw["heavy_armor"], list):
            for c in kw["heavy_armor"]:
                if not isinstance(c, str) or c not in COLOR_INDEX:
                    ck.fail(f"keywords[{j}]", f"unknown colour {short(c)}")
                d.armor_mask |= 1 << COLOR_INDEX[c]
        else:
            ck.fail(f"keywords[{j}]", "expected 'gekitotsu' or {heavy_armor: [colours]}")
    sm = ck.get("soul_magic", dict, None)
    d.soul_magic = None if sm is None else tuple(sorted(colors_map(ck, "soul_magic", sm).items()))
    if d.soul_magic is not None and d.type != MAGIC:
        ck.fail("soul_magic", "only a magic has ソウルマジック")
    d.text = ck.get("text", str, "")
    block = ck.get("block", (str, int), DEFAULT_BLOCK)
    d.block = None if block in ("", "none") else str(block)
    nlv = len(d.lv_cores)
    d.effects = tuple(_effect(pool, ck, j, e, nlv) for j, e in enumerate(ck.get("effects", list, [])))
    if d.type == MAGIC and d.effects and any(e.kind != "constant" or e.const != CK["cost"] for e in d.effects):
        ck.fail("effects", "a magic's effect goes under 'magic' (only cost constants are allowed here)")
    _events().file_triggers(d)  # triggers, self_watch, watch, hand_watch
    d.constants = tuple(e for e in d.effects if e.kind == "constant")
    # the constant kinds it has on the field, as bits; a cost constant of the card itself works from
    # the hand (BS 11-1-1-2-1) and is kept apart, in self_cost
    d.self_cost = tuple(e for e in d.constants if e.const == CK["cost"] and e.scope == T_SELF)
    trash = [e for e in d.constants if e.const == CK["trash_cost"]]  # works in the trash, not on the field
    d.trash_cost = trash[-1].amount if trash else -1
    d.const_mask = sum({1 << e.const for e in d.constants if e not in d.self_cost and e.const != CK["trash_cost"]})
    d.activated = tuple(e for e in d.effects if e.kind == "activated")
    d.replaces = tuple(e for e in d.effects if e.kind == "replace")
    mg = ck.get("magic", dict, None)
    d.magic_main = d.magic_flash = -1
    d.magic_cond = ()
    if d.type == MAGIC:
        if mg is None:
            ck.fail("magic", "a magic card needs its [メイン]/[フラッシュ] effect")
        sub = ck.sub("magic", mg)
        sub.only(("main", "flash", "if"))
        if "main" not in mg and "flash" not in mg:
            sub.fail(None, "needs main, flash or both")
        if "main" in mg:
            d.magic_main = _actions(pool, sub, "main", mg["main"])
        if "flash" in mg:
            d.magic_flash = _actions(pool, sub, "flash", mg["flash"])
        d.magic_cond = _cond(sub, "if", sub.get("if", dict, None))
    elif mg is not None:
        ck.fail("magic", "only a magic card has a magic effect")
    if _DELAYED:  # the triggers its effects set up for a turn: effects of the card, after the printed ones
        for e in _DELAYED:
            e.index = len(d.effects)
            d.effects += (e,)
        _DELAYED.clear()
        _events().file_triggers(d)
    d.bflags = _USES[0]
    return d


def load_pool(paths=None) -> CardPool:
    """Load and validate card files (default: the built-in pool). All or nothing."""
    files = sorted(CARDS_DIR.glob("*.yaml")) if paths is None else [Path(p) for p in paths]
    pool = CardPool()
    vocab = _vocab()
    vocab.actions_compiler = lambda ck, field, data: _actions(pool, ck, field, data)  # 'modes' nests lists
    try:
        _load_files(pool, files)
    finally:
        vocab.actions_compiler = None
    return pool


def _load_files(pool: CardPool, files: list[Path]) -> None:
    for f in files:
        data = load_yaml(f)
        if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
            raise CardFileError(str(f), None, "cards", "expected a mapping with a list under 'cards'")
        for k, entry in enumerate(data["cards"]):
            d = _card(pool, str(f), k, entry)
            if d.id in pool.by_id:
                raise CardFileError(str(f), d.id, "id", f"duplicate card id (also in {pool.by_id[d.id].file})")
            d.index = len(pool.cards)
            pool.cards.append(d)
            pool.by_id[d.id] = d
            if pool.uses_python:
                pool.python_cards.append(d.id)
                pool.uses_python = False


# ---- decks -------------------------------------------------------------------------------
def deck_names() -> list[str]:
    return builtin_deck_names(DECKS_DIR)


FORMATS = ("standard", "eternal")
COPIES_PER_NAME = 3  # BS 6-1-1-2


def load_deck(spec: str, pool: CardPool, fmt: str = "standard") -> tuple[str, list[int]]:
    """A built-in deck name or a deck-file path -> (name, list of card indexes), validated.
    One id is one name, so a count above 3 breaks BS 6-1-1-2 whatever else the deck holds:
    it is refused before the deck is expanded."""
    _, ck, name = open_deck(spec, DECKS_DIR, "Battle Spirits")

    def per_id(cid: str) -> CopyLimit:
        return CopyLimit(
            COPIES_PER_NAME,
            "BS 6-1-1-2",
            f"{{n}} copies; at most {COPIES_PER_NAME} cards of one name",
            pool.by_id[cid].deck_name,
        )

    ids = [pool.by_id[cid].index for cid in deck_card_ids(ck, pool.by_id, per_id)]
    validate_deck(name, ids, pool, fmt)
    return name, ids


def validate_deck(name: str, ids: list[int], pool: CardPool, fmt: str = "standard") -> None:
    """Deck construction (BS 6-1-1): at least 40 cards, at most 3 per card name; in the
    Standard format only cards whose block icon is a letter (BS 1-1-1, 2-13-1-2-1)."""
    if fmt == "standard":
        for i in sorted(set(ids)):
            b = pool.cards[i].block
            if b is None or not b.isalpha():
                icon = "no block icon" if b is None else f"block icon {short(b)}"
                raise DeckError(
                    name,
                    pool.cards[i].name,
                    "BS 1-1-1",
                    f"{icon} is not a letter: the card is Eternal-only (BS 2-13-1-2-1)",
                )
    if len(ids) < 40:
        raise DeckError(name, None, "BS 6-1-1", f"has {len(ids)} cards; a deck has at least 40")
    per_name = Counter(pool.cards[i].deck_name for i in ids)
    for i in ids:  # BS 2-1-3: a name the card's own text gives it counts in deck building too
        for nm in pool.cards[i].names[1:]:
            if nm != pool.cards[i].deck_name:
                per_name[nm] += 1
    for nm, n in per_name.items():
        if n > COPIES_PER_NAME:
            raise DeckError(name, nm, "BS 6-1-1-2", f"{n} copies; at most {COPIES_PER_NAME} cards of one name")
