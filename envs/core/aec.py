"""The generic PettingZoo AEC environment over any tcgzoo game core.

A game's ``<game>_v0`` module is a two-line shim around ``make_env_api``: the env is
thin, every rule lives in the core. Modelled on PettingZoo's classic environments:
``env()`` wraps ``raw_env`` in TerminateIllegal -> AssertOutOfBounds -> OrderEnforcing,
spaces are built once and returned as the same objects, the mask of the agent not to
move is all zeros, rewards are +1 / -1 / 0 at the end.

Defaults fit RL (the game contract): conceding is no action unless ``concession=True``
is passed (the core ``Game`` keeps the rulebook's default, conceding on, for the arena,
search and human play), and a game stopped by the decision cap (``max_decisions``) ends
with ``truncations[agent] = True``, not a termination, rewards 0 and
``infos[agent]["truncated_by"] == "max_decisions"``.

``obs_type="entities"`` swaps the flat ``"observation"`` vector for the entity table of
:mod:`.entities` (the game's ``<game>.entities`` module writes it); the default ``"flat"``
is the documented vector, untouched.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from .contract import Game, GameState

#: builds a game's ``Game`` from the env's keyword arguments
GameFactory = Callable[..., Game]


class TcgAECEnv(AECEnv):
    """AEC view of a game core; ``game_factory(**kwargs)`` builds the ``Game``."""

    game_factory: GameFactory | None = None  # set by make_env_api
    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "name": "tcg_v0", "is_parallelizable": False}

    OBS_TYPES = ("flat", "entities")

    def __init__(self, render_mode: str | None = None, obs_type: str = "flat", **game_kwargs: Any) -> None:
        super().__init__()
        if obs_type not in self.OBS_TYPES:
            raise ValueError(f"obs_type {obs_type!r} not in {self.OBS_TYPES}")
        self.obs_type = obs_type
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} not in {self.metadata['render_modes']}")
        self.render_mode = render_mode
        factory = type(self).game_factory
        if factory is None:
            raise TypeError(f"{type(self).__name__} has no game: build env classes with make_env_api")
        if "concession" in getattr(factory, "OPTIONS", {}):
            # a random policy sampling from the mask would concede within a few moves
            game_kwargs.setdefault("concession", False)
        self.game = factory(**game_kwargs)
        n_obs = self.game.observation_size()
        n_act = self.game.num_distinct_actions()
        self.possible_agents = ["player_0", "player_1"]
        self.agents: list[str] = []
        if obs_type == "entities":
            try:  # e.g. tcgzoo.envs.ninja_slayer.entities
                ent = importlib.import_module(factory.__module__ + ".entities")
            except ModuleNotFoundError as e:
                if e.name != factory.__module__ + ".entities":
                    raise
                raise ValueError(
                    f"obs_type 'entities': game {self.game.name!r} has no entity observation (no module {e.name})"
                ) from None
            self.entity_layout = ent.entity_layout(self.game)
            self._entity_observation = ent.entity_observation
            self._entity_buffers = self.entity_layout.new_buffers()
            self._obs_space = self.entity_layout.space()
        else:
            self._obs_space = spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, (n_obs,), np.float32),
                    "action_mask": spaces.Box(0, 1, (n_act,), np.int8),
                }
            )
        self._act_space = spaces.Discrete(n_act)
        self.observation_spaces = {a: self._obs_space for a in self.possible_agents}
        self.action_spaces = {a: self._act_space for a in self.possible_agents}
        self._seeder = np.random.default_rng()
        self.state: GameState = None  # type: ignore[assignment]  # the game's state, from reset() on

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._seeder = np.random.default_rng(seed)
        game_seed = int(self._seeder.integers(0, 2**63 - 1))
        self.state = self.game.new_initial_state(game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._after_move()

    def _after_move(self) -> None:
        st = self.state
        if st.is_terminal():
            if getattr(st, "capped", False):  # the decision cap, not the rules, stopped it
                for a in self.agents:
                    self.rewards[a] = 0
                    self.truncations[a] = True
                    self.infos[a] = {"truncated_by": "max_decisions", "max_decisions": getattr(st, "max_decisions", 0)}
                return
            r = st.returns()
            for i, a in enumerate(self.agents):
                self.rewards[a] = int(r[i])
                self.terminations[a] = True
        else:
            self.agent_selection = self.agents[st.current_player()]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        i = self.possible_agents.index(agent)
        st = self.state
        mask = np.zeros(self._act_space.n, np.int8)
        if not st.is_terminal() and st.current_player() == i:
            mask[st.legal_actions()] = 1
        if self.obs_type == "entities":
            out = self._entity_buffers
            self._entity_observation(st, i, out)
            obs = out.copy()
            obs["action_mask"] = mask
            return obs
        return {"observation": st.observation_tensor(i), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0
        for a in self.agents:
            self.rewards[a] = 0
        self.state.apply_action(int(action))  # type: ignore[arg-type]  # None only reaches _was_dead_step
        self._after_move()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = str(self.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def make_env_api(
    name: str, game_factory: GameFactory, doc: str | None = None
) -> tuple[Callable[..., AECEnv], type[TcgAECEnv]]:
    """Build ``(env, raw_env)`` for a game: the shim of a ``<game>_v0`` module."""
    raw_env = type(
        "raw_env",
        (TcgAECEnv,),
        {
            "game_factory": staticmethod(game_factory),
            "metadata": {"render_modes": ["human", "ansi"], "name": name, "is_parallelizable": False},
            "__doc__": doc or TcgAECEnv.__doc__,
        },
    )

    def env(**kwargs: Any) -> AECEnv:
        e: AECEnv = raw_env(**kwargs)
        e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
        e = wrappers.AssertOutOfBoundsWrapper(e)
        e = wrappers.OrderEnforcingWrapper(e)
        return e

    env.__doc__ = doc
    return env, raw_env
