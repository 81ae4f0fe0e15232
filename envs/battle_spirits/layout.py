"""Battle Spirits' fixed action space and decision kinds (documented in the package
docstring). An action id keeps its meaning within a decision kind."""

from __future__ import annotations

from ..core.engine import ActionLayout

MAX_HAND = 40  # hand slots a decision can name (a larger hand's extra cards wait their turn)
MAX_FIELD = 24  # field slots per player (the field is unlimited by 4-5-6; summons stop at 24 here)
MAX_TRASH = 60
N_OPTIONS = 8

LAYOUT = ActionLayout()
HAND = LAYOUT.add("hand", MAX_HAND)
FIELD = LAYOUT.add("field", MAX_FIELD)
FIELD_SOUL = LAYOUT.add("field_soul", MAX_FIELD)
OPP_FIELD = LAYOUT.add("opp_field", MAX_FIELD)
TRASH = LAYOUT.add("trash", MAX_TRASH)
RESERVE = LAYOUT.add("reserve", 1)
RESERVE_SOUL = LAYOUT.add("reserve_soul", 1)
OPTION = LAYOUT.add("option", N_OPTIONS)
MOVE_CORE = LAYOUT.add("move_core", 1)
PASS = LAYOUT.add("pass", 1)
CONCEDE = LAYOUT.add("concede", 1)
NUM_ACTIONS = LAYOUT.size

DECISIONS = (
    "choose first or second",  # option 0 first, option 1 second (BS-R3)
    "mulligan",  # option 0 keep, option 1 redraw (6-2-1-7)
    "main step action",  # hand i play, field j activate, move_core, pass = end step
    "pay a core",  # reserve / reserve_soul / field j / field_soul j; option 0 soul magic
    "place cores on the new card",  # sources as paying; pass = done
    "core move: source",
    "core move: destination",  # reserve or field k
    "keisho: exclude an EX card",  # trash k; pass = done
    "attack",  # field j attacks; pass = end attack step
    "block",  # field j blocks; pass = no block
    "flash timing",  # hand i magic, field j flash effect; pass
    "choose a target",  # field j / opp_field j / trash k / hand i; pass = no more
    "order simultaneous effects",  # option k = k-th waiting effect
    "use an optional effect",  # option 0 no, option 1 yes
    "choose a mode",  # option k
    "choose magic timing",  # option 0 main effect, option 1 flash effect
    "choose a searched card",  # option k = k-th opened card; pass = no more
    "discard for a cost",  # hand i
)
(
    D_FIRST,
    D_MULLIGAN,
    D_MAIN,
    D_PAY,
    D_PLACE,
    D_MOVE_SRC,
    D_MOVE_DST,
    D_KEISHO,
    D_ATTACK,
    D_BLOCK,
    D_FLASH,
    D_TARGET,
    D_ORDER,
    D_OPTIONAL,
    D_MODE,
    D_MAGIC_TIMING,
    D_SEARCH,
    D_DISCARD,
) = range(len(DECISIONS))

STEPS = ("start", "core", "draw", "refresh", "main", "attack", "main2", "end", "setup")
(ST_START, ST_CORE, ST_DRAW, ST_REFRESH, ST_MAIN, ST_ATTACK, ST_MAIN2, ST_END, ST_SETUP) = range(9)
