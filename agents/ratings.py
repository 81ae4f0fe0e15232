"""Ratings of entrants from game results: Elo and OpenSkill.

Elo here is fitted, not updated game by game: the ratings are the maximum-likelihood
Bradley-Terry strengths on the Elo scale (``P(a beats b) = 1 / (1 + 10**((Rb - Ra)/400))``,
draws as half a win), so they do not depend on the order the games happened to finish
in, which matters when games are played in parallel. A weak prior (each entrant is
credited ``prior_games`` virtual games scoring 50% against a 1500 reference) keeps an
entrant that won or lost everything finite. Uncertainty: a seeded bootstrap over games
(resample games with replacement, refit), giving a standard deviation and a 95% interval.

OpenSkill (the ``openskill`` library, Plackett-Luce model) is the Bayesian alternative
with its own uncertainty (mu, sigma); it is sequential, so games are fed in index order.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

#: one game between two distinct entrants: (a, b, score of a: 1, 0.5 or 0)
Result = tuple[str, str, float]

BASE = 1500.0


def expected_score(ra: float, rb: float) -> float:
    """Elo's expected score of a player rated ``ra`` against one rated ``rb``."""
    return 1.0 / (1.0 + 10 ** ((rb - ra) / 400.0))


def _tally(results: Sequence[Result], index: dict[str, int]) -> tuple[np.ndarray, np.ndarray]:
    n = len(index)
    games = np.zeros((n, n))
    score = np.zeros(n)
    for a, b, s in results:
        i, j = index[a], index[b]
        games[i, j] += 1
        games[j, i] += 1
        score[i] += s
        score[j] += 1 - s
    return games, score


def _fit(games: np.ndarray, score: np.ndarray, prior_games: float) -> tuple[np.ndarray, np.ndarray]:
    """Maximum-likelihood Bradley-Terry log-strengths by Newton's method, as Elo centred
    on 1500, with their covariance (the inverse Fisher information, on the Elo scale).

    The log-likelihood is concave and, with the prior's virtual games against the
    reference (log-strength 0), strictly so; Newton converges in a handful of steps.
    """
    n = len(score)
    theta = np.zeros(n)
    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(theta[None, :] - theta[:, None]))  # P(i beats j)
        q = 1.0 / (1.0 + np.exp(-theta))  # P(i beats the reference)
        grad = score - (games * p).sum(axis=1) + prior_games * (0.5 - q)
        w = games * p * (1 - p)
        hess = w - np.diag(w.sum(axis=1) + prior_games * q * (1 - q))
        step = np.linalg.solve(hess, grad)
        step = np.clip(step, -2.0, 2.0)  # damped: far from the optimum a full step can overshoot
        theta -= step
        if np.max(np.abs(step)) < 1e-10:
            break
    scale = 400.0 / math.log(10)
    centre = np.eye(n) - 1.0 / n  # the ratings are reported centred on their mean
    cov = centre @ np.linalg.inv(-hess) @ centre.T * scale**2
    elo = theta * scale
    return elo - elo.mean() + BASE, cov


@dataclass
class EloRating:
    name: str
    elo: float
    sd: float
    low: float
    high: float


def elo_ratings(
    results: Sequence[Result], names: Sequence[str] = (), bootstrap: int = 0, seed: int = 0, prior_games: float = 2.0
) -> dict[str, EloRating]:
    """Fitted Elo of every entrant; uncertainty analytic, or from ``bootstrap`` resamples."""
    if prior_games <= 0:
        raise ValueError("prior_games must be positive (it keeps undefeated entrants finite)")
    results = [r for r in results if r[0] != r[1]]  # a mirror says nothing of strength
    order = list(dict.fromkeys([*names, *(r[0] for r in results), *(r[1] for r in results)]))
    index = {n: i for i, n in enumerate(order)}
    games, score = _tally(results, index)
    elo, cov = _fit(games, score, prior_games)
    samples = np.empty((0, len(order)))
    if bootstrap and results:
        rng = np.random.default_rng(seed)
        ia = np.array([index[a] for a, _, _ in results])
        ib = np.array([index[b] for _, b, _ in results])
        sc = np.array([s for _, _, s in results], dtype=float)
        samples = np.empty((bootstrap, len(order)))
        for k in range(bootstrap):
            pick = rng.integers(0, len(results), len(results))
            g = np.zeros((len(order), len(order)))
            np.add.at(g, (ia[pick], ib[pick]), 1)
            g += g.T
            s = np.zeros(len(order))
            np.add.at(s, ia[pick], sc[pick])
            np.add.at(s, ib[pick], 1 - sc[pick])
            samples[k] = _fit(g, s, prior_games)[0]
    out = {}
    for n, i in index.items():
        if len(samples):
            sd = float(samples[:, i].std(ddof=1)) if len(samples) > 1 else 0.0
            lo, hi = np.percentile(samples[:, i], [2.5, 97.5])
        else:
            sd = math.sqrt(max(cov[i, i], 0.0))
            lo, hi = elo[i] - 1.96 * sd, elo[i] + 1.96 * sd
        out[n] = EloRating(n, float(elo[i]), sd, float(lo), float(hi))
    return out


@dataclass
class SkillRating:
    name: str
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """mu - 3 sigma: the conservative estimate OpenSkill ranks by."""
        return self.mu - 3 * self.sigma


def openskill_ratings(results: Sequence[Result], names: Sequence[str] = ()) -> dict[str, SkillRating]:
    """OpenSkill Plackett-Luce ratings, games applied in the given order."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    order = list(dict.fromkeys([*names, *(r[0] for r in results), *(r[1] for r in results)]))
    rating = {n: model.rating(name=n) for n in order}
    for a, b, s in results:
        if a == b:
            continue
        ranks = [0, 1] if s > 0.5 else [1, 0] if s < 0.5 else [0, 0]
        [[ra], [rb]] = model.rate([[rating[a]], [rating[b]]], ranks=ranks)
        rating[a], rating[b] = ra, rb
    return {n: SkillRating(n, float(r.mu), float(r.sigma)) for n, r in rating.items()}


@dataclass
class Rating:
    """One line of the ratings table."""

    name: str
    games: int
    score: float
    elo: EloRating
    skill: SkillRating

    def as_dict(self) -> dict:
        return {
            "name": self.name,
            "games": self.games,
            "score": self.score,
            "elo": self.elo.elo,
            "elo_sd": self.elo.sd,
            "elo_low": self.elo.low,
            "elo_high": self.elo.high,
            "openskill_mu": self.skill.mu,
            "openskill_sigma": self.skill.sigma,
            "openskill_ordinal": self.skill.ordinal,
        }


def rating_table(
    results: Sequence[Result], names: Sequence[str] = (), bootstrap: int = 0, seed: int = 0
) -> list[Rating]:
    """Elo and OpenSkill side by side, best Elo first."""
    elo = elo_ratings(results, names, bootstrap=bootstrap, seed=seed)
    skill = openskill_ratings(results, names)
    games = {n: 0 for n in elo}
    score = {n: 0.0 for n in elo}
    for a, b, s in results:
        if a != b:
            games[a] += 1
            games[b] += 1
            score[a] += s
            score[b] += 1 - s
    rows = [Rating(n, games[n], score[n] / games[n] if games[n] else float("nan"), elo[n], skill[n]) for n in elo]
    return sorted(rows, key=lambda r: -r.elo.elo)
