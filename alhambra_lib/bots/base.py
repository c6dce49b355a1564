"""The bot protocol and the loop that lets bots play a game to the end."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from ..actions import ACTION_KINDS, Action
from .module_values import MERCHANT_KINDS

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.view import GameView

__all__ = ["Bot", "play", "KNOWN_KINDS", "MODULE_KINDS", "MERCHANT_KINDS", "known_actions"]

#: The action kinds of the modules after the vizier that the bots judge: huts (M4),
#: chests (M13), the street merchant (M12), bazaars (M16), a theft (M10), a bid for a
#: character, its money swap and the Wise Man's type (M7).
MODULE_KINDS = frozenset({"take_hut", "buy_chests", "place_chest", "buy_bazaar", "steal",
                          "bid", "swap_card", "wise_man"}) | MERCHANT_KINDS
#: The action kinds the library's bots understand: the base game's, the vizier's
#: (Mega Box M1) and `MODULE_KINDS`. A bot skips any other kind a module may offer
#: (`known_actions`): a window or an auction it cannot judge is declined.
KNOWN_KINDS = frozenset({"take", "buy", "end", "place", "reserve", "give", "redesign",
                         "vizier", "decline", "wake"}) | MODULE_KINDS


def known_actions(legal_actions: Sequence[Action],
                  known: Collection[str] = KNOWN_KINDS) -> list[Action]:
    """The actions of `legal_actions` whose kind is in `known`, in order.

    When none is known (a module's own decision), the first action of a kind the game
    has registered (`actions.ACTION_KINDS`) alone, else the first: a bot still chooses
    deterministically, and never something it cannot judge while another is open.

    Examples
    --------
    >>> from alhambra_lib import End, Decline
    >>> known_actions([Decline(), End()], known={"end"})
    [End()]
    >>> known_actions([Decline(), End()], known=set())
    [Decline()]
    """
    chosen = [a for a in legal_actions if a.kind in known]
    if chosen:
        return chosen
    registered = [a for a in legal_actions if a.kind in ACTION_KINDS]
    return registered[:1] or list(legal_actions[:1])


@runtime_checkable
class Bot(Protocol):
    """Anything with ``choose(view, legal_actions) -> action``.

    `view` is the acting player's `GameView`; `legal_actions` is the game's list of
    legal actions, and the bot returns one of them.
    """

    def choose(self, view: GameView, legal_actions: Sequence[Action]) -> Action:
        """Return one of `legal_actions`."""


def _seat_bots(players: Sequence[str], bots: Mapping[str, Bot] | Iterable[Bot]) -> dict[str, Bot]:
    if isinstance(bots, Mapping):
        seats = dict(bots)
    else:
        bots = list(bots)
        if len(bots) != len(players):
            raise ValueError(f"{len(players)} players need {len(players)} bots, got {len(bots)}")
        seats = dict(zip(players, bots))
    missing = [p for p in players if p not in seats]
    if missing:
        raise ValueError(f"no bot for {', '.join(missing)}")
    for name, bot in seats.items():
        if not isinstance(bot, Bot):
            raise TypeError(f"the bot of {name} has no choose(view, legal_actions) method")
    return seats


def play(game: Game, bots: Mapping[str, Bot] | Iterable[Bot], *,
         max_actions: int = 100_000) -> Game:
    """Let `bots` play `game` to the end and return the game.

    Parameters
    ----------
    game : Game
        A game in any state; it is played on in place.
    bots : mapping or sequence
        ``{name: bot}``, or one bot per player in seating order.
    max_actions : int
        A guard against bots that never let the game end (say, redesigning forever):
        a RuntimeError is raised after this many actions.

    Examples
    --------
    >>> from alhambra_lib import Game
    >>> from alhambra_lib.bots import RandomBot
    >>> play(Game(["Ana", "Ben"], seed=4), {"Ana": RandomBot(1), "Ben": RandomBot(2)}).is_over
    True
    """
    seats = _seat_bots(game.players, bots)
    for _ in range(max_actions):
        if game.is_over:
            return game
        name = game.decision.player  # who decides now, in or out of seat order
        game.apply(seats[name].choose(game.view(name), game.legal_actions()))
    if game.is_over:
        return game
    raise RuntimeError(f"the game did not end within {max_actions} actions")
