"""Battle Spirits rules: winning and losing (1-3), deck construction (6-1) and the
preparations before the first turn (6-2)."""

from __future__ import annotations

import pytest
from bs_scenario import (
    CARD_FILES,
    D_ATTACK,
    D_BLOCK,
    D_MAIN,
    OPTION,
    PASS,
    act,
    attack,
    find,
    new_state,
    pass_flash,
    play,
    scene,
    strings,
)
from tcgzoo.envs.battle_spirits import Game
from tcgzoo.envs.battle_spirits.layout import D_FIRST, D_MULLIGAN, ST_MAIN
from tcgzoo.envs.battle_spirits.state import S_RESERVE, Z_DECK, Z_HAND
from tcgzoo.envs.core.errors import DeckError


# ---------------------------------------------------------------------------- 1-3 win / lose
def test_concede_at_any_decision_loses_at_once():
    """BS 1-3-4, BS 1-3-5: the non-turn player concedes in the middle of a battle (block
    decision); the opponent wins at once and nothing else is processed."""
    s = scene(p0=dict(field=["T-S1"]), p1=dict(field=["T-S2"]))
    attack(s, find(s, 0, "T-S1"))
    pass_flash(s)
    assert s.dkind == D_BLOCK and s.current_player() == 1
    assert s.CONCEDE in s.legal_actions()
    act(s, s.CONCEDE)
    assert s.is_terminal() and s.returns() == [1.0, -1.0]
    assert s.life == [5, 5]  # no battle resolution after a concession


def test_concession_is_not_an_action_when_disabled():
    """BS 1-3-4: concession is a player's decision; with the option off it is never offered."""
    s = new_state(concession=False)
    assert s.CONCEDE not in s.legal_actions()


def test_life_zero_by_attack_wins_at_that_moment():
    """BS 1-3-1, BS 1-3-2-1, BS 10-2-1, BS 10-2-1-1: an unblocked attack takes the last life
    core; the attacker's controller wins at once."""
    s = scene(p0=dict(field=["T-S1"]), p1=dict(life=1))
    attack(s, find(s, 0, "T-S1"))
    pass_flash(s)  # P1 has no spirit: no block decision
    assert s.is_terminal() and s.returns() == [1.0, -1.0]
    assert s.life[1] == 0


def test_life_zero_ends_the_game_without_resolving_triggers():
    """BS 1-3-7, BS 10-1-2: life reaching 0 ends the game before 'when your life decreases'
    and 'battle end' effects resolve."""
    s = scene(p0=dict(field=["T-T6"], deck=5), p1=dict(field=[("T-T15", 1)], life=1, deck=5))
    s.exh[find(s, 1, "T-T15")] = 1  # cannot block
    attack(s, find(s, 0, "T-T6"))
    pass_flash(s)
    assert s.is_terminal() and s.returns() == [1.0, -1.0]
    assert len(s.hand[0]) == 0 and len(s.hand[1]) == 0  # neither Echo nor Scar drew
    assert not s.pending or s.is_terminal()


def test_effect_that_empties_life_ends_the_game_mid_resolution():
    """BS 1-3-6: Burn (5 damage, then draw 1) wins during its resolution: the draw after
    the damage is never done."""
    s = scene(p0=dict(hand=["T-M18"], deck=5))
    play(s, "T-M18")
    assert s.is_terminal() and s.returns() == [1.0, -1.0]
    assert len(s.hand[0]) == 0 and len(s.deck[0]) == 5


def test_deck_out_loses_at_own_start_step():
    """BS 1-3-2-2, BS 7-2-2, BS 10-2-1-2, BS-R4: a player with an empty deck loses when
    their own start step checks it."""
    s = scene(step="start", tp=1, p1=dict(deck=0))
    assert s.is_terminal() and s.returns() == [1.0, -1.0]


def test_deck_out_is_not_checked_in_the_opponents_turn():
    """BS 1-3-2-2, BS-R4: player 1's empty deck does not end player 0's turn; player 1
    loses only at their own start step."""
    s = scene(step="main", tp=0, p1=dict(deck=0))
    assert s.dkind == D_MAIN and not s.is_terminal()
    act(s, PASS)  # main
    assert s.dkind == D_ATTACK
    act(s, PASS)  # attack step
    act(s, PASS)  # second main
    assert s.is_terminal() and s.returns() == [1.0, -1.0]
    assert s.tp == 1 and s.turn == 4


def test_deck_out_ends_the_game_before_start_step_triggers_resolve():
    """BS 1-3-8, BS 7-2-2: the deck check comes before the start step's pending triggers
    resolve; Alarm's 5 damage at player 1's start step is never dealt, player 1 loses."""
    s = scene(step="start", tp=1, p1=dict(deck=0, field=["T-T12"]))
    assert s.is_terminal()
    assert s.returns() == [1.0, -1.0]
    assert s.life[0] == 5


def test_start_step_trigger_resolves_when_the_deck_is_not_empty():
    """BS 7-2-1, BS 7-2-2: with cards in the deck the start step's triggers resolve after
    the check (Alarm deals 5: player 1 wins)."""
    s = scene(step="start", tp=1, p1=dict(deck=3, field=["T-T12"]))
    assert s.is_terminal() and s.returns() == [-1.0, 1.0]


def test_drawing_from_an_empty_deck_draws_nothing():
    """BS-R4, BS 1-4-2, BS 5-6-3: Double Draw with one card in the deck draws that card;
    with none it draws nothing, and nobody loses."""
    s = scene(p0=dict(hand=["T-M1", "T-M1"], deck=1, reserve=6))
    play(s, "T-M1")
    assert len(s.hand[0]) == 2 and len(s.deck[0]) == 0
    play(s, "T-M1")
    assert len(s.hand[0]) == 1 and not s.is_terminal() and s.dkind == D_MAIN


def test_zero_draw_does_nothing():
    """BS 5-6-3, BS 1-4-2-3: 'draw 0' does nothing."""
    s = scene(p0=dict(hand=["T-M22"], deck=4))
    play(s, "T-M22")
    assert len(s.hand[0]) == 0 and len(s.deck[0]) == 4


# ---------------------------------------------------------------------------- 6-1 decks
def _deck_file(tmp_path, name, cards):
    lines = [f"name: {name}", "cards:"] + [f"  {k}: {v}" for k, v in cards.items()]
    path = tmp_path / f"{name}.yaml"
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def _fillers(n_names, copies=3):
    return {f"T-F{k:02d}": copies for k in range(1, n_names + 1)}


def test_deck_needs_40_cards(tmp_path):
    """BS 6-1-1, BS 6-2-1-1: a 39-card deck is refused when the game is set up; 40 is enough."""
    short = _fillers(13)  # 39 cards
    bad = _deck_file(tmp_path, "short", short)
    with pytest.raises(DeckError, match="6-1-1"):
        Game(decks=[bad, bad], builtin_cards=False, cards=list(CARD_FILES))
    ok = _deck_file(tmp_path, "ok", {**_fillers(13), "T-S1": 1})
    assert len(Game(decks=[ok, ok], builtin_cards=False, cards=list(CARD_FILES)).decks[0]) == 40


def test_deck_allows_three_cards_of_a_name(tmp_path):
    """BS 6-1-1-2: four cards of one name make the deck illegal."""
    bad = _deck_file(tmp_path, "four", {**_fillers(13), "T-F14": 4})
    with pytest.raises(DeckError, match="6-1-1-2"):
        Game(decks=[bad, bad], builtin_cards=False, cards=list(CARD_FILES))


def test_cards_of_one_name_count_together(tmp_path):
    """BS 6-1-1-2, BS 2-12-3: two different card numbers with the same name 'Red Pup' count
    as one name: 2 + 2 copies is too many."""
    bad = _deck_file(tmp_path, "same_name", {**_fillers(12), "T-S1": 2, "T-S10": 2})
    with pytest.raises(DeckError, match="Red Pup"):
        Game(decks=[bad, bad], builtin_cards=False, cards=list(CARD_FILES))


def test_name_id_numbers_count_separately_in_deck_building(tmp_path):
    """BS 6-1-1-2-1, BS 2-1-4: 'Named Knight' and 'Named Knight[2]' may be in a deck three
    times each; a deck of spirit, nexus and magic cards (BS 6-1-1-1, BS 3-2-2, BS 3-3-2,
    BS 3-4-2)."""
    path = _deck_file(tmp_path, "ids", {**_fillers(11), "T-S8": 3, "T-S9": 3, "T-N1": 1, "T-M1": 1})
    g = Game(decks=[path, path], builtin_cards=False, cards=list(CARD_FILES))
    assert len(g.decks[0]) == 41


# ---------------------------------------------------------------------------- 6-2 preparations
def test_setup_cores_life_reserve_soul_and_four_cards():
    """BS 6-2-1-3, BS 6-2-1-4, BS 6-2-1-5, BS 5-7-1: each player starts with 5 life cores,
    3 reserve cores plus the soul core, 4 cards in hand and the rest face down in the deck."""
    s = new_state(seed=11)
    n = len(s.game.decks[0])
    for p in (0, 1):
        assert s.life[p] == 5 and s.reserve[p] == 3 and s.soul[p] == S_RESERVE
        assert len(s.hand[p]) == 4 and len(s.deck[p]) == n - 4
        assert all(s.zone[i] == Z_HAND for i in s.hand[p])
        assert all(s.zone[i] == Z_DECK for i in s.deck[p])
        assert s.tcores[p] == 0 and not s.field[p] and not s.trash[p]


def test_setup_shuffles_decks():
    """BS 6-2-1-2, BS 4-2-4: different seeds give different deck orders."""
    orders = {tuple(new_state(seed=k).deck[0]) for k in range(4)}
    assert len(orders) > 1


def test_winner_of_the_draw_chooses_first_or_second():
    """BS 6-2-1-6, BS-R3, BS 6-2-1-9: the draw winner sees the hand and chooses; choosing
    'second' makes the other player the first player, whose turn 1 starts the game."""
    s = new_state(seed=5, first_player=None)
    assert s.dkind == D_FIRST
    chooser = s.current_player()
    assert len(s.hand[chooser]) == 4  # the hand is dealt before the choice
    assert strings(s)[:2] == ["go first", "go second"]
    act(s, OPTION + 1)
    first = 1 - chooser
    assert s.first == first
    assert s.dkind == D_MULLIGAN and s.current_player() == first  # BS 6-2-1-7
    act(s, OPTION)
    assert s.dkind == D_MULLIGAN and s.current_player() == chooser
    act(s, OPTION)
    assert s.turn == 1 and s.tp == first and s.step == ST_MAIN


def test_mulligan_first_player_first_once_each_and_redraw():
    """BS 6-2-1-7, BS 6-2-1-8: first player then second player choose once; a redraw puts
    the whole hand back, shuffles and draws 4 again."""
    s = new_state(seed=3)
    assert s.dkind == D_MULLIGAN and s.current_player() == 0
    before = list(s.hand[0])
    n = len(s.deck[0])
    act(s, OPTION + 1)  # redraw
    assert len(s.hand[0]) == 4 and len(s.deck[0]) == n
    assert all(s.zone[i] == Z_HAND for i in s.hand[0])
    assert all(s.zone[i] in (Z_HAND, Z_DECK) for i in before)
    assert s.dkind == D_MULLIGAN and s.current_player() == 1
    act(s, OPTION)
    assert s.dkind == D_MAIN and s.current_player() == 0  # no second chance for anyone


def test_keeping_leaves_the_hand_as_dealt():
    """BS 6-2-1-7: the redraw is optional."""
    s = new_state(seed=3)
    before = list(s.hand[0])
    act(s, OPTION)
    assert s.hand[0] == before


def test_standard_format_takes_only_letter_block_icons(tmp_path):
    """BS 1-1-1, BS 2-13-1-2-1: a card whose block icon is a number (or that has none) is
    Eternal-only: a Standard deck with it is illegal, an Eternal one is not."""
    import yaml
    from tcgzoo.envs.battle_spirits import Game
    from tcgzoo.envs.core.errors import DeckError

    cards = [
        {
            "id": f"E-{k}",
            "name": f"Old {k}",
            "type": "spirit",
            "colors": ["red"],
            "cost": 1,
            "levels": [{"cores": 1, "bp": 1000}],
            "block": 7 if k == 0 else "B",
        }
        for k in range(14)
    ]
    (tmp_path / "c.yaml").write_text(yaml.safe_dump({"cards": cards}))
    deck = {"name": "old", "cards": {c["id"]: 3 for c in cards}}
    (tmp_path / "d.yaml").write_text(yaml.safe_dump(deck))
    kw = dict(decks=[str(tmp_path / "d.yaml")] * 2, builtin_cards=False, cards=[str(tmp_path / "c.yaml")])
    with pytest.raises(DeckError, match=r"card 'Old 0': block icon '7' is not a letter.*\(rule BS 1-1-1\)"):
        Game(**kw)
    assert Game(format="eternal", **kw).new_initial_state(0).current_player() in (0, 1)
