"""Issue 33.4 in a real browser: the notebooks translated into French and Korean, as the
app serves them from notebooks/<lang>/ and the front page offers them, with screenshots
(tests/screenshots/<test>/) to look at for English left, missing glyphs and words cut off."""

from __future__ import annotations

import re

import pytest
from test_browser_app import expect, first_widget

pytestmark = pytest.mark.browser

#: The notebooks the front page offers in a language, in place of the English ones.
TRANSLATED = ("01_rules_tour", "06_play", "07_scorekeeper")


def test_the_front_page_in_french_offers_the_french_notebooks(web, voila_app):
    web.page.goto(voila_app + "?lang=fr")
    links = web.page.locator(".alhambra-notebooks a.title")
    hrefs = [links.nth(i).get_attribute("href") for i in range(links.count())]
    assert {f"/voila/render/fr/{name}.ipynb?lang=fr" for name in TRANSLATED} <= set(hrefs)
    assert "/voila/render/02_placement_algorithms.ipynb?lang=fr" in hrefs
    first = web.page.locator(".alhambra-notebook").first
    expect(first.locator(".title")).to_have_text("L'Alhambra en quinze minutes")
    expect(first.locator(".minutes")).to_have_text("environ 15 minutes")
    second = web.page.locator(".alhambra-notebook").nth(1)
    expect(second.locator(".in-english")).to_have_text("(en anglais)")
    play = web.page.locator(".alhambra-path-play a")
    expect(play.first).to_have_attribute("href", "/voila/render/fr/06_play.ipynb?lang=fr")
    web.shot("front_page_fr")
    assert web.outside == []


#: English words of the app's text and widgets, none of them a French or Korean word.
ENGLISH = re.compile(r"\b(the|and|of|for|with|to|in|is|scoring|round|rounds|player|players|"
                     r"tiles?|walls?|sheet|export|download|count|legal|yes|no)\b",
                     re.IGNORECASE)


def page_lines(web):
    return web.page.locator("body").inner_text().splitlines()


@pytest.mark.parametrize("code,keeper_button,csv_heading", [
    ("fr", "compter ce décompte", "points de majorité"),
    ("ko", "이 정산 기록", "다수 점수"),
], ids=["fr", "ko"])
def test_the_score_keeper_notebook_in_the_language_shows_no_english(web, voila_app, code,
                                                                    keeper_button,
                                                                    csv_heading):
    web.page.goto(f"{voila_app}voila/render/{code}/07_scorekeeper.ipynb?lang={code}")
    keeper = first_widget(web, "alhambra-score-keeper")
    expect(keeper.locator(".alhambra-score-round")).to_have_text(keeper_button)
    web.shot(f"keeper_{code}")
    # The last output, the CSV as a table, once the whole notebook has run.
    last_table = web.page.locator("table").last
    expect(last_table).to_contain_text(csv_heading)
    web.page.locator(".jp-Cell").nth(3).scroll_into_view_if_needed()
    web.shot(f"text_{code}")
    web.page.locator("table").nth(-3).scroll_into_view_if_needed()
    web.shot(f"modules_{code}")
    last_table.scroll_into_view_if_needed()
    web.shot(f"csv_{code}")
    english = [(ENGLISH.findall(line), line[:60]) for line in page_lines(web)
               if ENGLISH.search(line)]
    assert english == []
    assert web.outside == []
