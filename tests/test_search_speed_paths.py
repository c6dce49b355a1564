"""The shortcuts that make `SearchBot` decide faster (issue 23) give what the long way
gives: a view's modules answer ``in`` without computing a section, a layout's facts are
found again only for the same tiles on the same cells, and the samples of one view share
the draw pile's cards, each read once. (The moves themselves: tests/test_search_golden.py.)
"""

import copy
import random
import warnings

from alhambra_lib import MODULES, Game
from alhambra_lib.bots import strategic
from alhambra_lib.bots.module_values import module_counts
from alhambra_lib.engine import determinize
from alhambra_lib.walls import WallGraph


def _played(modules=(), actions=40, seed=2):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the provisional data of some modules
        game = Game(["Ana", "Ben", "Cy"], seed=seed, modules=modules)
    rng = random.Random(seed)
    for _ in range(actions):
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_in_tells_the_modules_in_play_without_computing_a_section():
    view = _played(("squares", "vizier"), actions=5).view("Ana")
    assert "squares" in view.modules and "vizier" in view.modules
    assert "gates" not in view.modules and 3 not in view.modules
    assert view.modules._parts == {}
    assert view.gates("Ana") == () and "gates" not in view.modules._parts


def _wall_length(layout):
    walls, grown = WallGraph(), {}
    for cell, tile in layout.items():
        grown[cell] = tile
        walls.tile_added(cell, grown)
    return walls.length()


def test_a_layouts_facts_are_those_of_the_layout_computed_afresh():
    game = _played(tuple(MODULES), actions=150)
    for name in game.players:
        view = game.view(name)
        layout = dict(view.layouts[name])
        facts = strategic._layout_facts(layout)
        assert strategic._layout_facts(dict(layout)) is facts  # the same tiles: found again
        assert facts.counts(view, name) == module_counts(view, name)
        rules = (view.options["hole_rule"], view.gates(name))
        fresh = view.alhambra(name)
        for tile in [t for _, t in view.market if t is not None]:
            cells = facts.legal_cells(view, name, rules, tile)
            assert cells == sorted(fresh.legal_positions(tile))
            for cell in cells:
                assert facts.wall_change(add=(tile, cell)) == \
                       _wall_length({**layout, cell: tile}) - _wall_length(layout)
        for cell in [c for c in layout if c != (0, 0)]:
            without = {c: t for c, t in layout.items() if c != cell}
            assert facts.wall_change(remove=cell) == _wall_length(without) - _wall_length(layout)


def test_equal_tiles_that_are_other_objects_get_their_own_facts():
    layout = dict(_played(actions=60).view("Ana").layouts["Ana"])
    copied = {cell: copy.copy(tile) for cell, tile in layout.items()}
    assert copied == layout and copied[(0, 0)] is not layout[(0, 0)]
    assert strategic._layout_facts(copied) is not strategic._layout_facts(layout)


def test_the_kept_facts_are_bounded():
    game = _played(actions=5)
    start = game.view("Ana").layouts["Ana"]
    tile = next(t for _, t in game.view("Ana").market if t is not None)
    for x in range(strategic._LAYOUTS_KEPT + 10):
        strategic._layout_facts({**start, (x + 5, 40): tile})
    assert len(strategic._LAYOUTS) == strategic._LAYOUTS_KEPT


def test_the_samples_of_a_view_share_the_pile_cards_read_once():
    for modules in ((), tuple(MODULES)):
        game = _played(modules, actions=60)
        view = game.view(game.decision.player)
        one, two = determinize(view, 1), determinize(view, 2)
        read = [card for _, card in view.public._pile_cards.values()]
        assert {id(c) for c in one._draw + two._draw} <= set(map(id, read))
        hidden = sum(map(len, view.public.value()["hidden"].values()))
        assert len(read) == len(set(map(id, read))) <= hidden  # each secret read once
        assert [str(c) for c in one._draw] != [str(c) for c in two._draw]  # dealt anew
        assert one.view(view.player) == view == two.view(view.player)
        if not modules:  # the base game's pile holds the same cards in every sample
            assert sorted(map(str, one._draw)) == sorted(map(str, two._draw))
