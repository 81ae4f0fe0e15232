"""PettingZoo AEC env of Ninja Slayer TCG; layouts in ``tcgzoo.envs.ninja_slayer``."""
from .ninja_slayer import Game, __doc__ as _doc
from .core.aec import make_env_api

env, raw_env = make_env_api("ninja_slayer_v0", Game, _doc)
