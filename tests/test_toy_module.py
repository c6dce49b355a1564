"""A module defined outside the library (tests/toy_module.py) joins by one registry line.

Registered with `alhambra_lib.modules.register`, the Lanterns play seeded random games
alone and with built modules: the census holds, saves round-trip and go on identically,
copies go on identically, every event is told, the scoring has its term in its rank,
and a score sheet typed from the table scores as the game did. Unregistered, the
library is as before.
"""

import json
import random
import warnings

import pytest
from _game_helpers import play_randomly
from toy_module import KeepDark, Lanterns, LightLantern, install, uninstall

from alhambra_lib import Game
from alhambra_lib.actions import ACTION_KINDS, action_from_dict
from alhambra_lib.engine import decisions
from alhambra_lib.engine.context import module_context
from alhambra_lib.engine.narration import EVENT_FIELDS, describe_event
from alhambra_lib.errors import IllegalAction, InvalidSave
from alhambra_lib.modules import MODULES, register
from alhambra_lib.score_sheet import ScoreSheet
from alhambra_lib import scoring
from alhambra_lib.sheet_inputs import SHEET_MODULES

NAMES = ["Ana", "Ben", "Cy"]
#: (seed, the modules played with the lanterns)
GAMES = [(1, ()), (2, ("vizier", "thieves")), (3, ("camps", "street_merchant")),
         (4, ("invaders", "treasure", "master_builders")), (5, ("characters", "bazaars"))]


@pytest.fixture(scope="module", autouse=True)
def lanterns():
    install()
    yield
    uninstall()


def new_game(seed, others):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the provisional data of some built modules
        return Game(NAMES, seed=seed, modules=(*others, "lanterns"))


def test_the_registry_places_its_term_step_and_decision():
    assert list(MODULES)[-1] == "lanterns"
    order = scoring.TERM_ORDER
    assert order.index("camps") < order.index("lanterns") < order.index("street_merchant")
    steps = decisions.TURN_END_ORDER  # computed from the registry when read
    assert steps.index("chests") < steps.index("lantern") < steps.index("refill_display")
    assert decisions.PUSHED_BY["lantern"] == ("lantern",)
    assert SHEET_MODULES["lanterns"].inputs[0].name == "lanterns"
    assert EVENT_FIELDS["light_lantern"] == ("player", "lit")
    assert action_from_dict({"kind": "light_lantern"}) == LightLantern()


def test_a_name_taken_or_a_term_without_rank_is_refused():
    with pytest.raises(ValueError, match="already registered"):
        register(Lanterns)

    class Unranked(Lanterns):
        name = "unranked"
        term_ranks = {}
    with pytest.raises(ValueError, match="no rank"):
        register(Unranked)
    assert "unranked" not in MODULES


@pytest.mark.parametrize("seed, others", GAMES)
def test_random_games_keep_census_saves_copies_and_narration(seed, others):
    game = new_game(seed, others)
    expected = game.census()
    rng = random.Random(seed)
    for stop in (5, 60, 150):
        play_randomly(game, rng, stop)
        assert game.census() == expected
        text = game.to_json()
        restored = Game.from_json(text)
        assert restored.to_json() == text
        assert restored.legal_actions() == game.legal_actions()
    twin, copy = Game.from_json(game.to_json()), game.copy()
    for g in (game, twin, copy):
        play_randomly(g, random.Random(99))
    assert twin.to_json() == copy.to_json() == game.to_json() and game.is_over
    assert game.census() == expected
    lines = [describe_event(e) for e in game.events]
    assert not any(line.startswith("{") for line in lines)  # every event told in words
    assert any("lights a lantern" in line for line in lines)
    lit = module_context(game).slice("lanterns")["lit"]
    assert game.view("Ana").modules["lanterns"]["lit"] == lit


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_each_scoring_has_the_lantern_term_and_a_sheet_scores_as_the_game(seed):
    game = new_game(seed, ())
    sheet = ScoreSheet(NAMES, modules=("lanterns",))
    rng = random.Random(seed)
    while not game.is_over:
        seen = len(game.events)
        play_randomly(game, rng, steps=1)
        for event in game.events[seen:]:
            if event["type"] != "scoring":
                continue
            assert list(event["parts"]) == ["majorities", "walls", "lanterns"]
            assert event["parts"]["lanterns"] == module_context(game).slice("lanterns")["lit"]
            sheet.record(event["round"], {n: game.alhambra(n).counts() for n in NAMES},
                         {n: game.alhambra(n).longest_wall() for n in NAMES},
                         {"lanterns": dict(module_context(game).slice("lanterns")["lit"])})
    scorings = [e for e in game.events if e["type"] == "scoring"]
    assert len(scorings) == 3 and sheet.rounds == (1, 2, 3)
    for mine, theirs in zip(sheet.scoring_events(), scorings):
        assert mine["parts"] == theirs["parts"] and mine["points"] == theirs["points"]
    assert sheet.totals() == game.scores
    assert sum(module_context(game).slice("lanterns")["lit"].values()) > 0  # the term did score


def test_the_decision_is_asked_once_a_turn_and_a_bad_save_is_typed():
    game = new_game(7, ())
    before = game.to_json()
    with pytest.raises(IllegalAction):  # not its decision: refused, nothing changed
        game.apply(LightLantern())
    assert game.to_json() == before
    rng = random.Random(7)
    while game.decision is None or game.decision.kind != "lantern":
        play_randomly(game, rng, steps=1)
    assert game.legal_actions() == [LightLantern(), KeepDark()]
    player, turn, seen = game.current_player, game.turn, len(game.events)
    game.apply(LightLantern())
    assert game.events[seen] == {"type": "light_lantern", "player": player, "lit": 1}
    while game.turn == turn and not game.is_over:  # asked once a turn
        assert game.decision.kind != "lantern"
        play_randomly(game, rng, steps=1)
    state = game.to_json().replace('"asked"', '"asking"')
    with pytest.raises(InvalidSave, match="lanterns slice"):
        Game.from_json(state)
    saved = json.loads(game.to_json())
    saved["modules_state"]["lanterns"]["lit"][player] += 1  # a lantern out of nowhere
    with pytest.raises(InvalidSave, match=f"{player} has 3 lanterns, lit or not"):
        Game.from_json(json.dumps(saved))


def test_uninstalled_the_library_is_as_before():
    uninstall()
    try:
        assert "lanterns" not in MODULES and "lanterns" not in scoring.TERM_ORDER
        assert "lantern" not in decisions.TURN_END_ORDER and "lantern" not in decisions.PUSHED_BY
        assert "light_lantern" not in EVENT_FIELDS and "lanterns" not in SHEET_MODULES
        assert "light_lantern" not in ACTION_KINDS
        with pytest.raises(ValueError, match="unknown module"):
            Game(NAMES, seed=1, modules=("lanterns",))
    finally:
        install()  # the fixture uninstalls it

