"""Policy files without pickles: weights as ``.safetensors`` plus JSON metadata.

A training run saves its final policy as ``final.safetensors`` (the network's tensors)
beside ``final.json`` (what the network is, and for which game: the same metadata is also
stored in the safetensors header, which is what loading reads). The arena plays it as
``policy:<run folder>`` or ``policy:<path>/final.safetensors``, without
``--trust-policy-files``: a safetensors file is a JSON header and raw tensor bytes, and
reading it parses JSON and copies bytes; nothing in it is unpickled or run. The
network is rebuilt from the metadata by name, from a fixed list of known layers
(:data:`FEATURE_EXTRACTORS`, :data:`ACTIVATIONS`), never by importing a name the file gives.

Stable-baselines3 ``.zip`` files (checkpoints, older runs) hold pickles and still need trust.

Needs the ``train`` extra (torch, stable-baselines3, sb3-contrib, safetensors): the
network is sb3-contrib's ``MaskableActorCriticPolicy``, rebuilt and filled with the
saved weights, so the loaded policy computes exactly what the trained one did.
"""
from __future__ import annotations

import json
from importlib import metadata as _pkg
from pathlib import Path
from typing import Any

from .base import ConfigError

#: what ``metadata["format"]`` says, and the version of this layout
FORMAT = "tcgzoo-policy"
FORMAT_VERSION = 1
SUFFIX = ".safetensors"
#: the key of the metadata in the safetensors header
HEADER_KEY = "tcgzoo"


def _torch_layers() -> tuple[dict[str, Any], dict[str, Any]]:
    import torch
    from stable_baselines3.common.torch_layers import FlattenExtractor

    from tcgzoo.training.network import SharedEncoder

    return ({"FlattenExtractor": FlattenExtractor, "SharedEncoder": SharedEncoder},
            {"Tanh": torch.nn.Tanh, "ReLU": torch.nn.ReLU})


FEATURE_EXTRACTORS = ("FlattenExtractor", "SharedEncoder")
ACTIVATIONS = ("Tanh", "ReLU")


def tcgzoo_version() -> str:
    try:
        return _pkg.version("tcgzoo")
    except _pkg.PackageNotFoundError:  # running from a source tree that was not installed
        return "unknown"


def network_spec(policy: Any) -> dict[str, Any]:
    """The constructor settings of an sb3-contrib ``MaskableActorCriticPolicy`` as JSON data
    (refuses layers it could not rebuild by name)."""
    params = policy._get_constructor_parameters()
    extractor = params["features_extractor_class"].__name__
    activation = params["activation_fn"].__name__
    if extractor not in FEATURE_EXTRACTORS or activation not in ACTIVATIONS:
        raise ConfigError(f"cannot save a policy with features extractor {extractor} and activation {activation} "
                          f"as {SUFFIX}: known are {', '.join(FEATURE_EXTRACTORS)} and {', '.join(ACTIVATIONS)}")
    return {"policy": type(policy).__name__, "net_arch": params["net_arch"], "activation_fn": activation,
            "features_extractor": extractor, "features_extractor_kwargs": dict(params["features_extractor_kwargs"]),
            "share_features_extractor": bool(policy.share_features_extractor)}


def save_policy(policy: Any, path: str | Path, game: str, info: dict[str, Any] | None = None) -> Path:
    """Write ``policy`` (an sb3-contrib ``MaskableActorCriticPolicy``) to ``path``
    (``.safetensors``) and its metadata to the ``.json`` beside it; returns ``path``.

    ``info``: more facts for the metadata (decks, options, hyperparameters, steps...),
    JSON data."""
    from safetensors.torch import save_model

    path = Path(path)
    if path.suffix != SUFFIX:
        raise ConfigError(f"policy file {path}: the name must end in {SUFFIX}")
    obs_size = int(policy.observation_space.shape[0])
    meta = {"format": FORMAT, "format_version": FORMAT_VERSION, "tcgzoo_version": tcgzoo_version(),
            "game": game, "observation_size": obs_size, "num_actions": int(policy.action_space.n),
            "network": network_spec(policy), **(info or {})}
    text = json.dumps(meta, sort_keys=True)
    save_model(policy, str(path), metadata={HEADER_KEY: text})  # shared tensors are stored once
    path.with_suffix(".json").write_text(json.dumps(meta, indent=2, sort_keys=True) + "\n")
    return path


def read_metadata(path: str | Path) -> dict[str, Any]:
    """The metadata in the header of a policy ``.safetensors`` file (no tensor is read)."""
    from safetensors import safe_open

    try:
        with safe_open(str(path), framework="pt") as f:
            header = f.metadata() or {}
    except Exception as e:  # safetensors raises its own error type for a malformed header
        raise ConfigError(f"policy file {path}: not a safetensors file ({type(e).__name__}: {e})") from None
    try:
        meta = json.loads(header[HEADER_KEY])
    except (KeyError, ValueError):
        raise ConfigError(f"policy file {path}: no {FORMAT} metadata in its header (was it saved by tcgzoo?)") from None
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise ConfigError(f"policy file {path}: its metadata is not {FORMAT}'s")
    if meta.get("format_version") != FORMAT_VERSION:
        raise ConfigError(f"policy file {path}: format version {meta.get('format_version')!r}; "
                          f"this tcgzoo reads version {FORMAT_VERSION}")
    return meta


def load_policy(path: str | Path, game: str | None = None) -> tuple[Any, dict[str, Any]]:
    """Rebuild the saved policy network from ``path`` (``.safetensors``); returns
    ``(policy, metadata)``. ``game``: refuse a file trained for another game."""
    import gymnasium as gym
    import numpy as np
    from safetensors.torch import load_model
    from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy

    meta = read_metadata(path)
    if game is not None and meta.get("game") != game:
        raise ConfigError(f"policy file {path} was trained for game {meta.get('game')!r}, not {game!r}")
    net = meta.get("network") or {}
    extractors, activations = _torch_layers()
    try:
        if net.get("policy") != MaskableActorCriticPolicy.__name__:
            raise KeyError(f"policy {net.get('policy')!r}")
        kwargs = dict(net_arch=net["net_arch"], activation_fn=activations[net["activation_fn"]],
                      features_extractor_class=extractors[net["features_extractor"]],
                      features_extractor_kwargs=dict(net["features_extractor_kwargs"]),
                      share_features_extractor=bool(net["share_features_extractor"]), ortho_init=False)
        spaces = (gym.spaces.Box(-np.inf, np.inf, (int(meta["observation_size"]),), np.float32),
                  gym.spaces.Discrete(int(meta["num_actions"])))
    except (KeyError, TypeError, ValueError) as e:
        raise ConfigError(f"policy file {path}: network metadata not understood ({e})") from None
    policy = MaskableActorCriticPolicy(*spaces, lambda _: 0.0, **kwargs)
    try:
        load_model(policy, str(path), strict=True, device="cpu")
    except (RuntimeError, ValueError) as e:
        raise ConfigError(f"policy file {path}: its weights do not fit the network its metadata describes ({e})") from None
    policy.set_training_mode(False)
    return policy, meta


def resolve(path: str | Path) -> Path:
    """A run folder -> its ``final.safetensors``; a file stays itself."""
    path = Path(path).expanduser()
    if path.is_dir():
        final = path / f"final{SUFFIX}"
        if not final.is_file():
            old = " (its final.zip is a stable-baselines3 pickle: name it explicitly, with trust)" \
                if (path / "final.zip").is_file() else ""
            raise ConfigError(f"policy folder {path} has no final{SUFFIX}{old}")
        return final
    return path
