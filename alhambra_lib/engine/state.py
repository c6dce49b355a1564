"""The game's state as data: copying it structurally, and its append-only event log.

A `Game`'s attributes are of three sorts (see `Game.copy`):

* **wiring**, fixed at construction (the config, the modules and their resolved
  hooks): shared by copies, never pickled (a loaded game wires itself again);
* **caches** (`game._CACHES`), derived from the state: a copy shares one only when it
  is immutable, else starts it empty; pickling drops them;
* **state**, everything else: plain containers of frozen values (tiles, cards,
  decisions), the players' `Alhambra` objects, the generator and the modules' slices.
  `copy_data` copies it structurally, sharing only what cannot change; `engine.schema`
  declares how each field is saved.

The event log is append-only, so a copy shares the list and keeps its own length;
`append_event` forks the list only when another game has appended past that length
(copying its references once, at the game's first event after the copy).
So copying costs the same at the start of a game and at its end, and a copy's later
events never appear in its original, or the other way round.

Examples
--------
>>> from alhambra_lib.components import Tile
>>> state = {"bag": [Tile("tower", 9, "N")], "scores": {"Ana": 3}, "turn": (1, 2)}
>>> copied = copy_data(state)
>>> copied == state, copied["bag"] is state["bag"], copied["turn"] is state["turn"]
(True, False, True)
>>> log, n = [], 0
>>> log, n = append_event(log, n, {"type": "turn"})
>>> shared, m = log, n  # a copy shares the list and its length
>>> log, n = append_event(log, n, {"type": "take"})
>>> shared, m = append_event(shared, m, {"type": "buy"})  # forks: the list grew past m
>>> [e["type"] for e in log[:n]], [e["type"] for e in shared[:m]]
(['turn', 'take'], ['turn', 'buy'])
"""

from __future__ import annotations

import copy as _copy
import dataclasses
import random
from collections.abc import Callable
from enum import Enum
from typing import Any

__all__ = ["copy_data", "copy_rng", "append_event", "is_immutable"]

_SCALARS = (str, int, float, bool, bytes, type(None), frozenset, range)


def copy_rng(rng: random.Random) -> random.Random:
    """An independent generator in the same state as `rng` (it draws what `rng` would).

    Skips the seeding from fresh entropy that ``random.Random()`` does (the state is
    overwritten at once): a quarter of the cost.

    Examples
    --------
    >>> a = random.Random(3)
    >>> b = copy_rng(a)
    >>> a.random() == b.random(), a is b
    (True, False)
    """
    new = type(rng).__new__(type(rng))
    new.setstate(rng.getstate())
    return new


#: type -> whether its values can never change, filled as types are met (a dict lookup
#: per item is what copying costs).
_IMMUTABLE: dict = {}


def _immutable_type(cls: type) -> bool:
    known = _IMMUTABLE.get(cls)
    if known is None:
        known = _IMMUTABLE[cls] = _judge_type(cls)
    return known


def _judge_type(cls: type) -> bool:
    """Whether values of `cls` can never change: scalars, frozen dataclasses (tiles,
    cards, actions, the config), enums and named tuples (a `Decision`)."""
    if issubclass(cls, _SCALARS) or issubclass(cls, Enum):
        return True
    if issubclass(cls, tuple) and cls is not tuple:
        return True  # a named tuple of values (`Decision`: its data is read-only)
    params = getattr(cls, "__dataclass_params__", None)
    return bool(dataclasses.is_dataclass(cls) and params is not None and params.frozen)


def is_immutable(value: Any) -> bool:
    """Whether `value` can be shared between two games: it never changes.

    Examples
    --------
    >>> is_immutable((1, "a", frozenset({2}))), is_immutable((1, [2])), is_immutable({})
    (True, False, False)
    """
    if value.__class__ is tuple:
        return all(is_immutable(item) for item in value)
    return _immutable_type(value.__class__)


def _copy_list(value: list) -> list:
    # A type not met yet is judged by `copy_data`, which shares an immutable item.
    known = _IMMUTABLE.get
    return [item if known(item.__class__) else copy_data(item) for item in value]


def _copy_dict(value: dict) -> dict:
    known = _IMMUTABLE.get
    return {key: item if known(item.__class__) else copy_data(item)
            for key, item in value.items()}


def _copy_tuple(value: tuple) -> tuple:
    return value if is_immutable(value) else tuple(copy_data(item) for item in value)


_COPIERS: dict[type, Callable[[Any], Any]] = {
    list: _copy_list,
    dict: _copy_dict,
    set: set.copy,  # the items of a set are hashable values
    tuple: _copy_tuple,
    random.Random: copy_rng,
}


def copy_data(value: Any) -> Any:
    """A structural copy of plain state: lists, dicts, sets and tuples are copied at
    every level, immutable values shared, objects with a ``copy`` method (an
    `Alhambra`) copied by it, and anything else deep-copied.

    Cost: one type test per item, independent of how the state came about.
    """
    cls = value.__class__
    copier = _COPIERS.get(cls)
    if copier is not None:
        return copier(value)
    if _immutable_type(cls):
        return value
    copier_method = getattr(value, "copy", None)
    if callable(copier_method):
        return copier_method()
    return _copy.deepcopy(value)


def append_event(log: list, length: int, event: dict) -> tuple[list, int]:
    """Append `event` to an event log shared by copies: ``(log, length)`` afterwards.

    The game's events are ``log[:length]``. When another game sharing the list has
    appended past `length`, the list is forked first (its first `length` events are
    the same), so no game ever sees another's later events.
    """
    if len(log) != length:
        log = log[:length]
    log.append(event)
    return log, length + 1
