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

