"""``tcgzoo``: the command line of the arena.

    tcgzoo match      --game G --agents A B [--decks D1 D2 | --position FILE] --games N [--paired]
    tcgzoo tournament --game G --entrants agent@deck ... [--format gauntlet --challengers ...]
    tcgzoo winrate    --game G [--decks D ...] [--agent heuristic] [--target 0.05]
    (match, tournament, winrate: --backend ray [--ray-address HOST:PORT] plays on Ray)
    tcgzoo replay     [--run KEY [--index I [--view full|0|1] [--step]]]
    tcgzoo cards      --game G [--decks | --cards | --validate FILE ...]
    tcgzoo cards show ID [ID ...] --game G   (a card's printed text: Japanese, English gloss)
    tcgzoo play       --game G [--agent heuristic] [--seat 0] [--position FILE]
    tcgzoo serve      [--db PATH] [--port 8765] [--host 127.0.0.1]   (the browser app; the web extra)
    tcgzoo train      --game G --minutes 10 --seed 0 --out runs/train/NAME   (tcgzoo.training)

Runs are stored in ``runs/arena.sqlite`` (``--db`` / ``TCGZOO_DB``); running the same
command again resumes the run (Ctrl-C is safe). A mistake in a name (game, agent, deck,
option) is one line on stderr and exit code 2, not a traceback; a game that crashes is
one line naming its seed and actions (exit code 1), so it can be replayed.
``policy:<file>`` agents run code when loaded and need ``--trust-policy-files``
(``agents/policy.py``). Output files are written before anything is printed, and a reader
that stops early (``| head``) ends the command quietly.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from typing import Any

from tcgzoo.envs.core.errors import PositionError, TcgError

from .arena import GameFailure, position_decks, start_state
from .base import ConfigError, concede_action, make_agent
from .games import fingerprint, game_module, known_games, make_game
from .policy import TRUST_ENV, trusting_policy_files
from .stats import MatchupTable, by_deck

EXIT_USAGE = 2
EXIT_BROKEN_PIPE = 1  # the reader of stdout left before the end (as Python itself exits on EPIPE)


def parse_option(text: str) -> tuple[str, Any]:
    """``key=value`` with a JSON value when it parses (``first_player=0``, ``concession=false``);
    ``cards`` takes card-file paths separated by commas (``cards=mine.yaml,more.yaml``) or a
    JSON list, and is always a list."""
    key, eq, value = text.partition("=")
    if not eq or not key:
        raise argparse.ArgumentTypeError(f"option {text!r} is not key=value")
    try:
        parsed = json.loads(value)
    except json.JSONDecodeError:
        parsed = value
    if key == "cards" and isinstance(parsed, str):
        parsed = [p for p in (x.strip() for x in parsed.split(",")) if p]
    return key, parsed


def whole_number(minimum: int, note: str = "") -> Callable[[str], int]:
    """An argparse ``type=``: an integer of at least ``minimum`` (``note`` says what the
    smallest value means, "0: all cores"), so ``--workers -3`` is a usage error naming the
    argument instead of a run that does something else than asked."""
    allowed = f"a whole number >= {minimum}" + (f" ({note})" if note else "")

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"takes {allowed}, got {text!r}") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"takes {allowed}, got {value}")
        return value

    return parse


def half_width(text: str) -> float:
    """An argparse ``type=`` for ``--target``: a 95% interval half-width in (0, 0.5]. Zero
    could never be reached, and a Wilson interval of a rate is never wider than 0.5 on
    each side, so more than that asks for nothing."""
    allowed = "a 95% interval half-width above 0 and at most 0.5 (e.g. 0.05)"
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"takes {allowed}, got {text!r}") from None
    if not 0 < value <= 0.5:
        raise argparse.ArgumentTypeError(f"takes {allowed}, got {text}")
    return value


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tcgzoo", description="tcgzoo arena: matches, tournaments, win rates, replays")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def game_args(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("--game", required=True, help=f"game name ({', '.join(sorted(known_games()))})")
        sp.add_argument(
            "--option",
            type=parse_option,
            action="append",
            default=[],
            metavar="KEY=VALUE",
            help="a rule option of the game (repeatable)",
        )

    def trust_args(sp: argparse.ArgumentParser) -> None:
        sp.add_argument(
            "--trust-policy-files",
            action="store_true",
            help=f"allow policy:<file> agents (.py files and stable-baselines3 .zip models run code "
            f"when loaded; same as {TRUST_ENV}=1)",
        )

    def backend_args(sp: argparse.ArgumentParser) -> None:
        g = sp.add_argument_group("backend", "where the games are played (the results file stays here)")
        g.add_argument(
            "--backend",
            choices=["local", "ray"],
            default="local",
            help="local: processes of this machine (default); ray: Ray tasks "
            "(needs the ray extra: pip install 'tcgzoo[ray]')",
        )
        g.add_argument(
            "--ray-address",
            default=None,
            metavar="HOST:PORT",
            help="the Ray cluster to join (`ray start --head` prints it; default: start a local Ray, "
            "or $RAY_ADDRESS when set)",
        )

    def run_args(sp: argparse.ArgumentParser) -> None:
        game_args(sp)
        trust_args(sp)
        sp.add_argument("--seed", type=int, default=0, help="run seed: every game's seeds derive from it")
        sp.add_argument(
            "--workers",
            type=whole_number(0, "0: all cores"),
            default=0,
            help="worker processes (default: all cores); with --backend ray, tasks at once "
            "(default: every CPU of the Ray cluster)",
        )
        backend_args(sp)
        sp.add_argument("--db", default=None, help="SQLite file (default runs/arena.sqlite or $TCGZOO_DB)")
        sp.add_argument("--run", default=None, help="run key (default: a hash of the settings; same key = resume)")
        sp.add_argument("--paired", action="store_true", help="play each deal twice with seats swapped")
        sp.add_argument("--no-progress", action="store_true", help="no progress bar")
        sp.add_argument("--csv", help="write the matchups to this CSV file")
        sp.add_argument("--json", help="write the results to this JSON file")

    m = sub.add_parser("match", help="a series of games between two agents")
    run_args(m)
    m.add_argument("--agents", nargs=2, required=True, metavar=("A", "B"), help="agent specs")
    m.add_argument("--decks", nargs=2, metavar=("DECK_A", "DECK_B"), help="the decks of A and B")
    m.add_argument("--games", type=whole_number(1), default=100)
    m.add_argument(
        "--position",
        metavar="FILE",
        help="start every game from this position file (YAML or JSON, "
        "docs/positions.md; its decks are the seats' decks); what it leaves out is drawn per game",
    )

    t = sub.add_parser("tournament", help="round robin or gauntlet between entrants (agent@deck)")
    run_args(t)
    t.add_argument("--entrants", nargs="+", required=True, help="agent@deck or agent (the field, for a gauntlet)")
    t.add_argument("--format", choices=["round-robin", "gauntlet"], default="round-robin")
    t.add_argument("--challengers", nargs="+", default=[], help="gauntlet: who plays the whole field")
    t.add_argument("--games", type=whole_number(1), default=50, help="games per pairing")
    t.add_argument(
        "--bootstrap",
        type=whole_number(0, "0: analytic"),
        default=0,
        help="Elo uncertainty by N bootstrap resamples (default analytic)",
    )
    t.add_argument("--heatmap", help="write the win-rate heatmap to this PNG")

    w = sub.add_parser("winrate", help="deck-versus-deck win rates, sampled until the intervals are narrow")
    run_args(w)
    w.set_defaults(paired=True)
    w.add_argument("--unpaired", dest="paired", action="store_false", help="one game per deal")
    w.add_argument("--decks", nargs="+", help="decks (default: every built-in deck)")
    w.add_argument("--agent", default="heuristic", help="the agent playing every deck")
    w.add_argument("--target", type=half_width, default=0.05, help="95%% interval half-width to reach")
    w.add_argument("--min-games", type=whole_number(1), default=20)
    w.add_argument("--max-games", type=whole_number(1), default=20_000, help="cap on the games of the whole study")
    w.add_argument("--mirrors", action="store_true", help="also play each deck against itself")
    w.add_argument("--heatmap", help="write the win-rate heatmap to this PNG")

    r = sub.add_parser("replay", help="step through a stored game")
    r.add_argument("--db", default=None)
    r.add_argument("--run", help="run key (omit to list the runs)")
    r.add_argument("--index", type=whole_number(0), help="game index (omit to list the run's games)")
    r.add_argument("--view", default="full", help="'full' (everything) or a seat 0/1 (what it saw)")
    r.add_argument("--step", action="store_true", help="wait for Enter after each action (q quits)")
    r.add_argument("--quiet", action="store_true", help="actions only, no board")

    c = sub.add_parser("cards", help="list built-in decks and cards, validate deck files, show a card's text")
    game_args(c)
    c.add_argument(
        "show",
        nargs="*",
        metavar="show ID",
        help="show ID [ID ...]: each card's effects as printed (Japanese, with an English gloss), "
        "rendered from its card file; --option cards=... adds your own files",
    )
    c.add_argument("--decks", action="store_true", help="list the built-in decks (default)")
    c.add_argument("--cards", action="store_true", help="list the card pool")
    c.add_argument("--validate", nargs="+", metavar="DECK", help="check deck files or names")

    pl = sub.add_parser("play", help="play against an agent in the terminal")
    game_args(pl)
    pl.add_argument("--agent", default="heuristic", help="your opponent")
    pl.add_argument("--seat", type=int, choices=[0, 1], default=0, help="your seat")
    pl.add_argument("--decks", nargs=2, metavar=("SEAT0", "SEAT1"))
    pl.add_argument("--seed", type=int, default=None, help="deal seed (default: random)")
    pl.add_argument(
        "--position",
        metavar="FILE",
        help="start from this position file (YAML or JSON, docs/positions.md); the seed draws what it leaves out",
    )
    trust_args(pl)

    sv = sub.add_parser("serve", help="the browser app: runs, replays, win rates, play against a bot")
    sv.add_argument(
        "--db", default=None, help="SQLite file (default runs/arena.sqlite or $TCGZOO_DB; created if missing)"
    )
    sv.add_argument("--port", type=whole_number(0, "0: any free port"), default=8765)
    sv.add_argument("--host", default="127.0.0.1", help="address to listen on (default: this machine only)")
    trust_args(sv)

    from tcgzoo.training.cli import add_parser as add_train_parser  # no torch import until a run starts

    add_train_parser(sub, game_args, trust_args)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    # trust goes through the environment, which arena and training workers inherit
    trust = trusting_policy_files() if getattr(args, "trust_policy_files", False) else nullcontext()
    try:
        with trust:
            code = COMMANDS[args.command](args)
        sys.stdout.flush()  # a reader that went away shows up here, not as a traceback at exit
        return code
    except BrokenPipeError:  # an OSError: before the clause below
        return _reader_left()
    except (TcgError, PositionError, OSError) as e:
        print(f"tcgzoo: error: {e}", file=sys.stderr)
        return EXIT_USAGE
    except GameFailure as e:
        print(f"tcgzoo: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("\ninterrupted: finished games are stored; run the same command again to resume", file=sys.stderr)
        return 130


def _reader_left() -> int:
    """stdout's reader has gone (``tcgzoo ... | head``): exit quietly, the standard recipe.

    Python ignores SIGPIPE, so the closed pipe is a BrokenPipeError at some print; stdout
    is pointed at /dev/null so that the interpreter's flush at exit does not raise again.
    The commands write their output files before they print, so those are complete.
    """
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # replaced by a stream without a file descriptor
        return EXIT_BROKEN_PIPE
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)
    return EXIT_BROKEN_PIPE


# ---- runs -------------------------------------------------------------------------------------
def _position(args) -> tuple[dict | None, dict]:
    """``--position FILE``: the position (checked to be one of ``--game``) and the rule options
    of the games, the position's own overridden by ``--option``; without it (None, the options)."""
    options = dict(args.option)
    if getattr(args, "position", None) is None:
        return None, options
    from tcgzoo.envs.core.position_file import load_position

    from .arena import position_module

    position_module(args.game)  # a game without readable positions fails before the file is read
    data = load_position(args.position)
    if data.get("game") != args.game:
        raise PositionError(f"{args.position}: a position of {data.get('game')!r}, not of --game {args.game}")
    own = data.get("options", {})
    if not isinstance(own, dict):
        raise PositionError(f"{args.position}: options: a mapping of option names to values")
    return data, {**own, **options}


def _arena(args):
    from .arena import Arena, make_backend
    from .store import Store

    game_module(args.game)  # an unknown game fails here, before a database is created
    if args.ray_address is not None and args.backend != "ray":
        raise ConfigError("--ray-address needs --backend ray")
    position, options = _position(args)
    if position is not None and getattr(args, "decks", None):
        raise ConfigError(
            "--decks and --position: the position's players are the seats; its decks (or the "
            "game's default decks) are theirs"
        )
    backend = make_backend(args.backend, args.ray_address)  # Ray missing or no cluster: before any database
    store = Store(args.db)
    return Arena(
        args.game,
        store,
        options=options,
        workers=args.workers,
        progress=not args.no_progress,
        backend=backend,
        position=position,
    ), store


def _summary(result) -> str:
    planned = len(result.records)
    how = f"played {result.played}" + (f" ({result.games_per_second:.1f} games/s)" if result.played else "")
    text = f"run {result.run_key}: {planned} games stored, {how}" + (" [resumed]" if result.resumed else "")
    if result.mixed:
        counts = ", ".join(f"{n} under {fp}" for fp, n in result.fingerprints.items())
        text += (
            f"\nnote: the game's rules or card data changed during this run ({counts}); "
            "start a new run (--seed or --run) to measure one version"
        )
    return text


def _outputs(args, result, table: MatchupTable, extra: dict | None = None, meta=None) -> None:
    """The --csv, --json and --heatmap files; ``meta`` (a win-rate study's ``Metagame``)
    adds each deck's rate against the field and equilibrium weight to all three."""
    from .report import heatmap, write_csv, write_json

    if args.csv:
        write_csv(args.csv, table.rows(), meta)
    if args.json:
        payload = {
            "run": result.run_key,
            "kind": result.spec.kind,
            "settings": result.spec.settings(),
            "games": len(result.records),
            "seats": table.seat_rates(),
            "matchups": [m.as_dict() for m in table.rows()],
            **(extra or {}),
            **(meta.as_dict() if meta is not None else {}),
        }
        write_json(args.json, payload)
    if getattr(args, "heatmap", None):
        heatmap(table, args.heatmap, title=f"{args.game}: {result.spec.kind} {result.run_key}", meta=meta)


def cmd_match(args) -> int:
    from .arena import Entrant
    from .report import matchups_text, seats_text

    decks = args.decks or (None, None)
    a, b = Entrant(args.agents[0], decks[0]), Entrant(args.agents[1], decks[1])
    arena, store = _arena(args)
    with store:
        result = arena.match(a, b, args.games, seed=args.seed, paired=args.paired, run_key=args.run)
        table = result.table()
        _outputs(args, result, table)  # files first: a reader that stops early (| head) cannot lose them
        print(_summary(result))
        print(matchups_text(table))
        print(seats_text(table))
    return 0


def cmd_tournament(args) -> int:
    from .arena import Entrant
    from .ratings import rating_table
    from .report import matchups_text, matrix_text, ratings_text, seats_text

    entrants = [Entrant.parse(e) for e in args.entrants]
    arena, store = _arena(args)
    with store:
        if args.format == "gauntlet":
            if not args.challengers:
                raise ConfigError("a gauntlet needs --challengers")
            challengers = [Entrant.parse(e) for e in args.challengers]
            result = arena.gauntlet(
                challengers, entrants, args.games, seed=args.seed, paired=args.paired, run_key=args.run
            )
        else:
            if args.challengers:
                raise ConfigError("--challengers is for --format gauntlet")
            if len(entrants) < 2:
                raise ConfigError("a round robin needs at least two entrants")
            result = arena.round_robin(entrants, args.games, seed=args.seed, paired=args.paired, run_key=args.run)
        table = result.table()
        ratings = rating_table(
            result.results(), [e.label for e in result.spec.entrants], bootstrap=args.bootstrap, seed=args.seed
        )
        _outputs(args, result, table, {"ratings": [r.as_dict() for r in ratings]})  # files first, as in match
        print(_summary(result))
        print(ratings_text(ratings))
        print()
        print(matrix_text(table))
        print()
        print(matchups_text(table))
        print(seats_text(table))
    return 0


def cmd_winrate(args) -> int:
    from .metagame import metagame
    from .report import MIRROR_NOTE, matchups_text, matrix_text, metagame_text, seats_text, study_text

    decks = args.decks
    if not decks:
        names = getattr(game_module(args.game).Game, "builtin_decks", None)
        decks = names() if callable(names) else []
        if len(decks) < 2:
            raise ConfigError(f"game {args.game!r} has fewer than two built-in decks; name them with --decks")
    arena, store = _arena(args)
    with store:
        result = arena.winrate(
            decks,
            agent=args.agent,
            target=args.target,
            max_games=args.max_games,
            min_games=args.min_games,
            mirrors=args.mirrors,
            seed=args.seed,
            paired=args.paired,
            run_key=args.run,
        )
        table = MatchupTable(result.records, by_deck, names=list(decks))
        meta = metagame(table)
        # files first, as in match: a reader that stops early (| head) cannot lose them
        _outputs(args, result, table, {"study": {**result.study.as_dict(), "mirror_win_rate": "seat 0"}}, meta)
        print(_summary(result))
        print(study_text(result.study, table))
        print()
        print(matrix_text(table))
        if args.mirrors:
            print(MIRROR_NOTE)
        print()
        print(metagame_text(meta))
        print()
        print(matchups_text(table))
        print(seats_text(table))
    return 0


# ---- replay, cards, play ------------------------------------------------------------------------
def _view(state, view: str) -> str:
    if view == "full":
        return str(state)
    return json.dumps(state.to_dict(int(view)), default=str)


def cmd_replay(args) -> int:
    from .report import text_table
    from .store import Store

    if args.view not in ("full", "0", "1"):
        raise ConfigError(f"--view {args.view!r}: use full, 0 or 1")
    with Store(args.db, create=False) as store:  # reading: a mistyped --db is an error, not a new file
        if args.run is None:
            rows = [[r["run_key"], r["kind"], r["game"], r["planned"], r["finished"]] for r in store.runs()]
            print(text_table(["run", "kind", "game", "planned", "finished"], rows) if rows else "no runs stored")
            return 0
        if args.index is None:
            store.run_settings(args.run)  # an unknown run is an error, not an empty list
            rows = [
                [
                    g.idx,
                    g.entrants[0],
                    g.entrants[1],
                    g.seed,
                    {0: "seat 0", 1: "seat 1", -1: "draw"}[g.winner],
                    g.decisions,
                ]
                for g in store.games(args.run)
            ]
            print(text_table(["index", "seat 0", "seat 1", "seed", "winner", "decisions"], rows))
            return 0
        rec = store.game(args.run, args.index)
    if rec.winner is None:
        raise ConfigError(f"game {rec.idx} of run {rec.run_key!r} has not been played yet")
    decks = position_decks(rec.decks, rec.position)
    state = start_state(make_game(rec.game, decks, rec.options), rec.game, rec.seed, rec.position)
    print(
        f"{rec.game} game {rec.idx} of {rec.run_key}: seat 0 {rec.entrants[0]}, seat 1 {rec.entrants[1]}, "
        f"seed {rec.seed}" + (" (from a position)" if rec.position is not None else "")
    )
    changed = rec.fingerprint is not None and rec.fingerprint != fingerprint(rec.game, decks, rec.options)
    if changed:
        print(
            "note: the game's rules or card data changed since this game was played; it may not replay to the same end",
            file=sys.stderr,
        )
    for k, a in enumerate(rec.actions):
        p = state.current_player()
        if not args.quiet:
            print(_view(state, args.view))
        if a not in state.legal_actions():
            print(f"action {k} ({a}) is no longer legal here: the stored game no longer replays", file=sys.stderr)
            return 1
        print(f"[{k}] player {p}: {state.action_to_string(a)}")
        state.apply_action(a)
        if args.step and not _go_on():
            return 0
    if not args.quiet:
        print(_view(state, args.view))
    r = state.returns()
    winner = 0 if r[0] > r[1] else 1 if r[1] > r[0] else -1
    print(f"returns {r}: " + ("draw" if winner < 0 else f"seat {winner} ({rec.entrants[winner]}) wins"))
    if winner != rec.winner or not state.is_terminal():
        print(
            f"warning: the stored result was {rec.winner}; the rules changed since this game was played",
            file=sys.stderr,
        )
        return 1
    return 0


def _go_on() -> bool:
    """Wait for Enter between replayed actions; q, or the end of input (Ctrl-D, a closed
    pipe), stops the replay."""
    try:
        return input("").strip().lower() not in ("q", "quit")
    except EOFError:
        return False


def cmd_cards(args) -> int:
    from .report import text_table

    module = game_module(args.game)
    Game = module.Game
    if args.show:
        return _show_cards(args, module)
    if args.validate:
        # the Game's own check, so the pool is the one the options give (--option cards=...)
        check = make_game(args.game, None, dict(args.option)).validate_deck if hasattr(Game, "validate_deck") else None
        if check is None:
            raise ConfigError(f"game {args.game!r} has no deck validation (validate_deck)")
        bad = 0
        for path in args.validate:
            try:
                name = check(path)
                print(f"ok       {path}" + (f" ({name})" if isinstance(name, str) and name != path else ""))
            except (TcgError, OSError, ValueError) as e:
                bad += 1
                print(f"invalid  {path}: {e}")
        return 1 if bad else 0
    if args.cards:
        lister = make_game(args.game, None, dict(args.option)).list_cards if hasattr(Game, "list_cards") else None
        if lister is None:
            raise ConfigError(f"game {args.game!r} has no card list (list_cards)")
        cards = lister()
        keys = [k for k in ("id", "name", "type", "cost") if cards and k in cards[0]]
        print(text_table(keys, [[c.get(k, "") for k in keys] for c in cards]) if cards else "no cards")
        return 0
    names = getattr(Game, "builtin_decks", None)
    if not callable(names):
        raise ConfigError(f"game {args.game!r} has no built-in decks (Game.builtin_decks)")
    decks = names()
    print("\n".join(decks) if decks else f"game {args.game!r} has no built-in decks yet")
    return 0


def _show_cards(args, module) -> int:
    """``tcgzoo cards show ID [ID ...]``: each card rendered back from its card file by the
    game's ``text`` module (``envs/<game>/text.py``), in the pool the options give; an unknown
    id is an error suggesting the nearest one."""
    import importlib.util

    words = list(args.show)
    if words[0] != "show":
        raise ConfigError(f"unknown cards command {words[0]!r}: expected 'tcgzoo cards show ID [ID ...] --game G'")
    if len(words) < 2:
        raise ConfigError("cards show needs at least one card id")
    name = module.__name__ + ".text"
    if importlib.util.find_spec(name) is None:
        raise ConfigError(f"game {args.game!r} has no card text ({name})")
    text = importlib.import_module(name)
    pool = text.pool(dict(args.option))
    rendered = [text.render(pool, card_id).format() for card_id in words[1:]]  # every id checked before printing
    print("\n\n".join(rendered))
    return 0


def cmd_play(args) -> int:
    import random

    seat = args.seat
    position, options = _position(args)
    decks = position_decks(args.decks or (None, None), position)
    game = make_game(args.game, decks, options)
    opponent = make_agent(args.agent, args.game)
    seed = args.seed if args.seed is not None else random.randrange(2**31)
    opponent.reset(seed + 1)
    state = start_state(game, args.game, seed, position)
    from .board import board, board_text, card_catalog
    from .web.play import seat_text

    catalog = card_catalog(args.game, decks, options)
    decisions = 0
    print(
        f"{args.game}, deal {seed}: you are seat {seat}, {args.agent} is seat {1 - seat}. "
        "Enter the number of an action; q concedes or quits."
    )
    while not state.is_terminal():
        p = state.current_player()
        if p != seat:
            a = opponent.act(state, p)
            print(f"  {args.agent} (seat {p}): {seat_text(state, a, seat, seed=decisions)}")
            decisions += 1
            state.apply_action(a)
            continue
        print(board_text(board(args.game, state.to_dict(seat), catalog), order=(1 - seat, seat)))
        legal = state.legal_actions()
        for k, a in enumerate(legal, 1):
            print(f"  {k:>3}) {state.action_to_string(a)}")
        choice = _ask(len(legal))
        if choice is None:
            c = concede_action(state)
            if c is None or c not in legal:
                print("you left the game")
                return 0
            state.apply_action(c)
            break
        state.apply_action(legal[choice])
        decisions += 1
    r = state.returns()
    print(board_text(board(args.game, state.to_dict(), catalog, r), order=(1 - seat, seat)))
    print("you win" if r[seat] > 0 else "you lose" if r[seat] < 0 else "draw")
    return 0


def _ask(n: int) -> int | None:
    """A 0-based choice among ``n`` read from the terminal; ``None`` to quit (q or end of input)."""
    while True:
        try:
            text = input("your move> ").strip().lower()
        except EOFError:
            return None
        if text in ("q", "quit"):
            return None
        if text.isdigit() and 1 <= int(text) <= n:
            return int(text) - 1
        print(f"  enter a number from 1 to {n}, or q")


def cmd_serve(args) -> int:
    from .store import default_db_path

    try:
        from .web.app import serve
    except ImportError as e:
        raise ConfigError(f"tcgzoo serve needs the web extra (pip install 'tcgzoo[web]'): {e}") from None
    serve(args.db or default_db_path(), host=args.host, port=args.port)
    return 0


def cmd_train(args) -> int:
    from tcgzoo.training.cli import run

    return run(args)


COMMANDS = {
    "match": cmd_match,
    "tournament": cmd_tournament,
    "winrate": cmd_winrate,
    "replay": cmd_replay,
    "cards": cmd_cards,
    "play": cmd_play,
    "serve": cmd_serve,
    "train": cmd_train,
}

if __name__ == "__main__":
    sys.exit(main())
