"""Ninja Slayer: the reveal decision of hidden cards' triggers tells the opponent nothing about
the hand (NS 1209.3a-b with NS-G15; design in docs/rules/ninja_slayer_notes.md)."""

from __future__ import annotations

import numpy as np
import pytest
from ns_scenario import D_ATTACKER, D_TARGET, PASS, PLAYER, act, field, scene, until
from tcgzoo.envs.core.rng import Rng
from tcgzoo.envs.ninja_slayer import Game
from tcgzoo.envs.ninja_slayer.layout import D_REVEAL, OPTION

LOOKOUT, FILLER, E = "TZNS-68", "TZNS-29", "TZNS-29"
AUTO = Game(decks=("survivor_freelance", "zaibatsu_control"), first_player=0, concession=False, auto_forced=True)
DECK1 = [LOOKOUT] + [FILLER] * 29  # the game has hidden cards' triggers either way (the deck is hidden)


def _event(first, auto):
    """Player 0 aisatsu-s player 1, whose hand holds ``first`` and a filler; player 1 passes every
    decision. Returns what player 0 sees at each decision until player 0's next aisatsu choice."""
    kw = {"game": AUTO} if auto else {}
    s = scene(p0=dict(field=["TZNS-09"]), p1=dict(hand=[first, FILLER], damage=[E], deck=DECK1), **kw)
    until(s, D_ATTACKER, 0)
    act(s, field(s, "TZNS-09"))
    if s.dkind == D_TARGET:  # auto_forced takes the only target itself
        act(s, PLAYER + 1)
    seen, kinds, asked = [], [], None
    n = 0
    while not (s.dkind == D_ATTACKER and s.dplayer == 0):
        n += 1
        assert n < 100 and not s.is_terminal()
        seen.append((s.current_player(), s.observation_tensor(0), s.to_dict(0)))
        kinds.append(s.dkind)
        if s.dkind == D_REVEAL:
            asked = list(s.legal)
            c = s.clone()  # resampling what player 0 can't see changes nothing player 0 sees
            c.resample_hidden(0, Rng(7))
            assert np.array_equal(c.observation_tensor(0), seen[-1][1]) and c.to_dict(0) == seen[-1][2]
        act(s, PASS)
    return seen, kinds, asked


@pytest.mark.parametrize("auto", [False, True])
def test_the_reveal_decision_is_the_same_whatever_the_hand_holds(auto):
    """NS 1209.3a, NS 1209.3b: player 1 is aisatsu-d holding Soukaiya Lookout (its trigger may be
    revealed) or a card without such a trigger. Either way player 1 gets one reveal decision with
    pass legal (with the Lookout also the option to reveal it) and keeps the hand hidden; player 0's
    observations, the sequence of who decides, and player 0's to_dict are identical throughout,
    also with auto_forced (the pass-only decision is not skipped)."""
    with_card, kinds_a, legal_a = _event(LOOKOUT, auto)
    without, kinds_b, legal_b = _event(FILLER, auto)
    assert kinds_a.count(D_REVEAL) == kinds_b.count(D_REVEAL) == 1
    assert legal_a == [PASS, OPTION] and legal_b == [PASS]  # only the decider's mask differs
    assert kinds_a == kinds_b and len(with_card) == len(without)
    for (pa, oa, da), (pb, ob, db) in zip(with_card, without):
        assert pa == pb
        assert np.array_equal(oa, ob)
        assert da == db
