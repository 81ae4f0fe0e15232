"""The one game registry: every game, found through the entry point group ``tcgzoo.games``.

A game joins tcgzoo by being registered in its distribution's metadata, so another
installed package can add a game without touching this one::

    [project.entry-points."tcgzoo.games"]
    my_game = "my_package.my_game"

The entry point's name is the game's name (``--game my_game``); its value is the game's
*core module*, which offers:

- ``Game``, the static part of the game contract (``Game(decks=..., **options)``);
- optionally ``REFERENCE = True``: a reference game (Toy Duel, the kernel's worked
  example), served by name like any game but left out of "all games"
  (``game_names()``), so lists of the games mean the real ones.

The PettingZoo env of a game is the module ``<core module>_v0`` (``env(**kwargs)``).
Besides the contract, a game may give agents its own knowledge through two optional
modules of its package (see :class:`GameHooks`; imported only when asked for):

- ``<core module>.heuristic``: ``Heuristic``, a rule-of-thumb player (no-argument
  constructor, ``name``, ``reset(seed)``, ``act(state, player) -> action``);
- ``<core module>.evaluate``: ``value(state, player) -> [-1, 1]``, the leaf evaluation
  of a cut search; optionally ``turn_of(state) -> int`` (cutoffs counted in turns) and
  ``SEARCH_DEPTH`` (how many decisions a heuristic rollout runs before it is evaluated).

Agents, training, benchmarks and tests take game names and hooks from here alone.
docs/adding-a-game.md walks through adding one.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib.metadata import EntryPoint, entry_points
from types import ModuleType
from typing import Any

from .errors import TcgError, UnknownNameError

#: the entry point group games register in
GROUP = "tcgzoo.games"
#: the modules of a game's package that hold its hooks for agents (not its rules)
HOOK_MODULES = ("heuristic", "evaluate")

#: a leaf evaluation: ``f(state, player) -> value in [-1, 1]`` from what ``player`` may see
Evaluation = Callable[[Any, int], float]
#: a turn counter: ``f(state) -> the state's turn number``
TurnOf = Callable[[Any], int]


class GameLoadError(TcgError, ImportError):
    """A registered game that cannot be loaded: names the entry point and the error."""

    def __init__(self, entry: str, message: str) -> None:
        self.entry = entry
        super().__init__(f"game entry point {entry!r} (group {GROUP!r}): {message}")


@lru_cache(maxsize=1)
def _entries() -> dict[str, EntryPoint]:
    """Game name -> its entry point (read once per process; :func:`refresh` reads again)."""
    found: dict[str, EntryPoint] = {}
    for ep in entry_points(group=GROUP):
        other = found.get(ep.name)
        if other is not None and other.value != ep.value:
            raise GameLoadError(
                f"{ep.name} = {ep.value}",
                f"game {ep.name!r} is registered twice (also as {other.value!r}); uninstall one of the two packages",
            )
        found[ep.name] = ep
    if not found:
        raise GameLoadError(
            "(none)",
            "no game is registered; is tcgzoo installed (pip install -e .)? "
            "An install older than the registry needs installing again",
        )
    return found


def refresh() -> None:
    """Forget what was read from the installed packages' metadata (after installing a game
    package at run time, or in tests)."""
    _entries.cache_clear()
    game_module.cache_clear()
    game_hooks.cache_clear()


def registered() -> dict[str, str]:
    """Every registered game, reference games included: name -> core module path."""
    return {name: ep.value for name, ep in sorted(_entries().items())}


def _entry(name: str) -> EntryPoint:
    entries = _entries()
    if name not in entries:
        raise UnknownNameError("game", name, entries)
    return entries[name]


@cache
def game_module(name: str) -> ModuleType:
    """The core module of game ``name``: ``UnknownNameError`` (listing the known games) for
    a name nobody registered, ``GameLoadError`` for an entry point that does not load."""
    ep = _entry(name)
    try:
        module = ep.load()
    except Exception as e:  # a broken game package: say which entry point, and why
        raise GameLoadError(f"{ep.name} = {ep.value}", f"{type(e).__name__}: {e}") from e
    if not isinstance(module, ModuleType):
        raise GameLoadError(f"{ep.name} = {ep.value}", "names an object, not a module (give the game's core module)")
    if not hasattr(module, "Game"):
        raise GameLoadError(f"{ep.name} = {ep.value}", f"module {module.__name__} has no Game class")
    return module


def is_reference(name: str) -> bool:
    """Whether game ``name`` is a reference game (``REFERENCE = True``: Toy Duel)."""
    return bool(getattr(game_module(name), "REFERENCE", False))


def game_names(reference: bool = False) -> list[str]:
    """The registered games' names, sorted; reference games only when ``reference``."""
    return [n for n in registered() if reference or not is_reference(n)]


def load_game(name: str, **kwargs: Any) -> Any:
    """``load_game("battle_spirits", decks=[...])`` -> that game's ``Game``."""
    return game_module(name).Game(**kwargs)


def env_module(name: str) -> ModuleType:
    """The PettingZoo env module of game ``name`` (``<core module>_v0``)."""
    return importlib.import_module(game_module(name).__name__ + "_v0")


def make_env(name: str, **kwargs: Any) -> Any:
    """The wrapped PettingZoo AEC env of a game, as ``<game>_v0.env(**kwargs)``."""
    return env_module(name).env(**kwargs)


class GameTable(Mapping[str, str]):
    """The registry as a read-only mapping name -> core module path, read on first use
    (``tcgzoo.envs.GAMES``: the games; with ``reference=True`` the reference games too)."""

    def __init__(self, reference: bool = False) -> None:
        self.reference = reference

    def _names(self) -> list[str]:
        return game_names(self.reference)

    def __getitem__(self, name: str) -> str:
        if name not in self._names():
            raise UnknownNameError("game", name, self._names())
        return registered()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())

    def __len__(self) -> int:
        return len(self._names())

    def __repr__(self) -> str:
        return f"GameTable({dict(self)!r})"


# ---- what a game offers agents besides the contract -----------------------------------------
@dataclass(frozen=True)
class GameHooks:
    """A game's own knowledge for agents, from its package (each ``None`` when it has none):

    - ``heuristic``: makes a fresh rule-of-thumb player (``<package>.heuristic.Heuristic``);
    - ``evaluate``: the leaf evaluation ``f(state, player) -> [-1, 1]`` of a cut search
      (``<package>.evaluate.value``); it must read only what ``player`` may see, so that
      its value is the same in every determinization;
    - ``turn_of``: a state's turn number, for cutoffs counted in turns (``evaluate.turn_of``);
    - ``search_depth``: decisions a heuristic rollout runs before the evaluation scores it
      (``evaluate.SEARCH_DEPTH``), for games whose turns take more choices than the default.
    """

    name: str
    heuristic: Callable[[], Any] | None = None
    evaluate: Evaluation | None = None
    turn_of: TurnOf | None = None
    search_depth: int | None = None


def _submodule(module: ModuleType, name: str) -> ModuleType | None:
    """``module.name`` if the game's package has such a module, else None (an error inside
    an existing module is raised, never taken for "no such module")."""
    if not hasattr(module, "__path__"):  # a game that is a single module has no submodules
        return None
    full = f"{module.__name__}.{name}"
    if importlib.util.find_spec(full) is None:
        return None
    return importlib.import_module(full)


@cache
def game_hooks(name: str) -> GameHooks:
    """The hooks of game ``name`` (its heuristic, leaf evaluation, turn counter, search depth)."""
    module = game_module(name)
    heuristic, evaluate = (_submodule(module, m) for m in HOOK_MODULES)
    factory = None if heuristic is None else getattr(heuristic, "Heuristic", None)
    entry = f"{name} = {module.__name__}"
    if heuristic is not None and factory is None:
        raise GameLoadError(entry, f"{heuristic.__name__} defines no Heuristic")
    value = turn_of = depth = None
    if evaluate is not None:
        value = getattr(evaluate, "value", None)
        if value is None:
            raise GameLoadError(entry, f"{evaluate.__name__} defines no value(state, player)")
        turn_of = getattr(evaluate, "turn_of", None)
        depth = getattr(evaluate, "SEARCH_DEPTH", None)
    return GameHooks(name, factory, value, turn_of, depth)
