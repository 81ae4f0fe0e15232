"""A league: who the learner plays next, weighted by how hard each opponent is.

The members are the fixed agents of the pool (``heuristic``, ``mcts`` at a low budget,
``random``, any arena spec) and the learner's own past snapshots (``self#<step>``, saved
as ``.safetensors`` every ``snapshot_every`` steps). Each member's chance of being drawn
is *prioritized fictitious self-play* (Vinyals et al. 2019, AlphaStar, "PFSP"): the
share its kind has in the pool (``opponents``; a snapshot gets an equal part of
``self``'s share), tilted by ``f(loss rate) = loss_rate ** power``, the learner's rate
of losing to that member over its last ``window`` games (draws count half, with one won
and one lost game of prior, so a member not yet met counts as 0.5). So opponents the
learner already beats fade out and the ones that beat it come back, but never below a
``floor`` share of their kind's weight (a member the learner beats today is still
checked on). With ``power=0`` the draw is the pool's plain shares.

Importable without torch: the weights are plain arithmetic over recorded results, and
they change only when the trainer asks (at a rollout's end), so a seeded run draws the
same opponents every time.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from tcgzoo.agents.base import ConfigError

from .config import SELF


@dataclass
class League:
    """Recent results against each member and the drawing weights they give (PFSP)."""

    shares: Mapping[str, float]  # the pool's shares by kind: spec or "self"
    power: float = 2.0
    window: int = 200
    floor: float = 0.1
    results: dict[str, deque] = field(default_factory=dict)  # member -> the learner's recent outcomes

    def __post_init__(self) -> None:
        if not self.shares or any(w < 0 for w in self.shares.values()) or sum(self.shares.values()) <= 0:
            raise ConfigError(f"league shares {dict(self.shares)}: need non-negative shares summing above 0")
        if self.power < 0:
            raise ConfigError(f"league power {self.power}: must be 0 or more")
        if self.window < 1:
            raise ConfigError(f"league window {self.window}: must be at least 1 game")
        if not 0 <= self.floor <= 1:
            raise ConfigError(f"league floor {self.floor}: must be between 0 and 1")

    def record(self, member: str, outcome: float) -> None:
        """The learner's result against ``member``: +1 win, 0 draw, -1 loss."""
        self.results.setdefault(member, deque(maxlen=self.window)).append(float(outcome))

    def games(self, member: str) -> int:
        return len(self.results.get(member, ()))

    def loss_rate(self, member: str) -> float:
        """The learner's recent loss rate against ``member`` (draws half), with a prior of
        one win and one loss: 0.5 for a member never met."""
        recent = self.results.get(member, ())
        lost = sum(1.0 if r < 0 else 0.5 if r == 0 else 0.0 for r in recent)
        return (lost + 1.0) / (len(recent) + 2.0)

    def weights(self, snapshots: Iterable[str]) -> dict[str, float]:
        """Each member's chance of being drawn next (summing to 1): the fixed specs with a
        share, and ``snapshots`` (member names) if ``self`` has one; ``{}`` when there is
        no member yet (a pool of only ``self`` before its first snapshot)."""
        snapshots = list(snapshots)
        kinds: dict[str, list[str]] = {}
        for spec, share in self.shares.items():
            if share <= 0:
                continue
            if spec == SELF:
                if snapshots:
                    kinds[SELF] = snapshots
            else:
                kinds[spec] = [spec]
        if not kinds:  # only "self", before its first snapshot: the pool's own fallback
            return {}
        total = sum(self.shares[k] for k in kinds)
        out: dict[str, float] = {}
        for kind, members in kinds.items():
            each = self.shares[kind] / total / len(members)
            for m in members:
                out[m] = each * (self.floor + (1.0 - self.floor) * self.loss_rate(m) ** self.power)
        norm = sum(out.values())
        return {m: w / norm for m, w in out.items()}
