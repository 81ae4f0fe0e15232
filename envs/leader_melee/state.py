"""Leader Melee state: plain data (ints and lists), copied by hand in ``clone``.

Cards are uids 0..81: player p owns 41p (the leader) and 41p+1..41p+40 (the deck).
``cdef[uid]`` is the card definition index; ``resample_hidden`` permutes it among the
places a player cannot see, so identities are the only hidden thing.
"""
from __future__ import annotations

from ..core.engine import DecisionState

Z_DECK, Z_HAND, Z_LIFE, Z_ENERGY, Z_DROP, Z_LEADER, Z_BATTLE, Z_MELEE = range(8)
ZONE_NAMES = ("deck", "hand", "life", "energy", "drop", "leader", "battle", "melee")
# known[u] (the leader_melee module docstring): unknown, known to both, put under the deck at once with others
# (both know the cards, only the owner their order, 3-1-6-1)
UNKNOWN, KNOWN, KNOWN_SET = 0, 1, 2
CARDS_PER_PLAYER = 41


class State(DecisionState):
    __slots__ = (
        "defs", "cdef", "owner", "zone", "obj", "rest", "face", "ets", "surge", "iron", "known",
        "deck", "hand", "life", "energy", "drop", "battle", "melee",
        "turn_no", "tp", "first", "phase", "ft_result", "attack", "aobj", "guard", "gobj",
        "waits", "mods", "once", "fired", "ts", "work", "picks", "ctx", "first_standby", "deck_names",
        "end_loops", "neg", "armed", "lki", "zver", "scache",
        "loops", "barred", "dseen",  # 11-1-1-2/3 loop history and barred choices; deck contents seen (8-6-3-5)
        "this_card", "this_obj",  # the card a condition being read calls 'this card', as which object (8-11-1)
        "decision_ctx",  # the pending decision's context, published by rules.context.publish for the views
    )

    def clone(self):
        c = object.__new__(type(self))
        self._copy_protocol(c)
        c.defs = self.defs
        c.deck_names = self.deck_names
        c.owner = self.owner
        c.cdef = self.cdef[:]
        c.zone = self.zone[:]
        c.obj = self.obj[:]
        c.rest = self.rest[:]
        c.face = self.face[:]
        c.ets = self.ets[:]
        c.surge = self.surge[:]
        c.iron = self.iron[:]
        c.known = self.known[:]
        c.deck = [self.deck[0][:], self.deck[1][:]]
        c.hand = [self.hand[0][:], self.hand[1][:]]
        c.life = [self.life[0][:], self.life[1][:]]
        c.energy = [self.energy[0][:], self.energy[1][:]]
        c.drop = [self.drop[0][:], self.drop[1][:]]
        c.battle = [self.battle[0][:], self.battle[1][:]]
        c.melee = [self.melee[0][:], self.melee[1][:]]
        c.turn_no, c.tp, c.first, c.phase = self.turn_no, self.tp, self.first, self.phase
        c.ft_result, c.attack, c.aobj, c.guard, c.gobj = self.ft_result, self.attack, self.aobj, self.guard, self.gobj
        c.waits = [w[:] for w in self.waits]
        c.mods = [m[:] for m in self.mods]
        c.once = self.once[:]
        c.fired = self.fired[:]
        c.ts, c.work, c.first_standby, c.end_loops = self.ts, self.work, self.first_standby, self.end_loops
        c.picks = self.picks[:]
        c.neg = [n[:] for n in self.neg]
        c.armed = self.armed[:]
        c.lki = [e[:] for e in self.lki]
        c.zver, c.scache = self.zver, self.scache  # scache is replaced, never mutated
        c.ctx = self.ctx[:]
        c.loops, c.barred, c.dseen = self.loops[:], self.barred[:], self.dseen[:]
        c.this_card, c.this_obj = self.this_card, self.this_obj
        c.decision_ctx = self.decision_ctx  # immutable
        return c

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
        return (self.deck, self.hand, self.life, self.energy, self.drop, None, self.battle, self.melee)[z][p] \
            if z != Z_LEADER else None

    def check_invariants(self) -> None:
        """Conservation of cards: every uid is in exactly one place, and where its zone says."""
        n = len(self.cdef)
        seen = [0] * n
        for p in (0, 1):
            for z in (Z_DECK, Z_HAND, Z_LIFE, Z_ENERGY, Z_DROP, Z_BATTLE, Z_MELEE):
                for u in self.zone_list(z, p):
                    assert self.zone[u] == z, f"card {u} listed in {ZONE_NAMES[z]} but zone says {ZONE_NAMES[self.zone[u]]}"
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
            assert c.decision_ctx == self.decision_ctx, \
                f"decision context {self.decision_ctx} != {c.decision_ctx}, read from the asking frame"

    def _hand_key(self, u: int):
        return (self.cdef[u], u)
