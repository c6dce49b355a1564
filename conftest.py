"""Repository-wide pytest setup (the package's and the tests' own conftests add to it)."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

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

# -- the hand-built module cases, played on the compiled core too ------------------------
# In the module test files (``test_mod_*.py``), while the compiled core is in use, every
# `Game.apply` on a game the core holds (all its modules and options in the core) is
# shadowed by the core: the position is taken into a `Simulator` (`Simulator.from_game`),
# the legal actions must be the same, the action must be refused alike or carried out alike,
# and the save after it must be the same, byte for byte. The cases arranged by hand (a hand
# set, a tile placed, a window open) so check the core on the very positions that test each
# rule, with the assertions of the test itself on the Python side.

from alhambra_lib import AlhambraError, Game  # noqa: E402  (after MPLBACKEND)
from alhambra_lib import sim  # noqa: E402


def _shadowed(apply, core):  # type: ignore[no-untyped-def]
    """`Game.apply` that plays each action on the core as well and compares."""
    def apply_both(game: Game, action):  # type: ignore[no-untyped-def]
        if game.is_over or sim._unsupported_in(game, core):
            return apply(game, action)
        simulated = sim.Simulator.from_game(game)
        assert simulated.legal_actions() == game.legal_actions(), "the core lists otherwise"
        try:
            apply(game, action)
        except AlhambraError as refused:
            with pytest.raises(type(refused)):
                simulated.apply(action)
            assert simulated.to_json() == game.to_json(), "a refusal changed the core's game"
            raise
        simulated.apply(action)
        assert simulated.to_json() == game.to_json(), f"the core plays {action} otherwise"
    return apply_both


@pytest.fixture(autouse=True)
def core_shadow(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Shadow `Game.apply` by the core in the module test files (see the module's text)."""
    if request.path.name.startswith("test_mod_") and sim.core_info()["engine"] == "native":
        monkeypatch.setattr(Game, "apply", _shadowed(Game.apply, sim._core()))
    yield
