"""Write the Mega Box samples that the compiled core replays in `cargo test`, with no Python.

Each case is a view of a seeded game with modules (played at random, half the moves by
`BalancedBot`), as its player knows it (`GameView.public`, the text the core reads), with
the games `determinize` samples from it for some seeds (their saves without the record).
`core/tests/samples.rs` checks that the core deals every secret the same. The Street
Merchant's six-player case holds seeds whose citizens `determinize` deals by its search
(`engine.sampling._search`) and seeds it deals by deals alone. Run it again after the
sampling or a module's secrets change in the Python engine::

    python tools/write_core_samples.py
"""

from __future__ import annotations

import json
import random
import sys
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import alhambra_lib.engine.sampling as sampling  # noqa: E402
from alhambra_lib import Game  # noqa: E402
from alhambra_lib.bots import BalancedBot  # noqa: E402
from alhambra_lib.engine import determinize  # noqa: E402
from alhambra_lib.modules import MODULES  # noqa: E402

OUT = ROOT / "core" / "tests" / "data" / "samples"
NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve", "Fay")
#: (file, modules, players, game seed, moves played first)
CASES = (
    ("street_merchant_6p", ("street_merchant",), 6, 3, 100),
    ("all_3p", tuple(sorted(MODULES)), 3, 1, 80),
    ("hands_and_decks_4p", ("bonus_cards", "invaders", "master_builders", "thieves"), 4, 2, 70),
    ("squares_dirk", ("squares",), 2, 3, 40),
)
#: Seeds tried per case; a case keeps up to three dealt by deals and three searched.
TRIED = range(40)


def _searched(view, seed: int) -> bool:
    """Whether `determinize(view, seed)` deals a class by its search."""
    calls: list[int] = []
    real = sampling._search

    def noting(pool, slots, rng):
        calls.append(rng is not None)
        return real(pool, slots, rng)

    sampling._search = noting
    try:
        determinize(view, seed)
    finally:
        sampling._search = real
    return any(calls)


def case(modules, players, seed, moves) -> dict:
    """The case's view and the games the Python engine samples from it."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the provisional data of some modules
        game = Game(list(NAMES[:players]), seed=seed, modules=modules)
    rng, bot = random.Random(seed), BalancedBot()
    for _ in range(moves):
        legal = game.legal_actions()
        game.apply(bot.choose(game.view(game.current_player), legal) if rng.random() < 0.5
                   else rng.choice(legal))
    view = game.view(game.players[seed % players])
    dealt, searched = [], []
    for sample_seed in TRIED:
        (searched if _searched(view, sample_seed) else dealt).append(sample_seed)
    samples = []
    for sample_seed in dealt[:3] + searched[:3]:
        save = json.loads(determinize(view, sample_seed).to_json())
        del save["events"]
        samples.append({"seed": str(sample_seed), "searched": sample_seed in searched,
                        "save": save})
    return {"public": view.public.text, "samples": samples}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, *args in CASES:
        found = case(*args)
        (OUT / f"{name}.json").write_text(json.dumps(found, sort_keys=True) + "\n")
        searched = sum(s["searched"] for s in found["samples"])
        print(f"{name}: {len(found['samples'])} samples, {searched} searched")


if __name__ == "__main__":
    main()
