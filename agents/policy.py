"""Agents from policy files: ``policy:<path>``.

A trained policy maps a seat's observation and the legal-action mask to an action;
this module turns one into an agent that plays greedily (the same action for the same
view, so arena results stay reproducible). Two kinds of file:

``*.py``
    a Python file defining ``policy(observation, mask) -> int`` (numpy float32 vector
    and bool mask), or ``make_agent(game) -> Agent`` for anything richer.
``*.zip``
    an sb3-contrib ``MaskablePPO`` model saved by ``model.save`` (the masked self-play
    recipe), given ``observation_tensor(player)`` and the mask: the layout PettingZoo's
    SB3 action-mask tutorial trains on.
"""
from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Callable

import numpy as np

from .base import Agent, ConfigError, GameState, concede_action

PolicyFn = Callable[[np.ndarray, np.ndarray], int]


class PolicyAgent:
    """Greedy play of ``policy(observation, mask)``; an illegal choice is an error, not a loss.

    The mask it passes leaves out conceding (unless that is all there is), like the
    built-in agents and like ``tcgzoo.training`` trains: a greedy policy never trained on
    conceding must not pick it by an untrained logit.
    """

    def __init__(self, policy: PolicyFn, name: str = "policy") -> None:
        self.name = name
        self.policy = policy

    def reset(self, seed: int | None = None) -> None:
        """Greedy policies have nothing to seed."""

    def act(self, state: GameState, player: int) -> int:
        mask = np.asarray(state.legal_actions_mask(), dtype=bool).copy()
        c = concede_action(state)
        if c is not None and mask[c] and mask.sum() > 1:
            mask[c] = False
        a = int(self.policy(state.observation_tensor(player), mask))
        if not (0 <= a < len(mask) and mask[a]):
            raise ConfigError(f"policy {self.name!r} chose illegal action {a} "
                              f"({len(state.legal_actions())} legal actions)")
        return a


def _load_python(path: Path, game: str) -> Agent:
    spec = importlib.util.spec_from_file_location(f"tcgzoo_policy_{abs(hash(str(path)))}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if hasattr(module, "make_agent"):
        return module.make_agent(game)
    if hasattr(module, "policy"):
        return PolicyAgent(module.policy)
    raise ConfigError(f"policy file {path}: defines neither policy(observation, mask) nor make_agent(game)")


class ActorLogits:
    """The action logits of an SB3 actor-critic policy for one observation, as float64.

    Straight from the network rather than through SB3's masked distribution (about 2 ms
    a call, most of a game's time when a model plays). With a linear first layer
    (``training.network.SharedEncoder``) it reads only the rows of its weight for the
    observation's non-zero entries: observations are sparse, and a dense pass streams the
    whole first-layer weight from memory for every move. Equal to SB3's logits (tested).
    """

    def __init__(self, policy) -> None:
        self.policy = policy
        self.weight_t: np.ndarray | None = None
        self.bias: np.ndarray | None = None

    def __call__(self, observation: np.ndarray) -> np.ndarray:
        import torch

        obs = np.asarray(observation, dtype=np.float32)
        pol = self.policy
        with torch.no_grad():
            encoder = getattr(pol.pi_features_extractor, "net", None)
            if encoder is not None and isinstance(encoder[0], torch.nn.Linear):
                if self.weight_t is None:
                    self.weight_t = encoder[0].weight.detach().T.contiguous().numpy()
                    self.bias = encoder[0].bias.detach().numpy()
                nz = np.flatnonzero(obs)
                hidden = np.maximum(obs[nz] @ self.weight_t[nz] + self.bias, 0.0)
                features = torch.as_tensor(hidden, dtype=torch.float32)[None]
            else:
                features = pol.extract_features(torch.as_tensor(obs)[None], pol.pi_features_extractor)
            logits = pol.action_net(pol.mlp_extractor.forward_actor(features))[0]
        return logits.numpy().astype(np.float64)


def _load_sb3(path: Path) -> Agent:
    try:
        from sb3_contrib import MaskablePPO
    except ImportError:
        raise ConfigError(f"policy file {path}: loading a .zip model needs sb3-contrib "
                          "(pip install -e '.[train]')") from None
    import torch

    torch.set_num_threads(1)  # one game per process: parallelism comes from arena workers
    model = MaskablePPO.load(str(path), device="cpu")
    model.policy.set_training_mode(False)
    logits = ActorLogits(model.policy)

    def policy(obs: np.ndarray, mask: np.ndarray) -> int:
        # the greedy action of the masked distribution, as model.predict(deterministic=True)
        return int(np.argmax(np.where(mask, logits(obs), -np.inf)))

    return PolicyAgent(policy)


def from_spec(arg: str | None, game: str) -> Agent:
    if not arg:
        raise ConfigError("agent 'policy' needs a file: policy:<path to .py or .zip>")
    path = Path(arg).expanduser()
    if not path.is_file():
        raise ConfigError(f"policy file {arg!r} not found")
    if path.suffix == ".py":
        return _load_python(path, game)
    if path.suffix == ".zip":
        return _load_sb3(path)
    raise ConfigError(f"policy file {arg!r}: expected a .py policy or a .zip stable-baselines3 model")
