"""Ninja Slayer rules: 'at the start / end of' step triggers (rules 502-505 and 702-707), the ends of
the ikusa damage step and of the turn going back while something is pending (706.8b, 505.3c),
characters that can't aisatsu or be redirected (704.3a-2, 705.3a-2), name and attribute
references without a zone (306.5, 1302) and chosen numbers (104.5). The cards that use the
new language words are test-only (``data/rules_cards.yaml``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from ns_cov import cast, to_character_phase
from ns_scenario import (
    D_ATTACKER,
    D_CHOOSE,
    D_ETHER,
    D_INTERRUPT,
    D_ORDER,
    D_PRIORITY,
    D_TARGET,
    OPP_FIELD,
    PASS,
    PLAYER,
    act,
    field,
    hand,
    ids,
    opt,
    scene,
    until,
)
from tcgzoo.envs.core.errors import CardFileError
from tcgzoo.envs.ninja_slayer import Game
from tcgzoo.envs.ninja_slayer.cards import CARD_DIR, TRIGGERS, load_pool
from tcgzoo.envs.ninja_slayer.layout import (
    D_PAY_ETHER,
    D_RECOVER,
    D_REVEAL,
    D_X,
    NUMBER,
    OPTION,
    ST_CHARACTER,
    ST_DRAW,
    ST_END,
    ST_ETHER,
    ST_IKUSA,
    ST_UNTAP,
)
from tcgzoo.envs.ninja_slayer.records import PT_ABILITY, PT_PLAYER, SO_ABILITY, SO_CARD, SO_KIND, TG_CARD
from tcgzoo.envs.ninja_slayer.rules import IK_DAMAGE, IK_END, IK_INTERRUPT, IK_START, IK_TARGET, SO_FIXED
from tcgzoo.envs.ninja_slayer.rules.frames import H_IKUSA, HANDLER, IKS_END_PROCESSING, STEP
from tcgzoo.envs.ninja_slayer.state import K_ABILITY, Z_HAND

DATA = Path(__file__).resolve().parent / "data" / "rules_cards.yaml"
POOL = sorted(CARD_DIR.glob("*.yaml"))
GAME_T = Game(
    decks=("survivor_freelance", "zaibatsu_control"),
    first_player=0,
    concession=False,
    auto_forced=False,
    builtin_cards=False,
    cards=POOL + [DATA],
)
E = "TZNS-29"  # Zaibatsu Apprentice: no text, used as ether and filler
MONK = "TZT-01"


def tscene(**kw):
    return scene(game=GAME_T, **kw)


def play(s, stop, attack=1):
    """Pass everything (order triggers as offered, no ether, no interrupt); the turn player
    aisatsu-s the opposing player with their first untapped character ``attack`` times per
    turn. Records each monk / sentry trigger when it reaches the kotodama space as
    (trigger, turn, step, ikusa step, turn player). Stops when ``stop(s)`` is true."""
    seen, log, attacks = set(), [], {}
    n = 0
    while not stop(s):
        n += 1
        assert n < 2000 and not s.is_terminal()
        for o in s.kstack:
            key = id(o)
            if o[SO_KIND] == K_ABILITY and key not in seen:
                seen.add(key)
                log.append((TRIGGERS[s.abilities[o[SO_ABILITY]].trigger], s.turn, s.step, s.ikstep, s.tp))
        seen &= {id(o) for o in s.kstack}
        k = s.dkind
        if k == D_ATTACKER:
            done = attacks.get(s.turn, 0)
            if done < attack and len(s.legal) > 1:
                attacks[s.turn] = done + 1
                act(s, s.legal[1])
            else:
                act(s, PASS)
        elif k == D_TARGET and s.ikstep == IK_TARGET:
            act(s, PLAYER + 1)
        elif k == D_ORDER or k == D_CHOOSE:
            act(s, s.legal[0])
        else:
            act(s, PASS)
    return log


def test_step_triggers_trigger_at_their_steps_in_order():
    """NS 502.3b, NS 502.4b, NS 503.1, NS 505.1, NS 702.1, NS 704.1, NS 705.1, NS 706.2, NS 707.1,
    NS 502.2b: Clockwork Monk has an 'at the start / end of' ability for every step. From the
    turn player's ether step to the next turn's character phase each triggers once at its own
    step (the start of the aisatsu target step once per aisatsu phase, the end of the ikusa
    after the last), in the order of the turn; the draw step's trigger comes after the turn
    player has drawn; 'start of game' does not trigger on a later turn."""
    s = tscene(p0=dict(field=[MONK]))
    deck0 = len(s.deck[0])
    hand1 = len(s.hand[1])
    draw_seen = []

    def stop(st):
        if st.turn == 4 and st.step == ST_DRAW and not draw_seen:
            draw_seen.append(len(st.hand[1]))
        return st.turn == 4 and st.step == ST_CHARACTER and st.dkind == D_PRIORITY and not st.kstack and st.dplayer == 1

    log = play(s, stop)
    names = [(t, turn, step, ik) for t, turn, step, ik, _ in log]
    assert names == [
        ("start_of_ether", 3, ST_ETHER, 0),
        ("start_of_character", 3, ST_CHARACTER, 0),
        ("start_of_ikusa", 3, ST_IKUSA, IK_START),
        ("start_of_aisatsu_target", 3, ST_IKUSA, IK_TARGET),
        ("start_of_interrupt", 3, ST_IKUSA, IK_INTERRUPT),
        ("start_of_ikusa_damage", 3, ST_IKUSA, IK_DAMAGE),
        ("end_of_ikusa_damage", 3, ST_IKUSA, IK_DAMAGE),
        ("start_of_aisatsu_target", 3, ST_IKUSA, IK_TARGET),  # the second aisatsu phase (NS 703.1)
        ("end_of_ikusa", 3, ST_IKUSA, IK_END),
        ("end_of_turn", 3, ST_END, 0),
        ("start_of_turn", 4, ST_UNTAP, 0),
        ("start_of_draw", 4, ST_DRAW, 0),
        ("start_of_ether", 4, ST_ETHER, 0),
        ("start_of_character", 4, ST_CHARACTER, 0),
    ]
    assert draw_seen == [hand1 + 2]  # NS 502.3a before 502.3b
    assert len(s.deck[0]) == deck0 - len(log)  # each resolved: draw 1


def test_start_of_game_triggers_on_the_games_first_turn_only():
    """NS 502.2b: on the game's first turn 'at the start of the game' triggers together with
    'at the start of the turn' (the controller orders the two, NS 902.1c)."""
    s = tscene(p0=dict(field=[MONK]), turn=0)  # the next turn is the game's turn 1
    log = play(s, lambda st: st.turn == 1 and st.step == ST_DRAW)
    first = [t for t, turn, step, ik, _ in log if turn == 1]
    assert sorted(first) == ["start_of_game", "start_of_turn"]


def test_whose_turn_a_start_of_turn_trigger_waits_for():
    """NS 502.2b: Dawn Sentry ('at the start of your turn') triggers only on its controller's
    turn, Night Sentry ('at the start of your opponent's turn') only on the other's."""
    s = tscene(p0=dict(field=["TZT-02", "TZT-03"]))
    log = play(s, lambda st: st.turn == 5 and st.step == ST_DRAW, attack=0)
    cards = [(turn, tp) for t, turn, step, ik, tp in log]
    assert [x for x in log if x[0] == "start_of_turn"] == [
        ("start_of_turn", 4, ST_UNTAP, 0, 1),
        ("start_of_turn", 5, ST_UNTAP, 0, 0),
    ]
    assert cards == [(4, 1), (5, 0)]


def test_start_of_turn_whose_ability_is_which():
    """NS 502.2b: the turn-4 trigger is Night Sentry's, the turn-5 one Dawn Sentry's."""
    s = tscene(p0=dict(field=["TZT-02", "TZT-03"]))
    seen = []

    def stop(st):
        for o in st.kstack:
            if o[SO_KIND] == K_ABILITY:
                seen.append((st.turn, ids(st, [o[SO_CARD]])[0]))
        return st.turn == 5 and st.step == ST_DRAW

    play(s, stop, attack=0)
    assert sorted(set(seen)) == [(4, "TZT-03"), (5, "TZT-02")]


def test_a_face_down_character_has_no_step_triggers():
    """NS 309.1b-1 (face-down cards have no card information), NS 503.1: a face-down Clockwork
    Monk on the field does not trigger."""
    s = tscene(p0=dict(field=[(MONK, False, True)]))
    log = play(s, lambda st: st.step == ST_IKUSA)
    assert log == []


def test_the_end_of_the_ikusa_damage_step_goes_back_while_a_trigger_is_pending():
    """NS 706.8b: when the ikusa end processing finds a trigger pending (one that arose in
    706.8 — no pool effect makes one there yet, so the test adds the record at the last
    priority of 706.7), the game goes back to 706.7: the trigger is entered and resolved
    before the next aisatsu target step begins."""
    s = tscene(p0=dict(field=[MONK, E]))
    monk = s.field[0][0]
    draw_ab = [ab.id for ab in s.defs[s.cdef[monk]].triggers if TRIGGERS[ab.trigger] == "start_of_turn"][0]
    # walk to the last priority of 706.7 (after the 'end of ikusa damage' trigger resolved)
    hist = play(
        s,
        lambda st: (
            st.ikstep == IK_DAMAGE
            and st.dkind == D_PRIORITY
            and not st.kstack
            and _after_end_of_damage(st)
            and st.dplayer == 1
        ),
    )
    assert hist[-1][0] == "end_of_ikusa_damage"
    s.pending.append([0, draw_ab, monk, s.obj[monk], 0])
    deck = len(s.deck[0])
    act(s, PASS)  # the second pass with nothing on the kotodama space: 706.8 finds the pending trigger
    assert s.ikstep == IK_DAMAGE and s.kstack and s.kstack[-1][SO_ABILITY] == draw_ab
    assert s.dkind == D_PRIORITY
    later = play(s, lambda st: st.dkind == D_ATTACKER)
    # it resolved in the ikusa damage step, and only then the next aisatsu phase began
    assert [x[:4] for x in later] == [
        ("start_of_turn", 3, ST_IKUSA, IK_DAMAGE),
        ("start_of_aisatsu_target", 3, ST_IKUSA, IK_TARGET),
    ]
    assert len(s.deck[0]) == deck - 2


def _after_end_of_damage(st):
    """At the ikusa end processing (706.8, after 706.6-7): the handler frame's step says so."""
    return any(f[HANDLER] == H_IKUSA and f[STEP] == IKS_END_PROCESSING for f in st.stack)


def test_the_end_of_the_turn_goes_back_while_a_trigger_is_pending():
    """NS 505.3c: when the turn's final processing finds a trigger pending (added at the last
    end-phase priority, as in the 706.8b test), the game goes back to 505.2: the trigger is
    entered with priority and resolves, and only then the turn passes (NS 505.4)."""
    s = tscene(p0=dict(field=[MONK]))
    monk = s.field[0][0]
    draw_ab = [ab.id for ab in s.defs[s.cdef[monk]].triggers if TRIGGERS[ab.trigger] == "start_of_turn"][0]
    play(
        s,
        lambda st: (
            st.step == ST_END and st.dkind == D_PRIORITY and not st.kstack and not st.pending and st.dplayer == 1
        ),
    )
    s.pending.append([0, draw_ab, monk, s.obj[monk], 0])
    act(s, PASS)  # player 1 passes too: the end phase's priority ends, 505.3 runs
    assert s.turn == 3 and s.step == ST_END and s.kstack and s.kstack[-1][SO_ABILITY] == draw_ab
    deck = len(s.deck[0])
    play(s, lambda st: st.turn == 4)
    assert len(s.deck[0]) == deck - 1


def test_a_character_forbidden_to_aisatsu_is_not_offered():
    """NS 704.3a-2: Pacifist Monk ('this can't aisatsu') is untapped but not offered as the
    aisatsu character; the untapped Zaibatsu Apprentice is."""
    s = tscene(p0=dict(field=["TZT-04", E]))
    act(s, PASS)
    until(s, D_ATTACKER, 0)
    assert s.legal == [PASS, field(s, E)]


def test_an_unredirectable_aisatsu_offers_no_interrupt():
    """NS 705.3a-2: Unstoppable Oni's aisatsu can't be changed by interrupt: the opponent's
    Gelatin (interrupt) is not offered and the Oni's kousaku 2 reaches the player; the
    Apprentice's aisatsu can be redirected (Gelatin is offered)."""
    s = tscene(p0=dict(field=["TZT-05", E]), p1=dict(field=["TZNS-14"]))
    act(s, PASS)
    until(s, D_ATTACKER, 0)
    act(s, field(s, "TZT-05"))
    act(s, PLAYER + 1)
    kinds = []
    while s.dkind != D_ATTACKER:
        kinds.append(s.dkind)
        act(s, PASS)
    assert D_INTERRUPT not in kinds and len(s.damage[1]) == 2
    act(s, field(s, E))
    act(s, PLAYER + 1)
    until(s, D_INTERRUPT, 1)
    assert len(s.legal) == 2  # pass, or Gelatin


def test_name_contains_picks_only_matching_names():
    """NS 1302.1a: 'an opposing character whose name contains "Yakuza"' offers Armored Yakuza
    and Yakuza Squad, not Zaibatsu Apprentice; Yakuza Hunt kills the one chosen."""
    s = tscene(p0=dict(hand=["TZT-06"], ether=[E]), p1=dict(field=["TZNS-61", E, "TZNS-17"]))
    to_character_phase(s)
    offered = []

    def pick(st):
        offered.append(
            [
                ids(st, [st.field[1][a - OPP_FIELD]])[0]
                for a in st.legal
                if a >= OPP_FIELD and a - OPP_FIELD < len(st.field[1])
            ]
        )
        return st.legal[
            [ids(st, [st.field[1][a - OPP_FIELD]])[0] if a >= OPP_FIELD else None for a in st.legal].index("TZNS-61")
        ]

    cast(s, "TZT-06", picks=[pick])
    assert sorted(offered[0]) == ["TZNS-17", "TZNS-61"]
    assert sorted(ids(s, s.field[1])) == ["TZNS-17", E]
    assert ids(s, s.ohigan[1]) == ["TZNS-61"]


def test_a_whole_name_reference_needs_the_whole_name():
    """NS 1302.1a: without 'contains', the name must be the whole card name: "Yakuza Squad"
    matches Yakuza Squad only, not Armored Yakuza."""
    s = tscene(p0=dict(hand=["TZT-08"], ether=[E]), p1=dict(field=["TZNS-61", "TZNS-17"]))
    to_character_phase(s)
    cast(s, "TZT-08")
    armored, squad = s.field[1]
    assert s.bowed[squad] and not s.bowed[armored]


@pytest.mark.parametrize(
    "p0, p1, draws",
    [
        (dict(field=["TZNS-17"]), dict(field=["TZNS-61"]), 2),  # one each side: both fields count
        (dict(field=["TZNS-17"], ohigan=["TZNS-17"]), dict(hand=["TZNS-61"]), 0),  # Ohigan / hand don't
    ],
)
def test_counting_names_without_a_zone_counts_the_field(p0, p1, draws):
    """NS 306.5a, NS 1302.1b, NS 306.5: 'if there are 2 or more characters whose name contains
    "Yakuza"' counts the characters on the field (both players'), not cards in Ohigan or hand."""
    p0 = dict(p0, hand=["TZT-07"], ether=[E])
    s = tscene(p0=p0, p1=p1)
    to_character_phase(s)
    n = len(s.hand[0])
    cast(s, "TZT-07")
    assert len(s.hand[0]) == n - 1 + draws


def test_counting_an_attribute_counts_characters_that_have_it_now():
    """NS 1302.2a: 'if there are 2 or more 〈Soukaiya〉' counts the characters on the field with
    it, including Yakuza Squad, which has it from Soukaiya Recruiter (NS 1213.1b); a
    〈Soukaiya〉 in the ether zone is not counted."""
    for field0, draws in ((["TZNS-63", "TZNS-17"], 2), (["TZNS-17"], 0)):
        s = tscene(p0=dict(hand=["TZT-09"], ether=[E, "TZNS-63"], field=field0))
        to_character_phase(s)
        n = len(s.hand[0])
        cast(s, "TZT-09")
        assert len(s.hand[0]) == n - 1 + draws


def test_a_chosen_number_is_an_integer_of_0_or_more():
    """NS 104.5: Katon Storm's X is chosen among 0..(what can be paid): 0 is offered, nothing
    below it (the number block starts at 0)."""
    s = scene(p0=dict(hand=["TZNS-55"], ether=[E, E, E]), p1=dict(field=[E]))
    to_character_phase(s)
    act(s, hand(s, "TZNS-55"))
    assert s.dkind == D_X
    assert s.legal == [NUMBER + 0, NUMBER + 1, NUMBER + 2]


def test_card_language_rejects_bad_step_triggers_and_filters(tmp_path):
    """The new words are validated with file, entry and field named."""
    bad = [
        ("{trigger: aisatsu, turn: own, actions: [{do: draw, n: 1}]}", "turn"),
        ("{trigger: start_of_turn, turn: mine, actions: [{do: draw, n: 1}]}", "turn"),
    ]
    for eff, fieldname in bad:
        p = tmp_path / "bad.yaml"
        p.write_text(
            "cards:\n  - {id: B-1, name: B, type: character, cost: 1, karate: 1, durability: 1, "
            f"kousaku: 1, effects: [{eff}]}}\n",
            encoding="utf-8",
        )
        with pytest.raises(CardFileError) as e:
            load_pool(POOL + [p])
        assert "B-1" in str(e.value) and fieldname in str(e.value)
    p = tmp_path / "bad2.yaml"
    p.write_text(
        "cards:\n  - {id: B-2, name: B, type: kotodama, cost: 1, if: {field_ge: {name_has: '', n: 1}}, "
        "actions: [{do: draw, n: 1}]}\n",
        encoding="utf-8",
    )
    with pytest.raises(CardFileError) as e:
        load_pool(POOL + [p])
    assert "B-2" in str(e.value) and "name_has" in str(e.value)


def test_a_loop_one_player_can_stop_runs_as_often_as_they_choose():
    """NS 1501.1a (as the notes rule it for a simulator): Restless Monk's 'bow this: untap this'
    is a loop only its controller can repeat. Each repetition is one of their decisions, so
    naming a count is repeating that often: after 7 uses the monk is untapped again, the game
    goes on when they stop (priority passes on), and nothing ends it as a draw."""
    s = tscene(p0=dict(field=["TZT-10"]))
    to_character_phase(s)
    monk = s.field[0][0]
    for _ in range(7):
        assert s.dkind == D_PRIORITY and s.dplayer == 0
        act(s, field(s, "TZT-10"))  # activate: bow it (the cost) ...
        assert s.bowed[monk]
        act(s, PASS)
        act(s, PASS)  # ... both pass: it resolves and untaps it
        assert not s.bowed[monk]
    act(s, PASS)  # stop: the other player gets priority and the turn goes on
    until(s, D_ATTACKER, 0)
    assert not s.is_terminal() and s.legal == [PASS, field(s, "TZT-10")]


def test_a_loop_nobody_stops_is_cut_by_the_decision_cap():
    """NS 1501.1a with the cap of NS-G24: a player who keeps repeating forever reaches
    ``max_decisions`` and the game ends as a draw (no winner)."""
    g = Game(
        decks=("survivor_freelance", "zaibatsu_control"),
        first_player=0,
        concession=False,
        auto_forced=False,
        builtin_cards=False,
        cards=POOL + [DATA],
        max_decisions=120,
    )
    s = scene(p0=dict(field=["TZT-10"]), game=g)
    to_character_phase(s)
    n = 0
    while not s.is_terminal():
        n += 1
        assert n < 200
        act(s, field(s, "TZT-10") if s.dplayer == 0 and s.dkind == D_PRIORITY and len(s.legal) > 1 else PASS)
    assert s.returns() == [0, 0] or list(s.returns()) == [0.0, 0.0]


def test_a_this_ikusa_effect_ends_when_the_ikusa_ends():
    """NS 706.8a: Battle Cry (+3 karate this ikusa), entered after the aisatsu, makes the
    Apprentice deal 4 ikusa damage to Vengeful Drum; when the ikusa damage step ends the
    effect is gone (karate 1 at the next aisatsu target step), though the turn goes on."""
    s = tscene(p0=dict(field=[E], hand=["TZT-11"], ether=[E]), p1=dict(field=["TZT-13"]))
    ap = s.field[0][0]
    drum = s.field[1][0]
    act(s, PASS)
    until(s, D_ATTACKER, 0)
    act(s, field(s, E))
    act(s, OPP_FIELD + 0)
    until(s, D_PRIORITY, 0)
    cast(s, "TZT-11")
    assert s.karate(ap) == 4
    until(s, D_ATTACKER, 0)
    assert s.dmg[drum] == 4 and s.turn == 3
    assert s.karate(ap) == 1


def test_damage_triggers_and_the_source_of_effect_damage():
    """NS 1102.5, NS 1216.1, NS 1216.2, NS 1216.3: Bloodthirsty Ace's 'when this appears, deal
    1 damage' is an ability of the Ace, so the Ace is the damage's source: its own increase
    (+1) applies (2 damage to Vengeful Drum) and its 'when this deals damage' triggers; the
    Drum's 'when this is dealt damage' triggers too (each draws 1)."""
    s = tscene(p0=dict(hand=["TZT-12"], ether=[E, E]), p1=dict(field=["TZT-13"]))
    to_character_phase(s)
    drum = s.field[1][0]
    h0, h1 = len(s.hand[0]), len(s.hand[1])
    cast(s, "TZT-12")
    until(s, D_PRIORITY, 0)
    while s.kstack or s.pending:
        act(s, PASS if s.dkind == D_PRIORITY else s.legal[0])
    assert s.dmg[drum] == 2
    assert len(s.hand[0]) == h0 - 1 + 1 and len(s.hand[1]) == h1 + 1


def test_a_kotodamas_damage_has_the_kotodama_as_its_source():
    """NS 1216.2, NS 1216.3, NS 1102.5: Karate Chop's 3 damage comes from Karate Chop, not from
    the Bloodthirsty Ace on the field: no +1, and the Ace's 'when this deals damage' does not
    trigger; the Drum's 'dealt damage' does."""
    s = tscene(p0=dict(hand=["TZNS-04"], ether=[E, E], field=["TZT-12"]), p1=dict(field=["TZT-13"]))
    to_character_phase(s)
    drum = s.field[1][0]
    h0, h1 = len(s.hand[0]), len(s.hand[1])
    cast(s, "TZNS-04")
    while s.kstack or s.pending:
        act(s, PASS if s.dkind == D_PRIORITY else s.legal[0])
    assert s.dmg[drum] == 3
    assert len(s.hand[0]) == h0 - 1 and len(s.hand[1]) == h1 + 1


def test_no_damage_dealt_no_damage_triggers():
    """NS 1102.5: Iron Drum reduces damage dealt to it by 5: Karate Chop's 3 deals none, and
    its 'when this is dealt damage' does not trigger."""
    s = tscene(p0=dict(hand=["TZNS-04"], ether=[E, E]), p1=dict(field=["TZT-14"]))
    to_character_phase(s)
    drum = s.field[1][0]
    h1 = len(s.hand[1])
    cast(s, "TZNS-04")
    assert s.dmg[drum] == 0 and not s.pending and not s.kstack and len(s.hand[1]) == h1


def test_ikusa_damage_fires_the_damage_triggers():
    """NS 1102.5, NS 706.4b: the Ace's ikusa damage to the Drum (karate 2 + 1) triggers both
    'deals damage' and 'dealt damage'."""
    s = tscene(p0=dict(field=["TZT-12"]), p1=dict(field=["TZT-13"]))
    drum = s.field[1][0]
    h0, h1 = len(s.hand[0]), len(s.hand[1])
    act(s, PASS)
    until(s, D_ATTACKER, 0)
    act(s, field(s, "TZT-12"))
    act(s, OPP_FIELD + 0)
    until(s, D_ATTACKER, 0)
    assert s.dmg[drum] == 3 and len(s.hand[0]) == h0 + 1 and len(s.hand[1]) == h1 + 1


def test_a_character_that_lost_interrupt_cant_interrupt():
    """NS 1327.1: after Disarm ('an opposing character loses interrupt this turn') Gelatin is
    not offered to interrupt the Apprentice's aisatsu, which reaches the player."""
    s = tscene(p0=dict(hand=["TZT-15"], ether=[E], field=[E]), p1=dict(field=["TZNS-14"]))
    gel = s.field[1][0]
    to_character_phase(s)
    assert s.has_kw(gel, "interrupt")
    cast(s, "TZT-15")
    assert not s.has_kw(gel, "interrupt")
    until(s, D_ATTACKER, 0)
    act(s, field(s, E))
    act(s, PLAYER + 1)
    kinds = []
    while s.dkind != D_ATTACKER:
        kinds.append(s.dkind)
        act(s, PASS)
    assert D_INTERRUPT not in kinds and len(s.damage[1]) == 1
    until(s, D_ETHER, 1)  # the turn ended: the keyword is back (505.3b)
    assert s.has_kw(gel, "interrupt")


def test_a_gained_attribute_counts_for_statics_this_turn():
    """NS 1325.1: Yakuza Squad gains 〈Soukaiya〉 from Soukaiya Initiation: it now has the
    attribute, so Soukaiya Commander's '+1 karate to your other 〈Soukaiya〉' reaches it
    (karate 2); at the end of the turn it is a plain Yakuza again."""
    s = tscene(p0=dict(hand=["TZT-16"], ether=[E], field=["TZNS-62", "TZNS-17"]))
    squad = s.field[0][1]
    to_character_phase(s)
    assert s.karate(squad) == 1 and not s.has_attr(squad, "Soukaiya")
    cast(s, "TZT-16")
    assert s.has_attr(squad, "Soukaiya") and s.karate(squad) == 2
    until(s, D_ETHER, 1)
    assert not s.has_attr(squad, "Soukaiya") and s.karate(squad) == 1


def test_card_language_rejects_an_unknown_keyword_to_lose(tmp_path):
    """NS 1327.1: 'lose_keyword' names a keyword of the language; errors name file, entry, field."""
    p = tmp_path / "bad.yaml"
    p.write_text(
        "cards:\n  - {id: B-3, name: B, type: kotodama, cost: 1, actions: [{do: lose_keyword, "
        "keyword: flying, target: {zone: field, side: opp}}]}\n",
        encoding="utf-8",
    )
    with pytest.raises(CardFileError) as e:
        load_pool(POOL + [p])
    assert "B-3" in str(e.value) and "keyword" in str(e.value) and "bad.yaml" in str(e.value)


def _settle(s):
    while s.kstack or s.pending:
        act(s, PASS if s.dkind == D_PRIORITY else s.legal[0])


def test_a_character_whose_damage_killed_kills():
    """NS 1216.5a, NS 1216.5c: Headhunter's 3 damage goes to Grudge Holder (durability 3), and
    the rule check right after kills it: the Headhunter 'kills' it (its trigger draws 1) and the
    Holder 'was killed by a character' (its trigger draws 1 for its owner)."""
    s = tscene(p0=dict(hand=["TZT-17"], ether=[E, E]), p1=dict(field=["TZT-19"]))
    to_character_phase(s)
    h0, h1 = len(s.hand[0]), len(s.hand[1])
    cast(s, "TZT-17")
    _settle(s)
    assert ids(s, s.ohigan[1]) == ["TZT-19"]
    assert len(s.hand[0]) == h0 - 1 + 1 and len(s.hand[1]) == h1 + 1


def test_a_kill_effect_kills_for_its_source():
    """NS 1216.5b: Executioner Monk's 'kill an opposing character' has the Monk as its source,
    so the Monk killed the Holder: both triggers happen."""
    s = tscene(p0=dict(hand=["TZT-18"], ether=[E, E]), p1=dict(field=["TZT-19"]))
    to_character_phase(s)
    h0, h1 = len(s.hand[0]), len(s.hand[1])
    cast(s, "TZT-18")
    _settle(s)
    assert ids(s, s.ohigan[1]) == ["TZT-19"]
    assert len(s.hand[0]) == h0 - 1 + 1 and len(s.hand[1]) == h1 + 1


def test_ikusa_damage_that_kills_kills():
    """NS 1216.5a, NS 1216.4: Headhunter's ikusa damage (karate 3) kills the Holder at the rule
    check right after it: 'kills' and 'killed by a character' both trigger."""
    s = tscene(p0=dict(field=["TZT-17"]), p1=dict(field=["TZT-19"]))
    h0, h1 = len(s.hand[0]), len(s.hand[1])
    act(s, PASS)
    until(s, D_ATTACKER, 0)
    act(s, field(s, "TZT-17"))
    act(s, OPP_FIELD + 0)
    until(s, D_ATTACKER, 0)
    assert ids(s, s.ohigan[1]) == ["TZT-19"]
    assert len(s.hand[0]) == h0 + 1 and len(s.hand[1]) == h1 + 1


def test_earlier_damage_does_not_make_a_killer():
    """NS 1216.5a ('the rule check right after'), NS 1216.5c: the Apprentice's ikusa damage (1)
    does not kill the Holder; a later Karate Chop (3, from a kotodama) does. The Apprentice did
    not kill it, and no character did: the Holder's 'killed by a character' does not trigger."""
    s = tscene(p0=dict(field=[E], hand=["TZNS-04"], ether=[E, E]), p1=dict(field=["TZT-19"]))
    holder = s.field[1][0]
    h1 = len(s.hand[1])
    act(s, PASS)
    until(s, D_ATTACKER, 0)
    act(s, field(s, E))
    act(s, OPP_FIELD + 0)
    until(s, D_ATTACKER, 0)
    assert s.dmg[holder] == 1 and holder in s.field[1]
    act(s, PASS)  # no more aisatsu: to the end of the ikusa phase
    while s.dkind != D_PRIORITY or s.dplayer != 0:
        act(s, PASS)
    cast(s, "TZNS-04")
    _settle(s)
    assert ids(s, s.ohigan[1]) == ["TZT-19"] and len(s.hand[1]) == h1 and not s.hits


@pytest.mark.parametrize("bowed", [True, False])
def test_an_ambush_from_the_ether_zone_keeps_orientation(bowed):
    """NS 1314.1b, NS 302.3a: the ether zone and the field both show orientation, so Yakuza
    Squad ambushed from the ether zone by Rise from Ether arrives bowed if it was bowed there
    and untapped if it was untapped (an ambush from Ohigan arrives untapped, 303.1a). The
    untapped Apprentice pays the cost."""
    s = tscene(p0=dict(hand=["TZT-20"], ether=[E, ("TZNS-17", bowed, False)]))
    squad = [j for j in s.ether[0] if ids(s, [j]) == ["TZNS-17"]][0]
    to_character_phase(s)
    act(s, hand(s, "TZT-20"))
    assert s.dkind == D_PAY_ETHER
    act(s, opt(s, E))
    assert s.bowed[squad] == bowed
    _settle(s)
    assert squad in s.field[0] and s.bowed[squad] == bowed


def test_a_prohibited_kill_is_not_performed():
    """NS 104.4: Stone Monk can't be killed by effects: Executioner Monk's 'kill an opposing
    character' is not performed on it (it stays, and the Executioner killed nobody, so its
    'kills' does not trigger); damage still kills it through the rules (NS 1004)."""
    s = tscene(p0=dict(hand=["TZT-18", "TZNS-04"], ether=[E, E, E, E]), p1=dict(field=["TZT-21"]))
    stone = s.field[1][0]
    to_character_phase(s)
    h0 = len(s.hand[0])
    cast(s, "TZT-18")
    _settle(s)
    assert stone in s.field[1] and len(s.hand[0]) == h0 - 1
    cast(s, "TZNS-04")  # 3 damage >= durability 2: the rule check kills it
    _settle(s)
    assert ids(s, s.ohigan[1]) == ["TZT-21"]


def test_a_card_discarded_by_an_opponents_effect():
    """NS 1216.7b, NS 1209.6a: Mind Rend makes the opponent discard 1 (they choose): the
    Spiteful Ghost was moved by an effect player 0 controls, so for its owner it was discarded
    by an opponent: 'when an opponent makes you discard this' triggers (from Ohigan, where
    the card now is public) and its owner draws 2; 'when you discard this' does not."""
    s = tscene(p0=dict(hand=["TZT-22"], ether=[E]), p1=dict(hand=["TZT-23"]))
    to_character_phase(s)
    h1 = len(s.hand[1])
    ghost = s.hand[1][0]
    asked = []

    def pick(st):
        asked.append(st.dplayer)
        return st.legal[0]

    cast(s, "TZT-22", picks=[pick])
    _settle(s)
    assert asked == [1] and ghost in s.ohigan[1]
    assert len(s.hand[1]) == h1 - 1 + 2


def test_a_card_discarded_as_its_owners_cost():
    """NS 1216.7a: Desperate Gambit's 'discard 1, and you may' is a cost of a card player 0
    controls: the Ghost discarded to pay it was discarded by its owner ('when you discard
    this' draws 1; the opponent's trigger does not), and then the Gambit draws 2."""
    s = tscene(p0=dict(hand=["TZT-24", "TZT-23"], ether=[E]))
    to_character_phase(s)
    h0 = len(s.hand[0])
    cast(s, "TZT-24", picks=[lambda st: hand(st, "TZT-23")])
    _settle(s)
    assert "TZT-23" in ids(s, s.ohigan[0])
    assert len(s.hand[0]) == h0 - 2 + 2 + 1


def test_damage_to_what_is_no_longer_a_character_is_not_dealt():
    """NS 1102.4d (with 1205.1a): Katon Storm chose Vengeful Drum at entry (X = 1); before it
    resolves, Assassination Order (entered on top) kills the Drum. When Katon Storm resolves,
    its target is a card in Ohigan, not a character: no damage is dealt to it (it has none,
    and its 'when this is dealt damage' does not trigger)."""
    s = tscene(p0=dict(hand=["TZNS-55", "TZNS-20"], ether=[E] * 5), p1=dict(field=["TZT-13"]))
    drum = s.field[1][0]
    to_character_phase(s)
    h1 = len(s.hand[1])
    act(s, hand(s, "TZNS-55"))
    act(s, NUMBER + 1)  # X = 1
    while s.dkind != D_PRIORITY:
        act(s, s.legal[0])  # its entry target (the Drum, the only one), then the ether
    assert s.kstack[-1][SO_FIXED + TG_CARD] == drum
    act(s, hand(s, "TZNS-20"))  # the same player keeps priority (NS 802.5a)
    n = 0
    while s.kstack or s.pending:
        n += 1
        assert n < 50
        act(s, PASS if s.dkind == D_PRIORITY else s.legal[0])
    assert drum in s.ohigan[1] and s.dmg[drum] == 0 and len(s.hand[1]) == h1


def test_a_card_already_known_is_not_revealed_again():
    """NS 1306.2, NS 1306.1: two Soukaiya Lookouts in the defender's hand are revealed for their
    'when an opposing character aisatsu-s you' triggers. One came back from Ohigan, so both
    players already know it: it is not revealed again and stays known after its ability has
    left the kotodama space. The other was hidden: it is public only until its revealing
    ability is done (1209.3c), then hidden again."""
    s = scene(p0=dict(field=["TZNS-09"]), p1=dict(hand=["TZNS-68"], ohigan=["TZNS-68"], damage=[E, E]))
    hidden, known = s.hand[1][0], s.ohigan[1][0]
    s.move(known, Z_HAND)  # back to the hand from Ohigan (public before): both players know it
    assert s.pub[known] and not s.pub[hidden]
    act(s, PASS)
    until(s, D_ATTACKER, 0)
    act(s, field(s, "TZNS-09"))
    act(s, PLAYER + 1)
    reveals, n = 0, 0
    while reveals < 2 or s.kstack or s.pending:
        n += 1
        assert n < 60
        if s.dkind == D_REVEAL and s.legal[1] == OPTION:
            reveals += 1
            act(s, OPTION)  # a Lookout (the known one first, NS 1306.2)
        elif s.dkind in (D_ORDER, D_RECOVER):
            act(s, s.legal[0])
        else:
            act(s, PASS)
    assert hidden in s.hand[1] and known in s.hand[1]
    assert s.pub[known] and not s.pub[hidden]


@pytest.mark.parametrize("first", ["start_of_game", "start_of_turn"])
def test_abilities_entering_together_are_ordered_by_their_controller(first):
    """NS 302.4 (the kotodama space keeps an order, 310.2): Clockwork Monk's 'start of the
    game' and 'start of the turn' trigger together on the game's first turn; its controller
    decides their order on the kotodama space: the one picked first enters first (below),
    the other on top."""
    s = tscene(p0=dict(field=[MONK]), turn=0)
    n = 0
    while s.dkind != D_ORDER:
        n += 1
        assert n < 200
        act(s, s.legal[0] if s.dkind == D_ATTACKER else PASS)
    assert s.turn == 1 and s.dplayer == 0
    pend = [TRIGGERS[s.abilities[t[PT_ABILITY]].trigger] for t in s.pending if t[PT_PLAYER] == 0]
    act(s, s.legal[pend.index(first)])
    while s.dkind != D_PRIORITY:
        act(s, s.legal[0])
    on = [TRIGGERS[s.abilities[o[SO_ABILITY]].trigger] for o in s.kstack if o[SO_KIND] == K_ABILITY]
    other = "start_of_turn" if first == "start_of_game" else "start_of_game"
    assert on == [first, other]
