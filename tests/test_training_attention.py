"""The attention policy (training/attention.py) on a synthetic entity task.

The synthetic env emits the entity observation the games give with ``obs_type="entities"``
(card, zone, feat, mask, glob, act_tok, action_mask): a few card tokens, one of them the
target card, an action per token ("pick this card") and a few actions on no card; picking
the target's token wins. Which slot the target sits in changes every episode, so only a
policy that points at the card (not at a slot) solves it.
"""

from __future__ import annotations

import numpy as np
import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("sb3_contrib")
pytest.importorskip("safetensors")

import gymnasium as gym  # noqa: E402
from sb3_contrib import MaskablePPO  # noqa: E402
from stable_baselines3.common.vec_env import DummyVecEnv  # noqa: E402
from tcgzoo.training.attention import AttentionPolicy, EntityActorNet, attention_policy_kwargs, entity_space  # noqa: E402

T, F, G, N, Z = 8, 3, 2, 10, 4  # tokens, token features, globals, cards in the pool, zones
A = T + 4  # one "pick" action per token, then four actions on no card
TARGET = 5 + 2  # the target's card id (pool index 5)


class PickTheCard(gym.Env):
    """One decision per episode: reward 1 for the action on the token holding ``TARGET``."""

    def __init__(self, seed: int = 0) -> None:
        self.observation_space = entity_space(T, F, G, N + 2, Z, A)
        self.action_space = gym.spaces.Discrete(A)
        self.rng = np.random.default_rng(seed)
        self.obs: dict[str, np.ndarray] = {}

    def _deal(self) -> dict[str, np.ndarray]:
        rng = self.rng
        n = int(rng.integers(3, T + 1))  # real tokens
        card = np.zeros(T, np.int64)
        others = [c for c in range(2, N + 2) if c != TARGET]
        card[:n] = rng.choice(others, size=n)
        self.target = int(rng.integers(n))
        card[self.target] = TARGET
        card[n - 1] = 1 if self.target != n - 1 else card[n - 1]  # a hidden card too
        zone = np.where(np.arange(T) < n, rng.integers(0, Z, T), 0)
        feat = np.where((np.arange(T) < n)[:, None], rng.normal(size=(T, F)), 0).astype(np.float32)
        act_tok = np.concatenate([np.where(np.arange(T) < n, np.arange(T), -1), -np.ones(A - T, np.int64)])
        legal = np.concatenate([np.arange(T) < n, [True, True, False, True]]).astype(np.int8)
        self.obs = {
            "card": card,
            "zone": zone.astype(np.int64),
            "feat": feat,
            "mask": (np.arange(T) < n).astype(np.int8),
            "glob": rng.normal(size=G).astype(np.float32),
            "act_tok": act_tok.astype(np.int64),
            "action_mask": legal,
        }
        return self.obs

    def reset(self, *, seed=None, options=None):
        if seed is not None:
            self.rng = np.random.default_rng(seed)
        return self._deal(), {}

    def step(self, action):
        assert self.obs["action_mask"][action], f"illegal action {action}"
        reward = float(action == self.target)
        return self._deal(), reward, True, False, {}

    def action_masks(self) -> np.ndarray:
        return self.obs["action_mask"].astype(bool)


@pytest.fixture(autouse=True)
def _one_torch_thread():
    """One torch thread, as training runs (``torch_threads=1``): with two on a busy small
    machine the small ops of these tests took 20 times longer."""
    before = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(before)


def _model(seed: int = 0, n_envs: int = 4, **kw) -> MaskablePPO:
    venv = DummyVecEnv([lambda i=i: PickTheCard(seed + i) for i in range(n_envs)])
    kw = {"n_steps": 32, "batch_size": 64, "n_epochs": 4, "learning_rate": 3e-3, "gamma": 0.0, "ent_coef": 0.0, **kw}
    return MaskablePPO(
        AttentionPolicy,
        venv,
        policy_kwargs=attention_policy_kwargs(d_model=32, n_heads=4, ff_dim=64),
        seed=seed,
        device="cpu",
        **kw,
    )


def _batch(env: PickTheCard, n: int) -> tuple[dict[str, np.ndarray], list[int]]:
    rows, targets = [], []
    for _ in range(n):
        rows.append(dict(env._deal()))
        targets.append(env.target)
    return EntityActorNet.stack(rows), targets


def _probs(policy, obs: dict[str, np.ndarray]) -> np.ndarray:
    with torch.no_grad():
        tensors = {k: torch.as_tensor(v) for k, v in obs.items()}
        return policy.get_distribution(tensors).distribution.probs.numpy()


def test_shapes_and_masked_actions_are_never_chosen():
    model = _model()
    policy = model.policy
    obs, _ = _batch(PickTheCard(1), 64)
    tensors = {k: torch.as_tensor(v) for k, v in obs.items()}
    with torch.no_grad():
        tokens, glob = policy.encode(tensors)
        actions, values, log_prob = policy(tensors, action_masks=obs["action_mask"].astype(bool))
    assert tokens.shape == (64, obs["mask"].sum(1).max(), 32) and glob.shape == (64, 32)  # trailing padding cut
    assert values.shape == (64, 1) and log_prob.shape == (64,) and actions.shape == (64,)
    assert obs["action_mask"][np.arange(64), actions.numpy()].all()
    probs = _probs(policy, obs)
    assert probs.shape == (64, A)
    assert (probs[obs["action_mask"] == 0] == 0).all()
    assert np.allclose(probs.sum(1), 1)
    # sampling many times from a near-uniform untrained policy still never leaves the mask
    for _ in range(20):
        with torch.no_grad():
            a = policy(tensors, action_masks=obs["action_mask"].astype(bool))[0].numpy()
        assert obs["action_mask"][np.arange(64), a].all()
    # the update's legal-columns evaluation equals the full masked distribution's
    acts = torch.as_tensor(actions, dtype=torch.float32)
    _, lp, ent = policy.evaluate_actions(tensors, acts, torch.as_tensor(obs["action_mask"].astype(bool)))
    dist = policy.get_distribution(tensors, obs["action_mask"].astype(bool))
    assert torch.allclose(lp, dist.log_prob(acts), atol=1e-5)
    assert torch.allclose(ent, dist.entropy(), atol=1e-5)


def test_a_large_batch_encoded_in_length_buckets_gives_the_same_logits(monkeypatch):
    from tcgzoo.training import attention

    policy = _model().policy
    obs, _ = _batch(PickTheCard(2), 400)  # rows of 3 to 8 tokens
    tensors = {k: torch.as_tensor(v) for k, v in obs.items()}
    out = []
    for buckets in (attention.BUCKETS, 1):
        monkeypatch.setattr(attention, "BUCKETS", buckets)
        with torch.no_grad():
            out.append(policy.logits(*policy.encode(tensors), tensors["act_tok"]))
    assert torch.allclose(out[0], out[1], atol=1e-5)


def test_the_pointer_learns_to_pick_the_card():
    model = _model()
    obs, targets = _batch(PickTheCard(123), 200)
    before = (np.argmax(_probs(model.policy, obs), 1) == targets).mean()
    model.learn(total_timesteps=768)
    after = (np.argmax(_probs(model.policy, obs), 1) == targets).mean()
    assert before < 0.5
    assert after > 0.9, (before, after)


def test_save_load_round_trip_and_float64_actor(tmp_path):
    from tcgzoo.agents.model_file import load_policy, read_metadata, save_policy

    model = _model(seed=3)
    model.learn(total_timesteps=128)
    path = save_policy(model.policy, tmp_path / "final.safetensors", "synthetic", {"steps": 128})
    meta = read_metadata(path)
    assert meta["network"]["policy"] == "AttentionPolicy" and meta["observation"]["kind"] == "entities"
    loaded, _ = load_policy(path, "synthetic")
    assert isinstance(loaded, AttentionPolicy)
    obs, _ = _batch(PickTheCard(9), 32)
    model.policy.set_training_mode(False)  # as loaded policies are (torch's fused attention path)
    assert np.array_equal(_probs(model.policy, obs), _probs(loaded, obs))
    # the float64 actor that snapshots and the arena use gives the same logits, batch or not
    net = EntityActorNet(loaded)
    logits = net.logits(obs)
    with torch.no_grad():
        t = {k: torch.as_tensor(v) for k, v in obs.items()}
        ref = loaded.logits(*loaded.encode(t), t["act_tok"]).numpy()
    assert np.allclose(logits, ref, atol=1e-4)
    one = net.logits({k: v[5:6] for k, v in obs.items()})
    assert np.allclose(one[0], logits[5], atol=1e-12)


def test_a_policy_file_with_attention_settings_it_does_not_know_is_refused(tmp_path):
    import json

    from safetensors.torch import load_file, save_file
    from tcgzoo.agents.base import ConfigError
    from tcgzoo.agents.model_file import HEADER_KEY, load_policy, read_metadata, save_policy

    path = save_policy(_model().policy, tmp_path / "p.safetensors", "synthetic")
    meta, tensors = read_metadata(path), load_file(str(path))
    for key, value, says in (
        ("features_extractor_kwargs", {"d_model": 32, "evil": "os.system"}, "evil"),
        ("features_extractor_kwargs", {"d_model": 48}, "do not fit"),
        ("observation", {"kind": "pixels"}, "pixels"),
    ):
        bad = json.loads(json.dumps(meta))
        (bad["network"] if key == "features_extractor_kwargs" else bad)[key] = value
        save_file(tensors, str(tmp_path / "bad.safetensors"), metadata={HEADER_KEY: json.dumps(bad)})
        with pytest.raises(ConfigError, match=says):
            load_policy(tmp_path / "bad.safetensors", "synthetic")


def test_same_seed_same_model():
    params = []
    for _ in range(2):
        model = _model(seed=7)
        model.learn(total_timesteps=256)
        params.append(torch.cat([p.detach().flatten() for p in model.policy.parameters()]))
    assert torch.equal(params[0], params[1])
    first = [torch.cat([p.detach().flatten() for p in _model(seed=s).policy.parameters()]) for s in (7, 7, 8)]
    assert torch.equal(first[0], first[1]) and not torch.equal(first[0], first[2])


# ---- on a real game, through the trainer (needs the game's entity observation) ------------------
GAME = "ninja_slayer"
needs_entities = pytest.mark.skipif(
    __import__("importlib.util").util.find_spec(f"tcgzoo.envs.{GAME}.entities") is None,
    reason=f"{GAME} has no entity observation module in this tree",
)


@needs_entities
def test_the_learners_env_gives_the_entity_observation_with_its_mask():
    from tcgzoo.training.single_agent import SingleAgentEnv

    env = SingleAgentEnv(GAME, obs_type="entities", seed=0, opponents={"random": 1.0})
    obs, _ = env.reset(seed=0)
    rng = np.random.default_rng(0)
    pointed = 0
    for _ in range(200):
        assert env.observation_space.contains(obs)
        mask = env.action_masks()
        assert np.array_equal(obs["action_mask"].astype(bool), mask)
        tok = obs["act_tok"][mask]
        assert (tok < obs["mask"].sum()).all()  # an action points at a real token or at none
        pointed += int((tok >= 0).sum())
        obs, _, terminated, truncated, _ = env.step(int(rng.choice(np.flatnonzero(mask))))
        if terminated or truncated:
            obs, _ = env.reset()
    assert pointed > 0
    with pytest.raises(ValueError, match="obs_type"):
        SingleAgentEnv(GAME, obs_type="pixels")


@needs_entities
def test_train_policy_attention_end_to_end(tmp_path, monkeypatch):
    """``tcgzoo train --policy attention``: snapshot opponents of the same kind, the final
    model file records the policy, ``policy:<run>`` loads without trust and plays legal games."""
    import json

    from tcgzoo.agents.base import make_agent
    from tcgzoo.agents.cli import main
    from tcgzoo.agents.games import make_game
    from tcgzoo.agents.policy import trusting_policy_files
    from tcgzoo.agents.random_agent import RandomAgent
    from tcgzoo.training.single_agent import SnapshotAgent

    out = tmp_path / "att"
    code = main(
        [
            "train",
            "--game",
            GAME,
            "--policy",
            "attention",
            "--out",
            str(out),
            "--steps",
            "256",
            "--seed",
            "1",
            "--envs",
            "4",
            "--eval-games",
            "2",
            "--quiet",
            "--snapshot-every",
            "128",
            "--opponents",
            "random=1",
            "self=1",
            "--set",
            "n_steps=32",
            "--set",
            "batch_size=64",
            "--set",
            "n_epochs=1",
            "--set",
            'attention={"d_model": 16, "n_heads": 2, "n_layers": 1, "ff_dim": 32}',
        ]
    )
    assert code == 0
    meta = json.loads((out / "final.json").read_text())
    assert meta["network"]["policy"] == "AttentionPolicy" and meta["hyperparameters"]["policy"] == "attention"
    assert meta["observation"]["kind"] == "entities" and "observation_size" not in meta
    assert sorted(p.name for p in (out / "snapshots").glob("*.safetensors")) == [
        "step_128.safetensors",
        "step_256.safetensors",
    ]
    snap = SnapshotAgent.from_file(out / "snapshots" / "step_256.safetensors", GAME)
    monkeypatch.delenv("TCGZOO_TRUST_POLICY_FILES", raising=False)  # no pickle: no trust needed
    agent = make_agent(f"policy:{out}", GAME)
    opponent = RandomAgent(seed=1)
    game = make_game(GAME)
    for seat in (0, 1):
        state = game.new_initial_state(seed=7 + seat)
        moves = 0
        while not state.is_terminal() and moves < 400:
            p = state.current_player()
            a = agent.act(state, p) if p == seat else opponent.act(state, p)
            assert a in state.legal_actions()
            if p == seat:  # the snapshot's float64 actor decides alone as in a batch
                one = snap.logits(snap.net.observe(state, p))
                both = snap.net.logits(snap.net.stack([snap.net.observe(state, p)] * 3))
                assert np.allclose(one, both[2], atol=1e-12)
            state.apply_action(a)
            moves += 1
    # the run's stable-baselines3 checkpoint (pickles: with trust) plays as the same agent
    with trusting_policy_files():
        ckpt = make_agent(f"policy:{sorted((out / 'checkpoints').glob('*.zip'))[-1]}", GAME)
    state = game.new_initial_state(seed=3)
    assert ckpt.act(state, state.current_player()) == agent.act(state, state.current_player())


@needs_entities
@pytest.mark.parametrize("backend", ["local", pytest.param("ray", marks=pytest.mark.slow)])
def test_entity_observations_are_the_same_from_workers(backend, request):
    """The entity observation crosses to worker processes through shared memory, one
    array per key, and comes back from Ray actors sparse per key: the batch gives what it
    gives in this process."""
    from tcgzoo.training.vec_env import TcgVecEnv

    if backend == "ray":
        request.getfixturevalue("local_ray")
    runs = []
    for where, workers in (("local", 0), (backend, 2)):
        venv = TcgVecEnv(
            GAME,
            n_envs=4,
            workers=workers,
            backend=where,
            seed=5,
            opponents={"random": 1.0, "heuristic": 1.0},
            obs_type="entities",
        )
        try:
            rng = np.random.default_rng(0)
            seen = [venv.reset()]
            for _ in range(40):
                masks = venv.action_masks()
                venv.step_async(np.array([rng.choice(np.flatnonzero(m)) for m in masks]))
                obs, rewards, dones, infos = venv.step_wait()
                seen.append(obs)
                seen.append(
                    {
                        "rewards": rewards,
                        "dones": dones,
                        **{
                            f"end{i}_{k}": v
                            for i, info in enumerate(infos)
                            for k, v in info.get("terminal_observation", {}).items()
                        },
                    }
                )
            runs.append(seen)
        finally:
            venv.close()
    assert set(runs[0][0]) == {"card", "zone", "feat", "mask", "glob", "act_tok", "action_mask"}
    for a, b in zip(*runs):
        assert a.keys() == b.keys()
        for k in a:
            assert np.array_equal(a[k], b[k]), k
