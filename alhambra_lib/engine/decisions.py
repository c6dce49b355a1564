"""The decision stack and the resumable turn-end script.

The state holds the decisions pending; the top one says who acts now and what kind of
choice it is: ``act`` (the action part of a turn), ``place`` (the tiles bought this
turn), ``final_place`` (the last market tiles after the end, RULES.md §9), or a
module's kind such as ``vizier`` (a window between turns). `Game.current_player` is
whoever the top decision names, so an interruption out of seat order costs nothing
special.

The turn end is data: a list of step names run in order (`TURN_END`). A step either
finishes, or pushes a decision and waits; when that decision is done the script
resumes with the same step, which looks at the state again ("fill the display until
it holds 4"), so steps are re-entrant. Modules insert their steps by name.

Examples
--------
>>> Decision("vizier", "Ben")
Decision('vizier', 'Ben')
>>> Decision.make("place", "Ana", {"give": True}).to_dict()
{'kind': 'place', 'player': 'Ana', 'give': True}
>>> import pickle
>>> pickle.loads(pickle.dumps(Decision.make("place", "Ana", {"give": True})))
Decision('place', 'Ana', {'give': True})
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Mapping, NamedTuple

__all__ = ["Decision", "TURN_END", "TURN_END_ORDER", "GAME_END", "BASE_DECISIONS",
           "PUSHED_BY"]

#: The turn end of RULES.md §5 (steps 1-4) and the end check of §9.1, by step name.
TURN_END = ("place_bought", "refill_display", "refill_market", "hold_scorings", "finish_turn")
#: After the end is triggered (§9): recipients place, then the final scoring.
GAME_END = ("final_placing", "final_scoring")
#: The base game's decision kinds.
BASE_DECISIONS = ("act", "place", "final_place")


def __getattr__(name):
    # Computed from the registered modules when asked (`alhambra_lib.modules`):
    # TURN_END_ORDER, every ranked turn-end step in the order of RULES.md §M0.4 (the
    # modules' steps take their place by `Module.step_ranks`, whatever order the modules
    # come in); PUSHED_BY, decision kind -> the steps that push it: while it waits, that
    # step is the first of the script (a step is re-entrant and runs again after it). The
    # action part has no script left; an auction may also interrupt it (§M7).
    if name not in ("TURN_END_ORDER", "PUSHED_BY"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from .. import modules

    if name == "TURN_END_ORDER":
        steps = set(TURN_END).union(s for m in modules.MODULES.values() for s in m.step_ranks)
        return tuple(sorted(steps, key=lambda step: modules.step_rank(step) or 0))
    return MappingProxyType(modules.pushed_by())


_NO_DATA: Mapping[str, Any] = MappingProxyType({})


class Decision(NamedTuple):
    """A pending choice: its `kind`, the `player` who makes it, and plain `data`.

    `data` holds what the kind needs (``{"give": True}``: a bought tile may go to
    Dirk); it is JSON-able and read-only. A tuple, so making one per turn is cheap.
    """

    kind: str
    player: str
    data: Mapping = _NO_DATA

    @classmethod
    def make(cls, kind: str, player: str, data: Mapping[str, Any] | None = None) -> Decision:
        """A decision with `data` copied into a read-only mapping."""
        return cls(kind, player, MappingProxyType(dict(data)) if data else _NO_DATA)

    def __repr__(self) -> str:
        extra = f", {dict(self.data)!r}" if self.data else ""
        return f"Decision({self.kind!r}, {self.player!r}{extra})"

    def __reduce__(self) -> tuple[Any, tuple[str, str, dict]]:
        # Pickled as its plain data: a read-only mapping does not pickle.
        return (Decision.make, (self.kind, self.player, dict(self.data)))

    def to_dict(self) -> dict:
        return {"kind": self.kind, "player": self.player, **self.data}
