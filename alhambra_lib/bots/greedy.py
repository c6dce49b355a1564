"""A greedy bot: one look ahead, no memory, deterministic given what it sees."""

from __future__ import annotations

from ..actions import DIRK, Take
from ..components import Card, ExchangeCard
from ..engine.config import ROUNDS, has_dirk
from ..game import Phase
from ..payments import payment_total
from ..scoring import score_majorities
from .base import KNOWN_KINDS, known_actions

__all__ = ["GreedyBot"]


def _exact_square_count(hand, market):
    """Market squares `hand` can pay exactly, an exchange card joining two currencies."""
    exchanges = [c for c in hand if isinstance(c, ExchangeCard)]
    count = 0
    for currency, tile in market:
        if tile is None:
            continue
        sums = _exact_sums(c.value for c in hand if isinstance(c, Card) and c.currency == currency)
        for card in exchanges:
            if currency in card.currencies:
                sums |= _exact_sums(c.value for c in hand
                                    if isinstance(c, Card) and c.currency in card.currencies)
        count += bool(sums >> tile.price & 1)
    return count


def _exact_sums(values):
    """Bit mask of the totals some subset of `values` reaches exactly."""
    sums = 1
    for value in values:
        sums |= sums << value
    return sums


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
    `bid_limit`, else passes. Actions of kinds it does not know
    (`KNOWN_KINDS`) are left out; when no legal action is of a known kind it takes
    the first.

    Examples
    --------
    >>> from alhambra_lib import Game
    >>> g = Game(["Ana", "Ben", "Cy"], seed=7)
    >>> print(GreedyBot().choose(g.view(g.current_player), g.legal_actions()))
    buy 8-tower from florin square paying 9
    """

    def __init__(self, exact_bonus=2.0, overpay_cost=0.5, buy_threshold=3.0, wake_value=4.0,
                 bid_limit=4):
        self.exact_bonus = exact_bonus
        self.overpay_cost = overpay_cost
        self.buy_threshold = buy_threshold
        self.wake_value = wake_value
        self.bid_limit = bid_limit

    def __repr__(self):
        return "GreedyBot()"

    def choose(self, view, legal_actions):
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
        return self._act(view, actions)

    def _auction(self, actions):
        """A character's auction (M7): the cheapest bid up to `bid_limit`, else pass."""
        bids = [a for a in actions if a.kind == "bid" and a.amount <= self.bid_limit]
        if bids:
            return min(bids, key=lambda b: (b.amount, len(b.cards)))
        return next(a for a in actions if a.kind == "decline")

    def _master_builder(self, view, actions):
        """A reserve tile placed where it adds majority points, else decline."""
        gain = self._majority_gain_function(view)
        placements = [a for a in actions if a.kind == "redesign" and a.move == "place"]
        if placements:
            placement = self._best(placements, lambda a: gain(a.tile.kind))
            if gain(placement.tile.kind) > 0:
                return placement
        return next((a for a in actions if a.kind == "decline"), actions[0])

    @staticmethod
    def _best(actions, score):
        best, best_score = None, None
        for action in actions:
            value = score(action)
            if best is None or value > best_score:
                best, best_score = action, value
        return best

    # -- the action phase -------------------------------------------------------------

    def _act(self, view, actions):
        by_kind = {}
        for action in actions:
            by_kind.setdefault(action.kind, []).append(action)
        gain = self._majority_gain_function(view)
        tile_worth = self._tile_worth(view, gain)
        buys = by_kind.get("buy", [])
        if buys:
            def buy_worth(buy):
                overpay = payment_total(buy.cards) - buy.tile.price
                return tile_worth(buy.tile) + (self.exact_bonus if overpay == 0
                                               else -self.overpay_cost * overpay)
            buy = self._best(buys, buy_worth)
            if buy.exact or buy_worth(buy) >= self.buy_threshold:
                return buy
        placements = [a for a in by_kind.get("redesign", []) if a.move == "place"]
        if placements:
            placement = self._best(placements, lambda a: gain(a.tile.kind))
            if gain(placement.tile.kind) > 0:
                return placement
        takes = by_kind.get("take", [])
        wakes = by_kind.get("wake", [])
        if takes:
            take_score = self._take_scorer(view)
            take = self._best(takes, take_score)
            if not wakes or take_score(take) >= self.wake_value:
                return take
        if wakes:
            return wakes[0]
        if buys:
            return buys[0] if len(buys) == 1 else self._best(buys, lambda b: -len(b.cards))
        return by_kind["end"][0] if "end" in by_kind else actions[0]

    @staticmethod
    def _tile_worth(view, gain):
        """tile -> its majority gain plus one, halved when it must wait on the reserve."""
        alhambra = view.alhambra(view.player)

        def worth(tile):
            value = gain(tile.kind) + 1
            if not alhambra.legal_positions(tile):
                value /= 2  # it waits on the reserve
            return value
        return worth

    def _vizier(self, view, actions):
        """A window: the best `VizierBuy` if it is worth it, else the best theft (M10),
        else decline."""
        buys = [a for a in actions if a.kind == "vizier"]
        if buys:
            tile_worth = self._tile_worth(view, self._majority_gain_function(view))
            buy = self._best(buys, lambda b: (tile_worth(b.tile), -len(b.cards)))
            if tile_worth(buy.tile) >= self.buy_threshold:
                return buy
        steals = [a for a in actions if a.kind == "steal"]
        if steals:
            take_score = self._take_scorer(view)
            return self._best(steals, lambda a: take_score(Take((a.card,))))
        declines = [a for a in actions if a.kind == "decline"]
        return declines[0] if declines else actions[0]

    def _majority_gain_function(self, view):
        """kind -> majority points one more tile of that kind adds over the rounds to come."""
        competitors = list(view.players) + ([DIRK] if has_dirk(len(view.players)) else [])
        counts = {name: view.counts(name) for name in competitors}
        for tile in view.to_place:  # bought this turn: about to be built
            if tile.is_building:
                counts[view.player][tile.kind] += 1
        rounds = [r for r in ROUNDS if r not in view.rounds_scored]
        now = {r: score_majorities(counts, r)[view.player] for r in rounds}
        cache = {}

        def gain(kind):
            if kind not in counts[view.player]:  # a hut, camp or bazaar scores no majority
                return 0
            if kind not in cache:
                counts[view.player][kind] += 1
                cache[kind] = sum(score_majorities(counts, r)[view.player] - now[r]
                                  for r in rounds)
                counts[view.player][kind] -= 1
            return cache[kind]
        return gain

    @staticmethod
    def _take_scorer(view):
        before = _exact_square_count(view.hand, view.market)

        def score(take):
            after = _exact_square_count(view.hand + take.cards, view.market)
            return (after - before) * 3 + payment_total(take.cards)
        return score

    # -- placing ----------------------------------------------------------------------

    @staticmethod
    def _placement_scorer(view):
        alhambra = view.alhambra(view.player)
        wall_now = alhambra.longest_wall()
        layout = view.layouts[view.player]

        def score(action):
            if action.kind != "place":
                # Reserve rather than give: a reserve tile may be built later.
                return (wall_now - 1, -1 if action.kind == "give" else 0)
            trial = alhambra.copy()
            trial.place(action.tile, action.pos)
            x, y = action.pos
            built = sum((x + dx, y + dy) in layout for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0)))
            return (trial.longest_wall(), built)
        return score
