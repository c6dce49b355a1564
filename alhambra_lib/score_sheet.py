"""A score sheet for a real table game: counts and walls per round, totals by the rules.

Plain Python, no widgets: `alhambra_lib.widgets.ScoreKeeper` shows one, and a
notebook or a test can use it directly. Each round is scored by
`alhambra_lib.scoring.score_round`, the function `Game` scores with: majorities from
the counts, wall points the wall lengths typed in (RULES.md §8.4). With two players the
neutral Dirk competes for majorities and scores no walls (§10).

Examples
--------
>>> sheet = ScoreSheet(["Ana", "Ben", "Cy"])
>>> sheet.record(1, {"Ana": {"tower": 2}, "Ben": {"tower": 1}}, {"Ana": 3, "Ben": 4})
>>> sheet.totals()
{'Ana': 9, 'Ben': 4, 'Cy': 0}
>>> print(sheet.to_csv().splitlines()[1])
1,Ana,0,0,0,0,0,2,3,6,3,9,9
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from types import MappingProxyType

from .actions import DIRK
from .components import KINDS
from .engine.config import ROUNDS, has_dirk
from .scoring import score_majorities, score_round

__all__ = ["ScoreSheet", "RoundScore", "CSV_COLUMNS"]

#: The columns of `ScoreSheet.to_csv`, one row per round and competitor.
CSV_COLUMNS = ("round", "player", *KINDS, "wall", "majority_points", "wall_points",
               "round_points", "total")


@dataclass(frozen=True)
class RoundScore:
    """One competitor's points in one round.

    `parts` is ``{term: points}`` as `score_round` split them (``majorities``,
    ``walls``, and any other term); `majorities` and `walls` are two of them.

    Examples
    --------
    >>> RoundScore(6, 3).total, dict(RoundScore(6, 3).parts)
    (9, {'majorities': 6, 'walls': 3})
    """

    majorities: int
    walls: int
    parts: MappingProxyType = field(default=None, compare=False)

    def __post_init__(self):
        parts = {"majorities": self.majorities, "walls": self.walls}
        if self.parts is not None:
            parts.update(self.parts)
        object.__setattr__(self, "parts", MappingProxyType(parts))

    @property
    def total(self):
        return sum(self.parts.values())


def _check_count(what, n):
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise ValueError(f"{what} must be an integer >= 0, got {n!r}")


class ScoreSheet:
    """Counts per type and wall lengths per round for the players of a real game.

    Parameters
    ----------
    players : sequence of str
        2 to 6 distinct names; with two, ``"Dirk"`` joins as the neutral competitor
        (so no player may be called Dirk).

    Attributes
    ----------
    players : tuple of str
        The real players.
    competitors : tuple of str
        The players, and Dirk with two players.
    """

    def __init__(self, players):
        players = tuple(players)
        if not 2 <= len(players) <= 6:
            raise ValueError(f"a game has 2 to 6 players, got {len(players)}")
        for name in players:
            if not isinstance(name, str) or not name.strip():
                raise ValueError(f"a player's name is a non-empty string, got {name!r}")
        if len(set(players)) != len(players):
            raise ValueError(f"players' names must differ, got {', '.join(players)}")
        if DIRK in players:
            raise ValueError(f"{DIRK} is the neutral player of the two-player game; "
                             "choose another name")
        self.players = players
        self.competitors = players + ((DIRK,) if has_dirk(len(players)) else ())
        self._rounds = {}

    @property
    def rounds(self):
        """The recorded scoring rounds, in order."""
        return tuple(sorted(self._rounds))

    def record(self, round_no, counts, walls):
        """Record (or replace) scoring round `round_no`.

        Parameters
        ----------
        round_no : {1, 2, 3}
        counts : mapping
            ``{competitor: {kind: n}}``; missing competitors and kinds count 0.
        walls : mapping
            ``{player: wall length}``; missing players 0. Dirk has no walls.
        """
        if round_no not in ROUNDS:
            raise ValueError(f"a scoring round is 1, 2 or 3, got {round_no!r}")
        for name in [*counts, *walls]:
            if name not in self.competitors:
                raise ValueError(f"{name!r} is not at this table: {', '.join(self.competitors)}")
        if walls.get(DIRK):
            raise ValueError(f"{DIRK} scores no walls")
        full = {name: {kind: counts.get(name, {}).get(kind, 0) for kind in KINDS}
                for name in self.competitors}
        score_majorities(full, round_no)  # validates kinds and counts
        lengths = {name: walls.get(name, 0) for name in self.players}
        for name, n in lengths.items():
            _check_count(f"the wall of {name}", n)
        self._rounds[round_no] = (full, lengths)

    def forget(self, round_no):
        """Remove a recorded round."""
        self._rounds.pop(round_no, None)

    def counts(self, round_no):
        """``{competitor: {kind: n}}`` recorded for `round_no`."""
        return {name: dict(by_kind) for name, by_kind in self._rounds[round_no][0].items()}

    def walls(self, round_no):
        """``{player: wall length}`` recorded for `round_no`."""
        return dict(self._rounds[round_no][1])

    def breakdown(self, round_no):
        """The `ScoreBreakdown` of a recorded round (`score_round`, as `Game` scores)."""
        counts, walls = self._rounds[round_no]
        return score_round(round_no, counts, walls)

    def round_points(self, round_no):
        """``{competitor: RoundScore}`` for a recorded round."""
        parts = self.breakdown(round_no).parts_dict()
        return {name: RoundScore(parts["majorities"][name], parts["walls"][name],
                                 {term: values[name] for term, values in parts.items()})
                for name in self.competitors}

    def totals(self):
        """``{competitor: points}`` over every recorded round."""
        totals = dict.fromkeys(self.competitors, 0)
        for round_no in self.rounds:
            for name, score in self.round_points(round_no).items():
                totals[name] += score.total
        return totals

    def scoring_events(self):
        """The recorded rounds as scoring events in the format of `Game.events`.

        So that whatever draws or replays a game's scores (`draw_score_track`) works
        on a sheet too.
        """
        events = []
        for round_no in self.rounds:
            breakdown = self.breakdown(round_no)
            parts = breakdown.parts_dict()
            events.append({"type": "scoring", "round": round_no, "counts": self.counts(round_no),
                           "walls": parts["walls"], "points": breakdown.points,
                           "parts": parts})
        return events

    def rows(self):
        """One dict per recorded round and competitor, keys `CSV_COLUMNS`, running totals."""
        running = dict.fromkeys(self.competitors, 0)
        rows = []
        for round_no in self.rounds:
            counts, walls = self._rounds[round_no]
            for name, score in self.round_points(round_no).items():
                running[name] += score.total
                rows.append({"round": round_no, "player": name, **counts[name],
                             "wall": walls.get(name, 0), "majority_points": score.majorities,
                             "wall_points": score.walls, "round_points": score.total,
                             "total": running[name]})
        return rows

    def to_csv(self):
        """The sheet as CSV text with a header row (`CSV_COLUMNS`)."""
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(self.rows())
        return out.getvalue()
