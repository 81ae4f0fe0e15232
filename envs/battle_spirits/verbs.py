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
from .cards import (
    B_IMMUNE, B_NEGATE, DO_TARGET_ZONES, GRANTS, GR, IM_BP_DOWN, IM_EXHAUST, IM_KIND, IM_RETURN, IMMUNITIES,
    Target, colors_mask, effects_mask, immunity_spec, mark, types_mask,
)
from .layout import D_MODE, MAX_FIELD, OPTION
from .rules import (
    H_PLACE, H_SEARCH, add_cores, check_vanish, destroy, draw, exhaust, recover, reduce_life, to_trash, to_wait,
)
from .state import (
    DUR_BATTLE, DUR_TURN, S_RESERVE, S_TRASH, TE_BP, TE_GRANT, TE_IMMUNE, TE_NEGATE, TE_SYM, W_DECK_BOTTOM,
    W_DECK_TOP, W_HAND, Z_FIELD, Z_HAND, Z_LIMBO,
)
from .words import VOCAB
from .cards import T_SELF  # noqa: E402 - events of other cards and players (issue 10)
from .state import Z_TRASH  # noqa: E402
from .events import C_EFFECT  # noqa: E402
from .rules import EV_MILLED, TO_HAND_EVENTS, added_to_hand, happen  # noqa: E402

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
@VOCAB.verb("draw", params={"n": Param.value(1), "player": PLAYER}, rule="BS 5-6, BS-R4",
            doc="draw n; from an empty deck nothing is drawn", ja="{player}はデッキから{n}枚ドローする",
            en="{player} draw{player.s} {n} card(s)")
def v_draw(s, f, a, src, p, tg):
    n = value(a.n, s, src, p)
    k = draw(s, _who(a, p), n, p)
    return k > 0, k == n


@VOCAB.verb("discard_deck", params={"n": Param.value(1), "player": PLAYER}, rule="BS 5-13",
            doc="破棄: put the top n of that player's deck into their trash", ja="{player}のデッキを上から{n}枚破棄する",
            en="discard the top {n} card(s) of {player.pos} deck")
def v_discard_deck(s, f, a, src, p, tg):
    q = _who(a, p)
    n = value(a.n, s, src, p)
    k = 0
    milled = [] if (s.watch >> EV_MILLED) & 1 else None  # 'milled' watched: the cards, for the event
    while k < n and s.deck[q]:
        i = s.deck[q].pop()
        to_trash(s, i)
        k += 1
        if milled is not None:
            milled.append(i)
    if milled:
        happen(s, EV_MILLED, q, milled, 0, p, C_EFFECT)
    return k > 0, k == n


@VOCAB.verb("life_damage", params={"n": Param.value(1), "player": Param.choice(("self", "opp"), "opp")},
            rule="BS 8-1-5-1, BS-R1, 1-3-7", doc="remove n cores from that player's life to their reserve",
            ja="{player}のライフのコア{n}個をリザーブに置く", en="{player} lose{player.s} {n} life")
def v_life_damage(s, f, a, src, p, tg):
    n = value(a.n, s, src, p)
    k = reduce_life(s, _who(a, p), n, p)
    return k > 0, k == n


@VOCAB.verb("gain_life", params={"n": Param.value(1)}, rule="BS 4-7",
            doc="put n cores from the void into your life", ja="ボイドからコア{n}個を自分のライフに置く",
            en="gain {n} life")
def v_gain_life(s, f, a, src, p, tg):
    n = value(a.n, s, src, p)
    s.life[p] += n
    s.gained[p] += n
    return n > 0, True


# ---- field cards -------------------------------------------------------------------------------
@VOCAB.verb("destroy", params={"target": TARGET}, rule="BS 5-10, 10-2-2",
            doc="破壊 the targets (they go to the trash through the waiting state)", ja="{target}を破壊する",
            en="destroy {target}")
def v_destroy(s, f, a, src, p, tg):
    k = sum(1 for i in tg if destroy(s, i, s.owner[i] != p, True))
    return _each(k, tg)


@VOCAB.verb("exhaust", params={"target": TARGET}, rule="BS 5-15", doc="疲労 the targets",
            ja="{target}を疲労させる", en="exhaust {target}")
def v_exhaust(s, f, a, src, p, tg):
    return _each(sum(exhaust(s, i, False, p) for i in _spared(s, tg, src, IM_EXHAUST)), tg)


@VOCAB.verb("heavy_exhaust", params={"target": TARGET}, rule="BS 5-16, 5-14-2",
            doc="重疲労: a heavily exhausted card needs two recoveries", ja="{target}を重疲労させる",
            en="heavily exhaust {target}")
def v_heavy_exhaust(s, f, a, src, p, tg):
    return _each(sum(exhaust(s, i, True, p) for i in _spared(s, tg, src, IM_EXHAUST)), tg)


@VOCAB.verb("recover", params={"target": TARGET}, rule="BS 5-14", doc="回復 the targets",
            ja="{target}を回復させる", en="recover {target}")
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


VOCAB.add("verb", "bp", _temporary(TE_BP), params={"target": TARGET, "amount": Param.value(), "duration": DURATION},
          rule="BS 2-9, 9-1-5-6", doc="BP +amount (negative: -) until the end of the turn or battle",
          ja="{duration}、{target}をBP{amount.signed}する", en="{target} get{target.s} {amount.signed} BP {duration}")
VOCAB.add("verb", "symbols", _temporary(TE_SYM),
          params={"target": TARGET, "amount": Param.value(), "duration": DURATION},
          rule="BS 2-10", doc="symbols +amount for the duration", ja="{duration}、{target}のシンボルを{amount.signed}する",
          en="{target} get{target.s} {amount.signed} symbol(s) {duration}")


def _check_grant(sub, a, item):
    """Immunities take by / by_types / by_colors, loses_effects takes effects; both compile
    into ``a.spec`` (cards.immunity_spec, cards.effects_mask) and switch their machinery on."""
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


@VOCAB.verb("grant", params={"target": TARGET, "what": Param.choice(GRANTS), "duration": DURATION,
                             "by": Param.choice(("opp", "any"), None), "by_types": _mask_param(types_mask),
                             "by_colors": _mask_param(colors_mask), "effects": _mask_param(effects_mask)},
            rule="BS 9-1-5-6, 9-1-2-1, 9-2-3", doc="give a restriction or ability for the duration",
            ja="{duration}、{target}は{what}", en="{target} {what} {duration}", data=_check_grant)
def v_grant(s, f, a, src, p, tg):
    kind, amount = TE_GRANT + GR[a.what], 0
    if a.spec is not None:  # an immunity or loses_effects: its own kind, the spec as the amount
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


@VOCAB.verb("cores_to", params={"n": Param.value(1), "target": Param.target(None),
                                "to": Param.choice(("reserve", "life", "trash"), None)},
            rule="BS 4-8, 4-6, 4-7", doc="put n cores from the void on each target, or into your reserve or life",
            ja="ボイドからコア{n}個を{target}{to}に置く", en="put {n} core(s) from the void on {target}{to}",
            data=_check_cores_to)
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


@VOCAB.verb("remove_cores", params={"target": TARGET, "n": Param.custom(_remove_n, 1),
                                    "to": Param.choice(("reserve", "trash", "void"), "reserve")},
            rule="BS 5-11, 5-7-3, 4-4-1",
            doc="take n cores off each target to its owner's reserve, trash or the void; a card left below "
                "its Lv1 cost vanishes; the soul core never goes to the void",
            ja="{target}のコア{n}を{to}に置く", en="remove {n} core(s) from {target} to {to}")
def v_remove_cores(s, f, a, src, p, tg):
    n = value(a.n, s, src, p)
    k = 0
    before = {i: s.level(i) for i in tg}  # 10-2-2-3
    for i in tg:
        o = s.owner[i]
        take = min(n, s.cores[i])
        s.cores[i] -= take
        k += take
        if a.to == "reserve":
            s.reserve[o] += take
        elif a.to == "trash":
            s.tcores[o] += take
        else:
            s.gained[o] -= take
        if take < n and s.soul[o] == i:  # 5-7-3: the soul core never goes to life or void
            s.soul[o] = S_RESERVE if a.to == "reserve" else S_TRASH
            k += 1
    check_vanish(s, -1, before)
    return k > 0, k >= n * max(1, len(tg)) and bool(tg)


# ---- moving cards -------------------------------------------------------------------------------
_WAIT_KIND = {"hand": W_HAND, "deck_top": W_DECK_TOP, "deck_bottom": W_DECK_BOTTOM}


@VOCAB.verb("bounce", params={"target": TARGET, "to": Param.choice(("hand", "deck_top", "deck_bottom"), "hand")},
            rule="BS 10-2-2, 4-5-4, 5-3-6",
            doc="return field cards to their owner's hand, deck top or deck bottom (cores to the owner's reserve)",
            ja="{target}を{to}に戻す", en="return {target} to {to}")
def v_bounce(s, f, a, src, p, tg):
    kind = _WAIT_KIND[a.to]
    k = 0
    for i in _spared(s, tg, src, IM_RETURN):  # cannot_be_returned
        if s.zone[i] == Z_FIELD:
            to_wait(s, i, kind, s.owner[i] != p, 0, C_EFFECT)
            k += 1
    return _each(k, tg)


@VOCAB.verb("from_trash", params={"target": TARGET, "to": Param.choice(("hand",), "hand")}, rule="BS 4-4",
            doc="return cards from the trash to the hand", ja="{target}を{to}に戻す",
            en="return {target} to {to}")
def v_from_trash(s, f, a, src, p, tg):
    for i in tg:
        q = s.owner[i]
        s.trash[q].remove(i)
        s.zone[i] = Z_HAND
        s.known[i] = True
        s.hand[q].append(i)
        s.hand[q].sort(key=s.cdef.__getitem__)
    if s.watch & TO_HAND_EVENTS and tg:
        for q in (0, 1):
            got = [i for i in tg if s.owner[i] == q]
            if got:
                added_to_hand(s, q, got, p)
    return bool(tg), bool(tg)


def _check_summon(sub, a, item):
    if not a.free:
        sub.fail("free", "summoning by an effect is always without paying the cost")


@VOCAB.verb("summon", params={"target": TARGET, "free": Param.bool(True)}, rule="BS 5-8, 11-1-1-6",
            doc="summon one of the target cards without paying its cost; its Lv1 cores still come from your "
                "reserve or field cards", ja="{target}をコストを支払わずに召喚する",
            en="summon {target} without paying its cost", data=_check_summon)
def v_summon(s, f, a, src, p, tg):
    if not tg and a.target == T_SELF and s.zone[src] in (Z_HAND, Z_TRASH):
        tg.append(src)  # 'this card' in the hand or trash (a trigger from there, 5-12-2)
    if not tg:
        return False, False
    i = tg[0]  # one summon per action; its cores are placed as in 11-1-1-6
    q = s.owner[i]
    need = s.defs[s.cdef[i]].lv_cores[0]
    if s.total_cores(q) < need or len(s.field[q]) >= MAX_FIELD:
        return False, False  # 1-4-2: what cannot be done is not done
    (s.hand if s.zone[i] == Z_HAND else s.trash)[q].remove(i)
    s.zone[i] = Z_FIELD
    s.exh[i] = 0
    s.field[q].append(i)
    f[1] = 4  # resume in h_effect's step 4 after placing
    s.stack.append([H_PLACE, 0, q, i, 0, need])
    return True, True


def _check_search(sub, a, item):
    if a.count < 1:
        sub.fail("count", "must be at least 1")


@VOCAB.verb("search", params={"n": Param.int(lo=1, hi=8), "filter": Param.filter(()), "count": Param.int(1),
                              "to": Param.choice(("hand",), "hand"),
                              "rest": Param.choice(("trash", "deck_bottom"), "trash")},
            rule="BS 9-3-2-2, 5-19-2",
            doc="open your top n cards, add up to count matching cards to your hand, put the rest into the "
                "trash or on the deck bottom", ja="自分のデッキを上から{n}枚オープンする。その中の{filter}カード{count}枚までを{to}に加え、残ったカードは{rest}",
            en="open the top {n} cards of your deck: add up to {count} {filter.pre}card(s){filter.post} among them to {to} and put the rest {rest}", data=_check_search)
def v_search(s, f, a, src, p, tg):
    opened = []
    while len(opened) < a.n and s.deck[p]:
        i = s.deck[p].pop()
        s.zone[i] = Z_LIMBO
        opened.append(i)
    s.revealed = opened
    f[1] = 5
    s.stack.append([H_SEARCH, 0, p, f[4], f[5], 0, 0])
    return bool(opened), len(opened) == a.n


# ---- choices and the escape hatch ---------------------------------------------------------------
def _options(vocab, ck, field, v):
    if not isinstance(v, list) or not 2 <= len(v) <= 8:
        ck.fail(field, "expected 2 to 8 option lists")
    return tuple(vocab.actions_compiler(ck, f"{field}[{j}]", o) for j, o in enumerate(v))


@VOCAB.verb("modes", params={"options": Param.custom(_options)}, rule="BS 9-1-7-1-3 (by analogy)",
            doc="the controller chooses one list and it happens", ja="以下の効果から1つを選んで発揮する：{options}",
            en="choose one: {options}")
def v_modes(s, f, a, src, p, tg):
    s.ask(p, D_MODE, [OPTION + k for k in range(len(a.options))])
    f[1] = 3
    return True, True


def _hook(vocab, ck, field, v):
    from .hooks import HOOKS

    if not isinstance(v, str) or v not in HOOKS:
        ck.fail(field, f"no card hook {short(v)} is registered; known: {', '.join(sorted(HOOKS)) or 'none'}")
    return v


@VOCAB.verb("python", params={"hook": Param.custom(_hook)}, rule="-",
            doc="the escape hatch: call a registered Python hook (docs/card-language.md §20)",
            ja="(Python: {hook})", en="(Python hook {hook})")
def v_python(s, f, a, src, p, tg):
    from .hooks import HOOKS

    done, full = HOOKS[a.hook](s, src, p)
    return bool(done), bool(full)


def check_target_zone(sub, a) -> None:
    """Which zones a verb's targets may be in (the field, unless the verb says otherwise)."""
    t = a.target
    if not isinstance(t, Target):
        if a.do in DO_TARGET_ZONES and a.do != "destroy" and not (a.do == "summon" and t == T_SELF):
            sub.fail("target", f"{a.do} needs a target mapping with its zone")
        return
    zones = DO_TARGET_ZONES.get(a.do, (0,))
    if t.zone not in zones:
        want = " or ".join(("field", "trash", "hand")[z] for z in zones)
        sub.fail("target", f"'{a.do}' acts on cards in the {want}; zone must be {want}")
    if a.do == "summon" and t.side != 0:
        sub.fail("target", "summon needs own spirit cards in the hand or trash")
