"""Wording shared by the teaching material: counted words and lists of cells.

Examples
--------
>>> plural(1, "tile"), plural(3, "wall side")
('1 tile', '3 wall sides')
>>> cell_list({(1, 0), (0, 1)}), cell_list([(0, 0), (0, 1), (0, 2)], most=2)
('(0, 1), (1, 0)', '(0, 0), (0, 1) and 1 more')
>>> sentences("Ana buys a tower.", "Ben takes money.")
Ana buys a tower.
Ben takes money.
"""
from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Sequence
from html import escape
from typing import Any

from ..i18n import _, ngettext
from ..narrate import plural  # one plural helper for the library's words

__all__ = ["plural", "counted", "cell_list", "sentences", "Sentences", "table_html", "Table"]


def counted(singular: str, plural: str, n: int) -> str:
    """A counted phrase (``"{n} corner"``, ``"{n} corners"``, marked with `ngettext` where
    written) in the current language, in the plural form it uses for `n`.

    >>> counted("{n} corner", "{n} corners", 1), counted("{n} corner", "{n} corners", 0)
    ('1 corner', '0 corners')
    """
    return ngettext(singular, plural, n).format(n=n)


def cell_list(cells: Collection[tuple[int, int]], most: int | None = None) -> str:
    """The cells in order, separated by commas.

    Parameters
    ----------
    cells : iterable of tuple
    most : int, optional
        Name at most this many; the others are counted ("and 3 more").

    Returns
    -------
    str
    """
    cells = sorted(cells)
    shown = cells if most is None else cells[:most]
    named = ", ".join(map(str, shown))
    if len(shown) == len(cells):
        return named
    more = len(cells) - len(shown)
    return ngettext("{cells} and {n} more", "{cells} and {n} more", more).format(cells=named,
                                                                                 n=more)


class Sentences(str):
    """Lines of prose that a notebook shows as paragraphs of text, never as a printout.

    A notebook (and the app) shows it as HTML paragraphs, each line escaped; as plain
    text (a terminal, a doctest) it is the lines themselves.
    """

    def __repr__(self) -> str:
        return str(self)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))

    def _repr_html_(self) -> str:
        return "".join(f"<p>{escape(line)}</p>" for line in self.splitlines())


def _turn_heading() -> re.Pattern[str]:
    """A turn's heading as the narration says it in the current language: ``-- turn 12:
    Cy``, ``-- tour 12 : Cy``."""
    heading = re.escape(_("-- turn {turn}: {player}"))
    for name, group in (("turn", r"(?P<turn>\d+)"), ("player", "(?P<player>.+)")):
        heading = heading.replace(re.escape("{" + name + "}"), group)
    return re.compile(f"^{heading}$")


def _sentence(line: str) -> str:
    """A narration line as a sentence: a turn's heading in words, a full stop at the end."""
    turn = _turn_heading().match(line)
    if turn:
        return _("Turn {turn}, {player} plays:").format(**turn.groupdict())
    if not line:
        return line
    line = line[0].upper() + line[1:]
    return line if line[-1] in ".:!?" else line + "."


def sentences(*lines: str) -> Sentences:
    """`lines` (a story of the narration, or sentences) as prose: one paragraph each.

    A line holding line breaks gives one paragraph per line; each ends with a full
    stop, and a turn's heading of the narration (``-- turn 12: Cy``) is said in words.

    Examples
    --------
    >>> sentences("-- turn 12: Cy", "Cy buys 4-seraglio from the denar square paying 5")
    Turn 12, Cy plays:
    Cy buys 4-seraglio from the denar square paying 5.

    A story told in another language is read in that language:

    >>> from alhambra_lib import i18n
    >>> i18n.set_language("fr"); sentences("-- tour 12 : Cy"); i18n.set_language("en")
    Tour 12, Cy joue :
    """
    return Sentences("\n".join(_sentence(line) for text in lines for line in text.splitlines()))


def table_html(header: Sequence[object], rows: Iterable[Sequence[object]]) -> str:
    """A small HTML table; `header` and `rows` hold plain values, escaped here."""
    head = "".join(f"<th style='padding:2px 8px'>{escape(str(h))}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td style='padding:2px 8px;text-align:right'>"
                                    f"{escape(str(v))}</td>" for v in row) + "</tr>"
                   for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


class Table:
    """A table for a notebook cell's output: HTML in a notebook, aligned text elsewhere.

    Examples
    --------
    >>> Table(["type", "tiles"], [["tower", 11], ["garden", 10]])
    type   tiles
    tower     11
    garden    10
    """

    def __init__(self, header: Sequence[object], rows: Iterable[Sequence[object]]) -> None:
        self.header, self.rows = list(header), [list(row) for row in rows]

    def _repr_html_(self) -> str:
        return table_html(self.header, self.rows)

    def __repr__(self) -> str:
        lines = [self.header, *self.rows]
        widths = [max(len(str(line[i])) for line in lines) for i in range(len(self.header))]
        return "\n".join(" ".join(str(v).ljust(w) if i == 0 else str(v).rjust(w)
                                   for i, (v, w) in enumerate(zip(line, widths))).rstrip()
                         for line in lines)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(repr(self))
