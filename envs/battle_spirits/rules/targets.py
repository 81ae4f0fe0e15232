"""Choosing targets (BS 9-3-2, 9-3-2-1, 1-4-5-1): the cards a target word names (``self``,
``attacker``, ``event``, 10-2-2-6), the candidates of a target spec (untargetable and
unaffected cards excluded, 「最も～」 extremes), and the handler asking for them one atomic
choice at a time.
"""

from __future__ import annotations

from ..cards import (
    B_IMMUNE,
    IM_ALL,
    IM_TARGET,
    SIDE_OPP,
    SIDE_OWN,
    T_ATTACKER,
    T_BLOCKER,
    T_EVENT,
    T_MOVED,
    T_SELF,
    TZ_FIELD,
    TZ_TRASH,
    Target,
)
from ..layout import D_TARGET, FIELD, HAND, MAX_HAND, MAX_TRASH, OPP_FIELD, PASS, TRASH
from ..state import Z_FIELD, Z_TRASH, Z_WAIT, State
from .frames import STEP, TGT_ALIST, TGT_IP, TGT_PLAYER, TGT_SELS, TGT_SRC, ask


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
    if t.zone == TZ_FIELD:
        for q in (p,) if t.side == SIDE_OWN else (1 - p,) if t.side == SIDE_OPP else (p, 1 - p):
            base = FIELD if q == me else OPP_FIELD
            for j, i in enumerate(s.field[q]):
                if i not in chosen and s.matches(t, i, src, p) and not s.armored(i, src, kind):
                    out.append((base + j, i))
    elif t.zone == TZ_TRASH:
        q = p if t.side == SIDE_OWN else 1 - p
        for k, i in enumerate(s.trash[q]):
            if k < MAX_TRASH and i not in chosen and s.matches(t, i, src, p) and not (imm and s.immune(i, src, kind)):
                out.append((TRASH + k, i))
    else:  # TZ_HAND
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
    src, p, alist, ip, base = f[TGT_SRC], f[TGT_PLAYER], f[TGT_ALIST], f[TGT_IP], f[TGT_SELS]
    a = s.alists[alist][ip]
    t = a.target
    chosen = s.sels[base]
    by = 1 - p if t.chooser else -1  # chooser: opp (「相手は、相手のスピリット1体を破壊する」, BS 9-3-2)
    if f[STEP] == 1:
        ans = s.answer
        f[STEP] = 0
        s.ctx_controller = -1
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
    s.ctx_controller = p
    ask(s, p if by < 0 else by, D_TARGET, legal)
    f[STEP] = 1
