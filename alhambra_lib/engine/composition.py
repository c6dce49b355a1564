"""What is in the box for one game: the money deck, the cards shuffled into the piles,
the bag, and every component's total.

The same `Composition` is used by setup (what to shuffle and deal) and by the
conservation check of a restored game (what must be there, wherever it is), so the two
can never disagree. Modules contribute through their ``deck_cards``, ``pile_inserts``,
``other_cards``, ``bag_tiles``, ``other_tiles`` and ``totals`` hooks.

Examples
--------
>>> from alhambra_lib.engine.config import GameConfig
>>> c = composition(GameConfig.make(["Ana", "Ben", "Cy"], modules=("exchange",)))
>>> len(c.money), len(c.bag), {p: len(cards) for p, cards in c.pile_inserts.items()}
(108, 54, {2: 3, 3: 2, 4: 3})
>>> dict(c.totals)
{'money': 108, 'scoring_card': 2, 'building': 54, 'exchange_card': 6}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Mapping

from ..components import BUILDING_TILES, ScoringCard, money_deck

if TYPE_CHECKING:
    import random

    from ..modules.base import Module
    from .config import GameConfig

__all__ = ["Composition", "composition", "BASE_PILE_INSERTS", "PILES"]

#: The number of money piles (RULES.md §3.7).
PILES = 5
#: The scoring cards' piles (RULES.md §3.7).
BASE_PILE_INSERTS = MappingProxyType({2: (ScoringCard(1),), 4: (ScoringCard(2),)})


@dataclass(frozen=True)
class Composition:
    """The make-up of one game.

    Attributes
    ----------
    money : tuple of Card
        The cards shuffled and dealt from at setup (the diamonds with the money, §M6).
    pile_inserts : mapping
        ``{pile: cards}`` shuffled into piles 1..5 after the split, the scoring cards first.
    other_cards : tuple
        The modules' cards that start in their slices (master builders, coins).
    bag : tuple of Tile
        The tiles put in the bag.
    others : tuple of Tile
        The modules' tiles that start outside the bag (the huts' piles).
    totals : mapping
        ``{census key: total}`` of every component of the game.
    """

    money: tuple
    pile_inserts: Mapping
    other_cards: tuple
    bag: tuple
    others: tuple
    totals: Mapping

    def tiles(self) -> Counter:
        """Every tile of the game: the bag's and the modules' others."""
        return Counter(self.bag + self.others)

    def cards(self) -> Counter:
        """Every card of the game: the money deck, module cards and scoring cards included."""
        found = Counter(self.money)
        for cards in self.pile_inserts.values():
            found.update(cards)
        found.update(self.other_cards)
        return found


def composition(config: GameConfig, modules: Sequence[Module] | None = None,
                rng: random.Random | None = None) -> Composition:
    """The `Composition` of a `GameConfig` (its modules' hooks applied in module order).

    With `rng` (at setup) a module shuffles its cards before sharing them out over the
    piles; without, the piles get them in a fixed order (the same multiset).
    """
    if modules is None:
        from ..modules import MODULES

        modules = [MODULES[name]() for name in config.modules]
    money = list(money_deck(two_players=config.dirk))
    inserts = {pile: list(cards) for pile, cards in BASE_PILE_INSERTS.items()}
    other_cards: list[Any] = []
    bag = list(BUILDING_TILES)
    others: list[Any] = []
    totals = {"money": len(money), "scoring_card": 2, "building": len(BUILDING_TILES)}
    for module in modules:
        money += module.deck_cards(config)
        other_cards += module.other_cards(config)
        for pile, cards in module.pile_inserts(config, rng).items():
            inserts.setdefault(pile, []).extend(cards)
        bag += module.bag_tiles(config)
        others += module.other_tiles(config)
        totals.update(module.totals(config))
    return Composition(tuple(money),
                       MappingProxyType({p: tuple(inserts[p]) for p in sorted(inserts)}),
                       tuple(other_cards), tuple(bag), tuple(others), MappingProxyType(totals))
