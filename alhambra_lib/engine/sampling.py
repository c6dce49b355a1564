"""A game sampled from what one player can know: `determinize`.

A player at the table knows more than their `GameView` shows at a glance: starting
money is dealt face up and every take and payment is public, so by counting the cards
of the public record (`GameView.events`) they know every hand and the discards. What
nobody knows is the order of the draw pile and where in it the scoring cards still
lie (RULES.md §3.7: each was shuffled into its own money pile, so it lies somewhere in
what is left of that pile); the bag has no order (tiles come out uniformly), and the
future draws are the generator's. `determinize` samples these uniformly among the
arrangements consistent with the record and builds the `Game` through the save format
(version 2, `Game.from_json`), the engine's stable interface, which also checks that
every component is where the sample says.

Examples
--------
>>> from alhambra_lib import Game
>>> g = Game(["Ana", "Ben", "Cy"], seed=7)
>>> g.apply(g.legal_actions()[0])
>>> view = g.view("Ben")
>>> sampled = determinize(view, seed=1)
>>> sampled.view("Ben") == view
True
>>> sampled.hand("Ana") == g.hand("Ana")  # counted from the public takes
True
"""

from __future__ import annotations

import json
import random
from collections import Counter

from ..actions import tile_from_list
from ..errors import AlhambraError
from .composition import BASE_PILE_INSERTS, composition
from .config import GameConfig
from .decisions import TURN_END

__all__ = ["determinize", "PublicCards", "count_cards"]

#: The turn-end steps still to run while a decision of this kind is open (base game).
_SCRIPT_OF = {"act": [], "place": list(TURN_END), "final_place": ["final_placing",
                                                                   "final_scoring"]}


class PublicCards:
    """What the public record tells of the money cards (RULES.md §3.4, §4, §5.2).

    Attributes
    ----------
    hands : dict
        ``{player: Counter of card lists as tuples}``, counted from the starting money,
        takes and payments.
    discard : list
        The cards paid since the last reshuffle, in order (JSON lists).
    piles : list of int or None
        The sizes of the five piles when the draw pile was built (``draw_pile`` event).
    drawn : int
        Cards drawn from the built draw pile since (None after a reshuffle: no special
        card is left in a reshuffled pile).
    revealed : list of int
        The rounds whose scoring card came up.
    """

    def __init__(self, players):
        self.hands = {p: Counter() for p in players}
        self.discard = []
        self.piles = None
        self.drawn = 0
        self.revealed = []

    def read(self, event):
        """Update the counts with one event."""
        kind = event["type"]
        if kind in ("starting_money", "take"):
            self.hands[event["player"]].update(tuple(c) for c in event["cards"])
        elif kind == "buy":
            self.hands[event["player"]].subtract(tuple(c) for c in event["cards"])
            self.discard.extend(event["cards"])
        elif kind == "draw_pile":
            self.piles, self.drawn = list(event["piles"]), 0
        elif kind == "reshuffle":
            self.discard, self.drawn = [], None
        elif kind in ("draw_card", "scoring_card") and self.piles is not None:
            if self.drawn is not None:
                self.drawn += 1
            if kind == "scoring_card":
                self.revealed.append(event["round"])


def count_cards(view) -> PublicCards:
    """The `PublicCards` of `view`'s record (base game events)."""
    counted = PublicCards(view.players)
    for event in view.events:
        counted.read(event)
    return counted


def _refuse(message):
    raise AlhambraError(f"determinize: {message}")


def _check_view(view):
    if view.modules or view.options.keys() - {"end_trigger", "hole_rule"}:
        _refuse("only the base game (and Dirk) is sampled so far; the Mega Box modules' "
                "hidden cards are not")
    if view.decision is None:
        _refuse("the game is over: nothing is left to sample")
    if not view.events:
        _refuse("the view carries no public events to count cards from")


def _draw_pile(view, counted, money, rng):
    """The draw pile, top card first: the unseen money shuffled, and each scoring card
    still hidden at a uniform place in what is left of its pile (§3.7)."""
    seen = Counter(tuple(c.to_list()) for c in view.display)
    seen.update(tuple(c) for c in counted.discard)
    for hand in counted.hands.values():
        seen.update(+hand)
    unseen = Counter(tuple(c.to_list()) for c in money) - seen
    pile = [list(card) for card in unseen.elements()]
    hidden = {pile_no: [c for c in cards if c.round_no not in counted.revealed]
              for pile_no, cards in BASE_PILE_INSERTS.items()}
    if len(pile) + sum(map(len, hidden.values())) != view.deck_size:
        _refuse(f"the record accounts for {len(pile)} money cards in the draw pile, the view "
                f"shows {view.deck_size} cards")
    rng.shuffle(pile)
    places = {}
    for pile_no, cards in hidden.items():
        if not cards:
            continue
        if counted.drawn is None:
            _refuse("a scoring card is hidden in a reshuffled draw pile")
        start = max(sum(counted.piles[:pile_no - 1]) - counted.drawn, 0)
        end = sum(counted.piles[:pile_no]) - counted.drawn
        for card, place in zip(cards, rng.sample(range(start, end), len(cards))):
            places[place] = ["scoring", card.round_no]
    for place in sorted(places):  # ascending, so earlier inserts keep later places right
        pile.insert(place, places[place])
    return pile


def _awaiting(view, turn_player):
    """The end-of-game recipients still to place after the one placing now (§9)."""
    distribution = next((e for e in reversed(view.events) if e["type"] == "distribution"), None)
    if distribution is None:
        return []
    received = {}
    for entry in distribution["tiles"]:
        if entry["to"] is not None:
            received.setdefault(entry["to"], []).append(entry["tile"])
    seat = view.players.index(turn_player)
    order = [view.players[(seat + k) % len(view.players)] for k in range(1, len(view.players) + 1)]
    queue = [[p, received[p]] for p in order if p in received]
    placed = sum(1 for e in view.events if e["type"] == "final_placing")
    return queue[placed:]


def _last(view, kind):
    return next((e for e in reversed(view.events) if e["type"] == kind), None)


def _state(view, counted, seed):
    """The save (version 2) of a game consistent with `view`."""
    rng = random.Random(seed)
    config = GameConfig.make(view.players, **view.options)
    money = composition(config).money
    draw = _draw_pile(view, counted, money, rng)
    hands = {p: [list(c) for c in (+h).elements()] for p, h in counted.hands.items()}
    hands[view.player] = [c.to_list() for c in view.hand]
    turn_player = _last(view, "turn")["player"]
    last = view.events[-1]
    version, internal, gauss = random.Random(rng.getrandbits(64)).getstate()
    tiles = [t.to_list() for t in _bag(view, config)]
    return {
        "format": "alhambra_lib.game", "version": 2,
        "players": list(view.players), "options": dict(view.options), "modules": [],
        "rng": [version, list(internal), gauss],
        "decisions": [view.decision.to_dict()],
        "script": list(_SCRIPT_OF[view.decision.kind]),
        "turn_player": view.decision.player, "start_player": _last(view, "start_player")["player"],
        "turn": view.turn,
        "may_continue": view.decision.kind == "act" and last["type"] == "buy" and last["exact"],
        "bag": tiles,
        "market": [None if t is None else t.to_list() for _, t in view.market],
        "draw_pile": draw, "discard": list(counted.discard),
        "display": [c.to_list() for c in view.display],
        "hands": hands,
        "alhambras": {p: [[x, y, *t.to_list()] for (x, y), t in sorted(layout.items())]
                      for p, layout in view.layouts.items()},
        "reserves": {p: [t.to_list() for t in r] for p, r in view.reserves.items()},
        "dirk_tiles": [t.to_list() for t in view.dirk_tiles],
        "to_place": [t.to_list() for t in view.to_place],
        "awaiting": _awaiting(view, turn_player) if view.decision.kind == "final_place" else [],
        "scores": dict(view.scores),
        "scoring_cards_revealed": list(counted.revealed),
        "rounds_scored": list(view.rounds_scored), "pending_rounds": [],
        "market_short": False,
        "end_reason": (_last(view, "end_triggered") or {}).get("reason"),
        "events": list(view.events), "modules_state": {},
    }


def _bag(view, config):
    """The bag: every tile not in sight (it has no order, §3.3)."""
    out = Counter(t for _, t in view.market if t is not None)
    out.update(view.dirk_tiles)
    out.update(view.to_place)
    for p in view.players:
        out.update(t for cell, t in view.layouts[p].items() if cell != (0, 0))
        out.update(view.reserves[p])
    if view.decision.kind == "final_place":  # tiles received, not yet placed
        for _, tiles in _awaiting(view, _last(view, "turn")["player"]):
            out.update(tile_from_list(t) for t in tiles)
    return list((composition(config).tiles() - out).elements())


def determinize(view, seed=None):
    """A `Game` whose ``view(view.player)`` equals `view`, the hidden part sampled.

    Hands and discards are counted from the public record (`GameView.events`); the draw
    pile's unseen money is shuffled uniformly, each scoring card not yet revealed lies
    uniformly in what is left of its pile (§3.7), and the game's generator (the future
    draws from the bag and the piles) is seeded from `seed`.

    Parameters
    ----------
    view : GameView
        A player's view of a base game (two players with Dirk included), not over.
    seed : int, optional
        The same seed and view give the same game.

    Returns
    -------
    Game

    Raises
    ------
    AlhambraError
        For a view of a game with Mega Box modules (their hidden cards are not sampled
        yet), a game that is over, a view without events, or a record that does not
        account for the cards the view shows.
    """
    from .game import Game

    _check_view(view)
    counted = count_cards(view)
    if +counted.hands[view.player] != Counter(tuple(c.to_list()) for c in view.hand):
        _refuse(f"the record does not account for {view.player}'s hand")
    return Game.from_json(json.dumps(_state(view, counted, seed)))

