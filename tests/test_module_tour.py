"""first_moment and EagerBot: seeded moments where a module acts (alhambra_lib.teaching)."""

import random
import warnings

import pytest

from alhambra_lib import Decline, End, Game
from alhambra_lib.bots import RandomBot
from alhambra_lib.components import ProvisionalDataWarning
from alhambra_lib.teaching import EagerBot, Moment, eager, first_moment
from alhambra_lib.teaching.module_tour import TOUR_KINDS


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


def test_plain_players_skip_a_module_action_eager_players_play_it():
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
    chosen = {EagerBot([], seed=s).choose(game.view("Ana"), legal) for s in range(30)}
    assert len(chosen) > 1 and chosen <= set(legal)
    # a base game: its kinds are the tour's, so it chooses as a RandomBot does
    assert (EagerBot(["no_such_kind"], seed=4).choose(game.view("Ana"), legal)
            == RandomBot(random.Random(4)).choose(game.view("Ana"), legal))


def test_eager_bot_skips_kinds_outside_the_tour():
    game = Game(["Ana", "Ben"], seed=1, modules=("treasure",))
    legal = game.legal_actions()
    assert any(a.kind == "buy_chests" for a in legal)
    for s in range(20):
        assert EagerBot([], seed=s).choose(game.view("Ana"), legal).kind in TOUR_KINDS


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="at least 1"):
        first_moment(["vizier"], "vizier", games=0)
