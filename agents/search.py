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

Forced decisions (a single playable action) are played through without a tree node and
do not count toward a rollout's depth: a game that asks every priority pass (Ninja
Slayer) searches as deep as one that skips them.

Rollouts may be cut short: ``depth`` decisions after the tree's leaf and/or the end of
the leaf's turn plus ``turns`` more turns (for games with a turn counter in
its ``evaluate.turn_of``). A cut rollout is scored by the game's leaf evaluation
(``<game>.evaluate.value``: ``f(state, player) -> [-1, 1]`` from what ``player`` sees,
computed for the searching seat on its own determinization; the generic fallback is 0).
``depth=0`` evaluates the leaf itself. The rollout policy is uniform random or any agent
(``rollout=heuristic``: the game's heuristic).

Budget: ``iterations`` per decision, or ``seconds`` per decision (wall clock: a timed
search is not reproducible, an iteration budget is).
"""

from __future__ import annotations

import math
import time

from tcgzoo.envs.core.rng import Rng

from .base import Agent, ConfigError, GameState, make_agent, parse_options, playable_actions
from .evaluate import (
    Evaluation,
    TurnOf,
    evaluation_for,
    generic_value,
    has_evaluation,
    search_depth_for,
    turn_counter_for,
)
from .heuristic import has_heuristic


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

    def __init__(
        self,
        iterations: int = 200,
        seconds: float | None = None,
        c: float = 0.7,
        rollout: Agent | None = None,
        max_rollout: int = 10_000,
        seed: int | None = None,
        name: str = "mcts",
        depth: int | None = None,
        turns: int | None = None,
        evaluate: Evaluation | None = None,
        turn_of: TurnOf | None = None,
    ) -> None:
        if iterations < 1 and seconds is None:
            raise ConfigError("mcts: iterations must be at least 1")
        if seconds is not None and seconds <= 0:
            raise ConfigError("mcts: seconds must be positive")
        if depth is not None and depth < 0:
            raise ConfigError("mcts: depth must be 0 or more")
        if turns is not None and turns < 0:
            raise ConfigError("mcts: turns must be 0 or more")
        self.depth = depth
        self.turns = turns if turn_of is not None else None
        self.evaluate = evaluate or generic_value
        self.turn_of = turn_of
        self.evaluations = 0  # cut rollouts scored by the evaluation (for tests and tuning)
        self.name = name
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        self.rollout_agent = rollout
        self.max_rollout = max_rollout
        self.reset(seed)

    def reset(self, seed: int | None = None) -> None:
        self.rng = Rng(0 if seed is None else seed)
        self._chosen: dict[int, set[int]] = {}  # hash of a seen observation -> actions taken there
        if self.rollout_agent is not None:
            self.rollout_agent.reset(self.rng.next64())

    # ---- the search ----------------------------------------------------------------------
    def act(self, state: GameState, player: int) -> int:
        actions = playable_actions(state)
        if len(actions) == 1:
            return actions[0]
        # No cycles: at an observation met before in this game (moving a core out and
        # back in, say), do not repeat an action taken there; the search's values of such
        # no-op loops are ties that it would otherwise break the same way every time.
        key = hash((player, state.observation_tensor(player).tobytes()))
        taken = self._chosen.setdefault(key, set())
        fresh = [a for a in actions if a not in taken]
        if fresh and len(fresh) < len(actions):
            actions = fresh
        if len(actions) == 1:
            taken.add(actions[0])
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

        best = max(actions, key=rank)  # ties: the lowest id (max keeps the first)
        taken.add(best)
        return best

    def _iterate(self, root: _Node, state: GameState, player: int) -> None:
        s = state.clone()
        s.resample_hidden(player, self.rng)
        node = root
        path: list[tuple[_Node, int]] = []  # (node entered, player who chose it)
        c = self.c
        while not s.is_terminal():
            legal = playable_actions(s)
            if len(legal) == 1:  # forced: no choice to keep statistics for
                s.apply_action(legal[0])
                continue
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
        returns = self._rollout(s, player)
        for n, mover in path:
            n.visits += 1
            n.value += (returns[mover] + 1.0) / 2.0

    def _rollout(self, s: GameState, player: int) -> list[float]:
        """Play the determinized world on until the end, the ``depth`` / ``turns`` cutoff
        (scored by the evaluation, from ``player``'s side) or ``max_rollout`` (a draw)."""
        agent, rng = self.rollout_agent, self.rng
        choices = self.max_rollout if self.depth is None else self.depth  # forced decisions do not count
        last_turn, turn_of = None, self.turn_of  # turns is set only with a turn counter
        if self.turns is not None and turn_of is not None and not s.is_terminal():
            last_turn = turn_of(s) + self.turns
        if agent is not None:
            agent.reset(rng.next64())  # a fresh rollout: no per-turn memory of another world
        for _ in range(self.max_rollout):
            if s.is_terminal():
                return s.returns()
            if last_turn is not None and turn_of is not None and turn_of(s) > last_turn:
                break
            legal = playable_actions(s)
            if len(legal) == 1:
                s.apply_action(legal[0])
                continue
            if choices <= 0:
                break
            choices -= 1
            if agent is None:
                s.apply_action(legal[rng.below(len(legal))])
            else:
                s.apply_action(agent.act(s, s.current_player()))
        if s.is_terminal():
            return s.returns()
        if self.depth is None and last_turn is None:
            return [0.0, 0.0]  # ran past max_rollout
        self.evaluations += 1
        v = max(-1.0, min(1.0, float(self.evaluate(s, player))))
        return [v, -v] if player == 0 else [-v, v]


def from_spec(arg: str | None, game: str) -> MCTSAgent:
    """``mcts``, ``mcts:300`` (iterations) or
    ``mcts:iterations=300,c=0.7,rollout=heuristic|random,depth=20,turns=1,seconds=0.5``.

    ``depth`` (decisions after the leaf) and ``turns`` (the leaf's turn plus that many)
    cut rollouts short and score them with the game's evaluation; ``depth=-1`` asks for
    full rollouts. Defaults for a game with a leaf evaluation (Battle Spirits, whose
    games run ~400 decisions, so full random rollouts are slow and noisy): heuristic
    rollouts (if the game has a heuristic) cut at ``depth=4`` (the game's ``SEARCH_DEPTH``
    for games that need more: Ninja Slayer 12), else random rollouts cut at ``depth=20``. Other games:
    full random rollouts.
    """
    if arg and arg.strip().isdigit():
        arg = f"iterations={arg.strip()}"
    opts = parse_options(
        "mcts",
        arg,
        {
            "iterations": int,
            "seconds": float,
            "c": float,
            "rollout": str,
            "max_rollout": int,
            "depth": int,
            "turns": int,
        },
    )
    evaluated = has_evaluation(game)
    rollout = opts.pop("rollout", "heuristic" if evaluated and has_heuristic(game) else "random")
    agent = None if rollout == "random" else make_agent(rollout, game)
    own_depth = search_depth_for(game)
    agent_depth = DEFAULT_DEPTH_AGENT if own_depth is None else own_depth
    depth = opts.pop("depth", (DEFAULT_DEPTH_RANDOM if agent is None else agent_depth) if evaluated else None)
    if depth is not None and depth < -1:
        raise ConfigError("mcts: depth must be -1 (full rollouts), 0 or more")
    turns = opts.pop("turns", None)
    turn_of = turn_counter_for(game)
    if turns is not None and turn_of is None:
        raise ConfigError(f"mcts: game {game!r} has no turn counter, so turns= cannot cut rollouts; use depth=")
    return MCTSAgent(
        rollout=agent,
        depth=None if depth == -1 else depth,
        turns=turns,
        evaluate=evaluation_for(game),
        turn_of=turn_of,
        **opts,
    )


#: default rollout depth (decisions after the leaf) for games with a leaf evaluation,
#: with a rollout agent (the heuristic; a game may ask for more: its evaluate.SEARCH_DEPTH)
#: and with random rollouts
DEFAULT_DEPTH_AGENT = 4
DEFAULT_DEPTH_RANDOM = 20
