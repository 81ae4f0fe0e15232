"""The Battle Spirits card language's verbs: what an action does, one function each.

Each verb is registered on :data:`words.VOCAB` with its parameters, the rule it
implements and how it reads on a card. The loader looks the verb up once and keeps its
function in the compiled ``Action`` (``a.fn``); ``rules.apply_action`` calls it as
``a.fn(state, frame, action, src, player, targets) -> (did something, did it all)``, the
pair the links of BS 5-19 read. What cannot be done is not done, and what can be done in
part is done as far as possible (BS 1-4-2).

A verb that needs a decision pushes a frame and sets ``frame[1]`` to the step
``h_effect`` resumes at (4: after a summon's placement, 5: after a search, 3: a mode).
Numbers (``n``, ``amount``) are values: printed, or counted when the action resolves.
"""

from __future__ import annotations

from ..core.errors import short
from ..core.vocab import Param, value
from .cards import _DELAYED as C_DELAYED  # noqa: E402 - triggers set up for the turn (this_turn)
from .cards import (  # noqa: E402 - events of other cards and players (issue 10)
    B_DELAYED,
    B_IMMUNE,
    B_NEGATE,
    DO_TARGET_ZONES,
    GR,
    GRANTS,
    IM_ALL,
    IM_BP_DOWN,
    IM_EXHAUST,
    IM_KIND,
    IM_RETURN,
    IMMUNITIES,
    T_MOVED,
    T_SELF,
    Target,
    colors_mask,
    effects_mask,
    immunity_spec,
    mark,
    names_player,
    types_mask,
)
from .events import C_EFFECT  # noqa: E402
from .layout import D_MODE, MAX_FIELD, OPTION
from .rules import (  # noqa: E402
    EV_MILLED,
    H_PLACE,
    H_SEARCH,
    TO_HAND_EVENTS,
    add_cores,
    added_to_hand,
    check_vanish,
    destroy,
    draw,
    exhaust,
    hand_discarded,
    happen,
    put_in_hand,
    recover,
    reduce_life,
    set_moved,  # noqa: E402 - the cards an action moved (words moved)
    to_trash,
    to_wait,
)
from .rules.frames import (  # noqa: E402 - the effect frame's slots a verb reads and the steps it resumes at
    EFF_AFTER,
    EFF_ALIST,
    EFF_DONE,
    EFF_FULL,
    EFF_IP,
    EFF_SELS,
    EFF_STEP_MODE,
    EFF_STEP_OPTIONAL,
    EFF_STEP_RESUME,
    EFF_STEP_SUMMONED,
    STEP,
    ask,
)
from .state import (
    DUR_BATTLE,
    DUR_TURN,
    S_RESERVE,
    S_TRASH,
    TE_BP,
    TE_GRANT,
    TE_IMMUNE,
    TE_NEGATE,
    TE_SYM,
    TE_WATCH,
    W_DECK_BOTTOM,
    W_DECK_TOP,
    W_HAND,
    Z_FIELD,
    Z_HAND,
    Z_LIMBO,
    Z_TRASH,  # noqa: E402
)
from .words import VOCAB

PLAYER = Param.choice(("self", "opp"), "self")
DURATION = Param.choice(("turn", "battle"), "turn")
TARGET = Param.target()


def _who(a, p: int) -> int:
    return 1 - p if a.player == "opp" else p


def _dur(a) -> int:
    return DUR_BATTLE if a.duration == "battle" else DUR_TURN


def _spared(s, tg: list, src: int, kind: int) -> list:
    """The targets a narrow immunity (cards.IM_*: cannot be exhausted, returned, BP lowered)
    does not protect from this effect of ``src`` (BS 1-4-3, 9-1-2-1)."""
    if not s.bflags & B_IMMUNE:
        return tg
    return [i for i in tg if not s.immune(i, src, kind)]


def _each(k: int, tg: list) -> tuple[bool, bool]:
    """(done, full) of an action on every target: done if any, full if all of them."""
    return k > 0, k == len(tg) and k > 0


# ---- the player's deck, hand and life --------------------------------------------------------
@VOCAB.verb(
    "draw",
    params={"n": Param.value(1), "player": PLAYER, "from": Param.choice(("top", "bottom"), "top")},
    rule="BS 5-6, BS-R4",
    doc="draw n (from: bottom, 「デッキの下から」: from the bottom of the deck); from an empty deck nothing is drawn",
    ja="{player}はデッキ{from}から{n}枚ドローする",
    en="{player} draw{player.s} {n} card(s){from}",
)
def v_draw(s, f, a, src, p, tg):
    n = value(a.n, s, src, p)
    k = draw(s, _who(a, p), n, p, a.src_place == "bottom")
    return k > 0, k == n


@VOCAB.verb(
    "discard_deck",
    params={"n": Param.value(1), "player": PLAYER},
    rule="BS 5-13",
    doc="破棄: put the top n of that player's deck into their trash",
    ja="{player}のデッキを上から{n}枚破棄する",
    en="discard the top {n} card(s) of {player.pos} deck",
)
def v_discard_deck(s, f, a, src, p, tg):
    q = _who(a, p)
    n = value(a.n, s, src, p)
    k = 0
    milled = []  # the cards, for the event 'milled' (if watched) and the words moved (set_moved)
    flags = s.bflags
    while k < n and s.deck[q]:
        if flags & B_NOMILL and deck_protected(s, q):
            break  # no_deck_discard: 「デッキは破棄されない」 (a discard under way stops)
        i = s.deck[q].pop()
        to_trash(s, i)
        k += 1
        milled.append(i)
        if flags & B_REPLACE and replace_event(s, i, RP["milled"], q != p, True):
            break  # a 'milled' replacement of the card: the rest of this discard is replaced (9-1-8-1)
    set_moved(s, f, milled)
    if milled and (s.watch >> EV_MILLED) & 1:
        happen(s, EV_MILLED, q, milled, 0, p, C_EFFECT)
    return k > 0, k == n


@VOCAB.verb(
    "life_damage",
    params={"n": Param.value(1), "player": Param.choice(("self", "opp"), "opp")},
    rule="BS 8-1-5-1, BS-R1, 1-3-7",
    doc="remove n cores from that player's life to their reserve",
    ja="{player}のライフのコア{n}個をリザーブに置く",
    en="{player} lose{player.s} {n} life",
)
def v_life_damage(s, f, a, src, p, tg):
    n = value(a.n, s, src, p)
    k = reduce_life(s, _who(a, p), n, p)
    return k > 0, k == n


@VOCAB.verb(
    "gain_life",
    params={"n": Param.value(1)},
    rule="BS 4-7",
    doc="put n cores from the void into your life",
    ja="ボイドからコア{n}個を自分のライフに置く",
    en="gain {n} life",
)
def v_gain_life(s, f, a, src, p, tg):
    n = value(a.n, s, src, p)
    s.life[p] += n
    s.gained[p] += n
    return n > 0, True


# ---- field cards -------------------------------------------------------------------------------
@VOCAB.verb(
    "destroy",
    params={"target": TARGET},
    rule="BS 5-10, 10-2-2",
    doc="破壊 the targets (they go to the trash through the waiting state)",
    ja="{target}を破壊する",
    en="destroy {target}",
)
def v_destroy(s, f, a, src, p, tg):
    k = sum(
        1
        for i in tg
        if destroy(s, i, s.owner[i] != p, True)
        or (s.zone[i] == Z_WAIT and change_wait(s, i, W_DESTROY, False, s.owner[i] != p))
    )  # 10-2-2-6
    return _each(k, tg)


@VOCAB.verb(
    "exhaust",
    params={"target": TARGET},
    rule="BS 5-15",
    doc="疲労 the targets",
    ja="{target}を疲労させる",
    en="exhaust {target}",
)
def v_exhaust(s, f, a, src, p, tg):
    return _each(sum(exhaust(s, i, False, p) for i in _spared(s, tg, src, IM_EXHAUST)), tg)


@VOCAB.verb(
    "heavy_exhaust",
    params={"target": TARGET},
    rule="BS 5-16, 5-14-2",
    doc="重疲労: a heavily exhausted card needs two recoveries",
    ja="{target}を重疲労させる",
    en="heavily exhaust {target}",
)
def v_heavy_exhaust(s, f, a, src, p, tg):
    return _each(sum(exhaust(s, i, True, p) for i in _spared(s, tg, src, IM_EXHAUST)), tg)


@VOCAB.verb(
    "recover",
    params={"target": TARGET},
    rule="BS 5-14",
    doc="回復 the targets",
    ja="{target}を回復させる",
    en="recover {target}",
)
def v_recover(s, f, a, src, p, tg):
    return _each(sum(recover(s, i, p) for i in tg), tg)


def _temporary(kind: int):
    def verb(s, f, a, src, p, tg):
        amount = value(a.amount, s, src, p)
        dur = _dur(a)
        some = _spared(s, tg, src, IM_BP_DOWN) if kind == TE_BP and amount < 0 else tg  # bp_cannot_be_lowered
        for i in some:
            s.teff.append((kind, i, amount, dur))
        return _each(len(some), tg)

    return verb


VOCAB.add(
    "verb",
    "bp",
    _temporary(TE_BP),
    params={"target": TARGET, "amount": Param.value(), "duration": DURATION},
    rule="BS 2-9, 9-1-5-6",
    doc="BP +amount (negative: -) until the end of the turn or battle",
    ja="{duration}、{target}をBP{amount.signed}する",
    en="{target} get{target.s} {amount.signed} BP {duration}",
)
VOCAB.add(
    "verb",
    "symbols",
    _temporary(TE_SYM),
    params={"target": TARGET, "amount": Param.value(), "duration": DURATION},
    rule="BS 2-10",
    doc="symbols +amount for the duration",
    ja="{duration}、{target}のシンボルを{amount.signed}する",
    en="{target} get{target.s} {amount.signed} symbol(s) {duration}",
)


def _check_grant(sub, a, item):
    """Immunities take by / by_types / by_colors, loses_effects takes effects; both compile
    into ``a.spec`` (a cards.Immunity, an event mask of cards.effects_mask) and switch their
    machinery on."""
    imm = a.what in IM_KIND
    for k in ("by", "by_types", "by_colors"):
        if k in item and not imm:
            sub.fail(k, f"only an immunity ({', '.join(IMMUNITIES)}) takes '{k}'")
    if "effects" in item and a.what != "loses_effects":
        sub.fail("effects", "only loses_effects takes 'effects'")
    if imm:
        a.spec = immunity_spec(sub, a.what, a.by, a.by_types, a.by_colors)
        mark(B_IMMUNE)
    elif a.what == "loses_effects":
        a.spec = a.effects or 0
        mark(B_NEGATE)


def _mask_param(fn):
    return Param.custom(lambda vocab, ck, field, v: fn(ck, field, v), None)


@VOCAB.verb(
    "grant",
    params={
        "target": TARGET,
        "what": Param.choice(GRANTS),
        "duration": DURATION,
        "by": Param.choice(("opp", "any"), None),
        "by_types": _mask_param(types_mask),
        "by_colors": _mask_param(colors_mask),
        "effects": _mask_param(effects_mask),
    },
    rule="BS 9-1-5-6, 9-1-2-1, 9-2-3",
    doc="give a restriction or ability for the duration",
    ja="{duration}、{target}は{what}",
    en="{target} {what} {duration}",
    data=_check_grant,
)
def v_grant(s, f, a, src, p, tg):
    kind, amount = TE_GRANT + GR[a.what], 0
    if a.spec is not None:  # an immunity (its Immunity) or loses_effects (its event mask): its own kind, the amount
        kind, amount = (TE_NEGATE if a.what == "loses_effects" else TE_IMMUNE), a.spec
    dur = _dur(a)
    for i in tg:
        s.teff.append((kind, i, amount, dur))
    return bool(tg), bool(tg)


# ---- cores ---------------------------------------------------------------------------------------
def _check_cores_to(sub, a, item):
    if a.target is None and a.to is None:
        sub.fail("to", "cores_to needs a target or to: reserve / life / trash")
    if a.target is not None and a.to is not None:
        sub.fail("to", "cores_to takes a target or 'to', not both")


@VOCAB.verb(
    "cores_to",
    params={"n": Param.value(1), "target": Param.target(None), "to": Param.choice(("reserve", "life", "trash"), None)},
    rule="BS 4-8, 4-6, 4-7",
    doc="put n cores from the void on each target, or into your reserve or life",
    ja="ボイドからコア{n}個を{target}{to}に置く",
    en="put {n} core(s) from the void on {target}{to}",
    data=_check_cores_to,
)
def v_cores_to(s, f, a, src, p, tg):
    n = value(a.n, s, src, p)
    if a.target is None:
        if a.to == "reserve":
            s.reserve[p] += n
        elif a.to == "life":
            s.life[p] += n
        else:
            s.tcores[p] += n
        s.gained[p] += n
        return n > 0, True
    for i in tg:
        s.gained[s.owner[i]] += n
        add_cores(s, i, n)
    return bool(tg), bool(tg)


def _remove_n(vocab, ck, field, v):
    if v == "all":
        return 99
    return Param.value().compile(vocab, ck, field, v)


@VOCAB.verb(
    "remove_cores",
    params={
        "target": TARGET,
        "n": Param.custom(_remove_n, 1),
        "to": Param.choice(("reserve", "trash", "void"), "reserve"),
    },
    rule="BS 5-11, 5-7-3, 4-4-1, 10-2-2-6",
    doc="take n cores off each target to its owner's reserve, trash or the void; a card left below "
    "its Lv1 cost vanishes; the soul core never goes to the void",
    ja="{target}のコア{n}を{to}に置く",
    en="remove {n} core(s) from {target} to {to}",
)
def v_remove_cores(s, f, a, src, p, tg):
    return _remove_cores(s, a.to, tg, value(a.n, s, src, p), -1)


def _remove_cores(s, to: str, tg: list, n: int, leave: int) -> tuple[bool, bool]:
    """remove_cores (n from each target) and leave_cores (all but ``leave``)."""
    k = want = 0
    before = {i: s.level(i) for i in tg}  # 10-2-2-3
    for i in tg:
        o = s.owner[i]
        if leave >= 0:  # 'all but N' (normal cores go first, so the soul core is the one left)
            n = s.ncores(i) - leave if s.ncores(i) > leave else 0
        want += n
        take = min(n, s.cores[i])
        s.cores[i] -= take
        k += take
        if to == "reserve":
            s.reserve[o] += take
        elif to == "trash":
            s.tcores[o] += take
        else:
            s.gained[o] -= take
        if take < n and s.soul[o] == i:  # 5-7-3: the soul core never goes to life or void
            s.soul[o] = S_RESERVE if to == "reserve" else S_TRASH
            k += 1
    check_vanish(s, -1, before)
    for i in tg:  # 10-2-2-6: a card in the waiting state (self / event) depleted now changes to vanishing
        if s.zone[i] == Z_WAIT and s.level(i) == 0:
            change_wait(s, i, W_VANISH, False, False, before[i])
    if leave >= 0:
        return k > 0, k >= want
    return k > 0, k >= n * max(1, len(tg)) and bool(tg)


# ---- moving cards -------------------------------------------------------------------------------
_WAIT_KIND = {"hand": W_HAND, "deck_top": W_DECK_TOP, "deck_bottom": W_DECK_BOTTOM}


@VOCAB.verb(
    "bounce",
    params={"target": TARGET, "to": Param.choice(("hand", "deck_top", "deck_bottom"), "hand")},
    rule="BS 10-2-2, 4-5-4, 5-3-6",
    doc="return field cards to their owner's hand, deck top or deck bottom (cores to the owner's reserve)",
    ja="{target}を{to}に戻す",
    en="return {target} to {to}",
)
def v_bounce(s, f, a, src, p, tg):
    set_moved(s, f, tg)  # 「…を戻したとき」 (words moved)
    kind = _WAIT_KIND[a.to]
    k = 0
    for i in _spared(s, tg, src, IM_RETURN):  # cannot_be_returned
        if s.zone[i] == Z_FIELD:
            if s.bflags & B_REPLACE and replace_event(
                s, i, RP["returned_to_hand" if kind == W_HAND else "returned_to_deck"], s.owner[i] != p, True, kind
            ):
                continue  # replaced (9-1-8), or its controller decides first (a replacement with a cost)
            to_wait(s, i, kind, s.owner[i] != p, 0, C_EFFECT)
            k += 1
        elif s.zone[i] == Z_WAIT and change_wait(s, i, kind, True):  # 10-2-2-6: 'return it' names a place
            k += 1
    return _each(k, tg)


@VOCAB.verb(
    "return_to_field",
    params={"target": TARGET},
    rule="BS 10-2-2-7, 10-2-2-5, 5-14",
    doc="「そのスピリットを回復状態で、自分のフィールドに戻す」: a destroyed spirit or nexus still in the waiting "
    "state (a trigger on its destruction names it: target event / self) goes back to its owner's field, "
    "recovered, with the cores on it; it is not summoned. A card already moved, or a full field, stays",
    ja="{target}を回復状態で、フィールドに戻す",
    en="return {target} to the field, recovered",
)
def v_return_to_field(s, f, a, src, p, tg):
    k = 0
    for i in tg:
        q = s.owner[i]
        if s.zone[i] != Z_WAIT or s.wait_kind[i] != W_DESTROY or len(s.field[q]) >= MAX_FIELD:
            continue
        s.zone[i] = Z_FIELD  # flush_waiting skips it now (it moves cards still waiting only)
        s.wait_kind[i], s.wait_dest[i] = 0, -1
        s.exh[i] = 0
        s.field[q].append(i)
        k += 1
    if k:
        check_vanish(s)  # 5-11: back with fewer cores than its Lv1 cost, it vanishes
    return _each(k, tg)


@VOCAB.verb(
    "from_trash",
    params={"target": TARGET, "to": Param.choice(("hand", "deck_top", "deck_bottom"), "hand")},
    rule="BS 4-4, 4-2",
    doc="return cards from the trash to the hand, or put them on the top or bottom of their owner's deck",
    ja="{target}を{to}に戻す",
    en="return {target} to {to}",
)
def v_from_trash(s, f, a, src, p, tg):
    set_moved(s, f, tg)  # 「…を戻したとき」 (words moved)
    if a.to != "hand":  # 「デッキの上/下に戻す」: face down in the deck again, hidden
        for i in tg:
            q = s.owner[i]
            s.trash[q].remove(i)
            s.zone[i] = Z_DECK
            s.known[i] = False
            if a.to == "deck_top":
                s.deck[q].append(i)
            else:
                s.deck[q].insert(0, i)
        return bool(tg), bool(tg)
    for i in tg:
        q = s.owner[i]
        s.trash[q].remove(i)
        put_in_hand(s, q, i)
    if s.watch & TO_HAND_EVENTS and tg:
        for q in (0, 1):
            got = [i for i in tg if s.owner[i] == q]
            if got:
                added_to_hand(s, q, got, p)
    return bool(tg), bool(tg)


def _check_summon(sub, a, item):
    if not a.free:
        sub.fail("free", "summoning by an effect is always without paying the cost")


@VOCAB.verb(
    "summon",
    params={"target": TARGET, "free": Param.bool(True), "no_summon_effects": Param.bool(False)},
    rule="BS 5-8, 11-1-1-6, 12-2-1-6",
    doc="summon the target cards (several at once: 「～体まで召喚する」) without paying their cost; their Lv1 "
    "cores still come from your reserve or field cards; no_summon_effects: their own 『召喚時』 effects "
    "do not work (「ただし、『このスピリットの召喚時』効果は発揮されない」)",
    ja="{target}をコストを支払わずに召喚する{no_summon_effects}",
    en="summon {target} without paying its cost{no_summon_effects}",
    data=_check_summon,
)
def v_summon(s, f, a, src, p, tg):
    if not tg and a.target == T_SELF and s.zone[src] in (Z_HAND, Z_TRASH):
        tg.append(src)  # 'this card' in the hand or trash (a trigger from there, 5-12-2)
    if not tg:
        return False, False
    # every target chosen is summoned at once (「～体まで召喚する」), each as far as the cores its Lv1
    # cost needs can still come from the reserve and field cards (1-4-2), then its cores are placed
    # (11-1-1-6), the first chosen first; their summon effects wait for the last (h_effect step 4)
    q = s.owner[tg[0]]
    spare = s.total_cores(q)
    done = []
    for i in tg:
        need = s.defs[s.cdef[i]].lv_cores[0]
        if spare < need or len(s.field[q]) >= MAX_FIELD or s.zone[i] not in (Z_HAND, Z_TRASH):
            continue  # 1-4-2: what cannot be done is not done
        spare -= need
        (s.hand if s.zone[i] == Z_HAND else s.trash)[q].remove(i)
        s.zone[i] = Z_FIELD
        s.exh[i] = 0
        s.field[q].append(i)
        done.append(i)
    if not done:
        return False, False
    tg[:] = done
    f[STEP] = EFF_STEP_SUMMONED  # resume h_effect after placing
    for i in reversed(done):
        need = lv1_cost(s, i) if s.bflags & B_LVCOST else s.defs[s.cdef[i]].lv_cores[0]
        s.stack.append([H_PLACE, 0, q, i, 0, need])
    return True, True


def _check_search(sub, a, item):
    if a.count < 1:
        sub.fail("count", "must be at least 1")


@VOCAB.verb(
    "search",
    params={
        "n": Param.int(lo=1, hi=8),
        "filter": Param.filter(()),
        "count": Param.int(1),
        "to": Param.choice(("hand",), "hand"),
        "rest": Param.choice(("trash", "deck_bottom"), "trash"),
        "must": Param.bool(False),
    },
    rule="BS 9-3-2-2, 5-19-2, 9-3-2-1",
    doc="open your top n cards, add up to count matching cards to your hand, put the rest into the "
    "trash or on the deck bottom; must: true, the player adds matching cards while there are "
    "(「その中に…があれば1枚手札に加える」: the opened cards are public, BS 9-3-2-1)",
    ja="自分のデッキを上から{n}枚オープンする。その中の{filter}カード{count}枚{must}を{to}に加え、残ったカードは{rest}",
    en="open the top {n} cards of your deck: add {must}{count} {filter.pre}card(s){filter.post} among them to {to} and put the rest {rest}",
    data=_check_search,
)
def v_search(s, f, a, src, p, tg):
    opened = []
    while len(opened) < a.n and s.deck[p]:
        i = s.deck[p].pop()
        s.zone[i] = Z_LIMBO
        opened.append(i)
    s.revealed = opened
    set_moved(s, f, opened)  # 「その中の」: the opened cards
    f[STEP] = EFF_STEP_RESUME
    s.stack.append([H_SEARCH, 0, p, f[EFF_ALIST], f[EFF_IP], 0, 0])
    return bool(opened), len(opened) == a.n


# ---- choices and the escape hatch ---------------------------------------------------------------
def _options(vocab, ck, field, v):
    if not isinstance(v, list) or not 2 <= len(v) <= 8:
        ck.fail(field, "expected 2 to 8 option lists")
    return tuple(vocab.actions_compiler(ck, f"{field}[{j}]", o) for j, o in enumerate(v))


@VOCAB.verb(
    "modes",
    params={"options": Param.custom(_options)},
    rule="BS 9-1-7-1-3 (by analogy)",
    doc="the controller chooses one list and it happens",
    ja="以下の効果から1つを選んで発揮する：{options}",
    en="choose one: {options}",
)
def v_modes(s, f, a, src, p, tg):
    ask(s, p, D_MODE, [OPTION + k for k in range(len(a.options))])
    f[STEP] = EFF_STEP_MODE
    return True, True


# ---- 「このターンの間、～とき、…」: a trigger an effect sets up for the turn (issue 10, card 55) -----------
WHEN_KEYS = ("trigger", "if", "optional", "limit")


def _when(vocab, ck, field, v):
    """this_turn's ``when``: a trigger mapping (an event word and its qualifiers, ``if``, ``optional``),
    compiled as an effect of the card (cards.Effect, delayed) that the rules file with its triggers."""
    from . import cards as C
    from .events import TRIGGER_KEYS, compile_trigger

    sub = ck.sub(field, v)
    if not isinstance(v, dict):
        sub.fail(None, "expected a trigger mapping (trigger, of, by, ..., if, optional)")
    sub.only(WHEN_KEYS + TRIGGER_KEYS)
    e = C.Effect("trigger", -1)
    e.delayed = True
    e.levels = 0b111110  # whatever the card's level, or none: it is the effect's, not the card's
    compile_trigger(sub, e, v)
    if e.watch is None or e.watch.self_:
        sub.fail("of", "a trigger set up for the turn watches other cards or players (of: ...)")
    e.zone = -1
    e.cond = C._cond(sub, "if", sub.get("if", dict, None))
    e.optional = sub.get("optional", bool, False)
    e.limit = C.LIM[sub.choice("limit", C.LIMITS, "none")]
    return e


def _file_when(sub, a, item):
    a.delayed.alist = a.alist
    C_DELAYED.append(a.delayed)
    mark(B_DELAYED)


@VOCAB.verb(
    "this_turn",
    params={"when": Param.custom(_when), "actions": Param.actions()},
    rule="BS 9-1-5, 9-1-5-1, 7-9-1-1",
    doc="「このターンの間、～とき、…」: from now until the end step (7-9-1-1) the trigger `when` (an event with "
    "its of / by / each ..., and `if` / `optional` / `limit`) waits for its event, and each time it "
    "happens `actions` resolve as a triggered effect of this card, controlled by this effect's "
    "controller, wherever the card is (a magic in the trash included)",
    ja="このターンの間、{when}、{actions}",
    en="this turn, {when}, {actions}",
    data=_file_when,
)
def v_this_turn(s, f, a, src, p, tg):
    s.teff.append((TE_WATCH, -1 - p, (src, a.delayed.index), DUR_TURN))
    return True, True


def _hook(vocab, ck, field, v):
    from .hooks import HOOKS

    if not isinstance(v, str) or v not in HOOKS:
        ck.fail(field, f"no card hook {short(v)} is registered; known: {', '.join(sorted(HOOKS)) or 'none'}")
    return v


@VOCAB.verb(
    "python",
    params={"hook": Param.custom(_hook)},
    rule="-",
    doc="the escape hatch: call a registered Python hook (docs/card-language.md §20)",
    ja="(Python: {hook})",
    en="(Python hook {hook})",
)
def v_python(s, f, a, src, p, tg):
    from .hooks import HOOKS

    done, full = HOOKS[a.hook](s, src, p)
    return bool(done), bool(full)


def check_target_zone(sub, a) -> None:
    """Which zones a verb's targets may be in (the field, unless the verb says otherwise)."""
    _compile_v2(sub, a)
    t = a.target
    if t == T_MOVED and a.do != "from_trash":
        sub.fail("target", "moved names the cards the previous action put in the trash: a target of from_trash")
    if not isinstance(t, Target):
        if (
            a.do in DO_TARGET_ZONES
            and a.do != "destroy"
            and not (a.do == "summon" and t == T_SELF)
            and not (a.do == "from_trash" and t == T_MOVED)
        ):
            sub.fail("target", f"{a.do} needs a target mapping with its zone")
        return
    zones = DO_TARGET_ZONES.get(a.do, (0,))
    if t.zone not in zones:
        want = " or ".join(("field", "trash", "hand")[z] for z in zones)
        sub.fail("target", f"'{a.do}' acts on cards in the {want}; zone must be {want}")
    if a.do == "summon" and t.side != 0:
        sub.fail("target", "summon needs own spirit cards in the hand or trash")


# ==== the verbs family of the card language v2 (issue 10) =======================================
# Battle verbs (BS 8-1, 7-7), core moves and distributions, hands and decks, Lv-cost changes, and
# the changes of a waiting card's state (10-2-2-6). The machinery they need in the rules is
# switched on per game by the cards.B_* bits their cards mark while they compile, so a game
# without them pays nothing.
from .cards import B_BATTLE, B_LVCOST, B_LVTREAT, B_NOMILL, B_REPLACE, CK, EV, RP, T_EVENT  # noqa: E402
from .layout import D_DISCARD, D_OPTIONAL, D_SEARCH, D_TARGET, FIELD, HAND, MAX_HAND, N_OPTIONS, OPP_FIELD, ST_ATTACK  # noqa: E402,E501
from .rules import add_handler, cores_increased, fire, lv1_cost, replace_event  # noqa: E402
from .state import (  # noqa: E402
    TE_END_ATTACK_STEP,
    TE_END_BATTLE,
    TE_LIFE_CAP,
    TE_LVCOST,
    TE_LVTREAT,  # noqa: E402 - levels treated as (issue 10, part B)
    TE_NO_MILL,
    W_DESTROY,
    W_VANISH,
    Z_DECK,
    Z_WAIT,
)

#: verbs whose target words ``self`` / ``event`` also name a card in the waiting state (10-2-2-6)
WAITING_VERBS = ("destroy", "bounce", "remove_cores", "leave_cores", "return_to_field")
#: the events a waiting card's own triggers fire on: they fail when it changes state (10-2-2-6-2)
WAIT_EVENTS = (EV["destroyed"], EV["destroyed_by_opponent"], EV["leaves_field"])


def _marks(bit: int, check=None):
    """A verb's compile check that marks the machinery ``bit`` the verb needs (cards.mark)."""

    def data(sub, a, item):
        mark(bit)
        if check is not None:
            check(sub, a, item)

    return data


def change_wait(s, i: int, state: int, named: bool = False, by_opp: bool = False, lv: int = 0) -> bool:
    """BS 10-2-2-6: card ``i``, in the waiting state, changes to another waiting state.

    Never to the one it is in (10-2-2-6-1). Its triggers of the old state that have not
    resolved fail, and the new state's trigger (『破壊時』, 'leaves the field') take effect
    (10-2-2-6-2). Where it goes stays the first state's destination (4-1-6, 10-2-2-7) unless
    the change is made by an effect that names a place (``named``: return to hand or deck),
    ruling in docs/rules/battle_spirits_notes.md. ``wait_kind`` is the state it is in now and
    ``wait_dest`` the destination when it differs (-1: the state's own; read by
    rules.flush_waiting).
    """
    cur = s.wait_kind[i]
    if cur == state:
        return False
    first = s.wait_dest[i]
    dest = state if named else first if first >= 0 else cur
    s.wait_kind[i] = state
    s.wait_dest[i] = -1 if dest == state else dest
    effs = s.defs[s.cdef[i]].effects

    def keep(t) -> bool:
        return t[0] != i or effs[t[1]].kind != "trigger" or effs[t[1]].event not in WAIT_EVENTS

    s.pending = [t for t in s.pending if keep(t)]
    for batch in s.tq:
        batch[:] = [t for t in batch if keep(t)]
    lv = lv or max(1, s.level(i))
    if state == W_DESTROY:
        fire(s, EV["destroyed"], i, -1, lv)
        if by_opp:
            fire(s, EV["destroyed_by_opponent"], i, -1, lv)
    fire(s, EV["leaves_field"], i, -1, lv)
    return True


# ---- optional actions ------------------------------------------------------------------------------
def v_optional(s, f, a, src, p, tg):
    """「～できる」 on one action (``optional: true``): when it is carried out (its targets
    chosen), its controller chooses whether to do it (BS 9-1-2, decision 'use an optional
    effect'); no counts as not done for the links (5-19-2). h_effect step 6 reads the answer."""
    if not tg and isinstance(a.target, Target):
        return False, False  # nothing to do it to: not asked
    ask(s, p, D_OPTIONAL, [OPTION, OPTION + 1])
    f[STEP] = EFF_STEP_OPTIONAL
    return True, True


# ---- the battle and the attack step (BS 8-1, 7-7) ---------------------------------------------------
@VOCAB.verb(
    "end_battle",
    params={},
    rule="BS 8-1-5-1, 8-1-7",
    doc="「バトル解決時、BPを比べずにバトルを終了させる」: when this battle resolves it ends at once: no BP "
    "comparison, and an unblocked attack takes no life (ruling); its end-of-battle effects still happen",
    ja="バトル解決時、BPを比べずにバトルを終了させる",
    en="when the battle resolves, end it without comparing BP",
    data=_marks(B_BATTLE),
)
def v_end_battle(s, f, a, src, p, tg):
    if s.attacker < 0:
        return False, False  # not in a battle
    s.teff.append((TE_END_BATTLE, -3, 0, DUR_BATTLE))
    return True, True


@VOCAB.verb(
    "end_attack_step",
    params={},
    rule="BS 7-7, 7-7-3-2",
    doc="「アタックステップを終了する」 / 「アタックステップをなくす」: this turn's attack step ends (in a battle: "
    "the battle goes straight to its end, 8-1-7, then no more attacks) or, before it, does not happen",
    ja="このターンのアタックステップを終了する",
    en="end this turn's attack step",
    data=_marks(B_BATTLE),
)
def v_end_attack_step(s, f, a, src, p, tg):
    if s.step > ST_ATTACK or s.turn == 1:
        return False, False  # it is over, or this turn has none (7-7-2)
    s.teff.append((TE_END_ATTACK_STEP, -3, 0, DUR_TURN))
    return True, True


@VOCAB.verb(
    "attack_life_cap",
    params={"n": Param.value(1), "player": PLAYER, "duration": DURATION},
    rule="BS 8-1-5-1",
    doc="「ライフは、ブロックされなかった相手のスピリットのアタックでは、N しか減らない」: an unblocked attack "
    "reduces that player's life by at most n for the duration (effects reducing life are not capped)",
    ja="{duration}、{player.pos}ライフは、ブロックされなかった相手のスピリットのアタックでは、{n}しか減らない",
    en="{duration}, an unblocked opposing attack reduces {player.pos} life by at most {n}",
    data=_marks(B_BATTLE),
)
def v_attack_life_cap(s, f, a, src, p, tg):
    s.teff.append((TE_LIFE_CAP, -1 - _who(a, p), value(a.n, s, src, p), _dur(a)))
    return True, True


# ---- cores ------------------------------------------------------------------------------------------
# h_spread's frame: [H_SPREAD, step, player, cores left, mode, selections base, cores moved, cores wanted, to,
# then (card, level before) pairs]; its mode puts cores from the void or removes them, to a place
SPREAD_PUT, SPREAD_REMOVE = 0, 1
REMOVED_TO = ("reserve", "trash", "void")  # the places removed cores go (to:), by their index
TO_RESERVE, TO_TRASH, TO_VOID = range(len(REMOVED_TO))
(SPREAD_PLAYER, SPREAD_LEFT, SPREAD_MODE, SPREAD_SELS, SPREAD_MOVED, SPREAD_COUNT, SPREAD_TO, SPREAD_LEVELS) = range(
    2, 10
)


def _spread_start(s, f, a, p, tg, mode: int, n: int, to: int) -> tuple[bool, bool]:
    """Push the distribution of ``n`` cores over the targets, one core at a time (h_spread)."""
    if not tg or n <= 0:
        return False, False
    fr = [H_SPREAD, 0, p, n, mode, f[EFF_SELS], 0, n, to]
    if mode == SPREAD_REMOVE:  # the levels before, for the cards it depletes (10-2-2-3)
        for i in tg:
            fr += (i, s.level(i))
    s.stack.append(fr)
    f[STEP] = EFF_STEP_RESUME  # resume after it: h_spread sets the effect's done / full
    return True, True


def h_spread(s, f: list) -> None:
    """Spread cores over the chosen cards (spread_cores, remove_chosen_cores):
    one core at a time, the effect's controller choosing the card (decision 'choose a target';
    no choice with one card left). Frame: ``SPREAD_PLAYER`` ..., mode ``SPREAD_PUT`` (from the void)
    or ``SPREAD_REMOVE`` (to ``TO_RESERVE``, ``TO_TRASH`` or ``TO_VOID``).
    A removal takes normal cores before the soul core, which goes to the trash instead of the
    void (5-7-3); cards it depletes vanish at the end, at their level before (10-2-2-3, 10-2-2-8)."""
    p, mode = f[SPREAD_PLAYER], f[SPREAD_MODE]
    if f[STEP] == 1:
        f[STEP] = 0
        for i in s.sels[f[SPREAD_SELS]]:
            o = s.owner[i]
            if s.zone[i] == Z_FIELD and (FIELD if o == p else OPP_FIELD) + s.field[o].index(i) == s.answer:
                _spread_one(s, f, i)
                break
    while f[SPREAD_LEFT] > 0:
        cands = [i for i in s.sels[f[SPREAD_SELS]] if s.zone[i] == Z_FIELD and (mode == SPREAD_PUT or s.ncores(i) > 0)]
        if not cands:
            break
        if len(cands) > 1:
            legal = sorted((FIELD if s.owner[i] == p else OPP_FIELD) + s.field[s.owner[i]].index(i) for i in cands)
            ask(s, p, D_TARGET, legal)
            f[STEP] = 1
            return
        _spread_one(s, f, cands[0])
    if mode == SPREAD_PUT:
        for i in dict.fromkeys(s.sels[f[SPREAD_SELS]]):
            if s.zone[i] == Z_FIELD:
                cores_increased(s, i)  # 13-1-1, once per card
    else:
        check_vanish(s, -1, dict(zip(f[SPREAD_LEVELS::2], f[SPREAD_LEVELS + 1 :: 2])))
    moved, n = f[SPREAD_MOVED], f[SPREAD_COUNT]
    s.stack.pop()
    effect = s.stack[-1]  # the H_EFFECT frame at EFF_STEP_RESUME
    effect[EFF_DONE], effect[EFF_FULL], effect[EFF_AFTER] = int(moved > 0), int(moved >= n), int(moved > 0)


def _spread_one(s, f: list, i: int) -> None:
    o = s.owner[i]
    f[SPREAD_LEFT] -= 1
    f[SPREAD_MOVED] += 1
    if f[SPREAD_MODE] == SPREAD_PUT:
        s.cores[i] += 1
        s.gained[o] += 1
        return
    to = f[SPREAD_TO]
    if s.cores[i]:
        s.cores[i] -= 1
        if to == TO_RESERVE:
            s.reserve[o] += 1
        elif to == TO_TRASH:
            s.tcores[o] += 1
        else:
            s.gained[o] -= 1
    else:  # the soul core, last (5-7-3: never into the void)
        s.soul[o] = S_RESERVE if to == TO_RESERVE else S_TRASH


H_SPREAD = add_handler(h_spread)

_TO_REMOVED = Param.choice(("reserve", "trash", "void"), "reserve")


@VOCAB.verb(
    "spread_cores",
    params={"n": Param.value(1), "target": TARGET},
    rule="BS 4-8, 9-3-2-1, 13-1-1",
    doc="put n cores from the void, in all, on the target cards: one at a time, the controller choosing the "
    "card each time (no question once one card is left); 'N or more cores' triggers once per card",
    ja="ボイドからコア{n}個を、{target}に好きなように分けて置く",
    en="put {n} core(s) from the void on {target}, divided as you choose",
)
def v_spread_cores(s, f, a, src, p, tg):
    return _spread_start(s, f, a, p, tg, SPREAD_PUT, value(a.n, s, src, p), TO_RESERVE)


@VOCAB.verb(
    "remove_chosen_cores",
    params={"n": Param.value(1), "target": TARGET, "to": _TO_REMOVED},
    rule="BS 5-11, 5-7-3, 9-3-2-1, 10-2-2-3",
    doc="「コアN個を選んで…に置く」: n cores in all from the target cards to their owner's reserve, trash or the "
    "void, the controller choosing the card of each core (normal cores before the soul core, which never "
    "goes to the void); cards left below their Lv1 cost vanish at the end",
    ja="{target}の上のコア{n}個を選んで、その持ち主の{to}に置く",
    en="choose {n} core(s) on {target} and put them into their owner's {to}",
)
def v_remove_chosen_cores(s, f, a, src, p, tg):
    return _spread_start(s, f, a, p, tg, SPREAD_REMOVE, value(a.n, s, src, p), REMOVED_TO.index(a.to))


@VOCAB.verb(
    "leave_cores",
    params={"n": Param.value(1), "target": TARGET, "to": _TO_REMOVED},
    rule="BS 5-11, 5-7-3, 10-2-2-8",
    doc="「コアN個だけを残し、それ以外を…に置く」: every core of each target but n goes to its owner's reserve, "
    "trash or the void (normal cores first: the soul core is one kept)",
    ja="{target}の上にあるコア{n}個だけを残し、それ以外をその持ち主の{to}に置く",
    en="remove all but {n} core(s) from {target} to their owner's {to}",
)
def v_leave_cores(s, f, a, src, p, tg):
    return _remove_cores(s, a.to, tg, 0, value(a.n, s, src, p))


PLACES = ("reserve", "trash", "life", "self", "target")


def _check_move(sub, a, item):
    if a.src_place == a.to:
        sub.fail("to", "cores move from one place to another")
    if a.src_place == "life":
        sub.fail("from", "life is lost with life_damage (BS 1-3-7, its triggers)")
    uses_target = "target" in (a.src_place, a.to)
    if uses_target != (a.target is not None):
        sub.fail("target", "from: target or to: target needs a target, and a target needs one of them")
    if isinstance(a.target, Target) and a.target.side != 0:
        sub.fail("target", "move_cores moves cores between your own cards and places (side: own)")


@VOCAB.verb(
    "move_cores",
    params={
        "n": Param.custom(_remove_n, 1),
        "from": Param.choice(PLACES),
        "to": Param.choice(PLACES),
        "target": Param.target(None),
    },
    rule="BS 4-8, 4-6, 4-4, 4-7, 5-7-3",
    doc="move n cores between your reserve, trash, life, this card and the target cards (each target: n); "
    "normal cores first, then the soul core, which never goes to life; a card left below its Lv1 cost "
    "vanishes (10-2-2-8)",
    ja="{from}のコア{n}を{to}に置く",
    en="move {n} core(s) from {from} to {to}",
    data=_check_move,
)
def v_move_cores(s, f, a, src, p, tg):
    n = value(a.n, s, src, p)
    fr, to = a.src_place, a.to
    if "target" in (fr, to):
        pairs = [(i if fr == "target" else fr, i if to == "target" else to) for i in tg]
    else:
        pairs = [(fr, to)]
    pairs = [(x if x != "self" else src, y if y != "self" else src) for x, y in pairs]
    cards = [x for pr in pairs for x in pr if isinstance(x, int)]
    if any(s.zone[i] != Z_FIELD for i in cards):
        pairs = [(x, y) for x, y in pairs if not any(isinstance(c, int) and s.zone[c] != Z_FIELD for c in (x, y))]
    before = {i: s.level(i) for i in cards if s.zone[i] == Z_FIELD}
    moved = 0
    got = []
    for x, y in pairs:
        for _ in range(n):
            soul = _take_core(s, p, x, y != "life")
            if soul < 0:
                break
            _put_core(s, p, y, soul)
            moved += 1
            if isinstance(y, int):
                got.append(y)
    check_vanish(s, -1, before)
    for i in dict.fromkeys(got):
        if s.zone[i] == Z_FIELD:
            cores_increased(s, i)
    return moved > 0, moved >= n * len(pairs) and bool(pairs)


def _take_core(s, p: int, x, soul_ok: bool) -> int:
    """Take one core from place ``x`` (a card, 'reserve', 'trash'): -1 none, 0 a core, 1 the soul core."""
    if isinstance(x, int):
        if s.cores[x]:
            s.cores[x] -= 1
            return 0
        return 1 if soul_ok and s.soul[p] == x else -1
    if x == "reserve":
        if s.reserve[p]:
            s.reserve[p] -= 1
            return 0
        return 1 if soul_ok and s.soul[p] == S_RESERVE else -1
    if s.tcores[p]:
        s.tcores[p] -= 1
        return 0
    return 1 if soul_ok and s.soul[p] == S_TRASH else -1


def _put_core(s, p: int, y, soul: int) -> None:
    if isinstance(y, int):
        if soul:
            s.soul[p] = y
        else:
            s.cores[y] += 1
    elif y == "reserve":
        if soul:
            s.soul[p] = S_RESERVE
        else:
            s.reserve[p] += 1
    elif y == "trash":
        if soul:
            s.soul[p] = S_TRASH
        else:
            s.tcores[p] += 1
    else:
        s.life[p] += 1


# ---- hands and decks ---------------------------------------------------------------------------------
@VOCAB.verb(
    "discard",
    params={"n": Param.value(1), "player": PLAYER},
    rule="BS 5-13",
    doc="破棄 from the hand: that player puts n cards of their hand (their choice, one at a time) into their "
    "trash; with fewer cards, all of them",
    ja="{player}は、{player.pos}手札{n}枚を破棄する",
    en="{player} discard{player.s} {n} card(s) from {player.pos} hand",
)
def v_discard(s, f, a, src, p, tg):
    return _discard(s, f, _who(a, p), value(a.n, s, src, p), src)


@VOCAB.verb(
    "discard_down_to",
    params={"n": Param.value(), "player": PLAYER},
    rule="BS 5-13",
    doc="「手札をN枚になるように破棄する」: that player discards (their choice) until n cards are left",
    ja="{player}は、{player.pos}手札を{n}枚になるように破棄する",
    en="{player} discard{player.s} down to {n} card(s) in hand",
)
def v_discard_down_to(s, f, a, src, p, tg):
    q = _who(a, p)
    n = len(s.hand[q]) - value(a.n, s, src, p)
    if n <= 0:
        return False, True  # already at n or fewer: nothing to do, nothing left undone
    return _discard(s, f, q, n, src)


# h_discard's frame: [H_DISCARD, step, player, cards left, cards wanted, cards discarded, source]
DISC_PLAYER, DISC_LEFT, DISC_COUNT, DISC_DONE, DISC_SRC = range(2, 7)


def _discard(s, f, q: int, n: int, src: int) -> tuple[bool, bool]:
    h = len(s.hand[q])
    if n <= 0 or not h:
        return False, False
    s.stack.append([H_DISCARD, 0, q, min(n, h), n, 0, src])
    f[STEP] = EFF_STEP_RESUME  # resume after it: h_discard sets the effect's done / full
    return True, True


def h_discard(s, f: list) -> None:
    """A discard from the hand (verb discard): the hand's owner chooses each card (decision
    'discard for a cost', hand slot k); with no more cards than to discard, no choice.
    Hand cards unaffected by the effect's source (card 54 「自分の手札は相手の…効果を受けない」,
    BS 9-1-2-1) are not discarded. Frame ``[H_DISCARD, step, player, left, wanted, discarded, source]``."""
    q = f[DISC_PLAYER]
    hand = s.hand[q]
    if f[STEP] == 1:
        f[STEP] = 0
        to_trash(s, hand.pop(s.answer - HAND))
        f[DISC_LEFT] -= 1
        f[DISC_DONE] += 1
    if f[DISC_LEFT] > 0 and hand:
        if s.bflags & B_IMMUNE:  # the cards this effect may discard
            ks = [k for k, i in enumerate(hand) if not s.immune(i, f[DISC_SRC], IM_ALL)]
        else:
            ks = range(len(hand))
        if f[DISC_LEFT] < len(ks):
            ask(s, q, D_DISCARD, [HAND + k for k in ks if k < MAX_HAND])
            f[STEP] = 1
            return
        for k in reversed(ks):
            to_trash(s, hand.pop(k))
            f[DISC_LEFT] -= 1
            f[DISC_DONE] += 1
    s.stack.pop()
    src = f[DISC_SRC]
    hand_discarded(s, q, f[DISC_DONE], s.owner[src] if src >= 0 else -1, C_EFFECT, src)
    effect = s.stack[-1]
    effect[EFF_DONE], effect[EFF_FULL], effect[EFF_AFTER] = (
        int(f[DISC_DONE] > 0),
        int(f[DISC_DONE] >= f[DISC_COUNT]),
        int(f[DISC_DONE] > 0),
    )


H_DISCARD = add_handler(h_discard)


@VOCAB.verb(
    "no_deck_discard",
    params={"player": PLAYER, "duration": DURATION},
    rule="BS 5-13",
    doc="「デッキは破棄されない」: for the duration that player's deck is not discarded (破棄) by any effect; "
    "a discard under way stops",
    ja="{duration}、{player.pos}デッキは破棄されない",
    en="{duration}, {player.pos} deck cannot be discarded",
    data=_marks(B_NOMILL),
)
def v_no_deck_discard(s, f, a, src, p, tg):
    s.teff.append((TE_NO_MILL, -1 - _who(a, p), 0, _dur(a)))
    return True, True


def deck_protected(s, q: int) -> bool:
    """Is player q's deck 'not discarded' now (no_deck_discard)?"""
    for k, t, _, _ in s.teff:
        if k == TE_NO_MILL and t == -1 - q:
            return True
    if s.has_constants:  # the constant form (cards 11, 63): its side names the deck(s), from its controller's view
        for j, e in s.constants(CK["no_deck_discard"]):
            if names_player(e.side, s.owner[j], q):
                return True
    return False


@VOCAB.verb(
    "open_reorder",
    params={"n": Param.int(lo=1, hi=8), "player": PLAYER, "bottom": Param.choice((0, 1, 2, 3), 0)},
    rule="BS 4-1-5, 4-2, 9-3-2-2",
    doc="open the top n cards of that player's deck (for both to see); the controller puts `bottom` of them on "
    "the bottom of that deck (one at a time, their choice; no pass), then the rest back on top in the order "
    "they choose (one at a time, from the top down; the last needs no choice)",
    ja="{player.pos}デッキを上から{n}枚オープンし、{bottom}好きな順番で{player.pos}デッキの上に戻す",
    en="open the top {n} cards of {player.pos} deck{bottom}, then put them back on top in any order",
)
def v_open_reorder(s, f, a, src, p, tg):
    q = _who(a, p)
    opened = []
    while len(opened) < a.n and s.deck[q]:
        i = s.deck[q].pop()
        s.zone[i] = Z_LIMBO
        opened.append(i)
    if not opened:
        return False, False
    s.revealed = opened
    set_moved(s, f, opened)
    # frames hold ints (a position restores no other); the choice 1 may come from a card file as 'bottom: true'
    s.stack.append([H_REORDER, 0, p, q, int(a.bottom)])
    f[STEP] = EFF_STEP_RESUME  # resume after it: h_reorder sets the effect's done / full
    return True, True


# h_reorder's frame: [H_REORDER, step, chooser, deck owner, bottom cards left, the cards chosen for the top...]
REORDER_PLAYER, REORDER_OWNER, REORDER_BOTTOM, REORDER_CHOSEN = range(2, 6)


def h_reorder(s, f: list) -> None:
    """open_reorder: the opened cards (``state.revealed``, public) go back to the deck. Decision
    'choose a searched card', option k = the k-th card left: first the ``bottom`` cards for
    the bottom of the deck, then the order of the rest from the top down (BS 4-1-5).
    Frame ``[H_REORDER, step, chooser, deck owner, bottom left, cards chosen for the top...]``."""
    rev, q = s.revealed, f[REORDER_OWNER]
    if f[STEP] == 1:
        i = rev.pop(s.answer - OPTION)
        if f[REORDER_BOTTOM] > 0:
            f[REORDER_BOTTOM] -= 1
            s.zone[i] = Z_DECK
            s.deck[q].insert(0, i)
        else:
            f.append(i)
    if len(rev) > 1 or (rev and f[REORDER_BOTTOM] > 0):
        ask(s, f[REORDER_PLAYER], D_SEARCH, [OPTION + k for k in range(min(len(rev), N_OPTIONS))])
        f[STEP] = 1
        return
    for i in reversed(f[REORDER_CHOSEN:] + rev):  # the first chosen ends on top
        s.zone[i] = Z_DECK
        s.deck[q].append(i)
    s.revealed = []
    s.stack.pop()
    effect = s.stack[-1]
    effect[EFF_DONE] = effect[EFF_FULL] = effect[EFF_AFTER] = 1


H_REORDER = add_handler(h_reorder)


# ---- Lv costs (BS 2-8-3, 10-2-2-9) ---------------------------------------------------------------------
@VOCAB.verb(
    "level_cost",
    params={"target": TARGET, "amount": Param.value(), "duration": DURATION},
    rule="BS 2-8-3, 9-1-5-6, 10-2-2-9",
    doc="the targets' Lv costs +amount (negative: -) for the duration; a card left with fewer cores than its "
    "new Lv1 cost vanishes, by this effect (10-2-2-9)",
    ja="{duration}、{target}のLvコストを{amount.signed}する",
    en="{duration}, the Lv costs of {target} change by {amount.signed}",
    data=_marks(B_LVCOST),
)
def v_level_cost(s, f, a, src, p, tg):
    amount = value(a.amount, s, src, p)
    dur = _dur(a)
    before = {i: s.level(i) for q in (0, 1) for i in s.field[q]}
    for i in tg:
        s.teff.append((TE_LVCOST, i, amount, dur))
    check_vanish(s, -1, before)
    return bool(tg), bool(tg)


@VOCAB.verb(
    "treat_level",
    params={"target": TARGET, "level": Param.choice((1, 2, 3, 4, 5, "max")), "duration": DURATION},
    rule="BS 2-8-2, 2-8-3, 9-1-5-6",
    doc="「LvNとして扱う」 / 「最高Lvとして扱う」: for the duration the targets are treated as that level (max: "
    "their highest; a level they do not have: their highest): their BP and the effects of that level "
    "(2-8-2); cores and Lv costs do not change, and a card below its Lv1 cost still vanishes. The latest "
    "treatment wins",
    ja="{duration}、{target}を{level}として扱う",
    en="{duration}, {target} {target.is} treated as {level}",
    data=_marks(B_LVCOST | B_LVTREAT),
)
def v_treat_level(s, f, a, src, p, tg):
    n = -1 if a.amount == "max" else a.amount  # the parameter level (cards._SLOT)
    for i in tg:
        s.teff.append((TE_LVTREAT, i, n, _dur(a)))
    return bool(tg), bool(tg)


# ---- compile-time checks of the family -------------------------------------------------------------
def _compile_v2(sub, a) -> None:
    """Called for every action by check_target_zone: the action key ``optional``, the waiting
    state for target words, and the parameters that need a target mapping."""
    if sub.get("optional", bool, False):
        a.inner, a.fn = a.fn, v_optional
    if a.do in WAITING_VERBS and a.target in (T_SELF, T_EVENT):
        a.wait_ok = True
    if a.do in ("spread_cores", "remove_chosen_cores") and not isinstance(a.target, Target):
        sub.fail("target", f"{a.do} needs a target mapping (the cards the cores are chosen among)")


# ---- open cards, then name them (issue 10, part A of the real-card gaps) -------------------------
@VOCAB.verb(
    "open",
    params={"n": Param.value(1), "player": PLAYER, "to": Param.choice(("hand", "deck_top"), "hand")},
    rule="BS 4-2, 9-3-2-2, 1-4-2",
    doc="open the top n cards of that player's deck for both to see, then put them into their owner's hand "
    "(「オープンしたカードは手札に加える」) or back on the top of the deck in the same order "
    "(「オープンしたカードはデッキの上に戻す」); the next actions name them with the words moved "
    "(「それが黄のマジックカードのとき」)",
    ja="{player.pos}デッキを上から{n}枚オープンする。オープンしたカードは{to}",
    en="reveal the top {n} card(s) of {player.pos} deck, then put them {to}",
)
def v_open(s, f, a, src, p, tg):
    q = _who(a, p)
    n = value(a.n, s, src, p)
    deck = s.deck[q]
    opened = deck[-n:][::-1] if n > 0 else []  # the top first
    set_moved(s, f, opened)
    if not opened:
        return False, False
    if a.to == "hand":
        for i in opened:
            deck.remove(i)
            put_in_hand(s, q, i)
        if s.watch & TO_HAND_EVENTS:
            added_to_hand(s, q, opened, p)
    return True, len(opened) == n
