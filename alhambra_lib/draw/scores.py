"""Scores: the majorities of a scoring round and the score track split by term.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from matplotlib.axes import Axes
from matplotlib.colors import to_rgb
from matplotlib.patches import Patch

from ..actions import DIRK
from ..components import KINDS, place_points
from ..engine.narration import points_text, scoring_parts
from ..i18n import N_, _, format_number, ngettext
from ..narrate import player_text, score_term_text, term
from ..palette import DIRK_COLOUR, KIND_COLOURS, SERIES_COLOURS
from ..scoring import majority_awards, score_majorities
from .figure import _AXIS_TEXT, _TILE_EDGE, LabelCollection, new_axes, side_legend

__all__ = ["draw_majorities", "draw_score_track", "player_colours"]

# Inches per bar of `draw_majorities`: three players' bars make 6 inches, 540 CSS pixels,
# the most a widget picture is shown high, so that it is shown at its own size (its
# 8-point labels at 10 px; 0.2 made 576 px, shown at 94 %).
_BAR_IN = 0.185


def player_colours(names: Iterable[str]) -> dict[str, str]:
    """A colour per competitor, in seat order; the neutral Dirk is grey.

    Examples
    --------
    >>> player_colours(["Ana", "Dirk"])
    {'Ana': '#0072b2', 'Dirk': '#8c8c8c'}
    """
    colours, seat = {}, 0
    for name in names:
        if name == DIRK:
            colours[name] = DIRK_COLOUR
        else:
            colours[name] = SERIES_COLOURS[seat % len(SERIES_COLOURS)]
            seat += 1
    return colours


#: The places, short (a place is at most 7: six players and Dirk), alone and tied.
_PLACES = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"), N_("5th"), N_("6th"), N_("7th"))
_TIED = (N_("tie for 1st"), N_("tie for 2nd"), N_("tie for 3rd"), N_("tie for 4th"),
         N_("tie for 5th"), N_("tie for 6th"), N_("tie for 7th"))


def _ordinal(place: int) -> str:
    """1st, 2nd, 3rd, 4th... in the current language."""
    return _(_PLACES[place - 1])


def _majority_rows(counts: Mapping[str, Mapping[str, float]],
                   round_no: int) -> list[tuple[str, str, list[tuple[str, float, str, int]]]]:
    """Per kind: (header, [(player, count, label, points)]) for `draw_majorities`."""
    groups = []
    for kind in KINDS:
        places = range(1, round_no + 1)
        header = ngettext("{kind}: {places} pays {points}", "{kind}: {places} pay {points}",
                          round_no).format(
            kind=term(kind), places=" / ".join(map(_ordinal, places)),
            points=" / ".join(str(place_points(kind, round_no, p)) for p in places))
        won = {}
        for award in majority_awards(counts, kind, round_no):
            place = _(_TIED[award.place - 1]) if len(award.players) > 1 else _ordinal(award.place)
            for player in award.players:
                won[player] = (_("{place}, {points}").format(
                    place=place, points=points_text(award.points)), award.points)
        rows = []
        for player, by_kind in counts.items():
            label, points = won.get(player, (_("no place"), 0))
            rows.append((player, by_kind.get(kind, 0), label, points))
        groups.append((kind, header, rows))
    return groups


def draw_majorities(counts: Mapping[str, Mapping[str, float]], round_no: int,
                    ax: Axes | None = None) -> Axes:
    """Draw who leads each building type in a scoring round, the ties, and the points.

    One bar per player and type (length: the player's tiles of that type), grouped
    by type under a header with what the places pay; each bar says the place taken
    and the points it brings. Bars that score nothing are pale.

    Parameters
    ----------
    counts : mapping
        ``{player: {kind: n}}`` as for `alhambra_lib.scoring.score_majorities`.
    round_no : {1, 2, 3}
    ax : matplotlib Axes, optional

    Examples
    --------
    >>> from alhambra_lib.draw import artist
    >>> ax = draw_majorities({"Ana": {"tower": 4}, "Ben": {"tower": 4}, "Cy": {"tower": 2}}, 2)
    >>> ax.get_title(loc="left")
    'Round 2 majorities: Ana 9, Ben 9, Cy 0'
    >>> [t for t in artist(ax, "bar_labels").texts if "tie" in t]
    ['4 · tie for 1st, 9 points', '4 · tie for 1st, 9 points']
    """
    totals = score_majorities(counts, round_no)
    groups = _majority_rows(counts, round_no)
    players = len(counts)
    if ax is None:
        ax = new_axes(5.2, _BAR_IN * (players + 1.5) * len(KINDS), left=0.9, top=0.45)
    bars, headers, names, labels, y = [], [], [], [], 0.0
    top = max((n for _, _, rows in groups for _, n, _, _ in rows), default=0)
    for kind, header, rows in groups:
        headers.append(((0, y), header, _AXIS_TEXT))
        for player, n, label, points in rows:
            y += 1
            bars.append((y, n, KIND_COLOURS[kind], 1.0 if points else 0.3))
            names.append(((0, y), player, _AXIS_TEXT))
            labels.append(((n, y), f"{n} · {label}", _AXIS_TEXT if points else "#888888"))
        y += 1.5
    ax.barh([b[0] for b in bars], [b[1] for b in bars], height=0.75,
            color=[(*to_rgb(c), a) for _, _, c, a in bars], edgecolor=_TILE_EDGE, linewidth=0.5,
            gid="bars")
    LabelCollection(ax, headers, 8, True, "headers", shift=(3, 0), align="left")
    LabelCollection(ax, names, 8, False, "player_names", shift=(-4, 0),
                    align="right").set_clip_on(False)
    LabelCollection(ax, labels, 7, False, "bar_labels", shift=(4, 0), align="left")
    ax.set_xlim(0, max(top, 1) * 1.9 + 1)
    ax.set_ylim(y - 1, -1)  # first type at the top
    ax.set_yticks([])
    ax.xaxis.get_major_locator().set_params(integer=True)  # type: ignore[call-arg]  # a MaxNLocator
    ax.tick_params(labelsize=8)
    ax.set_xlabel(_("tiles of the type"), fontsize=9)
    ax.set_ylabel(_("type and player"), fontsize=9, labelpad=50)
    ax.set_title(_("Round {n} majorities: {totals}").format(
        n=round_no, totals=", ".join(f"{player_text(p)} {pts}" for p, pts in totals.items())),
        loc="left", fontsize=10)
    return ax


_LOST_TEXT = "#b22222"  # the points lost, under their bars
_LOST_ROOM = 0.12  # at least this share of the highest total is kept below 0 for them

#: Hatches of the scoring terms after majorities (solid) and walls (``////``).
_TERM_HATCHES = ("xx", "..", "\\\\", "++", "oo", "--")


def _score_terms(rounds: Iterable[Mapping[str, Any]]) -> list[str]:
    """The terms scored in `rounds` (majorities, walls, then the modules' in order)."""
    terms = ["majorities", "walls"]
    for event in rounds:
        terms += [t for t in scoring_parts(event) if t not in terms]
    return terms


def draw_score_track(events: Iterable[Mapping[str, Any]], ax: Axes | None = None) -> Axes:
    """Draw each competitor's points after every scoring round, split by scoring term.

    Parameters
    ----------
    events : list of dict
        A game's events; only the ``{"type": "scoring", ...}`` ones are read, their
        points by term through `scoring_parts` (so old saves without ``parts`` too).
    ax : matplotlib Axes, optional

    Returns
    -------
    matplotlib.axes.Axes
        Stacked bars per round and competitor: solid for the majority points so far,
        hatched ``////`` for the wall points so far, then one hatch per module term
        (gid: the term), points lost (the invaders' term) stacked below 0; the running
        total above.

    Examples
    --------
    >>> from alhambra_lib.draw import artist
    >>> ev = [{"type": "scoring", "round": 1, "walls": {"Ana": 3, "Ben": 0},
    ...        "points": {"Ana": 8, "Ben": 6}}]
    >>> ax = draw_score_track(ev)
    >>> ax.get_title(loc="left"), artist(ax, "totals").texts
    ('Points after each scoring round: Ana 8, Ben 6', ('8', '6'))
    """
    rounds = [e for e in events if e.get("type") == "scoring"]
    names = list(dict.fromkeys(n for e in rounds for n in e["points"]))
    terms = _score_terms(rounds)
    if ax is None:  # a module's term may need a longer legend line
        ax = new_axes(1.2 + 1.1 * max(len(rounds), 1) * max(len(names), 1) ** 0.5, 2.6,
                       left=0.7, right=1.5 if len(terms) == 2 else 2.1, top=0.45)
    colours = player_colours(names)
    width = 0.8 / max(len(names), 1)
    so_far = {term: dict.fromkeys(names, 0) for term in terms}
    # term -> [(x, height, bottom, colour)]
    bars: dict[str, list[tuple]] = {term: [] for term in terms}
    totals, lost, lowest = [], [], 0
    for i, event in enumerate(rounds):
        parts = scoring_parts(event)
        for j, name in enumerate(names):
            x = i + (j - (len(names) - 1) / 2) * width
            up = down = 0  # points won stack up from 0, points lost (invaders) down
            for term in terms:
                so_far[term][name] += parts.get(term, {}).get(name, 0)
                height = so_far[term][name]
                bars[term].append((x, height, up if height >= 0 else down, colours[name]))
                if height >= 0:
                    up += height
                else:
                    down += height
            totals.append(((x, up), str(up + down), _AXIS_TEXT))
            if down < 0:
                lost.append(((x, down), f"\u2212{-down}", _LOST_TEXT))
            lowest = min(lowest, down)
    total = {n: sum(so_far[t][n] for t in terms) for n in names}
    highest = max([top for (_, top), _, _ in totals] + [1])
    hatches = {"walls": "////", **dict(zip(terms[2:], _TERM_HATCHES * len(terms)))}
    majorities = bars["majorities"]
    ax.bar([x for x, _, _, _ in majorities], [h for _, h, _, _ in majorities],
           width=width * 0.9, color=[c for *_, c in majorities], gid="majorities")
    for term in terms[1:]:
        if term != "walls" and not any(h for _, h, _, _ in bars[term]):
            continue  # a module term that scored nothing yet
        ax.bar([x for x, _, _, _ in bars[term]], [h for _, h, _, _ in bars[term]],
               width=width * 0.9, bottom=[b for _, _, b, _ in bars[term]], color="white",
               hatch=hatches[term], edgecolor=[c for *_, c in bars[term]], linewidth=0.8,
               gid=term)
    LabelCollection(ax, totals, 7, False, "totals", shift=(0, 6)).set_clip_on(False)
    if lost:  # the points lost, written under their bars
        LabelCollection(ax, lost, 7, False, "lost", shift=(0, -6)).set_clip_on(False)
    if not rounds:
        ax.text(0.5, 0.5, _("no scoring round yet"), transform=ax.transAxes, ha="center",
                va="center", fontsize=9, color="#888888")
    ax.set_xticks(range(len(rounds)), [_("round {n}").format(n=e["round"]) for e in rounds])
    ax.set_xlim(-0.6, max(len(rounds), 1) - 0.4)
    if lowest < 0:  # room below 0 for the points lost and their labels, however few
        ax.set_ylim(min(lowest * 1.15, -_LOST_ROOM * highest) - 0.08 * highest,
                    highest * 1.15)
        ax.axhline(0, color=_AXIS_TEXT, linewidth=0.8, zorder=3)
    else:
        ax.set_ylim(0, highest * 1.15)
    ax.set_xlabel(_("after scoring round"), fontsize=9)
    ax.set_ylabel(_("points"), fontsize=9)
    ax.tick_params(labelsize=8)
    ax.set_title(_("Points after each scoring round: {totals}").format(
        totals=", ".join(f"{player_text(n)} {format_number(total[n])}" for n in names)),
        loc="left", fontsize=10)
    handles = [Patch(facecolor=colours[n], label=player_text(n)) for n in names]
    handles += [Patch(facecolor="#777777", label=score_term_text("majorities"))]
    handles += [Patch(facecolor="white", edgecolor="#777777", hatch=hatches[t],
                      label=(_("{term} (lost: below 0)") if any(h < 0 for __, h, __, __ in bars[t])
                             else "{term}").format(term=score_term_text(t)))
                for t in terms[1:] if t == "walls" or any(h for __, h, __, __ in bars[t])]
    side_legend(ax, handles)
    return ax


