"""The game's components as values: tiles, money cards, the scoring table.

Everything here is an immutable value. The 54 real building tiles and the scoring
table ship with the package (``data/tiles.csv``) and are loaded once at import.

Examples
--------
>>> t = Tile("garden", 8, "NE")
>>> t.kind, t.price, sorted(t.walls)
('garden', 8, ['E', 'N'])
>>> str(t)
'8-garden'
>>> len(BUILDING_TILES), sum(len(t.walls) for t in BUILDING_TILES)
(54, 80)
>>> len(money_deck()), len(money_deck(two_players=True))
(108, 72)
"""

from __future__ import annotations

import csv
import warnings
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any, TypeAlias

from .grid import BIT, SIDES, mask_sides

__all__ = [
    "AnyCard",
    "KIND_TOTALS",
    "MAX_WALL",
    "KINDS",
    "FOUNTAIN_KIND",
    "MODULE_KINDS",
    "CURRENCIES",
    "Tile",
    "Card",
    "DIAMOND",
    "CURRENCY_RANK",
    "DiamondCard",
    "MasterBuilderCard",
    "Coin",
    "ScoringCard",
    "ExchangeCard",
    "EXCHANGE_CARDS",
    "WallCard",
    "WALL_CARDS",
    "GateCard",
    "CharacterCard",
    "CHARACTERS",
    "card_value",
    "FOUNTAIN",
    "BUILDING_TILES",
    "FIRST_PLACE_POINTS",
    "ROUNDS",
    "place_points",
    "money_deck",
    "TileSet",
    "tile_set",
    "TILE_SETS",
    "CardSet",
    "card_set",
    "CARD_SETS",
    "ProvisionalDataWarning",
    "warn_if_provisional",
]

#: A card a hand, a pile or the display may hold: money, or a module's card (exchange,
#: gate, wall, character...: classes with no common base, read by duck typing).
AnyCard: TypeAlias = Any

#: The six building types, cheapest first (the order of the scoring table).
KINDS = ("pavilion", "seraglio", "arcades", "chambers", "garden", "tower")

#: The kind of the start tile; it is never bought and never scores.
FOUNTAIN_KIND = "fountain"

#: The Mega Box's tiles that are not buildings (RULES.md §M4, §M8, §M16): a hut carries
#: the building type of its colour, a camp its bastions (as its walls), a bazaar its
#: currency and three building types. They score no majority of their own.
MODULE_KINDS = ("hut", "camp", "bazaar")

#: The printed marks each module kind carries (`Tile.marks`), and how many.
_MARKS = {"hut": "a building type", "bazaar": "a currency and three building types"}

#: The four currencies, in the order of market squares 1..4.
CURRENCIES = ("denar", "dirham", "ducat", "florin")


@dataclass(frozen=True, slots=True)
class Tile:
    """A tile: its kind, its price and the sides on which it has a wall.

    Parameters
    ----------
    kind : str
        One of `KINDS`, ``"fountain"`` for the start tile, or a Mega Box kind of
        `MODULE_KINDS`.
    price : int
        Printed price, an integer >= 0.
    walls : iterable of str
        Side letters among ``"N", "E", "S", "W"``; ``""`` for none (a camp's bastions).
    marks : tuple of str
        What a module tile shows besides walls: a hut ``(type,)``, a bazaar
        ``(currency, type, type, type)``; () for every other tile.
    sticks : iterable of str
        City Walls sticks laid on the tile (Mega Box M9, RULES.md §M9): sides without a
        printed wall. They belong to the tile for good and count as walls everywhere
        (`mask`, `has_wall`, `wall_sides`); `walls` stays the printed ones, `printed`
        is the tile as bought.

    Notes
    -----
    Any set of walls is a valid value, so a notebook can ask "what if a tile had
    these walls?"; a four-walled tile simply can never be placed. Equal tiles are
    interchangeable: two tiles with the same kind, price, walls and sticks compare equal.
    In the JSON form (`to_list`) a stick is its side letter in lower case
    (``["garden", 8, "Ne"]``: a printed N wall, a stick on E), so a tile without sticks
    is written as it always was.

    Examples
    --------
    >>> Tile("tower", 13, "E")
    Tile('tower', 13, 'E')
    >>> Tile("tower", 13, "X")
    Traceback (most recent call last):
    ...
    ValueError: unknown wall side 'X': walls are letters among N, E, S, W
    >>> Tile("garden", 8, "N", sticks="E"), Tile("garden", 8, "N", sticks="E").wall_sides
    (Tile('garden', 8, 'N', sticks='E'), 'NE')
    """

    kind: str
    price: int
    walls: frozenset[str] = field(default=frozenset())
    marks: tuple[str, ...] = ()
    sticks: frozenset[str] = field(default=frozenset())
    mask: int = field(init=False, repr=False, compare=False)
    #: The sticks as a bit mask (0 on every tile but the City Walls' ones).
    stick_mask: int = field(init=False, repr=False, compare=False)

    if TYPE_CHECKING:
        # What the generated __init__ accepts: `__post_init__` turns any iterable of
        # side letters (a string too) into the frozensets above.
        def __init__(self, kind: str, price: int, walls: Iterable[str] = ...,
                     marks: Iterable[str] = ..., sticks: Iterable[str] = ...) -> None: ...

    def __post_init__(self) -> None:
        if (not isinstance(self.kind, str)
                or self.kind not in KINDS + (FOUNTAIN_KIND,) + MODULE_KINDS):
            raise ValueError(f"unknown tile kind {self.kind!r}: expected one of {', '.join(KINDS)}"
                             f", {FOUNTAIN_KIND!r} or one of {', '.join(MODULE_KINDS)}")
        _check_marks(self.kind, self.marks)
        object.__setattr__(self, "marks", tuple(self.marks))
        if not isinstance(self.price, int) or isinstance(self.price, bool):
            raise TypeError(f"a tile's price is an integer, got {self.price!r}")
        if self.price < 0:
            raise ValueError(f"a tile's price is at least 0, got {self.price}")
        if isinstance(self.walls, str) or not isinstance(self.walls, frozenset):
            try:
                sides = list(self.walls)
            except TypeError:
                raise TypeError("walls are an iterable of side letters, "
                                f"got {self.walls!r}") from None
            object.__setattr__(self, "walls", frozenset(sides))
        for side in self.walls:
            if side not in BIT:
                raise ValueError(f"unknown wall side {side!r}: walls are letters among N, E, S, W")
        printed = sum(BIT[s] for s in self.walls)
        if self.sticks:
            sticks = _stick_mask(self)
        else:
            sticks = 0
            if self.sticks.__class__ is not frozenset:  # "" (as `__reduce__` writes it)
                object.__setattr__(self, "sticks", frozenset())
        object.__setattr__(self, "mask", printed | sticks)
        object.__setattr__(self, "stick_mask", sticks)

    @property
    def wall_sides(self) -> str:
        """The walls, sticks included, as a string in N, E, S, W order (``""`` for none)."""
        return mask_sides(self.mask)

    @property
    def stick_sides(self) -> str:
        """The sticks as a string in N, E, S, W order (``""`` for none, §M9)."""
        return mask_sides(self.stick_mask)

    @property
    def printed(self) -> Tile:
        """The tile as printed, without its sticks (itself when it has none)."""
        if not self.stick_mask:
            return self
        return Tile(self.kind, self.price, self.walls, self.marks)

    def with_sticks(self, sides: Iterable[str]) -> Tile:
        """The tile with sticks on `sides` too (RULES.md §M9); a ValueError on a wall.

        Examples
        --------
        >>> Tile("tower", 9, "N").with_sticks("E").with_sticks("S")
        Tile('tower', 9, 'N', sticks='ES')
        """
        return Tile(self.kind, self.price, self.walls, self.marks,
                    self.sticks | frozenset(sides))

    def has_wall(self, side: str) -> bool:
        """Return whether the tile has a wall on `side` (one of N, E, S, W)."""
        return bool(self.mask & BIT[side])

    @property
    def is_building(self) -> bool:
        """Whether the tile is one of the six building types (it scores majorities)."""
        return self.kind in KINDS

    def __repr__(self) -> str:
        marks = f", marks={self.marks!r}" if self.marks else ""
        sticks = f", sticks={self.stick_sides!r}" if self.stick_mask else ""
        return f"Tile({self.kind!r}, {self.price}, {mask_sides(self.mask & ~self.stick_mask)!r}" \
               f"{marks}{sticks})"

    def __str__(self) -> str:
        if self.kind in ("hut", "bazaar"):
            return f"{self.marks[0]} {self.kind}"
        return f"{self.price}-{self.kind}"

    def __reduce__(self) -> tuple[type[Tile], tuple]:
        return (Tile, (self.kind, self.price, mask_sides(self.mask & ~self.stick_mask),
                       self.marks, self.stick_sides))

    def to_list(self) -> list[str | int]:
        """A JSON-able form ``[kind, price, walls, *marks]``, walls in N, E, S, W order
        (sticks in lower case)."""
        if self.stick_mask:
            walls = "".join(s if BIT[s] & ~self.stick_mask else s.lower()
                            for s in mask_sides(self.mask))
            return [self.kind, self.price, walls, *self.marks]
        return [self.kind, self.price, self.wall_sides, *self.marks]

    def _repr_mimebundle_(self, include: object = None,
                          exclude: object = None) -> dict[str, str | bytes]:
        from .display import mimebundle
        from .svg import tile_svg

        return mimebundle(self, tile_svg)


def _stick_mask(tile: Tile) -> int:
    """The sticks of `tile` (normalised to a frozenset) as a mask, checked (§M9)."""
    sticks = tile.sticks
    if isinstance(sticks, str) or not isinstance(sticks, frozenset):
        sticks = frozenset(sticks)
        object.__setattr__(tile, "sticks", sticks)
    if not sticks <= set(BIT):
        raise ValueError(f"unknown stick side in {sorted(sticks)}: sides are N, E, S, W")
    if sticks & tile.walls:
        raise ValueError(f"a stick never overbuilds a printed wall: {tile.kind} with walls "
                         f"{sorted(tile.walls)}, sticks {sorted(sticks)}")
    if tile.kind == FOUNTAIN_KIND:
        raise ValueError("the fountain takes no sticks (RULES.md §M9)")
    return sum(BIT[s] for s in sticks)


def _check_marks(kind: str, marks: Iterable[str]) -> None:
    if isinstance(marks, str) or not isinstance(marks, (tuple, list)):
        raise TypeError(f"a tile's marks are a tuple of names, got {marks!r}")
    if kind == "hut":
        ok = len(marks) == 1 and marks[0] in KINDS
    elif kind == "bazaar":
        ok = (len(marks) == 4 and marks[0] in CURRENCIES and len(set(marks[1:])) == 3
              and all(m in KINDS for m in marks[1:]))
    else:
        ok = not marks
    if not ok:
        what = _MARKS.get(kind, "no marks")
        raise ValueError(f"a {kind} tile shows {what}, got marks {tuple(marks)!r}")


#: The start tile: open on all four sides.
FOUNTAIN = Tile(FOUNTAIN_KIND, 0, "")


@dataclass(frozen=True, slots=True)
class Card:
    """A money card: a currency and a value from 1 to 9.

    Examples
    --------
    >>> str(Card("ducat", 5))
    '5 ducat'
    """

    currency: str
    value: int

    def __post_init__(self) -> None:
        if self.currency not in CURRENCIES:
            raise ValueError(f"unknown currency {self.currency!r}: expected one of "
                             f"{', '.join(CURRENCIES)}")
        if (not isinstance(self.value, int) or isinstance(self.value, bool)
                or not 1 <= self.value <= 9):
            raise ValueError(f"a money card's value is an integer from 1 to 9, got {self.value!r}")

    def __str__(self) -> str:
        return f"{self.value} {self.currency}"

    def to_list(self) -> list[str | int]:
        """A JSON-able form ``[currency, value]``."""
        return [self.currency, self.value]

    #: The census key of the component (`Game.census`).
    component = "money"


#: The diamonds' own currency (RULES.md §M6): it pays any market square, alone.
DIAMOND = "diamond"
#: The order of the currencies wherever cards are sorted: market order, diamonds last.
CURRENCY_RANK = {c: i for i, c in enumerate(CURRENCIES + (DIAMOND,))}


def _set_fields(card: object, currency: str, value: int) -> None:
    # The money cards of the modules are Card subclasses with fixed fields: they compare
    # unequal to a plain card of the same currency and value (their classes differ).
    object.__setattr__(card, "currency", currency)
    object.__setattr__(card, "value", value)


class DiamondCard(Card):
    """A diamond (Mega Box M6): money of its own currency, ``"diamond"``, value 3 to 9.

    It pays a market tile on any square, but only with other diamonds (RULES.md §M6),
    and is worth nothing in the end-of-game distribution (no square is paid in it).

    Examples
    --------
    >>> d = DiamondCard(7)
    >>> d, str(d), d.currency, d.to_list()
    (DiamondCard(7), '7 diamond', 'diamond', ['diamond', 7])
    >>> d == Card("denar", 7) or d == DiamondCard(6)
    False
    """

    __slots__ = ()
    component = "diamond"

    def __init__(self, value: int) -> None:
        if (not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 9):
            raise ValueError(f"a diamond's value is an integer from 1 to 9, got {value!r}")
        _set_fields(self, DIAMOND, value)

    def __repr__(self) -> str:
        return f"DiamondCard({self.value})"

    def __str__(self) -> str:
        return f"{self.value} {DIAMOND}"

    def to_list(self) -> list[str | int]:
        """A JSON-able form ``["diamond", value]``."""
        return [DIAMOND, self.value]


class MasterBuilderCard(Card):
    """A master builder (Mega Box M14): value-3 money of its currency, or discarded on
    one's turn for an extra redesign at the turn end (RULES.md §M14).

    Examples
    --------
    >>> m = MasterBuilderCard("ducat")
    >>> m, str(m), m.value, m.to_list()
    (MasterBuilderCard('ducat'), '3 ducat (master builder)', 3, ['master_builder', 'ducat'])
    >>> m == Card("ducat", 3)
    False
    """

    __slots__ = ()
    component = "master_builder"
    #: The value printed on every master builder.
    VALUE = 3

    def __init__(self, currency: str) -> None:
        _check_currency(currency)
        _set_fields(self, currency, self.VALUE)

    def __repr__(self) -> str:
        return f"MasterBuilderCard({self.currency!r})"

    def __str__(self) -> str:
        return f"{self.value} {self.currency} (master builder)"

    def to_list(self) -> list[str | int]:
        """A JSON-able form ``["master_builder", currency]``."""
        return ["master_builder", self.currency]


class Coin(Card):
    """A coin of the Change module (Mega Box M11): value-1 money of its currency, drawn
    from the coin bag as change and put back there when spent (RULES.md §M11).

    Examples
    --------
    >>> c = Coin("florin")
    >>> c, str(c), c.value, c.to_list()
    (Coin('florin'), '1 florin (coin)', 1, ['coin', 'florin'])
    """

    __slots__ = ()
    component = "coin"

    def __init__(self, currency: str) -> None:
        _check_currency(currency)
        _set_fields(self, currency, 1)

    def __repr__(self) -> str:
        return f"Coin({self.currency!r})"

    def __str__(self) -> str:
        return f"1 {self.currency} (coin)"

    def to_list(self) -> list[str | int]:
        """A JSON-able form ``["coin", currency]``."""
        return ["coin", self.currency]


def _check_currency(currency: object) -> None:
    if currency not in CURRENCIES:
        raise ValueError(f"unknown currency {currency!r}: expected one of "
                         f"{', '.join(CURRENCIES)}")


@dataclass(frozen=True, slots=True)
class ScoringCard:
    """One of the two scoring cards hidden in the money deck (round 1 or 2)."""

    round_no: int
    component = "scoring_card"

    def __str__(self) -> str:
        return f"scoring card {self.round_no}"


@dataclass(frozen=True, slots=True)
class ExchangeCard:
    """A Currency Exchange card (Mega Box M2): it joins two currencies for one payment.

    It has `currencies` and no currency or value of its own: it is worth nothing in
    a sum and in the end-of-game distribution (RULES.md §M2).

    Examples
    --------
    >>> e = ExchangeCard(("florin", "denar"))
    >>> e, str(e)
    (ExchangeCard(currencies=('denar', 'florin')), 'exchange denar/florin')
    >>> hasattr(e, "value"), card_value(e), card_value(Card("ducat", 4))
    (False, 0, 4)
    """

    currencies: tuple
    component = "exchange_card"

    def __post_init__(self) -> None:
        pair = tuple(self.currencies) if not isinstance(self.currencies, str) else ()
        if len(pair) != 2 or len(set(pair)) != 2 or not all(c in CURRENCIES for c in pair):
            raise ValueError(f"an exchange card joins two different currencies among "
                             f"{', '.join(CURRENCIES)}, got {self.currencies!r}")
        object.__setattr__(self, "currencies", tuple(sorted(pair, key=CURRENCIES.index)))

    def __str__(self) -> str:
        return "exchange " + "/".join(self.currencies)

    def to_list(self) -> list[str | int]:
        """A JSON-able form ``["exchange", currency, currency]``."""
        return ["exchange", *self.currencies]


#: The six exchange cards: one per pair of currencies (RULES.md §M2).
EXCHANGE_CARDS = tuple(ExchangeCard((a, b)) for i, a in enumerate(CURRENCIES)
                       for b in CURRENCIES[i + 1:])


@dataclass(frozen=True, slots=True)
class WallCard:
    """A City Walls card (Mega Box M9): the stick(s) it lets one lay, one side or a corner.

    Examples
    --------
    >>> WallCard("EN"), str(WallCard("S")), WallCard("NS")
    Traceback (most recent call last):
    ...
    ValueError: a wall card shows one side or two at a right angle, got 'NS'
    >>> WallCard("EN").sides, str(WallCard("S"))
    ('NE', 'wall card S')
    """

    sides: str
    component = "wall_card"

    def __post_init__(self) -> None:
        sides = "".join(s for s in SIDES if s in self.sides) if isinstance(self.sides, str) else ""
        if (not sides or len(sides) != len(self.sides) or sides in ("NS", "EW")
                or len(sides) > 2):
            raise ValueError(f"a wall card shows one side or two at a right angle, got "
                             f"{self.sides!r}")
        object.__setattr__(self, "sides", sides)

    def __str__(self) -> str:
        return f"wall card {self.sides}"

    @property
    def sort_key(self) -> tuple[int, list[int]]:
        return (len(self.sides), [SIDES.index(s) for s in self.sides])

    def to_list(self) -> list[str | int]:
        """A JSON-able form ``["wall", sides]``."""
        return ["wall", self.sides]


#: The 8 wall cards: the four single sides and the four corners (RULES.md §M9).
WALL_CARDS = tuple(WallCard(s) for s in ("N", "E", "S", "W", "NE", "ES", "SW", "NW"))


@dataclass(frozen=True, slots=True)
class GateCard:
    """A City Gates card (Mega Box M5): held in hand, spent to put a gate on a double wall.

    Examples
    --------
    >>> str(GateCard()), GateCard().to_list(), GateCard() == GateCard()
    ('gate card', ['gate'], True)
    """

    component = "gate_card"
    sort_key = ()

    def __str__(self) -> str:
        return "gate card"

    def to_list(self) -> list[str | int]:
        """A JSON-able form ``["gate"]``."""
        return ["gate"]


@dataclass(frozen=True, slots=True)
class CharacterCard:
    """A character card (Mega Box M7): shuffled into the piles, auctioned when drawn.

    `id` is a row of ``data/characters.csv`` (`CHARACTERS`); the known cards are named
    by their effect, since no name is tied to one (RULES.md §M7).

    Examples
    --------
    >>> c = CharacterCard("wise_man")
    >>> str(c), c.to_list(), c.provisional
    ('The Wise Man', ['character', 'wise_man'], False)
    >>> CharacterCard("jester")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown character 'jester': the characters are wise_man, city_watch, ...
    """

    id: str
    component = "character"

    def __post_init__(self) -> None:
        if self.id not in CHARACTERS:
            raise ValueError(f"unknown character {self.id!r}: the characters are "
                             f"{', '.join(CHARACTERS)}")

    @property
    def title(self) -> str:
        return CHARACTERS[self.id]["title"]

    @property
    def provisional(self) -> bool:
        """Whether the card's effect is a placeholder for an unknown text (RULES.md §M7)."""
        return CHARACTERS[self.id]["provisional"] == "1"

    def __str__(self) -> str:
        return self.title

    def to_list(self) -> list[str | int]:
        """A JSON-able form ``["character", id]``."""
        return ["character", self.id]


def _load_characters() -> dict[str, dict[str, str]]:
    text = resources.files(__package__).joinpath("data", "characters.csv").read_text()
    rows = csv.DictReader(line for line in text.splitlines() if not line.startswith("#"))
    return {row["id"]: row for row in rows}


#: The 10 characters of the box: id -> {title, effect, status, provisional} (strings),
#: read from ``data/characters.csv`` (status: confirmed, hinted or unknown).
CHARACTERS = _load_characters()


def card_value(card: object) -> int:
    """What a card adds to a payment: a money card its value, an exchange card 0."""
    return getattr(card, "value", 0)


def _load_tiles() -> tuple[Tile, ...]:
    # The CSV is the single source of the tile data; id 0 is the fountain.
    text = resources.files(__package__).joinpath("data", "tiles.csv").read_text()
    tiles = []
    for row in csv.DictReader(text.splitlines()):
        walls = "".join(s for s in SIDES if row[f"wall_{s.lower()}"] == "1")
        tile = Tile(row["type"], int(row["price"]), walls)
        if tile.kind != FOUNTAIN_KIND:
            tiles.append(tile)
    return tuple(tiles)


#: The 54 real building tiles, in the order of ``tiles.csv`` (by kind, then price).
BUILDING_TILES = _load_tiles()
#: How many building tiles of each type the box holds: nobody, and no table together,
#: can have more.
KIND_TOTALS = {kind: sum(t.kind == kind for t in BUILDING_TILES) for kind in KINDS}
#: No wall can be longer than every side of every tile of the box: the fountain, the 54
#: buildings and the Mega Box's 24 huts, 8 camps and 8 bazaars (City Walls' sticks may
#: close any side).
MAX_WALL = 4 * (1 + len(BUILDING_TILES) + 24 + 8 + 8)

#: The scoring rounds: two scoring cards, then the final scoring (RULES.md §8.1).
ROUNDS = (1, 2, 3)

#: First-place points per kind in rounds 1, 2 and 3. Round r pays places 1..r, and
#: place p of round r pays the first-place points of round r - p + 1.
FIRST_PLACE_POINTS = {
    "pavilion": (1, 8, 16),
    "seraglio": (2, 9, 17),
    "arcades": (3, 10, 18),
    "chambers": (4, 11, 19),
    "garden": (5, 12, 20),
    "tower": (6, 13, 21),
}


def place_points(kind: str, round_no: int, place: int) -> int:
    """Points for `place` (1, 2, ...) in `kind` in scoring round `round_no` (1..3).

    Examples
    --------
    >>> place_points("tower", 2, 2), place_points("pavilion", 3, 3), place_points("garden", 1, 2)
    (6, 1, 0)
    """
    if round_no not in ROUNDS:
        raise ValueError(f"a scoring round is 1, 2 or 3, got {round_no!r}")
    if kind not in FIRST_PLACE_POINTS:
        raise ValueError(f"unknown tile kind {kind!r}: expected one of {', '.join(KINDS)}")
    if not 1 <= place <= round_no:
        return 0
    return FIRST_PLACE_POINTS[kind][round_no - place]


def money_deck(two_players: bool = False) -> tuple[Card, ...]:
    """Return the money cards: 3 copies (2 with two players) of each currency x value 1..9.

    The order is canonical (currency, value, copy); shuffling is the game's job.
    """
    copies = 2 if two_players else 3
    return tuple(Card(c, v) for c in CURRENCIES for v in range(1, 10) for _ in range(copies))


# -- the Mega Box's tile sets (data/huts.csv, camps.csv, bazaars.csv) ----------------------

#: The module tile sets shipped in ``data/``: name -> (module section, file).
TILE_SETS = {"huts": ("M4", "huts.csv"), "camps": ("M8", "camps.csv"),
             "bazaars": ("M16", "bazaars.csv")}


class ProvisionalDataWarning(UserWarning):
    """A game uses a tile set whose printed data is not known (placeholders, RULES.md §M0)."""


@dataclass(frozen=True)
class TileSet:
    """A module's tiles as shipped, and whether their printed data is only a placeholder.

    `provisional` is True while any row is a placeholder; `printed` holds the tiles whose
    row is printed fact (``provisional`` 0), in file order. Replacing the CSV file with
    the printed values (and ``provisional`` 0) needs no code change.
    """

    name: str
    tiles: tuple
    provisional: bool
    printed: tuple = ()


def _tile_of_row(name: str, row: dict[str, str]) -> Tile:
    walls = row.get("walls", row.get("bastions", ""))
    if name == "huts":
        return Tile("hut", 0, walls, (row["type"],))
    if name == "camps":
        return Tile("camp", int(row["price"]), walls)
    return Tile("bazaar", 0, "", (row["currency"], *row["types"].split()))


@lru_cache(maxsize=None)
def tile_set(name: str) -> TileSet:
    """The `TileSet` `name` (``"huts"``, ``"camps"`` or ``"bazaars"``), read once.

    Examples
    --------
    >>> huts = tile_set("huts")
    >>> len(huts.tiles), huts.provisional, huts.tiles[0]
    (24, True, Tile('hut', 0, 'N', marks=('pavilion',)))
    >>> [len(tile_set(n).tiles) for n in ("camps", "bazaars")]
    [8, 8]
    >>> tile_set("camps").printed  # seen printed (MEGABOX.md 0.6); the rest are placeholders
    (Tile('camp', 8, 'NE'),)
    """
    if name not in TILE_SETS:
        raise ValueError(f"unknown tile set {name!r}: expected one of {', '.join(TILE_SETS)}")
    rows = _data_rows(TILE_SETS[name][1])
    tiles = tuple(_tile_of_row(name, row) for row in rows)
    placeholder = [row["provisional"].strip() == "1" for row in rows]
    return TileSet(name, tiles, any(placeholder),
                   tuple(t for t, guess in zip(tiles, placeholder) if not guess))


#: The module card sets shipped in ``data/``: name -> (module section, file).
CARD_SETS = {"diamonds": ("M6", "diamonds.csv")}


@dataclass(frozen=True)
class CardSet:
    """A module's cards as shipped, and which of them are placeholders (``provisional``
    holds their indices in `cards`)."""

    name: str
    cards: tuple
    provisional: tuple


@lru_cache(maxsize=None)
def card_set(name: str) -> CardSet:
    """The `CardSet` `name` (``"diamonds"``), read once.

    Examples
    --------
    >>> diamonds = card_set("diamonds")
    >>> [c.value for c in diamonds.cards], diamonds.provisional
    ([3, 4, 5, 5, 6, 6, 7, 7, 8, 9, 6], (10,))
    """
    if name not in CARD_SETS:
        raise ValueError(f"unknown card set {name!r}: expected one of {', '.join(CARD_SETS)}")
    rows = _data_rows(CARD_SETS[name][1])
    cards = tuple(DiamondCard(int(row["value"])) for row in rows)
    return CardSet(name, cards, tuple(i for i, row in enumerate(rows)
                                      if row["provisional"].strip() == "1"))


def _data_rows(file: str) -> list[dict[str, str]]:
    text = resources.files(__package__).joinpath("data", file).read_text()
    return list(csv.DictReader(line for line in text.splitlines() if not line.startswith("#")))


_WARNED: set[str] = set()


def warn_if_provisional(name: str) -> None:
    """Warn (once per process and set) that a game plays with placeholder data: a tile
    set of `TILE_SETS` or a card set of `CARD_SETS`."""
    if name in CARD_SETS:
        provisional, (section, file) = bool(card_set(name).provisional), CARD_SETS[name]
    else:
        provisional, (section, file) = tile_set(name).provisional, TILE_SETS[name]
    if provisional and name not in _WARNED:
        _WARNED.add(name)
        warnings.warn(f"the {name} of RULES.md §{section} are provisional: their printed data "
                      f"is not (all) known and placeholders are used (alhambra_lib/data/"
                      f"{file})", ProvisionalDataWarning, stacklevel=5)
