"""Every notebook page of the app as a person sees it in a laptop's window (1366x768): no
picture stretched beyond its own pixels, no widget taller than the window; and notebook 05
shows a progress bar while it prepares, then plays a small study of the reader's own.

The notebooks open in tabs side by side, so that the server runs them at the same time.
"""

from __future__ import annotations

import re

import pytest
from _pictures import assert_pictures_fit

from alhambra_lib.front_page import notebook_entries
from alhambra_lib.widgets._common import css_class
from conftest import NOTEBOOKS, WAIT_MS

pytestmark = pytest.mark.browser


#: The notebooks other browser tests open and check the pictures of (test_browser_app.py,
#: test_browser_pages.py for 09, which has no widget to wait for, and the test of notebook
#: 05 below): opened here again, they would only cost time.
CHECKED_ELSEWHERE = {"01_rules_tour.ipynb", "04_majorities.ipynb", "05_wall_strategy.ipynb",
                     "07_scorekeeper.ipynb", "09_master_search.ipynb"}


def test_no_picture_is_stretched_and_every_widget_fits_the_window(web, voila_app):
    # Every other notebook, the ones added later (08...) included.
    files = [e.file for e in notebook_entries(NOTEBOOKS) if e.file not in CHECKED_ELSEWHERE]
    problems = {}
    for file in files:
        page = web.page.context.new_page()
        page.goto(f"{voila_app}voila/render/{file}")
        page.locator("#rendered_cells").wait_for()  # shown once every cell has run
        page.locator(".jupyter-widgets").first.wait_for()
        widgets = page.locator(".jp-OutputArea-output:has(> .jupyter-widgets)")
        for number, widget in enumerate(widgets.all(), start=1):
            widget.evaluate("el => el.scrollIntoView()")  # its top at the top of the window
            page.screenshot(path=web.folder / f"{file}_widget{number}.png")
        try:
            assert_pictures_fit(page)
        except AssertionError as error:
            problems[file] = str(error)
        page.close(run_before_unload=True)  # the page asks for its kernel to go
    assert problems == {}
    assert web.outside == []


def test_notebook_05_shows_its_progress_then_plays_a_study_of_the_readers_own(web, voila_app):
    from playwright.sync_api import expect

    page = web.page
    page.goto(f"{voila_app}voila/render/05_wall_strategy.ipynb", wait_until="commit")
    bar = page.locator("#alhambra-progress")
    expect(bar).to_be_visible()
    expect(page.locator("#loading_text")).to_contain_text("Preparing the page")
    web.shot("preparing")
    runner = page.locator(f".{css_class('study-runner')}")
    runner.wait_for(timeout=3 * WAIT_MS)  # the small run of the page: a minute or more
    runner.evaluate("el => el.scrollIntoView()")
    web.shot("runner")

    def set_number(label, value):
        box = runner.get_by_label(label)
        box.fill(str(value))
        box.press("Enter")

    set_number("games per weight", 4)
    set_number("players per game", 2)
    weights = runner.get_by_label("wall weights")
    weights.fill("0, 3")
    weights.press("Enter")
    runner.get_by_role("button", name="play the study").click()
    message = runner.locator(f".{css_class('study-message')}")
    expect(message).to_contain_text("Done: 4 games per weight, 2 players per game")
    progress = runner.locator(f".{css_class('study-progress')} .progress-bar")
    expect(progress).to_have_attribute("style", re.compile(r"(^|[ ;])width: 100%;"))
    rows = runner.locator(f".{css_class('study-table')} tbody tr")
    expect(rows).to_have_count(2)
    web.shot("study_played")
    assert_pictures_fit(page)
    assert web.outside == []
