"""The observation layout (issue 11, part 4): one ``ObsLayout`` of the kernel, the package
docstring's table held to it, and the decision context the rules publish in state fields
(``ctx_*``) for the views, which never read the frames."""

from __future__ import annotations

import numpy as np
import tcgzoo.envs.battle_spirits as bs
from bs_scenario import D_MAIN, D_ORDER, D_PAY, D_PLACE, OPTION, PASS, RESERVE, act, find, hand_slot, play, scene
from tcgzoo.envs.battle_spirits.encoding import ObsLayout
from tcgzoo.envs.core.obs import ObsLayout as CoreObsLayout


def test_the_docstring_table_is_the_layout():
    """The package docstring's Observation table names the blocks in order with their sizes in N,
    for the built-in pool and for any other pool size."""
    game = bs.Game()
    assert isinstance(game.obs_layout, CoreObsLayout)
    assert game.obs_layout.check_docstring(bs.__doc__) == []
    assert ObsLayout(5).check_docstring(bs.__doc__) == []
    rows = game.observation_layout()
    assert rows[0][0] == 0 and rows[-1][1] == game.observation_size() - 1 == 7172
    assert all(b[0] == a[1] + 1 for a, b in zip(rows, rows[1:]))


def test_the_decision_context_is_published_in_state_fields():
    """BS 11-1-1-5, 11-1-1-6: while Red Wolf's cost is paid and its cores placed, the state names
    the card and the cores left (``ctx_card``, ``ctx_cores``, ``ctx_placing``); the observation's
    views show them; back in the main step the context is empty again."""
    s = scene(p0=dict(hand=["T-S2"], reserve=5))
    wolf = find(s, 0, "T-S2", "hand")
    act(s, hand_slot(s, wolf))
    assert s.dkind == D_PAY
    cost = s.ctx_cores
    assert s.ctx_card == wolf and cost > 0 and s.ctx_placing == -1
    lay = s.game.obs_layout
    obs = s.observation_tensor(1)
    k = s.cdef[wolf]
    assert np.flatnonzero(lay.view(obs, "context")).tolist() == [k]
    assert lay.view(obs, "count")[0] == np.float32(cost / 10)
    act(s, RESERVE)
    assert s.ctx_cores == cost - 1
    while s.dkind == D_PAY:
        act(s, RESERVE)
    assert s.dkind == D_PLACE and s.ctx_card == wolf and s.ctx_placing == wolf
    assert s.ctx_cores == s.defs[k].lv_cores[0]
    while s.dkind == D_PLACE:
        act(s, PASS if PASS in s.legal else RESERVE)
    assert s.dkind == D_MAIN
    assert (s.ctx_card, s.ctx_cores, s.ctx_placing, s.ctx_batch, s.ctx_controller) == (-1, 0, -1, -1, -1)
    assert not lay.view(s.observation_tensor(0), "context").any()
    c = s.clone()
    assert (c.ctx_card, c.ctx_cores, c.ctx_placing) == (s.ctx_card, s.ctx_cores, s.ctx_placing)


def test_a_trigger_order_decision_publishes_its_batch():
    """BS 9-1-5-8: Summon Seer's and Herald's triggers wait together; the order decision names
    their batch (``ctx_batch``), whose source cards the 'order' view and the action strings
    show, option k for the k-th; once ordered, the context is empty again."""
    s = scene(p0=dict(hand=["T-T1"], deck=3), p1=dict(field=["T-T14"], deck=3))
    seer = play(s, "T-T1")
    herald = find(s, 1, "T-T14")
    assert s.dkind == D_ORDER and s.ctx_batch >= 0
    sources = [t[0] for t in s.tq[s.ctx_batch]]
    assert sorted(sources) == sorted([seer, herald])
    lay = s.game.obs_layout
    n = lay.n
    order = lay.view(s.observation_tensor(0), "order").reshape(-1, n)
    for k, i in enumerate(sources):
        assert np.flatnonzero(order[k]).tolist() == [s.cdef[i]]
        assert s.defs[s.cdef[i]].name in s.action_to_string(OPTION + k)
    act(s, OPTION)
    assert s.dkind == D_MAIN and s.ctx_batch == -1
