"""Wilson intervals against published values, and the matchup table's bookkeeping."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from tcgzoo.agents.stats import MatchupTable, by_deck, wilson, wilson_formula


@pytest.mark.parametrize(
    "k, n, low, high",
    [
        (5, 10, 0.2366, 0.7634),  # the textbook example (Wilson 1927; Newcombe 1998 table I style)
        (0, 10, 0.0, 0.2775),  # zero successes: the interval still has width
        (10, 10, 0.7225, 1.0),
        (81, 263, 0.2553, 0.3662),  # Newcombe (1998), Statistics in Medicine 17:857, example (a)
        (15, 148, 0.0624, 0.1605),  # Newcombe (1998), example (b)
        (0, 20, 0.0, 0.1611),  # Newcombe (1998), example (c)
        (1, 29, 0.0061, 0.1718),  # Newcombe (1998), example (d)
    ],
)
def test_wilson_known_values(k: int, n: int, low: float, high: float) -> None:
    for f in (wilson, wilson_formula):
        lo, hi = f(k, n)
        assert lo == pytest.approx(low, abs=1e-4)
        assert hi == pytest.approx(high, abs=1e-4)


def test_wilson_half_counts_and_edges() -> None:
    # draws count half: 5.5 of 10 lies between 5 and 6 of 10
    lo, hi = wilson(5.5, 10)
    assert wilson(5, 10)[0] < lo < wilson(6, 10)[0]
    assert wilson(5, 10)[1] < hi < wilson(6, 10)[1]
    assert wilson(0, 0) == (0.0, 1.0)
    # a wider confidence gives a wider interval; more games a narrower one
    assert wilson(50, 100, 0.99)[1] > wilson(50, 100, 0.95)[1]
    assert wilson(500, 1000)[1] - wilson(500, 1000)[0] < wilson(50, 100)[1] - wilson(50, 100)[0]


@dataclass
class G:
    entrants: tuple[str, str]
    decks: tuple[str | None, str | None]
    winner: int


def test_matchup_table_seats_mirrors_and_overall() -> None:
    games = [
        G(("A", "B"), ("x", "y"), 0),  # A in seat 0 wins
        G(("B", "A"), ("y", "x"), 1),  # A in seat 1 wins
        G(("B", "A"), ("y", "x"), 0),  # B in seat 0 wins
        G(("A", "B"), ("x", "y"), -1),  # draw
        G(("A", "A"), ("x", "x"), 0),  # mirror: seat 0 wins
        G(("A", "A"), ("x", "x"), 1),
        G(("A", "A"), ("x", "x"), 0),
    ]
    t = MatchupTable(games)
    ab, ba = t.cell("A", "B"), t.cell("B", "A")
    assert (ab.games, ab.wins, ab.draws, ab.losses) == (4, 2, 1, 1)
    assert (ba.games, ba.wins, ba.draws, ba.losses) == (4, 1, 1, 2)
    assert ab.rate == pytest.approx(2.5 / 4) and ba.rate == pytest.approx(1.5 / 4)
    assert ab.seat_games == [2, 2] and ab.seat_wins == [1, 1] and ab.seat_draws == [1, 0]
    assert ab.seat_rate(0) == pytest.approx(0.75) and ab.seat_rate(1) == pytest.approx(0.5)
    aa = t.cell("A", "A")
    assert aa.mirror and (aa.games, aa.wins, aa.losses) == (3, 2, 1)
    assert aa.seat_rate(0) == pytest.approx(2 / 3) and aa.seat_rate(1) == pytest.approx(1 / 3)
    overall = t.overall("A")  # mirrors say nothing of strength: left out
    assert (overall.games, overall.wins, overall.draws) == (4, 2, 1)
    seats = t.seat_rates()
    assert seats["games"] == 7 and seats["draws"] == 1
    assert seats["seat0_win_rate"] == pytest.approx(4.5 / 7)
    assert t.names == ["A", "B"]
    # keyed by deck instead of entrant
    d = MatchupTable(games, by_deck)
    assert d.cell("x", "y").wins == 2 and d.cell("x", "x").games == 3


@dataclass
class F(G):
    first_player: int | None = None


def test_turn_order_is_split_from_seats_when_games_report_it() -> None:
    games = [
        F(("A", "B"), ("x", "y"), 0, first_player=0),  # A first, wins
        F(("A", "B"), ("x", "y"), 0, first_player=1),  # B first, A wins
        F(("B", "A"), ("y", "x"), 0, first_player=0),  # B first, B wins
        F(("B", "A"), ("y", "x"), -1, first_player=1),  # A first, draw
        F(("A", "B"), ("x", "y"), 1, first_player=None),
    ]
    t = MatchupTable(games)
    ab = t.cell("A", "B")
    assert ab.order_games == [2, 2] and ab.order_wins == [1, 1] and ab.order_draws == [1, 0]
    assert ab.order_rate(0) == pytest.approx(0.75) and ab.order_rate(1) == pytest.approx(0.5)
    s = t.seat_rates()
    assert s["first_known_games"] == 4 and s["went_first_win_rate"] == pytest.approx(2.5 / 4)
    assert t.overall("A").order_games == [2, 2]
    assert MatchupTable(games[4:]).seat_rates()["first_known_games"] == 0
