"""The actions a player can take, as immutable values, and the money choices behind them.

An action says what the player to act does; the `Game` knows who that is. Every
action has a ``kind`` (``take``, ``buy``, ``end``, ``place``, ``reserve``, ``give``,
``redesign``) and the fields that kind needs. Actions compare by value, hash, print
as one short line and round-trip through a JSON-able dict (`Action.to_dict`,
`action_from_dict`) for saved games and events.

The money choices are plain combinatorics on card values: `take_choices` lists the
ways to take from the display, `minimal_payments` the sensible ways to pay a price.

Examples
--------
>>> from alhambra_lib.components import Card, Tile
>>> t = Tile("garden", 8, "NE")
>>> print(Take((Card("florin", 2), Card("ducat", 3))))
take 3 ducat + 2 florin
>>> print(Buy(3, t, (Card("ducat", 3), Card("ducat", 5))))
buy 8-garden from ducat square paying 5+3 (exact)
>>> print(Place(t, (1, -2))), print(Reserve(t)), print(Give(t))
place 8-garden at (1, -2)
reserve 8-garden
give 8-garden to Dirk
(None, None, None)
>>> print(Redesign("remove", None, (2, 0)))
redesign: move (2, 0) to reserve
>>> action_from_dict(Place(t, (1, -2)).to_dict()) == Place(t, (1, -2))
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import ClassVar

from .components import (
    CURRENCIES,
    CURRENCY_RANK,
    FOUNTAIN_KIND,
    KINDS,
    MODULE_KINDS,
    Card,
    Coin,
    DiamondCard,
    ExchangeCard,
    GateCard,
    MasterBuilderCard,
    Tile,
    WallCard,
)
from .errors import InvalidInput
from .grid import SIDES, check_cell
from .payments import minimal_payments, payment_total

__all__ = [
    "DIRK",
    "Action",
    "Take",
    "Buy",
    "End",
    "Place",
    "Reserve",
    "Give",
    "Redesign",
    "Decline",
    "PlainAction",
    "ColourAction",
    "REDESIGN_MOVES",
    "action_from_dict",
    "register_action",
    "unregister_action",
    "action_fields",
    "ACTION_KINDS",
    "card_order",
    "tile_order",
    "card_from_list",
    "register_card_tags",
    "unregister_card_tags",
    "tile_from_list",
    "take_choices",
    "minimal_payments",
]

#: The neutral third party of the two-player game (RULES.md §10).
DIRK = "Dirk"

#: What a redesign does (RULES.md §7).
REDESIGN_MOVES = ("place", "remove", "exchange")

_CURRENCY_RANK = CURRENCY_RANK
#: Money cards of equal value and currency: plain money first, then the modules' cards.
_MONEY_RANK = {MasterBuilderCard: 1, Coin: 2, DiamondCard: 3}
_KIND_RANK = {k: i for i, k in enumerate(KINDS + (FOUNTAIN_KIND,) + MODULE_KINDS)}


def card_order(card):
    """Sort key of a card: money higher value first, then currency in market order
    (diamonds last), a plain card before a master builder or coin like it; exchange
    cards after all money.

    Examples
    --------
    >>> [str(c) for c in sorted([Card("florin", 2), Card("ducat", 3), Card("denar", 2)],
    ...                         key=card_order)]
    ['3 ducat', '2 denar', '2 florin']
    >>> [str(c) for c in sorted([MasterBuilderCard("denar"), DiamondCard(3), Card("denar", 3)],
    ...                         key=card_order)]
    ['3 denar', '3 denar (master builder)', '3 diamond']
    """
    if card.__class__ is Card:
        return (-card.value, _CURRENCY_RANK[card.currency])
    if isinstance(card, Card):
        return (-card.value, _CURRENCY_RANK[card.currency], _MONEY_RANK[card.__class__])
    if card.__class__ in (WallCard, GateCard):  # after the exchange cards
        return (2, card.component, *card.sort_key)
    # Money keys start at -9..-1, so these come after every money card.
    return (1, *(_CURRENCY_RANK[c] for c in card.currencies))


def tile_order(tile):
    """Sort key of a tile: kind in scoring-table order, then price, then walls, then
    City Walls sticks (§M9: a printed wall before a stick on the same side).

    Equal tiles are interchangeable, so this order fixes every list of tiles the
    game shows or saves, whatever the order they arrived in.
    """
    return (_KIND_RANK[tile.kind], tile.price, tile.mask, tile.marks, tile.stick_mask)


def card_from_list(data):
    """Rebuild a card a player can hold from its JSON form.

    ``[currency, value]`` is a money card, ``["exchange", currency, currency]`` an
    exchange card, ``["wall", sides]`` a City Walls card, ``["gate"]`` a City Gates card,
    ``["diamond", value]`` a diamond, ``["master_builder", currency]`` a master builder
    and ``["coin", currency]`` a coin.

    Examples
    --------
    >>> card_from_list(["ducat", 5])
    Card(currency='ducat', value=5)
    >>> card_from_list(["exchange", "florin", "denar"])
    ExchangeCard(currencies=('denar', 'florin'))
    >>> card_from_list(["diamond", 7]), card_from_list(["coin", "denar"])
    (DiamondCard(7), Coin('denar'))
    >>> card_from_list(["ducat"])
    Traceback (most recent call last):
    ...
    ValueError: a money card is written [currency, value], got ['ducat']
    """
    tagged = (_CARD_TAGS.get(data[0]) if isinstance(data, list) and data
              and isinstance(data[0], str) else None)
    if tagged is not None and len(data) == tagged[0] + 1:
        return tagged[1](*data[1:])
    if not isinstance(data, list) or len(data) != 2:
        raise ValueError(f"a money card is written [currency, value], got {data!r}")
    return Card(data[0], data[1])


#: The modules' cards by the tag their JSON form starts with: tag -> (number of fields
#: after the tag, ``decoder(*fields)``); filled from `Module.card_tags` by the registry.
_CARD_TAGS: dict = {}


def register_card_tags(tags) -> None:
    """Add a module's ``{tag: (fields, decoder)}`` (`Module.card_tags`) to the cards
    `card_from_list` reads; a tag already read otherwise is a `ValueError`."""
    for tag, entry in tags.items():
        if tag in _CARD_TAGS and _CARD_TAGS[tag] != entry or tag in CURRENCIES:
            raise ValueError(f"card tag {tag!r} is already taken")
    _CARD_TAGS.update(tags)


def unregister_card_tags(tags) -> None:
    """Take back the tags `register_card_tags` added with these very entries."""
    for tag, entry in tags.items():
        if _CARD_TAGS.get(tag) == entry:
            del _CARD_TAGS[tag]


def tile_from_list(data):
    """Rebuild a tile from its JSON form ``[kind, price, walls, *marks]``.

    Examples
    --------
    >>> tile_from_list(["garden", 8, "NE"])
    Tile('garden', 8, 'NE')
    >>> tile_from_list(["hut", 0, "N", "tower"])
    Tile('hut', 0, 'N', marks=('tower',))
    >>> tile_from_list(["garden", 8, "Ne"])  # a City Walls stick on E (RULES.md §M9)
    Tile('garden', 8, 'N', sticks='E')
    """
    if not isinstance(data, list) or len(data) < 3 or not isinstance(data[2], str):
        raise ValueError(f"a tile is written [kind, price, walls, *marks], got {data!r}")
    if all(type(x) in (str, int) for x in data):  # the common case: read once, then shared
        return _tile_of(tuple(data))
    return _tile_with_sticks(data[0], data[1], data[2], tuple(data[3:]))


@lru_cache(maxsize=4096)
def _tile_of(key):
    # Module slices keep tiles as JSON lists, read again at every query: tiles are
    # values, so equal lists can share one.
    return _tile_with_sticks(key[0], key[1], key[2], key[3:])


def _tile_with_sticks(kind, price, walls, marks):
    """A tile from its JSON walls: upper case printed walls, lower case sticks (§M9)."""
    if walls.isupper() or not walls:
        return Tile(kind, price, walls, marks)
    sticks = "".join(s for s in walls if s.islower())
    return Tile(kind, price, "".join(s for s in walls if not s.islower()), marks, sticks.upper())


def _pos_from_list(data):
    if not isinstance(data, list):
        raise ValueError(f"a cell is written [x, y], got {data!r}")
    return check_cell(data)


def _check_tile(tile, kind):
    if not isinstance(tile, Tile):
        raise TypeError(f"a {kind} action needs a Tile, got {tile!r}")
    return tile


_CARD_TYPES = (Card, ExchangeCard, GateCard)


def _check_cards(cards, kind):
    cards = tuple(cards)
    if not cards or not all(isinstance(c, _CARD_TYPES) for c in cards):
        raise TypeError(f"a {kind} action needs one or more cards, got {cards!r}")
    return tuple(sorted(cards, key=card_order))


def _check_square(square):
    if not isinstance(square, int) or isinstance(square, bool) or square not in (1, 2, 3, 4):
        raise ValueError(f"a market square is 1, 2, 3 or 4, got {square!r}")


class Action:
    """Base of all actions: a frozen value with a ``kind`` and a JSON-able dict form.

    Subclasses are frozen dataclasses; `to_dict` writes ``{"kind": ..., field: ...}``
    with tiles as ``[kind, price, walls]``, cards as ``[currency, value]`` and cells
    as ``[x, y]``.
    """

    __slots__ = ()
    kind: ClassVar[str]

    def to_dict(self):
        """The JSON-able form; `action_from_dict` reads it back."""
        raise InvalidInput(f"{type(self).__name__} is no action of a kind: make one of its "
                           f"kinds ({', '.join(_DECODERS)})")


@dataclass(frozen=True, slots=True)
class Take(Action):
    """Take money from the display: one card of any value, or several totalling at most 5.

    The cards are kept highest value first, so the order they are given in does not
    matter for equality.
    """

    cards: tuple
    kind: ClassVar[str] = "take"

    def __post_init__(self):
        object.__setattr__(self, "cards", _check_cards(self.cards, self.kind))

    def __str__(self):
        return "take " + " + ".join(map(str, self.cards))

    def to_dict(self):
        return {"kind": self.kind, "cards": [c.to_list() for c in self.cards]}


@dataclass(frozen=True, slots=True)
class Buy(Action):
    """Buy `tile` from market square `square` (1..4), paying `cards` of its currency.

    The tile is part of the action so that an action prepared for a market that has
    changed since is refused rather than buying another tile.
    """

    square: int
    tile: Tile
    cards: tuple
    kind: ClassVar[str] = "buy"

    def __post_init__(self):
        _check_square(self.square)
        _check_tile(self.tile, self.kind)
        object.__setattr__(self, "cards", _check_cards(self.cards, self.kind))

    @property
    def currency(self):
        """The currency of the square, the one the tile must be paid in."""
        return CURRENCIES[self.square - 1]

    @property
    def exact(self):
        """Whether the cards total exactly the price (which grants another action)."""
        return payment_total(self.cards) == self.tile.price

    @property
    def exchange(self):
        """The exchange card this payment uses, or None."""
        return next((c for c in self.cards if isinstance(c, ExchangeCard)), None)

    def _paying(self):
        note = " (exact)" if self.exact else ""
        if all(c.__class__ is Card for c in self.cards):
            paid = "+".join(str(c.value) for c in self.cards)
        else:
            paid = " + ".join(map(str, self.cards))
        return f"{self.tile} from {self.currency} square paying {paid}{note}"

    def __str__(self):
        return f"buy {self._paying()}"

    def to_dict(self):
        return {"kind": self.kind, "square": self.square, "tile": self.tile.to_list(),
                "cards": [c.to_list() for c in self.cards]}


@dataclass(frozen=True, slots=True)
class ColourAction(Action):
    """An action whose one field names a building type, `colour` (RULES.md §M0.1: colour
    is type); a ValueError for any other value. A module's kind subclasses it."""

    colour: str

    def __post_init__(self):
        _colour(self.colour)

    def to_dict(self):
        return {"kind": self.kind, "colour": self.colour}


class PlainAction(Action):
    """An action with no fields: its kind says everything (``end``, ``decline``...)."""

    __slots__ = ()
    text: ClassVar[str]

    def __str__(self):
        return self.text

    def to_dict(self):
        return {"kind": self.kind}


@dataclass(frozen=True, slots=True)
class End(PlainAction):
    """End the action part of the turn (after an exact payment), or pass."""

    kind: ClassVar[str] = "end"
    text: ClassVar[str] = "end"


def _check_gate(gate):
    if gate is not None and gate not in SIDES:
        raise ValueError(f"a gate is on a side N, E, S or W of the tile placed, got {gate!r}")


def _gate_text(gate):
    return "" if gate is None else f" through a gate on its {gate} side"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Turn end: put a tile waiting to be placed onto cell `pos` of the Alhambra.

    `gate` (City Gates, RULES.md §M5): the side of the tile where a gate joins it to the
    Alhambra through a double wall; None (and absent from `to_dict`) without one.

    Examples
    --------
    >>> print(Place(Tile("tower", 9, "W"), (1, 0), gate="W"))
    place 9-tower at (1, 0) through a gate on its W side
    """

    tile: Tile
    pos: tuple
    gate: str | None = None
    kind: ClassVar[str] = "place"

    def __post_init__(self):
        _check_tile(self.tile, self.kind)
        object.__setattr__(self, "pos", check_cell(self.pos))
        _check_gate(self.gate)

    def __str__(self):
        return f"place {self.tile} at {self.pos}{_gate_text(self.gate)}"

    def to_dict(self):
        data = {"kind": self.kind, "tile": self.tile.to_list(), "pos": list(self.pos)}
        if self.gate is not None:
            data["gate"] = self.gate
        return data


@dataclass(frozen=True, slots=True)
class Reserve(Action):
    """Turn end: put a tile waiting to be placed onto the reserve."""

    tile: Tile
    kind: ClassVar[str] = "reserve"

    def __post_init__(self):
        _check_tile(self.tile, self.kind)

    def __str__(self):
        return f"reserve {self.tile}"

    def to_dict(self):
        return {"kind": self.kind, "tile": self.tile.to_list()}


@dataclass(frozen=True, slots=True)
class Give(Action):
    """Turn end of a two-player game: give a tile bought this turn to Dirk."""

    tile: Tile
    kind: ClassVar[str] = "give"

    def __post_init__(self):
        _check_tile(self.tile, self.kind)

    def __str__(self):
        return f"give {self.tile} to {DIRK}"

    def to_dict(self):
        return {"kind": self.kind, "tile": self.tile.to_list()}


@dataclass(frozen=True, slots=True)
class Redesign(Action):
    """One redesign operation (RULES.md §7).

    Parameters
    ----------
    move : {"place", "remove", "exchange"}
        ``place``: reserve `tile` onto empty cell `pos`; ``remove``: the tile on
        `pos` to the reserve (`tile` is None); ``exchange``: reserve `tile` takes
        cell `pos`, whose tile goes to the reserve.
    gate : {"N", "E", "S", "W"} or None
        A ``place`` through a City Gates gate on that side of the tile (RULES.md §M5).

    Examples
    --------
    >>> t = Tile("tower", 9, "N")
    >>> print(Redesign("place", t, (0, 1)))
    redesign: place 9-tower from reserve at (0, 1)
    >>> print(Redesign("exchange", t, (0, 1)))
    redesign: exchange 9-tower from reserve with the tile at (0, 1)
    >>> Redesign("remove", t, (0, 1))
    Traceback (most recent call last):
    ...
    ValueError: a remove redesign names no reserve tile, got Tile('tower', 9, 'N')
    """

    move: str
    tile: Tile | None
    pos: tuple
    gate: str | None = None
    kind: ClassVar[str] = "redesign"

    def __post_init__(self):
        if self.move not in REDESIGN_MOVES:
            raise ValueError(f"a redesign move is one of {', '.join(REDESIGN_MOVES)}, "
                             f"got {self.move!r}")
        if self.move == "remove":
            if self.tile is not None:
                raise ValueError(f"a remove redesign names no reserve tile, got {self.tile!r}")
        else:
            _check_tile(self.tile, self.kind)
        object.__setattr__(self, "pos", check_cell(self.pos))
        _check_gate(self.gate)
        if self.gate is not None and self.move != "place":
            raise ValueError("only a redesign placing a reserve tile may use a gate (§M5)")

    def __str__(self):
        if self.move == "remove":
            return f"redesign: move {self.pos} to reserve"
        if self.move == "place":
            return f"redesign: place {self.tile} from reserve at {self.pos}{_gate_text(self.gate)}"
        return f"redesign: exchange {self.tile} from reserve with the tile at {self.pos}"

    def to_dict(self):
        data = {"kind": self.kind, "move": self.move,
                "tile": None if self.tile is None else self.tile.to_list(),
                "pos": list(self.pos)}
        if self.gate is not None:
            data["gate"] = self.gate
        return data


@dataclass(frozen=True, slots=True)
class Decline(PlainAction):
    """Let a chance pass in a module's decision (a vizier window, §M1)."""

    kind: ClassVar[str] = "decline"
    text: ClassVar[str] = "decline"


def _cards_from_list(data):
    return tuple(map(card_from_list, _list(data, "cards")))


def _square(data):
    _check_square(data)
    return data


def _bazaar_from_list(data):
    """A bazaar tile (RULES.md §M16) from its JSON form; any other tile is refused."""
    tile = tile_from_list(data)
    if tile.kind != "bazaar":
        raise ValueError(f"a bazaar is written ['bazaar', 0, '', currency, type, type, type], "
                         f"got {data!r}")
    return tile


def _colour(data):
    """A building type name (a hut's colour, RULES.md §M0.1: colour is type)."""
    if not isinstance(data, str) or data not in KINDS:
        raise ValueError(f"a colour is a building type, one of {', '.join(KINDS)}, got {data!r}")
    return data


# kind -> (class, {field: decoder}); the order of fields is the constructor's.
_DECODERS = {
    "take": (Take, {"cards": _cards_from_list}),
    "buy": (Buy, {"square": _square, "tile": tile_from_list, "cards": _cards_from_list}),
    "end": (End, {}),
    "decline": (Decline, {}),
    "place": (Place, {"tile": tile_from_list, "pos": _pos_from_list}),
    "reserve": (Reserve, {"tile": tile_from_list}),
    "give": (Give, {"tile": tile_from_list}),
    "redesign": (Redesign, {"move": lambda d: d,
                            "tile": lambda d: None if d is None else tile_from_list(d),
                            "pos": _pos_from_list}),
}

#: kind -> {optional field: decoder}: fields written only when set (a gate, §M5), so
#: the actions of the base game keep their form.
_OPTIONAL = {"place": {"gate": lambda d: d}, "redesign": {"gate": lambda d: d}}

#: Every action kind known, base game first, then those the modules registered.
ACTION_KINDS = _DECODERS.keys()
_BASE_ACTION_KINDS = frozenset(_DECODERS)

#: The field decoders a module's action may use in `register_action`.
def _colours(data):
    """Building type names in order (citizens of the Street Merchant, RULES.md §M12)."""
    return tuple(map(_colour, _list(data, "colours")))


def _room(data):
    """A room of the Treasure Chamber, 1, 2 or 3 (RULES.md §M13)."""
    if not isinstance(data, int) or isinstance(data, bool) or data not in (1, 2, 3):
        raise ValueError(f"a treasure room is 1, 2 or 3, got {data!r}")
    return data


def _sides(data):
    """Side letters in N, E, S, W order (the sticks of a wall card, RULES.md §M9)."""
    if not isinstance(data, str) or not data or "".join(s for s in SIDES if s in data) != data:
        raise ValueError(f"sides are letters among N, E, S, W in that order, got {data!r}")
    return data


def _cell_or_none(data):
    """A cell ``[x, y]``, or None (a tile off the board)."""
    return None if data is None else _pos_from_list(data)


FIELD_DECODERS = MappingProxyType({"cards": _cards_from_list, "square": _square,
                                   "tile": tile_from_list, "pos": _pos_from_list,
                                   "bazaar": _bazaar_from_list, "colour": _colour,
                                   "colours": _colours, "room": _room,
                                   "card": card_from_list, "sides": _sides,
                                   "cell": _cell_or_none})


def action_fields(kind):
    """The field names of an action kind, in constructor order (`register_action`)."""
    return tuple(_DECODERS[kind][1])


def register_action(cls, fields=()):
    """Make a module's action class known to `action_from_dict` (once, at import).

    `fields` names the constructor's fields in order, each decoded by
    `FIELD_DECODERS`. The base game's kinds cannot be replaced.
    """
    known = _DECODERS.get(cls.kind)
    if known is not None and known[0] is not cls:
        raise ValueError(f"action kind {cls.kind!r} is taken by {known[0].__name__}")
    _DECODERS[cls.kind] = (cls, {name: FIELD_DECODERS[name] for name in fields})
    return cls


def unregister_action(kind):
    """Forget a module's action kind (`register_action`): for tests of a module defined
    outside the library. The base game's kinds stay.

    Raises
    ------
    ValueError
        `kind` is one of the base game's, or unknown.
    """
    if kind in _BASE_ACTION_KINDS or kind not in _DECODERS:
        raise ValueError(f"{kind!r} is no module's action kind")
    del _DECODERS[kind]


def _list(data, name):
    if not isinstance(data, list):
        raise ValueError(f"{name} are written as a list, got {data!r}")
    return data


def action_from_dict(data):
    """Rebuild an action from `Action.to_dict` output, refusing anything else.

    Examples
    --------
    >>> action_from_dict({"kind": "take", "cards": [["ducat", 3]]})
    Take(cards=(Card(currency='ducat', value=3),))
    >>> action_from_dict({"kind": "fly"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown action kind 'fly': expected one of take, buy, end, decline, \
place, reserve, give, redesign...
    """
    if not isinstance(data, dict):
        raise ValueError(f"an action is written as a dict, got {data!r}")
    kind = data.get("kind")
    if kind not in _DECODERS:
        raise ValueError(f"unknown action kind {kind!r}: expected one of {', '.join(_DECODERS)}")
    cls, fields = _DECODERS[kind]
    optional = _OPTIONAL.get(kind, {}).keys() & data.keys()
    if set(data) - optional != {"kind", *fields}:
        raise ValueError(f"a {kind} action has the keys {sorted({'kind', *fields})}, "
                         f"got {sorted(data)}")
    try:
        extra = {name: _OPTIONAL[kind][name](data[name]) for name in optional}
        return cls(*(decode(data[name]) for name, decode in fields.items()), **extra)
    except (TypeError, RecursionError) as error:
        raise ValueError(f"bad {kind} action {data!r}: {error}") from None


def take_choices(display):
    """The distinct ways to take money from `display` (a tuple of cards).

    One card of any value, or several money cards whose values total at most 5
    (RULES.md §4a); an exchange card is taken alone (RULES.md §M2). Equal cards are
    interchangeable, so each choice is a distinct multiset, written as a tuple of cards
    in `card_order`.

    Returns
    -------
    tuple of tuple of Card
        Fewer cards first, then by `card_order`.

    Examples
    --------
    >>> d = (Card("ducat", 2), Card("ducat", 2), Card("florin", 9))
    >>> [" + ".join(map(str, c)) for c in take_choices(d)]
    ['9 florin', '2 ducat', '2 ducat + 2 ducat']
    """
    ordered = sorted(display, key=card_order)
    money = [c for c in ordered if isinstance(c, Card)]
    choices: set[tuple] = {(c,) for c in ordered}

    def extend(start: int, cards: tuple, total: int) -> None:
        # Only subsets within the limit are grown (a value is at least 1): a large
        # display (module cards) costs its few choices, not all its 2**n subsets.
        for i in range(start, len(money)):
            value = total + money[i].value
            if value <= 5:
                more = cards + (money[i],)
                if len(more) > 1:
                    choices.add(more)
                extend(i + 1, more, value)

    extend(0, (), 0)
    return tuple(sorted(choices, key=lambda cards: (len(cards), [card_order(c) for c in cards])))
