"""The strategic bots' valuation in the core (`core/src/policy/strategic.rs`) against
`StrategicBot` on the Python engine: the same ranking of the legal actions, on seeded
random base-game and Dirk positions of every decision kind, and the same rollouts; and
the search's projected scores (`core/src/policy/evaluate.rs`) against `search.evaluate`.

The positions come from games played by a mix of the strategic bots and random moves
(so that redesigns, reserves and gifts to Dirk happen), sampled at random decisions.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from alhambra_lib import Game, IllegalAction, InvalidInput, Unsupported, core_info
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


def positions(players: int, seed: int, end_trigger: str,
              share: float = 0.25) -> Iterator[Game]:
    """The positions of a seeded game, a `share` of its decisions: the game is played on
    by the strategic bots seven moves in ten, the others at random."""
    game = Game(list(NAMES[:players]), seed=seed, end_trigger=end_trigger)
    rng = random.Random(seed)
    bots = list(BOTS.values())
    while not game.is_over:
        if rng.random() < share:
            yield game
        legal = game.legal_actions()
        view = game.view(game.current_player)
        game.apply(rng.choice(bots).choose(view, legal) if rng.random() < 0.7
                   else rng.choice(legal))


@pytest.mark.parametrize("players, seed, end_trigger", GAMES)
def test_the_core_ranks_as_the_strategic_bots(players, seed, end_trigger):
    compared = 0
    for game in positions(players, seed, end_trigger):
        sim = Simulator.from_game(game)
        view, legal = game.view(game.current_player), game.legal_actions()
        for name, bot in BOTS.items():
            assert sim.strategic_ranked(name) == bot.ranked(view, legal), \
                f"{name} at turn {game.turn}, decision {game.decision}"
        assert sim.strategic_ranked(SWEPT) == StrategicBot(SWEPT).ranked(view, legal)
        compared += 1
    assert compared > 10


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


#: (module set, players, seed, module options): each module alone, then all sixteen with
#: three players, with Dirk and with six, and every module option.
MODULE_GAMES = [((name,), 3 + i % 2, 100 + i, {}) for i, name in enumerate(core_modules())] + [
    (core_modules(), 3, 120, {}), (core_modules(), 2, 121, {"experimental": True}),
    (core_modules(), 6, 122, {"merchant_final_only": True, "gates_all_six": True})]


def module_positions(modules: tuple[str, ...], players: int, seed: int,
                     options: dict[str, bool], share: float = 0.05) -> Iterator[Game]:
    """A `share` of the decisions of a seeded game of `modules`, played at random."""
    game = Game(list(NAMES[:players]), seed=seed, modules=modules, **options)
    rng = random.Random(seed)
    while not game.is_over:
        if rng.random() < share:
            yield game
        game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize("modules, players, seed, options", MODULE_GAMES,
                         ids=[f"{'+'.join(m) if len(m) == 1 else 'all'}-{p}p"
                              for m, p, _, _ in MODULE_GAMES])
def test_the_core_projects_module_games_as_the_search_does(modules, players, seed, options):
    compared = 0
    for game in module_positions(modules, players, seed, options):
        sim = Simulator.from_game(game)
        assert sim.evaluate() == evaluate(game, game.current_player), f"turn {game.turn}"
        compared += 1
    assert compared > 3
    over = Simulator.from_game(game)
    assert game.is_over and over.evaluate() == evaluate(game, game.players[0]) == game.scores


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


def test_a_game_with_modules_is_refused():
    sim = Simulator(["Ana", "Ben", "Cy"], seed=1, modules=("diamonds",))
    with pytest.raises(Unsupported, match="base game and Dirk only"):
        sim.strategic_ranked()
    before = sim.to_json()
    with pytest.raises(Unsupported, match="base game and Dirk only"):
        sim.roll_out({"Ana": "wall", "Ben": "wall", "Cy": "wall"})
    assert sim.to_json() == before


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
