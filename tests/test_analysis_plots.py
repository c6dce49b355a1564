"""The tournament plots, drawn off-screen (Agg) from small hand-made and played tables, and
checked for what they show: points, lines, bands, labels and titles, and bot colours."""

from __future__ import annotations

import pandas as pd
import pytest
from matplotlib.colors import to_hex
from matplotlib.figure import Figure

from alhambra_lib.analysis.plots import (
    bot_colours,
    plot_bots,
    plot_sweep,
    plot_wall_by_turn,
    plot_wall_gaps,
    plot_win_rate_by_wall,
)
from alhambra_lib.analysis.stats import summary, win_rate_by_wall
from alhambra_lib.analysis.sweep import sweep_summary, weight_sweep
from alhambra_lib.analysis.tournaments import tournament
from alhambra_lib.draw import artist, png_of
from alhambra_lib.palette import SERIES_COLOURS

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def games():
    return tournament(["wall", "majority", "balanced"], games=6, seed=1, progress=False)


@pytest.fixture(scope="module")
def sweep():
    return weight_sweep([0, 2], games=3, seed=1, progress=False)


def texts(ax):
    return [t.get_text() for t in ax.texts]


def test_bot_colours_are_fixed_for_named_bots_and_distinct():
    first = bot_colours(["wall", "majority", "balanced"])
    assert bot_colours(["balanced", "swept", "majority"])["balanced"] == first["balanced"]
    mixed = bot_colours(["a", "wall", "b", "swept"])
    assert len(set(mixed.values())) == 4 and set(mixed.values()) <= set(SERIES_COLOURS)


def test_plot_bots_win_rates_with_intervals(games):
    table = summary(games)
    ax = plot_bots(table, baseline=1 / 3)
    points = artist(ax, "points")
    assert len(points.get_offsets()) == 3
    assert list(points.get_offsets()[:, 0]) == pytest.approx(list(table["win_rate"]))
    assert [t.get_text() for t in ax.get_yticklabels()] == list(table.index)
    colours = bot_colours(table.index)
    assert [to_hex(c) for c in points.get_facecolors()] == [colours[b] for b in table.index]
    assert ax.get_xlabel() == "win rate" and ax.get_ylabel() == "bot"
    assert ax.get_title(loc="left") == "Win rate per bot, with 95% intervals (6 games each)"
    assert "baseline 0.33" in "".join(texts(ax))
    assert png_of(ax).startswith(PNG)


def test_plot_bots_without_intervals_and_bad_metrics(games):
    table = summary(games)
    ax = plot_bots(table, "mean_final_wall")  # summary has no interval of the wall
    assert artist(ax, "interval") is None
    assert ax.get_title(loc="left") == "Mean final wall (segments) per bot (6 games each)"
    with pytest.raises(ValueError, match="unknown metric"):
        plot_bots(table, "luck")
    with pytest.raises(ValueError, match="no 'win_rate' column"):
        plot_bots(table[["games"]])


@pytest.mark.parametrize("metric, column", [("win_rate", "win_rate"),
                                            ("mean_score", "mean_score"),
                                            ("mean_final_wall", "mean_final_wall")])
def test_plot_sweep_line_band_and_mark(sweep, metric, column):
    table = sweep_summary(sweep)
    ax = plot_sweep(table, metric, marked=2.0, baseline=0.5)
    line = artist(ax, "metric")
    assert list(line.get_xdata()) == [0.0, 2.0]
    assert list(line.get_ydata()) == pytest.approx(list(table[column]))
    assert artist(ax, "band") is not None
    assert list(artist(ax, "marked").get_xdata()) == [2.0, 2.0]
    assert ax.get_xlabel() == "wall weight of the swept bot"
    assert ax.get_title(loc="left").endswith("95% band (3 games per weight)")
    assert "wall weight 2" in [t.get_text() for t in ax.get_legend().get_texts()]


def test_plot_sweep_draws_on_a_given_axes(sweep):
    ax = Figure().add_subplot()
    assert plot_sweep(sweep_summary(sweep), ax=ax) is ax
    assert artist(ax, "marked") is None and artist(ax, "baseline") is None


def test_plot_win_rate_by_wall_counts_every_bucket(games):
    table = win_rate_by_wall(games, width=5)
    ax = plot_win_rate_by_wall(table, baseline=1 / 3)
    assert len(artist(ax, "points").get_xdata()) == len(table)
    assert [t.get_text() for t in ax.get_xticklabels()] == list(table.index)
    assert [t for t in texts(ax) if t.startswith("n=")] == [f"n={n}" for n in table["rows"]]
    assert ax.get_xlabel() == "final wall (segments)" and ax.get_ylabel() == "win rate"


def test_plot_wall_by_turn_one_line_per_bot(games):
    ax = plot_wall_by_turn(games)
    for bot in ("wall", "majority", "balanced"):
        line = artist(ax, f"wall-{bot}")
        assert line.get_color() == bot_colours([bot])[bot]
        assert list(line.get_xdata())[:3] == [1, 2, 3]
        # Turns reached by fewer than half the bot's players are left out.
        assert len(line.get_xdata()) <= games.loc[games["bot"] == bot, "turns"].max()
    assert ax.get_title(loc="left") == "Mean longest wall after each turn (6 games)"
    assert sorted(t.get_text() for t in ax.get_legend().get_texts()) == \
        ["balanced", "majority", "wall"]


def test_plot_wall_gaps_cumulative_shares():
    df = pd.DataFrame({"bot": ["wall"] * 3 + ["majority"], "wall_gap": [0, 2, 2, 5],
                       "wall_gap_exact": [True, True, True, True]})
    ax = plot_wall_gaps(df)
    line = artist(ax, "gap-wall")
    assert list(line.get_xdata()) == [0, 0, 2, 2, 6]
    assert list(line.get_ydata()) == pytest.approx([0, 1 / 3, 2 / 3, 1, 1])
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert legend == ["majority (n=1, mean 5.0)", "wall (n=3, mean 1.3)"]
    assert "lower bounds" not in ax.get_title(loc="left")
    unproven = plot_wall_gaps(df.assign(wall_gap_exact=[True, False, True, True]))
    assert "unproven gaps are lower bounds" in unproven.get_title(loc="left")
