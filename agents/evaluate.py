"""Leaf evaluations for search: ``game name -> f(state, player) -> value in [-1, 1]``.

A search that cuts its rollouts short (``mcts:depth=…`` or ``turns=…``) scores the world
it stopped in with the game's evaluation. Each game offers its own through its package
(``<game>.evaluate``: ``value``, ``turn_of``, ``SEARCH_DEPTH``), found by the game
registry (``tcgzoo.envs.core.registry.game_hooks``). An evaluation must read only what
``player`` may see of the state it is given — public board, life, cores, counts and
``player``'s own hand — so that its value is the same in every determinization of one
information set: ``resample_hidden(player, rng)`` does not change it. (A search calls it
only on its own determinizations, but an evaluation that read the opponent's hand would
still make the search's choices depend on guessed cards in a way no seat could reproduce.)

A game without one gets the generic fallback, 0 (a cut rollout counts as a draw), and
the turn counter ``None`` (``turns=…`` then falls back to ``depth``); so does a name no
game is registered under.

``register_evaluation`` replaces a game's evaluation and/or turn counter at run time
(``EVALUATIONS`` / ``TURNS`` hold those replacements, as ``"module:function"`` or the
function, imported on first use), for tuning an evaluation without editing the game.
"""

from __future__ import annotations

import importlib
from typing import Any

from tcgzoo.envs.core.errors import UnknownNameError
from tcgzoo.envs.core.evaluation import zero_sum
from tcgzoo.envs.core.registry import Evaluation, GameHooks, TurnOf, game_hooks

__all__ = [
    "EVALUATIONS",
    "TURNS",
    "Evaluation",
    "TurnOf",
    "evaluation_for",
    "generic_value",
    "has_evaluation",
    "register_evaluation",
    "search_depth_for",
    "turn_counter_for",
    "zero_sum",
]

#: game name -> "module:function" (or the function) replacing the game's own leaf evaluation
EVALUATIONS: dict[str, str | Evaluation] = {}
#: game name -> "module:function" (or the function) replacing the game's own turn counter
TURNS: dict[str, str | TurnOf] = {}


def _resolve(entry: Any) -> Any:
    if isinstance(entry, str):
        module, _, attr = entry.partition(":")
        return getattr(importlib.import_module(module), attr)
    return entry


def _hooks(game: str | None) -> GameHooks | None:
    """The game's hooks, or None for no game or a name no game is registered under."""
    if not game:
        return None
    try:
        return game_hooks(game)
    except UnknownNameError:
        return None


def register_evaluation(game: str, value: Evaluation | str | None = None, turn: TurnOf | str | None = None) -> None:
    """Give ``game`` a leaf evaluation and/or a turn counter (in place of its own)."""
    if value is not None:
        EVALUATIONS[game] = value
    if turn is not None:
        TURNS[game] = turn


def generic_value(state: Any, player: int) -> float:
    """The fallback: a cut rollout is worth a draw."""
    return 0.0


def evaluation_for(game: str | None) -> Evaluation:
    """The leaf evaluation of ``game`` (the generic 0 when it has none)."""
    if game and game in EVALUATIONS:
        value: Evaluation = _resolve(EVALUATIONS[game])
        return value
    hooks = _hooks(game)
    return generic_value if hooks is None or hooks.evaluate is None else hooks.evaluate


def has_evaluation(game: str | None) -> bool:
    if game and game in EVALUATIONS:
        return True
    hooks = _hooks(game)
    return hooks is not None and hooks.evaluate is not None


def turn_counter_for(game: str | None) -> TurnOf | None:
    """The turn counter of ``game``, or None when it has none."""
    if game and game in TURNS:
        turn_of: TurnOf = _resolve(TURNS[game])
        return turn_of
    hooks = _hooks(game)
    return None if hooks is None else hooks.turn_of


def search_depth_for(game: str | None) -> int | None:
    """The game's own cut for heuristic rollouts (``<game>.evaluate.SEARCH_DEPTH``), or None."""
    hooks = _hooks(game)
    return None if hooks is None else hooks.search_depth
