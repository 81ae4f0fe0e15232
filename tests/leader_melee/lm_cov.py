"""Scenario helper for the Leader Melee coverage tests (``test_lm_cov_*.py``).

Same idea as ``lm_scene.scene`` (zones arranged by re-labelling deck fillers, then the
turn resumes at a step), over the test pool plus ``data/cov_cards.yaml``, and with a
per-player ``leader`` (card id) and ``melee`` list.

    s = cscene(p0=dict(leader="T-CL", battle=["T-V1"], energy=3), at="main")
"""
from __future__ import annotations

from functools import lru_cache

from lm_scene import AT, CARD_FILES, DATA, DECK, R, act
from tcgzoo.envs.core.engine import RUNNING
from tcgzoo.envs.leader_melee import Game
from tcgzoo.envs.leader_melee.layout import D_FT_MAIN, P_MAIN, PASS
from tcgzoo.envs.leader_melee.state import Z_BATTLE, Z_DECK, Z_DROP, Z_ENERGY, Z_HAND, Z_MELEE

COV_FILES = CARD_FILES + (str(DATA / "cov_cards.yaml"),)


@lru_cache(maxsize=None)
def cgame(first_player=0, concession=False) -> Game:
    return Game(decks=[DECK, DECK], builtin_cards=False, cards=list(COV_FILES), first_player=first_player, max_decisions=0,
                concession=concession)


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
    """Like ``lm_scene.scene``; per player also ``leader`` (card id) and ``melee`` (card ids)."""
    s = cstarted(seed, concession=concession)
    s.tp, s.turn_no = tp, turn
    for p, spec in ((0, p0 or {}), (1, p1 or {})):
        if "leader" in spec:
            s.cdef[R.leader(p)] = cidx(s, spec["leader"])
        for u in s.hand[p][:]:
            R.move(s, u, Z_DECK, bottom=True)
        for u in s.energy[p][:]:
            R.move(s, u, Z_DECK, bottom=True)
        for cid in spec.get("hand", []):
            cplace(s, p, cid, Z_HAND)
        for i, cid in enumerate(spec.get("battle", [])):
            cplace(s, p, cid, Z_BATTLE, rest=i in spec.get("rested", ()))
        for cid in spec.get("melee", []):
            cplace(s, p, cid, Z_MELEE)
        en = spec.get("energy", 0)
        for cid in (["T-F01"] * en if isinstance(en, int) else en):
            cplace(s, p, cid, Z_ENERGY)
        life = spec.get("life", 7)
        while len(s.life[p]) > life:
            R.move(s, s.life[p][-1], Z_DECK, bottom=True)
        while len(s.deck[p]) > spec.get("deck", 99):
            R.move(s, s.deck[p][0], Z_DROP)
    s.check_invariants()
    s.stack[:] = [[R.H_TURN, AT[at]]]
    s.phase = P_MAIN
    s.dkind = RUNNING
    s._run()
    return s


def cplay(s, cid, p=None):
    """Play a hand card, paying with the first energy choices."""
    from lm_scene import hand_slot
    from tcgzoo.envs.leader_melee.layout import D_PAY_ENERGY
    p = s.dplayer if p is None else p
    act(s, hand_slot(s, p, cid))
    while s.dkind == D_PAY_ENERGY:
        act(s, s.legal_actions()[0])


__all__ = ["cgame", "cidx", "cplace", "cplay", "cscene", "cstarted", "D_FT_MAIN"]
