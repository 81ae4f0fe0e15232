"""The policy network's shared encoder: one wide first layer for both actor and critic.

Card-game observations are long (Battle Spirits: 7,173 floats) and the first layer is
where nearly all of PPO's update time goes. SB3's ``MlpPolicy`` gives the actor and the
critic each their own first layer; sharing one halves that cost, and the two heads
need the same facts about the board anyway.

The observations are also very sparse: a Battle Spirits observation has ~45 non-zero
entries of 7,173, and a minibatch of 1,024 of them touches only ~300 columns (Ninja
Slayer ~550 of 8,333, Leader Melee ~280 of 3,867). So the encoder multiplies only the
columns that are non-zero somewhere in the batch, with the matching columns of its
weight: the same sums (a zero input adds nothing to the output and gets no gradient),
an order of magnitude fewer multiplications, forward and backward. The parameters are
those of a plain ``Linear``, so saved policies do not change.
"""

from __future__ import annotations

import gymnasium as gym
import torch
from stable_baselines3.common.torch_layers import BaseFeaturesExtractor

#: above this share of used columns the dense product is as cheap as gathering columns
DENSE_ABOVE = 0.5


def sparse_linear(x: torch.Tensor, linear: torch.nn.Linear) -> torch.Tensor:
    """``linear(x)`` computed over the columns of ``x`` that are non-zero in some row.

    Equal to the dense product up to float rounding (the dropped terms are exact zeros);
    the weight's gradient is zero in the dropped columns, as the dense product's would be.
    """
    cols = torch.nonzero(x.any(dim=0)).squeeze(1)
    if cols.numel() > DENSE_ABOVE * x.shape[1]:
        return linear(x)
    return torch.addmm(linear.bias, x.index_select(1, cols), linear.weight.index_select(1, cols).t())


class SharedEncoder(BaseFeaturesExtractor):
    """``Linear(observation -> features_dim) + ReLU``, shared by the policy and value heads
    (the linear layer computed over the batch's non-zero columns: :func:`sparse_linear`)."""

    def __init__(self, observation_space: gym.spaces.Box, features_dim: int = 256) -> None:
        super().__init__(observation_space, features_dim)
        self.net = torch.nn.Sequential(torch.nn.Linear(int(observation_space.shape[0]), features_dim), torch.nn.ReLU())

    def forward(self, observations: torch.Tensor) -> torch.Tensor:
        return torch.relu(sparse_linear(observations, self.net[0]))


def evaluate_on_legal_columns(
    policy, obs: torch.Tensor, actions: torch.Tensor, action_masks: torch.Tensor | None = None
):
    """sb3-contrib's ``MaskableActorCriticPolicy.evaluate_actions`` (what PPO's update calls
    for every minibatch), with the action head and the masked distribution computed over
    the actions legal in some row of the minibatch only.

    A column that no row may play has probability exactly 0 in sb3-contrib's masked
    distribution (its logit is set to -1e8) and adds nothing to the log-sum-exp, the
    log-probabilities or the entropy, so dropping it changes no result beyond float
    rounding, and its weights get no gradient either way. Leader Melee has 525 actions
    and a minibatch plays a small part of them; the distribution's exponentials over the
    whole ``[1024, 525]`` were a quarter of its update. Returns ``(values, log_prob, entropy)``.
    """
    if action_masks is None or not policy.share_features_extractor:
        return type(policy).evaluate_actions(policy, obs, actions, action_masks)
    latent_pi, latent_vf = policy.mlp_extractor(policy.extract_features(obs))
    masks = torch.as_tensor(action_masks, dtype=torch.bool).reshape(len(latent_pi), -1)
    cols = torch.nonzero(masks.any(dim=0)).squeeze(1)
    head = policy.action_net
    logits = torch.nn.functional.linear(latent_pi, head.weight.index_select(0, cols), head.bias.index_select(0, cols))
    log_prob, entropy = masked_log_prob_entropy(logits, masks, cols, actions)
    return policy.value_net(latent_vf), log_prob, entropy


def masked_log_prob_entropy(
    logits: torch.Tensor, masks: torch.Tensor, cols: torch.Tensor, actions: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor]:
    """The log-probabilities of ``actions`` and the entropies of sb3-contrib's masked
    distribution, from the ``logits`` ``[B, len(cols)]`` of the action columns ``cols``
    only (``masks`` ``[B, A]``: every legal action must be among ``cols``)."""
    legal = masks.index_select(1, cols)
    log_p = torch.where(legal, logits, torch.tensor(-1e8, dtype=logits.dtype)).log_softmax(dim=-1)
    position = torch.full((masks.shape[1],), -1, dtype=torch.long)
    position[cols] = torch.arange(len(cols))
    log_prob = log_p.gather(1, position[actions.long().reshape(-1)].unsqueeze(1)).squeeze(1)
    entropy = -torch.where(legal, log_p.exp() * log_p, torch.zeros((), dtype=log_p.dtype)).sum(dim=-1)
    return log_prob, entropy


def use_legal_columns(policy) -> None:
    """Make ``policy.evaluate_actions`` :func:`evaluate_on_legal_columns` (on this instance
    only: the class, its saved files and everything else about the policy stay sb3-contrib's)."""
    import types

    policy.evaluate_actions = types.MethodType(evaluate_on_legal_columns, policy)
