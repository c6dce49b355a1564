"""Master Builders (Mega Box M14, RULES.md §M14): value-3 money, or an extra redesign.

16 master builders, 4 per currency, each worth 3 (`components.MasterBuilderCard`). At
setup they are shuffled; each player is dealt 2 face down, apart from the starting
money (they count neither towards its 20 nor for the start player), then 3 are shuffled
into money pile 3 and 3 into pile 5 (1 with six players); the rest leave the game
(kept in the module's slice, counted by the census). A master builder is money of its
currency like any other card (taken from the display, paid, reshuffled), or, on one's
own turn, played (`PlayMasterBuilder`, kind ``"master_builder"``): it is discarded and
at the end of the turn, after the bought tiles are placed, its player makes one
redesign (one operation of RULES.md §7) in decision ``"master_builder"``.

Decisions (RULES.md §M14): playing a master builder is not one of the turn's actions
(it neither ends the action part nor needs one left; a player who can do nothing else
may pass); any number may be played in one turn, each giving one redesign; the player
may decline a redesign (the card is spent), and one with no legal redesign lapses.

Examples
--------
>>> from alhambra_lib import Game
>>> g = Game(["Ana", "Ben", "Cy"], seed=3, modules=("master_builders",))
>>> [str(c) for c in g.hand("Ana") if c.component == "master_builder"]
['3 dirham (master builder)', '3 ducat (master builder)']
>>> g.census()["master_builder"], g.view("Ana").modules["master_builders"]
(16, {'out_of_game': 4, 'to_redesign': 0})
>>> print(PlayMasterBuilder(MasterBuilderCard("ducat")))
play the 3 ducat (master builder) for a redesign at the turn end
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict, cast

from ..actions import Action, Decline, card_order, register_action
from ..components import CURRENCIES, MasterBuilderCard
from ..i18n import N_, _, ngettext
from ..narrate import card_text, told
from ..slices import Annotated, Currency, Range, Size, Sort
from .base import Module
from .context import acting_player
from .gates import any_redesign

if TYPE_CHECKING:  # types only: a module imports nothing from the engine at run time
    from ..secrets import Secret
    from ..engine.config import GameConfig
    from ..engine.decisions import Decision
    from .context import GameContext

__all__ = ["MasterBuilders", "PlayMasterBuilder", "MASTER_BUILDERS", "DEALT", "PILE_INSERTS"]

#: The 16 master builders, 4 per currency.
MASTER_BUILDERS = tuple(MasterBuilderCard(c) for c in CURRENCIES for _ in range(4))
#: Dealt to each player at setup.
DEALT = 2
#: Shuffled into the money piles after the split: {pile: cards}, and with six players.
PILE_INSERTS = {3: 3, 5: 3}
PILE_INSERTS_SIX = {3: 3, 5: 1}


@dataclass(frozen=True, slots=True)
class PlayMasterBuilder(Action):
    """Discard master builder `card` for one redesign at the end of this turn."""

    card: MasterBuilderCard
    kind: ClassVar[str] = "master_builder"

    def __post_init__(self) -> None:
        if not isinstance(self.card, MasterBuilderCard):
            raise TypeError(f"a master_builder action needs a master builder card, got "
                            f"{self.card!r}")

    def __str__(self) -> str:
        return f"play the {self.card} for a redesign at the turn end"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "card": self.card.to_list()}


register_action(PlayMasterBuilder, ("card",))


def _no_check(game: GameContext, action: Action) -> None:
    return None


class MasterBuildersSlice(TypedDict):
    """The currencies of the master builders not in play (sorted); the redesigns still
    owed this turn."""

    out: Annotated[list[Currency], Size(0, len(MASTER_BUILDERS)), Sort(CURRENCIES.index)]
    played: Annotated[int, Range(0, len(MASTER_BUILDERS)), "the redesigns owed"]


def _played_on_own_turn(game: GameContext, data: MasterBuildersSlice) -> str | None:
    decision = game.decision
    if data["played"] and (decision is None or decision.player != game.turn_player):
        return ("master builders are played on one's own turn, and their redesigns made "
                "before it ends")
    return None


def _redesign_in_turn(game: GameContext, data: MasterBuildersSlice) -> str | None:
    decision = game.decision
    if decision is not None and decision.kind == "master_builder" and (
            decision.player != game.turn_player):
        return f"{decision.player} makes a master builder's redesign out of turn"
    return None


class MasterBuilders(Module):
    """Master Builders: dealt and shuffled in at setup; played for a turn-end redesign."""

    name = "master_builders"
    option_decisions = frozenset({"act", "master_builder"})
    section = "M14"
    title = N_("Master Builders")
    secret_fields = {"master_builders_dealt": ("cards",)}  # §M14: dealt face down
    #: How its cards save and load (`Module.card_tags`).
    card_tags = {"master_builder": (1, MasterBuilderCard)}
    pile_insert_events = frozenset({"master_builders_set"})
    decisions: ClassVar[dict] = {"act": {"master_builder"},
                                 "master_builder": {"redesign", "decline"}}
    free_actions = frozenset({"master_builder"})
    turn_end_steps = (("master_builder", "refill_display"),)
    step_ranks: ClassVar[dict] = {"master_builder": 100}  # right after placing (§M0.4)
    pushed_by: ClassVar[dict] = {"master_builder": ("master_builder",)}

    def __init__(self) -> None:
        self.actions = {"master_builder": (self._check_play, self._do_play),
                        "decline": (_no_check, self._do_decline)}

    # -- components and state -----------------------------------------------------------

    def other_cards(self, config: GameConfig) -> tuple[MasterBuilderCard, ...]:
        return MASTER_BUILDERS

    def totals(self, config: GameConfig) -> dict[str, int]:
        return {"master_builder": len(MASTER_BUILDERS)}

    slice_type = MasterBuildersSlice
    slice_rules = (_played_on_own_turn, _redesign_in_turn)

    def new_slice(self, config: GameConfig) -> MasterBuildersSlice:
        # out: the currencies of the master builders not in play (all 16 before setup,
        # the leftovers after it), sorted; played: the redesigns still owed this turn.
        return {"out": [cast(Currency, c.currency) for c in MASTER_BUILDERS], "played": 0}

    def held_cards(self, game: GameContext) -> tuple[MasterBuilderCard, ...]:
        return tuple(MasterBuilderCard(c) for c in game.slice(self.name)["out"])

    def census(self, game: GameContext) -> dict[str, int]:
        return {"master_builder": len(game.slice(self.name)["out"])}

    def setup(self, game: GameContext) -> None:
        """Deal 2 to each player, shuffle the piles' share in; the rest leave the game."""
        state = game.slice(self.name)
        cards = list(self.held_cards(game))
        game.shuffle(cards)
        for player in game.players:
            dealt, cards = cards[:DEALT], cards[DEALT:]
            game.give_cards(player, dealt)
            game.event("master_builders_dealt", player=player,
                       cards=[c.to_list() for c in dealt])
        inserts = PILE_INSERTS_SIX if len(game.players) == 6 else PILE_INSERTS
        for pile, n in inserts.items():
            game.shuffle_into_pile(pile, cards[:n])
            cards = cards[n:]
        state["out"] = sorted((c.currency for c in cards), key=CURRENCIES.index)
        game.event("master_builders_set", piles={str(p): n for p, n in inserts.items()},
                   out_of_game=len(cards))

    # -- playing one ----------------------------------------------------------------------

    def options(self, game: GameContext, decision: Decision) -> list[Action]:
        if decision.kind == "act":
            builders = {c for c in game.hand(decision.player)
                        if c.__class__ is MasterBuilderCard}
            if not builders:  # most hands: nothing to sort
                return []
            return [PlayMasterBuilder(c) for c in sorted(builders, key=card_order)]
        if decision.kind == "master_builder":
            return list(game.redesign_options(decision.player)) + [Decline()]
        return []

    def _check_play(self, game: GameContext, action: PlayMasterBuilder) -> None:
        if action.card not in game.hand(acting_player(game)):
            game.refuse(action, f"{action.card} is not in hand")

    def _do_play(self, game: GameContext, action: PlayMasterBuilder) -> None:
        player = acting_player(game)
        game.discard_cards(player, [action.card])
        game.slice(self.name)["played"] += 1
        game.event("master_builder", player=player, card=action.card.to_list())

    def _do_decline(self, game: GameContext, action: Decline) -> None:
        # The vizier's event type: a replay reads every decline back as `Decline`.
        game.event("decline", player=game.current_player, decision="master_builder")
        game.resume()

    def step_master_builder(self, game: GameContext) -> bool:
        """One redesign per master builder played this turn, after the bought tiles are
        placed (RULES.md §M0.4 step 2); True while its player chooses."""
        state = game.slice(self.name)
        if not state["played"]:  # most turns: no master builder played
            return False
        player = game.turn_player
        assert player is not None  # a turn-end step runs in a turn
        while state["played"]:
            state["played"] -= 1
            if any_redesign(game, player):
                game.push_decision("master_builder", player)
                return True
            game.event("master_builder_lapses", player=player)
        return False

    def view(self, game: GameContext, name: str) -> dict[str, Any]:
        """Public: how many master builders are out of the game and the redesigns owed."""
        state = game.slice(self.name)
        return {"out_of_game": len(state["out"]), "to_redesign": state["played"]}

    def redact_slice(self, data: Any, viewer: str, events: list[dict[str, Any]],
                     secret: Secret) -> None:
        """The master builders out of the game are secret (§M14)."""
        data["out"] = secret([["master_builder", c] for c in data["out"]], "master_builder")

    def tidy_slice(self, data: Any) -> None:
        data["out"] = sorted((c[1] for c in data["out"]), key=CURRENCIES.index)

    def redact_hand(self, hand: list[Any], events: list[dict[str, Any]], player: str,
                    secret: Secret) -> list[Any]:
        """`player`'s `hand` with the master builders dealt face down (§M14) as slots,
        after the cards known to all."""
        known, shown, hidden = _known_master_builders(events, player), [], []
        for card in hand:
            if card[0] == "master_builder" and not known[tuple(card)]:
                hidden.append(card)
            else:
                known[tuple(card)] -= card[0] == "master_builder"
                shown.append(card)
        return shown + secret(hidden, "master_builder")


#: Events whose ``cards`` are not paid: dealt, or only offered (a bid, §M7).
_NOT_PAID = frozenset({"starting_money", "master_builders_dealt", "bid"})


def _known_master_builders(events: list[dict[str, Any]], player: str) -> Counter[tuple[Any, ...]]:
    """The master builders `player` holds for all to see: taken (from the display, or
    stolen, §M10), or shown in a bid for a character (§M7: a bid is made in the open, and
    the cards stay in hand), and not paid or played since (those dealt face down and never
    shown are secret, §M14).
    """
    known: Counter[tuple[Any, ...]] = Counter()
    for event in events:
        if event.get("player") != player:
            continue
        kind, cards = event["type"], event.get("cards")
        if kind in ("take", "steal"):
            known.update(tuple(c) for c in cards or [event["card"]] if c[0] == "master_builder")
        elif kind == "bid":  # shown, so known held: at least as many as the bid holds
            known |= Counter(tuple(c) for c in cards or [] if c[0] == "master_builder")
        elif kind == "master_builder":
            _spend(known, [event["card"]])
        elif isinstance(cards, list) and kind not in _NOT_PAID:  # a payment, any module's
            _spend(known, cards)
    return +known


def _spend(known: Counter[tuple[Any, ...]], cards: list[Any]) -> None:
    """Take the master builders among `cards` off `known`, never below none: a secret one
    paid or played is no known one spent."""
    for card in cards:
        if card and card[0] == "master_builder" and known[key := tuple(card)]:
            known[key] -= 1


def _dealt_text(e: dict[str, Any]) -> str:
    counts = Counter(map(card_text, e["cards"]))
    cards = " + ".join((f"{n} x " if n > 1 else "") + text for text, n in counts.items())
    return told(e["player"], N_("{player} is dealt {cards} face down"),
                N_("You are dealt {cards} face down"), cards=cards)


#: The module's events in words (registered with the module, `modules.register`).
MasterBuilders.narration = {
    "master_builders_dealt": (("player", "cards"), _dealt_text),
    "master_builders_set": (("piles", "out_of_game"),
                            lambda e: ngettext(
                                "master builders shuffled into the piles: {piles}; {n} leaves "
                                "the game",
                                "master builders shuffled into the piles: {piles}; {n} leave "
                                "the game", e["out_of_game"]).format(
                                    n=e["out_of_game"], piles=", ".join(
                                        _("{n} into pile {pile}").format(n=n, pile=p)
                                        for p, n in e["piles"].items()))),
    "master_builder": (("player", "card"),
                       lambda e: told(e["player"], N_("{player} plays the {card} for a redesign "
                                                      "at the turn end"),
                                      N_("You play the {card} for a redesign at the turn end"),
                                      card=card_text(e["card"]))),
    "master_builder_lapses": (("player",),
                              lambda e: told(e["player"], N_("{player} has no redesign to make: a "
                                                             "master builder's redesign lapses"),
                                             N_("You have no redesign to make: a master "
                                                "builder's redesign lapses"))),
}
