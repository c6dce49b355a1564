"""Tiles, cards and an Alhambra made of buttons: drawings a person plays on by clicking.

A tile is a square button in its type's colour, its price written on it and its walls
drawn as thick dark borders; an Alhambra is a grid of such squares, the empty cells
around it shaded where the tile in hand may or may not go. The drawing is made of the
page's own boxes, so it is sharp on every screen, at its natural size, and a click on
a square is a click on a button: it works offline, in JupyterLab and in Voila alike,
with nothing installed beyond ipywidgets. Only the squares whose look changed are
sent to the browser again.

Examples
--------
>>> from alhambra_lib import Alhambra, Tile
>>> clicked = []
>>> board = BoardGrid(clicked.append)
>>> board.show(Alhambra(), {(1, 0): LEGAL})
>>> board.buttons[(1, 0)].description, board.buttons[(0, 0)].tooltip
('+', 'the fountain')
>>> board.buttons[(1, 0)].click()
>>> clicked
[(1, 0)]
>>> look = tile_look(Tile("tower", 9, "NE"))
>>> look.text, look.borders[0], look.borders[2]
('9', '4px solid #2b2b2b', '1px solid #8a8a8a')
>>> tile_look(Tile("hut", 0, "N", ("garden",))).text  # in its type's colour
'hut'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import ipywidgets as widgets

from ..components import FOUNTAIN_KIND, Card, Tile
from ..grid import SIDES, Cell
from ..i18n import N_, _
from ..narrate import card_text, sides_text, term, tile_text, walls_text
from ..palette import (
    CURRENCY_COLOURS,
    EMPTY_COLOUR,
    ILLEGAL_COLOUR,
    KIND_COLOURS,
    LEGAL_COLOUR,
    STICK_COLOUR,
    WALL_COLOUR,
)
from ._common import css_class

if TYPE_CHECKING:
    from ..alhambra import Alhambra

__all__ = [
    "CELL_PX",
    "EXCHANGE",
    "HINTED",
    "HINT_COLOUR",
    "HINT_COLOUR_NAME",
    "ILLEGAL",
    "LEGAL",
    "TARGET",
    "SELECTED_CLASS",
    "SIDE_PX",
    "STYLE",
    "TWO_LINES_CLASS",
    "BoardGrid",
    "Look",
    "TileRow",
    "card_button",
    "ink_on",
    "paint",
    "side_look",
    "tile_look",
]

#: Pixels per cell of the board (a tile in hand or on the market is drawn a little larger).
CELL_PX = 42
_WALL = f"4px solid {WALL_COLOUR}"
_EDGE = "1px solid #8a8a8a"
_NONE = "1px solid transparent"
_DARK_TEXT_KINDS = ("fountain", "chambers", "bazaar")
#: The Mega Box's tiles that print no price (RULES.md §M4, §M16): named on their square.
_NAMED_KINDS = ("hut", "bazaar")
_PIECE_NAMES = (N_("hut"), N_("bazaar"))  # their names on the board, translated
#: What an empty cell of the board says about the tile in hand; TARGET: a built tile a
#: click now uses (a chest put on it, the sticks of a wall card laid on it).
LEGAL, ILLEGAL, EXCHANGE, TARGET = "legal", "illegal", "exchange", "target"
_MARK_LOOK = {LEGAL: (LEGAL_COLOUR, "+", "#1d6b1d"), ILLEGAL: (ILLEGAL_COLOUR, "", "#a8281d")}
#: The CSS class of a selected square, and the style sheet that rings it.
SELECTED_CLASS = "alhambra-selected"
_SELECTED_SHADOW = "inset 0 0 0 3px #ffb000"
#: The CSS class of the button a hint points at (the next click of the move suggested),
#: and the colour of its outline, in CSS and in the hint's words.
HINTED = "alhambra-hinted"
HINT_COLOUR, HINT_COLOUR_NAME = "#2a7ae2", N_("blue")
#: The CSS class of a square with two short lines of text (what a piece is, what it is
#: worth): a smaller font, the lines kept.
TWO_LINES_CLASS = "alhambra-two-lines"
STYLE = (f"<style>.{SELECTED_CLASS} {{box-shadow: {_SELECTED_SHADOW} !important}}"
         f".{HINTED} {{outline: 3px solid {HINT_COLOUR} !important; outline-offset: -3px}}"
         f".{TWO_LINES_CLASS} {{white-space: pre-line !important; font-size: 11px !important;"
         " line-height: 1.15 !important; padding: 0px !important}"
         ".alhambra-game-table .jupyter-button:focus {outline: none}</style>")


@dataclass(frozen=True)
class Look:
    """How a square looks: colour, text, text colour, tooltip, borders N E S W, a ring."""

    colour: str
    text: str
    text_colour: str
    tooltip: str
    borders: tuple
    ringed: bool = False


def ink_on(kind: str) -> str:
    """The text colour legible on the colour of `kind` (a tile type, a citizen, a chest's
    building): dark on the light ones, white on the others.

    >>> ink_on("chambers"), ink_on("tower")
    ('#222222', '#ffffff')
    """
    return "#222222" if kind in _DARK_TEXT_KINDS else "#ffffff"


def tile_look(tile: Tile, *, selected: bool = False, note: str = "") -> Look:
    """The `Look` of `tile` drawn as a square: its walls as thick borders.

    `note` is added to the tooltip (what a click does); a selected tile is ringed.
    """
    if tile.kind == FOUNTAIN_KIND:
        text, tip = "◎", _("the fountain")
    elif tile.kind in _NAMED_KINDS:  # no price printed: the piece says what it is
        text, tip = _(tile.kind), f"{tile_text(tile.to_list())}, {walls_text(tile)}"
    else:
        text = str(tile.price or term(tile.kind)[:4])
        tip = f"{tile_text(tile.to_list())}, {walls_text(tile)}"
    borders = tuple(_WALL if tile.has_wall(side) else _EDGE for side in SIDES)
    # A hut is drawn in the colour of its type (RULES.md §M4), as on the drawn boards.
    kind = tile.marks[0] if tile.kind == "hut" else tile.kind
    colour = KIND_COLOURS.get(kind, "#bbbbbb")
    text_colour = ink_on(kind)
    return Look(colour, text, text_colour, tip + (f" - {note}" if note else ""), borders,
                selected)


def _empty_look(cell: Cell, mark: str | None, ringed: bool = False) -> Look:
    if mark in _MARK_LOOK:
        colour, text, text_colour = _MARK_LOOK[mark]
        tip = f"{cell}: " + (_("click to build here") if mark == LEGAL else
                             _("click to see why the tile may not go here"))
        return Look(colour, text, text_colour, tip, (f"1px dashed {text_colour}",) * 4, ringed)
    return Look(EMPTY_COLOUR, "", "#222222", str(cell), (_NONE,) * 4)


def paint(button: widgets.Button, look: Look) -> None:
    """Give `button` the `look`, changing only what differs (each change is a message)."""
    if getattr(button, "_look", None) == look:
        return
    with button.hold_sync():
        # A description set to "" keeps the old text on the page (ipywidgets 8): a space.
        button.description = look.text or "\u00a0"
        button.tooltip = look.tooltip
        button.style.button_color = look.colour
        button.style.text_color = look.text_colour
        layout = button.layout
        layout.border_top, layout.border_right, layout.border_bottom, layout.border_left = (
            look.borders)
        # A ring inside the square (the table's style sheet): a border would be a wall.
        (button.add_class if look.ringed else button.remove_class)(SELECTED_CLASS)
        (button.add_class if "\n" in look.text else button.remove_class)(TWO_LINES_CLASS)
    button._look = look


def square_button(size: int = CELL_PX, *names: object) -> widgets.Button:
    """A square button of `size` pixels with a CSS class made of `names`."""
    button = widgets.Button(layout=widgets.Layout(width=f"{size}px", height=f"{size}px",
                                                  padding="0px", margin="0px"))
    button.style.font_weight = "bold"
    if names:
        button.add_class(css_class(*names))
    return button


def card_button(card: object, *, selected: bool = False) -> widgets.Button:
    """A money card (or a module's card) as a small coloured button."""
    button = widgets.Button(layout=widgets.Layout(width="46px", height="58px", padding="0px",
                                                  margin="0px 4px 0px 0px"))
    button.style.font_weight = "bold"
    paint_card(button, card, selected=selected)
    return button


def paint_card(button: widgets.Button, card: object, *, selected: bool = False) -> None:
    """Show `card` on `button`: its value on its currency's colour."""
    if card.__class__ is Card:
        colour, text = CURRENCY_COLOURS[card.currency], str(card.value)
    else:  # an exchange card joins two currencies
        colour, text = "#dddddd", "⇄"
    words = card_text(card.to_list()) if hasattr(card, "to_list") else str(card)
    look = Look(colour, text, "#ffffff" if card.__class__ is Card else "#222222",
                _("{card}: click to see how to take it").format(card=words), (_EDGE,) * 4,
                selected)
    paint(button, look)


class TileRow:
    """A row of tiles (to place, the reserve, the market) where a click picks one.

    Parameters
    ----------
    on_click : callable
        ``on_click(index)`` with the index of the clicked tile in the last `show`.
    name : str
        The CSS class of the row's buttons: ``alhambra-<name>-<index>``.
    size : int
        Pixels per tile.
    """

    def __init__(self, on_click: Callable[[int], object], name: str,
                 size: int = CELL_PX + 8) -> None:
        self._on_click, self._name, self._size = on_click, name, size
        self.buttons: list[widgets.Button] = []
        self.box = widgets.HBox(layout=widgets.Layout(grid_gap="6px", flex_flow="row wrap"))

    def _button(self, index: int) -> widgets.Button:
        while len(self.buttons) <= index:
            made = len(self.buttons)
            button = square_button(self._size, self._name, made)
            button.on_click(lambda _, i=made: self._on_click(i))
            self.buttons.append(button)
        return self.buttons[index]

    def show(self, looks: Sequence[Look]) -> None:
        """Show one square per `Look`."""
        shown = [self._button(i) for i in range(len(looks))]
        for button, look in zip(shown, looks):
            paint(button, look)
        if list(self.box.children) != shown:
            self.box.children = shown


#: The thickness in pixels of a side button, laid along the side of a cell.
SIDE_PX = 10
#: side -> (width, height, margin) of a side button inside its cell's square.
_SIDE_BOX = {"N": (CELL_PX, SIDE_PX, "0px"),
             "S": (CELL_PX, SIDE_PX, f"{CELL_PX - SIDE_PX}px 0px 0px 0px"),
             "W": (SIDE_PX, CELL_PX, "0px"),
             "E": (SIDE_PX, CELL_PX, f"0px 0px 0px {CELL_PX - SIDE_PX}px")}


class BoardGrid:
    """An Alhambra as a grid of square buttons, north up; a click calls ``on_click(cell)``.

    Thin side buttons may lie along the sides of cells, over their squares (where a wall
    card's sticks go, the double wall a gate opens): a click on one calls
    ``on_side(kind, (cell, side))``.

    Attributes
    ----------
    buttons : dict
        ``(x, y) -> ipywidgets.Button`` for every cell made so far (reused as the grid
        grows); the cells shown are those of `grid`.
    side_buttons : dict
        ``(kind, (cell, side)) -> ipywidgets.Button`` of every side button made so far.
    grid : ipywidgets.GridBox
    """

    def __init__(self, on_click: Callable[[Cell], object],
                 on_side: Callable[[str, tuple[Cell, str]], object] | None = None) -> None:
        self._on_click, self._on_side = on_click, on_side
        self.buttons: dict[Cell, widgets.Button] = {}
        self.side_buttons: dict[tuple[str, tuple[Cell, str]], widgets.Button] = {}
        self._shown: list[Cell] = []
        self._sides_shown: list[tuple[str, tuple[Cell, str]]] = []
        self.grid = widgets.GridBox(layout=widgets.Layout(grid_gap="0px", width="max-content"))
        self.grid.add_class(css_class("board"))

    def _button(self, cell: Cell) -> widgets.Button:
        if cell not in self.buttons:
            button = square_button(CELL_PX, "cell", *cell)
            button.on_click(lambda _, cell=cell: self._on_click(cell))
            self.buttons[cell] = button
        return self.buttons[cell]

    def _side_button(self, kind: str, key: tuple[Cell, str]) -> widgets.Button:
        if (kind, key) not in self.side_buttons:
            (cell, side) = key
            width, height, margin = _SIDE_BOX[side]
            button = widgets.Button(layout=widgets.Layout(
                width=f"{width}px", height=f"{height}px", margin=margin, padding="0px",
                min_width="0px", min_height="0px"))
            button.add_class(css_class(kind, *cell, side))
            on_side = self._on_side
            if on_side is not None:  # a board made without side clicks only shows its sides
                button.on_click(lambda _, k=kind, x=key: on_side(k, x))
            self.side_buttons[kind, key] = button
        return self.side_buttons[kind, key]

    def show(self, alhambra: Alhambra, marks: Mapping[Cell, str], selected: Cell | None = None,
             pieces: Mapping[Cell, tuple] | None = None,
             sides: Mapping[tuple[str, tuple[Cell, str]], Look] | None = None) -> None:
        """Draw `alhambra`, its empty cells in `marks` (``cell -> LEGAL/ILLEGAL``) shaded.

        `selected` is a cell to ring: the tile a redesign would move, or the cell a
        suggested move builds on. `pieces` maps cells to ``(text, words, {side: border})``:
        the modules' pieces on them (`alhambra_lib.widgets._table_pieces.board_pieces`).
        `sides` maps ``(kind, (cell, side))`` to the `Look` of a side button to show.
        """
        pieces = pieces or {}
        layout = alhambra.layout
        cells = set(layout) | alhambra.frontier()
        xs, ys = [x for x, _ in cells], [y for _, y in cells]
        shown = [(x, y) for y in range(max(ys), min(ys) - 1, -1)  # north row first
                 for x in range(min(xs), max(xs) + 1)]
        for cell in shown:
            tile = layout.get(cell)
            if tile is None:
                look = _empty_look(cell, marks.get(cell), cell == selected)
            elif tile.kind == FOUNTAIN_KIND:
                look = tile_look(tile)
            else:
                look = tile_look(tile, selected=cell == selected, note=_built_note(marks, cell))
            if cell in pieces:
                look = _with_pieces(look, *pieces[cell])
            if tile is not None and marks.get(cell) in (EXCHANGE, TARGET):  # the mark last
                look = replace(look, text=look.text + _TARGET_TEXT[marks[cell]])
            paint(self._button(cell), look)
        area = {cell: f"{max(ys) - cell[1] + 1} / {cell[0] - min(xs) + 1}" for cell in shown}
        side_shown = []
        for (kind, (cell, side)), look in sorted((sides or {}).items()):
            if cell in area:
                button = self._side_button(kind, (cell, side))
                paint(button, look)
                _place(button, area[cell])
                side_shown.append(button)
        if shown != self._shown or side_shown != self._sides_shown:
            for cell in shown:  # placed by hand: a side button lies over its cell's square
                _place(self.buttons[cell], area[cell])
            self._shown, self._sides_shown = shown, side_shown
            self.grid.layout.grid_template_columns = (
                f"repeat({max(xs) - min(xs) + 1}, {CELL_PX}px)")
            self.grid.children = [self.buttons[cell] for cell in shown] + side_shown


_SIDE_LOOKS = {
    "side": (STICK_COLOUR, "1px dashed #7a4b00",
             N_("click to lay a wall card's sticks on this tile, one of them here (City Walls)")),
    "double_wall": ("#7a4b00", "2px double #f4e3c0",
                    N_("a double wall: click to build the tile in hand through a gate here "
                       "(City Gates)")),
}


def side_look(kind: str, key: tuple[Cell, str], *, ringed: bool = False) -> Look:
    """The `Look` of a side button of `kind` ("side", "double_wall") on ``(cell, side)``."""
    colour, border, what = _SIDE_LOOKS[kind]
    cell, side = key
    return Look(colour, "", "#222222", _("{cell}, {side} side: {what}").format(
        cell=cell, side=sides_text(side), what=_(what)),
                (border,) * 4, ringed)


def _place(button: widgets.Widget, area: str) -> None:
    """Put `button` on grid area ``"row / column"`` (one message, only when it moves)."""
    if button.layout.grid_area != area:
        button.layout.grid_area = area


_TARGET_TEXT = {EXCHANGE: "⇄", TARGET: "◆"}


def _with_pieces(look: Look, text: str, words: str, sides: Mapping[str, str]) -> Look:
    """`look` with a module's pieces on it: a sign, their words, sticks and gates."""
    borders = tuple(sides.get(side, border) for side, border in zip(SIDES, look.borders))
    return replace(look, text=look.text + text, tooltip=f"{look.tooltip} ({words})",
                   borders=borders)


def _built_note(marks: Mapping[Cell, str], cell: Cell) -> str:
    if marks.get(cell) == EXCHANGE:
        return _("click to exchange it with the reserve tile you chose")
    if marks.get(cell) == TARGET:
        return _("click it for the move you chose")
    return _("click to see whether it may move to your reserve")
