"""Card-file loading shared by every game: safe YAML, and a validator whose every error
names the file, the entry and the field. A whole pool is validated before any of it is
used, so nothing is ever half-loaded.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable

import yaml

from .errors import CardFileError


def load_yaml(path: str | Path) -> Any:
    """Parse a YAML file with the safe loader (card text is never evaluated)."""
    path = Path(path)
    try:
        with open(path, encoding="utf-8") as fh:
            return yaml.safe_load(fh)
    except FileNotFoundError:
        raise CardFileError(str(path), None, None, "no such file") from None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        raise CardFileError(str(path), None, None, f"not valid YAML{where}: {getattr(e, 'problem', e)}") from None


class Checker:
    """Field checks for one entry of one file: ``ck.get("cost", int, default=0)``."""

    __slots__ = ("file", "entry", "data", "prefix")

    def __init__(self, file: str, entry: str, data: Any, prefix: str = "") -> None:
        self.file, self.entry, self.data, self.prefix = file, entry, data, prefix
        if not isinstance(data, dict):
            self.fail(None, f"expected a mapping, got {type(data).__name__}")

    def fail(self, field: str | None, message: str):
        name = None if field is None else (self.prefix + field)
        raise CardFileError(self.file, self.entry, name, message)

    def sub(self, field: str, data: Any) -> "Checker":
        return Checker(self.file, self.entry, data, self.prefix + field + ".")

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
            self.fail(field, f"expected {_names(kinds)}, got {type(v).__name__} {v!r}")
        return v

    def choice(self, field: str, allowed: Iterable[str], default: Any = _MISSING) -> Any:
        v = self.get(field, str, default)
        allowed = list(allowed)
        if v is not default and v not in allowed:
            self.fail(field, f"{v!r} is not one of {', '.join(allowed)}")
        return v

    def only(self, allowed: Iterable[str]) -> None:
        """Reject unknown keys (typos would otherwise be silently ignored)."""
        allowed = set(allowed)
        for k in self.data:
            if k not in allowed:
                self.fail(str(k), f"unknown field; expected one of {', '.join(sorted(allowed))}")


def _names(kinds: tuple) -> str:
    return " or ".join({int: "an integer", str: "a string", bool: "true/false", list: "a list",
                        dict: "a mapping", float: "a number"}.get(k, k.__name__) for k in kinds)
