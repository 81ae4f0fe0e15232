"""What a player sees: the observation tensor, action strings and readable views.

Everything here reads the state and writes nothing back. The observation layout is
built once per card pool (``ObsLayout``) and documented in the package docstring.
"""

from __future__ import annotations

import numpy as np

from ..core.obs import ObsLayout as CoreObsLayout
from .cards import SPIRIT
from .layout import (
    D_ATTACK,
    D_BLOCK,
    D_DISCARD,
    D_FIRST,
    D_FLASH,
    D_KEISHO,
    D_MAGIC_TIMING,
    D_MAIN,
    D_MOVE_DST,
    D_MOVE_SRC,
    D_MULLIGAN,
    D_OPTIONAL,
    D_ORDER,
    D_PAY,
    D_PLACE,
    D_SEARCH,
    D_TARGET,
    DECISIONS,
    LAYOUT,
    MAX_FIELD,
    N_OPTIONS,
    STEPS,
)
from .state import S_LIFE, S_RESERVE, S_TRASH, S_VOID, Z_HAND, ZONE_NAMES, State

OBS_HAND_SLOTS = 12
FIELD_DYN = (
    12  # level one-hot (4), BP/10000, cores/10, soul core, exhausted, heavily exhausted, attacking, blocking, symbols/3
)
PLAYER_FEATS = 13  # life, reserve, trash cores, deck, hand, trash, removed /scale; soul at reserve/trash/void/life/field; gained/10


_SOUL_PLACE = {S_RESERVE: 0, S_TRASH: 1, S_VOID: 2, S_LIFE: 3}  # the soul core's place one-hot (4: on a field card)


class ObsLayout(CoreObsLayout):
    """The observation's named blocks for a pool of ``N`` cards (the table in the package
    docstring, checked against this by ``check_docstring``). The attributes are the blocks'
    first indices, where the encoder writes."""

    def __init__(self, n_cards: int) -> None:
        super().__init__(n_cards)
        P = self.P = n_cards
        add = self.add
        self.g_turn = add("global", 3, "turn/20, it is my turn, I went first")
        self.g_step = add("step", len(STEPS), "one-hot: " + " ".join(STEPS))
        self.g_dec = add("decision", len(DECISIONS), "one-hot of the pending decision kind (``layout.DECISIONS``)")
        self.g_me_decide = add("deciding", 1, "I am the one deciding")
        self.g_players = add(
            "players",
            2 * PLAYER_FEATS,
            "me then opponent: life/10, reserve/10, trash cores/10, "
            "deck/40, hand/20, trash/40, removed/20, soul core place one-hot (reserve, trash, void, "
            "life, on a field card), cores gained from the void/10",
            shape=f"2 x {PLAYER_FEATS}",
        )
        self.g_battle = add("battle", 3, "a battle is on, the attacker is mine, it is blocked")
        self.g_count = add("count", 1, "cores left to pay / to place in the pending decision /10")
        self.ctx = add("context", P, "one-hot: the card being played or whose effect resolves", shape="N")
        self.order = add(
            "order", N_OPTIONS * P, "one-hot source card of trigger order option k", shape=f"{N_OPTIONS} x N"
        )
        self.hand = add(
            "hand",
            OBS_HAND_SLOTS * P,
            f"my hand slots 0-{OBS_HAND_SLOTS - 1} (sorted by card), one-hot card",
            shape=f"{OBS_HAND_SLOTS} x N",
        )
        self.field = add(
            "field",
            2 * MAX_FIELD * (P + FIELD_DYN),
            "me then opponent, per field slot: one-hot card, "
            "level one-hot (4), BP/10000, cores/10, soul core on it, exhausted, heavily exhausted, "
            "attacking, blocking, symbols/3",
            shape=f"2 x {MAX_FIELD} x (N + {FIELD_DYN})",
        )
        self.revealed = add("opened", P, "counts by card of cards opened by a search (public)", shape="N")
        self.hand_counts = add("hand_counts", P, "my whole hand, counts by card", shape="N")
        self.opp_known = add("opp_known", P, "opponent's hand cards known to me (returned in view)", shape="N")
        self.trash = add("trash", 2 * P, "counts by card, me then opponent", shape="2 x N")
        self.removed = add("removed", 2 * P, "counts by card (excluded by 《継召》), me then opponent", shape="2 x N")
        self.slot = P + FIELD_DYN


def player_features(s: State, r: int, m, b: int) -> None:
    """Player r's ``PLAYER_FEATS`` values written into ``m`` (zeroed) from ``b``: the flat
    observation's players block and the entity observation's global one."""
    m[b] = s.life[r] / 10
    m[b + 1] = s.reserve[r] / 10
    m[b + 2] = s.tcores[r] / 10
    m[b + 3] = len(s.deck[r]) / 40
    m[b + 4] = len(s.hand[r]) / 20
    m[b + 5] = len(s.trash[r]) / 40
    m[b + 6] = len(s.removed[r]) / 20
    m[b + 7 + _SOUL_PLACE.get(s.soul[r], 4)] = 1.0
    m[b + 12] = s.gained[r] / 10


def observation(s: State, p: int, L: ObsLayout) -> np.ndarray:
    """Player p's observation, written straight into a zeroed float32 buffer through a
    memoryview: one-hots and values as item stores, the count blocks card by card (position
    lists turned into arrays by numpy calls cost more than the stores do)."""
    P = L.P
    cdef = s.cdef
    q = 1 - p
    o = np.zeros(L.size, np.float32)
    m = memoryview(o)
    m[L.g_step + s.step] = 1.0
    m[L.g_turn] = min(s.turn, 60) / 20.0
    if s.tp == p:
        m[L.g_turn + 1] = 1.0
    if s.first == p:
        m[L.g_turn + 2] = 1.0
    deciding = s.dkind >= 0
    if deciding:
        m[L.g_dec + s.dkind] = 1.0
        if s.dplayer == p:
            m[L.g_me_decide] = 1.0
    for k, r in enumerate((p, q)):
        player_features(s, r, m, L.g_players + k * PLAYER_FEATS)
        tb = L.trash + k * P
        for i in s.trash[r]:
            m[tb + cdef[i]] += 1.0
        rb = L.removed + k * P
        for i in s.removed[r]:
            m[rb + cdef[i]] += 1.0
    if s.attacker >= 0:
        m[L.g_battle] = 1.0
        if s.owner[s.attacker] == p:
            m[L.g_battle + 1] = 1.0
        if s.blocker >= 0:
            m[L.g_battle + 2] = 1.0
    if deciding:  # the decision's context, as the rules published it (rules.frames.ask)
        if s.ctx_cores:
            m[L.g_count] = s.ctx_cores / 10
        c = s.ctx_card
        if c >= 0:
            m[L.ctx + cdef[c]] = 1.0
        if s.ctx_batch >= 0:
            for k, t in enumerate(s.tq[s.ctx_batch][:N_OPTIONS]):
                i = t[0]
                if s.zone[i] == Z_HAND and s.owner[i] != p and not s.known[i]:
                    continue  # an opposing hand card's trigger not yet declared (rules.h_trig): hidden
                m[L.order + k * P + cdef[i]] = 1.0
    b = L.revealed
    for i in s.revealed:
        m[b + cdef[i]] += 1.0
    hb, hc = L.hand, L.hand_counts
    for k, i in enumerate(s.hand[p]):
        c = cdef[i]
        if k < OBS_HAND_SLOTS:
            m[hb + k * P + c] = 1.0
        m[hc + c] += 1.0
    known = s.known
    b = L.opp_known
    for i in s.hand[q]:
        if known[i]:
            m[b + cdef[i]] += 1.0
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
            m[b + c] = 1.0
            lv = s.level(i)
            bp = (d.lv_bp[lv - 1] if lv and d.lv_bp else 0) + bpm.get(i, 0)
            sym = d.sym_total + symm.get(i, 0)
            e = exh[i]
            b += P
            if lv:
                m[b + (lv if lv < 4 else 4) - 1] = 1.0
            if e:
                m[b + 6 + e] = 1.0  # exhausted / heavily exhausted
            if soul == i:
                m[b + 6] = 1.0
            if atk == i:
                m[b + 9] = 1.0
            elif blk == i:
                m[b + 10] = 1.0
            m[b + 4] = bp / 10000 if bp > 0 else 0.0
            m[b + 5] = cores[i] / 10
            m[b + 11] = sym / 3 if sym > 0 else 0.0
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
        verb = {D_MAIN: "play", D_FLASH: "use", D_TARGET: "choose", D_DISCARD: "discard"}.get(kind, "choose")
        return f"{verb} hand {k}: {card}"
    if name in ("field", "field_soul", "opp_field"):
        who = p if name != "opp_field" else 1 - p
        f = s.field[who]
        card = card_label(s, f[k]) if k < len(f) else "?"
        side = "opp " if name == "opp_field" else ""
        soul = "soul core of " if name == "field_soul" else ""
        verb = {
            D_MAIN: "activate",
            D_ATTACK: "attack with",
            D_BLOCK: "block with",
            D_FLASH: "activate",
            D_PAY: "pay from",
            D_PLACE: "place from",
            D_MOVE_SRC: "move from",
            D_MOVE_DST: "move to",
        }.get(kind, "choose")
        return f"{verb} {soul}{side}field {k}: {card}"
    if name == "trash":
        return f"{'exclude' if kind == D_KEISHO else 'choose'} trash {k}"
    if name == "reserve":
        return {D_MOVE_DST: "move to reserve"}.get(kind, "core from reserve")
    if name == "reserve_soul":
        return "soul core from reserve"
    if name == "option":
        if kind == D_FIRST:
            return ("go first", "go second")[k] if k < 2 else f"option {k}"
        if kind == D_MULLIGAN:
            return ("keep hand", "redraw hand")[k] if k < 2 else f"option {k}"
        if kind == D_PAY:
            return "pay with the soul core alone (soul magic)"
        if kind == D_OPTIONAL:
            return ("decline", "use")[k] if k < 2 else f"option {k}"
        if kind == D_MAGIC_TIMING:
            return ("main effect", "flash effect")[k] if k < 2 else f"option {k}"
        if kind == D_SEARCH and k < len(s.revealed):
            return f"take opened {k}: {card_label(s, s.revealed[k])}"
        if kind == D_ORDER:
            b = s.ctx_batch
            if b >= 0 and k < len(s.tq[b]):
                i, ei = s.tq[b][k][:2]
                return f"resolve next {k}: {card_label(s, i)} (effect {ei})"
        return f"option {k}"
    if name == "move_core":
        return "move a core"
    if name == "pass":
        return {D_MAIN: "end step", D_ATTACK: "end attack step", D_BLOCK: "no block", D_FLASH: "pass"}.get(kind, "done")
    return "concede"


def to_dict(s: State, player: int | None = None) -> dict:
    def cards(lst):
        return [s.defs[s.cdef[i]].id for i in lst]

    def field_card(i):
        d = s.defs[s.cdef[i]]
        return {
            "id": d.id,
            "name": d.name,
            "level": s.level(i),
            "bp": s.bp(i) if d.type == SPIRIT else None,
            "cores": s.cores[i],
            "soul": s.soul[s.owner[i]] == i,
            "state": ("recovered", "exhausted", "heavily exhausted")[s.exh[i]],
        }

    def soul_place(p):
        v = s.soul[p]
        return {S_RESERVE: "reserve", S_TRASH: "trash", S_VOID: "void", S_LIFE: "life"}.get(
            v,
            f"field:{s.field[p].index(v)}" if v >= 0 and v in s.field[p] else ZONE_NAMES[s.zone[v]] if v >= 0 else "?",
        )

    players = []
    for p in (0, 1):
        see = player is None or player == p
        players.append(
            {
                "deck_name": s.deck_names[p],
                "life": s.life[p],
                "reserve": s.reserve[p],
                "trash_cores": s.tcores[p],
                "soul_core": soul_place(p),
                "deck": len(s.deck[p]),
                # the opponent's hand: cards known to be there (returned in view), then unknowns;
                # never positions, which would tell the order of the unknown ones
                "hand": cards(s.hand[p])
                if see
                else sorted(s.defs[s.cdef[i]].id for i in s.hand[p] if s.known[i])
                + [None] * sum(1 for i in s.hand[p] if not s.known[i]),
                "field": [field_card(i) for i in s.field[p]],
                "trash": cards(s.trash[p]),
                "removed": cards(s.removed[p]),
            }
        )
        if player is None:
            players[-1]["deck_order_top_last"] = cards(s.deck[p])
    out = {
        "turn": s.turn,
        "turn_player": s.tp,
        "step": STEPS[s.step],
        "first_player": s.first,
        "current_player": s.current_player(),
        "decision": s.decision_name(),
        "attacker": s.attacker if s.attacker >= 0 else None,
        "blocker": s.blocker if s.blocker >= 0 else None,
        "opened": cards(s.revealed),
        "players": players,
    }
    if s.is_terminal():
        out["returns"] = s.returns()
    return out


def render(s: State) -> str:
    lines = [
        f"turn {s.turn} · player {s.tp}'s {STEPS[s.step]} step · decision: {s.decision_name()}"
        + (f" (player {s.dplayer})" if not s.is_terminal() else f" · returns {s.returns()}")
    ]
    for p in (1, 0):
        d = to_dict(s, None)["players"][p]
        lines.append(
            f"P{p} [{d['deck_name']}] life {d['life']} reserve {d['reserve']} trash cores {d['trash_cores']} "
            f"soul {d['soul_core']} deck {d['deck']} hand {len(d['hand'])} trash {len(d['trash'])}"
        )
        for j, c in enumerate(d["field"]):
            bp = f" BP{c['bp']}" if c["bp"] is not None else ""
            mark = " *atk" if s.field[p][j] == s.attacker else " *blk" if s.field[p][j] == s.blocker else ""
            lines.append(
                f"   field {j}: {c['name']} Lv{c['level']}{bp} cores {c['cores']}{'+soul' if c['soul'] else ''} {c['state']}{mark}"
            )
        lines.append("   hand: " + ", ".join(s.defs[s.cdef[i]].name for i in s.hand[p]))
    return "\n".join(lines)
