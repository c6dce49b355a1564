"""Issue 33: the game table, built in each language, shows no English UI text."""

from __future__ import annotations

import pytest
from _i18n_helpers import english_left, speaking, widget_texts  # noqa: F401 (a fixture)

from alhambra_lib import MODULES, Game, i18n
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
