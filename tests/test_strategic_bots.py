"""Strategic bots: one evaluation, three presets, legal and deterministic choices."""

import statistics
from functools import partial

import pytest

from alhambra_lib import Game
from alhambra_lib.bots import (
    BalancedBot,
    Bot,
    GreedyBot,
    MajorityHunter,
    StrategicBot,
    WallBuilder,
    Weights,
    play,
)
from alhambra_lib.bots.strategic import FEATURES

try:
    from ._game_helpers import build, cards, do, real_tile, set_hand, set_market, set_reserve
except ImportError:
    from _game_helpers import build, cards, do, real_tile, set_hand, set_market, set_reserve

NAMES = ["Ana", "Ben", "Cy", "Dana"]


class Checked:
    """Wraps a bot: every choice must be one of the legal actions, and repeatable."""

    def __init__(self, make):
        self.make, self.bot, self.choices = make, make(), 0

    def choose(self, view, legal):
        choice = self.bot.choose(view, legal)
        assert choice in legal, f"{choice} is not legal"
        assert self.make().choose(view, list(legal)) == choice, "a fresh bot chose otherwise"
        self.choices += 1
        return choice


def test_presets_are_one_class_with_different_weights():
    bots = [WallBuilder(), MajorityHunter(), BalancedBot()]
    assert all(isinstance(b, StrategicBot) and isinstance(b, Bot) for b in bots)
    assert {type(b).choose for b in bots} == {StrategicBot.choose}
    assert len({b.weights for b in bots}) == 3
    assert WallBuilder().weights.wall > BalancedBot().weights.wall > MajorityHunter().weights.wall
    assert MajorityHunter().weights.first_place > WallBuilder().weights.first_place
    assert set(FEATURES) | {"future"} == set(Weights.__dataclass_fields__)


def test_weights_can_be_overridden_or_replaced():
    assert WallBuilder(wall=5.0).weights.wall == 5.0
    assert WallBuilder(wall=5.0).weights.money == WallBuilder().weights.money
    assert BalancedBot(weights=Weights(money=0.0)).weights == Weights(money=0.0)
    assert BalancedBot(weights=Weights(), wall=2).weights == Weights(wall=2)
    assert repr(WallBuilder(wall=5.0, money=0.1)) == "WallBuilder(wall=5.0, money=0.1)"
    assert repr(MajorityHunter()) == "MajorityHunter()"
    with pytest.raises(ValueError, match="unknown weight walls: the weights are wall, "):
        WallBuilder(walls=3.0)
    with pytest.raises(TypeError, match="weight money must be a finite real number"):
        Weights(money=float("nan"))
    with pytest.raises(TypeError, match="weights must be a Weights"):
        BalancedBot(weights={"wall": 1.0})


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3)])
def test_bots_only_choose_legal_actions_and_are_deterministic(players, seed):
    makers = [WallBuilder, MajorityHunter, BalancedBot, partial(WallBuilder, reserve=-1.0)]
    bots = [Checked(makers[i]) for i in range(players)]
    game = play(Game(NAMES[:players], seed=seed), bots)
    assert game.is_over and all(b.choices > 20 for b in bots)
    kinds = {e["type"] for e in game.events}
    assert {"place", "buy", "take"} <= kinds


def test_two_player_bots_may_give_to_dirk():
    # A bot that likes the reserve even less than handing Dirk a tile still plays legally.
    bots = [Checked(partial(BalancedBot, reserve=50.0, tile=-5.0)) for _ in range(2)]
    game = play(Game(["Ana", "Ben"], seed=5), bots)
    assert game.is_over and any(e["type"] == "give" for e in game.events)


def test_same_view_same_choice_with_any_bot_instance():
    game = Game(NAMES[:3], seed=11)
    shared = BalancedBot()
    for _ in range(60):
        view, legal = game.view(game.current_player), game.legal_actions()
        choice = shared.choose(view, legal)
        assert choice == BalancedBot().choose(game.view(game.current_player), legal)
        game.apply(choice)


def test_ties_go_to_the_first_action():
    game = Game(NAMES[:3], seed=7)
    flat = BalancedBot(weights=Weights(**dict.fromkeys(FEATURES, 0.0)))
    legal = game.legal_actions()
    assert flat.choose(game.view(game.current_player), legal) == legal[0]
    assert flat.choose(game.view(game.current_player), legal[::-1]) == legal[-1]


def test_features_of_a_purchase():
    game = Game(NAMES[:3], seed=5)
    game = set_market(game, [real_tile("pavilion", 8, ""), real_tile("seraglio", 9, ""),
                             real_tile("garden", 8, "NE"), real_tile("tower", 12, "")])
    game = set_hand(game, "Cy", cards("6 ducat", "5 ducat", "3 ducat"))
    view = game.view("Cy")
    exact = next(a for a in game.legal_actions() if str(a).endswith("paying 5+3 (exact)"))
    changes = BalancedBot().features(view, exact)
    assert set(changes) == set(FEATURES)
    # first garden of the table: 5 now, (12 + 20) / 2 later; NE walls: two segments
    assert changes["first_place"] == 5 + 0.5 * (12 + 20)
    assert changes["wall"] == 2 * (1 + 0.5 + 0.5)
    assert (changes["exact_payment"], changes["money"], changes["tile"]) == (1, -8, 1)
    assert BalancedBot().choose(view, game.legal_actions()) == exact


def test_wall_builder_places_for_the_longest_wall():
    game = Game(NAMES[:3], seed=5)
    game = build(game, "Cy", [((0, 1), real_tile("garden", 8, "NE"))])
    game = set_market(game, [real_tile("pavilion", 8, ""), real_tile("seraglio", 9, ""),
                             real_tile("tower", 11, "N"), real_tile("tower", 12, "")])
    game = set_hand(game, "Cy", cards("9 ducat", "2 ducat"))
    do(game, "buy 11-tower from ducat square paying 9+2 (exact)")
    do(game, "end")
    choice = WallBuilder().choose(game.view("Cy"), game.legal_actions())
    assert choice.kind == "place"
    walls = {}
    for pos in game.alhambra("Cy").legal_positions(choice.tile):
        trial = game.alhambra("Cy").copy()
        trial.place(choice.tile, pos)
        walls[pos] = trial.longest_wall()
    assert walls[choice.pos] == max(walls.values()) == 3 and min(walls.values()) == 2


def test_redesign_features_probe_walls_without_changing_the_view():
    game = Game(NAMES[:3], seed=5)
    game = build(game, "Cy", [((0, 1), real_tile("garden", 8, "NE")),
                              ((1, 0), real_tile("arcades", 8, "N"))])
    game = set_reserve(game, "Cy", [real_tile("tower", 9, "NE")])
    while game.current_player != "Cy":
        game.apply(game.legal_actions()[0])
    view, legal = game.view("Cy"), game.legal_actions()
    layout = dict(view.layouts["Cy"])
    by_text = {str(a): a for a in legal}
    remove = by_text["redesign: move (1, 0) to reserve"]
    exchange = by_text["redesign: exchange 9-tower from reserve with the tile at (1, 0)"]
    rounds = 1 + 0.5 + 0.5  # the next round counts fully, the two later ones half
    changes = WallBuilder().features(view, remove)  # the wall of 3 loses its east end
    assert (changes["wall"], changes["tile"], changes["reserve"]) == (-1 * rounds, -1, 1)
    changes = WallBuilder().features(view, exchange)  # the tower's E wall adds one more
    assert (changes["wall"], changes["tile"], changes["reserve"]) == (1 * rounds, 0, 0)
    assert dict(view.layouts["Cy"]) == layout


def _mean_final_walls(probe, rival, games=30):
    """Mean final walls of `probe` and `rival`, playing with a GreedyBot in every seat order."""
    walls = {"probe": [], "rival": []}
    for g in range(games):
        seats = [("probe", probe), ("rival", rival), ("greedy", GreedyBot)]
        seats = seats[g % 3:] + seats[:g % 3]
        game = play(Game(NAMES[:3], seed=300 + g), [make() for _, make in seats])
        for name, (label, _) in zip(game.players, seats):
            if label in walls:
                walls[label].append(game.alhambra(name).longest_wall())
    return statistics.mean(walls["probe"]), statistics.mean(walls["rival"])


def test_a_high_wall_weight_builds_longer_walls():
    wall_builder, majority_hunter = _mean_final_walls(partial(WallBuilder, wall=6.0),
                                                      MajorityHunter)
    assert wall_builder > majority_hunter + 1
    # The same class with only the wall weight changed: placements stop caring for walls.
    heeds, ignores = _mean_final_walls(partial(BalancedBot, wall=6.0),
                                       partial(BalancedBot, wall=0.0))
    assert heeds > ignores + 2
