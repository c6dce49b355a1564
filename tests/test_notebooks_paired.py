"""Every notebook is paired with a jupytext py:percent file holding the same cells."""

from pathlib import Path

import pytest

jupytext = pytest.importorskip("jupytext")

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
# The translations in notebooks/<lang>/ too.
IPYNBS = sorted([*NOTEBOOKS.glob("*.ipynb"), *NOTEBOOKS.glob("*/*.ipynb")])


def cells(path):
    return [(c.cell_type, c.source.strip()) for c in jupytext.read(path).cells]


@pytest.mark.parametrize("ipynb", IPYNBS, ids=[str(p.relative_to(NOTEBOOKS).with_suffix("")) for p in IPYNBS])
def test_ipynb_and_py_hold_the_same_cells(ipynb):
    twin = ipynb.with_suffix(".py")
    assert twin.exists(), f"{ipynb.name} has no jupytext pair {twin.name}"
    assert cells(ipynb) == cells(twin), (
        f"{ipynb.name} and {twin.name} differ: edit the .py and run tools/build_notebooks.py")


def test_every_py_twin_has_its_notebook():
    for twin in [*NOTEBOOKS.glob("[0-9]*.py"), *NOTEBOOKS.glob("*/[0-9]*.py")]:
        assert twin.with_suffix(".ipynb").exists(), f"{twin.name} has no {twin.stem}.ipynb"
