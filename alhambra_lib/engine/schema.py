"""The saved state of a `Game`, declared once: save key, attribute, codec.

`STATE_FIELDS` lists every field a save holds besides its header (format, version,
players, options, modules): the key it is saved under, the `Game` attribute it is read
from, the `Codec` that writes it as JSON and reads it back (checking its shape and its
own values), the stage of the load it is read in, and, for a field only some saves hold,
the part of an Alhambra it saves (held when a module in play declares that part, e.g.
the gates of §M5). `persist.game_state` writes a game by walking the table; `persist.load_game` reads a save by walking it stage by stage, with the checks
that span several fields (the components counted, the decisions against the script,
the scores against the events) run by name between the stages, reading the decoded
values by their save keys.

A field with a declared type (`StateField.spec`: the flags, the turn, the rounds, the
end reason) is read by the library's one validating codec, `slices.decode`; the others
by hand, as their values become objects (tiles, cards, decisions, a generator) or are
checked against the game's wiring (the turn-end steps, the decision kinds).
A codec's ``decode`` gets a `Reader` (the loader: where it is, how it refuses) and the
game being restored (its wiring and public accessors: the players, the modules); it
refuses bad data with `Reader.fail`, which raises `InvalidSave` naming `Reader.where`.

Examples
--------
>>> [f.key for f in STATE_FIELDS if f.stage == "piles"][:3]
['bag', 'market', 'draw_pile']
>>> FIELDS["turn_player"].attr, FIELDS["gates"].part
('_current', 'gates')
>>> from alhambra_lib.slices import describe
>>> describe(FIELDS["rounds_scored"].spec)
'a list of (a round (from 1 to 3))'
>>> from alhambra_lib import Game
>>> FIELDS["bag"].codec.encode(Game(["Ana", "Ben"], seed=1), [])
[]
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Literal, NoReturn, Protocol, TypeVar

from ..actions import DIRK, card_from_list, tile_from_list, tile_order
from ..components import FOUNTAIN, AnyCard, ScoringCard, Tile
from ..errors import brief
from ..grid import check_cell
from ..slices import DISTINCT, Range, decode
from .config import END_TRIGGERS, ROUNDS
from .context import module_context
from .decisions import Decision
from .game import DISPLAY_SIZE, MARKET_SIZE, hand_order

if TYPE_CHECKING:
    from ..alhambra import Alhambra
    from .game import Game

__all__ = ["Reader", "Codec", "StateField", "STATE_FIELDS", "FIELDS", "STAGES", "UNSAVED",
           "typed"]

T = TypeVar("T")
#: A cell, and an Alhambra's tiles by cell, as a save lists them.
Cell = tuple[int, int]
Layout = dict[Cell, Tile]

#: The components a display card can be (RULES.md §5.2, §M2, §M6, §M14), a discarded one
#: (a second gate card drawn goes to the discards, §M5) and one in a hand (a coin, §M11).
#: A wall card never leaves the market's side but to be spent (§M9).
DISPLAYED = frozenset({"money", "exchange_card", "diamond", "master_builder"})
DISCARDED = DISPLAYED | {"gate_card"}
HELD = DISCARDED | {"coin"}


class Reader(Protocol):
    """What a codec reads a save with: where it is, and how it refuses."""

    where: str

    def fail(self, message: str) -> NoReturn:
        """Raise `InvalidSave` with `message` at `where`."""

    def expect(self, value: Any, kind: type[T], what: str) -> T:
        """`value` when it is a `kind` (a bool is no int), else refuse it."""

    def decode(self, decoder: Callable[[Any], T], value: Any, what: str) -> T:
        """``decoder(value)``, its TypeError or ValueError a refusal."""


@dataclass(frozen=True)
class Codec:
    """How a field is written as JSON (``encode(game, value)``) and read back, checked
    (``decode(reader, game, data)``). ``assign`` false: the value read is not the
    attribute's (an Alhambra is built from its layout and gates by a named step)."""

    encode: Callable[[Game, Any], Any]
    decode: Callable[[Reader, Game, Any], Any]
    assign: bool = True
    #: The declared type the value is read against (`slices.decode`), if it has one.
    spec: Any = None


def typed(spec: Any, encode: Callable[[Game, Any], Any] | None = None) -> Codec:
    """The codec of a value of the declared type `spec`, read by the library's one
    validating codec (`slices.decode`, the players' names for `slices.PLAYER`); written
    as it is (a copy of a list or a dict) unless `encode` says otherwise."""
    def read(r: Reader, g: Game, data: Any) -> Any:
        return decode(spec, data, r.where, g.players)
    return Codec(encode or _copied, read, spec=spec)


@dataclass(frozen=True)
class StateField:
    """One field of a save: its key, the `Game` attribute, its codec, the load stage
    that reads it, and the part of an Alhambra it saves when the modules in play declare
    that part (`Module.alhambra_parts`, e.g. ``"gates"``; None: every save holds it)."""

    key: str
    attr: str
    codec: Codec
    stage: str
    part: str | None = None

    @property
    def spec(self) -> Any:
        """The field's declared type, or None when its codec reads it by hand (tiles
        and cards become objects, an Alhambra is built, a generator set)."""
        return self.codec.spec


# -- reading helpers ----------------------------------------------------------------

def _tiles(r: Reader, data: Any, what: str) -> list[Tile]:
    return [r.decode(tile_from_list, t, what) for t in r.expect(data, list, what)]


def _cards(r: Reader, data: Any, what: str) -> list[AnyCard]:
    return [r.decode(card_from_list, c, what) for c in r.expect(data, list, what)]


def _only(r: Reader, cards: Iterable[AnyCard], components: frozenset[str], what: str) -> None:
    """Refuse a card that never lies there (a wall card on the display, §M9)."""
    stray = next((c for c in cards if c.component not in components), None)
    if stray is not None:
        r.fail(f"{what} never holds a {stray.component.replace('_', ' ')} "
               f"({stray}): only {', '.join(sorted(components))}")


def _per_player(r: Reader, game: Game, data: Any, key: str) -> dict[str, Any]:
    value = r.expect(data, dict, key)
    if set(value) != set(game.players):
        r.fail(f"one entry per player {list(game.players)}, got {sorted(map(str, value))}")
    return value


# -- the codecs -----------------------------------------------------------------------

def _tile_list(g: Game, tiles: list[Tile]) -> list[list[Any]]:
    return [t.to_list() for t in tiles]


def _card_list(g: Game, cards: list[AnyCard]) -> list[list[Any]]:
    return [c.to_list() for c in cards]


def _copied(g: Game, value: Any) -> Any:
    """A list or a dict copied (the save is not the live state); a scalar as it is."""
    return value.copy() if isinstance(value, (list, dict)) else value


def _sorted_tiles(r: Reader, g: Game, data: Any) -> list[Tile]:
    return sorted(_tiles(r, data, r.where), key=tile_order)  # a bag has no order


def _read_market(r: Reader, g: Game, data: Any) -> list[Tile | None]:
    market = r.expect(data, list, "market")
    if len(market) != MARKET_SIZE:
        r.fail(f"the market has {MARKET_SIZE} squares, got {len(market)}")
    return [None if t is None else r.decode(tile_from_list, t, "market") for t in market]


def _pile_json(card: AnyCard) -> list[Any]:
    if isinstance(card, ScoringCard):
        return ["scoring", card.round_no]
    return card.to_list()  # a module's pile card too (`Module.pile_card_tags`)


def _pile_card(r: Reader, data: Any) -> AnyCard:
    """A card of the draw pile: a card a player can hold, or one only the pile holds
    (a scoring card, a module's card only the pile holds)."""
    if isinstance(data, list) and len(data) == 2 and data[0] == "scoring":
        if data[1] not in (1, 2) or isinstance(data[1], bool):
            r.fail(f"a scoring card is round 1 or 2, got {brief(data)}")
        return ScoringCard(data[1])
    tagged = (_pile_tags().get(data[0]) if isinstance(data, list) and data
              and isinstance(data[0], str) else None)
    if tagged is not None and len(data) == tagged[0] + 1:
        return r.decode(lambda fields: tagged[1](*fields), data[1:], "draw_pile")
    return r.decode(card_from_list, data, "draw_pile")


def _pile_tags() -> dict[str, tuple[int, Callable[..., Any]]]:
    """``{tag: (fields, decoder)}`` of the cards only a draw pile holds
    (`Module.pile_card_tags`: a character card of §M7)."""
    from ..modules import MODULES

    return {tag: entry for m in MODULES.values() for tag, entry in m.pile_card_tags.items()}


def alhambra_parts(modules: Iterable[Any]) -> frozenset[str]:
    """What the Alhambras may hold beyond the base game with these modules (instances or
    classes; `Module.alhambra_parts`: ``"gates"``, ``"sticks"``)."""
    return frozenset().union(*(m.alhambra_parts for m in modules))


def _cards_of(components: frozenset[str], what: str,
              most: int | None = None) -> Callable[[Reader, Game, Any], list[AnyCard]]:
    """A decoder of a card list holding only `components`, at most `most` cards."""
    def read(r: Reader, g: Game, data: Any) -> list[AnyCard]:
        cards = _cards(r, data, r.where)
        _only(r, cards, components, what)
        if most is not None and len(cards) > most:
            r.fail(f"the display holds at most {most} cards, got {len(cards)}")
        return cards
    return read


def _read_dirk_tiles(r: Reader, g: Game, data: Any) -> list[Tile]:
    tiles = _tiles(r, data, "dirk_tiles")
    if tiles and DIRK not in g.competitors:
        r.fail(f"{DIRK} only plays in a two-player game")
    return tiles


def _each_player(key: str, what: str, read_one: Callable[[Reader, Game, Any], T]
                 ) -> Callable[[Reader, Game, Any], dict[str, T]]:
    """A decoder of ``{player: value}``, an entry per player, each read by `read_one`
    at ``"<player>'s <what>"``."""
    def read(r: Reader, g: Game, data: Any) -> dict[str, T]:
        entries = _per_player(r, g, data, key)
        values = {}
        for p in g.players:
            r.where = f"{p}'s {what}"
            values[p] = read_one(r, g, entries[p])
        return values
    return read


def _read_hand(r: Reader, g: Game, data: Any) -> list[AnyCard]:
    hand = sorted(_cards(r, data, r.where), key=hand_order)
    _only(r, hand, HELD, r.where)
    return hand


def _read_reserve(r: Reader, g: Game, data: Any) -> list[Tile]:
    return sorted(_tiles(r, data, r.where), key=tile_order)


def _layouts_json(g: Game, alhambras: Mapping[str, Alhambra]) -> dict[str, list[list[Any]]]:
    return {p: [[x, y, *t.to_list()] for (x, y), t in sorted(a.layout.items())]
            for p, a in alhambras.items()}


def _read_layout(r: Reader, g: Game, data: Any) -> Layout:
    """A player's layout; the Alhambras are built once the tiles are counted."""
    layout: Layout = {}
    for entry in r.expect(data, list, r.where):
        if not isinstance(entry, list) or len(entry) < 5:
            r.fail(f"cells are [x, y, kind, price, walls, *marks], got {brief(entry)}")
        cell = r.decode(check_cell, entry[:2], "a cell")
        if cell in layout:
            r.fail(f"two tiles on {cell}")
        layout[cell] = r.decode(tile_from_list, entry[2:], "a tile")
    if layout.get((0, 0)) != FOUNTAIN:
        r.fail("the fountain belongs at (0, 0)")
    return layout


def _gates_json(g: Game, alhambras: Mapping[str, Alhambra]) -> dict[str, list[list[Any]]]:
    """A gate belongs to its Alhambra (§M5), so saves without the module keep their form."""
    return {p: [[list(a), list(b)] for a, b in sorted(alhambra.gates())]
            for p, alhambra in alhambras.items()}


def _read_gates(r: Reader, g: Game, data: Any) -> list[tuple[Cell, ...]]:
    """A player's gates, ``[(cell, cell), ...]`` (§M5)."""
    entries = r.expect(data, list, r.where)
    if len(entries) > len(g.players) * 6:
        r.fail(f"more gates than the game has gate cards: {len(entries)}")
    for entry in entries:
        if not (isinstance(entry, list) and len(entry) == 2):
            r.fail(f"a gate is [[x, y], [x, y]], got {brief(entry)}")
    return [tuple(r.decode(check_cell, c, "a gate's cell") for c in entry) for entry in entries]


def _awaiting_json(g: Game, awaiting: list[list[Any]]) -> list[list[Any]]:
    return [[p, [t.to_list() for t in tiles]] for p, tiles in awaiting]


def _read_awaiting(r: Reader, g: Game, data: Any) -> list[list[Any]]:
    read: list[list[Any]] = []
    for entry in r.expect(data, list, "awaiting"):
        if not (isinstance(entry, list) and len(entry) == 2 and entry[0] in g.players):
            r.fail(f"awaiting lists [player, tiles], got {brief(entry)}")
        tiles = _tiles(r, entry[1], "awaiting")
        if not tiles:
            r.fail(f"{entry[0]} awaits no tiles: a recipient receives at least one")
        read.append([entry[0], tiles])
    return read


def _seat_json(g: Game, seat: int) -> str:
    return g.players[seat]


def _read_seat(r: Reader, g: Game, data: Any) -> int:
    if data not in g.players:
        who = "the start player " if r.where == "start_player" else ""
        r.fail(f"{who}{brief(data)} is not a player")
    return g.players.index(data)


def _decisions_json(g: Game, decisions: list[Decision]) -> list[dict[str, Any]]:
    return [d.to_dict() for d in decisions]


def _decision_data_ok(g: Game, kind: str, data: dict[str, Any]) -> bool:
    """Whether `data` is what a decision of `kind` may carry: nothing, ``give`` for a
    placing in a two-player game, the round of the scoring a Wise Man's type is for."""
    if not data:
        return True
    if data == {"give": True}:
        return kind == "place" and DIRK in g.competitors
    return (kind == "wise_man" and set(data) == {"round"} and type(data["round"]) is int
            and data["round"] in ROUNDS)


def _read_decisions(r: Reader, g: Game, data: Any) -> list[Decision]:
    entries = r.expect(data, list, "decisions")
    if len(entries) > 4:
        r.fail(f"at most a few decisions are pending at once, got {len(entries)}")
    decisions = []
    for entry in entries:
        if not (isinstance(entry, dict) and entry.get("kind") in g._allowed
                and entry.get("player") in g.players):
            r.fail(f"a decision is {{kind, player, ...}} of a known kind and player, "
                   f"got {brief(entry)}")
        extra = {k: v for k, v in entry.items() if k not in ("kind", "player")}
        if not _decision_data_ok(g, entry["kind"], extra):
            r.fail(f"unknown data {brief(extra)} in a {entry['kind']} decision")
        decisions.append(Decision.make(entry["kind"], entry["player"], extra))
    return decisions


def _read_script(r: Reader, g: Game, data: Any) -> list[str]:
    script = r.expect(data, list, "script")
    for name in script:
        if name not in g._steps:
            r.fail(f"unknown turn-end step {brief(name)}")
    return list(script)


def _read_scores(r: Reader, g: Game, data: Any) -> dict[str, int]:
    scores = r.expect(data, dict, "scores")
    if set(scores) != set(g.competitors):
        r.fail(f"one entry per competitor {list(g.competitors)}")
    return {p: r.expect(scores[p], int, f"{p}'s score") for p in g.competitors}


def _slices_json(g: Game, slices: dict[str, Any]) -> dict[str, Any]:
    return dict(slices)


def _read_slices(r: Reader, g: Game, data: Any) -> dict[str, Any]:
    """Each module's slice, read by its own validating codec (`slices.decode`)."""
    slices = r.expect(data, dict, "modules_state")
    if set(slices) != set(g.modules):
        r.fail(f"one entry per module {list(g.modules)}, got {sorted(map(str, slices))}")
    read = {}
    for module in g._modules:
        r.where = f"modules_state.{module.name}"
        read[module.name] = module.load_slice(module_context(g), slices[module.name])
    return read


def _rng_json(g: Game, rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def _read_rng(r: Reader, g: Game | None, data: Any) -> random.Random:
    if not (isinstance(data, list) and len(data) == 3 and isinstance(data[1], list)
            and len(data[1]) == 625 and all(type(x) is int for x in data[1])):
        r.fail("rng should be [version, [625 integers], gauss_next]")
    rng = random.Random()
    try:
        rng.setstate((data[0], tuple(data[1]), data[2]))
    except (TypeError, ValueError, OverflowError) as error:
        r.fail(f"rng state refused: {error}")
    return rng


def _events_json(g: Game, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return g.events


def _read_events(r: Reader, g: Game, data: Any) -> list[Any]:
    """The list; each event is checked by `persist` (fields, narration, scores)."""
    return r.expect(data, list, "events")


_TILES = Codec(_tile_list, _sorted_tiles)
def _rounds(last: int) -> Any:
    """Distinct rounds among 1 to `last`."""
    return Annotated[list[Annotated[int, Range(1, last), "a round"]], DISTINCT]


_ROUNDS_1_2 = typed(_rounds(2))
_SEAT = Codec(_seat_json, _read_seat)
_BOOL = typed(bool)

#: The saved state, in the order a load reads it (stage by stage, `STAGES`).
STATE_FIELDS: tuple[StateField, ...] = (
    StateField("rng", "_rng", Codec(_rng_json, _read_rng), "rng"),
    # The components outside the modules' slices: counted before any Alhambra is built.
    StateField("bag", "_bag", _TILES, "piles"),
    StateField("market", "_market",
               Codec(lambda g, m: [None if t is None else t.to_list() for t in m],
                     _read_market), "piles"),
    StateField("draw_pile", "_draw",  # saved top card first; the top is the list's last
               Codec(lambda g, d: [_pile_json(c) for c in reversed(d)],
                     lambda r, g, data: [_pile_card(r, c) for c in reversed(
                         r.expect(data, list, "draw_pile"))]), "piles"),
    StateField("discard", "_discard",
               Codec(_card_list, _cards_of(DISCARDED, "the discard pile")), "piles"),
    StateField("display", "_display",
               Codec(_card_list, _cards_of(DISPLAYED, "the display", DISPLAY_SIZE)), "piles"),
    StateField("scoring_cards_revealed", "_revealed", _ROUNDS_1_2, "piles"),
    StateField("dirk_tiles", "_dirk_tiles", Codec(_tile_list, _read_dirk_tiles), "piles"),
    StateField("hands", "_hands",
               Codec(lambda g, h: {p: [c.to_list() for c in cs] for p, cs in h.items()},
                     _each_player("hands", "hand", _read_hand)), "piles"),
    StateField("reserves", "_reserves",
               Codec(lambda g, rs: {p: [t.to_list() for t in ts] for p, ts in rs.items()},
                     _each_player("reserves", "reserve", _read_reserve)),
               "piles"),
    StateField("alhambras", "_alhambras", Codec(_layouts_json, _each_player(
        "alhambras", "Alhambra", _read_layout), False), "piles"),
    StateField("to_place", "_to_place", Codec(_tile_list, lambda r, g, d: _tiles(
        r, d, "to_place")), "piles"),
    StateField("awaiting", "_awaiting", Codec(_awaiting_json, _read_awaiting), "piles"),
    # The gates of the Alhambras (§M5): with the Alhambras, once the tiles are counted.
    StateField("gates", "_alhambras", Codec(_gates_json, _each_player(
        "gates", "gates", _read_gates), False), "alhambras",
               part="gates"),
    # Where the game stands.
    StateField("start_player", "_start", _SEAT, "progress"),
    StateField("turn_player", "_current", _SEAT, "progress"),
    # Turn 0 only before the first turn: checked with the script (`persist`).
    StateField("turn", "_turn", typed(Annotated[int, Range(0), "a turn"]), "progress"),
    StateField("may_continue", "_may_continue", _BOOL, "progress"),
    StateField("market_short", "_market_short", _BOOL, "progress"),
    StateField("rounds_scored", "_scored", typed(_rounds(max(ROUNDS))), "progress"),
    StateField("pending_rounds", "_pending_rounds", _ROUNDS_1_2, "progress"),
    StateField("end_reason", "_end_reason", typed(Literal[END_TRIGGERS] | None), "progress"),
    StateField("decisions", "_decisions", Codec(_decisions_json, _read_decisions), "progress"),
    StateField("script", "_script", Codec(_copied, _read_script), "progress"),
    StateField("scores", "_scores", Codec(_copied, _read_scores), "scores"),
    StateField("modules_state", "_slices", Codec(_slices_json, _read_slices), "slices"),
    StateField("events", "_events", Codec(_events_json, _read_events), "events"),
)

#: The state attributes of a `Game` (what it pickles) that are no field of their own:
#: the config, its players and whether Dirk plays (the save's header: players, options,
#: modules), the length of the shared event log (the events saved), the state's version
#: number and the money piles' sizes while the setup builds them.
UNSAVED = frozenset({"_config", "_players", "_dirk", "_n_events", "_version", "_pile_sizes"})

#: The fields by save key.
FIELDS: dict[str, StateField] = {f.key: f for f in STATE_FIELDS}
#: The load's stages, in order.
STAGES = tuple(dict.fromkeys(f.stage for f in STATE_FIELDS))
