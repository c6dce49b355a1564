"""The simulator: the compiled core's Python face, and the protocol both engines share.

The Python engine (`Game`) is the reference of the rules; `core/` is a Rust crate,
built by maturin into the extension module ``alhambra_core``, that plays the same base
game (2-6 players, and Dirk's two-player variant; of the Mega Box modules, Vizier's
Favour, Currency Exchange, Bonus Cards, Squares, City Gates, Diamonds, Camps, Thieves,
City Walls, Change, Treasure Chamber, Master Builders, Invaders and Bazaars so far) move for move: the same generator and
draws, the same legal actions in the same canonical order, the same events and saves.
It is optional: without a compiler everything works on the Python engine.

* `SimulatorProtocol`: what bots, searches and studies need of a game: the player to
  decide, the legal actions, apply, copy, whether it is over, the scores. `Game` and
  `Simulator` both satisfy it.
* `Simulator`: a game in the core. `Simulator.from_game` takes any position of a base
  or Dirk game, mid-turn included; `to_game` gives the Python `Game` of the same state,
  with its record, to save, replay or narrate; `playouts` plays whole random games
  inside the core with the GIL released. For the search: `strategic_ranked` ranks the
  legal actions as `StrategicBot.ranked` does (`strategic_features` says why) and
  `roll_out` plays on with a strategic bot per player as the search's rollouts do, with
  any modules; `evaluate` projects the final scores as `bots.search.evaluate` does (base
  game and Dirk).
* `core_info`: which engine is in use and why. ``ALHAMBRA_CORE`` chooses: ``auto``
  (the default: the core when it is built and current, else the Python engine, said
  once with a `CoreUnavailableWarning`), ``native`` (the core or an `Unsupported` error)
  or ``python``.
* `simulator`: the fastest simulator of a game in the engine chosen.

Examples
--------
>>> from alhambra_lib import Game
>>> game = Game(["Ana", "Ben", "Cy"], seed=7)
>>> isinstance(game, SimulatorProtocol)
True
>>> core_info()["engine"] in ("native", "python")
True
"""

from __future__ import annotations

import os
import random
import warnings
from dataclasses import fields
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from .actions import (DIRK, Action, Buy, Decline, End, Give, Place, Redesign, Reserve, Take,
                      tile_order)
from .components import (
    BUILDING_TILES,
    CURRENCIES,
    EXCHANGE_CARDS,
    Card,
    Coin,
    KINDS,
    DiamondCard,
    ExchangeCard,
    GateCard,
    MasterBuilderCard,
    Tile,
    WallCard,
    tile_set,
)
from .errors import IllegalAction, InvalidInput, Unsupported, brief
from .modules.bazaars import BuyBazaar
from .modules.characters import Bid, ChooseWiseMan, SwapCard
from .modules.city_walls import BuildWall
from .modules.treasure import BuyChests, PlaceChest
from .modules.master_builders import PlayMasterBuilder
from .modules.squares import TakeHut
from .modules.street_merchant import (
    KeepCitizens,
    PlaceMerchant,
    SetMerchant,
    SwapCitizen,
    TakeCitizen,
)
from .modules.thieves import Steal
from .modules.vizier import VizierBuy, Wake

if TYPE_CHECKING:
    import numpy as np

    from .alhambra import Alhambra
    from .bots.strategic import Weights
    from .engine import Game
    from .engine.view import GameView

__all__ = ["SimulatorProtocol", "Simulator", "core_info", "simulator", "CoreUnavailableWarning",
           "PROTOCOL", "ENGINES", "core_legal_cells", "core_legal_cells_seconds", "core_modules",
           "core_search", "core_searches", "core_gaps"]

#: The version of the crossing this library speaks; a core built for another is refused.
PROTOCOL = 8
#: The values of ``ALHAMBRA_CORE``.
ENGINES = ("auto", "native", "python")
_CORE_DIR = Path(__file__).resolve().parent.parent / "core"


class CoreUnavailableWarning(UserWarning):
    """The compiled core is not in use (missing, stale or turned off): the Python engine
    plays every game. Said once per process."""


@runtime_checkable
class SimulatorProtocol(Protocol):
    """What a game engine offers a bot, a search or a study (OpenSpiel's small protocol)."""

    @property
    def current_player(self) -> str | None: ...  # None once the game is over

    @property
    def is_over(self) -> bool: ...

    @property
    def scores(self) -> dict[str, int]: ...  # Dirk included, as on `Game`

    def legal_actions(self) -> list[Action]: ...

    def apply(self, action: Action) -> None: ...

    def copy(self) -> SimulatorProtocol: ...


# -- finding the core ---------------------------------------------------------------------


def _source_hash(root: Path) -> str | None:
    """The fingerprint `core/build.rs` records, of the sources in `root`; None without them."""
    sources = sorted((root / "src").rglob("*.rs"),
                     key=lambda path: path.relative_to(root).as_posix())
    if not sources or not (root / "Cargo.toml").is_file():
        return None
    value = 0xCBF29CE484222325
    for path in [root / "Cargo.toml", *sources]:
        name = path.relative_to(root).as_posix().encode()
        for byte in name + b"\0" + path.read_bytes() + b"\0":
            value = ((value ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{value:016x}"


@lru_cache(maxsize=1)
def _load() -> tuple[ModuleType | None, dict[str, Any]]:
    """The core module and the facts of `core_info`, found once per process."""
    choice = os.environ.get("ALHAMBRA_CORE", "auto").strip().lower() or "auto"
    if choice not in ENGINES:
        raise Unsupported(f"ALHAMBRA_CORE is one of {', '.join(ENGINES)}, got {brief(choice)}")
    info: dict[str, Any] = {"engine": "python", "choice": choice, "protocol": PROTOCOL}
    if choice == "python":
        info["reason"] = "ALHAMBRA_CORE=python chooses the Python engine"
        return None, info
    module, why = _import_core()
    if module is None:
        if choice == "native":
            raise Unsupported(f"ALHAMBRA_CORE=native, but {why}")
        info["reason"] = f"{why}; the Python engine plays every game"
        warnings.warn(f"alhambra_lib: no compiled core ({why}); the Python engine plays "
                      "every game", CoreUnavailableWarning, stacklevel=3)
        return None, info
    info.update(engine="native", module=getattr(module, "__file__", None),
                reason="the compiled core alhambra_core is built and current")
    return module, info


def _import_core() -> tuple[ModuleType | None, str]:
    """``(module, "")``, or ``(None, why not)``."""
    try:
        import alhambra_core as module
    except ImportError as error:
        return None, f"alhambra_core is not built ({error}; `make lab` or `make test` builds it)"
    if getattr(module, "PROTOCOL", None) != PROTOCOL:
        return None, (f"alhambra_core speaks protocol {getattr(module, 'PROTOCOL', None)}, "
                      f"this library {PROTOCOL}: rebuild it (`make test`)")
    expected = _source_hash(_CORE_DIR)
    if expected is not None and getattr(module, "SOURCE_HASH", None) != expected:
        return None, "alhambra_core was built from older sources than core/: rebuild it (`make test`)"
    table = [(t.kind, t.price, t.wall_sides, "".join(t.marks)) for t in _TILES]
    if [tuple(row) for row in module.tile_table()] != table:
        return None, "alhambra_core numbers the tiles otherwise than alhambra_lib: rebuild it"
    return module, ""


def core_info() -> dict[str, Any]:
    """Which engine plays: ``{"engine": "native" | "python", "reason": ...}``, with the
    choice of ``ALHAMBRA_CORE``, the protocol and, for the core, its file.

    Raises
    ------
    Unsupported
        ``ALHAMBRA_CORE=native`` and the core is missing or stale, or an unknown choice.
    """
    return dict(_load()[1])


def _core() -> ModuleType:
    module, info = _load()
    if module is None:
        raise Unsupported(f"the compiled core is not in use: {info['reason']}")
    return module


# -- actions across the crossing ----------------------------------------------------------

#: The tiles as the core numbers them: the 54 buildings, then the 24 huts, the 8 camps and
#: the 8 bazaars, in `tile_order`.
_TILES: tuple[Tile, ...] = (*sorted(BUILDING_TILES, key=tile_order),
                            *sorted(tile_set("huts").tiles, key=tile_order),
                            *sorted(tile_set("camps").tiles, key=tile_order),
                            *sorted(tile_set("bazaars").tiles, key=tile_order))
_TILE_IDS: dict[Tile, int] = {tile: i for i, tile in enumerate(_TILES)}
#: The cards as the core numbers them: money 0-35 (currency, then value), the exchange
#: cards 38-43 in the order of `EXCHANGE_CARDS` (36 and 37 are the scoring cards), the
#: diamonds 44-52 by value, the coins 53-56 by currency, the gate card 57, the master
#: builders 58-61 by currency, the wall cards 62-69 in card order.
_CARD_BY_ID: dict[int, Any] = {
    **{i: card for i, card in enumerate(Card(c, v) for c in CURRENCIES for v in range(1, 10))},
    **{38 + i: card for i, card in enumerate(EXCHANGE_CARDS)},
    **{43 + v: DiamondCard(v) for v in range(1, 10)},
    **{53 + i: Coin(c) for i, c in enumerate(CURRENCIES)},
    57: GateCard(),
    **{58 + i: MasterBuilderCard(c) for i, c in enumerate(CURRENCIES)},
    **{62 + i: WallCard(s) for i, s in enumerate(("N", "E", "S", "W", "NE", "NW", "ES", "SW"))}}
#: `Buy`'s source in a code (bits 49-51) for a payment in diamonds alone.
_PAID_IN_DIAMONDS = 7
_CARD_IDS: dict[Any, int] = {card: i for i, card in _CARD_BY_ID.items()}
_NO_TILE = 255
_MOVES = ("place", "remove", "exchange")
#: code -> action, and back: actions recur turn after turn.
_ACTIONS: dict[int, Action] = {}
_CODES: dict[Action, int] = {}
_KEPT = 1 << 16


def _action_code(action: Action, refusal: str) -> int:
    """The core's code of `action`; `IllegalAction` saying `refusal` when the core has no
    such action, `InvalidInput` for no action of a kind."""
    if not isinstance(action, Action) or not hasattr(action, "kind"):
        raise InvalidInput(f"expected an action of a kind (one of legal_actions()), got "
                           f"{type(action).__name__}: {brief(action)}")
    code = _encode(action)
    if code is None:
        raise IllegalAction(refusal)
    return code


def _decode(code: int) -> Action:
    """The `Action` of a core action code (`core/src/codes.rs`)."""
    action = _ACTIONS.get(code)
    if action is None:
        action = _build(code)
        if len(_ACTIONS) >= _KEPT:
            _ACTIONS.clear()
        _ACTIONS[code] = action
    return action


def _xy(code: int, shift: int) -> tuple[int, int]:
    return ((code >> shift & 0xFF) - 128, (code >> shift + 8 & 0xFF) - 128)


def _held(tile_id: int, sticks: int) -> Tile:
    """The tile of a code, with the City Walls sticks (§M9) the code gives it."""
    tile = _TILES[tile_id]
    return tile.with_sticks(_SIDES[i] for i in range(4) if sticks >> i & 1) if sticks else tile


def _build(code: int) -> Action:
    kind = code & 7
    if kind == 0:
        return Take(tuple(_CARD_BY_ID[code >> 6 + 6 * i & 63] for i in range(code >> 3 & 7)))
    if kind == 1:
        return _build_buy(code)
    if kind == 2:
        return End()
    if kind == 3:
        return Place(_held(code >> 3 & 0xFF, code >> 30 & 15), _xy(code, 11), _gate(code >> 27))
    if kind in (4, 5):
        tile = _held(code >> 3 & 0xFF, code >> 11 & 15)
        return Reserve(tile) if kind == 4 else Give(tile)
    if kind == 7:  # a module's action, by its number in bits 3-7
        return _MODULE_ACTIONS[code >> 3 & 31](code >> 8)
    move, tile_id = _MOVES[code >> 3 & 3], code >> 5 & 0xFF
    return Redesign(move, None if tile_id == _NO_TILE else _held(tile_id, code >> 32 & 15),
                    _xy(code, 13), _gate(code >> 29))


def _build_wall(fields: int) -> BuildWall:
    """A wall's code from bit 8: the card, the tile, whether on the Alhambra and where,
    the tile's sticks (§M9)."""
    card = _CARD_BY_ID[fields & 127]
    tile = _held(fields >> 7 & 0xFF, fields >> 32 & 15)
    cell = _xy(fields, 16) if fields >> 15 & 1 else None
    return BuildWall(card, card.sides, tile, cell)


#: A gate's side in a code's 3-bit field: 0 for none, else 1 + its index in N, E, S, W.
_SIDES = "NESW"


def _gate(field: int) -> str | None:
    return _SIDES[(field & 7) - 1] if field & 7 else None


def _gate_field(gate: str | None) -> int:
    return 0 if gate is None else _SIDES.index(gate) + 1


#: The modules' actions by their number in a code, built from the code's bits 8 on.
_MODULE_ACTIONS: dict[int, Callable[[int], Action]] = {
    0: lambda fields: TakeHut(KINDS[fields]),
    1: lambda fields: Wake(),
    2: lambda fields: Decline(),
    3: lambda fields: Steal(_CARD_BY_ID[fields]),
    4: lambda fields: PlayMasterBuilder(_CARD_BY_ID[fields]),
    5: _build_wall,
    6: lambda fields: _build_bid(fields),
    7: lambda fields: ChooseWiseMan(KINDS[fields & 7]),
    8: lambda fields: SwapCard(_CARD_BY_ID[fields]),
    9: lambda fields: BuyChests(fields & 3, tuple(
        _CARD_BY_ID[fields >> 6 + 7 * i & 127] for i in range(fields >> 2 & 15))),
    10: lambda fields: PlaceChest(_xy(fields, 0)),
    # Street Merchant (§M12): the colours as KINDS indices, cells as x + 128, y + 128
    24: lambda fields: SetMerchant(tuple(k for i, k in enumerate(KINDS) if fields >> i & 1),
                                   _xy(fields, 6)),
    25: lambda fields: TakeCitizen(KINDS[fields & 7]),
    26: lambda fields: SwapCitizen((KINDS[fields & 7], KINDS[fields >> 3 & 7])),
    27: lambda fields: KeepCitizens(),
    28: lambda fields: PlaceMerchant(_xy(fields, 0)),
}
#: A bid's currency in its code (§M7): the four in market order, then diamonds.
_BID_CURRENCIES = (*CURRENCIES, "diamond")


def _build_bid(fields: int) -> Bid:
    """A bid's code from bit 8 (§M7): its currency, its cards of each value (two bits a
    value), its coins and master builders (three bits each)."""
    currency = _BID_CURRENCIES[fields & 7]
    counts = fields >> 3 & 0x3FFFF
    if currency == "diamond":
        return Bid(tuple(DiamondCard(c.value) for c in _counted("denar", counts)))
    return Bid((*_counted(currency, counts), *[Coin(currency)] * (fields >> 21 & 7),
                *[MasterBuilderCard(currency)] * (fields >> 24 & 7)))


def _encoded_bid(action: Bid) -> int | None:
    """The code of a bid (`_build_bid`), None when the core has no such bid."""
    currency = getattr(action.cards[0], "currency", None)
    if currency not in _BID_CURRENCIES:
        return None
    counts, coins, builders = [0] * 10, 0, 0
    for card in action.cards:
        if getattr(card, "currency", None) != currency:
            return None
        if card.__class__ is Coin:
            coins += 1
        elif card.__class__ is MasterBuilderCard:
            builders += 1
        else:
            counts[card.value] += 1
    if max(counts) > 3 or coins > 7 or builders > 7:
        return None
    pay = sum(n << 2 * (v - 1) for v, n in enumerate(counts) if v)
    return (7 | 6 << 3 | _BID_CURRENCIES.index(currency) << 8 | pay << 11 | coins << 29
            | builders << 32)
#: Bit 64 of a buy's code: the vizier's purchase (§M1); bit 65 a bazaar's (§M16).
_VIZIER_BUY = 1 << 64
_BAZAAR_BUY = 1 << 65


def _counted(currency: str, counts: int) -> list[Card]:
    """The money cards of `currency` whose numbers per value 1..9 `counts` holds (two bits
    a value)."""
    return [Card(currency, v) for v in range(9, 0, -1) for _ in range(counts >> 2 * (v - 1) & 3)]


def _build_buy(code: int) -> Buy | BuyBazaar:
    """A buy's code: its tile in bits 6-12, its square's cards from bit 13; with an
    exchange card (1 + its index from bit 49), the cards of its other currency from bit 31.
    A bazaar's (bit 65): the bazaar in bits 6-12, its currency's square in bits 3-5."""
    square, exchange = code >> 3 & 7, code >> 49 & 7
    own = CURRENCIES[square - 1]
    purchase: Callable[[int, Tile, tuple[Any, ...]], Buy | BuyBazaar] = (
        VizierBuy if code & _VIZIER_BUY else
        (lambda _, bazaar, cards: BuyBazaar(bazaar, cards)) if code & _BAZAAR_BUY else Buy)
    if exchange == _PAID_IN_DIAMONDS:
        diamonds = tuple(DiamondCard(card.value) for card in _counted(own, code >> 13 & 0x3FFFF))
        return purchase(square, _TILES[code >> 6 & 127], diamonds)
    coins, builders = code >> 52 & 63, code >> 58 & 63
    cards: list[Any] = [*_counted(own, code >> 13 & 0x3FFFF), *[Coin(own)] * (coins & 7),
                        *[MasterBuilderCard(own)] * (builders & 7)]
    if exchange:
        card = EXCHANGE_CARDS[exchange - 1]
        other = next(c for c in card.currencies if c != own)
        cards += [*_counted(other, code >> 31 & 0x3FFFF), *[Coin(other)] * (coins >> 3),
                  *[MasterBuilderCard(other)] * (builders >> 3), card]
    return purchase(square, _TILES[code >> 6 & 127], tuple(cards))


def _encode(action: Action) -> int | None:
    """The core's code of `action`, or None when the core has no such action (a module's
    action, a tile or card outside the base game)."""
    code = _CODES.get(action)
    if code is None:
        code = _encoded(action)
        if code is not None:
            if len(_CODES) >= _KEPT:
                _CODES.clear()
            _CODES[action] = code
    return code


def _encoded_buy(action: Buy) -> int | None:
    code = _encoded_payment(action.square, action.currency, action.tile, action.cards)
    return code | _VIZIER_BUY if code is not None and isinstance(action, VizierBuy) else code


def _encoded_bazaar_buy(action: BuyBazaar) -> int | None:
    code = _encoded_payment(action.square, action.currency, action.bazaar, action.cards)
    return None if code is None else code | _BAZAAR_BUY


def _held_id(tile: Tile) -> tuple[int | None, int]:
    """The core's id of a tile a player holds, and its sticks (§M9)."""
    return _TILE_IDS.get(tile.printed), tile.stick_mask


def _encoded_payment(square: int, currency: str, paid_for: Tile,
                     cards: tuple[Any, ...]) -> int | None:
    """The buy code's fields of a payment of `cards` for `paid_for` on `square` (a bazaar
    on its currency's), or None when the core has no such payment."""
    tile = _TILE_IDS.get(paid_for)
    if tile is not None and cards and all(
            c.__class__ is DiamondCard for c in cards):  # diamonds alone (§M6)
        values = [c.value for c in cards]
        if max(values.count(v) for v in values) > 3:
            return None
        pay = sum(1 << 2 * (v - 1) for v in values)
        return 1 | square << 3 | tile << 6 | pay << 13 | _PAID_IN_DIAMONDS << 49
    exchange = next((c for c in cards if isinstance(c, ExchangeCard)), None)
    second = None if exchange is None else next(
        (c for c in exchange.currencies if c != currency), None)
    counts = {currency: [0] * 10, second: [0] * 10}
    # coins (§M11) and master builders (§M14), by currency: three bits each in the code
    apart: dict[type, dict[str | None, int]] = {
        Coin: {currency: 0, second: 0}, MasterBuilderCard: {currency: 0, second: 0}}
    for card in cards:
        if isinstance(card, ExchangeCard):
            if card != exchange:
                return None  # two exchange cards
            continue
        held = apart.get(card.__class__)
        if held is not None and card.currency in held:
            held[card.currency] += 1
            continue
        if card.__class__ is not Card or card.currency not in counts:
            return None
        counts[card.currency][card.value] += 1
    if tile is None or (exchange is not None and second is None) or max(
            max(values) for values in counts.values()) > 3 or max(
            n for held in apart.values() for n in held.values()) > 7:
        return None
    pay, other = (sum(n << 2 * (v - 1) for v, n in enumerate(counts[c]) if v)
                  for c in (currency, second))
    coins, builders = ((held[currency] | held[second] << 3 if second
                        else held[currency]) for held in apart.values())
    code = 1 | square << 3 | tile << 6 | pay << 13 | coins << 52 | builders << 58
    if exchange is not None:
        code |= other << 31 | (EXCHANGE_CARDS.index(exchange) + 1) << 49
    return code


def _coordinates(pos: tuple[int, int]) -> int | None:
    x, y = pos
    return (x + 128) | (y + 128) << 8 if -128 <= x < 128 and -128 <= y < 128 else None


def _encoded(action: Action) -> int | None:
    if isinstance(action, Take):
        ids = [i for i in map(_CARD_IDS.get, action.cards) if i is not None]
        if len(ids) != len(action.cards) or len(ids) > 5:
            return None
        return len(ids) << 3 | sum(i << (6 + 6 * k) for k, i in enumerate(ids))
    if isinstance(action, Buy):
        return _encoded_buy(action)
    if isinstance(action, BuyBazaar):
        return _encoded_bazaar_buy(action)
    if isinstance(action, End):
        return 2
    if isinstance(action, (Place, Reserve, Give)):
        tile, sticks = _held_id(action.tile)
        if tile is None:
            return None
        if isinstance(action, Place):
            xy = _coordinates(action.pos)
            return None if xy is None else (3 | tile << 3 | xy << 11
                                            | _gate_field(action.gate) << 27 | sticks << 30)
        return (4 if isinstance(action, Reserve) else 5) | tile << 3 | sticks << 11
    if isinstance(action, Redesign):
        tile, sticks = (_NO_TILE, 0) if action.tile is None else _held_id(action.tile)
        xy = _coordinates(action.pos)
        if tile is None or xy is None:
            return None
        return (6 | _MOVES.index(action.move) << 3 | tile << 5 | xy << 13
                | _gate_field(action.gate) << 29 | sticks << 32)
    if isinstance(action, BuildWall):
        card = _CARD_IDS.get(action.card)
        tile, sticks = _held_id(action.tile)
        at = 0 if action.cell is None else _coordinates(action.cell)
        if card is None or tile is None or at is None:
            return None
        on_board = 0 if action.cell is None else 1 << 23
        return 7 | 5 << 3 | card << 8 | tile << 15 | on_board | at << 24 | sticks << 40
    if isinstance(action, BuyChests):  # its cards in card order already
        ids = [i for i in map(_CARD_IDS.get, action.cards) if i is not None]
        if len(ids) != len(action.cards) or len(ids) > 8:
            return None
        return (7 | 9 << 3 | action.room << 8 | len(ids) << 10
                | sum(i << 14 + 7 * k for k, i in enumerate(ids)))
    if isinstance(action, PlaceChest):
        xy = _coordinates(action.pos)
        return None if xy is None else 7 | 10 << 3 | xy << 8
    if isinstance(action, TakeHut):
        return 7 | KINDS.index(action.colour) << 8
    if isinstance(action, Wake):
        return 7 | 1 << 3
    if isinstance(action, Decline):
        return 7 | 2 << 3
    if isinstance(action, Steal):
        card = _CARD_IDS.get(action.card)
        if card is None or not (card < 36 or 58 <= card < 62):  # money or a master builder
            return None
        return 7 | 3 << 3 | card << 8
    if isinstance(action, PlayMasterBuilder):
        card = _CARD_IDS.get(action.card)
        return None if card is None else 7 | 4 << 3 | card << 8
    if isinstance(action, Bid):
        return _encoded_bid(action)
    if isinstance(action, ChooseWiseMan):
        return 7 | 7 << 3 | KINDS.index(action.colour) << 8
    if isinstance(action, SwapCard):
        card = _CARD_IDS.get(action.card)
        if card is None or not (card < 36 or 58 <= card < 62):  # money or a master builder
            return None
        return 7 | 8 << 3 | card << 8
    return _encoded_merchant(action)


def _encoded_merchant(action: Action) -> int | None:
    """Street Merchant's actions (§M12): module actions 24-28."""
    if isinstance(action, SetMerchant):
        xy = _coordinates(action.pos)
        colours = sum(1 << KINDS.index(c) for c in action.colours)
        return None if xy is None else 7 | 24 << 3 | colours << 8 | xy << 14
    if isinstance(action, TakeCitizen):
        return 7 | 25 << 3 | KINDS.index(action.colour) << 8
    if isinstance(action, SwapCitizen):
        give, take = (KINDS.index(c) for c in action.colours)
        return 7 | 26 << 3 | give << 8 | take << 11
    if isinstance(action, KeepCitizens):
        return 7 | 27 << 3
    if isinstance(action, PlaceMerchant):
        xy = _coordinates(action.pos)
        return None if xy is None else 7 | 28 << 3 | xy << 8
    return None


# -- the simulator ------------------------------------------------------------------------


def core_modules() -> tuple[str, ...]:
    """The Mega Box modules the core in use holds, in the rulebook's order; none when the
    Python engine plays.

    Examples
    --------
    >>> core_info()["engine"] == "python" or "exchange" in core_modules()
    True
    """
    module, _ = _load()
    return tuple(module.MODULES) if module is not None else ()


def _unsupported_in(game: Game | GameView, core: ModuleType) -> list[str]:
    """What of `game` (or a view of it) the core `core` does not hold: modules, module
    options, a hole rule."""
    missing = [f"module {name!r}" for name in game.modules if name not in core.MODULES]
    missing += [f"{option}={value!r}" for option, value in game.options.items()
                if option not in ("end_trigger", "hole_rule", *core.OPTIONS)]
    if game.options.get("hole_rule") != "enclosed":
        missing.append(f"hole_rule={game.options.get('hole_rule')!r}")
    return missing


def _public_text(view: GameView) -> str:
    """The text of what `view`'s player knows (`PublicState.text`), which the core reads."""
    if view.public is None:
        raise InvalidInput("this view holds no public state: take it from Game.view")
    return view.public.text


def core_searches(game: Game | GameView) -> bool:
    """Whether the core is in use and its search holds `game` (a game or a view of it):
    every game the core holds (`Simulator.from_game`), the Mega Box's too (`core_search`).

    Examples
    --------
    >>> from alhambra_lib import Game
    >>> native = core_info()["engine"] == "native"
    >>> core_searches(Game(["Ana", "Ben"], seed=1, modules=["vizier"])) == native
    True
    >>> core_searches(Game(["Ana", "Ben"], seed=1, hole_rule="single"))
    False
    """
    return not core_gaps(game)


def core_gaps(game: Game | GameView) -> list[str]:
    """What keeps the core from playing `game` (a game or a view of it): why no core is
    in use, or the modules, options and hole rule of it the core does not hold; empty
    when the core holds it.

    Examples
    --------
    >>> from alhambra_lib import Game
    >>> core_gaps(Game(["Ana", "Ben"], seed=1, hole_rule="single"))[-1]
    "hole_rule='single'"
    """
    core, info = _load()
    if core is None:
        return [f"no compiled core is in use: {info['reason']}"]
    return _unsupported_in(game, core)


def core_search(view: GameView, seed: int, samples: int, candidates: int,
                horizon: int | None, wall_weight: float = 1.0, halving: bool = False
                ) -> list[tuple[Action, float, float, int]] | None:
    """`SearchBot`'s determinized search of the decision `view` shows, run in the core:
    ``[(action, mean margin, share of the samples ahead, samples played on)]``, best
    first; None when the core is not in use or does not hold the game (`core_searches`:
    the Python search plays it). `halving` is the master level's sequential halving
    (`search.Level`).

    The same candidates, samples, rollouts and judgement as the Python search
    (`bots.search`), float for float, with `seed` the decision's seed; the view's public
    state crosses once.

    Examples
    --------
    >>> from alhambra_lib import Game
    >>> g = Game(["Ana", "Ben", "Cy"], seed=7)
    >>> found = core_search(g.view("Ana"), seed=1, samples=2, candidates=3, horizon=1)
    >>> found is None or found[0][0] in g.legal_actions()
    True
    """
    core = _load()[0]
    if core is None or not core_searches(view):
        return None
    try:
        found = core.search(_public_text(view), view.player, seed, samples, candidates,
                            horizon, wall_weight, halving)
    except core.Unsupported:
        return None
    return [(_ACTIONS.get(code) or _decode(code), margin, share, played)
            for code, margin, share, played in found]


class Simulator:
    """A game played in the compiled core: the same game as `Game`, move for move.

    Parameters
    ----------
    players : sequence of str
        The players' names in seating order (2-6; Dirk joins two).
    seed : int, optional
        Seeds the game's generator as ``Game(players, seed=seed)`` does, so the two
        engines play the same game. None draws one.
    end_trigger : {"market_short", "bag_empty"}
    modules : sequence of str
        Mega Box modules, among those the core holds (`core_modules`; today
        ``"vizier"``, ``"exchange"``, ``"bonus_cards"``, ``"squares"``, ``"gates"``,
        ``"diamonds"``, ``"camps"``, ``"city_walls"``, ``"thieves"``, ``"change"``,
        ``"characters"``, ``"street_merchant"``, ``"treasure"``, ``"master_builders"``,
        ``"invaders"`` and ``"bazaars"``: all sixteen).
    **module_options : bool
        The modules' options, as ``Game`` takes them, among those the core holds
        (``alhambra_core.OPTIONS``: ``thief_not_by_finisher``, ``gates_all_six``,
        ``bazaars_distributed``, ``walls_piles_2_to_4``, ``experimental``,
        ``merchant_final_only``).

    Raises
    ------
    Unsupported
        The core is not built, or not in use (``ALHAMBRA_CORE=python``), or does not
        hold a module asked for.

    Examples
    --------
    >>> from alhambra_lib import Game
    >>> if core_info()["engine"] == "native":
    ...     sim = Simulator(["Ana", "Ben", "Cy"], seed=7)
    ...     game = Game(["Ana", "Ben", "Cy"], seed=7)
    ...     print(sim.legal_actions() == game.legal_actions(), sim.to_json() == game.to_json())
    ... else:
    ...     print(True, True)
    True True
    """

    __slots__ = ("_core",)

    def __init__(self, players: Sequence[str], seed: int | None = None, *,
                 end_trigger: str = "market_short", modules: Sequence[str] = (),
                 **module_options: bool) -> None:
        from .engine.config import GameConfig

        # the engine's checks, and its order of the modules
        config = GameConfig.make(players, end_trigger=end_trigger, hole_rule="enclosed",
                                 modules=modules, **module_options)
        if seed is None:
            seed = random.SystemRandom().randrange(2 ** 64)
        if isinstance(seed, bool) or not isinstance(seed, int) or abs(seed) >= 2 ** 64:
            raise InvalidInput(f"the core's seed is an int below 2**64, got {brief(seed)}")
        # random.Random(n) seeds with abs(n), so the core does too
        module = _core()
        try:
            self._core = module.Core.new(list(config.players), abs(seed), end_trigger,
                                         list(config.modules),
                                         [name for name, on in config.module_options if on])
        except module.CoreError as error:
            raise Unsupported(f"{error}: the Python engine plays this game") from None

    @classmethod
    def _wrap(cls, core: Any) -> Simulator:
        new = object.__new__(cls)
        new._core = core
        return new

    @classmethod
    def from_game(cls, game: Game) -> Simulator:
        """The core's game equal to `game`, at any position (mid-turn included).

        Raises
        ------
        Unsupported
            `game` has modules or options the core does not hold (named), or no core.
        """
        module = _core()
        missing = _unsupported_in(game, module)
        if missing:
            raise Unsupported(f"the core does not hold {', '.join(missing)} yet: the Python "
                              "engine plays this game")
        try:
            return cls._wrap(module.Core.from_json(game.to_json()))
        except module.CoreError as error:
            raise Unsupported(f"the core cannot take this game: {error}") from None

    @classmethod
    def determinize(cls, view: GameView, seed: int = 0) -> Simulator:
        """A game sampled in the core from what `view`'s player can know: the game
        `engine.determinize(view, seed)` gives, its save byte for byte the same (the
        core deals every secret, of the draw pile, the hands and the modules' slices,
        with the same draws).

        Parameters
        ----------
        view : GameView
            A player's view of a game the core holds (any modules, Dirk), not over.
        seed : int
            From 0 to 2**64 - 1; the same seed and view give the same game.

        Raises
        ------
        Unsupported
            No core in use, or a game the core does not hold.
        InvalidInput
            A seed out of range, a view of a game that is over, or one whose public
            state cannot be dealt (no arrangement of its secrets fits what it tells, as
            `engine.determinize` refuses it).

        Examples
        --------
        >>> from alhambra_lib import Game
        >>> from alhambra_lib.engine import determinize
        >>> view = Game(["Ana", "Ben", "Cy"], seed=7).view("Ben")
        >>> Simulator.determinize(view, 3).to_json() == determinize(view, 3).to_json()
        True
        >>> view = Game(["Ana", "Ben"], seed=7, modules=("thieves", "bonus_cards")).view("Ana")
        >>> Simulator.determinize(view, 3).to_json() == determinize(view, 3).to_json()
        True
        """
        from .engine.persist import _dumps

        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 64:
            raise InvalidInput(f"seed is an int from 0 to 2**64 - 1, got {brief(seed)}")
        if view.decision is None:
            raise InvalidInput("determinize: the game is over: nothing is left to sample")
        module = _core()
        missing = _unsupported_in(view, module)
        if missing:
            raise Unsupported(f"the core does not hold {', '.join(missing)} yet")
        events = ",".join(_dumps(event) for event in view.events)
        try:
            core = module.Core.determinize(_public_text(view), seed, events, len(view.events))
        except module.InvalidGame as error:
            raise InvalidInput(f"the core cannot deal this view's secrets: {error}") from None
        except module.CoreError as error:
            raise Unsupported(f"the core cannot sample this game: {error}") from None
        return cls._wrap(core)

    @classmethod
    def from_json(cls, text: str) -> Simulator:
        """The core's game of a save (`Game.to_json`), checked by the Python engine's
        loader first (`Game.from_json`: `InvalidSave` names what is wrong)."""
        from .engine import Game

        return cls.from_game(Game.from_json(text))

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        # Pickled as its save (joblib and multiprocessing ship games between processes).
        return (Simulator._from_save, (self.to_json(),))

    @classmethod
    def _from_save(cls, text: str) -> Simulator:
        """A simulator of a save this core wrote (a pickle's): no second check."""
        return cls._wrap(_core().Core.from_json(text))

    def to_game(self) -> Game:
        """The Python `Game` of the same state, with its whole record."""
        from .engine import Game

        return Game.from_json(self._core.to_json())

    def to_json(self) -> str:
        """The save, byte for byte `Game.to_json()` of the same game."""
        return str(self._core.to_json())

    @property
    def current_player(self) -> str | None:
        """The name of the player deciding now, None once the game is over."""
        return self._core.current_player

    @property
    def is_over(self) -> bool:
        """Whether the final scoring has been held."""
        return bool(self._core.is_over)

    @property
    def scores(self) -> dict[str, int]:
        """``{name: points}``, Dirk included in a two-player game."""
        return dict(self._core.scores)

    @property
    def event_count(self) -> int:
        """The number of events of the record, as ``len(game.events)``."""
        return int(self._core.event_count)

    def legal_actions(self) -> list[Action]:
        """Every legal action now, in `Game.legal_actions`'s canonical order."""
        return [_ACTIONS.get(code) or _decode(code) for code in self._core.legal()]

    def apply(self, action: Action) -> None:
        """Carry out `action` for the player deciding now.

        Raises
        ------
        IllegalAction
            The rules refuse it now; the game is left exactly as it was.
        InvalidInput
            `action` is no `Action` of a kind.
        """
        code = _action_code(action, f"cannot {action}: the core's base game has no such action")
        try:
            self._core.apply(code)
        except _core().IllegalMove:
            who = self.current_player
            raise IllegalAction(f"cannot {action} now" if who is None
                                else f"{who} cannot {action} now: it is not among the "
                                "legal actions") from None

    def copy(self) -> Simulator:
        """An independent copy."""
        return Simulator._wrap(self._core.copy())

    def playouts(self, n: int, seed: int = 0) -> np.ndarray:
        """`n` random playouts to the end, inside the core, the GIL released.

        Each playout starts from a copy of this game (its generator included, as
        `Game.copy` does) and draws each action uniformly among the legal ones with
        ``random.Random(seed).choice``, one generator for all the playouts in turn: the
        same scores as that loop on the Python engine.

        Returns
        -------
        numpy.ndarray
            Integers of shape ``(n, len(game.competitors))``: the final scores, Dirk last.
        """
        import numpy as np

        for name, value in (("n", n), ("seed", seed)):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2 ** 64:
                raise InvalidInput(f"{name} is an int from 0 to 2**64, got {brief(value)}")
        flat, _ = self._core.playouts(n, seed)
        width = len(self._core.scores)
        return np.asarray(flat, dtype=np.int64).reshape(n, width)

    def strategic_ranked(self, weights: Weights | str = "balanced") -> list[Action]:
        """The legal actions best first by the strategic bots' valuation, in the core.

        The same list, float for float, as ``StrategicBot(weights).ranked(view,
        legal_actions)`` on the Python engine for the player deciding (their view: the
        public state and their own hand): one crossing per decision.

        Parameters
        ----------
        weights : Weights or {"wall", "majority", "balanced"}
            The weights, or a preset's registry name (`WallBuilder`, `MajorityHunter`,
            `BalancedBot`).

        Every module's decisions are ranked as the bots rank them: the kinds they do not
        judge last, a rule's pick first where a rule decides (the Wise Man's type, the
        street merchant).

        Raises
        ------
        IllegalAction
            The game is over.
        InvalidInput
            `weights` is neither a `Weights` nor a preset's name.

        Examples
        --------
        >>> sim = Simulator(["Ana", "Ben", "Cy"], seed=7)
        >>> print(sim.strategic_ranked()[0])
        buy 8-tower from florin square paying 9
        """
        codes = self._strategic(self._core.strategic_ranked, _weights_arg(weights))
        return [_ACTIONS.get(code) or _decode(code) for code in codes]

    def strategic_features(self, action: Action,
                           weights: Weights | str = "balanced") -> dict[str, float]:
        """``{feature: change}`` that `action` brings to the player deciding, by the core's
        valuation: ``StrategicBot(weights).features(view, action)``, float for float.

        Raises
        ------
        IllegalAction
            The game is over, or the core has no such action.
        InvalidInput
            `action` is no action of a kind, or `weights` neither a `Weights` nor a
            preset's name.

        Examples
        --------
        >>> sim = Simulator(["Ana", "Ben", "Cy"], seed=7)
        >>> best = sim.strategic_ranked()[0]
        >>> changes = sim.strategic_features(best)
        >>> changes["first_place"], changes["money"], changes["tile"]
        (23.0, -9.0, 1.0)
        """
        from .bots.strategic import FEATURES

        code = _action_code(action, f"cannot judge {action}: the core has no such action")
        values = self._strategic(self._core.strategic_features, _weights_arg(weights), code)
        return dict(zip(FEATURES, values))

    def roll_out(self, seats: Mapping[str, Weights | str], until_turn: int | None = None) -> int:
        """Play on in the core, each player choosing as a `StrategicBot` of their weights,
        until the game is over or its turn passes `until_turn`: the loop of
        ``SearchBot._roll_out`` with a bot per player, move for move.

        Parameters
        ----------
        seats : mapping
            ``{player: weights}`` for every player, each as `strategic_ranked` takes it.
        until_turn : int, optional
            The last turn to play (None: to the end).

        Returns
        -------
        int
            The number of actions played.

        Raises
        ------
        InvalidInput
            A player without weights, or weights of no kind; nothing is played.

        Examples
        --------
        >>> sim = Simulator(["Ana", "Ben"], seed=3)
        >>> played = sim.roll_out({"Ana": "wall", "Ben": "balanced"})
        >>> sim.is_over and played > 50
        True
        """
        players = [name for name in self.scores if name != DIRK]
        if set(seats) != set(players):
            raise InvalidInput(f"a rollout needs weights for each of {', '.join(players)}, "
                               f"got {', '.join(map(str, seats))}")
        if until_turn is not None and (isinstance(until_turn, bool)
                                       or not isinstance(until_turn, int) or until_turn < 0):
            raise InvalidInput(f"until_turn is None or an int >= 0, got {brief(until_turn)}")
        arguments = [_weights_arg(seats[name]) for name in players]
        return int(self._strategic(self._core.roll_out, arguments, until_turn))

    def evaluate(self) -> dict[str, float]:
        """``{competitor: projected final score}``, Dirk last: `bots.search.evaluate` of
        the same game, float for float (the modules' terms too), computed in the core.

        Examples
        --------
        >>> sim = Simulator(["Ana", "Ben", "Cy"], seed=7)
        >>> from alhambra_lib.bots.search import evaluate
        >>> sim.evaluate() == evaluate(sim.to_game(), "Ana")
        True
        """
        return dict(zip(self.scores, self._core.evaluate()))

    @staticmethod
    def _strategic(call: Callable[..., Any], *arguments: Any) -> Any:
        """`call` of the core's strategic valuation, its refusals as the library's errors."""
        core = _core()
        try:
            return call(*arguments)
        except core.Unsupported as error:
            raise Unsupported(str(error)) from None
        except core.IllegalMove as error:
            raise IllegalAction(str(error)) from None

    def __repr__(self) -> str:
        who = self.current_player
        return f"<Simulator {', '.join(self.scores)}: {'over' if who is None else who + ' to decide'}>"


#: The strategic presets the core knows by their registry names (`bots.registry.BOTS`).
_STRATEGIC_PRESETS = ("wall", "majority", "balanced")


def _weights_arg(weights: Weights | str) -> str | tuple[float, ...]:
    """`weights` as the core takes them: a preset's name, or the fields' values in order."""
    from .bots.strategic import Weights

    if isinstance(weights, Weights):
        return tuple(float(getattr(weights, f.name)) for f in fields(Weights))
    if isinstance(weights, str) and weights in _STRATEGIC_PRESETS:
        return weights
    raise InvalidInput(f"weights: a Weights or one of {', '.join(_STRATEGIC_PRESETS)}, "
                       f"got {brief(weights)}")


def _cells(alhambra: Alhambra) -> list[tuple[int, int, int]]:
    return [(x, y, tile.mask) for (x, y), tile in alhambra.layout.items()]


def core_legal_cells(alhambra: Alhambra, tile: Tile) -> list[tuple[int, int]]:
    """The cells where `tile` may be placed in `alhambra`, sorted, found by the core's bit
    planes (`docs/CORE.md`): the same answer as `Alhambra.placement_cells` (hole rule
    ``"enclosed"``; camps and gates are not in the core).

    Raises
    ------
    Unsupported
        The core is not in use.
    """
    return [tuple(cell) for cell in _core().legal_cells(_cells(alhambra), tile.mask)]


def core_legal_cells_seconds(alhambra: Alhambra, tile: Tile, repeats: int = 31) -> float:
    """Median seconds of `core_legal_cells` inside the core (timed there: a call from
    Python costs more than the work)."""
    return float(_core().time_legal_cells(_cells(alhambra), tile.mask, repeats)) * 1e-9


def simulator(game: Game) -> SimulatorProtocol:
    """The fastest simulator of `game` in the engine in use: the core's when it is in use
    and holds the game, else a copy of `game` itself."""
    core = _load()[0]
    if core is None or _unsupported_in(game, core):
        return game.copy()
    return Simulator.from_game(game)


#: For tests: forget what `_load` found (after changing ``ALHAMBRA_CORE``).
_reset: Callable[[], None] = _load.cache_clear
