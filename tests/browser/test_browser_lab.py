"""The play notebook in JupyterLab, as a person runs it: open it, Run > Run All Cells, and
see the widgets drawn (not JupyterLab's "Error displaying widget")."""

import re

import pytest

pytestmark = pytest.mark.browser

KERNEL_READY = re.compile(r"^(?!No Kernel).+ \| Idle$")
#: True once every code cell of the notebook has run: "[n]:", not "[ ]:" or "[*]:".
ALL_RAN_JS = """() => {
    const prompts = Array.from(document.querySelectorAll(".jp-CodeCell .jp-InputPrompt"));
    return prompts.length > 0 && prompts.every(p => /^\\[\\d+\\]:$/.test(p.textContent.trim()));
}"""


def test_play_runs_in_jupyterlab_and_shows_its_widgets(web, lab):
    from playwright.sync_api import expect

    url, token = lab
    page = web.page
    page.goto(f"{url}lab/tree/06_play.ipynb?token={token}")
    # The kernel must be up before the cells are sent, or JupyterLab drops them: the
    # status bar reads "Python 3 (ipykernel) | Idle" (first "No Kernel | Initializing").
    page.get_by_text(KERNEL_READY).wait_for()
    web.shot("opened")

    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    page.wait_for_function(ALL_RAN_JS)
    expect(page.locator(".jp-Notebook-ExecutionIndicator")).to_have_attribute("data-status",
                                                                                "idle")
    table = page.locator(".alhambra-game-table").first
    table.wait_for()
    table.evaluate("el => el.scrollIntoView()")
    web.shot("ran")

    expect(page.get_by_text("Error displaying widget")).to_have_count(0)
    expect(page.locator("[data-mime-type='application/vnd.jupyter.error']")).to_have_count(0)
    assert page.locator(".jp-OutputArea-output .jupyter-widgets").count() > 0
    # The table is drawn with the page's own buttons: the fountain stands in the board.
    expect(table.locator(".alhambra-cell-0-0")).to_have_text("◎")
    assert web.outside == []


def test_saving_a_notebook_in_jupyterlab_leaves_its_py_twin_unchanged(web, lab, tmp_path):
    import time

    from conftest import NOTEBOOKS

    url, token = lab
    twin = tmp_path / "notebooks" / "04_majorities.py"  # the lab fixture's copy
    notebook = twin.with_suffix(".ipynb")
    before = twin.stat().st_mtime_ns, notebook.stat().st_mtime_ns
    page = web.page
    page.goto(f"{url}lab/tree/04_majorities.ipynb?token={token}")
    page.get_by_text(KERNEL_READY).wait_for()
    web.shot("opened")
    page.get_by_role("menuitem", name="File", exact=True).click()
    page.get_by_role("menuitem", name=re.compile(r"^Save Notebook")).first.click()
    deadline = time.monotonic() + 60
    while (twin.stat().st_mtime_ns, notebook.stat().st_mtime_ns)[1] == before[1]:
        assert time.monotonic() < deadline, "JupyterLab did not save the notebook"
        # Not time.sleep: the page's requests pass through this process (the `web`
        # fixture's route), which serves them only while Playwright waits.
        page.wait_for_timeout(200)
    page.wait_for_timeout(1000)  # the twin is written right after the notebook
    web.shot("saved")
    # jupytext wrote the twin too, and the kernel JupyterLab ran changed nothing in it.
    assert twin.stat().st_mtime_ns != before[0]
    assert twin.read_text() == (NOTEBOOKS / "04_majorities.py").read_text()
