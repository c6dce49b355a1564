"""The market, the money display and your money at the GameTable.

Four market squares, each a tile drawn with its walls (a click offers the ways to pay
for it, the exact ones marked), the cards of the display (a click offers the ways to
take one, or to steal it), and your money grouped and summed per currency.

Examples
--------
>>> from alhambra_lib import Game
>>> clicked = []
>>> market = MarketPanel(clicked.append, clicked.append)
>>> game = Game(["You", "Ana"], seed=1)
>>> market.show(game, "You", game.legal_actions(), set())
>>> market.square_buttons[0].click(); market.card_buttons[1].click(); clicked
[1, 1]
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..actions import Buy
from ..components import CURRENCIES, Card
from ..palette import CURRENCY_COLOURS
from ..i18n import _, ngettext
from ..narrate import card_text, money_text, term
from ._board import Look, card_button, paint, paint_card, square_button, tile_look
from ._common import css_class
from ._table_story import TEXT as _TEXT

__all__ = ["MarketPanel"]


class MarketPanel:
    """The market squares, the display and your money; clicks go to the table.

    Parameters
    ----------
    click_square, click_card : callable
        ``click_square(square)`` (1..4) and ``click_card(index)``.

    Attributes
    ----------
    square_buttons, square_notes : list
        A button per square, and the note under it (its type, "★ exact").
    card_buttons : list of ipywidgets.Button
    market_box, display_box : ipywidgets.HBox
    money : ipywidgets.HTML
    """

    def __init__(self, click_square, click_card):
        self._click_card = click_card
        self.card_buttons, self.display_box = [], widgets.HBox()
        self.money = widgets.HTML()
        self.square_buttons, self.square_notes = [], []
        squares = []
        for square, currency in enumerate(CURRENCIES, start=1):
            button = square_button(56, "square", square)
            button.on_click(lambda _, s=square: click_square(s))
            head = widgets.HTML(f"<div style='text-align:center;border-bottom:5px solid "
                                f"{CURRENCY_COLOURS[currency]}'>{escape(term(currency))}</div>")
            note = widgets.HTML(layout=widgets.Layout(width="86px"))
            note.add_class(css_class("square-note", square))
            self.square_buttons.append(button)
            self.square_notes.append(note)
            squares.append(widgets.VBox([head, button, note], layout=widgets.Layout(
                width="90px", align_items="center")))
        self.market_box = widgets.HBox(squares)

    def _show_market(self, game, legal, clicked):
        for square, ((currency, tile), button, note) in enumerate(
                zip(game.market, self.square_buttons, self.square_notes), start=1):
            ways = [a for a in legal if isinstance(a, Buy) and a.square == square]
            if tile is None:
                paint(button, Look("#f4f4f4", "", "#222222", _("an empty square"), (
                    "1px dashed #aaaaaa",) * 4))
                note.value = ""
                continue
            paint(button, tile_look(tile, selected=("square", square) in clicked,
                                    note=_("costs {price}: click to buy").format(
                                        price=money_text(currency, tile.price))))
            exact, can_pay = escape(_("★ exact")), escape(_("you can pay"))
            text = (f"<b style='color:#1d6b1d'>{exact}</b>" if any(a.exact for a in ways)
                    else can_pay if ways else "")
            note.value = (f"<div style='text-align:center;font-size:12px'>"
                          f"{escape(term(tile.kind))}"
                          f"<br>{text or '&nbsp;'}</div>")

    def _show_display(self, game, clicked):
        display = game.display
        while len(self.card_buttons) < len(display):
            index = len(self.card_buttons)
            button = card_button(display[index])
            button.add_class(css_class("card", index))
            button.on_click(lambda _, i=index: self._click_card(i))
            self.card_buttons.append(button)
        for button, card in zip(self.card_buttons, display):
            paint_card(button, card, selected=("card", card) in clicked)
        shown = self.card_buttons[:len(display)]
        if list(self.display_box.children) != shown:
            self.display_box.children = shown

    def _show_money(self, game, you):
        hand = game.hand(you)
        rows = []
        for currency in CURRENCIES:
            values = [c.value for c in hand if c.__class__ is Card and c.currency == currency]
            chips = "".join(f"<span style='display:inline-block;min-width:18px;padding:1px 3px;"
                            f"margin-right:2px;border-radius:3px;text-align:center;color:#fff;"
                            f"background:{CURRENCY_COLOURS[currency]}'>{v}</span>"
                            for v in values)
            rows.append(f"<tr><td style='border-left:6px solid {CURRENCY_COLOURS[currency]};"
                        f"padding:0 6px'>{escape(term(currency))}</td>"
                        "<td style='white-space:normal'>"
                        f"{chips or '–'}</td>"
                        f"<td style='padding:0 6px;text-align:right'><b>{sum(values)}</b></td>"
                        "</tr>")
        special = [card_text(c.to_list()) for c in hand if c.__class__ is not Card]
        extra = ("<br>" + escape(_("also: {cards}").format(cards=", ".join(special)))
                 if special else "")
        heading = escape(_("Your money"))
        count = escape(ngettext("({n} card)", "({n} cards)", len(hand)).format(n=len(hand)))
        self.money.value = (f"<div style='{_TEXT}'><b>{heading}</b> {count}"
                            f"<table>{''.join(rows)}</table>{extra}</div>")

    def show(self, game, you, legal, clicked):
        """Show `game` as `you` see it; the `clicked` pieces ringed."""
        self._show_market(game, legal, clicked)
        self._show_display(game, clicked)
        self._show_money(game, you)
