"""Speed of the game engine under random legal play.

Each game is played by choosing uniformly from ``legal_actions()``; one *action* costs
the ``legal_actions()`` call plus the ``apply``. The games are seeded, so each one is
replayed ``--repeats`` times and every action keeps its fastest time: on a machine
shared with other work this filters out the pauses that have nothing to do with the
engine. The target is a median of at most 66 µs per action (a compiled Go engine's
average, measured side by side: 14.4 ms for 218 actions of a 3-player random game).

Run as a plain script::

    python benchmarks/bench_engine.py [--games 20] [--repeats 3] [--modules vizier,exchange]

(``--modules all`` plays with all 16 Mega Box modules), or through pytest-benchmark
(``make bench``), which times one 3-player game, one with every module, and one game of
the strategic bots.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from alhambra_lib import Game  # noqa: E402 (after the path set-up above)
from alhambra_lib.bots import BalancedBot, MajorityHunter, WallBuilder, play  # noqa: E402
from alhambra_lib.modules import MODULES  # noqa: E402

TARGET_US = 66.0
NAMES = ("Ana", "Ben", "Cy", "Dana", "Eli", "Fay")


def time_game(players, seed, modules=()):
    """Per-action seconds (legal_actions + apply) of one random game."""
    game = Game(NAMES[:players], seed=seed, **({"modules": modules} if modules else {}))
    choose = random.Random(seed).choice
    clock = time.perf_counter
    times = []
    while not game.is_over:
        start = clock()
        game.apply(choose(game.legal_actions()))
        times.append(clock() - start)
    return times


def measure(players, games, repeats, modules=()):
    """(per-action fastest times over all games, per-game totals)."""
    actions, totals = [], []
    for seed in range(games):
        runs = [time_game(players, seed, modules) for _ in range(repeats)]
        fastest = [min(samples) for samples in zip(*runs)]
        actions += fastest
        totals.append(sum(fastest))
    return actions, totals, len(actions) / games


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per player count")
    parser.add_argument("--repeats", type=int, default=3, help="replays of each game")
    parser.add_argument("--modules", default="", help="comma-separated Mega Box modules")
    args = parser.parse_args(argv)
    modules = (tuple(MODULES) if args.modules == "all"
               else tuple(m for m in args.modules.split(",") if m))
    print(f"random legal play, {args.games} games per row, fastest of {args.repeats} replays"
          + (f", modules {', '.join(modules)}" if modules else ""))
    print(f"{'players':>7} {'median µs':>10} {'mean µs':>8} {'p90 µs':>7} {'actions/game':>13}"
          f" {'ms/game':>8}")
    medians = []
    for players in (2, 3, 6):
        actions, totals, per_game = measure(players, args.games, args.repeats, modules)
        median = statistics.median(actions) * 1e6
        medians.append(median)
        p90 = statistics.quantiles(actions, n=10)[-1] * 1e6
        print(f"{players:>7} {median:>10.1f} {statistics.mean(actions) * 1e6:>8.1f} {p90:>7.1f}"
              f" {per_game:>13.1f} {statistics.mean(totals) * 1e3:>8.1f}")
    verdict = "meets" if max(medians) <= TARGET_US else "misses"
    print(f"target: median <= {TARGET_US:g} µs per action: {verdict} it")


def test_random_three_player_game(benchmark):
    """pytest-benchmark entry point (``make bench``): one seeded 3-player random game."""
    benchmark(time_game, 3, 0)


def test_random_three_player_game_with_every_module(benchmark):
    """One seeded 3-player random game with all 16 Mega Box modules (target: well under
    a second)."""
    benchmark(time_game, 3, 0, tuple(MODULES))


def test_strategic_three_player_game(benchmark):
    """One seeded game of the three strategic bots (it was a timed test: under 0.5 s)."""
    bots = [WallBuilder(), MajorityHunter(), BalancedBot()]
    benchmark(lambda: play(Game(NAMES[:3], seed=0), bots))


if __name__ == "__main__":
    main()
