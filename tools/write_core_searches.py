"""Write the searches that the compiled core replays in `cargo test`, with no Python.

Each case is a decision of a seeded game played by `BalancedBot`, as its player knows
it (`GameView.public`, the text the core reads), with what the Python engine makes of
it: the games `determinize` samples for some seeds (their draw pile and generator) and
the candidates `SearchBot`'s search judges (codes, mean margins, shares).
`core/tests/searches.rs` checks that the core samples and judges the same, float for
float. Run it again after a rule or the search changes in the Python engine::

    python tools/write_core_searches.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import alhambra_lib.bots.search as search  # noqa: E402
from alhambra_lib import Game  # noqa: E402
from alhambra_lib.bots import BalancedBot, SearchBot  # noqa: E402
from alhambra_lib.engine import determinize  # noqa: E402
from alhambra_lib.sim import _encode  # noqa: E402

OUT = ROOT / "core" / "tests" / "data" / "searches"
#: (file, players, seed, end trigger, decisions played first, level, wall weight)
CASES = (
    ("base_3p_turn_early", ("Ana", "Ben", "Cy"), 1, "market_short", 12, "medium", 1.0),
    ("base_4p_late_walls", ("Ana", "Ben", "Cy", "Dee"), 2, "bag_empty", 150, "easy", 2.0),
    ("dirk_2p", ("Ana", "Ben"), 3, "market_short", 60, "medium", 0.0),
)
SAMPLE_SEEDS = (0, 7, 2**40 + 3)


def case(players, seed, end_trigger, played, level, weight) -> dict:
    """The case's decision and what the Python engine makes of it."""
    game, bot = Game(list(players), seed=seed, end_trigger=end_trigger), BalancedBot()
    for _ in range(played):
        game.apply(bot.choose(game.view(game.current_player), game.legal_actions()))
    while len(game.legal_actions()) == 1:
        game.apply(game.legal_actions()[0])
    view = game.view(game.current_player)
    searcher = SearchBot(level, seed=seed, wall_weight=weight)
    budget = searcher.budget
    search.core_search = lambda *args, **kwargs: None  # the Python engine's own search
    judged = searcher._search(view, game.legal_actions())
    samples = []
    for sample_seed in SAMPLE_SEEDS:
        sampled = json.loads(determinize(view, sample_seed).to_json())
        samples.append({"seed": str(sample_seed), "draw_pile": sampled["draw_pile"],
                        "rng": sampled["rng"]})
    return {"public": view.public.text, "player": view.player,
            "decision_seed": searcher._decision_seed(view),
            "samples_per_decision": budget.samples_for(len(view.players)),
            "keep": budget.candidates, "horizon": budget.horizon, "wall_weight": weight,
            "judged": [[str(_encode(a)), margin, share] for a, margin, share in judged],
            "samples": samples}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, *spec in CASES:
        (OUT / f"{name}.json").write_text(json.dumps(case(*spec), indent=0) + "\n")
        print(f"wrote {name}")


if __name__ == "__main__":
    main()
