"""The engine as a simulator: playouts, copies and actions per CPU-second.

Search bots and studies copy a game and play it out many times. This measures:

* **playouts per CPU-second from mid-game**: a seeded random game is played to half its
  length; from there each playout is ``copy()`` followed by uniform random legal play to
  the end (the mean playout length is printed, so a change of action space shows);
* **copy** of a game at its start and at its end (a long event log), median µs;
* **per action** (``legal_actions()`` + ``apply``) in the base game and with all 16
  modules, median µs, and their ratio;
* **saving after every action**: CPU seconds of one seeded game with ``to_json()``
  after each action (the saving alone; a game's log grows, so a save that rewrites
  every event is quadratic).

With ``--core``, the compiled core (`alhambra_lib.sim.Simulator`) in the same run, from
the same mid-game states: its playouts per CPU-second (the same random choices as the
Python loop, inside the core), the cost of one action inside those playouts (listing +
apply), a copy as a playout makes one, `Simulator.from_game`, and one tile's legal
placements in a mid-game Alhambra, each beside the Python engine's figure. The core's
copy and placement figures are timed inside the core (a loop of 1,000, wall clock on one
thread): one call from Python costs more than the work.

Times are CPU time (``time.process_time``), so other work on the machine matters less.
Run as a plain script::

    python benchmarks/bench_playouts.py [--games 6] [--playouts 20] [--repo PATH] [--core]
                                        [--module NAME ...]

``--module NAME`` (or ``--with NAME``) adds a row of games with that module alone (with
``--core``, measured in the core too, with the cost of one random draw at a big hand's
decision): the figures of a module just brought into the core.

``--repo PATH`` measures the library in another checkout (e.g. a ``git worktree`` of an
older commit), so an old and a new engine can be compared in one run.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import warnings
from pathlib import Path

NAMES = ("Ana", "Ben", "Cy")


def _import_library(repo):
    sys.path.insert(0, str(Path(repo).resolve()))
    # The Mega Box placeholders' warning says nothing about speed.
    warnings.filterwarnings("ignore", message=".*provisional")
    from alhambra_lib import Game
    from alhambra_lib.modules import MODULES

    return Game, tuple(MODULES)


def random_game(Game, seed, modules, stop_after=None):
    """A seeded 3-player game played at random; stopped after `stop_after` actions."""
    game = Game(NAMES, seed=seed, modules=modules)
    choose = random.Random(seed).choice
    done = 0
    while not game.is_over and (stop_after is None or done < stop_after):
        game.apply(choose(game.legal_actions()))
        done += 1
    return game, done


def mid_game(Game, seed, modules):
    """The state halfway through a seeded random game."""
    _, length = random_game(Game, seed, modules)
    return random_game(Game, seed, modules, stop_after=length // 2)[0]


def hoarding_game(Game, seed, modules, cards=28):
    """A seeded game where everyone takes money (the first take listed) and nothing else
    while they can, until the player to act holds `cards` cards: a big hand's decision."""
    game = Game(NAMES, seed=seed, modules=modules)
    choose = random.Random(seed).choice
    while not game.is_over:
        legal = game.legal_actions()
        decision = game.decision
        if decision.kind == "act" and len(game.hand(decision.player)) >= cards:
            break
        takes = [a for a in legal if a.kind == "take"]
        game.apply(takes[0] if takes else choose(legal))
    return game


def playouts(start, count, seed):
    """(CPU seconds, actions) of `count` playouts from `start`: copy, then random play."""
    choose = random.Random(seed).choice
    actions = 0
    began = time.process_time()
    for _ in range(count):
        game = start.copy()
        while not game.is_over:
            game.apply(choose(game.legal_actions()))
            actions += 1
    return time.process_time() - began, actions


def playout_rate(Game, modules, games, count):
    """(playouts per CPU-second, mean playout length) from the middle of `games` games."""
    seconds = steps = 0
    for seed in range(games):
        spent, actions = playouts(mid_game(Game, seed, modules), count, seed)
        seconds += spent
        steps += actions
    return games * count / seconds, steps / (games * count)


def copy_cost(game, repeats=30):
    """Median CPU µs of ``game.copy()``."""
    times = []
    for _ in range(repeats):
        began = time.process_time()
        game.copy()
        times.append(time.process_time() - began)
    return statistics.median(times) * 1e6


def per_action(Game, modules, games):
    """Median CPU µs of one action (legal_actions + apply) over seeded random games."""
    clock = time.process_time
    times = []
    for seed in range(games):
        game = Game(NAMES, seed=seed, modules=modules)
        choose = random.Random(seed).choice
        while not game.is_over:
            began = clock()
            game.apply(choose(game.legal_actions()))
            times.append(clock() - began)
    return statistics.median(times) * 1e6


def save_every_action(Game, modules, seed=0):
    """CPU seconds spent in ``to_json()`` after every action of one seeded random game."""
    game = Game(NAMES, seed=seed, modules=modules)
    choose = random.Random(seed).choice
    spent = 0.0
    while not game.is_over:
        game.apply(choose(game.legal_actions()))
        began = time.process_time()
        game.to_json()
        spent += time.process_time() - began
    return spent


def core_playouts(Simulator, Game, modules, games, count):
    """(playouts per CPU-second, µs per action) of the core from the same mid-game states
    as `playout_rate`, the choices drawn as there."""
    seconds = steps = 0
    for seed in range(games):
        simulated = Simulator.from_game(mid_game(Game, seed, modules))
        began = time.process_time()
        _, actions = simulated._core.playouts(count, seed)
        seconds += time.process_time() - began
        steps += actions
    return games * count / seconds, seconds / steps * 1e6


def median_cpu_us(work, repeats=30):
    """Median CPU µs of `work()`."""
    times = []
    for _ in range(repeats):
        began = time.process_time()
        work()
        times.append(time.process_time() - began)
    return statistics.median(times) * 1e6


def python_placement_us(game, repeats=200):
    """Median µs of one tile's legal cells in the mid-game Alhambra of the player to act,
    each asked of a fresh copy (no listing cached)."""
    alhambra = game.alhambra(game.players[0])
    tile = game.market[0][1] or next(t for _, t in game.market if t is not None)
    copies = [alhambra.copy() for _ in range(repeats)]
    times = []
    for copy in copies:
        began = time.perf_counter()
        copy.placement_cells(tile)
        times.append(time.perf_counter() - began)
    return statistics.median(times) * 1e6


def core_report(Game, modules, games, count, python_rate, python_action_us):
    """Print the core's rows beside the Python engine's; its µs per action."""
    from alhambra_lib.sim import Simulator, _TILE_IDS, core_info, core_modules

    info = core_info()
    if info["engine"] != "native":
        print(f"   core: not in use ({info['reason']})")
        return None
    missing = [m for m in modules if m not in core_modules()]
    if missing:
        print(f"   core: does not hold {', '.join(missing)}")
        return None
    rate, action_us = core_playouts(Simulator, Game, modules, games, count)
    middle = mid_game(Game, 0, modules)
    simulated = Simulator.from_game(middle)
    tile = next(t for _, t in middle.market if t is not None)
    print(f"   core: {rate:8.1f} playouts/CPU-s from the same states ({rate / python_rate:.0f}x "
          f"the Python engine); {action_us:.2f} µs per action inside playouts "
          f"({python_action_us / action_us:.0f}x); copy {simulated._core.time_clone(31) / 1000:.3f} µs "
          f"(Python {copy_cost(middle):.1f} µs); from_game "
          f"{median_cpu_us(lambda: Simulator.from_game(middle)) / 1000:.2f} ms; one tile's legal "
          f"placements {simulated._core.time_placements(0, _TILE_IDS[tile], 31) / 1000:.3f} µs "
          f"(Python {python_placement_us(middle):.1f} µs), {len(middle.alhambra(middle.players[0]))}"
          "-tile Alhambra")
    return action_us


def draw_report(Game, modules):
    """Print the core's cost of one random draw at a big hand's decision: every legal
    action listed and one indexed, against the playouts' draw (`Game::random_action`)."""
    from alhambra_lib.sim import Simulator

    game = hoarding_game(Game, 0, modules)
    simulated = Simulator.from_game(game)
    listed, drawn = (simulated._core.time_draw(listing, 31) / 1000 for listing in (True, False))
    print(f"   core: one draw at a {len(game.hand(game.decision.player))}-card hand's decision "
          f"({len(game.legal_actions())} legal actions): {listed:.2f} µs listing them, "
          f"{drawn:.2f} µs as the playouts draw")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=6, help="seeded games per row")
    parser.add_argument("--playouts", type=int, default=20, help="playouts per mid-game state")
    parser.add_argument("--repo", default=str(Path(__file__).resolve().parent.parent),
                        help="the checkout whose alhambra_lib is measured")
    parser.add_argument("--core", action="store_true",
                        help="also measure the compiled core (alhambra_lib.sim) in the same run")
    parser.add_argument("--module", "--with", dest="module", action="append", default=[],
                        metavar="NAME", help="a row of games with this module alone (repeatable)")
    args = parser.parse_args(argv)
    Game, every_module = _import_library(args.repo)
    print(f"alhambra_lib from {args.repo}; 3 players; CPU time")
    rows = {"base": (), "all 16": every_module, **{name: (name,) for name in args.module}}
    if args.core:
        from alhambra_lib.sim import core_modules

        if set(core_modules()) != set(every_module):  # a core that holds only some
            rows["in core"] = core_modules()
    action_us, core_us = {}, {}
    for label, modules in rows.items():
        rate, length = playout_rate(Game, modules, args.games, args.playouts)
        start = Game(NAMES, seed=0, modules=modules)
        end, _ = random_game(Game, 0, modules)
        action_us[label] = per_action(Game, modules, args.games)
        print(f"{label:>7}: {rate:8.1f} playouts/CPU-s from mid-game (mean length "
              f"{length:.1f} actions); copy {copy_cost(start):8.1f} µs at the start, "
              f"{copy_cost(end):8.1f} µs at the end ({len(end.events)} events); "
              f"{action_us[label]:6.1f} µs per action; saving after every action "
              f"{save_every_action(Game, modules):.2f} CPU-s per game")
        if args.core and (label != "all 16" or "in core" not in rows):
            core_us[label] = core_report(Game, modules, args.games, args.playouts, rate,
                                         action_us[label])
            if core_us[label] is not None and label != "base":
                draw_report(Game, modules)
    print(f"per action, all 16 modules / base: {action_us['all 16'] / action_us['base']:.2f}x")
    held = "in core" if "in core" in rows else "all 16"
    if core_us.get("base") and core_us.get(held):
        print(f"core per action, with the core's modules ({', '.join(rows[held])}) / base: "
              f"{core_us[held] / core_us['base']:.2f}x")


if __name__ == "__main__":
    main()
