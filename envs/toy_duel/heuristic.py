"""Toy Duel's rule-of-thumb player (the registry's ``GameHooks.heuristic``)."""

from __future__ import annotations

from typing import Any

from . import PASS


class ToyDuelHeuristic:
    """Toy Duel: every card played adds to the pile, so play on (highest card first);
    pass only to lock in a win once the opponent can no longer play, or when out of cards.

    Reads only ``to_dict(player)``: its own hand, both piles, who has passed.
    """

    name = "heuristic"
    PASS = PASS

    def reset(self, seed: int | None = None) -> None:
        """Deterministic: nothing to seed."""

    def act(self, state: Any, player: int) -> int:
        view = state.to_dict(player)
        me, opp = player, 1 - player
        hand = view["hands"][me]
        opp_done = view["passed"][opp] or view["hand_sizes"][opp] == 0
        if not hand or (opp_done and view["piles"][me] > view["piles"][opp]):
            return self.PASS
        return max(range(len(hand)), key=lambda i: (hand[i], -i))


#: the game's heuristic, as the registry looks it up (tcgzoo.envs.core.registry.GameHooks)
Heuristic = ToyDuelHeuristic
