"""Battle Spirits card language v2 (issue 10): the missing words of the real-card pool, part B
(costs, constants, levels). A constant 'decks are not discarded' (cards 11, 63), ... Test cards:
data/v2_verbs.yaml (T2-H*), most of them real cards of tests/battle_spirits/real_cards/SOURCES.md."""
from __future__ import annotations

from bs_scenario import D_FLASH, D_MAIN, act, attack, find, game, hand_slot, pay, play, scene
from tcgzoo.envs.battle_spirits import Game
from tcgzoo.envs.battle_spirits.cards import B_NOMILL


def use_flash(s, card_id: str) -> None:
    """The deciding player uses a flash magic from the hand in a flash timing and pays for it."""
    assert s.dkind == D_FLASH, s.decision_name()
    act(s, hand_slot(s, find(s, s.dplayer, card_id, "hand")))
    pay(s)


# ============================================================================ decks not discarded
def test_constant_no_deck_discard_protects_both_decks():
    """BS 5-13-1, BS 9-1-4 (card 11 鉄砲機兵タネガシマ 「お互いのデッキは破棄されない」): while it is on the
    field no effect discards either deck; when it has left, the same discard mills."""
    for owner in (0, 1):
        spec = dict(field=["T2-H1"])
        s = scene(p0=dict(hand=["T2-H3", "T-M8"], deck=5, **(spec if owner == 0 else {})),
                  p1=dict(deck=5, **(spec if owner == 1 else {})))
        play(s, "T2-H3")
        assert len(s.deck[1]) == 5 and not s.trash[1] and s.dkind == D_MAIN
        play(s, "T-M8")  # its own player's discard of 3 (and its 'if all' life): nothing
        assert len(s.deck[0]) == 5 and s.life[0] == 5
    s = scene(p0=dict(hand=["T2-H3"], deck=5), p1=dict(deck=5))
    play(s, "T2-H3")
    assert len(s.deck[1]) == 3 and len(s.trash[1]) == 2


def test_constant_no_deck_discard_of_one_player():
    """BS 5-13-1 (「自分のデッキは破棄されない」, player: own): only its controller's deck is kept."""
    s = scene(p0=dict(hand=["T2-H3", "T-M8"], deck=5), p1=dict(field=["T2-H4"], deck=5))
    play(s, "T2-H3")
    assert len(s.deck[1]) == 5
    s = scene(p0=dict(hand=["T-M8"], field=["T2-H4"], deck=5))
    play(s, "T-M8")
    assert len(s.deck[0]) == 5
    s = scene(p0=dict(hand=["T2-H3"], field=["T2-H4"], deck=5), p1=dict(deck=5))
    play(s, "T2-H3")
    assert len(s.deck[1]) == 3


def test_constant_no_deck_discard_in_main_steps_only():
    """BS 5-13-1, BS 7-1-1 (card 63 賛美するパイプオルガン 「お互い、メインステップでデッキは破棄されない」):
    in a main step the discard does nothing; in the attack step it mills."""
    s = scene(p0=dict(hand=["T2-H3"], field=["T2-H2"], deck=5), p1=dict(deck=5))
    play(s, "T2-H3")
    assert len(s.deck[1]) == 5 and not s.trash[1]
    s = scene(step="attack", p0=dict(field=["T-S4", "T2-H2"], deck=5), p1=dict(hand=["T2-H3"], reserve=5, deck=5))
    attack(s, find(s, 0, "T-S4"))
    use_flash(s, "T2-H3")  # the attacked player has the first right (BS-R2): it mills the attacker's deck
    assert len(s.deck[0]) == 3 and len(s.trash[0]) == 2


def test_no_deck_discard_machinery_follows_the_decks():
    """Speed by design: the built-in decks do not switch the deck-protection check on; the test deck does."""
    assert not Game().bflags & B_NOMILL and game().bflags & B_NOMILL
