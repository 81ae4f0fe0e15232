"""Observation tensor, readable board, JSON view and action strings of Ninja Slayer TCG.

Everything is seen from one player ("me"); hidden things are never read: the opponent's
hand (except cards it took from a public zone), both decks (counts only), and the
option list of a decision that is not the viewer's.
"""

from __future__ import annotations

from collections import _count_elements

import numpy as np

from ..core.obs import ObsLayout as CoreObsLayout
from .layout import (
    D_CHOOSE,
    D_ORDER,
    D_PAY_ETHER,
    D_PAY_JITSU,
    D_RECOVER,
    D_REVEAL,
    D_TATSUJIN,
    DECISIONS,
    IK_STEPS,
    LAYOUT,
    N_OPTIONS,
    STEPS,
)
from .records import (
    SF_AURAS,
    SF_DEFINED_VALUES,
    SO_ABILITY,
    SO_CARD,
    SO_CTL,
    SO_FIXED,
    SO_KIND,
    SO_MODE,
    SO_NUMBER,
    SO_OBJ,
    SO_TJ,
    T_FIELD,
    T_STACK_CARD,
    T_ZONE,
    TG_CARD,
    TG_CODE,
    TG_OBJ,
    TG_SIZE,
)
from .state import EF_CARD, K_ABILITY, K_CARD, K_CHECK, KIND_NAMES, PLAYER_TARGET, Z_FIELD

# decisions with an option list (the reveal decision lists the eligible hidden hand cards' definitions, NS 1209.3a)
OPTION_KINDS = (D_ORDER, D_PAY_ETHER, D_PAY_JITSU, D_CHOOSE, D_RECOVER, D_REVEAL)
F_SLOTS = 20  # field slots encoded per player (more characters than this are not shown)
S_SLOTS = 8  # kotodama-space entries encoded, from the top
H_SLOTS = 12  # hand slots encoded card by card (OWN_HAND i), beside the whole hand's counts
N_PLAYER = 11
CACHE_ENTRIES = 512  # per cache of the encoder (bounded: consecutive decisions reuse the latest entries)
ZONE_SIZES = 3  # where a player's zone sizes start in the players block (ether ... check, see _zone_block)
ZONE_SCALES = (10, 10, 50, 10, 10, 10, 5)  # their divisors
N_DEC = len(DECISIONS)


class ObsLayout(CoreObsLayout):
    """The observation's named blocks (``envs/core/obs.py``); the game module's docstring table is checked
    against them. The attributes (``glob``, ``step``...) are the blocks' first indices, where the encoder
    writes; ``stats`` / ``zcache`` are the encoder's caches."""

    def __init__(self, n_cards: int) -> None:
        super().__init__(n_cards)
        P = self.P = n_cards
        self.stats_defs, self.stats = None, []  # printed stats / 5 by definition (observation's cache)
        self.aura_defs: frozenset = frozenset()  # definitions with a static aura (the same cache)
        self.zcache: dict = {}  # one player's zone blocks by their content (see _zone_block)
        self.kcache: dict = {}  # a field's karate with auras by its content (see _aura_karate)
        add = self.add
        self.glob = add("global", 3, "turn/30, my turn, I went first")
        self.step = add("step", len(STEPS), "step one-hot: " + " ".join(STEPS))
        self.ik = add("ikusa", len(IK_STEPS), "ikusa sub-step one-hot: " + ", ".join(IK_STEPS))
        self.dec = add("decision", len(DECISIONS), "pending decision kind one-hot")
        self.deciding = add("deciding", 1, "I decide")
        self.players = add(
            "players",
            2 * N_PLAYER,
            "me, opponent: deck/50 hand/20 field/10 ether/10 untapped "
            "ether/10 ohigan/50 damage/10 face-up damage/10 removed/10 check/5 carried damage/10",
            shape=f"2 x {N_PLAYER}",
        )
        self.ctx = add("context", P, "card being entered / whose ability resolves (one-hot)", shape="N")
        self.opts = add(
            "options",
            N_OPTIONS * (P + 1),
            "my decision's option list: card one-hot, face-down",
            shape=f"{N_OPTIONS} x (N+1)",
        )
        self.hand = add("hand", P, "my hand, counts by card", shape="N")
        # the hand card by card too: an OWN_HAND action names a slot, and a slot's card is
        # otherwise only a running sum over the counts away (the hand is sorted by card)
        self.hand_slots = add(
            "hand_slots",
            H_SLOTS * P,
            f"my hand slots 0-{H_SLOTS - 1} (sorted by card: OWN_HAND i), one-hot card",
            shape=f"{H_SLOTS} x N",
        )
        self.opp_known = add(
            "opp_known", P, "opponent's hand cards that came from public zones or are revealed (NS 1209.3c)", shape="N"
        )
        self.field = add(
            "field",
            2 * F_SLOTS * (P + 8),
            "me, opponent, per slot: card, bowed, damage/5, karate/5, "
            "durability/5, kousaku/5, attacker, target, redirected",
            shape=f"2 x {F_SLOTS} x (N+8)",
        )
        self.zones = add(
            "zones",
            2 * 7 * P,
            "me, opponent: ether, bowed ether, ohigan, damage up, damage down, removed, check: counts by card",
            shape="2 x 7 x N",
        )
        self.kst = add(
            "kotodama",
            S_SLOTS * (P + 5),
            "top first: kind (card/ability/check), card, mine, tatsujin paid",
            shape=f"{S_SLOTS} x (N+5)",
        )
        self.kx = add(
            "choices",
            S_SLOTS * 2 + 2 * F_SLOTS + S_SLOTS,
            "top first: mode/4, X (or last-known "
            "number)/10; field slots (me, opponent: units) and kotodama-space entries targeted by an "
            "entry-time target (NS 1204.2e)",
            shape=f"{S_SLOTS} x 2 + 2 x {F_SLOTS} + {S_SLOTS}",
        )
        self.kz = add(
            "zone_targets",
            2 * P,
            "ether / Ohigan cards targeted by an entry-time target (me, opponent), counts by card",
            shape="2 x N",
        )


def _printed_stats(L: ObsLayout, defs) -> list:
    """Per definition: printed (karate, durability, kousaku) / 5, cached on the layout with
    ``L.aura_defs``, the definitions with a static aura (NS 1210): whether a field has one
    is then asked in C (``frozenset.isdisjoint``), not by a Python loop over its cards."""
    if L.stats_defs is not defs:
        L.stats = [(d.karate / 5, d.durability / 5, d.kousaku / 5) for d in defs]
        L.aura_defs = frozenset(c for c, d in enumerate(defs) if d.aura is not None)
        L.stats_defs = defs
        L.kcache.clear()  # karate values of the definitions replaced
    return L.stats


def _zone_block(L: ObsLayout, key: tuple) -> tuple:
    """One player's zone count blocks (7 x P floats) from ``key`` = definitions in ether,
    their bowed flags, definitions in Ohigan, in the damage zone, their face-down flags, in
    removed, in check; with the zones' entries of the players block (ether, untapped ether,
    Ohigan, damage, face-up damage, removed, check: 7 floats in a row). Keyed by content
    (definitions, not card ids, so resampled hidden identities cannot alias), the blocks
    are computed once while a game's zones stay the same over many decisions. Both are kept
    as memoryviews, copied into the observation's buffer as they are (the block is None when
    all seven zones are empty)."""
    P = L.P
    ce, bw, co, cd, fd, cr, cc = key
    pos = [c for c in ce] + [P + c for c, b in zip(ce, bw) if b] + [2 * P + c for c in co]
    pos += [(4 * P if f else 3 * P) + c for c, f in zip(cd, fd)]
    pos += [5 * P + c for c in cr] + [6 * P + c for c in cc]
    block = np.bincount(pos, minlength=7 * P).astype(np.float32) if pos else None
    if len(L.zcache) >= CACHE_ENTRIES:  # ~1 MB
        L.zcache.clear()
    # the players block's entries ether, untapped ether, Ohigan, damage, face-up damage, removed, check
    sizes = [len(ce), len(ce) - sum(bw), len(co), len(cd), len(fd) - sum(fd), len(cr), len(cc)]
    sizes = [n / scale for n, scale in zip(sizes, ZONE_SCALES)]
    z = L.zcache[key] = (memoryview(block) if pos else None, memoryview(np.array(sizes, np.float32)))
    return z


def _karate(s, p: int, cards) -> list:
    """karate / 5 of p's field ``cards`` from the state, the field's auras looked up once."""
    auras = s.auras(p)
    return [s.karate(i, auras) / 5 for i in cards]


def _aura_karate(s, p: int, L: ObsLayout) -> tuple:
    """karate / 5 of each encoded card of p's field, where an aura is, when no effect names
    a card and no field card has a characteristic-defining value (``observation``'s
    ``touched`` empty). Then State.karate of a field card is its printed karate (0 printed
    'none', NS 1213.1e) plus the auras of its field that apply (NS 1210, 1213.1f), which
    depend on the attributes printed or granted by that field's statics (NS 1213.1b): on the
    definitions and face-down flags of that field's cards and the game's static kinds alone.
    So the values are cached by that content: a field stays the same over many decisions."""
    field, cdef, face_down = s.field[p], s.cdef, s.face_down
    key = (s.statics, tuple(map(cdef.__getitem__, field)), tuple(map(face_down.__getitem__, field)))
    v = L.kcache.get(key)
    if v is None:
        if len(L.kcache) >= CACHE_ENTRIES:
            L.kcache.clear()
        v = L.kcache[key] = tuple(_karate(s, p, field[:F_SLOTS]))
    return v


def observation(s, me: int, L: ObsLayout) -> np.ndarray:
    """Written straight into a zeroed float32 buffer through a memoryview (no position
    lists, no numpy call per block); each player's zone blocks come from ``_zone_block``
    and a field's karate with auras from ``_aura_karate``, both by content; the hand blocks
    are counted once in C (``_count_elements``)."""
    P = L.P
    cdef = s.cdef
    op = 1 - me
    o = np.zeros(L.size, np.float32)
    m = memoryview(o)
    g = L.glob
    m[g] = s.turn / 30.0
    if s.tp == me:
        m[g + 1] = 1.0
    if s.first == me:
        m[g + 2] = 1.0
    m[L.step + s.step] = 1.0
    m[L.ik + s.ikstep] = 1.0
    dkind = s.dkind
    if 0 <= dkind < N_DEC:
        m[L.dec + dkind] = 1.0
        if s.dplayer == me:
            m[L.deciding] = 1.0
    bowed, face_down = s.bowed, s.face_down
    b = L.hand
    # the hand's cards in its order (sorted by card: State.move), rebuilt from the cards so
    # that the list's order shows nowhere (NS 305.2)
    hand = sorted(map(cdef.__getitem__, s.hand[me]))
    cnt = [b + c for c in hand]  # positions of the count blocks (repeats add up)
    b = L.hand_slots
    for c in hand[:H_SLOTS]:
        m[b + c] = 1.0
        b += P
    pub = s.pub
    hop = s.hand[op]
    for i in hop:
        if pub[i]:
            b = L.opp_known
            cnt += [b + cdef[i] for i in hop if pub[i]]
            break
    zb = L.zones
    cget, bget, fget = cdef.__getitem__, bowed.__getitem__, face_down.__getitem__  # the keys' lookups, bound once
    for k, p in enumerate((me, op)):
        ether, oh, dz, rem, chk = s.ether[p], s.ohigan[p], s.damage[p], s.removed[p], s.check[p]
        key = (
            tuple(map(cget, ether)),
            tuple(map(bget, ether)),
            tuple(map(cget, oh)),
            tuple(map(cget, dz)),
            tuple(map(fget, dz)),
            tuple(map(cget, rem)) if rem else (),
            tuple(map(cget, chk)) if chk else (),
        )
        z = L.zcache.get(key)
        if z is None:
            z = _zone_block(L, key)
        block, sizes = z
        if block is not None:
            m[zb : zb + 7 * P] = block  # memoryview to memoryview: a plain copy, no numpy call
        zb += 7 * P
        b = L.players + k * N_PLAYER
        m[b] = len(s.deck[p]) / 50
        m[b + 1] = len(s.hand[p]) / 20
        m[b + 2] = len(s.field[p]) / 10
        m[b + ZONE_SIZES : b + ZONE_SIZES + len(ZONE_SCALES)] = sizes
        m[b + 10] = s.carried[p] / 10
    counts: dict = {}
    _count_elements(counts, cnt)
    for k, v in counts.items():
        m[k] = v
    if s.ctx >= 0:
        m[L.ctx + cdef[s.ctx]] = 1.0
    if s.dplayer == me and dkind in OPTION_KINDS:
        W1 = P + 1
        b = L.opts
        if dkind == D_RECOVER:
            for v in s.opts[:N_OPTIONS]:
                m[b + v[0]] = 1.0
                if v[1]:
                    m[b + P] = 1.0
                b += W1
        else:
            for v in s.opts[:N_OPTIONS]:
                m[b + v] = 1.0
                b += W1
    W = P + 8
    obj, red, dmg = s.obj, s.redirected, s.dmg
    teff = s.teff
    # printed values except for the cards an effect names (all three values come from the
    # state, State.karate...) and the karate on a field where a static aura applies
    # (NS 1210, 1213.1f): auras change karate only
    touched = {t[EF_CARD] for t in teff} if teff else ()
    defs = s.defs
    if s.statics & SF_DEFINED_VALUES:  # characteristic-defining abilities (NS 1210.2): values from the state
        touched = set(touched).union(j for q in (0, 1) for j in s.field[q] if defs[cdef[j]].cda)
    stats = _printed_stats(L, defs)
    att, tgt = s.attacker, s.target
    aura_defs = L.aura_defs
    for k, p in enumerate((me, op)):
        b = L.field + k * F_SLOTS * W
        fl = s.field[p][:F_SLOTS]
        aura = s.statics & SF_AURAS and not aura_defs.isdisjoint(map(cget, s.field[p]))
        b0 = b
        for i in fl:
            c = cdef[i]
            m[b + c] = 1.0
            bp = b + P
            if bowed[i]:
                m[bp] = 1.0
            if dmg[i]:
                m[bp + 1] = dmg[i] / 5
            if i in touched:
                m[bp + 2], m[bp + 3], m[bp + 4] = s.karate(i) / 5, s.durability(i) / 5, s.kousaku(i) / 5
            else:
                m[bp + 2], m[bp + 3], m[bp + 4] = stats[c]
            if i == att and obj[i] == s.atk_obj:  # NS 704.6a / 705.5a: a new object is neither
                m[bp + 5] = 1.0
            if i == tgt and obj[i] == s.tgt_obj:
                m[bp + 6] = 1.0
            if red[i] == obj[i]:
                m[bp + 7] = 1.0
            b += W
        if aura:  # the karate of the cards no effect names, auras applied (NS 1210, 1213.1f)
            bp = b0 + P + 2
            for i, v in zip(fl, _karate(s, p, fl) if touched else _aura_karate(s, p, L)):
                if i not in touched:
                    m[bp] = v
                bp += W
    ks = s.kstack
    if ks:
        b = L.kst
        W5 = P + 5
        for ob in reversed(ks[-S_SLOTS:]):
            m[b + ob[SO_KIND]] = 1.0
            if ob[SO_KIND] != K_CHECK:
                m[b + 3 + cdef[ob[SO_CARD]]] = 1.0
            if ob[SO_CTL] == me:
                m[b + 3 + P] = 1.0
            if ob[SO_TJ]:
                m[b + 4 + P] = 1.0
            b += W5
    if s.kstack:
        _kotodama_choices(s, me, L, o)
    return o


def _kotodama_choices(s, me: int, L: ObsLayout, o) -> None:
    """What the kotodama-space objects fixed at entry: mode (NS 1204.2b), X (NS 1304.2c) or a
    last-known number (NS 1215), and which field cards / objects they target (NS 1204.2e)."""
    top = s.kstack[-S_SLOTS:][::-1]
    b = L.kx
    for k, ob in enumerate(top):
        o[b + 2 * k] = ob[SO_MODE] / 4
        o[b + 2 * k + 1] = ob[SO_NUMBER] / 10
        for q in range(SO_FIXED, len(ob), TG_SIZE):
            c, obj, code = ob[q + TG_CARD], ob[q + TG_OBJ], ob[q + TG_CODE]
            if code == T_FIELD:  # a field card, while it is the same object (NS 302.3)
                if s.zone[c] == Z_FIELD and s.obj[c] == obj:
                    slot = s.field[s.owner[c]].index(c)
                    if slot < F_SLOTS:  # += : a distribution's units to it (NS 1305.1, 1204.2f-2)
                        o[b + 2 * S_SLOTS + (0 if s.owner[c] == me else F_SLOTS) + slot] += 1.0
                continue
            if code == T_ZONE:  # an ether / Ohigan card (public zones), while it is the same object
                if s.obj[c] == obj:
                    o[L.kz + (0 if s.owner[c] == me else L.P) + s.cdef[c]] += 1.0
                continue
            for k2, o2 in enumerate(top):
                if (
                    o2[SO_CARD] == c
                    and o2[SO_OBJ] == obj
                    and (
                        o2[SO_KIND] == K_CARD
                        if code == T_STACK_CARD
                        else (o2[SO_KIND] == K_ABILITY and o2[SO_ABILITY] == code)
                    )
                ):
                    o[b + 2 * S_SLOTS + 2 * F_SLOTS + k2] = 1.0


def _name(s, i: int) -> str:
    d = s.defs[s.cdef[i]]
    return d.name + (f"◆{d.epithet}" if d.epithet else "")


def action_to_string(s, a: int) -> str:
    rng, k = LAYOUT.describe(a)
    p = s.dplayer
    try:
        if rng == "own_hand":
            return f"hand {k}: {_name(s, s.hand[p][k])}"
        if rng == "own_field":
            return f"own field {k}: {_name(s, s.field[p][k])}"
        if rng == "opp_field":
            return f"opponent's field {k}: {_name(s, s.field[1 - p][k])}"
        if rng == "option":
            v = s.opts[k]
            if s.dkind == D_RECOVER:
                return f"option {k}: {s.defs[v[0]].name}{' (face down)' if v[1] else ''}"
            return f"option {k}: {s.defs[v].name}"
    except IndexError:
        pass
    if rng == "yes":
        return "pay tatsujin" if s.dkind == D_TATSUJIN else "yes"
    if rng == "player":
        return "the opponent" if k else "myself"
    return rng if rng in ("pass", "yes", "concede") else f"{rng} {k}"


def _card(s, i: int, viewer) -> dict:
    d = {"card": s.defs[s.cdef[i]].id, "name": _name(s, i)}
    if s.bowed[i]:
        d["bowed"] = True
    if s.face_down[i]:
        d["face_down"] = True
    if s.dmg[i]:
        d["damage"] = s.dmg[i]
    return d


def _stack_entry(s, o) -> dict:
    d = {
        "kind": KIND_NAMES[o[0]],
        "controller": o[3],
        "card": None if o[0] == K_CHECK else s.defs[s.cdef[o[1]]].id,
        "tatsujin": bool(o[5]),
    }
    if o[0] != K_CHECK:  # choices fixed at entry (NS 1204.2b-e), shown only when made
        ab = s.abilities[o[4]] if o[0] == K_ABILITY else s.defs[s.cdef[o[1]]].text_ability
        if ab is not None and ab.modes:
            d["mode"] = o[6]
        if ab is not None and ab.x:
            d["x"] = o[7]
        if len(o) > SO_FIXED:
            d["targets"] = [s.defs[s.cdef[o[q + TG_CARD]]].id for q in range(SO_FIXED, len(o), TG_SIZE)]
    return d


def to_dict(s, player=None) -> dict:
    out = {
        "turn": s.turn,
        "turn_player": s.tp,
        "first": s.first,
        "step": STEPS[s.step],
        "ikusa": IK_STEPS[s.ikstep],
        "decision": s.decision_name(),
        "current_player": s.current_player(),
        "winner": s.winner if s.is_terminal() else None,
        "players": [],
    }
    for p in (0, 1):
        see_hand = player is None or player == p
        pd = {
            "deck": len(s.deck[p]),
            "hand": [_card(s, i, player) for i in s.hand[p]]
            if see_hand
            else {"count": len(s.hand[p]), "known": [_card(s, i, player) for i in s.hand[p] if s.pub[i]]},
            "carried_damage": s.carried[p],
        }
        for z in ("field", "ether", "ohigan", "damage", "removed", "check"):
            pd[z] = [_card(s, i, player) for i in getattr(s, z)[p]]
        if player is None:
            pd["deck_cards"] = [s.defs[s.cdef[i]].id for i in s.deck[p]]
        out["players"].append(pd)
    out["kotodama_space"] = [_stack_entry(s, o) for o in s.kstack]
    out["aisatsu"] = (
        None
        if s.attacker < 0
        else {
            "attacker": _name(s, s.attacker),
            "target": "player" if s.target == PLAYER_TARGET else (_name(s, s.target) if s.target >= 0 else None),
        }
    )
    if s.dkind in OPTION_KINDS and (player is None or player == s.dplayer):
        out["options"] = [list(v) if isinstance(v, tuple) else v for v in s.opts]
    return out


def render(s) -> str:
    lines = [
        f"turn {s.turn} (player {s.tp}), {STEPS[s.step]} / ikusa {IK_STEPS[s.ikstep]}; "
        f"decision: {s.decision_name()} by {s.dplayer}"
    ]
    for p in (0, 1):
        lines.append(
            f"P{p}: deck {len(s.deck[p])}, hand [{', '.join(_name(s, i) for i in s.hand[p])}], carried {s.carried[p]}"
        )
        for z in ("field", "ether", "ohigan", "damage"):
            cards = []
            for i in getattr(s, z)[p]:
                t = _name(s, i)
                if s.bowed[i]:
                    t += "(bowed)"
                if s.face_down[i]:
                    t += "(down)"
                if s.dmg[i]:
                    t += f"(dmg {s.dmg[i]})"
                cards.append(t)
            lines.append(f"  {z}: {', '.join(cards) or '-'}")
    if s.kstack:
        lines.append(
            "kotodama space: "
            + " | ".join(
                KIND_NAMES[o[0]] + ("" if o[0] == K_CHECK else f" {_name(s, o[1])}") + f" (P{o[3]})" for o in s.kstack
            )
        )
    if s.is_terminal():
        lines.append(f"game over: {'draw' if s.winner < 0 else f'player {s.winner} wins'}")
    return "\n".join(lines)
