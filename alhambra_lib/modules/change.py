"""Change (Mega Box M11, RULES.md §M11): coins drawn as change for an overpaid building.

24 coins (`components.Coin`), 6 per currency, each worth 1, lie in a bag (the module's
slice). With Change on, a `Buy` from the market may pay more than the price: the base
rule "a payment is minimal" (RULES.md §4) is switched off. Overpaying by k draws k // 2
coins at random from the bag (the odd unit is lost; an empty bag gives what it has, or
nothing). Coins lie face up in front of their owner and are money of their currency
like any card: they pay, count in the end-of-game distribution, and, once spent, go
back into the bag (never onto the discard pile).

Decisions (RULES.md §M11): `legal_actions` still lists only the minimal payments (no
card could be left out), so a search stays small; a buy with superfluous cards, made by
hand, is accepted and overpays more. A payment leaves the hand first (spent coins back
into the bag), then the change is drawn. Only market buys give change: chests ("no
change", and their own minimal rule stays), bazaars and the vizier (exact payments),
and character bids give none. With an exchange card the overpayment is that of the
combined total; overpaid diamonds give change like any money.

Examples
--------
>>> from alhambra_lib import Game
>>> g = Game(["Ana", "Ben", "Cy"], seed=4, modules=("change",))
>>> g.census()["coin"], g.view("Ana").modules["change"]["bag"]
(24, 24)
>>> change_for(9, 4)  # overpaying 9 for a 4: 5 too much, 2 coins
2
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, TypedDict, cast

from ..actions import card_from_list
from ..components import CURRENCIES, Coin, card_value
from ..i18n import N_
from ..narrate import card_text, told
from ..slices import Annotated, Currency, Sort
from .base import Module

if TYPE_CHECKING:  # types only: a module imports nothing from the engine at run time
    from ..engine.config import GameConfig
    from .context import GameContext

__all__ = ["Change", "COINS", "COINS_PER_CURRENCY", "change_for"]

COINS_PER_CURRENCY = 6
#: The 24 coins, 6 per currency.
COINS = tuple(Coin(c) for c in CURRENCIES for _ in range(COINS_PER_CURRENCY))


def change_for(paid: int, price: int) -> int:
    """The number of coins an overpayment draws: half the excess, rounded down."""
    return max(paid - price, 0) // 2


class ChangeSlice(TypedDict):
    """The currencies of the coins in the bag (a bag has no order: sorted)."""

    bag: Annotated[list[Currency], Sort(CURRENCIES.index)]


def _coins_per_currency(game: GameContext, data: ChangeSlice) -> str | None:
    over = {c: n for c, n in Counter(data["bag"]).items() if n > COINS_PER_CURRENCY}
    if over:
        return f"the coin bag holds at most {COINS_PER_CURRENCY} coins of a currency, got {over}"
    return None


class Change(Module):
    """Change: overpaying allowed, coins drawn as change, spent coins back to the bag."""

    name = "change"
    event_types = frozenset({"buy"})
    section = "M11"
    title = N_("Change")
    drawer = "alhambra_lib.draw.modules.change"  # its pieces, imported when drawn
    #: How its cards save and load (`Module.card_tags`).
    card_tags = {"coin": (1, Coin)}
    overpaying = True

    # -- components and state -----------------------------------------------------------

    def other_cards(self, config: GameConfig) -> tuple[Coin, ...]:
        return COINS

    def totals(self, config: GameConfig) -> dict[str, int]:
        return {"coin": len(COINS)}

    slice_type = ChangeSlice
    slice_rules = (_coins_per_currency,)

    def new_slice(self, config: GameConfig) -> ChangeSlice:
        # bag: the currencies of the coins in the bag, sorted (a bag has no order).
        return {"bag": [cast(Currency, c.currency) for c in COINS]}

    def held_cards(self, game: GameContext) -> tuple[Coin, ...]:
        return tuple(Coin(c) for c in game.slice(self.name)["bag"])

    def census(self, game: GameContext) -> dict[str, int]:
        return {"coin": len(game.slice(self.name)["bag"])}

    # -- spending and change --------------------------------------------------------------

    def take_spent(self, game: GameContext, card: Any) -> bool:
        """A spent coin goes back into the bag."""
        if card.__class__ is not Coin:
            return False
        bag = game.slice(self.name)["bag"]
        bag.append(card.currency)
        bag.sort(key=CURRENCIES.index)
        return True

    def on_event(self, game: GameContext, event: dict[str, Any]) -> None:
        """A market buy that overpays draws its change."""
        if event["type"] != "buy":
            return
        paid = sum(card_value(card_from_list(c)) for c in event["cards"])
        coins = change_for(paid, event["tile"][1])
        if coins:
            self._draw(game, event["player"], paid - event["tile"][1], coins)

    def _draw(self, game: GameContext, player: str, overpaid: int, coins: int) -> None:
        bag = game.slice(self.name)["bag"]
        game.shuffle(bag)
        drawn = bag[:coins]
        del bag[:coins]
        bag.sort(key=CURRENCIES.index)
        game.give_cards(player, [Coin(c) for c in drawn])
        game.event("change", player=player, overpaid=overpaid,
                   coins=[Coin(c).to_list() for c in drawn])

    def view(self, game: GameContext, name: str) -> dict[str, Any]:
        """Public: the coins in the bag (their number) and each player's coins (face up)."""
        return {"bag": len(game.slice(self.name)["bag"]),
                "coins": {p: tuple(c for c in game.hand(p) if c.__class__ is Coin)
                          for p in game.players}}


def _change_text(e: dict[str, Any]) -> str:
    if not e["coins"]:
        return told(e["player"], N_("{player} overpays by {n}: the coin bag is empty, no change"),
                    N_("You overpay by {n}: the coin bag is empty, no change"), n=e["overpaid"])
    return told(e["player"], N_("{player} overpays by {n} and draws {coins} as change"),
                N_("You overpay by {n} and draw {coins} as change"), n=e["overpaid"],
                coins=" + ".join(map(card_text, e["coins"])))


#: The module's events in words (registered with the module, `modules.register`).
Change.narration = {
    "change": (("player", "overpaid", "coins"), _change_text),
}
