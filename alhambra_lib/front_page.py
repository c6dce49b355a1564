"""The app's front page: three paths, then every notebook in reading order, each in one line.

`make app` shows this page at ``/`` instead of Voila's bare file names. A notebook joins
it by its file name alone, ``NN_words.ipynb`` (``NN`` the place in the reading order);
its title is the first ``# `` heading of its first text cell. Its metadata (the
``alhambra`` part of the jupytext header of the paired ``.py`` file) states the rest:
``reading_minutes`` (a whole number; without it, an estimate from its length, marked as
one), ``purpose`` (what it is for, in one line) and ``paths`` (which of `PATHS` it
serves: play, learn or teach the rules, analyse). The page offers the three paths first,
each with its notebooks in reading order.

The page speaks the language its query chooses (``?lang=fr``). A notebook translated into
that language, ``<lang>/NN_words.ipynb`` beside the English one, takes the English one's
place in the lists (its own title, purpose and time); the others stay English, their
titles and purposes translated by the catalogs (`NOTEBOOK_WORDS`) and marked "in English".

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
>>> (folder / "fr").mkdir()
>>> cell["source"] = "# Les remparts"
>>> _ = (folder / "fr" / "03_walls.ipynb").write_text(json.dumps(notebook))
>>> [(e.file, e.title, e.language) for e in notebook_entries(folder, "fr")]
[('fr/03_walls.ipynb', 'Les remparts', 'fr')]
>>> entry.minutes_in("fr"), entry.minutes_in("ko")
('environ 20 minutes', '약 20분')
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
          "language": N_("Language:"),
          "in_english": N_("in English")}
#: The titles and purposes of the notebooks that are not translated, for the catalogs:
#: the page shows them in its language, the notebook itself stays English
#: (tests/test_front_page.py checks them against the notebooks).
NOTEBOOK_WORDS = (
    N_("Where may a tile go? The graph algorithms of placement"),
    N_("See how the library finds where a tile may go, step by step on the board."),
    N_("The longest wall: external segments, a graph of corners, one loop"),
    N_("Trace the longest wall of an Alhambra step by step, and see why a full ring "
       "scores 12."),
    N_("Majorities: who scores, and what a tie is worth"),
    N_("Work out majorities and ties type by type, in three rounds of a real game and "
       "with Dirk."),
    N_("Walls or majorities? Tournaments of strategic bots"),
    N_("Ask tournaments of bots what a wall is worth, with the noise of every answer."),
    N_("The Mega Box: sixteen modules, seen, tried and measured"),
    N_("Meet the sixteen Mega Box modules, see each act in a game, and measure what each "
       "does."),
    N_("How the master bot thinks: imagined deals, halving rounds, one move"),
    N_("Watch the master bot choose a move in a real game, from the deals it imagines to "
       "the move it plays."),
)


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
        The file name, ``NN_words.ipynb`` (``<lang>/NN_words.ipynb`` for a translation):
        the app shows it at ``voila/render/<file>``.
    title : str
    minutes : int
    estimated : bool
        True when the notebook does not state its reading time and `minutes` comes from
        its length.
    purpose : str
        What the notebook is for, in one line ("" when it does not say).
    paths : tuple of str
        The keys of the `PATHS` it serves.
    language : str
        The language the notebook is written in (one of `LANGUAGES`).
    """

    number: int
    file: str
    title: str
    minutes: int
    estimated: bool
    purpose: str = ""
    paths: tuple = ()
    language: str = "en"

    @property
    def minutes_text(self) -> str:
        """The reading time in words, saying when it is an estimate."""
        return self.minutes_in("en")

    def minutes_in(self, code: str) -> str:
        """The reading time in words in the language `code`, saying when it is an estimate."""
        catalog = translations(code)
        if self.estimated:
            return catalog.ngettext("about {n} minute (estimated from its length)",
                                    "about {n} minutes (estimated from its length)",
                                    self.minutes).format(n=self.minutes)
        return catalog.ngettext("about {n} minute", "about {n} minutes",
                                self.minutes).format(n=self.minutes)


def notebook_entries(folder: str | Path, code: str = "en") -> list[NotebookEntry]:
    """The notebooks ``NN_*.ipynb`` of `folder` in reading order (other files are left out),
    each replaced by its translation ``<code>/NN_*.ipynb`` where there is one."""
    folder = Path(folder)
    paths = [p for p in folder.iterdir() if NOTEBOOK_NAME.match(p.name)]
    return [_translated(folder, path, code) for path in sorted(paths, key=lambda p: p.name)]


def _translated(folder: Path, path: Path, code: str) -> NotebookEntry:
    """The entry of the notebook at `path`, or of its translation into `code` if any."""
    translation = folder / code / path.name
    if code == "en" or not translation.is_file():
        return read_entry(path)
    return replace(read_entry(translation), file=f"{code}/{path.name}", language=code)


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
    files and titles), the languages (``alhambraLanguages``), the page's words in each
    (``alhambraWords``, `page_words`) and its lists in each (``alhambraPages``,
    `page_lists`: the translated notebooks in place of the English ones): the template
    shows those of the language the page's query chooses (``?lang=fr``) and carries it
    to every notebook's link, where `alhambra_lib.i18n` reads it. app/voila.py installs it.
    """
    folder = Path(settings["contents_manager"].root_dir) / notebook_path
    # A folder of translations (notebooks/fr/) gets the plain list: the front page, at
    # the top, already offers its notebooks in their language.
    if folder.is_dir() and folder.name not in LANGUAGES:
        pages = {code: page_lists(folder, code) for code in LANGUAGES}
        page_config["alhambraNotebooks"] = pages["en"]["notebooks"]
        page_config["alhambraPaths"] = pages["en"]["paths"]
        page_config["alhambraPages"] = pages
        page_config["alhambraLanguages"] = [{"code": code, "name": LANGUAGE_NAMES[code]}
                                            for code in LANGUAGES]
        page_config["alhambraWords"] = {code: page_words(code, len(pages["en"]["notebooks"]))
                                        for code in LANGUAGES}
        page_config["alhambraLanguage"] = language()  # the server's, without a choice
    return page_config


def page_lists(folder: str | Path, code: str) -> dict[str, list[dict[str, Any]]]:
    """The front page's lists in the language `code`: ``notebooks`` (the fields of
    `NotebookEntry`, the reading time in words as ``minutes_text``, and ``in_english``
    for an English notebook on a page in another language) and ``paths`` (those with
    notebooks, each with ``notebooks``: their files and titles). A notebook translated
    into `code` is listed in its place; the others keep their file, their title and
    purpose translated when the catalog has them."""
    say = translations(code).gettext
    entries = [replace(e, title=say(e.title), purpose=say(e.purpose) if e.purpose else "")
               if e.language != code else e for e in notebook_entries(folder, code)]
    titles = {entry.file: entry.title for entry in entries}
    return {"notebooks": [{**asdict(e), "minutes_text": e.minutes_in(code),
                           "in_english": e.language != code} for e in entries],
            "paths": [{**asdict(path), "notebooks": [{"file": f, "title": titles[f]}
                                                     for f in path.files]}
                      for path in paths_of(entries) if path.files]}
