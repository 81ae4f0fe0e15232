"""Battle Spirits zone ids (BS 4-1-1: deck, hand, field, trash, removed-from-game area; BS 3-4-3:
a magic taking effect is in no zone, ``Z_LIMBO``; BS 10-2-2: the waiting state, ``Z_WAIT``).

A card instance's zone (``State.zone``) is one of these ints. They live in this small module
so that both ``cards.py`` (compiled effects name the zone they work from) and ``state.py``
import them: ``state`` imports ``cards``, so ``cards`` cannot import them from ``state``.
"""

from __future__ import annotations

Z_DECK, Z_HAND, Z_FIELD, Z_TRASH, Z_REMOVED, Z_LIMBO, Z_WAIT = range(7)
ZONE_NAMES = ("deck", "hand", "field", "trash", "removed", "resolving", "waiting")
