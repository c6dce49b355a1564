"""Camps (Mega Box M8, RULES.md §M8): the 8 camps in the bag, bought and placed like
buildings under the core's camp rule, the camp lines scored at every scoring, the census,
saves, Dirk, the end distribution, and random games alone and with the other modules.

The placement rule itself is tested in `tests/test_camp_rules.py` (the core). Situations
are arranged through the saved state (`tests/_game_helpers.py`).
"""

import json
import random
import warnings

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
    events_since,
    open_tile,
    real_tile,
    reload,
    restore,
    set_dirk,
    set_display,
    set_hand,
    set_market,
    stack_draw,
    state,
)
from test_camp_rules import plain_legal

from alhambra_lib import Game, ScoringCard
from alhambra_lib.actions import Give, Place, Reserve
from alhambra_lib.alhambra import Alhambra
from alhambra_lib.components import FOUNTAIN, ProvisionalDataWarning, Tile, tile_set
from alhambra_lib.errors import InvalidSave
from alhambra_lib.modules import MODULES
from alhambra_lib.modules.camps import Camps, camp_lines, camp_points
from alhambra_lib.engine.context import module_context

pytestmark = pytest.mark.filterwarnings("ignore::alhambra_lib.components.ProvisionalDataWarning")

THREE = ["Ana", "Ben", "Cy"]
CAMPS = tile_set("camps").tiles
CAMP_W = next(t for t in CAMPS if t.wall_sides == "W")  # the shipped single bastion W
CAMP_NW = next(t for t in CAMPS if t.wall_sides == "NW")
TOWER_13_E = real_tile("tower", 13, "E")


def new(names=THREE, seed=5, **options):
    return Game(names, seed=seed, modules=("camps",), **options)


def camp(bastions, price=6):
    return Tile("camp", price, bastions)


def b(kind="garden", walls=""):
    return Tile(kind, 8, walls)


# -- components and census ---------------------------------------------------------------------


def test_eight_camps_in_the_bag_and_the_census():
    """Census ``"camp": 8``; the camps come out of the bag with the buildings (onto the
    market, to Dirk): no slice of the module holds them."""
    game = new()
    assert Camps().totals(game._config) == {"camp": 8} == {"camp": len(CAMPS)}
    assert game.census()["camp"] == 8 and game.census()["building"] == 54
    data = state(game)
    held = data["bag"] + [t for t in data["market"] if t is not None]
    assert sorted(tuple(t) for t in held if t[0] == "camp") == sorted(
        tuple(t.to_list()) for t in CAMPS)
    assert data["modules_state"]["camps"] is None
    assert Camps.tile_sets == ("camps",) and Camps.score_terms == ("camps",)
    assert all(t.kind == "camp" and 1 <= len(t.walls) <= 2 for t in CAMPS)


def test_the_provisional_warning():
    """The shipped camps are placeholders: a game with camps warns once per process."""
    from alhambra_lib import components

    components._WARNED.discard("camps")
    with pytest.warns(ProvisionalDataWarning, match="camps"):
        new()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        new(seed=6)
    assert not [w for w in caught if issubclass(w.category, ProvisionalDataWarning)]


# -- camp lines ----------------------------------------------------------------------------------


def test_a_camp_line_over_an_internal_wall():
    """Decision: internal walls do not stop a camp line; the line goes on through them."""
    layout = {(0, 0): FOUNTAIN, (1, 0): b("tower", "E"), (2, 0): b("garden", "W"),
              (3, 0): camp("W")}
    # the tower's E wall and the garden's W wall stand between (1, 0) and (2, 0)
    assert camp_lines(layout) == [((3, 0), "W", [(2, 0), (1, 0)])]
    assert camp_points(layout) == 2


def test_a_line_ends_at_the_first_empty_cell():
    """Decision: the line runs over consecutive built cells only; a building beyond an
    empty cell is not on it."""
    layout = {(0, 0): FOUNTAIN, (1, 0): b(), (3, 0): b(), (4, 0): b(), (0, 1): camp("E"),
              (-1, 0): camp("E"), (5, 0): camp("W")}
    lines = {(cell, side): cells for cell, side, cells in camp_lines(layout)}
    assert lines[((5, 0), "W")] == [(4, 0), (3, 0)]  # (2, 0) is empty
    assert lines[((-1, 0), "E")] == [(1, 0)]  # over the fountain, up to (2, 0)
    assert lines[((0, 1), "E")] == []  # (1, 1) is empty: a line of no building
    assert camp_points(layout) == 3


def test_a_building_on_two_lines_scores_twice():
    """Decision: each bastion's line is scored on its own, so a building on the lines of
    two bastions (of one camp or of two) scores on each."""
    layout = {(0, 0): FOUNTAIN, (1, 0): b(), (2, 0): camp("W"), (1, 1): camp("S"),
              (1, -1): camp("N")}
    lines = camp_lines(layout)
    assert [cells for _, _, cells in lines].count([(1, 0)]) == 3
    assert camp_points(layout) == 3
    corner = {(0, 0): FOUNTAIN, (1, 0): b(), (1, 1): b(), (0, 1): b(), (2, 1): camp("SW")}
    # SW: the S line is (2, 0), empty; the W line is (1, 1), (0, 1)
    assert camp_lines(corner) == [((2, 1), "S", []), ((2, 1), "W", [(1, 1), (0, 1)])]


def test_other_tile_kinds_neither_score_nor_break_the_line():
    """Decision: the fountain, huts, bazaars and camps on a line score nothing and do not
    end it; only an empty cell does."""
    hut = Tile("hut", 0, "", ("garden",))
    bazaar = Tile("bazaar", 0, "", ("denar", "garden", "tower", "arcades"))
    layout = {(0, 0): FOUNTAIN, (1, 0): hut, (2, 0): b(), (3, 0): bazaar, (4, 0): camp(""),
              (5, 0): b("tower"), (6, 0): camp("W"), (-1, 0): b("pavilion")}
    assert camp_lines(layout) == [((6, 0), "W", [(5, 0), (2, 0), (-1, 0)])]
    assert camp_points({(0, 0): FOUNTAIN, (1, 0): camp("W")}) == 0


# -- in the game ---------------------------------------------------------------------------------


def arranged(names=THREE, seed=5):
    """Cy to act (seed 5, three players) with a camp W on square 1, 7 denar to pay it."""
    game = new(names, seed)
    game = set_market(game, [CAMP_W, SER_9, GARDEN_11, TOWER_12])
    game = set_display(game, cards("9 ducat", "3 florin", "2 denar", "1 dirham"))
    return set_hand(game, game.current_player, cards("7 denar", "9 dirham"))


def test_a_camp_is_bought_and_placed_like_a_building():
    """No action of its own: a `buy` of the market square, exact or not; then placed under
    the camp rule (only where its bastion leans on a wall) or reserved."""
    game = arranged()
    player = game.current_player
    game = build(game, player, [((1, 0), TOWER_13_E)])
    do(game, "buy 7-camp from denar square paying 7 (exact)")
    do(game, "end")
    assert game.phase == "place"
    places = [a for a in game.legal_actions() if isinstance(a, Place)]
    assert places == [Place(CAMP_W, (2, 0))]
    assert Reserve(CAMP_W) in game.legal_actions()
    do(game, "place 7-camp at (2, 0)")
    assert game.alhambra(player).camps() == {(2, 0)}
    assert game.census()["camp"] == 8
    reload(game)


def test_the_term_is_in_every_scoring_even_at_zero():
    game = arranged()
    game = stack_draw(game, [ScoringCard(1)])
    do(game, "take 9 ducat")
    scoring = next(e for e in game.events if e["type"] == "scoring")
    assert scoring["parts"]["camps"] == {p: 0 for p in THREE}
    assert list(scoring["parts"]) == ["majorities", "walls", "camps"]


def test_camp_points_at_a_scoring():
    """Ana's camp W at (2, 0) looks over the tower, the fountain (no point) and a garden:
    2 points; the wall of the tower behind the bastion still scores 1 wall point."""
    game = arranged()
    game = build(game, "Ana", [((1, 0), TOWER_13_E), ((-1, 0), open_tile("garden")),
                               ((2, 0), CAMP_NW)])
    game = stack_draw(game, [ScoringCard(1)])
    do(game, "take 9 ducat")
    scoring = next(e for e in game.events if e["type"] == "scoring")
    assert scoring["parts"]["camps"] == {"Ana": 2, "Ben": 0, "Cy": 0}
    assert scoring["walls"]["Ana"] == 1
    assert scoring["points"]["Ana"] == sum(part["Ana"] for part in scoring["parts"].values())


def test_dirks_camps_are_dead_tiles():
    """Dirk: a camp may be given to him (it is bought), and scores nothing, majorities
    neither (RULES.md §M0.18)."""
    game = new(["Ana", "Ben"], seed=3)
    game = set_dirk(game, [CAMP_W, CAMP_NW, PAV_8])
    assert game.counts("Dirk")["pavilion"] == 1 and sum(game.counts("Dirk").values()) == 1
    assert Camps().score(module_context(game), "camps", 1)["Dirk"] == 0
    game = set_market(game, [CAMPS[0], SER_9, GARDEN_11, TOWER_12])
    game = set_hand(game, game.current_player, cards(f"{CAMPS[0].price} denar"))
    do(game, f"buy {CAMPS[0]} from denar square paying {CAMPS[0].price} (exact)")
    do(game, "end")
    assert Give(CAMPS[0]) in game.legal_actions()
    game.apply(Give(CAMPS[0]))
    assert CAMPS[0] in game.dirk_tiles
    game = stack_draw(game, [ScoringCard(1)])
    game.apply(next(a for a in game.legal_actions() if a.kind == "take"))
    scoring = next(e for e in game.events if e["type"] == "scoring")
    assert scoring["parts"]["camps"]["Dirk"] == 0 and scoring["counts"]["Dirk"]["pavilion"] == 1


def test_a_camp_left_on_the_market_goes_to_the_majority_holder():
    """The end distribution gives a camp on a market square like a building (§9.3)."""
    game = new(seed=5)
    game = set_market(game, [PAV_8, SER_9, CAMP_W, TOWER_12])
    game = set_display(game, cards("9 ducat", "3 florin", "2 denar", "1 dirham"))
    game = set_hand(game, "Cy", cards("8 denar"))
    game = set_hand(game, "Ana", cards("6 ducat"))
    game = set_hand(game, "Ben", cards("2 florin"))
    game = drain_bag(game, leave=0, into="Ben")
    game = build(game, "Ana", [((1, 0), TOWER_13_E)])
    n = len(game.events)
    do(game, "buy 8-pavilion from denar square paying 8 (exact)")
    do(game, "end")
    do(game, "reserve 8-pavilion")
    distribution = next(e for e in events_since(game, n) if e["type"] == "distribution")
    assert {"square": 3, "currency": "ducat", "tile": CAMP_W.to_list(), "to": "Ana"} in \
        distribution["tiles"]
    assert game.current_player == "Ana" and CAMP_W in game.to_place
    assert Place(CAMP_W, (2, 0)) in game.legal_actions()


# -- saves ----------------------------------------------------------------------------------------


def test_round_trip_with_camps_in_the_alhambras():
    game = arranged()
    game = build(game, "Ana", [((1, 0), TOWER_13_E), ((2, 0), CAMP_W)])
    restored = reload(game)
    assert restored.alhambra("Ana").camps() == {(2, 0)}
    assert restored.alhambra("Ana") == game.alhambra("Ana")


def test_a_save_with_an_illegal_camp_is_refused():
    """`from_json` rebuilds each Alhambra with `from_layout`, which checks the camp rule."""
    game = arranged()
    data = state(game)
    data["bag"].remove(CAMP_NW.to_list())
    data["alhambras"]["Ana"].append([1, 0, *CAMP_NW.to_list()])  # bastion on the fountain
    with pytest.raises(InvalidSave, match="camp_contact"):
        restore(game, data)


@pytest.mark.parametrize("bad", [[], {}, 0, "camps", {"camps": 8}])
def test_the_slice_holds_nothing(bad):
    data = state(new())
    data["modules_state"]["camps"] = bad
    with pytest.raises(InvalidSave) as error:
        Game.from_json(json.dumps(data))
    assert error.value.where == "modules_state.camps"


# -- random games ----------------------------------------------------------------------------------


def play(players, modules, seed):
    """A random legal game: census constant after every action, every Alhambra legal after
    each change (from_layout and the plain definition), the camps term in every scoring
    equal to the camp lines of the Alhambras then."""
    names = [f"P{i}" for i in range(players)]
    game = Game(names, seed=seed, modules=modules)
    totals = game.census()
    assert totals["camp"] == 8
    rng = random.Random(seed)
    camps_placed = 0
    while not game.is_over:
        n = len(game.events)
        game.apply(rng.choice(game.legal_actions()))
        assert game.census() == totals
        for event in game.events[n:]:
            if event["type"] in ("place", "redesign"):
                layout = dict(game.alhambra(event["player"]).layout)
                gates = game.alhambra(event["player"]).gates()  # City Gates (§M5)
                assert Alhambra.from_layout(layout, game.options["hole_rule"], gates=gates) == \
                    game.alhambra(event["player"])
                assert plain_legal(layout, game.options["hole_rule"], gates)
                camps_placed += event["tile"] is not None and event["tile"][0] == "camp"
            if event["type"] == "scoring":
                assert event["parts"]["camps"] == {
                    name: camp_points(game.alhambra(name).layout) if name in names else 0
                    for name in event["points"]}
    assert sum(1 for e in game.events if e["type"] == "scoring") == 3
    return camps_placed


def test_random_games_with_camps_for_two_to_six_players():
    placed = sum(play(players, ("camps",), seed) for seed, players in
                 enumerate([2, 3, 4, 5, 6, 3]))
    assert placed > 5


def test_random_games_with_every_built_module():
    everything = tuple(MODULES)
    assert "camps" in everything
    placed = sum(play(players, everything, 40 + players) for players in (2, 5))
    assert placed > 0
