"""Issue 33: the game table, built in each language, shows no English UI text."""

from __future__ import annotations

import pytest
from _i18n_helpers import english_left, speaking, widget_texts  # noqa: F401 (a fixture)

from alhambra_lib import MODULES, Game, i18n
from alhambra_lib.table.session import TableSession
from alhambra_lib.widgets import GameTable


def _played_table(modules):
    table = GameTable(Game(["You", "Bo", "Cy"], seed=3, modules=modules))
    table.hint()  # the hint's words and the analysis are shown too
    for _ in range(3):  # a few clicks: what they say is shown too
        if table.offered:
            table.click_choice(0)
        elif table.game.display:
            table.click_card(0)
    return widget_texts(table.root)


@pytest.mark.parametrize("code", ["fr", "ko", "da"])
@pytest.mark.parametrize("modules", [(), tuple(MODULES)], ids=["base", "mega-box"])
def test_the_table_shows_no_english(code, modules, speaking):
    speaking(code)
    left = english_left(code, _played_table(modules))
    assert not left, sorted(left)


@pytest.mark.parametrize("code, bots", [("en", ["Greedy 1", "Greedy 2"]),
                                        ("fr", ["Glouton 1", "Glouton 2"]),
                                        ("ko", ["탐욕 1", "탐욕 2"]),
                                        ("da", ["Grådig 1", "Grådig 2"])])
def test_the_default_table_names_its_bots_in_the_language(code, bots, speaking):
    """A table set up without a game seats two greedy bots: the names a player reads at
    the table are in the language of the page (they were 'Greedy 1' in every language)."""
    speaking(code)
    assert list(TableSession().game.players[1:]) == bots
