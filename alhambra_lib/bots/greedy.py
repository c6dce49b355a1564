"""A greedy bot: one look ahead, no memory, deterministic given what it sees."""

from __future__ import annotations

from ..actions import DIRK
from ..game import Phase
from ..scoring import score_majorities

__all__ = ["GreedyBot"]


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
        The least worth of a purchase that is not exact.

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

    Examples
    --------
    >>> from alhambra_lib import Game
    >>> g = Game(["Ana", "Ben", "Cy"], seed=7)
    >>> print(GreedyBot().choose(g.view(g.current_player), g.legal_actions()))
    buy 8-tower from florin square paying 9
    """

    def __init__(self, exact_bonus=2.0, overpay_cost=0.5, buy_threshold=3.0):
        self.exact_bonus = exact_bonus
        self.overpay_cost = overpay_cost
        self.buy_threshold = buy_threshold

    def __repr__(self):
        return "GreedyBot()"

    def choose(self, view, legal_actions):
        """Return the greedy choice among `legal_actions` (see the class notes)."""
        if view.phase in (Phase.PLACE, Phase.FINAL_PLACE):
            return self._best(legal_actions, self._placement_scorer(view))
        return self._act(view, legal_actions)

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
        alhambra = view.alhambra(view.player)
        buys = by_kind.get("buy", [])
        if buys:
            def buy_worth(buy):
                worth = gain(buy.tile.kind) + 1
                if not alhambra.legal_positions(buy.tile):
                    worth /= 2  # it waits on the reserve
                overpay = sum(c.value for c in buy.cards) - buy.tile.price
                return worth + (self.exact_bonus if overpay == 0 else -self.overpay_cost * overpay)
            buy = self._best(buys, buy_worth)
            if buy.exact or buy_worth(buy) >= self.buy_threshold:
                return buy
        placements = [a for a in by_kind.get("redesign", []) if a.move == "place"]
        if placements:
            placement = self._best(placements, lambda a: gain(a.tile.kind))
            if gain(placement.tile.kind) > 0:
                return placement
        takes = by_kind.get("take", [])
        if takes:
            return self._best(takes, self._take_scorer(view))
        if buys:
            return buys[0] if len(buys) == 1 else self._best(buys, lambda b: -len(b.cards))
        return by_kind["end"][0] if "end" in by_kind else actions[0]

    def _majority_gain_function(self, view):
        """kind -> majority points one more tile of that kind adds over the rounds to come."""
        competitors = list(view.players) + ([DIRK] if len(view.players) == 2 else [])
        counts = {name: view.counts(name) for name in competitors}
        for tile in view.to_place:  # bought this turn: about to be built
            counts[view.player][tile.kind] += 1
        rounds = [r for r in (1, 2, 3) if r not in view.rounds_scored]
        now = {r: score_majorities(counts, r)[view.player] for r in rounds}
        cache = {}

        def gain(kind):
            if kind not in cache:
                counts[view.player][kind] += 1
                cache[kind] = sum(score_majorities(counts, r)[view.player] - now[r]
                                  for r in rounds)
                counts[view.player][kind] -= 1
            return cache[kind]
        return gain

    @staticmethod
    def _take_scorer(view):
        def exact_squares(hand):
            count = 0
            for currency, tile in view.market:
                if tile is not None:
                    sums = _exact_sums(c.value for c in hand if c.currency == currency)
                    count += bool(sums >> tile.price & 1)
            return count
        before = exact_squares(view.hand)

        def score(take):
            after = exact_squares(view.hand + take.cards)
            return (after - before) * 3 + sum(c.value for c in take.cards)
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
