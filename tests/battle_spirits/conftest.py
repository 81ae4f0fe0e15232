"""Battle Spirits rules tests: make the scenario helper importable whatever pytest's
import mode (the folder has no ``__init__.py``)."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = str(Path(__file__).parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
