"""Squares / Workers' Huts (Mega Box M4, RULES.md §M4): free huts that strengthen a colour.

24 hut tiles, each in the colour of a building type (3 blue pavilion, 3 red seraglio,
4 brown arcades, 4 white chambers, 5 green garden, 5 purple tower), price 0, each with
at least one wall. At setup they are sorted into six piles by colour, each pile is
shuffled and its top hut turned face up; only the face-up huts can be taken.

On their own turn a player may take the face-up hut of any pile for free (`TakeHut`,
kind ``"take_hut"``, field ``.colour``). Taking a hut ends the action part (it may
follow exact purchases, as taking money may); the next hut of that pile is turned up.
A player holds at most 3 huts (Alhambra, reserve and waiting to be placed together).
The hut is placed at the turn end with the bought tiles, under the normal building
rules, or reserved; it never goes to Dirk.

At every scoring each hut in an Alhambra adds to its colour's count for majorities the
number of its side-neighbours that are buildings of its type with an open shared side
(no wall on either side between them): 0 to 3 (`hut_bonus`). The hut itself counts 0;
other huts, camps, bazaars and the fountain are not neighbours. Hut walls count in the
wall scoring like any wall (they are tiles of the Alhambra).

The hut walls are not known: the shipped set ``alhambra_lib/data/huts.csv`` is a
placeholder, so a game with this module warns once (`ProvisionalDataWarning`).

Engine decisions (RULES.md §M4): a pile's first hut is its face-up one (the order of the
others is hidden, kept in the slice and the saved game); a player's view shows every
pile's face-up hut and how many huts it holds; taking a hut is offered only while the
player holds fewer than 3 and the pile is not empty; an emptied pile stays empty.

Examples
--------
>>> import warnings
>>> from alhambra_lib import Game
>>> with warnings.catch_warnings():
...     warnings.simplefilter("ignore")
...     g = Game(["Ana", "Ben", "Cy"], seed=7, modules=("squares",))
>>> g.census()["hut"]
24
>>> v = g.view("Ana").modules["squares"]
>>> v["left"]
{'pavilion': 3, 'seraglio': 3, 'arcades': 4, 'chambers': 4, 'garden': 5, 'tower': 5}
>>> sorted({t.kind for t in v["up"].values()}), v["up"]["tower"].marks
(['hut'], ('tower',))
>>> [str(a) for a in g.legal_actions() if a.kind == "take_hut"][:2]
['take the pavilion hut', 'take the seraglio hut']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict

from ..actions import Action, register_action, tile_from_list, tile_order
from ..components import KINDS, Tile, tile_set
from ..grid import OPPOSITE, SIDES, side_neighbour
from ..sheet_inputs import SheetInput, SheetModule
from ..slices import TILE, Annotated, Keys
from .base import Module
from .context import acting_player
from ..i18n import N_, _
from ..narrate import sides_text, term, told

if TYPE_CHECKING:  # types only: a module imports nothing from the engine at run time
    from ..secrets import Secret
    from ..engine.config import GameConfig
    from ..engine.decisions import Decision
    from .context import GameContext

_Cell = tuple[int, int]

__all__ = ["Squares", "TakeHut", "HUT_LIMIT", "hut_bonus", "hut_neighbours", "huts"]

#: At most this many huts per player: Alhambra, reserve and waiting together (RULES.md §M4).
HUT_LIMIT = 3

def huts() -> tuple[Tile, ...]:
    """The 24 huts of the shipped set (`components.tile_set`), in `tile_order`.

    Examples
    --------
    >>> [sum(t.marks == (kind,) for t in huts()) for kind in KINDS]
    [3, 3, 4, 4, 5, 5]
    """
    return tuple(sorted(tile_set("huts").tiles, key=tile_order))


@dataclass(frozen=True, slots=True)
class TakeHut(Action):
    """Take the face-up hut of the `colour` pile (a building type name) for free.

    Examples
    --------
    >>> print(TakeHut("garden")), TakeHut("garden").to_dict()
    take the garden hut
    (None, {'kind': 'take_hut', 'colour': 'garden'})
    >>> TakeHut("green")
    Traceback (most recent call last):
    ...
    ValueError: a hut's colour is a building type, one of pavilion, seraglio, arcades, \
chambers, garden, tower, got 'green'
    """

    colour: str
    kind: ClassVar[str] = "take_hut"

    def __post_init__(self) -> None:
        if not isinstance(self.colour, str) or self.colour not in KINDS:
            raise ValueError(f"a hut's colour is a building type, one of {', '.join(KINDS)}, "
                             f"got {self.colour!r}")

    def __str__(self) -> str:
        return f"take the {self.colour} hut"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "colour": self.colour}


register_action(TakeHut, ("colour",))


def hut_bonus(layout: Mapping[_Cell, Tile]) -> dict[str, int]:
    """``{type: n}`` the huts of an Alhambra `layout` ({cell: Tile}) add to the counts.

    Each hut adds the number of its side-neighbours that are buildings of its type and
    share an open side with it: no wall on the hut's side nor on the neighbour's.

    Examples
    --------
    >>> from alhambra_lib import Tile
    >>> hut = Tile("hut", 0, "N", ("garden",))
    >>> garden = Tile("garden", 10, "")
    >>> hut_bonus({(0, 0): hut, (1, 0): garden, (-1, 0): garden, (0, -1): Tile("tower", 11, "")})
    {'garden': 2}
    >>> hut_bonus({(0, 0): hut, (0, 1): garden})  # the hut's wall is between them
    {}
    """
    bonus: Counter[str] = Counter()
    for cell, neighbours in hut_neighbours(layout).items():
        if neighbours:
            bonus[layout[cell].marks[0]] += len(neighbours)
    return dict(bonus)


def hut_neighbours(layout: Mapping[_Cell, Tile]) -> dict[_Cell, list[_Cell]]:
    """``{hut cell: [neighbour cells]}``: the neighbours each hut of `layout` counts
    (`hut_bonus`), buildings of its type sharing an open side with it, in N, E, S, W order.

    Examples
    --------
    >>> from alhambra_lib import Tile
    >>> hut = Tile("hut", 0, "N", ("garden",))
    >>> hut_neighbours({(0, 0): hut, (1, 0): Tile("garden", 10, ""),
    ...                 (0, 1): Tile("garden", 10, "")})  # the hut's north wall is between
    {(0, 0): [(1, 0)]}
    """
    counted: dict[_Cell, list[_Cell]] = {}
    for cell, tile in layout.items():
        if tile.kind != "hut":
            continue
        colour = tile.marks[0]
        counted[cell] = []
        for side in SIDES:
            other_cell = side_neighbour(cell, side)
            other = layout.get(other_cell)
            if (other is not None and other.kind == colour and not tile.has_wall(side)
                    and not other.has_wall(OPPOSITE[side])):
                counted[cell].append(other_cell)
    return counted


def _held(game: GameContext, name: str) -> int:
    """How many huts `name` holds: in the Alhambra, on the reserve, waiting to be placed."""
    # plain loops: the hut offer asks on every turn, where generators cost more
    held = 0
    for tiles in (game.alhambra(name).layout.values(), game.reserve(name)):
        for tile in tiles:
            if tile.kind == "hut":
                held += 1
    if name == game.current_player:
        for tile in game.to_place:
            if tile.kind == "hut":
                held += 1
    return held


#: One `TakeHut` per colour, built once (an action is a value; offered on every turn).
_TAKE_HUT = {colour: TakeHut(colour) for colour in KINDS}

_HUT = Annotated[list, TILE.where(lambda tile: tile.kind == "hut", "a hut")]


class SquaresSlice(TypedDict):
    """The hut piles by type, the face-up hut first, the others in the order they will
    be turned up."""

    piles: Annotated[dict[str, Annotated[list[_HUT], "a list of huts"]],
                     Keys(KINDS, "the six types")]


def _piles_by_type(game: GameContext, data: SquaresSlice) -> str | None:
    for colour, pile in data["piles"].items():
        if any(tile_from_list(t).marks != (colour,) for t in pile):
            return f"the {colour} pile holds only {colour} huts"
    return None


def _huts_held(game: GameContext, data: SquaresSlice) -> str | None:
    # That every hut is somewhere exactly once is the engine's tile check (held_tiles).
    over = [name for name in game.players if _held(game, name) > HUT_LIMIT]
    return f"{over[0]} holds more than {HUT_LIMIT} huts" if over else None


class Squares(Module):
    """Squares / Workers' Huts: six piles of huts, taken for free, counted at scorings."""

    name = "squares"
    option_decisions = frozenset({"act"})
    section = "M4"
    title = N_("Squares")
    drawer = "alhambra_lib.draw.modules.squares"  # its pieces, imported when drawn
    sheet = SheetModule(
        "squares", N_("Huts"),  # RULES.md §M4.4
        (SheetInput("hut_neighbours", N_("huts' neighbours"),
                    N_("For each hut in the Alhambra, its neighbours of the hut's colour with "
                       "no wall between them, added up per colour."),
                    "by_type", maximum=3 * HUT_LIMIT, total=3 * HUT_LIMIT),),
        tiles=HUT_LIMIT,
        count_bonus=lambda entry, name: entry["hut_neighbours"][name])
    decisions = {"act": {"take_hut"}}
    tile_sets = ("huts",)

    def __init__(self) -> None:
        self.actions = {"take_hut": (self._check_take, self._do_take)}

    # -- state ----------------------------------------------------------------------

    def totals(self, config: GameConfig) -> dict[str, int]:
        return {"hut": len(tile_set("huts").tiles)}

    slice_type = SquaresSlice
    slice_rules = (_piles_by_type, _huts_held)

    def new_slice(self, config: GameConfig) -> SquaresSlice:
        # piles: {type: [hut as [kind, price, walls, type], ...]}, the face-up hut first,
        # the others face down in the order they will be turned up.
        return {"piles": {kind: [] for kind in KINDS}}

    def setup(self, game: GameContext) -> None:
        piles = game.slice(self.name)["piles"]
        every = huts()
        for colour in KINDS:
            pile = [t for t in every if t.marks[0] == colour]
            game.shuffle(pile)
            piles[colour] = [t.to_list() for t in pile]
        game.event("hut_piles", up={c: p[0] if p else None for c, p in piles.items()},
                   sizes={c: len(p) for c, p in piles.items()})

    def other_tiles(self, config: GameConfig) -> tuple[Tile, ...]:
        return huts()

    def held_tiles(self, game: GameContext) -> tuple[Tile, ...]:
        return tuple(tile_from_list(t) for pile in game.slice(self.name)["piles"].values()
                     for t in pile)

    def census(self, game: GameContext) -> dict[str, int]:
        return {"hut": sum(map(len, game.slice(self.name)["piles"].values()))}

    def view(self, game: GameContext, name: str) -> dict[str, Any]:
        piles = game.slice(self.name)["piles"]
        return {"up": {c: tile_from_list(p[0]) if p else None for c, p in piles.items()},
                "left": {c: len(p) for c, p in piles.items()}}

    def redact_slice(self, data: Any, viewer: str, events: list[dict[str, Any]],
                     secret: Secret) -> None:
        """The huts under each pile's top are secret (§M4)."""
        for colour, pile in data["piles"].items():
            data["piles"][colour] = pile[:1] + secret(pile[1:], f"hut:{colour}")

    # -- the action -------------------------------------------------------------------

    def options(self, game: GameContext, decision: Decision) -> list[Action]:
        if decision.kind != "act" or _held(game, decision.player) >= HUT_LIMIT:
            return []
        piles = game.slice(self.name)["piles"]
        return [_TAKE_HUT[colour] for colour in KINDS if piles[colour]]

    def _check_take(self, game: GameContext, action: TakeHut) -> None:
        player = acting_player(game)
        if not game.slice(self.name)["piles"][action.colour]:
            game.refuse(action, f"the {action.colour} pile is empty")
        held = _held(game, player)
        if held >= HUT_LIMIT:
            game.refuse(action, f"{player} holds {held} huts already, the most a player may")

    def _do_take(self, game: GameContext, action: TakeHut) -> None:
        pile = game.slice(self.name)["piles"][action.colour]
        hut = tile_from_list(pile.pop(0))
        game.event("take_hut", player=game.current_player, colour=action.colour,
                   tile=hut.to_list(), left=len(pile))
        if pile:
            game.event("hut_turned_up", colour=action.colour, tile=pile[0])
        game.receive_tile(hut)
        game.end_actions()

    # -- scoring ----------------------------------------------------------------------

    def count_bonus(self, game: GameContext, name: str, counts: dict[str, float]) -> None:
        for colour, n in hut_bonus(game.alhambra(name).layout).items():
            counts[colour] += n


def _walls_text(data: list[Any]) -> str:
    return _("walls {sides}").format(sides=sides_text(data[2])) if data[2] else _("no walls")


def _pile_text(colour: str, size: int, top: list[Any] | None) -> str:
    return _("{colour} ({n}, {top})").format(
        colour=term(colour), n=size, top=_walls_text(top) if top else _("empty"))


#: The module's events in words (registered with the module, `modules.register`).
Squares.narration = {
    "hut_piles": (("up", "sizes"),
                  lambda e: _("the huts are sorted into six piles, top hut face up: {piles}").format(
                      piles=", ".join(_pile_text(c, n, e["up"][c]) for c, n in e["sizes"].items()))),
    "take_hut": (("player", "colour", "tile", "left"),
                 lambda e: told(e["player"], N_("{player} takes the {colour} hut ({walls})"),
                                N_("You take the {colour} hut ({walls})"), colour=term(e["colour"]),
                                walls=_walls_text(e["tile"])) if e["left"] else
                 told(e["player"], N_("{player} takes the {colour} hut ({walls}); the {colour} "
                                      "pile is empty"),
                      N_("You take the {colour} hut ({walls}); the {colour} pile is empty"),
                      colour=term(e["colour"]), walls=_walls_text(e["tile"]))),
    "hut_turned_up": (("colour", "tile"),
                      lambda e: _("the next {colour} hut is turned up ({walls})").format(
                          colour=term(e["colour"]), walls=_walls_text(e["tile"]))),
}
