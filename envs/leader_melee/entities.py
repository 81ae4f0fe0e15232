"""Leader Melee's entity observation (``obs_type="entities"``; the format is in
:mod:`tcgzoo.envs.core.entities`, the table in docs/entity-observation.md).

Tokens, in this order (the first ``T`` are kept): both leaders, my waiting automatic
abilities while I order them, the cards I look at while I search my deck, my hand, both
battle areas, both melee areas, the opponent's hand (known cards by definition, then card 1
tokens), both energy zones, both drops, and the deck cards known to me (by definition).
Life cards (hidden from both, 3-9-2) and decks are counts in the globals. What is hidden
follows the flat observation (``encoding.observation``).
"""

from __future__ import annotations

from ..core.entities import CARD_OFFSET, UNKNOWN, EntityBuffers, EntityLayout, one_hot_names
from .layout import (
    BATTLE_ABILITY,
    D_MULLIGAN,
    D_ORDER_REPLACEMENT,
    D_ORDER_TRIGGER,
    D_PLACE_ORDER,
    D_SEARCH,
    DECISIONS,
    HAND,
    LEADER_ABILITY,
    LOOK,
    NUM_ACTIONS,
    OPP_BATTLE,
    OPP_DROP,
    OPP_ENERGY,
    OPP_LEADER,
    OPP_MELEE,
    OWN_BATTLE,
    OWN_DROP,
    OWN_ENERGY,
    OWN_MELEE,
    PENDING,
    PHASE_NAMES,
    SELF_LEADER,
)
from .rules import leader, negated, statics, stats
from .rules.frames import K_CARD

T_MAX = 96
ZONES = (
    ("own_leader", "my leader (SELF_LEADER, LEADER_ABILITY k)"),
    ("opp_leader", "the opponent's leader (OPP_LEADER)"),
    (
        "context",
        "the card being used or resolved, or the replacement effect offered (``state.decision_ctx``, as in the flat observation)",
    ),
    (
        "pending",
        "my waiting automatic ability k while I order them, or replacement effect k to order (PENDING k): its card",
    ),
    ("placed", "the cards I picked so far to put under my deck at once (3-1-6-1), by definition"),
    ("look", "a card of my deck while I search it (LOOK i), by definition"),
    ("own_hand", "my hand, slot order (HAND i)"),
    ("own_battle", "my battle area, slot order (OWN_BATTLE i, BATTLE_ABILITY 4 i + k)"),
    ("opp_battle", "the opponent's battle area, slot order (OPP_BATTLE i)"),
    ("own_melee", "my melee area, slot order (OWN_MELEE i)"),
    ("opp_melee", "the opponent's melee area, slot order (OPP_MELEE i)"),
    ("opp_hand", "the opponent's hand: the cards known to me (by definition), then card 1 tokens"),
    ("own_energy", "my energy zone, slot order (OWN_ENERGY i)"),
    ("opp_energy", "the opponent's energy zone, slot order (OPP_ENERGY i)"),
    ("own_drop", "my drop, in order (OWN_DROP i)"),
    ("opp_drop", "the opponent's drop, in order (OPP_DROP i)"),
    ("own_deck_known", "cards of my deck known to both (10-14-1, 3-1-6-1), by definition"),
    ("opp_deck_known", "cards of the opponent's deck known to me, by definition"),
)
(
    Z_OWN_LEADER,
    Z_OPP_LEADER,
    Z_CTX,
    Z_PENDING,
    Z_PLACED,
    Z_LOOK,
    Z_OWN_HAND,
    Z_OWN_BATTLE,
    Z_OPP_BATTLE,
    Z_OWN_MELEE,
    Z_OPP_MELEE,
    Z_OPP_HAND,
    Z_OWN_ENERGY,
    Z_OPP_ENERGY,
    Z_OWN_DROP,
    Z_OPP_DROP,
    Z_OWN_DECK,
    Z_OPP_DECK,
) = range(len(ZONES))
N_COUNTS = 8


def build_layout(n_cards: int) -> EntityLayout:
    L = EntityLayout("leader_melee", n_cards, NUM_ACTIONS, T_MAX, ZONES)
    f = L.feature
    f("face", "a leader's visible face (0 front, 1 awakened back, 5-2-1-2)")
    f("rested", "1 if rested")
    f("power", "current power / 10000 (effects and 【永続発動】 applied; leaders, battle and melee cards)")
    f("strike", "current strike / 5 (as power)")
    f("attacking", "1 if it is the attacking card")
    f("guarding", "1 if it is the guarding card")
    f("iron", "1 if its 鉄壁 is in effect this turn")
    f("newest", "1 on the battle card that entered its battle area last")
    f("negated", "1 if its abilities are negated (8-3-2; leaders and battle cards)")
    f("known", "1 on an opponent's hand card known to me; on a known deck card, 2 if its order is known too")
    g = L.glob
    g("global", 6, "turn/30, my turn, I went first, in an attack and it is my turn, in an attack, my leader guards")
    g("phase", len(PHASE_NAMES), one_hot_names("phase one-hot", PHASE_NAMES))
    g("decision", len(DECISIONS), "decision kind one-hot (layout order)")
    g("deciding", 1, "I am deciding")
    g(
        "counts",
        2 * N_COUNTS,
        "me then opponent: deck/40, hand/40, life/7, energy/40, drop/40, battle/5, melee/10, known deck cards/40",
    )
    g("context", 2, "the card being used: its energy cost left to pay / 10; mulligan: cards picked / 10")
    g(
        "choice",
        10,
        "the play / resolution in progress: chosen mode one-hot (8), discard cost left / 10 (8-4-2-1), "
        "cards picked so far / 10 (place under the deck, search)",
    )
    g("dropped", 1, "tokens left out because the table was full / 10")
    return L


# the writer's columns and global offsets, by name from the layout (the pool size changes neither)
_PROTO = build_layout(1)
F_FACE, F_REST, F_POWER, F_STRIKE, F_ATK, F_GUARD, F_IRON, F_NEWEST, F_NEG, F_KNOWN = (
    _PROTO.column(n)
    for n in ("face", "rested", "power", "strike", "attacking", "guarding", "iron", "newest", "negated", "known")
)
G_GLOBAL, G_PHASE, G_DEC, G_DECIDING, G_COUNTS, G_CONTEXT, G_CHOICE, G_DROPPED = (
    _PROTO.glob_start(n) for n in ("global", "phase", "decision", "deciding", "counts", "context", "choice", "dropped")
)


def entity_layout(game) -> EntityLayout:
    """The layout of ``game``'s pool (built once per game)."""
    L = game.__dict__.get("_entity_layout")
    if L is None:
        L = game._entity_layout = build_layout(len(game.pool.cards))
    return L


def entity_observation(s, me: int, out: EntityBuffers) -> None:
    """Fill ``out`` (reset here) with player ``me``'s entity observation."""
    out.reset()
    F = out.F
    fm, gm, am = out.feat_mv, out.glob_mv, out.act_mv
    add, extend = out.add, out.extend
    cdef, defs, face, rest = s.cdef, s.defs, s.face, s.rest
    op = 1 - me
    sc = s.scache
    mods = s.mods or (sc[1] if sc[0] == s.zver else statics(s))  # as the flat observation: printed values if none
    gm[G_GLOBAL] = s.turn_no / 30.0
    if s.tp == me:
        gm[G_GLOBAL + 1] = 1.0
    if s.first == me:
        gm[G_GLOBAL + 2] = 1.0
    if s.attack >= 0:
        if s.tp == me:
            gm[G_GLOBAL + 3] = 1.0
        gm[G_GLOBAL + 4] = 1.0
    if s.guard == leader(me):
        gm[G_GLOBAL + 5] = 1.0
    gm[G_PHASE + s.phase] = 1.0
    dkind = s.dkind
    deciding = dkind >= 0 and s.dplayer == me
    if dkind >= 0:
        gm[G_DEC + dkind] = 1.0
        if deciding:
            gm[G_DECIDING] = 1.0
    known = s.known
    anyknown = known.count(0) != len(known)  # as the flat observation: most states know no card
    deck, hand, energy, drop, battle, melee, life = s.deck, s.hand, s.energy, s.drop, s.battle, s.melee, s.life
    b = G_COUNTS
    for p in (me, op):
        gm[b] = len(deck[p]) / 40
        gm[b + 1] = len(hand[p]) / 40
        gm[b + 2] = len(life[p]) / 7
        gm[b + 3] = len(energy[p]) / 40
        gm[b + 4] = len(drop[p]) / 40
        gm[b + 5] = len(battle[p]) / 5
        gm[b + 6] = len(melee[p]) / 10
        if anyknown:
            gm[b + 7] = sum([1 for u in deck[p] if known[u]]) / 40
        b += N_COUNTS
    attack, guard, neg = s.attack, s.guard, s.neg

    def board(u: int, t: int) -> None:  # the stats and states of a leader / battle / melee card
        bt = t * F
        if rest[u]:
            fm[bt + F_REST] = 1.0
        if mods:
            pw, sk = stats(s, u)
        else:
            fc = defs[cdef[u]].faces[face[u]]
            pw, sk = fc.power, fc.strike
        fm[bt + F_POWER] = pw / 10000
        fm[bt + F_STRIKE] = sk / 5
        if u == attack:
            fm[bt + F_ATK] = 1.0
        if u == guard:
            fm[bt + F_GUARD] = 1.0
        if neg and negated(s, u):
            fm[bt + F_NEG] = 1.0

    for p, zid in ((me, Z_OWN_LEADER), (op, Z_OPP_LEADER)):
        u = leader(p)
        t = add(cdef[u] + CARD_OFFSET, zid)
        if face[u]:
            fm[t * F + F_FACE] = float(face[u])
        board(u, t)
        if p == me:
            am[SELF_LEADER] = t
            for k in range(4):
                am[LEADER_ABILITY + k] = t
        else:
            am[OPP_LEADER] = t
    if dkind >= 0:
        _context(s, me, deciding, out)
    if deciding and dkind == D_MULLIGAN:
        gm[G_CONTEXT + 1] = len(s.picks) / 10
    if deciding and dkind == D_ORDER_TRIGGER:  # 8-5-1-2: my waiting abilities, in the order PENDING k names them
        mine = [w[1] for w in s.waits if w[0] == me]
        t0 = extend([cdef[u] + CARD_OFFSET for u in mine], Z_PENDING)
        out.point(PENDING, t0, min(len(mine), 16))
    if deciding and dkind == D_SEARCH:  # 8-6-3-5: only the searcher sees the deck
        look = sorted(deck[me], key=s._hand_key)
        t0 = extend([cdef[u] + CARD_OFFSET for u in look], Z_LOOK)
        out.point(LOOK, t0, min(len(look), 40))
    h0 = hand[me]
    t0 = extend([cdef[u] + CARD_OFFSET for u in h0], Z_OWN_HAND)
    out.point(HAND, t0, min(len(h0), 40))
    turn_key = s.turn_no * 1000
    ets, iron, obj = s.ets, s.iron, s.obj
    for p, zid, base in ((me, Z_OWN_BATTLE, OWN_BATTLE), (op, Z_OPP_BATTLE, OPP_BATTLE)):
        bl = battle[p]
        if not bl:
            continue
        last = max([ets[x] for x in bl])
        t0 = extend([cdef[u] + CARD_OFFSET for u in bl], zid)
        for k, u in enumerate(bl):
            t = t0 + k
            if t >= out.T:
                break
            bt = t * F
            board(u, t)
            if iron[u] == turn_key + obj[u] % 1000:
                fm[bt + F_IRON] = 1.0
            if ets[u] == last:
                fm[bt + F_NEWEST] = 1.0
            if k < 40:
                am[base + k] = t
            if p == me and k < 4:
                for j in range(4):
                    am[BATTLE_ABILITY + 4 * k + j] = t
    for p, zid, base in ((me, Z_OWN_MELEE, OWN_MELEE), (op, Z_OPP_MELEE, OPP_MELEE)):
        ml = melee[p]
        if not ml:
            continue
        t0 = extend([cdef[u] + CARD_OFFSET for u in ml], zid)
        for k, u in enumerate(ml):
            t = t0 + k
            if t >= out.T:
                break
            board(u, t)
            if k < 40:
                am[base + k] = t
    # the opponent's hand: known cards first (by definition), then the unknown ones (never positions)
    hq = hand[op]
    kn = sorted([cdef[u] + CARD_OFFSET for u in hq if known[u]]) if anyknown else []
    t0 = extend(kn + [UNKNOWN] * (len(hq) - len(kn)), Z_OPP_HAND)
    for k in range(min(len(kn), out.T - t0)):
        fm[(t0 + k) * F + F_KNOWN] = 1.0
    for zones, zown, zopp, bown, bopp in (
        (energy, Z_OWN_ENERGY, Z_OPP_ENERGY, OWN_ENERGY, OPP_ENERGY),
        (drop, Z_OWN_DROP, Z_OPP_DROP, OWN_DROP, OPP_DROP),
    ):
        for p, zid, base in ((me, zown, bown), (op, zopp, bopp)):
            lst = zones[p]
            if not lst:
                continue
            t0 = extend([cdef[u] + CARD_OFFSET for u in lst], zid)
            out.point(base, t0, min(len(lst), 40))
            n = out.T
            for t in [t0 + k for k, u in enumerate(lst) if rest[u]]:
                if t < n:
                    fm[t * F + F_REST] = 1.0
    for p, zid in ((me, Z_OWN_DECK), (op, Z_OPP_DECK)) if anyknown else ():
        kd = sorted([(cdef[u], known[u]) for u in deck[p] if known[u]])
        if kd:
            t0 = extend([c + CARD_OFFSET for c, _ in kd], zid)
            for k in range(min(len(kd), out.T - t0)):
                fm[(t0 + k) * F + F_KNOWN] = float(kd[k][1])
    out.finish()
    gm[G_DROPPED] = out.dropped / 10


def _context(s, me: int, deciding: bool, out: EntityBuffers) -> None:
    """The pending decision's context as the rules publish it (``state.decision_ctx``,
    rules/context.py), as the flat observation shows it: the context card as a token, its cost
    left, the play's choices, the replacement effects to order (PENDING k) and, for the player
    placing them, the cards picked to go under the deck (their order is the owner's alone, 3-1-6-1)."""
    dc = s.decision_ctx
    cdef = s.cdef
    if dc.card >= 0:
        out.add(cdef[dc.card] + CARD_OFFSET, Z_CTX)
    g = out.glob
    if dc.pay:
        g[G_CONTEXT] = dc.pay / 10
    if dc.mode >= 0:
        g[G_CHOICE + dc.mode] = 1.0
    if dc.discard:
        g[G_CHOICE + 8] = dc.discard / 10
    dkind = s.dkind
    if dkind == D_ORDER_REPLACEMENT:
        for row, key in enumerate(dc.pending[:16]):
            t = out.add(cdef[key[K_CARD]] + CARD_OFFSET, Z_PENDING, row)
            if t < out.T and deciding:
                out.act_mv[PENDING + row] = t
    elif (dkind == D_PLACE_ORDER or dkind == D_SEARCH) and deciding:
        g[G_CHOICE + 9] = dc.picked / 10
        if dkind == D_PLACE_ORDER:
            out.extend(sorted(cdef[u] + CARD_OFFSET for u in dc.placed), Z_PLACED)
