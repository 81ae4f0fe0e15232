"""The rules' frames (``[handler, step, args...]``, envs/core/engine.py): handler ids and each frame's slots.

Handler ids index ``HANDLERS`` (rules/__init__.py); they keep their values, so seeded games replay the same.
A frame's own arguments follow ``HANDLER`` and ``STEP`` from slot 2, named per handler below.
"""
from __future__ import annotations

from ...core.engine import HANDLER, STEP  # noqa: F401  (re-exported: every chapter reads f[STEP])

H_SETUP, H_TURN, H_PRI, H_RC, H_ENTER, H_RESOLVE, H_EXEC, H_IKUSA, H_UKEMI, H_REPL = range(10)
