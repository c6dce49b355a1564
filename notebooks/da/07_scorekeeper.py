# ---
# jupyter:
#   alhambra:
#     paths:
#     - play
#     purpose: "F\xF8r point for et spil p\xE5 et rigtigt bord, moduler medregnet, og\
#       \ eksport\xE9r dem."
#     reading_minutes: 10
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
# # Pointføring ved et rigtigt bord
#
# Når du spiller *Alhambra* med æsken på et rigtigt bord, stopper hver scoringsrunde
# spillet, mens nogen tæller hver spillers bygninger, finder ud af, hvem der er nummer et,
# to og tre i seks typer, deler de uafgjorte, måler murene og lægger det hele sammen. Det er
# let at tage fejl, og en forkert uafgjort kan afgøre spillet.
#
# Pointføreren herunder regner det ud. Du skriver det, du ser på bordet; den bruger
# scoringsreglerne (`RULES.md` §8), holder styr på de samlede point og gemmer arket som en
# CSV-fil, som et regneark kan åbne. Med Mega Box spørger den også om det, hvert modul i
# spil scorer, og scorer det præcis som bibliotekets spilmotor.

# %%
# %matplotlib inline
from alhambra_lib import explain_majorities
from alhambra_lib.teaching.text import sentences
from alhambra_lib.teaching.tour import (csv_table, module_inputs_table, parts_table,
                                        totals_sentence)
from alhambra_lib.widgets import ScoreKeeper

# %% [markdown]
# ## 1 Hvad skal tælles
#
# For hver spiller, i hver scoringsrunde:
#
# * **brikker pr. type** i spillerens Alhambra: pavilloner, serailer, arkader, kamre,
#   haver, tårne. Brikker i reservestakken tæller ikke, og det gør springvandet heller
#   ikke;
# * **den længste ydre mur**: antallet af murstykker (ét pr. brikside) i den længste
#   ubrudte mur, der vender mod tomme felter. Mure, der står ryg mod ryg mellem to brikker,
#   er indvendige og tæller ikke. Følg Alhambraets yderside med en finger og tæl stykkerne
#   i det længste sammenhængende murede stræk.
#
# Med to spillere tælles også den neutrale Dirks brikker pr. type (han har ingen mure).
# Det er alt; pladser, uafgjorte og point følger af reglerne.
#
# ## 2 Et eksempel: scoringsrunde 1 med tre spillere
#
# Ana, Ben og Cy når den første scoringsrunde. På bordet har Ana 1 pavillon, 2 haver og
# 1 tårn og en mur på 4; Ben 1 serail, 1 kamre og 2 haver og en mur på 6; Cy 1 arkader,
# 1 kamre, 1 have og 1 tårn og en mur på 3. Tallene skrives i pointførerens felter, og
# runden scores:

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
# Tabellen til højre er arket: pr. runde og spiller pointene for flertal og for mure (og
# for hvert modul i spil) og den samlede sum; diagrammet under den er pointsporet, én søjle
# pr. spiller og runde. Linjen over tabellen siger, hvad arket indeholder: hvem der fører,
# og vinderen efter tredje scoringsrunde. Teksten herunder holder sig til dette eksempel
# (Ana, Ben og Cy), uanset hvad pointføreren indeholder senere. Eksemplets summer efter
# runde 1:

# %%
# NBVAL_CHECK_OUTPUT
totals_sentence(keeper.sheet.totals(), round_no=1)

# %% [markdown]
# Hvorfor disse tal? Scoringsrunde 1 giver kun point for førstepladsen, og tre af de
# seks typer står lige. Pointføreren forklarer sine flertal under tabellen, type for
# type:

# %%
# NBVAL_CHECK_OUTPUT
sentences(*explain_majorities(keeper.sheet.counts(1), 1))

# %% [markdown]
# Ana har altså 1 + 2 + 3 = 6 point for flertal og 4 for mure: 10. Bens længere mur (6)
# bringer ham foran med 12, selv om hans flertal ikke er bedre end Anas.
#
# **Din tur:** pointføreren er gået videre til *scoringsrunde 2* (det gør den efter hver
# scoret runde): skriv nye tal og mure, og tryk på *scor denne runde*. Et tal, intet bord
# kan have, som 15 tårne (æsken har 11), afvises med begrundelsen, og arket forbliver, som
# det var. Vælger du en runde, der allerede er gemt, kommer dens tal tilbage i felterne, så
# en tællefejl rettes ved at skrive det rigtige tal og score runden igen. En runde, hvor
# alle felter er 0, gemmes ikke med det samme: pointføreren spørger, om du har glemt at
# skrive den ind, og et tryk til gemmer den. For at tælle et Alhambra, du har bygget op på
# skærmen, åbner du *Tæl et Alhambra bygget her*: byg det med udforskeren, vælg spilleren
# i *for*, og kopiér dets tal og længste mur over i felterne. For at starte forfra skriver
# du spillernes navne (adskilt af kommaer), vælger de moduler, I spiller med, og trykker på
# *nyt ark*; er der scorede runder, beder den dig eksportere dem først og trykke én gang
# til.
#
# ## 3 To spillere og Dirk
#
# Med to spillere får arket en tredje række til Dirk. Han kæmper om hvert flertal med
# sine brikker, men har intet murfelt: han scorer aldrig for mure (§10). Ved første
# scoringsrunde har han de 6 brikker, han fik ved starten, plus dem, en spiller har givet
# ham. Her har Ana 1 serail, 2 arkader og 2 tårne (mur 5), Ben 2 pavilloner, 1 kamre og
# 1 have (mur 3), og Dirk 1 pavillon, 2 arkader, 2 haver og 1 tårn:

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
# Dirk står lige med Ana i arkader, hvilket giver hende 1 af de 3 point, og han slår Ben
# i haver: de 5 point går ikke til nogen ved bordet. Dirks sum vises, men vinderen er den
# rigtige spiller med den højeste sum.
#
# ## 4 Spil med Mega Box-moduler
#
# Vælg de moduler, I spiller med, over pointføreren, og tryk på *nyt ark*: hvert modul, der
# giver point, får sin egen fane ved siden af *Brikker og mure*, med et felt pr. spiller
# til det, modulet skal bruge (§M0.19). Dirk er ikke med i modulerne (§M0.18). Hvad der
# skal tælles for hvert:

# %%
# NBVAL_CHECK_OUTPUT
module_inputs_table()

# %% [markdown]
# Pointføreren lægger bonuskort og hytternes naboer til tallene for flertal, og scorer
# hvert andet modul som et led for sig, i rækkefølgen fra §M0.17: lejre (1 point pr. bygning
# på en lejrlinje), gadehandleren (et sæt af k farver borgere giver k(k+1)/2), skattekisterne
# (et flertal: 7 point i runde 1, 14 og 7 i runde 2, 22, 14 og 7 i runde 3), basarer (n x k
# hver, kun ved sidste scoring) og angriberne (minus rundens nummer pr. ubeskyttet side mod
# angrebet, og i runde 3 én mere pr. side mod hver retning ved siden af). Kun de sider, et
# angreb når, kan skrives ind; de andre er grå.
#
# Tre spillere afslutter et spil med bonuskort, lejre, angribere og basarer. Ved sidste
# scoring har Ana 3 tårne, 2 haver og en mur på 7, et bonuskort for tårne vist, 4 bygninger
# på sine lejres linjer og, med angrebet fra nord, 2 ubeskyttede sider mod nord og 1 mod
# øst. Ben har 2 tårne og 3 haver, en mur på 9, 3 ubeskyttede sider mod nord og 2 mod vest,
# og én basar med 4 naboer af 3 af dens typer (4x3). Cy har 1 tårn og 3 pavilloner og en mur
# på 4, 2 bygninger på lejrlinjer, 1 ubeskyttet side mod vest og to basarer, 3x2 og 1x1:

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
# Hvert led i sidste scoring, pr. spiller:

# %%
# NBVAL_CHECK_OUTPUT
parts_table(mega.sheet.breakdown(3))

# %% [markdown]
# Anas bonuskort gør hendes tårne til 4, foran Bens 2. Angrebet fra nord koster Ana 3 x 2
# for hendes nordsider og 1 for hendes østside (en flanke i runde 3), Ben 3 x 3 og 2, Cy 1.
# Bens basar giver 4 x 3 = 12, Cys 3 x 2 + 1 x 1 = 7.
#
# Bibliotekets tests spiller mange tilfældige spil med tilfældige sæt af moduler, skriver
# det, en person ville tælle ved hver scoring, ind i et ark, og tjekker, at arket giver
# spillets point præcist, led for led.
#
# ## 5 Gem arket
#
# *eksportér CSV* skriver arket til filen, der er navngivet ved siden af (et navn alene
# lægger den i mappen, notesbogen kører i), og tilbyder et *hent*-link, der gemmer den
# gennem din browser. Én række pr. runde og spiller: tallene, muren, det hvert modul
# spurgte om, pointene for hvert led og den samlede sum. Arket for tre spillere ovenfor:

# %%
# NBVAL_CHECK_OUTPUT
csv_table(keeper.to_csv())

# %% [markdown]
# Et regneark åbner filen, som den er, og pandas læser den igen til alle de statistikker,
# du har lyst til: hvem vinder efter et par aftener med mure, og hvem med flertal?
