"""Positions: a state as plain data, and back (issue #11 part 6).

``state.to_position()`` returns JSON/YAML-safe data::

    {"format": "tcgzoo-position/1", "game": "battle_spirits", "decks": [...], "options": {...},
     "engine": {...},            # the exact internals (below)
     ...}                        # the readable part, from envs/<game>/position.py when the game has one

``"engine"`` holds everything the rules run on: the state's declared fields (its ``FIELDS``
table: card definitions as the pool's card ids), the frame stack with each handler named by
its function's name (so a position survives handler renumbering), the RNG state (one int),
the pending decision (kind by name, player, legal actions), the decisions taken (the decision
cap counts them), ``capped`` and the winner. ``game.state_from_position(data)`` restores it
exactly: the restored state's observations, legal actions, ``to_dict`` and every later step
equal the original's. A position without ``"engine"`` is built from its readable part by the
game's ``position.build(game, data)``.

``state.serialize()`` / ``game.deserialize_state(text)`` are the same as JSON text (OpenSpiel's names).
"""

from __future__ import annotations

import importlib
import importlib.util
import json
from collections import Counter
from typing import Any

from .engine import GAME_OVER, RUNNING
from .errors import PositionError, short

FORMAT = "tcgzoo-position/1"
_RUNNING, _OVER = "running", "game over"  # decision kinds without a name in DECISION_NAMES


def _game_module(game: Any) -> str:
    """``tcgzoo.envs.<game>``: the package of the game's class."""
    return type(game).__module__


def _readable(game: Any):
    """The game's ``position`` module (helper functions ``readable`` / ``build``), or None."""
    name = _game_module(game) + ".position"
    try:
        if importlib.util.find_spec(name) is None:
            return None
    except ModuleNotFoundError:
        return None
    return importlib.import_module(name)


def _options(game: Any) -> dict:
    """The game's options as JSON data (paths as strings)."""
    return json.loads(json.dumps(game.options, default=str))


def _handler_names(cls: Any) -> list[str]:
    names = [fn.__name__ for fn in cls.HANDLERS]
    dup = sorted({n for n in names if names.count(n) > 1})
    if dup:
        raise TypeError(f"{cls.__name__}.HANDLERS names {dup} more than once: a position could not tell them apart")
    return names


def _kind_name(state: Any) -> str:
    if state.dkind == GAME_OVER:
        return _OVER
    if state.dkind == RUNNING:
        return _RUNNING
    return state.DECISION_NAMES[state.dkind]


def engine_part(state: Any) -> dict:
    """The exact internals of ``state`` as JSON-safe data (the ``"engine"`` of a position)."""
    table = type(state).FIELDS
    card_ids = [d.id for d in state.defs] if table.card_defs else []
    handlers = _handler_names(type(state))
    out = {
        "rng": state.rng.s,
        "stack": [[handlers[f[0]]] + f[1:] for f in state.stack],
        "decision": {"kind": _kind_name(state), "player": state.dplayer, "legal": list(state.legal)},
        "answer": state.answer,
        "winner": state.winner,
        "capped": state.capped,
        "concession": state.concession,
        "max_decisions": state.max_decisions,
        "history": list(state.history),
        "fields": table.save(state, card_ids, engine_part),
    }
    if table.card_defs:  # where each card in play sat in the pool (see _restore: indexes inside frames)
        used = sorted({x for n in table.card_defs for x in getattr(state, n)})
        out["pool"] = {card_ids[x]: x for x in used}
    return out


def to_position(state: Any) -> dict:
    """The position of ``state``: format, game, decks, options, the exact ``"engine"`` part and,
    when the game has ``envs/<game>/position.py``, its readable keys."""
    game = state.game
    data: dict[str, Any] = {
        "format": FORMAT,
        "game": game.name,
        "decks": list(getattr(game, "deck_names", ())),
        "options": _options(game),
    }
    mod = _readable(game)
    if mod is not None:
        for k, v in mod.readable(state).items():
            data.setdefault(k, v)
    data["engine"] = engine_part(state)
    return data


def serialize(state: Any) -> str:
    """``to_position`` as JSON text (OpenSpiel's ``state.serialize()``)."""
    return json.dumps(to_position(state), separators=(",", ":"))


def state_from_position(game: Any, data: Any) -> Any:
    """A state of ``game`` from a position (``to_position``'s data, or a hand-written one
    without ``"engine"``, built by the game's ``position.build``). Errors are
    :class:`PositionError` saying what and where."""
    if not isinstance(data, dict):
        raise PositionError(f"position: expected a mapping, got {short(data)}")
    fmt = data.get("format", FORMAT)
    if fmt != FORMAT:
        raise PositionError(f"position.format: {short(fmt)} is not {FORMAT!r}")
    if data.get("game", game.name) != game.name:
        raise PositionError(f"position.game: a position of {short(data['game'])}, not of {game.name!r}")
    if "engine" not in data:
        mod = _readable(game)
        if mod is None or not hasattr(mod, "build"):
            raise PositionError(
                f"position: no 'engine' part, and {game.name} has no {_game_module(game)}.position."
                f"build to build a state from the readable part"
            )
        return mod.build(game, data)
    decks = data.get("decks")
    if decks is not None and list(decks) != list(getattr(game, "deck_names", ())):
        raise PositionError(
            f"position.decks: {short(decks)}, but the game plays {list(game.deck_names)}; "
            f"make the game with these decks"
        )
    opts = data.get("options")
    if opts is not None and opts != _options(game):
        diff = sorted(k for k in set(opts) | set(game.options) if opts.get(k, None) != _options(game).get(k, None))
        raise PositionError(
            f"position.options: {', '.join(diff)} differ from the game's "
            f"({', '.join(f'{k}={short(_options(game).get(k))}' for k in diff)}); "
            f"make the game with the position's options"
        )
    return _restore(game, data["engine"], "engine", top=True)


def deserialize_state(game: Any, text: str) -> Any:
    """The state ``serialize`` wrote (OpenSpiel's ``game.deserialize_state``)."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as e:
        raise PositionError(f"position: not JSON text ({e})") from None
    return state_from_position(game, data)


def _int(v: Any, where: str, lo: int | None = None, hi: int | None = None) -> int:
    if type(v) is not int or (lo is not None and v < lo) or (hi is not None and v >= hi):
        rng = "" if lo is None else f" in {lo}..{hi - 1}" if hi is not None else f" >= {lo}"
        raise PositionError(f"{where}: expected an int{rng}, got {short(v)}")
    return v


def _same_cards(state: Any, name: str, fresh: list[int], got: list[int], where: str) -> None:
    """Each player holds the cards of their deck: as many of each card as the deck has."""
    owner = state.owner
    for p in (0, 1):
        want = Counter(c for i, c in enumerate(fresh) if owner[i] == p)
        have = Counter(c for i, c in enumerate(got) if owner[i] == p)
        if want != have:
            c = next(c for c in sorted(set(want) | set(have)) if want[c] != have[c])
            raise PositionError(
                f"{where}: player {p} holds {have[c]} of {state.defs[c].id!r}, but their deck has {want[c]}"
            )


def _restore(game: Any, e: Any, where: str, top: bool = False) -> Any:
    """A state of ``game`` with the engine part ``e``: a fresh state (its fields from the
    game: pool, decks, options) whose every saved field is then replaced and checked."""
    if not isinstance(e, dict):
        raise PositionError(f"{where}: expected a mapping, got {short(e)}")
    keys = (
        "rng",
        "stack",
        "decision",
        "answer",
        "winner",
        "capped",
        "concession",
        "max_decisions",
        "history",
        "fields",
    )
    missing = [k for k in keys if k not in e]
    if missing:
        raise PositionError(f"{where}: missing {', '.join(missing)}")
    unknown = sorted(k for k in e if k not in keys and k != "pool")
    if unknown:
        raise PositionError(f"{where}: unknown key(s) {', '.join(map(repr, unknown))}")
    state = game.new_initial_state(0)
    cls = type(state)
    table = cls.FIELDS
    card_index: dict[str, int] = {}
    if table.card_defs:
        card_index = {d.id: i for i, d in enumerate(state.defs)}
        if top:
            # cdef is saved by card id, but frames and rows may hold pool indexes: the cards in
            # play must sit where they sat when the position was saved
            pool = e.get("pool")
            if not isinstance(pool, dict):
                raise PositionError(f"{where}.pool: expected a mapping of card id to pool index, got {short(pool)}")
            for cid, i in pool.items():
                if cid not in card_index:
                    raise PositionError(f"{where}.pool: unknown card {short(cid)}")
                if card_index[cid] != i:
                    raise PositionError(
                        f"{where}.pool: card {cid!r} was pool index {short(i)} when the position "
                        f"was saved, now {card_index[cid]}: the card pool changed (other card "
                        f"files?); load it with the same cards"
                    )
    # the protocol
    rng = _int(e["rng"], f"{where}.rng", 0, 1 << 64)
    handlers = {n: i for i, n in enumerate(_handler_names(cls))}
    stack = e["stack"]
    if not isinstance(stack, list):
        raise PositionError(f"{where}.stack: expected a list of frames, got {short(stack)}")
    frames = []
    for k, f in enumerate(stack):
        if not isinstance(f, list) or len(f) < 2:
            raise PositionError(f"{where}.stack[{k}]: expected a frame [handler name, step, ...], got {short(f)}")
        if f[0] not in handlers:
            raise PositionError(
                f"{where}.stack[{k}][0]: unknown handler {short(f[0])}; "
                f"{game.name}'s handlers are {', '.join(handlers)}"
            )
        for j, x in enumerate(f[1:], 1):
            if type(x) is not int:
                raise PositionError(f"{where}.stack[{k}][{j}]: expected an int, got {short(x)}")
        frames.append([handlers[f[0]]] + f[1:])
    d = e["decision"]
    if not isinstance(d, dict) or set(d) != {"kind", "player", "legal"}:
        raise PositionError(f"{where}.decision: expected {{kind, player, legal}}, got {short(d)}")
    kinds = {n: i for i, n in enumerate(cls.DECISION_NAMES)}
    kinds.setdefault(_RUNNING, RUNNING)
    kinds.setdefault(_OVER, GAME_OVER)
    if d["kind"] not in kinds:
        raise PositionError(
            f"{where}.decision.kind: unknown decision {short(d['kind'])}; "
            f"{game.name}'s decisions are {', '.join(map(repr, kinds))}"
        )
    dkind = kinds[d["kind"]]
    dplayer = _int(d["player"], f"{where}.decision.player", 0, 2)
    legal = d["legal"]
    if not isinstance(legal, list):
        raise PositionError(f"{where}.decision.legal: expected a list of action ids, got {short(legal)}")
    for k, a in enumerate(legal):
        _int(a, f"{where}.decision.legal[{k}]", 0, cls.NUM_ACTIONS)
    if legal != sorted(set(legal)):
        raise PositionError(f"{where}.decision.legal: not ascending and distinct: {short(legal)}")
    if top and dkind >= 0 and not legal:
        raise PositionError(f"{where}.decision.legal: a pending decision {d['kind']!r} with no legal action")
    if top and dkind == GAME_OVER and legal:
        raise PositionError(f"{where}.decision.legal: the game is over, yet actions are legal")
    if top and dkind != GAME_OVER and not frames:
        raise PositionError(f"{where}.stack: empty (truncated?) while the game is not over")
    history = e["history"]
    if not isinstance(history, list):
        raise PositionError(f"{where}.history: expected a list of action ids, got {short(history)}")
    for k, a in enumerate(history):
        _int(a, f"{where}.history[{k}]", 0, cls.NUM_ACTIONS)
    for flag in ("capped", "concession"):
        if type(e[flag]) is not bool:
            raise PositionError(f"{where}.{flag}: expected true or false, got {short(e[flag])}")
    state.rng.s = rng
    state.stack = frames
    state.dkind, state.dplayer, state.legal = dkind, dplayer, legal[:]
    state.answer = _int(e["answer"], f"{where}.answer", -1)
    state.winner = _int(e["winner"], f"{where}.winner", -1, 2)
    state.capped, state.concession = e["capped"], e["concession"]
    state.max_decisions = _int(e["max_decisions"], f"{where}.max_decisions", 0)
    state.history, state._shared_history = history[:], False
    # the declared fields
    fields = e["fields"]
    if not isinstance(fields, dict):
        raise PositionError(f"{where}.fields: expected a mapping, got {short(fields)}")
    dealt = {n: getattr(state, n) for n in table.card_defs}  # as the game deals the decks
    table.restore(state, fields, f"{where}.fields", card_index, lambda x, w: _restore(game, x, w))
    for n, fresh in dealt.items():  # each player's cards are their deck's, in any places and order
        _same_cards(state, n, fresh, getattr(state, n), f"{where}.fields.{n}")
    rederive = getattr(state, "rederive", None)  # fields not saved, computed again from the saved ones
    if rederive is not None:
        rederive()
    check = getattr(state, "check_invariants", None)
    if top and check is not None:
        try:
            check()
        except AssertionError as err:
            raise PositionError(f"{where}.fields: the cards do not add up: {err}") from None
    return state
