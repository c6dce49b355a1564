"""The GameTable's files and new games: save a game as JSON, load one, start a new one.

A mixin of `~alhambra_lib.widgets.GameTable`: its methods use the table's `session`,
`message`, `download`, `new_game_panel`, `new_game_button` and `new_game`.

Examples
--------
>>> from alhambra_lib.widgets import GameTable
>>> table = GameTable()
>>> text = table.save()
>>> table.load("not a game")
>>> table.message.value.startswith("That file is not a game")
True
>>> table.load(text); table.message.value
'Loaded the game at turn 1; you play You.'
"""

from __future__ import annotations

import base64
from html import escape

from ..errors import AlhambraError
from ..i18n import _

__all__ = ["TableFiles"]


class TableFiles:
    """Save, load and new-game handling of the GameTable (a mixin)."""

    def _toggle_panel(self, change) -> None:
        self.new_game_panel.box.layout.display = "" if change["new"] else "none"

    def _start_from_panel(self) -> None:
        panel = self.new_game_panel
        try:
            game, bots = panel.make_game()
        except (ValueError, TypeError) as refused:
            self.message.value = escape(_("That game cannot start: {reason}").format(
                reason=refused))
            return
        self.new_game(game, bots, you=panel.your_name.value.strip())
        self.session.adviser = panel.adviser()
        self.new_game_button.value = False
        self.download.value = ""
        self.message.value = escape(_("A new game: {game}.").format(game=panel.describe()))

    def save(self) -> str:
        """The game as JSON text (`Game.to_json`); the table offers it as a file, too."""
        text = self.session.save()
        data = base64.b64encode(text.encode()).decode()
        link = _("download the game as it is now (turn {turn})").format(turn=self.game.turn)
        self.download.value = (f"<a download='alhambra-turn-{self.game.turn}.json' "
                               f"href='data:application/json;base64,{data}'>⬇ {escape(link)}</a>")
        return text

    def load(self, text: str) -> None:
        """Go on with the game saved as `text` (JSON); the bots keep the seats they had.

        A save that the rules refuse leaves the table as it was and says why.
        """
        try:
            self.session.load(text)
        except AlhambraError as refused:
            self.message.value = escape(_("That file is not a game this table can load: {reason}")
                                        .format(reason=refused))
            return
        self._sat()
        self.message.value = escape(_("Loaded the game at turn {turn}; you play {player}.").format(
            turn=self.game.turn, player=self.you))

    def _uploaded(self, change) -> None:
        files = change["new"]
        if files:
            self.load(bytes(files[0]["content"]).decode("utf-8", errors="replace"))
