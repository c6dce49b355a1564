"""The search in the core (`core/src/policy/determinize.rs`, `search.rs`) against the
Python engine's: the same sampled games, save for save, and the same judged candidates,
float for float, so that `SearchBot` plays the same moves on both engines.

The positions come from seeded games played by a mix of the strategic bots and random
moves (`test_core_strategic.positions`), so redesigns, reserves, gifts to Dirk and
reshuffles of the draw pile happen.
"""

from __future__ import annotations

import json
import random

import pytest

import alhambra_lib.bots.search as search_module
from alhambra_lib import Game, InvalidInput, Unsupported, core_info
from alhambra_lib.bots import BOTS, BalancedBot, SearchBot, make_bot
from alhambra_lib.bots.registry import bot_level
from alhambra_lib.engine import determinize
from alhambra_lib.sim import Simulator, core_modules, core_search

from test_core_strategic import NAMES, positions

NATIVE = core_info()["engine"] == "native"
needs_core = pytest.mark.skipif(not NATIVE, reason="the compiled core is not in use")

#: (players, seed, end trigger): Dirk's two players, three to six, both end triggers.
GAMES = [(2 + seed % 5, seed, "bag_empty" if seed % 3 == 2 else "market_short")
         for seed in range(10)]


def python_search(bot: SearchBot, view, legal, keep=None):
    """`bot`'s search on the Python engine alone."""
    saved = search_module.core_search
    search_module.core_search = lambda *args, **kwargs: None
    try:
        return bot._search(view, legal, keep)
    finally:
        search_module.core_search = saved


@needs_core
@pytest.mark.parametrize("players, seed, end_trigger", GAMES)
def test_the_core_samples_the_games_determinize_samples(players, seed, end_trigger):
    compared = 0
    for game in positions(players, seed, end_trigger, share=0.15):
        for name in game.players:
            view, sample_seed = game.view(name), seed * 1000 + game.turn
            core = Simulator.determinize(view, sample_seed).to_json()
            assert core == determinize(view, sample_seed).to_json(), (name, game.turn)
            compared += 1
    assert compared > 10


@needs_core
def test_the_core_deals_a_reshuffled_pile_as_one_segment():
    game = next(g for g in positions(5, 0, "bag_empty", share=1.0)
                if any(e["type"] == "reshuffle" for e in g.events))
    view = game.view(game.current_player)
    assert len(json.loads(view.public.text)["draw_pile"]["segments"]) == 1
    for sample_seed in range(5):
        assert (Simulator.determinize(view, sample_seed).to_json()
                == determinize(view, sample_seed).to_json())


#: (level, wall weight, players, seed): every level, the wall-weight arms, Dirk.
SEARCHES = [("easy", 1.0, 3, 0), ("easy", 0.0, 2, 1), ("medium", 2.0, 4, 2),
            ("medium", 0.5, 2, 3), ("easy", 1.0, 5, 4), ("strong", 1.0, 3, 5)]


@needs_core
@pytest.mark.parametrize("level, weight, players, seed", SEARCHES)
def test_the_core_searches_as_the_python_search(level, weight, players, seed):
    bot = SearchBot(level, seed=seed, wall_weight=weight)
    rng, compared = random.Random(seed), 0
    share = 0.03 if level == "strong" else 0.08
    for game in positions(players, seed, "market_short", share=share):
        legal = game.legal_actions()
        if len(legal) == 1:
            continue
        view = game.view(game.current_player)
        keep = rng.choice([None, 7])  # analyse's wider lists too
        core = bot._search(view, legal, keep)
        assert core == python_search(bot, game.view(game.current_player), legal, keep), \
            (game.turn, view.player)
        compared += 1
    assert compared >= 3


@needs_core
def test_the_core_searches_any_decision_kind_with_dirk():
    """Gifts to Dirk are always searched: the core's candidates hold one too."""
    bot, found = SearchBot("easy", seed=2), 0
    for game in positions(2, 11, "market_short", share=1.0):
        legal = game.legal_actions()
        if not any(a.kind == "give" for a in legal) or len(legal) == 1:
            continue
        view = game.view(game.current_player)
        core = bot._search(view, legal, 1)
        assert core == python_search(bot, game.view(game.current_player), legal, 1)
        assert any(action.kind == "give" for action, *_ in core)
        found += 1
        if found == 3:
            break
    assert found == 3


@needs_core
def test_a_game_the_core_does_not_hold_is_searched_by_the_python_engine():
    game = Game(["Ana", "Ben", "Cy"], seed=1, hole_rule="single")
    view = game.view("Ana")
    assert core_search(view, seed=1, samples=2, candidates=2, horizon=1) is None
    action = SearchBot("easy", seed=1).choose(view, game.legal_actions())
    assert action in game.legal_actions()


#: (level, modules, players, seed, share of the decisions): all sixteen modules with three
#: players and with Dirk, three modules with six players, a random subset at the strong level.
MODULE_SEARCHES = [("easy", "all", 3, 1, 0.05), ("medium", "all", 2, 2, 0.05),
                   ("easy", ("treasure", "street_merchant", "characters"), 6, 3, 0.05),
                   ("strong", ("vizier", "squares", "camps", "bazaars", "thieves"), 4, 4, 0.05)]


@needs_core
@pytest.mark.parametrize("level, modules, players, seed, share", MODULE_SEARCHES)
def test_the_core_searches_mega_box_games_as_the_python_search(level, modules, players, seed,
                                                                share):
    bot = SearchBot(level, seed=seed)
    modules = core_modules() if modules == "all" else modules
    compared = 0
    for game in positions(players, seed, share=share, modules=modules):
        legal = game.legal_actions()
        if len(legal) == 1:
            continue
        view = game.view(game.current_player)
        core = bot._search(view, legal)
        assert core == python_search(bot, game.view(game.current_player), legal), \
            (game.turn, game.decision.kind)
        compared += 1
    assert compared >= 10


@needs_core
def test_the_core_refuses_a_search_for_a_player_not_to_move():
    import alhambra_core

    game = Game(["Ana", "Ben", "Cy"], seed=1)
    with pytest.raises(alhambra_core.InvalidGame, match="player to move"):
        alhambra_core.search(game.view("Ben").public.text, "Ben", 1, 2, 2, 1, 1.0)
    with pytest.raises(ValueError, match="no player"):
        alhambra_core.search(game.view("Ana").public.text, "Zoe", 1, 2, 2, 1, 1.0)


@needs_core
@pytest.mark.parametrize("seed", [-1, 1 << 64, 1.5, True])
def test_a_sample_needs_a_seed_the_core_takes(seed):
    view = Game(["Ana", "Ben"], seed=1).view("Ana")
    with pytest.raises(InvalidInput, match="seed"):
        Simulator.determinize(view, seed)


def test_a_finished_game_has_nothing_to_sample():
    game = Game(["Ana", "Ben"], seed=1)
    bot = BalancedBot()
    while not game.is_over:
        game.apply(bot.choose(game.view(game.current_player), game.legal_actions()))
    with pytest.raises(InvalidInput, match="over"):
        Simulator.determinize(game.view("Ana"), 1)


@pytest.mark.parametrize("weight", [float("nan"), float("inf"), "2", True, None])
def test_a_wall_weight_is_a_finite_number(weight):
    with pytest.raises(ValueError, match="wall_weight"):
        SearchBot("easy", wall_weight=weight)


def test_a_weighted_bot_says_its_weight():
    assert repr(SearchBot("strong", seed=3, wall_weight=2)) == \
        "SearchBot('strong', seed=3, wall_weight=2.0)"
    assert repr(SearchBot("strong", seed=3, wall_weight=1)) == "SearchBot('strong', seed=3)"


def test_the_wall_weight_scales_the_projected_walls_only():
    game = Game(list(NAMES[:3]), seed=3)
    bot = BalancedBot()
    for _ in range(60):
        game.apply(bot.choose(game.view(game.current_player), game.legal_actions()))
    walls = {p: game.alhambra(p).longest_wall() for p in game.players}
    assert any(walls.values())
    face, doubled = (search_module.evaluate(game, "Ana", w) for w in (1.0, 2.0))
    remaining = 3 - len(game.rounds_scored)
    for p in game.players:
        assert doubled[p] - face[p] == pytest.approx(remaining * walls[p])


# -- the master level ---------------------------------------------------------------------


@needs_core
def test_the_master_weighs_its_best_moves_on_the_most_games():
    game = Game(["Ana", "Ben", "Cy"], seed=4)
    bot = make_bot("search_master", seed=3)
    view, legal = game.view("Ana"), game.legal_actions()
    analysis = bot.analyse(view, n=len(legal), legal_actions=legal)
    samples = [move.samples for move in analysis]
    assert samples == sorted(samples, reverse=True) and samples[0] > samples[-1]
    assert samples[-1] == search_module.LEVELS["master"].samples
    assert analysis[0].action == bot.choose(game.view("Ana"), legal)  # the same seed and view
    assert bot.choose(view, legal) in legal


@needs_core
def test_the_master_plays_a_dirk_game_to_the_end_in_a_seat():
    game = Game(["Ana", "Ben"], seed=9)
    bots = {"Ana": make_bot("search_master", seed=1), "Ben": BalancedBot()}
    for _ in range(12):
        name = game.current_player
        game.apply(bots[name].choose(game.view(name), game.legal_actions()))
    assert not game.is_over and len(game.events) > 12


@needs_core
def test_the_master_refuses_a_game_the_core_does_not_hold():
    game = Game(["Ana", "Ben", "Cy"], seed=1, hole_rule="single")
    with pytest.raises(Unsupported, match="does not hold this game: hole_rule='single'"):
        SearchBot("master", seed=1).choose(game.view("Ana"), game.legal_actions())


@needs_core
def test_the_master_plays_a_mega_box_game_of_every_module():
    game = Game(["Ana", "Ben", "Cy"], seed=5, modules=core_modules())
    bot, others = make_bot("search_master", seed=2), BalancedBot()
    searched = 0
    while searched < 6:
        name, legal = game.current_player, game.legal_actions()
        chooser = bot if name == "Ana" else others
        action = chooser.choose(game.view(name), legal)
        assert action in legal
        searched += name == "Ana" and len(legal) > 1
        game.apply(action)
    assert not game.is_over


def test_the_master_needs_the_core(monkeypatch):
    monkeypatch.setattr(search_module, "core_info",
                        lambda: {"engine": "python", "reason": "ALHAMBRA_CORE=python"})
    with pytest.raises(Unsupported, match="compiled core.*ALHAMBRA_CORE=python"):
        SearchBot("master")
    with pytest.raises(Unsupported, match="compiled core"):
        make_bot("search_master")


def test_the_master_is_made_by_name_but_not_offered_in_the_menus():
    assert "search_master" not in BOTS
    assert bot_level("search_master") == ("search", "master")
