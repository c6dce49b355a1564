"""Majority scoring: places per building type, ties, and the points they pay.

Examples
--------
RULES.md §8.3, example 2: a tie for first in towers in round 2 pools the points of
first and second place.

>>> score_majorities({"A": {"tower": 4}, "B": {"tower": 4}, "C": {"tower": 2}}, 2)
{'A': 9, 'B': 9, 'C': 0}
>>> [a.explain() for a in majority_awards(
...     {"A": {"tower": 4}, "B": {"tower": 4}, "C": {"tower": 2}}, "tower", 2)]
['A and B tie for first in towers: (13 + 6) / 2 = 9.5, rounded down to 9 each', \
'C is third in towers: 0 points']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .components import KINDS, place_points
from .i18n import N_, format_list, format_number, gettext, language
from .narrate import kind_plural, points_text

__all__ = ["Award", "majority_awards", "score_majorities", "explain_majorities",
           "place_groups", "share_places", "ScoreBreakdown", "score_round", "BASE_TERMS",
           "TERM_ORDER"]

#: The terms of every scoring, first (RULES.md §M0.17 gives the modules' order after them).
BASE_TERMS = ("majorities", "walls")


def __getattr__(name):
    # TERM_ORDER: every term in the order of one scoring (RULES.md §M0.17), the base terms
    # then the registered modules' by their rank (`Module.term_ranks`); computed when
    # asked, so that a module registered later takes its place.
    if name == "TERM_ORDER":
        from .modules import MODULES, term_rank

        terms = [t for m in MODULES.values() for t in m.score_terms]
        return BASE_TERMS + tuple(sorted(terms, key=term_rank))
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

#: A place's sentences, by place: (one player, a tie shared evenly, a tie rounded down).
_PLACES = {
    1: (N_("{player} is first in {kinds}: {points}"),
        N_("{players} tie for first in {kinds}: ({pooled}) / {n} {share} each"),
        N_("{players} tie for first in {kinds}: ({pooled}) / {n} {share}, rounded down to "
           "{each} each")),
    2: (N_("{player} is second in {kinds}: {points}"),
        N_("{players} tie for second in {kinds}: ({pooled}) / {n} {share} each"),
        N_("{players} tie for second in {kinds}: ({pooled}) / {n} {share}, rounded down to "
           "{each} each")),
    3: (N_("{player} is third in {kinds}: {points}"),
        N_("{players} tie for third in {kinds}: ({pooled}) / {n} {share} each"),
        N_("{players} tie for third in {kinds}: ({pooled}) / {n} {share}, rounded down to "
           "{each} each")),
}
#: The sentences of a later place (a tie above pushes a player down), with its ordinal.
_LATER_PLACE = (N_("{player} is {ordinal} in {kinds}: {points}"),
                N_("{players} tie for {ordinal} in {kinds}: ({pooled}) / {n} {share} each"),
                N_("{players} tie for {ordinal} in {kinds}: ({pooled}) / {n} {share}, rounded "
                   "down to {each} each"))
#: The ordinals of the later places.
_ORDINALS = {4: N_("fourth"), 5: N_("fifth"), 6: N_("sixth"), 7: N_("seventh"),
             8: N_("eighth")}


def _names(players) -> str:
    """"A, B and C" in English (as always), Babel's list of the language otherwise."""
    if language() == "en":
        return ", ".join(players[:-1]) + " and " + players[-1]
    return format_list(list(players))


@dataclass(frozen=True)
class Award:
    """The players sharing one place in one type, and what each of them scores.

    Attributes
    ----------
    kind : str
        The building type.
    players : tuple of str
        The players sharing the place, in the order they were given.
    count : int or float
        Their number of tiles of that type (a half with the Wise Man, RULES.md §M7).
    place : int
        The shared place (1 = first).
    pooled : tuple of int
        The points of the places they span (place .. place + k - 1).
    points : int
        Points each: the pooled sum divided by the number of players, rounded down.
    """

    kind: str
    players: tuple
    count: int
    place: int
    pooled: tuple
    points: int

    def explain(self):
        """One sentence saying who got which place and why they score what they do.

        Examples
        --------
        >>> Award("pavilion", ("A",), 5, 3, (1,), 1).explain()
        'A is third in pavilions: 1 point'
        >>> Award("garden", ("A", "B", "C"), 1, 1, (5, 0, 0), 1).explain()
        'A, B and C tie for first in gardens: (5 + 0 + 0) / 3 ≈ 1.67, rounded down to 1 each'
        """
        one, even, rounded = _PLACES.get(self.place, _LATER_PLACE)
        ordinal = (gettext(_ORDINALS[self.place]) if self.place in _ORDINALS
                   else f"#{self.place}")
        kinds = kind_plural(self.kind)
        if len(self.players) == 1:
            return gettext(one).format(player=self.players[0], kinds=kinds, ordinal=ordinal,
                                       points=points_text(self.points))
        share = sum(self.pooled) / len(self.players)
        # A third or a sixth has no short decimal: say "about" rather than print 1.66667.
        share_text = (f"= {format_number(share)}" if round(share, 2) == share
                      else f"≈ {format_number(round(share, 2))}")
        sentence = gettext(even if share == self.points else rounded)
        return sentence.format(players=_names(self.players), kinds=kinds, n=len(self.players),
                               ordinal=ordinal,
                               pooled=" + ".join(map(str, self.pooled)), share=share_text,
                               each=self.points)


def _check_counts(counts):
    if not isinstance(counts, Mapping):
        raise TypeError(f"counts map each player to {{kind: n}}, got {type(counts).__name__}")
    for player, by_kind in counts.items():
        if not isinstance(by_kind, Mapping):
            raise TypeError(f"counts of {player!r} must map kinds to numbers of tiles")
        for kind, n in by_kind.items():
            if kind not in KINDS:
                raise ValueError(f"unknown tile kind {kind!r} for {player!r}: expected one of "
                                 f"{', '.join(KINDS)}")
            # A half building is the Wise Man's (RULES.md §M7): 3.5 beats 3, loses to 4.
            if (not isinstance(n, (int, float)) or isinstance(n, bool) or n < 0
                    or (2 * n) % 1):
                raise ValueError(f"{player!r} has {n!r} {kind}: counts are whole or half "
                                 "numbers >= 0")


def majority_awards(counts, kind, round_no):
    """Return the places in `kind` for scoring round `round_no`, best first.

    Parameters
    ----------
    counts : mapping
        ``{player: {kind: n}}``; a missing kind counts 0.
    kind : str
        One of `KINDS`.
    round_no : {1, 2, 3}
        The scoring round.

    Returns
    -------
    list of Award
        One award per distinct non-zero count. Players with no tile of the type take
        no place and appear in no award.

    Notes
    -----
    RULES.md §8.3: a player's place is 1 + the number of players with strictly more
    tiles; k players sharing place p pool the points of places p .. p+k-1 and each
    get the sum // k. Cost: O(n log n) for n players. A count may be a half (the
    Wise Man, RULES.md §M7): it is compared as the number it is, so 3.5 beats 3
    and a half building alone takes a place.

    Examples
    --------
    >>> [(a.players, a.points) for a in majority_awards(
    ...     {"A": {"pavilion": 5}, "B": {"pavilion": 3}, "C": {"pavilion": 3},
    ...      "D": {"pavilion": 1}}, "pavilion", 3)]
    [(('A',), 16), (('B', 'C'), 4), (('D',), 0)]
    >>> [(a.players, a.count, a.points) for a in majority_awards(
    ...     {"A": {"tower": 3.5}, "B": {"tower": 3}}, "tower", 2)]
    [(('A',), 3.5, 13), (('B',), 3, 6)]
    """
    _check_counts(counts)
    if kind not in KINDS:
        raise ValueError(f"unknown tile kind {kind!r}: expected one of {', '.join(KINDS)}")
    place_points(kind, round_no, 1)  # validates round_no
    points = tuple(place_points(kind, round_no, p) for p in range(1, round_no + 1))
    values = {player: by_kind.get(kind, 0) for player, by_kind in counts.items()}
    return [Award(kind, *group) for group in place_groups(values, points)]


def place_groups(values, points):
    """The places of a majority on `values` paying `points` for places 1, 2, ...

    The tie rule of RULES.md §8.3 for any majority (buildings, chests): a competitor's
    place is 1 + the number with strictly more; k competitors sharing place p pool the
    points of places p .. p+k-1 and each get the sum // k; places past `points` pay 0;
    nobody with 0 takes a place.

    Returns
    -------
    list of (names, n, place, pooled, share)
        Best first.

    Examples
    --------
    >>> place_groups({"A": 3, "B": 3, "C": 1, "D": 0}, (22, 14, 7))
    [(('A', 'B'), 3, 1, (22, 14), 18), (('C',), 1, 3, (7,), 7)]
    """
    by_count: dict[float, list[str]] = {}
    for name, n in values.items():
        if n > 0:
            by_count.setdefault(n, []).append(name)
    groups, place = [], 1
    for n in sorted(by_count, reverse=True):
        names = tuple(by_count[n])
        pooled = tuple(points[p - 1] if p <= len(points) else 0
                       for p in range(place, place + len(names)))
        groups.append((names, n, place, pooled, sum(pooled) // len(names)))
        place += len(names)
    return groups


def share_places(values, points):
    """``{name: points}`` of a majority on `values` ({name: n}) paying `points` (RULES.md §8.3).

    Examples
    --------
    >>> share_places({"A": 2, "B": 2, "C": 2, "D": 0}, (14, 7))
    {'A': 7, 'B': 7, 'C': 7, 'D': 0}
    """
    result = dict.fromkeys(values, 0)
    for names, _, _, _, share in place_groups(values, points):
        for name in names:
            result[name] = share
    return result


def score_majorities(counts, round_no):
    """Return each competitor's majority points in scoring round `round_no`.

    Parameters
    ----------
    counts : mapping
        ``{player: {kind: n}}`` for any number of competitors (the neutral Dirk is
        just one more); missing kinds count 0.
    round_no : {1, 2, 3}

    Returns
    -------
    dict
        ``{player: points}`` summed over the six types, every player present.

    Examples
    --------
    >>> score_majorities({"Ana": {"garden": 2}, "Ben": {"garden": 2}, "Cy": {"garden": 1}}, 1)
    {'Ana': 2, 'Ben': 2, 'Cy': 0}
    """
    _check_counts(counts)
    points = {player: 0 for player in counts}
    for kind in KINDS:
        for award in majority_awards(counts, kind, round_no):
            for player in award.players:
                points[player] += award.points
    return points


def explain_majorities(counts, round_no):
    """Return one sentence per place taken in scoring round `round_no`, type by type.

    The sentences of `Award.explain` for every type in `KINDS` order, best place
    first: the whole of a round's majority scoring in words.

    Examples
    --------
    >>> for line in explain_majorities({"Ana": {"garden": 2, "tower": 1},
    ...                                 "Ben": {"garden": 2}}, 1):
    ...     print(line)
    Ana and Ben tie for first in gardens: (5 + 0) / 2 = 2.5, rounded down to 2 each
    Ana is first in towers: 6 points
    """
    return [award.explain() for kind in KINDS for award in majority_awards(counts, kind, round_no)]


@dataclass(frozen=True)
class ScoreBreakdown:
    """One scoring round's points, split by term.

    Attributes
    ----------
    round_no : int
    counts : mapping
        ``{competitor: {kind: n}}`` the majorities were computed from.
    parts : tuple
        ``((term, {competitor: points}), ...)``: ``majorities``, ``walls``, then the
        modules' terms in scoring order.
    """

    round_no: int
    counts: Mapping
    parts: tuple

    @property
    def points(self) -> dict:
        """``{competitor: total}``: the parts added up."""
        return {name: sum(values[name] for _, values in self.parts) for name in self.counts}

    def parts_dict(self) -> dict:
        """``{term: {competitor: points}}`` as a plain dict (a scoring event's ``parts``)."""
        return {term: dict(values) for term, values in self.parts}


def score_round(round_no, counts, walls, terms=()):
    """Score one round: majorities from `counts`, the `walls`, and any module `terms`.

    The one scoring function of the library: `Game` and the score sheet both use it.

    Parameters
    ----------
    round_no : {1, 2, 3}
    counts : mapping
        ``{competitor: {kind: n}}`` (bonuses included).
    walls : mapping
        ``{competitor: longest wall}``; a competitor left out scores 0 (Dirk).
    terms : iterable of (str, mapping)
        Module terms ``(term, {competitor: points})``; a competitor left out scores 0.

    Examples
    --------
    >>> b = score_round(1, {"Ana": {"tower": 2}, "Ben": {"tower": 1}}, {"Ana": 3})
    >>> b.points, b.parts_dict()["walls"]
    ({'Ana': 9, 'Ben': 0}, {'Ana': 3, 'Ben': 0})
    """
    names = list(counts)
    parts = [("majorities", score_majorities(counts, round_no)),
             ("walls", {n: walls.get(n, 0) for n in names})]
    for term, values in terms:
        if term in BASE_TERMS or term in dict(parts):
            raise ValueError(f"the term {term!r} is scored twice")
        parts.append((term, {n: values.get(n, 0) for n in names}))
    return ScoreBreakdown(round_no, counts, tuple(parts))
