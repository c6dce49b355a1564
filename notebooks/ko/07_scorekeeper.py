# ---
# jupyter:
#   alhambra:
#     paths:
#     - play
#     purpose: "\uC2E4\uC81C \uD14C\uC774\uBE14\uC5D0\uC11C \uD55C \uAC8C\uC784\uC758\
#       \ \uC810\uC218\uB97C \uD655\uC7A5\uAE4C\uC9C0 \uAE30\uB85D\uD558\uACE0 \uB0B4\
#       \uBCF4\uB0C5\uB2C8\uB2E4."
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

i18n.set_language("ko")

# %% [markdown]
# # 실제 테이블에서 점수 기록하기
#
# 진짜 테이블에서 상자를 펴고 *알함브라*를 하면, 정산 때마다 게임이 멈춥니다. 누군가
# 플레이어마다 건물을 세고, 여섯 종류에서 누가 1·2·3위인지 따지고, 동점을 나누고, 성벽을 재고,
# 모두 더합니다. 틀리기 쉽고, 동점 하나를 잘못 세면 승부가 바뀔 수 있습니다.
#
# 아래의 점수 기록기가 계산을 맡습니다. 테이블에서 본 것을 입력하면 정산 규칙(`RULES.md` §8)을
# 적용하고, 누적 점수를 관리하고, 기록지를 스프레드시트가 여는 CSV 파일로 저장합니다. 메가
# 박스를 쓰면 게임에 든 확장마다 점수가 되는 것을 묻고, 라이브러리의 게임 엔진과 똑같이
# 계산합니다.

# %%
# %matplotlib inline
from alhambra_lib import explain_majorities
from alhambra_lib.teaching.text import sentences
from alhambra_lib.teaching.tour import (csv_table, module_inputs_table, parts_table,
                                        totals_sentence)
from alhambra_lib.widgets import ScoreKeeper

# %% [markdown]
# ## 1 무엇을 세나
#
# 정산 때마다 플레이어마다 셉니다.
#
# * 궁전에 있는 **종류별 타일 수**: 파빌리온, 세라글리오, 아케이드, 체임버, 정원, 탑. 예비판의
#   타일은 세지 않고, 분수도 세지 않습니다.
# * **가장 긴 바깥 성벽**: 빈 칸을 향해 끊기지 않고 이어진 가장 긴 성벽의 벽 칸 수(타일의
#   변 하나에 한 칸)입니다. 두 타일 사이에 등을 맞댄 벽은 안쪽이라 세지 않습니다. 손가락으로
#   궁전 바깥을 따라가며 벽이 이어진 가장 긴 구간의 칸을 세세요.
#
# 2인 게임에서는 중립 플레이어 Dirk의 타일도 종류별로 셉니다(Dirk에게는 성벽이 없습니다).
# 그것이 전부입니다. 순위, 동점, 점수는 규칙이 정합니다.
#
# ## 2 예: 3인 게임의 1차 정산
#
# Ana, Ben, Cy가 첫 정산에 이르렀습니다. 테이블에서 Ana는 파빌리온 1, 정원 2, 탑 1과
# 성벽 4, Ben은 세라글리오 1, 체임버 1, 정원 2와 성벽 6, Cy는 아케이드 1, 체임버 1, 정원 1,
# 탑 1과 성벽 3입니다. 이 숫자를 기록기의 칸에 입력하고 정산합니다.

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
# 오른쪽 표가 기록지입니다. 정산과 플레이어마다 다수 점수와 성벽 점수(게임에 든 확장의
# 점수도), 그리고 누적 점수입니다. 아래 그림은 점수 트랙으로, 플레이어와 정산마다 막대가
# 하나입니다. 표 위의 줄은 기록지의 내용을 말해 줍니다. 선두, 그리고 3차 정산 뒤에는
# 승자입니다. 아래 글은 기록기에 나중에 무엇이 들어가든 이 예(Ana, Ben, Cy)를 이야기합니다.
# 1차 정산 뒤 이 예의 총점입니다.

# %%
# NBVAL_CHECK_OUTPUT
totals_sentence(keeper.sheet.totals(), round_no=1)

# %% [markdown]
# 왜 이 숫자일까요? 1차 정산은 1위에게만 점수를 주고, 여섯 종류 중 세 종류가 동점입니다.
# 기록기는 표 아래에 종류별로 다수를 설명합니다.

# %%
# NBVAL_CHECK_OUTPUT
sentences(*explain_majorities(keeper.sheet.counts(1), 1))

# %% [markdown]
# 그래서 Ana는 다수 점수 1 + 2 + 3 = 6점과 성벽 4점으로 10점입니다. Ben은 다수가 Ana보다
# 나을 것이 없지만 더 긴 성벽(6) 덕분에 12점으로 앞섭니다.
#
# **해 보기:** 기록기는 *2차 정산*으로 넘어갔습니다(정산을 기록할 때마다 넘어갑니다). 새
# 숫자와 성벽을 입력하고 *이 정산 기록*을 누르세요. 어떤 테이블에도 있을 수 없는 숫자,
# 예를 들어 탑 15개(상자에는 11개)는 이유와 함께 거부되고, 기록지는 그대로 남습니다. 이미
# 기록한 정산을 고르면 그 숫자가 칸에 돌아옵니다. 잘못 센 것은 바른 숫자를 입력하고 그
# 정산을 다시 기록하면 고쳐집니다. 모든 칸이 0인 정산은 바로 기록되지 않습니다. 기록기가
# 입력을 잊지 않았는지 묻고, 한 번 더 누르면 기록합니다. 화면에서 다시 지은 궁전을 세려면
# *여기서 지은 궁전 세기*를 여세요. 탐색기로 궁전을 짓고, *대상*에서 플레이어를 고르고, 종류별
# 수와 가장 긴 성벽을 칸에 복사합니다. 처음부터 하려면 플레이어 이름(쉼표로 구분)을 입력하고,
# 함께할 확장을 고르고, *새 기록지*를 누르세요. 기록한 정산이 있으면 먼저 내보내라고 하고 한
# 번 더 누르라고 합니다.
#
# ## 3 2인 게임과 Dirk
#
# 2인 게임에서는 기록지에 Dirk의 셋째 줄이 생깁니다. Dirk는 자기 타일로 모든 다수를
# 다투지만 성벽 칸은 없습니다. 성벽 점수는 받지 않습니다(§10). 1차 정산 때 Dirk는 처음에
# 받은 타일 6개와 플레이어가 준 타일을 가지고 있습니다. 여기서 Ana는 세라글리오 1, 아케이드 2,
# 탑 2(성벽 5), Ben은 파빌리온 2, 체임버 1, 정원 1(성벽 3), Dirk는 파빌리온 1, 아케이드 2,
# 정원 2, 탑 1입니다.

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
# Dirk는 아케이드에서 Ana와 동점이라 Ana에게는 3점 중 1점만 남고, 정원에서는 Ben을
# 이깁니다. 그 5점은 테이블의 누구에게도 가지 않습니다. Dirk의 총점도 보이지만, 승자는
# 총점이 가장 높은 실제 플레이어입니다.
#
# ## 4 메가 박스 확장과 함께
#
# 기록기 위에서 함께할 확장을 고르고 *새 기록지*를 누르세요. 점수가 되는 확장마다 *타일과
# 성벽* 옆에 자기 탭이 생기고, 필요한 것을 적는 칸이 플레이어마다 있습니다(§M0.19). Dirk는
# 확장에 참여하지 않습니다(§M0.18). 확장마다 셀 것은 다음과 같습니다.

# %%
# NBVAL_CHECK_OUTPUT
module_inputs_table()

# %% [markdown]
# 기록기는 보너스 카드와 오두막의 이웃을 다수용 수에 더하고, 나머지 확장은 정해진
# 순서대로(§M0.17) 따로 점수를 냅니다. 야영지(야영지 선 위의 건물 하나에 1점), 행상인(시민 색 k가지
# 묶음 하나에 k(k+1)/2점), 보물 상자(다수: 1차 정산 7점, 2차 정산 14점과 7점, 3차 정산 22점,
# 14점, 7점), 바자(하나에 n x k점, 마지막 정산에만), 침략자(공격을 향한 무방비 변 하나에
# 정산 번호만큼 감점, 3차 정산에는 옆 방향을 향한 변마다 1점 더 감점)입니다. 공격이
# 닿는 변만 입력할 수 있고, 나머지는 회색으로 막힙니다.
#
# 세 플레이어가 보너스 카드, 야영지, 침략자, 바자를 넣은 게임을 끝냅니다. 마지막 정산에서
# Ana는 탑 3, 정원 2, 성벽 7, 보여 준 탑 보너스 카드 한 장, 야영지 선 위의 건물 4개, 그리고
# 북쪽에서 온 공격에 북쪽 무방비 변 2개와 동쪽 1개가 있습니다. Ben은 탑 2와 정원 3, 성벽 9,
# 북쪽 무방비 변 3개와 서쪽 2개, 그리고 종류 3가지의 이웃 4개가 있는 바자 하나(4x3)가
# 있습니다. Cy는 탑 1과 파빌리온 3, 성벽 4, 야영지 선 위의 건물 2개, 서쪽 무방비 변 1개,
# 그리고 바자 둘, 3x2와 1x1이 있습니다.

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
# 마지막 정산의 항목별 점수, 플레이어마다:

# %%
# NBVAL_CHECK_OUTPUT
parts_table(mega.sheet.breakdown(3))

# %% [markdown]
# Ana의 보너스 카드로 Ana의 탑은 4가 되어 Ben의 2를 앞섭니다. 북쪽 공격으로 Ana는 북쪽
# 변에 3 x 2, 동쪽 변에 1(3차 정산의 옆쪽)을 잃고, Ben은 3 x 3과 2, Cy는 1을 잃습니다.
# Ben의 바자는 4 x 3 = 12점, Cy의 바자는 3 x 2 + 1 x 1 = 7점입니다.
#
# 라이브러리의 테스트는 무작위 확장으로 무작위 게임을 많이 두고, 정산마다 사람이 셀 것을
# 기록지에 옮기고, 기록지가 게임의 점수를 항목마다 정확히 내는지 확인합니다.
#
# ## 5 기록지 저장하기
#
# *CSV 내보내기*는 옆에 적힌 이름의 파일에 기록지를 씁니다(이름만 쓰면 노트북이 실행되는
# 폴더에 씁니다). 그리고 브라우저로 저장하는 *다운로드* 링크를 줍니다. 정산과 플레이어마다
# 한 줄이고, 종류별 수, 성벽, 확장마다 물은 것, 항목별 점수와 누적 점수가 들어 있습니다. 위의
# 3인 기록지입니다.

# %%
# NBVAL_CHECK_OUTPUT
csv_table(keeper.to_csv())

# %% [markdown]
# 스프레드시트는 이 파일을 그대로 열고, pandas는 원하는 통계를 위해 다시 읽습니다. 몇
# 번의 저녁이 지나면, 누가 성벽으로 이기고 누가 다수로 이길까요?
