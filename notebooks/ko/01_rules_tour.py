# ---
# jupyter:
#   alhambra:
#     paths:
#     - learn
#     purpose: "\uAE30\uBCF8 \uAC8C\uC784\uC744 15\uBD84 \uB9CC\uC5D0 \uBC30\uC6C1\uB2C8\
#       \uB2E4: \uD55C \uD134, \uC815\uD655\uD55C \uAE08\uC561, \uD0C0\uC77C \uB193\uAE30\
#       , \uC815\uC0B0."
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

i18n.set_language("ko")

# %% [markdown]
# # 15분 만에 배우는 알함브라
#
# *알함브라*(Dirk Henn, Queen Games 2003)는 2~6명이 하는 게임입니다. 각 플레이어는 분수
# 둘레에 타일을 하나씩 붙여 자기 궁전 정원, 곧 자기 *궁전*을 짓습니다. 타일은 네 칸짜리
# 건물 시장에서 삽니다. 칸마다 받는 통화가 다릅니다. 게임 중에 세 번 모두가 점수를
# 받습니다. 여섯 종류의 건물마다 가장 많이 가진 플레이어가 점수를 받고, 바깥쪽의 가장
# 긴 성벽으로도 점수를 받습니다. 총점이 가장 높은 사람이 이깁니다.
#
# 이 노트북은 규칙을 코드로 담은 `alhambra_lib`로 규칙을 하나씩 살펴봅니다. 아래의 모든
# 숫자는 손으로 적은 것이 아니라 계산한 것입니다. 글과 코드가 어긋나면 노트북 테스트가
# 실패합니다. 절 번호(§)는 이 프로젝트의 규칙 문서 `RULES.md`를 가리킵니다.

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
# ## 1 구성물
#
# **건물 타일은 54개**이고 여섯 종류가 있습니다. 싼 종류일수록 타일 수가 적고, 6절에서
# 보듯이 점수도 적습니다. 타일에는 가격이 적혀 있고, 0~3개의 변에 벽이 있습니다. 타일은
# 절대 돌리지 않습니다. 지붕이 가리키는 쪽이 북쪽이므로, 타일의 벽은 테이블 위에서 늘 같은
# 방향을 향합니다.

# %%
# NBVAL_CHECK_OUTPUT
components_table()

# %% [markdown]
# 그중 네 개입니다. 벽이 없는 것, 하나, 둘, 셋인 것입니다. 타일 위의 숫자는 가격이고,
# 굵고 어두운 선이 벽입니다.

# %%
samples = [next(t for t in BUILDING_TILES if len(t.walls) == n) for n in range(4)]
figure = Figure(figsize=(8, 2.2))
for ax, tile in zip(figure.subplots(1, 4, gridspec_kw={"wspace": 0.7}), samples):
    draw_tile(tile, ax)
Image(png_of(figure))

# %% [markdown]
# 모든 플레이어는 벽이 전혀 없는 시작 타일, **분수**도 가집니다. 분수는 궁전의 중심인
# (0, 0) 칸입니다. 칸은 (x, y)로 부르며, x는 동쪽으로, y는 북쪽으로 커집니다.
#
# **화폐**는 카드 108장입니다. 통화 네 가지, 값 1~9, 같은 카드가 세 장씩입니다. 그래서
# 네 통화의 합은 모두 같습니다.

# %%
# NBVAL_CHECK_OUTPUT
money_deck_sentences(money_deck())

# %% [markdown]
# 화폐 사이에 카드 두 장이 더 숨어 있습니다. 바로 **정산 카드**입니다. 정산 카드가
# 나오면 모두가 점수를 받습니다(6절).

# %% [markdown]
# ## 2 준비
#
# Ana, Ben, Cy의 게임을 시작해 봅시다. 시드가 정해진 게임이라 노트북을 실행할 때마다
# 같은 게임이 됩니다.
#
# 건물 시장의 네 칸에 타일을 한 장씩 뽑아 놓습니다. 1번 칸은 데나르, 2번 칸은 디르함,
# 3번 칸은 두카트, 4번 칸은 플로린으로 값을 치릅니다. 통화는 타일이 아니라 칸에 딸려
# 있습니다. 그다음 플레이어마다 차례로 값의 합이 20 이상이 될 때까지 카드를 받습니다.
# 카드를 가장 적게 받은 사람이 **시작 플레이어**가 되고, 같으면 합이 가장 작은 사람이
# 됩니다. 카드 네 장을 앞면으로 펼칩니다. 이것이 **공개된 화폐 카드**입니다.

# %%
# NBVAL_CHECK_OUTPUT
game = Game(["Ana", "Ben", "Cy"], seed=20)
sentences(*narrate(game.events, turns=[0]))

# %% [markdown]
# Ben과 Cy는 둘 다 카드 네 장을 받았지만, Cy의 카드는 21, Ben의 카드는 26입니다. 그래서
# Cy가 시작합니다. 마지막 줄은 화폐 카드 더미를 만드는 부분입니다. 남은 카드를 다섯 더미로
# 나누고, 1차 정산 카드는 둘째 더미에, 2차 정산 카드는 넷째 더미에 섞습니다(§3.7). 그래서
# 1차 정산은 화폐의 둘째 5분의 1 안에, 2차 정산은 넷째 5분의 1 안에 옵니다.
#
# (이 게임에서는 건물 시장에 탑이 네 개 놓였습니다. 뽑기의 우연입니다.)

# %%
draw_market(game).figure

# %% [markdown]
# ## 3 한 턴
#
# 자기 턴에는 다음 세 가지 중 **하나**를 합니다(§4).
#
# * 공개된 화폐 카드에서 **화폐 가져가기**,
# * 건물 시장에서 **타일 사기**,
# * 궁전 **재배치**: 궁전과 옆에 놓인 *예비판* 사이에서 타일 하나를 옮기기.
#
# 이 게임의 핵심은 한 가지 예외입니다. 타일 값을 **정확한 금액**으로 치르면 행동을 한 번
# 더 할 수 있고, 정확한 금액으로 치를 때마다 또 할 수 있습니다. 다 하면 턴이 끝납니다.
# 산 타일을 놓고, 공개된 화폐 카드와 건물 시장을 다시 채우고, 정산 카드가 나왔으면 모두가
# 점수를 받습니다.
#
# 첫 턴에 Cy가 할 수 있는 일입니다. 게임 테이블의 버튼에 적힌 말 그대로입니다.

# %%
# NBVAL_CHECK_OUTPUT
choices_sentences(game)

# %% [markdown]
# ## 4 화폐와 정확한 금액
#
# **화폐 가져가기.** 값과 상관없이 카드 한 장을 가져가거나, 값의 합이 **5 이하**인 카드
# 여러 장을 가져갑니다. 그래서 Cy는 7을 혼자 가져가거나 3 + 2를 가져갈 수 있지만, 7 + 2는
# 가져갈 수 없습니다. 가져갈 때 통화는 상관없습니다.

# %%
# NBVAL_CHECK_OUTPUT
take_sentences(take_choices(game.display))

# %% [markdown]
# **값 치르기.** 1번 칸의 타일은 데나르로만, 합이 가격 이상인 카드로 값을 치릅니다.
# 거스름돈은 없으므로 더 낸 만큼은 그냥 잃습니다. 이 프로젝트는 값 치르기가 *최소*여야
# 한다고도 정합니다. 필요 없는 카드를 더 얹을 수 없습니다(RULES.md §4, 프로젝트의 결정).
# Cy는 데나르 6, 5, 4를 가지고 있고, 1번 칸의 탑은 9입니다.

# %%
# NBVAL_CHECK_OUTPUT
payment_sentences((6, 5, 4), 9)

# %% [markdown]
# 값을 치르는 방법은 세 가지이고, 정확한 금액은 5 + 4뿐입니다. 6 + 5로 치르면 2를
# 잃습니다. 5 + 4로 치르면 잃는 것이 없고 **게다가** Cy는 행동을 한 번 더 합니다. 정확한
# 금액이 이 게임의 핵심입니다. 한 통화의 화폐를 모아 가격에 딱 맞추는 것입니다.
#
# Cy가 정확한 금액으로 사게 하고 다시 선택지를 봅시다. 턴이 이어지고, 이제 턴을 끝낼
# 수도 있습니다.

# %%
# NBVAL_CHECK_OUTPUT
exact = next(a for a in game.legal_actions() if isinstance(a, Buy) and a.exact)
game.apply(exact)
choices_sentences(game)

# %% [markdown]
# Cy는 추가 행동으로 두카트 3 + 2를 가져갑니다. 화폐 가져가기는 정확한 금액이 아니므로
# Cy의 행동은 끝났습니다. 탑은 놓이기를 기다립니다.

# %%
# NBVAL_CHECK_OUTPUT
game.apply(next(a for a in game.legal_actions() if str(a) == "take 3 ducat + 2 ducat"))
to_place_sentence(game)

# %% [markdown]
# ## 5 타일 놓기
#
# 새 타일은 다음 조건에서 궁전에 붙습니다(§6).
#
# 1. 돌리지 않는다(벽은 인쇄된 자리에 그대로 있다).
# 2. 맞닿는 변이 맞는다: 벽은 벽과, 열린 변은 열린 변과.
# 3. 분수에서 열린 변만 지나 걸어갈 수 있다.
# 4. 지어진 칸과 적어도 한 변 전체를 맞댄다(모서리만으로는 안 된다).
# 5. **구멍**을 남기지 않는다: 궁전에 둘러싸인 빈 곳이 없다.
#
# Cy의 탑은 동쪽과 남쪽에 벽이 있습니다. 초록 칸이 탑을 놓을 수 있는 곳입니다. 다른
# 칸에는 어떤 규칙을 어기는지 그림이 알려 줍니다.

# %%
tower = game.to_place[0]
draw_alhambra(game.alhambra("Cy"), legal_for=tower, explain_for=tower).figure

# %% [markdown]
# 분수의 북쪽에서는 탑의 남쪽 벽이 분수의 열린 북쪽 변에 닿습니다. 변이 맞지 않습니다.
# 게다가 그 변이 막히면 타일로 들어가는 길이 없어 걸어갈 수 없게 됩니다. 분수의 서쪽에서는
# 탑의 동쪽 벽 때문에 같은 일이 생깁니다. 동쪽과 남쪽은 괜찮습니다. 라이브러리도 같은
# 판정을 말로 알려 줍니다.

# %%
# NBVAL_CHECK_OUTPUT
verdict_table(game.alhambra("Cy"), tower)

# %% [markdown]
# Cy는 탑을 분수의 동쪽에 짓습니다. 턴이 끝납니다. 카드 두 장이 공개된 화폐 카드를
# 채우고, 타일 하나가 1번 칸을 채우고, Ana의 턴이 됩니다.

# %%
# NBVAL_CHECK_OUTPUT
game.apply(Place(tower, (1, 0)))
sentences(*narrate(game.events, turns=[1]))

# %% [markdown]
# 지을 수 없거나 짓고 싶지 않은 타일은 **예비판**에 놓습니다. 나중에 *재배치* 행동으로
# 타일 하나를 옮깁니다. 예비판에서 궁전으로, 궁전에서 예비판으로, 또는 둘을 맞바꿉니다(§7).
# 예비판의 타일은 점수가 되지 않습니다.
#
# ### 해 보기
#
# 더 큰 궁전입니다. 규칙의 그림 3입니다. 타일을 고르거나(방위 버튼으로 벽을 직접 만들 수도
# 있습니다) 칸을 클릭하고 판정을 읽어 보세요. 짓고, 치우고, 되돌릴 수 있습니다.

# %%
example = figure_3()
PlacementExplorer(example, Tile("chambers", 7, "W"))

# %% [markdown]
# 규칙이 이 배치에 드는 예(§6)를 라이브러리가 확인한 결과입니다.

# %%
# NBVAL_CHECK_OUTPUT
figure_3_examples_table(example)

# %% [markdown]
# 노트북 02는 구멍을 포함해 이 판정 뒤에 있는 그래프 알고리즘을 보여 줍니다.
#
# ## 6 정산
#
# **언제.** 첫째 정산 카드가 나오면 1차 정산, 둘째가 나오면 2차 정산, 게임이 끝나면 3차
# 정산입니다(§8.1). 정산 카드는 공개된 화폐 카드를 채울 때 나오고, 정산은 그 턴이 끝날 때
# 합니다.
#
# **다수.** 정산마다 여섯 종류 각각에 대해, 그 종류의 타일을 궁전에 가장 많이 가진
# 플레이어들이 점수를 받습니다. 1차 정산은 1위만, 2차 정산은 1·2위, 3차 정산은 세 자리까지
# 점수를 주고, 비싼 종류일수록 점수가 큽니다.

# %%
# NBVAL_CHECK_OUTPUT
place_points_table()

# %% [markdown]
# 동점인 플레이어들은 나눕니다. 함께 차지한 자리들의 점수를 더해 나누고 나머지는
# 버립니다. 탑에서 1위 동점이 나온 2차 정산의 예입니다.

# %%
# NBVAL_CHECK_OUTPUT
counts = {"Ana": {"tower": 4, "garden": 2},
          "Ben": {"tower": 4, "garden": 3},
          "Cy": {"tower": 2, "pavilion": 1}}
majorities_sentences(counts, 2, score_majorities(counts, 2))

# %% [markdown]
# 노트북 04는 다수와 동점만 다룹니다.
#
# **성벽.** 각 플레이어는 이어진 가장 긴 *바깥* 성벽의 벽 한 칸마다 1점도 받습니다. 바깥
# 성벽은 빈 칸을 향한 벽입니다(§8.4). 두 타일 사이에 등을 맞댄 벽은 궁전 안쪽이라 절대
# 세지 않습니다. 그림 3에서 가장 긴 성벽은 호박색으로 그려져 있습니다. 4칸이므로 정산마다
# 4점입니다.

# %%
draw_alhambra(example).figure

# %%
# NBVAL_CHECK_OUTPUT
longest_wall_sentence(example.longest_wall())

# %% [markdown]
# 노트북 03은 가장 긴 성벽을 찾는 방법을 보여 줍니다.
#
# ## 7 게임의 끝
#
# 빈 시장 칸을 주머니에서 다 채울 수 없게 된 첫 턴의 끝에 게임이 끝납니다(§9). 그때
# 시장에 남은 타일은 각각 **그 칸의 통화를 가장 많이 가진** 플레이어에게 갑니다. 동점이면
# 아무도 받지 않습니다. 그다음 마지막 3차 정산을 하고, 총점이 가장 높은 사람이 이깁니다.
#
# GreedyBot 셋이 이 게임을 끝까지 두게 하고(노트북 06에서 이 봇들과 겨룰 수 있습니다),
# 주요 장면을 읽어 봅시다.

# %%
play(game, [GreedyBot(), GreedyBot(), GreedyBot()])
sentences(*narrate(game.events, types=HEADLINES))

# %% [markdown]
# 끝난 뒤의 테이블 전체입니다. 빈 건물 시장, 정산마다의 점수(성벽은 빗금), 그리고
# 가장 긴 성벽이 호박색으로 그려진 세 궁전입니다.

# %%
draw_game(game)

# %% [markdown]
# ## 8 확인해 보기
#
# 질문 몇 개입니다. 답을 고르고 확인 버튼을 누르세요. 맞든 틀리든 이유를 알려 줍니다.
# (프로젝트의 테스트가 라이브러리가 모든 답에 동의하는지 확인합니다.)

# %%
Quiz(RULES_QUIZ)
