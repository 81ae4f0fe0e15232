"""Shared effect bookkeeping: durations of temporary effects and the queue of
simultaneous triggers. Plain data on the state (lists of tuples), so clones copy them
with a slice.

Temporary effects
    A state keeps ``teff``: a list of ``(kind, target, amount, duration)`` tuples. A
    game gives ``kind`` its meaning (BP +X, a granted restriction, ...); ``duration`` is
    one of the codes below. ``expire`` drops every effect of a duration when the rules
    say it ends (Battle Spirits 7-9-1-1 / 8-1-7-2, Ninja Slayer 505 'this turn', Leader
    Melee 'this battle' 7-7).

Trigger queue
    Effects that trigger are appended to ``pending`` as tuples ``(source, effect index,
    controller, event)``. At each point where the rules resolve triggers, ``open_batch``
    moves ``pending`` into a new batch on top of ``tq``; batches opened later (new
    triggers during a resolution) sit on top and resolve first (BS 9-1-5-9; NS 1209 and
    LM 8-7 order them by player). ``batch_options`` lists the entries a chooser may pick
    next; ``by_player`` restricts that to one player's entries for games that resolve
    the turn player's triggers first.
"""

from __future__ import annotations

from typing import Any

PERMANENT, END_OF_TURN, END_OF_BATTLE, END_OF_NEXT_TURN = 0, 1, 2, 3


def expire(teff: list, duration: int) -> list:
    """The temporary effects that survive the end of ``duration``."""
    return [t for t in teff if t[3] != duration] if teff else teff


def drop_target(teff: list, target: int) -> list:
    """Effects on a card end when it changes zones: it is a new card there."""
    return [t for t in teff if t[1] != target] if teff else teff


def open_batch(state: Any) -> int:
    """Move ``state.pending`` into a new batch on ``state.tq``; returns its index, or -1."""
    if not state.pending:
        return -1
    state.tq.append(state.pending)
    state.pending = []
    return len(state.tq) - 1


def batch_options(batch: list, limit: int, by_player: int = -1) -> list[int]:
    """Indexes of the batch entries a chooser may resolve next (at most ``limit``)."""
    if by_player < 0:
        return list(range(min(len(batch), limit)))
    return [k for k, t in enumerate(batch) if t[2] == by_player][:limit]
