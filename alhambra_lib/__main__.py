"""The command line: ``python -m alhambra_lib play --players 3 --seed 7``.

``play`` runs one game between bots and prints its story, one line per event, then
the final scores; ``--json PATH`` also writes the whole record (`Game.to_json`).
More subcommands (a tournament) can be added to `build_parser`.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .alhambra import HOLE_RULES
from .bots import GreedyBot, RandomBot, play
from .game import END_TRIGGERS, Game, describe_event

__all__ = ["main", "build_parser"]

NAMES = ("Ana", "Ben", "Cy", "Dana", "Eli", "Fay")
BOTS = {"greedy": lambda seed: GreedyBot(), "random": RandomBot}


def build_parser():
    """The argument parser, one subparser per command."""
    parser = argparse.ArgumentParser(prog="python -m alhambra_lib",
                                     description="Alhambra (Dirk Henn, Queen Games 2003).")
    commands = parser.add_subparsers(dest="command", required=True)
    game = commands.add_parser("play", help="let bots play one game and tell its story")
    game.add_argument("--players", type=int, default=3, choices=range(2, len(NAMES) + 1),
                      help="number of players, 2 to 6 (two players play with Dirk)")
    game.add_argument("--seed", type=int, default=None, help="seed of the game and the bots")
    game.add_argument("--bots", default="greedy",
                      help="one bot kind for all, or one per seat separated by commas; "
                           f"kinds: {', '.join(BOTS)} (default: greedy)")
    game.add_argument("--end-trigger", choices=END_TRIGGERS, default="market_short")
    game.add_argument("--hole-rule", choices=HOLE_RULES, default="enclosed")
    game.add_argument("--json", type=Path, metavar="PATH", help="write the game record here")
    game.add_argument("--quiet", action="store_true", help="print the final scores only")
    game.set_defaults(run=run_play)
    return parser


def _bots(spec, players, seed):
    kinds = spec.split(",")
    if len(kinds) == 1:
        kinds *= players
    if len(kinds) != players or any(k not in BOTS for k in kinds):
        raise SystemExit(f"--bots: give one of {', '.join(BOTS)}, or {players} of them "
                         f"separated by commas; got {spec!r}")
    return [BOTS[k](None if seed is None else seed + seat) for seat, k in enumerate(kinds)]


def run_play(args, out):
    """Play one game as `args` say and print its story to `out`."""
    names = NAMES[:args.players]
    game = Game(names, seed=args.seed, end_trigger=args.end_trigger, hole_rule=args.hole_rule)
    play(game, _bots(args.bots, args.players, args.seed))
    if not args.quiet:
        for event in game.events:
            print(describe_event(event), file=out)
    print("final scores:", file=out)
    for name, points in sorted(game.scores.items(), key=lambda item: -item[1]):
        print(f"  {name}: {points}", file=out)
    print(f"winner{'s' if len(game.winners) > 1 else ''}: {', '.join(game.winners)}", file=out)
    if args.json:
        args.json.write_text(game.to_json())
        print(f"record written to {args.json}", file=out)
    return 0


def main(argv=None, out=None):
    """Run the command line with `argv` (default: sys.argv[1:]), printing to `out`."""
    args = build_parser().parse_args(argv)
    return args.run(args, out or sys.stdout)


if __name__ == "__main__":
    sys.exit(main())
