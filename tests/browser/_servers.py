"""Servers for the browser tests: Voila and JupyterLab as subprocesses on free loopback ports.

Each server runs in a session (process group) of its own, so that stopping it reaches what
it started; `serving` stops it, and its kernels, whatever happens inside the `with`.
"""

from __future__ import annotations

import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from contextlib import contextmanager, suppress
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: Where `make app` finds the Voila template without CDN links (app/voila/templates/)
#: and its settings (app/voila.py).
APP_DATA = ROOT / "app"
#: Seconds a server may take to answer: a cold start imports a lot on a shared machine.
START_TIMEOUT = 120
#: Seconds a server may take to shut down its kernels before it is killed.
STOP_TIMEOUT = 15


def free_port():
    """A TCP port on 127.0.0.1 that nobody listens on (the kernel picks it)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def voila_command(folder, port):
    """Voila serving `folder` as `make app` does, on `port`; with `voila_env()`."""
    return [sys.executable, "-m", "voila", str(folder), "--template=alhambra", "--no-browser",
            f"--Voila.config_file_paths={APP_DATA}", "--Voila.ip=127.0.0.1", f"--port={port}", "--Voila.port_retries=0"]


def voila_env():
    return {**os.environ, "JUPYTER_PATH": str(APP_DATA)}


#: JupyterLab settings for the tests: no question about news in a toast over the page, and
#: every cell kept in the page (not only those scrolled into view), for the tests to read.
LAB_SETTINGS = {
    "@jupyterlab/apputils-extension/notification": {"fetchNews": "false"},
    "@jupyterlab/notebook-extension/tracker": {"windowingMode": "none"},
}


def lab_command(folder, port, token, state):
    """JupyterLab on `folder`, with LAB_SETTINGS and its workspaces in the folder `state`.

    No update check or news feed: the tests run offline.
    """
    for name, values in LAB_SETTINGS.items():
        path = state / "settings" / f"{name}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))
    command = [sys.executable, "-m", "jupyterlab", "--no-browser", "--ServerApp.ip=127.0.0.1",
               f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
               f"--ServerApp.token={token}", f"--ServerApp.root_dir={folder}",
               f"--LabApp.user_settings_dir={state / 'settings'}",
               f"--LabApp.workspaces_dir={state / 'workspaces'}",
               "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
               "--LabApp.news_url=None"]
    if os.getuid() == 0:  # Jupyter refuses root unless told; containers and CI run as root
        command.append("--allow-root")
    return command


def new_token():
    return secrets.token_hex(16)


@contextmanager
def serving(command, probe_url, log_path, env=None):
    """Run `command`, wait until `probe_url` answers, and stop it on leaving, even on error.

    The server's output goes to `log_path`; it is quoted when the server does not come up.
    """
    with open(log_path, "wb") as log:
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL, env=env, start_new_session=True)
    try:
        wait_until_answering(process, probe_url, log_path)
        yield process
    finally:
        stop(process)


def wait_until_answering(process, url, log_path):
    deadline = time.monotonic() + START_TIMEOUT
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with code {process.returncode} before "
                               f"answering {url}; its log:\n{Path(log_path).read_text()}")
        try:
            with urllib.request.urlopen(url, timeout=5):
                return
        except urllib.error.HTTPError:
            return  # any HTTP answer means the server is up
        except OSError:
            pass  # not listening yet
        if time.monotonic() > deadline:
            raise TimeoutError(f"the server did not answer {url} within {START_TIMEOUT} s; "
                               f"its log:\n{Path(log_path).read_text()}")
        time.sleep(0.2)


def stop(process):
    """Stop a server started by `serving`, and every process it started.

    SIGTERM lets Jupyter shut its kernels down; what is left after STOP_TIMEOUT is killed.
    Kernels run in sessions of their own (jupyter_client starts them so), outside the
    server's process group: they are found as its descendants, before it goes.
    """
    import psutil  # the `app` extra; the fixtures skip without it

    try:
        descendants = psutil.Process(process.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        descendants = []
    with suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=STOP_TIMEOUT)
    except subprocess.TimeoutExpired:
        with suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    _, alive = psutil.wait_procs(descendants, timeout=STOP_TIMEOUT)
    for leftover in alive:
        with suppress(psutil.NoSuchProcess):
            leftover.kill()
    psutil.wait_procs(alive, timeout=STOP_TIMEOUT)
