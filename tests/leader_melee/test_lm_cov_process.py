"""Leader Melee coverage tests: winning and losing (1-2), rule processes (9-1 .. 9-4), card text
over rules (1-3-1), invalid parts (8-3), waiting abilities whose card moved (8-7-6)."""

from __future__ import annotations

from lm_cov import cplay, cscene
from lm_scene import *  # noqa: F403
from lm_scene import R, act, attack, hand_slot, ids, pass_until
from tcgzoo.envs.core.engine import RUNNING


def test_deck_out_loses_at_once():
    """LM 1-2-2-2 (LM-R1): 0 deck cards is a loss condition; LM 1-2-2 / LM 9-1-1 / LM 9-1-2-1:
    the loss is a rule process, interrupt type: the last draw ends the game before the charge."""
    s = cscene(p1=dict(deck=1))
    e1 = len(s.energy[1])
    act(s, PASS)
    act(s, PASS)
    assert s.is_terminal() and s.returns() == [1.0, -1.0] and len(s.energy[1]) == e1


def test_effect_loss_ends_the_game_mid_resolution():
    """LM 1-2-1b: an effect that makes a player lose ends the game at once, in the middle of its
    resolution: 'deal 1 damage, then draw 1' against 1 life never draws."""
    s = cscene(p0=dict(hand=["T-DB"]), p1=dict(life=1))
    n = len(s.hand[0])
    act(s, hand_slot(s, 0, "T-DB"))
    assert s.is_terminal() and s.returns() == [1.0, -1.0] and len(s.hand[0]) == n - 1


def test_deck_cards_move_one_at_a_time():
    """LM 3-2-3: several deck cards moving at once move one by one: 'draw 2' with one card left
    moves that card to the hand, then the empty deck loses (LM 1-3-2: done as far as possible)."""
    s = cscene(p0=dict(hand=["T-DR"], deck=1))
    last = s.deck[0][-1]
    act(s, hand_slot(s, 0, "T-DR"))
    assert s.zone[last] == Z_HAND and s.is_terminal() and s.returns() == [-1.0, 1.0]


def test_battle_area_limit_is_checked_at_the_checkpoint():
    """LM 3-6-3 / LM 9-3-1 / LM 9-1-2 / LM 9-1-2-2: the battle area holds 4 cards; the limit is a
    check-type rule process: 連携 makes a fifth card, and only at the following checkpoint its
    master drops one, never the last placed (the linked card)."""
    s = cscene(p0=dict(hand=["T-LK"], battle=["T-V1"] * 3, energy=2))
    top = s.deck[0][-1]
    s.cdef[top] = s.game.pool.by_id["T-V0"].index
    cplay(s, "T-LK")
    assert s.dkind == D_LIMIT_DROP and len(s.battle[0]) == 5
    assert OWN_BATTLE + 4 not in s.legal_actions() and s.battle[0][4] == top
    act(s, OWN_BATTLE + 3)  # drop T-LK itself
    assert s.dkind == D_FT_MAIN and ids(s, s.battle[0]) == ["T-V1"] * 3 + ["T-V0"]
    assert ids(s, s.drop[0])[-1] == "T-LK"


def test_illegal_melee_is_check_type():
    """LM 9-4-1: illegal melee is a check-type rule process: a card left in a melee area outside
    the battle phase goes to its owner's drop at the next checkpoint (the main phase start)."""
    s = cscene(p0=dict(melee=["T-V1"]), p1=dict(melee=["T-V2"]))
    assert s.dkind == D_FT_MAIN
    assert not s.melee[0] and not s.melee[1]
    assert ids(s, s.drop[0])[-1] == "T-V1" and ids(s, s.drop[1])[-1] == "T-V2"


def test_card_text_overrides_the_rules():
    """LM 1-3-1: card text wins over the rules: 速攻 plays a level-3 card for 1 energy (2-10-1),
    怒涛 returns a melee card to the battle area instead of energy (7-6-1-2)."""
    s = cscene(p0=dict(hand=["T-HS"], energy=1))
    cplay(s, "T-HS")
    assert ids(s, s.battle[0]) == ["T-HS"]
    s = cscene(p0=dict(battle=["T-V1"], hand=["T-SG"], energy=1))
    attack(s, OWN_BATTLE + 0, OPP_LEADER)
    cplay(s, "T-SG")
    pass_until(s, D_FT_STANDBY)
    assert "T-SG" in ids(s, s.battle[0]) and "T-SG" not in ids(s, s.energy[0])


def test_extra_goes_to_the_drop_to_activate():
    """LM 2-3-2-3: an extra activates its 【起動発動】 by being put from hand into the drop: it is
    in the drop while its effect still resolves."""
    s = cscene(p0=dict(hand=["T-DT"], battle=["T-V1"]))
    u = s.hand[0][0]
    act(s, hand_slot(s, 0, "T-DT"))
    assert s.dkind == D_TARGET and s.zone[u] == Z_DROP


def test_break_returns_to_the_physical_owner():
    """LM 4-2-1: the owner is the card's physical owner: an effect of player 0 breaking player 1's
    card puts it into player 1's energy."""
    s = cscene(p0=dict(hand=["T-XB"]), p1=dict(battle=["T-V2"]))
    u = s.battle[1][0]
    act(s, hand_slot(s, 0, "T-XB"))
    act(s, OPP_BATTLE + 0)
    assert u in s.energy[1] and s.owner[u] == 1 and u not in s.energy[0]


def test_invalid_part_makes_no_choices():
    """LM 8-3-1 / LM 8-3-2: a part invalid under its condition produces nothing and its choices
    are not made: at life 4 the play skill asks for no target; at life 3 it does."""
    s = cscene(p0=dict(hand=["T-CT"], battle=["T-V1"], life=4))
    cplay(s, "T-CT")
    assert s.dkind == D_FT_MAIN and R.stat(s, s.battle[0][0], 0) == 3000
    s = cscene(p0=dict(hand=["T-CT"], battle=["T-V1"], life=3))
    cplay(s, "T-CT")
    assert s.dkind == D_TARGET
    act(s, OWN_BATTLE + 0)
    assert R.stat(s, s.battle[0][0], 0) == 4000


def test_waiting_ability_still_played_after_its_card_moved():
    """LM 8-7-6: a waiting 【自動発動】 is still played when its card changed zone; a part made
    impossible by the move fails: the draw happens, the self power boost does not."""
    s = cscene(p0=dict(battle=["T-PD", "T-AT"], deck=20))
    pd, at = s.battle[0]
    s.waits[:] = [[0, pd, s.obj[pd], 0, 0]]
    R.move(s, pd, Z_DROP)
    n = len(s.hand[0])
    s.stack[-1][1] = 0  # the pending free timing starts over with its checkpoint
    s.dkind = RUNNING
    s._run()
    assert len(s.hand[0]) == n + 1 and not s.waits
    s.waits[:] = [[0, at, s.obj[at], 0, 0]]
    R.move(s, at, Z_ENERGY)
    s.stack[-1][1] = 0
    s.dkind = RUNNING
    s._run()
    assert not s.waits and not s.mods and s.dkind == D_FT_MAIN
