"""One seat of a game as a Gymnasium env, against opponents drawn from a pool.

Self-play with a single-agent learner (stable-baselines3 knows nothing of two seats):
the learner takes one seat, the other seat is played *inside* ``step`` by an opponent
drawn per episode from a pool, and the learner sees only its own decisions. Seats
alternate episode by episode, so the policy learns both the first and the second seat
(and both decks when they differ).

The pool mixes fixed agents (``random``, ``heuristic``: any arena agent spec) with
*frozen snapshots* of the learner itself, added during training: fictitious self-play,
playing against a sample of one's own past policies rather than only the latest,
which keeps the learner from chasing its own tail.

The env drives the rules core directly (``Game``, ``new_initial_state``) rather than
the PettingZoo AEC wrapper, because the wrapper's per-step bookkeeping for both seats
is wasted work here and the core is what is fast.

The learner is asked only real choices: a decision of its seat with a single playable
action (passing priority with nothing to enter, the only card to pay with) is applied
for it, as the games' own ``auto_forced`` option would, but without changing the game's
rules or recorded history (Ninja Slayer asks every priority: ~3 in 4 of its decisions
are forced).

Conceding is masked out of the learner's choices (unless it is the only legal action):
it never wins, and letting an untrained policy stumble into it would end most early
episodes at once. ``tcgzoo.agents.policy`` applies the same rule when a trained model
plays in the arena.
"""
from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

import gymnasium as gym
import numpy as np

from tcgzoo.agents.base import Agent, GameState, concede_action, make_agent
from tcgzoo.agents.games import make_game
from tcgzoo.agents.policy import ActorLogits

from .config import SELF


def playable_mask(state: GameState) -> np.ndarray:
    """The legal-action mask without conceding (unless conceding is all there is)."""
    mask = np.asarray(state.legal_actions_mask(), dtype=bool).copy()
    c = concede_action(state)
    if c is not None and mask[c] and mask.sum() > 1:
        mask[c] = False
    return mask


class SnapshotAgent:
    """A frozen copy of the learner's policy network, sampling from its masked distribution.

    It samples (rather than playing greedily) so that a pool of a few snapshots still
    offers varied opposition; the sample is drawn with the env's numpy generator, so a
    seeded run stays reproducible whatever torch's global generator is doing.
    """

    def __init__(self, policy: Any, name: str = SELF, logits_of: ActorLogits | None = None) -> None:
        self.name = name
        self.policy = policy
        self.rng = np.random.default_rng(0)
        # pass one ActorLogits to every agent of the same snapshot: its sparse weight is built once
        self.logits_of = ActorLogits(policy) if logits_of is None else logits_of

    @classmethod
    def from_bytes(cls, blob: bytes, name: str = SELF) -> "SnapshotAgent":
        """Rebuild from :func:`snapshot_bytes` (loads with pickle: only our own snapshots)."""
        import torch

        policy = torch.load(io.BytesIO(blob), map_location="cpu", weights_only=False)
        policy.set_training_mode(False)
        return cls(policy, name)

    def reset(self, seed: int | None = None) -> None:
        self.rng = np.random.default_rng(seed)

    def act(self, state: GameState, player: int) -> int:
        mask = playable_mask(state)
        logits = np.where(mask, self.logits(state.observation_tensor(player)), -np.inf)
        probs = np.exp(logits - logits.max())
        return int(self.rng.choice(len(probs), p=probs / probs.sum()))

    def logits(self, observation: np.ndarray) -> np.ndarray:
        """The actor's action logits for one observation (before masking), as float64
        (``agents.policy.ActorLogits``: sparse first layer, no SB3 distribution)."""
        return self.logits_of(observation)


def snapshot_bytes(policy: Any) -> bytes:
    """A CPU copy of an SB3 policy as bytes, cheap to send to worker processes."""
    import copy

    import torch

    frozen = copy.deepcopy(policy).to("cpu")
    buffer = io.BytesIO()
    torch.save(frozen, buffer)
    return buffer.getvalue()


@dataclass
class OpponentPool:
    """Who the learner meets: ``weights`` maps an agent spec (or ``"self"``) to its share.

    ``"self"`` draws uniformly among the latest ``max_snapshots`` snapshots; before the
    first snapshot exists its share goes to the other entries (or to ``random`` if
    there are none), so a pool can be declared once at the start of training.

    A pool may be shared by many games (one copy of each snapshot network per process);
    the agents themselves are per game (:meth:`opponent`), because an agent's generator
    shared between interleaved games would make each game depend on the others.
    """

    game: str
    weights: Mapping[str, float] = field(default_factory=lambda: {"random": 1.0})
    max_snapshots: int = 8
    snapshots: list[SnapshotAgent] = field(default_factory=list)  # oldest first; templates for opponent()

    def __post_init__(self) -> None:
        if not self.weights or any(w < 0 for w in self.weights.values()) or sum(self.weights.values()) <= 0:
            raise ValueError(f"opponent weights {dict(self.weights)}: need non-negative shares summing above 0")
        for spec in self.weights:
            if spec != SELF:
                make_agent(spec, self.game)  # fail now on unknown specs

    def add_snapshot(self, blob: bytes) -> None:
        """Add a frozen learner (from :func:`snapshot_bytes`), dropping the oldest beyond the cap."""
        self.snapshots.append(SnapshotAgent.from_bytes(blob))
        del self.snapshots[:-self.max_snapshots]

    def draw(self, rng: np.random.Generator) -> tuple[str, int]:
        """The next episode's opponent: ``(spec, snapshot index)`` (the index only for ``"self"``)."""
        names = [n for n, w in self.weights.items() if w > 0 and (n != SELF or self.snapshots)] or ["random"]
        shares = np.array([self.weights.get(n, 1.0) for n in names], dtype=np.float64)
        name = names[int(rng.choice(len(names), p=shares / shares.sum()))]
        return name, int(rng.integers(len(self.snapshots))) if name == SELF else -1

    def opponent(self, name: str, index: int, cache: dict[str, Agent]) -> Agent:
        """The agent for a drawn ``(name, index)``; fixed agents come from the game's own ``cache``."""
        if name == SELF:
            template = self.snapshots[index]  # one network and its logits per snapshot, a generator per game
            return SnapshotAgent(template.policy, f"{SELF}#{index}", template.logits_of)
        if name not in cache:
            cache[name] = make_agent(name, self.game)
        return cache[name]


class SingleAgentEnv(gym.Env):
    """The learner's seat of ``game`` against pool opponents; reward +1/-1/0 at the end.

    ``decks=[mine, theirs]`` gives the learner ``mine`` in either seat (the arena's
    ``agent@deck``); ``decks=None`` lets each seat play the game's default deck.

    Observation: the game's ``observation_tensor(seat)``; action: one of the game's
    distinct actions; ``action_masks()`` is what sb3-contrib's ``MaskablePPO`` reads.
    ``reset(seed=s)`` reseeds the env's generator, from which every later episode's
    deal, opponent choice and opponent seed derive: a seeded env is reproducible.
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: str, decks: Sequence[str] | None = None, options: dict[str, Any] | None = None,
                 opponents: OpponentPool | Mapping[str, float] | None = None, seed: int | None = None,
                 render_mode: str | None = None) -> None:
        self.game_name = game
        # ``decks`` are (the learner's, the opponent's), whichever seat the learner takes, as
        # in the arena's ``agent@deck``; without decks each seat plays the game's default
        self.games = [make_game(game, decks, options),
                      make_game(game, None if decks is None else list(decks)[::-1], options)]
        self.game = self.games[0]
        if opponents is None or isinstance(opponents, Mapping):
            opponents = OpponentPool(game, dict(opponents or {"random": 1.0}))
        self.pool = opponents
        self.render_mode = render_mode
        self.observation_space = gym.spaces.Box(-np.inf, np.inf, (self.game.observation_size(),), np.float32)
        self.action_space = gym.spaces.Discrete(self.game.num_distinct_actions())
        self._rng = np.random.default_rng(seed)
        self.episodes = 0
        self.seat = 0
        self.opponent: Agent | None = None
        self._agents: dict[str, Agent] = {}  # this game's own fixed opponents (see OpponentPool)
        self.state: GameState | None = None

    # ---- gymnasium ---------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[np.ndarray, dict]:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        while True:  # a game that ends before the learner's first decision is dealt again
            self.seat = self.episodes % 2
            self.episodes += 1
            self.opponent = self.pool.opponent(*self.pool.draw(self._rng), self._agents)
            self.opponent.reset(int(self._rng.integers(2**63)))
            self.state = self.games[self.seat].new_initial_state(int(self._rng.integers(2**63)))
            self._play_opponent()
            if not self.state.is_terminal():
                return self._observation(), {"seat": self.seat, "opponent": self.opponent.name}

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict]:
        assert self.state is not None, "call reset() first"
        action = int(action)
        if not self.action_masks()[action]:
            raise ValueError(f"learner chose action {action}, not among the playable "
                             f"{np.flatnonzero(self.action_masks()).tolist()}")
        self.state.apply_action(action)
        self._play_opponent()
        if self.state.is_terminal():
            reward = float(self.state.returns()[self.seat])
            info = {"seat": self.seat, "opponent": self.opponent.name if self.opponent else "", "outcome": reward}
            return self._observation(), reward, True, False, info
        return self._observation(), 0.0, False, False, {}

    def action_masks(self) -> np.ndarray:
        """Legal actions of the learner's pending decision (conceding removed); all False when over."""
        assert self.state is not None, "call reset() first"
        if self.state.is_terminal():
            return np.zeros(self.action_space.n, dtype=bool)
        return playable_mask(self.state)

    def render(self) -> str | None:
        return None if self.state is None else str(self.state)

    # ---- helpers -----------------------------------------------------------------------------
    def _observation(self) -> np.ndarray:
        return np.asarray(self.state.observation_tensor(self.seat), dtype=np.float32)

    def _play_opponent(self) -> None:
        """Apply the opponent's moves, and the learner's forced ones (a single playable
        action: nothing to learn there), until the learner has a choice or the game is over."""
        state, opponent, seat = self.state, self.opponent, self.seat
        while not state.is_terminal():
            p = state.current_player()
            if p != seat:
                state.apply_action(int(opponent.act(state, p)))
                continue
            legal = state.legal_actions()
            concede = concede_action(state)
            n = len(legal) - (concede is not None and concede in legal)
            if n > 1 or n == 0:
                return
            state.apply_action(next(a for a in legal if a != concede))

