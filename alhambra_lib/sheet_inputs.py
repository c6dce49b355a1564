"""What a score sheet asks for each Mega Box module, and how it feeds the scoring.

A table game with modules is scored from more than the counts and walls: bonus cards
and huts add to the counts for majorities, camps, citizens, chests, bazaars and the
invaders add terms of their own (RULES.md §M0.17). Each module contributes one
`SheetModule` to the table `SHEET_MODULES`: the inputs a person counts at the table
(`SheetInput`: a name, the words that ask for it, its shape) and how they feed
`alhambra_lib.scoring.score_round`, the function `Game` scores with: extra counts
(`SheetModule.count_bonus`) or the module's terms (`SheetModule.terms`). The scoring
arithmetic is the modules' own (`best_grouping`, `share_places`, `attack_penalty`), so a
sheet scores exactly as the engine does. `alhambra_lib.score_sheet.ScoreSheet` checks and
scores the inputs; `alhambra_lib.widgets.ScoreKeeper` draws a box for each.

Adding a module's inputs is its ``sheet`` attribute (`alhambra_lib.modules.base.Module`);
`SHEET_MODULES` is a live view of the registry. What each module asks, and
the decisions behind it, are in RULES.md §M0.19.

Examples
--------
>>> [i.name for i in SHEET_MODULES["invaders"].inputs]
['attack', 'unprotected']
>>> SHEET_MODULES["bazaars"].inputs[0].check([(4, 3), "2x1"], "Ana")
((4, 3), (2, 1))
>>> SHEET_MODULES["vizier"].inputs, SHEET_MODULES["vizier"].terms
((), ())
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .components import KINDS, ROUNDS
from .errors import InvalidScore, brief
from .grid import SIDES
from .i18n import N_, _, ngettext

__all__ = ["SHAPES", "SHEET_MODULES", "SIDE_NAMES", "WISE_MAN_BONUS", "PlayerTiles", "RoundEntry",
           "SheetInput", "SheetModule", "each_player"]

#: The shapes of an input's value (a missing value is `SheetInput.empty`).
SHAPES = {
    "by_type": "{type: n} for the six building types",
    "by_side": "{direction: n} for N, E, S, W",
    "number": "a whole number >= 0",
    "pairs": "a list of (n, k), e.g. [(4, 3), (2, 1)] or the text '4x3, 2x1'",
    "flag": "True or False",
    "kind": "a building type, or None",
    "side": "one of N, E, S, W",
}
#: The four directions in words.
SIDE_NAMES = {"N": N_("north"), "E": N_("east"), "S": N_("south"), "W": N_("west")}
#: The most neighbours a bazaar counts (8 cells around it) and types it scores (3).
_BAZAAR_NEIGHBOURS, _BAZAAR_TYPES, _BAZAARS = 8, 3, 8
_PAIR = re.compile(r"^\s*(\d+)\s*[x×*]\s*(\d+)\s*$")
#: The most digits (past leading zeros) of a number typed as text: far more than any
#: count of the game, far fewer than Python reads into an int (4,300, a ValueError past).
_MOST_DIGITS = 9


def _typed_number(digits: str, what: str) -> int:
    """The number written by `digits` (a match of ``\\d+``), or `InvalidScore` when it has
    more digits than any count of the game.

    Examples
    --------
    >>> _typed_number("007", "bazaars")
    7
    >>> _typed_number("1" * 5000, "bazaars")
    Traceback (most recent call last):
    ...
    alhambra_lib.errors.InvalidScore: bazaars: a number of 5000 digits is more than the game allows
    """
    significant = digits.lstrip("0") or "0"
    if len(significant) > _MOST_DIGITS:
        raise InvalidScore(_("{what}: a number of {n} digits is more than the game allows")
                           .format(what=what, n=len(significant)))
    return int(significant)


@dataclass(frozen=True)
class PlayerTiles:
    """The tiles that bound a player's entries: their buildings as counted on the sheet,
    and the most tiles of the modules in play that the sheet does not count (huts,
    camps, bazaars: `SheetModule.tiles`).

    Examples
    --------
    >>> tiles = PlayerTiles({"tower": 3, "garden": 2})
    >>> tiles.building_count, tiles.outer_sides, tiles.text
    (5, 14, '5 buildings and the fountain')
    >>> PlayerTiles({"tower": 1}, others=8).text
    '1 building, the fountain and at most 8 tiles of the modules in play'
    """

    buildings: Mapping[str, int]
    others: int = 0

    @property
    def building_count(self) -> int:
        return sum(self.buildings.values())

    @property
    def outer_sides(self) -> int:
        """The most tile sides with an empty cell beyond, hence the longest wall: the
        Alhambra's m cells (the fountain, the buildings, the others) are joined, so at
        least m - 1 pairs of them touch, each pair hiding two of the 4 m sides: at most
        2 m + 2 are left."""
        return 2 * (1 + self.building_count + self.others) + 2

    @property
    def text(self) -> str:
        """The tiles in words, for a refusal."""
        n = self.building_count
        if not self.others:
            return ngettext("{n} building and the fountain", "{n} buildings and the fountain",
                            n).format(n=n)
        buildings = ngettext("{n} building", "{n} buildings", n).format(n=n)
        return ngettext("{buildings}, the fountain and at most {n} tile of the modules in play",
                        "{buildings}, the fountain and at most {n} tiles of the modules in play",
                        self.others).format(buildings=buildings, n=self.others)


def _whole(n, what):
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise InvalidScore(_("{what} must be a whole number >= 0, got {value}").format(
            what=what, value=brief(n, 40)))
    return n


@dataclass(frozen=True)
class SheetInput:
    """One thing the sheet asks about a scoring round.

    Attributes
    ----------
    name : str
        The key of the input in `ScoreSheet.record`'s ``inputs``.
    label : str
        A short heading, in words for people at the table.
    help : str
        One sentence: what to count on the table.
    shape : str
        One of `SHAPES`.
    maximum : int or mapping
        The most one number may be (per type with a mapping ``{type: n}``).
    total : int or None
        The most a player's numbers may add up to.
    per_player : bool
        One value per real player (Dirk takes no part in the modules, RULES.md §M0.18),
        or one for the whole table (the attack direction).
    rounds : tuple of int
        The scorings that ask for it; in the others it must stay empty.
    one_holder : bool
        At most one player has a value other than empty (one card of it in the game).
    limit : callable or None
        ``limit(value, tiles, who)``: a player's checked value against their tiles
        (`PlayerTiles`): None when it fits, else ``(part at fault or None, the refusal
        in a sentence)``.
    box_total : int or mapping or None
        The pieces of it in the box (per type with a mapping): the most all the players'
        values together may add up to.
    """

    name: str
    label: str
    help: str
    shape: str
    maximum: int | Mapping = 99
    total: int | None = None
    per_player: bool = True
    rounds: tuple = ROUNDS
    one_holder: bool = False
    limit: Callable[[Any, PlayerTiles, str], tuple[str | None, str] | None] | None = None
    box_total: int | Mapping | None = None

    def empty(self):
        """The value of an input left out: zeros, nothing, or no choice (None)."""
        return {"by_type": dict.fromkeys(KINDS, 0), "by_side": dict.fromkeys(SIDES, 0),
                "number": 0, "pairs": (), "flag": False, "kind": None,
                "side": None}[self.shape]

    def _most(self, part):
        return self.maximum.get(part, 0) if isinstance(self.maximum, Mapping) else self.maximum

    def check(self, value, who=""):
        """The value in its plain form (dicts complete, pairs as tuples), or `InvalidScore`.

        Examples
        --------
        >>> SHEET_MODULES["squares"].inputs[0].check({"garden": 2}, "Ana")["garden"]
        2
        >>> SHEET_MODULES["squares"].inputs[0].check({"green": 2}, "Ana")
        Traceback (most recent call last):
        ...
        alhambra_lib.errors.InvalidScore: huts' neighbours of Ana: unknown type 'green'; \
the types are pavilion, seraglio, arcades, chambers, garden, tower
        """
        what = _("{input} of {player}").format(input=_(self.label), player=who) if who \
            else _(self.label)
        if value is None:
            return self.empty()
        if self.shape in ("by_type", "by_side"):
            return self._check_parts(value, what)
        if self.shape == "number":
            return self._check_most(_whole(value, what), None, what)
        if self.shape == "pairs":
            return self._check_pairs(value, what)
        if self.shape == "flag":
            if not isinstance(value, bool):
                raise InvalidScore(_("{what} is True or False, got {value}").format(
                    what=what, value=brief(value)))
            return value
        choices = KINDS if self.shape == "kind" else SIDES
        if value not in choices:
            raise InvalidScore(_("{what}: {value} is none of {choices}").format(
                what=what, value=brief(value), choices=", ".join(choices)))
        return value

    def _check_most(self, n, part, what):
        most = self._most(part)
        if n > most:
            raise InvalidScore(_("{what}: {value} is more than the game allows ({most})").format(
                what=what, value=brief(n, 40), most=most))
        return n

    def _check_parts(self, value, what):
        parts = KINDS if self.shape == "by_type" else SIDES
        if not isinstance(value, Mapping):
            raise InvalidScore(_("{what} maps each of {parts} to a number, got {kind} {value}")
                               .format(what=what, parts=", ".join(parts),
                                       kind=type(value).__name__, value=brief(value, 40)))
        unknown = [part for part in value if part not in parts]
        if unknown:
            refusal = (_("{what}: unknown type {value}; the types are {parts}")
                       if self.shape == "by_type" else
                       _("{what}: unknown direction {value}; the directions are {parts}"))
            raise InvalidScore(refusal.format(what=what, value=brief(unknown[0]),
                                              parts=", ".join(parts)))
        full = {part: self._check_most(_whole(value.get(part, 0), f"{what} ({part})"), part,
                                       what) for part in parts}
        if self.total is not None and sum(full.values()) > self.total:
            raise InvalidScore(_("{what}: {n} in all is more than the game allows ({most})")
                               .format(what=what, n=sum(full.values()), most=self.total))
        return full

    def _check_pairs(self, value, what):
        if isinstance(value, str):
            value = [part for part in re.split(r"[,;]|\s{2,}", value) if part.strip()]
        if not isinstance(value, (list, tuple)):
            raise InvalidScore(_("{what} is a list of (n, k), one per bazaar, got {value}")
                               .format(what=what, value=brief(value, 40)))
        pairs = []
        for pair in value:
            if isinstance(pair, str):
                match = _PAIR.match(pair)
                if not match:
                    raise InvalidScore(_("{what}: {value} is not n x k, e.g. 4x3").format(
                        what=what, value=repr(pair.strip())))
                pair = (_typed_number(match[1], what), _typed_number(match[2], what))
            if not (isinstance(pair, (list, tuple)) and len(pair) == 2):
                raise InvalidScore(_("{what}: {value} is not a pair (n, k)").format(
                    what=what, value=brief(pair)))
            n, k = (_whole(x, what) for x in pair)
            if n > _BAZAAR_NEIGHBOURS or k > min(n, _BAZAAR_TYPES) or (n > 0) != (k > 0):
                raise InvalidScore(_("{what}: {n}x{k} cannot be: a bazaar has at most "
                                     "{neighbours} neighbours, of at most {types} types, and k is "
                                     "0 only when n is").format(
                    what=what, n=brief(n, 40), k=brief(k, 40), neighbours=_BAZAAR_NEIGHBOURS,
                    types=_BAZAAR_TYPES))
            pairs.append((n, k))
        if len(pairs) > _BAZAARS:
            raise InvalidScore(_("{what}: {n} bazaars; the game has {most}").format(
                what=what, n=len(pairs), most=_BAZAARS))
        return tuple(pairs)

    def csv_columns(self):
        """The CSV columns of this input: one per type or direction, else one."""
        if self.shape in ("by_type", "by_side"):
            parts = KINDS if self.shape == "by_type" else SIDES
            return tuple(f"{self.name}_{part}" for part in parts)
        return (self.name,)

    def csv_values(self, value):
        """``{column: cell}`` of a checked value (pairs as ``"4x3 2x1"``, flags 0/1)."""
        if self.shape in ("by_type", "by_side"):
            return {f"{self.name}_{part}": n for part, n in value.items()}
        if self.shape == "pairs":
            return {self.name: " ".join(f"{n}x{k}" for n, k in value)}
        if self.shape == "flag":
            return {self.name: int(value)}
        return {self.name: "" if value is None else value}


@dataclass(frozen=True)
class RoundEntry:
    """What one scoring of a sheet holds, as the module entries read it.

    Attributes
    ----------
    round_no : int
    players : tuple of str
        The real players (Dirk, who takes no part in the modules, left out).
    walls : mapping
        ``{player: longest wall}``.
    values : mapping
        ``{input name: {player: value}}``, or the one value of a table input.
    options : mapping
        The module options of the sheet (``{"merchant_final_only": True}``).
    """

    round_no: int
    players: tuple
    walls: Mapping
    values: Mapping
    options: Mapping = field(default_factory=dict)

    def __getitem__(self, name):
        return self.values[name]


#: A term: its name and ``f(entry) -> {player: points}``, or None in a round it is not
#: scored at all (the engine leaves it out of the parts then).
Term = tuple[str, Callable[[RoundEntry], Mapping | None]]


@dataclass(frozen=True)
class SheetModule:
    """A module's part of the score sheet.

    Attributes
    ----------
    name : str
        The module's registry name (`alhambra_lib.MODULES`).
    title : str
        A short heading for what it asks (a tab of the `ScoreKeeper`), "" when it asks
        nothing.
    inputs : tuple of SheetInput
    tiles : int
        The most tiles of this module one Alhambra may hold that the sheet does not count
        (huts, camps, bazaars): they may carry walls and sides (`PlayerTiles`).
    count_bonus : callable or None
        ``f(entry, player) -> {type: n}`` added to the player's counts for majorities.
    terms : tuple of (str, callable)
        The module's score terms (RULES.md §M0.17), each ``f(entry) -> {player: points}``
        or None when the term is not scored in that round.
    """

    name: str
    title: str = ""
    inputs: tuple = ()
    tiles: int = 0
    count_bonus: Callable[[RoundEntry, str], Mapping] | None = None
    terms: tuple = ()


def each_player(entry, points_of):
    """``{player: points_of(player)}`` for the real players of `entry`."""
    return {name: points_of(name) for name in entry.players}



class _SheetModules(Mapping):
    """module name -> its `SheetModule` (`Module.sheet`, or an empty entry for a module
    that asks nothing), for every registered module, in the registry's order."""

    def _modules(self):
        from .modules import MODULES  # the modules import this one for SheetModule

        return MODULES

    def __getitem__(self, name):
        return self._modules()[name].sheet or SheetModule(name)

    def __iter__(self):
        return iter(self._modules())

    def __len__(self):
        return len(self._modules())


#: module name -> its `SheetModule`, in the rulebook's order (a live, read-only view of
#: the registry: a module's entry is its ``sheet`` attribute).
SHEET_MODULES = _SheetModules()


def __getattr__(name):
    # WISE_MAN_BONUS lives with the characters (RULES.md §M7); kept here by its old name.
    if name == "WISE_MAN_BONUS":
        from .modules.characters import WISE_MAN_BONUS

        return WISE_MAN_BONUS
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
