"""Leader Melee's card language on the shared effect core (``envs/core/vocab.py``): every word
registered once on ``words.VOCAB`` with its rule and printed phrase, looked up once when a
card file loads, its function kept in the compiled record."""
from __future__ import annotations

import pytest

from tcgzoo.envs.core.errors import CardFileError
from tcgzoo.envs.leader_melee import cards as C
from tcgzoo.envs.leader_melee.cards import load_pool
from tcgzoo.envs.leader_melee.verbs import VOCAB


def _load(tmp_path, effect: str):
    p = tmp_path / "w.yaml"
    p.write_text("cards:\n  - {id: X-1, name: X, type: battle, color: red, level: 1, power: 1, strike: 1, "
                 f"traits: [Knight], effects: [{effect}]}}\n")
    return load_pool([str(p)]).by_id["X-1"].face.abilities[0]


def test_every_verb_is_registered_with_its_rule_and_phrase():
    """Each verb is one function with the rule it implements (cited ``LM n-n``) and how it reads;
    ``cards.ACTIONS`` (read by the printed-text renderer) is the registry, not a second list."""
    verbs = VOCAB.words["verb"]
    assert set(C.ACTIONS) | {"reduce"} == set(verbs)
    for name, w in verbs.items():
        assert callable(w.fn) and w.rule.startswith("LM ") and w.doc and w.ja and w.en, name


def test_the_compiled_action_keeps_the_function_and_the_name(tmp_path):
    """The loader looks the verb up once: the action holds its function (the rules call it) and
    its name ``do`` (read by the heuristic agent); ``amount`` is the number ``n``."""
    a = _load(tmp_path, "{trigger: play, actions: [{do: power, amount: 2000, duration: battle}, {do: draw, n: 1}]}")
    power, draw = a.actions
    assert (power.do, power.fn, power.n, power.duration) == ("power", VOCAB.words["verb"]["power"].fn, 2000, "battle")
    assert power.target.self_ and draw.target is None and draw.fn is VOCAB.words["verb"]["draw"].fn


@pytest.mark.parametrize("effect,field,msg", [
    ("{trigger: play, actions: [{do: drw, n: 1}]}", r"actions\[0\]\.do", "did you mean 'draw'"),
    ("{trigger: play, actions: [{do: reduce, n: 1}]}", r"actions\[0\]\.do", "damage replacement"),
    ("{trigger: play, actions: [{do: rest, amount: 1}]}", r"actions\[0\]\.amount", "rest takes no amount"),
    ("{trigger: play, actions: [{do: draw, n: 1, duration: turn}]}", r"actions\[0\]\.duration", "draw takes no"),
    ("{trigger: play, actions: [{do: power, amount: 1, duration: forever}]}", r"actions\[0\]\.duration",
     "not one of battle, battle_phase, turn"),
    ("{trigger: play, actions: [{do: draw, n: -1}]}", r"actions\[0\]\.n", "at least 0"),
])
def test_verb_fields_are_checked_naming_the_field(tmp_path, effect, field, msg):
    with pytest.raises(CardFileError, match=rf"entry 'X-1', field 'effects\[0\]\.{field}'.*{msg}"):
        _load(tmp_path, effect)
