"""How fast a trained policy plays in the arena: ``policy:<file>`` moves per second.

    python -m tcgzoo.benchmarks.policy_inference --game battle_spirits --games 40

A freshly initialised MaskablePPO network of the training's default shape (shared
``encoder_dim``-wide first layer, ``net_arch`` heads; the weights do not change the cost)
is saved as a ``.zip`` and, where the safe format exists, as ``final.safetensors``. Then:

- *predict*: SB3's ``model.predict(obs, action_masks=mask, deterministic=True)`` per
  move, for reference (what a policy agent built on SB3's API would pay);
- *act*: ``agent.act(state, player)`` one decision at a time over states met in
  heuristic games (observation, mask, network, argmax): the per-move cost;
- *act_batch*: the same states ``--batch`` at a time, one network pass per batch;
- *ActorLogits act*: the agent as it was before ``act_batch`` (``agents.policy.ActorLogits``,
  float32, one observation a call), for the before/after ratio;
- *arena*: an arena match of the policy against the heuristic (``--games`` paired games,
  one worker), decisions of both players per second of the whole match (the heuristic's
  moves and the rules included: what a user waits for), with the chunk's games played
  side by side (batched network calls) and, for comparison, one game after another.

Needs the ``train`` extra. Figures move by tens of percent on a shared machine: compare
rows of one run.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path


def _model(game: str, encoder_dim: int, net_arch: list[int], folder: Path) -> list[Path]:
    import gymnasium as gym
    import numpy as np
    from sb3_contrib import MaskablePPO
    from tcgzoo.agents.games import make_game
    from tcgzoo.training.network import SharedEncoder

    g = make_game(game)

    class Spaces(gym.Env):
        observation_space = gym.spaces.Box(-np.inf, np.inf, (g.observation_size(),), np.float32)
        action_space = gym.spaces.Discrete(g.num_distinct_actions())

    model = MaskablePPO(
        "MlpPolicy",
        Spaces(),
        n_steps=8,
        batch_size=8,
        device="cpu",
        seed=0,
        policy_kwargs={
            "features_extractor_class": SharedEncoder,
            "features_extractor_kwargs": {"features_dim": encoder_dim},
            "net_arch": net_arch,
        },
    )
    paths = [folder / "final.zip"]
    model.save(paths[0])
    from tcgzoo.agents.policy import FORMATS

    if ".safetensors" not in FORMATS:  # before the safe format existed
        return paths
    from tcgzoo.agents.model_file import save_policy

    paths.append(save_policy(model.policy, folder / "final.safetensors", game))
    return paths


def _states(game: str, n: int) -> list[tuple]:
    """``n`` (state, player) pairs met in heuristic-vs-heuristic games."""
    from tcgzoo.agents.base import make_agent
    from tcgzoo.agents.games import make_game

    g = make_game(game)
    agent = make_agent("heuristic", game)
    out, seed = [], 0
    while len(out) < n:
        state = g.new_initial_state(seed)
        agent.reset(seed)
        while not state.is_terminal() and len(out) < n:
            p = state.current_player()
            if len(state.legal_actions()) > 2:  # a real choice (conceding is one of the legal actions)
                out.append((state.clone(), p))
            state.apply_action(agent.act(state, p))
        seed += 1
    return out


def measure(game: str, games: int, batch: int, encoder_dim: int, net_arch: list[int]) -> list[tuple[str, float]]:
    import numpy as np
    import torch
    from tcgzoo.agents import arena as arena_mod
    from tcgzoo.agents.arena import Arena, Entrant
    from tcgzoo.agents.base import make_agent
    from tcgzoo.agents.policy import TRUST_ENV
    from tcgzoo.agents.store import Store

    torch.set_num_threads(1)
    os.environ[TRUST_ENV] = "1"  # the benchmark's own model
    rows = []
    states = _states(game, 400)
    with tempfile.TemporaryDirectory() as tmp:
        for path in _model(game, encoder_dim, net_arch, Path(tmp)):
            agent = make_agent(f"policy:{path}", game)
            for s, p in states[:20]:
                agent.act(s, p)  # warm-up (the sparse weight is built on first use)
            t0 = time.perf_counter()
            for s, p in states:
                agent.act(s, p)
            rows.append((f"{path.suffix[1:]:<12} act        decisions/s", len(states) / (time.perf_counter() - t0)))
            if path.suffix == ".zip":  # the reference: SB3's own predict, one move at a time
                from sb3_contrib import MaskablePPO
                from tcgzoo.training.single_agent import playable_mask

                model = MaskablePPO.load(str(path), device="cpu")
                t0 = time.perf_counter()
                for s, p in states:
                    model.predict(s.observation_tensor(p), action_masks=playable_mask(s), deterministic=True)
                rows.append((f"{'sb3':<12} predict    decisions/s", len(states) / (time.perf_counter() - t0)))
            if hasattr(agent, "act_batch"):
                t0 = time.perf_counter()
                for i in range(0, len(states), batch):
                    chunk = states[i : i + batch]
                    agent.act_batch([s for s, _ in chunk], [p for _, p in chunk])
                rows.append(
                    (
                        f"{path.suffix[1:]:<12} act_batch  decisions/s (batch {batch})",
                        len(states) / (time.perf_counter() - t0),
                    )
                )
            if path.suffix == ".zip":  # the agent before batching: SB3 policy, ActorLogits per move
                from tcgzoo.agents.policy import ActorLogits, PolicyAgent

                logits = ActorLogits(model.policy)
                old = PolicyAgent(lambda obs, mask, logits=logits: int(np.argmax(np.where(mask, logits(obs), -np.inf))))
                t0 = time.perf_counter()
                for s, p in states:
                    old.act(s, p)
                rows.append(
                    (
                        f"{'ActorLogits':<12} act        decisions/s (the agent before act_batch)",
                        len(states) / (time.perf_counter() - t0),
                    )
                )
            for mode in ("side by side", "one by one"):
                arena_mod._agents.clear()
                side_by_side = arena_mod._side_by_side
                if mode == "one by one":  # the arena before batching: one game after the other
                    arena_mod._side_by_side = lambda jobs: False
                try:
                    with Store(str(Path(tmp) / f"arena{path.suffix}{mode}.sqlite")) as store:
                        result = Arena(game, store, workers=1).match(
                            Entrant(f"policy:{path}"), Entrant("heuristic"), games, seed=0, paired=True
                        )
                        decisions = sum(g.decisions for g in result.records)
                finally:
                    arena_mod._side_by_side = side_by_side
                rows.append(
                    (
                        f"{path.suffix[1:]:<12} arena      decisions/s ({mode}, {games} games vs heuristic)",
                        decisions / result.elapsed,
                    )
                )
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="battle_spirits")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--encoder-dim", type=int, default=256)
    ap.add_argument("--net-arch", type=int, nargs="+", default=[128])
    args = ap.parse_args(argv)
    for label, rate in measure(args.game, args.games, args.batch, args.encoder_dim, args.net_arch):
        print(f"{args.game:<15} {label:<70} {rate:>10,.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
