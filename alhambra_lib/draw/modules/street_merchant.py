"""Street Merchant (RULES.md §M12): resident citizens, the discs, the supply.

The module's drawer (`Module.drawer`), imported the first time pieces are drawn: it
registers the drawers with `alhambra_lib.draw.pieces.register_pieces`.
"""

from __future__ import annotations

from matplotlib.lines import Line2D
from matplotlib.patches import Circle

from ...components import KINDS
from ...i18n import _, ngettext
from ...modules.street_merchant import COLOUR_NAMES
from ...narrate import player_text, term
from ...palette import KIND_COLOURS, PIECE_COLOURS
from ..figure import _AXIS_TEXT, LabelCollection, _text_colour
from ..pieces import _centre, _dot_handle, _panel, register_pieces
from ..scores import player_colours

__all__: list[str] = []  # reached through MODULE_PIECES


def _citizens(ax, placed, gid, size=38):
    """Citizens as dots in their type's colour, ringed white: ``[((x, y), kind)]``."""
    if placed:
        ax.scatter([x for (x, _), _ in placed], [y for (_, y), _ in placed], s=size,
                   c=[KIND_COLOURS[k] for _, k in placed], edgecolors=PIECE_COLOURS[
                       "citizen_edge"], linewidths=1.4, zorder=4.9, gid=gid)


def _street_merchant_board(ax, seen, name):
    """Residents on their buildings, and the merchant's disc (with its citizens when the
    owner looks)."""
    part = seen.part("street_merchant")
    if part is None:
        return [], ""
    layout = seen.view.layouts[name]
    residents = part["residents"][name]
    _citizens(ax, [(_centre(c, 0, 0.33), layout[c].kind) for c in residents], "residents")
    many = [(_centre(c, 0.2, 0.33), f"×{n}", _text_colour(KIND_COLOURS[layout[c].kind]))
            for c, n in residents.items() if n > 1]
    LabelCollection(ax, many, 6, True, "resident_counts").set_zorder(6)
    disc = part["discs"][name]
    handles = [_dot_handle(KIND_COLOURS["garden"], _("resident citizen"),
                           edge=PIECE_COLOURS["citizen_edge"])]
    if disc["pos"] is not None:
        owner = player_colours(seen.view.players)[name]
        ax.add_patch(Circle(_centre(disc["pos"]), 0.38, facecolor=PIECE_COLOURS["merchant"],
                            edgecolor=owner, linewidth=2.5, zorder=4.5, gid="merchant_disc"))
        citizens = disc["citizens"] if seen.secrets else None
        if citizens is None:
            LabelCollection(ax, [(_centre(disc["pos"]), str(disc["size"]), owner)], 9, True,
                            "disc_citizens").set_zorder(6)
        else:
            spots = ((-0.17, 0.1), (0.17, 0.1), (0.0, -0.17))
            _citizens(ax, [(_centre(disc["pos"], *spots[i]), kind)
                           for i, kind in enumerate(citizens)], "disc_citizens", size=30)
        handles.append(Line2D([], [], linestyle="none", marker="o", markersize=10,
                              markerfacecolor=PIECE_COLOURS["merchant"], markeredgecolor=owner,
                              markeredgewidth=2, label=_("merchant's disc (its citizens)")))
    if not residents and disc["pos"] is None:
        return [], ""
    return handles, _("residents {n}").format(n=part["points"][name])


def _street_merchant_table(ax, seen):
    """The supply of citizens by colour, and each disc with what is known of it."""
    part = seen.part("street_merchant")
    placed = [((i * 1.1 + 0.4, 1.3), kind) for i, kind in enumerate(KINDS)]
    _citizens(ax, placed, "supply", size=90)
    LabelCollection(ax, [((x, 0.95), f"{term(COLOUR_NAMES[k])}\n{part['supply'][k]}", _AXIS_TEXT)
                         for (x, __), k in placed], 7, False, "supply_counts")
    lines = []
    for player, disc in part["discs"].items():
        known = disc["citizens"] if seen.secrets else None
        said = {"player": player_text(player), "pos": disc["pos"],
                "points": part["points"][player],
                "citizens": (", ".join(term(COLOUR_NAMES[c]) for c in known) if known else
                             ngettext("{n} citizen", "{n} citizens", disc["size"]).format(
                                 n=disc["size"]))}
        lines.append((_("{player}: disc lifted ({citizens}), residents {points}")
                      if disc["pos"] is None else
                      _("{player}: disc at {pos} ({citizens}), residents {points}")).format(**said))
    per_line = 1 if len(lines) <= 3 else 2  # more players: two to a line
    text = "\n".join("   ".join(lines[i:i + per_line]) for i in range(0, len(lines), per_line))
    ax.text(0.0, 0.45, text, fontsize=8, va="top", color=_AXIS_TEXT, gid="discs")
    _panel(ax, _("Street Merchant (M12): citizens in the supply"), 6 * 1.1, 1.7)


register_pieces("street_merchant", board=_street_merchant_board, table=_street_merchant_table)
