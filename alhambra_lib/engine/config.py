"""What a game is set up with: players, options and modules, validated once.

`GameConfig` is the one place for the limits of the game: 2 to 6 players, Dirk in
exactly the two-player game (RULES.md §10), the three scoring rounds, the end
triggers and hole rules, and which Mega Box modules are on (kept in the rulebook's
order M1..M16 whatever order they were given in).

Examples
--------
>>> c = GameConfig.make(["Ana", "Ben"], modules=("bonus_cards", "vizier"))
>>> c.dirk, c.modules, c.competitors
(True, ('vizier', 'bonus_cards'), ('Ana', 'Ben', 'Dirk'))
>>> GameConfig.make(["Ana", "Ben"], modules=("wizards",))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: unknown module 'wizards': the modules are vizier, exchange, bonus_cards...
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ..actions import DIRK
from ..alhambra import HOLE_RULES
from ..components import ROUNDS

__all__ = ["GameConfig", "MIN_PLAYERS", "MAX_PLAYERS", "ROUNDS", "END_TRIGGERS", "has_dirk",
           "dirk_gift_size"]

MIN_PLAYERS = 2
MAX_PLAYERS = 6
#: The end-of-game triggers (RULES.md §9, §11).
END_TRIGGERS = ("market_short", "bag_empty")


def has_dirk(players: int) -> bool:
    """Whether Dirk plays: in the two-player game, and only there (RULES.md §10)."""
    return players == 2


#: Tiles Dirk draws at the setup (round 0 below) and after the first scoring (§10).
_DIRK_FIXED_GIFTS = {0: 6, 1: 6}


def dirk_gift_size(round_no: int, bag_size: int) -> int:
    """Tiles Dirk draws from a bag of `bag_size` at the setup (`round_no` 0) or after
    scoring round `round_no` (RULES.md §10): six at the setup, six after the first
    scoring, then a third of the bag, rounded down; never more than the bag holds.

    Examples
    --------
    >>> dirk_gift_size(0, 54), dirk_gift_size(1, 40), dirk_gift_size(2, 31), dirk_gift_size(1, 4)
    (6, 6, 10, 4)
    """
    return min(_DIRK_FIXED_GIFTS.get(round_no, bag_size // 3), bag_size)


@dataclass(frozen=True)
class GameConfig:
    """The players, options and modules of one game (see `GameConfig.make`)."""

    players: tuple
    end_trigger: str = "market_short"
    hole_rule: str = "enclosed"
    modules: tuple = ()
    #: ``((option, value), ...)``: every option of the modules in play, in name order.
    module_options: tuple = ()

    @classmethod
    def make(cls, players: Iterable[str], *, end_trigger: str = "market_short",
             hole_rule: str = "enclosed", modules: Iterable[str] = (),
             **module_options: Any) -> GameConfig:
        """Check everything and return the config; ValueError/TypeError say what is wrong.

        `module_options` are the modules' readings where the rules are unclear (e.g.
        ``merchant_final_only=True``, RULES.md §M12): each belongs to one module and is
        refused unless that module is on.
        """
        modules = resolve_modules(modules)
        return cls(_check_names(players), _check_option("end_trigger", end_trigger, END_TRIGGERS),
                   _check_option("hole_rule", hole_rule, HOLE_RULES), modules,
                   _check_module_options(modules, module_options))

    @property
    def dirk(self) -> bool:
        return has_dirk(len(self.players))

    @property
    def competitors(self) -> tuple:
        """Everyone who scores: the players, and Dirk in a two-player game."""
        return self.players + ((DIRK,) if self.dirk else ())

    @property
    def options(self) -> dict:
        """The base options and every option of the modules in play."""
        return {"end_trigger": self.end_trigger, "hole_rule": self.hole_rule,
                **dict(self.module_options)}


def module_option_owners() -> dict:
    """``{option: module name}`` for every option any module has."""
    from ..modules import MODULES

    return {option: name for name, module in MODULES.items() for option in module.option_defaults}


def _check_module_options(modules: tuple[str, ...], given: Mapping[str, Any]) -> tuple:
    from ..modules import MODULES

    owners = module_option_owners()
    for option, value in given.items():
        if option not in owners:
            raise TypeError(f"unknown option {option!r}: the modules' options are "
                            f"{', '.join(sorted(owners)) or 'none'}")
        if owners[option] not in modules:
            raise ValueError(f"{option} is an option of the {owners[option]} module, which is "
                             "not in play")
        if not isinstance(value, bool):
            raise TypeError(f"{option} is True or False, got {value!r}")
    chosen = {option: given.get(option, default) for name in modules
              for option, default in MODULES[name].option_defaults.items()}
    return tuple(sorted(chosen.items()))


def resolve_modules(names: Iterable[str]) -> tuple[str, ...]:
    """The module names in the rulebook's order; unknown names and duplicates refused."""
    from ..modules import MODULES

    if isinstance(names, str):
        raise TypeError(f"modules is a sequence of names, not one string: {names!r}")
    names = tuple(names)
    for name in names:
        if name not in MODULES:
            raise ValueError(f"unknown module {name!r}: the modules are {', '.join(MODULES)}")
    if len(set(names)) != len(names):
        raise ValueError(f"a module is named twice in {list(names)}")
    return tuple(name for name in MODULES if name in names)


def _check_names(players: Iterable[str]) -> tuple[str, ...]:
    if isinstance(players, str):
        raise TypeError("players is a list of names, not one string")
    names = tuple(players)
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise ValueError(f"Alhambra is for {MIN_PLAYERS} to {MAX_PLAYERS} players, "
                         f"got {len(names)}")
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise ValueError(f"a player's name is a non-empty string, got {name!r}")
        if name == DIRK:
            raise ValueError(f"{DIRK!r} is the neutral player of the two-player game, "
                             "not a valid name for a real player")
    if len(set(names)) != len(names):
        raise ValueError(f"player names must differ, got {list(names)}")
    return names


def _check_option(name: str, value: str, allowed: Iterable[str]) -> str:
    if value not in allowed:
        raise ValueError(f"unknown {name} {value!r}: expected one of {', '.join(allowed)}")
    return value
