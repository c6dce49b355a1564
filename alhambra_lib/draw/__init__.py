"""Matplotlib drawings of tiles, Alhambras, the market, majorities, scores and games.

Every drawing is a pure function of the state it is given. It draws on `ax` when
one is passed, otherwise on a new figure of its own, and returns the Axes. New
figures are plain `matplotlib.figure.Figure` objects with an Agg canvas, never
pyplot figures: nothing is kept in pyplot's global state, nothing needs closing,
and a drawing behaves the same in a script, a test, a widget or a notebook.

In a notebook, make the figure the value of a cell to see it
(``draw_alhambra(a).figure``): the figures made here carry ``_repr_png_``, so they
show inline whatever the matplotlib backend. `png_of` gives the PNG bytes of a
drawing, or of a Tile, an Alhambra or a Game drawn the default way.

Drawings use one palette (`alhambra_lib.palette`), north is up, cells are one data
unit wide with their coordinates on the axes, and many similar things (squares,
walls) are one collection each, so that a redraw stays fast.

The package's parts: `figure` (figures, layers, labels, PNG), `board` (tiles and
Alhambras), `table` (market, display, a whole game), `scores` (majorities, the score
track by term), `explain` (searches step by step), `cards` (a face per card kind) and
`pieces` (the Mega Box modules' pieces, one registered drawer per module).

Examples
--------
>>> from alhambra_lib import Alhambra, Tile
>>> a = Alhambra()
>>> a.place(Tile("tower", 9, "NE"), (1, 0))
>>> ax = draw_alhambra(a, legal_for=Tile("garden", 10, "W"))
>>> print(ax.get_title(loc="left"))
Alhambra: 1 tile, longest wall 2
10-garden (walls W): legal on 4 of 6 frontier cells
>>> len(artist(ax, "walls").get_segments()), len(artist(ax, "legal").get_paths())
(2, 4)
>>> png_of(ax)[:4]
b'\\x89PNG'
"""

from __future__ import annotations

from .board import REASON_TAGS, board_key, draw_alhambra, draw_key, draw_tile
from .cards import CardFace, card_face, draw_cards, register_card_face
from .explain import draw_search_step, draw_walls_explained
from .figure import DPI, LabelCollection, artist, new_axes, png_of, png_size, side_legend
from .pieces import (
    MODULE_PIECES,
    ModulePieces,
    Seen,
    draw_attack,
    draw_module,
    draw_player,
    register_pieces,
    side_marks,
)
from .scores import draw_majorities, draw_score_track, player_colours
from .table import draw_game, draw_market

__all__ = [
    "DPI",
    "MODULE_PIECES",
    "REASON_TAGS",
    "CardFace",
    "LabelCollection",
    "ModulePieces",
    "Seen",
    "artist",
    "board_key",
    "card_face",
    "draw_alhambra",
    "draw_attack",
    "draw_cards",
    "draw_game",
    "draw_key",
    "draw_majorities",
    "draw_market",
    "draw_module",
    "draw_player",
    "draw_score_track",
    "draw_search_step",
    "draw_tile",
    "draw_walls_explained",
    "new_axes",
    "player_colours",
    "png_of",
    "png_size",
    "register_card_face",
    "register_pieces",
    "side_legend",
    "side_marks",
]
