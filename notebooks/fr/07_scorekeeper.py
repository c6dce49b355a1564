# ---
# jupyter:
#   alhambra:
#     paths:
#     - play
#     purpose: "Compter les points d'une partie jou\xE9e sur une vraie table, modules\
#       \ compris, et les exporter."
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

i18n.set_language("fr")

# %% [markdown]
# # Le Marquoir : compter les points à une vraie table
#
# Quand vous jouez à *Alhambra* avec la boîte sur une vraie table, chaque décompte arrête
# la partie : quelqu'un compte les bâtiments de chaque joueur, trouve qui est premier,
# deuxième et troisième dans six types, partage les égalités, mesure les remparts et
# additionne le tout. On se trompe facilement, et une égalité mal comptée peut décider de
# la partie.
#
# Le Marquoir ci-dessous fait les calculs. Vous tapez ce que vous voyez sur la table ; il
# applique les règles du décompte (`RULES.md` §8), tient les totaux et enregistre la
# feuille en fichier CSV qu'un tableur ouvre. Avec la Mega Box, il demande aussi ce que
# rapporte chaque module en jeu, et le compte exactement comme le moteur de jeu de la
# bibliothèque.

# %%
# %matplotlib inline
from alhambra_lib import explain_majorities
from alhambra_lib.teaching.text import sentences
from alhambra_lib.teaching.tour import (csv_table, module_inputs_table, parts_table,
                                        totals_sentence)
from alhambra_lib.widgets import ScoreKeeper

# %% [markdown]
# ## 1 Ce qu'il faut compter
#
# Pour chaque joueur, à chaque décompte :
#
# * **les tuiles de chaque type** dans son Alhambra : pavillons, sérails, arcades,
#   appartements, jardins, tours. Les tuiles du plateau de réserve ne comptent pas, ni la
#   fontaine ;
# * **le plus long rempart extérieur** : le nombre de segments de mur (un par côté de
#   tuile) du plus long rempart continu tourné vers des cases vides. Les murs dos à dos entre
#   deux tuiles sont à l'intérieur et ne comptent pas. Suivez du doigt le tour de
#   l'Alhambra et comptez les segments du plus long tronçon muré.
#
# À deux joueurs, comptez aussi les tuiles de Dirk, le joueur fictif, par type (il n'a pas
# de remparts). C'est tout : les places, les égalités et les points découlent des règles.
#
# ## 2 Un exemple : le décompte 1 à trois joueurs
#
# Ana, Ben et Cy arrivent au premier décompte. Sur la table, Ana a 1 pavillon, 2 jardins
# et 1 tour, et un rempart de 4 ; Ben 1 sérail, 1 appartements et 2 jardins, et un rempart
# de 6 ; Cy 1 arcades, 1 appartements, 1 jardin et 1 tour, et un rempart de 3. On tape ces
# nombres dans les cases du Marquoir et on compte le décompte :

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
# Le tableau de droite est la feuille : par décompte et par joueur, les points de
# majorités et de remparts (et de chaque module en jeu) et le total cumulé ; le graphique
# dessous est la piste de score, une barre par joueur et par décompte. La ligne au-dessus du
# tableau dit ce que contient la feuille : qui mène, et qui gagne après le troisième
# décompte. Le texte ci-dessous reste sur cet exemple (Ana, Ben et Cy), quoi que contienne
# le Marquoir ensuite. Les totaux de l'exemple après le décompte 1 :

# %%
# NBVAL_CHECK_OUTPUT
totals_sentence(keeper.sheet.totals(), round_no=1)

# %% [markdown]
# Pourquoi ces nombres ? Le décompte 1 ne paie que la première place, et trois des six
# types sont à égalité. Le Marquoir explique ses majorités sous le tableau, type par
# type :

# %%
# NBVAL_CHECK_OUTPUT
sentences(*explain_majorities(keeper.sheet.counts(1), 1))

# %% [markdown]
# Ana a donc 1 + 2 + 3 = 6 points de majorités et 4 de remparts : 10. Le rempart plus
# long de Ben (6) le met devant avec 12, alors que ses majorités ne valent pas mieux que
# celles d'Ana.
#
# **À vous :** le Marquoir est passé au *décompte 2* (il le fait après chaque décompte
# compté) : tapez de nouveaux nombres et remparts, et appuyez sur *compter ce décompte*. Un
# nombre qu'aucune table ne peut avoir, comme 15 tours (la boîte en a 11), est refusé avec
# la raison, et la feuille reste comme elle était. Choisir un décompte déjà enregistré
# remet ses nombres dans les cases : on corrige une erreur en tapant le bon nombre et en
# comptant le décompte de nouveau. Un décompte dont toutes les cases sont à 0 n'est pas
# enregistré tout de suite : le Marquoir demande si vous avez oublié de le taper, et un
# second appui l'enregistre. Pour compter une Alhambra reconstruite à l'écran, ouvrez
# *Compter une Alhambra construite ici* : construisez-la avec l'explorateur, choisissez le
# joueur dans *pour*, et copiez ses nombres et son plus long rempart dans les cases. Pour
# recommencer, tapez les noms des joueurs (séparés par des virgules), choisissez les
# modules avec lesquels vous jouez, et appuyez sur *nouvelle feuille* ; si des décomptes
# sont comptés, il vous demande d'abord de les exporter et d'appuyer encore une fois.
#
# ## 3 Deux joueurs et Dirk
#
# À deux joueurs, la feuille a une troisième ligne pour Dirk. Il est en course pour
# chaque majorité avec ses tuiles mais n'a pas de case de rempart : il ne marque jamais de
# points de remparts (§10). Au premier décompte, il a les 6 tuiles reçues au début, plus
# celles qu'un joueur lui a données. Ici Ana a 1 sérail, 2 arcades et 2 tours (rempart 5),
# Ben 2 pavillons, 1 appartements et 1 jardin (rempart 3), et Dirk 1 pavillon, 2 arcades,
# 2 jardins et 1 tour :

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
# Dirk est à égalité avec Ana en arcades, ce qui ne lui laisse que 1 des 3 points, et il
# bat Ben en jardins : ces 5 points ne vont à personne à la table. Le total de Dirk est
# affiché, mais le gagnant est le vrai joueur au plus haut total.
#
# ## 4 Jouer avec les modules de la Mega Box
#
# Choisissez les modules avec lesquels vous jouez au-dessus du Marquoir et appuyez sur
# *nouvelle feuille* : chaque module qui rapporte des points a son propre onglet à côté de
# *Tuiles et remparts*, avec une case par joueur pour ce qu'il demande (§M0.19). Dirk ne
# prend pas part aux modules (§M0.18). Ce qu'il faut compter pour chacun :

# %%
# NBVAL_CHECK_OUTPUT
module_inputs_table()

# %% [markdown]
# Le Marquoir ajoute les cartes Bonus et les voisins des huttes aux nombres des
# majorités, et compte chaque autre module comme un terme à part, dans l'ordre du §M0.17 :
# les camps (1 point par bâtiment sur la ligne d'un camp), le marchand ambulant (un
# ensemble de k couleurs de citoyens rapporte k(k+1)/2), les coffres au trésor (une
# majorité : 7 points au décompte 1, 14 et 7 au décompte 2, 22, 14 et 7 au décompte 3), les
# bazars (n x k chacun, au dernier décompte seulement) et les envahisseurs (moins le numéro
# du décompte par côté sans protection face à l'attaque, et au décompte 3 un de plus par
# côté face à chaque direction voisine). On ne peut taper que les côtés qu'une attaque
# atteint ; les autres sont grisés.
#
# Trois joueurs finissent une partie avec les cartes Bonus, les camps, les envahisseurs et
# les bazars. Au dernier décompte, Ana a 3 tours, 2 jardins et un rempart de 7, une carte
# Bonus tour montrée, 4 bâtiments sur les lignes de ses camps et, avec l'attaque venue du
# nord, 2 côtés sans protection au nord et 1 à l'est. Ben a 2 tours et 3 jardins, un
# rempart de 9, 3 côtés sans protection au nord et 2 à l'ouest, et un bazar avec 4 voisins
# de 3 de ses types (4x3). Cy a 1 tour et 3 pavillons et un rempart de 4, 2 bâtiments sur
# des lignes de camp, 1 côté sans protection à l'ouest, et deux bazars, 3x2 et 1x1 :

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
# Chaque terme du dernier décompte, par joueur :

# %%
# NBVAL_CHECK_OUTPUT
parts_table(mega.sheet.breakdown(3))

# %% [markdown]
# La carte Bonus d'Ana porte ses tours à 4, devant les 2 de Ben. L'attaque du nord coûte
# à Ana 3 x 2 pour ses côtés nord et 1 pour son côté est (un flanc au décompte 3), à Ben
# 3 x 3 et 2, à Cy 1. Le bazar de Ben rapporte 4 x 3 = 12, ceux de Cy 3 x 2 + 1 x 1 = 7.
#
# Les tests de la bibliothèque jouent beaucoup de parties au hasard avec des modules au
# hasard, recopient dans une feuille ce qu'une personne compterait à chaque décompte, et
# vérifient que la feuille donne exactement les scores de la partie, terme par terme.
#
# ## 5 Enregistrer la feuille
#
# *exporter le CSV* écrit la feuille dans le fichier nommé à côté (un nom seul la met dans
# le dossier où tourne le carnet) et propose un lien *télécharger* qui l'enregistre par
# votre navigateur. Une ligne par décompte et par joueur : les nombres, le rempart, ce que
# chaque module demandait, les points de chaque terme et le total cumulé. La feuille à trois
# joueurs ci-dessus :

# %%
# NBVAL_CHECK_OUTPUT
csv_table(keeper.to_csv())

# %% [markdown]
# Un tableur ouvre le fichier tel quel, et pandas le relit pour toutes les statistiques
# que vous voulez : après quelques soirées, qui gagne par les remparts et qui par les
# majorités ?
