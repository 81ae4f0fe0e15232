"""Shared by the web app's tests: a results file with stored games of the three games."""

from __future__ import annotations

from pathlib import Path

from tcgzoo.agents.arena import Arena, Entrant
from tcgzoo.agents.store import Store
from tcgzoo.envs import game_names

GAMES = tuple(game_names())


def stored_games(path: Path) -> dict[str, str]:
    """One finished random-vs-heuristic game of each game (run key per game), a Leader Melee
    win-rate study and a Ninja Slayer round robin, in results file ``path``."""
    keys = {}
    with Store(path) as store:
        for g in GAMES:
            res = Arena(g, store, workers=1, progress=False).match(
                Entrant("random"), Entrant("heuristic"), 1, seed=3, run_key=f"m-{g}"
            )
            keys[g] = res.run_key
        Arena("leader_melee", store, workers=1, progress=False).winrate(
            ["red_rush", "blue_control", "green_ramp"],
            agent="random",
            target=0.5,
            min_games=2,
            max_games=12,
            seed=1,
            run_key="wr-lm",
        )
        Arena("ninja_slayer", store, workers=1, progress=False).round_robin(
            [Entrant("random"), Entrant("heuristic")], 2, seed=1, run_key="rr-ns"
        )
    return keys
