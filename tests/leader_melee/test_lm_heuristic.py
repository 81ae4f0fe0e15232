"""The Leader Melee heuristic reads only its seat (its bar against random play is in
tests/test_agents_heuristics.py, with the other games')."""

from __future__ import annotations

import random

from tcgzoo.agents.heuristic import heuristic_for
from tcgzoo.envs.leader_melee import Game


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
