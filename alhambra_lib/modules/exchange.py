"""Currency Exchange (Mega Box M2, RULES.md §M2): cards that join two currencies.

The six cards, one per pair of currencies, are shuffled two each into piles 2, 3 and
4. A revealed card takes a place in the display like money; taking it is a `Take` of
that card alone. A `Buy` may hold one exchange card: its money cards may then be of
the card's two currencies mixed, one of which is the square's; the payment must still
be minimal (no money card could be left out). Used once, it is discarded and comes
back with the money at the next reshuffle. It is worth nothing in a sum and in the
end-of-game distribution.

Examples
--------
>>> from alhambra_lib import Game
>>> g = Game(["Ana", "Ben", "Cy"], seed=2, modules=("exchange",))
>>> g.census()["exchange_card"]
6
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ..i18n import N_
from ..actions import Buy, card_order
from ..components import EXCHANGE_CARDS, Card, ExchangeCard
from ..memo import by_identity
from ..payments import minimal_card_payments
from .base import Module

if TYPE_CHECKING:  # types only: a module imports nothing from the engine at run time
    from ..components import Tile
    from ..engine.config import GameConfig
    from .context import GameContext

__all__ = ["Exchange"]


_BUYS: dict[Any, Any] = {}  # `_exchange_buys` by the hand's cards and the market's tiles


def _exchange_buys(hand: tuple[Any, ...],
                   market: tuple[tuple[str, Tile | None], ...]) -> tuple[Buy, ...]:
    """The exchange payments of a hand for a market (both tuples: the same hand and market
    come up again and again in a window or a turn)."""
    actions: list[Buy] = []
    for card in sorted(set(c for c in hand if isinstance(c, ExchangeCard)), key=card_order):
        money = [c for c in hand if isinstance(c, Card) and c.currency in card.currencies]
        for square, (currency, tile) in enumerate(market, start=1):
            if tile is None or currency not in card.currencies:
                continue
            for payment in minimal_card_payments(money, tile.price):
                if any(c.currency != currency for c in payment):
                    actions.append(Buy(square, tile, payment + (card,)))
    return tuple(actions)


class Exchange(Module):
    """Currency Exchange: one more payment source, mixing two currencies."""

    name = "exchange"
    section = "M2"
    title = N_("Currency Exchange")
    #: An exchange card joins its second currency to a payment (`payments.check_payment`).
    money_sources = frozenset({"exchange"})
    #: How its cards save and load (`Module.card_tags`).
    card_tags = {"exchange": (2, lambda a, b: ExchangeCard((a, b)))}

    def pile_inserts(self, config: GameConfig,
                     rng: random.Random | None = None) -> dict[int, list[Any]]:
        cards = list(EXCHANGE_CARDS)
        if rng is not None:
            rng.shuffle(cards)
        return {2: cards[0:2], 3: cards[2:4], 4: cards[4:6]}

    def totals(self, config: GameConfig) -> dict[str, int]:
        return {"exchange_card": len(EXCHANGE_CARDS)}

    def payment_sources(self, game: GameContext, player: str) -> list[Buy]:
        """The minimal payments that need an exchange card: each uses its other currency."""
        hand = game.hand(player)
        for card in hand:  # a plain loop: asked for every hand, most hold no exchange card
            if card.__class__ is ExchangeCard:
                break
        else:
            return []
        market = game.market
        # kept by the cards' and tiles' identities: no card hashed on every turn
        return list(by_identity(_BUYS, None, (*hand, *(tile for _, tile in market)),
                                lambda: _exchange_buys(hand, market)))
