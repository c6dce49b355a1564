"""The window's one question for all players (`Module.window_players`, RULES.md §M1,
§M10): it names exactly the players whose own options in the window hold an act.

The vizier's answer is kept between windows (`Vizier._pays`), so games with the same
players' names are played side by side: an answer kept for one must never serve the
other with a different hand, market or set of modules.
"""

import random
import warnings

import pytest

from alhambra_lib import Game
from alhambra_lib.modules import MODULES
from alhambra_lib.modules.thieves import Thieves
from alhambra_lib.modules.vizier import Vizier

NAMES = ("Ana", "Ben", "Cy")


def listed(game, player):
    """Who can act, found from the full listings: a vizier's purchase or a theft."""
    ctx = game._ctx
    acts = []
    if "vizier" in game.modules:
        acts += Vizier().purchases(ctx, player)
    if "thieves" in game.modules:
        acts += Thieves().steals(ctx, player)
    return bool(acts)


def asked(game):
    ctx = game._ctx
    found = set()
    if "vizier" in game.modules:
        found.update(Vizier().window_players(ctx))
    if "thieves" in game.modules:
        found.update(Thieves().window_players(ctx))
    return found


@pytest.mark.parametrize("modules", [("vizier",), ("vizier", "thieves", "exchange", "diamonds"),
                                     tuple(MODULES)])
def test_window_players_are_those_with_an_act_in_two_games_side_by_side(modules):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the Mega Box placeholders
        games = [Game(list(NAMES), seed=s, modules=modules) for s in (3, 4)]
        other = Game(list(NAMES), seed=5, modules=("vizier",))
    choose = random.Random(1).choice
    checked = 0
    while not all(g.is_over for g in games):
        for game in (*games, other):
            if game.is_over:
                continue
            game.apply(choose(game.legal_actions()))
            if game.is_over:
                continue
            able = asked(game)
            assert able == {p for p in NAMES if listed(game, p)}
            # the per-player hooks say the same
            assert able == {p for p in NAMES if any(
                cls().window_can_act(game._ctx, p)
                for cls in (Vizier, Thieves) if cls.name in game.modules)}
            checked += bool(able)
    assert checked > 20  # players who could act were met, not only empty windows
