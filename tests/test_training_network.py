"""The training network's shortcuts compute what the plain layers compute.

``sparse_linear`` (the encoder over the batch's non-zero columns) and
``evaluate_on_legal_columns`` (PPO's per-minibatch evaluation over the legal actions)
give the same outputs and the same gradients as the dense versions, up to float rounding.
"""

from __future__ import annotations

import numpy as np
import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("sb3_contrib")

from tcgzoo.training.network import SharedEncoder, evaluate_on_legal_columns, sparse_linear  # noqa: E402


def test_sparse_linear_equals_the_dense_layer_with_its_gradient():
    torch.manual_seed(0)
    layer = torch.nn.Linear(500, 16)
    x = torch.zeros(64, 500)
    x.scatter_(1, torch.randint(0, 40, (64, 5)), torch.rand(64, 5))
    grads = []
    for f in (layer, lambda v: sparse_linear(v, layer)):
        layer.zero_grad()
        y = f(x)
        y.square().sum().backward()
        grads.append((y.detach(), layer.weight.grad.clone(), layer.bias.grad.clone()))
    for a, b in zip(*grads):
        assert torch.allclose(a, b, atol=1e-5)
    assert not grads[1][1][:, 40:].any()  # columns never non-zero get no gradient
    dense = torch.rand(8, 500)  # mostly non-zero: the plain product
    assert torch.allclose(sparse_linear(dense, layer), layer(dense), atol=1e-5)


def test_the_update_on_legal_columns_equals_sb3s_masked_evaluation():
    import gymnasium as gym
    from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy

    n_obs, n_actions, batch = 300, 60, 128
    policy = MaskableActorCriticPolicy(
        gym.spaces.Box(-1, 1, (n_obs,), np.float32),
        gym.spaces.Discrete(n_actions),
        lambda _: 1e-3,
        net_arch=[16],
        features_extractor_class=SharedEncoder,
        features_extractor_kwargs={"features_dim": 32},
    )
    rng = np.random.default_rng(0)
    obs = torch.as_tensor((rng.random((batch, n_obs)) < 0.05) * rng.random((batch, n_obs)), dtype=torch.float32)
    masks = np.zeros((batch, n_actions), dtype=bool)
    for row in masks:  # a few legal actions per row, among the first 20
        row[rng.choice(20, size=rng.integers(1, 6), replace=False)] = True
    actions = torch.as_tensor([rng.choice(np.flatnonzero(m)) for m in masks], dtype=torch.float32)  # SB3 stores floats
    out = []
    for f in (policy.evaluate_actions, lambda *a: evaluate_on_legal_columns(policy, *a)):
        policy.zero_grad()
        values, log_prob, entropy = f(obs, actions, torch.as_tensor(masks))
        (log_prob.mean() + 0.01 * entropy.mean() + values.square().mean()).backward()
        out.append(
            [values.detach(), log_prob.detach(), entropy.detach()] + [p.grad.clone() for p in policy.parameters()]
        )
    for a, b in zip(*out):
        assert torch.allclose(a, b, atol=1e-5)
    assert (out[1][2] >= 0).all() and (out[1][1] <= 0).all()
