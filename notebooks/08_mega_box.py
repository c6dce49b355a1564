# ---
# jupyter:
#   alhambra:
#     paths:
#     - learn
#     - analyse
#     - play
#     purpose: Meet the sixteen Mega Box modules, see each act in a game, and measure
#       what each does.
#     reading_minutes: 40
#   jupytext:
#     formats: ipynb,py:percent
#     notebook_metadata_filter: alhambra,-kernelspec,-jupytext.text_representation.jupytext_version
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
# ---

# %% [markdown]
# # The Mega Box: sixteen modules, seen, tried and measured

# %%
# %matplotlib inline
import warnings

from IPython.display import HTML

from alhambra_lib import Game
from alhambra_lib.actions import card_from_list
from alhambra_lib.analysis.reports import describe_module_effects, module_verdict
from alhambra_lib.analysis.saved import load_study
from alhambra_lib.components import ProvisionalDataWarning
from alhambra_lib.draw import draw_attack, draw_cards, draw_module, draw_player
from alhambra_lib.engine.narration import describe_event, scoring_parts
from alhambra_lib.modules import MODULES
from alhambra_lib.replay import action_from_event
from alhambra_lib.teaching import eager, first_moment
from alhambra_lib.teaching.text import plural, sentences

# The huts, diamonds, camps and bazaars use provisional data (their printed values are
# not all known); the drawings say so in their legends, so the warning is not repeated.
warnings.simplefilter("ignore", ProvisionalDataWarning)

# %%
# The page's answer first, in two lines, from the saved module study shown at the end.
HTML(module_verdict(load_study("module_effects")))

# %% [markdown]
# The *Alhambra* Mega Box adds sixteen modules to the base game: new cards, new tiles,
# new actions and new ways to score. Each one is small, and each one can be played alone
# or with any others. This notebook takes them one by one, in the order of the rulebook:
# what the module adds and when it acts, a drawing of its pieces, and a moment of a real
# (seeded) game where it acts, told by the library's own narration. Two modules get a
# small control to play with: the invaders' attack and the street merchant's sets. At the
# end, tournaments of bots measure what each module does to the game, and a game table
# lets you play with the modules you choose.
#
# The rules behind every sentence are in the project's rules reference (docs/RULES.md in
# the project): §M0 for the modules in general and §M1 to §M16 for each module, with
# every decision the library takes where the printed rules are unclear.

# %% [markdown]
# ## Switching modules on
#
# A game with modules is a game like any other, with the modules named when it starts.
# The modules combine freely, and the library keeps them in the rulebook's order whatever
# order they are given in (§M0). A few take options, such as scoring the street
# merchant's residents only at the final scoring (§M12.4). The sixteen, with their
# sections in the rules reference:

# %%
# NBVAL_CHECK_OUTPUT
# In code: Game(players, modules=(...), **options), e.g. merchant_final_only=True.
sentences(*(f"§{module.section} {module.title}, switched on by its name, {name}."
             for name, module in MODULES.items()))

# %%
# NBVAL_CHECK_OUTPUT
game = Game(["Ana", "Ben", "Cy"], seed=1, modules=("invaders", "vizier"))
sentences(f"A game with {' and '.join(MODULES[m].title for m in game.modules)}: "
          f"the modules are kept in the rulebook's order.")

# %% [markdown]
# Every worked moment below comes from seeded games played until the moment happens,
# stopped there with the game live, so that it can be drawn and told. Its players pick their moves at random;
# a module's own action (taking a hut, building a wall...) is one they would skip, so
# for those modules they are *eager* players, who take that action whenever it is legal.
#
# ## M1 Vizier's Favour
#
# Each player has a vizier token (§M1). After a turn is completely over, a player whose
# vizier is awake may interrupt and buy one building from the market, paying exactly
# its price; the tile is placed at once, the vizier falls asleep, and play goes on with
# the player who was due next. Waking it again is an action of one's own turn that,
# like taking money, ends the action part of the turn.

# %%
# NBVAL_CHECK_OUTPUT
# first_moment(modules, event_type, seed=...) plays seeded games until that event.
moment = first_moment(["vizier"], "vizier", seed=1)
sentences(*moment.story())

# %%
draw_module(moment.game.view("Ana"), "vizier").figure

# %% [markdown]
# ## M2 Currency Exchange
#
# Exchange cards join two currencies (§M2). One lies on the display like money and is
# taken alone, instead of money. When buying, a player may add one exchange card to the
# payment, which may then mix cards of its two currencies, one of them the currency of
# the tile's square. Here a tile on the dirham square is paid in ducats:

# %%
# NBVAL_CHECK_OUTPUT
moment = first_moment(["exchange"], "buy", seed=1,
                      where=lambda e: any(card[0] == "exchange" for card in e["cards"]))
sentences(describe_event(moment.event) + ".")

# %%
draw_cards(action_from_event(moment.event).cards, title="The payment").figure

# %% [markdown]
# ## M3 Bonus Cards
#
# Each player is dealt bonus cards, each showing one building (§M3). A card whose
# building stands in its owner's Alhambra is shown, and from then on it adds 1 to its
# owner's count of that building's type for the majorities, at every scoring.

# %%
# NBVAL_CHECK_OUTPUT
moment = first_moment(["bonus_cards"], "bonus_shown", seed=1)
sentences(describe_event(moment.event) + ": each counts one more building of its type.")

# %%
draw_module(moment.game.view(moment.event["player"]), "bonus_cards").figure

# %% [markdown]
# ## M4 Squares
#
# Six piles of huts, one per building colour, lie face up (§M4). Taking a hut, for free,
# is an action that ends the action part of the turn, like taking money. A hut in the
# Alhambra counts nothing itself, but at every scoring it adds to its colour's count one
# for each building of its type beside it that shares an open side with it: a green hut
# with three gardens around it makes those gardens count as six.

# %%
from alhambra_lib.modules.squares import hut_bonus

moment = first_moment(["squares"], "scoring", seed=1, bots=eager("take_hut"),
                      where=lambda e: e["round"] == 2)

# %%
# NBVAL_CHECK_OUTPUT
lines = []
for name in moment.game.players:
    bonus = hut_bonus(moment.game.alhambra(name).layout)
    added = ", ".join(f"{n} {kind}" for kind, n in bonus.items()) or "nothing"
    lines.append(f"In round 2, {name}'s huts add {added} to the majority counts.")
sentences(*lines)

# %%
draw_player(moment.game.view("Cy"), "Cy").figure

# %% [markdown]
# ## M5 City Gates
#
# A gate card is laid beside the display and taken instead of money (§M5). When a tile
# is placed where it would meet the Alhambra only wall against wall, a gate card opens
# that double wall: the tile may go there, through the gate, and the card is spent.

# %%
# NBVAL_CHECK_OUTPUT
moment = first_moment(["gates"], "place", seed=1, where=lambda e: bool(e.get("gate")))
sentences(describe_event(moment.event) + ".")

# %%
draw_player(moment.game.view(moment.event["player"]), moment.event["player"]).figure

# %% [markdown]
# ## M6 Diamonds
#
# Eleven diamond cards are shuffled with the money (§M6). Diamonds pay a building on any
# square, but only alone: a payment in diamonds holds nothing else. They are worth
# nothing in the end-of-game distribution of the remaining buildings.

# %%
# NBVAL_CHECK_OUTPUT
moment = first_moment(["diamonds"], "buy", seed=1,
                      where=lambda e: any(card[0] == "diamond" for card in e["cards"]))
sentences(describe_event(moment.event) + ".")

# %%
draw_cards(action_from_event(moment.event).cards, title="Paid in diamonds").figure

# %% [markdown]
# ## M7 Characters
#
# A character card drawn for the display is auctioned at once (§M7): the next player
# bids first or passes, the others raise or pass, and the highest bid pays and takes the
# card. Only two characters' texts are known for sure, so only they are played by default:
# the City Watch, a third of its owner's wall points at every scoring, and the Wise Man,
# half a building of a type its owner chooses just before every scoring (§M7.4).

# %%
# NBVAL_CHECK_OUTPUT
moment = first_moment(["characters"], "auction_won", seed=1)
sentences(*moment.story()[-4:])

# %%
# NBVAL_CHECK_OUTPUT
moment = first_moment(["characters"], "scoring", seed=1, where=lambda e: bool(e.get("wise_man")))
wise = moment.event["wise_man"]
count = moment.event["counts"][wise["player"]][wise["type"]]
sentences(f"In round {moment.event['round']}, {wise['player']}'s Wise Man counts half a "
          f"{wise['type']}: {wise['player']} has {count:g} {wise['type']} for the majorities.")

# %% [markdown]
# ## M8 Camps
#
# Camps are green tiles bought from the market like buildings, with one or two bastions
# (§M8). Against another tile, a camp must lean a bastion on that tile's wall. At every
# scoring each bastion scores its line: one point per building in a straight row of
# built cells from the camp in the bastion's direction, up to the first empty cell.

# %%
from alhambra_lib.modules.camps import camp_lines

SIDE_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}

moment = first_moment(["camps"], "scoring", seed=1,
                      where=lambda e: any(scoring_parts(e)["camps"].values()))

# %%
# NBVAL_CHECK_OUTPUT
lines = []
for name in moment.game.players:
    for camp, side, buildings in camp_lines(moment.game.alhambra(name).layout):
        if buildings:
            count = len(buildings)
            lines.append(f"{name}'s camp at {camp} looks {SIDE_WORDS[side]}: "
                         f"{plural(count, 'building')} on its line, {plural(count, 'point')}.")
sentences(*lines, describe_event(moment.event) + ".")

# %%
draw_player(moment.game.view("Ana"), "Ana").figure

# %% [markdown]
# ## M9 City Walls
#
# Wall cards are laid face up beside the market (§M9). Taking one is an action: its
# sticks go onto one of the player's tiles, on sides with no printed wall, and from then
# on they are walls like the printed ones, for placing and for the longest wall.

# %%
# NBVAL_CHECK_OUTPUT
moment = first_moment(["city_walls"], "build_wall", seed=1, bots=eager("build_wall"))
sentences(describe_event(moment.event) + ".")

# %%
draw_player(moment.game.view(moment.event["player"]), moment.event["player"]).figure

# %% [markdown]
# ## M10 Thieves
#
# Each player is dealt thieves, one per currency (§M10). In the pause after a turn, any
# player but the one due next may play a thief and take one money card of its currency
# from the display; the display is refilled at once. The vizier shares that pause.

# %%
# NBVAL_CHECK_OUTPUT
moment = first_moment(["thieves"], "steal", seed=1)
sentences(*moment.story())

# %%
thief = moment.event["player"]
draw_cards(moment.game.view(thief).hand, title=f"{thief}'s hand after the theft").figure

# %% [markdown]
# ## M11 Change
#
# With coins in a bag, overpaying is no longer a pure loss (§M11): a player who
# overpays for a building draws half the excess, rounded down, as coins of value 1 at
# random. Coins are money of their currency. So overpaying on purpose becomes legal.

# %%
# NBVAL_CHECK_OUTPUT
moment = first_moment(["change"], "change", seed=1)
sentences(describe_event(moment.event) + ".")

# %%
draw_cards([card_from_list(coin) for coin in moment.event["coins"]], title="The change").figure

# %% [markdown]
# ## M12 Street Merchant
#
# Each player's merchant disc carries three citizens and stands on an empty cell beside
# their Alhambra (§M12). Building on the disc's cell lifts it: a citizen of the
# building's colour moves in as a resident, and a new citizen is taken; the disc is put
# back next to the Alhambra at the end of the turn. At every scoring the residents score
# in sets of different colours, k(k+1)/2 for a set of k colours.

# %%
# NBVAL_CHECK_OUTPUT
moment = first_moment(["street_merchant"], "take_citizen", seed=1)
sentences(*moment.story())

# %%
draw_player(moment.game.view("Ana"), "Ana").figure

# %% [markdown]
# The residents group best in layers: the first set takes one resident of every colour
# there is, the second one of every colour with two, and so on (§M12.4). Move residents
# from one colour to another below and watch the sets and their points. A single set of
# many colours pays far more than many small ones.

# %%
from alhambra_lib.widgets import AttackExplorer, CitizenGrouper

CitizenGrouper()

# %% [markdown]
# ## M13 Treasure Chamber
#
# Three rooms hold four chests each (§M13). Buying a whole room costs 8 or more in any
# currencies and ends the action part of the turn; the chests then go onto the buyer's
# buildings of their colours. At every scoring, the players compare how many chests stand
# in their Alhambras, like a seventh majority: 7 points in round 1, up to 22 in round 3.

# %%
# NBVAL_CHECK_OUTPUT
moment = first_moment(["treasure"], "scoring", seed=1, bots=eager("buy_chests"),
                      where=lambda e: any(scoring_parts(e)["treasure"].values()))
sentences(describe_event(moment.event) + ".")

# %%
draw_module(moment.game.view("Cy"), "treasure").figure

# %% [markdown]
# ## M14 Master Builders
#
# Master builders are money cards of value 3 (§M14). Spent as money they are money; or
# their owner discards one on their own turn for an extra redesign at the end of the
# turn, after the bought tiles are placed.

# %%
# NBVAL_CHECK_OUTPUT
moment = first_moment(["master_builders"], "master_builder", seed=1,
                      bots=eager("master_builder"))
sentences(describe_event(moment.event) + ".")

# %%
builder = moment.event["player"]
draw_player(moment.game.view(builder), builder).figure

# %% [markdown]
# ## M15 Invaders
#
# Before each scoring the top attack card is revealed, and the invaders come from its
# direction (§M15). Every tile side facing that direction with no wall and nothing built
# in front of it is unprotected and costs the round's number of points; in round 3 the
# attack also comes round both flanks, one point per unprotected side. Scouts let a
# player who buys a building of their type with an exact payment peek at the next attack.

# %%
# NBVAL_CHECK_OUTPUT
moment = first_moment(["invaders"], "attack", seed=1,
                      where=lambda e: sum(e["penalties"].values()) >= 4)
sentences(describe_event(moment.event) + ".")

# %%
attack = moment.event
hit = max(attack["penalties"], key=attack["penalties"].get)
draw_attack(moment.game.alhambra(hit), attack["direction"], attack["round"]).figure

# %% [markdown]
# Choose where the invaders come from and in which round, and see which sides they get
# through and what each attack costs this Alhambra. A wall on the side that faces the
# attack saves the round's points for that side; the flanks matter only in round 3.

# %%
AttackExplorer()

# %% [markdown]
# ## M16 Bazaars
#
# Bazaars are drawn from the bag and laid beside the market (§M16). A bazaar is bought
# with an exact payment, in its printed currency, of the price of the tile on that
# currency's square. At the final scoring each bazaar scores n × k: n buildings of its
# three types among its eight neighbours, diagonals included, and k the number of
# different such types: at most 8 × 3 = 24.

# %%
from alhambra_lib.modules.bazaars import bazaar_points

moment = first_moment(["bazaars"], "scoring", seed=1, bots=eager("buy_bazaar"),
                      where=lambda e: any(scoring_parts(e).get("bazaars", {}).values()))

# %%
# NBVAL_CHECK_OUTPUT
lines = []
for name in moment.game.players:
    layout = moment.game.alhambra(name).layout
    for cell in sorted(c for c, tile in layout.items() if tile.kind == "bazaar"):
        n, k, points = bazaar_points(layout, cell)
        lines.append(f"{name}'s bazaar at {cell}: {plural(n, 'neighbour')} of its types, "
                     f"{plural(k, 'type')}, {n} × {k} = {plural(points, 'point')}.")
sentences(*lines)

# %%
draw_player(moment.game.view("Cy"), "Cy").figure

# %% [markdown]
# ## What the modules do to the game
#
# A module changes more than its own pieces: it moves money around, makes some tiles
# dearer or cheaper, gives walls a new job. To see by how much, three strategic bots (a
# wall builder, a majority hunter and a balanced player, one seat each) play tournaments:
# one of the base game, and one with each module alone. Every tournament plays the same
# seeded deals, so game *g* with a module is compared with game *g* without it, and most
# of the luck of the deal cancels out. For each module we report, against the base game,
# the change in the winner's score, in the game's length (turns of all players together)
# and in the *value of a wall point*: how many points of final score go with one more
# point of walls (the slope of final score on wall points). Each change has its 95%
# interval; a change whose interval holds 0 is not shown to be a change at all.
#
# The run shown was played once and saved with the library, so the page shows it at
# once; its caption says how many games it holds, and the answer above the table says
# which changes its intervals show. Below it, **run a new study** plays another with the
# games and the seed you choose, its progress shown as it goes, and the answer and the
# table then follow the new run. The bots judge the actions of the modules they know; an
# action of a module they do not know (laying a wall card's sticks, playing a master
# builder for a redesign) they leave out, so such a module is measured as these bots
# play it.

# %%
# The large study (200 games per module, a long run) is played from the command line:
#     python -m alhambra_lib.analysis.saved module_effects --games 200
from alhambra_lib.widgets import SavedStudyView

SavedStudyView("module_effects", describe_module_effects)

# %% [markdown]
# Read the intervals before the points: an unshaded cell is a change the games do not
# show, whatever its size, and more games narrow every interval roughly as one over the
# square root of their number.
#
# ## Play with modules
#
# The game table below starts a game with three modules on, against two greedy bots:
# the vizier (§M1), the invaders (§M15) and the street merchant (§M12). Any other set of
# modules is chosen in the table's **new game…** panel.

# %%
from alhambra_lib.widgets import GameTable

GameTable(Game(["You", "Greedy 1", "Greedy 2"], seed=8,
               modules=("vizier", "street_merchant", "invaders")))
