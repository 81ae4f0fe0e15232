"""The rules' frames (see ``tcgzoo.envs.core.engine``): the handler ids, fixed so that a
seeded game replays the same in every process. A frame is a plain list of ints
``[handler id, step, args...]``; ``STEP`` (1) is its step, its own arguments follow from 2.
The handlers are assembled in ``rules/__init__.py`` in this order; ``verbs.py`` adds its own
after them (``add_handler``).
"""
from __future__ import annotations

from ...core.engine import HANDLER, STEP  # noqa: F401 - a frame's first two slots, for every handler module

(H_SETUP, H_TURN, H_MAIN, H_PLAY, H_PAY, H_PLACE, H_MOVE, H_ATTACK, H_BATTLE, H_FLASH, H_SETTLE,
 H_TRIG, H_EFFECT, H_TARGET, H_ACTIVATE, H_SEARCH, H_REPLACE, H_REPLACE_COST, H_DRAW_STEP) = range(19)
