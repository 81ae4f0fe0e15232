"""Options and fixtures of the tests: the ``slow`` marker and the simulation tests (see
``tests/harness.py``).

Plain ``pytest`` is the working day's run (about 3 minutes on 2 cores): it skips the tests
marked ``slow`` and plays ``QUICK_SIM_GAMES`` random games per game in the simulations.
``pytest --slow`` runs everything with ``DEFAULT_SIM_GAMES`` per game; that is what CI
(``.ci/run``) runs.

    pytest tests/test_harness_games.py --sim-games 20000 --sim-seed 1000 --sim-rate 0.5

A nightly or a bug hunt raises ``--sim-games`` and moves ``--sim-seed`` so each run plays
games never played before.
"""

from __future__ import annotations

import pytest

DEFAULT_SIM_GAMES = 1000  # per game with --slow (CI): enough to reach rare rules, a few minutes for a real game
QUICK_SIM_GAMES = 50  # per game in a plain run: seconds, and every invariant still checked on real games


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("tcgzoo simulation")
    group.addoption(
        "--slow",
        action="store_true",
        help="also run the tests marked slow, and the full simulations (CI does: .ci/run)",
    )
    group.addoption(
        "--sim-games",
        type=int,
        default=None,
        help=f"random games per game in the simulation tests (default {QUICK_SIM_GAMES}, "
        f"{DEFAULT_SIM_GAMES} with --slow)",
    )
    group.addoption("--sim-seed", type=int, default=0, help="seed of the first simulated game (default 0)")
    group.addoption(
        "--sim-rate",
        type=float,
        default=None,
        help="fraction of steps given the expensive checks "
        "(default: each game's SIM_CONFIGS entry in tests/harness.py)",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "slow: minutes, or a whole install, Ray or a browser: run with --slow (CI does)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--slow"):
        return
    skip = pytest.mark.skip(reason="slow: run with --slow (CI does)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture
def sim_games(request: pytest.FixtureRequest) -> int:
    games = request.config.getoption("--sim-games")
    if games is None:
        games = DEFAULT_SIM_GAMES if request.config.getoption("--slow") else QUICK_SIM_GAMES
    return games


@pytest.fixture
def sim_seed(request: pytest.FixtureRequest) -> int:
    return request.config.getoption("--sim-seed")


@pytest.fixture
def sim_rate(request: pytest.FixtureRequest) -> float | None:
    return request.config.getoption("--sim-rate")


@pytest.fixture(scope="module")
def local_ray():
    """A local Ray of 2 CPUs for one test module (as CI's machine has), shut down after it.

    Module-scoped rather than session-scoped so that other modules' tests, which fork
    worker processes, never fork a process holding Ray's threads. Skips only where Ray is
    not installed at all (CI installs the ray extra, so there these tests run).
    """
    ray = pytest.importorskip("ray", reason="Ray is not installed (pip install -e '.[ray]'); CI installs it")
    if ray.is_initialized():
        ray.shutdown()
    ray.init(num_cpus=2, include_dashboard=False, logging_level="ERROR")
    try:
        yield ray
    finally:
        ray.shutdown()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    """Each phase's report on the test item (``item.rep_call``), so a fixture can tell that
    its test failed (the browser tests save a screenshot then)."""
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)
