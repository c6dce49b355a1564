"""Each player's module pieces at the GameTable, drawn: the "pieces" panel.

A row per player: the vizier token (gold awake, grey asleep, M6), the bonus cards (yours
face up in their tile's colour; the others' face down as a count, M3), the thieves (yours
as cards of their currency; the others' as a count, M10), the characters bought at
auction (M7), the coins (M11), the chests on your reserve tiles (M13); and a row for the
invaders (M15): the scouts face up in their building's colour, the face-down ones and
the attack cards' pile as backs, each attack revealed as an arrow from its side. Every
piece says in its tooltip what the old sentences said, and each row's caption keeps the
sentence. A thief of yours is clicked to steal (then a display card of its currency), your
sleeping vizier token to wake it.

Examples
--------
>>> import warnings
>>> from alhambra_lib import Game
>>> with warnings.catch_warnings():
...     warnings.simplefilter("ignore")  # provisional module data
...     game = Game(["You", "Ben"], seed=2, modules=("vizier", "bonus_cards", "thieves"))
>>> rows = token_rows(game.view("You"), "You")
>>> [(who, [kind for kind, _, _ in items]) for who, _, items in rows]
... # doctest: +NORMALIZE_WHITESPACE
[('You', ['vizier', 'bonus', 'bonus', 'bonus', 'thief', 'thief', 'thief']),
 ('Ben', ['vizier', 'bonus_back', 'thief_back'])]
>>> rows[1][2][1][2].text  # Ben's three bonus cards, face down
'+? 3'
"""

from __future__ import annotations

from collections import Counter
from html import escape

import ipywidgets as widgets

from ..components import CHARACTERS
from ..narrate import plural_noun
from ..palette import CARD_BACK_COLOUR, CURRENCY_COLOURS, KIND_COLOURS, PIECE_COLOURS
from ._board import Look, paint
from ._common import css_class

__all__ = ["TokensPanel", "token_rows"]

_EDGE = ("1px solid #8a8a8a",) * 4
_DARK_INK, _LIGHT_INK = "#222222", "#ffffff"
#: An attack from a side comes in pointing to the opposite side (RULES.md §M15).
_ARROWS = {"N": "N↓", "S": "S↑", "E": "←E", "W": "W→"}
_CHARACTER_COLOUR = "#f3e2b3"
#: The pieces a click picks: a thief of yours (to steal), your vizier token (to wake it).
CLICKABLE = ("thief", "vizier")


def _look(colour: str, text: str, tip: str, ink: str = _DARK_INK,
          ringed: bool = False) -> Look:
    return Look(colour, text, ink, tip, _EDGE, ringed)


def _back(count: int, mark: str, what: str, who: str) -> Look:
    """A face-down card: `mark` says what it is (as its face-up kind reads), then how many."""
    return _look(CARD_BACK_COLOUR, f"{mark} {count}", f"{who} holds {count} {what}, face down",
                 _LIGHT_INK)


def _vizier(part: dict | None, player: str, you: str) -> list:
    if not part:
        return []
    awake = part["awake"][player]
    whose = "your" if player == you else f"{player}'s"
    tip = (f"{whose} vizier token: awake (buys a tile out of turn)" if awake
           else f"{whose} vizier token: asleep" + (
               " (click it to wake it: your turn ends)" if player == you else ""))
    colour = PIECE_COLOURS["awake" if awake else "asleep"]
    return [("vizier", player, _look(colour, "☼" if awake else "☾", tip))]


def _bonus(part: dict | None, player: str, you: str) -> list:
    if not part:
        return []
    shown = part["shown"].get(player, ())
    cards = part["hand"] if player == you else shown
    items = [("bonus", (player, i), _look(
        KIND_COLOURS[card.tile.kind], f"+{card.tile.price}",
        f"{'your' if player == you else player + chr(39) + 's'} bonus card: the "
        f"{card.tile}{' (shown at a scoring)' if card in shown else ''}; while that tile is "
        f"in the Alhambra it adds 1 to the {card.tile.kind} count",
        _DARK_INK if card.tile.kind == "chambers" else _LIGHT_INK))
        for i, card in enumerate(cards)]
    hidden = part["hand_sizes"].get(player, 0) - len(shown)
    if player != you and hidden > 0:
        items.append(("bonus_back", player, _back(hidden, "+?", "bonus cards", player)))
    return items


def _thieves(part: dict | None, player: str, you: str, selected) -> list:
    if not part:
        return []
    if player != you:
        n = part["counts"].get(player, 0)
        return [("thief_back", player, _back(n, "thief", "thieves", player))] if n else []
    # Two thieves of a currency are one card with their number: either steals the same.
    return [("thief", currency, _look(
        CURRENCY_COLOURS[currency], "thief" + (f" {n}" if n > 1 else ""),
        f"your {currency} thief{' (' + str(n) + ')' if n > 1 else ''}: click it, then a "
        f"{currency} card of the display to steal it", _LIGHT_INK,
        ("thief", currency) in selected))
        for currency, n in Counter(part["hand"]).items()]


def _characters(part: dict | None, player: str) -> list:
    if not part:
        return []
    items = []
    for card in part["owned"].get(player, ()):
        tip = f"{card.title}: {CHARACTERS[card.id]['effect']}"
        if card.id == "wise_man" and part.get("wise_man"):
            tip += f" (now: {part['wise_man']})"
        items.append(("character", (player, card.id),
                      _look(_CHARACTER_COLOUR, card.title.removeprefix("The ")[:10], tip)))
    return items


def _coins(part: dict | None, player: str) -> list:
    if not part:
        return []
    counts = Counter(c.currency for c in part["coins"].get(player, ()))
    return [("coin", (player, currency), _look(
        CURRENCY_COLOURS[currency], f"●{n}", f"{player}: {n} {currency} coin{'s' * (n > 1)} "
        "(worth 1 each)", _LIGHT_INK)) for currency, n in sorted(counts.items())]


def _chests(part: dict | None, player: str, you: str) -> list:
    held = (part or {}).get("reserve_chests", {}).get(you, ()) if player == you else ()
    return [("reserve_chests", player, _look(
        PIECE_COLOURS["chest"], f"▣{len(held)}",
        f"{len(held)} chests on your reserve tiles"))] if held else []


def _caption(parts: dict, player: str, you: str) -> str:
    """The old sentences about `player`'s pieces, for the row's tooltip."""
    said = []
    if parts.get("vizier"):
        said.append(f"vizier {'awake' if parts['vizier']['awake'][player] else 'asleep'}")
    if parts.get("bonus_cards"):
        said.append(f"{parts['bonus_cards']['hand_sizes'].get(player, 0)} bonus cards")
    if parts.get("thieves"):
        n = len(parts["thieves"]["hand"]) if player == you else \
            parts["thieves"]["counts"].get(player, 0)
        said.append(f"{n} thieves")
    if parts.get("characters"):
        owned = parts["characters"]["owned"].get(player, ())
        said.append("characters: " + (", ".join(c.title for c in owned) or "none"))
    if parts.get("change"):
        said.append(f"{len(parts['change']['coins'].get(player, ()))} coins")
    return f"{player}: " + "; ".join(said)


def _invaders(part: dict | None, you: str) -> list:
    if not part:
        return []
    items = [("scout", i, _look(KIND_COLOURS[kind], kind[:4],
                                f"a scout face up: invaders scout the {plural_noun(kind)}",
                                _LIGHT_INK if kind != "chambers" else _DARK_INK))
             for i, kind in enumerate(part["scouts"])]
    if part["scouts_face_down"]:
        items.append(("scout_back", 0, _look(CARD_BACK_COLOUR, f"scout {part['scouts_face_down']}",
                                             f"{part['scouts_face_down']} scouts face down",
                                             _LIGHT_INK)))
    items += [("attack", i, _look(PIECE_COLOURS["attack"], _ARROWS[side],
                                  f"attack of round {rnd} from the {side}", _LIGHT_INK))
              for i, (rnd, side) in enumerate(part["attacks"])]
    if part["attack_cards_left"]:
        peeked = part.get("peeked") if you in part.get("peeked_by", ()) else None
        tip = f"{part['attack_cards_left']} attack cards left, face down" + (
            f"; you peeked at the next: from the {peeked}" if peeked else "")
        text = f"{part['attack_cards_left']} left" + (f", next {peeked}" if peeked else "")
        items.append(("attack_back", 0, _look(CARD_BACK_COLOUR, text, tip, _LIGHT_INK)))
    return items


def token_rows(view, you: str, selected=frozenset()) -> list:
    """``[(who, caption, [(kind, key, Look)])]``: each player's drawn pieces as `you`
    see them (yours first, the others' secrets as counts), then the invaders'."""
    parts = view.modules
    rows = []
    for player in [you] + [p for p in view.players if p != you]:
        items = (_vizier(parts.get("vizier"), player, you)
                 + _bonus(parts.get("bonus_cards"), player, you)
                 + _thieves(parts.get("thieves"), player, you, selected)
                 + _characters(parts.get("characters"), player)
                 + _coins(parts.get("change"), player)
                 + _chests(parts.get("treasure"), player, you))
        if items:
            rows.append((player, _caption(parts, player, you), items))
    invaders = parts.get("invaders")
    if invaders:
        attacks = ", ".join(f"round {r} from the {d}" for r, d in invaders["attacks"])
        rows.append(("Invaders", f"scouts {', '.join(invaders['scouts']) or 'none'} face up, "
                     f"{invaders['scouts_face_down']} face down; attacks "
                     f"{attacks or 'none yet'}", _invaders(invaders, you)))
    return rows


class TokensPanel:
    """The "pieces" panel: a row of drawn pieces per player, and the invaders'.

    Parameters
    ----------
    click : callable
        ``click(kind, key)`` for a click on a piece of `CLICKABLE` kind (a thief).
    buttons : dict, optional
        Where to keep the buttons (shared with the table's other pieces, so that a hint
        finds them all in one place).

    Attributes
    ----------
    box : ipywidgets.VBox
    buttons : dict
        ``(kind, key) -> ipywidgets.Button`` of every piece shown so far.
    """

    def __init__(self, click, buttons: dict | None = None) -> None:
        self._click = click
        self.buttons = {} if buttons is None else buttons
        self._rows = {}
        self.box = widgets.VBox(layout=widgets.Layout(grid_gap="2px"))
        self.box.add_class(css_class("pieces", "players"))

    def _button(self, kind: str, key) -> widgets.Button:
        if (kind, key) not in self.buttons:
            button = widgets.Button(layout=widgets.Layout(
                width="auto", min_width="30px", height="30px", padding="0px 5px",
                margin="0px"))
            button.style.font_weight = "bold"
            button.add_class(css_class(kind, *(key if isinstance(key, tuple) else (key,))))
            if kind in CLICKABLE:
                button.on_click(lambda _, k=kind, x=key: self._click(k, x))
            self.buttons[kind, key] = button
        return self.buttons[kind, key]

    def _row(self, who: str) -> tuple:
        if who not in self._rows:
            head = widgets.HTML(layout=widgets.Layout(width="78px", overflow="hidden"))
            row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap", grid_gap="3px",
                                                     flex="1"))
            self._rows[who] = (head, row, widgets.HBox([head, row], layout=widgets.Layout(
                align_items="center", grid_gap="4px")))
        return self._rows[who]

    def show(self, view, you: str, selected=frozenset()) -> None:
        """Draw the pieces of `view` (what `you` see); `selected` pieces are ringed."""
        boxes = []
        for who, caption, items in token_rows(view, you, selected):
            head, row, box = self._row(who)
            head.value = (f"<span title='{escape(caption, quote=True)}' style='font-size:12px'>"
                          f"<b>{escape(who)}</b></span>")
            shown = []
            for kind, key, look in items:
                button = self._button(kind, key)
                paint(button, look)
                shown.append(button)
            if list(row.children) != shown:
                row.children = shown
            boxes.append(box)
        if list(self.box.children) != boxes:
            self.box.children = boxes
        self.box.layout.display = "" if boxes else "none"
