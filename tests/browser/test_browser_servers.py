"""The browser-test machinery: a server that does not come up is reported with its log;
on a one-cell notebook, a widget answers a click in Voila offline, and the server and its
kernel are gone after a test that fails inside `serving`."""

import sys

import nbformat
import pytest
from _servers import free_port, serving, voila_command, voila_env

TINY = """\
import ipywidgets as widgets
button, answer = widgets.Button(description="ask"), widgets.HTML("not asked")
answer.add_class("alhambra-answer")
button.on_click(lambda _: setattr(answer, "value", "asked"))
widgets.VBox([button, answer])
"""


class Planned(Exception):
    """The failure the test provokes."""


def tiny_notebook(folder):
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(TINY)])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                       "language": "python"}
    nbformat.write(notebook, folder / "tiny.ipynb")


def alive(process):
    import psutil

    try:
        return process.is_running() and process.status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def test_a_server_that_exits_is_reported_with_its_log(tmp_path):
    pytest.importorskip("psutil", reason="no psutil: install the `app` extra")
    dies = [sys.executable, "-c", "print('no notebooks here'); raise SystemExit(3)"]
    url = f"http://127.0.0.1:{free_port()}/"
    with pytest.raises(RuntimeError, match=r"(?s)exited with code 3.*no notebooks here"), \
            serving(dies, url, tmp_path / "log"):
        pass


@pytest.mark.browser
def test_a_failing_test_stops_the_server_and_its_kernel(web, tmp_path):
    import psutil
    from playwright.sync_api import expect

    tiny_notebook(tmp_path)
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    log = tmp_path / "voila.log"
    with pytest.raises(Planned), serving(voila_command(tmp_path, port), url, log,
                                         env=voila_env()) as server:
        web.page.goto(url + "voila/render/tiny.ipynb")
        answer = web.page.locator(".alhambra-answer")
        expect(answer).to_have_text("not asked")
        web.page.get_by_role("button", name="ask").click()
        expect(answer).to_have_text("asked")
        web.shot("asked")
        server = psutil.Process(server.pid)
        family = [server, *server.children(recursive=True)]
        assert any("ipykernel" in " ".join(p.cmdline()) for p in family[1:])
        raise Planned
    assert not [process for process in family if alive(process)]
    assert web.outside == []
