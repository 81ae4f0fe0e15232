"""Ninja Slayer TCG's entity observation (``obs_type="entities"``; the format is in
:mod:`tcgzoo.envs.core.entities`, the table in docs/entity-observation.md).

Tokens, in this order (the first ``T`` are kept): the decision's context card, the
option list (the decider's only), the kotodama space (top first), my hand, both fields,
the opponent's hand (unknown cards as card 1, cards it took from a public zone by
identity), both ether zones, damage zones, check zones, removed zones and Ohigan. Decks
are counts in the globals. What is hidden follows the flat observation
(``encoding.observation``): nothing here reads a field it does not read.
"""

from __future__ import annotations

from ..core.entities import CARD_OFFSET, UNKNOWN, EntityBuffers, EntityLayout, one_hot_names
from .encoding import OPTION_KINDS
from .layout import (
    D_RECOVER,
    DECISIONS,
    IK_STEPS,
    MAX_SLOTS,
    N_OPTIONS,
    NUM_ACTIONS,
    OPP_FIELD,
    OPTION,
    OWN_FIELD,
    OWN_HAND,
    STEPS,
)
from .state import K_ABILITY, K_CARD, K_CHECK, KIND_NAMES, Z_FIELD

T_MAX = 112
ZONES = (
    ("context", "the card the pending decision is about (the card being entered / the effect's source)"),
    ("option", "an entry of the decider's option list (OPTION k), in list order; seen by the decider only"),
    ("kotodama", "an object in the kotodama space, top first (a damage check has card 1)"),
    ("own_hand", "my hand, slot order (OWN_HAND i)"),
    ("own_field", "my field, slot order (OWN_FIELD i)"),
    ("opp_field", "the opponent's field, slot order (OPP_FIELD i)"),
    ("opp_hand", "the opponent's hand: the cards it took from a public zone (by definition), then card 1 tokens"),
    ("own_ether", "my ether zone"),
    ("opp_ether", "the opponent's ether zone"),
    ("own_damage", "my damage zone"),
    ("opp_damage", "the opponent's damage zone"),
    ("own_check", "my check zone"),
    ("opp_check", "the opponent's check zone"),
    ("own_removed", "my removed cards"),
    ("opp_removed", "the opponent's removed cards"),
    ("own_ohigan", "my Ohigan"),
    ("opp_ohigan", "the opponent's Ohigan"),
)
(
    Z_CTX,
    Z_OPT,
    Z_KOTO,
    Z_OWN_HAND,
    Z_OWN_FIELD,
    Z_OPP_FIELD,
    Z_OPP_HAND,
    Z_OWN_ETHER,
    Z_OPP_ETHER,
    Z_OWN_DAMAGE,
    Z_OPP_DAMAGE,
    Z_OWN_CHECK,
    Z_OPP_CHECK,
    Z_OWN_REMOVED,
    Z_OPP_REMOVED,
    Z_OWN_OHIGAN,
    Z_OPP_OHIGAN,
) = range(len(ZONES))
N_PLAYER = 11


def build_layout(n_cards: int) -> EntityLayout:
    L = EntityLayout("ninja_slayer", n_cards, NUM_ACTIONS, T_MAX, ZONES)
    f = L.feature
    f("bowed", "1 if bowed (field, ether)")
    f("face_down", "1 if face down (damage zone; a recover option's face)")
    f("damage", "damage marked on a field character / 5")
    f("karate", "current karate / 5 of a field character (effects and auras applied, NS 1210, 1213.1f)")
    f("durability", "current durability / 5 of a field character (as karate)")
    f("kousaku", "current kousaku / 5 of a field character (as karate)")
    f("attacker", "1 if this field character is the aisatsu's attacker (the same object, NS 704.6a)")
    f("target", "1 if it is the aisatsu's target (the same object, NS 705.5a)")
    f("redirected", "1 if the aisatsu was redirected to it (NS 705.3)")
    f("known", "1 on an opponent's hand card whose identity I know (it came from a public zone)")
    for name in KIND_NAMES:
        f(f"kind_{name.replace(' ', '_')}", f"kotodama-space object kind is {name!r}")
    f("mine", "1 if I control this kotodama-space object")
    f("tatsujin", "1 if its tatsujin cost was paid (NS 1404)")
    f("mode", "its chosen mode / 4 (NS 1204.2b)")
    f("x", "its X or last-known number / 10 (NS 1304.2c, NS 1215)")
    f("targeted", "units of kotodama-space entry-time targets on this card / object (NS 1204.2e, 1305.1)")
    g = L.glob
    g("global", 3, "turn/30, my turn, I went first")
    g("step", len(STEPS), one_hot_names("step one-hot", STEPS))
    g("ikusa", len(IK_STEPS), one_hot_names("ikusa sub-step one-hot", IK_STEPS))
    g("decision", len(DECISIONS), "decision kind one-hot (the package docstring's order)")
    g("deciding", 1, "I am deciding")
    g(
        "players",
        2 * N_PLAYER,
        "me then opponent: deck/50, hand/20, field/10, ether/10, unbowed ether/10, "
        "ohigan/50, damage/10, face-up damage/10, removed/10, check/5, carried damage/10",
    )
    g("dropped", 1, "tokens left out because the table was full / 10")
    return L


# the writer's columns and global offsets, by name from the layout (the pool size changes neither)
_PROTO = build_layout(1)
F_BOWED, F_DOWN, F_DAMAGE, F_KARATE, F_DUR, F_KOUSAKU, F_ATT, F_TGT, F_RED, F_KNOWN = (
    _PROTO.column(n)
    for n in (
        "bowed",
        "face_down",
        "damage",
        "karate",
        "durability",
        "kousaku",
        "attacker",
        "target",
        "redirected",
        "known",
    )
)
F_KCARD, F_MINE, F_TATSU, F_MODE, F_X, F_TARGETED = (
    _PROTO.column(n) for n in ("kind_card", "mine", "tatsujin", "mode", "x", "targeted")
)
assert [_PROTO.column(f"kind_{k.replace(' ', '_')}") for k in KIND_NAMES] == [F_KCARD + k for k in range(3)]
G_GLOBAL, G_STEP, G_IK, G_DEC, G_DECIDING, G_PLAYERS, G_DROPPED = (
    _PROTO.glob_start(n) for n in ("global", "step", "ikusa", "decision", "deciding", "players", "dropped")
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
    cdef, defs = s.cdef, s.defs
    op = 1 - me
    gm[G_GLOBAL] = s.turn / 30.0
    if s.tp == me:
        gm[G_GLOBAL + 1] = 1.0
    if s.first == me:
        gm[G_GLOBAL + 2] = 1.0
    gm[G_STEP + s.step] = 1.0
    gm[G_IK + s.ikstep] = 1.0
    dkind = s.dkind
    deciding = False
    if 0 <= dkind < len(DECISIONS):
        gm[G_DEC + dkind] = 1.0
        if s.dplayer == me:
            gm[G_DECIDING] = 1.0
            deciding = True
    bowed, face_down = s.bowed, s.face_down
    for k, p in enumerate((me, op)):
        b = G_PLAYERS + k * N_PLAYER
        ether, dz = s.ether[p], s.damage[p]
        ne = len(ether)
        gm[b] = len(s.deck[p]) / 50
        gm[b + 1] = len(s.hand[p]) / 20
        gm[b + 2] = len(s.field[p]) / 10
        gm[b + 3] = ne / 10
        gm[b + 4] = (ne - sum([bowed[i] for i in ether])) / 10
        gm[b + 5] = len(s.ohigan[p]) / 50
        gm[b + 6] = len(dz) / 10
        gm[b + 7] = (len(dz) - sum([face_down[i] for i in dz])) / 10
        gm[b + 8] = len(s.removed[p]) / 10
        gm[b + 9] = len(s.check[p]) / 5
        gm[b + 10] = s.carried[p] / 10
    if s.ctx >= 0:
        add(cdef[s.ctx] + CARD_OFFSET, Z_CTX)
    if deciding and dkind in OPTION_KINDS:
        opts = s.opts
        if dkind == D_RECOVER:
            t0 = extend([v[0] + CARD_OFFSET for v in opts], Z_OPT)
            for k, v in enumerate(opts):
                if v[1] and t0 + k < out.T:
                    fm[(t0 + k) * F + F_DOWN] = 1.0
        else:
            t0 = extend([v + CARD_OFFSET for v in opts], Z_OPT)
        out.point(OPTION, t0, min(len(opts), N_OPTIONS))
    ks = s.kstack
    if ks:
        top = ks[::-1]
        t0 = extend([UNKNOWN if ob[0] == K_CHECK else cdef[ob[1]] + CARD_OFFSET for ob in top], Z_KOTO)
        for k, ob in enumerate(top):
            b = (t0 + k) * F
            if t0 + k >= out.T:
                break
            fm[b + F_KCARD + ob[0]] = 1.0
            if ob[3] == me:
                fm[b + F_MINE] = 1.0
            if ob[5]:
                fm[b + F_TATSU] = 1.0
            fm[b + F_MODE] = ob[6] / 4
            fm[b + F_X] = ob[7] / 10
        ktok = t0
    hand = s.hand[me]
    t0 = extend([cdef[i] + CARD_OFFSET for i in hand], Z_OWN_HAND)
    out.point(OWN_HAND, t0, min(len(hand), MAX_SLOTS))
    # field: printed values except for cards an effect names and karate under an aura, as the flat observation
    teff = s.teff
    touched = {t_[1] for t_ in teff} if teff else ()
    if s.statics & 512:
        touched = set(touched).union(j for q in (0, 1) for j in s.field[q] if defs[cdef[j]].cda)
    obj, red, dmg = s.obj, s.redirected, s.dmg
    att, tgt = s.attacker, s.target
    ftok: dict = {}  # card -> token, for the entry-time targets
    for p, zid, base in ((me, Z_OWN_FIELD, OWN_FIELD), (op, Z_OPP_FIELD, OPP_FIELD)):
        fl = s.field[p]
        if not fl:
            continue
        aura = s.statics & 1 and any(defs[cdef[j]].aura is not None for j in fl)
        t0 = extend([cdef[i] + CARD_OFFSET for i in fl], zid)
        for k, i in enumerate(fl):
            t = t0 + k
            if t >= out.T:
                break
            ftok[i] = t
            if k < MAX_SLOTS:
                am[base + k] = t
            b = t * F
            if bowed[i]:
                fm[b + F_BOWED] = 1.0
            if dmg[i]:
                fm[b + F_DAMAGE] = dmg[i] / 5
            if i in touched:
                fm[b + F_KARATE] = s.karate(i) / 5
                fm[b + F_DUR] = s.durability(i) / 5
                fm[b + F_KOUSAKU] = s.kousaku(i) / 5
            else:
                d = defs[cdef[i]]
                fm[b + F_KARATE] = (s.karate(i) if aura else d.karate) / 5
                fm[b + F_DUR] = d.durability / 5
                fm[b + F_KOUSAKU] = d.kousaku / 5
            if i == att and obj[i] == s.atk_obj:
                fm[b + F_ATT] = 1.0
            if i == tgt and obj[i] == s.tgt_obj:
                fm[b + F_TGT] = 1.0
            if red[i] == obj[i]:
                fm[b + F_RED] = 1.0
    # the opponent's hand: known cards first (by definition), then the unknown ones; never
    # the hand's order, which could tell where the unknown ones came from
    pub = s.pub
    hop = s.hand[op]
    kn = sorted([cdef[i] + CARD_OFFSET for i in hop if pub[i]])
    t0 = extend(kn + [UNKNOWN] * (len(hop) - len(kn)), Z_OPP_HAND)
    for k in range(min(len(kn), out.T - t0)):
        fm[(t0 + k) * F + F_KNOWN] = 1.0
    for zones, zown, zopp, flags in (
        (s.ether, Z_OWN_ETHER, Z_OPP_ETHER, bowed),
        (s.damage, Z_OWN_DAMAGE, Z_OPP_DAMAGE, face_down),
        (s.check, Z_OWN_CHECK, Z_OPP_CHECK, None),
        (s.removed, Z_OWN_REMOVED, Z_OPP_REMOVED, None),
        (s.ohigan, Z_OWN_OHIGAN, Z_OPP_OHIGAN, None),
    ):
        col = F_BOWED if flags is bowed else F_DOWN
        for p, zid in ((me, zown), (op, zopp)):
            lst = zones[p]
            if not lst:
                continue
            t0 = extend([cdef[i] + CARD_OFFSET for i in lst], zid)
            if flags is not None:
                for k, i in enumerate(lst):
                    if flags[i] and t0 + k < out.T:
                        fm[(t0 + k) * F + col] = 1.0
            if ks and flags is not face_down:  # ether / Ohigan cards can be entry-time targets
                for k, i in enumerate(lst):
                    ftok[i] = t0 + k
    if ks:
        _targets(s, top, ktok, ftok, out)
    out.finish()
    gm[G_DROPPED] = out.dropped / 10


def _targets(s, top: list, ktok: int, ftok: dict, out: EntityBuffers) -> None:
    """Entry-time targets of the kotodama-space objects (NS 1204.2e): a field card while it
    is the same object (NS 302.3), an ether / Ohigan card while the same object, or another
    object in the kotodama space; each adds one unit (a distribution's units add up, NS 1305.1).
    ``top``: the kotodama space top first, its tokens from ``ktok`` on; ``ftok``: card -> token."""
    F, fm, n = out.F, out.feat_mv, out.T
    for ob in top:
        for q in range(9, len(ob), 4):
            c, obj, code = ob[q + 1], ob[q + 2], ob[q + 3]
            t = -1
            if code == -1:
                if s.zone[c] == Z_FIELD and s.obj[c] == obj:
                    t = ftok.get(c, -1)
            elif code == -3:
                if s.obj[c] == obj:
                    t = ftok.get(c, -1)
            else:
                for k2, o2 in enumerate(top):
                    if (
                        o2[1] == c
                        and o2[2] == obj
                        and (o2[0] == K_CARD if code == -2 else (o2[0] == K_ABILITY and o2[4] == code))
                    ):
                        t = ktok + k2
                        break
            if 0 <= t < n:
                fm[t * F + F_TARGETED] += 1.0
