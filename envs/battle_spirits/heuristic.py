"""A Battle Spirits player that plays sensibly: develops its board within its means,
levels its spirits, attacks when the attack gets through or wins the battle, blocks
when the block wins or when the life is short, and aims removal at the biggest threat.

It reads only what its seat may see: its own hand, the public board and counts (the
same facts as ``state.to_dict(player)``); never the opponent's hand or either deck.
"""

from __future__ import annotations

from tcgzoo.envs.battle_spirits.cards import MAGIC, SPIRIT
from tcgzoo.envs.battle_spirits.layout import (
    D_ATTACK,
    D_BLOCK,
    D_DISCARD,
    D_FIRST,
    D_FLASH,
    D_KEISHO,
    D_MAGIC_TIMING,
    D_MAIN,
    D_MODE,
    D_MOVE_DST,
    D_MOVE_SRC,
    D_MULLIGAN,
    D_OPTIONAL,
    D_ORDER,
    D_PAY,
    D_PLACE,
    D_SEARCH,
    D_TARGET,
    FIELD,
    FIELD_SOUL,
    HAND,
    MOVE_CORE,
    OPP_FIELD,
    OPTION,
    PASS,
    RESERVE,
    RESERVE_SOUL,
    TRASH,
)


class BattleSpiritsHeuristic:
    """Rule-of-thumb policy for every Battle Spirits decision kind."""

    name = "heuristic"

    def __init__(self) -> None:
        self._moves_this_step = 0
        self._last_turn = -1

    def reset(self, seed: int | None = None) -> None:
        self._moves_this_step = 0
        self._last_turn = -1

    # ---- helpers -----------------------------------------------------------------------
    @staticmethod
    def _card(s, i):
        return s.defs[s.cdef[i]]

    def _bp(self, s, i) -> int:
        return s.bp(i)

    def act(self, s, player: int) -> int:
        legal = [a for a in s.legal if a != s.CONCEDE or len(s.legal) == 1]
        if len(legal) == 1:
            return legal[0]
        if s.turn != self._last_turn:
            self._last_turn, self._moves_this_step = s.turn, 0
        k = s.dkind
        handler = {
            D_FIRST: lambda: OPTION,
            D_MULLIGAN: lambda: self._mulligan(s, player),
            D_MAIN: lambda: self._main(s, player, legal),
            D_PAY: lambda: self._pay(s, player, legal),
            D_PLACE: lambda: self._place(s, player, legal),
            D_MOVE_SRC: lambda: self._move_src(s, player, legal),
            D_MOVE_DST: lambda: self._move_dst(s, player, legal),
            D_KEISHO: lambda: min(a for a in legal if a != PASS),
            D_ATTACK: lambda: self._attack(s, player, legal),
            D_BLOCK: lambda: self._block(s, player, legal),
            D_FLASH: lambda: self._flash(s, player, legal),
            D_TARGET: lambda: self._target(s, player, legal),
            D_ORDER: lambda: legal[0],
            D_OPTIONAL: lambda: OPTION + 1 if OPTION + 1 in legal else legal[0],
            D_MODE: lambda: legal[0],
            D_MAGIC_TIMING: lambda: OPTION,
            D_SEARCH: lambda: legal[0],
            D_DISCARD: lambda: self._discard(s, player, legal),
        }.get(k)
        a = handler() if handler else legal[0]
        return a if a in legal else legal[0]

    def _mulligan(self, s, p) -> int:
        cheap = sum(1 for i in s.hand[p] if self._card(s, i).cost <= 3)
        return OPTION if cheap >= 2 else OPTION + 1

    def _main(self, s, p, legal) -> int:
        plays = [a for a in legal if HAND <= a < FIELD]
        if plays:  # the most expensive card it can afford, spirits first

            def value(a):
                d = self._card(s, s.hand[p][a - HAND])
                return (d.type == SPIRIT, d.type != MAGIC or d.magic_main >= 0, d.cost)

            best = max(plays, key=value)
            d = self._card(s, s.hand[p][best - HAND])
            if d.type != MAGIC or d.magic_main >= 0:
                return best
        acts = [a for a in legal if FIELD <= a < FIELD_SOUL]
        if acts and self._moves_this_step < 2:
            self._moves_this_step += 1
            return acts[0]
        if MOVE_CORE in legal and self._level_up_target(s, p) is not None and self._moves_this_step < 12:
            self._moves_this_step += 1
            return MOVE_CORE
        return PASS

    def _level_up_target(self, s, p):
        """A spirit one reserve core away from its next level (the best such)."""
        if not s.reserve[p]:
            return None
        best = None
        for j, i in enumerate(s.field[p]):
            d = self._card(s, i)
            lv = s.level(i)
            if lv < len(d.lv_cores):
                gap = d.lv_cores[lv] - s.ncores(i)
                if 0 < gap <= s.reserve[p] and (best is None or gap < best[0]):
                    best = (gap, j)
        return None if best is None else best[1]

    def _move_src(self, s, p, legal) -> int:
        if RESERVE in legal:
            return RESERVE
        return legal[0]

    def _move_dst(self, s, p, legal) -> int:
        j = self._level_up_target(s, p)
        if j is not None and FIELD + j in legal:
            return FIELD + j
        return legal[0]

    def _spare(self, s, i) -> int:
        """Cores a field card can give without dropping a level."""
        d = self._card(s, i)
        lv = s.level(i)
        return s.cores[i] - (d.lv_cores[lv - 1] if lv else 0)

    def _pay(self, s, p, legal) -> int:
        if OPTION in legal:
            return OPTION  # soul magic: the soul core alone
        if RESERVE in legal:
            return RESERVE
        spare = [a for a in legal if FIELD <= a < FIELD_SOUL and self._spare(s, s.field[p][a - FIELD]) > 0]
        if spare:
            return spare[0]
        normal = [a for a in legal if FIELD <= a < FIELD_SOUL]
        if normal:  # the weakest card's cores
            return min(normal, key=lambda a: self._card(s, s.field[p][a - FIELD]).cost)
        return legal[0]

    def _place(self, s, p, legal) -> int:
        if PASS in legal:
            new = s.ctx_placing  # the card the cores go on (published by the rules)
            d = self._card(s, new)
            lv = s.level(new)
            if s.reserve[p] >= 2 and lv < len(d.lv_cores) and d.lv_cores[lv] - s.ncores(new) <= s.reserve[p] - 1:
                if RESERVE in legal:
                    return RESERVE
            return PASS
        if RESERVE in legal:
            return RESERVE
        spare = [a for a in legal if FIELD <= a < FIELD_SOUL and self._spare(s, s.field[p][a - FIELD]) > 0]
        if spare:
            return spare[0]
        if RESERVE_SOUL in legal:
            return RESERVE_SOUL
        return legal[0]

    def _attack(self, s, p, legal) -> int:
        atk = [a for a in legal if FIELD <= a < FIELD_SOUL]
        if not atk:
            return PASS
        q = 1 - p
        blockers = sorted((self._bp(s, i) for i in s.field[q] if s.can_block(i)), reverse=True)
        mine = sorted(atk, key=lambda a: self._bp(s, s.field[p][a - FIELD]), reverse=True)
        if len(mine) > len(blockers) or s.life[q] <= sum(s.symbols(s.field[p][a - FIELD]) for a in mine) - len(
            blockers
        ):
            return mine[0]
        top_block = blockers[0] if blockers else -1
        for a in mine:
            i = s.field[p][a - FIELD]
            if self._bp(s, i) > top_block or self._card(s, i).gekitotsu:
                return a
        return PASS

    def _block(self, s, p, legal) -> int:
        blocks = [a for a in legal if FIELD <= a < FIELD_SOUL]
        if not blocks:
            return PASS
        atk_bp = self._bp(s, s.attacker) if s.attacker >= 0 else 0
        winners = [a for a in blocks if self._bp(s, s.field[p][a - FIELD]) > atk_bp]
        if winners:
            return min(winners, key=lambda a: self._bp(s, s.field[p][a - FIELD]))
        dmg = s.symbols(s.attacker) if s.attacker >= 0 else 1
        if s.life[p] <= dmg + 1 or PASS not in legal:
            return min(blocks, key=lambda a: self._card(s, s.field[p][a - FIELD]).cost)
        return PASS

    def _flash(self, s, p, legal) -> int:
        uses = [a for a in legal if HAND <= a < FIELD]
        if uses and s.attacker >= 0 and s.owner[s.attacker] != p:
            return uses[0]  # defend with a flash magic
        acts = [a for a in legal if FIELD <= a < FIELD_SOUL]
        if acts and s.attacker >= 0:
            return acts[0]
        return PASS

    def _target(self, s, p, legal) -> int:
        opp = [a for a in legal if OPP_FIELD <= a < TRASH]
        if opp:
            return max(opp, key=lambda a: self._bp(s, s.field[1 - p][a - OPP_FIELD]))
        own = [a for a in legal if FIELD <= a < FIELD_SOUL]
        if own:
            if (
                s.ctx_controller >= 0 and s.ctx_controller != p
            ):  # chooser: opp - the opponent's effect on our card: give the least
                return min(own, key=lambda a: self._bp(s, s.field[p][a - FIELD]))
            return max(own, key=lambda a: self._bp(s, s.field[p][a - FIELD]))
        picks = [a for a in legal if a != PASS]
        return picks[0] if picks else legal[0]

    def _discard(self, s, p, legal) -> int:
        return min(legal, key=lambda a: self._card(s, s.hand[p][a - HAND]).cost if a < FIELD else 99)


#: the game's heuristic, as the registry looks it up (tcgzoo.envs.core.registry.GameHooks)
Heuristic = BattleSpiritsHeuristic
