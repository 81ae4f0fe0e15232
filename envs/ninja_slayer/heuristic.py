"""A Ninja Slayer TCG player that plays sensibly: builds its ether to five, develops the
biggest character it can afford, attacks with everything (there is no blocking, only
interrupts), aims karate and removal at the opposing character worth the most, and
interrupts when the interrupter survives or the hit would be big.

It reads only what its seat may see: its own hand, the public board and counts (the
same facts as ``state.to_dict(player)``); never the opponent's hand or either deck.
"""

from __future__ import annotations

from tcgzoo.envs.ninja_slayer.cards import CHARACTER, KOTODAMA
from tcgzoo.envs.ninja_slayer.layout import (
    D_ATTACKER,
    D_CHOOSE,
    D_ETHER,
    D_INTERRUPT,
    D_MODE,
    D_PAY_ETHER,
    D_PRIORITY,
    D_RECOVER,
    D_REVEAL,
    D_TARGET,
    D_X,
    NUMBER,
    OPP_FIELD,
    OPTION,
    OWN_FIELD,
    OWN_HAND,
    PASS,
    PLAYER,
    ST_CHARACTER,
)
from tcgzoo.envs.ninja_slayer.rules import cond_ok
from tcgzoo.envs.ninja_slayer.state import K_CARD

ETHER_GOAL = 5


class NinjaSlayerHeuristic:
    """Rule-of-thumb policy for every Ninja Slayer decision kind."""

    name = "heuristic"

    def reset(self, seed: int | None = None) -> None:
        """Deterministic: nothing to seed."""

    def act(self, s, player: int) -> int:
        legal = [a for a in s.legal if a != s.CONCEDE] or list(s.legal)
        if len(legal) == 1:
            return legal[0]
        k = s.dkind
        if k == D_ETHER:
            return self._ether(s, player, legal)
        if k == D_PRIORITY:
            return self._priority(s, player, legal)
        if k == D_ATTACKER:
            return max((a for a in legal if a != PASS), key=lambda a: s.kousaku(s.field[player][a - OWN_FIELD]))
        if k == D_TARGET:
            return self._target(s, player, legal)
        if k == D_INTERRUPT:
            return self._interrupt(s, player, legal)
        if k == D_CHOOSE:
            return self._choose(s, player, legal)
        if k == D_RECOVER:
            return min((a for a in legal if a >= OPTION), key=lambda a: (s.opts[a - OPTION][1], a))
        if k == D_MODE:  # the mode worth most now (NS 1204.2b)
            ab = self._entering_ability(s, player)
            if ab is not None and ab.modes:
                return max(
                    legal,
                    key=lambda a: (
                        self._actions_value(s, player, ab.modes[a - OPTION])
                        if OPTION <= a < OPTION + len(ab.modes)
                        else -1000,
                        -a,
                    ),
                )
            return legal[0]
        if k == D_X:  # as large an X as can be paid (NS 1204.2d)
            return (
                max(a for a in legal if NUMBER <= a < OWN_HAND)
                if any(NUMBER <= a < OWN_HAND for a in legal)
                else legal[0]
            )
        if k == D_REVEAL:  # a hidden card's trigger helps its owner (NS 1209.3a)
            return next((a for a in legal if OPTION <= a < NUMBER), PASS)  # reveal while it can
        if k == D_PAY_ETHER:
            return self._pay_ether(s, player, legal)
        return legal[0] if legal[0] != PASS or len(legal) == 1 else legal[1]

    # ---- decisions -----------------------------------------------------------------------
    def _ether(self, s, p, legal) -> int:
        if len(s.ether[p]) >= ETHER_GOAL + 2 or len(legal) == 1:
            return PASS
        hand = s.hand[p]
        chars = [i for i in hand if s.defs[s.cdef[i]].type == CHARACTER]
        if len(s.ether[p]) >= ETHER_GOAL and len(hand) < 4:
            return PASS

        def keep_value(a):
            d = s.defs[s.cdef[hand[a - OWN_HAND]]]
            v = d.cost if d.cost <= len(s.ether[p]) + 1 else -d.cost  # too costly for now: ether it
            if d.type == KOTODAMA:
                v += 1
            if len(chars) <= 1 and d.type == CHARACTER:
                v += 5
            return v

        return min((a for a in legal if a != PASS), key=keep_value)

    def _priority(self, s, p, legal) -> int:
        if s.tp == p and s.step < ST_CHARACTER:
            return PASS  # own untap / draw / ether step: keep the ether for this turn's characters
        best, best_v = PASS, 0
        for a in legal:
            if a == PASS:
                continue
            if OWN_FIELD <= a < OPP_FIELD:  # a field card's activated ability (NS 1208)
                d = s.defs[s.cdef[s.field[p][a - OWN_FIELD]]]
                ab = d.activated
                if ab is None or s.kstack or not cond_ok(s, ab.cond, p, -1):
                    continue
                v = self._ability_value(s, p, ab) - 1  # its cost is paid from the board
            else:
                d = s.defs[s.cdef[s.hand[p][a - OWN_HAND]]]
                if d.type == CHARACTER:
                    if s.kstack or s.step != ST_CHARACTER:
                        continue
                    v = 10 + d.cost * 2 + d.kousaku
                else:
                    ab = d.text_ability
                    if s.kstack or not cond_ok(s, ab.cond, p, -1):
                        continue
                    if ab.x and s.untapped_ether(p) <= d.cost:
                        continue  # X would be 0 (NS 1304): nothing for a card
                    v = self._ability_value(s, p, ab)
                    if s.tp != p and s.step == ST_CHARACTER:
                        v -= 1
            if v > best_v:
                best, best_v = a, v
        return best

    def _ability_value(self, s, p, ab) -> int:
        """What entering ``ab`` is worth now: its best mode when it has modes."""
        if ab.modes:
            return max(self._actions_value(s, p, m) for m in ab.modes)
        return self._actions_value(s, p, ab.actions)

    @staticmethod
    def _actions_value(s, p, actions) -> int:
        v = 0
        opp_field = s.field[1 - p]
        for act in actions:
            if act.do in ("damage", "kill", "bow") and act.target is not None and act.target.side == "opp":
                v += 8 if opp_field else -100
            elif act.do == "damage_player":
                v += 6
            elif act.do == "recover":
                v += 7 if len(s.damage[p]) >= 4 else -100
            elif act.do in ("draw", "search_ambush", "ambush", "to_hand"):
                v += 5
            elif act.do == "pump":
                v += 3 if s.field[p] and s.tp == p and s.attacker >= 0 else -100
            elif act.do == "untap":
                v += 1 if any(s.bowed[j] for j in s.ether[p]) else -100
            elif act.do == "counter":
                v += 7 if any(o[3] != p for o in s.kstack) else -100
        return v

    @staticmethod
    def _pay_ether(s, p, legal) -> int:
        """Bow 〈Ninja Slay〉 first (Fuurinkazan and Chadō Breathing can untap them), but keep an
        untapped card with the attribute an additional cost will bow (Ninja Slay Finisher,
        NS 1203.4): paying the ether with it would undo the entry (NS 1204.2i), and a player
        that always chooses the same would try again forever."""
        o = s.kstack[-1] if s.kstack and s.kstack[-1][3] == p else None
        attr = s.defs[s.cdef[o[1]]].extra_bow_attr if o is not None and o[0] == K_CARD else None
        spare = 0
        if attr is not None:
            spare = sum(1 for j in s.ether[p] if not s.bowed[j] and attr in s.defs[s.cdef[j]].attributes) - 1

        def key(a):
            attrs = s.defs[s.opts[a - OPTION]].attributes
            return (not (attr in attrs and spare < 1), "Ninja Slay" in attrs)

        return max(legal, key=key)

    @staticmethod
    def _entering_ability(s, p):
        """The ability being entered: the top kotodama-space object (NS 1204.2j, 1208.3), a
        card's text or an activated ability ``[kind, card, obj, controller, ability, ...]``."""
        if not s.kstack or s.kstack[-1][3] != p:
            return None
        o = s.kstack[-1]
        return s.abilities[o[4]] if o[4] >= 0 else s.defs[s.cdef[o[1]]].text_ability

    def _target(self, s, p, legal) -> int:
        a = s.attacker
        k = s.karate(a)
        best, best_v = PLAYER + 1, s.kousaku(a) * 2
        for x in legal:
            if x < OPP_FIELD:
                continue
            t = s.field[1 - p][x - OPP_FIELD]
            if k + s.dmg[t] >= s.durability(t):
                d = s.defs[s.cdef[t]]
                v = d.cost + s.kousaku(t) * 2 + ("interrupt" in d.keywords or "interrupt_kaizen" in d.keywords) * 2
                if v > best_v:
                    best, best_v = x, v
        return best

    def _interrupt(self, s, p, legal) -> int:
        a = s.attacker
        for x in legal:
            if x == PASS:
                continue
            j = s.field[p][x - OWN_FIELD]
            if s.durability(j) - s.dmg[j] > s.karate(a):
                return x
        if s.target < 0 and (s.kousaku(a) >= 2 or len(s.damage[p]) >= 8):
            return min((x for x in legal if x != PASS), key=lambda x: s.defs[s.cdef[s.field[p][x - OWN_FIELD]]].cost)
        return PASS

    def _choose(self, s, p, legal) -> int:
        opts = [a for a in legal if a != PASS]
        if not opts:
            return PASS
        if opts[0] >= OPP_FIELD:
            return max(opts, key=lambda a: s.defs[s.cdef[s.field[1 - p][a - OPP_FIELD]]].cost)
        if opts[0] >= OWN_FIELD:
            return max(opts, key=lambda a: s.kousaku(s.field[p][a - OWN_FIELD]))
        if opts[0] >= OWN_HAND:  # discard (NS 1309): the cheapest hand card
            return min(opts, key=lambda a: (s.defs[s.cdef[s.hand[p][a - OWN_HAND]]].cost, a))
        return max(opts, key=lambda a: (self._option_cost(s, a), a))

    @staticmethod
    def _option_cost(s, a) -> int:
        o = s.opts[a - OPTION] if 0 <= a - OPTION < len(s.opts) else None
        if isinstance(o, tuple):  # (definition, face down)
            o = o[0]
        return s.defs[o].cost if isinstance(o, int) and 0 <= o < len(s.defs) else 0


#: the game's heuristic, as the registry looks it up (tcgzoo.envs.core.registry.GameHooks)
Heuristic = NinjaSlayerHeuristic
