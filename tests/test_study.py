"""The saved wall study of notebook 05 and the StudyRunner widget that plays a small one."""

import pandas as pd
import pytest

from alhambra_lib.analysis.study import (
    PRESETS,
    STUDY_FILE,
    WALL_WEIGHTS,
    load_wall_study,
    run_wall_study,
    save_wall_study,
)
from alhambra_lib.analysis.sweep import sweep_summary, weight_sweep
from alhambra_lib.widgets import StudyRunner
from alhambra_lib.widgets.study_runner import parse_weights


@pytest.fixture(scope="module")
def small_study():
    return run_wall_study(games=3, seed=7, weights=[0, 2], progress=False)


def test_a_study_survives_the_file_and_the_same_seed_writes_the_same_file(small_study,
                                                                        tmp_path):
    save_wall_study(small_study, tmp_path / "a.csv")
    again = load_wall_study(tmp_path / "a.csv")
    pd.testing.assert_frame_equal(again.presets, small_study.presets, check_dtype=False)
    pd.testing.assert_frame_equal(again.sweep, small_study.sweep, check_dtype=False,
                                  check_names=False)
    assert (again.games, again.seed) == (3, 7)
    save_wall_study(run_wall_study(games=3, seed=7, weights=[0, 2], progress=False, n_jobs=2),
                    tmp_path / "b.csv")
    assert (tmp_path / "a.csv").read_bytes() == (tmp_path / "b.csv").read_bytes()


def test_the_sweep_part_is_the_sweep_summary_of_the_same_games(small_study):
    sweep = weight_sweep([0, 2], games=3, seed=7, progress=False)
    pd.testing.assert_frame_equal(small_study.sweep, sweep_summary(sweep))


def test_a_file_without_a_study_or_with_two_runs_is_refused(small_study, tmp_path):
    pd.DataFrame({"a": [1]}).to_csv(tmp_path / "other.csv", index=False)
    with pytest.raises(ValueError, match="holds no wall study"):
        load_wall_study(tmp_path / "other.csv")
    save_wall_study(small_study, tmp_path / "one.csv")
    table = pd.read_csv(tmp_path / "one.csv")
    table.loc[0, "seed"] = 8
    table.to_csv(tmp_path / "two.csv", index=False)
    with pytest.raises(ValueError, match="mixes 2 runs"):
        load_wall_study(tmp_path / "two.csv")


def test_the_saved_study_of_notebook_05_is_complete():
    study = load_wall_study()
    assert STUDY_FILE.exists() and study.seed == 2003 and study.games >= 100
    assert sorted(study.presets.index) == sorted(PRESETS)
    assert list(study.sweep.index) == [float(w) for w in WALL_WEIGHTS]
    assert (study.presets["games"] == study.games).all()
    assert (study.sweep["games"] == study.games).all()
    assert ((study.sweep["win_low"] <= study.sweep["win_rate"])
            & (study.sweep["win_rate"] <= study.sweep["win_high"])).all()


@pytest.mark.parametrize("text", ["", "walls", "0, 1, x", "1, 1", "-1", "0,1,2,3,4,5,6,7,8"])
def test_weights_that_make_no_study_are_refused_with_a_sentence(text):
    with pytest.raises(ValueError, match=r"^[A-Z].*\.$"):
        parse_weights(text)


def test_the_runner_plays_moves_its_bar_and_shows_the_results():
    runner = StudyRunner()
    assert runner.curve is None and runner.progress.value == 0  # nothing played on opening
    runner.games_input.value, runner.players_input.value = 3, 2
    runner.seed_input.value, runner.weights_input.value = 5, "4, 0"
    seen = []
    runner.progress.observe(lambda change: seen.append(change["new"]), "value")
    runner.run_button.click()
    assert runner.progress.max == 6 and seen[-1] == 6 and len(seen) > 2
    expected = sweep_summary(weight_sweep([0, 4], games=3, seed=5, players=2, progress=False))
    pd.testing.assert_frame_equal(runner.curve, expected)
    assert "seed 5" in runner.message.value and "2 players" in runner.message.value
    assert runner.table.value.count("<tr>") == 3 and runner.image.value
    assert not runner.run_button.disabled


def test_bad_weights_leave_the_last_study_untouched():
    runner = StudyRunner()
    runner.games_input.value, runner.weights_input.value = 2, "1"
    runner.run_button.click()
    curve, table, bar = runner.curve, runner.table.value, runner.progress.value
    runner.weights_input.value = "more walls"
    runner.run_button.click()
    assert runner.message.value.startswith("Write the wall weights as numbers")
    assert runner.curve is curve and runner.table.value == table
    assert runner.progress.value == bar
