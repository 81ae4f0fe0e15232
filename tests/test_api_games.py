"""The contract's API on every registered game, asserted once for all three: sizes and
dtypes, exact masks, illegal actions refused without a trace, concession, the step cap,
clone / replay / resample, the AEC env's illegal-move rule, rendering, built-in decks
and clear errors for unknown names. (The PettingZoo ``api_test`` / ``seed_test`` and the
random-play invariants run in ``test_harness_games.py``; game-specific API details stay
in each game's own test file.)"""

from __future__ import annotations

import re

import numpy as np
import pytest
from tcgzoo.envs import GAMES, game_module, load_game, make_env
from tcgzoo.envs.core.engine import replay
from tcgzoo.envs.core.errors import OptionError, TcgError, UnknownNameError
from tcgzoo.envs.core.registry import env_module
from tcgzoo.envs.core.rng import Rng

NAMES = sorted(GAMES)


def _module(name):
    return game_module(name)


def _played(game, seed: int, n: int):
    s = game.new_initial_state(seed)
    rng = Rng(seed)
    for _ in range(n):
        if s.is_terminal():
            break
        legal = [a for a in s.legal_actions() if a != s.CONCEDE] or s.legal_actions()
        s.apply_action(legal[rng.below(len(legal))])
    return s


@pytest.mark.parametrize("name", NAMES)
def test_sizes_dtypes_and_exact_masks(name):
    g = load_game(name)
    s = _played(g, 7, 25)
    o = s.observation_tensor(s.current_player())
    assert o.dtype == np.float32 and o.shape == (g.observation_size(),) and np.isfinite(o).all()
    assert sum(hi - lo + 1 for lo, hi, _ in g.observation_layout()) == g.observation_size()
    ids = sorted(a for lo, hi, _ in g.action_layout() for a in range(lo, hi + 1))
    assert ids == list(range(g.num_distinct_actions()))
    mask = s.legal_actions_mask()
    assert mask.dtype == bool and mask.shape == (g.num_distinct_actions(),)
    assert np.flatnonzero(mask).tolist() == s.legal_actions()
    assert isinstance(s.decision_name(), str) and s.decision_name()
    assert all(isinstance(s.action_to_string(a), str) and s.action_to_string(a) for a in s.legal_actions())


@pytest.mark.parametrize("name", NAMES)
def test_illegal_action_raises_and_changes_nothing(name):
    s = _played(load_game(name), 3, 15)
    before, hist = s.to_dict(), list(s.history)
    illegal = int(np.flatnonzero(~s.legal_actions_mask())[0])
    for a in (illegal, 10**6, -1):
        with pytest.raises(ValueError, match=f"illegal action {a}"):
            s.apply_action(a)
    assert s.to_dict() == before and s.history == hist


@pytest.mark.parametrize("name", NAMES)
def test_concession_ends_the_game_for_the_conceder(name):
    """BS 1-3-4, NS 103.4, LM 1-2-4: a player may concede at any time and loses at once."""
    s = _played(load_game(name, concession=True), 5, 30)
    p = s.current_player()
    assert s.CONCEDE in s.legal_actions()
    s.apply_action(s.CONCEDE)
    assert s.is_terminal() and s.returns()[p] == -1 and s.returns()[1 - p] == 1


@pytest.mark.parametrize("name", NAMES)
def test_step_cap_ends_a_runaway_game_as_a_draw(name):
    """NS 1501.1c, LM 11-1: a game no one ends is a draw; the cap makes that finite."""
    g = load_game(name, max_decisions=20)
    s = _played(g, 1, 10**6)
    assert s.is_terminal() and len(s.history) == 20 and list(s.returns()) == [0.0, 0.0]
    assert g.max_game_length() == 20


@pytest.mark.parametrize("name", NAMES)
def test_clone_replay_and_resample(name):
    g = load_game(name)
    s = _played(g, 11, 120)
    c = s.clone()
    assert c.to_dict() == s.to_dict() and (c.observation_tensor(1) == s.observation_tensor(1)).all()
    c2 = _played(g, 11, 120)  # the same seed and actions reach the same state
    assert c2.to_dict() == s.to_dict()
    if not c.is_terminal():
        c.apply_action(c.legal_actions()[0])
        assert s.to_dict() == c2.to_dict(), "a clone shares data with its original"
    assert replay(g, 11, s.history).to_dict() == s.to_dict()
    for p in (0, 1):
        r = s.clone()
        r.resample_hidden(p, Rng(5))
        assert (r.observation_tensor(p) == s.observation_tensor(p)).all() and r.to_dict(p) == s.to_dict(p)


@pytest.mark.parametrize("name", NAMES)
def test_env_illegal_move_loses_and_render(name):
    env = make_env(name)
    env.reset(seed=5)
    agent = env.agent_selection
    bad = int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0])
    env.step(bad)
    assert env.terminations[agent] and env.rewards[agent] == -1
    env = env_module(name).env(render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert isinstance(text, str) and len(text.splitlines()) >= 3


@pytest.mark.parametrize("name", NAMES)
def test_builtin_decks_load_and_unknown_names_are_clear(name):
    cls = _module(name).Game
    names = cls.builtin_decks()
    assert len(names) >= 4
    g = cls(decks=names[:2])
    for n in names:
        assert g.validate_deck(n) == cls(decks=[n, n]).deck_names[0]
    title = cls.TITLE
    with pytest.raises(UnknownNameError, match=f"unknown {title} deck 'nope'"):
        cls(decks=["nope", names[0]])
    with pytest.raises(UnknownNameError, match=f"unknown {title} option 'speed'"):
        cls(speed=3)
    with pytest.raises(UnknownNameError, match="unknown game 'chess'"):
        load_game("chess")


@pytest.mark.parametrize("name", NAMES)
def test_option_values_are_checked(name):
    """A switch given a string ("False" would count as true), a count given a bool, a
    negative cap or a seat that does not exist is refused by the kernel's one check, with
    an error naming the game, the option, the value and what it takes; the env too."""
    cls = _module(name).Game
    title = cls.TITLE
    with pytest.raises(OptionError, match=f"^{title} option 'concession' takes true or false, got 'False'$"):
        cls(concession="False")
    cap = r"takes a whole number >= 0 \(0: no cap\)"
    for bad in (True, "abc", -1, 2.5):
        with pytest.raises(OptionError, match=f"option 'max_decisions' {cap}, got {re.escape(repr(bad))}$"):
            cls(max_decisions=bad)
    for bad in ("x", 5, -1, True, 0.0):
        with pytest.raises(
            OptionError,
            match=rf"option 'first_player' takes 0, 1 or null \(decided by the rules\), "
            rf"got {re.escape(repr(bad))}$",
        ):
            cls(first_player=bad)
    with pytest.raises(OptionError, match="option 'cards' takes null .* or a list of card file paths, got 'x.yaml'"):
        cls(cards="x.yaml")  # a string would be read as a list of one-letter paths
    with pytest.raises(OptionError, match=f"^{title} option 'max_decisions'.*got -1$"):
        make_env(name, max_decisions=-1)  # the env builds its Game: the same error
    assert issubclass(OptionError, TcgError) and issubclass(OptionError, ValueError)
    for fp in (None, 0, 1):
        assert cls(first_player=fp, max_decisions=0).options["first_player"] == fp


def test_every_option_declares_what_it_takes():
    """A game whose options and declared option types disagree fails at import time."""
    from tcgzoo.envs.core.game import COMMON_OPTIONS, GameBase

    with pytest.raises(TypeError, match="must name the same options"):
        type("Broken", (GameBase,), {"OPTIONS": {"first_player": None, "speed": 1}, "OPTION_TYPES": COMMON_OPTIONS})
    with pytest.raises(TypeError, match="default -1 of option 'max_decisions'"):
        type(
            "Broken",
            (GameBase,),
            {
                "OPTIONS": {
                    "first_player": None,
                    "concession": True,
                    "max_decisions": -1,
                    "cards": None,
                    "builtin_cards": True,
                },
                "OPTION_TYPES": COMMON_OPTIONS,
            },
        )
