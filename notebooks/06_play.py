# ---
# jupyter:
#   alhambra:
#     paths:
#     - play
#     purpose: Play a whole game against bots by clicking, then save it, load it and
#       replay it.
#     reading_minutes: 30
#   jupytext:
#     formats: ipynb,py:percent
#     notebook_metadata_filter: alhambra,-kernelspec,-jupytext.text_representation.jupytext_version
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
# ---

# %% [markdown]
# # Play against the bots, then watch a game again
#
# Reading rules is one thing; playing is how they sink in. This notebook seats you at a
# table with two bots. Then it saves a whole game, loads it back, tells its story and
# plots its score, and finally replays it turn by turn.

# %%
# %matplotlib inline
import tempfile
from pathlib import Path

from alhambra_lib import Game
from alhambra_lib.analysis.hint_calibration import (
    base_rows,
    plot_hint_reliability,
    read_hint_calibration,
)
from alhambra_lib.bots import GreedyBot, play
from alhambra_lib.bots.search import calibration_level
from alhambra_lib.draw import draw_score_track
from alhambra_lib.replay import HEADLINES, actions_from_events, narrate, replay
from alhambra_lib.teaching.text import sentences
from alhambra_lib.table.session import hint_level
from alhambra_lib.teaching.tour import loaded_sentences, replayed_sentences, resumed_sentences
from alhambra_lib.widgets import GameTable, ReplayViewer

# %% [markdown]
# ## 1 Your game
#
# You play against two GreedyBots. A GreedyBot looks one step ahead: it buys what
# improves its majorities, pays exactly when it can, and places tiles to keep its
# longest wall long. The game is dealt and the bots have played their first turns: it
# is your turn.
#
# You play by clicking the table, as you would move the pieces:
#
# * **Take money**: click a card of the money display, then one of the ways to take it
#   that appear (one card of any value, or several totalling at most 5).
# * **Buy a tile**: click a market square. The ways you can pay in its currency appear;
#   the exact ones are green, and paying exactly lets you act once more. The squares
#   you can pay exactly are marked ★ exact. Your money is grouped and summed per
#   currency, so you see at once what you can afford.
# * **Build**: the tile you bought is in hand, drawn with its walls (the thick dark
#   sides). The cells of your Alhambra where it may go are green: click one. A red cell
#   says why the tile may not go there. You may also put the tile in your reserve, or,
#   in a two-player game, give it to Dirk.
# * **Redesign**: click a tile of your reserve to take it in hand and build it, or click
#   one of your tiles to move it to your reserve (or swap it with the tile in hand).
#
# **undo my last move** takes back your own moves as long as nothing new came to light
# since (no card or tile drawn, no other player moved). **suggest a move** asks the master
# search bot where the compiled core is in use (Mega Box games too), else the strong one;
# the hint says which. It says
# "thinking…" while it thinks, marks the next click of its best move and lists its three
# best moves in words, each with what it expects: how many points ahead of (or behind)
# your rivals you finish, and your chance to win. The chance is how often such positions
# were won when every player was the bot that advises (80 saved games of each); against
# weaker bots, a player who follows the hints wins more often. The same
# position always gets the same hint. The bots answer at once, or one move at a time if
# you choose **one by one**. What they did is told under the table, next to their
# Alhambras and Dirk's tiles.

# %%
table = GameTable()
table

# %% [markdown]
# The table deals the same game every time this page opens. For another one, press
# **new game…**: choose your name, 2 to 6 players (with two, Dirk joins as a third
# collector who scores but never plays), the bot in each seat (the search bot
# among them, easy, medium or strong), the deal (seed) and the
# Mega Box modules to play with. Their pieces lie on the table too, and their moves are
# clicks on them: a hut's pile, a bazaar or a wall card beside the market (then the side
# of your tile where its sticks go, drawn as a thin strip), a treasure room, your
# buildings for the chests, the citizens of the supply and your merchant's disc, a bid
# button beside the character up for auction, a card of the display for a thief, and
# for a gate the double wall it goes through (a dark strip along the cell). When a click
# leaves a few moves open, they are offered as buttons; a payment among many is narrowed
# by clicking the cards you pay with. The hint looks ahead with modules too; a game with
# many modules makes it think longer, so the new-game panel lets you take **hints** from a
# quicker search. Experts may tick **list every legal move** to choose in a list instead.
# **save** offers the game as a file to download; **load** goes on with a saved one.

# %% [markdown]
# ### How sure is the hint?
#
# The search judges a move by the share of its sampled futures in which you end ahead.
# Those futures are short (a few rounds of turns, then a projection of the score), so the
# share is far too sure of itself: it says 100 % of positions that are often lost. The
# hint shows a chance fitted to outcomes instead, from the share and from the tiles left
# in the bag (the nearer the end, the more a lead counts), for each bot that advises: in
# 80 saved games in which every seat was the strong bot, positions it gave a chance of
# 70 % were won about 70 % of the time, and the master's hints are fitted on its own
# self-play. The picture shows the games of the bot that advises here, and compares the
# two with what happened (the dashed line: won exactly as often as said). Against weaker
# bots, following the hints wins more often than it says.

# %%
reliability = base_rows(read_hint_calibration(), calibration_level(hint_level()))
plot_hint_reliability(reliability).figure

# %% [markdown]
# ## 2 A game saved and loaded
#
# For the rest of the notebook we need a finished game. Three GreedyBots play one from a
# fixed seed. We keep its start, too: we will need it for the replay.

# %%
start = Game(["Ana", "Ben", "Cy"], seed=2024)
bots = [GreedyBot(), GreedyBot(), GreedyBot()]
game = play(Game.from_json(start.to_json()), bots)
game

# %% [markdown]
# `to_json` writes the whole state as text: tiles, cards, Alhambras, scores, every event
# and even the state of the game's random generator. `from_json` reads it back and
# checks it against the rules (no card missing or doubled, every Alhambra legal, the
# scores equal to the sum of the scoring rounds). Let us save both the start and the
# end to files and load them again.

# %%
# NBVAL_CHECK_OUTPUT
with tempfile.TemporaryDirectory() as folder:
    Path(folder, "start.json").write_text(start.to_json())
    Path(folder, "game.json").write_text(game.to_json())
    saved_start = Game.from_json(Path(folder, "start.json").read_text())
    saved = Game.from_json(Path(folder, "game.json").read_text())
loaded_sentences(game, saved)

# %% [markdown]
# ## 3 The story
#
# Every change to a game is an event, a small dict, and `describe_event` turns each into
# a line of English. The first three turns, told in full: what each player did, then
# the turn end refilling the money display and the market.

# %%
sentences(*narrate(saved.events, turns=[1, 2, 3]))

# %% [markdown]
# A whole game is hundreds of such lines. Its headlines are the scoring rounds and the
# end:

# %%
# NBVAL_CHECK_OUTPUT
sentences(*narrate(saved.events, types=HEADLINES))

# %% [markdown]
# ## 4 The score track
#
# The same scoring events, drawn: the running total of each player after every round,
# solid for majorities and hatched for walls.

# %%
draw_score_track(saved.events).figure

# %% [markdown]
# ## 5 A game is its start and its actions
#
# Everything random in a game comes from its own generator, which is part of the saved
# state. So the start and the list of actions the players chose determine everything
# else: playing the same actions again from the same start draws the same tiles and
# cards and tells the same story. `actions_from_events` reads the players' actions out of
# the record, and `replay` plays them again, checking every event against the record.

# %%
# NBVAL_CHECK_OUTPUT
actions = actions_from_events(saved.events)
replayed_sentences(actions, replay(saved_start, saved.events), saved)

# %% [markdown]
# That also means a game saved in the middle goes on exactly as the original did. Stop
# the replay when turn 60 begins (between the first and the second scoring round), save
# it, load it, and let the same bots finish it:

# %%
# NBVAL_CHECK_OUTPUT
middle = replay(saved_start, saved.events, turn=60)
finished = play(Game.from_json(middle.to_json()), [GreedyBot(), GreedyBot(), GreedyBot()])
resumed_sentences(middle, finished, saved)

# %% [markdown]
# ### Watch it turn by turn
#
# Move the slider (or press the buttons) to see any turn: what happened in it, and the
# table right after it.

# %%
ReplayViewer(saved_start, saved.events)
