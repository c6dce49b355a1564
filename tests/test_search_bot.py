"""`bots.SearchBot`: legal, deterministic, blind to what it cannot see, stronger than chance."""

import json
import random
import warnings

import pytest

from alhambra_lib import MODULES, Game
from alhambra_lib.bots import BOTS, GreedyBot, RandomBot, SearchBot, make_bot, play
from alhambra_lib.bots.registry import bot_level
from alhambra_lib.bots.search import LEVELS, MoveAnalysis, evaluate
from alhambra_lib.errors import AlhambraError


def _midgame(seed=3, actions=12):
    game = Game(["Ana", "Ben", "Cy"], seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        game.apply(rng.choice(game.legal_actions()))
    while game.decision.kind != "act" or len(game.legal_actions()) < 4:
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_the_levels_and_the_registry():
    assert list(LEVELS) == ["easy", "medium", "strong"]
    assert {"search", "search_medium", "search_easy"} <= set(BOTS)
    assert make_bot("search", seed=2).level == "strong"
    assert make_bot("search_easy").level == "easy"
    assert bot_level("search_medium") == ("search", "medium")
    with pytest.raises(ValueError, match="unknown level 'hard'"):
        SearchBot("hard")


def test_the_same_seed_and_view_give_the_same_move():
    game = _midgame()
    name = game.decision.player
    moves = {SearchBot("easy", seed=4).choose(game.view(name), game.legal_actions())
             for _ in range(3)}
    assert len(moves) == 1 and moves <= set(game.legal_actions())


def test_no_peeking_a_game_differing_in_hidden_cards_gets_the_same_move():
    game = _midgame(seed=5)
    state = json.loads(game.to_json())
    pile = state["draw_pile"]
    money = [i for i, c in enumerate(pile) if c[0] != "scoring"]
    i = money[0]
    j = next(k for k in money if pile[k] != pile[i])
    pile[i], pile[j] = pile[j], pile[i]  # the draw pile's order: nobody sees it
    state["rng"] = json.loads(Game(["Ana", "Ben", "Cy"], seed=77).to_json())["rng"]
    twin = Game.from_json(json.dumps(state))
    name = game.decision.player
    assert twin.to_json() != game.to_json() and twin.view(name) == game.view(name)
    bot = SearchBot("easy", seed=1)
    assert bot.choose(twin.view(name), twin.legal_actions()) == \
           bot.choose(game.view(name), game.legal_actions())


def test_analyse_ranks_moves_with_their_expectations_in_words():
    game = _midgame()
    moves = SearchBot("easy", seed=1).analyse(game.view(game.decision.player), n=3)
    assert [m.rank for m in moves] == [1, 2, 3]
    assert all(isinstance(m, MoveAnalysis) and m.action in game.legal_actions() for m in moves)
    assert [m.margin for m in moves] == sorted((m.margin for m in moves), reverse=True)
    assert all(0 <= m.win_chance <= 1 and "points" in m.text and "%" in m.text for m in moves)


def test_analyse_refuses_a_module_game():
    game = Game(["Ana", "Ben"], seed=1, modules=("vizier",))
    with pytest.raises(AlhambraError, match="base game"):
        SearchBot("easy").analyse(game.view("Ana"))


def test_the_evaluation_of_a_finished_game_is_its_score():
    game = play(Game(["Ana", "Ben"], seed=2), [RandomBot(1), RandomBot(2)])
    assert evaluate(game, "Ana") == game.scores


def test_every_module_decision_kind_is_played():
    kinds = set().union(*(module.decisions for module in MODULES.values()))
    seen = set()
    warnings.simplefilter("ignore")  # the provisional data of some modules
    sets = [tuple(MODULES), ("vizier",), ("master_builders",), ("vizier", "thieves")]
    for seed, modules in enumerate(sets):
        game = Game(["Ana", "Ben", "Cy"], seed=seed, modules=modules)
        bots = {p: SearchBot("easy", seed=i) for i, p in enumerate(game.players)}
        while not game.is_over:
            decision, legal = game.decision, game.legal_actions()
            seen.add(decision.kind)
            choice = bots[decision.player].choose(game.view(decision.player), legal)
            assert choice in legal
            game.apply(choice)
    # The Wise Man's type (§M7): greedy bidders win it in this seeded game; its owner's
    # choice is then the search bot's.
    game = Game(["Ana", "Ben", "Cy"], seed=5, modules=("characters", "thieves", "vizier"))
    while game.decision.kind != "wise_man":
        game.apply(GreedyBot().choose(game.view(game.current_player), game.legal_actions()))
    legal = game.legal_actions()
    assert SearchBot("easy", seed=0).choose(game.view(game.current_player), legal) in legal
    seen.add(game.decision.kind)
    assert kinds - {"master_builder"} <= seen  # no bot plays a master builder card yet


def test_strength_smoke_easy_beats_random_players():
    wins = 0
    for seed in range(3):
        bots = [SearchBot("easy", seed=seed), RandomBot(seed), RandomBot(seed + 10)]
        order = bots[seed:] + bots[:seed]  # the search bot in every seat
        game = play(Game(["Ana", "Ben", "Cy"], seed=seed), order)
        search_name = game.players[order.index(bots[0])]
        wins += search_name in game.winners
    assert wins >= 2
