"""The walls-for-a-strong-player study: resumable, summarised with honest intervals."""

import matplotlib

matplotlib.use("Agg")

import pandas as pd  # noqa: E402
import pytest  # noqa: E402

from alhambra_lib.analysis.strong_walls import (STUDY_COLUMNS, plot_strong_wall_study,  # noqa: E402
                                                read_strong_wall_study, run_strong_wall_study,
                                                strong_wall_summary)


def test_a_tiny_study_resumes_and_keeps_other_runs(tmp_path):
    path = tmp_path / "study.csv"
    first = run_strong_wall_study(games=1, level="easy", path=path, progress=False)
    assert list(first.columns) == list(STUDY_COLUMNS) and len(first) == 3
    text = path.read_text()
    again = run_strong_wall_study(games=1, level="easy", path=path, progress=False)
    assert path.read_text() == text and again.equals(first)
    more = run_strong_wall_study(games=2, level="easy", path=path, progress=False)
    assert path.read_text().startswith(text) and sorted(set(more["game"])) == [0, 1]
    other = run_strong_wall_study(games=1, level="easy", players=2, path=path, progress=False)
    assert len(other) == 2 and len(read_strong_wall_study(path)) == 8
    # A game's rows are the game: its scores are the rounds' parts, one winner at least.
    rounds = more[[f"{t}_r{r}" for t in ("walls", "majority") for r in (1, 2, 3)]].sum(axis=1)
    assert (rounds == more["score"]).all()
    assert (more.groupby("game")["share"].sum().round(9) == 1).all()


def _fake_rows(games=40):
    rows = []
    for game in range(games):
        for seat in range(3):
            wall = (game * 7 + seat * 3) % 9
            rows.append({"study_seed": 1, "level": "medium", "players": 3, "game": game,
                         "seed": game, "seat": seat, "score": 60 + 3 * wall + seat,
                         "win": seat == (game % 3), "share": float(seat == (game % 3)),
                         "final_wall": wall, "walls_r1": 0, "walls_r2": wall // 2,
                         "walls_r3": wall, "majority_r1": 10, "majority_r2": 20,
                         "majority_r3": 30, "tiles": 15})
    return pd.DataFrame(rows)


def test_the_summary_gives_intervals_and_says_what_is_not_settled():
    summary = strong_wall_summary(_fake_rows())
    mean, low, high = summary["wall_points"]
    assert low < mean < high
    ratio, o_low, o_high = summary["odds_per_segment"]
    assert o_low < ratio < o_high
    assert summary["games"] == 40 and "fewer than the 300" in summary["text"]
    assert ("not settled" in summary["text"]) == (o_low <= 1 <= o_high)
    assert list(summary["by_wall"].columns[:3]) == ["rows", "wins", "win_rate"]


def test_the_plot_and_the_refusals(tmp_path):
    ax = plot_strong_wall_study(_fake_rows())
    assert ax.get_xlabel() == "final wall (segments)"
    with pytest.raises(ValueError, match="no games"):
        strong_wall_summary(read_strong_wall_study(tmp_path / "none.csv"))
    with pytest.raises(ValueError, match="unknown level"):
        run_strong_wall_study(games=1, level="hard", path=tmp_path / "x.csv")


def test_walls_that_clearly_lose_are_said_so():
    from alhambra_lib.analysis.strong_walls import _verdict

    text = _verdict(400, (10.0, 9.0, 11.0), 0.1, (0.8, 0.7, 0.9))
    assert "not settled" not in text and "fewer wins for longer walls" in text


def test_the_points_by_round_and_the_words_beside_weaker_bots():
    from matplotlib.figure import Figure

    from alhambra_lib.analysis.strong_walls import describe_strong_walls, plot_points_by_round
    from alhambra_lib.palette import LONGEST_WALL_COLOUR

    rows = _fake_rows()
    ax = plot_points_by_round(rows)
    assert ax.get_xlabel() == "scoring round" and "points per player" in ax.get_ylabel()
    assert ax.get_title(loc="left") and [t.get_text() for t in ax.get_legend().get_texts()] == \
        ["walls", "majorities"]
    walls = [bar for bar in ax.patches if matplotlib.colors.to_hex(bar.get_facecolor())
             == LONGEST_WALL_COLOUR]
    # Round 3's wall bar is the mean of walls_r3, the final wall of the fake rows.
    assert len(walls) == 3 and walls[2].get_height() == pytest.approx(rows["walls_r3"].mean())
    text, *pictures = describe_strong_walls(rows, others=_fake_rows(30), label="the weak")
    assert all(isinstance(p, Figure) for p in pictures) and len(pictures) == 2
    assert "Between the weak the same odds ratio is" in text and "(95% interval" in text
    # The weak bots' rows are the first 30 of the same games: their intervals overlap.
    assert "the two intervals overlap, so the data does not settle whether a segment" in text


def test_a_study_reports_its_games_to_a_page_and_refuses_bad_counts(tmp_path):
    from alhambra_lib.errors import InvalidInput

    seen = []
    run_strong_wall_study(games=1, level="easy", players=2, path=tmp_path / "s.csv",
                          progress=lambda done, total: seen.append((done, total)))
    assert seen == [(1, 1)]
    for bad in ({"games": 0}, {"games": True}, {"players": 7}, {"level": "hard"}):
        with pytest.raises(InvalidInput):
            run_strong_wall_study(**{"games": 1, "level": "easy", **bad},
                                  path=tmp_path / "bad.csv", progress=False)
    assert not (tmp_path / "bad.csv").exists()
