"""Results kept by the identity of the objects they were computed from.

The engine lists the same hand's payments, the same display's takes, turn after turn.
Cards and tiles are values whose hash is computed in Python on every call, so a cache
keyed by them pays a hash per card on every look-up. A hand or a display, though, holds
the *same* card objects as long as it does not change: keyed by the objects' identities
(``id``), a look-up hashes a few integers. The entry keeps its objects alive, so no
identity can be reused while it is kept; equal objects that are not the same miss, and
are computed again (the answer is the same: the function depends on values only).

Examples
--------
>>> from alhambra_lib.components import Card
>>> kept = {}
>>> hand = (Card("denar", 3), Card("denar", 5))
>>> by_identity(kept, ("sum",), hand, lambda: sum(c.value for c in hand))
8
>>> by_identity(kept, ("sum",), hand, lambda: 0)  # kept: not computed again
8
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

__all__ = ["by_identity", "KEPT"]

#: How many entries a cache of `by_identity` keeps before it starts afresh.
KEPT = 512


def by_identity(kept: dict, key: Hashable, objects: tuple, compute: Callable,
                size: int = KEPT) -> Any:
    """``compute()``, kept in `kept` under `key` (plain values) and the identities of
    `objects` (a tuple, held by the entry), for a function of their values alone."""
    ids = (key, tuple(map(id, objects)))
    entry = kept.get(ids)
    if entry is None:
        if len(kept) >= size:
            kept.clear()
        entry = kept[ids] = (objects, compute())
    return entry[1]
