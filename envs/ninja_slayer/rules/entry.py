"""Entering cards and abilities (NS 1204, 1206-1208, 1313): the kotodama space first, then the choices -- mode
1204.2b, tatsujin 1404.2 / 1204.2c, X 1204.2d / 1304.2, targets 1204.2e, distribution 1204.2f / 1305.1 -- then
the costs in printed order (1203.4, 1204.2i: ether 1312, jitsu 1320, the additional cost); a cost that can't be
completed rolls the entry back (1204.2i, 1204.2l)."""

from __future__ import annotations

from ..cards import N_X, TR_ENTERED, X_MAX
from ..layout import (
    D_CHOOSE,
    D_DISTRIBUTE,
    D_MODE,
    D_PAY_JITSU,
    D_TATSUJIN,
    D_X,
    NUMBER,
    OPP_FIELD,
    OPTION,
    OWN_FIELD,
    PASS,
    YES,
)
from ..records import (
    SO_ABILITY,
    SO_CARD,
    SO_CTL,
    SO_FIXED,
    SO_KIND,
    SO_MODE,
    SO_NUMBER,
    SO_OBJ,
    SO_TJ,
    T_FIELD,
    T_STACK_CARD,
    T_ZONE,
    TG_ACTION,
    TG_CARD,
    TG_CODE,
    TG_OBJ,
    TG_SIZE,
    TU_COUNT,
    sobj,
)
from ..state import K_ABILITY, K_CARD, K_CHECK, Z_HAND, Z_STACK, State
from ..words import passes
from .abilities import candidates, field_actions, option_defs, use_record
from .actions import carry
from .costs import ask_ether, bow_chosen_ether, ether_payable
from .frames import (
    EN_ABILITY,
    EN_ACTION,
    EN_CARD,
    EN_ETHER,
    EN_EXTRA,
    EN_FREE,
    EN_JITSU,
    EN_PICKS,
    EN_PLAYER,
    EN_TRIGGER,
    ENS_COSTS,
    ENS_DISTRIBUTE_ANSWER,
    ENS_ETHER_ANSWER,
    ENS_EXTRA_ANSWER,
    ENS_JITSU_ANSWER,
    ENS_MODE,
    ENS_MODE_ANSWER,
    ENS_START,
    ENS_TARGET_ANSWER,
    ENS_TARGETS,
    ENS_TATSUJIN,
    ENS_TATSUJIN_ANSWER,
    ENS_X,
    ENS_X_ANSWER,
    STEP,
)
from .triggers import fire

# every field of the game state (the card pool and the game's constants aside): what a rollback restores
GAME_FIELDS = tuple(
    n for n in State.__slots__ if n not in ("defs", "abilities", "deck_names", "owner", "auto", "statics")
)
DONE = 1 << 20  # h_enter f[EN_PICKS]: this action's targets are all chosen ('up to': passed or none left)


def entry_candidates(s, a, ctl: int, src: int) -> list[int]:
    """Legal targets chosen at entry (NS 1204.2e): field cards, or kotodama-space indices
    (never the entering object itself, NS 1204.2e-4; never a damage check)."""
    t = a.target
    if t.zone != "stack":
        return candidates(s, a, ctl, src)
    out = []
    for k, o in enumerate(s.kstack):
        kind = o[SO_KIND]
        if kind == K_CHECK or (o[SO_CARD] == src and kind == K_CARD) or (t.side == "opp") == (o[SO_CTL] == ctl):
            continue
        if t.filt and (o[SO_KIND] != K_CARD or not passes(s, t.filt, o[SO_CARD], src, ctl)):
            continue  # a filter is of a card's: an ability on the kotodama space matches none
        out.append(k)
    return out


def entry_ok(s, ab, p: int, src: int) -> bool:
    """NS 1204.2e / NS-G31: an entry is offered only if, in some mode, every exact-count
    target chosen at entry has enough legal candidates."""
    for m in range(len(ab.modes) or 1):
        if all(
            a.target is None
            or not a.target.entry
            or a.target.up_to
            or a.tatsujin
            or len(entry_candidates(s, a, p, src)) >= a.target.count
            for a in ab.acts(m)
        ):
            return True
    return False


def _tatsujin_targets_ok(s, ab, p: int, src: int) -> bool:
    """NS-G31: tatsujin is offered only if its actions' exact-count entry targets exist."""
    return ab is None or all(
        not a.tatsujin
        or a.target is None
        or not a.target.entry
        or a.target.up_to
        or len(entry_candidates(s, a, p, src)) >= a.target.count
        for a in ab.acts(0)
    )


def rollback(s) -> None:
    """NS 1204.2i / 1204.2l: a cost that can't be completed undoes the whole entry: the
    game state goes back to just before it started."""
    snap = s.saved[-1].clone()
    for name in GAME_FIELDS:
        setattr(s, name, getattr(snap, name))  # the snapshot's own 'saved' drops this one


def _entering_ability(s, f):
    if f[EN_ABILITY] >= 0:
        return s.abilities[f[EN_ABILITY]]
    return s.defs[s.cdef[f[EN_CARD]]].text_ability


def _picked(o, ai: int) -> list:
    return [
        (o[q + TG_CARD], o[q + TG_OBJ], o[q + TG_CODE])
        for q in range(SO_FIXED, len(o), TG_SIZE)
        if o[q + TG_ACTION] == ai
    ]


def h_enter(s, f) -> None:
    """NS 1204.2: [H_ENTER, step, card, ether left, jitsu left, player, ability (-1: the card
    itself), other cost left, target action index, picks, trigger]. The object goes onto
    the kotodama space first and carries the choices: mode (b), tatsujin (c), X (d),
    targets (e); then the costs are paid in printed order (1203.4, 1204.2i): ether,
    jitsu, then the additional cost; one that can't be completed rolls the entry back."""
    i, p = f[EN_CARD], f[EN_PLAYER]
    st = f[STEP]
    if st == ENS_START:
        if f[EN_ABILITY] < 0:  # a card from hand: NS 1204.2a reveal; NS 1204.2j to the kotodama space
            d = s.defs[s.cdef[i]]
            if d.extra_bow_attr is not None and not _free(f):
                s.saved.append(s.clone())  # NS 1204.2i: the state to go back to
                f[EN_EXTRA] = 1
            s.zone_list(Z_HAND, p).remove(i)
            s.zone[i] = Z_STACK
            s.obj[i] += 1
            s.pub[i] = True
            if s.teff:  # NS 1204.2j-1: effects applied to it in the hand apply to it on the kotodama space
                carry(s, i, s.obj[i] - 1)
            s.kstack.append(sobj(K_CARD, i, s.obj[i], p, -1))
        else:  # NS 1208.3: an activated ability enters as a pseudo-card
            ab = s.abilities[f[EN_ABILITY]]
            s.kstack.append(sobj(K_ABILITY, i, s.obj[i], p, f[EN_ABILITY]))
            f[EN_EXTRA] = 1 if ab.bow_self else 0
            if ab.limit:
                use_record(s, i, ab.id)[TU_COUNT] += 1  # NS 1604 (activatable checked the limit)
        st = f[STEP] = ENS_MODE
    o = s.kstack[-1]
    eab = _entering_ability(s, f)
    s.ctx = i
    if st == ENS_MODE:  # NS 1204.2b: choose the mode; the others cease to exist
        if eab is not None and eab.modes:
            f[STEP] = ENS_MODE_ANSWER
            legal = [OPTION + m for m in range(len(eab.modes)) if _mode_ok(s, eab, m, p, i)]
            s.ask(p, D_MODE, legal)
            return
        st = ENS_TATSUJIN
    elif st == ENS_MODE_ANSWER:
        o[SO_MODE] = s.answer - OPTION
        st = ENS_TATSUJIN
    if st == ENS_TATSUJIN:  # NS 1404.2, 1204.2c: declare the tatsujin cost
        d = s.defs[s.cdef[i]]
        if f[EN_ABILITY] < 0 and (d.tatsujin_ether or d.tatsujin_jitsu) and not _free(f):  # 1313.1b: no cost at all
            extra = 1 if d.extra_bow_attr is not None else 0
            if (
                s.untapped_ether(p) >= f[EN_ETHER] + d.tatsujin_ether + extra
                and s.faceup_damage(p) >= f[EN_JITSU] + d.tatsujin_jitsu
                and _tatsujin_targets_ok(s, eab, p, i)
            ):
                f[STEP] = ENS_TATSUJIN_ANSWER
                s.ask(p, D_TATSUJIN, [PASS, YES])
                return
        st = ENS_X
    elif st == ENS_TATSUJIN_ANSWER:
        if s.answer == YES:
            d = s.defs[s.cdef[i]]
            f[EN_ETHER] += d.tatsujin_ether
            f[EN_JITSU] += d.tatsujin_jitsu
            o[SO_TJ] = 1  # NS-G30: remembered on the stack object
        st = ENS_X
    if st == ENS_X:  # NS 1204.2d, 1304.2a: the player fixes X; it is paid as extra ether
        if eab is not None and eab.x:
            room = min(s.untapped_ether(p) - f[EN_ETHER] - (1 if f[EN_EXTRA] and f[EN_ABILITY] < 0 else 0), X_MAX)
            if _free(f):
                room = 0  # NS 1313.1b: X is part of the cost, which is not paid: X = 0
            for a in eab.acts(o[SO_MODE]):  # NS 1304.2b: X sets a target count: only values the entry can meet
                if a.target is not None and a.target.count == N_X and not (a.tatsujin and not o[SO_TJ]):
                    room = min(room, len(entry_candidates(s, a, p, i)))
            f[STEP] = ENS_X_ANSWER
            s.ask(p, D_X, [NUMBER + x for x in range(room + 1)])
            return
        st = ENS_TARGETS
    elif st == ENS_X_ANSWER:
        o[SO_NUMBER] = s.answer - NUMBER
        f[EN_ETHER] += o[SO_NUMBER]
        st = ENS_TARGETS
    if st == ENS_DISTRIBUTE_ANSWER:  # NS 1305.1: one more unit of the distributed amount to that target
        st = ENS_TARGETS
        side = p if eab.acts(o[SO_MODE])[f[EN_ACTION]].target.side == "own" else 1 - p
        j = s.field[side][s.answer - (OWN_FIELD if side == p else OPP_FIELD)]
        o.extend((f[EN_ACTION], j, s.obj[j], T_FIELD))
    if st == ENS_TARGET_ANSWER:  # a target chosen (NS 1204.2e)
        st = ENS_TARGETS
        if s.answer == PASS:
            f[EN_PICKS] = DONE
        else:
            a = eab.acts(o[SO_MODE])[f[EN_ACTION]]
            c = _entry_left(s, a, o, f[EN_ACTION], p, i)
            if a.target.zone == "stack":
                k = c[s.answer - OPTION]
                x = s.kstack[k]
                o.extend((f[EN_ACTION], x[SO_CARD], x[SO_OBJ], T_STACK_CARD if x[SO_KIND] == K_CARD else x[SO_ABILITY]))
            elif a.target.zone != "field":  # cards of one definition there are interchangeable
                d = s.opts[s.answer - OPTION]
                j = next(j for j in c if s.cdef[j] == d)
                o.extend((f[EN_ACTION], j, s.obj[j], T_ZONE))
            else:
                side = p if a.target.side == "own" else 1 - p
                j = s.field[side][s.answer - (OWN_FIELD if a.target.side == "own" else OPP_FIELD)]
                o.extend((f[EN_ACTION], j, s.obj[j], T_FIELD))
            f[EN_PICKS] += 1
    if st == ENS_TARGETS:  # NS 1204.2e: targets, distinct (e-2), not itself (e-4)
        acts = eab.acts(o[SO_MODE]) if eab is not None else ()
        while f[EN_ACTION] < len(acts):
            a = acts[f[EN_ACTION]]
            t = a.target
            # NS 1204.2e-1, 1204.2e-6: 'X targets' count X (fixed above); with 0 no target is chosen
            n = o[SO_NUMBER] if t is not None and t.count == N_X else (t.count if t is not None else 0)
            if t is None or not t.entry or f[EN_PICKS] >= n or (a.tatsujin and not o[SO_TJ]):
                if a.dist and not (a.tatsujin and not o[SO_TJ]) and _distribute(s, f, a, o, p):
                    return
                f[EN_ACTION] += 1
                f[EN_PICKS] = 0
                continue
            c = _entry_left(s, a, o, f[EN_ACTION], p, i)
            if not c:
                if t.up_to:
                    f[EN_PICKS] = DONE
                    continue
                if f[EN_TRIGGER]:  # NS 1209.5: a trigger that can't be entered is removed
                    s.kstack.pop()
                    s.stack.pop()
                    return
                raise AssertionError("entry offered without its targets (NS-G31)")
            f[STEP] = ENS_TARGET_ANSWER
            if t.zone == "stack":
                s.opts = [s.cdef[s.kstack[k][SO_CARD]] for k in c]
                legal = [OPTION + k for k in range(min(len(c), 32))]
            elif t.zone != "field":
                s.opts = option_defs(s, c)
                legal = [OPTION + k for k in range(min(len(s.opts), 32))]
            else:
                s.opts = []
                legal = field_actions(s, p, p if t.side == "own" else 1 - p, c)
            s.ask(p, D_CHOOSE, ([PASS] if t.up_to else []) + legal)
            return
        st = ENS_COSTS
    if st == ENS_ETHER_ANSWER:  # NS 1312.1: bow an ether card of the payer's choice (NS-G22)
        bow_chosen_ether(s, p)
        f[EN_ETHER] -= 1
    elif st == ENS_JITSU_ANSWER:  # NS 1320: turn a face-up damage card face down
        d = s.opts[s.answer - OPTION]
        j = next(j for j in s.damage[p] if not s.face_down[j] and s.cdef[j] == d)
        s.face_down[j] = True
        f[EN_JITSU] -= 1
    elif st == ENS_EXTRA_ANSWER:  # the additional cost: bow an ether card with the attribute
        bow_chosen_ether(s, p, s.defs[s.cdef[i]].extra_bow_attr)
        f[EN_EXTRA] = 0
    # NS 1204.2i, 1203.4: pay in printed order
    if f[EN_ABILITY] >= 0 and f[EN_EXTRA]:  # '(bow this, ...)' of an activated ability
        s.bowed[i] = True
        f[EN_EXTRA] = 0
    if f[EN_ETHER] > 0:
        c = ether_payable(s, p)
        if not c:
            rollback(s)
            s.stack.pop()
            return
        f[STEP] = ENS_ETHER_ANSWER
        ask_ether(s, p, c)
        return
    if f[EN_JITSU] > 0:
        s.opts = option_defs(s, [j for j in s.damage[p] if not s.face_down[j]])
        f[STEP] = ENS_JITSU_ANSWER
        s.ask(p, D_PAY_JITSU, [OPTION + k for k in range(len(s.opts))])
        return
    if f[EN_EXTRA]:
        c = ether_payable(s, p, s.defs[s.cdef[i]].extra_bow_attr)
        if not c:  # NS 1204.2i: this cost can't be paid -> the entry never happened
            rollback(s)
            s.stack.pop()
            return
        f[STEP] = ENS_EXTRA_ANSWER
        ask_ether(s, p, c)
        return
    s.stack.pop()  # NS 1204.2k: entered
    if f[EN_ABILITY] < 0:
        if s.defs[s.cdef[i]].extra_bow_attr is not None and not _free(f):
            s.saved.pop()
        fire(s, i, TR_ENTERED)  # NS-G9: 'when this is entered' triggers on the kotodama space


def _free(f) -> bool:
    """h_enter f[EN_FREE]: entered by an effect 'without paying its cost' (NS 1313.1b)."""
    return len(f) > EN_FREE and f[EN_FREE] == 1


def enter_candidates(s, a, p: int, src: int) -> list[int]:
    """NS 1313.1c: hand cards an 'enter without paying its cost' may choose: they match
    the filter and can be entered legally (entry-time targets exist, NS-G31); the cost
    is not paid, so it doesn't matter."""
    out = []
    for j in s.hand[p]:
        d = s.defs[s.cdef[j]]
        if passes(s, a.pick.filt, j, src, p) and (d.entry_ab is None or entry_ok(s, d.entry_ab, p, j)):
            out.append(j)
    return out


def _distribute(s, f, a, o, p: int) -> bool:
    """NS 1305.1, 1204.2f: distributing N among the targets just chosen: each has 1
    (NS 1204.2f-1); the rest is given one unit at a time to a chosen target (all of it to a
    lone target), recorded as repeated target entries and fixed from then on (NS 1204.2f-2).
    Returns True when the player is asked."""
    got = _picked(o, f[EN_ACTION])
    if not got or len(got) >= a.dist:
        return False
    distinct = list(dict.fromkeys(got))
    if len(distinct) == 1:
        for _ in range(a.dist - len(got)):
            o.extend((f[EN_ACTION],) + distinct[0])
        return False
    side = p if a.target.side == "own" else 1 - p
    f[STEP] = ENS_DISTRIBUTE_ANSWER
    s.opts = []
    s.ask(p, D_DISTRIBUTE, field_actions(s, p, side, [j for j, _, _ in distinct]))
    return True


def _entry_left(s, a, o, ai: int, p: int, i: int) -> list:
    got = _picked(o, ai)
    out = []
    for x in entry_candidates(s, a, p, i):
        if a.target.zone == "stack":
            y = s.kstack[x]
            key = (y[SO_CARD], y[SO_OBJ], T_STACK_CARD if y[SO_KIND] == K_CARD else y[SO_ABILITY])
            if y is o:
                continue
        else:
            key = (x, s.obj[x], T_FIELD if a.target.zone == "field" else T_ZONE)
        if key not in got:
            out.append(x)
    return out


def _mode_ok(s, ab, m: int, p: int, i: int) -> bool:
    return all(
        a.target is None
        or not a.target.entry
        or a.target.up_to
        or a.tatsujin
        or len(_entry_left(s, a, s.kstack[-1], -1, p, i)) >= a.target.count
        for a in ab.acts(m)
    )
