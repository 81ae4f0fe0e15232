"""The browser app of ``tcgzoo serve``: stored runs and games, the replay viewer, the
win-rate matrix and ratings pages, and games against a bot.

A Starlette application over the SQLite results file (``agents/store.py``). Pages are
server-rendered HTML shells plus plain JavaScript (``static/``) that asks the JSON API:

    GET  /                              runs
    GET  /games?run=&deck=&agent=&game=  stored games, filtered
    GET  /runs/{run}/matrix             win-rate heatmap with intervals and seat split; ratings
    GET  /replay/{run}/{index}          the replay viewer
    GET  /play, /play/{id}              a game against a bot
    GET  /api/games                     games, decks, agent kinds
    GET  /api/replay/{run}/{index}?view=full|0|1            meta and the log in words
    GET  /api/replay/{run}/{index}/frame/{k}?view=full|0|1  the board before action k
    POST /api/play                      {game, decks, agent, seat, seed, options} -> a session
    GET  /api/play/{id}?since=N         the session as the person's seat sees it
    POST /api/play/{id}/act             {action, since}
    POST /api/play/{id}/advance         the bot moves (a short slice of time), {since}
    POST /api/play/{id}/concede         {since}

Every play response is ``PlaySession.payload``: built from ``to_dict(seat)`` and names
checked against hidden information, never from the full state. The results file is
opened per request (sqlite connections stay in their thread); finished games are stored
as run ``play-<game>`` and open in the replay viewer.
"""

from __future__ import annotations

import html
import json
import math
import random
import threading
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from tcgzoo.envs.core.errors import TcgError
from tcgzoo.envs.core.registry import game_names

from ..base import ConfigError, agent_names
from ..games import game_module
from ..store import Store
from .play import PlaySession
from .replay import ReplayCache

STATIC = Path(__file__).parent / "static"
#: play sessions kept in memory at once (the oldest finished ones go first)
MAX_SESSIONS = 64
#: games on one page of the games list
PAGE = 100
#: agent choices offered on the play page (``mcts`` and ``policy`` take an argument there)
AGENT_CHOICES = ("random", "heuristic", "mcts", "policy")
#: rule options the play page turns on for every game that has them (a person would rather
#: not be asked each forced decision, such as a Ninja Slayer priority with nothing to play)
PLAY_OPTIONS = {"auto_forced": True}

e = html.escape


def _games() -> list[str]:
    """The registered games, then the reference games (Toy Duel)."""
    games = game_names()
    return games + [g for g in game_names(reference=True) if g not in games]


def play_options(game: str) -> dict:
    """The options of :data:`PLAY_OPTIONS` that game ``game`` has."""
    offered = getattr(game_module(game).Game, "OPTIONS", {})
    return {k: v for k, v in PLAY_OPTIONS.items() if k in offered}


def page(
    title: str, body: str, scripts: tuple[str, ...] = (), status: int = 200, data: dict | None = None
) -> HTMLResponse:
    """A page of the app: the menu, ``body`` (HTML), page data for the scripts as JSON."""
    data_tag = ""
    if data is not None:
        payload = json.dumps(data).replace("</", "<\\/")
        data_tag = f'<script id="page-data" type="application/json">{payload}</script>'
    tags = "".join(f'<script src="/static/{s}"></script>' for s in ("board.js", *scripts))
    text = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{e(title)} · tcgzoo</title><link rel="stylesheet" href="/static/app.css"></head>
<body><nav class="menu"><a href="/" class="brand">tcgzoo</a><a href="/">runs</a><a href="/games">games</a>
<a href="/play">play a bot</a></nav><main>{body}</main>{data_tag}{tags}</body></html>"""
    return HTMLResponse(text, status_code=status)


def _table(headers: list[str], rows: list[list[str]], cls: str = "") -> str:
    head = "".join(f"<th>{h}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in r) + "</tr>" for r in rows)
    return f'<table class="{cls}"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def _pct(x: float) -> str:
    return "–" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{100 * x:.1f}%"


def _seat_name(winner: int | None) -> str:
    return {0: "seat 0", 1: "seat 1", -1: "draw"}.get(winner, "–")


class App:
    """The app's state: the results file, the replay cache, the play sessions."""

    def __init__(self, db: str) -> None:
        self.db = db
        Store(db).close()  # create the file (and its tables) once, so readers find it
        self.replays = ReplayCache()
        self.sessions: dict[str, PlaySession] = {}
        self.sessions_lock = threading.Lock()

    # ---- helpers ---------------------------------------------------------------------------
    def reader(self) -> Store:
        return Store(self.db, create=False)

    def record(self, run: str, index: str):
        if not index.isdigit():
            raise HTTPException(404, f"no game {index!r} in run {run!r}")
        with self.reader() as store:
            try:
                rec = store.game(run, int(index))
            except ConfigError:
                raise HTTPException(404, f"no game {index} in run {run!r}") from None
        if rec.winner is None:
            raise HTTPException(404, f"game {index} of run {run!r} has not been played yet")
        return rec

    def session(self, sid: str) -> PlaySession:
        s = self.sessions.get(sid)
        if s is None:
            raise HTTPException(404, f"no game {sid!r} in play (finished games are in the replay viewer)")
        return s

    # ---- pages -----------------------------------------------------------------------------
    def runs_page(self, request: Request) -> Response:
        with self.reader() as store:
            runs = store.runs()
            decks, agents = store.distinct("deck"), store.distinct("agent")
        rows = []
        for r in reversed(runs):
            key = quote(r["run_key"], safe="")
            links = [f'<a href="/games?run={key}">games</a>']
            if r["kind"] in ("winrate", "round_robin", "gauntlet", "match") and r["finished"]:
                links.append(f'<a href="/runs/{key}/matrix">{"win rates" if r["kind"] == "winrate" else "table"}</a>')
            rows.append(
                [e(r["run_key"]), e(r["kind"]), e(r["game"]), str(r["planned"]), str(r["finished"]), " · ".join(links)]
            )
        body = "<h1>Runs</h1>" + self._filter_form({}, decks, agents)
        body += (
            _table(["run", "kind", "game", "planned", "finished", ""], rows, "runs")
            if rows
            else f"<p>No runs stored in {e(self.db)} yet.</p>"
        )
        return page("runs", body)

    def _filter_form(self, q: dict, decks: list[str], agents: list[str]) -> str:
        def select(name: str, values: list[str]) -> str:
            opts = "".join(
                f'<option value="{e(v)}"{" selected" if q.get(name) == v else ""}>{e(v)}</option>'
                for v in ["", *values]
            )
            return f'<label>{name} <select name="{name}">{opts}</select></label>'

        run = e(q.get("run", ""))
        return (
            f'<form class="filters" action="/games" method="get"><label>run <input name="run" value="{run}" '
            f'size="28"></label>{select("game", _games())}{select("deck", ["default", *decks])}'
            f'{select("agent", agents)}<button type="submit">find games</button></form>'
        )

    def games_page(self, request: Request) -> Response:
        q = {k: v for k, v in request.query_params.items() if k in ("run", "deck", "agent", "game") and v}
        try:
            page_no = max(0, int(request.query_params.get("page", "0")))
        except ValueError:
            page_no = 0
        with self.reader() as store:
            if q.get("run") and q["run"] not in {r["run_key"] for r in store.runs()}:
                raise HTTPException(404, f"no run {q['run']!r}")
            games, total = store.find_games(
                q.get("run"), q.get("deck"), q.get("agent"), q.get("game"), limit=PAGE, offset=page_no * PAGE
            )
            decks, agents = store.distinct("deck"), store.distinct("agent")
        rows = []
        for g in games:
            href = f"/replay/{quote(g.run_key, safe='')}/{g.idx}"
            rows.append(
                [
                    e(g.run_key),
                    str(g.idx),
                    e(g.game),
                    e(g.entrants[0]),
                    e(g.entrants[1]),
                    e(_seat_name(g.winner)),
                    str(g.decisions),
                    "" if g.turns is None else str(g.turns),
                    f'<a class="replay-link" href="{href}">replay</a>',
                ]
            )
        nav = ""
        if page_no > 0:
            nav += f'<a href="/games?{urlencode({**q, "page": page_no - 1})}">previous</a> '
        if (page_no + 1) * PAGE < total:
            nav += f'<a href="/games?{urlencode({**q, "page": page_no + 1})}">next</a>'
        body = (
            f"<h1>Games</h1>{self._filter_form(q, decks, agents)}<p>{total} games"
            f"{' matching' if q else ''}; page {page_no + 1}.</p>"
        )
        body += (
            _table(["run", "index", "game", "seat 0", "seat 1", "winner", "decisions", "turns", ""], rows, "games")
            if rows
            else "<p>No games match.</p>"
        )
        return page("games", body + f'<p class="pager">{nav}</p>')

    def matrix_page(self, request: Request) -> Response:
        from ..stats import MatchupTable, by_deck, by_entrant

        run = request.path_params["run"]
        with self.reader() as store:
            found = [r for r in store.runs() if r["run_key"] == run]
            if not found:
                raise HTTPException(404, f"no run {run!r}")
            settings = store.run_settings(run)
            records = store.games(run)
        kind = found[0]["kind"]
        entrants = settings.get("entrants") or []
        if kind == "winrate":
            names = list(dict.fromkeys(d for _, d, _ in entrants if d))
            table = MatchupTable(records, by_deck, names=names)
        else:
            table = MatchupTable(records, by_entrant, names=list(dict.fromkeys(lab for _, _, lab in entrants)))
        body = (
            f"<h1>{e(kind.replace('_', ' '))} {e(run)}</h1><p>{e(found[0]['game'])}, {len(records)} games. "
            "Each cell: the row's win rate against the column (draws count half), its 95% interval, "
            "games, and the row's rate in seat 0 / seat 1.</p>"
        )
        body += self._heatmap(table)
        if any(m.mirror for m in table.rows()):
            from ..report import MIRROR_NOTE

            body += f'<p class="note">Dashed cells: {e(MIRROR_NOTE)}.</p>'
        s = table.seat_rates()
        body += (
            f'<p class="seats">seat 0 won {_pct(s["seat0_win_rate"])} [{_pct(s["seat0_ci_low"])}, '
            f"{_pct(s['seat0_ci_high'])}], seat 1 {_pct(s['seat1_win_rate'])}, {s['draws']} draws of "
            f"{s['games']} games."
        )
        if s["first_known_games"]:
            body += (
                f" The player going first won {_pct(s['went_first_win_rate'])} [{_pct(s['went_first_ci_low'])}, "
                f"{_pct(s['went_first_ci_high'])}]."
            )
        body += "</p>"
        if kind == "winrate":
            body += self._field(table)
        else:
            body += self._ratings(records, table.names, settings)
        return page(f"{kind} {run}", body)

    def _heatmap(self, table) -> str:
        names = table.names
        head = "".join(f"<th>{e(n)}</th>" for n in names)
        rows = []
        for r in names:
            cells = []
            for c in names:
                m = table.cell(r, c)
                if m is None or not m.games:
                    cells.append('<td class="empty">–</td>')
                    continue
                lo, hi = m.ci()
                hue = 120 * m.rate  # red (0%) to green (100%)
                light = 92 - 40 * abs(m.rate - 0.5)
                seat = f"{_pct(m.seat_rate(0))} / {_pct(m.seat_rate(1))}"
                cells.append(
                    f'<td class="cell{" mirror" if m.mirror else ""}" style="background:hsl({hue:.0f},70%,{light:.0f}%)" '
                    f'data-rate="{m.rate:.4f}"><b>{_pct(m.rate)}</b><br><small>[{_pct(lo)}, {_pct(hi)}]<br>'
                    f"{m.games} games<br>seats {seat}</small></td>"
                )
            rows.append(f"<tr><th>{e(r)}</th>{''.join(cells)}</tr>")
        return f'<table class="heatmap"><thead><tr><th>row vs column</th>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'

    def _field(self, table) -> str:
        try:
            from ..metagame import metagame

            meta = metagame(table)
        except (ImportError, ValueError) as ex:
            return f"<p>No metagame summary: {e(str(ex))}</p>"
        rows = [
            [e(f.name), _pct(f.rate), f"[{_pct(f.low)}, {_pct(f.high)}]", str(f.games), _pct(meta.mix[k])]
            for k, f in enumerate(meta.field)
        ]
        return "<h2>Against the field</h2>" + _table(["deck", "vs field", "95% CI", "games", "equilibrium mix"], rows)

    def _ratings(self, records, names, settings) -> str:
        try:
            from ..ratings import rating_table

            results = [
                (g.entrants[0], g.entrants[1], 1.0 if g.winner == 0 else 0.0 if g.winner == 1 else 0.5) for g in records
            ]
            ratings = rating_table(results, names, seed=settings.get("seed", 0))
        except ImportError as ex:
            return f"<p>No ratings: {e(str(ex))} (install the arena extra)</p>"
        rows = [
            [
                e(r.name),
                str(r.games),
                _pct(r.score),
                f"{r.elo.elo:.0f}",
                f"[{r.elo.low:.0f}, {r.elo.high:.0f}]",
                f"{r.skill.mu:.1f} ± {r.skill.sigma:.1f}",
            ]
            for r in ratings
        ]
        return "<h2>Ratings</h2>" + _table(["entrant", "games", "score", "Elo", "95% CI", "OpenSkill"], rows, "ratings")

    def replay_page(self, request: Request) -> Response:
        rec = self.record(request.path_params["run"], request.path_params["index"])
        body = (
            f"<h1>Replay: {e(rec.game)} game {rec.idx} of {e(rec.run_key)}</h1>"
            f'<p class="who">seat 0 <b>{e(rec.entrants[0])}</b> vs seat 1 <b>{e(rec.entrants[1])}</b>, '
            f'seed {rec.seed}, winner {e(_seat_name(rec.winner))}</p><div id="replay"></div>'
        )
        return page(
            f"replay {rec.run_key} {rec.idx}", body, ("replay.js",), data={"run": rec.run_key, "index": rec.idx}
        )

    def play_form(self, request: Request) -> Response:
        return page(
            "play",
            '<h1>Play against a bot</h1><div id="play-form"></div>',
            ("play.js",),
            data={"games": self.games_info()},
        )

    def play_page(self, request: Request) -> Response:
        s = self.session(request.path_params["sid"])
        body = f'<h1>{e(s.game_name)}: you (seat {s.seat}) vs {e(s.agent_spec)}</h1><div id="play"></div>'
        return page("playing", body, ("play.js",), data={"id": s.id})

    # ---- API ---------------------------------------------------------------------------------
    def games_info(self) -> dict:
        out = {}
        for g in game_names():  # the games (reference games stay out of the menu)
            names = getattr(game_module(g).Game, "builtin_decks", None)
            out[g] = {"decks": names() if callable(names) else [], "options": play_options(g)}
        return {"games": out, "agents": [a for a in AGENT_CHOICES if a in agent_names()]}

    def api_games(self, request: Request) -> Response:
        return JSONResponse(self.games_info())

    def _view(self, request: Request) -> int | None:
        v = request.query_params.get("view", "full")
        if v not in ("full", "0", "1"):
            raise HTTPException(400, f"view {v!r}: use full, 0 or 1")
        return None if v == "full" else int(v)

    def api_replay(self, request: Request) -> Response:
        rec = self.record(request.path_params["run"], request.path_params["index"])
        view = self._view(request)
        replay = self.replays.get(rec)
        return JSONResponse({**replay.meta(), "view": "full" if view is None else view, "log": replay.log(view)})

    def api_frame(self, request: Request) -> Response:
        rec = self.record(request.path_params["run"], request.path_params["index"])
        view = self._view(request)
        replay = self.replays.get(rec)
        k = request.path_params["k"]
        if not k.isdigit() or int(k) >= len(replay):
            raise HTTPException(404, f"no frame {k} (the game has {len(replay)})")
        return JSONResponse({"k": int(k), **replay.frame(int(k), view)})

    async def _body(self, request: Request) -> dict:
        try:
            data = await request.json()
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise HTTPException(400, "the request body is not JSON") from None
        if not isinstance(data, dict):
            raise HTTPException(400, "the request body must be a JSON object")
        return data

    async def api_play_new(self, request: Request) -> Response:
        data = await self._body(request)
        game = data.get("game")
        if game not in _games():
            raise HTTPException(400, f"unknown game {game!r}")
        decks = data.get("decks") or [None, None]
        if not isinstance(decks, list) or len(decks) != 2:
            raise HTTPException(400, "decks: give two deck names, or none")
        decks = tuple(d or None for d in decks)
        options = data.get("options") or {}
        seat = data.get("seat", 0)
        seed = data.get("seed")
        if not isinstance(options, dict):
            raise HTTPException(400, "options must be a JSON object")
        if seat not in (0, 1):
            raise HTTPException(400, "seat must be 0 or 1")
        if seed in (None, ""):
            seed = random.randrange(2**31)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise HTTPException(400, "seed must be a whole number")
        from starlette.concurrency import run_in_threadpool

        try:
            s = await run_in_threadpool(
                PlaySession, game, decks, options, str(data.get("agent") or "random"), seat, seed
            )
        except (TcgError, ValueError, TypeError, OSError) as ex:
            return JSONResponse({"error": str(ex)}, status_code=400)
        with self.sessions_lock:
            if len(self.sessions) >= MAX_SESSIONS:
                done = [k for k, v in self.sessions.items() if v.state.is_terminal()] or list(self.sessions)
                del self.sessions[done[0]]
            self.sessions[s.id] = s
        return JSONResponse({"id": s.id, "url": f"/play/{s.id}"})

    def _since(self, value: Any) -> int:
        try:
            return max(0, int(value or 0))
        except (TypeError, ValueError):
            raise HTTPException(400, f"since {value!r} is not a whole number") from None

    def _answer(self, s: PlaySession, since: int) -> Response:
        if s.state.is_terminal() and s.stored is None:
            with Store(self.db) as store:
                s.store(store)
        return JSONResponse(s.payload(since))

    def api_play_get(self, request: Request) -> Response:
        s = self.session(request.path_params["sid"])
        with s.lock:
            return self._answer(s, self._since(request.query_params.get("since")))

    async def api_play_post(self, request: Request) -> Response:
        from starlette.concurrency import run_in_threadpool

        s = self.session(request.path_params["sid"])
        what = request.path_params["what"]
        data = await self._body(request)
        since = self._since(data.get("since"))

        def run() -> Response:
            with s.lock:
                try:
                    if what == "act":
                        a = data.get("action")
                        if not isinstance(a, int) or isinstance(a, bool):
                            raise ValueError(f"action {a!r} is not an action id")
                        s.act(a)
                    elif what == "advance":
                        s.advance()
                    elif what == "concede":
                        s.concede()
                    else:
                        raise HTTPException(404, f"no play command {what!r}")
                except ValueError as ex:
                    return JSONResponse({"error": str(ex), **s.payload(since)}, status_code=409)
                return self._answer(s, since)

        return await run_in_threadpool(run)


async def _error(request: Request, exc: HTTPException) -> Response:
    if request.url.path.startswith("/api/"):
        return JSONResponse({"error": exc.detail}, status_code=exc.status_code)
    title = "not found" if exc.status_code == 404 else f"error {exc.status_code}"
    return page(
        title,
        f'<h1 class="error">{exc.status_code}: {e(title)}</h1><p>{e(str(exc.detail))}</p>'
        '<p><a href="/">back to the runs</a></p>',
        status=exc.status_code,
    )


def create_app(db: str) -> Starlette:
    """The app over results file ``db`` (created if missing)."""
    app = App(db)
    routes = [
        Route("/", app.runs_page),
        Route("/games", app.games_page),
        Route("/runs/{run:str}/matrix", app.matrix_page),
        Route("/replay/{run:str}/{index:str}", app.replay_page),
        Route("/play", app.play_form),
        Route("/play/{sid:str}", app.play_page),
        Route("/api/games", app.api_games),
        Route("/api/replay/{run:str}/{index:str}", app.api_replay),
        Route("/api/replay/{run:str}/{index:str}/frame/{k:str}", app.api_frame),
        Route("/api/play", app.api_play_new, methods=["POST"]),
        Route("/api/play/{sid:str}", app.api_play_get),
        Route("/api/play/{sid:str}/{what:str}", app.api_play_post, methods=["POST"]),
        Route("/favicon.ico", lambda request: Response(status_code=204)),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    star = Starlette(routes=routes, exception_handlers={HTTPException: _error})
    star.state.app = app
    return star


def listen(host: str, port: int):
    """A listening socket on ``host``:``port`` (0: any free port), bound before the server
    starts so the address in use is known (and printed) and a taken port is one clear
    error."""
    import socket

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as ex:
        sock.close()
        raise OSError(f"cannot listen on {host}:{port}: {ex.strerror or ex}") from None
    sock.listen(128)
    return sock


def serve(db: str, host: str = "127.0.0.1", port: int = 8765, log_level: str = "warning") -> None:
    """Run the app with uvicorn until Ctrl-C or SIGTERM, then stop cleanly: uvicorn
    finishes the requests in flight and closes, and returns here (it raises the signal
    again once it is done, to whatever handler was there before it: a quiet one)."""
    import signal

    import uvicorn

    app = create_app(db)
    sock = listen(host, port)
    bound = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level=log_level))
    shown = f"[{host}]" if ":" in host else host
    print(f"tcgzoo serve: http://{shown}:{bound}/ (results file {db}); Ctrl-C stops", flush=True)
    quiet = {sig: signal.signal(sig, lambda *_: None) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        server.run(sockets=[sock])
    finally:
        for sig, handler in quiet.items():
            signal.signal(sig, handler)
        sock.close()
    print("tcgzoo serve: stopped", flush=True)
