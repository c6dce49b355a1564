"""The GameTable's choice buttons: the moves offered on the spot, and the experts' list.

What you clicked may leave a few moves to choose among (a payment, a way to take a card,
a wall card whose sticks fit the side clicked): each is a button, at most
`~alhambra_lib.widgets.table_model.MAX_OFFERED` of them. Every legal move is also listed
in words for experts (folded unless asked for), with a button to make the one chosen.

Examples
--------
>>> from alhambra_lib import Game
>>> chosen = []
>>> panel = ChoicePanel(chosen.append, lambda: None)
>>> game = Game(["You", "Ben"], seed=1)
>>> panel.show(game.legal_actions()[:2], "act")
>>> [b.description for b in panel.buttons if b.layout.display != "none"]
['take 8 denar', 'take 8 ducat']
>>> panel.buttons[1].click(); chosen
[1]
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..actions import Buy
from ..i18n import _, language
from ._common import css_class
from .table_text import choice_text

__all__ = ["ChoicePanel"]


class ChoicePanel:
    """The moves offered as buttons, and every legal move in a list (for experts).

    Parameters
    ----------
    on_choice : callable
        ``on_choice(index)`` when choice button `index` is pressed.
    on_apply : callable
        ``on_apply()`` when the move chosen in the list is to be made.

    Attributes
    ----------
    buttons : list of ipywidgets.Button
        The choice buttons made so far; the first ``len(offered)`` are shown.
    box : ipywidgets.VBox
        The choice buttons.
    action_picker, show_all, apply_button : ipywidgets.Select, Checkbox, Button
        The list of every legal move (shown when `show_all` is ticked), and its button.
    listed_box : ipywidgets.VBox
        The list with its head, hidden while no move is yours.
    """

    def __init__(self, on_choice, on_apply) -> None:
        self._on_choice, self._legal = on_choice, []
        self.buttons = []
        self.box = widgets.VBox(layout=widgets.Layout(align_items="flex-start"))
        self.action_picker = widgets.Select(rows=3, layout=widgets.Layout(width="100%"))
        self.show_all = widgets.Checkbox(description=_("list every legal move (for experts)"),
                                         indent=False)
        self.apply_button = widgets.Button(description=_("do the move chosen in the list"),
                                           layout=widgets.Layout(width="auto"))
        self.apply_button.on_click(lambda _: on_apply())
        self.show_all.observe(lambda _: self.list_actions(self._legal), "value")
        self.listed_head = widgets.HTML()
        self.listed_box = widgets.VBox([widgets.HBox([self.listed_head, self.show_all]),
                                        self.action_picker, self.apply_button])

    def _button(self, index: int) -> widgets.Button:
        while len(self.buttons) <= index:
            i = len(self.buttons)
            button = widgets.Button(layout=widgets.Layout(width="auto", max_width="100%"))
            button.add_class(css_class("choice", i))
            button.on_click(lambda _, i=i: self._on_choice(i))
            self.buttons.append(button)
        return self.buttons[index]

    def show(self, offered, decision: str) -> None:
        """One button per move `offered` (in the words of `decision`); the exact
        payments green, a gift to Dirk amber."""
        for i, action in enumerate(offered):
            button = self._button(i)
            button.description = choice_text(action, decision)
            button.tooltip = str(action) if language() == "en" else button.description
            exact = isinstance(action, Buy) and action.exact
            button.button_style = ("success" if exact else "warning" if action.kind == "give"
                                   else "")
            button.layout.display = ""
        for button in self.buttons[len(offered):]:
            button.layout.display = "none"
        if list(self.box.children) != self.buttons:
            self.box.children = list(self.buttons)

    def list_actions(self, legal) -> None:
        """List the `legal` moves in words when `show_all` is ticked (experts only: every
        move is a few clicks on the pieces, so the list stays folded)."""
        self._legal = list(legal)
        options = [(str(a), a) for a in self._legal] if self.show_all.value else []
        if options != list(self.action_picker.options):
            self.action_picker.options = options
        self.listed_box.layout.display = "" if self._legal else "none"
        self.action_picker.layout.display = self.apply_button.layout.display = (
            "" if options else "none")
        heading = escape(_("Every legal move"))
        self.listed_head.value = f"<b>{heading}</b>" if options else ""
