"""What a deck win-rate matrix says about the field: each deck's mean win rate against the
other decks, and the equilibrium mix of decks.

*Against the field* is the plain mean of a deck's win rates against each other deck
(mirrors left out: a deck against itself measures the seats, not the deck). It weighs
every opponent once, not by how many games the study happened to give that matchup (an
adaptive study gives close matchups more games). Its interval combines the matchups'
Wilson intervals by MOVER, the method of variance estimates recovery (Zou & Donner 2008,
Statistics in Medicine 27:1693; for sums of proportions, Zou, Huang & Zhang 2009): for a
mean of independent rates ``p_j`` with Wilson limits ``l_j, u_j`` over ``m`` opponents,

    low  = mean - sqrt(sum((p_j - l_j)**2)) / m
    high = mean + sqrt(sum((u_j - p_j)**2)) / m

which, unlike mean ± z·sd, stays inside [0, 1] and inherits Wilson's behaviour near 0 and 1.

*The equilibrium mix* is a Nash equilibrium of the symmetric zero-sum game in which both
players pick a deck and the row player scores its win rate minus one half. A field
playing this mix cannot be exploited by any single deck: no deck wins more than half
against it. It is computed from the point estimates by linear programming (scipy's
``linprog``, HiGHS): a strictly dominated deck gets weight 0, rock-paper-scissors gets a
third each. When several mixes are equilibria (decks that play alike), the solver returns
one of them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .stats import MatchupTable


@dataclass(frozen=True)
class FieldRate:
    """A deck's mean win rate against the other decks of the study, with its interval."""

    name: str
    rate: float  # NaN when the deck has no games against another deck
    low: float
    high: float
    opponents: int  # other decks it has games against
    games: int  # those games (mirrors excluded)

    def as_dict(self) -> dict:
        return {
            "deck": self.name,
            "field_win_rate": self.rate,
            "field_ci_low": self.low,
            "field_ci_high": self.high,
            "field_opponents": self.opponents,
            "field_games": self.games,
        }


def field_rates(table: MatchupTable, confidence: float = 0.95) -> list[FieldRate]:
    """Each name of ``table``: its mean win rate over its non-mirror matchups (MOVER interval)."""
    out = []
    for name in table.names:
        cells = [m for (row, col), m in table.cells.items() if row == name and col != name and m.games]
        if not cells:
            out.append(FieldRate(name, math.nan, math.nan, math.nan, 0, 0))
            continue
        k = len(cells)
        rates = [m.rate for m in cells]
        cis = [m.ci(confidence) for m in cells]
        mean = sum(rates) / k
        low = mean - math.sqrt(sum((p - lo) ** 2 for p, (lo, _) in zip(rates, cis))) / k
        high = mean + math.sqrt(sum((hi - p) ** 2 for p, (_, hi) in zip(rates, cis))) / k
        out.append(FieldRate(name, mean, max(0.0, low), min(1.0, high), k, sum(m.games for m in cells)))
    return out


def payoff_matrix(table: MatchupTable, names: Sequence[str] | None = None) -> np.ndarray:
    """The symmetric zero-sum game of a win-rate table: entry (i, j) is deck i's win rate
    against deck j minus one half; 0 on the diagonal and for matchups without games.

    Built as half the difference of the two directions, so it is exactly antisymmetric.
    """
    names = list(table.names if names is None else names)
    n = len(names)
    rate = np.full((n, n), 0.5)
    for i, r in enumerate(names):
        for j, c in enumerate(names):
            m = table.cell(r, c)
            if i != j and m is not None and m.games:
                rate[i, j] = m.rate
    return (rate - rate.T) / 2


def nash_mix(payoff: np.ndarray) -> tuple[np.ndarray, float]:
    """The row player's maximin mix of the zero-sum matrix game ``payoff`` and the game's
    value: maximise ``v`` subject to ``sum_i x_i payoff[i, j] >= v`` for every column ``j``,
    ``x >= 0``, ``sum(x) = 1`` (the textbook linear program, solved by scipy's HiGHS).

    Weights below 1e-9 (solver dust) are set to 0 and the rest renormalised.
    """
    from scipy.optimize import linprog

    a = np.asarray(payoff, dtype=float)
    if a.ndim != 2 or a.shape[0] == 0 or a.shape[1] == 0:
        raise ValueError(f"payoff matrix of shape {a.shape}: need rows and columns")
    rows, cols = a.shape
    c = np.zeros(rows + 1)
    c[-1] = -1.0  # maximise v
    a_ub = np.hstack([-a.T, np.ones((cols, 1))])  # v - sum_i x_i a_ij <= 0
    a_eq = np.hstack([np.ones((1, rows)), np.zeros((1, 1))])
    res = linprog(
        c,
        A_ub=a_ub,
        b_ub=np.zeros(cols),
        A_eq=a_eq,
        b_eq=[1.0],
        bounds=[(0, None)] * rows + [(None, None)],
        method="highs",
    )
    if res.status != 0:  # a finite matrix game always has a solution: this is a solver failure
        raise RuntimeError(f"linprog found no equilibrium of a {rows}x{cols} game: {res.message}")
    x = np.where(res.x[:rows] < 1e-9, 0.0, res.x[:rows])
    return x / x.sum(), float(res.x[-1])


@dataclass(frozen=True)
class Metagame:
    """A study's decks against the field and their equilibrium mix (same order as ``names``)."""

    names: list[str]
    field: list[FieldRate]
    mix: list[float]
    value: float  # the game's value: 0 for a symmetric game, up to solver precision

    def weight(self, name: str) -> float:
        return self.mix[self.names.index(name)]

    def rate(self, name: str) -> FieldRate:
        return self.field[self.names.index(name)]

    def as_dict(self) -> dict:
        return {
            "decks": [{**f.as_dict(), "equilibrium_weight": w} for f, w in zip(self.field, self.mix)],
            "equilibrium_value": self.value,
        }


def metagame(table: MatchupTable, confidence: float = 0.95) -> Metagame:
    """Field rates and the equilibrium mix of every name of a deck win-rate table."""
    names = list(table.names)
    mix, value = nash_mix(payoff_matrix(table, names))
    return Metagame(names, field_rates(table, confidence), [float(w) for w in mix], value)
