"""City Walls (Mega Box M9, RULES.md §M9): wall cards whose sticks close a tile's sides.

The 8 wall cards (`components.WALL_CARDS`: the four single sides and the four corners, 12
sticks in all) are shuffled two each into piles 2, 3, 4 and 5 (option
``walls_piles_2_to_4``: the Spanish sheet's piles 2-4, three, three and two). A wall card
drawn for the display is laid face up beside the market (several may lie there) and the
display is refilled to 4. On their turn a player may take one of them and lay its
stick(s), as shown, on one of their tiles (`BuildWall`, kind ``"build_wall"``): a tile
just bought, one in their Alhambra, or one on their reserve. That ends the action part.
The card leaves the game; the sticks belong to the tile for good (`Tile.sticks`) and are
walls for every rule: placing, removing, exchanging, wall points, holes, the invaders'
exposed sides and the drawings.

Decisions (RULES.md §M9): the action is terminal; a stick never overbuilds a wall
(printed or a stick); in the Alhambra only on sides facing an empty cell (the layout
stays legal); never on the fountain, nor on a camp (its walls are its bastions); a tile
with sticks never goes to Dirk, who takes no part in the module.

Examples
--------
>>> from alhambra_lib import Game
>>> g = Game(["Ana", "Ben", "Cy"], seed=2, modules=("city_walls",))
>>> g.census()["wall_card"]
8
>>> print(BuildWall(WallCard("NE"), "NE", Tile("garden", 8, "W"), (1, 0)))
lay the sticks of wall card NE on 8-garden at (1, 0)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict

from ..actions import Action, card_from_list, card_order, register_action, tile_order
from ..alhambra import REASONS, stick_reasons
from ..components import WALL_CARDS, Tile, WallCard
from ..grid import check_cell
from ..i18n import N_, _
from ..narrate import sides_text, tile_text, told
from ..slices import CARD, CARD_ORDER, Annotated
from .base import Module
from .context import acting_player

if TYPE_CHECKING:  # types only: a module imports nothing from the engine at run time
    from ..engine.config import GameConfig
    from ..engine.decisions import Decision
    from .context import GameContext

__all__ = ["STICKS", "BuildWall", "CityWalls", "stick_sides"]

#: The wooden sticks in the box: one per side shown on the 8 cards.
STICKS = sum(len(card.sides) for card in WALL_CARDS)


def stick_sides(layout: Mapping[tuple[int, int], Tile]) -> dict[tuple[int, int], str]:
    """``{cell: sides}`` of the tiles of `layout` ({cell: Tile}) that carry sticks.

    Examples
    --------
    >>> stick_sides({(0, 0): Tile("fountain", 0), (1, 0): Tile("tower", 9, "N", sticks="E")})
    {(1, 0): 'E'}
    """
    return {cell: tile.stick_sides for cell, tile in sorted(layout.items()) if tile.stick_mask}


@dataclass(frozen=True, slots=True)
class BuildWall(Action):
    """Take `card` from beside the market and lay its sticks on `sides` of a tile.

    `tile` is the tile that gets them: the one on `cell` of the Alhambra, or with `cell`
    None a tile just bought (waiting to be placed), else one on the reserve. `sides` are
    the card's own (the sticks are laid as shown).
    """

    card: WallCard
    sides: str
    tile: Tile
    cell: tuple | None = None
    kind: ClassVar[str] = "build_wall"

    def __post_init__(self) -> None:
        if not isinstance(self.card, WallCard):
            raise TypeError(f"a build_wall action needs a wall card, got {self.card!r}")
        if self.sides != self.card.sides:
            raise ValueError(f"the sticks go as the {self.card} shows them: on "
                             f"{self.card.sides}, not {self.sides!r}")
        if not isinstance(self.tile, Tile):
            raise TypeError(f"a build_wall action needs a Tile, got {self.tile!r}")
        if self.cell is not None:
            object.__setattr__(self, "cell", check_cell(self.cell))

    def __str__(self) -> str:
        where = f"at {self.cell}" if self.cell is not None else "off the board"
        return f"lay the sticks of {self.card} on {self.tile} {where}"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "card": self.card.to_list(), "sides": self.sides,
                "tile": self.tile.to_list(),
                "cell": None if self.cell is None else list(self.cell)}


register_action(BuildWall, ("card", "sides", "tile", "cell"))


def _distinct(tiles: Iterable[Tile]) -> list[Tile]:
    return sorted(set(tiles), key=tile_order)


_WALL_CARD = Annotated[list, CARD.where(lambda card: isinstance(card, WallCard), "a wall card")]


class CityWallsSlice(TypedDict):
    """The wall cards face up beside the market, and those spent (out of the game)."""

    beside: Annotated[list[_WALL_CARD], CARD_ORDER]
    used: Annotated[list[_WALL_CARD], CARD_ORDER]


def _sticks_match_spent_cards(game: GameContext, data: CityWallsSlice) -> str | None:
    laid = sum(len(card_from_list(card).sides) for card in data["used"])
    on_tiles = sum(len(tile.stick_sides) for tile in CityWalls._own_tiles(game))
    if laid != on_tiles:
        return f"the tiles carry {on_tiles} sticks, the wall cards spent show {laid}"
    return None


class CityWalls(Module):
    """City Walls: wall cards beside the market; their sticks make walls on tiles."""

    name = "city_walls"
    option_decisions = frozenset({"act"})
    section = "M9"
    title = N_("City Walls")
    drawer = "alhambra_lib.draw.modules.city_walls"  # its pieces, imported when drawn
    alhambra_parts = frozenset({"sticks"})  # sticks on the tiles of the Alhambras
    #: How its cards save and load (`Module.card_tags`).
    card_tags = {"wall": (1, WallCard)}
    decisions: ClassVar[dict] = {"act": {"build_wall"}}
    #: The Spanish sheet's reading: the cards go into piles 2-4 instead of 2-5 (§M9).
    option_defaults: ClassVar[dict] = {"walls_piles_2_to_4": False}

    def __init__(self) -> None:
        self.actions = {"build_wall": (self._check_build, self._do_build)}

    # -- components and state -----------------------------------------------------------

    def pile_inserts(self, config: GameConfig,
                     rng: random.Random | None = None) -> dict[int, list[Any]]:
        cards = list(WALL_CARDS)
        if rng is not None:
            rng.shuffle(cards)
        if dict(config.module_options).get("walls_piles_2_to_4"):
            return {2: cards[0:3], 3: cards[3:6], 4: cards[6:8]}
        return {2: cards[0:2], 3: cards[2:4], 4: cards[4:6], 5: cards[6:8]}

    def totals(self, config: GameConfig) -> dict[str, int]:
        return {"wall_card": len(WALL_CARDS)}

    slice_type = CityWallsSlice
    slice_rules = (_sticks_match_spent_cards,)

    def new_slice(self, config: GameConfig) -> CityWallsSlice:
        # beside: the wall cards face up beside the market; used: those spent (out of
        # the game), both as card lists in card order.
        return {"beside": [], "used": []}

    @staticmethod
    def _own_tiles(game: GameContext) -> list[Tile]:
        """Every tile the players hold: their Alhambras, reserves, and tiles to place."""
        tiles = list(game.to_place)
        for name in game.players:
            tiles += game.alhambra(name).layout.values()
            tiles += game.reserve(name)
        return tiles

    def _cards(self, game: GameContext, key: str) -> list[WallCard]:
        return [card_from_list(c) for c in game.slice(self.name)[key]]

    def held_cards(self, game: GameContext) -> tuple[WallCard, ...]:
        return tuple(self._cards(game, "beside") + self._cards(game, "used"))

    def census(self, game: GameContext) -> dict[str, int]:
        data = game.slice(self.name)
        return {"wall_card": len(data["beside"]) + len(data["used"])}

    # -- the display refill ---------------------------------------------------------------

    def reveal_card(self, game: GameContext, card: Any) -> bool:
        """A wall card drawn for the display goes face up beside the market (§M9)."""
        if not isinstance(card, WallCard):
            return False
        beside = game.slice(self.name)["beside"]
        beside.append(card.to_list())
        beside.sort(key=lambda c: card_order(card_from_list(c)))
        game.event("wall_card_beside", card=card.to_list())
        return True

    # -- building walls -----------------------------------------------------------------

    def options(self, game: GameContext, decision: Decision) -> list[Action]:
        if decision.kind != "act" or not game.slice(self.name)["beside"]:
            return []
        player = decision.player
        alhambra = game.alhambra(player)
        actions: list[Action] = []
        layout = alhambra.layout
        loose = _distinct(game.to_place + game.reserve(player))  # the same for every card
        for card in dict.fromkeys(self._cards(game, "beside")):
            sides = card.sides
            actions += [BuildWall(card, sides, layout[cell], cell)
                        for cell in alhambra.stick_cells(sides)]
            actions += [BuildWall(card, sides, tile) for tile in loose
                        if not stick_reasons(tile, sides)]
        return actions

    def _check_build(self, game: GameContext, action: BuildWall) -> None:
        if action.card not in self._cards(game, "beside"):
            shown = ", ".join(map(str, self._cards(game, "beside"))) or "none"
            game.refuse(action, f"the {action.card} is not beside the market (there: {shown})")
        player = acting_player(game)
        if action.cell is not None:
            tile = game.alhambra(player).layout.get(action.cell)
            if tile != action.tile:
                game.refuse(action, f"{action.cell} holds {tile or 'nothing'}")
            verdict = game.alhambra(player).check_sticks(action.cell, action.sides)
            reasons = verdict.reasons
        elif action.tile in game.to_place or action.tile in game.reserve(player):
            reasons = tuple(stick_reasons(action.tile, action.sides))
        else:
            game.refuse(action, f"{action.tile} is neither just bought nor on the reserve "
                                f"(give the cell of a tile in the Alhambra)")
        if reasons:
            game.refuse(action, "; ".join(REASONS[r] for r in reasons), reasons)

    def _do_build(self, game: GameContext, action: BuildWall) -> None:
        player = acting_player(game)
        data = game.slice(self.name)
        data["beside"].remove(action.card.to_list())
        data["used"].append(action.card.to_list())
        data["used"].sort(key=lambda c: card_order(card_from_list(c)))
        where = ("alhambra" if action.cell is not None
                 else "bought" if action.tile in game.to_place else "reserve")
        game.lay_sticks(player, action.sides, action.tile, action.cell)
        game.event("build_wall", player=player, card=action.card.to_list(), sides=action.sides,
                   tile=action.tile.to_list(),
                   cell=None if action.cell is None else list(action.cell), where=where)
        game.end_actions()  # a terminal action (§M9)

    # -- view ------------------------------------------------------------------------------

    def view(self, game: GameContext, name: str) -> dict[str, Any]:
        """The wall cards beside the market, the sticks still in the box, and the sticks
        on each player's Alhambra (``{cell: sides}``, see `stick_sides`)."""
        used = self._cards(game, "used")
        return {"beside": tuple(self._cards(game, "beside")),
                "sticks_left": STICKS - sum(len(c.sides) for c in used),
                "sticks": {p: stick_sides(game.alhambra(p).layout) for p in game.players}}


def _build_text(e: dict[str, Any]) -> str:
    fields = {"sides": sides_text(e["sides"]), "tile": tile_text(e["tile"]),
              "pos": tuple(e["cell"] or ())}
    one = len(e["sides"]) == 1
    sentences = {
        ("alhambra", True): (N_("{player} takes the wall card {sides} and lays its stick on "
                                "{tile} at {pos}"),
                             N_("You take the wall card {sides} and lay its stick on {tile} at "
                                "{pos}")),
        ("alhambra", False): (N_("{player} takes the wall card {sides} and lays its sticks on "
                                 "{tile} at {pos}"),
                              N_("You take the wall card {sides} and lay its sticks on {tile} at "
                                 "{pos}")),
        ("bought", True): (N_("{player} takes the wall card {sides} and lays its stick on "
                              "{tile} just bought"),
                           N_("You take the wall card {sides} and lay its stick on {tile} just "
                              "bought")),
        ("bought", False): (N_("{player} takes the wall card {sides} and lays its sticks on "
                               "{tile} just bought"),
                            N_("You take the wall card {sides} and lay its sticks on {tile} "
                               "just bought")),
        ("reserve", True): (N_("{player} takes the wall card {sides} and lays its stick on "
                               "{tile} on the reserve"),
                            N_("You take the wall card {sides} and lay its stick on {tile} on "
                               "the reserve")),
        ("reserve", False): (N_("{player} takes the wall card {sides} and lays its sticks on "
                                "{tile} on the reserve"),
                             N_("You take the wall card {sides} and lay its sticks on {tile} "
                                "on the reserve")),
    }
    third, second = sentences[e["where"] if e["where"] in ("bought", "reserve") else "alhambra",
                              one]
    return told(e["player"], third, second, **fields)


#: The module's events in words (registered with the module, `modules.register`).
CityWalls.narration = {
    "wall_card_beside": (("card",), lambda e: _("wall card {sides} is drawn and laid beside "
                                                "the market").format(
                                                    sides=sides_text(e["card"][1]))),
    "build_wall": (("player", "card", "sides", "tile", "cell", "where"), _build_text),
}
