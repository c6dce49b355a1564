"""The library's layers: the rules core and the plain data do not import widgets or drawings.

Only `alhambra_lib.widgets`, the drawings (`draw`, `display`), `analysis.plots` and
`analysis.reports` (the saved studies' pictures and sentences) may import ipywidgets or
matplotlib; a module anywhere else that pulls one in at import time fails here. Each check runs in a fresh interpreter, so that what this
test process has already imported cannot hide an import.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "alhambra_lib"
# The modules (and packages, with everything under them) allowed to draw or show.
DRAWING = ("alhambra_lib.widgets", "alhambra_lib.draw", "alhambra_lib.display",
           "alhambra_lib.analysis.plots", "alhambra_lib.analysis.reports")
FORBIDDEN = ("ipywidgets", "matplotlib")

# Imports the modules named in argv in turn and stops at the first after which a
# forbidden package is loaded: the modules before it were clean. A module that fails
# to import is noted, and the rest are still imported.
_IMPORT_IN_TURN = """
import importlib, json, sys
forbidden, names = json.loads(sys.argv[1]), sys.argv[2:]
report = {"checked": len(names), "loaded": [], "failed": {}}
for checked, name in enumerate(names):
    try:
        importlib.import_module(name)
    except Exception as error:
        report["failed"][name] = f"{type(error).__name__}: {error}"
    loaded = [m for m in forbidden if m in sys.modules]
    if loaded:
        report.update(checked=checked, loaded=loaded)
        break
print(json.dumps(report))
"""


def module_name(path):
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_drawing(name):
    return any(name == d or name.startswith(d + ".") for d in DRAWING)


def fresh_python(code, *args):
    """Run `code` in a new interpreter on this checkout; its stdout."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])}
    done = subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def pulled_in(modules, forbidden):
    """What importing `modules` in turn loads of `forbidden`, and which fail to import.

    Returns ``{module: [forbidden packages it loads]}`` and ``{module: error}``. A
    fresh interpreter imports the modules until one loads a forbidden package; the
    next interpreter goes on after that module, so every offender is named.
    """
    offenders, failed, rest = {}, {}, list(modules)
    while rest:
        report = json.loads(fresh_python(_IMPORT_IN_TURN, json.dumps(forbidden), *rest))
        failed.update(report["failed"])
        if not report["loaded"]:
            break
        offenders[rest[report["checked"]]] = report["loaded"]
        rest = rest[report["checked"] + 1:]
    return offenders, failed


CORE = sorted(name for name in map(module_name, PACKAGE.rglob("*.py")) if not is_drawing(name))


def test_the_modules_outside_the_drawings_are_found():
    for name in ("alhambra_lib", "alhambra_lib.alhambra", "alhambra_lib.score_sheet",
                 "alhambra_lib.teaching", "alhambra_lib.teaching.demo",
                 "alhambra_lib.teaching.search_steps", "alhambra_lib.analysis.sweep"):
        assert name in CORE
    assert not [name for name in CORE if name.startswith("alhambra_lib.widgets")]


def test_no_module_outside_the_drawings_imports_ipywidgets_or_matplotlib():
    offenders, failed = pulled_in(CORE, list(FORBIDDEN))
    assert not offenders, "importing these loads a widget or drawing library: " + "; ".join(
        f"{name}: {', '.join(loaded)}" for name, loaded in offenders.items())
    assert not failed, "these could not be imported, so were not checked: " + "; ".join(
        f"{name}: {error}" for name, error in failed.items())


def test_the_widgets_import_without_pandas():
    # WallWeightExplorer (pandas tables) is imported on first use, not with the package.
    out = fresh_python("import sys, alhambra_lib.widgets; print('pandas' in sys.modules)")
    assert out.split() == ["False"]


def test_the_lazy_widget_is_the_class_of_its_module():
    import alhambra_lib.widgets as widgets
    from alhambra_lib.widgets import WallWeightExplorer
    from alhambra_lib.widgets.wall_weight import WallWeightExplorer as home

    assert WallWeightExplorer is home is widgets.WallWeightExplorer
    assert "WallWeightExplorer" in dir(widgets)
    with pytest.raises(AttributeError, match="no attribute 'Nothing'"):
        widgets.Nothing  # noqa: B018


def test_the_widgets_reexport_the_data_they_show():
    import alhambra_lib.widgets as widgets
    from alhambra_lib import score_sheet, teaching

    assert widgets.ScoreSheet is score_sheet.ScoreSheet
    for name in ("SearchStep", "search_steps", "WallStep", "wall_steps"):
        assert getattr(widgets, name) is getattr(teaching, name)
    # The names the package exported when the data still lived in it.
    exported = {"PlacementExplorer", "MajorityExplorer", "WallTracer", "SearchStepper",
                "GameTable", "ScoreKeeper", "ScoreSheet", "Question", "Quiz", "ReplayViewer",
                "WallStep", "wall_steps", "SearchStep", "search_steps", "WallWeightExplorer"}
    assert exported <= set(widgets.__all__)
    for name in widgets.__all__:
        assert getattr(widgets, name) is not None


@pytest.mark.parametrize("name", ["figure_1", "FIGURE_1_CELL", "figure_2", "figure_3",
                                  "pinch_layout", "PINCH_CORNER",
                                  "legal_positions_by_definition", "check_answer"])
def test_teaching_keeps_the_names_of_its_module(name):
    # alhambra_lib.teaching was one module; these were its __all__.
    from alhambra_lib import teaching

    assert name in teaching.__all__ and hasattr(teaching, name)
