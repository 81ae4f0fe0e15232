"""The escape hatch of the card language: Python for what the language cannot say.

A card action ``{do: python, hook: <name>}`` calls ``HOOKS[name](state, source, player)``,
which must change the state only through the rules' own primitives (``rules.draw``,
``rules.destroy``, ...), make no choices, and return ``(did something, did it all)`` like
every action. Cards that use a hook are listed by ``CardPool.python_cards`` and in
``docs/card-language.md``; the built-in pool needs none.
"""

from __future__ import annotations

from collections.abc import Callable

Hook = Callable[[object, int, int], tuple[bool, bool]]

#: hook name -> function; register with ``@hook("name")``
HOOKS: dict[str, Hook] = {}


def hook(name: str):
    def register(fn: Hook) -> Hook:
        if name in HOOKS:
            raise ValueError(f"card hook {name!r} registered twice")
        HOOKS[name] = fn
        return fn

    return register
