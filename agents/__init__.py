"""tcgzoo's agents and arena, written against the shared game contract only.

- ``base``: the ``Agent`` protocol (``act(state, player)``, ``reset(seed)``) and the
  registry of agent specs (``make_agent("mcts:300", "toy_duel")``);
- ``random_agent``, ``search`` (determinized MCTS), ``heuristic`` (one per game),
  ``policy`` (trained policies from files);
- ``arena`` (match series, round robin, gauntlet, adaptive deck win rates, parallel and
  resumable), ``store`` (SQLite), ``stats`` (Wilson intervals, matchup matrix),
  ``ratings`` (Elo, OpenSkill), ``report`` (tables, CSV, JSON, heatmap), ``cli``.
"""

from .base import Agent, ConfigError, agent_names, make_agent, register_agent

__all__ = ["Agent", "ConfigError", "agent_names", "make_agent", "register_agent"]
