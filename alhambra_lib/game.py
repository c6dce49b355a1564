"""The game engine under its first import path: `alhambra_lib.engine` holds it.

Kept so that ``from alhambra_lib.game import Game, IllegalAction, describe_event``
goes on working.
"""

from .engine import END_TRIGGERS, Game, GameView, Phase, describe_event
from .errors import IllegalAction

__all__ = ["Game", "GameView", "IllegalAction", "Phase", "END_TRIGGERS", "describe_event"]
