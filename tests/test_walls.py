"""Wall points (RULES.md §8.4): figures 2 and 3, fountains, double walls, the wall path.

Every layout here is built with place() calls in a legal order (the variants of figures 2
and 3 included: all of them are legal Alhambras, so none needs the module-level function).
"""

from itertools import pairwise

from alhambra_lib import Alhambra, Tile

import reference_rules as ref
from _alhambra_build import apply, fig2_steps, fig3_steps

OPEN = Tile("garden", 10, "")


def segs(a):
    return ref.external_segments(ref.walls_of(a.layout))


def path_segments(path):
    path = [tuple(p) for p in path]
    return [frozenset(p) for p in pairwise(path)]


def side(cell, s):
    return ref.segment(cell, s)


def check(a, expected):
    """Wall value, the brute-force trail, and the path's shape, all at once."""
    assert a.longest_wall() == expected
    assert ref.longest_trail(segs(a)) == expected  # the test data agrees with the plain rule
    path = list(a.longest_wall_path())
    ref.check_wall_path(path, expected, segs(a))
    return [tuple(p) for p in path]


# ---------------------------------------------------------------- small cases

def test_fountain_alone_has_no_wall():
    a = Alhambra()
    assert a.longest_wall() == 0
    assert list(a.longest_wall_path()) == []


def test_open_tiles_have_no_wall():
    a = apply([((1, 0), OPEN), ((0, 1), OPEN)])
    check(a, 0)
    assert list(a.longest_wall_path()) == []


def test_one_wall():
    a = apply([((1, 0), Tile("pavilion", 6, "N"))])
    path = check(a, 1)
    assert set(path) == {(1, 1), (2, 1)}


def test_convex_corner():
    a = apply([((1, 0), Tile("tower", 9, "NE"))])
    path = check(a, 2)
    assert path[1] == (2, 1)
    assert {path[0], path[2]} == {(1, 1), (2, 0)}


def test_three_walls_around_a_tile():
    a = apply([((1, 0), Tile("tower", 8, "NES"))])
    path = check(a, 3)
    assert {path[0], path[-1]} == {(1, 1), (1, 0)}


# ---------------------------------------------------------------- figure 2

def test_figure2_full_ring_scores_12():
    a = apply(fig2_steps())
    path = check(a, 12)
    assert len(path) == 13
    assert path[0] == path[-1]  # a closed trail
    assert set(path_segments(path)) == segs(a)
    assert len(segs(a)) == 12


def test_figure2_one_outer_side_open_scores_11():
    a = apply(fig2_steps(open_cell=(0, 1)))
    path = check(a, 11)
    assert path[0] != path[-1]
    assert {path[0], path[-1]} == {(0, 2), (1, 2)}  # the ends of the open N side of (0, 1)
    assert side((0, 1), "N") not in path_segments(path)


def test_figure2_ring_grows_and_shrinks_with_the_last_tile():
    steps = fig2_steps()
    a = apply(steps[:-1])  # (-1, -1) "SW" missing: run from (-1, 0) W round to (0, -1) S
    check(a, 10)
    c, t = steps[-1]
    a.place(t, c)
    check(a, 12)
    assert a.remove(c) == t
    check(a, 10)


# ---------------------------------------------------------------- figure 3

def test_figure3_scores_4():
    a = apply(fig3_steps())
    path = check(a, 4)
    assert set(path_segments(path)) == {side((0, 1), "W"), side((0, 1), "N"), side((1, 1), "N"),
                                        side((1, 1), "E")}
    assert {path[0], path[-1]} == {(0, 1), (2, 1)}
    # the double wall between (1, 1) and (1, 0) is internal
    assert side((1, 1), "S") not in segs(a)


def test_figure3_with_north_of_2_0_walled_scores_7():
    # legal: (2, 0) "NES" only touches (1, 0), through its open W side
    a = apply(fig3_steps(n_of_20_walled=True))
    path = check(a, 7)
    assert set(path_segments(path)) == {side((0, 1), "W"), side((0, 1), "N"), side((1, 1), "N"),
                                        side((1, 1), "E"), side((2, 0), "N"), side((2, 0), "E"),
                                        side((2, 0), "S")}
    assert (2, 1) in path[1:-1]  # turns the concave corner (2, 1)


def test_figure3_tile_on_2_1_makes_a_double_wall():
    a = apply(fig3_steps())
    a.place(Tile("seraglio", 7, "W"), (2, 1))
    # E of (1, 1) now faces a W wall: internal. Runs: W, N of (0, 1) + N of (1, 1) = 3; E, S
    # of (2, 0) = 2
    check(a, 3)


# ---------------------------------------------------------------- fountain, double walls

def test_fountain_breaks_walls():
    a = apply([((-1, 0), Tile("pavilion", 6, "N")), ((1, 0), Tile("arcades", 8, "N"))])
    check(a, 1)  # not 3: the fountain's N side is open
    a.place(Tile("garden", 10, "N"), (2, 0))
    path = check(a, 2)
    assert set(path) == {(1, 1), (2, 1), (3, 1)}


def test_double_wall_not_counted():
    a = apply([((0, 1), OPEN), ((1, 0), Tile("pavilion", 6, "N")),
               ((1, 1), Tile("garden", 12, "S"))])
    check(a, 0)
    assert list(a.longest_wall_path()) == []


def test_double_wall_between_runs():
    # peer hc_double_wall_not_counted: (1, 0) "ES" over (1, -1) "NE"; E walls form one run of 2
    a = apply([((1, 0), Tile("pavilion", 4, "ES")), ((0, -1), OPEN),
               ((1, -1), Tile("arcades", 6, "NE"))])
    path = check(a, 2)
    assert set(path) == {(2, 1), (2, 0), (2, -1)}


# ---------------------------------------------------------------- hole_rule="single": inner loops and pinches

def pinch_layout():
    """Under "single": a ring round the enclosed cells (1, 1), (2, 1), all six sides facing
    them walled; (3, 0) is left empty, so (2, 0) and (3, 1) touch at the corner (3, 1) only (a
    pinch). With E of (2, 0) and S of (3, 1) walled too, four wall segments meet at (3, 1)."""
    steps = [((1, 0), Tile("pavilion", 6, "N")), ((2, 0), Tile("tower", 9, "NE")),
             ((0, 1), Tile("arcades", 8, "E")), ((0, 2), OPEN),
             ((1, 2), Tile("seraglio", 8, "S")), ((2, 2), Tile("garden", 12, "S")),
             ((3, 2), OPEN), ((3, 1), Tile("arcades", 6, "SW"))]
    return steps


def test_pinch_layout_is_a_hole_by_default():
    steps = pinch_layout()
    a = apply(steps[:-1])
    c, t = steps[-1]
    assert tuple(a.check(t, c).reasons) == ("hole",)


def test_wall_passes_a_corner_twice_under_single_rule():
    a = apply(pinch_layout(), hole_rule="single")
    # (3, 0) -> (3, 1), the 6-segment inner loop back to (3, 1), then (3, 1) -> (4, 1): 8
    path = check(a, 8)
    assert path.count((3, 1)) == 2
    assert {path[0], path[-1]} == {(3, 0), (4, 1)}


def test_inner_loop_alone_under_single_rule():
    steps = pinch_layout()
    steps[1] = ((2, 0), Tile("pavilion", 6, "N"))   # no E wall
    steps[-1] = ((3, 1), Tile("chambers", 9, "W"))  # no S wall
    a = apply(steps, hole_rule="single")
    path = check(a, 6)
    assert path[0] == path[-1]  # the closed inner loop


# ---------------------------------------------------------------- walls told late

def test_walls_told_late_match_the_layout_in_random_games():
    """An Alhambra tells its wall graph of its changes only when its walls are asked
    (`WallGraph.cells_changed`): asked after every action or after many, with camps
    (M8) and sticks (M9) too, the segments are those of the layout as it is."""
    import random

    from alhambra_lib import Game
    from alhambra_lib.walls import external_segments

    camps = sticks = 0
    for seed, every in ((1, 1), (2, 7), (3, 23)):
        game = Game(["Ana", "Ben", "Cy"], seed=seed, modules=("camps", "city_walls"))
        choose = random.Random(seed).choice
        done = 0
        while not game.is_over and done < 400:
            game.apply(choose(game.legal_actions()))
            done += 1
            if done % every == 0:
                for name in game.players:
                    alhambra = game.alhambra(name)
                    copy = alhambra.copy()  # a copy takes the changes not told yet
                    assert alhambra.wall_segments() == external_segments(alhambra.layout)
                    assert copy.wall_segments() == alhambra.wall_segments()
                    assert copy.longest_wall() == alhambra.longest_wall()
                    camps += any(t.kind == "camp" for t in alhambra.layout.values())
                    sticks += any(t.stick_mask for t in alhambra.layout.values())
    assert camps and sticks  # both were met
