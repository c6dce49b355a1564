"""What the modules do to the game (issue 14): seeded tournaments per module against the base
game, their table with intervals, the progress reported, and the plot."""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd
import pytest

from alhambra_lib.analysis import module_effects, module_effects_table, module_tournaments
from alhambra_lib.analysis.module_study import BASE, BATCH, MEASURES
from alhambra_lib.analysis.plots import plot_module_effects
from alhambra_lib.draw import artist
from alhambra_lib.modules import MODULES

TWO = ["vizier", "squares"]


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():  # the huts' data are provisional
        warnings.simplefilter("ignore")
        yield


@pytest.fixture(scope="module")
def games():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return module_tournaments(3, modules=TWO, seed=11)


def test_every_arm_plays_the_same_seeds(games):
    assert list(dict.fromkeys(games["arm"])) == [BASE, *TWO]
    seeds = games.groupby("arm")["game_seed"].apply(lambda s: sorted(set(s)))
    assert seeds[BASE] == seeds["vizier"] == seeds["squares"] and len(seeds[BASE]) == 3
    assert set(games.loc[games["arm"] == "vizier", "modules"]) == {"vizier"}
    assert set(games.loc[games["arm"] == BASE, "modules"]) == {""}
    assert sorted(games["bot"].unique()) == ["balanced", "majority", "wall"]


def test_the_table_has_every_arm_and_measure_and_intervals_hold_the_mean(games):
    table = module_effects_table(games)
    assert list(table.index.names) == ["module", "measure"]
    assert list(table.index) == [(arm, m) for arm in [BASE, *TWO] for m in MEASURES]
    assert (table["games"] == 3).all()
    assert (table["low"] <= table["value"]).all() and (table["value"] <= table["high"]).all()
    changes = table.drop(index=BASE, level="module")
    assert (changes["change_low"] <= changes["change"]).all()
    assert (changes["change"] <= changes["change_high"]).all()
    assert table.xs(BASE, level="module")["change"].isna().all()
    assert table.loc[("squares", "turns"), "title"] == "Squares (M4)"


def test_the_measures_are_those_of_the_games(games):
    table = module_effects_table(games)
    base = games[games["arm"] == BASE]
    winners = base.groupby("game")["score"].max()
    assert table.loc[(BASE, "winner_score"), "value"] == pytest.approx(winners.mean())
    assert table.loc[(BASE, "turns"), "value"] == pytest.approx(
        base.groupby("game")["turns"].sum().mean())
    walls = base[["walls_r1", "walls_r2", "walls_r3"]].fillna(0).sum(axis=1)
    assert table.loc[(BASE, "wall_slope"), "value"] == pytest.approx(
        np.polyfit(walls, base["score"], 1)[0])
    vizier = games[games["arm"] == "vizier"].groupby("game")["score"].mean()
    paired = (vizier - base.groupby("game")["score"].mean()).mean()
    assert table.loc[("vizier", "mean_score"), "change"] == pytest.approx(paired)


def test_deterministic_with_a_seed():
    first = module_effects(games=2, modules=["exchange"], seed=4)
    again = module_effects(games=2, modules=["exchange"], seed=4)
    pd.testing.assert_frame_equal(first, again)
    other = module_tournaments(2, modules=["exchange"], seed=5)
    assert set(other["game_seed"]).isdisjoint(
        module_tournaments(2, modules=["exchange"], seed=4)["game_seed"])


def test_progress_is_called_after_every_batch():
    calls = []
    games = BATCH + 2
    module_tournaments(games, modules=["exchange"], seed=2,
                       progress=lambda done, total: calls.append((done, total)))
    total = 2 * games
    assert calls == [(BATCH, total), (games, total), (games + BATCH, total), (total, total)]


def test_the_modules_come_from_the_registry(monkeypatch):
    from alhambra_lib.analysis import module_study

    played = []
    monkeypatch.setattr(module_study, "tournament", _recording(played))
    module_effects(games=2)
    assert played == [()] + [(m,) for m in MODULES]


def _recording(played):
    from alhambra_lib.analysis.tournaments import tournament

    def fake(bots, games, seed, modules, **options):
        played.append(tuple(modules))
        return tournament(bots, games=games, seed=seed, **options)  # the base game: quick
    return fake


@pytest.mark.parametrize("bad, message", [
    ({"games": 1}, "at least 2"), ({"games": 2, "modules": ["dragons"]}, "unknown module"),
])
def test_bad_arguments_are_refused(bad, message):
    with pytest.raises(ValueError, match=message):
        module_tournaments(**bad)


def test_a_table_without_the_base_game_is_refused(games):
    with pytest.raises(ValueError, match="no 'base' arm"):
        module_effects_table(games[games["arm"] != BASE])


@pytest.mark.parametrize("measure", list(MEASURES))
def test_the_plot_shows_each_module_by_title_with_labelled_axes(games, measure):
    ax = plot_module_effects(module_effects_table(games), measure)
    assert [t.get_text() for t in ax.get_yticklabels()] == ["Vizier's Favour (M1)",
                                                           "Squares (M4)"]
    assert ax.get_xlabel().startswith("change in ") and ax.get_ylabel() == "module"
    assert "3 games each" in ax.get_title(loc="left")
    assert len(artist(ax, "points").get_offsets()) == 2
    assert artist(ax, "baseline") is not None


def test_the_plot_refuses_an_unknown_measure(games):
    with pytest.raises(ValueError, match="unknown measure"):
        plot_module_effects(module_effects_table(games), "fun")
