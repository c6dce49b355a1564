"""Speed of the GameTable: how long a click takes to answer, and how much it sends.

Run ``python benchmarks/bench_table.py``. A table of "You" against two GreedyBots
(seed 1) is played to the end, the moves chosen by a GreedyBot in your seat; each
sample times everything the table does in answer, as a click runs it in the kernel:

* ``your move``: `GameTable.apply` of your move, the bots' answers until it is your
  turn again (all at once), and the table shown again;
* ``pick a square``: a click on a market square (the payments offered, the board and
  the market shown again; nothing played);
* ``undo``: a move that reveals nothing (a buy), then undo; the pair, halved;
* ``hint``: `GameTable.hint`, a GreedyBot's choice shown.

It also counts the widget messages a move sends to the browser (each changed trait of
each widget is one) and their bytes: only the parts that changed are sent.

Target from the issue: at most 150 ms median per move. Before the table was drawn
with buttons (the whole table one matplotlib PNG, redrawn on every move), a move took
about 550 ms (0.3-1.4 s) on a quiet machine. Measured on the same shared machine
(2 cores, load 3 to 9) with the same game and moves, the old table took 1.4 s median per
move (max 3.0 s) at load 6, 2.8 s (max 4.7 s) at load 9; this one 9 ms median (p90 22 ms,
max 48 ms) at load 3 and 62 ms median (p90 106 ms, max 156 ms) at load 9. A click on a
square takes 1-8 ms, undo 9-49 ms, the hint 3-24 ms; a move sends about 15 widget
messages (15 kB). The drawing of a scoring round (`draw_majorities`, about 0.5 s) is
made only when asked for.

With every module move a few clicks on its pieces (issue 20), measured back to back with
the table before at load 6: the base game 6.7 ms median per move (before 6.6 ms), a
square 0.6 ms (0.4), undo 4.4 ms (4.5), the hint 2.3 ms (1.0: it now follows the move's
click path); 36 messages (17 kB) a move (before 15, 14 kB: your cards are buttons now).
A game with all 16 modules (the second block, new): 8.8 ms median per move (p90 22 ms),
the hint 6 ms (max 148 ms), 33 messages (13 kB).

A wall card's sticks by a click on a tile's side, a gate by a click on the double wall
(side buttons laid over the board's squares), measured three times each, alternating with
the table before, at load 5: the base game 6.9-8.4 ms median per move (before 5.8-8.4),
all 16 modules 6.2-13.4 ms (before 8.9-10.6), the hint the same; the same 36 and 33
messages a move (at most 202 rather than 188: each square is placed on the grid once).

Each player's pieces drawn (vizier tokens, bonus cards, thieves, characters, coins,
scouts and attacks as buttons rather than sentences), back to back with the table before
at load 3: the base game 5.9 ms median per move (before 5.5), all 16 modules 10.4 ms
(before 7.9), undo 13.6 ms (9.4), the hint 5.6 ms (3.7); 42 messages (13.5 kB) a move
with all 16 (before 32, 13.1 kB). Run again with the vizier token clickable: 4.6 ms
(base) and 6.3 ms (all 16) median per move, 40 messages (13.5 kB).

The table's model apart from its widget (issue 21: `alhambra_lib.table.TableSession`, the
view built once per redraw, a selection's matches once per click), back to back with the
table before at load 11: the base game 26.7 ms median per move (before 28.1), all 16
modules 43.2 ms (35.1), wall-clock medians that the load swings by half; in CPU time
(`time.process_time`, medians over the same game, twice each) a redraw with all 16 modules
1.27-1.32 ms (before 1.56-1.65), a square 1.66-1.74 ms (1.94-1.96), a move 5.35-5.49 ms
(5.71-5.93); the base game the same within 0.1 ms. The same 35 and 44 messages a move.
"""

import os
import statistics
import warnings
import sys
import time
from pathlib import Path

os.environ.setdefault("MPLBACKEND", "Agg")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import ipywidgets

from alhambra_lib import Game
from alhambra_lib.actions import Buy
from alhambra_lib.bots import GreedyBot
from alhambra_lib.modules import MODULES
from alhambra_lib.widgets import GameTable

TARGET_MS = 150


class Sent:
    """Counts the messages (and their bytes) widgets send, by wrapping `Widget._send`."""

    def __init__(self):
        self.messages = self.bytes = 0
        original = ipywidgets.Widget._send

        def counting(widget, msg, buffers=None):
            self.messages += 1
            self.bytes += len(repr(msg)) + sum(len(b) for b in buffers or ())
            return original(widget, msg, buffers)

        ipywidgets.Widget._send = counting

    def since(self, mark):
        return self.messages - mark[0], self.bytes - mark[1]

    def mark(self):
        return self.messages, self.bytes


def timed(action):
    start = time.perf_counter()
    action()
    return (time.perf_counter() - start) * 1000


def measure(seed=1, modules=()):
    sent = Sent()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # provisional module data
        game = Game(["You", "Greedy 1", "Greedy 2"], seed=seed, modules=modules)
    table = GameTable(game)
    adviser = GreedyBot()
    results = {"your move": [], "pick a square": [], "undo": [], "hint": []}
    traffic = []
    while not table.game.is_over:
        game = table.game
        legal = game.legal_actions()
        results["pick a square"].append(timed(lambda: table.click_square(1)))
        results["hint"].append(timed(table.hint))
        buy = next((a for a in legal if isinstance(a, Buy)), None)
        if buy is not None:
            results["undo"].append(timed(lambda b=buy: (table.apply(b), table.undo())) / 2)
        choice = adviser.choose(game.view("You"), legal)
        mark = sent.mark()
        results["your move"].append(timed(lambda c=choice: table.apply(c)))
        traffic.append(sent.since(mark))
    return results, traffic


def main():
    for modules in ((), tuple(MODULES)):
        report(*measure(modules=modules), "" if not modules else ", all 16 modules")


def report(results, traffic, what):
    print(f"GameTable, a whole game of You against two GreedyBots{what} "
          f"({len(results['your move'])} of your moves); target {TARGET_MS} ms median")
    for name, samples in results.items():
        ordered = sorted(samples)
        p90 = ordered[int(0.9 * (len(ordered) - 1))]
        print(f"  {name:14s} median {statistics.median(samples):6.1f} ms   "
              f"p90 {p90:6.1f} ms   max {max(samples):6.1f} ms")
    messages = [m for m, _ in traffic]
    sizes = [b for _, b in traffic]
    print(f"  sent per move: median {statistics.median(messages):.0f} messages, "
          f"{statistics.median(sizes) / 1000:.1f} kB (max {max(messages)}, "
          f"{max(sizes) / 1000:.1f} kB)")


if __name__ == "__main__":
    main()
