"""Leader Melee observation tensor, action strings, ``to_dict`` and the text board.

Everything is seen from the observing player ``me``; hidden and never encoded: the
opponent's unknown hand cards, both decks' order and unknown contents, every life card
(hidden from both, 3-9-2). Known cards (a 連携 miss at the deck bottom, 10-14-1) are
encoded as counts by card.
"""
from __future__ import annotations

import numpy as np

from .layout import (DECISIONS, LAYOUT, NUM_ACTIONS, PHASE_NAMES, D_MULLIGAN, D_ORDER_REPLACEMENT, D_PAY_ENERGY)
from .rules import H_CP, H_REPL, H_RES, H_USE, face_of, leader, negated, repl_candidates, stat, statics
from .state import Z_BATTLE, Z_LEADER

BATTLE_SLOTS = 6


class ObsLayout:
    """Named blocks of the observation vector; ``table()`` lists (start, end, name)."""

    def __init__(self, n: int):
        self.n = n
        self.blocks: dict[str, tuple[int, int]] = {}
        self.size = 0
        add = self._add
        add("global", 6)
        add("phase", len(PHASE_NAMES))
        add("decision", len(DECISIONS))
        add("deciding", 1)
        add("counts", 2 * 8)
        add("leaders", 2 * (n + 4))
        add("battle", 2 * BATTLE_SLOTS * (n + 7))
        add("melee", 2 * (n + 1))
        add("energy", 2 * n)
        add("drop", 2 * n)
        add("hand", n)
        add("opp_known_hand", n)
        add("known_deck", 2 * n)
        add("context", n + 2)
        add("pending", 16 * n)
        add("negated", 2 * (1 + BATTLE_SLOTS))  # appended: leader, battle slots whose abilities are negated (8-3-2)

    def _add(self, name, k):
        self.blocks[name] = (self.size, k)
        self.size += k

    def table(self):
        return [(s, s + k - 1, name) for name, (s, k) in self.blocks.items()]


def observation(s, me: int, lay: ObsLayout) -> np.ndarray:
    """One bincount over (index, value) pairs: every block is written by appending pairs."""
    n = lay.n
    b = lay.blocks
    cdef = s.cdef
    op = 1 - me
    ix: list[int] = []
    vs: list[float] = []
    ones: list[int] = []  # count entries (value 1 each, repeats add up)
    I, V = ix.append, vs.append
    mods = s.mods or statics(s)  # printed values only while no effect and no 【永続発動】 applies

    def power(u, k):
        if not mods:
            f = s.defs[cdef[u]].faces[s.face[u]]
            return f.power if k == 0 else f.strike
        return stat(s, u, k)

    g = b["global"][0]
    ix += (g, g + 1, g + 2, g + 3, g + 4, g + 5)
    vs += (s.turn_no / 30.0, s.tp == me, s.first == me, s.attack >= 0 and s.tp == me, s.attack >= 0,
           s.guard == leader(me))
    I(b["phase"][0] + s.phase)
    V(1.0)
    if s.dkind >= 0:
        I(b["decision"][0] + s.dkind)
        V(1.0)
        I(b["deciding"][0])
        V(s.dplayer == me)
    c = b["counts"][0]
    known = s.known
    anyknown = 1 in known
    for k, p in enumerate((me, op)):
        base = c + 8 * k
        ix += range(base, base + 8)
        vs += (len(s.deck[p]) / 40, len(s.hand[p]) / 40, len(s.life[p]) / 7, len(s.energy[p]) / 40,
               len(s.drop[p]) / 40, len(s.battle[p]) / 5, len(s.melee[p]) / 10,
               sum(known[u] for u in s.deck[p]) / 40 if anyknown else 0.0)
    c = b["leaders"][0]
    for k, p in enumerate((me, op)):
        u = leader(p)
        base = c + k * (n + 4)
        ix += (base + cdef[u], base + n, base + n + 1, base + n + 2, base + n + 3)
        vs += (1.0, s.face[u], s.rest[u], power(u, 0) / 10000, power(u, 1) / 5)
    c = b["battle"][0]
    w = n + 7
    turn_key = s.turn_no * 1000
    for k, p in enumerate((me, op)):
        bl = s.battle[p]
        if not bl:
            continue
        last = max(s.ets[x] for x in bl)
        for i, u in enumerate(bl[:BATTLE_SLOTS]):
            base = c + (k * BATTLE_SLOTS + i) * w
            ix += (base + cdef[u], base + n, base + n + 1, base + n + 2, base + n + 3, base + n + 4,
                   base + n + 5, base + n + 6)
            vs += (1.0, s.rest[u], power(u, 0) / 10000, power(u, 1) / 5, u == s.attack, u == s.guard,
                   s.iron[u] == turn_key + s.obj[u] % 1000, s.ets[u] == last)
    c = b["melee"][0]
    for k, p in enumerate((me, op)):
        base = c + k * (n + 1)
        ml = s.melee[p]
        if ml:
            ones += [base + cdef[u] for u in ml]
            I(base + n)
            V(sum(power(u, 0) for u in ml) / 10000)
    for name, zl in (("energy", s.energy), ("drop", s.drop)):
        c = b[name][0]
        for k, p in enumerate((me, op)):
            base = c + k * n
            ones += [base + cdef[u] for u in zl[p]]
    c = b["hand"][0]
    ones += [c + cdef[u] for u in s.hand[me]]
    if anyknown:
        c = b["opp_known_hand"][0]
        ones += [c + cdef[u] for u in s.hand[op] if known[u]]
        c = b["known_deck"][0]
        for k, p in enumerate((me, op)):
            ones += [c + k * n + cdef[u] for u in s.deck[p] if known[u]]
    c = b["context"][0]
    top = s.stack[-1] if s.stack and s.dkind >= 0 else None
    if top is not None and top[0] in (H_USE, H_RES):
        I(c + cdef[top[3]])
        V(1.0)
        if top[0] == H_USE:
            I(c + n)
            V(top[7] / 10)
    if s.dkind == D_MULLIGAN and s.dplayer == me:
        I(c + n + 1)
        V(len(s.picks) / 10)
    if top is not None and top[0] == H_CP and top[1] == 2:  # ORDER_TRIGGER: the waiting abilities
        c = b["pending"][0]
        mine = [w_ for w_ in s.waits if w_[0] == s.dplayer]
        for j, w_ in enumerate(mine[:16]):
            I(c + j * n + cdef[w_[1]])
            V(1.0)
    if top is not None and top[0] == H_REPL:  # replacement effects (8-10): the ones to order / the one offered
        cands = repl_candidates(s, top[2], top[3], top[4], top[5], top[10:])
        if s.dkind == D_ORDER_REPLACEMENT:
            c = b["pending"][0]
            for j, key in enumerate(cands[:16]):
                I(c + j * n + cdef[key[0]])
                V(1.0)
        elif top[9] < len(cands):
            I(b["context"][0] + cdef[cands[top[9]][0]])
            V(1.0)
    if s.neg:
        c = b["negated"][0]
        for k, p in enumerate((me, op)):
            base = c + k * (1 + BATTLE_SLOTS)
            if negated(s, leader(p)):
                I(base)
                V(1.0)
            for i, u in enumerate(s.battle[p][:BATTLE_SLOTS]):
                if negated(s, u):
                    I(base + 1 + i)
                    V(1.0)
    o = np.bincount(np.array(ones, np.intp), minlength=lay.size).astype(np.float32) if ones \
        else np.zeros(lay.size, np.float32)
    o[np.array(ix, np.intp)] = np.array(vs, np.float32)
    return o


# ---- strings ----------------------------------------------------------------------------------
def _name(s, u):
    if s.zone[u] == Z_LEADER:
        return face_of(s, u).name
    return s.defs[s.cdef[u]].name


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
            verb = "return" if s.dkind == D_MULLIGAN else "play"
            return f"{verb} hand {i}: {_name(s, s.hand[p][i])}"
        if rng == "own_battle":
            return f"own battle {i}: {_name(s, s.battle[p][i])}"
        if rng == "opp_battle":
            return f"opponent's battle {i}: {_name(s, s.battle[q][i])}"
        if rng == "own_energy":
            verb = "pay with" if s.dkind == D_PAY_ENERGY else "own energy"
            return f"{verb} energy {i}: {_name(s, s.energy[p][i])}"
        if rng == "pending" and s.dkind == D_ORDER_REPLACEMENT:
            top = s.stack[-1]
            key = repl_candidates(s, top[2], top[3], top[4], top[5], top[10:])[i]
            return f"apply the replacement of {_name(s, key[0])}" + (" (鉄壁)" if key[3] < 0 else f" ability {key[3]}")
        if rng == "pending":
            mine = [w for w in s.waits if w[0] == p]
            return f"resolve {_name(s, mine[i][1])} ability {mine[i][4]}"
        if rng == "concede":
            return "concede"
    except IndexError:
        pass
    return f"{rng} {i}"


def _card(s, u, full=True):
    d = {"id": s.defs[s.cdef[u]].id, "name": _name(s, u)}
    if s.zone[u] in (Z_LEADER, Z_BATTLE) or full:
        if s.zone[u] in (Z_LEADER, Z_BATTLE, 7):
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
        "turn": s.turn_no, "turn_player": s.tp, "first_player": s.first, "phase": PHASE_NAMES[s.phase],
        "decision": s.decision_name(), "deciding": s.current_player(),
        "attack": _name(s, s.attack) if s.attack >= 0 else None,
        "guard": _name(s, s.guard) if s.guard >= 0 else None,
        "players": players,
    }
    if s.is_terminal():
        out["returns"] = s.returns()
    return out


def render(s) -> str:
    d = to_dict(s)
    lines = [f"turn {d['turn']} (player {d['turn_player']}), {d['phase']}; decision: {d['decision']} "
             f"(player {d['deciding']})"]
    if d["attack"]:
        lines.append(f"battle: {d['attack']} attacks {d['guard']}")
    for p, pd in enumerate(d["players"]):
        ld = pd["leader"]
        lines.append(f"P{p} [{pd['deck_name']}] leader {ld['name']} ({ld['face']}, {ld['power']}/{ld['strike']}"
                     f"{', rest' if ld['rest'] else ''}) life {pd['life']} deck {pd['deck']}")
        lines.append("   hand: " + ", ".join(pd["hand_cards"]))
        lines.append("   battle: " + ", ".join(f"{c['name']} {c['power']}/{c['strike']}{' R' if c['rest'] else ''}"
                                              for c in pd["battle"]))
        if pd["melee"]:
            lines.append("   melee: " + ", ".join(c["name"] for c in pd["melee"]))
        lines.append(f"   energy {len(pd['energy'])}, drop {len(pd['drop'])}")
    return "\n".join(lines)


__all__ = ["ObsLayout", "observation", "action_to_string", "to_dict", "render", "NUM_ACTIONS"]
