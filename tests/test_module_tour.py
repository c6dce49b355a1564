"""first_moment and EagerBot: seeded moments where a module acts (alhambra_lib.teaching)."""

import random
import warnings

import pytest

from alhambra_lib import Decline, End, Game
from alhambra_lib.bots import RandomBot
from alhambra_lib.components import ProvisionalDataWarning
from alhambra_lib.teaching import EagerBot, Moment, eager, first_moment


@pytest.fixture(autouse=True)
def _quiet_provisional():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ProvisionalDataWarning)
        yield


def test_the_moment_stops_right_after_its_event():
    moment = first_moment(["vizier"], "vizier", seed=1)
    assert isinstance(moment, Moment)
    assert moment.event["type"] == "vizier"
    assert moment.game.events[-1] is moment.event
    assert not moment.game.is_over


def test_the_same_seed_gives_the_same_moment():
    a = first_moment(["thieves"], "steal", seed=2)
    b = first_moment(["thieves"], "steal", seed=2)
    assert (a.seed, a.event, len(a.game.events)) == (b.seed, b.event, len(b.game.events))


def test_the_story_tells_the_turn_up_to_the_event():
    moment = first_moment(["invaders"], "attack", seed=1)
    story = moment.story()
    assert story[0].startswith("-- turn ")
    assert story[-1].startswith(f"round {moment.event['round']}: invaders attack from the ")
    assert moment.game.events[-1] is not moment.event  # the scoring came with it


def test_where_filters_the_events():
    moment = first_moment(["diamonds"], "buy", seed=1,
                          where=lambda e: any(c[0] == "diamond" for c in e["cards"]))
    assert any(card[0] == "diamond" for card in moment.event["cards"])


def test_random_bots_skip_a_module_action_eager_bots_play_it():
    with pytest.raises(LookupError, match="no 'buy_chests' event in 2 games"):
        first_moment(["treasure"], "buy_chests", seed=1, games=2)
    moment = first_moment(["treasure"], "buy_chests", seed=1, games=2, bots=eager("buy_chests"))
    assert moment.event["type"] == "buy_chests"
    assert moment.event["player"] in moment.game.players


def test_a_later_seed_is_tried_and_reported():
    moment = first_moment(["gates"], "place", seed=1, where=lambda e: bool(e.get("gate")))
    assert moment.seed >= 1 and moment.event["gate"] in "NESW"


def test_eager_bot_prefers_its_kinds_and_otherwise_plays_randomly():
    assert EagerBot(["end"], seed=0).choose(None, [Decline(), End()]) == End()
    game = Game(["Ana", "Ben"], seed=1)
    legal = game.legal_actions()
    assert (EagerBot(["no_such_kind"], seed=4).choose(game.view("Ana"), legal)
            == RandomBot(random.Random(4)).choose(game.view("Ana"), legal))


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="at least one action kind"):
        eager()
    with pytest.raises(ValueError, match="at least 1"):
        first_moment(["vizier"], "vizier", games=0)
