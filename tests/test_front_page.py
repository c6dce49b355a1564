"""The app's front page: which notebooks it lists, in which order, with which title and time."""

import json
from dataclasses import replace
from pathlib import Path

import pytest

from alhambra_lib.front_page import add_front_page, notebook_entries, paths_of, read_entry

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def write_notebook(folder, name, cells, metadata=None):
    notebook = {"cells": cells, "metadata": metadata or {}, "nbformat": 4, "nbformat_minor": 5}
    (folder / name).write_text(json.dumps(notebook))
    return folder / name


def text(source):
    return {"cell_type": "markdown", "metadata": {}, "source": source}


def code(source="x = 1"):
    return {"cell_type": "code", "metadata": {}, "source": source, "outputs": [],
            "execution_count": None}


def test_every_notebook_of_the_project_is_listed_in_order_with_its_stated_time():
    entries = notebook_entries(NOTEBOOKS)
    files = sorted(p.name for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
    assert [e.file for e in entries] == files
    assert [e.number for e in entries] == sorted(e.number for e in entries)
    first = entries[0]
    assert (first.title, first.minutes, first.estimated) == ("Alhambra in fifteen minutes",
                                                            15, False)
    assert all(e.minutes > 0 for e in entries)
    assert all(e.title and "#" not in e.title for e in entries)


def test_a_new_notebook_joins_by_its_name_and_gets_an_estimated_time(tmp_path):
    write_notebook(tmp_path, "02_later.ipynb", [text("# Second\n\nSome words.")],
                   {"alhambra": {"reading_minutes": 12}})
    words = " ".join(["word"] * 1500)  # ten minutes at 150 words a minute
    write_notebook(tmp_path, "01_new_one.ipynb",
                   [text(["# A new ", "notebook\n", words]), code(), code()])
    write_notebook(tmp_path, "scratch.ipynb", [text("# Not in the order")])
    (tmp_path / "03_notes.txt").write_text("not a notebook")
    first, second = notebook_entries(tmp_path)
    assert (first.file, first.title, first.estimated) == ("01_new_one.ipynb", "A new notebook",
                                                         True)
    assert first.minutes == 15  # 10 + 2 x 0.5 rounded up to five
    assert first.minutes_text == "about 15 minutes (estimated from its length)"
    assert (second.title, second.minutes, second.minutes_text) == ("Second", 12,
                                                                   "about 12 minutes")


@pytest.mark.parametrize("metadata", [{}, {"alhambra": {"reading_minutes": "ten"}},
                                      {"alhambra": {"reading_minutes": 0}}])
def test_a_missing_or_senseless_time_is_estimated(tmp_path, metadata):
    path = write_notebook(tmp_path, "01_a.ipynb", [text("# A")], metadata)
    assert read_entry(path).estimated and read_entry(path).minutes == 5


def test_without_a_heading_the_file_name_is_the_title(tmp_path):
    path = write_notebook(tmp_path, "08_mega_box.ipynb", [text("Just text."), code()])
    assert read_entry(path).title == "Mega box"


def test_a_file_outside_the_reading_order_is_refused(tmp_path):
    path = write_notebook(tmp_path, "notes.ipynb", [text("# Notes")])
    with pytest.raises(ValueError, match="not a notebook of the reading order"):
        read_entry(path)


class FakeContents:
    root_dir = str(NOTEBOOKS)


def test_the_hook_adds_the_list_to_a_folder_page_only():
    settings = {"contents_manager": FakeContents()}
    folder_page = add_front_page({"baseUrl": "/"}, settings=settings, notebook_path="",
                                 base_url="/", log=None, voila_configuration=None)
    listed = folder_page["alhambraNotebooks"]
    assert [e["file"] for e in listed] == [e.file for e in notebook_entries(NOTEBOOKS)]
    assert listed[0]["minutes_text"] == "about 15 minutes"
    json.dumps(folder_page)  # the template writes the page config into the page as JSON
    notebook_page = add_front_page({"baseUrl": "/"}, settings=settings,
                                   notebook_path="01_rules_tour.ipynb")
    assert notebook_page == {"baseUrl": "/"}


def test_every_notebook_says_in_one_line_what_it_is_for_and_the_three_paths_hold_them():
    entries = notebook_entries(NOTEBOOKS)
    for entry in entries:
        assert entry.purpose.endswith(".") and "\n" not in entry.purpose, entry.file
        assert len(entry.purpose) <= 110, f"{entry.file}: one line, please"
        assert entry.paths, f"{entry.file} is on no path"
    paths = {path.key: path.files for path in paths_of(entries)}
    assert list(paths) == ["play", "learn", "analyse"]
    assert paths["play"] == ("06_play.ipynb", "07_scorekeeper.ipynb", "08_mega_box.ipynb")
    assert paths["learn"][0] == "01_rules_tour.ipynb"
    assert "05_wall_strategy.ipynb" in paths["analyse"]


def test_the_hook_offers_the_paths_with_their_titles():
    page = add_front_page({}, settings={"contents_manager": FakeContents()}, notebook_path="")
    paths = page["alhambraPaths"]
    assert [p["title"] for p in paths] == ["Play", "Learn or teach the rules", "Analyse"]
    assert paths[1]["notebooks"][0] == {"file": "01_rules_tour.ipynb",
                                        "title": "Alhambra in fifteen minutes"}


def test_unknown_paths_and_a_purpose_that_is_not_text_are_left_out(tmp_path):
    path = write_notebook(tmp_path, "01_a.ipynb", [text("# A")],
                          {"alhambra": {"purpose": ["not", "text"], "paths": ["fly", "play"]}})
    entry = read_entry(path)
    assert (entry.purpose, entry.paths) == ("", ("play",))


# Issue 33.4: the notebooks translated into French, Korean and Danish.
TRANSLATED = ("01_rules_tour.ipynb", "06_play.ipynb", "07_scorekeeper.ipynb")


@pytest.mark.parametrize("code", ["fr", "ko", "da"])
def test_the_page_in_a_language_links_its_translations_and_the_english_rest(code):
    page = add_front_page({}, settings={"contents_manager": FakeContents()}, notebook_path="")
    lists = page["alhambraPages"][code]
    files = [entry["file"] for entry in lists["notebooks"]]
    english = [entry.file for entry in notebook_entries(NOTEBOOKS)]
    assert files == [f"{code}/{f}" if f in TRANSLATED else f for f in english]
    for entry in lists["notebooks"]:
        translated = entry["file"].startswith(f"{code}/")
        assert entry["in_english"] is not translated
        assert entry["language"] == (code if translated else "en")
        assert not entry["minutes_text"].startswith("about"), entry  # in the language
    by_file = {entry.file: entry for entry in notebook_entries(NOTEBOOKS)}
    for entry in lists["notebooks"]:  # every title and purpose in the language
        english_entry = by_file[entry["file"].removeprefix(f"{code}/")]
        assert entry["title"] != english_entry.title and entry["purpose"] != english_entry.purpose
    play = next(path for path in lists["paths"] if path["key"] == "play")
    assert [n["file"] for n in play["notebooks"]][:2] == [f"{code}/06_play.ipynb",
                                                          f"{code}/07_scorekeeper.ipynb"]
    json.dumps(page)


def test_the_english_page_lists_no_translation():
    page = add_front_page({}, settings={"contents_manager": FakeContents()}, notebook_path="")
    assert page["alhambraPages"]["en"]["notebooks"] == page["alhambraNotebooks"]
    assert not any("/" in entry["file"] or entry["in_english"]
                   for entry in page["alhambraNotebooks"])


def test_a_folder_of_translations_gets_the_plain_list():
    page = add_front_page({}, settings={"contents_manager": FakeContents()},
                          notebook_path="fr")
    assert page == {}


def test_the_words_of_the_english_notebooks_on_the_page_are_the_notebooks_own():
    """NOTEBOOK_WORDS, which the catalogs translate, holds the title and purpose of every
    notebook that is not translated, as the notebook says them (a changed title fails)."""
    from alhambra_lib.front_page import NOTEBOOK_WORDS

    shown = {word for entry in notebook_entries(NOTEBOOKS) if entry.file not in TRANSLATED
             for word in (entry.title, entry.purpose)}
    assert shown == set(NOTEBOOK_WORDS)


def test_a_reading_time_in_each_language():
    entry = read_entry(NOTEBOOKS / "07_scorekeeper.ipynb")
    assert [entry.minutes_in(code) for code in ("en", "fr", "ko", "da")] == [
        "about 10 minutes", "environ 10 minutes", "약 10분", "omkring 10 minutter"]
    estimated = replace(entry, minutes=1, estimated=True)
    assert estimated.minutes_in("fr") == "environ 1 minute (estimation d'après sa longueur)"
