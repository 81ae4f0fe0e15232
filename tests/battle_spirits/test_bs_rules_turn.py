"""Battle Spirits rules: the turn and its eight steps (7-x), the main step's actions and
core moves (7-6), and what the first player's first turn lacks."""

from __future__ import annotations

from bs_scenario import (
    D_ATTACK,
    D_MAIN,
    D_OPTIONAL,
    FIELD,
    FIELD_SOUL,
    MOVE_CORE,
    OPTION,
    PASS,
    RESERVE,
    RESERVE_SOUL,
    act,
    attack,
    decide,
    find,
    pass_flash,
    play,
    scene,
    started,
    strings,
)
from tcgzoo.envs.battle_spirits.layout import (
    D_MOVE_DST,
    D_MOVE_SRC,
    ST_ATTACK,
    ST_CORE,
    ST_DRAW,
    ST_END,
    ST_MAIN,
    ST_MAIN2,
    ST_REFRESH,
    ST_START,
)
from tcgzoo.envs.battle_spirits.state import S_RESERVE


def test_first_players_first_turn_has_no_core_attack_or_second_main_step():
    """BS 7-3-3, BS 7-7-2, BS 7-8-2, BS 7-4-2, BS 7-9-1-3: the first player's turn 1 draws a
    card but gains no core; ending its main step goes straight to the end step and the
    second player's turn 2, which has a core step."""
    s = started(seed=2)
    assert s.turn == 1 and s.tp == 0 and s.step == ST_MAIN
    assert len(s.hand[0]) == 5 and s.reserve[0] == 3 and s.gained[0] == 0
    act(s, PASS)
    assert s.turn == 2 and s.tp == 1 and s.step == ST_MAIN and s.dkind == D_MAIN
    assert s.reserve[1] == 4 and s.gained[1] == 1  # BS 7-3-2
    assert len(s.hand[1]) == 5  # BS 7-4-2
    act(s, PASS)
    assert s.dkind == D_ATTACK and s.step == ST_ATTACK  # the second player's turn 2 has one


def test_steps_run_in_order_with_their_triggers():
    """BS 7-1-1, BS 7-1-2, BS 7-2-1, BS 7-3-1, BS 7-4-1, BS 7-5-1, BS 7-6-1-1, BS 7-7-3-1,
    BS 7-8-1, BS 7-9-1-1, BS 7-9-1-3, BS 5-3-2, BS 5-3-3: Watcher's step triggers come in
    step order; the second main step allows main-step actions; the opponent's end step
    triggers 'opponent's end step'; then the opponent's turn starts."""
    s = scene(step="start", turn=3, tp=0, p0=dict(field=["T-N2"], deck=10), p1=dict(deck=10))
    seen = []
    while s.dkind == D_OPTIONAL:
        seen.append(s.step)
        decide(s, False)
    assert seen == [ST_START, ST_CORE, ST_DRAW, ST_REFRESH, ST_MAIN]
    assert s.dkind == D_MAIN and s.step == ST_MAIN
    act(s, PASS)
    assert s.dkind == D_OPTIONAL and s.step == ST_ATTACK
    decide(s, False)
    assert s.dkind == D_ATTACK
    act(s, PASS)
    assert s.dkind == D_MAIN and s.step == ST_MAIN2 and MOVE_CORE in s.legal
    act(s, PASS)
    assert s.dkind == D_OPTIONAL and s.step == ST_END and s.tp == 0
    decide(s, False)
    assert s.tp == 1 and s.turn == 4 and s.dkind == D_MAIN  # player 1's turn
    act(s, PASS)
    act(s, PASS)
    act(s, PASS)
    assert s.dkind == D_OPTIONAL and s.step == ST_END and s.tp == 1 and s.current_player() == 0
    decide(s, True)
    assert s.tp == 0 and s.turn == 5


def test_core_step_adds_one_core_from_the_void():
    """BS 7-3-2, BS 4-8-1: the turn player's reserve gains a core from the void."""
    s = scene(step="core", p0=dict(reserve=2))
    assert s.reserve[0] == 3 and s.gained[0] == 1 + (2 + 5 - 8)


def test_draw_step_draws_one():
    """BS 7-4-2, BS 5-6-2: one card from the top of the deck into the hand."""
    s = scene(step="draw", p0=dict(deck=["T-S1", "T-S2"]))
    assert [s.defs[s.cdef[i]].id for i in s.hand[0]] == ["T-S2"]
    assert len(s.deck[0]) == 1


def test_refresh_recovers_cards_and_returns_trash_cores_and_the_soul_core():
    """BS 7-5-2, BS 5-14-1, BS 5-14-2: exhausted cards recover, a heavily exhausted card
    becomes exhausted, and every trash core, the soul core too, goes to the reserve."""
    s = scene(
        step="refresh",
        p0=dict(field=[dict(id="T-S1", exh=1), dict(id="T-S2", exh=2)], reserve=0, tcores=4, soul="trash"),
    )
    a, b = find(s, 0, "T-S1"), find(s, 0, "T-S2")
    assert s.exh[a] == 0 and s.exh[b] == 1
    assert s.reserve[0] == 4 and s.tcores[0] == 0 and s.soul[0] == S_RESERVE


def test_refresh_does_not_touch_the_opponents_cards():
    """BS 7-5-2: only the turn player's own field and trash are refreshed."""
    s = scene(step="refresh", p1=dict(field=[dict(id="T-S1", exh=1)], tcores=2, reserve=1))
    assert s.exh[find(s, 1, "T-S1")] == 1 and s.tcores[1] == 2


def test_main_step_offers_every_kind_of_action():
    """BS 7-6-1-2, BS 7-6-1-2-1: summon, deploy, use magic, move cores, activate a main
    effect, or end the step."""
    s = scene(p0=dict(hand=["T-S1", "T-N3", "T-M26"], field=["T-A1"]))
    got = strings(s)
    assert "play hand 0: Red Pup" in got or any("Red Pup" in g for g in got)
    assert any("Deploy Gate" in g for g in got) and any("Main Only" in g for g in got)
    assert any(g.startswith("activate field 0") for g in got)
    assert "move a core" in got and "end step" in got


def test_turn_player_acts_again_after_each_action():
    """BS 7-6-1-2-3, BS 7-6-1-2-4: after a summon resolves the turn player acts again;
    ending the main step moves on to the attack step."""
    s = scene(p0=dict(hand=["T-S1", "T-T1"]))
    play(s, "T-T1")
    assert s.dkind == D_MAIN and s.current_player() == 0
    play(s, "T-S1")
    assert s.dkind == D_MAIN
    act(s, PASS)
    assert s.step == ST_ATTACK


def test_core_moves_between_reserve_and_field_cards():
    """BS 7-6-1-2-2: cores move reserve -> card, card -> card, card -> reserve; BS 1-4-2-2: a
    core is never moved onto the card it comes from."""
    s = scene(p0=dict(field=[("T-S1", 1), ("T-S2", 1)], reserve=1))
    a, b = find(s, 0, "T-S1"), find(s, 0, "T-S2")
    ja, jb = s.field[0].index(a), s.field[0].index(b)
    act(s, MOVE_CORE)
    assert s.dkind == D_MOVE_SRC
    act(s, RESERVE)
    assert s.dkind == D_MOVE_DST and RESERVE not in s.legal
    act(s, FIELD + ja)
    assert s.cores[a] == 2 and s.reserve[0] == 0
    act(s, MOVE_CORE)
    act(s, FIELD + ja)
    assert FIELD + ja not in s.legal and FIELD + jb in s.legal and RESERVE in s.legal  # BS 1-4-2-2
    act(s, FIELD + jb)
    assert s.cores[a] == 1 and s.cores[b] == 2
    act(s, MOVE_CORE)
    act(s, FIELD + jb)
    act(s, RESERVE)
    assert s.cores[b] == 1 and s.reserve[0] == 1


def test_soul_core_can_be_swapped_onto_a_field_card_and_back():
    """BS 7-6-1-2-2, BS 5-7-3: the soul core moves like a core (reserve -> card -> reserve)."""
    s = scene(p0=dict(field=[("T-S1", 1)], reserve=0))
    a = find(s, 0, "T-S1")
    act(s, MOVE_CORE)
    act(s, RESERVE_SOUL)
    act(s, FIELD + 0)
    assert s.soul[0] == a and s.ncores(a) == 2
    act(s, MOVE_CORE)
    assert FIELD_SOUL + 0 in s.legal
    act(s, FIELD_SOUL + 0)
    act(s, RESERVE)
    assert s.soul[0] == S_RESERVE and s.cores[a] == 1


def test_moving_the_last_core_off_a_spirit_makes_it_vanish():
    """BS 3-2-5-4, BS 5-11-1, BS 10-1-2: a core move that leaves a spirit below its Lv1
    cost depletes it at once: to the trash."""
    s = scene(p0=dict(field=[("T-S1", 1)], reserve=0))
    a = find(s, 0, "T-S1")
    act(s, MOVE_CORE)
    act(s, FIELD + 0)
    act(s, RESERVE)
    assert a in s.trash[0] and s.reserve[0] == 1 and not s.field[0]


def test_attack_step_attack_or_end_then_second_main():
    """BS 7-7-1, BS 7-7-3-2, BS 8-1-7-3: in the attack step the turn player attacks with a
    spirit or ends the step; after a battle the turn player acts again."""
    s = scene(step="attack", p0=dict(field=["T-S1", "T-S2"]))
    assert s.dkind == D_ATTACK and PASS in s.legal and len(s.legal) == 4  # two spirits, pass, concede
    attack(s, find(s, 0, "T-S1"))
    pass_flash(s)
    assert s.dkind == D_ATTACK and s.life[1] == 4
    act(s, PASS)
    assert s.step == ST_MAIN2 and s.dkind == D_MAIN


def test_turn_durations_end_at_the_end_step():
    """BS 7-9-1-1: a 'this turn' BP bonus (Two Way's flash effect) ends at the end step."""
    s = scene(p0=dict(hand=["T-M3"], field=["T-S1"]))
    a = find(s, 0, "T-S1")
    play(s, "T-M3")
    act(s, OPTION + 1)  # BS 9-1-7-1-3: the flash effect
    assert s.bp(a) == 3000
    act(s, PASS)
    act(s, PASS)
    act(s, PASS)
    assert s.tp == 1 and s.bp(a) == 1000


def test_end_step_triggers_after_turn_durations_expire():
    """BS 7-9-1-1, BS 7-9-1-2: when the end step's effects resolve, 'this turn' effects have
    already ended."""
    s = scene(p0=dict(hand=["T-M3"], field=["T-S1", "T-N2"]))
    a = find(s, 0, "T-S1")
    while s.dkind == D_OPTIONAL:
        decide(s, False)
    play(s, "T-M3")
    act(s, OPTION + 1)
    act(s, PASS)
    decide(s, False)  # attack step start
    act(s, PASS)
    act(s, PASS)
    assert s.dkind == D_OPTIONAL and s.step == ST_END
    assert s.bp(a) == 1000


def test_this_turn_effects_from_end_step_triggers_end_with_the_turn():
    """BS 7-9-1-3, BS 7-9-1-1: Dusk Totem's end-step effect (+3000 'this turn') cannot last
    into the opponent's turn: the turn it was made in is over."""
    s = scene(p0=dict(field=["T-T24"]))
    t = find(s, 0, "T-T24")
    act(s, PASS)
    act(s, PASS)
    act(s, PASS)
    assert s.tp == 1 and s.dkind == D_MAIN
    assert s.bp(t) == 1000
