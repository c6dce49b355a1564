"""The app's front page: every notebook in reading order, with its title and reading time.

`make app` shows this list at ``/`` instead of Voila's bare file names. A notebook joins
it by its file name alone, ``NN_words.ipynb`` (``NN`` the place in the reading order);
its title is the first ``# `` heading of its first text cell, and its reading time the
whole number ``alhambra.reading_minutes`` of its metadata (in the jupytext header of the
paired ``.py`` file). A notebook that does not state its time gets an estimate from its
length, marked as one.

Examples
--------
>>> import json, tempfile
>>> from pathlib import Path
>>> folder = Path(tempfile.mkdtemp())
>>> cell = {"cell_type": "markdown", "metadata": {}, "source": "# Walls\\n\\nText."}
>>> notebook = {"cells": [cell], "metadata": {"alhambra": {"reading_minutes": 20}},
...             "nbformat": 4, "nbformat_minor": 5}
>>> _ = (folder / "03_walls.ipynb").write_text(json.dumps(notebook))
>>> _ = (folder / "notes.ipynb").write_text(json.dumps(notebook))  # no number: left out
>>> [(e.number, e.file, e.title, e.minutes_text) for e in notebook_entries(folder)]
[(3, '03_walls.ipynb', 'Walls', 'about 20 minutes')]
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import asdict, dataclass
from pathlib import Path

__all__ = ["NotebookEntry", "add_front_page", "notebook_entries", "read_entry"]

#: A notebook of the reading order: two digits, an underscore, words.
NOTEBOOK_NAME = re.compile(r"^(\d\d)_\w+\.ipynb$")
#: Words of text a learner reads in a minute, between trying the widgets.
WORDS_PER_MINUTE = 150
#: Minutes a learner spends on each code cell's output (a table, a drawing, a widget).
MINUTES_PER_OUTPUT = 0.5


@dataclass(frozen=True)
class NotebookEntry:
    """One line of the front page.

    Attributes
    ----------
    number : int
        The place in the reading order (the ``NN`` of the file name).
    file : str
        The file name, ``NN_words.ipynb``: the app shows it at ``voila/render/<file>``.
    title : str
    minutes : int
    estimated : bool
        True when the notebook does not state its reading time and `minutes` comes from
        its length.
    """

    number: int
    file: str
    title: str
    minutes: int
    estimated: bool

    @property
    def minutes_text(self) -> str:
        """The reading time in words, saying when it is an estimate."""
        text = f"about {self.minutes} minutes"
        return f"{text} (estimated from its length)" if self.estimated else text


def notebook_entries(folder: str | Path) -> list[NotebookEntry]:
    """The notebooks ``NN_*.ipynb`` of `folder` in reading order (other files are left out)."""
    paths = [p for p in Path(folder).iterdir() if NOTEBOOK_NAME.match(p.name)]
    return [read_entry(path) for path in sorted(paths, key=lambda p: p.name)]


def read_entry(path: str | Path) -> NotebookEntry:
    """The front-page line of the notebook at `path`, named ``NN_words.ipynb``.

    Raises
    ------
    ValueError
        If the file name is not ``NN_words.ipynb``.
    """
    path = Path(path)
    match = NOTEBOOK_NAME.match(path.name)
    if match is None:
        raise ValueError(f"{path.name!r} is not a notebook of the reading order (NN_words.ipynb)")
    notebook = json.loads(path.read_text(encoding="utf-8"))
    stated = notebook.get("metadata", {}).get("alhambra", {}).get("reading_minutes")
    minutes = stated if isinstance(stated, int) and stated > 0 else None
    return NotebookEntry(number=int(match.group(1)), file=path.name,
                         title=_title(notebook, path), minutes=minutes or _estimate(notebook),
                         estimated=minutes is None)


def _source(cell):
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def _title(notebook, path):
    """The first ``# `` heading of the first text cell, else the file name in words."""
    texts = [_source(c) for c in notebook.get("cells", []) if c.get("cell_type") == "markdown"]
    for line in (texts[0] if texts else "").splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return path.stem.split("_", 1)[1].replace("_", " ").capitalize()


def _estimate(notebook):
    """Minutes to read the text and look at the outputs, rounded up to five."""
    cells = notebook.get("cells", [])
    words = sum(len(_source(c).split()) for c in cells if c.get("cell_type") == "markdown")
    outputs = sum(c.get("cell_type") == "code" for c in cells)
    minutes = words / WORDS_PER_MINUTE + outputs * MINUTES_PER_OUTPUT
    return max(5, 5 * math.ceil(minutes / 5))


def add_front_page(page_config: dict, *, settings: dict, notebook_path: str, **_) -> dict:
    """Voila's ``page_config_hook``: the folder's notebooks for the front page's template.

    Voila calls it for every page; only a folder's page (its notebook list) gets the entries,
    as ``page_config["alhambraNotebooks"]``, a list of dicts with the fields of
    `NotebookEntry` and ``minutes_text``. app/voila.py installs it.
    """
    folder = Path(settings["contents_manager"].root_dir) / notebook_path
    if folder.is_dir():
        page_config["alhambraNotebooks"] = [
            {**asdict(entry), "minutes_text": entry.minutes_text}
            for entry in notebook_entries(folder)]
    return page_config
