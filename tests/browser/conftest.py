"""Fixtures of the browser tests: Chromium, a page that stays offline, Voila and JupyterLab.

The tests here carry the `browser` marker (`pytest -m browser` runs them alone). They are
skipped, with the reason, when Chromium or the `app` extra (voila, playwright, psutil) is
missing. Chromium is Debian's `/usr/bin/chromium` (`apt-get install chromium`, as .ci/run
does); the environment variable ALHAMBRA_BROWSER names another binary, or a missing one to
see the skip: `ALHAMBRA_BROWSER=/nonexistent make test`.

Each test writes screenshots of its steps to tests/screenshots/<test name>/NN_step.png
(git-ignored), and one of the page as it was when the test failed.
"""

from __future__ import annotations

import os
import shutil
import sys
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from _servers import (
    ROOT,
    free_port,
    lab_command,
    new_token,
    serving,
    voila_command,
    voila_env,
)

# The translation tests' helpers (tests/_i18n_helpers.py: `english_left`), for the tests
# of the app in other languages, when tests/browser/ runs alone.
if str(ROOT / "tests") not in sys.path:
    sys.path.append(str(ROOT / "tests"))

NOTEBOOKS = ROOT / "notebooks"
SCREENSHOTS = ROOT / "tests" / "screenshots"
CHROMIUM = os.environ.get("ALHAMBRA_BROWSER", "/usr/bin/chromium")
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync", "--no-first-run"]
#: The window of a small laptop: every widget must fit in its height.
LAPTOP = {"width": 1366, "height": 768}
#: Milliseconds for a notebook to run and show its widgets, or a kernel to answer a click.
WAIT_MS = 120_000


def need_app_extra():
    for module in ("voila", "playwright.sync_api", "psutil"):
        pytest.importorskip(module, reason=f"no {module}: install the `app` extra "
                                           "(`make test` does)")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    # A failed test's page as it is now, while its servers still run (the fixture
    # teardowns stop them). A page too broken to photograph must not hide the failure.
    report = yield
    web = item.funcargs.get("web")
    if report.when == "call" and report.failed and web is not None:
        with suppress(Exception):
            web.shot("failed")
    return report


@pytest.fixture(scope="session")
def chromium():
    """Debian's Chromium, headless, driven by Playwright (no browser download)."""
    if not os.access(CHROMIUM, os.X_OK):
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium, as .ci/run does)")
    need_app_extra()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        try:
            yield browser
        finally:
            browser.close()


@dataclass
class Web:
    """A page, its screenshots, and the addresses off this machine it tried to load."""

    page: object
    folder: Path
    outside: list = field(default_factory=list)
    steps: int = 0

    def shot(self, step):
        """Save what the window shows now as NN_step.png."""
        self.steps += 1
        self.page.screenshot(path=self.folder / f"{self.steps:02d}_{step}.png")


@pytest.fixture
def web(chromium, request):
    """A fresh page in its own context that may load only from 127.0.0.1.

    Everything else is refused and recorded in `outside`: the app must work offline.
    """
    from playwright.sync_api import expect

    folder = SCREENSHOTS / request.node.name
    shutil.rmtree(folder, ignore_errors=True)  # no pictures of an earlier run
    folder.mkdir(parents=True)
    context = chromium.new_context(viewport=LAPTOP)
    context.set_default_timeout(WAIT_MS)
    expect.set_options(timeout=WAIT_MS)
    web = Web(context.new_page(), folder)

    def local_only(route):
        if urlsplit(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            web.outside.append(route.request.url)
            route.abort()

    context.route("**/*", local_only)
    try:
        yield web
    finally:
        context.close()


@pytest.fixture(scope="session")
def voila_server(tmp_path_factory):
    """Voila serving notebooks/ as `make app` does, on a free port: `(base URL, process)`."""
    need_app_extra()
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    log = tmp_path_factory.mktemp("voila") / "voila.log"
    with serving(voila_command(NOTEBOOKS, port), url, log, env=voila_env()) as process:
        yield url, process


@pytest.fixture(scope="session")
def voila_app(voila_server):
    """The base URL of the app (the `voila_server` fixture)."""
    return voila_server[0]


@pytest.fixture
def lab(tmp_path):
    """JupyterLab on a copy of notebooks/, as `(base URL, token)`.

    A copy: running cells in JupyterLab saves outputs (and jupytext the paired .py files).
    """
    need_app_extra()
    folder = tmp_path / "notebooks"
    shutil.copytree(NOTEBOOKS, folder, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    port, token = free_port(), new_token()
    url = f"http://127.0.0.1:{port}/"
    with serving(lab_command(folder, port, token, tmp_path / "lab"), url + "api",
                 tmp_path / "lab.log"):
        yield url, token
