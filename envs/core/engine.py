"""The decision protocol: a resumable state machine of plain data.

Modelled on ygopro-core's processor. A game's state keeps a stack of *frames*; a frame
is a plain list ``[handler_id, step, arg0, arg1, ...]``. ``_run`` calls the handler of
the top frame until some handler asks a player for a decision (``ask``) or ends the
game (``finish``). A handler advances ``frame[1]`` (its step), pushes child frames,
pops itself, or asks; when the answer arrives, the same frame resumes at its next step
and reads ``self.answer``. Nothing holds game state outside the state's fields (no
generators, closures or threads), so ``clone()`` is exact and a game replays from
``(decks, options, seed, actions)``.

Every decision is one atomic choice from the game's fixed action space. A game defines
its action layout (``ActionLayout``) and its decision kinds; the state records the
pending kind, the deciding player and the sorted legal action ids.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any

import numpy as np

from .rng import Rng

if TYPE_CHECKING:
    from .contract import Game

TERMINAL_PLAYER = -4  # OpenSpiel's kTerminalPlayerId
RUNNING = -1  # dkind while the rules run (no decision pending)
GAME_OVER = -2  # dkind once the game has ended
HANDLER, STEP = 0, 1  # a frame's first two slots: its handler id and its step; a handler's own args follow from 2


class ActionLayout:
    """Named ranges of the fixed action space: ``layout.add("hand", 30)`` etc.

    An action id keeps its meaning within a decision kind: ``hand+3`` is always hand
    slot 3. ``describe(a)`` gives ``(range name, index)``.
    """

    __slots__ = ("ranges", "size", "_starts")

    def __init__(self) -> None:
        self.ranges: dict[str, tuple[int, int]] = {}
        self.size = 0
        self._starts: list[tuple[int, str]] = []

    def add(self, name: str, count: int) -> int:
        if name in self.ranges:
            raise ValueError(f"action range {name!r} defined twice")
        start = self.size
        self.ranges[name] = (start, count)
        self._starts.append((start, name))
        self.size += count
        return start

    def describe(self, a: int) -> tuple[str, int]:
        for start, name in reversed(self._starts):
            if a >= start:
                count = self.ranges[name][1]
                if a < start + count:
                    return name, a - start
                break
        raise ValueError(f"action {a} is outside the action space of size {self.size}")

    def table(self) -> list[tuple[int, int, str]]:
        """(first id, last id, range name) rows, for the documentation."""
        return [(s, s + c - 1, n) for n, (s, c) in self.ranges.items()]


class DecisionState:
    """Base of every game's state: the processor loop and the decision protocol.

    Subclasses define ``HANDLERS`` (a list of functions ``(state, frame) -> None``
    indexed by handler id), ``DECISION_NAMES`` (kind -> name), ``NUM_ACTIONS`` and
    ``CONCEDE`` (the action id of conceding, or -1 when the game has none), declare their
    fields in ``FIELDS`` (a :class:`~.table.Table`: ``clone``, ``to_position`` and the state
    from a position follow from it), and implement ``observation_tensor``,
    ``resample_hidden``, ``action_to_string``, ``to_dict`` and ``__str__``.

    ``capped`` is True once the decision cap (option ``max_decisions``), not the rules,
    ended the game as a draw; the PettingZoo env reports such a game as a truncation.
    """

    __slots__ = (
        "game",
        "rng",
        "stack",
        "dkind",
        "dplayer",
        "legal",
        "answer",
        "winner",
        "history",
        "concession",
        "max_decisions",
        "capped",
        "_shared_history",
    )

    game: Any  # the game's static part: the contract's Game and its own tables (pool, obs_layout, ...)
    HANDLERS: Sequence[Callable[[Any, list], None]] = ()
    DECISION_NAMES: Sequence[str] = ()
    NUM_ACTIONS = 0
    CONCEDE = -1  # a game with concession gives it the largest action id
    FIELDS: Any = None  # the game's declared fields (envs/core/table.py); None: the game clones by hand
    #: the import path of the game's views (``observation(state, player, layout)``, ``action_to_string``,
    #: ``to_dict``, ``render``), which give the contract's views below; imported on first use, since a
    #: game's views read its rules, which import its state module. "": the class writes its own.
    VIEWS = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A state class with a ``FIELDS`` table declares each of its slots there: checked when
        the game's module is imported, so a field cannot go uncopied by ``clone`` or unsaved."""
        super().__init_subclass__(**kwargs)
        if cls.FIELDS is not None:
            cls.FIELDS.check(cls)
            if "clone" not in cls.__dict__:  # built from the declarations (table.Table.make_clone)
                setattr(cls, "clone", cls.FIELDS.make_clone(cls))  # noqa: B010 (a method replaced: mypy)

    def clone(self) -> DecisionState:
        """An exact, independent copy (the declared fields, copied by kind); a class with
        ``FIELDS`` gets the same as a generated function (``Table.make_clone``)."""
        c = object.__new__(type(self))
        self._copy_protocol(c)
        self.FIELDS.clone_into(self, c)
        return c

    # ---- the views (the game's VIEWS module) --------------------------------------------------------
    _VIEWS_MODULE: Any = None  # VIEWS once imported, kept on the class (read at every observation)

    def _views(self) -> Any:
        v = self._VIEWS_MODULE
        if v is None:
            v = type(self)._VIEWS_MODULE = importlib.import_module(self.VIEWS)
        return v

    def observation_tensor(self, player: int) -> np.ndarray:
        return (self._VIEWS_MODULE or self._views()).observation(self, player, self.game.obs_layout)

    def action_to_string(self, action: int) -> str:
        return self._views().action_to_string(self, action)

    def to_dict(self, player: int | None = None) -> dict:
        return self._views().to_dict(self, player)

    def __str__(self) -> str:
        return self._views().render(self)

    def _init_protocol(self, game: Game, seed: int) -> None:
        self.game = game
        self.rng = Rng(seed)
        self.stack: list[list] = []
        self.dkind = RUNNING
        self.dplayer = 0
        self.legal: list[int] = []
        self.answer = -1
        self.winner = -1  # -1: none / draw
        self.history: list[int] = []
        self._shared_history = False
        self.concession = bool(game.options.get("concession", False)) and self.CONCEDE >= 0
        self.max_decisions = int(game.options.get("max_decisions", 0))
        self.capped = False  # the decision cap, not the rules, ended the game (see ``apply_action``)

    def _copy_protocol(self, other: DecisionState) -> None:
        """Copy the protocol fields of ``self`` into ``other`` (used by ``clone``)."""
        other.game = self.game
        other.rng = self.rng.clone()
        other.stack = [f[:] for f in self.stack]
        other.dkind = self.dkind
        other.dplayer = self.dplayer
        other.legal = self.legal  # never mutated in place: replaced at each decision
        other.answer = self.answer
        other.winner = self.winner
        other.history = self.history  # copy-on-write: clones cost the same late in a game
        other._shared_history = self._shared_history = True
        other.concession = self.concession
        other.max_decisions = self.max_decisions
        other.capped = self.capped

    # ---- positions (envs/core/position.py) ----------------------------------------------
    def to_position(self) -> dict:
        """The state as plain JSON/YAML-safe data; ``game.state_from_position`` restores it."""
        from .position import to_position

        return to_position(self)

    def serialize(self) -> str:
        """``to_position`` as JSON text; ``game.deserialize_state`` restores it (OpenSpiel's names)."""
        from .position import serialize

        return serialize(self)

    # ---- the loop -------------------------------------------------------------
    def _run(self) -> None:
        handlers = self.HANDLERS
        stack = self.stack
        while self.dkind == RUNNING:
            f = stack[-1]
            handlers[f[0]](self, f)

    def ask(self, player: int, kind: int, legal: list[int]) -> None:
        """Pend a decision: ``legal`` must be sorted ascending and non-empty."""
        if self.concession:
            legal = legal + [self.CONCEDE]
        self.dplayer = player
        self.dkind = kind
        self.legal = legal

    def finish(self, winner: int) -> None:
        """End the game: ``winner`` 0 or 1, or -1 for a draw."""
        self.winner = winner
        self.dkind = GAME_OVER
        self.legal = []

    # ---- the contract -----------------------------------------------------------
    def current_player(self) -> int:
        return TERMINAL_PLAYER if self.dkind == GAME_OVER else self.dplayer

    def is_terminal(self) -> bool:
        return self.dkind == GAME_OVER

    def returns(self) -> list[float]:
        if self.dkind != GAME_OVER or self.winner < 0:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    def legal_actions(self) -> list[int]:
        return list(self.legal)

    def legal_actions_mask(self) -> np.ndarray:
        mask = np.zeros(self.NUM_ACTIONS, dtype=bool)
        if self.legal:
            mask[self.legal] = True
        return mask

    def decision_name(self) -> str:
        if self.dkind == GAME_OVER:
            return "game over"
        return self.DECISION_NAMES[self.dkind]

    def apply_action(self, action: int) -> None:
        """Take one atomic choice, then run the rules to the next decision or the end.

        An illegal action raises ``ValueError`` naming it and the pending decision, and
        leaves the state unchanged.
        """
        if self.dkind == GAME_OVER:
            raise ValueError(f"action {action!r}: the game is over")
        if action not in self.legal or isinstance(action, bool):
            try:
                what = self.action_to_string(int(action))
            except (ValueError, TypeError, IndexError):
                what = "outside the action space"
            raise ValueError(
                f"illegal action {action!r} ({what}) for player {self.dplayer} in decision "
                f"'{self.decision_name()}'; legal: {self.legal}"
            )
        action = int(action)
        if self._shared_history:
            self.history = self.history[:]
            self._shared_history = False
        self.history.append(action)
        if action == self.CONCEDE and self.concession:
            self.finish(1 - self.dplayer)  # BS 1-3-4: the conceding player loses at once
            return
        self.answer = action
        self.dkind = RUNNING
        self._run()
        if self.max_decisions and len(self.history) >= self.max_decisions and self.dkind != GAME_OVER:
            self.finish(-1)  # step cap: a runaway game ends as a draw
            self.capped = True  # ... which the PettingZoo env reports as a truncation


_LATE: dict[str, Callable[[], ModuleType]] = {}


def late_import(path: str) -> Callable[[], ModuleType]:
    """``late_import("tcgzoo.envs.battle_spirits.rules")()`` is that module, imported on the
    first call: for a game's modules that import each other (its state, its rules, its views),
    so a module can name another that is not loaded yet. One function per path, cached."""
    fn = _LATE.get(path)
    if fn is None:
        box: list[ModuleType] = []

        def load() -> ModuleType:
            if not box:
                box.append(importlib.import_module(path))
            return box[0]

        fn = _LATE[path] = load
    return fn


def replay(game: Game, seed: int, actions: Sequence[int]) -> Any:
    """Rebuild the state reached from ``seed`` by ``actions`` (the serialisation)."""
    state = game.new_initial_state(seed)
    for a in actions:
        state.apply_action(a)
    return state
