"""Weight sweeps: one tournament per value on the same seeds, summarised per value."""

import pytest

from alhambra_lib.analysis.sweep import SWEPT, sweep_summary, weight_column, weight_sweep
from alhambra_lib.analysis.tournaments import tournament
from alhambra_lib.bots import MajorityHunter


@pytest.fixture(scope="module")
def sweep():
    return weight_sweep([0, 1, 3], games=3, seed=7, progress=False)


def test_one_tournament_per_value_against_the_same_field(sweep):
    assert len(sweep) == 3 * 3 * 3
    assert sorted(sweep["wall_weight"].unique()) == [0.0, 1.0, 3.0]
    for _, rows in sweep.groupby("wall_weight"):
        assert sorted(rows["bot"].unique()) == ["balanced", "majority", SWEPT]
        assert list(rows["game"].unique()) == [0, 1, 2]


def test_every_value_plays_the_same_deals(sweep):
    seeds = sweep.groupby("wall_weight")["game_seed"].apply(list)
    assert seeds.iloc[0] == seeds.iloc[1] == seeds.iloc[2]


def test_the_swept_bot_at_its_preset_weight_is_that_bot(sweep):
    """Wall weight 1 is BalancedBot's preset: the same games as a plain tournament."""
    plain = tournament({SWEPT: "balanced", "majority": "majority", "balanced": "balanced"},
                       games=3, seed=7, progress=False)
    at_one = sweep[sweep["wall_weight"] == 1.0].drop(columns="wall_weight")
    assert at_one.reset_index(drop=True).equals(plain)


def test_other_weights_bots_and_opponents():
    sweep = weight_sweep([0.5], weight="first_place", bot=MajorityHunter,
                         opponents={"w": "wall"}, games=2, progress=False)
    assert list(sweep.columns[-1:]) == ["first_place_weight"]
    assert sorted(sweep["bot"].unique()) == [SWEPT, "w"]


@pytest.mark.parametrize("kwargs, error, message", [
    ({"weight": "luck"}, ValueError, "unknown weight 'luck'"),
    ({"bot": "greedy"}, TypeError, "the swept bot is a StrategicBot"),
    ({"opponents": ["wall", "wall"]}, ValueError, "repeat a name"),
    ({"opponents": "wall"}, TypeError, "opponents are bot names"),
    ({"opponents": {SWEPT: "wall"}}, ValueError, "labels the swept bot"),
    ({"games": 0}, ValueError, "games must be a positive integer"),
])
def test_bad_sweeps_are_refused(kwargs, error, message):
    with pytest.raises(error, match=message):
        weight_sweep([1], progress=False, **kwargs)


def test_no_values_is_refused():
    with pytest.raises(ValueError, match="at least one value"):
        weight_sweep([], progress=False)


def test_sweep_summary_per_value_in_order(sweep):
    table = sweep_summary(sweep)
    assert list(table.index) == [0.0, 1.0, 3.0] and table.index.name == "wall_weight"
    swept = sweep[sweep["bot"] == SWEPT]
    assert list(table["games"]) == [3, 3, 3]
    assert list(table["win_rate"]) == list(swept.groupby("wall_weight")["win"].mean())
    assert (table["wall_low"] <= table["mean_final_wall"]).all()
    assert (table["mean_final_wall"] <= table["wall_high"]).all()
    opponent = sweep_summary(sweep, bot="majority")
    assert list(opponent["mean_score"]) == list(
        sweep[sweep["bot"] == "majority"].groupby("wall_weight")["score"].mean())
    with pytest.raises(ValueError, match="no rows of bot 'nobody'"):
        sweep_summary(sweep, bot="nobody")


def test_weight_column_names():
    assert weight_column() == "wall_weight"
    with pytest.raises(ValueError, match="the weights are wall, first_place"):
        weight_column("walls")
