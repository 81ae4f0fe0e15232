"""Random-simulation checks and golden playthroughs for every tcgzoo game.

Everything here is written against the shared game contract only (OpenSpiel names:
``Game`` / ``State``), so one harness checks every game: a new game joins by appending
its name to ``GAMES_UNDER_TEST`` and one line to ``GOLDEN`` (and, if its defaults do
not suit it, one line to ``SIM_CONFIGS``).

``check_random_games`` plays seeded games with a random policy and checks, after every
step, the promises of the contract (modelled on OpenSpiel's ``RandomSimTest``):

every step (cheap)
    legal actions sorted, unique, in range and non-empty until the end; the mask equals
    the list; both observation tensors float32, finite, of the declared size; action
    strings of the legal actions non-empty and unique; ``check_invariants()`` if the
    state offers it (conservation of cards and cores); length within
    ``max_game_length()`` if the game offers it.
sampled steps (``sample_rate``; expensive)
    a clone equals its original (observations of both players, legal actions,
    ``to_dict()``, ``str``); every legal action applies on its own clone; a sample of
    masked-out actions raises ``ValueError`` and changes nothing; ``resample_hidden(p)``
    on a clone changes neither ``observation_tensor(p)``, ``to_dict(p)`` nor, for the
    player to move, the legal actions and their strings (the mask is observed too), and
    keeps the invariants and the chosen action playable; the original is
    unchanged by all that work on its clones (independence); the chosen action applied
    to a clone gives the same state as applied to the original (determinism).
at the end
    terminal player id, no legal actions, returns in {[1,-1],[-1,1],[0,0]}, actions
    rejected, and the action list replayed from the seed reaches the same ``to_dict()``.

The first violation raises ``AssertionError`` naming the game, seed and step, with the
actions so far, so ``replay`` or ``check_random_games(game, 1, seed)`` reproduces it.

Golden playthroughs (OpenSpiel's habit): ``write_playthrough`` records every API output
of one seeded random game to ``tests/golden/<game>.txt`` (the first ``GOLDEN_FULL_STEPS``
decisions in full, then a line a decision with a digest of its record, and the end in
full); ``check_golden`` diffs a fresh
playthrough against it, so any unintended change of rules, encodings or strings shows
up as a readable diff. Regenerate after an intended change and review the diff::

    python tests/harness.py --regenerate toy_duel      # or: --regenerate all
    python tests/harness.py --simulate toy_duel --games 1000 --rate 1.0
"""

from __future__ import annotations

import argparse
import difflib
import hashlib
import json
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
from tcgzoo.envs.core import registry
from tcgzoo.envs.core.registry import game_names
from tcgzoo.envs.core.rng import Rng

#: games every harness test runs on: every registered game, the reference game Toy Duel included
GAMES_UNDER_TEST: list[str] = game_names(reference=True)


@dataclass(frozen=True)
class SimConfig:
    """How the simulation test builds a game and how often it runs the expensive checks."""

    kwargs: dict[str, Any] = field(default_factory=dict)  # Game(**kwargs)
    sample_rate: float = 0.05  # fraction of steps given the expensive checks
    concede_prob: float = 0.01  # per-decision chance the random policy concedes (long games want less)


@dataclass(frozen=True)
class Golden:
    """One golden playthrough: ``Game(**kwargs)``, a full game from ``seed``."""

    seed: int
    kwargs: dict[str, Any] = field(default_factory=dict)


#: per-game simulation settings; a game not listed gets ``SimConfig()``
SIM_CONFIGS: dict[str, SimConfig] = {
    "toy_duel": SimConfig(sample_rate=1.0),
    # ~550 decisions a game: a rare concession still tests that path without cutting games short
    "battle_spirits": SimConfig(sample_rate=0.03, concede_prob=0.0002),
    # two different decks (the default is a red_rush mirror): the simulation plays more cards
    "leader_melee": SimConfig(kwargs={"decks": ["red_rush", "blue_control"]}, sample_rate=0.05, concede_prob=0.0005),
    # ~1,100 decisions a game with every priority asked: fewer deep checks per step, as many per game
    "ninja_slayer": SimConfig(sample_rate=0.015, concede_prob=0.0002),
}

#: per-game golden playthrough; one line per game
GOLDEN: dict[str, Golden] = {
    "toy_duel": Golden(seed=14),
    "battle_spirits": Golden(seed=3, kwargs={"first_player": None}),
    "leader_melee": Golden(seed=2, kwargs={"decks": ["red_rush", "blue_control"]}),  # the default pair until 2026-11
    "ninja_slayer": Golden(seed=4),
}

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
#: steps recorded in full; each later step is one line with a digest of its record, so a
#: file stays reviewable (a Ninja Slayer game runs to ~1,000 decisions) and a change
#: anywhere still shows, at the step where it first happens
GOLDEN_FULL_STEPS = 150
TERMINAL_PLAYER = -4  # OpenSpiel's kTerminalPlayerId, the contract's id once a game is over
ALLOWED_RETURNS = ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])
FALLBACK_MAX_LENGTH = 100_000  # bound for games that declare no max_game_length()


# ---- games by name ---------------------------------------------------------------------
def game_module(name: str) -> ModuleType:
    """The core module of a registered game (the game registry, reference games included)."""
    return registry.game_module(name)


def env_module(name: str) -> ModuleType:
    """The ``<game>_v0`` PettingZoo module of a game (exports ``env`` and ``raw_env``)."""
    return registry.env_module(name)


def make_game(name: str, **kwargs: Any):
    return game_module(name).Game(**kwargs)


def sim_config(name: str) -> SimConfig:
    return SIM_CONFIGS.get(name, SimConfig())


# ---- the random policy -----------------------------------------------------------------
def states_along(game, seed: int, every: int = 7, limit: int = 400):
    """Copies of the states along one uniformly random game of ``game`` (never conceding),
    every ``every``-th decision up to ``limit`` decisions, then the last state."""
    s = game.new_initial_state(seed)
    rng = Rng(seed)
    n = 0
    while not s.is_terminal() and n < limit:
        if n % every == 0:
            yield s.clone()
        legal = [a for a in s.legal_actions() if a != s.CONCEDE] or s.legal_actions()
        s.apply_action(legal[rng.below(len(legal))])
        n += 1
    yield s


def warm_observations_equal_fresh(game, seeds, every: int, fresh):
    """The states along random games of ``game`` from ``seeds`` (``states_along``, every
    ``every``-th decision), each checked first: both players' observations, written with the
    game's layout and its caches warm from everything before, equal ``fresh(state, player)``
    (the bytes written with a new layout, caches empty); so do those of a clone whose hidden
    cards were redealt for each player. For encoders that cache by content (#11 part 8)."""
    for seed in seeds:
        rng = Rng(seed)
        for k, s in enumerate(states_along(game, seed, every, limit=10**9)):
            for p in (0, 1):
                assert s.observation_tensor(p).tobytes() == fresh(s, p), f"seed {seed}, state {k}"
                c = s.clone()
                c.resample_hidden(p, rng.below(2**31))
                for q in (0, 1):
                    assert c.observation_tensor(q).tobytes() == fresh(c, q), f"seed {seed}, state {k}, redealt"
            yield s


def random_action(state, rng: Rng, concede_prob: float = 0.01) -> int:
    """Uniform over the legal actions, conceding only with probability ``concede_prob``.

    Conceding uniformly would end most games in a few decisions and leave the rules
    untested; never conceding would leave the concession path untested.
    """
    legal = state.legal_actions()
    concede = getattr(state, "CONCEDE", -1)
    if getattr(state, "concession", False) and concede in legal and len(legal) > 1:
        if rng.next64() < concede_prob * 2.0**64:
            return concede
        legal = [a for a in legal if a != concede]
    return legal[rng.below(len(legal))]


def _rngs(seed: int) -> tuple[Rng, Rng]:
    """Policy and check generators of one game, derived from its seed alone, so a failing
    game reproduces with ``n_games=1, seed=<its seed>`` whatever the sampling rate.
    The kernel's SplitMix64 is used (not numpy's) because its stream never changes."""
    base = Rng(seed)
    return base.spawn(), base.spawn()


# ---- the simulation test ---------------------------------------------------------------
@dataclass
class SimStats:
    """What ``check_random_games`` played and checked."""

    games: int = 0
    decisions: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    concessions: int = 0
    longest: int = 0
    sampled_steps: int = 0  # steps given the expensive checks
    seconds: float = 0.0

    def __str__(self) -> str:
        mean = self.decisions / max(self.games, 1)
        return (
            f"{self.games} games, {self.decisions} decisions (mean {mean:.1f}, longest "
            f"{self.longest}), wins {self.wins[0]}/{self.wins[1]}, draws {self.draws}, "
            f"concessions {self.concessions}, {self.sampled_steps} steps deep-checked, "
            f"{self.seconds:.1f} s"
        )


class _Violation(AssertionError):
    """A broken promise of the contract (before the seed and step are attached)."""


def _require(ok: bool, message: str) -> None:
    if not ok:
        raise _Violation(message)


def _first_differences(a: Any, b: Any, path: str = "", limit: int = 5) -> list[str]:
    """Paths where two JSON-like values differ, so a failed comparison says where."""
    if type(a) is not type(b):
        return [f"{path or '.'}: {a!r} != {b!r}"[:300]]
    if isinstance(a, dict):
        out = []
        for k in sorted(set(a) | set(b), key=str):
            if k not in a or k not in b:
                out.append(f"{path}.{k}: only on one side")
            else:
                out += _first_differences(a[k], b[k], f"{path}.{k}", limit)
            if len(out) >= limit:
                break
        return out[:limit]
    if isinstance(a, (list, tuple)) and len(a) == len(b):
        out = []
        for i, (x, y) in enumerate(zip(a, b)):
            out += _first_differences(x, y, f"{path}[{i}]", limit)
            if len(out) >= limit:
                break
        return out[:limit]
    return [] if a == b else [f"{path or '.'}: {a!r} != {b!r}"[:300]]


def _snapshot(state) -> dict[str, Any]:
    """Everything the contract lets anyone read of a state, for equality checks."""
    return {
        "to_dict": state.to_dict(),
        "str": str(state),
        "current_player": state.current_player(),
        "legal_actions": state.legal_actions(),
        "observation_0": state.observation_tensor(0).tolist(),
        "observation_1": state.observation_tensor(1).tolist(),
    }


def _same(a: dict, b: dict, what: str) -> None:
    if a != b:
        raise _Violation(f"{what}; differences: " + "; ".join(_first_differences(a, b)))


def _check_observation(game, state, player: int) -> None:
    o = state.observation_tensor(player)
    _require(
        isinstance(o, np.ndarray) and o.dtype == np.float32,
        f"observation_tensor({player}) is {type(o).__name__} {getattr(o, 'dtype', '')}, not float32",
    )
    _require(
        o.shape == (game.observation_size(),),
        f"observation_tensor({player}) has shape {o.shape}, game.observation_size() is {game.observation_size()}",
    )
    _require(
        bool(np.isfinite(o).all()),
        f"observation_tensor({player}) has non-finite entries at {np.flatnonzero(~np.isfinite(o))[:10].tolist()}",
    )


def _check_step(game, state) -> list[int]:
    """The cheap checks of a decision point; returns the legal actions."""
    n_actions = game.num_distinct_actions()
    player = state.current_player()
    _require(player in (0, 1), f"current_player() is {player} in a non-terminal state")
    legal = state.legal_actions()
    _require(len(legal) > 0, "no legal actions before the end")
    _require(all(type(a) is int for a in legal), f"legal actions are not all ints: {legal}")
    _require(all(x < y for x, y in zip(legal, legal[1:])), f"legal actions not strictly ascending: {legal}")
    _require(0 <= legal[0] and legal[-1] < n_actions, f"legal actions outside [0, {n_actions}): {legal}")
    mask = state.legal_actions_mask()
    _require(
        isinstance(mask, np.ndarray) and mask.dtype == np.bool_ and mask.shape == (n_actions,),
        f"legal_actions_mask() is not a bool array of length {n_actions}",
    )
    _require(np.flatnonzero(mask).tolist() == legal, f"mask {np.flatnonzero(mask).tolist()} != legal actions {legal}")
    for p in (0, 1):
        _check_observation(game, state, p)
    strings = [state.action_to_string(a) for a in legal]
    _require(all(isinstance(s, str) and s.strip() for s in strings), f"empty action string among {strings}")
    _require(len(set(strings)) == len(strings), f"action strings not unique: {dict(zip(legal, strings))}")
    _check_invariants(state)
    return legal


def _check_invariants(state) -> None:
    check = getattr(state, "check_invariants", None)
    if check is not None:
        check()


def _deep_check(game, state, action: int, rng: Rng, illegal_samples: int):
    """The expensive checks of one decision point (see the module docstring); returns a
    clone with ``action`` applied, to compare with the original once it applies it."""
    before = _snapshot(state)
    _same(_snapshot(state.clone()), before, "clone() differs from its original")
    legal = before["legal_actions"]
    player = before["current_player"]

    expected = None
    for a in legal:
        c = state.clone()
        try:
            c.apply_action(a)
        except Exception as e:
            raise _Violation(
                f"legal action {a} ({state.action_to_string(a)!r}) fails on a clone: {type(e).__name__}: {e}"
            ) from e
        _check_invariants(c)
        if a == action:
            expected = c
    _same(_snapshot(state), before, "applying actions to clones changed the original (clone not independent)")

    n_actions = game.num_distinct_actions()
    masked_out = sorted(set(range(n_actions)) - set(legal))
    picks = [masked_out[rng.below(len(masked_out))] for _ in range(min(illegal_samples, len(masked_out)))]
    for a in picks + [n_actions, -1]:  # plus two ids outside the action space
        try:
            state.apply_action(a)
        except ValueError:
            pass
        except Exception as e:
            raise _Violation(f"masked-out action {a} raised {type(e).__name__}, not ValueError: {e}") from e
        else:
            raise _Violation(f"masked-out action {a} was accepted")
        _same(_snapshot(state), before, f"the rejected action {a} changed the state")

    strings = [state.action_to_string(a) for a in legal]
    for p in (0, 1):
        c = state.clone()
        seen, view = c.observation_tensor(p), c.to_dict(p)
        c.resample_hidden(p, Rng(rng.next64()))
        leaked = np.flatnonzero(c.observation_tensor(p) != seen)
        _require(
            leaked.size == 0,
            f"resample_hidden({p}) changed observation_tensor({p}) at indices "
            f"{leaked[:20].tolist()}: it depends on something player {p} cannot see",
        )
        _same(c.to_dict(p), view, f"resample_hidden({p}) changed to_dict({p}), the view of player {p}")
        _check_invariants(c)
        if p == player:
            _require(
                c.legal_actions() == legal,
                f"resample_hidden({p}) changed the legal actions of the player to move: {legal} -> {c.legal_actions()}",
            )
            _require(
                [c.action_to_string(a) for a in legal] == strings,
                f"resample_hidden({p}) changed the action strings of the player to move",
            )
            c.apply_action(action)  # determinized search plays on resampled states
            _check_invariants(c)

    _same(_snapshot(state), before, "resampling clones changed the original (clone not independent)")
    return expected


def _check_end(game, state, seed: int, actions: list[int], max_length: int) -> None:
    _require(
        state.current_player() == TERMINAL_PLAYER,
        f"current_player() is {state.current_player()} at the end, not {TERMINAL_PLAYER}",
    )
    _require(state.legal_actions() == [], f"legal actions at the end: {state.legal_actions()}")
    _require(not state.legal_actions_mask().any(), "legal_actions_mask() not all False at the end")
    returns = [float(r) for r in state.returns()]
    _require(returns in ALLOWED_RETURNS, f"returns {returns} not one of {ALLOWED_RETURNS}")
    for p in (0, 1):
        _check_observation(game, state, p)
    _check_invariants(state)
    try:
        state.apply_action(0)
    except ValueError:
        pass
    else:
        raise _Violation("an action was accepted after the end")
    _require(len(actions) <= max_length, f"{len(actions)} decisions > max_game_length() {max_length}")
    history = getattr(state, "history", None)
    if history is not None:
        _require(list(history) == actions, "state.history differs from the actions applied")
    again = game.new_initial_state(seed)
    for a in actions:
        again.apply_action(a)
    _require(again.is_terminal(), "replaying the actions from the seed does not end the game")
    _same(_snapshot(again), _snapshot(state), "replay from (seed, actions) reached a different end")


def _game_name(game) -> str:
    return getattr(game, "name", type(game).__module__)


def check_random_games(
    game,
    n_games: int,
    seed: int = 0,
    *,
    sample_rate: float = 1.0,
    illegal_samples: int = 3,
    concede_prob: float = 0.01,
) -> SimStats:
    """Play ``n_games`` random games (seeds ``seed``, ``seed + 1``, ...) checking the
    contract after every step; return what was played.

    ``sample_rate`` is the fraction of steps given the expensive checks (clone equality
    and independence, every legal action applied on a clone, ``illegal_samples``
    masked-out actions, hidden-information resampling); 1.0 for cheap games, a few
    percent for real ones so 1,000+ games fit in a CI run. Raises ``AssertionError``
    with game seed, step and actions so far on the first violation.
    """
    stats = SimStats()
    t0 = time.perf_counter()
    max_length = game.max_game_length() if hasattr(game, "max_game_length") else FALLBACK_MAX_LENGTH
    for g in range(n_games):
        game_seed = seed + g
        policy, checks = _rngs(game_seed)
        actions: list[int] = []
        stage = "new_initial_state"
        try:
            state = game.new_initial_state(game_seed)
            while not state.is_terminal():
                stage = "checks"
                _require(len(actions) < max_length, f"not over after max_game_length() = {max_length} decisions")
                _check_step(game, state)
                action = random_action(state, policy, concede_prob)
                expected = None
                if checks.next64() < sample_rate * 2.0**64:
                    stage = "deep checks"
                    expected = _deep_check(game, state, action, checks, illegal_samples)
                    stats.sampled_steps += 1
                stage = f"apply_action({action})"
                state.apply_action(action)
                actions.append(action)
                if expected is not None:
                    _same(
                        _snapshot(state),
                        _snapshot(expected),
                        f"action {action} applied to a clone and to the original gives different states",
                    )
            stage = "end checks"
            _check_end(game, state, game_seed, actions, max_length)
        except Exception as e:
            what = str(e) if isinstance(e, _Violation) else f"{type(e).__name__}: {e}"
            raise AssertionError(
                f"{_game_name(game)}: seed {game_seed}, step {len(actions)} ({stage}): {what}\n"
                f"  actions so far: {actions}\n"
                f"  reproduce: check_random_games(game, 1, seed={game_seed}, sample_rate={sample_rate}, "
                f"illegal_samples={illegal_samples}, concede_prob={concede_prob}), or replay the actions "
                f"from new_initial_state({game_seed})"
            ) from e
        stats.games += 1
        stats.decisions += len(actions)
        stats.longest = max(stats.longest, len(actions))
        returns = state.returns()
        if returns[0] == returns[1]:
            stats.draws += 1
        else:
            stats.wins[0 if returns[0] > 0 else 1] += 1
        concede = getattr(state, "CONCEDE", None)
        if concede is not None and getattr(state, "concession", False) and actions[-1:] == [concede]:
            stats.concessions += 1
    stats.seconds = time.perf_counter() - t0
    return stats


# ---- golden playthroughs ---------------------------------------------------------------
def _tensor_text(o: np.ndarray) -> str:
    """Nonzero entries as ``index:value`` (6 decimals): compact and stable to diff."""
    return " ".join(f"{i}:{round(float(o[i]), 6)!r}" for i in np.flatnonzero(o))


def _indented(text: str) -> str:
    return "\n".join("  " + line for line in text.splitlines())


def regenerate_command(name: str) -> str:
    return f"python tests/harness.py --regenerate {name}"


def playthrough(game_name: str, game_kwargs: dict[str, Any], seed: int) -> str:
    """The text record of every API output of one seeded random game (never conceding)."""
    game = make_game(game_name, **game_kwargs)
    state = game.new_initial_state(seed)
    policy, _ = _rngs(seed)
    out = [
        f"# golden playthrough of {game_name}: every API output of a seeded random game",
        f"# regenerate after an intended change: {regenerate_command(game_name)}",
        f"game: {game_name}",
        f"game_kwargs: {json.dumps(game_kwargs, sort_keys=True)}",
        f"seed: {seed}",
        f"num_distinct_actions: {game.num_distinct_actions()}",
        f"observation_size: {game.observation_size()}",
    ]
    if hasattr(game, "max_game_length"):
        out.append(f"max_game_length: {game.max_game_length()}")
    step = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        action = random_action(state, policy, concede_prob=0.0)
        record = [
            f"current_player: {state.current_player()}",
            f"legal_actions: {legal}",
            f"action_strings: {json.dumps([state.action_to_string(a) for a in legal], ensure_ascii=False)}",
            f"observation_tensor(0): {_tensor_text(state.observation_tensor(0))}",
            f"observation_tensor(1): {_tensor_text(state.observation_tensor(1))}",
            "state:",
            _indented(str(state)),
        ]
        if step < GOLDEN_FULL_STEPS:
            out += ["", f"== step {step}", *record, f"action: {action} ({state.action_to_string(action)})"]
        else:  # one line: who chose what, and a digest of everything the full record would show
            if step == GOLDEN_FULL_STEPS:
                out += ["", f"# from step {GOLDEN_FULL_STEPS} on: one line a step, its record as a digest"]
            digest = hashlib.sha1("\n".join(record).encode()).hexdigest()[:16]
            out.append(
                f"== step {step} p{state.current_player()} action {action} "
                f"({state.action_to_string(action)}) digest {digest}"
            )
        state.apply_action(action)
        step += 1
    out += [
        "",
        "== end",
        f"returns: {[float(r) for r in state.returns()]}",
        f"observation_tensor(0): {_tensor_text(state.observation_tensor(0))}",
        f"observation_tensor(1): {_tensor_text(state.observation_tensor(1))}",
        "state:",
        _indented(str(state)),
        f"to_dict: {json.dumps(state.to_dict(), sort_keys=True, ensure_ascii=False)}",
    ]
    return "\n".join(out) + "\n"


def write_playthrough(game_name: str, game_kwargs: dict[str, Any], seed: int, path: str | Path) -> Path:
    """Record ``playthrough(...)`` to ``path`` (UTF-8); returns the path."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(playthrough(game_name, game_kwargs, seed), encoding="utf-8")
    return path


def golden_path(name: str) -> Path:
    return GOLDEN_DIR / f"{name}.txt"


def regenerate(name: str) -> Path:
    g = GOLDEN[name]
    return write_playthrough(name, g.kwargs, g.seed, golden_path(name))


def check_golden(name: str, max_diff_lines: int = 80) -> None:
    """Diff a fresh playthrough of ``name`` against its golden file; on a mismatch raise
    ``AssertionError`` with the first changed step, a unified diff and the command that
    regenerates the file."""
    if name not in GOLDEN:
        raise AssertionError(
            f"no golden config for {name!r}: add a line to GOLDEN in tests/harness.py, "
            f"then run {regenerate_command(name)}"
        )
    path = golden_path(name)
    if not path.exists():
        raise AssertionError(f"golden file {path} is missing: run {regenerate_command(name)}")
    g = GOLDEN[name]
    expected = path.read_text(encoding="utf-8").splitlines()
    actual = playthrough(name, g.kwargs, g.seed).splitlines()
    if expected == actual:
        return
    first = next((i for i, (x, y) in enumerate(zip(expected, actual)) if x != y), min(len(expected), len(actual)))
    where = next((line for line in reversed(expected[: first + 1]) if line.startswith("== ")), "the header")
    diff = list(difflib.unified_diff(expected, actual, f"{path.name} (golden)", "fresh playthrough", lineterm="", n=2))
    shown = diff[:max_diff_lines] + (
        [f"... {len(diff) - max_diff_lines} more diff lines"] if len(diff) > max_diff_lines else []
    )
    raise AssertionError(
        f"golden playthrough of {name} changed, first at {where.strip('= ') or 'the header'} "
        f"(line {first + 1} of {path}).\n"
        f"If the change is intended, regenerate and review it with git diff:\n"
        f"    {regenerate_command(name)}\n\n" + "\n".join(shown)
    )


# ---- command line ----------------------------------------------------------------------
def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument(
        "--regenerate",
        nargs="+",
        metavar="GAME",
        help="rewrite the golden playthrough of these games ('all': every game in GOLDEN)",
    )
    ap.add_argument(
        "--simulate",
        nargs="+",
        metavar="GAME",
        help="run the random-simulation checks on these games ('all': GAMES_UNDER_TEST)",
    )
    ap.add_argument("--games", type=int, default=1000, help="games per simulated game (default 1000)")
    ap.add_argument("--seed", type=int, default=0, help="first game seed (default 0)")
    ap.add_argument(
        "--rate",
        type=float,
        default=None,
        help="sample rate of the expensive checks (default: the game's SIM_CONFIGS entry)",
    )
    args = ap.parse_args(argv)
    if not (args.regenerate or args.simulate):
        ap.error("nothing to do: give --regenerate and/or --simulate")
    for name in sorted(GOLDEN) if args.regenerate == ["all"] else args.regenerate or []:
        if name not in GOLDEN:
            ap.error(f"no golden config for {name!r}; known: {sorted(GOLDEN)} (add a line to GOLDEN)")
        print(f"wrote {regenerate(name)}")
    for name in GAMES_UNDER_TEST if args.simulate == ["all"] else args.simulate or []:
        cfg = sim_config(name)
        rate = cfg.sample_rate if args.rate is None else args.rate
        stats = check_random_games(make_game(name, **cfg.kwargs), args.games, args.seed, sample_rate=rate)
        print(f"{name}: {stats}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
