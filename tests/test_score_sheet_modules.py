"""The score sheet with Mega Box modules scores a finished game exactly as `Game` did.

A random game with a random set of the built modules is played; at each scoring, what a
person at the table would count (tiles per type, walls, bonus cards shown, huts'
neighbours, camp lines, citizens, chests, the attack and the unprotected sides, bazaars'
n x k) is read from the game's public state and typed into a `ScoreSheet`. Its parts,
points and totals must be the game's.
"""

import random
import warnings
from collections import Counter

import pytest
from _game_helpers import play_randomly

from alhambra_lib import MODULES, Game, InvalidScore, place_points
from alhambra_lib.grid import SIDES
from alhambra_lib.modules.bazaars import bazaar_points
from alhambra_lib.modules.camps import camp_points
from alhambra_lib.modules.invaders import unprotected_sides
from alhambra_lib.modules.squares import hut_bonus
from alhambra_lib.score_sheet import ScoreSheet
from alhambra_lib.sheet_inputs import SHEET_MODULES

#: Random games played: enough for every built module and term to be met.
SEEDS = 30

#: What the sheet reads of each module from the game, as a person at the table would.
TABLE_COUNTS = {
    "bonus_cards": lambda game, name, layout: {"bonus_cards": dict(Counter(
        card.tile.kind for card in game.view(name).modules["bonus_cards"]["shown"][name]
        if card.tile in {t.printed for t in layout.values()}))},  # sticks or not (§M9)
    "squares": lambda game, name, layout: {"hut_neighbours": hut_bonus(layout)},
    "camps": lambda game, name, layout: {"camp_lines": camp_points(layout)},
    "street_merchant": lambda game, name, layout: {
        "citizens": game.view(name).modules["street_merchant"]["counts"][name]},
    "treasure": lambda game, name, layout: {
        "chests": len(game.view(name).modules["treasure"]["chests"][name])},
    "invaders": lambda game, name, layout: {
        "unprotected": {side: len(unprotected_sides(layout, side)) for side in SIDES}},
    "characters": lambda game, name, layout: {
        "wise_man": _wise_man_type(game, name),
        "city_watch": any(c.id == "city_watch"
                          for c in game.view(name).modules["characters"]["owned"][name])},
    "bazaars": lambda game, name, layout: {
        "bazaars": [bazaar_points(layout, cell)[:2] for cell, tile in layout.items()
                    if tile.kind == "bazaar"]},
}


def _wise_man_type(game, name):
    """The type the Wise Man's holder counts half a building more of, as the table sees."""
    view = game.view(name).modules["characters"]
    holds = any(c.id == "wise_man" for c in view["owned"][name])
    return view["wise_man"] if holds else None


def copy_scoring(game, sheet, event):
    """Type the scoring `event` of `game` (as it is right after it) into `sheet`."""
    round_no = event["round"]
    counts = {"Dirk": event["counts"]["Dirk"]} if "Dirk" in event["counts"] else {}
    walls, inputs = {}, {}
    for name in game.players:
        layout = game.alhambra(name).layout
        counts[name] = game.alhambra(name).counts()
        walls[name] = game.alhambra(name).longest_wall()
        for module in game.modules:
            for key, value in TABLE_COUNTS.get(module, lambda *_: {})(game, name,
                                                                      layout).items():
                inputs.setdefault(key, {})[name] = value
    if "invaders" in game.modules:
        inputs["attack"] = event["invaders"]["direction"]
    if round_no != 3:
        inputs.pop("bazaars", None)  # asked at the final scoring only
    sheet.record(round_no, counts, walls, inputs)


def play_and_copy(seed):
    rng = random.Random(seed)
    modules = tuple(m for m in MODULES if rng.random() < 0.5)
    players = rng.choice([2, 3, 4])
    names = ["Ana", "Ben", "Cy", "Dee"][:players]
    options = {"merchant_final_only": True} if (
        "street_merchant" in modules and rng.random() < 0.3) else {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the provisional tile data of some modules
        game = Game(names, seed=seed, modules=modules, **options)
    sheet = ScoreSheet(names, modules=modules, **options)
    while not game.is_over:
        seen = len(game.events)
        play_randomly(game, rng, steps=1)
        for event in game.events[seen:]:
            if event["type"] == "scoring":
                copy_scoring(game, sheet, event)
    return game, sheet


@pytest.mark.parametrize("seed", range(SEEDS))
def test_a_sheet_copied_from_a_random_module_game_scores_as_the_game(seed):
    game, sheet = play_and_copy(seed)
    scorings = [e for e in game.events if e["type"] == "scoring"]
    assert sheet.rounds == tuple(e["round"] for e in scorings) == (1, 2, 3)
    for mine, theirs in zip(sheet.scoring_events(), scorings):
        assert mine["parts"] == theirs["parts"], (game.modules, mine["round"])
        assert list(mine["parts"]) == list(theirs["parts"])  # the terms in the game's order
        assert mine["counts"] == theirs["counts"] and mine["points"] == theirs["points"]
    assert sheet.totals() == game.scores


def test_the_random_games_cover_every_module_and_term():
    modules = set()
    terms = set()
    for seed in range(SEEDS):
        rng = random.Random(seed)
        chosen = {m for m in MODULES if rng.random() < 0.5}
        modules |= chosen
        terms |= {t for m in chosen for t, _ in SHEET_MODULES[m].terms}
    assert modules == set(MODULES)
    assert terms == {t for m in MODULES for t in MODULES[m].score_terms}


def test_every_built_module_has_its_sheet_entry_and_terms():
    # The characters (M7) come ahead of their engine module, built on another branch.
    assert set(SHEET_MODULES) - set(MODULES) <= {"characters"}
    for name, module in MODULES.items():
        assert [t for t, _ in SHEET_MODULES[name].terms] == list(module.score_terms)
        assert bool(SHEET_MODULES[name].count_bonus) == module().overrides("count_bonus")


def test_the_csv_carries_the_inputs_and_the_parts():
    sheet = ScoreSheet(["Ana", "Ben"], modules=("bazaars", "camps", "invaders"))
    sheet.record(3, {"Ana": {"tower": 1}, "Dirk": {"tower": 2}}, {"Ana": 2},
                 {"camp_lines": {"Ana": 2}, "attack": "E",
                  "unprotected": {"Ana": {"E": 1, "N": 2}}, "bazaars": {"Ben": "4x3, 2x1"}})
    rows = {row["player"]: row for row in sheet.rows()}
    assert sheet.csv_columns[:9] == ("round", "player", "pavilion", "seraglio", "arcades",
                                     "chambers", "garden", "tower", "wall")
    assert rows["Ana"]["camps_points"] == 2 and rows["Ana"]["invaders_points"] == -5
    assert rows["Ben"]["bazaars_points"] == 14 and rows["Ben"]["bazaars"] == "4x3 2x1"
    assert rows["Dirk"]["camp_lines"] == "" and rows["Dirk"]["attack"] == "E"
    assert rows["Ana"]["unprotected_N"] == 2
    assert rows["Ana"]["round_points"] == rows["Ana"]["majority_points"] + 2 + 2 - 5
    header, *lines = sheet.to_csv().splitlines()
    assert header.split(",") == list(sheet.csv_columns) and len(lines) == 3
    assert "bazaars_points" in header and "camps_points" in header


def test_bazaars_are_asked_at_the_final_scoring_only():
    sheet = ScoreSheet(["Ana", "Ben", "Cy"], modules=("bazaars",))
    sheet.record(1, {}, {})
    assert "bazaars" not in sheet.breakdown(1).parts_dict()  # as the game leaves it out
    with pytest.raises(InvalidScore, match="round 3 only"):
        sheet.record(2, {}, {}, {"bazaars": {"Ana": [(2, 1)]}})
    assert sheet.rounds == (1,)


@pytest.mark.parametrize("counts, walls, inputs, says", [
    ([("Ana", 2)], {}, None, "counts map each name"),
    ({"Ana": None}, {}, None, "the counts of 'Ana' map types"),
    ({"Ana": [1, 2]}, {}, None, "the counts of 'Ana' map types"),
    ({"Ana": {"towers": 1}}, {}, None, "unknown type 'towers'"),
    ({"Ana": {"tower": 1.5}}, {}, None, "integer >= 0"),
    ({}, [3], None, "walls map each player"),
    ({}, {}, {"camp_lines": {"Ana": 1}}, "unknown input 'camp_lines'"),
    ({}, {}, {"hut_neighbours": {"Dirk": {"garden": 1}}}, "Dirk takes no part"),
    ({}, {}, {"hut_neighbours": {"Ana": {"garden": 10}}}, "more than the game allows"),
    ({}, {}, {"hut_neighbours": {"Ana": [1]}}, "maps each of pavilion"),
    ({}, {}, {"bonus_cards": {"Ana": {"pavilion": 2}}}, "more than the game allows"),
    ({}, {}, {"hut_neighbours": {"Ana": {"garden": True}}}, "whole number"),
])
def test_bad_entries_are_refused_with_a_typed_error_and_change_nothing(counts, walls, inputs,
                                                                       says):
    sheet = ScoreSheet(["Ana", "Ben"], modules=("bonus_cards", "squares"))
    sheet.record(1, {"Ana": {"tower": 1}}, {"Ana": 2})
    before = sheet.to_csv()
    with pytest.raises(InvalidScore, match=says):
        sheet.record(1, counts, walls, inputs)
    assert sheet.to_csv() == before


@pytest.mark.parametrize("inputs, says", [
    ({"unprotected": {"Ana": {"N": 1}}}, "attack from: needed"),
    ({"attack": "up"}, "none of N, E, S, W"),
    ({"attack": "N", "unprotected": {"Ana": {"NE": 1}}}, "unknown direction 'NE'"),
])
def test_the_invaders_inputs_are_checked(inputs, says):
    sheet = ScoreSheet(["Ana", "Ben", "Cy"], modules=("invaders",))
    with pytest.raises(InvalidScore, match=says):
        sheet.record(1, {}, {}, inputs)
    assert sheet.rounds == ()


@pytest.mark.parametrize("text, says", [("4x4", "cannot be"), ("9x1", "cannot be"),
                                        ("2x0", "cannot be"), ("four by three", "not n x k"),
                                        ("1x1, " * 9, "the game has 8")])
def test_bazaar_pairs_are_checked(text, says):
    spec = SHEET_MODULES["bazaars"].inputs[0]
    with pytest.raises(InvalidScore, match=says):
        spec.check(text, "Ana")


@pytest.mark.parametrize("text", ["1" * 5000 + "x1", "4x" + "9" * 5000, "1" * 10 + "x1"])
def test_a_5000_digit_bazaar_entry_raises_the_digit_limit_value_error(text):
    """Issue 34 (4): a huge number typed as a bazaar is `InvalidScore`, as every other bad
    entry is, never Python's ValueError for reading more than 4,300 digits."""
    sheet = ScoreSheet(["Ana", "Ben", "Cy"], modules=("bazaars",))
    with pytest.raises(InvalidScore, match="bazaars n x k of Ana: a number of .* digits is "
                                           "more than the game allows"):
        sheet.record(3, {}, {}, {"bazaars": {"Ana": text}})
    assert sheet.rounds == ()
    leading_zeros = "0" * 5000 + "4x3"  # a long text of a small number is that number
    assert SHEET_MODULES["bazaars"].inputs[0].check(leading_zeros, "Ana") == ((4, 3),)


def test_the_sheet_refuses_unknown_modules_and_options():
    with pytest.raises(InvalidScore, match="unknown module 'dragons'"):
        ScoreSheet(["Ana", "Ben"], modules=("dragons",))
    with pytest.raises(InvalidScore, match="list of names"):
        ScoreSheet(["Ana", "Ben"], modules="camps")
    with pytest.raises(InvalidScore, match="not in play"):
        ScoreSheet(["Ana", "Ben"], merchant_final_only=True)
    sheet = ScoreSheet(["Ana", "Ben"], modules=("invaders", "camps"))
    assert sheet.modules == ("camps", "invaders")  # the rulebook's order
    assert [i.name for i in sheet.inputs] == ["camp_lines", "attack", "unprotected"]


def test_the_city_watch_scores_a_third_of_its_holders_wall():
    # The characters' engine module is built on another branch; the sheet already scores
    # the two characters whose effect is known (MEGABOX.md M7 (d)).
    sheet = ScoreSheet(["Ana", "Ben", "Cy"], modules=("characters", "camps"))
    sheet.record(1, {}, {"Ana": 8, "Ben": 9}, {"city_watch": {"Ana": True}})
    parts = sheet.breakdown(1).parts_dict()
    assert parts["characters"] == {"Ana": 2, "Ben": 0, "Cy": 0}
    assert list(parts) == ["majorities", "walls", "characters", "camps"]  # RULES.md §M0.17
    with pytest.raises(InvalidScore, match="one player holds it"):
        sheet.record(2, {}, {}, {"city_watch": {"Ana": True, "Ben": True}})


def test_the_wise_man_breaks_a_tie_with_half_a_building():
    sheet = ScoreSheet(["Ana", "Ben"], modules=("characters",))
    tie = {"Ana": {"tower": 2}, "Ben": {"tower": 2}, "Dirk": {"tower": 3}}
    sheet.record(2, tie, {})
    first, second = place_points("tower", 2, 1), place_points("tower", 2, 2)
    assert sheet.breakdown(2).parts_dict()["majorities"]["Ana"] == second // 2  # shared 2nd
    sheet.record(2, tie, {}, {"wise_man": {"Ana": "tower"}})
    breakdown = sheet.breakdown(2)
    assert breakdown.counts["Ana"]["tower"] == 2.5 and breakdown.counts["Dirk"]["tower"] == 3
    assert breakdown.parts_dict()["majorities"] == {"Ana": second, "Ben": 0, "Dirk": first}
    sheet.record(2, {"Ana": {"tower": 3}, "Dirk": {"tower": 3}}, {},
                 {"wise_man": {"Ana": "tower"}})
    assert sheet.breakdown(2).parts_dict()["majorities"]["Ana"] == first  # ahead of Dirk now
    with pytest.raises(InvalidScore, match="none of pavilion"):
        sheet.record(2, {}, {}, {"wise_man": {"Ana": "dragon"}})
    assert sheet.rows()[0]["wise_man"] == "tower"
