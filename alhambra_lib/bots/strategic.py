"""Strategic bots: one weighted evaluation of the position, three sets of weights.

A `StrategicBot` looks one action ahead. For every legal action it works out how the
action changes a few *features* of its own position, multiplies each change by a
weight from its `Weights` and picks the action with the highest sum. The features:

=============== =================================================================
``wall``        segments of the longest wall, times the scoring rounds to come
``first_place`` majority points from first places in the rounds to come
``lower_place`` majority points from second and third places in the rounds to come
``tile``        building tiles in the Alhambra (or bought and about to be built)
``exact_payment`` 1 for a purchase paid exactly: it grants another action
``money``       the total value of the cards in hand
``buying_power`` market tiles the hand can pay exactly
``reserve``     tiles on the reserve, where they never score (a cost: subtracted)
``compact``     sides shared by two built cells (a compact Alhambra keeps cells open)
``vizier``      1 while one's vizier is awake (Mega Box M1): waking it gains one,
                a vizier's purchase spends it
``module_points`` points a module's tile scores by itself: a bazaar's n x k at its
                cell (M16, final scoring), a camp's line points (M8) in the rounds
                to come
``blocked``     empty cells a camp closes to buildings (M8: no bastion on that
                side; a cost: subtracted), so camps do not wall the Alhambra in
=============== =================================================================

Majorities and walls count the *next* scoring round at full value and each later
round at ``future`` times its value: the standings will move before then. A tile
bought is judged on the best cell it could go to now; when no cell takes it, on the
reserve (``reserve`` 1); with huts (M4) or camps (M8), which can close every cell of
an Alhambra to buildings, also with half its ``tile`` and majority worth, since a
redesign may build it later (so that a walled-in Alhambra does not hoard money for
ever).

`WallBuilder`, `MajorityHunter` and `BalancedBot` are the same class with different
preset weights (the others are the `Weights` defaults: ``tile`` 1, ``exact_payment``
3, ``money`` 0.2, ``buying_power`` 1, ``reserve`` 1, ``compact`` 0.2, ``vizier`` 2,
``module_points`` 1, ``blocked`` 0.5, ``future`` 0.5):

=============== =========== ============== ===========
weight          WallBuilder MajorityHunter BalancedBot
=============== =========== ============== ===========
``wall``        3.0         0.1            1.0
``first_place`` 0.6         1.6            1.0
``lower_place`` 0.4         0.8            1.0
``tile``        1.0         1.5            1.0
``compact``     0.1         0.2            0.2
=============== =========== ============== ===========

Any weight can be overridden, so a notebook can sweep them::

    WallBuilder(wall=3.0)
    BalancedBot(weights=Weights(wall=1.5, first_place=0.8))

The bots import only the standard library, the core and the modules' scoring
functions. They keep no state: the choice is a function of the view and the legal
actions, ties going to the first action in the game's canonical order.

Modules: a `VizierBuy` is judged like a purchase (with no exact-payment bonus, since it
grants no action, and the vizier spent); `Decline` and ``end`` change nothing, so a
window is declined when no purchase scores above zero; `Wake` gains the ``vizier``
feature and ends the actions like taking money does. A theft (`Steal`, M10) is judged
like taking the card; a bid for a character (M7) only spends money, so the bot passes.
Exchange cards count towards
``buying_power`` (they join two currencies) and add nothing to ``money``.

- Squares (M4): the majority counts include every Alhambra's hut bonus. `TakeHut`
  is judged on the best legal cell for the hut now: the majority points
  (``first_place``, ``lower_place``) its bonus adds to its colour there, the ``wall``
  and ``compact`` changes (``reserve`` when no cell takes it); like taking money it
  ends the actions, so it wins when that beats the best take. Placing a hut weighs
  the same majority points on its cell.
- Bazaars (M16): `BuyBazaar` is a purchase paid exactly (``exact_payment``, ``money``,
  ``buying_power``) of a tile worth ``module_points`` n x k at its best legal cell
  now, with its wall and compact changes (``reserve`` and half the points when it
  must wait on the reserve); placing one weighs n x k on its cell.
- Treasure (M13): `BuyChests` changes ``money`` and ``buying_power`` (it ends the
  actions and grants none), and ``first_place`` / ``lower_place`` by the chest
  majority (7; 14, 7; 22, 14, 7, discounted like the buildings' majorities) of the
  chests of the room it could set on its own buildings now, and of those passed on
  that its rivals could set (`chest_handout`); a room none of whose chests it could
  set changes no majority. `PlaceChest` changes
  nothing: the first is taken.
- Camps (M8): a camp bought or placed adds ``module_points``, its camp-line points
  per scoring at the cell times the rounds to come (discounted, `camp_gain_at`: the
  lines through that one cell), besides its wall, and costs ``blocked`` per empty
  cell it closes (`closed_sides`).
- Street Merchant (M12): the decision ``merchant`` is left to the simple rule of
  `alhambra_lib.bots.module_values.merchant_choice` (citizens of the colours built
  most and on the market, the disc where those tiles fit); its actions change no
  feature.
- ``tile`` counts buildings only: a hut, bazaar or camp adds none.

Cost: nothing is copied or scored whole per candidate. Buying power is counted with
bit masks of reachable sums (`alhambra_lib.bots.exact_pay`), once per distinct payment;
a room's chest majority and a bazaar's reserve worth once per decision; a module
tile's own points from the cells it touches (`alhambra_lib.bots.module_values`). What
a layout gives whoever judges it (its wall changes, legal cells, majority counts, a
tile's best cell under the same weights and counts) is kept for the layouts judged
last, since a search's rollouts meet the same Alhambras decision after decision.

An action of a kind the bots do not know is left out, so a window or an auction they
cannot judge is declined; when every legal action is of an
unknown kind they take the first. Cards they cannot pay with (a module's own money)
count in ``money`` only.

Examples
--------
>>> from alhambra_lib import Game
>>> from alhambra_lib.bots import play
>>> game = play(Game(["Ana", "Ben", "Cy"], seed=3),
...             [WallBuilder(), MajorityHunter(), BalancedBot()])
>>> game.is_over
True
>>> WallBuilder(wall=5.0)  # the repr shows the weights that differ from the preset
WallBuilder(wall=5.0)
>>> WallBuilder().weights.wall > MajorityHunter().weights.wall
True
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any, cast

from ..actions import DIRK, Action, Buy, End, Give, Place, Redesign, Reserve, Take
from ..components import Card, ExchangeCard, Tile
from ..engine.config import ROUNDS, has_dirk
from ..grid import Cell, side_neighbours
from ..payments import payment_total
from ..scoring import majority_awards
from ..walls import WallGraph
from .base import known_actions
from .exact_pay import add_cards, exact_square_count, hand_money
from .module_values import (
    MERCHANT_KINDS,
    bazaar_points_at,
    camp_gain_at,
    chest_counts,
    chest_counts_after,
    chest_places,
    closed_sides,
    hut_bonus_at,
    merchant_choice,
    module_counts,
    wise_man_pick,
)

if TYPE_CHECKING:
    from ..alhambra import Alhambra
    from ..engine.view import GameView

__all__ = [
    "Weights",
    "StrategicBot",
    "WallBuilder",
    "MajorityHunter",
    "BalancedBot",
    "FEATURES",
]


@dataclass(frozen=True)
class Weights:
    """The weights of a `StrategicBot`'s evaluation: plain numbers, one per feature.

    Each weight is the value, in points, of one unit of its feature (see the module
    docstring); ``reserve`` is a cost and is subtracted. ``future`` is not a feature
    weight but the discount of scoring rounds after the next one.

    Examples
    --------
    >>> Weights(wall=2.0).wall
    2.0
    >>> Weights(wall="long")
    Traceback (most recent call last):
    ...
    TypeError: weight wall must be a finite real number, got 'long'
    """

    wall: float = 1.0
    first_place: float = 1.0
    lower_place: float = 1.0
    tile: float = 1.0
    exact_payment: float = 3.0
    money: float = 0.2
    buying_power: float = 1.0
    reserve: float = 1.0
    compact: float = 0.2
    vizier: float = 2.0
    module_points: float = 1.0
    blocked: float = 0.5
    future: float = 0.5

    def __post_init__(self) -> None:
        for field in fields(self):
            value = getattr(self, field.name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) \
                    or not math.isfinite(value):
                raise TypeError(f"weight {field.name} must be a finite real number, "
                                f"got {value!r}")


#: The features a `Weights` weighs, in the order `StrategicBot.features` lists them.
FEATURES = tuple(f.name for f in fields(Weights) if f.name != "future")

_NO_CHANGE = dict.fromkeys(FEATURES, 0)
_COSTS = ("reserve", "blocked")
#: Modules whose tiles can close every cell of an Alhambra to buildings (M4 huts, M8 camps).
_WALLING_MODULES = frozenset({"squares", "camps"})
_SIGN = {name: -1 if name in _COSTS else 1 for name in FEATURES}


class StrategicBot:
    """A one-step look-ahead bot: the legal action with the best weighted feature change.

    Parameters
    ----------
    weights : Weights, optional
        All the weights; default: the class's `preset`.
    **overrides : float
        Single weights replacing those of `weights`, e.g. ``wall=3.0``.

    Raises
    ------
    ValueError
        For an override that names no weight.

    Notes
    -----
    Cost per decision: one pass over the legal actions. Wall lengths after a
    placement, removal or exchange are probed on a `WallGraph` of the layout (a tile
    added and taken away again, O(1) per probe plus the length query, each answer kept
    with the layout); majority
    points are looked up per kind in a cache of `majority_awards` results, since a
    player's points in one kind depend only on the counts in that kind.

    Examples
    --------
    >>> from alhambra_lib import Game
    >>> g = Game(["Ana", "Ben", "Cy"], seed=7)
    >>> bot = BalancedBot()
    >>> print(bot.choose(g.view(g.current_player), g.legal_actions()))
    buy 8-tower from florin square paying 9
    >>> changes = bot.features(g.view(g.current_player), g.legal_actions()[-1])
    >>> changes["first_place"], changes["money"], changes["tile"]  # 6 + (13 + 21) / 2
    (23.0, -9, 1)
    """

    #: The weights used when none are given (subclasses set their own).
    preset = Weights()

    def __init__(self, weights: Weights | None = None, **overrides: float) -> None:
        base = self.preset if weights is None else weights
        if not isinstance(base, Weights):
            raise TypeError(f"weights must be a Weights, got {type(base).__name__}")
        unknown = sorted(set(overrides) - {f.name for f in fields(Weights)})
        if unknown:
            raise ValueError(f"unknown weight {', '.join(unknown)}: the weights are "
                             f"{', '.join(f.name for f in fields(Weights))}")
        self.weights = replace(base, **overrides)

    def __repr__(self) -> str:
        changed = [f"{f.name}={getattr(self.weights, f.name)!r}" for f in fields(Weights)
                   if getattr(self.weights, f.name) != getattr(self.preset, f.name)]
        return f"{type(self).__name__}({', '.join(changed)})"

    def choose(self, view: GameView, legal_actions: Sequence[Action]) -> Action:
        """Return the legal action with the highest score (the first one on a tie).

        Actions of a kind the bot does not know are left out (`known_actions`: the first
        of a registered kind when no other is left).
        """
        return self._ordered(view, legal_actions, best_only=True)[0]

    def ranked(self, view: GameView, legal_actions: Sequence[Action]) -> list[Action]:
        """`legal_actions` best first: the one `choose` plays, then the others by score
        (canonical order on ties), the kinds the bot does not judge last, in order.

        A module decision the bot settles by a rule (the Wise Man's type, the street
        merchant's choice, a kind it does not know) puts the rule's pick first and the
        other actions after it in canonical order.

        Examples
        --------
        >>> from alhambra_lib import Game
        >>> g = Game(["Ana", "Ben", "Cy"], seed=7)
        >>> ranked = BalancedBot().ranked(g.view(g.current_player), g.legal_actions())
        >>> ranked[0] == BalancedBot().choose(g.view(g.current_player), g.legal_actions())
        True
        >>> sorted(map(str, ranked)) == sorted(map(str, g.legal_actions()))
        True
        """
        ordered = self._ordered(view, legal_actions)
        first = set(map(id, ordered))
        return ordered + [a for a in legal_actions if id(a) not in first]

    def _ordered(self, view: GameView, legal_actions: Sequence[Action],
                 best_only: bool = False) -> list[Action]:
        """The head of `ranked`: the actions the bot judges, best first (only the best
        with `best_only`, for `choose`, which needs no sort), or a rule's pick."""
        actions = known_actions(legal_actions, _HANDLERS)
        if legal_actions and legal_actions[0].kind == "wise_man":  # its type (M7)
            return [wise_man_pick(view, legal_actions)]
        if actions[0].kind not in _HANDLERS:
            return actions[:1]
        if actions[0].kind in MERCHANT_KINDS:  # the street merchant's decision (M12)
            return [merchant_choice(view, actions)]
        position, signed = _Position(view, self.weights), _signed_weights(self.weights)
        scored = [(-_weighted(signed, position.changes(a)), i) for i, a in enumerate(actions)]
        if best_only:  # the least (-score, index): the best, the first on a tie
            return [actions[min(scored)[1]]]
        return [actions[i] for _, i in sorted(scored)]

    def features(self, view: GameView, action: Action) -> dict[str, float]:
        """``{feature: change}`` that `action` brings to `view`'s player, for explaining."""
        return _Position(view, self.weights).changes(action)

    def _score(self, changes: Mapping[str, float]) -> float:
        return _weighted(_signed_weights(self.weights), changes)


class WallBuilder(StrategicBot):
    """A `StrategicBot` that values wall segments highly and majorities less."""

    preset = Weights(wall=3.0, first_place=0.6, lower_place=0.4, compact=0.1)


class MajorityHunter(StrategicBot):
    """A `StrategicBot` that chases first places and cares little for walls."""

    preset = Weights(wall=0.1, first_place=1.6, lower_place=0.8, tile=1.5)


class BalancedBot(StrategicBot):
    """A `StrategicBot` that takes every point at its face value."""

    preset = Weights()


#: action kind -> the `_Position` method judging it; other kinds are left out.
_HANDLERS = {kind: "_" + kind for kind in ("take", "buy", "end", "place", "reserve", "give",
                                           "redesign", "vizier", "decline", "wake", "steal",
                                           "bid", "take_hut", "buy_bazaar", "buy_chests",
                                           "place_chest", *sorted(MERCHANT_KINDS))}


@lru_cache(maxsize=64)
def _signed_weights(weights: Weights) -> tuple[float, ...]:
    """Each feature's weight in `FEATURES` order, negative for a cost."""
    return tuple(getattr(weights, name) * _SIGN[name] for name in FEATURES)


def _weighted(signed: tuple[float, ...], changes: Mapping[str, float]) -> float:
    """The score of `changes`: each change times its signed weight, summed in `FEATURES`
    order (a weight's sign is exact, so the sum is that of weight x change x sign)."""
    return sum(weight * changes[name] for weight, name in zip(signed, FEATURES))


# -- majorities --------------------------------------------------------------------------

_ME = "\0me"  # a key no player can have (names are non-empty and Dirk is reserved)


@lru_cache(maxsize=1 << 14)
def _kind_points(kind: str, round_no: int, mine: float,
                 others: tuple[float, ...]) -> tuple[int, int]:
    """(first-place points, lower-place points) of a player with `mine` tiles of `kind`.

    `others` are the other competitors' counts, sorted: the points depend on nothing
    else, so the cache is shared by every game and every player.
    """
    counts = {_ME: {kind: mine}}
    counts.update((str(i), {kind: n}) for i, n in enumerate(others))
    for award in majority_awards(counts, kind, round_no):
        if _ME in award.players:
            return (award.points, 0) if award.place == 1 else (0, award.points)
    return (0, 0)


# -- facts of a layout ------------------------------------------------------------------


class _LayoutFacts:
    """What one layout gives every position that holds it, each fact computed once: its
    wall length and how a tile added or taken away changes it, where a tile may go, its
    majority counts.

    Every judge of the layout reads the same facts, whatever the view: the walls and
    counts are functions of the layout alone, the Alhambra of the layout, the hole rule
    and the gates. Nothing handed out may be changed by the caller.
    """

    __slots__ = ("layout", "_grown", "_walls", "_wall_now", "_wall_changes", "_alhambras",
                 "_legal", "_counts", "_hut_bonus", "spots")

    def __init__(self, layout: Mapping[Cell, Tile]) -> None:
        self.layout = dict(layout)
        self._grown: dict[Cell, Tile] = {}  # the layout the wall graph probes on
        self._walls: WallGraph | None = None
        self._wall_now = 0  # its length, once built
        self._wall_changes: dict[tuple, int] = {}
        self._alhambras: dict[tuple, Alhambra] = {}
        self._legal: dict[tuple, list[Cell]] = {}
        self._counts: dict[bool, dict[str, float]] = {}
        self._hut_bonus: dict[tuple[Cell, Tile], int] = {}
        #: a tile's best cell (`_Position._best_spot`), under all else it depends on
        self.spots: dict[tuple, Any] = {}

    def wall_change(self, remove: Cell | None = None,
                    add: tuple[Tile, Cell] | None = None) -> int:
        """How the wall length changes with the tile on `remove` taken away and/or
        ``add = (tile, cell)`` built.

        Probes a `WallGraph` of the layout, built on first use, and restores it.
        """
        key = (remove, add)
        change = self._wall_changes.get(key)
        if change is None:
            change = self._wall_changes[key] = self._probe_walls(remove, add)
        return change

    def _probe_walls(self, remove: Cell | None, add: tuple[Tile, Cell] | None) -> int:
        # The facts are shared: a probe changes the graph and its layout for a moment, so
        # one thread probes at a time, and on a layout of its own (`layout` stays whole).
        with _LOCK:
            return self._probe_locked(remove, add)

    def _probe_locked(self, remove: Cell | None, add: tuple[Tile, Cell] | None) -> int:
        if self._walls is None:
            self._walls, grown = WallGraph(), self._grown
            for cell, tile in self.layout.items():
                grown[cell] = tile
                self._walls.tile_added(cell, grown)
            self._wall_now = self._walls.length()
        walls, layout = self._walls, self._grown
        old = None if remove is None else layout.pop(remove)
        if remove is not None and old is not None:
            walls.tile_removed(remove, old, layout)
        if add is not None:
            layout[add[1]] = add[0]
            walls.tile_added(add[1], layout)
        length = walls.length()
        if add is not None:
            del layout[add[1]]
            walls.tile_removed(add[1], add[0], layout)
        if remove is not None and old is not None:
            layout[remove] = old
            walls.tile_added(remove, layout)
        return length - self._wall_now

    def alhambra(self, view: GameView, name: str, rules: tuple) -> Alhambra:
        """The layout, `name`'s in `view`, as an `Alhambra` (`GameView.alhambra`), to read
        only; `rules` are the view's hole rule and `name`'s gates (`_Position.rules`)."""
        if rules not in self._alhambras:
            self._alhambras[rules] = view.alhambra(name)
        return self._alhambras[rules]

    def legal_cells(self, view: GameView, name: str, rules: tuple, tile: Tile) -> list[Cell]:
        """The cells where `tile` may go (`Alhambra.legal_positions`), sorted."""
        key = (rules, tile)
        if key not in self._legal:
            self._legal[key] = sorted(self.alhambra(view, name, rules).legal_positions(tile))
        return self._legal[key]

    def hut_bonus(self, cell: Cell, hut: Tile) -> int:
        """`hut_bonus_at` the empty `cell` of the layout."""
        key = (cell, hut)
        if key not in self._hut_bonus:
            self._hut_bonus[key] = hut_bonus_at(self.layout, cell, hut)
        return self._hut_bonus[key]

    def counts(self, view: GameView, name: str) -> dict[str, float]:
        """`module_counts` of `name`, whose layout this is in `view` (a fresh dict)."""
        huts = "squares" in view.modules  # the hut bonus counts only with the squares
        if huts not in self._counts:
            self._counts[huts] = module_counts(view, name)
        return dict(self._counts[huts])


#: ``{layout key: its facts}`` of the layouts judged last, the latest last: a search's
#: rollouts meet the same Alhambras decision after decision (one changes only when its
#: owner builds), and every candidate and sample starts from the same ones.
_LAYOUTS: OrderedDict[frozenset, _LayoutFacts] = OrderedDict()
_LAYOUTS_KEPT = 512
#: Held while `_LAYOUTS` is read and changed, and while a wall graph is probed.
_LOCK = threading.Lock()


def _layout_facts(layout: Mapping[Cell, Tile]) -> _LayoutFacts:
    """The `_LayoutFacts` of `layout`, kept for the layouts judged last.

    The key is the layout's cells with the identities of its tiles (cheaper to hash than
    the tiles): a kept entry holds those tiles, so no other tile can take their
    identities while it is kept, and an equal key means the same tiles on the same cells.
    """
    key = frozenset(zip(layout, map(id, layout.values())))
    with _LOCK:
        facts = _LAYOUTS.get(key)
        if facts is None:
            facts = _LAYOUTS[key] = _LayoutFacts(layout)
            if len(_LAYOUTS) > _LAYOUTS_KEPT:
                _LAYOUTS.popitem(last=False)
        else:
            _LAYOUTS.move_to_end(key)
    return facts


# -- one decision ------------------------------------------------------------------------


class _Position:
    """The acting player's position in one view, and what each action changes in it."""

    def __init__(self, view: GameView, weights: Weights) -> None:
        self.view = view
        me = view.player
        rounds = [r for r in ROUNDS if r not in view.rounds_scored]
        # The next round counts fully; the standings will move before the later ones.
        self.rounds = tuple((r, 1.0 if i == 0 else weights.future) for i, r in enumerate(rounds))
        self.round_weight = sum(d for _, d in self.rounds)
        self.weights = weights
        self.layout = dict(view.layouts[me])
        self._facts = _layout_facts(self.layout)
        self._whole = True  # the layout is as in the view (see `_redesign`)
        self._rules: tuple | None = None
        self.counts = self._facts.counts(view, me)
        for tile in view.to_place:  # bought this turn: about to be built
            if tile.is_building:
                self.counts[tile.kind] += 1
        rivals = [p for p in view.players if p != me] + ([DIRK] if has_dirk(len(view.players)) else [])
        self.rival_counts = {name: _layout_facts(view.layouts[name]).counts(view, name)
                             if name in view.layouts else module_counts(view, name)
                             for name in rivals}
        # The hand's money by currency, and its exchange cards (Mega Box M2): what buying
        # power is made of. Other cards (a module's own money) count in `money` only.
        self.values, self.exchanges = hand_money(view.hand)
        self.may_wall_in = not _WALLING_MODULES.isdisjoint(view.modules)
        self._power_now: int | None = None
        # (cards gained, cards paid, square emptied) -> buying power after
        self._power: dict[tuple, int] = {}
        self._spots: dict[Hashable, Any] = {}  # a tile's best spot, a bazaar's points
        self._chests: dict[int, tuple[float, float]] = {}

    # features of the position

    def _majority(self, kind: str, mine: float, dirk_extra: int = 0) -> tuple[float, float]:
        """(first, lower) points in `kind` over the rounds to come, discounted."""
        others = [c[kind] for name, c in self.rival_counts.items()]
        if dirk_extra:
            others[list(self.rival_counts).index(DIRK)] += dirk_extra
        rivals = tuple(sorted((n for n in others if n), reverse=True))
        first = lower = 0.0
        for round_no, discount in self.rounds:
            f, low = _kind_points(kind, round_no, mine, rivals)
            first += discount * f
            lower += discount * low
        return first, lower

    def _majority_change(self, kind: str, mine_delta: int,
                         dirk_delta: int = 0) -> tuple[float, float]:
        if kind not in self.counts:  # a hut, camp or bazaar scores no majority
            return 0.0, 0.0
        mine = self.counts[kind]
        first0, lower0 = self._majority(kind, mine)
        first1, lower1 = self._majority(kind, mine + mine_delta, dirk_delta)
        return first1 - first0, lower1 - lower0

    def _buying_power_change(self, gained: Iterable[Any] = (), paid: Iterable[Any] = (),
                             square: int | None = None) -> int:
        """How many more market squares the hand pays exactly with `gained` cards added,
        `paid` taken away and the tile of `square` (1-4, or None) gone from the market."""
        if self._power_now is None:
            self._power_now = exact_square_count(self.values, self.view.market, self.exchanges)
        key = (gained, paid, square)
        if key not in self._power:
            values = {c: list(v) for c, v in self.values.items()}
            exchanges = list(self.exchanges)
            add_cards(values, exchanges, gained)
            for card in paid:
                if isinstance(card, ExchangeCard):
                    exchanges.remove(card)
                elif isinstance(card, Card) and card.currency in values:
                    values[card.currency].remove(card.value)
            market = [(c, None if n == square else t)
                      for n, (c, t) in enumerate(self.view.market, start=1)]
            self._power[key] = exact_square_count(values, market, exchanges) - self._power_now
        return self._power[key]

    def _wall_change(self, remove: Cell | None = None, add: tuple[Tile, Cell] | None = None) -> int:
        """How the wall length changes with the tile on `remove` taken away and/or
        ``add = (tile, cell)`` built (`_LayoutFacts.wall_change`: the layout as it is)."""
        return self._facts.wall_change(remove, add)

    @property
    def rules(self) -> tuple:
        """(hole rule, gates) of the player's Alhambra: what its legal cells depend on
        besides the layout."""
        if self._rules is None:
            self._rules = (self.view.options["hole_rule"], self.view.gates(self.view.player))
        return self._rules

    def _neighbours(self, cell: Cell) -> int:
        return sum(n in self.layout for n in side_neighbours(cell))

    def _best_spot(self, tile: Tile) -> tuple[int, int, dict[str, float]] | None:
        """(wall change, compact change, module changes) of the best cell for a tile just
        bought or taken, or None; the module changes are those of `_module_tile` (empty
        for a building)."""
        if tile not in self._spots:
            # Kept with the layout's facts under all else it depends on, so a position
            # with the same layout finds it again.
            key = (self.rules, tile, self.weights, self.round_weight, self._hut_context(tile))
            spots = self._facts.spots
            if key not in spots:
                spots[key] = self._find_spot(tile)
            self._spots[tile] = spots[key]
        return self._spots[tile]

    def _hut_context(self, hut: Tile) -> tuple | None:
        """What a hut's best cell depends on beyond the layout and the weights: the counts
        of its colour, whose majorities its bonus changes (None for another tile)."""
        if hut.kind != "hut" or hut.marks[0] not in self.counts:
            return None
        colour = hut.marks[0]
        return (self.counts[colour], tuple(c[colour] for c in self.rival_counts.values()),
                self.rounds)

    def _find_spot(self, tile: Tile) -> tuple[int, int, dict[str, float]] | None:
        w, best = self.weights, None
        for cell in self._facts.legal_cells(self.view, self.view.player, self.rules, tile):
            wall = self._wall_change(add=(tile, cell))
            compact = self._neighbours(cell)
            value = w.wall * wall * self.round_weight + w.compact * compact
            extra = {}
            if not tile.is_building:
                extra = self._module_tile(tile, cell)
                value += sum(getattr(w, name) * v for name, v in extra.items())
            if best is None or value > best[0]:
                best = (value, wall, compact, extra)
        return None if best is None else best[1:]

    def _module_tile(self, tile: Tile, cell: Cell, sign: int = 1) -> dict[str, float]:
        """``{feature: change}`` a hut, bazaar or camp on the empty `cell` brings by itself:
        a hut's majority points, a bazaar's n x k, a camp's line points over the rounds to
        come (`sign` -1: the tile taken away, the layout without it)."""
        if tile.kind == "hut":
            # The layout's own facts while it is whole (a redesign judges it without
            # the tile it takes away).
            bonus = (self._facts.hut_bonus(cell, tile) if self._whole
                     else hut_bonus_at(self.layout, cell, tile))
            if not bonus:
                return {}
            first, lower = self._majority_change(tile.marks[0], sign * bonus)
            return {"first_place": first, "lower_place": lower}
        if tile.kind == "bazaar":
            return {"module_points": sign * bazaar_points_at(self.layout, cell, tile)}
        if tile.kind == "camp":
            return {"module_points": sign * camp_gain_at(self.layout, cell, tile)
                    * self.round_weight,
                    "blocked": sign * closed_sides(self.layout, cell, tile)}
        return {}

    def _module_change(self, tile: Tile, change: dict[str, float], cell: Cell,
                       sign: int = 1) -> None:
        """Add `_module_tile`'s changes for `tile` on `cell` to `change`."""
        if tile.is_building:
            return
        for name, value in self._module_tile(tile, cell, sign).items():
            change[name] += value

    # what an action changes

    def changes(self, action: Action) -> dict[str, float]:
        """``{feature: change}`` the action brings (see the module docstring)."""
        change: dict[str, float] = dict(_NO_CHANGE)
        handler = _HANDLERS.get(action.kind)
        if handler is not None:  # an unknown kind changes nothing the bot can tell
            getattr(self, handler)(action, change)
        return change

    def _take(self, action: Take, change: dict[str, float]) -> None:
        change["money"] = payment_total(action.cards)
        change["buying_power"] = self._buying_power_change(gained=action.cards)

    def _pay(self, cards: Sequence[Any], change: dict[str, float],
             square: int | None = None) -> None:
        """``money`` and ``buying_power`` after paying `cards` (and buying `square`'s tile)."""
        change["money"] = -payment_total(cards)
        change["buying_power"] = self._buying_power_change(paid=cards, square=square)

    def _buy(self, action: Buy, change: dict[str, float]) -> None:
        self._pay(action.cards, change, action.square)
        change["exact_payment"] = int(action.exact)
        self._build(action.tile, change)

    def _vizier(self, action: Any, change: dict[str, float]) -> None:
        """A vizier's purchase: a buy that grants no action and puts the vizier to sleep."""
        self._buy(action, change)
        change["exact_payment"] = 0
        change["vizier"] = -1

    def _wake(self, action: Action, change: dict[str, float]) -> None:
        change["vizier"] = 1

    def _steal(self, action: Any, change: dict[str, float]) -> None:
        """A theft (M10): the card joins the hand, like taking it."""
        self._take(Take((action.card,)), change)

    def _bid(self, action: Any, change: dict[str, float]) -> None:
        """A bid for a character (M7): money spent for an effect the bot cannot weigh."""
        change["money"] = -action.amount

    def _take_hut(self, action: Any, change: dict[str, float]) -> None:
        """A hut taken (M4): built on its best cell at the turn end, or reserved."""
        hut = self.view.modules["squares"]["up"].get(action.colour)
        if hut is not None:
            self._build(hut, change)

    def _buy_bazaar(self, action: Any, change: dict[str, float]) -> None:
        """A bazaar bought (M16): paid exactly beside the market, built like a tile."""
        self._pay(action.cards, change)
        change["exact_payment"] = 1
        self._build(action.bazaar, change)
        if change["reserve"]:  # it waits on the reserve: half its best points now
            change["module_points"] = self._reserve_bazaar_points(action.bazaar)

    def _reserve_bazaar_points(self, bazaar: Tile) -> float:
        """Half the best n x k of `bazaar` over the empty cells next to the Alhambra."""
        key = ("reserve", bazaar)
        if key not in self._spots:
            frontier = self._facts.alhambra(self.view, self.view.player, self.rules).frontier()
            self._spots[key] = max((bazaar_points_at(self.layout, c, bazaar)
                                    for c in frontier), default=0) / 2
        return self._spots[key]

    def _buy_chests(self, action: Any, change: dict[str, float]) -> None:
        """A room's chests bought (M13): the chest majority of those placeable now."""
        self._pay(action.cards, change)
        if action.room not in self._chests:
            self._chests[action.room] = self._chest_change(action.room)
        change["first_place"], change["lower_place"] = self._chests[action.room]

    def _chest_change(self, room: int) -> tuple[float, float]:
        after = chest_counts_after(self.view, room)
        if after is None:
            return 0.0, 0.0
        counts = chest_counts(self.view)
        me = self.view.player
        first = lower = 0.0
        for round_no, discount in self.rounds:
            f0, low0 = chest_places(counts, me, round_no)
            f1, low1 = chest_places(after, me, round_no)
            first += discount * (f1 - f0)
            lower += discount * (low1 - low0)
        return first, lower

    def _build(self, tile: Tile, change: dict[str, float]) -> None:
        """A tile bought now: built on its best cell, or waiting on the reserve."""
        spot = self._best_spot(tile)
        if spot is None:
            # On the reserve it scores nothing now, but a redesign may build it later.
            # Where huts and camps can wall an Alhambra in, half its worth as a building,
            # so that a walled-in Alhambra still buys (the base game's play is kept).
            change["reserve"] = 1
            if tile.is_building and self.may_wall_in:
                change["tile"] = 0.5
                first, lower = self._majority_change(tile.kind, 1)
                change["first_place"], change["lower_place"] = first / 2, lower / 2
            return
        change["wall"] = spot[0] * self.round_weight
        change["compact"] = spot[1]
        if tile.is_building:  # a hut, bazaar or camp is no building: no tile, no majority
            change["tile"] = 1
            change["first_place"], change["lower_place"] = self._majority_change(tile.kind, 1)
        for name, value in spot[2].items():  # what it scores by itself on that cell
            change[name] += value

    def _end(self, action: End, change: dict[str, float]) -> None:
        pass  # the position stays as it is

    _decline = _end
    _place_chest = _end  # any building of the colour will do: the first is taken
    # The street merchant's decision is `merchant_choice`'s (see `StrategicBot.choose`).
    _set_merchant = _take_citizen = _swap_citizen = _keep_citizens = _place_merchant = _end

    def _place(self, action: Place, change: dict[str, float]) -> None:
        # The tile was counted as built already: only the walls and the shape change
        # (and what a hut, bazaar or camp scores on that cell by itself).
        change["wall"] = self._wall_change(add=(action.tile, action.pos)) * self.round_weight
        change["compact"] = self._neighbours(action.pos)
        self._module_change(action.tile, change, action.pos)

    def _reserve(self, action: Reserve, change: dict[str, float]) -> None:
        self._unbuild(action.tile, change)
        change["reserve"] = 1

    def _give(self, action: Give, change: dict[str, float]) -> None:
        self._unbuild(action.tile, change, dirk_delta=1)

    def _unbuild(self, tile: Tile, change: dict[str, float], dirk_delta: int = 0) -> None:
        """A tile counted as built that will not be."""
        if not tile.is_building:
            return
        change["tile"] = -1
        change["first_place"], change["lower_place"] = self._majority_change(
            tile.kind, -1, dirk_delta)

    def _redesign(self, action: Redesign, change: dict[str, float]) -> None:
        pos = action.pos
        tile = cast(Tile, action.tile)  # None on a "remove" only, which reads the layout
        if action.move == "place":
            wall = self._wall_change(add=(tile, pos))
            change["tile"], change["reserve"] = int(tile.is_building), -1
            change["compact"] = self._neighbours(pos)
            majority = self._majority_change(tile.kind, 1)
        elif action.move == "remove":
            wall = self._wall_change(remove=pos)
            change["tile"], change["reserve"] = -int(self.layout[pos].is_building), 1
            change["compact"] = -self._neighbours(pos)
            majority = self._majority_change(self.layout[pos].kind, -1)
        else:
            wall = self._wall_change(remove=pos, add=(tile, pos))
            majority = self._exchange_majority(tile.kind, self.layout[pos].kind)
        change["wall"] = wall * self.round_weight
        change["first_place"], change["lower_place"] = majority
        # What a hut, bazaar or camp moved scores by itself, and the camp lines through
        # its cell (its effect on the huts and bazaars around is not followed). Judged on
        # the layout without the tile taken away: popped here and put back.
        old = self.layout.pop(pos) if action.move in ("remove", "exchange") else None
        self._whole = old is None
        try:
            if old is not None:
                self._module_change(old, change, pos, sign=-1)
            if action.move in ("place", "exchange"):
                self._module_change(tile, change, pos)
        finally:
            if old is not None:
                self.layout[pos] = old
                self._whole = True

    def _exchange_majority(self, kind_in: str, kind_out: str) -> tuple[float, float]:
        if kind_in == kind_out:
            return 0.0, 0.0
        gain = self._majority_change(kind_in, 1)
        loss = self._majority_change(kind_out, -1)
        return gain[0] + loss[0], gain[1] + loss[1]

