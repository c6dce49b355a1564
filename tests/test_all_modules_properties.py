"""Properties over random games with random subsets of every built module, 2-6 players.

The census stays constant and equal to the totals the rules give; every Alhambra is
legal; the scoring parts add up, in the order of RULES.md §M0.17, each module's term
present where it scores; saves round-trip exactly and go on identically; and the same
seed gives the same bytes under any hash seed.
"""

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from _game_helpers import play_randomly

from alhambra_lib import MODULES, Game
from alhambra_lib.alhambra import Alhambra
from alhambra_lib.scoring import TERM_ORDER

ROOT = Path(__file__).resolve().parent.parent

#: What each module adds to the census, from the rules (each module's section of RULES.md).
MODULE_TOTALS = {
    "vizier": lambda n: {"vizier": n},
    "exchange": lambda n: {"exchange_card": 6},
    "bonus_cards": lambda n: {"bonus_card": 10},
    "squares": lambda n: {"hut": 24},
    "gates": lambda n: {"gate_card": n},
    "diamonds": lambda n: {"diamond": 11},
    "characters": lambda n: {"character": 10},
    "camps": lambda n: {"camp": 8},
    "city_walls": lambda n: {"wall_card": 8},
    "thieves": lambda n: {"thief": 12},
    "change": lambda n: {"coin": 24},
    "street_merchant": lambda n: {"citizen": 42, "merchant_disc": n},
    "treasure": lambda n: {"chest": 42},
    "master_builders": lambda n: {"master_builder": 16},
    "invaders": lambda n: {"attack_card": 4, "scout": 6},
    "bazaars": lambda n: {"bazaar": 8},
}
#: Terms scored in every scoring, and in the final one only.
EVERY_SCORING = {"characters": "characters", "camps": "camps",
                 "street_merchant": "street_merchant", "treasure": "treasure",
                 "invaders": "invaders"}
FINAL_ONLY = {"bazaars": "bazaars"}


def expected_census(players, modules):
    totals = {"building": 54, "money": 72 if players == 2 else 108, "scoring_card": 2}
    for name in modules:
        totals.update(MODULE_TOTALS[name](players))
    return totals


def test_every_built_module_has_its_totals_here():
    assert set(MODULES) == set(MODULE_TOTALS)


def check_scoring(event, modules):
    parts = event["parts"]
    for name, points in event["points"].items():
        assert sum(values[name] for values in parts.values()) == points
    terms = list(parts)
    assert terms == sorted(terms, key=TERM_ORDER.index)
    expected = {"majorities", "walls"} | {t for m, t in EVERY_SCORING.items() if m in modules}
    if event["round"] == 3:
        expected |= {t for m, t in FINAL_ONLY.items() if m in modules}
    assert set(terms) == expected
    assert all(values["Dirk"] == 0 for term, values in parts.items()
               if term != "majorities" and "Dirk" in values)


def random_subset(rng):
    return tuple(m for m in MODULES if rng.random() < 0.5)


CASES = [(players, seed) for seed in range(4) for players in (2, 3, 4, 5, 6)]


@pytest.mark.parametrize("players, seed", CASES)
def test_random_game_with_random_modules_keeps_every_property(players, seed):
    rng = random.Random(1000 * seed + players)
    modules = random_subset(rng)
    game = Game([f"P{i}" for i in range(players)], seed=seed, modules=modules)
    expected = expected_census(players, modules)
    seen = 0
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
        assert game.census() == expected
        for event in game.events[seen:]:
            if event["type"] == "scoring":
                check_scoring(event, modules)
        seen = len(game.events)
    for name in game.players:
        alhambra = game.alhambra(name)
        Alhambra.from_layout(alhambra.layout, game.options["hole_rule"],
                             gates=alhambra.gates())  # legal with its gates, or it raises
    assert sum(e["type"] == "scoring" for e in game.events) == 3


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (5, 3)])
def test_every_module_at_once_saves_exactly_and_goes_on_identically(players, seed):
    game = Game([f"P{i}" for i in range(players)], seed=seed, modules=tuple(MODULES))
    rng = random.Random(seed)
    for stop in (1, 40, 120):
        play_randomly(game, rng, stop)
        text = game.to_json()
        restored = Game.from_json(text)
        assert restored.to_json() == text
        assert restored.legal_actions() == game.legal_actions()
    twin = Game.from_json(game.to_json())
    play_randomly(game, random.Random(7))
    play_randomly(twin, random.Random(7))
    assert twin.to_json() == game.to_json() and game.is_over


SCRIPT = """
import hashlib, random
from alhambra_lib import MODULES, Game
g = Game(["A", "B", "C"], seed=5, modules=tuple(MODULES))
rng = random.Random(5)
while not g.is_over:
    g.apply(rng.choice(g.legal_actions()))
print(hashlib.sha256(g.to_json().encode()).hexdigest())
"""


def test_same_seed_same_bytes_under_any_hash_seed():
    outputs = []
    for hash_seed in ("0", "777"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONWARNINGS": "ignore"}
        result = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                                env=env, cwd=ROOT, check=True)
        outputs.append(result.stdout.strip())
    assert outputs[0] == outputs[1] and len(outputs[0]) == 64
