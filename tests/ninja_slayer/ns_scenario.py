"""Scenes for Ninja Slayer rules tests: a readable position (docs/positions.md) built by
``tcgzoo.envs.ninja_slayer.position.build``.

``scene(p0=dict(hand=[...], field=[...], ether=[...], damage=[...], ohigan=[...],
deck=[...] or N), p1=...)`` returns a state at the turn player's (player 0's) ether
placement decision on turn 3 (draws 2), with the zones holding exactly the named cards
(ids from the card files; an entry is an id or ``(id, bowed, face_down)``); any unnamed deck
is 30 copies of Clone Yakuza-free filler, top first. The position names no decks, so any
card may be named: deck instances are re-labelled as it; the cards left over are removed.
"""

from __future__ import annotations

from tcgzoo.envs.ninja_slayer import Game, position
from tcgzoo.envs.ninja_slayer.layout import (
    D_ATTACKER,
    D_CHOOSE,
    D_ETHER,
    D_INTERRUPT,
    D_ORDER,
    D_PAY_ETHER,
    D_PAY_JITSU,
    D_PRIORITY,
    D_RECOVER,
    D_TARGET,
    OPP_FIELD,
    OPTION,
    OWN_FIELD,
    OWN_HAND,
    PASS,
    PLAYER,
)

__all__ = [
    "D_ATTACKER",
    "D_CHOOSE",
    "D_ETHER",
    "D_INTERRUPT",
    "D_ORDER",
    "D_PAY_ETHER",
    "D_PAY_JITSU",
    "D_PRIORITY",
    "D_RECOVER",
    "D_TARGET",
    "OPP_FIELD",
    "OPTION",
    "OWN_FIELD",
    "OWN_HAND",
    "PASS",
    "PLAYER",
    "scene",
    "act",
    "until",
    "hand",
    "field",
    "opp",
    "opt",
    "ids",
    "enter",
    "GAME",
]

GAME = Game(decks=("survivor_freelance", "zaibatsu_control"), first_player=0, concession=False, auto_forced=False)
FILLER = "TZNS-29"  # Zaibatsu Apprentice: no ukemi, no text
ZONES = ("hand", "field", "ether", "damage", "ohigan")


def scene(p0=None, p1=None, seed=1, game=GAME, turn=3):
    players = []
    for spec in (p0 or {}, p1 or {}):
        pl = {}
        for name in ZONES:
            pl[name] = [
                e if isinstance(e, str) else {"card": e[0], "bowed": e[1], "face_down": e[2]}
                for e in spec.get(name, [])
            ]
        deck = spec.get("deck", 30)
        pl["deck"] = [FILLER] * deck if isinstance(deck, int) else list(deck)
        players.append(pl)
    s = position.build(
        game,
        {
            "game": "ninja_slayer",
            "seed": seed,
            "turn": max(turn, 1),
            "active": 0,
            "first": 0,
            "step": "ether",
            "players": players,
        },
    )
    s.turn = turn  # turn 0: a test's turn before the game's first one (whose start-of-game triggers it watches)
    s.check_invariants()
    return s


def act(s, a):
    s.apply_action(a)
    s.check_invariants()


def until(s, kind, player=None):
    """Pass priority until a decision of ``kind`` (by ``player``) is pending."""
    n = 0
    while not (s.dkind == kind and (player is None or s.dplayer == player)):
        assert not s.is_terminal(), "game ended"
        assert PASS in s.legal, f"stuck at {s.decision_name()} {s.legal}"
        act(s, PASS)
        n += 1
        assert n < 200


def ids(s, cards):
    return [s.defs[s.cdef[i]].id for i in cards]


def hand(s, cid, p=None):
    p = s.dplayer if p is None else p
    return OWN_HAND + ids(s, s.hand[p]).index(cid)


def field(s, cid, p=None):
    p = s.dplayer if p is None else p
    return OWN_FIELD + ids(s, s.field[p]).index(cid)


def opp(s, cid):
    return OPP_FIELD + ids(s, s.field[1 - s.dplayer]).index(cid)


def opt(s, cid):
    return OPTION + [s.defs[v if isinstance(v, int) else v[0]].id for v in s.opts].index(cid)


def enter(s, cid):
    """From the character-phase priority of player 0: enter a card and pay its ether."""
    act(s, hand(s, cid))
    while s.dkind in (D_PAY_ETHER, D_PAY_JITSU):
        act(s, s.legal[0])
