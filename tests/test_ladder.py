"""The ladder: tiny seeded runs in a temporary folder, resumed, and its command."""

import json

import pandas as pd
import pytest

from alhambra_lib.__main__ import main
from alhambra_lib.analysis.ladder import (GAME_COLUMNS, LADDER_COLUMNS, MatchUp, ladder_table,
                                          read_games, replay_saved_games, run_ladder)
from alhambra_lib.errors import InvalidInput

TINY = [MatchUp("search_easy", ("random",), players=2, games=3, seed=4),
        MatchUp("balanced", ("random", "greedy"), players=3, games=3, seed=4)]


def test_a_run_writes_every_game_and_the_table(tmp_path):
    games, table_file = tmp_path / "games.csv", tmp_path / "ladder.csv"
    table = run_ladder(TINY, games, table_file, progress=False)
    rows = read_games(games)
    assert list(rows.columns) == list(GAME_COLUMNS) and len(rows) == 6
    assert list(pd.read_csv(table_file).columns) == list(LADDER_COLUMNS)
    assert table["games"].tolist() == [3, 3]
    assert table.loc[0, ["bot", "level", "opponents", "players", "modules", "seed"]].tolist() \
        == ["search", "easy", "random", 2, "none", 4]
    assert ((table["ci_low"] <= table["score"]) & (table["score"] <= table["ci_high"])).all()
    first = rows[rows["bot"] == "search"]
    # Seats rotate: the search bot sits first, then second.
    assert [json.loads(s)[0] for s in first["seats"]] == ["search_easy", "random", "search_easy"]


def test_a_rerun_skips_the_games_already_played_and_adds_the_missing(tmp_path):
    games, table_file = tmp_path / "games.csv", tmp_path / "ladder.csv"
    run_ladder(TINY[:1], games, table_file, progress=False)
    before = games.read_text()
    run_ladder(TINY[:1], games, table_file, progress=False)
    assert games.read_text() == before
    more = MatchUp("search_easy", ("random",), players=2, games=4, seed=4)
    table = run_ladder([more], games, table_file, progress=False)
    rows = read_games(games)
    assert len(rows) == 4 and games.read_text().startswith(before)
    assert rows["game"].tolist() == [0, 1, 2, 3] and table["games"].tolist() == [4]


def test_the_same_seed_gives_the_same_games(tmp_path):
    run_ladder(TINY[1:], tmp_path / "a.csv", tmp_path / "la.csv", progress=False)
    run_ladder(TINY[1:], tmp_path / "b.csv", tmp_path / "lb.csv", n_jobs=2, progress=False)
    a, b = read_games(tmp_path / "a.csv"), read_games(tmp_path / "b.csv")
    assert a.sort_values("game").reset_index(drop=True).equals(
        b.sort_values("game").reset_index(drop=True))


def test_a_shared_victory_is_split():
    row = {"bot": "search", "level": "easy", "opponents": "random", "players": 2,
           "modules": "none", "match_seed": 1, "game": 0, "seed": 5,
           "seats": json.dumps(["search_easy", "random"]), "bots": "search,random",
           "levels": "easy,", "scores": "[10, 10]", "winners": "[0, 1]"}
    assert ladder_table(pd.DataFrame([row]))["score"].tolist() == [0.5]


def test_bad_match_ups_are_refused():
    with pytest.raises(ValueError, match="unknown bot"):
        MatchUp("chess", ("random",))
    with pytest.raises(InvalidInput, match="unknown module"):
        MatchUp("search", ("random",), modules="dragons")
    for bad in ({"games": 0}, {"games": -3}, {"games": 2.5}, {"games": True},
                {"players": 7}, {"players": 1}):
        with pytest.raises(InvalidInput, match=next(iter(bad))):
            MatchUp("search", ("random",), **bad)


def test_the_ladder_command(tmp_path, capsys):
    assert main(["ladder", "--only", "search_medium", "--games", "1", "--dir", str(tmp_path),
                 "--no-progress"]) == 0
    table = pd.read_csv(tmp_path / "ladder.csv")
    assert set(table["opponents"]) == {"balanced+wall", "search_easy"}
    assert "search" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["ladder", "--only", "chess", "--dir", str(tmp_path)])


def test_the_saved_ladder_is_the_table_of_the_saved_games():
    """`data/ladder.csv` is recomputed from `data/ladder_games.csv`, never edited: each
    match-up once, its games counted from the file."""
    from alhambra_lib.analysis.ladder import GAMES_FILE, LADDER_FILE

    games = read_games(GAMES_FILE)
    saved = pd.read_csv(LADDER_FILE, dtype={"level": str, "modules": str}, keep_default_na=False)
    computed = ladder_table(games)
    pd.testing.assert_frame_equal(saved.reset_index(drop=True),
                                  computed.reset_index(drop=True), check_dtype=False,
                                  atol=1e-4)
    assert not games.duplicated(["bot", "level", "opponents", "players", "modules",
                                 "match_seed", "game"]).any()


@pytest.mark.parametrize("modules, games, indices", [("none", 200, [0, 7]), ("all", 100, [1])])
def test_the_saved_strong_games_replay_game_for_game(modules, games, indices):
    """The ladder's saved strong games, replayed on the engine in use (the core's search
    where it is in use, the Mega Box's too), end as they were saved."""
    strong = MatchUp("search", ("balanced", "wall"), players=3, modules=modules, games=games)
    replayed = replay_saved_games(strong, indices=indices, progress=False)
    assert replayed["game"].tolist() == indices and replayed["same"].all()


def test_a_replay_needs_saved_games(tmp_path):
    with pytest.raises(InvalidInput, match="no saved game"):
        replay_saved_games(TINY[0], tmp_path / "none.csv", progress=False)


def test_the_master_is_left_out_without_the_core(tmp_path, monkeypatch):
    import alhambra_lib.bots.search as search_module

    monkeypatch.setattr(search_module, "core_info",
                        lambda: {"engine": "python", "reason": "no core here"})
    master = MatchUp("search_master", ("random",), players=2, games=1)
    with pytest.warns(UserWarning, match="search_master against random is left out: .*no "
                                         "core here"):
        table = run_ladder([master, TINY[0]], tmp_path / "g.csv", tmp_path / "l.csv",
                           progress=False)
    assert table["level"].tolist() == ["easy"]
