"""Bazaars (Mega Box M16, RULES.md §M16): tiles bought beside the market, scored at the end.

The 8 bazaars (`components.tile_set("bazaars")`, provisional data) are mixed into the
bag. A bazaar drawn for the market is laid face up beside it, and drawing goes on until
the market holds 4 tiles (at setup too). On their turn a player may buy a bazaar lying
beside the market (`BuyBazaar`, kind ``"buy_bazaar"``) in the bazaar's own currency,
paying **exactly** the price of the tile now on that currency's market square (an empty
square: no purchase); another action follows, and the bazaar is placed at the turn end
like a building (or reserved, or with two players given to Dirk). At the final scoring
only, each bazaar in an Alhambra scores n x k (`bazaar_points`): n the buildings among
its 8 neighbours, diagonals included, of one of its three types, k how many distinct
types these are. Bazaars left beside the market at the end stay there; Dirk's score
nothing.

Decisions (RULES.md §M16): an exchange card may join the bazaar's currency with another
in the exact payment (§M2 works "when buying"); huts, camps and other bazaars are no
neighbours; a bazaar on the reserve scores nothing.

Examples
--------
>>> import warnings
>>> from alhambra_lib import Game
>>> with warnings.catch_warnings():  # the bazaars' printed data is provisional
...     warnings.simplefilter("ignore")
...     g = Game(["Ana", "Ben", "Cy"], seed=0, modules=("bazaars",))
>>> g.census()["bazaar"], [t.kind for _, t in g.market].count("bazaar")
(8, 0)
>>> for b in g.view("Ana").modules["bazaars"]["beside"]:
...     print(bazaar_text(b["bazaar"]), "costs", b["price"], "now")
denar bazaar (chambers, garden, tower) costs 6 now
ducat bazaar (seraglio, arcades, tower) costs 8 now
>>> print(BuyBazaar(BAZAARS[0], (Card("denar", 5), Card("denar", 3))))
buy the denar bazaar (pavilion, seraglio, arcades) paying 5+3
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict

from ..actions import Action, card_order, register_action, tile_from_list, tile_order
from ..components import CURRENCIES, Card, ExchangeCard, Tile, tile_set
from ..memo import by_identity
from ..i18n import N_, _
from ..narrate import paid_text, term, tile_text, told
from ..payments import (
    PaymentSources,
    check_payment,
    may_pay_exactly,
    minimal_card_payments,
    minimal_payments,
    payment_total,
)
from ..sheet_inputs import SheetInput, SheetModule, each_player
from ..slices import TILE, TILE_ORDER, Annotated
from .base import Module
from .context import acting_player

if TYPE_CHECKING:  # types only: a module imports nothing from the engine at run time
    from ..engine.config import GameConfig
    from ..engine.decisions import Decision
    from .context import GameContext

_Cell = tuple[int, int]

__all__ = ["BAZAARS", "NEIGHBOURS", "Bazaars", "BuyBazaar", "bazaar_neighbours", "bazaar_points",
           "bazaar_text"]

#: The 8 bazaars as shipped (`alhambra_lib/data/bazaars.csv`, provisional placeholders).
BAZAARS = tile_set("bazaars").tiles

#: How a bazaar is paid besides its currency: an exchange card joins a second one (§M2).
_SOURCES = PaymentSources(exchange=True)

#: The 8 neighbour offsets of a cell, diagonals included.
NEIGHBOURS = tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0))


def _square_of(currency: str) -> int:
    """The market square (1-4) of a currency."""
    return CURRENCIES.index(currency) + 1


#: ``{currency: index (0-3) of its square in `Game.market`}``.
_SQUARE_INDEX = {currency: i for i, currency in enumerate(CURRENCIES)}


@lru_cache(maxsize=256)
def _distinct_bazaars(beside: tuple[tuple[Any, ...], ...]) -> tuple[tuple[Tile, ...],
                                                                    tuple[int, ...]]:
    """The distinct bazaars of a slice's ``beside`` (JSON lists made tuples), in order,
    and the index (0-3) in `Game.market` of each one's square (its currency's)."""
    bazaars = tuple(dict.fromkeys(tile_from_list(list(t)) for t in beside))
    return bazaars, tuple(_SQUARE_INDEX[b.marks[0]] for b in bazaars)


_BUYS: dict[Any, Any] = {}  # `_bazaar_buys` by the bazaars, their prices and the hand's cards


def _bazaar_buys(bazaars: tuple[Tile, ...], prices: tuple[int | None, ...],
                 hand: tuple[Any, ...]) -> tuple[BuyBazaar, ...]:
    """The `BuyBazaar` actions of `hand` (a tuple of cards) for the distinct `bazaars`
    beside the market, each at its price (None: its square is empty, not for sale).

    A function of its arguments alone, so kept by them: the same hand meets the same
    bazaars and prices turn after turn (RULES.md §M16.3: paid exactly, in the bazaar's
    currency, an exchange card joining a second one, §M2).
    """
    exchanges = sorted({c for c in hand if isinstance(c, ExchangeCard)}, key=card_order)
    actions: list[BuyBazaar] = []
    for bazaar, price in zip(bazaars, prices):
        if price is None:
            continue
        currency = bazaar.marks[0]
        money = [c for c in hand if isinstance(c, Card) and c.currency == currency]
        if all(c.__class__ is Card for c in money):
            values = tuple(sorted((c.value for c in money), reverse=True))
            payments = [tuple(Card(currency, v) for v in payment)
                        for payment in minimal_payments(values, price)]
        else:  # a master builder or a coin among them (§M14, §M11)
            payments = minimal_card_payments(money, price)
        actions += [BuyBazaar(bazaar, payment) for payment in payments
                    if payment_total(payment) == price]
        for card in exchanges:  # §M2: one exchange card joins a second currency
            if currency not in card.currencies:
                continue
            money = [c for c in hand if isinstance(c, Card) and c.currency in card.currencies]
            for payment in minimal_card_payments(money, price):
                if (payment_total(payment) == price
                        and any(c.currency != currency for c in payment)):
                    actions.append(BuyBazaar(bazaar, payment + (card,)))
    return tuple(actions)


def bazaar_text(tile: Tile | Sequence[Any]) -> str:
    """A bazaar (a Tile or its JSON list) in words: ``"denar bazaar (pavilion, seraglio,
    arcades)"``.

    Examples
    --------
    >>> bazaar_text(["bazaar", 0, "", "florin", "pavilion", "seraglio", "tower"])
    'florin bazaar (pavilion, seraglio, tower)'
    """
    marks = tile.marks if isinstance(tile, Tile) else tuple(tile[3:])
    return _("{currency} bazaar ({kinds})").format(currency=term(marks[0]),
                                                   kinds=", ".join(map(term, marks[1:])))


def _card_key(card: Any) -> tuple[Any, ...]:
    try:
        return card_order(card)
    except (KeyError, AttributeError):  # a card of another module (a diamond)
        return (2, str(card))


@dataclass(frozen=True, slots=True)
class BuyBazaar(Action):
    """Buy `bazaar`, lying beside the market, paying `cards` exactly (RULES.md §M16).

    The price is that of the tile now on the market square of the bazaar's currency; the
    game checks it when the action is applied.
    """

    bazaar: Tile
    cards: tuple
    kind: ClassVar[str] = "buy_bazaar"

    def __post_init__(self) -> None:
        if not isinstance(self.bazaar, Tile) or self.bazaar.kind != "bazaar":
            raise TypeError(f"a buy_bazaar action needs a bazaar tile, got {self.bazaar!r}")
        cards = tuple(self.cards)
        if not cards or not all(hasattr(c, "to_list") for c in cards):
            raise TypeError(f"a buy_bazaar action needs one or more cards, got {cards!r}")
        object.__setattr__(self, "cards", tuple(sorted(cards, key=_card_key)))

    @property
    def currency(self) -> str:
        """The bazaar's printed currency, the one it is paid in."""
        return self.bazaar.marks[0]

    @property
    def square(self) -> int:
        """The market square whose tile gives the price (1-4)."""
        return _square_of(self.currency)

    @property
    def exchange(self) -> ExchangeCard | None:
        """The exchange card this payment uses, or None."""
        return next((c for c in self.cards if isinstance(c, ExchangeCard)), None)

    def __str__(self) -> str:
        if all(c.__class__ is Card for c in self.cards):
            paid = "+".join(str(c.value) for c in self.cards)
        else:
            paid = " + ".join(map(str, self.cards))
        return f"buy the {bazaar_text(self.bazaar)} paying {paid}"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "bazaar": self.bazaar.to_list(),
                "cards": [c.to_list() for c in self.cards]}


register_action(BuyBazaar, ("bazaar", "cards"))


def bazaar_points(layout: Mapping[_Cell, Tile], cell: _Cell) -> tuple[int, int, int]:
    """``(n, k, points)`` of the bazaar on `cell` of `layout` ({cell: Tile}), RULES.md §M16.4.

    n counts the buildings among the 8 neighbouring cells (diagonals included) whose type
    is one of the bazaar's three; k is the number of distinct types among them; the bazaar
    scores n x k (at most 8 x 3 = 24). Huts, camps, bazaars and the fountain are not
    buildings and never count.

    Examples
    --------
    The worked example of the research notes: 1 arcades, 2 seraglios and 1 tower around a
    seraglio / arcades / tower bazaar, two of them diagonal; the pavilion is not one of its
    types and the hut is no building.

    >>> from alhambra_lib.components import FOUNTAIN
    >>> bazaar = Tile("bazaar", 0, "", ("denar", "seraglio", "arcades", "tower"))
    >>> layout = {(0, 0): FOUNTAIN, (1, 0): bazaar,
    ...           (2, 0): Tile("seraglio", 3), (1, -1): Tile("seraglio", 4),
    ...           (2, 1): Tile("arcades", 5), (0, 1): Tile("tower", 6),
    ...           (0, -1): Tile("pavilion", 2), (2, -1): Tile("hut", 0, "", ("tower",))}
    >>> bazaar_points(layout, (1, 0))
    (4, 3, 12)
    """
    kinds = [layout[c].kind for c in bazaar_neighbours(layout, cell)]
    n, k = len(kinds), len(set(kinds))
    return n, k, n * k


def bazaar_neighbours(layout: Mapping[_Cell, Tile], cell: _Cell) -> list[_Cell]:
    """The cells around the bazaar on `cell` that it counts (`bazaar_points`): buildings of
    one of its three types among the 8 neighbours, in `NEIGHBOURS` order.

    Examples
    --------
    >>> from alhambra_lib.components import FOUNTAIN
    >>> bazaar = Tile("bazaar", 0, "", ("denar", "seraglio", "arcades", "tower"))
    >>> bazaar_neighbours({(0, 0): FOUNTAIN, (1, 0): bazaar, (2, 1): Tile("tower", 6),
    ...                    (1, 1): Tile("pavilion", 2)}, (1, 0))
    [(2, 1)]
    """
    tile = layout.get(cell)
    if tile is None or tile.kind != "bazaar":
        raise ValueError(f"no bazaar on {cell}: {tile!r}")
    types = set(tile.marks[1:])
    x, y = cell
    around = ((x + dx, y + dy) for dx, dy in NEIGHBOURS)
    return [c for c in around
            if c in layout and layout[c].is_building and layout[c].kind in types]


class BazaarsSlice(TypedDict):
    """The bazaars lying face up beside the market, in tile order."""

    beside: Annotated[list[Annotated[list, TILE.where(lambda t: t in _bazaar_box(),
                                                          "one of the bazaars")]], TILE_ORDER]


@lru_cache(maxsize=1)
def _bazaar_box() -> Counter[Tile]:
    return Counter(tile_set("bazaars").tiles)


def _bazaars_once(game: GameContext, data: BazaarsSlice) -> str | None:
    if Counter(map(tile_from_list, data["beside"])) - _bazaar_box():
        return "a bazaar lies beside the market more often than the game has it"
    return None


def _bazaars_sheet(entry):
    if entry.round_no != 3:  # RULES.md §M16.4: the final scoring only
        return None
    return each_player(entry, lambda name: sum(n * k for n, k in entry["bazaars"][name]))


class Bazaars(Module):
    """Bazaars: drawn beside the market, bought exactly, scored n x k at the end."""

    name = "bazaars"
    option_decisions = frozenset({"act"})
    section = "M16"
    title = N_("Bazaars")
    drawer = "alhambra_lib.draw.modules.bazaars"  # its pieces, imported when drawn
    sheet = SheetModule(
        "bazaars", N_("Bazaars"),  # RULES.md §M16.4
        (SheetInput("bazaars", N_("bazaars n x k"),
                    N_("For each bazaar in the Alhambra: n, its neighbours (diagonals too) of "
                       "its three types, by k, how many of those types they are; e.g. 4x3, "
                       "2x1."),
                    "pairs", rounds=(3,)),),
        tiles=len(BAZAARS),
        terms=(("bazaars", _bazaars_sheet),))
    decisions: ClassVar[dict] = {"act": {"buy_bazaar"}}
    tile_sets = ("bazaars",)
    score_terms = ("bazaars",)
    term_ranks: ClassVar[dict] = {"bazaars": 500}
    #: The other reading: bazaars beside the market are handed out at the end like the
    #: market's tiles, to the strict majority holder of their currency (RULES.md §M16).
    option_defaults = {"bazaars_distributed": False}

    def __init__(self) -> None:
        self.actions = {"buy_bazaar": (self._check_buy, self._do_buy)}

    # -- components and state -----------------------------------------------------------

    def bag_tiles(self, config: GameConfig) -> tuple[Tile, ...]:
        return tile_set("bazaars").tiles

    def totals(self, config: GameConfig) -> dict[str, int]:
        return {"bazaar": len(tile_set("bazaars").tiles)}

    slice_type = BazaarsSlice
    slice_rules = (_bazaars_once,)

    def new_slice(self, config: GameConfig) -> BazaarsSlice:
        # beside: the bazaars lying face up beside the market, as tile lists in tile order.
        return {"beside": []}

    def held_tiles(self, game: GameContext) -> tuple[Tile, ...]:
        """The bazaars beside the market (for the conservation check of a restored game)."""
        return tuple(self.beside(game))

    def census(self, game: GameContext) -> dict[str, int]:
        return {"bazaar": len(game.slice(self.name)["beside"])}

    def beside(self, game: GameContext) -> list[Tile]:
        """The bazaars beside the market, in tile order (equal ones repeated)."""
        return [tile_from_list(t) for t in game.slice(self.name)["beside"]]

    def distribute(self, game: GameContext, holder_of: Callable[[str], str | None]
                   ) -> list[tuple[str | None, Tile, dict]]:
        """With ``bazaars_distributed``: each bazaar beside the market to the strict
        majority holder of its currency; one with no such holder stays there."""
        if not game.option("bazaars_distributed"):
            return []
        handed: list[tuple[str | None, Tile, dict]] = []
        kept: list[list[Any]] = []
        for tile in self.beside(game):
            holder = holder_of(tile.marks[0])
            handed.append((holder, tile, {"beside_market": True, "tile": tile.to_list(),
                                          "currency": tile.marks[0], "to": holder}))
            if holder is None:
                kept.append(tile.to_list())
        game.slice(self.name)["beside"] = kept
        return handed

    # -- the market refill ----------------------------------------------------------------

    def take_drawn_tile(self, game: GameContext, tile: Tile) -> bool:
        """A bazaar drawn for the market goes face up beside it (RULES.md §M16.3)."""
        if tile.kind != "bazaar":
            return False
        beside = game.slice(self.name)["beside"]
        beside.append(tile.to_list())
        beside.sort(key=lambda t: tile_order(tile_from_list(t)))
        game.event("bazaar_beside", tile=tile.to_list())
        return True

    # -- buying -------------------------------------------------------------------------

    @staticmethod
    def price(game: GameContext, bazaar: Tile) -> tuple[int, Tile | None]:
        """``(square, tile)`` giving `bazaar`'s price now: the tile on its currency's
        square (None when the square is empty: the bazaar cannot be bought)."""
        square = _square_of(bazaar.marks[0])
        return square, game.market[square - 1][1]

    def options(self, game: GameContext, decision: Decision) -> tuple[Action, ...]:
        if decision.kind != "act":
            return ()
        beside = game.slice(self.name)["beside"]
        if not beside:
            return ()
        market = game.market
        hand = game.hand(decision.player)
        # (currency, the tile giving the price) of each bazaar, read off its JSON form
        # ``[kind, price, walls, currency, ...]``: most hands cannot pay any exactly
        if not may_pay_exactly(hand, [market[_SQUARE_INDEX[t[3]]] for t in beside]):
            return ()  # a bazaar is paid exactly (§M16.3): no subset of the hand can
        key = tuple(map(tuple, beside))
        bazaars, squares = _distinct_bazaars(key)
        priced = [market[i] for i in squares]
        prices = tuple(None if tile is None else tile.price for _, tile in priced)
        return by_identity(_BUYS, (key, prices), hand,
                           lambda: _bazaar_buys(bazaars, prices, hand))

    def _check_buy(self, game: GameContext, action: BuyBazaar) -> None:
        bazaar, currency = action.bazaar, action.currency
        if bazaar not in self.beside(game):
            shown = ", ".join(map(bazaar_text, self.beside(game))) or "none"
            game.refuse(action, f"the {bazaar_text(bazaar)} is not beside the market "
                                f"(beside it: {shown})")
        __, tile = self.price(game, bazaar)
        if tile is None:
            game.refuse(action, f"the {currency} square is empty: a bazaar costs the price of "
                                f"the tile there, so it cannot be bought now")
        # paid exactly, in its currency or with an exchange card (§M16.3, §M2), never in
        # diamonds (§M6); an exact payment is minimal too (RULES.md §4)
        verdict = check_payment(action.cards, tile.price, currency, "exact", _SOURCES,
                                game.hand(acting_player(game)), item=f"the {bazaar_text(bazaar)}",
                                price_text=f"the price {tile.price} (the {tile} on the "
                                           f"{currency} square)")
        if not verdict.ok:
            game.refuse(action, verdict.message)

    def _do_buy(self, game: GameContext, action: BuyBazaar) -> None:
        player = acting_player(game)
        game.discard_cards(player, action.cards)
        game.slice(self.name)["beside"].remove(action.bazaar.to_list())
        square, tile = self.price(game, action.bazaar)
        assert tile is not None  # the check refused a bazaar whose square is empty
        game.event("buy_bazaar", player=player, bazaar=action.bazaar.to_list(),
                   cards=[c.to_list() for c in action.cards], currency=action.currency,
                   square=square, priced_by=tile.to_list(), price=tile.price)
        game.bought(action.bazaar, True)  # always exact: another action follows

    # -- scoring and view -----------------------------------------------------------------

    def points(self, game: GameContext, name: str) -> dict[_Cell, tuple[int, int, int]]:
        """``{cell: (n, k, points)}`` of the bazaars in `name`'s Alhambra."""
        layout = game.alhambra(name).layout
        return {cell: bazaar_points(layout, cell) for cell, t in sorted(layout.items())
                if t.kind == "bazaar"}

    def score(self, game: GameContext, term: str, round_no: int) -> dict[str, int] | None:
        """The final scoring only (None in rounds 1 and 2); Dirk scores 0."""
        if round_no != 3:
            return None
        result = dict.fromkeys(game.scores, 0)
        for name in game.players:
            result[name] = sum(p for _, _, p in self.points(game, name).values())
        return result

    def view(self, game: GameContext, name: str) -> dict[str, Any]:
        """The bazaars beside the market (public), each with what it would cost now."""
        shown = []
        for bazaar in self.beside(game):
            square, tile = self.price(game, bazaar)
            shown.append({"bazaar": bazaar, "currency": bazaar.marks[0],
                          "types": bazaar.marks[1:], "square": square,
                          "price": None if tile is None else tile.price})
        return {"beside": tuple(shown)}


#: The module's events in words (registered with the module, `modules.register`).
Bazaars.narration = {
    "bazaar_beside": (("tile",),
                      lambda e: _("the {bazaar} is drawn and laid beside the market").format(
                          bazaar=bazaar_text(e["tile"]))),
    "buy_bazaar": (("player", "bazaar", "cards", "currency", "square", "priced_by", "price"),
                   lambda e: told(e["player"], N_("{player} buys the {bazaar} paying {paid} (exact: "
                                                  "the price of the {tile} on the {currency} "
                                                  "square)"),
                                  N_("You buy the {bazaar} paying {paid} (exact: the price of "
                                     "the {tile} on the {currency} square)"),
                                  bazaar=bazaar_text(e["bazaar"]), paid=paid_text(e["cards"]),
                                  tile=tile_text(e["priced_by"]), currency=term(e["currency"]))),
}
