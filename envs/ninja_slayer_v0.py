"""PettingZoo AEC env of Ninja Slayer TCG; layouts in ``tcgzoo.envs.ninja_slayer``."""

from .core.aec import make_env_api
from .ninja_slayer import Game
from .ninja_slayer import __doc__ as _doc

env, raw_env = make_env_api("ninja_slayer_v0", Game, _doc)
