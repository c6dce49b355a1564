# ---
# jupyter:
#   alhambra:
#     paths:
#     - learn
#     - analyse
#     purpose: Trace the longest wall of an Alhambra step by step, and see why a full
#       ring scores 12.
#     reading_minutes: 20
#   jupytext:
#     formats: ipynb,py:percent
#     notebook_metadata_filter: alhambra,-kernelspec,-jupytext.text_representation.jupytext_version
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
# ---

# %% [markdown]
# # The longest wall: external segments, a graph of corners, one loop
#
# In every scoring round of *Alhambra* each player scores one point per wall segment of
# their **longest continuous external wall** (RULES.md §8.4). The rule sounds simple.
# Computing it raises three questions, and one of them is where a popular online
# implementation goes wrong:
#
# 1. Which walls count? Only *external* ones: walls facing an empty cell.
# 2. What is *continuous*? Segments joined end to end at corners: a path in a graph
#    whose nodes are corners and whose edges are the external segments.
# 3. May the wall pass a corner twice, or close a loop? The rule counts segments, and
#    a fully walled ring is one continuous wall: every segment counts. In graph words,
#    the longest *trail* (segments used once, corners as often as you like), not the
#    longest *simple path* (no corner twice).
#
# On a legal Alhambra the answer turns out to be easy, because the boundary of a legal
# Alhambra is one closed loop. We prove that, test it on hundreds of random Alhambras,
# and see what changes when the literal single-cell hole rule lets the loop pinch.

# %%
# %matplotlib inline
import networkx as nx

from alhambra_lib.draw import draw_alhambra, draw_walls_explained
from alhambra_lib.teaching import PINCH_CORNER, figure_2, figure_3, pinch_layout
from alhambra_lib.teaching.demo import random_growth
from alhambra_lib.teaching.exercises import wall_exercises
from alhambra_lib.teaching.text import cell_list
from alhambra_lib.walls import (boundary_segments, chains, corner_graph, external_segments,
                                longest_simple_path_length, longest_trail)
from alhambra_lib.widgets import Exercises, WallTracer

# %% [markdown]
# ## 1 External segments
#
# A *wall segment* is a wall on one side of one tile: a unit edge of the grid between
# two corners. By the building rules, two touching tiles are both walled or both open
# on their shared side; two walls back to back are *inside* the Alhambra and never
# score. A segment is **external** when the cell across it is empty.
#
# Figure 3 of the rules has eight wall sides. (1, 0) and (1, 1) stand back to back,
# which leaves six external segments, each a pair of corners.

# %%
fig3 = figure_3()
draw_alhambra(fig3).figure

# %%
# NBVAL_CHECK_OUTPUT
print("wall sides:", sum(len(tile.walls) for tile in fig3.layout.values()))
for a, b in sorted(external_segments(fig3.layout)):
    print(f"{a}–{b}")

# %% [markdown]
# ## 2 The corner graph
#
# Joined end to end, segments make walls. So make a graph: **corners as nodes, external
# segments as edges**. `Alhambra.wall_graph()` hands it out as a `networkx.Graph`. A
# corner's degree says what the wall does there: 1, it ends; 2, it passes on; 3 or 4, it
# forks.

# %%
# NBVAL_CHECK_OUTPUT
walls = fig3.wall_graph()
print(f"{walls.number_of_nodes()} corners, {walls.number_of_edges()} segments")
print("degrees:", ", ".join(f"{corner} {degree}" for corner, degree in sorted(walls.degree())))

# %% [markdown]
# A corner of degree 2 only passes the wall on, so the graph falls apart into *chains*
# between the other corners, plus closed *cycles* where every corner has degree 2
# (`walls.chains`). Figure 3 has two chains: W and N of (0, 1) with N and E of (1, 1),
# four segments; and E and S of (2, 0), two segments, cut off from the first by the
# open north side of (2, 0).

# %%
# NBVAL_CHECK_OUTPUT
runs, cycles = chains(corner_graph(fig3.wall_segments()))
print("chain lengths:", " and ".join(str(len(run) - 1) for run in sorted(runs, key=len)),
      "| cycles:", len(cycles))

# %%
draw_walls_explained(fig3, external=fig3.wall_segments(), chains=runs,
                     corners=dict(walls.degree()), caption="Figure 3: two chains",
                     label_corners=True).figure

# %% [markdown]
# ## 3 The longest trail
#
# A *trail* walks the graph using every edge at most once; it may pass a corner twice.
# The rule's wall points are **the number of segments of a longest trail**
# (`walls.longest_trail`). On a general graph no fast algorithm is known (the problem
# is NP-hard), but chains make it small: a longest trail starts at a chain end
# (otherwise it could be extended), so a depth-first search over whole chains from
# every chain end finds it. Figure 3 scores 4. Wall the north side of (2, 0) and the two
# chains join at the concave corner (2, 1): 4 + 3 = 7.

# %%
# NBVAL_CHECK_OUTPUT
walled = figure_3(north_of_2_0_walled=True)
for name, alhambra in [("figure 3", fig3), ("north of (2, 0) walled", walled)]:
    path = alhambra.longest_wall_path()
    # A wall read either way is the same wall: print it from its smaller end.
    corners = " – ".join(map(str, min(path, path[::-1])))
    print(f"{name}: {alhambra.longest_wall()} points, {corners}")

# %%
draw_alhambra(walled).figure

# %% [markdown]
# ## 4 Why the boundary of a legal Alhambra is one loop
#
# The *boundary* of an Alhambra is every side between a built and an empty cell
# (`walls.boundary_segments`); external walls lie on it. **On a legal Alhambra the
# boundary is one closed loop.** The proof has two steps.
#
# **At a corner, 0, 2 or 4 boundary sides meet.** Four cells meet at a corner; walk
# round it and count the changes between built and empty: an even number. Four changes
# happen only at a *pinch*: two diagonal cells A and B built, the other two empty.
#
# **A pinch makes a hole.** Every tile reaches the fountain, so a chain of side-
# neighbouring tiles links A and B. The chain plus the corner where A and B touch is a
# closed curve, and one of the two empty cells of the pinch lies inside it. Empty cells
# connect only through sides, and no side crosses the curve, so that cell is enclosed:
# a hole, which a legal Alhambra does not have.
#
# So every boundary corner joins exactly two boundary sides, and the boundary splits
# into disjoint simple loops. A loop other than the outer one would surround an
# enclosed empty area: a hole again. One loop is left.
#
# Hence **wall points on a legal Alhambra are the longest run of consecutive walled
# sides along that loop, read circularly, or the whole loop when all of it is
# walled**, and every corner of the wall graph has degree 1 or 2: the longest-trail
# search is linear. Here is the proof tested on every stage of ten random legal growths
# from the 54 real tiles.

# %%
stages = one_loop = 0
max_degree = 0
for seed in range(10):
    for alhambra in random_growth(seed):
        stages += 1
        loop = nx.Graph(list(boundary_segments(alhambra.layout)))
        one_loop += nx.is_connected(loop) and all(d == 2 for _, d in loop.degree())
        max_degree = max([max_degree] + [d for _, d in alhambra.wall_graph().degree()])

# %%
# NBVAL_CHECK_OUTPUT
print(f"{stages} legal Alhambras: the boundary is one loop in {one_loop}")
print(f"most external segments at one corner: {max_degree}")

# %% [markdown]
# ## 5 The fully walled ring: 12 points, not 11
#
# Figure 2 of the rules: the fountain and eight tiles around it, with all 12 outer
# sides walled. The wall graph is one cycle of 12 corners, every degree 2: `chains`
# finds no chain and one cycle, and the longest trail goes all the way round, back to
# its start. It is an *Euler circuit*: a closed trail through every edge. With one
# outer side open, say north of (0, 1), the rest is one run of 11.

# %%
# NBVAL_CHECK_OUTPUT
ring, opened = figure_2(), figure_2(open_side=True)
print("full ring:", ring.longest_wall(), "| Euler circuit:", nx.is_eulerian(ring.wall_graph()))
print("one outer side open:", opened.longest_wall())

# %%
draw_alhambra(ring).figure

# %% [markdown]
# BoardGameArena's implementation counts the longest *simple path*, one that never
# comes back to a corner (RULES.md §8.4, *Other readings*). A path that may not revisit
# a corner cannot close a loop: it must stop one segment short of its start, so the
# full ring scores 11. `walls.longest_simple_path_length` computes that reading, for
# teaching only.

# %%
# NBVAL_CHECK_OUTPUT
for name, alhambra in [("full ring", ring), ("one side open", opened),
                       ("figure 3", fig3), ("figure 3, N of (2, 0) walled", walled)]:
    adj = corner_graph(alhambra.wall_segments())
    print(f"{name:29} trail {alhambra.longest_wall():2}   simple path "
          f"{longest_simple_path_length(adj):2}")

# %% [markdown]
# Why 11 is wrong for the ring, apart from the wording of the rule (*segments* joined
# end to end, and all 12 are):
#
# * **It makes the last wall worthless.** The ring with one side open scores 11. Walling
#   that side adds a segment to the same continuous wall and, under the simple-path
#   reading, scores 11 again. Everywhere else in the game a wall that extends the longest
#   wall adds a point.
# * **It depends on where you start counting.** A simple path must start and stop at
#   different corners, so it drops one segment of the ring, any one. The wall on the
#   table has no start.
#
# The two readings differ only when the longest wall closes on itself (or, under the
# single-cell rule, passes a corner twice, section 6). Random growths almost never walk all
# the way round, which is how such a bug survives play: on the 500-odd random stages of
# section 4 they agree every time.

# %%
# NBVAL_CHECK_OUTPUT
differ = sum(longest_simple_path_length(corner_graph(a.wall_segments())) != a.longest_wall()
             for seed in range(10) for a in random_growth(seed))
print(f"stages where the readings differ: {differ}")

# %% [markdown]
# ## 6 When the loop pinches: the single-cell rule
#
# Under the literal single-cell reading (`hole_rule="single"`) a pinch is legal, and the
# proof of section 4 breaks down. `teaching.pinch_layout()` rings the empty cells (1, 1) and
# (2, 1) with tiles walled on all six sides facing them. Tiles (2, 0) and (3, 1) touch at
# the corner (3, 1) only, and with the east wall of (2, 0) and the south wall of (3, 1)
# **four external segments meet at that corner**. The longest trail comes in from
# (3, 0), goes round the inner loop back to (3, 1), and leaves towards (4, 1): 8
# segments, passing the corner twice. A simple path cannot do that and gets 6.

# %%
# NBVAL_CHECK_OUTPUT
pinch = pinch_layout()
adj = corner_graph(pinch.wall_segments())
print("segments at the pinch corner:", len(adj[PINCH_CORNER]))
path = pinch.longest_wall_path()
ends = " to ".join(map(str, sorted({path[0], path[-1]})))
print("trail:", pinch.longest_wall(), "segments from", ends,
      "passing twice through", cell_list({c for c in path if path.count(c) == 2}))
print("simple path:", longest_simple_path_length(adj))

# %%
draw_walls_explained(pinch, corners=dict(pinch.wall_graph().degree()),
                     trail=longest_trail(adj), label_corners=True,
                     caption="A pinch: the wall passes (3, 1) twice").figure

# %% [markdown]
# Under this rule the boundary of a random Alhambra is often no single loop at all,
# and the general longest-trail search is needed: its depth-first search over chains
# is exponential in the number of forks, which stays tiny on real layouts.

# %%
stages = not_one_loop = 0
for seed in range(10):
    for alhambra in random_growth(seed, hole_rule="single"):
        stages += 1
        loop = nx.Graph(list(boundary_segments(alhambra.layout)))
        not_one_loop += not (nx.is_connected(loop) and all(d == 2 for _, d in loop.degree()))
print(f"single-cell rule: the boundary is not one loop in {not_one_loop} of {stages} stages")

# %% [markdown]
# ## 7 The WallTracer
#
# The `WallTracer` walks through the search in five steps: the walls, the external
# segments, the corner graph with each corner's role, the chains, and the longest trail.
# First on figure 3, then on the pinch, where a fork corner appears in step 3 and the
# trail in step 5 passes it twice.

# %%
WallTracer(figure_3(), name="figure 3")

# %%
WallTracer(pinch_layout(), name="the pinch")

# %% [markdown]
# ## 8 Exercises
#
# Type your answer and press **check**: you get *right*, or a hint and another try.
# After two tries you may ask for the answer. Corners, like cells, are x, y pairs.

# %%
Exercises(wall_exercises())
