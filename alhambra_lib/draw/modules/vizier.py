"""Vizier's Favour (RULES.md §M1): one token per player, awake or asleep.

The module's drawer (`Module.drawer`), imported the first time pieces are drawn: it
registers the drawers with `alhambra_lib.draw.pieces.register_pieces`.
"""

from __future__ import annotations

from ...i18n import _
from ...narrate import player_text
from ...palette import PIECE_COLOURS, WALL_COLOUR
from ..figure import _AXIS_TEXT, LabelCollection
from ..pieces import _panel, register_pieces

__all__: list[str] = []  # reached through MODULE_PIECES


def _vizier_table(ax, seen):
    """One token per player: gold while awake, grey asleep."""
    awake = seen.part("vizier")["awake"]
    xs = [i * 1.3 + 0.5 for i in range(len(awake))]
    ax.scatter(xs, [1.0] * len(xs), s=700,
               c=[PIECE_COLOURS["awake" if a else "asleep"] for a in awake.values()],
               edgecolors=WALL_COLOUR, linewidths=1, zorder=2, gid="vizier_tokens")
    LabelCollection(ax, [((x, 1.0), "V" if a else "z", WALL_COLOUR)
                         for x, a in zip(xs, awake.values())], 12, True, "vizier_marks")
    LabelCollection(ax, [((x, 0.3), (_("{player}\nawake") if a else _("{player}\nasleep")).format(
        player=player_text(p)), _AXIS_TEXT)
                         for x, (p, a) in zip(xs, awake.items())], 7, False, "vizier_names")
    _panel(ax, _("Vizier's Favour (M1): tokens"), max(len(xs) * 1.3, 3.0), 1.6)


register_pieces("vizier", table=_vizier_table)
