"""tcgzoo's games: a rules core per game (``tcgzoo.envs.<game>``) and its PettingZoo
AEC environment (``tcgzoo.envs.<game>_v0``), over one shared kernel (``tcgzoo.envs.core``).
"""
from __future__ import annotations

import importlib

from .core.errors import UnknownNameError

#: game name -> core module; every module offers ``Game`` (see shared game contract)
GAMES = {
    "battle_spirits": "tcgzoo.envs.battle_spirits",
    "leader_melee": "tcgzoo.envs.leader_melee",
    "ninja_slayer": "tcgzoo.envs.ninja_slayer",
}


def game_module(name: str):
    if name not in GAMES:
        raise UnknownNameError("game", name, GAMES)
    return importlib.import_module(GAMES[name])


def load_game(name: str, **kwargs):
    """``load_game("battle_spirits", decks=[...])`` -> that game's ``Game``."""
    return game_module(name).Game(**kwargs)


def make_env(name: str, **kwargs):
    """The wrapped PettingZoo AEC env of a game, as ``<game>_v0.env(**kwargs)``."""
    if name not in GAMES:
        raise UnknownNameError("game", name, GAMES)
    return importlib.import_module(GAMES[name] + "_v0").env(**kwargs)
