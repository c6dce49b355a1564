"""GameTable: play a game of Alhambra against bots.

Examples
--------
>>> table = GameTable()
>>> table.game.current_player
'You'
>>> table.action_picker.value = table.action_picker.options[0][1]
>>> table.apply_button.click()
>>> table.game.current_player, table.message.value.startswith("You ")
('You', True)
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..bots import GreedyBot
from ..draw import draw_game, draw_majorities
from ..engine.narration import scoring_parts
from ..game import Game, IllegalAction, describe_event
from ._common import WidgetBase, css_class, picture, show, table_html

__all__ = ["GameTable"]

_ALL = "all"
_KINDS = (_ALL, "take", "buy", "end", "place", "reserve", "give", "redesign")
_LOG_LINES = 12
# A bot that never lets the game move on would hang the notebook; no game needs as
# many actions as this between two turns of the human player.
_MAX_BOT_ACTIONS = 5_000


class GameTable(WidgetBase):
    """You against bots: your hand, the market, the display, the Alhambras, the scores.

    Parameters
    ----------
    game : Game, optional
        By default a new game, seed 1, of "You" against two GreedyBots.
    you : str
        Which player you are; the bots play every other seat.
    bots : mapping, optional
        ``{name: bot}`` for the other players; GreedyBots by default.

    Attributes
    ----------
    game : Game
    kind_filter : ipywidgets.ToggleButtons
        Show only the legal actions of one kind (take, buy, place...), or all.
    action_picker : ipywidgets.Select
        Your legal actions now (their values are the action objects).
    apply_button : ipywidgets.Button
        Do the chosen action; then the bots play until it is your turn again.
    hint_button : ipywidgets.Button
        Let a GreedyBot choose your action (shown in `action_picker`).
    status, hand, message, log, scoring : ipywidgets.HTML
        Whose turn and what to do; your cards and tiles to place; what the last
        action did; the latest events; every scoring round so far.
    image : ipywidgets.Image
        `alhambra_lib.draw.draw_game` of the table.
    scoring_image : ipywidgets.Image
        `alhambra_lib.draw.draw_majorities` of the latest scoring round.
    root : ipywidgets.Box
    """

    def __init__(self, game=None, *, you="You", bots=None):
        self.game = game if game is not None else Game([you, "Greedy 1", "Greedy 2"], seed=1)
        if you not in self.game.players:
            raise ValueError(f"{you!r} does not play in this game: the players are "
                             f"{', '.join(self.game.players)}")
        self.you = you
        self.bots = dict(bots) if bots is not None else {
            name: GreedyBot() for name in self.game.players if name != you}
        missing = [name for name in self.game.players if name != you and name not in self.bots]
        if missing:
            raise ValueError(f"no bot for {', '.join(missing)}")
        self._adviser = GreedyBot()
        self.kind_filter = widgets.ToggleButtons(options=_KINDS, description="show")
        self.action_picker = widgets.Select(rows=10, layout=widgets.Layout(width="520px"))
        self.apply_button = widgets.Button(description="do it", button_style="success")
        self.hint_button = widgets.Button(description="let a GreedyBot choose")
        self.status, self.hand, self.message = widgets.HTML(), widgets.HTML(), widgets.HTML()
        self.log, self.scoring = widgets.HTML(), widgets.HTML()
        self.image, self.scoring_image = picture(), picture()
        self.kind_filter.observe(lambda _: self._list_actions(), "value")
        self.apply_button.on_click(lambda _: self.apply())
        self.hint_button.on_click(lambda _: self.hint())
        self._scorings_shown = 0
        controls = widgets.VBox([self.status, self.hand, self.kind_filter, self.action_picker,
                                 widgets.HBox([self.apply_button, self.hint_button]),
                                 self.message])
        self.root = widgets.VBox([widgets.HBox([controls, self.log]), self.image,
                                  widgets.HBox([self.scoring, self.scoring_image])])
        self.root.add_class(css_class("game-table"))  # for browser tests and stylesheets
        self._bots_play()
        self._refresh()

    # -- playing -------------------------------------------------------------------------

    def apply(self, action=None):
        """Do `action` (by default the one chosen in `action_picker`) and let the bots answer."""
        action = self.action_picker.value if action is None else action
        if self.game.is_over:
            self.message.value = "The game is over."
            return
        if action is None:
            self.message.value = "Choose an action first."
            return
        before = len(self.game.events)
        try:
            self.game.apply(action)
        except IllegalAction as refused:
            self.message.value = escape(str(refused))
            return
        self.message.value = escape(describe_event(self.game.events[before]))
        self._bots_play()
        self._refresh()

    def hint(self):
        """Select the action a GreedyBot would take in your place."""
        if self.game.current_player != self.you:
            return
        self.kind_filter.value = _ALL
        choice = self._adviser.choose(self.game.view(self.you), self.game.legal_actions())
        self.action_picker.value = choice
        self.message.value = escape(f"a GreedyBot would: {choice}")

    def _bots_play(self):
        game = self.game
        for _ in range(_MAX_BOT_ACTIONS):
            name = game.current_player
            if game.is_over or name == self.you:
                return
            game.apply(self.bots[name].choose(game.view(name), game.legal_actions()))
        raise RuntimeError(f"the bots made {_MAX_BOT_ACTIONS} actions without handing the turn "
                           f"back to {self.you}")

    # -- showing -------------------------------------------------------------------------

    def _list_actions(self):
        game = self.game
        actions = game.legal_actions() if game.current_player == self.you else []
        kind = self.kind_filter.value
        self.action_picker.options = [(str(a), a) for a in actions
                                      if kind == _ALL or a.kind == kind]

    def _refresh(self):
        game = self.game
        if game.is_over:
            self.status.value = escape(f"Game over. Won by {' and '.join(game.winners)}.")
        else:
            self.status.value = escape(f"Turn {game.turn}: your move ({game.phase}).")
        cards = ", ".join(str(c) for c in game.hand(self.you)) or "none"
        to_place = ", ".join(str(t) for t in game.to_place) if not game.is_over else ""
        self.hand.value = (f"<b>Your money:</b> {escape(cards)}"
                           + (f"<br><b>To place:</b> {escape(to_place)}" if to_place else ""))
        self._list_actions()
        lines = [describe_event(e) for e in game.events[-_LOG_LINES:]]
        self.log.value = "<b>Latest</b><br>" + "<br>".join(escape(line) for line in lines)
        self._show_scoring()
        show(self.image, draw_game(game))

    def _show_scoring(self):
        rounds = [e for e in self.game.events if e["type"] == "scoring"]
        if not rounds:
            self.scoring.value = "No scoring round yet."
            return
        names = list(rounds[0]["points"])
        parts = [scoring_parts(e) for e in rounds]
        terms = list(dict.fromkeys(t for p in parts for t in p))
        rows = [[f"round {e['round']}",
                 *(" + ".join(str(p.get(t, {}).get(n, 0)) for t in terms) for n in names)]
                for e, p in zip(rounds, parts)]
        rows.append(["total", *(self.game.scores[n] for n in names)])
        self.scoring.value = ("<b>Scoring rounds</b> "
                              f"({escape(' + '.join(t.replace('_', ' ') for t in terms))})"
                              + table_html(["", *names], rows))
        if len(rounds) != self._scorings_shown:
            self._scorings_shown = len(rounds)
            show(self.scoring_image, draw_majorities(rounds[-1]["counts"], rounds[-1]["round"]))
