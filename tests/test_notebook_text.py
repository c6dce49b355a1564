"""What the app's readers see of a notebook: its text cells (the code is hidden there)."""

import re
from pathlib import Path

import pytest

jupytext = pytest.importorskip("jupytext")

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
#: Notebooks whose text is for readers who never edit code: no identifier in backticks.
CODE_FREE = ["02_placement_algorithms"]


@pytest.mark.parametrize("name", CODE_FREE)
def test_the_text_names_no_code(name):
    notebook = jupytext.read(NOTEBOOKS / f"{name}.py")
    texts = [cell.source for cell in notebook.cells if cell.cell_type == "markdown"]
    named = [m for text in texts for m in re.findall(r"`[^`]+`", text)]
    assert named == [], f"{name}'s text names code: {named}"
