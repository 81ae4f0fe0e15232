"""Games by name, for agents, the arena and the command line.

Every game plugs in through ``tcgzoo.envs.GAMES``; the reference game Toy Duel is not in
that registry (it is not one of the three games) but the arena's tests and examples use
it, so it is added here as a fixture game. Nothing in ``agents/`` imports a game module
by its own path: a game joins the arena when it joins ``GAMES``.
"""
from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any, Sequence

from tcgzoo.envs import GAMES
from tcgzoo.envs.core.errors import UnknownNameError

from .base import ConfigError

#: games the arena knows besides ``tcgzoo.envs.GAMES`` (tests and examples)
FIXTURE_GAMES = {"toy_duel": "tcgzoo.envs.toy_duel"}


def known_games() -> dict[str, str]:
    """Game name -> core module path: the registry, then the fixture games."""
    return {**FIXTURE_GAMES, **GAMES}


def game_module(name: str) -> ModuleType:
    """The core module of game ``name`` (raises ``UnknownNameError`` listing the known ones)."""
    games = known_games()
    if name not in games:
        raise UnknownNameError("game", name, games)
    return importlib.import_module(games[name])


def make_game(name: str, decks: Sequence[str | None] | None = None, options: dict[str, Any] | None = None):
    """``Game(decks=..., **options)`` of game ``name``.

    ``decks`` is the deck of each seat; ``None`` (or two ``None``) lets the game pick its
    two built-in default decks. One deck without the other is refused, because the
    contract gives no way to ask a game for "its default deck for one seat".
    """
    if decks is not None:
        decks = list(decks)
        if all(d is None for d in decks):
            decks = None
        elif any(d is None for d in decks):
            raise ConfigError(f"decks {decks}: give a deck for both seats or for neither")
    return game_module(name).Game(decks=decks, **(options or {}))
