"""Agents from policy files: ``policy:<path>``.

A trained policy maps a seat's observation and the legal-action mask to an action;
this module turns one into an agent that plays greedily (the same action for the same
view, so arena results stay reproducible). Three kinds of file:

``*.safetensors`` (or a training run's folder, for its ``final.safetensors``)
    a network saved by ``tcgzoo train`` as weights plus JSON metadata
    (``agents.model_file``): nothing in it is unpickled or run, so it loads without trust.

``*.py``
    a Python file defining ``policy(observation, mask) -> int`` (numpy float32 vector
    and bool mask), or ``make_agent(game) -> Agent`` for anything richer.
``*.zip``
    an sb3-contrib ``MaskablePPO`` model saved by ``model.save`` (the masked self-play
    recipe), given ``observation_tensor(player)`` and the mask: the layout PettingZoo's
    SB3 action-mask tutorial trains on.

A network (either kind) plays as :class:`NetworkPolicyAgent`, whose ``act_batch``
decides several games with one pass (the arena's side-by-side play).

The last two kinds run code when loaded: a Python file by definition, and a stable-baselines3
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
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from .base import Agent, ConfigError, GameState, playable_mask

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
        mask = playable_mask(state)
        a = int(self.policy(state.observation_tensor(player), mask))
        if not (0 <= a < len(mask) and mask[a]):
            raise ConfigError(
                f"policy {self.name!r} chose illegal action {a} ({len(state.legal_actions())} legal actions)"
            )
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


class ActorNet:
    """The actor of an SB3 actor-critic policy over a batch of observations:
    ``logits(observations [B, D]) -> [B, A]`` float64, one torch pass (``no_grad``) per batch.

    The first (wide) linear layer reads only the weight rows of the columns that are
    non-zero in some observation of the batch: observations are sparse, and a dense pass
    streams the whole first-layer weight (the encoder's, 7,173 x 256 in Battle Spirits)
    from memory for every call. The layers run in float64, so a row's logits do not depend
    (beyond ~1e-15) on which other rows share its batch, and in torch on the thread count
    the loader sets (1): numpy's BLAS starts its own threads, which on a small shared
    machine made the same call vary 50-fold. A network with a layer other than ``Linear``,
    ``Tanh`` and ``ReLU`` runs through SB3's own forward instead. Equal to SB3's logits (tested).
    """

    def __init__(self, policy) -> None:
        import torch

        self.policy = policy
        modules = []
        extractor = policy.pi_features_extractor
        net = getattr(extractor, "net", None)
        if type(extractor).__name__ == "FlattenExtractor":
            pass  # a flat observation passes through
        elif isinstance(net, torch.nn.Sequential):  # training.network.SharedEncoder
            modules += list(net)
        else:
            modules = None
        if modules is not None:
            modules += list(policy.mlp_extractor.policy_net) + [policy.action_net]
        self.layers: list[tuple] | None = []
        for m in modules or ():
            if isinstance(m, torch.nn.Linear):
                self.layers.append(("linear", m.weight.detach().double().T.contiguous(), m.bias.detach().double()))
            elif isinstance(m, (torch.nn.Tanh, torch.nn.ReLU)):
                self.layers.append((type(m).__name__,))
            else:
                self.layers = None
                break
        if modules is None or not self.layers or self.layers[0][0] != "linear":
            self.layers = None

    @staticmethod
    def observe(state: GameState, player: int) -> np.ndarray:
        """What the network reads of ``state``: ``player``'s flat observation."""
        return np.asarray(state.observation_tensor(player), dtype=np.float32)

    @staticmethod
    def stack(observations: list[np.ndarray]) -> np.ndarray:
        """Observations of several games as one batch for :meth:`logits`."""
        return np.stack(observations)

    def logits(self, observations: np.ndarray) -> np.ndarray:
        import torch

        obs = np.asarray(observations, dtype=np.float32)
        with torch.no_grad():
            if self.layers is None:
                pol = self.policy
                features = pol.extract_features(torch.as_tensor(obs), pol.pi_features_extractor)
                return pol.action_net(pol.mlp_extractor.forward_actor(features)).double().numpy()
            _, w, b = self.layers[0]
            cols = np.flatnonzero(obs.any(axis=0))
            x = torch.from_numpy(obs[:, cols].astype(np.float64)) @ w[torch.from_numpy(cols)] + b
            for layer in self.layers[1:]:
                if layer[0] == "linear":
                    x = x @ layer[1] + layer[2]
                elif layer[0] == "Tanh":
                    x = torch.tanh(x)
                else:
                    x = torch.relu(x)
            return x.numpy()


def check_observation_size(name: str, expected: int, got: int) -> None:
    """Refuse a flat observation of another length than the policy was trained on."""
    if got != expected:
        raise ConfigError(
            f"policy {name!r} takes observations of {expected} floats; this game gives {got} "
            "(another card pool or deck file than it was trained on?)"
        )


class NetworkPolicyAgent(PolicyAgent):
    """Greedy play of a policy network: the masked argmax of its logits, which is what
    SB3's ``predict(deterministic=True)`` returns (tested), without SB3's per-call cost.

    ``act_batch(states, players)`` decides several games at once with one pass of the
    network; the arena uses it to play the games of a chunk side by side
    (``arena.play_chunk``). The agent keeps nothing per game (``reset`` does nothing), so
    one instance serves any number of games.
    """

    def __init__(self, net: ActorNet, name: str = "policy", observation_size: int | None = None) -> None:
        super().__init__(self._policy, name)
        self.net = net  # ActorNet, or training.attention.EntityActorNet (entity observations)
        self.observation_size = observation_size

    def _policy(self, obs: np.ndarray, mask: np.ndarray) -> int:
        return self._choose(np.asarray(obs, dtype=np.float32)[None], mask[None])[0]

    def act(self, state: GameState, player: int) -> int:
        return self.act_batch([state], [player])[0]

    def _choose(self, obs, masks: np.ndarray) -> list[int]:
        if self.observation_size is not None:  # a flat observation (an entity table is checked on load)
            check_observation_size(self.name, self.observation_size, obs.shape[1])
        logits = np.where(masks, self.net.logits(obs), -np.inf)
        return [int(a) for a in np.argmax(logits, axis=1)]

    def act_batch(self, states: Sequence[GameState], players: Sequence[int]) -> list[int]:
        """``act`` for several states (of different games) with one network pass."""
        if not states:
            return []
        masks = np.stack([playable_mask(s) for s in states])
        obs = self.net.stack([self.net.observe(s, p) for s, p in zip(states, players)])
        actions = self._choose(obs, masks)
        for a, m in zip(actions, masks):
            if not m[a]:  # only a network with no legal logit above -inf gets here
                raise ConfigError(f"policy {self.name!r} chose illegal action {a}")
        return actions


class SampledPolicyAgent:
    """A policy network played by drawing each move from its masked distribution (what it
    was trained to play), with a generator seeded per game (``reset``), so a seeded arena
    game replays: ``sampled:<path>``.

    Greedy play (``policy:<path>``) takes the most likely move every time, which can cycle
    where the trained policy would not: in Battle Spirits cores move freely in the main
    step, and a greedy policy moved one core between reserve and a spirit until the
    decision cap. A decision with a single playable action is played without the network.
    The logits come from ``net`` (``ActorNet`` or the attention policy's actor), float64.
    """

    def __init__(self, net: Any, name: str = "sampled", observation_size: int | None = None) -> None:
        self.name = name
        self.net = net
        self.observation_size = observation_size
        self.rng = np.random.default_rng(0)

    def reset(self, seed: int | None = None) -> None:
        self.rng = np.random.default_rng(seed)

    def act(self, state: GameState, player: int) -> int:
        mask = playable_mask(state)
        if mask.sum() == 1:
            return int(np.flatnonzero(mask)[0])
        obs = self.net.observe(state, player)
        if self.observation_size is not None:  # a flat observation (an entity table is checked on load)
            check_observation_size(self.name, self.observation_size, len(obs))
        return self.sample(self.logits(obs), mask)

    def sample(self, logits: np.ndarray, mask: np.ndarray) -> int:
        """Draw an action from the masked softmax of ``logits`` with this game's generator."""
        logits = np.where(mask, logits, -np.inf)
        probs = np.exp(logits - logits.max())
        return int(self.rng.choice(len(probs), p=probs / probs.sum()))

    def logits(self, observation) -> np.ndarray:
        """The actor's action logits for one observation (before masking), as float64."""
        return self.net.logits(self.net.stack([observation]))[0]


def sampled_from_spec(arg: str | None, game: str) -> Agent:
    """The agent of ``sampled:<path>``: a ``.safetensors`` policy (or a training run's
    folder) played by sampling; needs no trust (no pickle is read)."""
    if not arg:
        raise ConfigError(
            "agent 'sampled' needs a policy file: sampled:<path to .safetensors or a training run's folder>"
        )
    path = Path(arg).expanduser()
    if path.is_dir():
        from .model_file import resolve

        path = resolve(path)
    if path.suffix != ".safetensors" or not path.is_file():
        raise ConfigError(f"agent 'sampled': {arg!r} is not a .safetensors policy file or a training run's folder")
    greedy = _load_safetensors(path, game)
    assert isinstance(greedy, NetworkPolicyAgent)
    return SampledPolicyAgent(greedy.net, f"sampled:{arg}", greedy.observation_size)


def _torch_one_thread() -> None:
    import torch

    torch.set_num_threads(1)  # one game per process: parallelism comes from arena workers


def _load_sb3(path: Path, game: str | None = None) -> Agent:
    """Load a MaskablePPO model (the model's spaces fix its game; ``game`` gives an
    attention policy's checkpoint the game's entity observation)."""
    try:
        from sb3_contrib import MaskablePPO
    except ImportError:
        raise ConfigError(
            f"policy file {path}: loading a .zip model needs sb3-contrib (pip install -e '.[train]')"
        ) from None
    _torch_one_thread()
    model = MaskablePPO.load(str(path), device="cpu")
    model.policy.set_training_mode(False)
    if type(model.policy).__name__ == "AttentionPolicy":
        if game is None:
            raise ConfigError(f"policy file {path}: an attention policy's checkpoint needs its game")
        return NetworkPolicyAgent(actor_net(model.policy, game))
    return NetworkPolicyAgent(ActorNet(model.policy), observation_size=int(model.observation_space.shape[0]))


def _load_safetensors(path: Path, game: str) -> Agent:
    """Load a ``.safetensors`` policy saved by ``tcgzoo.agents.model_file`` (no pickle)."""
    try:
        import safetensors  # noqa: F401
        import sb3_contrib  # noqa: F401

        from .model_file import load_policy
    except ImportError as e:
        raise ConfigError(
            f"policy file {path}: loading a .safetensors policy needs the train extra (pip install -e '.[train]'): {e}"
        ) from None
    _torch_one_thread()
    policy, meta = load_policy(path, game)
    if "observation_size" not in meta:  # the entity observation: sizes checked by the game's own space
        return NetworkPolicyAgent(actor_net(policy, game))
    return NetworkPolicyAgent(ActorNet(policy), observation_size=int(meta["observation_size"]))


def actor_net(policy, game: str):
    """The batched float64 actor of a loaded policy of ``game``: :class:`ActorNet` for a flat
    observation, ``training.attention.EntityActorNet`` (reading the game's entity
    observation) for the attention policy."""
    if type(policy).__name__ != "AttentionPolicy":
        return ActorNet(policy)
    from tcgzoo.training.attention import EntityActorNet

    from .games import EntityObserver

    observer = EntityObserver(game)
    if policy.observation_space != observer.space:
        raise ConfigError(
            f"attention policy for {game!r} was trained on another entity observation "
            f"({policy.observation_space}) than this game gives ({observer.space}): "
            "another card pool or tcgzoo version?"
        )
    return EntityActorNet(policy, observer)


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
    return (
        "stable-baselines3 model files contain Python pickles" + held + ", and loading a pickle can run arbitrary code"
    )


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
    # weights and JSON metadata: nothing is unpickled or run, so no trust is needed
    ".safetensors": PolicyFormat(
        ".safetensors", "policy (weights and metadata, saved by tcgzoo train)", _load_safetensors, lambda path: None
    ),
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
        raise UntrustedPolicyError(
            f"policy file {path} refused: {reason}. Load it only if you made it or trust "
            f"where it came from: {HOW_TO_TRUST}"
        )


def from_spec(arg: str | None, game: str, trust: bool | None = None) -> Agent:
    """The agent of ``policy:<path>``; ``trust`` overrides the session's trust in policy files."""
    if not arg:
        raise ConfigError(
            "agent 'policy' needs a file: policy:<path to .py, .zip or .safetensors, or a training run's folder>"
        )
    path = Path(arg).expanduser()
    if path.is_dir():  # a training run's folder: its final.safetensors
        from .model_file import resolve

        path = resolve(path)
    if not path.is_file():
        raise ConfigError(f"policy file {arg!r} not found")
    fmt = FORMATS.get(path.suffix)
    if fmt is None:
        kinds = " or ".join(f"a {f.suffix} {f.what}" for f in FORMATS.values())
        raise ConfigError(f"policy file {arg!r}: expected {kinds}")
    check_trust(path, fmt, trust)
    return fmt.load(path, game)
