"""Issue 33 in a real browser: the front page offers the languages and carries the choice
to every notebook's link; a score sheet kept in Korean and a game played by clicks in
French, with screenshots (tests/screenshots/<test>/) to look at for missing glyphs and
words cut off."""

from __future__ import annotations

import re
import urllib.request

import pytest
from test_browser_app import expect, first_widget, type_number
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
