"""Ninja Slayer TCG — rules core.

``Game(decks=None, **options)`` / ``game.new_initial_state(seed)`` follow the shared game
contract (OpenSpiel names). Rules: ``003_14d066e5e44c046f.txt`` (comprehensive rules
ver.1.0.2) with rulings NS-R1..R3, the design brief's NS-G rulings and
``docs/rules/ninja_slayer_notes.md``; rule numbers in comments and tests refer to it.

Decks are built-in names or deck files: Constructed (50 cards, NS 402.4) or, with
``format: blitz_sealed``, the 40 cards of five opened packs (NS 402.3; ``sealed.sealed_deck(pool,
seed)`` opens them and gives the file's contents).

Options
-------
``first_player``  None (default: random, NS 403.3) or 0 / 1 (NS-G20).
``concession``    True (default): conceding is an action at every decision (NS 103.4); the
                  PettingZoo env ``ninja_slayer_v0`` defaults it to False (RL).
``max_decisions`` 3000 (default): a game reaching it ends as a draw (NS 1501, NS-G24; 0 disables).
``cards``         your own card-file paths, added to the built-in pool.
``builtin_cards``  False: your ``cards`` files are the whole pool (default True).
``auto_forced``   False (default): every decision is asked, including one with a single
                  legal action. True: such a decision (passing priority with nothing to
                  enter, the only ether card to bow...) is taken by the engine and not
                  recorded, and conceding is not offered there (games ~4x shorter).

Action space (238 ids; one layout for every decision, relative to the decider)
-------------------------------------------------------------------------------
======= ========== ===================================================================
ids     range      meaning
======= ========== ===================================================================
0       pass       pass priority / no ether card / no (more) aisatsu / no interrupt / done ('up to') /
                   don't pay tatsujin / reveal no (more) hand cards (their triggers don't trigger)
1       yes        pay the tatsujin cost / pay and enter a '(cost):(effect)' ukemi
2-3     player     2 = myself, 3 = the opponent (aisatsu target)
4-35    option     k-th entry of the decision's option list (ether / damage / Ohigan / deck
                   cards by definition, trigger order, kotodama-space objects top first for a
                   counter's target); mode k of the card or ability being entered (NS 1204.2b);
                   reveal a hand card of the k-th eligible definition for its trigger (NS 1209.3a);
                   the list is in the observation
36-86   number     X = 0..50 while entering a card or ability with X (NS 1204.2d, 1304)
87-136  own_hand   hand slot i (hand sorted by card): enter it, put it into the ether zone, discard it
137-186 own_field  own field slot i: aisatsu with it, interrupt with it, choose it; at priority:
                   enter its activated ability (NS 1208)
187-236 opp_field  opponent's field slot i: aisatsu target, choose it
237     concede    concede (NS 103.4)
======= ========== ===================================================================

Decision kinds (``layout.DECISIONS``): priority, ether placement, aisatsu attacker,
aisatsu target, interrupt, order triggers, pay ether, pay jitsu, choose a card, recover,
tatsujin, ukemi, mode, x, reveal, distribute, replacement. Entering (NS 1204.2) asks, in this order: mode,
tatsujin, X, the targets chosen at entry, then the costs in printed order (ether, jitsu, the
additional cost); a cost that can't be completed rolls the whole entry back (NS 1204.2i).
An X that is a target count is offered only up to the number of legal targets (NS 1304.2b).

Distribute (NS 1305.1, 1204.2f): 'distribute N among the targets' is decided right after
those targets are chosen: each chosen target has 1 unit (NS 1204.2f-1) and the player is
asked ``distribute`` once per remaining unit: own_field / opp_field i = one more unit to
that target (legal: the targets just chosen). A lone target gets all N without a question.
The split is fixed on the kotodama-space object (NS 1204.2f-2) and public (the choices
block counts units per targeted field slot).

Replacement (NS 1214.2): when two or more replacement effects apply to one kill (the character's
own survive_kill, other own characters' rescue_kill), its controller is asked ``replacement``:
own_field i = apply that character's replacement (the character itself: its own). One applies and the
kill is gone (NS 1214.3). A rule check's simultaneous kills ask every choice first, then kill.

Reveal (hidden cards' triggers, NS 1209.3a-c): when an opposing character aisatsu-s a player
who has at least one hand card (in a game with such cards), that player is asked ``reveal``
once per event whatever the hand holds: pass (always legal) or option k = reveal a hand card
of the k-th definition in the option list (eligible cards only; the list is in the decider's
observation alone). Each reveal is public and asks again while cards the hand held at the event
remain unrevealed, so what the opponent sees (decision kinds, who decides, how often) depends
only on public facts; ``auto_forced`` never skips it (a pass-only decision would tell).

Observation (float32; N = cards in the pool; ``Game().observation_layout()`` gives offsets)
------------------------------------------------------------------------------------------
==============  ==================  ====================================================
block           size                content
==============  ==================  ====================================================
global          3                   turn/30, my turn, I went first
step            7                   setup untap draw ether character ikusa end
ikusa           6                   none start target-selection interrupt damage end
decision        17                  pending decision kind one-hot
deciding        1                   I decide
players         2 x 11              me, opponent: deck/50 hand/20 field/10 ether/10
                                    untapped ether/10 ohigan/50 damage/10 face-up
                                    damage/10 removed/10 check/5 carried damage/10
context         N                   card being entered / whose ability resolves
options         32 x (N+1)          my decision's option list: card one-hot, face-down
hand            N                   my hand, counts by card
hand_slots      12 x N              my hand slots 0-11 (sorted by card: OWN_HAND i), one-hot
                                    card
opp_known       N                   opponent's hand cards that came from public zones or
                                    are revealed (NS 1209.3c)
field           2 x 20 x (N+8)      per slot: card, bowed, damage/5, karate/5,
                                    durability/5, kousaku/5, attacker, target, redirected
zones           2 x 7 x N           ether, bowed ether, ohigan, damage up, damage down,
                                    removed, check: counts by card
kotodama        8 x (N+5)           top first: kind (card/ability/check), card, mine, tatsujin paid
choices         8 x 2 + 2 x 20 + 8  top first: mode/4, X (or last-known number)/10; field slots
                                    (me, opponent: units, 2+ only from a distribution) and
                                    kotodama-space entries targeted by an entry-time target
                                    (NS 1204.2e)
zone_targets    2 x N               ether / Ohigan cards targeted by an entry-time target
                                    (me, opponent), counts by card
==============  ==================  ====================================================

Hidden and never encoded: the opponent's hand cards drawn from the deck and both decks
(counts only). ``resample_hidden(p, rng)`` permutes exactly those.
"""

from __future__ import annotations

from ..core.game import COMMON_OPTIONS, SWITCH, GameBase
from . import rules
from .cards import CARD_DIR, DECK_DIR, load_deck, load_pool
from .encoding import ObsLayout
from .layout import LAYOUT, NUM_ACTIONS
from .state import NinjaSlayerState, State

NinjaSlayerState.HANDLERS = rules.HANDLERS  # the rules import the state module, so their table is bound here

OPTIONS = {
    "first_player": None,
    "concession": True,
    "max_decisions": 3000,
    "cards": None,
    "builtin_cards": True,
    "auto_forced": False,
}
OPTION_TYPES = {**COMMON_OPTIONS, "auto_forced": SWITCH}
#: a mirror, so that default play (training, a quick match) measures the players, not the
#: decks: heuristic soukaiya_ambush beat heuristic ninja_slay_aggro in 74% of 200
#: seat-swapped games; the heuristic's soukaiya_ambush mirror is level (49% for seat 0)
DEFAULT_DECKS = ("soukaiya_ambush", "soukaiya_ambush")


class Game(GameBase):
    """The static part of a Ninja Slayer TCG game: pool, decks, options."""

    name = "ninja_slayer"
    TITLE = "Ninja Slayer"
    OPTIONS, DEFAULT_DECKS, NUM_ACTIONS, LAYOUT = OPTIONS, DEFAULT_DECKS, NUM_ACTIONS, LAYOUT
    OPTION_TYPES = OPTION_TYPES
    DECKS_DIR, CARDS_DIR, STATE = DECK_DIR, CARD_DIR, NinjaSlayerState
    load_pool = staticmethod(load_pool)

    def __init__(self, decks=None, **options) -> None:
        self._set_options(options)
        self._load_pool()
        loaded = [load_deck(d, self.pool) for d in self._deck_pair(decks)]
        self.deck_names = [n for n, _ in loaded]
        self.decks = [ids for _, ids in loaded]
        self.obs_layout = ObsLayout(len(self.pool.cards))
        self._owner = [0] * len(self.decks[0]) + [1] * len(self.decks[1])

    def list_cards(self) -> list[dict]:
        return [
            {
                "id": d.id,
                "name": d.name,
                "epithet": d.epithet,
                "type": ("character", "kotodama")[d.type],
                "cost": d.cost,
                "text": d.text,
            }
            for d in self.pool.cards
        ]

    def validate_deck(self, spec: str) -> str:
        return load_deck(spec, self.pool)[0]


builtin_pool = Game.builtin_pool  # the built-in pool, loaded once per process


__all__ = ["Game", "NinjaSlayerState", "State", "builtin_pool"]
