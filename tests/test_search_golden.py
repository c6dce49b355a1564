"""Golden moves of `SearchBot`: the actions it chose at seeded decisions, stored and
replayed, so a change made for speed that changes a single move fails here.

Each game is played by `BalancedBot` in every seat (so the positions do not depend on
the search); at every ``every``-th decision of the first seat with more than one legal
action the level searches, from a fresh copy of the game, and its move is compared with
the stored one. A change meant to change the search's moves regenerates the file and
says why::

    python tests/test_search_golden.py --regenerate
"""

from __future__ import annotations

import json
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

from alhambra_lib import MODULES, Game
import alhambra_lib.bots.search as search_module
from alhambra_lib.bots import BalancedBot, SearchBot

GOLDEN = Path(__file__).resolve().parent / "golden" / "search_moves.json"

#: name -> (players, seed, modules, {level: (every, how many decisions)})
CASES = {
    "base_3p": (["Ana", "Ben", "Cy"], 0, (), {"easy": (3, 4), "medium": (4, 4),
                                              "strong": (7, 2)}),
    "dirk_2p": (["Ana", "Ben"], 1, (), {"easy": (3, 3), "medium": (5, 3)}),
    "all16_3p": (["Ana", "Ben", "Cy"], 0, tuple(MODULES), {"easy": (4, 3), "medium": (6, 3),
                                                           "strong": (9, 2)}),
    "vizier": (["Ana", "Ben", "Cy"], 2, ("vizier",), {"easy": (3, 2), "medium": (5, 2)}),
    "characters": (["Ana", "Ben", "Cy"], 3, ("characters",), {"easy": (3, 2)}),
    "street_merchant": (["Ana", "Ben", "Cy"], 4, ("street_merchant",), {"easy": (3, 2)}),
    "master_builders": (["Ana", "Ben"], 5, ("master_builders",), {"easy": (3, 2)}),
    "squares_camps": (["Ana", "Ben", "Cy"], 6, ("squares", "camps"), {"medium": (4, 2)}),
}
#: The slow level, marked so (``-m "not slow"`` leaves it out).
SLOW_LEVELS = frozenset({"strong"})


def searched_decisions(players: list[str], seed: int, modules: tuple[str, ...], every: int,
                       count: int) -> Iterator[tuple[Game, str]]:
    """(a copy of the game, the player) at every `every`-th decision of the first seat with
    more than one legal action, `count` of them, in a game `BalancedBot` plays."""
    bot, seen, found = BalancedBot(), 0, 0
    game = Game(players, seed=seed, modules=modules)
    while not game.is_over and found < count:
        name, legal = game.decision.player, game.legal_actions()
        if name == players[0] and len(legal) > 1:
            seen += 1
            if seen % every == 0:
                found += 1
                yield game.copy(), name
        game.apply(bot.choose(game.view(name), legal))


def moves(case: str, level: str) -> list[str]:
    """The moves `SearchBot(level, seed=1)` chooses at the case's decisions, as text (on
    the core, where it is in use and holds the game)."""
    players, seed, modules, levels = CASES[case]
    every, count = levels[level]
    bot = SearchBot(level, seed=1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the provisional data of some modules
        return [str(bot.choose(game.view(name), game.legal_actions()))
                for game, name in searched_decisions(players, seed, modules, every, count)]


def _params() -> list:
    return [pytest.param(case, level, id=f"{case}-{level}",
                         marks=[pytest.mark.slow] if level in SLOW_LEVELS else [])
            for case, (*_, levels) in CASES.items() for level in levels]


@pytest.mark.parametrize(("case", "level"), _params())
def test_the_search_chooses_the_stored_moves(case: str, level: str) -> None:
    stored = json.loads(GOLDEN.read_text())[case][level]
    assert moves(case, level) == stored


#: The cases the core's search plays (the base game and Dirk): their moves are checked on
#: the Python engine too, so that both engines play the stored moves.
CORE_CASES = [param for param in _params() if not CASES[param.values[0]][2]]


@pytest.mark.parametrize(("case", "level"), CORE_CASES)
def test_the_python_search_chooses_the_stored_moves(case: str, level: str,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search_module, "core_search", lambda *args, **kwargs: None)
    stored = json.loads(GOLDEN.read_text())[case][level]
    assert moves(case, level) == stored


def test_the_golden_file_holds_every_case() -> None:
    stored = json.loads(GOLDEN.read_text())
    assert {case: sorted(levels) for case, levels in stored.items()} == \
           {case: sorted(levels) for case, (*_, levels) in CASES.items()}
    assert all(len(stored[case][level]) == CASES[case][3][level][1]
               for case in CASES for level in CASES[case][3])


def regenerate() -> None:
    """Write the golden file from the search as it plays now."""
    data = {case: {level: moves(case, level) for level in levels}
            for case, (*_, levels) in CASES.items()}
    GOLDEN.write_text(json.dumps(data, indent=1) + "\n")


if __name__ == "__main__":
    if sys.argv[1:] == ["--regenerate"]:
        regenerate()
    else:
        sys.exit("usage: python tests/test_search_golden.py --regenerate")
