"""The card language's words for entry-time choices, activated / static abilities and the
newer triggers: bad uses are rejected with errors naming file, entry and field."""

from __future__ import annotations

import pytest
from tcgzoo.envs.core.errors import CardFileError
from tcgzoo.envs.ninja_slayer.cards import N_LKI_KARATE, N_X, TR_ENTERED, TR_FROM_HAND, load_pool

CHAR = "{id: C-1, name: A, type: character, cost: 1, karate: 1, durability: 1, kousaku: 1, "


def _load(tmp_path, body):
    p = tmp_path / "c.yaml"
    p.write_text("cards:\n  - " + body + "\n", encoding="utf-8")
    return load_pool([p])


@pytest.mark.parametrize(
    "body, where",
    [
        (
            "{id: K-1, name: A, type: kotodama, cost: 1, actions: [{do: damage, n: X, target: {zone: field, side: opp}}]}",
            r"entry 'K-1', field 'actions\[0\].n': 'X' needs 'x: true'",
        ),
        (
            "{id: K-2, name: A, type: kotodama, cost: 1, x: true, actions: [{do: draw, n: 1}]}",
            r"entry 'K-2', field 'x': no action uses 'n: X'",
        ),
        (
            "{id: K-3, name: A, type: kotodama, cost: 1, modes: [{actions: [{do: draw, n: 1}]}]}",
            r"entry 'K-3', field 'modes': needs at least 2 modes",
        ),
        (
            "{id: K-4, name: A, type: kotodama, cost: 1, actions: [{do: counter, target: {zone: stack, side: opp}}]}",
            r"entry 'K-4', field 'actions\[0\].target.chosen': a kotodama-space target is chosen at entry",
        ),
        (
            "{id: K-5, name: A, type: kotodama, cost: 1, actions: [{do: kill, target: {zone: stack, side: opp, chosen: entry}}]}",
            r"entry 'K-5', field 'actions\[0\].target.zone'",
        ),
        (
            CHAR + "activated: {cost: {}, actions: [{do: draw, n: 1}]}}",
            r"entry 'C-1', field 'activated.cost': an activated ability needs a cost",
        ),
        (CHAR + "static: {aura: {attribute: A}}}", r"entry 'C-1', field 'static.aura.karate'"),
        (
            "{id: K-7, name: A, type: kotodama, cost: 1, actions: [{do: draw, n: 1}], ukemi: {actions: "
            "[{do: kill, target: {zone: field, side: opp, chosen: entry}}]}}",
            r"entry 'K-7', field 'ukemi.actions'",
        ),
        (
            CHAR + "effects: [{trigger: end_phase, actions: [{do: draw, n: 1}]}]}",
            r"entry 'C-1', field 'effects\[0\].trigger'",
        ),
        (
            "{id: K-6, name: A, type: kotodama, cost: 1, activated: {cost: {ether: 1}, actions: [{do: draw, n: 1}]}, "
            "actions: [{do: draw, n: 1}]}",
            r"entry 'K-6', field 'activated': only characters",
        ),
    ],
)
def test_bad_new_words_name_file_entry_and_field(tmp_path, body, where):
    """NS 1204.2b, NS 1304.1, NS 1321.1, NS 1208.1, NS 1209.7: misuses are caught at load."""
    with pytest.raises(CardFileError, match=r"c.yaml, " + where):
        _load(tmp_path, body)


def test_the_new_words_load_into_the_tables():
    """NS 1204.2d, NS 1215.1, NS 1209.3a: the built-in pool's new cards load as meant."""
    pool = load_pool()
    d = {c.id: c for c in pool.cards}
    assert d["TZNS-55"].text_ability.x and d["TZNS-55"].text_ability.actions[0].n == N_X
    assert d["TZNS-67"].triggers[0].actions[0].n == N_LKI_KARATE
    assert d["TZNS-57"].triggers[0].trigger == TR_ENTERED
    assert d["TZNS-68"].triggers[0].trigger == TR_FROM_HAND and d["TZNS-68"].triggers[0].reveal
    assert len(d["TZNS-54"].text_ability.modes) == 2 and d["TZNS-54"].entry_ab is not None
    assert d["TZNS-58"].activated.bow_self and d["TZNS-58"].activated.cost_ether == 1
    assert (d["TZNS-60"].damage_plus, d["TZNS-61"].damage_minus) == (1, 1)
    assert d["TZNS-62"].aura == ("Soukaiya", 1) and d["TZNS-63"].grant_attr == "Soukaiya"
    assert d["TZNS-64"].extra_bow_attr == "Ninja Slay" and d["TZNS-56"].tatsujin_ether == 2
    assert d["TZNS-69"].kill_shield == 1
