"""Golden playthroughs: seeded bot games whose whole event log is stored and compared.

A change to the engine that changes any event of these games fails here. When the
change is intended (a rule fixed, an event field added), regenerate the files and
review the diff of ``tests/golden/``::

    python tests/test_game_golden.py --regenerate
"""

import hashlib
import json
import sys
from pathlib import Path

import pytest

from alhambra_lib import Game
from alhambra_lib.bots import GreedyBot, RandomBot, play

GOLDEN = Path(__file__).resolve().parent / "golden"

#: name -> (players, seed, options, bot kinds with their seeds)
GAMES = {
    "random_2p": (["Ana", "Ben"], 11, {}, [("random", 1), ("random", 2)]),
    "greedy_3p": (["Ana", "Ben", "Cy"], 7, {}, [("greedy", None)] * 3),
    "mixed_4p_bag_empty": (["Ana", "Ben", "Cy", "Dana"], 5, {"end_trigger": "bag_empty"},
                           [("greedy", None), ("random", 3), ("greedy", None), ("random", 4)]),
    "random_6p_single_holes": (["Ana", "Ben", "Cy", "Dana", "Eli", "Fay"], 3,
                               {"hole_rule": "single"}, [("random", s) for s in range(6)]),
}


def run(name):
    players, seed, options, bots = GAMES[name]
    made = [GreedyBot() if kind == "greedy" else RandomBot(bot_seed) for kind, bot_seed in bots]
    game = play(Game(players, seed=seed, **options), made)
    return {
        "players": players,
        "seed": seed,
        "options": options,
        "bots": bots,
        "scores": game.scores,
        "winners": game.winners,
        "to_json_sha256": hashlib.sha256(game.to_json().encode()).hexdigest(),
        "events": game.events,
    }


def path(name):
    return GOLDEN / f"{name}.json"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough(name):
    expected = json.loads(path(name).read_text())
    actual = json.loads(json.dumps(run(name)))
    assert len(actual["events"]) == len(expected["events"])
    for i, (got, want) in enumerate(zip(actual["events"], expected["events"])):
        assert got == want, f"event {i} differs"
    assert actual == expected


def dump(record):
    """JSON with one event per line, so that a regenerated file diffs event by event."""
    head = json.dumps({k: v for k, v in record.items() if k != "events"}, sort_keys=True)
    events = ",\n".join(json.dumps(e, sort_keys=True) for e in record["events"])
    return f'{head[:-1]}, "events": [\n{events}\n]}}\n'


def regenerate():
    GOLDEN.mkdir(exist_ok=True)
    for name in sorted(GAMES):
        record = run(name)
        path(name).write_text(dump(record))
        print(f"{path(name)}: {len(record['events'])} events, scores {record['scores']}")


if __name__ == "__main__":
    if sys.argv[1:] != ["--regenerate"]:
        sys.exit(__doc__)
    regenerate()
