"""What a module's hooks may read and call: the `GameContext` protocol.

A hook never gets the whole `Game`: it gets a context, the game as its modules see it.
The context reads the state (players, market, hands, the module's own slice...) and
offers the *services* through which a module changes it (pay, lay sticks, push a
decision, record an event...). The services do no checking of their own: a module calls
them from an action's effect, after its check has passed, or from a turn-end step.

The engine implements the protocol (`alhambra_lib.engine.context.Context`); a module
imports nothing from the engine, so the rules of a module can be read, typed and tested
on their own. `Game` itself keeps only the player's protocol (decide, list, apply,
view, copy, save): a notebook cannot bypass `apply` through it.

Examples
--------
>>> from alhambra_lib import Game
>>> from alhambra_lib.engine.context import module_context
>>> ctx = module_context(Game(["Ana", "Ben", "Cy"], seed=7, modules=("vizier",)))
>>> isinstance(ctx, GameContext), ctx.slice("vizier")["awake"]["Ana"]
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, NoReturn, Protocol, runtime_checkable

if TYPE_CHECKING:  # types only: a module imports nothing from the engine at run time
    from ..actions import Action, Buy
    from ..alhambra import Alhambra
    from ..components import Tile
    from ..engine.config import GameConfig
    from ..engine.decisions import Decision
    from ..payments import Rule

__all__ = ["GameContext", "acting_player"]


@runtime_checkable
class GameContext(Protocol):
    """The game as a module's hooks see it (see the module docstring)."""

    # -- what a hook may read ------------------------------------------------------------

    @property
    def config(self) -> GameConfig:
        """The game's configuration (players, options, modules)."""
        ...

    @property
    def players(self) -> tuple[str, ...]:
        """The real players' names in seating order."""
        ...

    @property
    def competitors(self) -> tuple[str, ...]:
        """Everyone who scores: the players, and Dirk in a two-player game."""
        ...

    @property
    def modules(self) -> tuple[str, ...]:
        """The modules in play, in the rulebook's order."""
        ...

    @property
    def decision(self) -> Decision | None:
        """The decision on top of the stack (None once the game is over)."""
        ...

    @property
    def current_player(self) -> str | None:
        """Who decides now."""
        ...

    @property
    def turn_player(self) -> str | None:
        """Whose turn it is."""
        ...

    @property
    def turn(self) -> int:
        """The number of the current turn."""
        ...

    @property
    def market(self) -> tuple[tuple[str, Tile | None], ...]:
        """Squares 1..4: ``(currency, tile or None)``."""
        ...

    @property
    def display(self) -> tuple[Any, ...]:
        """The face-up cards of the display."""
        ...

    @property
    def to_place(self) -> tuple[Tile, ...]:
        """The tiles the player deciding must still place."""
        ...

    @property
    def scores(self) -> dict[str, int]:
        """``{competitor: points}`` so far."""
        ...

    @property
    def script(self) -> tuple[str, ...]:
        """The turn-end steps still to run, the next first."""
        ...

    @property
    def pending_rounds(self) -> tuple[int, ...]:
        """Scoring rounds whose card came up and that are not yet scored."""
        ...

    def slice(self, module: str) -> Any:
        """The live state slice of `module` (the module's own data, to read and change)."""
        ...

    def option(self, name: str) -> Any:
        """The value of a module option in this game."""
        ...

    def hand(self, name: str) -> tuple[Any, ...]:
        """That player's cards."""
        ...

    def reserve(self, name: str) -> tuple[Tile, ...]:
        """That player's reserve tiles."""
        ...

    def alhambra(self, name: str) -> Alhambra:
        """That player's Alhambra, the live object: read it, never change it."""
        ...

    def counts(self, name: str) -> dict[str, float]:
        """``{kind: n}`` of a competitor for majorities, the modules' bonuses included."""
        ...

    def payment_options(self, player: str) -> list[Buy]:
        """Every minimal way for `player` to pay a market tile now."""
        ...

    def redesign_options(self, player: str) -> Sequence[Action]:
        """Every redesign `player` could make now."""
        ...

    def seats_from_next(self) -> list[str]:
        """The players in seat order from the one after the turn's player, that one last."""
        ...

    def game_ending(self) -> bool:
        """Whether the turn now ending ends the game."""
        ...

    def in_final_phase(self) -> bool:
        """Whether the game is over or in its end: the final placing or the last scoring."""
        ...

    # -- what a hook may call (the services) ----------------------------------------------

    def refuse(self, action: Action, why: str, reasons: Iterable[str] = ()) -> NoReturn:
        """Refuse `action` of the player deciding (raises `IllegalAction`)."""
        ...

    def check_payment(self, action: Buy, rule: Rule = "minimal", item: str | None = None) -> None:
        """Refuse a `Buy`-like action whose payment `rule` (``"minimal"``, ``"exact"``,
        ``"at_least"``) does not allow (`payments.check_payment`)."""
        ...

    def event(self, kind: str, **fields: Any) -> None:
        """Record an event."""
        ...

    def push_decision(self, kind: str, player: str, **data: Any) -> None:
        """Put a decision on top of the stack."""
        ...

    def swap_decision(self, kind: str, player: str, **data: Any) -> None:
        """Replace the decision on top."""
        ...

    def resume(self) -> None:
        """The decision on top is made: take it off and go on with the turn end."""
        ...

    def end_actions(self) -> None:
        """The action part of the turn is over."""
        ...

    def bought(self, tile: Tile, exact: bool) -> None:
        """A tile bought on one's turn waits to be placed (an exact payment continues)."""
        ...

    def pay(self, player: str, action: Buy) -> None:
        """Spend a checked payment and take its tile off the market."""
        ...

    def take_card(self, player: str, card: Any) -> None:
        """Move a display card into `player`'s hand."""
        ...

    def give_cards(self, player: str, cards: Iterable[Any]) -> None:
        """Put cards into `player`'s hand."""
        ...

    def remove_cards(self, player: str, cards: Iterable[Any]) -> None:
        """Take cards out of `player`'s hand and out of the game."""
        ...

    def discard_cards(self, player: str, cards: Iterable[Any]) -> None:
        """Move cards from `player`'s hand to the discard pile."""
        ...

    def discard_from_display(self, card: Any) -> None:
        """Move a display card to the discard pile."""
        ...

    def discard_drawn(self, card: Any) -> None:
        """Put a card just drawn for the display on the discard pile."""
        ...

    def receive_tile(self, tile: Tile) -> None:
        """A free tile for the player deciding, placed at the turn end."""
        ...

    def place_now(self, player: str, tile: Tile) -> None:
        """`player` places or reserves `tile` at once."""
        ...

    def lay_sticks(self, player: str, sides: Iterable[str], tile: Tile,
                   cell: tuple[int, int] | None = None) -> Tile:
        """Lay City Walls sticks on one of `player`'s tiles; the tile with them."""
        ...

    def refill_display(self) -> bool:
        """Refill the money display; True while a module's decision waits."""
        ...

    def refill_market(self) -> None:
        """Refill the market from the bag."""
        ...

    def hold_scorings(self) -> bool:
        """Score the rounds whose card came up; True while a decision waits."""
        ...

    def shuffle(self, items: list[Any]) -> None:
        """Shuffle `items` in place with the game's generator."""
        ...

    def shuffle_into_pile(self, number: int, cards: Iterable[Any]) -> None:
        """At setup: shuffle `cards` into money pile `number`."""
        ...



def acting_player(game: GameContext) -> str:
    """The player whose decision an action answers: `GameContext.current_player`, typed.

    An action's check and effect run only while a decision is pending, so someone is
    always deciding then (the game refuses every action once it is over).

    Examples
    --------
    >>> from alhambra_lib import Game
    >>> from alhambra_lib.engine.context import module_context
    >>> acting_player(module_context(Game(["Ana", "Ben", "Cy"], seed=7)))
    'Ana'
    """
    player = game.current_player
    assert player is not None, "an action answers a pending decision"
    return player
