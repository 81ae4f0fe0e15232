"""Damage checks (NS 1100): a damage check resolves (1103, 1104): the top card to the check zone, the damage zone
(1104.3) or its ukemi (1104.4, 1211)."""

from __future__ import annotations

from ..cards import TR_ENTERED
from ..layout import D_UKEMI, PASS, YES
from ..records import sobj
from ..state import K_ABILITY, K_CARD, Z_CHECK, Z_DAMAGE, Z_OHIGAN, Z_STACK
from .abilities import cond_ok
from .costs import ask_ether, bow_chosen_ether, ether_payable
from .frames import H_UKEMI, STEP, UK_CARD, UK_ETHER, UK_PLAYER, UKS_ANSWER, UKS_ASK, UKS_PAID, UKS_PAY
from .triggers import fire


def damage_check(s, p: int) -> None:
    """NS 1104: the top card to the check zone; no ukemi -> damage zone face-up; ukemi ->
    entered (mandatory, NS 1211.3) or, if it can't be, Ohigan (1104.4b)."""
    if not s.deck[p]:
        return  # NS 1104.2 / NS-G13: nothing happens; NS-R2 follows at the rule check
    i = s.deck[p][0]
    s.move(i, Z_CHECK)
    d = s.defs[s.cdef[i]]
    if not d.has_ukemi:
        s.move(i, Z_DAMAGE)  # NS 1104.3
        return
    if d.ukemi_self:  # NS 1211.2b: the card itself enters without paying its cost (NS-G10)
        if cond_ok(s, d.ukemi_ability.cond, p, i):
            s.check[p].remove(i)
            s.zone[i] = Z_STACK
            s.obj[i] += 1
            s.kstack.append(sobj(K_CARD, i, s.obj[i], p, -1))
            fire(s, i, TR_ENTERED)  # entered without paying its cost (NS 1211.2b-1, NS-G9)
        else:
            s.move(i, Z_OHIGAN)  # NS 1104.4b
        return
    if d.ukemi_cost:  # NS 1104.4a, 1211.3a: '(cost):(effect)' may be declined
        if s.untapped_ether(p) >= d.ukemi_cost:
            s.stack.append([H_UKEMI, UKS_ASK, i, d.ukemi_cost, p])  # frames.UK_*
        else:
            s.move(i, Z_OHIGAN)  # NS 1104.4b: it can't be entered
        return
    s.kstack.append(sobj(K_ABILITY, i, s.obj[i], p, d.ukemi_ability.id))  # NS 1211.2c


def h_ukemi(s, f) -> None:
    """NS 1104.4a / 1211.3a: [H_UKEMI, step, card, ether left, player]."""
    i, p = f[UK_CARD], f[UK_PLAYER]
    if f[STEP] == UKS_ASK:
        s.ctx = i
        f[STEP] = UKS_ANSWER
        s.ask(p, D_UKEMI, [PASS, YES])
        return
    if f[STEP] == UKS_ANSWER:
        if s.answer == PASS:
            s.move(i, Z_OHIGAN)
            s.stack.pop()
            return
        s.kstack.append(sobj(K_ABILITY, i, s.obj[i], p, s.defs[s.cdef[i]].ukemi_ability.id))
        f[STEP] = UKS_PAY
    if f[STEP] == UKS_PAID:
        bow_chosen_ether(s, p)
        f[UK_ETHER] -= 1
    if f[UK_ETHER] > 0:  # NS 1312.1: bow ether cards of the payer's choice
        s.ctx = i
        f[STEP] = UKS_PAID
        ask_ether(s, p, ether_payable(s, p))
        return
    s.stack.pop()
