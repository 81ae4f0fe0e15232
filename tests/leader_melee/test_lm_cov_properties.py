"""Leader Melee coverage tests: rules that must hold at every decision of whole games between
the built-in decks (seeded random play; a handful of games, no timing)."""

from __future__ import annotations

import pytest
from tcgzoo.envs.core.rng import Rng
from tcgzoo.envs.leader_melee import Game
from tcgzoo.envs.leader_melee.layout import (
    D_CHOOSE_ATTACKER,
    D_FT_ATTACK,
    D_FT_GUARD,
    D_FT_MAIN,
    D_FT_STANDBY,
    P_BP_END,
    P_STANDBY,
)

FT = (D_FT_MAIN, D_FT_STANDBY, D_FT_ATTACK, D_FT_GUARD)


@pytest.mark.parametrize("decks", [("red_rush", "blue_control"), ("green_ramp", "yellow_unity")])
def test_rules_hold_at_every_decision(decks):
    """At every free timing the checkpoint before it has run (LM 4-6-2): no battle area holds more
    than 4 cards (LM 3-6-3, LM 9-3-2) and no melee card is left outside the battle phase
    (LM 9-4-2); the main phase and standby free timings and the attacker choice belong to the
    turn player, the guard step's to the other (LM 6-3-1-2, LM 7-2-1-2, LM 7-3-1-2, LM 7-4-1-2);
    every card is in exactly one zone of its owner (LM 3-1-7); hands never hold the other
    player's cards."""
    g = Game(decks=list(decks))
    for seed in range(10):
        s = g.new_initial_state(seed)
        rng = Rng(seed)
        while not s.is_terminal():
            k = s.dkind
            if k in FT:
                assert all(len(s.battle[p]) <= 4 for p in (0, 1))
                if not (P_STANDBY <= s.phase <= P_BP_END):
                    assert not s.melee[0] and not s.melee[1]
            if k in (D_FT_MAIN, D_FT_STANDBY, D_CHOOSE_ATTACKER, D_FT_ATTACK):
                assert s.dplayer == s.tp
            if k == D_FT_GUARD:
                assert s.dplayer == 1 - s.tp
            s.check_invariants()
            la = s.legal_actions()
            s.apply_action(la[rng.below(len(la))])
        s.check_invariants()
        assert sorted(s.returns()) in ([-1.0, 1.0], [0.0, 0.0])
