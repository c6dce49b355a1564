"""The bot protocol and the loop that lets bots play a game to the end."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from ..actions import ACTION_KINDS, Action
from .module_values import MERCHANT_KINDS

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.view import GameView

__all__ = ["Bot", "play", "bot_moves", "KNOWN_KINDS", "MODULE_KINDS", "MERCHANT_KINDS", "known_actions"]

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


def bot_moves(game: Game, bots: Mapping[str, Bot] | Iterable[Bot], *,
              human: str | None = None,
              max_actions: int = 100_000) -> Iterator[tuple[str, Action]]:
    """Let `bots` play `game` one action at a time: the loop of `play`, as a generator.

    Each step applies the chosen action to `game` (in place) and yields
    ``(player, action)``. The loop stops when the game is over or `human` is to decide;
    a caller may also stop early (the `~alhambra_lib.table.TableSession` takes one step
    when the bots play one by one).

    Parameters
    ----------
    game : Game
    bots : mapping or sequence
        ``{name: bot}`` for every player but `human`, or one bot per such player in
        seating order.
    human : str, optional
        The player who has no bot: the loop hands the game back when they decide.
    max_actions : int
        A guard against bots that never let the game move on (say, redesigning forever):
        a RuntimeError is raised after this many actions.

    Raises
    ------
    ValueError, TypeError
        If a seat has no bot, or a bot has no ``choose`` (before any move).
    RuntimeError
        After `max_actions` actions with the game still in the bots' hands.

    Examples
    --------
    >>> from alhambra_lib import Game
    >>> from alhambra_lib.bots import GreedyBot
    >>> game = Game(["Ana", "Ben", "Cy"], seed=1)
    >>> steps = bot_moves(game, {"Ben": GreedyBot(), "Cy": GreedyBot()}, human="Ana")
    >>> list(steps), game.current_player  # Ana decides first: the bots wait
    ([], 'Ana')
    """
    seats = _seat_bots([p for p in game.players if p != human], bots)
    return _bot_steps(game, seats, human, max_actions)


def _bot_steps(game: Game, seats: Mapping[str, Bot], human: str | None,
               max_actions: int) -> Iterator[tuple[str, Action]]:
    # Apart from `bot_moves`, so that bad seats are refused when it is called, not at the
    # first step.
    for _ in range(max_actions):
        decision = game.decision
        if decision is None:  # the game is over
            return
        name = decision.player  # who decides now, in or out of seat order
        if name == human:
            return
        action = seats[name].choose(game.view(name), game.legal_actions())
        game.apply(action)
        yield name, action
    decision = game.decision
    if decision is None or decision.player == human:
        return
    if human is None:
        raise RuntimeError(f"the game did not end within {max_actions} actions")
    raise RuntimeError(f"the bots made {max_actions} actions without handing the game back "
                       f"to {human}")


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

    See Also
    --------
    bot_moves : the same loop, one action at a time, that may hand the game to a human.

    Examples
    --------
    >>> from alhambra_lib import Game
    >>> from alhambra_lib.bots import RandomBot
    >>> play(Game(["Ana", "Ben"], seed=4), {"Ana": RandomBot(1), "Ben": RandomBot(2)}).is_over
    True
    """
    for _ in bot_moves(game, bots, max_actions=max_actions):
        pass
    return game
