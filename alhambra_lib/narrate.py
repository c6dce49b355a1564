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
from .components import (CURRENCIES, Card, Coin, DiamondCard, ExchangeCard, GateCard,
                         MasterBuilderCard, WallCard)
from .i18n import N_, NP_, _, format_number, gettext, ngettext, pgettext

__all__ = ["EVENTS", "EVENT_FIELDS", "register_events", "unregister_events", "tile_text",
           "points_text", "card_text", "paid_text", "plural", "plural_noun", "possessive",
           "term", "sides_text", "player_text", "told", "moment_text", "kind_count", "kind_plural", "score_term_text", "money_text", "YOU",
           "short_term", "tile_count", "tile_name", "walls_text"]

#: The seat of the person at a `~alhambra_lib.widgets.GameTable`: told in the second person.
YOU = "You"

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


#: The game's words, marked for the catalogs: building types, currencies, the sides of a
#: tile. i18n: the words each edition prints (docs/glossary_<lang>.md).
_TERMS = (N_("pavilion"), N_("seraglio"), N_("arcades"), N_("chambers"), N_("garden"),
          N_("tower"), N_("fountain"), N_("camp"), N_("denar"), N_("dirham"), N_("ducat"), N_("florin"),
          # the colours of the chests (Treasure Chamber) and citizens (Street Merchant)
          N_("blue"), N_("red"), N_("brown"), N_("white"), N_("green"), N_("purple"))
#: A tile's sides as the compass letters of the language (walls "NE", a gate's side).
_SIDES = {"N": N_("N"), "E": N_("E"), "S": N_("S"), "W": N_("W")}


def term(word: str) -> str:
    """A word of the game (a building type, a currency) in the current language; any
    other word as it is.

    >>> term("garden"), term("denar"), term("Ana")
    ('garden', 'denar', 'Ana')
    """
    return gettext(word) if word in _TERMS else word


#: The building types as a small label says them (on a card, under a scout), where the
#: language's word is too long for it ("appart." for "appartements").
_SHORT_KINDS = (NP_("short", "pavilion"), NP_("short", "seraglio"), NP_("short", "arcades"),
                NP_("short", "chambers"), NP_("short", "garden"), NP_("short", "tower"))


def short_term(kind: str) -> str:
    """A building type in a word short enough for a card's label, in the current language
    (any other word as `term` says it).

    >>> short_term("chambers"), short_term("denar")
    ('chambers', 'denar')
    """
    return pgettext("short", kind) if kind in _SHORT_KINDS else term(kind)


#: A score term's name (a key of a scoring event's ``parts``) in the current language.
_SCORE_TERMS = {"majorities": N_("majorities"), "walls": N_("walls"),
                "invaders": N_("invaders"), "treasure": N_("treasure"),
                "characters": N_("characters"), "camps": N_("camps"),
                "street_merchant": N_("street merchant"), "bazaars": N_("bazaars")}


def score_term_text(name: str) -> str:
    """A score term in words: ``"street_merchant"`` -> ``"street merchant"``."""
    return gettext(_SCORE_TERMS[name]) if name in _SCORE_TERMS else name.replace("_", " ")


def sides_text(sides: str) -> str:
    """Compass letters (``"NE"``) in the current language (``"NØ"`` in Danish)."""
    return "".join(gettext(_SIDES[s]) if s in _SIDES else s for s in sides)


def player_text(name: str) -> str:
    """A player's name as shown; the seat called "You" (at a `GameTable`) in the
    current language."""
    return pgettext("player", "You") if name == YOU else name


def moment_text(after: str) -> str:
    """When something happened, as an event records it (``"setup"``, ``"round 2"``), in the
    current language."""
    if after == "setup":
        return _("setup")
    if after.startswith("round ") and after[6:].isdigit():
        return _("round {n}").format(n=after[6:])
    return after


def told(player: str, third: str, second: str, **fields) -> str:
    """A sentence whose subject is `player`: `third` (with ``{player}``) in the current
    language, or `second` (the same sentence said to "You", the player at a
    `GameTable`). Both are whole messages, marked with `N_` where written.

    >>> told("Ana", "{player} passes", "You pass"), told("You", "{player} passes", "You pass")
    ('Ana passes', 'You pass')
    """
    if player == YOU:
        return gettext(second).format(**fields)
    return gettext(third).format(player=player, **fields)


def tile_text(data):
    """``[kind, price, walls, *marks]`` -> ``"8-garden"``, ``"tower hut"``, ``"denar bazaar"``."""
    if not data:
        return _("nothing")
    if data[0] == "hut" and len(data) > 3:
        return _("{kind} hut").format(kind=term(data[3]))
    if data[0] == "bazaar" and len(data) > 3:
        return _("{currency} bazaar").format(currency=term(data[3]))
    return _("{price}-{kind}").format(price=data[1], kind=term(data[0]))


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
    return ngettext("{n} point", "{n} points", points).format(n=format_number(points))


def walls_text(tile) -> str:
    """A tile's walls in words: ``"walls N, E"`` (compass letters of the language), or
    ``"no walls"``."""
    if not tile.wall_sides:
        return _("no walls")
    return _("walls {sides}").format(sides=", ".join(map(sides_text, tile.wall_sides)))


def tile_name(tile) -> str:
    """A `Tile` as the language says it: ``"8-garden"``, ``"8-jardin"``."""
    return tile_text(tile.to_list())


def tile_count(n: int) -> str:
    """``1`` -> ``"1 tile"``, ``2`` -> ``"2 tiles"``: a number of tiles, in the plural the
    language uses for `n` (French says "0 tuile", "1 tuile", "2 tuiles")."""
    return ngettext("{n} tile", "{n} tiles", n).format(n=format_number(n))


#: The building types in the plural, as a place or a scout says them ("first in gardens").
_PLURALS = {"pavilion": N_("pavilions"), "seraglio": N_("seraglios"), "arcades": N_("arcades"),
            "chambers": N_("chambers"), "garden": N_("gardens"), "tower": N_("towers")}


def kind_plural(kind: str) -> str:
    """A building type in the plural: ``"garden"`` -> ``"gardens"``."""
    return gettext(_PLURALS[kind]) if kind in _PLURALS else kind


def kind_count(n: int, kind: str) -> str:
    """``(2, "tower")`` -> ``"2 towers"``: a number of buildings of a type.

    >>> kind_count(1, "garden"), kind_count(3, "arcades")
    ('1 garden', '3 arcades')
    """
    forms = {"pavilion": lambda: ngettext("{n} pavilion", "{n} pavilions", n),
             "seraglio": lambda: ngettext("{n} seraglio", "{n} seraglios", n),
             "arcades": lambda: ngettext("{n} arcades", "{n} arcades", n),
             "chambers": lambda: ngettext("{n} chambers", "{n} chambers", n),
             "garden": lambda: ngettext("{n} garden", "{n} gardens", n),
             "tower": lambda: ngettext("{n} tower", "{n} towers", n)}
    return forms[kind]().format(n=n) if kind in forms else f"{n} {kind}"


def money_text(currency: str, value: int) -> str:
    """``("ducat", 5)`` -> ``"5 ducat"``: money of a currency, in the current language."""
    forms = {"denar": lambda n: ngettext("{n} denar", "{n} denar", n),
             "dirham": lambda n: ngettext("{n} dirham", "{n} dirham", n),
             "ducat": lambda n: ngettext("{n} ducat", "{n} ducat", n),
             "florin": lambda n: ngettext("{n} florin", "{n} florin", n)}
    if currency not in forms:
        return f"{value} {currency}"
    return forms[currency](value).format(n=value)


def _card_words(card) -> str:
    """A card (an object of `card_from_list`) in words."""
    if isinstance(card, ExchangeCard):
        return _("exchange {first}/{second}").format(
            first=term(card.currencies[0]), second=term(card.currencies[1]))
    if isinstance(card, WallCard):
        return _("wall card {sides}").format(sides=sides_text(card.sides))
    if isinstance(card, GateCard):
        return _("gate card")
    if isinstance(card, DiamondCard):
        return ngettext("{n} diamond", "{n} diamond", card.value).format(n=card.value)
    if isinstance(card, MasterBuilderCard):
        return _("{money} (master builder)").format(money=money_text(card.currency, card.value))
    if isinstance(card, Coin):
        return _("{money} (coin)").format(money=money_text(card.currency, 1))
    if isinstance(card, Card):
        return money_text(card.currency, card.value)
    return str(card)


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
        return _("hidden card")
    try:
        return _card_words(card_from_list(list(data)))
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
        return "+".join(str(card[1]) for card in cards)
    return _cards_text(cards)
