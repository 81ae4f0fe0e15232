"""Ninja Slayer TCG Blitz Sealed (NS 402.3): open five booster packs and play the 40
cards they hold.

``open_packs(pool, seed)`` opens ``PACKS`` packs of ``PACK_SIZE`` cards (NS 402.3a: five
packs, forty cards). This pool has no rarities or print sheets, so each slot of a pack is
a card drawn uniformly at random from the pool (see ``docs/rules/ninja_slayer_notes.md``).
``sealed_deck(pool, seed)`` is the deck-file mapping of such a deck; written to YAML it
loads like any deck file (``format: blitz_sealed``) and ``check_sealed`` holds it to the
format: exactly the 40 opened cards (NS 402.3a), any number of copies of one name and
epithet (NS 402.3b) and of cards with ukemi (NS 402.3c).
"""

from __future__ import annotations

from collections import Counter

from ..core.decks import unknown_card
from ..core.errors import CardFileError, DeckError
from ..core.rng import Rng

PACKS = 5
PACK_SIZE = 8  # 5 packs x 8 = the 40 cards of NS 402.3a
DECK_SIZE = PACKS * PACK_SIZE
FORMATS = ("constructed", "blitz_sealed")


def open_packs(pool, seed: int, packs: int = PACKS) -> list[list[str]]:
    """``packs`` booster packs of ``PACK_SIZE`` card ids each, reproducible from ``seed``."""
    rng = Rng(int(seed))
    n = len(pool.cards)
    return [[pool.cards[rng.below(n)].id for _ in range(PACK_SIZE)] for _ in range(packs)]


def sealed_deck(pool, seed: int, name: str | None = None) -> dict:
    """A Blitz Sealed deck file's contents (a plain dict, ready for ``yaml.safe_dump``)."""
    packs = open_packs(pool, seed)
    cards: dict[str, int] = {}
    for pack in packs:
        for cid in pack:
            cards[cid] = cards.get(cid, 0) + 1
    return {"name": name or f"blitz_sealed_{seed}", "format": "blitz_sealed", "packs": packs, "cards": cards}


def check_sealed(ck, name: str, ids: list[int], pool) -> None:
    """NS 402.3a-c: the deck is exactly the cards of the five opened packs listed in the
    file's ``packs``; no copy limit, no ukemi limit."""
    packs = ck.get("packs", list)
    if len(packs) != PACKS:
        raise DeckError(name, None, "NS 402.3a", f"Blitz Sealed opens {PACKS} packs, this deck lists {len(packs)}")
    opened: Counter = Counter()
    for k, pack in enumerate(packs):
        if not isinstance(pack, list) or len(pack) != PACK_SIZE:
            raise CardFileError(ck.file, name, f"packs[{k}]", f"a pack holds a list of {PACK_SIZE} card ids")
        for j, cid in enumerate(pack):
            if not isinstance(cid, str) or cid not in pool.by_id:
                raise CardFileError(ck.file, name, f"packs[{k}][{j}]", unknown_card(cid, pool.by_id))
        opened.update(pack)
    deck = Counter(pool.cards[i].id for i in ids)
    if deck != opened:
        extra = sorted((deck - opened).elements())
        missing = sorted((opened - deck).elements())
        what = f"not opened: {extra}" if extra else f"opened but left out: {missing}"
        raise DeckError(
            name,
            (extra or missing)[0],
            "NS 402.3a",
            f"a Blitz Sealed deck is exactly the {DECK_SIZE} cards of its packs ({what})",
        )
