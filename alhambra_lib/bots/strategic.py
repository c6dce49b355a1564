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
=============== =================================================================

Majorities and walls count the *next* scoring round at full value and each later
round at ``future`` times its value: the standings will move before then. A tile
bought is judged on the best cell it could go to now (or on the reserve when no cell
takes it).

`WallBuilder`, `MajorityHunter` and `BalancedBot` are the same class with different
preset weights (the others are the `Weights` defaults: ``tile`` 1, ``exact_payment``
3, ``money`` 0.2, ``buying_power`` 1, ``reserve`` 1, ``compact`` 0.2, ``vizier`` 2,
``future`` 0.5):

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

The bots import only the standard library and the core. They keep no state: the
choice is a function of the view and the legal actions, ties going to the first
action in the game's canonical order.

Modules: a `VizierBuy` is judged like a purchase (with no exact-payment bonus, since it
grants no action, and the vizier spent); `Decline` and ``end`` change nothing, so a
window is declined when no purchase scores above zero; `Wake` gains the ``vizier``
feature and ends the actions like taking money does. A theft (`Steal`, M10) is judged
like taking the card; a bid for a character (M7) only spends money, so the bot passes.
Exchange cards count towards
``buying_power`` (they join two currencies) and add nothing to ``money``. An action
of a kind the bots do not know is left out; when every legal action is of an unknown
kind they take the first.

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
from dataclasses import dataclass, fields, replace
from functools import lru_cache

from ..actions import DIRK, Take, minimal_payments
from ..components import CURRENCIES, DIAMOND, Card, ExchangeCard
from ..engine.config import ROUNDS, has_dirk
from ..payments import payment_total
from ..grid import side_neighbours
from ..scoring import majority_awards
from ..walls import WallGraph
from .base import known_actions

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
    future: float = 0.5

    def __post_init__(self):
        for field in fields(self):
            value = getattr(self, field.name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) \
                    or not math.isfinite(value):
                raise TypeError(f"weight {field.name} must be a finite real number, "
                                f"got {value!r}")


#: The features a `Weights` weighs, in the order `StrategicBot.features` lists them.
FEATURES = tuple(f.name for f in fields(Weights) if f.name != "future")

_NO_CHANGE = dict.fromkeys(FEATURES, 0)
_SIGN = {name: -1 if name == "reserve" else 1 for name in FEATURES}  # the reserve is a cost


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
    added and taken away again, O(1) per probe plus the length query); majority
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

    def __init__(self, weights=None, **overrides):
        base = self.preset if weights is None else weights
        if not isinstance(base, Weights):
            raise TypeError(f"weights must be a Weights, got {type(base).__name__}")
        unknown = sorted(set(overrides) - {f.name for f in fields(Weights)})
        if unknown:
            raise ValueError(f"unknown weight {', '.join(unknown)}: the weights are "
                             f"{', '.join(f.name for f in fields(Weights))}")
        self.weights = replace(base, **overrides)

    def __repr__(self):
        changed = [f"{f.name}={getattr(self.weights, f.name)!r}" for f in fields(Weights)
                   if getattr(self.weights, f.name) != getattr(self.preset, f.name)]
        return f"{type(self).__name__}({', '.join(changed)})"

    def choose(self, view, legal_actions):
        """Return the legal action with the highest score (the first one on a tie).

        Actions of a kind the bot does not know are left out (`known_actions`: the first
        of a registered kind when no other is left).
        """
        actions = known_actions(legal_actions, _HANDLERS)
        if actions[0].kind not in _HANDLERS:
            return actions[0]
        position = _Position(view, self.weights)
        best, best_score = None, None
        for action in actions:
            score = self._score(position.changes(action))
            if best is None or score > best_score:
                best, best_score = action, score
        return best

    def features(self, view, action):
        """``{feature: change}`` that `action` brings to `view`'s player, for explaining."""
        return _Position(view, self.weights).changes(action)

    def _score(self, changes):
        w = self.weights
        return sum(getattr(w, name) * changes[name] * _SIGN[name] for name in FEATURES)


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
                                           "bid")}


# -- majorities --------------------------------------------------------------------------

_ME = "\0me"  # a key no player can have (names are non-empty and Dirk is reserved)


@lru_cache(maxsize=1 << 14)
def _kind_points(kind, round_no, mine, others):
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


# -- one decision ------------------------------------------------------------------------


class _Position:
    """The acting player's position in one view, and what each action changes in it."""

    def __init__(self, view, weights):
        self.view = view
        me = view.player
        rounds = [r for r in ROUNDS if r not in view.rounds_scored]
        # The next round counts fully; the standings will move before the later ones.
        self.rounds = tuple((r, 1.0 if i == 0 else weights.future) for i, r in enumerate(rounds))
        self.round_weight = sum(d for _, d in self.rounds)
        self.weights = weights
        self.layout = dict(view.layouts[me])
        self.counts = view.counts(me)
        for tile in view.to_place:  # bought this turn: about to be built
            if tile.is_building:
                self.counts[tile.kind] += 1
        rivals = [p for p in view.players if p != me] + ([DIRK] if has_dirk(len(view.players)) else [])
        self.rival_counts = {name: view.counts(name) for name in rivals}
        self.values = {c: [] for c in CURRENCIES + (DIAMOND,)}  # diamonds: Mega Box M6
        self.exchanges = []  # the exchange cards in hand (Mega Box M2)
        for card in view.hand:  # highest value first, as minimal_payments wants
            if isinstance(card, Card):
                self.values[card.currency].append(card.value)
            elif isinstance(card, ExchangeCard):
                self.exchanges.append(card)
        self._walls = self._wall_now = None
        self._alhambra = None
        self._spots = {}

    # features of the position

    def _majority(self, kind, mine, dirk_extra=0):
        """(first, lower) points in `kind` over the rounds to come, discounted."""
        others = [c[kind] for name, c in self.rival_counts.items()]
        if dirk_extra:
            others[list(self.rival_counts).index(DIRK)] += dirk_extra
        others = tuple(sorted((n for n in others if n), reverse=True))
        first = lower = 0.0
        for round_no, discount in self.rounds:
            f, low = _kind_points(kind, round_no, mine, others)
            first += discount * f
            lower += discount * low
        return first, lower

    def _majority_change(self, kind, mine_delta, dirk_delta=0):
        if kind not in self.counts:  # a hut, camp or bazaar scores no majority
            return 0.0, 0.0
        mine = self.counts[kind]
        first0, lower0 = self._majority(kind, mine)
        first1, lower1 = self._majority(kind, mine + mine_delta, dirk_delta)
        return first1 - first0, lower1 - lower0

    def _exact_squares(self, values, market, exchanges=None):
        exchanges = self.exchanges if exchanges is None else exchanges
        count = 0
        for currency, tile in market:
            if tile is None:
                continue
            sources = [values[currency]] + [
                sorted(values[card.currencies[0]] + values[card.currencies[1]], reverse=True)
                for card in exchanges if currency in card.currencies]
            if any(sum(p) == tile.price for source in sources
                   for p in minimal_payments(tuple(source), tile.price)):
                count += 1
        return count

    def _wall_change(self, remove=None, add=None):
        """How the wall length changes with the tile on `remove` taken away and/or
        ``add = (tile, cell)`` built.

        Probes a `WallGraph` of the layout, built on first use, and restores it.
        """
        if self._walls is None:
            self._walls, grown = WallGraph(), {}
            for cell, tile in self.layout.items():
                grown[cell] = tile
                self._walls.tile_added(cell, grown)
            self._wall_now = self._walls.length()
        walls, layout = self._walls, self.layout
        old = None if remove is None else layout.pop(remove)
        if old is not None:
            walls.tile_removed(remove, old, layout)
        if add is not None:
            layout[add[1]] = add[0]
            walls.tile_added(add[1], layout)
        length = walls.length()
        if add is not None:
            del layout[add[1]]
            walls.tile_removed(add[1], add[0], layout)
        if old is not None:
            layout[remove] = old
            walls.tile_added(remove, layout)
        return length - self._wall_now

    def _neighbours(self, cell):
        return sum(n in self.layout for n in side_neighbours(cell))

    def _best_spot(self, tile):
        """(wall change, compact change) of the best cell for a tile just bought, or None."""
        if tile not in self._spots:
            if self._alhambra is None:
                self._alhambra = self.view.alhambra(self.view.player)
            w, best = self.weights, None
            for cell in sorted(self._alhambra.legal_positions(tile)):
                wall = self._wall_change(add=(tile, cell))
                compact = self._neighbours(cell)
                value = w.wall * wall * self.round_weight + w.compact * compact
                if best is None or value > best[0]:
                    best = (value, wall, compact)
            self._spots[tile] = None if best is None else best[1:]
        return self._spots[tile]

    # what an action changes

    def changes(self, action):
        """``{feature: change}`` the action brings (see the module docstring)."""
        change = dict(_NO_CHANGE)
        handler = _HANDLERS.get(action.kind)
        if handler is not None:  # an unknown kind changes nothing the bot can tell
            getattr(self, handler)(action, change)
        return change

    def _take(self, action, change):
        values = {c: list(v) for c, v in self.values.items()}
        exchanges = list(self.exchanges)
        for card in action.cards:
            if isinstance(card, ExchangeCard):
                exchanges.append(card)
                continue
            if not isinstance(card, Card):  # a gate card (§M5) adds no money
                continue
            values[card.currency].append(card.value)
            values[card.currency].sort(reverse=True)
        change["money"] = payment_total(action.cards)
        change["buying_power"] = (self._exact_squares(values, self.view.market, exchanges)
                                  - self._exact_squares(self.values, self.view.market))

    def _buy(self, action, change):
        values = {c: list(v) for c, v in self.values.items()}
        exchanges = list(self.exchanges)
        for card in action.cards:
            if isinstance(card, ExchangeCard):
                exchanges.remove(card)
            else:
                values[card.currency].remove(card.value)
        market = [(c, None if square == action.square else t)
                  for square, (c, t) in enumerate(self.view.market, start=1)]
        change["money"] = -payment_total(action.cards)
        change["buying_power"] = (self._exact_squares(values, market, exchanges)
                                  - self._exact_squares(self.values, self.view.market))
        change["exact_payment"] = int(action.exact)
        self._build(action.tile, change)

    def _vizier(self, action, change):
        """A vizier's purchase: a buy that grants no action and puts the vizier to sleep."""
        self._buy(action, change)
        change["exact_payment"] = 0
        change["vizier"] = -1

    def _wake(self, action, change):
        change["vizier"] = 1

    def _steal(self, action, change):
        """A theft (M10): the card joins the hand, like taking it."""
        self._take(Take((action.card,)), change)

    def _bid(self, action, change):
        """A bid for a character (M7): money spent for an effect the bot cannot weigh."""
        change["money"] = -action.amount

    def _build(self, tile, change):
        """A tile bought now: built on its best cell, or waiting on the reserve."""
        spot = self._best_spot(tile)
        if spot is None:
            change["reserve"] = 1
            return
        change["wall"] = spot[0] * self.round_weight
        change["compact"] = spot[1]
        change["tile"] = 1
        change["first_place"], change["lower_place"] = self._majority_change(tile.kind, 1)

    def _end(self, action, change):
        pass  # the position stays as it is

    _decline = _end

    def _place(self, action, change):
        # The tile was counted as built already: only the walls and the shape change.
        change["wall"] = self._wall_change(add=(action.tile, action.pos)) * self.round_weight
        change["compact"] = self._neighbours(action.pos)

    def _reserve(self, action, change):
        self._unbuild(action.tile, change)
        change["reserve"] = 1

    def _give(self, action, change):
        self._unbuild(action.tile, change, dirk_delta=1)

    def _unbuild(self, tile, change, dirk_delta=0):
        """A tile counted as built that will not be."""
        change["tile"] = -1
        change["first_place"], change["lower_place"] = self._majority_change(
            tile.kind, -1, dirk_delta)

    def _redesign(self, action, change):
        pos = action.pos
        if action.move == "place":
            wall = self._wall_change(add=(action.tile, pos))
            change["tile"], change["reserve"] = 1, -1
            change["compact"] = self._neighbours(pos)
            majority = self._majority_change(action.tile.kind, 1)
        elif action.move == "remove":
            wall = self._wall_change(remove=pos)
            change["tile"], change["reserve"] = -1, 1
            change["compact"] = -self._neighbours(pos)
            majority = self._majority_change(self.layout[pos].kind, -1)
        else:
            wall = self._wall_change(remove=pos, add=(action.tile, pos))
            majority = self._exchange_majority(action.tile.kind, self.layout[pos].kind)
        change["wall"] = wall * self.round_weight
        change["first_place"], change["lower_place"] = majority

    def _exchange_majority(self, kind_in, kind_out):
        if kind_in == kind_out:
            return 0.0, 0.0
        gain = self._majority_change(kind_in, 1)
        loss = self._majority_change(kind_out, -1)
        return gain[0] + loss[0], gain[1] + loss[1]

