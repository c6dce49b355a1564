# ---
# jupyter:
#   alhambra:
#     paths:
#     - play
#     purpose: "\uBD07\uACFC \uD074\uB9AD\uC73C\uB85C \uAC8C\uC784 \uD55C \uD310\uC744\
#       \ \uB450\uACE0, \uC800\uC7A5\uD558\uACE0, \uBD88\uB7EC\uC624\uACE0, \uB2E4\uC2DC\
#       \ \uBD05\uB2C8\uB2E4."
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

i18n.set_language("ko")

# %% [markdown]
# # 봇과 게임하고, 게임 다시 보기
#
# 규칙을 읽는 것과 해 보는 것은 다릅니다. 직접 두어야 규칙이 몸에 익습니다. 이 노트북은
# 봇 둘과 함께 테이블에 앉힙니다. 그다음 게임 하나를 통째로 저장하고, 다시 불러오고,
# 이야기를 들려주고, 점수를 그리고, 마지막으로 턴마다 다시 보여 줍니다.

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
# ## 1 나의 게임
#
# GreedyBot 둘과 겨룹니다. GreedyBot은 한 수 앞을 봅니다. 다수를 늘리는 것을 사고, 할 수
# 있으면 정확한 금액으로 치르고, 가장 긴 성벽이 길게 남도록 타일을 놓습니다. 게임은 이미
# 나누어졌고 봇들은 첫 턴을 두었습니다. 이제 내 턴입니다.
#
# 말을 옮기듯이 테이블을 클릭해서 둡니다.
#
# * **화폐 가져가기**: 공개된 화폐 카드 하나를 클릭하고, 나타나는 가져가는 방법 중 하나를
#   클릭합니다(값과 상관없이 한 장, 또는 합이 5 이하인 여러 장).
# * **타일 사기**: 시장 칸을 클릭합니다. 그 칸의 통화로 치르는 방법이 나타납니다. 정확한
#   금액은 초록색이고, 정확한 금액으로 치르면 한 번 더 행동합니다. 정확한 금액으로 치를
#   수 있는 칸에는 「★ 정확한 금액」 표시가 붙습니다. 내 화폐는 통화별로 묶여 합계가
#   나오므로, 무엇을 살 수 있는지 바로 보입니다.
# * **짓기**: 산 타일이 손에 있고 벽(굵고 어두운 변)과 함께 그려집니다. 내 궁전에서 놓을
#   수 있는 칸은 초록색입니다. 그중 하나를 클릭하세요. 빨간 칸은 왜 놓을 수 없는지
#   알려 줍니다. 타일을 예비판에 놓을 수도 있고, 2인 게임에서는 Dirk에게 줄 수도 있습니다.
# * **재배치**: 예비판의 타일을 클릭해 손에 들고 지을 수 있고, 내 타일을 클릭해 예비판으로
#   옮길 수도 있습니다(또는 손에 든 타일과 맞바꿉니다).
#
# **내 마지막 수 되돌리기**는 그 뒤로 새로 드러난 것이 없는 한(뽑힌 카드나 타일도, 다른
# 플레이어의 수도 없는 한) 내 수를 되돌립니다. **수 제안**은 컴파일된 코어를 쓰는 곳에서는
# 고수 탐색 봇에게(메가 박스 게임에서도), 아니면 강한 탐색 봇에게 묻습니다. 힌트는 어느
# 봇인지 말합니다. 생각하는 동안 「생각 중…」이라고
# 표시하고, 최선의 수의 다음 클릭을 표시하고, 가장 좋은 세 수를 말로 보여 줍니다. 각 수에는
# 예상이 붙습니다. 상대보다 몇 점 앞서거나 뒤져서 끝나는지, 그리고 이길 확률입니다. 이
# 확률은 모든 플레이어가 조언하는 봇이었을 때 그런 국면을 얼마나 자주 이겼는지입니다(각각
# 저장된 게임 80판). 더 약한 봇을 상대로는 힌트를 따르는 사람이
# 더 자주 이깁니다. 같은 국면에는 늘 같은 힌트가 나옵니다. 봇은 바로 두거나, **하나씩**을
# 고르면 한 수씩 둡니다. 봇이 한 일은 테이블 아래, 봇의 궁전과 Dirk의 타일 옆에
# 적힙니다.

# %%
table = GameTable()
table

# %% [markdown]
# 이 페이지를 열 때마다 테이블은 같은 게임을 나눕니다. 다른 게임을 하려면 <b>새
# 게임…</b>을 누르세요. 내 이름, 플레이어 2~6명(2명이면 Dirk가 세 번째 수집가로 들어옵니다.
# 점수는 받지만 두지는 않는 중립 플레이어입니다), 자리마다의 봇(쉬움, 보통, 강함의 탐색
# 봇도 있습니다), 나누기(시드), 함께할 메가 박스 확장을 고릅니다. 확장의 말도 테이블에
# 있고, 그것을 클릭해서 둡니다. 오두막 더미, 시장 옆의 바자나 성벽 카드(그다음 막대가 갈
# 타일의 변, 얇은 띠로 그려짐), 보물방, 보물 상자를 놓을 내 건물, 공급처의 시민과 내 상인
# 원판, 경매에 나온 인물 옆의 입찰 버튼, 도둑이 노릴 공개된 화폐 카드, 그리고 성문이
# 지나갈 이중 벽(칸을 따라 어두운 띠)입니다. 클릭 한 번에 가능한 수가 몇 개 남으면 버튼으로
# 나옵니다. 치르는 방법이 많으면 낼 카드를 클릭해서 좁힙니다. 힌트는 확장이 있어도 앞을
# 내다봅니다. 확장이 많으면 더 오래 생각하므로, 새 게임 패널에서 더 빠른 탐색의
# **힌트**를 고를 수 있습니다. 숙련자는 모든 가능한 수를 목록으로 보는 칸에 체크해 목록에서
# 고를 수 있습니다. **저장**은 게임을 파일로 내려받게 하고, **불러오기**는 저장한 게임을
# 이어서 둡니다.

# %% [markdown]
# ### 힌트는 얼마나 믿을 만한가?
#
# 탐색은 무작위로 뽑은 미래들 가운데 내가 앞서서 끝나는 비율로 수를 평가합니다. 그 미래는
# 짧습니다(몇 바퀴의 턴, 그다음 점수 예측). 그래서 이 비율은 지나치게 자신만만합니다. 자주
# 지는 국면에도 100 %라고 말합니다. 그래서 힌트는 실제 결과에 맞춘 확률을 보여 줍니다. 이
# 비율과 주머니에 남은 타일 수(끝이 가까울수록 앞선 점수가 중요합니다)로, 조언하는 봇마다
# 따로 계산합니다. 모든 자리가 강한 봇인 저장된 게임 80판에서, 70 %라고 한 국면은 약 70 %를
# 이겼습니다. 고수의 힌트는 고수끼리 둔 게임에 맞춥니다. 그림은 여기서 조언하는 봇의 게임으로
# 두 값을 실제 결과와 비교합니다(점선: 말한 만큼 정확히 이긴 경우). 더 약한 봇을 상대로는
# 힌트를 따르면 말한 것보다 더 자주 이깁니다.

# %%
reliability = base_rows(read_hint_calibration(), calibration_level(hint_level()))
plot_hint_reliability(reliability).figure

# %% [markdown]
# ## 2 저장하고 다시 불러온 게임
#
# 이 노트북의 나머지에는 끝난 게임이 필요합니다. GreedyBot 셋이 정해진 시드로 한 판을
# 둡니다. 게임의 시작도 보관합니다. 다시 두기에 필요합니다.

# %%
start = Game(["Ana", "Ben", "Cy"], seed=2024)
bots = [GreedyBot(), GreedyBot(), GreedyBot()]
game = play(Game.from_json(start.to_json()), bots)
game

# %% [markdown]
# `to_json`은 상태 전체를 텍스트로 씁니다. 타일, 카드, 궁전, 점수, 모든 이벤트, 게임의
# 난수 생성기 상태까지 씁니다. `from_json`은 그것을 다시 읽고 규칙에 맞는지 확인합니다(빠지거나
# 겹친 카드가 없는지, 모든 궁전이 규칙에 맞는지, 점수가 정산의 합과 같은지). 시작과 끝을
# 파일에 저장하고 다시 불러와 봅시다.

# %%
# NBVAL_CHECK_OUTPUT
with tempfile.TemporaryDirectory() as folder:
    Path(folder, "start.json").write_text(start.to_json())
    Path(folder, "game.json").write_text(game.to_json())
    saved_start = Game.from_json(Path(folder, "start.json").read_text())
    saved = Game.from_json(Path(folder, "game.json").read_text())
loaded_sentences(game, saved)

# %% [markdown]
# ## 3 게임 이야기
#
# 게임의 모든 변화는 작은 딕셔너리인 이벤트이고, `describe_event`는 이벤트마다 한국어 한
# 줄로 바꿉니다. 처음 세 턴을 모두 보여 줍니다. 각 플레이어가 한 일, 그리고 공개된 화폐
# 카드와 건물 시장을 채우는 턴의 끝입니다.

# %%
sentences(*narrate(saved.events, turns=[1, 2, 3]))

# %% [markdown]
# 게임 한 판은 이런 줄이 수백 개입니다. 주요 장면은 정산과 게임의 끝입니다.

# %%
# NBVAL_CHECK_OUTPUT
sentences(*narrate(saved.events, types=HEADLINES))

# %% [markdown]
# ## 4 점수 트랙
#
# 같은 정산을 그림으로 봅니다. 정산마다 각 플레이어의 누적 점수이고, 다수는 꽉 찬
# 막대, 성벽은 빗금 막대입니다.

# %%
draw_score_track(saved.events).figure

# %% [markdown]
# ## 5 게임은 시작과 행동이 전부다
#
# 게임의 모든 우연은 게임 자신의 난수 생성기에서 나오고, 그것도 저장된 상태의 일부입니다.
# 그래서 시작과 플레이어들이 고른 행동 목록이 나머지를 모두 정합니다. 같은 시작에서 같은
# 행동을 다시 두면 같은 타일과 카드가 뽑히고 같은 이야기가 됩니다. `actions_from_events`는
# 기록에서 플레이어의 행동을 읽고, `replay`는 그것을 다시 두며 모든 이벤트를 기록과
# 대조합니다.

# %%
# NBVAL_CHECK_OUTPUT
actions = actions_from_events(saved.events)
replayed_sentences(actions, replay(saved_start, saved.events), saved)

# %% [markdown]
# 그래서 중간에 저장한 게임도 원래 게임과 똑같이 이어집니다. 60번째 턴이 시작될 때(1차와
# 2차 정산 사이) 다시 두기를 멈추고, 저장하고, 불러오고, 같은 봇들이 끝까지 두게 해
# 봅시다.

# %%
# NBVAL_CHECK_OUTPUT
middle = replay(saved_start, saved.events, turn=60)
finished = play(Game.from_json(middle.to_json()), [GreedyBot(), GreedyBot(), GreedyBot()])
resumed_sentences(middle, finished, saved)

# %% [markdown]
# ### 턴마다 다시 보기
#
# 슬라이더를 움직이거나 버튼을 눌러 아무 턴이나 보세요. 그 턴에 일어난 일과 바로 뒤의
# 테이블이 나옵니다.

# %%
ReplayViewer(saved_start, saved.events)
