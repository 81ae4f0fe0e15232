"""The Leader Melee heuristic: legal moves only, reads only its seat, beats random play."""
from __future__ import annotations

import random

from tcgzoo.agents.heuristic import heuristic_for
from tcgzoo.envs.leader_melee import Game


def test_heuristic_beats_random():
    h = heuristic_for("leader_melee")
    assert h.name == "heuristic"
    wins = games = 0
    for decks in (("red_rush", "blue_control"), ("blue_control", "red_rush")):
        g = Game(decks=list(decks))
        for seed in range(20):
            h.reset(seed)
            s = g.new_initial_state(seed)
            r = random.Random(seed)
            hp = seed % 2
            while not s.is_terminal():
                p = s.current_player()
                a = h.act(s, p) if p == hp else r.choice(s.legal_actions())
                assert a in s.legal_actions()
                s.apply_action(a)
            wins += s.returns()[hp] > 0
            games += 1
    assert wins / games >= 0.85


def test_heuristic_ignores_hidden_information():
    """Its choice is the same on a state whose hidden cards were redrawn."""
    from tcgzoo.envs.core.rng import Rng
    h = heuristic_for("leader_melee")
    s = Game().new_initial_state(3)
    r = random.Random(3)
    for _ in range(300):
        if s.is_terminal():
            break
        p = s.current_player()
        c = s.clone()
        c.resample_hidden(p, Rng(r.randrange(1 << 30)))
        assert h.act(s, p) == h.act(c, p)
        s.apply_action(r.choice(s.legal_actions()))
