"""The battle (LM 7-3 .. 7-5): attackers (7-3-1-2, pressure skills 10-5-1), attack targets
(7-3-1-4, 防衛 10-10-1) and the battle judgement (7-5-1-2 .. 7-5-1-4). The battle's steps run in ``turn``."""

from __future__ import annotations

from ..layout import OPP_BATTLE, OPP_LEADER, OWN_BATTLE, SELF_LEADER
from ..state import Z_ENERGY
from .information import cur_statics, has_kw, leader, on_field, prohibited_attack, stat
from .replacement import deal_damage, remove_card


def attacker_actions(s, p):
    """7-3-1-2 (LM-G18): active leader / battle cards; every one has a target (the leader or a 防衛 card)."""
    out = []
    cont = bool(cur_statics(s))
    lu = leader(p)
    if not s.rest[lu] and not (cont and prohibited_attack(s, lu)):
        out.append(SELF_LEADER)
    for i, u in enumerate(s.battle[p]):
        if not s.rest[u] and not (cont and prohibited_attack(s, u)):  # 10-5-1 pressure skills
            out.append(OWN_BATTLE + i)
    return out


def target_actions(s, p):
    """7-3-1-4, 防衛 (10-10-1, LM-G17): only 防衛 cards while the defender has one."""
    q = 1 - p
    defend = [OPP_BATTLE + i for i, u in enumerate(s.battle[q]) if has_kw(s, u, "defend")]
    if defend:
        return defend
    return [OPP_LEADER] + [OPP_BATTLE + i for i in range(len(s.battle[q]))]


def judge(s):
    """7-5-1-2 .. 7-5-1-4: attack side >= guard side wins; damage and break go through
    replacement effects (8-10), so they may push an H_REPL frame."""
    tp, q = s.tp, 1 - s.tp
    a, g = s.attack, s.guard
    atk = (stat(s, a, 0) if on_field(s, a, s.aobj) else 0) + sum(stat(s, u, 0) for u in s.melee[tp])
    grd = (stat(s, g, 0) if on_field(s, g, s.gobj) else 0) + sum(stat(s, u, 0) for u in s.melee[q])
    if atk < grd:
        return
    if g == leader(q):  # 7-5-1-4-1
        n = stat(s, a, 1) if on_field(s, a, s.aobj) else 0  # 7-5-1-4-1-1
        if n > 0 and s.life[q]:
            deal_damage(s, q, n, tp, True, a, s.aobj)  # strike skill: 10-3-1, LM-G8
        return
    if on_field(s, g, s.gobj):  # 7-5-1-4-2 (a gone guard card is not broken, LM-G7)
        remove_card(s, g, Z_ENERGY, tp, True, a, s.aobj)  # break skill: 10-4-1, LM-G9
