"""Diamonds (Mega Box M6, RULES.md §M6): money of a fifth currency that pays any square.

The 11 diamond cards (`components.card_set("diamonds")`, values 3, 4, 5, 5, 6, 6, 7,
7, 8, 9 and a provisional 11th, 6) are shuffled with the money before the starting
money is dealt, so they count towards the 20 of a starting hand and for the start
player's "fewest cards, lowest total" (RULES.md §3.5). They are taken from the display
like any money (one card, or several worth at most 5 together). A `Buy` paid with
diamonds alone pays a market tile on any square; diamonds never mix with other money,
not even through an exchange card (§M2). The minimal and the exact rule hold as for any
payment: an exact diamond payment grants another action. Diamonds are worth nothing in
the end-of-game distribution (no square is paid in diamonds). No new action kind.

Decisions (RULES.md §M6): a room of chests (§M13) may be paid with diamonds alone; a
bazaar (§M16) is paid in its printed currency, never with diamonds; overpaid diamonds
draw coins like any money (§M11).

Examples
--------
>>> import warnings
>>> from alhambra_lib import Game
>>> with warnings.catch_warnings():  # the 11th diamond's value is provisional
...     warnings.simplefilter("ignore")
...     g = Game(["Ana", "Ben", "Cy"], seed=2, modules=("diamonds",))
>>> g.census()["diamond"], g.census()["money"]
(11, 108)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..i18n import N_
from ..actions import Buy
from ..components import DiamondCard, card_set
from ..memo import by_identity
from ..payments import minimal_payments
from .base import Module

if TYPE_CHECKING:  # types only: a module imports nothing from the engine at run time
    from ..components import Tile
    from ..engine.config import GameConfig
    from .context import GameContext

__all__ = ["Diamonds", "DIAMONDS"]

#: The 11 diamond cards as shipped (`alhambra_lib/data/diamonds.csv`; the 11th value is
#: provisional).
DIAMONDS = card_set("diamonds").cards

_DIAMOND = {v: DiamondCard(v) for v in range(1, 10)}


_BUYS: dict[Any, Any] = {}  # `_diamond_buys` by the diamonds' values and the market's tiles


def _diamond_buys(values: tuple[int, ...],
                  market: tuple[tuple[str, Tile | None], ...]) -> tuple[Buy, ...]:
    """The minimal diamond payments of every market square (`values`: the hand's
    diamonds, highest first; `market`: the `Game.market` pairs)."""
    return tuple(Buy(square, tile, tuple(_DIAMOND[v] for v in payment))
                 for square, (_, tile) in enumerate(market, start=1) if tile is not None
                 for payment in minimal_payments(values, tile.price))


class Diamonds(Module):
    """Diamonds: a payment source for every square, diamonds alone."""

    name = "diamonds"
    section = "M6"
    title = N_("Diamonds")
    #: How its cards save and load (`Module.card_tags`).
    card_tags = {"diamond": (1, DiamondCard)}
    tile_sets = ("diamonds",)
    #: Diamonds pay any square, alone (`payments.check_payment`).
    money_sources = frozenset({"diamonds"})

    def deck_cards(self, config: GameConfig) -> tuple[DiamondCard, ...]:
        return DIAMONDS

    def totals(self, config: GameConfig) -> dict[str, int]:
        return {"diamond": len(DIAMONDS)}

    def payment_sources(self, game: GameContext, player: str) -> list[Buy]:
        """The minimal payments in diamonds alone, square by square."""
        # highest first; the class test inline: asked for every hand on every turn
        values = tuple([c.value for c in game.hand(player) if c.__class__ is DiamondCard])
        if not values:
            return []
        market = game.market
        # kept by the tiles' identities: no tile hashed on every turn
        return list(by_identity(_BUYS, values, tuple([tile for _, tile in market]),
                                lambda: _diamond_buys(values, market)))
