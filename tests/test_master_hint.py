"""Issue 32, point 4: the hint comes from the master search where the compiled core plays the
game, else from the strong one, and says which; its win chance is calibrated for that level."""

from __future__ import annotations

import json
from html import escape

import pytest
from _i18n_helpers import speaking  # noqa: F401 (a fixture)

from alhambra_lib import Game, sim
from alhambra_lib.analysis import saved
from alhambra_lib.analysis.hint_calibration import (
    CALIBRATION_FILE,
    base_rows,
    read_hint_calibration,
    run_hint_calibration,
    write_hint_calibration,
)
from alhambra_lib.bots import SearchBot
from alhambra_lib.bots import search as search_module
from alhambra_lib.bots.search import (
    calibrated_win_chance,
    calibration_gap,
    calibration_level,
    calibration_model,
    level_plays,
)
from alhambra_lib.errors import Unsupported
from alhambra_lib.table.session import TableSession, hint_level
from alhambra_lib.widgets import GameTable
from alhambra_lib.widgets._new_game import NewGamePanel
from alhambra_lib.widgets._table_hints import MASTER_STANDS_DOWN as _STANDS_DOWN

needs_core = pytest.mark.skipif(sim.core_info()["engine"] != "native",
                                reason="the master searches in the compiled core")
MEGA_BOX = {"modules": ["vizier"]}
#: The rules the core does not hold: the master stands down for them.
LITERAL_HOLES = {"hole_rule": "single"}
#: The sentence as the hint's HTML shows it.
MASTER_STANDS_DOWN = escape(_STANDS_DOWN)
#: Coefficients unlike the strong model's, so that a chance says which model made it.
MASTER_MODEL = {"intercept": 0.5, "share": 2.0, "base_rate": 1.0, "bag_scale": 20,
                "games": {"2": 3}, "decisions": {"2": 100}}


@pytest.fixture
def python_engine(monkeypatch):
    """The Python engine plays (``ALHAMBRA_CORE=python``) for one test."""
    monkeypatch.setenv("ALHAMBRA_CORE", "python")
    sim._reset()
    yield
    sim._reset()


@pytest.fixture
def calibration_file(tmp_path, monkeypatch):
    """``use(models)``: the search reads the strong model saved and `models` (by level)."""
    path = tmp_path / "hint_calibration.json"
    strong = json.loads(search_module.CALIBRATION_PATH.read_text())["strong"]

    def use(models):
        path.write_text(json.dumps({"strong": strong, **models}))
        monkeypatch.setattr(search_module, "CALIBRATION_PATH", path)
        search_module._calibration.cache_clear()
    yield use
    search_module._calibration.cache_clear()


def _hint(table):
    table.hint()
    return table.message.value.split("<br>")


# -- which level advises ---------------------------------------------------------------


@needs_core
def test_the_master_advises_where_the_core_plays_the_game_and_strong_elsewhere():
    assert hint_level() == "master"
    assert hint_level(Game(["You", "Bo", "Cy"], seed=1)) == "master"
    assert hint_level(Game(["You", "Bo"], seed=1)) == "master"  # Dirk joins: the core holds him
    assert hint_level(Game(["You", "Bo", "Cy"], seed=1, **MEGA_BOX)) == "master"
    assert hint_level(Game(["You", "Bo", "Cy"], seed=1, **LITERAL_HOLES)) == "strong"
    assert level_plays("strong", Game(["You", "Bo"], seed=1, **LITERAL_HOLES))
    assert TableSession().adviser.level == "master"


def test_without_the_core_the_strong_search_advises_and_the_master_is_not_offered(
        python_engine):
    assert hint_level() == hint_level(Game(["You", "Bo"], seed=1)) == "strong"
    assert TableSession().adviser.level == "strong"
    panel = NewGamePanel()
    assert panel.hints.value == "strong" and "master" not in panel.hint_levels()
    assert "master" not in [level for label, level in panel.hints.options]
    message = _hint(GameTable())
    assert message[0].startswith("The strong search bot would")
    assert MASTER_STANDS_DOWN not in message[0]


@needs_core
def test_the_panel_offers_the_master_with_the_mega_box_too():
    panel = NewGamePanel()
    offered = [level for label, level in panel.hints.options]
    assert panel.hints.value == "master" and offered == ["master", "strong", "medium", "easy"]
    for box in panel.module_boxes.values():
        box.value = True
    assert [level for label, level in panel.hints.options] == offered
    assert panel.hints.value == "master" and panel.adviser().level == "master"
    panel.hints.value = "medium"  # a level chosen stays chosen
    panel.module_boxes["vizier"].value = False
    assert panel.adviser().level == "medium"


@needs_core
def test_the_hint_names_the_master_in_the_mega_box_and_says_why_strong_under_literal_holes():
    for game in (None, Game(["You", "Bo", "Cy"], seed=4, modules=sim.core_modules())):
        hint = _hint(GameTable(game))
        assert hint[0].startswith("The master search bot would")
        assert MASTER_STANDS_DOWN not in hint[0]
    table = GameTable(Game(["You", "Bo", "Cy"], seed=4, **LITERAL_HOLES))
    assert table.session.adviser.level == "master"  # kept: it advises again in another game
    assert table.session.advising.level == "strong" and table.session.master_stands_down
    holes = _hint(table)
    assert holes[0].startswith("The strong search bot would") and MASTER_STANDS_DOWN in holes[0]
    # A quicker level chosen on purpose needs no excuse.
    table.session.adviser = SearchBot("easy", seed=0)
    assert MASTER_STANDS_DOWN not in _hint(table)[0]


@needs_core
def test_the_master_hint_lists_the_sampled_games_each_move_was_tried_in():
    table = GameTable(Game(["You", "Bo", "Cy"], seed=4))
    rows = table.session.advise()[1]
    lines = _hint(table)
    assert len({row.samples for row in rows}) > 1  # sequential halving: fewer for the weaker
    assert len(rows) == 3 and len(lines) > 4
    for row, line in zip(rows, lines[1:4]):
        assert line.endswith(f", tried in {row.samples} sampled games")
    assert ("The search dropped the weaker moves early and tried the promising ones in more "
            "sampled games.") in lines


@needs_core
@pytest.mark.parametrize("code, master, why", [
    ("fr", "Le robot de recherche expert", "La recherche experte ne joue pas les règles"),
    ("ko", "고수 탐색 봇", "고수 탐색은 이 게임의 규칙"),
    ("da", "Mestersøgebotten", "Mestersøgningen spiller ikke dette spils regler")])
def test_the_words_naming_the_level_are_in_the_language(code, master, why, speaking):
    speaking(code)
    assert _hint(GameTable())[0].startswith(master)
    assert why in _hint(GameTable(Game(["You", "Bo", "Cy"], seed=4, **LITERAL_HOLES)))[0]


# -- the win chance, per level -----------------------------------------------------------


def test_levels_without_a_model_use_the_strong_one_and_the_old_calls_still_work():
    assert calibration_level("easy") == calibration_level("strong") == "strong"
    assert calibration_model("medium") == calibration_model()
    assert calibrated_win_chance(0.7, 3, 20) == calibrated_win_chance(0.7, 3, 20, None, "easy")
    assert calibration_gap(3, False) is None and calibration_gap(3, True, "easy")
    game = Game(["Ana", "Ben", "Cy"], seed=7)
    assert {m.calibration for m in SearchBot("easy", seed=1).analyse(game.view("Ana"))} == {
        "strong"}


@needs_core
def test_the_master_s_chance_comes_from_its_own_model(calibration_file):
    calibration_file({"master": MASTER_MODEL})
    assert calibration_level("master") == "master"
    model = calibration_model("master")
    assert calibrated_win_chance(0.7, 2, 10, level="master") == calibrated_win_chance(
        0.7, 2, 10, model) != calibrated_win_chance(0.7, 2, 10)
    # Measured on games of 2 players only: with 3 the hint says so.
    assert calibration_gap(2, False, "master") is None
    assert calibration_gap(3, False, "master").startswith("With 3 players this chance is not")
    game = Game(["You", "Bo"], seed=4)
    rows = SearchBot("master", seed=0).analyse(game.view("You"), 3, game.legal_actions())
    assert {row.calibration for row in rows} == {"master"}
    assert rows[0].win_chance == calibrated_win_chance(rows[0].future_share, 2, game.bag_size,
                                                       model)
    lines = _hint(GameTable(Game(["You", "Bo"], seed=4)))
    assert lines[-1] == ("The win chance is how often positions like these were won in "
                         "self-play of the master search.")


def test_writing_a_level_s_model_keeps_the_others(tmp_path):
    path = tmp_path / "hint_calibration.json"
    path.write_text(search_module.CALIBRATION_PATH.read_text())
    strong = json.loads(path.read_text())["strong"]
    rows = base_rows(read_hint_calibration()).assign(level="master")
    rows = rows[rows["game"] < 5]
    model = write_hint_calibration(rows, path, "master")
    saved_models = json.loads(path.read_text())
    assert saved_models == {"strong": strong, "master": model}
    assert model["games"] == {"2": 5, "3": 5}


def test_the_master_s_study_shares_the_file_by_its_level_column(tmp_path):
    study = saved.STUDIES["hint_calibration_master"]
    assert study.file == CALIBRATION_FILE.name and study.games == 40
    path = tmp_path / "rows.csv"
    strong = base_rows(read_hint_calibration())
    strong[strong["game"] < 2].to_csv(path, index=False)
    master = strong[strong["game"] < 1].assign(level="master")
    study.write(master, path)  # the strong rows stay
    assert len(study.read(path)) == len(master)
    assert len(saved.STUDIES["hint_calibration"].read(path)) == (strong["game"] < 2).sum()
    assert set(json.loads(path.with_suffix(".json").read_text())) == {"master"}


@needs_core
def test_a_master_calibration_game_is_played(tmp_path):
    path = tmp_path / "calibration.csv"
    rows = run_hint_calibration(1, 2, "master", 3, path, progress=False)
    assert set(rows["level"]) == {"master"} and sorted(set(rows["seat"])) == [0, 1]


def test_without_the_core_the_master_s_study_is_refused_untouched(tmp_path, python_engine):
    path = tmp_path / "calibration.csv"
    path.write_text("kept\n")
    with pytest.raises(Unsupported, match="compiled core"):
        run_hint_calibration(1, 2, "master", path=path, progress=False)
    assert path.read_text() == "kept\n"


def test_the_reliability_chart_names_the_level_of_its_games(calibration_file):
    from alhambra_lib.analysis.hint_calibration import plot_hint_reliability, reliability_table

    calibration_file({})
    rows = base_rows(read_hint_calibration())
    rows = rows[rows["game"] < 10]
    master = rows.assign(level="master")
    assert plot_hint_reliability(master).get_title(loc="left") == (
        "How sure is the hint? Self-play of the master search")
    assert plot_hint_reliability(rows).get_title(loc="left") == (
        "How sure is the hint? Self-play of the strong search")
    # Without a model of its own, the master's rows are judged by the strong one's; with
    # one, by it.
    assert reliability_table(master).equals(reliability_table(rows))
    calibration_file({"master": MASTER_MODEL})
    assert not reliability_table(master).equals(reliability_table(rows))


def test_the_saved_master_model_is_the_fit_of_its_saved_games_and_strong_s_is_kept():
    """The master's self-play study (``saved hint_calibration_master``): 40 base games of
    2 players (with Dirk) and, so far, 36 of the 40 of 3 (the run resumes)."""
    from alhambra_lib.analysis.hint_calibration import fit_hint_calibration

    models = json.loads(search_module.CALIBRATION_PATH.read_text())
    assert models["strong"] == {  # the strong model's numbers, as they were
        "intercept": -0.260526, "share": 0.796168, "base_rate": 0.505462, "bag_scale": 30,
        "games": {"2": 40, "3": 40}, "decisions": {"2": 5127, "3": 7515}}
    rows = base_rows(read_hint_calibration(), "master")
    assert rows.equals(saved.STUDIES["hint_calibration_master"].load())
    fitted = fit_hint_calibration(rows)
    assert fitted["games"] == models["master"]["games"] == {"2": 40, "3": 40}
    for term in ("intercept", "share", "base_rate"):
        assert fitted[term] == pytest.approx(models["master"][term], abs=1e-5), term
    assert fitted["bag_scale"] == models["master"]["bag_scale"]
    # The calibrated chance tells the outcomes better than the raw share does.
    chances = [calibrated_win_chance(s, n, b, level="master")
               for s, n, b in zip(rows["share"], rows["players"], rows["bag"])]
    assert ((rows["outcome"] - chances) ** 2).mean() < ((rows["outcome"] - rows["share"]) ** 2
                                                         ).mean()
