"""Decks against the field and the equilibrium mix, against games solved by hand."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pytest
from tcgzoo.agents.metagame import field_rates, metagame, nash_mix, payoff_matrix
from tcgzoo.agents.stats import MatchupTable, wilson


@dataclass
class G:
    entrants: tuple[str, str]
    decks: tuple[str | None, str | None]
    winner: int


def table_of(rates: dict[tuple[str, str], tuple[int, int]], names: list[str], mirrors: dict | None = None):
    """A table where row beats column ``wins`` of ``games`` (alternating seats), plus
    mirror games ``{deck: (seat-0 wins, games)}``."""
    games = []
    for (a, b), (wins, n) in rates.items():
        for k in range(n):
            seats = (a, b) if k % 2 == 0 else (b, a)
            a_won = k < wins
            winner = seats.index(a) if a_won else seats.index(b)
            games.append(G(seats, seats, winner))
    for d, (wins, n) in (mirrors or {}).items():
        games += [G((d, d), (d, d), 0 if k < wins else 1) for k in range(n)]
    return MatchupTable(games, names=names)


def test_rock_paper_scissors_is_a_third_each() -> None:
    t = table_of(
        {("rock", "scissors"): (9, 10), ("scissors", "paper"): (9, 10), ("paper", "rock"): (9, 10)},
        ["rock", "paper", "scissors"],
    )
    meta = metagame(t)
    assert meta.mix == pytest.approx([1 / 3] * 3, abs=1e-9)
    assert meta.value == pytest.approx(0, abs=1e-9)
    assert [f.rate for f in meta.field] == pytest.approx([0.5, 0.5, 0.5])


def test_uneven_cycle_is_solved_by_hand() -> None:
    # deck 1 beats 2 by p, 2 beats 3 by r, 3 beats 1 by q (payoff = rate - 1/2): in
    # equilibrium every column pays 0, which gives the mix (r, q, p) / (p + q + r)
    p, q, r = 0.1, 0.2, 0.3
    a = np.array([[0, p, -q], [-p, 0, r], [q, -r, 0]])
    mix, value = nash_mix(a)
    assert mix == pytest.approx([r / (p + q + r), q / (p + q + r), p / (p + q + r)], abs=1e-9)
    assert value == pytest.approx(0, abs=1e-9)


def test_a_dominated_deck_gets_no_weight() -> None:
    # rock-paper-scissors plus a deck losing 60% to each of them: it is never played
    rates = {
        ("rock", "scissors"): (9, 10),
        ("scissors", "paper"): (9, 10),
        ("paper", "rock"): (9, 10),
        ("rock", "weak"): (6, 10),
        ("paper", "weak"): (6, 10),
        ("scissors", "weak"): (6, 10),
    }
    meta = metagame(table_of(rates, ["rock", "paper", "scissors", "weak"]))
    assert meta.weight("weak") == 0.0
    assert [meta.weight(d) for d in ("rock", "paper", "scissors")] == pytest.approx([1 / 3] * 3, abs=1e-9)
    # a deck that beats everything is the whole mix
    best = {("a", "b"): (6, 10), ("a", "c"): (7, 10), ("b", "c"): (2, 10)}
    assert metagame(table_of(best, ["a", "b", "c"])).mix == pytest.approx([1, 0, 0], abs=1e-9)


def test_payoff_matrix_is_antisymmetric_with_draws_and_mirrors() -> None:
    games = [G(("a", "b"), ("a", "b"), 0), G(("b", "a"), ("b", "a"), -1), G(("a", "a"), ("a", "a"), 0)]
    t = MatchupTable(games, names=["a", "b", "c"])
    m = payoff_matrix(t)
    assert m[0, 1] == pytest.approx(0.75 - 0.5)  # a won one, drew one: 1.5 of 2
    assert np.allclose(m, -m.T)
    assert m[0, 0] == 0 and m[0, 2] == 0  # a mirror is no payoff; an unplayed matchup counts even


def test_field_rate_is_the_mean_over_opponents_with_a_mover_interval() -> None:
    # A: 6 of 10 against B, 3 of 4 against C, and mirror games that must not count
    t = table_of(
        {("A", "B"): (6, 10), ("A", "C"): (3, 4), ("B", "C"): (5, 10)}, ["A", "B", "C"], mirrors={"A": (0, 30)}
    )
    fa = {f.name: f for f in field_rates(t)}["A"]
    assert fa.rate == pytest.approx((0.6 + 0.75) / 2)  # each opponent once, not pooled 9 of 14
    (l1, u1), (l2, u2) = wilson(6, 10), wilson(3, 4)
    assert fa.low == pytest.approx(fa.rate - math.sqrt((0.6 - l1) ** 2 + (0.75 - l2) ** 2) / 2)
    assert fa.high == pytest.approx(fa.rate + math.sqrt((u1 - 0.6) ** 2 + (u2 - 0.75) ** 2) / 2)
    assert (fa.opponents, fa.games) == (2, 14)
    # the mean of two independent rates is surer than either: its interval is narrower than both
    assert fa.high - fa.low < min(u1 - l1, u2 - l2)
    # a deck that lost everything keeps an interval inside [0, 1]
    zero = {f.name: f for f in field_rates(table_of({("x", "y"): (0, 6), ("x", "z"): (0, 6)}, ["x", "y", "z"]))}
    assert zero["x"].rate == 0 and zero["x"].low == 0 and 0 < zero["x"].high < 0.5


def test_a_deck_without_opponents_has_no_field_rate() -> None:
    t = table_of({}, ["solo"], mirrors={"solo": (3, 6)})
    (f,) = field_rates(t)
    assert math.isnan(f.rate) and f.opponents == 0 and f.games == 0
