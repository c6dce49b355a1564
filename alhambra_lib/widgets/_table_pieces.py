"""The Mega Box's pieces at the GameTable, as buttons to click and lines to read.

Your money cards, the pieces beside the display and the market (a gate card, wall cards,
bazaars), the huts' piles, the treasure rooms, the citizens' supply and your disc, the
character up for auction with a row of bid buttons: each is a button whose click is a
`GameTable` click (``click(kind, key)``). Each player's vizier token, bonus cards, thieves,
characters and coins, and the invaders' scouts and attacks, are drawn in the "pieces"
panel (`_table_tokens.TokensPanel`), the others' secret ones as counts. `board_pieces`
says what lies on your Alhambra's cells: chests, the merchant's disc, City Walls sticks
and gates.

Examples
--------
>>> import warnings
>>> from alhambra_lib import Game
>>> with warnings.catch_warnings():
...     warnings.simplefilter("ignore")  # the huts' data is provisional
...     game = Game(["You", "Ben"], seed=2, modules=("squares", "treasure"))
>>> clicks = []
>>> panel = PiecesPanel(lambda kind, key: clicks.append((kind, key)))
>>> panel.show(game, "You", set())
>>> panel.buttons["hut", "garden"].click(); clicks
[('hut', 'garden')]
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..components import KINDS, Card
from ..draw.cards import card_face
from ..modules.bazaars import bazaar_points
from ..modules.squares import hut_neighbours
from ..modules.treasure import COLOURS as CHEST_TYPES
from ..palette import CURRENCY_COLOURS, KIND_COLOURS, PIECE_COLOURS, STICK_COLOUR
from ..i18n import N_, _, ngettext
from ..narrate import card_text, money_text, sides_text, term
from ._board import Look, ink_on, paint, tile_look
from ._common import css_class
from ._table_tokens import TokensPanel
from .table_text import auction_text

__all__ = ["PiecesPanel", "board_pieces", "card_look"]

_CHEST = "▣"
_DISC = "◉"
_GATE_BORDER = "4px double #7a4b00"
_STICK_BORDER = f"4px solid {STICK_COLOUR}"


def card_look(card, *, selected=False, note=None) -> Look:
    """A money card (or a module's card) as a small square: its value on its colour, and
    what it is when it is not plain money (a master builder, a coin, a diamond)."""
    if card.__class__ is Card:
        colour, text, ink = CURRENCY_COLOURS[card.currency], str(card.value), "#ffffff"
    elif hasattr(card, "currency") and hasattr(card, "value"):  # master builder, coin...
        face = card_face(card)
        word = _(_MONEY_WORDS[type(card).__name__])
        colour, text, ink = face.colour, f"{card.value} {word}", face.text
    else:  # an exchange, wall or gate card
        colour, text, ink = "#dddddd", _short(card), "#222222"
    note = _("click it") if note is None else note
    tip = f"{card_text(card.to_list())}: {note}"
    return Look(colour, text, ink, tip, ("1px solid #8a8a8a",) * 4, selected)


#: The word on a money card that is not plain money (RULES.md §M14, §M11, §M6).
_MONEY_WORDS = {"MasterBuilderCard": N_("builder"), "Coin": N_("coin"),
                "DiamondCard": N_("diamond")}


def money_width(card) -> int:
    """The width in pixels of `card`'s button among your cards: wider with a word on it."""
    return 46 if card.__class__ is Card or not hasattr(card, "value") else 0


def bazaar_text(bazaar) -> tuple[str, str]:
    """``(text, tooltip)`` of a bazaar beside the market (a bazaars view's ``beside``
    entry): its currency and price, or that its market square is empty (RULES.md §M16).

    Examples
    --------
    >>> from alhambra_lib import Tile
    >>> tile = Tile("bazaar", 0, "", ("florin", "pavilion", "garden", "tower"))
    >>> bazaar_text({"bazaar": tile, "currency": "florin", "types": tile.marks[1:],
    ...              "price": None})[0]
    'florin bazaar: not for sale'
    """
    currency, types = term(bazaar["currency"]), ", ".join(map(term, bazaar["types"]))
    if bazaar["price"] is None:
        return (_("{currency} bazaar: not for sale").format(currency=currency),
                _("the {currency} bazaar ({types}) costs what the tile on the {currency} square "
                  "of the market costs: that square is empty, so it cannot be bought now").format(
                      currency=currency, types=types))
    return (_("{currency} bazaar: {price}").format(currency=currency, price=bazaar["price"]),
            _("the {currency} bazaar ({types}), costs {price}: click to buy it").format(
                currency=currency, types=types,
                price=money_text(bazaar["currency"], bazaar["price"])))


def chests_html(chests) -> str:
    """Chests as small squares in their colours, each naming the building type it goes on
    (RULES.md §M13: a chest goes on a building of its colour).

    Examples
    --------
    >>> print(chests_html(["blue"]))  # doctest: +ELLIPSIS
    <span title='a blue chest: it goes on a pavilion' style='...background:#4f86c6...'>pav</span>
    """
    chips = []
    for colour in chests:
        kind = CHEST_TYPES[colour]
        title = escape(_("a {colour} chest: it goes on a {kind}").format(
            colour=term(colour), kind=term(kind)), quote=True)
        chips.append(f"<span title='{title}' style='"
                     f"display:inline-block;min-width:26px;height:18px;margin:0 1px;"
                     f"background:{KIND_COLOURS[kind]};color:{ink_on(kind)};font-size:11px;"
                     f"line-height:18px;text-align:center;border:2px solid "
                     f"{PIECE_COLOURS['chest']};border-radius:3px'>{term(kind)[:3]}</span>")
    return "".join(chips)


def _short(card) -> str:
    name = type(card).__name__
    if name == "WallCard":  # its sticks' sides: what it lays
        return _("wall {sides}").format(sides=sides_text(card.sides))
    if name == "GateCard":
        return _("gate")
    return "⇄" if name == "ExchangeCard" else str(card)[:5]


def board_pieces(view, you) -> dict:
    """``cell -> (text, words, {side: border})``: the module pieces on your Alhambra, and
    what your huts and bazaars are worth now (a second line on their squares)."""
    parts = view.modules
    pieces = {}

    def add(cell, text="", words="", sides=None):
        old = pieces.get(cell, ("", "", {}))
        pieces[cell] = (old[0] + text, "; ".join(w for w in (old[1], words) if w),
                        {**old[2], **(sides or {})})

    layout = view.layouts[you]
    if "squares" in parts:
        for cell, counted in hut_neighbours(layout).items():
            add(cell, f"\n+{len(counted)}", _("worth {n} now: a point for each open side onto a "
                                               "{kind}").format(n=len(counted),
                                                                kind=term(layout[cell].marks[0])))
    if "bazaars" in parts:
        for cell in (c for c, t in layout.items() if t.kind == "bazaar"):
            n, k, points = bazaar_points(layout, cell)
            add(cell, f"\n{n}×{k}", _("worth {points} at the end now: {n} neighbours of its "
                                       "types × {k} types among them").format(points=points, n=n,
                                                                              k=k))
    for cell, colour in (parts.get("treasure") or {}).get("chests", {}).get(you, {}).items():
        add(cell, _CHEST, _("a {colour} chest").format(colour=term(colour)))
    disc = (parts.get("street_merchant") or {}).get("discs", {}).get(you)
    if disc and disc["pos"] is not None:
        citizens = ", ".join(map(term, disc["citizens"] or ())) or _("no citizen")
        add(disc["pos"], _DISC, _("the merchant's disc ({citizens})").format(citizens=citizens))
    for cell, sides in (parts.get("city_walls") or {}).get("sticks", {}).get(you, {}).items():
        add(cell, "", _("wall sticks on {sides}").format(sides=sides_text(sides)),
            {s: _STICK_BORDER for s in sides})
    for a, b in (parts.get("gates") or {}).get("gates", {}).get(you, ()):
        side = _side_between(a, b)
        add(a, "", _("a gate on its {side} side").format(side=sides_text(side)),
            {side: _GATE_BORDER})
        add(b, "", _("a gate on its {side} side").format(side=sides_text(_OPPOSITE[side])),
            {_OPPOSITE[side]: _GATE_BORDER})
    return pieces


_OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}


def _side_between(a, b) -> str:
    dx, dy = b[0] - a[0], b[1] - a[1]
    return {(0, 1): "N", (1, 0): "E", (0, -1): "S", (-1, 0): "W"}[(dx, dy)]


class PiecesPanel:
    """The modules' pieces: those you click, and each player's drawn in `tokens`.

    Attributes
    ----------
    buttons : dict
        ``(kind, key) -> ipywidgets.Button`` of every piece shown so far.
    beside_box, hand_box, auction_box, supply_box : ipywidgets.VBox
        The pieces beside the display and the market, your cards, the auction, the
        supplies and each player's pieces: the table lays them out where they belong.
    tokens : TokensPanel
        Each player's vizier token, bonus cards, thieves, characters, coins; the invaders.
    """

    def __init__(self, click):
        self._click = click
        self.buttons = {}
        self._below = {}
        self.rows = {name: widgets.HBox(layout=widgets.Layout(flex_flow="row wrap",
                                                              grid_gap="4px"))
                     for name in ("money", "beside", "huts", "rooms", "citizens", "disc",
                                  "bids")}
        self.heads = {name: widgets.HTML() for name in self.rows}
        self.tokens = TokensPanel(click, self.buttons)
        part = {n: widgets.VBox([self.heads[n], self.rows[n]]) for n in self.rows}
        # Where they lie at the table: beside the market, in your hand, at the auction
        # (beside the choices), the supplies (beside your Alhambra).
        self.beside_box, self.hand_box, self.auction_box = (
            part["beside"], part["money"], part["bids"])
        self.supply_box = widgets.VBox([part[n] for n in ("huts", "rooms", "citizens",
                                                          "disc")] + [self.tokens.box])
        for box, name in ((self.beside_box, "beside"), (self.hand_box, "hand"),
                          (self.auction_box, "auction"), (self.supply_box, "supplies")):
            box.add_class(css_class("pieces", name))

    def _button(self, kind, key, width=46):
        if (kind, key) not in self.buttons:
            button = widgets.Button(layout=widgets.Layout(
                width=f"{width}px" if width else "auto", height="46px", padding="0px 4px",
                margin="0px", min_width="46px"))
            button.style.font_weight = "bold"
            button.add_class(css_class(kind, key))
            button.on_click(lambda _, k=kind, x=key: self._click(k, x))
            self.buttons[kind, key] = button
        return self.buttons[kind, key]

    def _row(self, name, head, items, below=None):
        """Show `items` ``(kind, key, Look, width)`` in row `name` under `head`; `below`,
        HTML per item, is shown under its button."""
        shown = []
        for i, (kind, key, look, width) in enumerate(items):
            button = self._button(kind, key, width)
            wide = f"{width}px" if width else "auto"  # a card's button holds another card
            if button.layout.width != wide:
                button.layout.width = wide
            paint(button, look)
            shown.append(button if below is None else self._with_below(button, below[i]))
        if list(self.rows[name].children) != shown:
            self.rows[name].children = shown
        self.heads[name].value = f"<b>{head}</b>" if items else ""
        self.rows[name].layout.display = "" if items else "none"

    def _with_below(self, button, html):
        """`button` over a line of HTML (a room's chests), in a box kept per button."""
        if button not in self._below:
            self._below[button] = widgets.VBox([button, widgets.HTML()],
                                               layout=widgets.Layout(align_items="center"))
        box = self._below[button]
        if box.children[1].value != html:
            box.children[1].value = html
        return box

    def show(self, game, you, selected, view=None):
        """Show the pieces of `game` as `you` see them; `selected` pieces are ringed."""
        view = view if view is not None else game.view(you)
        parts = view.modules
        hand = game.hand(you)
        self._row("money", ngettext("Your cards ({n}): click one to pay with it",
                                    "Your cards ({n}): click one to pay with it",
                                    len(hand)).format(n=len(hand)), [
            ("money", i, card_look(c, selected=("money", c) in selected), money_width(c))
            for i, c in enumerate(hand)])
        self._show_beside(parts, selected)
        self._show_huts(parts.get("squares"))
        self._show_rooms(parts.get("treasure"), selected)
        self._show_citizens(parts.get("street_merchant"), you, selected)
        self._show_auction(game, parts.get("characters"), selected)
        self.tokens.show(view, you, selected)

    def _show_beside(self, parts, selected):
        items = []
        if (parts.get("gates") or {}).get("beside"):
            items.append(("gate_card", 0, Look("#e8d5b0", _("gate"), "#222222",
                                               _("a gate card beside the display: click to take "
                                                 "it"), ("1px solid #8a8a8a",) * 4), 56))
        for i, card in enumerate((parts.get("city_walls") or {}).get("beside", ())):
            items.append(("wall_card", i, card_look(
                card, selected=("wall_card", card) in selected,
                note=_("click it, then the tile to lay its sticks on")), 0))
        for i, b in enumerate((parts.get("bazaars") or {}).get("beside", ())):
            text, tip = bazaar_text(b)
            items.append(("bazaar", i, Look(KIND_COLOURS["bazaar"], text, "#222222", tip,
                                            (f"3px solid {CURRENCY_COLOURS[b['currency']]}",)
                                            * 4, ("bazaar", b["bazaar"]) in selected), 0))
        self._row("beside", _("Beside the display and the market"), items)

    def _show_huts(self, part):
        items = []
        for colour in KINDS if part else ():
            hut, left = part["up"].get(colour), part["left"].get(colour, 0)
            if hut is None:
                continue
            look = tile_look(hut, note=ngettext("{n} left in the pile: click to take it",
                                                "{n} left in the pile: click to take it",
                                                left).format(n=left))
            # As wide as the word: the Korean 오두막 is cut in a square of 46 px.
            items.append(("hut", colour, look, 0))
        self._row("huts", _("Huts (Squares): click a pile to take its hut"), items)

    def _show_rooms(self, part, selected):
        items, below = [], []
        for room, chests in enumerate(part["rooms"] if part else (), start=1):
            if not chests:
                continue
            tip = _("room {room}: {colours} chests: click to buy them (8 or more); a chest goes on "
                    "a building of its colour").format(room=room,
                                                       colours=", ".join(map(term, chests)))
            look = Look("#5b4a2f", _("room {room}").format(room=room), "#ffd76a", tip,
                        ("1px solid #8a8a8a",) * 4,
                        ("room", room) in selected)
            items.append(("room", room, look, 0))
            below.append(chests_html(chests))
        handing = (part or {}).get("handing_out") or {}
        head = _("Treasure Chamber: click a room to buy its chests")
        if handing.get("chests"):
            head += "<br>" + escape(_("Chests {player} puts on buildings of their colour:").format(
                player=handing["to"])) + f" {chests_html(handing['chests'])}"
        self._row("rooms", head, items, below)
    def _show_citizens(self, part, you, selected):
        supply, disc = [], []
        if part:
            for colour, n in part["supply"].items():
                if n:
                    look = Look(KIND_COLOURS[colour], str(n), ink_on(colour),
                                ngettext("{n} {kind} citizen in the supply: click it",
                                         "{n} {kind} citizens in the supply: click one", n
                                         ).format(n=n, kind=term(colour)),
                                ("1px solid #8a8a8a",) * 4, ("citizen", colour) in selected)
                    supply.append(("citizen", colour, look, 40))
            mine = part["discs"][you]["citizens"] or ()
            for colour in dict.fromkeys(mine):
                look = Look(KIND_COLOURS[colour], _DISC, ink_on(colour),
                            _("a {kind} citizen on your disc: click it to swap it").format(
                                kind=term(colour)),
                            ("1px solid #8a8a8a",) * 4, ("disc", colour) in selected)
                disc.append(("disc", colour, look, 40))
        self._row("citizens", _("Street Merchant: the citizens' supply"), supply)
        self._row("disc", _("Your merchant's disc"), disc)

    def _show_auction(self, game, part, selected):
        items, head = [], ""
        if part and part["auction"] is not None:
            head = _("Auction: {auction}").format(auction=escape(auction_text(part)))
            amounts = sorted({a.amount for a in game.legal_actions() if a.kind == "bid"}) \
                if game.decision.kind == "auction" else []
            for amount in amounts:
                bid = _("bid {n}").format(n=amount)
                look = Look("#f3e2b3", bid, "#222222", bid,
                            ("1px solid #8a8a8a",) * 4, ("bid", amount) in selected)
                items.append(("bid", amount, look, 0))
        self._row("bids", head or _("Auction"), items)
        if head and not items:
            self.heads["bids"].value = f"<b>{head}</b>"
