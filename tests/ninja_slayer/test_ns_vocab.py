"""The Ninja Slayer card language on the shared effect core (``envs/core/vocab.py``): every
word registered once with its rule and phrases, looked up once at load, its function kept in
the compiled record; load errors still name file, entry and field."""
from __future__ import annotations

import pytest

from tcgzoo.envs.core.cardtext import Phrasebook, VocabText
from tcgzoo.envs.core.errors import CardFileError
from tcgzoo.envs.ninja_slayer.cards import load_pool
from tcgzoo.envs.ninja_slayer.verbs import PUBLIC_ZONES, VOCAB, Verb


def _load(tmp_path, body):
    p = tmp_path / "c.yaml"
    p.write_text("cards:\n  - " + body + "\n", encoding="utf-8")
    return load_pool([p])


def _actions(pool):
    for ab in pool.abilities:
        for m in ab.modes or [ab.actions]:
            yield from m


def test_every_verb_is_registered_with_its_rule_and_phrases():
    """NS 1300-1327: each verb says which rule it implements and how it reads (Japanese as the
    rules print it, an English gloss); its parameters are declared, and the zones a targeted
    verb takes are among the target zones."""
    verbs = VOCAB.words["verb"]
    assert {"draw", "recover", "damage", "damage_player", "kill", "bow", "untap", "ambush", "to_hand", "pump",
            "grant", "search_ambush", "counter", "delay", "discard", "remove", "gain_attribute", "lose_keyword",
            "gain_keyword", "set_attribute", "enter"} == set(verbs)
    for name, w in verbs.items():
        assert w.rule.startswith("NS ") and w.doc and w.ja and w.en, name
        assert isinstance(w.data, Verb) and callable(w.data.step), name
        if "target" in w.params:
            assert w.data.zones and set(w.data.zones) <= set(PUBLIC_ZONES) | {"hand", "stack"}, name
        else:
            assert w.data.step is w.fn, name  # a verb with its own steps is its own step


def test_every_phrase_is_a_template_of_the_words_parameters():
    """A phrase names only the word's own parameters, so the shared renderer
    (``envs/core/cardtext.VocabText``) can fill it in."""
    assert VocabText(VOCAB, Phrasebook("ninja_slayer", {})).template_problems() == []


def test_compiled_actions_keep_the_verbs_function():
    """Looked up once at load: every action of the built-in pool holds its verb's function and
    run record, and keeps the verb's name for readers (the heuristic agent reads ``do``)."""
    pool = load_pool()
    verbs = VOCAB.words["verb"]
    seen = set()
    for a in _actions(pool):
        if a.do == "satsubatsu":  # the keyword's own trigger (NS 1403.2), not a word of the language
            continue
        assert a.fn is verbs[a.do].fn and a.verb is verbs[a.do].data
        seen.add(a.do)
    assert {"draw", "damage", "kill", "pump", "search_ambush", "counter"} <= seen


@pytest.mark.parametrize("action, where", [
    ("{do: kil, target: {zone: field, side: opp}}", r"field 'actions\[0\].do': 'kil' is not one of the verbs .*"
                                                    r"did you mean 'kill'\?"),
    ("{do: draw, n: 1, target: self}", r"field 'actions\[0\].target': unknown field of verb 'draw'"),
    ("{do: recover, n: X}", r"field 'actions\[0\].n': expected an integer"),
    ("{do: draw, n: 0}", r"field 'actions\[0\].n': must be at least 1 \(or 'X'\)"),
    ("{do: damage, target: {zone: field, side: opp}}", r"field 'actions\[0\].n': is required"),
    ("{do: bow, target: {zone: hand}}", r"field 'actions\[0\].target.zone': .* by 'pump' only"),
    ("{do: to_hand, target: {zone: field}}", r"field 'actions\[0\].target.zone': 'to_hand' takes cards from the "
                                             r"ohigan zone"),
    ("{do: enter}", r"field 'actions\[0\].free': only 'free: true'"),
    ("{do: lose_keyword, target: {zone: field}, keyword: karate}", r"field 'actions\[0\].keyword': 'karate' is not "
                                                                   r"one of interrupt"),
    ("{do: draw, n: 100}", r"field 'actions\[0\].n': 100 is out of range"),
])
def test_verb_errors_name_file_entry_and_field(tmp_path, action, where):
    """A misspelt verb gets the nearest one; a parameter the verb does not take, a bad number
    (beyond the cards' bound too) or a target zone the verb can't take names its field."""
    with pytest.raises(CardFileError, match=r"c.yaml, entry 'K-1', " + where):
        _load(tmp_path, "{id: K-1, name: A, type: kotodama, cost: 1, actions: [" + action + "]}")
