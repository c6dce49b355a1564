"""The GameTable's bots: they answer your moves all at once, or one by one on a button.

A mixin of `~alhambra_lib.widgets.GameTable`: its methods use the table's `game`, `you`,
`session`, `pace`, `message` and `_refresh`.

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

from ..i18n import _

__all__ = ["TableBots"]


class TableBots:
    """The bots' moves at the GameTable (a mixin): the session plays them
    (`~alhambra_lib.table.TableSession.bot_move`, through `alhambra_lib.bots.bot_moves`)."""

    def next_bot_move(self) -> None:
        """Let the bot deciding now make one move (when the bots play one by one)."""
        said = self.session.bot_move()
        if said is None:
            self.message.value = escape(_("No bot is to play now."))
            return
        self.message.value = "<br>".join(map(escape, said))
        self._refresh()

    def _pace_changed(self) -> None:
        self.session.set_pace(self.pace.value)
        self._refresh()
