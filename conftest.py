"""Repository-wide pytest setup (the package's and the tests' own conftests add to it)."""

import os

# Draw off-screen: CI has no display, and nbval's kernels inherit this variable.
os.environ.setdefault("MPLBACKEND", "Agg")

# Not test modules: the jupytext twins of the notebooks (nbval runs the .ipynb),
# benchmarks (`make bench` runs them), docs, build output and the venv.
collect_ignore_glob = [
    "notebooks/*.py",
    "notebooks/*/*.py",
    "benchmarks/*",
    "docs/*",
    "build/*",
    ".venv/*",
]


def pytest_collection_modifyitems(items):
    """nbval runs the translated notebooks (notebooks/<lang>/) without comparing outputs:
    they store none, their code being the English notebook's, whose outputs it compares."""
    for item in items:
        options = getattr(item, "options", None)
        if isinstance(options, dict) and item.path.parent.parent.name == "notebooks":
            options["check"] = False
