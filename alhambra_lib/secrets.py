"""Slots of a public state: what the sampler (`engine.sampling`) and the modules' hooks
``redact_slice`` / ``redact_hand`` / ``tidy_slice`` share, outside the engine (a module
imports nothing from the engine at run time).

A secret is replaced by a *slot* ``{"?": class}``; a module's hook calls the sampler's
`Secret` for the items it hides and writes the slots it returns in their place.

A slot may carry a condition that the public record sets on it: ``"not"``, the values
it cannot take, and ``"apart"``, a name shared by slots of its class that take
distinct values (the sampler deals only arrangements that respect both).

Examples
--------
>>> slot("thief")
{'?': 'thief'}
>>> slot("citizen", barred=["tower"], apart="Ben")
{'?': 'citizen', 'not': ['tower'], 'apart': 'Ben'}
>>> is_slot({"?": "thief"}), is_slot({"?": "thief", "n": 1})
(True, False)
>>> allows(slot("citizen", barred=["tower"]), "tower")
False
>>> lists = [[3, 1], [2, 0]]
>>> sort_lists(lists, int); lists
[[1, 3], [0, 2]]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol

__all__ = ["APART", "NOT", "SLOT", "Secret", "allows", "slot", "is_slot", "sort_lists"]

#: The slot of a secret in a public state: ``{"?": class}``.
SLOT = "?"
#: A slot's conditions: the values it cannot take; the group whose slots differ.
NOT, APART = "not", "apart"
_KEYS = frozenset({SLOT, NOT, APART})


class Secret(Protocol):
    """``secret(items, cls, barred=(), apart=None) -> slots``: the sampler pools `items`
    as secrets of class `cls` and returns one slot for each, to put in their place, each
    with the conditions given (see `slot`)."""

    def __call__(self, items: list[Any], cls: str, *, barred: Sequence[Any] = (),
                 apart: str | None = None) -> list[dict[str, Any]]: ...


def slot(cls: str, *, barred: Sequence[Any] = (), apart: str | None = None) -> dict[str, Any]:
    """The slot of a secret of class `cls`; it cannot take a value of `barred`, and the
    slots of its class with the same `apart` take distinct values."""
    found: dict[str, Any] = {SLOT: cls}
    if barred:
        found[NOT] = list(barred)
    if apart is not None:
        found[APART] = apart
    return found


def is_slot(value: Any) -> bool:
    """Whether `value` is a slot."""
    return isinstance(value, dict) and SLOT in value and value.keys() <= _KEYS


def allows(found: dict[str, Any], value: Any) -> bool:
    """Whether slot `found` may take `value` (its ``"not"`` only; ``"apart"`` concerns
    the slots together)."""
    return value not in found.get(NOT, ())


def sort_lists(lists: Iterable[list[Any]], key: Callable[[Any], Any]) -> None:
    """Sort each list of `lists` in place by `key` (a slice's lists once dealt)."""
    for items in lists:
        items.sort(key=key)
