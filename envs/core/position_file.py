"""Readable positions (issue #11 part 6): the position file format and what the three games'
``position`` modules share to build a state from it (docs/positions.md).

A readable position names every zone of both players by card id, the counters, the turn, the
turn player and the step; a person writes one by hand, ``tcgzoo.envs.<game>.position.readable``
writes one from a state. ``build`` (per game) starts a fresh state of the game, then deals its
card instances into the zones the position names (:class:`Dealer`); what the position leaves
out (a deck, a hidden hand given as a count) is filled at random from the rest of the deck
lists, seeded by the position's ``seed``.

Files are YAML or JSON (``.json``), read by the card files' bounded loader: at most
``POSITION_FILE_MAX_BYTES``, no anchors or aliases, no duplicate keys (envs/core/cardfile.py).
Every error is a :class:`PositionError` naming the file or the place in the position
(``players[1].hand[2]: unknown card 'BS99-999'``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .cardfile import load_yaml, read_bounded
from .engine import RUNNING
from .errors import NAME_SHORT, CardFileError, PositionError, UnknownNameError, near_match, short
from .rng import Rng

FORMAT = "tcgzoo-position/1"
POSITION_FILE_MAX_BYTES = 256 << 10  # 256 KiB; a position of two full decks is ~3 KB
#: the top-level keys of a readable position; ``engine`` is the exact part (state.to_position),
#: ``pending`` is written by ``readable`` for the reader and ignored when building
TOP_KEYS = (
    "format",
    "game",
    "decks",
    "options",
    "seed",
    "turn",
    "active",
    "first",
    "step",
    "players",
    "pending",
    "winner",
    "engine",
)
MAX_TURN = 10_000
MAX_SEED = (1 << 64) - 1


# ---- files -------------------------------------------------------------------------------------
def load_position(path: str | Path) -> dict:
    """The position in the YAML or JSON (``.json``) file at ``path``, read safely and bounded
    like card files. Errors (no such file, too large, not YAML / JSON, not a mapping) are
    PositionErrors naming the file; the position itself is checked when a game builds it."""
    path = Path(path)
    try:
        if path.suffix.lower() == ".json":
            text = read_bounded(path, POSITION_FILE_MAX_BYTES, "position file")
            try:
                data = json.loads(text)
            except (json.JSONDecodeError, RecursionError) as e:
                where = f" at line {e.lineno}, column {e.colno}" if isinstance(e, json.JSONDecodeError) else ""
                raise PositionError(f"{path}: not valid JSON{where}: {getattr(e, 'msg', 'nested too deep')}") from None
        else:
            data = load_yaml(path, POSITION_FILE_MAX_BYTES, "position file")
    except CardFileError as e:
        raise PositionError(str(e)) from None
    if not isinstance(data, dict):
        raise PositionError(
            f"{path}: a position file holds a mapping (format, game, players, ...), not {type(data).__name__}"
        )
    return data


def dump_position(data: dict, path: str | Path) -> None:
    """Write a position as YAML (or JSON for a ``.json`` path), block style, keys in order."""
    import yaml

    path = Path(path)
    if path.suffix.lower() == ".json":
        path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    else:
        path.write_text(
            yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=None), encoding="utf-8"
        )


def new_game(game_cls, data: Any, **overrides):
    """A ``game_cls`` game with the decks and options a position names (overridden by
    ``overrides``); bad decks or options are PositionErrors naming ``decks`` / ``options``."""
    if not isinstance(data, dict):
        raise PositionError(f"a position is a mapping, not {type(data).__name__}")
    _check_game(data, game_cls)
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise PositionError(f"options: a mapping of option names to values, not {short(options)}")
    options = {**options, **overrides}
    try:
        return game_cls(decks=data.get("decks"), **options)
    except (ValueError, KeyError) as e:
        raise PositionError(f"decks / options: {e}") from None


def _check_game(data: dict, game) -> None:
    if "game" not in data:
        raise PositionError(f"game: a position names its game ({game.name!r})")
    if data["game"] != game.name:
        raise PositionError(f"game: this is a position of {short(data['game'], NAME_SHORT)}, not of {game.name}")


# ---- what readable shares ----------------------------------------------------------------------
def readable_header(s, turn: int) -> dict:
    """The top of a readable position: format, game, its decks, the options it was made with
    that differ from the defaults, the turn and the turn player (``s.tp``)."""
    g = s.game
    options = {k: (list(v) if isinstance(v, tuple) else v) for k, v in g.options.items() if v != g.OPTIONS[k]}
    return {
        "format": FORMAT,
        "game": g.name,
        "decks": list(g.deck_names),
        "options": options,
        "turn": turn,
        "active": s.tp,
    }


def readable_pending(s) -> dict:
    """The end of a readable position: the pending decision (player, its name), or the winner
    (null: a draw) of a game that is over. Informative: ``build`` resumes at the step."""
    if s.is_terminal():
        return {"winner": s.winner if s.winner >= 0 else None}
    return {"pending": {"player": s.dplayer, "decision": s.decision_name()}}


def entry(card_id: str, **counters) -> str | dict:
    """A zone entry as ``readable`` writes it: the bare card id, or ``{card, counters...}``
    with the counters that are not at their defaults (falsy)."""
    kept = {k: v for k, v in counters.items() if v}
    return {"card": card_id, **kept} if kept else card_id


# ---- what build shares ------------------------------------------------------------------------
class Header:
    """The checked top level of a readable position for ``game``: turn, active, first, step,
    seed, the two player specs. ``steps`` are the step names the game resumes at;
    ``player_keys`` the keys a player spec may have."""

    def __init__(self, data: Any, game, steps, player_keys, default_step: str) -> None:
        if not isinstance(data, dict):
            raise PositionError(f"a position is a mapping, not {type(data).__name__}")
        only(data, TOP_KEYS, "the position")
        _check_game(data, game)
        if "format" in data and data["format"] != FORMAT:
            raise PositionError(f"format: {short(data['format'])} is not {FORMAT!r}")
        if "decks" in data:
            decks = data["decks"]
            if not isinstance(decks, list) or len(decks) != 2 or not all(isinstance(d, str) for d in decks):
                raise PositionError(f"decks: a list of two deck names or paths, not {short(decks)}")
            for p, d in enumerate(decks):
                try:
                    name = game.validate_deck(d)
                except (ValueError, KeyError) as e:
                    raise PositionError(f"decks[{p}]: {e}") from None
                if name != game.deck_names[p]:
                    raise PositionError(
                        f"decks[{p}]: the position's deck is {short(name, NAME_SHORT)}, the game's "
                        f"{short(game.deck_names[p], NAME_SHORT)}; make the game with the position's "
                        "decks (position_file.new_game)"
                    )
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise PositionError(f"options: a mapping of option names to values, not {short(options)}")
        for k, v in options.items():
            if k not in game.options:
                raise PositionError(f"options: {UnknownNameError(f'{game.TITLE} option', k, game.options)}")
            have = game.options[k]
            if (list(have) if isinstance(have, tuple) else have) != (list(v) if isinstance(v, tuple) else v):
                raise PositionError(
                    f"options.{k}: the position asks for {short(v)}, the game has {short(have)}; "
                    "make the game with the position's options (position_file.new_game)"
                )
        self.strict = "decks" in data  # the deck lists bound the copies of each card
        self.seed = number(data, "seed", 0, MAX_SEED, 0, "")
        self.turn = number(data, "turn", 1, MAX_TURN, 3, "")
        self.active = number(data, "active", 0, 1, 0, "")
        # who went first: by default the player whose turns are the odd ones
        self.first = number(data, "first", 0, 1, self.active if self.turn % 2 else 1 - self.active, "")
        if self.turn == 1 and self.first != self.active:
            raise PositionError(f"first: {self.first}, but turn 1 is the first player's turn (active {self.active})")
        self.step = data.get("step", default_step)
        if self.step not in steps:
            close = near_match(self.step, steps)
            hint = f"; did you mean {close!r}?" if close else ""
            raise PositionError(
                f"step: {short(self.step)} is not a step a position starts at{hint} (one of {', '.join(steps)})"
            )
        players = data.get("players", [{}, {}])
        if not isinstance(players, list) or len(players) != 2:
            raise PositionError(f"players: a list of two player specs (player 0, player 1), not {short(players)}")
        for p, spec in enumerate(players):
            if not isinstance(spec, dict):
                raise PositionError(f"players[{p}]: a mapping of zones and counters, not {short(spec)}")
            only(spec, player_keys, f"players[{p}]")
        self.players = players


def only(data: dict, allowed, where: str) -> None:
    """Reject unknown keys, suggesting the closest known one."""
    for k in data:
        if k not in allowed:
            close = near_match(k, allowed)
            hint = f" did you mean {close!r}?" if close else ""
            raise PositionError(f"{where}: unknown key {short(k, NAME_SHORT)};{hint} known: {', '.join(allowed)}")


def number(data: dict, key: str, lo: int, hi: int, default: Any, where: str) -> Any:
    """An integer ``data[key]`` within ``lo..hi`` (``default`` when absent); ``where`` is the
    path of ``data`` (``players[0].``)."""
    if key not in data:
        return default
    v = data[key]
    if isinstance(v, bool) or not isinstance(v, int):
        raise PositionError(f"{where}{key}: a whole number, not {short(v)}")
    if not lo <= v <= hi:
        raise PositionError(f"{where}{key}: {short(v)} is out of range {lo}..{hi}")
    return v


def flag(data: dict, key: str, where: str) -> bool:
    v = data.get(key, False)
    if not isinstance(v, bool):
        raise PositionError(f"{where}{key}: true or false, not {short(v)}")
    return v


def card_entry(entry: Any, keys, where: str) -> tuple[str, dict]:
    """A zone entry: a card id, or a mapping ``{card: id, <counter>: ...}`` with ``keys``."""
    if isinstance(entry, str):
        return entry, {}
    if isinstance(entry, dict):
        only(entry, ("card",) + tuple(keys), where)
        if not isinstance(entry.get("card"), str):
            raise PositionError(f"{where}: a card entry names its card ({{card: <id>, ...}}), got {short(entry)}")
        return entry["card"], entry
    raise PositionError(f"{where}: a card id or {{card: <id>, ...}}, not {short(entry)}")


def zone_list(spec: dict, name: str, where: str, limit: int, counted: bool = False) -> list | int | None:
    """Player spec zone ``name``: a list of entries (at most ``limit``), or, when ``counted``, a
    number of cards to draw at random from the rest of the deck list; None when left out."""
    if name not in spec:
        return None
    v = spec[name]
    if counted and isinstance(v, int) and not isinstance(v, bool):
        if not 0 <= v <= limit:
            raise PositionError(f"{where}{name}: {short(v)} cards; the {name} holds 0..{limit}")
        return v
    if not isinstance(v, list):
        kinds = "a list of cards or a number of cards" if counted else "a list of cards"
        raise PositionError(f"{where}{name}: {kinds}, not {short(v)}")
    if len(v) > limit:
        raise PositionError(f"{where}{name}: {len(v)} cards; the {name} holds at most {limit}")
    return v


class Dealer:
    """Deals the card instances of a fresh state into the zones the position ``header`` names.

    Player p's instances are those ``state.owner`` gives p (their deck-list cards in
    ``state.cdef``), but for ``skip`` (instances dealt otherwise: a leader). A named card takes
    an instance of that card when one is left; otherwise, unless the position is strict (it
    names its decks, so the deck lists bound the copies), any instance left, re-labelled as the
    named card (the way ``resample_hidden`` relabels hidden cards). What is left fills the zones
    the position leaves out, in an order drawn from the position's seed."""

    def __init__(self, state, header: Header, skip: tuple[int, ...] = ()) -> None:
        self.s = state
        self.index = {d.id: k for k, d in enumerate(state.game.pool.cards)}
        self.strict = header.strict
        self.rng = Rng(header.seed)
        self.free: list[list[int]] = [[], []]
        for i, p in enumerate(state.owner):
            if i not in skip:
                self.free[p].append(i)
        self.listed = [len(self.free[0]), len(self.free[1])]
        for f in self.free:
            self.rng.shuffle(f)

    def card(self, card_id: Any, where: str) -> int:
        """The pool index of ``card_id`` (a PositionError naming ``where`` when unknown)."""
        k = self.index.get(card_id) if isinstance(card_id, str) else None
        if k is None:
            close = near_match(card_id, self.index)
            hint = f"; did you mean {close!r}?" if close else ""
            raise PositionError(f"{where}: unknown card {short(card_id, NAME_SHORT)}{hint}")
        return k

    def take(self, p: int, card_id: Any, where: str) -> int:
        """An instance of player p dealt as ``card_id``."""
        k = self.card(card_id, where)
        free, cdef = self.free[p], self.s.cdef
        for j in range(len(free) - 1, -1, -1):
            if cdef[free[j]] == k:
                return free.pop(j)
        if self.strict:
            raise PositionError(
                f"{where}: one copy of {card_id!r} more than player {p}'s deck list holds "
                f"({self.copies(p, k)} placed already)"
            )
        if not free:
            raise PositionError(
                f"{where}: player {p} has {self.listed[p]} cards (the deck list); the position names more"
            )
        i = free.pop()
        cdef[i] = k
        return i

    def copies(self, p: int, k: int) -> int:
        return sum(
            1 for i in range(len(self.s.cdef)) if self.s.owner[i] == p and self.s.cdef[i] == k and i not in self.free[p]
        )

    def rest(self, p: int, n: int | None, where: str) -> list[int]:
        """``n`` random instances of player p not dealt yet (all of them when None)."""
        free = self.free[p]
        if n is None:
            n = len(free)
        if n > len(free):
            raise PositionError(f"{where}: {n} cards asked for; player {p}'s deck list has {len(free)} left")
        out = free[len(free) - n :]
        del free[len(free) - n :]
        return out


def resume(s, frame: list[int]):
    """Resume the built state ``s`` with the turn frame ``frame`` (the step it starts at) as
    its only frame: no history, no winner; its invariants are checked (a PositionError names
    the one broken: the checks of ``build`` should make that impossible) and it runs on to its
    first decision. Returns ``s``."""
    s.stack = [frame]
    s.history, s.winner, s.capped = [], -1, False
    try:
        s.check_invariants()
    except AssertionError as e:
        raise PositionError(f"the position breaks an invariant of the state: {e}") from None
    s.dkind = RUNNING
    s._run()
    return s
