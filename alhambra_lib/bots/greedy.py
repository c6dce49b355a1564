"""A greedy bot: one look ahead, no memory, deterministic given what it sees."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..actions import DIRK, Action, Take
from ..engine.config import ROUNDS, has_dirk
from ..game import Phase
from ..modules.treasure import CHEST_POINTS
from ..payments import payment_total
from ..scoring import score_majorities, share_places
from .base import KNOWN_KINDS, known_actions
from .exact_pay import exact_square_count, hand_money
from .module_values import (
    MERCHANT_KINDS,
    bazaar_points_at,
    bazaar_value,
    camp_gain_at,
    chest_counts,
    chest_counts_after,
    closed_sides,
    first_best,
    hut_bonus_at,
    hut_spots,
    merchant_choice,
    module_counts,
    wise_man_pick,
)

if TYPE_CHECKING:
    from ..alhambra import Alhambra
    from ..components import Tile
    from ..engine.view import GameView
    from ..grid import Cell

__all__ = ["GreedyBot", "CLOSED_SIDE_COST"]


#: What a greedy bot counts for each empty cell a camp closes to buildings (`closed_sides`).
CLOSED_SIDE_COST = 0.5


def _camp_worth(view: GameView) -> Callable[[Mapping[Cell, Tile], Cell, Tile], float]:
    """(layout, cell, camp) -> the camp's line points over the rounds to come on `cell`,
    less `CLOSED_SIDE_COST` per cell around it it closes to buildings."""
    rounds_left = len([r for r in ROUNDS if r not in view.rounds_scored])

    def worth(layout: Mapping[Cell, Tile], cell: Cell, camp: Tile) -> float:
        return (camp_gain_at(layout, cell, camp) * rounds_left
                - CLOSED_SIDE_COST * closed_sides(layout, cell, camp))
    return worth


class GreedyBot:
    """Buys what improves its majorities, places to keep walls long, pays exactly when it can.

    Parameters
    ----------
    exact_bonus : float
        The worth of the extra action an exact payment brings, in points.
    overpay_cost : float
        The cost, in points, of each unit of money paid over the price.
    buy_threshold : float
        The least worth of a purchase that is not exact, and of a vizier's purchase.
    wake_value : float
        The worth of waking one's vizier (Mega Box M1), in the units of the money
        score (money taken plus 3 per market square it lets the hand pay exactly).
    bid_limit : int
        The most it bids for a character (Mega Box M7).
    money_rate : float
        Points per unit of the money score, to weigh a hut or chests against taking
        money, and per unit of money paid for chests.

    Notes
    -----
    In the action phase it weighs each purchase: the majority points the tile adds in
    the scoring rounds still to come (against everyone's current counts, Dirk's
    included), one point for the tile itself, the exact-payment bonus or the
    overpayment cost. It buys the best purchase if it is exact or worth at least
    `buy_threshold`; else it places a reserve tile that adds majority points; else
    it takes the money that makes the most exact payments possible, then the most
    money. When placing it picks the cell that gives the longest wall, then the most
    built neighbours (a compact Alhambra keeps cells open), and reserves a tile
    only when it cannot be placed. Ties go to the first action in the list, so the
    choice depends on the view and the actions alone.

    What is being decided comes from ``view.decision`` (the player may be asked out of
    seat order). With the vizier (Mega Box M1): in a vizier window it weighs each
    `VizierBuy` like a purchase (without the exact-payment bonus: it grants no
    action) and buys the best one worth at least `buy_threshold`, else declines; on
    its own turn, with the vizier asleep, it wakes it rather than take money scoring
    less than `wake_value`, or end. In the window it shares with the thieves (M10)
    it steals the card its take scorer likes best when it makes no vizier's purchase.
    In a character's auction (M7) it makes the cheapest bid if it is at most
    `bid_limit`, else passes.

    The other modules, with the same one look ahead:

    - Squares (M4): a hut is worth the majority points its colour gains, over the
      rounds to come, from the bonus it adds at its best legal cell now (the
      same-type buildings it shares an open side with), plus a tenth of a point per
      unit of bonus. It takes the best hut, instead of money, when that is above 0
      and above `money_rate` times the money score of the best take. It places a hut
      on the cell of the most gain, then as it places any tile.
    - Bazaars (M16): a bazaar is worth the best n x k it would score now at a legal
      cell (half the best over the empty cells next to the Alhambra when it must go
      to the reserve). A bazaar purchase (always exact) is weighed like a tile's,
      with the exact-payment bonus, and made when the bazaar is worth at least
      `buy_threshold`, unless a tile purchase it would make anyway is worth more.
      It places a bazaar on the cell of the most points.
    - Treasure (M13): buying a room's chests is worth the chest-majority points
      (7; 14, 7; 22, 14, 7) gained over the rounds to come by the chests it could
      set on its own buildings now (none: not worth buying), counting those passed on
      to the rivals who could set them (`chest_handout`), less `money_rate` per unit
      of money paid. It
      buys the best room, instead of money, when that is at least `buy_threshold`
      and more than a hut or the money would give. Where a chest goes (decision
      ``chests``) it leaves to the first choice.
    - Camps (M8): a camp bought is worth one point plus its camp-line points per
      scoring (`camp_gain_at`) at its best legal cell, times the rounds to come, less
      `CLOSED_SIDE_COST` per empty cell it closes to buildings (`closed_sides`); it
      places a camp on the cell where that is highest.
    - Street Merchant (M12): `merchant_choice`, citizens of the colours it builds
      most and can buy soon, the disc where the market's tiles of these colours fit.
    - Its majority counts include the huts' bonus, its rivals' too.

    Actions of kinds it does not know (`KNOWN_KINDS`) are left out; when no legal
    action is of a known kind it takes the first.

    Examples
    --------
    >>> from alhambra_lib import Game
    >>> g = Game(["Ana", "Ben", "Cy"], seed=7)
    >>> print(GreedyBot().choose(g.view(g.current_player), g.legal_actions()))
    buy 8-tower from florin square paying 9
    """

    def __init__(self, exact_bonus: float = 2.0, overpay_cost: float = 0.5,
                 buy_threshold: float = 3.0, wake_value: float = 4.0, bid_limit: int = 4,
                 money_rate: float = 0.5) -> None:
        self.exact_bonus = exact_bonus
        self.overpay_cost = overpay_cost
        self.buy_threshold = buy_threshold
        self.wake_value = wake_value
        self.bid_limit = bid_limit
        self.money_rate = money_rate

    def __repr__(self) -> str:
        return "GreedyBot()"

    def choose(self, view: GameView, legal_actions: Sequence[Action]) -> Action:
        """Return the greedy choice among `legal_actions` (see the class notes)."""
        actions = known_actions(legal_actions, KNOWN_KINDS)
        if actions[0].kind not in KNOWN_KINDS:
            return actions[0]
        decision = getattr(view, "decision", None)
        kind = decision.kind if decision is not None else None
        if kind in ("place", "final_place") or (
                kind is None and view.phase in (Phase.PLACE, Phase.FINAL_PLACE)):
            return self._best(actions, self._placement_scorer(view))
        if kind in ("vizier", "window"):
            return self._vizier(view, actions)
        if kind == "auction":
            return self._auction(actions)
        if kind == "master_builder":  # a master builder's redesign (Mega Box M14)
            return self._master_builder(view, actions)
        if kind == "merchant" or actions[0].kind in MERCHANT_KINDS:
            return merchant_choice(view, actions)
        if kind == "chests":
            return actions[0]  # any building of the colour will do
        if kind == "wise_man":
            return wise_man_pick(view, actions)
        return self._act(view, actions)

    def _auction(self, actions: Sequence[Any]) -> Action:
        """A character's auction (M7): the cheapest bid up to `bid_limit`, else pass."""
        bids = [a for a in actions if a.kind == "bid" and a.amount <= self.bid_limit]
        if bids:
            return min(bids, key=lambda b: (b.amount, len(b.cards)))
        return next(a for a in actions if a.kind == "decline")

    def _master_builder(self, view: GameView, actions: Sequence[Any]) -> Action:
        """A reserve tile placed where it adds majority points, else decline."""
        gain = self._majority_gain_function(view)
        placements = [a for a in actions if a.kind == "redesign" and a.move == "place"]
        if placements:
            placement = self._best(placements, lambda a: gain(a.tile.kind))
            if gain(placement.tile.kind) > 0:
                return placement
        return next((a for a in actions if a.kind == "decline"), actions[0])

    _best = staticmethod(first_best)

    # -- the action phase -------------------------------------------------------------

    def _act(self, view: GameView, actions: Sequence[Any]) -> Action:
        by_kind: dict[str, list] = {}
        for action in actions:
            by_kind.setdefault(action.kind, []).append(action)
        gain = self._majority_gain_function(view)
        alhambra = view.alhambra(view.player)  # one per decision: building it costs
        tile_worth = self._tile_worth(view, gain, alhambra)
        buys = by_kind.get("buy", [])
        bazaar = self._bazaar(view, by_kind.get("buy_bazaar", []), alhambra)
        if buys:
            def buy_worth(buy: Any) -> float:
                overpay = payment_total(buy.cards) - buy.tile.price
                return tile_worth(buy.tile) + (self.exact_bonus if overpay == 0
                                               else -self.overpay_cost * overpay)
            buy = self._best(buys, buy_worth)
            if bazaar is not None and bazaar[0] > buy_worth(buy):
                return bazaar[1]
            if buy.exact or buy_worth(buy) >= self.buy_threshold:
                return buy
        if bazaar is not None:
            return bazaar[1]
        placements = [a for a in by_kind.get("redesign", []) if a.move == "place"]
        if placements:
            placement = self._best(placements, lambda a: gain(a.tile.kind))
            if gain(placement.tile.kind) > 0:
                return placement
        takes = by_kind.get("take", [])
        wakes = by_kind.get("wake", [])
        take_score = self._take_scorer(view)
        if "take_hut" in by_kind or "buy_chests" in by_kind:
            money = self.money_rate * max(map(take_score, takes), default=0)
            terminal = self._terminal(view, by_kind, gain, money, alhambra)
            if terminal is not None:
                return terminal
        if takes:
            take = self._best(takes, take_score)
            if not wakes or take_score(take) >= self.wake_value:
                return take
        if wakes:
            return wakes[0]
        if buys:
            return buys[0] if len(buys) == 1 else self._best(buys, lambda b: -len(b.cards))
        return by_kind["end"][0] if "end" in by_kind else actions[0]

    def _bazaar(self, view: GameView, bazaars: Sequence[Any],
                alhambra: Alhambra) -> tuple[float, Action] | None:
        """(worth, action) of the best bazaar purchase worth buying, or None."""
        if not bazaars:
            return None
        values = {}

        def value(action: Any) -> float:
            if action.bazaar not in values:
                values[action.bazaar] = bazaar_value(view, action.bazaar, alhambra)[0]
            return values[action.bazaar]
        best = self._best(bazaars, lambda a: (value(a), -len(a.cards)))
        if value(best) < self.buy_threshold:
            return None
        return value(best) + self.exact_bonus, best

    def _terminal(self, view: GameView, by_kind: Mapping[str, Sequence[Any]],
                  gain: Callable[..., float], money: float, alhambra: Alhambra) -> Action | None:
        """The best hut or chest purchase worth more than `money` points, or None."""
        options = []  # (worth, action)
        huts = view.modules["squares"]["up"] if "take_hut" in by_kind else {}
        for action in by_kind.get("take_hut", []):
            hut = huts.get(action.colour)
            if hut is None:
                continue
            bonus = max((n for _, n in hut_spots(view, hut, alhambra)), default=0)
            if bonus:
                options.append((gain(action.colour, bonus) + bonus / 10, action))
        chests = by_kind.get("buy_chests", [])
        if chests:
            room_gain = {}
            for action in chests:
                if action.room not in room_gain:
                    room_gain[action.room] = self._chest_gain(view, action.room)
                worth = room_gain[action.room] - self.money_rate * payment_total(action.cards)
                if room_gain[action.room] > 0 and worth >= self.buy_threshold:
                    options.append((worth, action))
        best = None
        for worth, action in options:  # the first of the best
            if worth > money and (best is None or worth > best[0]):
                best = (worth, action)
        return None if best is None else best[1]

    @staticmethod
    def _chest_gain(view: GameView, room: int) -> float:
        """Chest-majority points the chests of `room` add over the rounds to come: those
        the player can set on its buildings now, and those passed on that its rivals
        can (`chest_handout`)."""
        after = chest_counts_after(view, room)
        if after is None:
            return 0
        counts = chest_counts(view)
        rounds = [r for r in ROUNDS if r not in view.rounds_scored]
        now = sum(share_places(counts, CHEST_POINTS[r])[view.player] for r in rounds)
        return sum(share_places(after, CHEST_POINTS[r])[view.player] for r in rounds) - now

    @staticmethod
    def _tile_worth(view: GameView, gain: Callable[..., float],
                    alhambra: Alhambra) -> Callable[[Tile], float]:
        """tile -> its majority gain plus one, halved when it must wait on the reserve.

        A camp's gain is its camp points per scoring at its best legal cell, times the
        rounds to come; a bazaar's its best n x k now. Each tile is judged once (a
        purchase is offered once per payment).
        """
        layout = view.layouts[view.player]
        camp_worth = _camp_worth(view)
        worths = {}

        def judge(tile: Tile) -> float:
            if tile.kind == "camp":
                cells = alhambra.legal_positions(tile)
                if not cells:
                    return 0.5
                return max(camp_worth(layout, cell, tile) for cell in cells) + 1
            if tile.kind == "bazaar":
                points, legal = bazaar_value(view, tile, alhambra)
                return points + 1 if legal else (points + 1) / 2
            value = gain(tile.kind) + 1
            if not alhambra.legal_positions(tile):
                value /= 2  # it waits on the reserve
            return value

        def worth(tile: Tile) -> float:
            if tile not in worths:
                worths[tile] = judge(tile)
            return worths[tile]
        return worth

    def _vizier(self, view: GameView, actions: Sequence[Any]) -> Action:
        """A window: the best `VizierBuy` if it is worth it, else the best theft (M10),
        else decline."""
        buys = [a for a in actions if a.kind == "vizier"]
        if buys:
            tile_worth = self._tile_worth(view, self._majority_gain_function(view),
                                          view.alhambra(view.player))
            buy = self._best(buys, lambda b: (tile_worth(b.tile), -len(b.cards)))
            if tile_worth(buy.tile) >= self.buy_threshold:
                return buy
        steals = [a for a in actions if a.kind == "steal"]
        if steals:
            take_score = self._take_scorer(view)
            return self._best(steals, lambda a: take_score(Take((a.card,))))
        declines = [a for a in actions if a.kind == "decline"]
        return declines[0] if declines else actions[0]

    def _majority_gain_function(self, view: GameView) -> Callable[..., float]:
        """kind -> majority points one more tile of that kind adds over the rounds to come."""
        competitors = list(view.players) + ([DIRK] if has_dirk(len(view.players)) else [])
        counts = {name: module_counts(view, name) for name in competitors}
        for tile in view.to_place:  # bought this turn: about to be built
            if tile.is_building:
                counts[view.player][tile.kind] += 1
        rounds = [r for r in ROUNDS if r not in view.rounds_scored]
        now = {r: score_majorities(counts, r)[view.player] for r in rounds}
        cache = {}

        def gain(kind: str, n: int = 1) -> float:
            """The majority points `n` more of `kind` add (a hut's bonus: n up to 3)."""
            if kind not in counts[view.player]:  # a hut, camp or bazaar scores no majority
                return 0
            if (kind, n) not in cache:
                counts[view.player][kind] += n
                cache[kind, n] = sum(score_majorities(counts, r)[view.player] - now[r]
                                     for r in rounds)
                counts[view.player][kind] -= n
            return cache[kind, n]
        return gain

    @staticmethod
    def _take_scorer(view: GameView) -> Callable[[Any], float]:
        def exact_squares(cards: Iterable[Any]) -> int:
            values, exchanges = hand_money(cards)
            return exact_square_count(values, view.market, exchanges)
        before = exact_squares(view.hand)

        def score(take: Any) -> float:
            return (exact_squares(view.hand + take.cards) - before) * 3 \
                + payment_total(take.cards)
        return score

    # -- placing ----------------------------------------------------------------------

    def _placement_scorer(self, view: GameView) -> Callable[[Any], tuple[float, int, int]]:
        alhambra = view.alhambra(view.player)
        wall_now = alhambra.longest_wall()
        layout = view.layouts[view.player]
        extra = self._module_tile_scorer(view)

        def score(action: Any) -> tuple[float, int, int]:
            if action.kind != "place":
                # Reserve rather than give: a reserve tile may be built later.
                return (0, wall_now - 1, -1 if action.kind == "give" else 0)
            trial = alhambra.copy()
            trial.place(action.tile, action.pos, action.gate)  # through a gate (§M5) too
            x, y = action.pos
            built = sum((x + dx, y + dy) in layout for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0)))
            return (extra(action.tile, action.pos), trial.longest_wall(), built)
        return score

    def _module_tile_scorer(self, view: GameView) -> Callable[[Tile, Cell], float]:
        """(tile, cell) -> the points a module's tile scores there by itself: a hut's
        majority gain (and a tenth per unit of bonus), a bazaar's n x k, a camp's points
        over the rounds to come less its closed cells (`_camp_worth`); 0 for a building
        (placed on walls and neighbours)."""
        layout = view.layouts[view.player]
        gain = None
        camp_worth = _camp_worth(view)

        def extra(tile: Tile, cell: Cell) -> float:
            nonlocal gain
            if tile.is_building or tile.kind not in ("hut", "bazaar", "camp"):
                return 0
            if tile.kind == "bazaar":
                return bazaar_points_at(layout, cell, tile)
            if tile.kind == "camp":
                return camp_worth(layout, cell, tile)
            bonus = hut_bonus_at(layout, cell, tile)
            if gain is None:
                gain = self._majority_gain_function(view)
            return gain(tile.marks[0], bonus) + bonus / 10 if bonus else 0
        return extra
