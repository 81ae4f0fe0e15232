"""The training envs: one seat against a pool, and the batched SB3 VecEnv.

Checks shapes, masks (as sb3-contrib's MaskablePPO reads them), automatic reset, seat
alternation and that a seed fixes every game, whether the games are stepped in this
process or by worker processes.
"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("stable_baselines3")
pytest.importorskip("sb3_contrib")

from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported  # noqa: E402
from tcgzoo.envs.battle_spirits import Game  # noqa: E402
from tcgzoo.training.config import Rewards  # noqa: E402
from tcgzoo.training.single_agent import OpponentPool, SingleAgentEnv, playable_mask  # noqa: E402
from tcgzoo.training.vec_env import TcgVecEnv  # noqa: E402

GAME = "battle_spirits"


def _legal_random(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One uniformly random playable action per row."""
    return np.argmax(np.where(masks, rng.random(masks.shape), -1.0), axis=1)


def _play(venv: TcgVecEnv, steps: int, seed: int) -> tuple[list[np.ndarray], list[np.ndarray], list[np.ndarray], list]:
    rng = np.random.default_rng(seed)
    obs = [venv.reset()]
    rewards, dones, infos = [], [], []
    for _ in range(steps):
        o, r, d, i = venv.step(_legal_random(get_action_masks(venv), rng))
        obs.append(o)
        rewards.append(r)
        dones.append(d)
        infos.append(i)
    return obs, rewards, dones, infos


def test_single_agent_env_plays_alternate_seats_to_a_reward():
    env = SingleAgentEnv(GAME, opponents={"random": 1.0, "heuristic": 1.0}, seed=3)
    game = Game()
    assert env.observation_space.shape == (game.observation_size(),)
    assert env.action_space.n == game.num_distinct_actions()
    rng = np.random.default_rng(0)
    seats, outcomes = [], []
    obs, info = env.reset(seed=3)
    for _ in range(4):
        seats.append(info["seat"])
        done = False
        while not done:
            assert env.state.current_player() == env.seat  # the opponent's moves are inside step
            mask = env.action_masks()
            assert mask.any() and np.array_equal(mask, playable_mask(env.state))
            obs, reward, done, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
            assert obs.shape == env.observation_space.shape and obs.dtype == np.float32
            assert not truncated
            assert reward == 0.0 or done
        outcomes.append(reward)
        assert reward in (-1.0, 0.0, 1.0) and info["outcome"] == reward
        obs, info = env.reset()
    assert seats == [0, 1, 0, 1]


@pytest.mark.parametrize("gamma", [1.0, 0.9])
def test_shaping_is_potential_based_and_plays_the_same_games(gamma):
    """Each step pays gamma * phi(next) - phi(now), phi = shaping * the game's leaf
    evaluation from the learner's seat and 0 at the end; so an episode's discounted shaped
    rewards are its discounted result minus the first potential (Ng et al. 1999), and the
    games themselves are the unshaped env's."""
    from tcgzoo.agents.evaluate import evaluation_for

    value = evaluation_for(GAME)
    plain = SingleAgentEnv(GAME, opponents={"heuristic": 1.0}, seed=4)
    shaped = SingleAgentEnv(GAME, opponents={"heuristic": 1.0}, seed=4, rewards=Rewards(shaping=0.5, gamma=gamma))
    rng = np.random.default_rng(1)
    plain.reset(seed=4)
    shaped.reset(seed=4)
    for _ in range(3):
        phi0 = 0.5 * value(shaped.state, shaped.seat)
        assert shaped.potential() == pytest.approx(phi0)
        total, k, done, moved = 0.0, 0, False, 0
        while not done:
            a = int(rng.choice(np.flatnonzero(plain.action_masks())))
            o1, r1, d1, t1, i1 = plain.step(a)
            o2, r2, d2, t2, i2 = shaped.step(a)
            assert np.array_equal(o1, o2) and (d1, t1) == (d2, t2)
            total += gamma**k * r2
            moved += not d1 and r2 != 0.0  # the board's value changed: shaping paid something
            k += 1
            done = d1 or t1
        assert i2["outcome"] == i1["outcome"] == r1  # the result itself is reported unshaped
        assert total == pytest.approx(gamma ** (k - 1) * r1 - phi0) and moved
        plain.reset()
        shaped.reset()


def test_a_game_stopped_by_the_decision_cap_is_a_truncation_for_the_learner():
    """The cap (option max_decisions) ends a game without a result: truncated, not terminated,
    reward 0, and the info says why, as the PettingZoo env reports it (issue 12, part 1)."""
    env = SingleAgentEnv(GAME, options={"max_decisions": 40}, seed=2)
    env.reset(seed=2)
    for _ in range(100):
        _, reward, terminated, truncated, info = env.step(int(np.flatnonzero(env.action_masks())[0]))
        if terminated or truncated:
            break
    assert truncated and not terminated and reward == 0.0
    assert info["truncated_by"] == "max_decisions" and info["outcome"] == 0.0


def test_training_can_score_the_cap_as_a_result_so_stalling_never_pays():
    """``cap_reward=-1`` (TrainConfig's default): a game stopped by the cap ends the
    learner's episode as a loss, terminated (nothing to bootstrap), and says so."""
    env = SingleAgentEnv(GAME, options={"max_decisions": 40}, seed=2, rewards=Rewards(cap_reward=-1.0))
    env.reset(seed=2)
    for _ in range(100):
        _, reward, terminated, truncated, info = env.step(int(np.flatnonzero(env.action_masks())[0]))
        if terminated or truncated:
            break
    assert terminated and not truncated and reward == -1.0
    assert info["capped"] and info["outcome"] == -1.0 and env.state.capped


def test_a_step_cost_is_paid_on_every_learner_decision():
    """``step_cost``: each learner step's reward is lowered by it, the last one included,
    and the games are those of the env without it."""
    plain = SingleAgentEnv(GAME, opponents={"heuristic": 1.0}, seed=6)
    costly = SingleAgentEnv(GAME, opponents={"heuristic": 1.0}, seed=6, rewards=Rewards(step_cost=0.01))
    plain.reset(seed=6)
    costly.reset(seed=6)
    rng = np.random.default_rng(2)
    done = False
    while not done:
        a = int(rng.choice(np.flatnonzero(plain.action_masks())))
        o1, r1, d1, t1, _ = plain.step(a)
        o2, r2, d2, t2, _ = costly.step(a)
        assert np.array_equal(o1, o2) and (d1, t1) == (d2, t2)
        assert r2 == pytest.approx(r1 - 0.01)
        done = d1 or t1


def test_single_agent_env_refuses_an_unplayable_action():
    env = SingleAgentEnv(GAME, seed=0)
    env.reset(seed=0)
    bad = int(np.flatnonzero(~env.action_masks())[0])
    with pytest.raises(ValueError, match="not among the playable"):
        env.step(bad)


def test_the_learner_is_never_offered_concession():
    env = SingleAgentEnv(GAME, seed=1)
    env.reset(seed=1)
    state = env.state
    concede = state.CONCEDE
    assert state.legal_actions_mask()[concede] and not env.action_masks()[concede]


def test_opponent_pool_refuses_unknown_agents_and_bad_shares():
    with pytest.raises(Exception, match="nope"):
        OpponentPool(GAME, {"nope": 1.0})
    with pytest.raises(ValueError):
        OpponentPool(GAME, {"random": 0.0})


def test_vec_env_batch_shapes_masks_and_auto_reset():
    n = 6
    venv = TcgVecEnv(GAME, n_envs=n, workers=0, opponents={"random": 1.0, "heuristic": 1.0}, seed=11)
    try:
        game = Game()
        d, a = game.observation_size(), game.num_distinct_actions()
        assert is_masking_supported(venv)
        obs = venv.reset()
        assert obs.shape == (n, d) and obs.dtype == np.float32
        masks = get_action_masks(venv)
        assert masks.shape == (n, a) and masks.dtype == bool and masks.any(axis=1).all()
        assert np.array_equal(masks, venv.action_masks())
        rng = np.random.default_rng(0)
        finished = 0
        for _ in range(3000):
            obs, rewards, dones, infos = venv.step(_legal_random(get_action_masks(venv), rng))
            assert obs.shape == (n, d) and rewards.shape == (n,) and dones.shape == (n,)
            assert get_action_masks(venv).any(axis=1).all()  # every row has a pending decision
            for i in np.flatnonzero(dones):
                finished += 1
                assert infos[i]["terminal_observation"].shape == (d,)
                assert rewards[i] == infos[i]["outcome"]
            assert not rewards[~dones].any()
            if finished >= 4:
                break
        assert finished >= 4
        assert len(venv.get_attr("seat")) == n and venv.env_method("action_masks", indices=[1])[0].shape == (a,)
    finally:
        venv.close()


def test_vec_env_seeds_fix_the_games_with_or_without_workers():
    kwargs = {"n_envs": 4, "opponents": {"random": 1.0, "heuristic": 1.0}, "seed": 5}
    runs = []
    for workers in (0, 2):  # in process, then two worker processes: the same games
        venv = TcgVecEnv(GAME, workers=workers, **kwargs)
        try:
            runs.append(_play(venv, 150, seed=9))
        finally:
            venv.close()
    for other in runs[1:]:
        for a, b in zip(runs[0][0], other[0]):
            assert np.array_equal(a, b)
        for a, b in zip(runs[0][1], other[1]):
            assert np.array_equal(a, b)
    venv = TcgVecEnv(GAME, workers=0, **{**kwargs, "seed": 6})
    try:
        assert not np.array_equal(_play(venv, 50, seed=9)[0][-1], runs[0][0][50])
    finally:
        venv.close()


def test_the_learner_plays_its_own_deck_from_either_seat():
    env = SingleAgentEnv(GAME, decks=["red_rush", "blue_mill"], seed=0)
    mine, theirs = Game(decks=["red_rush", "blue_mill"]).decks
    for seat in (0, 1):
        env.reset()
        assert env.seat == seat
        game = env.games[seat]
        assert game.decks[seat] == mine and game.decks[1 - seat] == theirs


def _tiny_model(seed: int = 0):
    from sb3_contrib import MaskablePPO
    from tcgzoo.training.network import SharedEncoder

    venv = TcgVecEnv(GAME, n_envs=1, workers=0)
    try:
        return MaskablePPO(
            "MlpPolicy",
            venv,
            n_steps=64,
            batch_size=64,
            seed=seed,
            device="cpu",
            policy_kwargs={
                "features_extractor_class": SharedEncoder,
                "features_extractor_kwargs": {"features_dim": 16},
                "net_arch": [16],
            },
        )
    finally:
        venv.close()


def test_snapshot_opponents_sample_from_the_policys_masked_distribution(tmp_path):
    """A snapshot saved as .safetensors loads into the pool's agent, which samples from
    SB3's masked distribution of the saved policy."""
    import torch
    from tcgzoo.agents.model_file import save_policy
    from tcgzoo.training.single_agent import SnapshotAgent

    model = _tiny_model(0)
    agent = SnapshotAgent.from_file(save_policy(model.policy, tmp_path / "s.safetensors", GAME), GAME)
    agent.reset(1)
    state = Game().new_initial_state(seed=4)
    for _ in range(40):
        p, mask = state.current_player(), playable_mask(state)
        obs = torch.as_tensor(state.observation_tensor(p))[None]
        with torch.no_grad():
            ref = agent.policy.get_distribution(obs, action_masks=mask[None]).distribution.probs[0].numpy()
        logits = np.where(mask, agent.logits(state.observation_tensor(p)), -np.inf)
        probs = np.exp(logits - logits.max())
        assert np.allclose(probs / probs.sum(), ref, atol=1e-5)
        a = agent.act(state, p)
        assert mask[a]
        state.apply_action(a)


def test_policy_agent_plays_what_sb3_predicts(tmp_path):
    """``policy:<model.zip>`` computes the logits itself (sparse first layer); its greedy
    choice is SB3's ``predict(deterministic=True)`` with the same mask."""
    from sb3_contrib import MaskablePPO
    from tcgzoo.agents.policy import from_spec
    from tcgzoo.training.network import SharedEncoder

    venv = TcgVecEnv(GAME, n_envs=1, workers=0)
    try:
        model = MaskablePPO(
            "MlpPolicy",
            venv,
            n_steps=64,
            batch_size=64,
            seed=1,
            device="cpu",
            policy_kwargs={
                "features_extractor_class": SharedEncoder,
                "features_extractor_kwargs": {"features_dim": 16},
                "net_arch": [16],
            },
        )
    finally:
        venv.close()
    model.save(tmp_path / "m.zip")
    agent = from_spec(str(tmp_path / "m.zip"), GAME, trust=True)
    state = Game().new_initial_state(seed=9)
    for _ in range(60):
        if state.is_terminal():
            break
        p, mask = state.current_player(), playable_mask(state)
        ref, _ = model.predict(state.observation_tensor(p), action_masks=mask, deterministic=True)
        a = agent.act(state, p)
        assert a == int(ref)
        state.apply_action(a)


def test_the_learner_is_asked_only_real_choices():
    """Forced decisions (one playable action) are applied for the learner: every step it
    sees offers at least two actions, and the games still end with a result."""
    from tcgzoo.training.single_agent import SingleAgentEnv

    env = SingleAgentEnv("ninja_slayer", opponents={"random": 1.0}, seed=3)
    rng = np.random.default_rng(0)
    obs, _ = env.reset(seed=3)
    ends = 0
    for _ in range(3000):
        mask = env.action_masks()
        assert mask.sum() >= 2
        obs, reward, done, _, _ = env.step(int(rng.choice(np.flatnonzero(mask))))
        if done:
            ends += 1
            assert reward in (-1.0, 0.0, 1.0)
            obs, _ = env.reset()
    assert ends >= 2


def test_snapshots_join_the_pool_and_batched_opponent_moves_play_as_alone(tmp_path):
    """Snapshots added to a batch's pool (by file) are drawn as ``self#<step>``; the batch
    decides their moves with one network pass per snapshot, and every game plays exactly
    what the same game plays stepped alone (SingleAgentEnv.step, one decision at a time)."""
    from tcgzoo.agents.model_file import save_policy
    from tcgzoo.training.single_agent import SnapshotAgent

    files = [save_policy(_tiny_model(s).policy, tmp_path / f"s{s}.safetensors", GAME) for s in (0, 1)]
    n, steps = 6, 120
    venv = TcgVecEnv(GAME, n_envs=n, workers=0, opponents={"self": 1.0}, seed=21)
    alone = [SingleAgentEnv(GAME, opponents=OpponentPool(GAME, {"self": 1.0})) for _ in range(n)]
    try:
        for k, f in enumerate(files):
            venv.add_snapshot(str(f), f"self#{k}")
            for env in alone:
                env.pool.add_snapshot(str(f), f"self#{k}")
        assert list(venv._local.pool.snapshots) == ["self#0", "self#1"]
        rng = np.random.default_rng(2)
        obs = venv.reset()
        ref = np.stack([env.reset(seed=21 + i)[0] for i, env in enumerate(alone)])
        assert np.array_equal(obs, ref)
        met, ends = set(), 0
        for _ in range(steps):
            assert all(isinstance(e.opponent, SnapshotAgent) for e in venv._local.envs)
            met |= {e.member for e in venv._local.envs}
            actions = _legal_random(venv.action_masks(), rng)
            obs, rewards, dones, infos = venv.step(actions)
            for i, env in enumerate(alone):
                o, r, done, _, info = env.step(int(actions[i]))
                assert r == rewards[i] and done == dones[i]
                if done:
                    ends += 1
                    assert np.array_equal(o, infos[i]["terminal_observation"])
                    assert info["opponent"] == infos[i]["opponent"]
                    o, _ = env.reset()
                assert np.array_equal(o, obs[i])
        assert met == {"self#0", "self#1"} and ends >= 1
    finally:
        venv.close()


def test_snapshots_and_league_weights_reach_worker_processes(tmp_path):
    """The same games in process and in two worker processes, with a snapshot file added
    to every pool and the draw set by a league's weights."""
    from tcgzoo.agents.model_file import save_policy

    snap = save_policy(_tiny_model(3).policy, tmp_path / "s.safetensors", GAME)
    runs = []
    for workers in (0, 2):
        venv = TcgVecEnv(GAME, n_envs=4, workers=workers, opponents={"self": 0.5, "random": 0.5}, seed=8)
        try:
            venv.add_snapshot(str(snap), "self#7")
            venv.set_members({"self#7": 3.0, "random": 1.0})
            runs.append(_play(venv, 80, seed=1))
        finally:
            venv.close()
    for a, b in zip(runs[0][0], runs[1][0]):
        assert np.array_equal(a, b)
    met = {i["opponent"] for step in runs[0][3] for i in step if "outcome" in i}
    assert met <= {"self#7", "random"}
