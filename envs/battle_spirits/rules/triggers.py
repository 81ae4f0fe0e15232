"""When effects trigger (BS 9-1-5): a card's own triggers (``fire``, 9-1-5-4), the events of
other cards and players that field and hand cards watch (``happen``, 9-1-5-1, 5-12-2), the
simultaneity group of one action (9-1-5-4), the level and limits a trigger needs (12-3-1
[ターン1回], 12-3-2 [重複不可], 9-2-1 conditions, 9-2-3 negation), 'N or more cores' (13-1-1)
and cards reaching a hand or being discarded from it (5-6, 5-13). Triggers are only queued
here (``s.pending``); ``resolution`` resolves them.
"""

from __future__ import annotations

from ..cards import B_DELAYED, B_NEGATE, EV, LIM_NO_DUP, LIM_ONCE_PER_TURN
from ..events import C_BATTLE, C_EFFECT, C_RULE, watches
from ..state import TE_WATCH, Z_FIELD, State


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


def used_up(s: State, j: int, e) -> bool:
    """12-3-1 [ターン1回]: effect ``e`` of card ``j`` has a once-per-turn limit and was used this turn."""
    return bool(e.limit & LIM_ONCE_PER_TURN) and (j, e.index) in s.used


def note_use(s: State, j: int, e) -> None:
    """12-3-1: effect ``e`` of card ``j`` is being used; one with a once-per-turn limit is spent."""
    if e.limit & LIM_ONCE_PER_TURN:
        s.used.append((j, e.index))


def admits(s: State, j: int, e, q: int, lv: int) -> bool:
    """May effect ``e`` of card ``j`` (controller ``q``, at level ``lv``) trigger now? Its level,
    12-3-1 [ターン1回] and 12-3-2 [重複不可] (one per name and effect at the same timing, for each
    controller: ruling in docs/rules/battle_spirits_notes.md). Every trigger passes here."""
    if not (e.levels >> lv) & 1 or used_up(s, j, e):
        return False
    if e.limit & LIM_NO_DUP:
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
EV_HAND_DISCARDED, EV_CORES_PLACED, EV_CORES_REACH = EV["hand_discarded"], EV["cores_placed"], EV["cores_reach"]


TO_HAND_EVENTS = 1 << EV_TO_HAND | 1 << EV_DRAWN  # the events of cards reaching a hand (added_to_hand)


#: the last slot of a queued trigger (its simultaneity group) once a card in the hand has
#: declared it (revealed, 9-3-1-2): the trigger is then used, and is not offered again
DECLARED = -1


def happen(s: State, ev: int, who: int, cards, n: int = 0, by: int = -1, cause: int = C_RULE, other: int = -1) -> None:
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
                j, ei = key
                effs = defs[cdef[j]].effects  # (a card back in a hidden zone may be another one after
                e = effs[ei] if ei < len(effs) else None  # resample_hidden: then it sets up nothing)
                if e is not None and e.delayed and e.event == ev:
                    _seen(s, (e,), j, -1 - x, who, cards, c0, n, by, cause, other)


def _seen(s: State, effs, j: int, q: int, who: int, cards, c0: int, n: int, by: int, cause: int, other: int) -> None:
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


def cores_reached(s: State, i: int) -> None:
    """13-1-1: 'when this has N or more cores' fires on any increase of field card i's cores that
    ends at N or more (the soul core counts, 5-7-3)."""
    effs = s.defs[s.cdef[i]].triggers.get(EV_CORES_REACH)
    if effs:
        c = s.ncores(i)
        for e in effs:
            if c >= e.n:
                fire_one(s, i, e, i)


def cores_increased(s: State, i: int, cause: int = C_EFFECT) -> None:
    """Cores were put on field card i, by an effect (the card ``s.ev_src``'s) or by its player's
    own move (``cause`` C_RULE: core moves 7-6-1-2-2, a summon's placement 11-1-1-6).
    13-1-1 (``cores_reached``) and the event cores_placed (「効果以外でコアを置いた」)."""
    cores_reached(s, i)
    if (s.watch >> EV_CORES_PLACED) & 1:
        x = s.ev_src
        by = s.owner[i] if cause != C_EFFECT else s.owner[x] if x >= 0 else -1
        happen(s, EV_CORES_PLACED, s.owner[i], (i,), 1, by, cause)
