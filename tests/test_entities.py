"""The entity observation (``obs_type="entities"``, issue 12 part 2): its spaces hold every
observation of seeded random games, each action points at the token of the card it names,
nothing hidden leaks (``resample_hidden``), the flat observation is untouched, the envs
pass PettingZoo's API test with either obs type, and docs/entity-observation.md shows each
game's layout as the code builds it."""

from __future__ import annotations

import importlib
from pathlib import Path

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test
from tcgzoo.envs import load_game, make_env
from tcgzoo.envs.core.entities import CARD_OFFSET, KEYS, UNKNOWN, EntityLayout
from tcgzoo.envs.core.rng import Rng

NAMES = ["battle_spirits", "leader_melee", "ninja_slayer"]
DOC = Path(__file__).resolve().parents[1] / "docs" / "entity-observation.md"


def _entities(name):
    return importlib.import_module(f"tcgzoo.envs.{name}.entities")


def _games(name, seeds=(0, 1), max_decisions=1500):
    """Seeded random games (no concession): yields each state before a decision."""
    game = load_game(name, concession=False)
    for seed in seeds:
        rng = np.random.default_rng(seed)
        s = game.new_initial_state(seed)
        for _ in range(max_decisions):
            if s.is_terminal():
                break
            yield s
            s.apply_action(int(rng.choice(s.legal_actions())))


def _obs(ent, s, p, buf):
    ent.entity_observation(s, p, buf)
    o = buf.copy()
    o["action_mask"][:] = 0
    if not s.is_terminal() and s.current_player() == p:
        o["action_mask"][s.legal_actions()] = 1
    return o


# ---- which card each action names, read from the state (the game's own action layout) --------
def _named_ns(s, a):
    from tcgzoo.envs.ninja_slayer.encoding import OPTION_KINDS
    from tcgzoo.envs.ninja_slayer.layout import D_RECOVER, LAYOUT

    rng, k = LAYOUT.describe(a)
    p = s.dplayer
    if rng == "own_hand":
        return s.cdef[s.hand[p][k]]
    if rng == "own_field":
        return s.cdef[s.field[p][k]]
    if rng == "opp_field":
        return s.cdef[s.field[1 - p][k]]
    if rng == "option" and s.dkind in OPTION_KINDS:
        v = s.opts[k]
        return v[0] if s.dkind == D_RECOVER else v
    return None


def _named_bs(s, a):
    from tcgzoo.envs.battle_spirits.layout import D_ORDER, D_SEARCH, LAYOUT

    rng, k = LAYOUT.describe(a)
    p = s.dplayer
    if rng == "hand":
        return s.cdef[s.hand[p][k]]
    if rng in ("field", "field_soul"):
        return s.cdef[s.field[p][k]]
    if rng == "opp_field":
        return s.cdef[s.field[1 - p][k]]
    if rng == "trash":  # own trash k (keisho, and most targets in a trash)
        return s.cdef[s.trash[p][k]]
    if rng == "option" and s.dkind == D_SEARCH:
        return s.cdef[s.revealed[k]]
    if rng == "option" and s.dkind == D_ORDER:  # the k-th waiting effect's source (as action_to_string reads it)
        return s.cdef[s.tq[s.stack[-1][2]][k][0]]
    return None


def _named_lm(s, a):
    from tcgzoo.envs.leader_melee.layout import D_ORDER_REPLACEMENT, D_ORDER_TRIGGER, D_SEARCH, LAYOUT
    from tcgzoo.envs.leader_melee.rules import leader, repl_candidates

    rng, k = LAYOUT.describe(a)
    p, q = s.dplayer, 1 - s.dplayer
    zones = {
        "hand": s.hand[p],
        "own_battle": s.battle[p],
        "own_melee": s.melee[p],
        "own_energy": s.energy[p],
        "own_drop": s.drop[p],
        "opp_battle": s.battle[q],
        "opp_melee": s.melee[q],
        "opp_energy": s.energy[q],
        "opp_drop": s.drop[q],
    }
    if rng in zones:
        return s.cdef[zones[rng][k]]
    if rng in ("self_leader", "leader_ability"):
        return s.cdef[leader(p)]
    if rng == "opp_leader":
        return s.cdef[leader(q)]
    if rng == "battle_ability":
        return s.cdef[s.battle[p][k // 4]]
    if rng == "look" and s.dkind == D_SEARCH:
        return s.cdef[sorted(s.deck[p], key=s._hand_key)[k]]
    if rng == "pending" and s.dkind == D_ORDER_REPLACEMENT:
        top = s.stack[-1]
        return s.cdef[repl_candidates(s, top[2], top[3], top[4], top[5], top[10:])[k][0]]
    if rng == "pending" and s.dkind == D_ORDER_TRIGGER:
        return s.cdef[[w for w in s.waits if w[0] == p][k][1]]
    return None


NAMED = {"ninja_slayer": _named_ns, "battle_spirits": _named_bs, "leader_melee": _named_lm}
# the ranges whose every legal action must point at a token
POINTING = {
    "ninja_slayer": ("own_hand", "own_field", "opp_field"),
    "battle_spirits": ("hand", "field", "field_soul", "opp_field"),
    "leader_melee": ("hand", "own_battle", "opp_battle", "self_leader", "opp_leader"),
}


# the ranges whose action text names the card (``action_to_string``)
TEXT_NAMES = {
    "ninja_slayer": ("own_hand", "own_field", "opp_field", "option"),
    "battle_spirits": ("hand", "field", "field_soul", "opp_field"),
    "leader_melee": ("hand", "own_battle", "opp_battle", "own_energy", "pending", "look"),
}


@pytest.mark.parametrize("name", NAMES)
def test_spaces_hold_every_observation_and_actions_point_at_their_cards(name):
    ent = _entities(name)
    game = load_game(name, concession=False)
    layout = ent.entity_layout(game)
    space = layout.space()
    buf = layout.new_buffers()
    lay = importlib.import_module(f"tcgzoo.envs.{name}.layout").LAYOUT
    pointed = checked_names = 0
    for s in _games(name):
        for p in (0, 1):
            o = _obs(ent, s, p, buf)
            assert space.contains(o), f"{name}: an observation outside the space at {s.decision_name()}"
            n = int(o["mask"].sum())
            assert (o["mask"][:n] == 1).all() and (o["card"][n:] == 0).all() and (o["card"][:n] >= 1).all()
            assert (o["act_tok"] < n).all()
        p = s.current_player()
        o = _obs(ent, s, p, buf)
        for a in s.legal_actions():
            t = int(o["act_tok"][a])
            want = NAMED[name](s, a)
            rng, _ = lay.describe(a)
            if rng in POINTING[name]:
                assert t >= 0, f"{name}: legal action {a} ({s.action_to_string(a)}) points at no token"
            if t < 0:
                continue
            pointed += 1
            assert want is not None, f"{name}: action {a} ({rng}) points at token {t} but names no card"
            assert o["card"][t] == want + CARD_OFFSET, (
                f"{name}: action {a} ({s.action_to_string(a)}) points at a token of card {o['card'][t] - 2}, not {want}"
            )
            if rng in TEXT_NAMES[name]:  # the action's text names that card too
                assert s.defs[want].name in s.action_to_string(a), (s.action_to_string(a), s.defs[want].name)
                checked_names += 1
    assert pointed > 100 and checked_names > 10


def _flat_context(name, game, o):
    """The context card's pool index in flat observation ``o`` (its one-hot block), or None."""
    L = game.obs_layout
    if name == "leader_melee":
        start, n = L.blocks["context"][0], L.n
    else:
        start, n = L.ctx, L.P
    nz = np.flatnonzero(o[start : start + n])
    assert nz.size <= 1
    return int(nz[0]) if nz.size else None


@pytest.mark.parametrize("name", NAMES)
def test_context_follows_the_flat_observation(name):
    """The context card token (the card being played / the effect's source) is the one the
    flat observation's context block names, for both seats at every decision."""
    ent = _entities(name)
    game = load_game(name, concession=False)
    layout = ent.entity_layout(game)
    buf = layout.new_buffers()
    ctx_zone = layout.zone("context")
    with_context = 0
    for s in _games(name, seeds=(4, 5)):
        for p in (0, 1):
            want = _flat_context(name, game, s.observation_tensor(p))
            o = _obs(ent, s, p, buf)
            got = [int(c) - CARD_OFFSET for c, z in zip(o["card"], o["zone"]) if z == ctx_zone and c]
            assert got == ([] if want is None else [want]), (
                f"{name}: context {got} != flat {want} at {s.decision_name()}"
            )
            with_context += want is not None
    assert with_context > 20


@pytest.mark.parametrize("name", NAMES)
def test_no_hidden_information_leaks(name):
    """A player's entity observation is unchanged when ``resample_hidden`` redraws what
    they cannot see (the contract's no-leak test, as for the flat observation)."""
    ent = _entities(name)
    game = load_game(name, concession=False)
    buf = ent.entity_layout(game).new_buffers()
    rng = np.random.default_rng(5)
    unknown = compared = 0
    for k, s in enumerate(_games(name, seeds=(2, 3))):
        if k % 3:
            continue
        for p in (0, 1):
            o = _obs(ent, s, p, buf)
            unknown += int((o["card"] == UNKNOWN).sum())
            c = s.clone()
            c.resample_hidden(p, Rng(int(rng.integers(1 << 30))))
            o2 = _obs(ent, c, p, buf)
            for key in KEYS:
                assert np.array_equal(o[key], o2[key]), (
                    f"{name}: player {p}'s {key!r} changed when their hidden cards were redrawn ({s.decision_name()})"
                )
            compared += 1
    assert compared > 50 and unknown > 0  # the opponent's hand shows up as unknown cards


@pytest.mark.parametrize("name", NAMES)
def test_env_obs_types(name):
    """``obs_type="flat"`` (the default) is today's observation exactly; ``"entities"``
    hands out independent copies in its Dict space; both pass PettingZoo's API test, and
    the entity env its seed test."""
    flat, default, ents = make_env(name, obs_type="flat"), make_env(name), make_env(name, obs_type="entities")
    assert set(default.observation_space("player_0").spaces) == {"observation", "action_mask"}
    assert flat.observation_space("player_0") == default.observation_space("player_0")
    assert set(ents.observation_space("player_0").spaces) == set(KEYS)
    for e in (flat, default, ents):
        e.reset(seed=4)
    for _ in range(60):
        agent = flat.agent_selection
        a, b = flat.observe(agent), default.observe(agent)
        st = flat.unwrapped.state
        i = flat.possible_agents.index(agent)
        assert np.array_equal(a["observation"], st.observation_tensor(i))
        assert np.array_equal(a["observation"], b["observation"]) and np.array_equal(a["action_mask"], b["action_mask"])
        e1 = ents.observe(agent)
        other = ents.observe(ents.possible_agents[1 - i])  # a second call must not overwrite the first
        assert e1["glob"] is not other["glob"]
        assert np.array_equal(e1["action_mask"], a["action_mask"])
        assert ents.observation_space(agent).contains(e1)
        act = int(np.flatnonzero(a["action_mask"])[0])
        for e in (flat, default, ents):
            e.step(act)
    api_test(make_env(name, obs_type="entities"), num_cycles=30)
    api_test(make_env(name), num_cycles=30)
    seed_test(lambda **kw: make_env(name, obs_type="entities", **kw), num_cycles=30)


def test_bad_obs_type_is_named():
    with pytest.raises(ValueError, match="obs_type 'pixels'"):
        make_env("ninja_slayer", obs_type="pixels")
    with pytest.raises(ValueError, match="game 'toy_duel' has no entity observation"):
        make_env("toy_duel", obs_type="entities")  # the kernel's reference game has none


def test_layout_rejects_bad_declarations():
    L = EntityLayout("g", 5, 10, 4, [("hand", "h"), ("field", "f")])
    L.feature("a", "doc")
    with pytest.raises(ValueError, match="'a'"):
        L.feature("a", "again")
    L.glob("turn", 1, "t")
    with pytest.raises(ValueError, match="'turn'"):
        L.glob("turn", 2, "again")
    with pytest.raises(KeyError, match="'deck'"):
        L.zone("deck")
    assert L.column("a") == 1 and L.glob_start("turn") == 0
    with pytest.raises(KeyError, match="no feature 'b'"):
        L.column("b")
    with pytest.raises(KeyError, match="no global block 'life'"):
        L.glob_start("life")
    with pytest.raises(ValueError, match="given twice"):
        EntityLayout("g", 5, 10, 4, [("hand", "h"), ("hand", "f")])
    assert L.features[0][0] == "slot"  # the kernel's column 0
    buf = L.new_buffers()
    assert [buf.add(3, 1, slot=k) for k in range(6)] == [0, 1, 2, 3, 4, 5]
    buf.finish()  # T = 4: two tokens left out
    assert buf.n == 4 and buf.dropped == 2 and buf.card.tolist() == [3] * 4 and buf.mask.tolist() == [1] * 4
    assert np.allclose(buf.feat[:, 0], [0.0, 0.05, 0.1, 0.15])
    buf.reset()
    assert buf.n == 0 and not buf.mask.any() and (buf.act_tok == -1).all() and buf.dropped == 0
    assert not buf.card.any() and not buf.feat.any()
    assert buf.extend([4, 5, 6], 1) == 0 and buf.extend([], 0) == 3 and buf.extend([2, 3], 0) == 3
    buf.point(7, 3, 2)  # actions 7, 8 -> tokens 3, 4; token 4 is past T: action 8 points nowhere
    buf.finish()
    assert buf.card.tolist() == [4, 5, 6, 2] and buf.zone.tolist() == [1, 1, 1, 0] and buf.dropped == 1
    assert buf.mask.tolist() == [1, 1, 1, 1] and np.allclose(buf.feat[:, 0], [0.0, 0.05, 0.1, 0.0])
    assert buf.act_tok[7] == 3 and buf.act_tok[8] == -1


@pytest.mark.parametrize("name", NAMES)
def test_docs_show_the_layout(name):
    """docs/entity-observation.md holds each game's tables as ``EntityLayout.markdown()``
    writes them for the default pool (regenerate: ``python -m tcgzoo.envs.core.entities``)."""
    text = DOC.read_text(encoding="utf-8")
    layout = _entities(name).entity_layout(load_game(name))
    assert layout.markdown() in text, f"docs/entity-observation.md is out of date for {name}"


def test_benchmark_runs(capsys):
    """The benchmark's command line prints a row per game (figures are not checked: timings
    belong to benchmarks, not tests)."""
    from tcgzoo.benchmarks.entity_observation import main

    assert main(["--game", "ninja_slayer", "--states", "20", "--rounds", "1"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[0].split()[:2] == ["game", "flat"] and rows[1].split()[0] == "ninja_slayer" and len(rows) == 2
