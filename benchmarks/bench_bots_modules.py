"""Speed of the greedy and strategic bots with every built Mega Box module, against the base game.

Plays the same seeded 3-player games of GreedyBots and of StrategicBots (WallBuilder,
MajorityHunter, BalancedBot) without modules and with every module of
`alhambra_lib.modules.MODULES`, and reports per game the CPU seconds, the turns and the
decisions, and the CPU milliseconds per decision, split into the bots' choices and the
engine (legal actions, views, applying). CPU time (``time.process_time``), not wall
time, so a shared machine's load distorts the figures less. The target: a game with
every module costs about what a base game costs per decision; a game may be longer (the
modules change how long it lasts, see `alhambra_lib.analysis.module_effects`)::

    python benchmarks/bench_bots_modules.py [--games 4] [--players 3]
"""

from __future__ import annotations

import argparse
import sys
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from alhambra_lib import Game  # noqa: E402 (after the path set-up)
from alhambra_lib.bots import make_bot  # noqa: E402
from alhambra_lib.modules import MODULES  # noqa: E402

LINE_UPS = {"greedy": ["greedy"], "strategic": ["wall", "majority", "balanced"]}
NAMES = ["Ana", "Ben", "Cy", "Dana", "Eli", "Fay"]


def play_timed(modules, line_up, players, seed):
    """(turns, decisions, CPU s in the bots, CPU s in the engine) of one game."""
    game = Game(NAMES[:players], seed=seed, modules=modules)
    seats = {name: make_bot(line_up[i % len(line_up)], seed=i)
             for i, name in enumerate(game.players)}
    bots = engine = 0.0
    decisions = 0
    while not game.is_over:
        start = time.process_time()
        player = game.decision.player
        view, legal = game.view(player), game.legal_actions()
        middle = time.process_time()
        action = seats[player].choose(view, legal)
        end = time.process_time()
        game.apply(action)
        engine += middle - start + time.process_time() - end
        bots += end - middle
        decisions += 1
    turns = sum(e["type"] == "turn" for e in game.events)
    return turns, decisions, bots, engine


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--players", type=int, default=3)
    args = parser.parse_args(argv)
    warnings.simplefilter("ignore")  # the provisional tile data warn once each
    print(f"{args.games} seeded {args.players}-player games per line; CPU time")
    print(f"{'bots':10} {'modules':8} {'s/game':>7} {'turns':>6} {'decisions':>9} "
          f"{'bots ms/dec':>11} {'engine ms/dec':>13}")
    for label, line_up in LINE_UPS.items():
        for modules in ((), tuple(MODULES)):
            totals = [0, 0, 0.0, 0.0]
            for seed in range(args.games):
                for i, x in enumerate(play_timed(modules, line_up, args.players, seed)):
                    totals[i] += x
            turns, decisions, bots, engine = totals
            print(f"{label:10} {'all' if modules else 'none':8} "
                  f"{(bots + engine) / args.games:7.2f} {turns / args.games:6.0f} "
                  f"{decisions / args.games:9.0f} {1000 * bots / decisions:11.2f} "
                  f"{1000 * engine / decisions:13.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
