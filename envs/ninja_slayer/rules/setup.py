"""Setting up a game (NS 400-403), and which rarely used rules the game's cards need at all (``static_flags``)."""

from __future__ import annotations

from ..cards import TR_HAND_EMPTY, TR_KILLED_BY_CHAR, TR_KILLS
from ..records import Statics
from .actions import draw
from .frames import H_TURN, HANDLER, STEP, TS_UNTAP
from .triggers import PHASE_MIN


def static_flags(defs, cdef) -> int:
    """Which rarely used lookups the cards in the game need (``records.Statics``; the engine skips the others),
    as a plain int for the hot paths."""
    used = [defs[c] for c in set(cdef)]
    triggers = [t.trigger for c in used for t in c.triggers]
    need = (
        (Statics.AURAS, any(c.aura is not None or c.grant_attr is not None for c in used)),  # NS 1210, 1213
        (Statics.STATE_TRIGGERS, TR_HAND_EMPTY in triggers),  # NS 1209.8
        (Statics.ACTIVATED, any(c.activated is not None for c in used)),  # NS 1208
        (Statics.HIDDEN_TRIGGERS, any(t.reveal for c in used for t in c.triggers)),  # NS 1209.3
        (Statics.STEP_TRIGGERS, any(t >= PHASE_MIN for t in triggers)),  # NS 502-505, 702-707
        (Statics.KILL_TRIGGERS, any(t in (TR_KILLS, TR_KILLED_BY_CHAR) for t in triggers)),  # NS 1216.5
        (Statics.LAYERS, any(c.sets_value for c in used)),  # NS 1213.1c-d, 1213.3b, 1213.5
        (Statics.COST_CHANGES, any(c.cost_mods for c in used)),  # NS 1204.2g-5/6
        (Statics.RESCUE_KILL, any(c.rescue_kill for c in used)),  # NS 1214.2: a choice among kill replacements
        (Statics.DEFINED_VALUES, any(c.cda for c in used)),  # NS 1210.2: characteristic-defining abilities
        (Statics.DISCARD_REMOVAL, any(c.discard_removed >= 0 for c in used)),  # NS 1214.1, 1203.3
        (Statics.ADDED_ITEMS, any(c.adds_items for c in used)),
    )  # NS 1213.1e: added numeric items
    flags = Statics(0)
    for flag, needed in need:
        if needed:
            flags |= flag
    return int(flags)


def h_setup(s, f) -> None:
    """NS 403: shuffle both decks (p0 then p1), draw 4 each, first player at random
    (NS 403.3; no mulligan, NS-G20; RNG order NS-G27)."""
    for p in (0, 1):
        s.rng.shuffle(s.deck[p])
    for p in (0, 1):
        draw(s, p, 4)
    fp = s.game.options["first_player"]
    s.first = s.rng.below(2) if fp is None else int(fp)
    s.tp = s.first
    s.turn = 1
    f[HANDLER], f[STEP] = H_TURN, TS_UNTAP
