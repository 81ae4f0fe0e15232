"""Errors that say what went wrong and where.

A message may quote what a user wrote (a value, a key, a card id), and what a user wrote can
be anything a file holds: a string of a megabyte, an integer too long for ``repr``, a deep
structure. Every quoted value goes through :func:`short`, so an error message stays a line.
"""

from __future__ import annotations

import difflib
import math
import os
import reprlib
from collections.abc import Iterable
from typing import Any

SHORT = 60  # characters of a quoted value in a message
NAME_SHORT = 100  # characters of a quoted name (entry, field, deck, card) in a message


def short(value: object, limit: int = SHORT) -> str:
    """``repr(value)`` in at most ``limit`` characters (at least 10), never expanding the whole
    value: strings keep their two ends, containers their first items and three levels
    (``reprlib``), an integer too long to print says how many digits it has, and anything
    longer is cut with ``...``."""
    limit = max(limit, 10)
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 3 * limit:
        # more than ``limit`` digits; repr() itself fails beyond 4300 (sys.int_info)
        return f"<integer of {int(value.bit_length() * math.log10(2)) + 1} digits>"
    r = reprlib.Repr()  # one per call: errors may be formatted on several threads
    r.maxlevel, r.maxdict = 3, 4
    r.maxtuple = r.maxlist = r.maxset = r.maxfrozenset = r.maxdeque = r.maxarray = 6
    r.maxstring = r.maxother = r.maxlong = limit
    try:
        text = r.repr(value)
    except Exception:  # a value whose repr fails is named by its type
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def near_match(name: object, known: Iterable) -> str | None:
    """The known name closest to a misspelt one, or None when none is close (``difflib``
    ratio below 0.6) or the name is no short string. Among equally close names the one
    sharing the longest prefix wins, then the first in sorted order: card ids differ at the
    end ('BS-R07' -> 'BS-R01', 'LM-L0' -> 'LM-L01', not 'LM-L10')."""
    if not isinstance(name, str) or len(name) > NAME_SHORT:
        return None
    names = [k for k in known if isinstance(k, str)]
    found = difflib.get_close_matches(name, names, n=max(len(names), 1))  # every close one

    def rank(k: str) -> tuple[float, int]:
        return difflib.SequenceMatcher(None, name, k).ratio(), len(os.path.commonprefix((name, k)))

    return max(sorted(found), key=rank) if found else None


class TcgError(Exception):
    """Base class of tcgzoo's own errors."""


class CardFileError(TcgError, ValueError):
    """A card or deck file is broken: names the file, the entry and the field."""

    def __init__(self, file: str, entry: str | None, field: str | None, message: str) -> None:
        self.file, self.entry, self.field, self.message = str(file), entry, field, message
        where = self.file
        if entry is not None:
            where += f", entry {short(entry, NAME_SHORT)}"
        if field is not None:
            where += f", field {short(field, 2 * NAME_SHORT)}"
        super().__init__(f"{where}: {message}")


class DeckError(TcgError, ValueError):
    """An illegal deck: names the card and the rule it breaks."""

    def __init__(self, deck: str, card: str | None, rule: str, message: str) -> None:
        self.deck, self.card, self.rule, self.message = deck, card, rule, message
        who = f" card {short(card, NAME_SHORT)}:" if card else ""
        super().__init__(f"deck {short(deck, NAME_SHORT)}:{who} {message} (rule {rule})")


class OptionError(TcgError, ValueError):
    """A rule option given a value it does not take: names the game, the option, the value
    and what the option allows (``Game(**options)``, the envs and ``--option`` alike)."""

    def __init__(self, game: str, option: str, value: object, allowed: str) -> None:
        self.game, self.option, self.value, self.allowed = game, option, value, allowed
        super().__init__(f"{game} option {short(option, NAME_SHORT)} takes {allowed}, got {short(value)}")


class UnknownNameError(TcgError, KeyError):
    """An unknown card, deck, game or option name; suggests the closest known name (in
    ``suggestion``, None without one) and lists what is known."""

    def __init__(self, kind: str, name: object, known: Iterable[Any]) -> None:
        known = sorted(known)
        shown = ", ".join(k if isinstance(k, str) and len(k) <= SHORT else short(k) for k in known[:20])
        shown += " ..." if len(known) > 20 else ""
        self.kind, self.name = kind, name
        self.suggestion = near_match(name, known)
        hint = "" if self.suggestion is None else f" did you mean {short(self.suggestion, NAME_SHORT)}?"
        super().__init__(f"unknown {kind} {short(name, NAME_SHORT)};{hint} known: {shown}")

    def __str__(self) -> str:  # KeyError would repr() the message
        return self.args[0]


class PositionError(ValueError):
    """A position (state_from_position, a position file) that cannot be built: says what and where."""
