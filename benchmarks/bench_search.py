"""Time per decision of `SearchBot` at each level (the targets: on the Python engine,
strong median at most 1 s, medium at most 0.25 s, easy at most 0.1 s; on the core,
strong at most 20 ms and master at most 1 s in the base game).

Seeded games of 3 players (or ``--players 2``, with Dirk; the base game, or with
``--modules all`` or a comma list of Mega Box modules) are played by `BalancedBot`; at
every decision of the first seat with more than one legal action (the ones the bot
searches), each level is timed choosing from a fresh view (so the view's public state
and the template game that `determinize` builds once per view are counted). Times are CPU time
(``time.process_time``), so other work on the machine matters less; the load average
is printed with them. Run as a plain script::

    python benchmarks/bench_search.py [--games 2] [--every 3] [--levels easy,medium,strong]
                                      [--modules none|all|vizier,thieves] [--players 3]
                                      [--core]

``--every k`` times one searched decision in k (a quicker run). ``--levels ""`` times
no level.

With ``--core``, the same decisions are also timed for the building blocks the core's
search is made of, beside the Python engine's figure: one strategic decision
(`BalancedBot.ranked` from a fresh view, against `Simulator.strategic_ranked` on the
game already in the core), one rollout of the strong search's horizon (two rounds of
turns, a strategic bot per seat: `SearchBot._roll_out` on a copy, against
`Simulator.roll_out` on a copy) and one to the end of the game, the projected scores
(`search.evaluate` against `Simulator.evaluate`; base game and Dirk only), and the
crossing `Simulator.from_game` alone; and each level is timed on both engines, the
core's search beside the Python engine's (the same moves).
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
from alhambra_lib.bots import BalancedBot, SearchBot, WallBuilder  # noqa: E402
from alhambra_lib.bots import search  # noqa: E402
from alhambra_lib.bots.search import evaluate  # noqa: E402
from alhambra_lib.sim import Simulator  # noqa: E402

TARGETS = {"easy": 0.1, "medium": 0.25, "strong": 1.0}
#: The targets of the searches in the core (issue 32).
CORE_TARGETS = {"strong": 0.02, "master": 1.0}


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


def time_level(level, cases, python_engine=False):
    """CPU seconds of each decision of `level` (on the Python engine alone if
    `python_engine`, else on the core where it is in use)."""
    bot = SearchBot(level, seed=1)
    saved = search.core_search
    if python_engine:
        search.core_search = lambda *args, **kwargs: None
    times = []
    try:
        for game, name, legal in cases:
            start = time.process_time()
            bot.choose(game.view(name), legal)
            times.append(time.process_time() - start)
    finally:
        search.core_search = saved
    return times


def report_level(level, times, targets, engine):
    median = statistics.median(times)
    target = targets.get(level)
    verdict = "" if target is None else (
        f" (target {target * 1000:.0f} ms: {'ok' if median <= target else 'over target'})")
    print(f"{level:>6} {engine}: median {median * 1000:7.1f} ms, 90th percentile "
          f"{sorted(times)[int(0.9 * (len(times) - 1))] * 1000:7.1f} ms, max "
          f"{max(times) * 1000:7.1f} ms{verdict}")


def cpu_seconds(work, cases):
    """CPU seconds of ``work(case)`` for each case."""
    times = []
    for case in cases:
        start = time.process_time()
        work(case)
        times.append(time.process_time() - start)
    return times


def time_core_blocks(cases):
    """{row: (Python engine's times, core's times)} of the core's building blocks, the
    same decisions (see the module's text)."""
    balanced, policies = BalancedBot(), {"balanced": BalancedBot(), "wall": WallBuilder()}
    sims = [Simulator.from_game(game) for game, _, _ in cases]

    def seats(game):
        return {p: ("balanced", "wall")[i % 2] for i, p in enumerate(game.players)}

    def until(game):
        return game.turn + 2 * len(game.players)

    def python_rollout(case, to_end=False):
        game = case[0].copy()
        SearchBot._roll_out(game, {p: policies[w] for p, w in seats(game).items()},
                            None if to_end else until(game))

    def core_rollout(pair, to_end=False):
        (game, _, _), sim = pair
        sim.copy().roll_out(seats(game), None if to_end else until(game))

    pairs = list(zip(cases, sims))
    rows = {
        "strategic decision": (
            cpu_seconds(lambda c: balanced.ranked(c[0].view(c[1]), c[2]), cases),
            cpu_seconds(lambda sim: sim.strategic_ranked("balanced"), sims)),
        "rollout, 2 rounds": (cpu_seconds(python_rollout, cases),
                              cpu_seconds(core_rollout, pairs)),
        "rollout to the end": (cpu_seconds(lambda c: python_rollout(c, True), cases),
                               cpu_seconds(lambda p: core_rollout(p, True), pairs)),
    }
    if not cases[0][0].modules:  # the core's evaluation plays the base game and Dirk
        rows["evaluate"] = (cpu_seconds(lambda c: evaluate(c[0], c[1]), cases),
                            cpu_seconds(lambda sim: sim.evaluate(), sims))
    rows["from_game"] = (None, cpu_seconds(lambda c: Simulator.from_game(c[0]), cases))
    return rows


def report_core_blocks(rows):
    for row, (python, core) in rows.items():
        core_ms = statistics.median(core) * 1000
        if python is None:
            print(f"{row:>20}: core {core_ms:8.3f} ms")
            continue
        python_ms = statistics.median(python) * 1000
        print(f"{row:>20}: Python {python_ms:8.3f} ms, core {core_ms:8.3f} ms "
              f"({python_ms / core_ms:5.1f}x; medians)")


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
    parser.add_argument("--core", action="store_true")
    args = parser.parse_args(argv)
    cases = list(decisions(args.games, args.every, modules_of(args.modules), args.players))
    print(f"{len(cases)} searched decisions of {args.games} games of {args.players} players "
          f"(modules: {args.modules}); "
          f"load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    if args.core:
        report_core_blocks(time_core_blocks(cases))
    for level in filter(None, args.levels.split(",")):
        if args.core:
            report_level(level, time_level(level, cases), CORE_TARGETS, "core  ")
        if level in TARGETS:
            report_level(level, time_level(level, cases, python_engine=args.core), TARGETS,
                         "Python" if args.core else "")


if __name__ == "__main__":
    main()
