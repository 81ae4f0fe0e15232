"""The arena's ray backend beside the local one: games per second, task overhead, chunk size.

    python -m tcgzoo.benchmarks.ray_backend                         # Battle Spirits, heuristic vs heuristic
    python -m tcgzoo.benchmarks.ray_backend --agents mcts:20 heuristic --games 200

Plays the same match (``--games``, paired deals, a fresh in-memory store each time) on
the local backend with 1 and 2 worker processes and on a local Ray started with 1 and 2
CPUs, and prints games/s and the ratio of each Ray row to the local row with as many
CPUs. Ray's start (``ray.init`` and its worker processes) is timed apart: a study pays
it once. Then, on a 2-CPU Ray:

- the cost of a task: empty chunks (``play_chunk_task([])``) in flight two per CPU, as
  the arena keeps them, and one at a time (a round trip);
- games/s with chunks of fixed sizes beside the adaptive size the backend chooses
  (``ray_backend.TASK_SECONDS``), to show what the choice buys;
- how many games/s the driver alone can claim and store in SQLite: only it writes, so
  that is the most any cluster can give a study.

Needs the ray extra (``pip install -e '.[ray]'``). Figures move with the machine's load:
compare the ratios, which were measured in the same run.
"""

from __future__ import annotations

import argparse
import time

from tcgzoo.agents.arena import Arena, Entrant
from tcgzoo.agents.store import Store


def play(game: str, agents: list[str], games: int, workers: int, backend, rounds: int = 1) -> tuple[float, int]:
    """Seconds to play the match (the best of ``rounds``), and the games played."""
    best, played = float("inf"), 0
    for _ in range(rounds):
        with Store(":memory:") as store:
            arena = Arena(game, store, workers=workers, backend=backend)
            t0 = time.perf_counter()
            res = arena.match(Entrant(agents[0]), Entrant(agents[1]), games, seed=1, paired=True)
            best, played = min(best, time.perf_counter() - t0), res.played
    return best, played


def fixed_chunks(size: int):
    """The ray backend with every chunk ``size`` games (the sweep)."""
    from tcgzoo.agents.ray_backend import RayBackend

    class FixedChunks(RayBackend):
        adaptive = False

        def chunk_size(self, remaining, workers, seconds_per_game):
            return size

    return FixedChunks()


def driver_ceiling(game: str, agents: list[str], games: int, path: str) -> float:
    """Games/s the driver alone can claim and store (SQLite file at ``path``, WAL, chunks
    of 256 games, the fingerprints included): the ceiling of any cluster, as only the
    driver writes. The results are real games, played first."""
    from tcgzoo.agents.arena import RunSpec, play_chunk
    from tcgzoo.agents.games import fingerprint

    with Store(path) as store:
        arena = Arena(game, store, workers=1)
        spec = RunSpec("match", game, [Entrant(agents[0]), Entrant(agents[1])], [(0, 1)], 1, True)
        key, _ = arena._start(spec, None)
        arena._plan_fixed(spec, key, games)
        results = {r["idx"]: r for r in play_chunk([g.job() for g in store.pending(key)])}
        store.db.execute("UPDATE games SET claimed_by = NULL")
        store.db.commit()
        t0 = time.perf_counter()
        while True:
            claimed = store.claim(key, 256)
            if not claimed:
                break
            digest = {g.idx: fingerprint(g.game, g.decks, g.options) for g in claimed}
            store.finish(key, [results[g.idx] for g in claimed], digest)
        return games / (time.perf_counter() - t0)


def task_overhead(ray, cpus: int, tasks: int = 400) -> tuple[float, float]:
    """Milliseconds per empty task: pipelined two per CPU, and one at a time."""
    from tcgzoo.agents.ray_backend import play_chunk_task

    remote = ray.remote(num_cpus=1)(play_chunk_task)
    ray.get([remote.remote([], None) for _ in range(2 * cpus)])  # workers up and the function loaded
    t0 = time.perf_counter()
    in_flight = [remote.remote([], None) for _ in range(2 * cpus)]
    sent = len(in_flight)
    while in_flight:
        ready, in_flight = ray.wait(in_flight, num_returns=1)
        if sent < tasks:
            in_flight.append(remote.remote([], None))
            sent += 1
    pipelined = (time.perf_counter() - t0) / tasks
    t0 = time.perf_counter()
    for _ in range(tasks // 4):
        ray.get(remote.remote([], None))
    serial = (time.perf_counter() - t0) / (tasks // 4)
    return pipelined * 1e3, serial * 1e3


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="battle_spirits")
    ap.add_argument("--agents", nargs=2, default=["heuristic", "heuristic"])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument(
        "--rounds",
        type=int,
        default=3,
        help="rounds over every row, taken in turn, the best of each row kept (load comes and goes)",
    )
    ap.add_argument("--sweep", type=int, nargs="*", default=[1, 8, 64, 512], help="fixed chunk sizes to compare")
    args = ap.parse_args(argv)
    import ray
    from tcgzoo.agents.ray_backend import RayBackend

    rows = [("local", 1), ("local", 2), ("ray", 1), ("ray", 2)] + [(f"chunks of {n}", 2) for n in args.sweep]
    best: dict[tuple, float] = {}
    start: dict[int, list[float]] = {1: [], 2: []}
    overhead: list[tuple[float, float]] = []
    for _ in range(args.rounds):
        for kind, cpus in rows:
            if kind == "local":
                seconds, n = play(args.game, args.agents, args.games, cpus, "local")
            else:
                if kind == "ray" or not ray.is_initialized():
                    if ray.is_initialized():
                        ray.shutdown()
                    t0 = time.perf_counter()
                    ray.init(num_cpus=cpus, include_dashboard=False, logging_level="ERROR")
                    play(args.game, args.agents, 2 * cpus, cpus, RayBackend())  # workers up, tcgzoo imported
                    start[cpus].append(time.perf_counter() - t0)
                    if cpus == 2:
                        overhead.append(task_overhead(ray, cpus))
                backend = RayBackend() if kind == "ray" else fixed_chunks(int(kind.split()[-1]))
                seconds, n = play(args.game, args.agents, args.games, cpus, backend)
            best[kind, cpus] = max(best.get((kind, cpus), 0.0), n / seconds)
        ray.shutdown()

    print(
        f"{args.game}: {args.agents[0]} vs {args.agents[1]}, {args.games} paired games a row, "
        f"best of {args.rounds} rounds"
    )
    for cpus in (1, 2):
        s = "s" if cpus > 1 else " "
        print(f"local backend, {cpus} worker{s}  {best['local', cpus]:8.1f} games/s")
    for cpus in (1, 2):
        s = "s" if cpus > 1 else " "
        rate = best["ray", cpus]
        print(
            f"ray backend, {cpus} CPU{s}      {rate:8.1f} games/s = {rate / best['local', cpus]:.2f} x local "
            f"(start of a local Ray with its first games: {min(start[cpus]):.1f} s)"
        )
    print(f"ray 2 CPUs / ray 1 CPU       {best['ray', 2] / best['ray', 1]:.2f}")
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        ceiling = driver_ceiling(args.game, args.agents, args.games, f"{tmp}/driver.sqlite")
    print(f"the driver claims and stores {ceiling:,.0f} games/s (SQLite): the ceiling of a study on any cluster")
    pipelined, serial = min(o[0] for o in overhead), min(o[1] for o in overhead)
    print(
        f"task overhead (empty chunks, 2 CPUs): {pipelined:.2f} ms a task in flight two per CPU, "
        f"{serial:.2f} ms a round trip"
    )
    for n in args.sweep:
        print(f"  2 CPUs, chunks of {n:4d} games     {best[f'chunks of {n}', 2]:8.1f} games/s")
    print(f"  2 CPUs, adaptive chunks         {best['ray', 2]:8.1f} games/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
