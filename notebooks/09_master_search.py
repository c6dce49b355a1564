# ---
# jupyter:
#   alhambra:
#     paths:
#     - analyse
#     purpose: Watch the master bot choose a move in a real game, from the deals it
#       imagines to the move it plays.
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
# # How the master bot thinks: imagined deals, halving rounds, one move

# %%
# %matplotlib inline
from IPython.display import HTML, Image, display
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from alhambra_lib import Game
from alhambra_lib.bots import BalancedBot, WallBuilder
from alhambra_lib.bots.search import (MASTER_CANDIDATES, MASTER_HORIZON, MASTER_SAMPLES,
                                      SearchBot)
from alhambra_lib.draw import draw_alhambra, draw_cards, draw_game, png_of
from alhambra_lib.palette import CURRENCY_COLOURS, GRID_COLOUR, KIND_COLOURS, SERIES_COLOURS
from alhambra_lib.sim import core_info
from alhambra_lib.teaching.master_search import halving_rounds, next_cards, sampled_deals

# The master searches in the compiled core only: without it the page says so and shows
# no picture, instead of stopping with an error.
CORE = core_info()["engine"] == "native"
HTML("<p>The master bot is ready: it searches in the library's compiled core.</p>" if CORE
     else "<p><b>This page needs the library's compiled core</b>, which is not in use here "
          f"({core_info()['reason']}). The master bot searches only in the core, so the "
          "pictures below are left out; the text still explains how it thinks.</p>")

# %% [markdown]
# The *master* is the strongest bot of the library. It plays the same game as you, with
# the same knowledge: it sees the market, the money on display, every Alhambra and every
# reserve, its own hand, and, by counting, everyone's money and which tiles are still in
# the bag. What it cannot see is the *order* of what is hidden: which money cards come
# next from the draw pile, where in it the scoring cards lie, and which tiles come out of
# the bag next.
#
# So it does what a thoughtful player does, many times over: it *imagines* ways the
# hidden cards could lie, plays each promising move forward in each imagined game, and
# keeps the move that does best on average. This page follows it through one decision of
# a real game, step by step:
#
# 1. the position;
# 2. the imagined deals;
# 3. the moves worth a look, and the *halving rounds* that spend more games on the best;
# 4. the move it plays, drawn on its Alhambra.

# %% [markdown]
# ## 1. The position
#
# A game of three: Ana is the master bot, Ben plays like the balanced bot and Cy like the
# wall builder. The game below was played by them (the same way every time the page
# opens) up to one of Ana's turns in the middle of the game. The picture shows the table
# as Ana sees it, with her hand of money.

# %%
SEED, TURN, PLAYERS = 1, 25, ("Ana", "Ben", "Cy")


def position(seed, turn):
    """The seeded game of the page, played up to Ana's first money-or-tile decision of
    `turn` by the master (Ana) and two one-step bots."""
    game = Game(list(PLAYERS), seed=seed)
    bots = {"Ana": SearchBot("master", seed=1), "Ben": BalancedBot(), "Cy": WallBuilder()}
    while not (game.decision.player == "Ana" and game.turn >= turn
               and game.decision.kind == "act"):
        name = game.decision.player
        game.apply(bots[name].choose(game.view(name), game.legal_actions()))
    return game, bots["Ana"]


if CORE:
    game, master = position(SEED, TURN)
    view = game.view("Ana")
    display(draw_game(game, viewer="Ana"))
    scored = (f"{len(game.rounds_scored)} of the three scorings have come"
              if game.rounds_scored else "no scoring has come yet")
    display(HTML(f"<p>Turn {game.turn}, Ana to play; {scored}.</p>"))

# %% [markdown]
# ## 2. The imagined deals
#
# Ana knows exactly which money cards are left in the draw pile (every card taken or paid
# was seen), but not their order. An *imagined deal* (a "sampled game") shuffles what she
# cannot see into the places she cannot see into, in every way that fits what she knows:
# the money cards left in the draw pile in a random order, a scoring card still to come at
# a random place in its own part of the pile (the rules shuffle the first into the second
# fifth of the money, the second into the fourth), and a fresh order for the tiles still
# to come out of the bag. Ana could not tell any of these
# games from the real one: her view of each is exactly her view of the real game.
#
# Each deal also decides how the rivals will play in it: Ana imagines each rival as a
# balanced player or as a wall builder, at random, so that she does not count on everyone
# playing alike.
#
# Below are the first three deals of this decision (the very games the search's first
# round plays every move on), each drawn as the draw pile's next cards, the top card
# first. A dark card with a star is the first scoring card: where it lies decides
# whether a scoring comes in a turn or two, or much later. Last, for comparison, the real
# game's next cards, which no player can see.

# %%
DEALS_SHOWN, CARDS_SHOWN = 3, 8


def deal_title(deal):
    styles = ", ".join(f"{rival} plays {style}" for rival, style in deal.styles.items())
    return f"Imagined deal {deal.number}: the next cards, top first ({styles})"


if CORE:
    deals = sampled_deals(master, view, DEALS_SHOWN, cards=CARDS_SHOWN)
    for deal in deals:
        display(draw_cards(deal.next_cards, title=deal_title(deal)).figure)
    display(draw_cards(next_cards(game, CARDS_SHOWN),
                       title="The real game: the next cards, top first (no player sees them)"
                       ).figure)
    display(HTML(f"<p>The draw pile holds {game.deck_size} cards and the bag "
                 f"{game.bag_size} tiles. A decision of the master deals "
                 f"{MASTER_SAMPLES} such games in its first round and twice as many in "
                 "each round after it.</p>"))

# %% [markdown]
# ## 3. The moves worth a look, and the halving rounds
#
# A turn offers many moves: every set of money cards Ana could take, every tile she
# could buy and how she could pay, every change to her Alhambra. The master first asks a
# quick judge (the balanced bot's one-step valuation: majorities, walls, money) for its
# best few, the *candidates*. Then, for each candidate and each imagined deal, it plays
# the candidate, lets every player go on for a few rounds of turns in their imagined
# style, and judges the position reached by its *projected margin*: the points Ana would
# finish with if the coming scorings were scored on the tiles as they then stand, minus
# her rivals' (half the best rival's, half their average). Every candidate is played on
# the *same* deals, so that the luck of a deal favours none of them.
#
# Games cost time, so the master spends them where they matter, in **halving rounds**:
#
# * in the first round every candidate is played on a few deals;
# * the worse half, by mean margin over all the games each has been played on, leaves;
# * the better half is played on twice as many new deals, and so on, until one is left.
#
# A weak move leaves after a few games; the two best are compared on many. Below, first
# the budget of today's master, then, round by round, what happened at this decision.

# %%
if CORE:
    display(HTML(
        f"<p>Today's master looks at up to {MASTER_CANDIDATES} candidates, deals "
        f"{MASTER_SAMPLES} games in the first round and plays each game on for "
        f"{MASTER_HORIZON} rounds of turns after the move (every player "
        f"{MASTER_HORIZON} turns).</p>"))
    analysis = master.analyse(view, n=MASTER_CANDIDATES, legal_actions=game.legal_actions())
    rounds = halving_rounds(analysis, MASTER_SAMPLES)


def games(n):
    return f"{n} game" if n == 1 else f"{n} games"


def rounds_table(rounds):
    """The halving round by round: who was in, and who left with what mean margin."""
    rows = []
    for r in rounds:
        left = "; ".join(f"{m.action} ({m.margin:+.1f})" for m in r.leaving)
        rows.append(f"<tr><td>{r.number}</td><td>{len(r.still_in)}</td>"
                    f"<td>{games(r.new_games)}</td><td>{games(r.games_each)}</td>"
                    f"<td style='text-align:left'>{left}</td></tr>")
    return ("<table><tr><th>Round</th><th>Moves still in</th><th>New deals</th>"
            "<th>Each move played on</th><th style='text-align:left'>Leaving after the "
            "round (mean margin in points)</th></tr>" + "".join(rows) + "</table>")


if CORE:
    display(HTML(rounds_table(rounds)))
    display(HTML(
        f"<p>{len(analysis)} candidates; the search dealt {rounds[-1].games_each} games "
        f"and played a move forward on one of them {sum(m.samples for m in analysis)} "
        f"times in all. The move chosen, <b>{analysis[0].action}</b>, was played on "
        f"{games(analysis[0].samples)}. In the last round the two best met: the chosen "
        f"move's mean margin was {analysis[0].margin:+.1f} points, the other's "
        f"{analysis[1].margin:+.1f}.</p>" if len(analysis) > 1 else
        f"<p>Only one move was worth a look: <b>{analysis[0].action}</b>.</p>"))

# %% [markdown]
# The picture below shows every candidate's mean margin, the moves grouped by the round
# they left in (the chosen move at the top). A bar's colour is what the move is about:
# the tile's type for a purchase, the currency for money taken, grey for a change to the
# Alhambra. Read it with the number of games in mind: a mean over a few games is noisy,
# and a move that looked good after the first round may fall back when more games come
# in, which is why the halving keeps comparing the survivors on new deals instead of
# trusting the first impression. A move that left early with a high mean had a lower one
# than every move kept *at that moment*, on the same games.

# %%
REDESIGN_COLOUR = "#9e9e9e"


def move_colour(action):
    """The colour of what a move is about: the tile's type, the currency taken, or grey."""
    if action.kind in ("buy", "place", "reserve"):
        return KIND_COLOURS[action.tile.kind]
    if action.kind == "take":
        return CURRENCY_COLOURS[action.cards[0].currency]
    return REDESIGN_COLOUR


def plot_candidates(analysis, rounds):
    """Every candidate's mean margin, grouped by the round it left in, best at the top."""
    fig = Figure(figsize=(8.5, 0.34 * len(analysis) + 1.3), dpi=100, layout="constrained")
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    y = range(len(analysis))[::-1]
    ax.barh(list(y), [m.margin for m in analysis], color=[move_colour(m.action) for m in analysis],
            edgecolor="#555555", linewidth=0.6)
    ax.set_yticks(list(y), [f"{m.action}  ({games(m.samples)})" for m in analysis], fontsize=8)
    ax.axvline(0, color="#555555", linewidth=0.8)
    # Room right of the longest bar for the rounds' labels.
    low, high = min(0, *(m.margin for m in analysis)), max(0, *(m.margin for m in analysis))
    ax.set_xlim(low - 0.05 * (high - low), high + 0.5 * (high - low))
    for r in rounds:  # a dashed line above the moves that left after each round
        line = len(analysis) - (len(r.still_in) - len(r.leaving)) - 0.5
        ax.axhline(line, color=SERIES_COLOURS[0], linestyle="--", linewidth=1)
        ax.text(0.99, line - 0.08, f"left after round {r.number}",
                transform=ax.get_yaxis_transform(), ha="right", va="top", fontsize=8,
                color=SERIES_COLOURS[0])
    ax.set_xlabel("mean projected margin over the rivals (points)")
    ax.set_ylabel("candidate move (games played on)")
    ax.set_title("The master's candidates at this decision, best first", loc="left",
                 fontsize=11)
    ax.grid(axis="x", color=GRID_COLOUR)
    return fig


if CORE:
    display(Image(png_of(plot_candidates(analysis, rounds))))

# %% [markdown]
# Besides the margin, the search counts how often Ana ends the imagined games ahead of
# both rivals. That count is too sure of itself to be read as a chance to win (the
# imagined games stop after a few rounds of turns), so the library turns it into a win
# chance measured on real games between search bots: the hint of the game table shows
# this number.

# %%
if CORE:
    best = analysis[0]
    display(HTML(f"<p>After <b>{best.action}</b>, Ana ends ahead in {best.future_share:.0%} "
                 f"of the imagined games; her chance to win the game from here is about "
                 f"{best.win_chance:.0%} (a fair share among three players is 33%).</p>"))

# %% [markdown]
# ## 4. The move, drawn
#
# When the master buys a tile, it has a second decision to make: where to build it. That
# is a search of its own, made the same way: the candidate places (and putting the tile in
# the reserve), imagined deals, halving rounds. The first picture shows Ana's Alhambra
# before the move, with the cells where a tile bought may go shaded; the second, her
# Alhambra after the move.

# %%
def moves_table(analysis, heading):
    """The moves of a search, best first: the mean margin and the games played on."""
    rows = "".join(f"<tr><td style='text-align:left'>{m.action}</td><td>{m.margin:+.1f}</td>"
                   f"<td>{games(m.samples)}</td></tr>" for m in analysis)
    return (f"<table><tr><th style='text-align:left'>{heading}</th><th>Mean margin "
            "(points)</th><th>Played on</th></tr>" + rows + "</table>")


def chosen_placement(game, master, analysis):
    """The game after the chosen move and, when it buys a tile, the master's placement:
    (the placement's analysis or None, the game after both)."""
    after = game.copy()
    after.apply(analysis[0].action)
    if after.decision is None or after.decision.player != "Ana" \
            or after.decision.kind != "place":
        return None, after
    placing = master.analyse(after.view("Ana"), n=MASTER_CANDIDATES,
                             legal_actions=after.legal_actions())
    after.apply(placing[0].action)
    return placing, after


if CORE:
    placing, after = chosen_placement(game, master, analysis)
    new_tile = getattr(analysis[0].action, "tile", None)
    display(draw_alhambra(game.alhambra("Ana"), reserve=game.reserve("Ana"),
                          legal_for=new_tile if placing else None,
                          label="Ana's Alhambra before the move").figure)
    if placing:
        display(HTML(moves_table(placing, "Where to build it")
                     + f"<p>The master plays <b>{placing[0].action}</b>.</p>"))
    display(draw_alhambra(after.alhambra("Ana"), reserve=after.reserve("Ana"),
                          label="Ana's Alhambra after the master's move").figure)

# %% [markdown]
# ## What the search can and cannot say
#
# * **It only imagines what fits.** Every imagined deal is one Ana could not tell from the
#   real game; none needs to be the real one. The search's strength is the average over
#   many, not a lucky guess.
# * **The same deals for every move.** Comparing moves on the same deals removes most of
#   the luck from the comparison: a deal that brings Ana good money helps every move
#   alike.
# * **Its judgement is a projection.** The imagined games stop after a few rounds of
#   turns, and the margin counts the coming scorings as if they were scored on the tiles
#   of that moment. The master is strong because this projection is usually right about
#   which move is better, not because its numbers are final scores.
# * **The rivals are imagined simply.** In the imagined games the rivals play like the
#   library's one-step bots, balanced or wall builders. A rival who plays very
#   differently can surprise it.
# * **The same position, the same move.** Its budgets are counts of games, not seconds:
#   given the same position it deals the same games and plays the same move, on any
#   computer.
#
# To play against the master, or to ask it for a hint, open the game table (notebook 06).
