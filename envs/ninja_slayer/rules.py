"""Ninja Slayer TCG rules as resumable handlers over the kernel's frames.

Frames ``[handler, step, args...]``; a handler advances its step, pushes children,
asks (``state.ask``) or pops. Rule numbers refer to ``003_14d066e5e44c046f.txt``;
rulings NS-R*/NS-G* to the design brief and ``docs/rules/ninja_slayer_notes.md``.
"""
from __future__ import annotations

from .cards import (
    CHARACTER, KOTODAMA, TR_AISATSU, TR_AMBUSH_OHIGAN, TR_APPEARS, TR_ENTERED,
    N_X, TR_DEALS, TR_DEALT, TR_DISC_OPP, TR_DISC_YOU, TR_KILLED_BY_CHAR, TR_KILLS, TR_FROM_HAND, TR_HAND_EMPTY, TR_KILLED, TR_KILLED_IKUSA, TR_PHASE, X_MAX,
)
from .layout import (
    D_ATTACKER, D_CHOOSE, D_ETHER, D_INTERRUPT, D_MODE, D_ORDER, D_PAY_ETHER, D_PAY_JITSU, D_PRIORITY,
    D_DISTRIBUTE, D_REPLACE, D_REVEAL, D_TARGET, D_TATSUJIN, D_UKEMI, D_X, NUMBER, OPP_FIELD, OPTION, OWN_FIELD, OWN_HAND, PASS, PLAYER, YES,
    ST_CHARACTER, ST_DRAW, ST_END, ST_ETHER, ST_IKUSA, ST_UNTAP,
)
from ..core.engine import DecisionState
from .words import card_number, passes
from .state import (
    K_ABILITY, K_CARD, K_CHECK, NO_TARGET, PLAYER_TARGET, TE_GAME, TE_IKUSA, Z_CHECK,
    Z_DAMAGE, Z_DECK, Z_ETHER, Z_FIELD, Z_HAND, Z_OHIGAN, Z_REMOVED, Z_STACK,
)

H_SETUP, H_TURN, H_PRI, H_RC, H_ENTER, H_RESOLVE, H_EXEC, H_IKUSA, H_UKEMI, H_REPL = range(10)
IK_NONE, IK_START, IK_TARGET, IK_INTERRUPT, IK_DAMAGE, IK_END = range(6)
# a kotodama-space object: [kind, card, obj, controller, ability, tatsujin paid, mode, number, hide after,
# targets...]; number = X (NS 1304) or a last-known value (NS 1215); targets are quadruples
# [action index, card, obj, code] with code T_FIELD, T_STACK_CARD or the ability id of a stack ability
SO_FIXED = 9
T_FIELD, T_STACK_CARD, T_ZONE = -1, -2, -3  # T_ZONE: a card in the target's ether / Ohigan zone
ZONE_OF = {"field": Z_FIELD, "ether": Z_ETHER, "ohigan": Z_OHIGAN}


def static_flags(defs, cdef) -> int:
    """Which rarely used lookups the cards in the game need (the engine skips the others):
    bit 1 static auras / attribute grants (NS 1210, 1213), 2 state triggers (NS 1209.8),
    4 activated abilities (NS 1208), 8 hidden cards' triggers (NS 1209.3), 16 'at the start /
    end of' step triggers (NS 502-505, 702-707), 32 'kills' / 'killed by' triggers (NS 1216.5),
    64 set-to-value or keyword-gaining effects: karate / durability in the layer's timestamp order, set
    attributes, gained keywords (NS 1213.1c-d, 1213.3b, 1213.5), 128 ether cost changes (NS 1204.2g-5/6),
    256 kill replacements of other characters ('rescue_kill'): a kill may have several replacements to
    choose from (NS 1214.2), 512 characteristic-defining abilities (NS 1210.2, 1304.4), 1024 discards
    replaced by removal (NS 1214.1, 1203.3), 2048 numeric items a card is printed without or an effect
    adds (NS 1213.1e)."""
    used = [defs[c] for c in set(cdef)]
    return ((1 if any(c.aura is not None or c.grant_attr is not None for c in used) else 0)
            | (2 if any(t.trigger == TR_HAND_EMPTY for c in used for t in c.triggers) else 0)
            | (4 if any(c.activated is not None for c in used) else 0)
            | (8 if any(t.reveal for c in used for t in c.triggers) else 0)
            | (16 if any(t.trigger >= PHASE_MIN for c in used for t in c.triggers) else 0)
            | (32 if any(t.trigger in (TR_KILLS, TR_KILLED_BY_CHAR) for c in used for t in c.triggers) else 0)
            | (64 if any(c.sets_value for c in used) else 0)
            | (128 if any(c.cost_mods for c in used) else 0)  # ether cost changes (NS 1204.2g-5/6)
            | (256 if any(c.rescue_kill for c in used) else 0)  # NS 1214.2: a choice among kill replacements
            | (512 if any(c.cda for c in used) else 0)  # NS 1210.2: characteristic-defining abilities
            | (1024 if any(c.discard_removed >= 0 for c in used) else 0)  # NS 1214.1, 1203.3
            | (2048 if any(c.adds_items for c in used) else 0))  # NS 1213.1e: added numeric items


PHASE_MIN = min(TR_PHASE.values())


def phase(s, name: str) -> None:
    """'At the start of <step>' / 'at the end of <step>' triggers (NS 502.2b, 502.3b, 502.4b, 503.1,
    505.1, 702.1, 704.1, 705.1, 706.2, 706.6, 707.1): every face-up field character's ability with
    that trigger whose 'turn' matches (own / opp / any, seen from its controller) triggers; turn
    player's characters first (the order of entering is chosen at the rule check, NS 902.1b-c)."""
    if not s.statics & 16:
        return
    kind = TR_PHASE[name]
    tp = s.tp
    for p in (tp, 1 - tp):
        for j in s.field[p]:
            if s.face_down[j]:
                continue  # NS 309.1b-1: no card information, no abilities
            for ab in s.triggers_of(j):
                if ab.trigger == kind and (ab.turn_of == 2 or (ab.turn_of == 0) == (p == tp)):
                    fire_one(s, j, ab)


def sobj(kind: int, card: int, obj: int, ctl: int, ab: int, tj: int = 0) -> list:
    return [kind, card, obj, ctl, ab, tj, 0, 0, 0]


# ---- small actions ---------------------------------------------------------------------
def draw(s, p: int, n: int) -> None:
    """NS 1308: one card at a time from the top; an empty deck draws nothing (NS-G13)."""
    for _ in range(n):
        if not s.deck[p]:
            return
        s.move(s.deck[p][0], Z_HAND)


def fire(s, i: int, kind: int) -> None:
    """NS 1209.3: an event adds a pending trigger record per matching ability; per-turn
    limits (1604) count triggers per object and turn."""
    for ab in s.triggers_of(i):
        if ab.trigger == kind:
            fire_one(s, i, ab)


def fire_one(s, i: int, ab) -> None:
    if ab.limit:
        rec = None
        for u in s.tuses:
            if u[0] == i and u[1] == s.obj[i] and u[2] == ab.id:
                rec = u
                break
        if rec is None:
            rec = [i, s.obj[i], ab.id, 0]
            s.tuses.append(rec)
        if rec[3] >= ab.limit:
            return
        rec[3] += 1
    s.pending.append([s.owner[i], ab.id, i, s.obj[i], 0])


def kill(s, i: int, src: int = -1, by_damage: bool = False) -> None:
    """NS 1311: a killed character goes to its owner's Ohigan; 'killed' triggers look
    back at it (NS 1209.6b) with its last-known karate (NS 1215, kept on the record);
    killed by ikusa damage -> 'killed in ikusa' (NS 1216.6). Who killed it (NS 1216.5): ``src``,
    the source of a 'kill' effect (1216.5b), or with ``by_damage`` (character damage processing)
    every card that damaged it since the last rule check (1216.5a): their 'kills' triggers (while
    they are on the field) and its 'killed by a character' trigger. A 'survive_kill' replacement
    (NS 1214.1, 1214.3) bows it and removes its damage instead, while its per-turn uses last; another
    own character's 'rescue_kill' returns it to its owner's hand instead. With several, the one its
    controller chose (``State.repl``, decision 'replacement', NS 1214.2) applies, and only it: the kill
    is gone (NS 1214.3)."""
    ks = s.defs[s.cdef[i]].kill_shield
    if (ks or s.statics & 256) and not s.face_down[i]:
        srcs = kill_replacements(s, i)
        if srcs:
            pick = srcs[0]
            if len(srcs) > 1:
                o = s.obj[i]
                for r in s.repl:
                    if r[0] == i and r[1] == o:
                        s.repl.remove(r)
                        if r[2] in srcs:
                            pick = r[2]
                        break
            if pick == i:
                _shield(s, i, ks)
                s.bowed[i] = True
                s.dmg[i] = 0
                s.ikusa_hit[i] = False
            else:
                s.move(i, Z_HAND)  # from the field: public, both players keep knowing it
            return
    in_ikusa = s.ikusa_hit[i]
    lki = s.karate(i)
    killers = ()
    if s.statics & 32:
        if src >= 0:
            killers = [(src, s.obj[src])]
        elif by_damage:
            o = s.obj[i]
            killers = [(r[2], r[3]) for r in s.hits if r[0] == i and r[1] == o]
    s.move(i, Z_OHIGAN)
    s.obj[i] -= 1  # read the leaving object's abilities (LKI) ...
    fire(s, i, TR_KILLED)
    if in_ikusa:
        fire(s, i, TR_KILLED_IKUSA)
    if killers:
        defs, cdef = s.defs, s.cdef
        if any(defs[cdef[k]].type == CHARACTER for k, _ in killers):
            fire(s, i, TR_KILLED_BY_CHAR)  # NS 1216.5c
    s.obj[i] += 1
    seen = []
    for k, ko in killers:
        if k not in seen and s.alive(k, ko):
            seen.append(k)
            fire(s, k, TR_KILLS)  # NS 1216.5a-b
    for t in s.pending:
        if t[2] == i and t[3] == s.obj[i] - 1:
            t[3] = s.obj[i]  # ... and let the trigger follow the card to Ohigan
            t[4] = lki


def kill_replacements(s, i: int) -> list[int]:
    """NS 1214: the field characters whose replacement effect applies if ``i`` would be killed: ``i``
    itself (its survive_kill with uses left this turn), then its controller's other face-up characters
    with rescue_kill, in field order."""
    out = []
    ks = s.defs[s.cdef[i]].kill_shield
    if ks:
        o = s.obj[i]
        if not any(u[0] == i and u[1] == o and u[2] == -2 and u[3] >= ks for u in s.tuses):
            out.append(i)
    if s.statics & 256:
        defs, cdef, fd = s.defs, s.cdef, s.face_down
        for j in s.field[s.owner[i]]:
            if j != i and not fd[j] and defs[cdef[j]].rescue_kill:
                out.append(j)
    return out


def ask_replacement(s, i: int, perform: int = 0, src: int = -1) -> bool:
    """NS 1214.2: if two or more replacements apply to killing ``i`` and none is chosen yet, push the
    frame that asks its controller (and, with ``perform``, then kills it with source ``src``); True
    when pushed. Only in games with rescue_kill cards (``statics`` 256)."""
    if not s.statics & 256 or s.face_down[i]:
        return False
    o = s.obj[i]
    if any(r[0] == i and r[1] == o for r in s.repl) or len(kill_replacements(s, i)) < 2:
        return False
    s.stack.append([H_REPL, 0, i, o, perform, src])
    return True


def h_repl(s, f) -> None:
    """NS 1214.2: [H_REPL, step, card, obj, perform, source]: the controller of the character about to be
    killed picks the replacement to apply (own_field i: that character's replacement); recorded in
    ``State.repl`` for the kill; with ``perform`` the kill (an effect's, NS 1216.5b) is done here."""
    i, p = f[2], s.owner[f[2]]
    if f[1] == 0:
        f[1] = 1
        s.ctx = i
        s.opts = []
        fl = s.field[p]
        s.ask(p, D_REPLACE, sorted(OWN_FIELD + fl.index(j) for j in kill_replacements(s, i)))
        return
    s.repl.append([i, f[3], s.field[p][s.answer - OWN_FIELD]])
    s.stack.pop()
    if f[4]:
        kill(s, i, f[5])


def _shield(s, i: int, limit: int) -> bool:
    """Count a use of the kill replacement this turn (the per-turn records of NS 1604)."""
    rec = next((u for u in s.tuses if u[0] == i and u[1] == s.obj[i] and u[2] == -2), None)
    if rec is None:
        rec = [i, s.obj[i], -2, 0]
        s.tuses.append(rec)
    if rec[3] >= limit:
        return False
    rec[3] += 1
    return True


def cond_ok(s, cond: tuple, ctl: int, src: int) -> bool:
    """Do all of an ability's compiled condition tests (``words.py``) hold for its controller?"""
    for fn, arg in cond:
        if not fn(s, src, ctl, arg):
            return False
    return True


def candidates(s, a, ctl: int, src: int) -> list[int]:
    t = a.target
    side = ctl if t.side == "own" else 1 - ctl
    z = {"field": s.field, "ether": s.ether, "ohigan": s.ohigan}[t.zone][side]
    filt = t.filt
    out = [j for j in z if passes(s, filt, j, src, ctl)]
    only = a.verb.only  # the cards the verb can change at all (NS 1310.1-2: untap / bow; ambush: characters)
    if only:
        out = [j for j in out if passes(s, only, j, src, ctl)]
    return out


def damage_amount(s, src: int, to: int, n: int) -> int:
    """NS 1102.4c (NS-G7): the source's increase (NS 1326) applies, then the recipient's
    damage-reducing replacement (NS 1214); statics work only on the field (NS 1202.2)."""
    if src >= 0 and s.zone[src] == Z_FIELD:
        n += s.defs[s.cdef[src]].damage_plus
    if to >= 0:
        n -= s.defs[s.cdef[to]].damage_minus
    return n if n > 0 else 0


def dealt(s, src: int, to: int) -> None:
    """NS 1102.5: 1 or more damage was dealt: the source's 'when this deals damage' (while it is
    on the field: a character's abilities work there, NS 1202.2) and the damaged character's
    'when this is dealt damage' trigger (``to`` = -1: a player, who has no such ability here)."""
    if src >= 0 and s.zone[src] == Z_FIELD:
        fire(s, src, TR_DEALS)
    if to >= 0:
        fire(s, to, TR_DEALT)
        if src >= 0 and s.statics & 32:  # NS 1216.5a: remembered until the next rule check ends
            s.hits.append([to, s.obj[to], src, s.obj[src]])


def end_ikusa_effects(s) -> None:
    """NS 706.8a: continuous effects lasting 'this ikusa' end."""
    if s.teff:
        s.teff = [t for t in s.teff if not t[0] & TE_IKUSA]


def discard(s, j: int, by: int) -> None:
    """NS 1309: a hand card to Ohigan, moved by player ``by``'s effect or cost (NS 1216.7a-b):
    'when you discard this' if ``by`` owns it, 'when an opponent discards this' if not. The
    move is hidden -> public: the trigger reads the card in Ohigan (NS 1209.6a). A 'discard_removed'
    static of the right side replaces the discard (NS 1214.1): the card goes to the removed zone
    (public) and no discard trigger happens; a discard paid as a cost counts as paid (NS 1203.3),
    so the caller goes on as after any discard."""
    if s.statics & 1024:
        p = s.owner[j]
        for q in (0, 1):
            for k in s.field[q]:
                side = s.defs[s.cdef[k]].discard_removed
                if side >= 0 and not s.face_down[k] and (side == 1) == (q != p):
                    s.move(j, Z_REMOVED)
                    return
    s.move(j, Z_OHIGAN)
    fire(s, j, TR_DISC_YOU if s.owner[j] == by else TR_DISC_OPP)


def counter(s, k: int) -> None:
    """NS 1321.1-2: remove kotodama-space object ``k``; a card goes to its owner's
    Ohigan; it does not resolve and its costs stay paid. A countered ukemi ability's
    card still in the check zone goes to Ohigan (NS 1211.4)."""
    o = s.kstack[k]
    if o[0] == K_CARD:
        s.move(o[1], Z_OHIGAN)
        return
    del s.kstack[k]
    if s.zone[o[1]] == Z_CHECK:
        s.move(o[1], Z_OHIGAN)


def ambush(s, j: int, ctl: int) -> None:
    """NS 1314: put on the field untapped (303.1a); not an entry (NS-G9); it appears (1315).
    From the ether zone, a zone with orientation like the field, it keeps its orientation and
    the continuous effects applied to it (NS 1314.1b, 302.3a)."""
    origin = s.zone[j]
    if origin == Z_ETHER:
        bowed, o = s.bowed[j], s.obj[j]
        s.move(j, Z_FIELD)
        s.bowed[j] = bowed
        carry(s, j, o)
    else:
        s.move(j, Z_FIELD)
    fire(s, j, TR_APPEARS)
    if origin == Z_OHIGAN:
        fire(s, j, TR_AMBUSH_OHIGAN)


def carry(s, i: int, old: int) -> None:
    """Card ``i`` moved on as object ``s.obj[i]`` keeping the continuous effects applied to its
    previous object ``old`` (NS 1204.2j-1 hand -> kotodama space, 1205.1c-3 kotodama space -> field;
    otherwise a zone change ends them, NS 302.3)."""
    for t in s.teff:
        if t[1] == i and t[2] == old:
            t[2] = s.obj[i]


def option_defs(s, cards: list[int]) -> list[int]:
    """Distinct card definitions of ``cards``, sorted: the option list of a zone choice."""
    return sorted({s.cdef[j] for j in cards})


# ---- setup (NS 403) --------------------------------------------------------------------------
def h_setup(s, f) -> None:
    """NS 403: shuffle both decks (p0 then p1), draw 4 each, first player at random
    (NS 403.3; no mulligan, NS-G20; RNG order NS-G27)."""
    for p in (0, 1):
        s.rng.shuffle(s.deck[p])
    for p in (0, 1):
        draw(s, p, 4)
    fp = s.game.options["first_player"]
    s.first = s.rng.below(2) if fp is None else int(fp)
    s.tp = s.first
    s.turn = 1
    f[0], f[1] = H_TURN, 0


# ---- the turn (NS 500-505) ---------------------------------------------------------------------
def pri(s) -> None:
    s.stack.append([H_PRI, 0, 0, s.tp])


def h_turn(s, f) -> None:
    st = f[1]
    tp = s.tp
    if st == 0:  # NS 502.2a: untap own field and ether cards; 502.2c priority
        s.step = ST_UNTAP
        for j in s.field[tp]:
            s.bowed[j] = False
        for j in s.ether[tp]:
            s.bowed[j] = False
        phase(s, "start_of_turn")  # NS 502.2b
        if s.turn == 1:
            phase(s, "start_of_game")
        f[1] = 1
        pri(s)
    elif st == 1:  # NS 502.3a: draw 2, 1 on the game's first turn
        s.step = ST_DRAW
        draw(s, tp, 1 if s.turn == 1 else 2)
        phase(s, "start_of_draw")  # NS 502.3b: after the draw of 502.3a
        f[1] = 2
        pri(s)
    elif st == 2:  # NS 502.4a: up to one hand card into the ether zone
        s.step = ST_ETHER
        f[1] = 3
        s.ctx = -1
        s.ask(tp, D_ETHER, [PASS] + [OWN_HAND + k for k in range(len(s.hand[tp]))])
    elif st == 3:
        if s.answer != PASS:
            s.move(s.hand[tp][s.answer - OWN_HAND], Z_ETHER)
        phase(s, "start_of_ether")  # NS 502.4b: after the placement of 502.4a
        f[1] = 4
        pri(s)
    elif st == 4:  # NS 503: character phase
        s.step = ST_CHARACTER
        phase(s, "start_of_character")  # NS 503.1
        f[1] = 5
        pri(s)
    elif st == 5:  # NS 700: ikusa phase
        s.step = ST_IKUSA
        f[1] = 6
        s.stack.append([H_IKUSA, 0])
    elif st == 6:  # NS 505.1-2: end phase
        s.step = ST_END
        f[1] = 7
        if s.delayed:  # NS 1209.7: delayed 'at the start of the next end phase' triggers, once
            for d in s.delayed:
                s.pending.append([d[0], d[1], d[2], d[3], 0])
            s.delayed = []
        phase(s, "end_of_turn")  # NS 505.1
        pri(s)
    elif st == 7:  # NS 505.3: damage -> 0, 'this turn' effects end
        for p in (0, 1):
            for j in s.field[p]:
                s.dmg[j] = 0
                s.ikusa_hit[j] = False
                s.redirected[j] = -1  # NS 1402.2-3, 705.3a-1: interrupt is once per turn
        if s.teff:  # NS 1213.8: effects without an end point stay (while their object does)
            s.teff = [t for t in s.teff if t[0] & TE_GAME and s.obj[t[1]] == t[2]]
        s.tuses = []
        s.aisatsu_by = []
        if s.pending or s.carried[0] or s.carried[1] or _loss_pending(s):
            pri(s)  # NS 505.3c: back to 505.2
            return
        s.tp = 1 - tp  # NS 505.4
        s.turn += 1
        f[1] = 0


def _loss_pending(s) -> bool:
    return any(len(s.damage[p]) >= 10 or not s.deck[p] for p in (0, 1))


# ---- priority (NS 802) ------------------------------------------------------------------------
def entry_candidates(s, a, ctl: int, src: int) -> list[int]:
    """Legal targets chosen at entry (NS 1204.2e): field cards, or kotodama-space indices
    (never the entering object itself, NS 1204.2e-4; never a damage check)."""
    t = a.target
    if t.zone != "stack":
        return candidates(s, a, ctl, src)
    out = []
    for k, o in enumerate(s.kstack):
        if o[0] == K_CHECK or (o[1] == src and o[0] == K_CARD) or (t.side == "opp") == (o[3] == ctl):
            continue
        if t.filt and (o[0] != K_CARD or not passes(s, t.filt, o[1], src, ctl)):
            continue  # a filter is of a card's: an ability on the kotodama space matches none
        out.append(k)
    return out


def ether_cost(s, p: int, d, i: int = -1) -> int:
    """The ether a card of definition ``d`` costs ``p`` to enter (NS 1204.2g): printed, then
    the increases (NS 1204.2g-5), then the decreases (NS 1204.2g-6), at least 0, from the
    face-up field characters' cost statics; a 'becomes N' counts as an increase or a decrease by
    comparing N with the cost before the changes (NS 104.6). (No effect here changes a cost action into
    another, NS 1204.2g-4.) The printed cost is card ``i``'s own: a characteristic-defining ability
    may define it (NS 1210.2)."""
    cost = s.cost_of(i) if i >= 0 else d.cost
    if not s.statics & 128:
        return cost
    inc, dec = [], []
    for q in (0, 1):
        for j in s.field[q]:
            if s.face_down[j]:
                continue
            for side, ty, n, is_set in s.defs[s.cdef[j]].cost_mods:
                if (side == 0) == (q == p) and (ty is None or ty == d.type):
                    if is_set:  # NS 104.6: 'becomes N' is an increase if N is more, a decrease if less
                        if n != cost:
                            (inc if n > cost else dec).append((s.since[j], 1, n))
                    elif n > 0:
                        inc.append((s.since[j], 0, n))
                    else:
                        dec.append((s.since[j], 0, n))
    v = cost
    for stage in (inc, dec):  # NS 1204.2g-5, then 1204.2g-6; each in timestamp order (1213.3b by analogy)
        stage.sort()
        for _, is_set, n in stage:
            v = n if is_set else v + n
    return v if v > 0 else 0


def entry_ok(s, ab, p: int, src: int) -> bool:
    """NS 1204.2e / NS-G31: an entry is offered only if, in some mode, every exact-count
    target chosen at entry has enough legal candidates."""
    for m in range(len(ab.modes) or 1):
        if all(a.target is None or not a.target.entry or a.target.up_to or a.tatsujin
               or len(entry_candidates(s, a, p, src)) >= a.target.count for a in ab.acts(m)):
            return True
    return False


def _tatsujin_targets_ok(s, ab, p: int, src: int) -> bool:
    """NS-G31: tatsujin is offered only if its actions' exact-count entry targets exist."""
    return ab is None or all(not a.tatsujin or a.target is None or not a.target.entry or a.target.up_to
                             or len(entry_candidates(s, a, p, src)) >= a.target.count for a in ab.acts(0))


def activatable(s, p: int, j: int, ab, ether: int) -> bool:
    """NS 1208.2, 1203.2: the controller has priority and can pay the whole cost."""
    if s.face_down[j] or (ab.bow_self and s.bowed[j]) or ab.cost_ether > ether:
        return False
    if ab.cost_jitsu and s.faceup_damage(p) < ab.cost_jitsu:
        return False
    if ab.limit:
        for u in s.tuses:
            if u[0] == j and u[1] == s.obj[j] and u[2] == ab.id and u[3] >= ab.limit:
                return False
    return not ab.entry_choices or entry_ok(s, ab, p, j)


def enterable(s, p: int) -> list[int]:
    out = []
    hand = s.hand[p]
    if not hand:
        return _activated(s, p, out) if s.statics & 4 else out
    char_ok = p == s.tp and s.step == ST_CHARACTER and not s.kstack  # NS 1206.1
    bowed, fd = s.bowed, s.face_down
    ether = 0
    for j in s.ether[p]:
        if not bowed[j]:
            ether += 1
    up = -1
    defs, cdef = s.defs, s.cdef
    for k, i in enumerate(hand):
        d = defs[cdef[i]]
        if d.type == CHARACTER and not char_ok:
            continue
        cost = ether_cost(s, p, d, i)
        if cost > ether:  # NS 1203.2: a cost not payable in full can't be paid (NS-G31)
            continue
        if d.jitsu:
            if up < 0:
                up = sum(1 for j in s.damage[p] if not fd[j])
            if d.jitsu > up:
                continue
        if d.entry_ab is not None and not entry_ok(s, d.entry_ab, p, i):
            continue
        if d.extra_bow_attr is not None and (cost >= ether or not any(
                not bowed[j] and s.has_attr(j, d.extra_bow_attr) for j in s.ether[p])):
            continue  # NS 1203.2: each part of the cost must be payable at the start
        out.append(OWN_HAND + k)
    return _activated(s, p, out) if s.statics & 4 else out


def _activated(s, p: int, out: list) -> list:
    ether = s.untapped_ether(p)
    defs, cdef = s.defs, s.cdef
    for k, j in enumerate(s.field[p]):
        ab = defs[cdef[j]].activated
        if ab is not None and activatable(s, p, j, ab, ether):
            out.append(OWN_FIELD + k)
    return out


def h_pri(s, f) -> None:
    """NS 802 as one frame [H_PRI, step, passes, holder]; forced passes run inline."""
    while True:
        if f[1] == 0:  # NS 802.3: a rule check first
            if not rule_processes(s):
                return  # the game is over
            f[1] = 1
            if s.pending:  # NS 902.1b-c: triggers go on, then the rule check repeats
                s.stack.append([H_RC, 1])
                return
        if f[1] == 1:
            if s.kstack and s.kstack[-1][0] == K_CHECK:
                # NS 802.4 / NS-G26: with a damage check on top both may only pass: it resolves
                f[1], f[2], f[3] = 0, 0, s.tp
                s.stack.append([H_RESOLVE, 0])
                return
            legal = enterable(s, f[3])
            if not legal and s.auto and f[2] == 0 and not s.kstack and not enterable(s, 1 - f[3]):
                s.stack.pop()  # both can only pass and nothing changes in between (NS 802.5c)
                return
            if legal or not s.auto:
                f[1] = 2
                s.ctx = -1
                s.ask(f[3], D_PRIORITY, [PASS] + legal)
                return
            a = PASS
        else:
            a = s.answer
        if a == PASS:
            f[2] += 1
            if f[2] >= 2:  # NS 802.5c
                if not s.kstack:
                    s.stack.pop()
                    return
                f[1], f[2], f[3] = 0, 0, s.tp
                s.stack.append([H_RESOLVE, 0])
                return
            f[3] = 1 - f[3]  # NS 802.5b
            # NS 802.3 asks for a rule check first, but nothing has changed since the one
            # before this priority (only a pass was answered): it would do nothing, so the
            # other player is offered priority straight away
            f[1] = 1
        else:  # NS 802.5a: the same player keeps priority
            f[1], f[2] = 0, 0
            if a >= OWN_FIELD:  # NS 1208.2: an activated ability of an own field card
                j = s.field[f[3]][a - OWN_FIELD]
                ab = s.defs[s.cdef[j]].activated
                s.stack.append([H_ENTER, 0, j, ab.cost_ether, ab.cost_jitsu, f[3], ab.id, 0, 0, 0, 0])
                return
            i = s.hand[f[3]][a - OWN_HAND]
            d = s.defs[s.cdef[i]]
            s.stack.append([H_ENTER, 0, i, ether_cost(s, f[3], d, i), d.jitsu, f[3], -1, 0, 0, 0, 0])
            return


# ---- rule check (NS 902, 1000) ---------------------------------------------------------------
def rule_processes(s) -> bool:
    """NS 902.1a, NS-G14: 1002 -> 1003 -> 1004, repeated until none applies; False when
    the game ended or a replacement choice (NS 1214.2) was pushed: the caller returns and runs
    its rule check again afterwards."""
    tp = s.tp
    while True:
        if len(s.damage[0]) >= 10 or len(s.damage[1]) >= 10 or not s.deck[0] or not s.deck[1]:
            losers = [p for p in (0, 1) if len(s.damage[p]) >= 10 or not s.deck[p]]  # NS 1002.1, NS-R2
            s.finish(1 - tp if len(losers) == 2 else 1 - losers[0])  # NS 103.3 / NS-R1
            return False
        done = False
        if s.carried[0] or s.carried[1]:
            for p in (tp, 1 - tp):  # NS 1003.2: turn player's checks first, so the other's resolve first
                if s.carried[p]:
                    for _ in range(s.carried[p]):
                        s.kstack.append(sobj(K_CHECK, -1, 0, p, -1))
                    s.carried[p] = 0  # NS 1003.3
                    done = True
        dmg = s.dmg
        if s.teff or s.statics & 512:  # effects or a defined durability (NS 1210.2, 1304.4)
            dead = [j for p in (tp, 1 - tp) for j in s.field[p] if dmg[j] >= s.durability(j)]
        else:  # printed durability >= 1: only damaged characters can die
            defs, cdef = s.defs, s.cdef
            dead = [j for p in (tp, 1 - tp) for j in s.field[p] if dmg[j] and dmg[j] >= defs[cdef[j]].durability]
        if dead and s.statics & 256:  # NS 1214.2: choose every replacement first; the kills stay simultaneous
            for j in dead:
                if ask_replacement(s, j):
                    return False  # the caller resumes at its rule check once the choice is made
        for j in dead:  # NS 1004
            kill(s, j, -1, True)
            done = True
        if not done:
            if s.repl:
                s.repl = []
            if s.hits:
                s.hits = []  # NS 1216.5a: only the rule check right after the damage counts
            if s.statics & 2:
                state_triggers(s)
            return True


def state_triggers(s) -> None:
    """NS 1209.8: a state trigger ('when you have no cards in hand') triggers only while
    its condition holds and it is not already triggered (pending or on the kotodama space)."""
    for p in (0, 1):
        if s.hand[p]:
            continue
        for j in s.field[p]:
            for ab in s.triggers_of(j):
                if ab.trigger != TR_HAND_EMPTY:
                    continue
                o = s.obj[j]
                if any(t[1] == ab.id and t[2] == j and t[3] == o for t in s.pending):
                    continue
                if any(x[0] == K_ABILITY and x[4] == ab.id and x[1] == j and x[2] == o for x in s.kstack):
                    continue
                s.pending.append([p, ab.id, j, o, 0])


def h_rc(s, f) -> None:
    """NS 902 from (b): enter pending triggers, turn player's first, then rule processes again."""
    tp = s.tp
    if f[1] == 0:
        if not rule_processes(s):
            return
        f[1] = 1
    if f[1] == 1:
        for p in (tp, 1 - tp):  # NS 902.1b-c
            mine = [t for t in s.pending if t[0] == p]
            if not mine:
                continue
            for t in mine:
                if t[1] == WINDOW:  # NS 1209.3a: the reveals decide which hidden cards' triggers exist
                    _reveal_window(s, f, t)
                    return
            if len(mine) == 1:
                _take_trigger(s, f, mine[0])
                return
            s.opts = [s.cdef[t[2]] for t in mine]
            s.ctx = -1
            f[1] = 2
            f.append(p)
            s.ask(p, D_ORDER, [OPTION + k for k in range(min(len(mine), 32))])
            return
        s.stack.pop()
        return
    if f[1] == 3:  # NS 1209.3a-b: reveal a hidden card (option k), or reveal no (more) cards (pass)
        w = s.pending[f.pop()]
        f[1] = 0
        if s.answer == PASS:
            s.pending.remove(w)  # the others stay hidden and don't trigger (NS 1209.3b)
            return
        j = _window_card(s, w, s.opts[s.answer - OPTION])
        k = w.index(j, SO_WIN)
        del w[k:k + 2]  # once per event (NS 1209.3a)
        hide = 0 if s.pub[j] else 1
        s.pub[j] = True  # NS 1209.3c: revealed until its ability leaves the kotodama space
        for ab in s.defs[s.cdef[j]].triggers:
            if ab.trigger == TR_FROM_HAND:
                s.pending.append([w[0], ab.id, j, s.obj[j], 0, hide])
        return
    p = f.pop()
    mine = [t for t in s.pending if t[0] == p]
    _take_trigger(s, f, mine[s.answer - OPTION])


def _take_trigger(s, f, t) -> None:
    f[1] = 0
    if s.abilities[t[1]].reveal:  # a revealed hand card's trigger (NS 1209.3a)
        if s.zone[t[2]] != Z_HAND or s.obj[t[2]] != t[3]:
            s.pending.remove(t)  # it left the hand before entering: it does not enter (NS 1209.3c)
            return
        _enter_trigger(s, t, t[5])
        return
    _enter_trigger(s, t)


WINDOW = -1  # pending record [player, WINDOW, -1, 0, 0, card, obj, card, obj...]: the hand at the event
SO_WIN = 5


def _window_card(s, w, c: int) -> int:
    """The hand card revealed for definition ``c``: one both players already know first (NS 1306.2),
    else the first in the hand; only cards in the hand at the event and still there count."""
    pick = -1
    for k in range(SO_WIN, len(w), 2):
        j = w[k]
        if s.zone[j] == Z_HAND and s.obj[j] == w[k + 1] and s.cdef[j] == c:
            if s.pub[j]:
                return j
            if pick < 0:
                pick = j
    return pick


def _reveal_window(s, f, w) -> None:
    """NS 1209.3a-b with NS-G15 (notes: 'hidden cards' triggers'): after an opposing character
    aisatsu-s a player who has hand cards, that player gets one ``reveal`` decision per event,
    whatever the hand holds: pass (always legal) = reveal no (more) cards; option k = reveal one card
    of the k-th eligible definition (only in the decider's option list: hand cards of the event with
    an ``opp_aisatsu_from_hand`` trigger, still in the hand and not yet revealed for this event).
    Each reveal is public and asks again while hand cards of the event not yet revealed remain (public
    too: counts and revealed cards), so the opponent sees nothing that depends on the hidden cards.
    Never skipped by ``auto_forced`` (a pass-only decision would tell the hand has no such card).
    Revealed cards' triggers are then pending like any other (ordered by NS 902.1b-c)."""
    cand = []
    live = False
    for k in range(SO_WIN, len(w), 2):
        j = w[k]
        if s.zone[j] == Z_HAND and s.obj[j] == w[k + 1]:
            live = True
            c = s.cdef[j]
            if c not in cand and any(ab.trigger == TR_FROM_HAND for ab in s.defs[c].triggers):
                cand.append(c)
    f[1] = 0
    if not live:  # the event's hand cards all left the hand (public): nothing to decide
        s.pending.remove(w)
        return
    cand.sort()
    f[1] = 3
    f.append(s.pending.index(w))
    s.ctx = -1
    s.opts = cand
    DecisionState.ask(s, w[0], D_REVEAL, [PASS] + [OPTION + k for k in range(min(len(cand), 32))])


def tj_paid(s, i: int, obj: int) -> int:
    """NS-G30: tatsujin paid for this object (on the field or on the kotodama space)."""
    if s.tj[i] == obj:
        return 1
    for o in s.kstack:
        if o[0] == K_CARD and o[1] == i and o[2] == obj:
            return o[5]
    return 0


def _enter_trigger(s, t, hide: int = 0) -> None:
    """NS 1204 / 1209.4: the triggered ability goes onto the kotodama space; its choices
    at entry (modes, targets: NS 1204.2b, 1204.2e) are made by a child frame."""
    s.pending.remove(t)
    o = sobj(K_ABILITY, t[2], t[3], t[0], t[1], tj_paid(s, t[2], t[3]))
    o[7], o[8] = t[4], hide
    s.kstack.append(o)
    if s.abilities[t[1]].entry_choices:
        s.stack.append([H_ENTER, 1, t[2], 0, 0, t[0], t[1], 0, 0, 0, 1])


# ---- entering cards and abilities (NS 1204, 1206-1208) ---------------------------------------------
GAME_FIELDS = tuple(n for n in __import__("tcgzoo.envs.ninja_slayer.state", fromlist=["State"]).State.__slots__
                    if n not in ("defs", "abilities", "deck_names", "owner", "auto", "statics"))


def rollback(s) -> None:
    """NS 1204.2i / 1204.2l: a cost that can't be completed undoes the whole entry: the
    game state goes back to just before it started."""
    snap = s.saved[-1].clone()
    for name in GAME_FIELDS:
        setattr(s, name, getattr(snap, name))  # the snapshot's own 'saved' drops this one


def _entering_ability(s, f):
    if f[6] >= 0:
        return s.abilities[f[6]]
    return s.defs[s.cdef[f[2]]].text_ability


def _picked(o, ai: int) -> list:
    return [(o[q + 1], o[q + 2], o[q + 3]) for q in range(SO_FIXED, len(o), 4) if o[q] == ai]


def h_enter(s, f) -> None:
    """NS 1204.2: [H_ENTER, step, card, ether left, jitsu left, player, ability (-1: the card
    itself), other cost left, target action index, picks, trigger]. The object goes onto
    the kotodama space first and carries the choices: mode (b), tatsujin (c), X (d),
    targets (e); then the costs are paid in printed order (1203.4, 1204.2i): ether,
    jitsu, then the additional cost; one that can't be completed rolls the entry back."""
    i, p = f[2], f[5]
    st = f[1]
    if st == 0:
        if f[6] < 0:  # a card from hand: NS 1204.2a reveal; NS 1204.2j to the kotodama space
            d = s.defs[s.cdef[i]]
            if d.extra_bow_attr is not None and not _free(f):
                s.saved.append(s.clone())  # NS 1204.2i: the state to go back to
                f[7] = 1
            s.zone_list(Z_HAND, p).remove(i)
            s.zone[i] = Z_STACK
            s.obj[i] += 1
            s.pub[i] = True
            if s.teff:  # NS 1204.2j-1: effects applied to it in the hand apply to it on the kotodama space
                carry(s, i, s.obj[i] - 1)
            s.kstack.append(sobj(K_CARD, i, s.obj[i], p, -1))
        else:  # NS 1208.3: an activated ability enters as a pseudo-card
            ab = s.abilities[f[6]]
            s.kstack.append(sobj(K_ABILITY, i, s.obj[i], p, f[6]))
            f[7] = 1 if ab.bow_self else 0
            if ab.limit:
                rec = next((u for u in s.tuses if u[0] == i and u[1] == s.obj[i] and u[2] == ab.id), None)
                if rec is None:
                    rec = [i, s.obj[i], ab.id, 0]
                    s.tuses.append(rec)
                rec[3] += 1
        st = f[1] = 1
    o = s.kstack[-1]
    eab = _entering_ability(s, f)
    s.ctx = i
    if st == 1:  # NS 1204.2b: choose the mode; the others cease to exist
        if eab is not None and eab.modes:
            f[1] = 2
            legal = [OPTION + m for m in range(len(eab.modes)) if _mode_ok(s, eab, m, p, i)]
            s.ask(p, D_MODE, legal)
            return
        st = 3
    elif st == 2:
        o[6] = s.answer - OPTION
        st = 3
    if st == 3:  # NS 1404.2, 1204.2c: declare the tatsujin cost
        d = s.defs[s.cdef[i]]
        if f[6] < 0 and (d.tatsujin_ether or d.tatsujin_jitsu) and not _free(f):  # 1313.1b: no cost at all
            extra = 1 if d.extra_bow_attr is not None else 0
            if (s.untapped_ether(p) >= f[3] + d.tatsujin_ether + extra
                    and s.faceup_damage(p) >= f[4] + d.tatsujin_jitsu and _tatsujin_targets_ok(s, eab, p, i)):
                f[1] = 4
                s.ask(p, D_TATSUJIN, [PASS, YES])
                return
        st = 5
    elif st == 4:
        if s.answer == YES:
            d = s.defs[s.cdef[i]]
            f[3] += d.tatsujin_ether
            f[4] += d.tatsujin_jitsu
            o[5] = 1  # NS-G30: remembered on the stack object
        st = 5
    if st == 5:  # NS 1204.2d, 1304.2a: the player fixes X; it is paid as extra ether
        if eab is not None and eab.x:
            room = min(s.untapped_ether(p) - f[3] - (1 if f[7] and f[6] < 0 else 0), X_MAX)
            if _free(f):
                room = 0  # NS 1313.1b: X is part of the cost, which is not paid: X = 0
            for a in eab.acts(o[6]):  # NS 1304.2b: X sets a target count: only values the entry can meet
                if a.target is not None and a.target.count == N_X and not (a.tatsujin and not o[5]):
                    room = min(room, len(entry_candidates(s, a, p, i)))
            f[1] = 6
            s.ask(p, D_X, [NUMBER + x for x in range(room + 1)])
            return
        st = 7
    elif st == 6:
        o[7] = s.answer - NUMBER
        f[3] += o[7]
        st = 7
    if st == 13:  # NS 1305.1: one more unit of the distributed amount to that target
        st = 7
        side = p if eab.acts(o[6])[f[8]].target.side == "own" else 1 - p
        j = s.field[side][s.answer - (OWN_FIELD if side == p else OPP_FIELD)]
        o.extend((f[8], j, s.obj[j], T_FIELD))
    if st == 8:  # a target chosen (NS 1204.2e)
        st = 7
        if s.answer == PASS:
            f[9] = DONE
        else:
            a = eab.acts(o[6])[f[8]]
            c = _entry_left(s, a, o, f[8], p, i)
            if a.target.zone == "stack":
                k = c[s.answer - OPTION]
                x = s.kstack[k]
                o.extend((f[8], x[1], x[2], T_STACK_CARD if x[0] == K_CARD else x[4]))
            elif a.target.zone != "field":  # cards of one definition there are interchangeable
                d = s.opts[s.answer - OPTION]
                j = next(j for j in c if s.cdef[j] == d)
                o.extend((f[8], j, s.obj[j], T_ZONE))
            else:
                side = p if a.target.side == "own" else 1 - p
                j = s.field[side][s.answer - (OWN_FIELD if a.target.side == "own" else OPP_FIELD)]
                o.extend((f[8], j, s.obj[j], T_FIELD))
            f[9] += 1
    if st == 7:  # NS 1204.2e: targets, distinct (e-2), not itself (e-4)
        acts = eab.acts(o[6]) if eab is not None else ()
        while f[8] < len(acts):
            a = acts[f[8]]
            t = a.target
            # NS 1204.2e-1, 1204.2e-6: 'X targets' count X (fixed above); with 0 no target is chosen
            n = o[7] if t is not None and t.count == N_X else (t.count if t is not None else 0)
            if t is None or not t.entry or f[9] >= n or (a.tatsujin and not o[5]):
                if a.dist and not (a.tatsujin and not o[5]) and _distribute(s, f, a, o, p):
                    return
                f[8] += 1
                f[9] = 0
                continue
            c = _entry_left(s, a, o, f[8], p, i)
            if not c:
                if t.up_to:
                    f[9] = DONE
                    continue
                if f[10]:  # NS 1209.5: a trigger that can't be entered is removed
                    s.kstack.pop()
                    s.stack.pop()
                    return
                raise AssertionError("entry offered without its targets (NS-G31)")
            f[1] = 8
            if t.zone == "stack":
                s.opts = [s.cdef[s.kstack[k][1]] for k in c]
                legal = [OPTION + k for k in range(min(len(c), 32))]
            elif t.zone != "field":
                s.opts = option_defs(s, c)
                legal = [OPTION + k for k in range(min(len(s.opts), 32))]
            else:
                s.opts = []
                own = t.side == "own"
                z = s.field[p if own else 1 - p]
                base = OWN_FIELD if own else OPP_FIELD
                legal = sorted(base + z.index(j) for j in c)
            s.ask(p, D_CHOOSE, ([PASS] if t.up_to else []) + legal)
            return
        st = 9
    if st == 10:  # NS 1312.1: bow an ether card of the payer's choice (NS-G22)
        d = s.opts[s.answer - OPTION]
        j = next(j for j in s.ether[p] if not s.bowed[j] and s.cdef[j] == d)
        s.bowed[j] = True
        f[3] -= 1
    elif st == 11:  # NS 1320: turn a face-up damage card face down
        d = s.opts[s.answer - OPTION]
        j = next(j for j in s.damage[p] if not s.face_down[j] and s.cdef[j] == d)
        s.face_down[j] = True
        f[4] -= 1
    elif st == 12:  # the additional cost: bow an ether card with the attribute
        d = s.opts[s.answer - OPTION]
        attr = s.defs[s.cdef[i]].extra_bow_attr
        j = next(j for j in s.ether[p] if not s.bowed[j] and s.cdef[j] == d and s.has_attr(j, attr))
        s.bowed[j] = True
        f[7] = 0
    # NS 1204.2i, 1203.4: pay in printed order
    if f[6] >= 0 and f[7]:  # '(bow this, ...)' of an activated ability
        s.bowed[i] = True
        f[7] = 0
    if f[3] > 0:
        s.opts = option_defs(s, [j for j in s.ether[p] if not s.bowed[j]])
        if not s.opts:
            rollback(s)
            s.stack.pop()
            return
        f[1] = 10
        s.ask(p, D_PAY_ETHER, [OPTION + k for k in range(len(s.opts))])
        return
    if f[4] > 0:
        s.opts = option_defs(s, [j for j in s.damage[p] if not s.face_down[j]])
        f[1] = 11
        s.ask(p, D_PAY_JITSU, [OPTION + k for k in range(len(s.opts))])
        return
    if f[7]:
        attr = s.defs[s.cdef[i]].extra_bow_attr
        c = [j for j in s.ether[p] if not s.bowed[j] and s.has_attr(j, attr)]
        if not c:  # NS 1204.2i: this cost can't be paid -> the entry never happened
            rollback(s)
            s.stack.pop()
            return
        s.opts = option_defs(s, c)
        f[1] = 12
        s.ask(p, D_PAY_ETHER, [OPTION + k for k in range(len(s.opts))])
        return
    s.stack.pop()  # NS 1204.2k: entered
    if f[6] < 0:
        if s.defs[s.cdef[i]].extra_bow_attr is not None and not _free(f):
            s.saved.pop()
        fire(s, i, TR_ENTERED)  # NS-G9: 'when this is entered' triggers on the kotodama space


def _free(f) -> bool:
    """h_enter f[11]: entered by an effect 'without paying its cost' (NS 1313.1b)."""
    return len(f) > 11 and f[11] == 1


def enter_candidates(s, a, p: int, src: int) -> list[int]:
    """NS 1313.1c: hand cards an 'enter without paying its cost' may choose: they match
    the filter and can be entered legally (entry-time targets exist, NS-G31); the cost
    is not paid, so it doesn't matter."""
    out = []
    for j in s.hand[p]:
        d = s.defs[s.cdef[j]]
        if passes(s, a.pick.filt, j, src, p) and (d.entry_ab is None or entry_ok(s, d.entry_ab, p, j)):
            out.append(j)
    return out


DONE = 1 << 20  # h_enter f[9]: this action's targets are all chosen ('up to': passed or none left)


def _distribute(s, f, a, o, p: int) -> bool:
    """NS 1305.1, 1204.2f: distributing N among the targets just chosen: each has 1
    (NS 1204.2f-1); the rest is given one unit at a time to a chosen target (all of it to a
    lone target), recorded as repeated target entries and fixed from then on (NS 1204.2f-2).
    Returns True when the player is asked."""
    got = _picked(o, f[8])
    if not got or len(got) >= a.dist:
        return False
    distinct = list(dict.fromkeys(got))
    if len(distinct) == 1:
        for _ in range(a.dist - len(got)):
            o.extend((f[8],) + distinct[0])
        return False
    side = p if a.target.side == "own" else 1 - p
    base = OWN_FIELD if side == p else OPP_FIELD
    z = s.field[side]
    f[1] = 13
    s.opts = []
    s.ask(p, D_DISTRIBUTE, sorted(base + z.index(j) for j, _, _ in distinct))
    return True


def _entry_left(s, a, o, ai: int, p: int, i: int) -> list:
    got = _picked(o, ai)
    out = []
    for x in entry_candidates(s, a, p, i):
        if a.target.zone == "stack":
            y = s.kstack[x]
            key = (y[1], y[2], T_STACK_CARD if y[0] == K_CARD else y[4])
            if y is o:
                continue
        else:
            key = (x, s.obj[x], T_FIELD if a.target.zone == "field" else T_ZONE)
        if key not in got:
            out.append(x)
    return out


def _mode_ok(s, ab, m: int, p: int, i: int) -> bool:
    return all(a.target is None or not a.target.entry or a.target.up_to or a.tatsujin
               or len(_entry_left(s, a, s.kstack[-1], -1, p, i)) >= a.target.count for a in ab.acts(m))


# ---- resolution (NS 1205, 1104) ----------------------------------------------------------------
def h_resolve(s, f) -> None:
    if f[1] == 0:
        o = s.kstack[-1]
        kind = o[0]
        if kind == K_CHECK:
            s.kstack.pop()  # NS 1104.5
            s.stack.pop()
            _damage_check(s, o[3])
            return
        if kind == K_CARD:
            i = o[1]
            d = s.defs[s.cdef[i]]
            if d.type == CHARACTER:  # NS 1205.1c-1: onto its controller's field
                tj = o[5]
                s.move(i, Z_FIELD)
                if s.teff:  # NS 1205.1c-3: it arrives with the effects applied to it on the kotodama space
                    carry(s, i, o[2])
                if tj:
                    s.tj[i] = s.obj[i]  # NS-G30: tatsujin paid, on the field object
                fire(s, i, TR_APPEARS)
                s.stack.pop()
                return
            f[1] = 1
            f[2:] = o[:5]  # which object resolves (found again in step 1)
            s.stack.append([H_EXEC, 0, d.text_ability.id, 0, i, s.obj[i], o[3], 0, 0, o[5], o[6], o[7]]
                           + o[SO_FIXED:])
            return
        f[1] = 1  # an ability: does its effect even if its source is gone (NS 1205.1d-1)
        f[2:] = o[:5]
        s.stack.append([H_EXEC, 0, o[4], 0, o[1], o[2], o[3], 0, 0, o[5], o[6], o[7]] + o[SO_FIXED:])
        return
    k = len(s.kstack) - 1  # the resolving object: a card its effect entered (NS 1313) may be above it
    while k > 0 and s.kstack[k][:5] != f[2:7]:
        k -= 1
    o = s.kstack[k]
    if o[0] == K_CARD:  # NS 1205.1c-2: a kotodama goes to Ohigan
        s.move(o[1], Z_OHIGAN)
    else:
        del s.kstack[k]
        i = o[1]
        if s.zone[i] == Z_CHECK:  # NS 1104.4c, 1211.4: the ukemi card goes to Ohigan
            s.move(i, Z_OHIGAN)
        elif o[8] and s.zone[i] == Z_HAND and s.obj[i] == o[2]:
            s.pub[i] = False  # NS 1209.3c: revealed only until its ability left the kotodama space
    s.stack.pop()


def _damage_check(s, p: int) -> None:
    """NS 1104: the top card to the check zone; no ukemi -> damage zone face-up; ukemi ->
    entered (mandatory, NS 1211.3) or, if it can't be, Ohigan (1104.4b)."""
    if not s.deck[p]:
        return  # NS 1104.2 / NS-G13: nothing happens; NS-R2 follows at the rule check
    i = s.deck[p][0]
    s.move(i, Z_CHECK)
    d = s.defs[s.cdef[i]]
    if not d.has_ukemi:
        s.move(i, Z_DAMAGE)  # NS 1104.3
        return
    if d.ukemi_self:  # NS 1211.2b: the card itself enters without paying its cost (NS-G10)
        if cond_ok(s, d.ukemi_ability.cond, p, i):
            s.check[p].remove(i)
            s.zone[i] = Z_STACK
            s.obj[i] += 1
            s.kstack.append(sobj(K_CARD, i, s.obj[i], p, -1))
            fire(s, i, TR_ENTERED)  # entered without paying its cost (NS 1211.2b-1, NS-G9)
        else:
            s.move(i, Z_OHIGAN)  # NS 1104.4b
        return
    if d.ukemi_cost:  # NS 1104.4a, 1211.3a: '(cost):(effect)' may be declined
        if s.untapped_ether(p) >= d.ukemi_cost:
            s.stack.append([H_UKEMI, 0, i, d.ukemi_cost, p])
        else:
            s.move(i, Z_OHIGAN)  # NS 1104.4b: it can't be entered
        return
    s.kstack.append(sobj(K_ABILITY, i, s.obj[i], p, d.ukemi_ability.id))  # NS 1211.2c


def h_ukemi(s, f) -> None:
    """NS 1104.4a / 1211.3a: [H_UKEMI, step, card, ether left, player]."""
    i, p = f[2], f[4]
    if f[1] == 0:
        s.ctx = i
        f[1] = 1
        s.ask(p, D_UKEMI, [PASS, YES])
        return
    if f[1] == 1:
        if s.answer == PASS:
            s.move(i, Z_OHIGAN)
            s.stack.pop()
            return
        s.kstack.append(sobj(K_ABILITY, i, s.obj[i], p, s.defs[s.cdef[i]].ukemi_ability.id))
        f[1] = 2
    if f[1] == 3:
        d = s.opts[s.answer - OPTION]
        j = next(j for j in s.ether[p] if not s.bowed[j] and s.cdef[j] == d)
        s.bowed[j] = True
        f[3] -= 1
    if f[3] > 0:  # NS 1312.1: bow ether cards of the payer's choice
        s.ctx = i
        s.opts = option_defs(s, [j for j in s.ether[p] if not s.bowed[j]])
        f[1] = 3
        s.ask(p, D_PAY_ETHER, [OPTION + k for k in range(len(s.opts))])
        return
    s.stack.pop()


# ---- doing an ability's actions ------------------------------------------------------------------
def h_exec(s, f) -> None:
    """An ability's actions in order, each by its verb (``verbs.py``): ``a.verb.step`` does it
    or asks (then ``a.verb.answer`` takes the answer and the step runs again)."""
    # f = [H_EXEC, step, ability, action index, source, source obj, controller, count, extra, tatsujin paid,
    #      mode, number, targets chosen at entry (quadruples)...]
    ab = s.abilities[f[2]]
    acts = ab.acts(f[10])
    ctl, src = f[6], f[4]
    if f[1] == 0:
        if not cond_ok(s, ab.cond, ctl, src):  # checked on resolution (NS-G11)
            s.stack.pop()
            return
        if ab.x_value is not None:  # NS 1304.3, 1205.1b: X not fixed at entry is fixed now
            f[11] = card_number(ab.x_value, s, src, ctl)
        f[1] = 1
    if f[1] == 2:
        f[1] = 1
        a = acts[f[3]]
        a.verb.answer(s, f, a, ctl, src)
        if s.stack[-1] is not f:  # NS 1313: an entry runs first; this resumes after it
            return
    while True:
        if f[3] >= len(acts):
            s.stack.pop()
            return
        a = acts[f[3]]
        s.ctx = src
        # NS 1404.2a: a tatsujin action only when the tatsujin cost was paid; n: X (NS 1304.2c) or the
        # last-known value (NS 1215) when not printed
        if not (a.tatsujin and not f[9]) and a.verb.step(s, f, a, ctl, src, a.n if a.n > 0 else f[11]):
            return
        f[3] += 1
        f[7] = 0
        f[8] = 0


def next_action(f) -> None:
    """Go on with the ability's next action (an answer that ends this one)."""
    f[3] += 1
    f[7] = f[8] = 0


def skip_rest(s, f) -> None:
    """The ability's remaining actions are not done (NS 1203.7: an optional cost not paid)."""
    f[3] = len(s.abilities[f[2]].acts(f[10]))
    f[7] = f[8] = 0


def on_targets(s, f, a, ctl: int, src: int, n: int) -> bool:
    """The step of every verb done to targets: which cards get ``a.fn``, by the target's kind.
    Chosen at entry: each still legal on resolution (NS 1205.1a), distributed shares at once
    (NS 1305.1, 1204.2f-2); a hand card: picked now (NS 1307.4); 'self': the source, while it is
    the same object on the field; otherwise chosen now among the candidates, distinct (NS
    1204.2e-2). True when the player is asked."""
    t = a.target
    if a.dist:  # NS 1305.1, 1204.2f-2: each target still legal is dealt its share at once
        shares = {}
        for q in range(12, len(f), 4):
            if f[q] == f[3]:
                key = (f[q + 1], f[q + 2], f[q + 3])
                shares[key] = shares.get(key, 0) + 1
        for (j, obj, code), units in shares.items():
            _entry_target(s, a, j, obj, code, ctl, src, units)
    elif t.entry:  # NS 1205.1a: only targets still legal
        if a.verb.kills and s.statics & 256:  # NS 1214.2: replacements chosen before the kills
            for q in range(12, len(f), 4):
                if (f[q] == f[3] and f[q + 3] == T_FIELD and s.alive(f[q + 1], f[q + 2])
                        and _legal_target(s, a, f[q + 1], ctl, src) and not s.has_kw(f[q + 1], "kill_proof")
                        and ask_replacement(s, f[q + 1])):
                    return True  # this action starts again once the choice is made
        for q in range(12, len(f), 4):
            if f[q] == f[3]:
                _entry_target(s, a, f[q + 1], f[q + 2], f[q + 3], ctl, src, n)
    elif t.zone == "hand":  # NS 1307.4: a hand card, picked now
        h = s.hand[ctl]
        if f[7] < t.count and h:
            # NS 1307.2: a hidden zone guarantees nothing: pass is always legal, and the question is
            # asked whenever the hand has cards (public), never skipped by auto_forced (no leak)
            f[1] = 2
            s.opts = []
            DecisionState.ask(s, ctl, D_CHOOSE, [PASS] + [OWN_HAND + k for k, j in enumerate(h)
                                                        if passes(s, t.filt, j, src, ctl) and not (f[8] >> j) & 1])
            return True
    elif t.is_self:
        if s.zone[src] == Z_FIELD and s.obj[src] == f[5]:
            if a.verb.kills and not s.has_kw(src, "kill_proof") and ask_replacement(s, src):
                return True  # NS 1214.2: this action starts again once the choice is made
            a.fn(s, a, src, ctl, src, n)
    elif f[7] < t.count:
        c = [j for j in candidates(s, a, ctl, src) if not (f[8] >> j) & 1]  # distinct (NS 1204.2e-2)
        if c:
            f[1] = 2
            if t.zone == "field":
                s.opts = []
                base = OWN_FIELD if t.side == "own" else OPP_FIELD
                z = s.field[ctl if t.side == "own" else 1 - ctl]
                legal = sorted(base + z.index(j) for j in c)
            else:
                s.opts = option_defs(s, c)
                legal = [OPTION + k for k in range(min(len(s.opts), 32))]
            s.ask(ctl, D_CHOOSE, ([PASS] if t.up_to else []) + legal)
            return True
    return False


def target_answer(s, f, a, ctl: int, src: int) -> None:
    """A target chosen on resolution (a field slot, a hand slot or an option) gets ``a.fn``;
    pass: no more targets ('up to', NS 1307.2). A kill asks for its replacement first (NS 1214.2)."""
    ans = s.answer
    if ans == PASS:
        next_action(f)
        return
    if ans >= OPP_FIELD:
        j = s.field[1 - ctl][ans - OPP_FIELD]
    elif ans >= OWN_FIELD:
        j = s.field[ctl][ans - OWN_FIELD]
    elif ans >= OWN_HAND:  # 'reveal a card from your hand: it gets ...': revealed (NS 1306.1), and known
        j = s.hand[ctl][ans - OWN_HAND]  # to both while it stays in the hand (notes)
        s.pub[j] = True
    else:
        d = s.opts[ans - OPTION]
        j = next(j for j in candidates(s, a, ctl, src) if s.cdef[j] == d and not (f[8] >> j) & 1)
    f[7] += 1
    f[8] |= 1 << j
    if a.verb.kills and not s.has_kw(j, "kill_proof") and ask_replacement(s, j, 1, src):
        return  # NS 1214.2: the frame asks which replacement applies, then kills it
    a.fn(s, a, j, ctl, src, a.n if a.n > 0 else f[11])


def _legal_target(s, a, j: int, ctl: int, src: int) -> bool:
    t = a.target
    return s.owner[j] == (ctl if t.side == "own" else 1 - ctl) and passes(s, t.filt, j, src, ctl)


def _entry_target(s, a, j: int, obj: int, code: int, ctl: int, src: int, n: int) -> None:
    t = a.target
    if code == T_FIELD or code == T_ZONE:  # still the same object in the same zone and side
        if s.zone[j] == ZONE_OF[t.zone] and s.obj[j] == obj and _legal_target(s, a, j, ctl, src):
            a.fn(s, a, j, ctl, src, n)
        return
    for k, o in enumerate(s.kstack):
        if o[1] == j and o[2] == obj and (o[0] == K_CARD if code == T_STACK_CARD else
                                          (o[0] == K_ABILITY and o[4] == code)):
            a.fn(s, a, k, ctl, src, n)
            return


# ---- ikusa (NS 700-707) ---------------------------------------------------------------------------
def h_ikusa(s, f) -> None:
    st = f[1]
    tp, ntp = s.tp, 1 - s.tp
    if st == 0:  # NS 702: ikusa start
        s.ikstep = IK_START
        phase(s, "start_of_ikusa")  # NS 702.1
        f[1] = 1
        pri(s)
    elif st == 1:  # NS 704.1-2: aisatsu target selection step
        s.ikstep = IK_TARGET
        phase(s, "start_of_aisatsu_target")  # NS 704.1
        f[1] = 2
        pri(s)
    elif st == 2:  # NS 704.3a-1: an untapped own character, or none (-> 707); 704.3a-2: not forbidden
        can = [OWN_FIELD + k for k, j in enumerate(s.field[tp])
               if not s.bowed[j] and not s.has_kw(j, "no_aisatsu")]
        s.ctx = -1
        f[1] = 3
        s.ask(tp, D_ATTACKER, [PASS] + can)
    elif st == 3:
        if s.answer == PASS:
            f[1] = 20
            return
        a = s.field[tp][s.answer - OWN_FIELD]
        s.attacker, s.atk_obj = a, s.obj[a]
        s.ctx = a
        f[1] = 4
        # NS 704.4 / NS-G18: the opponent or any opposing character, bowed or not
        s.ask(tp, D_TARGET, [PLAYER + 1] + [OPP_FIELD + k for k in range(len(s.field[ntp]))])
    elif st == 4:
        if s.answer == PLAYER + 1:
            s.target, s.tgt_obj = PLAYER_TARGET, 0
        else:
            t = s.field[ntp][s.answer - OPP_FIELD]
            s.target, s.tgt_obj = t, s.obj[t]
        s.bowed[s.attacker] = True  # NS 704.5
        fire(s, s.attacker, TR_AISATSU)  # NS 704.7
        if s.statics & 8 and s.target == PLAYER_TARGET and s.hand[ntp]:
            # hidden cards' triggers (NS 1209.3a, NS-G15): one reveal window per event for every
            # hand, whatever it holds, so its decisions tell the opponent nothing (see _reveal_window)
            w = [ntp, WINDOW, -1, 0, 0]
            for j in s.hand[ntp]:
                w += (j, s.obj[j])
            s.pending.append(w)
        f[1] = 5
        pri(s)  # NS 704.8
    elif st == 5:  # NS 705.1-2: interrupt step
        s.ikstep = IK_INTERRUPT
        phase(s, "start_of_interrupt")  # NS 705.1
        f[1] = 6
        pri(s)
    elif st == 6:  # NS 705.3
        cand = []
        # NS 705.3a-2: an aisatsu card whose aisatsu can't be redirected offers no interrupt character
        if s.alive(s.attacker, s.atk_obj) and not s.has_kw(s.attacker, "unredirectable"):
            for k, j in enumerate(s.field[ntp]):
                if j == s.target or s.redirected[j] == s.obj[j] or s.face_down[j]:
                    continue  # NS 705.3a-1 (once per object per turn, see notes); NS-G17
                kaizen = s.has_kw(j, "interrupt_kaizen")  # NS 1327.1: unless lost
                if s.target == PLAYER_TARGET and (kaizen or s.has_kw(j, "interrupt")):
                    cand.append(OWN_FIELD + k)
                elif s.target >= 0 and kaizen:
                    cand.append(OWN_FIELD + k)  # NS 1402.3
        f[1] = 7
        if cand:
            s.ctx = s.attacker
            s.ask(ntp, D_INTERRUPT, [PASS] + cand)
        else:
            s.answer = PASS
    elif st == 7:
        if s.answer != PASS:  # NS 705.4: processed at once, not via the stack
            j = s.field[ntp][s.answer - OWN_FIELD]
            s.redirected[j] = s.obj[j]
            s.target, s.tgt_obj = j, s.obj[j]
        f[1] = 8
        pri(s)  # NS 705.6
    elif st == 8:  # NS 706.1: skip if the aisatsu card or a character target is gone (NS-G1)
        s.ikstep = IK_DAMAGE
        if _ikusa_gone(s):
            f[1] = 11
            return
        phase(s, "start_of_ikusa_damage")  # NS 706.2
        f[1] = 9
        pri(s)  # NS 706.3
    elif st == 9:
        if _ikusa_gone(s):
            f[1] = 11
            return
        a = s.attacker
        if s.target >= 0:  # who aisatsu-ed whom this turn, for satsubatsu (NS 1403.2, NS-G16)
            s.aisatsu_by.append([s.target, s.tgt_obj, a, s.atk_obj])
        if s.target == PLAYER_TARGET:  # NS 706.4: kousaku to a player
            n = damage_amount(s, a, -1, s.kousaku(a))
            if n:
                s.carried[ntp] += n
                dealt(s, a, -1)
        else:  # karate to a character; one-way (NS-G3)
            n = damage_amount(s, a, s.target, s.karate(a))
            if n:
                s.dmg[s.target] += n
                s.ikusa_hit[s.target] = True
                dealt(s, a, s.target)
                # NS 1216.6: 'killed in ikusa' only at the rule check right after the ikusa
                # damage: run it now, then drop the mark (step 12)
                f[1] = 12
                s.stack.append([H_RC, 0])
                return
        f[1] = 10
        pri(s)  # NS 706.5
    elif st == 12:
        if s.target >= 0:
            s.ikusa_hit[s.target] = False
        f[1] = 10
        pri(s)  # NS 706.5
    elif st == 10:  # NS 706.6: end of the ikusa damage step: satsubatsu triggers (NS 1403.2)
        t = s.target
        if t >= 0 and s.alive(t, s.tgt_obj) and s.has_kw(t, "satsubatsu"):
            s.pending.append([s.owner[t], s.game.pool.satsubatsu, t, s.obj[t], 0])  # NS-G16: on the field
        phase(s, "end_of_ikusa_damage")
        f[1] = 13
        pri(s)  # NS 706.7
    elif st == 13:  # NS 706.8 (ikusa end processing); 706.8b: back to 706.7 while anything is pending
        end_ikusa_effects(s)  # NS 706.8a
        if s.pending or s.carried[0] or s.carried[1] or _loss_pending(s):
            pri(s)
            return
        f[1] = 11
    elif st == 11:  # NS 706.9-706.10 (NS-G2, NS-G4); a skipped step (706.1) ends the ikusa too
        end_ikusa_effects(s)
        s.attacker, s.atk_obj, s.target, s.tgt_obj = -1, 0, NO_TARGET, 0
        f[1] = 1
    elif st == 20:  # NS 707
        s.ikstep = IK_END
        end_ikusa_effects(s)  # no ikusa was fought after 704.3's 'no aisatsu'
        phase(s, "end_of_ikusa")  # NS 707.1
        f[1] = 21
        pri(s)
    else:
        s.ikstep = IK_NONE
        s.stack.pop()


def _ikusa_gone(s) -> bool:
    if not s.alive(s.attacker, s.atk_obj):
        return True
    return s.target >= 0 and not s.alive(s.target, s.tgt_obj)


HANDLERS = [h_setup, h_turn, h_pri, h_rc, h_enter, h_resolve, h_exec, h_ikusa, h_ukemi, h_repl]
