"""Properties over many random games: conservation, legal Alhambras, scores, refusals, replay.

Each example plays a whole game with uniformly random legal actions and checks the
invariants after every action (the costlier ones every few actions).
"""

import os
import random
import subprocess
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from alhambra_lib import Alhambra, Game, IllegalAction, Place, Redesign, Reserve, Tile

from _game_helpers import ALL_TILES, tile_count

NAMES = ["Ana", "Ben", "Cy", "Dana", "Eli", "Fay"]
_SLOW_OK = {"deadline": None,
            "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large]}
MANY_GAMES = settings(max_examples=40, **_SLOW_OK)
SOME_GAMES = settings(max_examples=20, **_SLOW_OK)
ROOT = Path(__file__).resolve().parent.parent


def public_card_total(game):
    """Every card through the public API; the draw pile still holds unrevealed scoring cards."""
    hidden_scoring = 2 - sum(1 for e in game.events if e["type"] == "scoring_card")
    return (sum(len(game.hand(p)) for p in game.players) + len(game.display) + game.deck_size
            + game.discard_size - hidden_scoring)


def public_tile_total(game):
    return (game.bag_size + sum(t is not None for _, t in game.market)
            + sum(len(game.alhambra(p).layout) - 1 + len(game.reserve(p)) for p in game.players)
            + len(game.dirk_tiles) + len(game.to_place)
            + sum(len(tiles) for _, tiles in game.awaiting))


def scoring_sums(game):
    totals = dict.fromkeys(game.scores, 0)
    for event in game.events:
        if event["type"] == "scoring":
            for name, points in event["points"].items():
                totals[name] += points
    return totals


def check_refused(game, action):
    before = game.to_json()
    try:
        game.apply(action)
    except IllegalAction:
        pass
    else:
        raise AssertionError(f"{action} was accepted though not legal")
    assert game.to_json() == before


FOREIGN = [Place(Tile("garden", 8, "NE"), (5, 5)), Reserve(Tile("tower", 99, "")),
           Redesign("remove", None, (0, 0))]


@MANY_GAMES
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1),
       options=st.sampled_from([{}, {"end_trigger": "bag_empty"}, {"hole_rule": "single"}]))
def test_invariants_hold_through_whole_random_games(players, seed, options):
    game = Game(NAMES[:players], seed=seed, **options)
    rng = random.Random(seed)
    cards = 72 if players == 2 else 108
    previous = []
    step = 0
    while not game.is_over:
        legal = game.legal_actions()
        assert legal, "a player to act always has an action, if only a pass"
        actor = game.current_player
        game.apply(rng.choice(legal))
        step += 1
        assert public_card_total(game) == cards
        assert public_tile_total(game) == 54
        layout = game.alhambra(actor).layout
        Alhambra.from_layout(layout, hole_rule=game.options["hole_rule"])  # raises if illegal
        if step % 15 == 0:
            assert tile_count(game) == ALL_TILES
            stale = [a for a in previous if a not in game.legal_actions()]
            if stale:
                check_refused(game, rng.choice(stale))
            for action in FOREIGN:
                if action not in game.legal_actions():
                    check_refused(game, action)
        previous = legal
    assert scoring_sums(game) == game.scores
    assert [e["round"] for e in game.events if e["type"] == "scoring"][-1] == 3
    best = max(game.scores[p] for p in game.players)
    assert game.winners == [p for p in game.players if game.scores[p] == best]
    for name in game.players:
        Alhambra.from_layout(game.alhambra(name).layout, hole_rule=game.options["hole_rule"])


@SOME_GAMES
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1), cut=st.integers(0, 400))
def test_round_trip_at_a_random_point_continues_identically(players, seed, cut):
    game = Game(NAMES[:players], seed=seed)
    rng = random.Random(seed)
    for _ in range(cut):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    copy = Game.from_json(game.to_json())
    assert copy.to_json() == game.to_json()
    state = rng.getstate()
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    rng.setstate(state)
    while not copy.is_over:
        copy.apply(rng.choice(copy.legal_actions()))
    assert copy.to_json() == game.to_json()


def test_same_seed_and_actions_give_the_same_json():
    def run():
        game = Game(NAMES[:4], seed=99)
        rng = random.Random(5)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        return game.to_json()
    assert run() == run()


_ORDER_SCRIPT = """
import hashlib, random
from alhambra_lib import Game
game = Game(["Ana", "Ben", "Cy"], seed=8)
rng = random.Random(8)
digest = hashlib.sha256()
while not game.is_over:
    legal = game.legal_actions()
    digest.update("|".join(map(str, legal)).encode())
    game.apply(rng.choice(legal))
digest.update(game.to_json().encode())
print(digest.hexdigest())
"""


def test_legal_action_order_does_not_depend_on_hashing():
    outputs = []
    for hash_seed in ("0", "4242"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed, PYTHONPATH=str(ROOT))
        result = subprocess.run([sys.executable, "-c", _ORDER_SCRIPT], env=env, cwd=ROOT,
                                capture_output=True, text=True, check=True, timeout=120)
        outputs.append(result.stdout.strip())
    assert outputs[0] == outputs[1] and len(outputs[0]) == 64
