"""Battle Spirits rules as resumable handlers (see ``tcgzoo.envs.core.engine``).

Each handler takes ``(state, frame)``; a frame is ``[handler id, step, args...]`` of
plain ints. Rule numbers refer to the Standard comprehensive rules (file 000).
"""
from __future__ import annotations

from ..core import effects
from .cards import EV, LK, MAGIC, RP, SPIRIT, T_ATTACKER, T_BLOCKER, T_EVENT, T_MOVED, T_SELF, Target
from .layout import (
    D_ATTACK, D_BLOCK, D_DISCARD, D_FIRST, D_FLASH, D_KEISHO, D_MAGIC_TIMING, D_MAIN, D_MODE, D_MOVE_DST,
    D_MOVE_SRC, D_MULLIGAN, D_OPTIONAL, D_ORDER, D_PAY, D_PLACE, D_SEARCH, D_TARGET, FIELD, FIELD_SOUL, HAND,
    MAX_HAND, MAX_TRASH, MOVE_CORE, N_OPTIONS, OPP_FIELD, OPTION, PASS, RESERVE, RESERVE_SOUL,
    ST_ATTACK, ST_CORE, ST_DRAW, ST_END, ST_MAIN, ST_MAIN2, ST_REFRESH, ST_START, TRASH,
)
from .state import (
    DUR_BATTLE, DUR_TURN, G_MUST_BLOCK, G_NO_EFFECT_DESTROY, G_UNBLOCKABLE, S_RESERVE, S_TRASH, W_DECK_BOTTOM,
    W_DECK_TOP, W_DESTROY, W_HAND, W_VANISH, Z_DECK, Z_FIELD, Z_HAND, Z_LIMBO, Z_REMOVED, Z_TRASH, Z_WAIT, State,
)

(H_SETUP, H_TURN, H_MAIN, H_PLAY, H_PAY, H_PLACE, H_MOVE, H_ATTACK, H_BATTLE, H_FLASH, H_SETTLE,
 H_TRIG, H_EFFECT, H_TARGET, H_ACTIVATE, H_SEARCH, H_REPLACE) = range(17)

from .cards import B_BATTLE, B_LVCOST, B_REPLACE  # noqa: E402 - the verbs family's machinery bits
from .cards import B_REDUCE  # noqa: E402 - reduction symbols treated as none (issue 10, part B)
from .cards import B_IMMUNE, B_NEGATE, B_SOULPAID, IM_ALL, IM_TARGET  # noqa: E402 - the board words' machinery (issue 10)
from .state import TE_END_ATTACK_STEP, TE_END_BATTLE, TE_LIFE_CAP, TE_WATCH  # noqa: E402
from .cards import B_DELAYED  # noqa: E402 - triggers set up for the turn (verb this_turn)
from .events import C_BATTLE, C_EFFECT, C_RULE, watches  # noqa: E402 - events of other cards and players (issue 10)


# ============================================================================ primitives
def draw(s: State, p: int, n: int, by: int = -1, bottom: bool = False) -> int:
    """Draw up to n (5-6); from an empty deck nothing is drawn (BS-R4). Returns the count.
    ``by``: the player whose effect draws (-1: the draw step's rule, or the set-up);
    ``bottom``: 「デッキの下から」 (verb draw, from: bottom)."""
    deck, hand, zone = s.deck[p], s.hand[p], s.zone
    k = 0
    while k < n and deck:
        i = deck.pop(0) if bottom else deck.pop()
        zone[i] = Z_HAND
        hand.append(i)
        k += 1
    if k:
        got = hand[-k:] if s.watch & TO_HAND_EVENTS and s.turn else None  # none in the set-up (6-2-1-5)
        hand.sort(key=s.cdef.__getitem__)  # 4-3-2: hand order is the owner's; kept canonical
        if got:
            added_to_hand(s, p, got, by, C_EFFECT if by >= 0 else C_RULE, True)
    return k


def to_trash(s: State, i: int) -> None:
    p = s.owner[i]
    s.zone[i] = Z_TRASH
    s.trash[p].append(i)


def fire(s: State, ev: int, i: int, event: int = -1, lv: int = 0) -> None:
    """Queue card ``i``'s triggered effects for event ``ev`` (9-1-5); ``lv``: the level to
    use when the card is no longer at it (10-2-2-3)."""
    d = s.defs[s.cdef[i]]
    effs = d.triggers.get(ev)
    if not effs:
        return
    if s.bflags & B_NEGATE and s.negated(i, ev):
        return  # 9-2-3: it lost these effects
    if not lv:
        lv = s.level(i) if s.zone[i] == Z_FIELD else max(1, s.level(i))
    p = s.owner[i]
    for e in effs:
        if admits(s, i, e, p, lv) and not (e.cond and not s.cond_ok(e.cond, i, p)):  # 9-2-1
            s.pending.append((i, e.index, p, event))


def admits(s: State, j: int, e, q: int, lv: int) -> bool:
    """May effect ``e`` of card ``j`` (controller ``q``, at level ``lv``) trigger now? Its level,
    12-3-1 [ターン1回] and 12-3-2 [重複不可] (one per name and effect at the same timing, for each
    controller: ruling in docs/rules/battle_spirits_notes.md). Every trigger passes here."""
    if not (e.levels >> lv) & 1 or (e.limit in (1, 3) and (j * 64 + e.index) in s.used):
        return False
    if e.limit in (2, 3):
        key = (s.defs[s.cdef[j]].name, e.index)
        defs, cdef = s.defs, s.cdef
        if any(t[2] == q and (defs[cdef[t[0]]].name, t[1]) == key for t in s.pending):
            return False
    return True


def fire_all(s: State, ev: int, players=(0, 1), event: int = -1) -> None:
    for p in players:
        for j in s.field[p]:
            if s.defs[s.cdef[j]].triggers:
                fire(s, ev, j, event)


def fire_summoned(s: State, i: int, own: bool = True) -> None:
    """『召喚時』 of the card and 'when a spirit is summoned' of every field card (9-1-5-4);
    ``own=False``: 'its 『召喚時』 effects do not work' (summon's no_summon_effects)."""
    if own:
        fire(s, EV["summon"], i)
    if (s.watch >> EV_SUMMON) & 1:
        happen(s, EV_SUMMON, s.owner[i], (i,))


def fire_deployed(s: State, i: int) -> None:
    """『配置時』 of the nexus and 'when a nexus is deployed' of the cards watching (12-2-1-11)."""
    fire(s, EV_DEPLOY, i)
    if (s.watch >> EV_DEPLOY) & 1:
        happen(s, EV_DEPLOY, s.owner[i], (i,))


def battle_won(s: State, w: int, loser: int) -> None:
    """8-1-6-2: spirit ``w`` destroyed ``loser``, the spirit it battled, by BP comparison. Its
    trigger, and those watching it, resolve only if it is still on the field then ("だけ")."""
    fire(s, EV_BATTLE_DESTROY, w)
    if (s.watch >> EV_BATTLE_DESTROY) & 1:
        happen(s, EV_BATTLE_DESTROY, s.owner[w], (w,), 1, s.owner[w], C_BATTLE, loser)


def fire_one(s: State, j: int, e, event: int) -> None:
    """Queue one triggered effect of card ``j`` (a 'N or more cores' trigger, 13-1-1)."""
    q = s.owner[j]
    if not admits(s, j, e, q, s.level(j)):
        return
    if s.bflags & B_NEGATE and s.negated(j, e.event):
        return  # 9-2-3
    if e.cond and not s.cond_ok(e.cond, j, q):
        return
    s.pending.append((j, e.index, q, event))


# ---- events of other cards and players (issue 10; events.py) ------------------------------------
EV_SUMMON, EV_DEPLOY, EV_ATTACK, EV_BLOCK = EV["summon"], EV["deploy"], EV["attack"], EV["block"]
EV_DESTROYED, EV_DESTROYED_BY_OPP, EV_LEAVES = EV["destroyed"], EV["destroyed_by_opponent"], EV["leaves_field"]
EV_RETURNED, EV_EXHAUSTED, EV_RECOVERED = EV["returned"], EV["exhausted"], EV["recovered"]
EV_BATTLE_DESTROY, EV_BATTLE_END, EV_LIFE = EV["battle_destroy"], EV["battle_end"], EV["life_decreased"]
EV_TO_HAND, EV_DRAWN, EV_MILLED, EV_MAGIC = EV["card_to_hand"], EV["drawn"], EV["milled"], EV["magic_used"]
EV_HAND_DISCARDED, EV_CORES_PLACED = EV["hand_discarded"], EV["cores_placed"]
TO_HAND_EVENTS = 1 << EV_TO_HAND | 1 << EV_DRAWN  # the events of cards reaching a hand (added_to_hand)
#: the last slot of a queued trigger (its simultaneity group) once a card in the hand has
#: declared it (revealed, 9-3-1-2): the trigger is then used, and is not offered again
DECLARED = -1


def happen(s: State, ev: int, who: int, cards, n: int = 0, by: int = -1, cause: int = C_RULE,
           other: int = -1) -> None:
    """Event ``ev`` of player ``who`` happened to ``cards`` (a card event: its one card; a player
    event: the cards drawn, added, milled ... or none) and ``n`` of them (default: how many
    cards; the life lost for life_decreased), caused by player ``by`` (-1: nobody) through
    ``cause`` (events.C_*); ``other``: the spirit a battle winner destroyed. Queues every
    trigger that watches it (9-1-5-1): the cards' own that ``rules.fire`` does not queue,
    field cards' and, when a deck has such a card, hand cards' (5-12-2). Callers test
    ``s.watch`` for ``ev`` first, so games without watchers never come here."""
    defs, cdef = s.defs, s.cdef
    if not n:
        n = len(cards)
    c0 = cards[0] if cards else -1
    for c in cards:
        effs = defs[cdef[c]].self_watch.get(ev)
        if effs:
            o = s.owner[c]
            for e in effs:
                if watches(s, e.watch, c, o, who, c, by, cause, other):
                    queue(s, c, e, o, c, 1)
    for q in (0, 1):
        for j in s.field[q]:
            effs = defs[cdef[j]].watch.get(ev)
            if effs:
                _seen(s, effs, j, q, who, cards, c0, n, by, cause, other)
    if (s.game.hand_watch >> ev) & 1:
        for q in (0, 1):
            for j in s.hand[q]:
                effs = defs[cdef[j]].hand_watch.get(ev)
                if effs:
                    _seen(s, effs, j, q, who, cards, c0, n, by, cause, other)
    if s.bflags & B_DELAYED:  # triggers effects set up for the turn (verb this_turn), oldest first
        for k, x, key, _ in s.teff:
            if k == TE_WATCH:
                j, ei = key >> 6, key & 63
                effs = defs[cdef[j]].effects  # (a card back in a hidden zone may be another one after
                e = effs[ei] if ei < len(effs) else None  # resample_hidden: then it sets up nothing)
                if e is not None and e.delayed and e.event == ev:
                    _seen(s, (e,), j, -1 - x, who, cards, c0, n, by, cause, other)


def _seen(s: State, effs, j: int, q: int, who: int, cards, c0: int, n: int, by: int, cause: int,
          other: int) -> None:
    for e in effs:
        w = e.watch
        if e.each and len(cards) > 1:  # once per card (「～1枚につき」 read per card, ruling on 9-1-5-4)
            for c in cards:
                if watches(s, w, j, q, who, c, by, cause, other):
                    queue(s, j, e, q, c, 1)
        elif watches(s, w, j, q, who, c0, by, cause, other):
            queue(s, j, e, q, c0, n)


def queue(s: State, j: int, e, q: int, event: int, n: int) -> None:
    """Queue effect ``e`` of card ``j`` (controller ``q``) for an event whose first card is
    ``event`` and which concerns ``n`` cards. 9-1-5-4: the same event happening several times
    at once (in one action, or one rule process) triggers it once; the times add up in the
    entry's count (``event_count``), unless the trigger says ``each``."""
    group = s.evgroup
    pend = s.pending
    if not e.each:
        for k in range(len(pend)):
            t = pend[k]
            if t[0] == j and t[1] == e.index and len(t) > 5 and t[5] == group:
                pend[k] = (j, t[1], t[2], t[3], t[4] + n, group)
                return
    lv = s.level(j)
    if s.zone[j] != Z_FIELD and lv < 1:
        lv = 1  # a card off the field (waiting, hand, trash) uses its Lv1 effects (10-2-2-3 aside)
    if not admits(s, j, e, q, lv):
        return
    if s.bflags & B_NEGATE and s.negated(j, own_event(e)):
        return  # 9-2-3
    if e.cond:  # 9-2-1, with the event readable as 'event' / event_count
        keep = s.ev_card, s.ev_n
        s.ev_card, s.ev_n = event, n
        ok = s.cond_ok(e.cond, j, q)
        s.ev_card, s.ev_n = keep
        if not ok:
            return
    pend.append((j, e.index, q, event, n, group))


def own_event(e) -> int:
    """The event a trigger has as 『このスピリットの～時』 (what 'loses its 破壊時 effects' names), or
    -1 for a trigger on other cards' or players' events, which only losing every effect stops."""
    return e.event if e.watch is None or e.watch.self_ else -1


def added_to_hand(s: State, p: int, cards, by: int = -1, cause: int = C_EFFECT, drawn: bool = False) -> None:
    """``cards`` were just put into player p's hand: 'drawn' (when drawn) and 'card_to_hand'."""
    if drawn and (s.watch >> EV_DRAWN) & 1:
        happen(s, EV_DRAWN, p, cards, 0, by, cause)
    if (s.watch >> EV_TO_HAND) & 1:
        happen(s, EV_TO_HAND, p, cards, 0, by, cause)


def hand_discarded(s: State, q: int, n: int, by: int, cause: int, src: int = -1) -> None:
    """Player q's last ``n`` trashed cards came from their hand (破棄, 5-13): one event for the
    action (9-1-5-4), caused by player ``by`` through ``cause``, as an effect of card ``src``."""
    if n > 0 and (s.watch >> EV_HAND_DISCARDED) & 1:
        keep, s.ev_src = s.ev_src, src
        happen(s, EV_HAND_DISCARDED, q, s.trash[q][-n:], n, by, cause)
        s.ev_src = keep


def add_cores(s: State, i: int, n: int, cause: int = C_EFFECT) -> None:
    """Put n more cores on field card i and fire 'N or more cores' (13-1-1)."""
    s.cores[i] += n
    if n > 0:
        cores_increased(s, i, cause)


def cores_increased(s: State, i: int, cause: int = C_EFFECT) -> None:
    """Cores were put on field card i, by an effect (the card ``s.ev_src``'s) or by its player's
    own move (``cause`` C_RULE: core moves 7-6-1-2-2, a summon's placement 11-1-1-6).
    13-1-1: 'when this has N or more cores' fires on any increase that ends at N or more; and
    the event cores_placed (「効果以外でコアを置いた」)."""
    effs = s.defs[s.cdef[i]].triggers.get(EV["cores_reach"])
    if effs:
        c = s.ncores(i)
        for e in effs:
            if c >= e.n:
                fire_one(s, i, e, i)
    if (s.watch >> EV_CORES_PLACED) & 1:
        x = s.ev_src
        by = s.owner[i] if cause != C_EFFECT else s.owner[x] if x >= 0 else -1
        happen(s, EV_CORES_PLACED, s.owner[i], (i,), 1, by, cause)


def to_wait(s: State, i: int, kind: int, by_opp: bool = False, lv: int = 0, cause: int = C_RULE) -> None:
    """Enter the waiting state (10-2-2): off the field, cores still on it, moved later.
    ``cause``: events.C_EFFECT (an effect; ``by_opp``: the opponent's), C_BATTLE (BP comparison)
    or C_RULE (vanishing by a rule process)."""
    p = s.owner[i]
    if i == s.attacker or i == s.blocker:  # its last information for the battle's end (ruling on 8-1-7-1)
        s.last_bp = s.last_bp + ((i, s.bp(i)),)
    s.field[p].remove(i)
    s.zone[i] = Z_WAIT
    s.wait_kind[i] = kind
    s.waiting.append(i)
    if kind == W_DESTROY:
        fire(s, EV["destroyed"], i)  # 9-3-3: leaving-field triggers work from the waiting state
        if by_opp:
            fire(s, EV["destroyed_by_opponent"], i)
    fire(s, EV["leaves_field"], i, -1, lv)
    w = s.watch
    if w:  # other cards watching (9-3-3: they see it as it enters the waiting state)
        by = 1 - p if by_opp else p if cause == C_EFFECT else -1
        if kind == W_DESTROY:
            if (w >> EV_DESTROYED) & 1:
                happen(s, EV_DESTROYED, p, (i,), 1, by, cause)
            if by_opp and (w >> EV_DESTROYED_BY_OPP) & 1:
                happen(s, EV_DESTROYED_BY_OPP, p, (i,), 1, by, cause)
        if (w >> EV_LEAVES) & 1:
            happen(s, EV_LEAVES, p, (i,), 1, by, cause)
        if kind in (W_HAND, W_DECK_TOP, W_DECK_BOTTOM) and (w >> EV_RETURNED) & 1:
            happen(s, EV_RETURNED, p, (i,), 1, by, cause)


def lv1_cost(s: State, i: int) -> int:
    """Card ``i``'s Lv1 cost with its Lv-cost changes (a game with cards.B_LVCOST only)."""
    c = s.defs[s.cdef[i]].lv_cores[0] + s.lv_cost_mod(i)
    return c if c > 0 else 0


def check_vanish(s: State, placing: int = -1, before: dict | None = None) -> None:
    """Rule process: a card with fewer cores than its Lv1 cost vanishes (5-11, 3-2-5-4);
    ``before``: levels just before the change, at which the vanished card resolves (10-2-2-3)."""
    for p in (0, 1):
        for i in s.field[p][:]:
            if i != placing and s.level(i) == 0:
                to_wait(s, i, W_VANISH, False, before.get(i, 0) if before else 0)


def flush_waiting(s: State, mark: int) -> None:
    """Move cards whose resolution chain ended to their destination (10-2-2-5)."""
    w = s.waiting
    for i in w[mark:]:
        if s.zone[i] != Z_WAIT:
            continue
        p = s.owner[i]
        k = s.wait_kind[i]
        if s.bflags & B_REPLACE and k & 7 == W_DESTROY:
            destroyed_cores(s, i)  # 'its cores go to the trash instead of the reserve'
        s.reserve[p] += s.cores[i]  # 4-5-4: its cores go to the owner's reserve
        s.cores[i] = 0
        if s.soul[p] == i:
            s.soul[p] = S_RESERVE
        s.exh[i] = 0
        if k > 7:  # a card that changed waiting state keeps its first destination (4-1-6, 10-2-2-7)
            k = (k >> 3) - 1
        if k in (W_DESTROY, W_VANISH):
            to_trash(s, i)
        elif k == W_HAND:
            s.zone[i] = Z_HAND
            s.known[i] = True  # returned in full view
            s.hand[p].append(i)
            s.hand[p].sort(key=s.cdef.__getitem__)
            if s.watch & TO_HAND_EVENTS:
                added_to_hand(s, p, (i,))
        else:
            s.zone[i] = Z_DECK
            s.known[i] = False
            if k == W_DECK_TOP:
                s.deck[p].append(i)
            else:
                s.deck[p].insert(0, i)
        s.teff = effects.drop_target(s.teff, i)  # 4-1-4: a new card in the new zone
        if s.soulpaid and i in s.soulpaid:
            s.soulpaid = tuple(x for x in s.soulpaid if x != i)
    del w[mark:]


def settle(s: State, mark: int) -> None:
    """Push the resolution of pending triggers, then the move of waiting cards."""
    s.stack.append([H_SETTLE, 0, mark])


def destroy(s: State, i: int, by_opp: bool, by_effect: bool, replaceable: bool = True) -> bool:
    """Destroy field card i (5-10), unless prevented (1-4-3) or replaced (9-1-8)."""
    if s.zone[i] != Z_FIELD:
        return False
    if by_effect and s.has_grant(i, G_NO_EFFECT_DESTROY):
        return False  # 'できない' wins (9-1-2-1)
    if replaceable and s.bflags & B_REPLACE:
        if replace_event(s, i, RP["destroyed"], by_opp, by_effect):
            return False
    elif replaceable and s.defs[s.cdef[i]].replaces:
        apps = replacements(s, i, by_opp, by_effect)
        if len(apps) == 1:
            push_effect(s, i, s.owner[i], apps[0].alist, -1)  # 9-1-8-1-2: not replaced again
            return False
        if apps:  # 9-1-8-1-3: the turn player chooses which replacement applies
            s.stack.append([H_REPLACE, 0, i, int(by_opp), int(by_effect)])
            return False
    to_wait(s, i, W_DESTROY, by_opp, 0, C_EFFECT if by_effect else C_BATTLE)
    return True


def replacements(s: State, i: int, by_opp: bool, by_effect: bool) -> list:
    """Card i's replacement effects that apply to its destruction now (9-1-8)."""
    if s.bflags & B_NEGATE and s.negated(i):
        return []  # 9-2-3: it lost its effects
    lv = s.level(i)
    p = s.owner[i]
    out = []
    for e in s.defs[s.cdef[i]].replaces:
        if e.event == RP["destroyed_by_effect"] and not by_effect:
            continue
        if e.event == RP["destroyed_by_opponent_effect"] and not (by_effect and by_opp):
            continue
        if not (e.levels >> lv) & 1 or (e.cond and not s.cond_ok(e.cond, i, p)):
            continue
        out.append(e)
    return out


def h_replace(s: State, f: list) -> None:
    """9-1-8-1-3: several replacement effects apply; the turn player picks the one used, and
    the event, once replaced, is not replaced again (9-1-8-1-2)."""
    i = f[2]
    apps = replacements(s, i, bool(f[3]), bool(f[4])) if s.zone[i] == Z_FIELD else []
    if f[1] == 0 and len(apps) > 1:
        s.ask(s.tp, D_MODE, [OPTION + k for k in range(min(len(apps), N_OPTIONS))])
        f[1] = 1
        return
    k = s.answer - OPTION if f[1] == 1 else 0
    s.stack.pop()
    if apps:
        push_effect(s, i, s.owner[i], apps[min(k, len(apps) - 1)].alist, -1)


# ---- replacements of the verbs family (cards.B_REPLACE): other cards' events (of:), costs,
# returns to hand / deck, mills, the cores of destroyed cards. A game whose decks have none of
# them keeps the two functions above.
def _covers(e, ev: int, by_opp: bool, by_effect: bool) -> bool:
    """Does replacement ``e`` name event ``ev`` (an RP code: destroyed, returned_to_hand,
    returned_to_deck, milled) as it happens?"""
    k = e.event
    if ev == RP["destroyed"]:
        return k == ev or (k == RP["destroyed_by_effect"] and by_effect) or \
            (k == RP["destroyed_by_opponent_effect"] and by_effect and by_opp)
    if ev == RP["milled"]:
        return k == ev or (k == RP["milled_by_opponent"] and by_opp)
    return k == ev


def replacements_of(s: State, i: int, ev: int, by_opp: bool, by_effect: bool, skip=()) -> list:
    """(source, effect) of every replacement that applies to event ``ev`` of card ``i`` now
    (9-1-8): the card's own first, in card order, then those of field cards naming it with
    ``of:``, the turn player's first. ``skip``: codes (source * 64 + index) declined already;
    a replacement with a cost its controller cannot pay does not apply."""
    out = []
    d = s.defs[s.cdef[i]]
    p = s.owner[i]
    negate = s.bflags & B_NEGATE  # 9-2-3: a card that lost its effects replaces nothing
    if d.replaces and not (negate and s.negated(i)):
        lv = s.level(i) if s.zone[i] == Z_FIELD else 0
        for e in d.replaces:
            if e.of_ is not None or not _covers(e, ev, by_opp, by_effect) or (i * 64 + e.index) in skip:
                continue
            if lv and not (e.levels >> lv) & 1:
                continue
            if e.cond and not s.cond_ok(e.cond, i, p):
                continue
            if e.costs and not costs_ok(s, p, i, e.costs):
                continue
            out.append((i, e))
    if ev == RP["milled"]:
        return out
    for q in (s.tp, 1 - s.tp):
        for j in s.field[q]:
            dj = s.defs[s.cdef[j]]
            if not dj.replaces or (negate and s.negated(j)):
                continue
            lv = 0
            for e in dj.replaces:
                if e.of_ is None or not _covers(e, ev, by_opp, by_effect) or (j * 64 + e.index) in skip:
                    continue
                if not lv:
                    lv = s.level(j)
                if not (e.levels >> lv) & 1 or (e.cond and not s.cond_ok(e.cond, j, q)):
                    continue
                if not s.matches(e.of_, i, j, q) or s.armored(i, j):
                    continue
                if e.costs and not costs_ok(s, q, j, e.costs):
                    continue
                out.append((j, e))
    return out


def replace_event(s: State, i: int, ev: int, by_opp: bool, by_effect: bool, arg: int = 0) -> bool:
    """BS 9-1-8-1: replace event ``ev`` of card ``i`` if a replacement applies. True: it was
    replaced, or handed to a decision (``h_replace_cost``) that carries the event out itself
    when no replacement is used; False: nothing applies, the caller carries it out. ``arg``:
    the waiting kind of a return. The instead actions name the card as ``event``."""
    apps = replacements_of(s, i, ev, by_opp, by_effect)
    if not apps:
        return False
    if len(apps) == 1 and not apps[0][1].costs:
        j, e = apps[0]
        push_effect(s, j, s.owner[j], e.alist, i)  # 9-1-8-1-2: not replaced again
        return True
    s.stack.append([H_REPLACE_COST, 0, i, ev, int(by_opp), int(by_effect), arg, -1])
    return True


def h_replace_cost(s: State, f: list) -> None:
    """9-1-8-1-3 with costs: the turn player chooses which of several replacements is used
    (「choose a mode」, option k = the k-th of ``replacements_of``); one with a cost
    (「～ことで」) is used only if its controller agrees to pay it (「use an optional effect」),
    then pays it (as an activated effect's cost) and its instead actions happen. A declined
    one is set aside; when none is left the event happens as it would have (9-1-8-1-2).
    Frame ``[H_REPLACE_COST, step, card, ev, by_opp, by_effect, arg, chosen, declined...]``."""
    i, ev, by_opp, by_effect = f[2], f[3], bool(f[4]), bool(f[5])
    if f[1] == 2:  # the controller's answer
        j, ei = divmod(f[7], 64)
        if s.answer == OPTION + 1:
            s.stack.pop()
            s.stack.append([H_ACTIVATE, 0, s.owner[j], j, ei, 0, 0, len(s.waiting), i])
            return
        f.append(f[7])
        f[1] = 0
        return
    milled = ev == RP["milled"]  # the card is in the trash already; what is replaced is the rest of the discard
    alive = s.zone[i] == (Z_TRASH if milled else Z_FIELD)
    apps = replacements_of(s, i, ev, by_opp, by_effect, f[8:]) if alive else []
    if not apps:
        s.stack.pop()
        if alive and not milled:
            _carry_out(s, i, ev, by_opp, by_effect, f[6])
        return
    if f[1] == 0 and len(apps) > 1:
        s.ask(s.tp, D_MODE, [OPTION + k for k in range(min(len(apps), N_OPTIONS))])
        f[1] = 1
        return
    j, e = apps[min(s.answer - OPTION, len(apps) - 1) if f[1] == 1 else 0]
    if not e.costs:
        s.stack.pop()
        push_effect(s, j, s.owner[j], e.alist, i)
        return
    f[7] = j * 64 + e.index
    f[1] = 2
    s.ask(s.owner[j], D_OPTIONAL, [OPTION, OPTION + 1])


def _carry_out(s: State, i: int, ev: int, by_opp: bool, by_effect: bool, arg: int) -> None:
    """The event no replacement took: the destruction (with its 8-1-6-2 trigger when the BP
    comparison made it) or the return."""
    if ev == RP["destroyed"]:
        if destroy(s, i, by_opp, by_effect, False) and not by_effect:
            other = s.blocker if i == s.attacker else s.attacker
            if other >= 0:
                battle_won(s, other, i)
    else:
        to_wait(s, i, arg, by_opp, 0, C_EFFECT)


def destroyed_cores(s: State, i: int) -> None:
    """10-2-2-5 replaced (``replace: destroyed_cores``): some or all cores of destroyed card
    ``i`` go to the trash or the void instead of the reserve. One replacement applies (9-1-8-1-2):
    the card's own, else the first field card naming it (the turn player's first; no choice
    is asked, ruling in docs/rules/battle_spirits_notes.md). The soul core goes to the trash
    with the others, never to the void (5-7-3)."""
    p = s.owner[i]
    found = None
    for e in s.defs[s.cdef[i]].replaces:
        if e.event == RP["destroyed_cores"] and e.of_ is None and (not e.cond or s.cond_ok(e.cond, i, p)):
            found = e
            break
    if found is None:
        s.zone[i] = Z_FIELD  # matched as the field card it was (its level is the one just before)
        for q in (s.tp, 1 - s.tp):
            for j in s.field[q]:
                if s.bflags & B_NEGATE and s.negated(j):
                    continue  # 9-2-3
                for e in s.defs[s.cdef[j]].replaces:
                    if e.event != RP["destroyed_cores"] or e.of_ is None:
                        continue
                    if not (e.levels >> s.level(j)) & 1 or (e.cond and not s.cond_ok(e.cond, j, q)):
                        continue
                    if s.matches(e.of_, i, j, q) and not s.armored(i, j):
                        found = e
                        break
                if found is not None:
                    break
            if found is not None:
                break
        s.zone[i] = Z_WAIT
    if found is None:
        return
    n = found.n
    take = min(n, s.cores[i])
    s.cores[i] -= take
    if found.to == "trash":
        s.tcores[p] += take
        if take < n and s.soul[p] == i:
            s.soul[p] = S_TRASH
    else:
        s.gained[p] -= take


def reduce_life(s: State, p: int, n: int, by: int = -1, cause: int = C_EFFECT, atk: int = -1) -> int:
    """Remove n life cores to the reserve (8-1-5-1, BS-R1); life 0 ends the game (1-3-7).
    ``by``: the player whose effect (``cause`` C_EFFECT) or attack (C_BATTLE, by spirit ``atk``)
    reduces it."""
    k = min(n, s.life[p])
    if k <= 0:
        return 0
    s.life[p] -= k
    s.reserve[p] += k
    if s.life[p] == 0:
        s.finish(1 - p)
        return k
    if (s.watch >> EV_LIFE) & 1:  # 'your life decreased' (own_life_decreased) and the like
        happen(s, EV_LIFE, p, (atk,) if atk >= 0 else (), k, by, cause)
    for j in s.field[p]:
        for e in s.defs[s.cdef[j]].triggers.get(EV["life_drops_to"], ()):
            if s.life[p] <= e.n:
                fire_one(s, j, e, -1)
    return k


def exhaust(s: State, i: int, heavy: bool = False, by: int = -1) -> bool:
    """疲労 (5-15) / 重疲労 (5-16) field card i; ``by``: the player whose effect does it (-1: a rule
    or a cost)."""
    if s.zone[i] != Z_FIELD:
        return False
    if heavy:
        if s.exh[i] == 2:
            return False  # 1-4-2-1
        s.exh[i] = 2
    else:
        if s.exh[i]:
            return False
        s.exh[i] = 1
    fire(s, EV["exhausted"], i)  # 5-15, 5-16
    if (s.watch >> EV_EXHAUSTED) & 1:
        happen(s, EV_EXHAUSTED, s.owner[i], (i,), 1, by, C_EFFECT if by >= 0 else C_RULE)
    return True


def recover(s: State, i: int, by: int = -1) -> bool:
    """回復 field card i (5-14); ``by``: the player whose effect does it (-1: the refresh step)."""
    if s.zone[i] != Z_FIELD or not s.exh[i]:
        return False
    s.exh[i] -= 1  # 5-14-2: heavily exhausted -> exhausted
    fire(s, EV["recovered"], i)
    if (s.watch >> EV_RECOVERED) & 1:
        happen(s, EV_RECOVERED, s.owner[i], (i,), 1, by, C_EFFECT if by >= 0 else C_RULE)
    return True


def expire(s: State, dur: int) -> None:
    s.teff = effects.expire(s.teff, dur)


def flagged(s: State, kind: int) -> bool:
    """Is a temporary effect of ``kind`` (a flag of the verbs family, state.TE_*) in force?"""
    for t in s.teff:
        if t[0] == kind:
            return True
    return False


def life_cap(s: State, q: int, n: int) -> int:
    """The life an unblocked attack takes from ``q``: ``n``, at most the smallest cap on q
    (verb attack_life_cap, 「1しか減らない」)."""
    for k, t, amt, _ in s.teff:
        if k == TE_LIFE_CAP and t == -1 - q and amt < n:
            n = amt if amt > 0 else 0
    return n


def core_sources(s: State, p: int, exclude: int = -1) -> list[int]:
    """Action ids of the places p can take one core from (reserve and own field cards)."""
    out = []
    if s.reserve[p]:
        out.append(RESERVE)
    if s.soul[p] == S_RESERVE:
        out.append(RESERVE_SOUL)
    soul = s.soul[p]
    for j, i in enumerate(s.field[p]):
        if i != exclude:
            if s.cores[i]:
                out.append(FIELD + j)
    for j, i in enumerate(s.field[p]):
        if i != exclude and soul == i:
            out.append(FIELD_SOUL + j)
    out.sort()
    return out


def take_core(s: State, p: int, a: int) -> bool:
    """Remove one core from source action ``a``; returns True if it was the soul core."""
    if a == RESERVE:
        s.reserve[p] -= 1
        return False
    if a == RESERVE_SOUL:
        return True
    if a >= FIELD_SOUL:
        return True
    s.cores[s.field[p][a - FIELD]] -= 1
    return False


# ============================================================================ setup and turn
def h_setup(s: State, f: list) -> None:
    step = f[1]
    if step == 0:
        for p in (0, 1):
            s.rng.shuffle(s.deck[p])  # 6-2-1-2
            s.life[p], s.reserve[p], s.soul[p] = 5, 3, S_RESERVE  # 6-2-1-3
            draw(s, p, 4)  # 6-2-1-5
        fixed = s.game.options.get("first_player")
        if fixed in (0, 1):
            s.first = fixed
            f[1] = 2
            return
        f.append(s.rng.below(2))  # 6-2-1-6: who wins the draw (BS-R3) ...
        s.ask(f[2], D_FIRST, [OPTION, OPTION + 1])  # ... looks at the hand and chooses
        f[1] = 1
        return
    if step == 1:
        s.first = f[2] if s.answer == OPTION else 1 - f[2]
        f[1] = 2
        return
    if step in (2, 4):  # 6-2-1-7: first player first, once each
        s.ask(s.first if step == 2 else 1 - s.first, D_MULLIGAN, [OPTION, OPTION + 1])
        f[1] = step + 1
        return
    if step in (3, 5):
        p = s.first if step == 3 else 1 - s.first
        if s.answer == OPTION + 1:  # 6-2-1-8
            for i in s.hand[p]:
                s.zone[i] = Z_DECK
                s.known[i] = False
            s.deck[p].extend(s.hand[p])
            s.hand[p] = []
            s.rng.shuffle(s.deck[p])
            draw(s, p, 4)
        if step == 3:
            f[1] = 4
            return
        s.tp, s.turn = s.first, 1  # 6-2-1-9
        s.stack[-1] = [H_TURN, 0]


def h_turn(s: State, f: list) -> None:
    """The eight steps of a turn (7-1-1), each: triggers, turn-based action, settle."""
    step, p = f[1], s.tp
    first_turn = s.turn == 1
    if step == 0:  # start step (7-2)
        s.step = ST_START
        fire_all(s, EV["own_start_step"], (p,))  # 7-2-1
        if not s.deck[p]:  # 7-2-2, 1-3-2-2, BS-R4: checked before the triggers resolve
            s.pending = []
            s.finish(1 - p)  # 1-3-8: the game ends without resolving triggers
            return
        f[1] = 2
        settle(s, len(s.waiting))
    elif step == 2:  # core step (7-3); none on the first player's first turn (7-3-3)
        f[1] = 3
        if not first_turn:
            s.step = ST_CORE
            fire_all(s, EV["own_core_step"], (p,))
            s.reserve[p] += 1
            s.gained[p] += 1
            settle(s, len(s.waiting))
    elif step == 3:  # draw step (7-4)
        s.step = ST_DRAW
        fire_all(s, EV["own_draw_step"], (p,))
        f[1] = 4
        settle(s, len(s.waiting))
        if s.bflags & B_REPLACE and draw_replacements(s, p):  # 「ドローするかわりに」 (9-1-8)
            s.stack.append([H_DRAW_STEP, 0, p])  # above the settle: it happens first, as the draw would
        else:
            draw(s, p, 1)  # 7-4-2
    elif step == 4:  # refresh step (7-5)
        s.step = ST_REFRESH
        fire_all(s, EV["own_refresh_step"], (p,))
        for i in s.field[p]:
            if s.exh[i]:
                recover(s, i)
        s.reserve[p] += s.tcores[p]
        s.tcores[p] = 0
        if s.soul[p] == S_TRASH:
            s.soul[p] = S_RESERVE
        f[1] = 5
        settle(s, len(s.waiting))
    elif step == 5:  # main step (7-6)
        s.step = ST_MAIN
        fire_all(s, EV["own_main_start"], (p,))
        f[1] = 6
        s.stack.append([H_MAIN, 0, p])
        settle(s, len(s.waiting))
    elif step == 6:  # attack step (7-7); none on the first player's first turn (7-7-2)
        f[1] = 7
        if not first_turn and not (s.bflags & B_BATTLE and flagged(s, TE_END_ATTACK_STEP)):
            s.step = ST_ATTACK
            fire_all(s, EV["own_attack_step_start"], (p,))
            s.stack.append([H_ATTACK, 0, p])
            settle(s, len(s.waiting))
    elif step == 7:  # the end of the attack step (7-7-3-2): 「ステップ終了時」 triggers resolve first
        f[1] = 8
        if s.step == ST_ATTACK:
            fire_all(s, EV["own_attack_step_end"], (p,))
            fire_all(s, EV["opp_attack_step_end"], (1 - p,))
            settle(s, len(s.waiting))
    elif step == 8:  # second main step (7-8)
        f[1] = 9
        if not first_turn:
            s.step = ST_MAIN2
            s.stack.append([H_MAIN, 0, p])
    elif step == 9:  # end step (7-9)
        s.step = ST_END
        expire(s, DUR_TURN)  # 7-9-1-1
        fire_all(s, EV["own_end_step"], (p,))
        fire_all(s, EV["opp_end_step"], (1 - p,))
        f[1] = 10
        settle(s, len(s.waiting))
    else:  # 7-9-1-3
        expire(s, DUR_TURN)  # 'this turn' effects made during the end step end with the turn
        s.used = []
        s.attacks = 0
        s.tp = 1 - p
        s.turn += 1
        f[1] = 0


# ============================================================================ main step
def playable(s: State, p: int, i: int, main: bool, ctx: tuple | None = None) -> bool:
    d = s.defs[s.cdef[i]]
    if d.type == MAGIC:
        if main:
            if d.magic_main < 0 and d.magic_flash < 0:
                return False
        elif d.magic_flash < 0:
            return False
        if d.magic_cond and not s.cond_ok(d.magic_cond, i, p):
            return False
    elif not main:
        return False
    return s.affordable(p, i, -1, ctx)


def activatable(s: State, p: int, i: int, main: bool) -> list:
    d = s.defs[s.cdef[i]]
    out = []
    if not d.activated or (s.bflags & B_NEGATE and s.negated(i)):
        return out  # 9-2-3: none, or it lost its effects
    lv = s.level(i)
    for e in d.activated:
        if not main and e.timing != "flash":
            continue
        if not (e.levels >> lv) & 1:
            continue
        if e.limit in (1, 3) and (i * 64 + e.index) in s.used:
            continue
        if e.cond and not s.cond_ok(e.cond, i, p):
            continue
        if costs_ok(s, p, i, e.costs):
            out.append(e)
    return out


def costs_ok(s: State, p: int, i: int, costs: tuple) -> bool:
    """Can ``p`` pay all of card ``i``'s effect costs now (9-1-6-2)?"""
    for name, v in costs:
        if name == "exhaust_self":
            ok = s.exh[i] == 0
        elif name == "pay":
            ok = s.total_cores(p) >= v
        elif name == "remove_self_cores":
            ok = s.cores[i] >= v
        elif name == "discard":
            ok = len(s.hand[p]) >= v
        elif name == "soul_core":
            ok = s.soul[p] == S_RESERVE or (s.soul[p] >= 0 and s.zone[s.soul[p]] == Z_FIELD)
        elif name == "exhaust":
            ok = bool(exhaust_cost_candidates(s, p, i, v))
        else:
            ok = True
        if not ok:
            return False
    return True


def exhaust_cost_candidates(s: State, p: int, i: int, t) -> list:
    """The (action, card) pairs a cost 「…自分のスピリット1体を疲労させることで」 may exhaust: own
    recovered field cards matching ``t`` (BS 9-1-6-2, 5-15; the source itself too if it matches)."""
    return [(aid, j) for aid, j in target_candidates(s, t, i, p, []) if not s.exh[j]]


def can_move_core(s: State, p: int) -> bool:
    """A move needs a field card to move to or from, and a core to move (7-6-1-2-2)."""
    return bool(s.field[p]) and bool(core_sources(s, p))


def h_main(s: State, f: list) -> None:
    """7-6-1-2: summon, deploy, use magic, move cores, activate main effects, or end."""
    p = f[2]
    if f[1] == 0:
        legal = []
        ctx = s.play_context(p) if s.hand[p] else None
        for k, i in enumerate(s.hand[p]):
            if k < MAX_HAND and playable(s, p, i, True, ctx):
                legal.append(HAND + k)
        for j, i in enumerate(s.field[p]):
            if activatable(s, p, i, True):
                legal.append(FIELD + j)
        if can_move_core(s, p):
            legal.append(MOVE_CORE)
        legal.append(PASS)
        s.ask(p, D_MAIN, legal)
        f[1] = 1
        return
    a = s.answer
    f[1] = 0
    if a == PASS:  # 7-6-1-2-4
        s.stack.pop()
    elif a == MOVE_CORE:
        s.stack.append([H_MOVE, 0, p, -1, len(s.waiting)])
    elif a < FIELD:
        start_play(s, p, s.hand[p][a - HAND], 0)
    else:
        start_activate(s, p, s.field[p][a - FIELD], main=True)


def start_play(s: State, p: int, i: int, flash: int) -> None:
    s.hand[p].remove(i)
    s.zone[i] = Z_LIMBO  # 11-1-1-1 shown; 3-4-3 a resolving magic is in no zone
    s.stack.append([H_PLAY, 0, p, i, 0, flash, len(s.waiting), -1])


def start_activate(s: State, p: int, i: int, main: bool) -> None:
    effs = activatable(s, p, i, main)
    e = effs[0]  # a card's first usable activated effect; cards carry one per timing
    s.stack.append([H_ACTIVATE, 0, p, i, e.index, 0, 0, len(s.waiting)])


def h_play(s: State, f: list) -> None:
    """Summon (11-1), deploy (11-2) or use (11-3) card f[3] by player f[2]."""
    step, p, i = f[1], f[2], f[3]
    d = s.defs[s.cdef[i]]
    if step == 0:  # 11-1-1-4, 12-2-1-3: 《継召》 before the field's reductions
        exs = [k for k, j in enumerate(s.trash[p]) if k < MAX_TRASH and s.defs[s.cdef[j]].ex]
        if d.red_total and exs and f[4] < d.red_total and \
                not (s.bflags & B_REDUCE and s.has_constants and s.no_reduction(p, i)):  # no reduction: no 継召
            legal = [TRASH + k for k in exs]
            if s.affordable(p, i, f[4]):
                legal.append(PASS)
            s.ask(p, D_KEISHO, legal)
            f[1] = 1
            return
        f[1] = 2
        return
    if step == 1:
        if s.answer == PASS:
            f[1] = 2
            return
        j = s.trash[p].pop(s.answer - TRASH)
        s.zone[j] = Z_REMOVED
        s.removed[p].append(j)
        f[4] += 1
        f[1] = 0
        return
    if step == 2:  # 11-1-1-5: pay the cost, never more (2-3-3)
        if s.soulpaid and i in s.soulpaid:  # a new play: paid anew (4-1-4)
            s.soulpaid = tuple(x for x in s.soulpaid if x != i)
        cost = s.play_cost(p, i, f[4])
        soul_ok = d.type == MAGIC and cost > 0 and s.soul_magic_ok(p, i)
        only_soul = soul_ok and s.total_cores(p) < cost
        f[1] = 3
        s.stack.append([H_PAY, 0, p, cost, -1, 2 if only_soul else 1 if soul_ok else 0])
        return
    if step == 3:
        if d.type != MAGIC:  # 11-1-1-6: onto the field, then at least its Lv1 cost in cores
            s.zone[i] = Z_FIELD
            s.exh[i] = 0
            s.field[p].append(i)
            f[1] = 4
            s.stack.append([H_PLACE, 0, p, i, 0, lv1_cost(s, i) if s.bflags & B_LVCOST else d.lv_cores[0]])
            return
        main_ok = d.magic_main >= 0 and f[5] == 0
        flash_ok = d.magic_flash >= 0
        if main_ok and flash_ok:  # 9-1-7-1-3: one of the two effects
            s.ask(p, D_MAGIC_TIMING, [OPTION, OPTION + 1])
            f[1] = 5
            return
        f[7] = d.magic_main if main_ok else d.magic_flash
        f[1] = 6
        return
    if step == 4:
        check_vanish(s)
        fire_summoned(s, i) if d.type == SPIRIT else fire_deployed(s, i)
        s.stack.pop()
        settle(s, f[6])
        return
    if step == 5:
        f[7] = d.magic_main if s.answer == OPTION else d.magic_flash
        f[1] = 6
        return
    if step == 6:
        f[1] = 7
        if (s.watch >> EV_MAGIC) & 1:  # 5-12-1: used; what it triggers resolves after its effect
            happen(s, EV_MAGIC, p, (i,), 1, p)
        push_effect(s, i, p, f[7], -1)
        return
    to_trash(s, i)  # a magic goes to the trash once its effect is done (4-4-1)
    if s.soulpaid and i in s.soulpaid:
        s.soulpaid = tuple(x for x in s.soulpaid if x != i)
    s.stack.pop()
    settle(s, f[6])  # 10-2-2-5: cards depleted by paying its cost move only now


def h_pay(s: State, f: list) -> None:
    """Pay f[3] cores from the reserve or own field cards to the trash (11-1-1-5)."""
    p = f[2]
    if f[1] == 0:
        if f[3] <= 0:
            s.stack.pop()
            check_vanish(s)  # 5-11: a card paid below its Lv1 cost vanishes
            return
        legal = [] if f[5] == 2 else core_sources(s, p, f[4])
        if f[5]:
            legal.append(OPTION)  # 12-2-1-2: pay with the soul core alone
            legal.sort()
        s.ask(p, D_PAY, legal)
        f[1] = 1
        return
    a = s.answer
    f[1] = 0
    if a == OPTION:
        s.soul[p] = S_TRASH
        f[3] = 0
        if s.bflags & B_SOULPAID:
            soul_paid(s)
        return
    f[5] = 0
    if take_core(s, p, a):
        s.soul[p] = S_TRASH
        if s.bflags & B_SOULPAID:
            soul_paid(s)
    else:
        s.tcores[p] += 1
    f[3] -= 1


def soul_paid(s: State) -> None:
    """The soul core paid the cost of the card being played (11-1-1-5, 12-2-1-2): remembered
    for 'if paid using the soul core' (``paid_with_soul_core``) until the card moves again."""
    below = s.stack[-2]  # the H_PLAY frame under this H_PAY (an activated effect's cost is not a card's)
    if below[0] == H_PLAY and below[3] not in s.soulpaid:
        s.soulpaid = s.soulpaid + (below[3],)


def h_place(s: State, f: list) -> None:
    """Place cores on the new card f[3]: at least its Lv1 cost (11-1-1-6)."""
    p, i = f[2], f[3]
    if f[1] == 0:
        legal = core_sources(s, p, i)
        if f[4] >= f[5]:
            legal.append(PASS)
        if not legal:
            s.stack.pop()
            return
        s.ask(p, D_PLACE, legal)
        f[1] = 1
        return
    a = s.answer
    f[1] = 0
    if a == PASS:
        s.stack.pop()
        c = s.ncores(i)
        for e in s.defs[s.cdef[i]].triggers.get(EV["cores_reach"], ()):
            if c >= e.n:
                fire_one(s, i, e, i)
        if f[4] and (s.watch >> EV_CORES_PLACED) & 1:  # the player placed them (11-1-1-6), no effect
            happen(s, EV_CORES_PLACED, p, (i,), 1, p, C_RULE)
        return
    if take_core(s, p, a):
        s.soul[p] = i
    else:
        s.cores[i] += 1
    f[4] += 1


def h_move(s: State, f: list) -> None:
    """Move one core between the reserve and own field cards (7-6-1-2-2)."""
    p = f[2]
    if f[1] == 0:
        s.ask(p, D_MOVE_SRC, core_sources(s, p))
        f[1] = 1
        return
    if f[1] == 1:
        f[3] = s.answer
        src = f[3]
        legal = [] if src in (RESERVE, RESERVE_SOUL) else [RESERVE]
        sj = (src - FIELD) if FIELD <= src < FIELD_SOUL else (src - FIELD_SOUL if FIELD_SOUL <= src < OPP_FIELD else -1)
        legal = [FIELD + j for j in range(len(s.field[p])) if j != sj] + legal
        legal.sort()
        s.ask(p, D_MOVE_DST, legal)
        f[1] = 2
        return
    dst = s.answer
    soul = take_core(s, p, f[3])
    if dst == RESERVE:
        if soul:
            s.soul[p] = S_RESERVE
        else:
            s.reserve[p] += 1
    else:
        j = s.field[p][dst - FIELD]
        if soul:
            s.soul[p] = j
            cores_increased(s, j, C_RULE)  # 13-1-1, 5-7-3: the soul core is a core
        else:
            add_cores(s, j, 1, C_RULE)
    s.stack.pop()
    check_vanish(s)
    settle(s, f[4])


# ============================================================================ attack and battle
def h_attack(s: State, f: list) -> None:
    """7-7-3-2: attack with a recovered spirit, or end the attack step."""
    p = f[2]
    if f[1] == 0:
        if s.bflags & B_BATTLE and flagged(s, TE_END_ATTACK_STEP):
            s.stack.pop()  # an effect ended the attack step (verb end_attack_step)
            return
        legal = [FIELD + j for j, i in enumerate(s.field[p]) if s.can_attack(i)]
        legal.append(PASS)
        s.ask(p, D_ATTACK, legal)
        f[1] = 1
        return
    f[1] = 0
    if s.answer == PASS:
        s.stack.pop()
        return
    i = s.field[p][s.answer - FIELD]
    s.stack.append([H_BATTLE, 0, i, -1, len(s.waiting)])


def h_battle(s: State, f: list) -> None:
    """A battle, from the attack declaration to the battle's end (8-1)."""
    step, atk = f[1], f[2]
    p = s.owner[atk]
    q = 1 - p
    if 0 < step < 6 and s.bflags & B_BATTLE and flagged(s, TE_END_ATTACK_STEP):
        f[1] = 6  # the attack step was ended during the battle: the battle ends here (8-1-7; ruling)
        return
    if step == 0:  # 8-1-1-1: exhaust the attacker and declare
        s.attacker = atk
        s.blocker = -1
        s.attacks += 1
        exhaust(s, atk)
        fire(s, EV["attack"], atk)  # 8-1-1-2
        if (s.watch >> EV_ATTACK) & 1:
            happen(s, EV_ATTACK, p, (atk,))
        f[1] = 1
        settle(s, f[4])
    elif step == 1:  # 8-1-2: flash timing before the block, attacked player first (BS-R2)
        f[1] = 2
        s.stack.append([H_FLASH, 0, q, 0])
    elif step == 2:  # 8-1-3: block
        if s.zone[atk] != Z_FIELD or s.has_grant(atk, G_UNBLOCKABLE):
            f[1] = 5
            return
        can = [j for j, i in enumerate(s.field[q]) if s.can_block(i)]
        if not can:
            f[1] = 5
            return
        must = [j for j in can if s.has_grant(s.field[q][j], G_MUST_BLOCK)]
        legal = [FIELD + j for j in can]
        geki = s.defs[s.cdef[atk]].gekitotsu and not (s.bflags & B_NEGATE and s.negated(atk))
        if not geki and not must:
            legal.append(PASS)
        elif must:
            legal = [FIELD + j for j in must]
        s.ask(q, D_BLOCK, legal)
        f[1] = 3
    elif step == 3:
        if s.answer == PASS:
            f[1] = 5  # 8-1-3-1: no block, no post-block flash timing
            return
        b = s.field[q][s.answer - FIELD]
        f[3] = b
        s.blocker = b
        exhaust(s, b)
        fire(s, EV["block"], b)  # 8-1-3-2
        if (s.watch >> EV_BLOCK) & 1:
            happen(s, EV_BLOCK, q, (b,))
        f[1] = 4
        settle(s, f[4])
    elif step == 4:  # 8-1-4: flash timing after the block
        f[1] = 5
        s.stack.append([H_FLASH, 0, q, 0])
    elif step == 5:  # 8-1-5: resolution
        f[1] = 6
        b = f[3]
        flags = s.bflags
        if flags & B_REPLACE:  # pushed first: a replacement decided in the comparison comes before the triggers
            settle(s, f[4])
        if flags & B_BATTLE and flagged(s, TE_END_BATTLE):
            pass  # 8-1-5-1: ended at its resolution without comparing BP (verb end_battle): no result at all
        elif b >= 0:
            if s.zone[atk] == Z_FIELD and s.zone[b] == Z_FIELD:  # 8-1-5-2-1
                ba, bb = s.bp(atk), s.bp(b)
                # 8-1-6-1: the lower BP is destroyed; equal BP destroys both
                if ba <= bb and destroy(s, atk, True, False):
                    battle_won(s, b, atk)  # 8-1-6-2
                if bb <= ba and destroy(s, b, True, False):
                    battle_won(s, atk, b)
        elif s.zone[atk] == Z_FIELD:  # 8-1-5-1: life minus the attacker's symbols
            n = life_cap(s, q, s.symbols(atk)) if flags & B_BATTLE else s.symbols(atk)
            reduce_life(s, q, n, p, C_BATTLE, atk)
            if s.is_terminal():
                return
        if not flags & B_REPLACE:
            settle(s, f[4])
    elif step == 6:  # 8-1-7: battle end
        if s.zone[atk] == Z_FIELD:
            fire(s, EV["battle_end"], atk)
        if f[3] >= 0 and s.zone[f[3]] == Z_FIELD:
            fire(s, EV["battle_end"], f[3])
        if (s.watch >> EV_BATTLE_END) & 1:  # the battle of each spirit in it ended at once (8-1-7-1),
            for i in (atk, f[3]):  # also of one that left the field in it (its BP: s.last_bp)
                if i >= 0 and (s.zone[i] == Z_FIELD or any(c == i for c, _ in s.last_bp)):
                    happen(s, EV_BATTLE_END, s.owner[i], (i,))
        f[1] = 7
        settle(s, f[4])
    else:
        expire(s, DUR_BATTLE)  # 8-1-7-2
        s.attacker = s.blocker = -1
        s.last_bp = ()
        s.stack.pop()


def h_flash(s: State, f: list) -> None:
    """A flash timing (8-1-2-1, 8-1-4-1): alternate rights; two passes in a row end it."""
    who = f[2]
    if f[1] == 0:
        if s.bflags & B_BATTLE and flagged(s, TE_END_ATTACK_STEP):
            s.stack.pop()  # the attack step (and so this battle) was ended: no more flash rights
            return
        hand = s.hand[who]
        ctx = s.play_context(who) if hand else None
        legal = [HAND + k for k, i in enumerate(hand) if k < MAX_HAND and playable(s, who, i, False, ctx)]
        legal += [FIELD + j for j, i in enumerate(s.field[who]) if activatable(s, who, i, False)]
        legal.append(PASS)
        s.ask(who, D_FLASH, legal)
        f[1] = 1
        return
    a = s.answer
    f[1] = 0
    f[2] = 1 - who
    if a == PASS:
        f[3] += 1
        if f[3] >= 2:
            s.stack.pop()
        return
    f[3] = 0
    if a < FIELD:
        start_play(s, who, s.hand[who][a - HAND], 1)
    else:
        start_activate(s, who, s.field[who][a - FIELD], main=False)


def h_activate(s: State, f: list) -> None:
    """An activated effect (9-1-6): pay everything before ▶, then the effect."""
    p, i, ei = f[2], f[3], f[4]
    e = s.defs[s.cdef[i]].effects[ei]
    if f[1] == 2:  # the answer of an 'exhaust' cost: the chosen own spirit
        exhaust(s, next(j for aid, j in exhaust_cost_candidates(s, p, i, e.costs[f[5] - 1][1]) if aid == s.answer))
        f[1] = 0
    if f[1] == 1:  # a discard answer
        k = s.answer - HAND
        j = s.hand[p].pop(k)
        to_trash(s, j)
        f[6] -= 1
        f[1] = 0
        if f[6] > 0:
            s.ask(p, D_DISCARD, [HAND + k for k in range(min(len(s.hand[p]), MAX_HAND))])
            f[1] = 1
        else:  # a cost: the player's doing, not an effect's (9-1-6-2)
            hand_discarded(s, p, e.costs[f[5] - 1][1], p, C_RULE)
        return
    while f[5] < len(e.costs):
        name, v = e.costs[f[5]]
        f[5] += 1
        if name == "exhaust_self":
            exhaust(s, i)
        elif name == "remove_self_cores":
            s.cores[i] -= v
            s.reserve[p] += v
        elif name == "soul_core":
            s.soul[p] = S_TRASH
        elif name == "pay":
            s.stack.append([H_PAY, 0, p, v, -1, 0])
            return
        elif name == "discard":
            f[6] = v
            s.ask(p, D_DISCARD, [HAND + k for k in range(min(len(s.hand[p]), MAX_HAND))])
            f[1] = 1
            return
        elif name == "exhaust":
            s.ask(p, D_TARGET, [aid for aid, _ in exhaust_cost_candidates(s, p, i, v)])
            f[1] = 2
            return
    check_vanish(s)
    if e.limit in (1, 3):
        s.used.append(i * 64 + ei)
    s.stack.pop()
    push_effect(s, i, p, e.alist, f[8] if len(f) > 8 else -1, f[7])  # f[8]: a replacement's event card


# ============================================================================ triggers and effects
def h_settle(s: State, f: list) -> None:
    """Resolve what triggered (9-1-5-7..9), then move the waiting cards (10-2-2-5)."""
    if f[1] == 0:
        f[1] = 1
        if s.bflags & B_LVCOST:
            check_vanish(s)  # 10-2-2-9: a Lv-cost change that began with a condition depletes now
        k = effects.open_batch(s)
        if k >= 0:
            s.stack.append([H_TRIG, 0, k])
        return
    flush_waiting(s, f[2])
    if s.pending:  # moving the waiting cards made something happen (a card returned to a hand)
        f[1] = 0
        return
    s.stack.pop()


def trigger_valid(s: State, t: tuple) -> bool:
    i, ei = t[0], t[1]
    d = s.defs[s.cdef[i]]
    if s.zone[i] == Z_HAND and (ei >= len(d.effects) or d.effects[ei].zone != Z_HAND):
        return False  # a hidden hand card that resample_hidden redealt as another card
    e = d.effects[ei]
    if s.zone[i] != e.zone and not e.delayed:
        return False  # 9-1-5-5, 9-4-1-2, 9-3-3: the zone it works from (the waiting state, the hand...)
    if e.event == EV_EXHAUSTED and not s.exh[i] and (e.watch is None or e.watch.self_):
        return False  # 5-15-2
    if e.event == EV_BATTLE_DESTROY and e.watch is not None and s.zone[t[3]] != Z_FIELD:
        return False  # 8-1-6-2 「だけ」: the winner was destroyed too (as for its own trigger)
    if e.limit in (1, 3) and (i * 64 + ei) in s.used:
        return False
    if s.bflags & B_NEGATE and s.negated(i, own_event(e)):
        return False  # 9-2-3: it lost the effect before it resolved
    return True


def h_trig(s: State, f: list) -> None:
    """Resolve one batch of simultaneous triggers, the turn player choosing the order."""
    batch = s.tq[f[2]]
    if f[1] == 0:
        batch[:] = [t for t in batch if trigger_valid(s, t)]
        if not batch:
            s.tq.pop()
            s.stack.pop()
            return
        if s.game.hand_watch:  # 5-12-2, 9-3-1-2: a card in the hand is used only if its player reveals it
            for k, t in enumerate(batch):
                if s.zone[t[0]] == Z_HAND and t[5] != DECLARED:
                    batch.pop(k)
                    f.extend(t[:5])
                    s.ask(t[2], D_OPTIONAL, [OPTION, OPTION + 1])
                    f[1] = 4
                    return
        if len(batch) == 1:
            f[1] = 2
            s.answer = OPTION
            return
        s.ask(s.tp, D_ORDER, [OPTION + k for k in effects.batch_options(batch, N_OPTIONS)])  # 9-1-5-8
        f[1] = 2
        return
    if f[1] == 2:
        t = batch.pop(s.answer - OPTION)
        i, ei, p, ev = t[0], t[1], t[2], t[3]
        n = t[4] if len(t) > 4 else 1  # how many times it happened at once (9-1-5-4)
        e = s.defs[s.cdef[i]].effects[ei]
        s.ev_card, s.ev_n = ev, n
        if e.cond and not s.cond_ok(e.cond, i, p):
            f[1] = 0
            return
        if e.optional and not (len(t) > 5 and t[5] == DECLARED):  # 9-1-2: 「できる」
            f.append(i * 64 + ei)
            f.append(ev)
            f.append(n)
            s.ask(p, D_OPTIONAL, [OPTION, OPTION + 1])
            f[1] = 3
            return
        run_trigger(s, i, ei, p, ev, n)
        f[1] = 0
        return
    if f[1] == 4:  # a card in the hand: used (revealed, then ordered with the rest) or not
        t = tuple(f[3:8])
        del f[3:]
        f[1] = 0
        if s.answer == OPTION + 1:
            s.known[t[0]] = True  # 9-3-1-2: the card is shown
            batch.append(t + (DECLARED,))
        return
    # f[1] == 3: the optional answer
    n = f.pop()
    ev = f.pop()
    code = f.pop()
    f[1] = 0
    if s.answer == OPTION + 1:
        i, ei = divmod(code, 64)
        run_trigger(s, i, ei, s.owner[i], ev, n)


def run_trigger(s: State, i: int, ei: int, p: int, ev: int, n: int = 1) -> None:
    e = s.defs[s.cdef[i]].effects[ei]
    if e.limit in (1, 3):
        s.used.append(i * 64 + ei)
    push_effect(s, i, p, e.alist, ev, -1, n)


def push_effect(s: State, src: int, p: int, alist: int, event: int, mark: int = -1, n: int = 1) -> None:
    """Resolve action list ``alist`` for ``p`` from source ``src``; ``event``, ``n``: the
    card that triggered it and how many (``target: event``, ``event_count``)."""
    base = len(s.sels)
    s.sels.append([])
    s.sels.append([])
    s.sels.append([])  # base + 2: the cards the last moving action of this effect moved (set_moved)
    # slots 8, 9, 11: the previous action was done (〇〇したなら), done in full (しなければならない),
    # done at least in part (この効果発揮後); they differ only after a search (see h_search); 12: n
    s.stack.append([H_EFFECT, 0, src, p, alist, 0, event, base, 1, 1, len(s.waiting) if mark < 0 else mark, 1, n])


def set_moved(s: State, f: list, cards) -> None:
    """The cards this action of effect frame ``f`` moved (milled, opened, returned): what 「破棄した
    カード」「その中の」「それ」 name for the next actions (words ``moved``), BS 9-3-2."""
    s.sels[f[7] + 2] = list(cards)


def moved_cards(s: State) -> list:
    """The cards the last moving action of the effect now resolving moved (empty outside one)."""
    return s.sels[-1] if s.sels else []


def h_effect(s: State, f: list) -> None:
    """Run the actions of one effect in order (1-4-7) with their links (5-19)."""
    src, p, alist, ip = f[2], f[3], f[4], f[5]
    s.ev_card, s.ev_n = f[6], f[12]  # what triggered it, for 'event' and event_count
    acts = s.alists[alist]
    step = f[1]
    if step == 0:
        if ip >= len(acts):
            del s.sels[-3:]
            s.stack.pop()
            settle(s, f[10])
            return
        a = acts[ip]
        link = a.link
        skip = (link == LK["if_done"] and not f[8]) or (link == LK["if_all"] and not f[9]) or \
               (link == LK["after"] and not f[11])
        if not skip and a.cond and not s.cond_ok(a.cond, src, p):
            skip = True
        if skip:
            f[5] += 1
            if link != LK["also"]:
                f[8] = f[9] = f[11] = 0
            return
        f[1] = 1
        if link == LK["after"]:  # 5-19-4: first resolve what the previous actions triggered,
            settle(s, f[10])  # ending that resolution: its waiting cards move (10-2-2-5)
        return
    a = acts[ip]
    base = f[7]
    if step == 1:
        t = a.target
        if isinstance(t, Target):
            s.sels[base + 1] = s.sels[base]
            s.sels[base] = []
            f[1] = 2
            s.stack.append([H_TARGET, 0, src, p, alist, ip, base, 0])
            return
        f[1] = 2
        if t is not None:
            s.sels[base + 1] = s.sels[base]
            s.sels[base] = word_targets(s, t, src, f[6], s.sels[base + 1], a.wait_ok)
        return
    if step == 3:  # a mode was chosen
        f[1] = 0
        f[5] += 1
        push_effect(s, src, p, a.options[s.answer - OPTION], f[6], -1, f[12])
        return
    f[1] = 0
    done, full = apply_action(s, f, a, src, p, s.sels[base])
    if s.is_terminal():
        return
    t = a.target
    if full and isinstance(t, Target) and t.count > 0 and not t.up_to and len(s.sels[base]) < t.count:
        full = False  # 5-19-5: 'destroy 2' with only 1 target was not done in full
    if f[1] == 0:
        f[5] += 1
        f[8], f[9], f[11] = done, full, done


def word_targets(s: State, t: int, src: int, event: int, prev: list, wait: bool = False) -> list:
    """The cards a target word names now; ``wait``: the verb also acts on a card in the waiting
    state, which ``self`` and ``event`` then name too (10-2-2-6, verbs.WAITING_VERBS)."""
    if t == T_SELF:
        z = s.zone[src]
        return [src] if z == Z_FIELD or (wait and z == Z_WAIT) else []
    if t == T_ATTACKER:
        return [s.attacker] if s.attacker >= 0 and s.zone[s.attacker] == Z_FIELD else []
    if t == T_BLOCKER:
        return [s.blocker] if s.blocker >= 0 and s.zone[s.blocker] == Z_FIELD else []
    if t == T_EVENT:
        return [event] if event >= 0 and (s.zone[event] == Z_FIELD or (wait and s.zone[event] == Z_WAIT)) else []
    if t == T_MOVED:  # 「破棄したカードを手札にする」: those of them now in the trash (from_trash only)
        return [i for i in (s.sels[-1] if s.sels else ()) if s.zone[i] == Z_TRASH]
    return [i for i in prev if s.zone[i] == Z_FIELD]  # previous


def target_candidates(s: State, t: Target, src: int, p: int, chosen: list, by: int = -1) -> list[tuple[int, int]]:
    """(action id, instance) pairs the chooser p may pick for target spec t (9-3-2). A card
    that cannot be chosen (untargetable, or unaffected: IM_TARGET) is no candidate; 'all' (no
    choice) passes only the unaffected by (IM_ALL). ``by``: the player choosing when it is not p
    (``chooser: opp``): the action ids are theirs."""
    out = []
    me = p if by < 0 else by
    kind = IM_ALL if t.count == -1 else IM_TARGET
    imm = s.bflags & B_IMMUNE
    if t.zone == 0:
        for q in ((p,) if t.side == 0 else (1 - p,) if t.side == 1 else (p, 1 - p)):
            base = FIELD if q == me else OPP_FIELD
            for j, i in enumerate(s.field[q]):
                if i not in chosen and s.matches(t, i, src, p) and not s.armored(i, src, kind):
                    out.append((base + j, i))
    elif t.zone == 1:
        q = p if t.side == 0 else 1 - p
        for k, i in enumerate(s.trash[q]):
            if k < MAX_TRASH and i not in chosen and s.matches(t, i, src, p) and not (imm and s.immune(i, src, kind)):
                out.append((TRASH + k, i))
    else:
        for k, i in enumerate(s.hand[p]):
            if k < MAX_HAND and i not in chosen and s.matches(t, i, src, p) and not (imm and s.immune(i, src, kind)):
                out.append((HAND + k, i))
    out.sort()
    if t.pick is not None and len(out) > 1:  # 「最もBPの低い」: the extremes only, ties chosen freely
        get, sign = t.pick
        vals = [sign * get(s, i, False) for _, i in out]
        best = max(vals)
        out = [c for c, v in zip(out, vals) if v == best]
    return out


def h_target(s: State, f: list) -> None:
    """Choose the targets of one action, one atomic choice at a time (9-3-2, 9-3-2-1)."""
    src, p, alist, ip, base = f[2], f[3], f[4], f[5], f[6]
    a = s.alists[alist][ip]
    t = a.target
    chosen = s.sels[base]
    by = 1 - p if t.chooser else -1  # chooser: opp (「相手は、相手のスピリット1体を破壊する」, BS 9-3-2)
    if f[1] == 1:
        ans = s.answer
        f[1] = 0
        if ans == PASS:
            s.stack.pop()
            return
        for aid, i in target_candidates(s, t, src, p, chosen, by):
            if aid == ans:
                chosen.append(i)
                break
    cands = target_candidates(s, t, src, p, chosen, by)
    if a.do == "summon":
        cands = [c for c in cands if s.total_cores(p) >= s.defs[s.cdef[c[1]]].lv_cores[0]]
    if t.count == -1:  # 'all'
        chosen.extend(i for _, i in cands)
        s.stack.pop()
        return
    left = t.count - len(chosen)
    if left <= 0 or not cands:
        s.stack.pop()
        return
    if not t.up_to and len(cands) <= left:
        chosen.extend(i for _, i in cands)  # no choice to make
        s.stack.pop()
        return
    legal = [aid for aid, _ in cands]
    if t.up_to:
        legal.append(PASS)  # 1-4-5-1: 'up to' allows fewer, even 0
    s.ask(p if by < 0 else by, D_TARGET, legal)
    f[1] = 1


def apply_action(s: State, f: list, a, src: int, p: int, tg: list) -> tuple[int, int]:
    """Carry out one action by its verb (``verbs.py``); returns (did something, did it all).
    Whatever it makes happen happens at once (9-1-5-4): one group of events."""
    s.evgroup += 1
    if tg and a.target is not None:
        # 【重装甲】 (BS-R5): whatever way the cards were named, the armoured ones are untouched
        kept = [i for i in tg if not s.armored(i, src)]
        if len(kept) != len(tg):
            tg[:] = kept
    s.ev_src = src  # what the verb makes happen, it makes as an effect of src (by_types)
    try:
        return a.fn(s, f, a, src, p, tg)
    finally:
        s.ev_src = -1


def h_effect_resume(s: State, f: list) -> None:
    """Steps 4 (after a summon's placement) and 5 (after a search, which set slots 8, 9
    and 11 itself) of ``h_effect``."""
    if f[1] == 4:
        own = not s.alists[f[4]][f[5]].no_summon_effects
        check_vanish(s)
        for i in s.sels[f[7]]:  # the spirits the summon put onto the field (several: 「～体まで召喚する」)
            if s.zone[i] == Z_FIELD:
                fire_summoned(s, i, own)
        f[8] = f[9] = f[11] = 1
    elif f[1] == 6:  # an optional action's answer (verbs.v_optional): yes carries the verb out, no does nothing
        a = s.alists[f[4]][f[5]]
        f[1] = 0
        if s.answer == OPTION + 1:
            tg = s.sels[f[7]]
            s.ev_src = f[2]
            try:
                done, full = a.inner(s, f, a, f[2], f[3], tg)
            finally:
                s.ev_src = -1
            if s.is_terminal():
                return
            t = a.target
            if full and isinstance(t, Target) and t.count > 0 and not t.up_to and len(tg) < t.count:
                full = False  # 5-19-5
        else:
            done = full = False
        if f[1] == 0:
            f[5] += 1
            f[8], f[9], f[11] = done, full, done
        return
    f[1] = 0
    f[5] += 1


def h_search(s: State, f: list) -> None:
    """Open the top cards, add up to ``count`` matching ones to the hand, the rest away.

    Frame ``[H_SEARCH, step, p, alist, ip, picks, added]``: ``picks`` stops at ``count`` (or
    when the player passes), ``added`` counts the cards really added. The effect's links
    read the outcome (BS 5-19-2, 5-19-3, 5-19-5): 'if done' (「加えたなら」) needs a card
    added, 'in full' needs ``count`` added, 'after' only needs the cards opened.
    """
    p, alist, ip = f[2], f[3], f[4]
    a = s.alists[alist][ip]
    rev = s.revealed
    probe = Target(3, 2, 0, 1, True, a.filt)
    if f[1] == 1:
        f[1] = 0
        if s.answer != PASS:
            i = rev.pop(s.answer - OPTION)
            s.zone[i] = Z_HAND
            s.known[i] = True
            s.hand[p].append(i)
            s.hand[p].sort(key=s.cdef.__getitem__)
            f[5] += 1
            f[6] += 1
            if s.watch & TO_HAND_EVENTS:
                added_to_hand(s, p, (i,), p)
        else:
            f[5] = a.count
    if f[5] < a.count:
        legal = []
        for k, i in enumerate(rev):
            s.zone[i] = Z_FIELD  # match filters as if public; restored just below
            ok = s.matches(probe, i, -1, p, base_bp=True)
            s.zone[i] = Z_LIMBO
            if ok:
                legal.append(OPTION + k)
        if legal:
            if not a.must:  # must: a matching public card has to be added (9-3-2-1)
                legal.append(PASS)
            s.ask(p, D_SEARCH, legal)
            f[1] = 1
            return
    opened = len(rev) + f[6]
    for i in rev:
        if a.rest == "trash":
            to_trash(s, i)
        else:
            s.zone[i] = Z_DECK
            s.deck[p].insert(0, i)
    s.revealed = []
    s.stack.pop()
    effect = s.stack[-1]  # the H_EFFECT frame at step 5
    effect[8], effect[9], effect[11] = int(f[6] > 0), int(f[6] >= a.count), int(opened > 0)


def _effect_dispatch(s: State, f: list) -> None:
    if f[1] >= 4:
        h_effect_resume(s, f)
    else:
        h_effect(s, f)


HANDLERS = (h_setup, h_turn, h_main, h_play, h_pay, h_place, h_move, h_attack, h_battle, h_flash,
            h_settle, h_trig, _effect_dispatch, h_target, h_activate, h_search, h_replace)
State.HANDLERS = HANDLERS


def add_handler(fn) -> int:
    """Register a handler defined after this table (here or in ``verbs.py``); returns its id.
    Ids follow the import order, which is fixed, so frames mean the same in every process."""
    global HANDLERS
    HANDLERS = HANDLERS + (fn,)
    State.HANDLERS = HANDLERS
    return len(HANDLERS) - 1


H_REPLACE_COST = add_handler(h_replace_cost)


def draw_replacements(s: State, p: int) -> list:
    """(card, effect) of player p's field cards that replace p's draw step draw now (9-1-8-1)."""
    out = []
    negate = s.bflags & B_NEGATE
    for j in s.field[p]:
        d = s.defs[s.cdef[j]]
        if not d.replaces or (negate and s.negated(j)):
            continue
        for e in d.replaces:
            if e.event == RP_DRAW_STEP and (e.levels >> s.level(j)) & 1 and not (e.cond and not s.cond_ok(e.cond, j, p)):
                out.append((j, e))
    return out


def h_draw_step(s: State, f: list) -> None:
    """7-4-2 replaced (9-1-8): the draw step's draw, or instead the effect of one replacement. One
    that says 「できる」 is its player's choice ('use an optional effect'); with several, the turn
    player (here the drawer) chooses which ('choose a mode', option k = the k-th; when all are
    optional, the option after the last draws normally), 9-1-8-1-3. Frame [H_DRAW_STEP, step, p]."""
    p = f[2]
    apps = draw_replacements(s, p)
    if f[1] == 0 and apps:
        f[1] = 1
        if len(apps) == 1:
            if apps[0][1].optional:
                s.ask(p, D_OPTIONAL, [OPTION, OPTION + 1])
                return
            s.answer = OPTION + 1
        else:
            free = all(e.optional for _, e in apps)
            n = min(len(apps), N_OPTIONS - 1)
            s.ask(p, D_MODE, [OPTION + k for k in range(n + free)])
            return
    s.stack.pop()
    if not apps:
        draw(s, p, 1)
        return
    k = s.answer - OPTION
    if len(apps) == 1:
        k = 0 if k == 1 else len(apps)  # yes: the one replacement; no: the draw
    if k >= len(apps):
        draw(s, p, 1)
        return
    j, e = apps[k]
    push_effect(s, j, p, e.alist, -1)  # 9-1-8-1-2: the replaced draw is not replaced again


H_DRAW_STEP = add_handler(h_draw_step)
RP_DRAW_STEP = RP["draw_step_draw"]
