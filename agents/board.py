"""A readable board from a game's JSON view, for people: the terminal (``tcgzoo play``,
``tcgzoo replay``) and the browser app (``tcgzoo serve``) draw the same thing.

``board(game, view, names)`` turns ``state.to_dict(player)`` into a small layout that says
nothing the view does not: a headline (turn, step, whose decision), each seat's counters
(life, reserve, cores, energy, hand and deck counts...) and its zones of cards, each card
by name with its numbers (level, BP, cores, power, strike) and its flags (exhausted,
bowed, face down). Card names come from ``card_catalog`` (the game's public card pool)
for the ids the view shows, and only those: a hidden card stays "hidden" (``None`` in a
Battle Spirits hand, ``{"count": n, "known": [...]}`` in a Ninja Slayer hand, a bare count
in a Leader Melee hand), so the board of a seat's view is as blind as the view.

The three games' views differ in shape; what each key means is said once in the tables
below (``STATS``, ``ZONES``, ``CARD_NUMBERS``, ``CARD_FLAGS``), and a key no table names is
still shown, generically, so a game that grows a new zone is never silently hidden.
``board_text`` prints the layout as lines of text.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from .games import make_game

#: player keys shown as counters, in this order (key -> label)
STATS = {
    "life": "life",
    "reserve": "reserve",
    "trash_cores": "trash cores",
    "soul_core": "soul core",
    "deck": "deck",
    "hand": "hand",
    "carried_damage": "carried damage",
    "energy": "energy",
}
#: player keys that are zones of cards (key -> label), in this order; keys holding the
#: hidden part of the full view say so in their label
ZONES = {
    "leader": "leader",
    "field": "field",
    "battle": "battle",
    "melee": "melee",
    "ether": "ether",
    "hand": "hand",
    "hand_cards": "hand",
    "hand_known": "known in hand",
    "energy": "energy",
    "kotodama": "kotodama",
    "ohigan": "ohigan",
    "damage": "damage",
    "check": "check",
    "trash": "trash",
    "drop": "drop",
    "removed": "removed",
    "deck_known": "known in deck",
    "life_cards": "life cards (hidden)",
    "deck_cards": "deck (hidden, top first)",
    "deck_order_top_last": "deck (hidden, top last)",
}
#: keys of the player dict that are not shown (the deck's name heads the panel)
PLAYER_SKIP = {"deck_name", "name", "seat"}
#: a card's numbers: key -> how it reads
CARD_NUMBERS = {
    "level": "Lv{}",
    "bp": "BP {}",
    "cores": "cores {}",
    "power": "power {}",
    "strike": "strike {}",
    "durability": "durability {}",
    "karate": "karate {}",
    "damage": "damage {}",
    "cost": "cost {}",
}
#: a card's true/false or word facts: key -> the flag shown when true (a word value is shown as is)
CARD_FLAGS = {
    "rest": "rested",
    "bowed": "bowed",
    "face_down": "face down",
    "soul": "soul core",
    "state": None,
    "face": None,
    "exhausted": "exhausted",
    "awakened": "awakened",
}
#: top-level facts of a view named in words (others: the key with spaces)
FACT_NAMES = {"first": "went first", "first_player": "went first"}
#: top-level keys of the view shown in the headline or its facts
HEAD_SKIP = {
    "players",
    "returns",
    "current_player",
    "turn",
    "turn_player",
    "step",
    "phase",
    "decision",
    "deciding",
    "winner",
}


@lru_cache(maxsize=32)
def _catalog(game: str, decks: tuple, options_key: str) -> dict[str, dict]:
    import json

    g = make_game(game, list(decks) if decks else None, json.loads(options_key))
    lister = getattr(g, "list_cards", None)
    if lister is None:
        return {}
    return {
        c["id"]: {k: v for k, v in c.items() if k in ("name", "type", "cost", "level", "text", "epithet")}
        for c in lister()
    }


def card_catalog(game: str, decks: Sequence[str | None] | None = None, options: dict | None = None) -> dict[str, dict]:
    """Card id -> {name, type, cost, text...} of the game's pool (public: printed cards)."""
    import json

    opts = {k: v for k, v in (options or {}).items() if k in ("cards", "builtin_cards")}
    ds = tuple(decks) if decks and any(d is not None for d in decks) else ()
    return _catalog(game, ds, json.dumps(opts, sort_keys=True, default=str))


def _card(item: Any, catalog: dict[str, dict]) -> dict:
    """One card of a zone: {"name", "id", "numbers": [...], "flags": [...]} or {"hidden": True}."""
    if item is None:
        return {"hidden": True, "name": "hidden card"}
    if isinstance(item, str):
        info = catalog.get(item)
        return {
            "id": item,
            "name": info["name"] if info else item,
            "numbers": [],
            "flags": [],
            "text": info.get("text") if info else None,
        }
    if isinstance(item, dict):
        cid = item.get("id", item.get("card"))
        name = item.get("name") or (catalog.get(cid, {}).get("name") if isinstance(cid, str) else None) or cid or "?"
        numbers, flags = [], []
        for k, fmt in CARD_NUMBERS.items():
            if item.get(k) is not None and not isinstance(item.get(k), bool):
                numbers.append(fmt.format(item[k]))
        for k, word in CARD_FLAGS.items():
            v = item.get(k)
            if v is True and word:
                flags.append(word)
            elif isinstance(v, str) and v:
                flags.append(v)
        known = {"id", "card", "name", *CARD_NUMBERS, *CARD_FLAGS}
        for k, v in item.items():  # anything else the game reports, so nothing is hidden from view
            if k not in known and v not in (None, False, [], {}):
                flags.append(k if v is True else f"{k} {v}")
        text = catalog.get(cid, {}).get("text") if isinstance(cid, str) else None
        return {"id": cid, "name": str(name), "numbers": numbers, "flags": flags, "text": text}
    return {"name": str(item), "numbers": [], "flags": []}


def _zone(key: str, value: Any, catalog: dict[str, dict]) -> dict | None:
    label = ZONES.get(key, key.replace("_", " "))
    if isinstance(value, dict) and "count" in value:  # a hidden hand: {"count": n, "known": [...]}
        known = [_card(c, catalog) for c in value.get("known") or ()]
        hidden = max(0, int(value["count"]) - len(known))
        return {
            "key": key,
            "label": label,
            "count": int(value["count"]),
            "cards": known + [{"hidden": True, "name": "hidden card"}] * hidden,
        }
    if isinstance(value, dict):  # one card (a leader)
        return {"key": key, "label": label, "count": 1, "cards": [_card(value, catalog)]}
    if isinstance(value, list):
        return {"key": key, "label": label, "count": len(value), "cards": [_card(c, catalog) for c in value]}
    return None


def _stat(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return len(value)
    if isinstance(value, dict) and "count" in value:
        return value["count"]
    return value


def _player(seat: int, p: dict, catalog: dict[str, dict]) -> dict:
    stats = [[label, _stat(p[k])] for k, label in STATS.items() if k in p and p[k] is not None]
    zones = []
    order = [k for k in ZONES if k in p] + [k for k in p if k not in ZONES]
    for k in order:
        if k in PLAYER_SKIP or (k in STATS and not isinstance(p[k], (list, dict))):
            continue
        z = _zone(k, p[k], catalog)
        if z is None:  # a scalar no table names: a counter
            if p[k] is not None:
                stats.append([k.replace("_", " "), p[k]])
            continue
        if k == "hand" and "hand_cards" in p:
            continue
        zones.append(z)
    if isinstance(p.get("hand"), int) and not isinstance(p.get("hand"), bool) and "hand_cards" not in p:
        # a hand told by its size alone (Leader Melee's opponent): that many hidden cards
        # (the cards of it the seat knows are the zone "known in hand")
        hidden = max(0, p["hand"] - len(p.get("hand_known") or ()))
        zones.append(
            {
                "key": "hand",
                "label": "hand (unknown)" if p.get("hand_known") else "hand",
                "count": hidden,
                "cards": [{"hidden": True, "name": "hidden card"}] * hidden,
            }
        )
        rank = {k: i for i, k in enumerate(ZONES)}
        zones.sort(key=lambda z: rank.get(z["key"], len(rank)))
    name = p.get("deck_name") or p.get("name")
    return {"seat": seat, "title": f"seat {seat}" + (f" [{name}]" if name else ""), "stats": stats, "zones": zones}


def _headline(view: dict) -> tuple[str, str]:
    turn = view.get("turn")
    tp = view.get("turn_player")
    step = view.get("step") or view.get("phase")
    parts = []
    if turn is not None:
        parts.append(f"turn {turn}" + (f" (seat {tp})" if tp is not None else ""))
    if step:
        ikusa = view.get("ikusa")
        parts.append(f"{step}" + (f" / {ikusa}" if ikusa and ikusa != "none" else ""))
    decision = view.get("decision") or ""
    who = view.get("deciding", view.get("current_player"))
    if isinstance(who, int) and who >= 0 and decision and decision != "game over":
        decision = f"{decision} (seat {who})"
    return " · ".join(parts), decision


def _fact(value: Any, catalog: dict[str, dict]) -> str:
    if isinstance(value, str):
        return catalog[value]["name"] if value in catalog else value
    if isinstance(value, dict):
        return ", ".join(f"{k} {_fact(v, catalog)}" for k, v in value.items() if v is not None)
    if isinstance(value, list):
        return ", ".join(_fact(v, catalog) for v in value)
    return str(value)


def board(
    game: str, view: dict, catalog: dict[str, dict] | None = None, returns: Sequence[float] | None = None
) -> dict:
    """The readable layout of ``view`` (a ``to_dict`` of ``game``); ``catalog`` from
    ``card_catalog`` (default: the game's built-in pool); ``returns`` of a finished game."""
    catalog = card_catalog(game) if catalog is None else catalog
    head, decision = _headline(view)
    facts = []
    for k, v in view.items():
        if k in HEAD_SKIP or v in (None, [], {}, ""):
            continue
        if k == "ikusa":
            continue
        if k in FACT_NAMES and isinstance(v, int):
            v = f"seat {v}"
        facts.append([FACT_NAMES.get(k, k.replace("_", " ")), _fact(v, catalog)])
    players = [_player(i, p, catalog) for i, p in enumerate(view.get("players") or [])]
    result = None
    if returns is not None:
        result = "draw" if returns[0] == returns[1] else f"seat {0 if returns[0] > returns[1] else 1} wins"
    return {"game": game, "head": head, "decision": decision, "facts": facts, "players": players, "result": result}


def _card_text(c: dict) -> str:
    if c.get("hidden"):
        return "?"
    extra = [*c.get("numbers", ()), *c.get("flags", ())]
    return c["name"] + (f" ({', '.join(extra)})" if extra else "")


def board_text(b: dict, order: Sequence[int] | None = None) -> str:
    """The layout as text: headline, facts, then each seat (``order``: seats, top first)."""
    lines = [" · ".join(x for x in (b["head"], b["decision"] and f"decision: {b['decision']}") if x)]
    if b.get("result"):
        lines[0] += f" · {b['result']}"
    for k, v in b["facts"]:
        lines.append(f"  {k}: {v}")
    players = b["players"] if order is None else [b["players"][i] for i in order if i < len(b["players"])]
    for p in players:
        stats = ", ".join(f"{k} {v}" for k, v in p["stats"])
        lines.append(f"{p['title']}: {stats}")
        for z in p["zones"]:
            if not z["cards"]:
                continue
            hidden = sum(1 for c in z["cards"] if c.get("hidden"))
            shown = [_card_text(c) for c in z["cards"] if not c.get("hidden")]
            text = "; ".join(shown) + (("; " if shown else "") + f"{hidden} hidden" if hidden else "")
            lines.append(f"   {z['label']}: {text}")
    return "\n".join(lines)
