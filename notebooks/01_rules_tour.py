# ---
# jupyter:
#   alhambra:
#     paths:
#     - learn
#     purpose: 'Learn the base game in fifteen minutes: a turn, paying exactly, placing
#       tiles, scoring.'
#     reading_minutes: 15
#   jupytext:
#     formats: ipynb,py:percent
#     notebook_metadata_filter: alhambra,-kernelspec,-jupytext.text_representation.jupytext_version
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
# ---

# %% [markdown]
# # Alhambra in fifteen minutes
#
# *Alhambra* (Dirk Henn, Queen Games 2003) is a game for two to six players. Each player
# builds a palace garden, their own *Alhambra*, tile by tile around a fountain. The tiles
# are bought from a market of four squares. Each square asks for its own currency. Three
# times in the game everyone scores: points for having the most buildings of each of six
# types, and points for the longest wall around the outside. The highest total wins.
#
# This notebook walks through the rules with `alhambra_lib`, which holds them as code.
# Every number below is computed, not typed in, so if the text and the code ever
# disagreed, the notebook's tests would fail. Section numbers (§) refer to the project's
# rules reference, `RULES.md`.

# %%
# %matplotlib inline
from IPython.display import Image
from matplotlib.figure import Figure

from alhambra_lib import (BUILDING_TILES, Buy, Game, Place, Tile, money_deck,
                          score_majorities)
from alhambra_lib.actions import take_choices
from alhambra_lib.bots import GreedyBot, play
from alhambra_lib.draw import draw_alhambra, draw_game, draw_market, draw_tile, png_of
from alhambra_lib.replay import HEADLINES, narrate
from alhambra_lib.teaching import figure_3
from alhambra_lib.teaching.exercises import RULES_QUIZ
from alhambra_lib.teaching.text import sentences
from alhambra_lib.teaching.tour import (choices_sentences, components_table,
                                        figure_3_examples_table, longest_wall_sentence,
                                        majorities_sentences, money_deck_sentences,
                                        payment_sentences, place_points_table,
                                        take_sentences, to_place_sentence, verdict_table)
from alhambra_lib.widgets import PlacementExplorer, Quiz

# %% [markdown]
# ## 1 The components
#
# There are **54 building tiles** in six types. The cheap types have fewer tiles, and
# (we will see in section 6) they also pay fewer points. A tile has a price printed on it and
# walls on 0 to 3 of its sides. Tiles are never turned: north is the side the roof
# points to, so a tile's walls always face the same way on the table.

# %%
# NBVAL_CHECK_OUTPUT
components_table()

# %% [markdown]
# Here are four of them, with no wall, one, two and three walls. The number on a tile
# is its price; the thick dark lines are walls.

# %%
samples = [next(t for t in BUILDING_TILES if len(t.walls) == n) for n in range(4)]
figure = Figure(figsize=(8, 2.2))
for ax, tile in zip(figure.subplots(1, 4, gridspec_kw={"wspace": 0.7}), samples):
    draw_tile(tile, ax)
Image(png_of(figure))

# %% [markdown]
# Every player also has a **fountain**, the start tile, with no walls at all: it is the
# centre of their Alhambra, cell (0, 0). We name cells by (x, y) with x growing east
# and y growing north.
#
# The **money** is 108 cards: four currencies, values 1 to 9, three copies of each. So
# every currency is worth the same in all.

# %%
# NBVAL_CHECK_OUTPUT
money_deck_sentences(money_deck())

# %% [markdown]
# Two more cards hide among the money: the **scoring cards**. When one of them comes up,
# everyone scores (section 6).

# %% [markdown]
# ## 2 Setting up
#
# Let us start a game for Ana, Ben and Cy. The game is seeded, so it is the same game
# every time this notebook runs.
#
# Four tiles are drawn onto the market squares. Square 1 is paid in denars, square 2
# in dirhams, square 3 in ducats and square 4 in florins: the currency belongs to the
# square, not to the tile. Then each player in turn is dealt cards until their values
# total at least 20. The **start player** is whoever got the fewest cards; a tie goes to
# the lowest total. Four cards are turned face up: the money **display**.

# %%
# NBVAL_CHECK_OUTPUT
game = Game(["Ana", "Ben", "Cy"], seed=20)
sentences(*narrate(game.events, turns=[0]))

# %% [markdown]
# Ben and Cy both received four cards, but Cy's are worth 21 and Ben's 26: Cy starts.
# The last line is the draw pile being built: the remaining cards are split into five
# piles, with scoring card 1 shuffled into the second pile and scoring card 2 into the
# fourth (§3.7). So round 1 comes somewhere in the second fifth of the money, round 2
# in the fourth fifth.
#
# (The market holds four towers in this game: a coincidence of the draw.)

# %%
draw_market(game).figure

# %% [markdown]
# ## 3 A turn
#
# On your turn you do **one** of three things (§4):
#
# * **take money** from the display,
# * **buy a tile** from the market, or
# * **redesign** your Alhambra: move one tile between it and your *reserve*, a
#   storage board beside it.
#
# One exception makes the game: if you pay for a tile **exactly**, you may do another
# action, and again after each exact payment. When you are done, the turn ends: you
# place the tiles you bought, the display and the market are refilled, and if a scoring
# card came up, everyone scores.
#
# These are Cy's choices in the first turn, in the words of the game table's buttons:

# %%
# NBVAL_CHECK_OUTPUT
choices_sentences(game)

# %% [markdown]
# ## 4 Money and exact payment
#
# **Taking money.** You take either one card, whatever its value, or several cards
# whose values total **at most 5**. That is why Cy may take the 7 alone, or 3 + 2, but
# never 7 + 2. Currency plays no part in taking.

# %%
# NBVAL_CHECK_OUTPUT
take_sentences(take_choices(game.display))

# %% [markdown]
# **Paying.** A tile on square 1 is paid in denars only, with cards totalling at least
# its price. There is no change, so paying too much is simply lost. This project also
# asks that a payment be *minimal*: no card may be added that the payment did not need
# (RULES.md §4, a project decision). Cy holds denars 6, 5 and 4, and the tower on
# square 1 costs 9:

# %%
# NBVAL_CHECK_OUTPUT
payment_sentences((6, 5, 4), 9)

# %% [markdown]
# Three ways to pay, and only 5 + 4 is exact. Paying 6 + 5 wastes 2; paying 5 + 4
# wastes nothing **and** gives Cy another action. Exact payments are the heart of the
# game: you collect money in one currency until it adds up to a price.
#
# Let Cy buy exactly and look at the choices again: the turn goes on, and ending it is
# now allowed.

# %%
# NBVAL_CHECK_OUTPUT
exact = next(a for a in game.legal_actions() if isinstance(a, Buy) and a.exact)
game.apply(exact)
choices_sentences(game)

# %% [markdown]
# Cy uses the extra action to take 3 + 2 ducats. Taking money is not an exact payment,
# so Cy's actions are over; the tower waits to be placed.

# %%
# NBVAL_CHECK_OUTPUT
game.apply(next(a for a in game.legal_actions() if str(a) == "take 3 ducat + 2 ducat"))
to_place_sentence(game)

# %% [markdown]
# ## 5 Placement
#
# A new tile joins the Alhambra (§6) when
#
# 1. it is not turned (walls stay where they are printed),
# 2. touching sides match: wall against wall, open against open,
# 3. it can be walked to from the fountain, through open sides only,
# 4. it shares at least one whole side with a built cell (a corner is not enough),
# 5. it leaves no **hole**: no empty area closed in by the Alhambra.
#
# Cy's tower has walls on its east and south sides. The green cells are where it may
# go; on the others, the drawing says which rule it would break.

# %%
tower = game.to_place[0]
draw_alhambra(game.alhambra("Cy"), legal_for=tower, explain_for=tower).figure

# %% [markdown]
# North of the fountain, the tower's south wall would touch the fountain's open north
# side: a mismatch. And with that side closed, nothing would lead into the tile: it
# would be unreachable. West of the fountain, the same happens with its east wall.
# East and south are fine. The library gives the same verdicts in words:

# %%
# NBVAL_CHECK_OUTPUT
verdict_table(game.alhambra("Cy"), tower)

# %% [markdown]
# Cy builds it east of the fountain. The turn ends: two cards refill the display, a
# tile refills square 1, and it is Ana's turn.

# %%
# NBVAL_CHECK_OUTPUT
game.apply(Place(tower, (1, 0)))
sentences(*narrate(game.events, turns=[1]))

# %% [markdown]
# A tile you cannot or would rather not build goes onto your **reserve** instead. A
# *redesign* action later moves one tile: from the reserve into the Alhambra, from the
# Alhambra to the reserve, or swapping the two (§7). Reserve tiles never score.
#
# ### Try it
#
# Here is a bigger Alhambra: figure 3 of the rules. Pick a tile (or make your own walls
# with the N, E, S, W buttons), click a cell and read the verdict; build, remove, undo.

# %%
example = figure_3()
PlacementExplorer(example, Tile("chambers", 7, "W"))

# %% [markdown]
# The examples the rules give for this layout (§6), checked by the library:

# %%
# NBVAL_CHECK_OUTPUT
figure_3_examples_table(example)

# %% [markdown]
# Notebook 02 shows the graph algorithms behind these verdicts, holes included.
#
# ## 6 Scoring
#
# **When.** Round 1 when the first scoring card comes up, round 2 when the second does,
# round 3 at the end of the game (§8.1). A scoring card shows up while the display is
# refilled; the round is held at the end of that turn.
#
# **Majorities.** In each round and for each of the six types, the players with the
# most tiles of that type in their Alhambra score. Round 1 pays first place only, round
# 2 the first two places, round 3 three places, and the dearer types pay more:

# %%
# NBVAL_CHECK_OUTPUT
place_points_table()

# %% [markdown]
# Players who tie share: they add up the points of the places they occupy together and
# split them, rounding down. Here is a second-round example with a tie for first in
# towers:

# %%
# NBVAL_CHECK_OUTPUT
counts = {"Ana": {"tower": 4, "garden": 2},
          "Ben": {"tower": 4, "garden": 3},
          "Cy": {"tower": 2, "pavilion": 1}}
majorities_sentences(counts, 2, score_majorities(counts, 2))

# %% [markdown]
# Notebook 04 is all about majorities and ties.
#
# **Walls.** Each player also scores one point per wall segment in their longest
# continuous *outer* wall, the walls facing empty cells (§8.4). Walls that stand back to
# back between two tiles are inside the Alhambra and never count. In figure 3 the
# longest wall is traced in amber: 4 segments, so 4 points in every scoring round.

# %%
draw_alhambra(example).figure

# %%
# NBVAL_CHECK_OUTPUT
longest_wall_sentence(example.longest_wall())

# %% [markdown]
# Notebook 03 shows how the longest wall is found.
#
# ## 7 The end
#
# The game ends at the first turn end where the bag cannot fill every empty market
# square (§9). The tiles still on the market then go, each to the one player holding
# **the most money in that square's currency**: on a tie, the tile goes to nobody. Then
# comes the third and last scoring round; the highest total wins.
#
# Let three GreedyBots play our game to the end (notebook 06 lets you play against
# them), and read its headlines:

# %%
play(game, [GreedyBot(), GreedyBot(), GreedyBot()])
sentences(*narrate(game.events, types=HEADLINES))

# %% [markdown]
# The whole table at the end: the empty market, the score after each round (walls
# hatched), and the three Alhambras with their longest walls in amber.

# %%
draw_game(game)

# %% [markdown]
# ## 8 Check yourself
#
# A few questions. Choose an answer and press **check**: you get the reason either way.
# (The project's tests check that the library agrees with every answer.)

# %%
Quiz(RULES_QUIZ)
