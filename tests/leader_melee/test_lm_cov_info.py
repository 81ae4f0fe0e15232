"""Leader Melee coverage tests: card information that text refers to — card name (2-1-2),
character name (2-5), age (2-7), non-skill (2-11-4), the 共闘 and melee icons (2-12, 2-13)."""

from __future__ import annotations

import pytest
from lm_cov import COV_FILES, cscene
from lm_scene import *  # noqa: F403
from lm_scene import act, attack, hand_slot, pass_until
from tcgzoo.envs.core.errors import CardFileError
from tcgzoo.envs.leader_melee.cards import load_pool

OPP = (["T-V1", "T-V2", "T-AG", "T-AS"], ["T-PD", "T-IW", "T-ML", "T-SG"])  # 4 per battle area


def _offered(extra):
    """The opponent's battle cards (of OPP) the extra may choose."""
    out = []
    for opp in OPP:
        s = cscene(p0=dict(hand=[extra]), p1=dict(battle=opp))
        act(s, hand_slot(s, 0, extra))
        if s.dkind == D_TARGET:
            out += [s.defs[s.cdef[s.battle[1][a - OPP_BATTLE]]].id for a in s.legal_actions() if a != PASS]
        else:
            assert s.dkind == D_FT_MAIN  # 8-6-3-4: nothing to choose
    return sorted(out)


def test_card_name_in_text():
    """LM 2-1-2: 《name》 in text refers to the cards with that card name."""
    assert _offered("T-FN") == ["T-V1"]


def test_character_name_in_text():
    """LM 2-5-1 / LM 2-5-3: a card's character name, 「name」 in text, selects the cards with
    that character (T-AG is 'Nobunaga' though its card name is 'Lord of War')."""
    assert _offered("T-FC") == ["T-AG"]


def test_age_in_text_and_the_special_age():
    """LM 2-7-1 / LM 2-7-3: a card's age, {age} in text, selects the cards of that age;
    LM 2-7-1-1: some cards have the age 'Special', referred to the same way."""
    assert _offered("T-FA") == ["T-AG"]
    assert _offered("T-FP") == ["T-AS"]


def test_non_skill_cards():
    """LM 2-11-4: a card without skills is a non-skill card: text naming non-skill cards selects
    the vanilla ones, not those with an ability or a keyword."""
    assert _offered("T-FS") == sorted(["T-V1", "T-V2", "T-AG", "T-AS"])


def test_icons_referred_to_by_text():
    """LM 2-12-2: the 共闘 icon (the <共闘> trait) may be referenced by text; LM 2-13-1 /
    LM 2-13-2: the melee icon shows a card with a melee skill, and text may refer to it."""
    assert _offered("T-FK") == ["T-SG"]
    assert _offered("T-FM") == ["T-ML"]


def test_character_and_age_have_no_rules_meaning_of_their_own():
    """LM 2-5-2 / LM 2-7-2: character name and age change nothing by themselves: T-AG
    (character, age) and T-V0 (neither), both 2000 power, fight alike."""
    lifes = []
    for card in ("T-AG", "T-V0"):
        s = cscene(p0=dict(battle=[card, "T-V1"]))
        attack(s, OWN_BATTLE + 0, OPP_LEADER)
        act(s, OWN_BATTLE + 1)
        pass_until(s, D_FT_STANDBY)
        lifes.append(len(s.life[1]))
    assert lifes == [6, 6]


@pytest.mark.parametrize("field", ["character: x", "age: x"])
def test_only_leaders_and_battle_cards_have_character_and_age(tmp_path, field):
    """LM 2-5-4 / LM 2-7-4: only leader and battle cards have a character name and an age: an extra
    with one is rejected naming the field; a leader face may have them."""
    f = tmp_path / "x.yaml"
    f.write_text(
        "cards:\n  - {id: X-E, name: x, type: extra, color: white, level: 0, %s, "
        "effects: [{activated: main, actions: [{do: draw, n: 1}]}]}\n" % field,
        encoding="utf-8",
    )
    with pytest.raises(CardFileError) as e:
        load_pool(list(COV_FILES) + [str(f)])
    assert "X-E" in str(e.value) and field.split(":")[0] in str(e.value)
    f.write_text(
        "cards:\n  - {id: X-L, name: x, type: leader, color: white, "
        "front: {power: 1, strike: 1, %s}, back: {power: 1, strike: 1}}\n" % field,
        encoding="utf-8",
    )
    pool = load_pool(list(COV_FILES) + [str(f)])
    face = pool.by_id["X-L"].faces[0]
    assert (face.character if field.startswith("character") else face.age) == "x"
