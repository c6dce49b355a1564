"""The camps' placement rule in the rules core (RULES.md §M8): contacts, walking, holes,
removal and exchange, wall points; and the camp-aware fast paths against plain
definitions written here from the rule text (as `reference_rules` does for the base).

Camps are made up freely here (any price, any bastions): the core knows no tile set.
"""

import random

import pytest
import reference_rules as ref

from alhambra_lib import BUILDING_TILES, Alhambra, Tile
from alhambra_lib.alhambra import REASONS, Verdict
from alhambra_lib.components import FOUNTAIN
from alhambra_lib.errors import IllegalPlacement
from alhambra_lib.walls import external_segments, longest_wall

SIDES = "NESW"


def camp(bastions, price=6):
    return Tile("camp", price, bastions)


def g(walls=""):
    """A garden with these walls (any walls: the core does not ask for a real tile)."""
    return Tile("garden", 8, walls)


def base():
    """The fountain and a tower at (1, 0) walled E: a camp may lean on (2, 0) from the E."""
    return Alhambra.from_layout({(1, 0): Tile("tower", 13, "E")})


# -- placement -------------------------------------------------------------------------------------


def test_bastion_against_a_wall_is_legal_and_the_camp_need_not_be_reachable():
    """Decisions: a camp's bastion against a tile's wall is the contact allowed; the walking
    rule does not apply to camps (this camp has no open side towards anything)."""
    a = base()
    assert a.check(camp("W"), (2, 0)) == Verdict(True, ())
    a.place(camp("W"), (2, 0))
    assert a.camps() == {(2, 0)}
    assert (2, 0) in a.graph and not list(a.graph.neighbors((2, 0)))  # no part of walking
    assert Alhambra.from_layout(a.layout) == a


def test_bastion_against_an_open_side_is_refused():
    """Decision: a bastion must meet a wall; against the fountain's open side it is refused
    with ``camp_contact``, never ``walls_mismatch`` or ``unreachable``."""
    a = Alhambra()
    assert a.check(camp("W"), (1, 0)).reasons == ("camp_contact",)
    assert (1, 0) not in a.legal_positions(camp("W"))


def test_a_side_without_bastion_touching_a_building_is_refused():
    """Decision: every contact with a non-camp tile needs a bastion, even against a wall."""
    a = base()
    verdict = a.check(camp("N"), (2, 0))  # its open W side meets the tower's E wall
    assert verdict.reasons == ("camp_contact",)
    assert "bastion" in verdict.explain() and verdict.explain() == REASONS["camp_contact"]


def test_bastion_against_bastion_is_refused():
    """Decision: camps touch each other only by sides without bastions; a bastion facing a
    camp is refused from either side."""
    a = base()
    a.place(camp("EW"), (2, 0))  # its E bastion faces (3, 0)
    assert a.check(camp("W"), (3, 0)).reasons == ("camp_contact",)  # bastion on bastion
    assert a.check(camp("N"), (3, 0)).reasons == ("camp_contact",)  # open side on bastion
    b = base()
    b.place(camp("W"), (2, 0))
    assert b.check(camp("W"), (3, 0)).reasons == ("camp_contact",)  # bastion on a camp's side


def test_camps_touch_by_sides_without_bastion_and_chain_from_an_anchor():
    """Decision: camp against camp by non-bastion sides is allowed; the second camp touches
    no other tile and is anchored through the first."""
    a = base()
    a.place(camp("W"), (2, 0))
    assert a.check(camp("N"), (3, 0)).ok
    a.place(camp("N"), (3, 0))
    assert a.check(camp("S"), (3, 1)).reasons == ("camp_contact",)  # faces the N bastion
    assert not a.graph.has_edge((2, 0), (3, 0))  # camps never join the walking graph
    assert Alhambra.from_layout(a.layout) == a


def test_a_hole_made_by_a_camp_is_refused():
    """Decision: the hole rule applies to camps like any tile (RULES.md §6, figure 1)."""
    layout = {c: g() for c in [(0, 1), (1, 1), (2, 1), (0, -1), (1, -1), (2, -1)]}
    layout[(3, -1)] = g("N")
    a = Alhambra.from_layout(layout)
    assert a.check(camp("S"), (3, 0)).reasons == ("hole",)
    assert a.check(camp(""), (3, 0)).reasons == ("camp_contact", "hole")


def test_a_later_tile_next_to_a_camp_must_face_a_bastion_with_a_wall():
    """Decision: the camp rule binds the tiles that come after the camp too: a wall facing
    the bastion, nothing at all against a camp side without bastion; reported as
    ``camp_contact`` (not ``walls_mismatch``)."""
    a = Alhambra.from_layout({(1, 0): Tile("tower", 13, "E"), (1, 1): g()})
    a.place(camp("NW"), (2, 0))
    assert a.check(g("S"), (2, 1)).ok  # its S wall against the N bastion, W open to (1, 1)
    assert a.check(g(""), (2, 1)).reasons == ("camp_contact",)  # open against the bastion
    # the S side of the camp has no bastion: nothing may touch it, a wall neither
    b = Alhambra.from_layout({(1, 0): Tile("tower", 13, "E"), (1, -1): g()})
    b.place(camp("NW"), (2, 0))
    assert b.check(g("N"), (2, -1)).reasons == ("camp_contact",)
    assert b.check(g(""), (2, -1)).reasons == ("camp_contact",)


def test_camps_connect_no_tile_for_walking():
    """Decision: a tile is reachable when joined to the fountain through open sides of
    non-camp tiles; a tile touching only camps is ``unreachable``."""
    a = base()
    a.place(camp("W"), (2, 0))
    assert a.check(g("W"), (3, 0)).reasons == ("unreachable", "camp_contact")
    assert a.check(g(""), (3, 0)).reasons == ("unreachable", "camp_contact")


def test_base_reasons_stay_on_the_other_sides():
    """The base rules still apply to the sides a tile shares with non-camp tiles."""
    a = Alhambra.from_layout({(1, 0): Tile("tower", 13, "E"), (1, 1): g()})
    a.place(camp("NW"), (2, 0))
    assert a.check(g("SW"), (2, 1)).reasons == ("walls_mismatch", "unreachable")
    assert a.check(g("S"), (2, 1)).ok


# -- removal and exchange --------------------------------------------------------------------------


def test_removal_that_would_unanchor_a_camp_is_refused():
    """Decision (RULES.md §M8, chain rule): after a removal every camp still touches a
    non-camp tile with a bastion against a wall, directly or through a chain of camps."""
    a = base()
    a.place(camp("W"), (2, 0))
    a.place(camp("N"), (3, 0))
    assert a.check_removal((1, 0)).reasons == ("camp_unanchored",)
    assert a.check_removal((2, 0)).reasons == ("camp_unanchored",)  # (3, 0) hangs on it
    assert a.check_removal((3, 0)).ok
    assert a.removable_positions() == {(3, 0)}
    with pytest.raises(IllegalPlacement) as error:
        a.remove((2, 0))
    assert error.value.reasons == ("camp_unanchored",)
    assert a.remove((3, 0)) == camp("N")
    assert a.camps() == {(2, 0)} and a.check_removal((2, 0)).ok
    assert a.remove((2, 0)) == camp("W") and not a.camps()
    assert a.removable_positions() == {(1, 0)}


def test_a_second_anchor_frees_the_first():
    a = Alhambra.from_layout({(1, 0): Tile("tower", 13, "E"), (0, 1): g(), (1, 1): g(),
                              (2, 1): g("S")})
    a.place(camp("NW"), (2, 0))
    assert a.check_removal((1, 0)).ok and a.check_removal((2, 1)).ok


def test_exchange_with_camps():
    """A camp can only replace a camp with bastions on the same built sides; a building
    never replaces a camp (it could not be walked to) nor a camp a building."""
    a = base()
    a.place(camp("W"), (2, 0))
    assert a.check_exchange(camp("NW", 9), (2, 0)).ok
    assert a.check_exchange(camp("N"), (2, 0)).reasons == ("camp_contact",)
    assert a.check_exchange(g("W"), (2, 0)).reasons == ("unreachable",)
    assert a.check_exchange(camp("EW"), (1, 0)).reasons == ("camp_contact",)
    assert a.exchange_positions(camp("NW", 9)) == {(2, 0)}
    assert a.exchange_positions(Tile("tower", 11, "E")) == {(1, 0)}
    assert a.exchange(camp("NW", 9), (2, 0)) == camp("W")
    assert Alhambra.from_layout(a.layout) == a


# -- walls -----------------------------------------------------------------------------------------


def test_a_wall_behind_a_bastion_still_counts_and_camps_do_not_score_walls():
    """Decisions: a wall a bastion leans against stays an outer wall; a camp cell counts as
    empty for wall points; bastions themselves are no wall segments."""
    a = Alhambra.from_layout({(1, 0): Tile("tower", 9, "NE")})
    assert a.longest_wall() == 2
    a.place(camp("NW"), (2, 0))  # leans on the E wall; its N bastion faces nothing
    assert a.longest_wall() == 2 and a.wall_segments() == {((1, 1), (2, 1)), ((2, 0), (2, 1))}
    assert longest_wall(a.layout) == 2 and external_segments(a.layout) == a.wall_segments()
    a.remove((2, 0))
    assert a.longest_wall() == 2 and a.wall_segments() == external_segments(a.layout)


def test_a_building_placed_against_a_camp_keeps_its_wall():
    a = Alhambra.from_layout({(1, 0): Tile("tower", 13, "E"), (1, 1): g()})
    a.place(camp("NW"), (2, 0))
    before = a.wall_segments()
    a.place(g("S"), (2, 1))  # its S wall faces the camp: external
    assert ((2, 1), (3, 1)) in a.wall_segments() and before <= a.wall_segments()
    assert a.longest_wall() == longest_wall(a.layout)


# -- whole layouts ---------------------------------------------------------------------------------


def test_from_layout_accepts_legal_camp_layouts_and_refuses_illegal_ones():
    """`from_layout` checks the camp rule: contacts, then walking (camps apart), anchoring."""
    good = {(1, 0): Tile("tower", 13, "E"), (2, 0): camp("W"), (3, 0): camp("N")}
    assert Alhambra.from_layout(good).camps() == {(2, 0), (3, 0)}
    for layout, code in [
        ({(1, 0): camp("W")}, "camp_contact"),
        ({(1, 0): Tile("tower", 13, "E"), (2, 0): camp("N")}, "camp_contact"),
        ({(1, 0): Tile("tower", 13, "E"), (2, 0): camp("EW"), (3, 0): camp("W")},
         "camp_contact"),
        ({(5, 5): camp("")}, "camp_unanchored"),
        ({(5, 5): camp(""), (5, 6): camp("")}, "camp_unanchored"),
        ({(1, 0): Tile("tower", 13, "E"), (2, 0): camp("EW"), (3, 0): g("W")}, "unreachable"),
    ]:
        with pytest.raises(IllegalPlacement) as error:
            Alhambra.from_layout(layout)
        assert error.value.reasons == (code,), layout


# -- the fast paths against plain definitions ------------------------------------------------------


def plain_legal(layout, hole_rule, gates=()):
    """Whether `layout` ({cell: Tile}) is legal, read straight off RULES.md §6 and §M8
    (City Walls sticks are walls, §M9; a gate opens its double wall for walking, §M5)."""
    cells = set(layout)
    if layout.get((0, 0)) != FOUNTAIN:
        return False
    is_camp = {c: t.kind == "camp" for c, t in layout.items()}
    for c, t in layout.items():
        for s in SIDES:
            d = ref.nb(c, s)
            if d not in layout:
                continue
            mine, theirs = t.has_wall(s), layout[d].has_wall(ref.OPP[s])
            if is_camp[c] or is_camp[d]:
                both = (is_camp[c] and is_camp[d])
                if (mine, theirs) != ((False, False) if both else (True, True)):
                    return False
            elif mine != theirs:
                return False
    solid = {c: frozenset(t.wall_sides) for c, t in layout.items() if not is_camp[c]}
    for a, b in gates:  # walk through a gate as through open sides
        side = next(s for s in SIDES if ref.nb(a, s) == b)
        solid[a], solid[b] = solid[a] - {side}, solid[b] - {ref.OPP[side]}
    if ref.reachable_from_fountain(solid) != set(solid):
        return False
    camps = {c for c in layout if is_camp[c]}
    anchored = {c for c in camps if any(ref.nb(c, s) in solid for s in SIDES)}
    todo = list(anchored)
    while todo:
        c = todo.pop()
        for s in SIDES:
            d = ref.nb(c, s)
            if d in camps and d not in anchored:
                anchored.add(d)
                todo.append(d)
    return anchored == camps and not ref.holes(cells, hole_rule)


def plain_wall(layout):
    """Longest wall by brute force over the walls (sticks included, §M9) of non-camp tiles
    facing no non-camp tile."""
    solid = {c: frozenset(t.wall_sides) for c, t in layout.items() if t.kind != "camp"}
    return ref.longest_trail(ref.external_segments(solid))


ALL_CAMPS = [camp(ref_walls) for ref_walls in
             ("", "N", "E", "S", "W", "NE", "ES", "SW", "NW", "NS", "EW", "NES", "ESW", "NSW",
              "NEW")]


def grow(rng, hole_rule, size):
    """A random legal Alhambra of base tiles and camps (any bastions), grown by placements
    and some removals; yields it after every change."""
    a = Alhambra(hole_rule)
    pool = list(BUILDING_TILES) + ALL_CAMPS * 2
    while len(a) < size:
        tile = rng.choice(pool)
        cells = sorted(a.legal_positions(tile))
        if cells:
            a.place(tile, rng.choice(cells))
            yield a, tile
        if rng.random() < 0.15:
            removable = sorted(a.removable_positions())
            if removable:
                a.remove(rng.choice(removable))
                yield a, None


@pytest.mark.parametrize("hole_rule", ["enclosed", "single"])
def test_camp_paths_match_the_plain_definitions(hole_rule):
    """legal_positions / check, removable_positions / check_removal, exchange_positions /
    check_exchange and the wall points, with camps about, agree with plain definitions:
    a change is legal exactly when the layout after it is legal (`plain_legal`)."""
    rng = random.Random(8 if hole_rule == "enclosed" else 9)
    probes = [camp("W"), camp("NE"), camp(""), camp("ESW"), g(""), g("S"), g("EW"),
              Tile("tower", 13, "N")]
    checked = camps_seen = 0
    for _ in range(10):
        for step, (a, _) in enumerate(grow(rng, hole_rule, rng.randint(12, 22))):
            layout = dict(a.layout)
            assert plain_legal(layout, hole_rule)
            assert a.longest_wall() == plain_wall(layout) == longest_wall(layout)
            assert a.wall_segments() == external_segments(layout)
            if step % 3:
                continue
            camps_seen += bool(a.camps())
            frontier = ref.frontier({c: t.walls for c, t in layout.items()})
            for tile in rng.sample(probes, 3):
                plain = {c for c in frontier if plain_legal({**layout, c: tile}, hole_rule)}
                assert a.legal_positions(tile) == plain
                assert {c for c in frontier if a.check(tile, c).ok} == plain
                swapped = {c for c in layout if c != (0, 0)
                           and plain_legal({**layout, c: tile}, hole_rule)}
                assert a.exchange_positions(tile) == swapped
                assert {c for c in layout if c != (0, 0) and a.check_exchange(tile, c)} == swapped
            removable = {c for c in layout if c != (0, 0) and plain_legal(
                {d: t for d, t in layout.items() if d != c}, hole_rule)}
            assert a.removable_positions() == removable
            assert {c for c in layout if a.check_removal(c).ok} == removable
            copy = Alhambra.from_layout(layout, hole_rule)
            assert copy == a and copy.camps() == a.camps()
            checked += 1
    assert checked > 20 and camps_seen > 10


def test_from_layout_agrees_with_the_plain_definition_on_mutated_layouts():
    """Legal layouts with one tile swapped for a random one (building or camp): from_layout
    accepts exactly the layouts `plain_legal` accepts."""
    rng = random.Random(3)
    accepted = refused = 0
    pool = list(BUILDING_TILES) + ALL_CAMPS
    for _ in range(8):
        for a, _ in grow(rng, "enclosed", 16):
            layout = dict(a.layout)
            cell = rng.choice(sorted(c for c in layout if c != (0, 0)) or [(0, 1)])
            layout[cell] = rng.choice(pool)
            legal = plain_legal(layout, "enclosed")
            try:
                Alhambra.from_layout(layout)
            except IllegalPlacement:
                assert not legal
                refused += 1
            else:
                assert legal
                accepted += 1
    assert accepted > 5 and refused > 20
