# ---
# jupyter:
#   alhambra:
#     paths:
#     - learn
#     purpose: Work out majorities and ties type by type, in three rounds of a real
#       game and with Dirk.
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
# # Majorities: who scores, and what a tie is worth
#
# In each of the three scoring rounds of *Alhambra*, the players with the most tiles of a
# building type score for it, type by type. These *majorities* bring most of a game's
# points; the longest wall brings the rest. This notebook works out the scoring table,
# the ties, a real game's three rounds, and the neutral Dirk of the two-player game.
# Section numbers (§) refer to the rules reference, `RULES.md`.

# %%
# %matplotlib inline
import pandas as pd

from alhambra_lib import (KINDS, Game, explain_majorities, majority_awards, place_points,
                          score_majorities)
from alhambra_lib.bots import GreedyBot, play
from alhambra_lib.draw import draw_majorities
from alhambra_lib.widgets import MajorityExplorer

# %% [markdown]
# ## 1 The scoring table
#
# Round 1 pays only first place, round 2 the first two places, round 3 the first three.
# The six types pay different amounts: the dearer and more numerous the type, the more
# it pays (§8.2).

# %%
# NBVAL_CHECK_OUTPUT
table = pd.DataFrame({f"R{r} {p}": [place_points(kind, r, p) for kind in KINDS]
                      for r in (1, 2, 3) for p in range(1, r + 1)}, index=KINDS)
print(table.to_string())

# %% [markdown]
# There is one pattern behind the eighteen columns: **place p in round r pays what
# first place paid in round r − p + 1**. Second place in round 3 pays what first place
# paid in round 2; third place in round 3 what first place paid in round 1. So the table
# is really three numbers per type. The library checks it:

# %%
# NBVAL_CHECK_OUTPUT
same = all(place_points(kind, r, p) == place_points(kind, r - p + 1, 1)
           for kind in KINDS for r in (1, 2, 3) for p in range(1, r + 1))
print("place p in round r pays what first place paid in round r − p + 1:",
      "true for every type" if same else "NOT TRUE")

# %% [markdown]
# How much is each round worth, if every place were taken?

# %%
# NBVAL_CHECK_OUTPUT
for r in (1, 2, 3):
    print(f"round {r}: {table.filter(like=f'R{r} ').to_numpy().sum():3} points")

# %% [markdown]
# Round 3 is worth more than rounds 1 and 2 together. But a tile built early scores in
# every round it stands in the Alhambra, so the early rounds matter too: they decide who
# is ahead when the big round comes.
#
# ## 2 Ties, worked out
#
# The rule for a type in a round (§8.3) has three steps:
#
# 1. a player with no tile of the type takes no place and scores nothing;
# 2. every other player's place is 1 + the number of players with strictly more tiles;
# 3. *k* players sharing place *p* add the points of places *p* … *p + k − 1* (a place
#    that pays nothing adds 0) and each get the sum divided by *k*, **rounded down**;
#    the next player takes place *p + k*.
#
# These are the five examples of the rules, worked out by `majority_awards`, whose
# `explain` says each step in words:

# %%
# NBVAL_CHECK_OUTPUT
examples = [
    (1, "garden", {"A": 2, "B": 2, "C": 1}),
    (2, "tower", {"A": 4, "B": 4, "C": 2}),
    (2, "seraglio", {"A": 3, "B": 1, "C": 1, "D": 0}),
    (3, "pavilion", {"A": 5, "B": 3, "C": 3, "D": 1}),
    (3, "chambers", {"A": 2, "B": 2, "C": 2, "D": 0}),
]
for round_no, kind, tiles in examples:
    counts = {player: {kind: n} for player, n in tiles.items()}
    held = ", ".join(f"{player} {n}" for player, n in tiles.items())
    print(f"round {round_no}, {kind}s held: {held}")
    for award in majority_awards(counts, kind, round_no):
        print("   ", award.explain())

# %% [markdown]
# Note D in the seraglio and chambers examples: with no tile, D takes no place at all,
# which is not the same as being last.
#
# ### What a tie costs
#
# Sharing first place means sharing the first *and* the following places' points. How
# much that leaves depends on the round. Here are towers, the dearest type, for a player
# alone in first place and for two or three players tied for it:

# %%
# NBVAL_CHECK_OUTPUT
print(f"{'':8} {'alone':>6} {'tie of 2':>9} {'tie of 3':>9}")
for r in (1, 2, 3):
    shares = [majority_awards({f"P{i}": {"tower": 1} for i in range(k)}, "tower", r)[0].points
              for k in (1, 2, 3)]
    print(f"round {r}  {shares[0]:6} {shares[1]:9} {shares[2]:9}")

# %% [markdown]
# In round 1 a tie halves the points (there is no second place to share), and a
# three-way tie leaves a third. By round 3 a tie for first costs only 4 of 21 points.
# So early on, breaking a tie with one more tile is worth a lot; late in the game, a
# tie is nearly as good as the lead, and the tile may do more elsewhere.
#
# ## 3 Explore
#
# The explorer below starts with three players after round 2, Ana and Ben tied in
# towers. Change the counts or the round, and read the table, the sentences and the bars.
# Try giving Cy 4 towers too: a three-way tie for first, (13 + 6 + 0) / 3.

# %%
MajorityExplorer()

# %% [markdown]
# ## 4 A real game, three rounds replayed
#
# Three GreedyBots play a whole game (the seed fixes it). Each scoring round is recorded
# as an event holding everyone's counts, wall points and round points, so we can replay
# the scoring from the record alone.

# %%
game = play(Game(["Ana", "Ben", "Cy"], seed=8), [GreedyBot(), GreedyBot(), GreedyBot()])
rounds = [event for event in game.events if event["type"] == "scoring"]
print("scoring rounds recorded:", ", ".join(str(event["round"]) for event in rounds))

# %% [markdown]
# For each round: how many tiles of each type everyone had, and the points. The
# `majorities` column is computed here from the counts; the last column is what the
# game recorded. They must agree: majorities plus walls.

# %%
# NBVAL_CHECK_OUTPUT
for event in rounds:
    sheet = pd.DataFrame(event["counts"]).T[list(KINDS)]
    sheet["majorities"] = pd.Series(score_majorities(event["counts"], event["round"]))
    sheet["walls"] = pd.Series(event["walls"])
    sheet["recorded"] = pd.Series(event["points"])
    assert (sheet["majorities"] + sheet["walls"] == sheet["recorded"]).all()
    print(f"round {event['round']}\n{sheet.to_string()}\n")

# %% [markdown]
# Round 1 came early: few tiles and many ties (all three shared first place in gardens).
# Here is how round 2 went, place by place:

# %%
# NBVAL_CHECK_OUTPUT
print("\n".join(explain_majorities(rounds[1]["counts"], 2)))

# %% [markdown]
# Ties everywhere: chambers, gardens and towers were all shared in round 2. And the
# picture of the same round, one bar per player and type (pale bars scored nothing):

# %%
draw_majorities(rounds[1]["counts"], 2).figure

# %% [markdown]
# Over the whole game, how much came from majorities and how much from walls?

# %%
# NBVAL_CHECK_OUTPUT
walls = {name: sum(event["walls"][name] for event in rounds) for name in game.players}
for name in game.players:
    total = game.scores[name]
    print(f"{name}: {total} points, {total - walls[name]} from majorities, {walls[name]} "
          f"from walls ({walls[name] / total:.0%})")
print("winner:", " and ".join(game.winners))

# %% [markdown]
# Majorities bring most of the points, but with two points between first and second, a
# single wall segment or a broken tie decides this game.
#
# Load round 3 into the explorer and ask "what if?": what if Ben had built one more
# pavilion, or Cy one tower fewer?

# %%
MajorityExplorer(rounds[2]["counts"], round_no=3)

# %% [markdown]
# ## 5 Dirk in a two-player game
#
# With two players, majorities would be too easy: whoever is not first is second. So the
# two-player game adds **Dirk**, a neutral third party (§10). He never takes a turn and
# has no Alhambra; he just holds tiles, face up, and competes for every majority with
# them, ties included. He receives:
#
# * 6 tiles from the bag at the start,
# * 6 more right after scoring round 1,
# * a third of the tiles left in the bag (rounded down) right after round 2,
# * and any tile a player chooses to **give** him instead of building it.
#
# Dirk's points are counted, but he cannot win. The example of the rules: in round 2
# Ana and Dirk have 3 gardens each, Ben has 2.

# %%
# NBVAL_CHECK_OUTPUT
dirk_example = {"Ana": {"garden": 3}, "Dirk": {"garden": 3}, "Ben": {"garden": 2}}
print("\n".join(explain_majorities(dirk_example, 2)))

# %% [markdown]
# Without Dirk, Ana would be first alone with 12 points and Ben second with 5. Dirk
# took 4 points from Ana and all of Ben's 5.
#
# A real two-player game between GreedyBots:

# %%
duel = play(Game(["Ana", "Ben"], seed=4), [GreedyBot(), GreedyBot()])
duel_rounds = [event for event in duel.events if event["type"] == "scoring"]
print("final scores:", ", ".join(f"{name} {points}" for name, points in duel.scores.items()))

# %% [markdown]
# How many tiles Dirk held in each round, and what he changed. For each player, the
# majority points with Dirk (what the game paid) and without him (the same counts with
# Dirk's removed):

# %%
# NBVAL_CHECK_OUTPUT
for event in duel_rounds:
    counts, r = event["counts"], event["round"]
    without = {name: c for name, c in counts.items() if name != "Dirk"}
    paid, alone = score_majorities(counts, r), score_majorities(without, r)
    print(f"round {r}: Dirk holds {sum(counts['Dirk'].values()):2} tiles and scores "
          f"{paid['Dirk']:3}; " + ", ".join(f"{name} {paid[name]} (without Dirk {alone[name]})"
                                         for name in duel.players))

# %% [markdown]
# Dirk's tiles come from the bag at random, so his majorities fall where luck puts them:
# every type he leads pays him instead of a player, and every type he is second in
# pushes a player down. That is what makes giving him a tile a weapon: a tile handed to
# Dirk can lift him past your opponent in a type you cannot win yourself.
#
# Round 2 of this game, Dirk included, in the explorer:

# %%
MajorityExplorer(duel_rounds[1]["counts"], round_no=2)
