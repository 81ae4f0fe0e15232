"""Setting up a game (NS 400-403), and which rarely used rules the game's cards need at all (``static_flags``)."""
from __future__ import annotations

from ..cards import TR_KILLED_BY_CHAR, TR_KILLS, TR_HAND_EMPTY
from .frames import H_TURN
from .actions import draw
from .triggers import PHASE_MIN


def static_flags(defs, cdef) -> int:
    """Which rarely used lookups the cards in the game need (the engine skips the others):
    bit 1 static auras / attribute grants (NS 1210, 1213), 2 state triggers (NS 1209.8),
    4 activated abilities (NS 1208), 8 hidden cards' triggers (NS 1209.3), 16 'at the start /
    end of' step triggers (NS 502-505, 702-707), 32 'kills' / 'killed by' triggers (NS 1216.5),
    64 set-to-value or keyword-gaining effects: karate / durability in the layer's timestamp order, set
    attributes, gained keywords (NS 1213.1c-d, 1213.3b, 1213.5), 128 ether cost changes (NS 1204.2g-5/6),
    256 kill replacements of other characters ('rescue_kill'): a kill may have several replacements to
    choose from (NS 1214.2), 512 characteristic-defining abilities (NS 1210.2, 1304.4), 1024 discards
    replaced by removal (NS 1214.1, 1203.3), 2048 numeric items a card is printed without or an effect
    adds (NS 1213.1e)."""
    used = [defs[c] for c in set(cdef)]
    return ((1 if any(c.aura is not None or c.grant_attr is not None for c in used) else 0)
            | (2 if any(t.trigger == TR_HAND_EMPTY for c in used for t in c.triggers) else 0)
            | (4 if any(c.activated is not None for c in used) else 0)
            | (8 if any(t.reveal for c in used for t in c.triggers) else 0)
            | (16 if any(t.trigger >= PHASE_MIN for c in used for t in c.triggers) else 0)
            | (32 if any(t.trigger in (TR_KILLS, TR_KILLED_BY_CHAR) for c in used for t in c.triggers) else 0)
            | (64 if any(c.sets_value for c in used) else 0)
            | (128 if any(c.cost_mods for c in used) else 0)  # ether cost changes (NS 1204.2g-5/6)
            | (256 if any(c.rescue_kill for c in used) else 0)  # NS 1214.2: a choice among kill replacements
            | (512 if any(c.cda for c in used) else 0)  # NS 1210.2: characteristic-defining abilities
            | (1024 if any(c.discard_removed >= 0 for c in used) else 0)  # NS 1214.1, 1203.3
            | (2048 if any(c.adds_items for c in used) else 0))  # NS 1213.1e: added numeric items


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
    f[0], f[1] = H_TURN, 0
