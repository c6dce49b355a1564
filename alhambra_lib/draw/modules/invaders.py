"""Invaders (RULES.md §M15): the sides an attack gets through, scouts and attack cards.

The module's drawer (`Module.drawer`), imported the first time pieces are drawn: it
registers the drawers with `alhambra_lib.draw.pieces.register_pieces`.
"""

from __future__ import annotations

from ...palette import KIND_COLOURS, PIECE_COLOURS, WALL_COLOUR
from ..card_pieces import _STEP
from ..cards import CARD_BACK, CardFace, place_cards
from ..figure import _AXIS_TEXT, LabelCollection
from ..pieces import _WORDS, _attack_handles, _panel, attack_layer, register_pieces

__all__: list[str] = []  # reached through MODULE_PIECES


def _attack_of(seen):
    """(direction, round, what) of the attack to show: the viewer's peek at the next one,
    else the last one revealed; None when there is none."""
    part = seen.part("invaders")
    if part is None:
        return None
    if seen.secrets and part["peeked"] is not None:
        return part["peeked"], min(len(seen.view.rounds_scored) + 1, 3), "next attack (peeked)"
    if part["attacks"]:
        round_no, direction = part["attacks"][-1]
        return direction, round_no, f"round {round_no} attack"
    return None


def _invaders_board(ax, seen, name):
    attack = _attack_of(seen)
    if attack is None:
        return [], ""
    direction, round_no, what = attack
    lost = attack_layer(ax, seen.view.layouts[name], direction, round_no)
    return _attack_handles(direction, round_no, what), f"attack −{lost}"


_ARROWS = {"N": "↓", "E": "←", "S": "↑", "W": "→"}  # the way an attack from there moves


def _invaders_table(ax, seen):
    """Face-up scouts, the attack cards left and those revealed, the viewer's peek."""
    part = seen.part("invaders")
    placed = [((i * 1.0 + 0.45, 1.5), kind) for i, kind in enumerate(part["scouts"])]
    ax.scatter([x for (x, _), _ in placed], [y for (_, y), _ in placed], s=160, marker="^",
               c=[KIND_COLOURS[k] for _, k in placed], edgecolors=WALL_COLOUR, linewidths=0.8,
               zorder=3, gid="scouts")
    LabelCollection(ax, [((x, 1.05), k, _AXIS_TEXT) for (x, _), k in placed], 7, False,
                    "scout_names")
    cards = [CARD_BACK] * part["attack_cards_left"]
    cards += [CardFace(PIECE_COLOURS["attack"], _ARROWS[d], f"from {d}")
              for _, d in part["attacks"]]
    place_cards(ax, [((3.0 + i * _STEP, 0.4), c) for i, c in enumerate(cards)], "attack_")
    notes = [f"{len(part['scouts'])} scouts up, {part['scouts_face_down']} face down",
             f"{part['attack_cards_left']} attack cards face down"]
    notes += [f"round {r}: attack from the {_WORDS[d]}" for r, d in part["attacks"]]
    if part["peeked_by"]:
        notes.append("peeked: " + ", ".join(part["peeked_by"]))
    if seen.secrets and part["peeked"] is not None:
        notes.append(f"{seen.view.player} knows: next from the {_WORDS[part['peeked']]}")
    ax.text(0.0, 0.75, "\n".join(notes), fontsize=8, va="top", color=_AXIS_TEXT,
            gid="invaders_notes")
    _panel(ax, "Invaders (M15): scouts and attack cards", max(3.0 + _STEP * len(cards), 6.0),
           2.0)


register_pieces("invaders", board=_invaders_board, table=_invaders_table)
