"""alhambra_lib: the rules of Alhambra (Dirk Henn, Queen Games 2003) as code.

The rules core (tiles, the Alhambra on a networkx grid graph, walls, majorities)
imports only the standard library and networkx.

Examples
--------
>>> from alhambra_lib import Alhambra, Tile
>>> a = Alhambra()
>>> a.check(Tile("garden", 8, "NE"), (0, -1)).reasons
('walls_mismatch', 'unreachable')
>>> a.place(Tile("garden", 8, "NE"), (0, 1))
>>> a.counts()["garden"], a.longest_wall()
(1, 2)
"""

from .actions import Action, Buy, Decline, End, Give, Place, Redesign, Reserve, Take
from .alhambra import HOLE_RULES, REASONS, Alhambra, Verdict
from .components import (
    BUILDING_TILES,
    CURRENCIES,
    FOUNTAIN,
    KINDS,
    Card,
    ExchangeCard,
    ScoringCard,
    Tile,
    money_deck,
    place_points,
)
from .engine import Decision, Game
from .errors import (
    AlhambraError,
    IllegalAction,
    IllegalPlacement,
    InvalidInput,
    InvalidSave,
    InvalidScore,
    Unsupported,
)
from .modules import MODULES
from .scoring import (
    Award,
    ScoreBreakdown,
    explain_majorities,
    majority_awards,
    score_majorities,
    score_round,
)

from .sim import core_info

__version__ = "0.1.0"

__all__ = [
    "AlhambraError",
    "IllegalAction",
    "IllegalPlacement",
    "InvalidInput",
    "InvalidSave",
    "InvalidScore",
    "Unsupported",
    "core_info",
    "MODULES",
    "Alhambra",
    "Verdict",
    "REASONS",
    "HOLE_RULES",
    "Tile",
    "Card",
    "ScoringCard",
    "ExchangeCard",
    "FOUNTAIN",
    "BUILDING_TILES",
    "KINDS",
    "CURRENCIES",
    "money_deck",
    "place_points",
    "Award",
    "majority_awards",
    "score_majorities",
    "explain_majorities",
    "ScoreBreakdown",
    "score_round",
    "Game",
    "Decision",
    "Action",
    "Take",
    "Buy",
    "End",
    "Place",
    "Reserve",
    "Give",
    "Redesign",
    "Decline",
]
