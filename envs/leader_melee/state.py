"""Leader Melee state: plain data (ints and lists), its fields declared once (``FIELDS``).

Cards are uids 0..81: player p owns 41p (the leader) and 41p+1..41p+40 (the deck).
``cdef[uid]`` is the card definition index; ``resample_hidden`` permutes it among the
places a player cannot see, so identities are the only hidden thing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from ..core.engine import DecisionState, late_import
from ..core.rng import Rng
from ..core.table import Table, redeal
from .layout import CONCEDE, DECISIONS, NUM_ACTIONS, P_SETUP

Z_DECK, Z_HAND, Z_LIFE, Z_ENERGY, Z_DROP, Z_LEADER, Z_BATTLE, Z_MELEE = range(8)
ZONE_NAMES = ("deck", "hand", "life", "energy", "drop", "leader", "battle", "melee")
# known[u] (the leader_melee module docstring): unknown, known to both, put under the deck at once with others
# (both know the cards, only the owner their order, 3-1-6-1)
UNKNOWN, KNOWN, KNOWN_SET = 0, 1, 2


class DecisionContext(NamedTuple):
    """What the pending decision is about (``state.decision_ctx``, read by the views; ``context.py``)."""

    card: int = -1
    pay: int = 0
    mode: int = -1
    discard: int = 0
    picked: int = 0
    placed: tuple = ()
    pending: tuple = ()


NO_CONTEXT = DecisionContext()  # most decisions: free timings, attacks, checkpoints

CARDS_PER_PLAYER = 41


_rules = late_import(__package__ + ".rules")  # the rules import this module: so, on first use


class LeaderMeleeState(DecisionState):
    """The state of a Leader Melee game (the one state class; ``State`` is its old name)."""

    __slots__ = (
        "defs",
        "cdef",
        "owner",
        "zone",
        "obj",
        "rest",
        "face",
        "ets",
        "surge",
        "iron",
        "known",
        "deck",
        "hand",
        "life",
        "energy",
        "drop",
        "battle",
        "melee",
        "turn_no",
        "tp",
        "first",
        "phase",
        "ft_result",
        "attack",
        "aobj",
        "guard",
        "gobj",
        "waits",
        "mods",
        "once",
        "fired",
        "ts",
        "work",
        "picks",
        "ctx",
        "first_standby",
        "deck_names",
        "end_loops",
        "neg",
        "armed",
        "lki",
        "zver",
        "scache",
        "loops",
        "barred",
        "dseen",  # 11-1-1-2/3 loop history and barred choices; deck contents seen (8-6-3-5)
        "this_card",
        "this_obj",  # the card a condition being read calls 'this card', as which object (8-11-1)
        "decision_ctx",  # the pending decision's context, published by rules.context.publish for the views
    )
    #: each field once, by kind (envs/core/table.py): clone and positions follow
    FIELDS = Table(
        static=("defs", "deck_names", "owner"),  # the pool, the decks (owner: 41p..41p+40 belong to p)
        values=(
            "turn_no",
            "tp",
            "first",
            "phase",
            "ft_result",
            "attack",
            "aobj",
            "guard",
            "gobj",
            "ts",
            "work",
            "first_standby",
            "end_loops",
            "zver",
            "this_card",
            "this_obj",
        ),
        # per card: definition, zone, object number (zone changes), rest, face, entry time, surge, 鉄壁 used,
        # known (0/1/2, see the module docstring); picks so far, loop keys in play, deck seen per player
        lists=("cdef", "zone", "obj", "rest", "face", "ets", "surge", "iron", "known", "picks", "ctx", "dseen"),
        zones=("deck", "hand", "life", "energy", "drop", "battle", "melee"),
        rows=("waits", "mods", "neg", "lki"),  # waiting abilities, modifiers, negated cards (8-3), last info (8-11)
        tuples=("once", "fired", "armed", "loops", "barred"),  # 10-15, 8-7-5, 11-1-1-2/3 keys
        # continuous effects computed at zone version zver (8-9); the pending decision's context, which a
        # restored state publishes again from its frames (``rederive``)
        caches={"scache": [-1, (), ()], "decision_ctx": NO_CONTEXT},
        card_defs=("cdef",),
    )
    HANDLERS: Sequence[Callable] = ()  # rules.HANDLERS, bound by the package (rules import this module)
    DECISION_NAMES = DECISIONS
    VIEWS = __package__ + ".encoding"  # observation, action strings, to_dict, the board (the kernel calls them)
    NUM_ACTIONS = NUM_ACTIONS
    CONCEDE = CONCEDE

    def __init__(self, game, seed: int) -> None:
        self._init_protocol(game, seed)
        self.defs = game.pool.cards
        self.deck_names = game.deck_names
        self.owner = game._owner
        self.cdef = [game.leaders[0]] + list(game.decks[0]) + [game.leaders[1]] + list(game.decks[1])
        n = len(self.cdef)
        self.zone = [Z_DECK] * n
        self.zone[0] = self.zone[CARDS_PER_PLAYER] = Z_LEADER  # 5-2-1-2: front face up, active
        self.obj, self.rest, self.face, self.ets, self.surge = [0] * n, [0] * n, [0] * n, [0] * n, [0] * n
        self.iron, self.known = [-1] * n, [0] * n
        self.deck = [list(range(1, CARDS_PER_PLAYER)), list(range(CARDS_PER_PLAYER + 1, n))]
        self.hand, self.life, self.energy, self.drop = [[], []], [[], []], [[], []], [[], []]
        self.battle, self.melee = [[], []], [[], []]
        self.turn_no, self.tp, self.first, self.phase = 0, 0, 0, P_SETUP
        self.ft_result, self.attack, self.aobj, self.guard, self.gobj = 0, -1, 0, -1, 0
        self.waits, self.mods, self.once, self.fired, self.picks, self.ctx = [], [], [], [], [], []
        self.ts = self.work = self.first_standby = self.end_loops = 0
        self.neg, self.armed, self.lki = (
            [],
            [],
            [],
        )  # negated cards (8-3), armed state triggers (8-7-5), last info (8-11)
        self.zver, self.scache = 0, [-1, (), ()]  # zone version and the continuous effects computed at it (8-9)
        self.loops, self.barred, self.dseen = [], [], [0, 0]  # 11-1-1-2/3; a player saw their deck's cards (8-6-3-5)
        self.this_card, self.this_obj = -1, 0  # set by rules.condition_ok while it reads a condition
        self.decision_ctx = NO_CONTEXT  # the pending decision's context, set where asked (rules/context.py)
        self.stack.append([_rules().H_SETUP, 0])
        self._run()

    # ---- the contract: resample_hidden (the views come from VIEWS, through the kernel) ----------------
    def resample_hidden(self, player: int, rng) -> None:
        """Redeal what ``player`` cannot see: identities are permuted, per owner, among the
        cards ``player`` cannot identify (own deck + life; opponent's unknown hand + deck +
        life), keeping known cards and all counts (LM design 1). The opponent's cards put
        under their deck at once (``known`` 2) are permuted among themselves (3-1-6-1); after
        ``player`` searched their deck, its cards and the life cards are permuted apart (8-6-3-5)."""
        if isinstance(rng, int):
            rng = Rng(rng)
        q = 1 - player
        known = self.known
        own = [u for u in self.deck[player] + self.life[player] if not known[u]]
        groups = [
            [u for u in self.hand[q] + self.deck[q] + self.life[q] if not known[u]],
            [u for u in self.deck[q] if known[u] == KNOWN_SET],
        ]  # 3-1-6-1: the set is known, not the order
        if self.dseen[player]:  # 8-6-3-5: the player looked at their deck: deck and life stay apart
            groups += [[u for u in self.deck[player] if not known[u]], [u for u in self.life[player]]]
        else:
            groups.append(own)
        for slots in groups:
            redeal(self.cdef, slots, rng)
        self.hand[q].sort(key=self._hand_key)

    # ---- queries the rules use ------------------------------------------------------------------
    def vocab_subject(self, who: str, src: int, p: int) -> int:
        """The card a value's ``of:`` names (``words.VOCAB.subjects``), or -1: ``self``, the card
        whose ability it is; ``attacker`` / ``guard``, the battle's attack / guard card while it is
        still that card in the leader or battle area (a card that left counts 0, 7-5-1-2-1)."""
        if who == "self":
            return src
        u, o = (self.attack, self.aobj) if who == "attacker" else (self.guard, self.gobj)
        if u >= 0 and self.obj[u] == o and self.zone[u] in (Z_LEADER, Z_BATTLE):
            return u
        return -1

    def zone_list(self, z: int, p: int):
        """Player p's list of zone z (None for the leader area): the field the zone is named after."""
        return getattr(self, ZONE_NAMES[z])[p] if z != Z_LEADER else None

    def rederive(self) -> None:
        """After a restore (envs/core/position.py): the pending decision's context again, from the
        frame that asks it (it is not saved: a position holds the frames it follows from)."""
        if self.dkind >= 0:
            from .rules.context import publish

            publish(self)

    def check_invariants(self) -> None:
        """Conservation of cards: every uid is in exactly one place, and where its zone says."""
        n = len(self.cdef)
        seen = [0] * n
        for p in (0, 1):
            for z in (Z_DECK, Z_HAND, Z_LIFE, Z_ENERGY, Z_DROP, Z_BATTLE, Z_MELEE):
                for u in self.zone_list(z, p):
                    assert self.zone[u] == z, (
                        f"card {u} listed in {ZONE_NAMES[z]} but zone says {ZONE_NAMES[self.zone[u]]}"
                    )
                    assert self.owner[u] == p, f"card {u} in player {p}'s {ZONE_NAMES[z]} but owned by {self.owner[u]}"
                    seen[u] += 1
            leader = CARDS_PER_PLAYER * p
            assert self.zone[leader] == Z_LEADER, "leader left the leader area"
            seen[leader] += 1
        bad = [u for u in range(n) if seen[u] != 1]
        assert not bad, f"cards not in exactly one zone: {bad}"
        for p in (0, 1):
            assert sum(1 for u in range(n) if self.owner[u] == p) == CARDS_PER_PLAYER
            assert self.hand[p] == sorted(self.hand[p], key=self._hand_key), "hand not in canonical order"
        if self.dkind >= 0:  # the context set where the decision was asked is the asking frame's (rules/context.py)
            from .rules.context import publish

            c = self.clone()
            publish(c)
            assert c.decision_ctx == self.decision_ctx, (
                f"decision context {self.decision_ctx} != {c.decision_ctx}, read from the asking frame"
            )

    def _hand_key(self, u: int):
        return (self.cdef[u], u)


State = LeaderMeleeState  # the name the rules and older code use
