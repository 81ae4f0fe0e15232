"""Rule processes (BS 10) and the waiting state: vanishing below the Lv1 cost (5-11, 3-2-5-4,
10-2-2-9), the move of waiting cards once their resolution chain ends (10-2-2-5, 4-5-4,
10-2-2-7, 4-1-4), its replacement for a destroyed card's cores (``destroyed_cores``), and
``settle``, which pushes the resolution of what triggered followed by that move.
"""

from __future__ import annotations

from ...core import effects
from ..cards import B_NEGATE, B_REPLACE, RP
from ..state import S_RESERVE, S_TRASH, W_DECK_TOP, W_DESTROY, W_HAND, W_VANISH, Z_DECK, Z_FIELD, Z_WAIT, State
from .actions import forget_soul_paid, put_in_hand, to_trash, to_wait
from .frames import H_SETTLE
from .triggers import TO_HAND_EVENTS, added_to_hand


def lv1_cost(s: State, i: int) -> int:
    """Card ``i``'s Lv1 cost with its Lv-cost changes (a game with cards.B_LVCOST only)."""
    c = s.defs[s.cdef[i]].lv_cores[0] + s.lv_cost_mod(i)
    return c if c > 0 else 0


def check_vanish(s: State, placing: int = -1, before: dict | None = None) -> None:
    """Rule process: a card with fewer cores than its Lv1 cost vanishes (5-11, 3-2-5-4);
    ``before``: levels just before the change, at which the vanished card resolves (10-2-2-3)."""
    for p in (0, 1):
        for i in s.field[p][:]:
            if i != placing and s.level(i) == 0:
                to_wait(s, i, W_VANISH, False, before.get(i, 0) if before else 0)


def flush_waiting(s: State, mark: int) -> None:
    """Move cards whose resolution chain ended to their destination (10-2-2-5)."""
    w = s.waiting
    for i in w[mark:]:
        if s.zone[i] != Z_WAIT:
            continue
        p = s.owner[i]
        k = s.wait_kind[i]
        if s.bflags & B_REPLACE and k == W_DESTROY:
            destroyed_cores(s, i)  # 'its cores go to the trash instead of the reserve'
        s.reserve[p] += s.cores[i]  # 4-5-4: its cores go to the owner's reserve
        s.cores[i] = 0
        if s.soul[p] == i:
            s.soul[p] = S_RESERVE
        s.exh[i] = 0
        if s.wait_dest[i] >= 0:  # a card that changed waiting state keeps its first destination (4-1-6, 10-2-2-7)
            k = s.wait_dest[i]
        if k in (W_DESTROY, W_VANISH):
            to_trash(s, i)
        elif k == W_HAND:
            put_in_hand(s, p, i)  # returned in full view
            if s.watch & TO_HAND_EVENTS:
                added_to_hand(s, p, (i,))
        else:
            s.zone[i] = Z_DECK
            s.known[i] = False
            if k == W_DECK_TOP:
                s.deck[p].append(i)
            else:
                s.deck[p].insert(0, i)
        s.teff = effects.drop_target(s.teff, i)  # 4-1-4: a new card in the new zone
        forget_soul_paid(s, i)
    del w[mark:]


def settle(s: State, mark: int) -> None:
    """Push the resolution of pending triggers, then the move of waiting cards."""
    s.stack.append([H_SETTLE, 0, mark])


def destroyed_cores(s: State, i: int) -> None:
    """10-2-2-5 replaced (``replace: destroyed_cores``): some or all cores of destroyed card
    ``i`` go to the trash or the void instead of the reserve. One replacement applies (9-1-8-1-2):
    the card's own, else the first field card naming it (the turn player's first; no choice
    is asked, ruling in docs/rules/battle_spirits_notes.md). The soul core goes to the trash
    with the others, never to the void (5-7-3)."""
    p = s.owner[i]
    found = None
    for e in s.defs[s.cdef[i]].replaces:
        if e.event == RP["destroyed_cores"] and e.of_ is None and (not e.cond or s.cond_ok(e.cond, i, p)):
            found = e
            break
    if found is None:
        s.zone[i] = Z_FIELD  # matched as the field card it was (its level is the one just before)
        for q in (s.tp, 1 - s.tp):
            for j in s.field[q]:
                if s.bflags & B_NEGATE and s.negated(j):
                    continue  # 9-2-3
                for e in s.defs[s.cdef[j]].replaces:
                    if e.event != RP["destroyed_cores"] or e.of_ is None:
                        continue
                    if not (e.levels >> s.level(j)) & 1 or (e.cond and not s.cond_ok(e.cond, j, q)):
                        continue
                    if s.matches(e.of_, i, j, q) and not s.armored(i, j):
                        found = e
                        break
                if found is not None:
                    break
            if found is not None:
                break
        s.zone[i] = Z_WAIT
    if found is None:
        return
    n = found.n
    take = min(n, s.cores[i])
    s.cores[i] -= take
    if found.to == "trash":
        s.tcores[p] += take
        if take < n and s.soul[p] == i:
            s.soul[p] = S_TRASH
    else:
        s.gained[p] -= take
