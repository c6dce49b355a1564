"""What the Mega Box modules' tiles and actions are worth to a bot, cheaply.

Pure functions of a `GameView` or a layout, shared by `GreedyBot` and `StrategicBot`.
A bot asks them once per candidate action, so each looks only at the cells a tile
touches: a hut's four neighbours, a bazaar's eight, the lines through one cell; none
copies a layout or scores a whole Alhambra again. In a game without the modules they
are never called, or (`module_counts`) add nothing.

Examples
--------
>>> from alhambra_lib import Tile
>>> from alhambra_lib.components import FOUNTAIN
>>> layout = {(0, 0): FOUNTAIN, (1, 0): Tile("tower", 9, ""), (-1, 0): Tile("garden", 8, "")}
>>> camp_gain_at(layout, (2, 0), Tile("camp", 7, "W"))  # its line: the tower and the garden
2
"""

from __future__ import annotations

from collections import ChainMap, Counter
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from ..actions import DIRK, Action
from ..components import KINDS, Tile
from ..errors import InvalidInput
from ..grid import OPPOSITE, SIDES, STEP, Cell, side_neighbour, side_neighbours
from ..modules.bazaars import bazaar_points
from ..modules.characters import wise_man_choice
from ..modules.squares import hut_bonus
from ..modules.treasure import CHEST_POINTS
from ..modules.treasure import COLOURS as CHEST_COLOURS
from ..scoring import place_groups

if TYPE_CHECKING:
    from ..alhambra import Alhambra
    from ..engine.view import GameView

__all__ = ["MERCHANT_KINDS", "module_counts", "hut_bonus_at", "hut_spots", "bazaar_points_at",
           "bazaar_value", "camp_gain_at", "closed_sides", "chest_counts", "chest_handout",
           "chest_counts_after", "chest_places", "colour_wishes", "merchant_choice", "first_best",
           "wise_man_pick"]

#: The street merchant's action kinds (Mega Box M12), all in its decision ``merchant``.
MERCHANT_KINDS = frozenset({"set_merchant", "take_citizen", "swap_citizen", "keep_citizens",
                            "place_merchant"})


def module_counts(view: GameView, name: str) -> dict[str, float]:
    """``view.counts(name)`` plus the hut bonus (M4) of `name`'s Alhambra (`hut_bonus`).

    Only with the squares module; Dirk has no hut, and without huts the bonus is empty.
    """
    counts: dict[str, float] = dict(view.counts(name))
    if "squares" in view.modules and name in view.layouts:
        for colour, n in hut_bonus(view.layouts[name]).items():
            counts[colour] += n
    return counts


# -- huts (M4) -------------------------------------------------------------------------


def hut_bonus_at(layout: Mapping[Cell, Tile], cell: Cell, hut: Tile) -> int:
    """What `hut` on the empty `cell` of `layout` adds to its colour's count (0 to 4).

    Examples
    --------
    >>> from alhambra_lib import Tile
    >>> garden = Tile("garden", 10, "")
    >>> hut_bonus_at({(1, 0): garden, (0, 1): garden}, (0, 0), Tile("hut", 0, "N", ("garden",)))
    1
    """
    trial = {cell: hut}
    for n in side_neighbours(cell):
        if n in layout:
            trial[n] = layout[n]
    return hut_bonus(trial).get(hut.marks[0], 0)


def hut_spots(view: GameView, hut: Tile,
              alhambra: Alhambra | None = None) -> list[tuple[Cell, int]]:
    """``[(cell, bonus)]``: the cells of the player's Alhambra where `hut` may go now, in
    cell order, with what it would add to its colour's count there.

    `alhambra` is the player's `Alhambra` if the caller has one (else built from `view`).
    """
    layout = view.layouts[view.player]
    alhambra = view.alhambra(view.player) if alhambra is None else alhambra
    return [(cell, hut_bonus_at(layout, cell, hut))
            for cell in sorted(alhambra.legal_positions(hut))]


# -- bazaars (M16) ---------------------------------------------------------------------


def bazaar_points_at(layout: Mapping[Cell, Tile], cell: Cell, bazaar: Tile) -> int:
    """The n x k points `bazaar` on the empty `cell` of `layout` would score now.

    The layout is seen through an overlay holding the bazaar: nothing is copied.
    """
    # typeshed asks ChainMap for mutable maps; the overlay only reads `layout`.
    return bazaar_points(ChainMap({cell: bazaar}, cast(dict, layout)), cell)[2]


def bazaar_value(view: GameView, bazaar: Tile, alhambra: Alhambra | None = None,
                 reserve_share: float = 0.5) -> tuple[float, bool]:
    """(points, legal): the best n x k `bazaar` would score now at a legal cell of the
    player's Alhambra; when no cell is legal, `reserve_share` of the best over the empty
    cells next to it (it waits on the reserve), and ``legal`` False. `alhambra`: as
    `hut_spots`."""
    layout = view.layouts[view.player]
    alhambra = view.alhambra(view.player) if alhambra is None else alhambra
    cells = alhambra.legal_positions(bazaar)
    legal = bool(cells)
    points = max((bazaar_points_at(layout, c, bazaar) for c in (cells or alhambra.frontier())),
                 default=0)
    return (points if legal else reserve_share * points), legal


# -- camps (M8) ------------------------------------------------------------------------


def _run(layout: Mapping[Cell, Tile], cell: Cell, side: str) -> list[Cell]:
    """The built cells in a gap-free line from `cell` (excluded) towards `side`."""
    dx, dy = STEP[side]
    x, y = cell[0] + dx, cell[1] + dy
    cells = []
    while (x, y) in layout:
        cells.append((x, y))
        x, y = x + dx, y + dy
    return cells


def camp_gain_at(layout: Mapping[Cell, Tile], cell: Cell, tile: Tile) -> int:
    """The camp points (per scoring, `camp_points`) `tile` on the empty `cell` adds.

    Two things change, both on the four lines through `cell`: a camp scores the
    buildings ahead of each of its bastions; and the camps whose lines ended at the
    empty `cell` now run on through it (scoring `tile` if it is a building) and over
    the built cells behind it. O(length of the four lines).

    Examples
    --------
    A camp at (3, 0) looks W at a tower; a garden set on the gap at (1, 0) joins the
    line to the fountain's row: it scores itself and the building at (-1, 0).

    >>> from alhambra_lib import Tile
    >>> from alhambra_lib.components import FOUNTAIN
    >>> layout = {(0, 0): FOUNTAIN, (-1, 0): Tile("arcades", 4, ""),
    ...           (2, 0): Tile("tower", 9, ""), (3, 0): Tile("camp", 7, "W")}
    >>> camp_gain_at(layout, (1, 0), Tile("garden", 8, ""))
    2
    """
    runs = {side: _run(layout, cell, side) for side in SIDES}

    def buildings(side: str) -> int:
        return sum(layout[c].is_building for c in runs[side])

    gain = 0
    if tile.kind == "camp":
        gain += sum(buildings(side) for side in SIDES if tile.has_wall(side))
    for side, run in runs.items():
        towards_cell = OPPOSITE[side]  # a camp on this run aims back at `cell`
        camps = sum(layout[c].kind == "camp" and layout[c].has_wall(towards_cell) for c in run)
        if camps:
            gain += camps * (tile.is_building + buildings(towards_cell))
    return gain


def closed_sides(layout: Mapping[Cell, Tile], cell: Cell, camp: Tile) -> int:
    """The empty cells next to `camp` on `cell` that no building may take any more.

    A camp touches a non-camp tile only with a bastion against that tile's wall
    (RULES.md §M8): each empty side-neighbour on a side without a bastion is closed to
    buildings. A bot counts them so that its camps do not wall its Alhambra in.

    Examples
    --------
    >>> from alhambra_lib import Tile
    >>> from alhambra_lib.components import FOUNTAIN
    >>> closed_sides({(0, 0): FOUNTAIN}, (1, 0), Tile("camp", 7, "W"))  # N, E and S
    3
    """
    return sum(not camp.has_wall(side) and side_neighbour(cell, side) not in layout
               for side in SIDES)


# -- chests (M13) ----------------------------------------------------------------------


def chest_counts(view: GameView) -> dict[str, int]:
    """``{player: chests on buildings in their Alhambra}`` (M13)."""
    return {p: len(cells) for p, cells in view.modules["treasure"]["chests"].items()}


def chest_handout(view: GameView, room: int) -> dict[str, int]:
    """``{player: chests placed}`` if the player bought the chests of `room` (1-3) now.

    The handing out of RULES.md §M13.3 on what is public: the buyer sets as many as it
    can on its buildings of their colours without a chest (those about to be built
    included), at most one per building; the rest go round the table from the left
    neighbour, each player setting what it can; what nobody can set goes back to the bag.
    """
    state = view.modules["treasure"]
    me = view.player
    seat = view.players.index(me)
    order = view.players[seat:] + view.players[:seat]
    left = Counter(CHEST_COLOURS[c] for c in state["rooms"][room - 1])
    placed: dict = {}
    for name in order:
        carrying = state["chests"][name]
        free = Counter(t.kind for cell, t in view.layouts[name].items()
                       if t.is_building and cell not in carrying)
        if name == me:
            free.update(t.kind for t in view.to_place if t.is_building)
        for kind in list(left):
            n = min(left[kind], free[kind])
            placed[name] = placed.get(name, 0) + n
            left[kind] -= n
        left = +left
        if not left:
            break
    return placed


def chest_counts_after(view: GameView, room: int) -> dict[str, int] | None:
    """``{player: chests}`` (`chest_counts`) after the player bought the chests of `room`,
    or None when the player could set none of them."""
    handout = chest_handout(view, room)
    if not handout.get(view.player):
        return None
    counts = chest_counts(view)
    for name, n in handout.items():
        counts[name] += n
    return counts


def chest_places(counts: Mapping[str, int], name: str, round_no: int) -> tuple[float, float]:
    """(first-place points, lower-place points) of `name` in the chest majority of round
    `round_no` (`CHEST_POINTS`, ties as in §8.3)."""
    for names, _, place, _, share in place_groups(counts, CHEST_POINTS[round_no]):
        if name in names:
            return (share, 0) if place == 1 else (0, share)
    return (0, 0)


# -- the street merchant (M12): one simple rule for both bots --------------------------


def colour_wishes(view: GameView) -> dict[str, int]:
    """``{type: wish}``: how likely the player is to build that type, for the citizens.

    Two per building of the type in the Alhambra or about to be built (the bot follows its
    majorities), one per tile of the type on the market or in the reserve (what it can
    build soon).
    """
    wish = dict.fromkeys(KINDS, 0)
    for tile in list(view.layouts[view.player].values()) + list(view.to_place):
        if tile.kind in wish:
            wish[tile.kind] += 2
    for tile in [t for _, t in view.market if t is not None] + list(view.reserves[view.player]):
        if tile.kind in wish:
            wish[tile.kind] += 1
    return wish


def _wanted_cells(view: GameView) -> list[tuple[str, set[Cell]]]:
    """``[(type, legal cells)]`` of the market's and the reserve's buildings: where the
    tiles the disc may wait for could go."""
    tiles = [t for _, t in view.market if t is not None] + list(view.reserves[view.player])
    alhambra = view.alhambra(view.player)
    return [(t.kind, alhambra.legal_positions(t)) for t in tiles if t.is_building]


def wise_man_pick(view: GameView, actions: Sequence[Any]) -> Action:
    """The Wise Man's type (M7) as MEGABOX.md 0.6 says: the most points for the bot this
    scoring, then the fewest for its best rival, then table order; the counts are what
    the bot sees (`module_counts`: the others' bonus cards are hidden)."""
    counts = {name: view.counts(DIRK) if name == DIRK else module_counts(view, name)
              for name in view.scores}
    if view.decision is None:
        raise InvalidInput("the Wise Man's type is chosen on his decision only")
    kind = wise_man_choice(counts, view.player, view.decision.data["round"], view.scores)
    return next(a for a in actions if a.colour == kind)


def first_best(candidates: Iterable[Any], score: Callable[[Any], Any]) -> Any:
    """The first of `candidates` with the highest `score` (None when there are none)."""
    chosen, top = None, None
    for action in candidates:
        value = score(action)
        if chosen is None or value > top:
            chosen, top = action, value
    return chosen


def merchant_choice(view: GameView, actions: Sequence[Any]) -> Action:
    """The street merchant's choice among `actions` (decision ``merchant``).

    - ``set_merchant``: the three colours most wished for (`colour_wishes`), on the cell
      beside the fountain where most of the market's tiles of these colours could go;
    - ``take_citizen``: the most wished colour not yet on the disc;
    - ``swap_citizen`` / ``keep_citizens``: the swap raising the wishes of the disc's
      distinct colours the most, else keep;
    - ``place_merchant``: the empty cell where most market and reserve tiles of the
      disc's colours could legally go, then the one with the most built neighbours.

    Ties go to the first action: the choice is deterministic.
    """
    wish = colour_wishes(view)
    disc = view.modules["street_merchant"]["discs"][view.player]["citizens"] or ()
    by_kind: dict[str, list] = {}
    for action in actions:
        by_kind.setdefault(action.kind, []).append(action)
    layout = view.layouts[view.player]
    wanted: list = []

    def fits(colours: Collection[str]) -> Counter[Cell]:
        """cell -> how many market and reserve buildings of `colours` could go there."""
        if not wanted:
            wanted.append(_wanted_cells(view))
        fit: Counter = Counter()
        for kind, cells in wanted[0]:
            if kind in colours:
                fit.update(cells)
        return fit

    if "set_merchant" in by_kind:
        fit = {}

        def set_score(a: Any) -> tuple[int, int]:
            if a.colours not in fit:
                fit[a.colours] = fits(a.colours)
            return (sum(wish[c] for c in a.colours), fit[a.colours][a.pos])
        return first_best(by_kind["set_merchant"], set_score)
    if "take_citizen" in by_kind:
        return first_best(by_kind["take_citizen"],
                           lambda a: (a.colour not in disc, wish[a.colour]))
    if "swap_citizen" in by_kind or "keep_citizens" in by_kind:
        now = sum(wish[c] for c in set(disc))

        def swap_gain(a: Any) -> int:
            after = set(disc) - {a.colours[0]} | {a.colours[1]}
            if list(disc).count(a.colours[0]) > 1:
                after.add(a.colours[0])
            return sum(wish[c] for c in after) - now
        swap = first_best(by_kind.get("swap_citizen", []), swap_gain)
        if swap is not None and (swap_gain(swap) > 0 or "keep_citizens" not in by_kind):
            return swap
        return by_kind["keep_citizens"][0]
    if "place_merchant" in by_kind:
        fit_disc = fits(set(disc))
        return first_best(by_kind["place_merchant"], lambda a: (
            fit_disc[a.pos], sum(n in layout for n in side_neighbours(a.pos))))
    return actions[0]
