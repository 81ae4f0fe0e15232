"""Errors that say what went wrong and where."""
from __future__ import annotations


class TcgError(Exception):
    """Base class of tcgzoo's own errors."""


class CardFileError(TcgError, ValueError):
    """A card or deck file is broken: names the file, the entry and the field."""

    def __init__(self, file: str, entry: str | None, field: str | None, message: str) -> None:
        self.file, self.entry, self.field, self.message = str(file), entry, field, message
        where = self.file
        if entry is not None:
            where += f", entry {entry!r}"
        if field is not None:
            where += f", field {field!r}"
        super().__init__(f"{where}: {message}")


class DeckError(TcgError, ValueError):
    """An illegal deck: names the card and the rule it breaks."""

    def __init__(self, deck: str, card: str | None, rule: str, message: str) -> None:
        self.deck, self.card, self.rule, self.message = deck, card, rule, message
        who = f" card {card!r}:" if card else ""
        super().__init__(f"deck {deck!r}:{who} {message} (rule {rule})")


class UnknownNameError(TcgError, KeyError):
    """An unknown card, deck, game or option name; lists what is known."""

    def __init__(self, kind: str, name: str, known) -> None:
        known = sorted(known)
        shown = ", ".join(map(str, known[:20])) + (" ..." if len(known) > 20 else "")
        self.kind, self.name = kind, name
        super().__init__(f"unknown {kind} {name!r}; known: {shown}")

    def __str__(self) -> str:  # KeyError would repr() the message
        return self.args[0]
