"""Issue 33 in a real browser: the front page offers the languages and carries the choice
to every notebook's link; a score sheet kept in Korean, a game played by clicks in
French, and the explorers of the rules pages (majorities in Korean, an attack in French),
with screenshots (tests/screenshots/<test>/) to look at for missing glyphs and words cut
off."""

from __future__ import annotations

import re
import urllib.request

import pytest
from _pictures import assert_pictures_fit, assert_text_readable
from test_browser_app import drawing, expect, first_widget, redrawn, type_number
from test_browser_table import after, visible

pytestmark = pytest.mark.browser


def test_the_front_page_in_korean_carries_the_language_to_every_notebook(web, voila_app):
    with urllib.request.urlopen(voila_app + "?lang=ko", timeout=30) as answer:
        html = answer.read().decode()
    links = re.findall(r'href="/voila/render/([^"]+)"', html)
    assert links and all(link.endswith(".ipynb?lang=ko") for link in links)
    web.page.goto(voila_app + "?lang=ko")
    expect(web.page.locator("h1")).to_have_text("알함브라: 플레이, 규칙 배우기, 분석")
    expect(web.page.locator(".alhambra-path-play h2")).to_have_text("플레이")
    expect(web.page.locator(".alhambra-language-ko")).to_have_class(re.compile("chosen"))
    web.shot("front_page_ko")
    web.page.locator(".alhambra-language-fr").click()
    expect(web.page.locator("h1")).to_have_text("Alhambra : jouer, apprendre les règles, analyser")
    web.shot("front_page_fr")
    assert web.outside == []


def test_a_score_sheet_kept_in_korean_refuses_in_korean(web, voila_app):
    web.page.goto(f"{voila_app}voila/render/07_scorekeeper.ipynb?lang=ko")
    keeper = first_widget(web, "alhambra-score-keeper")
    button = keeper.locator(".alhambra-score-round")
    expect(button).to_have_text("이 정산 기록")
    type_number(keeper.locator("[class*='alhambra-wall-']").first, 30)
    button.click()
    message = keeper.locator(".alhambra-message")
    expect(message).to_contain_text("기록하지 않음")
    expect(message).to_contain_text("빨간색")
    web.shot("keeper_ko_refused")
    # The words fit: the score button is not cut ("…") by the longer Korean message.
    assert button.evaluate("el => el.scrollWidth <= el.clientWidth + 1")
    assert web.outside == []


def test_a_game_played_by_clicks_in_french(web, voila_app):
    web.page.goto(f"{voila_app}voila/render/06_play.ipynb?lang=fr")
    table = first_widget(web, "alhambra-game-table")
    status = table.locator(".alhambra-status")
    expect(status).to_contain_text("Tour 1")
    expect(table.locator(".alhambra-undo")).to_have_text(re.compile("annuler mon dernier coup"))
    after(table, table.locator(".alhambra-card-0").click)
    take = visible(table, "alhambra-choice-", "prendre")
    expect(take.first).to_be_visible()
    web.shot("table_fr_card_clicked")
    after(table, take.first.click)
    expect(table.locator(".alhambra-log")).to_contain_text("Depuis votre dernier coup")
    expect(status).to_contain_text("Tour")
    web.shot("table_fr_after_take")
    assert web.outside == []


def test_the_majorities_explorer_in_korean(web, voila_app):
    web.page.goto(f"{voila_app}voila/render/04_majorities.ipynb?lang=ko")
    explorer = first_widget(web, "alhambra-majorities")
    points = explorer.locator(".alhambra-points")
    expect(points).to_contain_text("차 정산 점수")
    expect(explorer.locator(".alhambra-round-picker")).to_contain_text("3차 정산")
    bars = drawing(explorer.locator(".alhambra-drawing"))
    explorer.locator(".alhambra-round-picker").get_by_role("button", name="3차 정산").click()
    expect(points).to_contain_text("3차 정산 점수")
    redrawn(explorer.locator(".alhambra-drawing"), bars)
    web.shot("majorities_ko")
    assert_pictures_fit(web.page)
    assert web.outside == []


def test_an_attack_explored_in_french(web, voila_app):
    web.page.goto(f"{voila_app}voila/render/08_mega_box.ipynb?lang=fr")
    explorer = first_widget(web, "alhambra-attack-explorer")
    picture = explorer.locator(".alhambra-attack-picture")
    north = drawing(picture)
    explorer.locator(".alhambra-attack-direction").get_by_role("button", name="côté est").click()
    explanation = explorer.locator(".alhambra-attack-explanation")
    expect(explanation).to_contain_text("côtés est sont sans protection")
    east = redrawn(picture, north)
    explorer.locator(".alhambra-attack-round").get_by_role("button", name="décompte 3").click()
    expect(explanation).to_contain_text("L’attaque passe aussi par les flancs")
    redrawn(picture, east)
    web.shot("attack_fr")
    assert_text_readable(web.page)
    assert web.outside == []


def test_the_wall_study_page_in_korean(web, voila_app):
    """Page 05's saved study and study runner in Korean: the answer, the chart and the
    buttons, with every Hangul glyph and nothing cut off."""
    web.page.goto(f"{voila_app}voila/render/05_wall_strategy.ipynb?lang=ko")
    runner = first_widget(web, "alhambra-study-runner")
    expect(runner.locator(".alhambra-run-study")).to_have_text("연구 실행")
    view = web.page.locator(".alhambra-saved-study-wall_study")
    view.scroll_into_view_if_needed()
    expect(view).to_contain_text("저장된 실행:")
    expect(view).to_contain_text("답:")
    drawing(view.locator("img.alhambra-picture").first)
    web.shot("wall_study_ko")
    assert_pictures_fit(web.page)
    assert web.outside == []
