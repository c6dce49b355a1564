"""The pieces of the Mega Box's card modules: sticks, gates, characters, thieves, coins.

Registered with `alhambra_lib.draw.pieces.register_pieces` like the other modules':

* City Walls (RULES.md §M9): the sticks on the tiles, wooden bars just inside their
  side, distinct from the printed dark walls (`board.sticks_layer`) and counted as
  walls; off the boards, the wall cards lying beside the market and the sticks left.
* City Gates (§M5): each gate on the double wall it opens; off the boards, the gate card
  beside the display and the gate cards each player holds (taken in the open).
* Characters (§M7): each player's characters face up, the Wise Man's type chosen at
  the last scoring, an auction under way; a provisional (experimental) card says so.
* Thieves (§M10): the viewer's own thief cards face up by currency, the others' face
  down (their number only), and the thieves played.
* Change (§M11): the coins in the bag (their number) and each player's coins.

Diamonds (§M6), master builders (§M14) and exchange cards (§M2) are cards only: their
faces (`alhambra_lib.draw.cards`) show on the display and in a hand.

Examples
--------
>>> from alhambra_lib import Game
>>> from alhambra_lib.draw import artist, draw_module
>>> g = Game(["Ana", "Ben", "Cy"], seed=7, modules=("thieves",))
>>> ax = draw_module(g.view("Ana"), "thieves")
>>> artist(ax, "thief_card_currencies").texts[:4]
('dir thief', 'duc thief', 'flo thief', 'flo thief')
>>> artist(ax, "thief_card_values").texts[4:]
('?', '?', '?', '?', '?', '?', '?', '?')
"""

from __future__ import annotations

from dataclasses import replace

from matplotlib.collections import PolyCollection
from matplotlib.patches import Patch

from ..components import GateCard
from ..grid import side_segment
from ..palette import CURRENCY_COLOURS
from .board import stick_handle
from .cards import CARD_BACK, CardFace, card_face, place_cards
from .figure import _AXIS_TEXT, LabelCollection
from .pieces import _panel, register_pieces

__all__: list[str] = []  # everything here is reached through MODULE_PIECES

_GATE_EDGE = "#6d4c41"  # the wooden gate: an opening framed in wood (§M5)
_ROW = 1.45  # a player's row of cards, bottom to bottom
_NAME_X, _FIRST_X, _STEP = 1.4, 1.6, 1.1  # a row: name right-aligned, then its cards


def _rows(ax, rows, prefix, title, min_cards=3):
    """One row per player, ``[(player, cards or faces, note)]``: the name, the cards, a
    note after them; framed as a panel titled `title`."""
    placed, names, notes = [], [], []
    widest = max([len(cards) for _, cards, _ in rows] + [min_cards])
    for i, (player, cards, note) in enumerate(rows):
        y = (len(rows) - 1 - i) * _ROW
        placed += [((_FIRST_X + j * _STEP, y), card) for j, card in enumerate(cards)]
        names.append(((_NAME_X, y + 0.6), player, _AXIS_TEXT))
        if note:
            notes.append(((_FIRST_X + len(cards) * _STEP, y + 0.6), note, _AXIS_TEXT))
    place_cards(ax, placed, prefix)
    LabelCollection(ax, names, 8, False, f"{prefix}players", align="right")
    LabelCollection(ax, notes, 7, False, f"{prefix}notes", align="left").set_clip_on(False)
    _panel(ax, title, _FIRST_X + widest * _STEP + 2.2, len(rows) * _ROW - 0.15)


# -- City Walls (M9) ---------------------------------------------------------------------------

def _city_walls_board(ax, seen, name):
    """The sticks are drawn with the tiles (`board.sticks_layer`): the key and the count."""
    part = seen.part("city_walls")
    if part is None:  # not in play: no tile has sticks
        return [], ""
    sticks = sum(map(len, part["sticks"][name].values()))
    reserve = sum(len(t.stick_sides) for t in seen.view.reserves[name])
    if not sticks + reserve:
        return [], ""
    more = f" (+{reserve} on the reserve)" if reserve else ""
    return [stick_handle()], f"sticks {sticks}{more}"


def _city_walls_table(ax, seen):
    """The wall cards lying face up beside the market, and the sticks left in the box."""
    part = seen.part("city_walls")
    cards = list(part["beside"])
    place_cards(ax, [((i * _STEP, 0.45), card) for i, card in enumerate(cards)], "wall_")
    ax.text(0.0, 0.3, f"{len(cards)} wall card{'' if len(cards) == 1 else 's'} beside the "
            f"market · {part['sticks_left']} sticks left in the box", fontsize=7, va="top",
            color=_AXIS_TEXT, gid="wall_notes")
    _panel(ax, "City Walls (M9): wall cards beside the market", max(len(cards) * _STEP, 6.0),
           1.75)


# -- City Gates (M5) ---------------------------------------------------------------------------

def _gate_shape(pair):
    """A small frame across the middle of the double wall between the two cells."""
    (_, y0), (_, y1) = pair
    side = "E" if y0 == y1 else "N"  # `gates()` gives the lower cell first
    (ax_, ay), (bx, by) = side_segment(pair[0], side)
    mx, my = (ax_ + bx) / 2, (ay + by) / 2
    half_along, half_across = 0.22, 0.11
    dx, dy = (half_across, half_along) if side == "E" else (half_along, half_across)
    return ((mx - dx, my - dy), (mx + dx, my - dy), (mx + dx, my + dy), (mx - dx, my + dy))


def _gates_board(ax, seen, name):
    part = seen.part("gates")
    gates = () if part is None else part["gates"][name]
    if not gates:
        return [], ""
    ax.add_collection(PolyCollection([_gate_shape(p) for p in gates], facecolors="#ffffff",
                                     edgecolors=_GATE_EDGE, linewidths=2.0, zorder=4.3,
                                     gid="gates"))
    handle = Patch(facecolor="#ffffff", edgecolor=_GATE_EDGE, linewidth=2.0,
                   label="gate: a double wall walked through")
    return [handle], f"gates {len(gates)}"


def _gates_table(ax, seen):
    """The gate card beside the display (or none), and each player's gate cards."""
    part = seen.part("gates")
    gates = part["gates"]
    rows = [("beside", [GateCard()] if part["beside"] else [],
             "" if part["beside"] else "no gate card beside the display")]
    rows += [(p, [GateCard()] * n, f"{len(gates[p])} gate{'' if len(gates[p]) == 1 else 's'} built")
             for p, n in part["held"].items()]
    _rows(ax, rows, "gate_", "City Gates (M5): gate cards beside the display and held")


# -- Characters (M7) ---------------------------------------------------------------------------

def _character_note(card, wise_man):
    note = card.title
    if card.id == "wise_man" and wise_man is not None:
        note += f": half a {wise_man}"
    return note + (" (provisional)" if card.provisional else "")


def _character_face(card):
    """The card's face labelled with its title's initials (The City Watch: CW): the note
    beside it names the card in full, a title being too long for a card drawn this small."""
    initials = "".join(w[0] for w in card.title.removeprefix("The ").split())
    return replace(card_face(card), label=initials)


def _characters_table(ax, seen):
    """Each player's characters face up; the auction under way, the cards out."""
    part = seen.part("characters")
    rows = []
    for player, cards in part["owned"].items():
        note = " · ".join(_character_note(c, part["wise_man"]) for c in cards)
        rows.append((player, [_character_face(c) for c in cards], note or "no character"))
    auction = part["auction"]
    if auction is not None:
        high = auction["high"]
        bid = "no bid yet" if high is None else f"high bid {high[1]} by {high[0]}"
        rows.append(("auction", [_character_face(auction["card"])],
                     _character_note(auction["card"], None)
                     + f": {bid}"))
    title = (f"Characters (M7): owned face up · {len(part['out'])} out, {part['box']} in the "
             "box")
    _rows(ax, rows, "character_", title, min_cards=1)


# -- Thieves (M10) -----------------------------------------------------------------------------

def _thief_face(currency):
    return CardFace(CURRENCY_COLOURS[currency], "T", f"{currency[:3]} thief")


def _thieves_table(ax, seen):
    """The viewer's thieves face up by currency, the others' face down; those played."""
    part = seen.part("thieves")
    rows = []
    for player, count in part["counts"].items():
        own = seen.secrets and player == seen.view.player
        cards = [_thief_face(c) for c in part["hand"]] if own else [CARD_BACK] * count
        rows.append((player, cards, "" if count else "no thief left"))
    played = part["played"]
    title = (f"Thieves (M10): {len(played)} played, {part['removed']} removed unseen")
    _rows(ax, rows, "thief_", title, min_cards=4)


# -- Change (M11) ------------------------------------------------------------------------------

def _change_table(ax, seen):
    """Each player's coins face up, and the coins left in the bag."""
    part = seen.part("change")
    rows = [(p, list(coins), "" if coins else "no coin") for p, coins in part["coins"].items()]
    _rows(ax, rows, "coin_", f"Change (M11): coins face up · {part['bag']} in the bag")


register_pieces("city_walls", board=_city_walls_board, table=_city_walls_table)
register_pieces("gates", board=_gates_board, table=_gates_table)
register_pieces("characters", table=_characters_table)
register_pieces("thieves", table=_thieves_table)
register_pieces("change", table=_change_table)
