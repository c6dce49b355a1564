"""The library's exceptions: one base, one class per kind of failure.

Every error the rules raise is an `AlhambraError`, itself a `ValueError`, so code that
caught ``ValueError`` before keeps working, and code that wants only the library's own
refusals catches `AlhambraError`.

* `IllegalPlacement` — the building rules refuse a placement, removal or exchange.
* `IllegalAction` — a game refuses an action now; the game is left unchanged.
* `InvalidSave` — a saved game is malformed, hand-edited into nonsense or inconsistent.
* `InvalidScore` — a score sheet entry that cannot be scored (`alhambra_lib.score_sheet`).

Examples
--------
>>> issubclass(InvalidSave, AlhambraError), issubclass(AlhambraError, ValueError)
(True, True)
>>> IllegalAction("no", reasons=("unreachable",)).reasons
('unreachable',)
"""

from __future__ import annotations

__all__ = ["AlhambraError", "IllegalPlacement", "IllegalAction", "InvalidSave", "InvalidScore"]


class AlhambraError(ValueError):
    """Base of every refusal by the rules or by a saved-game check.

    Attributes
    ----------
    reasons : tuple of str
        Machine-readable reason codes where the refusal has them (building rules), else ().
    """

    def __init__(self, message: str, reasons=()):
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

    def __init__(self, message: str, where: str = ""):
        prefix = f"invalid saved game ({where}): " if where else "invalid saved game: "
        super().__init__(prefix + message)
        self.where = where


class InvalidScore(AlhambraError):
    """A score sheet entry that cannot be scored: an unknown type, player or module input,
    a count that is no whole number, a value of the wrong shape. The sheet is left as it was.
    """
