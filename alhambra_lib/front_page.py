"""The app's front page: three paths, then every notebook in reading order, each in one line.

`make app` shows this page at ``/`` instead of Voila's bare file names. A notebook joins
it by its file name alone, ``NN_words.ipynb`` (``NN`` the place in the reading order);
its title is the first ``# `` heading of its first text cell. Its metadata (the
``alhambra`` part of the jupytext header of the paired ``.py`` file) states the rest:
``reading_minutes`` (a whole number; without it, an estimate from its length, marked as
one), ``purpose`` (what it is for, in one line) and ``paths`` (which of `PATHS` it
serves: play, learn or teach the rules, analyse). The page offers the three paths first,
each with its notebooks in reading order.

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
>>> notebook["metadata"]["alhambra"].update(purpose="Trace a wall.", paths=["learn"])
>>> _ = (folder / "03_walls.ipynb").write_text(json.dumps(notebook))
>>> entry = read_entry(folder / "03_walls.ipynb")
>>> entry.purpose, entry.paths, [p.key for p in paths_of([entry]) if p.files]
('Trace a wall.', ('learn',), ['learn'])
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from .i18n import LANGUAGE_NAMES, LANGUAGES, N_, language, translations

__all__ = ["NotebookEntry", "ReadingPath", "PATHS", "add_front_page", "notebook_entries",
           "paths_of", "read_entry", "page_words"]

#: A notebook of the reading order: two digits, an underscore, words.
NOTEBOOK_NAME = re.compile(r"^(\d\d)_\w+\.ipynb$")
#: Words of text a learner reads in a minute, between trying the widgets.
WORDS_PER_MINUTE = 150
#: Minutes a learner spends on each code cell's output (a table, a drawing, a widget).
MINUTES_PER_OUTPUT = 0.5


@dataclass(frozen=True)
class ReadingPath:
    """One of the front page's three ways in.

    Attributes
    ----------
    key : str
        As the notebooks name it in ``alhambra.paths``.
    title : str
    text : str
        What a visitor on this path does, in one sentence.
    files : tuple of str
        The notebooks on the path, in reading order (filled by `paths_of`).
    """

    key: str
    title: str
    text: str
    files: tuple = ()


#: The three ways in, in the order the page offers them.
PATHS = (
    ReadingPath("play", N_("Play"), N_("Play a game against bots by clicking, or keep the "
                                      "score of a game on a real table.")),
    ReadingPath("learn", N_("Learn or teach the rules"), N_("The rules shown by playing with "
                                                           "them: placing tiles, walls, "
                                                           "majorities, the Mega Box modules.")),
    ReadingPath("analyse", N_("Analyse"), N_("How the rules are computed, and what tournaments "
                                            "of bots say about strategy.")),
)
#: The page's own sentences, each language's chosen by the page's query (``?lang=fr``).
_WORDS = {"heading": N_("Alhambra: play, learn the rules, analyse"),
          "ways_in": N_("Three ways in: choose what you came for."),
          "all": N_("All {n} notebooks, best read in this order. Each opens in a new tab and "
                    "takes a moment to start; the time is about how long it takes to read it "
                    "and try its pictures and controls."),
          "language": N_("Language:")}


def page_words(code: str, count: int) -> dict[str, Any]:
    """The front page's sentences and paths in the language `code` (for the template,
    which picks the language the page's query names)."""
    say = translations(code).gettext
    words: dict[str, Any] = {key: say(text) for key, text in _WORDS.items()}
    words["all"] = words["all"].format(n=count)
    words["paths"] = {path.key: {"title": say(path.title), "text": say(path.text)}
                      for path in PATHS}
    return words


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
    purpose : str
        What the notebook is for, in one line ("" when it does not say).
    paths : tuple of str
        The keys of the `PATHS` it serves.
    """

    number: int
    file: str
    title: str
    minutes: int
    estimated: bool
    purpose: str = ""
    paths: tuple = ()

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
    ours = notebook.get("metadata", {}).get("alhambra", {})
    stated = ours.get("reading_minutes")
    minutes = stated if isinstance(stated, int) and stated > 0 else None
    purpose = ours.get("purpose")
    known = {p.key for p in PATHS}
    paths = ours.get("paths")
    return NotebookEntry(number=int(match.group(1)), file=path.name,
                         title=_title(notebook, path), minutes=minutes or _estimate(notebook),
                         estimated=minutes is None,
                         purpose=" ".join(purpose.split()) if isinstance(purpose, str) else "",
                         paths=tuple(p for p in paths if p in known)
                         if isinstance(paths, list) else ())


def paths_of(entries: list[NotebookEntry]) -> list[ReadingPath]:
    """`PATHS`, each with the files of the `entries` on it, in their order."""
    return [replace(path, files=tuple(e.file for e in entries if path.key in e.paths))
            for path in PATHS]


def _source(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def _title(notebook: dict[str, Any], path: Path) -> str:
    """The first ``# `` heading of the first text cell, else the file name in words."""
    texts = [_source(c) for c in notebook.get("cells", []) if c.get("cell_type") == "markdown"]
    for line in (texts[0] if texts else "").splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return path.stem.split("_", 1)[1].replace("_", " ").capitalize()


def _estimate(notebook: dict[str, Any]) -> int:
    """Minutes to read the text and look at the outputs, rounded up to five."""
    cells = notebook.get("cells", [])
    words = sum(len(_source(c).split()) for c in cells if c.get("cell_type") == "markdown")
    outputs = sum(c.get("cell_type") == "code" for c in cells)
    minutes = words / WORDS_PER_MINUTE + outputs * MINUTES_PER_OUTPUT
    return max(5, 5 * math.ceil(minutes / 5))


def add_front_page(page_config: dict, *, settings: dict, notebook_path: str, **_: Any) -> dict:
    """Voila's ``page_config_hook``: the folder's notebooks for the front page's template.

    Voila calls it for every page; only a folder's page (its notebook list) gets the entries,
    as ``page_config["alhambraNotebooks"]``, a list of dicts with the fields of
    `NotebookEntry` and ``minutes_text``, and the paths that have notebooks as
    ``page_config["alhambraPaths"]`` (the fields of `ReadingPath`, and ``notebooks``: their
    files and titles), the languages (``alhambraLanguages``) and the page's words in each
    (``alhambraWords``, `page_words`): the template shows those of the language the page's
    query chooses (``?lang=fr``) and carries it to every notebook's link, where
    `alhambra_lib.i18n` reads it. app/voila.py installs it.
    """
    folder = Path(settings["contents_manager"].root_dir) / notebook_path
    if folder.is_dir():
        entries = notebook_entries(folder)
        page_config["alhambraNotebooks"] = [
            {**asdict(entry), "minutes_text": entry.minutes_text} for entry in entries]
        titles = {entry.file: entry.title for entry in entries}
        page_config["alhambraPaths"] = [
            {**asdict(path), "notebooks": [{"file": f, "title": titles[f]} for f in path.files]}
            for path in paths_of(entries) if path.files]
        page_config["alhambraLanguages"] = [{"code": code, "name": LANGUAGE_NAMES[code]}
                                            for code in LANGUAGES]
        page_config["alhambraWords"] = {code: page_words(code, len(entries))
                                        for code in LANGUAGES}
        page_config["alhambraLanguage"] = language()  # the server's, without a choice
    return page_config
