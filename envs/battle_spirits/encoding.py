"""What a player sees: the observation tensor, action strings and readable views.

Everything here reads the state and writes nothing back. The observation layout is
built once per card pool (``ObsLayout``) and documented in the package docstring.
"""
from __future__ import annotations

import numpy as np

from .cards import SPIRIT
from .layout import (
    DECISIONS, LAYOUT, MAX_FIELD, N_OPTIONS, STEPS,

)
from .rules import H_ACTIVATE, H_EFFECT, H_PAY, H_PLACE, H_PLAY, H_TARGET, H_TRIG
from .state import S_LIFE, S_RESERVE, S_TRASH, S_VOID, Z_HAND, ZONE_NAMES, State

OBS_HAND_SLOTS = 12
FIELD_DYN = 12  # level one-hot (4), BP/10000, cores/10, soul core, exhausted, heavily exhausted, attacking, blocking, symbols/3
PLAYER_FEATS = 13  # life, reserve, trash cores, deck, hand, trash, removed /scale; soul at reserve/trash/void/life/field; gained/10


class ObsLayout:
    """Offsets of the observation's named blocks for a pool of ``P`` cards."""

    def __init__(self, P: int) -> None:
        self.P = P
        self.blocks: list[tuple[str, int, int]] = []
        off = 0

        def add(name: str, n: int) -> int:
            nonlocal off
            self.blocks.append((name, off, n))
            off += n
            return off - n

        self.g_turn = add("turn/20, my turn, I went first", 3)
        self.g_step = add("step one-hot", len(STEPS))
        self.g_dec = add("decision kind one-hot", len(DECISIONS))
        self.g_me_decide = add("I am deciding", 1)
        self.g_players = add("me then opponent: life, reserve, trash cores, deck, hand, trash, removed, soul core place x5, gained", 2 * PLAYER_FEATS)
        self.g_battle = add("in battle, attacker is mine, blocked", 3)
        self.g_count = add("decision count context (cores left to pay/place)/10", 1)
        self.ctx = add("decision's card (played card or effect source) one-hot", P)
        self.order = add("order decision: source card of option k one-hot, k < 8", N_OPTIONS * P)
        self.hand = add(f"my hand slots 0..{OBS_HAND_SLOTS - 1}: card one-hot", OBS_HAND_SLOTS * P)
        self.field = add(f"field: me then opponent, {MAX_FIELD} slots x (card one-hot, dynamic {FIELD_DYN})", 2 * MAX_FIELD * (P + FIELD_DYN))
        # the count blocks stand together: one bincount fills them
        self.counts = off
        self.revealed = add("opened cards (search) counts by card", P)
        self.hand_counts = add("my hand counts by card", P)
        self.opp_known = add("opponent's hand cards known to me, counts by card", P)
        self.trash = add("trash counts by card: me, opponent", 2 * P)
        self.removed = add("removed (excluded) counts by card: me, opponent", 2 * P)
        self.n_counts = off - self.counts
        self.size = off
        self.slot = P + FIELD_DYN

    def table(self) -> list[tuple[int, int, str]]:
        return [(o, o + n - 1, name) for name, o, n in self.blocks]


def context_card(s: State) -> int:
    """The card the pending decision is about (played card or effect source), or -1."""
    for f in reversed(s.stack):
        h = f[0]
        if h == H_PLAY or h == H_ACTIVATE:
            return f[3]
        if h == H_EFFECT or h == H_TARGET:
            return f[2]
    return -1


def observation(s: State, p: int, L: ObsLayout) -> np.ndarray:
    """Player p's observation. Built as one list of +1 positions (one-hots and counts)
    plus (position, value) pairs, turned into the array by a few numpy calls."""
    P = L.P
    cdef = s.cdef
    q = 1 - p
    ones = [L.g_step + s.step]  # distinct one-hot positions
    cnt = []  # positions in the count blocks, relative to L.counts
    pos = [L.g_turn]
    val = [min(s.turn, 60) / 20.0]
    if s.tp == p:
        ones.append(L.g_turn + 1)
    if s.first == p:
        ones.append(L.g_turn + 2)
    deciding = s.dkind >= 0
    if deciding:
        ones.append(L.g_dec + s.dkind)
        if s.dplayer == p:
            ones.append(L.g_me_decide)
    for k, r in enumerate((p, q)):
        b = L.g_players + k * PLAYER_FEATS
        soul = s.soul[r]
        pos += (b, b + 1, b + 2, b + 3, b + 4, b + 5, b + 6, b + 12)
        val += (s.life[r] / 10, s.reserve[r] / 10, s.tcores[r] / 10, len(s.deck[r]) / 40,
                len(s.hand[r]) / 20, len(s.trash[r]) / 40, len(s.removed[r]) / 20, s.gained[r] / 10)
        ones.append(b + 7 + (0 if soul == S_RESERVE else 1 if soul == S_TRASH else 2 if soul == S_VOID else 3 if soul == S_LIFE else 4))
        tb = L.trash - L.counts + k * P
        cnt += [tb + cdef[i] for i in s.trash[r]]
        if s.removed[r]:
            rb = L.removed - L.counts + k * P
            cnt += [rb + cdef[i] for i in s.removed[r]]
    if s.attacker >= 0:
        ones.append(L.g_battle)
        if s.owner[s.attacker] == p:
            ones.append(L.g_battle + 1)
        if s.blocker >= 0:
            ones.append(L.g_battle + 2)
    if deciding and s.stack:
        top = s.stack[-1]
        if top[0] == H_PAY or top[0] == H_PLACE:
            pos.append(L.g_count)
            val.append((top[3] if top[0] == H_PAY else max(0, top[5] - top[4])) / 10)
        c = context_card(s)
        if c >= 0:
            ones.append(L.ctx + cdef[c])
        if top[0] == H_TRIG:
            for k, t in enumerate(s.tq[top[2]][:N_OPTIONS]):
                i = t[0]
                if s.zone[i] == Z_HAND and s.owner[i] != p and not s.known[i]:
                    continue  # an opposing hand card's trigger not yet declared (rules.h_trig): hidden
                ones.append(L.order + k * P + cdef[i])
    if s.revealed:
        cnt += [L.revealed - L.counts + cdef[i] for i in s.revealed]
    hand = s.hand[p]
    hb, hc = L.hand, L.hand_counts - L.counts
    for k, i in enumerate(hand):
        c = cdef[i]
        if k < OBS_HAND_SLOTS:
            ones.append(hb + k * P + c)
        cnt.append(hc + c)
    known = s.known
    for i in s.hand[q]:
        if known[i]:
            cnt.append(L.opp_known - L.counts + cdef[i])
    slot = L.slot
    bpm, symm = s.mods() if (s.teff or s.has_constants) else ({}, {})
    defs = s.defs
    cores, exh = s.cores, s.exh
    atk, blk = s.attacker, s.blocker
    for k, r in enumerate((p, q)):
        base = L.field + k * MAX_FIELD * slot
        soul = s.soul[r]
        for j, i in enumerate(s.field[r]):
            b = base + j * slot
            c = cdef[i]
            d = defs[c]
            ones.append(b + c)
            lv = s.level(i)
            bp = (d.lv_bp[lv - 1] if lv and d.lv_bp else 0) + bpm.get(i, 0)
            sym = d.sym_total + symm.get(i, 0)
            e = exh[i]
            b += P
            if lv:
                ones.append(b + (lv if lv < 4 else 4) - 1)
            if e:
                ones.append(b + 6 + e)  # exhausted / heavily exhausted
            if soul == i:
                ones.append(b + 6)
            if atk == i:
                ones.append(b + 9)
            elif blk == i:
                ones.append(b + 10)
            pos += (b + 4, b + 5, b + 11)
            val += (bp / 10000 if bp > 0 else 0.0, cores[i] / 10, sym / 3 if sym > 0 else 0.0)
    # np.fromiter turns the int lists into arrays faster than fancy indexing with a list does
    o = np.zeros(L.size, np.float32)
    o[np.fromiter(ones, np.intp, len(ones))] = 1.0
    o[np.fromiter(pos, np.intp, len(pos))] = np.fromiter(val, np.float32, len(val))
    if cnt:
        o[L.counts:] = np.bincount(np.fromiter(cnt, np.intp, len(cnt)), minlength=L.n_counts)
    return o


# ---------------------------------------------------------------------------- text
def card_label(s: State, i: int) -> str:
    return s.defs[s.cdef[i]].name


def action_to_string(s: State, a: int) -> str:
    name, k = LAYOUT.describe(a)
    p = s.dplayer
    kind = s.dkind
    if name == "hand":
        h = s.hand[p]
        card = card_label(s, h[k]) if k < len(h) else "?"
        verb = {2: "play", 10: "use", 11: "choose", 17: "discard"}.get(kind, "choose")
        return f"{verb} hand {k}: {card}"
    if name in ("field", "field_soul", "opp_field"):
        who = p if name != "opp_field" else 1 - p
        f = s.field[who]
        card = card_label(s, f[k]) if k < len(f) else "?"
        side = "opp " if name == "opp_field" else ""
        soul = "soul core of " if name == "field_soul" else ""
        verb = {2: "activate", 8: "attack with", 9: "block with", 10: "activate", 3: "pay from",
                4: "place from", 5: "move from", 6: "move to"}.get(kind, "choose")
        return f"{verb} {soul}{side}field {k}: {card}"
    if name == "trash":
        return f"{'exclude' if kind == 7 else 'choose'} trash {k}"
    if name == "reserve":
        return {6: "move to reserve"}.get(kind, "core from reserve")
    if name == "reserve_soul":
        return "soul core from reserve"
    if name == "option":
        if kind == 0:
            return ("go first", "go second")[k] if k < 2 else f"option {k}"
        if kind == 1:
            return ("keep hand", "redraw hand")[k] if k < 2 else f"option {k}"
        if kind == 3:
            return "pay with the soul core alone (soul magic)"
        if kind == 13:
            return ("decline", "use")[k] if k < 2 else f"option {k}"
        if kind == 15:
            return ("main effect", "flash effect")[k] if k < 2 else f"option {k}"
        if kind == 16 and k < len(s.revealed):
            return f"take opened {k}: {card_label(s, s.revealed[k])}"
        if kind == 12:
            top = s.stack[-1] if s.stack else None
            if top and top[0] == H_TRIG and k < len(s.tq[top[2]]):
                i, ei = s.tq[top[2]][k][:2]
                return f"resolve next {k}: {card_label(s, i)} (effect {ei})"
        return f"option {k}"
    if name == "move_core":
        return "move a core"
    if name == "pass":
        return {2: "end step", 8: "end attack step", 9: "no block", 10: "pass"}.get(kind, "done")
    return "concede"


def to_dict(s: State, player: int | None = None) -> dict:
    def cards(lst):
        return [s.defs[s.cdef[i]].id for i in lst]

    def field_card(i):
        d = s.defs[s.cdef[i]]
        return {"id": d.id, "name": d.name, "level": s.level(i), "bp": s.bp(i) if d.type == SPIRIT else None,
                "cores": s.cores[i], "soul": s.soul[s.owner[i]] == i, "state": ("recovered", "exhausted", "heavily exhausted")[s.exh[i]]}

    def soul_place(p):
        v = s.soul[p]
        return {S_RESERVE: "reserve", S_TRASH: "trash", S_VOID: "void", S_LIFE: "life"}.get(v, f"field:{s.field[p].index(v)}" if v >= 0 and v in s.field[p] else ZONE_NAMES[s.zone[v]] if v >= 0 else "?")

    players = []
    for p in (0, 1):
        see = player is None or player == p
        players.append({
            "deck_name": s.deck_names[p], "life": s.life[p], "reserve": s.reserve[p], "trash_cores": s.tcores[p],
            "soul_core": soul_place(p), "deck": len(s.deck[p]),
            # the opponent's hand: cards known to be there (returned in view), then unknowns;
            # never positions, which would tell the order of the unknown ones
            "hand": cards(s.hand[p]) if see else sorted(s.defs[s.cdef[i]].id for i in s.hand[p] if s.known[i])
            + [None] * sum(1 for i in s.hand[p] if not s.known[i]),
            "field": [field_card(i) for i in s.field[p]], "trash": cards(s.trash[p]), "removed": cards(s.removed[p]),
        })
        if player is None:
            players[-1]["deck_order_top_last"] = cards(s.deck[p])
    out = {
        "turn": s.turn, "turn_player": s.tp, "step": STEPS[s.step], "first_player": s.first,
        "current_player": s.current_player(), "decision": s.decision_name(),
        "attacker": s.attacker if s.attacker >= 0 else None, "blocker": s.blocker if s.blocker >= 0 else None,
        "opened": cards(s.revealed), "players": players,
    }
    if s.is_terminal():
        out["returns"] = s.returns()
    return out


def render(s: State) -> str:
    lines = [f"turn {s.turn} · player {s.tp}'s {STEPS[s.step]} step · decision: {s.decision_name()}"
             + (f" (player {s.dplayer})" if not s.is_terminal() else f" · returns {s.returns()}")]
    for p in (1, 0):
        d = to_dict(s, None)["players"][p]
        lines.append(f"P{p} [{d['deck_name']}] life {d['life']} reserve {d['reserve']} trash cores {d['trash_cores']} "
                     f"soul {d['soul_core']} deck {d['deck']} hand {len(d['hand'])} trash {len(d['trash'])}")
        for j, c in enumerate(d["field"]):
            bp = f" BP{c['bp']}" if c["bp"] is not None else ""
            mark = " *atk" if s.field[p][j] == s.attacker else " *blk" if s.field[p][j] == s.blocker else ""
            lines.append(f"   field {j}: {c['name']} Lv{c['level']}{bp} cores {c['cores']}{'+soul' if c['soul'] else ''} {c['state']}{mark}")
        lines.append("   hand: " + ", ".join(s.defs[s.cdef[i]].name for i in s.hand[p]))
    return "\n".join(lines)


