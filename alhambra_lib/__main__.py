"""The command line: ``python -m alhambra_lib play --players 3 --seed 7``.

``play`` runs one game between bots and prints its story, one line per event, then
the final scores; ``--json PATH`` also writes the whole record (`Game.to_json`).

``tournament`` plays many seeded games between bots seated in rotation
(`alhambra_lib.analysis.tournament`), prints per bot the win rate and mean score with
95% intervals and the mean final wall, and with ``--out`` saves one row per player per
game as CSV or Parquet::

    python -m alhambra_lib tournament --bots wall,majority,balanced --games 1000 --jobs 2

``ladder`` plays the search bot's seeded match-ups (`alhambra_lib.analysis.ladder`),
resumably: every finished game is appended to ``data/ladder_games.csv`` and a rerun
plays only the games missing; ``data/ladder.csv`` is rewritten from them::

    python -m alhambra_lib ladder --jobs 2

``study`` plays a study that the notebooks show from saved data and rewrites its file in
``data/`` (`alhambra_lib.analysis.saved`, the one writer of those files); the strong wall
study of notebook 05 resumes, playing only its missing games::

    python -m alhambra_lib study strong_walls
    python -m alhambra_lib study wall_study --games 2000 --jobs -1

``play`` and ``tournament`` take the same bot names (`alhambra_lib.bots.BOTS`) and
``--modules`` for the Mega Box modules (`alhambra_lib.MODULES`), e.g. ``--modules vizier,exchange``.

It imports pandas and joblib only when it runs, so ``play`` starts fast.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, TextIO

from .actions import DIRK
from .alhambra import HOLE_RULES
from .bots import BOTS, make_bot, play
from .engine.config import module_option_owners
from .errors import brief
from .game import END_TRIGGERS, Game, describe_event
from .modules import MODULES

__all__ = ["build_parser", "main", "output_path", "parse_modules", "study_arguments"]

NAMES = ("Ana", "Ben", "Cy", "Dana", "Eli", "Fay")


def parse_modules(text: str) -> tuple[str, ...]:
    """``"vizier,exchange"`` -> ``("vizier", "exchange")``, refusing unknown names.

    Examples
    --------
    >>> parse_modules("vizier, exchange"), parse_modules("")
    (('vizier', 'exchange'), ())
    >>> parse_modules("vizier,dragons")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: unknown module 'dragons': the modules are vizier, exchange, ...
    """
    names = tuple(name.strip() for name in text.split(",") if name.strip())
    for name in names:
        if name not in MODULES:
            raise argparse.ArgumentTypeError(
                f"unknown module {name!r}: the modules are {', '.join(MODULES)}")
    if len(set(names)) != len(names):
        raise argparse.ArgumentTypeError(f"a module is named twice in {text!r}")
    return names


def output_path(text: str, suffixes: Iterable[str] | None = None) -> Path:
    """A file the command will write at the end, checked before anything runs.

    Refuses, with a message argparse prints before exiting with code 2: a name not ending
    in one of `suffixes`, a folder, a file in a folder that does not exist, and a file
    that cannot be opened for writing. A file that did not exist is not left behind.

    Examples
    --------
    >>> output_path("/no/such/folder/game.json")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: cannot write /no/such/folder/game.json: the folder /no/such/folder \
does not exist
    >>> output_path("scores.txt", (".csv", ".parquet"))
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: the file name must end in .csv or .parquet, got scores.txt
    """
    path = Path(text)
    if suffixes and path.suffix.lower() not in suffixes:
        raise argparse.ArgumentTypeError(
            f"the file name must end in {' or '.join(suffixes)}, got {path}")
    try:  # a name too long or with a NUL fails already when the folder is looked at
        _check_writable(path)
    except (OSError, ValueError) as error:
        why = getattr(error, "strerror", None) or str(error)
        raise argparse.ArgumentTypeError(
            f"cannot write {brief(str(path), quote=False)}: {why}") from None
    return path


def _check_writable(path: Path) -> None:
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"cannot write {path}: it is a folder; "
                                         "give a file name")
    if not path.parent.is_dir():
        raise argparse.ArgumentTypeError(f"cannot write {path}: the folder {path.parent} "
                                         "does not exist")
    existed = path.exists()
    with path.open("a"):  # append mode: an existing file is not emptied by the check
        pass
    if not existed:
        os.remove(path)


def _save(path: Path, write: Callable[[Path], object], what: str, out: TextIO) -> int:
    """Write `what` to `path` with `write(path)` at the end of a run; what cannot be
    checked before (a full disk) is said in one line on stderr, with exit code 1."""
    try:
        write(path)
    except OSError as error:
        print(f"error: cannot write {brief(str(path), quote=False)}: "
              f"{error.strerror or error} (the run above is complete, but not saved)",
              file=sys.stderr)
        return 1
    print(f"{what} written to {path}", file=out)
    return 0


def _table_path(text: str) -> Path:
    """``--out``: a .csv, or a .parquet when pyarrow is installed (`output_path`)."""
    path = output_path(text, (".csv", ".parquet"))
    if path.suffix.lower() == ".parquet" and importlib.util.find_spec("pyarrow") is None:
        raise argparse.ArgumentTypeError("writing Parquet needs pyarrow, which is not "
                                         "installed (pip install pyarrow), or save as .csv")
    return path


def _common_options(parser: argparse.ArgumentParser) -> None:
    """The options `play` and `tournament` share."""
    parser.add_argument("--end-trigger", choices=END_TRIGGERS, default="market_short",
                        help="when the game ends (RULES.md §9): market_short, when the bag "
                             "cannot fill the market, or bag_empty (default: market_short)")
    parser.add_argument("--hole-rule", choices=HOLE_RULES, default="enclosed",
                        help="holes refused: enclosed, any empty area the Alhambra encloses "
                             "(the rule), or single, an empty cell with four built "
                             "neighbours (default: enclosed)")
    parser.add_argument("--modules", type=parse_modules, default=(), metavar="NAMES",
                        help="Mega Box modules, separated by commas: "
                             f"{', '.join(MODULES)} (default: none)")
    owners = module_option_owners()
    parser.add_argument("--option", action="append", default=[], choices=sorted(owners),
                        metavar="NAME",
                        help="choose a module's other reading of an unclear rule (repeat for "
                             "several): "
                             + ", ".join(f"{o} ({m})" for o, m in sorted(owners.items())))


def build_parser() -> argparse.ArgumentParser:
    """The argument parser, one subparser per command."""
    parser = argparse.ArgumentParser(prog="python -m alhambra_lib",
                                     description="Alhambra (Dirk Henn, Queen Games 2003).")
    commands = parser.add_subparsers(dest="command", required=True)
    game = commands.add_parser("play", help="let bots play one game and tell its story")
    game.add_argument("--players", type=int, default=3, choices=range(2, len(NAMES) + 1),
                      help="number of players, 2 to 6 (two players play with Dirk)")
    game.add_argument("--seed", type=int, default=None, help="seed of the game and the bots")
    game.add_argument("--bots", default="greedy",
                      help="one bot name for all, or one per seat separated by commas; "
                           f"names: {', '.join(BOTS)} (default: greedy)")
    _common_options(game)
    game.add_argument("--json", type=output_path, metavar="PATH",
                      help="write the game record here (JSON, Game.from_json reads it back)")
    game.add_argument("--quiet", action="store_true", help="print the final scores only")
    game.set_defaults(run=run_play)
    cup = commands.add_parser("tournament", help="play many seeded games between bots "
                                                 "and compare them")
    cup.add_argument("--bots", default="wall,majority,balanced",
                     help=f"bot names seated in rotation, separated by commas: {', '.join(BOTS)} "
                          "(default: wall,majority,balanced)")
    cup.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    cup.add_argument("--players", type=int, default=None, choices=range(2, len(NAMES) + 1),
                     help="players per game (default: one per bot)")
    cup.add_argument("--seed", type=int, default=0, help="seed of the tournament (default 0)")
    cup.add_argument("--jobs", type=int, default=1, help="parallel processes, -1 for all cores")
    _common_options(cup)
    cup.add_argument("--out", type=_table_path, metavar="PATH",
                     help="save the results here: .csv, or .parquet (needs pyarrow)")
    cup.add_argument("--no-progress", action="store_true", help="hide the progress bar")
    cup.set_defaults(run=run_tournament)
    _ladder_parser(commands)
    study = commands.add_parser("study", help="play a study that the notebooks show from "
                                              "saved data, and save it (resumable where the "
                                              "study is: strong_walls)")
    study_arguments(study)
    study.set_defaults(run=run_study)
    return parser


def study_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of the ``study`` command (`analysis.saved.run_command` runs it)."""
    parser.add_argument("name", nargs="?", metavar="NAME",
                        help="the study's name (--list names and describes them)")
    parser.add_argument("--games", type=int, help="games (per tournament) to play "
                                                  "(default: the saved run's)")
    parser.add_argument("--seed", type=int, help="the seed (default: the saved run's)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="processes, -1 for every core (studies that play in parallel)")
    parser.add_argument("--list", action="store_true", help="list the saved studies")


def _ladder_parser(commands: Any) -> None:
    ladder = commands.add_parser("ladder", help="play the search bot's seeded match-ups, "
                                                "resumably, and table its win shares")
    ladder.add_argument("--jobs", type=int, default=1, help="parallel processes, -1 for all cores")
    ladder.add_argument("--dask", metavar="ADDRESS", nargs="?", const="local", default=None,
                        help="play on a dask cluster: its scheduler's address, or none for a "
                             "local cluster")
    ladder.add_argument("--games", type=int, default=None,
                        help="games per match-up (default: the issue's, 100 to 200)")
    ladder.add_argument("--only", default=None, metavar="BOT",
                        help="only the match-ups of this registry name (e.g. search_medium)")
    ladder.add_argument("--dir", type=Path, default=None, metavar="FOLDER",
                        help="where ladder_games.csv and ladder.csv live "
                             "(default: alhambra_lib/data)")
    ladder.add_argument("--no-progress", action="store_true", help="hide the progress bar")
    ladder.set_defaults(run=run_ladder)


class _UsageError(Exception):
    """A bad argument found after parsing (a bot name, a module's option): exit 2 as
    argparse does for the others."""


def _options(args: argparse.Namespace) -> dict[str, bool]:
    return dict.fromkeys(args.option, True)


def _bots(spec: str, players: int, seed: int | None) -> list[Any]:
    kinds = spec.split(",")
    if len(kinds) == 1:
        kinds *= players
    if len(kinds) != players or any(k not in BOTS for k in kinds):
        raise _UsageError(f"--bots: give one of {', '.join(BOTS)}, or {players} of them "
                          f"separated by commas; got {spec!r}")
    return [make_bot(k, None if seed is None else seed + seat) for seat, k in enumerate(kinds)]


def run_play(args: argparse.Namespace, out: TextIO) -> int:
    """Play one game as `args` say and print its story to `out`."""
    names = NAMES[:args.players]
    bots = _bots(args.bots, args.players, args.seed)
    try:
        game = Game(names, seed=args.seed, end_trigger=args.end_trigger,
                    hole_rule=args.hole_rule, modules=args.modules, **_options(args))
    except ValueError as error:  # an option of a module not in play
        raise _UsageError(str(error)) from None
    play(game, bots)
    if not args.quiet:
        for event in game.events:
            if event["type"] != "game_over":  # the final scores follow, once
                print(describe_event(event), file=out)
    scores = game.scores
    print("final scores:", file=out)
    for name in sorted(game.players, key=lambda n: -scores[n]):
        print(f"  {name}: {scores[name]}", file=out)
    if DIRK in scores:
        print(f"  ({DIRK}, the neutral player: {scores[DIRK]})", file=out)
    print(f"winner{'s' if len(game.winners) > 1 else ''}: {', '.join(game.winners)}", file=out)
    if args.json:
        return _save(args.json, lambda path: path.write_text(game.to_json()), "record", out)
    return 0


def _summary_text(df: Any) -> Any:
    """The per-bot table the command prints: one formatted string per cell."""
    import pandas as pd

    from .analysis.stats import summary

    table = summary(df)
    return pd.DataFrame({
        "games": table["games"],
        "win rate [95% CI]": [f"{r:.3f} [{lo:.3f}, {hi:.3f}]" for r, lo, hi in
                              zip(table["win_rate"], table["win_low"], table["win_high"])],
        "mean score [95% CI]": [f"{m:.1f} [{lo:.1f}, {hi:.1f}]" for m, lo, hi in
                                zip(table["mean_score"], table["score_low"],
                                    table["score_high"])],
        "mean final wall": table["mean_final_wall"].round(1),
    }, index=table.index).to_string()


def run_tournament(args: argparse.Namespace, out: TextIO) -> int:
    """Play the tournament `args` describe, print the summary table, save the rows."""
    from .analysis import tournament

    try:
        df = tournament(args.bots.split(","), games=args.games, players=args.players,
                        seed=args.seed, n_jobs=args.jobs, progress=not args.no_progress,
                        end_trigger=args.end_trigger, hole_rule=args.hole_rule,
                        modules=args.modules, **_options(args))
    except ValueError as error:  # a bad bot name or count: say so like argparse would
        raise _UsageError(str(error)) from None
    print(_summary_text(df), file=out)
    if args.out:
        csv = args.out.suffix.lower() == ".csv"
        return _save(args.out, lambda path: df.to_csv(path, index=False) if csv
                     else df.to_parquet(path, index=False), f"{len(df)} rows", out)
    return 0


def _ladder_matchups(args: argparse.Namespace) -> Any:
    from dataclasses import replace

    from .analysis.ladder import ISSUE_MATCHUPS

    matchups = [m for m in ISSUE_MATCHUPS if args.only in (None, m.bot)]
    if not matchups:
        raise _UsageError(f"--only: no match-up of {args.only!r} (the bots are "
                          f"{', '.join(sorted({m.bot for m in ISSUE_MATCHUPS}))})")
    if args.games is not None:
        if args.games < 1:
            raise _UsageError(f"--games must be positive, got {args.games}")
        matchups = [replace(m, games=args.games) for m in matchups]
    return matchups


def run_study(args: argparse.Namespace, out: TextIO) -> int:
    """List the saved studies, or play one and save it (`analysis.saved.run_command`)."""
    from .analysis.saved import run_command
    from .errors import InvalidInput

    try:
        return run_command(args, out)
    except InvalidInput as error:
        raise _UsageError(str(error)) from None


def run_ladder(args: argparse.Namespace, out: TextIO) -> int:
    """Play the ladder's missing games (`analysis.ladder.run_ladder`), print the table."""
    from .analysis.ladder import GAMES_FILE, LADDER_FILE
    from .analysis.ladder import run_ladder as ladder

    games_file, ladder_file = GAMES_FILE, LADDER_FILE
    if args.dir is not None:
        args.dir.mkdir(parents=True, exist_ok=True)
        games_file, ladder_file = args.dir / GAMES_FILE.name, args.dir / LADDER_FILE.name
    client = None
    if args.dask is not None:
        from distributed import Client

        client = Client() if args.dask == "local" else Client(args.dask)
    try:
        table = ladder(_ladder_matchups(args), games_file, ladder_file, n_jobs=args.jobs,
                       client=client, progress=not args.no_progress)
    finally:
        if client is not None:
            client.close()
    print(table.to_string(index=False), file=out)
    return 0


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line with `argv` (default: sys.argv[1:]), printing to `out`."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.run(args, out or sys.stdout)
    except _UsageError as error:
        parser.error(f"{args.command}: {error}")


if __name__ == "__main__":
    sys.exit(main())
