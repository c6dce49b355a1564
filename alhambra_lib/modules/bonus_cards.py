"""Bonus Cards (Mega Box M3, RULES.md §M3): a secret card that adds one to a count.

The 10 cards picture the 10 base tiles without walls. Each player is dealt 3 (2-3
players), 2 (4-5) or 1 (6) face down; the rest are set aside unseen. At every scoring
a card whose pictured tile is in its owner's Alhambra (not the reserve) adds 1 to that
kind's count for majorities; it is shown then and stays shown, but counts only while
the tile is there. Dirk gets none. A player sees their own cards and only the number
of the others' (until shown).

Examples
--------
>>> [str(c) for c in BONUS_CARDS]  # doctest: +NORMALIZE_WHITESPACE
['bonus 8-pavilion', 'bonus 9-seraglio', 'bonus 9-arcades', 'bonus 10-arcades',
 'bonus 10-chambers', 'bonus 11-chambers', 'bonus 10-garden', 'bonus 11-garden',
 'bonus 11-tower', 'bonus 12-tower']
>>> from alhambra_lib import Game
>>> g = Game(["Ana", "Ben", "Cy", "Dee"], seed=5, modules=("bonus_cards",))
>>> v = g.view("Ana").modules["bonus_cards"]
>>> len(v["hand"]), v["hand_sizes"], g.census()["bonus_card"]
(2, {'Ana': 2, 'Ben': 2, 'Cy': 2, 'Dee': 2}, 10)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypedDict

from ..actions import tile_from_list, tile_order
from ..components import BUILDING_TILES, Tile
from ..i18n import N_, ngettext
from ..narrate import YOU, kind_count, term, tile_text, told
from ..secrets import sort_lists
from ..sheet_inputs import PlayerTiles, SheetInput, SheetModule
from ..slices import TILE, Annotated, PerPlayer
from .base import Module

if TYPE_CHECKING:  # types only: a module imports nothing from the engine at run time
    from ..secrets import Secret
    from ..engine.config import GameConfig
    from .context import GameContext

__all__ = ["BonusCards", "BonusCard", "BONUS_CARDS", "bonus_cards_per_player"]


@dataclass(frozen=True)
class BonusCard:
    """A bonus card: the base tile it pictures."""

    tile: Tile
    component = "bonus_card"

    def __str__(self) -> str:
        return f"bonus {self.tile}"


#: The ten cards: one per wall-less base tile, in `tile_order`.
BONUS_CARDS = tuple(BonusCard(t) for t in sorted((t for t in BUILDING_TILES if not t.walls),
                                                 key=tile_order))
_TILES = frozenset(c.tile for c in BONUS_CARDS)
_BONUS_TILE = TILE.where(lambda tile: tile in _TILES, "a bonus card's tile")


def bonus_cards_per_player(players: int) -> int:
    """3 with 2-3 players, 2 with 4-5, 1 with 6 (RULES.md §M3)."""
    return 3 if players <= 3 else 2 if players <= 5 else 1


class BonusCardsSlice(TypedDict):
    """The bonus cards (by their tiles) in each hand, shown at a scoring, set aside."""

    hands: PerPlayer[list[Annotated[list, _BONUS_TILE]]]
    shown: PerPlayer[list[Annotated[list, _BONUS_TILE]]]
    set_aside: list[Annotated[list, _BONUS_TILE]]


def _ten_once_each(game: GameContext, data: BonusCardsSlice) -> str | None:
    every = data["set_aside"] + [t for h in data["hands"].values() for t in h]
    if sorted(map(tile_from_list, every), key=tile_order) != sorted(_TILES, key=tile_order):
        return "the bonus cards are not the ten of the game, once each"
    return None


def _shown_in_hand(game: GameContext, data: BonusCardsSlice) -> str | None:
    if any(t not in data["hands"][p] for p in game.players for t in data["shown"][p]):
        return "a shown bonus card is not in its owner's hand"
    return None


_BONUS_CARDS_PER_TYPE = Counter(card.tile.kind for card in BONUS_CARDS)


def _shown_limit(shown: dict[str, int], tiles: PlayerTiles,
                 who: str) -> tuple[str, str] | None:
    """A bonus card counts only while its building stands in the Alhambra (§M3): no more
    of a type than the buildings of that type counted."""
    for kind, n in shown.items():
        built = tiles.buildings.get(kind, 0)
        if n > built:
            return kind, ngettext(
                "{player} cannot count {n} bonus card for {kind}: a bonus card counts only "
                "while its building stands in the Alhambra, and the sheet counts {built} for "
                "{player}.",
                "{player} cannot count {n} bonus cards for {kind}: a bonus card counts only "
                "while its building stands in the Alhambra, and the sheet counts {built} for "
                "{player}.", n).format(player=who, n=n, kind=term(kind),
                                       built=kind_count(built, kind))
    return None


class BonusCards(Module):
    """Bonus Cards: dealt at setup, counted at every scoring."""

    name = "bonus_cards"
    section = "M3"
    title = N_("Bonus Cards")
    drawer = "alhambra_lib.draw.modules.bonus_cards"  # its pieces, imported when drawn
    secret_fields = {"bonus_cards": ("tiles",)}  # §M3: dealt face down
    sheet = SheetModule(
        "bonus_cards", N_("Bonus cards"),  # RULES.md §M3.4
        (SheetInput("bonus_cards", N_("bonus cards"),
                    N_("Bonus cards shown whose building is in the player's Alhambra (not on "
                       "the reserve board), per type: each adds 1 to that type."),
                    "by_type", maximum=_BONUS_CARDS_PER_TYPE, total=bonus_cards_per_player(2),
                    limit=_shown_limit),),
        count_bonus=lambda entry, name: entry["bonus_cards"][name])

    def totals(self, config: GameConfig) -> dict[str, int]:
        return {"bonus_card": len(BONUS_CARDS)}

    slice_type = BonusCardsSlice
    slice_rules = (_ten_once_each, _shown_in_hand)

    def new_slice(self, config: GameConfig) -> BonusCardsSlice:
        # Tiles as [kind, price, walls]; "shown": the cards that have counted at a scoring.
        return {"hands": {p: [] for p in config.players},
                "shown": {p: [] for p in config.players}, "set_aside": []}

    def setup(self, game: GameContext) -> None:
        state: BonusCardsSlice = game.slice(self.name)
        tiles = [c.tile for c in BONUS_CARDS]
        game.shuffle(tiles)
        each = bonus_cards_per_player(len(game.players))
        for i, player in enumerate(game.players):
            dealt = sorted(tiles[i * each:(i + 1) * each], key=tile_order)
            state["hands"][player] = [t.to_list() for t in dealt]
            game.event("bonus_cards", player=player, tiles=state["hands"][player])
        state["set_aside"] = [t.to_list() for t in sorted(tiles[len(game.players) * each:],
                                                          key=tile_order)]

    def census(self, game: GameContext) -> dict[str, int]:
        state = game.slice(self.name)
        return {"bonus_card": len(state["set_aside"]) + sum(map(len, state["hands"].values()))}

    def _counting(self, game: GameContext, name: str) -> list[list[Any]]:
        layout = game.alhambra(name).layout
        tiles = {t.printed for t in layout.values()}  # City Walls sticks change no tile (§M9)
        return [t for t in game.slice(self.name)["hands"][name] if tile_from_list(t) in tiles]

    def before_scoring(self, game: GameContext, round_no: int) -> None:
        """Show every card that counts now (RULES.md §M3: the engine shows it at scoring)."""
        shown = game.slice(self.name)["shown"]
        for name in game.players:
            new = [t for t in self._counting(game, name) if t not in shown[name]]
            if new:
                shown[name].extend(new)
                game.event("bonus_shown", player=name, tiles=new)

    def count_bonus(self, game: GameContext, name: str, counts: dict[str, float]) -> None:
        for kind, __, __ in self._counting(game, name):
            counts[kind] += 1

    def view(self, game: GameContext, name: str) -> dict[str, Any]:
        state = game.slice(self.name)
        return {"hand": tuple(BonusCard(tile_from_list(t)) for t in state["hands"][name]),
                "hand_sizes": {p: len(h) for p, h in state["hands"].items()},
                "shown": {p: tuple(BonusCard(tile_from_list(t)) for t in s)
                          for p, s in state["shown"].items()}}

    def redact_slice(self, data: Any, viewer: str, events: list[dict[str, Any]],
                     secret: Secret) -> None:
        """The others' bonus cards not shown yet and those set aside are secret (§M3)."""
        for p, hand in data["hands"].items():
            if p != viewer:
                rest = list(hand)
                for tile in data["shown"][p]:
                    rest.remove(tile)
                data["hands"][p] = list(data["shown"][p]) + secret(rest, "bonus")
        data["set_aside"] = secret(data["set_aside"], "bonus")

    def tidy_slice(self, data: Any) -> None:
        sort_lists([*data["hands"].values(), data["set_aside"]],
                   lambda t: tile_order(tile_from_list(t)))


#: The module's events in words (registered with the module, `modules.register`).
BonusCards.narration = {
    "bonus_cards": (("player", "tiles"),
                    lambda e: (ngettext("You are dealt {n} bonus card", "You are dealt {n} bonus cards",
                                        len(e["tiles"])) if e["player"] == YOU
                               else ngettext("{player} is dealt {n} bonus card",
                                             "{player} is dealt {n} bonus cards",
                                             len(e["tiles"]))).format(
                        player=e["player"], n=len(e["tiles"]))),
    "bonus_shown": (("player", "tiles"),
                    lambda e: told(e["player"], N_("{player} shows bonus cards for {tiles}"),
                                   N_("You show bonus cards for {tiles}"),
                                   tiles=", ".join(map(tile_text, e["tiles"])))),
}
