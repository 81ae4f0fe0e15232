"""An attention policy over card tokens for sb3-contrib's MaskablePPO (issue 12, part 3).

The entity observation (``obs_type="entities"``) describes a decision as a table of card
tokens rather than a flat vector::

    card    [T]     int   pool index + 2 (1: a hidden card, 0: padding)
    zone    [T]     int   zone id (own and opponent zones distinct)
    feat    [T, F]  float the token's own features (owner, state, counters, the game's)
    mask    [T]     0/1   1 = a real token
    glob    [G]     float global features (life, turn, phase...)
    act_tok [A]     int   the token each action acts on, -1 = none
    action_mask [A] 0/1   legal actions

:class:`EntityEncoder` embeds each token (card embedding + zone embedding + a linear map
of its features), prepends a global token (a linear map of ``glob``) and runs a small
transformer encoder over them (padding tokens masked out of the attention).
:class:`AttentionPolicy` reads the action logits off the encoded tokens: an action that
acts on a card (``act_tok >= 0``) scores that card's token vector against a query of its
own (a *pointer*: the same "play this card" action points at whichever card sits in the
slot, so what is learned about a card follows the card), plus a linear head over the
global token that every action has (and that is all an action on no card has). The value
head reads the global token. Illegal actions are masked by sb3-contrib's masked
distribution, as for the flat MLP.

It is a ``MaskableActorCriticPolicy`` subclass, so MaskablePPO, its rollout buffer for
dict observations, ``model.save`` / ``MaskablePPO.load`` and ``predict`` work unchanged;
only the way the logits and values are computed is overridden. PPO's update evaluates the
logits over the columns legal somewhere in the minibatch only, as the flat policy's
``evaluate_on_legal_columns`` does: a pointer logit gathers a token vector per action, so
the dropped columns save memory as well as time.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
import torch
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
from stable_baselines3.common.torch_layers import BaseFeaturesExtractor
from torch import nn

from .network import masked_log_prob_entropy

#: the keys of the entity observation, as the envs' ``obs_type="entities"`` gives them
ENTITY_KEYS = ("card", "zone", "feat", "mask", "glob", "act_tok", "action_mask")


def entity_sizes(space: gym.spaces.Dict) -> dict[str, int]:
    """The sizes of an entity observation space: tokens T, token features F, globals G,
    card ids (pool + 2), zones Z, actions A. A clear error when a key is missing."""
    if not isinstance(space, gym.spaces.Dict):
        raise ValueError(
            f"the attention policy needs the entity observation (a Dict space with "
            f"{', '.join(ENTITY_KEYS)}), got {space}: train with obs_type='entities'"
        )
    missing = [k for k in ENTITY_KEYS if k not in space.spaces]
    if missing:
        raise ValueError(f"entity observation space lacks {missing} (has {list(space.spaces)})")
    tokens = int(space["card"].shape[0])
    feat = space["feat"].shape
    if len(feat) != 2 or feat[0] != tokens or space["zone"].shape != (tokens,) or space["mask"].shape != (tokens,):
        raise ValueError(
            f"entity observation space: card {space['card'].shape}, zone {space['zone'].shape}, "
            f"feat {feat}, mask {space['mask'].shape} do not share a token count"
        )
    return {
        "tokens": tokens,
        "token_features": int(feat[1]),
        "globals": int(space["glob"].shape[0]),
        "card_ids": int(np.max(space["card"].high)) + 1,
        "zones": int(np.max(space["zone"].high)) + 1,
        "actions": int(space["act_tok"].shape[0]),
    }


def entity_space(
    tokens: int, token_features: int, globals: int, card_ids: int, zones: int, actions: int
) -> gym.spaces.Dict:
    """The entity observation space of these sizes (:func:`entity_sizes` inverted): what a
    saved attention policy is rebuilt on."""
    box = gym.spaces.Box
    return gym.spaces.Dict(
        {
            "card": box(0, card_ids - 1, (tokens,), np.int64),
            "zone": box(0, zones - 1, (tokens,), np.int64),
            "feat": box(-np.inf, np.inf, (tokens, token_features), np.float32),
            "mask": box(0, 1, (tokens,), np.int8),
            "glob": box(-np.inf, np.inf, (globals,), np.float32),
            "act_tok": box(-1, tokens - 1, (actions,), np.int64),
            "action_mask": box(0, 1, (actions,), np.int8),
        }
    )


#: a batch of at least BUCKETS * BUCKET_ROWS rows is encoded in BUCKETS groups of similar length
BUCKETS, BUCKET_ROWS = 8, 32


class EntityEncoder(BaseFeaturesExtractor):
    """Card tokens and a global token through a small transformer encoder.

    ``encode(obs) -> (tokens [B, T, d], global [B, d])``; as a features extractor it
    returns the global token (what SB3's own code paths would read). Dropout is off: PPO
    compares the probabilities of the rollout with the update's, which must be the same
    function. Pre-norm layers (stable without a warm-up) and a final layer norm.
    """

    def __init__(
        self,
        observation_space: gym.spaces.Dict,
        d_model: int = 64,
        n_heads: int = 4,
        n_layers: int = 2,
        ff_dim: int = 128,
    ) -> None:
        super().__init__(observation_space, d_model)
        sizes = entity_sizes(observation_space)
        if d_model % n_heads:
            raise ValueError(f"d_model={d_model} is not a multiple of n_heads={n_heads}")
        self.card = nn.Embedding(sizes["card_ids"], d_model, padding_idx=0)
        self.zone = nn.Embedding(sizes["zones"], d_model)
        self.feat = nn.Linear(sizes["token_features"], d_model)
        self.glob = nn.Linear(sizes["globals"], d_model)
        layer = nn.TransformerEncoderLayer(d_model, n_heads, ff_dim, dropout=0.0, batch_first=True, norm_first=True)
        self.encoder = nn.TransformerEncoder(layer, n_layers, enable_nested_tensor=False)
        self.norm = nn.LayerNorm(d_model)

    def encode(self, obs: dict[str, torch.Tensor]) -> tuple[torch.Tensor, torch.Tensor]:
        """``(tokens [B, T', d], global [B, d])``, ``T'`` the batch's longest table.

        The games fill their tables from the front, and a table of 112 slots holds from a
        dozen to a hundred cards, so each row is cut after its last real (or pointed-at)
        token: the padding after it changes nothing (padded tokens are masked out of the
        attention) but the cost. A large batch (PPO's minibatches) is encoded in
        :data:`BUCKETS` groups of rows of similar length, each cut to its own longest row
        (a minibatch of 1,024 Ninja Slayer decisions, forward and backward: 2.6 s cut at the
        longest row, 1.0 s in 4 groups, 0.85 s in 8); token vectors past a row's length come
        back as zeros (no action points there).
        """
        real = obs["mask"] > 0.5
        slots = torch.arange(1, real.shape[1] + 1, device=real.device)
        lengths = torch.maximum((real * slots).amax(dim=1), obs["act_tok"].long().amax(dim=1) + 1).clamp(min=1)
        n = int(lengths.max())
        if len(lengths) < BUCKETS * BUCKET_ROWS:
            return self._encode_rows(obs, n)
        order = torch.argsort(lengths)
        parts = [
            self._encode_rows({k: v.index_select(0, rows) for k, v in obs.items()}, int(lengths[rows].max()))
            for rows in order.chunk(BUCKETS)
        ]
        tokens = torch.cat([torch.nn.functional.pad(t, (0, 0, 0, n - t.shape[1])) for t, _ in parts])
        glob = torch.cat([g for _, g in parts])
        inverse = torch.empty_like(order)
        inverse[order] = torch.arange(len(order), device=order.device)
        return tokens.index_select(0, inverse), glob.index_select(0, inverse)

    def _encode_rows(self, obs: dict[str, torch.Tensor], n: int) -> tuple[torch.Tensor, torch.Tensor]:
        """:meth:`encode` of rows whose tables all end before slot ``n``."""
        real = obs["mask"][:, :n] > 0.5
        card = obs["card"][:, :n].long()  # SB3 hands every Box over as floats; ids are exact in float32
        x = (
            self.card(card)
            + self.zone(obs["zone"][:, :n].long())
            + self.feat(obs["feat"][:, :n].to(self.feat.weight.dtype))
        )
        g = self.glob(obs["glob"].to(self.glob.weight.dtype)).unsqueeze(1)
        h = torch.cat([g, x], dim=1)
        # the global token is always real, so no row attends over nothing
        pad = torch.cat([torch.zeros_like(real[:, :1]), ~real], dim=1)
        h = self.norm(self.encoder(h, src_key_padding_mask=pad))
        return h[:, 1:], h[:, 0]

    def forward(self, observations: dict[str, torch.Tensor]) -> torch.Tensor:
        return self.encode(observations)[1]


class AttentionPolicy(MaskableActorCriticPolicy):
    """MaskablePPO's actor-critic over the entity observation: :class:`EntityEncoder`, a
    pointer logit for actions on a card plus a linear head over the global token, and a
    value head on the global token (see the module docstring).

    ``features_extractor_kwargs``: ``d_model`` (64), ``n_heads`` (4), ``n_layers`` (2),
    ``ff_dim`` (128). The extractor is always :class:`EntityEncoder` and shared by actor
    and critic; the other ``MaskableActorCriticPolicy`` options keep their meaning
    (``net_arch`` must stay empty: the heads read the encoder directly).
    """

    def __init__(
        self,
        observation_space: gym.spaces.Dict,
        action_space: gym.spaces.Discrete,
        lr_schedule,
        features_extractor_kwargs: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> None:
        entity_sizes(observation_space)  # a clear error for a flat observation
        if kwargs.pop("features_extractor_class", EntityEncoder) is not EntityEncoder:
            raise ValueError("AttentionPolicy's features extractor is EntityEncoder")
        if kwargs.pop("net_arch", None) not in (None, [], {}):
            raise ValueError("AttentionPolicy takes no net_arch: its heads read the encoder's tokens")
        if not kwargs.pop("share_features_extractor", True):
            raise ValueError("AttentionPolicy shares its encoder between actor and critic")
        kwargs["ortho_init"] = False  # the encoder keeps torch's initialisation; the heads get theirs in _build
        super().__init__(
            observation_space,
            action_space,
            lr_schedule,
            net_arch=[],
            features_extractor_class=EntityEncoder,
            features_extractor_kwargs=dict(features_extractor_kwargs or {}),
            share_features_extractor=True,
            **kwargs,
        )

    def _build(self, lr_schedule) -> None:
        d, n_actions = self.features_dim, int(self.action_space.n)
        self._build_mlp_extractor()  # no layers: an identity, kept for SB3's code that looks for it
        self.action_net = nn.Linear(d, n_actions)  # every action's logit from the global token
        self.pointer = nn.Linear(d, n_actions, bias=False)  # row a: action a's query against its token
        self.value_net = nn.Sequential(nn.Linear(d, d), nn.Tanh(), nn.Linear(d, 1))
        for layer, gain in (
            (self.action_net, 0.01),
            (self.pointer, 0.01),
            (self.value_net[0], np.sqrt(2)),
            (self.value_net[2], 1.0),
        ):
            nn.init.orthogonal_(layer.weight, gain=gain)  # near-uniform first policy, as SB3's heads
            if layer.bias is not None:
                nn.init.zeros_(layer.bias)
        self.optimizer = self.optimizer_class(self.parameters(), lr=lr_schedule(1), **self.optimizer_kwargs)

    # ---- the network ---------------------------------------------------------------------------
    def encode(self, obs) -> tuple[torch.Tensor, torch.Tensor]:
        """``(tokens [B, T, d], global [B, d])`` of SB3 observations (tensors, preprocessed here)."""
        from stable_baselines3.common.preprocessing import preprocess_obs

        return self.features_extractor.encode(preprocess_obs(obs, self.observation_space))

    def logits(
        self, tokens: torch.Tensor, glob: torch.Tensor, act_tok: torch.Tensor, cols: torch.Tensor | None = None
    ) -> torch.Tensor:
        """Action logits ``[B, A]`` (or ``[B, len(cols)]`` for the actions ``cols``):
        the global head's, plus for an action on token ``t`` the pointer ``tokens[t] . query``."""
        weight, bias, query = self.action_net.weight, self.action_net.bias, self.pointer.weight
        act_tok = act_tok.long()
        if cols is not None:
            weight, bias, query = weight.index_select(0, cols), bias.index_select(0, cols), query.index_select(0, cols)
            act_tok = act_tok.index_select(1, cols)
        out = torch.nn.functional.linear(glob, weight, bias)
        points = act_tok >= 0
        picked = tokens.gather(1, act_tok.clamp(min=0).unsqueeze(-1).expand(-1, -1, tokens.shape[-1]))
        return out + torch.where(points, (picked * query.unsqueeze(0)).sum(-1), torch.zeros((), dtype=out.dtype))

    def _distribution(self, obs, action_masks):
        tokens, glob = self.encode(obs)
        dist = self.action_dist.proba_distribution(action_logits=self.logits(tokens, glob, obs["act_tok"]))
        if action_masks is None:  # the observation carries its own mask
            action_masks = obs["action_mask"] > 0.5
        dist.apply_masking(action_masks)
        return dist, glob

    # ---- MaskableActorCriticPolicy -------------------------------------------------------------
    def forward(self, obs, deterministic: bool = False, action_masks: np.ndarray | None = None):
        dist, glob = self._distribution(obs, action_masks)
        actions = dist.get_actions(deterministic=deterministic)
        return actions.reshape(-1), self.value_net(glob), dist.log_prob(actions)

    def get_distribution(self, obs, action_masks: np.ndarray | None = None):
        return self._distribution(obs, action_masks)[0]

    def predict_values(self, obs) -> torch.Tensor:
        return self.value_net(self.encode(obs)[1])

    def evaluate_actions(self, obs, actions: torch.Tensor, action_masks: torch.Tensor | None = None):
        """PPO's update: values, log-probabilities of ``actions`` and entropies, with the
        logits computed over the actions legal in some row of the minibatch only
        (the others have probability exactly 0 in the masked distribution)."""
        tokens, glob = self.encode(obs)
        if action_masks is None:
            action_masks = obs["action_mask"] > 0.5
        masks = torch.as_tensor(action_masks, dtype=torch.bool).reshape(len(glob), -1)
        cols = torch.nonzero(masks.any(dim=0)).squeeze(1)
        log_prob, entropy = masked_log_prob_entropy(
            self.logits(tokens, glob, obs["act_tok"], cols), masks, cols, actions
        )
        return self.value_net(glob), log_prob, entropy


def attention_policy_kwargs(
    d_model: int = 64, n_heads: int = 4, n_layers: int = 2, ff_dim: int = 128
) -> dict[str, Any]:
    """MaskablePPO ``policy_kwargs`` for :class:`AttentionPolicy` of these sizes."""
    return {
        "features_extractor_kwargs": {"d_model": d_model, "n_heads": n_heads, "n_layers": n_layers, "ff_dim": ff_dim}
    }


class EntityActorNet:
    """The actor of an :class:`AttentionPolicy` over a batch of entity observations:
    ``logits(obs dict of [B, ...] arrays) -> [B, A]`` float64, one pass (``no_grad``).

    Runs a float64 copy of the network, so that a row's logits do not depend (beyond
    ~1e-15) on the other rows of its batch: a snapshot opponent plays the same game
    whether its moves are decided alone or batched (as ``agents.policy.ActorNet``).
    """

    def __init__(self, policy: AttentionPolicy, observer: Any = None) -> None:
        import copy

        optimizer, policy.optimizer = getattr(policy, "optimizer", None), None  # not copied: never used here
        try:
            self.policy = copy.deepcopy(policy).double()
        finally:
            policy.optimizer = optimizer
        self.policy.set_training_mode(False)
        self.observer = observer  # agents.games.EntityObserver of the game played (for observe)

    def observe(self, state: Any, player: int) -> dict[str, np.ndarray]:
        """What the network reads of ``state``: ``player``'s entity observation."""
        from tcgzoo.agents.base import playable_mask

        if self.observer is None:
            raise ValueError(
                "this EntityActorNet was made without the game's EntityObserver: it reads "
                "observations given to logits() only"
            )
        return self.observer(state, player, playable_mask(state))

    @staticmethod
    def stack(observations: list[dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
        """Observations of several games as one batch."""
        return {k: np.stack([o[k] for o in observations]) for k in observations[0]}

    def logits(self, observations: dict[str, np.ndarray]) -> np.ndarray:
        pol = self.policy
        with torch.no_grad():
            obs = {k: torch.as_tensor(np.asarray(v)) for k, v in observations.items()}
            floats = ("feat", "glob")  # the network's inputs in its own float64; ids stay integers
            tokens, glob = pol.features_extractor.encode({k: v.double() if k in floats else v for k, v in obs.items()})
            return pol.logits(tokens, glob, obs["act_tok"]).numpy()
