"""Ninja Slayer rules: continuous effects (rule 1213): the numeric layer in timestamp order with
set-to-value effects, effects for the rest of the game, durations fixed when an effect starts,
'this ikusa' effects whose end has passed. Test-only cards: ``data/continuous_cards.yaml``."""

from __future__ import annotations

from pathlib import Path

import pytest
from ns_cov import cast, to_character_phase, where
from ns_scenario import D_PRIORITY, OWN_FIELD, PASS, act, ids, scene
from tcgzoo.envs.core.errors import CardFileError
from tcgzoo.envs.ninja_slayer import Game
from tcgzoo.envs.ninja_slayer.cards import CARD_DIR, load_pool
from tcgzoo.envs.ninja_slayer.layout import ST_CHARACTER, ST_IKUSA
from tcgzoo.envs.ninja_slayer.records import Statics
from tcgzoo.envs.ninja_slayer.rules import static_flags
from tcgzoo.envs.ninja_slayer.state import Z_FIELD, Z_OHIGAN

DATA = Path(__file__).resolve().parent / "data" / "continuous_cards.yaml"
POOL = sorted(CARD_DIR.glob("*.yaml"))
GAME_C = Game(
    decks=("survivor_freelance", "zaibatsu_control"),
    first_player=0,
    concession=False,
    auto_forced=False,
    builtin_cards=False,
    cards=POOL + [DATA],
)
E = "TZNS-29"  # Zaibatsu Apprentice: no text (ether, filler)


def cscene(**kw):
    return scene(game=GAME_C, **kw)


def pick(cid, p=0):
    """A target choice: the own-field card ``cid`` of player ``p``."""
    return lambda s: OWN_FIELD + ids(s, s.field[p]).index(cid)


def to_turn(s, turn, step):
    n = 0
    while not (s.turn == turn and s.step == step and s.dkind == D_PRIORITY):
        assert PASS in s.legal, s.decision_name()
        act(s, PASS)
        n += 1
        assert n < 300


def test_set_value_and_auras_apply_in_timestamp_order():
    """NS 1213.5, NS 1213.3b, NS 1213.3b-1, NS 1213.3b-2, NS 1213.1f: Sonic Boom (karate 3)
    gets +1 from a Soukaiya Commander already on the field (its static valid since it entered). Iron
    Mask sets its karate to 5 on resolution, later than the aura: the printed 3 and the earlier +1
    are lost (5, not 6). A second Commander entering afterwards has a later timestamp: its +1
    applies on top (6)."""
    s = cscene(p0=dict(field=["TZNS-62", "TZNS-12"], hand=["TZC-01", "TZNS-62"], ether=[E] * 4))
    boom = where(s, "TZNS-12", 0)[0]
    assert s.statics & 64 and s.karate(boom) == 4
    to_character_phase(s)
    cast(s, "TZC-01", picks=[pick("TZNS-12")])
    assert s.karate(boom) == 5
    cast(s, "TZNS-62")
    assert len(s.field[0]) == 3 and s.karate(boom) == 6
    # the turn ends: the 'this turn' set value ends, both auras remain (3 + 1 + 1)
    to_turn(s, 4, ST_CHARACTER)
    assert s.karate(boom) == 5


def test_set_durability_and_additions_of_one_effect():
    """NS 1213.5, NS 1213.3b-2: one resolved effect sets durability to 1 and adds 2 karate (one
    timestamp): the printed durability 2 is replaced, the karate added."""
    s = cscene(p0=dict(hand=["TZC-05"], field=["TZNS-12"]))
    boom = where(s, "TZNS-12", 0)[0]
    to_character_phase(s)
    cast(s, "TZC-05", picks=[pick("TZNS-12")])
    assert s.durability(boom) == 1 and s.karate(boom) == 5


def test_an_effect_without_end_lasts_the_game_and_durations_are_fixed_when_they_start():
    """NS 1213.8, NS 1213.3b-4, NS 505.3b: Lasting Vow's +1 has no end point: it outlasts its turn
    and the next ones. Night Watcher's 'this turn' +2 starts on the opponent's turn (its trigger
    resolves then), so its duration is that turn, and it ends there."""
    s = cscene(p0=dict(hand=["TZC-02"], field=["TZNS-12", "TZC-03"]))
    boom, watcher = where(s, "TZNS-12", 0)[0], where(s, "TZC-03", 0)[0]
    to_character_phase(s)
    cast(s, "TZC-02", picks=[pick("TZNS-12")])
    assert s.karate(boom) == 4 and s.karate(watcher) == 1
    to_turn(s, 4, ST_CHARACTER)
    assert s.karate(boom) == 4 and s.karate(watcher) == 3
    to_turn(s, 5, ST_CHARACTER)
    assert s.karate(boom) == 4 and s.karate(watcher) == 1
    to_turn(s, 6, ST_CHARACTER)
    assert s.karate(boom) == 4 and s.karate(watcher) == 3


def test_a_this_ikusa_effect_started_outside_an_ikusa_never_applies():
    """NS 1213.9: Battle Fervor resolved in the character phase: the end of 'this
    ikusa' has passed (no ikusa is going on), so the +3 never applies, not even in the coming
    ikusa. Resolved during an ikusa, the same card gives +3 until that ikusa ends."""
    s = cscene(p0=dict(hand=["TZC-04", "TZC-04"], field=["TZNS-12"]))
    boom = where(s, "TZNS-12", 0)[0]
    to_character_phase(s)
    cast(s, "TZC-04", picks=[pick("TZNS-12")])
    assert s.karate(boom) == 3 and s.teff == []
    n = 0
    while not (s.step == ST_IKUSA and s.dkind == D_PRIORITY and s.dplayer == 0):
        act(s, PASS)
        n += 1
        assert n < 50
    assert s.karate(boom) == 3
    cast(s, "TZC-04", picks=[pick("TZNS-12")])
    assert s.karate(boom) == 6
    to_turn(s, 4, ST_CHARACTER)
    assert s.karate(boom) == 3


def test_one_effect_spanning_two_layers_applies_each_part_in_its_layer():
    """NS 1213.2, NS 1213.1b, NS 1213.1f: Borrowed Colors gives Survivor Dojo Member (karate 1, no
    Soukaiya) the attribute and +1 karate in one effect. The attribute part applies in the
    attribute layer, before any number, so Soukaiya Commander's '+1 to your other Soukaiya'
    (a number) reaches it as well: 1 + 1 + 1 = 3, until the end of the turn."""
    s = cscene(p0=dict(hand=["TZC-06"], field=["TZNS-62", "TZNS-31"]))
    dojo = where(s, "TZNS-31", 0)[0]
    assert s.karate(dojo) == 1 and not s.has_attr(dojo, "Soukaiya")
    to_character_phase(s)
    cast(s, "TZC-06", picks=[pick("TZNS-31")])
    assert s.has_attr(dojo, "Soukaiya") and s.karate(dojo) == 3
    to_turn(s, 4, ST_CHARACTER)
    assert s.karate(dojo) == 1 and not s.has_attr(dojo, "Soukaiya")


def test_a_resolved_effect_keeps_the_set_it_had_on_resolution():
    """NS 1213.6, NS 1213.10, NS 302.3: Lasting Vow's game-long +1 applies to the Sonic Boom
    chosen on resolution. When that card leaves the field and comes back it is a new object
    the effect never applied to (karate 3 + the Commander's static 1 = 4, not 5), while the
    static aura reaches it again at once; the Vow's record is dropped at the end of the turn."""
    s = cscene(p0=dict(hand=["TZC-02"], field=["TZNS-62", "TZNS-12"]))
    boom = where(s, "TZNS-12", 0)[0]
    to_character_phase(s)
    cast(s, "TZC-02", picks=[pick("TZNS-12")])
    assert s.karate(boom) == 5
    s.move(boom, Z_OHIGAN)  # killed ...
    s.move(boom, Z_FIELD)  # ... and put back (an ambush from Ohigan): a new object
    assert s.karate(boom) == 4
    to_turn(s, 4, ST_CHARACTER)
    assert s.karate(boom) == 4 and s.teff == []


def test_a_dependent_static_applies_after_the_one_it_depends_on():
    """NS 1213.3a, NS 1213.1b: Soukaiya Sensei ('your other Soukaiya are also Ninja Slay') entered
    before Soukaiya Recruiter ('your other characters are also Soukaiya'): by timestamps the
    Sensei's effect would come first and miss Survivor Dojo Member, but its scope depends on the
    Recruiter's effect, so it applies after it: the member is Soukaiya and Ninja Slay. Without
    the Recruiter it is neither. Two statics depending on each other (Sensei and Ninja Slay
    Mentor) give nothing that is not already there."""
    s = cscene(p0=dict(field=["TZC-07", "TZNS-63", "TZNS-31"]))
    sensei, recruiter, dojo = (where(s, c, 0)[0] for c in ("TZC-07", "TZNS-63", "TZNS-31"))
    assert s.since[sensei] < s.since[recruiter]
    assert s.has_attr(dojo, "Soukaiya") and s.has_attr(dojo, "Ninja Slay")
    assert s.has_attr(sensei, "Soukaiya") and s.has_attr(sensei, "Ninja Slay") is False  # not its own
    s = cscene(p0=dict(field=["TZC-07", "TZNS-31"]))
    dojo = where(s, "TZNS-31", 0)[0]
    assert not s.has_attr(dojo, "Soukaiya") and not s.has_attr(dojo, "Ninja Slay")
    s = cscene(p0=dict(field=["TZC-07", "TZC-08", "TZNS-31"]))
    dojo, mentor = where(s, "TZNS-31", 0)[0], where(s, "TZC-08", 0)[0]
    assert not s.has_attr(dojo, "Soukaiya") and not s.has_attr(dojo, "Ninja Slay")
    assert not s.has_attr(mentor, "Soukaiya")


@pytest.mark.parametrize("order, survives", [(("TZC-10", "TZC-09"), True), (("TZC-09", "TZC-10"), False)])
def test_gaining_and_losing_an_ability_apply_in_timestamp_order(order, survives):
    """NS 1213.1c, NS 1213.3b, NS 1213.3b-2, NS 104.4: Steel Skin (gains 'can't be killed by
    effects') and Shatter Guard (loses it) act in the ability layer in the order they resolved:
    the later one decides. Self Sacrifice's kill is then not done (kept) or done (killed)."""
    s = cscene(p0=dict(hand=["TZC-09", "TZC-10", "TZC-11"], field=["TZNS-12"]))
    boom = where(s, "TZNS-12", 0)[0]
    to_character_phase(s)
    for cid in order:
        cast(s, cid, picks=[pick("TZNS-12")])
    assert s.has_kw(boom, "kill_proof") is survives
    cast(s, "TZC-11", picks=[pick("TZNS-12")])
    assert (s.zone[boom] == Z_FIELD) is survives and (s.zone[boom] == Z_OHIGAN) is not survives


def test_a_set_attribute_applies_after_every_attribute_gain():
    """NS 1213.1d, NS 1213.1b, NS 1213.5, NS 1213.2: Mask of Another Clan makes Sonic Boom's
    attribute Freelance: it loses its printed Soukaiya, and with it Soukaiya Commander's +1 (karate
    3, not 4). On Survivor Dojo Member, a later Borrowed Colors ('also Soukaiya' and +1 karate)
    still leaves it Freelance only: gaining attributes (1213.1b) comes before changing them
    (1213.1d) whatever the timestamps, while the karate part applies (1 + 1 = 2, no aura)."""
    s = cscene(p0=dict(hand=["TZC-12", "TZC-12", "TZC-06"], field=["TZNS-62", "TZNS-12", "TZNS-31"]))
    boom, dojo = where(s, "TZNS-12", 0)[0], where(s, "TZNS-31", 0)[0]
    assert s.karate(boom) == 4
    to_character_phase(s)
    cast(s, "TZC-12", picks=[pick("TZNS-12")])
    assert not s.has_attr(boom, "Soukaiya") and s.has_attr(boom, "Freelance") and s.karate(boom) == 3
    cast(s, "TZC-12", picks=[pick("TZNS-31")])
    cast(s, "TZC-06", picks=[pick("TZNS-31")])
    assert s.has_attr(dojo, "Freelance") and not s.has_attr(dojo, "Soukaiya") and s.karate(dojo) == 2
    to_turn(s, 4, ST_CHARACTER)
    assert s.has_attr(boom, "Soukaiya") and s.karate(boom) == 4 and not s.has_attr(dojo, "Freelance")


def test_games_without_set_effects_skip_the_layer():
    """NS 1213.1f: without set-to-value cards the karate sum needs no order (flag 64 off)."""
    s = scene()
    assert not static_flags(s.defs, s.cdef) & Statics.LAYERS


def _load(tmp_path, body):
    p = tmp_path / "c.yaml"
    p.write_text("cards:\n  - " + body + "\n", encoding="utf-8")
    return load_pool([p])


K = "{id: K-1, name: A, type: kotodama, cost: 1, actions: [{do: pump, target: {zone: field}, "


@pytest.mark.parametrize(
    "body, where_",
    [
        (K + "set_karate: -1}]}", r"entry 'K-1', field 'actions\[0\].set_karate'"),
        (K + "duration: turn}]}", r"entry 'K-1', field 'actions\[0\].karate'"),
        (K + "karate: 1, duration: forever}]}", r"entry 'K-1', field 'actions\[0\].duration'"),
        (
            "{id: C-1, name: A, type: character, cost: 1, karate: 1, durability: 1, kousaku: 1, "
            "static: {grant_attribute: {attribute: A, to: 3}}}",
            r"entry 'C-1', field 'static.grant_attribute.to'",
        ),
    ],
)
def test_bad_continuous_effects_are_caught_at_load(tmp_path, body, where_):
    """NS 1213.5, NS 1213.8: set values are 0 or more, a pump changes something, durations are
    turn / ikusa / game."""
    with pytest.raises(CardFileError, match=r"c.yaml, " + where_):
        _load(tmp_path, body)


def test_the_words_load(tmp_path):
    """NS 1213.8: 'duration: game' loads for the other continuous actions too."""
    pool = _load(
        tmp_path,
        "{id: K-2, name: A, type: kotodama, cost: 1, actions: [{do: lose_keyword, "
        "target: {zone: field, side: opp}, keyword: interrupt, duration: game}]}",
    )
    assert pool.cards[0].text_ability.actions[0].game
    pool = load_pool(POOL + [DATA])
    d = {c.id: c for c in pool.cards}
    assert d["TZC-01"].sets_value and d["TZC-01"].text_ability.actions[0].set_karate == 5
    assert not d["TZC-02"].sets_value and d["TZC-02"].text_ability.actions[0].game
