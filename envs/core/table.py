"""The table: a game declares its state fields once, by kind, and the rest follows.

A game state is plain data: cards are ints (instances 0..n-1), per-card facts are lists
indexed by card, zones are per-player lists of cards, the rest are ints, bools, lists of
int rows or immutable tuples. A game lists each field of its state class under the kind
that says how the field is copied and saved::

    FIELDS = Table(
        static=("defs", "owner", "deck_names"),     # from the game: shared, never saved
        values=("turn", "tp", "attacker"),          # ints / bools: shared by clones
        lists=("cdef", "zone", "cores"),            # one int (bool) per card (or player): list copied
        zones=("deck", "hand", "field"),            # per player: [[cards], [cards]]
        rows=("sels",),                             # lists of int lists: copied row by row
        tuples=("teff",),                           # lists of tuples (rows never mutated)
        frozen=("soulpaid",),                       # tuples replaced, never mutated: shared
        card_defs=("cdef",),                        # the lists holding card definitions
        hidden=Hidden(...),                         # what a player cannot see
    )

From the declarations follow:

* ``clone`` (:meth:`Table.clone_into`): the protocol fields, then each kind copied its own
  way, driven by ``operator.attrgetter`` / ``map`` over the names (no per-field Python
  code, no generated source), so it stays as fast as the hand-written copies it replaces;
* the exact position (:meth:`Table.save` / :meth:`Table.restore`): every saved field as
  JSON-safe data (card definitions as the pool's card ids), and back, checking kinds and
  lengths, with :class:`~.errors.PositionError` naming the field and index;
* the generic part of ``resample_hidden`` (:func:`redeal`, :meth:`Table.resample`):
  card identities permuted among the places a player cannot see.
"""

from __future__ import annotations

import ast
import keyword
import types
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import repeat
from operator import attrgetter
from typing import Any

from .errors import PositionError, short


def _getter(names: tuple[str, ...]) -> Callable[[Any], tuple]:
    """``attrgetter`` that always returns a tuple (one C call for all the names)."""
    if not names:
        return lambda obj: ()
    if len(names) == 1:
        get = attrgetter(names[0])
        return lambda obj: (get(obj),)
    return attrgetter(*names)


def _freeze(v: Any) -> Any:
    """JSON lists back to the tuples they were (all levels)."""
    return tuple(_freeze(x) for x in v) if isinstance(v, (list, tuple)) else v


def _thaw(v: Any) -> Any:
    """Tuples to JSON lists (all levels)."""
    return [_thaw(x) for x in v] if isinstance(v, (list, tuple)) else v


@dataclass(frozen=True)
class Hidden:
    """What a player cannot see, for the generic ``resample_hidden`` (:meth:`Table.resample`):
    the opponent's cards in ``opp_zones`` (zone fields) whose ``seen`` flag (a per-card list,
    true: known to both players) is false swap identities among themselves; then the zones in
    ``own_order`` of the player who resamples are shuffled (their order is unknown, their
    cards are known). ``sorted_zones`` are kept in card order (a hand sorted by definition)."""

    opp_zones: tuple[str, ...]
    seen: str
    own_order: tuple[str, ...] = ()
    sorted_zones: tuple[str, ...] = ()
    seen_in: tuple[str, ...] = ()  # the opp_zones where ``seen`` applies (others: all unknown)


class Table:
    """A state class's fields by kind (see the module docstring); ``names()`` lists them all,
    which must equal the class's own ``__slots__`` (checked by :meth:`check`)."""

    KINDS = ("static", "values", "frozen", "lists", "zones", "rows", "tuples", "tuple_rows", "caches", "snapshots")

    def __init__(
        self,
        *,
        static: Iterable[str] = (),
        values: Iterable[str] = (),
        frozen: Iterable[str] = (),
        lists: Iterable[str] = (),
        zones: Iterable[str] = (),
        rows: Iterable[str] = (),
        tuples: Iterable[str] = (),
        tuple_rows: Iterable[str] = (),
        caches: dict | None = None,
        snapshots: Iterable[str] = (),
        card_defs: Iterable[str] = (),
        hidden: Hidden | None = None,
        transient: dict | None = None,
    ) -> None:
        #: from the game (pool, decks, options): shared by clones, set by ``__init__``, not saved
        self.static = tuple(static)
        #: ints, bools, strings: shared by clones, saved as they are
        self.values = tuple(values)
        #: tuples (of tuples) replaced, never mutated: shared by clones, saved as lists, restored as tuples
        self.frozen = tuple(frozen)
        #: flat lists of ints or bools (one per card, per player, or any length): copied
        self.lists = tuple(lists)
        #: per player card lists ``[[...], [...]]``: both copied
        self.zones = tuple(zones)
        #: lists of int lists: each row copied
        self.rows = tuple(rows)
        #: lists of tuples: the list copied, the tuples shared
        self.tuples = tuple(tuples)
        #: lists of lists of tuples: each row copied, the tuples shared
        self.tuple_rows = tuple(tuple_rows)
        #: name -> the empty value: a cache replaced, never mutated (shared by clones); a restored
        #: state starts it empty, so it is computed again from the state
        self.caches = dict(caches or {})
        #: lists of whole states (snapshots to go back to): the list copied, the states shared;
        #: saved as their own fields, recursively
        self.snapshots = tuple(snapshots)
        #: per-card lists holding card definition indexes: saved as the pool's card ids
        self.card_defs = tuple(card_defs)
        #: what a player cannot see (``resample``)
        self.hidden = hidden
        #: name -> value a clone and a restored state start with (a re-entrancy guard), not saved
        self.transient = dict(transient or {})
        for n in self.card_defs:
            if n not in self.lists:
                raise TypeError(f"card_defs field {n!r} must be declared in lists")
        self._shared = _getter(self.static + self.values + self.frozen + tuple(self.caches))
        self._shared_names = self.static + self.values + self.frozen + tuple(self.caches)
        self._flat = _getter(self.lists + self.tuples + self.snapshots)
        self._flat_names = self.lists + self.tuples + self.snapshots
        self._zones = _getter(self.zones)
        self._rows = _getter(self.rows + self.tuple_rows)
        self._rows_names = self.rows + self.tuple_rows

    def names(self) -> tuple[str, ...]:
        return (
            self.static
            + self.values
            + self.frozen
            + self.lists
            + self.zones
            + self.rows
            + self.tuples
            + self.tuple_rows
            + tuple(self.caches)
            + self.snapshots
            + tuple(self.transient)
        )

    def saved(self) -> tuple[str, ...]:
        """The fields a position holds, in declaration order."""
        return (
            self.values
            + self.frozen
            + self.lists
            + self.zones
            + self.rows
            + self.tuples
            + self.tuple_rows
            + self.snapshots
        )

    def check(self, cls: type) -> None:
        """Every slot of ``cls`` (its own and its bases' below the kernel) declared exactly once."""
        names = self.names()
        dup = sorted({n for n in names if names.count(n) > 1})
        if dup:
            raise TypeError(f"{cls.__name__}.FIELDS declares {dup} twice")
        slots = [
            n for k in cls.__mro__ if k.__module__ != "tcgzoo.envs.core.engine" for n in k.__dict__.get("__slots__", ())
        ]
        if set(slots) != set(names):
            raise TypeError(
                f"{cls.__name__}.FIELDS and __slots__ differ: undeclared {sorted(set(slots) - set(names))}, "
                f"not slots {sorted(set(names) - set(slots))}"
            )

    # ---- clone ----------------------------------------------------------------------------------
    def clone_into(self, src: Any, c: Any) -> None:
        """Copy ``src``'s declared fields into the bare clone ``c`` (the protocol fields are
        ``DecisionState._copy_protocol``'s): the reference version of :meth:`make_clone`'s
        function, one ``setattr`` per field (the tests hold the two to the same result)."""
        any(map(setattr, repeat(c), self._shared_names, self._shared(src)))
        any(map(setattr, repeat(c), self._flat_names, map(list.copy, self._flat(src))))
        any(map(setattr, repeat(c), self.zones, [[z[0][:], z[1][:]] for z in self._zones(src)]))
        any(map(setattr, repeat(c), self._rows_names, [[r[:] for r in v] for v in self._rows(src)]))
        for n, v in self.transient.items():
            setattr(c, n, v)

    def make_clone(self, cls: type) -> Callable[[Any], Any]:
        """``cls.clone``, built from the declarations as the hand-written copy would be, one
        statement per field (``c.x = self.x``, ``c.y = self.y[:]``, ...): an attribute store
        costs a third of a ``setattr`` call, and clone is on the search hot path. The function
        is put together as a syntax tree of checked identifiers and compiled (no source text is
        evaluated); ``clone.__doc__`` shows it as source."""

        def load(obj: str, name: str | None = None) -> ast.expr:
            v: ast.expr = ast.Name(obj, ast.Load())
            return v if name is None else ast.Attribute(v, name, ast.Load())

        def copy(v: ast.expr) -> ast.expr:
            return ast.Subscript(v, ast.Slice(), ast.Load())

        def store(name: str, value: ast.expr) -> ast.stmt:
            return ast.Assign([ast.Attribute(ast.Name("c", ast.Load()), name, ast.Store())], value)

        for n in self.names():
            if not n.isidentifier() or keyword.iskeyword(n):
                raise TypeError(f"{cls.__name__}.FIELDS: {n!r} is not a field name")
        body: list[ast.stmt] = [
            ast.Assign(
                [ast.Name("c", ast.Store())], ast.Call(load("_new"), [ast.Call(load("type"), [load("self")], [])], [])
            ),
            ast.Expr(ast.Call(load("self", "_copy_protocol"), [load("c")], [])),
        ]
        body += [store(n, load("self", n)) for n in self._shared_names]
        body += [store(n, copy(load("self", n))) for n in self._flat_names]
        for n in self.zones:  # z = self.deck; c.deck = [z[0][:], z[1][:]]
            body.append(ast.Assign([ast.Name("z", ast.Store())], load("self", n)))
            body.append(
                store(
                    n,
                    ast.List([copy(ast.Subscript(load("z"), ast.Constant(p), ast.Load())) for p in (0, 1)], ast.Load()),
                )
            )
        for n in self._rows_names:  # c.rows = [r[:] for r in self.rows]
            body.append(
                store(
                    n,
                    ast.ListComp(
                        copy(load("r")), [ast.comprehension(ast.Name("r", ast.Store()), load("self", n), [], 0)]
                    ),
                )
            )
        for n, v in self.transient.items():
            if not isinstance(v, (bool, int, type(None))):
                raise TypeError(f"{cls.__name__}.FIELDS: transient {n!r} must start as a constant, got {v!r}")
            body.append(store(n, ast.Constant(v)))
        body.append(ast.Return(load("c")))
        args = ast.arguments(posonlyargs=[], args=[ast.arg("self")], kwonlyargs=[], kw_defaults=[], defaults=[])
        extra: dict[str, Any] = {"type_params": []} if "type_params" in ast.FunctionDef._fields else {}  # 3.12+
        fn = ast.FunctionDef(name="clone", args=args, body=body, decorator_list=[], returns=None, **extra)
        tree = ast.fix_missing_locations(ast.Module([fn], []))
        code = compile(tree, f"<{cls.__name__}.FIELDS clone>", "exec")
        fcode = next(k for k in code.co_consts if isinstance(k, types.CodeType))
        clone = types.FunctionType(fcode, {"_new": object.__new__, "type": type}, "clone")
        clone.__qualname__ = f"{cls.__name__}.clone"
        clone.__doc__ = "An exact, independent copy; generated from FIELDS:\n\n" + ast.unparse(fn)
        return clone

    # ---- the exact position -----------------------------------------------------------------------
    def save(self, state: Any, card_ids: list[str], save_snapshot: Callable[[Any], dict]) -> dict:
        """The saved fields of ``state`` as JSON-safe data: card definitions as card ids,
        tuples as lists, snapshots through ``save_snapshot``."""
        out: dict[str, Any] = {}
        for n in self.values:
            out[n] = getattr(state, n)
        for n in self.frozen:
            out[n] = _thaw(getattr(state, n))
        for n in self.lists:
            v = getattr(state, n)
            out[n] = [card_ids[x] for x in v] if n in self.card_defs else v[:]
        for n in self.zones:
            out[n] = [z[:] for z in getattr(state, n)]
        for n in self.rows + self.tuples + self.tuple_rows:
            out[n] = _thaw(getattr(state, n))
        for n in self.snapshots:
            out[n] = [save_snapshot(x) for x in getattr(state, n)]
        return out

    def restore(
        self,
        state: Any,
        data: dict,
        where: str,
        card_index: dict[str, int],
        restore_snapshot: Callable[[dict, str], Any],
    ) -> None:
        """Set ``state``'s saved fields from ``data`` (``save``'s output), checked against the
        freshly built ``state`` they replace: same kinds, per-card lists of its length, ints in
        range, card ids of its pool. Errors name ``where`` + field + index."""
        missing = [n for n in self.saved() if n not in data]
        if missing:
            raise PositionError(f"{where}: missing field(s) {', '.join(missing)}")
        unknown = sorted(k for k in data if k not in self.saved())
        if unknown:
            raise PositionError(
                f"{where}: unknown field(s) {', '.join(map(repr, unknown))}; the fields are {', '.join(self.saved())}"
            )
        n_cards = len(getattr(state, self.card_defs[0])) if self.card_defs else None
        for n in self.values:
            old, v = getattr(state, n), data[n]
            if type(v) is not type(old):
                raise PositionError(f"{where}.{n}: expected {type(old).__name__}, got {short(v)}")
            setattr(state, n, v)
        for n in self.frozen:
            setattr(state, n, _freeze(_ints(data[n], f"{where}.{n}", nested=True)))
        for n in self.lists:
            # a list the fresh state starts non-empty keeps its length (one per card, per player);
            # one it starts empty grows in play (picks so far, keys)
            old, v = getattr(state, n), data[n]
            if not isinstance(v, list) or (old and len(v) != len(old)):
                what = f"{len(old)} values (one per {'card' if len(old) == n_cards else 'player'})" if old else "values"
                raise PositionError(f"{where}.{n}: expected a list of {what}, got {short(v)}")
            if n in self.card_defs:
                new = []
                for i, cid in enumerate(v):
                    if cid not in card_index:
                        raise PositionError(f"{where}.{n}[{i}]: unknown card {short(cid)}")
                    new.append(card_index[cid])
                v = new
            else:
                kind = bool if old and type(old[0]) is bool else int
                for i, x in enumerate(v):
                    if type(x) is not kind:
                        raise PositionError(f"{where}.{n}[{i}]: expected {kind.__name__}, got {short(x)}")
                v = v[:]
            setattr(state, n, v)
        for n in self.zones:
            v = data[n]
            if not isinstance(v, list) or len(v) != 2:
                raise PositionError(f"{where}.{n}: expected two lists of cards (one per player), got {short(v)}")
            for p, z in enumerate(v):
                _ints(z, f"{where}.{n}[{p}]", hi=n_cards)
            setattr(state, n, [v[0][:], v[1][:]])
        for n in self.rows:
            v = data[n]
            if not isinstance(v, list) or not all(isinstance(r, list) for r in v):
                raise PositionError(f"{where}.{n}: expected a list of lists, got {short(v)}")
            for k, r in enumerate(v):
                _ints(r, f"{where}.{n}[{k}]")
            setattr(state, n, [r[:] for r in v])
        for n in self.tuples:
            v = data[n]
            if not isinstance(v, list):
                raise PositionError(f"{where}.{n}: expected a list, got {short(v)}")
            setattr(state, n, [_freeze(_ints(r, f"{where}.{n}[{k}]", nested=True)) for k, r in enumerate(v)])
        for n in self.tuple_rows:
            v = data[n]
            if not isinstance(v, list) or not all(isinstance(r, list) for r in v):
                raise PositionError(f"{where}.{n}: expected a list of lists, got {short(v)}")
            setattr(
                state,
                n,
                [
                    [_freeze(_ints(t, f"{where}.{n}[{k}][{j}]", nested=True)) for j, t in enumerate(r)]
                    for k, r in enumerate(v)
                ],
            )
        for n, empty in self.caches.items():
            setattr(state, n, empty)
        for n in self.snapshots:
            v = data[n]
            if not isinstance(v, list):
                raise PositionError(f"{where}.{n}: expected a list of saved states, got {short(v)}")
            setattr(state, n, [restore_snapshot(x, f"{where}.{n}[{k}]") for k, x in enumerate(v)])
        for n, v in self.transient.items():
            setattr(state, n, v)

    # ---- hidden information ------------------------------------------------------------------------
    def resample(self, state: Any, player: int, rng: Any) -> None:
        """The generic ``resample_hidden`` (declared by :class:`Hidden`): the opponent's unseen
        cards swap identities (one shuffle), kept zones re-sorted, then ``player``'s own zones
        in ``own_order`` are shuffled, in that order (the draws of the RNG are the game's)."""
        h = self.hidden
        if h is None:
            raise TypeError(f"{type(state).__name__}.FIELDS declares no hidden places")
        q = 1 - player
        seen = getattr(state, h.seen)
        slots: list[int] = []
        for z in h.opp_zones:
            cards = getattr(state, z)[q]
            slots += [i for i in cards if not seen[i]] if z in h.seen_in else cards
        cdef = getattr(state, self.card_defs[0])
        redeal(cdef, slots, rng)
        for z in h.sorted_zones:
            getattr(state, z)[q].sort(key=cdef.__getitem__)
        for z in h.own_order:
            rng.shuffle(getattr(state, z)[player])


def _ints(v: Any, where: str, hi: int | None = None, nested: bool = False) -> Any:
    """``v`` is a list of ints (bools count; with ``nested``, lists of those to any depth; with
    ``hi``, each in ``range(hi)``), else a PositionError at ``where``."""
    if not isinstance(v, list):
        raise PositionError(f"{where}: expected a list, got {short(v)}")
    for i, x in enumerate(v):
        if nested and isinstance(x, list):
            _ints(x, f"{where}[{i}]", hi, nested)
        elif type(x) not in (int, bool):
            raise PositionError(f"{where}[{i}]: expected an int, got {short(x)}")
        elif hi is not None and not 0 <= x < hi:
            raise PositionError(f"{where}[{i}]: card {x} is not one of the {hi} cards (0..{hi - 1})")
    return v


def redeal(cdef: list[int], slots: list[int], rng: Any) -> None:
    """Permute the card definitions of the cards ``slots`` among them (one ``rng.shuffle``):
    what a player cannot tell apart gets a fresh deal, every count kept."""
    ids = [cdef[i] for i in slots]
    rng.shuffle(ids)
    for i, c in zip(slots, ids):
        cdef[i] = c
