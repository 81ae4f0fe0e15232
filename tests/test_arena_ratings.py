"""Elo (fitted Bradley-Terry) and OpenSkill ratings behave as the formulas say."""

from __future__ import annotations

import math
import random

import pytest
from tcgzoo.agents.ratings import elo_ratings, expected_score, openskill_ratings, rating_table


def games(a: str, b: str, wins: int, losses: int, draws: int = 0) -> list[tuple[str, str, float]]:
    return [(a, b, 1.0)] * wins + [(a, b, 0.0)] * losses + [(a, b, 0.5)] * draws


def test_expected_score_formula() -> None:
    assert expected_score(1500, 1500) == 0.5
    assert expected_score(1900, 1500) == pytest.approx(1 / 1.1)  # 400 points: 10 to 1
    assert expected_score(1500, 1700) + expected_score(1700, 1500) == pytest.approx(1.0)


def test_elo_recovers_the_observed_score() -> None:
    res = games("a", "b", 750, 250)
    elo = elo_ratings(res)
    # 75% is 400*log10(3) = 190.8 Elo; the weak prior shrinks it a hair
    assert elo["a"].elo - elo["b"].elo == pytest.approx(400 * math.log10(3), abs=3)
    assert expected_score(elo["a"].elo, elo["b"].elo) == pytest.approx(0.75, abs=0.005)
    assert (elo["a"].elo + elo["b"].elo) / 2 == pytest.approx(1500)


def test_elo_equal_draws_and_transitive_order() -> None:
    even = elo_ratings(games("a", "b", 10, 10, 5))
    assert even["a"].elo == pytest.approx(even["b"].elo)
    res = games("a", "b", 70, 30) + games("b", "c", 70, 30) + games("a", "c", 85, 15)
    random.Random(0).shuffle(res)
    elo = elo_ratings(res)
    assert elo["a"].elo > elo["b"].elo > elo["c"].elo


def test_elo_uncertainty_shrinks_with_games_and_matches_the_bootstrap() -> None:
    small = elo_ratings(games("a", "b", 60, 40))
    large = elo_ratings(games("a", "b", 600, 400))
    assert large["a"].sd == pytest.approx(small["a"].sd / math.sqrt(10), rel=0.1)
    assert small["a"].low < small["a"].elo < small["a"].high
    boot = elo_ratings(games("a", "b", 60, 40), bootstrap=400, seed=1)
    assert boot["a"].sd == pytest.approx(small["a"].sd, rel=0.2)
    assert boot["a"].elo == small["a"].elo  # the point estimate is the fit, not a bootstrap mean


def test_elo_is_finite_for_a_clean_sweep() -> None:
    elo = elo_ratings(games("a", "b", 20, 0))
    assert math.isfinite(elo["a"].elo) and elo["a"].elo > elo["b"].elo
    assert elo["a"].sd > 0  # the analytic interval does not collapse like a bootstrap would


def test_openskill_winner_rises_and_sigma_falls() -> None:
    res = games("a", "b", 30, 10)
    random.Random(0).shuffle(res)
    sk = openskill_ratings(res)
    assert sk["a"].mu > 25 > sk["b"].mu
    assert sk["a"].sigma < 25 / 3 and sk["a"].ordinal == pytest.approx(sk["a"].mu - 3 * sk["a"].sigma)
    draws = openskill_ratings(games("a", "b", 0, 0, 10))
    assert draws["a"].mu == pytest.approx(draws["b"].mu)


def test_rating_table_lists_everyone_best_first() -> None:
    res = games("a", "b", 30, 10) + games("b", "c", 30, 10) + [("c", "c", 1.0)]
    table = rating_table(res, names=["c", "b", "a", "d"])
    order = [r.name for r in table]
    assert sorted(order) == ["a", "b", "c", "d"]
    assert order.index("a") < order.index("b") < order.index("c")
    by = {r.name: r for r in table}
    assert by["d"].games == 0 and by["c"].elo.elo < by["d"].elo.elo < by["a"].elo.elo  # unplayed: the prior
    assert by["b"].games == 80 and by["b"].score == pytest.approx(0.5)
    assert by["c"].games == 40  # the mirror game is left out
