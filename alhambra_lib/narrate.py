"""Words for events: the text helpers and the table of event sentences.

Outside the engine, so that a module's ``narration`` (a class attribute
``{event type: (required fields, sentence function)}``) can use the helpers without
importing the engine; the registry (`alhambra_lib.modules.register`) registers a module's
narration here, and `alhambra_lib.engine.narration` registers the base game's events and
tells them (`describe_event`).

Examples
--------
>>> tile_text(["garden", 8, []]), points_text(1)
('8-garden', '1 point')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from .actions import card_from_list
from .components import CURRENCIES

__all__ = ["EVENTS", "EVENT_FIELDS", "register_events", "unregister_events", "tile_text",
           "points_text", "card_text", "paid_text", "plural", "plural_noun", "possessive"]

#: event type -> (required fields, sentence function): every type a game may record.
EVENTS: dict[str, tuple[tuple, Callable[[Mapping], str]]] = {}
#: event type -> the fields it must carry (a restored game checks its events against it).
EVENT_FIELDS: dict[str, tuple] = {}


def register_events(events: Mapping[str, tuple]) -> None:
    """Add ``{event type: (required fields, sentence function)}`` (a module's narration).

    Raises
    ------
    ValueError
        An event type already described otherwise (two modules would tell it apart).
    """
    for kind, entry in events.items():
        if kind in EVENTS and EVENTS[kind] != entry:
            raise ValueError(f"event type {kind!r} is already described")
    for kind, entry in events.items():
        EVENTS[kind] = entry
        EVENT_FIELDS[kind] = tuple(entry[0])


def unregister_events(events: Mapping[str, tuple]) -> None:
    """Take back event types `register_events` added with these very entries."""
    for kind, entry in events.items():
        if EVENTS.get(kind) == entry:
            del EVENTS[kind]
            del EVENT_FIELDS[kind]


def tile_text(data):
    """``[kind, price, walls, *marks]`` -> ``"8-garden"``, ``"tower hut"``, ``"denar bazaar"``."""
    if not data:
        return "nothing"
    if data[0] in ("hut", "bazaar") and len(data) > 3:
        return f"{data[3]} {data[0]}"
    return f"{data[1]}-{data[0]}"


def plural(n: int, word: str, words: str | None = None) -> str:
    """`n` and `word`, in the plural (`words`, by default `word` + s) unless `n` is 1.

    A word whose singular already ends in s (chambers) stays as it is.

    Examples
    --------
    >>> plural(1, "tile"), plural(3, "wall side"), plural(2, "chambers"), plural(2, "bazaar")
    ('1 tile', '3 wall sides', '2 chambers', '2 bazaars')
    >>> plural(0, "city", "cities")
    '0 cities'
    """
    return f"{n} {word if n == 1 else plural_noun(word, words)}"


def plural_noun(word: str, words: str | None = None) -> str:
    """The plural of `word`: `words` if given, else `word` + s, or `word` itself when it
    ends in s already (arcades, chambers).

    Examples
    --------
    >>> plural_noun("tower"), plural_noun("chambers"), plural_noun("city", "cities")
    ('towers', 'chambers', 'cities')
    """
    return words or (word if word.endswith("s") else word + "s")


def possessive(name: str, first: bool = False) -> str:
    """Whose, for a player's name: "Ana's", and "your" for the seat called "You" (the
    player at a `~alhambra_lib.widgets.GameTable`), "Your" when `first` in a sentence.

    Examples
    --------
    >>> possessive("Ana"), possessive("You"), possessive("You", first=True)
    ("Ana's", 'your', 'Your')
    """
    if name == "You":
        return "Your" if first else "your"
    return f"{name}'s"


def points_text(points):
    """``1`` -> ``"1 point"``, ``2`` -> ``"2 points"``."""
    return plural(points, "point")


def card_text(data):
    """A card's JSON form as words: ``["ducat", 5]`` -> ``"5 ducat"``.

    Examples
    --------
    >>> card_text(["exchange", "denar", "ducat"]), card_text(["master_builder", "denar"])
    ('exchange denar/ducat', '3 denar (master builder)')
    >>> card_text(None)  # another player's secret card, in a view's events
    'hidden card'
    """
    if data is None:
        return "hidden card"
    try:
        return str(card_from_list(list(data)))
    except (TypeError, ValueError):  # narration never fails, whatever a record holds
        return " ".join(map(str, data))


def _cards_text(cards):
    return " + ".join(map(card_text, cards))


def paid_text(cards):
    """A payment's cards (JSON forms) in words: the values when all are plain money
    (``"5+3"``), else every card named (an exchange card, a diamond, a coin...).

    Examples
    --------
    >>> paid_text([["ducat", 5], ["ducat", 3]]), paid_text([["diamond", 7]])
    ('5+3', '7 diamond')
    """
    if all(c[0] in CURRENCIES for c in cards):
        return "+".join(str(v) for _, v in cards)
    return _cards_text(cards)
