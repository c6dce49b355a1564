"""The game engine: configuration, composition, the decision stack, `Game`, saving,
views, a game sampled from a view (`determinize`) and narration (one concept per module).

Examples
--------
>>> from alhambra_lib.engine import Game
>>> Game(["Ana", "Ben", "Cy"], seed=7).decision
Decision('act', 'Ana')
"""

from .composition import Composition, composition
from .config import END_TRIGGERS, MAX_PLAYERS, MIN_PLAYERS, ROUNDS, GameConfig
from .decisions import Decision
from .game import Game, Phase
from .narration import describe_event, scoring_parts
from .sampling import determinize
from .view import GameView

__all__ = ["Game", "GameView", "GameConfig", "Composition", "composition", "Decision", "Phase",
           "determinize", "describe_event", "scoring_parts", "END_TRIGGERS", "MAX_PLAYERS",
           "MIN_PLAYERS", "ROUNDS"]
