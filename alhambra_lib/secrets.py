"""Slots of a public state: what the sampler (`engine.sampling`) and the modules' hooks
``redact_slice`` / ``redact_hand`` / ``tidy_slice`` share, outside the engine (a module
imports nothing from the engine at run time).

A secret is replaced by a *slot* ``{"?": class}``; a module's hook calls the sampler's
`Secret` for the items it hides and writes the slots it returns in their place.

Examples
--------
>>> slot("thief")
{'?': 'thief'}
>>> is_slot({"?": "thief"}), is_slot({"?": "thief", "n": 1})
(True, False)
>>> lists = [[3, 1], [2, 0]]
>>> sort_lists(lists, int); lists
[[1, 3], [0, 2]]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

__all__ = ["SLOT", "Secret", "slot", "is_slot", "sort_lists"]

#: The slot of a secret in a public state: ``{"?": class}``.
SLOT = "?"

#: ``secret(items, cls) -> slots``: the sampler pools `items` as secrets of class `cls`
#: and returns one slot for each, to put in their place.
Secret = Callable[[list[Any], str], list[dict[str, str]]]


def slot(cls: str) -> dict[str, str]:
    """The slot of a secret of class `cls`."""
    return {SLOT: cls}


def is_slot(value: Any) -> bool:
    """Whether `value` is a slot."""
    return isinstance(value, dict) and set(value) == {SLOT}


def sort_lists(lists: Iterable[list[Any]], key: Callable[[Any], Any]) -> None:
    """Sort each list of `lists` in place by `key` (a slice's lists once dealt)."""
    for items in lists:
        items.sort(key=key)
