"""Issue 33.4: the notebooks people read in the app, in French, Korean and Danish.

``notebooks/<lang>/NN_name.ipynb`` with their jupytext twins, built by
tools/build_notebooks.py: their text translated, their code the English notebook's after
one first cell that sets the language (nbval runs them like the others).
"""

from __future__ import annotations

import importlib.util
import re
import shutil
from pathlib import Path

import pytest
from _i18n_helpers import english_left, speaking  # noqa: F401 (a fixture)

from alhambra_lib import Game, i18n, money_deck
from alhambra_lib.actions import take_choices
from alhambra_lib.score_sheet import ScoreSheet
from alhambra_lib.teaching import figure_3, tour

jupytext = pytest.importorskip("jupytext")

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("build_notebooks",
                                               ROOT / "tools" / "build_notebooks.py")
build_notebooks = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build_notebooks)

TRANSLATIONS = [(code, name) for code in build_notebooks.TRANSLATIONS
                for name in build_notebooks.TRANSLATED]


def test_every_translation_exists_with_its_twin_in_step():
    assert build_notebooks.problems() == []
    assert build_notebooks.TRANSLATIONS == tuple(c for c in i18n.LANGUAGES if c != "en")


def copy_of_the_notebooks(tmp_path, monkeypatch):
    folder = tmp_path / "notebooks"
    shutil.copytree(build_notebooks.NOTEBOOKS, folder)
    monkeypatch.setattr(build_notebooks, "NOTEBOOKS", folder)
    return folder


def test_a_translation_whose_code_drifts_from_the_english_is_caught(tmp_path, monkeypatch):
    folder = copy_of_the_notebooks(tmp_path, monkeypatch)
    twin = folder / "ko" / "07_scorekeeper.py"
    twin.write_text(twin.read_text().replace('keeper.round_picker.value = 1',
                                             'keeper.round_picker.value = 2'))
    found = build_notebooks.problems()
    assert "ko/07_scorekeeper.py: its code differs from 07_scorekeeper.py's" in found
    assert any(p.startswith("ko/07_scorekeeper.ipynb differs") for p in found)


def test_a_missing_translation_or_language_cell_is_caught(tmp_path, monkeypatch):
    folder = copy_of_the_notebooks(tmp_path, monkeypatch)
    (folder / "da" / "06_play.ipynb").unlink()
    twin = folder / "fr" / "01_rules_tour.py"
    twin.write_text(twin.read_text().replace('i18n.set_language("fr")',
                                             'i18n.set_language("da")'))
    found = build_notebooks.problems()
    assert "da/06_play.py: the twin or its notebook is missing" in found
    assert "fr/01_rules_tour.py does not open with its language cell" in found


def texts(path):
    return [c.source for c in jupytext.read(path).cells if c.cell_type == "markdown"]


@pytest.mark.parametrize("code,name", TRANSLATIONS)
def test_every_text_cell_is_translated(code, name):
    english = texts(ROOT / "notebooks" / f"{name}.py")
    translated = texts(ROOT / "notebooks" / code / f"{name}.py")
    assert len(translated) == len(english)
    for mine, theirs in zip(translated, english):
        assert mine != theirs
        # The same section numbers and rule references (§) as the English text.
        assert re.findall(r"^#+ \d+(?= )|§[\dM.]+\d", mine, re.M) == re.findall(
            r"^#+ \d+(?= )|§[\dM.]+\d", theirs, re.M), mine[:80]
    purpose = jupytext.read(ROOT / "notebooks" / code / f"{name}.py").metadata["alhambra"]
    assert purpose["purpose"].endswith(".") and len(purpose["purpose"]) <= 110


def shown(code):
    """Every table and sentence the tour's functions make for notebooks 01, 06, 07."""
    i18n.set_language(code)  # the test's `speaking` fixture puts the language back
    game = Game(["Ana", "Ben", "Cy"], seed=20)
    example = figure_3()
    sheet = ScoreSheet(["Ana", "Ben", "Cy"], modules=("camps", "invaders"))
    counts = {"Ana": {"tower": 2}, "Ben": {"tower": 2, "garden": 1}}
    sheet.record(1, counts, {"Ana": 3, "Ben": 5},
                 {"camp_lines": {"Ana": 1}, "attack": "N",
                  "unprotected": {"Ben": {"N": 1}}})
    tower = game.market[0][1]  # the 9-tower of square 1
    return [repr(tour.components_table()), tour.money_deck_sentences(money_deck()),
            tour.choices_sentences(game), tour.take_sentences(take_choices(game.display)),
            tour.payment_sentences((6, 5, 4), 9), repr(tour.verdict_table(
                game.alhambra("Cy"), tower)),
            repr(tour.figure_3_examples_table(example)), repr(tour.place_points_table()),
            tour.majorities_sentences(counts, 1, {"Ana": 3, "Ben": 8}),
            tour.longest_wall_sentence(4), tour.loaded_sentences(game, game),
            tour.replayed_sentences([], game, game), tour.resumed_sentences(game, game, game),
            tour.totals_sentence(sheet.totals(), 1), tour.totals_sentence(sheet.totals()),
            repr(tour.module_inputs_table()), repr(tour.parts_table(sheet.breakdown(1))),
            repr(tour.csv_table(sheet.to_csv()))]


@pytest.mark.parametrize("code", ["fr", "ko", "da"])
def test_the_tours_tables_and_sentences_speak_the_language(speaking, code):
    english = shown("en")
    translated = shown(code)
    for mine, theirs in zip(translated, english):
        assert mine != theirs
        assert english_left(code, str(mine).splitlines()) == set(), str(mine)[:300]


@pytest.mark.parametrize("code,name", TRANSLATIONS)
def test_a_translation_stores_no_output_so_nbval_only_runs_it(code, name):
    """nbval compares a checked cell's outputs only when the file holds them (a cell
    with no execution count is 'unrun'); a translation's words are tested above."""
    cells = jupytext.read(ROOT / "notebooks" / code / f"{name}.ipynb").cells
    code_cells = [c for c in cells if c.cell_type == "code"]
    assert code_cells and all(c.outputs == [] and c.execution_count is None
                               for c in code_cells)
