"""Win rates with honest intervals, and the matchup matrix.

A win rate from a few hundred games is a noisy number; every rate here carries its
Wilson score interval, which (unlike the textbook normal interval) stays inside [0, 1]
and keeps close to its nominal coverage for small samples and rates near 0 or 1. Draws
count as half a win (the score), so a drawish matchup is not mistaken for a lopsided one.

The matrix is keyed by any function of a game's seat (the entrant, or just the deck for
deck win rates). A cell is the row's result against the column; mirror cells (the same
key on both sides) report the seat split instead, which is what a mirror measures.
Besides the seat (player_0 / player_1), a cell splits results by turn order (went first
/ went second) for games whose final ``to_dict()`` reports ``first_player``: in a card
game where the first player is chosen inside the game, the seat and the turn order differ.

Planning a study (``allocate``, ``plan_round``): how many more games each matchup gets
so that the widest interval is as narrow as the budget allows.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import Protocol

_UNSET = object()
_binomtest = _UNSET  # scipy.stats.binomtest, None without scipy; imported on first use (~1 s)


def _scipy_binomtest():
    global _binomtest
    if _binomtest is _UNSET:
        try:
            from scipy.stats import binomtest
        except ImportError:  # pragma: no cover - depends on the installation
            binomtest = None
        _binomtest = binomtest
    return _binomtest


def wilson_formula(successes: float, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval of ``successes`` out of ``n`` (fractional successes allowed)."""
    if n <= 0:
        return (0.0, 1.0)
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo = 0.0 if successes <= 0 else max(0.0, centre - half)  # exact ends, not rounding dust
    hi = 1.0 if successes >= n else min(1.0, centre + half)
    return (lo, hi)


def wilson(successes: float, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson interval; scipy's ``binomtest(...).proportion_ci`` for whole counts when
    scipy is installed, the closed formula for half-counts (draws) or without scipy."""
    if n <= 0:
        return (0.0, 1.0)
    binomtest = _scipy_binomtest()
    if binomtest is not None and float(successes).is_integer():
        ci = binomtest(int(successes), n).proportion_ci(confidence, method="wilson")
        return (float(ci.low), float(ci.high))
    return wilson_formula(successes, n, confidence)


class SeatedGame(Protocol):
    """What the statistics need of a finished game (``store.GameRecord`` has it)."""

    entrants: tuple[str, str]
    decks: tuple[str | None, str | None]
    winner: int  # seat 0 or 1, -1 for a draw
    # optional: first_player (the seat that took the first turn, or None when unknown)


Key = Callable[[SeatedGame, int], str]


def by_entrant(g: SeatedGame, seat: int) -> str:
    return g.entrants[seat]


def by_deck(g: SeatedGame, seat: int) -> str:
    return g.decks[seat] or "default"


@dataclass
class Matchup:
    """The row's results against the column (for a mirror: seat 0's against seat 1)."""

    row: str
    col: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    seat_games: list[int] = field(default_factory=lambda: [0, 0])  # the row in seat s
    seat_wins: list[int] = field(default_factory=lambda: [0, 0])
    seat_draws: list[int] = field(default_factory=lambda: [0, 0])
    order_games: list[int] = field(default_factory=lambda: [0, 0])  # the row went first (0) / second (1)
    order_wins: list[int] = field(default_factory=lambda: [0, 0])
    order_draws: list[int] = field(default_factory=lambda: [0, 0])

    @property
    def mirror(self) -> bool:
        return self.row == self.col

    @property
    def losses(self) -> int:
        return self.games - self.wins - self.draws

    @property
    def score(self) -> float:
        return self.wins + self.draws / 2

    @property
    def rate(self) -> float:
        return self.score / self.games if self.games else float("nan")

    def ci(self, confidence: float = 0.95) -> tuple[float, float]:
        return wilson(self.score, self.games, confidence)

    def half_width(self, confidence: float = 0.95) -> float:
        lo, hi = self.ci(confidence)
        return (hi - lo) / 2

    def seat_rate(self, seat: int) -> float:
        n = self.seat_games[seat]
        return (self.seat_wins[seat] + self.seat_draws[seat] / 2) / n if n else float("nan")

    def seat_ci(self, seat: int, confidence: float = 0.95) -> tuple[float, float]:
        return wilson(self.seat_wins[seat] + self.seat_draws[seat] / 2, self.seat_games[seat], confidence)

    def order_rate(self, order: int) -> float:
        """Win rate when the row went first (``order=0``) or second (1); NaN when unknown."""
        n = self.order_games[order]
        return (self.order_wins[order] + self.order_draws[order] / 2) / n if n else float("nan")

    def _tally(self, seat: int, winner: int, first: int | None) -> None:
        """The row played ``seat`` in one game."""
        self.seat_games[seat] += 1
        self.seat_wins[seat] += winner == seat
        self.seat_draws[seat] += winner < 0
        if first is not None:
            o = 0 if first == seat else 1
            self.order_games[o] += 1
            self.order_wins[o] += winner == seat
            self.order_draws[o] += winner < 0

    def as_dict(self) -> dict:
        lo, hi = self.ci()
        return {
            "row": self.row,
            "col": self.col,
            "mirror": self.mirror,
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "win_rate": self.rate,
            "ci_low": lo,
            "ci_high": hi,
            "seat0_games": self.seat_games[0],
            "seat0_win_rate": self.seat_rate(0),
            "seat1_games": self.seat_games[1],
            "seat1_win_rate": self.seat_rate(1),
            "went_first_games": self.order_games[0],
            "went_first_win_rate": self.order_rate(0),
            "went_second_games": self.order_games[1],
            "went_second_win_rate": self.order_rate(1),
        }


class MatchupTable:
    """All matchups of a set of games under one key (entrant or deck)."""

    def __init__(self, games: Iterable[SeatedGame], key: Key = by_entrant, names: Sequence[str] = ()) -> None:
        self.cells: dict[tuple[str, str], Matchup] = {}
        self.names: list[str] = list(names)
        self.seat_wins = [0, 0]  # over every game, for the overall seat advantage
        self.draws = 0
        self.games = 0
        self.first_known = 0  # games whose first player is known, and how they went
        self.first_wins = 0
        self.first_draws = 0
        for g in games:
            self.add(key(g, 0), key(g, 1), g.winner, getattr(g, "first_player", None))

    def _cell(self, a: str, b: str) -> Matchup:
        for n in (a, b):
            if n not in self.names:
                self.names.append(n)
        m = self.cells.get((a, b))
        if m is None:
            m = self.cells[(a, b)] = Matchup(a, b)
        return m

    def add(self, a: str, b: str, winner: int, first: int | None = None) -> None:
        """One game: ``a`` in seat 0, ``b`` in seat 1, ``winner`` a seat or -1, ``first``
        the seat that took the first turn (``None``: unknown)."""
        self.games += 1
        if winner < 0:
            self.draws += 1
        else:
            self.seat_wins[winner] += 1
        if first is not None:
            self.first_known += 1
            self.first_wins += winner == first
            self.first_draws += winner < 0
        if a == b:  # mirror: the row is seat 0, the column seat 1
            m = self._cell(a, a)
            m.games += 1
            m.wins += winner == 0
            m.draws += winner < 0
            for s in (0, 1):
                m._tally(s, winner, first)
            return
        for seat, (row, col) in enumerate(((a, b), (b, a))):
            m = self._cell(row, col)
            m.games += 1
            m.wins += winner == seat
            m.draws += winner < 0
            m._tally(seat, winner, first)

    def cell(self, row: str, col: str) -> Matchup | None:
        return self.cells.get((row, col))

    def overall(self, name: str) -> Matchup:
        """``name`` against everyone else (mirrors left out: they say nothing of strength)."""
        total = Matchup(name, "*")
        for (row, col), m in self.cells.items():
            if row == name and col != name:
                total.games += m.games
                total.wins += m.wins
                total.draws += m.draws
                for s in (0, 1):
                    total.seat_games[s] += m.seat_games[s]
                    total.seat_wins[s] += m.seat_wins[s]
                    total.seat_draws[s] += m.seat_draws[s]
                    total.order_games[s] += m.order_games[s]
                    total.order_wins[s] += m.order_wins[s]
                    total.order_draws[s] += m.order_draws[s]
        return total

    def seat_rates(self) -> dict[str, float]:
        """Share of all games won by seat 0 / seat 1 (draws as half), with seat 0's interval,
        and by the player who went first, where the games report it."""
        n = self.games
        s0 = self.seat_wins[0] + self.draws / 2
        lo, hi = wilson(s0, n)
        f = self.first_known
        fs = self.first_wins + self.first_draws / 2
        flo, fhi = wilson(fs, f)
        return {
            "games": n,
            "seat0_win_rate": s0 / n if n else float("nan"),
            "seat1_win_rate": (self.seat_wins[1] + self.draws / 2) / n if n else float("nan"),
            "seat0_ci_low": lo,
            "seat0_ci_high": hi,
            "draws": self.draws,
            "first_known_games": f,
            "went_first_win_rate": fs / f if f else float("nan"),
            "went_first_ci_low": flo if f else float("nan"),
            "went_first_ci_high": fhi if f else float("nan"),
        }

    def rows(self) -> list[Matchup]:
        """Every cell, in the order of ``names``."""
        order = {n: i for i, n in enumerate(self.names)}
        return sorted(self.cells.values(), key=lambda m: (order[m.row], order[m.col]))


# ---- planning a study: where the next games go ------------------------------------------------
#: virtual games, half won, added to a matchup's record when predicting its interval: an
#: early 0-of-20 must not predict a near-zero width and starve the matchup of games
PRIOR_GAMES = 4.0


def shrunk_rate(score: float, games: int, prior_games: float = PRIOR_GAMES) -> float:
    """The win rate pulled toward 50% by ``prior_games`` virtual games split evenly: close
    to the observed rate once a matchup has many games, never 0 or 1 before that."""
    return (score + prior_games / 2) / (games + prior_games)


def wilson_half_width(rate: float, games: int, z: float) -> float:
    """Half-width of the Wilson interval of ``games`` games at win rate ``rate`` (the
    formula of ``wilson_formula``, without its clipping at 0 and 1) for normal quantile ``z``."""
    if games <= 0:
        return 0.5
    return z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / (1 + z * z / games)


def allocate(
    cells: Sequence[tuple[int, float]],
    budget: int,
    target: float,
    step: int = 1,
    confidence: float = 0.95,
    prior_games: float = PRIOR_GAMES,
) -> list[int]:
    """Extra games per matchup that minimise the widest predicted interval (water-filling).

    ``cells`` are (games, score) per matchup. The next ``step`` games (2 for paired deals)
    go, again and again, to the matchup whose interval is predicted widest: the Wilson
    interval at its shrunk rate (``shrunk_rate``) for its games so far plus those planned
    (before it gets any, the wider of that and its current interval, so a matchup still
    wider than ``target`` gets games even when the shrunk rate predicts it narrow). A
    matchup stops receiving games once its width is ``target`` or less; everything stops
    when ``budget`` has no room for ``step`` more. Each width only falls as games are
    added, so this greedy order gives the smallest widest width the budget allows among
    plans in whole steps on top of the current games: an even split of the same games
    never does better.
    """
    if step < 1:
        raise ValueError(f"step {step}: at least one game")
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    rates = [shrunk_rate(score, n, prior_games) for n, score in cells]
    extra = [0] * len(cells)
    heap = []
    for p, (n, score) in enumerate(cells):
        lo, hi = wilson_formula(score, n, confidence)
        width = max((hi - lo) / 2, wilson_half_width(rates[p], n, z))
        if width > target:
            heap.append((-width, p))  # ties: the lower matchup index first
    heapq.heapify(heap)
    left = budget
    while heap and left >= step:
        _, p = heapq.heappop(heap)
        extra[p] += step
        left -= step
        width = wilson_half_width(rates[p], cells[p][0] + extra[p], z)
        if width > target:
            heapq.heappush(heap, (-width, p))
    return extra


def plan_round(
    cells: Sequence[tuple[int, float]], budget: int, target: float, step: int = 1, confidence: float = 0.95
) -> list[int]:
    """One round of an adaptive study: ``allocate`` over at most as many games as the
    matchups hold already (and at least ``step`` per matchup), within ``budget``.

    Rounds double the study at most, so the estimates that steer a round rest on at least
    half of the games it will end with: an early, noisy estimate steers few games, and
    there are only about log2(cap / first round) rounds, each of which ends with every
    worker waiting for its last game.
    """
    played = sum(n for n, _ in cells)
    size = min(budget, max(played, step * len(cells)))
    return allocate(cells, size - size % step, target, step, confidence)


def games_to_target(
    score: float, games: int, target: float, step: int = 1, confidence: float = 0.95, prior_games: float = PRIOR_GAMES
) -> int:
    """More games (a multiple of ``step``) a matchup needs for its interval, predicted at
    its shrunk rate, to be ``target`` or narrower (0 when it already is)."""
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    lo, hi = wilson_formula(score, games, confidence)
    rate = shrunk_rate(score, games, prior_games)
    if max((hi - lo) / 2, wilson_half_width(rate, games, z)) <= target:
        return 0
    # the width is at most z / (2 sqrt(n)): past that many games it is within the target
    low, high = 1, max(1, math.ceil((z / (2 * target)) ** 2) - games + step)
    while low < high:  # the fewest extra games that suffice (the width falls as games grow)
        mid = (low + high) // 2
        if wilson_half_width(rate, games + mid, z) <= target:
            high = mid
        else:
            low = mid + 1
    return low + (-low) % step
