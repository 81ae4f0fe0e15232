"""Safe policy files and batched policy play (issue 12 parts 6 and 7).

A policy saved as ``.safetensors`` + metadata loads as ``policy:<path>`` (or
``policy:<run folder>``) without trust and without unpickling anything, computes the same
action probabilities as the network that was saved, and a crafted file is refused without
running what it carries. The network agent's ``act_batch`` decides several games with one
pass and the arena's side-by-side play gives the same games as one-after-the-other play.
"""

from __future__ import annotations

import json
import pickle

import numpy as np
import pytest

pytest.importorskip("sb3_contrib")
pytest.importorskip("safetensors")

import gymnasium as gym  # noqa: E402
import torch  # noqa: E402
from sb3_contrib import MaskablePPO  # noqa: E402
from tcgzoo.agents import arena as arena_mod  # noqa: E402
from tcgzoo.agents.arena import Arena, Entrant  # noqa: E402
from tcgzoo.agents.base import ConfigError, make_agent  # noqa: E402
from tcgzoo.agents.model_file import load_policy, read_metadata, save_policy  # noqa: E402
from tcgzoo.agents.policy import TRUST_ENV, from_spec  # noqa: E402
from tcgzoo.agents.store import Store  # noqa: E402
from tcgzoo.envs.battle_spirits import Game  # noqa: E402
from tcgzoo.training.network import SharedEncoder  # noqa: E402
from tcgzoo.training.single_agent import playable_mask  # noqa: E402

GAME = "battle_spirits"


@pytest.fixture
def untrusted(monkeypatch):
    monkeypatch.delenv(TRUST_ENV, raising=False)


def _model(encoder: bool, seed: int = 0) -> MaskablePPO:
    game = Game()

    class Spaces(gym.Env):
        observation_space = gym.spaces.Box(-np.inf, np.inf, (game.observation_size(),), np.float32)
        action_space = gym.spaces.Discrete(game.num_distinct_actions())

    kwargs = {"net_arch": [16]}
    if encoder:
        kwargs.update(features_extractor_class=SharedEncoder, features_extractor_kwargs={"features_dim": 24})
    return MaskablePPO("MlpPolicy", Spaces(), n_steps=8, batch_size=8, device="cpu", seed=seed, policy_kwargs=kwargs)


def _states(n: int = 30) -> list[tuple]:
    """(state, player) pairs of a seeded random game (real choices only)."""
    state, rng, out = Game().new_initial_state(5), np.random.default_rng(5), []
    while len(out) < n and not state.is_terminal():
        p = state.current_player()
        if playable_mask(state).sum() > 1:
            out.append((state.clone(), p))
        legal = [a for a in state.legal_actions() if a != state.CONCEDE]
        state.apply_action(int(rng.choice(legal)))
    return out


def _probs(policy, states) -> np.ndarray:
    obs = torch.as_tensor(np.stack([s.observation_tensor(p) for s, p in states]))
    masks = np.stack([playable_mask(s) for s, _ in states])
    with torch.no_grad():
        return policy.get_distribution(obs, action_masks=masks).distribution.probs.numpy()


@pytest.mark.parametrize("encoder", [True, False], ids=["shared-encoder", "sb3-mlp"])
def test_round_trip_gives_identical_action_probabilities(tmp_path, encoder):
    model = _model(encoder)
    path = save_policy(model.policy, tmp_path / "final.safetensors", GAME, {"steps": 8, "decks": None})
    meta = json.loads((tmp_path / "final.json").read_text())
    assert meta == read_metadata(path)  # the readable copy says what the header says
    assert meta["game"] == GAME and meta["format"] == "tcgzoo-policy" and meta["steps"] == 8
    assert meta["observation_size"] == Game().observation_size()
    assert meta["network"]["features_extractor"] == ("SharedEncoder" if encoder else "FlattenExtractor")
    loaded, _ = load_policy(path, GAME)
    states = _states()
    assert np.array_equal(_probs(loaded, states), _probs(model.policy, states))
    # the agent plays SB3's greedy choice, one at a time and batched
    agent = make_agent(f"policy:{path}", GAME)
    ref = [
        int(model.predict(s.observation_tensor(p), action_masks=playable_mask(s), deterministic=True)[0])
        for s, p in states
    ]
    assert [agent.act(s, p) for s, p in states] == ref
    assert agent.act_batch([s for s, _ in states], [p for _, p in states]) == ref


def test_run_folder_loads_without_trust(tmp_path, untrusted):
    save_policy(_model(True).policy, tmp_path / "final.safetensors", GAME)
    agent = make_agent(f"policy:{tmp_path}", GAME)
    state = Game().new_initial_state(1)
    assert agent.act(state, state.current_player()) in state.legal_actions()
    with pytest.raises(ConfigError, match="trained for game 'battle_spirits', not 'leader_melee'"):
        make_agent(f"policy:{tmp_path}", "leader_melee")
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(ConfigError, match="has no final.safetensors"):
        make_agent(f"policy:{empty}", GAME)


class _Payload:
    """Unpickling this calls ``Path.touch(marker)``: the proof that a pickle ran."""

    def __init__(self, marker) -> None:
        self.marker = marker

    def __reduce__(self):
        from pathlib import Path

        return Path.touch, (Path(self.marker),)


def test_a_crafted_file_is_never_unpickled(tmp_path, untrusted):
    marker = tmp_path / "pwned"
    pickle.loads(pickle.dumps(_Payload(marker)))  # the payload works when unpickled...
    assert marker.exists()
    marker.unlink()
    for name, blob in [("pickle.safetensors", pickle.dumps({"w": _Payload(marker)})), ("torch.safetensors", None)]:
        path = tmp_path / name
        if blob is None:
            torch.save({"w": _Payload(marker)}, path)  # a torch pickle (zip) under the safe suffix
        else:
            path.write_bytes(blob)
        with pytest.raises(ConfigError, match="not a safetensors file"):
            make_agent(f"policy:{path}", GAME)
        assert not marker.exists()  # ...and loading never unpickled it
    # a real safetensors file whose metadata names a layer outside the known list
    path = save_policy(_model(True).policy, tmp_path / "evil.safetensors", GAME)
    from safetensors.torch import load_file, save_file

    meta = read_metadata(path)
    meta["network"]["features_extractor"] = "os.system"
    save_file(load_file(str(path)), str(path), metadata={"tcgzoo": json.dumps(meta)})
    with pytest.raises(ConfigError, match="network metadata not understood"):
        from_spec(str(path), GAME)


def test_arena_side_by_side_play_gives_the_same_games(tmp_path, monkeypatch, untrusted):
    """Games with a policy are played side by side (one batched network call for all the
    games waiting on it); the stored games equal those played one after the other."""
    path = save_policy(_model(True, seed=2).policy, tmp_path / "final.safetensors", GAME)
    calls = []
    played = {}
    for mode in ("side_by_side", "sequential"):
        if mode == "sequential":
            monkeypatch.setattr(arena_mod, "_side_by_side", lambda jobs: False)
        else:
            real = arena_mod.play_side_by_side
            monkeypatch.setattr(
                arena_mod,
                "play_side_by_side",
                lambda jobs, tick=None, real=real: calls.append(len(jobs)) or real(jobs, tick),
            )
        arena_mod._agents.clear()
        with Store(str(tmp_path / f"{mode}.sqlite")) as store:
            result = Arena(GAME, store, workers=1).match(
                Entrant(f"policy:{path}"), Entrant("random"), 6, seed=3, paired=True
            )
            played[mode] = sorted((g.idx, g.winner, g.actions) for g in result.records)
    assert calls and max(calls) > 1  # the chunks were played side by side
    assert played["side_by_side"] == played["sequential"]
    assert all(len(actions) > 20 for _, _, actions in played["sequential"])


def test_loading_a_policy_file_leaves_the_callers_torch_rng_alone(tmp_path):
    """Building the network of a saved policy initialises layers that the file then overwrites:
    that must not draw from the caller's torch generator, or a trainer that loads its own
    snapshots in-process would sample differently from one whose workers load them (the same
    seed must train the same model in and out of process)."""
    import torch
    from tcgzoo.agents.model_file import load_policy, save_policy

    path = save_policy(_model(True).policy, tmp_path / "final.safetensors", GAME)
    torch.manual_seed(5)
    expected = torch.rand(3)
    torch.manual_seed(5)
    load_policy(path, GAME)
    assert torch.equal(torch.rand(3), expected)
