"""Replacement effects (NS 1214): the kill replacements (1214.1, survive_kill and rescue_kill), the choice
among several (1214.2, decision 'replacement') and applying one (1214.3)."""
from __future__ import annotations

from ..records import SF_RESCUE_KILL
from ..layout import D_REPLACE, OWN_FIELD
from .frames import H_REPL
from . import actions


def kill_replacements(s, i: int) -> list[int]:
    """NS 1214: the field characters whose replacement effect applies if ``i`` would be killed: ``i``
    itself (its survive_kill with uses left this turn), then its controller's other face-up characters
    with rescue_kill, in field order."""
    out = []
    ks = s.defs[s.cdef[i]].kill_shield
    if ks:
        o = s.obj[i]
        if not any(u[0] == i and u[1] == o and u[2] == -2 and u[3] >= ks for u in s.tuses):
            out.append(i)
    if s.statics & SF_RESCUE_KILL:
        defs, cdef, fd = s.defs, s.cdef, s.face_down
        for j in s.field[s.owner[i]]:
            if j != i and not fd[j] and defs[cdef[j]].rescue_kill:
                out.append(j)
    return out


def ask_replacement(s, i: int, perform: int = 0, src: int = -1) -> bool:
    """NS 1214.2: if two or more replacements apply to killing ``i`` and none is chosen yet, push the
    frame that asks its controller (and, with ``perform``, then kills it with source ``src``); True
    when pushed. Only in games with rescue_kill cards (``statics`` 256)."""
    if not s.statics & SF_RESCUE_KILL or s.face_down[i]:
        return False
    o = s.obj[i]
    if any(r[0] == i and r[1] == o for r in s.repl) or len(kill_replacements(s, i)) < 2:
        return False
    s.stack.append([H_REPL, 0, i, o, perform, src])
    return True


def h_repl(s, f) -> None:
    """NS 1214.2: [H_REPL, step, card, obj, perform, source]: the controller of the character about to be
    killed picks the replacement to apply (own_field i: that character's replacement); recorded in
    ``State.repl`` for the kill; with ``perform`` the kill (an effect's, NS 1216.5b) is done here."""
    i, p = f[2], s.owner[f[2]]
    if f[1] == 0:
        f[1] = 1
        s.ctx = i
        s.opts = []
        fl = s.field[p]
        s.ask(p, D_REPLACE, sorted(OWN_FIELD + fl.index(j) for j in kill_replacements(s, i)))
        return
    s.repl.append([i, f[3], s.field[p][s.answer - OWN_FIELD]])
    s.stack.pop()
    if f[4]:
        actions.kill(s, i, f[5])


def _shield(s, i: int, limit: int) -> bool:
    """Count a use of the kill replacement this turn (the per-turn records of NS 1604)."""
    rec = next((u for u in s.tuses if u[0] == i and u[1] == s.obj[i] and u[2] == -2), None)
    if rec is None:
        rec = [i, s.obj[i], -2, 0]
        s.tuses.append(rec)
    if rec[3] >= limit:
        return False
    rec[3] += 1
    return True
