"""Card-file loading shared by every game: bounded, safe YAML, and a validator whose every
error names the file, the entry and the field. A whole pool is validated before any of it is
used, so nothing is ever half-loaded.

Card and deck files come from users, so what a file can cost is bounded before and while it
is parsed (``docs/card-language.md``, "Limits of card and deck files"):

- size: at most ``CARD_FILE_MAX_BYTES`` (1 MiB) for a card file and ``DECK_FILE_MAX_BYTES``
  (64 KiB) for a deck file, checked before the text is parsed (``read_bounded``, ready for
  any later kind of file with its own limit);
- no YAML anchors or aliases: without them the parsed data is never larger than the text,
  so no "billion laughs" can expand, in a message or anywhere else;
- no duplicate keys in a mapping (plain YAML keeps the last one silently);
- collections nested at most ``MAX_DEPTH`` deep and integers written in at most
  ``MAX_INT_CHARS`` characters (a base-60 integer costs quadratic time to read).

Everything else is ``yaml.safe_load``: the same types, tags and values.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any, NoReturn

import yaml
from yaml.composer import ComposerError
from yaml.constructor import ConstructorError

from .errors import NAME_SHORT, CardFileError, near_match, short

# 1 MiB: the largest card file shipped or tested is ~22 KB; the densest 1 MiB of YAML (350,000
# flow items) costs PyYAML's pure-Python parser ~10 s and ~260 MB, the bound of a hostile file
CARD_FILE_MAX_BYTES = 1 << 20
DECK_FILE_MAX_BYTES = 64 << 10  # 64 KiB; a deck file is ~1 KB
MAX_DEPTH = 64  # nested mappings / lists; the deepest card shipped is 12
MAX_INT_CHARS = 100  # characters of an integer literal


def _size(n: int) -> str:
    """A byte limit as written in the docs: 1 MiB, 64 KiB, or bytes."""
    if n % 1024:
        return f"{n:,} bytes"
    return f"{n >> 20} MiB" if not n % (1 << 20) else f"{n >> 10} KiB"


def _clip(name: str, limit: int = 40) -> str:
    return name if len(name) <= limit else name[: limit - 3] + "..."


def read_bounded(path: str | Path, max_bytes: int, kind: str) -> str:
    """The UTF-8 text of the file at ``path``, refused with a CardFileError when it holds
    more than ``max_bytes`` bytes (``kind`` names the file in the message, e.g. "deck file").

    A regular file's size is checked before anything is read; for anything else (a pipe, a
    device) at most ``max_bytes + 1`` bytes are read, so no file makes this read more."""
    path = Path(path)
    try:
        with open(path, "rb") as fh:
            size = os.fstat(fh.fileno()).st_size
            if size > max_bytes:
                raise CardFileError(str(path), None, None, f"{size:,} bytes; a {kind} holds at most {_size(max_bytes)}")
            raw = fh.read(max_bytes + 1)
    except FileNotFoundError:
        raise CardFileError(str(path), None, None, "no such file") from None
    except OSError as e:  # a folder, no permission, ...
        raise CardFileError(str(path), None, None, f"cannot be read: {e.strerror or type(e).__name__}") from None
    if len(raw) > max_bytes:
        raise CardFileError(str(path), None, None, f"more than {_size(max_bytes)}; a {kind} holds at most that")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise CardFileError(str(path), None, None, f"not UTF-8 text (byte {e.start})") from None


class BoundedLoader(yaml.SafeLoader):
    """``yaml.SafeLoader`` that refuses anchors and aliases, duplicate mapping keys, nesting
    deeper than ``MAX_DEPTH`` and integers longer than ``MAX_INT_CHARS``; each refusal is a
    ``yaml.YAMLError`` with the line and column."""

    def __init__(self, stream: Any) -> None:
        super().__init__(stream)
        self.depth = 0

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        # the composer is where an alias is resolved to its anchor's node (which would then be
        # built, printed or walked once per reference: the "billion laughs")
        event = self.peek_event()
        mark: Any = event.start_mark  # (the stubs tell the C parser's marks from the Python parser's)
        if isinstance(event, yaml.AliasEvent):
            raise ComposerError(
                None,
                None,
                f"alias *{_clip(str(event.anchor))}: YAML aliases are not allowed in "
                "card and deck files; write the value out",
                mark,
            )
        if isinstance(event, yaml.NodeEvent) and event.anchor is not None:
            raise ComposerError(
                None, None, f"anchor &{_clip(event.anchor)}: YAML anchors are not allowed in card and deck files", mark
            )
        if self.depth >= MAX_DEPTH:
            raise ComposerError(None, None, f"nested deeper than {MAX_DEPTH} levels", mark)
        self.depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        # a tagged scalar its constructor can't read ('!!int x', '!!bool 2', '!!timestamp 1')
        # fails in safe_load with a bare ValueError / KeyError / TypeError; here it is a
        # YAML error at the node
        try:
            return super().construct_object(node, deep)
        except yaml.YAMLError:
            raise
        except (ValueError, KeyError, TypeError, AttributeError, IndexError, OverflowError):
            what = short(node.value) if isinstance(node, yaml.ScalarNode) else f"this {node.id}"  # type: ignore[attr-defined]
            tag = _clip(node.tag.replace("tag:yaml.org,2002:", "!!"))
            raise ConstructorError(None, None, f"{what} cannot be read as {tag}", node.start_mark) from None

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        if isinstance(node, yaml.MappingNode):
            first: dict = {}
            for key_node, _ in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge":  # '<<' merges; its keys may be overridden
                    continue
                key = self.construct_object(key_node, deep=True)  # cached: built once
                try:
                    seen = first.setdefault(key, key_node)
                except TypeError:  # an unhashable key: the base class reports it
                    continue
                if seen is not key_node:
                    raise ConstructorError(
                        None,
                        None,
                        f"duplicate key {short(key, NAME_SHORT)} (first at line {seen.start_mark.line + 1})",
                        key_node.start_mark,
                    )
        return super().construct_mapping(node, deep)

    def construct_yaml_int(self, node: yaml.ScalarNode) -> int:
        if len(node.value) > MAX_INT_CHARS:
            raise ConstructorError(
                None, None, f"an integer of {len(node.value):,} characters; at most {MAX_INT_CHARS}", node.start_mark
            )
        return super().construct_yaml_int(node)


BoundedLoader.add_constructor("tag:yaml.org,2002:int", BoundedLoader.construct_yaml_int)


def load_yaml(path: str | Path, max_bytes: int = CARD_FILE_MAX_BYTES, kind: str = "card file") -> Any:
    """Parse a YAML file with the safe, bounded loader (card text is never evaluated, a file
    larger than ``max_bytes`` is never parsed; see the module's limits). Every failure is a
    CardFileError naming the file, and the line and column for a YAML one."""
    path = Path(path)
    text = read_bounded(path, max_bytes, kind)
    try:
        return yaml.load(text, Loader=BoundedLoader)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(e, "problem", None) or e
        raise CardFileError(str(path), None, None, f"not valid YAML{where}: {problem}") from None


def entry_label(data: Any, index: int) -> str:
    """The name of entry ``index`` of a card list in messages: its ``id`` when it has a
    string one (else a bounded repr of it), otherwise ``#index``."""
    if isinstance(data, dict) and "id" in data:
        v = data["id"]
        return v if isinstance(v, str) else short(v)
    return f"#{index}"


def key_label(key: Any) -> str:
    """A mapping key as a field name: a string as written (messages bound it), anything else
    (a number, null, a date) as a bounded repr."""
    return key if isinstance(key, str) else short(key)


class Checker:
    """Field checks for one entry of one file: ``ck.get("cost", int, default=0)``.

    Error messages quote the wrong value through ``short``, never in full. With ``max_int``,
    every integer read through ``get`` (here and in every ``sub``) lies within
    ``-max_int..max_int``: a game whose card numbers size loops or allocations in play bounds
    them all at once."""

    __slots__ = ("file", "entry", "data", "prefix", "max_int")

    def __init__(self, file: str, entry: str, data: Any, prefix: str = "", max_int: int | None = None) -> None:
        self.file, self.entry, self.data, self.prefix, self.max_int = file, entry, data, prefix, max_int
        if not isinstance(data, dict):
            self.fail(None, f"expected a mapping, got {type(data).__name__}")

    def fail(self, field: str | None, message: str) -> NoReturn:
        name = None if field is None else self.prefix + key_label(field)
        raise CardFileError(self.file, self.entry, name, message)

    def sub(self, field: str, data: Any) -> Checker:
        return Checker(self.file, self.entry, data, self.prefix + key_label(field) + ".", self.max_int)

    _MISSING = object()

    def get(self, field: str, kind: type | tuple, default: Any = _MISSING) -> Any:
        if field not in self.data:
            if default is Checker._MISSING:
                self.fail(field, "is required")
            return default
        v = self.data[field]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if isinstance(v, bool) and bool not in kinds:
            self.fail(field, f"expected {_names(kinds)}, got a boolean")
        if not isinstance(v, kinds):
            self.fail(field, f"expected {_names(kinds)}, got {type(v).__name__} {short(v)}")
        m = self.max_int
        if m is not None and isinstance(v, int) and not isinstance(v, bool) and not -m <= v <= m:
            self.fail(field, f"{short(v)} is out of range: a number in these cards lies within -{m}..{m}")
        return v

    def number(self, field: str, lo: int, hi: int, default: Any = _MISSING) -> Any:
        """An integer field within ``lo..hi`` (for a number that sizes a table or a loop,
        so a hostile file can't make it allocate without bound)."""
        v = self.get(field, int, default)
        if v is not default and not lo <= v <= hi:
            self.fail(field, f"must be {lo}..{hi}, not {short(v)}")
        return v

    def choice(self, field: str, allowed: Iterable[str], default: Any = _MISSING) -> Any:
        v = self.get(field, str, default)
        allowed = list(allowed)
        if v is not default and v not in allowed:
            self.fail(field, f"{short(v)} is not one of {', '.join(allowed)}")
        return v

    def strings(self, field: str, allowed: Iterable[str] | None = None) -> list:
        """The list ``field`` (empty when absent) of strings, each one of ``allowed`` when given
        (traits, keywords); the error names the entry (``keywords[2]``)."""
        v = self.get(field, list, [])
        names = None if allowed is None else list(allowed)
        for i, x in enumerate(v):
            if names is None:
                if not isinstance(x, str):
                    self.fail(f"{field}[{i}]", "expected a string")
            elif not isinstance(x, str) or x not in names:
                self.fail(f"{field}[{i}]", f"{short(x)} is not one of {', '.join(names)}")
        return v

    def only(self, allowed: Iterable[str]) -> None:
        """Reject unknown keys (typos would otherwise be silently ignored)."""
        allowed = set(allowed)
        for k in self.data:
            if k not in allowed:
                close = near_match(k, allowed)
                hint = f"did you mean {close!r}? " if close else ""
                self.fail(key_label(k), f"unknown field; {hint}expected one of {', '.join(sorted(allowed))}")


def _names(kinds: tuple) -> str:
    return " or ".join(
        {
            int: "an integer",
            str: "a string",
            bool: "true/false",
            list: "a list",
            dict: "a mapping",
            float: "a number",
        }.get(k, k.__name__)
        for k in kinds
    )
