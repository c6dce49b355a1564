"""The whole game: setup, turns, refills, scoring rounds, the end, and Dirk.

`Game` runs the base game of RULES.md §§3–10 and the two-player variant with the
neutral Dirk. It is a state machine with one door: `Game.apply` checks an action
against the state and only then changes it, appending plain-dict events as things
happen. `Game.legal_actions` lists every action the player to act may take, in an
order fixed by the state alone.

Turn flow
---------
The game is always in one `Phase`:

``action``
    The player to act takes money, buys a tile or redesigns (RULES.md §4). After an
    exact payment the phase stays ``action`` and ``end`` becomes legal too. A player
    with nothing legal may only ``end`` (pass).
``place``
    Turn end step 1 (§5): each tile bought this turn, waiting in `Game.to_place`, is
    placed, reserved or (two players) given to Dirk.
``final_place``
    After the distribution of the last market tiles (§9), each recipient in turn
    places or reserves what they received.
``over``
    Round 3 has been scored; nobody acts.

When the action part ends with nothing bought, or the last bought tile has found
its place, the turn end runs the steps named in `Game.TURN_END_STEPS` in order:
refill the display (a scoring card is set aside and remembered), refill the market,
hold the scoring rounds whose card came up (with Dirk's gift after each in a
two-player game), then either end the game (§9) or start the next player's turn.

Plug-in points for the Mega Box modules (none is built here)
-------------------------------------------------------------
A module would be an option object handed to `Game`, adding through these places:

* **cards in the money deck**: `Game._PILE_INSERTS` maps a pile number (1..5) to the
  special cards shuffled into it (the scoring cards use it); `Game._reveal` decides
  what a card drawn for the display does (money: to the display; scoring: remember
  the round), the place for exchange, gate, character and wall cards. A JSON card
  is ``[tag, ...]``, so new card types get new tags in `_card_from_json`.
* **tiles in the bag**: `Game._bag_tiles` returns the tiles put in the bag at setup
  (camps, bazaars); the end trigger and Dirk's third of the bag count whatever is
  in it.
* **actions**: `Game._HANDLERS` maps an action kind to its check and its effect,
  `Game._PHASE_KINDS` says in which phase a kind is allowed, and
  `Game._action_sources` lists, per phase, the methods that enumerate legal actions.
* **interruptions between turns** (vizier, thieves): `Game.TURN_END_STEPS` is the
  ordered list of turn-end steps, data rather than code, so a module inserts its
  step before `_finish_turn` (which starts the next turn in seating order). A step
  that waits for players' choices sets a phase of its own with its actions and,
  when they are done, runs the steps left after it.
* **scoring steps**: `Game._score_round` computes majorities and walls per
  competitor; extra scoring parts (bonus cards, camps, chests...) add to its
  points and their own keys to the scoring event.

Randomness
----------
One generator per game, ``random.Random``, draws every tile from the bag (uniformly
among those left), shuffles the money, places the scoring cards in their piles and
reshuffles the discards. Its state is saved by `Game.to_json`, so a restored game
draws exactly what the original would. Every draw is an event.

Examples
--------
>>> g = Game(["Ana", "Ben", "Cy"], seed=7)
>>> g.current_player, str(g.phase)
('Ana', 'action')
>>> [str(a) for a in g.legal_actions()]  # doctest: +NORMALIZE_WHITESPACE
['take 6 ducat', 'take 6 florin', 'take 3 denar', 'take 2 dirham',
 'take 3 denar + 2 dirham', 'buy 8-tower from florin square paying 9']
>>> g.apply(g.legal_actions()[4])
>>> g.events[-1]
{'type': 'turn', 'turn': 2, 'player': 'Ben'}
>>> Game.from_json(g.to_json()).to_json() == g.to_json()
True
"""

from __future__ import annotations

import bisect
import json
import random
from collections import Counter
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from types import MappingProxyType

from .actions import (
    DIRK,
    Action,
    Buy,
    End,
    Give,
    Place,
    Redesign,
    Reserve,
    Take,
    card_from_list,
    card_order,
    minimal_payments,
    take_choices,
    tile_from_list,
    tile_order,
)
from .alhambra import HOLE_RULES, Alhambra, IllegalPlacement
from .components import BUILDING_TILES, CURRENCIES, FOUNTAIN, KINDS, Card, ScoringCard, money_deck
from .scoring import score_majorities

__all__ = [
    "Game",
    "GameView",
    "IllegalAction",
    "Phase",
    "END_TRIGGERS",
    "describe_event",
]

#: The end-of-game triggers (RULES.md §9, §11).
END_TRIGGERS = ("market_short", "bag_empty")

STARTING_MONEY = 20  # §3.4: deal until a hand totals at least this
DISPLAY_SIZE = 4
MARKET_SIZE = 4
PILES = 5  # §3.7
MAX_PLAYERS = 6
DIRK_SETUP_GIFT = 6  # §10
DIRK_ROUND_1_GIFT = 6

SAVE_FORMAT = "alhambra_lib.game"
SAVE_VERSION = 1

_CURRENCY_RANK = {c: i for i, c in enumerate(CURRENCIES)}


class Phase(str, Enum):
    """The phase of the game: who may do what now (see the module docstring)."""

    ACTION = "action"
    PLACE = "place"
    FINAL_PLACE = "final_place"
    OVER = "over"

    def __str__(self):
        return self.value


class IllegalAction(ValueError):
    """An action the rules refuse now; the game is left unchanged.

    Attributes
    ----------
    reasons : tuple of str
        Building-rule reason codes when a placement or redesign is refused, else ().
    """

    def __init__(self, message, reasons=()):
        super().__init__(message)
        self.reasons = tuple(reasons)


def _hand_order(card):
    # Hands are kept grouped by currency, highest value first: a square's payment
    # options read one currency's values straight off the hand.
    return (_CURRENCY_RANK[card.currency], -card.value)


def _make_rng(seed):
    """A private generator: from None (fresh entropy), an int, or a Random-like object."""
    if seed is None or (isinstance(seed, int) and not isinstance(seed, bool)):
        return random.Random(seed)
    if hasattr(seed, "getstate"):
        rng = random.Random()
        rng.setstate(seed.getstate())  # a copy: the caller's generator is not advanced
        return rng
    raise TypeError(f"seed is None, an int or a random.Random, got {seed!r}")


def _check_names(players):
    if isinstance(players, str):
        raise TypeError("players is a list of names, not one string")
    names = tuple(players)
    if not 2 <= len(names) <= MAX_PLAYERS:
        raise ValueError(f"Alhambra is for 2 to {MAX_PLAYERS} players, got {len(names)}")
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise ValueError(f"a player's name is a non-empty string, got {name!r}")
        if name == DIRK:
            raise ValueError(f"{DIRK!r} is the neutral player of the two-player game, "
                             "not a valid name for a real player")
    if len(set(names)) != len(names):
        raise ValueError(f"player names must differ, got {list(names)}")
    return names


def _check_options(end_trigger, hole_rule):
    if end_trigger not in END_TRIGGERS:
        raise ValueError(f"unknown end_trigger {end_trigger!r}: expected one of "
                         f"{', '.join(END_TRIGGERS)}")
    if hole_rule not in HOLE_RULES:
        raise ValueError(f"unknown hole_rule {hole_rule!r}: expected one of "
                         f"{', '.join(HOLE_RULES)}")


@lru_cache(maxsize=4096)
def _take_actions(display):
    return tuple(Take(cards) for cards in take_choices(display))


_CARD = {(c, v): Card(c, v) for c in CURRENCIES for v in range(1, 10)}

# Actions are values, so equal ones can be shared: the same placements and redesigns
# come up turn after turn, and a cache hit costs a third of building the action.
_place = lru_cache(maxsize=1 << 16)(Place)
_redesign = lru_cache(maxsize=1 << 16)(Redesign)


@lru_cache(maxsize=8192)
def _buy_actions(square, tile, values):
    currency = CURRENCIES[square - 1]
    return tuple(Buy(square, tile, tuple(_CARD[currency, v] for v in payment))
                 for payment in minimal_payments(values, tile.price))


def _distinct(tiles):
    """The distinct tiles of a list, in `tile_order`."""
    return sorted(set(tiles), key=tile_order)


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

    Notes
    -----
    Decisions where RULES.md is silent:

    * Tiles come out of the bag uniformly at random among those left; the bag itself
      is kept (and saved) in `tile_order`, as a bag has no order.
    * A scoring card is shuffled into its pile by inserting it at a uniformly random
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

    #: The turn-end steps after the bought tiles are placed (RULES.md §5 steps 2–4, §9).
    TURN_END_STEPS = ("_refill_display", "_refill_market", "_hold_scorings", "_finish_turn")

    #: Special cards shuffled into the money piles (§3.7): pile number -> cards.
    _PILE_INSERTS = MappingProxyType({2: (ScoringCard(1),), 4: (ScoringCard(2),)})

    def __init__(self, players, seed=None, *, end_trigger="market_short", hole_rule="enclosed"):
        names = _check_names(players)
        _check_options(end_trigger, hole_rule)
        self._blank(names, end_trigger, hole_rule, _make_rng(seed))
        self._setup()

    def _blank(self, players, end_trigger, hole_rule, rng):
        """Every state field, empty: the fountains alone, nothing dealt."""
        self._players = players
        self._dirk = len(players) == 2
        self._end_trigger = end_trigger
        self._hole_rule = hole_rule
        self._rng = rng
        self._bag = []
        self._market = [None] * MARKET_SIZE
        self._draw = []  # the top card is the last one
        self._discard = []
        self._display = []
        self._hands = {p: [] for p in players}
        self._alhambras = {p: Alhambra(hole_rule) for p in players}
        self._reserves = {p: [] for p in players}
        self._dirk_tiles = []
        self._to_place = []
        self._awaiting = []  # [name, tiles] of distribution recipients still to place
        self._scores = dict.fromkeys(self._competitors(), 0)
        self._phase = Phase.ACTION
        self._current = None
        self._start = None
        self._turn = 0
        self._may_continue = False
        self._revealed = []  # rounds whose scoring card came up, in order
        self._scored = []
        self._end_reason = None
        self._events = []
        # Turn-end scratch (always empty between actions) and caches of legal actions: the
        # current list, and each player's redesigns, kept until their Alhambra or reserve
        # changes (a player who only took money finds them ready on their next turn).
        self._pending_rounds = []
        self._market_short = False
        self._legal = None
        self._redesigns = {}

    def _competitors(self):
        return self._players + ((DIRK,) if self._dirk else ())

    # -- setup (RULES.md §3) -------------------------------------------------------

    def _setup(self):
        self._event("setup", players=list(self._players), dirk=self._dirk,
                    options=self.options)
        self._bag = sorted(self._bag_tiles(), key=tile_order)
        self._refill_market()
        if self._dirk:
            self._gift_dirk(DIRK_SETUP_GIFT, "setup")
        money = list(money_deck(two_players=self._dirk))
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
        self._build_draw_pile()
        self._current = self._start
        self._begin_turn()

    def _bag_tiles(self):
        """The tiles put in the bag at setup (a module adds its own tiles here)."""
        return BUILDING_TILES

    def _deal_starting_money(self, player):
        dealt = []
        while sum(c.value for c in dealt) < STARTING_MONEY:
            dealt.append(self._draw.pop())
        self._hands[player] = sorted(dealt, key=_hand_order)
        self._event("starting_money", player=player, cards=[c.to_list() for c in dealt])

    def _start_player(self):
        """§3.5: fewest cards, then lowest total, then earliest in the seating order."""
        def key(i):
            hand = self._hands[self._players[i]]
            return (len(hand), sum(c.value for c in hand), i)
        return min(range(len(self._players)), key=key)

    def _build_draw_pile(self):
        """§3.7: five piles, special cards shuffled into theirs, pile 1 on top."""
        top_first = self._draw[::-1]
        size, extra = divmod(len(top_first), PILES)
        piles, start = [], 0
        for number in range(1, PILES + 1):
            end = start + size + (1 if number <= extra else 0)
            pile = top_first[start:end]
            for card in self._PILE_INSERTS.get(number, ()):
                pile.insert(self._rng.randrange(len(pile) + 1), card)
            piles.append(pile)
            start = end
        self._draw = [card for pile in reversed(piles) for card in reversed(pile)]
        self._event("draw_pile", piles=[len(p) for p in piles])

    # -- public state ----------------------------------------------------------------

    @property
    def players(self):
        """The real players' names, in seating order."""
        return self._players

    @property
    def options(self):
        """The game's options as a dict."""
        return {"end_trigger": self._end_trigger, "hole_rule": self._hole_rule}

    @property
    def phase(self):
        """The current `Phase` (a str enum: compares equal to ``"action"`` etc.)."""
        return self._phase

    @property
    def current_player(self):
        """The name of the player to act, None once the game is over."""
        return None if self._current is None else self._players[self._current]

    @property
    def start_player(self):
        """The name of the player who took the first turn."""
        return self._players[self._start]

    @property
    def turn(self):
        """The number of the current turn, 1 for the first."""
        return self._turn

    @property
    def is_over(self):
        """Whether the final scoring has been held."""
        return self._phase is Phase.OVER

    @property
    def scores(self):
        """``{name: points}``, Dirk included in a two-player game."""
        return dict(self._scores)

    @property
    def winners(self):
        """The real players with the highest total (several share a victory); [] before the end."""
        if not self.is_over:
            return []
        best = max(self._scores[p] for p in self._players)
        return [p for p in self._players if self._scores[p] == best]

    @property
    def rounds_scored(self):
        """The scoring rounds held so far, in order."""
        return tuple(self._scored)

    @property
    def events(self):
        """Everything that happened, as JSON-able dicts, in order.

        A fresh list of the record's own dicts: read them, do not change them.
        """
        return list(self._events)

    @property
    def market(self):
        """Squares 1..4 in order: ``(currency, Tile or None)`` pairs."""
        return tuple(zip(CURRENCIES, self._market))

    @property
    def display(self):
        """The face-up money cards."""
        return tuple(self._display)

    @property
    def to_place(self):
        """The tiles the player to act must still place, reserve or give."""
        return tuple(self._to_place)

    @property
    def awaiting(self):
        """End of game: ``(name, tiles)`` of the recipients still to place after the current one."""
        return tuple((name, tuple(tiles)) for name, tiles in self._awaiting)

    @property
    def bag_size(self):
        """The number of tiles left in the bag."""
        return len(self._bag)

    @property
    def deck_size(self):
        """The number of cards in the draw pile (scoring cards not yet drawn included)."""
        return len(self._draw)

    @property
    def discard_size(self):
        """The number of cards on the discard pile."""
        return len(self._discard)

    @property
    def dirk_tiles(self):
        """Dirk's tiles in the order he received them; () with three or more players."""
        return tuple(self._dirk_tiles)

    def _player(self, name):
        if name not in self._hands:
            raise ValueError(f"no player called {name!r}: the players are "
                             f"{', '.join(self._players)}")
        return name

    def hand(self, name):
        """That player's money cards, grouped by currency, highest value first."""
        return tuple(self._hands[self._player(name)])

    def reserve(self, name):
        """That player's reserve tiles, in `tile_order`."""
        return tuple(self._reserves[self._player(name)])

    def alhambra(self, name):
        """That player's `Alhambra`, the live object: read it, never change it."""
        return self._alhambras[self._player(name)]

    def view(self, name):
        """What `name` may see: own hand, others' card counts, everything public."""
        name = self._player(name)
        return GameView(
            player=name,
            players=self._players,
            phase=self._phase,
            current_player=self.current_player,
            turn=self._turn,
            hand=tuple(self._hands[name]),
            hand_sizes=MappingProxyType({p: len(h) for p, h in self._hands.items()}),
            market=self.market,
            display=tuple(self._display),
            layouts=MappingProxyType({p: MappingProxyType(dict(a.layout))
                                      for p, a in self._alhambras.items()}),
            reserves=MappingProxyType({p: tuple(r) for p, r in self._reserves.items()}),
            to_place=tuple(self._to_place),
            dirk_tiles=tuple(self._dirk_tiles),
            scores=MappingProxyType(dict(self._scores)),
            bag_size=len(self._bag),
            deck_size=len(self._draw),
            discard_size=len(self._discard),
            rounds_scored=tuple(self._scored),
            options=MappingProxyType(self.options),
        )

    def __repr__(self):
        who = f", {self.current_player} to act" if self._current is not None else ""
        return f"<Game {', '.join(self._players)}: turn {self._turn}, {self._phase}{who}>"

    def _repr_mimebundle_(self, include=None, exclude=None):
        from .display import mimebundle

        return mimebundle(self)

    # -- legal actions -----------------------------------------------------------------

    def legal_actions(self):
        """Every action legal now for the player to act, in a canonical order.

        Action phase: takes, buys (square 1..4), redesigns (reserve tiles placed, tiles
        removed, reserve tiles exchanged in), then ``end`` after an exact payment;
        ``end`` alone when nothing else is legal. Placing phases: per waiting tile in
        `tile_order`, its placements by cell, then reserve, then give. The order
        depends on the state alone, never on hashing.
        """
        return list(self._legal_tuple())

    def _legal_tuple(self):
        if self._legal is None:
            self._legal = self._enumerate_actions()
        return self._legal

    def _enumerate_actions(self):
        if self._phase is Phase.OVER:
            return ()
        actions = []
        for source in self._action_sources[self._phase]:
            actions.extend(source(self))
        if self._phase is Phase.ACTION and (self._may_continue or not actions):
            actions.append(End())
        return tuple(actions)

    def _take_options(self):
        # The choices depend on the cards, not their order: one cache entry per multiset.
        return _take_actions(tuple(sorted(self._display, key=card_order)))

    def _buy_options(self):
        values = {currency: [] for currency in CURRENCIES}
        for card in self._hands[self._players[self._current]]:  # highest value first
            values[card.currency].append(card.value)
        actions = []
        for square, tile in enumerate(self._market, start=1):
            paid = values[CURRENCIES[square - 1]]
            if tile is not None and sum(paid) >= tile.price:
                actions.extend(_buy_actions(square, tile, tuple(paid)))
        return actions

    def _redesign_options(self):
        player = self._players[self._current]
        actions = self._redesigns.get(player)
        if actions is None:
            alhambra = self._alhambras[player]
            reserve = _distinct(self._reserves[player])
            actions = [_redesign("place", t, pos)
                       for t in reserve for pos in sorted(alhambra.legal_positions(t))]
            actions += [_redesign("remove", None, pos)
                        for pos in sorted(alhambra.removable_positions())]
            actions += [_redesign("exchange", t, pos)
                        for t in reserve for pos in sorted(alhambra.exchange_positions(t))]
            actions = self._redesigns[player] = tuple(actions)
        return actions

    def _placing_options(self):
        alhambra = self._alhambras[self._players[self._current]]
        may_give = self._dirk and self._phase is Phase.PLACE
        actions = []
        for tile in _distinct(self._to_place):
            actions += [_place(tile, pos) for pos in sorted(alhambra.legal_positions(tile))]
            actions.append(Reserve(tile))
            if may_give:
                actions.append(Give(tile))
        return actions

    _action_sources = MappingProxyType({
        Phase.ACTION: (_take_options, _buy_options, _redesign_options),
        Phase.PLACE: (_placing_options,),
        Phase.FINAL_PLACE: (_placing_options,),
    })

    # -- applying actions ---------------------------------------------------------------

    def apply(self, action):
        """Carry out `action` for the player to act.

        Raises
        ------
        IllegalAction
            If the rules refuse it now; the game is then left exactly as it was.
        TypeError
            If `action` is not an `Action`.
        """
        if not isinstance(action, Action):
            raise TypeError(f"expected an action, got {type(action).__name__}: {action!r}")
        if self._phase is Phase.OVER:
            raise IllegalAction(f"cannot {action}: the game is over")
        if action.kind not in self._PHASE_KINDS[self._phase]:
            raise IllegalAction(f"cannot {action} now: {self._phase_text()}")
        check, effect = self._HANDLERS[action.kind]
        check(self, action)
        self._legal = None
        effect(self, action)

    def _phase_text(self):
        player = self.current_player
        if self._phase is Phase.ACTION:
            return f"{player} is to take money, buy or redesign"
        may_give = self._dirk and self._phase is Phase.PLACE
        return (f"{player} is to place, reserve{' or give' if may_give else ''}"
                f" {', '.join(map(str, self._to_place))}")

    def _refuse(self, action, why, reasons=()):
        raise IllegalAction(f"{self.current_player} cannot {action}: {why}", reasons)

    # take (§4a)

    def _check_take(self, action):
        left = list(self._display)
        for card in action.cards:
            if card not in left:
                self._refuse(action, f"{card} is not on the display "
                                     f"({', '.join(map(str, self._display)) or 'empty'})")
            left.remove(card)
        total = sum(c.value for c in action.cards)
        if len(action.cards) > 1 and total > 5:
            self._refuse(action, f"several cards must total at most 5, these total {total}")

    def _do_take(self, action):
        player = self.current_player
        hand = self._hands[player]
        for card in action.cards:
            self._display.remove(card)
            bisect.insort(hand, card, key=_hand_order)
        self._event("take", player=player, cards=[c.to_list() for c in action.cards])
        self._end_actions()

    # buy (§4b)

    def _check_buy(self, action):
        tile = self._market[action.square - 1]
        if tile != action.tile:
            self._refuse(action, f"square {action.square} holds {tile or 'nothing'}")
        for card in action.cards:
            if card.currency != action.currency:
                self._refuse(action, f"the {action.currency} square is paid in "
                                     f"{action.currency} only, not with {card}")
        left = list(self._hands[self.current_player])
        for card in action.cards:
            if card not in left:
                self._refuse(action, f"{card} is not in hand")
            left.remove(card)
        total = sum(c.value for c in action.cards)
        if total < tile.price:
            self._refuse(action, f"the cards total {total}, less than the price {tile.price}")
        smallest = action.cards[-1]
        if total - smallest.value >= tile.price:
            self._refuse(action, f"the {smallest} could be left out: the other cards still "
                                 f"total {total - smallest.value}, enough for the price "
                                 f"{tile.price} (only minimal payments are allowed)")

    def _do_buy(self, action):
        player = self.current_player
        hand = self._hands[player]
        for card in action.cards:
            hand.remove(card)
            self._discard.append(card)
        self._market[action.square - 1] = None
        self._to_place.append(action.tile)
        exact = action.exact
        self._event("buy", player=player, square=action.square, currency=action.currency,
                    tile=action.tile.to_list(), cards=[c.to_list() for c in action.cards],
                    exact=exact)
        if exact:
            self._may_continue = True
        else:
            self._end_actions()

    # redesign (§7)

    def _check_redesign(self, action):
        player = self.current_player
        alhambra = self._alhambras[player]
        if action.move != "remove" and action.tile not in self._reserves[player]:
            self._refuse(action, f"{action.tile} is not on the reserve")
        if action.move == "place":
            verdict = alhambra.check(action.tile, action.pos)
        elif action.move == "remove":
            verdict = alhambra.check_removal(action.pos)
        else:
            verdict = alhambra.check_exchange(action.tile, action.pos)
        if not verdict.ok:
            self._refuse(action, verdict.explain(), verdict.reasons)

    def _do_redesign(self, action):
        player = self.current_player
        alhambra = self._alhambras[player]
        reserve = self._reserves[player]
        removed = None
        if action.move == "place":
            alhambra.place(action.tile, action.pos)
        elif action.move == "remove":
            removed = alhambra.remove(action.pos)
        else:
            removed = alhambra.exchange(action.tile, action.pos)
        if action.tile is not None:
            reserve.remove(action.tile)
        if removed is not None:
            bisect.insort(reserve, removed, key=tile_order)
        self._redesigns.pop(player, None)
        self._event("redesign", player=player, move=action.move,
                    tile=None if action.tile is None else action.tile.to_list(),
                    pos=list(action.pos), removed=None if removed is None else removed.to_list())
        self._end_actions()

    # end / pass

    def _check_end(self, action):
        if not self._may_continue and self._legal_tuple() != (End(),):
            self._refuse(action, "ending the action part needs an exact payment first, and "
                                 "passing is only for a player with no other legal action")

    def _do_end(self, action):
        self._event("end", player=self.current_player, passed=not self._may_continue)
        self._end_actions()

    def _end_actions(self):
        """The action part of the turn is over: place what was bought, or end the turn."""
        self._may_continue = False
        if self._to_place:
            self._phase = Phase.PLACE
        else:
            self._end_turn()

    # place / reserve / give (§5.1, §9.4)

    def _check_waiting(self, action):
        if action.tile not in self._to_place:
            self._refuse(action, f"{action.tile} is not waiting to be placed "
                                 f"(waiting: {', '.join(map(str, self._to_place)) or 'nothing'})")

    def _check_place(self, action):
        self._check_waiting(action)
        verdict = self._alhambras[self.current_player].check(action.tile, action.pos)
        if not verdict.ok:
            self._refuse(action, verdict.explain(), verdict.reasons)

    def _do_place(self, action):
        player = self.current_player
        self._alhambras[player].place(action.tile, action.pos)
        self._redesigns.pop(player, None)
        self._to_place.remove(action.tile)
        self._event("place", player=player, tile=action.tile.to_list(), pos=list(action.pos))
        self._after_placing()

    def _do_reserve(self, action):
        player = self.current_player
        self._to_place.remove(action.tile)
        bisect.insort(self._reserves[player], action.tile, key=tile_order)
        self._redesigns.pop(player, None)
        self._event("reserve", player=player, tile=action.tile.to_list())
        self._after_placing()

    def _check_give(self, action):
        if not self._dirk:
            self._refuse(action, f"only a two-player game has {DIRK}")
        self._check_waiting(action)

    def _do_give(self, action):
        self._to_place.remove(action.tile)
        self._dirk_tiles.append(action.tile)
        self._event("give", player=self.current_player, tile=action.tile.to_list())
        self._after_placing()

    def _after_placing(self):
        if self._to_place:
            return
        if self._phase is Phase.PLACE:
            self._end_turn()
        else:
            self._next_recipient()

    #: action kind -> (check, effect); the check raises IllegalAction and changes nothing.
    _HANDLERS = MappingProxyType({
        "take": (_check_take, _do_take),
        "buy": (_check_buy, _do_buy),
        "redesign": (_check_redesign, _do_redesign),
        "end": (_check_end, _do_end),
        "place": (_check_place, _do_place),
        "reserve": (_check_waiting, _do_reserve),
        "give": (_check_give, _do_give),
    })

    #: The action kinds allowed in each phase.
    _PHASE_KINDS = MappingProxyType({
        Phase.ACTION: frozenset({"take", "buy", "redesign", "end"}),
        Phase.PLACE: frozenset({"place", "reserve", "give"}),
        Phase.FINAL_PLACE: frozenset({"place", "reserve"}),
        Phase.OVER: frozenset(),
    })

    # -- turn end (§5) ------------------------------------------------------------------

    def _end_turn(self):
        for step in self.TURN_END_STEPS:
            getattr(self, step)()

    def _refill_display(self):
        """§5.2: draw until the display holds 4; a reshuffle when the draw pile is empty."""
        while len(self._display) < DISPLAY_SIZE:
            if not self._draw:
                if not self._discard:
                    return
                self._reshuffle()
            self._reveal(self._draw.pop())

    def _reveal(self, card):
        """A card drawn for the display: money goes on it, a scoring card is set aside."""
        if isinstance(card, ScoringCard):
            self._revealed.append(card.round_no)
            self._pending_rounds.append(card.round_no)
            self._event("scoring_card", round=card.round_no)
        else:
            self._display.append(card)
            self._event("draw_card", card=card.to_list())

    def _reshuffle(self):
        self._draw, self._discard = self._discard, []
        self._rng.shuffle(self._draw)
        self._event("reshuffle", cards=len(self._draw))

    def _refill_market(self):
        """§5.3: fill empty squares 1 to 4 from the bag; note if the bag falls short."""
        for i, tile in enumerate(self._market):
            if tile is None:
                if not self._bag:
                    self._market_short = True
                    return
                tile = self._market[i] = self._bag.pop(self._rng.randrange(len(self._bag)))
                self._event("draw_tile", square=i + 1, tile=tile.to_list())

    def _hold_scorings(self):
        """§5.4: score the rounds whose card came up; Dirk's gift follows each (§10)."""
        while self._pending_rounds:
            round_no = self._pending_rounds.pop(0)
            self._score_round(round_no)
            if self._dirk:
                size = DIRK_ROUND_1_GIFT if round_no == 1 else len(self._bag) // 3
                self._gift_dirk(size, f"round {round_no}")

    def _finish_turn(self):
        """§9.1: end the game if its trigger fired, else start the next turn."""
        short, self._market_short = self._market_short, False
        if self._end_trigger == "market_short" and short:
            self._end_game("market_short")
        elif self._end_trigger == "bag_empty" and not self._bag:
            self._end_game("bag_empty")
        else:
            self._current = (self._current + 1) % len(self._players)
            self._begin_turn()

    def _begin_turn(self):
        self._phase = Phase.ACTION
        self._turn += 1
        self._event("turn", turn=self._turn, player=self.current_player)

    def _gift_dirk(self, size, after):
        tiles = [self._bag.pop(self._rng.randrange(len(self._bag)))
                 for _ in range(min(size, len(self._bag)))]
        self._dirk_tiles.extend(tiles)
        self._event("dirk_gift", after=after, tiles=[t.to_list() for t in tiles])

    # -- scoring (§8) -------------------------------------------------------------------

    def _counts_of(self, name):
        if name == DIRK:
            counts = dict.fromkeys(KINDS, 0)
            for tile in self._dirk_tiles:
                counts[tile.kind] += 1
            return counts
        return self._alhambras[name].counts()

    def _score_round(self, round_no):
        """Majorities for every competitor (Dirk too), walls for the real players."""
        competitors = self._competitors()
        counts = {name: self._counts_of(name) for name in competitors}
        walls = {name: 0 if name == DIRK else self._alhambras[name].longest_wall()
                 for name in competitors}
        majorities = score_majorities(counts, round_no)
        points = {name: majorities[name] + walls[name] for name in competitors}
        for name, gained in points.items():
            self._scores[name] += gained
        self._scored.append(round_no)
        self._event("scoring", round=round_no, counts=counts, walls=walls, points=points)

    # -- end of the game (§9) -----------------------------------------------------------

    def _end_game(self, reason):
        self._event("end_triggered", reason=reason)
        self._end_reason = reason
        self._distribute()
        self._next_recipient()

    def _majority_holder(self, currency):
        """The one player holding strictly the most money in `currency`, else None."""
        holdings = {p: sum(c.value for c in self._hands[p] if c.currency == currency)
                    for p in self._players}
        best = max(holdings.values())
        leaders = [p for p, total in holdings.items() if total == best]
        return leaders[0] if best > 0 and len(leaders) == 1 else None

    def _distribute(self):
        """§9.3: each market tile to the strict majority holder of its currency."""
        received = {}
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
        self._event("distribution", tiles=record)
        n = len(self._players)
        order = [self._players[(self._current + k) % n] for k in range(1, n + 1)]
        self._awaiting = [[p, received[p]] for p in order if p in received]

    def _next_recipient(self):
        if not self._awaiting:
            self._final_scoring()
            return
        player, tiles = self._awaiting.pop(0)
        self._current = self._players.index(player)
        self._to_place = tiles
        self._phase = Phase.FINAL_PLACE
        self._event("final_placing", player=player, tiles=[t.to_list() for t in tiles])

    def _final_scoring(self):
        self._score_round(3)
        self._phase = Phase.OVER
        self._current = None
        self._event("game_over", scores=dict(self._scores), winners=self.winners)

    # -- events ---------------------------------------------------------------------------

    def _event(self, kind, **fields):
        self._events.append({"type": kind, **fields})

    # -- saving and restoring -------------------------------------------------------------

    def to_json(self):
        """The whole state as a JSON string, byte for byte the same for the same game.

        Keys are sorted; tiles are ``[kind, price, walls]`` with walls in N, E, S, W
        order; cards ``[currency, value]``, scoring cards ``["scoring", round]``; the
        draw pile is listed top card first; Alhambras list ``[x, y, kind, price,
        walls]`` by cell. The generator's state is included.
        """
        return json.dumps(self._state(), sort_keys=True, separators=(",", ":"))

    def _state(self):
        version, internal, gauss = self._rng.getstate()
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "players": list(self._players),
            "options": self.options,
            "rng": [version, list(internal), gauss],
            "phase": self._phase.value,
            "current": self.current_player,
            "start_player": self.start_player,
            "turn": self._turn,
            "may_continue": self._may_continue,
            "bag": [t.to_list() for t in self._bag],
            "market": [None if t is None else t.to_list() for t in self._market],
            "draw_pile": [_card_to_json(c) for c in reversed(self._draw)],
            "discard": [c.to_list() for c in self._discard],
            "display": [c.to_list() for c in self._display],
            "hands": {p: [c.to_list() for c in h] for p, h in self._hands.items()},
            "alhambras": {p: [[x, y, *t.to_list()] for (x, y), t in sorted(a.layout.items())]
                          for p, a in self._alhambras.items()},
            "reserves": {p: [t.to_list() for t in r] for p, r in self._reserves.items()},
            "dirk_tiles": [t.to_list() for t in self._dirk_tiles],
            "to_place": [t.to_list() for t in self._to_place],
            "awaiting": [[p, [t.to_list() for t in tiles]] for p, tiles in self._awaiting],
            "scores": dict(self._scores),
            "scoring_cards_revealed": list(self._revealed),
            "rounds_scored": list(self._scored),
            "end_reason": self._end_reason,
            "events": self._events,
        }

    @classmethod
    def from_json(cls, text):
        """Restore a game saved by `to_json`, checking that it obeys the rules.

        Raises
        ------
        ValueError
            Naming what is wrong: malformed JSON or fields, a card or tile missing,
            doubled or unknown, an illegal Alhambra, an impossible phase.
        """
        try:
            data = json.loads(text)
        except (TypeError, json.JSONDecodeError) as error:
            raise ValueError(f"invalid saved game: not JSON ({error})") from None
        return _load(cls, data)


def _card_to_json(card):
    if isinstance(card, ScoringCard):
        return ["scoring", card.round_no]
    return card.to_list()


# -- loading and checking a saved game ------------------------------------------------------

_STATE_KEYS = frozenset({
    "format", "version", "players", "options", "rng", "phase", "current", "start_player",
    "turn", "may_continue", "bag", "market", "draw_pile", "discard", "display", "hands",
    "alhambras", "reserves", "dirk_tiles", "to_place", "awaiting", "scores",
    "scoring_cards_revealed", "rounds_scored", "end_reason", "events",
})


class _Corrupt(ValueError):
    pass


def _fail(message):
    raise _Corrupt(f"invalid saved game: {message}")


def _expect(value, kind, what):
    if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
        _fail(f"{what} should be a {kind.__name__}, got {value!r}")
    return value


def _decode(decoder, data, what):
    try:
        return decoder(data)
    except (TypeError, ValueError) as error:
        _fail(f"{what}: {error}")


def _tiles(data, what):
    return [_decode(tile_from_list, t, what) for t in _expect(data, list, what)]


def _cards(data, what):
    return [_decode(card_from_list, c, what) for c in _expect(data, list, what)]


def _card_from_json(data):
    if isinstance(data, list) and len(data) == 2 and data[0] == "scoring":
        if data[1] not in (1, 2) or isinstance(data[1], bool):
            raise ValueError(f"a scoring card is for round 1 or 2, got {data[1]!r}")
        return ScoringCard(data[1])
    return card_from_list(data)


def _load(cls, data):
    try:
        return _restore(cls, data)
    except _Corrupt as error:
        raise ValueError(str(error)) from None


def _restore(cls, data):
    _expect(data, dict, "the saved game")
    if set(data) != _STATE_KEYS:
        missing, extra = sorted(_STATE_KEYS - set(data)), sorted(set(data) - _STATE_KEYS)
        _fail(f"wrong keys (missing {missing}, unexpected {extra})")
    if data["format"] != SAVE_FORMAT or data["version"] != SAVE_VERSION:
        _fail(f"not a {SAVE_FORMAT} version {SAVE_VERSION} record")
    options = _expect(data["options"], dict, "options")
    if set(options) != {"end_trigger", "hole_rule"}:
        _fail(f"options are end_trigger and hole_rule, got {sorted(options)}")
    try:
        players = _check_names(_expect(data["players"], list, "players"))
        _check_options(options["end_trigger"], options["hole_rule"])
    except _Corrupt:
        raise
    except (TypeError, ValueError) as error:
        _fail(str(error))
    game = cls.__new__(cls)
    game._blank(players, options["end_trigger"], options["hole_rule"], _restore_rng(data["rng"]))
    _restore_piles(game, data)
    _restore_players(game, data)
    _restore_progress(game, data)
    _check_conservation(game)
    return game


def _restore_rng(data):
    if not (isinstance(data, list) and len(data) == 3 and isinstance(data[1], list)):
        _fail("rng should be [version, [625 integers], gauss_next]")
    rng = random.Random()
    try:
        rng.setstate((data[0], tuple(data[1]), data[2]))
    except (TypeError, ValueError, OverflowError) as error:
        _fail(f"rng state refused: {error}")
    return rng


def _restore_piles(game, data):
    game._bag = sorted(_tiles(data["bag"], "bag"), key=tile_order)
    market = _expect(data["market"], list, "market")
    if len(market) != MARKET_SIZE:
        _fail(f"the market has {MARKET_SIZE} squares, got {len(market)}")
    game._market = [None if t is None else _decode(tile_from_list, t, "market") for t in market]
    pile = _expect(data["draw_pile"], list, "draw_pile")
    game._draw = [_decode(_card_from_json, c, "draw_pile") for c in reversed(pile)]
    game._discard = _cards(data["discard"], "discard")
    game._display = _cards(data["display"], "display")
    if len(game._display) > DISPLAY_SIZE:
        _fail(f"the display holds at most {DISPLAY_SIZE} cards, got {len(game._display)}")
    game._dirk_tiles = _tiles(data["dirk_tiles"], "dirk_tiles")
    if game._dirk_tiles and not game._dirk:
        _fail(f"{DIRK} only plays in a two-player game")


def _per_player(game, data, key):
    value = _expect(data[key], dict, key)
    if set(value) != set(game._players):
        _fail(f"{key} should have one entry per player {list(game._players)}, got {sorted(value)}")
    return value


def _restore_players(game, data):
    hands = _per_player(game, data, "hands")
    reserves = _per_player(game, data, "reserves")
    alhambras = _per_player(game, data, "alhambras")
    for p in game._players:
        game._hands[p] = sorted(_cards(hands[p], f"{p}'s hand"), key=_hand_order)
        game._reserves[p] = sorted(_tiles(reserves[p], f"{p}'s reserve"), key=tile_order)
        game._alhambras[p] = _restore_alhambra(alhambras[p], game._hole_rule, p)
    scores = _expect(data["scores"], dict, "scores")
    if set(scores) != set(game._competitors()):
        _fail(f"scores should have one entry per competitor {list(game._competitors())}")
    game._scores = {p: _expect(scores[p], int, f"{p}'s score") for p in game._competitors()}


def _restore_alhambra(cells, hole_rule, player):
    layout = {}
    for entry in _expect(cells, list, f"{player}'s Alhambra"):
        if not isinstance(entry, list) or len(entry) != 5:
            _fail(f"{player}'s Alhambra lists [x, y, kind, price, walls], got {entry!r}")
        cell = (entry[0], entry[1])
        if cell in layout:
            _fail(f"{player}'s Alhambra has two tiles on {cell}")
        layout[cell] = _decode(tile_from_list, entry[2:], f"{player}'s Alhambra")
    if layout.get((0, 0)) != FOUNTAIN:
        _fail(f"{player}'s Alhambra needs its fountain at (0, 0)")
    try:
        return Alhambra.from_layout(layout, hole_rule)
    except (IllegalPlacement, TypeError, ValueError) as error:
        _fail(f"{player}'s Alhambra is illegal: {error}")


def _restore_progress(game, data):
    try:
        game._phase = Phase(data["phase"])
    except ValueError:
        _fail(f"unknown phase {data['phase']!r}")
    current = data["current"]
    if current is not None and current not in game._players:
        _fail(f"the player to act {current!r} is not a player")
    game._current = None if current is None else game._players.index(current)
    if data["start_player"] not in game._players:
        _fail(f"the start player {data['start_player']!r} is not a player")
    game._start = game._players.index(data["start_player"])
    game._turn = _expect(data["turn"], int, "turn")
    game._may_continue = _expect(data["may_continue"], bool, "may_continue")
    game._to_place = _tiles(data["to_place"], "to_place")
    game._awaiting = []
    for entry in _expect(data["awaiting"], list, "awaiting"):
        if not (isinstance(entry, list) and len(entry) == 2 and entry[0] in game._players):
            _fail(f"awaiting lists [player, tiles], got {entry!r}")
        game._awaiting.append([entry[0], _tiles(entry[1], "awaiting")])
    game._revealed = _rounds(data["scoring_cards_revealed"], (1, 2), "scoring_cards_revealed")
    game._scored = _rounds(data["rounds_scored"], (1, 2, 3), "rounds_scored")
    game._end_reason = data["end_reason"]
    if game._end_reason not in (None, *END_TRIGGERS):
        _fail(f"unknown end_reason {game._end_reason!r}")
    events = _expect(data["events"], list, "events")
    if not all(isinstance(e, dict) and isinstance(e.get("type"), str) for e in events):
        _fail("every event is a dict with a 'type'")
    game._events = events
    _check_phase(game)
    _check_scores(game)


def _rounds(data, allowed, what):
    rounds = _expect(data, list, what)
    if len(set(rounds)) != len(rounds) or not all(r in allowed and not isinstance(r, bool)
                                                  for r in rounds):
        _fail(f"{what} should list distinct rounds among {allowed}, got {rounds!r}")
    return list(rounds)


def _check_phase(game):
    phase, over = game._phase, game._phase is Phase.OVER
    if (game._current is None) != over:
        _fail(f"a player is to act exactly when the game is not over (phase {phase})")
    if (3 in game._scored) != over or sorted(game._scored) != sorted(game._revealed) + [3] * over:
        _fail(f"rounds scored {game._scored} do not match the scoring cards revealed "
              f"{game._revealed} in phase {phase}")
    if (game._end_reason is not None) != (phase in (Phase.FINAL_PLACE, Phase.OVER)):
        _fail(f"the end of the game (reason {game._end_reason}) does not match phase {phase}")
    if game._awaiting and phase is not Phase.FINAL_PLACE:
        _fail("tiles await distribution recipients outside the final placing")
    if game._may_continue and phase is not Phase.ACTION:
        _fail("another action after an exact payment is only possible in the action phase")
    if phase is Phase.ACTION and bool(game._to_place) != game._may_continue:
        _fail("in the action phase, bought tiles wait exactly when an exact payment allows "
              "another action")
    if game._turn < 1:
        _fail(f"turn should be 1 or more, got {game._turn}")
    if (phase in (Phase.PLACE, Phase.FINAL_PLACE)) != bool(game._to_place) and (
            phase is not Phase.ACTION):
        _fail(f"phase {phase} with {len(game._to_place)} tiles to place")
    if len(game._to_place) > MARKET_SIZE and phase is not Phase.FINAL_PLACE:
        _fail(f"at most {MARKET_SIZE} tiles can be bought in a turn")


def _check_scores(game):
    totals = dict.fromkeys(game._competitors(), 0)
    for event in game._events:
        if event["type"] == "scoring":
            points = event.get("points")
            if not isinstance(points, dict) or set(points) != set(totals):
                _fail("a scoring event lacks the points of every competitor")
            for name, gained in points.items():
                totals[name] += gained
    if totals != game._scores:
        _fail(f"scores {game._scores} differ from the sum of the scoring events {totals}")


def _check_conservation(game):
    money = Counter(money_deck(two_players=game._dirk))
    held = Counter(c for c in game._draw if isinstance(c, Card))
    held.update(game._discard)
    held.update(game._display)
    for hand in game._hands.values():
        held.update(hand)
    if held != money:
        missing, extra = money - held, held - money
        _fail(f"the money cards are not the {sum(money.values())} of the game "
              f"(missing {sorted(map(str, missing.elements()))}, "
              f"extra {sorted(map(str, extra.elements()))})")
    scoring = [c.round_no for c in game._draw if isinstance(c, ScoringCard)]
    if sorted(scoring + game._revealed) != [1, 2]:
        _fail(f"scoring cards: {scoring} in the draw pile and {game._revealed} revealed, "
              "expected each of 1 and 2 exactly once")
    tiles = Counter(BUILDING_TILES)
    found = Counter(game._bag)
    found.update(t for t in game._market if t is not None)
    found.update(game._dirk_tiles)
    found.update(game._to_place)
    for _, waiting in game._awaiting:
        found.update(waiting)
    for p in game._players:
        found.update(t for cell, t in game._alhambras[p].layout.items() if cell != (0, 0))
        found.update(game._reserves[p])
    if found != tiles:
        missing, extra = tiles - found, found - tiles
        _fail(f"the tiles are not the {len(BUILDING_TILES)} of the game "
              f"(missing {sorted(map(repr, missing.elements()))}, "
              f"extra or unknown {sorted(map(repr, extra.elements()))})")


# -- what a player sees ------------------------------------------------------------------------


@dataclass(frozen=True)
class GameView:
    """What one player may see: everything public, their own hand, others' card counts.

    Built by `Game.view`; a snapshot, unchanged by later moves.

    Attributes
    ----------
    player : str
        Whose view this is.
    hand : tuple of Card
        That player's cards; of the others only `hand_sizes` is known.
    layouts : mapping
        ``{name: {(x, y): Tile}}`` for every Alhambra.
    """

    player: str
    players: tuple
    phase: Phase
    current_player: str | None
    turn: int
    hand: tuple
    hand_sizes: MappingProxyType
    market: tuple
    display: tuple
    layouts: MappingProxyType
    reserves: MappingProxyType
    to_place: tuple
    dirk_tiles: tuple
    scores: MappingProxyType
    bag_size: int
    deck_size: int
    discard_size: int
    rounds_scored: tuple
    options: MappingProxyType

    def alhambra(self, name):
        """A fresh `Alhambra` of `name`'s layout, free to experiment on."""
        return Alhambra.from_layout(self.layouts[name], self.options["hole_rule"], check=False)

    def counts(self, name):
        """``{kind: n}`` of `name`'s Alhambra, or of Dirk's tiles."""
        counts = dict.fromkeys(KINDS, 0)
        tiles = self.dirk_tiles if name == DIRK else self.layouts[name].values()
        for tile in tiles:
            if tile.kind in counts:
                counts[tile.kind] += 1
        return counts


# -- narration ----------------------------------------------------------------------------------


def _tile_text(data):
    return f"{data[1]}-{data[0]}" if data else "nothing"


def _cards_text(cards):
    return " + ".join(f"{v} {c}" for c, v in cards)


def _scoring_text(e):
    parts = [f"{name} {points} ({points - e['walls'][name]} majorities + {e['walls'][name]} walls)"
             for name, points in e["points"].items()]
    return f"scoring round {e['round']}: " + ", ".join(parts)


def _distribution_text(e):
    parts = [f"{_tile_text(t['tile'])} ({t['currency']}) to {t['to'] or 'nobody'}"
             for t in e["tiles"]]
    return "last market tiles: " + ("; ".join(parts) or "none left")


def _redesign_text(e):
    if e["move"] == "remove":
        return f"{e['player']} moves {_tile_text(e['removed'])} at {tuple(e['pos'])} to the reserve"
    if e["move"] == "place":
        return f"{e['player']} places {_tile_text(e['tile'])} from the reserve at {tuple(e['pos'])}"
    return (f"{e['player']} exchanges {_tile_text(e['tile'])} from the reserve with "
            f"{_tile_text(e['removed'])} at {tuple(e['pos'])}")


_NARRATION = {
    "setup": lambda e: f"new game: {', '.join(e['players'])}"
                       + (f" and {DIRK}" if e["dirk"] else ""),
    "draw_tile": lambda e: f"market square {e['square']}: {_tile_text(e['tile'])}",
    "dirk_gift": lambda e: f"{DIRK} receives ({e['after']}): "
                           + (", ".join(map(_tile_text, e["tiles"])) or "nothing"),
    "starting_money": lambda e: f"{e['player']} gets {_cards_text(e['cards'])}",
    "start_player": lambda e: f"{e['player']} starts ({e['cards']} cards worth {e['total']})",
    "draw_pile": lambda e: f"draw pile built from piles of {e['piles']}",
    "draw_card": lambda e: f"display: {_cards_text([e['card']])}",
    "scoring_card": lambda e: f"scoring card {e['round']} comes up",
    "reshuffle": lambda e: f"the {e['cards']} discarded cards are shuffled into a new draw pile",
    "turn": lambda e: f"-- turn {e['turn']}: {e['player']}",
    "take": lambda e: f"{e['player']} takes {_cards_text(e['cards'])}",
    "buy": lambda e: f"{e['player']} buys {_tile_text(e['tile'])} from the {e['currency']} square"
                     f" paying {'+'.join(str(v) for _, v in e['cards'])}"
                     + (" (exact)" if e["exact"] else ""),
    "redesign": _redesign_text,
    "end": lambda e: f"{e['player']} {'passes' if e['passed'] else 'ends the actions'}",
    "place": lambda e: f"{e['player']} places {_tile_text(e['tile'])} at {tuple(e['pos'])}",
    "reserve": lambda e: f"{e['player']} puts {_tile_text(e['tile'])} on the reserve",
    "give": lambda e: f"{e['player']} gives {_tile_text(e['tile'])} to {DIRK}",
    "scoring": _scoring_text,
    "end_triggered": lambda e: "the game ends: " + {
        "market_short": "the bag cannot fill the market",
        "bag_empty": "the bag is empty"}[e["reason"]],
    "distribution": _distribution_text,
    "final_placing": lambda e: f"{e['player']} places the received "
                               f"{', '.join(map(_tile_text, e['tiles']))}",
    "game_over": lambda e: "final scores: " + ", ".join(f"{n} {s}" for n, s in e["scores"].items())
                           + f"; {' and '.join(e['winners'])} win"
                           + ("" if len(e["winners"]) > 1 else "s"),
}


def _second_person(line):
    """'You takes ...' -> 'You take ...': the verb after "You" loses its -s / -es."""
    you, verb, rest = (line.split(" ", 2) + [""])[:3]
    if verb.endswith(("sses", "shes", "ches", "xes")):
        verb = verb[:-2]
    elif verb.endswith("s"):
        verb = verb[:-1]
    return " ".join(part for part in (you, verb, rest) if part)


def describe_event(event):
    """One readable line for an event of `Game.events`.

    A player named "You" (as at a `GameTable`) is narrated in the second person.

    Examples
    --------
    >>> describe_event({"type": "take", "player": "Ana", "cards": [["ducat", 3], ["florin", 2]]})
    'Ana takes 3 ducat + 2 florin'
    >>> describe_event({"type": "end", "player": "You", "passed": True})
    'You pass'
    """
    narrate = _NARRATION.get(event.get("type"))
    if not narrate:
        return str(event)
    line = narrate(event)
    return _second_person(line) if event.get("player") == "You" and line.startswith("You ") else line
