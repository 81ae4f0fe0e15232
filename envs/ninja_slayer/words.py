"""The Ninja Slayer card language's vocabulary (``VOCAB``, a shared
:class:`tcgzoo.envs.core.vocab.Vocabulary`): every word a card file may use, registered once
with the rule it implements and how it reads on a card, looked up once when a card file
loads, its function kept in the compiled record and called directly in play.

The verbs are in ``verbs.py``; ``cards.py``'s docstring is the reader's reference for the
card language.
"""
from __future__ import annotations

from ..core.vocab import Vocabulary
from .cards import target_spec

VOCAB = Vocabulary("ninja_slayer")
VOCAB.target_compiler = target_spec  # Param.target(): 'self' or {zone, side, count, up_to, chosen, filter}
