"""Issue 33: the score keeper, built in each language, shows no English text, and says
its refusals (every `InvalidScore` reason) in the language."""

from __future__ import annotations

import pytest
from _i18n_helpers import english_left, speaking, widget_texts  # noqa: F401 (a fixture)

from alhambra_lib import i18n
from alhambra_lib.errors import InvalidScore
from alhambra_lib.score_sheet import ScoreSheet
from alhambra_lib.sheet_inputs import SHEET_MODULES
from alhambra_lib.widgets.score_keeper import ScoreKeeper


def _keeper_texts(keeper):
    keeper.score_round()  # the message after scoring (or its refusal) is shown too
    return widget_texts(keeper.root)


@pytest.mark.parametrize("code", ["fr", "ko", "da"])
def test_the_keeper_with_every_module_shows_no_english(code, speaking):
    speaking(code)
    keeper = ScoreKeeper(["Ana", "Bo", "Cy"], modules=tuple(SHEET_MODULES))
    keeper.count_inputs["Ana", "tower"].value = 2
    texts = _keeper_texts(keeper) + widget_texts(ScoreKeeper().root)
    assert not english_left(code, texts), english_left(code, texts)


@pytest.mark.parametrize("code", ["fr", "ko", "da"])
def test_a_refused_round_is_explained_in_the_language(code, speaking):
    speaking(code)
    keeper = ScoreKeeper(["Ana", "Bo"])
    keeper.count_inputs["Ana", "tower"].value = 1
    keeper.wall_inputs["Ana"].value = 30  # more than one tower and the fountain allow
    keeper.score_round()
    said = keeper.message.value
    assert "30" in said and not english_left(code, [said]), said


@pytest.mark.parametrize("code", ["fr", "ko", "da"])
def test_every_invalid_score_of_the_sheet_is_said_in_the_language(code, speaking):
    speaking(code)
    refusals = []
    for attempt in (lambda: ScoreSheet(["Ana"]), lambda: ScoreSheet(["Ana", "Ana"]),
                    lambda: ScoreSheet(["Ana", "Dirk"]),
                    lambda: ScoreSheet(["A", "B", "C"]).record(4, {}, {}),
                    lambda: ScoreSheet(["A", "B", "C"]).record(1, {"A": {"tower": 12}}, {}),
                    lambda: ScoreSheet(["A", "B", "C"]).record(1, {"A": {"tower": 2.5}}, {}),
                    lambda: ScoreSheet(["A", "B", "C"], ["treasure"]).record(
                        1, {"A": {"tower": 1}}, {}, {"chests": {"A": 3}}),
                    lambda: ScoreSheet(["A", "B", "C"], ["bazaars"]).record(
                        3, {}, {}, {"bazaars": {"A": "9x9"}})):
        with pytest.raises(InvalidScore) as refused:
            attempt()
        refusals.append(str(refused.value))
    assert not english_left(code, refusals), refusals
    # The modules a sheet knows are named by their ids, as a program passes them.
    with pytest.raises(InvalidScore, match="vizier"):
        ScoreSheet(["A", "B"], ["x"])


def test_a_place_after_the_third_is_said_by_its_ordinal(speaking):
    """A tie above can push a player to the fourth place (notebook 04 shows one): the
    sentences of the first three places do not cover it."""
    from alhambra_lib.scoring import Award

    fourth = Award("pavilion", ("D",), 0, 4, (0,), 0)
    assert fourth.explain() == "D is fourth in pavilions: 0 points"
    speaking("da")
    assert fourth.explain() == "D er på fjerdepladsen i pavilloner: 0 point"
