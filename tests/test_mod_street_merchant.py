"""Street Merchant (Mega Box M12, RULES.md §M12): the setup choice, the disc lifted by a
tile on its cell, residents, the disc put back, the best grouping and its scoring.

Situations are arranged through the saved state (`tests/_game_helpers.py`); the discs,
the supply and the residents through ``modules_state.street_merchant``.
"""

import itertools
import json
import random
from functools import cache

import pytest
from _game_helpers import (
    GARDEN_11,
    PAV_8,
    SER_9,
    TOWER_12,
    build,
    cards,
    do,
    drain_bag,
    play_randomly,
    real_tile,
    restore,
    set_display,
    set_hand,
    set_market,
    set_reserve,
    stack_draw,
    state,
    types,
)

from alhambra_lib import Game, ScoringCard
from alhambra_lib.actions import DIRK, Redesign, action_from_dict, tile_from_list, tile_order
from alhambra_lib.engine.narration import describe_event
from alhambra_lib.errors import IllegalAction, InvalidSave
from alhambra_lib.modules.street_merchant import (
    COLOURS,
    KeepCitizens,
    PlaceMerchant,
    SetMerchant,
    SwapCitizen,
    TakeCitizen,
    best_grouping,
    set_points,
)
from alhambra_lib.replay import replay

THREE = ["Ana", "Ben", "Cy"]
MOD = "street_merchant"
ALL = ("vizier", "exchange", "bonus_cards", MOD)
FIRST = ("pavilion", "seraglio", "arcades")


def chosen(game, discs=None):
    """Make every setup choice: ``{player: (colours, cell)}``, by default blue, red and
    brown at (-1, 0)."""
    discs = discs or {}
    while game.decision.kind == "merchant":
        colours, pos = discs.get(game.current_player, (FIRST, (-1, 0)))
        game.apply(SetMerchant(colours, pos))
    return game


def arranged(discs=None, hands=None, names=THREE, seed=7, modules=(MOD,)):
    """Ana to act (discs chosen); market 8-pavilion (denar), 9-seraglio (dirham),
    11-garden (ducat), 12-tower (florin); display 9 ducat, 3 florin, 2 denar, 1 dirham."""
    game = chosen(Game(names, seed=seed, modules=modules), discs)
    assert game.current_player == "Ana" and game.decision.kind == "act"
    game = set_market(game, [PAV_8, SER_9, GARDEN_11, TOWER_12])
    game = set_display(game, cards("9 ducat", "3 florin", "2 denar", "1 dirham"))
    for player, hand in (hands or {}).items():
        game = set_hand(game, player, cards(*hand))
    return game


def merchant(game):
    return state(game)["modules_state"][MOD]


def with_residents(game, tiles):
    """`tiles` ({Tile: n}) get n residents each, the citizens taken from the supply."""
    data = state(game)
    mine = data["modules_state"][MOD]
    for tile, n in tiles.items():
        mine["supply"][tile.kind] -= n
        mine["residents"].append([tile.to_list(), n])
    mine["residents"].sort(key=lambda e: tile_order(tile_from_list(e[0])))
    return restore(game, data)


def view(game, viewer="Ana"):
    return game.view(viewer).modules[MOD]


# -- setup -----------------------------------------------------------------------------------


def test_setup_three_of_six_on_the_disc_the_rest_to_the_supply():
    """Decision ``merchant`` at setup (action ``set_merchant``): each player in turn, the
    start player first, puts 3 of their 6 citizens on the disc beside the fountain; the
    other 3 join the supply only once everyone has chosen."""
    game = Game(THREE, seed=7, modules=(MOD,))
    assert game.turn == 0 and str(game.phase) == "interrupt"
    assert game.census()["citizen"] == 42 and game.census()["merchant_disc"] == 3
    legal = game.legal_actions()
    assert len(legal) == 80 and all(isinstance(a, SetMerchant) for a in legal)
    assert {a.pos for a in legal} == {(0, 1), (1, 0), (0, -1), (-1, 0)}
    assert view(game)["supply"] == dict.fromkeys(COLOURS, 4)  # 7 minus the 3 players' 6
    assert view(game)["hand"] == COLOURS and view(game, "Ben")["hand"] == COLOURS
    with pytest.raises(IllegalAction, match="beside the fountain"):
        game.apply(SetMerchant(FIRST, (1, 1)))
    with pytest.raises(ValueError):
        SetMerchant(("pavilion", "pavilion", "seraglio"), (1, 0))
    order = []
    for player, colours, pos in (("Ana", ("seraglio", "chambers", "tower"), (0, 1)),
                                 ("Ben", FIRST, (1, 0)), ("Cy", ("garden", "seraglio", "pavilion"),
                                                          (0, -1))):
        assert game.decision.kind == "merchant"
        order.append(game.current_player)
        game.apply(SetMerchant(colours, pos))
        if player != "Cy":
            assert view(game)["supply"] == dict.fromkeys(COLOURS, 4)
    assert order == ["Ana", "Ben", "Cy"]
    assert game.decision.kind == "act" and game.current_player == "Ana" and game.turn == 1
    slice_ = merchant(game)
    assert slice_["discs"]["Ana"] == {"pos": [0, 1], "citizens": ["seraglio", "chambers", "tower"],
                                      "hand": [], "todo": None}
    assert slice_["discs"]["Cy"]["citizens"] == ["pavilion", "seraglio", "garden"]  # colour order
    # supply: 4 each + the three unchosen of each player
    assert slice_["supply"] == {"pavilion": 5, "seraglio": 4, "arcades": 6, "chambers": 6,
                                "garden": 6, "tower": 6}
    assert game.census()["citizen"] == 42
    assert types(game.events)[-5:] == ["set_merchant", "set_merchant", "set_merchant",
                                       "merchant_supply", "turn"]


def test_setup_starts_with_the_start_player_and_dirk_has_no_disc():
    """Decision ``merchant`` at setup: with two players Ben starts, so Ben chooses first;
    Dirk has no disc and scores nothing."""
    game = Game(["Ana", "Ben"], seed=7, modules=(MOD,))
    assert game.start_player == "Ben" and game.current_player == "Ben"
    chosen(game)
    assert set(merchant(game)["discs"]) == {"Ana", "Ben"}
    assert game.census()["merchant_disc"] == 2


def test_view_hides_the_citizens_on_the_others_discs():
    """The disc's cell is public, its citizens are secret; supply and residents public."""
    game = arranged({"Ana": (("pavilion", "seraglio", "garden"), (1, 0))})
    mine, theirs = view(game, "Ana"), view(game, "Ben")
    assert mine["discs"]["Ana"] == {"pos": (1, 0), "citizens": ("pavilion", "seraglio", "garden"),
                                    "size": 3}
    assert theirs["discs"]["Ana"] == {"pos": (1, 0), "citizens": None, "size": 3}
    assert mine["supply"] == theirs["supply"]
    assert mine["residents"] == theirs["residents"] == {p: {} for p in THREE}
    setup_line = describe_event(next(e for e in game.events if e["type"] == "set_merchant"))
    assert "blue" not in setup_line and "pavilion" not in setup_line and "secret" in setup_line


def test_census_constant():
    """``citizen`` is 42 wherever the citizens are, and one ``merchant_disc`` per player."""
    for players in range(2, 7):
        game = Game([f"P{i}" for i in range(players)], seed=players, modules=(MOD,))
        assert game.census()["citizen"] == 42
        chosen(game)
        assert game.census()["citizen"] == 42
        assert game.census()["merchant_disc"] == players
        assert sum(merchant(game)["supply"].values()) == 42 - 3 * players


# -- the disc lifted -----------------------------------------------------------------------------


def test_a_matching_citizen_moves_in_and_a_new_one_of_any_colour_is_taken():
    """Decision ``merchant`` after a match (action ``take_citizen``): the blue citizen moves
    onto the 8-pavilion built on the disc's cell; at the turn end Ana takes any colour from
    the supply, then puts the disc back (``place_merchant``)."""
    game = arranged({"Ana": (("pavilion", "seraglio", "garden"), (1, 0))},
                    hands={"Ana": ["8 denar"]})
    supply = merchant(game)["supply"]
    do(game, "buy 8-pavilion from denar square paying 8 (exact)")
    do(game, "end")
    do(game, "place 8-pavilion at (1, 0)")
    lifted = next(e for e in game.events if e["type"] == "merchant_lifted")
    assert lifted == {"type": "merchant_lifted", "player": "Ana", "tile": PAV_8.to_list(),
                      "pos": [1, 0], "resident": "pavilion", "final": False}
    assert game.decision.kind == "merchant" and game.current_player == "Ana"
    assert game.legal_actions() == [TakeCitizen(c) for c in COLOURS]
    assert view(game)["residents"]["Ana"] == {(1, 0): 1}
    assert view(game, "Cy")["counts"]["Ana"]["pavilion"] == 1
    game.apply(TakeCitizen("tower"))
    assert merchant(game)["discs"]["Ana"]["citizens"] == ["seraglio", "garden", "tower"]
    assert merchant(game)["supply"]["tower"] == supply["tower"] - 1
    assert game.decision.kind == "merchant"
    assert all(isinstance(a, PlaceMerchant) for a in game.legal_actions())
    game.apply(PlaceMerchant((2, 0)))
    assert merchant(game)["discs"]["Ana"]["pos"] == [2, 0]
    assert game.decision.kind == "act" and game.current_player == "Ben"
    assert game.census()["citizen"] == 42
    assert merchant(game)["residents"] == [[PAV_8.to_list(), 1]]


def test_no_match_allows_a_swap_with_the_supply():
    """Decision ``merchant`` without a match (action ``swap_citizen``): the 9-seraglio is
    red, the disc has none; Ana swaps her blue citizen for a red one of the supply."""
    game = arranged({"Ana": (("pavilion", "arcades", "garden"), (1, 0))},
                    hands={"Ana": ["9 dirham"]})
    supply = merchant(game)["supply"]
    do(game, "buy 9-seraglio from dirham square paying 9 (exact)")
    do(game, "end")
    do(game, "place 9-seraglio at (1, 0)")
    assert game.events[-1]["type"] == "merchant_lifted" and game.events[-1]["resident"] is None
    legal = game.legal_actions()
    assert legal[-1] == KeepCitizens() and len(legal) == 3 * 5 + 1
    assert SwapCitizen(("pavilion", "seraglio")) in legal
    assert SwapCitizen(("seraglio", "pavilion")) not in legal
    with pytest.raises(IllegalAction):
        game.apply(TakeCitizen("seraglio"))  # a new citizen only after a resident moved in
    game.apply(SwapCitizen(("pavilion", "seraglio")))
    after = merchant(game)
    assert after["discs"]["Ana"]["citizens"] == ["seraglio", "arcades", "garden"]
    assert after["supply"]["pavilion"] == supply["pavilion"] + 1
    assert after["supply"]["seraglio"] == supply["seraglio"] - 1
    assert after["residents"] == []
    game.apply(PlaceMerchant((2, 0)))
    assert game.current_player == "Ben" and game.census()["citizen"] == 42


def test_no_match_and_the_swap_declined():
    """Decision ``merchant`` without a match (action ``keep_citizens``): nothing moves."""
    game = arranged({"Ana": (("pavilion", "arcades", "garden"), (1, 0))},
                    hands={"Ana": ["9 dirham"]})
    before = merchant(game)
    do(game, "buy 9-seraglio from dirham square paying 9 (exact)")
    do(game, "end")
    do(game, "place 9-seraglio at (1, 0)")
    game.apply(KeepCitizens())
    assert game.events[-1] == {"type": "keep_citizens", "player": "Ana"}
    after = merchant(game)
    assert after["supply"] == before["supply"]
    assert after["discs"]["Ana"]["citizens"] == ["pavilion", "arcades", "garden"]
    assert game.decision.kind == "merchant"
    game.apply(PlaceMerchant((1, 1)))
    assert game.current_player == "Ben"


def test_disc_put_back_on_an_empty_cell_next_to_the_alhambra_at_the_turn_end():
    """Decision ``merchant`` (action ``place_merchant``): only the empty cells next to the
    Alhambra are offered; a far or a built cell is refused. It comes before the display is
    refilled (RULES.md §M0.4 step 4)."""
    game = arranged({"Ana": (("pavilion", "arcades", "garden"), (1, 0))},
                    hands={"Ana": ["9 dirham"]})
    do(game, "buy 9-seraglio from dirham square paying 9 (exact)")
    do(game, "end")
    do(game, "place 9-seraglio at (1, 0)")
    game.apply(KeepCitizens())
    legal = game.legal_actions()
    assert legal == [PlaceMerchant(c) for c in sorted(game.alhambra("Ana").frontier())]
    assert PlaceMerchant((2, 0)) in legal and PlaceMerchant((1, 0)) not in legal
    for far in ((5, 5), (2, 1)):
        with pytest.raises(IllegalAction, match="not next to the Alhambra"):
            game.apply(PlaceMerchant(far))
    for built in ((0, 0), (1, 0)):
        with pytest.raises(IllegalAction, match="is built"):
            game.apply(PlaceMerchant(built))
    n = len(game.events)
    game.apply(PlaceMerchant((0, -1)))
    # the refills follow (the display is full, so the market's comes first)
    assert types(game.events[n:])[:2] == ["place_merchant", "draw_tile"]
    assert "draw_tile" not in types(game.events[game.events.index(next(
        e for e in game.events if e["type"] == "merchant_lifted")):n])
    assert merchant(game)["discs"]["Ana"] == {"pos": [0, -1], "citizens":
                                              ["pavilion", "arcades", "garden"], "hand": [],
                                              "todo": None}


def test_a_tile_from_the_reserve_lifts_the_disc_too():
    """A redesign placing a reserve tile on the disc's cell is the same trigger."""
    game = arranged({"Ana": (("pavilion", "seraglio", "garden"), (1, 0))})
    game = set_reserve(game, "Ana", [PAV_8])
    game.apply(Redesign("place", PAV_8, (1, 0)))
    assert game.decision.kind == "merchant"
    assert merchant(game)["residents"] == [[PAV_8.to_list(), 1]]
    game.apply(TakeCitizen("pavilion"))
    game.apply(PlaceMerchant((-1, 0)))
    assert game.current_player == "Ben"


def test_a_tile_elsewhere_leaves_the_disc_and_a_removal_does_not_move_it():
    """Only a tile on the disc's own cell lifts it. Decision (RULES.md §M12): a disc left
    with no Alhambra neighbour by a redesign stays where it is."""
    game = arranged({"Ana": (("pavilion", "seraglio", "garden"), (0, 1))},
                    hands={"Ana": ["8 denar"]})
    game = build(game, "Ana", [((1, 0), SER_9)])
    data = state(game)
    data["modules_state"][MOD]["discs"]["Ana"]["pos"] = [2, 0]
    game = restore(game, data)
    do(game, "buy 8-pavilion from denar square paying 8 (exact)")
    do(game, "redesign: move (1, 0) to reserve")
    do(game, "place 8-pavilion at (0, 1)")
    assert "merchant_lifted" not in types(game.events)
    assert game.current_player == "Ben" and game.decision.kind == "act"
    assert merchant(game)["discs"]["Ana"]["pos"] == [2, 0]


def test_a_vizier_purchase_on_the_disc_is_put_back_before_the_next_turn():
    """Decision (RULES.md §M12): a disc lifted in the interrupt window (Ben's vizier places
    the 9-seraglio on it) is dealt with at the end of that window, before Ben's turn."""
    game = arranged({"Ben": (("pavilion", "seraglio", "garden"), (1, 0))},
                    hands={"Ana": ["1 denar"], "Ben": ["9 dirham"], "Cy": ["1 denar"]},
                    modules=("vizier", MOD))
    do(game, "take 9 ducat")
    assert game.decision.kind == "vizier" and game.current_player == "Ben"
    do(game, "vizier: buy 9-seraglio from dirham square paying 9 (exact)")
    do(game, "place 9-seraglio at (1, 0)")
    lifted = next(e for e in game.events if e["type"] == "merchant_lifted")
    assert lifted["player"] == "Ben" and lifted["resident"] == "seraglio"
    while game.decision.kind == "vizier":
        do(game, "decline")
    assert game.decision.kind == "merchant" and game.current_player == "Ben"
    assert game.turn_player == "Ana"
    game.apply(TakeCitizen("chambers"))
    game.apply(PlaceMerchant((2, 0)))
    assert game.decision.kind == "act" and game.current_player == "Ben" and game.turn == 2


def test_final_placing_on_the_disc_moves_the_resident_and_leaves_the_disc_aside():
    """Decision (RULES.md §M12): in the final placing a matching citizen still moves in, but
    nothing is asked: no new citizen and the disc is not put back (the game is over)."""
    game = chosen(Game(THREE, seed=5, modules=(MOD,)),
                  {"Ana": (("pavilion", "seraglio", "garden"), (-1, 0))})
    assert game.current_player == "Cy"
    game = set_market(game, [PAV_8, SER_9, GARDEN_11, TOWER_12])
    game = set_display(game, cards("9 ducat", "3 florin", "2 denar", "1 dirham"))
    for player, hand in (("Cy", ["8 denar"]), ("Ana", ["6 dirham"]), ("Ben", ["1 denar"])):
        game = set_hand(game, player, cards(*hand))
    game = drain_bag(game, leave=0, into="Ben")
    do(game, "buy 8-pavilion from denar square paying 8 (exact)")
    do(game, "end")
    do(game, "reserve 8-pavilion")
    assert game.phase == "final_place" and game.current_player == "Ana"
    assert game.to_place == (SER_9,)
    do(game, "place 9-seraglio at (-1, 0)")
    assert game.is_over
    lifted = next(e for e in game.events if e["type"] == "merchant_lifted")
    assert lifted["resident"] == "seraglio" and lifted["final"] is True
    assert "the disc stays aside" in describe_event(lifted)
    disc = merchant(game)["discs"]["Ana"]
    assert disc == {"pos": None, "citizens": ["pavilion", "garden"], "hand": [], "todo": None}
    final = game.events[-2]
    assert final["type"] == "scoring" and final["parts"][MOD]["Ana"] == 1
    assert game.census()["citizen"] == 42
    assert Game.from_json(game.to_json()).to_json() == game.to_json()


# -- residents stay with their building ------------------------------------------------------------


def test_a_resident_leaves_with_its_building_and_counts_again_when_it_comes_back():
    """A resident stays on its building: to the reserve (counts 0) and back (counts 1)."""
    game = arranged({"Ana": (FIRST, (-1, 0))})
    game = build(game, "Ana", [((1, 0), PAV_8)])
    game = with_residents(game, {PAV_8: 1})
    assert view(game)["counts"]["Ana"]["pavilion"] == 1
    away = game.copy()
    do(away, "redesign: move (1, 0) to reserve")
    assert away.reserve("Ana") == (PAV_8,)
    assert view(away)["counts"]["Ana"]["pavilion"] == 0 and view(away)["residents"]["Ana"] == {}
    assert merchant(away)["residents"] == [[PAV_8.to_list(), 1]]
    assert away.census()["citizen"] == 42
    # ...and back: a game where the 8-pavilion with its resident waits on the reserve
    back = set_reserve(arranged({"Ana": (FIRST, (-1, 0))}), "Ana", [PAV_8])
    back = with_residents(back, {PAV_8: 1})
    assert view(back)["counts"]["Ana"]["pavilion"] == 0
    back.apply(Redesign("place", PAV_8, (0, 1)))
    assert view(back)["counts"]["Ana"]["pavilion"] == 1
    assert view(back)["residents"]["Ana"] == {(0, 1): 1}


# -- the best grouping ----------------------------------------------------------------------------


@cache
def _brute(counts):
    """The best grouping's points by trying every set of different colours first."""
    best = 0
    present = [i for i, n in enumerate(counts) if n]
    for k in range(1, len(present) + 1):
        for chosen_ in itertools.combinations(present, k):
            rest = tuple(n - (i in chosen_) for i, n in enumerate(counts))
            best = max(best, set_points(k) + _brute(rest))
    return best


def test_set_points_are_the_triangle_numbers():
    assert [set_points(k) for k in range(7)] == [0, 1, 3, 6, 10, 15, 21]


@pytest.mark.parametrize("counts, points, sets", [
    ({}, 0, []),
    ({"seraglio": 1}, 1, [("seraglio",)]),
    ({c: 1 for c in COLOURS}, 21, [COLOURS]),
    ({"pavilion": 2, "seraglio": 1}, 4, [("pavilion", "seraglio"), ("pavilion",)]),
    # uneven: one big set and two singles (8) beats two pairs and a single (3+3+1=7)
    ({"pavilion": 3, "seraglio": 1, "arcades": 1}, 8,
     [("pavilion", "seraglio", "arcades"), ("pavilion",), ("pavilion",)]),
    # balanced sets (6+6=12) lose to the layering (10+3=13)
    ({"pavilion": 2, "seraglio": 2, "arcades": 1, "chambers": 1}, 13,
     [("pavilion", "seraglio", "arcades", "chambers"), ("pavilion", "seraglio")]),
    ({"tower": 7}, 7, [("tower",)] * 7),
    ({c: 7 for c in COLOURS}, 147, [COLOURS] * 7),
])
def test_best_grouping_cases(counts, points, sets):
    assert best_grouping(counts) == (points, sets)
    assert sum(set_points(len(s)) for s in sets) == points


def test_best_grouping_is_the_best_of_all_groupings():
    """The layering equals an exhaustive search on every count of 0..2 per colour, and on
    uneven counts up to 4."""
    for counts in itertools.product(range(3), repeat=6):
        assert best_grouping(dict(zip(COLOURS, counts)))[0] == _brute(counts), counts
    rng = random.Random(12)
    for _ in range(40):
        counts = tuple(rng.choice((0, 0, 1, 1, 3, 4)) for _ in COLOURS)
        assert best_grouping(dict(zip(COLOURS, counts)))[0] == _brute(counts), counts


def test_best_grouping_refuses_unknown_colours_and_negative_counts():
    with pytest.raises(ValueError):
        best_grouping({"blue": 1})  # colours are named by their building type
    with pytest.raises(ValueError):
        best_grouping({"pavilion": -1})
    with pytest.raises(ValueError):
        best_grouping({"pavilion": True})


# -- scoring ---------------------------------------------------------------------------------------


def test_residents_score_at_a_round_scoring():
    """Term ``street_merchant`` at round 1: Ana's residents blue 2, red 1 in her Alhambra
    score 3 + 1 = 4; a resident on the reserve counts nothing; the others 0."""
    game = arranged({"Ana": (FIRST, (-1, 0))})
    game = build(game, "Ana", [((1, 0), PAV_8), ((0, 1), SER_9)])
    pav_3 = real_tile("pavilion", 3)
    game = build(game, "Ana", [((0, -1), pav_3)])
    game = set_reserve(game, "Ana", [TOWER_12])
    game = with_residents(game, {PAV_8: 1, SER_9: 1, pav_3: 1, TOWER_12: 1})
    game = stack_draw(game, [ScoringCard(1)])
    do(game, "take 9 ducat")
    scoring = next(e for e in game.events if e["type"] == "scoring")
    assert scoring["round"] == 1
    assert scoring["parts"][MOD] == {"Ana": 4, "Ben": 0, "Cy": 0}


def test_every_scoring_has_the_part_even_when_zero_and_dirk_scores_nothing():
    """Term ``street_merchant`` is in all three scorings, for every competitor, Dirk 0."""
    game = chosen(Game(["Ana", "Ben"], seed=3, modules=(MOD,)))
    play_randomly(game, random.Random(3))
    scorings = [e for e in game.events if e["type"] == "scoring"]
    assert [e["round"] for e in scorings] == [1, 2, 3]
    for event in scorings:
        assert set(event["parts"][MOD]) == {"Ana", "Ben", DIRK}
        assert event["parts"][MOD][DIRK] == 0


# -- saves -----------------------------------------------------------------------------------------


def _to_take_decision():
    game = arranged({"Ana": (("pavilion", "seraglio", "garden"), (1, 0))},
                    hands={"Ana": ["8 denar"]})
    do(game, "buy 8-pavilion from denar square paying 8 (exact)")
    do(game, "end")
    do(game, "place 8-pavilion at (1, 0)")
    return game


def test_save_and_load_mid_decision_continue_identically():
    """Saved in the setup decision and in the turn-end decision ``merchant``, a game loads
    to the same legal actions and goes on to the same bytes."""
    for game in (Game(THREE, seed=4, modules=(MOD,)), _to_take_decision()):
        assert game.decision.kind == "merchant"
        copy = Game.from_json(game.to_json())
        assert copy.to_json() == game.to_json()
        assert copy.legal_actions() == game.legal_actions()
        rng_a, rng_b = random.Random(9), random.Random(9)
        play_randomly(game, rng_a, 60)
        play_randomly(copy, rng_b, 60)
        assert copy.to_json() == game.to_json()


def test_actions_round_trip_through_their_dicts_and_the_replay():
    for action in (SetMerchant(("garden", "pavilion", "seraglio"), (0, 1)), TakeCitizen("chambers"),
                   SwapCitizen(("pavilion", "seraglio")), KeepCitizens(), PlaceMerchant((2, -1))):
        assert action_from_dict(json.loads(json.dumps(action.to_dict()))) == action
    start = Game(THREE, seed=11, modules=ALL)
    game = play_randomly(Game.from_json(start.to_json()), random.Random(11))
    assert replay(start, game.events).to_json() == game.to_json()


@pytest.mark.parametrize("change", [
    lambda m: m["supply"].update(pavilion=m["supply"]["pavilion"] + 1),
    lambda m: m["supply"].pop("pavilion"),
    lambda m: m["supply"].update(pavilion="4"),
    lambda m: m["discs"]["Ana"].update(citizens=["pavilion", "seraglio", "orange"]),
    lambda m: m["discs"]["Ana"].update(citizens=["seraglio", "pavilion", "garden"]),
    lambda m: m["discs"]["Ana"].update(pos=[0, 0]),
    lambda m: m["discs"]["Ana"].update(pos=[1]),
    lambda m: m["discs"]["Ana"].update(todo="dance"),
    lambda m: m["discs"]["Ana"].update(todo="take"),
    lambda m: m["discs"].pop("Ben"),
    lambda m: m["residents"].append([["pavilion", 8, ""], 0]),
    lambda m: m["residents"].append([["fountain", 0, ""], 1]),
    lambda m: m["residents"].append("x"),
    lambda m: m.update(extra=1),
])
def test_a_malformed_slice_is_an_invalid_save(change):
    data = state(arranged({"Ana": (("pavilion", "seraglio", "garden"), (1, 0))}))
    change(data["modules_state"][MOD])
    with pytest.raises(InvalidSave):
        Game.from_json(json.dumps(data))


# -- whole games -----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_with_the_module_keep_the_census(players):
    """Random games with Street Merchant alone and with vizier, exchange and bonus cards
    finish; the citizens stay 42 throughout; every event is narrated."""
    for modules in ((MOD,), ALL):
        game = Game([f"P{i}" for i in range(players)], seed=players, modules=modules)
        totals = game.census()
        rng = random.Random(players)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            assert game.census() == totals
        for event in game.events:
            if event["type"] in ("set_merchant", "merchant_supply", "merchant_lifted",
                                 "take_citizen", "swap_citizen", "keep_citizens",
                                 "place_merchant"):
                assert not describe_event(event).startswith("{")
        assert Game.from_json(game.to_json()).to_json() == game.to_json()


def test_option_merchant_final_only_scores_the_residents_at_the_end_only():
    """Other reading of RULES.md §M12.4 (option ``merchant_final_only``): the street
    merchant's term is in the final scoring only; refused without the module."""
    with pytest.raises(ValueError, match="street_merchant module"):
        Game(["Ana", "Ben", "Cy"], seed=1, merchant_final_only=True)
    with pytest.raises(TypeError, match="True or False"):
        Game(["Ana", "Ben", "Cy"], seed=1, modules=("street_merchant",), merchant_final_only=1)
    game = Game(["Ana", "Ben", "Cy"], seed=3, modules=("street_merchant",),
                merchant_final_only=True)
    rng = random.Random(3)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    scorings = [e for e in game.events if e["type"] == "scoring"]
    assert [("street_merchant" in e["parts"]) for e in scorings] == [False, False, True]
    assert Game.from_json(game.to_json()).options["merchant_final_only"] is True


def test_a_disc_lifted_by_the_final_placing_stays_off_through_the_last_scoring():
    """A tile of the final distribution placed on the disc's cell lifts it for good: a save
    taken at a decision of the last scoring (a Wise Man's choice, §M7) is valid; in play a
    disc off the table with nothing to do is not."""
    from types import SimpleNamespace

    from alhambra_lib.modules.street_merchant import _discs_on_the_table

    data = {"discs": {"Ana": {"pos": None, "todo": None, "citizens": ["tower"], "hand": []}}}
    ending = SimpleNamespace(in_final_phase=lambda: True)  # e.g. a Wise Man's choice
    assert _discs_on_the_table(ending, data) is None
    playing = SimpleNamespace(in_final_phase=lambda: False)
    assert "off the table" in _discs_on_the_table(playing, data)


def test_the_final_phase_runs_from_the_final_placing_through_the_last_scoring():
    """`in_final_phase` (what the disc rule above reads) is False in play and True from
    the final placing (§9.2) or a module's decision of the last scoring to the end."""
    from alhambra_lib.engine.context import module_context

    for seed in range(4):
        game = Game(["Ana", "Ben", "Cy"], seed=seed, modules=("street_merchant", "characters"))
        rng, seen = random.Random(seed), []
        while not game.is_over:
            seen.append((module_context(game).in_final_phase(), game.decision.kind,
                         "final_scoring" in module_context(game).script))
            game.apply(rng.choice(game.legal_actions()))
        first = next(i for i, (_, kind, last) in enumerate(seen)
                     if kind == "final_place" or last)
        assert [phase for phase, _, _ in seen] == [i >= first for i in range(len(seen))]
        assert module_context(game).in_final_phase()
