"""Write notebooks/*.ipynb from their jupytext twins notebooks/*.py.

The ``.py`` (py:percent) file is the one we edit and review; the ``.ipynb`` is what
users open and what nbval runs. Each notebook is executed in a fresh kernel, and
outputs are kept only in cells marked ``# NBVAL_CHECK_OUTPUT``: those are the
teaching results nbval compares, the rest would only make diffs noisy. The saved
widget state goes too, as no widget output is kept.

The notebooks people read in the app also exist in French, Korean and Danish:
``notebooks/<lang>/NN_name.py`` for each of `TRANSLATED`, built the same way. Their text
is translated; their code is the English notebook's, after one first cell that sets the
language (``--check`` says where that no longer holds). They keep no output.

Usage: ``.venv/bin/python tools/build_notebooks.py [notebooks/NAME.py ...]`` builds the
named twins, or all of them (the translated ones too);
``.venv/bin/python tools/build_notebooks.py --check`` builds nothing and lists what is
missing or out of step, exiting 1 if anything is.
"""

import sys
from pathlib import Path

import jupytext
import nbclient
from jupyter_client.kernelspec import KernelSpecManager

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
CHECKED = "# NBVAL_CHECK_OUTPUT"
#: The notebooks translated, and the languages they are translated into (the app's
#: languages but English, `alhambra_lib.i18n.LANGUAGES`).
TRANSLATED = ("01_rules_tour", "06_play", "07_scorekeeper")
TRANSLATIONS = ("fr", "ko", "da")


#: Metadata kept in the ``.py`` twins: ours, not the kernel's nor jupytext's version, so
#: that saving a notebook in JupyterLab, which writes its kernel and jupytext's version
#: into the notebook, leaves the ``.py`` as it was.
METADATA_FILTER = "alhambra,-kernelspec,-jupytext.text_representation.jupytext_version"


def kernelspec():
    """The kernel as JupyterLab writes it into a notebook it saves (its display name too)."""
    spec = KernelSpecManager().get_kernel_spec("python3")
    return {"name": "python3", "display_name": spec.display_name, "language": spec.language}


def build(py_path):
    notebook = jupytext.read(py_path)
    notebook.metadata["kernelspec"] = kernelspec()
    notebook.metadata.setdefault("jupytext", {})["notebook_metadata_filter"] = METADATA_FILTER
    nbclient.NotebookClient(notebook, timeout=600, kernel_name="python3",
                            resources={"metadata": {"path": str(py_path.parent)}}).execute()
    # A translation keeps no output: its code is the English notebook's, whose checked
    # outputs nbval compares. With no output nor execution count stored, nbval only runs
    # its cells (a cell not run in the file is not compared); its words are tested in
    # tests/test_notebooks_translated.py.
    translated = py_path.parent != NOTEBOOKS
    for cell in notebook.cells:
        if cell.cell_type == "code" and (translated or CHECKED not in cell.source):
            cell.outputs, cell.execution_count = [], None
    # The saved widget state serves only widget outputs, and those are never kept (no
    # widget cell is checked): drop it, it would add megabytes of PNG to every diff.
    notebook.metadata.pop("widgets", None)
    jupytext.write(notebook, py_path.with_suffix(".ipynb"))
    print(f"wrote {py_path.with_suffix('.ipynb').relative_to(NOTEBOOKS)}")


def language_cell(code):
    """The first cell of a notebook in the language `code`: it only sets the language
    (no output, so the app's reader, who sees outputs only, never notices it)."""
    return f'from alhambra_lib import i18n\n\ni18n.set_language("{code}")'


def translation(name, code):
    """The ``.py`` twin of the notebook `name` in the language `code`."""
    return NOTEBOOKS / code / f"{name}.py"


def all_twins():
    """Every ``.py`` twin: the English ones, then the translations."""
    return sorted(NOTEBOOKS.glob("[0-9]*.py")) + [translation(name, code)
                                                   for code in TRANSLATIONS
                                                   for name in TRANSLATED]


def _cells(path):
    return [(cell.cell_type, cell.source.strip()) for cell in jupytext.read(path).cells]


def problems():
    """What is missing or out of step: a translation or a notebook missing, a notebook
    whose cells differ from its twin's, a translation whose code is not the English
    notebook's after its language cell, or whose text cells are not as many."""
    found = []
    for twin in all_twins():
        ipynb = twin.with_suffix(".ipynb")
        if not twin.exists() or not ipynb.exists():
            found.append(f"{twin.relative_to(NOTEBOOKS)}: the twin or its notebook is missing")
        elif _cells(twin) != _cells(ipynb):
            found.append(f"{ipynb.relative_to(NOTEBOOKS)} differs from its .py twin: rebuild it")
    for code in TRANSLATIONS:
        for name in TRANSLATED:
            twin = translation(name, code)
            if not twin.exists():
                continue
            english, translated = _cells(NOTEBOOKS / f"{name}.py"), _cells(twin)
            if translated[:1] != [("code", language_cell(code))]:
                found.append(f"{code}/{name}.py does not open with its language cell")
            elif [c for c in english if c[0] == "code"] != [c for c in translated[1:]
                                                           if c[0] == "code"]:
                found.append(f"{code}/{name}.py: its code differs from {name}.py's")
            elif [c[0] for c in english] != [c[0] for c in translated[1:]]:
                found.append(f"{code}/{name}.py: its cells do not follow {name}.py's")
    return found


def main(arguments):
    if arguments == ["--check"]:
        found = problems()
        print("\n".join(found) or "every notebook and translation is in step")
        sys.exit(1 if found else 0)
    for path in arguments or all_twins():
        build(Path(path).resolve())


if __name__ == "__main__":
    main(sys.argv[1:])
