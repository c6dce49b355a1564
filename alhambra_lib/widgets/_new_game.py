"""The new-game panel of the GameTable: players, opponents, seed, Mega Box modules.

Every bot of `alhambra_lib.bots.BOTS` may take a seat and every module of
`alhambra_lib.modules.MODULES` may be switched on, with its options (the other
readings of unclear rules): both registries are read when the panel is built, so a
module built later appears here by itself.

Examples
--------
>>> panel = NewGamePanel()
>>> panel.players.value = 2
>>> panel.opponents[0].value = "wall"
>>> panel.seed.value = 7
>>> panel.module_boxes["vizier"].value = True
>>> game, bots = panel.make_game()
>>> game.players, game.competitors[-1], game.modules, type(bots["Wall 2"]).__name__
(('You', 'Wall 2'), 'Dirk', ('vizier',), 'WallBuilder')
>>> panel.hints.value = "easy"  # the table's hints then come from the easy search
>>> panel.adviser()
SearchBot('easy', seed=0)

The hints come from the master search by default where the compiled core is in use, else
from the strong one; the master is offered only where the compiled core is in use:

>>> from alhambra_lib import core_info
>>> ("master" in panel.hint_levels()) == (core_info()["engine"] == "native")
True
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from ..bots import BOTS, SearchBot, make_bot
from ..engine.config import MAX_PLAYERS, MIN_PLAYERS
from ..game import Game
from ..i18n import N_, _
from ..modules import MODULES
from ..table.session import hint_level
from ._common import css_class

__all__ = ["NewGamePanel", "bot_label", "HINT_LEVELS"]

_BOT_LABELS = {"random": N_("Random (any legal move)"), "greedy": N_("Greedy (one step ahead)"),
               "wall": N_("Wall builder"), "majority": N_("Majority hunter"),
               "balanced": N_("Balanced strategist"),
               # i18n: the word before the first space names the seats ("Strong 1").
               "search": N_("Strong search (looks ahead, under a second a move)"),
               "search_medium": N_("Medium search (looks ahead)"),
               "search_easy": N_("Easy search (looks a little ahead)")}


#: The search bot's levels the hint may come from, with the words a person reads; the
#: master only where it plays (`NewGamePanel.hint_levels`).
HINT_LEVELS = {"master": N_("from the master search (the strongest)"),
               "strong": N_("from the strong search (under a second)"),
               "medium": N_("from the medium search (quicker)"),
               "easy": N_("from the easy search (quickest)")}


def bot_label(name: str) -> str:
    """The words a person reads for the bot called `name` in `BOTS`."""
    if name in _BOT_LABELS:
        return _(_BOT_LABELS[name])
    return name.replace("_", " ").capitalize()


#: The modules' options in words (`Module.option_defaults`).
_OPTIONS = {"bazaars_distributed": N_("bazaars distributed"),
            "merchant_final_only": N_("merchant final only"),
            "thief_not_by_finisher": N_("thief not by finisher"),
            "walls_piles_2_to_4": N_("walls piles 2 to 4"), "experimental": N_("experimental"),
            "gates_all_six": N_("gates all six")}


def _option_label(option: str) -> str:
    return _(_OPTIONS[option]) if option in _OPTIONS else option.replace("_", " ")


class NewGamePanel:
    """Choose a game, then `make_game` builds it with its bots.

    Attributes
    ----------
    your_name : ipywidgets.Text
    players : ipywidgets.BoundedIntText
        2 to 6 players, you included; with two, Dirk joins as a neutral collector.
    opponents : list of ipywidgets.Dropdown
        The bot in each other seat (the first ``players - 1`` are used).
    seed : ipywidgets.BoundedIntText
        The same seed deals the same game.
    module_boxes : dict
        ``module name -> ipywidgets.Checkbox``.
    option_boxes : dict
        ``option -> ipywidgets.Checkbox`` for every option of every module, enabled
        while its module is on.
    hints : ipywidgets.Dropdown
        The level of the search bot that suggests your moves (`HINT_LEVELS`): the master
        by default where the compiled core is in use, else the strong one
        (`~alhambra_lib.table.session.hint_level`); a quicker one for a slow machine. The
        master is offered only where the compiled core is in use (`hint_levels`).
    start_button : ipywidgets.Button
    box : ipywidgets.VBox
    """

    def __init__(self, you: str = "You", seed: int = 1) -> None:
        self.your_name = widgets.Text(value=you, description=_("your name"))
        self.players = widgets.BoundedIntText(value=3, min=MIN_PLAYERS, max=MAX_PLAYERS,
                                              description=_("players"),
                                              layout=widgets.Layout(width="160px"))
        choices = [(bot_label(name), name) for name in BOTS]
        self.opponents = [widgets.Dropdown(options=choices, value="greedy",
                                           description=_("seat {n}").format(n=seat))
                          for seat in range(2, MAX_PLAYERS + 1)]
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=2**31 - 1, description=_("seed"),
                                           layout=widgets.Layout(width="200px"))
        self.dirk_note = widgets.HTML()
        self.module_boxes = {name: widgets.Checkbox(description=f"{_(m.title)} ({m.section})",
                                                    indent=False)
                             for name, m in MODULES.items()}
        self.option_boxes = {}
        owners = {}
        for name, module in MODULES.items():
            for option, default in module.option_defaults.items():
                self.option_boxes[option] = widgets.Checkbox(
                    value=default, description=f"{_(module.title)}: {_option_label(option)}",
                    # As wide as their words: a French option ran past 300 px ("…").
                    indent=False, disabled=True, layout=widgets.Layout(width="auto"))
                owners[option] = name
        self._owners = owners
        self.hints = widgets.Dropdown(options=self._hint_options(), value=hint_level(),
                                      description=_("hints"),
                                      # The French levels are 70 letters long.
                                      layout=widgets.Layout(width="620px", max_width="100%"))
        self.start_button = widgets.Button(description=_("start this game"),
                                           button_style="success",
                                           layout=widgets.Layout(width="auto",
                                                                 align_self="flex-start"))
        self.players.observe(lambda _: self._show_seats(), "value")
        for box in self.module_boxes.values():
            box.observe(lambda _: self._enable_options(), "value")
        self._show_seats()
        modules = widgets.GridBox(list(self.module_boxes.values()), layout=widgets.Layout(
            grid_template_columns="repeat(3, 220px)"))
        self.box = widgets.VBox([
            widgets.HTML(_("<b>A new game</b>: who plays, which deal, which Mega Box modules.")),
            widgets.HBox([self.your_name, self.players, self.seed]), self.dirk_note,
            widgets.GridBox(self.opponents, layout=widgets.Layout(
                grid_template_columns="repeat(3, 300px)")),
            widgets.HTML(escape(_("Mega Box modules (each adds its own rules):"))), modules,
            widgets.VBox(list(self.option_boxes.values())), self.hints, self.start_button])
        self.box.add_class(css_class("new-game"))
        for control, name in [(self.players, "players"), (self.seed, "seed"),
                              (self.hints, "hints"), (self.start_button, "start")]:
            control.add_class(css_class(name))

    def _show_seats(self) -> None:
        count = self.players.value
        for seat, dropdown in enumerate(self.opponents, start=2):
            dropdown.layout.display = "" if seat <= count else "none"
        self.dirk_note.value = (
            _("<i>With two players, Dirk joins as a third collector: he scores but never plays, "
              "and you may give him a tile you bought instead of building it.</i>")
            if count == 2 else "")

    def hint_levels(self) -> list[str]:
        """The levels the hints may come from: those of `HINT_LEVELS`, the master only
        where it plays (the compiled core in use; it plays every game the panel sets)."""
        master = hint_level() == "master"
        return [level for level in HINT_LEVELS if master or level != "master"]

    def _hint_options(self) -> list[tuple[str, str]]:
        return [(_(HINT_LEVELS[level]), level) for level in self.hint_levels()]

    def _enable_options(self) -> None:
        for option, box in self.option_boxes.items():
            box.disabled = not self.module_boxes[self._owners[option]].value

    def chosen_bots(self) -> list[str]:
        """The bot names of the seats in play, seat 2 first."""
        return [d.value for d in self.opponents[:self.players.value - 1]]

    def make_game(self) -> tuple[Game, dict[str, Any]]:
        """The game chosen and ``{name: bot}`` for its other seats.

        Raises
        ------
        ValueError
            For a name the game refuses (empty, or "Dirk"), with the game's reason.
        """
        you = self.your_name.value.strip()
        names = [f"{bot_label(bot).split(' ')[0]} {seat}"
                 for seat, bot in enumerate(self.chosen_bots(), start=2)]
        modules = [name for name, box in self.module_boxes.items() if box.value]
        options = {option: box.value for option, box in self.option_boxes.items()
                   if self._owners[option] in modules}
        seed = self.seed.value
        game = Game([you, *names], seed=seed, modules=modules, **options)
        bots = {name: make_bot(bot, seed=seed + seat)
                for seat, (name, bot) in enumerate(zip(names, self.chosen_bots()), start=2)}
        return game, bots

    def adviser(self) -> SearchBot:
        """The bot suggesting your moves in the game chosen: the search at the level of
        `hints` (seed 0, so the same position gets the same hint)."""
        return SearchBot(self.hints.value, seed=0)

    def describe(self) -> str:
        """One line saying the game chosen, for the table's message."""
        bots = ", ".join(bot_label(b) for b in self.chosen_bots())
        modules = [_(MODULES[n].title) for n, box in self.module_boxes.items() if box.value]
        fields = {"n": self.players.value, "bots": bots, "seed": self.seed.value,
                  "modules": ", ".join(modules)}
        return escape(_("{n} players (you against {bots}), seed {seed}, with {modules}")
                      .format(**fields) if modules else
                      _("{n} players (you against {bots}), seed {seed}").format(**fields))
