"""Checks of the rules indexes in docs/rules and of the rule citations in tests/.

These read only the repository's own files (never the rulebook seeds), so they run
the same in CI. The citations check passes when there are no citations yet.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

try:
    import rules_coverage as rc
except ImportError:  # tests/ became a package
    from tests import rules_coverage as rc

INDEX_FILES = sorted(rc.RULES_DIR.glob(rc.INDEX_GLOB))


def test_there_is_at_least_one_index() -> None:
    assert INDEX_FILES, f"no {rc.INDEX_GLOB} under {rc.RULES_DIR}"


@pytest.mark.parametrize("path", INDEX_FILES, ids=lambda p: p.name)
def test_index_file_is_well_formed(path: Path) -> None:
    # Raw checks first, independent of the loader.
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    for key in ("game", "prefix", "source"):
        assert isinstance(data.get(key), str) and data[key], f"{path.name}: missing {key}"
    ids = [rule["id"] for rule in data["rules"]]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    assert not duplicates, f"{path.name}: duplicate ids {duplicates}"
    for rule in data["rules"]:
        assert isinstance(rule["id"], str), f"{path.name}: id {rule['id']!r} must be quoted"
        assert isinstance(rule.get("title"), str) and rule["title"].strip(), rule["id"]
        if "exempt" in rule:
            exempt = rule["exempt"]
            assert isinstance(exempt, str) and exempt.strip(), f"{rule['id']}: empty exempt"
    # The loader accepts it, and every id can be cited in the scanned form.
    index = rc.load_index(path)
    assert len(index.rules) == len(ids)
    for rule in index.rules:
        assert rc.CITATION_RE.fullmatch(f"{index.prefix} {rule.id}"), rule.id


def test_indexes_have_distinct_games_and_prefixes() -> None:
    indexes = rc.load_indexes()
    assert len(indexes) == len(INDEX_FILES)
    assert len({index.game for index in indexes.values()}) == len(indexes)


def test_every_citation_in_tests_names_an_indexed_rule() -> None:
    indexes = rc.load_indexes()
    bad = [str(c) for c in rc.scan_citations() if c.prefix in indexes and c.rule_id not in indexes[c.prefix].ids()]
    assert not bad, "citations of rules that are not in the index:\n" + "\n".join(bad)


@pytest.mark.parametrize("path", INDEX_FILES, ids=lambda p: p.name)
def test_coverage_numbers_are_consistent(path: Path) -> None:
    index = rc.load_index(path)
    cov = rc.coverage(index.game)
    assert cov.prefix == index.prefix
    assert cov.total == len(index.rules)
    assert cov.exempt == sum(rule.exempt is not None for rule in index.rules)
    assert cov.gameplay == cov.total - cov.exempt > 0
    assert len(cov.covered) + len(cov.missing) == cov.gameplay
    assert not {r.id for r in cov.covered} & {r.id for r in cov.missing}
    assert all(r.gameplay for r in cov.covered + cov.missing)
    assert 0.0 <= cov.fraction <= 1.0
    assert rc.coverage(index.prefix) == cov  # by prefix as well as by name


def test_coverage_counts_direct_citations_and_reports_unknown_ids(tmp_path: Path) -> None:
    index = next(iter(rc.load_indexes().values()))
    gameplay = [r for r in index.rules if r.gameplay]
    exempt = [r for r in index.rules if not r.gameplay]
    p = index.prefix
    lines = [f"# {p} {gameplay[0].id}: cited twice", f"x = 1  # see {p} {gameplay[0].id}."]
    lines.append(f'"""Also {p} {gameplay[1].id} and the unknown {p} 999-999.9z."""')
    lines.append(f"# not citations: X{p} {gameplay[2].id}, {p}{gameplay[2].id}, {p}  {gameplay[2].id}")
    if exempt:
        lines.append(f"# {p} {exempt[0].id}")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "test_fake.py").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (tmp_path / "notes.txt").write_text(f"{p} {gameplay[3].id}\n", encoding="utf-8")  # not .py

    cov = rc.coverage(index.game, tests_root=tmp_path)
    assert [r.id for r in cov.covered] == [gameplay[0].id, gameplay[1].id]
    assert len(cov.missing) == cov.gameplay - 2
    assert [c.rule_id for c in cov.errors] == ["999-999.9z"]
    assert cov.errors[0].line == 3
    assert [r.id for r in cov.cited_exempt] == ([exempt[0].id] if exempt else [])


def test_cli_runs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert rc.main(["--tests-root", str(tmp_path), "--missing"]) == 0
    out = capsys.readouterr().out
    for index in rc.load_indexes().values():
        assert f"{index.game} ({index.prefix}): 0/" in out
    prefix = next(iter(rc.load_indexes()))
    (tmp_path / "test_bad.py").write_text(f"# {prefix} 0-0-0\n", encoding="utf-8")
    assert rc.main(["--tests-root", str(tmp_path)]) == 1


def test_one_command_shows_a_rules_code_and_tests() -> None:
    """``rules_coverage.py --rule`` with Battle Spirits' attack-step rule: the rule's title, the
    code naming it or a sub-rule (with the enclosing function) and the tests citing it."""
    index, rule, code, tests = rc.rule_places("BS" + " 7-7-3")  # split: not a citation of this test
    assert index.prefix == "BS" and rule is not None and rule.title
    assert code and all(line.startswith("envs/battle_spirits/") for line in code)
    assert any("7-7-3-2" in line for line in code)  # a sub-rule counts
    assert tests and all(line.startswith("tests/") and not line.startswith("tests/rules_coverage.py") for line in tests)
    assert not any("7-7-30" in line for line in code + tests)  # an id stands on its own
    with pytest.raises(KeyError, match="not a rule citation"):
        rc.rule_places("battle 7")
    assert rc.main(["--rule", "NS" + " 1214.2"]) == 0
