"""The text cells of the notebooks render as their writers meant: no Markdown mark left
as literal text on the page (Voila renders them with nbconvert's Markdown, mistune)."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

mistune = pytest.importorskip("mistune", reason="nbconvert's Markdown (the app's)")

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("**/[0-9]*.ipynb"))


def shown_marks(source: str) -> list[str]:
    """The bold or italic marks (``**``, ``__``) a cell's Markdown leaves as text, with
    the words around them (code spans and blocks aside)."""
    html = re.sub(r"<code>.*?</code>|<pre>.*?</pre>", " ", mistune.html(source), flags=re.S)
    return [html[max(0, m.start() - 20):m.end() + 20] for m in re.finditer(r"\*\*|__", html)]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(p.parents[1])))
def test_no_bold_mark_is_shown_as_text_korean_new_game_after_an_ellipsis(path):
    cells = nbformat.read(path, as_version=4).cells
    shown = [mark for cell in cells if cell.cell_type == "markdown"
             for mark in shown_marks(cell.source)]
    assert shown == []
