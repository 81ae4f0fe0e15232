"""The policy network's shared encoder: one wide first layer for both actor and critic.

Card-game observations are long (Battle Spirits: 7,173 floats) and the first layer is
where nearly all of PPO's update time goes. SB3's ``MlpPolicy`` gives the actor and the
critic each their own first layer; sharing one halves that cost, and the two heads
need the same facts about the board anyway.
"""
from __future__ import annotations

import gymnasium as gym
import torch
from stable_baselines3.common.torch_layers import BaseFeaturesExtractor


class SharedEncoder(BaseFeaturesExtractor):
    """``Linear(observation -> features_dim) + ReLU``, shared by the policy and value heads."""

    def __init__(self, observation_space: gym.spaces.Box, features_dim: int = 256) -> None:
        super().__init__(observation_space, features_dim)
        self.net = torch.nn.Sequential(torch.nn.Linear(int(observation_space.shape[0]), features_dim),
                                       torch.nn.ReLU())

    def forward(self, observations: torch.Tensor) -> torch.Tensor:
        return self.net(observations)
