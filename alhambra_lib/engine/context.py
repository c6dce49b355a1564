"""The engine's side of `GameContext`: the game as its modules' hooks see it.

`Context` wraps one `Game` and implements the protocol of
`alhambra_lib.modules.context`: reads of the state and the services that change it. The
services' work is the engine's (private methods of `Game`, which its own rules call
too); the context is the one door through which a module reaches them, so `Game`
itself offers a player nothing but its protocol.

`module_context(game)` hands a game's context out, for module authors and tests that
set up a position by hand. Changing a game through it bypasses `Game.apply`'s checks:
that is its purpose, and the reason `Game` does not offer it.

Examples
--------
>>> from alhambra_lib import Game
>>> game = Game(["Ana", "Ben", "Cy"], seed=7)
>>> ctx = module_context(game)
>>> ctx.seats_from_next(), ctx.game_ending()
(['Ben', 'Cy', 'Ana'], False)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    from ..actions import Action, Buy
    from ..alhambra import Alhambra
    from ..components import Tile
    from ..payments import Rule
    from .config import GameConfig
    from .decisions import Decision
    from .game import Game

__all__ = ["Context", "module_context"]


def module_context(game: Game) -> Context:
    """The context `game`'s modules get (see the module docstring)."""
    return game._ctx


class Context:
    """`GameContext` for one `Game` (see `alhambra_lib.modules.context`)."""

    __slots__ = ("_game",)

    def __init__(self, game: Game) -> None:
        self._game = game

    def __repr__(self) -> str:
        return f"<context of {self._game!r}>"

    # -- reads -------------------------------------------------------------------------

    @property
    def config(self) -> GameConfig:
        return self._game._config

    @property
    def players(self) -> tuple[str, ...]:
        return self._game._players

    @property
    def competitors(self) -> tuple[str, ...]:
        return self._game._config.competitors

    @property
    def modules(self) -> tuple[str, ...]:
        return self._game._config.modules

    @property
    def decision(self) -> Decision | None:
        return self._game.decision

    @property
    def current_player(self) -> str | None:
        return self._game.current_player

    @property
    def turn_player(self) -> str | None:
        return self._game.turn_player

    @property
    def turn(self) -> int:
        return self._game._turn

    @property
    def market(self) -> tuple[tuple[str, Tile | None], ...]:
        return self._game.market

    @property
    def display(self) -> tuple[Any, ...]:
        return self._game.display

    @property
    def to_place(self) -> tuple[Tile, ...]:
        return self._game.to_place

    @property
    def scores(self) -> dict[str, int]:
        return self._game.scores

    @property
    def script(self) -> tuple[str, ...]:
        return tuple(self._game._script)

    @property
    def pending_rounds(self) -> tuple[int, ...]:
        return tuple(self._game._pending_rounds)

    def slice(self, module: str) -> Any:
        return self._game._slices[module]

    def option(self, name: str) -> Any:
        return self._game._option(name)

    # The hooks name players of the game: no check of the name (`Game.hand` checks a
    # user's), asked several times an action.

    def hand(self, name: str) -> tuple[Any, ...]:
        return tuple(self._game._hands[name])

    def reserve(self, name: str) -> tuple[Tile, ...]:
        return tuple(self._game._reserves[name])

    def alhambra(self, name: str) -> Alhambra:
        return self._game._alhambras[name]

    def counts(self, name: str) -> dict[str, float]:
        return self._game.counts(name)

    def payment_options(self, player: str) -> list[Buy]:
        return self._game._payments_of(player)

    def redesign_options(self, player: str) -> Sequence[Action]:
        return self._game._redesigns_of(player)

    def seats_from_next(self) -> list[str]:
        return self._game._seats_from_next()

    def game_ending(self) -> bool:
        return self._game._game_ending()

    def in_final_phase(self) -> bool:
        return self._game._in_final_phase()

    # -- services ----------------------------------------------------------------------

    def refuse(self, action: Action, why: str, reasons: Iterable[str] = ()) -> NoReturn:
        self._game._refuse(action, why, reasons)

    def check_payment(self, action: Buy, rule: Rule = "minimal", item: str | None = None) -> None:
        self._game._check_payment(action, rule, item)

    def event(self, kind: str, **fields: Any) -> None:
        self._game._event(kind, **fields)

    def push_decision(self, kind: str, player: str, **data: Any) -> None:
        self._game._push_decision(kind, player, **data)

    def swap_decision(self, kind: str, player: str, **data: Any) -> None:
        self._game._swap_decision(kind, player, **data)

    def resume(self) -> None:
        self._game._resume()

    def end_actions(self) -> None:
        self._game._end_actions()

    def bought(self, tile: Tile, exact: bool) -> None:
        self._game._bought(tile, exact)

    def pay(self, player: str, action: Buy) -> None:
        self._game._pay(player, action)

    def take_card(self, player: str, card: Any) -> None:
        self._game._take_card(player, card)

    def give_cards(self, player: str, cards: Iterable[Any]) -> None:
        self._game._give_cards(player, cards)

    def remove_cards(self, player: str, cards: Iterable[Any]) -> None:
        self._game._remove_cards(player, cards)

    def discard_cards(self, player: str, cards: Iterable[Any]) -> None:
        self._game._discard_cards(player, cards)

    def discard_from_display(self, card: Any) -> None:
        self._game._discard_from_display(card)

    def discard_drawn(self, card: Any) -> None:
        self._game._discard_drawn(card)

    def receive_tile(self, tile: Tile) -> None:
        self._game._receive_tile(tile)

    def place_now(self, player: str, tile: Tile) -> None:
        self._game._place_now(player, tile)

    def lay_sticks(self, player: str, sides: Iterable[str], tile: Tile,
                   cell: tuple[int, int] | None = None) -> Tile:
        return self._game._lay_sticks(player, sides, tile, cell)

    def refill_display(self) -> bool:
        return self._game._refill_display()

    def refill_market(self) -> None:
        self._game._refill_market()

    def hold_scorings(self) -> bool:
        return self._game._hold_scorings()

    def shuffle(self, items: list[Any]) -> None:
        self._game._shuffle(items)

    def shuffle_into_pile(self, number: int, cards: Iterable[Any]) -> None:
        self._game._shuffle_into_pile(number, cards)
