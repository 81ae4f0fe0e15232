"""The per-game word lists (``docs/ninja-slayer-card-words.md``, ``docs/leader-melee-card-words.md``)
against the vocabularies (issue 10): every registered word has its row, in the section of its
kind, with the rule it is registered with, and every row names a registered word -- a word
added or renamed without its documentation fails here by name."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"
PAGES = {"ninja_slayer": "ninja-slayer-card-words.md", "leader_melee": "leader-melee-card-words.md"}
#: a section's title -> the kind of word its rows are
KIND_OF = {
    "Verbs": "verb",
    "Continuous-ability words": "continuous",
    "Filters": "filter",
    "Conditions": "condition",
    "Values": "value",
}
ROW = re.compile(r"^\| `([^`]+)` \|(?:[^|\\]|\\.)*\|(?:[^|\\]|\\.)*\| ([^|]*) \|")


def documented(game: str) -> dict[tuple[str, str], str]:
    """``(kind, word) -> rule`` of every row of the game's page; a value leaf ``{stat: cost}`` is
    the word ``stat:cost``."""
    out: dict[tuple[str, str], str] = {}
    kind = None
    for line in (DOCS / PAGES[game]).read_text(encoding="utf-8").splitlines():
        if line.startswith("### "):
            kind = next((k for title, k in KIND_OF.items() if line[4:].startswith(title)), None)
            continue
        m = ROW.match(line)
        if m and kind is not None and m.group(1) != "word":
            name = m.group(1).strip("{}").replace(": ", ":")
            assert (kind, name) not in out, f"{PAGES[game]}: {kind} {name!r} listed twice"
            out[(kind, name)] = m.group(2).strip()
    return out


@pytest.mark.parametrize("game", sorted(PAGES))
def test_every_registered_word_is_documented_with_its_rule(game):
    vocab = importlib.import_module(f"tcgzoo.envs.{game}.verbs").VOCAB
    docs = documented(game)
    registered = {(kind, name): w.rule for kind, words in vocab.words.items() for name, w in words.items()}
    missing = sorted(f"{kind} {name!r}" for kind, name in registered if (kind, name) not in docs)
    assert not missing, f"docs/{PAGES[game]} lacks {', '.join(missing)}"
    stale = sorted(f"{kind} {name!r}" for kind, name in docs if (kind, name) not in registered)
    assert not stale, f"docs/{PAGES[game]} lists words that are not registered: {', '.join(stale)}"
    wrong = sorted(
        f"{k} {n!r}: {docs[(k, n)]!r}, registered {r!r}" for (k, n), r in registered.items() if docs[(k, n)] != r
    )
    assert not wrong, f"docs/{PAGES[game]}: rules differ from the registrations: {'; '.join(wrong)}"


def test_a_missing_row_is_named(tmp_path, monkeypatch):
    """The check itself: a page without one word's row fails naming the word."""
    page = (DOCS / PAGES["ninja_slayer"]).read_text(encoding="utf-8")
    (tmp_path / PAGES["ninja_slayer"]).write_text(
        "\n".join(x for x in page.splitlines() if not x.startswith("| `name_has` |")), encoding="utf-8"
    )
    monkeypatch.setitem(globals(), "DOCS", tmp_path)
    with pytest.raises(AssertionError, match="filter 'name_has'"):
        test_every_registered_word_is_documented_with_its_rule("ninja_slayer")
