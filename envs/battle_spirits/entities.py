"""Battle Spirits' entity observation (``obs_type="entities"``; the format is in
:mod:`tcgzoo.envs.core.entities`, the table in docs/entity-observation.md).

Tokens, in this order (the first ``T`` are kept): the decision's context card (the card
being played or the effect's source, as the rules publish it in ``state.ctx_card``), the opened cards of a search, my hand, both fields, the opponent's hand
(cards known to me by identity, then card 1 tokens), both trashes and removed zones.
Decks and life are counts in the globals. What is hidden follows the flat observation
(``encoding.observation``).
"""

from __future__ import annotations

from ..core.entities import CARD_OFFSET, UNKNOWN, EntityBuffers, EntityLayout, one_hot_names
from .encoding import PLAYER_FEATS, player_features
from .layout import (
    D_SEARCH,
    DECISIONS,
    FIELD,
    FIELD_SOUL,
    HAND,
    MAX_FIELD,
    MAX_HAND,
    MAX_TRASH,
    N_OPTIONS,
    NUM_ACTIONS,
    OPP_FIELD,
    OPTION,
    STEPS,
    TRASH,
)
from .state import Z_HAND

T_MAX = 80
ZONES = (
    ("context", "the card the pending decision is about (the played card or the effect's source)"),
    ("opened", "a card opened by a search, in order (OPTION k of 'choose a searched card')"),
    ("order", "the source card of waiting effect k while simultaneous effects are ordered (OPTION k)"),
    ("own_hand", "my hand, slot order (HAND i)"),
    ("own_field", "my field, slot order (FIELD j, FIELD_SOUL j)"),
    ("opp_field", "the opponent's field, slot order (OPP_FIELD j)"),
    ("opp_hand", "the opponent's hand: the cards known to me (by definition), then card 1 tokens"),
    ("own_trash", "my trash, in order (TRASH k: own trash k)"),
    ("opp_trash", "the opponent's trash, in order"),
    ("own_removed", "my removed (excluded) cards"),
    ("opp_removed", "the opponent's removed cards"),
)
(
    Z_CTX,
    Z_OPENED,
    Z_ORDER,
    Z_OWN_HAND,
    Z_OWN_FIELD,
    Z_OPP_FIELD,
    Z_OPP_HAND,
    Z_OWN_TRASH,
    Z_OPP_TRASH,
    Z_OWN_REM,
    Z_OPP_REM,
) = range(len(ZONES))


def build_layout(n_cards: int) -> EntityLayout:
    L = EntityLayout("battle_spirits", n_cards, NUM_ACTIONS, T_MAX, ZONES)
    f = L.feature
    for lv in range(1, 5):
        f(f"level_{lv}", f"field card at level {lv}" + (" or more" if lv == 4 else ""))
    f("bp", "current BP / 10000 (effects applied), spirits on the field")
    f("cores", "cores on it / 10 (the soul core not counted)")
    f("soul_core", "1 if the owner's soul core is on it")
    f("exhausted", "1 if exhausted")
    f("heavily_exhausted", "1 if heavily exhausted")
    f("attacking", "1 if it is the attacker")
    f("blocking", "1 if it is the blocker")
    f("symbols", "its symbols / 3 (effects applied)")
    f("known", "1 on an opponent's hand card known to me")
    g = L.glob
    g("global", 3, "turn/20 (at most 60), my turn, I went first")
    g("step", len(STEPS), one_hot_names("step one-hot", STEPS))
    g("decision", len(DECISIONS), "decision kind one-hot (the package docstring's order)")
    g("deciding", 1, "I am deciding")
    g(
        "players",
        2 * PLAYER_FEATS,
        "me then opponent: life/10, reserve/10, trash cores/10, deck/40, hand/20, "
        "trash/40, removed/20, soul core at reserve / trash / void / life / field one-hot, gained/10",
    )
    g("battle", 3, "in battle, the attacker is mine, blocked")
    g("count", 1, "cores left to pay / to place on the new card / 10 (`state.ctx_cores`, as the flat observation)")
    g("dropped", 1, "tokens left out because the table was full / 10")
    return L


# the writer's columns and global offsets, by name from the layout (the pool size changes neither)
_PROTO = build_layout(1)
F_LV1, F_BP, F_CORES, F_SOUL = (_PROTO.column(n) for n in ("level_1", "bp", "cores", "soul_core"))
F_EXH, F_ATK, F_BLK, F_SYM, F_KNOWN = (
    _PROTO.column(n) for n in ("exhausted", "attacking", "blocking", "symbols", "known")
)
G_GLOBAL, G_STEP, G_DEC, G_DECIDING, G_PLAYERS, G_BATTLE, G_COUNT, G_DROPPED = (
    _PROTO.glob_start(n) for n in ("global", "step", "decision", "deciding", "players", "battle", "count", "dropped")
)
assert _PROTO.column("heavily_exhausted") == F_EXH + 1 and _PROTO.column("level_4") == F_LV1 + 3


def entity_layout(game) -> EntityLayout:
    """The layout of ``game``'s pool (built once per game)."""
    L = game.__dict__.get("_entity_layout")
    if L is None:
        L = game._entity_layout = build_layout(len(game.pool))
    return L


def entity_observation(s, p: int, out: EntityBuffers) -> None:
    """Fill ``out`` (reset here) with player ``p``'s entity observation."""
    out.reset()
    F = out.F
    fm, gm, am = out.feat_mv, out.glob_mv, out.act_mv
    add, extend = out.add, out.extend
    cdef, defs = s.cdef, s.defs
    q = 1 - p
    gm[G_GLOBAL] = min(s.turn, 60) / 20.0
    if s.tp == p:
        gm[G_GLOBAL + 1] = 1.0
    if s.first == p:
        gm[G_GLOBAL + 2] = 1.0
    gm[G_STEP + s.step] = 1.0
    deciding = s.dkind >= 0
    if deciding:
        gm[G_DEC + s.dkind] = 1.0
        if s.dplayer == p:
            gm[G_DECIDING] = 1.0
    for k, r in enumerate((p, q)):
        player_features(s, r, gm, G_PLAYERS + k * PLAYER_FEATS)
    if s.attacker >= 0:
        gm[G_BATTLE] = 1.0
        if s.owner[s.attacker] == p:
            gm[G_BATTLE + 1] = 1.0
        if s.blocker >= 0:
            gm[G_BATTLE + 2] = 1.0
    if deciding:  # the decision's context, as the rules published it (rules.frames.ask)
        c = s.ctx_card
        if c >= 0:
            add(cdef[c] + CARD_OFFSET, Z_CTX)
        if s.ctx_cores:
            gm[G_COUNT] = s.ctx_cores / 10
        if s.ctx_batch >= 0:  # the source card of each effect to order (OPTION k)
            mine = s.dplayer == p
            for k, t in enumerate(s.tq[s.ctx_batch][:N_OPTIONS]):
                i = t[0]
                if s.zone[i] == Z_HAND and s.owner[i] != p and not s.known[i]:
                    continue  # an opposing hand card's trigger not yet declared (rules.h_trig): hidden
                tok = out.add(cdef[i] + CARD_OFFSET, Z_ORDER, k)
                if mine and tok < out.T:
                    out.act_mv[OPTION + k] = tok
    search = deciding and s.dkind == D_SEARCH and s.dplayer == p
    opened = s.revealed
    if opened:
        t0 = extend([cdef[i] + CARD_OFFSET for i in opened], Z_OPENED)
        if search:
            out.point(OPTION, t0, min(len(opened), N_OPTIONS))
    hand = s.hand[p]
    t0 = extend([cdef[i] + CARD_OFFSET for i in hand], Z_OWN_HAND)
    out.point(HAND, t0, min(len(hand), MAX_HAND))
    bpm, symm = s.mods() if (s.teff or s.has_constants) else ({}, {})
    cores, exh = s.cores, s.exh
    atk, blk = s.attacker, s.blocker
    for r, zid in ((p, Z_OWN_FIELD), (q, Z_OPP_FIELD)):
        soul = s.soul[r]
        fl = s.field[r]
        t0 = extend([cdef[i] + CARD_OFFSET for i in fl], zid)
        for j, i in enumerate(fl):
            t = t0 + j
            if t >= out.T:
                break
            c = cdef[i]
            if j < MAX_FIELD:
                if r == p:
                    am[FIELD + j] = t
                    am[FIELD_SOUL + j] = t
                else:
                    am[OPP_FIELD + j] = t
            d = defs[c]
            b = t * F
            lv = s.level(i)
            if lv:
                fm[b + F_LV1 + (lv if lv < 4 else 4) - 1] = 1.0
            bp = (d.lv_bp[lv - 1] if lv and d.lv_bp else 0) + bpm.get(i, 0)
            if bp > 0:
                fm[b + F_BP] = bp / 10000
            fm[b + F_CORES] = cores[i] / 10
            if soul == i:
                fm[b + F_SOUL] = 1.0
            e = exh[i]
            if e:
                fm[b + F_EXH + e - 1] = 1.0
            if atk == i:
                fm[b + F_ATK] = 1.0
            elif blk == i:
                fm[b + F_BLK] = 1.0
            sym = d.sym_total + symm.get(i, 0)
            if sym > 0:
                fm[b + F_SYM] = sym / 3
    # the opponent's hand: known cards first (by definition), then the unknown ones (never positions)
    known = s.known
    hq = s.hand[q]
    kn = sorted([cdef[i] + CARD_OFFSET for i in hq if known[i]])
    t0 = extend(kn + [UNKNOWN] * (len(hq) - len(kn)), Z_OPP_HAND)
    for k in range(min(len(kn), out.T - t0)):
        fm[(t0 + k) * F + F_KNOWN] = 1.0
    for zones, zown, zopp in ((s.trash, Z_OWN_TRASH, Z_OPP_TRASH), (s.removed, Z_OWN_REM, Z_OPP_REM)):
        for r, zid in ((p, zown), (q, zopp)):
            lst = zones[r]
            if not lst:
                continue
            t0 = extend([cdef[i] + CARD_OFFSET for i in lst], zid)
            if zid == Z_OWN_TRASH:
                out.point(TRASH, t0, min(len(lst), MAX_TRASH))
    out.finish()
    gm[G_DROPPED] = out.dropped / 10
