"""Costs (NS 1203, 1204.2g, 1312): the ether a card costs to enter, with the cost-changing statics (1204.2g-5/6,
104.6), and paying ether: the payer bows untapped ether cards of their choice (1312.1, NS-G22)."""

from __future__ import annotations

from ..layout import D_PAY_ETHER, OPTION
from ..records import SF_COST_CHANGES
from .abilities import option_defs


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


def ether_payable(s, p: int, attr: str | None = None) -> list[int]:
    """NS 1312.1: the ether cards ``p`` may bow to pay ether: untapped ones (with attribute ``attr`` for the
    additional cost 'bow an ether card with <attribute>')."""
    return [j for j in s.ether[p] if not s.bowed[j] and (attr is None or s.has_attr(j, attr))]


def ask_ether(s, p: int, cards: list[int]) -> None:
    """NS 1312.1, NS-G22: ask ``p`` which of ``cards`` to bow, by definition (the option list)."""
    s.opts = option_defs(s, cards)
    s.ask(p, D_PAY_ETHER, [OPTION + k for k in range(len(s.opts))])


def bow_chosen_ether(s, p: int, attr: str | None = None) -> None:
    """The answer to ``ask_ether``: bow an untapped ether card of the chosen definition (with ``attr``)."""
    d = s.opts[s.answer - OPTION]
    j = next(j for j in s.ether[p] if not s.bowed[j] and s.cdef[j] == d and (attr is None or s.has_attr(j, attr)))
    s.bowed[j] = True
