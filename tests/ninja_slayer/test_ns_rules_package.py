"""The Ninja Slayer rules package reads along the rulebook (#11 part 3): each chapter module opens with the rule
numbers it implements, the package docstring's table lists every module, and the handler ids index HANDLERS."""

from __future__ import annotations

import importlib
import pkgutil
import re

import tcgzoo.envs.ninja_slayer.rules as rules
from tcgzoo.envs.ninja_slayer.rules import frames

MODULES = sorted(m.name for m in pkgutil.iter_modules(rules.__path__))


def test_every_chapter_module_opens_with_its_rule_numbers():
    for name in MODULES:
        if name == "frames":
            continue
        doc = importlib.import_module(f"{rules.__name__}.{name}").__doc__ or ""
        assert re.search(r"\(NS \d{3,4}", doc.split("\n\n")[0]), f"rules/{name}.py: no rule numbers in its opening"


def test_the_package_table_lists_every_module():
    listed = re.findall(r"^``(\w+)``  ", rules.__doc__, re.M)  # table rows: the name, then the chapter column
    assert sorted(listed) == MODULES


def test_handler_ids_index_their_handlers():
    ids = {name[2:].lower(): getattr(frames, name) for name in dir(frames) if re.fullmatch(r"H_[A-Z]+", name)}
    assert sorted(ids.values()) == list(range(len(rules.HANDLERS)))
    for short, hid in ids.items():
        assert rules.HANDLERS[hid].__name__ == f"h_{short}", (short, hid)
