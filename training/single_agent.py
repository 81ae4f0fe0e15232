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

Snapshots are saved by the trainer as ``.safetensors`` files (``agents.model_file``) and
every pool loads them from the file (member ``self#<step>``). A league
(``training.league``) may replace the shares by a weight per member
(:meth:`OpponentPool.set_members`).

Opponents that decide with a network (snapshots, ``policy:`` agents with ``act_batch``)
are not played inside ``step`` when the env is part of a batch: ``begin_step`` stops at
their decision, the batch (``vec_env.EnvBatch``) decides all the games waiting on one
network with a single pass (:func:`decide_batch`), and ``opponent_moved`` goes on. A
game plays the same moves either way (each snapshot game samples with its own generator
from float64 logits).

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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
from tcgzoo.agents.base import Agent, GameState, concede_action, make_agent, playable_mask  # noqa: F401 - re-exported
from tcgzoo.agents.games import make_game
from tcgzoo.agents.policy import ActorNet, SampledPolicyAgent

from .config import RESULT_ONLY, SELF, Rewards

#: the learner's observation: the flat vector, or the entity table (``training.attention``)
OBS_TYPES = ("flat", "entities")


class SnapshotAgent(SampledPolicyAgent):
    """A frozen copy of the learner's policy network, sampling from its masked distribution
    (``agents.policy.SampledPolicyAgent``, what the arena plays as ``sampled:<file>``).

    It samples (rather than playing greedily) so that a pool of a few snapshots still
    offers varied opposition; the sample is drawn with the env's numpy generator, so a
    seeded run stays reproducible whatever torch's global generator is doing.

    The logits come from ``net`` (``agents.policy.ActorNet``: float64, only the
    observation's non-zero columns of the wide first layer), which one snapshot shares
    among all its games: :func:`decide_batch` decides every game waiting on the same
    snapshot with one pass, and a row's logits do not depend on the batch it was in
    (float64, ~1e-15), so a game plays the same whether batched or alone.
    """

    def __init__(self, policy: Any, name: str = SELF, net: ActorNet | None = None) -> None:
        # pass one ActorNet to every agent of the same snapshot: its float64 weights are built once
        # (an attention policy's net is training.attention.EntityActorNet: agents.policy.actor_net)
        super().__init__(ActorNet(policy) if net is None else net, name)
        self.policy = policy

    @classmethod
    def from_file(cls, path: str | Path, game: str, name: str = SELF) -> SnapshotAgent:
        """Load a snapshot saved by ``agents.model_file.save_policy`` (safetensors: no pickle)."""
        from tcgzoo.agents.model_file import load_policy
        from tcgzoo.agents.policy import actor_net

        policy, _ = load_policy(path, game)
        return cls(policy, name, actor_net(policy, game))


def batch_key(agent: Agent) -> int | None:
    """Which games' decisions one network pass can serve together: the snapshot's network
    (each game keeps its own generator), or an agent with ``act_batch`` that keeps nothing
    per game (``agents.policy.NetworkPolicyAgent``); ``None`` for agents that decide alone."""
    if isinstance(agent, SnapshotAgent):
        return id(agent.net)
    if callable(getattr(agent, "act_batch", None)):
        return id(agent)
    return None


def decide_batch(
    agents: Sequence[Agent], states: Sequence[GameState], players: Sequence[int], masks: Sequence[np.ndarray]
) -> list[int]:
    """The decisions of ``agents`` (all of one :func:`batch_key`) in ``states`` with one pass.

    ``masks``: each state's :func:`playable_mask`. Snapshots sample from their row with
    their own generator, exactly as :meth:`SnapshotAgent.act` would.
    """
    first = agents[0]
    if isinstance(first, SnapshotAgent):
        obs = first.net.stack([first.net.observe(s, p) for s, p in zip(states, players)])
        logits = first.net.logits(obs)
        return [agent.sample(row, mask) for agent, row, mask in zip(agents, logits, masks)]
    return [int(a) for a in first.act_batch(list(states), list(players))]


def snapshot_name(step: int) -> str:
    """The pool member name of the learner's snapshot taken at ``step``."""
    return f"{SELF}#{step}"


@dataclass
class OpponentPool:
    """Who the learner meets: ``weights`` maps an agent spec (or ``"self"``) to its share.

    ``"self"`` draws uniformly among the latest ``max_snapshots`` snapshots; before the
    first snapshot exists its share goes to the other entries (or to ``random`` if
    there are none), so a pool can be declared once at the start of training.

    ``members`` (a league, ``training.league``), when set, replaces those shares: it
    maps each member (a spec of ``weights``, or a snapshot's name ``self#<step>``) to its
    chance of being drawn; members not named there are not drawn.

    A pool may be shared by many games (one copy of each snapshot network per process);
    the agents themselves are per game (:meth:`opponent`), because an agent's generator
    shared between interleaved games would make each game depend on the others. Agents
    that keep nothing per game and decide in batches (``act_batch``) are one per pool.
    """

    game: str
    weights: Mapping[str, float] = field(default_factory=lambda: {"random": 1.0})
    max_snapshots: int = 8
    snapshots: dict[str, SnapshotAgent] = field(default_factory=dict)  # name -> template, oldest first
    members: dict[str, float] | None = None
    _shared: dict[str, Agent] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.weights or any(w < 0 for w in self.weights.values()) or sum(self.weights.values()) <= 0:
            raise ValueError(f"opponent weights {dict(self.weights)}: need non-negative shares summing above 0")
        for spec in self.weights:
            if spec != SELF:
                agent = make_agent(spec, self.game)  # fail now on unknown specs
                if batch_key(agent) is not None:
                    self._shared[spec] = agent

    def add_snapshot(self, path: str | Path, name: str) -> None:
        """Add the learner's snapshot saved at ``path`` (``.safetensors``) as member ``name``,
        dropping the oldest beyond ``max_snapshots``."""
        self.snapshots[name] = SnapshotAgent.from_file(path, self.game, name)
        for old in list(self.snapshots)[: -self.max_snapshots]:
            del self.snapshots[old]

    def set_members(self, members: Mapping[str, float] | None) -> None:
        """Draw by ``members`` (name -> weight) from now on; ``None``: by the shares again."""
        if members is not None:
            unknown = [m for m in members if m not in self.snapshots and m not in self.weights]
            if unknown:
                raise ValueError(
                    f"league members {unknown} are neither pool specs nor snapshots "
                    f"({list(self.weights)}, {list(self.snapshots)})"
                )
        self.members = None if members is None else dict(members)

    def draw(self, rng: np.random.Generator) -> str:
        """The next episode's opponent: a spec of ``weights`` or a snapshot's name."""
        if self.members is not None:
            names = [n for n, w in self.members.items() if w > 0 and n != SELF]
            if names:
                shares = np.array([self.members[n] for n in names], dtype=np.float64)
                return names[int(rng.choice(len(names), p=shares / shares.sum()))]
        names = [n for n, w in self.weights.items() if w > 0 and (n != SELF or self.snapshots)] or ["random"]
        shares = np.array([self.weights.get(n, 1.0) for n in names], dtype=np.float64)
        name = names[int(rng.choice(len(names), p=shares / shares.sum()))]
        if name == SELF:
            snaps = list(self.snapshots)
            return snaps[int(rng.integers(len(snaps)))]
        return name

    def opponent(self, name: str, cache: dict[str, Agent]) -> Agent:
        """The agent for a drawn member; fixed agents come from the game's own ``cache``
        (or the pool's, for agents that keep nothing per game)."""
        if name in self.snapshots:
            template = self.snapshots[name]  # one network per snapshot, a generator per game
            return SnapshotAgent(template.policy, name, template.net)
        if name in self._shared:
            return self._shared[name]
        if name not in cache:
            cache[name] = make_agent(name, self.game)
        return cache[name]


class SingleAgentEnv(gym.Env):
    """The learner's seat of ``game`` against pool opponents; reward +1/-1/0 at the end.

    ``decks=[mine, theirs]`` gives the learner ``mine`` in either seat (the arena's
    ``agent@deck``); ``decks=None`` lets each seat play the game's default deck.

    Observation: the game's ``observation_tensor(seat)``, or with ``obs_type="entities"``
    the game's entity observation (a dict of arrays, ``agents.games.EntityObserver``, whose
    ``action_mask`` is :meth:`action_masks`); action: one of the game's
    distinct actions; ``action_masks()`` is what sb3-contrib's ``MaskablePPO`` reads.
    ``reset(seed=s)`` reseeds the env's generator, from which every later episode's
    deal, opponent choice and opponent seed derive: a seeded env is reproducible.
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        game: str,
        decks: Sequence[str] | None = None,
        options: dict[str, Any] | None = None,
        opponents: OpponentPool | Mapping[str, float] | None = None,
        seed: int | None = None,
        render_mode: str | None = None,
        obs_type: str = "flat",
        rewards: Rewards = RESULT_ONLY,
    ) -> None:
        if obs_type not in OBS_TYPES:
            raise ValueError(f"obs_type {obs_type!r} not in {OBS_TYPES}")
        self.game_name = game
        self.obs_type = obs_type
        # ``decks`` are (the learner's, the opponent's), whichever seat the learner takes, as
        # in the arena's ``agent@deck``; without decks each seat plays the game's default
        self.games = [
            make_game(game, decks, options),
            make_game(game, None if decks is None else list(decks)[::-1], options),
        ]
        self.game = self.games[0]
        if opponents is None or isinstance(opponents, Mapping):
            opponents = OpponentPool(game, dict(opponents or {"random": 1.0}))
        self.pool = opponents
        self.render_mode = render_mode
        self.observer = None
        if obs_type == "entities":
            from tcgzoo.agents.games import EntityObserver

            self.observer = EntityObserver(game, self.game)
            self.observation_space = self.observer.space
        else:
            self.observation_space = gym.spaces.Box(-np.inf, np.inf, (self.game.observation_size(),), np.float32)
        self.action_space = gym.spaces.Discrete(self.game.num_distinct_actions())
        self._rng = np.random.default_rng(seed)
        self.episodes = 0
        self.seat = 0
        self.opponent: Agent | None = None
        self.member = ""  # the opponent's name in the pool (a spec, or self#<step>)
        self.waiting: np.ndarray | None = None  # the opponent's mask while it waits on a batched decision
        self._agents: dict[str, Agent] = {}  # this game's own fixed opponents (see OpponentPool)
        self.state: GameState | None = None
        self.rewards = rewards  # shaping, the cap's reward, the step cost (config.Rewards)
        self._value = None  # the shaping's leaf evaluation
        if rewards.shaping:
            from tcgzoo.agents.evaluate import evaluation_for

            self._value = evaluation_for(game)
        self._phi = 0.0

    # ---- gymnasium ---------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[np.ndarray, dict]:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        while True:  # a game that ends before the learner's first decision is dealt again
            self.seat = self.episodes % 2
            self.episodes += 1
            self.member = self.pool.draw(self._rng)
            self.opponent = self.pool.opponent(self.member, self._agents)
            self.opponent.reset(int(self._rng.integers(2**63)))
            self.state = self.games[self.seat].new_initial_state(int(self._rng.integers(2**63)))
            self._play_opponent()
            if not self.state.is_terminal():
                self._phi = self.potential()
                return self._observation(), {"seat": self.seat, "opponent": self.member}

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict]:
        if self.begin_step(action):
            self._play_opponent()
        return self.end_step()

    def begin_step(self, action: int) -> bool:
        """The first half of :meth:`step`: apply the learner's ``action`` and play on until
        the learner has a choice, the game is over, or the opponent is to decide in a batch
        (``True``: :attr:`waiting`; give its move to :meth:`opponent_moved`)."""
        assert self.state is not None, "call reset() first"
        action = int(action)
        if not self.action_masks()[action]:
            raise ValueError(
                f"learner chose action {action}, not among the playable {np.flatnonzero(self.action_masks()).tolist()}"
            )
        self.state.apply_action(action)
        return self._advance()

    def opponent_moved(self, action: int) -> bool:
        """Apply the opponent's batched decision and play on, as :meth:`begin_step`."""
        self.state.apply_action(int(action))
        return self._advance()

    def end_step(self) -> tuple[np.ndarray, float, bool, bool, dict]:
        """The second half of :meth:`step`, once the opponent has nothing left to decide."""
        rw = self.rewards
        phi, self._phi = self._phi, self.potential()
        shaped = rw.gamma * self._phi - phi - rw.step_cost
        if self.state.is_terminal():
            outcome = float(self.state.returns()[self.seat])
            info = {"seat": self.seat, "opponent": self.member, "outcome": outcome}
            if self.state.capped and rw.cap_reward is not None:  # the cap as a result of its own
                info = dict(info, outcome=rw.cap_reward, capped=True)
                return self._observation(), rw.cap_reward + shaped, True, False, info
            if self.state.capped:  # the decision cap, not the rules: a truncation (SB3 bootstraps its value)
                return self._observation(), outcome + shaped, False, True, dict(info, truncated_by="max_decisions")
            return self._observation(), outcome + shaped, True, False, info
        return self._observation(), shaped, False, False, {}

    def action_masks(self) -> np.ndarray:
        """Legal actions of the learner's pending decision (conceding removed); all False when over."""
        assert self.state is not None, "call reset() first"
        if self.state.is_terminal():
            return np.zeros(self.action_space.n, dtype=bool)
        return playable_mask(self.state)

    def render(self) -> str | None:
        return None if self.state is None else str(self.state)

    # ---- helpers -----------------------------------------------------------------------------
    def potential(self) -> float:
        """The shaping potential of the state now: 0 without shaping or once the game is over."""
        if self._value is None or self.state.is_terminal():
            return 0.0
        return self.rewards.shaping * float(self._value(self.state, self.seat))

    def _observation(self):
        if self.observer is not None:
            return self.observer(self.state, self.seat, self.action_masks())
        return np.asarray(self.state.observation_tensor(self.seat), dtype=np.float32)

    def _play_opponent(self) -> None:
        """Play until the learner has a choice or the game is over, deciding the opponent's
        batched moves one at a time."""
        while self._advance():
            self.state.apply_action(self.opponent.act(self.state, 1 - self.seat))

    def _advance(self) -> bool:
        """Apply the opponent's moves (but those it decides in batches), and the learner's
        forced ones (a single playable action: nothing to learn from it), until the learner
        has a choice or the game is over (``False``) or the opponent is to make a batched
        decision with more than one playable action (``True``; its mask is in :attr:`waiting`)."""
        state, opponent, seat = self.state, self.opponent, self.seat
        batched = batch_key(opponent) is not None
        self.waiting = None
        while not state.is_terminal():
            p = state.current_player()
            if p != seat:
                if batched:
                    mask = playable_mask(state)
                    if mask.sum() != 1:
                        self.waiting = mask
                        return True
                    state.apply_action(int(np.flatnonzero(mask)[0]))
                else:
                    state.apply_action(int(opponent.act(state, p)))
                continue
            legal = state.legal_actions()
            concede = concede_action(state)
            n = len(legal) - (concede is not None and concede in legal)
            if n > 1 or n == 0:
                return False
            state.apply_action(next(a for a in legal if a != concede))
        return False
