"""Ninja Slayer TCG's fixed action space and decision kinds (documented in the package
docstring). One layout for every decision, relative to the deciding player; an id keeps
its meaning within a decision kind. Choices among cards of the ether zone, damage zone,
Ohigan, deck (search) and check zone are made through OPTION k, the k-th entry of the
decision's option list (distinct card definitions, shown in the observation): cards of
the same definition and state in those zones are interchangeable, and options keep the
choice independent of hidden orders (deck) and arrival orders."""

from __future__ import annotations

from ..core.engine import ActionLayout

MAX_SLOTS = 50  # a player owns at most 50 cards (NS 402.4a)
N_OPTIONS = 32

LAYOUT = ActionLayout()
PASS = LAYOUT.add("pass", 1)
YES = LAYOUT.add("yes", 1)
PLAYER = LAYOUT.add("player", 2)  # PLAYER + 0: the decider, PLAYER + 1: the opponent
OPTION = LAYOUT.add("option", N_OPTIONS)
NUMBER = LAYOUT.add("number", 51)
OWN_HAND = LAYOUT.add("own_hand", MAX_SLOTS)
OWN_FIELD = LAYOUT.add("own_field", MAX_SLOTS)
OPP_FIELD = LAYOUT.add("opp_field", MAX_SLOTS)
CONCEDE = LAYOUT.add("concede", 1)
NUM_ACTIONS = LAYOUT.size

DECISIONS = (
    "priority",  # pass; own_hand i = enter that card (NS 802.4); own_field i = its activated ability (NS 1208)
    "ether placement",  # own_hand i = put it into the ether zone; pass = none (NS 502.4a)
    "aisatsu attacker",  # own_field i; pass = no (more) aisatsu (NS 704.3)
    "aisatsu target",  # player+1 = the opponent; opp_field i (NS 704.4)
    "interrupt",  # own_field i redirects the aisatsu to itself; pass (NS 705.3)
    "order triggers",  # option k = enter the k-th own pending trigger next (NS 902.1b-c)
    "pay ether",  # option k = bow an untapped ether card of that definition (NS 1312)
    "pay jitsu",  # option k = turn a face-up damage card of that definition down (NS 1320)
    "choose a card",  # option k (zones, kotodama-space items), own_field / opp_field i, own_hand i (discard,
    # NS 1309; the card an effect reveals from the hand, NS 1307.4, pass always legal,
    # NS 1307.2); pass when 'up to' (NS 1307)
    "recover",  # option k = a damage-zone card (definition, face) to Ohigan (NS 1319)
    "tatsujin",  # yes = pay the tatsujin cost as an additional cost; pass = don't (NS 1404.2)
    "ukemi",  # yes = pay a '(cost):(effect)' ukemi and enter it; pass = the card to Ohigan (NS 1104.4a)
    "mode",  # option k = the k-th mode of the card / ability being entered (NS 1204.2b)
    "x",  # number x = X is x (NS 1204.2d, 1304)
    "reveal",  # option k = reveal a hand card of the k-th listed definition (its trigger triggers) and
    # be asked again; pass = reveal no (more) cards (NS 1209.3a-b); asked once per aisatsu
    # to a player with hand cards whatever they hold (no leak), never auto-skipped
    "distribute",  # own_field / opp_field i = give 1 more unit of a distributed amount to that target, one
    # of those just chosen (each already has 1); asked until all N are given (NS 1305.1,
    # 1204.2f-1); not asked with a single target (it gets all)
    "replacement",  # own_field i = apply the replacement effect of that character to the event: the
    # character about to be killed (the context card) = its own survive_kill, another =
    # its rescue_kill static; asked of the killed character's controller only when two or
    # more replacements apply (NS 1214.2)
)
(
    D_PRIORITY,
    D_ETHER,
    D_ATTACKER,
    D_TARGET,
    D_INTERRUPT,
    D_ORDER,
    D_PAY_ETHER,
    D_PAY_JITSU,
    D_CHOOSE,
    D_RECOVER,
    D_TATSUJIN,
    D_UKEMI,
    D_MODE,
    D_X,
    D_REVEAL,
    D_DISTRIBUTE,
    D_REPLACE,
) = range(len(DECISIONS))

STEPS = ("setup", "untap", "draw", "ether", "character", "ikusa", "end")
(ST_SETUP, ST_UNTAP, ST_DRAW, ST_ETHER, ST_CHARACTER, ST_IKUSA, ST_END) = range(len(STEPS))
# sub-steps of the ikusa phase shown in the observation
IK_STEPS = ("none", "start", "target selection", "interrupt", "damage", "end")
