"""Speed of a redraw after a widget change, on a 30-tile Alhambra.

Run ``python benchmarks/bench_draw.py``. A PlacementExplorer is built on a seeded
random 30-tile Alhambra; each sample makes one change a person makes, and times
everything the widget does in answer (the drawing, its PNG, the cell buttons, the
verdict text):

* ``choose a tile``: another of the 54 tiles in `tile_picker`;
* ``toggle a wall``: one of the custom wall buttons;
* ``place + undo``: place the tile on a legal cell, then undo (two redraws, halved);

and, for reference, the drawing alone: ``draw_alhambra`` (building the artists),
``png_of`` (rendering them with Agg and encoding the PNG fast, as widgets do), and
both with the legend and default compression, as a notebook cell shows an Alhambra;
last, a whole table drawn and rendered (``draw_game`` + ``png_of``) for a base game and
for a game with all 16 modules (`mega_box_game`: its pieces, panels and a hand).

Target from the issue: at most 100 ms median per redraw.
"""

import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("MPLBACKEND", "Agg")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from alhambra_lib import BUILDING_TILES  # noqa: E402
from alhambra_lib.draw import draw_alhambra, draw_game, png_of  # noqa: E402
from alhambra_lib.game import Game  # noqa: E402
from alhambra_lib.teaching.demo import mega_box_game, random_alhambra  # noqa: E402
from alhambra_lib.widgets import PlacementExplorer  # noqa: E402

TARGET_MS = 100
SAMPLES = 30
GAME_SAMPLES = 5  # a whole table takes seconds: fewer samples


def timed(action):
    start = time.perf_counter()
    action()
    return (time.perf_counter() - start) * 1000


def measure(seed=3):
    alhambra = random_alhambra(seed=seed, tiles=30)
    explorer = PlacementExplorer(alhambra)
    tiles = BUILDING_TILES[:SAMPLES]
    results = {}

    def choose(tile):
        explorer.tile_picker.value = tile

    results["choose a tile"] = [timed(lambda t=t: choose(t)) for t in tiles]
    toggle = explorer.wall_toggles["N"]
    results["toggle a wall"] = [timed(lambda: setattr(toggle, "value", not toggle.value))
                                for _ in range(SAMPLES)]

    def place_and_undo(tile):
        choose(tile)
        explorer.select(min(explorer.alhambra.legal_positions(tile)))
        return timed(lambda: (explorer.place_button.click(), explorer.undo_button.click())) / 2

    results["place + undo"] = [place_and_undo(t) for t in tiles
                               if explorer.alhambra.legal_positions(t)]
    tile = explorer.tile
    results["draw_alhambra only"] = [
        timed(lambda: draw_alhambra(alhambra, legal_for=tile, explain_for=tile, legend=False))
        for _ in range(SAMPLES)]
    ax = draw_alhambra(alhambra, legal_for=tile, explain_for=tile, legend=False)
    results["png_of only (fast PNG)"] = [timed(lambda: png_of(ax, compress_level=1))
                                         for _ in range(SAMPLES)]
    results["draw + png, with legend"] = [
        timed(lambda: png_of(draw_alhambra(alhambra, legal_for=tile, explain_for=tile)))
        for _ in range(SAMPLES)]
    base = Game(["Ana", "Ben", "Cy"], seed=seed)
    mega = mega_box_game()
    results["draw_game + png, base"] = [timed(lambda: png_of(draw_game(base)))
                                        for _ in range(GAME_SAMPLES)]
    results["draw_game + png, 16 modules"] = [
        timed(lambda: png_of(draw_game(mega, viewer="Ana"))) for _ in range(GAME_SAMPLES)]
    return len(alhambra) - 1, results


def main():
    tiles, results = measure()
    print(f"redraw of a {tiles}-tile Alhambra (target: median <= {TARGET_MS} ms per widget change)")
    print(f"{'change':<26} {'median ms':>10} {'p90 ms':>8} {'samples':>8}")
    for name, samples in results.items():
        p90 = statistics.quantiles(samples, n=10)[-1]
        print(f"{name:<26} {statistics.median(samples):>10.1f} {p90:>8.1f} {len(samples):>8}")


if __name__ == "__main__":
    main()
