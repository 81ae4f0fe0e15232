"""The agent protocol and the registry of agent specs.

An agent sees a game the way a seat at the table does. ``act(state, player)`` may read
only the contract's player-facing faces of ``state``:

- ``legal_actions()`` (and ``legal_actions_mask()``, the same facts as an array),
- ``observation_tensor(player)`` and ``to_dict(player)``, its seat's view,
- ``action_to_string(a)``,
- ``clone()`` followed by ``resample_hidden(player, rng)``: a *determinization*, a
  copy whose hidden parts were redrawn, which a search may then play out freely,
- ``concession`` / ``CONCEDE``, to know which action concedes.

Never the opponent's hand or deck order: the arena's win rates mean something only if
no agent peeks. ``reset(seed)`` is called before each game so an agent's randomness is a
function of the game's seed and nothing else (results are then independent of how
many worker processes play them).

Agents are named by *specs*, strings that cross process boundaries cheaply:
``random``, ``heuristic``, ``mcts``, ``mcts:iterations=400,c=1.0,rollout=heuristic``,
``policy:path/to/final.safetensors`` (or a training run's folder). ``make_agent(spec, game)``
builds one.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

import numpy as np
from tcgzoo.envs.core.contract import GameState
from tcgzoo.envs.core.errors import TcgError, UnknownNameError

__all__ = [
    "Agent",
    "AgentFactory",
    "ConfigError",
    "GameState",
    "agent_names",
    "concede_action",
    "make_agent",
    "no_argument",
    "parse_options",
    "parse_spec",
    "playable_actions",
    "playable_mask",
    "register_agent",
]


class ConfigError(TcgError, ValueError):
    """A bad setting from the user (agent spec, entrant, run settings): one clear line."""


@runtime_checkable
class Agent(Protocol):
    """A player: ``act`` returns one of ``state.legal_actions()`` for seat ``player``."""

    name: str

    def reset(self, seed: int | None = None) -> None:
        """Start a new game; all of the agent's randomness derives from ``seed``."""

    def act(self, state: GameState, player: int) -> int:
        """The action to take at ``state``, where ``player`` is to move."""

    # An agent may also offer ``act_batch(states, players) -> list[int]``: ``act`` for
    # several games at once (a policy network's one pass). The arena then plays a chunk's
    # games side by side and shares one instance between them, so such an agent must
    # keep nothing per game (its ``reset`` does nothing).


def concede_action(state: GameState) -> int | None:
    """The action id that concedes in ``state``'s game, or ``None`` if it has none."""
    if getattr(state, "concession", False):
        a = getattr(state, "CONCEDE", -1)
        return a if a >= 0 else None
    return None


def playable_actions(state: GameState) -> list[int]:
    """The legal actions minus conceding (unless conceding is all there is).

    Conceding is a real move for people, but for a random or searching agent it is a
    guaranteed loss that only adds noise to win rates, so the built-in agents never
    choose it.
    """
    legal = state.legal_actions()
    c = concede_action(state)
    if c is not None and len(legal) > 1:
        return [a for a in legal if a != c]
    return legal


def playable_mask(state: GameState) -> np.ndarray:
    """:func:`playable_actions` as a bool mask over the game's action space (for networks)."""
    import numpy as np

    mask = np.asarray(state.legal_actions_mask(), dtype=bool).copy()
    c = concede_action(state)
    if c is not None and mask[c] and mask.sum() > 1:
        mask[c] = False
    return mask


# ---- the registry ---------------------------------------------------------------------
#: (argument after ``name:`` or None, game name) -> Agent
AgentFactory = Callable[[str | None, str], Agent]

#: agent name -> factory, or "module:function" of a factory (imported on first use so
#: that ``import tcgzoo.agents.base`` stays light and modules may register themselves)
_REGISTRY: dict[str, AgentFactory | str] = {
    "random": "tcgzoo.agents.random_agent:from_spec",
    "heuristic": "tcgzoo.agents.heuristic:from_spec",
    "mcts": "tcgzoo.agents.search:from_spec",
    "policy": "tcgzoo.agents.policy:from_spec",
    "sampled": "tcgzoo.agents.policy:sampled_from_spec",
}


def register_agent(name: str, factory: AgentFactory | str) -> None:
    """Add an agent kind: ``factory(argument, game_name) -> Agent``."""
    if not name.isidentifier():
        raise ValueError(f"agent name {name!r} must be an identifier")
    _REGISTRY[name] = factory


def agent_names() -> list[str]:
    return sorted(_REGISTRY)


def parse_spec(spec: str) -> tuple[str, str | None]:
    """``"mcts:iterations=50"`` -> ``("mcts", "iterations=50")``; ``"random"`` -> ``("random", None)``."""
    name, sep, arg = spec.strip().partition(":")
    if name not in _REGISTRY:
        raise UnknownNameError("agent", name or spec, _REGISTRY)
    return name, (arg if sep else None)


def make_agent(spec: str, game: str) -> Agent:
    """Build the agent named by ``spec`` for game ``game``."""
    name, arg = parse_spec(spec)
    factory = _REGISTRY[name]
    if isinstance(factory, str):
        module, _, attr = factory.partition(":")
        factory = getattr(importlib.import_module(module), attr)
    agent = factory(arg, game)
    agent.name = spec
    return agent


def no_argument(kind: str, arg: str | None) -> None:
    """Refuse an argument for an agent kind that takes none (``random:3`` is a typo)."""
    if arg is not None:
        raise ConfigError(f"agent {kind!r} takes no argument (got {kind}:{arg})")


def parse_options(kind: str, arg: str | None, types: dict[str, Callable[[str], Any]]) -> dict[str, Any]:
    """``"a=1,b=x"`` -> ``{"a": types["a"]("1"), ...}`` with one-line errors for typos."""
    out: dict[str, Any] = {}
    if not arg:
        return out
    for item in arg.split(","):
        key, eq, value = item.partition("=")
        key = key.strip()
        if not eq:
            raise ConfigError(f"agent {kind!r}: option {item!r} is not key=value")
        if key not in types:
            raise UnknownNameError(f"{kind} option", key, types)
        try:
            out[key] = types[key](value.strip())
        except ValueError as e:
            raise ConfigError(f"agent {kind!r}: option {key}={value!r}: {e}") from None
    return out
