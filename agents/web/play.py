"""What a seat may be told: action names checked against hidden information, and a game
between a person and a bot, as the browser app plays it.

``state.to_dict(player)`` is the contract's seat view; the board drawn from it
(``agents.board``) is as blind as it. The other thing a page shows is words: the names of
actions (``action_to_string``). A name can carry a hidden card ("play hand 1: Ghoul Puppet"
said of the opponent's hand), so ``seat_text`` names an action to a seat only as far as the
name stays the same when everything that seat cannot see is redrawn
(``resample_hidden``); past that it says "(hidden)". Everything a play session sends is
built from the seat's view and from ``seat_text``, so redrawing the hidden part of the
game leaves every response the same (``tests/test_web_api.py`` checks it).
"""

from __future__ import annotations

import random
import threading
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..base import Agent, concede_action, make_agent
from ..board import board, card_catalog
from ..games import fingerprint, make_game

#: redraws of the hidden part a name must survive to be shown as it is
RESAMPLES = 8
#: what stands for the hidden part of a name
HIDDEN = "(hidden)"


def _layout(game) -> list[tuple[int, int, str]]:
    try:
        return [tuple(r) for r in game.action_layout()]
    except (AttributeError, TypeError):
        return []


def action_group(layout: Sequence[tuple[int, int, str]], action: int) -> str:
    """The action layout's name for the block ``action`` is in ("hand", "pass", ...)."""
    for lo, hi, name in layout:
        if lo <= action <= hi:
            return name.replace("_", " ")
    return "action"


def _cut(text: str, prefix_len: int) -> str:
    """``text`` up to ``prefix_len`` characters, cut back to the end of a word or a colon."""
    head = text[:prefix_len]
    for mark in (": ", " "):
        k = head.rfind(mark)
        if k > 0:
            return head[: k + (1 if mark == ": " else 0)].rstrip()
    return ""


def seat_texts(state, actions: Sequence[int], seat: int | None, seed: int = 0) -> list[str]:
    """``state.action_to_string(a)`` for each of ``actions``, as far as seat ``seat`` may
    know it (``None``: everything). Each name is compared with its names in ``RESAMPLES``
    copies of the state whose hidden part (for ``seat``) was redrawn, from ``seed``;
    from the first character where they differ, cut back to a word, the rest is "(hidden)"."""
    texts = [state.action_to_string(a) for a in actions]
    if seat is None or not texts:
        return texts
    rng = random.Random(seed)
    common = [len(t) for t in texts]
    for _ in range(RESAMPLES):
        other = state.clone()
        other.resample_hidden(seat, rng)
        for i, (a, text) in enumerate(zip(actions, texts)):
            try:
                alt = other.action_to_string(a)
            except Exception:  # noqa: BLE001 - the redrawn world has no such action: the name says nothing safe
                alt = ""
            k = 0
            while k < min(common[i], len(alt)) and text[k] == alt[k]:
                k += 1
            common[i] = k
    out = []
    for text, k in zip(texts, common):
        if k == len(text):
            out.append(text)
        else:
            head = _cut(text, k)
            out.append(f"{head} {HIDDEN}" if head else HIDDEN)
    return out


def seat_text(state, action: int, seat: int | None, seed: int = 0) -> str:
    """One action's name as far as seat ``seat`` may know it (``seat_texts``)."""
    return seat_texts(state, [action], seat, seed)[0]


def winner_of(returns: Sequence[float]) -> int:
    return 0 if returns[0] > returns[1] else 1 if returns[1] > returns[0] else -1


def seat_frame(game_name: str, state, seat: int | None, catalog: dict) -> dict:
    """The view of ``seat`` (``None``: everything) and its board."""
    view = state.to_dict(seat)
    returns = state.returns() if state.is_terminal() else None
    return {"view": view, "board": board(game_name, view, catalog, returns)}


@dataclass
class LogEntry:
    seat: int
    turn: Any
    text: str

    def as_dict(self) -> dict:
        return {"seat": self.seat, "turn": self.turn, "text": self.text}


#: the run every browser game of one game is stored under, with its settings
def play_run(game: str) -> tuple[str, dict]:
    return f"play-{game}", {"game": game, "kind": "play", "note": "games played in the browser (tcgzoo serve)"}


@dataclass
class PlaySession:
    """One game between a person (``seat``) and a bot, played through the browser.

    The session holds the true state; everything it answers is ``payload()``, built from
    the person's seat view. Calls are serialised by ``lock`` (the server answers requests
    on several threads).
    """

    game_name: str
    decks: tuple[str | None, str | None]
    options: dict
    agent_spec: str
    seat: int
    seed: int
    id: str = field(default_factory=lambda: uuid.uuid4().hex[:12])
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def __post_init__(self) -> None:
        self.game = make_game(self.game_name, self.decks, self.options)
        self.agent: Agent = make_agent(self.agent_spec, self.game_name)
        self.agent.reset(self.seed + 1)
        self.state = self.game.new_initial_state(self.seed)
        self.catalog = card_catalog(self.game_name, self.decks, self.options)
        self.layout = _layout(self.game)
        self.actions: list[int] = []
        self.log: list[LogEntry] = []
        self.started = time.perf_counter()
        self.stored: dict | None = None  # {"run": key, "index": idx} once saved
        self.conceded = False

    # ---- what the person is told ------------------------------------------------------------
    def to_move(self) -> str:
        if self.state.is_terminal():
            return "over"
        return "you" if self.state.current_player() == self.seat else "bot"

    def choices(self) -> list[dict]:
        """The person's legal actions, grouped by the action layout's blocks, in id order;
        conceding is offered apart (``payload()["concede"]``)."""
        if self.to_move() != "you":
            return []
        groups: dict[str, list[dict]] = {}
        c = concede_action(self.state)
        actions = [a for a in self.state.legal_actions() if a != c]
        for a, text in zip(actions, seat_texts(self.state, actions, self.seat, seed=len(self.actions))):
            groups.setdefault(action_group(self.layout, a), []).append({"action": int(a), "text": text})
        return [{"group": g, "actions": items} for g, items in groups.items()]

    def payload(self, since: int = 0) -> dict:
        """Everything the page needs, as the person's seat sees it; ``log`` from entry ``since``."""
        frame = seat_frame(self.game_name, self.state, self.seat, self.catalog)
        over = self.state.is_terminal()
        result = None
        if over:
            w = winner_of(self.state.returns())
            result = "draw" if w < 0 else "you win" if w == self.seat else "you lose"
        c = concede_action(self.state)
        return {
            "id": self.id,
            "game": self.game_name,
            "seat": self.seat,
            "opponent": self.agent_spec,
            "decks": list(self.decks),
            "decisions": len(self.actions),
            "to_move": self.to_move(),
            "decision": frame["board"]["decision"],
            "view": frame["view"],
            "board": frame["board"],
            "choices": self.choices(),
            "concede": c is not None and not over and self.to_move() == "you" and c in self.state.legal_actions(),
            "log_from": since,
            "log": [e.as_dict() for e in self.log[since:]],
            "result": result,
            "stored": self.stored,
        }

    # ---- moves --------------------------------------------------------------------------------
    def _apply(self, action: int) -> None:
        p = self.state.current_player()
        turn = self.state.to_dict(self.seat).get("turn")
        text = seat_text(self.state, action, self.seat, seed=len(self.actions))
        self.state.apply_action(action)
        self.actions.append(int(action))
        self.log.append(LogEntry(p, turn, text))

    def act(self, action: int) -> None:
        """The person's move; a ``ValueError`` (not their turn, not legal) changes nothing."""
        if self.to_move() != "you":
            raise ValueError("it is not your move" if not self.state.is_terminal() else "the game is over")
        if action not in self.state.legal_actions():
            raise ValueError(
                f"action {action} is not legal now (decision: {self.state.to_dict(self.seat).get('decision')})"
            )
        self._apply(action)

    def concede(self) -> None:
        c = concede_action(self.state)
        if c is None or c not in self.state.legal_actions() or self.to_move() != "you":
            raise ValueError("conceding is not possible now")
        self.conceded = True
        self._apply(c)

    def advance(self, budget: float = 0.25) -> int:
        """Let the bot move while it is its turn, for about ``budget`` seconds at most
        (at least one move); returns how many moves it made."""
        t0 = time.perf_counter()
        n = 0
        while self.to_move() == "bot":
            p = self.state.current_player()
            self._apply(int(self.agent.act(self.state, p)))
            n += 1
            if time.perf_counter() - t0 >= budget:
                break
        return n

    # ---- storing ------------------------------------------------------------------------------
    def result_row(self) -> dict:
        r = self.state.returns()
        view = self.state.to_dict()
        turns, first = view.get("turn"), view.get("first_player")
        return {
            "winner": winner_of(r),
            "decisions": len(self.actions),
            "turns": turns if isinstance(turns, int) else None,
            "first_player": first if first in (0, 1) else None,
            "duration": time.perf_counter() - self.started,
            "actions": self.actions,
        }

    def store(self, store) -> dict:
        """Save the finished game in the results file, as the arena stores its games:
        run ``play-<game>``, one row per game (seat labels ``human@deck`` and the bot's
        spec), replayable from (decks, options, seed, actions)."""
        if self.stored is not None or not self.state.is_terminal():
            return self.stored or {}
        import json

        key, settings = play_run(self.game_name)
        labels = ["human", "human"]
        agents = ["human", "human"]
        labels[1 - self.seat] = agents[1 - self.seat] = self.agent_spec
        labels = [lab if d is None else f"{lab}@{d}" for lab, d in zip(labels, self.decks)]
        seeds = [0, 0]
        seeds[1 - self.seat] = self.seed + 1
        store.open_run(key, "play", self.game_name, settings)
        with store.transaction():
            idx = store.next_index(key)
            store.plan(
                [
                    (
                        key,
                        idx,
                        0,
                        idx,
                        self.game_name,
                        json.dumps(self.options, sort_keys=True),
                        self.seed,
                        labels[0],
                        labels[1],
                        agents[0],
                        agents[1],
                        self.decks[0],
                        self.decks[1],
                        seeds[0],
                        seeds[1],
                        None,
                    )
                ]
            )  # position: a game played in the browser starts from the set-up
            store.finish(
                key, [{"idx": idx, **self.result_row()}], {idx: fingerprint(self.game_name, self.decks, self.options)}
            )
        self.stored = {"run": key, "index": idx}
        return self.stored
