"""The app (`make app`: Voila on notebooks/) used in Chromium as a person would: open a
notebook, pick, click and type, and see the texts and drawings answer. Offline: the page
may load nothing from off this machine (the `web` fixture refuses and records it).

The widgets are found by the CSS classes the library gives them (`alhambra-...`, see
alhambra_lib/widgets/_common.py `css_class`); the expected numbers come from the library.
"""

from __future__ import annotations

import re

import pytest
from _pictures import assert_pictures_fit, assert_text_readable

from alhambra_lib import KINDS
from alhambra_lib.scoring import score_majorities
from alhambra_lib.widgets._common import css_class

pytestmark = pytest.mark.browser

#: SHA-256 of the PNG an image widget shows: ipywidgets 8 puts the bytes in a blob: URL.
DIGEST_JS = """async img => {
    const bytes = await (await fetch(img.src)).arrayBuffer();
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    return Array.from(digest, b => b.toString(16).padStart(2, "0")).join("");
}"""
#: The cells of an HTML table widget, header row first.
TABLE_JS = """el => Array.from(el.querySelectorAll("tr"),
                           tr => Array.from(tr.cells, cell => cell.textContent))"""


def expect(locator):
    """Playwright's retrying assertions (imported late: the tests skip without Playwright)."""
    from playwright.sync_api import expect

    return expect(locator)


def open_notebook(web, app, name, widget):
    """Open notebooks/`name`.ipynb in the app; return the first widget of CSS class `widget`."""
    web.page.goto(f"{app}voila/render/{name}.ipynb")
    return first_widget(web, widget)


def first_widget(web, widget):
    found = web.page.locator(f".{widget}").first
    found.wait_for()
    found.evaluate("el => el.scrollIntoView()")  # its top at the top of the window
    return found


def drawing(image):
    """The `src` and a digest of the bytes of an image widget, once it shows a PNG."""
    expect(image).to_have_attribute("src", re.compile(r"^blob:"))
    return image.get_attribute("src"), image.evaluate(DIGEST_JS)


def redrawn(image, before):
    """The image's new (src, digest), after it replaced the drawing `before`."""
    expect(image).not_to_have_attribute("src", before[0])
    return drawing(image)


def table(html_widget):
    """An HTML table widget's rows as dicts by the header's names."""
    header, *rows = html_widget.evaluate(TABLE_JS)
    return [dict(zip(header, row)) for row in rows]


def type_number(box, value):
    """Type into a number box as a person does: click, replace the number, press Enter."""
    field = box.locator("input")
    field.click()
    field.fill(str(value))
    field.press("Enter")


def expect_totals(points, players, totals):
    """Wait until the points table's last column shows `totals`, player by player."""
    rows = points.locator("tbody tr")
    expect(rows).to_have_count(len(players))
    for i, player in enumerate(players):
        expect(rows.nth(i).locator("td").first).to_have_text(player)
        expect(rows.nth(i).locator("td").last).to_have_text(str(totals[player]))


def counts_shown(widget, players):
    return {p: {k: int(widget.locator(f".{css_class('count', p, k)} input").input_value())
                for k in KINDS} for p in players}


def test_rules_tour_from_the_home_page_pick_a_tile_click_a_cell_and_build(web, voila_app):
    # The address `make app` prints offers the path to learn the rules first; a click on
    # its first notebook opens it in a new tab.
    web.page.goto(voila_app)
    with web.page.expect_popup() as tab:
        web.page.locator(".alhambra-path-learn").get_by_role(
            "link", name="Alhambra in fifteen minutes").click()
    web.page = tab.value
    explorer = first_widget(web, "alhambra-placement")
    verdict, image = explorer.locator(".alhambra-verdict"), explorer.locator(".alhambra-drawing")
    expect(verdict).to_contain_text("Click a cell")
    first = drawing(image)
    web.shot("explorer")
    assert_pictures_fit(web.page)

    # A tile with no walls: its legal cells differ from the start tile's, so does the drawing.
    picker = explorer.locator(".alhambra-tile-picker select")
    # The options' values are the labels as Python wrote them (the text has &nbsp;).
    labels = picker.locator("option").evaluate_all("options => options.map(o => o.value)")
    label = next(text for text in labels if text.endswith("(no walls)"))
    picker.select_option(value=label)
    picked = redrawn(image, first)
    assert picked[1] != first[1]
    web.shot("tile_picked")

    # A cell the explorer marks legal: the verdict names the tile and the cell.
    first_legal = explorer.locator("[class*='alhambra-cell-']", has_text="✓").first
    x, y = re.search(r"alhambra-cell-(-?\d+)-(-?\d+)", first_legal.get_attribute("class")).groups()
    legal = explorer.locator(f".{css_class('cell', x, y)}")
    tile = label.split(". ", 1)[1].split(" (")[0]  # " 7. 8-pavilion (no walls)" -> 8-pavilion
    legal.click()
    expect(verdict).to_contain_text(f"{tile} (no walls) may go on ({x}, {y}).")
    web.shot("cell_clicked")

    # Build it: the cell shows the tile's price, and the drawing changes again.
    explorer.get_by_role("button", name="place", exact=True).click()
    expect(legal).to_have_text(tile.split("-")[0])
    assert redrawn(image, picked)[1] != picked[1]
    web.shot("placed")
    assert web.outside == []


def test_majorities_move_a_count_and_read_the_points(web, voila_app):
    explorer = open_notebook(web, voila_app, "04_majorities", "alhambra-majorities")
    points = explorer.locator(".alhambra-points")
    round_no = int(explorer.locator(".alhambra-round-picker button.mod-active")
                   .inner_text().split()[-1])
    expect(points).to_contain_text(f"Points in round {round_no}")
    players = [row["player"] for row in table(points)]
    counts = counts_shown(explorer, players)
    expect_totals(points, players, score_majorities(counts, round_no))
    bars = drawing(explorer.locator(".alhambra-drawing"))
    web.shot("explorer")
    assert_pictures_fit(web.page)

    # The player with the fewest towers catches up with the most: a tie for first, as
    # the notebook suggests trying. The table must show the library's new points.
    before = score_majorities(counts, round_no)
    player = min(players, key=lambda p: counts[p]["tower"])
    counts[player]["tower"] = max(counts[p]["tower"] for p in players)
    expected = score_majorities(counts, round_no)
    assert expected != before, "the change this test makes must change the points"
    type_number(explorer.locator(f".{css_class('count', player, 'tower')}"),
                counts[player]["tower"])
    expect_totals(points, players, expected)
    assert redrawn(explorer.locator(".alhambra-drawing"), bars)[1] != bars[1]
    web.shot("count_moved")
    assert web.outside == []


def open_keeper(web, app):
    """The score keeper of notebook 07, its totals widget and the rows it shows."""
    keeper = open_notebook(web, app, "07_scorekeeper", "alhambra-score-keeper")
    totals = keeper.locator(".alhambra-totals")
    expect(totals).to_contain_text("total")
    return keeper, totals, table(totals)


def test_scorekeeper_enter_a_round_and_read_the_totals(web, voila_app):
    keeper, totals, rows = open_keeper(web, voila_app)
    last = max(int(row["round"]) for row in rows)
    so_far = {row["player"]: int(row["total"]) for row in rows if int(row["round"]) == last}
    track = keeper.locator(".alhambra-score-track")
    track_before = drawing(track)
    web.shot("keeper")
    assert_pictures_fit(web.page)

    # The next round, typed in: a new round starts with empty boxes.
    round_no = last + 1
    keeper.locator(".alhambra-round-picker").get_by_role(
        "button", name=f"round {round_no}").click()
    counts = {p: dict.fromkeys(KINDS, 0) for p in so_far}
    walls = {}
    for i, player in enumerate(so_far):
        counts[player]["tower"] = i + 1
        walls[player] = 2 * i + 1
        type_number(keeper.locator(f".{css_class('count', player, 'tower')}"), i + 1)
        type_number(keeper.locator(f".{css_class('wall', player)}"), walls[player])
    web.shot("round_typed")
    keeper.locator(".alhambra-score-round").click()
    expect(keeper.locator(".alhambra-message")).to_contain_text(f"round {round_no} scored")
    expect(totals.locator("tbody tr")).to_have_count(len(rows) + len(so_far))

    majorities = score_majorities(counts, round_no)
    new = {row["player"]: row for row in table(totals) if int(row["round"]) == round_no}
    assert {p: int(row["majority points"]) for p, row in new.items()} == majorities
    assert {p: int(row["wall points"]) for p, row in new.items()} == walls
    assert {p: int(row["total"]) for p, row in new.items()} == {
        p: so_far[p] + majorities[p] + walls[p] for p in so_far}
    assert redrawn(track, track_before)[1] != track_before[1]
    web.shot("round_scored")
    assert web.outside == []


def test_mega_box_attack_choose_a_direction_and_round_and_read_the_penalty(web, voila_app):
    from alhambra_lib.modules.invaders import invasion_penalty
    from alhambra_lib.teaching.demo import random_alhambra
    from alhambra_lib.widgets.mega_box import ATTACK_DEMO_SEED

    explorer = open_notebook(web, voila_app, "08_mega_box", "alhambra-attack-explorer")
    picture = explorer.locator(".alhambra-attack-picture")
    north = drawing(picture)
    explorer.locator(".alhambra-attack-direction").get_by_role(
        "button", name="from the east").click()
    explanation = explorer.locator(".alhambra-attack-explanation")
    expect(explanation).to_contain_text("facing east")
    east = redrawn(picture, north)
    explorer.locator(".alhambra-attack-round").get_by_role("button", name="round 3").click()
    lost = invasion_penalty(random_alhambra(seed=ATTACK_DEMO_SEED, tiles=14).layout, "E", 3)
    expect(explanation).to_contain_text(f"In all {lost} points lost.")
    redrawn(picture, east)
    web.shot("attack")
    assert_text_readable(web.page)  # issue 35.8: the flanks drawn, the legend still at 10 px
