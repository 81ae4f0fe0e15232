"""The Ninja Slayer card language's verbs: what an action does, one function each.

Each verb is registered once on :data:`words.VOCAB` with its parameters, the rule it
implements and how it reads on a card (Japanese as the rules print it, an English gloss).
The loader (``cards._Loader.action``) looks it up once and keeps in the compiled ``Action``
its function (``a.fn``) and its :class:`Verb` (``a.verb``: how the interpreter runs it), so
``rules.h_exec`` calls them directly and never compares verb names.

A verb has one of two shapes, as the rules split the work:

* **done to targets** (``kill``, ``bow``, ``pump``...; registered with :func:`targeted`):
  ``fn(state, action, card, controller, source, n)`` does it to one target. Which cards are
  its targets is the interpreter's, the same for every such verb (``rules.on_targets``):
  chosen at entry and checked again on resolution (NS 1204.2e, 1205.1a), chosen on
  resolution, picked from the hand (NS 1307.4) or the source itself; the player's answer
  is ``rules.target_answer``. ``Verb.only`` narrows the choice to the cards the verb can
  change at all (an untapped card can't be untapped, NS 1310.1).
* **with its own steps** (``draw``, ``discard``, ``recover``...; :func:`stepped`):
  ``fn(state, frame, action, controller, source, n) -> asked`` is its step of the
  resolving ability's frame ``[H_EXEC, ...]`` (``rules.h_exec``; its slots ``EX_*`` in ``rules/frames.py``): it
  does what it can and returns False, or asks the player (``frame[STEP] = EXS_ANSWER``) and returns True; the
  answer goes to ``Verb.answer(state, frame, action, controller, source)``, and the step runs again.

``n`` is the action's number (``n``), the X fixed at entry or counted on resolution
(NS 1304), or the source's last-known karate (NS 1215). A verb's ``check`` is its load-time
rules beyond its parameters' own (``check(loader, checker, action, card id)``).

To add a verb: write its function here with :func:`targeted` or :func:`stepped`, its
parameters (``Param``), rule, doc and phrases; nothing else changes.
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.cardfile import Checker
from ..core.vocab import Param
from .cards import CHARACTER, KEYWORDS, N_ALL, N_LKI_KARATE, N_X, TR_PHASE, Action, Target, hand_pick
from .layout import D_CHOOSE, D_RECOVER, OPTION, OWN_HAND, PASS
from .records import AB_ATTACKER, AB_ATTACKER_OBJ, AB_TARGET, AB_TARGET_OBJ
from .rules import (
    IK_NONE,
    ambush,
    counter,
    damage_amount,
    dealt,
    discard,
    draw,
    enter_candidates,
    kill,
    next_action,
    on_targets,
    option_defs,
    skip_rest,
    target_answer,
)
from .rules.abilities import field_actions
from .rules.frames import EX_COUNT, EX_EXTRA, EX_SRC_OBJ, EXS_ANSWER, STEP, enter_frame
from .state import (
    TE_ADD_KARATE,
    TE_ADD_KOUSAKU,
    TE_ATTR,
    TE_DUR,
    TE_GAIN_KW,
    TE_GAME,
    TE_GRANT,
    TE_IKUSA,
    TE_KARATE,
    TE_KOUSAKU,
    TE_LOSE_KW,
    TE_SET_ATTR,
    TE_SET_DUR,
    TE_SET_KARATE,
    TE_TURN,
    Z_HAND,
    Z_OHIGAN,
    Z_REMOVED,
)
from .words import VOCAB

#: the zones a verb's targets may be in unless it says otherwise ('hand' and 'stack' only when it says so)
PUBLIC_ZONES = ("field", "ether", "ohigan")


class Verb:
    """How the interpreter runs one verb (the ``data`` of its registered word): ``step`` and
    ``answer`` (see the module docstring), ``zones`` its targets may be in (the first is the
    one error messages name), ``only`` the cards it can change at all (compiled filter tests), ``kills``
    (a kill: the kill replacements are chosen first, NS 1214.2), ``layered`` (its effects go
    through the ordered layers, ``records.Statics.LAYERS``: NS 1213.1c-d, 1213.3b) and
    ``check`` (its load-time rules)."""

    __slots__ = ("step", "answer", "zones", "only", "kills", "layered", "check")

    def __init__(
        self,
        step: Callable,
        answer: Callable | None,
        zones: tuple = (),
        only: tuple = (),
        kills: bool = False,
        layered: bool = False,
        check: Callable | None = None,
    ) -> None:
        self.step, self.answer, self.zones, self.only = step, answer, zones, only
        self.kills, self.layered, self.check = kills, layered, check


def stepped(
    name: str,
    *,
    params: dict,
    rule: str,
    doc: str,
    ja: str,
    en: str,
    answer: Callable | None = None,
    check: Callable | None = None,
) -> Callable[[Callable], Callable]:
    """Register a verb with its own steps: ``fn(s, f, a, ctl, src, n) -> asked``."""

    def deco(fn: Callable) -> Callable:
        VOCAB.add("verb", name, fn, params=params, rule=rule, doc=doc, ja=ja, en=en, data=Verb(fn, answer, check=check))
        return fn

    return deco


def targeted(
    name: str,
    *,
    rule: str,
    doc: str,
    ja: str,
    en: str,
    params: dict | None = None,
    zones: tuple = PUBLIC_ZONES,
    only: dict | None = None,
    kills: bool = False,
    layered: bool = False,
    check: Callable | None = None,
) -> Callable[[Callable], Callable]:
    """Register a verb done to its targets: ``fn(s, a, j, ctl, src, n)`` on each target ``j``;
    ``only`` is a filter mapping in the card language's own words (``{bowed: true}``)."""

    def deco(fn: Callable) -> Callable:
        tests = VOCAB.compile_filter(Checker(__file__, name, {"only": only}), "only", only) if only else ()
        VOCAB.add(
            "verb",
            name,
            fn,
            params={"target": TARGET, **(params or {})},
            rule=rule,
            doc=doc,
            ja=ja,
            en=en,
            data=Verb(on_targets, target_answer, zones, tests, kills, layered, check),
        )
        return fn

    return deco


# ---- parameters -----------------------------------------------------------------------------------
TARGET = Param.target()
_CODES = {"X": N_X, "lki_karate": N_LKI_KARATE, "all": N_ALL}


def number(*words: str, **default) -> Param:
    """``n``: an integer, at least 1 (read through the checker, so within the cards' number bound),
    or one of ``words``: ``X`` (NS 1304), ``lki_karate`` (NS 1215), ``all`` (NS 1309.2); required
    unless a ``default=`` is given."""

    def read(vocab, ck, field, v):
        if isinstance(v, str) and v in words:
            return _CODES[v]
        n = ck.get(field, int)
        if n < 1:
            ck.fail(field, "must be at least 1" + (f" (or {' or '.join(repr(w) for w in words)})" if words else ""))
        return n

    return Param.custom(read, **default)


def integer(lo: int | None = None, **default) -> Param:
    """An integer (within the cards' number bound), at least ``lo``; required unless a
    ``default=`` is given."""

    def read(vocab, ck, field, v):
        n = ck.get(field, int)
        if lo is not None and n < lo:
            ck.fail(field, "must be 0 or more" if lo == 0 else f"must be at least {lo}")
        return n

    return Param.custom(read, **default)


def _mapping(vocab, ck, field, v):
    return ck.get(field, dict)


ABILITY = Param.custom(_mapping)  # an ability mapping (trigger, if, limit, actions), compiled by the verb's check
DURATION = Param.choice(("turn", "game"), "turn")  # NS 1213.7, 1213.8


def _lasts(a: Action) -> None:
    a.game = a.duration == "game"  # NS 1213.8: no end point


# ---- the player's cards ---------------------------------------------------------------------------
@stepped(
    "draw",
    params={"n": number("X")},
    rule="NS 1308",
    doc="draw n, one at a time; an empty deck draws nothing (NS-G13)",
    ja="{n}枚ドロー",
    en="draw {n}",
)
def v_draw(s, f, a, ctl, src, n):
    draw(s, ctl, n)
    return False


def _recover_answer(s, f, a, ctl, src):
    d, fd = s.opts[s.answer - OPTION]
    j = next(j for j in s.damage[ctl] if s.cdef[j] == d and s.face_down[j] == fd)
    s.move(j, Z_OHIGAN)
    f[EX_COUNT] += 1


@stepped(
    "recover",
    params={"n": number()},
    rule="NS 1319",
    answer=_recover_answer,
    doc="choose n cards of your damage zone (either face) and put them into your Ohigan",
    ja="あなたは{n}回復する",
    en="you recover {n}",
)
def v_recover(s, f, a, ctl, src, n):
    if f[EX_COUNT] < a.n and s.damage[ctl]:
        s.opts = sorted({(s.cdef[j], s.face_down[j]) for j in s.damage[ctl]})
        f[STEP] = EXS_ANSWER
        s.ask(ctl, D_RECOVER, [OPTION + k for k in range(min(len(s.opts), 32))])
        return True
    return False


def _discarder(a: Action, ctl: int) -> int:
    return ctl if a.player == "own" else 1 - ctl


def _discard_answer(s, f, a, ctl, src):
    if s.answer == PASS:  # NS 1203.7: the optional cost declined: the rest is not done
        skip_rest(s, f)
        return
    discard(s, s.hand[_discarder(a, ctl)][s.answer - OWN_HAND], ctl)
    f[EX_COUNT] += 1


def _check_discard(ld, ck, a: Action, card: str) -> None:
    if a.may and a.player == "opp":
        ck.fail("player", "an optional discard cost is paid from your own hand (NS 1203.7)")
    if a.may and a.n == N_ALL:
        ck.fail("may", "'discard n: all' is done even with an empty hand; it can't be an optional cost")


@stepped(
    "discard",
    params={"n": number("all"), "may": Param.bool(False), "player": Param.choice(("own", "opp"), "own")},
    rule="NS 1309, 1203.7",
    answer=_discard_answer,
    check=_check_discard,
    doc="that player (own: the controller; opp: the opponent) chooses n hand cards, as many as there are "
    "(NS 104.2), and puts them into their Ohigan; n: all, the whole hand (NS 1309.2); may: true makes it "
    "the cost of the later actions, which the controller may pay on resolution: declined or not "
    "payable in full, the later actions are not done (NS 1203.7)",
    ja="{player}は手札を{n}枚選んで捨てる",
    en="{player} discard{player.s} {n} card(s)",
)
def v_discard(s, f, a, ctl, src, n):
    dp = _discarder(a, ctl)
    h = s.hand[dp]
    if a.n == N_ALL:  # NS 1309.2
        while h:
            discard(s, h[0], ctl)
    elif a.may and f[EX_COUNT] == 0 and len(h) < a.n:  # NS 1203.7 / 1203.2: can't be paid: the rest is not done
        skip_rest(s, f)
    elif f[EX_COUNT] < a.n and h:  # NS 104.2: as many as there are
        f[STEP] = EXS_ANSWER
        s.opts = []  # hand slots, no option list (nothing stale may show)
        s.ask(dp, D_CHOOSE, ([PASS] if a.may and f[EX_COUNT] == 0 else []) + [OWN_HAND + k for k in range(len(h))])
        return True
    return False


def _enter_answer(s, f, a, ctl, src):
    next_action(f)  # this resumes after the entry, at the next action
    s.stack.append(enter_frame(s.hand[ctl][s.answer - OWN_HAND], ctl, free=True))


def _enter_pick(vocab, ck, field, v):
    return hand_pick(ck, field, v)


def _check_enter(ld, ck, a: Action, card: str) -> None:
    if not a.free:
        ck.fail(
            "free",
            "only 'free: true' ('without paying its cost', NS 1313.1b) is supported: "
            "an effect that makes you pay the cost (NS 1313.1a) is not in the language yet",
        )
    if a.pick is None:
        a.pick = Target(zone="hand")


@stepped(
    "enter",
    params={"free": Param.bool(False), "filter": Param.custom(_enter_pick, None)},
    rule="NS 1313.1b, 1313.1c, 1313.2",
    answer=_enter_answer,
    check=_check_enter,
    doc="the controller chooses an own hand card matching the filter that can be entered legally and "
    "enters it by the normal rules (NS 1204) without paying its cost; none: not done",
    ja="あなたの手札から{filter}を1枚選び、コストを支払わずにエントリーする",
    en="choose {filter} in your hand and enter it without paying its cost",
)
def v_enter(s, f, a, ctl, src, n):
    if f[EX_COUNT] < 1:
        h = s.hand[ctl]
        c = enter_candidates(s, a, ctl, src)
        if c:
            f[STEP] = EXS_ANSWER
            s.opts = []
            s.ask(ctl, D_CHOOSE, [OWN_HAND + h.index(j) for j in c])
            return True
    return False


def _search_candidates(s, f, a: Action, ctl: int) -> list[int]:
    """Yorokonde!'s choices (NS-G28): characters of the deck within the cost left, of the
    attribute (or, as the first pick, any character when ``any_count`` allows it)."""
    left = a.total_cost_le - f[EX_EXTRA]
    if f[EX_COUNT] == 0:
        ok = lambda d: a.any_count >= 1 or a.attribute in d.attributes  # noqa: E731
    elif f[EX_COUNT] < a.attribute_count and f[EX_EXTRA] >= 0:
        ok = lambda d: a.attribute in d.attributes  # noqa: E731
    else:
        return []
    out = []
    for j in s.deck[ctl]:
        d = s.defs[s.cdef[j]]
        if d.type == CHARACTER and s.cost_of(j) <= left and ok(d):
            out.append(j)
    return out


def _search_answer(s, f, a, ctl, src):
    if s.answer == PASS:
        s.rng.shuffle(s.deck[ctl])  # NS 1316
        next_action(f)
        return
    d = s.opts[s.answer - OPTION]
    j = next(j for j in s.deck[ctl] if s.cdef[j] == d)
    f[EX_EXTRA] += s.cost_of(j)  # its cost in the deck (NS 1210.2)
    if a.attribute not in s.defs[d].attributes:
        f[EX_EXTRA] = a.total_cost_le + 1  # the 'up to 1 character' branch: no second pick
    f[EX_COUNT] += 1
    ambush(s, j, ctl)


@stepped(
    "search_ambush",
    params={"total_cost_le": integer(), "attribute": Param.str(), "attribute_count": integer(), "any_count": integer()},
    rule="NS 1307, 1314, 1316",
    answer=_search_answer,
    doc="search your deck for up to attribute_count characters with the attribute, or up to any_count "
    "character, with a total cost of total_cost_le or less; ambush them, then shuffle (NS-G28)",
    ja="あなたのデッキから合計コストが{total_cost_le}以下になるように〈{attribute}〉のキャラクターを"
    "{attribute_count}枚までか、キャラクターを{any_count}枚まで探し、それらをアンブッシュして、デッキをシャッフルする",
    en="search your deck for up to {attribute_count} 〈{attribute}〉 characters or up to {any_count} character "
    "with a total cost of {total_cost_le} or less, ambush them and shuffle your deck",
)
def v_search_ambush(s, f, a, ctl, src, n):
    c = _search_candidates(s, f, a, ctl)
    if c:
        s.opts = option_defs(s, c)
        f[STEP] = EXS_ANSWER
        s.ask(ctl, D_CHOOSE, [PASS] + [OPTION + k for k in range(min(len(s.opts), 32))])
        return True
    s.rng.shuffle(s.deck[ctl])  # NS 1316
    return False


# ---- players ----------------------------------------------------------------------------------------
@stepped(
    "damage_player",
    params={"n": number("X", "lki_karate"), "player": Param.choice(("opp", "own"), "opp")},
    rule="NS 1317.1, 1102.4a",
    doc="deal n damage to that player (the source's increase applies, NS 1326); dealt as damage checks "
    "at the next rule check (NS 1003)",
    ja="{player}に{n}ダメージを与える",
    en="deal {n} damage to {player}",
)
def v_damage_player(s, f, a, ctl, src, n):
    n = damage_amount(s, src, -1, n)  # NS 1102.4a
    if n:
        s.carried[1 - ctl if a.player == "opp" else ctl] += n
        dealt(s, src, -1)
    return False


def _check_delay(ld, ck, a: Action, card: str) -> None:
    a.effect = ld.ability(ck.sub("effect", a.spec), card, a.spec, True, delayed=True).id


@stepped(
    "delay",
    params={"effect": ABILITY},
    rule="NS 1209.7",
    check=_check_delay,
    doc="a delayed triggered ability (trigger: end_phase), made on resolution, triggering once",
    ja="{effect}",
    en="{effect}",
)
def v_delay(s, f, a, ctl, src, n):
    s.delayed.append([ctl, a.effect, src, f[EX_SRC_OBJ]])
    return False


# ---- done to targets ---------------------------------------------------------------------------------
def _check_damage(ld, ck, a: Action, card: str) -> None:
    if not a.dist:
        if "n" not in ck.data:
            ck.fail("n", "is required")
        return
    if "n" in ck.data:
        ck.fail("n", "a distributed damage has no 'n': 'distribute' is the total (NS 1305.1)")
    t = a.target
    if not t.entry or t.zone != "field" or t.count == N_X or t.count > a.dist:
        ck.fail(
            "target",
            "distributed damage goes to field targets chosen at entry ('chosen: entry'), "
            "at most 'distribute' of them: each gets at least 1 (NS 1204.2f, 1305.1)",
        )


@targeted(
    "damage",
    params={"n": number("X", "lki_karate", default=1), "distribute": integer(1, default=0)},
    zones=("field",),
    rule="NS 1317.1, 1102.4, 1305.1",
    check=_check_damage,
    doc="deal n damage to each target (the source's increase, then the target's reduction, NS 1102.4c); "
    "distribute: N is split among targets chosen at entry, 1 each and the rest as the player gives it "
    "(NS 1204.2f)",
    ja="{target}に{n}ダメージを与える",
    en="deal {n} damage to {target}",
)
def v_damage(s, a, j, ctl, src, n):
    n = damage_amount(s, src, j, n)  # NS 1102.4: effect damage (not ikusa damage); NS 1216.3: its source
    if n:
        s.dmg[j] += n
        dealt(s, src, j)


@targeted(
    "kill",
    zones=("field",),
    kills=True,
    rule="NS 1311, 104.4",
    doc="kill the targets (to Ohigan); a kill_proof character is not killed by an effect",
    ja="{target}を殺す",
    en="kill {target}",
)
def v_kill(s, a, j, ctl, src, n):
    if not s.has_kw(j, "kill_proof"):  # NS 104.4: a prohibited action is not performed
        kill(s, j, src)  # NS 1216.5b: killed by the effect's source


@targeted(
    "bow",
    only={"bowed": False},
    rule="NS 1310.2",
    doc="bow the targets (a bowed card can't be bowed)",
    ja="{target}をオジギする",
    en="bow {target}",
)
def v_bow(s, a, j, ctl, src, n):
    s.bowed[j] = True


@targeted(
    "untap",
    only={"bowed": True},
    rule="NS 1310.1",
    doc="untap the targets (an untapped card can't be untapped)",
    ja="{target}をアンタイ・オジギする",
    en="untap {target}",
)
def v_untap(s, a, j, ctl, src, n):
    s.bowed[j] = False


@targeted(
    "ambush",
    zones=("ohigan", "ether"),
    only={"type": "character"},
    rule="NS 1314, 1315",
    doc="put the target characters onto your field untapped; from the ether zone keeping their "
    "orientation and effects (NS 1314.1b); they appear (NS 1315)",
    ja="{target}をアンブッシュする",
    en="ambush {target}",
)
def v_ambush(s, a, j, ctl, src, n):
    ambush(s, j, ctl)


@targeted(
    "to_hand",
    zones=("ohigan",),
    rule="NS 305, 302.5",
    doc="put the targets from Ohigan into their owner's hand (public: both keep knowing them)",
    ja="{target}を手札に加える",
    en="add {target} to your hand",
)
def v_to_hand(s, a, j, ctl, src, n):
    s.move(j, Z_HAND)


@targeted(
    "remove",
    rule="NS 1324.1",
    doc="put the targets into their owner's removed zone",
    ja="{target}を除外する",
    en="remove {target}",
)
def v_remove(s, a, j, ctl, src, n):
    s.move(j, Z_REMOVED)


@targeted(
    "counter",
    zones=("stack",),
    rule="NS 1321",
    doc="remove the target kotodama-space object: a card goes to its owner's Ohigan, an ability is "
    "removed; it does not resolve, nothing is refunded",
    ja="{target}を打ち消す",
    en="counter {target}",
)
def v_counter(s, a, k, ctl, src, n):
    counter(s, k)


def _check_pump(ld, ck, a: Action, card: str) -> None:
    if a.attribute is not None:  # NS 1213.2: one effect, two layers (attribute 1213.1b, numbers 1213.1f)
        a.effect = ld.attr_index(a.attribute)
    if not (
        a.karate
        or a.durability
        or a.kousaku
        or a.set_karate is not None
        or a.set_durability is not None
        or a.effect >= 0
        or a.add_karate is not None
        or a.add_kousaku is not None
    ):
        ck.fail(
            "karate",
            "a pump changes at least one of karate, durability, kousaku, set_karate, "
            "set_durability, add_karate, add_kousaku, attribute",
        )
    a.ikusa, a.game = a.duration == "ikusa", a.duration == "game"


@targeted(
    "pump",
    zones=("field", "hand"),
    check=_check_pump,
    params={
        "karate": integer(default=0),
        "durability": integer(default=0),
        "kousaku": integer(default=0),
        "set_karate": integer(0, default=None),
        "set_durability": integer(0, default=None),
        "add_karate": integer(0, default=None),
        "add_kousaku": integer(0, default=None),
        "attribute": Param.str(None),
        "duration": Param.choice(("turn", "ikusa", "game"), "turn"),
    },
    rule="NS 1303, 1213, 1307.4",
    doc="the targets get +/- karate, durability, kousaku; set_*: the value becomes N (NS 1213.5); add_*: "
    "the numeric item a card lacks (NS 1213.1e); attribute: also gains it (NS 1213.2); duration turn, "
    "ikusa (NS 706.8a, 1213.9) or game (NS 1213.8); a hand target is revealed and picked on resolution",
    # {changes}: every number and attribute it changes as one phrase (「カラテ+2、耐久力+2を得る」), text.py
    ja="{target}は{duration}、{changes}",
    en="{target} {changes} {duration}",
)
def v_pump(s, a, j, ctl, src, n):
    if a.ikusa and s.ikstep == IK_NONE:
        return  # NS 1213.9: 'this ikusa' outside an ikusa: its end has passed, it never applies
    o = s.obj[j]
    fl = TE_IKUSA if a.ikusa else TE_GAME if a.game else TE_TURN  # NS 1213.3b-4: the duration is fixed now
    ts = s.stamp()  # NS 1213.3b-2: the time of resolution; one effect, one timestamp
    if a.effect >= 0:  # NS 1213.2: its attribute part applies in the attribute layer (1213.1b)
        s.teff.append([TE_ATTR, fl, j, o, a.effect, ts])
    for kind, amt in (
        (TE_ADD_KARATE, a.add_karate),
        (TE_ADD_KOUSAKU, a.add_kousaku),
        (TE_SET_KARATE, a.set_karate),
        (TE_SET_DUR, a.set_durability),
    ):
        if amt is not None:  # NS 1213.1e: adds the item; NS 1213.5: the value becomes amt
            s.teff.append([kind, fl, j, o, amt, ts])
    for kind, amt in ((TE_KARATE, a.karate), (TE_DUR, a.durability), (TE_KOUSAKU, a.kousaku)):
        if amt:
            s.teff.append([kind, fl, j, o, amt, ts])


def _check_grant(ld, ck, a: Action, card: str) -> None:
    _lasts(a)
    if not a.target.is_self:
        ck.fail("target", "grant gives an ability to 'self' only")
    a.effect = ld.ability(ck.sub("effect", a.spec), card, a.spec, True).id
    if ld.abilities[a.effect].trigger >= min(TR_PHASE.values()):
        ck.fail("effect.trigger", "a granted ability can't be a 'start_of_...' / 'end_of_...' trigger here")


@targeted(
    "grant",
    params={"effect": ABILITY, "duration": DURATION},
    rule="NS 1325.2, 1213.8",
    check=_check_grant,
    doc="this card gains the triggered ability this turn (duration: game, the rest of the game)",
    ja="{target}は{duration}「{effect}」を得る",
    en='{target} gains "{effect}" {duration}',
)
def v_grant(s, a, j, ctl, src, n):
    s.teff.append([TE_GRANT, TE_GAME if a.game else TE_TURN, j, s.obj[j], a.effect, s.stamp()])


def _check_attribute(ld, ck, a: Action, card: str) -> None:
    _lasts(a)
    a.effect = ld.attr_index(a.attribute)


@targeted(
    "gain_attribute",
    zones=("field",),
    params={"attribute": Param.str(), "duration": DURATION},
    rule="NS 1325.1, 1213.8",
    check=_check_attribute,
    doc="the target character has the attribute this turn (duration: game, the rest of the game)",
    ja="{target}は{duration}〈{attribute}〉を得る",
    en="{target} gains 〈{attribute}〉 {duration}",
)
def v_gain_attribute(s, a, j, ctl, src, n):
    s.teff.append([TE_ATTR, TE_GAME if a.game else TE_TURN, j, s.obj[j], a.effect, s.stamp()])


@targeted(
    "set_attribute",
    zones=("field",),
    params={"attribute": Param.str(), "duration": DURATION},
    layered=True,
    rule="NS 1213.1d, 1213.5",
    check=_check_attribute,
    doc="the target's attribute becomes only that one this turn: printed and gained ones are lost, the latest set wins",
    ja="{target}の属性は{duration}〈{attribute}〉だけになる",
    en="the only attribute of {target} is 〈{attribute}〉 {duration}",
)
def v_set_attribute(s, a, j, ctl, src, n):
    s.teff.append([TE_SET_ATTR, TE_GAME if a.game else TE_TURN, j, s.obj[j], a.effect, s.stamp()])


def _check_keyword(ld, ck, a: Action, card: str) -> None:
    _lasts(a)
    a.effect = KEYWORDS.index(a.keyword)


KEYWORD = Param.choice(KEYWORDS)


@targeted(
    "lose_keyword",
    zones=("field",),
    params={"keyword": KEYWORD, "duration": DURATION},
    rule="NS 1327.1, 1213.8",
    check=_check_keyword,
    doc="the target character loses the keyword (all of it) this turn",
    ja="{target}は{duration}{keyword}を失う",
    en="{target} loses {keyword} {duration}",
)
def v_lose_keyword(s, a, j, ctl, src, n):
    s.teff.append([TE_LOSE_KW, TE_GAME if a.game else TE_TURN, j, s.obj[j], a.effect, s.stamp()])


@targeted(
    "gain_keyword",
    zones=("field",),
    params={"keyword": KEYWORD, "duration": DURATION},
    layered=True,
    rule="NS 1213.1c, 1213.3b",
    check=_check_keyword,
    doc="the target character has the keyword this turn; gains and losses apply in timestamp order",
    ja="{target}は{duration}{keyword}を得る",
    en="{target} gains {keyword} {duration}",
)
def v_gain_keyword(s, a, j, ctl, src, n):
    s.teff.append([TE_GAIN_KW, TE_GAME if a.game else TE_TURN, j, s.obj[j], a.effect, s.stamp()])


# ---- the keyword satsubatsu (NS 1403.2): its trigger's effect, not a word of the card language -------
def _satsubatsu_step(s, f, a, ctl, src, n):
    """NS 1403.2 (NS-G16): kill one character that aisatsu-ed this this turn (its answer is
    a target's: the kill replacements, then ``v_kill``)."""
    if f[EX_COUNT] < 1:
        c = [
            j
            for j in s.field[1 - ctl]
            if any(
                r[AB_TARGET] == src
                and r[AB_TARGET_OBJ] == f[EX_SRC_OBJ]
                and r[AB_ATTACKER] == j
                and r[AB_ATTACKER_OBJ] == s.obj[j]
                for r in s.aisatsu_by
            )
        ]
        if c:
            f[STEP] = EXS_ANSWER
            s.opts = []
            s.ask(ctl, D_CHOOSE, field_actions(s, ctl, 1 - ctl, c))
            return True
    return False


SATSUBATSU = Verb(_satsubatsu_step, target_answer, kills=True)


def satsubatsu_action() -> Action:
    """The one action of the keyword satsubatsu's shared triggered ability."""
    return Action("satsubatsu", v_kill, SATSUBATSU)
