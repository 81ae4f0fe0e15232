"""The Ninja Slayer heuristic against the one entry that can be undone (NS 1204.2i)."""

from __future__ import annotations

from ns_scenario import D_PAY_ETHER, D_PRIORITY, PASS, act, hand, opp, scene
from tcgzoo.agents import make_agent
from tcgzoo.envs.ninja_slayer.layout import ST_CHARACTER
from tcgzoo.envs.ninja_slayer.records import SO_KIND
from tcgzoo.envs.ninja_slayer.state import K_CARD

E = "TZNS-29"  # filler ether without the 〈Ninja Slay〉 attribute
FINISHER, SLAY_ETHER, VICTIM = "TZNS-64", "TZNS-09", "TZNS-27"


def test_the_heuristic_keeps_the_card_an_additional_cost_will_bow():
    """NS 1204.2i, NS 1203.4: Ninja Slay Finisher's ether is paid before its additional cost
    (bow an untapped 〈Ninja Slay〉 ether card). The heuristic prefers to bow 〈Ninja Slay〉
    cards, but here the only one must stay for the additional cost: paying with it would
    undo the entry, and a deterministic player would then try the same entry forever (it
    ran into the 3,000-decision cap in arena games)."""
    s = scene(p0=dict(hand=[FINISHER], ether=[SLAY_ETHER, E, E]), p1=dict(field=[VICTIM]))
    act(s, PASS)
    while not (s.dkind == D_PRIORITY and s.step == ST_CHARACTER and s.dplayer == 0):
        act(s, PASS)
    h = make_agent("heuristic", "ninja_slayer")
    act(s, hand(s, FINISHER))
    act(s, opp(s, VICTIM))
    while s.dkind == D_PAY_ETHER:
        act(s, h.act(s, 0))
    assert s.kstack and s.kstack[-1][SO_KIND] == K_CARD, "the entry was undone"
    assert all(s.bowed[j] for j in s.ether[0])  # two fillers for the ether, the Ninja Slay card for the extra cost
