"""Draw the README's gallery: ``.venv/bin/python docs/make_gallery.py``.

Every picture is made by `alhambra_lib.draw` from a seeded state, so running the
script again gives the same figures; they are written to ``docs/gallery/``.
"""

import random
from pathlib import Path

from alhambra_lib import BUILDING_TILES, Alhambra, Game, Tile
from alhambra_lib.bots import GreedyBot, play
from alhambra_lib.draw import draw_alhambra, draw_game, draw_majorities, png_of

OUT = Path(__file__).resolve().parent / "gallery"


def grown_alhambra(tiles=22, seed=3):
    """A random legal Alhambra grown from the real tiles, and the tiles left in the bag."""
    rng = random.Random(seed)
    bag = list(BUILDING_TILES)
    rng.shuffle(bag)
    alhambra = Alhambra()
    while len(alhambra) <= tiles:
        tile = bag.pop()
        cells = sorted(alhambra.legal_positions(tile))
        if cells:
            alhambra.place(tile, rng.choice(cells))
    return alhambra, bag


def finished_game(seed=11):
    game = Game(["Ana", "Ben", "Cy"], seed=seed)
    return play(game, {name: GreedyBot() for name in game.players})


def main():
    OUT.mkdir(exist_ok=True)
    alhambra, bag = grown_alhambra()
    game = finished_game()
    last = [e for e in game.events if e["type"] == "scoring"][-1]
    figures = {
        "legal_cells.png": draw_alhambra(alhambra, legal_for=Tile("garden", 8, "NW")),
        "reasons.png": draw_alhambra(alhambra, explain_for=Tile("tower", 9, "NE")),
        "majorities.png": draw_majorities(last["counts"], 3),
        "game.png": draw_game(game),
    }
    for name, drawing in figures.items():
        (OUT / name).write_bytes(png_of(drawing.figure, dpi=72, compress_level=9))
        print(f"wrote docs/gallery/{name}")


if __name__ == "__main__":
    main()
