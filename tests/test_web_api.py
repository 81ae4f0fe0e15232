"""The browser app's server (``tcgzoo serve``) through Starlette's test client: pages,
filters, 404s, the replay API, and games against a bot that never tell the person's seat
more than ``to_dict(seat)`` shows (redrawing the hidden part leaves every answer the same,
and no hidden card id is ever sent)."""

from __future__ import annotations

import copy
import json
import random
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import pytest
from starlette.testclient import TestClient  # the web and webtest extras (CI installs them): no silent skip
from tcgzoo.agents.base import concede_action
from tcgzoo.agents.board import card_catalog
from tcgzoo.agents.games import make_game
from tcgzoo.agents.web import create_app
from tcgzoo.agents.web.play import seat_text
from web_fixtures import GAMES, stored_games

#: rule options of the play tests: Ninja Slayer without its forced priority passes (shorter games)
PLAY_OPTIONS = {"ninja_slayer": {"auto_forced": True}}


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    path = tmp_path_factory.mktemp("web") / "results.sqlite"
    return path, stored_games(path)


@pytest.fixture(scope="module")
def client(db):
    with TestClient(create_app(str(db[0]))) as c:
        yield c


# ---- pages ---------------------------------------------------------------------------------
def test_runs_page_lists_every_run_with_its_links(client, db):
    text = client.get("/").text
    for key in [*db[1].values(), "wr-lm", "rr-ns"]:
        assert key in text
    assert 'href="/runs/wr-lm/matrix"' in text and 'href="/runs/rr-ns/matrix"' in text


def test_games_filter_by_run_deck_and_agent(client, db):
    key = db[1]["battle_spirits"]
    by_run = client.get("/games", params={"run": key}).text
    assert by_run.count('class="replay-link"') == 1 and f"/replay/{key}/0" in by_run
    by_deck = client.get("/games", params={"deck": "red_rush"}).text
    assert "wr-lm" in by_deck and key not in by_deck  # the match played the default decks
    assert client.get("/games", params={"deck": "default", "game": "battle_spirits"}).text.count("replay-link") == 1
    by_agent = client.get("/games", params={"agent": "heuristic"}).text
    assert "rr-ns" in by_agent and "wr-lm" not in by_agent  # the study's agent is random


def test_winrate_matrix_shows_rates_intervals_and_seats(client):
    text = client.get("/runs/wr-lm/matrix").text
    assert text.count('class="cell') == 6  # 3 decks, no mirrors
    assert "seat 0 won" in text and "95% CI" in text and "Against the field" in text
    assert re.search(r"\[\d+\.\d%, \d+\.\d%\]", text)


def test_tournament_table_has_ratings(client):
    text = client.get("/runs/rr-ns/matrix").text
    assert "Ratings" in text and "Elo" in text and "OpenSkill" in text
    assert "random" in text and "heuristic" in text


@pytest.mark.parametrize(
    "url",
    [
        "/replay/nope/0",
        "/replay/wr-lm/999",
        "/replay/wr-lm/x",
        "/runs/nope/matrix",
        "/games?run=nope",
        "/play/nope",
        "/no/such/page",
    ],
)
def test_unknown_ids_get_a_404_page(client, url):
    r = client.get(url)
    assert r.status_code == 404
    assert "text/html" in r.headers["content-type"] and "404" in r.text and "back to the runs" in r.text


@pytest.mark.parametrize("url", ["/api/replay/nope/0", "/api/replay/wr-lm/0/frame/99999", "/api/play/nope"])
def test_unknown_ids_in_the_api_are_404_json(client, url):
    r = client.get(url)
    assert r.status_code == 404 and "error" in r.json()


# ---- the replay API --------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_replay_frames_are_the_stored_game_in_each_view(client, db, game):
    key = db[1][game]
    meta = client.get(f"/api/replay/{key}/0").json()
    from tcgzoo.agents.store import Store

    with Store(db[0], create=False) as store:
        rec = store.game(key, 0)
    assert meta["frames"] == rec.decisions + 1 and meta["winner"] == rec.winner and meta["broken"] is None
    state = make_game(game, rec.decks, rec.options).new_initial_state(rec.seed)
    picks = {0, 1, len(rec.actions) // 2, len(rec.actions)}
    own_hidden = 0  # a seat's own moves it could not fully see (a blind pick): none in these games
    texts = [e["text"] for e in meta["log"]]
    seat_logs = {v: client.get(f"/api/replay/{key}/0", params={"view": v}).json()["log"] for v in ("0", "1")}
    for k in range(len(rec.actions) + 1):
        if k in picks:
            for view, seat in (("full", None), ("0", 0), ("1", 1)):
                f = client.get(f"/api/replay/{key}/0/frame/{k}", params={"view": view}).json()
                assert f["view"] == json.loads(json.dumps(state.to_dict(seat)))
                assert f["board"]["players"][0]["stats"]
        if k < len(rec.actions):
            a = rec.actions[k]
            mover = state.current_player()
            assert texts[k] == state.action_to_string(a)
            for seat in (0, 1):
                assert seat_logs[str(seat)][k]["text"] == seat_text(state, a, seat, seed=k)
            own_hidden += seat_logs[str(mover)][k]["text"] != state.action_to_string(a)
            state.apply_action(a)
    assert state.is_terminal() and own_hidden == 0


def test_replay_seat_views_hide_the_opponents_hand_moves(client, db):
    key = db[1]["battle_spirits"]
    full = client.get(f"/api/replay/{key}/0").json()["log"]
    seat0 = client.get(f"/api/replay/{key}/0", params={"view": "0"}).json()["log"]
    hidden = [k for k, (a, b) in enumerate(zip(full, seat0)) if a["text"] != b["text"]]
    assert hidden, "a whole Battle Spirits game has hand plays by seat 1 that seat 0 could not name"
    for k in hidden:
        assert seat0[k]["seat"] == 1 and "(hidden)" in seat0[k]["text"]


# ---- play: never a hidden card -----------------------------------------------------------------
def _hidden_ids(state, seat: int, catalog: dict) -> set[str]:
    """Card ids the full view holds and the seat's view does not (opponent hand, decks, life cards)."""
    full = set(re.findall(r'"([^"]+)"', json.dumps(state.to_dict())))
    mine = set(re.findall(r'"([^"]+)"', json.dumps(state.to_dict(seat))))
    return {x for x in full - mine if x in catalog}


def _check_no_leak(app_state, sid: str, answer: dict, since: int, rng: random.Random) -> None:
    s = app_state.sessions[sid]
    seat = s.seat
    assert answer["view"] == json.loads(json.dumps(s.state.to_dict(seat)))
    text = json.dumps(answer)
    for card in _hidden_ids(s.state, seat, s.catalog):
        assert f'"{card}"' not in text, f"hidden card {card} sent to seat {seat}"
    other = copy.copy(s)  # the same game, its hidden part redrawn: the answer must not change
    other.state = s.state.clone()
    other.state.resample_hidden(seat, rng)
    assert json.loads(json.dumps(other.payload(answer["log_from"]))) == answer


def _play_through(client, game: str, seat: int, seed: int, check_every: int = 1, pick=None) -> dict:
    r = client.post(
        "/api/play",
        json={"game": game, "agent": "random", "seat": seat, "seed": seed, "options": PLAY_OPTIONS.get(game, {})},
    )
    assert r.status_code == 200, r.text
    sid = r.json()["id"]
    app_state = client.app.state.app
    rng = random.Random(seed)
    answer = client.get(f"/api/play/{sid}").json()
    since, n = 0, 0
    while answer["to_move"] != "over":
        if n % check_every == 0:
            _check_no_leak(app_state, sid, answer, since, rng)
        if answer["to_move"] == "bot":
            answer = client.post(f"/api/play/{sid}/advance", json={"since": since}).json()
        else:
            actions = [a["action"] for g in answer["choices"] for a in g["actions"]]
            assert actions and all(a != concede_action(app_state.sessions[sid].state) for a in actions)
            a = pick(actions) if pick else rng.choice(actions)
            answer = client.post(f"/api/play/{sid}/act", json={"action": a, "since": since}).json()
        assert answer["log_from"] == since
        since += len(answer["log"])
        n += 1
        assert n < 3000
    _check_no_leak(app_state, sid, answer, since, rng)
    _check_log_is_blind(client, app_state.sessions[sid], rng)
    return answer


def _check_log_is_blind(client, s, rng: random.Random) -> None:
    """Each logged move reads the same when the game is replayed with the hidden part
    redrawn (for the person's seat) before it: the words carry no hidden card."""
    log = client.get(f"/api/play/{s.id}", params={"since": 0}).json()["log"]
    assert len(log) == len(s.actions)
    state = s.game.new_initial_state(s.seed)
    for k, a in enumerate(s.actions):
        if state.current_player() != s.seat:
            other = state.clone()
            other.resample_hidden(s.seat, rng)
            assert seat_text(other, a, s.seat, seed=k) == log[k]["text"], (k, log[k])
        state.apply_action(a)


@pytest.mark.parametrize(
    "game,seat", [("battle_spirits", 0), ("ninja_slayer", 1), ("leader_melee", 0), ("leader_melee", 1)]
)
def test_play_sends_only_the_seats_view(client, game, seat):
    first = {
        "battle_spirits": lambda acts: acts[-1],
        "ninja_slayer": lambda acts: acts[0],
        "leader_melee": lambda acts: acts[0],
    }[game]
    answer = _play_through(client, game, seat, seed=11 + seat, pick=first)
    assert answer["result"] in ("you win", "you lose", "draw") and answer["stored"]
    run, idx = answer["stored"]["run"], answer["stored"]["index"]
    meta = client.get(f"/api/replay/{run}/{idx}").json()
    assert meta["frames"] == answer["decisions"] + 1 and meta["broken"] is None
    winner = 0 if meta["winner"] == 0 else 1 if meta["winner"] == 1 else -1
    assert answer["result"] == ("draw" if winner < 0 else "you win" if winner == seat else "you lose")
    assert "human" in meta["entrants"][seat] and meta["entrants"][1 - seat] == "random"


def test_bot_hand_plays_are_named_without_the_card(client):
    """A Battle Spirits bot playing from its hand: the log says which slot, not which card."""
    r = client.post("/api/play", json={"game": "battle_spirits", "agent": "random", "seat": 0, "seed": 5})
    sid = r.json()["id"]
    since, texts = 0, []
    answer = client.get(f"/api/play/{sid}").json()
    while answer["to_move"] != "over" and not any("(hidden)" in t for t in texts):
        if answer["to_move"] == "bot":
            answer = client.post(f"/api/play/{sid}/advance", json={"since": since}).json()
        else:
            acts = [a["action"] for g in answer["choices"] for a in g["actions"]]
            answer = client.post(f"/api/play/{sid}/act", json={"action": acts[-1], "since": since}).json()
        since += len(answer["log"])
        texts += [e["text"] for e in answer["log"] if e["seat"] == 1]
    assert any(re.fullmatch(r"play hand \d+: \(hidden\)", t) for t in texts), texts


def test_seat_text_keeps_what_is_public():
    """A name that does not depend on hidden cards is shown whole, to both seats."""
    game = make_game("leader_melee")
    state = game.new_initial_state(2)
    for a in state.legal_actions():
        assert seat_text(state, a, 1 - state.current_player()) == state.action_to_string(
            a
        ) or "hand" in state.action_to_string(a)
    assert card_catalog("leader_melee")["LM-B01"]["name"] == "Tide Sentry"


def test_several_games_at_once(client):
    """Three sessions interleaved move by move: each plays to its own end and is stored apart."""
    sids = []
    for k, game in enumerate(GAMES):
        r = client.post(
            "/api/play",
            json={
                "game": game,
                "agent": "random",
                "seat": k % 2,
                "seed": 40 + k,
                "options": PLAY_OPTIONS.get(game, {}),
            },
        )
        sids.append(r.json()["id"])
    answers = {sid: client.get(f"/api/play/{sid}").json() for sid in sids}
    since = dict.fromkeys(sids, 0)
    for _ in range(5000):
        live = [s for s in sids if answers[s]["to_move"] != "over"]
        if not live:
            break
        for sid in live:
            a = answers[sid]
            if a["to_move"] == "bot":
                a = client.post(f"/api/play/{sid}/advance", json={"since": since[sid]}).json()
            else:
                acts = [x["action"] for g in a["choices"] for x in g["actions"]]
                a = client.post(f"/api/play/{sid}/act", json={"action": acts[0], "since": since[sid]}).json()
            since[sid] += len(a["log"])
            answers[sid] = a
    stored = [answers[s]["stored"] for s in sids]
    assert all(stored) and len({(x["run"], x["index"]) for x in stored}) == 3
    assert {x["run"] for x in stored} == {f"play-{g}" for g in GAMES}


def test_moves_out_of_turn_or_illegal_change_nothing(client):
    sid = client.post("/api/play", json={"game": "leader_melee", "agent": "random", "seat": 0, "seed": 1}).json()["id"]
    answer = client.get(f"/api/play/{sid}").json()
    while answer["to_move"] == "bot":
        answer = client.post(f"/api/play/{sid}/advance", json={}).json()
    legal = {a["action"] for g in answer["choices"] for a in g["actions"]}
    bad = next(a for a in range(10_000) if a not in legal and a != 524)
    r = client.post(f"/api/play/{sid}/act", json={"action": bad})
    assert r.status_code == 409 and "not legal" in r.json()["error"]
    assert r.json()["decisions"] == answer["decisions"]
    assert client.post(f"/api/play/{sid}/act", json={"action": "x"}).status_code == 409
    assert client.post(f"/api/play/{sid}/act", content=b"not json").status_code == 400
    assert client.post(f"/api/play/{sid}/concede", json={}).json()["result"] == "you lose"
    assert client.post(f"/api/play/{sid}/act", json={"action": min(legal)}).status_code == 409


@pytest.mark.parametrize(
    "body,word",
    [
        ({"game": "chess"}, "unknown game"),
        ({"game": "leader_melee", "agent": "nobody"}, "nobody"),
        ({"game": "leader_melee", "decks": ["nope", "nope"]}, "nope"),
        ({"game": "leader_melee", "options": {"colour": 1}}, "colour"),
        ({"game": "leader_melee", "seat": 2}, "seat"),
        ({"game": "leader_melee", "seed": "x"}, "seed"),
    ],
)
def test_bad_settings_are_a_clear_400(client, body, word):
    r = client.post("/api/play", json=body)
    assert r.status_code == 400 and word in r.json()["error"].lower()


def test_policy_files_need_the_servers_trust(client, tmp_path, monkeypatch):
    """A policy file runs code when loaded: refused unless the server was started trusting them."""
    monkeypatch.delenv("TCGZOO_TRUST_POLICY_FILES", raising=False)
    bot = tmp_path / "bot.py"
    bot.write_text("def policy(obs, mask):\n    return int(mask.nonzero()[0][0])\n")
    r = client.post("/api/play", json={"game": "leader_melee", "agent": f"policy:{bot}"})
    assert r.status_code == 400 and "trust" in r.json()["error"].lower()


@pytest.mark.parametrize("agent", ["random", "heuristic", "mcts:5", "policy"])
def test_every_agent_kind_can_be_the_opponent(client, tmp_path, monkeypatch, agent):
    if agent == "policy":  # a policy file: allowed when the server trusts them (serve --trust-policy-files)
        monkeypatch.setenv("TCGZOO_TRUST_POLICY_FILES", "1")
        bot = tmp_path / "bot.py"
        bot.write_text("def policy(obs, mask):\n    return int(mask.nonzero()[0][-1])\n")
        agent = f"policy:{bot}"
    r = client.post("/api/play", json={"game": "leader_melee", "agent": agent, "seat": 1, "seed": 3})
    assert r.status_code == 200, r.text
    sid = r.json()["id"]
    answer = client.get(f"/api/play/{sid}").json()
    for _ in range(30):  # a few turns: the bot moves whenever it is its turn
        if answer["to_move"] == "bot":
            answer = client.post(f"/api/play/{sid}/advance", json={}).json()
        elif answer["to_move"] == "you":
            answer = client.post(
                f"/api/play/{sid}/act", json={"action": answer["choices"][0]["actions"][0]["action"]}
            ).json()
    log = client.get(f"/api/play/{sid}").json()["log"]
    assert answer["opponent"] == agent and any(e["seat"] == 0 for e in log)


def test_chosen_decks_are_played_and_stored(client, db):
    r = client.post(
        "/api/play",
        json={"game": "battle_spirits", "agent": "random", "seat": 1, "seed": 2, "decks": ["green_ramp", "blue_mill"]},
    )
    sid = r.json()["id"]
    answer = client.post(f"/api/play/{sid}/advance", json={}).json()
    assert [p["deck_name"] for p in answer["view"]["players"]] == ["green_ramp", "blue_mill"]
    while answer["to_move"] != "over":
        if answer["to_move"] == "you":
            answer = client.post(f"/api/play/{sid}/concede", json={}).json()
        else:
            answer = client.post(f"/api/play/{sid}/advance", json={}).json()
    run, idx = answer["stored"]["run"], answer["stored"]["index"]
    from tcgzoo.agents.store import Store

    with Store(db[0], create=False) as store:
        rec = store.game(run, idx)
    assert rec.decks == ("green_ramp", "blue_mill") and rec.entrants == ("random@green_ramp", "human@blue_mill")
    assert (
        rec.winner == 0
        and client.get("/games", params={"deck": "blue_mill", "agent": "human"}).text.count(f"/replay/{run}/{idx}") == 1
    )


def test_games_info_lists_decks_and_agents(client):
    info = client.get("/api/games").json()
    assert set(GAMES) <= set(info["games"]) and info["agents"] == ["random", "heuristic", "mcts", "policy"]
    assert "red_rush" in info["games"]["battle_spirits"]["decks"]


# ---- the command ---------------------------------------------------------------------------------
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_serve_binds_localhost_and_stops_cleanly(tmp_path, sig):
    db = tmp_path / "new.sqlite"  # a missing results file is created
    proc = subprocess.Popen(
        [sys.executable, "-m", "tcgzoo.agents.cli", "serve", "--db", str(db), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        first = proc.stdout.readline()  # printed once the socket listens
        m = re.search(r"http://127\.0\.0\.1:(\d+)/", first)
        assert m, (first, proc.stderr.read() if proc.poll() is not None else "")
        url = m.group(0)
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(url, timeout=2) as r:
                    assert r.status == 200 and b"No runs stored" in r.read()
                break
            except OSError:
                assert proc.poll() is None and time.monotonic() < deadline, "the server did not answer"
                time.sleep(0.2)
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=15)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    assert "stopped" in out and "Traceback" not in err
    assert db.is_file()


def test_serve_on_a_taken_port_is_one_clear_error(tmp_path, capsys):
    from tcgzoo.agents import cli

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        assert cli.main(["serve", "--db", str(tmp_path / "r.sqlite"), "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert f"cannot listen on 127.0.0.1:{port}" in err and "Traceback" not in err


def test_serve_without_web_packages_says_what_to_install(monkeypatch, capsys, tmp_path):
    import builtins

    from tcgzoo.agents import cli

    real = builtins.__import__

    def no_uvicorn(name, *args, **kwargs):
        if name == "uvicorn" or name.startswith("starlette"):
            raise ImportError(f"No module named {name!r}")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_uvicorn)
    monkeypatch.delitem(sys.modules, "tcgzoo.agents.web.app", raising=False)
    assert cli.main(["serve", "--db", str(tmp_path / "r.sqlite"), "--port", "0"]) == 2
    assert "web extra" in capsys.readouterr().err
