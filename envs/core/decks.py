"""Deck files shared by every game: built-in names or file paths, safe YAML, the common
fields (``name``, ``plan``, ``cards: {card id: count}``) checked with errors that name the
file, the deck and the field. Each game adds its own fields and its format's rules.
"""
from __future__ import annotations

from collections.abc import Container, Iterable
from pathlib import Path

from .cardfile import Checker, load_yaml
from .errors import CardFileError, UnknownNameError

COMMON_FIELDS = ("name", "plan", "cards")


def builtin_deck_names(decks_dir: Path | None) -> list[str]:
    """The built-in decks: the stems of the ``*.yaml`` files in ``decks_dir``, sorted
    (none without a folder)."""
    return [] if decks_dir is None else sorted(p.stem for p in Path(decks_dir).glob("*.yaml"))


def deck_path(spec: str, decks_dir: Path, title: str) -> Path:
    """A deck spec -> its file: a path (ends in .yaml/.yml, or names an existing file) as
    given; otherwise a built-in deck name (an unknown one is an error listing the known)."""
    path = Path(spec)
    if spec.endswith((".yaml", ".yml")) or path.is_file():
        return path
    names = builtin_deck_names(decks_dir)
    if spec not in names:
        raise UnknownNameError(f"{title} deck", spec, names)
    return Path(decks_dir) / f"{spec}.yaml"


def open_deck(spec: str, decks_dir: Path, title: str,
              extra_fields: Iterable[str] = ()) -> tuple[Path, Checker, str]:
    """Parse a deck file: ``(path, checker, name)``; unknown fields are rejected and the
    name defaults to the file's stem."""
    path = deck_path(spec, decks_dir, title)
    ck = Checker(str(path), "deck", load_yaml(path))
    ck.only(COMMON_FIELDS + tuple(extra_fields))
    name = ck.get("name", str, path.stem)
    ck.entry = name
    ck.get("plan", str, "")
    return path, ck, name


def deck_card_ids(ck: Checker, known: Container[str]) -> list[str]:
    """The ``cards: {card id: count}`` mapping expanded to one id per copy, in file order."""
    cards = ck.get("cards", dict)
    ids: list[str] = []
    for cid, n in cards.items():
        if cid not in known:
            raise CardFileError(ck.file, ck.entry, f"cards.{cid}", "unknown card id")
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise CardFileError(ck.file, ck.entry, f"cards.{cid}", "count must be a positive integer")
        ids += [cid] * n
    return ids
