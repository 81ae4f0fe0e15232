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

    return (
        {"FlattenExtractor": FlattenExtractor, "SharedEncoder": SharedEncoder},
        {"Tanh": torch.nn.Tanh, "ReLU": torch.nn.ReLU},
    )


FEATURE_EXTRACTORS = ("FlattenExtractor", "SharedEncoder")
ACTIVATIONS = ("Tanh", "ReLU")


def tcgzoo_version() -> str:
    try:
        return _pkg.version("tcgzoo")
    except _pkg.PackageNotFoundError:  # running from a source tree that was not installed
        return "unknown"


#: the policy classes a file may name (``network["policy"]``): sb3-contrib's, and the
#: attention policy over the entity observation (``training.attention``)
POLICIES = ("MaskableActorCriticPolicy", "AttentionPolicy")


def network_spec(policy: Any) -> dict[str, Any]:
    """The constructor settings of an sb3-contrib ``MaskableActorCriticPolicy`` as JSON data
    (refuses layers it could not rebuild by name)."""
    params = policy._get_constructor_parameters()
    if type(policy).__name__ == "AttentionPolicy":
        return {
            "policy": "AttentionPolicy",
            "features_extractor": "EntityEncoder",
            "features_extractor_kwargs": dict(params["features_extractor_kwargs"]),
        }
    extractor = params["features_extractor_class"].__name__
    activation = params["activation_fn"].__name__
    if extractor not in FEATURE_EXTRACTORS or activation not in ACTIVATIONS:
        raise ConfigError(
            f"cannot save a policy with features extractor {extractor} and activation {activation} "
            f"as {SUFFIX}: known are {', '.join(FEATURE_EXTRACTORS)} and {', '.join(ACTIVATIONS)}"
        )
    return {
        "policy": type(policy).__name__,
        "net_arch": params["net_arch"],
        "activation_fn": activation,
        "features_extractor": extractor,
        "features_extractor_kwargs": dict(params["features_extractor_kwargs"]),
        "share_features_extractor": bool(policy.share_features_extractor),
    }


def observation_meta(space: Any) -> dict[str, Any]:
    """What the metadata says of the observation: ``observation_size`` for the flat vector;
    for the entity observation (a Dict space) ``observation`` with ``kind: entities`` and
    its sizes (``training.attention.entity_sizes``)."""
    import gymnasium as gym

    if isinstance(space, gym.spaces.Dict):
        from tcgzoo.training.attention import entity_sizes

        return {"observation": {"kind": "entities", **entity_sizes(space)}}
    return {"observation_size": int(space.shape[0])}


def save_policy(policy: Any, path: str | Path, game: str, info: dict[str, Any] | None = None) -> Path:
    """Write ``policy`` (an sb3-contrib ``MaskableActorCriticPolicy``) to ``path``
    (``.safetensors``) and its metadata to the ``.json`` beside it; returns ``path``.

    ``info``: more facts for the metadata (decks, options, hyperparameters, steps...),
    JSON data."""
    from safetensors.torch import save_model

    path = Path(path)
    if path.suffix != SUFFIX:
        raise ConfigError(f"policy file {path}: the name must end in {SUFFIX}")
    meta = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "tcgzoo_version": tcgzoo_version(),
        "game": game,
        **observation_meta(policy.observation_space),
        "num_actions": int(policy.action_space.n),
        "network": network_spec(policy),
        **(info or {}),
    }
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
        raise ConfigError(
            f"policy file {path}: format version {meta.get('format_version')!r}; "
            f"this tcgzoo reads version {FORMAT_VERSION}"
        )
    return meta


def load_policy(path: str | Path, game: str | None = None) -> tuple[Any, dict[str, Any]]:
    """Rebuild the saved policy network from ``path`` (``.safetensors``); returns
    ``(policy, metadata)``. ``game``: refuse a file trained for another game."""
    import gymnasium as gym
    import numpy as np
    from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy

    meta = read_metadata(path)
    if game is not None and meta.get("game") != game:
        raise ConfigError(f"policy file {path} was trained for game {meta.get('game')!r}, not {game!r}")
    net = meta.get("network") or {}
    extractors, activations = _torch_layers()
    if net.get("policy") == "AttentionPolicy":
        return _load_attention(path, meta), meta
    try:
        if net.get("policy") != MaskableActorCriticPolicy.__name__:
            raise KeyError(f"policy {net.get('policy')!r} (known: {', '.join(POLICIES)})")
        kwargs = dict(
            net_arch=net["net_arch"],
            activation_fn=activations[net["activation_fn"]],
            features_extractor_class=extractors[net["features_extractor"]],
            features_extractor_kwargs=dict(net["features_extractor_kwargs"]),
            share_features_extractor=bool(net["share_features_extractor"]),
            ortho_init=False,
        )
        spaces = (
            gym.spaces.Box(-np.inf, np.inf, (int(meta["observation_size"]),), np.float32),
            gym.spaces.Discrete(int(meta["num_actions"])),
        )
    except (KeyError, TypeError, ValueError) as e:
        raise ConfigError(f"policy file {path}: network metadata not understood ({e})") from None
    return _fill(MaskableActorCriticPolicy, spaces, kwargs, path), meta


def _fill(policy_class: Any, spaces: tuple, kwargs: dict[str, Any], path: str | Path) -> Any:
    """A ``policy_class`` on ``spaces`` with the weights of the file ``path``."""
    import torch
    from safetensors.torch import load_model

    with torch.random.fork_rng(devices=[]):  # the layers' initial weights, overwritten below, must not
        policy = policy_class(*spaces, lambda _: 0.0, **kwargs)  # draw from the caller's torch RNG
    try:
        load_model(policy, str(path), strict=True, device="cpu")
    except (RuntimeError, ValueError) as e:
        raise ConfigError(
            f"policy file {path}: its weights do not fit the network its metadata describes ({e})"
        ) from None
    policy.set_training_mode(False)
    return policy


#: the settings of ``training.attention.EntityEncoder`` a file may give, all whole numbers
ATTENTION_SETTINGS = ("d_model", "n_heads", "n_layers", "ff_dim")
#: the sizes of the entity observation in ``metadata["observation"]``
ENTITY_SIZES = ("tokens", "token_features", "globals", "card_ids", "zones", "actions")


def _load_attention(path: str | Path, meta: dict[str, Any]) -> Any:
    """An ``AttentionPolicy`` (training.attention) rebuilt from its metadata and weights."""
    import gymnasium as gym
    from tcgzoo.training.attention import AttentionPolicy, entity_space

    net, obs = meta["network"], meta.get("observation") or {}
    try:
        settings = dict(net["features_extractor_kwargs"])
        if set(settings) - set(ATTENTION_SETTINGS) or not all(isinstance(v, int) for v in settings.values()):
            raise ValueError(f"extractor settings {settings}")
        if obs.get("kind") != "entities":
            raise ValueError(f"observation kind {obs.get('kind')!r}")
        space = entity_space(**{k: int(obs[k]) for k in ENTITY_SIZES})
        spaces = (space, gym.spaces.Discrete(int(meta["num_actions"])))
    except (KeyError, TypeError, ValueError) as e:
        raise ConfigError(f"policy file {path}: attention network metadata not understood ({e})") from None
    return _fill(AttentionPolicy, spaces, {"features_extractor_kwargs": settings}, path)


def resolve(path: str | Path) -> Path:
    """A run folder -> its ``final.safetensors``; a file stays itself."""
    path = Path(path).expanduser()
    if path.is_dir():
        final = path / f"final{SUFFIX}"
        if not final.is_file():
            old = (
                " (its final.zip is a stable-baselines3 pickle: name it explicitly, with trust)"
                if (path / "final.zip").is_file()
                else ""
            )
            raise ConfigError(f"policy folder {path} has no final{SUFFIX}{old}")
        return final
    return path
