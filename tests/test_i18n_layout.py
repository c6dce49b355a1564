"""Room for longer words (issue 33.5): the keeper's and the table's columns and rows grow
with what they hold in French, Korean and Danish, instead of fixed widths sized for the
English words (tests/browser/test_browser_layout.py measures them on the page)."""

from __future__ import annotations

import re

import ipywidgets as widgets
import pytest
from _i18n_helpers import speaking  # noqa: F401 (a fixture)

from alhambra_lib import Game
from alhambra_lib.modules import MODULES
from alhambra_lib.sheet_inputs import SHEET_MODULES
from alhambra_lib.widgets import GameTable, ScoreKeeper
from alhambra_lib.widgets.score_keeper import _STYLE

#: A grid track that is at least some pixels wide and widens for its widest cell.
GROWING = re.compile(r"minmax\(\d+px, max-content\)")


def grids(root):
    """Every GridBox under `root`."""
    found, todo = [], [root]
    while todo:
        widget = todo.pop()
        if isinstance(widget, widgets.GridBox):
            found.append(widget)
        todo += [c for c in getattr(widget, "children", ()) if isinstance(c, widgets.Widget)]
    return found


def fixed_tracks(grid):
    """The columns of `grid` of a fixed width (`grid_template_columns` without the growing
    ones and the shares of what is left, ``1fr``)."""
    rest = GROWING.sub(" ", grid.layout.grid_template_columns or "")
    rest = re.sub(r"repeat\(\d+,\s*\)|\b1fr\b", " ", rest)
    return rest.split()


@pytest.mark.parametrize("code", ["fr", "ko", "da"])
def test_the_keeper_headings_widen_their_column_appartements_ran_into_jardin(code, speaking):
    speaking(code)
    keeper = ScoreKeeper(["Ana", "Ben"], modules=list(SHEET_MODULES))
    found = [g for tab in keeper.tabs.children for g in grids(tab)]
    assert len(found) == len(keeper.tabs.children)  # the counts' grid, one per module tab
    assert {g.layout.grid_template_columns: fixed_tracks(g) for g in found if fixed_tracks(g)} \
        == {}


def test_the_keeper_tabs_go_on_two_lines_when_nine_french_titles_are_wider_than_it():
    assert ".alhambra-inputs .lm-TabBar-content{flex-wrap:wrap}" in _STYLE


def test_the_table_names_its_pieces_rows_in_full_envahisseurs_was_cut(speaking):
    speaking("fr")
    table = GameTable(Game(["You", "Greedy 1", "Greedy 2"], seed=5, modules=list(MODULES)))
    rows = table.pieces.tokens.box
    assert isinstance(rows, widgets.GridBox) and fixed_tracks(rows) == []
    heads = rows.children[0::2]
    assert "Envahisseurs" in " ".join(h.value for h in heads)
    assert all(h.layout.width is None and h.layout.overflow is None for h in heads)


def test_a_hut_pile_is_as_wide_as_its_word_the_korean_was_cut(speaking):
    speaking("ko")
    table = GameTable(Game(["You", "Greedy 1", "Greedy 2"], seed=5, modules=["squares"]))
    huts = [b for (kind, _), b in table.pieces.buttons.items() if kind == "hut"]
    assert huts and all(b.layout.width == "auto" and b.layout.min_width == "46px"
                        for b in huts)


def test_the_pieces_rows_name_you_in_the_language_you_was_shown_in_english(speaking):
    speaking("fr")
    table = GameTable(Game(["You", "Greedy 1", "Greedy 2"], seed=5, modules=["thieves"]))
    heads = " ".join(h.value for h in table.pieces.tokens.box.children[0::2])
    assert ">Vous<" in heads and ">You<" not in heads and "Vous:" in heads


def test_korean_lines_break_between_words_arkeideu_was_split_in_the_story():
    from alhambra_lib.widgets.game_table import _TABLE_STYLE

    for style, scope in ((_TABLE_STYLE, ".alhambra-game-table"), (_STYLE,
                                                                  ".alhambra-score-keeper")):
        rule = re.search(re.escape(scope) + r" \.widget-html-content\s*\{([^}]*)\}", style)
        assert rule and "word-break:keep-all" in rule.group(1), style
