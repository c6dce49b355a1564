# ---
# jupyter:
#   alhambra:
#     reading_minutes: 10
#   jupytext:
#     formats: ipynb,py:percent
#     notebook_metadata_filter: alhambra
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.6
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Keeping score at a real table
#
# When you play *Alhambra* with the box on a real table, each scoring round stops the
# game while someone counts every player's buildings, works out who is first, second
# and third in six types, splits the ties, measures the walls and adds it all up. It is
# easy to get wrong, and a wrong tie can decide the game.
#
# The `ScoreKeeper` does the arithmetic. You type in what you see on the table; it
# applies the scoring rules (`RULES.md` §8), keeps the running totals and exports the
# sheet as CSV.

# %%
# %matplotlib inline
import tempfile
from pathlib import Path

import pandas as pd

from alhambra_lib import explain_majorities
from alhambra_lib.widgets import ScoreKeeper

# %% [markdown]
# ## 1 What to count
#
# For each player, at each scoring round:
#
# * **tiles per type** in their Alhambra: pavilions, seraglios, arcades, chambers,
#   gardens, towers. Tiles on the reserve board do not count, nor does the fountain;
# * **the longest outer wall**: the number of wall segments (one per tile side) in the
#   longest unbroken wall facing empty cells. Walls standing back to back between two
#   tiles are inside and do not count. Follow the outside of the Alhambra with a finger
#   and count the segments of the longest walled stretch.
#
# With two players, count the neutral Dirk's tiles per type too (he has no walls). That
# is all; places, ties and points follow from the rules.
#
# ## 2 A worked example: round 1 with three players
#
# Ana, Ben and Cy reach the first scoring round. On the table:

# %%
round_1 = {"Ana": {"pavilion": 1, "garden": 2, "tower": 1},
           "Ben": {"seraglio": 1, "chambers": 1, "garden": 2},
           "Cy": {"arcades": 1, "chambers": 1, "garden": 1, "tower": 1}}
walls_1 = {"Ana": 4, "Ben": 6, "Cy": 3}

# %% [markdown]
# We make a keeper for the three of them and type these numbers into its boxes, as you
# would by hand: `fill` sets the boxes, and the score button records the round.

# %%
keeper = ScoreKeeper(["Ana", "Ben", "Cy"])
keeper.round_picker.value = 1
keeper.fill(round_1, walls_1)
keeper.score_button.click()
keeper

# %% [markdown]
# The table under the boxes is the sheet: per round and player, the points for
# majorities and for walls, and the running total. The totals after round 1:

# %%
# NBVAL_CHECK_OUTPUT
keeper.sheet.totals()

# %% [markdown]
# Why these numbers? Round 1 pays first place only, and three of the six types are tied.
# The keeper's sheet holds the counts it recorded, and the library explains them:

# %%
# NBVAL_CHECK_OUTPUT
print("\n".join(explain_majorities(keeper.sheet.counts(1), 1)))

# %% [markdown]
# So Ana has 1 + 2 + 3 = 6 points of majorities and 4 of walls: 10. Ben's longer wall
# (6) puts him ahead with 12, although his majorities are no better than Ana's.
#
# **Your turn:** pick *round 2* in the keeper above, type in new counts and walls, and
# press *score this round*. Picking a round that is already recorded brings its numbers
# back into the boxes, so a counting mistake is fixed by typing the right number and
# scoring the round again. To count an Alhambra you have rebuilt on screen, open *Count
# an Alhambra built here*: build it with the explorer, choose the player, and copy its
# counts and longest wall into the boxes.
#
# ## 3 Two players and Dirk
#
# With two players the sheet gets a third row for Dirk. He competes for every majority
# with his tiles but has no wall box: he never scores walls (§10). At the first scoring
# round he holds the 6 tiles he received at the start, plus any a player gave him.

# %%
duel = ScoreKeeper(["Ana", "Ben"])
duel.round_picker.value = 1
duel.fill({"Ana": {"seraglio": 1, "arcades": 2, "tower": 2},
           "Ben": {"pavilion": 2, "chambers": 1, "garden": 1},
           "Dirk": {"pavilion": 1, "arcades": 2, "garden": 2, "tower": 1}},
          {"Ana": 5, "Ben": 3})
duel.score_button.click()
duel

# %%
# NBVAL_CHECK_OUTPUT
print("\n".join(explain_majorities(duel.sheet.counts(1), 1)))
print(duel.sheet.totals())

# %% [markdown]
# Dirk ties with Ana in arcades, which leaves her 1 of the 3 points, and he beats Ben in
# gardens: those 5 points go to nobody at the table. Dirk's total is shown, but the
# winner is the real player with the highest total.
#
# ## 4 Saving the sheet
#
# *export CSV* writes the sheet to the file named beside it, one row per round and
# player: the counts, the wall, the points and the running total. Here into a temporary
# folder, so the notebook leaves no file behind:

# %%
# NBVAL_CHECK_OUTPUT
with tempfile.TemporaryDirectory() as folder:
    keeper.csv_path.value = str(Path(folder, "scores.csv"))
    keeper.export_button.click()
    print(keeper.message.value.replace(folder, "<folder>"))
    sheet = pd.read_csv(keeper.csv_path.value)
print(sheet.to_string(index=False))

# %% [markdown]
# A spreadsheet opens the file as it is, and pandas reads it back for any statistics you
# like: after a few evenings, who wins with walls and who with majorities?
