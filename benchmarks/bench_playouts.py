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

Times are CPU time (``time.process_time``), so other work on the machine matters less.
Run as a plain script::

    python benchmarks/bench_playouts.py [--games 6] [--playouts 20] [--repo PATH]

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


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=6, help="seeded games per row")
    parser.add_argument("--playouts", type=int, default=20, help="playouts per mid-game state")
    parser.add_argument("--repo", default=str(Path(__file__).resolve().parent.parent),
                        help="the checkout whose alhambra_lib is measured")
    args = parser.parse_args(argv)
    Game, every_module = _import_library(args.repo)
    print(f"alhambra_lib from {args.repo}; 3 players; CPU time")
    rows = {"base": (), "all 16": every_module}
    action_us = {}
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
    print(f"per action, all 16 modules / base: {action_us['all 16'] / action_us['base']:.2f}x")


if __name__ == "__main__":
    main()
