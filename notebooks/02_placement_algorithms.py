# ---
# jupyter:
#   alhambra:
#     paths:
#     - learn
#     - analyse
#     purpose: See how the library finds where a tile may go, step by step on the board.
#     reading_minutes: 25
#   jupytext:
#     formats: ipynb,py:percent
#     notebook_metadata_filter: alhambra,-kernelspec,-jupytext.text_representation.jupytext_version
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
# ---

# %% [markdown]
# # Where may a tile go? The graph algorithms of placement
#
# A tile bought in *Alhambra* goes into the buyer's Alhambra on a cell the building rules
# allow (RULES.md §6). Three of the five rules are easy to state and easy to check:
# the tile is never rotated, its touching sides match its neighbours' (wall against
# wall, open against open), and it shares a whole side with a built cell. The other two
# are about the whole Alhambra:
#
# * **reachable**: a person must be able to walk from the fountain to the new tile,
#   from tile to tile through open sides;
# * **no hole**: no empty area may be enclosed by the Alhambra.
#
# Both are questions about *graphs*, and both are answered by *breadth-first search*.
# This notebook builds them up from the definitions, proves why each whole-Alhambra
# question has a cheap *local* answer on a legal Alhambra, checks the proofs on
# thousands of random cases, shows what a legal-cell query costs, and ends with the same
# rule written as operations on bits, the way the project's compiled simulator runs it. Section
# numbers (§) refer to the project's rules reference (RULES.md).

# %%
# %matplotlib inline
from statistics import median
from time import perf_counter

from IPython.display import Image
from matplotlib.figure import Figure

from alhambra_lib import Tile
from alhambra_lib.draw import draw_alhambra, draw_search_step, png_of
from alhambra_lib.palette import KIND_COLOURS
from alhambra_lib.grid import ring, walls_mask
from alhambra_lib.holes import (RING_RUNS, closes_area, enclosed_cells, flood_layers,
                                makes_single_hole, ring_mask)
from alhambra_lib.reach import walk_layers
from alhambra_lib.teaching import (FIGURE_1_CELL, figure_1, figure_3,
                                   legal_positions_by_definition)
from alhambra_lib.teaching.demo import random_growth
from alhambra_lib.teaching.exercises import placement_exercises
from alhambra_lib.teaching.text import cell_list
from alhambra_lib.widgets import Exercises, SearchStepper, search_steps

# %% [markdown]
# ## 1 The grid as a graph
#
# An Alhambra lies on a square grid. A *cell* (x, y) is a unit square, x growing east
# and y north, the fountain on (0, 0). Its four *sides* N, E, S, W are the edges of the
# grid, and the integer points where sides meet are *corners* (§2).
#
# The rules speak of walking, so the natural graph has the **built cells as nodes** and
# an **edge for every shared side a person can walk through**: both tiles open on it.
# Every Alhambra of the library keeps that graph up to date as tiles come and go. Here
# is figure 3 of the rules: the fountain and four tiles.

# %%
fig3 = figure_3()
draw_alhambra(fig3).figure

# %% [markdown]
# Five nodes, but only four edges. Cells (1, 0) and (1, 1) share a side, yet both have
# a wall on it (back to back): nobody walks through a wall, so there is no edge.

# %%
# NBVAL_CHECK_OUTPUT
print("nodes:", cell_list(fig3.graph.nodes))
edges = sorted(tuple(sorted(edge)) for edge in fig3.graph.edges)
print("edges:", ", ".join(f"{a}–{b}" for a, b in edges))

# %% [markdown]
# ## 2 Reachability by breadth-first search
#
# *Can a person walk from the fountain to every tile?* is *is the graph connected?*
# Breadth-first search answers it in layers: layer 0 is the fountain, layer k the tiles
# k steps away, found through the open sides of layer k − 1. Each tile joins the first
# layer that touches it, so every node and edge is looked at once: O(tiles + open
# sides). Here are the layers of figure 3, each sorted.

# %%
# NBVAL_CHECK_OUTPUT
for k, layer in enumerate(walk_layers(fig3.graph)):
    print(f"layer {k}: {cell_list(layer)}")

# %% [markdown]
# Tile (1, 1) is two steps away although it touches (1, 0), one step away: the double
# wall sends the walker round through (0, 1). Here is the search step by step: the
# newest layer in orange, earlier ones in teal, and the graph's edges as short lines
# across the open sides, dark once both their tiles are reached.

# %%
steps = search_steps(fig3, "walk")
figure = Figure(figsize=(13, 3.2))
for ax, step in zip(figure.subplots(1, len(steps)), steps):
    draw_search_step(fig3, ax, **step.overlay(), legend=False)
Image(png_of(figure))

# %% [markdown]
# ### Why reachability is a local test
#
# On a legal Alhambra every tile is already reachable. A new tile t on cell c is then
# reachable **exactly when t shares an open side with one of its built neighbours**
# (open on both tiles). If it does, walk to that neighbour and step through. If it does
# not, every path into c must cross one of c's sides, and each is either walled or
# leads to an empty cell, where nobody walks. So one look at c's four sides replaces
# the search. And adding a tile only adds nodes and edges to the graph, so a placement
# never cuts another tile off.
#
# The search itself is still needed where the layout changes the other way: removing a
# tile (§7) can cut the graph, which the library finds with Tarjan's depth-first search
# for cut vertices: the tiles whose removal would cut others off.
#
# Step through the search yourself. The widget below starts on a bigger Alhambra; the
# buttons on top switch to the flood fill of the next section.

# %%
SearchStepper()

# %% [markdown]
# ## 3 Holes by flood fill from outside
#
# The fifth rule forbids an *enclosed* empty area: after placing the tile, every empty
# cell must be linked, through sides of empty cells (never through a corner), to the
# outside. Take the bounding box of the built cells, grown by one cell: its border is
# empty and outside. Flood the empty cells breadth first from that whole border at
# once; **the empty cells the flood never reaches are enclosed**.
#
# Figure 1 of the rules shows why the rule says *area*, not *cell*: a tile on ? (3, 0)
# would close a bay of two empty cells, (1, 0) and (2, 0). Neither has four built
# neighbours, and the corner cell (3, 1) stays empty: empty cells never connect through
# a corner. The official rule (no enclosed area) forbids the tile; the literal reading
# of some translations (the *single-cell* reading: a hole is one empty cell with four
# built side-neighbours) allows it. Under that reading we can place it and watch the
# flood miss the bay.

# %%
bay = figure_1("single")
bay.place(Tile("garden", 11, ""), FIGURE_1_CELL)
steps = search_steps(bay, "flood")
figure = Figure(figsize=(12, 3.6))
for ax, step in zip(figure.subplots(1, len(steps)), steps):
    draw_search_step(bay, ax, **step.overlay(), legend=False)
Image(png_of(figure))

# %%
# NBVAL_CHECK_OUTPUT
for k, layer in enumerate(flood_layers(bay.layout)):
    print(f"flood layer {k}: {len(layer):2} reached")
print("never reached (enclosed):", cell_list(enclosed_cells(bay.layout)))

# %% [markdown]
# The flood costs O(w · h) for a w × h box: fine for checking a whole layout once, too
# much to run for every frontier cell and every tile a player or a bot considers.

# %% [markdown]
# ## 4 Why a local test around the new tile suffices
#
# Look at the eight cells around c, clockwise from north: N, NE, E, SE, S, SW, W, NW
# (its *ring*). **Consecutive cells of this ring share a side.** Split the ring into
# *runs* of consecutive built cells. On a legal Alhambra (every tile reachable, nothing
# enclosed), building c encloses an area **exactly when the built ring cells form two
# or more runs**. The proof:
#
# * **One run.** Then the empty ring cells form one run too, linked to each other by
#   sides. Before c was built every empty cell reached the outside; a path that went
#   through c entered and left it through empty ring cells, and can go round the ring
#   instead. So every empty cell still reaches the outside: no hole.
# * **Two or more runs.** Ring cells alternate between side-neighbours of c and
#   diagonal ones, so a run holds a side-neighbour of c or is a lone diagonal cell.
#   Take two runs that both hold side-neighbours of c: every tile reaches the fountain,
#   so a chain of side-neighbouring tiles joins them, and chain plus c is a closed
#   curve. Going round the ring from one run to the other, either way, passes an empty
#   ring cell, so there are empty cells on both sides of the curve. Empty cells link
#   only through sides, and no side crosses a chain of side-neighbouring tiles, so the
#   empty cells on the inner side are enclosed. A lone diagonal cell D is the same
#   story in small: D and c touch at a corner only, a *pinch*; a chain of tiles from D
#   to a built side-neighbour of c closes, with c, a curve around one of the two empty
#   cells of the pinch (§8.4).
#
# The cost is one look at eight cells, O(1); the library even precomputes the number of
# runs of all 256 ring patterns. At figure 1's ?, the built ring cells
# are S and SW, one run, and NW, another: two runs, so a hole.

# %%
# NBVAL_CHECK_OUTPUT
built = set(figure_1().layout)
names = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
print("built ring cells:",
      ", ".join(name for name, cell in zip(names, ring(FIGURE_1_CELL)) if cell in built))
print("runs:", RING_RUNS[ring_mask(FIGURE_1_CELL, built)], "-> closes an area:",
      closes_area(FIGURE_1_CELL, built))

# %% [markdown]
# A proof is good; a proof that survives an experiment is better. Grow random legal
# Alhambras from the 54 real tiles (ten seeds, each grown until no tile fits) and, at
# every stage, ask both questions for every frontier cell: does the local test say the
# cell closes an area, and does the flood fill find an enclosed cell once it is built?

# %%
checks = disagreements = 0
for seed in range(10):
    for alhambra in random_growth(seed):
        built = set(alhambra.layout)
        for cell in alhambra.frontier():
            checks += 1
            disagreements += closes_area(cell, built) != bool(enclosed_cells(built | {cell}))

# %%
# NBVAL_CHECK_OUTPUT
print(f"{checks} frontier cells checked, {disagreements} disagreements")

# %% [markdown]
# The proof leaned on legality. Under the single-cell reading an Alhambra may already
# enclose an area, and the local test no longer tells whether a tile *adds* one: build
# into an enclosed bay, or beside one, and the ring may have two runs while the curve
# through c surrounds only cells that were enclosed before. The same experiment,
# counting *new* enclosed cells, finds the two tests disagreeing, always in that way.

# %%
checks = disagreements = 0
for seed in range(10):
    for alhambra in random_growth(seed, hole_rule="single"):
        built = set(alhambra.layout)
        before = enclosed_cells(built)
        for cell in alhambra.frontier():
            checks += 1
            new = enclosed_cells(built | {cell}) - before
            disagreements += closes_area(cell, built) != bool(new)
print(f"single-cell reading: {checks} frontier cells checked, {disagreements} disagreements")

# %% [markdown]
# ## 5 The single-cell reading against the enclosed-area rule
#
# The single-cell test is local too: only c's four side-neighbours can become empty
# cells with four built side-neighbours. On figure 1 the two
# readings part ways.

# %%
# NBVAL_CHECK_OUTPUT
closing = Tile("garden", 11, "")
for rule in ("enclosed", "single"):
    verdict = figure_1(rule).check(closing, FIGURE_1_CELL)
    print(f"{rule:9} {FIGURE_1_CELL}: {', '.join(verdict.reasons) or 'legal'}")

# %% [markdown]
# How often does that matter? On the random legal growths of section 4, count the frontier
# cells that close an area, and among them those the single-cell reading lets through
# (no single empty cell gets four built neighbours): bays of two or more cells and
# pinches.

# %%
# NBVAL_CHECK_OUTPUT
closing_cells = allowed = 0
for seed in range(10):
    for alhambra in random_growth(seed):
        built = set(alhambra.layout)
        for cell in alhambra.frontier():
            if closes_area(cell, built):
                closing_cells += 1
                allowed += not makes_single_hole(cell, built)
print(f"{closing_cells} frontier cells close an area; the single-cell reading allows {allowed}")

# %% [markdown]
# ## 6 Legal cells, their cost, and incremental updates
#
# *Where may this tile go?* The library answers with its legal cells. The candidates are
# the **frontier**: the empty cells sharing a side with a built one (a tile anywhere
# else breaks rule 4). On figure 3, the 10-garden with a wall on its west side fits on
# four of the nine frontier cells; the drawing writes the reason codes on the others.

# %%
garden = Tile("garden", 10, "W")
draw_alhambra(fig3, legal_for=garden, explain_for=garden).figure

# %% [markdown]
# Every rule is now local to the frontier cell c: the walls of its built neighbours,
# their open sides, and the ring of eight around it. The Alhambra keeps, for every
# frontier cell, three small facts, each a set of the sides N, E, S, W stored as four
# bits (1, 2, 4 and 8):
#
# * *built*: the sides of c with a built neighbour;
# * *facing*: those of them whose neighbour has a wall facing c;
# * *hole*: whether building c closes an area (the ring test of section 4).
#
# With the tile's own walls as a set of sides too, each rule is one test on four bits:
# the walls match when, on every built side, the tile has a wall exactly where the
# neighbour has one facing it; and the tile is reachable when some built side has a
# wall on neither tile. For cell (2, 1) of figure 3, read off the drawing: built
# neighbours S and W, and (1, 1) has a wall on its east side, facing c.

# %%
# NBVAL_CHECK_OUTPUT
built_sides, facing, mask = walls_mask("SW"), walls_mask("W"), garden.mask
print("walls match:", (mask ^ facing) & built_sides == 0)
print("an open side to walk through:", built_sides & ~mask & ~facing != 0)
print("library:", ", ".join(fig3.check(garden, (2, 1)).reasons) or "legal")

# %% [markdown]
# **Incremental updates.** Placing or removing a tile at c changes the facts of few
# cells: the frontier gains or loses c's side-neighbours, and the ring test reads only
# the eight cells around, so the Alhambra drops the facts of the 3 × 3 block around c
# (of every cell within two steps under the single-cell rule, whose test looks at the
# neighbours' neighbours) and recomputes each on the next query that needs it. Every
# change also counts up the Alhambra's version number, so a program using it can keep
# its own answers per layout. A query is then one bit test per frontier cell:
# O(frontier) per query, O(1) work per change.

# %%
# NBVAL_CHECK_OUTPUT
growing = figure_3()
before, frontier_before = growing.version, len(growing.frontier())
growing.place(garden, (2, 1))
print(f"version +{growing.version - before}, "
      f"frontier {frontier_before} -> {len(growing.frontier())} cells")

# %% [markdown]
# What does it buy? Grow a random Alhambra of 40 tiles and, after every placement, ask
# for the legal cells of one tile twice: with the cached facts, and *by the definition*
# (for each frontier cell, build the whole layout with the tile added and check it
# from scratch: every shared side compared,
# breadth-first search from the fountain, flood fill from outside). The timings depend
# on the machine; the answers must not.

# %%
probe = Tile("tower", 9, "NE")
fast, slow, agree = [], [], 0
for alhambra in random_growth(seed=3, tiles=40):
    t0 = perf_counter()
    cached = alhambra.legal_positions(probe)
    t1 = perf_counter()
    defined = legal_positions_by_definition(alhambra, probe)
    t2 = perf_counter()
    fast.append(t1 - t0)
    slow.append(t2 - t1)
    agree += cached == defined
print(f"median after a change: legal_positions {median(fast) * 1e6:.0f} µs, "
      f"by the definition {median(slow) * 1e3:.1f} ms ({median(slow) / median(fast):.0f}× slower)")

# %%
# NBVAL_CHECK_OUTPUT
print(f"the two answers agree after {agree} of {len(fast)} placements")

# %% [markdown]
# ## 7 The same rule as bit operations: how the simulator does it
#
# Section 6 asks its questions cell by cell. A simulator that plays thousands of games a
# second (the project's compiled core) asks them for **every cell at once**. Number the
# cells, give each a bit of one big integer, and a set of cells is a number: union,
# intersection and complement are single operations on it. Because the cell north of
# (x, y) is always the next bit, and the cell east of it always a fixed number of bits
# further, a *shift* moves every cell of a set to its neighbour at once.
#
# The library's *CellBits* keeps an Alhambra that way: one integer for the built cells, and one per
# side for the built cells with a wall on that side. From these, a few shifts give, per
# side, the cells whose neighbour across that side is built with an open side facing
# them (*open*) and with a wall facing them (*closed*). For a tile with walls, each rule
# of section 6 becomes one expression over all cells:
#
# * **refused**: on some side the tile has a wall where the neighbour is open, or is
#   open where the neighbour has a wall (rule 3, the walls match);
# * **joined**: on some side both are open (rule 5: every built tile can be walked to,
#   so an open side against an open side is reachability);
# * **enclosing**: the ring of eight around the cell holds two runs of built cells or
#   more (the local hole test of section 4, with eight shifts).
#
# The legal cells are those *joined*, and not *refused*, not *enclosing*, not built. On
# figure 3, with the
# 10-garden of section 6 (a hash is a built cell, a circle a cell of the set):

# %%
from alhambra_lib.cellbits import CellBits


def bit_sets(alhambra, tile):
    """The sets of the bit rule for `tile` in `alhambra`, each an integer of cells."""
    bits = CellBits({cell: t.mask for cell, t in alhambra.layout.items()})
    refused, joined = CellBits.against(tile.mask, False, bits.sides())
    enclosing = bits.enclosing() & ~bits.built
    return bits, {"joined": joined, "refused": refused, "enclosing": enclosing,
                  "legal": joined & ~refused & ~enclosing & ~bits.built}


def legal_by_bits(alhambra, tile):
    bits, sets = bit_sets(alhambra, tile)
    return set(bits.cells(sets["legal"]))


def pictures(alhambra, tile):
    """Each set as a small map, north up, side by side."""
    bits, sets = bit_sets(alhambra, tile)
    xs = [x for x, _ in alhambra.layout]
    ys = [y for _, y in alhambra.layout]
    width = max(max(xs) - min(xs) + 3, *map(len, sets))
    rows = ["  ".join(f"{name:<{width}}" for name in sets)]
    for y in range(max(ys) + 1, min(ys) - 2, -1):
        rows.append("  ".join(
            "".join("#" if (x, y) in alhambra.layout
                    else "o" if sets[name] & bits.bit((x, y)) else "."
                    for x in range(min(xs) - 1, max(xs) + 2)).ljust(width)
            for name in sets))
    return "\n".join(rows)


# %%
# NBVAL_CHECK_OUTPUT
print(pictures(fig3, garden))
print("the bit rule:", sorted(legal_by_bits(fig3, garden)))
print("the library: ", sorted(fig3.legal_positions(garden)))

# %% [markdown]
# Four whole-board expressions replace the loop over the frontier. In Python each of
# them is still an operation on a long integer; the compiled core does the same
# operations on one 64-bit word per column of the Alhambra, so a whole query is a few
# dozen machine instructions. The three ways side by side, on the 40-tile Alhambra of
# section 6 as it grows (the definition is left out: it is a thousand times slower
# still). The times depend on the machine; the answers must not.

# %%
from alhambra_lib.sim import core_info, core_legal_cells, core_legal_cells_seconds

native = core_info()["engine"] == "native"
MODEL, BITS, CORE = ("the library's query\n(facts kept between changes)",
                     "bits in Python\n(from the layout)", "bits in the compiled core\n(from the layout)")
ways = {MODEL: [], BITS: [], CORE: []} if native else {MODEL: [], BITS: []}
same = 0
for alhambra in random_growth(seed=3, tiles=40):
    fresh = alhambra.copy()  # nothing cached: every way starts from the layout
    t0 = perf_counter()
    kept = fresh.legal_positions(probe)
    t1 = perf_counter()
    by_bits = legal_by_bits(alhambra, probe)
    t2 = perf_counter()
    ways[MODEL].append(t1 - t0)
    ways[BITS].append(t2 - t1)
    answers = [kept, by_bits]
    if native:
        ways[CORE].append(core_legal_cells_seconds(alhambra, probe))
        answers.append(set(core_legal_cells(alhambra, probe)))
    same += all(answer == kept for answer in answers)

figure = Figure(figsize=(7, 2.6), dpi=100)
axes = figure.subplots()
names = list(ways)
medians = [median(times) * 1e6 for times in ways.values()]
colours = [KIND_COLOURS[kind] for kind in ("garden", "pavilion", "tower")][:len(names)]
axes.barh(names[::-1], medians[::-1], color=colours[::-1])
axes.set_xscale("log")
axes.set_xlabel("median time of one tile's legal cells (µs, log scale)")
axes.set_title("Where may the 9-tower go? Three ways, one answer")
for y, value in enumerate(medians[::-1]):
    axes.text(value * 1.1, y, f"{value:.2f} µs", va="center")
axes.set_xlim(min(medians) / 3, max(medians) * 8)
figure.tight_layout()
Image(png_of(figure))

# %%
# NBVAL_CHECK_OUTPUT
print(f"the ways agree after {same} of {len(ways[BITS])} placements")

# %% [markdown]
# Bits alone do not make Python fast: the bit version starts from the layout each time
# and pays Python's cost for every operation on its long integers, while the library's
# query reads facts it keeps from one change to the next. The same
# operations compiled, on machine words, are another matter. Measured here:

# %%
model, by_bits = median(ways[MODEL]), median(ways[BITS])
print(f"bits in Python: {by_bits / model:.1f} times the time of the kept facts")
if native:
    print(f"bits in the compiled core: {model / median(ways[CORE]):.0f} times faster than the "
          "kept facts, from the layout alone")
else:
    print("the compiled core is not built where this runs (no Rust compiler): the chart has "
          "two bars, and the whole project runs on the Python engine")

# %% [markdown]
# ## 8 Exercises
#
# Type your answer and press **check**: you get *right*, or a hint and another try.
# After two tries you may ask for the answer. Cells are written as x, y pairs, such
# as (2, 1), (0, -1).

# %%
Exercises(placement_exercises())
