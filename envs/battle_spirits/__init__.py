"""Battle Spirits (Standard format) — rules core.

``Game(decks=None, **options)`` / ``game.new_initial_state(seed)`` follow the shared game
contract (OpenSpiel names). Rules: ``000_62af07856a6f7e58.txt`` (Standard comprehensive
rules Ver.1.0) with rulings BS-R1..R6; rule numbers in comments and tests refer to it.

Options
-------
``first_player``  None (default: the winner of the random draw chooses, BS-R3) or 0 / 1.
``concession``    True (default): conceding is an action at every decision (BS 1-3-4); the
                  PettingZoo env ``battle_spirits_v0`` defaults it to False (RL).
``max_decisions`` 3000 (default): a game that reaches it ends as a draw (a step cap for
                  runaway random play; 0 disables it).
``cards``         your own card-file paths, added to the built-in pool.
``builtin_cards``  False: your ``cards`` files are the whole pool (default True).
``format``        "standard" (default: only cards with a letter block icon, BS 1-1-1) or
                  "eternal" (any block icon; the rules played are still Standard's).

Action space (185 ids; one layout for every decision, an id keeps its meaning within a
decision kind, the observation says which kind is pending)
-----------------------------------------------------------------------------------------
====== ============ ==============================================================
ids    range        meaning
====== ============ ==============================================================
0-39   hand         hand slot i (hands are kept sorted by card): play/use, choose, discard
40-63  field        own field slot j: attack, block, activate, pay/place/move a core from it, move to it, target it
64-87  field_soul   the soul core on own field slot j (as a source of a core)
88-111 opp_field    opponent's field slot j (targets)
112-171 trash       trash slot k: 《継召》 exclusion, trash targets (the side is the target's)
172    reserve      a core from the reserve / move a core to the reserve
173    reserve_soul the soul core in the reserve
174-181 option      option k: first/second, keep/redraw, no/yes, trigger order, mode, main/flash, opened card k, soul-magic payment
182    move_core    start a core move (main step)
183    pass         end the step, end the attack step, no block, pass the flash right, done (up-to choices, placing)
184    concede      concede (BS 1-3-4)
====== ============ ==============================================================

Decision kinds: see ``layout.DECISIONS``. A card play is broken into atomic choices:
the card (hand slot), 《継召》 exclusions, each core of the cost (which card or the
reserve, normal or soul core), each core placed on the new card, targets one at a time.

Observation (float32; N = cards in the pool, 86 built-in -> 7,173 floats; seen from the
observing player "me"; ``Game().observation_layout()`` gives the exact offsets; the table is
checked against ``encoding.ObsLayout``)
-------------------------------------------------------------------------------------------
============  ====================  ============================================================
block         size                  content
============  ====================  ============================================================
global        3                     turn/20, it is my turn, I went first
step          9                     one-hot: start core draw refresh main attack main2 end setup
decision      18                    one-hot of the pending decision kind (``layout.DECISIONS``)
deciding      1                     I am the one deciding
players       2 x 13                me then opponent: life/10, reserve/10, trash cores/10,
                                    deck/40, hand/20, trash/40, removed/20, soul core place
                                    one-hot (reserve, trash, void, life, on a field card),
                                    cores gained from the void/10
battle        3                     a battle is on, the attacker is mine, it is blocked
count         1                     cores left to pay / to place in the pending decision /10
context       N                     one-hot: the card being played or whose effect resolves
order         8 x N                 one-hot source card of trigger order option k
hand          12 x N                my hand slots 0-11 (sorted by card), one-hot card
field         2 x 24 x (N + 12)     me then opponent, per field slot: one-hot card, level
                                    one-hot (4), BP/10000, cores/10, soul core on it,
                                    exhausted, heavily exhausted, attacking, blocking, symbols/3
opened        N                     counts by card of cards opened by a search (public)
hand_counts   N                     my whole hand, counts by card
opp_known     N                     opponent's hand cards known to me (returned in view)
trash         2 x N                 counts by card, me then opponent
removed       2 x N                 counts by card (excluded by 《継召》), me then opponent
============  ====================  ============================================================

Hidden and never encoded: the opponent's unknown hand cards and both decks' order and
contents (counts only). ``resample_hidden(p, rng)`` permutes exactly those.
"""

from __future__ import annotations

from ..core.game import COMMON_OPTIONS, GameBase, one_of
from . import rules  # noqa: F401 - the rules bind the state's handler table (State.HANDLERS)
from .cards import B_LVCOST, CARDS_DIR, DECKS_DIR, FORMATS, load_deck, load_pool
from .encoding import ObsLayout
from .events import watch_bits
from .layout import LAYOUT, NUM_ACTIONS
from .state import BattleSpiritsLevelCostState, BattleSpiritsState, State

OPTIONS = {
    "first_player": None,
    "concession": True,
    "max_decisions": 3000,
    "cards": None,
    "builtin_cards": True,
    "format": "standard",
}
OPTION_TYPES = {**COMMON_OPTIONS, "format": one_of(*FORMATS)}
#: a mirror, so that default play (training, a quick match) measures the players, not the
#: decks: heuristic purple_control beat heuristic red_rush in 64% of 200 seat-swapped
#: games; the heuristic's red_rush mirror is level (seat 0 50.8%, the first player 49.2%
#: of 1,000 games)
DEFAULT_DECKS = ("red_rush", "red_rush")


class Game(GameBase):
    """The static part of a Battle Spirits game: pool, decks, options."""

    name = "battle_spirits"
    TITLE = "Battle Spirits"
    OPTIONS, DEFAULT_DECKS, NUM_ACTIONS, LAYOUT = OPTIONS, DEFAULT_DECKS, NUM_ACTIONS, LAYOUT
    OPTION_TYPES = OPTION_TYPES
    DECKS_DIR, CARDS_DIR, STATE = DECKS_DIR, CARDS_DIR, BattleSpiritsState
    load_pool = staticmethod(load_pool)

    def __init__(self, decks=None, **options) -> None:
        self._set_options(options)
        self._load_pool()
        loaded = [load_deck(d, self.pool, self.options["format"]) for d in self._deck_pair(decks)]
        self.deck_names = [n for n, _ in loaded]
        self.decks = [ids for _, ids in loaded]
        self.obs_layout = ObsLayout(len(self.pool))
        used = set(self.decks[0]) | set(self.decks[1])
        self.has_constants = any(self.pool.cards[c].constants for c in used)
        self.bflags = 0  # the board words' machinery the two decks need (cards.B_*)
        for c in used:
            self.bflags |= self.pool.cards[c].bflags
        # the events the two decks' cards watch (events.py): rules.happen runs only for these,
        # and looks into the hands only for hand_watch's
        self.watch = self.hand_watch = 0
        for c in used:
            m, h = watch_bits(self.pool.cards[c])
            self.watch |= m | h
            self.hand_watch |= h
        self._owner = [0] * len(self.decks[0]) + [1] * len(self.decks[1])

    # ---- the contract ------------------------------------------------------------
    def state_class(self) -> type:
        """Decks that change Lv costs (``cards.B_LVCOST``) play on the state whose levels read them."""
        return BattleSpiritsLevelCostState if self.bflags & B_LVCOST else BattleSpiritsState

    # ---- cards and decks ---------------------------------------------------------------
    def list_cards(self) -> list[dict]:
        return [
            {"id": d.id, "name": d.name, "type": ("spirit", "nexus", "magic")[d.type], "cost": d.cost, "text": d.text}
            for d in self.pool.cards
        ]

    def validate_deck(self, spec: str) -> str:
        """Load and check a deck (name or path); returns its name or raises a clear error."""
        return load_deck(spec, self.pool, self.options["format"])[0]


builtin_pool = Game.builtin_pool  # the built-in pool, loaded once per process


def validate_deck(spec: str) -> str:
    return load_deck(spec, builtin_pool())[0]


__all__ = ["Game", "BattleSpiritsState", "BattleSpiritsLevelCostState", "State", "builtin_pool", "validate_deck"]
