"""Costs (NS 1203, 1204.2g): the ether a card costs to enter, with the cost-changing statics (1204.2g-5/6, 104.6)."""
from __future__ import annotations

from ..records import SF_COST_CHANGES

def ether_cost(s, p: int, d, i: int = -1) -> int:
    """The ether a card of definition ``d`` costs ``p`` to enter (NS 1204.2g): printed, then
    the increases (NS 1204.2g-5), then the decreases (NS 1204.2g-6), at least 0, from the
    face-up field characters' cost statics; a 'becomes N' counts as an increase or a decrease by
    comparing N with the cost before the changes (NS 104.6). (No effect here changes a cost action into
    another, NS 1204.2g-4.) The printed cost is card ``i``'s own: a characteristic-defining ability
    may define it (NS 1210.2)."""
    cost = s.cost_of(i) if i >= 0 else d.cost
    if not s.statics & SF_COST_CHANGES:
        return cost
    inc, dec = [], []
    for q in (0, 1):
        for j in s.field[q]:
            if s.face_down[j]:
                continue
            for side, ty, n, is_set in s.defs[s.cdef[j]].cost_mods:
                if (side == 0) == (q == p) and (ty is None or ty == d.type):
                    if is_set:  # NS 104.6: 'becomes N' is an increase if N is more, a decrease if less
                        if n != cost:
                            (inc if n > cost else dec).append((s.since[j], 1, n))
                    elif n > 0:
                        inc.append((s.since[j], 0, n))
                    else:
                        dec.append((s.since[j], 0, n))
    v = cost
    for stage in (inc, dec):  # NS 1204.2g-5, then 1204.2g-6; each in timestamp order (1213.3b by analogy)
        stage.sort()
        for _, is_set, n in stage:
            v = n if is_set else v + n
    return v if v > 0 else 0
