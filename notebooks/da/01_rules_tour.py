# ---
# jupyter:
#   alhambra:
#     paths:
#     - learn
#     purpose: "L\xE6r grundspillet p\xE5 et kvarter: en tur, pr\xE6cis betaling, placering\
#       \ af brikker, scoring."
#     reading_minutes: 15
#   jupytext:
#     formats: ipynb,py:percent
#     notebook_metadata_filter: alhambra,-kernelspec,-jupytext.text_representation.jupytext_version
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
# ---

# %%
from alhambra_lib import i18n

i18n.set_language("da")

# %% [markdown]
# # Alhambra på et kvarter
#
# *Alhambra* (Dirk Henn, Queen Games 2003) er et spil for to til seks spillere. Hver
# spiller bygger en paladshave, sit eget *Alhambra*, brik for brik omkring et springvand.
# Brikkerne købes på et marked med fire felter. Hvert felt vil have sin egen valuta. Tre
# gange i spillet scorer alle: point for at have flest bygninger af hver af seks typer, og
# point for den længste mur udenpå. Den højeste sum vinder.
#
# Denne notesbog gennemgår reglerne med `alhambra_lib`, som rummer dem som kode. Hvert tal
# herunder er regnet ud, ikke skrevet ind. Hvis teksten og koden en dag var uenige, ville
# notesbogens tests fejle. Afsnitsnumre (§) henviser til projektets regelreference,
# `RULES.md`.

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
# ## 1 Delene
#
# Der er **54 bygningsbrikker** i seks typer. De billige typer har færre brikker, og (som
# vi ser i afsnit 6) giver de også færre point. En brik har en pris trykt på sig og mure på
# 0 til 3 af sine sider. Brikker drejes aldrig: nord er den side, taget peger mod. En briks
# mure vender derfor altid samme vej på bordet.

# %%
# NBVAL_CHECK_OUTPUT
components_table()

# %% [markdown]
# Her er fire af dem, med ingen, én, to og tre mure. Tallet på en brik er dens pris; de
# tykke mørke streger er mure.

# %%
samples = [next(t for t in BUILDING_TILES if len(t.walls) == n) for n in range(4)]
figure = Figure(figsize=(8, 2.2))
for ax, tile in zip(figure.subplots(1, 4, gridspec_kw={"wspace": 0.7}), samples):
    draw_tile(tile, ax)
Image(png_of(figure))

# %% [markdown]
# Hver spiller har også et **springvand**, startbrikken, helt uden mure: det er midten
# af spillerens Alhambra, felt (0, 0). Vi kalder felterne (x, y), hvor x vokser mod øst og
# y mod nord.
#
# **Pengene** er 108 sedler: fire valutaer, værdier fra 1 til 9, tre af hver. Hver valuta
# er altså lige meget værd i alt.

# %%
# NBVAL_CHECK_OUTPUT
money_deck_sentences(money_deck())

# %% [markdown]
# To kort mere gemmer sig blandt pengene: **score-kortene**. Når et af dem kommer frem,
# scorer alle (afsnit 6).

# %% [markdown]
# ## 2 Opstilling
#
# Lad os starte et spil for Ana, Ben og Cy. Spillet har et fast frø, så det er det samme
# spil, hver gang notesbogen kører.
#
# Fire brikker trækkes ud på markedets felter. Felt 1 betales i denar, felt 2 i dirham,
# felt 3 i dukater og felt 4 i floriner: valutaen hører til feltet, ikke til brikken.
# Derefter får hver spiller på skift sedler, til værdierne er mindst 20 i alt.
# **Startspilleren** er den, der fik færrest sedler; ved lighed den laveste sum. Fire sedler
# vendes med billedsiden op: **de udlagte sedler**.

# %%
# NBVAL_CHECK_OUTPUT
game = Game(["Ana", "Ben", "Cy"], seed=20)
sentences(*narrate(game.events, turns=[0]))

# %% [markdown]
# Ben og Cy fik begge fire sedler, men Cys er 21 værd og Bens 26: Cy starter. Den sidste
# linje bygger trækbunken: de resterende sedler deles i fem bunker, med score-kort 1 blandet
# ind i den anden bunke og score-kort 2 i den fjerde (§3.7). Scoringsrunde 1 kommer altså et
# sted i den anden femtedel af pengene, scoringsrunde 2 i den fjerde.
#
# (Markedet har fire tårne i dette spil: et tilfælde i trækningen.)

# %%
draw_market(game).figure

# %% [markdown]
# ## 3 En tur
#
# På din tur gør du **én** af tre ting (§4):
#
# * **tag penge** fra de udlagte sedler,
# * **køb en brik** på markedet, eller
# * **redesign** dit Alhambra: flyt én brik mellem det og din *reservestak* ved siden af.
#
# Én undtagelse er hele spillet: betaler du en brik med **præcis** beløbet, må du gøre en
# handling til, og igen efter hver præcis betaling. Når du er færdig, slutter turen: du
# placerer de brikker, du købte, de udlagte sedler og markedet fyldes op, og hvis et
# score-kort kom frem, scorer alle.
#
# Her er Cys valg i første tur, med ordene på spillebordets knapper:

# %%
# NBVAL_CHECK_OUTPUT
choices_sentences(game)

# %% [markdown]
# ## 4 Penge og præcis betaling
#
# **At tage penge.** Du tager enten én seddel, uanset værdi, eller flere sedler, hvis
# værdier tilsammen er **højst 5**. Derfor må Cy tage 7'eren alene, eller 3 + 2, men aldrig
# 7 + 2. Valutaen betyder intet, når du tager.

# %%
# NBVAL_CHECK_OUTPUT
take_sentences(take_choices(game.display))

# %% [markdown]
# **At betale.** En brik på felt 1 betales kun i denar, med sedler på mindst dens pris.
# Der gives ikke byttepenge, så det, du betaler for meget, er tabt. Dette projekt kræver
# også, at en betaling er *minimal*: der må ikke lægges en seddel til, som betalingen ikke
# behøvede (RULES.md §4, et valg i projektet). Cy har denar 6, 5 og 4, og tårnet på felt 1
# koster 9:

# %%
# NBVAL_CHECK_OUTPUT
payment_sentences((6, 5, 4), 9)

# %% [markdown]
# Tre måder at betale på, og kun 5 + 4 er præcis. At betale 6 + 5 spilder 2; at betale
# 5 + 4 spilder intet **og** giver Cy en handling til. Præcis betaling er spillets kerne: du
# samler penge i én valuta, til de passer med en pris.
#
# Lad Cy købe med præcis betaling og se på valgene igen: turen fortsætter, og nu må Cy også
# afslutte den.

# %%
# NBVAL_CHECK_OUTPUT
exact = next(a for a in game.legal_actions() if isinstance(a, Buy) and a.exact)
game.apply(exact)
choices_sentences(game)

# %% [markdown]
# Cy bruger den ekstra handling til at tage 3 + 2 dukater. At tage penge er ikke en
# præcis betaling, så Cys handlinger er slut; tårnet venter på at blive placeret.

# %%
# NBVAL_CHECK_OUTPUT
game.apply(next(a for a in game.legal_actions() if str(a) == "take 3 ducat + 2 ducat"))
to_place_sentence(game)

# %% [markdown]
# ## 5 Placering
#
# En ny brik kommer med i Alhambraet (§6), når
#
# 1. den ikke er drejet (murene bliver, hvor de er trykt),
# 2. sider, der rører hinanden, passer: mur mod mur, åben mod åben,
# 3. man kan gå til den fra springvandet, kun gennem åbne sider,
# 4. den deler mindst én hel side med et bygget felt (et hjørne er ikke nok),
# 5. den ikke efterlader et **hul**: intet tomt område lukket inde af Alhambraet.
#
# Cys tårn har mure mod øst og syd. De grønne felter er, hvor det må ligge; på de andre
# siger tegningen, hvilken regel det ville bryde.

# %%
tower = game.to_place[0]
draw_alhambra(game.alhambra("Cy"), legal_for=tower, explain_for=tower).figure

# %% [markdown]
# Nord for springvandet ville tårnets sydmur røre springvandets åbne nordside: siderne
# passer ikke. Og med den side lukket ville intet føre ind i brikken: man kunne ikke nå den.
# Vest for springvandet sker det samme med dens østmur. Øst og syd er fine. Biblioteket
# giver de samme domme i ord:

# %%
# NBVAL_CHECK_OUTPUT
verdict_table(game.alhambra("Cy"), tower)

# %% [markdown]
# Cy bygger det øst for springvandet. Turen slutter: to sedler fylder de udlagte sedler
# op, en brik fylder felt 1 op, og det er Anas tur.

# %%
# NBVAL_CHECK_OUTPUT
game.apply(Place(tower, (1, 0)))
sentences(*narrate(game.events, turns=[1]))

# %% [markdown]
# En brik, du ikke kan eller ikke vil bygge, lægges i din **reservestak** i stedet. En
# *redesign*-handling flytter senere én brik: fra reservestakken ind i Alhambraet, fra
# Alhambraet til reservestakken, eller bytter de to (§7). Brikker i reservestakken scorer
# aldrig.
#
# ### Prøv selv
#
# Her er et større Alhambra: figur 3 i reglerne. Vælg en brik (eller lav dine egne mure med
# verdenshjørneknapperne), klik på et felt og læs dommen; byg, fjern, fortryd.

# %%
example = figure_3()
PlacementExplorer(example, Tile("chambers", 7, "W"))

# %% [markdown]
# Eksemplerne, som reglerne giver for denne opstilling (§6), tjekket af biblioteket:

# %%
# NBVAL_CHECK_OUTPUT
figure_3_examples_table(example)

# %% [markdown]
# Notesbog 02 viser grafalgoritmerne bag disse domme, huller medregnet.
#
# ## 6 Scoring
#
# **Hvornår.** Scoringsrunde 1, når det første score-kort kommer frem, scoringsrunde 2,
# når det andet gør, scoringsrunde 3 ved spillets slutning (§8.1). Et score-kort kommer frem,
# når de udlagte sedler fyldes op; runden holdes ved slutningen af den tur.
#
# **Flertal.** I hver scoringsrunde og for hver af de seks typer scorer de spillere, der
# har flest brikker af den type i deres Alhambra. Scoringsrunde 1 giver kun point for
# førstepladsen, scoringsrunde 2 for de to første pladser, scoringsrunde 3 for tre
# pladser, og de dyre typer giver flere point:

# %%
# NBVAL_CHECK_OUTPUT
place_points_table()

# %% [markdown]
# Spillere, der står lige, deler: de lægger pointene for de pladser, de optager
# sammen, sammen og deler dem, rundet ned. Her er et eksempel fra scoringsrunde 2 med
# uafgjort om førstepladsen i tårne:

# %%
# NBVAL_CHECK_OUTPUT
counts = {"Ana": {"tower": 4, "garden": 2},
          "Ben": {"tower": 4, "garden": 3},
          "Cy": {"tower": 2, "pavilion": 1}}
majorities_sentences(counts, 2, score_majorities(counts, 2))

# %% [markdown]
# Notesbog 04 handler kun om flertal og uafgjorte.
#
# **Mure.** Hver spiller scorer også ét point pr. murstykke i sin længste sammenhængende
# *ydre* mur, de mure der vender mod tomme felter (§8.4). Mure, der står ryg mod ryg mellem
# to brikker, er inde i Alhambraet og tæller aldrig. I figur 3 er den længste mur tegnet i
# rav: 4 stykker, altså 4 point i hver scoringsrunde.

# %%
draw_alhambra(example).figure

# %%
# NBVAL_CHECK_OUTPUT
longest_wall_sentence(example.longest_wall())

# %% [markdown]
# Notesbog 03 viser, hvordan den længste mur findes.
#
# ## 7 Slutningen
#
# Spillet slutter ved den første afslutning af en tur, hvor posen ikke kan fylde alle tomme
# markedsfelter (§9). Brikkerne, der stadig ligger på markedet, går hver til den spiller,
# der har **flest penge i feltets valuta**; ved lighed får ingen brikken. Så kommer den
# tredje og sidste scoringsrunde; den højeste sum vinder.
#
# Lad tre GreedyBots spille vores spil færdigt (i notesbog 06 kan du spille mod dem), og
# læs dets overskrifter:

# %%
play(game, [GreedyBot(), GreedyBot(), GreedyBot()])
sentences(*narrate(game.events, types=HEADLINES))

# %% [markdown]
# Hele bordet til sidst: det tomme marked, stillingen efter hver scoringsrunde (mure
# skraveret), og de tre Alhambraer med deres længste mure i rav.

# %%
draw_game(game)

# %% [markdown]
# ## 8 Test dig selv
#
# Et par spørgsmål. Vælg et svar og tryk på knappen for at tjekke: du får begrundelsen
# under alle omstændigheder. (Projektets tests tjekker, at biblioteket er enig i hvert
# svar.)

# %%
Quiz(RULES_QUIZ)
