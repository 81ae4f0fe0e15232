"""The entity observation every game shares: a fixed-size table of card tokens plus globals.

Beside the flat vector (:mod:`.obs`), a game may offer ``obs_type="entities"``: each card a
player can see (and each hidden card that matters as a card, such as the opponent's hand
cards, as "unknown card" tokens) is one row of a table, with the card's pool index, the zone
it is in seen from the observer, and the game's per-token features; the global features
(turn, step, decision kind, counts...) are one vector; and every action id names the token
it acts on (``act_tok``), so a policy can point at tokens. The arrays::

    card         int64 (T,)     pool index + 2; 1 = a card the observer cannot identify; 0 = padding
    zone         int64 (T,)     zone id from the game's zone vocabulary (own and opponent's zones differ)
    feat         float32 (T, F) per-token features, one named column each
    mask         int8 (T,)      1 = a real token
    glob         float32 (G,)   global features, named blocks
    act_tok      int64 (A,)     for each action id, the token it acts on; -1 = none
    action_mask  int8 (A,)      the legal actions (filled by the env)

A game declares its layout once per pool (an :class:`EntityLayout`: ``T`` = ``t_max``,
the zone names, ``feature`` columns and ``glob`` blocks, each with its doc; feature
column 0 is always ``slot``, the token's position in its zone) and writes an observation
into an :class:`EntityBuffers` (preallocated arrays, reset in place). The writer is plain
Python over memoryviews: a zone's tokens go in by slice assignment, and per-item writes to
a memoryview cost a fraction of numpy's scalar indexing.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence

import numpy as np
from gymnasium import spaces

KEYS = ("card", "zone", "feat", "mask", "glob", "act_tok", "action_mask")
PAD, UNKNOWN = 0, 1  # card values of a padding token and of a card the observer cannot identify
CARD_OFFSET = 2  # card = pool index + CARD_OFFSET
SLOT, SLOT_SCALE = 0, 20  # feature column 0 of every game: the token's position in its zone / 20


class EntityLayout:
    """The shape and meaning of one game's entity observation for a pool of ``n_cards``.

    ``zones``: ``(name, doc)`` pairs, the zone vocabulary (id = position). Columns and
    global blocks are added in order by the game (``feature``, ``glob``); each returns its
    index, which the game's writer keeps as a constant.
    """

    def __init__(self, game: str, n_cards: int, n_actions: int, t_max: int, zones: Sequence[tuple[str, str]]) -> None:
        if t_max < 1 or n_cards < 1 or n_actions < 1:
            raise ValueError(
                f"entity layout of {game!r}: t_max, n_cards and n_actions must be >= 1, "
                f"got {t_max}, {n_cards}, {n_actions}"
            )
        self.game = game
        self.n_cards = n_cards
        self.n_actions = n_actions
        self.t_max = t_max
        self.zone_names = [z for z, _ in zones]
        self.zone_docs = [d for _, d in zones]
        if len(set(self.zone_names)) != len(self.zone_names):
            raise ValueError(f"entity layout of {game!r}: a zone name is given twice in {self.zone_names}")
        self.zone_ids = {z: k for k, z in enumerate(self.zone_names)}
        self.features: list[tuple[str, str]] = []
        self.globs: dict[str, tuple[int, int, str]] = {}
        self.g_size = 0
        self.feature("slot", f"position in its zone (slot, list or option index) / {SLOT_SCALE}")

    # ---- declaring --------------------------------------------------------------------
    def zone(self, name: str) -> int:
        """The id of zone ``name``."""
        try:
            return self.zone_ids[name]
        except KeyError:
            raise KeyError(f"entity layout of {self.game!r} has no zone {name!r}; zones: {self.zone_names}") from None

    def feature(self, name: str, doc: str) -> int:
        """Add per-token feature column ``name``; returns its column index."""
        if any(n == name for n, _ in self.features):
            raise ValueError(f"entity feature {name!r} of {self.game!r} defined twice")
        self.features.append((name, doc))
        return len(self.features) - 1

    def glob(self, name: str, size: int, doc: str) -> int:
        """Add global block ``name`` of ``size`` floats; returns its first index."""
        if name in self.globs:
            raise ValueError(f"entity global block {name!r} of {self.game!r} defined twice")
        if size < 1:
            raise ValueError(f"entity global block {name!r} of {self.game!r}: size must be >= 1, got {size}")
        start = self.g_size
        self.globs[name] = (start, size, doc)
        self.g_size += size
        return start

    def column(self, name: str) -> int:
        """The column of feature ``name`` (a writer's constants come from here, by name)."""
        for k, (n, _) in enumerate(self.features):
            if n == name:
                return k
        raise KeyError(
            f"entity layout of {self.game!r} has no feature {name!r}; features: {[n for n, _ in self.features]}"
        )

    def glob_start(self, name: str) -> int:
        """The first index of global block ``name``."""
        try:
            return self.globs[name][0]
        except KeyError:
            raise KeyError(
                f"entity layout of {self.game!r} has no global block {name!r}; blocks: {list(self.globs)}"
            ) from None

    @property
    def n_features(self) -> int:
        return len(self.features)

    # ---- using ------------------------------------------------------------------------
    def space(self) -> spaces.Dict:
        """The gymnasium observation space (the keys of :data:`KEYS`)."""
        T, F, G, A = self.t_max, self.n_features, self.g_size, self.n_actions
        return spaces.Dict(
            {
                "card": spaces.Box(0, self.n_cards + 1, (T,), np.int64),
                "zone": spaces.Box(0, len(self.zone_names) - 1, (T,), np.int64),
                "feat": spaces.Box(-np.inf, np.inf, (T, F), np.float32),
                "mask": spaces.Box(0, 1, (T,), np.int8),
                "glob": spaces.Box(-np.inf, np.inf, (G,), np.float32),
                "act_tok": spaces.Box(-1, T - 1, (A,), np.int64),
                "action_mask": spaces.Box(0, 1, (A,), np.int8),
            }
        )

    def new_buffers(self) -> EntityBuffers:
        return EntityBuffers(self)

    def table(self) -> dict[str, list[tuple]]:
        """The documentation rows: ``zones`` (id, name, doc), ``features`` (column, name,
        doc), ``globals`` (first, last, name, doc)."""
        return {
            "zones": [(k, z, d) for k, (z, d) in enumerate(zip(self.zone_names, self.zone_docs))],
            "features": [(k, n, d) for k, (n, d) in enumerate(self.features)],
            "globals": [(s, s + n - 1, name, d) for name, (s, n, d) in self.globs.items()],
        }

    def markdown(self) -> str:
        """The layout as Markdown tables (docs/entity-observation.md holds these)."""
        t = self.table()
        out = [
            f"T = {self.t_max} tokens, F = {self.n_features} features, G = {self.g_size} globals, "
            f"A = {self.n_actions} actions, N = {self.n_cards} cards in the default pool.",
            "",
            "| zone id | zone | what |",
            "| --- | --- | --- |",
        ]
        out += [f"| {k} | `{z}` | {d} |" for k, z, d in t["zones"]]
        out += ["", "| column | feature | value |", "| --- | --- | --- |"]
        out += [f"| {k} | `{n}` | {d} |" for k, n, d in t["features"]]
        out += ["", "| globals | block | value |", "| --- | --- | --- |"]
        out += [f"| {a}-{b} | `{n}` | {d} |" if a != b else f"| {a} | `{n}` | {d} |" for a, b, n, d in t["globals"]]
        return "\n".join(out) + "\n"


class EntityBuffers:
    """Preallocated arrays of one entity observation and their memoryviews.

    A writer calls :meth:`reset`, then :meth:`extend` per zone (a list of card values and
    the zone id: the tokens get consecutive indices, and slots 0, 1, ... in the ``slot``
    column) or :meth:`add` per token; both return the (first) token's index. Tokens are
    listed first and written at :meth:`finish` in a few slice assignments; only the first
    ``T`` are kept (the rest are counted in ``dropped``), so a writer writes a token's
    features, at ``feat_mv[t * F + column]``, and points actions at it only while
    ``t < T``. Globals go to ``glob_mv[i]``, action pointers to ``act_mv[action] = t`` or
    :meth:`point`. After :meth:`finish`, ``n`` is the number of tokens.
    """

    __slots__ = (
        "layout",
        "T",
        "F",
        "card",
        "zone",
        "feat",
        "mask",
        "glob",
        "act_tok",
        "action_mask",
        "card_mv",
        "zone_mv",
        "feat_mv",
        "mask_mv",
        "glob_mv",
        "act_mv",
        "slot_mv",
        "cards",
        "zones",
        "slots",
        "_ones",
        "_slot_values",
        "_arange",
        "n",
        "dropped",
    )

    def __init__(self, layout: EntityLayout) -> None:
        T, F, G, A = layout.t_max, layout.n_features, layout.g_size, layout.n_actions
        self.layout = layout
        self.T, self.F = T, F
        self.card = np.zeros(T, np.int64)
        self.zone = np.zeros(T, np.int64)
        self.feat = np.zeros((T, F), np.float32)
        self.mask = np.zeros(T, np.int8)
        self.glob = np.zeros(G, np.float32)
        self.act_tok = np.full(A, -1, np.int64)
        self.action_mask = np.zeros(A, np.int8)
        self.card_mv = self.card.data
        self.zone_mv = self.zone.data
        self.feat_mv = self.feat.reshape(-1).data
        self.mask_mv = self.mask.data
        self.glob_mv = self.glob.data
        self.act_mv = self.act_tok.data
        self.slot_mv = self.feat[:, SLOT].data  # strided: one float per row
        self.cards: list[int] = []  # the tokens listed so far (finish() writes them)
        self.zones: list[int] = []
        self.slots: list[float] = []
        self._ones = memoryview(array(self.mask_mv.format, [1] * T))
        self._slot_values = [k / SLOT_SCALE for k in range(max(T, 256))]
        self._arange = memoryview(array(self.act_mv.format, range(T)))
        self.n = 0
        self.dropped = 0

    def reset(self) -> None:
        """Back to no tokens, zero globals and features, no action pointers."""
        n = self.n
        if n:
            self.card[:n] = 0
            self.zone[:n] = 0
            self.feat[:n] = 0.0
            self.mask[:n] = 0
        self.glob.fill(0.0)
        self.act_tok.fill(-1)
        self.cards.clear()
        self.zones.clear()
        self.slots.clear()
        self.n = 0
        self.dropped = 0

    def add(self, card: int, zone: int, slot: int = 0) -> int:
        """A token of ``card`` (already offset: pool index + 2, or 1) in ``zone`` at position
        ``slot``; returns its index (kept only if below ``T``)."""
        t = len(self.cards)
        self.cards.append(card)
        self.zones.append(zone)
        self.slots.append(slot / SLOT_SCALE)
        return t

    def extend(self, cards: list[int], zone: int) -> int:
        """Tokens of ``cards`` (offset values) in ``zone``, slots 0, 1, ...; returns the first
        one's index."""
        t0 = len(self.cards)
        k = len(cards)
        if k:
            self.cards += cards
            self.zones += [zone] * k
            self.slots += self._slot_values[:k] if k <= len(self._slot_values) else [j / SLOT_SCALE for j in range(k)]
        return t0

    def point(self, action: int, t0: int, k: int) -> None:
        """Actions ``action + j`` act on tokens ``t0 + j`` for ``j < k`` (a zone's slots, as
        :meth:`extend` listed them; the tokens past ``T`` point nowhere)."""
        k = min(k, self.T - t0)
        if k > 0:
            self.act_mv[action : action + k] = self._arange[t0 : t0 + k]

    def finish(self) -> None:
        """Write the listed tokens (the first ``T``), their zones, mask and slots."""
        cards = self.cards
        n = len(cards)
        if n > self.T:
            self.dropped = n - self.T
            n = self.T
            del cards[n:], self.zones[n:], self.slots[n:]
        if n:
            self.card_mv[:n] = array(self.card_mv.format, cards)
            self.zone_mv[:n] = array(self.zone_mv.format, self.zones)
            self.mask_mv[:n] = self._ones[:n]
            self.slot_mv[:n] = array("f", self.slots)
        self.n = n

    def arrays(self) -> dict[str, np.ndarray]:
        """The live arrays (overwritten by the next observation)."""
        return {
            "card": self.card,
            "zone": self.zone,
            "feat": self.feat,
            "mask": self.mask,
            "glob": self.glob,
            "act_tok": self.act_tok,
            "action_mask": self.action_mask,
        }

    def copy(self) -> dict[str, np.ndarray]:
        """An independent copy of the arrays (what the env hands out)."""
        return {
            "card": self.card.copy(),
            "zone": self.zone.copy(),
            "feat": self.feat.copy(),
            "mask": self.mask.copy(),
            "glob": self.glob.copy(),
            "act_tok": self.act_tok.copy(),
            "action_mask": self.action_mask.copy(),
        }


def one_hot_names(prefix: str, names: Sequence[str]) -> str:
    """Doc text of a one-hot block: ``prefix: a, b, c``."""
    return f"{prefix}: " + ", ".join(names)


def docs_section(name: str) -> str:
    """The Markdown section of game ``name`` in docs/entity-observation.md (its default pool)."""
    import importlib

    from .registry import load_game

    game = load_game(name)
    module = importlib.import_module(f"{type(game).__module__}.entities")
    return f"## {game.TITLE or name} (`{name}`)\n\n{module.entity_layout(game).markdown()}"


if __name__ == "__main__":  # python -m tcgzoo.envs.core.entities: the tables of docs/entity-observation.md
    from .registry import game_names

    print("\n".join(docs_section(n) for n in game_names()))
