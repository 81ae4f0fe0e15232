"""Observation tensor, readable board, JSON view and action strings of Ninja Slayer TCG.

Everything is seen from one player ("me"); hidden things are never read: the opponent's
hand (except cards it took from a public zone), both decks (counts only), and the
option list of a decision that is not the viewer's.
"""
from __future__ import annotations

import numpy as np

from .cards import CHARACTER
from .layout import (
    D_RECOVER, DECISIONS, IK_STEPS, LAYOUT, N_OPTIONS, OPP_FIELD, OPTION, OWN_FIELD, OWN_HAND, PLAYER, STEPS,
)
from .layout import D_CHOOSE, D_ORDER, D_PAY_ETHER, D_PAY_JITSU, D_REVEAL, D_TATSUJIN
from .state import K_ABILITY, K_CARD, KIND_NAMES, K_CHECK, PLAYER_TARGET, Z_FIELD, ZONE_NAMES

# decisions with an option list (the reveal decision lists the hidden hand card it asks about, NS 1209.3a)
OPTION_KINDS = (D_ORDER, D_PAY_ETHER, D_PAY_JITSU, D_CHOOSE, D_RECOVER, D_REVEAL)
F_SLOTS = 20  # field slots encoded per player (more characters than this are not shown)
S_SLOTS = 8  # kotodama-space entries encoded, from the top
N_PLAYER = 11


class ObsLayout:
    """Offsets of the observation blocks; ``table()`` documents them."""

    def __init__(self, n_cards: int) -> None:
        P = self.P = n_cards
        self.blocks: list[tuple[str, int, int]] = []
        self.size = 0
        add = self._add
        self.glob = add("global: turn/30, my turn, I went first", 3)
        self.step = add("step one-hot", len(STEPS))
        self.ik = add("ikusa sub-step one-hot", len(IK_STEPS))
        self.dec = add("decision kind one-hot", len(DECISIONS))
        self.deciding = add("I am deciding", 1)
        self.players = add("players (me, opponent) x 11 counts", 2 * N_PLAYER)
        self.ctx = add("context card one-hot", P)
        self.opts = add("option list (mine only): 32 x (card one-hot, face-down)", N_OPTIONS * (P + 1))
        self.hand = add("my hand, counts by card", P)
        self.opp_known = add("opponent's hand cards known to me, counts by card", P)
        self.field = add("field slots, me then opponent: 20 x (card, bowed, damage, karate, durability, "
                         "kousaku, attacker, target, redirected)", 2 * F_SLOTS * (P + 8))
        self.zones = add("me then opponent: ether, bowed ether, ohigan, damage face-up, damage face-down, "
                         "removed, check: counts by card", 2 * 7 * P)
        self.kst = add("kotodama space, top first: 8 x (kind one-hot, card one-hot, mine, tatsujin)", S_SLOTS * (P + 5))
        self.kx = add("kotodama space choices: 8 x (mode/4, X or last-known number/10); field slots (me, "
                      "opponent) 2 x 20 and kotodama-space entries 8 targeted by an entry-time target",
                      S_SLOTS * 2 + 2 * F_SLOTS + S_SLOTS)

    def _add(self, name: str, n: int) -> int:
        start = self.size
        self.blocks.append((name, start, n))
        self.size += n
        return start

    def table(self) -> list[tuple[int, int, str]]:
        return [(s, s + n - 1, name) for name, s, n in self.blocks]


def observation(s, me: int, L: ObsLayout) -> np.ndarray:
    P = L.P
    cdef = s.cdef
    op = 1 - me
    ones: list[int] = [L.step + s.step, L.ik + s.ikstep]  # indices to add 1 to, summed by one bincount
    add = ones.append
    dense: list[tuple[int, tuple]] = []
    g = [s.turn / 30.0, float(s.tp == me), float(s.first == me)]
    if 0 <= s.dkind < len(DECISIONS):
        add(L.dec + s.dkind)
        if s.dplayer == me:
            add(L.deciding)
    bowed, face_down = s.bowed, s.face_down
    for k, p in enumerate((me, op)):
        ue = 0
        for i in s.ether[p]:
            if not bowed[i]:
                ue += 1
        fu = 0
        for i in s.damage[p]:
            if not face_down[i]:
                fu += 1
        dense.append((L.players + k * N_PLAYER, (
            len(s.deck[p]) / 50, len(s.hand[p]) / 20, len(s.field[p]) / 10, len(s.ether[p]) / 10,
            ue / 10, len(s.ohigan[p]) / 50, len(s.damage[p]) / 10, fu / 10,
            len(s.removed[p]) / 10, len(s.check[p]) / 5, s.carried[p] / 10)))
    if s.ctx >= 0:
        add(L.ctx + cdef[s.ctx])
    if s.dplayer == me and s.dkind in OPTION_KINDS:
        rec = s.dkind == D_RECOVER
        for k, v in enumerate(s.opts[:N_OPTIONS]):
            b = L.opts + k * (P + 1)
            if rec:
                add(b + v[0])
                if v[1]:
                    add(b + P)
            else:
                add(b + v)
    b = L.hand
    ones += [b + cdef[i] for i in s.hand[me]]
    b = L.opp_known
    pub = s.pub
    for i in s.hand[op]:
        if pub[i]:
            add(b + cdef[i])
    W = P + 8
    obj, red, dmg, defs = s.obj, s.redirected, s.dmg, s.defs
    plain = not s.teff
    att, tgt = s.attacker, s.target
    for k, p in enumerate((me, op)):
        for slot, i in enumerate(s.field[p][:F_SLOTS]):
            b = L.field + (k * F_SLOTS + slot) * W
            c = cdef[i]
            add(b + c)
            if plain:
                d = defs[c]
                ka, du, ko = d.karate, d.durability, d.kousaku
            else:
                ka, du, ko = s.karate(i), s.durability(i), s.kousaku(i)
            # NS 704.6a / 705.5a: a card that left and came back is a new object, no longer
            # the aisatsu card or its target
            dense.append((b + P, (bowed[i], dmg[i] / 5, ka / 5, du / 5, ko / 5, i == att and obj[i] == s.atk_obj,
                                  i == tgt and obj[i] == s.tgt_obj, red[i] == obj[i])))
        b = L.zones + k * 7 * P
        ones += [b + cdef[i] for i in s.ether[p]]
        b1 = b + P
        ones += [b1 + cdef[i] for i in s.ether[p] if bowed[i]]
        b2 = b + 2 * P
        ones += [b2 + cdef[i] for i in s.ohigan[p]]
        b3, b4 = b + 3 * P, b + 4 * P
        ones += [(b4 if face_down[i] else b3) + cdef[i] for i in s.damage[p]]
        if s.removed[p]:
            b5 = b + 5 * P
            ones += [b5 + cdef[i] for i in s.removed[p]]
        if s.check[p]:
            b6 = b + 6 * P
            ones += [b6 + cdef[i] for i in s.check[p]]
    for k, ob in enumerate(reversed(s.kstack[-S_SLOTS:])):
        b = L.kst + k * (P + 5)
        add(b + ob[0])
        if ob[0] != K_CHECK:
            add(b + 3 + cdef[ob[1]])
        if ob[3] == me:
            add(b + 3 + P)
        if ob[5]:
            add(b + 4 + P)
    o = np.bincount(ones, minlength=L.size).astype(np.float32)
    o[L.glob:L.glob + 3] = g
    for start, vals in dense:
        o[start:start + len(vals)] = vals
    if s.kstack:
        _kotodama_choices(s, me, L, o)
    return o


def _kotodama_choices(s, me: int, L: ObsLayout, o) -> None:
    """What the kotodama-space objects fixed at entry: mode (NS 1204.2b), X (NS 1304.2c) or a
    last-known number (NS 1215), and which field cards / objects they target (NS 1204.2e)."""
    top = s.kstack[-S_SLOTS:][::-1]
    b = L.kx
    for k, ob in enumerate(top):
        o[b + 2 * k] = ob[6] / 4
        o[b + 2 * k + 1] = ob[7] / 10
        for q in range(9, len(ob), 4):
            c, obj, code = ob[q + 1], ob[q + 2], ob[q + 3]
            if code == -1:  # a field card, while it is the same object (NS 302.3)
                if s.zone[c] == Z_FIELD and s.obj[c] == obj:
                    slot = s.field[s.owner[c]].index(c)
                    if slot < F_SLOTS:
                        o[b + 2 * S_SLOTS + (0 if s.owner[c] == me else F_SLOTS) + slot] = 1.0
                continue
            for k2, o2 in enumerate(top):
                if o2[1] == c and o2[2] == obj and (o2[0] == K_CARD if code == -2 else
                                                    (o2[0] == K_ABILITY and o2[4] == code)):
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


def to_dict(s, player=None) -> dict:
    out = {"turn": s.turn, "turn_player": s.tp, "first": s.first, "step": STEPS[s.step],
           "ikusa": IK_STEPS[s.ikstep], "decision": s.decision_name(),
           "current_player": s.current_player(), "winner": s.winner if s.is_terminal() else None,
           "players": []}
    for p in (0, 1):
        see_hand = player is None or player == p
        pd = {
            "deck": len(s.deck[p]),
            "hand": [_card(s, i, player) for i in s.hand[p]] if see_hand
            else {"count": len(s.hand[p]), "known": [_card(s, i, player) for i in s.hand[p] if s.pub[i]]},
            "carried_damage": s.carried[p],
        }
        for z in ("field", "ether", "ohigan", "damage", "removed", "check"):
            pd[z] = [_card(s, i, player) for i in getattr(s, z)[p]]
        if player is None:
            pd["deck_cards"] = [s.defs[s.cdef[i]].id for i in s.deck[p]]
        out["players"].append(pd)
    out["kotodama_space"] = [{"kind": KIND_NAMES[o[0]], "controller": o[3],
                              "card": None if o[0] == K_CHECK else s.defs[s.cdef[o[1]]].id, "tatsujin": bool(o[5])}
                             for o in s.kstack]
    out["aisatsu"] = None if s.attacker < 0 else {
        "attacker": _name(s, s.attacker),
        "target": "player" if s.target == PLAYER_TARGET else (_name(s, s.target) if s.target >= 0 else None)}
    if s.dkind in OPTION_KINDS and (player is None or player == s.dplayer):
        out["options"] = [list(v) if isinstance(v, tuple) else v for v in s.opts]
    return out


def render(s) -> str:
    lines = [f"turn {s.turn} (player {s.tp}), {STEPS[s.step]} / ikusa {IK_STEPS[s.ikstep]}; "
             f"decision: {s.decision_name()} by {s.dplayer}"]
    for p in (0, 1):
        lines.append(f"P{p}: deck {len(s.deck[p])}, hand [{', '.join(_name(s, i) for i in s.hand[p])}], "
                     f"carried {s.carried[p]}")
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
        lines.append("kotodama space: " + " | ".join(
            KIND_NAMES[o[0]] + ("" if o[0] == K_CHECK else f" {_name(s, o[1])}") + f" (P{o[3]})" for o in s.kstack))
    if s.is_terminal():
        lines.append(f"game over: {'draw' if s.winner < 0 else f'player {s.winner} wins'}")
    return "\n".join(lines)
