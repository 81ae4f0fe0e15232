"""Scenario helper for the Leader Melee coverage tests (``test_lm_cov_*.py``).

``lm_scene.scene`` (a readable position built by ``position.build``) over the test pool
plus ``data/cov_cards.yaml``; a per-player ``leader`` (card id) and ``melee`` list.

    s = cscene(p0=dict(leader="T-CL", battle=["T-V1"], energy=3), at="main")
"""

from __future__ import annotations

from functools import cache

from lm_scene import CARD_FILES, DATA, DECK, R, act, scene
from tcgzoo.envs.leader_melee import Game
from tcgzoo.envs.leader_melee.layout import D_FT_MAIN, PASS

COV_FILES = CARD_FILES + (str(DATA / "cov_cards.yaml"),)


@cache
def cgame(first_player=0, concession=False) -> Game:
    return Game(
        decks=[DECK, DECK],
        builtin_cards=False,
        cards=list(COV_FILES),
        first_player=first_player,
        max_decisions=0,
        concession=concession,
    )


def cidx(s, cid):
    return s.game.pool.by_id[cid].index


def cstarted(seed=0, first_player=0, concession=False):
    s = cgame(first_player, concession).new_initial_state(seed)
    act(s, PASS)
    act(s, PASS)
    return s


def _take(s, p, cid):
    for u in s.deck[p]:
        if s.defs[s.cdef[u]].id.startswith("T-F"):
            s.cdef[u] = cidx(s, cid)
            return u
    raise AssertionError("no filler left")


def cplace(s, p, cid, zone, rest=False):
    u = _take(s, p, cid)
    R.move(s, u, zone)
    if rest:
        s.rest[u] = 1
    return u


def cscene(p0=None, p1=None, at="main", tp=0, turn=3, seed=0, concession=False):
    """``lm_scene.scene`` over the coverage pool (per player also ``leader`` and ``melee``)."""
    return scene(p0, p1, at=at, tp=tp, turn=turn, seed=seed, g=cgame(0, concession))


def cplay(s, cid, p=None):
    """Play a hand card, paying with the first energy choices."""
    from lm_scene import hand_slot
    from tcgzoo.envs.leader_melee.layout import D_PAY_ENERGY

    p = s.dplayer if p is None else p
    act(s, hand_slot(s, p, cid))
    while s.dkind == D_PAY_ENERGY:
        act(s, s.legal_actions()[0])


__all__ = ["cgame", "cidx", "cplace", "cplay", "cscene", "cstarted", "D_FT_MAIN"]
