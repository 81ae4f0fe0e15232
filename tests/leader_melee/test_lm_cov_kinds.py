"""Leader Melee coverage tests: the kinds of abilities and effects (4-1, 8-1, 8-2), masters of
continuous abilities (4-3-5), concession (1-2-4-1), numbers (1-3-5), simultaneous check-type
rule processes (9-1-2-3)."""

from __future__ import annotations

import pytest
from lm_cov import COV_FILES, cplay, cscene
from lm_scene import *  # noqa: F403
from lm_scene import R, act, hand_slot, ids, to_attack
from tcgzoo.envs.core.errors import CardFileError
from tcgzoo.envs.leader_melee.cards import load_pool


def _load(tmp_path, text):
    f = tmp_path / "kinds.yaml"
    f.write_text("cards:\n" + text, encoding="utf-8")
    return load_pool(list(COV_FILES) + [str(f)])


def test_three_kinds_of_ability_behave_differently():
    """LM 4-1-1-1 / LM 8-1-1: abilities are 【起動発動】 (offered at free timing: T-OT's is an
    action), 【自動発動】 (played by itself on its event: T-PD's play skill draws with no action
    asked) and 【永続発動】 (never played, always on: T-AU's +1000 to the others, no wait)."""
    s = cscene(p0=dict(battle=["T-OT", "T-AU"], hand=["T-PD"], deck=20))
    ot, au = s.battle[0]
    assert BATTLE_ABILITY + 0 in s.legal_actions() and BATTLE_ABILITY + 4 not in s.legal_actions()
    assert R.stat(s, ot, 0) == 2000 and R.stat(s, au, 0) == 1000 and not s.waits
    n = len(s.hand[0])
    cplay(s, "T-PD")
    assert s.dkind == D_FT_MAIN and len(s.hand[0]) == n
    assert R.stat(s, s.battle[0][2], 0) == 2000


def test_ability_must_be_exactly_one_kind(tmp_path):
    """LM 4-1-1-1: an ability is of exactly one kind: one naming two kinds, or none, is rejected;
    LM 8-1-3-1: a 【永続発動】 is written without a cost (one with a [cost] is rejected)."""
    with pytest.raises(CardFileError) as e:
        _load(
            tmp_path,
            "  - {id: X-K, name: x, type: battle, color: white, level: 0, power: 1, strike: 1, "
            "effects: [{trigger: play, activated: main, actions: [{do: draw, n: 1}]}]}\n",
        )
    assert "X-K" in str(e.value) and "exactly one" in str(e.value)
    with pytest.raises(CardFileError):
        _load(
            tmp_path,
            "  - {id: X-K, name: x, type: battle, color: white, level: 0, power: 1, strike: 1, "
            "effects: [{actions: [{do: draw, n: 1}]}]}\n",
        )
    with pytest.raises(CardFileError) as e:
        _load(
            tmp_path,
            "  - {id: X-K, name: x, type: battle, color: white, level: 0, power: 1, strike: 1, "
            "effects: [{continuous: true, cost: {energy: 1}, actions: [{do: power, amount: 1}]}]}\n",
        )
    assert "cost" in str(e.value)


def test_three_kinds_of_effect():
    """LM 4-1-2-1 / LM 8-2-1: effects are one-shot (draw 2: done and over), continuous (+2000 this
    turn, lasting) or replacement (LM 8-2-1-3-1: 'when this card would be broken, rest it
    instead': the break does not happen, the card is rested)."""
    s = cscene(p0=dict(hand=["T-DR", "T-PT", "T-XB"], battle=["T-V1"], deck=20), p1=dict(battle=["T-RP"]))
    n = len(s.hand[0])
    cplay(s, "T-DR")
    assert len(s.hand[0]) == n + 1
    cplay(s, "T-PT")
    act(s, OWN_BATTLE + 0)
    assert R.stat(s, s.battle[0][0], 0) == 5000
    cplay(s, "T-XB")
    act(s, OPP_BATTLE + 0)
    if s.dkind == D_ORDER_REPLACEMENT:
        act(s, s.legal_actions()[0])
    assert ids(s, s.battle[1]) == ["T-RP"] and s.rest[s.battle[1][0]] == 1 and not s.energy[1]


def test_master_of_a_continuous_ability():
    """LM 4-3-5: a 【永続発動】's master is its card's master: player 1's aura raises player 1's
    other battle cards ('own' is player 1's side), not player 0's."""
    s = cscene(p0=dict(battle=["T-V1"]), p1=dict(battle=["T-AU", "T-V1"]))
    assert R.stat(s, s.battle[1][1], 0) == 4000 and R.stat(s, s.battle[0][0], 0) == 3000


def test_concession_is_always_there_never_forced():
    """LM 1-2-4-1: conceding is unaffected by cards: CONCEDE is offered in every decision, also in
    the middle of paying or choosing a target, never as the only choice, and the loss is immediate."""
    s = cscene(p0=dict(hand=["T-RB", "T-V2"], energy=2), p1=dict(battle=["T-IW"]), concession=True)
    kinds = set()
    for a in (hand_slot(s, 0, "T-V2"), OWN_ENERGY + 0):
        la = s.legal_actions()
        assert CONCEDE in la and len(la) > 1
        kinds.add(s.dkind)
        act(s, a)
    act(s, OWN_ENERGY + 0)
    act(s, hand_slot(s, 0, "T-RB"))
    assert s.dkind == D_TARGET and CONCEDE in s.legal_actions() and len(s.legal_actions()) > 1
    s.apply_action(CONCEDE)
    assert s.is_terminal() and s.returns() == [-1.0, 1.0]
    assert kinds == {D_FT_MAIN, D_PAY_ENERGY}


def test_numbers_are_non_negative_integers(tmp_path):
    """LM 1-3-5: a number in the rules or on a card is a non-negative integer: fractions and
    negative counts in card files are rejected with the card named."""
    for bad in ("{do: draw, n: 1.5}", "{do: charge, n: -2}"):
        with pytest.raises(CardFileError) as e:
            _load(
                tmp_path,
                "  - {id: X-Q, name: x, type: extra, color: white, level: 0, "
                "effects: [{activated: main, actions: [%s]}]}\n" % bad,
            )
        assert "X-Q" in str(e.value)
    with pytest.raises(CardFileError):
        _load(
            tmp_path,
            "  - {id: X-Q, name: x, type: extra, color: white, level: -1, "
            "effects: [{activated: main, actions: [{do: draw, n: 1}]}]}\n",
        )


def test_check_type_processes_due_together():
    """LM 9-1-2-3: check-type rule processes due at the same checkpoint are all carried out there,
    before any automatic ability: both players' illegal melee cards are dropped and the battle
    area limit is applied at the same checkpoint, while the main-phase-start ability still waits."""
    s = cscene(p0=dict(battle=["T-PH"] + ["T-V1"] * 4, melee=["T-V2"]), p1=dict(melee=["T-V2"]))
    assert s.dkind == D_LIMIT_DROP and s.dplayer == 0
    assert not s.melee[0] and not s.melee[1] and len(s.waits) == 1
    act(s, OWN_BATTLE + 1)
    assert s.dkind == D_FT_MAIN and not s.waits and len(s.battle[0]) == 4


def test_ability_created_by_an_effect():
    """LM 4-1-1: an ability comes from card text or is created by an effect: T-GD's effect gives
    the vanilla T-V1 the 防衛 ability, so it is the only card the opponent may attack; T-V1
    printed has no ability at all."""
    s = cscene(p0=dict(battle=["T-V1"]), p1=dict(battle=["T-GD", "T-V1"]))
    v1 = s.battle[1][1]
    assert not s.defs[s.cdef[v1]].face.abilities and not s.defs[s.cdef[v1]].face.keywords
    to_attack(s)
    act(s, OWN_BATTLE + 0)
    assert s.legal_actions() == [OPP_BATTLE + 1]


def test_continuous_effects_non_numeric_then_numeric():
    """LM 8-9-1-1 / LM 8-9-1-2 / LM 8-9-1-3: card information is the printed value, then every
    non-numeric continuous effect (T-GD grants 防衛), then every numeric one (T-AU's +1000): the
    vanilla T-V1 is both a 防衛 card and 4000 strong, while its printed information is unchanged."""
    s = cscene(p0=dict(battle=["T-V2"]), p1=dict(battle=["T-GD", "T-AU", "T-V1"]))
    v1 = s.battle[1][2]
    assert R.stat(s, v1, 0) == 3000 + 1000 + 0 and s.defs[s.cdef[v1]].face.power == 3000
    to_attack(s)
    act(s, OWN_BATTLE + 0)
    assert s.legal_actions() == [OPP_BATTLE + 1, OPP_BATTLE + 2]  # the others have 防衛, T-GD does not
