"""The fast listing of legal actions equals the plain one, at every decision of random games.

The engine keeps listings (redesigns per player and layout, bazaar and chest purchases
by hand, takes by display), asks each module only in the decisions it can act in, and
asks the vizier's purchases only of a hand that may pay exactly. None of it may change a listing: `plain_legal_actions` (tests/_plain_listing.py)
lists the plain, uncached way, and the two must agree action for action, in order.
"""

import random

import networkx as nx
import pytest
from _plain_listing import plain_legal_actions

from alhambra_lib import MODULES, Alhambra, Game
from alhambra_lib.payments import may_pay_exactly, money_pays_exactly
from alhambra_lib.reach import cut_cells
from alhambra_lib.engine.context import module_context

NAMES = ["Ana", "Ben", "Cy", "Dana"]


def random_game(seed, modules, players=3, hole_rule="enclosed"):
    """Yield a seeded game at every decision of random legal play."""
    game = Game(NAMES[:players], seed=seed, modules=modules, hole_rule=hole_rule)
    choose = random.Random(seed).choice
    while not game.is_over:
        yield game
        game.apply(choose(game.legal_actions()))


def module_subset(seed):
    """A random subset of the modules (all of them now and then)."""
    rng = random.Random(1000 + seed)
    names = list(MODULES)
    return tuple(names) if seed % 4 == 0 else tuple(rng.sample(names, rng.randint(1, 8)))


def assert_listing_plain(game):
    fast = game.legal_actions()
    plain = plain_legal_actions(game)
    assert fast == plain, (game.decision, [a for a in fast if a not in plain][:5],
                           [a for a in plain if a not in fast][:5])


@pytest.mark.parametrize("seed", range(8))
def test_fast_listing_is_the_plain_one_with_random_modules(seed):
    modules = module_subset(seed)
    players = 2 + seed % 3
    vizier = MODULES["vizier"]()
    for game in random_game(seed, modules, players):
        assert_listing_plain(game)
        if "vizier" in modules:
            for player in game.players:
                assert vizier.can_buy(module_context(game), player) == bool(vizier.purchases(module_context(game), player))


@pytest.mark.parametrize("hole_rule", ["enclosed", "single"])
def test_fast_listing_is_the_plain_one_in_the_base_game(hole_rule):
    for seed in range(2):
        for game in random_game(seed, (), 3, hole_rule):
            assert_listing_plain(game)


def test_listing_twice_the_same_and_kept_per_version():
    """A listing asked twice is the same; the caches are named in `_CACHES`."""
    from alhambra_lib.engine.game import _CACHES

    game = Game(NAMES[:3], seed=4, modules=tuple(MODULES))
    assert game.legal_actions() == game.legal_actions()
    assert set(_CACHES) <= set(vars(game))
    version = game._version
    game.apply(game.legal_actions()[0])
    assert game._version == version + 1


def test_may_pay_exactly_never_hides_an_exact_payment():
    """False only when no listed payment is exact (it is a quick test before listing)."""
    for seed in range(3):
        for game in random_game(seed, ("vizier", "change", "master_builders"), 3):
            for player in game.players:
                if not may_pay_exactly(game.hand(player), game.market):
                    assert not any(b.exact for b in module_context(game).payment_options(player))


def test_money_paying_exactly_is_a_listed_exact_payment():
    """`money_pays_exactly` (the window's shortcut) is True only when some listed payment
    is exact, module money (master builders, coins) and exchange cards in hand too."""
    seen = 0
    for seed in range(3):
        for game in random_game(seed, ("vizier", "change", "master_builders", "exchange",
                                       "diamonds"), 3):
            for player in game.players:
                if money_pays_exactly(game.hand(player), game.market):
                    seen += 1
                    assert any(b.exact for b in module_context(game).payment_options(player))
    assert seen


def test_cut_cells_on_plain_dicts_are_the_articulation_points():
    """The redesign listing walks the graph's plain adjacency dicts: the same graph."""
    for seed in range(2):
        for game in random_game(seed, ("camps",), 3):
            alhambra = game.alhambra(game.players[0])
            graph = alhambra.graph
            if (0, 0) not in graph or not nx.is_connected(graph.subgraph(
                    nx.node_connected_component(graph, (0, 0)))):
                continue
            component = graph.subgraph(nx.node_connected_component(graph, (0, 0)))
            expected = set(nx.articulation_points(component)) - {(0, 0)}
            assert cut_cells(graph._adj) == cut_cells(graph.adj) == expected


@pytest.mark.parametrize("seed", [0, 1, 4])
def test_kept_cut_cells_are_the_articulation_points(seed):
    """The cut cells an Alhambra keeps across placements, exchanges, sticks and the
    removal of a leaf (rather than searching again) are networkx's articulation points,
    after every action."""
    modules = module_subset(seed)
    for game in random_game(seed, modules, 3):
        for player in game.players:
            alhambra = game.alhambra(player)
            component = alhambra.graph.subgraph(
                nx.node_connected_component(alhambra.graph, (0, 0)))
            expected = set(nx.articulation_points(component)) - {(0, 0)}
            assert alhambra._redesign_facts()[0] == expected, (player, alhambra._cut)


def test_kept_cell_listings_follow_every_change():
    """`placement_cells`, `exchange_cells`, `removable_cells` and `stick_cells` of one
    Alhambra changed again and again equal the plain answers on a fresh one."""
    from alhambra_lib import BUILDING_TILES

    rng = random.Random(5)
    alhambra = Alhambra()
    tiles = list(BUILDING_TILES)
    for _ in range(120):
        fresh = Alhambra.from_layout(alhambra.layout, check=False)
        probe = rng.choice(tiles)
        assert alhambra.placement_cells(probe) == tuple(sorted(fresh.legal_positions(probe)))
        assert alhambra.exchange_cells(probe) == tuple(sorted(fresh.exchange_positions(probe)))
        assert alhambra.removable_cells() == tuple(sorted(fresh.removable_positions()))
        for sides in ("N", "ES", "W"):
            assert alhambra.stick_cells(sides) == tuple(sorted(
                cell for cell in fresh.layout if fresh.check_sticks(cell, sides).ok))
        removable = alhambra.removable_cells()
        if removable and rng.random() < 0.3:
            alhambra.remove(rng.choice(removable))
            continue
        tile = rng.choice(tiles)
        cells = alhambra.placement_cells(tile)
        if cells and tile not in alhambra.layout.values():
            alhambra.place(tile, rng.choice(cells))


def test_views_are_kept_snapshots_with_modules_read_when_asked():
    """`view` is kept per state version and player; a view's module sections read after
    the game moved on are those of its moment; nothing in it can be changed."""
    from alhambra_lib.engine.view import make_view

    for seed in range(2):
        game = Game(NAMES[:3], seed=seed, modules=tuple(MODULES))
        choose = random.Random(seed).choice
        for _ in range(60):
            if game.is_over:
                break
            name = game.current_player
            view = game.view(name)
            assert game.view(name) is view
            eager = make_view(game, name)  # every section computed now
            game.apply(choose(game.legal_actions()))
            assert game.view(name) is not view
            assert dict(view.modules) == dict(eager.modules)
            assert view == eager
        for section in view.modules.values():
            if isinstance(section, dict) and section:
                with pytest.raises(TypeError):
                    section[next(iter(section))] = None


def test_a_game_view_cannot_be_pickled_or_deep_copied():
    """Issue 34 (5): a view pickles and deep-copies (its read-only mappings did not), and
    compares equal after; the copy is as read-only as the view, and holds no game."""
    import copy
    import pickle
    from types import MappingProxyType

    from alhambra_lib.engine.view import FrozenDict

    game = Game(NAMES[:3], seed=3, modules=tuple(MODULES))
    choose = random.Random(3).choice
    for _ in range(40):
        view = game.view(game.current_player)  # its sections not read yet
        shipped, copied = pickle.dumps(view), copy.deepcopy(view)
        game.apply(choose(game.legal_actions()))
        for other in (pickle.loads(shipped), copied):
            assert other == view and view == other
            assert isinstance(other.layouts, MappingProxyType)
            assert all(isinstance(layout, MappingProxyType) for layout in other.layouts.values())
            assert isinstance(other.modules, FrozenDict) and other.public == view.public
            assert other.alhambra("Ben").layout == view.alhambra("Ben").layout
            with pytest.raises(TypeError):
                other.scores["Ana"] = 99
    assert pickle.loads(pickle.dumps(Game(NAMES[:2], seed=1).view("Ana"))) == Game(
        NAMES[:2], seed=1).view("Ana")


def test_views_not_held_are_never_completed():
    """A view dropped before the game changes costs no module section."""
    import gc

    game = Game(NAMES[:3], seed=2, modules=tuple(MODULES))
    game.view("Ana")
    gc.collect()
    assert all(held() is None for held in game._live_views)
    game.apply(game.legal_actions()[0])
    assert game._live_views == []
    for _ in range(300):  # views asked and dropped between two actions are forgotten
        game.view("Ben")
    assert len(game._live_views) <= 70


def test_modules_shown_their_event_types_alone_record_the_same_game():
    """A module sees only the events of its `event_types`: shown every event, as a plain
    engine would, the modules record exactly the same game."""
    modules = ("change", "street_merchant", "invaders", "vizier", "master_builders")
    for seed in range(3):
        fast = Game(NAMES[:3], seed=seed, modules=modules)
        plain = Game(NAMES[:3], seed=seed, modules=modules)
        plain._watchers, plain._watching_all = {}, plain._event_hooks
        choose = random.Random(seed).choice
        while not fast.is_over:
            action = choose(fast.legal_actions())
            fast.apply(action)
            plain.apply(action)
        assert fast.to_json() == plain.to_json()


def test_unanchoring_cells_by_chains_are_those_of_the_plain_search():
    """The chains of camps answer for their non-camp neighbours as the search of
    `_anchored` does, cell by cell."""
    checked = 0
    for seed in range(6):
        for game in random_game(seed, ("camps",), 2 + seed % 3):
            for player in game.players:
                alhambra = game.alhambra(player)
                if not alhambra._camps:
                    continue
                camps = alhambra._camps
                near = set(camps) | {n for c in camps for n in
                                     [(c[0] + 1, c[1]), (c[0] - 1, c[1]), (c[0], c[1] + 1),
                                      (c[0], c[1] - 1)] if n in alhambra.layout}
                plain = {c for c in near if c != (0, 0) and not alhambra._anchored(c)}
                assert alhambra._unanchoring() == plain
                checked += 1
    assert checked
