"""Heuristic agents: one per game, because good rules of thumb are game knowledge.

``HEURISTICS`` maps a game name to the ``"module:Class"`` of its heuristic agent
(imported on first use, so a game's heuristic loads only when that game is played).
A game without one is a clear error, not a silent fallback to random play: a win rate
labelled "heuristic" must mean a heuristic played.
"""
from __future__ import annotations

import importlib

from .base import Agent, ConfigError, GameState, no_argument

#: game name -> "module:Class" of its heuristic agent
HEURISTICS: dict[str, str] = {
    "toy_duel": "tcgzoo.agents.heuristic:ToyDuelHeuristic",
    "battle_spirits": "tcgzoo.envs.battle_spirits.heuristic:BattleSpiritsHeuristic",
    "ninja_slayer": "tcgzoo.envs.ninja_slayer.heuristic:NinjaSlayerHeuristic",
    "leader_melee": "tcgzoo.envs.leader_melee.heuristic:LeaderMeleeHeuristic",
}


class NoHeuristicError(ConfigError):
    """The game has no heuristic agent yet."""

    def __init__(self, game: str) -> None:
        super().__init__(f"game {game!r} has no heuristic agent yet; games with one: "
                         f"{', '.join(sorted(HEURISTICS))}")


def heuristic_for(game: str) -> Agent:
    """A new heuristic agent for ``game``."""
    if game not in HEURISTICS:
        raise NoHeuristicError(game)
    module, _, cls = HEURISTICS[game].partition(":")
    return getattr(importlib.import_module(module), cls)()


def from_spec(arg: str | None, game: str) -> Agent:
    no_argument("heuristic", arg)
    return heuristic_for(game)


class ToyDuelHeuristic:
    """Toy Duel: every card played adds to the pile, so play on (highest card first);
    pass only to lock in a win once the opponent can no longer play, or when out of cards.

    Reads only ``to_dict(player)``: its own hand, both piles, who has passed.
    """

    name = "heuristic"
    PASS = 3

    def reset(self, seed: int | None = None) -> None:
        """Deterministic: nothing to seed."""

    def act(self, state: GameState, player: int) -> int:
        view = state.to_dict(player)
        me, opp = player, 1 - player
        hand = view["hands"][me]
        opp_done = view["passed"][opp] or view["hand_sizes"][opp] == 0
        if not hand or (opp_done and view["piles"][me] > view["piles"][opp]):
            return self.PASS
        return max(range(len(hand)), key=lambda i: (hand[i], -i))
