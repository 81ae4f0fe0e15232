"""Resolving effects (BS 9-1-5-7..9, 9-3, 9-4, 5-19, 10-2-2-5): batches of simultaneous triggers
in the turn player's order (9-1-5-8), hand cards' triggers declared by revealing them
(9-3-1-2), optional effects (9-1-2), the actions of one effect in order (1-4-7) with their
links (5-19: if done, in full, after), each action carried out by its verb (``verbs.py``)
as one simultaneous group (9-1-5-4), and the search (open, add up to N, the rest away).
"""

from __future__ import annotations

from ...core import effects
from ..cards import B_LVCOST, B_NEGATE, LK, SIDE_ANY, TW_CARD, TZ_FIELD, Target
from ..layout import D_OPTIONAL, D_ORDER, D_SEARCH, N_OPTIONS, OPTION, PASS
from ..state import Z_DECK, Z_FIELD, Z_HAND, Z_LIMBO, State
from .actions import put_in_hand, to_trash
from .frames import (
    EFF_AFTER,
    EFF_ALIST,
    EFF_COUNT,
    EFF_DONE,
    EFF_EVENT,
    EFF_FULL,
    EFF_IP,
    EFF_MARK,
    EFF_PLAYER,
    EFF_SELS,
    EFF_SRC,
    EFF_STEP_MODE,
    EFF_STEP_OPTIONAL,
    EFF_STEP_SUMMONED,
    H_EFFECT,
    H_TARGET,
    H_TRIG,
    SEARCH_ADDED,
    SEARCH_ALIST,
    SEARCH_IP,
    SEARCH_PICKS,
    SEARCH_PLAYER,
    SETTLE_MARK,
    STEP,
    TRIG_BATCH,
    TRIG_HELD,
    TRIG_HELD_END,
    TRIG_OPTIONAL,
    ask,
)
from .rule_processes import check_vanish, flush_waiting, settle
from .targets import word_targets
from .triggers import (
    DECLARED,
    EV_BATTLE_DESTROY,
    EV_EXHAUSTED,
    TO_HAND_EVENTS,
    added_to_hand,
    fire_summoned,
    note_use,
    own_event,
    used_up,
)


def h_settle(s: State, f: list) -> None:
    """Resolve what triggered (9-1-5-7..9), then move the waiting cards (10-2-2-5)."""
    if f[STEP] == 0:
        f[STEP] = 1
        if s.bflags & B_LVCOST:
            check_vanish(s)  # 10-2-2-9: a Lv-cost change that began with a condition depletes now
        k = effects.open_batch(s)
        if k >= 0:
            s.stack.append([H_TRIG, 0, k])
        return
    flush_waiting(s, f[SETTLE_MARK])
    if s.pending:  # moving the waiting cards made something happen (a card returned to a hand)
        f[STEP] = 0
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
    if used_up(s, i, e):
        return False
    if s.bflags & B_NEGATE and s.negated(i, own_event(e)):
        return False  # 9-2-3: it lost the effect before it resolved
    return True


def h_trig(s: State, f: list) -> None:
    """Resolve one batch of simultaneous triggers, the turn player choosing the order."""
    batch = s.tq[f[TRIG_BATCH]]
    if f[STEP]:
        s.ctx_batch = -1  # the answer is back
    if f[STEP] == 0:
        batch[:] = [t for t in batch if trigger_valid(s, t)]
        if not batch:
            s.tq.pop()
            s.stack.pop()
            return
        if s.game.hand_watch:  # 5-12-2, 9-3-1-2: a card in the hand is used only if its player reveals it
            for k, t in enumerate(batch):
                if s.zone[t[0]] == Z_HAND and t[5] != DECLARED:
                    batch.pop(k)
                    f.extend(t[: TRIG_HELD_END - TRIG_HELD])  # f[TRIG_HELD:TRIG_HELD_END]
                    s.ctx_batch = f[TRIG_BATCH]
                    ask(s, t[2], D_OPTIONAL, [OPTION, OPTION + 1])
                    f[STEP] = 4
                    return
        if len(batch) == 1:
            f[STEP] = 2
            s.answer = OPTION
            return
        s.ctx_batch = f[TRIG_BATCH]
        ask(s, s.tp, D_ORDER, [OPTION + k for k in effects.batch_options(batch, N_OPTIONS)])  # 9-1-5-8
        f[STEP] = 2
        return
    if f[STEP] == 2:
        t = batch.pop(s.answer - OPTION)
        i, ei, p, ev = t[0], t[1], t[2], t[3]
        n = t[4] if len(t) > 4 else 1  # how many times it happened at once (9-1-5-4)
        e = s.defs[s.cdef[i]].effects[ei]
        s.ev_card, s.ev_n = ev, n
        if e.cond and not s.cond_ok(e.cond, i, p):
            f[STEP] = 0
            return
        if e.optional and not (len(t) > 5 and t[5] == DECLARED):  # 9-1-2: 「できる」
            f += (i, ei, ev, n)  # f[TRIG_OPTIONAL:]
            s.ctx_batch = f[TRIG_BATCH]
            ask(s, p, D_OPTIONAL, [OPTION, OPTION + 1])
            f[STEP] = 3
            return
        run_trigger(s, i, ei, p, ev, n)
        f[STEP] = 0
        return
    if f[STEP] == 4:  # a card in the hand: used (revealed, then ordered with the rest) or not
        t = tuple(f[TRIG_HELD:TRIG_HELD_END])
        del f[TRIG_HELD:]
        f[STEP] = 0
        if s.answer == OPTION + 1:
            s.known[t[0]] = True  # 9-3-1-2: the card is shown
            batch.append(t + (DECLARED,))
        return
    # f[STEP] == 3: the optional answer
    i, ei, ev, n = f[TRIG_OPTIONAL : TRIG_OPTIONAL + 4]
    del f[TRIG_OPTIONAL:]
    f[STEP] = 0
    if s.answer == OPTION + 1:
        run_trigger(s, i, ei, s.owner[i], ev, n)


def run_trigger(s: State, i: int, ei: int, p: int, ev: int, n: int = 1) -> None:
    e = s.defs[s.cdef[i]].effects[ei]
    note_use(s, i, e)
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
    s.sels[f[EFF_SELS] + 2] = list(cards)


def moved_cards(s: State) -> list:
    """The cards the last moving action of the effect now resolving moved (empty outside one)."""
    return s.sels[-1] if s.sels else []


def h_effect(s: State, f: list) -> None:
    """Run the actions of one effect in order (1-4-7) with their links (5-19)."""
    src, p, alist, ip = f[EFF_SRC], f[EFF_PLAYER], f[EFF_ALIST], f[EFF_IP]
    s.ev_card, s.ev_n = f[EFF_EVENT], f[EFF_COUNT]  # what triggered it, for 'event' and event_count
    acts = s.alists[alist]
    step = f[STEP]
    if step == 0:
        if ip >= len(acts):
            del s.sels[-3:]
            s.stack.pop()
            settle(s, f[EFF_MARK])
            return
        a = acts[ip]
        link = a.link
        skip = (
            (link == LK["if_done"] and not f[EFF_DONE])
            or (link == LK["if_all"] and not f[EFF_FULL])
            or (link == LK["after"] and not f[EFF_AFTER])
        )
        if not skip and a.cond and not s.cond_ok(a.cond, src, p):
            skip = True
        if skip:
            f[EFF_IP] += 1
            if link != LK["also"]:
                f[EFF_DONE] = f[EFF_FULL] = f[EFF_AFTER] = 0
            return
        f[STEP] = 1
        if link == LK["after"]:  # 5-19-4: first resolve what the previous actions triggered,
            settle(s, f[EFF_MARK])  # ending that resolution: its waiting cards move (10-2-2-5)
        return
    a = acts[ip]
    base = f[EFF_SELS]
    if step == 1:
        t = a.target
        if isinstance(t, Target):
            s.sels[base + 1] = s.sels[base]
            s.sels[base] = []
            f[STEP] = 2
            s.stack.append([H_TARGET, 0, src, p, alist, ip, base, 0])
            return
        f[STEP] = 2
        if t is not None:
            s.sels[base + 1] = s.sels[base]
            s.sels[base] = word_targets(s, t, src, f[EFF_EVENT], s.sels[base + 1], a.wait_ok)
        return
    if step == EFF_STEP_MODE:  # a mode was chosen (verbs.v_modes)
        f[STEP] = 0
        f[EFF_IP] += 1
        push_effect(s, src, p, a.options[s.answer - OPTION], f[EFF_EVENT], -1, f[EFF_COUNT])
        return
    f[STEP] = 0
    done, full = apply_action(s, f, a, src, p, s.sels[base])
    if s.is_terminal():
        return
    t = a.target
    if full and isinstance(t, Target) and t.count > 0 and not t.up_to and len(s.sels[base]) < t.count:
        full = False  # 5-19-5: 'destroy 2' with only 1 target was not done in full
    if f[STEP] == 0:
        f[EFF_IP] += 1
        # frames hold ints (a position restores no other): the verbs answer bools
        f[EFF_DONE], f[EFF_FULL], f[EFF_AFTER] = int(done), int(full), int(done)


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
    if f[STEP] == EFF_STEP_SUMMONED:
        own = not s.alists[f[EFF_ALIST]][f[EFF_IP]].no_summon_effects
        check_vanish(s)
        for i in s.sels[f[EFF_SELS]]:  # the spirits the summon put onto the field (several: 「～体まで召喚する」)
            if s.zone[i] == Z_FIELD:
                fire_summoned(s, i, own)
        f[EFF_DONE] = f[EFF_FULL] = f[EFF_AFTER] = 1
    elif f[STEP] == EFF_STEP_OPTIONAL:  # an optional action's answer (verbs.v_optional): yes carries the verb out
        a = s.alists[f[EFF_ALIST]][f[EFF_IP]]
        f[STEP] = 0
        if s.answer == OPTION + 1:
            tg = s.sels[f[EFF_SELS]]
            s.ev_src = f[EFF_SRC]
            try:
                done, full = a.inner(s, f, a, f[EFF_SRC], f[EFF_PLAYER], tg)
            finally:
                s.ev_src = -1
            if s.is_terminal():
                return
            t = a.target
            if full and isinstance(t, Target) and t.count > 0 and not t.up_to and len(tg) < t.count:
                full = False  # 5-19-5
        else:
            done = full = False
        if f[STEP] == 0:
            f[EFF_IP] += 1
            f[EFF_DONE], f[EFF_FULL], f[EFF_AFTER] = int(done), int(full), int(done)
        return
    f[STEP] = 0
    f[EFF_IP] += 1


def h_search(s: State, f: list) -> None:
    """Open the top cards, add up to ``count`` matching ones to the hand, the rest away.

    Frame ``[H_SEARCH, step, p, alist, ip, picks, added]``: ``picks`` stops at ``count`` (or
    when the player passes), ``added`` counts the cards really added. The effect's links
    read the outcome (BS 5-19-2, 5-19-3, 5-19-5): 'if done' (「加えたなら」) needs a card
    added, 'in full' needs ``count`` added, 'after' only needs the cards opened.
    """
    p, alist, ip = f[SEARCH_PLAYER], f[SEARCH_ALIST], f[SEARCH_IP]
    a = s.alists[alist][ip]
    rev = s.revealed
    probe = Target(TW_CARD, SIDE_ANY, TZ_FIELD, 1, True, a.filt)
    if f[STEP] == 1:
        f[STEP] = 0
        if s.answer != PASS:
            i = rev.pop(s.answer - OPTION)
            put_in_hand(s, p, i)
            f[SEARCH_PICKS] += 1
            f[SEARCH_ADDED] += 1
            if s.watch & TO_HAND_EVENTS:
                added_to_hand(s, p, (i,), p)
        else:
            f[SEARCH_PICKS] = a.count
    if f[SEARCH_PICKS] < a.count:
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
            ask(s, p, D_SEARCH, legal)
            f[STEP] = 1
            return
    opened = len(rev) + f[SEARCH_ADDED]
    for i in rev:
        if a.rest == "trash":
            to_trash(s, i)
        else:
            s.zone[i] = Z_DECK
            s.deck[p].insert(0, i)
    s.revealed = []
    s.stack.pop()
    effect = s.stack[-1]  # the H_EFFECT frame at EFF_STEP_RESUME
    added = f[SEARCH_ADDED]
    effect[EFF_DONE], effect[EFF_FULL], effect[EFF_AFTER] = int(added > 0), int(added >= a.count), int(opened > 0)


def _effect_dispatch(s: State, f: list) -> None:
    if f[STEP] >= EFF_STEP_SUMMONED:
        h_effect_resume(s, f)
    else:
        h_effect(s, f)
