"""Reading a game back from its record: narration by turn, the players' actions, a replay.

A game's events (`Game.events`) are its whole story, in order. This module reads
them back without touching the game's private state:

* `event_turns` says in which turn each event happened (0 for the setup);
* `narrate` tells the events in words, all of them or a chosen few turns or types;
* `actions_from_events` recovers what the players did, as `Action` values;
* `replay` plays those actions again from the game's start. The start holds the
  game's random generator (`Game.to_json` saves it), so the replay draws the very
  same tiles and cards: a game is its starting state plus its actions.

Examples
--------
>>> from alhambra_lib import Game
>>> from alhambra_lib.bots import GreedyBot, play
>>> start = Game(["Ana", "Ben", "Cy"], seed=7)
>>> game = play(Game.from_json(start.to_json()), [GreedyBot()] * 3)
>>> for line in narrate(game.events, turns=[1], types=["turn", "buy", "place", "take"]):
...     print(line)
-- turn 1: Ana
Ana buys 8-tower from the florin square paying 9
Ana places 8-tower at (1, 0)
>>> replay(start, game.events).to_json() == game.to_json()
True
>>> replay(start, game.events, turn=2).current_player
'Ben'
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .actions import (
    ACTION_KINDS,
    Action,
    Buy,
    End,
    Give,
    Place,
    Redesign,
    Reserve,
    Take,
    action_fields,
    action_from_dict,
    card_from_list,
    tile_from_list,
)
from .game import Game, describe_event

if TYPE_CHECKING:
    from .components import Tile

__all__ = ["HEADLINES", "event_turns", "narrate", "action_from_event", "actions_from_events",
           "replay"]

#: The event types that tell a game in headlines: the scoring rounds, Dirk's gifts, the end.
HEADLINES = ("scoring_card", "scoring", "dirk_gift", "end_triggered", "distribution",
             "game_over")


def event_turns(events: Iterable[Mapping[str, Any]]) -> list[int]:
    """The turn of each event: 0 before the first turn (the setup), then the turn number.

    A turn's events run from its ``turn`` event to the next one, so a turn end (refills,
    scoring) belongs to the turn it ends, and the end of the game to the last turn.

    Examples
    --------
    >>> event_turns([{"type": "setup"}, {"type": "turn", "turn": 1}, {"type": "take"},
    ...              {"type": "turn", "turn": 2}])
    [0, 1, 1, 2]
    """
    turns, turn = [], 0
    for event in events:
        if event["type"] == "turn":
            turn = event["turn"]
        turns.append(turn)
    return turns


def narrate(events: Sequence[Mapping[str, Any]], *, turns: Collection[int] | None = None,
            types: Collection[str] | None = None) -> list[str]:
    """One line per event (`describe_event`), optionally only some turns or event types.

    Parameters
    ----------
    events : list of dict
        `Game.events`.
    turns : collection of int, optional
        Keep the events of these turns (0 is the setup; see `event_turns`).
    types : collection of str, optional
        Keep the events of these types, e.g. `HEADLINES`.

    Returns
    -------
    list of str

    Examples
    --------
    >>> narrate([{"type": "turn", "turn": 1, "player": "Ana"},
    ...          {"type": "take", "player": "Ana", "cards": [["ducat", 3]]}], types=["take"])
    ['Ana takes 3 ducat']
    """
    turns = None if turns is None else set(turns)
    types = None if types is None else set(types)
    return [describe_event(event) for event, turn in zip(events, event_turns(events))
            if (turns is None or turn in turns) and (types is None or event["type"] in types)]


def _tile(event: Mapping[str, Any], key: str = "tile") -> Tile:
    return tile_from_list(event[key])


def _cards(event: Mapping[str, Any]) -> tuple[Any, ...]:
    return tuple(card_from_list(c) for c in event["cards"])


# event type -> the action that made it
_ACTIONS = {
    "take": lambda e: Take(_cards(e)),
    "buy": lambda e: Buy(e["square"], _tile(e), _cards(e)),
    "end": lambda e: End(),
    "place": lambda e: Place(_tile(e), tuple(e["pos"]), e.get("gate")),
    "reserve": lambda e: Reserve(_tile(e)),
    "give": lambda e: Give(_tile(e)),
    "redesign": lambda e: Redesign(e["move"], None if e["tile"] is None else _tile(e),
                                   tuple(e["pos"]), e.get("gate")),
}


def action_from_event(event: Mapping[str, Any]) -> Action | None:
    """The action that made `event`, or None for an event no player chose (a refill...).

    Examples
    --------
    >>> print(action_from_event({"type": "place", "player": "Ana",
    ...                          "tile": ["garden", 8, "NE"], "pos": [0, 1]}))
    place 8-garden at (0, 1)
    >>> action_from_event({"type": "draw_card", "card": ["ducat", 3]}) is None
    True
    """
    kind = event["type"]
    make = _ACTIONS.get(kind)
    if make is not None:
        return make(event)
    if kind in ACTION_KINDS:  # a module's action: its event carries the action's fields
        return action_from_dict({"kind": kind, **{f: event[f] for f in action_fields(kind)}})
    return None


def actions_from_events(events: Iterable[Mapping[str, Any]]) -> list[Action]:
    """Every action the players took, in order: what `replay` applies again."""
    return [action for action in map(action_from_event, events) if action is not None]


def replay(start: Game | str, events: Sequence[Mapping[str, Any]], *,
           turn: int | None = None) -> Game:
    """Play the actions of `events` again from the game's start; return the new game.

    Parameters
    ----------
    start : Game or str
        The game as it began (or its `Game.to_json`); it is copied, never changed.
    events : list of dict
        The record of a game that began as `start` (its events start with start's).
    turn : int, optional
        Stop when this turn begins, before its first action; by default play every
        action, which gives back the whole game.

    Raises
    ------
    ValueError
        If the events do not continue `start`, or the replay tells a different story
        from the record (an action refused, or other events).
    """
    game = Game.from_json(start if isinstance(start, str) else start.to_json())
    known = len(game.events)
    if list(events[:known]) != game.events:
        raise ValueError("these events are not the record of a game that began like `start`")
    for action in actions_from_events(events[known:]):
        if turn is not None and game.turn >= turn:
            break
        game.apply(action)  # an IllegalAction (a ValueError) if the record does not fit
    story = game.events
    if story != list(events[:len(story)]):
        first = next((i for i, (a, b) in enumerate(zip(story, events)) if a != b), len(events))
        recorded = describe_event(events[first]) if first < len(events) else "the end of the record"
        raise ValueError(f"the replay departs from the record at event {first}: "
                         f"{describe_event(story[first])!r} instead of {recorded!r}")
    return game
