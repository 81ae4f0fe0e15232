"""Resolution (NS 1205): a card or ability on top of the kotodama space resolves (1205.1); an ability's actions in
order (``h_exec``), each by its verb (``verbs.py``); targets chosen at entry checked again (1205.1a) or chosen
now (1307)."""

from __future__ import annotations

from ...core.engine import DecisionState
from ..cards import CHARACTER, TR_APPEARS
from ..layout import D_CHOOSE, OPP_FIELD, OPTION, OWN_FIELD, OWN_HAND, PASS
from ..records import (
    SO_ABILITY,
    SO_CARD,
    SO_CTL,
    SO_FIXED,
    SO_HIDE,
    SO_KEY,
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
)
from ..state import K_ABILITY, K_CARD, K_CHECK, Z_CHECK, Z_ETHER, Z_FIELD, Z_HAND, Z_OHIGAN
from ..words import card_number, passes
from .abilities import candidates, cond_ok, field_actions, option_defs
from .actions import carry
from .damage import damage_check
from .frames import (
    EX_ABILITY,
    EX_ACTION,
    EX_COUNT,
    EX_CTL,
    EX_EXTRA,
    EX_MODE,
    EX_NUMBER,
    EX_SRC,
    EX_SRC_OBJ,
    EX_TARGETS,
    EX_TJ,
    EXS_ANSWER,
    EXS_RUN,
    EXS_START,
    H_EXEC,
    RES_KEY,
    RSS_DONE,
    RSS_START,
    STEP,
)
from .replacement import effect_kill_first
from .triggers import fire

ZONE_OF = {"field": Z_FIELD, "ether": Z_ETHER, "ohigan": Z_OHIGAN}


def exec_frame(ability: int, src: int, src_obj: int, o: list) -> list:
    """The frame that does ``ability`` of source ``src`` (object ``src_obj``) for kotodama-space object ``o``: its
    controller, tatsujin paid, mode, number and targets chosen at entry (frames.EX_*)."""
    return [H_EXEC, EXS_START, ability, 0, src, src_obj, o[SO_CTL], 0, 0, o[SO_TJ], o[SO_MODE], o[SO_NUMBER]] + o[
        SO_FIXED:
    ]


def h_resolve(s, f) -> None:
    if f[STEP] == RSS_START:
        o = s.kstack[-1]
        kind = o[SO_KIND]
        if kind == K_CHECK:
            s.kstack.pop()  # NS 1104.5
            s.stack.pop()
            damage_check(s, o[SO_CTL])
            return
        if kind == K_CARD:
            i = o[SO_CARD]
            d = s.defs[s.cdef[i]]
            if d.type == CHARACTER:  # NS 1205.1c-1: onto its controller's field
                tj = o[SO_TJ]
                s.move(i, Z_FIELD)
                if s.teff:  # NS 1205.1c-3: it arrives with the effects applied to it on the kotodama space
                    carry(s, i, o[SO_OBJ])
                if tj:
                    s.tj[i] = s.obj[i]  # NS-G30: tatsujin paid, on the field object
                fire(s, i, TR_APPEARS)
                s.stack.pop()
                return
            f[STEP] = RSS_DONE
            f[RES_KEY:] = o[:SO_KEY]  # which object resolves (found again in step 1)
            s.stack.append(exec_frame(d.text_ability.id, i, s.obj[i], o))
            return
        f[STEP] = RSS_DONE  # an ability: does its effect even if its source is gone (NS 1205.1d-1)
        f[RES_KEY:] = o[:SO_KEY]
        s.stack.append(exec_frame(o[SO_ABILITY], o[SO_CARD], o[SO_OBJ], o))
        return
    k = len(s.kstack) - 1  # the resolving object: a card its effect entered (NS 1313) may be above it
    while k > 0 and s.kstack[k][:SO_KEY] != f[RES_KEY : RES_KEY + SO_KEY]:
        k -= 1
    o = s.kstack[k]
    if o[SO_KIND] == K_CARD:  # NS 1205.1c-2: a kotodama goes to Ohigan
        s.move(o[SO_CARD], Z_OHIGAN)
    else:
        del s.kstack[k]
        i = o[SO_CARD]
        if s.zone[i] == Z_CHECK:  # NS 1104.4c, 1211.4: the ukemi card goes to Ohigan
            s.move(i, Z_OHIGAN)
        elif o[SO_HIDE] and s.zone[i] == Z_HAND and s.obj[i] == o[SO_OBJ]:
            s.pub[i] = False  # NS 1209.3c: revealed only until its ability left the kotodama space
    s.stack.pop()


def h_exec(s, f) -> None:
    """An ability's actions in order, each by its verb (``verbs.py``): ``a.verb.step`` does it
    or asks (then ``a.verb.answer`` takes the answer and the step runs again)."""
    # f = [H_EXEC, step, ability, action index, source, source obj, controller, count, extra, tatsujin paid,
    #      mode, number, targets chosen at entry (quadruples)...]
    ab = s.abilities[f[EX_ABILITY]]
    acts = ab.acts(f[EX_MODE])
    ctl, src = f[EX_CTL], f[EX_SRC]
    if f[STEP] == EXS_START:
        if not cond_ok(s, ab.cond, ctl, src):  # checked on resolution (NS-G11)
            s.stack.pop()
            return
        if ab.x_value is not None:  # NS 1304.3, 1205.1b: X not fixed at entry is fixed now
            f[EX_NUMBER] = card_number(ab.x_value, s, src, ctl)
        f[STEP] = EXS_RUN
    if f[STEP] == EXS_ANSWER:
        f[STEP] = EXS_RUN
        a = acts[f[EX_ACTION]]
        a.verb.answer(s, f, a, ctl, src)
        if s.stack[-1] is not f:  # NS 1313: an entry runs first; this resumes after it
            return
    while True:
        if f[EX_ACTION] >= len(acts):
            s.stack.pop()
            return
        a = acts[f[EX_ACTION]]
        s.ctx = src
        # NS 1404.2a: a tatsujin action only when the tatsujin cost was paid; n: X (NS 1304.2c) or the
        # last-known value (NS 1215) when not printed
        if not (a.tatsujin and not f[EX_TJ]) and a.verb.step(s, f, a, ctl, src, a.n if a.n > 0 else f[EX_NUMBER]):
            return
        f[EX_ACTION] += 1
        f[EX_COUNT] = 0
        f[EX_EXTRA] = 0


def next_action(f) -> None:
    """Go on with the ability's next action (an answer that ends this one)."""
    f[EX_ACTION] += 1
    f[EX_COUNT] = f[EX_EXTRA] = 0


def skip_rest(s, f) -> None:
    """The ability's remaining actions are not done (NS 1203.7: an optional cost not paid)."""
    f[EX_ACTION] = len(s.abilities[f[EX_ABILITY]].acts(f[EX_MODE]))
    f[EX_COUNT] = f[EX_EXTRA] = 0


def on_targets(s, f, a, ctl: int, src: int, n: int) -> bool:
    """The step of every verb done to targets: which cards get ``a.fn``, by the target's kind.
    Chosen at entry: each still legal on resolution (NS 1205.1a), distributed shares at once
    (NS 1305.1, 1204.2f-2); a hand card: picked now (NS 1307.4); 'self': the source, while it is
    the same object on the field; otherwise chosen now among the candidates, distinct (NS
    1204.2e-2). True when the player is asked."""
    t = a.target
    if a.dist:  # NS 1305.1, 1204.2f-2: each target still legal is dealt its share at once
        shares = {}
        for q in range(EX_TARGETS, len(f), TG_SIZE):
            if f[q + TG_ACTION] == f[EX_ACTION]:
                key = (f[q + TG_CARD], f[q + TG_OBJ], f[q + TG_CODE])
                shares[key] = shares.get(key, 0) + 1
        for (j, obj, code), units in shares.items():
            _entry_target(s, a, j, obj, code, ctl, src, units)
    elif t.entry:  # NS 1205.1a: only targets still legal
        if a.verb.kills:  # NS 1214.2: replacements chosen before the kills
            for q in range(EX_TARGETS, len(f), TG_SIZE):
                if (
                    f[q + TG_ACTION] == f[EX_ACTION]
                    and f[q + TG_CODE] == T_FIELD
                    and s.alive(f[q + TG_CARD], f[q + TG_OBJ])
                    and _legal_target(s, a, f[q + TG_CARD], ctl, src)
                    and effect_kill_first(s, a, f[q + TG_CARD])
                ):
                    return True  # this action starts again once the choice is made
        for q in range(EX_TARGETS, len(f), TG_SIZE):
            if f[q + TG_ACTION] == f[EX_ACTION]:
                _entry_target(s, a, f[q + TG_CARD], f[q + TG_OBJ], f[q + TG_CODE], ctl, src, n)
    elif t.zone == "hand":  # NS 1307.4: a hand card, picked now
        h = s.hand[ctl]
        if f[EX_COUNT] < t.count and h:
            # NS 1307.2: a hidden zone guarantees nothing: pass is always legal, and the question is
            # asked whenever the hand has cards (public), never skipped by auto_forced (no leak)
            f[STEP] = EXS_ANSWER
            s.opts = []
            picked = f[EX_EXTRA]
            DecisionState.ask(
                s,
                ctl,
                D_CHOOSE,
                [PASS]
                + [OWN_HAND + k for k, j in enumerate(h) if passes(s, t.filt, j, src, ctl) and not (picked >> j) & 1],
            )
            return True
    elif t.is_self:
        if s.zone[src] == Z_FIELD and s.obj[src] == f[EX_SRC_OBJ]:
            if effect_kill_first(s, a, src):
                return True  # NS 1214.2: this action starts again once the choice is made
            a.fn(s, a, src, ctl, src, n)
    elif f[EX_COUNT] < t.count:
        c = [j for j in candidates(s, a, ctl, src) if not (f[EX_EXTRA] >> j) & 1]  # distinct (NS 1204.2e-2)
        if c:
            f[STEP] = EXS_ANSWER
            if t.zone == "field":
                s.opts = []
                legal = field_actions(s, ctl, ctl if t.side == "own" else 1 - ctl, c)
            else:
                s.opts = option_defs(s, c)
                legal = [OPTION + k for k in range(min(len(s.opts), 32))]
            s.ask(ctl, D_CHOOSE, ([PASS] if t.up_to else []) + legal)
            return True
    return False


def target_answer(s, f, a, ctl: int, src: int) -> None:
    """A target chosen on resolution (a field slot, a hand slot or an option) gets ``a.fn``;
    pass: no more targets ('up to', NS 1307.2). A kill asks for its replacement first (NS 1214.2)."""
    ans = s.answer
    if ans == PASS:
        next_action(f)
        return
    if ans >= OPP_FIELD:
        j = s.field[1 - ctl][ans - OPP_FIELD]
    elif ans >= OWN_FIELD:
        j = s.field[ctl][ans - OWN_FIELD]
    elif ans >= OWN_HAND:  # 'reveal a card from your hand: it gets ...': revealed (NS 1306.1), and known
        j = s.hand[ctl][ans - OWN_HAND]  # to both while it stays in the hand (notes)
        s.pub[j] = True
    else:
        d = s.opts[ans - OPTION]
        j = next(j for j in candidates(s, a, ctl, src) if s.cdef[j] == d and not (f[EX_EXTRA] >> j) & 1)
    f[EX_COUNT] += 1
    f[EX_EXTRA] |= 1 << j
    if effect_kill_first(s, a, j, 1, src):
        return  # NS 1214.2: the frame asks which replacement applies, then kills it
    a.fn(s, a, j, ctl, src, a.n if a.n > 0 else f[EX_NUMBER])


def _legal_target(s, a, j: int, ctl: int, src: int) -> bool:
    t = a.target
    return s.owner[j] == (ctl if t.side == "own" else 1 - ctl) and passes(s, t.filt, j, src, ctl)


def _entry_target(s, a, j: int, obj: int, code: int, ctl: int, src: int, n: int) -> None:
    t = a.target
    if code == T_FIELD or code == T_ZONE:  # still the same object in the same zone and side
        if s.zone[j] == ZONE_OF[t.zone] and s.obj[j] == obj and _legal_target(s, a, j, ctl, src):
            a.fn(s, a, j, ctl, src, n)
        return
    for k, o in enumerate(s.kstack):
        if (
            o[SO_CARD] == j
            and o[SO_OBJ] == obj
            and (o[SO_KIND] == K_CARD if code == T_STACK_CARD else (o[SO_KIND] == K_ABILITY and o[SO_ABILITY] == code))
        ):
            a.fn(s, a, k, ctl, src, n)
            return
