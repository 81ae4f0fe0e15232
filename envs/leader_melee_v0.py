"""PettingZoo AEC env of Leader Melee; layouts in ``tcgzoo.envs.leader_melee``."""
from .leader_melee import Game, __doc__ as _doc
from .core.aec import make_env_api

env, raw_env = make_env_api("leader_melee_v0", Game, _doc)
