"""A Leader Melee player with sensible rules of thumb: develops the biggest battle cards
it can afford, attacks where the attack wins (the leader when its power gets through,
else the biggest battle card it can break), backs a nearly-winning attack with pumps and
melee cards, guards its leader when the hit would land, and flips its leader when it can.

It reads only what its seat may see: its own hand, the public board and counts (the
same facts as ``state.to_dict(player)``); never the opponent's hand, any deck or the life
cards.
"""

from __future__ import annotations

from tcgzoo.envs.core.vocab import value
from tcgzoo.envs.leader_melee.cards import T_BATTLE, T_EXTRA
from tcgzoo.envs.leader_melee.layout import (
    BATTLE_ABILITY,
    D_CHOOSE_ATTACKER,
    D_CHOOSE_TARGET,
    D_DRAW_UP_TO,
    D_FT_ATTACK,
    D_FT_GUARD,
    D_FT_MAIN,
    D_FT_STANDBY,
    D_LIMIT_DROP,
    D_MULLIGAN,
    D_TARGET,
    D_YES_NO,
    DECLARE_ATTACK,
    HAND,
    LEADER_ABILITY,
    OPP_BATTLE,
    OPP_LEADER,
    OWN_BATTLE,
    PASS,
    SELF_LEADER,
    YES,
)
from tcgzoo.envs.leader_melee.rules import leader, stat


class LeaderMeleeHeuristic:
    name = "heuristic"

    def reset(self, seed: int | None = None) -> None:
        """Deterministic: nothing to seed."""

    def act(self, s, player: int) -> int:
        legal = [a for a in s.legal_actions() if a != s.CONCEDE or len(s.legal) == 1]
        if len(legal) == 1:
            return legal[0]
        k = s.dkind
        f = {
            D_MULLIGAN: self._mulligan,
            D_FT_MAIN: self._main,
            D_FT_STANDBY: self._standby,
            D_CHOOSE_ATTACKER: self._attacker,
            D_CHOOSE_TARGET: self._target_for_attack,
            D_FT_ATTACK: self._ft_attack,
            D_FT_GUARD: self._ft_guard,
            D_TARGET: self._target,
            D_LIMIT_DROP: self._limit_drop,
        }.get(k)
        if k in (D_YES_NO,):
            return YES if YES in legal else legal[0]
        if k == D_DRAW_UP_TO:
            return YES if self._deck_ahead(s, player) and YES in legal else PASS
        a = f(s, player, legal) if f else legal[0]
        return a if a in legal else legal[0]

    # ---- helpers ------------------------------------------------------------------------
    @staticmethod
    def _d(s, u):
        return s.defs[s.cdef[u]]

    def _hand_card(self, s, p, a):
        return self._d(s, s.hand[p][a - HAND])

    @staticmethod
    def _sides(s):
        tp, q = s.tp, 1 - s.tp
        a = (stat(s, s.attack, 0) if s.attack >= 0 and s.obj[s.attack] == s.aobj else 0) + sum(
            stat(s, u, 0) for u in s.melee[tp]
        )
        g = (stat(s, s.guard, 0) if s.guard >= 0 and s.obj[s.guard] == s.gobj else 0) + sum(
            stat(s, u, 0) for u in s.melee[q]
        )
        return a, g

    # ---- decisions -----------------------------------------------------------------------
    def _mulligan(self, s, p, legal):
        for a in legal:
            if a != PASS and self._hand_card(s, p, a).level >= 4:
                return a
        return PASS

    def _draws(self, s, p, acts):
        """Card draw brings deck-out closer (9-2-4): only worth it with a thick deck."""
        return any(x.do in ("draw", "draw_up_to", "charge") for x in acts) and not self._deck_ahead(s, p)

    @staticmethod
    def _deck_ahead(s, p):
        """Deck-out (9-2-4) decides long games: spend deck cards only with a clear lead."""
        return len(s.deck[p]) >= len(s.deck[1 - p]) + 4

    def _ability(self, s, p, a):
        from tcgzoo.envs.leader_melee.rules import _nth_activated, ability_of

        if a < BATTLE_ABILITY:
            u = leader(p)
            ai = _nth_activated(s, u, a - LEADER_ABILITY, leader_=True)
        else:
            si, j = divmod(a - BATTLE_ABILITY, 4)
            u = s.battle[p][si]
            ai = _nth_activated(s, u, j, leader_=False)
        return ability_of(s, u, s.face[u], ai)

    def _main(self, s, p, legal):
        for a in legal:
            if LEADER_ABILITY <= a < BATTLE_ABILITY + 16 and not self._draws(s, p, self._ability(s, p, a).actions):
                return a
        plays = [a for a in legal if HAND <= a < HAND + 40]
        best, key = None, None
        weakest = min((stat(s, u, 0) for u in s.battle[p]), default=0)
        for a in plays:
            d = self._hand_card(s, p, a)
            if d.type == T_BATTLE:
                if len(s.battle[p]) >= 4 and d.face.power <= weakest:
                    continue
                if len(s.deck[p]) < len(s.deck[1 - p]) and any(
                    ab.event == "play" and self._draws(s, p, ab.actions) for ab in d.face.abilities
                ):
                    continue
                k = (1, d.level, d.face.power)
            else:
                acts = d.face.abilities[0].actions
                if any(x.do in ("break", "drop") for x in acts) and not s.battle[1 - p]:
                    continue
                if self._draws(s, p, acts):
                    continue
                k = (2, d.level, 0)
            if key is None or k > key:
                best, key = a, k
        return best if best is not None else PASS

    def _standby(self, s, p, legal):
        return DECLARE_ATTACK if DECLARE_ATTACK in legal else PASS

    def _attackers(self, s, p, legal):
        out = []
        for a in legal:
            if a == SELF_LEADER:
                out.append((stat(s, leader(p), 0), a))
            elif OWN_BATTLE <= a < OWN_BATTLE + 40:
                out.append((stat(s, s.battle[p][a - OWN_BATTLE], 0), a))
        return sorted(out, reverse=True)

    def _attacker(self, s, p, legal):
        q = 1 - p
        opp = [stat(s, u, 0) for u in s.battle[q]] + [stat(s, leader(q), 0)]
        for pw, a in self._attackers(s, p, legal):
            if pw >= min(opp) or len(s.hand[p]) >= 3:
                return a
        return PASS

    def _target_for_attack(self, s, p, legal):
        q = 1 - p
        pw = stat(s, s.attack, 0)
        if OPP_LEADER in legal and pw + 3000 >= stat(s, leader(q), 0):
            return OPP_LEADER
        best = None
        for a in legal:
            if OPP_BATTLE <= a < OPP_BATTLE + 40:
                v = stat(s, s.battle[q][a - OPP_BATTLE], 0)
                if v <= pw and (best is None or v > best[0]):
                    best = (v, a)
        if best:
            return best[1]
        return OPP_LEADER if OPP_LEADER in legal else legal[0]

    def _supports(self, s, p, legal, careful=False):
        """Ways to add power now, cheapest first: pumps, leader flips, hand cards into melee, cards
        moved (``careful``: only what costs at most 1 energy and no battle card)."""
        out = []
        for a in legal:
            if LEADER_ABILITY <= a < LEADER_ABILITY + 4 or BATTLE_ABILITY <= a < BATTLE_ABILITY + 16:
                out.append((0, a))
            elif HAND <= a < HAND + 40:
                d = self._hand_card(s, p, a)
                if d.type == T_EXTRA:
                    if any(x.do == "power" for x in d.face.abilities[0].actions):
                        out.append((1, a))
                elif not careful or d.level <= 1:
                    out.append((2 if "surge" in d.face.keywords else 3 + d.level, a))
            elif OWN_BATTLE <= a < OWN_BATTLE + 40 and not careful:
                out.append((4 + stat(s, s.battle[p][a - OWN_BATTLE], 0) / 1e5, a))
        return [a for _, a in sorted(out)]

    def _gain(self, s, p, a):
        """Rough power a support adds."""
        if HAND <= a < HAND + 40:
            d = self._hand_card(s, p, a)
            if d.type == T_EXTRA:
                return sum(value(x.n, s, -1, p) for x in d.face.abilities[0].actions if x.do == "power")
            return d.face.power
        if OWN_BATTLE <= a < OWN_BATTLE + 40:
            return stat(s, s.battle[p][a - OWN_BATTLE], 0)
        if LEADER_ABILITY <= a < LEADER_ABILITY + 4:
            u = leader(p)
            ab = self._ability(s, p, a)
            if ab.kind >= 2 and s.face[u] == 0:
                return max(0, self._d(s, u).faces[1].power - self._d(s, u).faces[0].power)
        ab = self._ability(s, p, a) if a < HAND else None
        return sum(value(x.n, s, -1, p) for x in ab.actions if x.do == "power") if ab else 0  # a value: counted now

    def _ft_attack(self, s, p, legal):
        a, g = self._sides(s)
        if a >= g + 2000 or s.guard < 0:
            return PASS
        sup = self._supports(s, p, legal, careful=s.guard != leader(1 - p))
        if not sup or a + sum(self._gain(s, p, x) for x in sup) < g:
            return PASS
        return sup[0]

    def _ft_guard(self, s, p, legal):
        a, g = self._sides(s)
        if g > a:
            return PASS
        strike = stat(s, s.attack, 1) if s.obj[s.attack] == s.aobj else 0
        sup = self._supports(s, p, legal, careful=not (strike >= 2 or len(s.life[p]) <= 3))
        if not sup or g + sum(self._gain(s, p, x) for x in sup) <= a:
            return PASS
        return sup[0]

    def _target(self, s, p, legal):
        cands = [a for a in legal if a != PASS]
        if not cands:
            return PASS
        for a in cands:  # pumps: the card in this battle
            if a == SELF_LEADER and leader(p) in (s.attack, s.guard):
                return a
            if OWN_BATTLE <= a < OWN_BATTLE + 40 and s.battle[p][a - OWN_BATTLE] in (s.attack, s.guard):
                return a

        def power(a):
            if a == SELF_LEADER:
                return stat(s, leader(p), 0)
            if a == OPP_LEADER:
                return stat(s, leader(1 - p), 0)
            if OWN_BATTLE <= a < OWN_BATTLE + 40:
                return stat(s, s.battle[p][a - OWN_BATTLE], 0)
            return stat(s, s.battle[1 - p][a - OPP_BATTLE], 0)

        return max(cands, key=power)

    def _limit_drop(self, s, p, legal):
        return min(legal, key=lambda a: stat(s, s.battle[p][a - OWN_BATTLE], 0))


#: the game's heuristic, as the registry looks it up (tcgzoo.envs.core.registry.GameHooks)
Heuristic = LeaderMeleeHeuristic
