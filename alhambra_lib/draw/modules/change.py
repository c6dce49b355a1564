"""Change (RULES.md §M11): the coins in the bag and each player's coins.

The module's drawer (`Module.drawer`), imported the first time pieces are drawn: it
registers the drawers with `alhambra_lib.draw.pieces.register_pieces`.
"""

from __future__ import annotations

from ...i18n import _, ngettext
from ..card_pieces import _rows
from ..pieces import register_pieces

__all__: list[str] = []  # reached through MODULE_PIECES


def _change_table(ax, seen):
    """Each player's coins face up, and the coins left in the bag."""
    part = seen.part("change")
    rows = [(p, list(coins), "" if coins else _("no coin")) for p, coins in part["coins"].items()]
    _rows(ax, rows, "coin_", ngettext("Change (M11): coins face up · {n} in the bag",
                                      "Change (M11): coins face up · {n} in the bag",
                                      part["bag"]).format(n=part["bag"]))


register_pieces("change", table=_change_table)
