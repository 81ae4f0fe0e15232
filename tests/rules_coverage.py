"""Rules coverage: which numbered rules of each game the tests cite.

Each game has an index of its rulebook in ``docs/rules/<game>_index.yaml`` (see
``docs/rules/battle_spirits_index.yaml``). A test cites a rule by writing the
index's prefix (BS, NS or LM), one space and the rule id, in a comment or a
docstring: for instance "BS" followed by " 8-1-6-1", or "NS" followed by
" 1205.1a". A rule is covered when some file under ``tests/`` cites it directly.
Citations of ids missing from the game's index are errors (usually typos).

Usage::

    python tests/rules_coverage.py [--game battle_spirits] [--missing]
    python tests/rules_coverage.py --rule "BS 7-7-3"    # the rule, its code and its tests

``--rule`` shows a rule's title from the index, then every place in the game's package
(``envs/<game>/``) that names it or one of its sub-rules (code cites its own game's rules
without the prefix: ``# 7-7-3-2: ...``), with the enclosing function, then every test that
cites it.

The exit status is 1 when a citation names a rule that is not in its index.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

THIS_FILE = Path(__file__).resolve()
REPO_ROOT = THIS_FILE.parent.parent
RULES_DIR = REPO_ROOT / "docs" / "rules"
TESTS_DIR = REPO_ROOT / "tests"
INDEX_GLOB = "*_index.yaml"

# Prefix, one space, id. An id is a number followed by any mix of '-N', '.N' and
# letter parts: BS and LM use 7-5-1-4; NS uses 103, 1104.4, 1205.1a and 309.1b-1.
# The prefix must not be glued to a preceding word and the id must not run on into
# one. An id with a stray letter still matches, so the typo is reported, not ignored.
CITATION_RE = re.compile(r"(?<![A-Za-z0-9_])(BS|NS|LM) (\d+(?:[-.]\d+|[a-z])*)(?![A-Za-z0-9_]|[-.]\d)")


class IndexFormatError(ValueError):
    """An index file does not have the expected shape."""


@dataclass(frozen=True)
class Rule:
    id: str
    title: str
    exempt: str | None = None
    note: str | None = None

    @property
    def gameplay(self) -> bool:
        return self.exempt is None


@dataclass(frozen=True)
class Ruling:
    id: str
    rules: tuple[str, ...]
    text: str | None = None


@dataclass(frozen=True)
class Index:
    path: Path
    game: str
    prefix: str
    source: str
    rules: tuple[Rule, ...]
    rulings: tuple[Ruling, ...] = ()

    def ids(self) -> set[str]:
        return {rule.id for rule in self.rules}


@dataclass(frozen=True)
class Citation:
    prefix: str
    rule_id: str
    path: Path
    line: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.prefix} {self.rule_id}"


@dataclass(frozen=True)
class Coverage:
    game: str
    prefix: str
    total: int  # every indexed rule, headings included
    exempt: int  # rules marked exempt
    gameplay: int  # total - exempt
    covered: tuple[Rule, ...]  # gameplay rules cited at least once
    missing: tuple[Rule, ...]  # gameplay rules never cited
    cited_exempt: tuple[Rule, ...]  # exempt rules cited anyway (allowed, not counted)
    errors: tuple[Citation, ...]  # citations of ids that are not in the index

    @property
    def fraction(self) -> float:
        return len(self.covered) / self.gameplay if self.gameplay else 1.0


def _text(entry: dict[str, Any], key: str, where: str) -> str:
    value = entry.get(key)
    if not isinstance(value, str) or not value.strip():
        raise IndexFormatError(f"{where}: '{key}' must be a non-empty string, got {value!r}")
    return value


def _optional_text(entry: dict[str, Any], key: str, where: str) -> str | None:
    return None if entry.get(key) is None else _text(entry, key, where)


def load_index(path: Path | str) -> Index:
    """Parse and check one ``*_index.yaml`` file."""
    path = Path(path)
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise IndexFormatError(f"{path}: top level must be a mapping")
    game = _text(data, "game", str(path))
    prefix = _text(data, "prefix", str(path))
    source = _text(data, "source", str(path))
    raw_rules = data.get("rules")
    if not isinstance(raw_rules, list) or not raw_rules:
        raise IndexFormatError(f"{path}: 'rules' must be a non-empty list")

    rules: list[Rule] = []
    seen: set[str] = set()
    for n, entry in enumerate(raw_rules):
        where = f"{path}: rules[{n}]"
        if not isinstance(entry, dict):
            raise IndexFormatError(f"{where}: must be a mapping")
        rule_id = _text(entry, "id", where)
        if not CITATION_RE.fullmatch(f"{prefix} {rule_id}"):
            raise IndexFormatError(f"{where}: id {rule_id!r} cannot be cited as '{prefix} <id>'")
        if rule_id in seen:
            raise IndexFormatError(f"{where}: duplicate id {rule_id!r}")
        seen.add(rule_id)
        where = f"{where} ({rule_id})"
        rules.append(
            Rule(
                id=rule_id,
                title=_text(entry, "title", where),
                exempt=_optional_text(entry, "exempt", where),
                note=_optional_text(entry, "note", where),
            )
        )

    rulings: list[Ruling] = []
    for n, entry in enumerate(data.get("rulings") or []):
        where = f"{path}: rulings[{n}]"
        if not isinstance(entry, dict):
            raise IndexFormatError(f"{where}: must be a mapping")
        refs = entry.get("rules")
        if not isinstance(refs, list) or not all(isinstance(r, str) for r in refs):
            raise IndexFormatError(f"{where}: 'rules' must be a list of rule ids")
        unknown = [r for r in refs if r not in seen]
        if unknown:
            raise IndexFormatError(f"{where}: refers to unknown rules {unknown}")
        text = entry.get("text", entry.get("summary"))  # free-form; either key is fine
        if text is not None and not isinstance(text, str):
            raise IndexFormatError(f"{where}: 'text' must be a string")
        rulings.append(Ruling(id=_text(entry, "id", where), rules=tuple(refs), text=text))

    return Index(path, game, prefix, source, tuple(rules), tuple(rulings))


def load_indexes(rules_dir: Path | str = RULES_DIR) -> dict[str, Index]:
    """Every index under ``rules_dir``, keyed by prefix."""
    indexes: dict[str, Index] = {}
    games: set[str] = set()
    for path in sorted(Path(rules_dir).glob(INDEX_GLOB)):
        index = load_index(path)
        if index.prefix in indexes or index.game in games:
            raise IndexFormatError(f"{path}: game or prefix already used by another index")
        indexes[index.prefix] = index
        games.add(index.game)
    return indexes


def scan_citations(root: Path | str = TESTS_DIR) -> list[Citation]:
    """Every rule citation in the ``*.py`` files under ``root``, in file order."""
    citations: list[Citation] = []
    for path in sorted(Path(root).rglob("*.py")):
        if path.resolve() == THIS_FILE:  # this tool's own examples are not citations
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        for lineno, line in enumerate(text.splitlines(), 1):
            for match in CITATION_RE.finditer(line):
                citations.append(Citation(match.group(1), match.group(2), path, lineno))
    return citations


def _find(indexes: dict[str, Index], game: str) -> Index:
    for index in indexes.values():
        if game in (index.game, index.prefix):
            return index
    known = ", ".join(sorted(i.game for i in indexes.values())) or "none"
    raise KeyError(f"no rules index for {game!r} (known: {known})")


def coverage(
    game: str,
    rules_dir: Path | str = RULES_DIR,
    tests_root: Path | str = TESTS_DIR,
    citations: Iterable[Citation] | None = None,
) -> Coverage:
    """Coverage of one game (by game name or prefix) by the citations under ``tests_root``."""
    index = _find(load_indexes(rules_dir), game)
    if citations is None:
        citations = scan_citations(tests_root)
    ids = index.ids()
    mine = [c for c in citations if c.prefix == index.prefix]
    cited = {c.rule_id for c in mine}
    gameplay = [r for r in index.rules if r.gameplay]
    return Coverage(
        game=index.game,
        prefix=index.prefix,
        total=len(index.rules),
        exempt=len(index.rules) - len(gameplay),
        gameplay=len(gameplay),
        covered=tuple(r for r in gameplay if r.id in cited),
        missing=tuple(r for r in gameplay if r.id not in cited),
        cited_exempt=tuple(r for r in index.rules if not r.gameplay and r.id in cited),
        errors=tuple(c for c in mine if c.rule_id not in ids),
    )


REPO_ENVS = REPO_ROOT / "envs"


def _bare_id_re(rule_id: str) -> re.Pattern[str]:
    """The id, or a sub-rule of it (``7-7-3`` finds ``7-7-3-2``), standing on its own."""
    return re.compile(r"(?<![A-Za-z0-9_.-])" + re.escape(rule_id) + r"(?:[-.][0-9a-z]+)*(?![A-Za-z0-9_]|[-.]\d)")


def rule_places(
    citation: str,
    rules_dir: Path | str = RULES_DIR,
    tests_root: Path | str = TESTS_DIR,
    code_root: Path | str = REPO_ENVS,
) -> tuple[Index, Rule | None, list[str], list[str]]:
    """For ``"BS 7-7-3"``: the game's index, the rule (None if not indexed), the lines of
    the game's code naming it or a sub-rule (``path:line (function): text``) and the tests
    citing it or a sub-rule (``path:line: text``)."""
    m = CITATION_RE.fullmatch(citation.strip())
    if not m:
        raise KeyError(f"{citation!r} is not a rule citation such as 'BS 7-7-3' or 'NS 1104.4'")
    prefix, rule_id = m.groups()
    index = _find(load_indexes(rules_dir), prefix)
    rule = next((r for r in index.rules if r.id == rule_id), None)
    bare = _bare_id_re(rule_id)
    code: list[str] = []
    for path in sorted((Path(code_root) / index.game).rglob("*.py")):
        func = "module"
        for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            d = re.match(r"\s*(?:async\s+)?(?:def|class)\s+(\w+)", line)
            if d and not line.startswith(" " * 8):
                func = d.group(1)
            if bare.search(line):
                code.append(f"{path.relative_to(REPO_ROOT)}:{lineno} ({func}): {line.strip()}")
    cited = re.compile(r"(?<![A-Za-z0-9_])" + prefix + " " + bare.pattern[len(r"(?<![A-Za-z0-9_.-])") :])
    tests: list[str] = []
    for path in sorted(Path(tests_root).rglob("*.py")):
        if path.resolve() == THIS_FILE:
            continue
        for lineno, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            if cited.search(line):
                tests.append(f"{path.relative_to(REPO_ROOT)}:{lineno}: {line.strip()}")
    return index, rule, code, tests


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Report which rulebook rules the tests cite.")
    parser.add_argument("--game", help="game name or prefix (default: every indexed game)")
    parser.add_argument("--missing", action="store_true", help="list uncovered gameplay rules")
    parser.add_argument(
        "--rule",
        metavar="CITATION",
        help='show one rule (e.g. "BS 7-7-3"): its title, the code naming it or a sub-rule, and the tests citing it',
    )
    parser.add_argument("--rules-dir", type=Path, default=RULES_DIR, help=argparse.SUPPRESS)
    parser.add_argument("--tests-root", type=Path, default=TESTS_DIR, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    if args.rule is not None:
        try:
            index, rule, code, tests = rule_places(args.rule, args.rules_dir, args.tests_root)
        except KeyError as exc:
            parser.error(str(exc.args[0]))
        title = rule.title if rule else "(not in the index: a sub-rule or a typo)"
        print(f"{args.rule.strip()}: {title}\n\ncode ({len(code)}):")
        print("\n".join("  " + c for c in code) or "  none")
        print(f"\ntests ({len(tests)}):")
        print("\n".join("  " + t for t in tests) or "  none")
        return 0 if rule else 1

    indexes = load_indexes(args.rules_dir)
    if args.game is not None:
        try:
            games = [_find(indexes, args.game).game]
        except KeyError as exc:
            parser.error(str(exc.args[0]))
    else:
        games = [index.game for index in indexes.values()]
    citations = scan_citations(args.tests_root)

    failed = False
    for game in games:
        cov = coverage(game, args.rules_dir, citations=citations)
        print(
            f"{cov.game} ({cov.prefix}): {len(cov.covered)}/{cov.gameplay} gameplay rules "
            f"covered ({cov.fraction:.1%}), {cov.exempt} exempt, {cov.total} indexed"
        )
        if args.missing:
            for rule in cov.missing:
                print(f"  missing {cov.prefix} {rule.id}: {rule.title}")
        for citation in cov.errors:
            print(f"  error: {citation}: no such rule in {cov.game} index", file=sys.stderr)
        failed = failed or bool(cov.errors)

    if args.game is None:
        unindexed = sorted({c.prefix for c in citations} - indexes.keys())
        for prefix in unindexed:
            count = sum(c.prefix == prefix for c in citations)
            print(f"warning: {count} citation(s) with prefix {prefix} but no index to check them")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
