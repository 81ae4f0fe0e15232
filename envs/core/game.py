"""What every game's ``Game`` (the static part of the contract) shares: option checking,
the pair of decks, and the fixed facts of the game declared as data (OpenSpiel style)."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .decks import builtin_deck_names
from .engine import ActionLayout
from .errors import OptionError, UnknownNameError
from .position import deserialize_state, state_from_position

if TYPE_CHECKING:
    from .obs import ObsLayout


# ---- rule options: what each takes ---------------------------------------------------------
@dataclass(frozen=True)
class Option:
    """The values a rule option takes: ``test`` checks one, ``allowed`` says them in words
    for the error (``"... option 'max_decisions' takes <allowed>, got -1"``).

    Options arrive from Python, from an env's kwargs and from ``--option key=value`` as
    JSON, so the tests are strict about types: ``"False"`` (a string) must not count as a
    true switch, nor ``True`` as the integer 1.
    """

    allowed: str
    test: Callable[[Any], bool]


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


#: on/off rules (``concession``, ``auto_forced``)
SWITCH = Option("true or false", lambda v: isinstance(v, bool))
#: the seat that takes the first turn, or None for the game's own rule (a random draw, a choice)
FIRST_PLAYER = Option("0, 1 or null (decided by the rules)", lambda v: v is None or _is_int(v) and v in (0, 1))
#: the decision cap after which a game ends as a draw (``DecisionState.max_decisions``)
DECISION_CAP = Option("a whole number >= 0 (0: no cap)", lambda v: _is_int(v) and v >= 0)
#: the player's own card files, added to the built-in cards (or, with ``builtin_cards=False``,
#: the whole pool); None: none
CARD_FILES = Option(
    "null (no card files of your own) or a list of card file paths",
    lambda v: v is None or isinstance(v, (list, tuple)) and all(isinstance(f, (str, os.PathLike)) for f in v),
)


def one_of(*values: str) -> Option:
    """A choice among names (``format``: ``one_of("standard", "eternal")``)."""
    return Option(" or ".join(map(repr, values)), lambda v: isinstance(v, str) and v in values)


#: the options every game on the kernel has; a game adds its own: ``{**COMMON_OPTIONS, "format": one_of(...)}``
COMMON_OPTIONS: dict[str, Option] = {
    "first_player": FIRST_PLAYER,
    "concession": SWITCH,
    "max_decisions": DECISION_CAP,
    "cards": CARD_FILES,
    "builtin_cards": SWITCH,
}


#: the built-in pool of each game class, loaded once per process (``GameBase.builtin_pool``)
_BUILTIN_POOLS: dict[type, Any] = {}


class GameBase:
    """Subclasses set ``TITLE``, ``OPTIONS`` (name -> default), ``OPTION_TYPES`` (name ->
    :class:`Option`, the same names), ``DEFAULT_DECKS``, ``DECKS_DIR``, ``NUM_ACTIONS`` and
    ``LAYOUT`` and give ``self.obs_layout`` and ``self.deck_names`` (the two decks in play)
    in ``__init__``."""

    name = ""
    TITLE = ""
    OPTIONS: dict = {}
    OPTION_TYPES: dict[str, Option] = {}
    DEFAULT_DECKS: tuple = ()
    DECKS_DIR: Path | None = None  # the folder of the built-in deck files
    NUM_ACTIONS = 0
    LAYOUT: ActionLayout | None = None
    CARDS_DIR: Path | None = None  # the folder of the built-in card files
    STATE: type | None = None  # the game's state class (``new_initial_state``)
    #: the game's card loader, ``load_pool(files=None)``: the built-in pool, or the pool of ``files``
    #: (each game sets ``load_pool = staticmethod(cards.load_pool)``)
    load_pool: Callable[..., Any]
    # set by each game's __init__
    obs_layout: ObsLayout
    deck_names: list[str]
    options: dict[str, Any]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game declares what each of its options takes, and its defaults pass: checked
        when the game's module is imported, so an option cannot go unchecked."""
        super().__init_subclass__(**kwargs)
        if set(cls.OPTIONS) != set(cls.OPTION_TYPES):
            raise TypeError(
                f"{cls.__name__}: OPTIONS {sorted(cls.OPTIONS)} and OPTION_TYPES "
                f"{sorted(cls.OPTION_TYPES)} must name the same options"
            )
        for k, default in cls.OPTIONS.items():
            if not cls.OPTION_TYPES[k].test(default):
                raise TypeError(
                    f"{cls.__name__}: the default {default!r} of option {k!r} is not {cls.OPTION_TYPES[k].allowed}"
                )

    def _set_options(self, options: dict) -> None:
        """Check every given option (name, type and range) and fill in the defaults; the
        one place the three games check their options."""
        for k, v in options.items():
            if k not in self.OPTIONS:
                raise UnknownNameError(f"{self.TITLE} option", k, self.OPTIONS)
            if not self.OPTION_TYPES[k].test(v):
                raise OptionError(self.TITLE, k, v, self.OPTION_TYPES[k].allowed)
        self.options = {**self.OPTIONS, **options}

    # ---- the pool and the first state ----------------------------------------------------------
    @classmethod
    def builtin_pool(cls) -> Any:
        """The built-in pool, loaded once per process and shared by every game object."""
        pool = _BUILTIN_POOLS.get(cls)
        if pool is None:
            pool = _BUILTIN_POOLS[cls] = cls.load_pool()
        return pool

    def _load_pool(self) -> None:
        """``self.pool``: the built-in pool, the player's own card files added (option ``cards``),
        or those files alone (``builtin_cards=False``)."""
        assert self.CARDS_DIR is not None, f"{type(self).__name__} names no CARDS_DIR"
        files = self.pool_files(self.CARDS_DIR)
        self.pool = self.builtin_pool() if files is None else self.load_pool(files)

    def state_class(self) -> type:
        """The class of this game's states (a game whose decks need other rules may choose)."""
        assert self.STATE is not None, f"{type(self).__name__} names no STATE class"
        return self.STATE

    def new_initial_state(self, seed: int | None = None) -> Any:
        """The state after the rules' set-up from ``seed`` (the contract; 0 when None)."""
        return self.state_class()(self, 0 if seed is None else int(seed))

    def pool_files(self, cards_dir: str | os.PathLike[str]) -> list[Path] | None:
        """The card files of this game's pool: the built-in ones (``cards_dir``), then the
        player's own (option ``cards``), so a player's cards join the built-in pool; with
        ``builtin_cards=False`` the player's files are the whole pool. ``None`` means the
        built-in pool alone (which a game loads once and shares). A card id defined twice
        is an error naming both files."""
        own = [Path(f) for f in self.options["cards"] or ()]
        if not self.options["builtin_cards"]:
            if not own:
                raise OptionError(
                    self.TITLE,
                    "builtin_cards",
                    False,
                    "true unless option 'cards' lists the card files of the whole pool",
                )
            return own
        return sorted(Path(cards_dir).glob("*.yaml")) + own if own else None

    def _deck_pair(self, decks: Sequence[str | os.PathLike[str]] | None) -> list[str]:
        if decks is None:
            decks = self.DEFAULT_DECKS
        if isinstance(decks, str) or len(decks) != 2:
            raise ValueError("decks must be a pair of deck names or deck-file paths")
        return [str(d) for d in decks]

    @classmethod
    def builtin_decks(cls) -> list[str]:
        """The names of the game's built-in decks (usable wherever a deck is asked for)."""
        return builtin_deck_names(cls.DECKS_DIR)

    def num_distinct_actions(self) -> int:
        return self.NUM_ACTIONS

    def observation_size(self) -> int:
        return self.obs_layout.size

    def max_game_length(self) -> int:
        return self.options["max_decisions"] or 10**9

    def observation_layout(self) -> list[tuple[int, int, str]]:
        return self.obs_layout.table()

    # ---- positions (envs/core/position.py) -----------------------------------------------------------
    def state_from_position(self, data: dict) -> Any:
        """A state from a position (``state.to_position()``'s data, or a hand-written one);
        a :class:`~.errors.PositionError` says what is wrong and where."""
        return state_from_position(self, data)

    def deserialize_state(self, text: str) -> Any:
        """The state ``state.serialize()`` wrote (OpenSpiel's name)."""
        return deserialize_state(self, text)

    @classmethod
    def action_layout(cls) -> list[tuple[int, int, str]]:
        if cls.LAYOUT is None:
            raise TypeError(f"{cls.__name__} declares no action LAYOUT")
        return cls.LAYOUT.table()
