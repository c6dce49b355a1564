"""Tournament statistics on hand-made frames with known answers."""

import json
import math

import numpy as np
import pandas as pd
import pytest

from alhambra_lib.analysis.stats import (mean_scores, mean_wall_by_turn, summary,
                                         wall_win_association, wilson_interval, win_rate_by_wall,
                                         win_rates)


def test_wilson_interval_known_values():
    # Textbook values (Newcombe 1998, method 3): 81/263 -> 0.2553..0.3662.
    low, high = wilson_interval(81, 263)
    assert (round(low, 4), round(high, 4)) == (0.2553, 0.3662)
    low, high = wilson_interval(10, 10)
    assert high == 1.0 and round(low, 4) == 0.7225
    low, high = wilson_interval(np.array([0, 5]), np.array([10, 10]), confidence=0.99)
    assert low[0] == 0.0 and high[1] == pytest.approx(1 - low[1])
    assert wilson_interval(5, 10, 0.99)[1] > wilson_interval(5, 10, 0.95)[1]


@pytest.mark.parametrize("args", [(3, 2), (-1, 4), (1, 0)])
def test_wilson_interval_refuses_impossible_counts(args):
    with pytest.raises(ValueError, match="successes <= trials"):
        wilson_interval(*args)


def test_wilson_interval_refuses_a_bad_confidence():
    with pytest.raises(ValueError, match="confidence is between 0 and 1"):
        wilson_interval(1, 2, confidence=95)


def frame():
    """Two bots, four games of two players; bot b wins three, one game is tied."""
    return pd.DataFrame({
        "game": [0, 0, 1, 1, 2, 2, 3, 3],
        "seat": [0, 1] * 4,
        "bot": ["a", "b", "b", "a", "a", "b", "b", "a"],
        "score": [100, 110, 120, 90, 95, 95, 130, 70],
        "win": [False, True, True, False, True, True, True, False],
        "final_wall": [4, 9, 12, 3, 7, 7, 15, 2],
        "wall_trace": ["[1,4]", "[2,9]", "[5,12]", "[3]", "[0,7]", "[7,7]", "[15]", "[2,2]"],
    })


def test_win_rates_count_tied_leaders_as_winners():
    table = win_rates(frame())
    assert table.loc["a", ["games", "wins"]].tolist() == [4, 1]
    assert table.loc["b", ["games", "wins"]].tolist() == [4, 4]
    assert table.loc["b", "win_rate"] == 1.0
    low, high = wilson_interval(1, 4)
    assert (table.loc["a", "ci_low"], table.loc["a", "ci_high"]) == (low, high)


def test_mean_scores_use_the_normal_interval():
    table = mean_scores(frame())
    scores = np.array([120, 110, 95, 130])
    assert table.loc["b", "mean"] == scores.mean() and table.loc["b", "n"] == 4
    half = 1.959964 * scores.std(ddof=1) / 2
    assert table.loc["b", "ci_low"] == pytest.approx(scores.mean() - half)
    assert table.loc["b", "ci_high"] == pytest.approx(scores.mean() + half)
    walls = mean_scores(frame(), column="final_wall", by="seat")
    assert walls.loc[0, "mean"] == np.mean([4, 12, 7, 15])


def test_summary_puts_the_best_bot_first():
    table = summary(frame())
    assert list(table.index) == ["b", "a"]
    assert table.loc["a", "mean_final_wall"] == 4.0 and table.loc["b", "games"] == 4
    assert table.loc["b", "win_low"] == wilson_interval(4, 4)[0]


def test_win_rate_by_wall_buckets():
    table = win_rate_by_wall(frame(), width=5)
    assert list(table.index) == ["0-4", "5-9", "10-14", "15-19"]
    assert table["rows"].tolist() == [3, 3, 1, 1] and table["wins"].tolist() == [0, 3, 1, 1]
    assert table.loc["5-9", "win_rate"] == 1.0
    assert list(win_rate_by_wall(frame(), width=10).index) == ["0-9", "10-19"]
    with pytest.raises(ValueError, match="width is a positive number"):
        win_rate_by_wall(frame(), width=0)


def test_wall_win_association_solves_the_logistic_equations():
    df = pd.DataFrame({"final_wall": [2, 4, 6, 8, 3, 9, 5, 7, 10, 1],
                       "win": [0, 0, 1, 1, 0, 1, 1, 0, 1, 0], "game": [0, 0, 1, 1, 2, 2,
                                                                     3, 3, 4, 4]})
    result = wall_win_association(df)
    x, y = df["final_wall"].to_numpy(float), df["win"].to_numpy(float)
    p = 1 / (1 + np.exp(-(result["intercept"] + result["slope"] * x)))
    # At the maximum likelihood both score equations are zero.
    assert abs(np.sum(y - p)) < 1e-8 and abs(np.sum((y - p) * x)) < 1e-8
    assert result["point_biserial"] == pytest.approx(np.corrcoef(x, y)[0, 1])
    assert result["odds_ratio"] == pytest.approx(math.exp(result["slope"]))
    assert result["odds_low"] < result["odds_ratio"] < result["odds_high"]
    assert result["n"] == 10 and result["slope"] > 0


def test_relative_walls_compare_players_within_their_game():
    df = pd.DataFrame({"game": [0, 0, 1, 1, 2, 2, 3, 3], "final_wall": [2, 4, 10, 12, 5, 3, 8, 9],
                       "win": [0, 1, 1, 0, 1, 0, 0, 1]})
    result = wall_win_association(df, relative=True)
    x = np.array([-1, 1, -1, 1, 1, -1, -0.5, 0.5])
    assert result["point_biserial"] == pytest.approx(np.corrcoef(x, df["win"])[0, 1])


def test_wall_win_association_warns_on_separation_and_refuses_no_variation():
    df = pd.DataFrame({"final_wall": [1, 2, 3, 10, 11, 12], "win": [0, 0, 0, 1, 1, 1]})
    with pytest.warns(RuntimeWarning, match="did not converge"):
        result = wall_win_association(df)
    assert math.isnan(result["slope"]) and result["point_biserial"] > 0.9
    with pytest.raises(ValueError, match="both winners and losers"):
        wall_win_association(df.assign(win=1))


def test_mean_wall_by_turn():
    table = mean_wall_by_turn(frame())
    assert list(table.columns) == ["a", "b"] and list(table.index) == [1, 2]
    assert table.loc[1, "a"] == np.mean([1, 3, 0, 2]) and table.loc[2, "a"] == np.mean([4, 7, 2])
    assert table.loc[2, "b"] == np.mean([9, 12, 7])


def test_add_wall_gaps_on_known_layouts():
    from alhambra_lib.analysis.stats import add_wall_gaps

    def layout(cells, reserve=()):
        return json.dumps({"hole_rule": "enclosed", "alhambra": cells, "reserve": list(reserve)})

    split = layout([[0, 1, "tower", 9, "NE"], [-1, 0, "garden", 8, "NW"]])
    joined = layout([[0, 1, "tower", 9, "NE"], [-1, 1, "garden", 8, "NW"]])
    waiting = layout([[0, 1, "tower", 9, "NE"]], [["garden", 8, "NW"]])
    df = pd.DataFrame({"final_layout": [split, joined, waiting], "final_wall": [2, 4, 2]})
    result = add_wall_gaps(df, progress=False)
    assert result["best_wall"].tolist() == [4, 4, 4]
    assert result["wall_gap"].tolist() == [2, 0, 2] and result["wall_gap_exact"].all()
    assert "best_wall" not in df.columns
    assert add_wall_gaps(df, n_jobs=2, progress=False).equals(result)


def test_a_cut_short_search_never_reports_a_negative_gap():
    from alhambra_lib.analysis.stats import add_wall_gaps
    from alhambra_lib.analysis.tournaments import tournament

    df = tournament(["wall", "greedy"], games=1, seed=2, progress=False)
    result = add_wall_gaps(df, progress=False, beam_width=1, exact_limit=0)
    assert (result["best_wall"] >= result["final_wall"]).all()
    assert (result["wall_gap"] >= 0).all()
