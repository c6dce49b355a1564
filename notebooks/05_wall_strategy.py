# ---
# jupyter:
#   alhambra:
#     paths:
#     - analyse
#     purpose: Ask tournaments of bots what a wall is worth, with the noise of every
#       answer.
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
# # Walls or majorities? Tournaments of strategic bots

# %%
# %matplotlib inline
from dataclasses import asdict

import pandas as pd
from IPython.display import HTML

from alhambra_lib import Game
from alhambra_lib.analysis import best_wall, tiles_of
from alhambra_lib.analysis.master_walls import describe_master_walls
from alhambra_lib.analysis.plots import (plot_bots, plot_sweep, plot_wall_by_turn,
                                         plot_wall_gaps, plot_win_rate_by_wall)
from alhambra_lib.analysis.reports import describe_wall_study, wall_verdict
from alhambra_lib.analysis.saved import load_study, run_small_wall_run
from alhambra_lib.analysis.stats import summary, wall_win_association, win_rate_by_wall
from alhambra_lib.analysis.strong_walls import describe_strong_walls
from alhambra_lib.analysis.wall_arms import describe_wall_arms, wall_arms_answer
from alhambra_lib.analysis.sweep import sweep_summary, weight_sweep
from alhambra_lib.analysis.tournaments import final_position
from alhambra_lib.bots import BalancedBot, MajorityHunter, WallBuilder
from alhambra_lib.draw import draw_alhambra
from alhambra_lib.widgets import SavedStudyView, StudyRunner, WallWeightExplorer

# %%
# The page's answer first, in two lines, from the saved experiment of the next section
# (its words follow the experiment's numbers).
HTML(wall_arms_answer(load_study("wall_arms")))

# %% [markdown]
# ## What is a wall worth? An experiment
#
# Every wall point counts the same on the score track, but a player who chases walls
# buys other tiles than one who chases majorities. So how much should you care about
# your wall? We asked the strongest player we have, the search bot at its strong level,
# and changed one thing only: the weight it gives the longest wall's coming points when
# it judges a position. At weight 1 it counts them at face value, as the standard bot
# does; at 0 it ignores walls; at 0.5 it counts them half; at 2 double.
#
# In each game one seat played with the arm's weight against two standard strong
# players, three players, base game. Every arm played the same games (the same deals,
# the same seat), so two arms differ only by the weight: their difference, game by
# game, is what the weight does. The games were played with the compiled core, saved
# with the library, and are read here; the bars show 95% intervals, and the text says
# where they leave a question open.

# %%
# Played by: python -m alhambra_lib.analysis.saved wall_arms
SavedStudyView("wall_arms", describe_wall_arms)

# %% [markdown]
# The rest of this page asks the same question of the one-step bots, whose weights are
# set by hand, with tournaments; its answer first, in two lines, from the saved study of
# section 8 (its words follow the study's numbers):

# %%
HTML(wall_verdict(load_study("wall_study")))

# %% [markdown]
# An *Alhambra* scores twice in each of its three scoring rounds: the majorities, type
# by type, and the **longest wall**, one point per segment (RULES.md §8). Every tile
# bought is a choice between the two: the tower that takes first place in towers, or
# the cheap pavilion whose walls join the long run along the north side. How much
# should a player care about the wall?
#
# We ask bots. The library's strategic bots differ only in the *weights* they give a
# few features of a position, the wall among them, so we can turn the
# wall weight up and down and watch what happens to the wins, the scores and the walls.
# Games are noisy, so every rate and mean comes with a 95% confidence interval.
#
# The first run is small, 60 games per tournament: enough to show the method and how
# wide the noise is, not to settle close questions. Section 8 then shows a larger run of
# the same study. Both were played once with their seeds and saved with the library, so
# this page plays no game to show them and opens at once; a button under section 8
# plays a new run, and section 9 lets you play a study of your own: choose the games,
# the players, the seed and the wall weights. Section 10 asks the same question of a
# much stronger player, the search bot.

# %%
# The one knob, for readers of the notebook in JupyterLab. By default the page reads the
# small run saved with the library (played by
#     python -m alhambra_lib.analysis.saved wall_small_run
# 60 games per tournament on seed 2003); set LARGE_STUDY to True to play a large run here
# instead (the text of sections 2 to 7 describes the saved small run: with True, read the
# tables and plots). The results depend on the seed alone, never on how many processes
# play the games. Section 11's cell below plays the large study on a dask cluster.
LARGE_STUDY = False  # True: 2000 games per tournament on every core (~15 min on 2 cores)

if LARGE_STUDY:
    run = run_small_wall_run(games=2000, seed=2003, gap_games=100, n_jobs=-1)
else:
    run = load_study("wall_small_run")

# %% [markdown]
# ## 1 What the bots weigh
#
# A strategic bot looks one action ahead. For each legal action it works out how the
# action would change a few features of its own position, multiplies each change by a
# weight and takes the action with the highest sum. The wall feature is the change in
# the longest wall, counted once for each scoring round still to come (the rounds after
# the next at half value, the "future" weight); the majority features are the points of first and
# of lower places in the rounds to come. The three presets:

# %%
# NBVAL_CHECK_OUTPUT
weights = pd.DataFrame({bot.__name__: asdict(bot.preset)
                        for bot in (WallBuilder, MajorityHunter, BalancedBot)})
print(weights.to_string())

# %% [markdown]
# The wall builder values a wall segment three times as much as the balanced bot and
# thirty times as much as the majority hunter, which in turn values a first place 1.6
# times as much. Everything else is shared. So how often do they actually disagree?
# Follow one game, played by a balanced bot in every seat, and ask all three bots at
# every decision.

# %%
bots = {"wall": WallBuilder(), "majority": MajorityHunter(), "balanced": BalancedBot()}
game, agreed, decisions, split = Game(["Ana", "Ben", "Cy"], seed=5), 0, 0, None
while not game.is_over:
    view, legal = game.view(game.current_player), game.legal_actions()
    choices = {name: bot.choose(view, legal) for name, bot in bots.items()}
    decisions += 1
    agreed += len(set(choices.values())) == 1
    if split is None and len(set(choices.values())) == 3:
        split = (view, choices)
    game.apply(choices["balanced"])

# %%
# NBVAL_CHECK_OUTPUT
print(f"all three bots agree on {agreed} of {decisions} decisions; where all differ:")
view, choices = split
for name, action in choices.items():
    print(f"  {name:9} {action}")
changes = pd.DataFrame({name: bots[name].features(view, action)
                        for name, action in choices.items()})
print(changes[(changes != 0).any(axis=1)].to_string())

# %% [markdown]
# Most decisions are the same for all three: take the money that buys the tile you
# want, pay exactly, build where the walls fit. Only once in this game do all three
# differ, on one market: the wall builder buys the pavilion that adds a wall segment
# and, paid exactly, grants another action; the majority hunter the garden worth 16
# first-place points to come, although it gives up 12 lower-place points; the
# balanced bot the seraglio, 8 first-place points for nothing lost. The weights decide
# only the close calls, so we should expect small differences between the bots, and
# need many games to see them.
#
# ## 2 A first tournament
#
# A tournament plays seeded games and keeps one row per player per game. The bots
# sit in rotation, so each sits in every seat equally often; each game has
# its own seed, so the table is the same on one core or many. Tied leaders all win.

# %%
first = run.first  # tournament(["wall", "majority", "balanced"], games=60, seed=2003)

# %%
# NBVAL_CHECK_OUTPUT
print(summary(first).round(2).to_string())

# %%
plot_bots(summary(first), baseline=1 / 3).figure

# %% [markdown]
# With three players, a bot no better than the others wins one game in three (the
# dashed line). The intervals are the story of a small run: each is about ±0.12 wide,
# so the wall builder's 25% and the others' 38% are still compatible with three
# equally good bots. The scores say the same, with intervals of ±5 points around means
# that differ by less:

# %%
plot_bots(summary(first), "mean_score").figure

# %% [markdown]
# Where do the points come from? About a quarter of a score is wall points, summed
# over the three rounds. The wall builder ends with the longest wall, yet over the
# game it scores hardly more wall points than the balanced bot, and fewer majority
# points: a wall pays in each round it stands, and its extra segments come late.

# %%
# NBVAL_CHECK_OUTPUT
points = first.assign(majorities=first.filter(like="majority_r").sum(axis=1),
                      walls=first.filter(like="walls_r").sum(axis=1))
print(points.groupby("bot")[["majorities", "walls", "score", "final_wall"]].mean()
      .round(1).to_string())

# %% [markdown]
# ## 3 Turning one knob: the wall weight
#
# Comparing three presets changes several weights at once. To isolate the wall, take
# the balanced bot, set its wall weight to each of a few values and play it (labelled
# "swept") against the same field, a majority hunter and a plain balanced bot. Two
# details make the comparison fairer:
#
# * every weight plays **the same game seeds**: the same deals in the same seats, so
#   the luck of the cards does not differ from one weight to the next (the games part
#   as soon as the bots choose differently);
# * at wall weight 1 the swept bot *is* a balanced bot: a built-in control. Its
#   results there differ from the plain balanced bot's by seat and chance alone.

# %%
sweep = run.sweep  # the rows of weight_sweep([0, 0.5, 1, 2, 4], games=60, seed=2003)
curve = sweep_summary(sweep)

# %%
# NBVAL_CHECK_OUTPUT
print(curve[["games", "win_rate", "win_low", "win_high", "mean_score", "score_low",
             "score_high", "mean_final_wall"]].round(2).to_string())

# %%
plot_sweep(curve, baseline=1 / 3).figure

# %%
plot_sweep(curve, "mean_score").figure

# %%
plot_sweep(curve, "mean_final_wall").figure

# %% [markdown]
# The clearest effect is on the wall itself: with weight 0 the bot ignores the wall
# and ends with about 10 segments; any positive weight brings it to 13 or 14, and more
# weight adds little more. Walls come mostly from placing tiles well, which even a
# small weight does; buying for walls barely lengthens them further.
#
# The win rate seems to say that ignoring the wall wins: 0.35 at weight 0, about 0.2
# above. Before believing it, look at the control, the three bots at weight 1:

# %%
# NBVAL_CHECK_OUTPUT
print(summary(sweep[sweep["wall_weight"] == 1]).round(2).to_string())

# %% [markdown]
# Two copies of the same balanced bot won 0.20 and 0.45 of the same 60 games, and
# their intervals do not even overlap. That is rare for independent samples, but these
# are not: two players of one game cannot both win it alone. It is the luck of the
# deal and the seat, and it is shared: every weight plays the same 60 deals from the
# same seats, and so did the wall builder in section 2, with its 0.25 there. The common seeds
# remove this luck from the comparison *between* weights, but not from the swept bot's
# level against the field, and the games diverge enough that even between weights the
# noise stays large. The curve is no evidence that ignoring walls pays; section 8 shows what
# a larger run found.
#
# ## 4 Do long walls win?
#
# A different question, asked of every player-game played so far: do the players who
# end with long walls win more often? The players are put in buckets by their final
# wall:

# %%
everything = pd.concat([first, sweep], ignore_index=True)
by_wall = win_rate_by_wall(everything, width=4)
plot_win_rate_by_wall(by_wall, baseline=1 / 3).figure

# %% [markdown]
# Clearly yes: below 12 segments a player wins about one game in five, above 20 about
# half or more, with the intervals well apart. A logistic regression of winning on the
# final wall measures the link; taken relative to the game (each wall minus the mean
# wall of its game) it asks whether out-building the table wins rather than whether
# long-wall games are won.

# %%
# NBVAL_CHECK_OUTPUT
association = pd.DataFrame({"absolute": wall_win_association(everything),
                            "relative to the game": wall_win_association(everything,
                                                                         relative=True)})
print(association.loc[["n", "point_biserial", "odds_ratio", "odds_low", "odds_high"]]
      .round(3).to_string())

# %% [markdown]
# Each extra segment multiplies the odds of winning by about 1.15, or 1.2 for a
# segment more than the rest of the table. Does that mean a player should build walls?
# Not by itself: a long wall is partly a *symptom* of a good game (more money, more
# tiles, more places to put them), and the wall points are part of the score that
# decides the winner. Association across games cannot tell cause from symptom; the
# sweep, which changes the wall weight and nothing else, can, given enough games (section 8).
#
# ## 5 Walls turn by turn
#
# Each row of a tournament keeps the wall after each of the player's turns. Averaged
# per bot (turns that fewer than half the players reached are left out):

# %%
plot_wall_by_turn(first).figure

# %% [markdown]
# For the first third of the game the three walls grow alike, about half a segment a
# turn: early tiles go where they fit and walls come with them. Then the
# majority hunter, which barely values walls, falls behind, while the wall builder
# catches up with the balanced bot and passes it only in the last turns. The
# differences in final walls build up late, which is why they bring so few wall points
# (section 2): the first two rounds are scored before them.
#
# ## 6 How good were the walls?
#
# How far is a final wall from the best its tiles allowed? We take the tiles of each
# final Alhambra and its reserve and search for the arrangement, built by legal
# placements, with the longest wall. Proving the best is exponential in the tiles, so we
# bound the cost: a beam search of width 16 and no exact proof takes about a quarter of
# a second per Alhambra, always the same work. (A time limit would bound it too, but its
# answer would depend on the speed of the machine.) The best found is then a lower bound of the best possible, and
# so is the gap.

# %%
gaps = run.gaps  # add_wall_gaps(first[first["game"] < 6], beam_width=16, exact_limit=0)

# %%
# NBVAL_CHECK_OUTPUT
print(gaps.groupby("bot")[["tiles", "final_wall", "best_wall", "wall_gap"]].mean()
      .round(1).to_string())
print(f"proven best: {gaps['wall_gap_exact'].sum()} of {len(gaps)}")

# %%
plot_wall_gaps(gaps).figure

# %% [markdown]
# The same tiles could nearly always have built a much longer wall, often twice as
# long. This is hindsight, of course: the best arrangement is built knowing every tile
# that will come, in any order, and tearing nothing down, while a player places tiles
# as they come and must keep cells open for the next. Even so, the gaps of a dozen
# segments say there are wall points left on the table by all three bots, the
# wall builder included: its one-step look-ahead only sees the next tile. Here is the
# biggest gap of the sample, the Alhambra as built and the best arrangement of its tiles:

# %%
worst = gaps.loc[gaps["wall_gap"].idxmax()]
alhambra, reserve = final_position(worst["final_layout"])
draw_alhambra(alhambra, reserve=reserve, label=f"As built by the {worst['bot']} bot").figure

# %%
best = best_wall(tiles_of(alhambra, reserve), beam_width=16, exact_limit=0)
draw_alhambra(best, label="The best arrangement found").figure

# %% [markdown]
# The best arrangement strings the tiles out in a thin line, so that nearly every wall
# faces outwards and joins the next; the Alhambra as built turns many of its walls
# inwards or leaves gaps between them. No player could plan that far, but a bot that
# kept its open sides facing each other could get closer.

# %% [markdown]
# ## 7 Explore the sweep
#
# The explorer holds the sweep computed in section 3: moving the slider only looks results up,
# it plays no game. For each wall weight it shows all three bots of those games with
# their intervals, the swept bot's win rate and score curves with that weight marked,
# and the walls turn by turn. Look at weight 1, where the swept bot and the plain
# balanced bot are the same bot.

# %%
WallWeightExplorer(sweep)

# %% [markdown]
# ## 8 What we can and cannot conclude
#
# From the small run alone:
#
# * **The wall weight sets the wall, up to a point.** Ignoring walls costs about 4 of
#   14 segments of the final wall; beyond a weight of one half, more weight adds almost
#   nothing. This effect is far larger than its interval.
# * **Long walls go with winning**, strongly (odds × 1.15 per segment), but that
#   alone does not say that aiming for walls wins.
# * **Win rates and scores do not separate the bots.** The intervals are about ±0.12
#   (win rate) and ±5 points (score) wide, and the control at weight 1 shows one bot
#   against itself differing by as much as anything we see. The hint that a wall
#   weight of 0 wins most is not to be trusted.
#
# A larger run settles more. We played the study once more with many more games per
# tournament (seed 2003) and saved its results with the library; this page reads them,
# so it plays no game for them. Below them, **run a new study** plays one with the games
# and the seed you choose (twenty games per tournament take well under a minute), and
# shows it the same way: the answer above the pictures and the sentences under them are
# written from the run shown, saved or new.

# %%
# The saved study was played by run_wall_study (alhambra_lib.analysis.study), seed 2003:
#     python -m alhambra_lib.analysis.saved wall_study
SavedStudyView("wall_study", lambda study: describe_wall_study(study, small=curve))

# %% [markdown]
# Whatever a run says of the win rates, section 6 says where more wall points lie: in
# planning the wall further ahead than the next tile, which none of these bots does.
#
# ## 9 A study of your own
#
# The small run of this page took 60 games per tournament and the saved one many more;
# here you choose. Set the games per wall weight, the players per game, the seed and the
# wall weights to try, and press **play the study**: the swept balanced bot plays one
# tournament per weight against a majority hunter and a plain balanced bot, the bar
# shows the games played, and the table and the plot its results with their intervals.
# Twenty games per weight take about half a minute per weight; the same settings always
# give the same results. With more players than bots, a bot takes more than one seat.

# %%
StudyRunner()

# %% [markdown]
# ## 10 Walls for a strong player
#
# Every bot so far looks one action ahead and weighs what it sees with weights set by
# hand, and section 8 showed that their win rates cannot tell those weights apart. Does
# a wall matter more, or less, when the players play well? Here all three seats are
# taken by the search bot (at its medium level): before each decision it
# deals the cards it cannot see in a few of the ways they could lie, plays a round of
# turns on from each of its best few moves in every such deal, and keeps the move whose
# projected final margin over the best rival is largest on average. It plays the base
# game with three players.
#
# Its games take seconds each, so the study was played outside this page (seed 2003),
# every game saved as it finished, and a rerun plays only the games still missing: the saved file grows towards
# the study's 300 games. The page reads that file and plays nothing. What follows says
# how many games it holds; the intervals are 95% intervals, and the text says where
# they leave a question open.
#
# The first picture is the win rate of the players whose final wall fell in each range
# (a fair share is one game in three, the dashed line; *n* is the number of
# player-games); the second is where the players' points come from, round by round:
# walls in the amber of the longest wall on the board drawings, majorities in blue. The
# text measures what a segment is worth as the odds of winning of a player whose wall is
# one segment longer than the table's mean, and sets it beside the same measure for the
# one-step bots of section 2. Below it, **run a new study** plays a new one with the
# games and the seed you choose (each game takes several seconds; the page stays as it
# is until you press it).

# %%
# Played by: python -m alhambra_lib.analysis.saved strong_walls
SavedStudyView("strong_walls", lambda rows: describe_strong_walls(
    rows, run.first, "the one-step bots of section 2"))

# %% [markdown]
# Reading it: a wall is worth its points, one per segment in each scoring round, to a
# strong player as to any; the question is whether building it costs the strong player
# more than it brings. A long wall and a win go together partly because a player who
# buys well has more tiles for both, so the odds ratio measures an association, not
# what adding one segment on purpose would do. Where its interval includes 1 the data
# does not settle even the direction; where the two studies' intervals overlap it does
# not settle whether strong play values walls differently from the one-step bots. More
# games narrow both intervals roughly as one over the square root of their number.

# %% [markdown]
# ### The master at a table of strong players
#
# The same questions with the strongest player we have at the table: the master (the
# search of notebook 09, which needs the compiled core) in one seat, against two strong
# search players, in 100 three-player base games (seed 2027), the master's seat moving
# round the table from game to game. Beside how often it wins, the text compares its
# final wall with the two strong players' at the same table, game by game, and measures
# the odds per segment as above, over every seat. The picture sets the master's final
# wall and wall points beside the strong players' (left), and the win rate by final
# wall over every seat (right). Like section 10, this measures what goes together, not
# what a wall does: the master differs from the strong players in many ways at once.
# The experiment at the top of the page is the one that changes the wall alone.

# %%
# Played by: python -m alhambra_lib.analysis.saved master_walls (needs the compiled core)
SavedStudyView("master_walls", describe_master_walls)

# %%
# 11 The large study (for readers of the notebook itself, in JupyterLab).
# Set LARGE_STUDY = True (the one knob near the top) and run it all: every tournament
# then plays 2000 games on every core.
#     python -m alhambra_lib.analysis.saved wall_study --games 2000 --jobs -1
# plays the study of section 8 on that many games and rewrites its saved file
#     python -m alhambra_lib.analysis.saved wall_small_run
# does the same for the small run of sections 2 to 7. To go further, run the games on a
# dask cluster: pass a distributed.Client as client= to tournament, weight_sweep or
# run_wall_study. The code below does that on a local cluster with a fresh seed, a
# replication of section 3 that no seed of ours was tuned on; it runs only with
# LARGE_STUDY.
if LARGE_STUDY:
    from distributed import Client, LocalCluster

    # Client("tcp://scheduler:8786") joins a running cluster instead.
    with LocalCluster() as cluster, Client(cluster) as client:
        replication = weight_sweep([0, 0.5, 1, 2, 4], games=2000, seed=2004, client=client)
    print(sweep_summary(replication).round(3).to_string())
