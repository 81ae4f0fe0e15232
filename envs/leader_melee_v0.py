"""PettingZoo AEC env of Leader Melee; layouts in ``tcgzoo.envs.leader_melee``."""

from .core.aec import make_env_api
from .leader_melee import Game
from .leader_melee import __doc__ as _doc

env, raw_env = make_env_api("leader_melee_v0", Game, _doc)
