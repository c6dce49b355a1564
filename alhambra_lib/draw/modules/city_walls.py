"""City Walls (RULES.md §M9): sticks on the tiles, the wall cards beside the market.

The module's drawer (`Module.drawer`), imported the first time pieces are drawn: it
registers the drawers with `alhambra_lib.draw.pieces.register_pieces`.
"""

from __future__ import annotations

from ...i18n import _, ngettext
from ..board import stick_handle
from ..card_pieces import _STEP
from ..cards import place_cards
from ..figure import _AXIS_TEXT
from ..pieces import _panel, register_pieces

__all__: list[str] = []  # reached through MODULE_PIECES


def _city_walls_board(ax, seen, name):
    """The sticks are drawn with the tiles (`board.sticks_layer`): the key and the count."""
    part = seen.part("city_walls")
    if part is None:  # not in play: no tile has sticks
        return [], ""
    sticks = sum(map(len, part["sticks"][name].values()))
    reserve = sum(len(t.stick_sides) for t in seen.view.reserves[name])
    if not sticks + reserve:
        return [], ""
    said = (_("sticks {n} (+{reserve} on the reserve)") if reserve else _("sticks {n}")).format(
        n=sticks, reserve=reserve)
    return [stick_handle()], said


def _city_walls_table(ax, seen):
    """The wall cards lying face up beside the market, and the sticks left in the box."""
    part = seen.part("city_walls")
    cards = list(part["beside"])
    place_cards(ax, [((i * _STEP, 0.45), card) for i, card in enumerate(cards)], "wall_")
    said = ngettext("{n} wall card beside the market · {sticks} sticks left in the box",
                    "{n} wall cards beside the market · {sticks} sticks left in the box",
                    len(cards)).format(n=len(cards), sticks=part["sticks_left"])
    ax.text(0.0, 0.3, said, fontsize=8, va="top", color=_AXIS_TEXT, gid="wall_notes")
    _panel(ax, _("City Walls (M9): wall cards beside the market"), max(len(cards) * _STEP, 6.0),
           1.75)


register_pieces("city_walls", board=_city_walls_board, table=_city_walls_table)
