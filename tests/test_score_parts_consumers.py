"""What shows a game's scores reads them by term (`scoring_parts`), not points - walls."""

import pytest

pytest.importorskip("ipywidgets")

from alhambra_lib import Game  # noqa: E402
from alhambra_lib.bots import GreedyBot, play  # noqa: E402
from alhambra_lib.widgets import GameTable  # noqa: E402


def test_the_game_table_rows_come_from_the_parts():
    game = play(Game(["You", "Greedy 1", "Greedy 2"], seed=1), [GreedyBot()] * 3)
    for event in game.events:  # a module's term, as a later module would score it
        if event["type"] == "scoring":
            event["parts"]["camps"] = {n: 1 for n in event["points"]}
    table = GameTable(game)
    html = table.scoring.value
    assert "(majorities + walls + camps)" in html
    first = next(e for e in game.events if e["type"] == "scoring")
    parts = first["parts"]
    cell = f"{parts['majorities']['You']} + {parts['walls']['You']} + 1"
    assert f">{cell}</td>" in html
