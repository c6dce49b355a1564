"""Moments of seeded games where a Mega Box module acts, for the notebook to show.

`first_moment` plays seeded games until an event of the type asked for happens (a
vizier used, a bazaar bought, an attack...) and stops right after the action that
brought it, so the game can be drawn and narrated at that moment (`Moment.story`) and
played on. The players are `RandomBot` players by
default; a module action they skip (a hut, a wall, a chest, a bazaar...) comes with
`EagerBot` players, who play the action kinds they are given whenever one is legal
(``bots=eager("buy_chests")``).

Examples
--------
>>> moment = first_moment(("vizier",), "vizier", seed=1)
>>> moment.event["type"], moment.event is moment.game.events[-1]
('vizier', True)
>>> for line in moment.story()[-2:]:
...     print(line)
market square 1: 6-chambers
Ana calls on the vizier, who buys 6-chambers from the denar square paying exactly 6
>>> moment = first_moment(("treasure",), "buy_chests", seed=1, bots=eager("buy_chests"))
>>> moment.event["type"]
'buy_chests'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from ..bots import Bot, known_actions
from ..bots.module_values import wise_man_pick
from ..engine.game import Game
from ..replay import event_turns, narrate

if TYPE_CHECKING:
    from ..actions import Action
    from ..engine.view import GameView

__all__ = ["Moment", "first_moment", "EagerBot", "eager", "MAX_GAMES", "TOUR_KINDS"]

#: The action kinds an `EagerBot` plays at random: the base game's, the vizier's (M1), a
#: theft (M10), a bid for a character and its money swap (M7).
TOUR_KINDS = frozenset({"take", "buy", "end", "place", "reserve", "give", "redesign",
                        "vizier", "decline", "wake", "steal", "bid", "swap_card"})

#: Games tried before `first_moment` gives up (each with the next seed).
MAX_GAMES = 40


class Moment(NamedTuple):
    """A game stopped just after the action that brought an event.

    Attributes
    ----------
    game : Game
        The game at that moment (live: it may be played on).
    event : dict
        The event, as in ``game.events``.
    seed : int
        The seed of the game and of its bots.
    """

    game: Game
    event: dict
    seed: int

    def story(self) -> list[str]:
        """The event's turn told up to the event, one line per event (`narrate`)."""
        events = self.game.events
        index = next(i for i, e in enumerate(events) if e is self.event)
        turn = event_turns(events)[index]
        return narrate(events[:index + 1], turns=[turn])


class EagerBot:
    """Plays an action of one of `kinds` whenever one is legal, otherwise a random action
    of `TOUR_KINDS`.

    A bot for showing a module at work: a module's own action (``take_hut``,
    ``build_wall``, ``buy_chests``...) is played as soon as it can be. Otherwise it
    chooses as `RandomBot` does, among the kinds of `TOUR_KINDS` (when every legal action
    is of another kind, the first; see `alhambra_lib.bots.known_actions`), and the Wise
    Man's type as every bot does (`wise_man_pick`).

    Parameters
    ----------
    kinds : iterable of str
        Action kinds (``Action.kind``) to play as soon as they are legal; none for a
        plain random player.
    seed : None, int or random.Random
        Seeds the choice among several such actions, and the random play otherwise.

    Examples
    --------
    >>> from alhambra_lib import Decline, End
    >>> EagerBot(["end"], seed=0).choose(None, [Decline(), End()])
    End()
    """

    def __init__(self, kinds: Iterable[str], seed: int | None = None) -> None:
        self.kinds = frozenset(kinds)
        self._rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    def choose(self, view: GameView, legal_actions: Sequence[Action]) -> Action:
        """An action of `kinds` at random if one is legal, else one of `TOUR_KINDS`."""
        wanted = [a for a in legal_actions if a.kind in self.kinds]
        if wanted:
            return self._rng.choice(wanted)
        if legal_actions and legal_actions[0].kind == "wise_man":  # as MEGABOX.md 0.6 says
            return wise_man_pick(view, legal_actions)
        known = known_actions(legal_actions, TOUR_KINDS)
        if len(known) == 1 and known[0].kind not in TOUR_KINDS:
            return known[0]
        return self._rng.choice(known)

    def __repr__(self) -> str:
        return f"EagerBot({sorted(self.kinds)})"


def eager(*kinds: str) -> Callable[[int], EagerBot]:
    """A bot factory for `first_moment`: ``seed -> EagerBot(kinds, seed)``.

    >>> eager("take_hut", "buy_bazaar")(3), eager()(3)
    (EagerBot(['buy_bazaar', 'take_hut']), EagerBot([]))
    """
    return lambda seed: EagerBot(kinds, seed)


def _play_until(game: Game, bots: Mapping[str, Any], event_type: str,
                where: Callable[[dict], bool] | None) -> dict | None:
    """Play `game` on until an `event_type` event `where` accepts; that event, or None."""
    seen = len(game.events)
    while (decision := game.decision) is not None:
        name = decision.player
        game.apply(bots[name].choose(game.view(name), game.legal_actions()))
        for event in game.events[seen:]:
            if event["type"] == event_type and (where is None or where(event)):
                return event
        seen = len(game.events)
    return None


def first_moment(modules: Iterable[str], event_type: str, *,
                 players: Sequence[str] = ("Ana", "Ben", "Cy"), seed: int = 0,
                 where: Callable[[dict], bool] | None = None,
                 bots: Callable[[int], Bot] | None = None, games: int = MAX_GAMES,
                 **options: Any) -> Moment:
    """Play seeded games with `modules` until an `event_type` event; stop right after the
    action that brought it (a scoring's events come together: an attack, then the rest).

    Parameters
    ----------
    modules : sequence of str
        Module names (`alhambra_lib.modules.MODULES`).
    event_type : str
        The event's ``"type"`` (``"vizier"``, ``"buy_bazaar"``, ``"attack"``...).
    players : sequence of str
    seed : int
        The first game's seed; the game and its bots are seeded from it. If that game
        has no such event, the next seeds are tried, at most `games` games.
    where : callable, optional
        ``where(event) -> bool``: only an event it accepts counts (e.g. an attack that
        costs somebody points).
    bots : callable
        ``bots(seed) -> Bot``, called once per player with a seed of its own:
        ``eager()`` (random players) by default, ``eager(kind, ...)`` for a module's
        own actions.
    games : int
        The most games to try (`MAX_GAMES` by default).
    **options
        Module options, as `Game` takes them.

    Returns
    -------
    Moment

    Raises
    ------
    LookupError
        When none of the `games` games has such an event.

    Examples
    --------
    >>> first_moment((), "attack", games=1)
    Traceback (most recent call last):
    ...
    LookupError: no 'attack' event in 1 game with () from seed 0
    """
    bots = eager() if bots is None else bots
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    for game_seed in range(seed, seed + games):
        game = Game(list(players), seed=game_seed, modules=tuple(modules), **options)
        seated = {name: bots(game_seed * 31 + i) for i, name in enumerate(game.players)}
        event = _play_until(game, seated, event_type, where)
        if event is not None:
            return Moment(game, event, game_seed)
    raise LookupError(f"no {event_type!r} event in {games} game{'s' * (games > 1)} with "
                      f"{tuple(modules)} from seed {seed}")
