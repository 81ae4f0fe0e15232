"""Triggered abilities (NS 1209): events add pending triggers (1209.3), per-turn limits (1604), the
"at the start / end of" step triggers (502-505, 702-707), state triggers (1209.8), hidden cards' triggers and
their reveal window (1209.3a-c), and entering a pending trigger onto the kotodama space (1204, 1209.4)."""

from __future__ import annotations

from ...core.engine import DecisionState
from ..cards import TR_FROM_HAND, TR_HAND_EMPTY, TR_PHASE
from ..layout import D_REVEAL, OPTION, PASS
from ..records import (
    PT_ABILITY,
    PT_CARD,
    PT_HIDE,
    PT_NUMBER,
    PT_OBJ,
    PT_PLAYER,
    PT_WINDOW_CARDS,
    SF_STEP_TRIGGERS,
    SO_ABILITY,
    SO_CARD,
    SO_HIDE,
    SO_KIND,
    SO_NUMBER,
    SO_OBJ,
    SO_TJ,
    sobj,
)
from ..state import K_ABILITY, K_CARD, Z_HAND
from .abilities import use_once
from .frames import ENS_MODE, RCS_PROCESS, RCS_REVEAL, STEP, enter_frame

PHASE_MIN = min(TR_PHASE.values())


def phase(s, name: str) -> None:
    """'At the start of <step>' / 'at the end of <step>' triggers (NS 502.2b, 502.3b, 502.4b, 503.1,
    505.1, 702.1, 704.1, 705.1, 706.2, 706.6, 707.1): every face-up field character's ability with
    that trigger whose 'turn' matches (own / opp / any, seen from its controller) triggers; turn
    player's characters first (the order of entering is chosen at the rule check, NS 902.1b-c)."""
    if not s.statics & SF_STEP_TRIGGERS:
        return
    kind = TR_PHASE[name]
    tp = s.tp
    for p in (tp, 1 - tp):
        for j in s.field[p]:
            if s.face_down[j]:
                continue  # NS 309.1b-1: no card information, no abilities
            for ab in s.triggers_of(j):
                if ab.trigger == kind and (ab.turn_of == 2 or (ab.turn_of == 0) == (p == tp)):
                    fire_one(s, j, ab)


def fire(s, i: int, kind: int) -> None:
    """NS 1209.3: an event adds a pending trigger record per matching ability; per-turn
    limits (1604) count triggers per object and turn."""
    for ab in s.triggers_of(i):
        if ab.trigger == kind:
            fire_one(s, i, ab)


def fire_one(s, i: int, ab) -> None:
    """Card ``i``'s ability ``ab`` triggers: a pending trigger (NS 1209.3), within its per-turn limit."""
    if ab.limit and not use_once(s, i, ab.id, ab.limit):  # NS 1604
        return
    s.pending.append([s.owner[i], ab.id, i, s.obj[i], 0])


def state_triggers(s) -> None:
    """NS 1209.8: a state trigger ('when you have no cards in hand') triggers only while
    its condition holds and it is not already triggered (pending or on the kotodama space)."""
    for p in (0, 1):
        if s.hand[p]:
            continue
        for j in s.field[p]:
            for ab in s.triggers_of(j):
                if ab.trigger != TR_HAND_EMPTY:
                    continue
                o = s.obj[j]
                if any(t[PT_ABILITY] == ab.id and t[PT_CARD] == j and t[PT_OBJ] == o for t in s.pending):
                    continue
                if any(
                    x[SO_KIND] == K_ABILITY and x[SO_ABILITY] == ab.id and x[SO_CARD] == j and x[SO_OBJ] == o
                    for x in s.kstack
                ):
                    continue
                s.pending.append([p, ab.id, j, o, 0])


def take_trigger(s, f, t) -> None:
    f[STEP] = RCS_PROCESS
    if s.abilities[t[PT_ABILITY]].reveal:  # a revealed hand card's trigger (NS 1209.3a)
        if s.zone[t[PT_CARD]] != Z_HAND or s.obj[t[PT_CARD]] != t[PT_OBJ]:
            s.pending.remove(t)  # it left the hand before entering: it does not enter (NS 1209.3c)
            return
        _enter_trigger(s, t, t[PT_HIDE])
        return
    _enter_trigger(s, t)


def _window_card(s, w, c: int) -> int:
    """The hand card revealed for definition ``c``: one both players already know first (NS 1306.2),
    else the first in the hand; only cards in the hand at the event and still there count."""
    pick = -1
    for k in range(PT_WINDOW_CARDS, len(w), 2):
        j = w[k]
        if s.zone[j] == Z_HAND and s.obj[j] == w[k + 1] and s.cdef[j] == c:
            if s.pub[j]:
                return j
            if pick < 0:
                pick = j
    return pick


def reveal_window(s, f, w) -> None:
    """NS 1209.3a-b with NS-G15 (notes: 'hidden cards' triggers'): after an opposing character
    aisatsu-s a player who has hand cards, that player gets one ``reveal`` decision per event,
    whatever the hand holds: pass (always legal) = reveal no (more) cards; option k = reveal one card
    of the k-th eligible definition (only in the decider's option list: hand cards of the event with
    an ``opp_aisatsu_from_hand`` trigger, still in the hand and not yet revealed for this event).
    Each reveal is public and asks again while hand cards of the event not yet revealed remain (public
    too: counts and revealed cards), so the opponent sees nothing that depends on the hidden cards.
    Never skipped by ``auto_forced`` (a pass-only decision would tell the hand has no such card).
    Revealed cards' triggers are then pending like any other (ordered by NS 902.1b-c)."""
    cand = []
    live = False
    for k in range(PT_WINDOW_CARDS, len(w), 2):
        j = w[k]
        if s.zone[j] == Z_HAND and s.obj[j] == w[k + 1]:
            live = True
            c = s.cdef[j]
            if c not in cand and any(ab.trigger == TR_FROM_HAND for ab in s.defs[c].triggers):
                cand.append(c)
    f[STEP] = RCS_PROCESS
    if not live:  # the event's hand cards all left the hand (public): nothing to decide
        s.pending.remove(w)
        return
    cand.sort()
    f[STEP] = RCS_REVEAL
    f.append(s.pending.index(w))  # f[RC_ASKED]
    s.ctx = -1
    s.opts = cand
    DecisionState.ask(s, w[PT_PLAYER], D_REVEAL, [PASS] + [OPTION + k for k in range(min(len(cand), 32))])


def tj_paid(s, i: int, obj: int) -> int:
    """NS-G30: tatsujin paid for this object (on the field or on the kotodama space)."""
    if s.tj[i] == obj:
        return 1
    for o in s.kstack:
        if o[SO_KIND] == K_CARD and o[SO_CARD] == i and o[SO_OBJ] == obj:
            return o[SO_TJ]
    return 0


def _enter_trigger(s, t, hide: int = 0) -> None:
    """NS 1204 / 1209.4: the triggered ability goes onto the kotodama space; its choices
    at entry (modes, targets: NS 1204.2b, 1204.2e) are made by a child frame."""
    s.pending.remove(t)
    o = sobj(K_ABILITY, t[PT_CARD], t[PT_OBJ], t[PT_PLAYER], t[PT_ABILITY], tj_paid(s, t[PT_CARD], t[PT_OBJ]))
    o[SO_NUMBER], o[SO_HIDE] = t[PT_NUMBER], hide
    s.kstack.append(o)
    if s.abilities[t[PT_ABILITY]].entry_choices:
        s.stack.append(enter_frame(t[PT_CARD], t[PT_PLAYER], t[PT_ABILITY], step=ENS_MODE, trigger=1))


def reveal_answer(s, w) -> None:
    """NS 1209.3a-b: the answer to reveal window ``w``: reveal a hidden card (option k; its 'from hand' triggers are
    pending, and the window asks again) or no (more) cards (pass: the others stay hidden and don't trigger)."""
    if s.answer == PASS:
        s.pending.remove(w)  # NS 1209.3b
        return
    j = _window_card(s, w, s.opts[s.answer - OPTION])
    k = w.index(j, PT_WINDOW_CARDS)
    del w[k : k + 2]  # once per event (NS 1209.3a)
    hide = 0 if s.pub[j] else 1
    s.pub[j] = True  # NS 1209.3c: revealed until its ability leaves the kotodama space
    for ab in s.defs[s.cdef[j]].triggers:
        if ab.trigger == TR_FROM_HAND:
            s.pending.append([w[PT_PLAYER], ab.id, j, s.obj[j], 0, hide])
