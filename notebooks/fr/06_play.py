# ---
# jupyter:
#   alhambra:
#     paths:
#     - play
#     purpose: "Jouer une partie enti\xE8re contre des robots en cliquant, puis l'enregistrer,\
#       \ la recharger et la rejouer."
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

i18n.set_language("fr")

# %% [markdown]
# # Jouer contre les robots, puis revoir une partie
#
# Lire les règles est une chose ; jouer les fait comprendre. Ce carnet vous installe à
# une table avec deux robots. Ensuite il enregistre une partie entière, la recharge, raconte
# son histoire et trace son score, et enfin la rejoue tour par tour.

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
# ## 1 Votre partie
#
# Vous jouez contre deux GreedyBots. Un GreedyBot regarde un coup en avant : il achète ce
# qui améliore ses majorités, paie au prix exact quand il le peut, et pose ses tuiles pour
# garder un long rempart. La partie est distribuée et les robots ont joué leurs premiers
# tours : c'est à vous.
#
# Vous jouez en cliquant sur la table, comme vous déplaceriez les pièces :
#
# * **Prendre de l'argent** : cliquez sur une carte de l'argent visible, puis sur l'une des
#   façons de la prendre qui apparaissent (une carte de n'importe quelle valeur, ou
#   plusieurs dont le total fait au plus 5).
# * **Acheter une tuile** : cliquez sur une case du chantier. Les façons de payer dans sa
#   monnaie apparaissent ; celles au prix exact sont vertes, et payer le prix exact vous
#   permet de rejouer. Les cases que vous pouvez payer au prix exact portent « ★ prix
#   exact ». Votre argent est groupé et additionné par monnaie : vous voyez tout de suite
#   ce que vous pouvez payer.
# * **Construire** : la tuile achetée est en main, dessinée avec ses murs (les côtés épais
#   et sombres). Les cases de votre Alhambra où elle peut aller sont vertes : cliquez sur
#   l'une d'elles. Une case rouge dit pourquoi la tuile ne peut pas y aller. Vous pouvez
#   aussi mettre la tuile dans votre réserve ou, à deux joueurs, la donner à Dirk.
# * **Réaménager** : cliquez sur une tuile de votre réserve pour la prendre en main et la
#   construire, ou sur une de vos tuiles pour la mettre dans votre réserve (ou l'échanger
#   avec la tuile en main).
#
# **annuler mon dernier coup** reprend vos propres coups tant que rien de nouveau n'est
# apparu depuis (aucune carte ni tuile tirée, aucun autre joueur n'a joué). **suggérer un
# coup** interroge le robot de recherche expert là où le cœur compilé est en service, sinon
# le robot fort (l'expert joue aussi les parties avec la Mega Box) ; le conseil dit
# lequel. Il affiche « réflexion… » pendant qu'il réfléchit,
# marque le prochain clic de son meilleur coup et décrit ses trois meilleurs coups, chacun
# avec ce qu'il en attend : de combien de points vous finissez devant (ou derrière) vos
# adversaires, et votre chance de gagner. Cette chance dit combien de fois de telles
# positions ont été gagnées quand chaque joueur était le robot qui conseille (80 parties
# enregistrées de chacun) ; contre des robots plus faibles, qui suit les conseils gagne
# plus souvent. La
# même position reçoit toujours le même conseil. Les robots répondent aussitôt, ou un coup
# à la fois si vous choisissez **un par un**. Ce qu'ils ont fait est raconté sous la table, à
# côté de leurs Alhambras et des tuiles de Dirk.

# %%
table = GameTable()
table

# %% [markdown]
# La table distribue la même partie chaque fois que cette page s'ouvre. Pour une autre,
# appuyez sur **nouvelle partie…** : choisissez votre nom, de 2 à 6 joueurs (à deux, Dirk
# se joint comme troisième collectionneur, le joueur fictif qui marque mais ne joue
# jamais), le robot de chaque place (dont le robot de recherche facile, moyen ou fort), la
# donne (la graine) et les modules de la Mega Box avec lesquels jouer. Leurs pièces sont
# aussi sur la table, et on les joue en cliquant dessus : la pile d'une hutte, un bazar ou
# une carte rempart à côté du chantier (puis le côté de votre tuile où vont ses bâtons,
# dessiné comme une fine bande), une salle du trésor, vos bâtiments pour les coffres, les
# citoyens de la réserve et le disque de votre marchand, un bouton d'enchère à côté du
# personnage mis aux enchères, une carte de l'argent visible pour un voleur, et pour une
# porte le double mur qu'elle traverse (une bande sombre le long de la case). Quand un clic
# laisse quelques coups possibles, ils sont proposés en boutons ; parmi beaucoup de
# paiements, on choisit en cliquant sur les cartes avec lesquelles on paie. Le conseil
# regarde en avant avec les modules aussi ; une partie avec beaucoup de modules le fait
# réfléchir plus longtemps, donc le panneau de nouvelle partie permet de prendre les
# **conseils** d'une recherche plus rapide. Les experts peuvent cocher la case qui liste
# tous les coups permis pour choisir dans une liste. **enregistrer** propose la partie
# comme fichier à télécharger ; **charger** reprend une partie enregistrée.

# %% [markdown]
# ### Le conseil est-il sûr ?
#
# La recherche juge un coup par la part de ses futurs tirés au hasard où vous finissez
# devant. Ces futurs sont courts (quelques tours de table, puis une projection du score) :
# la part est bien trop sûre d'elle. Elle annonce 100 % pour des positions souvent perdues.
# Le conseil montre donc une chance ajustée sur les résultats, à partir de cette part et
# des tuiles restant dans le sac (plus la fin est proche, plus une avance compte), pour
# chaque robot qui conseille : sur 80 parties enregistrées où chaque place était le robot
# fort, les positions auxquelles il donnait 70 % de chances ont été gagnées environ 70 % du
# temps, et les conseils de l'expert sont ajustés sur ses propres parties contre lui-même.
# Le graphique montre les parties du robot qui conseille ici et compare les deux avec ce
# qui s'est passé (la ligne pointillée : gagné exactement aussi souvent qu'annoncé). Contre
# des robots plus faibles, suivre les conseils gagne plus souvent qu'annoncé.

# %%
reliability = base_rows(read_hint_calibration(), calibration_level(hint_level()))
plot_hint_reliability(reliability).figure

# %% [markdown]
# ## 2 Une partie enregistrée et rechargée
#
# Pour la suite du carnet, il nous faut une partie finie. Trois GreedyBots en jouent
# une à partir d'une graine fixe. On garde aussi son début : il servira pour la partie
# rejouée.

# %%
start = Game(["Ana", "Ben", "Cy"], seed=2024)
bots = [GreedyBot(), GreedyBot(), GreedyBot()]
game = play(Game.from_json(start.to_json()), bots)
game

# %% [markdown]
# `to_json` écrit tout l'état sous forme de texte : tuiles, cartes, Alhambras, scores,
# chaque événement et même l'état du générateur aléatoire de la partie. `from_json` le
# relit et le vérifie selon les règles (aucune carte manquante ou en double, chaque
# Alhambra permise, les scores égaux à la somme des décomptes). Enregistrons le début et la
# fin dans des fichiers, puis rechargeons-les.

# %%
# NBVAL_CHECK_OUTPUT
with tempfile.TemporaryDirectory() as folder:
    Path(folder, "start.json").write_text(start.to_json())
    Path(folder, "game.json").write_text(game.to_json())
    saved_start = Game.from_json(Path(folder, "start.json").read_text())
    saved = Game.from_json(Path(folder, "game.json").read_text())
loaded_sentences(game, saved)

# %% [markdown]
# ## 3 L'histoire
#
# Chaque changement d'une partie est un événement, un petit dictionnaire, et
# `describe_event` fait de chacun une ligne de français. Les trois premiers tours, en
# entier : ce que chaque joueur a fait, puis la fin du tour qui complète l'argent visible
# et le chantier.

# %%
sentences(*narrate(saved.events, turns=[1, 2, 3]))

# %% [markdown]
# Une partie entière fait des centaines de lignes. Ses grands moments sont les
# décomptes et la fin :

# %%
# NBVAL_CHECK_OUTPUT
sentences(*narrate(saved.events, types=HEADLINES))

# %% [markdown]
# ## 4 La piste de score
#
# Les mêmes décomptes, dessinés : le total cumulé de chaque joueur après chaque décompte,
# plein pour les majorités et hachuré pour les remparts.

# %%
draw_score_track(saved.events).figure

# %% [markdown]
# ## 5 Une partie, c'est son début et ses actions
#
# Tout le hasard d'une partie vient de son propre générateur, qui fait partie de l'état
# enregistré. Le début et la liste des actions choisies par les joueurs déterminent donc
# tout le reste : rejouer les mêmes actions depuis le même début tire les mêmes tuiles et
# les mêmes cartes, et raconte la même histoire. `actions_from_events` lit les actions des
# joueurs dans l'historique, et `replay` les rejoue en vérifiant chaque événement avec
# l'historique.

# %%
# NBVAL_CHECK_OUTPUT
actions = actions_from_events(saved.events)
replayed_sentences(actions, replay(saved_start, saved.events), saved)

# %% [markdown]
# Cela veut dire aussi qu'une partie enregistrée en plein milieu continue exactement
# comme l'originale. Arrêtons la partie rejouée au début du tour 60 (entre le premier et le
# deuxième décompte), enregistrons-la, rechargeons-la, et laissons les mêmes robots la
# finir :

# %%
# NBVAL_CHECK_OUTPUT
middle = replay(saved_start, saved.events, turn=60)
finished = play(Game.from_json(middle.to_json()), [GreedyBot(), GreedyBot(), GreedyBot()])
resumed_sentences(middle, finished, saved)

# %% [markdown]
# ### La revoir tour par tour
#
# Déplacez le curseur (ou appuyez sur les boutons) pour voir n'importe quel tour : ce qui
# s'y est passé, et la table juste après.

# %%
ReplayViewer(saved_start, saved.events)
