"""Deck files shared by every game: built-in names or file paths, bounded safe YAML (at most
``DECK_FILE_MAX_BYTES``, see ``cardfile``), the common fields (``name``, ``plan``,
``cards: {card id: count}``) checked with errors that name the file, the deck and the field.
Each game adds its own fields and its format's rules.

Copy counts are checked against the format's limit before a deck is expanded to one id per
copy, so ``SOME-ID: 1000000000`` is an error naming the card, never a list of 10^9 ids.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from pathlib import Path
from typing import NamedTuple

from .cardfile import DECK_FILE_MAX_BYTES, Checker, key_label, load_yaml
from .errors import NAME_SHORT, CardFileError, DeckError, UnknownNameError, near_match, short

COMMON_FIELDS = ("name", "plan", "cards")


class CopyLimit(NamedTuple):
    """At most ``n`` copies of one card in a deck, by ``rule``. ``text`` is the message, with
    ``{n}`` for the count found, worded as the game's own deck check words it; ``card`` names
    the card in the error as that check does (None: its id)."""

    n: int
    rule: str
    text: str
    card: str | None = None


Limit = CopyLimit | Callable[[str], CopyLimit]  # one for every card, or per card id


def builtin_deck_names(decks_dir: Path | None) -> list[str]:
    """The built-in decks: the stems of the ``*.yaml`` files in ``decks_dir``, sorted
    (none without a folder)."""
    return [] if decks_dir is None else sorted(p.stem for p in Path(decks_dir).glob("*.yaml"))


def deck_path(spec: str, decks_dir: Path, title: str) -> Path:
    """A deck spec -> its file: a path (ends in .yaml/.yml, or names an existing file) as
    given; otherwise a built-in deck name (an unknown one is an error listing the known and
    suggesting the closest)."""
    path = Path(spec)
    if spec.endswith((".yaml", ".yml")) or path.is_file():
        return path
    names = builtin_deck_names(decks_dir)
    if spec not in names:
        raise UnknownNameError(f"{title} deck", spec, names)
    return Path(decks_dir) / f"{spec}.yaml"


def open_deck(spec: str, decks_dir: Path, title: str, extra_fields: Iterable[str] = ()) -> tuple[Path, Checker, str]:
    """Parse a deck file (at most ``DECK_FILE_MAX_BYTES``): ``(path, checker, name)``;
    unknown fields are rejected and the name defaults to the file's stem."""
    path = deck_path(spec, decks_dir, title)
    ck = Checker(str(path), "deck", load_yaml(path, DECK_FILE_MAX_BYTES, "deck file"))
    ck.only(COMMON_FIELDS + tuple(extra_fields))
    name = ck.get("name", str, path.stem)
    ck.entry = name
    ck.get("plan", str, "")
    return path, ck, name


def unknown_card(cid: object, known: Iterable[str]) -> str:
    """The message for a card id that is not in the pool: ``unknown card id 'BS-R07'; did
    you mean 'BS-R01'?`` (the suggestion only when a known id is close)."""
    close = near_match(cid, known)
    return f"unknown card id {short(cid)}" + (f"; did you mean {short(close, NAME_SHORT)}?" if close else "")


def deck_counts(ck: Checker, known: Collection[str], limit: Limit) -> dict[str, int]:
    """The ``cards: {card id: count}`` mapping, checked entry by entry in file order: a
    known id (else an error suggesting the closest known one), a positive integer count,
    and at most the ``limit`` of copies of that card (else a DeckError naming the card and
    the rule). Nothing is expanded, so any count costs the same to refuse."""
    cards = ck.get("cards", dict)
    for cid, n in cards.items():
        field = f"cards.{key_label(cid)}"
        if not isinstance(cid, str) or cid not in known:
            raise CardFileError(ck.file, ck.entry, field, unknown_card(cid, known))
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise CardFileError(ck.file, ck.entry, field, f"count must be a positive integer, not {short(n)}")
        lim = limit if isinstance(limit, CopyLimit) else limit(cid)
        if n > lim.n:
            raise DeckError(ck.entry, cid if lim.card is None else lim.card, lim.rule, lim.text.format(n=short(n)))
    return cards


def deck_card_ids(ck: Checker, known: Collection[str], limit: Limit) -> list[str]:
    """The ``cards: {card id: count}`` mapping expanded to one id per copy, in file order,
    after ``deck_counts`` has checked every entry (so the list holds at most ``limit`` copies
    of each known card)."""
    ids: list[str] = []
    for cid, n in deck_counts(ck, known, limit).items():
        ids += [cid] * n
    return ids
