"""What the app's readers see of a notebook: its text cells (the code is hidden there)."""

import re
from pathlib import Path

import pytest

jupytext = pytest.importorskip("jupytext")

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
#: Notebooks whose text is for readers who never edit code: no identifier in backticks.
CODE_FREE = ["02_placement_algorithms", "09_master_search"]


@pytest.mark.parametrize("name", CODE_FREE)
def test_the_text_names_no_code(name):
    notebook = jupytext.read(NOTEBOOKS / f"{name}.py")
    texts = [cell.source for cell in notebook.cells if cell.cell_type == "markdown"]
    named = [m for text in texts for m in re.findall(r"`[^`]+`", text)]
    assert named == [], f"{name}'s text names code: {named}"


#: Issue 35.8: the app's pages that name no code, nor a command line, in their text: the
#: code, the commands and the notebook's own knobs stay in code cells (which the app
#: hides: Voila shows a code cell's output, never its source).
NO_COMMANDS = ["05_wall_strategy", "08_mega_box", "09_master_search"]


@pytest.mark.parametrize("name", NO_COMMANDS)
def test_the_text_shows_no_code_nor_command_line(name):
    notebook = jupytext.read(NOTEBOOKS / f"{name}.py")
    texts = [cell.source for cell in notebook.cells if cell.cell_type == "markdown"]
    named = [m for text in texts
             for m in re.findall(r"`[^`]+`|python -m[^\n]*|LARGE_STUDY|Game\(", text)]
    assert named == [], f"{name}'s text names code: {named}"


#: Issue 35.8: pages that open with their answer: the title alone, then the code cells
#: whose output is the answer, computed from the saved study (before any prose).
ANSWER_FIRST = {"05_wall_strategy": "wall_verdict(load_study(\"wall_study\"))",
                "08_mega_box": "module_verdict(load_study(\"module_effects\"))"}


@pytest.mark.parametrize("name", ANSWER_FIRST)
def test_the_page_opens_with_its_answer(name):
    cells = jupytext.read(NOTEBOOKS / f"{name}.py").cells
    title = cells[0]
    assert title.cell_type == "markdown" and re.fullmatch(r"# [^\n]+", title.source.strip())
    before_prose = []
    for cell in cells[1:]:
        if cell.cell_type == "markdown":
            break
        before_prose.append(cell.source)
    assert ANSWER_FIRST[name] in before_prose[-1]
