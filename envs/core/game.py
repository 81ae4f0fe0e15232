"""What every game's ``Game`` (the static part of the contract) shares: option checking,
the pair of decks, and the fixed facts of the game declared as data (OpenSpiel style)."""
from __future__ import annotations

from .decks import builtin_deck_names
from .errors import UnknownNameError


class GameBase:
    """Subclasses set ``TITLE``, ``OPTIONS`` (name -> default), ``DEFAULT_DECKS``,
    ``DECKS_DIR``, ``NUM_ACTIONS`` and ``LAYOUT`` and give ``self.obs_layout`` and
    ``self.deck_names`` (the two decks in play) in ``__init__``."""

    name = ""
    TITLE = ""
    OPTIONS: dict = {}
    DEFAULT_DECKS: tuple = ()
    DECKS_DIR = None  # the folder of the built-in deck files
    NUM_ACTIONS = 0
    LAYOUT = None

    def _set_options(self, options: dict) -> None:
        for k, v in options.items():
            if k not in self.OPTIONS:
                raise UnknownNameError(f"{self.TITLE} option", k, self.OPTIONS)
            default = self.OPTIONS[k]
            # a switch takes true/false and a count an integer: "False" (a string) would be true
            if isinstance(default, bool) and not isinstance(v, bool) or \
                    type(default) is int and (not isinstance(v, int) or isinstance(v, bool)):
                raise ValueError(f"{self.TITLE} option {k!r} takes {type(default).__name__}, got {v!r}")
        self.options = {**self.OPTIONS, **options}

    def _deck_pair(self, decks) -> list[str]:
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

    @classmethod
    def action_layout(cls) -> list[tuple[int, int, str]]:
        return cls.LAYOUT.table()
