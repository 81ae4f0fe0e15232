"""Helpers of the Ninja Slayer rules-coverage tests (test_ns_cov_*.py), on top of
ns_scenario: play a card through entry, payment and resolution whatever point its
choices are asked at, and find cards by id."""

from __future__ import annotations

from ns_scenario import (
    D_CHOOSE,
    D_ORDER,
    D_PAY_ETHER,
    D_PAY_JITSU,
    D_PRIORITY,
    D_RECOVER,
    D_TARGET,
    PASS,
    act,
    hand,
    ids,
)
from tcgzoo.envs.ninja_slayer.layout import D_TATSUJIN, ST_CHARACTER
from tcgzoo.envs.ninja_slayer.records import SO_CARD, SO_KIND
from tcgzoo.envs.ninja_slayer.state import K_CARD, Z_REMOVED

CHOICE_KINDS = (D_CHOOSE, D_TARGET, D_RECOVER)


def where(s, cid, p=None):
    """The card ints with card id ``cid`` (of player ``p`` if given), in any zone but the
    removed zone (where the scene parks the unused cards)."""
    return [
        i
        for i in range(len(s.cdef))
        if s.defs[s.cdef[i]].id == cid and (p is None or s.owner[i] == p) and s.zone[i] != Z_REMOVED
    ]


def to_character_phase(s):
    """From the scene's ether decision: no ether card, pass to player 0's character-phase
    priority."""
    act(s, PASS)
    while not (s.step == ST_CHARACTER and s.dkind == D_PRIORITY and s.dplayer == 0):
        act(s, PASS)


def pay(s, tatsujin=False):
    """Finish an entry: decline (or pay) tatsujin, pay ether and jitsu with the first options."""
    while s.dkind in (D_PAY_ETHER, D_PAY_JITSU, D_TATSUJIN):
        if s.dkind == D_TATSUJIN:
            act(s, s.legal[-1] if tatsujin else PASS)
        else:
            act(s, s.legal[0])


def cast(s, cid, picks=(), tatsujin=False):
    """The priority holder enters hand card ``cid`` and pays; then everyone passes until it
    has left the kotodama space. Choices (targets, chosen cards) are answered from
    ``picks`` in order whenever the engine asks them (at entry or on resolution); a pick is
    an action id or a callable ``state -> action``."""
    assert s.dkind == D_PRIORITY, s.decision_name()
    picks = list(picks)
    card = s.hand[s.dplayer][ids(s, s.hand[s.dplayer]).index(cid)]
    act(s, hand(s, cid))
    pay(s, tatsujin)
    n = 0
    while True:
        n += 1
        assert n < 100
        if s.dkind in CHOICE_KINDS:
            a = picks.pop(0) if picks else s.legal[0]
            act(s, a(s) if callable(a) else a)
            continue
        if s.dkind in (D_PAY_ETHER, D_PAY_JITSU, D_TATSUJIN):  # after choices made at entry
            pay(s, tatsujin)
            continue
        on_stack = any(o[SO_KIND] == K_CARD and o[SO_CARD] == card for o in s.kstack)
        if not on_stack or s.is_terminal():
            break
        assert s.dkind in (D_PRIORITY, D_ORDER), s.decision_name()
        act(s, PASS if s.dkind == D_PRIORITY else s.legal[0])
    return card
