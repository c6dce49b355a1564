# ---
# jupyter:
#   alhambra:
#     paths:
#     - learn
#     purpose: "Apprendre le jeu de base en quinze minutes : un tour, le prix exact,\
#       \ la pose des tuiles, le d\xE9compte."
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

i18n.set_language("fr")

# %% [markdown]
# # L'Alhambra en quinze minutes
#
# *Alhambra* (Dirk Henn, Queen Games 2003) se joue de deux à six joueurs. Chaque joueur
# construit un jardin de palais, sa propre *Alhambra*, tuile par tuile autour d'une
# fontaine. Les tuiles s'achètent sur un chantier de quatre cases. Chaque case demande sa
# propre monnaie. Trois fois dans la partie, tout le monde marque des points : pour la
# majorité de bâtiments de chacun des six types, et pour le plus long rempart extérieur.
# Le plus haut total gagne.
#
# Ce carnet parcourt les règles avec `alhambra_lib`, qui les contient sous forme de code.
# Chaque nombre ci-dessous est calculé, jamais tapé à la main : si le texte et le code ne
# s'accordaient plus, les tests du carnet échoueraient. Les numéros de section (§)
# renvoient à la référence des règles du projet, `RULES.md`.

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
# ## 1 Le matériel
#
# Il y a **54 tuiles bâtiment** de six types. Les types bon marché ont moins de tuiles et,
# nous le verrons à la section 6, rapportent aussi moins de points. Chaque tuile porte un
# prix et a des murs sur 0 à 3 de ses côtés. On ne tourne jamais une tuile : le nord est le
# côté vers lequel pointe le toit. Les murs d'une tuile regardent donc toujours dans la même
# direction sur la table.

# %%
# NBVAL_CHECK_OUTPUT
components_table()

# %% [markdown]
# En voici quatre, avec aucun, un, deux et trois murs. Le nombre sur la tuile est son
# prix ; les traits épais et sombres sont les murs.

# %%
samples = [next(t for t in BUILDING_TILES if len(t.walls) == n) for n in range(4)]
figure = Figure(figsize=(8, 2.2))
for ax, tile in zip(figure.subplots(1, 4, gridspec_kw={"wspace": 0.7}), samples):
    draw_tile(tile, ax)
Image(png_of(figure))

# %% [markdown]
# Chaque joueur a aussi une **fontaine**, la tuile de départ, sans aucun mur : c'est le
# centre de son Alhambra, la case (0, 0). On nomme les cases (x, y), x croissant vers l'est
# et y vers le nord.
#
# L'**argent** compte 108 cartes : quatre monnaies, des valeurs de 1 à 9, trois
# exemplaires de chacune. Chaque monnaie vaut donc autant au total.

# %%
# NBVAL_CHECK_OUTPUT
money_deck_sentences(money_deck())

# %% [markdown]
# Deux autres cartes se cachent dans l'argent : les **cartes Décompte**. Quand l'une
# d'elles sort, tout le monde marque des points (section 6).

# %% [markdown]
# ## 2 La mise en place
#
# Commençons une partie pour Ana, Ben et Cy. La partie a une graine fixe : c'est la même
# partie à chaque exécution du carnet.
#
# Quatre tuiles sont tirées sur les cases du chantier. La case 1 se paie en deniers, la
# case 2 en dirhams, la case 3 en ducats et la case 4 en florins : la monnaie appartient à
# la case, pas à la tuile. Puis chaque joueur, à son tour, reçoit des cartes jusqu'à un
# total d'au moins 20. Le **premier joueur** est celui qui a reçu le moins de cartes ; en
# cas d'égalité, le plus petit total. Quatre cartes sont retournées face visible :
# l'**argent visible**.

# %%
# NBVAL_CHECK_OUTPUT
game = Game(["Ana", "Ben", "Cy"], seed=20)
sentences(*narrate(game.events, turns=[0]))

# %% [markdown]
# Ben et Cy ont reçu quatre cartes chacun, mais celles de Cy valent 21 et celles de Ben
# 26 : Cy commence. La dernière ligne construit la pioche : les cartes restantes forment
# cinq tas, avec la carte Décompte 1 mélangée au deuxième tas et la carte Décompte 2 au
# quatrième (§3.7). Le décompte 1 arrive donc dans le deuxième cinquième de l'argent, le
# décompte 2 dans le quatrième.
#
# (Le chantier montre quatre tours dans cette partie : un hasard du tirage.)

# %%
draw_market(game).figure

# %% [markdown]
# ## 3 Un tour de jeu
#
# À votre tour, vous faites **une** de ces trois choses (§4) :
#
# * **prendre de l'argent** parmi l'argent visible,
# * **acheter une tuile** sur le chantier, ou
# * **réaménager** votre Alhambra : déplacer une tuile entre elle et votre *réserve*, un
#   plateau posé à côté.
#
# Une exception fait tout le jeu : si vous payez une tuile au **prix exact**, vous pouvez
# faire une autre action, et encore une après chaque prix exact. Quand vous avez fini, le
# tour se termine : vous posez les tuiles achetées, l'argent visible et le chantier sont
# complétés, et si une carte Décompte est sortie, tout le monde marque des points.
#
# Voici les choix de Cy au premier tour, dans les mots des boutons de la table de jeu :

# %%
# NBVAL_CHECK_OUTPUT
choices_sentences(game)

# %% [markdown]
# ## 4 L'argent et le prix exact
#
# **Prendre de l'argent.** Vous prenez soit une seule carte, quelle que soit sa valeur,
# soit plusieurs cartes dont le total fait **au plus 5**. C'est pourquoi Cy peut prendre le
# 7 seul, ou 3 + 2, mais jamais 7 + 2. La monnaie ne compte pas pour prendre.

# %%
# NBVAL_CHECK_OUTPUT
take_sentences(take_choices(game.display))

# %% [markdown]
# **Payer.** Une tuile de la case 1 se paie en deniers seulement, avec des cartes dont
# le total atteint au moins son prix. On ne rend pas la monnaie : ce qui est payé en trop
# est perdu. Ce projet demande aussi qu'un paiement soit *minimal* : aucune carte inutile
# au paiement ne peut y être ajoutée (RULES.md §4, un choix du projet). Cy a des deniers 6,
# 5 et 4, et la tour de la case 1 coûte 9 :

# %%
# NBVAL_CHECK_OUTPUT
payment_sentences((6, 5, 4), 9)

# %% [markdown]
# Trois façons de payer, et seul 5 + 4 est exact. Payer 6 + 5 perd 2 ; payer 5 + 4 ne
# perd rien **et** donne à Cy une autre action. Le prix exact est le cœur du jeu : on
# amasse l'argent d'une monnaie jusqu'à ce qu'il fasse un prix.
#
# Cy achète au prix exact, et on regarde de nouveau ses choix : le tour continue, et Cy
# peut maintenant aussi le finir.

# %%
# NBVAL_CHECK_OUTPUT
exact = next(a for a in game.legal_actions() if isinstance(a, Buy) and a.exact)
game.apply(exact)
choices_sentences(game)

# %% [markdown]
# Cy profite de l'action en plus pour prendre 3 + 2 ducats. Prendre de l'argent n'est
# pas un prix exact : les actions de Cy sont finies. La tour attend d'être posée.

# %%
# NBVAL_CHECK_OUTPUT
game.apply(next(a for a in game.legal_actions() if str(a) == "take 3 ducat + 2 ducat"))
to_place_sentence(game)

# %% [markdown]
# ## 5 La pose
#
# Une nouvelle tuile rejoint l'Alhambra (§6) quand
#
# 1. elle n'est pas tournée (les murs restent là où ils sont imprimés),
# 2. les côtés qui se touchent concordent : mur contre mur, ouvert contre ouvert,
# 3. on peut y marcher depuis la fontaine, par des côtés ouverts seulement,
# 4. elle partage au moins un côté entier avec une case construite (un coin ne suffit pas),
# 5. elle ne laisse aucun **trou** : aucune zone vide enfermée par l'Alhambra.
#
# La tour de Cy a des murs à l'est et au sud. Les cases vertes sont celles où elle peut
# aller ; sur les autres, le dessin dit quelle règle elle enfreindrait.

# %%
tower = game.to_place[0]
draw_alhambra(game.alhambra("Cy"), legal_for=tower, explain_for=tower).figure

# %% [markdown]
# Au nord de la fontaine, le mur sud de la tour toucherait le côté nord ouvert de la
# fontaine : les côtés ne concordent pas. Et ce côté fermé, rien ne mènerait à la tuile :
# elle serait inaccessible. À l'ouest de la fontaine, c'est pareil avec son mur est. À
# l'est et au sud, tout va bien. La bibliothèque donne les mêmes verdicts, en mots :

# %%
# NBVAL_CHECK_OUTPUT
verdict_table(game.alhambra("Cy"), tower)

# %% [markdown]
# Cy la construit à l'est de la fontaine. Le tour se termine : deux cartes complètent
# l'argent visible, une tuile complète la case 1, et c'est au tour d'Ana.

# %%
# NBVAL_CHECK_OUTPUT
game.apply(Place(tower, (1, 0)))
sentences(*narrate(game.events, turns=[1]))

# %% [markdown]
# Une tuile que vous ne pouvez pas ou ne voulez pas construire va dans votre
# **réserve**. Plus tard, un *réaménagement* déplace une tuile : de la réserve vers
# l'Alhambra, de l'Alhambra vers la réserve, ou en échangeant les deux (§7). Les tuiles de
# la réserve ne marquent jamais de points.
#
# ### À vous d'essayer
#
# Voici une Alhambra plus grande : la figure 3 des règles. Choisissez une tuile (ou faites
# vos propres murs avec les boutons des points cardinaux), cliquez sur une case et lisez le
# verdict ; construisez, retirez, annulez.

# %%
example = figure_3()
PlacementExplorer(example, Tile("chambers", 7, "W"))

# %% [markdown]
# Les exemples que donnent les règles pour cette disposition (§6), vérifiés par la
# bibliothèque :

# %%
# NBVAL_CHECK_OUTPUT
figure_3_examples_table(example)

# %% [markdown]
# Le carnet 02 montre les algorithmes de graphe derrière ces verdicts, trous compris.
#
# ## 6 Le décompte
#
# **Quand.** Le décompte 1 a lieu quand la première carte Décompte sort, le décompte 2
# quand la seconde sort, le décompte 3 à la fin de la partie (§8.1). Une carte Décompte
# sort quand on complète l'argent visible ; le décompte a lieu à la fin de ce tour.
#
# **Majorités.** À chaque décompte et pour chacun des six types, les joueurs qui ont le
# plus de tuiles de ce type dans leur Alhambra marquent des points. Le décompte 1 paie la
# première place seulement, le décompte 2 les deux premières, le décompte 3 trois places,
# et les types chers rapportent plus :

# %%
# NBVAL_CHECK_OUTPUT
place_points_table()

# %% [markdown]
# Les joueurs à égalité partagent : ils additionnent les points des places qu'ils
# occupent ensemble et les divisent, arrondis vers le bas. Voici un exemple au décompte 2,
# avec une égalité pour la première place en tours :

# %%
# NBVAL_CHECK_OUTPUT
counts = {"Ana": {"tower": 4, "garden": 2},
          "Ben": {"tower": 4, "garden": 3},
          "Cy": {"tower": 2, "pavilion": 1}}
majorities_sentences(counts, 2, score_majorities(counts, 2))

# %% [markdown]
# Le carnet 04 parle tout entier des majorités et des égalités.
#
# **Remparts.** Chaque joueur marque aussi un point par segment de son plus long rempart
# *extérieur* continu, les murs tournés vers des cases vides (§8.4). Les murs dos à dos
# entre deux tuiles sont à l'intérieur de l'Alhambra et ne comptent jamais. Dans la
# figure 3, le plus long rempart est tracé en ambre : 4 segments, donc 4 points à chaque
# décompte.

# %%
draw_alhambra(example).figure

# %%
# NBVAL_CHECK_OUTPUT
longest_wall_sentence(example.longest_wall())

# %% [markdown]
# Le carnet 03 montre comment on trouve le plus long rempart.
#
# ## 7 La fin
#
# La partie se termine à la première fin de tour où le sac ne peut plus remplir toutes les
# cases vides du chantier (§9). Les tuiles restées sur le chantier vont alors chacune au
# joueur qui a **le plus d'argent dans la monnaie de sa case** ; en cas d'égalité, la tuile
# ne va à personne. Puis vient le troisième et dernier décompte ; le plus haut total gagne.
#
# Laissons trois GreedyBots finir notre partie (le carnet 06 vous fait jouer contre eux),
# et lisons ses grands moments :

# %%
play(game, [GreedyBot(), GreedyBot(), GreedyBot()])
sentences(*narrate(game.events, types=HEADLINES))

# %% [markdown]
# Toute la table à la fin : le chantier vide, le score après chaque décompte (remparts
# hachurés), et les trois Alhambras avec leur plus long rempart en ambre.

# %%
draw_game(game)

# %% [markdown]
# ## 8 Vérifiez vos connaissances
#
# Quelques questions. Choisissez une réponse et appuyez sur le bouton de vérification :
# vous obtenez la raison dans tous les cas. (Les tests du projet vérifient que la
# bibliothèque est d'accord avec chaque réponse.)

# %%
Quiz(RULES_QUIZ)
