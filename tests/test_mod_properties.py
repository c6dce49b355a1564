"""Properties of random games with every subset of the Mega Box modules M1-M3, 2 to 6
players: conservation (census) after every action, legal Alhambras, scoring parts that
add up (bonus cards in the counts), exact save/load round trips that continue
identically, independent copies, and byte-identical games across hash seeds.
"""

import itertools
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from _game_helpers import play_randomly
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from alhambra_lib import Game
from alhambra_lib.alhambra import Alhambra
from alhambra_lib.engine.narration import describe_event
from alhambra_lib.engine.context import module_context

MODULES = ("vizier", "exchange", "bonus_cards")
SUBSETS = [s for k in range(4) for s in itertools.combinations(MODULES, k)]
ROOT = Path(__file__).resolve().parent.parent


def expected_census(players, modules):
    totals = {"building": 54, "money": 72 if players == 2 else 108, "scoring_card": 2}
    if "vizier" in modules:
        totals["vizier"] = players
    if "exchange" in modules:
        totals["exchange_card"] = 6
    if "bonus_cards" in modules:
        totals["bonus_card"] = 10
    return totals


def check_scoring(game, event):
    """Parts add up to points; the terms are majorities and walls; counts = Alhambra
    counts + the owner's bonus cards whose tile is in the Alhambra (checked right after
    the action that held the scoring: no tile has moved since)."""
    assert set(event["parts"]) == {"majorities", "walls"}
    for name, points in event["points"].items():
        assert sum(part[name] for part in event["parts"].values()) == points
    assert all(event["walls"][name] == 0 for name in event["walls"] if name == "Dirk")
    bonus = module_context(game).slice("bonus_cards") if "bonus_cards" in game.modules else None
    for name in game.players:
        counts = game.alhambra(name).counts()
        if bonus is not None:
            tiles = {tuple(t.to_list()) for t in game.alhambra(name).layout.values()}
            for kind, price, walls in bonus["hands"][name]:
                if (kind, price, walls) in tiles:
                    counts[kind] += 1
        assert event["counts"][name] == counts


def play(players, modules, seed, *, check=True, restore_at=None):
    """Play a random legal game, checking the properties after every action."""
    names = [f"P{i}" for i in range(players)]
    game = Game(names, seed=seed, modules=modules)
    totals = expected_census(players, modules)
    assert game.census() == totals
    rng = random.Random(seed)
    steps = 0
    while not game.is_over:
        legal = game.legal_actions()
        assert legal, "a game not over always has a legal action"
        n = len(game.events)
        game.apply(rng.choice(legal))
        steps += 1
        if not check:
            continue
        assert game.census() == totals
        new = game.events[n:]
        if any(e["type"] in ("place", "redesign", "final_placing") for e in new):
            for name in names:
                layout = dict(game.alhambra(name).layout)
                Alhambra.from_layout(layout, game.options["hole_rule"])  # raises if illegal
        for event in new:
            if event["type"] == "scoring":
                check_scoring(game, event)
        if steps == restore_at:
            text = game.to_json()
            restored = Game.from_json(text)
            assert restored.to_json() == text
            twin_rng = random.Random()
            twin_rng.setstate(rng.getstate())
            while not restored.is_over:
                restored.apply(twin_rng.choice(restored.legal_actions()))
            play.twin = restored.to_json()
    return game


CASES = [(subset, players) for subset in SUBSETS for players in (2, 3, 6)] + [
    (MODULES, 4), (MODULES, 5), (("vizier",), 4), (("bonus_cards", "exchange"), 5)]


@pytest.mark.parametrize("modules, players", CASES,
                         ids=[f"{'+'.join(m) or 'base'}-{p}p" for m, p in CASES])
def test_random_game_keeps_every_property(modules, players):
    """Census, legal Alhambras and scorings after every action; a mid-game restore
    continues to the same final state."""
    seed = 17 * players + len(modules)
    play.twin = None
    game = play(players, modules, seed, restore_at=60)
    assert game.is_over and game.census() == expected_census(players, modules)
    assert play.twin == game.to_json()
    final = next(e for e in reversed(game.events) if e["type"] == "scoring")
    assert final["round"] == 3
    assert all(isinstance(describe_event(e), str) for e in game.events)
    kinds = {e["type"] for e in game.events}
    if "bonus_cards" in modules:
        assert "bonus_cards" in kinds
    else:
        assert not kinds & {"bonus_cards", "bonus_shown"}
    if "vizier" not in modules:
        assert not kinds & {"vizier", "wake", "decline"}


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SUBSETS), st.integers(2, 6), st.integers(0, 10**6), st.integers(1, 200))
def test_save_load_round_trip_is_exact_mid_game(modules, players, seed, stop):
    """`from_json(to_json())` writes the same bytes at any point and goes on identically;
    `copy` is independent."""
    game = play_randomly(Game([f"P{i}" for i in range(players)], seed=seed, modules=modules),
                         random.Random(seed), stop)
    text = game.to_json()
    restored = Game.from_json(text)
    assert restored.to_json() == text
    assert restored.legal_actions() == game.legal_actions()
    copy = game.copy()
    assert copy.to_json() == text
    if not game.is_over:
        copy.apply(copy.legal_actions()[-1])
        assert game.to_json() == text  # the original is untouched by the copy
        game.apply(game.legal_actions()[0])
        assert restored.to_json() == text  # and the restored one by the original
        restored.apply(restored.legal_actions()[0])
        assert restored.to_json() == game.to_json()


SCRIPT = """
import hashlib, random, sys
from alhambra_lib import Game
out = []
for players, seed in ((2, 3), (3, 8), (5, 1)):
    g = Game([f"P{i}" for i in range(players)], seed=seed,
             modules=("bonus_cards", "exchange", "vizier"))
    rng = random.Random(seed)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    out.append(hashlib.sha256(g.to_json().encode()).hexdigest())
print(" ".join(out))
"""


def test_same_seed_same_bytes_across_hash_seeds():
    """Same seed and same actions give the same save bytes whatever PYTHONHASHSEED is."""
    results = []
    for hash_seed in ("0", "4242"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed, PYTHONPATH=str(ROOT))
        done = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        results.append(done.stdout.split())
    assert len(results[0]) == 3 and results[0] == results[1]
