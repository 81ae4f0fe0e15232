"""Scenes for Ninja Slayer rules tests: start a real game, then lay out the cards.

``scene(p0=dict(hand=[...], field=[...], ether=[...], damage=[...], ohigan=[...],
deck=[...] or N), p1=...)`` returns a state at the turn player's (player 0's) ether
placement decision on turn 3 (draws 2), with the zones holding exactly the named cards
(ids from the card files); any unnamed deck is 30 copies of Clone Yakuza-free filler.
Cards are laid out with the state's own ``move`` so the invariants hold.
"""
from __future__ import annotations

from tcgzoo.envs.ninja_slayer import Game
from tcgzoo.envs.ninja_slayer.layout import (
    D_ATTACKER, D_CHOOSE, D_ETHER, D_INTERRUPT, D_ORDER, D_PAY_ETHER, D_PAY_JITSU, D_PRIORITY, D_RECOVER,
    D_TARGET, OPP_FIELD, OPTION, OWN_FIELD, OWN_HAND, PASS, PLAYER,
)
from tcgzoo.envs.ninja_slayer.rules import static_flags
from tcgzoo.envs.ninja_slayer.state import Z_DAMAGE, Z_DECK, Z_ETHER, Z_FIELD, Z_HAND, Z_OHIGAN, Z_REMOVED

__all__ = [
    "D_ATTACKER", "D_CHOOSE", "D_ETHER", "D_INTERRUPT", "D_ORDER", "D_PAY_ETHER", "D_PAY_JITSU", "D_PRIORITY",
    "D_RECOVER", "D_TARGET", "OPP_FIELD", "OPTION", "OWN_FIELD", "OWN_HAND", "PASS", "PLAYER", "scene", "act",
    "until", "hand", "field", "opp", "opt", "ids", "enter", "GAME",
]

GAME = Game(decks=("survivor_freelance", "zaibatsu_control"), first_player=0, concession=False, auto_forced=False)
FILLER = "TZNS-29"  # Zaibatsu Apprentice: no ukemi, no text
ZONES = {"hand": Z_HAND, "field": Z_FIELD, "ether": Z_ETHER, "damage": Z_DAMAGE, "ohigan": Z_OHIGAN}


def scene(p0=None, p1=None, seed=1, game=GAME, turn=3):
    s = game.new_initial_state(seed)
    while s.dkind != D_ETHER:
        s.apply_action(PASS)
    assert s.tp == 0
    by_id = game.pool.by_id
    for p, spec in ((0, p0 or {}), (1, p1 or {})):
        for i in list(s.hand[p]):
            s.move(i, Z_DECK)
        pool = list(s.deck[p])
        for name, z in ZONES.items():
            for entry in spec.get(name, []):
                cid, bowed, face_down = (entry, False, False) if isinstance(entry, str) else entry
                i = pool.pop()
                s.cdef[i] = by_id[cid]
                s.move(i, z, face_down=face_down)
                s.bowed[i] = bowed
        deck = spec.get("deck", 30)
        if isinstance(deck, int):
            deck = [FILLER] * deck
        keep = pool[:len(deck)]
        for i, cid in zip(keep, deck):
            s.cdef[i] = by_id[cid]
        for i in pool[len(deck):]:
            s.move(i, Z_REMOVED)
        s.deck[p] = list(keep)
        s.hand[p].sort(key=s.cdef.__getitem__)
    s.turn = turn
    s.statics = static_flags(s.defs, s.cdef)  # the laid-out cards decide which lookups run
    s.legal = [PASS] + [OWN_HAND + k for k in range(len(s.hand[0]))]
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
