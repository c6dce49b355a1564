"""Draw the README's gallery: ``.venv/bin/python docs/make_gallery.py``.

Every picture is made by `alhambra_lib.draw` from a seeded state, so running the
script again gives the same figures; they are written to ``docs/gallery/``.
"""

import random
from pathlib import Path

from matplotlib.figure import Figure

from alhambra_lib import BUILDING_TILES, Alhambra, Game, Tile
from alhambra_lib.bots import GreedyBot, play
from alhambra_lib.draw import (
    MODULE_PIECES,
    draw_alhambra,
    draw_attack,
    draw_game,
    draw_majorities,
    draw_module,
    draw_player,
    png_of,
)
from alhambra_lib.teaching.demo import mega_box_game

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


def module_panels(view):
    """Every module's pieces off the boards, one panel each, in one figure."""
    modules = [m for m in view.modules if MODULE_PIECES.get(m) and MODULE_PIECES[m].table]
    rows = -(-len(modules) // 3)
    figure = Figure(figsize=(15, 2.3 * rows), layout="constrained")
    grid = figure.add_gridspec(rows, 3)
    for i, module in enumerate(modules):
        draw_module(view, module, figure.add_subplot(grid[i // 3, i % 3]))
    return figure


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
    mega = mega_box_game()
    view = mega.view("Ana")
    figures.update({
        "mega_box_game.png": draw_game(mega, viewer="Ana"),
        "mega_box_board.png": draw_player(view, "Ben", secrets=False),  # sticks and a gate
        "mega_box_pieces.png": module_panels(view),
        "mega_box_attack.png": draw_attack(view.alhambra("Cy"), "N", 3),
    })
    for name, drawing in figures.items():
        (OUT / name).write_bytes(png_of(drawing.figure, dpi=72, compress_level=9))
        print(f"wrote docs/gallery/{name}")


if __name__ == "__main__":
    main()
