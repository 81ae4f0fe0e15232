"""The ikusa phase (NS 700-707): ikusa start 702, aisatsu target selection 704, interrupt 705 (1402), ikusa damage
706 (satsubatsu 1403), ikusa end 707."""

from __future__ import annotations

from ..cards import TR_AISATSU
from ..layout import D_ATTACKER, D_INTERRUPT, D_TARGET, OPP_FIELD, OWN_FIELD, PASS, PLAYER
from ..records import SF_HIDDEN_TRIGGERS, WINDOW
from ..state import EF_LASTS, NO_TARGET, PLAYER_TARGET, TE_IKUSA
from .actions import damage_amount, dealt
from .frames import (
    H_RC,
    IKS_AFTER_DAMAGE_CHECK,
    IKS_ASK_ATTACKER,
    IKS_ASK_INTERRUPT,
    IKS_ATTACKER,
    IKS_DAMAGE,
    IKS_DAMAGE_STEP,
    IKS_DONE,
    IKS_END_OF_DAMAGE,
    IKS_END_PROCESSING,
    IKS_END_STEP,
    IKS_INTERRUPT,
    IKS_INTERRUPT_STEP,
    IKS_NEXT,
    IKS_START,
    IKS_TARGET,
    IKS_TARGET_STEP,
    RCS_PROCESS,
    STEP,
)
from .priority import pri
from .rule_check import loss_pending
from .triggers import fire, phase

IK_NONE, IK_START, IK_TARGET, IK_INTERRUPT, IK_DAMAGE, IK_END = range(6)  # layout.IK_STEPS


def h_ikusa(s, f) -> None:
    st = f[STEP]
    tp, ntp = s.tp, 1 - s.tp
    if st == IKS_START:  # NS 702: ikusa start
        s.ikstep = IK_START
        phase(s, "start_of_ikusa")  # NS 702.1
        f[STEP] = IKS_TARGET_STEP
        pri(s)
    elif st == IKS_TARGET_STEP:  # NS 704.1-2: aisatsu target selection step
        s.ikstep = IK_TARGET
        phase(s, "start_of_aisatsu_target")  # NS 704.1
        f[STEP] = IKS_ASK_ATTACKER
        pri(s)
    elif st == IKS_ASK_ATTACKER:  # NS 704.3a-1: an untapped own character, or none (-> 707); 704.3a-2: not forbidden
        can = [OWN_FIELD + k for k, j in enumerate(s.field[tp]) if not s.bowed[j] and not s.has_kw(j, "no_aisatsu")]
        s.ctx = -1
        f[STEP] = IKS_ATTACKER
        s.ask(tp, D_ATTACKER, [PASS] + can)
    elif st == IKS_ATTACKER:
        if s.answer == PASS:
            f[STEP] = IKS_END_STEP
            return
        a = s.field[tp][s.answer - OWN_FIELD]
        s.attacker, s.atk_obj = a, s.obj[a]
        s.ctx = a
        f[STEP] = IKS_TARGET
        # NS 704.4 / NS-G18: the opponent or any opposing character, bowed or not
        s.ask(tp, D_TARGET, [PLAYER + 1] + [OPP_FIELD + k for k in range(len(s.field[ntp]))])
    elif st == IKS_TARGET:
        if s.answer == PLAYER + 1:
            s.target, s.tgt_obj = PLAYER_TARGET, 0
        else:
            t = s.field[ntp][s.answer - OPP_FIELD]
            s.target, s.tgt_obj = t, s.obj[t]
        s.bowed[s.attacker] = True  # NS 704.5
        fire(s, s.attacker, TR_AISATSU)  # NS 704.7
        if s.statics & SF_HIDDEN_TRIGGERS and s.target == PLAYER_TARGET and s.hand[ntp]:
            # hidden cards' triggers (NS 1209.3a, NS-G15): one reveal window per event for every
            # hand, whatever it holds, so its decisions tell the opponent nothing (see triggers.reveal_window)
            w = [ntp, WINDOW, -1, 0, 0]
            for j in s.hand[ntp]:
                w += (j, s.obj[j])
            s.pending.append(w)
        f[STEP] = IKS_INTERRUPT_STEP
        pri(s)  # NS 704.8
    elif st == IKS_INTERRUPT_STEP:  # NS 705.1-2: interrupt step
        s.ikstep = IK_INTERRUPT
        phase(s, "start_of_interrupt")  # NS 705.1
        f[STEP] = IKS_ASK_INTERRUPT
        pri(s)
    elif st == IKS_ASK_INTERRUPT:  # NS 705.3
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
        f[STEP] = IKS_INTERRUPT
        if cand:
            s.ctx = s.attacker
            s.ask(ntp, D_INTERRUPT, [PASS] + cand)
        else:
            s.answer = PASS
    elif st == IKS_INTERRUPT:
        if s.answer != PASS:  # NS 705.4: processed at once, not via the stack
            j = s.field[ntp][s.answer - OWN_FIELD]
            s.redirected[j] = s.obj[j]
            s.target, s.tgt_obj = j, s.obj[j]
        f[STEP] = IKS_DAMAGE_STEP
        pri(s)  # NS 705.6
    elif st == IKS_DAMAGE_STEP:  # NS 706.1: skip if the aisatsu card or a character target is gone (NS-G1)
        s.ikstep = IK_DAMAGE
        if _ikusa_gone(s):
            f[STEP] = IKS_NEXT
            return
        phase(s, "start_of_ikusa_damage")  # NS 706.2
        f[STEP] = IKS_DAMAGE
        pri(s)  # NS 706.3
    elif st == IKS_DAMAGE:
        if _ikusa_gone(s):
            f[STEP] = IKS_NEXT
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
                f[STEP] = IKS_AFTER_DAMAGE_CHECK
                s.stack.append([H_RC, RCS_PROCESS])
                return
        f[STEP] = IKS_END_OF_DAMAGE
        pri(s)  # NS 706.5
    elif st == IKS_AFTER_DAMAGE_CHECK:
        if s.target >= 0:
            s.ikusa_hit[s.target] = False
        f[STEP] = IKS_END_OF_DAMAGE
        pri(s)  # NS 706.5
    elif st == IKS_END_OF_DAMAGE:  # NS 706.6: end of the ikusa damage step: satsubatsu triggers (NS 1403.2)
        t = s.target
        if t >= 0 and s.alive(t, s.tgt_obj) and s.has_kw(t, "satsubatsu"):
            s.pending.append([s.owner[t], s.game.pool.satsubatsu, t, s.obj[t], 0])  # NS-G16: on the field
        phase(s, "end_of_ikusa_damage")
        f[STEP] = IKS_END_PROCESSING
        pri(s)  # NS 706.7
    elif st == IKS_END_PROCESSING:  # NS 706.8 (ikusa end processing); 706.8b: back to 706.7 while anything is pending
        end_ikusa_effects(s)  # NS 706.8a
        if s.pending or s.carried[0] or s.carried[1] or loss_pending(s):
            pri(s)
            return
        f[STEP] = IKS_NEXT
    elif st == IKS_NEXT:  # NS 706.9-706.10 (NS-G2, NS-G4); a skipped step (706.1) ends the ikusa too
        end_ikusa_effects(s)
        s.attacker, s.atk_obj, s.target, s.tgt_obj = -1, 0, NO_TARGET, 0
        f[STEP] = IKS_TARGET_STEP
    elif st == IKS_END_STEP:  # NS 707
        s.ikstep = IK_END
        end_ikusa_effects(s)  # no ikusa was fought after 704.3's 'no aisatsu'
        phase(s, "end_of_ikusa")  # NS 707.1
        f[STEP] = IKS_DONE
        pri(s)
    else:  # IKS_DONE
        s.ikstep = IK_NONE
        s.stack.pop()


def _ikusa_gone(s) -> bool:
    if not s.alive(s.attacker, s.atk_obj):
        return True
    return s.target >= 0 and not s.alive(s.target, s.tgt_obj)


def end_ikusa_effects(s) -> None:
    """NS 706.8a: continuous effects lasting 'this ikusa' end."""
    if s.teff:
        s.teff = [t for t in s.teff if t[EF_LASTS] != TE_IKUSA]
