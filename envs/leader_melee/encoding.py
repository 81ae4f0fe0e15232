"""Leader Melee observation tensor, action strings, ``to_dict`` and the text board.

Everything is seen from the observing player ``me``; hidden and never encoded: the
opponent's unknown hand cards, both decks' order and unknown contents, every life card
(hidden from both, 3-9-2). Known cards (a 連携 miss at the deck bottom, 10-14-1) are
encoded as counts by card.
"""

from __future__ import annotations

import struct

import numpy as np

from ..core.obs import ObsLayout as CoreObsLayout
from .layout import (
    D_DISCARD,
    D_MULLIGAN,
    D_ORDER_REPLACEMENT,
    D_ORDER_TRIGGER,
    D_PAY_ENERGY,
    D_PLACE_ORDER,
    D_SEARCH,
    DECISIONS,
    LAYOUT,
    NUM_ACTIONS,
    PHASE_NAMES,
)
from .rules import face_of, leader, negated, stat, statics, stats
from .rules.frames import K_ABILITY, K_CARD, SC_STATICS, SC_ZVER, W_ABILITY, W_CARD, W_MASTER
from .state import CARDS_PER_PLAYER, Z_BATTLE, Z_DROP, Z_ENERGY, Z_HAND, Z_LEADER, Z_MELEE, ZONE_NAMES

BATTLE_SLOTS = 6
_COUNTS = struct.Struct("16f")  # the counts block, written in one pack (native float32, as the buffer)


class ObsLayout(CoreObsLayout):
    """The Leader Melee blocks (the module docstring of ``leader_melee`` is their table); the
    encoder writes at ``o_<block>``, each block's first index."""

    def __init__(self, n: int):
        super().__init__(n)
        self.printed_defs, self.printed = None, []  # printed power and strike, scaled, by definition (_printed)
        add = self._add
        add("global", 6, "turn/30, my turn, I went first, my attack on, battle on, my leader is guard")
        add("phase", len(PHASE_NAMES), "one-hot (``layout.PHASE_NAMES``)")
        add("decision", len(DECISIONS), "one-hot pending decision kind")
        add("deciding", 1, "I decide")
        add("counts", 2 * 8, "me then opp: deck, hand, life, energy, drop, battle, melee, known deck cards", "2 x 8")
        add("leaders", 2 * (n + 4), "one-hot card, face, rest, power/10000, strike/5", "2 x (N+4)")
        add(
            "battle",
            2 * BATTLE_SLOTS * (n + 7),
            "per slot: one-hot card, rest, power, strike, attack card, guard card, 鉄壁 used, last placed",
            f"2 x {BATTLE_SLOTS} x (N+7)",
        )
        add("melee", 2 * (n + 1), "counts by card, total power/10000", "2 x (N+1)")
        add("energy", 2 * n, "counts by card", "2 x N")
        add("drop", 2 * n, "counts by card", "2 x N")
        add("hand", n, "my hand, counts by card", "N")
        add("opp_known_hand", n, "opponent's hand cards known to me", "N")
        add("known_deck", 2 * n, "known deck cards (連携 misses), counts by card", "2 x N")
        add(
            "context",
            n + 2,
            "card being played / resolving (or the replacement offered), energy left to pay/10, mulligan picks/10",
            "N+2",
        )
        add(
            "pending",
            16 * n,
            "source card of each waiting ability (ORDER_TRIGGER) or replacement effect "
            "(ORDER_REPLACEMENT; 鉄壁: the card itself)",
            "16 x N",
        )
        add(
            "negated",
            2 * (1 + BATTLE_SLOTS),
            "me then opp: leader, battle slots whose abilities are negated (8-3-2)",
            f"2 x {1 + BATTLE_SLOTS}",
        )
        add(
            "look",
            n,
            "my deck's cards while I search it (SEARCH, 8-6-3-5) / the cards I put under my deck so far (PLACE_ORDER)",
            "N",
        )
        add(
            "choice",
            8 + 2,
            "chosen mode one-hot (8-6-2-2), discard cost left/10 (8-4-2-1), my picks so far/10 (SEARCH, PLACE_ORDER)",
            "8 + 2",
        )

        # where the counted zones' counts start: energy, drop (me, opponent), my hand, melee (me,
        # opponent), then the known cards of the opponent's hand, my deck, the opponent's deck
        energy, drop, melee, known_deck = self.o_energy, self.o_drop, self.o_melee, self.o_known_deck
        self.count_at = (energy, energy + n, drop, drop + n, self.o_hand, melee, melee + n + 1)
        self.count_at += (self.o_opp_known_hand, known_deck, known_deck + n)

    def _add(self, name: str, k: int, doc: str, shape: str = "") -> None:
        setattr(self, "o_" + name, self.add(name, k, doc, shape))  # the start as an attribute: o_global, o_phase...


def observation(s, me: int, lay: ObsLayout) -> np.ndarray:
    """Written straight into a zeroed float32 buffer through a memoryview (no index /
    value lists, no numpy call per block); the count blocks are counted card by card (a
    position list and one bincount, or a cache of each zone's counts keyed by its content,
    cost more: the key or the list costs what the count does)."""
    n = lay.n
    cdef = s.cdef
    defs, face, rest = s.defs, s.face, s.rest
    op = 1 - me
    o = np.zeros(lay.size, np.float32)
    m = memoryview(o)
    sc = s.scache
    # printed values only while no effect and no 【永続発動】 applies
    mods = s.mods or (sc[SC_STATICS] if sc[SC_ZVER] == s.zver else statics(s))
    printed = None if mods else _printed(lay, defs)
    g = lay.o_global
    m[g] = s.turn_no / 30.0
    if s.tp == me:
        m[g + 1] = 1.0
    if s.first == me:
        m[g + 2] = 1.0
    if s.attack >= 0:
        if s.tp == me:
            m[g + 3] = 1.0
        m[g + 4] = 1.0
    if s.guard == CARDS_PER_PLAYER * me:  # leader(me)
        m[g + 5] = 1.0
    m[lay.o_phase + s.phase] = 1.0
    if s.dkind >= 0:
        m[lay.o_decision + s.dkind] = 1.0
        if s.dplayer == me:
            m[lay.o_deciding] = 1.0
    known = s.known
    anyknown = known.count(0) != len(known)  # 1 or 2 (put under the deck at once, order known to the owner, 3-1-6-1)
    deck, hand, energy, drop, battle, melee = s.deck, s.hand, s.energy, s.drop, s.battle, s.melee
    # the counted zones, in the order of ``lay.count_at``; the known cards after them
    zones = [energy[me], energy[op], drop[me], drop[op], hand[me], melee[me], melee[op]]
    if anyknown:
        zones += (
            [u for u in hand[op] if known[u]],
            [u for u in deck[me] if known[u]],
            [u for u in deck[op] if known[u]],
        )
    # per player (me, then the opponent): deck, hand, life, energy, drop, battle, melee, known deck cards
    kd = (len(zones[8]), len(zones[9])) if anyknown else (0, 0)
    _COUNTS.pack_into(o, 4 * lay.o_counts, *_sizes(s, me, kd[0]), *_sizes(s, op, kd[1]))
    b = lay.o_leaders
    for p in (me, op):
        u = CARDS_PER_PLAYER * p  # leader(p)
        m[b + cdef[u]] = 1.0
        bn = b + n
        if face[u]:  # the buffer is zeroed: only non-zero values are written
            m[bn] = 1.0
        if rest[u]:
            m[bn + 1] = 1.0
        m[bn + 2], m[bn + 3] = _scaled_stats(s, u) if mods else printed[cdef[u]][face[u]]
        b = bn + 4
    w = n + 7
    ets, iron, obj = s.ets, s.iron, s.obj
    attack, guard = s.attack, s.guard
    for k, p in enumerate((me, op)):
        bl = battle[p]
        if not bl:
            continue
        last = max(map(ets.__getitem__, bl))
        b = lay.o_battle + k * BATTLE_SLOTS * w
        for u in bl if len(bl) <= BATTLE_SLOTS else bl[:BATTLE_SLOTS]:
            m[b + cdef[u]] = 1.0
            bn = b + n
            if rest[u]:
                m[bn] = 1.0
            m[bn + 1], m[bn + 2] = _scaled_stats(s, u) if mods else printed[cdef[u]][face[u]]
            if u == attack:
                m[bn + 3] = 1.0
            if u == guard:
                m[bn + 4] = 1.0
            if iron[u] == obj[u]:  # 鉄壁 used by this object this turn
                m[bn + 5] = 1.0
            if ets[u] == last:
                m[bn + 6] = 1.0
            b += w
    # the count blocks (melee, energy, drop, hand, opponent's known hand, known decks), card by card
    for cards, b in zip(zones, lay.count_at):
        for u in cards:
            m[b + cdef[u]] += 1.0
    for k, p in enumerate((me, op)):
        ml = melee[p]
        if ml:
            b = lay.o_melee + k * (n + 1) + n
            if mods:
                m[b] = sum([stat(s, u, 0) for u in ml]) / 10000
            else:
                m[b] = sum([defs[cdef[u]].faces[face[u]].power for u in ml]) / 10000
    c = lay.o_context
    dk = s.dkind
    if dk >= 0:  # the pending decision's context (rules/context.py)
        dc = s.decision_ctx
        if dc.card >= 0:
            m[c + cdef[dc.card]] = 1.0
        if dc.pay:
            m[c + n] = dc.pay / 10
        if dk == D_ORDER_TRIGGER:  # the waiting abilities
            b = lay.o_pending
            dp = s.dplayer
            for w_ in [w_ for w_ in s.waits if w_[W_MASTER] == dp][:16]:
                m[b + cdef[w_[W_CARD]]] = 1.0
                b += n
        elif dk == D_ORDER_REPLACEMENT:  # replacement effects (8-10): the ones to order
            b = lay.o_pending
            for key in dc.pending[:16]:
                m[b + cdef[key[K_CARD]]] = 1.0
                b += n
        if dk == D_MULLIGAN and s.dplayer == me:
            m[c + n + 1] = len(s.picks) / 10
        if dk == D_SEARCH and s.dplayer == me:  # 8-6-3-5: only the searcher sees the deck
            b = lay.o_look
            for u in s.deck[me]:
                m[b + cdef[u]] += 1.0
        b = lay.o_choice
        if dc.mode >= 0:
            m[b + dc.mode] = 1.0
        if dc.discard:
            m[b + 8] = dc.discard / 10
        if (dk == D_PLACE_ORDER or dk == D_SEARCH) and s.dplayer == me:
            # picks so far: the order under the deck is the owner's alone (3-1-6-1)
            m[b + 9] = dc.picked / 10
            bl = lay.o_look
            for u in dc.placed:
                m[bl + cdef[u]] += 1.0
    if s.neg:
        c = lay.o_negated
        for k, p in enumerate((me, op)):
            b = c + k * (1 + BATTLE_SLOTS)
            if negated(s, leader(p)):
                m[b] = 1.0
            for i, u in enumerate(s.battle[p][:BATTLE_SLOTS]):
                if negated(s, u):
                    m[b + 1 + i] = 1.0
    return o


def _sizes(s, p: int, known_deck: int) -> tuple[float, ...]:
    """Player p's eight zone sizes as the counts block shows them (``known_deck``: how many
    of p's deck cards are known)."""
    return (
        len(s.deck[p]) / 40,
        len(s.hand[p]) / 40,
        len(s.life[p]) / 7,
        len(s.energy[p]) / 40,
        len(s.drop[p]) / 40,
        len(s.battle[p]) / 5,
        len(s.melee[p]) / 10,
        known_deck / 40,
    )


def _printed(lay: ObsLayout, defs) -> list:
    """Per definition, per face: the printed (power / 10000, strike / 5), what the observation
    shows while no effect and no 【永続発動】 applies; computed once for the game's pool
    (``defs``, which never changes) and kept on its layout."""
    if lay.printed_defs is not defs:
        lay.printed = [[(f.power / 10000, f.strike / 5) for f in d.faces] for d in defs]
        lay.printed_defs = defs
    return lay.printed


def _scaled_stats(s, u: int) -> tuple[float, float]:
    """Card ``u``'s power / 10000 and strike / 5 now, effects applied (``rules.stats``)."""
    pw, sk = stats(s, u)
    return pw / 10000, sk / 5


# ---- strings ----------------------------------------------------------------------------------
def _name(s, u):
    if s.zone[u] == Z_LEADER:
        return face_of(s, u).name
    return s.defs[s.cdef[u]].name


def _place(s, u, p):
    """Where card u is, as seen by player p: 'own battle 2', "opponent's leader", 'own drop'."""
    z = s.zone[u]
    side = "own" if s.owner[u] == p else "opponent's"
    if z == Z_LEADER:
        return f"{side} leader"
    if z in (Z_BATTLE, Z_MELEE, Z_DROP, Z_ENERGY) or (z == Z_HAND and s.owner[u] == p):
        return f"{side} {ZONE_NAMES[z]} {s.zone_list(z, s.owner[u]).index(u)}"
    return f"{side} {ZONE_NAMES[z]}"


def action_to_string(s, a: int) -> str:
    rng, i = LAYOUT.describe(a)
    p = s.dplayer
    q = 1 - p
    try:
        if rng == "pass":
            return {D_MULLIGAN: "keep hand"}.get(s.dkind, "pass")
        if rng == "yes":
            return "yes"
        if rng == "declare_attack":
            return "declare attack"
        if rng == "leader_ability":
            return f"leader ability {i} of {_name(s, leader(p))}"
        if rng == "battle_ability":
            si, j = divmod(i, 4)
            return f"ability {j} of {_name(s, s.battle[p][si])} (battle slot {si})"
        if rng == "self_leader":
            return f"own leader {_name(s, leader(p))}"
        if rng == "opp_leader":
            return f"opponent's leader {_name(s, leader(q))}"
        if rng == "hand":
            verb = {D_MULLIGAN: "return", D_DISCARD: "discard"}.get(s.dkind, "play")
            return f"{verb} hand {i}: {_name(s, s.hand[p][i])}"
        if rng == "own_battle":
            return f"own battle {i}: {_name(s, s.battle[p][i])}"
        if rng == "opp_battle":
            return f"opponent's battle {i}: {_name(s, s.battle[q][i])}"
        if rng == "own_energy":
            verb = "pay with" if s.dkind == D_PAY_ENERGY else "own energy"
            return f"{verb} energy {i}: {_name(s, s.energy[p][i])}"
        if rng == "pending" and s.dkind == D_ORDER_REPLACEMENT:
            key = s.decision_ctx.pending[i]
            u = key[K_CARD]
            what = "鉄壁" if key[K_ABILITY] < 0 else f"ability {key[K_ABILITY]}"
            return f"apply replacement {i}: {_name(s, u)} ({_place(s, u, p)}) {what}"
        if rng == "pending":
            w = [w for w in s.waits if w[W_MASTER] == p][i]
            return f"resolve pending {i}: {_name(s, w[W_CARD])} ({_place(s, w[W_CARD], p)}) ability {w[W_ABILITY]}"
        if rng == "look":
            return f"pick looked-at card {i}: {_name(s, sorted(s.deck[p], key=s._hand_key)[i])}"
        if rng == "number":
            return f"mode {i}"
        if rng == "own_drop":
            return f"own drop {i}: {_name(s, s.drop[p][i])}"
        if rng == "concede":
            return "concede"
    except IndexError:
        pass
    return f"{rng} {i}"


def _card(s, u, full=True):
    d = {"id": s.defs[s.cdef[u]].id, "name": _name(s, u)}
    if s.zone[u] in (Z_LEADER, Z_BATTLE) or full:
        if s.zone[u] in (Z_LEADER, Z_BATTLE, Z_MELEE):
            d.update(power=stat(s, u, 0), strike=stat(s, u, 1), rest=bool(s.rest[u]))
            if s.neg and negated(s, u):
                d["negated"] = True  # 8-3-2
        if s.zone[u] == Z_LEADER:
            d["face"] = "back" if s.face[u] else "front"
    return d


def to_dict(s, player=None) -> dict:
    ids = lambda lst: [s.defs[s.cdef[u]].id for u in lst]  # noqa: E731
    players = []
    for p in (0, 1):
        see_hand = player is None or player == p
        d = {
            "deck_name": s.deck_names[p],
            "leader": _card(s, leader(p)),
            "life": len(s.life[p]),
            "deck": len(s.deck[p]),
            "hand": len(s.hand[p]),
            "energy": ids(s.energy[p]),
            "drop": ids(s.drop[p]),
            "battle": [_card(s, u) for u in s.battle[p]],
            "melee": [_card(s, u) for u in s.melee[p]],
            "deck_known": sorted(ids([u for u in s.deck[p] if s.known[u]])),
        }
        if see_hand:
            d["hand_cards"] = ids(s.hand[p])
        else:
            d["hand_known"] = sorted(ids([u for u in s.hand[p] if s.known[u]]))
        if player is None:
            d["deck_cards"] = ids(s.deck[p])
            d["life_cards"] = ids(s.life[p])
        players.append(d)
    out = {
        "turn": s.turn_no,
        "turn_player": s.tp,
        "first_player": s.first,
        "phase": PHASE_NAMES[s.phase],
        "decision": s.decision_name(),
        "deciding": s.current_player(),
        "attack": _name(s, s.attack) if s.attack >= 0 else None,
        "guard": _name(s, s.guard) if s.guard >= 0 else None,
        "players": players,
    }
    if s.is_terminal():
        out["returns"] = s.returns()
    return out


def render(s) -> str:
    """The whole board as text (both hands by card name): ``str(state)``, the env's render
    and the golden playthrough. A finished game says who won, or that it was a draw."""
    d = to_dict(s)
    if s.is_terminal():
        outcome = "draw" if s.winner < 0 else f"player {s.winner} wins"
        lines = [f"turn {d['turn']} (player {d['turn_player']}), {d['phase']}; game over: {outcome}"]
    else:
        lines = [
            f"turn {d['turn']} (player {d['turn_player']}), {d['phase']}; decision: {d['decision']} "
            f"(player {d['deciding']})"
        ]
    if d["attack"]:
        lines.append(f"battle: {d['attack']} attacks {d['guard']}")
    for p, pd in enumerate(d["players"]):
        ld = pd["leader"]
        lines.append(
            f"P{p} [{pd['deck_name']}] leader {ld['name']} ({ld['face']}, {ld['power']}/{ld['strike']}"
            f"{', rest' if ld['rest'] else ''}) life {pd['life']} deck {pd['deck']}"
        )
        lines.append("   hand: " + ", ".join(_name(s, u) for u in s.hand[p]))
        lines.append(
            "   battle: "
            + ", ".join(f"{c['name']} {c['power']}/{c['strike']}{' R' if c['rest'] else ''}" for c in pd["battle"])
        )
        if pd["melee"]:
            lines.append("   melee: " + ", ".join(c["name"] for c in pd["melee"]))
        lines.append(f"   energy {len(pd['energy'])}, drop {len(pd['drop'])}")
    return "\n".join(lines)


__all__ = ["ObsLayout", "observation", "action_to_string", "to_dict", "render", "NUM_ACTIONS"]
