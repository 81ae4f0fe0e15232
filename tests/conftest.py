"""Options and fixtures of the simulation tests (see ``tests/harness.py``).

    pytest tests/test_harness_toy.py --sim-games 20000 --sim-seed 1000 --sim-rate 0.5

CI runs the defaults; a nightly or a bug hunt raises ``--sim-games`` and moves
``--sim-seed`` so each run plays games never played before.
"""
from __future__ import annotations

import pytest

DEFAULT_SIM_GAMES = 1000  # per game: enough to reach rare rules, a few minutes for a real game


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("tcgzoo simulation")
    group.addoption("--sim-games", type=int, default=DEFAULT_SIM_GAMES,
                    help=f"random games per game in the simulation tests (default {DEFAULT_SIM_GAMES})")
    group.addoption("--sim-seed", type=int, default=0,
                    help="seed of the first simulated game (default 0)")
    group.addoption("--sim-rate", type=float, default=None,
                    help="fraction of steps given the expensive checks "
                         "(default: each game's SIM_CONFIGS entry in tests/harness.py)")


@pytest.fixture
def sim_games(request: pytest.FixtureRequest) -> int:
    return request.config.getoption("--sim-games")


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
