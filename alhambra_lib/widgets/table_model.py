"""What the GameTable's clicks mean: moved to `alhambra_lib.table.clicks` (importable without
ipywidgets); this name stays for the code that imports it from here."""

from ..table.clicks import (
    HOLDS,
    MAX_CLICKS,
    MAX_OFFERED,
    SIDE_KINDS,
    Selection,
    Shape,
    click_path,
    decision_title,
    shape,
    shapes,
)

__all__ = ["MAX_CLICKS", "MAX_OFFERED", "HOLDS", "SIDE_KINDS", "Shape", "Selection",
           "click_path", "decision_title", "shape", "shapes"]
