"""The Leader Melee card language's verbs: what an action does, one function each.

Each verb is registered on :data:`words.VOCAB` with its parameters, the rule it implements
and how it reads on a card. The loader (``cards._action``) looks the verb up once and keeps
its function in the compiled ``Action`` (``a.fn``, the name stays in ``a.do`` for readers
such as the heuristic agent); the rules call it as

    ``a.fn(state, frame, action, src, player, card) -> finished``

``frame`` is the resolving ``H_RES`` frame (``rules.frames.res_frame``, read by its names
``RES_*``), ``src`` the card whose ability it is, ``player`` its master (4-3-3).

* A verb with a ``target`` acts on one card at a time: ``rules.h_res`` chooses the targets
  (8-6-3; none named: this card, 8-6-3-6) and calls it once per card still in the leader,
  battle or melee area (1-3-2), since each may meet a replacement effect (8-10) before the
  next; what it returns is not read.
* A verb without a target is called with ``card`` -1 when the action starts (``frame[1]``
  is 2). It returns True when the action is over; False when it waits: for a decision, at a
  step of its own (``rules.VERB_STEP`` and after, set in ``frame[1]``, where ``h_res`` calls
  it again), for a frame it pushed, or because the game ended.

Numbers (``n``, ``amount``) are values (``envs/core/vocab.py``): printed, or counted from the
board when the action resolves (:func:`number`); a verb with decisions counts once, at its
start, and keeps the number in its frame. Load-time checks a verb needs beyond its
parameters, and what an optional replacement must know of it (8-10-3), are its :class:`Verb`
(``Word.data``).
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.engine import STEP
from ..core.vocab import Param, value
from .cards import DURATIONS, GRANTS, PROHIBITS, SELF, T_BATTLE, Action, _target, compile_filter
from .layout import D_DRAW_UP_TO, D_PLACE_ORDER, D_SEARCH, LOOK, OWN_BATTLE, OWN_DROP, PASS, YES
from .rules import DURATION, VERB_STEP, charge, check_loss, deal_damage, draw, move, passes, publish, remove_card
from .rules.frames import BURY_MAX, BURY_PICKS, MOD_POWER, MOD_STRIKE, REPL_AMOUNT, RES_DONE, RES_N, RES_SRC_OBJ
from .state import KNOWN, KNOWN_SET, UNKNOWN, Z_BATTLE, Z_DECK, Z_DROP, Z_ENERGY, Z_HAND, Z_LEADER, Z_MELEE
from .words import VOCAB, reads, reads_modified

ANSWER = VERB_STEP  # the step a verb waits at for its decision's answer


class Verb:
    """What the card loader and the rules know of a verb besides its function:
    ``check(ck, action, is_leader, ctype)`` refuses a use the rules forbid (a field is fine
    alone, the use is not); ``can(state, card)`` says whether it could be carried out on this
    card now, read before an optional replacement applies (8-10-3)."""

    __slots__ = ("check", "can")

    def __init__(self, check: Callable | None = None, can: Callable | None = None) -> None:
        self.check, self.can = check, can


def _target_param(vocab, ck, field, v):
    return _target(ck, field, v)


def _search_param(vocab, ck, field, v):
    if reads(v, "rested"):
        ck.fail(field, "a deck card is neither active nor rested")
    return compile_filter(ck, field, v)


TARGET = Param.custom(_target_param, SELF)
DURATION_P = Param.choice(DURATIONS, "turn")


def number(s, f, v, src: int, p: int) -> int:
    """A verb's number now: printed, or the value read as the action resolves; 'this card' in it
    is the object that has the ability (``frame[RES_SRC_OBJ]``), its last information once it moved on
    (8-11-1), as in a condition (``rules.condition_ok``)."""
    if v.__class__ is int:
        return v
    s.this_card, s.this_obj = src, f[RES_SRC_OBJ]
    x = v.fn(s, src, p, v)
    s.this_card = -1
    return x


# ---- the master's deck, hand, energy and life ---------------------------------------------------
@VOCAB.verb(
    "draw",
    params={"n": Param.value(lo=0)},
    rule="LM 4-8-2, 4-8-3",
    doc="the master draws n cards, one at a time; a player left with 0 deck cards loses at once (9-2-4, LM-R1)",
    ja="カード{n}枚を引く",
    en="draw {n} card(s)",
)
def v_draw(s, f, a, src, p, u):
    return _one_card_at_a_time(draw, s, f, a, src, p)


def _one_card_at_a_time(move, s, f, a, src, p) -> bool:
    """``move(state, player)`` n times (draw, charge); a loss met on the way (9-2-4) stops it."""
    for _ in range(number(s, f, a.n, src, p)):
        move(s, p)
        if check_loss(s):
            return False
    return True


@VOCAB.verb(
    "draw_up_to",
    params={"n": Param.value(lo=0)},
    rule="LM 4-8-4, LM-R5",
    doc="the master may stop before each draw (DRAW_UP_TO: YES draws one, PASS stops) until n are drawn",
    ja="カードを{n}枚まで引く",
    en="draw up to {n} card(s)",
)
def v_draw_up_to(s, f, a, src, p, u):
    if f[STEP] == 2:
        f += (0, number(s, f, a.n, src, p))  # RES_DONE: cards drawn so far, RES_N: N
    elif f[STEP] == ANSWER:
        if s.answer == PASS:  # 4-8-4-1
            return True
        draw(s, p)  # 4-8-4-2
        if check_loss(s):
            return False
        f[RES_DONE] += 1
    if f[RES_DONE] < f[RES_N] and s.deck[p]:  # 4-8-4-3
        s.ask(p, D_DRAW_UP_TO, [PASS, YES])
        publish(s)
        f[STEP] = ANSWER
        return False
    return True


@VOCAB.verb(
    "charge",
    params={"n": Param.value(lo=0)},
    rule="LM 6-2-4-1",
    doc="put the top n cards of the master's deck into their energy area, one at a time",
    ja="自分のデッキの上から{n}枚をエネルギーエリアに置く",
    en="put the top {n} card(s) of your deck into your energy area",
)
def v_charge(s, f, a, src, p, u):
    return _one_card_at_a_time(charge, s, f, a, src, p)


@VOCAB.verb(
    "damage",
    params={"n": Param.value(lo=0)},
    rule="LM 4-9-1-2, LM-N5",
    doc="deal n damage to the master's opponent: life cards from the top to energy, through "
    "damage replacements (8-10); not a strike (LM-G8)",
    ja="相手に{n}ダメージを与える",
    en="deal {n} damage to your opponent",
)
def v_damage(s, f, a, src, p, u):
    deal_damage(s, 1 - p, number(s, f, a.n, src, p), p, False)  # may push a replacement frame; this action is over
    return True


@VOCAB.verb(
    "search",
    params={"n": Param.value(lo=1), "filter": Param.custom(_search_param, ())},
    rule="LM 8-6-3-5, 3-2-4",
    doc="the master looks at their whole deck, may pick up to n cards matching the filter (or none "
    "even if some match), revealed into the hand; then the deck is shuffled",
    ja="自分のデッキから{filter}を{n}枚まで選んで公開し、手札に加える。その後、デッキをシャッフルする",
    en="search your deck for up to {n} {filter}, reveal them and add them to your hand, then shuffle your deck",
)
def v_search(s, f, a, src, p, u):
    st = f[STEP]
    if st == 2:
        s.dseen[p] = 1  # the LOOK block shows the master their deck from now on
        f += (0, number(s, f, a.n, src, p))  # RES_DONE: cards found so far (observed, rules.context), RES_N: n
    elif st == ANSWER:
        if s.answer == PASS:
            return _search_end(s, p)
        u = sorted(s.deck[p], key=s._hand_key)[s.answer - LOOK]
        move(s, u, Z_HAND)
        s.known[u] = KNOWN  # revealed as it is put into the hand
        f[RES_DONE] += 1
    cands = []
    if f[RES_DONE] < f[RES_N]:  # one offer per card kind (the deck's order is not information, LM-N3)
        prev = -1
        for i, x in enumerate(sorted(s.deck[p], key=s._hand_key)):
            c = s.cdef[x]
            if c != prev and passes(s, x, a.filter, src, p):
                cands.append(LOOK + i)
                prev = c
    if cands:
        s.ask(p, D_SEARCH, [PASS] + cands)
        publish(s)
        f[STEP] = ANSWER
        return False
    return _search_end(s, p)


def _search_end(s, p) -> bool:
    """After a search the deck is shuffled (3-2-4): its order is unknown to both again."""
    s.rng.shuffle(s.deck[p])
    kn = s.known
    for x in s.deck[p]:
        kn[x] = UNKNOWN
    check_loss(s)
    return True


def _bury_check(ck, a, is_leader, ctype):
    if a.with_self and ctype != T_BATTLE:
        ck.fail("with_self", "only a battle card puts itself under the deck")


@VOCAB.verb(
    "bury",
    params={"n": Param.value(lo=1), "with_self": Param.bool(False)},
    rule="LM 3-1-6, 3-1-6-1",
    doc="up to n cards of the master's drop, and this battle card with with_self, go under the deck "
    "at once in the order the owner picks them, the first pick at the very bottom; the opponent "
    "knows the cards, not their order",
    ja="自分のドロップエリアのカードを{n}枚まで{with_self}デッキの下に置く",
    en="put up to {n} card(s) from your drop area{with_self} on the bottom of your deck",
    data=Verb(_bury_check),
)
def v_bury(s, f, a, src, p, u):
    if f[STEP] == 2:
        f.append(number(s, f, a.n, src, p))  # BURY_MAX: how many drop cards at most; the picks follow (BURY_PICKS)
    elif f[STEP] == ANSWER:  # D_PLACE_ORDER
        if s.answer == PASS:
            return _bury_end(s, f)
        x = s.answer
        f.append(s.drop[p][x - OWN_DROP] if x >= OWN_DROP else src)
    picks = f[BURY_PICKS:]
    need_self = a.with_self and src not in picks and s.obj[src] == f[RES_SRC_OBJ] and s.zone[src] == Z_BATTLE
    ndrop = sum(1 for x in picks if x != src)
    cands = [OWN_DROP + i for i, x in enumerate(s.drop[p][:40]) if x not in picks] if ndrop < f[BURY_MAX] else []
    if need_self:  # this card must go with them: no PASS before it is picked
        cands.append(OWN_BATTLE + s.battle[p].index(src))
    if cands:
        s.ask(p, D_PLACE_ORDER, ([] if need_self else [PASS]) + sorted(cands))
        publish(s)
        f[STEP] = ANSWER
        return False
    return _bury_end(s, f)


def _bury_end(s, f) -> bool:
    """3-1-6 / 3-1-6-1: the picked cards go under the deck together, the first pick at the very
    bottom. Both players saw which cards; only the owner knows their order (known 2), unless one card."""
    picks = f[BURY_PICKS:]
    for x in reversed(picks):
        move(s, x, Z_DECK, bottom=True)
    for x in picks:
        s.known[x] = KNOWN_SET if len(picks) > 1 else KNOWN
    return True


# ---- cards in the leader / battle / melee areas (one call per target) --------------------------------
def _timed(k: int):
    def verb(s, f, a, src, p, u):
        s.mods.append([u, s.obj[u], k, number(s, f, a.n, src, p), DURATION[a.duration]])  # MOD_*
        return True

    return verb


VOCAB.add(
    "verb",
    "power",
    _timed(MOD_POWER),
    params={"amount": Param.value(), "duration": DURATION_P, "target": TARGET},
    rule="LM 2-8, 8-2-1-2, 8-9-1-3",
    doc="the targets' power +amount (negative: -) for the duration; floored at 0 when read (1-3-6)",
    ja="{duration}、{target}のパワーを{amount.signed}",
    en="{target} get{target.s} {amount.signed} power {duration}",
)
VOCAB.add(
    "verb",
    "strike",
    _timed(MOD_STRIKE),
    params={"amount": Param.value(), "duration": DURATION_P, "target": TARGET},
    rule="LM 2-9, 8-2-1-2, 8-9-1-3",
    doc="the targets' strike +amount (negative: -) for the duration",
    ja="{duration}、{target}のストライク{amount.signed}",
    en="{target} get{target.s} {amount.signed} strike {duration}",
)


def _battle_check(ck, a, is_leader, ctype):
    if a.target.what != "battle" or (a.target.self_ and ctype != T_BATTLE):
        ck.fail("target", f"{a.do} needs a battle card target (3-6-4)")


def _in_battle(s, u) -> bool:
    return s.zone[u] == Z_BATTLE


@VOCAB.verb(
    "break",
    params={"target": TARGET},
    rule="LM 3-6-4, LM-G9",
    doc="put the target battle card into its owner's energy area, through replacements (8-10); an "
    "opposing card broken by this card's own effect triggers its break skill",
    ja="{target}をブレイクする",
    en="break {target}",
    data=Verb(_battle_check, _in_battle),
)
def v_break(s, f, a, src, p, u):
    if s.zone[u] == Z_BATTLE:
        remove_card(s, u, Z_ENERGY, p, False, src if s.owner[u] != p else -1, f[RES_SRC_OBJ])
    return True


@VOCAB.verb(
    "drop",
    params={"target": TARGET},
    rule="LM 3-4, 8-10",
    doc="put the target battle card into its owner's drop area, through replacements (8-10)",
    ja="{target}をドロップエリアに置く",
    en="put {target} into the drop area",
    data=Verb(_battle_check, _in_battle),
)
def v_drop(s, f, a, src, p, u):
    if s.zone[u] == Z_BATTLE:
        remove_card(s, u, Z_DROP, p, False, -1, f[RES_SRC_OBJ])
    return True


@VOCAB.verb(
    "rest",
    params={"target": TARGET},
    rule="LM 4-7-1-2",
    doc="the target becomes rested (a melee card has no position, 4-7-1)",
    ja="{target}をレストにする",
    en="rest {target}",
    data=Verb(can=lambda s, u: not s.rest[u]),
)
def v_rest(s, f, a, src, p, u):
    if s.zone[u] != Z_MELEE:
        s.rest[u] = 1
    return True


@VOCAB.verb(
    "stand",
    params={"target": TARGET},
    rule="LM 4-7-1-1",
    doc="the target becomes active (a melee card has no position, 4-7-1)",
    ja="{target}をアクティブにする",
    en="make {target} active",
)
def v_stand(s, f, a, src, p, u):
    if s.zone[u] != Z_MELEE:
        s.rest[u] = 0
    return True


@VOCAB.verb(
    "negate",
    params={"duration": DURATION_P, "target": TARGET},
    rule="LM 8-3-2, LM-N11",
    doc="the target's abilities, keywords included, are invalid for the duration (they stay on the card)",
    ja="{duration}、{target}の能力を無効にする",
    en="negate the abilities of {target} {duration}",
)
def v_negate(s, f, a, src, p, u):
    s.neg.append([u, s.obj[u], DURATION[a.duration]])
    s.zver += 1
    return True


def _leader_check(ck, a, is_leader, ctype):
    if not is_leader if a.target.self_ else a.target.what != "leader":
        ck.fail("target", "turn_front needs a leader target (10-7-4, 10-8-4)")


@VOCAB.verb(
    "turn_front",
    params={"target": TARGET},
    rule="LM 10-7-4, 10-8-4",
    doc="a leader flipped by 覚醒 / 共闘 turns front face up again: the same card, its effects kept",
    ja="{target}を表向きにする",
    en="turn {target} face up again",
    data=Verb(_leader_check),
)
def v_turn_front(s, f, a, src, p, u):
    if s.zone[u] == Z_LEADER and s.face[u]:
        s.face[u] = 0
        s.zver += 1
    return True


# ---- the instead-part of a damage replacement ---------------------------------------------------------
@VOCAB.verb(
    "reduce",
    params={"n": Param.value(lo=0)},
    rule="LM 8-10-1, 8-10-2-3",
    doc="a damage replacement's instead-part: the damage about to be dealt is n less, and the other "
    "replacements are collected again. ``rules.h_repl`` calls it with its own frame, whose "
    "``frame[REPL_AMOUNT]`` is that damage",
    ja="そのダメージを{n}減らす",
    en="reduce that damage by {n}",
)
def v_reduce(s, f, a, src, p, u):
    f[REPL_AMOUNT] -= value(a.n, s, src, p)  # 'this card' is the replacement's source, in its area now
    return True


# ---- the words of a continuous ability (【永続発動】, 8-9, 10-5) ----------------------------------------
# Kind ``continuous``: the loader (``cards._cont_action``) looks the word up once and its ``data``,
# ``build(checker, mapping, target, target mapping) -> Action``, checks the word's own rules and
# compiles it. Such a word has no function: it is a state of the board, not a step of a resolution,
# and the rules read the compiled action where the effect applies (``rules.stats`` for power and
# strike, ``has_kw`` for grant, ``prohibited_attack`` / ``prohibited_melee``) by its ``do`` and
# ``what``, as fast as before it was a word. Every matching card of the leader / battle areas is
# affected, no choice (8-9).
def _build_number(x, r, tgt, raw_t) -> Action:
    do = r["do"]
    if "what" in r:
        x.fail("what", f"{do} takes no 'what'")
    if reads_modified(raw_t.get("filter")) or reads(raw_t.get("filter"), "rested"):
        x.fail("target", "a continuous power / strike change cannot filter on power, strike or rest (8-9-1)")
    x.get("amount", (int, dict))
    if reads_modified(r["amount"]):
        x.fail("amount", "a continuous power / strike change cannot count power or strike (8-9-1)")
    return Action(do, n=VOCAB.compile_value(x, "amount", r["amount"]), target=tgt)


def _build_grant(x, r, tgt, raw_t) -> Action:
    what = x.choice("what", GRANTS)
    if "amount" in r:
        x.fail("amount", "grant takes no amount")
    if reads_modified(raw_t.get("filter")):
        x.fail("target", "a granted keyword cannot depend on power or strike (8-9-1-2 comes before 8-9-1-3)")
    return Action("grant", target=tgt, what=what)


def _build_prohibit(x, r, tgt, raw_t) -> Action:
    what = x.choice("what", PROHIBITS)
    if "amount" in r:
        x.fail("amount", "prohibit takes no amount")
    if tgt.self_ and what == "melee":
        x.fail("target", "prohibit melee names a side: target: {side: own|opp}")
    return Action("prohibit", target=tgt, what=what)


VOCAB.add(
    "continuous",
    "power",
    None,
    params={"amount": Param.value(), "target": TARGET},
    rule="LM 8-9-1-3",
    doc="every matching card (target, default this card) has its power changed by amount, a value read "
    "whenever the power is read; no power / strike / rest filter, no count of power or strike (8-9-1)",
    ja="{target}のパワーを{amount.signed}",
    en="{target} get{target.s} {amount.signed} power",
    example="{continuous: true, actions: [{do: power, amount: 1000, target: {side: own}}]}",
    data=_build_number,
)
VOCAB.add(
    "continuous",
    "strike",
    None,
    params={"amount": Param.value(), "target": TARGET},
    rule="LM 8-9-1-3",
    doc="every matching card has its strike changed by amount, as power",
    ja="{target}のストライク{amount.signed}",
    en="{target} get{target.s} {amount.signed} strike",
    example="{continuous: true, actions: [{do: strike, amount: 1}]}",
    data=_build_number,
)
VOCAB.add(
    "continuous",
    "grant",
    None,
    params={"what": Param.choice(GRANTS), "target": TARGET},
    rule="LM 8-9-1-2",
    doc="every matching card has the keyword (iron_wall, defend, charge, link) while this is valid; the "
    "selector may not read power or strike (8-9-1-2 applies before 8-9-1-3)",
    ja="{target}は{what}を得る",
    en="{target} gain{target.s} {what}",
    example="{continuous: true, actions: [{do: grant, what: defend, target: {side: own}}]}",
    data=_build_grant,
)
VOCAB.add(
    "continuous",
    "prohibit",
    None,
    params={"what": Param.choice(PROHIBITS), "target": TARGET},
    rule="LM 10-5-1, 7-3-1-2, 7-3-1-6-1",
    doc="a pressure skill: what: attack, the matching cards cannot attack (7-3-1-2); what: melee, the "
    "target's side (own / opp) cannot move or play cards into the melee area (7-3-1-6-1/2, 7-4-1-2-1/2)",
    ja="{what}",
    en="{what}",  # the whole sentence is the choice's: text.py's prohibit.what=...
    example="{continuous: true, actions: [{do: prohibit, what: attack, target: {side: opp, "
    "filter: {power_le: 3000}}}]}",
    data=_build_prohibit,
)
