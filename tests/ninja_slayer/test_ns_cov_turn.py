"""Ninja Slayer rules coverage: the start of the game, the turn's phases and steps, and
who gets priority in each of them (NS 403, 500-505, 600-602)."""

from __future__ import annotations

from ns_scenario import (
    D_ATTACKER,
    D_ETHER,
    D_PRIORITY,
    PASS,
    act,
    enter,
    hand,
    ids,
    scene,
    until,
)
from tcgzoo.envs.ninja_slayer import Game
from tcgzoo.envs.ninja_slayer.layout import ST_CHARACTER, ST_DRAW, ST_END, ST_ETHER, ST_IKUSA, ST_UNTAP
from tcgzoo.envs.ninja_slayer.records import SO_KIND
from tcgzoo.envs.ninja_slayer.state import K_CARD


def _priorities_of_one_turn(s):
    """Pass everything from the current ether decision to the next turn's ether decision,
    recording (step, player) of every priority decision and the step of the aisatsu one."""
    seen = []
    tp = s.tp
    act(s, PASS)  # no ether card
    while not (s.dkind == D_ETHER and s.tp != tp):
        if s.dkind == D_PRIORITY:
            seen.append((s.step, s.dplayer))
        elif s.dkind == D_ATTACKER:
            seen.append((s.step, "attacker"))
        act(s, PASS)
    return seen


def test_the_first_player_starts_the_first_turn_at_its_untap_step():
    """NS 403.4, NS 502.1: the randomly chosen first player is the turn player of turn 1,
    which begins with the start phase's untap step (its priority is the first decision)."""
    for fp in (0, 1):
        s = Game(first_player=fp, concession=False, auto_forced=False).new_initial_state(11)
        assert s.turn == 1 and s.tp == fp
        assert s.step == ST_UNTAP and s.dkind == D_PRIORITY and s.dplayer == fp


def test_start_phase_steps_run_untap_draw_ether_in_order_each_with_priority():
    """NS 502.1, NS 502.2c, NS 502.3c, NS 502.4c, NS 503.2, NS 505.2, NS 802.2: each step of
    the turn gives priority to the turn player first, then to the non-turn player; the
    steps come in the order untap, draw, ether, character, ikusa, end."""
    s = scene(p1=dict(hand=["TZNS-25"], ether=["TZNS-29"], damage=["TZNS-29"]))
    seen = _priorities_of_one_turn(s)
    # the scene starts at the ether decision: ether-step priority onwards
    steps = []
    for st, _who in seen:
        if not steps or steps[-1] != st:
            steps.append(st)
    assert steps == [ST_ETHER, ST_CHARACTER, ST_IKUSA, ST_END, ST_UNTAP, ST_DRAW]
    for st in (ST_ETHER, ST_CHARACTER, ST_END, ST_UNTAP, ST_DRAW):
        who = [w for x, w in seen if x == st]
        assert who[:2] == [0, 1] if st not in (ST_UNTAP, ST_DRAW) else who[:2] == [1, 0], (st, who)


def test_the_non_turn_player_may_enter_a_kotodama_in_every_step():
    """NS 502.2c, NS 502.3c, NS 502.4c, NS 503.2, NS 505.2, NS 801.1, NS 802.4b: priority
    processing lets its holder take what is possible now: the non-turn player's payable
    kotodama is offered at its priority in each step of the opponent's turn."""
    s = scene(p1=dict(hand=["TZNS-25"], ether=["TZNS-29"], damage=["TZNS-29"]))
    offered = set()
    act(s, PASS)
    while not (s.dkind == D_ETHER and s.tp == 1):
        if s.dkind == D_PRIORITY and s.dplayer == 1 and s.tp == 0:
            assert hand(s, "TZNS-25") in s.legal and PASS in s.legal
            offered.add(s.step)
        act(s, PASS)
    assert offered == {ST_ETHER, ST_CHARACTER, ST_IKUSA, ST_END}
    s = scene(p0=dict(hand=["TZNS-25"], ether=["TZNS-29"], damage=["TZNS-29"]))
    act(s, PASS)
    until(s, D_ETHER, 1)
    offered = set()
    while s.dkind != D_ETHER or s.tp == 1:
        if s.dkind == D_PRIORITY and s.dplayer == 0:
            offered.add(s.step)
            assert hand(s, "TZNS-25") in s.legal
        act(s, PASS)
        if s.tp == 1 and s.step == ST_ETHER and s.dkind == D_ETHER:
            act(s, PASS)
    assert {ST_UNTAP, ST_DRAW} <= offered


def test_characters_are_entered_only_in_the_character_phase_any_number_of_times():
    """NS 503.2, NS 601.1, NS 601.2, NS 602.1, NS 602.2, NS 802.4d-1, NS 1206.2: in its
    character phase, with an empty kotodama space, the turn player may enter hand
    characters one after another; each resolves onto its controller's field."""
    s = scene(p0=dict(hand=["TZNS-31", "TZNS-31", "TZNS-17"], ether=["TZNS-29"] * 3))
    act(s, PASS)
    while s.step != ST_CHARACTER:
        assert not any(a != PASS for a in s.legal if s.dplayer == 0)
        act(s, PASS)
    assert s.dplayer == 0 and hand(s, "TZNS-31") in s.legal and hand(s, "TZNS-17") in s.legal
    for cid in ("TZNS-31", "TZNS-17", "TZNS-31"):
        enter(s, cid)
        assert s.kstack and s.kstack[-1][SO_KIND] == K_CARD
        assert s.dplayer == 0 and all(a == PASS for a in s.legal)  # NS 602.1: kotodama space not empty
        act(s, PASS)
        act(s, PASS)
        assert not s.kstack and s.step == ST_CHARACTER and s.dplayer == 0
    assert sorted(ids(s, s.field[0])) == ["TZNS-17", "TZNS-31", "TZNS-31"]


def test_the_non_turn_player_never_enters_characters():
    """NS 602.1, NS 1206.1: only the turn player enters characters, only in its own
    character phase; the opponent's payable character is never offered."""
    s = scene(p1=dict(hand=["TZNS-31"], ether=["TZNS-29", "TZNS-29"]))
    act(s, PASS)
    while s.tp == 0:
        if s.dkind == D_PRIORITY and s.dplayer == 1:
            assert s.legal == [PASS]
        act(s, PASS)


def test_the_ikusa_phase_follows_the_character_phase():
    """NS 504.1, NS 701.1: after the character phase the ikusa phase runs (aisatsu is
    asked there), then the end phase."""
    s = scene(p0=dict(field=["TZNS-31"]))
    seen = _priorities_of_one_turn(s)
    steps = [st for st, _ in seen]
    k = steps.index(ST_IKUSA)
    assert ST_CHARACTER in steps[:k] and ST_END in steps[k:]
    assert (ST_IKUSA, "attacker") in seen


def test_turns_alternate_and_the_turn_number_grows():
    """NS 105.1, NS 505.4: the turn player alternates; the other player is the non-turn
    player; the observation's 'my turn' flag follows it."""
    g = Game(first_player=0, concession=False)
    s = g.new_initial_state(2)
    lay = {name: (a, b) for a, b, name in g.observation_layout()}
    glob = next(v for k, v in lay.items() if k.startswith("global"))
    seen = []
    while len(seen) < 4 and not s.is_terminal():
        if s.dkind == D_ETHER:
            for p in (0, 1):
                assert s.observation_tensor(p)[glob[0] + 1] == (1.0 if p == s.tp else 0.0)
            if not seen or seen[-1] != (s.turn, s.tp):
                seen.append((s.turn, s.tp))
        a = PASS if PASS in s.legal else s.legal[0]
        s.apply_action(a)
    assert seen == [(1, 0), (2, 1), (3, 0), (4, 1)]


def test_there_is_no_hand_size_limit():
    """NS 305.5: a player keeps any number of hand cards through the end of the turn."""
    s = scene(p0=dict(hand=["TZNS-29"] * 14))
    act(s, PASS)
    until(s, D_ETHER, 1)
    assert len(s.hand[0]) == 14 and s.ohigan[0] == []


def test_game_is_two_player():
    """NS 102.1: exactly two players; each decision belongs to player 0 or 1 and the
    returns are zero-sum over the two."""
    g = Game()
    s = g.new_initial_state(4)
    assert len(s.hand) == len(s.deck) == len(s.field) == 2
    n = 0
    while not s.is_terminal() and n < 400:
        assert s.current_player() in (0, 1)
        s.apply_action(s.legal_actions()[-2] if len(s.legal_actions()) > 1 else s.legal_actions()[0])
        n += 1
    if not s.is_terminal():
        s.apply_action(s.CONCEDE)
    r = s.returns()
    assert len(r) == 2 and sum(r) == 0
