"""Speed of `best_wall_search` on random sets of the real tiles.

Run ``python benchmarks/bench_best_wall.py [--sets N] [--time-limit S] [--hard]``. For
sets of 8, 10 and 12 tiles (fixed seeds) it times the exact search (proven best wall) and
counts its nodes; for 20 and 30 tiles, beyond the default ``exact_limit`` of 12, it
times the best-effort beam search. A set still unproven at the time limit is counted as
such. ``--hard`` times instead the slowest sets found so far, one by one.

Target from the issue: exact for 12 tiles within a few seconds each.
"""

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from alhambra_lib import BUILDING_TILES  # noqa: E402
from alhambra_lib.analysis import best_wall_search  # noqa: E402


# (size, seed) of the slowest sets found so far: wall-rich sets whose best falls short of
# their walls, and sets with many tiles without walls (hard to complete round a wall).
HARD_SETS = [(10, 2), (12, 5), (12, 46), (12, 55), (12, 60), (12, 96), (12, 123),
             (12, 259), (12, 579)]


def tile_set(size, seed):
    """A random set of `size` real tiles, the same on every run."""
    return random.Random(1000 * size + seed).sample(BUILDING_TILES, size)


def tile_sets(size, count):
    """`count` random sets of `size` real tiles, the same on every run."""
    return [tile_set(size, seed) for seed in range(count)]


def measure(size, count, time_limit):
    times, nodes, proven, short = [], [], 0, 0
    for tiles in tile_sets(size, count):
        start = time.perf_counter()
        result = best_wall_search(tiles, time_limit=time_limit)
        times.append(time.perf_counter() - start)
        nodes.append(result.nodes)
        proven += result.exact
        short += sum(len(t.walls) for t in tiles) - result.wall
    return times, nodes, proven, short / count


def measure_hard(time_limit):
    print(f"{'tiles':>5} {'seed':>5} {'walls':>6} {'best':>5} {'bound':>6} {'s':>7} "
          f"{'nodes':>9}")
    for size, seed in HARD_SETS:
        tiles = tile_set(size, seed)
        start = time.perf_counter()
        result = best_wall_search(tiles, time_limit=time_limit)
        walls = sum(len(t.walls) for t in tiles)
        print(f"{size:>5} {seed:>5} {walls:>6} {result.wall:>5} {result.upper_bound:>6} "
              f"{time.perf_counter() - start:>7.2f} {result.nodes:>9}", flush=True)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", type=int, default=5, help="sets per size (default 5)")
    parser.add_argument("--time-limit", type=float, default=60.0,
                        help="seconds per set before giving up the proof (default 60)")
    parser.add_argument("--hard", action="store_true", help="time the slow sets only")
    args = parser.parse_args(argv)
    if args.hard:
        measure_hard(args.time_limit)
        return
    print(f"{'tiles':>5} {'search':>11} {'proven':>7} {'median s':>9} {'max s':>7} "
          f"{'median nodes':>13} {'max nodes':>10} {'walls - best':>13}")
    for size in (8, 10, 12, 20, 30):
        times, nodes, proven, short = measure(size, args.sets, args.time_limit)
        search = "exact" if size <= 12 else "best-effort"
        print(f"{size:>5} {search:>11} {proven:>3}/{args.sets:<3} "
              f"{statistics.median(times):>9.2f} {max(times):>7.2f} "
              f"{statistics.median(nodes):>13.0f} {max(nodes):>10} {short:>13.1f}", flush=True)


if __name__ == "__main__":
    main()
