"""Leaf evaluations for search: ``game name -> f(state, player) -> value in [-1, 1]``.

A search that cuts its rollouts short (``mcts:depth=…`` or ``turns=…``) scores the world
it stopped in with the game's evaluation. An evaluation must read only what ``player``
may see of the state it is given — public board, life, cores, counts and ``player``'s
own hand — so that its value is the same in every determinization of one information
set: ``resample_hidden(player, rng)`` does not change it. (A search calls it only on its
own determinizations, but an evaluation that read the opponent's hand would still make
the search's choices depend on guessed cards in a way no seat could reproduce.)

A game without an entry gets the generic fallback, 0 (a cut rollout counts as a draw),
and the turn counter ``None`` (``turns=…`` then falls back to ``depth``).

``EVALUATIONS`` maps a game to ``"module:function"`` (imported on first use, as the
heuristics are); ``TURNS`` maps a game to a ``"module:function"`` giving the turn number
of a state, for cutoffs counted in turns. ``register_evaluation`` adds either at run time.
"""
from __future__ import annotations

import importlib
import math
from typing import Any, Callable

Evaluation = Callable[[Any, int], float]
TurnOf = Callable[[Any], int]

#: game name -> "module:function" (or the function) of its leaf evaluation
EVALUATIONS: dict[str, str | Evaluation] = {
    "battle_spirits": "tcgzoo.agents.evaluate:battle_spirits_value",
    "ninja_slayer": "tcgzoo.agents.evaluate:ninja_slayer_value",
    "leader_melee": "tcgzoo.agents.evaluate:leader_melee_value",
}
#: game name -> "module:function" (or the function) giving a state's turn number
TURNS: dict[str, str | TurnOf] = {
    "battle_spirits": "tcgzoo.agents.evaluate:battle_spirits_turn",
    "ninja_slayer": "tcgzoo.agents.evaluate:ninja_slayer_turn",
    "leader_melee": "tcgzoo.agents.evaluate:leader_melee_turn",
}


def _resolve(entry):
    if isinstance(entry, str):
        module, _, attr = entry.partition(":")
        return getattr(importlib.import_module(module), attr)
    return entry


def register_evaluation(game: str, value: Evaluation | str | None = None,
                        turn: TurnOf | str | None = None) -> None:
    """Give ``game`` a leaf evaluation and/or a turn counter."""
    if value is not None:
        EVALUATIONS[game] = value
    if turn is not None:
        TURNS[game] = turn


def generic_value(state: Any, player: int) -> float:
    """The fallback: a cut rollout is worth a draw."""
    return 0.0


def evaluation_for(game: str | None) -> Evaluation:
    """The leaf evaluation of ``game`` (the generic 0 when it has none)."""
    entry = EVALUATIONS.get(game) if game else None
    return generic_value if entry is None else _resolve(entry)


def has_evaluation(game: str | None) -> bool:
    return bool(game) and game in EVALUATIONS


def turn_counter_for(game: str | None) -> TurnOf | None:
    entry = TURNS.get(game) if game else None
    return None if entry is None else _resolve(entry)


# ---- Battle Spirits ------------------------------------------------------------------------
#: weights of the Battle Spirits evaluation (in "lives": a life core is worth 1)
BS_WEIGHTS = {
    "life": 1.0,        # per life core
    "spirit": 0.35,     # per spirit on the field (a body that attacks or blocks)
    "bp": 0.06,         # per 1000 BP of a spirit (as modified now)
    "level": 0.1,       # per level above 1 of a field card
    "symbol": 0.15,     # per symbol on the field (reductions, and damage on attack)
    "nonspirit": 0.3,   # per nexus or other non-spirit field card
    "core": 0.12,       # per core a player can pay with (reserve + field + soul core)
    "hand": 0.15,       # per card in hand
    "scale": 3.0,       # value = tanh(difference / scale)
}


def _zero_sum(s, player: int, side: Callable[[Any, int, dict], float], w: dict) -> float:
    """The result of a finished game; else ``player``'s side minus the opponent's, squashed
    to (-1, 1) by tanh over the weights' ``scale``."""
    if s.is_terminal():
        return float(s.returns()[player])
    return math.tanh((side(s, player, w) - side(s, 1 - player, w)) / w["scale"])


def _bs_side(s, p: int, w: dict) -> float:
    from tcgzoo.envs.battle_spirits.cards import SPIRIT as spirit_type
    v = w["life"] * s.life[p] + w["core"] * s.total_cores(p) + w["hand"] * len(s.hand[p])
    defs, cdef = s.defs, s.cdef
    for i in s.field[p]:
        d = defs[cdef[i]]
        lv = s.level(i)
        if d.type == spirit_type:
            if lv:
                v += w["spirit"] + w["bp"] * s.bp(i) / 1000.0
        else:
            v += w["nonspirit"]
        if lv > 1:
            v += w["level"] * (lv - 1)
        v += w["symbol"] * d.sym_total
    return v


def battle_spirits_value(s, player: int) -> float:
    """Life, board (spirits, BP, levels, symbols, nexuses), cores and hand size, ``player``
    minus the opponent, squashed to (-1, 1). Everything read is public (life, field,
    cores, hand *sizes*), so the value is the same in every determinization."""
    return _zero_sum(s, player, _bs_side, BS_WEIGHTS)


def battle_spirits_turn(s) -> int:
    return s.turn


# ---- Ninja Slayer TCG -------------------------------------------------------------------------
#: weights of the Ninja Slayer evaluation (in damage cards: 10 in the damage zone lose, NS 1002.1)
NS_WEIGHTS = {
    "damage": 1.0,      # per card in the damage zone (face up or down: both count toward 10)
    "character": 0.5,   # per character on the field
    "karate": 0.12,     # per point of karate (kills characters in ikusa)
    "durability": 0.08, # per point of durability left (damage on it this turn subtracted)
    "kousaku": 0.45,    # per point of kousaku (damage to the player when it greets)
    "ether": 0.2,       # per ether card up to the goal (pays for everything)
    "ether_goal": 6,
    "hand": 0.15,       # per card in hand
    "deck_low": 0.3,    # per card short of 5 in the deck (0 cards lose, NS-R2)
    "scale": 3.0,
}


def _ns_side(s, p: int, w: dict) -> float:
    from tcgzoo.envs.ninja_slayer.cards import CHARACTER as character
    v = -w["damage"] * len(s.damage[p]) + w["hand"] * len(s.hand[p])
    v += w["ether"] * min(len(s.ether[p]), w["ether_goal"])
    v -= w["deck_low"] * max(0, 5 - len(s.deck[p]))
    defs, cdef = s.defs, s.cdef
    for i in s.field[p]:
        if defs[cdef[i]].type == character:
            v += (w["character"] + w["karate"] * s.karate(i) + w["kousaku"] * s.kousaku(i)
                  + w["durability"] * max(0, s.durability(i) - s.dmg[i]))
    return v


def ninja_slayer_value(s, player: int) -> float:
    """Damage zone, characters (karate, durability left, kousaku), ether, hand and deck size,
    ``player`` minus the opponent, squashed to (-1, 1). All of it is public (zone sizes, the
    field), so the value is the same in every determinization."""
    return _zero_sum(s, player, _ns_side, NS_WEIGHTS)


def ninja_slayer_turn(s) -> int:
    return s.turn


# ---- Leader Melee -----------------------------------------------------------------------------
#: weights of the Leader Melee evaluation (in life cards: 0 life loses, LM 9-2-3)
LM_WEIGHTS = {
    "life": 1.0,        # per life card
    "energy": 0.25,     # per energy card (pays for battle cards and abilities)
    "battle": 0.5,      # per battle card in the battle area
    "power": 0.08,      # per 1000 power of a battle card (as modified now)
    "strike": 0.3,      # per point of strike of a battle card
    "awake": 0.6,       # the leader on its back face (覚醒 / 共闘 done)
    "hand": 0.2,        # per card in hand
    "deck_low": 0.4,    # per card short of 6 in the deck (0 cards lose, LM 9-2-4)
    "scale": 3.0,
}


def _lm_side(s, p: int, w: dict) -> float:
    from tcgzoo.envs.leader_melee.rules import leader, stat
    v = (w["life"] * len(s.life[p]) + w["energy"] * len(s.energy[p]) + w["hand"] * len(s.hand[p])
         - w["deck_low"] * max(0, 6 - len(s.deck[p])))
    if s.face[leader(p)]:
        v += w["awake"]
    for u in s.battle[p]:
        v += w["battle"] + w["power"] * stat(s, u, 0) / 1000.0 + w["strike"] * stat(s, u, 1)
    return v


def leader_melee_value(s, player: int) -> float:
    """Life, energy, battle area (power and strike now), the leader's face, hand and deck
    size, ``player`` minus the opponent, squashed to (-1, 1). Everything read is public
    (zone sizes, the battle area, the leader), so the value is the same in every
    determinization: life cards are counted, never looked at."""
    return _zero_sum(s, player, _lm_side, LM_WEIGHTS)


def leader_melee_turn(s) -> int:
    return s.turn_no
