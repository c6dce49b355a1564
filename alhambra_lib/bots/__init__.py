"""Players that choose actions: the `Bot` protocol, random, greedy, strategic and search bots,
`play`.

`BOTS` names the bots (`make_bot` makes one by name): the command line and
`alhambra_lib.analysis.tournament` both read it.

A bot sees only what its player may see (a `GameView`) and the list of legal
actions, and returns one of them. `play` runs a game to the end with one bot per
seat.

Examples
--------
>>> from alhambra_lib import Game
>>> game = play(Game(["Ana", "Ben", "Cy"], seed=1), [GreedyBot(), RandomBot(2), RandomBot(3)])
>>> game.is_over, len(game.winners) >= 1
(True, True)
"""

from .base import KNOWN_KINDS, Bot, bot_moves, known_actions, play
from .greedy import GreedyBot
from .random_bot import RandomBot
from .registry import BOTS, make_bot
from .search import SearchBot
from .strategic import BalancedBot, MajorityHunter, StrategicBot, WallBuilder, Weights

__all__ = ["Bot", "RandomBot", "GreedyBot", "play", "bot_moves", "StrategicBot", "Weights", "WallBuilder",
           "MajorityHunter", "BalancedBot", "SearchBot", "BOTS", "make_bot", "KNOWN_KINDS",
           "known_actions"]
