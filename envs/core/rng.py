"""The state's own seeded random generator.

SplitMix64 on a single Python int: the whole generator state is one integer, so a
state clone copies it for free and a game replays exactly from its seed on every
platform and Python version (``random.Random`` would cost a 625-word copy per clone).
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    __slots__ = ("s",)

    def __init__(self, seed: int = 0) -> None:
        self.s = (int(seed) * 0x2545F4914F6CDD1D + 0x632BE59BD9B4E019) & _MASK

    def next64(self) -> int:
        s = (self.s + _GOLDEN) & _MASK
        self.s = s
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) (Lemire's multiply-shift; bias < 2**-40 for card games)."""
        return (self.next64() * n) >> 64

    def shuffle(self, items: list) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = (self.next64() * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]

    def clone(self) -> Rng:
        r = Rng.__new__(Rng)
        r.s = self.s
        return r

    def spawn(self) -> Rng:
        """An independent generator derived from this one (advances this one)."""
        r = Rng.__new__(Rng)
        r.s = self.next64()
        return r
