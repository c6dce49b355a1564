"""Street Merchant (Mega Box M12, RULES.md §M12): citizens who move into buildings.

There are 42 citizens, 7 of each building colour (blue pavilion, red seraglio, brown
arcades, white chambers, green garden, purple tower), and one merchant's disc per
player. At setup each player takes one citizen of each colour, secretly puts 3 on
their disc (`SetMerchant`, kind ``"set_merchant"``) and sets the disc on an empty cell
beside their fountain; the other citizens form the common supply.

A tile placed on the disc's cell (bought, from the reserve by a redesign, or in the
final placing) lifts the disc. If a citizen on the disc has the building's colour it
moves onto the building, a *resident*, at once; at the end of the turn the player then
takes a citizen of any colour from the supply onto the disc (`TakeCitizen`). If none
matches, the player may swap one citizen of the disc with one of the supply
(`SwapCitizen`) or keep them (`KeepCitizens`). Then the disc goes back onto an empty
cell next to the Alhambra (`PlaceMerchant`). All of it is the decision ``"merchant"``.

A resident stays on its building, to the reserve and back, and counts only while the
building is in the Alhambra. At every scoring (term ``"street_merchant"``) the
residents of an Alhambra are grouped into sets of different colours, a set of k
colours scoring k(k+1)/2; `best_grouping` finds the best grouping. Dirk has no disc
and scores 0. Colours are named by their building types (``"pavilion"`` for blue).

Decisions (RULES.md §M12): the unchosen citizens join the supply once everyone has
chosen; the new citizen or the swap is chosen at the end of the turn, before the disc
goes back; a disc lifted in the vizier's window goes back when the window closes; in
the final placing a resident still moves in but nothing is asked and the disc stays
aside; the best grouping is applied, never asked.

Examples
--------
>>> from alhambra_lib import Game
>>> g = Game(["Ana", "Ben", "Cy"], seed=7, modules=("street_merchant",))
>>> g.decision, len(g.legal_actions())
(Decision('merchant', 'Ana'), 80)
>>> print(g.legal_actions()[0])
merchant: blue, red, brown citizens on the disc at (-1, 0)
>>> g.census()["citizen"], g.census()["merchant_disc"]
(42, 3)
>>> best_grouping({"pavilion": 2, "seraglio": 1})
(4, [('pavilion', 'seraglio'), ('pavilion',)])
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypedDict

from ..actions import Action, PlainAction, register_action, tile_from_list, tile_order
from ..components import BUILDING_TILES, KINDS, Tile
from ..grid import check_cell, side_neighbours
from ..i18n import N_, _
from ..narrate import term, tile_text, told
from ..secrets import sort_lists
from ..sheet_inputs import SheetInput, SheetModule, each_player
from ..slices import TILE, Annotated, Keys, Kind, PerPlayer, Range, Size, Via
from .base import Module
from .context import acting_player

if TYPE_CHECKING:  # types only: a module imports nothing from the engine at run time
    from ..secrets import Secret
    from ..engine.config import GameConfig
    from ..engine.decisions import Decision
    from .context import GameContext

__all__ = ["CITIZENS_PER_COLOUR", "COLOURS", "COLOUR_NAMES", "DiscRecord", "KeepCitizens",
           "PlaceMerchant", "SetMerchant", "StreetMerchant", "SwapCitizen", "TakeCitizen",
           "best_grouping", "set_points"]

#: The citizens' colours, named by their building type as everywhere in the library
#: (RULES.md §M0.1: colour is type), in the order of `KINDS`.
COLOURS = KINDS
#: The printed colour of each type's citizens, for the text.
COLOUR_NAMES = dict(zip(KINDS, ("blue", "red", "brown", "white", "green", "purple")))
CITIZENS_PER_COLOUR = 7
DISC_SIZE = 3
_RANK = {c: i for i, c in enumerate(COLOURS)}
# What a disc's owner has to do: choose at setup, take a citizen, maybe swap, put it back.
_TODO = (None, "setup", "take", "swap", "place")
_BASE_TILES = frozenset(BUILDING_TILES)


def _colour(value: object) -> str:
    if not isinstance(value, str) or value not in _RANK:
        raise ValueError(f"a citizen's colour is a building type, one of {', '.join(COLOURS)}, "
                         f"got {value!r}")
    return value


def _names(colours: Iterable[str]) -> str:
    """``["pavilion", "tower"]`` -> ``"blue, purple"``."""
    return ", ".join(COLOUR_NAMES.get(c, str(c)) for c in colours)


def _in_order(colours: Iterable[str]) -> list[str]:
    return sorted(colours, key=_RANK.__getitem__)


def set_points(k: int) -> int:
    """Points of one set of `k` different colours: k(k+1)/2 (1, 3, 6, 10, 15, 21)."""
    return k * (k + 1) // 2


def best_grouping(counts: Mapping[str, int]) -> tuple[int, list[tuple[str, ...]]]:
    """The best grouping of residents into sets of different colours, and its points.

    `counts` maps colours (building types, `COLOURS`) to numbers of residents, like
    `Alhambra.counts`. The best grouping is the
    layering: set j holds every colour with at least j residents. Since a set of k
    colours scores k(k+1)/2, a convex function of k, no other grouping scores more:
    the layering has the largest first set, then the largest second set, and any other
    grouping's sizes are spread more evenly (RULES.md §M12.4).

    Returns
    -------
    (int, list of tuple of str)
        The points and the sets, largest first, each in `COLOURS` order.

    Examples
    --------
    >>> best_grouping({"pavilion": 3, "seraglio": 1, "arcades": 1})
    (8, [('pavilion', 'seraglio', 'arcades'), ('pavilion',), ('pavilion',)])
    >>> best_grouping({c: 1 for c in COLOURS})[0], best_grouping({})
    (21, (0, []))
    """
    counts = dict(counts)
    for colour, n in counts.items():
        _colour(colour)
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise ValueError(f"a number of residents is an int >= 0, got {n!r} for {colour}")
    sets = [tuple(c for c in COLOURS if counts.get(c, 0) >= j)
            for j in range(1, max(counts.values(), default=0) + 1)]
    return sum(set_points(len(s)) for s in sets), sets


# -- actions -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SetMerchant(Action):
    """Setup: the 3 citizens (different colours) put on the disc, and the disc's cell
    beside the fountain."""

    colours: tuple
    pos: tuple
    kind: ClassVar[str] = "set_merchant"

    def __post_init__(self) -> None:
        colours = tuple(_in_order(map(_colour, self.colours)))
        if len(colours) != DISC_SIZE or len(set(colours)) != DISC_SIZE:
            raise ValueError(f"the disc takes {DISC_SIZE} citizens of different colours, "
                             f"got {self.colours!r}")
        object.__setattr__(self, "colours", colours)
        object.__setattr__(self, "pos", check_cell(self.pos))

    def __str__(self) -> str:
        return f"merchant: {_names(self.colours)} citizens on the disc at {self.pos}"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "colours": list(self.colours), "pos": list(self.pos)}


@dataclass(frozen=True, slots=True)
class TakeCitizen(Action):
    """Turn end, after a resident moved in: a citizen of `colour` from the supply onto
    the disc."""

    colour: str
    kind: ClassVar[str] = "take_citizen"

    def __post_init__(self) -> None:
        _colour(self.colour)

    def __str__(self) -> str:
        return f"take a {_names([self.colour])} citizen onto the disc"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "colour": self.colour}


@dataclass(frozen=True, slots=True)
class SwapCitizen(Action):
    """Turn end, when no citizen matched: `colours` is (the disc's citizen given to the
    supply, the supply's citizen put on the disc)."""

    colours: tuple
    kind: ClassVar[str] = "swap_citizen"

    def __post_init__(self) -> None:
        colours = tuple(map(_colour, self.colours))
        if len(colours) != 2 or colours[0] == colours[1]:
            raise ValueError(f"a swap gives one colour and takes another, got {self.colours!r}")
        object.__setattr__(self, "colours", colours)

    def __str__(self) -> str:
        give, take = map(_names, ([c] for c in self.colours))
        return f"swap the {give} citizen of the disc for a {take} one"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "colours": list(self.colours)}


@dataclass(frozen=True, slots=True)
class KeepCitizens(PlainAction):
    """Turn end, when no citizen matched: swap nothing."""

    kind: ClassVar[str] = "keep_citizens"
    text: ClassVar[str] = "keep the citizens of the disc"


@dataclass(frozen=True, slots=True)
class PlaceMerchant(Action):
    """Turn end: put the lifted disc on `pos`, an empty cell next to the Alhambra."""

    pos: tuple
    kind: ClassVar[str] = "place_merchant"

    def __post_init__(self) -> None:
        object.__setattr__(self, "pos", check_cell(self.pos))

    def __str__(self) -> str:
        return f"put the merchant's disc at {self.pos}"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "pos": list(self.pos)}


register_action(SetMerchant, ("colours", "pos"))
register_action(TakeCitizen, ("colour",))
register_action(SwapCitizen, ("colours",))
register_action(KeepCitizens)
register_action(PlaceMerchant, ("pos",))

_FOUNTAIN_SIDES = tuple(sorted(side_neighbours((0, 0))))
_SETUP_CHOICES = tuple(itertools.combinations(COLOURS, DISC_SIZE))


# -- the module ------------------------------------------------------------------------


class Disc(TypedDict):
    """A player's disc: its cell (null while lifted or before setup), the citizens on it,
    those held at setup (all six, then the three not chosen until everyone has chosen)
    and what is to do."""

    pos: Annotated[list, Via(check_cell, list, "a cell [x, y]")] | None
    citizens: Annotated[list[Kind], Size(0, DISC_SIZE)]
    hand: Annotated[list[Kind], Size(0, len(COLOURS))]
    todo: Literal["setup", "take", "swap", "place"] | None


class StreetMerchantSlice(TypedDict):
    """The citizens in the supply by colour, each player's disc, and the residents
    (``[[tile, n], ...]`` in tile order, wherever the building is)."""

    supply: Annotated[dict[str, Annotated[int, Range(0)]], Keys(COLOURS, "the six colours")]
    discs: PerPlayer[Disc]
    residents: list[tuple[Annotated[list, TILE.where(
        lambda tile: tile in _BASE_TILES, "one of the 54 base buildings")],
        Annotated[int, Range(1)]]]


def _citizens_in_order(game: GameContext, data: StreetMerchantSlice) -> str | None:
    for player, disc in data["discs"].items():
        if disc["citizens"] != _in_order(disc["citizens"]) or disc["hand"] != _in_order(
                disc["hand"]):
            return f"{player}'s citizens are listed in colour order"
    return None


def _hands_at_setup(game: GameContext, data: StreetMerchantSlice) -> str | None:
    """Citizens are held apart from a disc only at setup, the six before a choice."""
    for player, disc in data["discs"].items():
        citizens, hand = disc["citizens"], disc["hand"]
        if hand and (game.turn != 0 or set(hand) | set(citizens) != set(COLOURS)
                     or len(hand) + len(citizens) != len(COLOURS)):
            return f"{player} holds citizens apart from the disc only at setup"
        if disc["todo"] == "setup" and (citizens or hand != list(COLOURS)):
            return f"{player} is to choose from one citizen of each colour"
    return None


def _discs_on_the_table(game: GameContext, data: StreetMerchantSlice) -> str | None:
    """A disc on the table lies on an empty cell with nothing to do; one off it is lifted,
    or the game is ending: a tile of the final distribution placed on its cell lifts it
    for good, through the final placing and the last scoring (a Wise Man's choice before
    it, §M7, included)."""
    for player, disc in data["discs"].items():
        if disc["pos"] is not None:
            if tuple(disc["pos"]) in game.alhambra(player).layout:
                return f"{player}'s disc is on {tuple(disc['pos'])}, a built cell"
            if disc["todo"] is not None:
                return f"{player}'s disc is on the table and yet lifted"
        elif disc["todo"] is None and not game.in_final_phase():
            return f"{player}'s disc is off the table, with nothing to do"
    return None


def _residents_in_order(game: GameContext, data: StreetMerchantSlice) -> str | None:
    tiles = [tile_from_list(t) for t, _ in data["residents"]]
    if len(set(tiles)) != len(tiles) or tiles != sorted(tiles, key=tile_order):
        return "the residents' buildings are distinct and in tile order"
    return None


def _citizens_counted(game: GameContext, data: StreetMerchantSlice) -> str | None:
    found = dict(data["supply"])
    for disc in data["discs"].values():
        for colour in disc["citizens"] + disc["hand"]:
            found[colour] += 1
    for tile, n in data["residents"]:
        found[tile[0]] += n
    if any(n != CITIZENS_PER_COLOUR for n in found.values()):
        return f"there are {CITIZENS_PER_COLOUR} citizens of each colour, found {found}"
    return None


def _merchant_due(game: GameContext, data: StreetMerchantSlice) -> str | None:
    """The steps ask the players in turn order, from the one whose turn it is."""
    top = game.decision
    if top is None or top.kind != "merchant":
        return None
    due = next((p for p in StreetMerchant._order(game) if data["discs"][p]["todo"] is not None),
               None)
    return None if top.player == due else f"{top.player} is asked about their disc, but {due} is due"


def _merchant_sheet(entry):
    # RULES.md §M12.4; with merchant_final_only the citizens score at the last scoring only.
    if entry.round_no < 3 and entry.options.get("merchant_final_only"):
        return None
    return each_player(entry, lambda name: best_grouping(entry["citizens"][name])[0])


def _resident_colour(tile: list[Any]) -> str | None:
    """The colour of the citizen that tile `tile` (saved) takes as a resident: a base
    building's type (as printed, City Walls sticks or not), None for any other tile."""
    printed = tile_from_list(tile).printed
    return printed.kind if printed in _BASE_TILES else None


def _only_colour(supply: Mapping[str, int]) -> str | None:
    """The supply's one colour, if it holds citizens of exactly one."""
    present = [c for c, n in supply.items() if n > 0]
    return present[0] if len(present) == 1 else None


class DiscRecord:
    """What the public record (`events`, read in the open fields only) tells of each
    disc after the setup (RULES.md §11, §M12).

    A disc holds the citizens *known* to be on it (taken or swapped in, in the open)
    and what is left of the three chosen at setup: `left` of them, of distinct colours,
    none of a colour *barred*. A resident or a swap-out of a colour not known to be on
    the disc was one of the three (the rest are not that colour); a lift without a
    resident by a building shows the disc had no citizen of its colour; a supply of one
    colour bars the rest from a disc no swap was offered for, and that colour from the
    last of the three when one was offered while the known ones are all that colour.

    Examples
    --------
    >>> record = DiscRecord([
    ...     {"type": "set_merchant", "player": "Ben", "colours": [None] * 3, "pos": [-1, 0]},
    ...     {"type": "merchant_supply", "supply": dict.fromkeys(COLOURS, 6)},
    ...     {"type": "merchant_lifted", "player": "Ben", "tile": ["tower", 9, "NW"],
    ...      "pos": [-1, 0], "resident": None, "final": False},
    ...     {"type": "swap_citizen", "player": "Ben", "colours": ["garden", "pavilion"]}])
    >>> record.known["Ben"], record.left["Ben"], record.barred_of("Ben")
    (['pavilion'], 2, ['garden', 'tower'])
    """

    def __init__(self, events: Iterable[dict[str, Any]]) -> None:
        self.known: dict[str, list[str]] = {}
        self.left: dict[str, int] = {}
        self.barred: dict[str, set[str]] = {}
        self.supply = dict.fromkeys(COLOURS, 0)
        self.asked: set[str] = set()  # lifted without a resident: a swap may be offered
        for event in events:
            read = self._READERS.get(event["type"])
            if read is not None:
                read(self, event)

    def barred_of(self, player: str) -> list[str]:
        """The colours barred from what is left of `player`'s three, in colour order."""
        return _in_order(self.barred.get(player, ()))

    def _set(self, e: dict[str, Any]) -> None:
        p = e["player"]
        self.known[p], self.left[p], self.barred[p] = [], DISC_SIZE, set()

    def _supplied(self, e: dict[str, Any]) -> None:
        self.supply = dict(e["supply"])

    def _leaves(self, player: str, colour: str) -> None:
        if colour in self.known[player]:
            self.known[player].remove(colour)
        else:  # one of the three: the others differ from it
            self.left[player] -= 1
            self.barred[player].add(colour)

    def _lifted(self, e: dict[str, Any]) -> None:
        p = e["player"]
        if e["resident"] is not None:
            self._leaves(p, e["resident"])
            return
        colour = _resident_colour(e["tile"])
        if colour is not None:
            self.barred[p].add(colour)
        if not e["final"]:
            self.asked.add(p)

    def _took(self, e: dict[str, Any]) -> None:
        self.known[e["player"]].append(e["colour"])
        self.supply[e["colour"]] -= 1

    def _swapped(self, e: dict[str, Any]) -> None:
        p, (give, take) = e["player"], e["colours"]
        self.asked.discard(p)
        self._leaves(p, give)
        self.known[p].append(take)
        self.supply[give] += 1
        self.supply[take] -= 1

    def _kept(self, e: dict[str, Any]) -> None:
        """A swap was offered: the disc holds a colour other than the supply's only one."""
        p = e["player"]
        self.asked.discard(p)
        only = _only_colour(self.supply)
        if only is not None and self.left[p] == 1 and set(self.known[p]) <= {only}:
            self.barred[p].add(only)

    def _placed(self, e: dict[str, Any]) -> None:
        """Put back after a lift without a resident and no swap offered (`_swaps`): the
        citizens on the disc are all of the supply's only colour, or there are none."""
        p = e["player"]
        if p in self.asked:
            self.asked.discard(p)
            only = _only_colour(self.supply)
            if only is not None:
                self.barred[p].update(c for c in COLOURS if c != only)

    _READERS: ClassVar[dict[str, Callable[[DiscRecord, dict[str, Any]], None]]] = {
        "set_merchant": _set, "merchant_supply": _supplied, "merchant_lifted": _lifted,
        "take_citizen": _took, "swap_citizen": _swapped, "keep_citizens": _kept,
        "place_merchant": _placed}


class StreetMerchant(Module):
    """Street Merchant: a disc per player, citizens on it, residents on buildings."""

    name = "street_merchant"
    event_types = frozenset({"place", "redesign"})
    option_decisions = frozenset({"merchant"})
    section = "M12"
    title = N_("Street Merchant")
    drawer = "alhambra_lib.draw.modules.street_merchant"  # its pieces, imported when drawn
    secret_fields = {"set_merchant": ("colours",)}  # §M12: the citizens on the disc
    sheet = SheetModule(
        "street_merchant", N_("Citizens"),  # RULES.md §M12.4
        (SheetInput("citizens", N_("citizens"),
                    N_("Citizens living on buildings in the Alhambra, per colour (blue "
                       "pavilion, red seraglio, brown arcades, white chambers, green garden, "
                       "purple tower)."), "by_type", maximum=CITIZENS_PER_COLOUR,
                    box_total=dict.fromkeys(COLOURS, CITIZENS_PER_COLOUR)),),
        terms=(("street_merchant", _merchant_sheet),))
    decisions = {"merchant": {"set_merchant", "take_citizen", "swap_citizen",
                              "keep_citizens", "place_merchant"}}
    # "merchant": §M0.4 step 4; "merchant_late": a disc lifted in the interrupt window
    # (a vizier's purchase placed on it) goes back before the next turn.
    turn_end_steps = (("merchant", "refill_display"), ("merchant_late", "finish_turn"))
    setup_steps = ("merchant_setup",)
    score_terms = ("street_merchant",)
    term_ranks: ClassVar[dict] = {"street_merchant": 300}
    step_ranks: ClassVar[dict] = {"merchant": 400}  # merchant_late keeps its place
    pushed_by: ClassVar[dict] = {"merchant": ("merchant", "merchant_late", "merchant_setup")}
    #: The other reading: the residents score at the final scoring only (RULES.md §M12.4).
    option_defaults = {"merchant_final_only": False}

    def __init__(self) -> None:
        self.actions = {"set_merchant": (self._check_set, self._do_set),
                        "take_citizen": (self._check_take, self._do_take),
                        "swap_citizen": (self._check_swap, self._do_swap),
                        "keep_citizens": (self._check_keep, self._do_keep),
                        "place_merchant": (self._check_place, self._do_place)}

    # -- state ----------------------------------------------------------------------

    def totals(self, config: GameConfig) -> dict[str, int]:
        return {"citizen": CITIZENS_PER_COLOUR * len(COLOURS),
                "merchant_disc": len(config.players)}

    slice_type = StreetMerchantSlice
    slice_rules = (_citizens_in_order, _hands_at_setup, _discs_on_the_table,
                   _residents_in_order, _citizens_counted, _merchant_due)

    def new_slice(self, config: GameConfig) -> StreetMerchantSlice:
        # supply: {colour: n}. discs: per player the cell ([x, y], None while lifted or
        # before setup), the citizens on it, the citizens held at setup ("hand": all six,
        # then the three not chosen until everyone has chosen) and what is to do (_TODO).
        # residents: [[tile, n], ...] in tile order, wherever the building is.
        return {"supply": dict.fromkeys(COLOURS, CITIZENS_PER_COLOUR),
                "discs": {p: {"pos": None, "citizens": [], "hand": [], "todo": None}
                          for p in config.players},
                "residents": []}

    def setup(self, game: GameContext) -> None:
        state = game.slice(self.name)
        for disc in state["discs"].values():
            for colour in COLOURS:
                state["supply"][colour] -= 1
            disc["hand"] = list(COLOURS)
            disc["todo"] = "setup"

    def census(self, game: GameContext) -> dict[str, int]:
        state = game.slice(self.name)
        discs = state["discs"].values()
        return {"citizen": sum(state["supply"].values())
                + sum(len(d["citizens"]) + len(d["hand"]) for d in discs)
                + sum(n for _, n in state["residents"]),
                "merchant_disc": len(state["discs"])}

    def view(self, game: GameContext, name: str) -> dict[str, Any]:
        """Public: the discs' cells and sizes, the residents, the supply. Secret: the
        citizens on the others' discs (and, at setup, in the others' hands)."""
        state = game.slice(self.name)
        cells = {p: game.alhambra(p).layout for p in game.players}
        located: dict[Tile, int] = {}
        for tile_data, n in state["residents"]:
            located[tile_from_list(tile_data)] = n
        residents: dict[str, dict[tuple[int, int], int]] = {}
        for p in game.players:
            residents[p] = {cell: located[t] for cell, t in sorted(cells[p].items())
                            if t in located}
        counts = {p: self._counts(game, p) for p in game.players}
        return {
            "supply": dict(state["supply"]),
            "discs": {p: {"pos": None if d["pos"] is None else tuple(d["pos"]),
                          "citizens": tuple(d["citizens"]) if p == name else None,
                          "size": len(d["citizens"])}
                      for p, d in state["discs"].items()},
            "hand": tuple(state["discs"][name]["hand"]),
            "residents": residents,
            "counts": counts,
            "points": {p: best_grouping(c)[0] for p, c in counts.items()},
        }

    def redact_slice(self, data: Any, viewer: str, events: list[dict[str, Any]],
                     secret: Secret) -> None:
        """The citizens on the others' discs and in their hands are secret (§M12), but
        what the public record tells of each disc (`DiscRecord`)."""
        record = None
        for p, disc in data["discs"].items():
            if p == viewer:
                continue
            if disc["hand"]:  # at setup a player's six are one of each colour, known
                disc["citizens"] = secret(disc["citizens"], f"citizen:{p}")
                disc["hand"] = secret(disc["hand"], f"citizen:{p}")
                continue
            # After it the citizens known to be on a disc stay; the others of every disc
            # are one pool, each disc's distinct and none of a colour the record bars.
            record = record or DiscRecord(events)
            known = _in_order(record.known.get(p, ()))
            rest = list((Counter(disc["citizens"]) - Counter(known)).elements())
            disc["citizens"] = known + secret(rest, "citizen", barred=record.barred_of(p),
                                              apart=p if p in record.known else None)

    def tidy_slice(self, data: Any) -> None:
        sort_lists([lst for disc in data["discs"].values()
                    for lst in (disc["citizens"], disc["hand"])], KINDS.index)

    # -- residents and scoring ------------------------------------------------------------

    def _counts(self, game: GameContext, name: str) -> dict[str, int]:
        """``{colour: n}`` of the residents on buildings in `name`'s Alhambra."""
        # A resident stays on its building when City Walls sticks are laid on it (§M9).
        built = {t.printed for t in game.alhambra(name).layout.values()}
        counts = dict.fromkeys(COLOURS, 0)
        for tile_data, n in game.slice(self.name)["residents"]:
            tile = tile_from_list(tile_data)
            if tile in built:
                counts[tile.kind] += n
        return counts

    def score(self, game: GameContext, term: str, round_no: int) -> dict[str, int] | None:
        """At every scoring (with ``merchant_final_only``: the last only), the best grouping
        of each player's residents (RULES.md §M12.4)."""
        if round_no < 3 and game.option("merchant_final_only"):
            return None
        points = {name: 0 for name in game.scores}  # Dirk included, with 0
        for name in game.players:
            points[name] = best_grouping(self._counts(game, name))[0]
        return points

    def _add_resident(self, state: dict[str, Any], tile: Tile) -> None:
        # `state` is the live slice: its residents are [tile, n] lists, counted up in place.
        key = tile.to_list()
        for entry in state["residents"]:
            if entry[0] == key:
                entry[1] += 1
                return
        state["residents"].append([key, 1])
        state["residents"].sort(key=lambda e: tile_order(tile_from_list(e[0])))

    def on_event(self, game: GameContext, event: dict[str, Any]) -> None:
        """A tile placed on a disc's cell lifts the disc; a matching citizen moves in."""
        kind = event["type"]
        if kind != "place" and (kind != "redesign" or event["move"] != "place"):
            return
        player = event["player"]
        state = game.slice(self.name)
        disc = state["discs"].get(player)
        if disc is None or disc["pos"] is None or list(event["pos"]) != disc["pos"]:
            return
        colour = _resident_colour(event["tile"])
        resident = colour if colour in disc["citizens"] else None
        if resident is not None:
            disc["citizens"].remove(resident)
            self._add_resident(state, tile_from_list(event["tile"]).printed)
        final = game.decision is not None and game.decision.kind == "final_place"
        disc["pos"] = None
        disc["todo"] = None if final else "take" if resident else "swap"
        game.event("merchant_lifted", player=player, tile=event["tile"], pos=list(event["pos"]),
                   resident=resident, final=final)

    # -- the steps ----------------------------------------------------------------------

    @staticmethod
    def _order(game: GameContext) -> list[str]:
        """The players from the one whose turn it is, in seat order."""
        seats = game.seats_from_next()
        return [seats[-1]] + seats[:-1]

    def step_merchant_setup(self, game: GameContext) -> bool:
        """Ask each player in turn (the start player first) for their disc; then the
        citizens not chosen form the supply."""
        state = game.slice(self.name)
        for player in self._order(game):
            if state["discs"][player]["todo"] == "setup":
                game.push_decision("merchant", player)
                return True
        if any(d["hand"] for d in state["discs"].values()):
            for disc in state["discs"].values():
                for colour in disc["hand"]:
                    state["supply"][colour] += 1
                disc["hand"] = []
            game.event("merchant_supply", supply=dict(state["supply"]))
        return False

    def step_merchant(self, game: GameContext) -> bool:
        """Turn end: each lifted disc's owner takes or swaps a citizen, then puts the disc
        back (RULES.md §M12.3); True while a player is asked."""
        state = game.slice(self.name)
        discs = state["discs"]
        for disc in discs.values():  # most turns lift no disc: no order to make then
            if disc["todo"] is not None:
                break
        else:
            return False
        for player in self._order(game):
            disc = discs[player]
            if disc["todo"] is None:
                continue
            if disc["todo"] == "take" and not self._takes(state, player):
                disc["todo"] = "place"
            if disc["todo"] == "swap" and not self._swaps(state, player):
                disc["todo"] = "place"
            game.push_decision("merchant", player)
            return True
        return False

    step_merchant_late = step_merchant

    # -- options and actions ------------------------------------------------------------

    def options(self, game: GameContext, decision: Decision) -> list[Action]:
        if decision.kind != "merchant":
            return []
        state = game.slice(self.name)
        player = decision.player
        todo = state["discs"][player]["todo"]
        if todo == "setup":
            return [SetMerchant(colours, pos) for colours in _SETUP_CHOICES
                    for pos in _FOUNTAIN_SIDES]
        if todo == "take":
            return self._takes(state, player)
        if todo == "swap":
            return self._swaps(state, player) + [KeepCitizens()]
        if todo == "place":
            return [PlaceMerchant(pos) for pos in sorted(game.alhambra(player).frontier())]
        return []

    def _takes(self, state: StreetMerchantSlice, player: str) -> list[Action]:
        return [TakeCitizen(c) for c in COLOURS if state["supply"][c]]

    def _swaps(self, state: StreetMerchantSlice, player: str) -> list[Action]:
        mine = _in_order(set(state["discs"][player]["citizens"]))
        return [SwapCitizen((give, take)) for give in mine for take in COLOURS
                if take != give and state["supply"][take]]

    def _disc(self, game: GameContext, action: Action, todo: str) -> Disc:
        disc = game.slice(self.name)["discs"][game.current_player]
        if disc["todo"] != todo:
            game.refuse(action, "the disc is not waiting for that "
                                f"(now: {disc['todo'] or 'nothing'})")
        return disc

    def _check_set(self, game: GameContext, action: SetMerchant) -> None:
        disc = self._disc(game, action, "setup")
        if action.pos not in _FOUNTAIN_SIDES:
            game.refuse(action, f"the disc starts beside the fountain, on one of {_FOUNTAIN_SIDES}")
        if any(c not in disc["hand"] for c in action.colours):
            game.refuse(action, "the citizens come from the six taken at setup")

    def _do_set(self, game: GameContext, action: SetMerchant) -> None:
        player = game.current_player
        disc = game.slice(self.name)["discs"][player]
        disc["citizens"] = list(action.colours)
        disc["hand"] = [c for c in disc["hand"] if c not in action.colours]
        disc["pos"] = list(action.pos)
        disc["todo"] = None
        game.event("set_merchant", player=player, colours=list(action.colours),
                   pos=list(action.pos))
        game.resume()

    def _check_take(self, game: GameContext, action: TakeCitizen) -> None:
        self._disc(game, action, "take")
        if not game.slice(self.name)["supply"][action.colour]:
            game.refuse(action, f"the supply has no {action.colour} citizen")

    def _do_take(self, game: GameContext, action: TakeCitizen) -> None:
        player = game.current_player
        state = game.slice(self.name)
        disc = state["discs"][player]
        state["supply"][action.colour] -= 1
        disc["citizens"] = _in_order(disc["citizens"] + [action.colour])
        disc["todo"] = "place"
        game.event("take_citizen", player=player, colour=action.colour)
        game.resume()

    def _check_swap(self, game: GameContext, action: SwapCitizen) -> None:
        disc = self._disc(game, action, "swap")
        give, take = action.colours
        if give not in disc["citizens"]:
            game.refuse(action, f"the disc has no {give} citizen")
        if not game.slice(self.name)["supply"][take]:
            game.refuse(action, f"the supply has no {take} citizen")

    def _do_swap(self, game: GameContext, action: SwapCitizen) -> None:
        player = game.current_player
        state = game.slice(self.name)
        disc = state["discs"][player]
        give, take = action.colours
        disc["citizens"].remove(give)
        disc["citizens"] = _in_order(disc["citizens"] + [take])
        state["supply"][give] += 1
        state["supply"][take] -= 1
        disc["todo"] = "place"
        game.event("swap_citizen", player=player, colours=[give, take])
        game.resume()

    def _check_keep(self, game: GameContext, action: KeepCitizens) -> None:
        self._disc(game, action, "swap")

    def _do_keep(self, game: GameContext, action: KeepCitizens) -> None:
        player = game.current_player
        game.slice(self.name)["discs"][player]["todo"] = "place"
        game.event("keep_citizens", player=player)
        game.resume()

    def _check_place(self, game: GameContext, action: PlaceMerchant) -> None:
        self._disc(game, action, "place")
        alhambra = game.alhambra(acting_player(game))
        if action.pos not in alhambra.frontier():
            where = ("built" if action.pos in alhambra.layout
                     else "not next to the Alhambra")
            game.refuse(action, f"the disc goes on an empty cell next to the Alhambra; "
                                f"{action.pos} is {where}")

    def _do_place(self, game: GameContext, action: PlaceMerchant) -> None:
        player = game.current_player
        disc = game.slice(self.name)["discs"][player]
        disc["pos"] = list(action.pos)
        disc["todo"] = None
        game.event("place_merchant", player=player, pos=list(action.pos))
        game.resume()


def _supply_text(supply: Mapping[str, int]) -> str:
    return ", ".join(_("{n} {colour}").format(n=n, colour=_citizen(c)) for c, n in supply.items())


def _citizen(kind: str) -> str:
    """A citizen's printed colour, in the current language."""
    return term(COLOUR_NAMES.get(kind, kind))


#: merchant_lifted: (a citizen moves in, the game is over) -> (said of a player, to "You").
_LIFTED = {
    (True, False): (N_("{player} builds {tile} on the merchant's cell {pos}: the {colour} "
                       "citizen moves in"),
                    N_("You build {tile} on the merchant's cell {pos}: the {colour} citizen "
                       "moves in")),
    (False, False): (N_("{player} builds {tile} on the merchant's cell {pos}: no citizen on "
                        "the disc matches"),
                     N_("You build {tile} on the merchant's cell {pos}: no citizen on the disc "
                        "matches")),
    (True, True): (N_("{player} builds {tile} on the merchant's cell {pos}: the {colour} "
                      "citizen moves in; the game is over, the disc stays aside"),
                   N_("You build {tile} on the merchant's cell {pos}: the {colour} citizen "
                      "moves in; the game is over, the disc stays aside")),
    (False, True): (N_("{player} builds {tile} on the merchant's cell {pos}: no citizen on "
                       "the disc matches; the game is over, the disc stays aside"),
                    N_("You build {tile} on the merchant's cell {pos}: no citizen on the disc "
                       "matches; the game is over, the disc stays aside")),
}


def _lifted_text(e: dict[str, Any]) -> str:
    third, second = _LIFTED[bool(e["resident"]), bool(e["final"])]
    return told(e["player"], third, second, tile=tile_text(e["tile"]), pos=tuple(e["pos"]),
                colour=_citizen(e["resident"]) if e["resident"] else "")


#: The module's events in words (registered with the module, `modules.register`).
StreetMerchant.narration = {
    "set_merchant": (("player", "colours", "pos"),
                     lambda e: told(e["player"], N_("{player} puts three citizens (secret) on the "
                                                    "merchant's disc at {pos}"),
                                    N_("You put three citizens (secret) on the merchant's disc "
                                       "at {pos}"), pos=tuple(e["pos"]))),
    "merchant_supply": (("supply",),
                        lambda e: _("the citizens not chosen form the supply: {supply}").format(
                            supply=_supply_text(e["supply"]))),
    "merchant_lifted": (("player", "tile", "pos", "resident", "final"), _lifted_text),
    "take_citizen": (("player", "colour"),
                     lambda e: told(e["player"], N_("{player} takes a {colour} citizen onto the "
                                                    "disc"),
                                    N_("You take a {colour} citizen onto the disc"),
                                    colour=_citizen(e["colour"]))),
    "swap_citizen": (("player", "colours"),
                     lambda e: told(e["player"], N_("{player} swaps the {old} citizen of the disc "
                                                    "for a {new} one from the supply"),
                                    N_("You swap the {old} citizen of the disc for a {new} one "
                                       "from the supply"),
                                    old=", ".join(map(_citizen, e["colours"][:1])),
                                    new=", ".join(map(_citizen, e["colours"][1:])))),
    "keep_citizens": (("player",),
                      lambda e: told(e["player"], N_("{player} keeps the citizens of the disc"),
                                     N_("You keep the citizens of the disc"))),
    "place_merchant": (("player", "pos"),
                       lambda e: told(e["player"], N_("{player} puts the merchant's disc at {pos}"),
                                      N_("You put the merchant's disc at {pos}"),
                                      pos=tuple(e["pos"]))),
}
