"""Games by name, for agents, the arena and the command line.

Every game plugs in through the one game registry (the entry point group ``tcgzoo.games``,
read by ``tcgzoo.envs.core.registry``); the arena knows every registered game, the
reference game Toy Duel included (the arena's tests and examples use it). Nothing in
``agents/`` imports a game module by its own path: a game joins the arena when it joins
the registry, and agents use only the game contract and the game's hooks.
"""

from __future__ import annotations

import hashlib
import importlib
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from tcgzoo.envs.core import registry

from .base import ConfigError


def known_games() -> dict[str, str]:
    """Game name -> core module path: every registered game, reference games included."""
    return registry.registered()


def game_module(name: str) -> ModuleType:
    """The core module of game ``name`` (raises ``UnknownNameError`` listing the known ones)."""
    return registry.game_module(name)


def make_game(name: str, decks: Sequence[str | None] | None = None, options: dict[str, Any] | None = None) -> Any:
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


_SOURCE_SUFFIXES = (".py", ".yaml", ".yml", ".json", ".toml", ".txt")


@cache
def _tree_digest(root: str, skip: tuple[str, ...] = ()) -> str:
    """Digest of the code and data files under ``root``, but for the files ``skip`` names
    (relative to ``root``); once per process: the code a process runs does not change under it."""
    h = hashlib.sha1()
    base = Path(root)
    for f in sorted(base.rglob("*")):
        if (
            f.is_file()
            and f.suffix in _SOURCE_SUFFIXES
            and "__pycache__" not in f.parts
            and str(f.relative_to(base)) not in skip
        ):
            h.update(str(f.relative_to(base)).encode())
            h.update(f.read_bytes())
    return h.hexdigest()


def fingerprint(name: str, decks: Sequence[str | None] | None = None, options: dict[str, Any] | None = None) -> str:
    """A short digest of what decides game ``name``'s play: the kernel, the game's
    package (rules, cards, built-in decks; not the modules of its hooks for agents, its
    heuristic and its leaf evaluation, which change how a bot plays, not the game), the deck
    files given by path and the player's own card files (option ``cards``), by content.

    Stored with every game, it tells a replay or a resumed run that the rules or the
    card data changed since a game was played (its stored actions may then no longer
    replay, and old and new games should not be pooled). It is the same whichever seat
    plays which deck: a paired run's two games of one deal share it.
    """
    core, game = _source(importlib.import_module("tcgzoo.envs.core")), _source(game_module(name))
    h = hashlib.sha1()
    h.update(_tree_digest(str(core.parent)).encode())
    if game.name == "__init__.py":  # a package: its files, its hook modules left out
        h.update(_tree_digest(str(game.parent), tuple(f"{m}.py" for m in registry.HOOK_MODULES)).encode())
    else:
        h.update(hashlib.sha1(game.read_bytes()).hexdigest().encode())
    files = [d for d in decks or () if d is not None and Path(d).is_file()]
    files += [str(f) for f in (options or {}).get("cards") or ()]
    for digest in sorted(_file_digest(f) for f in files):
        h.update(digest.encode())
    return h.hexdigest()[:12]


def _source(module: ModuleType) -> Path:
    """The file a module was loaded from (a package: its ``__init__.py``)."""
    if module.__file__ is None:
        raise TypeError(f"module {module.__name__} has no source file to fingerprint")
    return Path(module.__file__)


def _file_digest(path: str) -> str:
    """A file's content digest (a missing file digests as its name: the game will say it is missing)."""
    try:
        return hashlib.sha1(Path(path).read_bytes()).hexdigest()
    except OSError:
        return hashlib.sha1(f"missing:{path}".encode()).hexdigest()


class EntityObserver:
    """A game's entity observation (``obs_type="entities"``, ``envs/core/entities.py``) of
    any state of ``game`` (a ``Game`` of game ``name``), as the AEC env gives it:
    ``observer(state, player, mask)`` -> a fresh dict of arrays (``card``, ``zone``,
    ``feat``, ``mask``, ``glob``, ``act_tok``, ``action_mask``), ``observer.space`` its
    gymnasium space. The game's ``<game>.entities`` module writes it, as for the env; a
    game without one is refused here, naming it."""

    def __init__(self, name: str, game: Any = None) -> None:
        module = game_module(name).__name__ + ".entities"
        try:
            entities = importlib.import_module(module)
        except ModuleNotFoundError as e:
            if e.name != module:
                raise
            raise ConfigError(f"game {name!r} has no entity observation (no module {module})") from None
        self.name = name
        self.layout = entities.entity_layout(game if game is not None else make_game(name))
        self.space = self.layout.space()
        self._write = entities.entity_observation
        self._buffers = self.layout.new_buffers()

    def __call__(self, state: Any, player: int, mask: Any = None) -> dict[str, Any]:
        """``player``'s entity observation of ``state``; ``action_mask``: ``mask`` (the actions
        offered to the player; all zero when not given)."""
        out = self._buffers
        self._write(state, player, out)
        obs = out.copy()
        if mask is None:
            obs["action_mask"][:] = 0
        else:
            obs["action_mask"][:] = mask
        return obs
