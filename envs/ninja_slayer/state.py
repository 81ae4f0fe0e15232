"""Ninja Slayer TCG state: plain data (lists of ints) and the queries the rules use.

Every physical card is an int ``i`` (player p's cards are a contiguous block). Per-card
facts live in parallel lists; zones are per-player lists of card ints; the kotodama
space (NS 310) is one shared list of stack objects ``[kind, card, obj, controller,
ability]``. ``obj`` counts a card's zone changes (NS 302.3: a card that changes zone is
a new object), so effects and limits keyed by ``(card, obj)`` stop matching after a move.
Its fields are declared once (``FIELDS``): clone, positions and ``resample_hidden`` follow.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..core.engine import DecisionState, late_import
from ..core.rng import Rng
from ..core.table import Hidden, Table
from .cards import CHARACTER, KEYWORDS
from .layout import CONCEDE, DECISIONS, NUM_ACTIONS, ST_SETUP
from .records import SF_AURAS, SF_DEFINED_VALUES, SF_ITEMS, SF_LAYERS, SO_CARD, SO_KIND
from .words import card_number

Z_DECK, Z_HAND, Z_FIELD, Z_ETHER, Z_OHIGAN, Z_DAMAGE, Z_REMOVED, Z_CHECK, Z_STACK = range(9)
ZONE_NAMES = ("deck", "hand", "field", "ether", "ohigan", "damage", "removed", "check", "kotodama space")
PUBLIC_ZONES = (Z_FIELD, Z_ETHER, Z_OHIGAN, Z_DAMAGE, Z_REMOVED, Z_CHECK, Z_STACK)
# stack object kinds
K_CARD, K_ABILITY, K_CHECK = range(3)
KIND_NAMES = ("card", "ability", "damage check")
# continuous effects from resolved abilities (NS 1213, ``State.teff``): [kind, lasts, card, obj, amount, timestamp];
# lasts TE_TURN (ends at NS 505.3b), TE_IKUSA or TE_GAME; the affected (card, obj) is fixed on resolution (NS 1213.6)
EF_KIND, EF_LASTS, EF_CARD, EF_OBJ, EF_AMOUNT, EF_STAMP = range(6)
TE_KARATE, TE_DUR, TE_KOUSAKU, TE_GRANT, TE_ATTR, TE_LOSE_KW, TE_SET_KARATE, TE_SET_DUR = range(8)  # kinds
# TE_ATTR: gains an attribute (amount = index in the pool's attr_names, NS 1325.1); TE_LOSE_KW: loses a
# keyword (amount = index in KEYWORDS, NS 1327.1)
TE_GAIN_KW = 8  # gains a keyword (amount = index in KEYWORDS, NS 1213.1c)
TE_SET_ATTR = 9  # its attribute becomes this one (attr_names index; NS 1213.1d, 1213.5)
TE_ADD_KARATE, TE_ADD_KOUSAKU = 10, 11  # it has karate / kousaku N if it has no such item (NS 1213.1e)
# how long it lasts: this turn; 'this ikusa' (ends at NS 706.8a); no end point, the rest of the game (NS 1213.8)
TE_TURN, TE_IKUSA, TE_GAME = range(3)
NO_TARGET, PLAYER_TARGET = -2, -1


_rules = late_import(__package__ + ".rules")  # the rules import this module: so, on first use


class NinjaSlayerState(DecisionState):
    """The state of a Ninja Slayer game (the one state class; ``State`` is its old name)."""

    __slots__ = (
        "defs",
        "abilities",
        "deck_names",
        "cdef",
        "owner",
        "zone",
        "bowed",
        "face_down",
        "dmg",
        "obj",
        "pub",
        "redirected",
        "ikusa_hit",
        "deck",
        "hand",
        "field",
        "ether",
        "ohigan",
        "damage",
        "removed",
        "check",
        "kstack",
        "carried",
        "tp",
        "turn",
        "first",
        "step",
        "ikstep",
        "attacker",
        "atk_obj",
        "target",
        "tgt_obj",
        "teff",
        "tuses",
        "pending",
        "opts",
        "ctx",
        "auto",
        "aisatsu_by",
        "tj",
        "saved",
        "delayed",
        "statics",
        "hits",
        "clock",
        "since",
        "repl",
    )
    #: each field once, by kind (envs/core/table.py): clone, positions and resample_hidden follow
    FIELDS = Table(
        static=("defs", "abilities", "deck_names", "owner"),  # the pool, the decks
        # turn player, turn, first player, step and ikusa step, the ikusa's attacker / target as (card, obj),
        # the resolving object's context, option auto_forced, the decks' static-ability bits, the timestamp clock
        values=(
            "tp",
            "turn",
            "first",
            "step",
            "ikstep",
            "attacker",
            "atk_obj",
            "target",
            "tgt_obj",
            "ctx",
            "auto",
            "statics",
            "clock",
        ),
        # per card: definition, zone, bowed, face down, damage, object number (NS 302.3), known to both,
        # redirect target, hit this ikusa, tatsujin field flag (NS-G30), time it entered the field (NS 1213.3b);
        # per player: carried-over ether; the options of the pending choice
        lists=(
            "cdef",
            "zone",
            "bowed",
            "face_down",
            "dmg",
            "obj",
            "pub",
            "redirected",
            "ikusa_hit",
            "tj",
            "since",
            "carried",
            "opts",
        ),
        zones=("deck", "hand", "field", "ether", "ohigan", "damage", "removed", "check"),
        # the kotodama space (NS 310), continuous effects (NS 1213), uses this turn, waiting abilities,
        # aisatsu, delayed abilities (NS 1209.7), chosen replacements (NS 1214.2), hits (NS 1216.5a)
        rows=("kstack", "teff", "tuses", "pending", "aisatsu_by", "delayed", "repl", "hits"),
        snapshots=("saved",),  # the states to go back to (NS 1204.2i rollback): never mutated
        card_defs=("cdef",),
        # the opponent's hand cards not known to both, and deck, swap identities; the own deck's order
        hidden=Hidden(
            opp_zones=("hand", "deck"), seen="pub", seen_in=("hand",), sorted_zones=("hand",), own_order=("deck",)
        ),
    )
    HANDLERS: Sequence[Callable] = ()  # rules.HANDLERS, bound by the package (rules import this module)
    DECISION_NAMES = DECISIONS
    VIEWS = __package__ + ".encoding"  # observation, action strings, to_dict, the board (the kernel calls them)
    NUM_ACTIONS = NUM_ACTIONS
    CONCEDE = CONCEDE

    def __init__(self, game, seed: int) -> None:
        self._init_protocol(game, seed)
        self.auto = bool(game.options["auto_forced"])
        self.defs = game.pool.cards
        self.abilities = game.pool.abilities
        self.deck_names = game.deck_names
        self.cdef = list(game.decks[0]) + list(game.decks[1])
        n = len(self.cdef)
        n0 = len(game.decks[0])
        self.owner = game._owner
        self.zone = [Z_DECK] * n
        self.bowed, self.face_down, self.pub, self.ikusa_hit = [False] * n, [False] * n, [False] * n, [False] * n
        self.dmg, self.obj, self.redirected = [0] * n, [0] * n, [-1] * n
        self.deck = [list(range(n0)), list(range(n0, n))]
        self.hand, self.field, self.ether, self.ohigan = [[], []], [[], []], [[], []], [[], []]
        self.damage, self.removed, self.check = [[], []], [[], []], [[], []]
        self.kstack, self.carried = [], [0, 0]
        self.tp = self.turn = self.first = 0
        self.step, self.ikstep = ST_SETUP, 0
        self.attacker, self.atk_obj, self.target, self.tgt_obj = -1, 0, NO_TARGET, 0
        self.teff, self.tuses, self.pending, self.opts, self.ctx, self.aisatsu_by = [], [], [], [], -1, []
        self.tj, self.saved, self.delayed = [-1] * n, [], []  # tatsujin field flag (NS-G30), rollback, NS 1209.7
        self.clock, self.since = 0, [0] * n  # NS 1213.3b: timestamps; when each card last entered the field
        self.repl = []  # replacement chosen for a coming kill: [card, obj, source card] (NS 1214.2)
        self.hits = []  # who damaged whom since the last rule check (NS 1216.5a; only with 'kills' triggers)
        rules = _rules()
        self.statics = rules.static_flags(self.defs, self.cdef)
        self.stack.append([rules.H_SETUP, 0])
        self._run()

    # ---- the contract: resample_hidden (the views come from VIEWS, through the kernel) ----------------
    def resample_hidden(self, player: int, rng) -> None:
        """Redeal what ``player`` cannot see: the opponent's hand cards not known to both
        and the opponent's deck (identities permuted among those places), and the order
        of ``player``'s own deck (``FIELDS.hidden``). No pin for hidden cards' triggers: the
        reveal decision is the same whatever the hand holds (NS 1209.3a)."""
        if isinstance(rng, int):
            rng = Rng(rng)
        self.FIELDS.resample(self, player, rng)

    def ask(self, player: int, kind: int, legal: list[int]) -> None:
        """Pend a decision; with the option ``auto_forced`` (default off) a decision with one
        legal action is taken at once and not recorded (e.g. passing priority with nothing
        to enter: NS 802.4 leaves nothing else)."""
        if self.auto and len(legal) == 1:
            self.answer = legal[0]
            return
        DecisionState.ask(self, player, kind, legal)

    # ---- zones ---------------------------------------------------------------------
    def zone_list(self, z: int, p: int):
        if z == Z_STACK:
            return None
        return (self.deck, self.hand, self.field, self.ether, self.ohigan, self.damage, self.removed, self.check)[z][p]

    def move(self, i: int, z: int, face_down: bool = False, top: bool = True) -> None:
        """Move card ``i`` to its owner's zone ``z`` (NS 302.3: a new object; untapped and
        face-up by default, NS 303.1a, 303.2a; no damage)."""
        p = self.owner[i]
        old = self.zone[i]
        if old != Z_STACK:
            self.zone_list(old, p).remove(i)
        else:
            for k, o in enumerate(self.kstack):
                if o[SO_KIND] == K_CARD and o[SO_CARD] == i:
                    del self.kstack[k]
                    break
        self.zone[i] = z
        self.obj[i] += 1
        if z == Z_FIELD:  # NS 1213.3b-1: its statics become valid now
            self.clock += 1
            self.since[i] = self.clock
        self.bowed[i] = False
        self.face_down[i] = face_down
        self.dmg[i] = 0
        self.ikusa_hit[i] = False
        if z == Z_HAND:
            h = self.hand[p]
            key = self.cdef[i]
            k = 0
            while k < len(h) and self.cdef[h[k]] <= key:
                k += 1
            h.insert(k, i)
        elif z == Z_DECK:
            self.pub[i] = False
            if top:
                self.deck[p].insert(0, i)
            else:
                self.deck[p].append(i)
        elif z != Z_STACK:
            self.zone_list(z, p).append(i)
        if z in PUBLIC_ZONES:
            self.pub[i] = True

    def alive(self, i: int, obj: int) -> bool:
        return i >= 0 and self.zone[i] == Z_FIELD and self.obj[i] == obj

    # ---- characteristics (NS 206-208, 1213) ------------------------------------------
    def _mod(self, i: int, kind: int) -> int:
        v = 0
        o = self.obj[i]
        for k, _, c, ob, amt, _ in self.teff:
            if k == kind and c == i and ob == o:
                v += amt
        return v

    def stamp(self) -> int:
        """A new timestamp (NS 1213.3b): resolved effects take it on resolution (1213.3b-2)."""
        self.clock += 1
        return self.clock

    def _layered(self, i: int, base: int, add: int, put: int, aura: bool) -> int:
        """NS 1213.1f, 1213.3b, 1213.5: the numeric layer in timestamp order, for games with
        set-to-value effects (``SF_LAYERS``). Resolved effects carry their resolution
        time (1213.3b-2), an aura the time its source entered the field (1213.3b-1); setting
        a value drops what came before it (1213.5). Only additions can share a timestamp
        here (two auras entering at once), and they commute, so 1213.3b's chosen order never
        matters. Attributes are settled first (1213.1b), so an aura's scope is fixed before
        (the dependency of 1213.3a)."""
        o = self.obj[i]
        eff = [(st, k == put, amt) for k, _, c, ob, amt, st in self.teff if c == i and ob == o and k in (add, put)]
        if aura and self.statics & SF_AURAS and self.zone[i] == Z_FIELD:
            defs, cdef = self.defs, self.cdef
            for j in self.field[self.owner[i]]:
                au = defs[cdef[j]].aura
                if au is not None and j != i and not self.face_down[j] and self.has_attr(i, au[0]):
                    eff.append((self.since[j], False, au[1]))
        eff.sort()
        v = base
        for _, is_set, amt in eff:
            v = amt if is_set else v + amt
        return v if v > 0 else 0

    def defined(self, i: int, stat: int, printed: int) -> int:
        """NS 1210.2, 1213.1a: the value a characteristic-defining ability gives card ``i`` (stat 0 cost,
        1 karate, 2 durability, 3 kousaku) in any zone, else ``printed``; a count (X, Y, Z) is taken
        now, from the card's owner's side, each time the value is read (NS 1304.4-5)."""
        for k, v in self.defs[self.cdef[i]].cda:
            if k == stat:
                return v if v.__class__ is int else card_number(v, self, i, self.owner[i])
        return printed

    def vocab_subject(self, who: str, src: int, p: int) -> int:
        """The card a value's ``of:`` names (``words.VOCAB.subjects``): ``self``, the card whose
        ability it is."""
        return src

    def cost_of(self, i: int) -> int:
        """Card ``i``'s cost (NS 203), from its characteristic-defining ability if it has one (NS 1210.2)."""
        d = self.defs[self.cdef[i]]
        return self.defined(i, 0, d.cost) if self.statics & SF_DEFINED_VALUES else d.cost

    def _item(self, i: int, stat: int) -> int:
        """NS 1213.1e-f for games with cards lacking a numeric item or adding one (``SF_ADDED_ITEMS``)
        or defining one (``SF_DEFINED_VALUES``):
        the printed or defined value (1213.1a); a card printed without the item gets it from the earliest
        effect adding it (1213.1e; ``teff`` is in resolution order, NS 1213.3b), a layer before every
        numeric change; without it, the numeric changes have nothing to change (1213.1f) and it counts
        as 0. ``stat`` 1 karate, 3 kousaku."""
        d = self.defs[self.cdef[i]]
        name = "karate" if stat == 1 else "kousaku"
        if name in d.missing:
            base = None
            add, o = (TE_ADD_KARATE if stat == 1 else TE_ADD_KOUSAKU), self.obj[i]
            for k, _, c, ob, amt, _ in self.teff:
                if k == add and c == i and ob == o:
                    base = amt
                    break
            if base is None:
                return 0
        else:
            base = getattr(d, name)
            if self.statics & SF_DEFINED_VALUES:
                base = self.defined(i, stat, base)
        if stat == 1:
            if self.statics & SF_LAYERS:
                return self._layered(i, base, TE_KARATE, TE_SET_KARATE, True)
            v = base + (self._mod(i, TE_KARATE) if self.teff else 0)
            if self.statics & SF_AURAS and self.zone[i] == Z_FIELD:
                v += self.aura(i)
        else:
            v = base + (self._mod(i, TE_KOUSAKU) if self.teff else 0)
        return v if v > 0 else 0

    def karate(self, i: int, auras: list | None = None) -> int:
        """``auras``: ``self.auras(p)`` of the field card's side, when the caller reads a whole
        field (the observation), so its auras are looked up once, not once per card."""
        if self.statics & SF_ITEMS:  # 2048 | 512: items missing or added (1213.1e), defined values (1210.2)
            return self._item(i, 1)
        if self.statics & SF_LAYERS:
            return self._layered(i, self.defs[self.cdef[i]].karate, TE_KARATE, TE_SET_KARATE, True)
        v = self.defs[self.cdef[i]].karate + (self._mod(i, TE_KARATE) if self.teff else 0)
        if self.statics & SF_AURAS and self.zone[i] == Z_FIELD:
            v += self.aura(i, auras)
        return v if v > 0 else 0

    def auras(self, p: int) -> list[tuple[int, str, int]]:
        """The static auras on player ``p``'s field (NS 1210): (card, attribute, karate) of each
        face-up card with one."""
        defs, cdef, face_down = self.defs, self.cdef, self.face_down
        return [(j, *defs[cdef[j]].aura) for j in self.field[p] if defs[cdef[j]].aura is not None and not face_down[j]]

    def aura(self, i: int, auras: list | None = None) -> int:
        """NS 1210, 1213.1: static '+N karate to your other characters with attribute A',
        applied after attribute-gaining effects (1213.1b before 1213.1f); ``auras`` as
        ``karate``'s."""
        v = 0
        for j, attr, n in self.auras(self.owner[i]) if auras is None else auras:
            if j != i and self.has_attr(i, attr):
                v += n
        return v

    def durability(self, i: int) -> int:
        base = self.defs[self.cdef[i]].durability
        if self.statics & SF_DEFINED_VALUES:
            base = self.defined(i, 2, base)
        if self.statics & SF_LAYERS:
            return self._layered(i, base, TE_DUR, TE_SET_DUR, False)
        v = base + (self._mod(i, TE_DUR) if self.teff else 0)
        return v if v > 0 else 0

    def kousaku(self, i: int) -> int:
        if self.statics & SF_ITEMS:  # 2048 | 512, as karate()
            return self._item(i, 3)
        v = self.defs[self.cdef[i]].kousaku + (self._mod(i, TE_KOUSAKU) if self.teff else 0)
        return v if v > 0 else 0

    def has_attr(self, i: int, attr: str, depth: int = 0) -> bool:
        """Printed, gained by a resolved effect, or by an attribute-granting static (NS 1213.1b). A
        static granting A to characters with B depends on whatever gives B (NS 1213.3a): B is
        looked up first, with those effects applied, whatever the timestamps. A cycle of such
        statics (A if B, B if A) gives nothing not already there: ``depth`` stops it, with the
        result of applying them in any order (NS 1213.3b). An effect setting the attribute
        (NS 1213.1d, a later layer than every gain, 1213.1b) overrides all of those; the latest
        set wins (1213.3b); only in games with set-to-value cards (``SF_LAYERS``)."""
        if self.face_down[i]:
            return False
        if self.statics & SF_LAYERS and self.teff:
            o, put = self.obj[i], -1
            for k, _, c, ob, amt, _ in self.teff:
                if k == TE_SET_ATTR and c == i and ob == o:
                    put = amt
            if put >= 0:
                return self.game.pool.attr_names[put] == attr
        if attr in self.defs[self.cdef[i]].attributes:
            return True
        if self.teff:  # NS 1325.1: 'gains <attribute>' this turn
            o, names = self.obj[i], self.game.pool.attr_names
            for k, _, c, ob, amt, _ in self.teff:
                if k == TE_ATTR and c == i and ob == o and names[amt] == attr:
                    return True
        if self.statics & SF_AURAS and self.zone[i] == Z_FIELD:  # NS 1213.1b: attribute-gaining statics
            defs, cdef = self.defs, self.cdef
            for j in self.field[self.owner[i]]:
                d = defs[cdef[j]]
                if (
                    j != i
                    and d.grant_attr == attr
                    and not self.face_down[j]
                    and (d.grant_if is None or (depth < 8 and self.has_attr(i, d.grant_if, depth + 1)))
                ):
                    return True
        return False

    def has_kw(self, i: int, kw: str) -> bool:
        """A face-up card's printed keyword, then the effects gaining or losing it (the ability
        layer, NS 1213.1c) in timestamp order (NS 1213.3b: ``teff`` is kept in resolution order):
        the latest one decides (NS 1327.1: losing removes all instances; a keyword is printed
        once here)."""
        if self.face_down[i]:
            return False
        has = kw in self.defs[self.cdef[i]].keywords
        if not has and not self.statics & SF_LAYERS:  # no 'gain_keyword' card in the game: nothing to gain
            return False
        if self.teff:
            o, kid = self.obj[i], KEYWORDS.index(kw)
            for k, _, c, ob, amt, _ in self.teff:
                if c == i and ob == o and amt == kid:
                    if k == TE_LOSE_KW:
                        has = False
                    elif k == TE_GAIN_KW:
                        has = True
        return has

    def triggers_of(self, i: int):
        """Printed triggered abilities plus those granted this turn (NS 1325)."""
        ab = self.defs[self.cdef[i]].triggers
        if self.teff:
            o = self.obj[i]
            extra = [self.abilities[amt] for k, _, c, ob, amt, _ in self.teff if k == TE_GRANT and c == i and ob == o]
            if extra:
                return ab + extra
        return ab

    def untapped_ether(self, p: int) -> int:
        return sum(1 for i in self.ether[p] if not self.bowed[i])

    def faceup_damage(self, p: int) -> int:
        return sum(1 for i in self.damage[p] if not self.face_down[i])

    def can_pay(self, p: int, i: int) -> bool:
        d = self.defs[self.cdef[i]]
        return self.untapped_ether(p) >= self.cost_of(i) and self.faceup_damage(p) >= d.jitsu

    # ---- invariants ----------------------------------------------------------------------
    def check_invariants(self) -> None:
        """Conservation of cards: every card is in exactly one zone list (or on the stack)
        matching its ``zone`` entry; bounded slot counts."""
        n = len(self.cdef)
        seen = [0] * n
        for p in (0, 1):
            for z in range(Z_STACK):  # every zone with per-player lists (the kotodama space is checked below)
                for i in self.zone_list(z, p):
                    assert self.zone[i] == z and self.owner[i] == p, f"card {i} in {ZONE_NAMES[z]} of {p}"
                    seen[i] += 1
        for o in self.kstack:
            if o[SO_KIND] == K_CARD:
                i = o[SO_CARD]
                assert self.zone[i] == Z_STACK, f"card {i} on the stack but zone {self.zone[i]}"
                seen[o[SO_CARD]] += 1
        assert all(s == 1 for s in seen), f"cards not in exactly one place: {[i for i in range(n) if seen[i] != 1]}"
        for p in (0, 1):
            for i in self.field[p]:
                assert self.defs[self.cdef[i]].type == CHARACTER, f"non-character {i} on the field"
            assert len(self.field[p]) <= 50 and len(self.hand[p]) <= 50
        assert self.carried[0] >= 0 and self.carried[1] >= 0


State = NinjaSlayerState  # the name the rules and older code use
