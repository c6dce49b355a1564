"""Treasure Chamber (Mega Box M13, RULES.md §M13): chests bought for at least 8, set on
buildings, scored as a majority.

42 chests in six colours (9 green, 9 purple, 7 white, 7 brown, 5 red, 5 blue) start in
a bag; 4 are drawn into each of the 3 rooms. On their turn a player may buy all the
chests of one room (`BuyChests`, kind ``"buy_chests"``), paying at least 8 in any mix of
the four currencies, with no change; the purchase ends the action part even when the
payment is exact. At the turn end, after the bought tiles are placed, the chests go onto
the buyer's buildings of their colour in the Alhambra, at most one per building (a
choice `PlaceChest` in decision ``"chests"`` when there are more free buildings of a
colour than chests of it); what the buyer cannot place goes to the left neighbour and on
round the table, and what nobody can place goes back into the bag. Then the room is
refilled with 4, unless the bag holds fewer: then it stays empty and no room is refilled
any more. A chest stays on its building (to the reserve and back with it) and counts
only while the building is in the Alhambra. At every scoring the players with the most
chests score 7 (round 1), 14 / 7 (round 2), 22 / 14 / 7 (round 3), ties as in §8.3.

Decisions (RULES.md §M13): only inclusion-minimal payments (no card could be left out
and still reach 8); a player places chests of a colour without being asked when there
is no choice.

Examples
--------
>>> from alhambra_lib import Game
>>> g = Game(["Ana", "Ben", "Cy"], seed=7, modules=("treasure",))
>>> v = g.view("Ana").modules["treasure"]
>>> [len(room) for room in v["rooms"]], v["bag"], g.census()["chest"]
([4, 4, 4], 30, 42)
>>> print(BuyChests(2, (Card("ducat", 5), Card("denar", 3))))
buy the chests of room 2 paying 5 ducat + 3 denar
"""

from __future__ import annotations

from bisect import insort
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypedDict

from ..actions import Action, card_order, register_action, tile_from_list
from ..components import BUILDING_TILES, KINDS, Card, Tile
from ..grid import check_cell
from ..memo import by_identity
from ..i18n import N_, _, ngettext
from ..narrate import card_text, player_text, term, tile_text, told
from ..payments import (
    PaymentSources,
    check_payment,
    minimal_card_payments,
    minimal_payments,
)
from ..scoring import share_places
from ..sheet_inputs import PlayerTiles, SheetInput, SheetModule
from ..slices import DISTINCT, TILE, TILE_ORDER, Annotated, Player, Range, Size, Sort
from .base import Module
from .context import acting_player

if TYPE_CHECKING:  # types only: a module imports nothing from the engine at run time
    from ..engine.config import GameConfig
    from ..engine.decisions import Decision
    from .context import GameContext

_Cell = tuple[int, int]

__all__ = ["Treasure", "BuyChests", "PlaceChest", "COLOURS", "CHESTS", "ROOMS", "ROOM_SIZE",
           "CHEST_PRICE", "CHEST_POINTS"]

#: Chest colour -> building type (RULES.md §M0.1), in the order of `KINDS`.
COLOURS = {"blue": "pavilion", "red": "seraglio", "brown": "arcades", "white": "chambers",
           "green": "garden", "purple": "tower"}
_COLOUR_OF = {kind: colour for colour, kind in COLOURS.items()}
_ORDER = {colour: i for i, colour in enumerate(COLOURS)}
assert tuple(COLOURS.values()) == KINDS
#: How many chests of each colour (RULES.md §M13.1): 42 in all.
CHESTS: dict[Chest, int] = {"blue": 5, "red": 5, "brown": 7, "white": 7, "green": 9, "purple": 9}
ROOMS = 3
ROOM_SIZE = 4
#: The least a room's chests cost.
CHEST_PRICE = 8
#: The points of places 1, 2, 3 in each scoring round (RULES.md §M13.4).
CHEST_POINTS = {1: (7,), 2: (14, 7), 3: (22, 14, 7)}
#: Chests are paid in any currency, or in diamonds alone (RULES.md §M13.3, §M6); the
#: minimal rule stays with Change's overpaying (§M11).
_SOURCES = PaymentSources(diamonds=True)
_BUILDINGS = frozenset(tuple(t.to_list()) for t in BUILDING_TILES)


def _colour_key(colour: str) -> int:
    return _ORDER[colour]


def _by_colour(chests: Sequence[str]) -> list[tuple[str, int]]:
    """``[(colour, how many), ...]`` of the colours among `chests`, in `COLOURS` order (a
    list made first: the chests may be placed while it is read)."""
    return [(colour, n) for colour in COLOURS if (n := chests.count(colour))]


def _is_diamond(card: object) -> bool:
    return getattr(card, "currency", None) == "diamond"


@dataclass(frozen=True, slots=True)
class BuyChests(Action):
    """Buy every chest of room `room` (1-3), paying `cards` (at least 8, any currencies)."""

    room: int
    cards: tuple
    kind: ClassVar[str] = "buy_chests"

    def __post_init__(self) -> None:
        if not isinstance(self.room, int) or isinstance(self.room, bool) or not (
                1 <= self.room <= ROOMS):
            raise ValueError(f"a treasure room is 1, 2 or 3, got {self.room!r}")
        cards = tuple(self.cards)
        if not cards or not all(hasattr(c, "to_list") for c in cards):
            raise TypeError(f"a buy_chests action needs one or more cards, got {cards!r}")
        object.__setattr__(self, "cards", tuple(sorted(cards, key=_card_key)))

    @classmethod
    def _listed(cls, room: int, cards: tuple[Any, ...]) -> BuyChests:
        """The action for a listed payment, already a sorted tuple of cards from the
        hand: built without the checks, as `Treasure.options` builds hundreds a turn."""
        action = object.__new__(cls)
        object.__setattr__(action, "room", room)
        object.__setattr__(action, "cards", cards)
        return action

    def __str__(self) -> str:
        return f"buy the chests of room {self.room} paying {' + '.join(map(str, self.cards))}"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "room": self.room, "cards": [c.to_list() for c in self.cards]}


@dataclass(frozen=True, slots=True)
class PlaceChest(Action):
    """Put one of the chests to place on the building at `pos` of one's Alhambra."""

    pos: tuple
    kind: ClassVar[str] = "place_chest"

    def __post_init__(self) -> None:
        object.__setattr__(self, "pos", check_cell(self.pos))

    def __str__(self) -> str:
        return f"put a chest on the building at {self.pos}"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "pos": list(self.pos)}


def _card_key(card: Any) -> tuple[Any, ...]:
    try:
        return card_order(card)
    except (KeyError, AttributeError):  # a card of another module (a diamond)
        return (2, str(card))


register_action(PlaceChest, ("pos",))
register_action(BuyChests, ("room", "cards"))


@lru_cache(maxsize=4096)
def _payments(hand: tuple[Any, ...]) -> tuple[tuple[Any, ...], ...]:
    """The inclusion-minimal payments of at least 8 out of `hand` (a tuple of cards)."""
    money = [c for c in hand if isinstance(c, Card) and not _is_diamond(c)]
    found = [tuple(sorted(p, key=_card_key)) for p in minimal_card_payments(money, CHEST_PRICE)]
    diamonds = sorted((c for c in hand if _is_diamond(c)), key=lambda c: -c.value)
    if diamonds:  # diamonds pay only alone (RULES.md §M13.3)
        by_value = {c.value: c for c in diamonds}
        found += [tuple(sorted((by_value[v] for v in p), key=_card_key))
                  for p in minimal_payments(tuple(c.value for c in diamonds), CHEST_PRICE)]
    return tuple(found)


_CHEST_BUYS: dict[Any, Any] = {}  # `_chest_buys` by the rooms holding chests and the hand's cards


def _chest_buys(rooms: Iterable[int], hand: tuple[Any, ...]) -> tuple[BuyChests, ...]:
    """The `BuyChests` actions of `hand` (a tuple of cards, kept sorted by the game, so
    one entry per multiset) for the rooms holding chests: built once per hand and rooms,
    not on every listing (a big hand has 500-600 payments per room)."""
    payments = _payments(hand)
    return tuple(BuyChests._listed(room, cards) for room in rooms for cards in payments)


def _draw(game: GameContext, bag: list[Chest], n: int) -> list[Chest]:
    """Draw `n` chests at random out of `bag` (kept sorted: a bag has no order)."""
    game.shuffle(bag)
    drawn = sorted(bag[:n], key=_colour_key)
    del bag[:n]
    bag.sort(key=_colour_key)
    return drawn


def _colours_text(colours: Iterable[str]) -> str:
    return ", ".join(map(term, colours)) or _("no chest")


#: A chest's colour (the keys of `COLOURS`; a test keeps them in step).
Chest = Literal["blue", "red", "brown", "white", "green", "purple"]
_ALL = sum(CHESTS.values())
_CHEST_ORDER = Sort(_colour_key)


class Pending(TypedDict):
    """The chests bought this turn while they are handed out: their room, the chests
    still to place and the players to receive them (the one placing first)."""

    room: Annotated[int, Range(1, ROOMS), "a room"]
    chests: Annotated[list[Chest], Size(0, ROOM_SIZE), _CHEST_ORDER]
    queue: Annotated[list[Player], DISTINCT, Size(1)]


class TreasureSlice(TypedDict):
    """Chests by colour in the bag and the rooms (sorted); the base buildings carrying
    one; false once a room could not be refilled; the chests being handed out."""

    bag: Annotated[list[Chest], Size(0, _ALL), _CHEST_ORDER]
    rooms: Annotated[list[Annotated[list[Chest], Size(0, ROOM_SIZE), _CHEST_ORDER]],
                     Size(ROOMS, ROOMS)]
    chests: Annotated[list[Annotated[list, TILE.where(
        lambda tile: tuple(tile.to_list()) in _BUILDINGS, "a base building")]],
        Size(0, _ALL), TILE_ORDER]
    refill: bool
    pending: Pending | None


def _one_chest_a_building(game: GameContext, data: TreasureSlice) -> str | None:
    if len(set(map(tuple, data["chests"]))) != len(data["chests"]):
        return "a building carries at most one chest"
    return None


def _chests_on_held_tiles(game: GameContext, data: TreasureSlice) -> str | None:
    held: set[Tile] = set()
    for p in game.players:
        held.update(t.printed for t in game.alhambra(p).layout.values())
        held.update(t.printed for t in game.reserve(p))
    stray = next((t for t in map(tile_from_list, data["chests"]) if t not in held), None)
    return None if stray is None else f"the chest on {stray} is on a tile no player holds"


def _pending_room_empty(game: GameContext, data: TreasureSlice) -> str | None:
    pending = data["pending"]
    if pending is not None and data["rooms"][pending["room"] - 1]:
        return "the room whose chests are handed out is empty until they are"
    return None


def _chests_handed_out_now(game: GameContext, data: TreasureSlice) -> str | None:
    """Chests are handed out at a turn end, by its ``chests`` step, to the player deciding
    first: pending chests whose step has run (or is not to come) would stay pending
    until the next purchase."""
    decision, pending = game.decision, data["pending"]
    if decision is not None and decision.kind == "chests" and (
            pending is None or pending["queue"][0] != decision.player):
        return f"{decision.player} places chests but none are handed out to them"
    if pending is not None and "chests" not in game.script:
        return (f"chests are handed out only at a turn end, by its chests step, which is not "
                f"in the script {list(game.script)}")
    return None


def _chests_counted(game: GameContext, data: TreasureSlice) -> str | None:
    every: Counter[str] = Counter(data["bag"])
    for room in data["rooms"]:
        every.update(room)
    every.update(data["pending"]["chests"] if data["pending"] else ())
    every.update(_COLOUR_OF[tile_from_list(t).kind] for t in data["chests"])
    if every != Counter(CHESTS):
        return (f"the chests are not the {_ALL} of the game ({dict(CHESTS)}), "
                f"got {dict(every)}")
    return None


def _chests_limit(chests: int, tiles: PlayerTiles, who: str) -> tuple[None, str] | None:
    """A building holds one chest at most (§M13): no more chests than buildings counted."""
    if chests <= tiles.building_count:
        return None
    return None, ngettext("{player} cannot have {n} chest: a building holds one chest at most, "
                          "and the sheet counts {buildings} for {player}.",
                          "{player} cannot have {n} chests: a building holds one chest at most, "
                          "and the sheet counts {buildings} for {player}.", chests).format(
        player=who, n=chests, buildings=ngettext("{n} building", "{n} buildings",
                                                 tiles.building_count).format(
                                                     n=tiles.building_count))


class Treasure(Module):
    """Treasure Chamber: three rooms of chests, bought, set on buildings, scored."""

    name = "treasure"
    option_decisions = frozenset({"act", "chests"})
    section = "M13"
    title = N_("Treasure Chamber")
    drawer = "alhambra_lib.draw.modules.treasure"  # its pieces, imported when drawn
    sheet = SheetModule(
        "treasure", N_("Chests"),  # RULES.md §M13.4
        (SheetInput("chests", N_("chests"),
                    N_("Chests on buildings in the Alhambra (not on the reserve board)."),
                    "number", maximum=sum(CHESTS.values()), limit=_chests_limit,
                    box_total=sum(CHESTS.values())),),
        terms=(("treasure", lambda entry: share_places(
            {name: entry["chests"][name] for name in entry.players},
            CHEST_POINTS[entry.round_no])),))
    decisions = {"act": {"buy_chests"}, "chests": {"place_chest"}}
    turn_end_steps = (("chests", "refill_display"),)
    score_terms = ("treasure",)
    term_ranks: ClassVar[dict] = {"treasure": 400}
    step_ranks: ClassVar[dict] = {"chests": 300}
    pushed_by: ClassVar[dict] = {"chests": ("chests",)}

    def __init__(self) -> None:
        self.actions = {"buy_chests": (self._check_buy_chests, self._do_buy_chests),
                        "place_chest": (self._check_place, self._do_place)}

    # -- state ----------------------------------------------------------------------

    def totals(self, config: GameConfig) -> dict[str, int]:
        return {"chest": sum(CHESTS.values())}

    slice_type = TreasureSlice
    slice_rules = (_one_chest_a_building, _chests_on_held_tiles, _pending_room_empty,
                   _chests_handed_out_now, _chests_counted)

    def new_slice(self, config: GameConfig) -> TreasureSlice:
        # bag and rooms: chest colours, sorted; chests: the tiles carrying one (a chest
        # sits on its tile wherever the tile goes, a base tile being unique); refill:
        # false once a room could not be refilled; pending: the chests bought this turn
        # while they are handed out, with the players still to receive them (the one
        # placing first).
        return {"bag": sorted((c for c, n in CHESTS.items() for _ in range(n)), key=_colour_key),
                "rooms": [[] for _ in range(ROOMS)], "chests": [], "refill": True,
                "pending": None}

    def setup(self, game: GameContext) -> None:
        state = game.slice(self.name)
        for i in range(ROOMS):
            state["rooms"][i] = _draw(game, state["bag"], ROOM_SIZE)
            game.event("chest_room", room=i + 1, chests=list(state["rooms"][i]))

    def census(self, game: GameContext) -> dict[str, int]:
        state = game.slice(self.name)
        pending = state["pending"]
        return {"chest": len(state["bag"]) + sum(map(len, state["rooms"])) + len(state["chests"])
                + (len(pending["chests"]) if pending else 0)}

    # -- where the chests are -----------------------------------------------------------

    def _carrying(self, game: GameContext) -> set[tuple[Any, ...]]:
        """The tiles (as tuples) that carry a chest, as printed (a chest stays on its
        building when City Walls sticks are laid on it, §M9)."""
        return {tuple(t) for t in game.slice(self.name)["chests"]}

    def chests_on_buildings(self, game: GameContext, name: str) -> dict[_Cell, str]:
        """``{cell: colour}`` of the chests on `name`'s buildings in the Alhambra."""
        carrying = self._carrying(game)
        return {cell: _COLOUR_OF[t.kind] for cell, t in sorted(game.alhambra(name).layout.items())
                if tuple(t.printed.to_list()) in carrying}

    def _free(self, game: GameContext, name: str, colour: str,
              carrying: set[tuple[Any, ...]]) -> list[_Cell]:
        """The cells of `name`'s buildings of `colour` without a chest, in cell order."""
        kind = COLOURS[colour]  # the kind first: only those cells are sorted
        return sorted(cell for cell, t in game.alhambra(name).layout.items()
                      if t.kind == kind and tuple(t.printed.to_list()) not in carrying)

    def _choices(self, game: GameContext, name: str) -> dict[str, list[_Cell]]:
        """``{colour: free cells}`` of the colours `name` must choose buildings for."""
        pending = game.slice(self.name)["pending"]
        carrying = self._carrying(game)
        choices: dict[str, list[_Cell]] = {}
        for colour, n in _by_colour(pending["chests"]):
            free = self._free(game, name, colour, carrying)
            if len(free) > n:
                choices[colour] = free
        return choices

    # -- actions ----------------------------------------------------------------------

    def options(self, game: GameContext, decision: Decision) -> list[Action] | tuple[Action, ...]:
        state = game.slice(self.name)
        if decision.kind == "act":
            rooms = [i + 1 for i, room in enumerate(state["rooms"]) if room]
            if not rooms or state["pending"] is not None:
                return []
            hand = game.hand(decision.player)
            return by_identity(_CHEST_BUYS, tuple(rooms), hand, lambda: _chest_buys(rooms, hand))
        if decision.kind == "chests":
            return [PlaceChest(cell) for cells in self._choices(game, decision.player).values()
                    for cell in cells]
        return []

    def _check_buy_chests(self, game: GameContext, action: BuyChests) -> None:
        state = game.slice(self.name)
        if not state["rooms"][action.room - 1]:
            game.refuse(action, f"room {action.room} holds no chest")
        pending = state["pending"]
        if pending is not None:  # never in a game played by the rules: never overwritten
            game.refuse(action, f"the chests of room {pending['room']} are still being "
                                f"handed out ({_colours_text(pending['chests'])})")
        verdict = check_payment(action.cards, CHEST_PRICE, None, "minimal", _SOURCES,
                                game.hand(acting_player(game)), item="the chests",
                                price_text=f"the {CHEST_PRICE} the chests cost")
        if not verdict.ok:
            game.refuse(action, verdict.message)

    def _do_buy_chests(self, game: GameContext, action: BuyChests) -> None:
        player = acting_player(game)
        state = game.slice(self.name)
        game.discard_cards(player, action.cards)
        chests = state["rooms"][action.room - 1]
        state["rooms"][action.room - 1] = []
        others = [p for p in game.seats_from_next() if p != player]
        state["pending"] = {"room": action.room, "chests": chests, "queue": [player] + others}
        game.event("buy_chests", player=player, room=action.room,
                   cards=[c.to_list() for c in action.cards], chests=list(chests))
        game.end_actions()  # no extra action, even for an exact payment

    def _check_place(self, game: GameContext, action: PlaceChest) -> None:
        player = acting_player(game)
        tile = game.alhambra(player).layout.get(action.pos)
        if tile is None or tile.kind not in _COLOUR_OF:
            game.refuse(action, f"there is no building at {action.pos}")
        colour = _COLOUR_OF[tile.kind]
        if tuple(tile.printed.to_list()) in self._carrying(game):
            game.refuse(action, f"the {tile} at {action.pos} has a chest already")
        if colour not in self._choices(game, player):
            game.refuse(action, f"no {colour} chest is to be placed by choice (waiting: "
                                f"{_colours_text(game.slice(self.name)['pending']['chests'])})")

    def _do_place(self, game: GameContext, action: PlaceChest) -> None:
        player = acting_player(game)
        self._put(game, player, action.pos, "place_chest")
        game.resume()

    def _put(self, game: GameContext, player: str, cell: _Cell, event: str) -> None:
        state = game.slice(self.name)
        tile = game.alhambra(player).layout[cell]
        colour = _COLOUR_OF[tile.kind]
        state["pending"]["chests"].remove(colour)
        # City Walls sticks may come later; the list stays in `TILE_ORDER` (a save's is
        # sorted when read): the new one goes in its place, no other key is computed
        insort(state["chests"], tile.printed.to_list(), key=TILE_ORDER.key)
        game.event(event, player=player, pos=list(cell), tile=tile.to_list(), colour=colour)

    # -- the turn end -------------------------------------------------------------------

    def step_chests(self, game: GameContext) -> bool:
        """Hand out the chests bought this turn (RULES.md §M13.3); True while a player
        chooses a building."""
        state = game.slice(self.name)
        pending = state["pending"]
        if pending is None:
            return False
        while pending["queue"]:
            player = pending["queue"][0]
            carrying = self._carrying(game)
            choosing = False  # a colour with more free buildings than chests
            for colour, n in _by_colour(pending["chests"]):
                free = self._free(game, player, colour, carrying)
                if len(free) <= n:  # no choice: every free building gets one
                    for cell in free:
                        self._put(game, player, cell, "chest_placed")
                else:  # as `_choices` finds it afterwards: a chest put on one colour
                    choosing = True  # leaves the other colours' buildings alone
            if choosing:
                game.push_decision("chests", player)
                return True
            pending["queue"].pop(0)
            if pending["chests"] and pending["queue"]:
                game.event("chests_passed", player=player, to=pending["queue"][0],
                           chests=list(pending["chests"]))
        if pending["chests"]:
            state["bag"].extend(pending["chests"])
            state["bag"].sort(key=_colour_key)
            game.event("chests_to_bag", chests=list(pending["chests"]))
        room = pending["room"]
        state["pending"] = None
        if state["refill"] and len(state["bag"]) >= ROOM_SIZE:
            state["rooms"][room - 1] = _draw(game, state["bag"], ROOM_SIZE)
            game.event("chest_room", room=room, chests=list(state["rooms"][room - 1]))
        elif state["refill"]:
            state["refill"] = False
            game.event("chest_rooms_closed", room=room, bag=len(state["bag"]))
        return False

    # -- scoring and view ---------------------------------------------------------------

    def chest_counts(self, game: GameContext) -> dict[str, int]:
        """``{player: chests on buildings in the Alhambra}``."""
        carrying = self._carrying(game)
        return {p: sum(1 for t in game.alhambra(p).layout.values()
                       if tuple(t.printed.to_list()) in carrying) for p in game.players}

    def score(self, game: GameContext, term: str, round_no: int) -> dict[str, int]:
        points = dict.fromkeys(game.scores, 0)  # every competitor; Dirk scores 0
        points.update(share_places(self.chest_counts(game), CHEST_POINTS[round_no]))
        return points

    def view(self, game: GameContext, name: str) -> dict[str, Any]:
        state = game.slice(self.name)
        carrying = self._carrying(game)
        pending = state["pending"]
        return {"rooms": tuple(tuple(r) for r in state["rooms"]),
                "bag": len(state["bag"]),
                "refill": state["refill"],
                "chests": {p: self.chests_on_buildings(game, p) for p in game.players},
                "reserve_chests": {p: tuple(t for t in game.reserve(p)
                                            if tuple(t.printed.to_list()) in carrying)
                                   for p in game.players},
                "handing_out": None if pending is None else {
                    "chests": tuple(pending["chests"]), "to": pending["queue"][0]
                    if pending["queue"] else None}}


def _paid(e: dict[str, Any]) -> str:
    return " + ".join(map(card_text, e["cards"]))


#: The module's events in words (registered with the module, `modules.register`).
Treasure.narration = {
    "chest_room": (("room", "chests"),
                   lambda e: _("treasure room {room} gets {chests}").format(
                       room=e["room"], chests=_colours_text(e["chests"]))),
    "buy_chests": (("player", "room", "cards", "chests"),
                   lambda e: told(e["player"],
                                  N_("{player} buys the chests of room {room} ({chests}) paying "
                                     "{paid}"),
                                  N_("You buy the chests of room {room} ({chests}) paying {paid}"),
                                  room=e["room"], chests=_colours_text(e["chests"]),
                                  paid=_paid(e))),
    "place_chest": (("player", "pos", "tile", "colour"),
                    lambda e: told(e["player"], N_("{player} puts a {colour} chest on {tile} at "
                                                   "{pos}"),
                                   N_("You put a {colour} chest on {tile} at {pos}"),
                                   colour=term(e["colour"]), tile=tile_text(e["tile"]),
                                   pos=tuple(e["pos"]))),
    "chest_placed": (("player", "pos", "tile", "colour"),
                     lambda e: told(e["player"], N_("a {colour} chest goes onto {player}'s {tile} "
                                                    "at {pos}"),
                                    N_("a {colour} chest goes onto your {tile} at {pos}"),
                                    colour=term(e["colour"]), tile=tile_text(e["tile"]),
                                    pos=tuple(e["pos"]))),
    "chests_passed": (("player", "to", "chests"),
                      lambda e: told(e["player"], N_("{player} passes {chests} to {to}"),
                                     N_("You pass {chests} to {to}"),
                                     chests=_colours_text(e["chests"]),
                                     to=player_text(e["to"]))),
    "chests_to_bag": (("chests",),
                      lambda e: _("nobody can place {chests}: back into the chest bag").format(
                          chests=_colours_text(e["chests"]))),
    "chest_rooms_closed": (("room", "bag"),
                           lambda e: ngettext(
                               "treasure room {room} stays empty: only {n} chest in the bag, "
                               "no room is refilled any more",
                               "treasure room {room} stays empty: only {n} chests in the bag, "
                               "no room is refilled any more", e["bag"]).format(
                                   room=e["room"], n=e["bag"])),
}
