"""What the others at the GameTable have, what happened, and the scoring rounds.

The other players (their points, cards, reserve and a small drawing of their Alhambra;
Dirk's tiles), the latest events (or what happened since your last move), and a table
of every scoring round with a drawing of the latest one's majorities, drawn only when
asked for (a drawing takes half a second).

Examples
--------
>>> from alhambra_lib import Game
>>> story = TableStory()
>>> story.sit(Game(["You", "Ana"], seed=1), "You")
>>> story.show()
>>> "Ana" in story.others.value, "Dirk" in story.others.value
(True, True)
>>> story.scoring.value
'No scoring round yet.'
"""

from __future__ import annotations

import re
from html import escape

import ipywidgets as widgets

from ..actions import DIRK
from ..draw import draw_game, draw_majorities
from ..engine.narration import points_text, scoring_parts
from ..i18n import _, ngettext
from ..narrate import player_text, score_term_text, tile_count, tile_text
from ..game import describe_event
from ..svg import alhambra_svg
from ._common import MAX_PICTURE_HEIGHT, picture, show, table_html

__all__ = ["TableStory", "TEXT"]

_LOG_LINES = 8
_OPPONENT_SCALE = 0.6  # the others' Alhambras, drawn smaller than yours
#: Lines of text at their usual height (an HTML widget's lines are as tall as a button).
TEXT = "line-height:1.35"
_TEXT = TEXT
_SVG_SIZE = re.compile(r'width="([\d.]+)" height="([\d.]+)"')


def _scaled_svg(svg, scale):
    """An SVG drawn smaller (a vector picture stays sharp): its width and height scaled."""
    def scaled(size):
        return f'width="{float(size[1]) * scale:g}" height="{float(size[2]) * scale:g}"'

    return _SVG_SIZE.sub(scaled, svg, count=1)


def _tiles(tiles) -> list[str]:
    return [tile_text(tile.to_list()) for tile in tiles]


class TableStory:
    """The others, the story and the scoring rounds of a game, for `you`.

    Attributes
    ----------
    others, log, scoring : ipywidgets.HTML
    scoring_button : ipywidgets.ToggleButton
        Shows `scoring_image` (drawn when asked).
    scoring_image : ipywidgets.Image
    drawing_button : ipywidgets.Button
        Draws the whole table (`alhambra_lib.draw.draw_game`, as you see it: every
        module's pieces) in `drawing`, once per press (a drawing takes a second or two).
    drawing : ipywidgets.Image
    said : list of str
        What the others did (and what came up) since your last move.
    """

    def __init__(self):
        self.others, self.log, self.scoring = widgets.HTML(), widgets.HTML(), widgets.HTML()
        self.scoring_image = picture()
        self.scoring_button = widgets.ToggleButton(description=_("draw the majorities"),
                                                   layout=widgets.Layout(width="auto"))
        self.scoring_button.observe(lambda _: self._show_majorities(), "value")
        self.drawing_button = widgets.Button(description=_("draw the whole table now"),
                                             layout=widgets.Layout(width="auto"))
        self.drawing_note, self.drawing = widgets.HTML(), picture()
        self.drawing_button.on_click(lambda _: self.draw())
        # At its own size, its labels at 10 CSS px (a game with modules, scaled to fit the
        # window, read 4 px), in a box of a window's height that scrolls.
        self.drawing_box = widgets.VBox([self.drawing_button, self.drawing_note, widgets.Box(
            [self.drawing], layout=widgets.Layout(max_height=f"{MAX_PICTURE_HEIGHT}px",
                                                  overflow="auto"))])

    def sit(self, game, you):
        """A new game at the table: nothing said, nothing drawn yet."""
        self.game, self.you = game, you
        self.drawing.layout.display = "none"
        self.drawing_note.value = ""
        self.said = []
        self._scorings_shown = -1
        self._drawn_round = None  # the rounds of the game drawn in scoring_image
        self._others_keys = {}

    def draw(self):
        """Draw the whole table as you see it now, every module's pieces where they lie."""
        show(self.drawing, draw_game(self.game, viewer=self.you), max_height=None)
        self.drawing.layout.display = ""
        self.drawing_note.value = escape(_("The table as you saw it at turn {turn} (press again "
                                           "for the table now).").format(turn=self.game.turn))

    def show(self, game=None):
        """Show `game` (by default the one sat at; another after an undo)."""
        self.game = game if game is not None else self.game
        self._show_others()
        self._show_log()
        self._show_scoring()

    def _show_others(self):
        game = self.game
        parts = []
        for name in game.competitors:
            if name == self.you:
                continue
            key = self._other_key(name)
            if self._others_keys.get(name, (None,))[0] != key:
                self._others_keys[name] = (key, self._other_html(name))
            parts.append(self._others_keys[name][1])
        self.others.value = (f"<div style='display:flex;gap:14px;flex-wrap:wrap;{_TEXT}'>"
                             + "".join(parts) + "</div>")

    def _other_key(self, name):
        game = self.game
        if name == DIRK:
            return game.scores[name], game.dirk_tiles
        return (game.scores[name], len(game.hand(name)), game.reserve(name),
                tuple(game.alhambra(name).layout.items()), game.current_player == name)

    def _other_html(self, name):
        game = self.game
        head = f"<b>{escape(name)}</b>: {escape(points_text(game.scores[name]))}"
        if name == DIRK:
            tiles = _("{dirk}'s tiles: {tiles}").format(
                dirk=DIRK, tiles=", ".join(_tiles(game.dirk_tiles)) or _("none yet"))
            return f"<div style='max-width:240px'>{head}<br>{escape(tiles)}</div>"
        alhambra = game.alhambra(name)
        cards, built = len(game.hand(name)), len(alhambra) - 1
        said = _("{cards}<br>{tiles}, longest wall {wall}<br>reserve: {reserve}").format(
            cards=ngettext("{n} card", "{n} cards", cards).format(n=cards),
            tiles=tile_count(built),
            wall=alhambra.longest_wall(),
            reserve=escape(", ".join(_tiles(game.reserve(name))) or _("none")))
        picture = _scaled_svg(alhambra_svg(alhambra, caption=False), _OPPONENT_SCALE)
        return f"<div>{head}, {said}<br>{picture}</div>"

    def _show_log(self):
        if self.said:  # what the others did (and what came up) since your move
            head, lines = _("Since your last move"), self.said[-_LOG_LINES:]
        else:
            head = _("Latest events")
            lines = [describe_event(e) for e in self.game.events[-_LOG_LINES:]]
        self.log.value = (f"<div style='font-size:13px;{_TEXT}'><b>{escape(head)}</b><br>"
                          + "<br>".join(map(escape, lines)) + "</div>")

    def _show_scoring(self):
        rounds = [e for e in self.game.events if e["type"] == "scoring"]
        if len(rounds) == self._scorings_shown:
            return
        self._scorings_shown = len(rounds)
        self.scoring_button.layout.display = "" if rounds else "none"
        if not rounds:
            self.scoring.value = escape(_("No scoring round yet."))
            self._show_majorities()
            return
        names = list(rounds[0]["points"])
        parts = [scoring_parts(e) for e in rounds]
        terms = list(dict.fromkeys(t for p in parts for t in p))
        rows = [[_("round {n}").format(n=e["round"]),
                 *(" + ".join(str(p.get(t, {}).get(n, 0)) for t in terms) for n in names)]
                for e, p in zip(rounds, parts)]
        rows.append([_("total"), *(self.game.scores[n] for n in names)])
        heading = escape(_("Scoring rounds"))
        self.scoring.value = (f"<b>{heading}</b> "
                              f"({escape(' + '.join(map(score_term_text, terms)))})"
                              + table_html(["", *map(player_text, names)], rows))
        self.scoring_button.description = _("draw the majorities of round {n}").format(
            n=rounds[-1]["round"])
        self._show_majorities()

    def _show_majorities(self):
        """The drawing of the latest scoring round, if asked for (drawn once per round)."""
        rounds = [e for e in self.game.events if e["type"] == "scoring"]
        wanted = bool(rounds) and self.scoring_button.value
        self.scoring_image.layout.display = "" if wanted else "none"
        if wanted and self._drawn_round != len(rounds):
            self._drawn_round = len(rounds)
            show(self.scoring_image, draw_majorities(rounds[-1]["counts"], rounds[-1]["round"]))
