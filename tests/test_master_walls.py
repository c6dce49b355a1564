"""The master's wall study (`analysis.master_walls`): one master seat against two strong
players, its resumable runs, and the figures and words beside section 10 of notebook 05."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from alhambra_lib import InvalidInput, Unsupported
from alhambra_lib.analysis import master_walls
from alhambra_lib.analysis.master_walls import (master_wall_summary, plot_master_walls,
                                                read_master_wall_study, run_master_wall_study)
from alhambra_lib.analysis.saved import STUDIES
from alhambra_lib.bots import search as search_module
from alhambra_lib.i18n import set_language


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """Three games with cheap levels in the master's and the strong players' places (the
    seating and the file are what is tested, not the master's strength)."""
    path = tmp_path_factory.mktemp("master") / "study.csv"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(master_walls, "MASTER", "medium")
        patch.setattr(master_walls, "OPPONENT", "easy")
        rows = run_master_wall_study(games=3, path=path, progress=False)
    return path, rows


def test_the_master_sits_in_seat_game_mod_3_and_the_strong_players_elsewhere(played):
    _, rows = played
    assert len(rows) == 3 * 3
    for game, seats in rows.groupby("game"):
        levels = seats.sort_values("seat")["level"].tolist()
        assert levels == ["medium" if s == game % 3 else "easy" for s in range(3)]


def test_a_second_run_plays_only_the_games_missing(played, monkeypatch):
    path, rows = played
    calls = []
    monkeypatch.setattr(master_walls, "MASTER", "medium")
    monkeypatch.setattr(master_walls, "_play_master_game", lambda *task: calls.append(task) or [])
    again = run_master_wall_study(games=3, path=path, progress=False)
    assert calls == [] and len(again) == len(rows)
    run_master_wall_study(games=5, path=path, progress=False)
    assert sorted(calls) == [(master_walls.MASTER_SEED, 3), (master_walls.MASTER_SEED, 4)]


def test_the_study_needs_the_core_and_writes_nothing_without_it(tmp_path, monkeypatch):
    monkeypatch.setattr(search_module, "core_info",
                        lambda: {"engine": "python", "reason": "ALHAMBRA_CORE=python"})
    path = tmp_path / "study.csv"
    with pytest.raises(Unsupported, match="compiled core"):
        run_master_wall_study(games=1, path=path, progress=False)
    assert not path.exists()


@pytest.mark.parametrize("games", [0, -1, 2.5, True, "3"])
def test_a_count_that_is_no_count_of_games_is_refused(games, tmp_path):
    with pytest.raises(InvalidInput, match="games"):
        run_master_wall_study(games=games, path=tmp_path / "study.csv", progress=False)
    assert not (tmp_path / "study.csv").exists()


def _table(walls: list[tuple[int, int, int]], winners: list[int]) -> pd.DataFrame:
    """Rows of games whose seat 0 is the master: final walls, wall points = the wall."""
    rows = []
    for game, (seat_walls, winner) in enumerate(zip(walls, winners)):
        for seat, wall in enumerate(seat_walls):
            rows.append({"study_seed": 1, "level": "master" if seat == 0 else "strong",
                         "players": 3, "game": game, "seat": seat, "score": 100 + wall,
                         "win": seat == winner, "share": float(seat == winner),
                         "final_wall": wall, "walls_r1": 0, "walls_r2": 0, "walls_r3": wall})
    return pd.DataFrame(rows)


def test_the_masters_lead_is_paired_game_by_game():
    rows = _table([(10, 8, 6), (20, 19, 17), (15, 12, 14), (9, 9, 3)], [0, 0, 1, 0])
    summary = master_wall_summary(rows)
    assert summary["games"] == 4
    share, low, high = summary["master_share"]
    assert share == 0.75 and low < 0.75 < high
    wall = summary["final_wall"]
    assert wall["master"][0] == pytest.approx(13.5)
    assert wall["strong"][0] == pytest.approx((7 + 18 + 13 + 6) / 4)
    assert wall["lead"][0] == pytest.approx(13.5 - 11)
    assert wall["lead"][1] > 0  # ahead in every game: the paired interval is above 0
    assert summary["wall_points"]["lead"][0] == pytest.approx(wall["lead"][0])
    assert "2.5 more, game by game" in summary["text"]


def test_a_lead_whose_interval_holds_zero_is_said_to_be_unsettled():
    rows = _table([(10, 12, 12), (20, 18, 18), (15, 15, 15)], [1, 0, 2])
    text = master_wall_summary(rows)["text"]
    assert "not settled (95% interval" in text and "includes 0" in text


def test_an_empty_study_is_refused():
    with pytest.raises(InvalidInput, match="no games"):
        master_wall_summary(read_master_wall_study(master_walls.MASTER_FILE.with_name("none")))


def test_the_saved_study_is_registered_and_read_back():
    study = STUDIES["master_walls"]
    rows = study.load()
    assert study.file == "master_wall_study.csv" and study.seed == master_walls.MASTER_SEED
    assert study.games_in(rows) == rows["game"].nunique() >= 1
    per_game = rows.groupby("game")["level"].apply(lambda levels: sorted(levels))
    assert all(levels == ["master", "strong", "strong"] for levels in per_game)
    assert (rows[rows["level"] == "master"]["seat"] == rows[rows["level"] == "master"]["game"] % 3).all()


def test_the_picture_has_its_labels_and_the_words_follow_the_language():
    rows = read_master_wall_study()
    axes = plot_master_walls(rows)
    assert axes[0].get_ylabel() and axes[1].get_xlabel() and axes[0].get_title(loc="left")
    assert [t.get_text() for t in axes[0].get_legend().get_texts()] == ["the master", "the strong players"]
    summary = master_wall_summary(rows)
    assert not math.isnan(summary["final_wall"]["lead"][0])
    try:
        set_language("fr")
        french = master_wall_summary(rows)["text"]
    finally:
        set_language("en")
    assert french.startswith("Sur ") and "le maître a gagné" in french
