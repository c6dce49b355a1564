"""Issue 35.8: answers first, written from the result they follow.

The wall study's and the module study's answers are two lines generated from the run
shown (saved or new); the module study is a table whose intervals say when they are
degenerate or rest on too few games; no picture with labels too small to read."""

from __future__ import annotations

import dataclasses

from matplotlib.figure import Figure

from alhambra_lib.analysis.reports import (
    FEW_GAMES,
    describe_module_effects,
    describe_wall_study,
    module_verdict,
    wall_verdict,
)
from alhambra_lib.analysis.saved import load_study


def test_the_wall_answer_is_two_lines_from_the_saved_study():
    study = load_study("wall_study")
    answer = wall_verdict(study)
    assert answer.count("<br>") == 1
    assert "costs 3.9 segments of final wall (beyond the noise)" in answer
    assert "no wall weight wins more often than another beyond the noise" in answer
    assert f"From {study.games} games per wall weight (seed {study.seed})" in answer
    assert describe_wall_study(study)[0] == answer  # the view opens with it too


def test_the_wall_answer_follows_another_result():
    study = load_study("wall_study")
    sweep = study.sweep.copy()
    sweep.loc[4.0, ["win_rate", "win_low", "win_high"]] = [0.6, 0.55, 0.65]  # clearly best
    answer = wall_verdict(dataclasses.replace(study, sweep=sweep, games=7))
    assert "the wall weight matters: weight 4 wins more often" in answer
    assert "From 7 games per wall weight" in answer


def test_the_module_study_is_an_answer_and_a_table_without_pictures():
    effects = load_study("module_effects")
    parts = describe_module_effects(effects)
    assert not any(isinstance(p, Figure) for p in parts)  # no labels 5 px high
    answer, table = parts
    assert answer == module_verdict(effects) and answer.count("<br>") == 1
    assert table.count("<tr>") == 1 + 16  # the head, then a row a module
    assert "font-size:13px" in table  # its smallest text (small) is about 11 px


def test_a_degenerate_interval_says_so_instead_of_plus_zero_to_plus_zero():
    effects = load_study("module_effects")
    assert effects.loc[("street_merchant", "turns"), "change_low"] == \
        effects.loc[("street_merchant", "turns"), "change_high"]
    table = describe_module_effects(effects)[1]
    assert "+0.0 to +0.0" not in table
    assert "the same in all 8 games: no interval" in table


def test_too_few_games_are_named_in_the_answer_and_under_the_table():
    effects = load_study("module_effects")
    assert effects["games"].min() < FEW_GAMES
    answer, table = describe_module_effects(effects)
    assert "the intervals are rough" in answer
    assert "From 8 paired games an interval is rough" in table
    more = effects.assign(games=FEW_GAMES)
    answer, table = describe_module_effects(more)
    assert "rough" not in answer + table


def test_the_wall_study_picture_has_no_text_under_9_points():
    """9 points at the pictures' 90 dpi is 11 CSS px: 10 or more on the page."""
    from matplotlib.text import Text

    figure = describe_wall_study(load_study("wall_study"))[1]
    sizes = [t.get_fontsize() for t in figure.findobj(Text) if t.get_text().strip()]
    assert min(sizes) >= 9


def test_a_run_whose_walls_are_not_apart_gives_no_advice():
    study = load_study("wall_study")
    sweep = study.sweep.copy()
    sweep["wall_low"], sweep["wall_high"] = 5.0, 20.0  # every wall interval overlapping
    answer = wall_verdict(dataclasses.replace(study, sweep=sweep))
    assert "this run is too small to say" in answer and "place tiles" not in answer


def test_no_label_of_a_drawing_is_drawn_under_10_css_px():
    """8 points at the pictures' 90 dpi: a label asked smaller is raised to it."""
    from matplotlib.figure import Figure as Drawing

    from alhambra_lib.draw.figure import DPI, SMALLEST_LABEL, LabelCollection

    ax = Drawing(dpi=DPI).add_subplot()
    small = LabelCollection(ax, [((0, 0), "2×3=6", "black")], 6.5, True, "points")
    big = LabelCollection(ax, [((0, 0), "2×3=6", "black")], SMALLEST_LABEL, True, "points")
    assert SMALLEST_LABEL * DPI / 72 == 10
    assert (small.get_paths()[0].vertices == big.get_paths()[0].vertices).all()


def _smallest_text_px(png: bytes) -> str:
    """The smallest font size, in the picture's pixels, that `png_of` wrote into `png`."""
    import io

    from PIL import Image

    from alhambra_lib.draw.figure import SMALLEST_TEXT_KEY

    return Image.open(io.BytesIO(png)).text[SMALLEST_TEXT_KEY]


def test_the_corner_labels_of_notebook_03_were_7_points_now_10_px_at_the_pictures_size():
    from alhambra_lib.draw import draw_walls_explained, png_of
    from alhambra_lib.teaching import pinch_layout

    pinch = pinch_layout()
    ax = draw_walls_explained(pinch, corners=dict(pinch.wall_graph().degree()),
                              label_corners=True)
    assert _smallest_text_px(png_of(ax)) == "10.00"  # 8 points at 90 dpi (was 8.75)
    assert _smallest_text_px(png_of(ax, dpi=180)) == "20.00"  # a widget's two pixels per px


def test_a_notebook_showed_a_figure_cropped_by_the_inline_backend_without_its_text_size(
        monkeypatch):
    """IPython's inline backend prints every Figure ahead of `_repr_png_`: a drawing now
    shows itself as `png_of` draws it, so that the page can tell its text size."""
    from alhambra_lib import Tile
    from alhambra_lib.draw import draw_tile, png_of

    shown = []
    monkeypatch.setattr("IPython.display.display", lambda bundle, raw: shown.append(bundle))
    figure = draw_tile(Tile("garden", 8, "NE")).figure
    figure._ipython_display_()
    assert shown[0]["image/png"] == png_of(figure)
    assert _smallest_text_px(shown[0]["image/png"]) == "10.00"


def test_the_game_drawing_was_1350_by_648_px_shown_at_83_percent_now_fits_1366_by_768():
    """Three players: the whole width of the page and a widget picture's 540 px height, so
    that it is shown at its own size, its 8-point labels at 10 CSS px."""
    from alhambra_lib import Game
    from alhambra_lib.draw import draw_game, png_of, png_size
    from alhambra_lib.widgets._common import MAX_PICTURE_HEIGHT

    width, height = png_size(png_of(draw_game(Game(["Ana", "Ben", "Cy"], seed=1))))
    assert width <= 1336 and height <= MAX_PICTURE_HEIGHT, (width, height)


def test_the_wall_weight_pictures_were_a_third_of_the_width_each_now_at_their_own_size():
    from alhambra_lib.widgets import WallWeightExplorer

    explorer = WallWeightExplorer()
    for image in (explorer.win_image, explorer.score_image, explorer.walls_image):
        assert image.layout.max_width == "100%"  # was 33 %: labels at 7 CSS px


def test_the_score_track_of_the_keeper_was_shown_260_px_high_its_labels_at_8_px():
    from alhambra_lib.draw import png_size
    from alhambra_lib.widgets import ScoreKeeper
    from alhambra_lib.widgets._common import PIXEL_DENSITY

    keeper = ScoreKeeper()
    width, _ = png_size(keeper.image.value)
    assert keeper.image.width == str(-(-width // PIXEL_DENSITY))  # its own size, not scaled


def test_a_picture_of_an_odd_width_was_shown_half_a_pixel_small_its_labels_at_9_97_px():
    """Page 01's key of the placement explorer: 397 pixels wide, shown 198 CSS px wide."""
    from alhambra_lib.draw import draw_key, png_size
    from alhambra_lib.widgets._common import PIXEL_DENSITY, picture, picture_png, show_png

    png = picture_png(draw_key())
    width, _ = png_size(png)
    assert width % PIXEL_DENSITY  # the case: an odd number of pixels
    image = picture()
    show_png(image, png)
    assert int(image.width) * PIXEL_DENSITY >= width  # never under its own size


def test_the_whole_table_of_16_modules_was_scaled_to_540_px_high_its_labels_at_4_px():
    """Drawn at its own size now, in a box of a window's height that scrolls."""
    import warnings

    from alhambra_lib import Game
    from alhambra_lib.draw import png_size
    from alhambra_lib.modules import MODULES
    from alhambra_lib.widgets import GameTable
    from alhambra_lib.widgets._common import MAX_PICTURE_HEIGHT, PIXEL_DENSITY

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        story = GameTable(Game(["You", "Ana", "Ben"], seed=4, modules=tuple(MODULES))).story
    story.drawing_button.click()
    width, height = png_size(story.drawing.value)
    assert height / PIXEL_DENSITY > MAX_PICTURE_HEIGHT  # taller than a window...
    assert story.drawing.width == str(-(-width // PIXEL_DENSITY))  # ...yet at its own size
    box = story.drawing_box.children[-1]
    assert box.children == (story.drawing,)
    assert (box.layout.max_height, box.layout.overflow) == (f"{MAX_PICTURE_HEIGHT}px", "auto")


def test_the_majorities_of_three_players_were_576_px_high_shown_at_94_percent():
    from alhambra_lib.draw import draw_majorities, png_of, png_size
    from alhambra_lib.widgets._common import MAX_PICTURE_HEIGHT

    counts = {name: {"tower": 2} for name in ("Ana", "Ben", "Cy")}
    assert png_size(png_of(draw_majorities(counts, 1)))[1] <= MAX_PICTURE_HEIGHT
