"""Hostile card and deck files cannot hurt the machine (issue 15).

A card or deck file either loads or raises tcgzoo's own error (``TcgError``: CardFileError,
DeckError, UnknownNameError), never anything else, and it costs bounded time and memory:

* the loader's limits (``envs/core/cardfile.py``, ``docs/card-language.md`` "Limits of card
  and deck files"): file size, no YAML anchors or aliases, no duplicate keys, nesting depth,
  integer length; everything else as ``yaml.safe_load``, checked on every YAML file shipped
  or tested;
* copy counts refused before a deck is expanded, and the card numbers that size tables or
  lists in play bounded;
* error messages that quote a bounded piece of what was written, and suggest the nearest
  known card id or name;
* Hypothesis fuzzing: mutated real cards, random YAML structures, random text and bytes,
  random decks with any counts;
* the hostile cases themselves (an alias bomb, 10^9 copies, deep nesting, a 100 MB file, a
  level costing 10^9 cores) each in a subprocess under ``RLIMIT_AS`` of 1.5 GB with a
  timeout, which must end with a clean error. Before the limits the bomb ran out of memory
  after 12 s and the 100 MB file after 70 s under that limit, and 10^9 copies asked for 8 GB.
"""

from __future__ import annotations

import copy
import importlib
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tcgzoo.envs import game_module, game_names, load_game
from tcgzoo.envs.core.cardfile import (
    CARD_FILE_MAX_BYTES,
    DECK_FILE_MAX_BYTES,
    MAX_DEPTH,
    MAX_INT_CHARS,
    load_yaml,
    read_bounded,
)
from tcgzoo.envs.core.errors import SHORT, CardFileError, DeckError, TcgError, UnknownNameError, short

ROOT = Path(__file__).resolve().parents[1]
GAMES = tuple(game_names())
CARDS = {g: importlib.import_module(f"{game_module(g).__name__}.cards") for g in GAMES}
#: a deck file's ``cards`` mapping of each game with one card too many copies
TOO_MANY = {
    "battle_spirits": ("TZ01-R13", "Spark Imp", "BS 6-1-1-2"),
    "ninja_slayer": ("TZNS-02", "Ninja Slayer◆Mortal", "NS 402.4b"),
    "leader_melee": ("LM-R14", "LM-R14", "LM 5-1-3-1"),
}
HOSTILE_AS = int(1.5 * 2**30)  # address-space limit of the hostile-case subprocesses
HOSTILE_TIMEOUT = 60  # s; a guard, each case ends in well under a second


_POOLS: dict = {}


def pool(game: str):
    """The built-in pool of ``game``, loaded once for the whole module."""
    if game not in _POOLS:
        _POOLS[game] = CARDS[game].load_pool()
    return _POOLS[game]


def card_files(game: str) -> list[Path]:
    m = CARDS[game]
    folder = getattr(m, "CARDS_DIR", None) or m.CARD_DIR  # NS names it CARD_DIR
    return sorted(folder.glob("*.yaml"))


def load(game: str, kind: str, path) -> object:
    """Load ``path`` as a card file (a pool of it alone) or a deck file of ``game``."""
    m = CARDS[game]
    return m.load_pool([path]) if kind == "card" else m.load_deck(str(path), pool(game))


class _NoAliasDumper(yaml.SafeDumper):
    """Dumps shared objects twice instead of as anchors: generated data is written plainly."""

    def ignore_aliases(self, data) -> bool:
        return True


def dump(data) -> str:
    return yaml.dump(data, Dumper=_NoAliasDumper, allow_unicode=True, sort_keys=False)


def loads_or_refuses(game: str, kind: str, text: str | bytes) -> TcgError | None:
    """The fuzz contract: the file loads (None) or raises a TcgError (returned); anything
    else propagates and fails the test."""
    with tempfile.TemporaryDirectory() as d:
        p = Path(d) / f"{kind}.yaml"
        p.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass"))
        try:
            load(game, kind, p)
        except TcgError as e:
            return e
    return None


def _write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


# ---- the loader's limits ---------------------------------------------------------------------
def _every_yaml() -> list[Path]:
    return sorted(p for top in ("envs", "tests") for ext in ("yaml", "yml") for p in (ROOT / top).rglob(f"*.{ext}"))


@pytest.mark.parametrize("path", _every_yaml(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_shipped_and_tested_yaml_reads_as_safe_load_does(path):
    """Every card, deck and test data file keeps its meaning under the bounded loader: none
    uses anchors, aliases or duplicate keys, and each is within its kind's size."""
    data = load_yaml(path)
    with open(path, encoding="utf-8") as fh:
        assert data == yaml.safe_load(fh)
    if isinstance(data, dict) and isinstance(data.get("cards"), dict):  # a deck file
        assert path.stat().st_size <= DECK_FILE_MAX_BYTES


def test_files_over_the_size_limit_are_refused_before_parsing(tmp_path):
    """1 MiB for a card file, 64 KiB for a deck file, from the file's size alone (a sparse
    file of 100 MB is never read); a pipe or device is read to one byte past the limit."""
    big = tmp_path / "big.yaml"
    with open(big, "wb") as fh:
        fh.truncate(100 * 2**20)
    with pytest.raises(CardFileError, match=r"104,857,600 bytes; a card file holds at most 1 MiB"):
        CARDS["battle_spirits"].load_pool([big])
    deck = _write(tmp_path, "deck.yaml", "name: d\ncards: {}\n" + "#" * DECK_FILE_MAX_BYTES)
    with pytest.raises(CardFileError, match=r"a deck file holds at most 64 KiB"):
        CARDS["ninja_slayer"].load_deck(str(deck), pool("ninja_slayer"))
    just = _write(tmp_path, "just.yaml", "cards: []\n" + "#" * (CARD_FILE_MAX_BYTES - 11) + "\n")
    assert just.stat().st_size == CARD_FILE_MAX_BYTES and load_yaml(just) == {"cards": []}
    if os.path.exists("/dev/zero"):
        with pytest.raises(CardFileError, match=r"more than 1 KiB; a position file holds at most that"):
            read_bounded("/dev/zero", 1024, "position file")


def test_anchors_and_aliases_are_refused_with_line_and_column(tmp_path):
    alias = _write(tmp_path, "a.yaml", "cards:\n  - {id: X, name: &n Foo}\n  - {id: Y, name: *n}\n")
    with pytest.raises(
        CardFileError,
        match=r"a\.yaml: not valid YAML at line 2, column 19: anchor &n: YAML "
        r"anchors are not allowed",
    ):
        CARDS["battle_spirits"].load_pool([alias])
    # an alias of an undefined anchor is refused as an alias, before PyYAML's own complaint
    alone = _write(tmp_path, "b.yaml", "name: d\ncards:\n  TZNS-02: *four\n")
    with pytest.raises(CardFileError, match=r"line 3, column 12: alias \*four: YAML aliases are not allowed"):
        CARDS["ninja_slayer"].load_deck(str(alone), pool("ninja_slayer"))


def test_duplicate_keys_are_refused_naming_the_key_and_its_lines(tmp_path):
    """PyYAML keeps the last of two equal keys silently; a deck that lists a card twice
    would lose a count without a word."""
    deck = _write(tmp_path, "d.yaml", "name: d\ncards:\n  TZ01-R13: 3\n  TZ01-R14: 3\n  TZ01-R13: 2\n")
    with pytest.raises(CardFileError, match=r"line 5, column 3: duplicate key 'TZ01-R13' \(first at line 3\)"):
        CARDS["battle_spirits"].load_deck(str(deck), pool("battle_spirits"))
    card = _write(tmp_path, "c.yaml", "cards:\n  - id: X\n    cost: 1\n    cost: 2\n")
    with pytest.raises(CardFileError, match=r"line 4, column 5: duplicate key 'cost' \(first at line 3\)"):
        CARDS["leader_melee"].load_pool([card])
    # equal as values, not as text: 1 and 0x1 are one key
    with pytest.raises(CardFileError, match=r"duplicate key 1 \(first at line 1\)"):
        load_yaml(_write(tmp_path, "n.yaml", "1: a\n0x1: b\n"))
    # a merge key ('<<') still merges, and the mapping's own keys override it, as in safe_load
    assert load_yaml(_write(tmp_path, "m.yaml", "<<: {a: 1, b: 2}\na: 3\n")) == {"a": 3, "b": 2}


def test_nesting_integers_tags_and_encoding_are_bounded(tmp_path):
    deep = _write(tmp_path, "deep.yaml", "cards: " + "[" * 100_000 + "]" * 100_000 + "\n")
    # the mapping is the first level, so the bracket that opens level MAX_DEPTH + 1 is refused
    with pytest.raises(CardFileError, match=rf"line 1, column {7 + MAX_DEPTH}: nested deeper than {MAX_DEPTH}"):
        load_yaml(deep)
    assert load_yaml(_write(tmp_path, "ok.yaml", "[" * MAX_DEPTH + "]" * MAX_DEPTH)) is not None
    with pytest.raises(CardFileError, match="nested deeper"):
        load_yaml(_write(tmp_path, "no.yaml", "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)))
    long_int = _write(tmp_path, "i.yaml", "cost: 1" + "0" * MAX_INT_CHARS + "\n")
    with pytest.raises(CardFileError, match=rf"an integer of {MAX_INT_CHARS + 1} characters; at most {MAX_INT_CHARS}"):
        load_yaml(long_int)
    sexagesimal = _write(tmp_path, "s.yaml", "cost: 1" + ":59" * 200_000 + "\n")  # quadratic time to read
    with pytest.raises(CardFileError, match="characters; at most"):
        load_yaml(sexagesimal)
    for text, what in (
        ("!!int abc", r"'abc' cannot be read as !!int"),
        ("!!bool 2", r"'2' cannot be read as !!bool"),
        ("!!timestamp 1", r"'1' cannot be read as !!timestamp"),
        ("!!python/object:os.system x", "could not determine a constructor"),
    ):
        with pytest.raises(CardFileError, match=what):
            load_yaml(_write(tmp_path, "t.yaml", text))
    bad = tmp_path / "u.yaml"
    bad.write_bytes(b"cards: [\xff]\n")
    with pytest.raises(CardFileError, match=r"not UTF-8 text \(byte 8\)"):
        load_yaml(bad)
    with pytest.raises(CardFileError, match="cannot be read: Is a directory"):
        load_yaml(tmp_path)
    with pytest.raises(CardFileError, match="no such file"):
        load_yaml(tmp_path / "none.yaml")


# ---- counts and numbers ----------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_a_count_over_the_copy_limit_names_the_card_and_rule(tmp_path, game):
    """Checked before the deck is expanded (the 10^9 case runs in a subprocess below), and
    worded as the game's own deck check."""
    cid, label, rule = TOO_MANY[game]
    leader = "leader: LM-L01\n" if game == "leader_melee" else ""
    deck = _write(tmp_path, "d.yaml", f"name: d\n{leader}cards:\n  {cid}: 1000000\n")
    with pytest.raises(DeckError, match=rf"card '{label}': 1000000 copies.*\(rule {rule}\)"):
        CARDS[game].load_deck(str(deck), pool(game))


def test_blitz_sealed_allows_many_copies_but_not_more_than_its_deck(tmp_path):
    """NS 402.3b: no copy limit in Blitz Sealed; one card can't be more than the 40 cards."""
    deck = _write(tmp_path, "s.yaml", "format: blitz_sealed\npacks: []\ncards: {TZNS-02: 41}\n")
    with pytest.raises(DeckError, match=r"41 copies; a Blitz Sealed deck is exactly 40 cards \(rule NS 402.3a\)"):
        CARDS["ninja_slayer"].load_deck(str(deck), pool("ninja_slayer"))


def test_card_numbers_that_size_tables_or_lists_are_bounded(tmp_path):
    """BS: a level's core cost sizes the card's level table; NS: a point of damage to a
    player is one damage check, a point of distributed damage one target entry."""
    bs = _write(
        tmp_path,
        "bs.yaml",
        "cards:\n  - {id: X1, name: X, type: spirit, colors: [red], cost: 0, levels: [{cores: 1000000000, bp: 1}]}\n",
    )
    with pytest.raises(CardFileError, match=r"field 'levels\[0\].cores': a level costs at most 99 cores"):
        CARDS["battle_spirits"].load_pool([bs])
    ns = _write(
        tmp_path,
        "ns.yaml",
        "cards:\n  - {id: X1, name: X, type: character, cost: 1, karate: 1, durability: 1, kousaku: 1000000000}\n",
    )
    with pytest.raises(CardFileError, match=r"field 'kousaku': 1000000000 is out of range: .* -99..99"):
        CARDS["ninja_slayer"].load_pool([ns])
    dist = _write(
        tmp_path,
        "nd.yaml",
        "cards:\n  - {id: X1, name: X, type: kotodama, cost: 1, actions: "
        "[{do: damage, distribute: 100, target: {count: 2, chosen: entry}}]}\n",
    )
    with pytest.raises(CardFileError, match=r"field 'actions\[0\].distribute': 100 is out of range"):
        CARDS["ninja_slayer"].load_pool([dist])


# ---- messages ------------------------------------------------------------------------------
def test_short_bounds_any_value():
    assert short("abc") == "'abc'"
    assert len(short("x" * 10**6)) <= SHORT
    assert short(10**5000) == "<integer of 5001 digits>"  # repr() itself would raise
    nested: list = []
    for _ in range(10_000):
        nested = [nested, "y" * 100]
    assert len(short(nested)) <= SHORT and len(short({i: "z" * 99 for i in range(99)}, 200)) <= 200


def test_error_messages_quote_a_bounded_piece_of_the_value(tmp_path):
    huge = "x" * 200_000  # three of them in a card file (1 MiB), two in a deck file (64 KiB) below
    card = _write(tmp_path, "c.yaml", f"cards:\n  - {{id: {huge}, name: [{huge}, {huge}], type: spirit}}\n")
    with pytest.raises(CardFileError) as e:
        CARDS["battle_spirits"].load_pool([card])
    assert len(str(e.value)) < 400 and "expected a string, got list ['xxxx" in str(e.value)
    huge = huge[:30_000]
    deck = _write(tmp_path, "d.yaml", f"name: {huge}\nleader: LM-L01\ncards:\n  ? {huge}\n  : 3\n")  # a long key: '?'

    with pytest.raises(CardFileError) as e:
        CARDS["leader_melee"].load_deck(str(deck), pool("leader_melee"))
    assert len(str(e.value)) < 600 and "unknown card id 'xxx" in str(e.value)


def test_misspelt_names_suggest_the_nearest(tmp_path):
    deck = _write(tmp_path, "d.yaml", "name: d\ncards: {TZ01-R1: 3}\n")
    with pytest.raises(
        CardFileError,
        match=r"field 'cards.TZ01-R1': unknown card id 'TZ01-R1'; did you mean "
        r"'TZ01-R10'\?",
    ):
        CARDS["battle_spirits"].load_deck(str(deck), pool("battle_spirits"))
    lm = _write(tmp_path, "l.yaml", "name: d\nleader: LM-L0\ncards: {}\n")
    with pytest.raises(CardFileError, match=r"field 'leader': unknown card id 'LM-L0'; did you mean 'LM-L01'\?"):
        CARDS["leader_melee"].load_deck(str(lm), pool("leader_melee"))
    with pytest.raises(UnknownNameError, match=r"unknown game 'ninja_slayr'; did you mean 'ninja_slayer'\? known:"):
        load_game("ninja_slayr")
    with pytest.raises(UnknownNameError, match=r"unknown Battle Spirits deck 'red_rash'; did you mean 'red_rush'\?"):
        load_game("battle_spirits", decks=["red_rash", "red_rush"])
    with pytest.raises(UnknownNameError) as e:
        pool("battle_spirits").get("TZ01-R99")
    assert e.value.suggestion is not None and e.value.suggestion.startswith("TZ01-")
    card = _write(tmp_path, "c.yaml", "cards:\n  - {id: X, name: X, type: battle, color: red, levle: 1}\n")
    with pytest.raises(CardFileError, match=r"field 'levle': unknown field; did you mean 'level'\?"):
        CARDS["leader_melee"].load_pool([card])


# ---- fuzzing ---------------------------------------------------------------------------------
# ~2 s per 200 examples on a busy 2-core machine; a bug hunt raises max_examples
FUZZ = settings(
    max_examples=200,
    deadline=None,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

_LEAF = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 12),
    st.integers(-(10**40), 10**40),
    st.floats(allow_nan=False),
    st.text(max_size=12),
    st.sampled_from(
        [
            "self",
            "all",
            "X",
            "opp",
            "own",
            "field",
            "hand",
            "trash",
            "red",
            "spirit",
            "character",
            "kotodama",
            "battle",
            "leader",
            "main",
            "summon",
            "draw",
            "damage",
            "destroy",
            "none",
            "turn",
            "entry",
            "blitz_sealed",
        ]
    ),
)
_VALUES = st.recursive(
    _LEAF,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.one_of(st.text(max_size=8), _LEAF), inner, max_size=4)
    ),
    max_leaves=16,
)


def _raw_cards(game: str) -> list:
    return [c for f in card_files(game) for c in load_yaml(f)["cards"]]


RAW_CARDS = {g: _raw_cards(g) for g in GAMES}


def _paths(x, pre: tuple = ()):
    yield pre
    if isinstance(x, dict):
        for k, v in x.items():
            yield from _paths(v, pre + (k,))
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield from _paths(v, pre + (i,))


@settings(FUZZ, max_examples=400)
@given(st.data())
def test_fuzz_mutated_real_cards(data):
    """A real card with one to three of its values replaced (by random data or by a piece
    of another card of the game), removed, or given an extra field: the validators' deep
    paths meet wrong types and shapes."""
    game = data.draw(st.sampled_from(GAMES))
    card = copy.deepcopy(data.draw(st.sampled_from(RAW_CARDS[game])))
    for _ in range(data.draw(st.integers(1, 3))):
        paths = list(_paths(card))[1:]
        path = data.draw(st.sampled_from(paths))
        parent = card
        for k in path[:-1]:
            parent = parent[k]
        op = data.draw(st.sampled_from(("value", "piece", "piece", "remove", "add")))
        if op == "value":
            parent[path[-1]] = data.draw(_VALUES)
        elif op == "piece":
            donor = data.draw(st.sampled_from(RAW_CARDS[game]))
            where = data.draw(st.sampled_from(list(_paths(donor))[1:]))
            for k in where:
                donor = donor[k]
            parent[path[-1]] = copy.deepcopy(donor)
        elif op == "remove":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[data.draw(st.text(min_size=1, max_size=8))] = data.draw(_VALUES)
    loads_or_refuses(game, "card", dump({"cards": [card]}))


@FUZZ
@given(st.sampled_from(GAMES), st.sampled_from(("card", "deck")), _VALUES)
def test_fuzz_random_yaml_structures(game, kind, value):
    """Any structure as a whole file; as a card file also as the one entry or the list of
    entries under 'cards', to get past the file's first check."""
    if kind == "card" and isinstance(value, (dict, list)):
        value = {"cards": [value] if isinstance(value, dict) else value}
    loads_or_refuses(game, kind, dump(value))


_YAMLISH = "abXY01-_ :,[]{}&*!|>'\"#%@?`~\n\t\\.\u3042\ufeff\x00"


@FUZZ
@given(
    st.sampled_from(GAMES),
    st.sampled_from(("card", "deck")),
    st.one_of(st.text(alphabet=_YAMLISH, max_size=80), st.text(max_size=40), st.binary(max_size=80)),
)
def test_fuzz_random_text_and_bytes(game, kind, text):
    loads_or_refuses(game, kind, text)


@FUZZ
@given(st.data())
def test_fuzz_decks_with_any_ids_and_counts(data):
    game = data.draw(st.sampled_from(GAMES))
    ids = sorted(pool(game).by_id)
    some_id = st.sampled_from(ids)
    key = st.one_of(some_id, some_id.map(lambda s: s[:-1]), st.text(max_size=8), st.integers())
    count = st.one_of(st.integers(1, 4), st.integers(-(10**30), 10**30), st.just(10**9), _LEAF)
    deck = {"cards": data.draw(st.dictionaries(key, count, max_size=24))}
    for field, value in (
        ("name", st.text(max_size=30)),
        ("leader", st.one_of(some_id, _LEAF)),
        ("format", st.sampled_from(["constructed", "blitz_sealed", "x"])),
        ("packs", st.lists(st.lists(st.one_of(some_id, _VALUES), max_size=9), max_size=6)),
        ("plan", _VALUES),
        ("other", _VALUES),
    ):
        if data.draw(st.booleans()):
            deck[field] = data.draw(value)
    loads_or_refuses(game, "deck", dump(deck))


@FUZZ
@given(st.integers(1, 6), st.integers(1, 6), st.sampled_from(GAMES), st.sampled_from(("card", "deck")))
def test_fuzz_nested_aliases_are_refused_at_the_first_anchor(levels, width, game, kind):
    """'Billion laughs' of any shape: width ** levels copies once expanded; the first anchor
    is already an error, so the size never matters."""
    rows = ["&a0 [" + ", ".join(["lol"] * width) + "]"]
    rows += [f"&a{k} [" + ", ".join([f"*a{k - 1}"] * width) + "]" for k in range(1, levels)]
    bomb = "[" + ", ".join(rows) + "]"
    text = f"name: {bomb}\ncards: {{}}\n" if kind == "deck" else f"cards:\n  - {{id: X, name: {bomb}}}\n"
    with pytest.raises(CardFileError, match="anchor &a0: YAML anchors are not allowed"):
        with tempfile.TemporaryDirectory() as d:
            (Path(d) / "b.yaml").write_text(text, encoding="utf-8")
            load(game, kind, Path(d) / "b.yaml")


@FUZZ
@given(st.sampled_from(GAMES), st.integers(1, 3 * MAX_DEPTH), st.integers(0, 300_000))
def test_fuzz_deep_nesting_and_long_strings(game, depth, length):
    """Too deep is refused by the loader; a long string wherever a name is expected is quoted
    in a few dozen characters of the message."""
    name = "[" * depth + "'" + "w" * length + "'" + "]" * depth
    error = loads_or_refuses(game, "card", f"cards:\n  - {{id: X, name: {name}}}\n")
    assert error is not None and "w" * (SHORT + 1) not in str(error)


# ---- the hostile cases, under a memory limit -------------------------------------------------
_CHILD = """
import sys
from tcgzoo.envs.core.errors import TcgError
game, kind, path = sys.argv[1:4]
from importlib import import_module
m = import_module(f"tcgzoo.envs.{game}.cards")
try:
    m.load_pool([path]) if kind == "card" else m.load_deck(path, m.load_pool())
except TcgError as e:
    print(type(e).__name__, str(e)[:300])
    sys.exit(0)
print("loaded")
sys.exit(3)
"""


def _bomb(levels: int = 9, width: int = 9) -> str:
    rows = ["&a0 [" + ", ".join(['"lol"'] * width) + "]"]
    rows += [f"&a{k} [" + ", ".join([f"*a{k - 1}"] * width) + "]" for k in range(1, levels)]
    return "[" + ", ".join(rows) + "]"


def _hostile(tmp_path: Path, case: str) -> tuple[str, str, Path, str]:
    """(game, kind, file, what the error says) of one hostile case."""
    p = tmp_path / f"{case}.yaml"
    if case == "alias_bomb_deck":
        p.write_text(f"name: {_bomb()}\ncards: {{}}\n")
        return "battle_spirits", "deck", p, "anchor &a0"
    if case == "alias_bomb_card":
        p.write_text(f"cards:\n  - {{id: X, name: {_bomb()}}}\n")
        return "leader_melee", "card", p, "anchor &a0"
    if case.startswith("copies_"):
        game = case[len("copies_") :]
        cid, label, rule = TOO_MANY[game]
        leader = "leader: LM-L01\n" if game == "leader_melee" else ""
        p.write_text(f"name: big\n{leader}cards: {{{cid}: 1000000000}}\n")
        return game, "deck", p, f"card '{label}': 1000000000 copies"
    if case == "deep_nesting":
        n = (CARD_FILE_MAX_BYTES - 20) // 2
        p.write_text("cards: " + "[" * n + "]" * n + "\n")
        return "ninja_slayer", "card", p, f"nested deeper than {MAX_DEPTH}"
    if case == "file_100mb":
        with open(p, "w") as fh:  # real text, not a sparse file: the limit must not need the content
            chunk = "  - {id: X, name: y}\n" * 10_000
            fh.write("cards:\n")
            while fh.tell() < 100 * 2**20:
                fh.write(chunk)
        return "battle_spirits", "card", p, "a card file holds at most 1 MiB"
    if case == "level_cores":
        p.write_text(
            "cards:\n  - {id: X1, name: X, type: spirit, colors: [red], cost: 0, "
            "levels: [{cores: 1000000000, bp: 1}]}\n"
        )
        return "battle_spirits", "card", p, "a level costs at most 99 cores"
    raise AssertionError(case)


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (HOSTILE_AS, HOSTILE_AS))


@pytest.mark.skipif(not hasattr(resource, "RLIMIT_AS") or sys.platform == "darwin", reason="needs RLIMIT_AS (Linux)")
@pytest.mark.parametrize(
    "case",
    [
        "alias_bomb_deck",
        "alias_bomb_card",
        "copies_battle_spirits",
        "copies_ninja_slayer",
        "copies_leader_melee",
        "deep_nesting",
        "file_100mb",
        "level_cores",
    ],
)
def test_hostile_files_end_in_a_clean_error_under_a_memory_limit(tmp_path, case):
    game, kind, path, says = _hostile(tmp_path, case)
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")
    try:
        run = subprocess.run(
            [sys.executable, "-c", _CHILD, game, kind, str(path)],
            capture_output=True,
            text=True,
            timeout=HOSTILE_TIMEOUT,
            preexec_fn=_limit_memory,
            env=env,
            cwd=tmp_path,
        )
    finally:
        path.unlink()  # pytest keeps the last runs' folders: no 100 MB left behind
    assert run.returncode == 0, f"exit {run.returncode}: {run.stdout[-500:]} {run.stderr[-2000:]}"
    assert run.stdout.startswith(("CardFileError", "DeckError")) and says in run.stdout, run.stdout
