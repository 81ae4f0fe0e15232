"""Where the time of random play goes: pyinstrument over a game's core or AEC env.

    python -m tcgzoo.benchmarks.profile_game --game battle_spirits --seconds 10
    python -m tcgzoo.benchmarks.profile_game --game battle_spirits --mode env --lines 80
    python -m tcgzoo.benchmarks.profile_game --game battle_spirits --mode clone
    python -m tcgzoo.benchmarks.profile_game --game null --mode env   # the API's own cost

Runs the very loops that ``throughput`` times (``core_rate``, ``aec_rate``,
``clone_rate``), so the profile explains the figures of the table. Prints the
functions with the most *self* time first (where to optimise), then the top of the
call tree (who calls them). ``--game null`` is the rule-less game of ``throughput``.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter

from pyinstrument import Profiler

from .throughput import NullGame, aec_rate, clone_rate, core_rate, env_module, game_module, null_env


def self_times(profiler: Profiler) -> list[tuple[str, float]]:
    """(function  file:line, seconds of self time), largest first, summed over the raw
    sample tree. Computed here because pyinstrument 5.1's ``flat`` view misattributes
    time (it charged 70 % of a Toy Duel run to random.py, whose real share is 10 %)."""
    totals: Counter[str] = Counter()
    stack = [profiler.last_session.root_frame()]
    while stack:
        f = stack.pop()
        calls = [c for c in f.children if not c.is_synthetic]  # the rest is "[self]" time
        totals[f"{f.function}  {f.file_path_short}:{f.line_no}"] += f.time - sum(c.time for c in calls)
        stack.extend(calls)
    return totals.most_common()


def _head(text: str, lines: int) -> str:
    rows = text.splitlines()
    return "\n".join(rows[:lines] + ([f"... ({len(rows) - lines} more lines)"] if len(rows) > lines else []))


def profile(name: str, mode: str, seconds: float, seed: int = 0, interval: float = 0.0002) -> Profiler:
    """Profile ``seconds`` of random play of game ``name`` in ``mode`` (core, env, clone)."""
    game = NullGame() if name == "null" else game_module(name).Game()
    profiler = Profiler(interval=interval)
    profiler.start()
    if mode == "core":
        core_rate(game.new_initial_state, seconds, seed)
    elif mode == "env":
        concede = getattr(game.new_initial_state(0), "CONCEDE", -1)
        aec_rate(null_env if name == "null" else env_module(name).env, seconds, seed, avoid=concede)
    else:
        clone_rate(game, seconds, seed)
    profiler.stop()
    return profiler


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", required=True, help="a registered game name (toy_duel too), or null")
    ap.add_argument(
        "--mode",
        choices=("core", "env", "clone"),
        default="core",
        help="core: decisions on the rules core (default); env: the AEC env; clone: clone()",
    )
    ap.add_argument("--seconds", type=float, default=10.0, help="seconds of play to profile (default 10)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--lines", type=int, default=40, help="lines of each listing to print (default 40)")
    args = ap.parse_args(argv)
    p = profile(args.game, args.mode, args.seconds, args.seed)
    rows = self_times(p)
    total = p.last_session.duration
    print(f"== {args.game} ({args.mode}): functions by self time, of {total:.2f} s")
    print(_head("\n".join(f"{t:8.3f} s {100 * t / total:5.1f} %  {name}" for name, t in rows), args.lines))
    print(f"\n== {args.game} ({args.mode}): call tree")
    tree = p.output_text(unicode=True).splitlines()
    start = next((i + 1 for i, row in enumerate(tree) if row.startswith("Profile at")), 0)  # skip the banner
    print(_head("\n".join(tree[start:]).strip("\n"), args.lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
