"""CPU time of one entity observation (``obs_type="entities"``) beside the flat one, per game.

    python -m tcgzoo.benchmarks.entity_observation                  # the three games
    python -m tcgzoo.benchmarks.entity_observation --game ninja_slayer --states 2000 --rounds 7

The states are met in seeded random games (no concession; a uniform pick among the legal
actions), every decision kept until ``--states`` are in, from both seats. Over the same
states, in interleaved rounds (the best round kept: load on a shared machine comes and
goes), it times in CPU time (``time.process_time``):

- ``flat``: ``state.observation_tensor(p)`` (what ``obs_type="flat"`` hands out);
- ``entities``: ``entity_observation(state, p, buffers)``, written in place;
- ``entities+copy``: the same plus ``buffers.copy()``, what the env hands out.

The ratio ``entities / flat`` is the figure to track; absolute µs depend on the machine.
"""

from __future__ import annotations

import argparse
import importlib
import time

import numpy as np
from tcgzoo.envs.core.registry import game_names, load_game


def sample_states(name: str, n: int, seed: int = 0) -> list:
    """``n`` states (clones) met before decisions of seeded random games of ``name``."""
    game = load_game(name, concession=False)
    out: list = []
    rng = np.random.default_rng(seed)
    g = 0
    while len(out) < n:
        s = game.new_initial_state(seed + g)
        g += 1
        while not s.is_terminal() and len(out) < n:
            out.append(s.clone())
            s.apply_action(int(rng.choice(s.legal_actions())))
    return out


def measure(name: str, n_states: int, rounds: int) -> dict[str, float]:
    """Best-round CPU µs per observation of each kind over ``n_states`` states, both seats."""
    game = load_game(name, concession=False)
    ent = importlib.import_module(f"{type(game).__module__}.entities")
    buf = ent.entity_layout(game).new_buffers()
    states = sample_states(name, n_states)
    write = ent.entity_observation

    def flat() -> None:
        for s in states:
            s.observation_tensor(0)
            s.observation_tensor(1)

    def entities() -> None:
        for s in states:
            write(s, 0, buf)
            write(s, 1, buf)

    def entities_copy() -> None:
        for s in states:
            write(s, 0, buf)
            buf.copy()
            write(s, 1, buf)
            buf.copy()

    kinds = {"flat": flat, "entities": entities, "entities+copy": entities_copy}
    best = {k: float("inf") for k in kinds}
    for _ in range(rounds):
        for k, f in kinds.items():
            t0 = time.process_time()
            f()
            best[k] = min(best[k], time.process_time() - t0)
    return {k: v / (2 * len(states)) * 1e6 for k, v in best.items()}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="all", help="a game name or 'all' (default)")
    ap.add_argument("--states", type=int, default=1000, help="states per game (default 1000)")
    ap.add_argument("--rounds", type=int, default=5, help="interleaved rounds, the best kept (default 5)")
    args = ap.parse_args(argv)
    names = game_names() if args.game == "all" else [args.game]
    if args.states < 1 or args.rounds < 1:
        ap.error("--states and --rounds must be at least 1")
    print(f"{'game':16} {'flat µs':>9} {'entities µs':>12} {'+copy µs':>9} {'entities / flat':>16}")
    for name in names:
        r = measure(name, args.states, args.rounds)
        print(
            f"{name:16} {r['flat']:9.1f} {r['entities']:12.1f} {r['entities+copy']:9.1f} "
            f"{r['entities'] / r['flat']:16.2f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
