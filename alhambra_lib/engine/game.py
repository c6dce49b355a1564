"""The whole game: setup, turns, refills, scoring rounds, the end, Dirk and the modules.

`Game` runs the base game of RULES.md §§3–10, the two-player variant with the
neutral Dirk, and any combination of Mega Box modules (``modules=(...)``, RULES.md
§M0). It has one door: `Game.apply` checks an action against the state and only then
changes it, appending plain-dict events as things happen. `Game.legal_actions` lists
every action the player to decide may take, in an order fixed by the state alone.

Turn flow
---------
What is being decided now is the top of a decision stack (`Game.decision`):

``act``
    The player whose turn it is takes money, buys a tile or redesigns (RULES.md §4).
    After an exact payment ``end`` becomes legal too. A player with nothing legal
    may only ``end`` (pass).
``place``
    Turn end step 1 (§5): each tile bought this turn, waiting in `Game.to_place`, is
    placed, reserved or (two players) given to Dirk.
``final_place``
    After the distribution of the last market tiles (§9), each recipient in turn
    places or reserves what they received.
module kinds
    e.g. ``vizier``: a window between turns where any player may act (§M1).

When the action part ends, the turn-end script runs (`decisions.TURN_END` plus the
modules' steps): place what was bought, refill the display (a scoring card is set
aside and remembered), refill the market, hold the scoring rounds whose card came up
(Dirk's gift after each in a two-player game), the modules' windows, then either end
the game (§9) or start the next player's turn. A step that needs a player's choice
pushes a decision and the script resumes when it is made.

Randomness
----------
One generator per game, ``random.Random``, draws every tile from the bag (uniformly
among those left), shuffles the money, places the special cards in their piles, deals
module cards and reshuffles the discards. Its state is saved by `Game.to_json`, so a
restored game draws exactly what the original would. Every draw is an event.

Copies, pickles and saves
-------------------------
`Game.copy` (and ``copy.copy``) is structural (`engine.state`): the wiring resolved at
construction (the config, the modules, their hooks) is shared, the state copied, and
the append-only event log shared with its length, so a copy costs about the same at the
end of a game as at its start. A game pickles its state alone and wires its modules again on load
(so joblib or multiprocessing can ship one). `Game.to_json` keeps the text of the
events it has written, so saving after every action costs the new events only;
`Game.events_since` gives a log written as the game goes what it lacks.

Examples
--------
>>> g = Game(["Ana", "Ben", "Cy"], seed=7)
>>> g.decision, str(g.phase)
(Decision('act', 'Ana'), 'action')
>>> [str(a) for a in g.legal_actions()]  # doctest: +NORMALIZE_WHITESPACE
['take 6 ducat', 'take 6 florin', 'take 3 denar', 'take 2 dirham',
 'take 3 denar + 2 dirham', 'buy 8-tower from florin square paying 9']
>>> g.apply(g.legal_actions()[4])
>>> g.events[-1]
{'type': 'turn', 'turn': 2, 'player': 'Ben'}
>>> Game.from_json(g.to_json()).to_json() == g.to_json()
True
>>> Game(["Ana", "Ben"], seed=1, modules=("bonus_cards", "vizier")).modules
('vizier', 'bonus_cards')
"""

from __future__ import annotations

import bisect
import itertools
import random
import weakref
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from enum import Enum
from functools import lru_cache
from itertools import chain
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NoReturn

from ..actions import (
    DIRK,
    Action,
    Buy,
    End,
    Give,
    Place,
    Redesign,
    Reserve,
    Take,
    card_order,
    take_choices,
    tile_order,
)
from ..cellbits import CellBits
from ..components import CURRENCIES, CURRENCY_RANK, KINDS, Card, ScoringCard, warn_if_provisional
from ..errors import IllegalAction, InvalidInput, brief
from ..memo import by_identity
from ..payments import (
    PaymentSources,
    Rule,
    check_payment,
    minimal_card_payments,
    minimal_payments,
    payment_total,
)
from ..scoring import score_round
from .composition import PILES, composition
from .config import MAX_PLAYERS, GameConfig, dirk_gift_size
from .context import Context
from .decisions import BASE_DECISIONS, GAME_END, TURN_END, Decision
from .state import append_event, copy_data, is_immutable

if TYPE_CHECKING:
    from ..alhambra import Alhambra
    from ..components import AnyCard, Tile
    from ..grid import Cell
    from ..modules.base import Module
    from .view import GameView

    #: An action's check or effect, called as ``f(game, action)``.
    Handler = Callable[["Game", Any], Any]  # the action: of the kind it is registered for

__all__ = ["Game", "Phase", "STARTING_MONEY", "DISPLAY_SIZE", "MARKET_SIZE", "MAX_PLAYERS"]

STARTING_MONEY = 20  # §3.4: deal until a hand totals at least this
DISPLAY_SIZE = 4
MARKET_SIZE = 4

_CURRENCY_RANK = CURRENCY_RANK

#: The attributes of a `Game` that are caches derived from the state, not state: a copy
#: shares one only while it is immutable (a tuple, of values only), else starts it
#: empty; pickling and saving drop them. The legal actions now, each player's redesigns,
#: the events saved as JSON so far (``(count, text)``), the views of the current version,
#: the views whose module sections are not complete yet, and each player's record as they
#: saw it (`view.public_events`).
_CACHES = ("_legal", "_redesigns", "_events_json", "_views", "_live_views",
           "_public_events")
#: Caches that always start empty in a copy: the views hold their game (their module
#: sections are computed from it when first read).
_OWN_CACHES: dict[str, Callable[[], Any]] = {"_views": lambda: (None, {}),
                                              "_live_views": list}
#: The state versions (`Game._version`): one count for every game of the process, so two
#: games have the same version only when one is a copy of the other, unchanged since
#: (same state). A cache keyed by the version is right wherever it lives, even where
#: copies share it. It grows with every action.
_VERSIONS = itertools.count(1)
#: State that copies share on purpose: the append-only event log (each game reads its
#: first ``_n_events``; `state.append_event` forks it when needed).
_SHARED_STATE = ("_events",)
#: The take actions by the display's cards (`memo.by_identity`).
_TAKES: dict[Any, tuple[Take, ...]] = {}
#: The squares' buys by the hand's cards and the market's tiles (same).
_SQUARE_BUYS: dict[Any, tuple[Buy, ...]] = {}
_LIVE_KEPT = 64  # views not complete remembered before the dead ones are forgotten


class Phase(str, Enum):
    """The phase of the game, from the kind of the decision on top.

    ``interrupt`` is any module's decision between or inside turns (`Game.decision`
    says which); ``over`` once round 3 is scored.
    """

    ACTION = "action"
    PLACE = "place"
    FINAL_PLACE = "final_place"
    INTERRUPT = "interrupt"
    OVER = "over"

    def __str__(self) -> str:
        return self.value


_PHASE_OF = {"act": Phase.ACTION, "place": Phase.PLACE, "final_place": Phase.FINAL_PLACE}


def hand_order(card: AnyCard) -> tuple:
    """Sort key of a hand: grouped by currency (diamonds after the four), highest value
    first, a plain card before a module's money card like it; other cards after.

    A square's payment options read one currency's values straight off the hand.
    """
    if card.__class__ is Card:
        return (_CURRENCY_RANK[card.currency], -card.value)
    if isinstance(card, Card):  # a diamond, master builder or coin
        return (_CURRENCY_RANK[card.currency], *card_order(card))
    return (len(_CURRENCY_RANK), *card_order(card))


def _make_rng(seed: int | random.Random | None) -> random.Random:
    """A private generator: from None (fresh entropy), an int, or a Random-like object."""
    if seed is None or (isinstance(seed, int) and not isinstance(seed, bool)):
        return random.Random(seed)
    if hasattr(seed, "getstate"):
        rng = random.Random()
        rng.setstate(seed.getstate())  # a copy: the caller's generator is not advanced
        return rng
    raise TypeError(f"seed is None, an int or a random.Random, got {seed!r}")


@lru_cache(maxsize=4096)
def _take_actions(display: tuple[AnyCard, ...]) -> tuple[Take, ...]:
    return tuple(Take(cards) for cards in take_choices(display))


_CARD = {(c, v): Card(c, v) for c in CURRENCIES for v in range(1, 10)}

# Actions are values, so equal ones can be shared: the same placements and redesigns
# come up turn after turn. They are kept per (move, tile), the tile by its identity (a
# tile's hash is computed in Python; see `memo`), then by cell (plain tuples).
#: (move, id(tile)) -> (tile, {cell: action}); move "tile" is a `Place`, else a `Redesign`;
#: each entry holds its tile, so no identity is reused.
_AT: dict[tuple[str, int], tuple[Tile | None, dict[Cell, Action]]] = {}
_AT_KEPT = 1 << 12


def _at_cells(move: str, tile: Tile | None, cells: Iterable[Cell]) -> list[Action]:
    """The `Place` (move ``"tile"``) or `Redesign` actions of `tile` at `cells`, in order."""
    entry = _AT.get((move, id(tile)))
    if entry is None:
        if len(_AT) >= _AT_KEPT:
            _AT.clear()
        entry = _AT[move, id(tile)] = (tile, {})
    known = entry[1]
    try:
        return [known[pos] for pos in cells]
    except KeyError:
        for pos in cells:
            if pos not in known:
                known[pos] = _made_at(move, tile, pos)
        return [known[pos] for pos in cells]


_FIELD = object.__setattr__


def _made_at(move: str, tile: Tile | None, pos: Cell) -> Action:
    """``Place(tile, pos)`` (move ``"tile"``) or ``Redesign(move, tile, pos)``, made of
    values the engine has made (a move of `REDESIGN_MOVES`, a tile of the game, a cell of
    the grid as a tuple of ints) without the checks of their constructors: the same
    value (random play meets a new tile and cell about every other action).

    Examples
    --------
    >>> from alhambra_lib import Tile
    >>> tile = Tile("tower", 9, "N")
    >>> _made_at("exchange", tile, (0, 1)) == Redesign("exchange", tile, (0, 1))
    True
    >>> _made_at("tile", tile, (0, 1)) == Place(tile, (0, 1))
    True
    """
    if move == "tile" and tile is not None:
        action: Action = object.__new__(Place)
        _FIELD(action, "tile", tile)
    else:
        action = object.__new__(Redesign)
        _FIELD(action, "move", move)
        _FIELD(action, "tile", tile)
    _FIELD(action, "pos", pos)
    _FIELD(action, "gate", None)
    return action


#: (move, id(tile), grid offset) -> (tile, {cell's bit: action}, {bits: actions}):
#: `_at_cells` by the cells' bits in a `CellBits` grid (a bit is a cell for one offset
#: only), by cell and by set of cells (a layout met again, in this game or a copy).
_AT_BITS: dict[tuple[str, int, int], tuple[Tile | None, dict[int, Action],
                                           dict[int, tuple[Action, ...]]]] = {}
#: How many sets of cells a tile keeps before it starts afresh.
_SETS_KEPT = 256


def _at_bits(pieces: Iterable[tuple[str, Tile | None, int]], grid: CellBits) -> list[Action]:
    """The actions of `_at_cells` of each ``(move, tile, found)`` of `pieces` at the
    cells of `found`, bits of `grid` (in cell order), one piece after the other: one
    look-up per set of cells met before, else one per cell, no cell built (the hot
    path of the redesign listing, made after every action)."""
    listing: list[Action] = []
    off = grid.off
    for move, tile, found in pieces:
        if not found:
            continue
        entry = _AT_BITS.get((move, id(tile), off))
        if entry is None:
            if len(_AT_BITS) >= _AT_KEPT:
                _AT_BITS.clear()
            entry = _AT_BITS[move, id(tile), off] = (tile, {}, {})
        sets = entry[2]
        actions = sets.get(found)
        if actions is None:
            if len(sets) >= _SETS_KEPT:
                sets.clear()
            actions = sets[found] = _at_each_bit(move, tile, grid, found, entry[1])
        listing += actions
    return listing


def _at_each_bit(move: str, tile: Tile | None, grid: CellBits, found: int,
                 known: dict[int, Action]) -> tuple[Action, ...]:
    """`_at_bits` of one piece, cell by cell, keeping the actions in `known` by bit."""
    actions = []
    while found:
        low = found & -found
        action = known.get(low)
        if action is None:
            action = known[low] = _at_cells(move, tile, grid.cells(low))[0]
        actions.append(action)
        found ^= low
    return tuple(actions)


@lru_cache(maxsize=4096)
def _card_buy_actions(square: int, tile: Tile, money: tuple[Card, ...]) -> tuple[Buy, ...]:
    """The minimal payments of a square with `money` (its currency's cards, a tuple) that
    holds a module's money card (a master builder, a coin): cards kept apart by kind."""
    return tuple(Buy(square, tile, payment) for payment in minimal_card_payments(money,
                                                                               tile.price))


@lru_cache(maxsize=8192)
def _buy_actions(square: int, tile: Tile, values: tuple[int, ...]) -> tuple[Buy, ...]:
    currency = CURRENCIES[square - 1]
    return tuple(Buy(square, tile, tuple(_CARD[currency, v] for v in payment))
                 for payment in minimal_payments(values, tile.price))


def _distinct(tiles: Sequence[Tile]) -> list[Tile]:
    """The distinct tiles of a list, in `tile_order`."""
    if len(tiles) < 2:
        return list(tiles)
    # `tile_order` tells every two unequal tiles apart: one key per distinct tile,
    # without hashing the tiles (their hash is computed in Python).
    by_order = {tile_order(tile): tile for tile in tiles}
    return [by_order[key] for key in sorted(by_order)]


def tile_component(tile: Tile) -> str:
    """The census key of a tile: ``"building"`` for the 54 base kinds."""
    return "building" if tile.kind in KINDS else tile.kind


class Game:
    """A game of Alhambra for 2 to 6 players; with two, Dirk joins as a neutral party.

    Parameters
    ----------
    players : sequence of str
        The real players' names in seating order. ``"Dirk"`` is reserved.
    seed : None, int or random.Random, optional
        Seeds the game's own generator. None draws fresh entropy; an int gives a
        reproducible game; a ``random.Random`` (anything with ``getstate``) is
        copied, so the caller's generator is not advanced.
    end_trigger : {"market_short", "bag_empty"}
        RULES.md §9 (default) or the French edition's empty-bag ending (§11).
    hole_rule : {"enclosed", "single"}
        The building rules' hole test (§6, §11).
    modules : sequence of str
        Mega Box modules to play with, names of `alhambra_lib.MODULES` in any order
        (kept in the rulebook's order); unknown names and duplicates are refused.
    **module_options : bool
        The modules' other readings of unclear rules, e.g. ``merchant_final_only=True``
        (RULES.md §M12); each is refused unless its module is on.

    Notes
    -----
    Decisions where RULES.md is silent (RULES.md §3, §5, §9, §10 say them too):

    * Tiles come out of the bag uniformly at random among those left; the bag itself
      is kept (and saved) in `tile_order`, as a bag has no order.
    * A special card is shuffled into its pile by inserting it at a uniformly random
      position, which is the same distribution.
    * Should both scoring cards come up in one refill, rounds 1 and 2 are held in
      that order, each followed by Dirk's gift.
    * Dirk's third after round 2 is a third of the bag as it is at that scoring,
      after the market refill of the same turn end.
    * With ``end_trigger="bag_empty"`` the bag is checked after the whole turn end,
      Dirk's gifts included.
    * The end-of-game recipients place in seating order starting with the player
      after the one whose turn ended the game; a tile nobody receives stays on its
      market square.
    * A pass is an ``end`` action, recorded with ``"passed": true``.
    * `winners` is empty until the game is over.
    * `events` hold everything, hidden cards included (they are the game's record);
      `view` is what a player may see.
    """

    # The state (saved, copied, pickled), typed here once; `_blank` gives every field.
    _bag: list[Tile]
    _market: list[Tile | None]
    _draw: list[AnyCard]
    _discard: list[AnyCard]
    _display: list[AnyCard]
    _hands: dict[str, list[AnyCard]]
    _alhambras: dict[str, Alhambra]
    _reserves: dict[str, list[Tile]]
    _dirk_tiles: list[Tile]
    _to_place: list[Tile]
    _awaiting: list[list[Any]]
    _scores: dict[str, int]
    _decisions: list[Decision]
    _script: list[str]
    _current: int
    _start: int
    _turn: int
    _may_continue: bool
    _revealed: list[int]
    _scored: list[int]
    _end_reason: str | None
    _events: list[dict[str, Any]]
    _n_events: int
    _slices: dict[str, Any]
    _pending_rounds: list[int]
    _market_short: bool
    # Caches (`_CACHES`).
    _legal: tuple[Action, ...] | None
    _redesigns: dict[str, tuple[Action, ...]]
    _events_json: tuple[int, str] | None
    _views: tuple[int | None, dict[str, weakref.ref[GameView]]]
    _live_views: list[weakref.ref[Any]]
    _public_events: dict[str, tuple[int, tuple[dict[str, Any], ...]]]
    _pile_sizes: list[int] | None
    # The wiring (`_wire`): shared by copies.
    _handlers: dict[str, tuple[Handler, Handler]]
    # step name -> (step, True for a module's step called with the context): `_run_script`
    # calls each directly, with no wrapper between (about ten steps every turn end)
    _steps: dict[str, tuple[Callable[[Any], bool | None], bool]]

    def __init__(self, players: Sequence[str], seed: int | random.Random | None = None, *,
                 end_trigger: str = "market_short", hole_rule: str = "enclosed",
                 modules: Iterable[str] = (), **module_options: bool) -> None:
        config = GameConfig.make(players, end_trigger=end_trigger, hole_rule=hole_rule,
                                 modules=modules, **module_options)
        self._blank(config, _make_rng(seed))
        self._setup()

    # -- the state and the modules' hooks ---------------------------------------------

    def _blank(self, config: GameConfig, rng: random.Random) -> None:
        """Every state field, empty: the fountains alone, nothing dealt."""
        from ..alhambra import Alhambra
        from ..modules import MODULES

        self._config = config
        self._players = config.players
        self._dirk = config.dirk
        self._rng = rng
        unwired = set(vars(self))
        self._wire([MODULES[name]() for name in config.modules])
        # What `_wire` resolved is fixed for the game: copies share it, pickles omit it.
        self._wiring = frozenset(set(vars(self)) - unwired) | {"_config", "_wiring"}
        self._ctx = Context(self)  # what the modules' hooks get: one per game, never shared
        self._version = next(_VERSIONS)  # renewed by every change of the state
        self._bag = []
        self._market = [None] * MARKET_SIZE
        self._draw = []  # the top card is the last one
        self._discard = []
        self._display = []
        self._hands = {p: [] for p in self._players}
        self._alhambras = {p: Alhambra(config.hole_rule) for p in self._players}
        self._reserves = {p: [] for p in self._players}
        self._dirk_tiles = []
        self._to_place = []
        self._awaiting = []  # [name, tiles] of distribution recipients still to place
        self._scores = dict.fromkeys(config.competitors, 0)
        self._decisions = []  # the top one is the last
        self._script = []  # turn-end steps still to run, the next first
        self._current = 0  # the seat whose turn it is (setup decides)
        self._start = 0
        self._turn = 0
        self._may_continue = False
        self._revealed = []  # rounds whose scoring card came up, in order
        self._scored = []
        self._end_reason = None
        self._events = []  # shared with copies: read the first _n_events only
        self._n_events = 0
        self._slices = {m.name: m.new_slice(config) for m in self._modules}
        # Turn-end scratch, saved because a module's decision may pause the turn end.
        self._pending_rounds = []
        self._market_short = False
        # Caches (`_CACHES`) of legal actions: the current list, and each player's
        # redesigns, kept until their Alhambra or reserve changes; and the views of the
        # current version, by player.
        self._legal = None
        self._redesigns = {}
        self._events_json = None  # (count, the first count events as JSON, comma-joined)
        self._views = (None, {})  # (version, {player: weak reference to the view})
        self._live_views = []  # weak references to views' module sections not complete
        self._public_events = {}  # player -> (count, the first count events as they saw them)
        self._pile_sizes = None  # the sizes of the money piles while setup builds them

    def _wire(self, modules: Iterable[Module]) -> None:
        """Resolve the modules' hooks once: only the hooks in use are kept."""
        from ..modules import step_rank, term_rank

        self._modules = tuple(modules)

        def using(hook: str) -> tuple[Module, ...]:
            return tuple(m for m in modules if m.overrides(hook))

        self._handlers = dict(_BASE_HANDLERS)
        self._allowed = {kind: set(kinds) for kind, kinds in _BASE_ALLOWED.items()}
        steps = list(TURN_END)
        self._steps = {name: (step, False) for name, step in _BASE_STEPS.items()}
        # action kind -> {decision kind: (check, effect)} of every module offering it
        shared: dict[str, dict[str, tuple[Handler, Handler]]] = {}
        for m in modules:
            for name in m.tile_sets:
                warn_if_provisional(name)
            for kind, kinds in m.decisions.items():
                self._allowed.setdefault(kind, set()).update(kinds)
                for action_kind in kinds & m.actions.keys():
                    shared.setdefault(action_kind, {})[kind] = m.actions[action_kind]
            for kind, (check, effect) in m.actions.items():
                self._handlers[kind] = (_on_context(check), _on_context(effect))
            for name, before in m.turn_end_steps:
                # A step several modules declare (the window of the vizier and the thieves,
                # §M10) is one step, run by the last of them, which serves them all.
                if name not in steps:
                    steps.insert(steps.index(before), name)
                self._steps[name] = (getattr(m, f"step_{name}"), True)
            for name in m.setup_steps:
                self._steps[name] = (getattr(m, f"step_{name}"), True)
        for kind, by_decision in shared.items():
            if len(set(by_decision.values())) > 1:  # ``decline`` of a window, an auction
                # and a master builder's redesign (§M7, §M14)
                self._handlers[kind] = _by_decision(
                    {decision: (_on_context(check), _on_context(effect))
                     for decision, (check, effect) in by_decision.items()})
        # RULES.md §M0.4 fixes the order of the steps it names, whatever the modules' order.
        rank = {s: step_rank(s) for s in steps}  # None: a step keeping its place
        ranked = sorted((s for s in steps if rank[s] is not None), key=lambda s: rank[s] or 0)
        ranked_steps = iter(ranked)
        self._turn_end = tuple(next(ranked_steps) if rank[s] is not None else s for s in steps)
        self._option_hooks = using("options")
        # decision kind -> the modules whose options can apply there (`option_decisions`)
        kinds = set(self._allowed).union(*(m.option_decisions or () for m in modules))
        self._options_for = {kind: tuple(m for m in self._option_hooks
                                         if m.option_decisions is None
                                         or kind in m.option_decisions) for kind in kinds}
        self._payment_hooks = using("payment_sources")
        sources = frozenset().union(*(m.money_sources for m in modules))
        self._sources = PaymentSources(exchange="exchange" in sources,
                                       diamonds="diamonds" in sources,
                                       overpaying=any(m.overpaying for m in modules))
        self._spent_hooks = using("take_spent")
        self._free_kinds = frozenset().union(*(m.free_actions for m in modules))
        self._count_hooks = using("count_bonus")
        self._ask_hooks = using("ask_before_scoring")
        self._scoring_hooks = using("before_scoring")
        self._scored_hooks = using("after_scoring")
        self._detail_hooks = using("scoring_details")
        self._event_hooks = using("on_event")
        # event type -> the modules watching it (`event_types`); other types: the modules
        # watching every event
        self._watching_all = tuple(m for m in self._event_hooks if m.event_types is None)
        self._watchers = {kind: tuple(m for m in self._event_hooks if m.event_types is None
                                      or kind in m.event_types)
                          for kind in set().union(*(m.event_types or () for m in modules))}
        self._drawn_hooks = using("take_drawn_tile")
        self._reveal_hooks = using("reveal_card")
        self._beside_hooks = using("cards_beside")
        self._gate_hooks = using("use_gate")
        # Hands may hold cards that are not money (gate cards, §M5): payments skip them.
        self._distribution_hooks = using("distribute")
        self._score_hooks = tuple(sorted(((m, term) for m in modules for term in m.score_terms),
                                         key=lambda pair: term_rank(pair[1])))
        # Setup decisions (a module's choices before the first turn), then the first turn.
        self._setup_script = tuple(name for m in modules for name in m.setup_steps) + (
            "first_turn",)
        self._census_hooks = using("census")
        self._view_hooks = using("view")

    def _competitors(self) -> tuple[str, ...]:
        return self._config.competitors

    def _slice(self, module: str) -> Any:
        """The state slice of `module` (a name), the live data: read it, never change it."""
        return self._slices[module]

    # -- setup (RULES.md §3) -------------------------------------------------------

    def _setup(self) -> None:
        extra = {"modules": list(self._config.modules)} if self._modules else {}
        self._event("setup", players=list(self._players), dirk=self._dirk,
                    options=self.options, **extra)
        box = composition(self._config, self._modules, self._rng)
        self._bag = sorted(box.bag, key=tile_order)
        self._refill_market()
        if self._dirk:
            self._gift_dirk(dirk_gift_size(0, len(self._bag)), "setup")
        money = list(box.money)
        self._rng.shuffle(money)
        self._draw = money
        for player in self._players:
            self._deal_starting_money(player)
        self._start = self._start_player()
        start = self._players[self._start]
        hand = self._hands[start]
        self._event("start_player", player=start, cards=len(hand),
                    total=sum(c.value for c in hand))
        self._refill_display()
        self._build_draw_pile(box.pile_inserts)
        for module in self._modules:
            module.setup(self._ctx)
        self._pile_sizes = None  # the piles are one draw pile from now on
        self._current = self._start  # a setup decision is made before the first turn
        self._script = list(self._setup_script)
        self._run_script()
        self._version = next(_VERSIONS)

    def _first_turn(self) -> bool:
        self._current = self._start
        self._begin_turn()
        return False

    def _deal_starting_money(self, player: str) -> None:
        dealt: list[Card] = []
        while sum(c.value for c in dealt) < STARTING_MONEY:
            dealt.append(self._draw.pop())
        self._hands[player] = sorted(dealt, key=hand_order)
        self._event("starting_money", player=player, cards=[c.to_list() for c in dealt])

    def _start_player(self) -> int:
        """§3.5: fewest cards, then lowest total, then earliest in the seating order."""
        def key(i: int) -> tuple:
            hand = self._hands[self._players[i]]
            return (len(hand), sum(c.value for c in hand), i)
        return min(range(len(self._players)), key=key)

    def _build_draw_pile(self, inserts: Mapping[int, Sequence[Any]]) -> None:
        """§3.7: five piles, special cards shuffled into theirs, pile 1 on top."""
        top_first = self._draw[::-1]
        size, extra = divmod(len(top_first), PILES)
        piles, start = [], 0
        for number in range(1, PILES + 1):
            end = start + size + (1 if number <= extra else 0)
            pile = top_first[start:end]
            for card in inserts.get(number, ()):
                pile.insert(self._rng.randrange(len(pile) + 1), card)
            piles.append(pile)
            start = end
        self._draw = [card for pile in reversed(piles) for card in reversed(pile)]
        self._pile_sizes = [len(p) for p in piles]
        self._event("draw_pile", piles=[len(p) for p in piles])

    def _shuffle_into_pile(self, number: int, cards: Iterable[AnyCard]) -> None:
        """At setup only (in `Module.setup`): shuffle `cards` into money pile `number`
        (1-5, RULES.md §3.7) like the cards of ``pile_inserts``, for cards the module
        shares out from the same shuffle as cards it deals (master builders, §M14)."""
        if self._pile_sizes is None:
            raise RuntimeError("the money piles exist only at setup")
        for card in cards:
            above = sum(self._pile_sizes[:number - 1])  # cards of the piles on top of it
            depth = above + self._rng.randrange(self._pile_sizes[number - 1] + 1)
            self._draw.insert(len(self._draw) - depth, card)  # the top card is the last
            self._pile_sizes[number - 1] += 1

    # -- public state ----------------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        """The real players' names, in seating order."""
        return self._players

    @property
    def competitors(self) -> tuple[str, ...]:
        """Everyone who scores: the players, and Dirk in a two-player game."""
        return self._config.competitors

    @property
    def options(self) -> dict[str, Any]:
        """The game's options as a dict."""
        return self._config.options

    def _option(self, name: str) -> Any:
        """The value of a module option of this game (its default unless chosen)."""
        return dict(self._config.module_options)[name]

    @property
    def modules(self) -> tuple[str, ...]:
        """The Mega Box modules in play, in the rulebook's order."""
        return self._config.modules

    @property
    def decision(self) -> Decision | None:
        """The `Decision` being made now (``.kind``, ``.player``); None once the game is over."""
        return self._decisions[-1] if self._decisions else None

    @property
    def phase(self) -> Phase:
        """The current `Phase` (a str enum: compares equal to ``"action"`` etc.)."""
        if not self._decisions:
            return Phase.OVER
        return _PHASE_OF.get(self._decisions[-1].kind, Phase.INTERRUPT)

    @property
    def current_player(self) -> str | None:
        """The name of the player deciding now (``decision.player``), None once over.

        With modules this may be any player, out of seat order.
        """
        return self._decisions[-1].player if self._decisions else None

    @property
    def _decider(self) -> str:
        """The player deciding now, while the game goes on (the engine's rules ask it
        only then)."""
        return self._decisions[-1].player

    @property
    def turn_player(self) -> str | None:
        """Whose turn it is (the seat the turn belongs to), None once the game is over."""
        return None if self.is_over else self._players[self._current]

    @property
    def start_player(self) -> str:
        """The name of the player who took the first turn."""
        return self._players[self._start]

    @property
    def turn(self) -> int:
        """The number of the current turn, 1 for the first."""
        return self._turn

    @property
    def is_over(self) -> bool:
        """Whether the final scoring has been held."""
        return not self._decisions and 3 in self._scored

    @property
    def scores(self) -> dict[str, int]:
        """``{name: points}``, Dirk included in a two-player game."""
        return dict(self._scores)

    @property
    def winners(self) -> list[str]:
        """The real players with the highest total (several share a victory); [] before the end."""
        if not self.is_over:
            return []
        best = max(self._scores[p] for p in self._players)
        return [p for p in self._players if self._scores[p] == best]

    @property
    def score_terms(self) -> tuple[tuple[Module, str], ...]:
        """The modules' scoring terms as ``(module, term)`` pairs, in the order a scoring
        adds them (`scoring.term_rank`): what a projection of the scores adds to the
        majorities and walls."""
        return self._score_hooks

    @property
    def rounds_scored(self) -> tuple[int, ...]:
        """The scoring rounds held so far, in order."""
        return tuple(self._scored)

    @property
    def events(self) -> list[dict[str, Any]]:
        """Everything that happened, as JSON-able dicts, in order.

        A fresh list of the record's own dicts: read them, do not change them.
        """
        return self._events[:self._n_events]

    def events_since(self, start: int) -> list:
        """The events from number `start` on (``events[start:]``), without copying the
        earlier ones: what a log written as the game goes needs after each action.

        Examples
        --------
        >>> g = Game(["Ana", "Ben", "Cy"], seed=7)
        >>> seen = len(g.events)
        >>> g.apply(g.legal_actions()[0])
        >>> [e["type"] for e in g.events_since(seen)]
        ['take', 'draw_card', 'turn']
        """
        if isinstance(start, bool) or not isinstance(start, int) or start < 0:
            raise InvalidInput(f"start is an event number, 0 or more, got {brief(start)}")
        return self._events[start:self._n_events]

    @property
    def market(self) -> tuple[tuple[str, Tile | None], ...]:
        """Squares 1..4 in order: ``(currency, Tile or None)`` pairs."""
        return tuple(zip(CURRENCIES, self._market))

    @property
    def display(self) -> tuple[AnyCard, ...]:
        """The face-up cards of the display (money, and module cards such as exchange cards)."""
        return tuple(self._display)

    @property
    def to_place(self) -> tuple[Tile, ...]:
        """The tiles the player deciding must still place, reserve or give."""
        return tuple(self._to_place)

    @property
    def awaiting(self) -> tuple[tuple[str, tuple[Tile, ...]], ...]:
        """End of game: ``(name, tiles)`` of the recipients still to place after the current one."""
        return tuple((name, tuple(tiles)) for name, tiles in self._awaiting)

    @property
    def bag_size(self) -> int:
        """The number of tiles left in the bag."""
        return len(self._bag)

    def bag_kinds(self) -> dict[str, int]:
        """``{kind: n}`` of the tiles left in the bag.

        Public knowledge: the bag holds every tile not in sight (RULES.md §11).
        """
        found: dict[str, int] = {}
        for tile in self._bag:
            found[tile.kind] = found.get(tile.kind, 0) + 1
        return found

    @property
    def deck_size(self) -> int:
        """The number of cards in the draw pile (special cards not yet drawn included)."""
        return len(self._draw)

    @property
    def discard_size(self) -> int:
        """The number of cards on the discard pile."""
        return len(self._discard)

    @property
    def dirk_tiles(self) -> tuple[Tile, ...]:
        """Dirk's tiles in the order he received them; () with three or more players."""
        return tuple(self._dirk_tiles)

    def _player(self, name: str) -> str:
        if name not in self._hands:
            raise ValueError(f"no player called {name!r}: the players are "
                             f"{', '.join(self._players)}")
        return name

    def hand(self, name: str) -> tuple[AnyCard, ...]:
        """That player's cards, grouped by currency, highest value first (module cards after)."""
        return tuple(self._hands[self._player(name)])

    def reserve(self, name: str) -> tuple[Tile, ...]:
        """That player's reserve tiles, in `tile_order`."""
        return tuple(self._reserves[self._player(name)])

    def alhambra(self, name: str) -> Alhambra:
        """That player's `Alhambra`, the live object: read it, never change it."""
        return self._alhambras[self._player(name)]

    def census(self) -> dict[str, int]:
        """``{component: total}`` of every component of this game, wherever it is.

        Counted from where things are (bag, market, piles, display, hands, Alhambras,
        reserves, Dirk, set aside, the modules' pieces), never from the composition, so
        it checks conservation: it equals the composition's totals in every state.

        Examples
        --------
        >>> Game(["Ana", "Ben", "Cy"], seed=3, modules=("vizier", "exchange")).census()
        {'money': 108, 'exchange_card': 6, 'scoring_card': 2, 'building': 54, 'vizier': 3}
        """
        found = Counter(card.component for card in self._all_cards())
        found["scoring_card"] += len(self._revealed)  # set aside once revealed
        found.update(tile_component(t) for t in self._all_tiles())
        for module in self._census_hooks:
            found.update(module.census(self._ctx))
        return dict(found)

    def _all_cards(self) -> Iterator[AnyCard]:
        yield from self._draw
        yield from self._discard
        yield from self._display
        for hand in self._hands.values():
            yield from hand

    def _all_tiles(self) -> Iterator[Tile]:
        yield from self._bag
        yield from (t for t in self._market if t is not None)
        yield from self._dirk_tiles
        yield from self._to_place
        for _, tiles in self._awaiting:
            yield from tiles
        for p in self._players:
            yield from (t for cell, t in self._alhambras[p].layout.items() if cell != (0, 0))
            yield from self._reserves[p]

    def view(self, name: str) -> GameView:
        """What `name` may see: own hand, others' card counts, everything public.

        A snapshot (`GameView`); asked again before the game changes (by `apply`, its
        one door), the same one. Its modules' sections are computed when first read.
        """
        from .view import make_view

        version, views = self._views
        if version != self._version:
            views = {}
            self._views = (self._version, views)
        held = views.get(name)
        view = None if held is None else held()
        if view is None:
            live = self._live_views
            if len(live) > _LIVE_KEPT:  # asked often between two actions: forget the dead
                live[:] = [held for held in live if held() is not None]
            view = make_view(self, self._player(name), live)
            views[name] = weakref.ref(view)
        return view

    def _complete_views(self) -> None:
        """Before a change: the views handed out and still held get every module's
        section now, while the state is the one they show."""
        for held in self._live_views:
            modules = held()
            if modules is not None:
                modules.complete()
        self._live_views.clear()

    def copy(self) -> Game:
        """An independent game with the same future (the same as ``from_json(to_json())``).

        Structural, and as cheap at the end of a game as at its start: the wiring (the
        config, the modules and their hooks) is shared, immutable values and caches are
        shared, the rest of the state is copied (`state.copy_data`), and the append-only
        event log is shared with its length. Playing either game never changes the
        other's save or events. ``copy.copy(game)`` is this copy.

        Examples
        --------
        >>> g = Game(["Ana", "Ben"], seed=2)
        >>> c = g.copy()
        >>> c.apply(c.legal_actions()[0])
        >>> c.turn, g.turn, len(c.events) > len(g.events)
        (2, 1, True)
        >>> g.apply(g.legal_actions()[0]); g.to_json() == c.to_json()
        True
        >>> import copy
        >>> copy.copy(g).apply(g.legal_actions()[0]); g.to_json() == c.to_json()
        True
        """
        new = object.__new__(type(self))
        wiring = self._wiring
        new.__dict__.update({name: _fresh_cache(value) if name in _CACHES
                             else value if name in wiring or name in _SHARED_STATE
                             else copy_data(value)
                             for name, value in vars(self).items() if name != "_ctx"})
        new._ctx = Context(new)
        for name, empty in _OWN_CACHES.items():
            setattr(new, name, empty())
        return new

    # ``copy.copy`` gives an independent game too, as ``copy.deepcopy`` does (the
    # convention of python-chess's ``Board.__copy__``): a shallow copy would share the
    # hands, the Alhambras and the decisions, but not the event log or the script, and
    # playing it would change its original into a state its own record contradicts.
    __copy__ = copy

    def __getstate__(self) -> dict:
        """Pickle the state alone: no wiring (its closures do not pickle), no caches."""
        state = {name: value for name, value in vars(self).items()
                 if name not in self._wiring and name not in _CACHES and name != "_ctx"}
        state["_events"] = self._events[:self._n_events]
        state["_config"] = self._config
        return state

    def __setstate__(self, state: dict) -> None:
        """Wire the modules again as `Game` does, then take the pickled state."""
        self._blank(state["_config"], state["_rng"])
        self.__dict__.update(state)
        self._version = next(_VERSIONS)  # numbers of another process mean nothing here

    def __repr__(self) -> str:
        who = f", {self._decider} to decide" if self._decisions else ""
        mods = f" with {', '.join(self.modules)}" if self.modules else ""
        return f"<Game {', '.join(self._players)}{mods}: turn {self._turn}, {self.phase}{who}>"

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        from ..display import mimebundle

        return mimebundle(self)

    # -- legal actions -----------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every action legal now for the player deciding, in a canonical order.

        ``act``: takes, buys (square 1..4, then the modules' payment sources),
        redesigns (reserve tiles placed, tiles removed, reserve tiles exchanged in), the
        modules' actions, then ``end`` after an exact payment; ``end`` alone when
        nothing else is legal. Placing: per waiting tile in `tile_order`, its placements
        by cell, then reserve, then give. A module's decision: its own actions. The
        order depends on the state alone, never on hashing.
        """
        return list(self._legal_tuple())

    def _legal_tuple(self) -> tuple[Action, ...]:
        if self._legal is None:
            self._legal = self._enumerate_actions()
        return self._legal

    def _enumerate_actions(self) -> tuple[Action, ...]:
        if not self._decisions:
            return ()
        decision = self._decisions[-1]
        kind = decision.kind
        parts = [source(self) for source in _BASE_SOURCES.get(kind, ())]
        parts += [module.options(self._ctx, decision)
                  for module in self._options_for.get(kind, self._option_hooks)]
        actions = tuple(chain.from_iterable(parts))  # one copy of a long listing (chests)
        if kind == "act" and (self._may_continue or not actions or (
                self._free_kinds and all(a.kind in self._free_kinds for a in actions))):
            actions += (End(),)
        return actions

    def _take_options(self) -> tuple[Take, ...]:
        # The choices depend on the cards, not their order: one cache entry per multiset.
        display = tuple(self._display)
        takes = by_identity(_TAKES, None, display,
                            lambda: _take_actions(tuple(sorted(display, key=card_order))))
        if self._beside_hooks:  # a card beside the display is taken alone (§M5)
            takes += tuple(Take((card,)) for m in self._beside_hooks
                           for card in m.cards_beside(self._ctx))
        return takes

    def _payments_of(self, player: str) -> list[Buy]:
        """Every minimal way for `player` to pay a market tile now, as `Buy` actions.

        Square by square in one currency (RULES.md §4b), then the ways the modules'
        payment sources add (an exchange card, §M2).
        """
        hand = self._hands[player]
        # The squares' part depends on the hand and the market alone: kept by identity.
        actions = list(by_identity(_SQUARE_BUYS, bool(self._modules), (*hand, *self._market),
                                   lambda: self._square_payments(hand)))
        for module in self._payment_hooks:
            actions.extend(module.payment_sources(self._ctx, player))
        return actions

    def _square_payments(self, hand: list[AnyCard]) -> tuple[Buy, ...]:
        """`_payments_of` on squares 1..4 with the cards of `hand`, as a tuple."""
        values: dict[str, list[int]] = {currency: [] for currency in CURRENCIES}
        mixed: set[str] = set()
        if not self._modules:
            for card in hand:  # highest value first
                values[card.currency].append(card.value)
        else:
            # Module cards pay only through their source (exchange, diamonds...), except
            # the money of a currency (master builders, coins): it pays its square.
            for card in hand:
                if card.__class__ is Card:
                    values[card.currency].append(card.value)
                elif isinstance(card, Card) and card.currency in values:
                    mixed.add(card.currency)
        actions: list[Buy] = []
        for square, tile in enumerate(self._market, start=1):
            currency = CURRENCIES[square - 1]
            if tile is None:
                continue
            if currency in mixed:
                money = tuple(c for c in hand if isinstance(c, Card) and c.currency == currency)
                actions.extend(_card_buy_actions(square, tile, money))
                continue
            paid = values[currency]
            if sum(paid) >= tile.price:
                actions.extend(_buy_actions(square, tile, tuple(paid)))
        return tuple(actions)

    def _buy_options(self) -> list[Buy]:
        return self._payments_of(self._decider)

    def _redesign_options(self) -> tuple[Action, ...]:
        return self._redesigns_of(self._decider)

    def _redesigns_of(self, player: str) -> tuple[Action, ...]:
        """Every redesign `player` could make now (RULES.md §7), as `Redesign` actions:
        reserve tiles placed, tiles removed, reserve tiles exchanged in (for the modules
        too: a master builder's redesign, §M14)."""
        actions = self._redesigns.get(player)
        if actions is None:
            alhambra = self._alhambras[player]
            reserve = _distinct(self._reserves[player])
            # The Alhambra keeps its listings per layout as bit sets and per kind of
            # tile, and the actions are kept per tile and bit: a change of the reserve
            # alone costs no search, one of the layout one per kind.
            grid = alhambra.cell_bits()
            places: list[tuple[str, Tile | None, int]] = []
            others: list[tuple[str, Tile | None, int]] = [
                ("remove", None, alhambra.removable_bits())]
            for tile in reserve:
                place, exchange = alhambra.fit_bits(tile)
                places.append(("place", tile, place))
                others.append(("exchange", tile, exchange))
            if alhambra.hole_rule == "enclosed":
                listing = _at_bits(places + others, grid)
            else:  # placements by the other hole rule's own search
                listing = [action for tile in reserve for action in
                           _at_cells("place", tile, alhambra.placement_cells(tile))]
                listing += _at_bits(others, grid)
            actions = self._redesigns[player] = tuple(listing)
        return actions

    def _placing_options(self) -> list[Action]:
        alhambra = self._alhambras[self._decider]
        may_give = self._decisions[-1].data.get("give", False)
        actions = []
        for tile in _distinct(self._to_place):
            actions += _at_cells("tile", tile, alhambra.placement_cells(tile))
            actions.append(Reserve(tile))
            if may_give and tile.kind != "hut" and not tile.stick_mask:
                actions.append(Give(tile))
        return actions

    # -- applying actions ---------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Carry out `action` for the player deciding now.

        Raises
        ------
        IllegalAction
            If the rules refuse it now; the game is then left exactly as it was.
        InvalidInput
            If `action` is not an `Action` of a kind (a `TypeError` too).
        """
        if not isinstance(action, Action) or not hasattr(action, "kind"):
            raise InvalidInput(f"expected an action of a kind (one of legal_actions()), got "
                               f"{type(action).__name__}: {brief(action)}")
        if not self._decisions:
            raise IllegalAction(f"cannot {action}: the game is over")
        if action.kind not in self._allowed.get(self._decisions[-1].kind, ()):
            raise IllegalAction(f"cannot {action} now: {self._decision_text()}")
        check, effect = self._handlers[action.kind]
        check(self, action)
        self._legal = None
        if self._live_views:
            self._complete_views()
        self._version = next(_VERSIONS)
        effect(self, action)

    def _decision_text(self) -> str:
        decision = self._decisions[-1]
        player = decision.player
        if decision.kind == "act":
            return f"{player} is to take money, buy or redesign"
        if decision.kind in ("place", "final_place"):
            may_give = decision.data.get("give", False)
            return (f"{player} is to place, reserve{' or give' if may_give else ''}"
                    f" {', '.join(map(str, self._to_place))}")
        return f"{player} is to decide ({decision.kind})"

    def _refuse(self, action: Action, why: str, reasons: Iterable[str] = ()) -> NoReturn:
        """Raise `IllegalAction` for `action` of the player deciding (for the modules too)."""
        raise IllegalAction(f"{self._decider} cannot {action}: {why}", reasons)

    # take (§4a)

    def _check_take(self, action: Take) -> None:
        if self._beside_hooks and len(action.cards) == 1 and any(
                action.cards[0] in m.cards_beside(self._ctx) for m in self._beside_hooks):
            return  # a module's card beside the display (a gate card, §M5)
        left = list(self._display)
        for card in action.cards:
            if card not in left:
                self._refuse(action, f"{card} is not on the display "
                                    f"({', '.join(map(str, self._display)) or 'empty'})")
            left.remove(card)
        if len(action.cards) > 1:
            if not all(isinstance(c, Card) for c in action.cards):
                self._refuse(action, "an exchange card is taken alone")
            total = payment_total(action.cards)
            if total > 5:
                self._refuse(action, f"several cards must total at most 5, these total {total}")

    def _do_take(self, action: Take) -> None:
        player = self._decider
        hand = self._hands[player]
        for card in action.cards:
            if not (self._beside_hooks and any(m.take_beside(self._ctx, card)
                                               for m in self._beside_hooks)):
                self._display.remove(card)
            bisect.insort(hand, card, key=hand_order)
        self._event("take", player=player, cards=[c.to_list() for c in action.cards])
        self._end_actions()

    # buy (§4b)

    def _check_payment(self, action: Buy, rule: Rule = "minimal", item: str | None = None) -> None:
        """Refuse a `Buy`-like action whose tile, cards or payment the rules do not allow:
        its payment under `rule` (`payments.check_payment`) with the modules' sources."""
        tile = self._market[action.square - 1]
        if tile is None or tile != action.tile:
            self._refuse(action, f"square {action.square} holds {tile or 'nothing'}")
        verdict = check_payment(action.cards, tile.price, action.currency, rule,
                                self._sources, self._hands[self._decider],
                                item=item or f"the {action.currency} square")
        if not verdict.ok:
            self._refuse(action, verdict.message)

    def _take_card(self, player: str, card: AnyCard) -> None:
        """Move `card` (checked to be on the display) into `player`'s hand (a theft, §M10)."""
        self._display.remove(card)
        bisect.insort(self._hands[player], card, key=hand_order)

    def _discard_from_display(self, card: AnyCard) -> None:
        """Move `card` (checked to be on the display) to the discard pile (§M7)."""
        self._display.remove(card)
        self._discard.append(card)

    def _discard_cards(self, player: str, cards: Iterable[AnyCard]) -> None:
        """Move `cards` (checked to be in `player`'s hand) to the discard pile; a module
        may take one back instead (a spent coin into the coin bag, §M11)."""
        hand = self._hands[player]
        for card in cards:
            hand.remove(card)
            if not (self._spent_hooks and any(m.take_spent(self._ctx, card)
                                              for m in self._spent_hooks)):
                self._discard.append(card)

    def _give_cards(self, player: str, cards: Iterable[AnyCard]) -> None:
        """Put `cards` into `player`'s hand (for the modules: master builders dealt at
        setup, coins drawn as change, §M11, §M14); the module records the event."""
        hand = self._hands[player]
        for card in cards:
            bisect.insort(hand, card, key=hand_order)

    def _discard_drawn(self, card: AnyCard) -> None:
        """Put a card just drawn for the display on the discard pile (a second gate card,
        §M5)."""
        self._discard.append(card)

    def _remove_cards(self, player: str, cards: Iterable[AnyCard]) -> None:
        """Take `cards` (checked to be in `player`'s hand) out of the game: the module
        that spends them keeps count (a gate card, §M5)."""
        hand = self._hands[player]
        for card in cards:
            hand.remove(card)

    def _pay(self, player: str, action: Buy) -> None:
        """Move a checked payment's cards to the discard and take the tile off the market."""
        self._discard_cards(player, action.cards)
        self._market[action.square - 1] = None

    def _do_buy(self, action: Buy) -> None:
        player = self._decider
        self._pay(player, action)
        exact = action.exact
        self._event("buy", player=player, square=action.square, currency=action.currency,
                    tile=action.tile.to_list(), cards=[c.to_list() for c in action.cards],
                    exact=exact)
        self._bought(action.tile, exact)

    def _bought(self, tile: Tile, exact: bool) -> None:
        """A tile bought on one's turn waits to be placed; an exact payment grants another
        action (§4b), any other ends the action part (for the modules too: a bazaar)."""
        self._to_place.append(tile)
        if exact:
            self._may_continue = True
        else:
            self._end_actions()

    def _lay_sticks(self, player: str, sides: Iterable[str], tile: Tile, cell: Cell | None = None) -> Tile:
        """Lay City Walls sticks (§M9, checked by the module) on one of `player`'s tiles:
        the one on `cell` of the Alhambra, else `tile` waiting to be placed (just
        bought), else `tile` on the reserve. Returns the tile with its sticks."""
        if cell is not None:
            self._alhambras[player].add_sticks(cell, sides)
            self._redesigns.pop(player, None)
            return self._alhambras[player].layout[cell]
        new = tile.with_sticks(sides)
        if tile in self._to_place:
            self._to_place[self._to_place.index(tile)] = new
        else:
            reserve = self._reserves[player]
            reserve.remove(tile)
            bisect.insort(reserve, new, key=tile_order)
            self._redesigns.pop(player, None)
        return new

    def _receive_tile(self, tile: Tile) -> None:
        """A tile the player deciding takes for free this turn (a hut, §M4): it waits to be
        placed at the turn end with the bought tiles, and can never go to Dirk."""
        self._to_place.append(tile)

    # redesign (§7)

    def _check_redesign(self, action: Redesign) -> None:
        player = self._decider
        alhambra = self._alhambras[player]
        tile = action.tile  # None exactly for a removal (`Redesign` checks it)
        if tile is not None and tile not in self._reserves[player]:
            self._refuse(action, f"{tile} is not on the reserve")
        if action.gate is not None:
            self._check_gate(action)
        if tile is None:
            verdict = alhambra.check_removal(action.pos)
        elif action.move == "place":
            verdict = alhambra.check(tile, action.pos, action.gate)
        else:
            verdict = alhambra.check_exchange(tile, action.pos)
        if not verdict.ok:
            self._refuse(action, verdict.explain(), verdict.reasons)

    def _do_redesign(self, action: Redesign) -> None:
        player = self._decider
        alhambra = self._alhambras[player]
        reserve = self._reserves[player]
        tile = action.tile
        removed = None
        # `_check_redesign` has checked it against the Alhambra: no second check
        if tile is None:
            removed = alhambra._take(action.pos)
        elif action.move == "place":
            alhambra._build(action.pos, tile, action.gate)
        else:
            removed = alhambra._replace(action.pos, tile)
        if tile is not None:
            reserve.remove(tile)
        if removed is not None:
            bisect.insort(reserve, removed, key=tile_order)
        self._redesigns.pop(player, None)
        self._event("redesign", player=player, move=action.move,
                    tile=None if action.tile is None else action.tile.to_list(),
                    pos=list(action.pos), removed=None if removed is None else removed.to_list(),
                    **self._gate_used(player, action))
        if self._decisions[-1].kind == "act":
            self._end_actions()
        else:  # a module's redesign at the turn end (a master builder's, §M14)
            self._resume()

    # end / pass

    def _check_end(self, action: End) -> None:
        if not self._may_continue and self._legal_tuple()[-1:] != (End(),):  # End comes last
            self._refuse(action, "ending the action part needs an exact payment first, and "
                                "passing is only for a player with no other legal action")

    def _do_end(self, action: End) -> None:
        self._event("end", player=self._decider, passed=not self._may_continue)
        self._end_actions()

    def _end_actions(self) -> None:
        """The action part of the turn is over: run the turn-end script (§5)."""
        self._may_continue = False
        self._decisions.pop()
        self._script = list(self._turn_end)
        self._run_script()

    # place / reserve / give (§5.1, §9.4)

    def _check_waiting(self, action: Place | Reserve | Give) -> None:
        if action.tile not in self._to_place:
            self._refuse(action, f"{action.tile} is not waiting to be placed "
                                f"(waiting: {', '.join(map(str, self._to_place)) or 'nothing'})")

    def _check_place(self, action: Place) -> None:
        self._check_waiting(action)
        if action.gate is not None:
            self._check_gate(action)
        verdict = self._alhambras[self._decider].check(action.tile, action.pos, action.gate)
        if not verdict.ok:
            self._refuse(action, verdict.explain(), verdict.reasons)

    def _do_place(self, action: Place) -> None:
        player = self._decider
        # `_check_place` has checked it against the Alhambra: no second check
        self._alhambras[player]._build(action.pos, action.tile, action.gate)
        self._redesigns.pop(player, None)
        self._to_place.remove(action.tile)
        self._event("place", player=player, tile=action.tile.to_list(), pos=list(action.pos),
                    **self._gate_used(player, action))
        self._after_placing()

    def _check_gate(self, action: Place | Redesign) -> None:
        """A placement through a gate needs the City Gates module and its card (§M5)."""
        if not self._gate_hooks:
            self._refuse(action, "gates belong to the City Gates module (RULES.md §M5), "
                                "which is not in play")
        for module in self._gate_hooks:
            module.check_gate(self._ctx, action)

    def _gate_used(self, player: str, action: Place | Redesign) -> dict[str, str]:
        """The gate card of a placement through a gate is spent: ``{"gate": side}`` for
        its event, ``{}`` without a gate (the base game's events are unchanged)."""
        if action.gate is None:
            return {}
        for module in self._gate_hooks:
            module.use_gate(self._ctx, player, action)
        return {"gate": action.gate}

    def _do_reserve(self, action: Reserve) -> None:
        player = self._decider
        self._to_place.remove(action.tile)
        bisect.insort(self._reserves[player], action.tile, key=tile_order)
        self._redesigns.pop(player, None)
        self._event("reserve", player=player, tile=action.tile.to_list())
        self._after_placing()

    def _check_give(self, action: Give) -> None:
        if not self._dirk:
            self._refuse(action, f"only a two-player game has {DIRK}")
        if not self._decisions[-1].data.get("give", False) or action.tile.kind == "hut":
            self._refuse(action, f"only a tile bought on one's own turn may go to {DIRK}")
        if action.tile.stick_mask:
            self._refuse(action, f"{DIRK} takes no part in City Walls (§M9): a tile with "
                                "sticks stays with its player")
        self._check_waiting(action)

    def _do_give(self, action: Give) -> None:
        self._to_place.remove(action.tile)
        self._dirk_tiles.append(action.tile)
        self._event("give", player=self._decider, tile=action.tile.to_list())
        self._after_placing()

    def _after_placing(self) -> None:
        if not self._to_place:
            self._resume()

    # -- the decision stack and the turn-end script ---------------------------------------

    def _push_decision(self, kind: str, player: str, **data: Any) -> None:
        """Put a decision on top: `player` is to decide `kind` now (for the modules too)."""
        self._decisions.append(Decision.make(kind, player, data))

    def _swap_decision(self, kind: str, player: str, **data: Any) -> None:
        """Replace the decision on top (a window's answer that needs a choice of its own)."""
        self._decisions[-1] = Decision.make(kind, player, data)

    def _place_now(self, player: str, tile: Tile) -> None:
        """`player` places or reserves `tile` at once: the decision on top becomes ``place``
        (with no giving to Dirk; a vizier's purchase, §M1)."""
        self._to_place.append(tile)
        self._swap_decision("place", player)

    def _shuffle(self, items: list[Any]) -> None:
        """Shuffle `items` in place with the game's own generator (saved with the game)."""
        self._rng.shuffle(items)

    def _resume(self) -> None:
        """The decision on top is made: take it off and go on with the script."""
        self._decisions.pop()
        self._run_script()

    def _run_script(self) -> None:
        """Run turn-end steps in order until one waits on a decision (it stays first)."""
        steps = self._steps
        while self._script and not self._decisions:
            name = self._script.pop(0)  # a step may set the script anew (the game's end)
            step, on_context = steps[name]
            if step(self._ctx if on_context else self):
                self._script.insert(0, name)
                return

    def _step_place_bought(self) -> bool:
        if self._to_place:
            give = {"give": True} if self._dirk else None
            self._decisions.append(Decision.make("place", self._players[self._current], give))
            return True
        return False

    def _refill_display(self) -> bool:
        """§5.2: draw until the display holds 4; a reshuffle when the draw pile is empty.

        Returns True when a module's decision waits (an auction of a revealed
        character, §M0.4): the refill goes on when it is called again after it.
        """
        waiting = len(self._decisions)
        stalled = False  # a reshuffle has put nothing on the display yet
        while len(self._display) < DISPLAY_SIZE:
            if not self._draw:
                # A reshuffled pile that gave the display nothing (only gate cards, which
                # go back to the discards, §M5) would be reshuffled forever: stop short.
                if not self._discard or stalled:
                    return False
                self._reshuffle()
                stalled = True
            shown = len(self._display)
            self._reveal(self._draw.pop())
            stalled = stalled and len(self._display) == shown
            if len(self._decisions) > waiting:
                return True
        return False

    def _reveal(self, card: AnyCard) -> None:
        """A card drawn for the display: a scoring card is set aside, a module may take
        its own card (`Module.reveal_card`), any other goes on the display."""
        if isinstance(card, ScoringCard):
            self._revealed.append(card.round_no)
            self._pending_rounds.append(card.round_no)
            self._event("scoring_card", round=card.round_no)
        elif not (self._reveal_hooks
                  and any(m.reveal_card(self._ctx, card) for m in self._reveal_hooks)):
            self._display.append(card)
            self._event("draw_card", card=card.to_list())

    def _reshuffle(self) -> None:
        self._draw, self._discard = self._discard, []
        self._rng.shuffle(self._draw)
        self._event("reshuffle", cards=len(self._draw))

    def _refill_market(self) -> None:
        """§5.3: fill empty squares 1 to 4 from the bag; note if the bag falls short.

        A module may take a drawn tile instead (a bazaar goes beside the market, §M16);
        drawing then goes on for the same square.
        """
        for i, tile in enumerate(self._market):
            while tile is None:
                if not self._bag:
                    self._market_short = True
                    return
                tile = self._bag.pop(self._rng.randrange(len(self._bag)))
                if self._drawn_hooks and any(m.take_drawn_tile(self._ctx, tile)
                                             for m in self._drawn_hooks):
                    tile = None
                    continue
                self._market[i] = tile
                self._event("draw_tile", square=i + 1, tile=tile.to_list())

    def _hold_scorings(self) -> bool:
        """§5.4: score the rounds whose card came up; Dirk's gift follows each (§10).

        A turn-end step, and for the modules a scoring card drawn between turns (the
        refill after a theft, §M10) is scored at once by calling it. Returns True while
        a decision the next scoring needs waits (the Wise Man's type, §M7): calling it
        again after that decision goes on.
        """
        while self._pending_rounds:
            round_no = self._pending_rounds[0]
            if self._asking(round_no):
                return True
            self._pending_rounds.pop(0)
            self._score_round(round_no)
            if self._dirk:
                self._gift_dirk(dirk_gift_size(round_no, len(self._bag)), f"round {round_no}")
        return False

    def _asking(self, round_no: int) -> bool:
        """Whether a module pushed a decision the scoring of `round_no` waits for."""
        return bool(self._ask_hooks) and any(m.ask_before_scoring(self._ctx, round_no)
                                             for m in self._ask_hooks)

    def _game_ending(self) -> bool:
        """Whether the turn now ending ends the game (§9.1): the trigger has fired."""
        if self._config.end_trigger == "market_short":
            return self._market_short
        return not self._bag

    def _in_final_phase(self) -> bool:
        """Over, or in its end (§9.2): the final placing or the last scoring, a
        module's decision before that scoring included."""
        return (not self._decisions or self._decisions[-1].kind == "final_place"
                or GAME_END[-1] in self._script)

    def _seats_from_next(self) -> list[str]:
        """The players in seat order from the one after the turn's player, that one last."""
        n = len(self._players)
        return [self._players[(self._current + k) % n] for k in range(1, n + 1)]

    def _finish_turn(self) -> None:
        """§9.1: end the game if its trigger fired, else start the next turn."""
        ending = self._game_ending()
        self._market_short = False
        if ending:
            self._end_game(self._config.end_trigger)
        else:
            self._current = (self._current + 1) % len(self._players)
            self._begin_turn()

    def _begin_turn(self) -> None:
        self._turn += 1
        player = self._players[self._current]
        self._decisions.append(Decision("act", player))
        self._event("turn", turn=self._turn, player=player)

    def _gift_dirk(self, size: int, after: str) -> None:
        tiles = [self._bag.pop(self._rng.randrange(len(self._bag)))
                 for _ in range(size)]
        self._dirk_tiles.extend(tiles)
        self._event("dirk_gift", after=after, tiles=[t.to_list() for t in tiles])

    # -- scoring (§8) -------------------------------------------------------------------

    def counts(self, name: str) -> dict[str, float]:
        """``{kind: n}`` of a competitor for majorities, the modules' bonuses included."""
        if name == DIRK:
            counts: dict[str, float] = dict.fromkeys(KINDS, 0)
            for tile in self._dirk_tiles:
                if tile.kind in counts:
                    counts[tile.kind] += 1
            return counts
        counts = dict[str, float](self._alhambras[name].counts())
        for module in self._count_hooks:
            module.count_bonus(self._ctx, name, counts)
        return counts

    def _score_round(self, round_no: int) -> None:
        """Majorities for every competitor (Dirk too), walls for the real players, module terms."""
        for module in self._scoring_hooks:
            module.before_scoring(self._ctx, round_no)
        competitors = self._competitors()
        counts = {name: self.counts(name) for name in competitors}
        walls = {name: 0 if name == DIRK else self._alhambras[name].longest_wall()
                 for name in competitors}
        # A term a module does not score in this round (bazaars before round 3) is None.
        terms = [(term, values) for term, values in
                 ((term, module.score(self._ctx, term, round_no)) for module, term in self._score_hooks)
                 if values is not None]
        breakdown = score_round(round_no, counts, walls, terms)
        for name, gained in breakdown.points.items():
            self._scores[name] += gained
        self._scored.append(round_no)
        details = {}
        for module in self._detail_hooks:
            details.update(module.scoring_details(self._ctx, round_no))
        self._event("scoring", round=round_no, counts=counts, walls=walls,
                    points=dict(breakdown.points), parts=breakdown.parts_dict(), **details)
        for module in self._scored_hooks:
            module.after_scoring(self._ctx, round_no)

    # -- end of the game (§9) -----------------------------------------------------------

    def _end_game(self, reason: str) -> None:
        self._event("end_triggered", reason=reason)
        self._end_reason = reason
        self._distribute()
        self._script = list(GAME_END)

    def _majority_holder(self, currency: str) -> str | None:
        """The one player holding strictly the most money in `currency`, else None."""
        holdings = {p: sum(c.value for c in self._hands[p]
                           if isinstance(c, Card) and c.currency == currency)
                    for p in self._players}
        best = max(holdings.values())
        leaders = [p for p, total in holdings.items() if total == best]
        return leaders[0] if best > 0 and len(leaders) == 1 else None

    def _distribute(self) -> None:
        """§9.3: each market tile to the strict majority holder of its currency."""
        received: dict[str, list[Tile]] = {}
        record = []
        for i, tile in enumerate(self._market):
            if tile is None:
                continue
            holder = self._majority_holder(CURRENCIES[i])
            record.append({"square": i + 1, "currency": CURRENCIES[i], "tile": tile.to_list(),
                           "to": holder})
            if holder is not None:
                self._market[i] = None
                received.setdefault(holder, []).append(tile)
        for module in self._distribution_hooks:  # e.g. bazaars beside the market (§M16)
            for holder, tile, entry in module.distribute(self._ctx, self._majority_holder):
                record.append(entry)
                if holder is not None:
                    received.setdefault(holder, []).append(tile)
        self._event("distribution", tiles=record)
        self._awaiting = [[p, received[p]] for p in self._seats_from_next() if p in received]

    def _final_placing(self) -> bool:
        if not self._awaiting:
            return False
        player, tiles = self._awaiting.pop(0)
        self._current = self._players.index(player)
        self._to_place = tiles
        self._push_decision("final_place", player)
        self._event("final_placing", player=player, tiles=[t.to_list() for t in tiles])
        return True

    def _final_scoring(self) -> bool:
        if self._asking(3):
            return True
        self._score_round(3)
        self._event("game_over", scores=dict(self._scores), winners=self.winners)
        return False

    # -- events ---------------------------------------------------------------------------

    def _event(self, kind: str, **fields: Any) -> None:
        """Append an event to the record (for the modules too); the modules that watch
        events (``on_event``) see it at once."""
        event = {"type": kind, **fields}
        events = self._events
        if len(events) == self._n_events:  # the log is this game's alone past its length
            events.append(event)  # (every action records one or more: no call for it)
            self._n_events += 1
        else:
            self._events, self._n_events = append_event(events, self._n_events, event)
        if self._event_hooks:
            for module in self._watchers.get(kind, self._watching_all):
                module.on_event(self._ctx, event)

    # -- saving and restoring -------------------------------------------------------------

    def to_json(self) -> str:
        """The whole state as a JSON string, byte for byte the same for the same game.

        Keys are sorted; tiles are ``[kind, price, walls]`` with walls in N, E, S, W
        order; cards ``[currency, value]``, scoring cards ``["scoring", round]``,
        exchange cards ``["exchange", currency, currency]``; the draw pile is listed top
        card first; Alhambras list ``[x, y, kind, price, walls]`` by cell; the modules'
        slices under ``"modules_state"``. The generator's state is included.
        """
        from .persist import game_json

        return game_json(self)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Restore a game saved by `to_json` (this version or version 1), checking it.

        Raises
        ------
        InvalidSave
            Naming what is wrong and where: malformed JSON or fields, a card or tile
            missing, doubled or unknown, an illegal Alhambra, an impossible decision, a
            state with no way to go on. Never another exception, in time linear in the
            text's size.
        """
        from .persist import load_game

        return load_game(cls, text)


def _fresh_cache(value: Any) -> Any:
    """A cache for a copy: the same value while immutable, a dict of values copied one
    level (each player's redesigns, their public record: still right for the copy, which
    a search plays on at once), else an empty one of its type.

    A tuple is taken as immutable without looking inside: caches hold tuples of values
    (the legal actions, 900 of them in some turns), by the convention of `_CACHES`.
    """
    if value.__class__ is tuple or is_immutable(value):
        return value
    return dict(value) if value.__class__ is dict else type(value)()


def _on_context(hook: Callable[..., Any]) -> Callable[..., Any]:
    """A module's action handler, called as the engine calls its own
    (``f(game, ...)``), given the game's context instead (modules never get the game)."""
    def call(game: Game, *args: Any) -> Any:
        return hook(game._ctx, *args)
    return call


def _by_decision(handlers: dict[str, tuple[Handler, Handler]]) -> tuple[Handler, Handler]:
    """(check, effect) of an action kind several modules offer (``decline``): those of the
    module whose decision is on top."""
    def check(game: Game, action: Action) -> Any:
        return handlers[game._decisions[-1].kind][0](game, action)

    def effect(game: Game, action: Action) -> Any:
        return handlers[game._decisions[-1].kind][1](game, action)
    return check, effect


#: action kind -> (check, effect), each called as f(game, action).
_BASE_HANDLERS: Mapping[str, tuple[Handler, Handler]] = MappingProxyType({
    "take": (Game._check_take, Game._do_take),
    "buy": (Game._check_payment, Game._do_buy),
    "redesign": (Game._check_redesign, Game._do_redesign),
    "end": (Game._check_end, Game._do_end),
    "place": (Game._check_place, Game._do_place),
    "reserve": (Game._check_waiting, Game._do_reserve),
    "give": (Game._check_give, Game._do_give),
})

#: decision kind -> the action kinds allowed in it (the modules add theirs).
_BASE_ALLOWED = MappingProxyType({
    "act": frozenset({"take", "buy", "redesign", "end"}),
    "place": frozenset({"place", "reserve", "give"}),
    "final_place": frozenset({"place", "reserve"}),
})
assert set(_BASE_ALLOWED) == set(BASE_DECISIONS)

#: decision kind -> the methods listing its legal actions, in order.
_BASE_SOURCES = MappingProxyType({
    "act": (Game._take_options, Game._buy_options, Game._redesign_options),
    "place": (Game._placing_options,),
    "final_place": (Game._placing_options,),
})

#: turn-end step name -> method; a true result means "waiting on a decision".
_BASE_STEPS = MappingProxyType({
    "place_bought": Game._step_place_bought,
    "refill_display": Game._refill_display,
    "refill_market": Game._refill_market,
    "hold_scorings": Game._hold_scorings,
    "finish_turn": Game._finish_turn,
    "final_placing": Game._final_placing,
    "final_scoring": Game._final_scoring,
    "first_turn": Game._first_turn,
})
assert set(_BASE_STEPS) == set(TURN_END + GAME_END + ("first_turn",))
