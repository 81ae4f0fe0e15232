"""What the games' leaf evaluations share (each game's own is ``tcgzoo.envs.<game>.evaluate``).

A search that cuts its rollouts short scores the world it stopped in with the game's
evaluation, ``value(state, player) -> [-1, 1]``. An evaluation must read only what
``player`` may see of the state it is given (public board, life, counts and ``player``'s
own hand) so that its value is the same in every determinization of one information set:
``resample_hidden(player, rng)`` does not change it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

#: one side's worth: ``side(state, player, weights) -> float`` (in the game's own units)
Side = Callable[[Any, int, Mapping[str, float]], float]


def zero_sum(s: Any, player: int, side: Side, weights: Mapping[str, float]) -> float:
    """The result of a finished game; else ``player``'s side minus the opponent's, squashed
    to (-1, 1) by tanh over the weights' ``scale``."""
    if s.is_terminal():
        return float(s.returns()[player])
    return math.tanh((side(s, player, weights) - side(s, 1 - player, weights)) / weights["scale"])
