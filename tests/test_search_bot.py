"""`bots.SearchBot`: legal, deterministic, blind to what it cannot see, stronger than chance."""

import json
import random
import warnings
from collections import Counter

import pytest

from alhambra_lib import MODULES, Game
from alhambra_lib.bots import BOTS, RandomBot, SearchBot, make_bot, play
from alhambra_lib.bots.registry import bot_level
from alhambra_lib.bots.search import LEVELS, MoveAnalysis, evaluate
from alhambra_lib.engine import determinize
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
    assert list(LEVELS) == ["easy", "medium", "strong", "master"]  # master: issue 32
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


def test_analyse_a_module_game_and_refuse_a_finished_one():
    warnings.simplefilter("ignore")  # the provisional data of some modules
    game = Game(["Ana", "Ben", "Cy"], seed=1, modules=tuple(MODULES))
    rng = random.Random(1)
    for _ in range(30):
        game.apply(rng.choice(game.legal_actions()))
    moves = SearchBot("easy", seed=1).analyse(game.view(game.decision.player), n=2)
    assert len(moves) == min(2, len(game.legal_actions()))
    assert all(m.action in game.legal_actions() for m in moves)
    over = play(Game(["Ana", "Ben"], seed=2), [RandomBot(1), RandomBot(2)])
    with pytest.raises(AlhambraError, match="over"):
        SearchBot("easy").analyse(over.view("Ana"))


def test_the_evaluation_of_a_finished_game_is_its_score():
    game = play(Game(["Ana", "Ben"], seed=2), [RandomBot(1), RandomBot(2)])
    assert evaluate(game, "Ana") == game.scores


def test_every_module_decision_kind_is_searched():
    """Random players play games with modules; the first times each decision kind comes
    up, the search bot decides it (its search, no fallback) and its move is played."""
    kinds = set().union(*(module.decisions for module in MODULES.values()))
    asked = Counter()
    warnings.simplefilter("ignore")  # the provisional data of some modules
    sets = [tuple(MODULES), ("master_builders", "characters"), ("vizier",),
            ("thieves", "street_merchant", "treasure"), ("treasure",)]
    for seed, modules in enumerate(sets * 2):
        game = Game(["Ana", "Ben", "Cy"], seed=seed, modules=modules)
        rng = random.Random(seed)
        while not game.is_over:
            decision, legal = game.decision, game.legal_actions()
            choice = rng.choice(legal)
            if asked[decision.kind] < 2 and len(legal) > 1:
                asked[decision.kind] += 1
                bot = SearchBot("easy", seed=seed)
                choice = bot.choose(game.view(decision.player), legal)
                assert choice in legal
                # It searched: the ranking covers more than one candidate.
                assert len(bot._search(game.view(decision.player), legal)) > 1
            game.apply(choice)
    assert kinds <= set(asked), kinds - set(asked)


def test_the_search_weighs_a_kind_the_prior_does_not_judge():
    warnings.simplefilter("ignore")
    game = Game(["Ana", "Ben", "Cy"], seed=2, modules=("master_builders",))
    rng = random.Random(2)
    while not any(a.kind == "master_builder" for a in game.legal_actions()) or len(
            game.legal_actions()) < 8:
        game.apply(rng.choice(game.legal_actions()))
    view = game.view(game.decision.player)
    bot = SearchBot("easy", seed=0)
    kinds = [a.kind for a, *_ in bot._search(view, game.legal_actions())]
    assert "master_builder" in kinds and len(kinds) > bot.budget.candidates


def test_strength_smoke_easy_beats_random_players():
    wins = 0
    for seed in range(3):
        bots = [SearchBot("easy", seed=seed), RandomBot(seed), RandomBot(seed + 10)]
        order = bots[seed:] + bots[:seed]  # the search bot in every seat
        game = play(Game(["Ana", "Ben", "Cy"], seed=seed), order)
        search_name = game.players[order.index(bots[0])]
        wins += search_name in game.winners
    assert wins >= 2


@pytest.mark.slow  # random players drag a game with all modules out: minutes in all
def test_strength_smoke_easy_beats_random_players_with_all_modules():
    warnings.simplefilter("ignore")  # the provisional data of some modules
    wins = 0
    for seed in range(3):
        bots = [SearchBot("easy", seed=seed), RandomBot(seed), RandomBot(seed + 10)]
        order = bots[seed:] + bots[:seed]  # the search bot in every seat
        game = play(Game(["Ana", "Ben", "Cy"], seed=seed, modules=tuple(MODULES)), order)
        search_name = game.players[order.index(bots[0])]
        wins += search_name in game.winners
    assert wins >= 2


def test_unknown_kinds_are_skipped_in_module_games():
    from test_bots_modules import Injecting

    warnings.simplefilter("ignore")
    game = Game(["Ana", "Ben", "Cy"], seed=4, modules=tuple(MODULES))
    bot = Injecting(SearchBot("easy", seed=1))
    rng = random.Random(4)
    for _ in range(40):
        name, legal = game.decision.player, game.legal_actions()
        game.apply(bot.choose(game.view(name), legal) if rng.random() < 0.3
                   else rng.choice(legal))
    assert bot.choices > 3


# -- two players and Dirk (§10) ------------------------------------------------------------


def test_the_margin_and_the_win_are_over_the_real_players_only():
    """Dirk cannot win (§10): a player ahead of the other real player wins, however far
    Dirk is ahead, and the margin is over that player alone."""
    from alhambra_lib.bots.search import _margin_and_win

    scores = {"Ana": 50.0, "Ben": 40.0, "Dirk": 90.0}
    assert _margin_and_win(scores, "Ana", ("Ana", "Ben")) == (10.0, 1.0)
    assert _margin_and_win(scores, "Ben", ("Ana", "Ben")) == (-10.0, 0.0)


def _two_player_turn_end_with_a_gift(seed=0):
    game = Game(["Ana", "Ben"], seed=seed)
    rng = random.Random(seed)
    while not any(a.kind == "give" for a in game.legal_actions()):
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_the_best_gift_to_dirk_is_always_searched():
    game = _two_player_turn_end_with_a_gift()
    view = game.view(game.decision.player)
    kinds = [a.kind for a, *_ in SearchBot("easy", seed=0)._search(view, game.legal_actions())]
    assert "give" in kinds



def test_the_evaluation_grows_dirks_counts_by_his_gifts_to_come():
    """Before each later round Dirk's counts grow by the gift after the scoring before it
    (§10), each kind by its share of the bag, to the nearest half."""
    from alhambra_lib.bots.search import _add_dirk_gift

    game = Game(["Ana", "Ben"], seed=4)
    kinds = game.bag_kinds()
    assert sum(kinds.values()) == game.bag_size
    grown = dict.fromkeys(game.counts("Dirk"), 0.0)
    _add_dirk_gift(game, grown, after_round=1)
    for kind, n in grown.items():
        assert n == round(2 * 6 * kinds.get(kind, 0) / game.bag_size) / 2
    assert abs(sum(grown.values()) - 6) <= 1.5
    _add_dirk_gift(game, grown, after_round=2)  # a third of the bag on top
    assert abs(sum(grown.values()) - 6 - game.bag_size // 3) <= 3


@pytest.mark.parametrize("players, level, samples", [
    (["Ana", "Ben"], "strong", 24), (["Ana", "Ben", "Cy"], "strong", 12),
    (["Ana", "Ben"], "medium", 4)])
def test_the_strong_level_samples_twice_as_many_games_with_two_players(
        monkeypatch, players, level, samples):
    from alhambra_lib.bots import search

    game = Game(players, seed=2)
    view, legal = game.view(game.decision.player), game.legal_actions()
    # on the engine in use (the core's search where it holds the game): the games each
    # candidate was played on
    assert {n for *_, n in SearchBot(level, seed=0)._search(view, legal)} == {samples}
    calls = []
    monkeypatch.setattr(search, "core_search", lambda *args, **kwargs: None)
    monkeypatch.setattr(search, "determinize",
                        lambda view, seed: calls.append(seed) or determinize(view, seed))
    monkeypatch.setattr(SearchBot, "_roll_out", staticmethod(lambda *args: None))
    SearchBot(level, seed=0)._search(game.view(game.decision.player), legal)
    assert len(calls) == samples == LEVELS[level].samples_for(len(players))
