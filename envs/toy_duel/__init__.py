"""Toy Duel: a tiny reference game on the tcgzoo kernel.

Not one of the three games: a few dozen lines that show how a game is built on
``tcgzoo.envs.core`` (frames, decisions, declared fields, hidden information) and a fast fixture
for the harness and arena tests.

Rules: each player has a shuffled deck of cards valued 1..6 (two of each) and draws 3.
Players alternate, the first player chosen at random; on a turn the player plays one
hand card face up onto their pile and draws one card (if any), or passes. A player who
has passed plays no more. When both have passed or both hands are empty, the higher
pile total wins; equal totals draw. Hidden: the opponent's hand and both decks.

Actions: 0..2 play hand slot i; 3 pass. Observation (size 14): own hand values /6
(3), own pile total /40, opponent pile total /40, own deck size /12, opponent deck size
/12, opponent hand size /3, own passed, opponent passed, is my turn, 3 zeros reserved.
"""

from __future__ import annotations

import numpy as np

from ..core.engine import DecisionState
from ..core.position import deserialize_state, state_from_position
from ..core.table import Table

#: the kernel's reference game: registered (tcgzoo.games) but not one of "all games"
REFERENCE = True
HAND, PASS = 0, 3
NUM_ACTIONS = 4
OBS_SIZE = 14
H_SETUP, H_TURN = 0, 1
D_PLAY = 0


def _setup(s: State, f: list) -> None:
    for p in (0, 1):
        deck = [v for v in range(1, 7) for _ in range(2)]
        s.rng.shuffle(deck)
        s.decks[p] = deck
        s.hands[p] = [deck.pop() for _ in range(3)]
    f[0], f[1] = H_TURN, 0
    f.append(s.rng.below(2))  # f[2]: player to move


def _turn(s: State, f: list) -> None:
    p = f[2]
    if f[1] == 0:
        if (s.passed[0] or not s.hands[0]) and (s.passed[1] or not s.hands[1]):
            a, b = s.piles[0], s.piles[1]
            s.finish(0 if a > b else 1 if b > a else -1)
            return
        if s.passed[p] or not s.hands[p]:
            f[2] = 1 - p
            return
        s.ask(p, D_PLAY, list(range(len(s.hands[p]))) + [PASS])
        f[1] = 1
        return
    a = s.answer
    if a == PASS:
        s.passed[p] = True
    else:
        s.piles[p] += s.hands[p].pop(a)
        if s.decks[p]:
            s.hands[p].append(s.decks[p].pop())
    f[1], f[2] = 0, 1 - p


class State(DecisionState):
    __slots__ = ("decks", "hands", "piles", "passed")
    #: the fields, by kind (envs/core/table.py): clone and positions follow
    FIELDS = Table(zones=("decks", "hands"), lists=("piles", "passed"))
    HANDLERS = (_setup, _turn)
    DECISION_NAMES = ("play or pass",)
    NUM_ACTIONS = NUM_ACTIONS

    def __init__(self, game, seed: int) -> None:
        self._init_protocol(game, seed)
        self.decks, self.hands = [[], []], [[], []]
        self.piles, self.passed = [0, 0], [False, False]
        self.stack.append([H_SETUP, 0])
        self._run()

    def observation_tensor(self, player: int) -> np.ndarray:
        o = np.zeros(OBS_SIZE, np.float32)
        q = 1 - player
        for i, v in enumerate(self.hands[player]):
            o[i] = v / 6
        o[3:11] = (
            self.piles[player] / 40,
            self.piles[q] / 40,
            len(self.decks[player]) / 12,
            len(self.decks[q]) / 12,
            len(self.hands[q]) / 3,
            self.passed[player],
            self.passed[q],
            self.dkind >= 0 and self.dplayer == player,
        )
        return o

    def resample_hidden(self, player: int, rng) -> None:
        q = 1 - player
        unseen = self.decks[q] + self.hands[q]
        rng.shuffle(unseen)
        k = len(self.hands[q])
        self.hands[q], self.decks[q] = unseen[:k], unseen[k:]
        rng.shuffle(self.decks[player])

    def action_to_string(self, action: int) -> str:
        if action == PASS:
            return "pass"
        if 0 <= action < 3:
            hand = self.hands[self.dplayer]
            return f"play slot {action}" + (f" ({hand[action]})" if action < len(hand) else "")
        raise ValueError(f"action {action} outside Toy Duel's {NUM_ACTIONS} actions")

    def to_dict(self, player: int | None = None) -> dict:
        d = {
            "piles": self.piles[:],
            "passed": self.passed[:],
            "current_player": self.current_player(),
            "deck_sizes": [len(x) for x in self.decks],
            "hand_sizes": [len(x) for x in self.hands],
        }
        d["hands"] = [h[:] if player in (None, p) else None for p, h in enumerate(self.hands)]
        return d

    def __str__(self) -> str:
        return f"piles {self.piles} passed {self.passed} hands {self.hands} to move: {self.current_player()}"


class Game:
    """Toy Duel's static part (no decks or options to speak of)."""

    name = "toy_duel"

    def __init__(self, decks=None, **options) -> None:
        self.options = options

    def new_initial_state(self, seed: int | None = None) -> State:
        return State(self, 0 if seed is None else seed)

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def observation_size(self) -> int:
        return OBS_SIZE

    def max_game_length(self) -> int:
        return 30

    def state_from_position(self, data: dict) -> State:
        """A state from ``state.to_position()``'s data (envs/core/position.py)."""
        return state_from_position(self, data)

    def deserialize_state(self, text: str) -> State:
        return deserialize_state(self, text)
