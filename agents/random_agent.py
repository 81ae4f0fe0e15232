"""The uniform random agent: the baseline every other agent must beat.

It draws uniformly from the legal actions but never concedes (a random concession is a
coin flip that ends the game, not play). Its generator is the kernel's one-int
SplitMix64 (``tcgzoo.envs.core.rng.Rng``), reseeded by ``reset(seed)``, so its choices
are a function of the seed alone, on every platform.
"""

from __future__ import annotations

from tcgzoo.envs.core.rng import Rng

from .base import GameState, no_argument, playable_actions


class RandomAgent:
    """Uniform over the legal actions except conceding."""

    def __init__(self, seed: int | None = None, name: str = "random") -> None:
        self.name = name
        self.rng = Rng(0 if seed is None else seed)

    def reset(self, seed: int | None = None) -> None:
        self.rng = Rng(0 if seed is None else seed)

    def act(self, state: GameState, player: int) -> int:
        actions = playable_actions(state)
        return actions[self.rng.below(len(actions))]


def from_spec(arg: str | None, game: str) -> RandomAgent:
    no_argument("random", arg)
    return RandomAgent()
