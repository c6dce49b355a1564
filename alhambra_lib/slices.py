"""Typed module slices: a slice's shape declared as types, one codec that checks a save.

A module keeps its state as plain JSON-able data, its *slice* (copying a game copies
plain data, which is fast). The module declares the slice's shape once, as types:
a `TypedDict` whose fields are ``bool``, ``int``, ``str``, ``None``, `Literal` sets,
``list[...]``, ``tuple[...]`` (a list of fixed length in the save), ``dict[str, ...]``,
``X | None``, and ``Annotated[X, marker, ...]`` for what a plain type cannot say:

- a string: how the value is named in messages (``Annotated[int, "a round"]``);
- `Range`, `Size`: bounds of an integer, of a list's or a dict's length;
- `PLAYER_KEYS` / `Keys`: a dict's keys are exactly the players / the given names (read
  in that order; a dict keyed by `Player` is read in seat order too);
- `PLAYER`, `DISTINCT`: a string naming a player; a list without repeats;
- `Via`: a value read by a decoder of the library (a tile, a card, a cell), kept in its
  saved form (``to_list``), optionally accepted only when a predicate holds;
- `Sort`: the list is put in a canonical order (a bag has none).

`decode_slice` reads a saved slice against its declaration and returns it (sorted where
declared); anything else raises `InvalidSave` whose ``where`` is the slice
(``"modules_state.vizier"``) and whose message names the exact place inside it and what
was expected there. The rules that relate fields to each other or to the rest of the
game stay with the module, as short named checks (`Module.slice_rules`). `decode` does
the same for any part of a save (the scoring events' totals, `engine.persist`).

Examples
--------
>>> from typing import TypedDict
>>> class Sleep(TypedDict):
...     awake: PerPlayer[bool]
...     turns: Annotated[int, Range(0, 9)]
>>> decode_slice(Sleep, {"awake": {"Ana": True, "Ben": False}, "turns": 2}, "demo",
...              ("Ana", "Ben"))
{'awake': {'Ana': True, 'Ben': False}, 'turns': 2}
>>> decode_slice(Sleep, {"awake": {"Ana": True, "Ben": 1}, "turns": 2}, "demo", ("Ana", "Ben"))
Traceback (most recent call last):
...
alhambra_lib.errors.InvalidSave: invalid saved game (modules_state.demo): the demo slice at awake.Ben: expected true or false, got 1
"""

from __future__ import annotations

import types
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import (
    Annotated,
    Any,
    Literal,
    TypeVar,
    Union,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)

from .actions import card_from_list, card_order, tile_from_list, tile_order
from .errors import InvalidSave, brief

__all__ = [
    "Annotated", "CARD", "CARD_ORDER", "Currency", "DISTINCT", "Direction", "Keys", "Kind", "PLAYER",
    "PLAYER_KEYS", "PerPlayer", "Player", "Range", "Size", "Sort", "TILE", "TILE_ORDER", "Via",
    "decode", "decode_slice", "describe",
]

_T = TypeVar("_T")


class _Refused(Exception):
    """A value that does not fit: the message says what was expected. Each container it
    leaves adds its key to `path` (innermost first), so a value that fits costs no path;
    `decode` raises it as `InvalidSave`."""

    def __init__(self, message: str):
        super().__init__(message)
        self.path: list = []


@dataclass(frozen=True)
class Range:
    """An integer from `least` to `most` (None: unbounded)."""

    least: int | None = None
    most: int | None = None

    def text(self) -> str:
        if self.most is None:
            return f"at least {self.least}"
        if self.least is None:
            return f"at most {self.most}"
        return f"from {self.least} to {self.most}"

    def after(self, value: Any, players: tuple, what: str) -> Any:
        if (self.least is not None and value < self.least) or (
                self.most is not None and value > self.most):
            raise _Refused(f"expected {what}, got {brief(value)}")
        return value


@dataclass(frozen=True)
class Size:
    """A list (or dict) of `least` to `most` items (`most` None: any number)."""

    least: int = 0
    most: int | None = None

    def text(self) -> str:
        if self.least == self.most:
            return f"exactly {self.least} items"
        return (f"at least {self.least} item{'s' * (self.least != 1)}" if self.most is None
                else f"{self.least} to {self.most} items")

    def before(self, value: Any, players: tuple) -> None:
        if isinstance(value, (list, dict)) and not (
                self.least <= len(value) <= (len(value) if self.most is None else self.most)):
            raise _Refused(f"expected {self.text()}, got {len(value)}")


@dataclass(frozen=True)
class Keys:
    """A dict whose keys are exactly `names` (`text` names them in messages), in their
    order (a save sorts them)."""

    names: tuple
    text: str = ""

    def before(self, value: Any, players: tuple) -> None:
        _same_keys(value, set(self.names), self.text or f"the keys {list(self.names)}")

    def after(self, value: Any, players: tuple, what: str) -> Any:
        return {name: value[name] for name in self.names}


@dataclass(frozen=True)
class _PlayerKeys:
    """A dict with one entry per player, in seat order (a save sorts them)."""

    def before(self, value: Any, players: tuple) -> None:
        _same_keys(value, set(players), f"one entry per player {list(players)}")

    def after(self, value: Any, players: tuple, what: str) -> Any:
        return {name: value[name] for name in players}


@dataclass(frozen=True)
class _Player:
    """A string naming a player of the game."""

    def after(self, value: Any, players: tuple, what: str) -> Any:
        if value not in players:
            raise _Refused(f"expected a player ({', '.join(players)}), "
                                 f"got {brief(value)}")
        return value


@dataclass(frozen=True)
class _Distinct:
    """A list without repeats."""

    def after(self, value: Any, players: tuple, what: str) -> Any:
        if len(set(map(repr, value))) != len(value):
            raise _Refused(f"expected distinct items, got {brief(value)}")
        return value


@dataclass(frozen=True)
class Sort:
    """Put a list in canonical order: sorted by `key` (of the saved item)."""

    key: Callable[[Any], Any]

    def after(self, value: Any, players: tuple, what: str) -> Any:
        return sorted(value, key=self.key)


@dataclass(frozen=True)
class Via:
    """A value read by `decode` (raising TypeError or ValueError), accepted when
    `accept` (of the decoded value) holds, and kept as ``encode(decoded)``; `text`
    names it in messages."""

    decode: Callable[[Any], Any]
    encode: Callable[[Any], Any]
    text: str
    accept: Callable[[Any], bool] | None = field(default=None)

    def where(self, accept: Callable[[Any], bool], text: str) -> Via:
        """The same reading, accepting only what `accept` says (`text`: its name)."""
        return Via(self.decode, self.encode, text, accept)

    def after(self, value: Any, players: tuple, what: str) -> Any:
        try:
            decoded = self.decode(value)
        except (TypeError, ValueError) as error:
            raise _Refused(f"expected {self.text}: {error}") from None
        if self.accept is not None and not self.accept(decoded):
            raise _Refused(f"expected {self.text}, got {decoded}")
        return self.encode(decoded)


#: Markers without parameters.
PLAYER_KEYS = _PlayerKeys()
PLAYER = _Player()
DISTINCT = _Distinct()
#: A tile (``[kind, price, walls, *marks]``) and a card (``Card.to_list``) as saved.
TILE = Via(tile_from_list, lambda tile: tile.to_list(), "a tile")
CARD = Via(card_from_list, lambda card: card.to_list(), "a card")
#: Saved tiles and cards in the library's order (`actions.tile_order`, `card_order`).
TILE_ORDER = Sort(lambda saved: tile_order(tile_from_list(saved)))
CARD_ORDER = Sort(lambda saved: card_order(card_from_list(saved)))

#: Names of a player; ``{player: X}`` with one entry per player.
Player = Annotated[str, PLAYER]
PerPlayer = Annotated[dict[str, _T], PLAYER_KEYS]
#: The currencies, the six building types (also citizens' and scouts' colours by
#: type), the four directions (``components.CURRENCIES``, ``KINDS``; a test keeps
#: them in step).
Currency = Literal["denar", "dirham", "ducat", "florin"]
Kind = Literal["pavilion", "seraglio", "arcades", "chambers", "garden", "tower"]
Direction = Literal["N", "E", "S", "W"]


def _same_keys(value: Any, expected: set, text: str) -> None:
    if isinstance(value, dict) and value.keys() != expected:
        missing, unknown = expected - set(value), set(value) - expected
        raise _Refused(f"expected {text}: missing {sorted(missing)}, unknown "
                             f"{sorted(map(str, unknown))}")


def describe(spec: Any) -> str:
    """How a declared type reads in a message.

    Examples
    --------
    >>> describe(list[Annotated[int, Range(1, 3)]]), describe(Kind | None)
    ('a list of (an integer from 1 to 3)', "one of 'pavilion', 'seraglio', 'arcades', \
'chambers', 'garden', 'tower' or null")
    """
    origin, args = get_origin(spec), get_args(spec)
    if origin is Annotated:
        named = [m for m in args[1:] if isinstance(m, str)]
        bounds = [m.text() for m in args[1:] if isinstance(m, Range)]
        vias = [m.text for m in args[1:] if isinstance(m, Via)]
        if named:
            return named[0] + "".join(f" ({b})" for b in bounds)
        return vias[0] if vias else " ".join([describe(args[0]), *bounds])
    if spec is None or spec is type(None):
        return "null"
    if origin is Literal:
        return "one of " + ", ".join(map(repr, args))
    if origin in (Union, types.UnionType):
        return " or ".join(describe(a) for a in args)
    if origin is list:
        return f"a list of ({describe(args[0])})"
    if origin is tuple:
        return "[" + ", ".join(describe(a) for a in args) + "]"
    if origin is dict:
        return f"{{{describe(args[0])}: {describe(args[1])}}}"
    if is_typeddict(spec):
        return "{" + ", ".join(_fields(spec)) + "}"
    return {bool: "true or false", int: "an integer", float: "a float", str: "a string",
            Any: "anything"}.get(spec, str(spec))


@lru_cache(maxsize=None)
def _fields(spec: Any) -> dict:
    return get_type_hints(spec, include_extras=True)


_EXACT = (bool, int, float, str, type(None))
#: Reads a saved value given the players' names: returns it (sorted where declared) or
#: raises `_Refused`.
_Read = Callable[[Any, tuple], Any]


def _refuse(what: str, value: Any) -> _Refused:
    return _Refused(f"expected {what}, got {brief(value)}")


@lru_cache(maxsize=None)
def _reader(spec: Any) -> _Read:
    """The function that reads a saved value of the declared type `spec`, built once per
    type (a load reads each slice without looking at its declaration again)."""
    origin, args, what = get_origin(spec), get_args(spec), describe(spec)
    if origin is Annotated:
        return _annotated(args[0], args[1:], what)
    if spec is None or spec in _EXACT:
        return _exact(type(None) if spec is None else spec, what)
    if spec is Any:
        return lambda value, players: value
    if origin is Literal:
        return _literal(args, what)
    if origin in (Union, types.UnionType):
        return _union(args, what)
    if origin is list:
        return _list(_reader(args[0]), what)
    if origin is tuple:
        return _tuple(tuple(map(_reader, args)), what)
    if origin is dict:
        return _dict(_reader(args[0]), _reader(args[1]), what, by_seat=args[0] == Player)
    if is_typeddict(spec):
        return _typed_dict({name: _reader(kind) for name, kind in
                        get_type_hints(spec, include_extras=True).items()}, what)
    raise TypeError(f"no codec for the declared type {spec!r}")


def _exact(kind: type, what: str) -> _Read:
    def read(value, players):
        if type(value) is not kind:  # True is no integer here, 1 no boolean
            raise _refuse(what, value)
        return value
    return read


def _literal(values: tuple, what: str) -> _Read:
    allowed = {value: type(value) for value in values}

    def read(value, players):
        try:
            ok = allowed.get(value) is type(value)  # True is not 1 here
        except TypeError:  # a list or a dict
            ok = False
        if not ok:
            raise _refuse(what, value)
        return value
    return read


def _union(options: tuple, what: str) -> _Read:
    nullable = type(None) in options
    readers = [_reader(o) for o in options if o is not type(None)]

    def read(value, players):
        if value is None and nullable:
            return None
        for option in readers:
            try:
                return option(value, players)
            except _Refused as refused:
                if refused.path and len(readers) == 1:
                    raise  # inside X of X | None: said exactly
        raise _refuse(what, value)
    return read


def _read_each(entries: Iterable[tuple[Any, _Read, Any]], players: tuple) -> list:
    """Read each ``(key, reader, value)``; a refusal inside gets `key` on its path."""
    out, key = [], None
    try:
        for key, read, value in entries:
            out.append(read(value, players))
    except _Refused as refused:
        refused.path.append(key)
        raise
    return out


def _list(item: _Read, what: str) -> _Read:
    def read(value, players):
        if not isinstance(value, list):
            raise _refuse(what, value)
        return _read_each(((i, item, entry) for i, entry in enumerate(value)), players)
    return read


def _tuple(items: tuple, what: str) -> _Read:
    def read(value, players):
        if not isinstance(value, list) or len(value) != len(items):
            raise _refuse(what, value)
        return _read_each(zip(range(len(items)), items, value), players)
    return read


def _dict(key: _Read, item: _Read, what: str, by_seat: bool = False) -> _Read:
    """A dict's reader; one keyed by players (`by_seat`) is put in seat order (a save sorts
    the keys)."""
    def read(value, players):
        if not isinstance(value, dict):
            raise _refuse(what, value)
        keys = _read_each(((name, key, name) for name in value), players)
        entries = dict(zip(keys, _read_each(((name, item, entry)
                                             for name, entry in value.items()), players)))
        if by_seat:
            return {name: entries[name] for name in players if name in entries}
        return entries
    return read


def _typed_dict(fields: dict, what: str) -> _Read:
    names = set(fields)

    def read(value, players):
        if not isinstance(value, dict):
            raise _refuse(what, value)
        _same_keys(value, names, what)
        return dict(zip(fields, _read_each(
            ((name, field_reader, value[name]) for name, field_reader in fields.items()),
            players)))
    return read


def _annotated(base: Any, markers: tuple, what: str) -> _Read:
    befores = [m.before for m in markers if hasattr(m, "before")]
    afters = [m.after for m in markers if hasattr(m, "after")]
    # A value read by a `Via` is its saved list; a named or bounded value that is wrong
    # itself (not inside) is said with its name and bounds.
    base_read = None if any(isinstance(m, Via) for m in markers) else _reader(base)
    renamed = any(isinstance(m, (str, Range)) for m in markers)

    def read(value, players):
        for before in befores:
            before(value, players)
        if base_read is None:
            if not isinstance(value, list):
                raise _refuse(what, value)
        else:
            try:
                value = base_read(value, players)
            except _Refused as refused:
                if refused.path or not renamed:
                    raise
                raise _refuse(what, value) from None
        for after in afters:
            value = after(value, players, what)
        return value
    return read


def _path_text(path: list) -> str:
    text = ""
    for step in reversed(path):
        text += f"[{step}]" if isinstance(step, int) else f".{step}"
    return text.lstrip(".")


def decode(spec: Any, data: Any, where: str, players: Iterable[str] = (),
           what: str = "") -> Any:
    """`data`, a part of a save, read against its declared type `spec`.

    Returns it as plain data (lists sorted where `Sort` says so, tiles and cards in their
    saved form). Raises `InvalidSave` at `where` whose message names the place inside
    `data` and what was expected there (after `what`, the part's name, or `where`).
    `players` are the names `PLAYER` and `PLAYER_KEYS` accept.
    """
    try:
        return _reader(spec)(data, tuple(players))
    except _Refused as refused:
        at = f" at {_path_text(refused.path)}" if refused.path else ""
        raise InvalidSave(f"{what or where}{at}: {refused}", where) from None


def decode_slice(spec: Any, data: Any, module: str, players: Iterable[str]) -> Any:
    """`data`, the saved slice of `module`, read against its declared type `spec` (see
    `decode`); a refusal is at ``"modules_state.<module>"``."""
    return decode(spec, data, f"modules_state.{module}", players, f"the {module} slice")
