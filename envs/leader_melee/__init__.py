"""Leader Melee — rules core (the leader / energy / melee game of rules file 004).

``Game(decks=None, **options)`` / ``game.new_initial_state(seed)`` follow the shared game
contract (OpenSpiel names). Rules: ``004_aa1cf9ba4a76fa5b.txt`` (comprehensive rules
ver.2.00) with rulings LM-R1..R6 (seeds README), the design brief
``docs/rules/leader_melee_design.md`` (LM-G1..G36) and ``docs/rules/leader_melee_notes.md``.

Options
-------
``first_player``  None (default: random, nobody chooses, LM-R6) or 0 / 1.
``concession``    True (default): CONCEDE (1-2-4) is legal at every decision, as in the
                  other games; False leaves it out (the action stays masked). The
                  PettingZoo env ``leader_melee_v0`` defaults it to False (RL).
``max_decisions`` 2000 (default): a game reaching it ends as a draw (11-1, LM-G27; 0 disables).
                  Optional loops are bounded by LM-N22 (11-1-1-2 / 11-1-1-3) as well.
``cards``         your own card-file paths, added to the built-in pool.
``builtin_cards``  False: your ``cards`` files are the whole pool (default True).

Action space (525 ids; an id keeps its meaning within a decision kind)
-----------------------------------------------------------------------
=======  ==============  =========================================================
ids      range           meaning
=======  ==============  =========================================================
0        pass            do nothing / done / no / keep hand / stop drawing
1        yes             yes / draw one more (4-8-4)
2        declare_attack  7-2-1-2-1
3-6      leader_ability  activated abilities of the leader's visible face (incl. 覚醒, 共闘, 乱戦)
7-22     battle_ability  7 + 4*slot + j: activated ability j (incl. 乱戦) of own battle slot 0-3
23       self_leader     own leader as attacker / target
24       opp_leader      opponent's leader as target
25-64    hand            own hand slot (sorted by card): play it / return it (mulligan)
65-104   own_battle      own battle slot (by entry time): attacker, move to melee, target, drop (9-3)
105-144  own_melee       (reserved: own melee slot)
145-184  own_energy      own energy slot (sorted by card): pay with it
185-224  own_drop        own drop slot (arrival order): put it under the deck (PLACE_ORDER, 3-1-6)
225-264  opp_battle      opponent's battle slot: attack target, effect target
265-384  opp_melee, opp_energy, opp_drop (reserved)
385-424  opp_hand        (reserved: blind pick)
425-464  look            SEARCH: slot i of my deck sorted by card (first slot of each matching kind)
465-505  number          CHOOSE_MODE: mode i (8-6-2-2)
506-507  player          (reserved)
508-523  pending         waiting automatic ability j of the deciding player (ORDER_TRIGGER);
                         replacement effect j that applies (ORDER_REPLACEMENT, 8-10-2)
524      concede         concede (1-2-4); masked out with ``concession=False``
=======  ==============  =========================================================

Decision kinds (``layout.DECISIONS``): MULLIGAN, FT_MAIN, FT_STANDBY, CHOOSE_ATTACKER,
CHOOSE_TARGET, FT_ATTACK, FT_GUARD, PAY_ENERGY, TARGET, YES_NO, ORDER_TRIGGER,
LIMIT_DROP, DRAW_UP_TO, ORDER_REPLACEMENT, CHOOSE_MODE (NUMBER + mode, before the cost, 8-6-2-2),
DISCARD (HAND slot: a discard cost part, 8-4-2-1), SEARCH (PASS = find nothing, LOOK slot, 8-6-3-5),
PLACE_ORDER (OWN_DROP / OWN_BATTLE slot: the next card under the deck, PASS when the rest are
"up to", 3-1-6). Multi-picks are single picks (mulligan: ascending distinct
cards, PASS when done; energy: one card at a time, first slot of each card kind).

Observation (float32, seen from ``me``; N = cards in the pool; ``Game().observation_layout()``)
---------------------------------------------------------------------------------------------
================  ==============  =====================================================
block             size            content
================  ==============  =====================================================
global            6               turn/30, my turn, I went first, my attack on, battle on, my leader is guard
phase             10              one-hot (``layout.PHASE_NAMES``)
decision          18              one-hot pending decision kind
deciding          1               I decide
counts            2 x 8           me then opp: deck, hand, life, energy, drop, battle, melee, known deck cards
leaders           2 x (N+4)       one-hot card, face, rest, power/10000, strike/5
battle            2 x 6 x (N+7)   per slot: one-hot card, rest, power, strike, attack card, guard card, 鉄壁 used, last placed
melee             2 x (N+1)       counts by card, total power/10000
energy            2 x N           counts by card
drop              2 x N           counts by card
hand              N               my hand, counts by card
opp_known_hand    N               opponent's hand cards known to me
known_deck        2 x N           known deck cards (連携 misses), counts by card
context           N+2             card being played / resolving (or the replacement offered), energy left
                                  to pay/10, mulligan picks/10
pending           16 x N          source card of each waiting ability (ORDER_TRIGGER) or replacement
                                  effect (ORDER_REPLACEMENT; 鉄壁: the card itself)
negated           2 x 7           me then opp: leader, battle slots 0-5 whose abilities are negated (8-3-2)
look              N               while I search my deck (SEARCH): my deck's cards, counts by card (8-6-3-5)
                                  / while I place cards under my deck (PLACE_ORDER): those picked so far
choice            8 + 2           play / resolution in progress: chosen mode one-hot (8-6-2-2), discard
                                  cost left/10 (8-4-2-1), my picks so far/10 (SEARCH, PLACE_ORDER)
================  ==============  =====================================================

Hidden and never encoded: the opponent's unknown hand cards, both decks' unknown cards
and order, all life cards. ``resample_hidden(p, rng)`` permutes exactly those.
``known[u]``: 0 unknown, 1 known to both (a 連携 miss, a revealed card), 2 put under the deck at
once: both know the cards, only the owner their order (3-1-6-1); when one of them leaves the
deck the rest become 0 (the opponent cannot tell which left). ``dseen[p]``: p looked at their
deck (a search), so p's deck and life cards are resampled apart.
"""

from __future__ import annotations

from ..core.game import COMMON_OPTIONS, GameBase
from . import rules
from .cards import CARDS_DIR, DECKS_DIR, load_deck, load_pool
from .encoding import ObsLayout
from .layout import LAYOUT, NUM_ACTIONS
from .state import CARDS_PER_PLAYER, LeaderMeleeState, State

LeaderMeleeState.HANDLERS = rules.HANDLERS  # the rules import the state module, so their table is bound here

OPTIONS = {"first_player": None, "concession": True, "max_decisions": 2000, "cards": None, "builtin_cards": True}
OPTION_TYPES = COMMON_OPTIONS
#: a mirror, so that default play (training, a quick match) measures the players, not the
#: decks: heuristic red_rush beat heuristic blue_control in 96.3% of 300 seat-swapped games,
#: and red_rush is the strongest built-in deck (95-98% against each other one)
DEFAULT_DECKS = ("red_rush", "red_rush")


class Game(GameBase):
    """The static part of a Leader Melee game: pool, decks, options."""

    name = "leader_melee"
    TITLE = "Leader Melee"
    OPTIONS, DEFAULT_DECKS, NUM_ACTIONS, LAYOUT = OPTIONS, DEFAULT_DECKS, NUM_ACTIONS, LAYOUT
    OPTION_TYPES = OPTION_TYPES
    DECKS_DIR, CARDS_DIR, STATE = DECKS_DIR, CARDS_DIR, LeaderMeleeState
    load_pool = staticmethod(load_pool)

    def __init__(self, decks=None, **options) -> None:
        self._set_options(options)
        self._load_pool()
        loaded = [load_deck(d, self.pool) for d in self._deck_pair(decks)]
        self.deck_names = [n for n, _, _ in loaded]
        self.leaders = [leader for _, leader, _ in loaded]
        self.decks = [ids for _, _, ids in loaded]
        self.obs_layout = ObsLayout(len(self.pool.cards))
        self._owner = [0] * CARDS_PER_PLAYER + [1] * CARDS_PER_PLAYER

    def list_cards(self) -> list[dict]:
        return [
            {
                "id": d.id,
                "name": d.name,
                "type": ("leader", "battle", "extra")[d.type],
                "level": d.level,
                "text": d.text,
            }
            for d in self.pool.cards
        ]

    def validate_deck(self, spec: str) -> str:
        return load_deck(spec, self.pool)[0]


builtin_pool = Game.builtin_pool  # the built-in pool, loaded once per process


def validate_deck(spec: str) -> str:
    return load_deck(spec, builtin_pool())[0]


__all__ = ["Game", "LeaderMeleeState", "State", "builtin_pool", "validate_deck"]
