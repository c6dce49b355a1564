"""alhambra_lib.analysis.best_wall: the best possible wall of a set of tiles.

The search is checked against an independent brute force: every layout reachable by
legal placements, enumerated with a set of layouts seen, using only the plain rule
readings of `reference_rules` (legal cells by RULES.md §6, walls by §8.4).
"""

import importlib
import random

import pytest

from alhambra_lib import BUILDING_TILES, Alhambra, Tile
from alhambra_lib.analysis import best_wall, best_wall_search, tiles_of, wall_gap

best_wall_module = importlib.import_module("alhambra_lib.analysis.best_wall")

try:
    from . import reference_rules as ref
except ImportError:
    import reference_rules as ref

# Figure 2 of RULES.md: the fountain ringed by eight tiles, all 12 outer sides walled.
RING = [Tile("garden", 10, w) for w in ("N", "E", "S", "W")] + \
       [Tile("tower", 9, w) for w in ("NE", "ES", "SW", "NW")]


def brute_force(tiles, hole_rule="enclosed"):
    """The longest wall over every layout reachable by legal placements of some tiles."""
    left = {}
    for tile in tiles:
        left[tile.walls] = left.get(tile.walls, 0) + 1
    kinds = sorted(left, key=sorted)
    start = {(0, 0): frozenset()}
    seen = {frozenset(start.items())}
    todo = [(start, left)]
    best = 0
    while todo:
        layout, left = todo.pop()
        best = max(best, ref.longest_trail(ref.external_segments(layout)))
        for walls in kinds:
            if not left[walls]:
                continue
            for cell in ref.legal_cells(layout, walls, hole_rule):
                grown = {**layout, cell: walls}
                key = frozenset(grown.items())
                if key not in seen:
                    seen.add(key)
                    todo.append((grown, {**left, walls: left[walls] - 1}))
    return best


def real_tiles(n, seed):
    return random.Random(seed).sample(BUILDING_TILES, n)


def any_walls_tiles(n, seed):
    """Tiles with any walls at all, four-walled and opposite-walled ones included."""
    rng = random.Random(seed)
    masks = [0, 0, 1, 2, 4, 8, 3, 6, 12, 9, 5, 10, 7, 11, 13, 14, 15]
    return [Tile("garden", 5, "".join(s for i, s in enumerate("NESW") if m >> i & 1))
            for m in (rng.choice(masks) for _ in range(n))]


def assert_sound(result, tiles):
    """The result is a legal Alhambra of some of `tiles`, the rest unused, wall as told."""
    alhambra = result.alhambra
    assert Alhambra.from_layout(alhambra.layout, hole_rule=alhambra.hole_rule) == alhambra
    built = [t for t in alhambra.layout.values() if t.kind != "fountain"]
    assert sorted(built + list(result.unused), key=repr) == sorted(tiles, key=repr)
    walls = {cell: tile.walls for cell, tile in alhambra.layout.items()}
    assert result.wall == alhambra.longest_wall() == ref.longest_trail(ref.external_segments(walls))
    assert result.wall <= result.upper_bound <= sum(len(t.walls) for t in tiles)
    assert result.exact == (result.wall == result.upper_bound)


# ---------------------------------------------------------------- against the brute force

CASES = [("real", 4, seed) for seed in range(8)] + [("real", 5, seed) for seed in range(4)] + \
        [("any", 4, seed) for seed in range(6)] + [("any", 5, seed) for seed in range(2)]


@pytest.mark.parametrize("source, n, seed", CASES)
def test_exact_search_matches_brute_force(source, n, seed):
    tiles = (real_tiles if source == "real" else any_walls_tiles)(n, seed)
    best = brute_force(tiles)
    # A beam of width 1 leaves most of the work to the proof.
    for width in (1, 128):
        result = best_wall_search(tiles, beam_width=width)
        assert_sound(result, tiles)
        assert result.exact and result.wall == best, (sorted(t.wall_sides for t in tiles), width)


@pytest.mark.parametrize("seed", range(4))
def test_single_hole_rule_matches_brute_force(seed):
    tiles = real_tiles(4, 100 + seed)
    result = best_wall_search(tiles, hole_rule="single", beam_width=1)
    assert_sound(result, tiles)
    assert result.alhambra.hole_rule == "single"
    assert result.exact and result.wall == brute_force(tiles, "single")


@pytest.mark.parametrize("seed", range(3))
def test_beam_search_never_beats_the_proven_best(seed):
    tiles = real_tiles(8, 200 + seed)
    exact = best_wall_search(tiles)
    beam = best_wall_search(tiles, exact_limit=0, beam_width=4)
    assert exact.exact
    assert_sound(beam, tiles)
    assert beam.wall <= exact.wall
    assert beam.exact == (beam.wall == sum(len(t.walls) for t in tiles))


def placement_branch_and_bound(tiles):
    """The best wall by the module's other exact method: every legal placement, under
    the enclosed rule (independent of the run tracing and its completions)."""
    search = best_wall_module._Search(best_wall_module._Pool(tuple(tiles)), "enclosed",
                                      best_wall_module._Clock(None))
    search._prove_by_placements()
    return search.best_wall


@pytest.mark.parametrize("tiles", [any_walls_tiles(7, 77), real_tiles(8, 28)],
                         ids=["any-7-77", "real-8-28"])
def test_runs_whose_sketches_fail_are_completed_by_every_placement(tiles, monkeypatch):
    # On these sets some traced run has sketches none of which can be built, so the
    # completion falls back to the search over every legal placement round the run.
    fallbacks = []
    build_from = best_wall_module._Completion._build_from

    def counted(self, fountain):
        fallbacks.append(fountain)
        return build_from(self, fountain)

    monkeypatch.setattr(best_wall_module._Completion, "_build_from", counted)
    result = best_wall_search(tiles, beam_width=1)
    assert fallbacks
    assert_sound(result, tiles)
    assert result.exact and result.wall == placement_branch_and_bound(tiles)


def test_many_tiles_without_walls_link_a_run_of_every_wall():
    # Twelve real tiles, four without walls: the beam finds a wall of 6, the proof
    # builds round a run of all 11 walls, its groups linked by the plain tiles.
    tiles = random.Random(12046).sample(BUILDING_TILES, 12)
    assert sum(len(t.walls) for t in tiles) == 11
    assert best_wall_search(tiles, exact_limit=0).wall < 11
    result = best_wall_search(tiles)
    assert_sound(result, tiles)
    assert (result.wall, result.exact) == (11, True)


# ---------------------------------------------------------------- hand-made sets

def test_figure_2_ring_walls_all_twelve_sides():
    for width in (1, 128):
        result = best_wall_search(RING, beam_width=width)
        assert_sound(result, RING)
        assert (result.wall, result.exact, result.unused) == (12, True, ())


def test_ring_with_one_side_open_is_eleven():
    tiles = [Tile("garden", 10, "")] + RING[1:]  # (0, 1) has no N wall
    result = best_wall_search(tiles, beam_width=1)
    assert (result.wall, result.exact) == (11, True)


def test_walls_that_cannot_turn_do_not_join():
    north, south = Tile("garden", 8, "N"), Tile("garden", 9, "S")
    result = best_wall_search([north, south, Tile("pavilion", 2, "")], beam_width=1)
    assert (result.wall, result.exact) == (1, True)


def test_walls_of_opposite_faces_join_round_a_corner_tile():
    tiles = [Tile("garden", 8, "N"), Tile("tower", 9, "NE"), Tile("garden", 9, "E")]
    assert best_wall_search(tiles, beam_width=1).wall == 4


def test_identical_tiles_are_interchangeable_and_handed_out_in_order():
    tiles = [Tile("garden", p, "N") for p in (6, 7, 8)] + [Tile("pavilion", 2, "")]
    result = best_wall_search(tiles)
    assert (result.wall, result.exact) == (3, True)
    assert_sound(result, tiles)
    built = {t for t in result.alhambra.layout.values()}
    assert {Tile("garden", 6, "N"), Tile("garden", 7, "N"), Tile("garden", 8, "N")} <= built


def test_no_tiles_and_no_walls():
    assert best_wall_search([]).wall == 0
    result = best_wall_search([Tile("garden", 8, "")] * 3)
    assert (result.wall, result.upper_bound, result.exact) == (0, 0, True)


def test_four_walled_tile_stays_on_the_reserve():
    tiles = [Tile("tower", 5, "NESW"), Tile("garden", 8, "N")]
    result = best_wall_search(tiles)
    assert (result.wall, result.exact) == (1, True)
    assert result.unused == (Tile("tower", 5, "NESW"),)


def test_result_is_deterministic():
    tiles = real_tiles(9, 7)
    first, second = best_wall_search(tiles), best_wall_search(tiles)
    assert dict(first.alhambra.layout) == dict(second.alhambra.layout)
    assert first.nodes == second.nodes


# ---------------------------------------------------------------- limits and best-effort

def test_best_effort_beyond_exact_limit():
    tiles = real_tiles(20, 3)
    result = best_wall_search(tiles, exact_limit=12, beam_width=8)
    assert_sound(result, tiles)
    assert result.wall >= 10


def test_time_limit_returns_the_best_found_so_far():
    tiles = BUILDING_TILES[:30]
    result = best_wall_search(tiles, time_limit=0.01)
    assert_sound(result, tiles)
    assert not result.exact


def test_best_wall_returns_the_alhambra_of_the_search():
    tiles = real_tiles(6, 11)
    alhambra = best_wall(tiles)
    assert isinstance(alhambra, Alhambra)
    assert alhambra == best_wall_search(tiles).alhambra


# ---------------------------------------------------------------- tiles_of and wall_gap

def test_tiles_of_lists_the_alhambra_then_the_reserve():
    a = Alhambra()
    a.place(Tile("tower", 9, "NE"), (1, 0))
    a.place(Tile("garden", 8, "W"), (-1, 0))
    reserve = [Tile("pavilion", 3, "S")]
    assert tiles_of(a, reserve) == (Tile("garden", 8, "W"), Tile("tower", 9, "NE"),
                                    Tile("pavilion", 3, "S"))


def test_wall_gap_of_a_poor_and_of_the_best_arrangement():
    a = Alhambra()
    for tile, cell in zip(RING[:4], [(0, 1), (1, 0), (0, -1), (-1, 0)], strict=True):
        a.place(tile, cell)  # single walls, each on its own
    reserve = RING[4:]
    assert a.longest_wall() == 1
    assert wall_gap(a, reserve) == 11
    best = best_wall(tiles_of(a, reserve))
    assert wall_gap(best) == 0


def test_wall_gap_uses_the_hole_rule_of_the_alhambra():
    a = Alhambra(hole_rule="single")
    a.place(Tile("garden", 8, "N"), (0, 1))
    assert wall_gap(a, [Tile("tower", 9, "NE")]) == 2


# ---------------------------------------------------------------- bad input

@pytest.mark.parametrize("call, error", [
    (lambda: best_wall_search(["tower"]), TypeError),
    (lambda: best_wall_search([Tile("fountain", 0, "")]), ValueError),
    (lambda: best_wall_search(RING, hole_rule="none"), ValueError),
    (lambda: best_wall_search(RING, exact_limit=-1), ValueError),
    (lambda: best_wall_search(RING, beam_width=0), ValueError),
    (lambda: best_wall_search(RING, beam_width=2.5), ValueError),
    (lambda: best_wall_search(RING, time_limit=0), ValueError),
    (lambda: best_wall(RING, exact_limit=True), ValueError),
    (lambda: tiles_of("not an alhambra"), TypeError),
    (lambda: tiles_of(Alhambra(), [None]), TypeError),
    (lambda: wall_gap(Alhambra(), [Tile("fountain", 0, "")]), ValueError),
])
def test_bad_input_raises_a_clear_error(call, error):
    with pytest.raises(error):
        call()


def test_error_messages_name_the_problem():
    with pytest.raises(TypeError, match="expected Tiles, got str"):
        best_wall_search(["tower"])
    with pytest.raises(ValueError, match="fountain"):
        best_wall_search([Tile("fountain", 0, "")])
