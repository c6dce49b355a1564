"""Speed of `tournament`: games per second on one core and on two, and the speed-up.

Plays the same 1000 seeded 3-player games of GreedyBots with ``n_jobs=1`` and with
``n_jobs=2``, checks the two DataFrames are equal, and reports games per second and
the speed-up (target: at least 1.7x on two cores). The worker processes are started
by a short warm-up tournament first, so the timing is of playing games, not of
starting Python twice.

The speed-up needs two free cores: on a shared machine another busy process takes
its share. So the script also reports how many cores the run's processes actually
got (their CPU seconds over the wall time, measured with psutil, which dask
installs) and the CPU seconds per game, whose equality across the two runs shows
that the parallel run wastes nothing on overhead. Best run on an idle machine
(see ``uptime``)::

    python benchmarks/bench_tournament.py [--games 1000] [--players 3] [--jobs 2]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from alhambra_lib.analysis.tournaments import tournament  # noqa: E402 (after the path set-up)

TARGET_SPEEDUP = 1.7


def cpu_seconds():
    """CPU seconds used so far by this process and its children (the joblib workers)."""
    me = psutil.Process()
    total = 0.0
    for process in [me, *me.children(recursive=True)]:
        try:
            times = process.cpu_times()
        except psutil.NoSuchProcess:  # a helper that ended meanwhile
            continue
        total += times.user + times.system
    return total


def timed(games, players, n_jobs):
    """(wall seconds, CPU seconds, DataFrame) of one tournament of GreedyBots."""
    start, cpu = time.perf_counter(), cpu_seconds()
    df = tournament(["greedy"], games=games, players=players, seed=0, n_jobs=n_jobs,
                    progress=False)
    return time.perf_counter() - start, cpu_seconds() - cpu, df


def report(label, games, wall, cpu):
    print(f"  {label}: {wall:7.1f} s  {games / wall:6.1f} games/s  "
          f"{cpu / wall:4.2f} cores used  {1000 * cpu / games:5.1f} CPU ms/game")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2, help="the parallel run's n_jobs")
    args = parser.parse_args(argv)
    print(f"{os.cpu_count()} cores; load average {os.getloadavg()[0]:.2f} "
          f"(should be near 0 for a fair measure)")
    timed(2 * args.jobs, args.players, args.jobs)  # warm-up: start the worker processes
    serial, serial_cpu, expected = timed(args.games, args.players, 1)
    parallel, parallel_cpu, df = timed(args.games, args.players, args.jobs)
    assert df.equals(expected), "n_jobs changed the results"
    speedup = serial / parallel
    print(f"{args.games} {args.players}-player games of GreedyBots")
    report("n_jobs=1", args.games, serial, serial_cpu)
    report(f"n_jobs={args.jobs}", args.games, parallel, parallel_cpu)
    print(f"  speed-up {speedup:.2f}x (target {TARGET_SPEEDUP}x); "
          f"load average now {os.getloadavg()[0]:.2f}")
    return 0 if speedup >= TARGET_SPEEDUP else 1


if __name__ == "__main__":
    sys.exit(main())
