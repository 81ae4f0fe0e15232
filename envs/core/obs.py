"""The observation layout every game shares: named blocks of one flat float32 vector.

A game's layout is an ``ObsLayout`` whose ``__init__`` adds its blocks in order::

    class BattleSpiritsLayout(ObsLayout):
        def __init__(self, n_cards):
            super().__init__(n_cards)
            self.turn = self.add("global", 3, "turn/20, my turn, I went first")
            self.hand = self.add("hand", 10 * n_cards, "my hand slots: card one-hot", shape="10 x N")

``add`` returns the block's first index, which the encoder keeps as an attribute and
writes at; ``view(obs, name)`` is the block as a numpy view (tests and readers), and
``table()`` the ``(first, last, name)`` rows of ``Game.observation_layout()``.

Each game module's docstring documents its layout as a table of ``block``, ``size``,
``content`` rows, the sizes written in ``N`` (cards in the pool). ``check_docstring``
holds that table to the layout: the same blocks, in the same order, of the sizes the
formulas give. The sizes are read by a small arithmetic reader (integers, ``N``, ``+``,
``-``, ``*`` or ``x``, parentheses), never by ``eval``.
"""

from __future__ import annotations

import ast
import re

import numpy as np


class ObsLayout:
    """Named blocks of the flat observation of a pool of ``n`` cards.

    ``blocks``: name -> ``(start, size)``; ``shapes``: name -> the size as a formula in
    ``N`` (for the documentation); ``docs``: name -> what the block holds.
    """

    def __init__(self, n_cards: int) -> None:
        self.n = n_cards
        self.size = 0
        self.blocks: dict[str, tuple[int, int]] = {}
        self.shapes: dict[str, str] = {}
        self.docs: dict[str, str] = {}

    def add(self, name: str, size: int, doc: str = "", shape: str = "") -> int:
        """Append block ``name`` of ``size`` floats; returns its first index. ``shape`` is
        the size as a formula in ``N`` (default: the number itself), checked here."""
        if name in self.blocks:
            raise ValueError(f"observation block {name!r} defined twice")
        shape = shape or str(size)
        got = size_of(shape, self.n)
        if got != size:
            raise ValueError(
                f"observation block {name!r}: shape {shape!r} gives {got} with N={self.n}, but the block has {size}"
            )
        start = self.size
        self.blocks[name] = (start, size)
        self.shapes[name] = shape
        self.docs[name] = doc
        self.size += size
        return start

    def start(self, name: str) -> int:
        return self.blocks[name][0]

    def view(self, obs: np.ndarray, name: str) -> np.ndarray:
        """Block ``name`` of an observation, as a view."""
        start, size = self.blocks[name]
        return obs[start : start + size]

    def table(self) -> list[tuple[int, int, str]]:
        """``(first id, last id, name)`` rows (``Game.observation_layout()``)."""
        return [(s, s + k - 1, name) for name, (s, k) in self.blocks.items()]

    def doc_rows(self) -> list[tuple[str, str, str]]:
        """``(name, shape, doc)`` rows: the table a game's docstring gives."""
        return [(name, self.shapes[name], self.docs[name]) for name in self.blocks]

    def check_docstring(self, doc: str, section: str = "Observation") -> list[str]:
        """The differences between this layout and the ``block / size / content`` table of
        ``doc``'s section ``section`` (an empty list: they agree)."""
        rows = doc_table_rows(doc, section)
        problems = []
        names = [r[0] for r in rows]
        if names != list(self.blocks):
            problems.append(f"blocks in the docstring {names} != layout {list(self.blocks)}")
        for name, shape in rows:
            if name not in self.blocks:
                continue
            try:
                got = size_of(shape, self.n)
            except ValueError as e:
                problems.append(f"block {name!r}: {e}")
                continue
            if got != self.blocks[name][1]:
                problems.append(
                    f"block {name!r}: the docstring's size {shape!r} gives {got}, the layout has {self.blocks[name][1]}"
                )
        return problems


_RULE = re.compile(r"^=+(\s+=+)+\s*$")


def doc_table_rows(doc: str, section: str = "Observation") -> list[tuple[str, str]]:
    """``(block, size)`` of each row of the first reStructuredText simple table after the
    line starting with ``section``; a row's continuation lines (blank first column) are skipped."""
    lines = doc.splitlines()
    try:
        i = next(k for k, line in enumerate(lines) if line.startswith(section))
    except StopIteration:
        raise ValueError(f"no section starting {section!r} in the docstring") from None
    rules = [k for k in range(i, len(lines)) if _RULE.match(lines[k])]
    if len(rules) < 3:
        raise ValueError(f"section {section!r} has no complete ===== table")
    head = lines[rules[0]]
    cols = [m.span() for m in re.finditer(r"=+", head)]
    rows = []
    for line in lines[rules[1] + 1 : rules[2]]:
        block = line[cols[0][0] : cols[1][0]].strip()
        if not block:
            continue
        size = line[cols[1][0] : cols[2][0] if len(cols) > 2 else None].strip()
        rows.append((block, size))
    return rows


_OPS = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b}


def size_of(shape: str, n: int) -> int:
    """The value of a size formula such as ``2 x (N+4)`` for ``N = n``: integers, ``N``,
    ``+``, ``-``, ``*`` / ``x`` and parentheses only (parsed, never evaluated as code)."""
    text = re.sub(r"(?<=[\s\d)])x(?=[\s\d(N])", "*", shape.replace("×", "*"))
    try:
        tree = ast.parse(text, mode="eval")
    except SyntaxError:
        raise ValueError(f"size {shape!r} is not a formula in N") from None

    def value(node: ast.AST) -> int:
        if isinstance(node, ast.Expression):
            return value(node.body)
        if isinstance(node, ast.Constant) and type(node.value) is int:
            return node.value
        if isinstance(node, ast.Name) and node.id == "N":
            return n
        if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
            return _OPS[type(node.op)](value(node.left), value(node.right))
        raise ValueError(f"size {shape!r} is not a formula in N (integers, N, + - * x, parentheses)")

    return value(tree)
