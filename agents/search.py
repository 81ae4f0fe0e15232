"""Determinized Monte Carlo tree search (single-observer information-set MCTS).

A card game hides the opponent's hand and both decks, so a search may not simply play
the real state forward: that would read hidden cards. Each iteration instead draws a
*determinization*, ``state.clone()`` then ``resample_hidden(player, rng)``: a world
consistent with what ``player`` has seen. The iteration walks one shared tree of action
sequences in that world, expands one action, plays the rest out with a random policy
(or a given rollout agent) and backs the result up.

Different determinizations allow different actions at the same tree node (the
opponent's hand differs), so each child counts how often it was *available* and UCB
uses that count in place of the parent's visits (Cowling, Powley & Whitehouse 2012,
"Information Set Monte Carlo Tree Search"). The move played is the root action visited
most. Conceding is never searched.

Budget: ``iterations`` per decision, or ``seconds`` per decision (wall clock: a timed
search is not reproducible, an iteration budget is).
"""
from __future__ import annotations

import math
import time

from tcgzoo.envs.core.rng import Rng

from .base import Agent, ConfigError, GameState, make_agent, parse_options, playable_actions


class _Node:
    """Statistics of one action sequence; ``value`` sums the mover's results in [0, 1]."""

    __slots__ = ("visits", "value", "avail", "children")

    def __init__(self) -> None:
        self.visits = 0
        self.value = 0.0
        self.avail = 1
        self.children: dict[int, _Node] = {}


class MCTSAgent:
    """Determinized UCT over the contract's ``clone`` / ``resample_hidden``."""

    def __init__(self, iterations: int = 200, seconds: float | None = None, c: float = 0.7,
                 rollout: Agent | None = None, max_rollout: int = 10_000, seed: int | None = None,
                 name: str = "mcts") -> None:
        if iterations < 1 and seconds is None:
            raise ConfigError("mcts: iterations must be at least 1")
        if seconds is not None and seconds <= 0:
            raise ConfigError("mcts: seconds must be positive")
        self.name = name
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        self.rollout_agent = rollout
        self.max_rollout = max_rollout
        self.reset(seed)

    def reset(self, seed: int | None = None) -> None:
        self.rng = Rng(0 if seed is None else seed)
        if self.rollout_agent is not None:
            self.rollout_agent.reset(self.rng.next64())

    # ---- the search ----------------------------------------------------------------------
    def act(self, state: GameState, player: int) -> int:
        actions = playable_actions(state)
        if len(actions) == 1:
            return actions[0]
        root = _Node()
        if self.seconds is None:
            for _ in range(self.iterations):
                self._iterate(root, state, player)
        else:
            deadline = time.perf_counter() + self.seconds
            while True:
                self._iterate(root, state, player)
                if time.perf_counter() >= deadline:
                    break

        def rank(a: int) -> tuple[int, float]:
            ch = root.children.get(a)
            return (-1, 0.0) if ch is None else (ch.visits, ch.value / ch.visits)

        return max(actions, key=rank)  # ties: the lowest id (max keeps the first)

    def _iterate(self, root: _Node, state: GameState, player: int) -> None:
        s = state.clone()
        s.resample_hidden(player, self.rng)
        node = root
        path: list[tuple[_Node, int]] = []  # (node entered, player who chose it)
        c = self.c
        while not s.is_terminal():
            legal = playable_actions(s)
            mover = s.current_player()
            children = node.children
            untried = [a for a in legal if a not in children]
            for a in legal:
                ch = children.get(a)
                if ch is not None:
                    ch.avail += 1
            if untried:
                a = untried[self.rng.below(len(untried))]
                child = children[a] = _Node()
                s.apply_action(a)
                path.append((child, mover))
                break
            best, best_score = legal[0], -math.inf
            for a in legal:
                ch = children[a]
                score = ch.value / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                if score > best_score:
                    best, best_score = a, score
            node = children[best]
            s.apply_action(best)
            path.append((node, mover))
        returns = self._rollout(s)
        for n, mover in path:
            n.visits += 1
            n.value += (returns[mover] + 1.0) / 2.0

    def _rollout(self, s: GameState) -> list[float]:
        """Play the determinized world to the end; a rollout past ``max_rollout`` is a draw."""
        agent, rng = self.rollout_agent, self.rng
        for _ in range(self.max_rollout):
            if s.is_terminal():
                return s.returns()
            if agent is None:
                legal = playable_actions(s)
                s.apply_action(legal[rng.below(len(legal))])
            else:
                s.apply_action(agent.act(s, s.current_player()))
        return s.returns() if s.is_terminal() else [0.0, 0.0]


def from_spec(arg: str | None, game: str) -> MCTSAgent:
    """``mcts``, ``mcts:300`` (iterations) or ``mcts:iterations=300,c=0.7,rollout=heuristic,seconds=0.5``."""
    if arg and arg.strip().isdigit():
        arg = f"iterations={arg.strip()}"
    opts = parse_options("mcts", arg, {"iterations": int, "seconds": float, "c": float,
                                       "rollout": str, "max_rollout": int})
    rollout = opts.pop("rollout", "random")
    agent = None if rollout == "random" else make_agent(rollout, game)
    return MCTSAgent(rollout=agent, **opts)
