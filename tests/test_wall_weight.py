"""The WallWeightExplorer driven without a browser: move the slider, read the table and images."""

import pytest

from alhambra_lib.analysis.sweep import weight_sweep
from alhambra_lib.teaching.demo import demo_sweep
from alhambra_lib.widgets import WallWeightExplorer

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def sweep():
    return weight_sweep([0, 2, 5], games=3, seed=4, progress=False)


def test_demo_builds_without_arguments_and_shows_itself():
    explorer = WallWeightExplorer()
    assert explorer.weights == (0.0, 1.0, 4.0)
    assert explorer._repr_mimebundle_()[WIDGET_VIEW]["model_id"] == explorer.root.model_id
    for image in (explorer.win_image, explorer.score_image, explorer.walls_image):
        assert bytes(image.value).startswith(PNG)


def test_demo_sweep_is_seeded():
    assert demo_sweep().equals(demo_sweep())


def test_slider_shows_each_value_without_playing(sweep, monkeypatch):
    explorer = WallWeightExplorer(sweep)
    assert explorer.weight_slider.options == (("0", 0.0), ("2", 2.0), ("5", 5.0))
    assert "<b>wall weight 0</b>" in explorer.table.value
    first = bytes(explorer.win_image.value), bytes(explorer.walls_image.value)

    # Moving the slider looks results up: a game played now would fail the test.
    def no_games(*args, **kwargs):
        raise AssertionError("the explorer played games")

    monkeypatch.setattr("alhambra_lib.analysis.sweep.tournament", no_games)
    explorer.weight_slider.value = 5.0
    assert "<b>wall weight 5</b>" in explorer.table.value
    at_five = sweep[sweep["wall_weight"] == 5.0]
    assert explorer.results.loc["swept", "mean_score"] == \
        at_five.loc[at_five["bot"] == "swept", "score"].mean()
    for bot in ("swept", "majority", "balanced"):
        assert f">{bot}<" in explorer.table.value
    assert (bytes(explorer.win_image.value), bytes(explorer.walls_image.value)) != first
    explorer.weight_slider.value = 0.0  # drawn once, kept
    assert (bytes(explorer.win_image.value), bytes(explorer.walls_image.value)) == first


def test_swept_bot_must_be_in_the_sweep(sweep):
    with pytest.raises(ValueError, match="no rows of bot 'tuned'"):
        WallWeightExplorer(sweep, bot="tuned")
    with pytest.raises(ValueError, match="unknown weight"):
        WallWeightExplorer(sweep, weight="walls")
