"""The strategic bots' valuation in the core (`core/src/policy/strategic.rs`) against
`StrategicBot` on the Python engine: the same ranking of the legal actions, on seeded
random positions of every decision kind of the base game, Dirk and the Mega Box modules
(each alone, random subsets, all sixteen, with their options), and the same rollouts;
and the search's projected scores (`core/src/policy/evaluate.rs`) against
`search.evaluate`.

The positions come from games played by a mix of the strategic bots and random moves
(so that redesigns, reserves and gifts to Dirk happen), sampled at random decisions.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from functools import lru_cache

import pytest

from alhambra_lib import Game, IllegalAction, InvalidInput, core_info
from alhambra_lib.bots import BalancedBot, MajorityHunter, StrategicBot, WallBuilder, Weights
from alhambra_lib.bots.search import SearchBot, evaluate
from alhambra_lib.sim import Simulator, core_modules

NATIVE = core_info()["engine"] == "native"
pytestmark = pytest.mark.skipif(not NATIVE, reason=f"the compiled core is not in use: "
                                                   f"{core_info()['reason']}")

NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve", "Fay")
#: The presets by their registry names, and swept weights (as a notebook sets them).
BOTS: dict[str, StrategicBot] = {"wall": WallBuilder(), "majority": MajorityHunter(),
                                 "balanced": BalancedBot()}
SWEPT = Weights(wall=2.5, first_place=0.7, tile=2, reserve=3.0, compact=0.35, future=0.3)
#: (players, seed, end trigger): Dirk's two players most often, every other count.
GAMES = [(2 if seed % 2 else 3 + seed % 8 // 2, seed,
          "bag_empty" if seed % 5 == 4 else "market_short") for seed in range(40)]


#: The modules' options, by the module each belongs to.
OPTIONS = {"thief_not_by_finisher": "thieves", "gates_all_six": "gates",
           "bazaars_distributed": "bazaars", "walls_piles_2_to_4": "city_walls",
           "experimental": "characters", "merchant_final_only": "street_merchant"}


def module_games() -> list[tuple[int, int, tuple[str, ...], tuple[str, ...]]]:
    """(players, seed, modules, options set) of the module games: each module alone (its
    options set), six random subsets and four games with all sixteen, 2-6 players (Dirk's
    two included), every option set in some."""
    modules = core_modules()
    games = []
    for seed, module in enumerate(modules):
        options = tuple(o for o, m in OPTIONS.items() if m == module and seed % 2)
        games.append((2 + seed % 5, seed, (module,), options))
    for seed in range(16, 22):
        rng = random.Random(seed)
        chosen = tuple(m for m in modules if rng.random() < 0.4)
        options = tuple(o for o, m in OPTIONS.items() if m in chosen and rng.random() < 0.5)
        games.append((2 + seed % 5, seed, chosen, options))
    for seed, players in zip(range(22, 26), (2, 3, 4, 6)):
        games.append((players, seed, modules, tuple(OPTIONS) if seed % 2 else ()))
    games.append((3, 109, ("treasure",), ()))  # a chest's building chosen (decision chests)
    return games


MODULE_GAMES = module_games() if NATIVE else []


@lru_cache(maxsize=None)
def module_positions(players: int, seed: int, modules: tuple[str, ...],
                     options: tuple[str, ...]) -> tuple[Game, ...]:
    """Copies of the positions of a module game (`positions`, 15 % of its decisions),
    played once for the tests that read them."""
    return tuple(game.copy() for game in positions(players, seed, share=0.15,
                                                   modules=modules, options=options))


def positions(players: int, seed: int, end_trigger: str = "market_short",
              share: float = 0.25, modules: tuple[str, ...] = (),
              options: tuple[str, ...] = ()) -> Iterator[Game]:
    """The positions of a seeded game, a `share` of its decisions: the game is played on
    by the strategic bots seven moves in ten, the others at random."""
    game = Game(list(NAMES[:players]), seed=seed, end_trigger=end_trigger, modules=modules,
                **dict.fromkeys(options, True))
    rng = random.Random(seed)
    bots = list(BOTS.values())
    while not game.is_over:
        if rng.random() < share:
            yield game
        legal = game.legal_actions()
        view = game.view(game.current_player)
        game.apply(rng.choice(bots).choose(view, legal) if rng.random() < 0.7
                   else rng.choice(legal))


def assert_ranked_alike(game: Game) -> None:
    """The core ranks `game`'s legal actions as each preset and SWEPT do."""
    sim = Simulator.from_game(game)
    view, legal = game.view(game.current_player), game.legal_actions()
    for name, bot in BOTS.items():
        assert sim.strategic_ranked(name) == bot.ranked(view, legal), \
            f"{name} at turn {game.turn}, decision {game.decision}"
    assert sim.strategic_ranked(SWEPT) == StrategicBot(SWEPT).ranked(view, legal)


@pytest.mark.parametrize("players, seed, end_trigger", GAMES)
def test_the_core_ranks_as_the_strategic_bots(players, seed, end_trigger):
    compared = 0
    for game in positions(players, seed, end_trigger):
        assert_ranked_alike(game)
        compared += 1
    assert compared > 10


@pytest.mark.parametrize("players, seed, modules, options", MODULE_GAMES)
def test_the_core_ranks_module_games_as_the_strategic_bots(players, seed, modules, options):
    games = module_positions(players, seed, modules, options)
    for game in games:
        assert_ranked_alike(game)
    assert len(games) > 5


def test_the_module_positions_meet_every_module_action_and_decision():
    kinds: Counter[str] = Counter()
    for players, seed, modules, options in MODULE_GAMES:
        for game in module_positions(players, seed, modules, options):
            kinds[f"decision {game.decision.kind}"] += 1
            kinds.update(action.kind for action in game.legal_actions())
    wanted = {"vizier", "wake", "decline", "take_hut", "steal", "master_builder", "buy_bazaar",
              "build_wall", "bid", "wise_man", "set_merchant", "take_citizen", "swap_citizen",
              "keep_citizens", "place_merchant", "buy_chests", "place_chest",
              *(f"decision {k}" for k in ("vizier", "window", "master_builder", "auction",
                                          "wise_man", "merchant", "chests"))}
    assert not {kind for kind in wanted if not kinds[kind]}


@pytest.mark.parametrize("players, seed, end_trigger", GAMES[:20])
def test_the_core_projects_the_scores_as_the_search_does(players, seed, end_trigger):
    compared = 0
    for game in positions(players, seed, end_trigger, share=0.1):
        sim = Simulator.from_game(game)
        assert sim.evaluate() == evaluate(game, game.current_player), f"turn {game.turn}"
        compared += 1
    assert compared > 3
    over = Simulator.from_game(game)  # the game played to its end: its final scores
    assert game.is_over and over.evaluate() == evaluate(game, game.players[0]) == game.scores


@pytest.mark.parametrize("players, seed, modules, options", MODULE_GAMES)
def test_the_core_projects_module_games_as_the_search_does(players, seed, modules, options):
    games = module_positions(players, seed, modules, options)
    for game in games:
        sim = Simulator.from_game(game)
        assert sim.evaluate() == evaluate(game, game.current_player), f"turn {game.turn}"
    assert len(games) > 5


def test_the_positions_cover_every_decision_and_action_kind():
    kinds: Counter[str] = Counter()
    for players, seed, end_trigger in GAMES[:12]:
        for game in positions(players, seed, end_trigger):
            kinds[game.decision.kind] += 1
            kinds.update(action.kind for action in game.legal_actions())
            kinds.update(f"redesign {a.move}" for a in game.legal_actions()
                         if a.kind == "redesign")
    for kind in ("act", "place", "final_place", "take", "buy", "end", "reserve", "give",
                 "redesign place", "redesign remove", "redesign exchange"):
        assert kinds[kind] > 0, kind


def test_the_core_chooses_the_example_of_the_docstring():
    sim = Simulator(["Ana", "Ben", "Cy"], seed=7)
    assert str(sim.strategic_ranked("balanced")[0]) == "buy 8-tower from florin square paying 9"


@pytest.mark.parametrize("players, seed", [(2, 11), (3, 12), (4, 13)])
def test_a_rollout_in_the_core_plays_the_python_loop_move_for_move(players, seed):
    names = list(NAMES[:players])
    for start in (0, 40):
        game = Game(names, seed=seed)
        chooser = random.Random(seed)
        for _ in range(start):
            game.apply(chooser.choice(game.legal_actions()))
        seats = {name: ("wall", "majority", "balanced")[i % 3] for i, name in enumerate(names)}
        sim = Simulator.from_game(game)
        until = None if start else game.turn + 2 * players  # two rounds of turns, as search
        played = sim.roll_out(seats, until_turn=until)
        SearchBot._roll_out(game, {name: BOTS[w] for name, w in seats.items()}, until)
        assert played > 0
        assert sim.to_json() == game.to_json()
        assert sim.is_over == game.is_over and sim.scores == game.scores


@pytest.mark.parametrize("players, seed, modules",
                         [(2, 31, core_modules()), (3, 32, core_modules()),
                          (5, 33, ("squares", "camps", "bazaars", "treasure"))] if NATIVE else [])
def test_a_rollout_of_a_module_game_plays_the_python_loop_move_for_move(players, seed,
                                                                         modules):
    names = list(NAMES[:players])
    for start in (0, 40):
        game = Game(names, seed=seed, modules=modules)
        chooser = random.Random(seed)
        for _ in range(start):
            game.apply(chooser.choice(game.legal_actions()))
        seats = {name: ("wall", "majority", "balanced")[i % 3] for i, name in enumerate(names)}
        sim = Simulator.from_game(game)
        until = None if start else game.turn + 2 * players
        assert sim.roll_out(seats, until_turn=until) > 0
        SearchBot._roll_out(game, {name: BOTS[w] for name, w in seats.items()}, until)
        assert sim.to_json() == game.to_json()


def test_a_game_with_modules_is_ranked_evaluated_and_rolled_out():
    # The valuation, the evaluation and the rollouts take module games since issue 32.
    sim = Simulator(["Ana", "Ben", "Cy"], seed=1, modules=("diamonds",))
    game = sim.to_game()
    assert sim.strategic_ranked() == BalancedBot().ranked(game.view(game.current_player),
                                                          game.legal_actions())
    assert sim.evaluate() == evaluate(game, game.current_player)
    assert sim.roll_out({"Ana": "wall", "Ben": "wall", "Cy": "wall"}) > 0
    assert sim.is_over


def test_the_core_explains_a_module_action_as_the_bot_does():
    game = Game(["Ana", "Ben", "Cy"], seed=5, modules=core_modules())
    bot = WallBuilder()
    for _ in range(60):  # into the game, where tiles, huts and chests are judged
        game.apply(bot.choose(game.view(game.current_player), game.legal_actions()))
    sim, view = Simulator.from_game(game), game.view(game.current_player)
    for action in game.legal_actions()[:40]:
        assert sim.strategic_features(action, "wall") == bot.features(view, action)
    with pytest.raises(InvalidInput, match="an action of a kind"):
        sim.strategic_features("take")  # type: ignore[arg-type]


def test_bad_weights_and_seats_are_refused_and_nothing_is_played():
    sim = Simulator(["Ana", "Ben", "Cy"], seed=1)
    before = sim.to_json()
    with pytest.raises(InvalidInput, match="a Weights or one of wall, majority, balanced"):
        sim.strategic_ranked("greedy")  # type: ignore[arg-type]
    with pytest.raises(InvalidInput, match="weights for each of Ana, Ben, Cy"):
        sim.roll_out({"Ana": "wall", "Ben": "wall"})
    with pytest.raises(InvalidInput, match="until_turn"):
        sim.roll_out({"Ana": "wall", "Ben": "wall", "Cy": "wall"}, until_turn=-1)
    assert sim.to_json() == before


def test_a_finished_game_has_no_ranking():
    sim = Simulator(["Ana", "Ben"], seed=2)
    sim.roll_out({"Ana": "balanced", "Ben": "balanced"})
    assert sim.is_over
    with pytest.raises(IllegalAction, match="over"):
        sim.strategic_ranked()
