"""PlacementExplorer: try a tile on every cell, see why it fits or not, build, undo.

Examples
--------
>>> from alhambra_lib import Alhambra, Tile
>>> ex = PlacementExplorer(Alhambra(), Tile("garden", 8, "W"))
>>> ex.cell_buttons[(-1, 0)].click()
>>> ex.verdict.value
'<b>8-garden (walls W) may go on (-1, 0).</b>'
>>> ex.place_button.click()
>>> ex.alhambra.layout[(-1, 0)], ex.message.value
(Tile('garden', 8, 'W'), 'placed 8-garden at (-1, 0)')
>>> ex.undo_button.click()
>>> len(ex.alhambra)
1
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from ..alhambra import REASONS, Alhambra, IllegalPlacement
from ..components import BUILDING_TILES, KINDS, Tile
from ..draw import draw_alhambra, draw_key
from ..grid import SIDES, Cell
from ..i18n import _, gettext
from ..narrate import sides_text, term, tile_text
from ..palette import EMPTY_COLOUR, ILLEGAL_COLOUR, KIND_COLOURS, LEGAL_COLOUR, WALL_COLOUR
from ..teaching.demo import demo_alhambra
from ._common import MAX_PICTURE_INCHES, WidgetBase, css_class, picture, show

__all__ = ["PlacementExplorer"]

_CUSTOM = "custom walls"  # the picker's value; its label is translated
# ipywidgets 8 keeps a button's old text when its description becomes "" (a stale ✗
# after undo): an empty cell shows a no-break space instead.
_BLANK = "\u00a0"
# Cell borders: a wall side is thick and dark, as on the drawing; the selected cell
# is framed on its open sides.
_WALL_BORDER = f"4px solid {WALL_COLOUR}"
_SELECTED_BORDER = "2px solid #222"
_PLAIN_BORDER = "2px solid transparent"
_BORDERS = {"N": "border_top", "E": "border_right", "S": "border_bottom", "W": "border_left"}


def _tile_label(number: int, tile: Tile) -> str:
    walls = ", ".join(map(sides_text, tile.wall_sides)) or _("no walls")
    return f"{number:2d}. {tile_text(tile.to_list())} ({walls})"


def _describe(tile: Tile) -> str:
    walls = ", ".join(map(sides_text, tile.wall_sides))
    if walls:
        return _("{tile} (walls {sides})").format(tile=tile_text(tile.to_list()), sides=walls)
    return _("{tile} (no walls)").format(tile=tile_text(tile.to_list()))


class PlacementExplorer(WidgetBase):
    """Choose a tile, click a cell of the Alhambra, see whether it fits and why; build.

    Parameters
    ----------
    alhambra : Alhambra, optional
        Where to build (copied); by default a seeded 12-tile sample.
    tile : Tile, optional
        The tile to try first; by default the first of the 54 real tiles.

    Attributes
    ----------
    alhambra : Alhambra
        The current Alhambra.
    reserve : list of Tile
        Tiles removed with `remove_button`, drawn beside the Alhambra.
    tile_picker : ipywidgets.Dropdown
        One of the 54 real tiles, or ``"custom walls"`` when the kind, price and walls
        set by hand match none of them.
    kind_picker, price_input : ipywidgets.Dropdown, ipywidgets.BoundedIntText
        The tile's kind and price (set by `tile_picker`, or by hand).
    wall_toggles : dict
        ``side -> ipywidgets.ToggleButton`` for N, E, S, W: make your own walls.
    show_reasons : ipywidgets.Checkbox
        Write the reason codes on every frontier cell of the drawing.
    cell_buttons : dict
        ``(x, y) -> ipywidgets.Button`` for every cell of the box around the Alhambra
        and its frontier, north row first; legal cells are green (✓), illegal frontier
        cells red (✗), built cells in their kind's colour with their price and their
        walls as thick borders.
    selected : tuple or None
        The cell last clicked.
    verdict : ipywidgets.HTML
        Whether the tile may go on the selected cell, every reason in words; for a
        built cell, whether its tile may be moved to the reserve.
    place_button, remove_button, undo_button, reset_button : ipywidgets.Button
    message : ipywidgets.HTML
        What the last button did.
    image : ipywidgets.Image
        The drawing: legal cells shaded, reasons written, longest wall traced.
    key : ipywidgets.Image
        The drawing's legend, drawn once.
    root : ipywidgets.Box
    """

    def __init__(self, alhambra: Alhambra | None = None, tile: Tile | None = None) -> None:
        if alhambra is not None and not isinstance(alhambra, Alhambra):
            raise TypeError(f"expected an Alhambra, got {type(alhambra).__name__}")
        self.alhambra = alhambra.copy() if alhambra is not None else demo_alhambra()
        self.reserve: list[Tile] = []
        self._start = self.alhambra.copy()
        self._history: list[tuple[Alhambra, list[Tile]]] = []
        self._syncing = False
        self.selected: Cell | None = None
        self._make_controls()
        self._set_tile(tile if tile is not None else BUILDING_TILES[0])
        self.tile_picker.observe(self._on_pick, "value")
        for control in [self.kind_picker, self.price_input, *self.wall_toggles.values()]:
            control.observe(self._on_custom, "value")
        self.show_reasons.observe(lambda _: self._redraw(), "value")
        self._refresh()

    # -- building the controls -------------------------------------------------------

    def _make_controls(self) -> None:
        options = [(_("custom walls"), _CUSTOM)] + [(_tile_label(i + 1, t), t)
                                                    for i, t in enumerate(BUILDING_TILES)]
        self.tile_picker = widgets.Dropdown(options=options, description=_("tile"))
        self.kind_picker = widgets.Dropdown(options=[(term(k), k) for k in KINDS],
                                            description=_("kind"),
                                            layout=widgets.Layout(width="200px"))
        self.price_input = widgets.BoundedIntText(min=0, max=20, description=_("price"),
                                                  layout=widgets.Layout(width="150px"))
        self.wall_toggles = {side: widgets.ToggleButton(
            description=sides_text(side), tooltip=_("wall {side}").format(side=sides_text(side)),
            layout=widgets.Layout(width="40px")) for side in SIDES}
        self.show_reasons = widgets.Checkbox(value=True, description=_("reasons on the drawing"))
        self.cell_buttons: dict[Cell, widgets.Button] = {}
        # every cell button made so far, reused when the grid changes
        self._buttons: dict[Cell, widgets.Button] = {}
        self.grid = widgets.GridBox()
        self.verdict = widgets.HTML()
        self.message = widgets.HTML()
        self.place_button = widgets.Button(description=_("place"), button_style="success")
        self.remove_button = widgets.Button(description=_("remove to reserve"))
        self.undo_button = widgets.Button(description=_("undo"))
        self.reset_button = widgets.Button(description=_("reset"), button_style="warning")
        self.place_button.on_click(lambda _: self.place())
        self.remove_button.on_click(lambda _: self.remove())
        self.undo_button.on_click(lambda _: self.undo())
        self.reset_button.on_click(lambda _: self.reset())
        self.image = picture()
        self.key = picture()
        show(self.key, draw_key())
        walls = widgets.HBox([widgets.Label(_("walls")), *self.wall_toggles.values()])
        buttons = widgets.HBox([self.place_button, self.remove_button, self.undo_button,
                                self.reset_button])
        left = widgets.VBox([self.tile_picker, widgets.HBox([self.kind_picker, self.price_input]),
                             walls, widgets.Label(_("Click a cell (north up):")), self.grid,
                             self.verdict, buttons, self.message])
        self.root = widgets.VBox([widgets.HBox([left, self.key]), self.show_reasons, self.image])
        # Names for browser tests and stylesheets (the widgets have no ids).
        for control, name in [(self.root, "placement"), (self.tile_picker, "tile-picker"),
                              (self.verdict, "verdict"), (self.image, "drawing")]:
            control.add_class(css_class(name))

    # -- the tile ----------------------------------------------------------------------

    @property
    def tile(self) -> Tile:
        """The tile being tried, from the kind, price and wall controls."""
        walls = "".join(side for side, toggle in self.wall_toggles.items() if toggle.value)
        return Tile(self.kind_picker.value, self.price_input.value, walls)

    def _set_tile(self, tile: Tile) -> None:
        if not isinstance(tile, Tile) or tile.kind not in KINDS:
            raise TypeError(f"expected a building Tile, got {tile!r}")
        self._syncing = True
        try:
            self.kind_picker.value = tile.kind
            self.price_input.value = tile.price
            for side, toggle in self.wall_toggles.items():
                toggle.value = tile.has_wall(side)
            self.tile_picker.value = tile if tile in BUILDING_TILES else _CUSTOM
        finally:
            self._syncing = False

    def _on_pick(self, change: Any) -> None:
        if not self._syncing and change["new"] != _CUSTOM:
            self._set_tile(change["new"])
            self._refresh()

    def _on_custom(self, _change: Any) -> None:
        if not self._syncing:
            self._set_tile(self.tile)  # shows the matching real tile, if there is one
            self._refresh()

    # -- cells -----------------------------------------------------------------------

    def _cells(self) -> list[Cell]:
        """Every cell from the westmost to the eastmost of the Alhambra and its frontier."""
        cells = set(self.alhambra.layout) | self.alhambra.frontier()
        xs = [x for x, _ in cells]
        ys = [y for _, y in cells]
        return [(x, y) for y in range(max(ys), min(ys) - 1, -1)  # north row first
                for x in range(min(xs), max(xs) + 1)]

    def _button(self, cell: Cell) -> widgets.Button:
        if cell not in self._buttons:
            # A Layout of its own: the selected cell's border must not spread to all.
            button = widgets.Button(tooltip=str(cell), layout=widgets.Layout(
                width="40px", height="30px", padding="0px", margin="1px"))
            button.on_click(lambda _, cell=cell: self.select(cell))
            button.add_class(css_class("cell", *cell))
            self._buttons[cell] = button
        return self._buttons[cell]

    def _layout_grid(self) -> None:
        cells = self._cells()
        if list(self.cell_buttons) == cells:
            return  # same cells as before: only their look changes
        self.cell_buttons = {cell: self._button(cell) for cell in cells}
        self.grid.children = list(self.cell_buttons.values())
        columns = len({x for x, _ in cells})
        self.grid.layout.grid_template_columns = f"repeat({columns}, 42px)"

    def _style_buttons(self) -> None:
        layout, tile = self.alhambra.layout, self.tile
        legal = self.alhambra.legal_positions(tile)
        frontier = self.alhambra.frontier()
        for cell, button in self.cell_buttons.items():
            built = layout.get(cell)
            if built is not None:
                text, colour = ("F" if built.kind == "fountain" else str(built.price),
                                KIND_COLOURS[built.kind])
            elif cell in legal:
                text, colour = "✓", LEGAL_COLOUR
            elif cell in frontier:
                text, colour = "✗", ILLEGAL_COLOUR
            else:
                text, colour = _BLANK, EMPTY_COLOUR
            button.description = text
            button.style.button_color = colour
            button.style.font_weight = "bold" if cell == self.selected else "normal"
            open_side = _SELECTED_BORDER if cell == self.selected else _PLAIN_BORDER
            for side, border in _BORDERS.items():
                walled = built is not None and built.has_wall(side)
                setattr(button.layout, border, _WALL_BORDER if walled else open_side)

    def select(self, cell: Cell) -> None:
        """Select `cell` (as a click on its button does) and explain the verdict there."""
        self.selected = (cell[0], cell[1])
        self._explain()
        self._style_buttons()

    def _explain(self) -> None:
        cell = self.selected
        if cell is None:
            self.verdict.value = escape(_("Click a cell to see whether the tile may go there."))
            return
        built = self.alhambra.layout.get(cell)
        if built is None:
            verdict = self.alhambra.check(self.tile, cell)
            head = (_("{tile} may go on {cell}.") if verdict
                    else _("{tile} may not go on {cell}.")).format(tile=_describe(self.tile),
                                                                  cell=cell)
        else:
            verdict = self.alhambra.check_removal(cell)
            head = (_("{cell} holds {tile}: it may be moved to the reserve.") if verdict
                    else _("{cell} holds {tile}: it may not be moved to the reserve.")).format(
                        cell=cell, tile=_describe(built))
        reasons = "".join(f"<li><code>{code}</code>: {escape(gettext(REASONS[code]))}</li>"
                          for code in verdict.reasons)
        self.verdict.value = f"<b>{escape(head)}</b>" + (f"<ul>{reasons}</ul>" if reasons else "")

    # -- actions -----------------------------------------------------------------------

    def _change(self, action: Callable[[], object], done: str, refused_text: str) -> None:
        """Run `action` on the Alhambra, keeping the state before it for undo; if the rules
        refuse it, say so with `refused_text` (a message with ``{reasons}``)."""
        before = (self.alhambra.copy(), list(self.reserve))
        try:
            action()
        except IllegalPlacement as refused:
            reasons = "; ".join(gettext(REASONS[code]) for code in refused.reasons
                                if code in REASONS)
            self.message.value = escape(refused_text.format(reasons=reasons) if reasons
                                        else str(refused))
            return
        self._history.append(before)
        self.message.value = escape(done)
        self._refresh()

    def place(self) -> None:
        """Place the tile on the selected cell, if the rules allow it."""
        if self.selected is None:
            self.message.value = escape(_("Select a cell first."))
            return
        tile, cell = self.tile, self.selected
        name = tile_text(tile.to_list())
        self._change(lambda: self.alhambra.place(tile, cell),
                     _("placed {tile} at {cell}").format(tile=name, cell=cell),
                     _("cannot place {tile} at {cell}: {reasons}").replace(
                         "{tile}", name).replace("{cell}", str(cell)))

    def remove(self) -> None:
        """Move the tile on the selected cell to the reserve, if the rules allow it."""
        if self.selected is None:
            self.message.value = escape(_("Select a cell first."))
            return
        cell = self.selected
        self._change(lambda: self.reserve.append(self.alhambra.remove(cell)),
                     _("moved the tile on {cell} to the reserve").format(cell=cell),
                     _("cannot remove the tile at {cell}: {reasons}").replace("{cell}", str(cell)))

    def undo(self) -> None:
        """Go back to before the last place or remove."""
        if not self._history:
            self.message.value = escape(_("Nothing to undo."))
            return
        self.alhambra, self.reserve = self._history.pop()
        self.message.value = escape(_("undone"))
        self._refresh()

    def reset(self) -> None:
        """Go back to the Alhambra the explorer started with."""
        self.alhambra, self.reserve = self._start.copy(), []
        self._history.clear()
        self.selected = None
        self.message.value = escape(_("reset"))
        self._refresh()

    # -- redrawing ---------------------------------------------------------------------

    def _redraw(self) -> None:
        tile = self.tile
        show(self.image, draw_alhambra(self.alhambra, legal_for=tile, reserve=self.reserve,
                                       explain_for=tile if self.show_reasons.value else None,
                                       legend=False, max_height=MAX_PICTURE_INCHES))

    def _refresh(self) -> None:
        self._layout_grid()
        self._style_buttons()
        self._explain()
        self._redraw()
