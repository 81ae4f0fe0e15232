"""The Leader Melee card language's vocabulary: :data:`VOCAB`, on the shared effect core.

Every word of the card language is registered once on :data:`VOCAB` (a
:class:`tcgzoo.envs.core.vocab.Vocabulary`) with the rule it implements and how it reads
on a card; the card loader (``cards.py``) looks each word up once, when the card file
loads, and keeps its function in the compiled record, so the rules call it directly.
The verbs are in ``verbs.py``.
"""
from __future__ import annotations

from ..core.vocab import Vocabulary

VOCAB = Vocabulary("leader_melee")
