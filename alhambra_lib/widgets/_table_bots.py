"""The GameTable's bots: they answer your moves all at once, or one by one on a button.

A mixin of `~alhambra_lib.widgets.GameTable`: its methods use the table's `game`, `you`,
`bots`, `pace`, `story`, `message` and its undo stack.

Examples
--------
>>> from alhambra_lib.widgets import GameTable
>>> table = GameTable()
>>> table.pace.value = "one"
>>> table.click_card(0); table.click_choice(0)
>>> table.game.current_player
'Greedy 1'
>>> table.next_bot_move(); table.message.value
'Greedy 1 buys 4-seraglio from the denar square paying 9'
"""

from __future__ import annotations

from html import escape

from ..game import describe_event

__all__ = ["TableBots"]

# A bot that never lets the game move on would hang the notebook; no game needs as
# many actions as this between two turns of the human player.
_MAX_BOT_ACTIONS = 5_000


class TableBots:
    """The bots' moves at the GameTable (a mixin)."""

    def _bot_move(self) -> list:
        game = self.game
        name = game.current_player
        seen = len(game.events)
        game.apply(self.bots[name].choose(game.view(name), game.legal_actions()))
        self._undo.clear()
        said = [describe_event(e) for e in game.events[seen:]]
        self.story.said += said
        return said

    def _bots_play(self) -> None:
        game = self.game
        for _ in range(_MAX_BOT_ACTIONS):
            if game.is_over or game.current_player == self.you:
                return
            self._bot_move()
        raise RuntimeError(f"the bots made {_MAX_BOT_ACTIONS} actions without handing the turn "
                           f"back to {self.you}")

    def next_bot_move(self) -> None:
        """Let the bot deciding now make one move (when the bots play one by one)."""
        game = self.game
        if game.is_over or game.current_player == self.you:
            self.message.value = "No bot is to play now."
            return
        self.message.value = "<br>".join(map(escape, self._bot_move()))
        self._new_selection()  # the game moved on: your legal moves are new
        self._refresh()

    def _pace_changed(self) -> None:
        if self.pace.value == "all":
            self._bots_play()
        self._new_selection()
        self._refresh()
