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
from ..i18n import N_, _, language, ngettext
from ..narrate import kind_plural, player_text, sides_text, term, tile_text
from ..palette import CARD_BACK_COLOUR, CURRENCY_COLOURS, KIND_COLOURS, PIECE_COLOURS
from ._board import Look, paint
from ._common import css_class, growing

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


def _back(count: int, mark: str, said: str) -> Look:
    """A face-down card: `mark` says what it is (as its face-up kind reads), then how many;
    `said` is its tooltip."""
    return _look(CARD_BACK_COLOUR, f"{mark} {count}", said, _LIGHT_INK)


def _vizier(part: dict | None, player: str, you: str) -> list:
    if not part:
        return []
    awake = part["awake"][player]
    if player == you:
        tip = (_("your vizier token: awake (buys a tile out of turn)") if awake else
               _("your vizier token: asleep (click it to wake it: your turn ends)"))
    else:
        tip = (_("{player}'s vizier token: awake (buys a tile out of turn)") if awake else
               _("{player}'s vizier token: asleep")).format(player=player)
    colour = PIECE_COLOURS["awake" if awake else "asleep"]
    return [("vizier", player, _look(colour, "☼" if awake else "☾", tip))]


def _bonus(part: dict | None, player: str, you: str) -> list:
    if not part:
        return []
    shown = part["shown"].get(player, ())
    cards = part["hand"] if player == you else shown
    items = [("bonus", (player, i), _look(
        KIND_COLOURS[card.tile.kind], f"+{card.tile.price}", _bonus_words(card, player, you,
                                                                         card in shown),
        _DARK_INK if card.tile.kind == "chambers" else _LIGHT_INK))
        for i, card in enumerate(cards)]
    hidden = part["hand_sizes"].get(player, 0) - len(shown)
    if player != you and hidden > 0:
        said = ngettext("{player} holds {n} bonus card, face down",
                        "{player} holds {n} bonus cards, face down", hidden)
        items.append(("bonus_back", player, _back(hidden, "+?", said.format(player=player,
                                                                            n=hidden))))
    return items


def _bonus_words(card, player: str, you: str, shown: bool) -> str:
    """A bonus card's tooltip: whose, which tile, what it adds while that tile stands."""
    sentences = {
        (True, False): N_("your bonus card: the {tile}; while that tile is in the Alhambra it "
                          "adds 1 to the {kind} count"),
        (True, True): N_("your bonus card: the {tile} (shown at a scoring); while that tile is "
                         "in the Alhambra it adds 1 to the {kind} count"),
        (False, False): N_("{player}'s bonus card: the {tile}; while that tile is in the "
                           "Alhambra it adds 1 to the {kind} count"),
        (False, True): N_("{player}'s bonus card: the {tile} (shown at a scoring); while that "
                          "tile is in the Alhambra it adds 1 to the {kind} count"),
    }
    return _(sentences[player == you, shown]).format(
        player=player, tile=tile_text(card.tile.to_list()), kind=term(card.tile.kind))


def _thieves(part: dict | None, player: str, you: str, selected) -> list:
    if not part:
        return []
    if player != you:
        n = part["counts"].get(player, 0)
        said = ngettext("{player} holds {n} thief, face down",
                        "{player} holds {n} thieves, face down", n).format(player=player, n=n)
        return [("thief_back", player, _back(n, _("thief"), said))] if n else []
    # Two thieves of a currency are one card with their number: either steals the same.
    return [("thief", currency, _look(
        CURRENCY_COLOURS[currency], _("thief") + (f" {n}" if n > 1 else ""),
        (_("your {currency} thief ({n}): click it, then a {currency} card of the display to "
           "steal it") if n > 1 else
         _("your {currency} thief: click it, then a {currency} card of the display to steal "
           "it")).format(currency=term(currency), n=n), _LIGHT_INK,
        ("thief", currency) in selected))
        for currency, n in Counter(part["hand"]).items()]


def _characters(part: dict | None, player: str) -> list:
    if not part:
        return []
    items = []
    for card in part["owned"].get(player, ()):
        title = _(card.title)
        tip = f"{title}: {_(CHARACTERS[card.id]['effect'])}"
        if card.id == "wise_man" and part.get("wise_man"):
            tip += " " + _("(now: {kind})").format(kind=term(part["wise_man"]))
        short = card.title.removeprefix("The ") if language() == "en" else title
        items.append(("character", (player, card.id),
                      _look(_CHARACTER_COLOUR, short[:10], tip)))
    return items


def _coins(part: dict | None, player: str) -> list:
    if not part:
        return []
    counts = Counter(c.currency for c in part["coins"].get(player, ()))
    return [("coin", (player, currency), _look(
        CURRENCY_COLOURS[currency], f"●{n}",
        ngettext("{player}: {n} {currency} coin (worth 1 each)",
                 "{player}: {n} {currency} coins (worth 1 each)", n).format(
                     player=player, n=n, currency=term(currency)), _LIGHT_INK))
        for currency, n in sorted(counts.items())]


def _chests(part: dict | None, player: str, you: str) -> list:
    held = (part or {}).get("reserve_chests", {}).get(you, ()) if player == you else ()
    return [("reserve_chests", player, _look(
        PIECE_COLOURS["chest"], f"▣{len(held)}",
        ngettext("{n} chest on your reserve tiles", "{n} chests on your reserve tiles",
                 len(held)).format(n=len(held))))] if held else []


def _caption(parts: dict, player: str, you: str) -> str:
    """The old sentences about `player`'s pieces, for the row's tooltip."""
    said = []
    if parts.get("vizier"):
        said.append(_("vizier awake") if parts["vizier"]["awake"][player] else _("vizier asleep"))
    if parts.get("bonus_cards"):
        n = parts["bonus_cards"]["hand_sizes"].get(player, 0)
        said.append(ngettext("{n} bonus card", "{n} bonus cards", n).format(n=n))
    if parts.get("thieves"):
        n = len(parts["thieves"]["hand"]) if player == you else \
            parts["thieves"]["counts"].get(player, 0)
        said.append(ngettext("{n} thief", "{n} thieves", n).format(n=n))
    if parts.get("characters"):
        owned = parts["characters"]["owned"].get(player, ())
        said.append(_("characters: {names}").format(
            names=", ".join(_(c.title) for c in owned) or _("none")))
    if parts.get("change"):
        n = len(parts["change"]["coins"].get(player, ()))
        said.append(ngettext("{n} coin", "{n} coins", n).format(n=n))
    return f"{player_text(player)}: " + "; ".join(said)


def _invaders(part: dict | None, you: str) -> list:
    if not part:
        return []
    items = [("scout", i, _look(KIND_COLOURS[kind], term(kind)[:4],
                                _("a scout face up: invaders scout the {kinds}").format(
                                    kinds=kind_plural(kind)),
                                _LIGHT_INK if kind != "chambers" else _DARK_INK))
             for i, kind in enumerate(part["scouts"])]
    if part["scouts_face_down"]:
        down = part["scouts_face_down"]
        items.append(("scout_back", 0, _look(
            CARD_BACK_COLOUR, _("scout {n}").format(n=down),
            ngettext("{n} scout face down", "{n} scouts face down", down).format(n=down),
            _LIGHT_INK)))
    items += [("attack", i, _look(PIECE_COLOURS["attack"], _ARROWS[side],
                                  _("attack of round {n} from the {side}").format(
                                      n=rnd, side=sides_text(side)), _LIGHT_INK))
              for i, (rnd, side) in enumerate(part["attacks"])]
    if part["attack_cards_left"]:
        peeked = part.get("peeked") if you in part.get("peeked_by", ()) else None
        left = part["attack_cards_left"]
        if peeked:
            tip = ngettext("{n} attack card left, face down; you peeked at the next: from the "
                           "{side}",
                           "{n} attack cards left, face down; you peeked at the next: from the "
                           "{side}", left).format(n=left, side=sides_text(peeked))
            text = ngettext("{n} left, next {side}", "{n} left, next {side}", left).format(
                n=left, side=sides_text(peeked))
        else:
            tip = ngettext("{n} attack card left, face down", "{n} attack cards left, face down",
                           left).format(n=left)
            text = ngettext("{n} left", "{n} left", left).format(n=left)
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
        attacks = ", ".join(_("round {n} from the {side}").format(n=r, side=sides_text(d))
                            for r, d in invaders["attacks"])
        caption = _("scouts {up} face up, {down} face down; attacks {attacks}").format(
            up=", ".join(map(term, invaders["scouts"])) or _("none"),
            down=invaders["scouts_face_down"], attacks=attacks or _("none yet"))
        rows.append((_("Invaders"), caption, _invaders(invaders, you)))
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
    box : ipywidgets.GridBox
        Two columns: the rows' names, as wide as the longest ("Envahisseurs" is not cut),
        and their pieces.
    buttons : dict
        ``(kind, key) -> ipywidgets.Button`` of every piece shown so far.
    """

    def __init__(self, click, buttons: dict | None = None) -> None:
        self._click = click
        self.buttons = {} if buttons is None else buttons
        self._rows = {}
        self.box = widgets.GridBox(layout=widgets.Layout(
            grid_template_columns=f"{growing('78px')} 1fr", grid_gap="2px 4px",
            align_items="center"))
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
            head = widgets.HTML()
            row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap", grid_gap="3px"))
            self._rows[who] = (head, row)
        return self._rows[who]

    def show(self, view, you: str, selected=frozenset()) -> None:
        """Draw the pieces of `view` (what `you` see); `selected` pieces are ringed."""
        cells = []
        for who, caption, items in token_rows(view, you, selected):
            head, row = self._row(who)
            head.value = (f"<span title='{escape(caption, quote=True)}' style='font-size:12px'>"
                          f"<b>{escape(player_text(who))}</b></span>")
            shown = []
            for kind, key, look in items:
                button = self._button(kind, key)
                paint(button, look)
                shown.append(button)
            if list(row.children) != shown:
                row.children = shown
            cells += [head, row]
        if list(self.box.children) != cells:
            self.box.children = cells
        self.box.layout.display = "" if cells else "none"
