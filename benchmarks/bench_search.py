"""Time per decision of `SearchBot` at each level (the issue's targets: strong median
at most 1 s, medium at most 0.25 s, easy at most 0.1 s).

Seeded games of 3 players (or ``--players 2``, with Dirk; the base game, or with
``--modules all`` or a comma list of Mega Box modules) are played by `BalancedBot`; at
every decision of the first seat with more than one legal action (the ones the bot
searches), each level is timed choosing from a fresh view (so the view's public state
and the template game that `determinize` builds once per view are counted). Times are CPU time
(``time.process_time``), so other work on the machine matters less; the load average
is printed with them. Run as a plain script::

    python benchmarks/bench_search.py [--games 2] [--every 3] [--levels easy,medium,strong]
                                      [--modules none|all|vizier,thieves] [--players 3]

``--every k`` times one searched decision in k (a quicker run).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from alhambra_lib import MODULES, Game  # noqa: E402
from alhambra_lib.bots import BalancedBot, SearchBot  # noqa: E402

TARGETS = {"easy": 0.1, "medium": 0.25, "strong": 1.0}


def decisions(games, every, modules=(), players=3):
    """(game, player, legal actions) at the first seat's searched decisions in seeded
    games (a copy of the game, so each level gets a fresh view of it)."""
    bot = BalancedBot()
    for seed in range(games):
        game, seen = Game(["Ana", "Ben", "Cy", "Di"][:players], seed=seed, modules=modules), 0
        while not game.is_over:
            name, legal = game.decision.player, game.legal_actions()
            if name == "Ana" and len(legal) > 1:
                seen += 1
                if seen % every == 0:
                    yield game.copy(), name, legal
            game.apply(bot.choose(game.view(name), legal))


def time_level(level, cases):
    bot = SearchBot(level, seed=1)
    times = []
    for game, name, legal in cases:
        start = time.process_time()
        bot.choose(game.view(name), legal)
        times.append(time.process_time() - start)
    return times


def modules_of(text):
    """``none``, ``all`` or a comma list of module names."""
    if text == "none":
        return ()
    return tuple(MODULES) if text == "all" else tuple(text.split(","))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--levels", default="easy,medium,strong")
    parser.add_argument("--modules", default="none")
    parser.add_argument("--players", type=int, default=3)
    args = parser.parse_args(argv)
    cases = list(decisions(args.games, args.every, modules_of(args.modules), args.players))
    print(f"{len(cases)} searched decisions of {args.games} games of {args.players} players "
          f"(modules: {args.modules}); "
          f"load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for level in args.levels.split(","):
        times = time_level(level, cases)
        median = statistics.median(times)
        verdict = "ok" if median <= TARGETS[level] else "over target"
        print(f"{level:>6}: median {median * 1000:7.1f} ms, 90th percentile "
              f"{sorted(times)[int(0.9 * (len(times) - 1))] * 1000:7.1f} ms, max "
              f"{max(times) * 1000:7.1f} ms (target {TARGETS[level] * 1000:.0f} ms: {verdict})")


if __name__ == "__main__":
    main()
