"""Tournaments: seeded, rotated, the same on one core, two, or a dask cluster."""

import io
import json
import subprocess
import sys
from functools import partial

import pandas as pd
import pytest
from _game_helpers import set_final_scores

from alhambra_lib import Game
from alhambra_lib.__main__ import main
from alhambra_lib.analysis.tournaments import (
    BOT_NAMES,
    _rows,
    final_position,
    tournament,
    wall_by_turn,
)
from alhambra_lib.bots import GreedyBot, RandomBot, WallBuilder, play

BOTS = ["wall", "greedy", "random"]


@pytest.fixture(scope="module")
def local():
    return tournament(BOTS, games=6, seed=3, progress=False)


def test_one_row_per_player_per_game_with_the_promised_columns(local):
    required = {"game", "seat", "player", "bot", "score", "rank", "win", "final_wall",
                "tiles", "reserve", "turns", "wall_trace", "final_layout"}
    required |= {f"{part}_r{r}" for r in (1, 2, 3) for part in ("walls", "majority")}
    assert required <= set(local.columns)
    assert len(local) == 18 and list(local["game"]) == [g for g in range(6) for _ in range(3)]
    assert list(local["seat"]) == [0, 1, 2] * 6
    assert not local.duplicated(["game", "seat"]).any()
    assert (local.groupby("game")["win"].sum() >= 1).all()
    assert (local.groupby("game")["started"].sum() == 1).all()


def test_points_add_up_to_the_score(local):
    rounds = sum(local[f"{part}_r{r}"] for r in (1, 2, 3) for part in ("walls", "majority"))
    assert (rounds == local["score"]).all()
    assert (local["walls_r3"] == local["final_wall"]).all()


def test_bots_sit_in_rotation(local):
    seating = local.pivot(index="game", columns="seat", values="bot")
    assert list(seating.loc[0]) == BOTS and list(seating.loc[1]) == BOTS[1:] + BOTS[:1]
    assert all(set(seating[seat]) == set(BOTS) for seat in seating.columns)


def test_a_game_replays_from_its_seed():
    df = tournament(["wall", "greedy"], games=2, seed=5, progress=False)
    for game_no, rows in df.groupby("game"):
        bots = [BOT_NAMES[name]() for name in rows["bot"]]
        game = play(Game(list(rows["player"]), seed=int(rows["game_seed"].iloc[0])), bots)
        assert [game.scores[p] for p in rows["player"]] == list(rows["score"])


def test_a_progress_function_hears_of_every_game_and_changes_nothing(local):
    done = []
    assert local.equals(tournament(BOTS, games=6, seed=3, progress=done.append))
    assert sum(done) == 6 and len(done) > 1  # in chunks, not all at the end


def test_the_same_seed_gives_the_same_frame_whatever_n_jobs(local):
    assert local.equals(tournament(BOTS, games=6, seed=3, progress=False, n_jobs=2))
    assert not local.equals(tournament(BOTS, games=6, seed=4, progress=False))


@pytest.fixture(scope="module")
def dask_client():
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None)
    try:
        client = distributed.Client(cluster)
        try:
            yield client
        finally:
            client.close()
    finally:
        cluster.close()


def test_a_dask_cluster_gives_the_same_frame(local, dask_client):
    assert len(dask_client.scheduler_info()["workers"]) == 2
    assert local.equals(tournament(BOTS, games=6, seed=3, progress=False, client=dask_client))


def test_ranks_and_wins_with_a_tie():
    played = play(Game(["P1", "P2", "P3"], seed=1), [GreedyBot(), GreedyBot(), GreedyBot()])
    game = set_final_scores(played, {"P1": 100, "P2": 120, "P3": 120})  # a tie for first
    rows = _rows(game, 0, 1, ["a", "b", "c"])
    assert [(r["rank"], r["win"]) for r in rows] == [(3, False), (1, True), (1, True)]
    game = set_final_scores(played, {"P1": 90, "P2": 90, "P3": 120})
    rows = _rows(game, 0, 1, ["a", "b", "c"])
    assert [(r["rank"], r["win"]) for r in rows] == [(2, False), (2, False), (1, True)]


def test_two_players_with_dirk_and_labels_of_factories():
    df = tournament({"wall=5": partial(WallBuilder, wall=5.0), "rnd": RandomBot}, games=4,
                    seed=1, progress=False, hole_rule="single")
    assert set(df["bot"]) == {"wall=5", "rnd"} and (df["players"] == 2).all()
    df = tournament([partial(WallBuilder, wall=5.0), GreedyBot], games=2, progress=False)
    assert set(df["bot"]) == {"WallBuilder(wall=5.0)", "GreedyBot()"}


def test_factories_get_a_seed_when_they_ask_for_one():
    seen = []

    def seeded(seed):
        seen.append(seed)
        return RandomBot(seed)

    first = tournament([seeded, "greedy"], games=3, seed=9, progress=False)
    assert len(seen) == 1 + 3 and all(isinstance(s, int) for s in seen)  # label + games
    assert first.equals(tournament([seeded, "greedy"], games=3, seed=9, progress=False))


def test_more_bots_than_seats_take_turns():
    df = tournament(["random"] * 2 + ["greedy"], games=12, players=2, seed=2, progress=False)
    assert len(df) == 24 and df["game"].nunique() == 12
    assert df["bot"].value_counts().to_dict() == {"random": 16, "greedy": 8}


@pytest.mark.parametrize("kwargs, error, message", [
    ({"bots": ["wall", "chess"]}, ValueError,
     "unknown bot 'chess': the known bots are random, greedy, wall, majority, balanced, "
     "search, search_medium, search_easy"),
    ({"bots": "wall"}, TypeError, "not one string"),
    ({"bots": []}, ValueError, "at least one bot"),
    ({"bots": ["wall", 3]}, TypeError, "a bot is a name"),
    ({"bots": ["wall", lambda: "not a bot"]}, TypeError, "has no choose"),
    ({"bots": ["wall", "greedy"], "games": 0}, ValueError, "games must be a positive"),
    ({"bots": ["wall"]}, ValueError, "1 bots: give players="),
    ({"bots": ["wall"], "players": 7}, ValueError, "players must be an integer from 2 to 6"),
    ({"bots": ["wall", "greedy"], "n_jobs": 0}, ValueError, "n_jobs"),
    ({"bots": ["wall", "greedy"], "hole_rule": "none"}, ValueError, "unknown hole_rule"),
])
def test_bad_input_is_refused_before_any_game(kwargs, error, message):
    with pytest.raises(error, match=message):
        tournament(**{"games": 2, "progress": False, **kwargs})


def test_wall_by_turn_and_final_position_read_the_recorded_columns(local):
    long = wall_by_turn(local)
    assert list(long.columns) == ["game", "seat", "bot", "turn", "wall"]
    assert len(long) == local["turns"].sum()
    per_player = long.groupby(["game", "seat"])
    assert (per_player["wall"].max().to_numpy() <= 30).all()
    assert (per_player["turn"].max().to_numpy() == local["turns"].to_numpy()).all()
    for _, row in local.iterrows():
        alhambra, reserve = final_position(row["final_layout"])
        assert alhambra.longest_wall() == row["final_wall"]
        assert len(alhambra) - 1 == row["tiles"] and len(reserve) == row["reserve"]


def test_the_wall_trace_matches_the_game():
    game = Game(["P1", "P2"], seed=8)
    bots = {"P1": GreedyBot(), "P2": WallBuilder()}
    seen = {"P1": [], "P2": []}
    while not game.is_over:  # the wall of whoever just finished a turn, watched live
        player, turn, in_turn = game.current_player, game.turn, game.phase in ("action", "place")
        game.apply(bots[player].choose(game.view(player), game.legal_actions()))
        if in_turn and (game.turn != turn or game.phase in ("final_place", "over")):
            seen[player].append(game.alhambra(player).longest_wall())
    rows = _rows(game, 0, 8, ["greedy", "wall"])
    assert [json.loads(r["wall_trace"]) for r in rows] == [seen["P1"], seen["P2"]]
    assert [r["turns"] for r in rows] == [len(seen["P1"]), len(seen["P2"])]


def test_the_command_prints_a_table_and_writes_csv(tmp_path):
    out, path = io.StringIO(), tmp_path / "results.csv"
    assert main(["tournament", "--bots", "wall,majority,balanced", "--games", "3",
                 "--jobs", "2", "--seed", "5", "--no-progress", "--out", str(path)], out=out) == 0
    text = out.getvalue()
    assert "win rate [95% CI]" in text and "mean final wall" in text
    assert all(name in text for name in ("wall", "majority", "balanced"))
    assert text.splitlines()[-1] == f"9 rows written to {path}"
    saved = pd.read_csv(path)
    expected = tournament(["wall", "majority", "balanced"], games=3, seed=5, progress=False)
    assert list(saved.columns) == list(expected.columns)
    assert saved[["game", "bot", "score", "win"]].equals(expected[["game", "bot", "score", "win"]])
    assert wall_by_turn(saved).equals(wall_by_turn(expected))


@pytest.mark.parametrize("argv, message", [
    (["--out", "results.xlsx"], "must end in .csv or .parquet"),
    (["--bots", "wall,chess"], "unknown bot 'chess'"),
])
def test_the_command_refuses_bad_arguments(argv, message, capsys):
    # Checked before any game is played: a usage error, exit code 2, the reason on stderr.
    with pytest.raises(SystemExit) as exit_:
        main(["tournament", "--games", "2", "--no-progress", *argv], out=io.StringIO())
    assert exit_.value.code == 2 and message in capsys.readouterr().err


def test_parquet_needs_pyarrow(tmp_path, capsys):
    path = tmp_path / "results.parquet"
    argv = ["tournament", "--games", "2", "--no-progress", "--out", str(path)]
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        with pytest.raises(SystemExit) as exit_:  # checked before any game is played
            main(argv, out=io.StringIO())
        assert exit_.value.code == 2
        assert "needs pyarrow, which is not installed" in capsys.readouterr().err
    else:
        main(argv, out=io.StringIO())
        assert len(pd.read_parquet(path)) == 6


def test_the_analysis_package_imports_pandas_only_when_asked():
    code = ("import sys, alhambra_lib.analysis as a; assert 'pandas' not in sys.modules; "
            "a.tournament; assert 'pandas' in sys.modules; "
            "from alhambra_lib.analysis import summary, wall_by_turn, add_wall_gaps")
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


def test_the_package_name_stays_the_function_after_the_submodules_load():
    import alhambra_lib.analysis as analysis
    from alhambra_lib.analysis import stats  # noqa: F401  (imports the tournaments module)

    assert callable(analysis.tournament) and analysis.tournament.__name__ == "tournament"


def test_the_command_line_and_tournaments_share_one_bot_registry():
    from alhambra_lib import __main__ as cli
    from alhambra_lib.bots import BOTS

    assert BOT_NAMES is BOTS and cli.BOTS is BOTS
    assert main(["play", "--players", "2", "--seed", "1", "--bots", "wall,majority",
                 "--quiet"], out=io.StringIO()) == 0


@pytest.fixture(scope="module")
def with_modules():
    return tournament(["greedy", "balanced", "random"], games=4, seed=2, progress=False,
                      modules=("exchange", "vizier", "bonus_cards"))


def test_tournaments_play_the_modules(with_modules, local):
    df = with_modules
    assert (df["modules"] == "vizier,exchange,bonus_cards").all()
    assert (local["modules"] == "").all()
    rounds = sum(df[f"{part}_r{r}"] for r in (1, 2, 3) for part in ("walls", "majority"))
    assert (rounds == df["score"]).all()
    again = tournament(["greedy", "balanced", "random"], games=4, seed=2, progress=False,
                       n_jobs=2, modules=["vizier", "exchange", "bonus_cards"])
    assert df.equals(again)
    for game_no, rows in df.groupby("game"):
        seed = int(rows["game_seed"].iloc[0])
        game = Game(list(rows["player"]), seed=seed, modules=rows["modules"].iloc[0].split(","))
        assert game.modules == ("vizier", "exchange", "bonus_cards")


def test_round_columns_come_from_the_scoring_parts():
    game = play(Game(["P1", "P2"], seed=3), [GreedyBot(), GreedyBot()])
    for event in game.events:  # a module's term, as a later module would score it
        # (the game's own events, edited in place: the points no longer add up)
        if event["type"] == "scoring":
            event["parts"]["walls"]["P1"] -= 1
            event["parts"]["camps"] = {"P1": 1, "P2": 0, "Dirk": 0}
    rows = _rows(game, 0, 1, ["a", "b"])
    scored = {e["round"]: e for e in game.events if e["type"] == "scoring"}
    for r in (1, 2, 3):
        assert rows[0][f"walls_r{r}"] == scored[r]["walls"]["P1"] - 1
        assert rows[0][f"camps_r{r}"] == 1 and rows[1][f"camps_r{r}"] == 0
        assert rows[0][f"majority_r{r}"] == scored[r]["parts"]["majorities"]["P1"]
    from alhambra_lib.analysis.tournaments import _frame

    df = _frame(rows)
    assert list(df.columns[-3:]) == ["camps_r1", "camps_r2", "camps_r3"]
    assert str(df["camps_r1"].dtype) == "Int64"


def test_an_unknown_module_is_refused_before_any_game():
    with pytest.raises(ValueError, match="unknown module 'dragons'"):
        tournament(["wall", "greedy"], games=2, progress=False, modules=("dragons",))
    with pytest.raises(SystemExit) as exit_info:
        main(["tournament", "--modules", "dragons", "--no-progress"], out=io.StringIO())
    assert exit_info.value.code == 2


def test_the_command_plays_tournaments_with_modules():
    out = io.StringIO()
    assert main(["tournament", "--bots", "greedy,wall", "--games", "2", "--no-progress",
                 "--modules", "vizier,exchange"], out=out) == 0
    assert "greedy" in out.getvalue() and "wall" in out.getvalue()
