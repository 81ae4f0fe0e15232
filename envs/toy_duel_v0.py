"""PettingZoo AEC env of Toy Duel, the kernel's reference game (see ``tcgzoo.envs.toy_duel``)."""

from .core.aec import make_env_api
from .toy_duel import Game
from .toy_duel import __doc__ as _doc

env, raw_env = make_env_api("toy_duel_v0", Game, _doc)
