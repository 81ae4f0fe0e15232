"""The browser app in a real browser: the system's Chromium (``apt-get install chromium``)
driven by Playwright, against ``tcgzoo serve`` on a free local port. For each game, a
replay is stepped through (forward, back, a turn, the seat views) and a whole game is
played against the random bot by clicking the action buttons.

A missing Chromium or Playwright fails these tests (CI installs both, see ``.ci/run``);
``TCGZOO_SKIP_BROWSER=1`` skips them on purpose. A failing test saves a screenshot of its
page under ``runs/browser-failures/`` (or ``$TCGZOO_SCREENSHOTS``).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import threading
import time
import urllib.request
from pathlib import Path

import pytest
from web_fixtures import GAMES, stored_games

pytestmark = pytest.mark.slow  # drives Chromium through whole games

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("TCGZOO_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SHOTS = Path(os.environ.get("TCGZOO_SCREENSHOTS", ROOT / "runs" / "browser-failures"))
#: the button a test clicks at each of its decisions (measured: whole games of 20-40 clicks
#: against random), the seat it plays and the deal
PLAY = {"battle_spirits": ("last", 0, 7), "ninja_slayer": ("first", 1, 7), "leader_melee": ("first", 0, 7)}
MAX_CLICKS = 600
#: the zones only the full view has: each deck's order
HIDDEN_ZONES = '[data-zone="deck_cards"], [data-zone="deck_order_top_last"]'


def _needed(what: str, why: str):
    if os.environ.get("TCGZOO_SKIP_BROWSER") == "1":
        pytest.skip(f"TCGZOO_SKIP_BROWSER=1: {what} not used")
    pytest.fail(f"{what} is missing ({why}); install it, or set TCGZOO_SKIP_BROWSER=1 to skip the browser tests")


@pytest.fixture(scope="module")
def browser():
    if os.environ.get("TCGZOO_SKIP_BROWSER") == "1":
        pytest.skip("TCGZOO_SKIP_BROWSER=1")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as e:
        _needed("Playwright", f"pip install 'tcgzoo[webtest]': {e}")
    if not (Path(CHROMIUM).is_file() or shutil.which(CHROMIUM)):
        _needed(f"Chromium ({CHROMIUM})", "apt-get install -y chromium")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """``tcgzoo serve`` in a thread, over a results file with one stored game of each game."""
    import uvicorn
    from tcgzoo.agents.web import create_app

    db = tmp_path_factory.mktemp("browser") / "results.sqlite"
    keys = stored_games(db)
    port = _free_port()
    srv = uvicorn.Server(uvicorn.Config(create_app(str(db)), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not srv.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}", keys
    srv.should_exit = True
    thread.join(timeout=15)
    assert not thread.is_alive(), "the server did not stop"


@pytest.fixture
def page(browser, request):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    pg.set_default_timeout(15_000)
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    yield pg
    failed = getattr(request.node, "rep_call", None) is not None and request.node.rep_call.failed
    if failed:
        SHOTS.mkdir(parents=True, exist_ok=True)
        shot = SHOTS / (re.sub(r"[^\w.-]+", "_", request.node.name) + ".png")
        pg.screenshot(path=str(shot), full_page=True)
        print(f"screenshot of the failing page: {shot}")
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def _api(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=10) as r:
        return json.loads(r.read())


def _ready(pg, k: int | None = None, view: str | None = None) -> None:
    sel = (
        '#replay[data-ready="yes"]'
        + (f'[data-k="{k}"]' if k is not None else "")
        + (f'[data-view="{view}"]' if view is not None else "")
    )
    pg.wait_for_selector(sel)


@pytest.mark.parametrize("game", GAMES)
def test_step_through_a_replay(server, page, game):
    base, keys = server
    key = keys[game]
    meta = _api(f"{base}/api/replay/{key}/0")
    page.goto(f"{base}/games?game={game}&run={key}")
    page.click("a.replay-link")
    _ready(page, 0, "full")
    assert page.locator("#log li").count() == meta["decisions"]
    assert page.locator(".board .player").count() == 2
    assert "turn" in page.inner_text(".headline")
    for k in (1, 2, 3):
        page.click("#step-forward")
        _ready(page, k)
    assert page.locator("#log li.done").count() == 3
    page.click("#step-back")
    _ready(page, 2)
    assert page.locator("#log li.current").get_attribute("data-k") == "1"
    # jump to a turn: the first position at or after it
    turns = [t for t in meta["turns"] if isinstance(t, int)]
    target = sorted(set(turns))[len(set(turns)) // 2]
    page.fill("#turn-input", str(target))
    page.click("#turn-go")
    want = next(i for i, t in enumerate(meta["turns"]) if isinstance(t, int) and t >= target)
    _ready(page, want)
    assert f"turn {meta['turns'][want]}" in page.inner_text("#frame-no")
    # the full view shows the hidden cards (the decks' order), a seat's view does not
    named_full = page.locator(".card:not(.hidden)").count()
    assert page.locator(HIDDEN_ZONES).count() == 2
    page.select_option("#view-select", "0")
    _ready(page, want, "0")
    assert page.locator(HIDDEN_ZONES).count() == 0
    assert page.locator(".card:not(.hidden)").count() < named_full
    assert page.locator(".player.me").get_attribute("data-seat") == "0"
    page.click("#last")
    _ready(page, meta["frames"] - 1)
    assert page.locator(".headline .result").count() == 1
    assert page.locator(".card .card-name").count() > 0


@pytest.mark.parametrize("game", GAMES)
def test_play_a_whole_game_against_random_by_clicking(server, page, game):
    base, _ = server
    which, seat, seed = PLAY[game]
    page.goto(f"{base}/play")
    page.select_option("#game", game)
    page.select_option("#agent", "random")
    page.select_option("#seat", str(seat))
    page.fill("#seed", str(seed))
    page.click("#start")
    page.wait_for_url(re.compile(r"/play/\w+$"))
    clicks = 0
    while True:
        page.wait_for_selector('#play[data-to-move="you"], #play[data-to-move="over"]')
        if page.get_attribute("#play", "data-to-move") == "over":
            break
        groups = page.locator("#choices fieldset.group")
        assert groups.count() >= 1
        buttons = page.locator("#choices button.action")
        (buttons.first if which == "first" else buttons.last).click()
        clicks += 1
        assert clicks < MAX_CLICKS, "the game did not end"
    status = page.inner_text("#status")
    assert re.search(r"Game over: (you win|you lose|draw)", status), status
    decisions = int(page.get_attribute("#play", "data-decisions"))
    assert page.locator("#log li").count() == decisions and clicks <= decisions
    assert page.locator("#log li.theirs").count() > 0  # the bot's moves were shown
    page.click("#replay-link")
    _ready(page, 0, "full")
    assert page.locator("#log li").count() == decisions
    assert "human" in page.inner_text("p.who")


def test_unknown_replay_is_a_404_page(server, page):
    base, _ = server
    r = page.goto(f"{base}/replay/no-such-run/0")
    assert r.status == 404 and "404" in page.inner_text("h1")


def test_two_games_at_once(server, browser):
    """Two players' windows, moved in turns: each plays its own game to the end."""
    base, _ = server
    contexts = [browser.new_context(), browser.new_context()]  # two windows: neither is a background tab
    try:
        pages = []
        for seed, context in zip((21, 22), contexts):
            pg = context.new_page()
            pg.set_default_timeout(15_000)
            pg.goto(f"{base}/play")
            pg.select_option("#game", "leader_melee")
            pg.fill("#seed", str(seed))
            pg.click("#start")
            pg.wait_for_url(re.compile(r"/play/\w+$"))
            pages.append(pg)
        assert pages[0].url != pages[1].url
        over = [False, False]
        for _ in range(MAX_CLICKS):
            if all(over):
                break
            for i, pg in enumerate(pages):
                if over[i]:
                    continue
                pg.wait_for_selector('#play[data-to-move="you"], #play[data-to-move="over"]')
                if pg.get_attribute("#play", "data-to-move") == "over":
                    over[i] = True
                    continue
                pg.locator("#choices button.action").first.click()
        assert all(over)
        stored = [pg.get_attribute("#replay-link", "href") for pg in pages]
        assert stored[0] != stored[1] and all(s.startswith("/replay/play-leader_melee/") for s in stored)
    finally:
        for context in contexts:
            context.close()
