"""Camps (Mega Box M8, RULES.md §M8): tiles with bastions that score the buildings ahead.

Eight camps join the bag. A camp is drawn onto a market square and bought, placed,
reserved or given to Dirk like a building; it has no action of its own. Its walls are its
bastions, always in the printed orientation. The placement rule lives in the rules core
(`alhambra_lib.alhambra.Alhambra`, reason codes ``camp_contact`` and
``camp_unanchored``): a camp touches a non-camp tile only with a bastion against that
tile's wall, another camp only by sides without a bastion; it need not be walked to, and
no hole may appear. Wall points count a camp's cell as empty (`alhambra_lib.walls`).

At every scoring, each bastion of each camp in an Alhambra looks straight ahead: every
*building* on the gap-free line of built cells from the camp in the bastion's direction
scores 1 (`camp_lines`); internal walls do not stop the line, the first empty cell ends
it, other tiles (fountain, huts, bazaars, camps) neither score nor break it, and a
building on two lines scores twice. The term ``"camps"`` is in every scoring's parts,
even at 0. Dirk's camps are dead tiles (0 points); a camp left on the market at the end
goes to the majority holder like a building (the engine's distribution).

The camp data (prices, bastions) are placeholders (`components.tile_set("camps")`,
provisional): the game warns once per process.

Examples
--------
>>> import warnings
>>> from alhambra_lib import Game
>>> with warnings.catch_warnings():
...     warnings.simplefilter("ignore")
...     g = Game(["Ana", "Ben", "Cy"], seed=4, modules=("camps",))
>>> g.census()["camp"], g.census()["building"]
(8, 54)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ..i18n import N_, ngettext
from ..components import Tile, tile_set
from ..grid import SIDES, STEP
from ..sheet_inputs import PlayerTiles, SheetInput, SheetModule, each_player
from .base import Module

if TYPE_CHECKING:  # types only: a module imports nothing from the engine at run time
    from ..engine.config import GameConfig
    from .context import GameContext

_Cell = tuple[int, int]

__all__ = ["Camps", "camp_lines", "camp_points"]

_CAMP = "camp"


def camp_lines(layout: Mapping[_Cell, Tile]) -> list[tuple[_Cell, str, list[_Cell]]]:
    """The lines the bastions of the camps of `layout` score, one per bastion.

    Parameters
    ----------
    layout : mapping
        ``{(x, y): Tile}``, e.g. ``Alhambra.layout``.

    Returns
    -------
    list of (camp cell, side, [building cells])
        Camps in cell order, their bastions in N, E, S, W order; the buildings on the
        line in the order walked, nearest first. A line runs from the camp in the
        bastion's direction over consecutive built cells and ends at the first empty
        cell; walls on the way do not stop it; tiles that are not buildings (fountain,
        huts, bazaars, camps) are passed over without scoring. A building on several
        lines appears on each.

    Notes
    -----
    O(camps x line length); a pure function of the layout.

    Examples
    --------
    A camp at (2, 0) with a bastion W, looking back over a tower (with walls), the
    fountain (no building) and a garden; the line ends at the empty (-2, 0).

    >>> from alhambra_lib.components import FOUNTAIN, Tile
    >>> layout = {(0, 0): FOUNTAIN, (1, 0): Tile("tower", 9, "NE"),
    ...           (-1, 0): Tile("garden", 8, ""), (2, 0): Tile("camp", 7, "W")}
    >>> camp_lines(layout)
    [((2, 0), 'W', [(1, 0), (-1, 0)])]
    >>> camp_points(layout)
    2
    """
    lines: list[tuple[_Cell, str, list[_Cell]]] = []
    for cell in sorted(c for c, t in layout.items() if t.kind == _CAMP):
        camp = layout[cell]
        for side in SIDES:
            if not camp.has_wall(side):
                continue
            dx, dy = STEP[side]
            x, y = cell[0] + dx, cell[1] + dy
            buildings: list[_Cell] = []
            while (x, y) in layout:
                if layout[(x, y)].is_building:
                    buildings.append((x, y))
                x, y = x + dx, y + dy
            lines.append((cell, side, buildings))
    return lines


def camp_points(layout: Mapping[_Cell, Tile]) -> int:
    """The camp points of `layout`: the buildings on all its camp lines (`camp_lines`)."""
    return sum(len(buildings) for _, _, buildings in camp_lines(layout))


def _bastions() -> int:
    """The bastions of every camp in the box: each looks along one line."""
    return sum(camp.has_wall(side) for camp in tile_set("camps").tiles for side in SIDES)


def _lines_limit(lines: int, tiles: PlayerTiles, who: str) -> tuple[None, str] | None:
    """No more buildings on camp lines than every bastion of the box seeing every building
    counted for the player."""
    most = _bastions() * tiles.building_count
    if lines <= most:
        return None
    return None, ngettext(
        "{player} cannot have {n} building on camp lines: the {bastions} bastions of the box "
        "look along one line each, and each line passes at most the {buildings} the sheet "
        "counts for {player} (at most {most} in all).",
        "{player} cannot have {n} buildings on camp lines: the {bastions} bastions of the box "
        "look along one line each, and each line passes at most the {buildings} the sheet "
        "counts for {player} (at most {most} in all).", lines).format(
            player=who, n=lines, bastions=_bastions(), most=most,
            buildings=ngettext("{n} building", "{n} buildings", tiles.building_count).format(
                n=tiles.building_count))


class Camps(Module):
    """Camps: 8 tiles in the bag; their placement rule is the core's; a score term."""

    name = "camps"
    section = "M8"
    title = N_("Camps")
    drawer = "alhambra_lib.draw.modules.camps"  # its pieces, imported when drawn
    sheet = SheetModule(
        "camps", N_("Camps"),  # RULES.md §M8.4
        (SheetInput("camp_lines", N_("buildings on camp lines"),
                    N_("Buildings on the lines each camp's bastions look along, up to the "
                       "first empty cell; a building on two lines counts twice."), "number",
                    maximum=999, limit=_lines_limit),),
        tiles=len(tile_set("camps").tiles),
        terms=(("camps", lambda entry: each_player(entry,
                                                   lambda name: entry["camp_lines"][name])),))
    tile_sets = ("camps",)
    score_terms = ("camps",)
    term_ranks = {"camps": 200}

    @staticmethod
    def tiles() -> tuple[Tile, ...]:
        """The camps of the game, as shipped (`components.tile_set`)."""
        return tile_set("camps").tiles

    def bag_tiles(self, config: GameConfig) -> tuple[Tile, ...]:
        return self.tiles()

    def totals(self, config: GameConfig) -> dict[str, int]:
        return {"camp": len(self.tiles())}

    def score(self, game: GameContext, term: str, round_no: int) -> dict[str, int]:
        """Every competitor's camp points; Dirk's camps are dead tiles (RULES.md §M8)."""
        return {name: camp_points(game.alhambra(name).layout) if name in game.players else 0
                for name in game.scores}

