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

Both kinds run code when loaded: a Python file by definition, and a stable-baselines3
``.zip`` because its ``data`` entry holds cloudpickled objects (and its ``.pth`` members
torch pickles), and unpickling can call any function. A crafted "model" is a program.
So neither is loaded unless the user trusts policy files for the session:
``TCGZOO_TRUST_POLICY_FILES=1`` in the environment, which the ``--trust-policy-files``
flag of ``tcgzoo`` sets (worker processes inherit it), or ``trust=True`` from Python.
Trust is not part of an agent spec, so it never changes a run key or a stored label.
Each file kind is a :class:`PolicyFormat` in :data:`FORMATS`, which says whether loading
it can run code: a weights-only format (no pickles) joins there with ``runs_code``
answering ``None`` and then loads without trust.
"""
from __future__ import annotations

import importlib.util
import json
import os
import zipfile
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

import numpy as np

from .base import Agent, ConfigError, GameState, concede_action

PolicyFn = Callable[[np.ndarray, np.ndarray], int]

#: the environment variable that trusts policy files for a session ("1", "true" or "yes")
TRUST_ENV = "TCGZOO_TRUST_POLICY_FILES"
#: how to trust, as the refusal tells it
HOW_TO_TRUST = f"pass --trust-policy-files to tcgzoo (or set {TRUST_ENV}=1)"


class UntrustedPolicyError(ConfigError):
    """A policy file that would run code when loaded, and the session does not trust policy files."""


def policy_files_trusted() -> bool:
    """Whether this process (and the workers it starts) may load policy files that run code."""
    return os.environ.get(TRUST_ENV, "").strip().lower() in ("1", "true", "yes")


@contextmanager
def trusting_policy_files() -> Iterator[None]:
    """Trust policy files inside the block, here and in worker processes started in it.

    Through the environment rather than a module flag because arena and training
    workers load their agents in their own processes, which inherit the environment.
    For files the caller made itself (a training run evaluating its own checkpoints).
    """
    before = os.environ.get(TRUST_ENV)
    os.environ[TRUST_ENV] = "1"
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(TRUST_ENV, None)
        else:
            os.environ[TRUST_ENV] = before


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


def _load_sb3(path: Path, game: str | None = None) -> Agent:
    """Load a MaskablePPO model (``game`` is unused: the model's spaces fix its game)."""
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


def sb3_pickles(path: Path) -> list[str]:
    """What in a stable-baselines3 ``.zip`` would be unpickled by loading it, read without
    unpickling anything: the cloudpickled entries of its ``data`` JSON (the ones SB3's
    ``json_to_data`` passes to ``cloudpickle.loads``) and its ``.pth`` members (torch
    pickles). For the refusal's message: any SB3 model needs trust, whatever is listed."""
    try:
        with zipfile.ZipFile(path) as archive:
            names = archive.namelist()
            found = []
            if "data" in names:
                try:
                    data = json.loads(archive.read("data").decode())
                except (ValueError, UnicodeDecodeError):
                    data = None
                if isinstance(data, dict):
                    pickled = [k for k, v in data.items() if isinstance(v, dict) and ":serialized:" in v]
                    if pickled:  # a trained model has a dozen: the first few make the point
                        more = f" and {len(pickled) - 4} more" if len(pickled) > 4 else ""
                        found.append(f"'data' entries {', '.join(pickled[:4])}{more} (cloudpickle)")
                else:
                    found.append("a 'data' entry that is not SB3's JSON")
            pth = [n for n in names if os.path.splitext(n)[1] == ".pth"]
            if pth:
                found.append(f"{', '.join(pth)} (torch pickles)")
            return found
    except zipfile.BadZipFile:
        raise ConfigError(f"policy file {path}: not a zip archive (a stable-baselines3 model is one)") from None


def _python_runs_code(path: Path) -> str:
    return "a Python policy file runs its code, with your permissions, as it is loaded"


def _sb3_runs_code(path: Path) -> str:
    found = sb3_pickles(path)
    held = f" (this one holds {'; '.join(found)})" if found else ""
    return ("stable-baselines3 model files contain Python pickles" + held +
            ", and loading a pickle can run arbitrary code")


@dataclass(frozen=True)
class PolicyFormat:
    """A kind of policy file: its suffix, how it loads, and whether loading it runs code.

    ``runs_code(path)`` inspects the file without loading it and says why loading it
    would run code (the refusal's reason), or ``None`` when it cannot (such a format
    loads without trust).
    """

    suffix: str
    what: str  # what the file is, after its suffix in messages: "a .zip stable-baselines3 model"
    load: Callable[[Path, str], Agent]
    runs_code: Callable[[Path], str | None]


#: policy file kinds by suffix
FORMATS: dict[str, PolicyFormat] = {
    ".py": PolicyFormat(".py", "policy", _load_python, _python_runs_code),
    ".zip": PolicyFormat(".zip", "stable-baselines3 model", _load_sb3, _sb3_runs_code),
}


def check_trust(path: Path, fmt: PolicyFormat, trust: bool | None = None) -> None:
    """Refuse a file whose loading would run code, unless it is trusted (``trust``, or
    else the session's :func:`policy_files_trusted`); the error says why and how to opt in."""
    if trust is None:
        trust = policy_files_trusted()
    if trust:
        return
    reason = fmt.runs_code(path)
    if reason is not None:
        raise UntrustedPolicyError(f"policy file {path} refused: {reason}. Load it only if you made it or trust "
                                   f"where it came from: {HOW_TO_TRUST}")


def from_spec(arg: str | None, game: str, trust: bool | None = None) -> Agent:
    """The agent of ``policy:<path>``; ``trust`` overrides the session's trust in policy files."""
    if not arg:
        raise ConfigError("agent 'policy' needs a file: policy:<path to .py or .zip>")
    path = Path(arg).expanduser()
    if not path.is_file():
        raise ConfigError(f"policy file {arg!r} not found")
    fmt = FORMATS.get(path.suffix)
    if fmt is None:
        kinds = " or ".join(f"a {f.suffix} {f.what}" for f in FORMATS.values())
        raise ConfigError(f"policy file {arg!r}: expected {kinds}")
    check_trust(path, fmt, trust)
    return fmt.load(path, game)
