"""A reader's answer to an exercise: read from what they typed, then checked.

`read_answer` turns typed text into cells or a number; `check_answer` says "right" or
hints at what is off, never giving the answer away.

Examples
--------
>>> check_answer([(0, 1), (1, 0)], {(1, 0), (0, 1)})
'right'
>>> check_answer(read_answer("(1, 0) (0,1)", "cells"), {(1, 0), (0, 1)})
'right'
"""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import TYPE_CHECKING

from ..errors import AlhambraError
from ..i18n import _, ngettext
from .text import cell_list

if TYPE_CHECKING:
    from ..grid import Cell

__all__ = ["check_answer", "read_answer", "ANSWER_KINDS", "UnreadableAnswer"]

#: What an exercise asks for: a set of cells, or a whole number.
ANSWER_KINDS = ("cells", "number")

_PAIR = re.compile(r"\(?\s*(-?\d+)\s*[,;\s]\s*(-?\d+)\s*\)?")


class UnreadableAnswer(AlhambraError):
    """Typed text that is not an answer of the asked kind; the message says what is expected."""


def read_answer(text: str, kind: str) -> set[Cell] | int:
    """The answer typed as `text`: a set of cells ``{(x, y), ...}`` or an int.

    Cells may be written ``(2, 1), (0, -1)``, ``2,1 0,-1`` or ``2 1; 0 -1``; "none" or
    "-" means no cell at all.

    Raises
    ------
    UnreadableAnswer
        When `text` is empty or not of the kind asked for.
    ValueError
        When `kind` is not one of `ANSWER_KINDS`.

    Examples
    --------
    >>> sorted(read_answer("(2, 1), (0, -1)", "cells"))
    [(0, -1), (2, 1)]
    >>> read_answer(" 7 ", "number"), read_answer("none", "cells")
    (7, set())
    >>> read_answer("seven", "number")
    Traceback (most recent call last):
    ...
    alhambra_lib.teaching.answers.UnreadableAnswer: type a whole number, such as 7
    """
    if kind not in ANSWER_KINDS:
        raise ValueError(f"unknown answer kind {kind!r}; expected one of {ANSWER_KINDS}")
    text = text.strip()
    if kind == "number":
        if not re.fullmatch(r"-?\d+", text):
            raise UnreadableAnswer(_("type a whole number, such as 7"))
        return int(text)
    if text.lower() in ("none", "-", "no cell", "no cells", _("none").lower()):
        return set()
    cells, end = set(), 0
    for match in _PAIR.finditer(text):
        if text[end:match.start()].strip(" ,;"):
            break
        cells.add((int(match[1]), int(match[2])))
        end = match.end()
    if not cells or text[end:].strip(" ,;"):
        raise UnreadableAnswer(_("type cells as x, y pairs, such as (2, 1), (0, -1); or {none}")
                               .format(none=_("none")))
    return cells


def check_answer(answer: object, expected: object) -> str:
    """Compare a reader's `answer` with the `expected` one; say "right" or what is off.

    "right" and "no answer yet" are said as they are (a widget compares them); what is
    off is said in the current language (`alhambra_lib.i18n`).

    Collections (lists, sets of cells...) compare as sets, in any order; numbers
    compare by value. A wrong answer gets a hint (how many cells are missing, which
    of the given ones are wrong, too high or too low), never the answer itself.
    ``...`` (Ellipsis) stands for "no answer yet".

    Examples
    --------
    >>> check_answer([(0, 1)], {(1, 0), (0, 1)})
    'not yet: 1 cell missing'
    >>> check_answer([(0, 1), (5, 5)], [(0, 1)])
    'not yet: (5, 5) should not be there'
    >>> check_answer(11, 12), check_answer(..., 12)
    ('not yet: too low', 'no answer yet')
    """
    if answer is ...:
        return "no answer yet"
    if isinstance(expected, Collection) and not isinstance(expected, str):
        if not isinstance(answer, Collection) or isinstance(answer, str):
            return _("not yet: the answer is a collection, got {kind}").format(
                kind=type(answer).__name__)
        return _cells_verdict(set(answer) - set(expected), set(expected) - set(answer))
    if answer == expected:
        return "right"
    if isinstance(answer, (int, float)) and isinstance(expected, (int, float)):
        return _("not yet: too low") if answer < expected else _("not yet: too high")
    return _("not yet")


def _cells_verdict(extra: set, missing: set) -> str:
    """"right", or how many cells are `missing` and which given ones are `extra`."""
    n = len(missing)
    if not extra:
        return ngettext("not yet: {n} cell missing", "not yet: {n} cells missing",
                        n).format(n=n) if missing else "right"
    if not missing:
        return _("not yet: {cells} should not be there").format(cells=cell_list(extra))
    return ngettext("not yet: {n} cell missing; {cells} should not be there",
                    "not yet: {n} cells missing; {cells} should not be there", n).format(
        n=n, cells=cell_list(extra))
