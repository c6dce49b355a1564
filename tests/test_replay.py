"""Reading a game back from its events: turns, narration, actions, the replay, the viewer."""

from __future__ import annotations

import random

import pytest
from _game_helpers import play_randomly

from alhambra_lib import Game, IllegalAction
from alhambra_lib.actions import Take
from alhambra_lib.bots import GreedyBot, RandomBot, play
from alhambra_lib.game import describe_event
from alhambra_lib.replay import (
    HEADLINES,
    action_from_event,
    actions_from_events,
    event_turns,
    narrate,
    replay,
)
from alhambra_lib.widgets import ReplayViewer

PNG = b"\x89PNG\r\n\x1a\n"


def finished(players, seed, bots):
    start = Game(players, seed=seed)
    return start, play(Game.from_json(start.to_json()), bots)


@pytest.fixture(scope="module")
def two_player_game():
    # A random bot redesigns, gives to Dirk, reserves and ends after an exact payment:
    # with this seed every kind of action occurs.
    return finished(["Ana", "Ben"], 16, [RandomBot(16), GreedyBot()])


def test_event_turns_start_at_zero_and_follow_turn_events(two_player_game):
    _, game = two_player_game
    turns = event_turns(game.events)
    assert turns[0] == 0 and turns[-1] == game.turn
    assert turns == sorted(turns)
    for event, turn in zip(game.events, turns):
        if event["type"] == "turn":
            assert event["turn"] == turn


def test_narrate_filters_by_turn_and_type(two_player_game):
    _, game = two_player_game
    events = game.events
    assert narrate(events) == [describe_event(e) for e in events]
    setup = narrate(events, turns=[0])
    assert setup[0] == "new game: Ana, Ben (and Dirk, the neutral player)"
    assert not any(line.startswith("-- turn") for line in setup)
    headlines = narrate(events, types=HEADLINES)
    assert sum(line.startswith("scoring round") for line in headlines) == 3
    assert headlines[-1].startswith("final scores:")
    assert narrate(events, turns=[2], types=["turn"]) == [f"-- turn 2: {events_player(events, 2)}"]


def events_player(events, turn):
    return next(e["player"] for e in events if e["type"] == "turn" and e["turn"] == turn)


def test_actions_cover_every_player_event(two_player_game):
    _, game = two_player_game
    kinds = {e["type"] for e in game.events}
    assert {"take", "buy", "place", "reserve", "give", "redesign", "end"} <= kinds
    actions = actions_from_events(game.events)
    chosen = [e for e in game.events if action_from_event(e) is not None]
    assert len(actions) == len(chosen)
    for action, event in zip(actions, chosen):
        assert action.kind == event["type"]


def test_replay_gives_back_the_same_game(two_player_game):
    start, game = two_player_game
    again = replay(start, game.events)
    assert again.to_json() == game.to_json()
    assert replay(start.to_json(), game.events).to_json() == game.to_json()
    assert start.turn == 1 and not start.is_over  # the start is copied, not played on


def test_replay_stops_where_a_turn_begins():
    start, game = finished(["Ana", "Ben", "Cy"], 7, [GreedyBot()] * 3)
    for turn in (1, 2, 10):
        partial = replay(start, game.events, turn=turn)
        assert partial.turn == turn and str(partial.phase) == "action"
        assert partial.events == game.events[:len(partial.events)]
        assert partial.events[-1] == {"type": "turn", "turn": turn,
                                      "player": events_player(game.events, turn)}


def test_replay_refuses_a_record_of_another_game(two_player_game):
    start, game = two_player_game
    with pytest.raises(ValueError, match="not the record of a game that began"):
        replay(Game(["Ana", "Ben"], seed=6), game.events)
    events = game.events
    turn_1 = next(i for i, e in enumerate(events) if e["type"] in ("take", "buy"))
    forged = list(events)
    forged[turn_1] = {"type": "take", "player": "Ana", "cards": [["ducat", 9], ["ducat", 9]]}
    with pytest.raises((IllegalAction, ValueError)):
        replay(start, forged)


def test_replay_notices_a_different_story():
    start = Game(["Ana", "Ben", "Cy"], seed=7)
    game = Game.from_json(start.to_json())
    game.apply(next(a for a in game.legal_actions() if isinstance(a, Take)))
    events = game.events
    changed = dict(events[-1])
    changed["player"] = "Nobody"
    with pytest.raises(ValueError, match="departs from the record"):
        replay(start, events[:-1] + [changed])


def test_replay_viewer_steps_through_turns():
    start, game = finished(["Ana", "Ben"], 3, [GreedyBot(), GreedyBot()])
    viewer = ReplayViewer(start, game.events)
    assert viewer.turn_slider.max == game.turn and viewer.turn_slider.value == 1
    assert viewer.game.turn == 2 and bytes(viewer.image.value).startswith(PNG)
    assert "-- turn 1: " in viewer.narration.value
    viewer.back_button.click()  # already at the first turn
    assert viewer.turn_slider.value == 1
    viewer.turn_slider.value = viewer.turn_slider.max
    assert viewer.game.to_json() == game.to_json()
    assert "final scores" in viewer.narration.value
    viewer.next_button.click()  # already at the last turn
    assert viewer.turn_slider.value == viewer.turn_slider.max


def test_replay_viewer_demo_and_bad_arguments():
    viewer = ReplayViewer()
    assert viewer.game.turn == 2 and len(viewer.events) > 100
    start, game = finished(["Ana", "Ben"], 3, [GreedyBot(), GreedyBot()])
    with pytest.raises(TypeError, match="both"):
        ReplayViewer(start)
    with pytest.raises(ValueError):
        ReplayViewer(Game(["Ana", "Ben"], seed=4), game.events)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_replay_of_a_game_with_every_built_module(players):
    """Module actions (vizier purchases, declines, wakes) are read back from their events."""
    from alhambra_lib import MODULES

    start = Game(["Ana", "Ben", "Cy", "Dana", "Eli"][:players], seed=players,
                 modules=tuple(MODULES))
    game = play_randomly(start.copy(), random.Random(players))
    kinds = {e["type"] for e in game.events}
    assert {"vizier", "decline", "wake"} <= kinds
    assert replay(start, game.events).to_json() == game.to_json()
    assert all(isinstance(line, str) for line in narrate(game.events))
