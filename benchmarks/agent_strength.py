"""How strong the agents are, and how fast the arena plays, per game, in one run.

For each game: a gauntlet of ``challenger@deck`` against ``opponent@deck`` over every
ordered pair of the game's built-in decks (mirrors included), paired deals, both seats;
the challenger's win rate over all those games with its Wilson 95% interval (a draw
counts half). Then the arena's games per second, heuristic against heuristic on the
default decks, with 1 and with 2 worker processes (the same games: results do not depend
on the worker count).

    python -m tcgzoo.benchmarks.agent_strength                       # all games, defaults
    python -m tcgzoo.benchmarks.agent_strength --game ninja_slayer --games 4 \\
        --matchup heuristic:random --matchup mcts:100:heuristic --throughput 400

A matchup is ``challenger:opponent`` (agent specs; a spec with its own ``:`` — ``mcts:100``
— is split at the last ``:``). ``--games`` is the number of games per deck pairing, so
a game with 4 decks plays 16 pairings x games.
The games are stored in a temporary SQLite file (``--db`` keeps them).
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

from tcgzoo.agents.arena import Arena, Entrant
from tcgzoo.agents.games import game_module
from tcgzoo.agents.stats import wilson
from tcgzoo.agents.store import Store
from tcgzoo.envs import GAMES

DEFAULT_MATCHUPS = ("heuristic:random", "mcts:100:heuristic")


def split_matchup(text: str) -> tuple[str, str]:
    challenger, sep, opponent = text.rpartition(":")
    if not sep or not challenger or not opponent:
        raise argparse.ArgumentTypeError(f"matchup {text!r}: write challenger:opponent, e.g. heuristic:random")
    return challenger, opponent


def strength(
    game: str, store: Store, challenger: str, opponent: str, games: int, seed: int, workers: int | None, progress: bool
) -> dict:
    """The challenger's score over every ordered deck pairing against the opponent."""
    decks = list(game_module(game).Game.builtin_decks())
    arena = Arena(game, store, workers=workers, progress=progress)
    ch = [Entrant(challenger, d) for d in decks]
    field = [Entrant(opponent, d) for d in decks]
    if challenger == opponent:
        raise SystemExit(f"matchup {challenger}:{opponent}: an agent against itself measures nothing")
    t0 = time.perf_counter()
    run = arena.gauntlet(ch, field, games, seed=seed, paired=True)
    elapsed = time.perf_counter() - t0
    labels = {e.label for e in ch}
    wins = draws = n = 0
    for g in run.records:
        seat = 0 if g.entrants[0] in labels else 1
        n += 1
        if g.winner == seat:
            wins += 1
        elif g.winner not in (0, 1):
            draws += 1
    score = wins + 0.5 * draws
    lo, hi = wilson(score, n)
    return {
        "game": game,
        "challenger": challenger,
        "opponent": opponent,
        "decks": decks,
        "games": n,
        "wins": wins,
        "draws": draws,
        "losses": n - wins - draws,
        "rate": score / n if n else float("nan"),
        "ci95": [lo, hi],
        "seconds": elapsed,
    }


def throughput(game: str, store: Store, games: int, seed: int, workers: int) -> dict:
    """Games per second of the arena, heuristic vs heuristic, default decks."""
    arena = Arena(game, store, workers=workers)
    run = arena.match(
        Entrant("heuristic"),
        Entrant("heuristic"),
        games,
        seed=seed,
        paired=True,
        run_key=f"throughput-{game}-{workers}-{seed}-{games}",
    )
    return {"game": game, "workers": workers, "games": run.played, "games_per_second": run.games_per_second}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--game", action="append", choices=sorted(GAMES), help="game to measure (repeatable; default: every game)"
    )
    ap.add_argument(
        "--matchup",
        action="append",
        type=split_matchup,
        help=f"challenger:opponent (repeatable; default: {' and '.join(DEFAULT_MATCHUPS)})",
    )
    ap.add_argument("--games", type=int, default=4, help="games per deck pairing (even: paired deals)")
    ap.add_argument(
        "--throughput", type=int, default=400, help="games of the 1- and 2-worker arena throughput run (0 skips it)"
    )
    ap.add_argument("--workers", type=int, default=None, help="workers of the strength runs (default: all cores)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--db", default=None, help="SQLite file to keep the games in (default: a temporary file)")
    ap.add_argument("--json", default=None, help="write the figures to this JSON file")
    ap.add_argument("--no-progress", action="store_true")
    args = ap.parse_args(argv)
    games = args.game or sorted(GAMES)
    matchups = args.matchup or [split_matchup(m) for m in DEFAULT_MATCHUPS]

    out = {"strength": [], "throughput": []}
    with tempfile.TemporaryDirectory() as tmp:
        with Store(args.db or str(Path(tmp) / "strength.sqlite")) as store:
            for game in games:
                for challenger, opponent in matchups:
                    r = strength(
                        game, store, challenger, opponent, args.games, args.seed, args.workers, not args.no_progress
                    )
                    out["strength"].append(r)
                    lo, hi = r["ci95"]
                    print(
                        f"{game:15s} {challenger} vs {opponent}: {100 * r['rate']:.1f}% "
                        f"[{100 * lo:.1f}%, {100 * hi:.1f}%]  ({r['wins']}-{r['draws']}-{r['losses']} "
                        f"in {r['games']} games, {len(r['decks'])} decks, {r['seconds']:.0f} s)",
                        flush=True,
                    )
                if args.throughput:
                    rates = []
                    for w in (1, 2):
                        t = throughput(game, store, args.throughput, args.seed, w)
                        out["throughput"].append(t)
                        rates.append(t["games_per_second"])
                    print(
                        f"{game:15s} arena heuristic vs heuristic: {rates[0]:.1f} games/s on 1 worker, "
                        f"{rates[1]:.1f} on 2 ({rates[1] / rates[0]:.2f}x)",
                        flush=True,
                    )
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
