"""Soak the compiled core against the Python engine: thousands of lockstep games.

Each game is seeded and played at random on a `Game` and a `Simulator` together (the
legal lists compared at every action, the saves every 25 actions and at the end), for
every player count from 2 to 6 (two with Dirk) and both end triggers, with the modules
the core holds (`sim.core_modules`), in turn by blocks of 20 games: none, each module
alone, a random subset, all of them; every fifth game starts the core from the Python
game at a random position (`Simulator.from_game`). One row per game is appended to
``core/soak/lockstep.csv`` (game, players, trigger, modules, start, actions, ok,
difference), so a run that stops goes on where it stopped::

    python tools/soak_core.py --games 2000          # resumable; progress on stderr
    python tools/soak_core.py --first 3000 --games 2000   # 2000 more, from game 3000
    python tools/soak_core.py --first 20000 --games 400 --with bazaars  # a module in each

``--with MODULE`` adds the module to every game's modules (so its blocks are the module
alone, with each other module, with a random subset, with all): a soak of a module just
brought into the core.

The modules of a game follow from its id and the core's modules at the time it ran: the
row says which were played.
"""

from __future__ import annotations

import argparse
import csv
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from alhambra_lib import Game  # noqa: E402
from alhambra_lib.sim import Simulator, core_info, core_modules  # noqa: E402

OUT = ROOT / "core" / "soak" / "lockstep.csv"
NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve", "Fay")
COLUMNS = ("game", "players", "trigger", "modules", "start", "actions", "ok", "difference")


def setting(game_id: int, with_module: str | None = None
            ) -> tuple[int, str, tuple[str, ...], int]:
    """(players, end trigger, modules, actions played before the core takes over) of game
    `game_id` (`options` gives its module options), `with_module` added to its modules."""
    players = 2 + game_id % 5
    trigger = "bag_empty" if game_id // 5 % 4 == 3 else "market_short"
    held = core_modules()
    rng = random.Random(f"modules {game_id}")
    subset = tuple(m for m in held if rng.random() < 0.5)
    modules = ((), *((m,) for m in held), subset, held)[game_id // 20 % (len(held) + 3)]
    if with_module is not None:
        modules = tuple(m for m in held if m in modules or m == with_module)
    start = random.Random(-game_id).randrange(300) if game_id % 5 == 4 else 0
    return players, trigger, modules, start


def options(game_id: int, modules: tuple[str, ...]) -> dict[str, bool]:
    """The module options of game `game_id`: every option the core holds set in every
    other game with its module."""
    options = {"thief_not_by_finisher": "thieves", "gates_all_six": "gates",
               "bazaars_distributed": "bazaars", "walls_piles_2_to_4": "city_walls",
               "experimental": "characters", "merchant_final_only": "street_merchant"}
    return {option: True for option, module in options.items()
            if module in modules and game_id % 2}


def play(game_id: int, with_module: str | None = None) -> dict[str, object]:
    """One lockstep game; the row of the CSV."""
    players, trigger, modules, start = setting(game_id, with_module)
    chosen = options(game_id, modules)
    game = Game(NAMES[:players], seed=game_id, end_trigger=trigger, modules=modules, **chosen)
    choose = random.Random(game_id).choice
    for _ in range(start):
        if not game.is_over:
            game.apply(choose(game.legal_actions()))
    simulated = Simulator.from_game(game) if start else \
        Simulator(NAMES[:players], seed=game_id, end_trigger=trigger, modules=modules, **chosen)
    row: dict[str, object] = {"game": game_id, "players": players, "trigger": trigger,
                              "modules": " ".join([*modules, *chosen]), "start": start, "actions": 0, "ok": True, "difference": ""}

    def differ(what: str) -> dict[str, object]:
        return {**row, "ok": False, "difference": f"{what} after {row['actions']} actions"}

    if simulated.to_json() != game.to_json():
        return differ("the save")
    while not game.is_over:
        legal = game.legal_actions()
        if simulated.legal_actions() != legal:
            return differ("the legal actions")
        action = choose(legal)
        game.apply(action)
        simulated.apply(action)
        row["actions"] = int(row["actions"]) + 1  # type: ignore[call-overload]
        if row["actions"] % 25 == 0 and simulated.to_json() != game.to_json():  # type: ignore[operator]
            return differ("the save")
    if simulated.to_json() != game.to_json() or not simulated.is_over:
        return differ("the final save")
    return row


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="games in all (resumed)")
    parser.add_argument("--first", type=int, default=0, help="the first game's id")
    parser.add_argument("--with", dest="with_module", metavar="MODULE",
                        help="a module the core holds, added to every game's modules")
    args = parser.parse_args(argv)
    if core_info()["engine"] != "native":
        print(f"no core: {core_info()['reason']}", file=sys.stderr)
        return 2
    if args.with_module is not None and args.with_module not in core_modules():
        print(f"the core does not hold {args.with_module!r}", file=sys.stderr)
        return 2
    OUT.parent.mkdir(parents=True, exist_ok=True)
    done = set()
    if OUT.exists():
        with OUT.open() as file:
            done = {int(r["game"]) for r in csv.DictReader(file)}
    wanted = range(args.first, args.first + args.games)
    todo = [g for g in wanted if g not in done]
    began = time.monotonic()
    with OUT.open("a", newline="") as file:
        writer = csv.DictWriter(file, COLUMNS)
        if not done:
            writer.writeheader()
        for k, game_id in enumerate(todo, 1):
            writer.writerow(play(game_id, args.with_module))
            file.flush()
            if k % 50 == 0 or k == len(todo):
                rate = k / (time.monotonic() - began)
                print(f"{args.games - len(todo) + k}/{args.games} games, {rate:.1f} a second",
                      file=sys.stderr)
    with OUT.open() as file:
        rows = list(csv.DictReader(file))
    bad = [r for r in rows if r["ok"] != "True"]
    print(f"{len(rows)} lockstep games, {sum(int(r['actions']) for r in rows)} actions, "
          f"{len(bad)} with a difference")
    for row in bad[:10]:
        print(f"  game {row['game']}: {row['difference']}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
