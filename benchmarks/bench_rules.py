"""Speed of the rules core on random legal 20–30-tile layouts of the real tiles.

Run ``python benchmarks/bench_rules.py``. Each measurement follows a change (a tile
placed, or removed and placed back), so cached answers are not what is timed:

* ``legal_positions``: one query for one tile, right after a placement;
* ``place + longest_wall``: one placement followed by the wall query.

Targets from the issue: 58 µs and 30 µs median on this machine.
"""

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from alhambra_lib import BUILDING_TILES, Alhambra  # noqa: E402


def random_layout(rng, hole_rule, size):
    """Grow a random legal Alhambra of `size` tiles; return it and the unused tiles."""
    while True:
        alhambra, bag = Alhambra(hole_rule), list(BUILDING_TILES)
        rng.shuffle(bag)
        while bag and len(alhambra) <= size:
            tile = bag.pop()
            cells = sorted(alhambra.legal_positions(tile))
            if cells:
                alhambra.place(tile, rng.choice(cells))
        if len(alhambra) > size:
            return alhambra, bag


def measure(hole_rule, layouts=300, seed=1):
    rng = random.Random(seed)
    legal, place_wall = [], []
    clock = time.perf_counter_ns
    for _ in range(layouts):
        alhambra, bag = random_layout(rng, hole_rule, rng.randint(20, 30))
        for tile in bag[:10]:
            cells = sorted(alhambra.legal_positions(tile))
            if not cells:
                continue
            cell = rng.choice(cells)
            t0 = clock()
            alhambra.place(tile, cell)
            alhambra.longest_wall()
            t1 = clock()
            place_wall.append(t1 - t0)
            query = bag[-1]
            t0 = clock()
            alhambra.legal_positions(query)
            t1 = clock()
            legal.append(t1 - t0)
            alhambra.remove(cell) if alhambra.check_removal(cell).ok else None
    return statistics.median(legal) / 1000, statistics.median(place_wall) / 1000, len(legal)


def main():
    print(f"{'hole_rule':<10} {'legal_positions µs':>20} {'place+longest_wall µs':>22} {'samples':>8}")
    for hole_rule in ("enclosed", "single"):
        legal, place_wall, n = measure(hole_rule)
        print(f"{hole_rule:<10} {legal:>20.1f} {place_wall:>22.1f} {n:>8}")


if __name__ == "__main__":
    main()
