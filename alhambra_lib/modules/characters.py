"""Characters (Mega Box M7, RULES.md §M7): character cards auctioned when drawn.

Of the 10 cards of the box only two texts are known: **The Wise Man** (half a building
of a type its owner chooses, at every scoring) and **The City Watch** (a third of its
owner's wall points, rounded down, at every scoring). Three more effects are known only
as hints (``data/characters.csv``, provisional): +8 points at the game's end, replacing a
face-up money card, an additional redesign. Five are unknown. No effect is invented:
without ``experimental=True`` only the two confirmed cards are shuffled into the piles;
with it, the hinted ones join them, flagged provisional. The others stay in the box
(counted by the census all the same).

The cards in play (min(6, known)) are spread over piles 2, 3 and 4, at most two each,
the earlier piles first. When a refill of the display draws one, it is put up for
auction at once (decision ``"auction"``): the auctioneer is the player whose turn is
next; they bid first or pass, then in turn order each raises (`Bid`, kind ``"bid"``:
cards of one currency whose values total the bid exactly) or passes (`Decline`: a pass
is final). When the bidding comes back to the highest bidder, they discard the cards
and take the character face up; with no bid the card leaves the game. Then the refill
goes on and play continues (with the auctioneer, whose turn is next).

Decisions (RULES.md §M7):

* A player who cannot bid more than the highest bid passes without being asked.
* Exchange cards do not count in a bid (they are no currency); diamonds count as a
  currency of their own, master builders and coins as money of their currency.
* The Wise Man's type is its owner's choice at every scoring (MEGABOX.md 0.6): just
  before the scoring that counts it, the owner decides (decision ``"wise_man"`` with
  the round, data ``{"round": r}``; `ChooseWiseMan`, kind ``"wise_man"``, one per
  building type in scoring-table order). `wise_man_choice` is the bots' and the
  default choice. A half building alone (no tile of the type) takes a place.
* With ``experimental=True``: the money swap is an action of its owner's own turn, once
  per turn, that ends nothing (`SwapCard`, kind ``"swap_card"``): the card goes to the
  discard pile and the display is refilled. The extra redesign gives its owner one
  redesign at the end of each of their turns, as a master builder does (the turn-end
  step ``extra_redesign`` right after ``master_builder``, decision ``"master_builder"``:
  a ``redesign`` or ``decline``).

Dirk never bids.

Examples
--------
>>> from alhambra_lib import Game
>>> g = Game(["Ana", "Ben", "Cy"], seed=7, modules=("characters",))
>>> g.census()["character"], playable_characters(experimental=False)
(10, ('wise_man', 'city_watch'))
>>> playable_characters(experimental=True)
('wise_man', 'city_watch', 'end_bonus', 'money_swap', 'extra_redesign')
"""

from __future__ import annotations

import random
import warnings
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypedDict, cast

from ..actions import (
    DIRK,
    Action,
    ColourAction,
    Decline,
    card_from_list,
    card_order,
    register_action,
)
from ..components import CHARACTERS, KINDS, Card, CharacterCard, ProvisionalDataWarning
from ..errors import IllegalAction
from ..i18n import N_, _
from ..narrate import card_text, term, told
from ..payments import PaymentSources, check_payment
from ..scoring import majority_awards
from ..sheet_inputs import SheetInput, SheetModule, each_player
from ..slices import CARD, DISTINCT, Annotated, Kind, PerPlayer, Player, Size
from .base import Module
from .context import acting_player
from .gates import any_redesign
from .thieves import is_money

if TYPE_CHECKING:  # types only: a module imports nothing from the engine at run time
    from ..engine.config import GameConfig
    from ..engine.decisions import Decision
    from ..engine.game import Game
    from .context import GameContext

__all__ = [
    "CONFIRMED",
    "HINTED",
    "Bid",
    "ChooseWiseMan",
    "Characters",
    "SwapCard",
    "bids",
    "default_wise_man",
    "playable_characters",
    "wise_man_choice",
]

#: The characters whose text is known, and those known by a hint only (provisional).
CONFIRMED = tuple(i for i, row in CHARACTERS.items() if row["status"] == "confirmed")
HINTED = tuple(i for i, row in CHARACTERS.items() if row["status"] == "hinted")
#: Cards in play at most: two in each of piles 2, 3, 4.
IN_PLAY = 6
PILES = (2, 3, 4)
#: The end-of-game character's points (a hint, provisional).
END_BONUS = 8


#: The hinted effects this library plays.
PLAYED_HINTS = ("end_bonus", "money_swap", "extra_redesign")


def playable_characters(experimental: bool) -> tuple[str, ...]:
    """The characters shuffled into the piles: the confirmed ones, and with
    `experimental` the hinted ones it plays; at most six (RULES.md §M7)."""
    hinted = tuple(i for i in HINTED if i in PLAYED_HINTS) if experimental else ()
    return (CONFIRMED + hinted)[:IN_PLAY]


#: A bid is paid in any one currency, diamonds too (RULES.md §M7), and may overpay.
_BID_SOURCES = PaymentSources(one_currency=True)


def _currency(card: object) -> str | None:
    """The currency a card counts in for a bid: None for an exchange card (RULES.md §M7)."""
    return getattr(card, "currency", None)


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Bid the total of `cards`, all of one currency (RULES.md §M7)."""

    cards: tuple
    kind: ClassVar[str] = "bid"

    def __post_init__(self) -> None:
        cards = tuple(self.cards)
        if not cards or any(_currency(c) is None or not hasattr(c, "value") for c in cards):
            raise TypeError(f"a bid is one or more cards of a currency, got {cards!r}")
        object.__setattr__(self, "cards", tuple(sorted(cards, key=card_order)))

    @property
    def amount(self) -> int:
        return sum(c.value for c in self.cards)

    def __str__(self) -> str:
        return f"bid {self.amount} ({' + '.join(map(str, self.cards))})"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "cards": [c.to_list() for c in self.cards]}


@dataclass(frozen=True, slots=True)
class SwapCard(Action):
    """The money swap (provisional, RULES.md §M7): discard `card` from the display, which
    is refilled."""

    card: Card  # money of the display (`thieves.is_money`)
    kind: ClassVar[str] = "swap_card"

    def __str__(self) -> str:
        return f"swap {self.card} of the display"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "card": self.card.to_list()}


@dataclass(frozen=True, slots=True)
class ChooseWiseMan(ColourAction):
    """The Wise Man's owner chooses the building type its half counts for in the scoring
    about to be held (RULES.md §M7, MEGABOX.md 0.6).

    Examples
    --------
    >>> str(ChooseWiseMan("garden")), ChooseWiseMan("garden").to_dict()
    ("the Wise Man's half counts as garden", {'kind': 'wise_man', 'colour': 'garden'})
    """

    kind: ClassVar[str] = "wise_man"

    def __str__(self) -> str:
        return f"the Wise Man's half counts as {self.colour}"


register_action(Bid, ("cards",))
register_action(SwapCard, ("card",))
register_action(ChooseWiseMan, ("colour",))


def bids(hand: Iterable[Any], above: int) -> list[Bid]:
    """One `Bid` per currency and total above `above` that `hand` can pay exactly.

    Of the ways to pay a total, the one with the fewest cards, then the highest values;
    any other way is accepted when made by hand. Ordered by total, then currency.

    Examples
    --------
    >>> from alhambra_lib import Card
    >>> hand = [Card("ducat", 5), Card("ducat", 1), Card("ducat", 4), Card("denar", 2)]
    >>> [str(b) for b in bids(hand, 5)]
    ['bid 6 (5 ducat + 1 ducat)', 'bid 9 (5 ducat + 4 ducat)', 'bid 10 (5 ducat + 4 ducat + \
1 ducat)']
    """
    groups: dict[str | None, list[Any]] = {}
    for card in sorted(hand, key=card_order):
        if _currency(card) is not None and hasattr(card, "value"):
            groups.setdefault(_currency(card), []).append(card)
    found: list[Bid] = []
    for cards in groups.values():
        best: dict[int, tuple[Any, ...]] = {0: ()}  # total -> fewest cards, highest values first
        for card in cards:  # highest value first
            for total, paid in sorted(best.items(), reverse=True):
                new = paid + (card,)
                key = total + card.value
                if key not in best or len(new) < len(best[key]):
                    best[key] = new
        found += [Bid(paid) for total, paid in best.items() if total > above]
    return sorted(found, key=lambda b: (b.amount, card_order(b.cards[0])))


#: A character's id (the keys of `components.CHARACTERS`; a test keeps them in step).
CharacterId = Literal["wise_man", "city_watch", "end_bonus", "money_swap", "extra_redesign",
                      "unknown_1", "unknown_2", "unknown_3", "unknown_4", "unknown_5"]


class Auction(TypedDict):
    """The character auctioned, the players still bidding (the one asked first), and
    the highest bid so far, ``[player, cards]``."""

    card: CharacterId
    bidders: Annotated[list[Player], DISTINCT, Size(1)]
    high: tuple[Player, Annotated[list[Annotated[list, CARD]], Size(1)]] | None


class CharactersSlice(TypedDict):
    """Characters by id: never in play (``box``), owned face up, out of the game (unsold),
    auctioned; the Wise Man's type and whether it is chosen for the scoring about to be
    held; the turns the money swap and the extra redesign were last used."""

    box: list[CharacterId]
    owned: PerPlayer[list[CharacterId]]
    out: list[CharacterId]
    auction: Auction | None
    wise_man: Kind | None
    wise_man_chosen: Annotated[Literal[False], "false (a choice is scored in the same action)"]
    swapped: Annotated[int, "a turn number"] | None
    redesigned: Annotated[int, "a turn number"] | None


def _box_unplayed(game: GameContext, data: CharactersSlice) -> str | None:
    playable = playable_characters(_experimental(game.config))
    box = [i for i in CHARACTERS if i not in playable]
    return None if data["box"] == box else f"the characters in the box are {box}"


def _played_once(game: GameContext, data: CharactersSlice) -> str | None:
    playable = set(playable_characters(game.option("experimental")))
    held = Characters._held_ids(data)
    if not set(held) <= playable or len(set(held)) != len(held):
        return f"characters owned, out or auctioned are played ones, once each: {held}"
    return None


def _wise_man_due(game: GameContext, data: CharactersSlice) -> str | None:
    """A ``wise_man`` decision is its owner's, for the scoring the script holds next."""
    top = game.decision
    if top is None or top.kind != "wise_man":
        return None
    owners = [p for p, ids in data["owned"].items() if "wise_man" in ids]
    if owners != [top.player]:
        return f"{top.player} chooses the Wise Man's type but does not own it"
    pending = game.pending_rounds
    step = game.script[:1]
    due = (pending[0] if pending and step in (("hold_scorings",), ("vizier_window",))
           else 3 if step == ("final_scoring",) else None)
    if due is None or top.data.get("round") != due:
        return (f"the Wise Man's type is chosen just before a scoring, for its round (the "
                f"scoring held next: {due})")
    return None


def _auction_bids(game: GameContext, data: CharactersSlice) -> str | None:
    """An auction is on exactly while its first bidder decides; the highest bidder still
    bids, with cards of their hand."""
    top, auction = game.decision, data["auction"]
    if auction is None:
        if top is not None and top.kind == "auction":
            return "an auction decision with no character auctioned"
        return None
    high = auction["high"]
    if high is not None:
        if high[0] not in auction["bidders"]:
            return f"the highest bidder {high[0]} no longer bids"
        try:
            bid = Bid(tuple(card_from_list(c) for c in high[1]))
        except (TypeError, ValueError) as error:
            return f"the highest bid's cards: {error}"
        if Counter(bid.cards) - Counter(game.hand(high[0])):
            return f"{high[0]} bids cards they do not hold: {bid}"
    if top is None or top.kind != "auction" or top.player != auction["bidders"][0]:
        return f"{auction['bidders'][0]} is to bid in the auction, not {top}"
    return None


def _city_watch(entry):
    """The City Watch: a third of its holder's wall points, rounded down, at every scoring."""
    return each_player(entry, lambda name: entry.walls[name] // 3
                       if entry["city_watch"][name] else 0)


def _wise_man(entry, name):
    """The Wise Man: half a building more of the type its holder chooses."""
    kind = entry["wise_man"][name]
    return {} if kind is None else {kind: WISE_MAN_BONUS}


#: What the Wise Man adds to the chosen type's count: half a building, a tie breaker.
WISE_MAN_BONUS = 0.5


class Characters(Module):
    """Characters: auctions during refills, the Wise Man and the City Watch at scorings."""

    name = "characters"
    option_decisions = frozenset({"act", "auction", "master_builder", "wise_man"})
    section = "M7"
    title = N_("Characters")
    drawer = "alhambra_lib.draw.modules.characters"  # its pieces, imported when drawn
    #: Character cards lie in the draw pile only (`Module.pile_card_tags`).
    pile_card_tags = {"character": (1, CharacterCard)}
    # The two characters whose scoring is confirmed (RULES.md §M7.4); the term
    # "characters" comes right after the walls (§M0.17).
    sheet = SheetModule(
        "characters", N_("Characters"),
        (SheetInput("wise_man", N_("Wise Man"),
                    N_("The type the Wise Man's holder chooses at this scoring: it counts half "
                       "a building more there, which breaks a tie."), "kind", one_holder=True),
         SheetInput("city_watch", N_("City Watch"),
                    N_("Tick the player holding the City Watch: it scores a third of their "
                       "wall points, rounded down."), "flag", one_holder=True)),
        count_bonus=_wise_man, terms=(("characters", _city_watch),))
    decisions = {"auction": {"bid", "decline"}, "act": {"swap_card"},
                 "master_builder": {"redesign", "decline"}, "wise_man": {"wise_man"}}
    option_defaults = {"experimental": False}
    score_terms = ("characters",)
    term_ranks: ClassVar[dict] = {"characters": 100}  # City Watch, right after the walls
    step_ranks: ClassVar[dict] = {"extra_redesign": 200}
    pushed_by: ClassVar[dict] = {"auction": ("refill_display", "vizier_window"),
                                 "master_builder": ("extra_redesign",),
                                 "wise_man": ("hold_scorings", "vizier_window", "final_scoring")}
    turn_end_steps = (("extra_redesign", "refill_display"),)

    def __init__(self) -> None:
        self.actions = {"bid": (self._check_bid, self._do_bid),
                        "decline": (_no_check, self._do_decline),
                        "swap_card": (self._check_swap, self._do_swap),
                        "wise_man": (_no_check, self._do_wise_man)}

    # -- the cards ------------------------------------------------------------------------

    def pile_inserts(self, config: GameConfig,
                     rng: random.Random | None = None) -> dict[int, list[Any]]:
        cards = [CharacterCard(i) for i in playable_characters(_experimental(config))]
        if rng is not None:
            rng.shuffle(cards)
        inserts: dict[int, list[Any]] = {}
        start = 0
        for pile, size in zip(PILES, spread(len(cards))):
            if size:
                inserts[pile] = cards[start:start + size]
            start += size
        return inserts

    def totals(self, config: GameConfig) -> dict[str, int]:
        return {"character": len(CHARACTERS)}

    slice_type = CharactersSlice
    slice_rules = (_box_unplayed, _played_once, _wise_man_due, _auction_bids)

    def new_slice(self, config: GameConfig) -> CharactersSlice:
        # Characters by id. "box": never in play (unknown texts, or hinted ones without
        # experimental); "owned" face up; "out": unsold at auction; "auction": the one
        # being auctioned ({card, bidders: the players still bidding, the one asked
        # first, high: null or [player, cards]}); "wise_man": the type its owner chose at
        # the last scoring, "wise_man_chosen": whether it is chosen for the scoring about
        # to be held; "swapped": the turn the money swap was last used.
        playable = playable_characters(_experimental(config))
        return {"box": [cast(CharacterId, i) for i in CHARACTERS if i not in playable],
                "owned": {p: [] for p in config.players}, "out": [], "auction": None,
                "wise_man": None, "wise_man_chosen": False, "swapped": None,
                "redesigned": None}

    def load_slice(self, game: GameContext, data: Any) -> Any:
        if isinstance(data, dict) and "wise_man_chosen" not in data:
            data = {**data, "wise_man_chosen": False}  # saved before the choice was asked
        return super().load_slice(game, data)

    def setup(self, game: GameContext) -> None:
        if game.option("experimental"):
            _warn_provisional()

    @staticmethod
    def _held_ids(data: Mapping[str, Any]) -> list[str]:
        auctioned = [data["auction"]["card"]] if isinstance(data["auction"], dict) else []
        return [i for owned in data["owned"].values() for i in owned] + data["out"] + auctioned

    def held_cards(self, game: GameContext) -> tuple[CharacterCard, ...]:
        return tuple(CharacterCard(i) for i in self._held_ids(game.slice(self.name)))

    def census(self, game: GameContext) -> dict[str, int]:
        state = game.slice(self.name)
        return {"character": len(state["box"]) + len(self._held_ids(state))}

    def view(self, game: GameContext, name: str) -> dict[str, Any]:
        state = game.slice(self.name)
        auction = state["auction"]
        if auction is not None:
            high = auction["high"]
            auction = {"card": CharacterCard(auction["card"]),
                       "bidders": tuple(auction["bidders"]),
                       "high": None if high is None else (high[0], _amount(high[1]))}
        return {"owned": {p: tuple(map(CharacterCard, ids)) for p, ids in state["owned"].items()},
                "out": tuple(map(CharacterCard, state["out"])), "box": len(state["box"]),
                "auction": auction, "wise_man": state["wise_man"]}

    def owner(self, game: GameContext, character: str) -> str | None:
        """The player who owns `character` (an id), None if nobody does."""
        owned = game.slice(self.name)["owned"]
        return next((p for p, ids in owned.items() if character in ids), None)

    def owns(self, game: GameContext, player: str, character: str) -> bool:
        """Whether `player` owns `character` (an id): asked on every turn, where finding
        the owner among every player would cost more."""
        return character in game.slice(self.name)["owned"][player]

    # -- the auction ------------------------------------------------------------------------

    def reveal_card(self, game: GameContext, card: Any) -> bool:
        if not isinstance(card, CharacterCard):
            return False
        bidders = game.seats_from_next()  # the auctioneer first: whose turn is next
        game.slice(self.name)["auction"] = {"card": card.id, "bidders": bidders, "high": None}
        game.event("auction", card=card.id, auctioneer=bidders[0])
        self._go_on(game, asked=False)
        return True

    def options(self, game: GameContext, decision: Decision) -> list[Action]:
        if decision.kind == "master_builder":  # the Master Builders list them when in play
            if "master_builders" in game.modules:
                return []
            return list(game.redesign_options(decision.player)) + [Decline()]
        if decision.kind == "auction":
            return bids(game.hand(decision.player), self._high_amount(game)) + [Decline()]
        if decision.kind == "wise_man":  # one per type, in scoring-table order
            return [ChooseWiseMan(kind) for kind in KINDS]
        if decision.kind == "act" and self._may_swap(game, decision.player):
            return [SwapCard(c) for c in sorted(set(filter(is_money, game.display)),
                                                key=card_order)]
        return []

    def _high_amount(self, game: GameContext) -> int:
        high = game.slice(self.name)["auction"]["high"]
        return 0 if high is None else _amount(high[1])

    def _go_on(self, game: GameContext, asked: bool) -> None:
        """Ask the next bidder who can raise; close the auction when the bidding is back at
        the highest bidder or nobody is left. `asked`: an auction decision is on top."""
        state = game.slice(self.name)
        auction = state["auction"]
        leader = auction["high"][0] if auction["high"] else None
        bidders = auction["bidders"]
        above = self._high_amount(game)
        while bidders and bidders[0] != leader and not bids(game.hand(bidders[0]), above):
            bidders.pop(0)  # cannot raise: passes unasked
        if bidders and bidders[0] != leader:
            if asked:
                game.swap_decision("auction", bidders[0])
            else:
                game.push_decision("auction", bidders[0])
            return
        state["auction"] = None
        if leader is None:
            state["out"].append(auction["card"])
            game.event("auction_unsold", card=auction["card"])
        else:
            cards = tuple(card_from_list(c) for c in auction["high"][1])
            game.discard_cards(leader, cards)
            state["owned"][leader].append(auction["card"])
            game.event("auction_won", player=leader, card=auction["card"],
                       cards=auction["high"][1], amount=_amount(auction["high"][1]))
        if asked:
            game.resume()  # the refill that drew the card goes on (a re-entrant step)
            if game.decision is not None and game.decision.kind == "act":
                game.refill_display()  # drawn by the money swap, on its owner's turn

    def _check_bid(self, game: GameContext, action: Bid) -> None:
        above = self._high_amount(game)
        verdict = check_payment(action.cards, above + 1, None, "at_least", _BID_SOURCES,
                                game.hand(acting_player(game)), item="a bid",
                                price_text=f"{above + 1}: the bid must be more than the "
                                           f"highest bid, {above}")
        if not verdict.ok:
            game.refuse(action, verdict.message)

    def _do_bid(self, game: GameContext, action: Bid) -> None:
        player = game.current_player
        auction = game.slice(self.name)["auction"]
        cards = [c.to_list() for c in action.cards]
        auction["high"] = [player, cards]
        auction["bidders"].append(auction["bidders"].pop(0))
        game.event("bid", player=player, card=auction["card"], cards=cards,
                   amount=action.amount)
        self._go_on(game, asked=True)

    def _do_decline(self, game: GameContext, action: Decline) -> None:
        top = game.decision
        assert top is not None  # a decline answers the decision on top
        game.event("decline", player=game.current_player, decision=top.kind)
        if top.kind == "master_builder":  # the extra redesign let pass
            game.resume()
            return
        game.slice(self.name)["auction"]["bidders"].pop(0)
        self._go_on(game, asked=True)

    # -- the money swap (provisional) -------------------------------------------------------

    def _may_swap(self, game: GameContext, player: str) -> bool:
        return (self.owns(game, player, "money_swap")
                and game.slice(self.name)["swapped"] != game.turn
                and any(map(is_money, game.display)))

    def _check_swap(self, game: GameContext, action: SwapCard) -> None:
        if self.owner(game, "money_swap") != game.current_player:
            game.refuse(action, "only the owner of the money swap may swap a card")
        if game.slice(self.name)["swapped"] == game.turn:
            game.refuse(action, "the money swap is used once per turn")
        if not is_money(action.card) or action.card not in game.display:
            game.refuse(action, f"{action.card} is no money card of the display")

    def _do_swap(self, game: GameContext, action: SwapCard) -> None:
        game.slice(self.name)["swapped"] = game.turn
        game.discard_from_display(action.card)
        game.event("swap_card", player=game.current_player, card=action.card.to_list())
        game.refill_display()  # a character drawn now is auctioned at once

    # -- the extra redesign (provisional) ---------------------------------------------------

    def step_extra_redesign(self, game: GameContext) -> bool:
        """The extra redesign's owner redesigns once at the end of their own turn, after the
        master builders' redesigns (RULES.md §M7.5); True while they choose."""
        state = game.slice(self.name)
        player = game.turn_player
        assert player is not None  # a turn-end step runs in a turn
        if (not self.owns(game, player, "extra_redesign") or state["redesigned"] == game.turn
                or not any_redesign(game, player)):
            return False
        state["redesigned"] = game.turn
        game.push_decision("master_builder", player)
        return True

    # -- scoring ----------------------------------------------------------------------------

    def ask_before_scoring(self, game: GameContext, round_no: int) -> bool:
        """The Wise Man's owner chooses its type just before each scoring (MEGABOX.md 0.6)."""
        state = game.slice(self.name)
        owner = self.owner(game, "wise_man")
        if owner is None or state["wise_man_chosen"]:
            return False
        game.push_decision("wise_man", owner, round=round_no)
        return True

    def _do_wise_man(self, game: GameContext, action: ChooseWiseMan) -> None:
        state = game.slice(self.name)
        top = game.decision
        assert top is not None  # the choice answers the decision on top
        state["wise_man"], state["wise_man_chosen"] = action.colour, True
        game.event("wise_man", player=game.current_player, colour=action.colour,
                   round=top.data["round"])
        game.resume()  # the scoring goes on

    def after_scoring(self, game: GameContext, round_no: int) -> None:
        game.slice(self.name)["wise_man_chosen"] = False

    def count_bonus(self, game: GameContext, name: str, counts: dict[str, float]) -> None:
        state = game.slice(self.name)  # the half counts in the scoring it was chosen for
        if state["wise_man_chosen"] and self.owner(game, "wise_man") == name:
            counts[state["wise_man"]] += 0.5

    def scoring_details(self, game: GameContext, round_no: int) -> dict[str, Any]:
        state = game.slice(self.name)
        if not state["wise_man_chosen"]:
            return {}
        return {"wise_man": {"player": self.owner(game, "wise_man"), "type": state["wise_man"]}}

    def score(self, game: GameContext, term: str, round_no: int) -> dict[str, int]:
        points = dict.fromkeys(game.competitors, 0)
        watch = self.owner(game, "city_watch")
        if watch is not None:
            points[watch] += game.alhambra(watch).longest_wall() // 3
        bonus = self.owner(game, "end_bonus")
        if bonus is not None and round_no == 3:
            points[bonus] += END_BONUS
        return points


def spread(n: int) -> tuple[int, int, int]:
    """Cards per pile 2, 3, 4: as evenly as possible, the earlier piles first.

    Examples
    --------
    >>> spread(2), spread(5), spread(6)
    ((1, 1, 0), (2, 2, 1), (2, 2, 2))
    """
    first = -(-n // 3)
    second = -(-(n - first) // 2)
    return first, second, n - first - second


def _half_gain(counts: Mapping[str, Mapping[str, float]], owner: str, kind: str, round_no: int,
               name: str) -> int:
    """What the owner's half building in `kind` changes in `name`'s points this round."""
    def points(extra: float) -> int:
        of_kind = {who: {kind: c[kind]} for who, c in counts.items()}
        of_kind[owner][kind] += extra
        return next((a.points for a in majority_awards(of_kind, kind, round_no)
                     if name in a.players), 0)
    return points(0.5) - points(0)


def default_wise_man(game: Game | GameContext) -> str:
    """`wise_man_choice` for the ``wise_man`` decision on top of `game`, from the counts
    the scoring will see: the table's and a default choice (MEGABOX.md 0.6)."""
    decision = game.decision
    if decision is None or decision.kind != "wise_man":
        raise IllegalAction(f"no Wise Man's type is being chosen now ({decision})")
    counts = {name: game.counts(name) for name in game.competitors}
    return wise_man_choice(counts, decision.player, decision.data["round"], game.scores)


def wise_man_choice(counts: Mapping[str, Mapping[str, float]], owner: str, round_no: int,
                    scores: Mapping[str, int]) -> str:
    """The Wise Man's type a bot or a default chooses (MEGABOX.md 0.6).

    The type that gives `owner` the most points in this scoring; among equals, the one
    that leaves the owner's best rival (the other real player with the highest score
    so far, the first in `scores` order among equals) the fewest; then the first in
    scoring-table order.

    Parameters
    ----------
    counts : mapping
        ``{competitor: {kind: n}}`` of this scoring, without the half.
    owner : str
    round_no : {1, 2, 3}
    scores : mapping
        ``{competitor: points}`` so far, in seating order (Dirk is no rival).

    Examples
    --------
    >>> none = dict.fromkeys(KINDS, 0)
    >>> counts = {"Ana": dict(none), "Ben": {**none, "tower": 1, "garden": 1}}
    >>> wise_man_choice(counts, "Ana", 1, {"Ana": 0, "Ben": 0})  # alone, first: 4 points
    'chambers'
    """
    rivals = [p for p in scores if p not in (owner, DIRK)]
    rival = max(rivals, key=lambda p: (scores[p], -rivals.index(p)), default=None)

    def key(kind: str) -> tuple[int, int, int]:
        hurt = 0 if rival is None else _half_gain(counts, owner, kind, round_no, rival)
        return (-_half_gain(counts, owner, kind, round_no, owner), hurt, KINDS.index(kind))
    return min(KINDS, key=key)


_WARNED: list[bool] = []


def _warn_provisional() -> None:
    """Warn once per process that the hinted characters' effects are placeholders."""
    if not _WARNED:
        _WARNED.append(True)
        warnings.warn("the hinted characters of RULES.md §M7 (experimental=True) are "
                      "provisional: their texts are not known and one-line hints are played "
                      "(alhambra_lib/data/characters.csv)", ProvisionalDataWarning, stacklevel=5)


def _amount(cards: Iterable[list[Any]]) -> int:
    return sum(card_from_list(c).value for c in cards)


def _experimental(config: GameConfig) -> bool:
    return dict(config.module_options).get("experimental", False)


def _no_check(game: GameContext, action: Action) -> None:
    return None


#: The characters' titles (alhambra_lib/data/characters.csv), marked for the catalogs.
_TITLES = (N_("The Wise Man"), N_("The City Watch"), N_("The end-of-game bonus"),
           N_("The money swap"), N_("The extra redesign"), N_("Unknown character 1"),
           N_("Unknown character 2"), N_("Unknown character 3"), N_("Unknown character 4"),
           N_("Unknown character 5"))
#: Their effects, as the table shows them beside an auction.
_EFFECTS = (N_("counts as half a building of a type its owner chooses at every scoring"),
            N_("scores a third of its owner's wall points (rounded down) at every scoring"),
            N_("scores 8 points at the final scoring"),
            N_("may replace one face-up money card of the display once per turn"),
            N_("grants an additional redesign"), N_("unknown"))


def _character_text(data: str) -> str:
    return _(CHARACTERS[data]["title"])


#: wise_man, by the scoring round: (said of a player, said to "You").
_WISE_MAN = {
    1: (N_("{player} chooses the Wise Man's type for the first scoring: its half counts as "
           "{colour}"),
        N_("You choose the Wise Man's type for the first scoring: its half counts as {colour}")),
    2: (N_("{player} chooses the Wise Man's type for the second scoring: its half counts as "
           "{colour}"),
        N_("You choose the Wise Man's type for the second scoring: its half counts as "
           "{colour}")),
    3: (N_("{player} chooses the Wise Man's type for the final scoring: its half counts as "
           "{colour}"),
        N_("You choose the Wise Man's type for the final scoring: its half counts as {colour}")),
}


#: The module's events in words (registered with the module, `modules.register`).
Characters.narration = {
    "auction": (("card", "auctioneer"),
                lambda e: told(e["auctioneer"], N_("{character} comes up: {player} opens the "
                                                   "auction"),
                               N_("{character} comes up: You open the auction"),
                               character=_character_text(e["card"]))),
    "bid": (("player", "card", "cards", "amount"),
            lambda e: told(e["player"], N_("{player} bids {amount} for {character}"),
                           N_("You bid {amount} for {character}"), amount=e["amount"],
                           character=_character_text(e["card"]))),
    "auction_won": (("player", "card", "cards", "amount"),
                    lambda e: told(e["player"], N_("{player} pays {amount} ({cards}) and takes "
                                                   "{character}"),
                                   N_("You pay {amount} ({cards}) and take {character}"),
                                   amount=e["amount"], cards=" + ".join(map(card_text, e["cards"])),
                                   character=_character_text(e["card"]))),
    "auction_unsold": (("card",), lambda e: _("nobody bids: {character} leaves the game").format(
        character=_character_text(e["card"]))),
    "wise_man": (("player", "colour", "round"),
                 lambda e: told(e["player"], *_WISE_MAN[e["round"] if e["round"] in (1, 2) else 3],
                                colour=term(e["colour"]))),
    "swap_card": (("player", "card"),
                  lambda e: told(e["player"], N_("{player} swaps {card} of the display"),
                                 N_("You swap {card} of the display"), card=card_text(e["card"]))),
}
