"""The core's redesign speed paths agree with the plain graph algorithms they replace."""

import random

import networkx as nx
import pytest

from alhambra_lib import BUILDING_TILES, Alhambra, Game
from alhambra_lib.holes import enclosed_cells
from alhambra_lib.reach import cut_cells


def layouts(hole_rule, games=4):
    """Alhambras met along random games, after every action."""
    for seed in range(games):
        game = Game(["Ana", "Ben", "Cy"], seed=seed, hole_rule=hole_rule)
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            yield game.alhambra(game.current_player or game.players[0])


def removable_by_definition(alhambra):
    """Cells whose removal leaves every tile walkable from the fountain and no hole there."""
    cells = set()
    for cell in alhambra.layout:
        if cell == (0, 0):
            continue
        graph = alhambra.graph.copy()
        graph.remove_node(cell)
        rest = set(alhambra.layout) - {cell}
        four_built = all(n in rest for n in [(cell[0] + 1, cell[1]), (cell[0] - 1, cell[1]),
                                             (cell[0], cell[1] + 1), (cell[0], cell[1] - 1)])
        if nx.is_connected(graph) and not four_built:
            cells.add(cell)
    return cells


def exchangeable_by_definition(alhambra, tile):
    cells = set()
    for cell in alhambra.layout:
        if cell == (0, 0):
            continue
        layout = dict(alhambra.layout)
        layout[cell] = tile
        try:
            Alhambra.from_layout(layout, hole_rule=alhambra.hole_rule)
        except ValueError:
            continue
        cells.add(cell)
    return cells


@pytest.mark.parametrize("hole_rule", ["enclosed", "single"])
def test_redesign_positions_match_the_definitions(hole_rule):
    one_per_mask = list({t.mask: t for t in BUILDING_TILES}.values())
    seen = 0
    for step, alhambra in enumerate(layouts(hole_rule, games=2)):
        if step % 7:
            continue
        assert alhambra.removable_positions() == removable_by_definition(alhambra)
        for tile in one_per_mask[::3]:
            assert alhambra.exchange_positions(tile) == exchangeable_by_definition(alhambra, tile)
        seen += 1
    assert seen > 20


def test_cut_cells_match_networkx():
    checked = 0
    for alhambra in layouts("enclosed", games=3):
        graph = alhambra.graph
        assert cut_cells(graph.adj) == set(nx.articulation_points(graph)) - {(0, 0)}
        checked += len(graph) > 8
    assert checked > 50


def test_cut_cells_on_hand_made_graphs():
    ring = nx.cycle_graph(6)
    assert cut_cells(ring.adj, root=0) == set()
    ring.add_edge(3, 10)
    ring.add_edge(10, 11)
    assert cut_cells(ring.adj, root=0) == {3, 10}
    star = nx.star_graph(4)
    assert cut_cells(star.adj, root=1) == {0}


def test_version_grows_with_every_change_only():
    a = Alhambra()
    v0 = a.version
    tile = BUILDING_TILES[6]  # the 8-pavilion, no walls
    a.legal_positions(tile)
    a.removable_positions()
    assert a.version == v0
    a.place(tile, (1, 0))
    assert a.version > v0
    assert not enclosed_cells(a.layout)


def test_written_out_masks_are_the_definitions():
    """`ring_mask` and `Alhambra._side_facts`, written out for speed, agree with their
    definitions (a loop over `ring` and over the four sides) on random layouts."""
    from alhambra_lib.grid import BIT, OPPOSITE, SIDES, ring, side_neighbour
    from alhambra_lib.holes import ring_mask

    for step, alhambra in enumerate(layouts("enclosed", games=1)):
        layout = alhambra.layout
        near = {side_neighbour(cell, side) for cell in layout for side in SIDES}
        for cell in near | set(layout):
            assert ring_mask(cell, layout) == sum(
                1 << i for i, other in enumerate(ring(cell)) if other in layout)
            built = sum(BIT[s] for s in SIDES if side_neighbour(cell, s) in layout)
            facing = sum(BIT[s] for s in SIDES if side_neighbour(cell, s) in layout
                         and layout[side_neighbour(cell, s)].has_wall(OPPOSITE[s]))
            assert alhambra._side_facts(cell) == (built, facing)


def graph_listings(alhambra, tile):
    """(placements, exchanges, removals) of `tile` from the networkx graph and the
    cell-by-cell tests alone: what the bit sets must reproduce."""
    fresh = Alhambra.from_layout(alhambra.layout, alhambra.hole_rule, check=False,
                                 gates=alhambra.gates())
    fresh._bits = None
    plain_removals = {c for c in fresh.layout if c != (0, 0)
                      and not fresh.check_removal(c).reasons}
    graph = fresh.graph
    walked = set(graph) - fresh.camps()  # camps are never walked through (§M8)
    assert plain_removals == {c for c in plain_removals
                              if nx.is_connected(graph.subgraph(walked - {c}))}
    return (tuple(sorted(fresh.legal_positions(tile))),
            tuple(sorted(fresh.exchange_positions(tile))), tuple(sorted(plain_removals)))


def test_bit_set_listings_match_the_graph_along_random_games():
    """`placement_cells`, `exchange_cells` and `removable_cells`, made from the kept
    `CellBits`, equal the answers of the graph and the cell-by-cell tests, and the kept
    bits equal bits built afresh from the layout (after places, removals, exchanges,
    sticks and copies; City Gates, City Walls and camps among the modules)."""
    from alhambra_lib.cellbits import CellBits
    from alhambra_lib.modules.camps import Camps

    one_per_mask = list({t.mask: t for t in BUILDING_TILES}.values())
    camps = list({t.mask: t for t in Camps.tiles()}.values())
    checked = camped = 0
    for seed, (modules, hole_rule) in enumerate([
            ((), "enclosed"), (("gates", "city_walls"), "enclosed"), (("camps",), "enclosed"),
            (("camps", "gates"), "enclosed"), (("camps",), "single")]):
        game = Game(["Ana", "Ben", "Cy"], seed=seed, modules=modules, hole_rule=hole_rule)
        rng = random.Random(seed)
        step = 0
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            step += 1
            if step % 5:
                continue
            game = game.copy() if step % 15 == 0 else game
            for player in game.players:
                alhambra = game.alhambra(player)
                camped += bool(alhambra.camps())
                for tile in one_per_mask[step % 4::4] + camps[step % 3::3]:
                    fast = (alhambra.placement_cells(tile), alhambra.exchange_cells(tile),
                            alhambra.removable_cells())
                    assert fast == graph_listings(alhambra, tile), (seed, step, player)
                kept = alhambra._bits
                if kept is not None:
                    fresh = CellBits({c: t.mask for c, t in alhambra.layout.items()},
                                     alhambra.camps())
                    assert (kept.built, kept.walls, kept.camps) == (
                        fresh.built, fresh.walls, fresh.camps)
                    checked += 1
    assert checked > 100 and camped > 50


def test_bit_sets_grow_with_a_layout_beyond_their_grid():
    """A line of tiles far out of the first grid (8 cells each way) is listed right, both
    when built at once and when it grows tile by tile."""
    from alhambra_lib import Tile

    open_ew = Tile("garden", 8, "NS")
    line = {(x, 0): open_ew for x in range(-20, 21) if x}
    whole = Alhambra.from_layout(line)
    grown = Alhambra()
    grown.removable_cells()  # its bits are built now and kept while it grows
    for x in range(1, 21):
        grown.place(open_ew, (x, 0))
        grown.place(open_ew, (-x, 0))
    for alhambra in (whole, grown):
        assert alhambra.removable_cells() == ((-20, 0), (20, 0))
        assert alhambra.placement_cells(open_ew) == ((-21, 0), (21, 0))
        assert alhambra.exchange_cells(Tile("tower", 9, "E")) == ((20, 0),)
        assert alhambra._bits.off == 32


def test_kept_state_after_exchanges_matches_a_fresh_alhambra():
    """An exchange between two buildings keeps the walking graph, the frontier and the
    cut cells as they were and changes the walls, counts and facts near the cell
    (`Alhambra._replace`): after every action of random games (camps, gates and sticks
    among the modules) the kept state equals an Alhambra built afresh from the layout."""
    exchanges = 0
    for seed, modules in enumerate([(), ("camps", "gates", "city_walls")]):
        game = Game(["Ana", "Ben", "Cy"], seed=seed, modules=modules)
        rng = random.Random(seed)
        while not game.is_over:
            action = rng.choice(game.legal_actions())
            player = game.current_player
            game.apply(action)
            exchanges += getattr(action, "move", None) == "exchange"
            alhambra = game.alhambra(player)
            fresh = Alhambra.from_layout(alhambra.layout, check=False, gates=alhambra.gates())
            assert alhambra._adj == fresh._adj and alhambra.frontier() == fresh.frontier()
            assert alhambra.counts() == fresh.counts()
            assert alhambra.wall_segments() == fresh.wall_segments()
            assert alhambra.removable_cells() == fresh.removable_cells()
            graph = alhambra.graph  # built once, then kept up to date
            assert dict(graph.nodes(data="tile")) == dict(fresh.graph.nodes(data="tile"))
            assert nx.utils.edges_equal(graph.edges(data=True), fresh.graph.edges(data=True))
    assert exchanges > 50
