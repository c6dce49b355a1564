# ---
# jupyter:
#   alhambra:
#     paths:
#     - play
#     purpose: Keep the score of a game played on a real table, modules included, and
#       export it.
#     reading_minutes: 10
#   jupytext:
#     formats: ipynb,py:percent
#     notebook_metadata_filter: alhambra,-kernelspec,-jupytext.text_representation.jupytext_version
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
# ---

# %% [markdown]
# # Keeping score at a real table
#
# When you play *Alhambra* with the box on a real table, each scoring round stops the
# game while someone counts every player's buildings, works out who is first, second
# and third in six types, splits the ties, measures the walls and adds it all up. It is
# easy to get wrong, and a wrong tie can decide the game.
#
# The score keeper below does the arithmetic. You type in what you see on the table; it
# applies the scoring rules (`RULES.md` §8), keeps the running totals and saves the
# sheet as a CSV file a spreadsheet opens. With the Mega Box it also asks for what each
# module in play scores, and scores it exactly as the library's game engine does.

# %%
# %matplotlib inline
from alhambra_lib import explain_majorities
from alhambra_lib.teaching.text import sentences
from alhambra_lib.teaching.tour import (csv_table, module_inputs_table, parts_table,
                                        totals_sentence)
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
# Ana, Ben and Cy reach the first scoring round. On the table, Ana has 1 pavilion,
# 2 gardens and 1 tower and a wall of 4; Ben 1 seraglio, 1 chambers and 2 gardens and a
# wall of 6; Cy 1 arcades, 1 chambers, 1 garden and 1 tower and a wall of 3. These
# numbers are typed into the keeper's boxes and the round is scored:

# %%
round_1 = {"Ana": {"pavilion": 1, "garden": 2, "tower": 1},
           "Ben": {"seraglio": 1, "chambers": 1, "garden": 2},
           "Cy": {"arcades": 1, "chambers": 1, "garden": 1, "tower": 1}}
walls_1 = {"Ana": 4, "Ben": 6, "Cy": 3}
keeper = ScoreKeeper(["Ana", "Ben", "Cy"])
keeper.round_picker.value = 1
keeper.fill(round_1, walls_1)
keeper.score_button.click()
keeper

# %% [markdown]
# The table on the right is the sheet: per round and player, the points for majorities
# and for walls (and for each module in play) and the running total; the chart under it
# is the score track, one bar per player and round. The line above the table says what
# the sheet holds: the leader, and the winner after the third scoring. The text below
# stays with this worked example (Ana, Ben and Cy), whatever the keeper holds later. The
# example's totals after round 1:

# %%
# NBVAL_CHECK_OUTPUT
totals_sentence(keeper.sheet.totals(), round_no=1)

# %% [markdown]
# Why these numbers? Round 1 pays first place only, and three of the six types are tied.
# The keeper explains its majorities under the table, type by type:

# %%
# NBVAL_CHECK_OUTPUT
sentences(*explain_majorities(keeper.sheet.counts(1), 1))

# %% [markdown]
# So Ana has 1 + 2 + 3 = 6 points of majorities and 4 of walls: 10. Ben's longer wall
# (6) puts him ahead with 12, although his majorities are no better than Ana's.
#
# **Your turn:** the keeper has moved on to *round 2* (it does after every round
# scored): type in new counts and walls, and press *score this round*. A count no table
# can hold, such as 15 towers (the box has 11), is refused with the reason, and the
# sheet stays as it was. Picking a round that is already recorded brings its numbers
# back into the boxes, so a counting mistake is fixed by typing the right number and
# scoring the round again. A round whose boxes are all 0 is not recorded at once: the
# keeper asks whether you forgot to type it in, and a second press records it. To count
# an Alhambra you have rebuilt on screen, open *Count an Alhambra built here*: build it
# with the explorer, choose the player in *for*, and copy its counts and longest wall
# into the boxes. To start over, type the players' names (separated by commas), choose
# the modules you play with, and press *new sheet*; when rounds are scored it asks you to
# export them first and to press it once more.
#
# ## 3 Two players and Dirk
#
# With two players the sheet gets a third row for Dirk. He competes for every majority
# with his tiles but has no wall box: he never scores walls (§10). At the first scoring
# round he holds the 6 tiles he received at the start, plus any a player gave him.
# Here Ana has 1 seraglio, 2 arcades and 2 towers (wall 5), Ben 2 pavilions, 1 chambers
# and 1 garden (wall 3), and Dirk 1 pavilion, 2 arcades, 2 gardens and 1 tower:

# %%
duel = ScoreKeeper(["Ana", "Ben"])
duel.round_picker.value = 1
duel.fill({"Ana": {"seraglio": 1, "arcades": 2, "tower": 2},
           "Ben": {"pavilion": 2, "chambers": 1, "garden": 1},
           "Dirk": {"pavilion": 1, "arcades": 2, "garden": 2, "tower": 1}},
          {"Ana": 5, "Ben": 3})
duel.score_button.click()

# %%
# NBVAL_CHECK_OUTPUT
sentences(*explain_majorities(duel.sheet.counts(1), 1), totals_sentence(duel.sheet.totals()))

# %% [markdown]
# Dirk ties with Ana in arcades, which leaves her 1 of the 3 points, and he beats Ben in
# gardens: those 5 points go to nobody at the table. Dirk's total is shown, but the
# winner is the real player with the highest total.
#
# ## 4 Playing with Mega Box modules
#
# Choose the modules you play with above the keeper and press *new sheet*: each module
# that scores gets a tab of its own beside *Tiles & walls*, with a box per player
# for what it needs (§M0.19). Dirk takes no part in the modules (§M0.18). What to count
# for each:

# %%
# NBVAL_CHECK_OUTPUT
module_inputs_table()

# %% [markdown]
# The keeper adds bonus cards and huts' neighbours to the counts for majorities, and
# scores each other module as a term of its own, in the order of §M0.17: camps
# (1 point per building on a camp line), the street merchant (a set of k colours of
# citizens scores k(k+1)/2), the treasure chests (a majority: 7 points in round 1,
# 14 and 7 in round 2, 22, 14 and 7 in round 3), bazaars (n x k each, at the last
# scoring only) and the invaders (minus the round's number per unprotected side facing
# the attack, and in round 3 one more per side facing each direction beside it). Only
# the sides an attack reaches can be typed in; the others are greyed out.
#
# Three players finish a game with bonus cards, camps, invaders and bazaars. At the last
# scoring Ana has 3 towers, 2 gardens and a wall of 7, a tower bonus card shown, 4
# buildings on her camps' lines and, with the attack from the north, 2 unprotected sides
# facing north and 1 facing east. Ben has 2 towers and 3 gardens, a wall of 9, 3
# unprotected sides to the north and 2 to the west, and one bazaar with 4 neighbours of
# 3 of its types (4x3). Cy has 1 tower and 3 pavilions and a wall of 4, 2 buildings on
# camp lines, 1 unprotected side to the west, and two bazaars, 3x2 and 1x1:

# %%
mega = ScoreKeeper(["Ana", "Ben", "Cy"], modules=("bonus_cards", "camps", "invaders",
                                                  "bazaars"))
mega.round_picker.value = 3
mega.fill({"Ana": {"tower": 3, "garden": 2}, "Ben": {"tower": 2, "garden": 3},
           "Cy": {"tower": 1, "pavilion": 3}},
          {"Ana": 7, "Ben": 9, "Cy": 4},
          {"bonus_cards": {"Ana": {"tower": 1}}, "camp_lines": {"Ana": 4, "Cy": 2},
           "attack": "N", "unprotected": {"Ana": {"N": 2, "E": 1}, "Ben": {"N": 3, "W": 2},
                                          "Cy": {"W": 1}},
           "bazaars": {"Ben": "4x3", "Cy": "3x2, 1x1"}})
mega.score_button.click()
mega.tabs.selected_index = 3  # the invaders' tab
mega

# %% [markdown]
# Each term of the last scoring, per player:

# %%
# NBVAL_CHECK_OUTPUT
parts_table(mega.sheet.breakdown(3))

# %% [markdown]
# Ana's bonus card makes her towers 4, ahead of Ben's 2. The attack from the north costs
# Ana 3 x 2 for her north sides and 1 for her east side (a flank in round 3), Ben 3 x 3
# and 2, Cy 1. Ben's bazaar scores 4 x 3 = 12, Cy's 3 x 2 + 1 x 1 = 7.
#
# The library's tests play many random games with random sets of modules, copy what a
# person would count at each scoring into a sheet, and check that the sheet gives the
# game's scores exactly, term by term.
#
# ## 5 Saving the sheet
#
# *export CSV* writes the sheet to the file named beside it (a name alone puts it in
# the folder the notebook runs in) and offers a *download* link that saves it through
# your browser. One row per round and player: the counts, the wall, what each module
# asked, the points of each term and the running total. The three-player sheet above:

# %%
# NBVAL_CHECK_OUTPUT
csv_table(keeper.to_csv())

# %% [markdown]
# A spreadsheet opens the file as it is, and pandas reads it back for any statistics you
# like: after a few evenings, who wins with walls and who with majorities?
