"""Replacement effects (NS 1214): the kill replacements (1214.1: a character's own survive_kill, another own
character's rescue_kill), the choice among several (1214.2, decision 'replacement') and applying the one chosen,
and only it (1214.3).

Every rule about choosing among replacements lives here; the rest of the rules call three gates:
``effect_kill_first`` (an effect is about to kill a card), ``rule_kills_first`` (the rule check is about to
kill characters, NS 1004) and ``replace_kill`` (inside ``actions.kill``), and ``forget_choices`` when a rule
check ends. A choice is asked only in games with rescue_kill cards (``SF_RESCUE_KILL``): with survive_kill
alone, one replacement at most ever applies.
"""

from __future__ import annotations

from ..layout import D_REPLACE, OWN_FIELD
from ..records import SF_RESCUE_KILL, TU_SURVIVE_KILL
from ..state import Z_HAND
from . import actions
from .abilities import field_actions, use_once, uses
from .frames import H_REPL, RP_CARD, RP_OBJ, RP_PERFORM, RP_SOURCE, RPS_ANSWER, RPS_ASK, STEP

# a choice made (``State.repl``): [card about to be killed, its obj, the card whose replacement applies]
CH_CARD, CH_OBJ, CH_SOURCE = range(3)


def kill_replacements(s, i: int) -> list[int]:
    """NS 1214: the field characters whose replacement effect applies if ``i`` would be killed: ``i``
    itself (its survive_kill with uses left this turn), then its controller's other face-up characters
    with rescue_kill, in field order."""
    out = []
    ks = s.defs[s.cdef[i]].kill_shield
    if ks and uses(s, i, TU_SURVIVE_KILL) < ks:  # NS 1604: its uses this turn
        out.append(i)
    if s.statics & SF_RESCUE_KILL:
        defs, cdef, fd = s.defs, s.cdef, s.face_down
        for j in s.field[s.owner[i]]:
            if j != i and not fd[j] and defs[cdef[j]].rescue_kill:
                out.append(j)
    return out


def choose_replacement(s, i: int, perform: int = 0, src: int = -1) -> bool:
    """NS 1214.2: if two or more replacements apply to killing ``i`` and none is chosen yet, push the
    frame that asks its controller (and, with ``perform``, then kills it with source ``src``); True
    when pushed."""
    if not s.statics & SF_RESCUE_KILL or s.face_down[i]:
        return False
    o = s.obj[i]
    if any(r[CH_CARD] == i and r[CH_OBJ] == o for r in s.repl) or len(kill_replacements(s, i)) < 2:
        return False
    s.stack.append([H_REPL, RPS_ASK, i, o, perform, src])  # frames.RP_*
    return True


def effect_kill_first(s, a, j: int, perform: int = 0, src: int = -1) -> bool:
    """Before action ``a`` of an effect is done to card ``j``: if it kills (``a.verb.kills``) a character
    that can be killed (NS 104.4: not kill_proof), its replacement is chosen first (NS 1214.2). True when
    the choice is asked: the caller returns, and (``perform`` 0) starts the action again once it is made,
    or (``perform`` 1) lets the choice's frame do the kill with source ``src``."""
    return (
        a.verb.kills
        and s.statics & SF_RESCUE_KILL
        and not s.has_kw(j, "kill_proof")
        and choose_replacement(s, j, perform, src)
    )


def rule_kills_first(s, dead: list[int]) -> bool:
    """NS 1004 with NS 1214.2: before the rule check kills ``dead`` (simultaneously), every replacement
    choice is asked; True when one is asked (the caller runs its rule check again afterwards)."""
    if dead and s.statics & SF_RESCUE_KILL:
        for j in dead:
            if choose_replacement(s, j):
                return True
    return False


def h_repl(s, f) -> None:
    """NS 1214.2: the controller of the character about to be killed picks the replacement to apply
    (own_field i: that character's replacement); recorded in ``State.repl`` for the kill; with ``perform``
    the kill (an effect's, NS 1216.5b) is done here."""
    i = f[RP_CARD]
    p = s.owner[i]
    if f[STEP] == RPS_ASK:
        f[STEP] = RPS_ANSWER
        s.ctx = i
        s.opts = []
        s.ask(p, D_REPLACE, field_actions(s, p, p, kill_replacements(s, i)))
        return
    s.repl.append([i, f[RP_OBJ], s.field[p][s.answer - OWN_FIELD]])
    s.stack.pop()
    if f[RP_PERFORM]:
        actions.kill(s, i, f[RP_SOURCE])


def replace_kill(s, i: int) -> bool:
    """NS 1214.1, 1214.3: if a replacement applies to killing ``i``, apply it instead and return True (the
    kill is gone). Its own survive_kill bows it and removes its damage, while its per-turn uses last;
    another own character's rescue_kill returns it to its owner's hand. With several, the one its
    controller chose (``State.repl``, NS 1214.2) applies, and only it."""
    ks = s.defs[s.cdef[i]].kill_shield
    if not (ks or s.statics & SF_RESCUE_KILL) or s.face_down[i]:
        return False
    srcs = kill_replacements(s, i)
    if not srcs:
        return False
    pick = srcs[0]
    if len(srcs) > 1:
        o = s.obj[i]
        for r in s.repl:
            if r[CH_CARD] == i and r[CH_OBJ] == o:
                s.repl.remove(r)
                if r[CH_SOURCE] in srcs:
                    pick = r[CH_SOURCE]
                break
    if pick == i:
        use_once(s, i, TU_SURVIVE_KILL, ks)  # NS 1604
        s.bowed[i] = True
        s.dmg[i] = 0
        s.ikusa_hit[i] = False
    else:
        s.move(i, Z_HAND)  # from the field: public, both players keep knowing it
    return True


def forget_choices(s) -> None:
    """A rule check that changed nothing ends: choices made for kills that did not happen are dropped."""
    if s.repl:
        s.repl = []
