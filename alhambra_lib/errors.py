"""The library's exceptions: one base, one class per kind of failure.

Every error the rules raise is an `AlhambraError`, itself a `ValueError`, so code that
caught ``ValueError`` before keeps working, and code that wants only the library's own
refusals catches `AlhambraError`.

* `IllegalPlacement` — the building rules refuse a placement, removal or exchange.
* `IllegalAction` — a game refuses an action now; the game is left unchanged.
* `InvalidSave` — a saved game is malformed, hand-edited into nonsense or inconsistent.
* `InvalidScore` — a score sheet entry that cannot be scored (`alhambra_lib.score_sheet`).
* `Unsupported` — a game the compiled core does not hold (`alhambra_lib.sim`): names
  what it lacks (modules by their `MODULES` names, an option), or the core is missing.
* `InvalidInput` — an argument of the wrong type or shape (a layout that is None, a
  bare `Action`); also a `TypeError`, so code that caught one keeps working.

Examples
--------
>>> issubclass(InvalidSave, AlhambraError), issubclass(AlhambraError, ValueError)
(True, True)
>>> IllegalAction("no", reasons=("unreachable",)).reasons
('unreachable',)
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["AlhambraError", "IllegalPlacement", "IllegalAction", "InvalidSave", "InvalidScore",
           "InvalidInput", "Unsupported", "brief"]

#: Integers with more digits than this are told by their size, not written out.
_DIGITS = 40


def brief(value: object, limit: int = 80, quote: bool = True) -> str:
    """A short repr of `value` for an error message, that never fails itself.

    A huge integer is told by its size (Python refuses to write out one of more than
    4300 digits), a long repr is cut at `limit` characters. With ``quote=False`` a
    printable string (a file name) is shown as it is, only cut.

    Examples
    --------
    >>> brief("Ana"), brief(10 ** 5000), brief(list(range(40)), 20)
    ("'Ana'", 'an integer of 16610 bits', '[0, 1, 2, 3, 4, 5, 6...')
    >>> brief("scores.csv", quote=False), brief("x" * 100, 8, quote=False)
    ('scores.csv', 'xxxxxxxx...')
    """
    if isinstance(value, int) and abs(value) >= 10 ** _DIGITS:
        return f"an integer of {value.bit_length()} bits"
    try:
        text = value if not quote and isinstance(value, str) and value.isprintable() \
            else repr(value)
    except (ValueError, RecursionError):  # a huge int or a deep structure inside
        return f"a {type(value).__name__} too large to show"
    return text if len(text) <= limit else text[:limit] + "..."


class AlhambraError(ValueError):
    """Base of every refusal by the rules or by a saved-game check.

    Attributes
    ----------
    reasons : tuple of str
        Machine-readable reason codes where the refusal has them (building rules), else ().
    """

    def __init__(self, message: str, reasons: Iterable[str] = ()) -> None:
        super().__init__(message)
        self.reasons = tuple(reasons)


class IllegalPlacement(AlhambraError):
    """A placement, removal or exchange the building rules refuse (reasons: `REASONS`)."""


class IllegalAction(AlhambraError):
    """An action the rules refuse now; the game is left exactly as it was.

    ``reasons`` holds the building-rule reason codes when a placement or redesign is
    refused, else ().
    """


class InvalidSave(AlhambraError):
    """A saved game that cannot be restored: says what is wrong and where.

    Attributes
    ----------
    where : str
        The part of the save at fault (``"hands"``, ``"events[12]"``...), or "".
    """

    def __init__(self, message: str, where: str = "") -> None:
        prefix = f"invalid saved game ({where}): " if where else "invalid saved game: "
        super().__init__(prefix + message)
        self.where = where


class InvalidScore(AlhambraError):
    """A score sheet entry that cannot be scored: an unknown type, player or module input,
    a count that is no whole number, a value of the wrong shape, more than the player's
    tiles or the box allow. The sheet is left as it was.

    Attributes
    ----------
    entries : tuple of tuple
        The boxes at fault, where the refusal names some, so that a form can mark them:
        ``("count", name, type)``, ``("wall", name)``, or ``("input", input name,
        player)`` and ``("input", input name, player, type or direction)``; a total
        over the table names every box it adds up.

    Examples
    --------
    >>> InvalidScore("too long", entries=[("wall", "Ana")]).entries
    (('wall', 'Ana'),)
    """

    def __init__(self, message: str, entries: Iterable[tuple] = ()) -> None:
        super().__init__(message)
        self.entries = tuple(entries)


class Unsupported(AlhambraError):
    """A game the compiled core (`alhambra_lib.sim`) does not hold, or no core at all:
    the message names what is missing (modules by their `MODULES` names, an option). The
    Python engine plays every such game.
    """


class InvalidInput(AlhambraError, TypeError):
    """An argument of the wrong type or shape given to the library: says what was
    expected and what came. A `TypeError` too (the usual exception for it in Python).

    Examples
    --------
    >>> issubclass(InvalidInput, TypeError), issubclass(InvalidInput, AlhambraError)
    (True, True)
    """
