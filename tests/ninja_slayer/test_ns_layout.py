"""The Ninja Slayer observation layout is the kernel's (envs/core/obs.py): the package docstring's
Observation table names the same blocks, in the same order, with sizes that give the layout's in N."""

from __future__ import annotations

import tcgzoo.envs.ninja_slayer as ns
from tcgzoo.envs.core.obs import ObsLayout


def test_the_docstring_table_is_the_layout():
    game = ns.Game()
    layout = game.obs_layout
    assert isinstance(layout, ObsLayout)
    assert layout.check_docstring(ns.__doc__) == []
    assert [name for _, _, name in game.observation_layout()] == list(layout.blocks)
    assert layout.size == game.observation_size() == sum(size for _, size in layout.blocks.values())


def test_named_views_read_the_blocks_the_encoder_writes():
    """The 'deciding' view is 1 for the player to decide and 0 for the other; 'hand' counts the
    decider's hand cards by definition."""
    game = ns.Game()
    s = game.new_initial_state(3)
    p = s.current_player()
    mine, theirs = s.observation_tensor(p), s.observation_tensor(1 - p)
    layout = game.obs_layout
    assert layout.view(mine, "deciding")[0] == 1.0 and layout.view(theirs, "deciding")[0] == 0.0
    assert layout.view(mine, "hand").sum() == len(s.hand[p])
