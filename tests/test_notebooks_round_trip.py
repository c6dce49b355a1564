"""Saving a notebook in JupyterLab leaves its ``.py`` twin as it is when only metadata changed.

JupyterLab writes the kernel it ran (``Python 3 (ipykernel)``) and jupytext its own
version into a notebook it saves; jupytext then rewrites the paired ``.py``. The twins
keep neither (their ``notebook_metadata_filter``), so such a save changes no line of them.
"""

import copy
from pathlib import Path

import pytest

jupytext = pytest.importorskip("jupytext")

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
IPYNBS = sorted([*NOTEBOOKS.glob("[0-9]*.ipynb"), *NOTEBOOKS.glob("*/[0-9]*.ipynb")])


def as_saved(notebook):
    """The .py text jupytext writes for `notebook` on a save in JupyterLab."""
    return jupytext.writes(notebook, fmt="py:percent")


@pytest.mark.parametrize("ipynb", IPYNBS, ids=[str(p.relative_to(NOTEBOOKS).with_suffix("")) for p in IPYNBS])
def test_a_round_trip_leaves_the_py_twin_unchanged(ipynb):
    twin = ipynb.with_suffix(".py")
    assert as_saved(jupytext.read(ipynb)) == twin.read_text(encoding="utf-8"), (
        f"saving {ipynb.name} would rewrite {twin.name}: run tools/build_notebooks.py")


@pytest.mark.parametrize("ipynb", IPYNBS, ids=[str(p.relative_to(NOTEBOOKS).with_suffix("")) for p in IPYNBS])
def test_a_save_with_another_kernel_or_jupytext_leaves_the_py_twin_unchanged(ipynb):
    notebook = jupytext.read(ipynb)
    saved = copy.deepcopy(notebook)
    saved.metadata["kernelspec"] = {"name": "alhambra", "display_name": "Alhambra (venv)",
                                    "language": "python"}
    saved.metadata["language_info"] = {"name": "python", "version": "3.99.0"}
    saved.metadata["jupytext"]["text_representation"] = {"extension": ".py", "format_name": "percent",
                                                        "jupytext_version": "9.9.9"}
    assert as_saved(saved) == as_saved(notebook)


@pytest.mark.parametrize("ipynb", IPYNBS, ids=[str(p.relative_to(NOTEBOOKS).with_suffix("")) for p in IPYNBS])
def test_a_changed_cell_still_reaches_the_py_twin(ipynb):
    notebook = jupytext.read(ipynb)
    # The first text cell (a translation opens with its language cell, code).
    next(c for c in notebook.cells if c.cell_type == "markdown").source += "\n\nOne more line."
    assert "# One more line." in as_saved(notebook)  # the test can fail: text does travel
