"""A score sheet for a real table game: counts, walls and module inputs per round.

Plain Python, no widgets: `alhambra_lib.widgets.ScoreKeeper` shows one, and a
notebook or a test can use it directly. Each round is scored by
`alhambra_lib.scoring.score_round`, the function `Game` scores with: majorities from
the counts, wall points the wall lengths typed in (RULES.md §8.4). With two players the
neutral Dirk competes for majorities and scores no walls (§10).

With Mega Box modules, the sheet also asks, per round, what each module in play needs
(`alhambra_lib.sheet_inputs.SHEET_MODULES`: bonus cards shown, huts' neighbours, camp
lines, citizens, chests, the attack and the unprotected sides, bazaars' n x k) and
scores them as `Game` does, term by term (RULES.md §M0.17; what is asked and why:
§M0.19): a sheet copied from a finished game gives the game's scores exactly.

Examples
--------
>>> sheet = ScoreSheet(["Ana", "Ben", "Cy"])
>>> sheet.record(1, {"Ana": {"tower": 2}, "Ben": {"tower": 1}}, {"Ana": 3, "Ben": 4})
>>> sheet.totals()
{'Ana': 9, 'Ben': 4, 'Cy': 0}
>>> print(sheet.to_csv().splitlines()[1])
1,Ana,0,0,0,0,0,2,3,6,3,9,9

With camps and invaders: Ana's camps look over 3 buildings; the attack comes from the
north, where she has 2 unprotected sides (round 1: 1 point each).

>>> sheet = ScoreSheet(["Ana", "Ben", "Cy"], modules=("camps", "invaders"))
>>> sheet.record(1, {"Ana": {"tower": 2}}, {"Ana": 3},
...              {"camp_lines": {"Ana": 3}, "attack": "N", "unprotected": {"Ana": {"N": 2}}})
>>> dict(sheet.round_points(1)["Ana"].parts)
{'majorities': 6, 'walls': 3, 'camps': 3, 'invaders': -2}
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeAlias

from .actions import DIRK
from .components import KIND_TOTALS, KINDS, MAX_WALL
from .engine.config import ROUNDS, has_dirk, module_option_owners
from .errors import InvalidScore, brief
from .i18n import N_, _, gettext
from .narrate import score_term_text, sides_text, term
from .modules import MODULES, term_rank
from .scoring import ScoreBreakdown, score_round
from .sheet_inputs import SHEET_MODULES, PlayerTiles, RoundEntry, SheetInput

__all__ = ["ScoreSheet", "RoundScore", "CSV_COLUMNS", "csv_column_text"]

#: The columns of `ScoreSheet.to_csv` without modules, one row per round and competitor
#: (`ScoreSheet.csv_columns` adds the modules' inputs and terms).
CSV_COLUMNS = ("round", "player", *KINDS, "wall", "majority_points", "wall_points",
               "round_points", "total")
#: The words of `CSV_COLUMNS` that are not a building type, for a person to read.
_COLUMN_WORDS = {"round": N_("round"), "player": N_("player"), "wall": N_("wall"),
                 "majority_points": N_("majority points"), "wall_points": N_("wall points"),
                 "round_points": N_("round points"), "total": N_("total")}


def csv_column_text(column: str) -> str:
    """A column of `ScoreSheet.to_csv` in words of the current language (the file itself
    keeps its names): a type, a module's input (and its type or side), a term's points.

    >>> csv_column_text("majority_points"), csv_column_text("tower")
    ('majority points', 'tower')
    >>> csv_column_text("camps_points"), csv_column_text("unprotected_N")
    ('camps', 'unprotected sides: N')
    """
    if column in _COLUMN_WORDS:
        return gettext(_COLUMN_WORDS[column])
    if column in KINDS:
        return term(column)
    for spec in (spec for module in SHEET_MODULES.values() for spec in module.inputs):
        if column == spec.name:
            return gettext(spec.label)
        part = column.removeprefix(spec.name + "_")
        if part != column and part in (*KINDS, "N", "E", "S", "W"):
            return _("{input}: {part}").format(
                input=gettext(spec.label), part=term(part) if part in KINDS else sides_text(part))
    if column.endswith("_points"):
        return score_term_text(column.removesuffix("_points"))
    return column.replace("_", " ")

#: A round as `ScoreSheet.check` completes it: counts, walls and the modules' inputs.
_Recorded: TypeAlias = tuple[dict[str, dict[str, float]], dict[str, int], dict[str, Any]]


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
    parts: MappingProxyType[str, int] = field(default=None, compare=False)  # type: ignore[arg-type]

    if TYPE_CHECKING:
        # `__post_init__` makes any mapping (or None: majorities and walls only) read-only.
        def __init__(self, majorities: int, walls: int,
                     parts: Mapping[str, int] | None = None) -> None: ...

    def __post_init__(self) -> None:
        parts = {"majorities": self.majorities, "walls": self.walls}
        if self.parts is not None:
            parts.update(self.parts)
        object.__setattr__(self, "parts", MappingProxyType(parts))

    @property
    def total(self) -> int:
        return sum(self.parts.values())


def _check_count(what: str, n: object, most: int, limit: str, entry: tuple) -> None:
    """`InvalidScore` unless `n` is a whole number from 0 to `most` (`limit` says why);
    `entry` names its box (`InvalidScore.entries`)."""
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise InvalidScore(_("{what} must be an integer >= 0, got {value}").format(
            what=what, value=brief(n, 40)), entries=[entry])
    if n > most:
        raise InvalidScore(_("{what}: {value} is more than the game allows ({limit})").format(
            what=what, value=brief(n, 40), limit=limit), entries=[entry])


def _check_mapping(value: object, what: str) -> None:
    if not isinstance(value, Mapping):
        raise InvalidScore(_("{what}, got {kind} {value}").format(
            what=what, kind=type(value).__name__, value=brief(value, 40)))


def _check_counts(counts: Mapping[str, Mapping[str, float]],
                  competitors: Iterable[str]) -> dict[str, dict[str, float]]:
    """``{competitor: {kind: n}}`` complete, or `InvalidScore` naming what is wrong."""
    _check_mapping(counts, _("counts map each name to {type: number of tiles}"))
    full = {}
    for name in competitors:
        by_kind = counts.get(name, {})
        _check_mapping(by_kind, _("the counts of {player} map types to numbers of tiles")
                       .format(player=repr(name)))
        unknown = [kind for kind in by_kind if kind not in KINDS]
        if unknown:
            raise InvalidScore(_("unknown type {kind} in the counts of {player}: the types are "
                                 "{kinds}").format(kind=repr(unknown[0]), player=name,
                                                   kinds=", ".join(KINDS)))
        for kind, n in by_kind.items():
            _check_count(_("the {kind} count of {player}").format(kind=term(kind), player=name),
                         n, KIND_TOTALS[kind],
                         _("the box holds {n}").format(n=KIND_TOTALS[kind]), ("count", name, kind))
        full[name] = {kind: by_kind.get(kind, 0) for kind in KINDS}
    for kind, most in KIND_TOTALS.items():
        together = sum(by_kind[kind] for by_kind in full.values())
        if together > most:
            raise InvalidScore(_("{n} {kind} tiles in all ({listed}), but the box holds {most}")
                               .format(n=together, kind=term(kind), listed=_listed(full, kind),
                                       most=most),
                               entries=[("count", name, kind) for name in full
                                        if full[name][kind]])
    return full


def _listed(counts: Mapping[str, Mapping[str, float]], kind: str) -> str:
    """``Ana 6, Ben 6`` for the competitors with tiles of `kind`."""
    return ", ".join(f"{name} {by_kind[kind]}" for name, by_kind in counts.items()
                     if by_kind[kind])


def _checked(spec: SheetInput, value: object, name: str, tiles: PlayerTiles) -> Any:
    """`name`'s `value` of `spec` checked (`SheetInput.check`) and held against their
    tiles (`SheetInput.limit`); a refusal names the boxes at fault."""
    try:
        value = spec.check(value, name)
    except InvalidScore as refused:
        raise InvalidScore(str(refused), entries=[("input", spec.name, name)]) from None
    too_many = spec.limit(value, tiles, name) if spec.limit is not None else None
    if too_many is not None:
        part, why = too_many
        raise InvalidScore(why, entries=[("input", spec.name, name)
                                         + ((part,) if part is not None else ())])
    return value


def _check_box_total(spec: SheetInput, values: Mapping[str, Any]) -> None:
    """`InvalidScore` when the players' values of `spec` together need more pieces than the
    box holds (`SheetInput.box_total`), naming every box in the sum."""
    if spec.box_total is None:
        return
    parts: Mapping[Any, int] = (spec.box_total if isinstance(spec.box_total, Mapping)
                                else {None: spec.box_total})
    for part, most in parts.items():
        held = {name: value if part is None else value[part] for name, value in values.items()}
        together = sum(held.values())
        if together > most:
            listed = ", ".join(f"{name} {n}" for name, n in held.items() if n)
            what = _(spec.label) if part is None else f"{_(spec.label)} ({term(part)})"
            raise InvalidScore(_("{n} {what} in all ({listed}), but the box holds {most}.")
                               .format(n=together, what=what, listed=listed, most=most),
                               entries=[("input", spec.name, name)
                                        + (() if part is None else (part,))
                                        for name, n in held.items() if n])


class ScoreSheet:
    """Counts per type, wall lengths and module inputs per round for a real game.

    Parameters
    ----------
    players : sequence of str
        2 to 6 distinct names; with two, ``"Dirk"`` joins as the neutral competitor
        (so no player may be called Dirk).
    modules : sequence of str, optional
        The Mega Box modules in play (`alhambra_lib.sheet_inputs.SHEET_MODULES`), kept
        in the rulebook's order.
    **options
        Module options as for `Game` (``merchant_final_only=True``), only for a module
        in play.

    Attributes
    ----------
    players : tuple of str
        The real players.
    competitors : tuple of str
        The players, and Dirk with two players.
    modules : tuple of str
    options : dict
    inputs : tuple of SheetInput
        What the modules in play ask each round, in the modules' order.
    """

    def __init__(self, players: Iterable[str], modules: Iterable[str] = (),
                 **options: bool) -> None:
        players = tuple(players)
        if not 2 <= len(players) <= 6:
            raise InvalidScore(_("a game has 2 to 6 players, got {n}").format(n=len(players)))
        for name in players:
            if not isinstance(name, str) or not name.strip():
                raise InvalidScore(_("a player's name is a non-empty string, got {value}")
                                   .format(value=repr(name)))
        if len(set(players)) != len(players):
            raise InvalidScore(_("players' names must differ, got {players}").format(
                players=", ".join(players)))
        if DIRK in players:
            raise InvalidScore(_("{dirk} is the neutral player of the two-player game; choose "
                                 "another name").format(dirk=DIRK))
        self.players = players
        self.competitors = players + ((DIRK,) if has_dirk(len(players)) else ())
        self.modules = self._check_modules(modules)
        self.options = self._check_options(options)
        self.inputs = tuple(i for m in self.modules for i in SHEET_MODULES[m].inputs)
        self._rounds: dict[int, _Recorded] = {}

    @staticmethod
    def _check_modules(modules: Iterable[str]) -> tuple[str, ...]:
        if isinstance(modules, str):
            raise InvalidScore(_("modules is a list of names, got the text {value}").format(
                value=brief(modules)))
        try:
            modules = tuple(modules)
        except TypeError:
            raise InvalidScore(_("modules is a list of names, got {value}").format(
                value=brief(modules))) from None
        for name in modules:
            if not isinstance(name, str) or name not in SHEET_MODULES:
                raise InvalidScore(_("unknown module {value}: the sheet knows {modules}").format(
                    value=brief(name), modules=", ".join(SHEET_MODULES)))
        if len(set(modules)) != len(modules):
            raise InvalidScore(_("a module is named twice in {modules}").format(
                modules=", ".join(modules)))
        return tuple(m for m in SHEET_MODULES if m in modules)

    def _check_options(self, options: Mapping[str, bool]) -> dict[str, bool]:
        owners = module_option_owners()
        for option, value in options.items():
            if option not in owners:
                raise InvalidScore(_("unknown option {value}: the options are {options}").format(
                    value=brief(option), options=", ".join(sorted(owners))))
            if owners[option] not in self.modules:
                raise InvalidScore(_("the option {option} belongs to the {module} module, which "
                                     "is not in play").format(option=option,
                                                              module=owners[option]))
            if not isinstance(value, bool):
                raise InvalidScore(_("the option {option} is True or False, got {value}").format(
                    option=option, value=brief(value)))
        return {option: options.get(option, default) for m in self.modules if m in MODULES
                for option, default in MODULES[m].option_defaults.items()}

    @property
    def rounds(self) -> tuple[int, ...]:
        """The recorded scoring rounds, in order."""
        return tuple(sorted(self._rounds))

    def record(self, round_no: int, counts: Mapping[str, Mapping[str, float]],
               walls: Mapping[str, int], inputs: Mapping[str, Any] | None = None) -> None:
        """Record (or replace) scoring round `round_no`; nothing changes if it is refused.

        Parameters
        ----------
        round_no : {1, 2, 3}
        counts : mapping
            ``{competitor: {kind: n}}``: the buildings in each Alhambra (bonus cards and
            huts go in `inputs`); missing competitors and kinds count 0.
        walls : mapping
            ``{player: wall length}``; missing players 0. Dirk has no walls.
        inputs : mapping, optional
            The modules' inputs by `SheetInput.name`: ``{player: value}`` for a
            per-player input (missing players: `SheetInput.empty`), the value itself
            for a table input (the attack direction, which must be given).

        Raises
        ------
        InvalidScore
            An unknown round, name, type or input, or a value of the wrong shape.
        """
        self._rounds[round_no] = self.check(round_no, counts, walls, inputs)

    def check(self, round_no: int, counts: Mapping[str, Mapping[str, float]],
              walls: Mapping[str, int], inputs: Mapping[str, Any] | None = None, *,
              complete: bool = True) -> _Recorded:
        """The entries of `record` checked and made complete, without recording them.

        Returns ``(counts, walls, inputs)`` with every competitor, type and input; with
        ``complete=False`` a table input may still be missing (None), as in boxes being
        typed in. Raises `InvalidScore` as `record` does.
        """
        if round_no not in ROUNDS:
            raise InvalidScore(_("a scoring round is 1, 2 or 3, got {value}").format(
                value=brief(round_no)))
        _check_mapping(counts, _("counts map each name to {type: number of tiles}"))
        _check_mapping(walls, _("walls map each player to the length of their longest wall"))
        for name in [*counts, *walls]:
            if name not in self.competitors:
                raise InvalidScore(_("{value} is not at this table: {players}").format(
                    value=brief(name), players=", ".join(self.competitors)))
        if walls.get(DIRK):
            raise InvalidScore(_("{dirk} scores no walls").format(dirk=DIRK))
        full = _check_counts(counts, self.competitors)
        tiles = self._tiles(full)
        lengths = {name: walls.get(name, 0) for name in self.players}
        for name, n in lengths.items():
            _check_count(_("the wall of {player}").format(player=name), n, MAX_WALL,
                         _("all the tiles together have {n} wall sides").format(n=MAX_WALL),
                         ("wall", name))
            if n > tiles[name].outer_sides:
                raise InvalidScore(_("The wall of {player} is {n} long, but {tiles} have at most "
                                     "{most} outer sides.").format(
                                         player=name, n=n, tiles=tiles[name].text,
                                         most=tiles[name].outer_sides),
                                   entries=[("wall", name)])
        return full, lengths, self._check_inputs(round_no, {} if inputs is None else inputs,
                                                 complete, tiles)

    def _tiles(self, counts: Mapping[str, Mapping[str, float]]) -> dict[str, PlayerTiles]:
        """Each real player's `PlayerTiles`: their counted buildings (whole numbers, as
        checked), and the tiles the modules in play add uncounted."""
        others = sum(SHEET_MODULES[m].tiles for m in self.modules)
        return {name: PlayerTiles({kind: int(n) for kind, n in counts[name].items()}, others)
                for name in self.players}

    def _check_inputs(self, round_no: int, inputs: Mapping[str, Any], complete: bool,
                      tiles: Mapping[str, PlayerTiles]) -> dict[str, Any]:
        _check_mapping(inputs, _("inputs map each module input's name to its values"))
        known = {i.name for i in self.inputs}
        unknown = [name for name in inputs if name not in known]
        if unknown:
            asked = ", ".join(sorted(known)) or _("none: no module with inputs is in play")
            raise InvalidScore(_("unknown input {value}: the modules in play ask for {asked}")
                               .format(value=brief(unknown[0]), asked=asked))
        values = {}
        for spec in self.inputs:
            given = inputs.get(spec.name)
            if not spec.per_player:
                if given is None and complete and round_no in spec.rounds:
                    raise InvalidScore(_("{input}: needed for round {n}").format(
                        input=_(spec.label), n=round_no))
                values[spec.name] = spec.check(given)
                continue
            given = {} if given is None else given
            _check_mapping(given, _("{input} maps each player to a value").format(
                input=_(spec.label)))
            for name in given:
                if name not in self.players:
                    raise InvalidScore(_("{input}: {value} is not a player here ({players}; "
                                         "{dirk} takes no part in the modules)").format(
                        input=_(spec.label), value=brief(name),
                        players=", ".join(self.players), dirk=DIRK))
            values[spec.name] = {name: _checked(spec, given.get(name), name, tiles[name])
                                 for name in self.players}
            _check_box_total(spec, values[spec.name])
            holders = [name for name, v in values[spec.name].items() if v != spec.empty()]
            if spec.one_holder and len(holders) > 1:
                raise InvalidScore(_("{input}: one player holds it, not {players}").format(
                    input=_(spec.label), players=", ".join(holders)))
            if round_no not in spec.rounds and any(v != spec.empty()
                                                   for v in values[spec.name].values()):
                raise InvalidScore(_("{input} score in round {rounds} only, not in round {n}")
                                   .format(input=_(spec.label),
                                           rounds=", ".join(map(str, spec.rounds)), n=round_no))
        return values

    def forget(self, round_no: int) -> None:
        """Remove a recorded round."""
        self._rounds.pop(round_no, None)

    def counts(self, round_no: int) -> dict[str, dict[str, float]]:
        """``{competitor: {kind: n}}`` recorded for `round_no` (the buildings, no bonus)."""
        return {name: dict(by_kind) for name, by_kind in self._rounds[round_no][0].items()}

    def walls(self, round_no: int) -> dict[str, int]:
        """``{player: wall length}`` recorded for `round_no`."""
        return dict(self._rounds[round_no][1])

    def module_inputs(self, round_no: int) -> dict[str, Any]:
        """The modules' inputs recorded for `round_no`, complete, by input name."""
        return {name: dict(v) if isinstance(v, dict) else v
                for name, v in self._rounds[round_no][2].items()}

    def _entry(self, round_no: int) -> RoundEntry:
        __, walls, values = self._rounds[round_no]
        return RoundEntry(round_no, self.players, walls, values, self.options)

    def breakdown(self, round_no: int) -> ScoreBreakdown:
        """The `ScoreBreakdown` of a recorded round (`score_round`, as `Game` scores).

        Its counts hold the modules' bonuses (bonus cards, huts), as a game's do.
        """
        counts, walls, __ = self._rounds[round_no]
        entry = self._entry(round_no)
        counts = {name: dict(by_kind) for name, by_kind in counts.items()}
        for module in self.modules:
            bonus = SHEET_MODULES[module].count_bonus
            if bonus is None:
                continue
            for name in self.players:
                for kind, n in bonus(entry, name).items():
                    counts[name][kind] += n
        terms = [(term, points(entry)) for module in self.modules
                 for term, points in SHEET_MODULES[module].terms]
        terms.sort(key=lambda term: term_rank(term[0]))
        terms = [(term, values) for term, values in terms if values is not None]
        if all(float(n).is_integer() for by_kind in counts.values() for n in by_kind.values()):
            return score_round(round_no, counts, walls, terms)
        # The Wise Man's half building: places depend only on the order of the counts
        # (RULES.md §8.3), so twice every count gives the same places in whole numbers.
        doubled = {name: {kind: int(2 * n) for kind, n in by_kind.items()}
                   for name, by_kind in counts.items()}
        return replace(score_round(round_no, doubled, walls, terms), counts=counts)

    def round_points(self, round_no: int) -> dict[str, RoundScore]:
        """``{competitor: RoundScore}`` for a recorded round."""
        parts = self.breakdown(round_no).parts_dict()
        return {name: RoundScore(parts["majorities"][name], parts["walls"][name],
                                 {term: values[name] for term, values in parts.items()})
                for name in self.competitors}

    def totals(self) -> dict[str, int]:
        """``{competitor: points}`` over every recorded round."""
        totals = dict.fromkeys(self.competitors, 0)
        for round_no in self.rounds:
            for name, score in self.round_points(round_no).items():
                totals[name] += score.total
        return totals

    def winners(self) -> list[str]:
        """The real players with the highest total once the three scoring rounds are
        recorded (tied leaders share the victory, RULES.md §9.6; Dirk cannot win, §10);
        [] before.

        Examples
        --------
        >>> sheet = ScoreSheet(["Ana", "Ben"])
        >>> for r in (1, 2, 3):
        ...     sheet.record(r, {"Ana": {"tower": 2}, "Dirk": {"tower": 3}}, {})
        >>> sheet.totals(), sheet.winners()
        ({'Ana': 19, 'Ben': 0, 'Dirk': 40}, ['Ana'])
        """
        if set(self.rounds) != set(ROUNDS):
            return []
        totals = self.totals()
        best = max(totals[name] for name in self.players)
        return [name for name in self.players if totals[name] == best]

    def scoring_events(self) -> list[dict[str, Any]]:
        """The recorded rounds as scoring events in the format of `Game.events`.

        So that whatever draws or replays a game's scores (`draw_score_track`) works
        on a sheet too.
        """
        events = []
        for round_no in self.rounds:
            breakdown = self.breakdown(round_no)
            parts = breakdown.parts_dict()
            events.append({"type": "scoring", "round": round_no,
                           "counts": {n: dict(c) for n, c in breakdown.counts.items()},
                           "walls": parts["walls"], "points": breakdown.points,
                           "parts": parts})
        return events

    def _terms(self) -> list[str]:
        return sorted((term for m in self.modules for term, _ in SHEET_MODULES[m].terms),
                      key=term_rank)

    @property
    def csv_columns(self) -> tuple[str, ...]:
        """The columns of `to_csv`: `CSV_COLUMNS` with, for the modules in play, their
        inputs after the wall and their terms' points after the wall points."""
        inputs = tuple(c for spec in self.inputs for c in spec.csv_columns())
        terms = tuple(f"{term}_points" for term in self._terms())
        at_wall = CSV_COLUMNS.index("wall") + 1
        at_points = CSV_COLUMNS.index("wall_points") + 1
        return (CSV_COLUMNS[:at_wall] + inputs + CSV_COLUMNS[at_wall:at_points] + terms
                + CSV_COLUMNS[at_points:])

    def rows(self) -> list[dict[str, object]]:
        """One dict per recorded round and competitor, keys `csv_columns`, running totals.

        A term not scored in a round (bazaars before the last) and Dirk's module inputs
        are empty cells ("").
        """
        running = dict.fromkeys(self.competitors, 0)
        rows = []
        for round_no in self.rounds:
            counts, walls, values = self._rounds[round_no]
            for name, score in self.round_points(round_no).items():
                running[name] += score.total
                row: dict[str, object] = dict.fromkeys(self.csv_columns, "")
                row.update({"round": round_no, "player": name, **counts[name],
                            "wall": walls.get(name, 0), "majority_points": score.majorities,
                            "wall_points": score.walls, "round_points": score.total,
                            "total": running[name]})
                for spec in self.inputs:
                    value = values[spec.name] if not spec.per_player else (
                        values[spec.name].get(name) if name in self.players else None)
                    if value is not None or not spec.per_player:
                        row.update(spec.csv_values(value))
                row.update({f"{term}_points": n for term, n in score.parts.items()
                            if term not in ("majorities", "walls")})
                rows.append(row)
        return rows

    def to_csv(self) -> str:
        """The sheet as CSV text with a header row (`csv_columns`)."""
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=self.csv_columns, lineterminator="\n")
        writer.writeheader()
        writer.writerows(self.rows())
        return out.getvalue()
