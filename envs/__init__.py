"""tcgzoo's games: a rules core per game (``tcgzoo.envs.<game>``) and its PettingZoo
AEC environment (``tcgzoo.envs.<game>_v0``), over one shared kernel (``tcgzoo.envs.core``).

The games are registered in the entry point group ``tcgzoo.games`` and served by
``tcgzoo.envs.core.registry`` (re-exported here), so another package can add a game.
"""

from __future__ import annotations

from .core.registry import GameTable, game_module, game_names, load_game, make_env

#: game name -> core module path, of the games (the reference game Toy Duel left out);
#: read from the registry on first use. Every core module offers ``Game`` (the game contract).
GAMES = GameTable()

__all__ = ["GAMES", "game_module", "game_names", "load_game", "make_env"]
