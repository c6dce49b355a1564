"""Checking a reader's answer to an exercise: "right", or a hint at what is off.

Examples
--------
>>> check_answer([(0, 1), (1, 0)], {(1, 0), (0, 1)})
'right'
"""

from __future__ import annotations

from collections.abc import Collection

from .text import cell_list, plural

__all__ = ["check_answer"]


def check_answer(answer, expected):
    """Compare a reader's `answer` with the `expected` one; say "right" or what is off.

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
    ('not yet: too low', 'no answer yet: replace ... by yours')
    """
    if answer is ...:
        return "no answer yet: replace ... by yours"
    if isinstance(expected, Collection) and not isinstance(expected, str):
        if not isinstance(answer, Collection) or isinstance(answer, str):
            return f"not yet: the answer is a collection, got {type(answer).__name__}"
        extra, missing = set(answer) - set(expected), set(expected) - set(answer)
        if not extra and not missing:
            return "right"
        hints = []
        if missing:
            hints.append(f"{plural(len(missing), 'cell')} missing")
        if extra:
            hints.append(f"{cell_list(extra)} should not be there")
        return "not yet: " + "; ".join(hints)
    if answer == expected:
        return "right"
    if isinstance(answer, (int, float)) and isinstance(expected, (int, float)):
        return "not yet: too low" if answer < expected else "not yet: too high"
    return "not yet"
