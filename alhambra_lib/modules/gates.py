"""City Gates (Mega Box M5, RULES.md §M5): a gate opens a double wall for walking.

One gate card per player (option ``gates_all_six``: all six, two each in piles 3-5) is
shuffled into piles 3, 4 and 5, spread g3 = ceil(n/3), g4 = ceil((n - g3)/2), g5 = the
rest (`gate_piles`). A gate card drawn for the display is set beside it with its wooden
gate; if one already lies there the new one goes to the discards (and comes back with
the money at the next reshuffle); the display still gets 4 money cards. On their turn a player may take the lying gate card instead of money (a
`Take` of that card alone, which ends the action part like any take); several may be
held. Using one is part of placing: a `Place`, or a redesign placing a reserve tile,
that joins the Alhambra only through double walls names the gate's side
(``gate="W"``): the double wall becomes walkable, the card leaves the game, and the
two tiles it joins can no longer be removed or exchanged. Every other building rule
still applies (walls match, no hole). A gated double wall is internal: wall points do
not change.

Decisions (RULES.md §M5): one card per player; the extras go to piles 3, 4, 5 in that
order; no gate on an existing wall without a new tile; the gated tiles are locked; a
tile received at the end of the game may be placed through a gate too (placing is
placing); Dirk takes no part.

Examples
--------
>>> from alhambra_lib import Game
>>> g = Game(["Ana", "Ben", "Cy", "Dan"], seed=2, modules=("gates",))
>>> g.census()["gate_card"], gate_piles(4), gate_piles(6)
(4, {3: 2, 4: 1, 5: 1}, {3: 2, 4: 2, 5: 2})
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict

from ..actions import Action, Place, Redesign, tile_order
from ..components import GateCard
from ..slices import Annotated, Range
from .base import Module
from .context import acting_player
from ..i18n import N_, _

if TYPE_CHECKING:  # types only: a module imports nothing from the engine at run time
    from ..engine.config import GameConfig
    from ..engine.decisions import Decision
    from .context import GameContext

__all__ = ["Gates", "REDESIGNING", "gate_piles", "gated_redesigns", "any_redesign"]

_GATE = GateCard()


def gate_piles(n: int) -> dict[int, int]:
    """``{pile: cards}`` of `n` gate cards spread as evenly as possible over piles 3-5,
    the extras in the earlier piles (RULES.md §M0.2)."""
    g3 = -(-n // 3)
    g4 = -(-(n - g3) // 2)
    return {3: g3, 4: g4, 5: n - g3 - g4}


#: The decisions that allow a redesign: the action part, and the turn-end redesign of a
#: master builder or of a character (§M7, §M14); each may place through a gate
#: (MEGABOX.md 0.6).
REDESIGNING = frozenset({"act", "master_builder"})


def gated_redesigns(game: GameContext, player: str) -> list[Action]:
    """The redesigns placing one of `player`'s reserve tiles through a gate, in canonical
    order ([] without a gate card): for any decision that allows a redesign (the action
    part, a master builder's extra redesign)."""
    if _GATE not in game.hand(player):
        return []
    alhambra = game.alhambra(player)
    return [Redesign("place", tile, cell, side)
            for tile in sorted(set(game.reserve(player)), key=tile_order)
            for cell, side in sorted(alhambra.gate_positions(tile))]


def any_redesign(game: GameContext, player: str) -> bool:
    """Whether `player` has a redesign to make now, through a gate included: a master
    builder's or a character's turn-end redesign lapses only without one."""
    if game.redesign_options(player):
        return True
    return "gates" in game.modules and bool(gated_redesigns(game, player))


class GatesSlice(TypedDict):
    """1 while a gate card lies beside the display; the cards spent on gates."""

    beside: Annotated[int, Range(0, 1)]
    used: Annotated[int, Range(0)]


def _cards_in_game(game: GameContext, data: GatesSlice) -> str | None:
    most = Gates.cards_in_game(game.config)
    if data["beside"] + data["used"] > most:
        return f"the game has {most} gate cards, beside and used hold {data['beside'] + data['used']}"
    return None


def _gates_built(game: GameContext, data: GatesSlice) -> str | None:
    gates = sum(len(game.alhambra(p).gates()) for p in game.players)
    if gates != data["used"]:
        return f"the Alhambras hold {gates} gates, {data['used']} gate cards were spent"
    return None


class Gates(Module):
    """City Gates: gate cards beside the display, spent to place a tile through a gate."""

    name = "gates"
    option_decisions = frozenset({"place", "final_place"}) | REDESIGNING
    section = "M5"
    title = N_("City Gates")
    drawer = "alhambra_lib.draw.modules.gates"  # its pieces, imported when drawn
    alhambra_parts = frozenset({"gates"})  # gates between cells, saved with each Alhambra
    #: How its cards save and load (`Module.card_tags`).
    card_tags = {"gate": (0, GateCard)}
    #: The reading of two reviews: all six cards, two each in piles 3-5 (§M5).
    option_defaults: ClassVar[dict] = {"gates_all_six": False}

    # -- components and state -----------------------------------------------------------

    @staticmethod
    def cards_in_game(config: GameConfig) -> int:
        """The number of gate cards of a game: one per player, or all six."""
        return 6 if dict(config.module_options).get("gates_all_six") else len(config.players)

    def pile_inserts(self, config: GameConfig,
                     rng: random.Random | None = None) -> dict[int, list[Any]]:
        return {pile: [_GATE] * count
                for pile, count in gate_piles(self.cards_in_game(config)).items() if count}

    def totals(self, config: GameConfig) -> dict[str, int]:
        return {"gate_card": self.cards_in_game(config)}

    slice_type = GatesSlice
    slice_rules = (_cards_in_game, _gates_built)

    def new_slice(self, config: GameConfig) -> GatesSlice:
        # beside: 1 while a gate card lies beside the display; used: the cards spent on
        # gates (out of the game).
        return {"beside": 0, "used": 0}

    def held_cards(self, game: GameContext) -> tuple[GateCard, ...]:
        data = game.slice(self.name)
        return (_GATE,) * (data["beside"] + data["used"])

    def census(self, game: GameContext) -> dict[str, int]:
        data = game.slice(self.name)
        return {"gate_card": data["beside"] + data["used"]}

    # -- the display refill and taking the card -------------------------------------------

    def reveal_card(self, game: GameContext, card: Any) -> bool:
        """A gate card goes beside the display, or to the discards if one lies there."""
        if not isinstance(card, GateCard):
            return False
        data = game.slice(self.name)
        if data["beside"]:
            game.discard_drawn(card)
            game.event("gate_card_discarded")
        else:
            data["beside"] = 1
            game.event("gate_card_beside")
        return True

    def cards_beside(self, game: GameContext) -> tuple[GateCard, ...]:
        return (_GATE,) if game.slice(self.name)["beside"] else ()

    def take_beside(self, game: GameContext, card: Any) -> bool:
        data = game.slice(self.name)
        if isinstance(card, GateCard) and data["beside"]:
            data["beside"] = 0
            return True
        return False

    # -- placing through a gate -------------------------------------------------------------

    def options(self, game: GameContext, decision: Decision) -> list[Action]:
        """Placements through a gate, for a player holding a gate card: the waiting
        tiles' when placing, the reserve tiles' (a redesign) in the action part."""
        player = decision.player
        for card in game.hand(player):  # a type test per card, no comparisons
            if card.__class__ is GateCard:
                break
        else:
            return []  # the common case
        alhambra = game.alhambra(player)
        if decision.kind in ("place", "final_place"):
            return [Place(tile, cell, side) for tile in sorted(set(game.to_place), key=tile_order)
                    for cell, side in sorted(alhambra.gate_positions(tile))]
        if decision.kind in REDESIGNING:
            return gated_redesigns(game, player)
        return []

    def check_gate(self, game: GameContext, action: Action) -> None:
        if _GATE not in game.hand(acting_player(game)):
            game.refuse(action, "a gate needs a gate card in hand (RULES.md §M5)")

    def use_gate(self, game: GameContext, player: str, action: Action) -> None:
        game.remove_cards(player, [_GATE])
        game.slice(self.name)["used"] += 1

    # -- view ------------------------------------------------------------------------------

    def view(self, game: GameContext, name: str) -> dict[str, Any]:
        """Whether a gate card lies beside the display, the gate cards each player holds
        (taken in the open), and the gates of each Alhambra (pairs of cells)."""
        return {"beside": bool(game.slice(self.name)["beside"]),
                "held": {p: game.hand(p).count(_GATE) for p in game.players},
                "gates": {p: tuple(sorted(game.alhambra(p).gates())) for p in game.players}}


#: The module's events in words (registered with the module, `modules.register`).
Gates.narration = {
    "gate_card_beside": ((), lambda e: _("a gate card is drawn and set beside the display "
                                         "with its gate")),
    "gate_card_discarded": ((), lambda e: _("a gate card is drawn; one already lies beside the "
                                            "display, so it goes to the discards")),
}
