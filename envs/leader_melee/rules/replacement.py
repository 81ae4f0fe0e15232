"""Replacement effects (LM 8-10, 10-9 鉄壁): breaks, drops and damage that another effect may replace.

The candidates for an event (8-10-1, 8-10-2-3), the affected player's order (8-10-2, 8-10-2-1), an
optional one only when it can be carried out (8-10-3); the break (7-5-1-4-2, break skill 10-4-1) and
damage (4-9-1, strike skill 10-3-1) they replace.
"""

from __future__ import annotations

from ...core.engine import STEP
from ..layout import D_ORDER_REPLACEMENT, D_YES_NO, PASS, PENDING, YES
from ..state import CARDS_PER_PLAYER, Z_BATTLE, Z_DROP, Z_ENERGY, Z_LEADER
from .frames import (
    AI_IRON,
    EV_BREAK,
    EV_DAMAGE,
    EV_DROP,
    EV_NAMES,
    REPL_ACTOR,
    REPL_AMOUNT,
    REPL_BATTLE,
    REPL_CHOICE,
    REPL_DONE,
    REPL_EVENT,
    REPL_SRC,
    REPL_SRC_OBJ,
    REPL_SUBJECT,
    RULE,
    DecisionContext,
    repl_frame,
    res_frame,
)
from .information import ability_of, condition_ok, face_of, has_kw, negated, on_field
from .loops import loop_key, loop_note
from .losing import check_loss
from .triggers import fire
from .zones import lose_life, move


def iron_ready(s, u) -> bool:
    """鉄壁 (10-9-1, LM-G16) can still replace an event of card u this turn (once per object)."""
    return has_kw(s, u, "iron_wall") and s.iron[u] != s.obj[u]


def repl_candidates(s, ev, u, actor, battle, done):
    """The replacement effects that would apply to event ``ev``: break / drop of battle card
    u, or damage to player u; ``actor`` = the player whose effect or attack causes it, or RULE for
    a rule process (8-10-1 excepts no cause: only ``by: any`` names it), ``battle`` = by battle.
    Each is [source, obj, face, ability]; 鉄壁 is [u, obj, 0, AI_IRON]. Those in ``done`` (flat
    list of keys) already applied or were declined for this event (8-10-2-3)."""
    out = []
    o = u if ev == EV_DAMAGE else s.owner[u]
    by_opp = battle or (actor != o and actor != RULE)  # 鉄壁 / by: opp: battle or the opponent's effect
    if ev != EV_DAMAGE and by_opp and iron_ready(s, u):
        out.append([u, s.obj[u], 0, AI_IRON])
    if s.game.pool.has_repl:
        name = EV_NAMES[ev]
        for src in [CARDS_PER_PLAYER * o] + s.battle[o]:
            f = face_of(s, src)
            if not f.repl or (s.neg and negated(s, src)):
                continue
            for ai in f.repl:
                a = f.abilities[ai]
                if a.event != name or (a.by == "opp" and not by_opp) or (a.by == "battle" and not battle):
                    continue
                if ev != EV_DAMAGE and (a.subject == "self") != (src == u):
                    continue
                key = [src, s.obj[src], s.face[src], ai]
                if a.once and tuple(key) in s.once:
                    continue
                if not condition_ok(s, o, a.condition, src, s.obj[src]):
                    continue
                if a.optional and not _feasible(s, src, a):
                    continue  # 8-10-3
                out.append(key)
    if done:
        out = [k for k in out if not any(done[i : i + 4] == k for i in range(0, len(done), 4))]
    return out


def _feasible(s, src, a):
    """8-10-3: an optional replacement applies only if its instead-part can be carried out."""
    for act in a.actions:
        if act.target is not None and act.target.self_:
            if s.zone[src] not in (Z_LEADER, Z_BATTLE):
                return False
            if act.can is not None and not act.can(s, src):  # the verb's own condition (verbs.py)
                return False
    return True


def remove_card(s, u, dest, actor, battle, bsrc=-1, bso=0):
    """Break (dest energy) or drop battle card u, through replacement effects (8-10, 10-9);
    ``bsrc`` is the card whose break skill this break would trigger (LM-G9)."""
    ev = EV_BREAK if dest == Z_ENERGY else EV_DROP
    if repl_candidates(s, ev, u, actor, battle, ()):
        s.stack.append(repl_frame(ev, u, actor, battle, bsrc, bso, 0))
        return
    _do_remove(s, u, dest, bsrc, bso)


def _do_remove(s, u, dest, bsrc, bso):
    move(s, u, dest)
    if bsrc >= 0 and on_field(s, bsrc, bso):
        fire(s, bsrc, "break")  # 10-4-1, LM-G9
    check_loss(s)


def deal_damage(s, q, n, actor, battle, src=-1, so=0):
    """Player q loses n life cards (4-9-1), through damage replacements (8-10); battle damage
    from attack card src triggers its strike skill (10-3-1, LM-G8)."""
    if n > 0 and repl_candidates(s, EV_DAMAGE, q, actor, battle, ()):
        s.stack.append(repl_frame(EV_DAMAGE, q, actor, battle, src, so, n))
        return
    _do_damage(s, q, n, battle, src)


def _do_damage(s, q, n, battle, src):
    if n <= 0 or not s.life[q]:
        return
    lose_life(s, q, n)
    if battle and src >= 0:
        fire(s, src, "strike")
    check_loss(s)


def h_repl(s, f):
    """A replaceable event (frame ``repl_frame``, slots REPL_*):
    8-10-2: while replacements apply, the affected player picks one (ORDER_REPLACEMENT), an
    optional one is a yes / no (8-10-3); 鉄壁 and 'instead' ones end the event (8-10-1-1),
    'reduce' lowers the damage and the rest are collected again; then the event happens.
    A drop of the battle area limit (actor RULE) does not happen here: the card stays in
    ``s.picks`` and goes with the others (9-1-2-3, LM-N1) unless it is replaced."""
    st, ev, u, actor, battle = f[STEP], f[REPL_EVENT], f[REPL_SUBJECT], f[REPL_ACTOR], f[REPL_BATTLE]
    done = f[REPL_DONE:]
    if st == 1:  # ORDER_REPLACEMENT answer
        f[REPL_CHOICE] = s.answer - PENDING
        st = 2
    cands = repl_candidates(s, ev, u, actor, battle, done)
    if st == 0:
        if not cands:
            s.stack.pop()
            if ev == EV_DAMAGE:
                _do_damage(s, u, f[REPL_AMOUNT], battle, f[REPL_SRC])
            elif actor != RULE:
                _do_remove(s, u, Z_ENERGY if ev == EV_BREAK else Z_DROP, f[REPL_SRC], f[REPL_SRC_OBJ])
            return
        if len(cands) > 1:
            s.ask(
                u if ev == EV_DAMAGE else s.owner[u],
                D_ORDER_REPLACEMENT,
                [PENDING + j for j in range(min(16, len(cands)))],
            )  # 8-10-2, 8-10-2-1
            s.decision_ctx = DecisionContext(pending=tuple(tuple(k) for k in cands))
            f[STEP] = 1
            return
        f[REPL_CHOICE] = 0
        st = 2
    key = cands[f[REPL_CHOICE]]
    src, so, fc, ai = key
    if ai == AI_IRON:  # 鉄壁: nothing happens (LM-G16)
        s.iron[src] = so  # used by this object this turn (the list is cleared at the turn's end, 6-5)
        s.stack.pop()
        return
    a = ability_of(s, src, fc, ai)
    if st == 2 and a.optional:
        key_ = loop_key(s, (D_YES_NO, src))
        m = s.owner[src]
        s.ask(m, D_YES_NO, [x for x in (PASS, YES) if not (s.barred and (m, key_, x) in s.barred)])
        s.decision_ctx = DecisionContext(src)  # the replacement offered
        s.ctx.append(key_)
        f[STEP] = 3
        return
    if st == 3:
        loop_note(s, s.owner[src], s.ctx.pop(), s.answer)
    if st == 3 and s.answer == PASS:  # declined: it does not apply to this event
        f.extend(key)  # REPL_DONE
        f[STEP] = 0
        return
    if a.once:
        s.once.append(tuple(key))  # 10-15
    s.work += 1
    if ev == EV_DAMAGE:  # 'reduce' (verbs.py): the same event with a smaller amount; collect again
        for act in a.actions:
            act.fn(s, f, act, src, s.owner[src], -1)
        f.extend(key)
        f[STEP] = 0
        if f[REPL_AMOUNT] <= 0:
            s.stack.pop()
        return
    s.stack.pop()  # the event is replaced: its instead-part happens (8-10-1, 8-10-1-1)
    if actor == RULE:
        s.picks.remove(u)  # 9-3: this card is not put into the drop area
    if a.actions:
        s.stack.append(res_frame(2, s.owner[src], src, so, fc, ai))
