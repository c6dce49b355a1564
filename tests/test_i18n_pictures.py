"""Issue 33: the words drawn in every figure of the rules notebooks (boards, tiles, the
market and the whole game, cards, majorities, the wall and search steps, attacks, every
Mega Box module's pieces) are in the language the figure is drawn in, and Korean figures
draw their Hangul with a font that has it."""

from __future__ import annotations

import warnings

import matplotlib
import pytest
from _i18n_helpers import english_left, figure_texts, speaking  # noqa: F401 (a fixture)

from matplotlib.figure import Figure

from alhambra_lib import Alhambra, Game, Tile
from alhambra_lib.analysis.plots import plot_module_effects
from alhambra_lib.analysis.saved import load_study
from alhambra_lib.draw import (
    draw_alhambra,
    draw_attack,
    draw_cards,
    draw_game,
    draw_key,
    draw_majorities,
    draw_market,
    draw_module,
    draw_player,
    draw_search_step,
    draw_tile,
    draw_walls_explained,
    png_of,
)
from alhambra_lib.draw.fonts import hangul_font
from alhambra_lib.draw.pieces import MODULE_PIECES
from alhambra_lib.modules import MODULES
from alhambra_lib.teaching import figure_3, search_steps, wall_steps
from alhambra_lib.teaching.demo import DEMO_COUNTS, mega_box_game

LANGUAGES = ["fr", "ko", "da"]


def _board():
    alhambra = figure_3()
    return draw_alhambra(alhambra, explain_for=Tile("garden", 8, "E"),
                         legal_for=Tile("tower", 9, "W"), reserve=[Tile("garden", 8, "")]).figure


def _describe(name):
    from alhambra_lib.analysis.reports import describe_wall_study
    from alhambra_lib.analysis.strong_walls import describe_strong_walls

    describe = {"wall_study": describe_wall_study, "strong_walls": describe_strong_walls}[name]
    return describe(load_study(name))


def _wall_weights():
    """The pictures of page 05's wall-weight explorer and its saved small run."""
    from alhambra_lib.analysis.plots import plot_bots, plot_sweep, plot_wall_by_turn
    from alhambra_lib.analysis.sweep import sweep_summary
    from alhambra_lib.teaching.demo import demo_sweep

    sweep = demo_sweep()
    curve = sweep_summary(sweep)
    return [plot_sweep(curve, "win_rate", baseline=1 / 3, marked=1.0).figure,
            plot_sweep(curve, "mean_score").figure, plot_wall_by_turn(sweep).figure,
            plot_bots(load_study("wall_study").presets, baseline=1 / 3).figure]


def _module_game():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # some modules' printed data is provisional
        game = Game(["Ana", "Ben", "Cy"], seed=7, modules=tuple(MODULES))
    return game


#: Each picture of the rules notebooks, drawn in the current language.
PICTURES = {
    "board": _board,
    "key": lambda: draw_key().figure,
    "tile": lambda: draw_tile(Tile("chambers", 7, "SW")).figure,
    "market": lambda: draw_market(Game(["Ana", "Ben", "Cy"], seed=7)).figure,
    "game": lambda: draw_game(Game(["Ana", "Ben"], seed=3)),
    "game with the modules": lambda: draw_game(_module_game(), viewer="Ana"),
    "majorities": lambda: draw_majorities(DEMO_COUNTS, 3).figure,
    "wall steps": lambda: [draw_walls_explained(figure_3(), **step.overlay()).figure
                           for step in wall_steps(figure_3())],
    "search steps": lambda: [draw_search_step(figure_3(), **step.overlay()).figure
                             for search in ("walk", "flood")
                             for step in search_steps(figure_3(), search)],
    "attack": lambda: draw_attack(figure_3(), "E", 3).figure,
    "cards": lambda: draw_cards([], title="").figure,
    "player's pieces": lambda: draw_player(_module_game().view("Ana"), "Ana").figure,
    "modules' pieces": lambda: [draw_module(game.view("Ana"), module).figure
                                for game in [_module_game()] for module in game.modules
                                if module in MODULE_PIECES and MODULE_PIECES[module].table],
    "wall study": lambda: [part for part in _describe("wall_study") if isinstance(part, Figure)],
    "strong walls": lambda: [part for part in _describe("strong_walls")
                             if isinstance(part, Figure)],
    "module effects": lambda: [plot_module_effects(load_study("module_effects"), measure).figure
                               for measure in ("winner_score", "turns", "wall_slope")],
    "wall weights": _wall_weights,
}


def _texts(name):
    drawn = PICTURES[name]()
    figures = drawn if isinstance(drawn, list) else [drawn]
    return [text for figure in figures for text in figure_texts(figure)]


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("name", sorted(PICTURES))
def test_every_picture_is_drawn_in_the_language(name, code, speaking):
    speaking(code)
    texts = _texts(name)
    assert texts, name
    assert not english_left(code, texts), (name, english_left(code, texts), texts[:12])


def test_the_english_pictures_say_what_they_said():
    """The words in English are the library's own: the test above would pass on a
    figure with no words at all."""
    texts = _texts("board")
    assert any(t.startswith("Alhambra: ") for t in texts)
    assert "x (east →)" in texts and "reach = unreachable" in texts


@pytest.mark.parametrize("name", ["board", "game with the modules", "majorities", "wall steps"])
def test_korean_pictures_have_every_glyph(name, speaking):
    if hangul_font() is None:
        pytest.skip("no Hangul font installed (.ci/run installs fonts-nanum)")
    speaking("ko")
    drawn = PICTURES[name]()
    figures = drawn if isinstance(drawn, list) else [drawn]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for figure in figures:
            png_of(figure)
    missing = [str(w.message) for w in caught if "missing from" in str(w.message)]
    assert not missing, missing[:3]
    assert matplotlib.rcParams["font.family"][-1] == hangul_font()
    assert any("궁전" in t or "정산" in t or "성벽" in t
               for f in figures for t in figure_texts(f)), name


def test_the_hint_reliability_chart_of_the_play_page_is_drawn_in_the_language(speaking):
    """Page 06 (in French, Korean and Danish too) shows how sure the hint is."""
    from alhambra_lib.analysis.hint_calibration import (
        base_rows,
        plot_hint_reliability,
        read_hint_calibration,
    )

    rows = base_rows(read_hint_calibration())
    for code in LANGUAGES:
        speaking(code)
        texts = figure_texts(plot_hint_reliability(rows).figure)
        assert texts and not english_left(code, texts), (code, english_left(code, texts))
    assert matplotlib.rcParams["font.family"][0] == "DejaVu Sans"


def test_every_figure_the_library_makes_takes_the_fonts_of_the_language(speaking):
    """A figure made without `new_axes` (the whole game, the hint chart) gets the Hangul
    fallback too: the fonts are set when the figure is made."""
    from alhambra_lib.draw.figure import _Figure

    if hangul_font() is None:
        pytest.skip("no Hangul font installed (.ci/run installs fonts-nanum)")
    speaking("en")
    _Figure()
    assert hangul_font() not in matplotlib.rcParams["font.family"]
    speaking("ko")
    _Figure()
    assert matplotlib.rcParams["font.family"][-1] == hangul_font()
