"""Analyses of Alhambras beyond the rules: how good could a wall have been?

Only light modules are imported here (the rules core: standard library and networkx),
so ``import alhambra_lib.analysis`` stays cheap.
"""
from __future__ import annotations

from typing import Any

from .best_wall import BestWall, best_wall, best_wall_search, tiles_of, wall_gap

__all__ = ["BestWall", "best_wall", "best_wall_search", "tiles_of", "wall_gap"]

# Tournaments and their statistics need numpy, pandas, joblib and tqdm: their names are
# imported on first use (PEP 562), so importing this package does not pay for pandas.
# The module is `tournaments` so that its name never hides the function `tournament`
# once the submodule has been imported.
_LAZY = dict.fromkeys(("tournament", "wall_by_turn", "final_position", "BOT_NAMES"),
                      "tournaments")
_LAZY.update(dict.fromkeys(("wilson_interval", "win_rates", "mean_scores", "summary",
                            "win_rate_by_wall", "wall_win_association", "mean_wall_by_turn",
                            "add_wall_gaps"), "stats"))
_LAZY.update(dict.fromkeys(("weight_sweep", "sweep_summary"), "sweep"))
_LAZY.update(dict.fromkeys(("module_effects", "module_tournaments", "module_effects_table"),
                           "module_study"))
_LAZY.update(dict.fromkeys(("run_ladder", "ladder_table", "MatchUp"), "ladder"))
_LAZY.update(dict.fromkeys(("run_strong_wall_study", "strong_wall_summary",
                            "plot_strong_wall_study", "read_strong_wall_study"), "strong_walls"))
__all__ += list(_LAZY)


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f"{__name__}.{_LAZY[name]}"), name)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))
