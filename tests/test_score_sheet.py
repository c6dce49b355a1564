"""The score sheet scores like the game (`score_round`), and reports the parts."""

from collections import Counter

import pytest

from alhambra_lib import Game
from alhambra_lib.bots import GreedyBot, play
from alhambra_lib.score_sheet import CSV_COLUMNS, RoundScore, ScoreSheet


@pytest.mark.parametrize("players, modules", [(2, ()), (3, ()), (4, ("bonus_cards",))])
def test_a_sheet_of_a_played_game_scores_as_the_game(players, modules):
    names = ["Ana", "Ben", "Cy", "Dee"][:players]
    game = play(Game(names, seed=players, modules=modules), [GreedyBot() for _ in names])
    sheet = ScoreSheet(names, modules)
    scorings = [e for e in game.events if e["type"] == "scoring"]
    held = {name: Counter() for name in names}  # the bonus cards shown, which count
    for event in game.events:
        if event["type"] == "bonus_shown":
            held[event["player"]].update(kind for kind, *_ in event["tiles"])
        if event["type"] != "scoring":
            continue
        # The game's counts hold the bonus cards; a sheet takes the buildings alone, and
        # the bonus cards as the module's input, as they are typed in at a table.
        buildings = {name: {kind: n - held.get(name, {}).get(kind, 0)
                            for kind, n in by_kind.items()}
                     for name, by_kind in event["counts"].items()}
        inputs = {"bonus_cards": {name: dict(held[name]) for name in names}} if modules else None
        sheet.record(event["round"], buildings,
                     {n: w for n, w in event["walls"].items() if n in names}, inputs)
    assert sheet.totals() == game.scores
    for mine, theirs in zip(sheet.scoring_events(), scorings):
        assert mine["points"] == theirs["points"] and mine["parts"] == theirs["parts"]
        for name, score in sheet.round_points(mine["round"]).items():
            assert dict(score.parts) == {t: v[name] for t, v in theirs["parts"].items()}
            assert score.total == theirs["points"][name]


def test_the_breakdown_and_the_csv():
    sheet = ScoreSheet(["Ana", "Ben", "Cy"])
    sheet.record(1, {"Ana": {"tower": 2}, "Ben": {"tower": 1}}, {"Ana": 3, "Ben": 4})
    breakdown = sheet.breakdown(1)
    assert breakdown.points == {"Ana": 9, "Ben": 4, "Cy": 0}
    assert breakdown.parts_dict() == {"majorities": {"Ana": 6, "Ben": 0, "Cy": 0},
                                      "walls": {"Ana": 3, "Ben": 4, "Cy": 0}}
    assert sheet.round_points(1)["Ana"] == RoundScore(6, 3)
    assert dict(sheet.round_points(1)["Ana"].parts) == {"majorities": 6, "walls": 3}
    lines = sheet.to_csv().splitlines()
    assert lines[0] == ",".join(CSV_COLUMNS)
    assert lines[1] == "1,Ana,0,0,0,0,0,2,3,6,3,9,9"
    assert RoundScore(1, 2, {"camps": 4}).total == 7
