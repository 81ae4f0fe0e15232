"""The kernel's observation layout (envs/core/obs.py): named blocks and the docstring check."""

from __future__ import annotations

import numpy as np
import pytest
from tcgzoo.envs.core.obs import ObsLayout, doc_table_rows, size_of

DOC = """Observation
=====  ======  =======
block  size    content
=====  ======  =======
glob   3       turn, mine, first
cards  2 x N   me then opp
       (cont.) a continuation line
=====  ======  =======
"""


def test_sizes_are_formulas_in_n():
    assert size_of("2 x (N+4)", 10) == 28
    assert size_of("2 × 6 x (N+7)", 1) == 96
    assert size_of("8 + 2 - 1", 0) == 9
    for bad in ("__import__('os')", "N ** 2", "2 / N", "M + 1"):
        with pytest.raises(ValueError, match="formula"):
            size_of(bad, 3)


def test_blocks_views_and_table():
    lay = ObsLayout(4)
    assert lay.add("glob", 3) == 0
    assert lay.add("cards", 8, "me then opp", shape="2 x N") == 3
    obs = np.arange(lay.size, dtype=np.float32)
    assert lay.view(obs, "cards").tolist() == list(range(3, 11))
    lay.view(obs, "glob")[:] = -1  # a view: writes reach the vector
    assert obs[:3].tolist() == [-1, -1, -1]
    assert lay.table() == [(0, 2, "glob"), (3, 10, "cards")]
    assert lay.doc_rows()[1] == ("cards", "2 x N", "me then opp")
    with pytest.raises(ValueError, match="defined twice"):
        lay.add("glob", 1)
    with pytest.raises(ValueError, match="gives 8"):
        lay.add("more", 9, shape="2 x N")


def test_docstring_table_is_held_to_the_layout():
    assert doc_table_rows(DOC) == [("glob", "3"), ("cards", "2 x N")]
    lay = ObsLayout(4)
    lay.add("glob", 3)
    lay.add("cards", 8, shape="2 x N")
    assert lay.check_docstring(DOC) == []
    wrong = ObsLayout(4)
    wrong.add("glob", 3)
    wrong.add("cards", 12, shape="3 x N")
    assert any("gives 8" in p for p in wrong.check_docstring(DOC))
    other = ObsLayout(4)
    other.add("cards", 8, shape="2 x N")
    assert any("blocks in the docstring" in p for p in other.check_docstring(DOC))
