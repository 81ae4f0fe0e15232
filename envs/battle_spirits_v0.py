"""PettingZoo AEC env of Battle Spirits (Standard); layouts in ``tcgzoo.envs.battle_spirits``."""

from .battle_spirits import Game
from .battle_spirits import __doc__ as _doc
from .core.aec import make_env_api

env, raw_env = make_env_api("battle_spirits_v0", Game, _doc)
