"""Issue 35 in the app at 1366x768 (points 3, 5, 6 and 8): pieces that say what they are, the window passed for
you, room for the message column late in a game, refused clicks that say why; pages 05
and 08 that open with their answer, show no code and no label under 10 CSS px.

The late game is an all-16-modules game played by GreedyBots to a turn where "You" holds
a coin, a master builder and a diamond, saved and loaded into 06's table as a person
loads a file.
"""

from __future__ import annotations

import warnings

import pytest
from _pictures import (assert_pictures_fit, assert_text_readable, picture_text_sizes,
                       wait_for_pictures, widget_heights)
from test_browser_app import drawing, expect, open_notebook
from test_browser_pages import saved_study
from test_browser_table import LAPTOP, after, visible

from alhambra_lib import Game
from alhambra_lib.bots import GreedyBot
from alhambra_lib.components import DiamondCard, MasterBuilderCard
from alhambra_lib.modules import MODULES
from alhambra_lib.widgets._common import css_class

pytestmark = pytest.mark.browser

#: Each visible choice button: whether its text fits inside it, and its right edge.
CHOICES_JS = """root => Array.from(root.querySelectorAll(".alhambra-choices .jupyter-button"))
    .filter(b => b.offsetParent !== null)
    .map(b => [b.textContent, b.scrollWidth <= b.clientWidth + 1,
               b.getBoundingClientRect().right])"""
#: The smallest font size (CSS px) of the visible text under `root`.
SMALLEST_FONT_JS = """root => Math.min(...Array.from(root.querySelectorAll("*"))
    .filter(el => el.offsetParent !== null && Array.from(el.childNodes).some(
        n => n.nodeType === 3 && n.textContent.trim()))
    .map(el => parseFloat(getComputedStyle(el).fontSize)))"""
#: The page's text as a reader sees it (hidden code cells are not in it).
PAGE_TEXT_JS = "() => document.body.innerText"


def _late_game() -> str:
    """A saved all-16 game late on (turn 139 of seed 1), You to act holding a master
    builder and diamonds, with three ways to pay for square 1."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        game = Game(["You", "Greedy 1", "Greedy 2"], seed=1, modules=tuple(MODULES))
    bot = GreedyBot()
    while not (game.decision.player == "You" and game.decision.kind == "act"
               and game.turn > 60 and {MasterBuilderCard, DiamondCard}
               <= {type(card) for card in game.hand("You")}
               and sum(a.kind == "buy" and a.square == 1 for a in game.legal_actions()) >= 2):
        game.apply(bot.choose(game.view(game.decision.player), game.legal_actions()))
    return game.to_json()


def test_a_late_all_modules_game_at_1366_pieces_room_and_clicks_that_explain(
        web, voila_app, tmp_path):
    web.page.set_viewport_size(LAPTOP)
    table = open_notebook(web, voila_app, "06_play", "alhambra-game-table")
    save = tmp_path / "late.json"
    save.write_text(_late_game())
    def load():  # as a person does: the load button, then the file
        with web.page.expect_file_chooser() as chooser:
            table.locator(".widget-upload").click()
        chooser.value.set_files(save)

    after(table, load)
    status, message = table.locator(".alhambra-status"), table.locator(".alhambra-message")
    expect(status).to_contain_text("your turn")
    web.shot("late_game_loaded")

    # Point 3: money that is not plain money says what it is.
    hand = table.locator(".alhambra-pieces-hand")
    for word in ("3 builder", "5 diamond", "3 diamond"):
        button = hand.locator(".jupyter-button", has_text=word)
        expect(button).to_have_count(1)
        assert button.evaluate("b => b.scrollWidth <= b.clientWidth + 1"), word  # not cut
    hand.scroll_into_view_if_needed()
    web.shot("hand_with_builder_coin_diamond")

    # Point 6: the payments of a square fit the message column and the page.
    after(table, table.locator(".alhambra-square-1").click)
    choices = table.evaluate(CHOICES_JS)
    assert choices, "no payment offered"
    assert all(fits and right <= LAPTOP["width"] for _, fits, right in choices), choices
    column = table.locator(".alhambra-message").bounding_box()
    assert column["width"] >= 300, column
    table.locator(".alhambra-choices").scroll_into_view_if_needed()
    web.shot("payments_fit_the_column")

    # Point 6: a half-made move set aside is named.
    after(table, table.locator(".alhambra-card-0").click)
    expect(message).to_contain_text("Set aside: market square")
    web.shot("half_made_move_set_aside")

    # Point 6: a refused piece click says what it needs and what is waiting.
    disc = table.locator("[class*='alhambra-citizen-']:visible").first
    after(table, disc.click)
    expect(message).to_contain_text("when the Street Merchant asks you")
    expect(message).to_contain_text("Now: Turn")
    web.shot("refused_click_says_why")

    # Point 6: the hint's marked button stays inside the page.
    after(table, table.locator(".alhambra-hint").click)
    hinted = table.locator(".alhambra-hinted")
    expect(hinted).to_have_count(1)
    box = hinted.bounding_box()
    assert box["x"] + box["width"] <= LAPTOP["width"], box
    hinted.scroll_into_view_if_needed()
    web.shot("hinted_button_inside_the_page")

    # Point 5: always pass, shown with the vizier and the thieves, undoable.
    toggle = table.locator(".alhambra-always-pass")
    expect(toggle).to_be_visible()
    after(table, toggle.click)
    expect(message).to_contain_text("Always pass is on")
    toggle.scroll_into_view_if_needed()
    web.shot("always_pass_on")
    after(table, toggle.click)
    expect(message).to_contain_text("Always pass is off")

    # Point 8: the whole table of 16 modules at its own size, in a box that scrolls.
    button = table.get_by_role("button", name="draw the whole table now")
    button.click()
    drawn = table.locator(".alhambra-picture").last
    drawing(drawn)
    drawn.scroll_into_view_if_needed()
    web.shot("whole_table_drawn")
    assert_text_readable(web.page)
    assert drawn.evaluate("el => el.parentElement.getBoundingClientRect().height") <= 540
    assert web.outside == []


@pytest.mark.parametrize("name, answer, view", [
    ("05_wall_strategy", "The answer:", "wall_arms"),  # issue 32: the arms open the page
    ("08_mega_box", "What the modules do, beyond the noise:", "module_effects")])
def test_the_page_opens_with_its_answer_shows_no_code_and_reads_at_10_px(
        web, voila_app, name, answer, view):
    web.page.set_viewport_size(LAPTOP)
    open_notebook(web, voila_app, name, css_class("saved-study", view))
    outputs = web.page.locator(".jp-OutputArea-output")
    expect(outputs.first).to_contain_text(answer)  # the page's first output
    web.page.locator("h1").first.evaluate("el => el.scrollIntoView()")  # the page's top
    box = outputs.first.bounding_box()
    assert box["y"] + box["height"] < LAPTOP["height"]  # under the title, not 9,000 px down
    web.shot("answer_first")
    text = web.page.evaluate(PAGE_TEXT_JS)
    for code in ("python -m", "LARGE_STUDY", "Game(", "modules=("):
        assert code not in text, code
    study = saved_study(web, view)
    assert study.evaluate(SMALLEST_FONT_JS) >= 10
    study.scroll_into_view_if_needed()
    web.shot("saved_study")
    assert web.outside == []


@pytest.mark.parametrize("name", ["01_rules_tour", "02_placement_algorithms", "03_walls",
                                  "04_majorities", "05_wall_strategy", "06_play",
                                  "07_scorekeeper", "08_mega_box"])
def test_every_picture_of_the_page_shows_its_text_at_10_css_px_or_more(web, voila_app, name):
    """Issue 35.8 at 1366x768: a picture's smallest font size, in its pixels (written in
    the PNG by `png_of`), times the share of its pixels the page shows, is 10 or more;
    and no picture got there by being stretched, or by a widget outgrowing the window."""
    web.page.set_viewport_size(LAPTOP)
    web.page.goto(f"{voila_app}voila/render/{name}.ipynb")
    web.page.locator("#rendered_cells").wait_for()  # shown once every cell has run
    wait_for_pictures(web.page)
    sizes = picture_text_sizes(web.page)
    print(f"\n{name}: " + ", ".join(f"{classes or 'output'} {px}" for classes, px in sizes))
    for number, picture in enumerate(web.page.locator("#rendered_cells img").all(), start=1):
        if picture.bounding_box():
            picture.evaluate("el => el.scrollIntoView()")
            web.shot(f"picture{number}")
    assert sizes, "no picture with text on the page"
    assert_text_readable(web.page)
    print(f"{name}: widgets with a picture {[round(h) for h in widget_heights(web.page)]} px high")
    assert_pictures_fit(web.page)  # readable, yet not stretched nor taller than the window
    assert web.outside == []
