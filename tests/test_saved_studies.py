"""Saved studies: shown from their files at once, a new run played only on the button."""

import dataclasses

import pandas as pd
import pytest

from alhambra_lib.analysis import saved
from alhambra_lib.analysis.reports import describe_module_effects, describe_wall_study
from alhambra_lib.analysis.saved import STUDIES, SavedStudy, load_rows, load_study, save_rows
from alhambra_lib.analysis.study import WallStudy, run_wall_study
from alhambra_lib.analysis.tournaments import tournament
from alhambra_lib.widgets import SavedStudyView


def test_rows_keep_their_text_and_their_missing_numbers(tmp_path):
    rows = tournament(["wall", "greedy"], games=2, seed=3, progress=False)
    save_rows(rows, tmp_path / "rows.csv")
    back = load_rows(tmp_path / "rows.csv")
    pd.testing.assert_frame_equal(back, rows, check_dtype=False)
    assert back["modules"].tolist() == [""] * 4


def test_the_small_wall_run_is_the_one_notebook_05_describes():
    run = load_study("wall_small_run")
    assert run.first["game"].nunique() == run.sweep["game"].nunique() == 60
    assert sorted(run.sweep["wall_weight"].unique()) == [0, 0.5, 1, 2, 4]
    assert sorted(run.first["bot"].unique()) == ["balanced", "majority", "wall"]
    assert run.gaps["game"].nunique() == 6 and "final_layout" in run.gaps
    assert (run.gaps["best_wall"] >= run.gaps["final_wall"]).all()


def test_every_saved_study_loads_and_is_described():
    effects = load_study("module_effects")
    assert effects.index.names == ["module", "measure"]
    assert (effects["games"] == STUDIES["module_effects"].games).all()
    # Issue 35.8: the answer first, then a table (was a bullet a module).
    answer, table = describe_module_effects(effects)
    assert answer.startswith("<p><b>What the modules do, beyond the noise:</b>")
    assert "8 paired games per module" in answer
    assert "Vizier's Favour (M1)</th>" in table
    study = load_study("wall_study")
    assert isinstance(study, WallStudy) and study.games == STUDIES["wall_study"].games
    parts = describe_wall_study(study, small=study.sweep)
    assert parts[-1].startswith("<p>With walls ignored (weight 0)")


def test_an_unknown_study_is_named_in_the_error():
    with pytest.raises(KeyError, match="no saved study 'walls'; the saved studies are"):
        load_study("walls")


@pytest.fixture
def tiny_study(monkeypatch, tmp_path):
    """A wall study of 2 games per tournament and two weights, saved in tmp_path."""
    def play(games, seed, progress):
        study = run_wall_study(games=games, seed=seed, weights=[0, 1], progress=False)
        if progress is not None:
            progress(3 * games, 3 * games)
        return study

    original = STUDIES["wall_study"]
    study = SavedStudy("tiny", "a tiny wall study", "tiny.csv", 2, 7, play, original.write,
                       original.read)
    monkeypatch.setattr(saved, "DATA", tmp_path)
    monkeypatch.setitem(STUDIES, "tiny", study)
    study.write(study.run(), study.path)
    return study


def test_the_view_shows_the_saved_run_and_plays_a_new_one_only_on_the_button(tiny_study):
    shown = []
    view = SavedStudyView("tiny", lambda result: shown.append(result) or [
        f"<p>{result.games} games, seed {result.seed}</p>", result.sweep.plot().figure])
    assert "The saved run: <b>2 games</b> per tournament, seed 7" in view.caption.value
    # Issue 35.8: no command line on the app's pages (it stays in the notebook's code).
    assert "python -m" not in view.caption.value
    assert view.parts[1].children[0].value == "<p>2 games, seed 7</p>"
    assert view.parts[2].value[:4] == b"\x89PNG"  # the figure, drawn
    assert len(shown) == 1 and view.progress.value == 0
    view.games_input.value, view.seed_input.value = 3, 9
    view.run_button.click()
    assert view.progress.value == view.progress.max == 9
    assert "A new run, played on this page: <b>3 games</b> per tournament, seed 9" in \
        view.caption.value
    assert view.parts[1].children[0].value == "<p>3 games, seed 9</p>"
    assert view.result.games == 3
    assert not view.run_button.disabled and "Done." in view.message.value
    assert tiny_study.load().games == 2  # the saved run stays as it was


def test_the_command_line_rewrites_a_saved_study(tiny_study, capsys):
    saved.main(["tiny", "--games", "2", "--seed", "5"])
    assert tiny_study.load().seed == 5
    assert "wrote" in capsys.readouterr().out
    saved.main(["--list"])
    assert "tiny: a tiny wall study (2 games, seed 7)" in capsys.readouterr().out


def test_a_new_study_that_fails_says_so_and_gives_the_button_back(monkeypatch):
    from alhambra_lib.widgets import SavedStudyView

    view = SavedStudyView("wall_small_run", lambda result: [])

    def broken(*args):
        raise ValueError("no bots to play")

    monkeypatch.setattr(view, "study", dataclasses.replace(view.study, play=broken))
    view.run()
    assert "The study stopped: no bots to play" in view.message.value
    assert not view.run_button.disabled


def test_the_strong_wall_study_is_saved_and_shown_with_its_games():
    study = STUDIES["strong_walls"]
    rows = study.load()
    assert set(rows["level"]) == {"medium"} and set(rows["study_seed"]) == {study.seed}
    games = study.games_in(rows)
    assert games == rows["game"].nunique() >= 1 and len(rows) == 3 * games
    view = SavedStudyView("strong_walls", lambda result: [f"<p>{len(result)} rows</p>"])
    assert f"The saved run: <b>{games} games</b>, seed 2003" in view.caption.value
    # Issue 35.8: no command line on the app's pages (it stays in the notebook's code).
    assert "python -m" not in view.caption.value
    assert view.games_input.description == "games" and view.progress.value == 0


def test_a_resumable_study_is_saved_game_by_game(monkeypatch, tmp_path):
    from alhambra_lib.analysis.strong_walls import read_strong_wall_study, run_strong_wall_study

    def save_run(games, seed, progress, path, n_jobs):
        run_strong_wall_study(games, "easy", 2, seed, path, n_jobs, progress=progress)

    study = dataclasses.replace(STUDIES["strong_walls"], name="tiny_strong",
                                file="tiny.csv", save_run=save_run)
    monkeypatch.setattr(saved, "DATA", tmp_path)
    monkeypatch.setitem(STUDIES, "tiny_strong", study)
    seen = []
    study.save(1, 4, lambda done, total: seen.append((done, total)))
    first = study.path.read_text()
    saved.main(["tiny_strong", "--games", "2", "--seed", "4"])
    assert study.path.read_text().startswith(first)  # the first game kept, not replayed
    assert sorted(read_strong_wall_study(study.path)["game"].unique()) == [0, 1]
    assert seen == [(1, 1)]


def test_jobs_are_refused_for_a_study_that_plays_on_one_process(tiny_study):
    from alhambra_lib.errors import InvalidInput

    with pytest.raises(InvalidInput, match="one process"):
        tiny_study.save(2, 7, n_jobs=2)
    with pytest.raises(SystemExit):
        saved.main(["tiny", "--jobs", "2"])
    assert tiny_study.load().seed == 7  # the file left as it was


def test_the_wall_study_is_saved_on_several_processes_as_on_one(tmp_path):
    from alhambra_lib.analysis.study import load_wall_study

    save_run = STUDIES["wall_study"].save_run
    seen = []
    save_run(2, 7, lambda done, total: seen.append((done, total)), tmp_path / "two.csv", 2)
    save_run(2, 7, None, tmp_path / "one.csv", 1)
    assert (tmp_path / "two.csv").read_text() == (tmp_path / "one.csv").read_text()
    assert load_wall_study(tmp_path / "two.csv").games == 2 and seen[-1] == (12, 12)


def test_the_library_command_plays_the_same_saved_studies(tiny_study, capsys):
    import io

    from alhambra_lib.__main__ import main

    out = io.StringIO()
    assert main(["study", "--list"], out) == 0
    assert "strong_walls: walls for a strong player" in out.getvalue()
    assert main(["study", "tiny", "--games", "2", "--seed", "6"], out) == 0
    assert tiny_study.load().seed == 6 and "wrote" in out.getvalue()
    for bad in (["study", "walls"], ["study", "tiny", "--jobs", "2"]):
        with pytest.raises(SystemExit) as stopped:
            main(bad, out)
        assert stopped.value.code == 2
    assert "no saved study 'walls'" in capsys.readouterr().err
    assert tiny_study.load().seed == 6  # a refused command wrote nothing
