"""The wall-weight experiment (`analysis.wall_arms`): paired arms, resumable runs, the
figures and the words of notebook 05's headline section."""

from __future__ import annotations

import pandas as pd
import pytest

from alhambra_lib import InvalidInput
from alhambra_lib.analysis import wall_arms
from alhambra_lib.analysis.wall_arms import (paired_differences, plot_wall_arms,
                                             read_wall_arms, run_wall_arms,
                                             wall_arms_summary, wall_arms_verdict)
from alhambra_lib.i18n import set_language


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    path = tmp_path_factory.mktemp("arms") / "arms.csv"
    rows = run_wall_arms(games=3, arms=(0.0, 1.0), level="easy", path=path, progress=False)
    return path, rows


def test_every_arm_plays_the_same_games_from_the_same_seat(played):
    _, rows = played
    assert len(rows) == 2 * 3 * 3  # arms x games x seats
    by_arm = {arm: group.sort_values(["game", "seat"]) for arm, group in rows.groupby("arm")}
    assert by_arm[0.0]["seed"].tolist() == by_arm[1.0]["seed"].tolist()
    weighted = rows[rows["arm_seat"] == 1]
    assert (weighted["seat"] == weighted["game"] % 3).all()
    assert sorted(weighted["weight"].unique()) == [0.0, 1.0]
    assert (rows.loc[rows["arm_seat"] == 0, "weight"] == 1.0).all()


def test_a_game_row_holds_its_score_margin_wall_and_win(played):
    _, rows = played
    for _, game in rows.groupby(["arm", "game"]):
        best = game["score"].max()
        winners = game[game["score"] == best]
        assert (winners["win"] == 1).all() and (winners["share"] == 1 / len(winners)).all()
        for _, row in game.iterrows():
            others = game[game["seat"] != row["seat"]]["score"].max()
            assert row["margin"] == row["score"] - others
        assert (game["final_wall"] >= 0).all()


def test_a_second_run_plays_only_what_is_missing(played, monkeypatch):
    path, rows = played
    calls = []
    monkeypatch.setattr(wall_arms, "_play_arm_game",
                        lambda *task: calls.append(task) or [])
    again = run_wall_arms(games=3, arms=(0.0, 1.0), level="easy", path=path, progress=False)
    assert calls == [] and len(again) == len(rows)
    run_wall_arms(games=4, arms=(0.0, 1.0), level="easy", path=path, progress=False)
    assert sorted(calls) == [("easy", wall_arms.ARMS_SEED, 0.0, 3),
                             ("easy", wall_arms.ARMS_SEED, 1.0, 3)]


@pytest.mark.parametrize("games, arms, level", [(0, (1.0,), "easy"), (3, (), "easy"),
                                                (3, (float("nan"),), "easy"),
                                                (3, (1.0,), "grandmaster")])
def test_a_run_refuses_what_it_cannot_play(tmp_path, games, arms, level):
    path = tmp_path / "arms.csv"
    with pytest.raises(InvalidInput):
        run_wall_arms(games=games, arms=arms, level=level, path=path, progress=False)
    assert not path.exists()


def _rows(arms: dict[float, list[tuple[float, int, int]]]) -> pd.DataFrame:
    """Rows of the weighted seats: {arm: [(share, margin, final wall) per game]}."""
    return pd.DataFrame([{"arm": arm, "game": i, "arm_seat": 1, "share": share,
                          "margin": margin, "final_wall": wall}
                         for arm, games in arms.items()
                         for i, (share, margin, wall) in enumerate(games)])


SYNTHETIC = _rows({0.0: [(0, -10, 4), (0, -8, 5), (1, 3, 6), (0, -12, 7)],
                   1.0: [(1, 5, 9), (0, -2, 10), (1, 4, 11), (0.5, 0, 10)]})


def test_the_summary_and_the_paired_differences():
    table = wall_arms_summary(SYNTHETIC).set_index("weight")
    assert table.loc[0.0, "win_share"] == 0.25 and table.loc[1.0, "win_share"] == 0.625
    assert table.loc[1.0, "margin"] == pytest.approx(1.75)
    assert table.loc[0.0, "win_low"] < 0.25 < table.loc[0.0, "win_high"]
    diff = paired_differences(SYNTHETIC).iloc[0]
    assert diff["weight"] == 0.0 and diff["games"] == 4
    assert diff["win_share"] == pytest.approx(-0.375)
    assert diff["margin"] == pytest.approx((-15 - 6 - 1 - 12) / 4)
    assert diff["final_wall_low"] < diff["final_wall"] < diff["final_wall_high"]


def test_the_verdict_says_behind_or_ahead_and_what_the_data_settles():
    text = wall_arms_verdict(SYNTHETIC)
    assert "Weight 0 won 25 % of its games" in text
    assert "points behind the best rival" in text and "points ahead of" in text
    assert "The best weight measured is 1." in text
    assert "not an association" in text


def test_the_verdict_speaks_the_language():
    set_language("fr")
    try:
        text = wall_arms_verdict(SYNTHETIC)
    finally:
        set_language("en")
    assert text.startswith("Sur 4 parties par bras") and "Le meilleur poids mesuré" in text


def test_the_verdict_needs_the_face_value_arm():
    with pytest.raises(InvalidInput, match="weight 1"):
        wall_arms_verdict(_rows({0.0: [(1, 3, 4)]}))


def test_the_picture_has_three_labelled_panels_and_a_title():
    axes = plot_wall_arms(SYNTHETIC)
    assert [ax.get_title(loc="left") for ax in axes] == ["Win share", "Margin", "Final wall"]
    assert all(ax.get_xlabel() == "wall weight (1: face value)" for ax in axes)
    assert all(ax.get_ylabel() for ax in axes)
    assert axes[0].figure._suptitle.get_text().startswith("One strong seat")


def test_the_saved_arms_hold_every_arm_on_the_same_games():
    rows = read_wall_arms()
    counts = rows[rows["arm_seat"] == 1].groupby("arm")["game"].apply(set)
    assert sorted(counts.index) == list(wall_arms.ARMS)
    common = set.intersection(*counts)
    assert len(common) >= 200
