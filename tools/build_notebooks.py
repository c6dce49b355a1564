"""Write notebooks/*.ipynb from their jupytext twins notebooks/*.py.

The ``.py`` (py:percent) file is the one we edit and review; the ``.ipynb`` is what
users open and what nbval runs. Each notebook is executed in a fresh kernel, and
outputs are kept only in cells marked ``# NBVAL_CHECK_OUTPUT``: those are the
teaching results nbval compares, the rest would only make diffs noisy. The saved
widget state goes too, as no widget output is kept.

Usage: ``.venv/bin/python tools/build_notebooks.py [notebooks/NAME.py ...]``
"""

import sys
from pathlib import Path

import jupytext
import nbclient
from jupyter_client.kernelspec import KernelSpecManager

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
CHECKED = "# NBVAL_CHECK_OUTPUT"


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
                            resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
    for cell in notebook.cells:
        if cell.cell_type == "code" and CHECKED not in cell.source:
            cell.outputs, cell.execution_count = [], None
    # The saved widget state serves only widget outputs, and those are never kept (no
    # widget cell is checked): drop it, it would add megabytes of PNG to every diff.
    notebook.metadata.pop("widgets", None)
    jupytext.write(notebook, py_path.with_suffix(".ipynb"))
    print(f"wrote {py_path.with_suffix('.ipynb').name}")


def main(paths):
    for path in paths or sorted(NOTEBOOKS.glob("[0-9]*.py")):
        build(Path(path).resolve())


if __name__ == "__main__":
    main(sys.argv[1:])
