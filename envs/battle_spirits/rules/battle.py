"""Attacks and battles (BS 7-7, 8): the attack declaration (7-7-3-2, 8-1-1), the two flash
timings, the attacked player first (8-1-2, 8-1-4, BS-R2), the block (8-1-3, 【激突】),
the resolution: BP comparison (8-1-5-2, 8-1-6) or life (8-1-5-1, BS-R1), and the battle's
end (8-1-7).
"""

from __future__ import annotations

from ..cards import B_BATTLE, B_NEGATE, B_REPLACE, EV
from ..events import C_BATTLE
from ..layout import D_ATTACK, D_BLOCK, D_FLASH, FIELD, HAND, MAX_HAND, PASS
from ..state import DUR_BATTLE, G_MUST_BLOCK, G_UNBLOCKABLE, TE_END_ATTACK_STEP, TE_END_BATTLE, Z_FIELD, State
from .actions import exhaust, expire, flagged, life_cap, reduce_life
from .costs import activatable, start_activate
from .frames import (
    ATTACK_PLAYER,
    BATTLE_ATTACKER,
    BATTLE_BLOCKER,
    BATTLE_MARK,
    FLASH_PASSES,
    FLASH_PLAYER,
    H_BATTLE,
    H_FLASH,
    STEP,
    ask_no_context,
)
from .playing import playable, start_play
from .replacements import destroy
from .rule_processes import settle
from .triggers import EV_ATTACK, EV_BATTLE_END, EV_BLOCK, battle_won, fire, happen


def h_attack(s: State, f: list) -> None:
    """7-7-3-2: attack with a recovered spirit, or end the attack step."""
    p = f[ATTACK_PLAYER]
    if f[STEP] == 0:
        if s.bflags & B_BATTLE and flagged(s, TE_END_ATTACK_STEP):
            s.stack.pop()  # an effect ended the attack step (verb end_attack_step)
            return
        legal = [FIELD + j for j, i in enumerate(s.field[p]) if s.can_attack(i)]
        legal.append(PASS)
        ask_no_context(s, p, D_ATTACK, legal)
        f[STEP] = 1
        return
    f[STEP] = 0
    if s.answer == PASS:
        s.stack.pop()
        return
    i = s.field[p][s.answer - FIELD]
    s.stack.append([H_BATTLE, 0, i, -1, len(s.waiting)])


def h_battle(s: State, f: list) -> None:
    """A battle, from the attack declaration to the battle's end (8-1)."""
    step, atk = f[STEP], f[BATTLE_ATTACKER]
    p = s.owner[atk]
    q = 1 - p
    if 0 < step < 6 and s.bflags & B_BATTLE and flagged(s, TE_END_ATTACK_STEP):
        f[STEP] = 6  # the attack step was ended during the battle: the battle ends here (8-1-7; ruling)
        return
    if step == 0:  # 8-1-1-1: exhaust the attacker and declare
        s.attacker = atk
        s.blocker = -1
        s.attacks += 1
        exhaust(s, atk)
        fire(s, EV["attack"], atk)  # 8-1-1-2
        if (s.watch >> EV_ATTACK) & 1:
            happen(s, EV_ATTACK, p, (atk,))
        f[STEP] = 1
        settle(s, f[BATTLE_MARK])
    elif step == 1:  # 8-1-2: flash timing before the block, attacked player first (BS-R2)
        f[STEP] = 2
        s.stack.append([H_FLASH, 0, q, 0])
    elif step == 2:  # 8-1-3: block
        if s.zone[atk] != Z_FIELD or s.has_grant(atk, G_UNBLOCKABLE):
            f[STEP] = 5
            return
        can = [j for j, i in enumerate(s.field[q]) if s.can_block(i)]
        if not can:
            f[STEP] = 5
            return
        must = [j for j in can if s.has_grant(s.field[q][j], G_MUST_BLOCK)]
        legal = [FIELD + j for j in can]
        geki = s.defs[s.cdef[atk]].gekitotsu and not (s.bflags & B_NEGATE and s.negated(atk))
        if not geki and not must:
            legal.append(PASS)
        elif must:
            legal = [FIELD + j for j in must]
        ask_no_context(s, q, D_BLOCK, legal)
        f[STEP] = 3
    elif step == 3:
        if s.answer == PASS:
            f[STEP] = 5  # 8-1-3-1: no block, no post-block flash timing
            return
        b = s.field[q][s.answer - FIELD]
        f[BATTLE_BLOCKER] = b
        s.blocker = b
        exhaust(s, b)
        fire(s, EV["block"], b)  # 8-1-3-2
        if (s.watch >> EV_BLOCK) & 1:
            happen(s, EV_BLOCK, q, (b,))
        f[STEP] = 4
        settle(s, f[BATTLE_MARK])
    elif step == 4:  # 8-1-4: flash timing after the block
        f[STEP] = 5
        s.stack.append([H_FLASH, 0, q, 0])
    elif step == 5:  # 8-1-5: resolution
        f[STEP] = 6
        b = f[BATTLE_BLOCKER]
        flags = s.bflags
        if flags & B_REPLACE:  # pushed first: a replacement decided in the comparison comes before the triggers
            settle(s, f[BATTLE_MARK])
        if flags & B_BATTLE and flagged(s, TE_END_BATTLE):
            pass  # 8-1-5-1: ended at its resolution without comparing BP (verb end_battle): no result at all
        elif b >= 0:
            if s.zone[atk] == Z_FIELD and s.zone[b] == Z_FIELD:  # 8-1-5-2-1
                ba, bb = s.bp(atk), s.bp(b)
                # 8-1-6-1: the lower BP is destroyed; equal BP destroys both
                if ba <= bb and destroy(s, atk, True, False):
                    battle_won(s, b, atk)  # 8-1-6-2
                if bb <= ba and destroy(s, b, True, False):
                    battle_won(s, atk, b)
        elif s.zone[atk] == Z_FIELD:  # 8-1-5-1: life minus the attacker's symbols
            n = life_cap(s, q, s.symbols(atk)) if flags & B_BATTLE else s.symbols(atk)
            reduce_life(s, q, n, p, C_BATTLE, atk)
            if s.is_terminal():
                return
        if not flags & B_REPLACE:
            settle(s, f[BATTLE_MARK])
    elif step == 6:  # 8-1-7: battle end
        if s.zone[atk] == Z_FIELD:
            fire(s, EV["battle_end"], atk)
        if f[BATTLE_BLOCKER] >= 0 and s.zone[f[BATTLE_BLOCKER]] == Z_FIELD:
            fire(s, EV["battle_end"], f[BATTLE_BLOCKER])
        if (s.watch >> EV_BATTLE_END) & 1:  # the battle of each spirit in it ended at once (8-1-7-1),
            for i in (atk, f[BATTLE_BLOCKER]):  # also of one that left the field in it (its BP: s.last_bp)
                if i >= 0 and (s.zone[i] == Z_FIELD or any(c == i for c, _ in s.last_bp)):
                    happen(s, EV_BATTLE_END, s.owner[i], (i,))
        f[STEP] = 7
        settle(s, f[BATTLE_MARK])
    else:
        expire(s, DUR_BATTLE)  # 8-1-7-2
        s.attacker = s.blocker = -1
        s.last_bp = ()
        s.stack.pop()


def h_flash(s: State, f: list) -> None:
    """A flash timing (8-1-2-1, 8-1-4-1): alternate rights; two passes in a row end it."""
    who = f[FLASH_PLAYER]
    if f[STEP] == 0:
        if s.bflags & B_BATTLE and flagged(s, TE_END_ATTACK_STEP):
            s.stack.pop()  # the attack step (and so this battle) was ended: no more flash rights
            return
        hand = s.hand[who]
        ctx = s.play_context(who) if hand else None
        legal = [HAND + k for k, i in enumerate(hand) if k < MAX_HAND and playable(s, who, i, False, ctx)]
        legal += [FIELD + j for j, i in enumerate(s.field[who]) if activatable(s, who, i, False)]
        legal.append(PASS)
        ask_no_context(s, who, D_FLASH, legal)
        f[STEP] = 1
        return
    a = s.answer
    f[STEP] = 0
    f[FLASH_PLAYER] = 1 - who
    if a == PASS:
        f[FLASH_PASSES] += 1
        if f[FLASH_PASSES] >= 2:
            s.stack.pop()
        return
    f[FLASH_PASSES] = 0
    if a < FIELD:
        start_play(s, who, s.hand[who][a - HAND], 1)
    else:
        start_activate(s, who, s.field[who][a - FIELD], main=False)
