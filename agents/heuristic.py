"""Heuristic agents: one per game, because good rules of thumb are game knowledge.

Each game offers its heuristic through its own package (``<game>.heuristic.Heuristic``,
found by the game registry: ``tcgzoo.envs.core.registry.game_hooks``), so the heuristic of
a game loads only when that game is played and a game added by another package brings
its own. A game without one is a clear error, not a silent fallback to random play: a
win rate labelled "heuristic" must mean a heuristic played.
"""

from __future__ import annotations

from tcgzoo.envs.core.registry import game_hooks, game_names

from .base import Agent, ConfigError, no_argument


class NoHeuristicError(ConfigError):
    """The game has no heuristic agent yet."""

    def __init__(self, game: str) -> None:
        super().__init__(
            f"game {game!r} has no heuristic agent yet; games with one: {', '.join(games_with_heuristic())}"
        )


def games_with_heuristic() -> list[str]:
    """The registered games (reference games included) that offer a heuristic."""
    return [g for g in game_names(reference=True) if game_hooks(g).heuristic is not None]


def heuristic_for(game: str) -> Agent:
    """A new heuristic agent for ``game`` (``UnknownNameError`` for an unknown game)."""
    factory = game_hooks(game).heuristic
    if factory is None:
        raise NoHeuristicError(game)
    agent: Agent = factory()
    return agent


def has_heuristic(game: str) -> bool:
    return game_hooks(game).heuristic is not None


def from_spec(arg: str | None, game: str) -> Agent:
    no_argument("heuristic", arg)
    return heuristic_for(game)
