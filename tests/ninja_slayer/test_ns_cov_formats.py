"""Ninja Slayer rules coverage: deck formats (NS 402) — Constructed limits by name and
epithet, Blitz Sealed pack opening and its deck check — and the card information the
deck rules read (NS 201, 202, 205)."""

from __future__ import annotations

import textwrap

import pytest
import yaml
from tcgzoo.envs.core.errors import CardFileError, DeckError
from tcgzoo.envs.ninja_slayer import Game, builtin_pool
from tcgzoo.envs.ninja_slayer.cards import CHARACTER, KOTODAMA, load_deck, load_pool
from tcgzoo.envs.ninja_slayer.sealed import DECK_SIZE, PACK_SIZE, PACKS, open_packs, sealed_deck


def _write(tmp_path, name, data):
    p = tmp_path / f"{name}.yaml"
    p.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return str(p)


def _constructed(**extra):
    cards = {
        "TZNS-29": 4,
        "TZNS-17": 4,
        "TZNS-31": 4,
        "TZNS-33": 4,
        "TZNS-06": 4,
        "TZNS-12": 4,
        "TZNS-19": 4,
        "TZNS-09": 4,
        "TZNS-32": 4,
        "TZNS-04": 4,
        "TZNS-20": 4,
        "TZNS-40": 2,
    }
    cards.update(extra)
    return cards


def test_name_and_epithet_together_identify_a_card_for_the_copy_limit(tmp_path):
    """NS 201.1, NS 202.1, NS 402.4b: 'Ninja Slayer' with epithet Mortal and with epithet
    Fuurinkazan are different cards (4 of each is legal); a fifth copy of one name and
    epithet is not."""
    pool = builtin_pool()
    a, b = pool.cards[pool.by_id["TZNS-02"]], pool.cards[pool.by_id["NST2-46"]]
    assert a.name == b.name == "Ninja Slayer" and a.epithet != b.epithet
    cards = _constructed(**{"TZNS-02": 4, "NST2-46": 4})
    del cards["TZNS-40"], cards["TZNS-20"]
    cards["TZNS-30"] = 2
    assert sum(cards.values()) == 50
    name, ids = load_deck(_write(tmp_path, "ok", {"cards": cards}), pool)
    assert len(ids) == 50
    cards["TZNS-02"], cards["TZNS-30"] = 5, 1
    with pytest.raises(DeckError, match="NS 402.4b"):
        load_deck(_write(tmp_path, "five", {"cards": cards}), pool)


def test_card_types_are_character_or_kotodama(tmp_path):
    """NS 205.1, NS 205.2, NS 402.1: every card is a character or a kotodama; a card file
    naming another type is rejected with the file, entry and field."""
    pool = builtin_pool()
    assert {c.type for c in pool.cards} == {CHARACTER, KOTODAMA}
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        textwrap.dedent("""\
        cards:
          - {id: X-1, name: Odd, type: spell, cost: 1, actions: [{do: draw, n: 1}]}
        """),
        encoding="utf-8",
    )
    with pytest.raises(CardFileError, match=r"X-1.*type.*'spell' is not one of character, kotodama"):
        load_pool([bad])


def test_blitz_sealed_opens_five_packs_of_forty_cards_reproducibly():
    """NS 402.3a: five booster packs hold the 40 cards of the deck; the same seed opens
    the same packs, another seed other ones."""
    pool = builtin_pool()
    packs = open_packs(pool, 7)
    assert len(packs) == PACKS == 5 and all(len(p) == PACK_SIZE for p in packs)
    assert sum(len(p) for p in packs) == DECK_SIZE == 40
    assert all(cid in pool.by_id for p in packs for cid in p)
    assert open_packs(pool, 7) == packs and open_packs(pool, 8) != packs
    deck = sealed_deck(pool, 7)
    assert sum(deck["cards"].values()) == 40 and deck["packs"] == packs


def test_a_blitz_sealed_deck_is_exactly_its_opened_cards_and_plays(tmp_path):
    """NS 402.2, NS 402.3a: the event's format decides the deck rules: the 40 opened cards
    make a legal Blitz Sealed deck (the same list is no Constructed deck); leaving one out
    or adding one not opened is illegal. Both players can play a game with such decks."""
    pool = builtin_pool()
    d0, d1 = sealed_deck(pool, 1), sealed_deck(pool, 2)
    p0, p1 = _write(tmp_path, "s1", d0), _write(tmp_path, "s2", d1)
    name, ids = load_deck(p0, pool)
    assert name == "blitz_sealed_1" and len(ids) == 40
    with pytest.raises(DeckError, match="NS 402.4a"):
        load_deck(_write(tmp_path, "c", {"cards": d0["cards"]}), pool)
    short = dict(d0, cards=dict(d0["cards"]))
    cid = next(iter(short["cards"]))
    short["cards"][cid] -= 1
    if not short["cards"][cid]:
        del short["cards"][cid]
    with pytest.raises(DeckError, match=r"left out.*NS 402\.3a"):
        load_deck(_write(tmp_path, "short", short), pool)
    extra = dict(d0, cards=dict(d0["cards"]))
    other = next(c.id for c in pool.cards if c.id not in extra["cards"])
    extra["cards"][other] = 1
    with pytest.raises(DeckError, match=r"not opened.*NS 402\.3a"):
        load_deck(_write(tmp_path, "extra", extra), pool)
    with pytest.raises(DeckError, match="NS 402.3a"):
        load_deck(_write(tmp_path, "four", dict(d0, packs=d0["packs"][:4])), pool)
    s = Game(decks=(p0, p1), first_player=0).new_initial_state(3)
    assert len(s.deck[0]) + len(s.hand[0]) == 40 and len(s.deck[1]) + len(s.hand[1]) == 40
    n = 0
    while not s.is_terminal() and n < 300:
        s.apply_action(s.legal_actions()[0])
        s.check_invariants()
        n += 1


def test_blitz_sealed_has_no_copy_or_ukemi_limit(tmp_path):
    """NS 402.3b, NS 402.3c: opened packs may give more than 4 copies of one card and more
    than 16 cards with ukemi; the sealed deck is still legal (Constructed would refuse)."""
    pool = builtin_pool()
    packs = [["TZNS-10"] * PACK_SIZE for _ in range(3)] + [["TZNS-29"] * PACK_SIZE for _ in range(2)]
    deck = {"format": "blitz_sealed", "packs": packs, "cards": {"TZNS-10": 24, "TZNS-29": 16}}
    name, ids = load_deck(_write(tmp_path, "uk", deck), pool)
    assert len(ids) == 40 and sum(pool.cards[i].has_ukemi for i in ids) == 24
    with pytest.raises(DeckError, match="NS 402.4"):
        load_deck(_write(tmp_path, "uk_c", {"cards": {"TZNS-10": 24, "TZNS-29": 26}}), pool)


def test_bad_sealed_files_name_the_field(tmp_path):
    """NS 402.3a: a pack of the wrong size or with an unknown id is reported with the file
    and field; packs in a Constructed deck are refused."""
    pool = builtin_pool()
    d = sealed_deck(pool, 3)
    bad = dict(d, packs=[d["packs"][0][:7]] + d["packs"][1:])
    with pytest.raises(CardFileError, match=r"packs\[0\]"):
        load_deck(_write(tmp_path, "b1", bad), pool)
    bad = dict(d, packs=[["NOPE"] + d["packs"][0][1:]] + d["packs"][1:])
    with pytest.raises(CardFileError, match=r"packs\[0\]\[0\].*unknown card id"):
        load_deck(_write(tmp_path, "b2", bad), pool)
    with pytest.raises(CardFileError, match="packs"):
        load_deck(_write(tmp_path, "b3", {"packs": d["packs"], "cards": _constructed()}), pool)
    with pytest.raises(CardFileError, match="format"):
        load_deck(_write(tmp_path, "b4", dict(d, format="draft")), pool)
