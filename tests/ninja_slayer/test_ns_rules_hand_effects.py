"""Ninja Slayer rules: continuous effects on a card in the hand follow it to the kotodama space
(rule 1204.2j-1) and onto the field (rule 1205.1c-3); numeric items a card is printed without and
effects adding them (rule 1213.1e). Test-only cards: ``data/hand_effect_cards.yaml``."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from ns_cov import cast, pay, to_character_phase
from ns_scenario import D_CHOOSE, D_PRIORITY, PASS, act, hand, ids, scene
from ns_scenario import field as fslot
from tcgzoo.envs.core.errors import CardFileError
from tcgzoo.envs.ninja_slayer import Game
from tcgzoo.envs.ninja_slayer.cards import CARD_DIR, load_pool
from tcgzoo.envs.ninja_slayer.layout import CONCEDE, D_ATTACKER, D_TARGET, OWN_FIELD, PLAYER
from tcgzoo.envs.ninja_slayer.state import EF_CARD, EF_OBJ, Z_FIELD, Z_HAND, Z_OHIGAN, Z_STACK

DATA = Path(__file__).resolve().parent / "data" / "hand_effect_cards.yaml"
POOL = sorted(CARD_DIR.glob("*.yaml"))
GAME_H = Game(
    decks=("survivor_freelance", "zaibatsu_control"),
    first_player=0,
    concession=False,
    auto_forced=False,
    builtin_cards=False,
    cards=POOL + [DATA],
)
E = "TZNS-29"  # Zaibatsu Apprentice: karate 1, durability 2, kousaku 1, cost 1, no text
FOCUS, DRONE, SEAL, INTENT, DENIED, PALM, MONK, LEARNED = (f"TZH-0{k}" for k in range(1, 9))


def hscene(game=GAME_H, **kw):
    return scene(game=game, **kw)


def in_zone(s, z, cid):
    """Player 0's card ``cid`` in zone list ``z`` (the scene's deck filler is also Zaibatsu Apprentice)."""
    return z[0][ids(s, z[0]).index(cid)]


def pick_hand(cid):
    return lambda s: hand(s, cid)


def resolve_top(s):
    """Both players pass until the kotodama space is empty."""
    n = 0
    while s.kstack:
        assert s.dkind == D_PRIORITY, s.decision_name()
        act(s, PASS)
        n += 1
        assert n < 20


def field_stats(s, i, viewer):
    """(karate, durability, kousaku) of field card ``i`` as ``viewer``'s observation shows them."""
    L = s.game.obs_layout
    ob = s.observation_tensor(viewer)
    k = 0 if s.owner[i] == viewer else 1
    base = L.field + (k * 20 + s.field[s.owner[i]].index(i)) * (L.P + 8) + L.P
    return tuple(round(float(ob[base + q]) * 5) for q in (2, 3, 4))


def test_an_effect_on_a_hand_card_follows_it_to_the_kotodama_space():
    """NS 1204.2j-1, NS 1307.4, NS 1306.1: Inner Focus ('reveal a character card from your hand: it
    gets +2 karate and +1 durability this turn') picks a hand card on resolution (choosing from the
    hand is not targeting): only character cards are offered, with pass. The picked card is revealed.
    When it is entered, it is a new object on the kotodama space (NS 302.3), yet the effect applied to
    it in the hand applies to it there too: karate 3, durability 3."""
    s = hscene(p0=dict(hand=[FOCUS, E, SEAL], ether=[E]))
    a = in_zone(s, s.hand, E)
    to_character_phase(s)
    act(s, hand(s, FOCUS))
    while s.dkind == D_PRIORITY:
        act(s, PASS)
    assert s.dkind == D_CHOOSE and s.dplayer == 0
    assert s.legal == [PASS, hand(s, E)]  # the kotodama Forged Seal is not offered; pass always is
    act(s, hand(s, E))
    assert s.pub[a]  # revealed (NS 1306.1)
    resolve_top(s)
    assert s.zone[a] == Z_HAND and (s.karate(a), s.durability(a)) == (3, 3)
    hand_obj = s.obj[a]
    act(s, hand(s, E))
    pay(s)
    assert s.zone[a] == Z_STACK and s.obj[a] == hand_obj + 1  # a new object (NS 302.3) ...
    assert (s.karate(a), s.durability(a), s.kousaku(a)) == (3, 3, 1)  # ... with the effect (NS 1204.2j-1)


def test_an_effect_on_the_kotodama_space_stays_applied_as_it_enters_the_field():
    """NS 1205.1c-3, NS 1213.3b-4: the character entered with Inner Focus's effect resolves and is put
    onto the field with it applied: both observations show karate 3 and durability 3. The effect still
    lasts 'this turn' only: after the end phase the character is back to its printed 1 / 2."""
    s = hscene(p0=dict(hand=[FOCUS, E], ether=[E]))
    a = in_zone(s, s.hand, E)
    to_character_phase(s)
    cast(s, FOCUS, picks=[pick_hand(E)])
    act(s, hand(s, E))
    pay(s)
    resolve_top(s)
    assert s.zone[a] == Z_FIELD
    assert (s.karate(a), s.durability(a)) == (3, 3)
    assert field_stats(s, a, 0) == field_stats(s, a, 1) == (3, 3, 1)
    while s.tp == 0:
        act(s, PASS)
    assert s.zone[a] == Z_FIELD and (s.karate(a), s.durability(a)) == (1, 2)


def test_other_moves_of_the_card_end_the_effect():
    """NS 1205.1c-3, NS 302.3: a pumped character countered on the kotodama space (Entry Denied) goes
    to Ohigan as a new object: the effect does not follow it there (only the moves of 1204.2j-1 and
    1205.1c-3 keep it)."""
    s = hscene(p0=dict(hand=[FOCUS, E], ether=[E]), p1=dict(hand=[DENIED]))
    a = in_zone(s, s.hand, E)
    to_character_phase(s)
    cast(s, FOCUS, picks=[pick_hand(E)])
    act(s, hand(s, E))
    pay(s)
    assert s.karate(a) == 3
    act(s, PASS)  # player 1 gets priority and counters it
    assert s.dplayer == 1 and s.dkind == D_PRIORITY
    act(s, hand(s, DENIED))
    while s.dkind == D_CHOOSE:
        act(s, s.legal[0])
    resolve_top(s)
    assert s.zone[a] == Z_OHIGAN
    assert (s.karate(a), s.durability(a)) == (1, 2)
    assert not any(t[EF_CARD] == a and t[EF_OBJ] == s.obj[a] for t in s.teff)


def test_choosing_a_hand_card_leaks_nothing_and_the_revealed_card_is_known():
    """NS 1307.2, NS 1306.1, NS 302.2: with no character card in hand the choice is still asked (pass
    only), even with auto_forced, since whether the hand holds a match is hidden; the opponent's
    observation does not change when the hidden cards are redealt. After a pick the card is revealed
    and stays known to both while in the hand: the opponent's observation counts it among the known
    hand cards and resample_hidden keeps it."""
    game = Game(
        decks=("survivor_freelance", "zaibatsu_control"),
        first_player=0,
        concession=True,
        auto_forced=True,
        builtin_cards=False,
        cards=POOL + [DATA],
    )
    s = hscene(game=game, p0=dict(hand=[FOCUS, SEAL, SEAL]))
    s.auto = False
    to_character_phase(s)
    s.auto = True
    act(s, hand(s, FOCUS))
    while not (s.dkind == D_CHOOSE and s.dplayer == 0):
        act(s, PASS)
    assert s.legal == [PASS, CONCEDE]
    before = s.observation_tensor(1)
    t = s.clone()
    t.resample_hidden(1, 5)
    assert np.array_equal(before, t.observation_tensor(1))
    act(s, PASS)

    s = hscene(game=game, p0=dict(hand=[FOCUS, SEAL, E, DRONE], ether=[E]))
    a = in_zone(s, s.hand, E)
    s.auto = False
    to_character_phase(s)
    cast(s, FOCUS, picks=[pick_hand(E)])
    assert s.pub[a]
    L = game.obs_layout
    ob = s.observation_tensor(1)
    assert ob[L.opp_known + s.cdef[a]] == 1.0 and ob[L.opp_known + s.cdef[in_zone(s, s.hand, DRONE)]] == 0.0
    for seed in range(5):
        t = s.clone()
        t.resample_hidden(1, seed)
        assert t.cdef[a] == s.cdef[a]
        assert np.array_equal(ob, t.observation_tensor(1))


def test_an_added_numeric_item_applies_before_every_numeric_change():
    """NS 1213.1e, NS 1213.1f, NS 1213.3b: Faceless Drone is printed without kousaku. '+1 kousaku'
    (Sharp Intent) has no item to change: it stays 0 and deals no ikusa damage to a player. 'It has
    kousaku 2' (Forged Seal), resolved later, adds the item in the layer before the numeric changes, so
    the earlier +1 now applies to it: 3, whatever the timestamps. A second Forged Seal finds the item
    there and changes nothing; on a character printed with kousaku it changes nothing either."""
    s = hscene(p0=dict(hand=[INTENT, SEAL, SEAL, SEAL], field=[DRONE, E]))
    d, a = in_zone(s, s.field, DRONE), in_zone(s, s.field, E)
    assert s.kousaku(d) == 0
    to_character_phase(s)
    cast(s, INTENT, picks=[lambda s: fslot(s, DRONE)])
    assert s.kousaku(d) == 0  # NS 1213.1f: nothing to change
    cast(s, SEAL, picks=[lambda s: fslot(s, DRONE)])
    assert s.kousaku(d) == 3  # NS 1213.1e before 1213.1f
    assert field_stats(s, d, 1) == (2, 2, 3)
    cast(s, SEAL, picks=[lambda s: fslot(s, DRONE)])
    assert s.kousaku(d) == 3  # the item exists: adding it again changes nothing
    cast(s, SEAL, picks=[lambda s: fslot(s, E)])
    assert s.kousaku(a) == 1
    while s.tp == 0:
        act(s, PASS)
    assert s.kousaku(d) == 0  # 'this turn' (NS 505.3b)


def test_a_missing_item_counts_as_zero_in_ikusa():
    """NS 1213.1e, NS 706.4, NS 208.1: a character without kousaku deals no ikusa damage to a player
    (no damage check follows); once an effect gives it kousaku 2, its aisatsu deals 2."""

    def aisatsu_player(s):
        while s.dkind != D_ATTACKER:
            act(s, PASS)
        act(s, OWN_FIELD + ids(s, s.field[0]).index(DRONE))
        while s.dkind != D_TARGET:
            act(s, PASS)
        act(s, PLAYER + 1)
        while s.kstack or s.attacker >= 0:
            if s.dkind in (D_ATTACKER,):
                break
            act(s, PASS if PASS in s.legal else s.legal[0])

    s = hscene(p0=dict(field=[DRONE]), p1=dict(deck=30))
    to_character_phase(s)
    aisatsu_player(s)
    assert len(s.damage[1]) == 0 and s.carried[1] == 0
    s = hscene(p0=dict(hand=[SEAL], field=[DRONE]), p1=dict(deck=30))
    to_character_phase(s)
    cast(s, SEAL, picks=[lambda s: fslot(s, DRONE)])
    aisatsu_player(s)
    assert len(s.damage[1]) == 2  # two damage checks of filler cards without ukemi (NS 1104.3)


def test_a_hand_effect_can_add_the_item_for_the_rest_of_the_game():
    """NS 1213.1e, NS 1204.2j-1, NS 1205.1c-3, NS 1213.8: Awakened Palm gives a Faceless Drone in the
    hand kousaku 1 for the rest of the game; entered and resolved, the Drone keeps it on the field, the
    next turns too. Learned Karate adds karate 2 to Empty Hands Monk (printed without karate) and its
    own +1 applies after it (NS 1213.2: one effect, two layers): 3."""
    s = hscene(p0=dict(hand=[PALM, DRONE, LEARNED, MONK], ether=[E, E]))
    d, m = in_zone(s, s.hand, DRONE), in_zone(s, s.hand, MONK)
    to_character_phase(s)
    cast(s, PALM, picks=[pick_hand(DRONE)])
    assert s.kousaku(d) == 1
    for c in (DRONE, MONK):
        act(s, hand(s, c))
        pay(s)
        resolve_top(s)
    assert s.zone[d] == Z_FIELD and s.kousaku(d) == 1 and s.karate(m) == 0
    cast(s, LEARNED, picks=[lambda s: fslot(s, MONK)])
    assert s.karate(m) == 3
    while s.tp == 0:
        act(s, PASS)
    while s.tp == 1:
        act(s, PASS if PASS in s.legal else s.legal[0])
    assert s.kousaku(d) == 1 and s.karate(m) == 0


@pytest.mark.parametrize(
    "card, msg",
    [
        (
            {"id": "B1", "name": "b", "type": "character", "cost": 1, "karate": 1, "durability": "none", "kousaku": 1},
            "only karate / kousaku",
        ),
        (
            {
                "id": "B2",
                "name": "b",
                "type": "kotodama",
                "cost": 0,
                "actions": [{"do": "pump", "karate": 1, "target": {"zone": "hand", "chosen": "entry"}}],
            },
            "on resolution",
        ),
        (
            {
                "id": "B3",
                "name": "b",
                "type": "kotodama",
                "cost": 0,
                "actions": [{"do": "kill", "target": {"zone": "hand"}}],
            },
            "by 'pump' only",
        ),
    ],
)
def test_the_loader_refuses_what_the_words_do_not_mean(tmp_path, card, msg):
    """NS 1213.1e, NS 1307.4: only karate and kousaku may be printed 'none'; a hand card is never an
    entry target and only 'pump' picks one."""
    import yaml

    f = tmp_path / "bad.yaml"
    f.write_text(yaml.safe_dump({"cards": [card]}))
    with pytest.raises(CardFileError, match=msg):
        load_pool([f])
