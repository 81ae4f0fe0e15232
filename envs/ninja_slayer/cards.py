"""Ninja Slayer TCG card pool and decks: YAML data in a small card language.

The language reuses the Battle Spirits card language's structure and words where the
meaning is the same — ``effects`` of ``trigger`` + ``if`` + ``limit`` + ``actions``,
actions ``{do: ..., n: ..., target: {...}}``, targets with ``side``, ``count``,
``filter``, durations ``turn`` — and adds what this game needs: characters' karate /
durability / kousaku (NS 206-208), attributes (NS 204), ``ukemi`` (NS 210, 1211),
``jitsu`` costs (NS 1320), the keywords ``interrupt`` / ``interrupt_kaizen`` (NS 1402),
zones ``ether`` / ``ohigan`` / ``damage`` and the actions ``ambush`` (1314), ``recover``
(1319), ``search_ambush`` (1307 + 1314, Yorokonde!) and ``grant`` (1325).

Where the words live: the card language is a shared effect-core vocabulary
(``envs/core/vocab.py``), :data:`words.VOCAB`. Each verb (an action's ``do``) is registered
once in ``verbs.py``: one function, its parameters, the rule it implements and how it reads
on a card. The loader looks it up once and keeps the function in the compiled ``Action``
(``a.fn``, with ``a.verb``: how the interpreter runs it), so the interpreter (``rules.h_exec``)
calls it and never compares names; ``a.do`` keeps the name for readers such as the agents.
To add a verb, register one function in ``verbs.py`` (its docstring gives the two shapes:
done to targets, or with its own steps); neither the loader nor the interpreter changes.
The filters (target ``filter``), conditions (``if``) and the board's numbers are registered
in ``words.py`` the same way, compiled to ``(function, argument)`` tests the engine calls: a
new filter or condition is one function there; a new number of a card (``VOCAB.stat``) or of
the board (``VOCAB.quantity``) is one registration and brings its five comparisons and its
value. Numbers computed from the board (a counted ``x``, the X / Y / Z of a ``define``, the
right side of a comparison) are the core's values (``{count: ...}``, ``{quantity: ...}``, ``{stat:
..., of: self}``, ``diff``, ``sum``, ``times`` / ``per`` / ``plus`` / ``min`` / ``max``).

A card entry::

    - id: NST1-22
      name: "Suicide"                  # card name (NS 201); epithet (NS 202) optional
      type: character                  # or kotodama (NS 205.2)
      cost: 2                          # ether to pay (NS 203, 1204.2g-1)
      jitsu: 0                         # optional additional cost: jitsu N (NS 1320)
      karate: 2                        # characters: NS 206-208
      durability: 2
      kousaku: 1                       # karate / kousaku may be 'none': printed without that numeric
                                       # item ('-'); it counts as 0 for damage, and effects changing the
                                       # number (+N, 'becomes N', auras) do nothing to it until an effect
                                       # adds the item (pump add_karate / add_kousaku, NS 1213.1e-f)
      attributes: [Freelance]          # NS 204
      keywords: [interrupt]            # interrupt, interrupt_kaizen, satsubatsu (NS 1402.2-3, 1403),
                                       # no_aisatsu ('this can't aisatsu', NS 704.3a-2), unredirectable
                                       # ('its aisatsu is not changed by interrupt (kaizen)', NS 705.3a-2),
                                       # kill_proof ('can't be killed by effects', NS 104.4)
      tatsujin: {ether: 2}             # optional additional cost (NS 1404); its extra actions carry
                                       # 'tatsujin: true' (NS 1404.2a): a kotodama's in 'actions',
                                       # a character's in its 'effects' (remembered on the field
                                       # object, NS-G30)
      extra_cost: {bow_ether: {attribute: Ninja Slay}}  # a mandatory additional cost, paid after
                                       # the ether (NS 1203.4, 1204.2g-3); if it can't be paid then,
                                       # the entry is rolled back (NS 1204.2i)
      assumed: true                    # stats not in the rules file, chosen by this project
      text: "..."                      # printed text (English)
      effects:                         # triggered abilities (NS 1209)
        - trigger: killed_in_ikusa     # aisatsu, appears, killed, killed_in_ikusa, ambush_from_ohigan,
                                       # entered (put on the kotodama space from hand or by
                                       # ukemi, NS-G9), hand_empty (a state trigger: 'when you
                                       # have no cards in hand', NS 1209.8), opp_aisatsu_from_hand
                                       # (valid in the hand: its owner may reveal the card when an
                                       # opposing character aisatsu-s them, NS 1209.3a-c),
                                       # deals_damage / dealt_damage (1 or more damage dealt by this
                                       # as the source, NS 1216.3-4, or to this, NS 1102.5), kills
                                       # ('when this kills a character') / killed_by_character ('when
                                       # this is killed by a character'): damaged by it and killed by
                                       # the next rule check, or killed by its 'kill' (NS 1216.5a-c);
                                       # discarded_by_you / discarded_by_opp ('when you / an opponent
                                       # discard(s) this': its owner's or the other player's effect or
                                       # cost moved it, NS 1216.7a-b; triggers from Ohigan, 1209.6a);
                                       # the step
                                       # triggers start_of_turn, start_of_game (the game's first turn),
                                       # start_of_draw (after the draw), start_of_ether (after the
                                       # placement), start_of_character, start_of_ikusa,
                                       # start_of_aisatsu_target, start_of_interrupt,
                                       # start_of_ikusa_damage, end_of_ikusa_damage, end_of_ikusa,
                                       # end_of_turn (NS 502.2b-505.1, 702.1-707.1): valid on face-up
                                       # field characters, with 'turn: own' (default) / opp / any; not
                                       # in a 'grant'
          if: {own_field: {attribute: Freelance}}      # checked on resolution (NS-G11)
          limit: twice_per_turn        # once_per_turn / twice_per_turn (per object and turn)
          actions: [{do: recover, n: 1}, {do: draw, n: 1}]
      actions: [...]                   # kotodama: the text done on resolution (NS 1205.1c-2)
      modes: [{text: "...", actions: [...]}, ...]  # instead of actions: one mode is chosen at
                                       # entry (NS 1204.2b); also in effects / activated
      x: true                          # X is chosen at entry and paid as extra ether; actions use
                                       # 'n: X' (NS 1204.2d, 1304)
      activated:                       # characters: '(cost): (effect)' used with priority (NS 1208)
        cost: {bow_self: true, ether: 1, jitsu: 0}
        limit: once_per_turn           # optional
        actions: [...]
      static:                          # characters, while on the field (NS 1202.2, 1210)
        damage_plus: 1                 # damage this deals is increased by N (NS 1326)
        damage_minus: 1                # damage dealt to this is N less: a replacement (NS 1214)
        aura: {attribute: A, karate: N}  # your other characters with A get +N karate (NS 1213.1f)
        grant_attribute: A             # your other characters also have A (NS 1213.1b); or
                                       # {attribute: A, to: B}: your other characters with B also have A
                                       # (B printed or gained: applied after the effects giving B, NS 1213.3a)
        cost_plus: {n: 1, type: kotodama, side: opp}  # the ether cost of cards that player (own /
                                       # opp) enters is N more (NS 1204.2g-5); cost_minus: N less
                                       # (NS 1204.2g-6); increases apply before decreases, the
                                       # result is at least 0; cost_set: {n, type, side}: the cost
                                       # becomes N, an increase if N is more than the cost before the
                                       # changes, a decrease if less (NS 104.6); within each, in the
                                       # order their sources entered the field (NS 1213.3b)
        define: {karate: X, durability: Y}  # characteristic-defining (any card; a kotodama: cost only): the
        x: {count: own_ohigan}         # card's own cost / karate / durability / kousaku is N or the count
        y: {count: own_hand}           # X, Y, Z (a count or quantity with the value modifiers, seen from
                                       # its owner, within 0..MAX_NUMBER) in every zone (NS 1210.2),
                                       # the base the other effects apply to (NS 1213.1a), counted again
                                       # whenever the value is read (NS 1304.4-5); a defined printed value
                                       # ('*') may be left out
        survive_kill: once_per_turn    # if this would be killed, instead bow it and remove its
                                       # damage (a replacement, NS 1214; once / twice per turn)
        discard_removed: opp           # if a card would be discarded from that player's (own / opp) hand,
                                       # remove it instead (a replacement, NS 1214.1): no discard trigger;
                                       # a discard paid as a cost still counts as paid (NS 1203.3)
        rescue_kill: true              # if another of your characters would be killed, instead return it
                                       # to its owner's hand (a replacement, NS 1214.1). When several
                                       # replacements apply to one kill (its own survive_kill, rescuers),
                                       # its controller chooses one (decision 'replacement': own_field i =
                                       # the character whose replacement applies, NS 1214.2); once applied
                                       # the kill is gone, so no other applies (NS 1214.3)
      if: {...}                        # kotodama: its 'if there is' condition (NS-G11)
      ukemi: {enter: self, if: {...}}  # or {actions: [...], if: {...}} (NS 1211.2b / c);
                                       # {cost: {ether: N}, actions: [...]}: optional (NS 1211.3a)

Conditions (``if``, ``words.py``; every entry must hold): ``{own_field: <filter>}`` (another
face-up character on your field matches, e.g. ``{attribute: A}``), ``{own_ether: <filter>}`` (a
card of your ether zone matches, bowed or not), ``{field_ge: {<filter>, n: N}}`` (N or more
characters on the field, both players', match the filter: a text that counts cards without
naming a zone counts the field, NS 306.5a, 1302.1b, 1302.2a); in these counts an attribute is
the one the character has now, gained ones included. The numbers ``own_hand``, ``opp_hand``,
``own_field``, ``opp_field``, ``own_ohigan``, ``opp_ohigan``, ``own_damage``, ``opp_damage``
(cards in that zone) each give ``<number>_le`` / ``_ge`` / ``_lt`` / ``_gt`` / ``_eq: N``
(``opp_field_ge: 2``, ``own_damage_ge: 5``, ``own_hand_le: 3``). From the shared core: ``not:
{...}``, ``any_of: [{...}, {...}]`` and ``compare: {<value>, ge: <value>}`` (``compare:
{quantity: opp_field, gt: {quantity: own_field}}``).

Targets: ``self`` or ``{zone: field|ether|ohigan|stack|hand, side: own|opp, count: N, up_to:
true, chosen: entry|resolution, filter: {...}}``. Filters (``words.py``; every entry must hold):
``attribute`` (printed, NS 204, 1302.2), ``type`` (character / kotodama), ``name`` (the whole card
name, NS 1302.1), ``name_not``, ``name_has`` ('whose name contains "X"', NS 1302.1a), ``bowed:
true|false``, ``cost_le`` / ``cost_ge`` / ``cost_lt`` / ``cost_gt`` / ``cost_eq`` (a number or a
value: ``cost_le: {stat: cost, of: self}``, 'cost at most this card's'), ``not`` and ``any_of``.
A filter of a ``zone: stack`` target is of the card: an ability there matches none.
``chosen: entry`` makes them targets of NS 1204.2e (the card's text says "choose"):
chosen while entering, needed to enter (NS-G31), checked again on resolution where an
illegal one is skipped (NS 1205.1a); ether / Ohigan targets are offered by definition
(option k). The default ``resolution`` is for texts without "choose" (not targeting):
the card is picked on resolution (see the notes). A ``tatsujin: true`` action's entry
targets are chosen only when the tatsujin cost is declared. ``zone: stack`` (only for
``counter``) chooses a kotodama-space object, never the entering one (NS 1204.2e-4).
``zone: hand`` (only for ``pump``, ``side: own``, never ``chosen: entry``: choosing from the hand is
not targeting, NS 1307.4) is 'reveal a <filter> card from your hand: it gets ...': on resolution
the controller picks a matching own hand card or none (a hidden zone guarantees nothing, NS
1307.2: pass is always legal, and the question is asked whenever the hand has cards, never
skipped by ``auto_forced``, so the opponent learns nothing from it); the picked card is
revealed (NS 1306.1) and stays known to both while it stays in the hand (the effect on it is
public). The effect follows the card when it is entered: onto the kotodama space (NS
1204.2j-1) and, a character, onto the field (NS 1205.1c-3); any other move ends it (NS 302.3).

A target ``count: X`` ('X target characters', only with ``chosen: entry`` and ``x: true``) uses
the X fixed at entry: X is offered only up to the number of legal distinct targets, so
the entry stays legal (NS 1304.2b); X = 0 chooses no target (NS 1204.2e-1); the count is
fixed then and a target gone by resolution is not replaced (NS 1204.2e-6, 1205.1a).

``damage distribute: N target: {zone: field, count: K, up_to: true, chosen: entry}``: 'distribute
N damage among up to K target characters' (NS 1305.1, 1204.2f): while entering, after its
targets are chosen, each target has 1 (NS 1204.2f-1) and the player gives the remaining
N - (number of targets) one at a time to a chosen target (decision 'distribute'); the
split is fixed then (NS 1204.2f-2) and each target still legal on resolution is dealt its
share in one damage event (a target gone by then loses its share, NS 1205.1a). K <= N.

``enter free: true filter: {...}`` ('enter a <filter> card from your hand without paying its
cost', NS 1313.1b): on resolution the controller chooses one own hand card that matches
and can be entered legally (entry-time targets exist; NS 1313.1c, decision 'choose a card',
own_hand i); it is entered by the normal rules (1204: mode, targets... are chosen) with no
cost: no ether, jitsu or additional cost, no tatsujin, X = 0. It goes onto the kotodama
space above the resolving card, which finishes resolving first. With no such card the
action is not done (NS 1313.2).

``x: {count: own_hand|opp_hand|own_field|opp_field|own_ohigan|opp_ohigan|own_damage|opp_damage}``
('X is the number of cards in ...'): X's method is given and not needed to enter, so it is
not chosen at entry and costs nothing: it is counted once, when the ability starts
resolving, and used by every 'n: X' of it (NS 1304.3, 1205.1b). Kotodama, activated and
triggered abilities may have it (not as a target count, not together with lki_karate).
``x`` is a value of the shared effect core (``envs/core/vocab.py``): ``{count: <zone>}`` (the same
numbers as ``{quantity: <zone>}``), ``{stat: cost, of: self}``, ``diff`` / ``sum`` of values, with
``times``, ``per`` (rounded down), ``plus``, ``min``, ``max`` (``x: {count: opp_field, times: 2}``:
'twice the number of your opponent's characters'); the number used lies within 0..MAX_NUMBER.

Numbers: ``n`` is an int, or ``X`` (the X fixed at entry, NS 1304.2c), or for damage
``lki_karate`` (the source's karate as last seen on the field, NS 1215, e.g. in a
'killed' trigger).

Actions: ``counter target`` (a kotodama-space object: a card goes to Ohigan, an ability
is removed; nothing is refunded, NS 1321); ``delay effect: {trigger: end_phase,
actions}`` (a delayed trigger for the start of the next end phase, once, NS 1209.7);
``draw n``; ``recover n``; ``damage n target`` (to characters);
``damage_player n player: opp|own``; ``kill target``; ``bow target``; ``untap target``;
``ambush target`` (from Ohigan, or from the ether zone keeping its orientation, NS 1314.1b); ``to_hand target`` (from Ohigan); ``pump target karate
durability kousaku set_karate set_durability attribute duration: turn|ikusa|game`` (``ikusa``: 'this ikusa', ends at NS
706.8a, and never applies if resolved outside an ikusa, NS 1213.9; ``game``: no end point, the rest of the game,
NS 1213.8; ``set_karate`` / ``set_durability``: 'becomes N', applied with the +/- effects and auras in
timestamp order, the printed value lost, NS 1213.3b, 1213.5; ``attribute``: the character also gains it, applied
in the attribute layer before any number, NS 1213.1b, 1213.2; ``add_karate`` / ``add_kousaku``: 'it has karate /
kousaku N': adds the numeric item to a card that does not have it (printed 'none', NS 1213.1e), in the layer
before every numeric change, whatever the timestamps, so '+1 kousaku' resolved earlier then applies to it too;
a card that has the item is not changed; of several, the earliest adds it, NS 1213.3b); ``grant target: self duration: turn|game effect: {...}``;
``search_ambush total_cost_le attribute attribute_count any_count``; ``discard n player:
own|opp`` (the discarding player, its controller or with ``opp`` the opponent, chooses n hand cards, as many as there are, and puts them into Ohigan; ``n: all`` discards the
whole hand, NS 1309; ``may: true`` makes it the cost of the ability's later actions, which its
controller may pay on resolution: declined, or not payable in full, the later actions are not
done, NS 1203.7); ``remove target`` (a field, ether or Ohigan card to its owner's removed
zone, NS 1324); ``gain_attribute target attribute`` (the character has the attribute this turn, NS
1325.1; statics that read attributes see it); ``lose_keyword target keyword`` (the character loses
that keyword this turn: all of it, NS 1327.1). ``gain_attribute``, ``lose_keyword`` and ``grant`` also take
``duration: game`` (NS 1213.8). ``gain_keyword target keyword`` (the character has that keyword this turn;
gains and losses of a keyword apply in timestamp order, the latest one decides, NS 1213.1c, 1213.3b).
``set_attribute target attribute`` (its attribute becomes only that one this turn: the printed ones and every
gained one, static or not, are lost, NS 1213.1d after 1213.1b, NS 1213.5; the latest set wins).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.cardfile import Checker, entry_label, load_yaml
from ..core.decks import CopyLimit, builtin_deck_names, deck_card_ids, open_deck
from ..core.errors import CardFileError, DeckError
from ..core.vocab import VALUE_MODIFIERS, read_params

HERE = Path(__file__).resolve().parent
CARD_DIR = HERE / "cards"
DECK_DIR = HERE / "decks"

CHARACTER, KOTODAMA = 0, 1
TYPES = {"character": CHARACTER, "kotodama": KOTODAMA}
TRIGGERS = (
    "aisatsu",
    "appears",
    "killed",
    "killed_in_ikusa",
    "ambush_from_ohigan",
    "entered",
    "end_phase",
    "hand_empty",
    "opp_aisatsu_from_hand",
    "deals_damage",
    "dealt_damage",
    "kills",
    "killed_by_character",
    "discarded_by_you",
    "discarded_by_opp",
)
(
    TR_AISATSU,
    TR_APPEARS,
    TR_KILLED,
    TR_KILLED_IKUSA,
    TR_AMBUSH_OHIGAN,
    TR_ENTERED,
    TR_END_PHASE,
    TR_HAND_EMPTY,
    TR_FROM_HAND,
    TR_DEALS,
    TR_DEALT,
    TR_KILLS,
    TR_KILLED_BY_CHAR,
    TR_DISC_YOU,
    TR_DISC_OPP,
) = range(len(TRIGGERS))
# 'at the start of ...' / 'at the end of ...' triggers of a turn's steps (NS 502.2b-505.1, 702.1-707.1):
# valid on face-up field characters; 'turn' says whose turn (own by default, opp, any)
PHASE_TRIGGERS = (
    "start_of_turn",
    "start_of_game",
    "start_of_draw",
    "start_of_ether",
    "start_of_character",
    "end_of_turn",
    "start_of_ikusa",
    "start_of_aisatsu_target",
    "start_of_interrupt",
    "start_of_ikusa_damage",
    "end_of_ikusa_damage",
    "end_of_ikusa",
)
TRIGGERS = TRIGGERS + PHASE_TRIGGERS
TR_PHASE = {name: TRIGGERS.index(name) for name in PHASE_TRIGGERS}
TURN_OF = ("own", "opp", "any")
DELAYED_TRIGGERS = ("end_phase",)  # only made by the action 'delay' (NS 1209.7)
LIMITS = {"once_per_turn": 1, "twice_per_turn": 2}
KEYWORDS = ("interrupt", "interrupt_kaizen", "satsubatsu", "no_aisatsu", "unredirectable", "kill_proof")
# no_aisatsu: 'this can't aisatsu' (NS 704.3a-2); unredirectable: 'this one's aisatsu is not changed by
# interrupt or interrupt kaizen' (NS 705.3a-2); kill_proof: 'this can't be killed by effects' (a 'kill'
# effect is not performed on it, NS 104.4; character damage processing, a rule, still kills it)
TARGET_ZONES = ("field", "ether", "ohigan", "stack", "hand")  # hand: own, picked on resolution (NS 1307.4)
NUMERIC_ITEMS = ("karate", "kousaku")  # the items a character may be printed without ('none', NS 1213.1e)
X_MAX = 50  # the layout's number range: X = 0..50 (NS 1304)
N_X, N_LKI_KARATE = -1, -2  # Action.n for 'n: X' (NS 1304) and 'n: lki_karate' (NS 1215)
N_ALL = -3  # Action.n for 'discard n: all' (the whole hand, NS 1309.2)


@dataclass
class Target:
    zone: str = "field"
    side: str = "own"
    count: int = 1
    up_to: bool = False
    filt: tuple = ()  # the compiled filter: (fn, arg) tests of the vocabulary's filter words, all must hold
    is_self: bool = False
    entry: bool = False  # chosen at entry (NS 1204.2e), re-checked on resolution (NS 1205.1a)


@dataclass
class Action:
    """One compiled action: its verb's name (``do``, read by agents), the verb's function
    (``fn``) and how the interpreter runs it (``verb``, a ``verbs.Verb``), both looked up once
    at load; then the verb's parameters as read (``verbs.py`` declares them)."""

    do: str
    fn: Callable | None = None
    verb: Any = None
    n: int = 1
    target: Target | None = None
    player: str = "opp"
    karate: int = 0
    durability: int = 0
    kousaku: int = 0
    effect: int = -1  # grant: ability id in the pool; gain_attribute: attr_names index; lose_keyword: KEYWORDS index
    total_cost_le: int = 0
    attribute: str | None = None
    attribute_count: int = 0
    any_count: int = 0
    tatsujin: bool = False  # done only if the tatsujin cost was paid (NS 1404.2a)
    may: bool = False  # discard: a cost paid on resolution; unpaid -> the later actions are skipped (NS 1203.7)
    ikusa: bool = False  # pump: 'this ikusa' (ends at NS 706.8a) instead of 'this turn'
    pick: Target | None = None  # enter: which hand cards may be chosen (NS 1313.1c)
    dist: int = 0  # damage: 'distribute N damage among the targets' (NS 1305.1), fixed at entry (NS 1204.2f)
    game: bool = False  # pump / grant / gain_attribute / lose_keyword: no end point, the rest of the game (NS 1213.8)
    set_karate: int | None = None  # pump: 'its karate becomes N' (a set-to-value effect, NS 1213.5)
    set_durability: int | None = None  # pump: 'its durability becomes N' (NS 1213.5)
    add_karate: int | None = None  # pump: 'it has karate N' if it has no karate item (NS 1213.1e)
    add_kousaku: int | None = None  # pump: 'it has kousaku N' if it has no kousaku item (NS 1213.1e)
    duration: str = "turn"  # pump / grant / gain_attribute ...: as printed; compiled into ikusa / game
    keyword: str | None = None  # lose_keyword / gain_keyword: as printed; compiled into effect
    free: bool = False  # enter: 'without paying its cost' (NS 1313.1b)
    spec: dict | None = None  # grant / delay: the ability mapping as printed, compiled into effect


@dataclass
class Ability:
    id: int
    card: str
    trigger: int = -1  # -1: not triggered (kotodama text / ukemi / activated)
    cond: tuple = ()  # compiled condition tests (words.py), all must hold
    limit: int = 0
    actions: list = field(default_factory=list)
    modes: list = field(default_factory=list)  # lists of actions; one is chosen at entry (NS 1204.2b)
    x: bool = False  # X is chosen at entry and paid as extra ether (NS 1204.2d, 1304)
    x_value: Any = None  # 'X is ...' (x: a value, {count: own_hand}): fixed on resolution (NS 1304.3, 1205.1b)
    cost_ether: int = 0  # activated abilities: '(cost):(effect)' (NS 1208)
    cost_jitsu: int = 0
    bow_self: bool = False
    reveal: bool = False  # a hidden card's trigger: its owner may reveal it or not (NS 1209.3a-b)
    turn_of: int = 0  # phase triggers: whose turn's step (TURN_OF: own, opp, any)

    def acts(self, mode: int) -> list:
        return self.modes[mode] if self.modes else self.actions

    @property
    def entry_choices(self) -> bool:
        return (
            bool(self.modes)
            or self.x
            or any(a.target is not None and a.target.entry for m in (self.modes or [self.actions]) for a in m)
        )


@dataclass
class CardDef:
    idx: int
    id: str
    name: str
    epithet: str
    type: int
    cost: int
    jitsu: int
    karate: int
    durability: int
    kousaku: int
    attributes: frozenset
    keywords: frozenset
    triggers: list  # Ability
    text_ability: Ability | None  # kotodama text
    ukemi_self: bool  # 'this enters!' (NS 1211.2b)
    ukemi_ability: Ability | None  # ukemi ability (NS 1211.2c) or the condition holder for ukemi_self
    assumed: bool
    text: str
    file: str
    tatsujin_ether: int = 0  # NS 1404: optional additional cost
    tatsujin_jitsu: int = 0
    ukemi_cost: int = 0  # ether of a '(cost):(effect)' ukemi, which the player may decline (NS 1211.3a)
    activated: Ability | None = None  # '(cost):(effect)' usable with priority while on the field (NS 1208)
    damage_plus: int = 0  # static: damage this deals is increased by N (NS 1326)
    damage_minus: int = 0  # static replacement: damage dealt to this is N less (NS 1214)
    aura: tuple | None = None  # static: (attribute, karate) to your other characters with it (NS 1210, 1213.1f)
    grant_attr: str | None = None  # static: your other characters gain this attribute (NS 1213.1b)
    extra_bow_attr: str | None = None  # additional cost: bow an untapped ether card with it (NS 1204.2g-3)
    kill_shield: int = 0  # static replacement: 'if this would be killed, instead bow it and remove its
    #                       damage', N times per turn (NS 1214)
    grant_if: str | None = None  # static grant_attr only to characters with this attribute (a dependency, NS 1213.3a)
    discard_removed: int = -1  # static replacement: 0 own / 1 opp: a card that player would discard is removed
    #                            instead (NS 1214.1; a discard paid as a cost still counts as paid, NS 1203.3)
    rescue_kill: bool = False  # static replacement: 'if another of your characters would be killed, instead return
    #                            it to its owner's hand' (NS 1214.1; a choice among several, NS 1214.2)

    cda: tuple = ()  # characteristic-defining static: ((stat 0 cost / 1 karate / 2 durability / 3 kousaku, value),
    #                  ...); value is the number or the compiled value of X / Y / Z, counted from the card's
    #                  owner whenever it is read (NS 1210.2, 1213.1a, 1304.4-5; words.card_number)
    cost_mods: tuple = ()  # static: (0 own / 1 opp, card type or None, +N / -N or the set value, set?) ether cost
    #                        changes (NS 1204.2g-5/6; a set is an increase or a decrease by NS 104.6)
    missing: frozenset = frozenset()  # numeric items printed as 'none' ('karate', 'kousaku'): the card lacks
    #                                   them until an effect adds one (NS 1213.1e)

    @property
    def has_ukemi(self) -> bool:
        return self.ukemi_self or self.ukemi_ability is not None


class CardPool:
    def __init__(self, cards: list[CardDef], abilities: list[Ability]) -> None:
        self.cards = cards
        # the keyword satsubatsu's trigger (NS 1403.2): one shared ability
        self.satsubatsu = len(abilities)
        abilities.append(Ability(self.satsubatsu, "<satsubatsu>", actions=[_verbs().satsubatsu_action()]))
        self.abilities = abilities
        self.by_id = {c.id: c.idx for c in cards}
        # cards with set-to-value or keyword-gaining effects (NS 1213.5, 1213.1c): only then do karate,
        # durability, attributes and keywords go through the ordered layers (records.Statics.LAYERS);
        # other games keep the plain sums and lookups
        setters = {
            ab.card
            for ab in abilities
            for m in (ab.modes or [ab.actions])
            for a in m
            if a.set_karate is not None or a.set_durability is not None or a.verb.layered
        }
        for c in cards:
            c.sets_value = c.id in setters
        # cards printed without a numeric item or adding one (NS 1213.1e): only then do karate and kousaku
        # look for the added items (records.Statics.ADDED_ITEMS)
        adders = {
            ab.card
            for ab in abilities
            for m in (ab.modes or [ab.actions])
            for a in m
            if a.add_karate is not None or a.add_kousaku is not None
        }
        for c in cards:
            c.adds_items = bool(c.missing) or c.id in adders
        for c in cards:  # the entry-time choices to check before offering an entry (NS 1204.2e, NS-G31)
            ta = c.text_ability
            c.entry_ab = ta if ta is not None and ta.entry_choices else None


def _cond(ck: Checker, data) -> tuple:
    """An ability's ``if`` (checked on resolution, NS-G11): the vocabulary's condition words
    (``words.py``), every one of which must hold; ``()`` when there is none."""
    if data is None:
        return ()
    if not isinstance(data, dict):
        ck.fail("if", "expected a condition mapping")
    return _vocab().compile_condition(ck, "if", data)


CDA_KEYS = ("define", "x", "y", "z")
CDA_STATS = ("cost", "karate", "durability", "kousaku")


def _define(sc: Checker, st: dict, ty: int) -> tuple:
    """``define: {cost|karate|durability|kousaku: N or X / Y / Z}`` with ``x: {count: ...}`` (``y``, ``z``
    alike): a characteristic-defining ability (NS 1210.2): the card's own value is N, or the count,
    in every zone; X, Y and Z are values of the shared core (a count or quantity with the value
    modifiers), counted whenever the value is needed (NS 1304.4-5)."""
    dc = sc.sub("define", sc.get("define", dict))
    dc.only(CDA_STATS if ty == CHARACTER else ("cost",))
    if not dc.data:
        dc.fail(None, "defines nothing")
    used, out = set(), []
    for k, v in dc.data.items():
        if v in ("X", "Y", "Z"):
            var = v.lower()
            if var not in st:
                sc.fail(var, f"'{v}' in 'define' needs '{var}: {{count: ...}}' (NS 1304.4)")
            xv = sc.get(var, dict)
            if set(xv) - {"count", "quantity", "of"} - set(VALUE_MODIFIERS):
                # a card's own number read here (a stat) would define itself: it counts cards
                sc.fail(
                    var,
                    "a defined value counts cards ('X is the number of ...', NS 1210.2, 1304.4): "
                    f"count or quantity, with {', '.join(VALUE_MODIFIERS)}",
                )
            used.add(var)
            out.append((CDA_STATS.index(k), _vocab().compile_value(sc, var, xv)))
        else:
            n = dc.get(k, int)
            if n < (1 if k == "durability" else 0):
                dc.fail(k, "must be at least 1" if k == "durability" else "must be 0 or more")
            out.append((CDA_STATS.index(k), n))
    for var in ("x", "y", "z"):
        if var in st and var not in used:
            sc.fail(var, f"'{var.upper()}' is not used by 'define'")
    return tuple(out)


def _verbs():
    """``verbs.py``: the card language's verbs, registered on ``words.VOCAB``; imported on first
    use because the verbs call the rules, which import this module."""
    from . import verbs

    return verbs


def _vocab():
    return _verbs().VOCAB


def __getattr__(name: str):
    """Read from the vocabulary (for readers such as text.py): ``ACTIONS``, the names of the
    verbs; ``X_COUNTS``, the zones ``x: {count: ...}`` counts (``words.COUNTS``)."""
    if name == "ACTIONS":
        return tuple(_vocab().names("verb"))
    if name == "X_COUNTS":
        from .words import COUNTS

        return COUNTS
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def target_spec(ck: Checker, field: str, data) -> Target:
    """A verb's ``target``: ``self`` or a mapping (zone, side, count, up_to, chosen, filter)."""
    if data == "self":
        return Target(is_self=True)
    if not data:
        ck.fail(field, "is required")
    t = ck.sub(field, data)
    t.only(("zone", "side", "count", "up_to", "filter", "chosen"))
    count_x = data.get("count") == "X"  # 'X target ...': the count is the X fixed at entry (NS 1304.2b)
    out = Target(
        zone=t.choice("zone", TARGET_ZONES, "field"),
        side=t.choice("side", ("own", "opp"), "own"),
        count=N_X if count_x else t.get("count", int, 1),
        up_to=t.get("up_to", bool, False),
    )
    out.entry = t.choice("chosen", ("entry", "resolution"), "resolution") == "entry"
    if out.zone == "stack" and not out.entry:
        t.fail("chosen", "a kotodama-space target is chosen at entry (NS 1204.2e)")
    if count_x:
        if not out.entry or out.up_to:
            t.fail("count", "'X' targets are chosen at entry ('chosen: entry'), exactly X of them (NS 1304.2b)")
    elif out.count < 1:
        t.fail("count", "must be at least 1 (or 'X')")
    f = t.get("filter", dict, None)
    if f is not None:
        out.filt = _vocab().compile_filter(t, "filter", f)
    return out


def hand_pick(ck: Checker, field: str, data) -> Target:
    """``enter``'s ``filter``: which own hand cards it may choose (NS 1313.1c)."""
    if not isinstance(data, dict):
        ck.fail(field, "expected a filter mapping")
    return Target(zone="hand", filt=_vocab().compile_filter(ck, field, data))


ACTION_KEYS = ("do", "tatsujin")  # read by the loader for every verb; the rest are the verb's parameters
_SLOT = {
    "distribute": "dist",
    "filter": "pick",
    "effect": "spec",
}  # parameter names -> the Action field that keeps them


def _verbs_taking(zone: str) -> str:
    """The verbs whose targets may be in ``zone`` ("'pump'"), for load errors."""
    return " / ".join(repr(n) for n, w in sorted(_vocab().words["verb"].items()) if zone in w.data.zones)


class _Loader:
    def __init__(self) -> None:
        self.abilities: list[Ability] = []
        self.attr_names: list[str] = []  # attributes given by 'gain_attribute' (NS 1325.1)

    def attr_index(self, name: str) -> int:
        """Where an attribute an effect gives is in the pool's ``attr_names`` (added when new)."""
        if name not in self.attr_names:
            self.attr_names.append(name)
        return self.attr_names.index(name)

    def ability(
        self, ck: Checker, card: str, data, triggered: bool, activated: bool = False, delayed: bool = False
    ) -> Ability:
        a = Ability(len(self.abilities), card)
        self.abilities.append(a)
        if triggered:
            ck.only(("trigger", "if", "limit", "actions", "modes", "x", "reveal", "turn"))
            names = DELAYED_TRIGGERS if delayed else tuple(t for t in TRIGGERS if t not in DELAYED_TRIGGERS)
            a.trigger = TRIGGERS.index(ck.choice("trigger", names))
            if "turn" in data:
                if TRIGGERS[a.trigger] not in PHASE_TRIGGERS:
                    ck.fail("turn", "only 'start_of_...' / 'end_of_...' triggers say whose turn")
                a.turn_of = TURN_OF.index(ck.choice("turn", TURN_OF))
            lim = ck.choice("limit", LIMITS, None)
            a.limit = LIMITS[lim] if lim else 0
            a.reveal = a.trigger == TR_FROM_HAND
            if "reveal" in data and ck.get("reveal", bool) != a.reveal:
                ck.fail("reveal", "only 'opp_aisatsu_from_hand' triggers are revealed from the hand (NS 1209.3a)")
        if activated:
            ck.only(("cost", "limit", "actions", "modes", "x", "if"))
            cc = ck.sub("cost", ck.get("cost", dict))
            cc.only(("ether", "jitsu", "bow_self"))
            a.cost_ether, a.cost_jitsu = cc.get("ether", int, 0), cc.get("jitsu", int, 0)
            a.bow_self = cc.get("bow_self", bool, False)
            if a.cost_ether < 0 or a.cost_jitsu < 0 or not (a.cost_ether or a.cost_jitsu or a.bow_self):
                ck.fail("cost", "an activated ability needs a cost: ether, jitsu or bow_self (NS 1208.1)")
            lim = ck.choice("limit", LIMITS, None)
            a.limit = LIMITS[lim] if lim else 0
        a.cond = _cond(ck, data.get("if"))
        if isinstance(data.get("x"), dict):  # NS 1304.3: X with a method given in the text: a value
            a.x_value = _vocab().compile_value(ck, "x", data["x"])
            a.x = False
        else:
            a.x = ck.get("x", bool, False)
        if a.x and triggered:
            ck.fail("x", "X is paid as ether while entering: only kotodama and activated abilities have it")
        if "modes" in data:
            if "actions" in data:
                ck.fail("modes", "an ability has either 'actions' or 'modes' (NS 1204.2b)")
            modes = ck.get("modes", list)
            if len(modes) < 2:
                ck.fail("modes", "needs at least 2 modes")
            for k, m in enumerate(modes):
                mc = ck.sub(f"modes[{k}]", m)
                mc.only(("text", "actions"))
                acts = mc.get("actions", list)
                if not acts:
                    mc.fail("actions", "must not be empty")
                a.modes.append(
                    [
                        self.action(mc.sub(f"actions[{i}]", x), card, a.x or a.x_value is not None)
                        for i, x in enumerate(acts)
                    ]
                )
            return a
        acts = ck.get("actions", list)
        if not acts:
            ck.fail("actions", "must not be empty")
        a.actions = [
            self.action(ck.sub(f"actions[{i}]", x), card, a.x or a.x_value is not None) for i, x in enumerate(acts)
        ]
        if a.x_value is not None and any(
            x.n == N_LKI_KARATE or (x.target is not None and x.target.count == N_X) for x in a.actions
        ):
            ck.fail("x", "a counted X is used as 'n: X' only (not as a target count, not with lki_karate)")
        if a.x_value is not None and not any(x.n == N_X for x in a.actions):
            ck.fail("x", "no action uses 'n: X'")
        if a.x and not any(x.n == N_X or (x.target is not None and x.target.count == N_X) for x in a.actions):
            ck.fail("x", "no action uses 'n: X'")
        return a

    def action(self, ck: Checker, card: str, x: bool = False) -> Action:
        """``{do: <verb>, <its parameters>, tatsujin: true?}``: the verb is looked up once in the
        vocabulary (``verbs.py``) and kept in the action with its function; its parameters are
        read as it declares them; then come the rules every verb's numbers and targets share
        (X needs ``x``, NS 1304; which zones its targets may be in) and the verb's own checks."""
        vocab = _vocab()
        word = vocab.get("verb", ck.get("do", str), ck, "do")
        a = Action(word.name, word.fn, word.data)
        a.tatsujin = ck.get("tatsujin", bool, False)
        for name, v in read_params(vocab, word, ck, ck.data, skip=ACTION_KEYS).items():
            setattr(a, _SLOT.get(name, name), v)
        if a.n == N_X and not x:
            ck.fail("n", "'X' needs 'x: true' on the ability (NS 1304)")
        t = a.target
        if t is not None:
            if t.count == N_X and not x:
                ck.fail("target.count", "'X' needs 'x: true' on the ability (NS 1304)")
            zones = a.verb.zones
            if t.zone == "hand" and ("hand" not in zones or t.side != "own" or t.entry):
                ck.fail(
                    "target.zone",
                    "a hand card is chosen (and revealed) from your own hand on resolution, "
                    f"by {_verbs_taking('hand')} only (NS 1307.4, 1306.1)",
                )
            if t.zone == "stack" and "stack" not in zones:
                ck.fail("target.zone", f"only {_verbs_taking('stack')} takes a kotodama-space target (NS 1321)")
            if not t.is_self and t.zone not in zones:
                ck.fail("target.zone", f"'{a.do}' takes cards from the {zones[0]} zone")
        if a.verb.check is not None:
            a.verb.check(self, ck, a, card)
        return a

    def card(self, ck: Checker, idx: int, file: str) -> CardDef:
        ck.only(
            (
                "id",
                "name",
                "epithet",
                "type",
                "cost",
                "jitsu",
                "karate",
                "durability",
                "kousaku",
                "attributes",
                "keywords",
                "assumed",
                "text",
                "effects",
                "actions",
                "if",
                "ukemi",
                "tatsujin",
                "modes",
                "x",
                "activated",
                "static",
                "extra_cost",
            )
        )
        cid = ck.get("id", str)
        ty = TYPES[ck.choice("type", TYPES)]
        st0 = ck.data.get("static")
        defined = set(st0["define"]) if isinstance(st0, dict) and isinstance(st0.get("define"), dict) else set()
        cost = ck.get("cost", int, 0) if "cost" in defined else ck.get("cost", int)  # printed '*' (NS 1210.2)
        if cost < 0:
            ck.fail("cost", "must be 0 or more")
        stats = [0, 0, 0]
        missing = set()
        for i, k in enumerate(("karate", "durability", "kousaku")):
            if ty == CHARACTER and ck.data.get(k) == "none":  # printed without the item (NS 1213.1e)
                if k not in NUMERIC_ITEMS or k in defined:
                    ck.fail(k, "only karate / kousaku may be 'none', and not when 'define' gives it")
                missing.add(k)
                continue
            if ty == CHARACTER:
                stats[i] = ck.get(k, int, 1 if k == "durability" else 0) if k in defined else ck.get(k, int)
                if stats[i] < 0 or (k == "durability" and stats[i] < 1):
                    ck.fail(k, "must be at least 1" if k == "durability" else "must be 0 or more")
            elif k in ck.data:
                ck.fail(k, "only characters have it")
        attrs = ck.strings("attributes")
        kws = ck.strings("keywords", KEYWORDS)
        trig = [
            self.ability(ck.sub(f"effects[{i}]", e), cid, e, True) for i, e in enumerate(ck.get("effects", list, []))
        ]
        text_ab = None
        if ty == KOTODAMA:
            has = "actions" in ck.data or "modes" in ck.data
            text_ab = self.ability(ck, cid, ck.data, False) if has else None
            if text_ab is None:
                ck.fail("actions", "a kotodama needs actions (or modes)")
            if trig:
                ck.fail("effects", "kotodama have no triggered abilities in this pool")
        elif "actions" in ck.data or "if" in ck.data or "modes" in ck.data or "x" in ck.data:
            ck.fail("actions", "characters use 'effects' (triggered abilities)")
        uk_self, uk_ab, uk_cost = False, None, 0
        u = ck.get("ukemi", dict, None)
        if u is not None:
            uc = ck.sub("ukemi", u)
            uc.only(("enter", "if", "actions", "cost"))
            if "enter" in u:
                if uc.get("enter", str) != "self" or "actions" in u:
                    uc.fail("enter", "must be 'self', without actions")
                uk_self = True
                uk_ab = Ability(len(self.abilities), cid, cond=_cond(uc, u.get("if")))
                self.abilities.append(uk_ab)
            else:
                uk_ab = self.ability(uc, cid, u, False)
                if uk_ab.entry_choices:  # it enters straight from the damage check (NS 1211.2c)
                    uc.fail(
                        "actions",
                        "an ukemi ability's choices are made on resolution here: no modes, X or 'chosen: entry'",
                    )
            if "cost" in u:
                if uk_self:
                    uc.fail("cost", "a 'this enters!' ukemi has no cost (NS 1211.2b-1)")
                cc = uc.sub("cost", uc.get("cost", dict))
                cc.only(("ether",))
                uk_cost = cc.get("ether", int)
                if uk_cost < 1:
                    cc.fail("ether", "must be at least 1")
        tj = ck.get("tatsujin", dict, None)
        te = tjj = 0
        if tj is not None:
            tc = ck.sub("tatsujin", tj)
            tc.only(("ether", "jitsu"))
            te, tjj = tc.get("ether", int, 0), tc.get("jitsu", int, 0)
            if te < 0 or tjj < 0 or te + tjj == 0:
                tc.fail(None, "a tatsujin cost needs ether or jitsu >= 1")
            mine = text_ab.actions if ty == KOTODAMA else [a for t in trig for a in t.actions]
            if not any(a.tatsujin for a in mine):  # a character's: in its triggers (NS 1404.2a, NS-G30)
                ck.fail("tatsujin", "no action is marked 'tatsujin: true'")
        elif any(
            a.tatsujin for a in (text_ab.actions if text_ab is not None else []) + [a for t in trig for a in t.actions]
        ):
            ck.fail("actions", "'tatsujin: true' actions need a 'tatsujin' cost")
        act_ab = None
        if "activated" in ck.data:
            if ty != CHARACTER:
                ck.fail("activated", "only characters have activated abilities in this pool (NS 1202.2)")
            act_ab = self.ability(
                ck.sub("activated", ck.get("activated", dict)), cid, ck.get("activated", dict), False, activated=True
            )
        dplus = dminus = ks = 0
        aura = gattr = gif = None
        cmods = []
        st = ck.get("static", dict, None)
        cda = ()
        if st is not None:
            sc = ck.sub("static", st)
            sc.only(
                (
                    "damage_plus",
                    "damage_minus",
                    "aura",
                    "grant_attribute",
                    "survive_kill",
                    "cost_plus",
                    "cost_minus",
                    "cost_set",
                    "rescue_kill",
                    "discard_removed",
                )
                + CDA_KEYS
            )
            if ty != CHARACTER and set(st) - set(CDA_KEYS):
                ck.fail(
                    "static",
                    "only characters have static abilities in this pool (NS 1202.2), but for 'define' (NS 1210.2)",
                )
            if "define" in st:
                cda = _define(sc, st, ty)
            elif set(st) & {"x", "y", "z"}:
                sc.fail("x", "'x' / 'y' / 'z' belong to a 'define' (NS 1304.4)")
            dplus, dminus = sc.get("damage_plus", int, 0), sc.get("damage_minus", int, 0)
            if dplus < 0 or dminus < 0:
                sc.fail("damage_plus" if dplus < 0 else "damage_minus", "must be 0 or more")
            if "aura" in st:
                ac = sc.sub("aura", sc.get("aura", dict))
                ac.only(("attribute", "karate"))
                aura = (ac.get("attribute", str), ac.get("karate", int))
            if isinstance(st.get("grant_attribute"), dict):  # NS 1213.3a: 'your other B characters also have A'
                gc = sc.sub("grant_attribute", st["grant_attribute"])
                gc.only(("attribute", "to"))
                gattr, gif = gc.get("attribute", str), gc.get("to", str)
            else:
                gattr = sc.get("grant_attribute", str, None)
            if "survive_kill" in st:
                ks = LIMITS[sc.choice("survive_kill", LIMITS)]
            if "rescue_kill" in st and sc.get("rescue_kill", bool) is not True:
                sc.fail("rescue_kill", "write 'rescue_kill: true' or leave it out")
            for key, sign in (("cost_plus", 1), ("cost_minus", -1), ("cost_set", 0)):  # NS 1204.2g-5/6, 104.6
                if key in st:
                    mc = sc.sub(key, sc.get(key, dict))
                    mc.only(("n", "type", "side"))
                    n = mc.get("n", int)
                    if n < (0 if key == "cost_set" else 1):
                        mc.fail("n", "must be 0 or more" if key == "cost_set" else "must be at least 1")
                    ty_ = mc.choice("type", TYPES, None)
                    cmods.append(
                        (
                            0 if mc.choice("side", ("own", "opp"), "own") == "own" else 1,
                            None if ty_ is None else TYPES[ty_],
                            sign * n if sign else n,
                            not sign,
                        )
                    )
        xb = None
        if "extra_cost" in ck.data:
            ec = ck.sub("extra_cost", ck.get("extra_cost", dict))
            ec.only(("bow_ether",))
            bc = ec.sub("bow_ether", ec.get("bow_ether", dict))
            bc.only(("attribute",))
            xb = bc.get("attribute", str)
        cd = CardDef(
            idx,
            cid,
            ck.get("name", str),
            ck.get("epithet", str, ""),
            ty,
            cost,
            ck.get("jitsu", int, 0),
            *stats,
            frozenset(attrs),
            frozenset(kws),
            trig,
            text_ab,
            uk_self,
            uk_ab,
            ck.get("assumed", bool, False),
            ck.get("text", str, ""),
            file,
            te,
            tjj,
            uk_cost,
            act_ab,
            dplus,
            dminus,
            aura,
            gattr,
            xb,
            ks,
        )
        cd.grant_if = gif
        cd.rescue_kill = bool(st and st.get("rescue_kill"))
        cd.discard_removed = -1
        if st and "discard_removed" in st:  # NS 1214.1, 1203.3: 'if <side> would discard, remove it instead'
            cd.discard_removed = ("own", "opp").index(sc.choice("discard_removed", ("own", "opp")))
        cd.cda = cda
        cd.missing = frozenset(missing)
        cd.cost_mods = tuple(cmods)
        return cd


#: every number in a card lies within -MAX_NUMBER..MAX_NUMBER (the printed ones are at most 10 or
#: so): a player is dealt damage as one damage check per point (NS 1003.2) and distributed damage
#: is one target entry per point (NS 1204.2f-2), so a card's number sizes lists in play
MAX_NUMBER = 99


def load_pool(paths=None) -> CardPool:
    """Load and validate every card file; any error names file, entry and field (and a
    number beyond ``MAX_NUMBER`` is an error)."""
    files = sorted(CARD_DIR.glob("*.yaml")) if paths is None else [Path(p) for p in paths]
    ld = _Loader()
    cards: list[CardDef] = []
    seen: dict[str, str] = {}
    for f in files:
        data = load_yaml(f)
        top = Checker(str(f), None, data)
        top.only(("cards",))
        entries = top.get("cards", list)
        for i, e in enumerate(entries):
            c = ld.card(Checker(str(f), entry_label(e, i), e, max_int=MAX_NUMBER), len(cards), str(f))
            if c.id in seen:
                raise CardFileError(str(f), c.id, "id", f"duplicate card id (also in {seen[c.id]})")
            seen[c.id] = str(f)
            cards.append(c)
    if not cards:
        raise CardFileError(str(files[0]) if files else "<none>", None, None, "no cards")
    pool = CardPool(cards, ld.abilities)
    pool.attr_names = ld.attr_names
    return pool


def deck_names() -> list[str]:
    return builtin_deck_names(DECK_DIR)


COPIES_PER_NAME = 4  # NS 402.4b, a Constructed deck


def load_deck(spec: str, pool: CardPool) -> tuple[str, list[int]]:
    """A built-in deck name or a deck-file path -> (name, card definition indices), checked
    against its format (NS 402.2): Constructed (default, NS 402.4a-c) or, with
    ``format: blitz_sealed`` and the opened ``packs``, Blitz Sealed (NS 402.3a-c, sealed.py)."""
    from .sealed import DECK_SIZE, FORMATS, check_sealed

    _, ck, name = open_deck(spec, DECK_DIR, "Ninja Slayer", ("format", "packs"))
    sealed = ck.choice("format", FORMATS, "constructed") == "blitz_sealed"

    def per_id(cid: str) -> CopyLimit:
        # one id is one name and epithet: a count above the format's limit is refused before
        # the deck is expanded (Blitz Sealed has no copy limit, but its deck is 40 cards)
        if sealed:
            return CopyLimit(DECK_SIZE, "NS 402.3a", f"{{n}} copies; a Blitz Sealed deck is exactly {DECK_SIZE} cards")
        c = pool.cards[pool.by_id[cid]]
        return CopyLimit(
            COPIES_PER_NAME,
            "NS 402.4b",
            f"{{n}} copies of one name and epithet; at most {COPIES_PER_NAME}",
            c.name + (f"◆{c.epithet}" if c.epithet else ""),
        )

    ids = [pool.by_id[cid] for cid in deck_card_ids(ck, pool.by_id, per_id)]
    if sealed:
        check_sealed(ck, name, ids, pool)
        return name, ids
    if "packs" in ck.data:
        ck.fail("packs", "only a 'format: blitz_sealed' deck lists opened packs")
    if len(ids) != 50:
        raise DeckError(name, None, "NS 402.4a", f"a Constructed deck has exactly 50 cards, this one {len(ids)}")
    per = Counter((pool.cards[i].name, pool.cards[i].epithet) for i in ids)
    for (nm, ep), n in per.items():
        if n > COPIES_PER_NAME:
            label = nm + (f"◆{ep}" if ep else "")
            raise DeckError(name, label, "NS 402.4b", f"{n} copies of one name and epithet; at most {COPIES_PER_NAME}")
    uk = [i for i in ids if pool.cards[i].has_ukemi]
    if len(uk) > 16:
        raise DeckError(name, pool.cards[uk[-1]].id, "NS 402.4c", f"{len(uk)} cards with ukemi; at most 16")
    return name, ids
