"""Version-1 saves (written by the engine before the decision stack and the modules) load
with the new engine and continue exactly as the old engine continued them.

`tests/data/v1_saves.json`: ``{key: {"save": v1 state, "final_scores": ..., "events_after": n}}``;
the old engine went on with ``random.Random(99)`` choosing ``rng.choice(legal_actions())``
until the game was over, ending with those scores and `n` events in all.
"""

import json
import random
from pathlib import Path

import pytest
from _game_helpers import play_randomly

from alhambra_lib import Game
from alhambra_lib.engine.narration import describe_event

SAVES = json.loads((Path(__file__).parent / "data" / "v1_saves.json").read_text())


def test_the_data_holds_every_phase_for_two_and_three_players():
    assert set(SAVES) == {f"{n}p_{phase}" for n in (2, 3)
                          for phase in ("action", "place", "final_place", "over")}
    assert all(entry["save"]["version"] == 1 for entry in SAVES.values())


@pytest.mark.parametrize("key", sorted(SAVES))
def test_v1_save_continues_to_the_same_end(key):
    entry = SAVES[key]
    game = Game.from_json(json.dumps(entry["save"]))
    assert game.modules == ()
    assert game.phase == entry["save"]["phase"]
    if entry["save"]["phase"] != "over":
        assert game.current_player == entry["save"]["current"]
    play_randomly(game, random.Random(99))
    assert game.scores == entry["final_scores"]
    assert len(game.events) == entry["events_after"]
    assert all(isinstance(describe_event(e), str) for e in game.events)


@pytest.mark.parametrize("key", sorted(SAVES))
def test_v1_save_is_written_back_as_version_2(key):
    game = Game.from_json(json.dumps(SAVES[key]["save"]))
    text = game.to_json()
    assert json.loads(text)["version"] == 2
    assert Game.from_json(text).to_json() == text
