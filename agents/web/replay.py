"""A stored game replayed for the viewer: every position from (decks, options, seed,
actions), the decision log in words, and each frame's board in the full view or a seat's.
"""

from __future__ import annotations

from collections import OrderedDict
from threading import Lock

from ..arena import position_decks, start_state
from ..base import ConfigError
from ..board import card_catalog
from ..games import fingerprint, make_game
from ..store import GameRecord
from .play import seat_frame, seat_text


class Replay:
    """The positions of one finished game; ``frame(k, view)`` is the board before action ``k``
    (``k == len(actions)``: the end)."""

    def __init__(self, rec: GameRecord) -> None:
        if rec.winner is None or rec.actions is None:
            raise ConfigError(f"game {rec.idx} of run {rec.run_key!r} has not been played yet")
        self.rec = rec
        decks = position_decks(rec.decks, rec.position)  # a game from a position: its decks
        self.catalog = card_catalog(rec.game, decks, rec.options)
        state = start_state(make_game(rec.game, decks, rec.options), rec.game, rec.seed, rec.position)
        self.states = [state.clone()]
        self.movers: list[int] = []
        self.broken: str | None = None  # why the stored actions stopped replaying, if they did
        for k, a in enumerate(rec.actions):
            if state.is_terminal() or a not in state.legal_actions():
                self.broken = (
                    f"action {k} ({a}) is no longer legal here: the rules or cards changed since this game was played"
                )
                break
            self.movers.append(state.current_player())
            state.apply_action(a)
            self.states.append(state.clone())
        self.turns = [s.to_dict().get("turn") for s in self.states]
        self.changed = rec.fingerprint is not None and rec.fingerprint != fingerprint(rec.game, decks, rec.options)
        self._logs: dict = {}

    def __len__(self) -> int:
        return len(self.states)

    def log(self, view: int | None) -> list[dict]:
        """Each replayed action in words as seat ``view`` could know it (``None``: all;
        a seat's own moves too are named only as far as it could see what it picked)."""
        if view not in self._logs:
            self._logs[view] = [
                {
                    "k": k,
                    "seat": self.movers[k],
                    "turn": self.turns[k],
                    "text": seat_text(self.states[k], self.rec.actions[k], view, seed=k),
                }
                for k in range(len(self.movers))
            ]
        return self._logs[view]

    def frame(self, k: int, view: int | None) -> dict:
        return seat_frame(self.rec.game, self.states[k], view, self.catalog)

    def meta(self) -> dict:
        r = self.rec
        return {
            "run": r.run_key,
            "index": r.idx,
            "game": r.game,
            "seed": r.seed,
            "entrants": list(r.entrants),
            "decks": list(r.decks),
            "winner": r.winner,
            "decisions": len(r.actions or []),
            "frames": len(self.states),
            "turns": self.turns,
            "changed": self.changed,
            "broken": self.broken,
        }


class ReplayCache:
    """The last few replays asked for (a replay is rebuilt from its record on a miss)."""

    def __init__(self, size: int = 8) -> None:
        self.size = size
        self._items: OrderedDict = OrderedDict()
        self._lock = Lock()

    def get(self, rec: GameRecord) -> Replay:
        key = (rec.run_key, rec.idx, rec.fingerprint)
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]
        replay = Replay(rec)
        with self._lock:
            self._items[key] = replay
            while len(self._items) > self.size:
                self._items.popitem(last=False)
        return replay
