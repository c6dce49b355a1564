"""Invaders (RULES.md §M15): the sides an attack gets through, scouts and attack cards.

The module's drawer (`Module.drawer`), imported the first time pieces are drawn: it
registers the drawers with `alhambra_lib.draw.pieces.register_pieces`.
"""

from __future__ import annotations

from ...palette import KIND_COLOURS, PIECE_COLOURS, WALL_COLOUR
from ..card_pieces import _STEP
from ..cards import CARD_BACK, CardFace, place_cards
from ..figure import _AXIS_TEXT, LabelCollection
from ...i18n import _, ngettext
from ...narrate import YOU, player_text, short_term, sides_text
from ..pieces import _attack_handles, _direction, _panel, attack_layer, register_pieces

__all__: list[str] = []  # reached through MODULE_PIECES


def _attack_of(seen):
    """(direction, round, what) of the attack to show: the viewer's peek at the next one,
    else the last one revealed; None when there is none."""
    part = seen.part("invaders")
    if part is None:
        return None
    if seen.secrets and part["peeked"] is not None:
        return (part["peeked"], min(len(seen.view.rounds_scored) + 1, 3),
                _("next attack (peeked)"))
    if part["attacks"]:
        round_no, direction = part["attacks"][-1]
        return direction, round_no, _("round {n} attack").format(n=round_no)
    return None


def _invaders_board(ax, seen, name):
    attack = _attack_of(seen)
    if attack is None:
        return [], ""
    direction, round_no, what = attack
    lost = attack_layer(ax, seen.view.layouts[name], direction, round_no)
    return _attack_handles(direction, round_no, what), _("attack −{n}").format(n=lost)


_ARROWS = {"N": "↓", "E": "←", "S": "↑", "W": "→"}  # the way an attack from there moves


def _invaders_table(ax, seen):
    """Face-up scouts, the attack cards left and those revealed, the viewer's peek."""
    part = seen.part("invaders")
    placed = [((i * 1.0 + 0.45, 1.5), kind) for i, kind in enumerate(part["scouts"])]
    ax.scatter([x for (x, __), ___ in placed], [y for (__, y), ___ in placed], s=160, marker="^",
               c=[KIND_COLOURS[k] for __, k in placed], edgecolors=WALL_COLOUR, linewidths=0.8,
               zorder=3, gid="scouts")
    LabelCollection(ax, [((x, 1.05), short_term(k), _AXIS_TEXT) for (x, __), k in placed], 7, False,
                    "scout_names")
    cards = [CARD_BACK] * part["attack_cards_left"]
    cards += [CardFace(PIECE_COLOURS["attack"], _ARROWS[d],
                       _("from {side}").format(side=sides_text(d)))
              for __, d in part["attacks"]]
    place_cards(ax, [((3.0 + i * _STEP, 0.4), c) for i, c in enumerate(cards)], "attack_")
    up, left = len(part["scouts"]), part["attack_cards_left"]
    notes = [ngettext("{n} scout up, {down} face down", "{n} scouts up, {down} face down",
                      up).format(n=up, down=part["scouts_face_down"]),
             ngettext("{n} attack card face down", "{n} attack cards face down",
                      left).format(n=left)]
    notes += [_("round {n}: attack from the {direction}").format(n=r, direction=_direction(d))
              for r, d in part["attacks"]]
    if part["peeked_by"]:
        notes.append(_("peeked: {players}").format(
            players=", ".join(map(player_text, part["peeked_by"]))))
    if seen.secrets and part["peeked"] is not None:
        knows = (_("You know: next from the {direction}") if seen.view.player == YOU else
                 _("{player} knows: next from the {direction}"))
        notes.append(knows.format(player=seen.view.player, direction=_direction(part["peeked"])))
    ax.text(0.0, 0.75, "\n".join(notes), fontsize=8, va="top", color=_AXIS_TEXT,
            gid="invaders_notes")
    _panel(ax, _("Invaders (M15): scouts and attack cards"), max(3.0 + _STEP * len(cards), 6.0),
           2.0)


register_pieces("invaders", board=_invaders_board, table=_invaders_table)
