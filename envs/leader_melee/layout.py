"""Leader Melee action layout (fixed, 525 ids) and decision kinds.

One layout serves every decision; an id keeps its meaning within a decision kind
(design brief section 10). Slots follow each zone's canonical order: hand sorted by
card definition, battle/melee by entry time, energy sorted by card definition.
"""

from __future__ import annotations

from ..core.engine import ActionLayout

LAYOUT = ActionLayout()
PASS = LAYOUT.add("pass", 1)  # do nothing / done / no / keep hand / stop
YES = LAYOUT.add("yes", 1)  # yes / draw one more
DECLARE_ATTACK = LAYOUT.add("declare_attack", 1)  # LM 7-2-1-2-1
LEADER_ABILITY = LAYOUT.add("leader_ability", 4)  # activated abilities of the leader's visible face (覚醒, 共闘 too)
BATTLE_ABILITY = LAYOUT.add("battle_ability", 16)  # 7 + 4*slot + ability, battle slots 0-3
SELF_LEADER = LAYOUT.add("self_leader", 1)
OPP_LEADER = LAYOUT.add("opp_leader", 1)
HAND = LAYOUT.add("hand", 40)
OWN_BATTLE = LAYOUT.add("own_battle", 40)
OWN_MELEE = LAYOUT.add("own_melee", 40)
OWN_ENERGY = LAYOUT.add("own_energy", 40)
OWN_DROP = LAYOUT.add("own_drop", 40)
OPP_BATTLE = LAYOUT.add("opp_battle", 40)
OPP_MELEE = LAYOUT.add("opp_melee", 40)
OPP_ENERGY = LAYOUT.add("opp_energy", 40)
OPP_DROP = LAYOUT.add("opp_drop", 40)
OPP_HAND = LAYOUT.add("opp_hand", 40)
LOOK = LAYOUT.add("look", 40)
NUMBER = LAYOUT.add("number", 41)
PLAYER = LAYOUT.add("player", 2)
PENDING = LAYOUT.add("pending", 16)
CONCEDE = LAYOUT.add("concede", 1)
NUM_ACTIONS = LAYOUT.size
assert NUM_ACTIONS == 525

# decision kinds
(
    D_MULLIGAN,
    D_FT_MAIN,
    D_FT_STANDBY,
    D_CHOOSE_ATTACKER,
    D_CHOOSE_TARGET,
    D_FT_ATTACK,
    D_FT_GUARD,
    D_PAY_ENERGY,
    D_TARGET,
    D_YES_NO,
    D_ORDER_TRIGGER,
    D_LIMIT_DROP,
    D_DRAW_UP_TO,
    D_ORDER_REPLACEMENT,
    D_CHOOSE_MODE,
    D_DISCARD,
    D_SEARCH,
    D_PLACE_ORDER,
) = range(18)
DECISIONS = (
    "mulligan (5-2-1-5): pick hand cards to return, pass = done",
    "main phase free timing (6-3-1-2)",
    "standby free timing (7-2-1-2)",
    "choose attacker (7-3-1-2)",
    "choose attack target (7-3-1-4)",
    "attack step free timing (7-3-1-6)",
    "guard step free timing (7-4-1-2)",
    "pay energy (2-10-1)",
    "choose a target (8-6-3)",
    "yes or no (optional text)",
    "order waiting automatic abilities (8-5-1-2)",
    "battle area limit: choose a card to drop (9-3-2-1)",
    "draw up to N (4-8-4)",
    "order replacement effects: pick the one to apply (8-10-2)",
    "choose a mode while playing (8-6-2-2): NUMBER + mode",
    "pay a cost: a hand card to the drop (8-4-2-1)",
    "search: pick a looked-at card (LOOK slot), pass = find nothing (8-6-3-5)",
    "place cards at once: pick the next card to put under the deck (3-1-6)",
)

# phases / steps (observed)
(P_SETUP, P_CHARGE, P_MAIN, P_STANDBY, P_ATTACK, P_GUARD, P_JUDGE, P_COMPLETE, P_BP_END, P_END) = range(10)
PHASE_NAMES = (
    "setup",
    "charge",
    "main",
    "standby",
    "attack",
    "guard",
    "judgement",
    "battle complete",
    "battle phase end",
    "end",
)
