"""City Walls (Mega Box M9, RULES.md §M9): wall cards beside the market, sticks laid on a
tile (just bought, in the Alhambra, on the reserve) that are walls for every rule.

Situations are arranged through the saved state (`tests/_game_helpers.py`); each
decision of §M9 is named in its test.
"""

import json
import random
import warnings

import pytest
from _game_helpers import (
    PAV_8,
    SER_9,
    arranged,
    build,
    do,
    events_since,
    open_tile,
    real_tile,
    reload,
    restore,
    set_reserve,
    stack_draw,
    state,
    types,
)

from alhambra_lib import MODULES, Game
from alhambra_lib.actions import Give, action_from_dict, tile_order
from alhambra_lib.alhambra import Alhambra
from alhambra_lib.components import WALL_CARDS, Tile, WallCard
from alhambra_lib.engine.composition import composition
from alhambra_lib.engine.config import GameConfig
from alhambra_lib.engine.narration import describe_event
from alhambra_lib.errors import IllegalAction, IllegalPlacement, InvalidSave
from alhambra_lib.modules.city_walls import STICKS, BuildWall, stick_sides
from alhambra_lib.modules.invaders import unprotected_sides
from alhambra_lib.replay import replay

THREE = ["Ana", "Ben", "Cy"]
OPEN_GARDEN = open_tile("garden")


def new(names=THREE, seed=5, **options):
    return Game(names, seed=seed, modules=("city_walls",), **options)


def lay_beside(game, *sides):
    """Wall cards of `sides` moved from the draw pile to beside the market."""
    data = state(game)
    for s in sides:
        data["draw_pile"].remove(["wall", s])
        data["modules_state"]["city_walls"]["beside"].append(["wall", s])
    return restore(game, data)


def walls_game(**options):
    """Ana to act, a wall-less garden at (1, 0), the cards E and NE beside the market."""
    game = arranged(THREE, 5, modules=("city_walls",), **options)
    game = build(game, "Ana", [((1, 0), OPEN_GARDEN)])
    return lay_beside(game, "E", "NE")


# -- components and setup -------------------------------------------------------------------


def test_eight_cards_are_the_four_sides_and_the_four_corners_twelve_sticks():
    assert [c.sides for c in WALL_CARDS] == ["N", "E", "S", "W", "NE", "ES", "SW", "NW"]
    assert STICKS == 12 and new().census()["wall_card"] == 8
    with pytest.raises(ValueError, match="right angle"):
        WallCard("NS")


def test_decision_piles_2_to_5_two_each_and_the_spanish_option_piles_2_to_4():
    base = composition(GameConfig.make(THREE, modules=("city_walls",))).pile_inserts
    assert {p: sum(isinstance(c, WallCard) for c in cards) for p, cards in base.items()} == {
        2: 2, 3: 2, 4: 2, 5: 2}
    spanish = composition(GameConfig.make(THREE, modules=("city_walls",),
                                          walls_piles_2_to_4=True)).pile_inserts
    assert {p: sum(isinstance(c, WallCard) for c in cards) for p, cards in spanish.items()} == {
        2: 3, 3: 3, 4: 2}
    assert new(walls_piles_2_to_4=True).census()["wall_card"] == 8


def test_the_option_is_refused_without_the_module():
    with pytest.raises(ValueError, match="city_walls"):
        Game(THREE, seed=1, walls_piles_2_to_4=True)


# -- the refill --------------------------------------------------------------------------------


def test_drawn_wall_cards_lie_beside_the_market_several_and_the_display_gets_4_money():
    game = arranged(THREE, 5, modules=("city_walls",))
    game = stack_draw(game, [WallCard("N"), WallCard("SW")])
    seen = len(game.events)
    do(game, "take 9 ducat")
    assert types(events_since(game, seen))[1:3] == ["wall_card_beside", "wall_card_beside"]
    assert len(game.display) == 4 and all(not isinstance(c, WallCard) for c in game.display)
    assert game.view("Ben").modules["city_walls"]["beside"] == (WallCard("N"), WallCard("SW"))
    assert game.census()["wall_card"] == 8
    assert describe_event(game.events[seen + 1]) == ("wall card N is drawn and laid beside "
                                                     "the market")


# -- laying sticks ------------------------------------------------------------------------------


def test_sticks_on_a_tile_in_the_alhambra_are_walls_and_the_action_is_terminal():
    game = walls_game()
    before = game.alhambra("Ana").longest_wall()
    do(game, "lay the sticks of wall card NE on 10-garden at (1, 0)")
    tile = game.alhambra("Ana").layout[(1, 0)]
    assert tile.stick_sides == "NE" and tile.printed == OPEN_GARDEN and tile.has_wall("E")
    assert game.alhambra("Ana").longest_wall() == before + 2
    assert game.turn_player == "Ben"  # decision: terminal
    view = game.view("Ana").modules["city_walls"]
    assert view["beside"] == (WallCard("E"),) and view["sticks_left"] == STICKS - 2
    assert view["sticks"]["Ana"] == {(1, 0): "NE"}
    assert game.census()["wall_card"] == 8
    event = next(e for e in reversed(game.events) if e["type"] == "build_wall")
    assert describe_event(event) == ("Ana takes the wall card NE and lays its sticks on "
                                      "10-garden at (1, 0)")


def test_printed_walls_cannot_be_overbuilt_and_sticks_face_only_empty_cells():
    game = walls_game()
    game = build(game, "Ana", [((2, 0), real_tile("arcades", 10, ""))])
    garden = game.alhambra("Ana").layout[(2, 0)]
    with pytest.raises(IllegalAction, match="facing an empty cell") as refused:
        game.apply(BuildWall(WallCard("E"), "E", OPEN_GARDEN, (1, 0)))  # faces (2, 0)
    assert refused.value.reasons == ("stick_against_tile",)
    walled = real_tile("tower", 13, "E")
    game = set_reserve(game, "Ana", [walled])
    with pytest.raises(IllegalAction, match="already has a wall") as refused:
        game.apply(BuildWall(WallCard("E"), "E", walled))
    assert refused.value.reasons == ("overbuilt",)
    legal = [a for a in game.legal_actions() if a.kind == "build_wall"]
    assert BuildWall(WallCard("E"), "E", garden, (2, 0)) in legal
    assert all(a.cell != (1, 0) or "E" not in a.sides for a in legal)


def test_decision_no_sticks_on_the_fountain():
    game = walls_game()
    fountain = game.alhambra("Ana").layout[(0, 0)]
    assert not any(a.kind == "build_wall" and a.cell == (0, 0) for a in game.legal_actions())
    with pytest.raises(IllegalAction) as refused:
        game.apply(BuildWall(WallCard("NE"), "NE", fountain, (0, 0)))
    assert "no_sticks" in refused.value.reasons


def test_sticks_on_a_tile_just_bought_then_placed_and_never_given_to_dirk():
    game = arranged(["Ana", "Ben"], 5, modules=("city_walls",))
    game = lay_beside(game, "S")
    do(game, "buy 8-pavilion from denar square paying 8 (exact)")
    do(game, "lay the sticks of wall card S on 8-pavilion off the board")
    stuck = PAV_8.with_sticks("S")
    assert game.to_place == (stuck,) and game.decision.kind == "place"
    assert Give(stuck) not in game.legal_actions()  # decision: Dirk takes no part
    with pytest.raises(IllegalAction, match="Dirk takes no part"):
        game.apply(Give(stuck))
    assert all(a.tile == stuck for a in game.legal_actions())
    event = next(e for e in reversed(game.events) if e["type"] == "build_wall")
    assert event["where"] == "bought" and "just bought" in describe_event(event)


def test_sticks_on_a_reserve_tile_go_with_it_and_count_when_it_is_placed():
    game = walls_game()
    game = set_reserve(game, "Ana", [SER_9])
    do(game, "lay the sticks of wall card E on 9-seraglio off the board")
    stuck = SER_9.with_sticks("E")
    assert game.reserve("Ana") == (stuck,)
    # the stick is a wall for placement: legal where a tile printed with that wall is
    alhambra = game.alhambra("Ana")
    assert alhambra.legal_positions(stuck) == alhambra.legal_positions(Tile("seraglio", 9, "E"))


def test_a_card_not_beside_the_market_and_sides_other_than_shown_are_refused():
    game = walls_game()
    with pytest.raises(IllegalAction, match="not beside the market"):
        game.apply(BuildWall(WallCard("S"), "S", OPEN_GARDEN, (1, 0)))
    with pytest.raises(ValueError, match="as the wall card NE shows"):
        BuildWall(WallCard("NE"), "N", OPEN_GARDEN, (1, 0))
    with pytest.raises(IllegalAction, match="holds"):
        game.apply(BuildWall(WallCard("E"), "E", SER_9, (1, 0)))
    with pytest.raises(IllegalAction, match="neither just bought nor on the reserve"):
        game.apply(BuildWall(WallCard("E"), "E", SER_9))


def test_the_action_round_trips_through_its_dict():
    action = BuildWall(WallCard("NE"), "NE", OPEN_GARDEN, (1, 0))
    assert action_from_dict(action.to_dict()) == action
    off = BuildWall(WallCard("S"), "S", SER_9)
    assert action_from_dict(json.loads(json.dumps(off.to_dict()))) == off


# -- sticks are walls for every rule --------------------------------------------------------


def test_sticks_count_for_removal_exchange_invaders_graph_and_drawing():
    a = Alhambra()
    a.place(OPEN_GARDEN, (1, 0))
    a.add_sticks((1, 0), "NE")
    stuck = a.layout[(1, 0)]
    assert unprotected_sides(a.layout, "E") == []  # the stick covers the exposed side
    # removal and exchange read the stick as a wall (the W side joins the fountain)
    assert a.check_removal((1, 0)).ok and a.check_exchange(OPEN_GARDEN, (1, 0)).ok
    # a tile placed against the stick must have a wall there; no walking edge through it
    assert a.check(Tile("tower", 9, ""), (2, 0)).reasons == ("walls_mismatch", "unreachable")
    assert ((1, 0), (2, 0)) not in a.graph.edges
    import matplotlib

    from alhambra_lib.draw import artist, draw_alhambra
    matplotlib.use("Agg")
    ax = draw_alhambra(a)
    # drawn as sticks, apart from the printed walls (none on this garden)
    assert len(artist(ax, "sticks").get_segments()) == len(stuck.wall_sides) == 2
    assert artist(ax, "walls").get_segments() == []
    assert a.wall_segments() and a.longest_wall() == 2
    with pytest.raises(IllegalPlacement, match="already has a wall"):
        a.add_sticks((1, 0), "N")
    with pytest.raises(IllegalPlacement, match="no tile"):
        a.add_sticks((5, 5), "N")


def test_a_printed_wall_sorts_before_a_stick_on_the_same_side():
    printed, stuck = real_tile("garden", 10, "N"), OPEN_GARDEN.with_sticks("N")
    assert printed.mask == stuck.mask and printed != stuck
    assert sorted([stuck, printed], key=tile_order) == sorted([printed, stuck], key=tile_order) \
        == [printed, stuck]


def test_stick_sides_of_a_layout_and_the_json_form():
    tile = Tile("tower", 9, "N", sticks="E")
    assert tile.to_list() == ["tower", 9, "Ne"] and stick_sides({(1, 0): tile}) == {(1, 0): "E"}
    with pytest.raises(ValueError, match="overbuilds"):
        Tile("tower", 9, "N", sticks="N")


# -- saves -------------------------------------------------------------------------------------


def test_a_save_with_sticks_round_trips_and_bad_ones_are_refused():
    game = walls_game()
    do(game, "lay the sticks of wall card NE on 10-garden at (1, 0)")
    text = game.to_json()
    assert Game.from_json(text).to_json() == text
    data = json.loads(text)
    ana = data["alhambras"]["Ana"]
    cell = next(c for c in ana if c[:2] == [1, 0])
    assert cell[4] == "ne"
    cell[4] = "n"  # one stick fewer than the card spent
    with pytest.raises(InvalidSave, match="carry 1 sticks"):
        Game.from_json(json.dumps(data))
    data = json.loads(text)
    first = data["bag"][0]
    first[2] += next(s.lower() for s in "NESW" if s not in first[2])
    with pytest.raises(InvalidSave, match="only on the players' own tiles"):
        Game.from_json(json.dumps(data))


def test_sticks_without_the_module_are_refused():
    game = arranged(THREE, 5)
    data = state(build(game, "Ana", [((1, 0), OPEN_GARDEN)]))
    for entry in data["alhambras"]["Ana"]:
        if entry[:2] == [1, 0]:
            entry[4] = "n"
    with pytest.raises(InvalidSave, match="module is not in play"):
        Game.from_json(json.dumps(data))


def test_replay_and_narration_of_a_random_game_with_walls():
    start = new(seed=3)
    game = Game.from_json(start.to_json())
    rng = random.Random(3)
    while not game.is_over:
        legal = game.legal_actions()
        walls = [a for a in legal if a.kind == "build_wall"]
        game.apply(rng.choice(walls) if walls and rng.random() < 0.5 else rng.choice(legal))
    assert sum(e["type"] == "build_wall" for e in game.events) == 8
    assert replay(start, game.events).to_json() == game.to_json()
    assert all(isinstance(describe_event(e), str) for e in game.events)


# -- properties ------------------------------------------------------------------------------


def plain_legal(layout, gates=()):
    """Whether `layout` is legal read straight off RULES.md §6 with sticks as walls and
    gates as open sides (§M5, §M9): matching walls, every tile walked to, no hole."""
    from reference_rules import holes, nb

    opposite = {"N": "S", "E": "W", "S": "N", "W": "E"}
    gated = {frozenset(p) for p in gates}
    for cell, tile in layout.items():
        for side in "NESW":
            other = layout.get(nb(cell, side))
            if other is not None and tile.has_wall(side) != other.has_wall(opposite[side]):
                return False
    seen, todo = {(0, 0)}, [(0, 0)]
    while todo:
        cell = todo.pop()
        for side in "NESW":
            n = nb(cell, side)
            if n in layout and n not in seen and (
                    not layout[cell].has_wall(side) or frozenset((cell, n)) in gated):
                seen.add(n)
                todo.append(n)
    return seen == set(layout) and not holes(set(layout), "enclosed")


@pytest.mark.parametrize("seed", range(6))
def test_random_games_with_walls_keep_every_alhambra_legal_the_census_and_saves(seed):
    rng = random.Random(seed)
    others = tuple(m for m in MODULES if m not in ("city_walls", "gates", "camps") and rng.random() < 0.4)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        game = Game(THREE[: 2 + seed % 2], seed=seed, modules=("city_walls", "gates") + others)
    census = game.census()
    steps = 0
    while not game.is_over:
        legal = game.legal_actions()
        walls = [a for a in legal if a.kind == "build_wall"]
        game.apply(rng.choice(walls) if walls and rng.random() < 0.5 else rng.choice(legal))
        assert game.census() == census
        steps += 1
        if steps % 60 == 0:
            assert reload(game).to_json() == game.to_json()
    sticks = 0
    for name in game.players:
        alhambra = game.alhambra(name)
        assert plain_legal(alhambra.layout, alhambra.gates())
        Alhambra.from_layout(alhambra.layout, gates=alhambra.gates())
        sticks += sum(len(t.stick_sides) for t in alhambra.layout.values())
        sticks += sum(len(t.stick_sides) for t in game.reserve(name))
    assert sticks == STICKS - game.view("Ana").modules["city_walls"]["sticks_left"]


def test_decision_no_sticks_on_a_camp_its_walls_are_its_bastions():
    a = Alhambra.from_layout({(1, 0): real_tile("tower", 13, "E"),
                              (2, 0): Tile("camp", 5, "W")})
    assert "no_sticks" in a.check_sticks((2, 0), "E").reasons
    assert a.check_sticks((1, 0), "N").ok


def test_decision_a_bonus_card_still_counts_its_tile_after_sticks():
    game = Game(THREE, seed=5, modules=("bonus_cards", "city_walls"))
    me = game.current_player
    tile = game.view(me).modules["bonus_cards"]["hand"][0].tile
    game = lay_beside(build(game, me, [((1, 0), tile)]), "E")
    before = game.counts(me)[tile.kind]
    game.apply(BuildWall(WallCard("E"), "E", tile, (1, 0)))
    assert game.alhambra(me).layout[(1, 0)].stick_sides == "E"
    assert game.counts(me)[tile.kind] == before == 2  # the tile and its bonus card
