"""The effect core's vocabulary: the words card files are written in, registered by each game.

A card's text compiles to small records whose working parts are *words*: a verb (「破壊する」,
``destroy``), a condition (``life_le``), a filter (``bp_le``), a value (``count``), an event
(``attack``). Each game owns one :class:`Vocabulary` and registers its words on it, one
function each, with the rule the word implements and how it reads on a card (Japanese and
an English gloss). The loader looks a word up **once**, when the card file loads, and keeps
the function itself in the compiled record, so the engine calls it directly: no string is
compared on the hot path, and a new word is one registered function, never an edit to a
dispatcher.

What every game shares lives here once:

* **the registry** (:class:`Vocabulary`, :class:`Word`), with errors that name the file,
  the entry and the field and suggest the nearest known word for a misspelt one;
* **parameters** (:class:`Param`): how a word's fields are read and checked;
* **values** (:func:`compile_value`, :func:`value`): a number printed on the card, or one
  derived from the board — "for each", "this spirit's BP", "per 3000 BP of difference" —
  with the same modifiers (``times``, ``per``, ``plus``, ``min``, ``max``) in every game;
* **comparisons**: a game registers a *stat* of a card (BP, cost) or a *quantity* of a
  player (life, hand size) once, and gets the filters / conditions ``<name>_le``, ``_ge``,
  ``_lt``, ``_gt``, ``_eq`` taking a value — so "BP at most this spirit's BP" is
  ``bp_le: {stat: bp, of: self}``;
* **combinators**: ``not`` and ``any_of`` for filters and conditions, and the condition
  ``compare``: a value with one comparison, ``compare: {count: <target>, ge: 3}`` ("if you
  have 3 or more ..."), whose modifiers apply before comparing and whose right-hand side
  is a value too (``compare: {quantity: hand, gt: {quantity: hand, of: opp}}``).

A compiled filter or condition is a tuple of ``(function, argument)`` pairs that must all
hold; a compiled value is an ``int`` or a :class:`Value`. The functions' signatures are
each game's (its state and its context), the shapes are shared:

* filter: ``fn(state, card, src, player, arg, base) -> bool`` (``base``: the game's flag for
  reading printed rather than modified numbers, where a modified number would recurse);
* condition: ``fn(state, src, player, arg) -> bool``;
* value leaf: ``fn(state, src, player, arg) -> int``.
"""

from __future__ import annotations

import builtins
import threading
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from .cardfile import Checker
from .errors import near_match, short

#: ``continuous``: a word of an always-on ability (LM 【永続発動】, 8-9): a state of the board the rules
#: read where it applies, not a step of a resolution
KINDS = ("verb", "condition", "filter", "value", "event", "cost", "grant", "continuous")
COMPARATORS = {"le": int.__le__, "ge": int.__ge__, "lt": int.__lt__, "gt": int.__gt__, "eq": int.__eq__}
#: how a comparison reads, ``{}`` standing for the number: 「3以下」「ちょうど3」, "3 or less", "less than 3"
COMPARATOR_TEXT = {
    "le": ("{}以下", "{} or less"),
    "ge": ("{}以上", "{} or more"),
    "lt": ("{}未満", "less than {}"),
    "gt": ("{}より多い", "more than {}"),
    "eq": ("ちょうど{}", "exactly {}"),
}


def suggest(name: object, known: Iterable[str]) -> str:
    """``"; did you mean 'x'?"`` for the nearest known name (``errors.near_match``), or ``""``."""
    near = near_match(name, known)
    return f"; did you mean {near!r}?" if near else ""


class Word:
    """One registered word: its function and what people need to read and write it."""

    __slots__ = ("kind", "name", "fn", "params", "rule", "doc", "ja", "en", "example", "data")

    def __init__(
        self,
        kind: str,
        name: str,
        fn: Callable | None,
        params: Mapping[str, Param] | None,
        rule: str,
        doc: str,
        ja: str,
        en: str,
        example: str,
        data: Any,
    ) -> None:
        self.kind, self.name, self.fn, self.params = kind, name, fn, dict(params or {})
        self.rule, self.doc, self.ja, self.en, self.example, self.data = rule, doc, ja, en, example, data

    def __repr__(self) -> str:
        return f"<{self.kind} {self.name!r} ({self.rule})>"


class Vocabulary:
    """The words of one game's card language, by kind and name.

    ``compile_filter`` / ``compile_condition`` / ``compile_value`` turn a card file's
    mapping into the compiled tuples above; a game plugs in its target and action-list
    compilers (``target_compiler``, ``actions_compiler``) so parameters of those types
    work for every word.
    """

    def __init__(self, game: str) -> None:
        self.game = game
        self.words: dict[str, dict[str, Word]] = {k: {} for k in KINDS}
        #: the cards a value's ``of:`` may name; the game's state answers
        #: ``state.vocab_subject(name, src, player) -> card or -1``
        self.subjects: tuple[str, ...] = ("self",)
        self.target_compiler: Callable[[Checker, str, Any], Any] | None = None
        self._local = threading.local()  # the action-list compiler of the load under way, per thread

    @property
    def actions_compiler(self) -> Callable[[Checker, str, Any], Any] | None:
        """How a nested action list (``modes``' options) compiles in the card load under way:
        set by the game's loader for one load, per thread, since it appends to that load's pool."""
        return getattr(self._local, "actions", None)

    @actions_compiler.setter
    def actions_compiler(self, fn: Callable[[Checker, str, Any], Any] | None) -> None:
        self._local.actions = fn

    # ---- registration -----------------------------------------------------------------
    def add(
        self,
        kind: str,
        name: str,
        fn: Callable | None = None,
        *,
        params: Mapping[str, Param] | None = None,
        rule: str = "",
        doc: str = "",
        ja: str = "",
        en: str = "",
        example: str = "",
        data: Any = None,
    ) -> Word:
        if kind not in self.words:
            raise ValueError(f"unknown word kind {kind!r}; expected one of {', '.join(KINDS)}")
        if name in self.words[kind]:
            raise ValueError(f"{self.game}: the {kind} {name!r} is registered twice")
        w = Word(kind, name, fn, params, rule, doc, ja, en, example, data)
        self.words[kind][name] = w
        return w

    def register(self, kind: str, name: str, **meta: Any) -> Callable[[Callable], Callable]:
        """Decorator form of :meth:`add`: ``@VOCAB.register("verb", "draw", rule=..., params=...)``."""

        def deco(fn: Callable) -> Callable:
            self.add(kind, name, fn, **meta)
            return fn

        return deco

    def verb(self, name: str, **meta: Any) -> Callable[[Callable], Callable]:
        return self.register("verb", name, **meta)

    def condition(self, name: str, **meta: Any) -> Callable[[Callable], Callable]:
        return self.register("condition", name, **meta)

    def filter(self, name: str, **meta: Any) -> Callable[[Callable], Callable]:
        return self.register("filter", name, **meta)

    def value(self, name: str, **meta: Any) -> Callable[[Callable], Callable]:
        return self.register("value", name, **meta)

    def stat(
        self, name: str, getter: Callable, *, rule: str, doc: str, ja: str, en: str, present: Callable | None = None
    ) -> None:
        """A number of a card (``getter(state, card, base) -> int``): registers the filters
        ``<name>_le`` .. ``<name>_eq``, each comparing it with a value, and the value
        ``{stat: <name>, of: ...}``. With ``present(state, card)``, a card for which it is
        false has no such number and matches none of the comparisons (a level off the field)."""
        for op, cmp in COMPARATORS.items():
            if present is None:

                def fn(
                    s: Any, i: int, src: int, p: int, arg: Any, base: Any, _get: Callable = getter, _cmp: Callable = cmp
                ) -> Any:
                    return _cmp(_get(s, i, base), arg if arg.__class__ is int else arg.fn(s, src, p, arg))
            else:

                def fn(  # type: ignore[misc]  # one more default
                    s: Any,
                    i: int,
                    src: int,
                    p: int,
                    arg: Any,
                    base: Any,
                    _get: Callable = getter,
                    _cmp: Callable = cmp,
                    _has: Callable = present,
                ) -> Any:
                    return _has(s, i) and _cmp(
                        _get(s, i, base), arg if arg.__class__ is int else arg.fn(s, src, p, arg)
                    )

            jt, et = COMPARATOR_TEXT[op]
            self.add(
                "filter",
                f"{name}_{op}",
                fn,
                params={"": Param.value()},
                rule=rule,
                doc=f"{doc} {et.format('the value')}",
                ja=f"{ja}{jt}",
                en=f"with {en} {et}",
                data=name,
            )
        self.add("value", f"stat:{name}", None, rule=rule, doc=doc, ja=ja, en=en, data=getter)

    def quantity(
        self,
        name: str,
        getter: Callable,
        *,
        rule: str,
        doc: str,
        ja: str,
        en: str,
        ops: Iterable[str] = tuple(COMPARATORS),
    ) -> None:
        """A number of the board seen by the effect's controller (``getter(state, src, player)
        -> int``): registers the conditions ``<name>_le`` .. ``<name>_eq`` and the value
        ``{quantity: <name>}``."""
        for op in ops:
            cmp = COMPARATORS[op]

            def fn(s: Any, src: int, p: int, arg: Any, _get: Callable = getter, _cmp: Callable = cmp) -> Any:
                return _cmp(_get(s, src, p), arg if arg.__class__ is int else arg.fn(s, src, p, arg))

            jt, et = COMPARATOR_TEXT[op]
            self.add(
                "condition",
                f"{name}_{op}",
                fn,
                params={"": Param.value()},
                rule=rule,
                doc=f"{doc} is {et.format('the value')}",
                ja=f"{ja}が{jt}",
                en=f"{en} is {et}",
                data=name,
            )
        self.add("value", f"quantity:{name}", None, rule=rule, doc=doc, ja=ja, en=en, data=getter)

    # ---- look-up ------------------------------------------------------------------------
    def get(self, kind: str, name: str, ck: Checker, field: str | None) -> Word:
        """The word, or a load error naming the field and the nearest known word."""
        words = self.words[kind]
        w = words.get(name) if isinstance(name, str) else None
        if w is None:
            public = sorted(n for n in words if ":" not in n)
            kinds = f"{kind} words" if kind.endswith("s") else f"{kind}s"
            ck.fail(field, f"{short(name)} is not one of the {kinds} {', '.join(public)}{suggest(name, public)}")
        return w

    def names(self, kind: str) -> list[str]:
        return sorted(n for n in self.words[kind] if ":" not in n)

    # ---- compilation --------------------------------------------------------------------
    def compile_filter(self, ck: Checker, field: str, data: Any) -> tuple:
        """A filter mapping -> ``((fn, arg), ...)``; every entry must hold."""
        return self._compile_tests("filter", ck, field, data)

    def compile_condition(self, ck: Checker, field: str, data: Any) -> tuple:
        """A condition mapping -> ``((fn, arg), ...)``; every entry must hold."""
        if data is None:
            return ()
        return self._compile_tests("condition", ck, field, data)

    def _compile_tests(self, kind: str, ck: Checker, field: str, data: Any) -> tuple:
        sub = ck.sub(field, data)
        out: list[tuple[Any, Any]] = []  # (test, its compiled argument)
        for key, v in data.items():
            if key == "not":
                inner = self._compile_tests(kind, sub, "not", v)
                out.append((_not_filter if kind == "filter" else _not_condition, inner))
                continue
            if key == "any_of":
                if not isinstance(v, list) or len(v) < 2:
                    sub.fail("any_of", "expected a list of two or more alternatives")
                alts = tuple(self._compile_tests(kind, sub, f"any_of[{k}]", x) for k, x in enumerate(v))
                out.append((_any_filter if kind == "filter" else _any_condition, alts))
                continue
            if key == "compare":
                if kind != "condition":
                    sub.fail("compare", "compare is a condition (a value compared with a value), not a filter")
                out.append((_compare_condition, self._compile_compare(sub, "compare", v)))
                continue
            w = self.get(kind, key, sub, str(key))
            out.append((w.fn, self.compile_param(w.params.get("", Param.any()), sub, str(key), v)))
        return tuple(out)

    def _compile_compare(self, ck: Checker, field: str, data: Any) -> tuple:
        """``{<value leaf and modifiers>, <le|ge|lt|gt|eq>: <value>}`` -> (left, op, right)."""
        if not isinstance(data, dict):
            ck.fail(field, "expected a value mapping with one comparison (le, ge, lt, gt or eq)")
        ops = [k for k in data if k in COMPARATORS]
        if len(ops) != 1:
            ck.fail(field, f"a comparison needs exactly one of {', '.join(COMPARATORS)}; got {len(ops)}")
        op = ops[0]
        left = compile_value(self, ck, field, {k: x for k, x in data.items() if k != op})
        right = compile_value(self, ck.sub(field, data), op, data[op])
        return left, COMPARATORS[op], right

    def compile_param(self, param: Param, ck: Checker, field: str, v: Any) -> Any:
        return param.compile(self, ck, field, v)

    def compile_value(self, ck: Checker, field: str, data: Any) -> int | Value:
        return compile_value(self, ck, field, data)


def zone_sizes(
    zone: str, names: tuple[str, str], rule: str, doc: str, ja: tuple[str, str], en: str
) -> tuple[tuple, tuple]:
    """Two rows of a game's table of quantities (``Vocabulary.quantity``'s arguments): the
    number of cards in the zone ``zone`` (the state's per-player lists ``state.<zone>``) of the
    effect's controller and of the opponent, named ``names``. ``doc`` and ``en`` say whose
    with ``{your}`` ("your" / "your opponent's"); ``ja`` is the two Japanese phrases."""

    def own(s: Any, src: int, p: int) -> int:
        return len(getattr(s, zone)[p])

    def opp(s: Any, src: int, p: int) -> int:
        return len(getattr(s, zone)[1 - p])

    yours, theirs = "your", "your opponent's"
    return (
        (names[0], own, rule, doc.format(your=yours), ja[0], en.format(your=yours)),
        (names[1], opp, rule, doc.format(your=theirs), ja[1], en.format(your=theirs)),
    )


# ---- filter and condition combinators ---------------------------------------------------------
def _not_filter(s: Any, i: int, src: int, p: int, inner: tuple, base: Any) -> bool:
    for fn, arg in inner:
        if not fn(s, i, src, p, arg, base):
            return True
    return False


def _any_filter(s: Any, i: int, src: int, p: int, alts: tuple, base: Any) -> bool:
    for alt in alts:
        if all(fn(s, i, src, p, arg, base) for fn, arg in alt):
            return True
    return False


def _not_condition(s: Any, src: int, p: int, inner: tuple) -> bool:
    return not all(fn(s, src, p, arg) for fn, arg in inner)


def _any_condition(s: Any, src: int, p: int, alts: tuple) -> bool:
    return any(all(fn(s, src, p, arg) for fn, arg in alt) for alt in alts)


def _compare_condition(s: Any, src: int, p: int, arg: tuple) -> bool:
    left, cmp, right = arg
    return cmp(value(left, s, src, p), value(right, s, src, p))


def holds(tests: tuple, s: Any, src: int, p: int) -> bool:
    """Do all compiled condition tests hold?"""
    for fn, arg in tests:
        if not fn(s, src, p, arg):
            return False
    return True


# ---- values ---------------------------------------------------------------------------------
class Value:
    """A number computed from the board when it is needed (BS 1-4-7: when the text is
    resolved): ``leaf(state, src, player, arg)``, then ``* times // per + plus``, bounded by
    ``min`` / ``max``. ``fn`` is the evaluator, so a caller writes
    ``v if v.__class__ is int else v.fn(s, src, p, v)`` (or :func:`value`)."""

    __slots__ = ("leaf", "arg", "times", "per", "plus", "lo", "hi", "fn", "text")

    def __init__(self, leaf: Callable, arg: Any, text: str) -> None:
        self.leaf, self.arg, self.text = leaf, arg, text
        self.times, self.per, self.plus, self.lo, self.hi = 1, 1, 0, None, None
        self.fn = _evaluate

    def __repr__(self) -> str:
        return f"Value({self.text})"


def _evaluate(s: Any, src: int, p: int, v: Value) -> int:
    x = v.leaf(s, src, p, v.arg)
    if v.times != 1:
        x *= v.times
    if v.per != 1:
        x //= v.per
    x += v.plus
    if v.lo is not None and x < v.lo:
        x = v.lo
    if v.hi is not None and x > v.hi:
        x = v.hi
    return x


def value(v: int | Value, s: Any, src: int, p: int) -> int:
    """The number a compiled value stands for now."""
    # ``__class__ is int``: the speed of a plain test, which the type checker does not narrow by
    return v if v.__class__ is int else v.fn(s, src, p, v)  # type: ignore[union-attr, arg-type]


VALUE_MODIFIERS = ("times", "per", "plus", "min", "max")
#: the largest number a value's modifier may print (BP runs to tens of thousands)
VALUE_BOUND = 1_000_000


def compile_value(vocab: Vocabulary, ck: Checker, field: str, data: Any) -> int | Value:
    """An integer, or a mapping with one leaf word and optional modifiers:

    ``{count: <target>}`` (cards matching), ``{stat: bp, of: self}`` (a card's number),
    ``{quantity: life, of: opp}`` (a player's number), ``{diff: [a, b]}`` (a - b, floor 0),
    ``{sum: [a, b, ...]}``; then ``times: N``, ``per: N`` (floor division), ``plus: N``,
    ``min: N``, ``max: N``. Words of the game's own (``count``...) are its value words.
    """
    if isinstance(data, int) and not isinstance(data, bool):
        bound = ck.max_int  # a plain number keeps its card file's bound, like every number read there
        if bound is not None and not -bound <= data <= bound:
            ck.fail(field, f"{short(data)} is out of range: a number in these cards lies within -{bound}..{bound}")
        return data
    if not isinstance(data, dict):
        ck.fail(field, f"expected an integer or a value mapping, got {type(data).__name__}")
    sub = ck.sub(field, data)
    leaves = [k for k in data if k not in VALUE_MODIFIERS and k != "of"]
    if len(leaves) != 1:
        known = ", ".join(["stat", "quantity", "diff", "sum"] + vocab.names("value"))
        sub.fail(None, f"a value has exactly one of {known}; got {len(leaves)}")
    key = leaves[0]
    if key == "stat":
        w = vocab.get("value", f"stat:{sub.get('stat', str)}", sub, "stat")
        who = sub.choice("of", vocab.subjects, "self")
        v = Value(_stat_leaf, (w.data, who), f"{w.data} of {who}")
    elif key == "quantity":
        w = vocab.get("value", f"quantity:{sub.get('quantity', str)}", sub, "quantity")
        who = sub.choice("of", ("own", "opp"), "own")
        v = Value(_quantity_leaf, (w.data, who == "opp"), f"{w.name[9:]} of {who}")
    elif key in ("diff", "sum"):
        parts = sub.get(key, list)
        if (key == "diff" and len(parts) != 2) or (key == "sum" and len(parts) < 2):
            sub.fail(key, "diff takes two values" if key == "diff" else "sum takes two or more values")
        vals = tuple(compile_value(vocab, sub, f"{key}[{k}]", x) for k, x in enumerate(parts))
        v = Value(_diff_leaf if key == "diff" else _sum_leaf, vals, key)
        if "of" in data:
            sub.fail("of", f"'{key}' takes no 'of'")
    else:
        w = vocab.get("value", key, sub, key)
        if w.fn is None:  # 'stat:<name>' and 'quantity:<name>' are read through 'stat' and 'quantity'
            sub.fail(key, f"{short(key)} is not a value word: write {{stat: ...}} or {{quantity: ...}}")
        arg = vocab.compile_param(w.params.get("", Param.any()), sub, key, data[key])
        v = Value(w.fn, arg, key)
        if "of" in data:
            sub.fail("of", f"'{key}' takes no 'of'")
    for m in VALUE_MODIFIERS:
        if m in data:
            n = sub.get(m, int)
            if m in ("times", "per") and n < 1:
                sub.fail(m, "must be at least 1")
            if abs(n) > VALUE_BOUND:  # chained values stay far from float overflow in observations
                sub.fail(m, f"must be within -{VALUE_BOUND}..{VALUE_BOUND}")
            if m == "times":
                v.times = n
            elif m == "per":
                v.per = n
            elif m == "plus":
                v.plus = n
            elif m == "min":
                v.lo = n
            else:
                v.hi = n
    return v


def _stat_leaf(s: Any, src: int, p: int, arg: tuple) -> int:
    getter, who = arg
    i = s.vocab_subject(who, src, p)
    return getter(s, i, False) if i >= 0 else 0


def _quantity_leaf(s: Any, src: int, p: int, arg: tuple) -> int:
    getter, opp = arg
    return getter(s, src, 1 - p if opp else p)


def _diff_leaf(s: Any, src: int, p: int, parts: tuple) -> int:
    a, b = parts
    x = value(a, s, src, p) - value(b, s, src, p)
    return x if x > 0 else 0


def _sum_leaf(s: Any, src: int, p: int, parts: tuple) -> int:
    return sum(value(x, s, src, p) for x in parts)


# ---- parameters -----------------------------------------------------------------------------
class Param:
    """How one field of a word is read: its type, default and checks."""

    __slots__ = ("kind", "default", "choices", "lo", "hi", "required", "table", "book")
    _REQUIRED = object()

    def __init__(
        self, kind: str, default: Any = _REQUIRED, choices: tuple = (), lo: int | None = None, hi: int | None = None
    ) -> None:
        self.kind, self.default, self.choices, self.lo, self.hi = kind, default, choices, lo, hi
        self.required = default is Param._REQUIRED
        self.table: Mapping[builtins.str, builtins.int] | None = None  # named: name -> number
        self.book = ""  # named: the phrase-book kind that words the names

    @classmethod
    def int(cls, default: Any = _REQUIRED, lo: int | None = None, hi: int | None = None) -> Param:
        return cls("int", default, lo=lo, hi=hi)

    @classmethod
    def value(cls, default: Any = _REQUIRED, lo: builtins.int | None = None) -> Param:  # (int: Param.int here)
        return cls("value", default, lo=lo)

    @classmethod
    def choice(cls, choices: Iterable[str], default: Any = _REQUIRED) -> Param:
        return cls("choice", default, tuple(choices))

    @classmethod
    def named(cls, table: Mapping[builtins.str, builtins.int], book: builtins.str, default: Any = _REQUIRED) -> Param:
        """One of the names of ``table`` (a colour, a card type), read as its number; the
        card text words it by the phrase book's entry ``book`` / name."""
        p = cls("named", default, tuple(table))
        p.table, p.book = table, book
        return p

    @classmethod
    def bool(cls, default: Any = _REQUIRED) -> Param:
        return cls("bool", default)

    @classmethod
    def str(cls, default: Any = _REQUIRED) -> Param:
        return cls("str", default)

    @classmethod
    def target(cls, default: Any = _REQUIRED) -> Param:
        return cls("target", default)

    @classmethod
    def filter(cls, default: Any = _REQUIRED) -> Param:
        return cls("filter", default)

    @classmethod
    def condition(cls, default: Any = _REQUIRED) -> Param:
        return cls("condition", default)

    @classmethod
    def actions(cls, default: Any = _REQUIRED) -> Param:
        return cls("actions", default)

    @classmethod
    def any(cls) -> Param:
        return cls("any", None)

    @classmethod
    def custom(cls, reader: Callable[[Vocabulary, Checker, builtins.str, Any], Any], default: Any = _REQUIRED) -> Param:
        """A field read by ``reader(vocab, checker, field, data)`` (it checks and compiles)."""
        p = cls("custom", default)
        p.choices = (reader,)
        return p

    def compile(self, vocab: Vocabulary, ck: Checker, field: builtins.str, v: Any) -> Any:
        k = self.kind
        if k == "any":
            return v
        if k == "custom":
            return self.choices[0](vocab, ck, field, v)
        if k == "int":
            if not isinstance(v, int) or isinstance(v, bool):
                ck.fail(field, f"expected an integer, got {short(v)}")
            if (self.lo is not None and v < self.lo) or (self.hi is not None and v > self.hi):
                ck.fail(
                    field,
                    f"must be between {self.lo} and {self.hi}"
                    if self.hi is not None
                    else f"must be at least {self.lo}",
                )
            return v
        if k == "value":
            out = compile_value(vocab, ck, field, v)
            if self.lo is not None and isinstance(out, int) and out < self.lo:
                ck.fail(field, f"must be at least {self.lo}")
            return out
        if k == "choice":
            if v not in self.choices:  # choices may be numbers (a count printed as words)
                names = [str(c) for c in self.choices]
                ck.fail(field, f"{short(v)} is not one of {', '.join(names)}{suggest(v, names)}")
            return v
        if k == "named":
            assert self.table is not None
            if not isinstance(v, str) or v not in self.table:
                ck.fail(field, f"{short(v)} is not one of {', '.join(self.choices)}{suggest(v, self.choices)}")
            return self.table[v]
        if k == "bool":
            if not isinstance(v, bool):
                ck.fail(field, f"expected true or false, got {short(v)}")
            return v
        if k == "str":
            if not isinstance(v, str):
                ck.fail(field, f"expected a string, got {short(v)}")
            return v
        if k == "filter":
            if not isinstance(v, dict):
                ck.fail(field, "expected a filter mapping")
            return vocab.compile_filter(ck, field, v)
        if k == "condition":
            if not isinstance(v, dict):
                ck.fail(field, "expected a condition mapping")
            return vocab.compile_condition(ck, field, v)
        if k == "target":
            if vocab.target_compiler is None:  # pragma: no cover - a game's set-up error
                raise RuntimeError(f"{vocab.game}: no target compiler is set")
            return vocab.target_compiler(ck, field, v)
        if k == "actions":
            if vocab.actions_compiler is None:  # pragma: no cover - a game's set-up error
                raise RuntimeError(f"{vocab.game}: no action-list compiler is set")
            return vocab.actions_compiler(ck, field, v)
        raise ValueError(f"unknown parameter kind {k!r}")  # pragma: no cover


def read_params(vocab: Vocabulary, word: Word, ck: Checker, data: Mapping, skip: Iterable[str] = ()) -> dict:
    """Every declared parameter of ``word`` from ``data`` (defaults filled in); unknown
    fields of ``data`` are refused, except those in ``skip`` (read by the caller)."""
    out = {}
    for name, param in word.params.items():
        if not name:
            continue
        if name in data:
            out[name] = param.compile(vocab, ck, name, data[name])
        elif param.required:
            ck.fail(name, "is required")
        else:
            out[name] = param.default
    allowed = set(word.params) | set(skip)
    for k in data:
        if k not in allowed:
            ck.fail(
                str(k),
                f"unknown field of {word.kind} {word.name!r}; expected one of "
                f"{', '.join(sorted(x for x in allowed if x))}{suggest(k, allowed)}",
            )
    return out
