"""The app's front door and its kernels: the page `make app` prints lists every notebook
in reading order with its title and time, and a closed notebook page leaves no kernel."""

from __future__ import annotations

import re
import time
import urllib.request

import pytest

from alhambra_lib.front_page import notebook_entries, paths_of
from conftest import NOTEBOOKS

pytestmark = pytest.mark.browser

#: Seconds within which the kernel of a closed page must be gone (the issue's bound; the
#: app's settings, app/voila.py, shut it down after 20 to 25 s without a message).
KERNEL_GONE_WITHIN = 30


def test_the_front_page_lists_the_notebooks_in_order_with_titles_and_times(web, voila_app):
    from playwright.sync_api import expect

    entries = notebook_entries(NOTEBOOKS)
    assert len(entries) >= 7
    # As sent by the server, before any script runs: the three paths with their notebooks,
    # then a link to each notebook by file name.
    with urllib.request.urlopen(voila_app, timeout=30) as answer:
        html = answer.read().decode()
    links = re.findall(r'href="/voila/render/([^"?]+)"', html)
    paths = paths_of(entries)
    assert links == [f for path in paths for f in path.files] + [e.file for e in entries]

    web.page.goto(voila_app)
    for path in paths:
        box = web.page.locator(f".alhambra-path-{path.key}")
        expect(box.locator("h2")).to_have_text(path.title)
        expect(box.locator("a")).to_have_count(len(path.files))
    lines = web.page.locator("li.alhambra-notebook")
    expect(lines).to_have_count(len(entries))
    for place, (line, entry) in enumerate(zip(lines.all(), entries), start=1):
        expect(line.locator(".number")).to_have_text(f"{place}.")
        expect(line.get_by_role("link", name=entry.title, exact=True)).to_be_visible()
        expect(line.locator(".minutes")).to_have_text(entry.minutes_text)
        expect(line.locator(".purpose")).to_have_text(entry.purpose)
        # The title and one line of purpose each.
        assert line.bounding_box()["height"] < 56
    # The three paths on the first screen of a laptop, and most of the list below them.
    paths_box = web.page.locator(".alhambra-paths").bounding_box()
    assert paths_box["y"] + paths_box["height"] < web.page.viewport_size["height"] / 2
    web.shot("front_page")
    assert "Voilà" not in web.page.title()
    assert web.outside == []


def kernels(server):
    """The kernel processes the Voila server `server` (a Popen) runs now."""
    import psutil

    children = psutil.Process(server.pid).children(recursive=True)
    return {p.pid for p in children if "ipykernel" in " ".join(p.cmdline())}


def test_the_kernel_of_a_page_killed_without_unloading_is_gone_soon(web, voila_server):
    import psutil

    url, server = voila_server
    before = kernels(server)
    web.page.goto(f"{url}voila/render/07_scorekeeper.ipynb")
    web.page.locator(".alhambra-score-keeper").first.wait_for()
    started = kernels(server) - before
    assert len(started) == 1, "one page, one kernel, none kept in reserve"
    # As when the tab or the browser is killed: no `beforeunload`, so the page cannot ask
    # the server to shut its kernel down; the server must notice on its own.
    web.page.close(run_before_unload=False)
    closed = time.monotonic()
    (kernel,) = started
    while psutil.pid_exists(kernel) and time.monotonic() - closed < KERNEL_GONE_WITHIN:
        time.sleep(0.5)
    assert not psutil.pid_exists(kernel) or \
        psutil.Process(kernel).status() == psutil.STATUS_ZOMBIE, (
            f"the kernel of a closed page still runs {KERNEL_GONE_WITHIN} s later")
    assert kernels(server) - before == set(), "no kernel started in its place"
