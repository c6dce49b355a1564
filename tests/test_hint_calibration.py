"""The hint's win chance: calibrated on saved self-play games of the strong search."""

import json

import pytest

from alhambra_lib import Game
from alhambra_lib.analysis.hint_calibration import (
    CALIBRATION_FILE,
    base_rows,
    fit_hint_calibration,
    read_hint_calibration,
    reliability_table,
    run_calibration_study,
    run_hint_calibration,
)
from alhambra_lib.analysis.saved import STUDIES
from alhambra_lib.bots import SearchBot
from alhambra_lib.bots.search import CALIBRATION_PATH, CALIBRATION_TERMS, calibrated_win_chance
from alhambra_lib.errors import InvalidInput

SAVED = base_rows(read_hint_calibration())


def test_the_saved_model_is_the_fit_of_the_saved_games():
    saved = json.loads(CALIBRATION_PATH.read_text())["strong"]  # issue 32: a model per level
    fitted = fit_hint_calibration(SAVED)
    for name in CALIBRATION_TERMS:
        assert fitted[name] == pytest.approx(saved[name], abs=1e-5), name
    assert fitted["bag_scale"] == saved["bag_scale"]
    assert fitted["games"] == saved["games"] == {"2": 40, "3": 40}
    assert fitted["decisions"] == saved["decisions"]
    assert STUDIES["hint_calibration"].load().equals(SAVED)


def test_the_calibrated_chance_matches_the_outcomes_where_the_raw_share_does_not():
    table = reliability_table(SAVED)
    crowded = table[table["decisions"] >= 150]
    assert len(crowded) >= 3
    assert ((crowded["won"] - crowded["said"]).abs() < 0.08).all(), table
    chances = [calibrated_win_chance(s, n, b)
               for s, n, b in zip(SAVED["share"], SAVED["players"], SAVED["bag"])]
    brier = ((SAVED["outcome"] - chances) ** 2).mean()
    raw = ((SAVED["outcome"] - SAVED["share"]) ** 2).mean()
    assert brier < raw - 0.01
    # The share is far too sure: of its decisions with every future ahead, fewer are won.
    sure = SAVED[SAVED["share"] == 1]
    assert len(sure) > 100 and sure["outcome"].mean() < 0.95


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("bag", [0, 20, 54, 80])
def test_the_chance_grows_with_the_share_and_stays_short_of_certainty(players, bag):
    chances = [calibrated_win_chance(s / 10, players, bag) for s in range(11)]
    assert chances == sorted(chances) and chances[0] < chances[-1]
    assert 0 < chances[0] and chances[-1] < 1
    # More players, each less likely to win from an even share.
    assert calibrated_win_chance(0.5, players, bag) > calibrated_win_chance(0.5, players + 1,
                                                                            bag)


def test_a_share_says_more_as_the_bag_empties():
    for share in (0.0, 1.0):
        chances = [calibrated_win_chance(share, 3, bag) for bag in (54, 30, 10, 0)]
        assert chances == sorted(chances, reverse=not share)


def test_the_hint_s_win_chance_is_the_calibrated_share():
    game = Game(["Ana", "Ben", "Cy"], seed=7)
    moves = SearchBot("easy", seed=1).analyse(game.view("Ana"), n=3)
    for move in moves:
        assert move.win_chance == calibrated_win_chance(move.future_share, 3, game.bag_size)
        assert f"win chance {move.win_chance:.0%}" in move.text
        assert "sampled futures" not in move.text


def test_a_run_plays_only_the_missing_games_and_refits(tmp_path):
    path = tmp_path / "calibration.csv"
    seen = []
    rows = run_calibration_study(1, seed=5, path=path, level="easy",
                                 progress=lambda done, total: seen.append((done, total)))
    assert sorted(rows["players"].unique()) == [2, 3] and seen[-1] == (2, 2)
    model = json.loads(path.with_suffix(".json").read_text())["easy"]  # issue 32: per level
    assert model["games"] == {"2": 1, "3": 1}
    again = run_hint_calibration(1, 3, "easy", 5, path, progress=False)
    assert len(read_hint_calibration(path)) == len(rows)  # nothing played again
    assert again.equals(rows[rows["players"] == 3].reset_index(drop=True))


@pytest.mark.parametrize(("games", "players", "level", "modules", "words"), [
    (0, 3, "easy", "none", "games is a whole number from 1 up"),
    (1, 7, "easy", "none", "players is a whole number from 2 to 6"),
    (1, 3, "hard", "none", "unknown level 'hard'"),
    (1, 3, "easy", "vizier", "modules is 'none' or 'all', got 'vizier'"),
])
def test_bad_input_is_refused_and_the_file_left_alone(tmp_path, games, players, level,
                                                      modules, words):
    path = tmp_path / "calibration.csv"
    path.write_text("kept\n")
    with pytest.raises(InvalidInput, match=words):
        run_hint_calibration(games, players, level, path=path, progress=False,
                             modules=modules)
    assert path.read_text() == "kept\n"


def test_the_saved_file_is_the_library_s():
    assert CALIBRATION_FILE.with_suffix(".json") == CALIBRATION_PATH


def test_a_game_with_every_module_is_played_and_kept_apart(tmp_path):
    path = tmp_path / "calibration.csv"
    rows = run_hint_calibration(1, 2, "easy", 3, path, progress=False, modules="all")
    assert set(rows["modules"]) == {"all"} and rows["bag"].max() > 54  # the modules' tiles
    assert base_rows(read_hint_calibration(path), "easy", 3).empty


def test_the_chance_beats_the_raw_share_in_the_saved_games_with_every_module():
    """Not fitted on: 8 self-play games of 3 players with all 16 modules."""
    rows = read_hint_calibration()
    rows = rows[rows["modules"] == "all"]
    assert rows["game"].nunique() == 8 and rows["bag"].max() > 54
    chances = [calibrated_win_chance(s, n, b)
               for s, n, b in zip(rows["share"], rows["players"], rows["bag"])]
    assert ((rows["outcome"] - chances) ** 2).mean() < ((rows["outcome"] - rows["share"]) ** 2
                                                         ).mean()
