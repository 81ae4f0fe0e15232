"""The observation layout (the kernel's ObsLayout, #11 part 4) and the decision context the views
read from state fields, never from the rules' frames."""

from __future__ import annotations

import inspect
import random

import tcgzoo.envs.leader_melee as lm
from lm_scene import R, act, attack, hand_slot, idx, scene
from tcgzoo.envs.core.obs import ObsLayout as CoreObsLayout
from tcgzoo.envs.leader_melee import encoding
from tcgzoo.envs.leader_melee.layout import D_ORDER_REPLACEMENT, D_PAY_ENERGY, D_YES_NO, OPP_BATTLE, OWN_BATTLE, PASS


def test_docstring_table_is_the_layout():
    """The module docstring's Observation table names every block, in order, with its size in N."""
    lay = lm.Game().obs_layout
    assert isinstance(lay, CoreObsLayout)
    assert lay.check_docstring(lm.__doc__) == []
    wrong = lm.__doc__.replace("leaders           2 x (N+4)", "leaders           2 x (N+5)")
    assert lay.check_docstring(wrong) == [
        f"block 'leaders': the docstring's size '2 x (N+5)' gives {2 * (lay.n + 5)}, the layout has {2 * (lay.n + 4)}"
    ]


def test_blocks_tile_the_observation_and_keep_their_start_attributes():
    g = lm.Game()
    lay = g.obs_layout
    s = g.new_initial_state(3)
    assert s.observation_tensor(0).shape == (lay.size,)
    start = 0
    for name, (first, size) in lay.blocks.items():
        assert first == start and getattr(lay, "o_" + name) == first
        start += size
    assert start == lay.size
    assert g.observation_layout() == lay.table()


def test_encoders_never_read_frames():
    """Views read state only: the encoder module does not touch the rules' stack of frames."""
    src = inspect.getsource(encoding)
    assert ".stack" not in src and "top[" not in src


def test_context_while_paying_names_the_card_and_the_energy_left():
    """LM 2-10-1 / 8-6-2-3: while a card's energy is paid, ``decision_ctx`` says which card and
    how much is left, and the context block shows them."""
    s = scene(p0=dict(hand=["T-V2"], energy=3))
    act(s, hand_slot(s, 0, "T-V2"))
    assert s.dkind == D_PAY_ENERGY
    u = s.hand[0][0]
    lay = s.game.obs_layout
    assert s.decision_ctx == R.DecisionContext(card=u, pay=2)
    ctx = lay.view(s.observation_tensor(0), "context")
    assert ctx[s.cdef[u]] == 1.0 and abs(ctx[lay.n] - 0.2) < 1e-6
    act(s, s.legal_actions()[0])
    assert s.dkind == D_PAY_ENERGY and s.decision_ctx.pay == 1
    act(s, s.legal_actions()[0])
    assert s.decision_ctx == R.NO_CONTEXT  # the card is in play: the free timing has no context
    assert not lay.view(s.observation_tensor(0), "context").any()


def test_context_of_replacements_to_order_and_offered():
    """LM 8-10-2: ORDER_REPLACEMENT publishes the candidate keys (鉄壁 first, then the card's own);
    LM 8-10-3: an optional replacement asked as yes / no names its source card."""
    s = scene(p0=dict(battle=["T-BK"]), p1=dict(battle=["E-RR"]))
    attack(s, OWN_BATTLE + 0, OPP_BATTLE + 0)
    act(s, PASS)
    u = s.battle[1][0]
    assert s.dkind == D_ORDER_REPLACEMENT and s.decision_ctx == _published(s)
    pending = s.decision_ctx.pending
    assert [k[R.K_CARD] for k in pending] == [u, u] and pending[0][R.K_ABILITY] == R.AI_IRON
    pend = s.game.obs_layout.view(s.observation_tensor(1), "pending")
    n = s.game.obs_layout.n
    assert pend[s.cdef[u]] == 1.0 and pend[n + s.cdef[u]] == 1.0 and pend[2 * n :].sum() == 0
    assert s.action_to_string(s.legal_actions()[0]).endswith("鉄壁")
    s = scene(p0=dict(battle=["T-BK"]), p1=dict(battle=["T-V1", "E-RS"]))
    attack(s, OWN_BATTLE + 0, OPP_BATTLE + 0)
    act(s, PASS)
    card = s.decision_ctx.card
    assert s.decision_ctx == _published(s)
    assert s.dkind == D_YES_NO and card == s.battle[1][1] and s.cdef[card] == idx(s, "E-RS")


def _published(s):
    """The context ``publish`` reads from the asking frame: the reference every ask site must agree with."""
    c = s.clone()
    R.publish(c)
    return c.decision_ctx


def test_every_ask_sets_the_context_publish_reads():
    """Each place that asks a decision sets ``decision_ctx`` (NO_CONTEXT or the frame's context); in random
    games of every deck pairing it equals what ``publish`` reads from the asking frame, a clone shares it
    and a replay from the seed rebuilds it."""
    decks = ["red_rush", "blue_control", "green_ramp", "yellow_unity"]
    seen = set()
    for k, (a, b) in enumerate([(a, b) for a in decks for b in decks]):
        g = lm.Game(decks=(a, b), concession=False)
        rng = random.Random(k)
        s = g.new_initial_state(k)
        while not s.is_terminal():
            assert s.decision_ctx == _published(s), (a, b, k, len(s.history), s.decision_name())
            assert s.clone().decision_ctx == s.decision_ctx
            seen.add(s.decision_ctx is R.NO_CONTEXT)
            la = s.legal_actions()
            s.apply_action(la[rng.randrange(len(la))])
        r = g.new_initial_state(k)
        for x in s.history[:-1]:
            r.apply_action(x)
        assert r.decision_ctx == _published(r)
    assert seen == {True, False}  # decisions with and without a context
