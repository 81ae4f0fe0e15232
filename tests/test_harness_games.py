"""The simulation harness on every game in ``GAMES_UNDER_TEST`` (Toy Duel now), the
PettingZoo API and seed tests, the golden playthrough diff, and mutants of Toy Duel that
the harness must reject: a checker is only worth something if it can fail."""

from __future__ import annotations

import re

import harness
import numpy as np
import pytest
from harness import GAMES_UNDER_TEST, check_random_games
from pettingzoo.test import api_test, seed_test
from tcgzoo.envs import toy_duel as toy

# PettingZoo's classic games observe a Dict of observation + action_mask, which api_test
# flags as unusual; the contract chooses that format on purpose (connect_four_v3 does too).
CLASSIC_OBS_WARNINGS = [
    "ignore:Observation space for each agent probably should be:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
]


@pytest.mark.parametrize("name", GAMES_UNDER_TEST)
def test_random_simulation(name: str, sim_games: int, sim_seed: int, sim_rate: float | None) -> None:
    cfg = harness.sim_config(name)
    rate = cfg.sample_rate if sim_rate is None else sim_rate
    stats = check_random_games(
        harness.make_game(name, **cfg.kwargs), sim_games, sim_seed, sample_rate=rate, concede_prob=cfg.concede_prob
    )
    print(f"{name}: {stats}")
    assert stats.games == sim_games
    assert stats.wins[0] > 0 and stats.wins[1] > 0 or sim_games < 20, f"one side never wins: {stats}"


@pytest.mark.parametrize("name", GAMES_UNDER_TEST)
@pytest.mark.filterwarnings(*CLASSIC_OBS_WARNINGS)
def test_pettingzoo_api(name: str) -> None:
    api_test(harness.env_module(name).env(), num_cycles=1000)


@pytest.mark.parametrize("name", GAMES_UNDER_TEST)
def test_pettingzoo_seed(name: str) -> None:
    seed_test(harness.env_module(name).env)


@pytest.mark.parametrize("name", GAMES_UNDER_TEST)
def test_golden_playthrough(name: str) -> None:
    harness.check_golden(name)


def test_golden_diff_names_the_step_and_the_command(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(harness, "GOLDEN_DIR", tmp_path)
    path = harness.regenerate("toy_duel")
    harness.check_golden("toy_duel")
    text = path.read_text(encoding="utf-8")
    step3 = re.search(r"== step 3\ncurrent_player: (\d)", text)
    flipped = f"== step 3\ncurrent_player: {1 - int(step3.group(1))}"
    path.write_text(text[: step3.start()] + flipped + text[step3.end() :], encoding="utf-8")
    with pytest.raises(AssertionError) as err:
        harness.check_golden("toy_duel")
    message = str(err.value)
    assert "first at step 3" in message
    assert "python tests/harness.py --regenerate toy_duel" in message
    assert "-current_player" in message and "+current_player" in message


# ---- mutants: broken variants of Toy Duel ----------------------------------------------
def _mutant(game_methods: dict | None = None, **state_methods) -> toy.Game:
    """Toy Duel whose state (and clones) use ``state_methods`` instead of the real ones."""
    cls = type("MutantState", (toy.State,), {"__slots__": (), **state_methods})
    if "clone" not in state_methods:

        def clone(self):
            c = toy.State.clone(self)
            c.__class__ = cls
            return c

        cls.clone = clone

    def new_initial_state(self, seed=None):
        return cls(self, 0 if seed is None else seed)

    return type("MutantGame", (toy.Game,), {"new_initial_state": new_initial_state, **(game_methods or {})})()


def _leaky_observation(self, player):
    o = toy.State.observation_tensor(self, player)
    o[11] = sum(self.hands[1 - player]) / 18  # the opponent's hidden hand
    return o


def _shallow_clone(self):
    c = toy.State.clone(self)
    c.piles = self.piles  # shared with the original
    return c


def _illegal_changes_state(self, action):
    if action not in self.legal:
        self.passed[self.dplayer] = True
    toy.State.apply_action(self, action)


def _leaky_view(self, player=None):
    d = toy.State.to_dict(self, player)
    d["opponent_hand_total"] = sum(self.hands[1 - player]) if player is not None else None
    return d


def _nan_observation(self, player):
    o = toy.State.observation_tensor(self, player)
    o[12] = np.nan
    return o


def _broken_invariants(self):
    if sum(self.piles) > 12:
        raise AssertionError("cards not conserved (mutant)")


MUTANTS = {
    "leaks hidden information": (_mutant(observation_tensor=_leaky_observation), "resample_hidden"),
    "player view leaks": (_mutant(to_dict=_leaky_view), "changed to_dict"),
    "clone shares a list": (_mutant(clone=_shallow_clone), "clone not independent"),
    "legal actions descending": (
        _mutant(legal_actions=lambda self: sorted(self.legal, reverse=True)),
        "not strictly ascending",
    ),
    "mask misses pass": (_mutant(legal_actions_mask=lambda self: np.arange(4) < len(self.hands[self.dplayer])), "mask"),
    "rejected action changes state": (_mutant(apply_action=_illegal_changes_state), "rejected action"),
    "non-finite observation": (_mutant(observation_tensor=_nan_observation), "non-finite"),
    "action strings not unique": (_mutant(action_to_string=lambda self, a: "pass" if a == 3 else "play"), "not unique"),
    "invariant hook fails": (_mutant(check_invariants=_broken_invariants), "cards not conserved"),
    "longer than declared": (_mutant({"max_game_length": lambda self: 4}), "max_game_length"),
    "returns not zero-sum": (_mutant(returns=lambda self: [1.0, 1.0]), "returns"),
}


@pytest.mark.parametrize("name", sorted(MUTANTS))
def test_harness_rejects_broken_game(name: str) -> None:
    game, expected = MUTANTS[name]
    with pytest.raises(AssertionError, match=re.escape(expected)) as err:
        check_random_games(game, 200, seed=0, sample_rate=1.0)
    assert re.search(r"seed \d+, step \d+", str(err.value))


def test_failure_reproduces_from_its_seed() -> None:
    game = MUTANTS["leaks hidden information"][0]
    with pytest.raises(AssertionError) as first:
        check_random_games(game, 200, seed=0, sample_rate=0.5)
    seed = int(re.search(r"seed (\d+)", str(first.value)).group(1))
    with pytest.raises(AssertionError) as again:
        check_random_games(game, 1, seed=seed, sample_rate=0.5)
    assert str(again.value).splitlines()[0] == str(first.value).splitlines()[0]


def test_random_policy_rarely_concedes() -> None:
    class Stub:
        CONCEDE, concession = 9, True

        def legal_actions(self):
            return [0, 1, 9]

    rng = harness.Rng(1)
    picks = [harness.random_action(Stub(), rng, concede_prob=0.01) for _ in range(5000)]
    assert 0 < picks.count(9) < 150 and picks.count(0) > 2000 and picks.count(1) > 2000


@pytest.mark.filterwarnings(*CLASSIC_OBS_WARNINGS)
def test_benchmark_null_game_keeps_the_contract() -> None:
    """The throughput benchmark's ceiling is only meaningful if its null env is a real
    tcgzoo env: the null game must pass the same checks as every game."""
    from tcgzoo.benchmarks.throughput import NullGame, aec_rate, null_env

    stats = check_random_games(NullGame(), 5, sample_rate=0.2)
    assert stats.draws == 5 and stats.longest == 100
    api_test(null_env(), num_cycles=300)
    assert aec_rate(null_env, seconds=0.0).count == 100  # one whole game, whatever the clock
