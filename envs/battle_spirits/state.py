"""Battle Spirits state: plain data (lists of ints) and the queries the rules use.

Every card instance is an int. Per-instance facts live in parallel lists (``cdef``,
``owner``, ``zone``, ``cores``, ``exh``); zones are per-player lists of instances; cores
are counts; the soul core is a location per player. the fields are declared once
(``FIELDS``): clone (copying these lists, python-chess style, which is what makes search
cheap), positions and ``resample_hidden`` follow.
"""

from __future__ import annotations

from ..core.effects import END_OF_BATTLE, END_OF_TURN
from ..core.engine import DecisionState, late_import
from ..core.errors import PositionError, short
from ..core.rng import Rng
from ..core.table import Hidden, Table
from .cards import (  # noqa: E402 - levels treated as, reductions as none (issue 10, part B)
    B_IMMUNE,
    B_LVTREAT,
    B_NEGATE,
    B_REDUCE,
    B_TREAT,
    CK,
    IM_ALL,
    IM_BP_DOWN,
    MAGIC,
    NEXUS,
    SPIRIT,
    T_SELF,
    WH,
    Immunity,
    Target,
    names_player,
)
from .layout import CONCEDE, DECISIONS, NUM_ACTIONS, ST_SETUP
from .zones import (  # noqa: F401 - zones of a card instance; the rules and the views import them from here too
    Z_DECK,
    Z_FIELD,
    Z_HAND,
    Z_LIMBO,
    Z_REMOVED,
    Z_TRASH,
    Z_WAIT,
    ZONE_NAMES,
)

# where a player's soul core is (>= 0: on that card instance)
S_RESERVE, S_TRASH, S_VOID, S_LIFE = -1, -2, -3, -4
# waiting-state kinds (10-2-2): where the card goes when its resolution chain ends
W_DESTROY, W_VANISH, W_HAND, W_DECK_TOP, W_DECK_BOTTOM = range(5)
# temporary effects: (kind, instance, amount, duration); grants are TE_GRANT + what
TE_BP, TE_SYM, TE_GRANT = 0, 1, 2
# the board words' temporary effects (verbs.v_grant): (TE_IMMUNE, card, cards.Immunity, dur) and
# (TE_NEGATE, card, event mask or 0 = every effect, dur); see cards.immunity_spec / effects_mask
TE_IMMUNE, TE_NEGATE = 96, 97
_NEGATING = [False]  # State.negated is working out its constants: nested questions see grants only
_TREATING = [False]  # State._treated is working out 'treated as' constants: colours and names read as printed
# the verbs family's temporary effects (verbs.py); a player is named as target -1 - player, so
# drop_target (a card instance changing zones) never drops them
TE_END_BATTLE = 64  # (kind, -3, 0, battle): the battle ends at its resolution without comparing BP (8-1-5)
TE_END_ATTACK_STEP = 65  # (kind, -3, 0, turn): this turn's attack step ends / does not happen (7-7)
TE_LIFE_CAP = 66  # (kind, -1 - player, n, dur): an unblocked attack reduces that player's life by at most n
TE_NO_MILL = 67  # (kind, -1 - player, 0, dur): that player's deck is not discarded (5-13)
TE_LVCOST = 68  # (kind, card, amount, dur): the card's Lv costs +amount (2-8-3)
TE_LVTREAT = 74  # (kind, card, level, dur): the card is treated as that level (-1: its highest), 「Lv1として扱う」
TE_WATCH = 75  # (kind, -1 - player, (card, effect index), dur): a trigger set up for the turn (verb this_turn)
DUR_TURN, DUR_BATTLE = END_OF_TURN, END_OF_BATTLE
G_CANNOT_ATTACK, G_CANNOT_BLOCK, G_NO_EFFECT_DESTROY, G_UNBLOCKABLE, G_MUST_BLOCK = range(5)


_rules = late_import(__package__ + ".rules")  # the rules import this module: so, on first use


class BattleSpiritsState(DecisionState):
    """The state of a Battle Spirits game (the one state class; ``State`` is its old name; decks that
    change Lv costs play :class:`BattleSpiritsLevelCostState`, the same with ``LevelCosts`` mixed in)."""

    __slots__ = (
        "cdef",
        "owner",
        "zone",
        "cores",
        "exh",
        "wait_kind",
        "deck",
        "hand",
        "field",
        "trash",
        "removed",
        "reserve",
        "life",
        "tcores",
        "soul",
        "gained",
        "turn",
        "tp",
        "first",
        "step",
        "attacker",
        "blocker",
        "teff",
        "used",
        "pending",
        "tq",
        "waiting",
        "sels",
        "revealed",
        "known",
        "defs",
        "alists",
        "deck_names",
        "has_constants",
        # the board words' machinery (cards.B_* bits of both decks' cards) and the instances
        # whose cost the soul core paid (a tuple, replaced, never mutated: clones share it)
        "bflags",
        "soulpaid",
        # events of other cards and players (events.py): the events some card of the two decks
        # makes rules.happen look at (bits of cards.EV), the simultaneity group of the events
        # being made (BS 9-1-5-4), and the card / count of the event of the effect resolving
        "watch",
        "evgroup",
        "ev_card",
        "ev_n",
        # the card whose action is being carried out (-1 between actions): the source of the
        # events it makes, for a trigger's by_types (「スピリット/マジックの効果で」)
        "ev_src",
        # the battling spirits that left the field during the battle, with their BP as they last
        # were there: ((card, bp), ...), replaced, never mutated; () outside a battle (ruling on 8-1-7-1)
        "last_bp",
        # the attacks declared this turn (「このターン相手が1回もアタックしてこなかったら」, card 16)
        "attacks",
        # the pending decision's context, published by the rules where they ask (rules.frames.ask) so
        # that the views read state, never frames: the card it is about (played, activated or whose
        # effect resolves; -1), the cores left to pay or place (0), the card cores are placed on (-1),
        # the batch of simultaneous triggers in ``tq`` it orders or declares (-1), and the player
        # whose effect has its targets chosen (-1)
        "ctx_card",
        "ctx_cores",
        "ctx_placing",
        "ctx_batch",
        "ctx_controller",
        # per card in the waiting state: where it goes when that differs from its waiting kind
        # (it changed state, 10-2-2-6, 10-2-2-7), else -1
        "wait_dest",
    )
    #: each field once, by kind (envs/core/table.py): clone, positions and resample_hidden follow
    FIELDS_DECLARED = dict(
        # the pool, its ability lists, the decks, card 0..n0-1 belong to player 0; from the two decks' cards:
        # any constant effect, the board words' machinery (cards.B_*), the events watched (events.py)
        static=("defs", "alists", "deck_names", "owner", "has_constants", "bflags", "watch"),
        # turn, turn player, first player, step, attacker / blocker, the events' simultaneity group, card,
        # count and source (events.py), the attacks declared this turn
        values=(
            "turn",
            "tp",
            "first",
            "step",
            "attacker",
            "blocker",
            "evgroup",
            "ev_card",
            "ev_n",
            "ev_src",
            "attacks",
            "ctx_card",
            "ctx_cores",
            "ctx_placing",
            "ctx_batch",
            "ctx_controller",
        ),
        frozen=("soulpaid", "last_bp"),  # replaced, never mutated (see __slots__)
        # per card: definition, zone, cores, exhausted, waiting kind (10-2-2) and destination, known to both; per
        # player: reserve, life, trash cores, soul core place, cores gained; waiting cards, opened cards
        lists=(
            "cdef",
            "zone",
            "cores",
            "exh",
            "wait_kind",
            "wait_dest",
            "known",
            "reserve",
            "life",
            "tcores",
            "soul",
            "gained",
            "waiting",
            "revealed",
        ),
        zones=("deck", "hand", "field", "trash", "removed"),
        rows=("sels",),  # an effect's selections (its base + 0, 1, 2)
        # temporary effects (kind, card, amount, duration); waiting triggers; effects used (card, effect index)
        tuples=("teff", "pending", "used"),
        tuple_rows=("tq",),  # trigger queues
        card_defs=("cdef",),
        # the opponent's hand cards not known to both, and deck, swap identities; the own deck's order
        hidden=Hidden(
            opp_zones=("hand", "deck"), seen="known", seen_in=("hand",), sorted_zones=("hand",), own_order=("deck",)
        ),
    )
    FIELDS = Table(**FIELDS_DECLARED)
    DECISION_NAMES = DECISIONS
    VIEWS = __package__ + ".encoding"  # observation, action strings, to_dict, the board (the kernel calls them)
    NUM_ACTIONS = NUM_ACTIONS
    CONCEDE = CONCEDE

    def __init__(self, game, seed: int) -> None:
        self._init_protocol(game, seed)
        self.defs = game.pool.cards
        self.alists = game.pool.alists
        self.deck_names = game.deck_names
        self.has_constants = game.has_constants
        self.bflags, self.soulpaid = game.bflags, ()
        self.watch, self.evgroup, self.ev_card, self.ev_n = game.watch, 0, -1, 1
        self.ev_src, self.last_bp, self.attacks = -1, (), 0
        self.ctx_card, self.ctx_cores, self.ctx_placing, self.ctx_batch, self.ctx_controller = -1, 0, -1, -1, -1
        self.cdef = list(game.decks[0]) + list(game.decks[1])
        n = len(self.cdef)
        self.owner = game._owner
        self.zone = [Z_DECK] * n
        self.cores, self.exh, self.wait_kind, self.known = [0] * n, [0] * n, [0] * n, [False] * n
        self.wait_dest = [-1] * n
        n0 = len(game.decks[0])
        self.deck = [list(range(n0)), list(range(n0, n))]
        self.hand, self.field, self.trash, self.removed = [[], []], [[], []], [[], []], [[], []]
        self.reserve, self.life, self.tcores, self.soul, self.gained = [0, 0], [0, 0], [0, 0], [-1, -1], [0, 0]
        self.turn, self.tp, self.first, self.step = 0, 0, 0, ST_SETUP
        self.attacker = self.blocker = -1
        self.teff, self.used, self.pending, self.tq, self.waiting, self.sels, self.revealed = [], [], [], [], [], [], []
        self.stack.append([_rules().H_SETUP, 0])
        self._run()

    # ---- the contract: resample_hidden (the views come from VIEWS, through the kernel) ----------------
    def resample_hidden(self, player: int, rng) -> None:
        """Redeal what ``player`` cannot see: the opponent's unknown hand cards and deck
        (their identities permuted among those places) and the order of both decks
        (``FIELDS.hidden``)."""
        if isinstance(rng, int):
            rng = Rng(rng)
        self.FIELDS.resample(self, player, rng)

    # ---- cores, levels, BP, symbols (2-8, 3-2-5, 12-2-1-1) ---------------------------
    def ncores(self, i: int) -> int:
        return self.cores[i] + (self.soul[self.owner[i]] == i)

    def level(self, i: int) -> int:
        d = self.defs[self.cdef[i]]
        has_soul = self.soul[self.owner[i]] == i
        c = self.cores[i] + has_soul
        t = d.lv_of
        lv = t[c] if c < len(t) else t[-1]
        if d.shinkaiho and has_soul and lv < 2:
            lv = 2  # BS 12-2-1-1-2: the soul core alone makes it Lv2
        return lv

    def on_field(self, i: int) -> bool:
        return i >= 0 and self.zone[i] == Z_FIELD

    def color_mask(self, i: int) -> int:
        """Card ``i``'s colours as bits of ``cards.COLORS`` (BS 2-11), with 'treated as also
        <colour>' (also_color) and 'treated as colourless' (colorless, which wins) constants."""
        m = self.defs[self.cdef[i]].color_mask
        if self.bflags & B_TREAT and self.has_constants and not _TREATING[0]:
            none = False
            for e in self._treated(i, CK["also_color"], CK["colorless"]):
                if e.const == CK["colorless"]:
                    none = True
                else:
                    m |= e.arg
            if none:
                return 0
        return m

    def names_of(self, i: int) -> tuple:
        """Card ``i``'s names without [n] identifiers (BS 2-1-4): its own, those its text gives
        it (2-1-3), those constants give it (also_named)."""
        names = self.defs[self.cdef[i]].names
        if self.bflags & B_TREAT and self.has_constants and not _TREATING[0]:
            more = tuple(e.arg for e in self._treated(i, CK["also_named"]))
            if more:
                return names + more
        return names

    def families_of(self, i: int) -> tuple:
        """Card ``i``'s families (BS 2-6), with those constants give it (also_family)."""
        fams = self.defs[self.cdef[i]].families
        if self.bflags & B_TREAT and self.has_constants and not _TREATING[0]:
            more = tuple(e.arg for e in self._treated(i, CK["also_family"]))
            if more:
                return fams + more
        return fams

    def _treated(self, i: int, *kinds: int) -> list:
        """The 'treated as' constants of these kinds that cover card ``i``; while they are worked
        out, colours, names and families read as printed (their scopes cannot depend on them)."""
        _TREATING[0] = True
        try:
            return [e for k in kinds for src, e in self.constants(k) if self.in_scope(e.scope, src, i)]
        finally:
            _TREATING[0] = False

    def constants(self, kind: int):
        """Yield (source, effect) for every constant effect of ``kind`` now working (9-1-4);
        not those of a card that lost its effects (9-2-3)."""
        defs = self.defs
        neg = self.bflags & B_NEGATE
        waiting = [j for j in self.waiting if self.zone[j] == Z_WAIT] if self.waiting else ()
        for p in (0, 1):
            # 10-2-2-4: a waiting card's continuous effects keep applying until it moves
            for j in self.field[p] + [j for j in waiting if self.owner[j] == p] if waiting else self.field[p]:
                d = defs[self.cdef[j]]
                if not (d.const_mask >> kind) & 1:
                    continue
                if neg and self.negated(j):
                    continue
                lv = 0
                for e in d.constants:
                    if e.const != kind:
                        continue
                    if not lv:
                        lv = self.level(j)
                    if not (e.levels >> lv) & 1:
                        continue
                    w = e.while_
                    if w and not self._while_ok(w, j):
                        continue
                    if e.cond and not self.cond_ok(e.cond, j, p):
                        continue
                    yield j, e

    def _while_ok(self, w: int, j: int) -> bool:
        if w == WH["attacking"]:
            return self.attacker == j
        if w == WH["blocking"]:
            return self.blocker == j
        if w == WH["battle"]:
            return self.attacker == j or self.blocker == j
        if w == WH["own_turn"]:
            return self.tp == self.owner[j]
        return self.tp != self.owner[j]  # opp_turn

    def armored(self, i: int, src: int, kind: int = IM_ALL) -> bool:
        """``i`` is not affected by card ``src``'s effect of this kind (cards.IM_*; IM_ALL: any
        effect, IM_TARGET: being chosen): 【重装甲】 (BS-R5: the opponent's effects of its colours,
        continuous effects included) or an immunity (``immune``)."""
        m = self.defs[self.cdef[i]].armor_mask
        if m and self.owner[i] != self.owner[src] and m & self.color_mask(src):
            if not (self.bflags & B_NEGATE and self.negated(i)):  # 【重装甲】 is an effect of the card
                return True
        return bool(self.bflags & B_IMMUNE) and self.immune(i, src, kind)

    def immune(self, i: int, src: int, kind: int) -> bool:
        """An immunity of card ``i`` stops this kind of effect (cards.IM_*) of card ``src``:
        a granted one (TE_IMMUNE) or a constant one ('immune'); 'unaffected' (IM_ALL) stops every
        kind (BS 9-1-2-1, 1-4-3). Effects it took before it was immune stay."""
        if not self.bflags & B_IMMUNE or src < 0:
            return False
        want = kind | IM_ALL
        for k, t, im, _ in self.teff:
            if k == TE_IMMUNE and t == i and im.kinds & want and self._stops(im, i, src):
                return True
        if self.has_constants:
            for j, e in self.constants(CK["immune"]):
                im = e.arg
                if (
                    im.kinds & want
                    and (i == j if e.scope == T_SELF else self.matches(e.scope, i, j, self.owner[j], base_bp=True))
                    and self._stops(im, i, src)
                ):
                    return True
        return False

    def _stops(self, im: Immunity, i: int, src: int) -> bool:
        """Is ``src`` among the sources immunity ``im`` of card ``i`` is against (by, by_types, by_colors)?"""
        if not im.any_side and self.owner[src] == self.owner[i]:
            return False
        if im.types and not (im.types >> self.defs[self.cdef[src]].type) & 1:
            return False
        return not im.colors or bool(im.colors & self.color_mask(src))

    def negated(self, i: int, ev: int = -1) -> bool:
        """Card ``i`` lost its effects (BS 9-2-3): ``ev`` >= 0 asks about its triggered effects of
        that event (cards.EV), -1 about all of them (constant, activated, replacement, keywords).
        A 'loses_effects' grant (TE_NEGATE) or constant covers every effect (spec 0) or the
        triggers of the events in its mask. Whether a constant applies is worked out from grants
        only, never from other such constants (no loops)."""
        for k, t, spec, _ in self.teff:
            if k == TE_NEGATE and t == i and (not spec or (ev >= 0 and (spec >> ev) & 1)):
                return True
        if self.has_constants and not _NEGATING[0]:
            _NEGATING[0] = True
            z = self.zone[i]
            if z == Z_WAIT:  # 10-2-2: a destroyed card's 破壊時 effects work from the waiting state,
                self.zone[i] = Z_FIELD  # and a scope of field cards still covers it there
            try:
                for src, e in self.constants(CK["loses_effects"]):
                    spec = e.amount
                    if (not spec or (ev >= 0 and (spec >> ev) & 1)) and self.in_scope(e.scope, src, i):
                        return True
            finally:
                _NEGATING[0] = False
                self.zone[i] = z
        return False

    def in_scope(self, scope, src: int, i: int) -> bool:
        if scope == T_SELF:
            return i == src
        return self.matches(scope, i, src, self.owner[src], base_bp=True) and not self.armored(i, src)

    def mods(self, kinds: tuple = (0, 1)) -> tuple[dict, dict]:
        """BP and symbol modifiers per field card from temporary and constant effects,
        computed in one pass (the observation asks for every card at once)."""
        bpm: dict[int, int] = {}
        symm: dict[int, int] = {}
        for k, t, amt, _ in self.teff:
            if k == TE_BP:
                bpm[t] = bpm.get(t, 0) + amt
            elif k == TE_SYM:
                symm[t] = symm.get(t, 0) + amt
        if self.has_constants:
            for kind in kinds:
                acc = symm if kind else bpm
                for src, e in self.constants(CK["symbols"] if kind else CK["bp"]):
                    sc = e.scope
                    low = not kind and e.amount < 0 and self.bflags & B_IMMUNE  # bp_cannot_be_lowered
                    if sc == T_SELF:
                        if not (low and self.immune(src, src, IM_BP_DOWN)):
                            acc[src] = acc.get(src, 0) + e.amount
                        continue
                    o = self.owner[src]
                    for q in (o,) if sc.side == 0 else (1 - o,) if sc.side == 1 else (0, 1):
                        for i in self.field[q]:
                            if (
                                self.matches(sc, i, src, o, True)
                                and not self.armored(i, src)
                                and not (low and self.immune(i, src, IM_BP_DOWN))
                            ):
                                acc[i] = acc.get(i, 0) + e.amount
        return bpm, symm

    def _modified(self, i: int, v: int, te_kind: int, const_kind: int) -> int:
        """``v`` plus the temporary and constant effects of one kind on card ``i``."""
        for k, t, amt, _ in self.teff:
            if k == te_kind and t == i:
                v += amt
        imm = te_kind == TE_BP and self.bflags & B_IMMUNE
        for src, e in self.constants(const_kind):
            if self.in_scope(e.scope, src, i) and not (imm and e.amount < 0 and self.immune(i, src, IM_BP_DOWN)):
                v += e.amount
        return v if v > 0 else 0  # BS 1-4-6

    def bp(self, i: int) -> int:
        return self._modified(i, self.base_bp(i), TE_BP, CK["bp"])

    def base_bp(self, i: int) -> int:
        d = self.defs[self.cdef[i]]
        lv = self.level(i)
        return d.lv_bp[lv - 1] if lv and d.lv_bp else 0

    def symbols(self, i: int) -> int:
        return self._modified(i, self.defs[self.cdef[i]].sym_total, TE_SYM, CK["symbols"])

    def field_symbols(self, p: int) -> list[int]:
        """Own field symbols per colour, for reductions (2-3-3) and conditions."""
        out = [0] * 6
        defs, cdef = self.defs, self.cdef
        symm = self.mods((1,))[1] if (self.teff or self.has_constants) else {}
        for j in self.field[p]:
            d = defs[cdef[j]]
            for c in d.colors_with_symbols:
                out[c] += d.symbols[c]
            extra = symm.get(j, 0)
            if extra:
                out[d.colors[0]] = max(0, out[d.colors[0]] + extra)
        return out

    def has_grant(self, i: int, what: int) -> bool:
        kind = TE_GRANT + what
        for k, t, _, _ in self.teff:
            if k == kind and t == i:
                return True
        ck = {
            G_CANNOT_ATTACK: CK["cannot_attack"],
            G_CANNOT_BLOCK: CK["cannot_block"],
            G_UNBLOCKABLE: CK["unblockable"],
        }.get(what)
        if ck is not None:
            for src, e in self.constants(ck):
                if self.in_scope(e.scope, src, i):
                    return True
        return False

    def can_attack(self, i: int) -> bool:
        d = self.defs[self.cdef[i]]
        return d.type == SPIRIT and self.exh[i] == 0 and not self.has_grant(i, G_CANNOT_ATTACK)

    def can_block(self, i: int) -> bool:
        d = self.defs[self.cdef[i]]
        return d.type == SPIRIT and self.exh[i] == 0 and not self.has_grant(i, G_CANNOT_BLOCK)

    def total_cores(self, p: int) -> int:
        """Cores a player can pay with: reserve and own field cards, soul core included."""
        n = self.reserve[p] + (self.soul[p] == S_RESERVE)
        for j in self.field[p]:
            n += self.cores[j]
        s = self.soul[p]
        if s >= 0 and self.zone[s] == Z_FIELD:
            n += 1
        return n

    # ---- costs (2-3, 11-1..11-3, 12-2-1-2, 12-2-1-3) -----------------------------------
    def cost_mod(self, p: int, i: int) -> int:
        v = 0
        for src, e in self.constants(CK["cost"]):
            if self.owner[src] == p and self.matches(e.scope, i, src, p, base_bp=True, hand_ok=True):
                v += e.amount
        return v

    def play_cost(self, p: int, i: int, keisho: int, fs: list | None = None) -> int:
        d = self.defs[self.cdef[i]]
        cost = d.cost
        if self.has_constants:
            cost += self.cost_mod(p, i)
            if d.self_cost:  # 11-1-1-2-1: 'this card costs N less' works from the hand
                cost += self.self_cost_mod(p, i, d)
        if cost < 0:
            cost = 0
        reduction, total = d.reduction, d.red_total
        if self.bflags & B_REDUCE and self.has_constants:
            if total and self.no_reduction(p, i):
                total = 0
            else:
                given = self.given_reduction(p, i)  # give_reduction: symbols added (card 16)
                if given is not None:
                    reduction, total = given
        if total:
            if fs is None:
                fs = self.field_symbols(p)
            red = keisho
            for c in range(6):
                if reduction[c]:
                    red += min(reduction[c], fs[c])
            cost -= min(total, red)
        return cost if cost > 0 else 0

    def given_reduction(self, p: int, i: int) -> tuple | None:
        """The reduction symbols of card ``i`` in player ``p``'s hand with those give_reduction
        constants add (its side the hand(s), from its controller's view; its arg (card types, 0 all;
        the symbols per colour)), and their total; they reduce as printed ones do
        (BS 2-3-3, 11-1-1-4). None: no constant gives it any."""
        d = self.defs[self.cdef[i]]
        red = None
        for src, e in self.constants(CK["give_reduction"]):
            types, sym = e.arg
            if (
                names_player(e.side, self.owner[src], p)
                and (not types or (types >> d.type) & 1)
                and not self.immune(i, src, IM_ALL)
            ):
                red = [a + b for a, b in zip(red or d.reduction, sym)]
        return None if red is None else (red, sum(red))

    def no_reduction(self, p: int, i: int) -> bool:
        """Are the reduction symbols of card ``i`` in player ``p``'s hand treated as none (constant
        no_reduction: its side the hand(s), from its controller's view; its arg the card types, 0
        all)? Not if ``i`` is immune to that source's effects (BS 9-1-2-1, card 54)."""
        t = self.defs[self.cdef[i]].type
        for src, e in self.constants(CK["no_reduction"]):
            if (
                names_player(e.side, self.owner[src], p)
                and (not e.arg or (e.arg >> t) & 1)
                and not self.immune(i, src, IM_ALL)
            ):
                return True
        return False

    def self_cost_mod(self, p: int, i: int, d) -> int:
        """The card's own cost constants (``constant: cost, scope: self``), read where it is
        (the hand, or no zone while it is being played): BS 11-1-1-2-1."""
        v = 0
        for e in d.self_cost:
            if e.while_ and not self._while_ok(e.while_, i):
                continue
            if e.cond and not self.cond_ok(e.cond, i, p):
                continue
            v += e.amount
        return v

    def ex_in_trash(self, p: int) -> int:
        defs, cdef = self.defs, self.cdef
        return sum(1 for j in self.trash[p] if defs[cdef[j]].ex)

    def soul_magic_ok(self, p: int, i: int, fs: list | None = None) -> bool:
        d = self.defs[self.cdef[i]]
        if d.soul_magic is None:
            return False
        s = self.soul[p]
        if not (s == S_RESERVE or (s >= 0 and self.zone[s] == Z_FIELD)):
            return False
        if fs is None:
            fs = self.field_symbols(p)
        return all(fs[c] >= n for c, n in d.soul_magic)

    def affordable(self, p: int, i: int, keisho_more: int = -1, ctx: tuple | None = None) -> bool:
        """Can ``p`` pay for card ``i`` (and, for a spirit or nexus, its Lv1 cores)?
        ``ctx`` = (field symbols, total cores, EX cards in trash), when already known."""
        d = self.defs[self.cdef[i]]
        if d.type != MAGIC and len(self.field[p]) >= 24:
            return False
        if ctx is None:
            ctx = (
                self.field_symbols(p) if d.red_total or d.soul_magic else None,
                self.total_cores(p),
                self.ex_in_trash(p) if d.red_total else 0,
            )
        fs, total, ex = ctx
        if keisho_more >= 0:
            ex = keisho_more
        cost = self.play_cost(p, i, min(ex, d.red_total), fs)
        need = cost + (d.lv_cores[0] if d.type != MAGIC else 0)
        if total >= need:
            return True
        return d.type == MAGIC and self.soul_magic_ok(p, i, fs)

    def play_context(self, p: int) -> tuple:
        return self.field_symbols(p), self.total_cores(p), self.ex_in_trash(p)

    # ---- conditions and filters (9-2) ------------------------------------------------------
    def cond_ok(self, cond: tuple, src: int, p: int) -> bool:
        """Do the compiled condition tests hold (9-2)? Each is a registered word
        (``words.py``) called as ``fn(state, src, player, arg)``."""
        for fn, arg in cond:
            if not fn(self, src, p, arg):
                return False
        return True

    def vocab_subject(self, who: str, src: int, p: int) -> int:
        """The card a value's ``of:`` names (``self``, ``attacker``, ``blocker``, ``event``: the card
        whose event triggered the effect resolving), or -1."""
        if who == "self":
            return src
        if who == "event":
            return self.ev_card
        return self.attacker if who == "attacker" else self.blocker

    def matches(self, spec: Target, i: int, src: int, p: int, base_bp: bool = False, hand_ok: bool = False) -> bool:
        """Does instance ``i`` fit target ``spec`` as seen by player ``p`` (source ``src``)?
        ``base_bp``: compare printed-level BP, not modified BP (a BP constant's own scope)."""
        d = self.defs[self.cdef[i]]
        o = self.owner[i]
        if spec.side == 0 and o != p or spec.side == 1 and o == p:
            return False
        w = spec.what
        if w == 0 and d.type != SPIRIT or w == 1 and d.type != NEXUS or w == 2 and d.type == MAGIC:
            return False
        z = self.zone[i]
        want = (Z_FIELD, Z_TRASH, Z_HAND)[spec.zone]
        if z != want and not (hand_ok and z in (Z_HAND, Z_LIMBO)):
            return False
        for fn, arg in spec.filt:
            if not fn(self, i, src, p, arg, base_bp):
                return False
        return True

    # ---- after a restore (envs/core/position.py) ------------------------------------------
    def rederive(self) -> None:
        """A granted immunity's record (TE_IMMUNE's cards.Immunity) is saved as its four values
        and restored as a plain tuple: made an Immunity again, so that the restored state holds
        what the saved one held. A malformed one is a PositionError naming the entry."""
        teff = self.teff
        for n, x in enumerate(teff):
            if len(x) == 4 and x[0] == TE_IMMUNE and type(x[2]) is not Immunity:
                im = x[2]
                if not (isinstance(im, tuple) and len(im) == 4 and all(type(v) in (int, bool) for v in im)):
                    raise PositionError(
                        f"fields.teff[{n}][2]: a granted immunity is [kinds, any_side, types, colors] "
                        f"(cards.Immunity), got {short(im)}"
                    )
                teff[n] = (x[0], x[1], Immunity(im[0], bool(im[1]), im[2], im[3]), x[3])

    # ---- invariants (checked by the simulation tests) -------------------------------------
    def check_invariants(self) -> None:
        n = len(self.cdef)
        seen = [0] * n
        lists = {
            Z_DECK: self.deck,
            Z_HAND: self.hand,
            Z_FIELD: self.field,
            Z_TRASH: self.trash,
            Z_REMOVED: self.removed,
        }
        for z, per in lists.items():
            for p in (0, 1):
                for i in per[p]:
                    assert self.zone[i] == z, f"card {i} listed in {ZONE_NAMES[z]} but zone {ZONE_NAMES[self.zone[i]]}"
                    assert self.owner[i] == p, f"card {i} in the other player's {ZONE_NAMES[z]}"
                    seen[i] += 1
        for i in self.waiting:
            if self.zone[i] == Z_WAIT:
                seen[i] += 1
        for i in range(n):
            if self.zone[i] == Z_LIMBO:
                seen[i] += 1
        assert all(x == 1 for x in seen), f"cards not conserved: {[i for i, x in enumerate(seen) if x != 1]}"
        for p in (0, 1):
            on_cards = sum(self.cores[i] for i in range(n) if self.owner[i] == p)
            total = self.reserve[p] + self.life[p] + self.tcores[p] + on_cards
            assert total == 8 + self.gained[p], f"player {p}: {total} cores, expected {8 + self.gained[p]}"
            assert min(self.reserve[p], self.life[p], self.tcores[p]) >= 0
            s = self.soul[p]
            assert s in (S_RESERVE, S_TRASH, S_VOID, S_LIFE) or (
                self.owner[s] == p and self.zone[s] in (Z_FIELD, Z_WAIT, Z_LIMBO)
            )
        for i in range(n):
            assert self.cores[i] >= 0
            if self.zone[i] not in (Z_FIELD, Z_WAIT):
                assert self.cores[i] == 0, f"card {i} in {ZONE_NAMES[self.zone[i]]} holds cores"


class LevelCosts:
    """Levels under Lv-cost changes (BS 2-8-3, 3-2-5-3/4): mixed into the state class of games
    whose decks change Lv costs (``cards.B_LVCOST``: the constant and the verb ``level_cost``);
    every other game keeps ``State.level`` and pays nothing. The subclass gives the slot
    ``lvbusy``: while the changes are summed, levels are read from the printed Lv costs (a
    source's own level, a scope's level filter), so a change never feeds on itself."""

    __slots__ = ()

    def level(self, i: int) -> int:
        lv = self._costed_level(i)
        if lv and self.bflags & B_LVTREAT and not self.lvbusy and self.zone[i] == Z_FIELD:
            n = 0
            if self.has_constants:  # the constant treat_level (card 18); levels read as printed meanwhile
                self.lvbusy = True
                try:
                    for src, e in self.constants(CK["treat_level"]):
                        if self.in_scope(e.scope, src, i):
                            n = e.amount
                finally:
                    self.lvbusy = False
            for k, t, m, _ in self.teff:  # 「Lv1として扱う」: the latest treatment wins (ruling 2-8-3)
                if k == TE_LVTREAT and t == i:
                    n = m
            if n:
                nlv = len(self.defs[self.cdef[i]].lv_cores)
                lv = nlv if n < 0 or n > nlv else n
        return lv

    def _costed_level(self, i: int) -> int:
        if self.lvbusy or self.zone[i] not in (Z_FIELD, Z_WAIT):
            return State.level(self, i)
        m = self.lv_cost_mod(i)
        if not m:
            return State.level(self, i)
        d = self.defs[self.cdef[i]]
        has_soul = self.soul[self.owner[i]] == i
        c = self.cores[i] + has_soul
        lv = 0
        for need in d.lv_cores:  # increasing: the highest level whose changed cost is met (2-8-3)
            if c >= (need + m if need + m > 0 else 0):  # 1-4-6: a cost below 0 is 0
                lv += 1
        if d.shinkaiho and has_soul and lv < 2:
            lv = 2  # BS 12-2-1-1-2
        return lv

    def lv_cost_mod(self, i: int) -> int:
        """The change of card ``i``'s Lv costs: temporary (verb) and constant effects."""
        m = 0
        for k, t, amt, _ in self.teff:
            if k == TE_LVCOST and t == i:
                m += amt
        if self.has_constants:
            self.lvbusy = True
            try:
                for src, e in self.constants(CK["level_cost"]):
                    if self.in_scope(e.scope, src, i):
                        m += e.amount
            finally:
                self.lvbusy = False
        return m


class BattleSpiritsLevelCostState(LevelCosts, BattleSpiritsState):
    """The state of a game whose decks change Lv costs (``cards.B_LVCOST``): levels read
    the changes (``LevelCosts``); ``lvbusy`` (a re-entrancy guard) starts False in a clone."""

    __slots__ = ("lvbusy",)
    FIELDS = Table(**BattleSpiritsState.FIELDS_DECLARED, transient={"lvbusy": False})

    def __init__(self, game, seed: int) -> None:
        self.lvbusy = False
        super().__init__(game, seed)


State = BattleSpiritsState  # the name the rules and older code use
