# ---
# jupyter:
#   alhambra:
#     paths:
#     - play
#     purpose: "Spil et helt spil mod bots ved at klikke, og gem det, indl\xE6s det\
#       \ og se det igen."
#     reading_minutes: 30
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
# # Spil mod bots, og se et spil igen
#
# At læse regler er én ting; at spille er det, der får dem til at sidde fast. Denne
# notesbog sætter dig ved et bord med to bots. Derefter gemmer den et helt spil, indlæser
# det igen, fortæller dets historie og tegner stillingen, og til sidst genspiller den det
# tur for tur.

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
# ## 1 Dit spil
#
# Du spiller mod to GreedyBots. En GreedyBot ser ét træk frem: den køber det, der forbedrer
# dens flertal, betaler præcist, når den kan, og placerer brikker, så dens længste mur
# forbliver lang. Spillet er givet, og botterne har spillet deres første ture: det er din
# tur.
#
# Du spiller ved at klikke på bordet, som når du flytter brikkerne:
#
# * **Tag penge**: klik på en af de udlagte sedler, og derefter på en af de måder at tage
#   den på, der dukker op (én seddel af en hvilken som helst værdi, eller flere til højst 5
#   i alt).
# * **Køb en brik**: klik på et markedsfelt. De måder, du kan betale i dets valuta, dukker
#   op; de præcise er grønne, og en præcis betaling giver dig en handling til. Felter, du
#   kan betale præcist, er mærket »★ præcist«. Dine penge er samlet og lagt sammen pr.
#   valuta, så du straks ser, hvad du har råd til.
# * **Byg**: brikken, du købte, er på hånden, tegnet med sine mure (de tykke mørke sider).
#   Felterne i dit Alhambra, hvor den må ligge, er grønne: klik på et af dem. Et rødt felt
#   siger, hvorfor brikken ikke må ligge der. Du kan også lægge brikken i din reservestak,
#   eller, i et spil for to, give den til Dirk.
# * **Redesign**: klik på en brik i din reservestak for at tage den på hånden og bygge den,
#   eller klik på en af dine brikker for at flytte den til reservestakken (eller bytte den
#   med brikken på hånden).
#
# **fortryd mit sidste træk** tager dine egne træk tilbage, så længe intet nyt er kommet
# frem siden (ingen seddel eller brik trukket, ingen anden spiller har trukket). **foreslå
# et træk** spørger mestersøgebotten, hvor den kompilerede kerne er i brug, ellers den
# stærke søgebot (mesteren spiller også spil med Mega Box); tippet siger hvilken. Den viser »tænker…«, mens den tænker, markerer det næste klik i sit
# bedste træk og beskriver sine tre bedste træk i ord, hver med det, den venter: hvor mange
# point foran (eller bagud for) dine modstandere du slutter, og din chance for at vinde.
# Chancen er, hvor tit sådanne stillinger blev vundet, når hver spiller var den bot, der
# giver råd (80 gemte spil af hver); mod svagere bots vinder en spiller, der følger
# tippene, oftere. Samme stilling får altid samme tip. Botterne svarer med det samme, eller
# ét træk ad gangen, hvis du vælger **én ad gangen**. Hvad de gjorde, fortælles under bordet,
# ved siden af deres Alhambraer og Dirks brikker.

# %%
table = GameTable()
table

# %% [markdown]
# Bordet giver det samme spil, hver gang siden åbnes. Vil du have et andet, så tryk på
# **nyt spil…**: vælg dit navn, 2 til 6 spillere (med to kommer Dirk med som en tredje
# samler, den neutrale spiller, der scorer, men aldrig spiller), botten på hver plads
# (blandt dem søgebotten, let, middel eller stærk), givningen (frøet) og de Mega
# Box-moduler, I spiller med. Deres dele ligger også på bordet, og deres træk er klik på
# dem: en hyttes bunke, en basar eller et murkort ved markedet (og så den side af din brik,
# hvor dens pinde skal sidde, tegnet som en tynd stribe), et skatkammer, dine bygninger til
# kisterne, borgerne i forrådet og din handelsmands skive, en budknap ved den person, der
# er på auktion, en udlagt seddel til en tyv, og for en byport den dobbelte mur, den går
# igennem (en mørk stribe langs feltet). Når et klik lader nogle få træk stå åbne, tilbydes
# de som knapper; blandt mange betalinger vælger du ved at klikke på de sedler, du betaler
# med. Tippet ser også fremad med moduler; et spil med mange moduler får det til at tænke
# længere, så panelet for nyt spil lader dig få **tip** fra en hurtigere søgning. Eksperter
# kan sætte flueben ved listen over alle tilladte træk og vælge i den i stedet. **gem**
# tilbyder spillet som en fil at hente; **indlæs** fortsætter et gemt spil.

# %% [markdown]
# ### Hvor sikkert er tippet?
#
# Søgningen bedømmer et træk efter den andel af dens tilfældige fremtider, hvor du ender
# foran. De fremtider er korte (nogle omgange ture, og så et skøn over stillingen), så
# andelen er alt for sikker på sig selv: den siger 100 % om stillinger, der tit tabes. Tippet
# viser derfor en chance tilpasset til udfaldene, ud fra andelen og de brikker, der er
# tilbage i posen (jo nærmere slutningen, jo mere tæller et forspring), for hver bot, der
# giver råd: i 80 gemte spil, hvor hver plads var den stærke bot, blev stillinger, den gav
# 70 % chance, vundet cirka 70 % af gangene, og mesterens tip er tilpasset til dens egne spil
# mod sig selv. Billedet viser spillene for den bot, der giver råd her, og sammenligner de to
# med det, der skete (den stiplede linje: vundet præcis så tit, som der blev sagt). Mod
# svagere bots vinder man oftere, end der siges, ved at følge tippene.

# %%
reliability = base_rows(read_hint_calibration(), calibration_level(hint_level()))
plot_hint_reliability(reliability).figure

# %% [markdown]
# ## 2 Et spil gemt og indlæst
#
# Resten af notesbogen skal bruge et færdigt spil. Tre GreedyBots spiller et fra et fast
# frø. Vi gemmer også dets start: den skal vi bruge til genspilningen.

# %%
start = Game(["Ana", "Ben", "Cy"], seed=2024)
bots = [GreedyBot(), GreedyBot(), GreedyBot()]
game = play(Game.from_json(start.to_json()), bots)
game

# %% [markdown]
# `to_json` skriver hele tilstanden som tekst: brikker, sedler, Alhambraer, point, hver
# hændelse og selv tilstanden af spillets tilfældighedsgenerator. `from_json` læser den
# igen og tjekker den mod reglerne (ingen seddel mangler eller er dobbelt, hvert Alhambra
# er lovligt, pointene er summen af scoringsrunderne). Lad os gemme både starten og
# slutningen i filer og indlæse dem igen.

# %%
# NBVAL_CHECK_OUTPUT
with tempfile.TemporaryDirectory() as folder:
    Path(folder, "start.json").write_text(start.to_json())
    Path(folder, "game.json").write_text(game.to_json())
    saved_start = Game.from_json(Path(folder, "start.json").read_text())
    saved = Game.from_json(Path(folder, "game.json").read_text())
loaded_sentences(game, saved)

# %% [markdown]
# ## 3 Historien
#
# Hver ændring i et spil er en hændelse, en lille dict, og `describe_event` gør hver af
# dem til en linje dansk. De tre første ture, fortalt helt: hvad hver spiller gjorde, og så
# turens afslutning, der fylder de udlagte sedler og markedet op.

# %%
sentences(*narrate(saved.events, turns=[1, 2, 3]))

# %% [markdown]
# Et helt spil er hundredvis af sådanne linjer. Dets overskrifter er scoringsrunderne og
# slutningen:

# %%
# NBVAL_CHECK_OUTPUT
sentences(*narrate(saved.events, types=HEADLINES))

# %% [markdown]
# ## 4 Pointsporet
#
# De samme scoringer, tegnet: hver spillers samlede point efter hver scoringsrunde, fyldt
# for flertal og skraveret for mure.

# %%
draw_score_track(saved.events).figure

# %% [markdown]
# ## 5 Et spil er dets start og dets handlinger
#
# Alt tilfældigt i et spil kommer fra dets egen generator, som er en del af den gemte
# tilstand. Så starten og listen over de handlinger, spillerne valgte, bestemmer alt andet:
# spiller man de samme handlinger igen fra samme start, trækkes de samme brikker og sedler,
# og historien bliver den samme. `actions_from_events` læser spillernes handlinger ud af
# forløbet, og `replay` spiller dem igen og tjekker hver hændelse mod forløbet.

# %%
# NBVAL_CHECK_OUTPUT
actions = actions_from_events(saved.events)
replayed_sentences(actions, replay(saved_start, saved.events), saved)

# %% [markdown]
# Det betyder også, at et spil, der gemmes midtvejs, fortsætter præcis som originalen.
# Stop genspilningen, når tur 60 begynder (mellem første og anden scoringsrunde), gem det,
# indlæs det, og lad de samme bots spille det færdigt:

# %%
# NBVAL_CHECK_OUTPUT
middle = replay(saved_start, saved.events, turn=60)
finished = play(Game.from_json(middle.to_json()), [GreedyBot(), GreedyBot(), GreedyBot()])
resumed_sentences(middle, finished, saved)

# %% [markdown]
# ### Se det tur for tur
#
# Flyt skyderen (eller tryk på knapperne) for at se en hvilken som helst tur: hvad der
# skete i den, og bordet lige efter.

# %%
ReplayViewer(saved_start, saved.events)
