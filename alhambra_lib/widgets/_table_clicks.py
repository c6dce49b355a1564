"""The GameTable's clicks on pieces, one method per kind of piece.

A mixin of `~alhambra_lib.widgets.GameTable`: each ``click_<kind>(key)`` is the click a
button of that kind makes, handed to the table's ``_click(kind, key)`` (the session's
`~alhambra_lib.table.TableSession.click`, then the table shown again). A click path
(`~alhambra_lib.table.click_path`) names these methods.

Examples
--------
>>> from alhambra_lib.widgets import GameTable
>>> table = GameTable()
>>> table.click_square(1); table.selection.clicked
Counter({('square', 1): 1})
"""

from __future__ import annotations

__all__ = ["TableClicks"]


class TableClicks:
    """The ``click_*`` doors of the GameTable (a mixin)."""

    def click_square(self, square):
        """Click market square `square` (1..4): the ways you can pay for its tile."""
        self._click("square", square)

    def click_card(self, index):
        """Click card `index` of the display: the ways to take it (or steal it)."""
        self._click("card", index)

    def click_to_place(self, index):
        """Take tile `index` of the tiles to place in hand."""
        self._click("to_place", index)

    def click_reserve(self, index):
        """Take reserve tile `index` in hand for a redesign (click again to put it back)."""
        self._click("reserve", index)

    def click_cell(self, cell):
        """Click cell `cell` of your Alhambra: build the tile in hand there, pick your tile,
        put a chest or the merchant's disc..."""
        self._click("cell", cell)

    def click_money(self, index):
        """Click card `index` of your hand: pay with it, bid with it, play it."""
        self._click("money", index)

    def click_hut(self, colour):
        """Click the huts' pile of `colour` (Squares)."""
        self._click("hut", colour)

    def click_bazaar(self, index):
        """Click bazaar `index` beside the market (Bazaars)."""
        self._click("bazaar", index)

    def click_room(self, room):
        """Click treasure room `room` (1..3, Treasure Chamber)."""
        self._click("room", room)

    def click_bid(self, amount):
        """Click the bid button of `amount` beside the character up for auction."""
        self._click("bid", amount)

    def click_citizen(self, colour):
        """Click a citizen of `colour` in the supply (Street Merchant)."""
        self._click("citizen", colour)

    def click_disc(self, colour):
        """Click the citizen of `colour` on your merchant's disc."""
        self._click("disc", colour)

    def click_vizier(self, player: str) -> None:
        """Click `player`'s vizier token (Vizier's Favour): yours asleep, to wake it."""
        self._click("vizier", player)

    def click_thief(self, currency: str) -> None:
        """Click your thief of `currency` (Thieves): then a display card of it to steal."""
        self._click("thief", currency)

    def click_wall_card(self, index):
        """Click wall card `index` beside the market (City Walls)."""
        self._click("wall_card", index)

    def click_gate_card(self, index):
        """Click the gate card beside the display (City Gates)."""
        self._click("gate_card", index)

    def click_side(self, key: tuple) -> None:
        """Click side ``key = (cell, side)`` of your tile on `cell`: lay the sticks of the
        wall card clicked before on that tile, one of them on that side (City Walls)."""
        self._click("side", key)

    def click_double_wall(self, key: tuple) -> None:
        """Click the double wall on side ``key = (cell, side)`` of empty cell `cell`: build
        the tile in hand there through a gate (City Gates)."""
        self._click("double_wall", key)
